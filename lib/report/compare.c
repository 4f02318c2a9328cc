/* report/compare.c - hs-report --relative-to FILE: the runs of other files
 * against a baseline run of the same tasks, job by job (a real run by
 * hs-exec against hs-sim's, two algorithms, two settings).
 *
 * Each input keeps its jobs (the tasks with a run record: id, release,
 * start, end, the resources as a hash) when it is read; the jobs are
 * matched by task id, and per file the differences of starts, ends and
 * waits are summed up (median, mean, 95th percentile and maximum of the
 * absolute difference), with the makespans from the metrics (metric.c).
 * The summary and the per-job table are hs_tables, written in any format
 * by table.c; the start differences over time are a plot of svg/. */
#include "report/tool.h"
#include "hs/util.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---------------- one file's jobs ---------------- */

struct cjob {
	const char *id;      /* in the owner's ids */
	double release, start, end;
	uint64_t res;        /* hash of the nodes, cores and GPUs used */
};

struct hs_cmp_jobs {
	struct cjob *j;      /* sorted by id */
	int n;
	char *ids;           /* every id, one after the other */
};

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char *c = p;
	for (size_t i = 0; i < n; i++)
		h = (h ^ c[i]) * 1099511628211u;
	return h;
}

/* The resources of a placement, whatever the order of its parts: the sum of
 * a hash per part (node by id, so two files of one platform agree). */
static uint64_t resources(const struct hs_instance *in, const struct hs_placement *p)
{
	uint64_t sum = 0;
	for (int k = 0; k < p->nparts; k++) {
		const struct hs_part *q = &p->parts[k];
		const char *node = in->plat.nodes[q->node].id;
		uint64_t h = fnv(14695981039346656037u, node, strlen(node) + 1);
		h = fnv(h, &q->ncores, sizeof q->ncores);
		h = fnv(h, q->cores, (size_t)q->ncores * sizeof *q->cores);
		h = fnv(h, &q->ngpus, sizeof q->ngpus);
		h = fnv(h, q->gpus, (size_t)q->ngpus * sizeof *q->gpus);
		sum += h;
	}
	return sum;
}

static int cjob_id_cmp(const void *a, const void *b)
{
	return strcmp(((const struct cjob *)a)->id, ((const struct cjob *)b)->id);
}

struct hs_cmp_jobs *hs_report_cmp_jobs(const struct hs_instance *in)
{
	struct hs_cmp_jobs *J = hs_calloc(1, sizeof *J);
	size_t bytes = 1;
	int n = 0;
	for (int t = 0; t < in->ntasks && t < in->run.n; t++)
		if (in->run.p[t].task >= 0) {
			bytes += strlen(in->tasks[t].id) + 1;
			n++;
		}
	J->j = hs_malloc((size_t)(n ? n : 1) * sizeof *J->j);
	J->ids = hs_malloc(bytes);
	char *w = J->ids;
	for (int t = 0; t < in->ntasks && t < in->run.n; t++) {
		const struct hs_placement *p = &in->run.p[t];
		if (p->task < 0)
			continue;
		size_t len = strlen(in->tasks[t].id) + 1;
		memcpy(w, in->tasks[t].id, len);
		J->j[J->n++] = (struct cjob){w, in->tasks[t].release, p->start, p->end,
					     resources(in, p)};
		w += len;
	}
	qsort(J->j, (size_t)J->n, sizeof *J->j, cjob_id_cmp);
	return J;
}

void hs_report_cmp_jobs_free(struct hs_cmp_jobs *J)
{
	if (!J)
		return;
	free(J->j);
	free(J->ids);
	free(J);
}

/* ---------------- the comparison ---------------- */

enum { Q_START, Q_END, Q_WAIT, Q_COUNT };
static const char *const qname[Q_COUNT] = {"start", "end", "wait"};

/* A difference summed up: of the signed differences their median and mean,
 * of the absolute ones the 95th percentile and the largest, with its job. */
