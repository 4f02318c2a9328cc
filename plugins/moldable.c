/* moldable.c - plugin family "moldable": independent moldable tasks on one
 * node of m identical cores and k identical GPUs, after Bleuse et al.,
 * "Scheduling independent moldable tasks on multi-cores with GPUs" (IEEE
 * TPDS 2017).  Algorithms (hs-moldable(7)):
 *   approx32  dual approximation with an ILP per guess (§IV-V), 3/2+eps
 *   approx2   the polynomial 2+eps algorithm of §VI
 *   heft      the HEFT-like heuristics 1-6 of Table II (prio=, cpus=),
 *             also as heft-lpt-seq ... heft-ratio-par
 *
 * The algorithms work on a plain problem (struct mold: times per core count,
 * GPU times) so that tests/unit/test_moldable_exact.c can include this file
 * with MOLDABLE_CORE_ONLY defined and check them against an exact solver
 * without the format layer.  The hs glue is at the end of the file.
 *
 * Numbers follow the paper: pbar(l) is the time on l cores, w(l) = l*pbar(l)
 * the work, p the GPU time, gamma(j,h) the canonical number of cores (the
 * fewest cores that run task j within h; 0 here when there is none).
 */
#include <glpk.h>
#include <math.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hs/util.h"

/* ======================================================================
 * The problem
 * ====================================================================== */

struct mold {
	int n, m, k;
	double *p;   /* n*m adapted CPU times: p[j*m + l-1]; +inf: l not allowed */
	double *raw; /* n*m times as given (== p unless monotonized) */
	int *use;    /* n*m cores really used when allotted l (monotonize), or NULL */
	double *g;   /* n GPU times; +inf: no GPU */
	int *lo, *hi; /* allowed core counts [lo, hi]; lo = 0: cannot run on cores */
};

static inline double mold_p(const struct mold *M, int j, int l)
{
	return M->p[(size_t)j * M->m + (l - 1)];
}

static inline int mold_use(const struct mold *M, int j, int l)
{
	return M->use ? M->use[(size_t)j * M->m + (l - 1)] : l;
}

/* Real duration of task j allotted l cores (l = 0: on a GPU). */
static inline double mold_real(const struct mold *M, int j, int l)
{
	if (l == 0)
		return M->g[j];
	return M->raw[(size_t)j * M->m + (mold_use(M, j, l) - 1)];
}

/* Allocate for n tasks on m cores and k GPUs; the caller fills raw and g
 * (all +inf to begin with), then calls mold_prepare(). */
static void mold_init(struct mold *M, int n, int m, int k)
{
	memset(M, 0, sizeof *M);
	M->n = n;
	M->m = m;
	M->k = k;
	size_t nm = (size_t)n * (size_t)m;
	M->raw = hs_malloc((nm ? nm : 1) * sizeof(double));
	for (size_t i = 0; i < nm; i++)
		M->raw[i] = INFINITY;
	M->p = M->raw;
	M->g = hs_malloc((n ? n : 1) * sizeof(double));
	for (int j = 0; j < n; j++)
		M->g[j] = INFINITY;
	M->lo = hs_calloc(n ? n : 1, sizeof(int));
	M->hi = hs_calloc(n ? n : 1, sizeof(int));
}

static void mold_release(struct mold *M)
{
	if (M->p != M->raw)
		free(M->p);
	free(M->raw);
	free(M->use);
	free(M->g);
	free(M->lo);
	free(M->hi);
	memset(M, 0, sizeof *M);
}

/* Why a task is not monotonic, for the error message. */
struct mold_bad {
	int task;      /* -1: all tasks fine */
	char why[200];
};

/* Relative slack for the monotony checks: Amdahl times computed in floating
 * point break exact work monotony by an ulp. */
#define MOLD_MONO_TOL 1e-9

/* Check the instance (and adapt it when monotonize is set).  need_mono = 0
 * (heft) only computes the allowed ranges.  Returns 0, or -1 with bad filled
 * for the first task that breaks monotony or cannot run at all. */
static int mold_prepare(struct mold *M, int need_mono, int monotonize, struct mold_bad *bad)
{
	int n = M->n, m = M->m;
	bad->task = -1;
	bad->why[0] = 0;
	if (monotonize && need_mono) {
		size_t nm = (size_t)n * m;
		M->p = hs_malloc((nm ? nm : 1) * sizeof(double));
		M->use = hs_malloc((nm ? nm : 1) * sizeof(int));
	}
	for (int j = 0; j < n; j++) {
		const double *r = M->raw + (size_t)j * m;
		int lo = 0, hi = 0;
		for (int l = 1; l <= m; l++)
			if (isfinite(r[l - 1])) {
				if (!lo)
					lo = l;
				hi = l;
			}
		if (!lo && !isfinite(M->g[j])) {
			bad->task = j;
			snprintf(bad->why, sizeof bad->why,
				 "has no finite time on this node's cores%s", M->k ? " or GPUs" : "");
			return -1;
		}
		M->lo[j] = lo;
		M->hi[j] = hi;
		if (M->p != M->raw && !lo)
			for (int l = 1; l <= m; l++) {
				M->p[(size_t)j * m + l - 1] = INFINITY;
				M->use[(size_t)j * m + l - 1] = l;
			}
		if (!need_mono || !lo)
			continue;
		if (monotonize) {
			/* Time: an allotment of l cores may run the task on fewer
			 * of them, so the time is the best over l' <= l (and the
			 * task really uses that l').  Work: raise the time to keep
			 * l*p(l) non-decreasing (super-linear speedups); the real
			 * run is then shorter than planned, which is safe. */
			double *q = M->p + (size_t)j * m;
			int *u = M->use + (size_t)j * m;
			double best = INFINITY;
			int bestl = lo;
			for (int l = 1; l <= m; l++) {
				if (l >= lo && r[l - 1] < best) {
					best = r[l - 1];
					bestl = l;
				}
				q[l - 1] = l < lo ? INFINITY : best;
				u[l - 1] = bestl;
			}
			for (int l = lo + 1; l <= m; l++) {
				double w = q[l - 2] * (l - 1) / l;
				if (w > q[l - 1])
					q[l - 1] = w;
			}
			M->hi[j] = m;
			continue;
		}
		for (int l = lo; l < hi; l++) {
			double a = r[l - 1], b = r[l];
			if (!isfinite(b)) {
				snprintf(bad->why, sizeof bad->why,
					 "is not monotonic: it runs on %d and %d cores but not on %d", lo, hi,
					 l + 1);
				bad->task = j;
				return -1;
			}
			if (b > a * (1 + MOLD_MONO_TOL)) {
				snprintf(bad->why, sizeof bad->why,
					 "is not monotonic: its time grows from %.6g on %d cores to %.6g on %d",
					 a, l, b, l + 1);
				bad->task = j;
				return -1;
			}
			if ((l + 1) * b < l * a * (1 - MOLD_MONO_TOL)) {
				snprintf(bad->why, sizeof bad->why,
					 "is not monotonic: its work falls from %.6g on %d cores to %.6g on %d",
					 l * a, l, (l + 1) * b, l + 1);
				bad->task = j;
				return -1;
			}
		}
		if (lo > 1) {
			snprintf(bad->why, sizeof bad->why,
				 "is not monotonic: it cannot run on 1 core (only on %d to %d)", lo, hi);
			bad->task = j;
			return -1;
		}
	}
	return 0;
}

/* gamma(j, h): the fewest cores that run task j within h, 0 when none
 * (binary search: times are non-increasing on [lo, hi]). */
