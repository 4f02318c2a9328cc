/* moldable.c - plugin family "moldable": independent moldable tasks on one
 * node of m identical cores and k identical GPUs, after Bleuse et al.,
 * "Scheduling independent moldable tasks on multi-cores with GPUs" (IEEE
 * TPDS 2017).  Algorithms (hs-moldable(7)):
 *   approx32  dual approximation with an ILP per guess (§IV-V), 3/2+eps
 *   approx2   the polynomial 2+eps algorithm of §VI
 *   heft      the HEFT-like heuristics 1-6 of Table II (prio=, cpus=),
 *             also as heft-lpt-seq ... heft-ratio-par
 * The two dual approximations share one search on the guess (mold_dual):
 * hs's (search_hs) or the paper's bisection (search_paper), each keeping
 * the shortest schedule built and a proven lower bound.
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

/* Cores kept sorted by the time they become free (ties by core number)
 * and the GPUs' free times: earliest-finish placement without holes. */
struct pool {
	int m, k;
	double *rt, *gready;
	int *rc, *buf;
};

static void pool_init(struct pool *P, int m, int k)
{
	P->m = m;
	P->k = k;
	P->rt = hs_malloc((m ? m : 1) * sizeof(double));
	P->rc = hs_malloc((m ? m : 1) * sizeof(int));
	P->buf = hs_malloc((m ? m : 1) * sizeof(int));
	P->gready = hs_malloc((k ? k : 1) * sizeof(double));
}

static void pool_reset(struct pool *P)
{
	for (int c = 0; c < P->m; c++) {
		P->rt[c] = 0;
		P->rc[c] = c;
	}
	for (int q = 0; q < P->k; q++)
		P->gready[q] = 0;
}

static void pool_free(struct pool *P)
{
	free(P->rt);
	free(P->rc);
	free(P->buf);
	free(P->gready);
}

/* The GPU that frees first (-1 without GPUs). */
static int pool_gpu(const struct pool *P)
{
	int best = -1;
	for (int q = 0; q < P->k; q++)
		if (best < 0 || P->gready[q] < P->gready[best])
			best = q;
	return best;
}

static void pool_put_gpu(struct pool *P, struct mold_sched *S, const struct mold *M, int j, int q)
{
	sched_gpu(S, M, j, q, P->gready[q]);
	P->gready[q] += M->g[j];
}

/* Task j on the l cores that free first, from the time the last of them
 * does; they are busy until its planned end. */
static void pool_put_cpu(struct pool *P, struct mold_sched *S, const struct mold *M, int j, int l)
{
	int m = P->m;
	double st = P->rt[l - 1], cf = st + mold_p(M, j, l);
	memcpy(P->buf, P->rc, l * sizeof(int));
	sched_cpu(S, M, j, l, P->buf, st);
	/* the l cores now free at cf: merge them back in order */
	memmove(P->rt, P->rt + l, (m - l) * sizeof(double));
	memmove(P->rc, P->rc + l, (m - l) * sizeof(int));
	int pos = m - l;
	while (pos > 0 && P->rt[pos - 1] > cf)
		pos--;
	memmove(P->rt + pos + l, P->rt + pos, (m - l - pos) * sizeof(double));
	memmove(P->rc + pos + l, P->rc + pos, (m - l - pos) * sizeof(int));
	for (int q = 0; q < l; q++) {
		P->rt[pos + q] = cf;
		P->rc[pos + q] = P->buf[q];
	}
}

/* Priority order, then earliest finish time: on l cores (l = 1 for SEQ, the
 * fastest allotment for PAR) or on the GPU that frees first.  Without
 * precedences no holes ever open, so appending = HEFT's insertion policy.
 * Ties go to the GPU, which keeps the cores for tasks that need them. */
static void mold_heft(const struct mold *M, int prio, int par, struct mold_sched *S)
{
	int n = M->n, k = M->k;
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
	struct pool P;
	pool_init(&P, M->m, k);
	pool_reset(&P);
	sched_reset(S);
	for (int i = 0; i < n; i++) {
		int j = idx[i], l = lj[j];
		int q = isfinite(M->g[j]) ? pool_gpu(&P) : -1;
		double cf = l ? P.rt[l - 1] + mold_p(M, j, l) : INFINITY;
		if (q >= 0 && P.gready[q] + M->g[j] <= cf)
			pool_put_gpu(&P, S, M, j, q);
		else
			pool_put_cpu(&P, S, M, j, l);
	}
	sched_makespan(S);
	pool_free(&P);
	free(idx);
	free(lj);
	free(key);
}

/* List schedule of fixed allotments (alloc[j] cores, 0: a GPU): longest
 * first, each on the resources that free first.  A second construction for
 * an accepted guess's assignment; only the shorter schedule is kept. */
