/* report/inputs.c - hs-report's inputs: each file read, checked and
 * reduced to its row of metrics (and keys, steps over time), one at a time
 * or several at once on worker threads (-j), then the checks of the options
 * against what was read.
 *
 * Each input is freed once its row is taken: memory holds one stream per
 * thread plus a few hundred bytes per file.  Each worker's messages are
 * collected and printed in input order, so the output is the same with any
 * -j. */
#include "report/tool.h"
#include "hs/util.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* ---------------- one input ---------------- */

static int is_stdin(const char *path)
{
	return strcmp(path, "-") == 0;
}

/* Whether --bundle can copy the input from its file afterwards: a regular
 * file can be read again; standard input, a pipe (<(cmd)), a FIFO or a
 * device cannot, so those are kept as read (load_input). */
static int rereadable(const char *path)
{
	struct stat st;
	return !is_stdin(path) && stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static char *key_value(const struct hs_stream *s, const char *label, const char *key)
{
	if (strcmp(key, "file") == 0)
		return hs_strdup(label);
	const char *v = hs_stream_prov(s, key);
	return v ? hs_strdup(v) : NULL;
}

/* This thread's messages collected in *msg (*len bytes) from here to
 * msgs_end, to be printed in order by another (hs_msg_redirect). */
static FILE *msgs_begin(char **msg, size_t *len)
{
	FILE *m = open_memstream(msg, len);
	if (!m)
		hs_die(HS_EXIT_FAIL, "out of memory");
	hs_msg_redirect(m);
	return m;
}

static void msgs_end(FILE *m)
{
	hs_msg_redirect(NULL);
	fclose(m);
}

/* The run's check on a thread of its own (load_input). */
struct run_check {
	const struct hs_instance *in;
	int problems;
	char *msg;
	size_t msglen;
};

static void *check_run(void *arg)
{
	struct run_check *c = arg;
	FILE *m = msgs_begin(&c->msg, &c->msglen);
	c->problems = hs_validate_flags(c->in, &c->in->run, HS_VALIDATE_WARN | HS_VALIDATE_PARTIAL);
	msgs_end(m);
	return NULL;
}

/* Tasks without the record the stream's provenance promises each of them
 * (an hs-plan stage a plan, an hs-sim stage a run): a stream read with
 * --partial, or edited, says so rather than passing for a smaller
 * instance.  Online algorithms reject jobs (a run record, no plan), so only
 * hs-plan's stage promises plans; hs-exec's runs may stop early (tasks not
 * run have none, and its comment counts them). */
static void check_promised(const struct hs_stream *s, const struct hs_instance *in)
{
	static const char *const stage[2] = {"plan", "sim"};
	const char *tool[2] = {hs_stream_prov(s, "plan.tool"), hs_stream_prov(s, "sim.tool")};
	for (int k = 0; k < 2; k++) {
		if (!tool[k] || strncmp(tool[k], "hs-", 3) != 0)
			continue;
		const struct hs_schedule *sc = k ? &in->run : &in->plan;
		int missing = 0;
		for (int t = 0; t < in->ntasks; t++)
			missing += t >= sc->n || sc->p[t].task < 0;
		if (missing)
			hs_error_at(s->name, 0, "warning: %d of %d tasks have no %s record, which "
				    "the stream's prov %s (%s) promises each task: cut short or edited; "
				    "the metrics are those of the tasks that have one",
				    missing, in->ntasks, k ? "run" : "plan", stage[k], tool[k]);
	}
}

/* Whether the report shows metric m: a table of the default metrics or of
 * those -m names, or a plot of it. */
static int shown(const struct config *cf, int m)
{
	if (cf->plot == m)
		return 1;
	if (cf->fmt == F_SVG || cf->fmt == F_BATSIM)
		return 0;
	if (!cf->nmetrics)
		return 1;
	for (int k = 0; k < cf->nmetrics; k++)
		if (cf->metrics[k] == m)
			return 1;
	return 0;
}

/* A ratio to the lower bound below 1 cannot be: the schedule is partial or
 * breaks the model (a real run faster than its model).  Flagged, never
 * shown as a result.  A run whose tasks were killed or failed did not do
 * the work the bound counts: its ratio means nothing either, and is left
 * out without a word. */
static void check_bound(const struct config *cf, const char *name, struct hs_report_vals *v)
{
	if (!v->has[HS_RM_RATIO] || !(v->v[HS_RM_RATIO] < 1 - 1e-9))
		return;
	v->has[HS_RM_RATIO] = 0;
	int cut = (v->has[HS_RM_KILLED] && v->v[HS_RM_KILLED] > 0) ||
		  (v->has[HS_RM_FAILED] && v->v[HS_RM_FAILED] > 0);
	if (!cut && shown(cf, HS_RM_RATIO))
		hs_error_at(name, 0, "warning: makespan %g is below the lower bound %g (ratio %g), "
			    "which no schedule of the instance's model can be: ratio left out (a "
			    "partial or edited stream, or a run faster than the model)",
			    v->v[HS_RM_MAKESPAN], v->v[HS_RM_LOWER_BOUND], v->v[HS_RM_RATIO]);
}

/* Read one input and take its row.  With keep, the stream and instance are
 * left loaded for the caller (one-file views); otherwise released.
 * Returns 0, or -1 after reporting bad input. */
static int load_input(const struct config *cf, struct input *it, struct hs_stream *s,
		      struct hs_instance *in, int keep)
{
	memset(in, 0, sizeof *in);
	FILE *tee = NULL;
	if (cf->bundle && !rereadable(it->path)) {
		tee = open_memstream(&it->copy, &it->copylen);
		if (!tee)
			hs_die(HS_EXIT_FAIL, "out of memory");
		it->as_read = 1;
	}
	int loaded = hs_stream_load_tee(s, it->path, tee);
	if (tee && fclose(tee) != 0)
		hs_die(HS_EXIT_FAIL, "out of memory");
	if (loaded < 0) {
		hs_stream_release(s);
		return -1;
	}
	/* Metrics need no after lists: skipping them (and their cycle check)
	 * saves a quarter of the reading time; one-file views get them all.
	 * Nothing here changes a placement: a run shares the parts of its
	 * plan where the records name the same resources (half the memory
	 * of a simulated stream). */
	unsigned flags = HS_LOAD_SHARE_PARTS | (keep ? 0 : HS_LOAD_NO_AFTER);
	if (hs_instance_load_flags(in, s, flags) < 0) {
		hs_instance_release(in);
		hs_stream_release(s);
		return -1;
	}
	int ret = 0;
	struct hs_report_row *r = &it->row;
	struct hs_power_trace pt = { 0 };
	if (!in->has_plan && !in->has_run) {
		hs_error_at(s->name, 0, "no plan or run records (run hs-plan first)");
		ret = -1;
		goto out;
	}
	/* Runs (and plans) that break the rules still get their metrics, with a
	 * warning that names the problems (hs-report(1), CHECKS).  A large
	 * run is checked on a thread beside the plan, its messages held back
	 * to come after the plan's. */
	struct run_check rc = { in, 0, NULL, 0 };
	pthread_t th;
	int side = in->has_plan && in->has_run && in->ntasks >= 20000 && hs_stream_threads() > 1 &&
		   pthread_create(&th, NULL, check_run, &rc) == 0;
	for (int k = 0; k < 2; k++) {
		const struct hs_schedule *sc = k ? &in->run : &in->plan;
		if (!(k ? in->has_run : in->has_plan))
			continue;
		int np;
		if (k && side) {
			pthread_join(th, NULL);
			hs_msg_put(rc.msg, rc.msglen);
			free(rc.msg);
			np = rc.problems;
		} else {
			np = hs_validate_flags(in, sc, HS_VALIDATE_WARN | HS_VALIDATE_PARTIAL);
		}
		if (np)
			hs_error_at(s->name, 0, "warning: the %s breaks %d rule%s (overlaps on a core "
				    "or GPU, starts before release dates, ...): its metrics may be "
				    "meaningless (a utilization above 1, a negative idle time)",
				    k ? "run" : "plan", np, np == 1 ? "" : "s");
	}
	/* stdin has no name worth a column header: the algorithm is better. */
	const char *algo = is_stdin(it->path) ? hs_stream_prov(s, "algo") : NULL;
	r->label = hs_strdup(!is_stdin(it->path) ? it->path : algo ? algo : "stdin");
	check_promised(s, in);
	/* The nodes' power states, when an online algorithm changed them. */
	if (hs_power_trace_load(in, &pt) > 0) {
		hs_power_trace_release(&pt);
		ret = -1;
		goto out;
	}
	struct hs_metrics_opts mo = cf->mo;
	mo.power = &pt;
	hs_report_vals_compute(in, &mo, &r->vals);
	check_bound(cf, s->name, &r->vals);
	if (cf->nkeys) {
		r->keys = hs_calloc((size_t)cf->nkeys, sizeof *r->keys);
		for (int k = 0; k < cf->nkeys; k++)
			r->keys[k] = key_value(s, r->label, cf->keys[k]);
	}
	if (cf->plot >= 0) {
		const char *xv = r->keys[cf->nkeys - 1];
		double x;
		if (!xv) {
			hs_error_at(s->name, 0, "no provenance key '%s' for --x", cf->x);
			ret = -1;
		} else if (hs_parse_double(xv, &x) < 0) {
			hs_error_at(s->name, 0, "--x %s: '%s' is not a number", cf->x, xv);
			ret = -1;
		}
	}
	if (cf->plot_time >= 0) {
		struct hs_step q, g;
		int gpus = hs_timeline_power(in, in->has_run ? &in->run : &in->plan,
					     (enum hs_timeline)cf->plot_time, &pt, &q, &g);
		r->tl = hs_malloc(sizeof *r->tl);
		*r->tl = q;
		if (gpus) {
			r->tl_gpus = hs_malloc(sizeof *r->tl_gpus);
			*r->tl_gpus = g;
		}
	}
	if (cf->rel_file) {
		if (!in->has_run) {
			hs_error_at(s->name, 0, "no run records to compare (--relative-to FILE compares "
				    "runs: hs-sim's, hs-exec's)");
			ret = -1;
		} else {
			it->jobs = hs_report_cmp_jobs(in);
		}
	}
	if (cf->rel_value) {
		r->inst = hs_report_instance_key(s, cf->rel_key);
		r->base = key_value(s, r->label, cf->rel_key);
	}
out:
	hs_power_trace_release(&pt);
	if (!keep || ret < 0) {
		hs_instance_release(in);
		hs_stream_release(s);
	}
	return ret;
}

static void row_release(struct hs_report_row *r, int nkeys)
{
	for (int k = 0; k < nkeys && r->keys; k++)
		free(r->keys[k]);
	free(r->keys);
	free(r->label);
	free(r->inst);
	free(r->base);
	for (int k = 0; k < 2; k++) {
		struct hs_step *st = k ? r->tl_gpus : r->tl;
		if (st)
			hs_step_release(st);
		free(st);
	}
}

/* ---------------- reading the inputs on worker threads ---------------- */

struct pool {
	const struct config *cf;
	struct input *in;
	int n;
	atomic_int next, stop;
	pthread_mutex_t mu;
	pthread_cond_t cv;
};

static void *worker(void *arg)
{
	struct pool *p = arg;
	for (;;) {
		int k = atomic_fetch_add(&p->next, 1);
		if (k >= p->n || atomic_load(&p->stop))
			break;
		struct input *it = &p->in[k];
		FILE *m = msgs_begin(&it->msg, &it->msglen);
		struct hs_stream s;
		struct hs_instance in;
		int ok = load_input(p->cf, it, &s, &in, 0) == 0;
		msgs_end(m);
		pthread_mutex_lock(&p->mu);
		it->ok = ok;
		it->ready = 1;
		pthread_cond_broadcast(&p->cv);
		pthread_mutex_unlock(&p->mu);
	}
	hs_stream_thread_end();
	return NULL;
}


/* ---------------- reading them all ---------------- */

struct input *hs_report_inputs_new(char *const *paths, int n, int *nstdin)
{
	struct input *in = hs_calloc((size_t)n, sizeof *in);
	*nstdin = 0;
	for (int k = 0; k < n; k++) {
		in[k].path = paths ? paths[k] : "-";
		*nstdin += is_stdin(in[k].path);
	}
	return in;
}

/* Add input it to the bundle: a regular file copied again, anything else
 * (stdin, a pipe, a FIFO) as read.  0 or -1. */
static int bundle_input(struct hs_bundle *bundle, const struct input *it)
{
	char *name = hs_bundle_input_name(bundle, is_stdin(it->path) ? "stdin.hs" : it->path);
	char *what = hs_asprintf("input %s", is_stdin(it->path) ? "(standard input)" : it->path);
	int r = it->as_read ? hs_bundle_add_mem(bundle, name, it->copy, it->copylen, what)
			    : hs_bundle_add_file(bundle, name, it->path, what);
	free(name);
	free(what);
	return r;
}

/* One input stays loaded for the one-file views; several go through the
 * workers, and the main thread takes their results in input order. */
int hs_report_read(const struct config *cf, struct input *in, int n, struct hs_bundle *bundle,
		   struct one_file *one)
{
	int status = HS_EXIT_OK;
	int nworkers = n > 1 && cf->jobs > 1 ? (cf->jobs < n ? cf->jobs : n) : 0;
	struct pool pool = {.cf = cf, .in = in, .n = n};
	pthread_t *th = hs_calloc((size_t)(nworkers > 0 ? nworkers : 1), sizeof *th);
	one->loaded = 0;
	if (nworkers) {
		hs_stream_set_threads(1); /* the files are read side by side already */
		pthread_mutex_init(&pool.mu, NULL);
		pthread_cond_init(&pool.cv, NULL);
		for (int t = 0; t < nworkers; t++)
			if (pthread_create(&th[t], NULL, worker, &pool) != 0)
				hs_die(HS_EXIT_FAIL, "cannot start a thread");
	}
	for (int k = 0; k < n; k++) {
		struct input *it = &in[k];
		if (nworkers) {
			pthread_mutex_lock(&pool.mu);
			while (!it->ready)
				pthread_cond_wait(&pool.cv, &pool.mu);
			pthread_mutex_unlock(&pool.mu);
			hs_msg_put(it->msg, it->msglen);
		} else {
			it->ok = load_input(cf, it, &one->s, &one->in, n == 1) == 0;
			one->loaded = it->ok && n == 1;
		}
		if (!it->ok) {
			status = HS_EXIT_USAGE;
			break;
		}
		if (bundle && bundle_input(bundle, it) < 0) {
			status = HS_EXIT_FAIL;
			break;
		}
	}
	if (nworkers) {
		atomic_store(&pool.stop, 1);
		for (int t = 0; t < nworkers; t++)
			pthread_join(th[t], NULL);
		pthread_mutex_destroy(&pool.mu);
		pthread_cond_destroy(&pool.cv);
	}
	free(th);
	return status;
}

/* ---------------- after reading ---------------- */

int hs_report_check_inputs(const struct config *cf, const struct input *in, int n)
{
	for (int k = 0; k < cf->nby; k++) {
		int found = 0;
		for (int i = 0; i < n && !found; i++)
			found = in[i].row.keys[k] != NULL;
		if (!found) {
			hs_error("--by: no input has the provenance key '%s'", cf->by[k]);
			return -1;
		}
	}
	if (cf->rel_value) {
		int found = 0;
		for (int i = 0; i < n && !found; i++)
			found = in[i].row.base && strcmp(in[i].row.base, cf->rel_value) == 0;
		if (!found) {
			/* A file of that name was perhaps meant as a baseline run. */
			struct stat st;
			int file = stat(cf->rel_value, &st) == 0 && !S_ISDIR(st.st_mode);
			hs_error("--relative-to: no input has %s=%s%s", cf->rel_key, cf->rel_value,
				 file ? " (a file of that name is a baseline run only without --by)"
				      : "");
			return -1;
		}
	}
	if (cf->plot >= 0) {
		int found = 0;
		for (int i = 0; i < n && !found; i++)
			found = in[i].row.vals.has[cf->plot];
		if (!found) {
			hs_error("--plot: no input has the metric %s", hs_rm_info[cf->plot].name);
			return -1;
		}
	}
	if (cf->plot_time == HS_TL_POWER) {
		int found = 0;
		for (int i = 0; i < n && !found; i++)
			found = in[i].row.vals.has[HS_RM_ENERGY];
		if (!found) {
			hs_error("--plot-time power: no input has power figures (node cpu_busy=, cpu_idle=, "
				 "gpu_busy=, gpu_idle=)");
			return -1;
		}
	}
	return 0;
}

void hs_report_inputs_release(const struct config *cf, struct input *in, int n)
{
	for (int k = 0; k < n; k++) {
		row_release(&in[k].row, cf->nkeys);
		free(in[k].msg);
		free(in[k].copy);
		hs_report_cmp_jobs_free(in[k].jobs);
	}
	free(in);
}

/* The one file's model and records go back with the process (freeing a
 * million records one by one took 3% of a run). */
void hs_report_one_release(struct one_file *one)
{
	if (one->loaded && hs_free_at_exit()) {
		hs_instance_release(&one->in);
		hs_stream_release(&one->s);
	}
}
