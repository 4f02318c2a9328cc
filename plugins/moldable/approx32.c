/* moldable/approx32.c - APPROX-3/2 (§IV-V), the 3/2+eps dual
 * approximation: a guess's eligible sets, the assignment that satisfies
 * the ILP (greedy, rounding of the LP, or branch and bound: ilp.c), the
 * test of a guess and the algorithm around mold_dual.  The schedule of an
 * assignment is construct.c's. */
#include <glpk.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hs/util.h"
#include "moldable.h"

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
	mold_sort_by(idx, nf, key, 1);
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

/* refine: the same assignment list-scheduled (mold_sched_list); S keeps the
 * shorter of the two schedules.  The §V-B one proves the 3/2 bound, so
 * the kept one ends by 3λ/2 too. */
static int a32_relist(struct a32 *A, struct mold_sched *S)
{
	if (!A->P->refine)
		return TEST_ACCEPT;
	const struct mold *M = A->M;
	mold_sched_list(M, A->alloc, A->lidx, A->tmpk, &A->pool, &A->L);
	if (A->P->compact)
		mold_sched_compact(S, M);
	else
		mold_sched_makespan(S);
	if (A->L.makespan < S->makespan)
		mold_sched_swap(S, &A->L);
	return TEST_ACCEPT;
}

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
	if (a32_greedy(A) && mold_a32_construct(A, S) == 0) {
		A->ss->greedy++;
		return a32_relist(A, S);
	}
	return TEST_UNSURE;
}

/* Test a guess: sets, LP relaxation (rejects), rounding or branch and
 * bound (accepts), then the §V-B construction. */
static int a32_test_once(struct a32 *A, double lam, int exact, struct mold_sched *S)
{
	int opt = exact && A->P->optimal;
	if (!a32_load_sets(A, lam))
		return TEST_REJECT;
	if (!opt && a32_greedy(A)) {
		A->ss->greedy++;
		if (mold_a32_construct(A, S) == 0)
			return a32_relist(A, S);
	}
	if (!A->lp)
		mold_a32_build_lp(A);
	mold_a32_load_lp(A);
	int st = mold_a32_simplex(A);
	if (st == GLP_NOFEAS || st == GLP_INFEAS)
		return TEST_REJECT;
	if (st != GLP_OPT)
		return TEST_ERROR;
	int found = 0;
	if (!opt && a32_round(A)) {
		found = 1;
		A->ss->rounded++;
	} else {
		int r = mold_a32_intopt(A, 0, opt);
		if (r == 2) /* slow near the threshold: MIR cuts close such gaps */
			r = mold_a32_intopt(A, 1, opt);
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
	if (mold_a32_construct(A, S) != 0)
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
	mold_heap_init(&A->h, big);
	mold_pool_init(&A->pool, m, M->k);
	mold_sched_init(&A->L, n);
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
	mold_heap_free(&A->h);
	mold_pool_free(&A->pool);
	mold_sched_release(&A->L);
	free(A->lidx);
	memset(A, 0, sizeof *A);
}

int mold_approx32(const struct mold *M, const struct mold_params *P, struct mold_sched *S,
		  struct mold_stats *ss)
{
	double t0 = mold_now_s(), c0 = mold_cpu_s();
	memset(ss, 0, sizeof *ss);
	mold_sched_reset(S);
	if (!M->n)
		return 0;
	struct a32 A;
	a32_init(&A, M, P, ss);
	glp_term_hook(mold_glpk_to_stderr, NULL);
	int term = glp_term_out(P->verbose ? GLP_ON : GLP_OFF);
	int r = mold_dual(M, P, a32_test, &A, 1.5, 1, 1.5, S, ss);
	if (ss->set_tasks)
		ss->mean_sets = (double)ss->set_count / ss->set_tasks;
	a32_free(&A);
	glp_term_out(term);
	glp_term_hook(NULL, NULL);
	ss->time = mold_now_s() - t0;
	ss->cpu = mold_cpu_s() - c0;
	return r;
}
