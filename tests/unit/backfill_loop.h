/* backfill_loop.h - a small event loop that drives the backfill plugin's
 * core (plugins/backfill.c with BACKFILL_CORE_ONLY) as hs-sim drives an
 * online plugin (hs/online.h): batches at one date with the jobs that ended
 * (by job index), then the submissions (by release, then index), then a
 * wake-up; a job ends after its run time, or is killed at its walltime.
 * It checks every decision as the host does (job waiting, resources free)
 * and records starts, resources and first reservations.  Used by
 * tests/unit/test_backfill.c and bench/bench_backfill.c. */
#ifndef BACKFILL_LOOP_H
#define BACKFILL_LOOP_H

#define BACKFILL_CORE_ONLY
#include "../../plugins/backfill.c"
#include "hs/format.h"

#include <stdio.h>

struct lj {           /* a job of the loop */
	double release, run, wall;
	int n;
	enum hs_scope scope;
	/* results */
	double start, end, resv;
	int *res, nres, rejected, killed, ended;
};

struct loop {
	/* machine */
	int nnodes, nclusters, *node_first, *node_cluster;
	/* jobs */
	struct lj *j;
	int nj;
	/* state */
	struct bf *b;
	int *busy;        /* [resources] job running there, or -1 */
	int *running, nrunning; /* jobs running now */
	double *wakes;
	int nwakes, cwakes;
	int errors;       /* decisions the host would refuse */
	char err[256];
	double now;
	long batches;
	/* from date switch_at on, the variant is switch_to (tests that set a
	 * scene with basic first); switch_at +inf: never */
	double switch_at;
	enum hs_select_variant switch_to;
	int verify;       /* the compression filter searches skipped jobs too */
	/* called after each batch (benchmarks), or NULL */
	void (*after)(struct loop *L, double seconds);
};

static int lp_start(void *arg, int job, const int *runs, int nruns)
{
	struct loop *L = arg;
	struct lj *J = &L->j[job];
	/* the runs as resources, each checked as the host does (sized by
	 * the runs: not the machine's worth a start) */
	int n = 0, bad = nruns < 0;
	for (int k = 0; k < nruns && !bad; k++) {
		bad = runs[2 * k] >= runs[2 * k + 1] || (k > 0 && runs[2 * k] <= runs[2 * k - 1]) ||
		      runs[2 * k] < 0 || runs[2 * k + 1] > L->node_first[L->nnodes];
		n += bad ? 0 : runs[2 * k + 1] - runs[2 * k];
	}
	int *res = hs_malloc(((size_t)n + 1) * sizeof *res);
	n = 0;
	for (int k = 0; k < nruns && !bad; k++)
		for (int r = runs[2 * k]; r < runs[2 * k + 1]; r++)
			res[n++] = r;
	bad = bad || J->start == J->start || J->rejected || n != J->n;
	for (int i = 0; i < n && !bad; i++)
		bad = res[i] < 0 || res[i] >= L->node_first[L->nnodes] || L->busy[res[i]] >= 0 ||
		      (i > 0 && res[i] <= res[i - 1]);
	if (!bad && J->scope != HS_SCOPE_ANY) {
		/* all on one node (scope node) or one cluster */
		int g0 = -1;
		for (int i = 0; i < n && !bad; i++) {
			int nd = 0;
			while (L->node_first[nd + 1] <= res[i])
				nd++;
			int g = J->scope == HS_SCOPE_NODE ? nd : L->node_cluster[nd];
			bad = g0 >= 0 && g != g0;
			g0 = g;
		}
	}
	if (bad) {
		if (!L->errors++)
			snprintf(L->err, sizeof L->err, "job %d: bad start at %g", job, L->now);
		free(res);
		return -1;
	}
	J->start = L->now;
	J->res = res;
	J->nres = n;
	J->killed = J->run > J->wall;
	J->end = L->now + (J->killed ? J->wall : J->run);
	for (int i = 0; i < n; i++)
		L->busy[res[i]] = job;
	L->running[L->nrunning++] = job;
	return 0;
}

static int lp_reject(void *arg, int job, const char *why)
{
	struct loop *L = arg;
	(void)why;
	L->j[job].rejected = 1;
	return 0;
}

static int lp_wake(void *arg, double t)
{
	struct loop *L = arg;
	if (!(t >= L->now)) {
		if (!L->errors++)
			snprintf(L->err, sizeof L->err, "wake at %g before now %g", t, L->now);
		return -1;
	}
	if (L->nwakes == L->cwakes) {
		L->cwakes = L->cwakes ? 2 * L->cwakes : 16;
		L->wakes = hs_reallocarray(L->wakes, L->cwakes, sizeof *L->wakes);
	}
	L->wakes[L->nwakes++] = t;
	return 0;
}

static void lp_resv(void *arg, int job, double t)
{
	struct loop *L = arg;
	if (L->j[job].resv == L->j[job].resv && !L->errors++)
		snprintf(L->err, sizeof L->err, "job %d: two first reservations", job);
	L->j[job].resv = t;
}

/* A machine of nclusters clusters, cluster c with nodes[c] nodes of cores
 * cores each. */
