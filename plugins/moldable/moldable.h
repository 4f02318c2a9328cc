/* moldable/moldable.h - what the files of the plugin family "moldable" share:
 * the problem, schedules, the heap, the core pool, the dual approximations'
 * parameters, statistics and tests, and approx32's state.
 *
 * The family: independent moldable tasks on one node of m identical cores
 * and k identical GPUs, after Bleuse et al., "Scheduling independent
 * moldable tasks on multi-cores with GPUs" (IEEE TPDS 2017).  Algorithms
 * (hs-moldable(7)):
 *   approx32  dual approximation with an ILP per guess (§IV-V), 3/2+eps
 *   approx2   the polynomial 2+eps algorithm of §VI
 *   heft      the HEFT-like heuristics 1-6 of Table II (prio=, cpus=),
 *             also as heft-lpt-seq ... heft-ratio-par
 * The two dual approximations share one search on the guess (mold_dual):
 * hs's (search_hs) or the paper's bisection (search_paper), each keeping
 * the shortest schedule built and a proven lower bound.
 *
 * The files:
 *   problem.c    the problem: its memory, allowed core counts, monotony
 *   sched.c      schedules, their compaction, the sort's comparators
 *   heft.c       the HEFT-like heuristics and list scheduling on the cores
 *   dual.c       bounds and the search on the guess (approx32 and approx2)
 *   approx2.c    APPROX-2 (§VI)
 *   approx32.c   APPROX-3/2 (§IV-V): a guess's sets, greedy, rounding, test
 *   ilp.c        APPROX-3/2's LP and ILP (GLPK)
 *   construct.c  APPROX-3/2's schedule from an assignment (§V-B)
 *   plugin.c     the hs glue: instance -> problem, options (the paper
 *                preset), plan records, provenance, the descriptor
 *
 * The algorithms work on a plain problem (struct mold: times per core count,
 * GPU times) so that tests/unit/test_moldable_exact.c can include every file
 * but plugin.c and check them against an exact solver without the format
 * layer.
 *
 * The tools load plugins with dlopen and export their own symbols
 * (-rdynamic): a name of the plugin that a tool also defined would be
 * interposed.  So what the files share is hidden (the pragma below) and
 * starts with mold_; only hs_plugin (plugin.c) is exported.  The helpers
 * of the hot loops (gamma, the heap, the sort...) are static inline here:
 * split into files, they would no longer be inlined where they were.
 *
 * Numbers follow the paper: pbar(l) is the time on l cores, w(l) = l*pbar(l)
 * the work, p the GPU time, gamma(j,h) the canonical number of cores (the
 * fewest cores that run task j within h; 0 here when there is none).
 */
#ifndef HS_PLUGIN_MOLDABLE_H
#define HS_PLUGIN_MOLDABLE_H

#include <glpk.h>
#include <stdlib.h>
#include <time.h>

#pragma GCC visibility push(hidden)

/* ======================================================================
 * The problem (problem.c)
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

void mold_init(struct mold *M, int n, int m, int k);
void mold_release(struct mold *M);

/* Why a task is not monotonic, for the error message. */
struct mold_bad {
	int task;      /* -1: all tasks fine */
	char why[200];
};

int mold_prepare(struct mold *M, int need_mono, int monotonize, struct mold_bad *bad);
/* gamma(j, h): the fewest cores that run task j within h, 0 when none
 * (binary search: times are non-increasing on [lo, hi]).  Every guess
 * asks it for every task (sets, bounds, tests). */
static inline int mold_gamma(const struct mold *M, int j, double h)
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
 * Schedules, sorting, heap (sched.c and here)
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

void mold_sched_init(struct mold_sched *S, int n);
void mold_sched_release(struct mold_sched *S);
void mold_sched_cpu(struct mold_sched *S, const struct mold *M, int j, int alloc, const int *cores,
		    double start);
void mold_sched_compact(struct mold_sched *S, const struct mold *M);

static inline void mold_sched_reset(struct mold_sched *S)
{
	for (int j = 0; j < S->n; j++) {
		S->gpu[j] = -2;
		S->ncores[j] = 0;
		S->alloc[j] = 0;
	}
	S->ncore = 0;
	S->makespan = 0;
}

static inline void mold_sched_swap(struct mold_sched *a, struct mold_sched *b)
{
	struct mold_sched t = *a;
	*a = *b;
	*b = t;
}

static inline void mold_sched_gpu(struct mold_sched *S, const struct mold *M, int j, int gpu, double start)
{
	S->gpu[j] = gpu;
	S->alloc[j] = 0;
	S->ncores[j] = 0;
	S->start[j] = start;
	S->end[j] = start + M->g[j];
}

