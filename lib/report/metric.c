/* metric.c - hs-report's metrics of one stream: the table of names, where
 * each comes from, and their values (formulas in hs-report(1)). */
#include "hs/report.h"
#include "hs/util.h"

#include <math.h>
#include <string.h>

#define S "schedule"
/* Documented in hs-report(1), METRICS; keep the two in the same order. */
const struct hs_rm_info hs_rm_info[HS_RM_COUNT] = {
	[HS_RM_SOURCE] = {"source", HS_RM_TEXT, S, "run or plan: the records of the schedule metrics", ""},
	[HS_RM_TASKS] = {"tasks", HS_RM_INT, S, "tasks placed", ""},
	[HS_RM_MAKESPAN] = {"makespan", HS_RM_NUM, S, "latest end - min(0, earliest start)", "s"},
	[HS_RM_LOWER_BOUND] = {"lower_bound", HS_RM_NUM, "instance", "lower bound on any schedule's makespan", "s"},
	[HS_RM_RATIO] = {"ratio", HS_RM_NUM, S, "makespan / lower_bound", ""},
	[HS_RM_SUM_COMPLETION] = {"sum_completion", HS_RM_NUM, S, "sum of end times", "s"},
	[HS_RM_MEAN_COMPLETION] = {"mean_completion", HS_RM_NUM, S, "mean end time", "s"},
	[HS_RM_UTILIZATION] = {"utilization", HS_RM_NUM, S, "busy core-seconds / (cores * makespan)", ""},
	[HS_RM_GPU_UTILIZATION] = {"gpu_utilization", HS_RM_NUM, S, "busy GPU-seconds / (GPUs * makespan)", ""},
	[HS_RM_IDLE_TIME] = {"idle_time", HS_RM_NUM, S, "idle core-seconds before the makespan", "core-s"},
	[HS_RM_GPU_IDLE_TIME] = {"gpu_idle_time", HS_RM_NUM, S, "idle GPU-seconds before the makespan", "GPU-s"},
	[HS_RM_MEAN_WAITING] = {"mean_waiting", HS_RM_NUM, S, "mean of start - release", "s"},
	[HS_RM_MAX_WAITING] = {"max_waiting", HS_RM_NUM, S, "largest start - release", "s"},
	[HS_RM_MEAN_TURNAROUND] = {"mean_turnaround", HS_RM_NUM, S, "mean of end - release", "s"},
	[HS_RM_MEAN_SLOWDOWN] = {"mean_slowdown", HS_RM_NUM, S, "mean of (end - release) / duration", ""},
	[HS_RM_MAX_SLOWDOWN] = {"max_slowdown", HS_RM_NUM, S, "largest (end - release) / duration", ""},
	[HS_RM_MEAN_BSLD] = {"mean_bounded_slowdown", HS_RM_NUM, S,
			     "mean of max(1, (end - release) / max(duration, tau))", ""},
	[HS_RM_RUE] = {"rue", HS_RM_NUM, S, "resource utilization efficiency (RSCHED eq. 10)", ""},
	[HS_RM_SPEEDUP] = {"speedup", HS_RM_NUM, S,
			   "applications: one-worker time / makespan; --relative-to: baseline makespan / makespan", ""},
	[HS_RM_RUE_SEQ] = {"rue_seq", HS_RM_NUM, S,
			   "applications: RSCHED eq. 10 with the speedup against the --relative-to baseline", ""},
	[HS_RM_APPS] = {"apps", HS_RM_INT, S, "applications (app=)", ""},
	[HS_RM_APP_MAKESPAN] = {"mean_app_makespan", HS_RM_NUM, S,
				"mean over applications of latest end - earliest start", "s"},
	[HS_RM_DIST_TIME] = {"dist_time", HS_RM_NUM, "prov", "the online algorithm's own distribution time (rsched)", "s"},
	[HS_RM_ENERGY] = {"energy", HS_RM_NUM, S, "joules, busy and idle power until the makespan", "J"},
	[HS_RM_EDP] = {"edp", HS_RM_NUM, S, "energy * makespan", "J s"},
	[HS_RM_EDN] = {"edn", HS_RM_NUM, S, "energy * makespan^n (--edn)", "J s^n"},
	[HS_RM_JOB_ENERGY] = {"mean_job_energy", HS_RM_NUM, "run", "mean energy= of the run records", "J"},
	[HS_RM_ASLEEP_TIME] = {"asleep_time", HS_RM_NUM, "power", "node-seconds asleep before the makespan", "node-s"},
	[HS_RM_SWITCHING_TIME] = {"switching_time", HS_RM_NUM, "power",
				  "node-seconds switching off or on before the makespan", "node-s"},
	[HS_RM_SWITCHES] = {"switches", HS_RM_INT, "power", "switches off and on begun before the makespan", ""},
	[HS_RM_BYTES_H2D] = {"bytes_h2d", HS_RM_NUM, "run", "bytes moved host to GPU (h2d=)", "B"},
	[HS_RM_BYTES_D2H] = {"bytes_d2h", HS_RM_NUM, "run", "bytes moved GPU to host (d2h=)", "B"},
	[HS_RM_APP_BYTES] = {"mean_app_bytes", HS_RM_NUM, "run",
			     "mean over applications of the bytes moved for their tasks", "B"},
	[HS_RM_FETCH_TIME] = {"fetch_time", HS_RM_NUM, "run", "seconds tasks waited for their data (fetch=)",
			      "s"},
	[HS_RM_KILLED] = {"killed", HS_RM_INT, "run", "tasks killed (state=killed)", ""},
	[HS_RM_FAILED] = {"failed", HS_RM_INT, "run", "tasks failed (state=failed)", ""},
	[HS_RM_PLANNED_MAKESPAN] = {"planned_makespan", HS_RM_NUM, "plan", "makespan of the plan records", "s"},
	[HS_RM_RUN_MAKESPAN] = {"run_makespan", HS_RM_NUM, "run", "makespan of the run records", "s"},
	[HS_RM_MAKESPAN_DIFF] = {"makespan_diff", HS_RM_NUM, "both", "run_makespan - planned_makespan", "s"},
	[HS_RM_MEAN_END_ERROR] = {"mean_end_error", HS_RM_NUM, "both", "mean |run end - planned end|", "s"},
};
#undef S