struct qsum {
	double median, mean, p95, max;
	const char *max_id;
};

struct pair {
	const struct cjob *b, *f; /* the baseline's job, the file's */
};

struct cmp_file {
	const char *label;
	struct pair *p;      /* matched jobs, by baseline start then id */
	int n;
	int only_base, only_file;
	struct qsum q[Q_COUNT];
	double makespan;
	int other_res;
	long long inverted;  /* pairs of jobs started in the opposite order */
};

struct hs_cmp {
	const char *base;    /* the baseline's label */
	double base_makespan;
	struct cmp_file *f;
	int n;
	enum hs_time_unit unit;
};

static double diff(const struct pair *p, int q)
{
	switch (q) {
	case Q_START: return p->f->start - p->b->start;
	case Q_END: return p->f->end - p->b->end;
	default: return (p->f->start - p->f->release) - (p->b->start - p->b->release);
	}
}

static int dbl_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* The 95th percentile of the sorted v[0 .. n), interpolated between the
 * two nearest ranks as numpy's default does: v[h] + (h - floor h) *
 * (v[h + 1] - v[h]) at h = 0.95 (n - 1). */
static double p95(const double *v, int n)
{
	double h = 0.95 * (n - 1);
	int i = (int)h;
	return i + 1 < n ? v[i] + (h - i) * (v[i + 1] - v[i]) : v[i];
}

static void summarise(struct cmp_file *F, int q, double *d, double *a)
{
	struct qsum *s = &F->q[q];
	s->max = -1;
	for (int k = 0; k < F->n; k++) {
		d[k] = diff(&F->p[k], q);
		a[k] = fabs(d[k]);
		/* the first largest in id order: the same job whatever the -j */
		if (a[k] > s->max || (a[k] == s->max && strcmp(F->p[k].f->id, s->max_id) < 0)) {
			s->max = a[k];
			s->max_id = F->p[k].f->id;
		}
	}
	struct hs_stats st;
	hs_stats_compute(d, F->n, &st);
	s->median = st.median;
	s->mean = st.mean;
	qsort(a, (size_t)F->n, sizeof *a, dbl_cmp);
	s->p95 = p95(a, F->n);
}

static int pair_cmp(const void *x, const void *y)
{
	const struct pair *a = x, *b = y;
	if (a->b->start != b->b->start)
		return (a->b->start > b->b->start) - (a->b->start < b->b->start);
	return strcmp(a->b->id, b->b->id);
}

/* Pairs i < j of v[lo .. hi) with v[i] > v[j], sorting it (merge sort). */
static long long inversions(double *v, double *tmp, int lo, int hi)
{
	if (hi - lo < 2)
		return 0;
	int mid = lo + (hi - lo) / 2;
	long long n = inversions(v, tmp, lo, mid) + inversions(v, tmp, mid, hi);
	int i = lo, j = mid, k = lo;
	while (i < mid && j < hi) {
		if (v[j] < v[i]) {
			n += mid - i;
			tmp[k++] = v[j++];
		} else {
			tmp[k++] = v[i++];
		}
	}
	while (i < mid)
		tmp[k++] = v[i++];
	while (j < hi)
		tmp[k++] = v[j++];
	memcpy(v + lo, tmp + lo, (size_t)(hi - lo) * sizeof *v);
	return n;
}

/* Jobs started in the opposite order in the file: over the pairs sorted by
 * baseline start (ties by the file's start), those whose file starts are
 * strictly the other way round. */
static long long inverted_pairs(const struct cmp_file *F, double *v, double *tmp)
{
	for (int k = 0; k < F->n; k++)
		v[k] = F->p[k].f->start;
	/* F->p is by baseline start then id; within equal baseline starts put
	 * the file's starts in order, so that ties count nothing. */
	for (int i = 0, j; i < F->n; i = j) {
		for (j = i + 1; j < F->n && F->p[j].b->start == F->p[i].b->start; j++)
			;
		qsort(v + i, (size_t)(j - i), sizeof *v, dbl_cmp);
	}
	return inversions(v, tmp, 0, F->n);
}