static inline double mold_sched_makespan(struct mold_sched *S)
{
	double ms = 0;
	for (int j = 0; j < S->n; j++)
		if (S->end[j] > ms)
			ms = S->end[j];
	S->makespan = ms;
	return ms;
}

/* mold_sort_by's key and comparators (sched.c) */
extern const double *mold_sort_key;
int mold_cmp_asc(const void *a, const void *b);
int mold_cmp_desc(const void *a, const void *b);

/* Sort idx[0..n) by key[idx] (ties by index, so results are reproducible). */
static inline void mold_sort_by(int *idx, int n, const double *key, int desc)
{
	mold_sort_key = key;
	qsort(idx, n, sizeof *idx, desc ? mold_cmp_desc : mold_cmp_asc);
}

/* Small binary heap of (key, id), min-first: init and free in sched.c,
 * the rest inline (the loops of approx2's list schedule and of the §V-B
 * construction push and pop). */
struct heap {
	double *key;
	int *id;
	int n;
};

void mold_heap_init(struct heap *h, int cap);
void mold_heap_free(struct heap *h);
/* Ties broken by id so results do not depend on insertion history. */
static inline int mold_heap_less(const struct heap *h, int a, int b)
{
	return h->key[a] < h->key[b] || (h->key[a] == h->key[b] && h->id[a] < h->id[b]);
}
static inline void mold_heap_swap(struct heap *h, int a, int b)
{
	double k = h->key[a];
	int i = h->id[a];
	h->key[a] = h->key[b];
	h->id[a] = h->id[b];
	h->key[b] = k;
	h->id[b] = i;
}
static inline void mold_heap_push(struct heap *h, double key, int id)
{
	int i = h->n++;
	h->key[i] = key;
	h->id[i] = id;
	while (i > 0 && mold_heap_less(h, i, (i - 1) / 2)) {
		mold_heap_swap(h, i, (i - 1) / 2);
		i = (i - 1) / 2;
	}
}
static inline void mold_heap_pop(struct heap *h)
{
	h->n--;
	if (!h->n)
		return;
	mold_heap_swap(h, 0, h->n);
	int i = 0;
	for (;;) {
		int l = 2 * i + 1, r = l + 1, s = i;
		if (l < h->n && mold_heap_less(h, l, s))
			s = l;
		if (r < h->n && mold_heap_less(h, r, s))
			s = r;
		if (s == i)
			break;
		mold_heap_swap(h, i, s);
		i = s;
	}
}

/* ======================================================================
 * HEFT-like heuristics (heft.c)
 * ====================================================================== */

enum { PRIO_LPT, PRIO_SPT, PRIO_RATIO };

/* Cores kept sorted by the time they become free (ties by core number)
 * and the GPUs' free times: earliest-finish placement without holes. */
struct pool {
	int m, k;
	double *rt, *gready;
	int *rc, *buf;
};

void mold_pool_init(struct pool *P, int m, int k);
void mold_pool_free(struct pool *P);
void mold_heft(const struct mold *M, int prio, int par, struct mold_sched *S);
/* the list schedule of fixed allotments (approx32's refine) */
void mold_sched_list(const struct mold *M, const int *alloc, int *idx, double *key, struct pool *P,
		     struct mold_sched *S);

/* ======================================================================
 * Dual approximations: parameters, statistics, tests (dual.c)
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
	double deadline; /* mold_now_s() when the budget ends (0: none) */
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

static inline double mold_now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* CPU seconds of this process: unlike the wall clock, it does not grow
 * when other work shares the machine (prov algo_cpu, Fig. 6). */
static inline double mold_cpu_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int mold_dual(const struct mold *M, const struct mold_params *P, test_fn test, void *st, double tfac,
	      double gfac, double rho, struct mold_sched *S, struct mold_stats *ss);

/* ======================================================================
 * APPROX-2 (approx2.c) and APPROX-3/2 (approx32.c, ilp.c, construct.c)
 * ====================================================================== */

int mold_approx2(const struct mold *M, const struct mold_params *P, struct mold_sched *S,
		 struct mold_stats *ss);

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

int mold_approx32(const struct mold *M, const struct mold_params *P, struct mold_sched *S,
		  struct mold_stats *ss);
/* ilp.c: the model, a guess in it, the LP relaxation, branch and bound */
void mold_a32_build_lp(struct a32 *A);
void mold_a32_load_lp(struct a32 *A);
int mold_a32_simplex(struct a32 *A);
int mold_a32_intopt(struct a32 *A, int mir, int opt);
int mold_glpk_to_stderr(void *info, const char *s);
/* construct.c: the §V-B schedule of the assignment A->set */
int mold_a32_construct(struct a32 *A, struct mold_sched *S);

#pragma GCC visibility pop

#endif /* HS_PLUGIN_MOLDABLE_H */