int hs_rm_find(const char *name)
{
	for (int m = 0; m < HS_RM_COUNT; m++)
		if (strcmp(hs_rm_info[m].name, name) == 0)
			return m;
	return -1;
}

const char *hs_report_vals_from(const struct hs_report_vals *r, int m)
{
	const char *from = hs_rm_info[m].from;
	if (strcmp(from, "schedule") == 0)
		return r->from_run ? "run" : "plan";
	return from;
}

static int has_power(const struct hs_platform *pl)
{
	for (int j = 0; j < pl->nnodes; j++) {
		const struct hs_node *n = &pl->nodes[j];
		if (n->cpu_busy > 0 || n->cpu_idle > 0 || n->gpu_busy > 0 || n->gpu_idle > 0)
			return 1;
	}
	return 0;
}

/* Mean over the tasks with both records of |run end - planned end|. */
static double end_error(const struct hs_instance *in)
{
	double sum = 0;
	int n = 0;
	for (int i = 0; i < in->ntasks; i++) {
		const struct hs_placement *p = &in->plan.p[i], *r = &in->run.p[i];
		if (p->task < 0 || r->task < 0)
			continue;
		sum += fabs(r->end - p->end);
		n++;
	}
	return n ? sum / n : NAN;
}

static void set(struct hs_report_vals *r, int m, double v, int applies)
{
	r->v[m] = applies ? v : NAN;
	r->has[m] = (unsigned char)(applies != 0);
	r->shown[m] = r->has[m];
}

/* Whether the stream's applications are RSCHED's (task graphs sharing a
 * node): declared by app records (hs-gen cholesky writes them) or scheduled
 * by the rsched plugin.  A Batsim workload's app= is a profile name, for
 * which speedup and the like mean nothing. */
static int rsched_apps(const struct hs_stream *s, const char *sim_algo)
{
	if (!s)
		return 0;
	if (sim_algo && strcmp(sim_algo, "rsched") == 0)
		return 1;
	for (size_t i = 0; i < s->n; i++)
		if (s->recs[i]->kind && strcmp(s->recs[i]->kind, "app") == 0)
			return 1;
	return 0;
}

