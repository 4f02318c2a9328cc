/* batsim.c - a schedule as Batsim's _jobs.csv (columns, order and number
 * format of Batsim's JobsTracer), for evalys and other Batsim tools. */
#include "hs/report.h"
#include "hs/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const columns[] = {
	"job_id", "workload_name", "profile", "submission_time", "requested_number_of_resources",
	"requested_time", "success", "final_state", "starting_time", "execution_time",
	"finish_time", "waiting_time", "turnaround_time", "stretch", "allocated_resources",
	"consumed_energy", "metadata",
};

static const char *const model_names[] = {
	[HS_MODEL_AMDAHL] = "amdahl", [HS_MODEL_OVERHEAD] = "overhead", [HS_MODEL_TABLE] = "table",
	[HS_MODEL_RIGID] = "rigid", [HS_MODEL_GPU] = "gpu",
};

/* Batsim writes times with std::to_string: "%f". */
static void num(FILE *f, double v)
{
	if (isfinite(v))
		fprintf(f, ",%f", v);
	else
		fputc(',', f);
}

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

/* The placement's resources as a Batsim interval set: "0-3 8". */
static void resources(FILE *f, const struct hs_instance *in, const struct hs_placement *p,
		      const int *coff, const int *goff, int *buf)
{
	const struct hs_platform *pl = &in->plat;
	int n = 0;
	for (int k = 0; k < p->nparts; k++) {
		const struct hs_part *pt = &p->parts[k];
		if (pt->node < 0 || pt->node >= pl->nnodes)
			continue;
		for (int c = 0; c < pt->ncores; c++)
			buf[n++] = coff[pt->node] + pt->cores[c];
		for (int g = 0; g < pt->ngpus; g++)
			buf[n++] = pl->total_cores + goff[pt->node] + pt->gpus[g];
	}
	qsort(buf, (size_t)n, sizeof *buf, cmp_int);
	for (int i = 0, j; i < n; i = j) {
		for (j = i + 1; j < n && buf[j] <= buf[j - 1] + 1; j++)
			;
		fprintf(f, i ? " %d" : "%d", buf[i]);
		if (buf[j - 1] != buf[i])
			fprintf(f, "-%d", buf[j - 1]);
	}
}

/* Batsim's metadata column: always quoted ("" when none), quotes doubled;
 * the line ends there. */
static void quoted(FILE *f, const char *s)
{
	fputc('"', f);
	for (; s && *s; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputs("\"\n", f);
}

static const char *final_state(const struct hs_task *t, const struct hs_placement *p)
{
	switch (p->state) {
	case HS_STATE_KILLED:
		/* hs says killed for the walltime and for other kills (Slurm's
		 * CANCELLED, ...): Batsim tells them apart. */
		return isfinite(t->walltime) && p->end - p->start >= t->walltime * (1 - 1e-9)
			       ? "COMPLETED_WALLTIME_REACHED"
			       : "COMPLETED_KILLED";
	case HS_STATE_FAILED:
		return "COMPLETED_FAILED";
	default:
		return "COMPLETED_SUCCESSFULLY";
	}
}

int hs_report_batsim_jobs(FILE *f, const struct hs_instance *in, const char *workload)
{
	const struct hs_platform *pl = &in->plat;
	const struct hs_schedule *s = in->has_run ? &in->run : &in->plan;
	int *coff = hs_malloc((size_t)(pl->nnodes + 1) * sizeof *coff);
	int *goff = hs_malloc((size_t)(pl->nnodes + 1) * sizeof *goff);
	coff[0] = goff[0] = 0;
	for (int j = 0; j < pl->nnodes; j++) {
		coff[j + 1] = coff[j] + pl->nodes[j].cores;
		goff[j + 1] = goff[j] + pl->nodes[j].gpus;
	}
	int *buf = hs_malloc((size_t)(pl->total_cores + pl->total_gpus + 1) * sizeof *buf);
	/* metadata= of the run records (an external scheduler's
	 * SET_JOB_METADATA, hs-batsim(7)): Batsim's last column */
	const char **meta = hs_calloc((size_t)in->ntasks + 1, sizeof *meta);
	for (size_t k = 0; in->stream && k < in->stream->n; k++) {
		const struct hs_record *r = in->stream->recs[k];
		const char *m;
		int t;
		if (r->kind && strcmp(r->kind, "run") == 0 && (m = hs_record_get(r, "metadata")) &&
		    (t = hs_instance_find_task(in, r->id)) >= 0)
			meta[t] = m;
	}
	for (size_t c = 0; c < sizeof columns / sizeof *columns; c++)
		fprintf(f, c ? ",%s" : "%s", columns[c]);
	fputc('\n', f);
	for (int i = 0; i < in->ntasks; i++) {
		const struct hs_task *t = &in->tasks[i];
		const struct hs_placement *p = i < s->n ? &s->p[i] : NULL;
		int placed = p && p->task >= 0 && p->state != HS_STATE_REJECTED;
		hs_csv_field(f, t->id);
		fputc(',', f);
		hs_csv_field(f, workload);
		fputc(',', f);
		hs_csv_field(f, t->app ? t->app : model_names[t->model]);
		num(f, t->release);
		if (!placed) {
			/* Never run: Batsim's rejected job, with empty times. */
			fprintf(f, ",0");
			num(f, isfinite(t->walltime) ? t->walltime : -1);
			fprintf(f, ",0,REJECTED,,,,,,,,,");
			quoted(f, meta[i]);
			continue;
		}
		int res = hs_schedule_total_cores(p) + hs_schedule_total_gpus(p);
		double d = p->end - p->start;
		const char *state = final_state(t, p);
		fprintf(f, ",%d", res);
		num(f, isfinite(t->walltime) ? t->walltime : -1);
		fprintf(f, ",%d,%s", strcmp(state, "COMPLETED_SUCCESSFULLY") == 0, state);
		num(f, p->start);
		num(f, d);
		num(f, p->end);
		num(f, p->start - t->release);
		num(f, p->end - t->release);
		num(f, d > 0 ? (p->end - t->release) / d : NAN);
		fputc(',', f);
		resources(f, in, p, coff, goff, buf);
		double e = in->has_run ? p->energy : NAN;
		if (!isfinite(e)) {
			/* Plans carry no energy: the busy power of the allotment. */
			double watts = 0;
			for (int k = 0; k < p->nparts; k++) {
				const struct hs_part *pt = &p->parts[k];
				if (pt->node >= 0 && pt->node < pl->nnodes)
					watts += pt->ncores * pl->nodes[pt->node].cpu_busy +
						 pt->ngpus * pl->nodes[pt->node].gpu_busy;
			}
			e = d * watts;
		}
		num(f, e);
		fputc(',', f);
		quoted(f, meta[i]);
	}
	free(meta);
	free(buf);
	free(goff);
	free(coff);
	return ferror(f) ? -1 : 0;
}