/* Up to five ids of list (n of them), for a message. */
static char *some_ids(const char *const *list, int n)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	if (!m)
		hs_die(HS_EXIT_FAIL, "out of memory");
	for (int k = 0; k < n && k < 5; k++)
		fprintf(m, "%s%s", k ? ", " : "", list[k]);
	if (n > 5)
		fprintf(m, ", ... (%d more)", n - 5);
	fclose(m);
	return buf;
}

/* Match file F's jobs with the baseline's by id; warn about the others
 * (when some match: else the caller's error says it). */
static void match(struct cmp_file *F, const struct hs_cmp_jobs *B, const struct hs_cmp_jobs *J,
		  const char *base)
{
	F->p = hs_malloc((size_t)(B->n < J->n ? (B->n ? B->n : 1) : (J->n ? J->n : 1)) *
			 sizeof *F->p);
	const char **ob = hs_malloc((size_t)(B->n ? B->n : 1) * sizeof *ob);
	const char **of = hs_malloc((size_t)(J->n ? J->n : 1) * sizeof *of);
	int i = 0, j = 0;
	while (i < B->n || j < J->n) {
		int c = i == B->n ? 1 : j == J->n ? -1 : strcmp(B->j[i].id, J->j[j].id);
		if (c < 0)
			ob[F->only_base++] = B->j[i++].id;
		else if (c > 0)
			of[F->only_file++] = J->j[j++].id;
		else
			F->p[F->n++] = (struct pair){&B->j[i++], &J->j[j++]};
	}
	if (F->n && (F->only_base || F->only_file)) {
		char *a = some_ids(ob, F->only_base), *b = some_ids(of, F->only_file);
		hs_error_at(F->label, 0, "warning: %d job%s only in the baseline %s%s%s%s and %d only "
			    "in %s%s%s%s: left out of the comparison (jobs are matched by task id)",
			    F->only_base, F->only_base == 1 ? "" : "s", base,
			    F->only_base ? " (" : "", a, F->only_base ? ")" : "", F->only_file,
			    F->label, F->only_file ? " (" : "", b, F->only_file ? ")" : "");
		free(a);
		free(b);
	}
	free(ob);
	free(of);
}

struct hs_cmp *hs_report_compare(const struct config *cf, const struct input *in, int n)
{
	struct hs_cmp *C = hs_calloc(1, sizeof *C);
	C->base = in[0].row.label;
	C->base_makespan = in[0].row.vals.v[HS_RM_MAKESPAN];
	C->n = n - 1;
	C->f = hs_calloc((size_t)(C->n ? C->n : 1), sizeof *C->f);
	const struct hs_cmp_jobs *B = in[0].jobs;
	double lo = INFINITY, hi = -INFINITY;
	for (int k = 0; k < B->n; k++) {
		lo = fmin(lo, B->j[k].start);
		hi = fmax(hi, B->j[k].start);
	}
	C->unit = cf->time_unit != HS_TIME_AUTO ? cf->time_unit
						 : hs_time_unit_for(hi > lo ? hi - lo : 0);
	for (int k = 0; k < C->n; k++) {
		struct cmp_file *F = &C->f[k];
		F->label = in[k + 1].row.label;
		F->makespan = in[k + 1].row.vals.v[HS_RM_MAKESPAN];
		match(F, B, in[k + 1].jobs, C->base);
		if (!F->n) {
			hs_error_at(F->label, 0, "no job in common with the baseline %s (jobs are "
				    "matched by task id)", C->base);
			hs_report_cmp_release(C);
			return NULL;
		}
		qsort(F->p, (size_t)F->n, sizeof *F->p, pair_cmp);
		double *d = hs_malloc((size_t)F->n * sizeof *d), *a = hs_malloc((size_t)F->n * sizeof *a);
		for (int q = 0; q < Q_COUNT; q++)
			summarise(F, q, d, a);
		for (int j = 0; j < F->n; j++)
			F->other_res += F->p[j].b->res != F->p[j].f->res;
		F->inverted = inverted_pairs(F, d, a);
		free(d);
		free(a);
	}
	return C;
}