static int mold_gamma(const struct mold *M, int j, double h)
{
	int lo = M->lo[j], hi = M->hi[j];
	if (!lo || !(mold_p(M, j, hi) <= h))
		return 0;
	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;
		if (mold_p(M, j, mid) <= h)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

/* ======================================================================
 * Schedules
 * ====================================================================== */

struct mold_sched {
	int n;
	int *gpu;       /* GPU index, or -1 on cores */
	int *alloc;     /* allotted core count (adapted model); 0 on a GPU */
	int *coreoff;   /* cores of task j: cores[coreoff[j] .. coreoff[j]+ncores[j]) */
	int *ncores;    /* cores really used */
	int *cores;
	int ncore, capcore;
	double *start, *end;
	double makespan;
};

static void sched_init(struct mold_sched *S, int n)
{
	memset(S, 0, sizeof *S);
	S->n = n;
	int nn = n ? n : 1;
	S->gpu = hs_malloc(nn * sizeof(int));
	S->alloc = hs_calloc(nn, sizeof(int));
	S->coreoff = hs_calloc(nn, sizeof(int));
	S->ncores = hs_calloc(nn, sizeof(int));
	S->start = hs_calloc(nn, sizeof(double));
	S->end = hs_calloc(nn, sizeof(double));
	for (int j = 0; j < n; j++)
		S->gpu[j] = -2; /* unplaced */
	S->capcore = 64;
	S->cores = hs_malloc(S->capcore * sizeof(int));
}

static void sched_reset(struct mold_sched *S)
{
	for (int j = 0; j < S->n; j++) {
		S->gpu[j] = -2;
		S->ncores[j] = 0;
		S->alloc[j] = 0;
	}
	S->ncore = 0;
	S->makespan = 0;
}

static void sched_release(struct mold_sched *S)
{
	free(S->gpu);
	free(S->alloc);
	free(S->coreoff);
	free(S->ncores);
	free(S->cores);
	free(S->start);
	free(S->end);
	memset(S, 0, sizeof *S);
}

static void sched_swap(struct mold_sched *a, struct mold_sched *b)
{
	struct mold_sched t = *a;
	*a = *b;
	*b = t;
}

/* Place task j on cores (alloc cores allotted, of which the first
 * mold_use() really run it) from start; end from the real time. */
static void sched_cpu(struct mold_sched *S, const struct mold *M, int j, int alloc,
		      const int *cores, double start)
{
	int u = mold_use(M, j, alloc);
	if (S->ncore + u > S->capcore) {
		while (S->ncore + u > S->capcore)
			S->capcore *= 2;
		S->cores = hs_reallocarray(S->cores, S->capcore, sizeof(int));
	}
	S->gpu[j] = -1;
	S->alloc[j] = alloc;
	S->coreoff[j] = S->ncore;
	S->ncores[j] = u;
	memcpy(S->cores + S->ncore, cores, u * sizeof(int));
	S->ncore += u;
	S->start[j] = start;
	S->end[j] = start + mold_real(M, j, alloc);
}

static void sched_gpu(struct mold_sched *S, const struct mold *M, int j, int gpu, double start)
{
	S->gpu[j] = gpu;
	S->alloc[j] = 0;
	S->ncores[j] = 0;
	S->start[j] = start;
	S->end[j] = start + M->g[j];
}

static double sched_makespan(struct mold_sched *S)
{
	double ms = 0;
	for (int j = 0; j < S->n; j++)
		if (S->end[j] > ms)
			ms = S->end[j];
	S->makespan = ms;
	return ms;
}

static const double *cmp_key_;
static int cmp_by_key_asc(const void *a, const void *b)
{
	double x = cmp_key_[*(const int *)a], y = cmp_key_[*(const int *)b];
	if (x < y)
		return -1;
	if (x > y)
		return 1;
	return *(const int *)a - *(const int *)b;
}
static int cmp_by_key_desc(const void *a, const void *b)
{
	double x = cmp_key_[*(const int *)a], y = cmp_key_[*(const int *)b];
	if (x > y)
		return -1;
	if (x < y)
		return 1;
	return *(const int *)a - *(const int *)b;
}
/* Sort idx[0..n) by key[idx] (ties by index, so results are reproducible). */
static void sort_by(int *idx, int n, const double *key, int desc)
{
	cmp_key_ = key;
	qsort(idx, n, sizeof *idx, desc ? cmp_by_key_desc : cmp_by_key_asc);
}

/* Shift every task as early as its own cores/GPU allow, keeping the order
 * of the tasks on each resource: starts never grow, so the schedule stays
 * feasible and the makespan cannot increase (§V-B stacks set (0) from 3λ/2
 * downwards; this removes the holes the layout leaves). */
static void sched_compact(struct mold_sched *S, const struct mold *M)
{
	int n = S->n, m = M->m;
	int *ord = hs_malloc((n ? n : 1) * sizeof(int));
	double *avail = hs_calloc(m + M->k + 1, sizeof(double));
	for (int j = 0; j < n; j++)
		ord[j] = j;
	sort_by(ord, n, S->start, 0);
	for (int i = 0; i < n; i++) {
		int j = ord[i];
		double s = 0;
		if (S->gpu[j] >= 0) {
			s = avail[m + S->gpu[j]];
			sched_gpu(S, M, j, S->gpu[j], s);
			avail[m + S->gpu[j]] = S->end[j];
			continue;
		}
		const int *c = S->cores + S->coreoff[j];
		for (int q = 0; q < S->ncores[j]; q++)
			if (avail[c[q]] > s)
				s = avail[c[q]];
		S->start[j] = s;
		S->end[j] = s + mold_real(M, j, S->alloc[j]);
		for (int q = 0; q < S->ncores[j]; q++)
			avail[c[q]] = S->end[j];
	}
	free(ord);
	free(avail);
	sched_makespan(S);
}

/* ======================================================================
 * Small binary heap of (key, id), min-first
 * ====================================================================== */

struct heap {
	double *key;
	int *id;
	int n;
};

static void heap_init(struct heap *h, int cap)
{
	h->key = hs_malloc((cap ? cap : 1) * sizeof(double));
	h->id = hs_malloc((cap ? cap : 1) * sizeof(int));
	h->n = 0;
}
static void heap_free(struct heap *h)
{
	free(h->key);
	free(h->id);
}
/* Ties broken by id so results do not depend on insertion history. */
static inline int heap_less(const struct heap *h, int a, int b)
{
	return h->key[a] < h->key[b] || (h->key[a] == h->key[b] && h->id[a] < h->id[b]);
}
static void heap_swap(struct heap *h, int a, int b)
{
	double k = h->key[a];
	int i = h->id[a];
	h->key[a] = h->key[b];
	h->id[a] = h->id[b];
	h->key[b] = k;
	h->id[b] = i;
}
static void heap_push(struct heap *h, double key, int id)
{
	int i = h->n++;
	h->key[i] = key;
	h->id[i] = id;
	while (i > 0 && heap_less(h, i, (i - 1) / 2)) {
		heap_swap(h, i, (i - 1) / 2);
		i = (i - 1) / 2;
	}
}
static void heap_pop(struct heap *h)
{
	h->n--;
	if (!h->n)
		return;
	heap_swap(h, 0, h->n);
	int i = 0;
	for (;;) {
		int l = 2 * i + 1, r = l + 1, s = i;
		if (l < h->n && heap_less(h, l, s))
			s = l;
		if (r < h->n && heap_less(h, r, s))
			s = r;
		if (s == i)
			break;
		heap_swap(h, i, s);
		i = s;
	}
}

/* ======================================================================
 * HEFT-like heuristics (Table II)
 * ====================================================================== */

enum { PRIO_LPT, PRIO_SPT, PRIO_RATIO };

/* Priority order, then earliest finish time: on l cores (l = 1 for SEQ, the
 * fastest allotment for PAR) or on the GPU that frees first.  Without
 * precedences no holes ever open, so appending = HEFT's insertion policy.
 * Ties go to the GPU, which keeps the cores for tasks that need them. */
static void mold_heft(const struct mold *M, int prio, int par, struct mold_sched *S)
{
	int n = M->n, m = M->m, k = M->k;
	int *idx = hs_malloc((n ? n : 1) * sizeof(int));
	int *lj = hs_malloc((n ? n : 1) * sizeof(int));
	double *key = hs_malloc((n ? n : 1) * sizeof(double));
	for (int j = 0; j < n; j++) {
		int l = M->lo[j];
		if (l && par) /* the fastest allotment (= hi for monotonic tasks) */
			for (int q = M->lo[j]; q <= M->hi[j]; q++)
				if (mold_p(M, j, q) < mold_p(M, j, l))
					l = q;
		lj[j] = l;
		double c = l ? mold_p(M, j, l) : INFINITY, g = k ? M->g[j] : INFINITY;
		idx[j] = j;
		if (prio == PRIO_RATIO)
			key[j] = isfinite(g) ? c / g : 0;
		else
			key[j] = c < g ? c : g;
	}
	sort_by(idx, n, key, prio != PRIO_SPT);

	/* cores kept sorted by ready time (ties by core number) */
	double *rt = hs_calloc(m, sizeof(double));
	int *rc = hs_malloc(m * sizeof(int));
	for (int c = 0; c < m; c++)
		rc[c] = c;
	double *gready = hs_calloc(k ? k : 1, sizeof(double));
	int *buf = hs_malloc(m * sizeof(int));
	sched_reset(S);
	for (int i = 0; i < n; i++) {
		int j = idx[i], l = lj[j];
		double cf = INFINITY, gf = INFINITY;
		int gbest = -1;
		if (l)
			cf = rt[l - 1] + mold_p(M, j, l);
		for (int q = 0; q < k; q++)
			if (isfinite(M->g[j]) && (gbest < 0 || gready[q] < gready[gbest]))
				gbest = q;
		if (gbest >= 0)
			gf = gready[gbest] + M->g[j];
		if (gbest >= 0 && gf <= cf) {
			sched_gpu(S, M, j, gbest, gready[gbest]);
			gready[gbest] = gf;
			continue;
		}
		double st = rt[l - 1];
		memcpy(buf, rc, l * sizeof(int));
		sched_cpu(S, M, j, l, buf, st);
		/* the l cores now free at cf: merge them back in order */
		memmove(rt, rt + l, (m - l) * sizeof(double));
		memmove(rc, rc + l, (m - l) * sizeof(int));
		int pos = m - l;
		while (pos > 0 && rt[pos - 1] > cf)
			pos--;
		memmove(rt + pos + l, rt + pos, (m - l - pos) * sizeof(double));
		memmove(rc + pos + l, rc + pos, (m - l - pos) * sizeof(int));
		for (int q = 0; q < l; q++) {
			rt[pos + q] = cf;
			rc[pos + q] = buf[q];
		}
	}
	sched_makespan(S);
	free(idx);
	free(lj);
	free(key);
	free(rt);
	free(rc);
	free(gready);
	free(buf);
}

/* ======================================================================
 * Bounds
 * ====================================================================== */

/* A necessary condition for a schedule of length lam (so a valid lower
 * bound when it fails): every task fits within lam somewhere, and the
 * fractional assignment of minimal works w(j, gamma(j,lam)) to the CPUs and
 * GPU times to the GPUs respects the areas m*lam and k*lam (a fractional
 * knapsack, solved greedily by decreasing work/GPU-time ratio).  The
 * condition only gets easier as lam grows (work monotony). */
static int mold_necessary(const struct mold *M, double lam, int *idx, double *key, double *w)
{
	int n = M->n, nf = 0;
	double cpu = 0, gpu = 0, capc = M->m * lam, capg = M->k * lam;
	for (int j = 0; j < n; j++) {
		int l = mold_gamma(M, j, lam);
		int okg = M->k > 0 && M->g[j] <= lam;
		if (!l && !okg)
			return 0;
		w[j] = l ? l * mold_p(M, j, l) : INFINITY;
		if (!okg)
			cpu += w[j];
		else if (!l)
			gpu += M->g[j];
		else {
			idx[nf] = j;
			key[j] = w[j] / M->g[j];
			nf++;
		}
	}
	if (cpu > capc || gpu > capg)
		return 0;
	sort_by(idx, nf, key, 1);
	for (int i = 0; i < nf; i++) {
		int j = idx[i];
		double room = capg - gpu;
		if (room >= M->g[j]) {
			gpu += M->g[j];
			continue;
		}
		double f = room > 0 ? room / M->g[j] : 0;
		gpu = capg;
		cpu += (1 - f) * w[j];
		for (int q = i + 1; q < nf; q++)
			cpu += w[idx[q]];
		break;
	}
	return cpu <= capc * (1 + 1e-12);
}

/* Lower bound on the optimal makespan: the largest lam (to a relative
 * 1e-6) for which mold_necessary() fails, and at least the longest task's
 * shortest time.  hi must be a makespan that is reached (an upper bound). */
static double mold_lower_bound(const struct mold *M, double hi)
{
	int n = M->n;
	double lo = 0;
	for (int j = 0; j < n; j++) {
		double t = M->lo[j] ? mold_p(M, j, M->hi[j]) : INFINITY;
		if (M->k > 0 && M->g[j] < t)
			t = M->g[j];
		if (t > lo)
			lo = t;
	}
	if (!(hi > lo))
		return lo;
	int *idx = hs_malloc((n ? n : 1) * sizeof(int));
	double *key = hs_malloc((n ? n : 1) * sizeof(double));
	double *w = hs_malloc((n ? n : 1) * sizeof(double));
	if (!mold_necessary(M, lo, idx, key, w)) {
		while (hi > lo * (1 + 1e-6)) {
			double mid = sqrt(lo * hi);
			if (mold_necessary(M, mid, idx, key, w))
				hi = mid;
			else
				lo = mid;
		}
	}
	free(idx);
	free(key);
	free(w);
	return lo;
}

/* ======================================================================
 * Dual approximation driver (shared by approx32 and approx2)
 * ====================================================================== */

struct mold_params {
	double cutoff;    /* stop when upper/lower <= cutoff */
	int verbose;
	int optimal;      /* approx32: solve each ILP to optimality */
	int short_obj;    /* approx32: fewest set (2) tasks first, then min W_C */
	double ilp_limit; /* approx32: seconds for one branch-and-bound */
	int compact;      /* shift tasks left after the construction */
};

struct mold_stats {
	double lambda;   /* final accepted guess */
	double lb;       /* final lower bound: largest guess proven too small, or lb0 */
	double lb0, ub0; /* initial bounds */
	int steps;       /* guesses tested */
	int accepted, rejected;
	int lps, ilps;   /* LP relaxations and branch-and-bounds solved */
	int rounded;     /* guesses accepted by rounding the LP solution */
	int greedy;      /* guesses accepted by the greedy assignment (no LP) */
	int uncertain;   /* guesses rejected without proof (solver limit) */
	int nudges;      /* guesses moved up by 1e-4 after a solver limit */
	double lp_time, ilp_time, time;
	double mean_sets; /* eligible sets per task, averaged over the guesses */
	long set_count, set_tasks;
};

/* Result of testing one guess. */
enum { TEST_REJECT = 0, TEST_ACCEPT = 1, TEST_UNSURE = 2, TEST_ERROR = -1 };

typedef int (*test_fn)(void *st, double lam, struct mold_sched *S, double *used);

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void vlog(const struct mold_params *P, const char *fmt, ...) HS_PRINTF(2, 3);
static void vlog(const struct mold_params *P, const char *fmt, ...)
{
	if (!P->verbose)
		return;
	va_list ap;
	va_start(ap, fmt);
	fprintf(stderr, "moldable: ");
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
}

/* Geometric bisection on the guess between a lower bound lo (no schedule
 * shorter) and an upper bound hi (a schedule of length hi exists, so the
 * test accepts hi in theory).  The stopping rule is on the ratio, so the
 * geometric mean halves log(hi/lo) each step; the first guess probes
 * lo*cutoff.  Returns 0 with S holding the
 * schedule of the smallest accepted guess, -1 on a solver error. */
static int dual_search(test_fn test, void *st, double lo, double hi, const struct mold_params *P,
		       struct mold_stats *ss, struct mold_sched *S, struct mold_sched *tmp)
{
	int have = 0;
	double used, best = hi, proven = lo;
	ss->lb0 = lo;
	ss->ub0 = hi;
	int probe = 1;
	while (hi > lo * P->cutoff) {
		/* The lower bound is often within a percent of the smallest
		 * accepted guess on large instances: probe lo*cutoff first, which
		 * ends the search at once when accepted. */
		double lam = probe ? lo * P->cutoff : sqrt(lo * hi);
		probe = 0;
		int r = test(st, lam, tmp, &used);
		ss->steps++;
		vlog(P, "guess %.9g in [%.9g, %.9g]: %s", lam, lo, hi,
		     r == TEST_ACCEPT ? "accept" : r == TEST_REJECT ? "reject" : r == TEST_UNSURE ? "reject (unproven)" : "error");
		if (r == TEST_ERROR)
			return -1;
		if (r == TEST_ACCEPT) {
			hi = lam;
			best = used;
			sched_swap(S, tmp);
			have = 1;
			ss->accepted++;
		} else {
			lo = lam;
			ss->rejected++;
			if (r == TEST_UNSURE)
				ss->uncertain++;
			else
				proven = lam;
		}
	}
	/* hi is the initial upper bound and was never tested: test it, and
	 * move up if rounding errors make the theory fail by a hair. */
	for (int tries = 0; !have && tries < 200; tries++) {
		int r = test(st, hi, S, &used);
		ss->steps++;
		vlog(P, "guess %.9g (upper bound): %s", hi, r == TEST_ACCEPT ? "accept" : "reject");
		if (r == TEST_ERROR)
			return -1;
		if (r == TEST_ACCEPT) {
			have = 1;
			best = used;
			ss->accepted++;
		} else {
			hi *= P->cutoff > 1.0001 ? P->cutoff : 1.0001;
			ss->rejected++;
		}
	}
	if (!have)
		return -1;
	ss->lambda = best;
	ss->lb = proven;
	return 0;
}

/* An upper bound for the search: the best of two quick heuristics. */
static double heuristic_upper(const struct mold *M)
{
	struct mold_sched H;
	sched_init(&H, M->n);
	mold_heft(M, PRIO_LPT, 0, &H);
	double ub = H.makespan;
	mold_heft(M, PRIO_RATIO, 0, &H);
	if (H.makespan < ub)
		ub = H.makespan;
	mold_heft(M, PRIO_LPT, 1, &H);
	if (H.makespan < ub)
		ub = H.makespan;
	sched_release(&H);
	return ub;
}

/* ======================================================================
 * APPROX-2 (§VI)
 * ====================================================================== */

struct a2 {
	const struct mold *M;
	int *idx, *gam, *cpu, *list, *freec, *where;
	double *key, *load;
	struct heap gh, run;
};

/* Greedy list scheduling of rigid tasks (list[0..nl), gam[j] cores):
 * whenever cores free up, start every waiting task that fits, in list
 * order.  With canonical allotments (work > (gamma-1)*lam for gamma > 1)
 * and total work <= m*lam this ends by 2*lam (see hs-moldable(7)). */
static double list_schedule(struct a2 *A, int nl, struct mold_sched *S)
{
	const struct mold *M = A->M;
	int m = M->m, nfree = m, waiting = nl;
	for (int c = 0; c < m; c++)
		A->freec[c] = m - 1 - c; /* stack: pops core 0 first */
	A->run.n = 0;
	double t = 0, ms = 0;
	int *done = A->where; /* reuse: 1 once started */
	for (int i = 0; i < nl; i++)
		done[i] = 0;
	while (waiting) {
		for (int i = 0; i < nl && nfree > 0; i++) {
			int j = A->list[i];
			int q = A->gam[j], u = mold_use(M, j, q);
			if (done[i] || u > nfree)
				continue;
			/* a monotonized task holds only the u <= q cores it uses */
			sched_cpu(S, M, j, q, A->freec + nfree - u, t);
			nfree -= u;
			done[i] = 1;
			waiting--;
			double e = t + mold_p(M, j, q); /* released at the planned end */
			heap_push(&A->run, e, j);
			if (e > ms)
				ms = e;
		}
		if (!waiting)
			break;
		if (!A->run.n)
			return INFINITY; /* a task wants more cores than exist */
		t = A->run.key[0];
		while (A->run.n && A->run.key[0] <= t) {
			int j = A->run.id[0];
			heap_pop(&A->run);
			const int *c = S->cores + S->coreoff[j];
			for (int x = 0; x < S->ncores[j]; x++)
				A->freec[nfree++] = c[x];
		}
	}
	return ms;
}

static int a2_test(void *st, double lam, struct mold_sched *S, double *used)
{
	*used = lam;
	struct a2 *A = st;
	const struct mold *M = A->M;
	int n = M->n, k = M->k, nl = 0, nflex = 0;
	sched_reset(S);
	double work = 0;
	/* Step 1: tasks that fit within lam on one kind only */
	A->gh.n = 0;
	for (int q = 0; q < k; q++) {
		A->load[q] = 0;
		heap_push(&A->gh, 0, q);
	}
	int *forced = A->idx + n; /* second half of idx */
	int nforced = 0;
	for (int j = 0; j < n; j++) {
		int l = mold_gamma(M, j, lam);
		int okg = k > 0 && M->g[j] <= lam;
		A->gam[j] = l;
		A->cpu[j] = 0;
		if (!l && !okg)
			return TEST_REJECT;
		if (!okg) {
			A->cpu[j] = 1;
			A->list[nl++] = j;
			work += l * mold_p(M, j, l);
		} else if (!l) {
			forced[nforced++] = j;
			A->key[j] = M->g[j];
		} else {
			A->idx[nflex++] = j;
		}
	}
	/* GPU-only tasks first, longest first, each on the least loaded GPU */
	sort_by(forced, nforced, A->key, 1);
	for (int i = 0; i < nforced; i++) {
		int j = forced[i], q = A->gh.id[0];
		if (A->gh.key[0] > lam)
			return TEST_REJECT; /* every GPU above lam: more than k*lam */
		heap_pop(&A->gh);
		sched_gpu(S, M, j, q, A->load[q]);
		A->load[q] += M->g[j];
		heap_push(&A->gh, A->load[q], q);
	}
	/* Step 2-3: by decreasing work/GPU-time ratio onto the GPUs until every
	 * GPU carries more than lam */
	for (int i = 0; i < nflex; i++) {
		int j = A->idx[i];
		A->key[j] = A->gam[j] * mold_p(M, j, A->gam[j]) / M->g[j];
	}
	sort_by(A->idx, nflex, A->key, 1);
	for (int i = 0; i < nflex; i++) {
		int j = A->idx[i];
		if (A->gh.n && A->gh.key[0] <= lam) {
			int q = A->gh.id[0];
			heap_pop(&A->gh);
			sched_gpu(S, M, j, q, A->load[q]);
			A->load[q] += M->g[j];
			heap_push(&A->gh, A->load[q], q);
		} else {
			A->cpu[j] = 1;
			A->list[nl++] = j;
			work += A->gam[j] * mold_p(M, j, A->gam[j]);
		}
	}
	/* Step 4: the rest on gamma(j, lam) cores; Lemma 12 bounds the work */
	if (work > M->m * lam * (1 + 1e-12))
		return TEST_REJECT;
	for (int i = 0; i < nl; i++) {
		int j = A->list[i];
		A->key[j] = A->gam[j] + mold_p(M, j, A->gam[j]) / (4 * lam); /* cores, then time */
	}
	sort_by(A->list, nl, A->key, 1);
	double ms = list_schedule(A, nl, S);
	if (!(ms <= 2 * lam * (1 + 1e-9)))
		return TEST_REJECT;
	sched_makespan(S);
	return TEST_ACCEPT;
}

static int mold_approx2(const struct mold *M, const struct mold_params *P, struct mold_sched *S,
			struct mold_stats *ss)
{
	double t0 = now_s();
	int n = M->n;
	memset(ss, 0, sizeof *ss);
	sched_reset(S);
	if (!n)
		return 0;
	struct a2 A;
	memset(&A, 0, sizeof A);
	A.M = M;
	A.idx = hs_malloc(2 * n * sizeof(int));
	A.gam = hs_malloc(n * sizeof(int));
	A.cpu = hs_malloc(n * sizeof(int));
	A.list = hs_malloc(n * sizeof(int));
	A.where = hs_malloc(n * sizeof(int));
	A.freec = hs_malloc(M->m * sizeof(int));
	A.key = hs_malloc(n * sizeof(double));
	A.load = hs_malloc((M->k ? M->k : 1) * sizeof(double));
	heap_init(&A.gh, M->k);
	heap_init(&A.run, n);
	double ub = heuristic_upper(M);
	double lb = mold_lower_bound(M, ub);
	struct mold_sched tmp;
	sched_init(&tmp, n);
	int r = dual_search(a2_test, &A, lb, ub, P, ss, S, &tmp);
	sched_release(&tmp);
	free(A.idx);
	free(A.gam);
	free(A.cpu);
	free(A.list);
	free(A.where);
	free(A.freec);
	free(A.key);
	free(A.load);
	heap_free(&A.gh);
	heap_free(&A.run);
	if (r == 0 && P->compact)
		sched_compact(S, M);
	ss->time = now_s() - t0;
	return r;
}

/* ======================================================================
 * APPROX-3/2 (§IV-V)
 * ====================================================================== */

/* The seven sets: (0)-(4) on cores, (5)-(6) on GPUs. */
#define NSETS 7

struct a32 {
	const struct mold *M;
	const struct mold_params *P;
	struct mold_stats *ss;
	/* per guess */
	double lam;
	unsigned char *elig;  /* n bit masks of eligible sets */
	int *gam;             /* n*NSETS core counts (0 for GPU sets) */
	double *w;            /* n*NSETS works on the cores (0 for GPU sets) */
	int *set;             /* the chosen set of each task */
	/* GLPK model kept across guesses (re-solved from the last basis) */
	glp_prob *lp;
	int *ind;
	double *val;
	int have_basis;
	/* rounding */
	int *frac;
	/* construction */
	int *ord, *cols, *alloc, big;
	double *bot, *top, *tmpk, *psum;
	unsigned char *inpool, *lone;
	struct heap h;
};

/* GLPK numbering: task j's set i is column 1 + j*NSETS + i; then left and
 * right of set (1).  Rows 1..n say each task is in one set (C6). */
#define COL(j, i) (1 + (j) * NSETS + (i))
enum { R_C1 = 1, R_C2, R_C3, R_C4, R_C5, R_C7, R_C8, NCOUPLE = R_C8 };

/* Eligible sets of §IV-B2 for one task at guess lam. */
static unsigned a32_sets(const struct mold *M, int j, double lam, int *gam, double *w)
{
	unsigned e = 0;
	double h2 = 0.5 * lam, h34 = 0.75 * lam, h32 = 1.5 * lam;
	for (int i = 0; i < NSETS; i++) {
		gam[i] = 0;
		w[i] = 0;
	}
	if (M->lo[j] == 1) {
		double p1 = mold_p(M, j, 1);
		if (p1 <= h2)
			e |= 1u << 0;
		else if (p1 <= h34)
			e |= 1u << 1;
		gam[0] = gam[1] = 1;
		w[0] = w[1] = p1;
	}
	int g;
	if ((g = mold_gamma(M, j, h32)) && mold_p(M, j, g) > lam) {
		e |= 1u << 2;
		gam[2] = g;
		w[2] = g * mold_p(M, j, g);
	}
	if ((g = mold_gamma(M, j, lam)) && mold_p(M, j, g) > h2 && !(e & 2u)) {
		e |= 1u << 3;
		gam[3] = g;
		w[3] = g * mold_p(M, j, g);
	}
	if ((g = mold_gamma(M, j, h2)) && g > 1) {
		e |= 1u << 4;
		gam[4] = g;
		w[4] = g * mold_p(M, j, g);
	}
	if (M->k > 0 && M->g[j] <= lam)
		e |= M->g[j] > h2 ? 1u << 5 : 1u << 6;
	return e;
}

static void a32_build_lp(struct a32 *A)
{
	const struct mold *M = A->M;
	int n = M->n;
	glp_prob *lp = glp_create_prob();
	glp_set_obj_dir(lp, GLP_MIN);
	glp_add_rows(lp, n + NCOUPLE);
	glp_add_cols(lp, n * NSETS + 2);
	int cl = n * NSETS + 1, cr = n * NSETS + 2;
	for (int c = 1; c <= n * NSETS + 2; c++) {
		glp_set_col_kind(lp, c, GLP_IV);
		glp_set_col_bnds(lp, c, GLP_FX, 0, 0);
	}
	glp_set_col_bnds(lp, cl, GLP_DB, 0, M->m);
	glp_set_col_bnds(lp, cr, GLP_DB, 0, M->m);
	/* (C6) one set per task */
	int ind[NSETS + 1];
	double val[NSETS + 1];
	for (int j = 0; j < n; j++) {
		for (int i = 0; i < NSETS; i++) {
			ind[i + 1] = COL(j, i);
			val[i + 1] = 1;
		}
		glp_set_row_bnds(lp, NCOUPLE + 1 + j, GLP_FX, 1, 1);
		glp_set_mat_row(lp, NCOUPLE + 1 + j, NSETS, ind, val);
	}
	/* All coupling rows are scaled to right-hand sides of 1 so that the
	 * coefficients stay near 1 whatever the instance's time unit. */
	glp_set_row_bnds(lp, R_C1, GLP_UP, 0, 1);
	glp_set_row_bnds(lp, R_C2, GLP_UP, 0, 1);
	glp_set_row_bnds(lp, R_C3, GLP_UP, 0, 1);
	glp_set_row_bnds(lp, R_C4, GLP_UP, 0, 1);
	glp_set_row_bnds(lp, R_C5, GLP_UP, 0, M->k);
	glp_set_row_bnds(lp, R_C7, GLP_FX, 0, 0);
	glp_set_row_bnds(lp, R_C8, GLP_DB, 0, 1);
	/* (C5) at most k tasks in set (5) */
	int nz = 0;
	for (int j = 0; j < n; j++) {
		A->ind[++nz] = COL(j, 5);
		A->val[nz] = 1;
	}
	glp_set_mat_row(lp, R_C5, nz, A->ind, A->val);
	/* (C7) set (1) = left + right; (C8) 0 <= left - right <= 1 */
	nz = 0;
	for (int j = 0; j < n; j++) {
		A->ind[++nz] = COL(j, 1);
		A->val[nz] = 1;
	}
	A->ind[++nz] = cl;
	A->val[nz] = -1;
	A->ind[++nz] = cr;
	A->val[nz] = -1;
	glp_set_mat_row(lp, R_C7, nz, A->ind, A->val);
	A->ind[1] = cl;
	A->val[1] = 1;
	A->ind[2] = cr;
	A->val[2] = -1;
	glp_set_mat_row(lp, R_C8, 2, A->ind, A->val);
	A->lp = lp;
}

/* Load guess lam into the persistent model: bounds of the columns (sets
 * not eligible are fixed at 0), objective W_C/(m*lam) and the rows whose
 * coefficients depend on lam. */
static void a32_load_lp(struct a32 *A)
{
	const struct mold *M = A->M;
	glp_prob *lp = A->lp;
	int n = M->n, m = M->m, k = M->k;
	double lam = A->lam;
	int cl = n * NSETS + 1, cr = n * NSETS + 2;
	for (int j = 0; j < n; j++)
		for (int i = 0; i < NSETS; i++) {
			int c = COL(j, i), on = A->elig[j] >> i & 1;
			int type = glp_get_col_type(lp, c);
			if (on && type != GLP_DB)
				glp_set_col_bnds(lp, c, GLP_DB, 0, 1);
			else if (!on && type != GLP_FX)
				glp_set_col_bnds(lp, c, GLP_FX, 0, 0);
			double v = i < 5 && on ? A->w[j * NSETS + i] / (m * lam) : 0;
			/* objective=short: each set (2) task (longer than λ) costs
			 * more than any difference in W_C/(mλ) <= 1 */
			if (i == 2 && on && A->P->short_obj)
				v += 1;
			glp_set_obj_coef(lp, c, v);
		}
	int nz;
	/* (C1) W_C <= m lam */
	nz = 0;
	for (int j = 0; j < n; j++)
		for (int i = 0; i < 5; i++)
			if (A->elig[j] >> i & 1) {
				A->ind[++nz] = COL(j, i);
				A->val[nz] = A->w[j * NSETS + i] / (m * lam);
			}
	glp_set_mat_row(lp, R_C1, nz, A->ind, A->val);
	/* (C2) left + sets (2), (3) <= m cores; (C3) right + sets (2), (4) */
	nz = 0;
	for (int j = 0; j < n; j++)
		for (int i = 2; i <= 3; i++)
			if (A->elig[j] >> i & 1) {
				A->ind[++nz] = COL(j, i);
				A->val[nz] = (double)A->gam[j * NSETS + i] / m;
			}
	A->ind[++nz] = cl;
	A->val[nz] = 1.0 / m;
	glp_set_mat_row(lp, R_C2, nz, A->ind, A->val);
	nz = 0;
	for (int j = 0; j < n; j++)
		for (int i = 2; i <= 4; i += 2)
			if (A->elig[j] >> i & 1) {
				A->ind[++nz] = COL(j, i);
				A->val[nz] = (double)A->gam[j * NSETS + i] / m;
			}
	A->ind[++nz] = cr;
	A->val[nz] = 1.0 / m;
	glp_set_mat_row(lp, R_C3, nz, A->ind, A->val);
	/* (C4) GPU area <= k lam */
	nz = 0;
	for (int j = 0; j < n; j++)
		for (int i = 5; i <= 6; i++)
			if (A->elig[j] >> i & 1) {
				A->ind[++nz] = COL(j, i);
				A->val[nz] = M->g[j] / ((k ? k : 1) * lam);
			}
	glp_set_mat_row(lp, R_C4, nz, A->ind, A->val);
}

/* Does the assignment set[] satisfy (C1)-(C5), (C7)-(C8)?  left/right are
 * the halves of set (1), left taking the odd one. */
static int a32_check(const struct a32 *A, const int *set)
{
	const struct mold *M = A->M;
	double wc = 0, wg = 0;
	long c2 = 0, c3 = 0, n1 = 0, n5 = 0;
	for (int j = 0; j < M->n; j++) {
		int i = set[j];
		if (!(A->elig[j] >> i & 1))
			return 0;
		if (i < 5)
			wc += A->w[j * NSETS + i];
		else
			wg += M->g[j];
		switch (i) {
		case 1: n1++; break;
		case 2: c2 += A->gam[j * NSETS + 2]; c3 += A->gam[j * NSETS + 2]; break;
		case 3: c2 += A->gam[j * NSETS + 3]; break;
		case 4: c3 += A->gam[j * NSETS + 4]; break;
		case 5: n5++; break;
		}
	}
	/* the areas with the LP's relative tolerance: sums in another order
	 * than the bound's may differ by an ulp */
	double tol = 1 + 1e-9;
	return wc <= M->m * A->lam * tol && wg <= M->k * A->lam * tol && c2 + (n1 + 1) / 2 <= M->m &&
	       c3 + n1 / 2 <= M->m && n5 <= M->k;
}

/* Depth-first search over the sets of the few fractional tasks of a basic
 * LP solution (at most one per coupling row), the others kept at their
 * integral value.  Returns 1 with set[] feasible. */
static int a32_round_dfs(struct a32 *A, int *set, int nf, int d, long *budget)
{
	if (--*budget < 0)
		return 0;
	if (d == nf)
		return a32_check(A, set);
	int j = A->frac[d];
	for (int i = 0; i < NSETS; i++)
		if (A->elig[j] >> i & 1) {
			set[j] = i;
			if (a32_round_dfs(A, set, nf, d + 1, budget))
				return 1;
		}
	return 0;
}

static int a32_round(struct a32 *A)
{
	const struct mold *M = A->M;
	int nf = 0;
	for (int j = 0; j < M->n; j++) {
		int best = -1;
		double bx = -1;
		for (int i = 0; i < NSETS; i++)
			if (A->elig[j] >> i & 1) {
				double x = glp_get_col_prim(A->lp, COL(j, i));
				if (x > bx) {
					bx = x;
					best = i;
				}
			}
		A->set[j] = best;
		if (bx < 1 - 1e-7)
			A->frac[nf++] = j;
	}
	if (nf > 16)
		return 0;
	long budget = 100000;
	return a32_round_dfs(A, A->set, nf, 0, &budget);
}

/* A quick integer solution without the LP: every task in its cheapest
 * set on the cores (objective=short: sets other than (2) first), then the
 * tasks that save the most CPU cost per unit of GPU time move to the GPUs
 * while the GPU area kλ and the k places of set (5) allow.  This is the
 * LP's own structure (a fractional knapsack, rounded down), so it often
 * satisfies every constraint; when it does not, the LP decides. */
static int a32_greedy(struct a32 *A)
{
	const struct mold *M = A->M;
	int n = M->n, nf = 0;
	double capg = M->k * A->lam, gpu = 0;
	long n5 = 0;
	double *key = A->tmpk;
	int *idx = A->frac;
	for (int j = 0; j < n; j++) {
		unsigned e = A->elig[j];
		int best = -1;
		double bc = INFINITY;
		for (int i = 0; i < 5; i++)
			if (e >> i & 1) {
				double c = A->w[j * NSETS + i] + (i == 2 && A->P->short_obj ? M->m * A->lam : 0);
				if (c < bc) {
					bc = c;
					best = i;
				}
			}
		int gs = e >> 5 & 1 ? 5 : e >> 6 & 1 ? 6 : -1;
		if (best < 0) {
			A->set[j] = gs;
			gpu += M->g[j];
			n5 += gs == 5;
		} else {
			A->set[j] = best;
			if (gs >= 0) {
				idx[nf++] = j;
				key[j] = bc / M->g[j];
			}
		}
	}
	if (gpu > capg || n5 > M->k)
		return 0;
	sort_by(idx, nf, key, 1);
	for (int q = 0; q < nf; q++) {
		int j = idx[q], gs = A->elig[j] >> 5 & 1 ? 5 : 6;
		if (gpu + M->g[j] <= capg && (gs == 6 || n5 < M->k)) {
			A->set[j] = gs;
			gpu += M->g[j];
			n5 += gs == 5;
		}
	}
	return a32_check(A, A->set);
}

struct a32_cb {
	int optimal;
};

/* Stop the branch-and-bound at the first integer solution: acceptance only
 * needs W_C <= m lam.  GLPK's heuristics may store one without a
 * GLP_IBINGO call, so look at the incumbent at every call. */
static void a32_callback(glp_tree *T, void *info)
{
	const struct a32_cb *cb = info;
	if (!cb->optimal && glp_mip_status(glp_ios_get_prob(T)) == GLP_FEAS)
		glp_ios_terminate(T);
}

/* GLPK writes to stdout, which carries the hs stream: send it to stderr. */
static int glpk_to_stderr(void *info, const char *s)
{
	(void)info;
	fputs(s, stderr);
	return 1;
}

static int a32_simplex(struct a32 *A)
{
	glp_smcp sp;
	glp_init_smcp(&sp);
	sp.msg_lev = A->P->verbose ? GLP_MSG_ON : GLP_MSG_OFF;
	sp.meth = GLP_DUALP;
	if (!A->have_basis) {
		glp_adv_basis(A->lp, 0);
		A->have_basis = 1;
	}
	double t0 = now_s();
	int r = glp_simplex(A->lp, &sp);
	if (r == GLP_EBADB || r == GLP_ESING || r == GLP_ECOND) {
		glp_adv_basis(A->lp, 0);
		sp.meth = GLP_PRIMAL;
		r = glp_simplex(A->lp, &sp);
	}
	A->ss->lps++;
	A->ss->lp_time += now_s() - t0;
	if (r != 0)
		return -1;
	return glp_get_status(A->lp);
}

/* Branch and bound from the optimal LP basis.  Returns 1 with set[] when an
 * integer solution was found, 0 when none exists, 2 at the time limit. */
static int a32_intopt(struct a32 *A, int mir)
{
	const struct mold *M = A->M;
	struct a32_cb cb = {A->P->optimal};
	glp_iocp ip;
	glp_init_iocp(&ip);
	ip.msg_lev = A->P->verbose ? GLP_MSG_ON : GLP_MSG_OFF;
	ip.presolve = GLP_OFF; /* the LP basis is optimal already */
	ip.cb_func = a32_callback;
	ip.cb_info = &cb;
	ip.mir_cuts = mir ? GLP_ON : GLP_OFF;
	ip.br_tech = GLP_BR_DTH;
	ip.bt_tech = GLP_BT_BLB;
	ip.tm_lim = A->P->ilp_limit > 0 ? (int)(A->P->ilp_limit * 1000) + 1 : INT_MAX;
	double t0 = now_s();
	int r = glp_intopt(A->lp, &ip);
	A->ss->ilps++;
	A->ss->ilp_time += now_s() - t0;
	int st = glp_mip_status(A->lp);
	if (st == GLP_OPT || st == GLP_FEAS) {
		for (int j = 0; j < M->n; j++) {
			A->set[j] = -1;
			for (int i = 0; i < NSETS; i++)
				if ((A->elig[j] >> i & 1) && glp_mip_col_val(A->lp, COL(j, i)) > 0.5)
					A->set[j] = i;
		}
		return 1;
	}
	if (r == 0 && st == GLP_NOFEAS)
		return 0;
	if (r == GLP_ETMLIM || r == GLP_ESTOP || r == 0)
		return 2;
	return -1;
}

static int a32_construct(struct a32 *A, struct mold_sched *S);

/* Test a guess: sets, LP relaxation (rejects), rounding or branch and
 * bound (accepts), then the §V-B construction. */
static int a32_test_once(struct a32 *A, double lam, struct mold_sched *S)
{
	const struct mold *M = A->M;
	int n = M->n;
	A->lam = lam;
	for (int j = 0; j < n; j++) {
		A->elig[j] = (unsigned char)a32_sets(M, j, lam, A->gam + j * NSETS, A->w + j * NSETS);
		if (!A->elig[j])
			return TEST_REJECT; /* too long everywhere */
		A->ss->set_count += __builtin_popcount(A->elig[j]);
	}
	A->ss->set_tasks += n;
	if (!A->P->optimal && a32_greedy(A)) {
		A->ss->greedy++;
		if (a32_construct(A, S) == 0)
			return TEST_ACCEPT;
	}
	if (!A->lp)
		a32_build_lp(A);
	a32_load_lp(A);
	int st = a32_simplex(A);
	if (st == GLP_NOFEAS || st == GLP_INFEAS)
		return TEST_REJECT;
	if (st != GLP_OPT)
		return TEST_ERROR;
	int found = 0;
	if (!A->P->optimal && a32_round(A)) {
		found = 1;
		A->ss->rounded++;
	} else {
		int r = a32_intopt(A, 0);
		if (r == 2) /* slow near the threshold: MIR cuts close such gaps */
			r = a32_intopt(A, 1);
		if (r < 0)
			return TEST_ERROR;
		if (r == 0)
			return TEST_REJECT;
		if (r == 2)
			return TEST_UNSURE;
		found = 1;
	}
	if (!found)
		return TEST_ERROR;
	if (!a32_check(A, A->set))
		return TEST_UNSURE; /* the solver's tolerance: nudge */
	if (a32_construct(A, S) != 0)
		return TEST_UNSURE; /* cannot happen with exact arithmetic */
	return TEST_ACCEPT;
}

static int a32_test(void *st, double lam, struct mold_sched *S, double *used)
{
	struct a32 *A = st;
	int r = a32_test_once(A, lam, S);
	/* A guess on a knife's edge can make branch and bound slow: nudging
	 * it by 1e-4 costs nothing against a cutoff of 1%. */
	*used = lam;
	if (r == TEST_UNSURE) {
		/* a proven rejection of the larger guess also rejects lam */
		*used = lam * (1 + 1e-4);
		r = a32_test_once(A, *used, S);
		A->ss->nudges++;
	}
	return r;
}

/* §V-B: the schedule of length 3λ/2 from an assignment to the seven sets.
 * Cores are columns; each column c is busy on [0, bot[c]] and [top[c], T]
 * with T = 3λ/2, and free in between:
 *   set (2): γ(j,3λ/2) columns from 0, for the whole of the task;
 *   set (1): pairs on one column, (1)L from 0 and (1)R ending at T (the
 *            longest left tasks meet the shortest right ones);
 *   set (3): γ(j,λ) columns from 0;
 *   set (4): γ(j,λ/2) columns ending at T, on the columns that are neither
 *            in set (2) nor under a (1)R task (C3 counts them);
 *   set (0): longest first, each ending at the top of the free gap of the
 *            least loaded column (Lemma 5 shows it fits);
 *   GPUs:    set (5) one per GPU from 0, then set (6) longest first at the
 *            top of the least loaded GPU (Lemma 6).
 * Two refinements use the columns that (C2) leaves free; neither breaks
 * the proofs, as every column still has a bottom block of length <= λ
 * (or is a set (2) column) and the total work stays <= mλ:
 *   - a pair of set (1) is split, its (1)R task running from 0 on a free
 *     column (the pairs with the longest sum first);
 *   - a set (2) task gets γ(j,λ) cores instead of γ(j,3λ/2) when the extra
 *     cores are free and the work stays within mλ (longest first).
 * Returns -1 when a task does not fit (only possible through rounding). */
static int a32_construct(struct a32 *A, struct mold_sched *S)
{
	const struct mold *M = A->M;
	int n = M->n, m = M->m, k = M->k;
	double lam = A->lam, T = 1.5 * lam;
	double *bot = A->bot, *top = A->top;
	int *ord = A->ord, *cols = A->cols;
	unsigned char *inpool = A->inpool;
	sched_reset(S);
	for (int c = 0; c < m; c++) {
		bot[c] = 0;
		top[c] = T;
		inpool[c] = 1;
	}
	int no = 0;
#define GAM(j, i) (A->gam[(j) * NSETS + (i)])
	/* columns that (C2) leaves free, and the work against mλ */
	long used = 0;
	double wc = 0;
	for (int j = 0; j < n; j++) {
		int i = A->set[j];
		if (i < 5)
			wc += A->w[j * NSETS + i];
		if (i == 2 || i == 3)
			used += GAM(j, i);
		if (i == 1)
			no++;
		A->alloc[j] = i < 5 ? GAM(j, i) : 0;
	}
	int left = (no + 1) / 2, right = no / 2;
	long fr = m - used - left;
	if (fr < 0)
		return -1;
	/* set (1): sorted longest first; pair i is (ord[i], ord[no-1-i]) */
	double *key = A->tmpk;
	no = 0;
	for (int j = 0; j < n; j++)
		if (A->set[j] == 1) {
			ord[no++] = j;
			key[j] = mold_p(M, j, 1);
		}
	sort_by(ord, no, key, 1);
	int *pairs = A->ord + 2 * A->big, npair = right;
	double *psum = A->psum;
	for (int i = 0; i < right; i++) {
		pairs[i] = i;
		psum[i] = key[ord[i]] + key[ord[no - 1 - i]];
	}
	sort_by(pairs, npair, psum, 1);
	int split = fr < right ? (int)fr : right;
	fr -= split;
	unsigned char *lone = A->lone; /* pair i split? */
	for (int i = 0; i < right; i++)
		lone[i] = 0;
	for (int q = 0; q < split; q++)
		lone[pairs[q]] = 1;
	/* set (2): widen the longest while cores and work allow */
	int n2 = 0;
	int *two = pairs; /* reuse */
	for (int j = 0; j < n; j++)
		if (A->set[j] == 2) {
			two[n2++] = j;
			key[j] = mold_p(M, j, GAM(j, 2));
		}
	sort_by(two, n2, key, 1);
	for (int q = 0; q < n2; q++) {
		int j = two[q], g3 = mold_gamma(M, j, lam);
		if (!g3)
			continue;
		double dw = g3 * mold_p(M, j, g3) - A->w[j * NSETS + 2];
		if (g3 - GAM(j, 2) <= fr && wc + dw <= m * lam) {
			fr -= g3 - GAM(j, 2);
			wc += dw;
			A->alloc[j] = g3;
		}
	}
	int col = 0;
	/* set (2): narrow ones span the whole height; widened ones end by λ */
	for (int j = 0; j < n; j++)
		if (A->set[j] == 2) {
			int g = A->alloc[j];
			if (col + g > m)
				return -1;
			for (int q = 0; q < g; q++) {
				cols[q] = col + q;
				bot[col + q] = mold_p(M, j, g);
				inpool[col + q] = g != GAM(j, 2);
			}
			sched_cpu(S, M, j, g, cols, 0);
			col += g;
		}
	/* set (1): two shelves, or split pairs */
	if (col + left > m)
		return -1;
	int c1 = col;
	for (int i = 0; i < left; i++) {
		int j = ord[i], c = col + i;
		bot[c] = mold_p(M, j, 1);
		sched_cpu(S, M, j, 1, &c, 0);
	}
	col += left;
	for (int i = 0; i < right; i++) {
		int j = ord[no - 1 - i], c = c1 + i;
		if (lone[i]) {
			c = col++;
			bot[c] = mold_p(M, j, 1);
			sched_cpu(S, M, j, 1, &c, 0);
			continue;
		}
		double st = T - mold_p(M, j, 1);
		if (st < bot[c])
			st = bot[c];
		top[c] = st;
		inpool[c] = 0;
		sched_cpu(S, M, j, 1, &c, st);
	}
	/* set (3) */
	for (int j = 0; j < n; j++)
		if (A->set[j] == 3) {
			int g = GAM(j, 3);
			if (col + g > m)
				return -1;
			for (int q = 0; q < g; q++) {
				cols[q] = col + q;
				bot[col + q] = mold_p(M, j, g);
			}
			sched_cpu(S, M, j, g, cols, 0);
			col += g;
		}
	/* set (4): on the pool of columns without set (2) or (1)R, those that
	 * free first taking the longest tasks */
	int npool = 0;
	int *pool = A->ord + A->big; /* second third */
	for (int c = 0; c < m; c++)
		if (inpool[c])
			pool[npool++] = c;
	sort_by(pool, npool, bot, 0);
	no = 0;
	for (int j = 0; j < n; j++)
		if (A->set[j] == 4) {
			ord[no++] = j;
			key[j] = mold_p(M, j, GAM(j, 4));
		}
	sort_by(ord, no, key, 1);
	int pc = 0;
	for (int i = 0; i < no; i++) {
		int j = ord[i], g = GAM(j, 4);
		double d = mold_p(M, j, g), st = T - d;
		if (pc + g > npool)
			return -1;
		for (int q = 0; q < g; q++) {
			cols[q] = pool[pc + q];
			if (bot[cols[q]] > st)
				st = bot[cols[q]];
		}
		for (int q = 0; q < g; q++)
			top[cols[q]] = st;
		sched_cpu(S, M, j, g, cols, st);
		pc += g;
	}
	/* set (0): least loaded column, from the top of its gap downwards */
	no = 0;
	for (int j = 0; j < n; j++)
		if (A->set[j] == 0) {
			ord[no++] = j;
			key[j] = mold_p(M, j, 1);
		}
	sort_by(ord, no, key, 1);
	A->h.n = 0;
	for (int c = 0; c < m; c++)
		heap_push(&A->h, bot[c] + (T - top[c]), c);
	for (int i = 0; i < no; i++) {
		int j = ord[i], c = A->h.id[0];
		double d = mold_p(M, j, 1);
		if (top[c] - d < bot[c]) {
			/* only through rounding (Lemma 5): any column with room */
			int c2 = -1;
			for (int q = 0; q < m && c2 < 0; q++)
				if (top[q] - d >= bot[q])
					c2 = q;
			if (c2 < 0)
				return -1;
			top[c2] -= d;
			sched_cpu(S, M, j, 1, &c2, top[c2]);
			for (int q = 0; q < A->h.n; q++)
				if (A->h.id[q] == c2) { /* rebuild: rare */
					A->h.n = 0;
					for (int x = 0; x < m; x++)
						heap_push(&A->h, bot[x] + (T - top[x]), x);
					break;
				}
			continue;
		}
		heap_pop(&A->h);
		top[c] -= d;
		sched_cpu(S, M, j, 1, &c, top[c]);
		heap_push(&A->h, bot[c] + (T - top[c]), c);
	}
	/* GPUs: set (5) then set (6) */
	int g5 = 0;
	for (int q = 0; q < k; q++) {
		bot[q] = 0;
		top[q] = T;
	}
	for (int j = 0; j < n; j++)
		if (A->set[j] == 5) {
			if (g5 >= k)
				return -1;
			bot[g5] = M->g[j];
			sched_gpu(S, M, j, g5++, 0);
		}
	no = 0;
	for (int j = 0; j < n; j++)
		if (A->set[j] == 6) {
			ord[no++] = j;
			key[j] = M->g[j];
		}
	sort_by(ord, no, key, 1);
	A->h.n = 0;
	for (int q = 0; q < k; q++)
		heap_push(&A->h, bot[q] + (T - top[q]), q);
	for (int i = 0; i < no; i++) {
		int j = ord[i], q = A->h.id[0];
		double d = M->g[j];
		if (top[q] - d < bot[q])
			return -1; /* only through rounding (Lemma 6): nudge the guess */
		heap_pop(&A->h);
		top[q] -= d;
		sched_gpu(S, M, j, q, top[q]);
		heap_push(&A->h, bot[q] + (T - top[q]), q);
	}
#undef GAM
	sched_makespan(S);
	return 0;
}

static void a32_init(struct a32 *A, const struct mold *M, const struct mold_params *P,
		     struct mold_stats *ss)
{
	int n = M->n, m = M->m, nn = n ? n : 1;
	memset(A, 0, sizeof *A);
	A->M = M;
	A->P = P;
	A->ss = ss;
	A->elig = hs_calloc(nn, 1);
	A->gam = hs_calloc((size_t)nn * NSETS, sizeof(int));
	A->w = hs_calloc((size_t)nn * NSETS, sizeof(double));
	A->set = hs_calloc(nn, sizeof(int));
	A->frac = hs_malloc(nn * sizeof(int));
	A->ind = hs_malloc(((size_t)n * NSETS + 4) * sizeof(int));
	A->val = hs_malloc(((size_t)n * NSETS + 4) * sizeof(double));
	int big = (n > m ? n : m) + M->k + 1;
	A->big = big;
	A->ord = hs_malloc(3 * big * sizeof(int));
	A->alloc = hs_malloc(nn * sizeof(int));
	A->psum = hs_malloc(nn * sizeof(double));
	A->inpool = hs_malloc(m);
	A->lone = hs_malloc(nn);
	A->cols = hs_malloc(m * sizeof(int));
	A->bot = hs_malloc(big * sizeof(double));
	A->top = hs_malloc(big * sizeof(double));
	A->tmpk = hs_malloc(nn * sizeof(double));
	heap_init(&A->h, big);
}

static void a32_free(struct a32 *A)
{
	if (A->lp)
		glp_delete_prob(A->lp);
	free(A->elig);
	free(A->gam);
	free(A->w);
	free(A->set);
	free(A->frac);
	free(A->ind);
	free(A->val);
	free(A->ord);
	free(A->alloc);
	free(A->psum);
	free(A->inpool);
	free(A->lone);
	free(A->cols);
	free(A->bot);
	free(A->top);
	free(A->tmpk);
	heap_free(&A->h);
	memset(A, 0, sizeof *A);
}

static int mold_approx32(const struct mold *M, const struct mold_params *P, struct mold_sched *S,
			 struct mold_stats *ss)
{
	double t0 = now_s();
	memset(ss, 0, sizeof *ss);
	sched_reset(S);
	if (!M->n)
		return 0;
	struct a32 A;
	a32_init(&A, M, P, ss);
	glp_term_hook(glpk_to_stderr, NULL);
	int term = glp_term_out(P->verbose ? GLP_ON : GLP_OFF);
	double ub = heuristic_upper(M);
	double lb = mold_lower_bound(M, ub);
	struct mold_sched tmp;
	sched_init(&tmp, M->n);
	int r = dual_search(a32_test, &A, lb, ub, P, ss, S, &tmp);
	sched_release(&tmp);
	if (ss->set_tasks)
		ss->mean_sets = (double)ss->set_count / ss->set_tasks;
	a32_free(&A);
	glp_term_out(term);
	glp_term_hook(NULL, NULL);
	if (r == 0 && P->compact)
		sched_compact(S, M);
	ss->time = now_s() - t0;
	return r;
}

/* ======================================================================
 * hs glue: instance -> problem, options, plan records, provenance
 * ====================================================================== */
#ifndef MOLDABLE_CORE_ONLY
#include "hs/plugin.h"

/* Build the problem from a one-node instance.  Returns 0 or -1 after
 * reporting through ctx. */
static int load_problem(const struct hs_instance *in, struct hs_ctx *ctx, int need_mono,
			int monotonize, struct mold *M, int *adapted)
{
	memset(M, 0, sizeof *M); /* mold_release() is safe on every path */
	if (in->plat.nnodes != 1) {
		hs_ctx_error(ctx, "needs a platform of exactly one node (its cores and GPUs); this one has %d",
			     in->plat.nnodes);
		return -1;
	}
	const struct hs_node *nd = &in->plat.nodes[0];
	mold_init(M, in->ntasks, nd->cores, nd->gpus);
	for (int j = 0; j < in->ntasks; j++) {
		const struct hs_task *t = &in->tasks[j];
		if (t->release > 0) {
			hs_ctx_task_error(ctx, t, "has release=%g: these algorithms schedule tasks that are all ready at 0",
					  t->release);
			return -1;
		}
		if (t->on != HS_ON_GPU)
			for (int l = 1; l <= nd->cores; l++) {
				double v = hs_task_time_on(t, nd, l);
				M->raw[(size_t)j * M->m + l - 1] = v >= 0 ? v : INFINITY;
			}
		if (nd->gpus > 0 && t->on != HS_ON_CPU) {
			double v = hs_task_gpu_time_on(t, nd);
			M->g[j] = v >= 0 ? v : INFINITY;
		}
	}
	struct mold_bad bad;
	if (mold_prepare(M, need_mono, monotonize, &bad) != 0) {
		hs_ctx_task_error(ctx, &in->tasks[bad.task], "%s%s", bad.why,
				  need_mono && !monotonize && strstr(bad.why, "monotonic") ?
					  " (-o monotonize adapts it)" :
					  "");
		return -1;
	}
	*adapted = 0;
	if (M->p != M->raw)
		for (int j = 0; j < M->n; j++)
			for (int l = 1; l <= M->m; l++) {
				double a = M->p[(size_t)j * M->m + l - 1], r = M->raw[(size_t)j * M->m + l - 1];
				if (a != r && !(isinf(a) && isinf(r))) {
					(*adapted)++;
					break;
				}
			}
	return 0;
}

static void write_plan(const struct mold_sched *S, struct hs_schedule *out)
{
	for (int j = 0; j < S->n; j++) {
		if (S->gpu[j] >= 0)
			hs_schedule_add(out, j, 0, NULL, 0, &S->gpu[j], 1, S->start[j], S->end[j]);
		else
			hs_schedule_add(out, j, 0, S->cores + S->coreoff[j], S->ncores[j], NULL, 0,
					S->start[j], S->end[j]);
	}
}

static void prov_num(struct hs_ctx *ctx, const char *key, double v)
{
	char buf[HS_NUMBUF];
	hs_ctx_prov(ctx, key, "%s", hs_fmt_double(buf, v));
}

static int get_params(const struct hs_optvals *o, struct hs_ctx *ctx, struct mold_params *P, int ilp)
{
	memset(P, 0, sizeof *P);
	P->cutoff = hs_opt_double(o, "cutoff");
	P->verbose = hs_opt_bool(o, "verbose");
	P->compact = hs_opt_bool(o, "compact");
	if (!(P->cutoff > 1) || P->cutoff > 2) {
		hs_ctx_error(ctx, "cutoff must be in (1, 2]: the search stops when upper/lower <= cutoff");
		return -1;
	}
	if (ilp) {
		P->optimal = hs_opt_bool(o, "optimal");
		P->short_obj = !strcmp(hs_opt_str(o, "objective"), "short");
		P->ilp_limit = hs_opt_double(o, "ilp_limit");
		if (P->ilp_limit < 0) {
			hs_ctx_error(ctx, "ilp_limit must be >= 0 seconds (0: no limit)");
			return -1;
		}
	}
	return 0;
}

static void prov_stats(struct hs_ctx *ctx, const struct mold_stats *ss, int ilp, int adapted)
{
	prov_num(ctx, "lambda", ss->lambda);
	prov_num(ctx, "lb", ss->lb);
	prov_num(ctx, "lb0", ss->lb0);
	prov_num(ctx, "ub0", ss->ub0);
	hs_ctx_prov(ctx, "steps", "%d", ss->steps);
	if (ilp) {
		hs_ctx_prov(ctx, "lps", "%d", ss->lps);
		hs_ctx_prov(ctx, "ilps", "%d", ss->ilps);
		hs_ctx_prov(ctx, "rounded", "%d", ss->rounded);
		hs_ctx_prov(ctx, "greedy", "%d", ss->greedy);
		hs_ctx_prov(ctx, "lp_time", "%.6f", ss->lp_time);
		hs_ctx_prov(ctx, "ilp_time", "%.6f", ss->ilp_time);
		hs_ctx_prov(ctx, "sets", "%.3f", ss->mean_sets);
		if (ss->uncertain)
			hs_ctx_prov(ctx, "unproven", "%d", ss->uncertain);
		if (ss->nudges)
			hs_ctx_prov(ctx, "nudges", "%d", ss->nudges);
	}
	hs_ctx_prov(ctx, "algo_time", "%.6f", ss->time);
	if (adapted)
		hs_ctx_prov(ctx, "monotonized", "%d", adapted);
}

static int plan_dual(const struct hs_instance *in, const struct hs_optvals *o, struct hs_schedule *out,
		     struct hs_ctx *ctx, int ilp)
{
	struct mold_params P;
	if (get_params(o, ctx, &P, ilp) != 0)
		return -1;
	struct mold M;
	int adapted = 0;
	if (load_problem(in, ctx, 1, hs_opt_bool(o, "monotonize"), &M, &adapted) != 0) {
		mold_release(&M);
		return -1;
	}
	struct mold_sched S;
	struct mold_stats ss;
	sched_init(&S, M.n);
	int r = ilp ? mold_approx32(&M, &P, &S, &ss) : mold_approx2(&M, &P, &S, &ss);
	if (r != 0)
		hs_ctx_error(ctx, "%s", ilp ? "the ILP solver failed (GLPK); -o verbose shows its messages" :
					      "no guess was accepted (internal error)");
	else {
		write_plan(&S, out);
		prov_stats(ctx, &ss, ilp, adapted);
	}
	sched_release(&S);
	mold_release(&M);
	return r ? -1 : 0;
}

static int plan_approx32(const struct hs_instance *in, const struct hs_optvals *o, struct hs_schedule *out,
			 struct hs_ctx *ctx)
{
	return plan_dual(in, o, out, ctx, 1);
}

static int plan_approx2(const struct hs_instance *in, const struct hs_optvals *o, struct hs_schedule *out,
			struct hs_ctx *ctx)
{
	return plan_dual(in, o, out, ctx, 0);
}

static int plan_heft(const struct hs_instance *in, const struct hs_optvals *o, struct hs_schedule *out,
		     struct hs_ctx *ctx)
{
	const char *prio = hs_opt_str(o, "prio"), *cpus = hs_opt_str(o, "cpus");
	int pr = !strcmp(prio, "spt") ? PRIO_SPT : !strcmp(prio, "ratio") ? PRIO_RATIO : PRIO_LPT;
	int par = !strcmp(cpus, "par");
	struct mold M;
	int adapted = 0;
	if (load_problem(in, ctx, 0, 0, &M, &adapted) != 0) {
		mold_release(&M);
		return -1;
	}
	struct mold_sched S;
	sched_init(&S, M.n);
	double t0 = now_s();
	mold_heft(&M, pr, par, &S);
	hs_ctx_prov(ctx, "algo_time", "%.6f", now_s() - t0);
	write_plan(&S, out);
	sched_release(&S);
	mold_release(&M);
	return 0;
}

static const struct hs_option opts_approx32[] = {
	{"cutoff", HS_OPT_DOUBLE, "1.01", "stop the search on the guess when upper/lower <= cutoff", NULL},
	{"monotonize", HS_OPT_BOOL, "0", "adapt non-monotonic tasks instead of rejecting them", NULL},
	{"compact", HS_OPT_BOOL, "1", "shift tasks to the left after building the 3/2 schedule", NULL},
	{"objective", HS_OPT_CHOICE, "short", "ILP objective: fewest tasks longer than the guess, then CPU work; or CPU work only (the paper)", "short|work"},
	{"optimal", HS_OPT_BOOL, "0", "solve every ILP to optimality instead of stopping at the first solution", NULL},
	{"ilp_limit", HS_OPT_DOUBLE, "2", "seconds for one branch and bound before nudging the guess (0: none)", NULL},
	{"verbose", HS_OPT_BOOL, "0", "log each guess on stderr (and GLPK's output)", NULL},
	{NULL, 0, NULL, NULL, NULL},
};

static const struct hs_option opts_approx2[] = {
	{"cutoff", HS_OPT_DOUBLE, "1.01", "stop the search on the guess when upper/lower <= cutoff", NULL},
	{"monotonize", HS_OPT_BOOL, "0", "adapt non-monotonic tasks instead of rejecting them", NULL},
	{"compact", HS_OPT_BOOL, "1", "shift tasks to the left after the construction", NULL},
	{"verbose", HS_OPT_BOOL, "0", "log each guess on stderr", NULL},
	{NULL, 0, NULL, NULL, NULL},
};

static const struct hs_option opts_heft[] = {
	{"prio", HS_OPT_CHOICE, "lpt", "task order: longest first, shortest first, CPU/GPU time ratio", "lpt|spt|ratio"},
	{"cpus", HS_OPT_CHOICE, "seq", "cores per task on the CPUs: one, or the fastest allotment", "seq|par"},
	{NULL, 0, NULL, NULL, NULL},
};

#define ALGO(var, nm, sum, op, fn, pre) \
	static const struct hs_algo var = {sizeof(struct hs_algo), nm, sum, op, fn, NULL, pre, 0}

ALGO(a_approx32, "approx32", "Bleuse et al. 3/2+eps dual approximation with an ILP (GLPK) per guess",
     opts_approx32, plan_approx32, NULL);
ALGO(a_approx2, "approx2", "Bleuse et al. polynomial 2+eps dual approximation", opts_approx2, plan_approx2, NULL);
ALGO(a_heft, "heft", "HEFT-like earliest finish time on cores or a GPU (Bleuse et al. Table II)", opts_heft,
     plan_heft, NULL);
ALGO(a_h1, "heft-lpt-seq", "Heuristic 1: heft -o prio=lpt -o cpus=seq", opts_heft, plan_heft, "prio=lpt,cpus=seq");
ALGO(a_h2, "heft-spt-seq", "Heuristic 2: heft -o prio=spt -o cpus=seq", opts_heft, plan_heft, "prio=spt,cpus=seq");
ALGO(a_h3, "heft-ratio-seq", "Heuristic 3: heft -o prio=ratio -o cpus=seq", opts_heft, plan_heft,
     "prio=ratio,cpus=seq");
ALGO(a_h4, "heft-lpt-par", "Heuristic 4: heft -o prio=lpt -o cpus=par", opts_heft, plan_heft, "prio=lpt,cpus=par");
ALGO(a_h5, "heft-spt-par", "Heuristic 5: heft -o prio=spt -o cpus=par", opts_heft, plan_heft, "prio=spt,cpus=par");
ALGO(a_h6, "heft-ratio-par", "Heuristic 6: heft -o prio=ratio -o cpus=par", opts_heft, plan_heft,
     "prio=ratio,cpus=par");

static const struct hs_algo *const algos[] = {
	&a_approx32, &a_approx2, &a_heft, &a_h1, &a_h2, &a_h3, &a_h4, &a_h5, &a_h6, NULL,
};

HS_PLUGIN_DEFINE(moldable, "1.0", "moldable tasks on cores and GPUs of one node (Bleuse et al. 2017)", NULL, NULL,
		 algos);

#endif /* MOLDABLE_CORE_ONLY */