static void sched_list(const struct mold *M, const int *alloc, int *idx, double *key, struct pool *P,
		       struct mold_sched *S)
{
	int n = M->n;
	for (int j = 0; j < n; j++) {
		idx[j] = j;
		key[j] = alloc[j] ? mold_p(M, j, alloc[j]) : M->g[j];
	}
	sort_by(idx, n, key, 1);
	pool_reset(P);
	sched_reset(S);
	for (int i = 0; i < n; i++) {
		int j = idx[i];
		if (alloc[j])
			pool_put_cpu(P, S, M, j, alloc[j]);
		else
			pool_put_gpu(P, S, M, j, pool_gpu(P));
	}
	sched_makespan(S);
}

/* ======================================================================
 * Bounds
 * ====================================================================== */

/* A necessary condition for a guess lam, with two relaxation factors:
 * every task fits somewhere (on the cores within tfac*lam, on a GPU within
 * lam), and the fractional assignment of the minimal works
 * w(j, gamma(j, tfac*lam)) to the cores and of the GPU times to the GPUs
 * respects the areas m*lam and gfac*k*lam (a fractional knapsack, solved
 * greedily by decreasing work/GPU-time ratio).  The condition only gets
 * easier as lam grows (work monotony).
 *   tfac = gfac = 1: necessary for a schedule of length lam, so lam is a
 *     proven lower bound on the optimum when it fails;
 *   tfac = 3/2, gfac = 1: necessary for the ILP of approx32 to be feasible
 *     (every core set's work is at least w(gamma(j, 3lam/2)), and (C1),
 *     (C4) bound the areas), so approx32's test rejects such a guess;
 *   tfac = 1, gfac = 2: the same for approx2's test (a GPU stops taking
 *     tasks above lam, so it ends below 2lam). */