static void loop_machine(struct loop *L, int nclusters, const int *nodes, int cores)
{
	memset(L, 0, sizeof *L);
	L->switch_at = INFINITY;
	L->nclusters = nclusters;
	for (int c = 0; c < nclusters; c++)
		L->nnodes += nodes[c];
	L->node_first = hs_malloc((L->nnodes + 1) * sizeof *L->node_first);
	L->node_cluster = hs_malloc((L->nnodes + 1) * sizeof *L->node_cluster);
	L->node_first[0] = 0;
	for (int c = 0, k = 0; c < nclusters; c++)
		for (int i = 0; i < nodes[c]; i++, k++) {
			L->node_cluster[k] = c;
			L->node_first[k + 1] = L->node_first[k] + cores;
		}
}

static void loop_job(struct loop *L, double release, int n, double run, double wall, enum hs_scope scope)
{
	L->j = hs_reallocarray(L->j, L->nj + 1, sizeof *L->j);
	L->j[L->nj++] = (struct lj){ release, run, wall, n, scope, NAN, NAN, NAN, NULL, 0, 0, 0, 0 };
}

/* Run every job through algorithm c.  Returns 0, or -1 (L->err says why). */
static int loop_run(struct loop *L, const struct bf_conf *c, int known_dates)
{
	int P = L->node_first[L->nnodes];
	L->busy = hs_malloc((P + 1) * sizeof *L->busy);
	for (int r = 0; r < P; r++)
		L->busy[r] = -1;
	L->running = hs_malloc((2 * L->nj + 2) * sizeof *L->running); /* and the ends of a batch */
	L->nrunning = 0;
	L->b = bf_new(c, L->nj, L->nnodes, L->node_first, L->node_cluster, L->nclusters, 0);
	L->b->out = (struct bf_out){ L, lp_start, lp_reject, lp_wake, lp_resv, NULL };
	L->b->verify = L->verify;
	if (known_dates) {
		double *keys = hs_malloc((L->nj + 1) * sizeof *keys);
		for (int i = 0; i < L->nj; i++)
			keys[i] = L->j[i].release;
		bf_set_submit_dates(L->b, keys);
		free(keys);
	}
	/* submission order: by release, then index */
	int *order = hs_malloc((L->nj + 1) * sizeof *order);
	for (int i = 0; i < L->nj; i++) {
		int k = i;
		while (k > 0 && L->j[order[k - 1]].release > L->j[i].release) {
			order[k] = order[k - 1];
			k--;
		}
		order[k] = i;
	}
	int next = 0, rc = 0;
	for (;;) {
		double t = next < L->nj ? L->j[order[next]].release : INFINITY;
		for (int k = 0; k < L->nrunning; k++)
			if (L->j[L->running[k]].end < t)
				t = L->j[L->running[k]].end;
		for (int i = 0; i < L->nwakes; i++)
			if (L->wakes[i] < t)
				t = L->wakes[i];
		if (t == INFINITY)
			break;
		L->now = t;
		/* ends, by job index */
		int nend = 0, nsub = 0, *ended = L->running + L->nrunning;
		for (int k = 0; k < L->nrunning; k++)
			if (L->j[L->running[k]].end == t) {
				ended[nend++] = L->running[k];
				L->running[k--] = L->running[--L->nrunning];
			}
		for (int a = 1; a < nend; a++)
			for (int k = a; k > 0 && ended[k - 1] > ended[k]; k--) {
				int x = ended[k];
				ended[k] = ended[k - 1], ended[k - 1] = x;
			}
		for (int e = 0; e < nend; e++) {
			struct lj *J = &L->j[ended[e]];
			for (int k = 0; k < J->nres; k++)
				L->busy[J->res[k]] = -1;
			J->ended = 1;
			bf_end(L->b, ended[e], t);
		}
		while (next < L->nj && L->j[order[next]].release == t) {
			const struct lj *J = &L->j[order[next]];
			bf_submit(L->b, order[next], J->n, J->wall, J->scope, J->release);
			next++, nsub++;
		}
		for (int i = 0; i < L->nwakes; i++)
			if (L->wakes[i] == t)
				L->wakes[i--] = L->wakes[--L->nwakes];
		if (t >= L->switch_at)
			L->b->c.variant = L->switch_to;
		double t0 = L->after ? hs_now() : 0;
		rc = bf_batch(L->b, t, nend, nsub);
		L->batches++;
		if (L->after)
			L->after(L, hs_now() - t0);
		if (rc || L->errors)
			break;
	}
	free(order);
	if (!L->errors && rc)
		snprintf(L->err, sizeof L->err, "bf_batch returned %d at %g", rc, L->now);
	return L->errors || rc ? -1 : 0;
}

static void loop_free(struct loop *L)
{
	bf_free(L->b);
	for (int i = 0; i < L->nj; i++)
		free(L->j[i].res);
	free(L->j);
	free(L->busy);
	free(L->running);
	free(L->wakes);
	free(L->node_first);
	free(L->node_cluster);
	memset(L, 0, sizeof *L);
}

/* Job i's resources as "0-3,8" (static buffer, 4 in rotation). */
static inline const char *loop_res(const struct loop *L, int i)
{
	static char buf[4][256];
	static int k;
	k = (k + 1) % 4;
	char *s = hs_fmt_intset(L->j[i].res, L->j[i].nres);
	snprintf(buf[k], sizeof buf[k], "%s", L->j[i].nres ? s : "-");
	free(s);
	return buf[k];
}

#endif