void hs_report_cmp_release(struct hs_cmp *C)
{
	if (!C)
		return;
	for (int k = 0; k < C->n; k++)
		free(C->f[k].p);
	free(C->f);
	free(C);
}

/* ---------------- tables ---------------- */

/* The measures of the summary, in order (hs-report(1) OPTIONS). */
enum { M_BASELINE, M_JOBS, M_ONLY_BASE, M_ONLY_FILE, M_Q, M_MS_BASE = M_Q + 5 * Q_COUNT,
       M_MS, M_MS_ERR, M_OTHER_RES, M_INVERTED, M_COUNT };
static const char *const qstat[5] = {"median", "mean", "p95_abs", "max_abs", "max_job"};

static char *measure_name(int m)
{
	static const char *const names[] = {"baseline", "jobs", "only_baseline", "only_file"};
	static const char *const tail[] = {"makespan_baseline", "makespan", "makespan_rel_error",
					   "other_resources", "inverted_pairs"};
	if (m < M_Q)
		return hs_strdup(names[m]);
	if (m >= M_MS_BASE)
		return hs_strdup(tail[m - M_MS_BASE]);
	return hs_asprintf("%s_diff.%s", qname[(m - M_Q) / 5], qstat[(m - M_Q) % 5]);
}

static void measure_cell(struct hs_table *t, int r, int c, const struct hs_cmp *C,
			 const struct cmp_file *F, int m)
{
	if (m >= M_Q && m < M_MS_BASE) {
		const struct qsum *s = &F->q[(m - M_Q) / 5];
		switch ((m - M_Q) % 5) {
		case 0: hs_table_num(t, r, c, s->median); break;
		case 1: hs_table_num(t, r, c, s->mean); break;
		case 2: hs_table_num(t, r, c, s->p95); break;
		case 3: hs_table_num(t, r, c, s->max); break;
		default: hs_table_text(t, r, c, s->max_id); break;
		}
		return;
	}
	switch (m) {
	case M_BASELINE: hs_table_text(t, r, c, C->base); break;
	case M_JOBS: hs_table_int(t, r, c, F->n); break;
	case M_ONLY_BASE: hs_table_int(t, r, c, F->only_base); break;
	case M_ONLY_FILE: hs_table_int(t, r, c, F->only_file); break;
	case M_MS_BASE: hs_table_num(t, r, c, C->base_makespan); break;
	case M_MS: hs_table_num(t, r, c, F->makespan); break;
	case M_MS_ERR:
		hs_table_num(t, r, c, C->base_makespan != 0
					      ? (F->makespan - C->base_makespan) / C->base_makespan
					      : NAN);
		break;
	case M_OTHER_RES: hs_table_int(t, r, c, F->other_res); break;
	default: hs_table_int(t, r, c, (long)F->inverted); break;
	}
}

/* The summary: a row per measure and a column per file, or (records, for
 * JSON) a row per file. */
static void summary_table(const struct hs_cmp *C, int records, struct hs_table *t)
{
	if (records) {
		hs_table_init(t, 1 + M_COUNT);
		hs_table_head(t, 0, "file", 1);
		for (int m = 0; m < M_COUNT; m++) {
			char *name = measure_name(m);
			hs_table_head(t, 1 + m, name, m == M_BASELINE);
			free(name);
		}
		for (int k = 0; k < C->n; k++) {
			int r = hs_table_add_row(t);
			hs_table_text(t, r, 0, C->f[k].label);
			for (int m = 0; m < M_COUNT; m++)
				measure_cell(t, r, 1 + m, C, &C->f[k], m);
		}
		return;
	}
	hs_table_init(t, 1 + C->n);
	hs_table_head(t, 0, "measure", 1);
	for (int k = 0; k < C->n; k++)
		hs_table_head(t, 1 + k, C->f[k].label, 0);
	for (int m = 0; m < M_COUNT; m++) {
		int r = hs_table_add_row(t);
		char *name = measure_name(m);
		hs_table_text(t, r, 0, name);
		free(name);
		for (int k = 0; k < C->n; k++)
			measure_cell(t, r, 1 + k, C, &C->f[k], m);
	}
}