void hs_report_vals_compute(const struct hs_instance *in, const struct hs_metrics_opts *o,
			    struct hs_report_vals *r)
{
	memset(r, 0, sizeof *r);
	r->from_run = in->has_run;
	struct hs_metrics m;
	hs_metrics_eval(in, r->from_run ? &in->run : &in->plan, o, &m);
	int gpus = in->plat.total_gpus > 0, rel = m.has_release, power = has_power(&in->plat);
	int both = in->has_plan && in->has_run;
	set(r, HS_RM_SOURCE, NAN, 1);
	set(r, HS_RM_TASKS, m.tasks, 1);
	set(r, HS_RM_MAKESPAN, m.makespan, 1);
	set(r, HS_RM_LOWER_BOUND, m.lower_bound, 1);
	set(r, HS_RM_RATIO, m.ratio, 1);
	set(r, HS_RM_SUM_COMPLETION, m.sum_completion, 1);
	set(r, HS_RM_MEAN_COMPLETION, m.mean_completion, 1);
	set(r, HS_RM_UTILIZATION, m.utilization, 1);
	set(r, HS_RM_GPU_UTILIZATION, m.gpu_utilization, gpus);
	set(r, HS_RM_IDLE_TIME, m.idle_time, 1);
	set(r, HS_RM_GPU_IDLE_TIME, m.gpu_idle_time, gpus);
	set(r, HS_RM_MEAN_WAITING, m.mean_waiting, rel);
	set(r, HS_RM_MAX_WAITING, m.max_waiting, rel);
	set(r, HS_RM_MEAN_TURNAROUND, m.mean_turnaround, rel);
	set(r, HS_RM_MEAN_SLOWDOWN, m.mean_slowdown, rel);
	set(r, HS_RM_MAX_SLOWDOWN, m.max_slowdown, rel);
	set(r, HS_RM_MEAN_BSLD, m.mean_bsld, rel);
	set(r, HS_RM_RUE, m.rue, 1);
	int apps = m.apps > 0;
	set(r, HS_RM_SPEEDUP, m.makespan > 0 ? m.seq_time / m.makespan : NAN, apps);
	set(r, HS_RM_RUE_SEQ, m.rue, apps);
	set(r, HS_RM_APPS, m.apps, apps);
	set(r, HS_RM_APP_MAKESPAN, m.mean_app_makespan, apps);
	const char *dt = in->stream ? hs_stream_prov(in->stream, "rsched.dist_s") : NULL;
	double dist = NAN;
	set(r, HS_RM_DIST_TIME, dist, dt && hs_parse_double(dt, &dist) == 0);
	if (r->has[HS_RM_DIST_TIME])
		r->v[HS_RM_DIST_TIME] = dist;
	set(r, HS_RM_ENERGY, m.energy, power);
	set(r, HS_RM_EDP, m.edp, power);
	set(r, HS_RM_EDN, m.edn, power);
	set(r, HS_RM_JOB_ENERGY, m.mean_job_energy, power && r->from_run && !isnan(m.mean_job_energy));
	int states = o->power && o->power->n > 0;
	set(r, HS_RM_ASLEEP_TIME, m.asleep_time, states);
	set(r, HS_RM_SWITCHING_TIME, m.switching_time, states);
	set(r, HS_RM_SWITCHES, m.switches, states);
	int moved = r->from_run && (m.bytes_h2d > 0 || m.bytes_d2h > 0 || m.fetch_time > 0);
	set(r, HS_RM_BYTES_H2D, m.bytes_h2d, moved);
	set(r, HS_RM_BYTES_D2H, m.bytes_d2h, moved);
	set(r, HS_RM_APP_BYTES, m.mean_app_bytes, moved && apps);
	set(r, HS_RM_FETCH_TIME, m.fetch_time, moved);
	set(r, HS_RM_KILLED, m.killed, in->has_run);
	set(r, HS_RM_FAILED, m.failed, in->has_run);
	double pm = both ? hs_schedule_makespan(&in->plan) : NAN;
	set(r, HS_RM_PLANNED_MAKESPAN, pm, both);
	set(r, HS_RM_RUN_MAKESPAN, m.makespan, both);
	set(r, HS_RM_MAKESPAN_DIFF, m.makespan - pm, both);
	set(r, HS_RM_MEAN_END_ERROR, both ? end_error(in) : NAN, both);

	/* What the default report leaves out (--metrics names it).  The online
	 * algorithm, when hs-sim -a made the run, is looked up once: the
	 * lookup reads every record. */
	const char *sim_algo = (apps || both) && in->stream ? hs_stream_prov(in->stream, "sim.algo")
							     : NULL;
	if (apps && !rsched_apps(in->stream, sim_algo))
		for (int k = HS_RM_SPEEDUP; k <= HS_RM_APP_MAKESPAN; k++)
			r->shown[k] = 0;
	/* Plan records that hs-sim's online algorithm wrote are its decisions,
	 * equal to the run: nothing was planned ahead to compare with. */
	if (both && sim_algo)
		for (int k = HS_RM_PLANNED_MAKESPAN; k <= HS_RM_MEAN_END_ERROR; k++)
			r->shown[k] = 0;
}