static int mold_necessary(const struct mold *M, double lam, double tfac, double gfac, int *idx,
			  double *key, double *w)
{
	int n = M->n, nf = 0;
	double cpu = 0, gpu = 0, capc = M->m * lam, capg = gfac * M->k * lam;
	for (int j = 0; j < n; j++) {
		int l = mold_gamma(M, j, tfac * lam);
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

/* The largest lam (to a relative prec) for which mold_necessary(tfac,
 * gfac) fails, and at least the point below which some task fits nowhere.
 * With tfac = gfac = 1 a lower bound on the optimal makespan.  hi must
 * satisfy the condition (an upper bound on the optimum does). */
static double mold_lower_bound(const struct mold *M, double hi, double tfac, double gfac, double prec)
{
	int n = M->n;
	double lo = 0;
	for (int j = 0; j < n; j++) {
		double t = M->lo[j] ? mold_p(M, j, M->hi[j]) / tfac : INFINITY;
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
	if (!mold_necessary(M, lo, tfac, gfac, idx, key, w)) {
		while (hi > lo * (1 + prec)) {
			double mid = sqrt(lo * hi);
			if (mold_necessary(M, mid, tfac, gfac, idx, key, w))
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

/* The bounds of the published implementation's search (Bleuse et al.'s
 * code; the paper leaves B_min and B_max open): below, 2/3 of the sum of
 * the tasks' shortest times spread over all m+k units ("the inverse ratio
 * of the algorithm", so the search can end below the optimum); above, the
 * sum of their longest times (all tasks one after another). */
static void paper_bounds(const struct mold *M, double *lo, double *hi)
{
	double smin = 0, smax = 0;
	for (int j = 0; j < M->n; j++) {
		/* the shortest and longest finite times on cores and GPU */
		double c = M->lo[j] ? mold_p(M, j, M->hi[j]) : INFINITY, c1 = M->lo[j] ? mold_p(M, j, M->lo[j]) : 0;
		double g = M->k > 0 && isfinite(M->g[j]) ? M->g[j] : INFINITY;
		smin += c < g ? c : g;
		smax += isfinite(g) && g > c1 ? g : c1;
	}
	*lo = 2 * smin / (3.0 * (M->m + M->k));
	*hi = smax;
}

/* ======================================================================
 * Dual approximation driver (shared by approx32 and approx2)
 * ====================================================================== */

enum { SEARCH_HS, SEARCH_PAPER };

struct mold_params {
	double cutoff;    /* stop when upper/lower <= cutoff */
	int verbose;
	int optimal;      /* approx32: the final guess's assignment of minimal CPU work */
	int short_obj;    /* approx32: fewest set (2) tasks first, then min W_C */
	double ilp_limit; /* approx32: seconds for one branch-and-bound */
	int compact;      /* shift tasks left after the construction */
	int refine;       /* approx32: split set (1) pairs, widen set (2) tasks, list-schedule */
	int best;         /* return the shortest schedule built, not the last guess's */
	int search;       /* SEARCH_HS or SEARCH_PAPER */
	double budget;    /* seconds for the whole search (0: none) */
};

/* Where the returned schedule comes from. */
enum { FROM_GUESS, FROM_HEFT_LPT_SEQ, FROM_HEFT_RATIO_SEQ, FROM_HEFT_LPT_PAR };
static const char *const from_name[] = {"guess", "heft-lpt-seq", "heft-ratio-seq", "heft-lpt-par"};

struct mold_stats {
	double lambda;   /* smallest accepted guess (ub0 when none was) */
	double lb;       /* proven lower bound: lb0 or the largest guess proven too small */
	double lb0, ub0; /* hs's proven lower bound, the best HEFT-like makespan */
	double lo0, hi0; /* where the search started (lo0 may lie below lb0) */
	double makespan, guarantee; /* of the returned schedule; makespan / lb */
	int from;        /* FROM_*: the returned schedule */
	double from_lambda; /* FROM_GUESS: its guess */
	int steps;       /* guesses tested */
	int accepted, rejected;
	int below;       /* guesses accepted below lb0 */
	int lps, ilps;   /* LP relaxations and branch-and-bounds solved */
	int rounded;     /* guesses accepted by rounding the LP solution */
	int greedy;      /* guesses accepted by the greedy assignment (no LP) */
	int limited;     /* branch-and-bounds stopped by their time limit */
	int uncertain;   /* guesses rejected without proof (solver limit) */
	int nudges;      /* guesses moved up by 1e-4 after a solver limit */
	int stopped;     /* the budget ended the search early */
	double deadline; /* now_s() when the budget ends (0: none) */
	double lp_time, ilp_time, time, cpu; /* seconds: LPs, ILPs, the algorithm (wall, CPU) */
	double mean_sets; /* eligible sets per task, averaged over the guesses */
	long set_count, set_tasks;
};

/* Result of testing one guess. */
enum { TEST_REJECT = 0, TEST_ACCEPT = 1, TEST_UNSURE = 2, TEST_ERROR = -1 };
/* How hard to test: QUICK accepts only what a heuristic assignment shows
 * (no LP, TEST_UNSURE otherwise); FULL decides (approx32: LP, ILP, any
 * feasible assignment); EXACT also builds the schedule from an assignment
 * of minimal CPU work when P->optimal asks for it. */
enum { MODE_QUICK, MODE_FULL, MODE_EXACT };

typedef int (*test_fn)(void *st, double lam, int mode, struct mold_sched *S, double *used);

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* CPU seconds of this process: unlike the wall clock, it does not grow
 * when other work shares the machine (prov algo_cpu, Fig. 6). */
static double cpu_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
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

/* Up to this many tasks the search's optional guesses are decided with
 * the LP and the ILP (GLPK solves them in about a millisecond); above, they
 * are tried with the greedy assignment alone. */
#define MOLD_SMALL_N 256

/* The search's state: the test, the best schedule so far (S, ss->from),
 * the smallest accepted guess (ss->lambda), the proven lower bound
 * (ss->lb), and rho, the algorithm's ratio (3/2 or 2). */
struct search {
	test_fn test;
	void *st;
	const struct mold *M;
	const struct mold_params *P;
	struct mold_stats *ss;
	struct mold_sched *S, *tmp;
	double rho;
};

static int out_of_time(struct search *X)
{
	if (X->ss->deadline && now_s() >= X->ss->deadline) {
		if (!X->ss->stopped)
			vlog(X->P, "budget of %g s spent: the search stops", X->P->budget);
		X->ss->stopped = 1;
	}
	return X->ss->stopped;
}

/* Nothing left to gain: out of time, or the best schedule is within
 * cutoff of the proven lower bound (no guess can do better than that). */
static int search_done(struct search *X)
{
	return out_of_time(X) || X->S->makespan <= X->P->cutoff * X->ss->lb;
}

/* Test one guess and keep its schedule (compacted when asked) if it is
 * the shortest so far, or always without P->best (the paper returns the
 * last accepted guess's).  *ms: its makespan (infinite when not
 * accepted).  A rejection with proof raises ss->lb. */
static int try_guess(struct search *X, double lam, int mode, const char *phase, double *ms)
{
	struct mold_stats *ss = X->ss;
	double used;
	int r = X->test(X->st, lam, mode, X->tmp, &used);
	ss->steps++;
	*ms = INFINITY;
	if (r == TEST_ACCEPT) {
		ss->accepted++;
		if (used < ss->lambda)
			ss->lambda = used;
		if (used < ss->lb0)
			ss->below++;
		if (X->P->compact)
			sched_compact(X->tmp, X->M);
		else
			sched_makespan(X->tmp);
		*ms = X->tmp->makespan;
		if (!X->P->best || X->tmp->makespan < X->S->makespan) {
			sched_swap(X->S, X->tmp);
			ss->from = FROM_GUESS;
			ss->from_lambda = used;
		}
	} else if (r == TEST_REJECT) {
		ss->rejected++;
		if (lam > ss->lb)
			ss->lb = lam;
	} else if (r == TEST_UNSURE)
		ss->rejected++;
	if (r == TEST_ACCEPT)
		vlog(X->P, "%s guess %.9g: accept, schedule of length %.9g (best %.9g)", phase, lam, *ms, X->S->makespan);
	else
		vlog(X->P, "%s guess %.9g: %s", phase, lam,
		     r == TEST_REJECT ? "reject" : r == TEST_ERROR ? "solver error" :
		     mode == MODE_QUICK ? "not shown feasible" : "reject (unproven)");
	return r;
}

/* optimal: the smallest accepted guess's schedule again, from an
 * assignment of minimal CPU work (the paper solves its ILP exactly; the
 * search's decisions only need a feasible one, which decides the same). */
static int rebuild_exact(struct search *X, double lam)
{
	struct mold_stats *ss = X->ss;
	if (!X->P->optimal || !isfinite(lam) || out_of_time(X))
		return 0;
	double ms;
	int r = try_guess(X, lam, MODE_EXACT, "optimal:", &ms);
	ss->steps--;
	ss->accepted -= r == TEST_ACCEPT;
	ss->rejected -= r == TEST_REJECT || r == TEST_UNSURE;
	return r == TEST_ERROR ? -1 : 0;
}

/* The paper's search (§V-D, §VII-C): bisection on the guess between lo
 * and hi until hi/lo <= cutoff, every guess decided exactly. */
static int search_paper(struct search *X, double lo, double hi)
{
	const struct mold_params *P = X->P;
	double ms, last = INFINITY;
	while (hi > lo * P->cutoff && !out_of_time(X)) {
		double lam = lo + (hi - lo) / 2;
		int r = try_guess(X, lam, MODE_FULL, "paper:", &ms);
		if (r == TEST_ERROR)
			return -1;
		if (r == TEST_ACCEPT)
			hi = last = lam;
		else {
			lo = lam;
			X->ss->uncertain += r == TEST_UNSURE;
		}
	}
	return rebuild_exact(X, last);
}

/* hs's search, in three parts:
 *   1. quality: a golden-section search, with quick tests, for the guess
 *      whose schedule is the shortest, between lo0 (the test's own lower
 *      bound) and the HEFT-like upper bound, until the bracket is within
 *      cutoff.  A guess not shown feasible counts as infinitely long.
 *      Below some point schedules grow toward 3λ/2 (or the quick test
 *      fails), above it they end near the guess, so the makespan is about
 *      unimodal in the guess;
 *   2. guarantee: only while the best schedule is not proven within
 *      rho*cutoff of the optimum (makespan / lb): today's probe at
 *      lb*cutoff, then bisection with exact tests between it and the
 *      smallest accepted guess, every proven rejection raising lb;
 *   3. below the proven bound, where the relaxation may still accept:
 *      bisection with exact tests between lo0 and the guesses whose
 *      rho*λ schedule is certain to beat the best one.
 * Each stops early once the best schedule is within cutoff of lb. */
static int search_hs(struct search *X, double lo0, double ub)
{
	const struct mold_params *P = X->P;
	struct mold_stats *ss = X->ss;
	double c = P->cutoff, lo, hi;
	/* exact tests where the LP is small, quick ones elsewhere */
	int mode = X->M->n <= MOLD_SMALL_N ? MODE_FULL : MODE_QUICK;
	/* today's probe, lb*cutoff, then a golden section on log(guess) */
	const double phi = 0.6180339887498949;
	double a = log(lo0), b = log(ub), x1 = b - phi * (b - a), x2 = a + phi * (b - a), f1, f2;
	if (search_done(X))
		return 0;
	if (try_guess(X, ss->lb0 * c, mode, "1 quality:", &f1) == TEST_ERROR ||
	    try_guess(X, exp(x1), mode, "1 quality:", &f1) == TEST_ERROR ||
	    try_guess(X, exp(x2), mode, "1 quality:", &f2) == TEST_ERROR)
		return -1;
	while (b - a > log(c) && !search_done(X)) {
		/* equal makespans (the same assignment at both guesses): the
		 * schedules end near their guess further right, if they end
		 * above it here */
		int left = f1 < f2 || (f1 == f2 && isfinite(f1) && f2 <= c * exp(x2));
		if (left) { /* the shortest lies in [a, x2] */
			b = x2;
			x2 = x1;
			f2 = f1;
			x1 = b - phi * (b - a);
			if (try_guess(X, exp(x1), mode, "1 quality:", &f1) == TEST_ERROR)
				return -1;
		} else { /* in [x1, b] (and right of guesses not shown feasible) */
			a = x1;
			x1 = x2;
			f1 = f2;
			x2 = a + phi * (b - a);
			if (try_guess(X, exp(x2), mode, "1 quality:", &f2) == TEST_ERROR)
				return -1;
		}
	}
	lo = ss->lb;
	hi = fmin(ss->lambda, ub);
	int probe = 1;
	double ms;
	while (X->S->makespan > X->rho * c * ss->lb && hi > lo * c && !search_done(X)) {
		double lam = probe ? lo * c : sqrt(lo * hi);
		probe = 0;
		int r = try_guess(X, lam, MODE_FULL, "2 guarantee:", &ms);
		if (r == TEST_ERROR)
			return -1;
		if (r == TEST_ACCEPT)
			hi = lam;
		else {
			lo = lam;
			ss->uncertain += r == TEST_UNSURE;
		}
	}
	lo = lo0;
	hi = fmin(fmin(ss->lb, ub), fmin(ss->lambda, X->S->makespan / X->rho));
	while (hi > lo * c && !search_done(X)) {
		double lam = sqrt(lo * hi);
		int r = try_guess(X, lam, MODE_FULL, "3 below lb:", &ms);
		if (r == TEST_ERROR)
			return -1;
		if (r == TEST_ACCEPT)
			hi = fmin(lam, X->S->makespan / X->rho);
		else
			lo = lam;
	}
	return rebuild_exact(X, ss->lambda);
}

/* The three quick HEFT-like heuristics: the best makespan is the search's
 * upper bound, and the best schedule the first candidate (S, ss->from). */
static double heuristic_upper(const struct mold *M, struct mold_sched *S, struct mold_stats *ss)
{
	struct mold_sched H;
	sched_init(&H, M->n);
	static const int prio[] = {PRIO_LPT, PRIO_RATIO, PRIO_LPT}, par[] = {0, 0, 1};
	for (int v = 0; v < 3; v++) {
		mold_heft(M, prio[v], par[v], v ? &H : S);
		if (v && H.makespan < S->makespan) {
			sched_swap(S, &H);
			ss->from = FROM_HEFT_LPT_SEQ + v;
		} else if (!v)
			ss->from = FROM_HEFT_LPT_SEQ;
	}
	sched_release(&H);
	return S->makespan;
}

/* Everything around the search: candidates, bounds, where to start.
 * tfac/gfac: the test's relaxation (mold_necessary), rho its ratio. */
static int mold_dual(const struct mold *M, const struct mold_params *P, test_fn test, void *st, double tfac,
		     double gfac, double rho, struct mold_sched *S, struct mold_stats *ss)
{
	double ub = heuristic_upper(M, S, ss);
	ss->ub0 = ub;
	ss->lambda = INFINITY;
	ss->lb0 = ss->lb = mold_lower_bound(M, ub, 1, 1, 1e-6);
	ss->deadline = P->budget > 0 ? now_s() + P->budget : 0;
	struct mold_sched tmp;
	sched_init(&tmp, M->n);
	struct search X = {test, st, M, P, ss, S, &tmp, rho};
	int r;
	if (P->search == SEARCH_PAPER) {
		paper_bounds(M, &ss->lo0, &ss->hi0);
		r = search_paper(&X, ss->lo0, ss->hi0);
	} else {
		ss->lo0 = mold_lower_bound(M, ub, tfac, gfac, 1e-3); /* only where the search starts */
		ss->hi0 = ub;
		r = search_hs(&X, ss->lo0, ub);
	}
	sched_release(&tmp);
	if (!isfinite(ss->lambda))
		ss->lambda = ub; /* no guess accepted: a schedule of length ub exists */
	ss->makespan = S->makespan;
	ss->guarantee = ss->lb > 0 ? S->makespan / ss->lb : INFINITY;
	return r;
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

static int a2_test(void *st, double lam, int mode, struct mold_sched *S, double *used)
{
	(void)mode; /* cheap and exact: every guess is decided */
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
	double t0 = now_s(), c0 = cpu_s();
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
	int r = mold_dual(M, P, a2_test, &A, 1, 2, 2, S, ss);
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
	ss->time = now_s() - t0;
	ss->cpu = cpu_s() - c0;
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
	/* the list schedule of the same assignment (refine) */
	struct pool pool;
	struct mold_sched L;
	int *lidx;
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
static int a32_intopt(struct a32 *A, int mir, int opt)
{
	const struct mold *M = A->M;
	struct a32_cb cb = {opt};
	glp_iocp ip;
	glp_init_iocp(&ip);
	ip.msg_lev = A->P->verbose ? GLP_MSG_ON : GLP_MSG_OFF;
	ip.presolve = GLP_OFF; /* the LP basis is optimal already */
	ip.cb_func = a32_callback;
	ip.cb_info = &cb;
	ip.mir_cuts = mir ? GLP_ON : GLP_OFF;
	ip.br_tech = GLP_BR_DTH;
	ip.bt_tech = GLP_BT_BLB;
	/* the time limit: ilp_limit, and what is left of the budget */
	double lim = A->P->ilp_limit > 0 ? A->P->ilp_limit : 1e6, t0 = now_s();
	if (A->ss->deadline && A->ss->deadline - t0 < lim)
		lim = A->ss->deadline > t0 ? A->ss->deadline - t0 : 0;
	ip.tm_lim = (int)(lim * 1000) + 1;
	int r = glp_intopt(A->lp, &ip);
	A->ss->ilps++;
	A->ss->ilp_time += now_s() - t0;
	if (r == GLP_ETMLIM)
		A->ss->limited++;
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

/* refine: the same assignment list-scheduled (sched_list); S keeps the
 * shorter of the two schedules.  The §V-B one proves the 3/2 bound, so
 * the kept one ends by 3λ/2 too. */
static int a32_relist(struct a32 *A, struct mold_sched *S)
{
	if (!A->P->refine)
		return TEST_ACCEPT;
	const struct mold *M = A->M;
	sched_list(M, A->alloc, A->lidx, A->tmpk, &A->pool, &A->L);
	if (A->P->compact)
		sched_compact(S, M);
	else
		sched_makespan(S);
	if (A->L.makespan < S->makespan)
		sched_swap(S, &A->L);
	return TEST_ACCEPT;
}

/* Test a guess: sets, LP relaxation (rejects), rounding or branch and
 * bound (accepts), then the §V-B construction. */
/* The eligible sets of every task at guess lam; 0 when a task fits in
 * none (a proven rejection). */
static int a32_load_sets(struct a32 *A, double lam)
{
	const struct mold *M = A->M;
	A->lam = lam;
	for (int j = 0; j < M->n; j++) {
		A->elig[j] = (unsigned char)a32_sets(M, j, lam, A->gam + j * NSETS, A->w + j * NSETS);
		if (!A->elig[j])
			return 0; /* too long everywhere */
		A->ss->set_count += __builtin_popcount(A->elig[j]);
	}
	A->ss->set_tasks += M->n;
	return 1;
}

/* MODE_QUICK: accepted when the greedy assignment satisfies the ILP. */
static int a32_quick(struct a32 *A, double lam, struct mold_sched *S)
{
	if (!a32_load_sets(A, lam))
		return TEST_REJECT;
	if (a32_greedy(A) && a32_construct(A, S) == 0) {
		A->ss->greedy++;
		return a32_relist(A, S);
	}
	return TEST_UNSURE;
}

static int a32_test_once(struct a32 *A, double lam, int exact, struct mold_sched *S)
{
	int opt = exact && A->P->optimal;
	if (!a32_load_sets(A, lam))
		return TEST_REJECT;
	if (!opt && a32_greedy(A)) {
		A->ss->greedy++;
		if (a32_construct(A, S) == 0)
			return a32_relist(A, S);
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
	if (!opt && a32_round(A)) {
		found = 1;
		A->ss->rounded++;
	} else {
		int r = a32_intopt(A, 0, opt);
		if (r == 2) /* slow near the threshold: MIR cuts close such gaps */
			r = a32_intopt(A, 1, opt);
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
	return a32_relist(A, S);
}

static int a32_test(void *st, double lam, int mode, struct mold_sched *S, double *used)
{
	struct a32 *A = st;
	*used = lam;
	if (mode == MODE_QUICK)
		return a32_quick(A, lam, S);
	int r = a32_test_once(A, lam, mode == MODE_EXACT, S);
	/* A guess on a knife's edge can make branch and bound slow: nudging
	 * it by 1e-4 costs nothing against a cutoff of 1%. */
	if (r == TEST_UNSURE) {
		/* a proven rejection of the larger guess also rejects lam */
		*used = lam * (1 + 1e-4);
		r = a32_test_once(A, *used, mode == MODE_EXACT, S);
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
 * With refine, two refinements use the columns that (C2) leaves free;
 * neither breaks the proofs, as every column still has a bottom block of
 * length <= λ
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
	int split = !A->P->refine ? 0 : fr < right ? (int)fr : right;
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
		if (!g3 || !A->P->refine)
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
	pool_init(&A->pool, m, M->k);
	sched_init(&A->L, n);
	A->lidx = hs_malloc(nn * sizeof(int));
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
	pool_free(&A->pool);
	sched_release(&A->L);
	free(A->lidx);
	memset(A, 0, sizeof *A);
}

static int mold_approx32(const struct mold *M, const struct mold_params *P, struct mold_sched *S,
			 struct mold_stats *ss)
{
	double t0 = now_s(), c0 = cpu_s();
	memset(ss, 0, sizeof *ss);
	sched_reset(S);
	if (!M->n)
		return 0;
	struct a32 A;
	a32_init(&A, M, P, ss);
	glp_term_hook(glpk_to_stderr, NULL);
	int term = glp_term_out(P->verbose ? GLP_ON : GLP_OFF);
	int r = mold_dual(M, P, a32_test, &A, 1.5, 1, 1.5, S, ss);
	if (ss->set_tasks)
		ss->mean_sets = (double)ss->set_count / ss->set_tasks;
	a32_free(&A);
	glp_term_out(term);
	glp_term_hook(NULL, NULL);
	ss->time = now_s() - t0;
	ss->cpu = cpu_s() - c0;
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
	P->best = hs_opt_bool(o, "best");
	P->search = !strcmp(hs_opt_str(o, "search"), "paper") ? SEARCH_PAPER : SEARCH_HS;
	P->budget = hs_opt_double(o, "budget");
	if (!(P->cutoff > 1) || P->cutoff > 2) {
		hs_ctx_error(ctx, "cutoff must be in (1, 2]: the search stops when upper/lower <= cutoff");
		return -1;
	}
	if (!(P->budget >= 0)) {
		hs_ctx_error(ctx, "budget must be >= 0 seconds (0: no limit)");
		return -1;
	}
	if (ilp) {
		P->optimal = hs_opt_bool(o, "optimal");
		P->short_obj = !strcmp(hs_opt_str(o, "objective"), "short");
		P->refine = hs_opt_bool(o, "refine");
		P->ilp_limit = hs_opt_double(o, "ilp_limit");
		if (!(P->ilp_limit >= 0)) {
			hs_ctx_error(ctx, "ilp_limit must be >= 0 seconds (0: no limit)");
			return -1;
		}
	}
	/* the paper's algorithm: its objective, every ILP solved exactly, its
	 * bisection and bounds, the §V-B layout as it is, the last guess's
	 * schedule */
	if (hs_opt_bool(o, "paper")) {
		P->short_obj = 0;
		P->optimal = ilp;
		P->refine = 0;
		P->compact = 0;
		P->best = 0;
		P->search = SEARCH_PAPER;
	}
	return 0;
}

static void prov_stats(struct hs_ctx *ctx, const struct mold_stats *ss, int ilp, int adapted)
{
	prov_num(ctx, "lambda", ss->lambda);
	prov_num(ctx, "lb", ss->lb);
	prov_num(ctx, "lb0", ss->lb0);
	prov_num(ctx, "ub0", ss->ub0);
	prov_num(ctx, "lo0", ss->lo0);
	prov_num(ctx, "hi0", ss->hi0);
	if (ss->makespan > 0) { /* (not without tasks) */
		hs_ctx_prov(ctx, "best", "%s", from_name[ss->from]);
		if (ss->from == FROM_GUESS)
			prov_num(ctx, "best_lambda", ss->from_lambda);
		hs_ctx_prov(ctx, "guarantee", "%.6g", ss->guarantee);
	}
	hs_ctx_prov(ctx, "steps", "%d", ss->steps);
	hs_ctx_prov(ctx, "below", "%d", ss->below);
	if (ilp) {
		hs_ctx_prov(ctx, "lps", "%d", ss->lps);
		hs_ctx_prov(ctx, "ilps", "%d", ss->ilps);
		hs_ctx_prov(ctx, "rounded", "%d", ss->rounded);
		hs_ctx_prov(ctx, "greedy", "%d", ss->greedy);
		hs_ctx_prov(ctx, "lp_time", "%.6f", ss->lp_time);
		hs_ctx_prov(ctx, "ilp_time", "%.6f", ss->ilp_time);
		hs_ctx_prov(ctx, "sets", "%.3f", ss->mean_sets);
		if (ss->limited)
			hs_ctx_prov(ctx, "limited", "%d", ss->limited);
		if (ss->uncertain)
			hs_ctx_prov(ctx, "unproven", "%d", ss->uncertain);
		if (ss->nudges)
			hs_ctx_prov(ctx, "nudges", "%d", ss->nudges);
	}
	if (ss->stopped)
		hs_ctx_prov(ctx, "stopped", "budget");
	hs_ctx_prov(ctx, "algo_time", "%.6f", ss->time);
	hs_ctx_prov(ctx, "algo_cpu", "%.6f", ss->cpu);
	if (adapted)
		hs_ctx_prov(ctx, "monotonized", "%d", adapted);
}

/* A search that could not prove all it normally does says so, with the
 * guarantee that still holds (makespan / proven lower bound). */
static void warn_guarantee(const char *algo, const struct mold_params *P, const struct mold_stats *ss, double ratio)
{
	if (!ss->uncertain && !ss->stopped)
		return;
	char why[160];
	if (ss->uncertain)
		snprintf(why, sizeof why, "%d guess%s rejected without proof (branch and bound stopped at its time limit)",
			 ss->uncertain, ss->uncertain > 1 ? "es" : "");
	else
		snprintf(why, sizeof why, "the search stopped at budget=%g s with upper/lower above cutoff", P->budget);
	hs_warn("%s: %s: the plan (makespan %.10g) is proven within %.4g of the optimum (lower bound %.10g)%s", algo,
		why, ss->makespan, ss->guarantee, ss->lb,
		ss->guarantee > ratio * P->cutoff * (1 + 1e-9) ? ", not the algorithm's own ratio" : "");
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
					      "the search failed (internal error)");
	else {
		write_plan(&S, out);
		prov_stats(ctx, &ss, ilp, adapted);
		warn_guarantee(ilp ? "approx32" : "approx2", &P, &ss, ilp ? 1.5 : 2);
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
	double t0 = now_s(), c0 = cpu_s();
	mold_heft(&M, pr, par, &S);
	hs_ctx_prov(ctx, "algo_time", "%.6f", now_s() - t0);
	hs_ctx_prov(ctx, "algo_cpu", "%.6f", cpu_s() - c0);
	write_plan(&S, out);
	sched_release(&S);
	mold_release(&M);
	return 0;
}

static const struct hs_option opts_approx32[] = {
	{"cutoff", HS_OPT_DOUBLE, "1.01", "stop the search on the guess when upper/lower <= cutoff", NULL},
	{"search", HS_OPT_CHOICE, "hs", "bisection: geometric from the test's own lower bound, or the paper's (arithmetic, its code's bounds)", "hs|paper"},
	{"budget", HS_OPT_DOUBLE, "0", "seconds for the whole search; the best plan so far when spent (0: no limit)", NULL},
	{"best", HS_OPT_BOOL, "1", "return the shortest schedule built (every accepted guess, the HEFT-like bounds); 0: the last guess's", NULL},
	{"monotonize", HS_OPT_BOOL, "0", "adapt non-monotonic tasks instead of rejecting them", NULL},
	{"compact", HS_OPT_BOOL, "1", "shift tasks to the left after building the 3/2 schedule", NULL},
	{"refine", HS_OPT_BOOL, "1", "use the cores (C2) leaves free: split set (1) pairs, widen set (2) tasks", NULL},
	{"objective", HS_OPT_CHOICE, "short", "ILP objective: fewest tasks longer than the guess, then CPU work; or CPU work only (the paper)", "short|work"},
	{"optimal", HS_OPT_BOOL, "0", "solve every ILP to optimality instead of stopping at the first solution", NULL},
	{"ilp_limit", HS_OPT_DOUBLE, "2", "seconds for one branch and bound before nudging the guess (0: none)", NULL},
	{"paper", HS_OPT_BOOL, "0", "the paper's algorithm: objective=work optimal=1 refine=0 compact=0 best=0 search=paper", NULL},
	{"verbose", HS_OPT_BOOL, "0", "log each guess on stderr (and GLPK's output)", NULL},
	{NULL, 0, NULL, NULL, NULL},
};

static const struct hs_option opts_approx2[] = {
	{"cutoff", HS_OPT_DOUBLE, "1.01", "stop the search on the guess when upper/lower <= cutoff", NULL},
	{"search", HS_OPT_CHOICE, "hs", "bisection: geometric from the test's own lower bound, or the paper's (arithmetic, its code's bounds)", "hs|paper"},
	{"budget", HS_OPT_DOUBLE, "0", "seconds for the whole search; the best plan so far when spent (0: no limit)", NULL},
	{"best", HS_OPT_BOOL, "1", "return the shortest schedule built (every accepted guess, the HEFT-like bounds); 0: the last guess's", NULL},
	{"monotonize", HS_OPT_BOOL, "0", "adapt non-monotonic tasks instead of rejecting them", NULL},
	{"compact", HS_OPT_BOOL, "1", "shift tasks to the left after the construction", NULL},
	{"paper", HS_OPT_BOOL, "0", "the paper's algorithm: compact=0 best=0 search=paper", NULL},
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