/* --per-job: a row per matched job of each file, by baseline start. */
static void per_job_table(const struct hs_cmp *C, struct hs_table *t)
{
	static const char *const head[] = {"file", "id", "release", "start_base", "start",
					   "end_base", "end", "start_diff", "end_diff",
					   "wait_diff", "other_resources"};
	hs_table_init(t, 11);
	for (int c = 0; c < 11; c++)
		hs_table_head(t, c, head[c], c < 2);
	for (int k = 0; k < C->n; k++) {
		const struct cmp_file *F = &C->f[k];
		for (int j = 0; j < F->n; j++) {
			const struct pair *p = &F->p[j];
			int r = hs_table_add_row(t);
			hs_table_text(t, r, 0, F->label);
			hs_table_text(t, r, 1, p->b->id);
			hs_table_num(t, r, 2, p->b->release);
			hs_table_num(t, r, 3, p->b->start);
			hs_table_num(t, r, 4, p->f->start);
			hs_table_num(t, r, 5, p->b->end);
			hs_table_num(t, r, 6, p->f->end);
			for (int q = 0; q < Q_COUNT; q++)
				hs_table_num(t, r, 7 + q, diff(p, q));
			hs_table_int(t, r, 10, p->b->res != p->f->res);
		}
	}
}

void hs_report_cmp_table(const struct hs_cmp *C, int per_job, int records, struct hs_table *t)
{
	if (per_job)
		per_job_table(C, t);
	else
		summary_table(C, records, t);
}

/* ---------------- the figure ---------------- */

int hs_report_cmp_plot(FILE *f, const struct hs_cmp *C, const struct config *cf)
{
	double u = hs_time_unit_seconds(C->unit);
	struct hs_plot_series *s = hs_calloc((size_t)C->n, sizeof *s);
	double **x = hs_calloc((size_t)C->n, sizeof *x), **y = hs_calloc((size_t)C->n, sizeof *y);
	for (int k = 0; k < C->n; k++) {
		const struct cmp_file *F = &C->f[k];
		x[k] = hs_malloc((size_t)F->n * sizeof **x);
		y[k] = hs_malloc((size_t)F->n * sizeof **y);
		for (int j = 0; j < F->n; j++) {
			x[k][j] = F->p[j].b->start / u;
			y[k][j] = diff(&F->p[j], Q_START);
		}
		s[k] = (struct hs_plot_series){F->label, F->n, x[k], y[k], NULL, NULL, 0};
	}
	char *xlabel = cf->xlabel ? hs_strdup(cf->xlabel)
				  : hs_asprintf("start in %s (%s)", C->base,
						hs_time_unit_label(C->unit));
	char *ylabel = cf->ylabel ? hs_strdup(cf->ylabel)
				  : hs_asprintf("start difference to %s (s)", C->base);
	struct hs_plot p = {0};
	p.title = cf->title;
	p.xlabel = xlabel;
	p.ylabel = ylabel;
	p.logx = cf->logx;
	p.logy = cf->logy;
	p.series = s;
	p.nseries = C->n;
	p.width = cf->width;
	p.height = cf->height;
	p.ymin_set = cf->ymin_set;
	p.ymin = cf->ymin;
	p.ymax_set = cf->ymax_set;
	p.ymax = cf->ymax;
	int r = hs_svg_plot(f, &p);
	for (int k = 0; k < C->n; k++) {
		free(x[k]);
		free(y[k]);
	}
	free(x);
	free(y);
	free(s);
	free(xlabel);
	free(ylabel);
	return r;
}
