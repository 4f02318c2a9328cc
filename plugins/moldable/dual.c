/* moldable/dual.c - what the two dual approximations (approx32, approx2)
 * share: the bounds on the optimum, and the search on the guess (hs's or
 * the paper's bisection) around a test of one guess (test_fn). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "hs/util.h"
#include "moldable.h"

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
	mold_sort_by(idx, nf, key, 1);
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
	if (X->ss->deadline && mold_now_s() >= X->ss->deadline) {
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
			mold_sched_compact(X->tmp, X->M);
		else
			mold_sched_makespan(X->tmp);
		*ms = X->tmp->makespan;
		if (!X->P->best || X->tmp->makespan < X->S->makespan) {
			mold_sched_swap(X->S, X->tmp);
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
	mold_sched_init(&H, M->n);
	static const int prio[] = {PRIO_LPT, PRIO_RATIO, PRIO_LPT}, par[] = {0, 0, 1};
	for (int v = 0; v < 3; v++) {
		mold_heft(M, prio[v], par[v], v ? &H : S);
		if (v && H.makespan < S->makespan) {
			mold_sched_swap(S, &H);
			ss->from = FROM_HEFT_LPT_SEQ + v;
		} else if (!v)
			ss->from = FROM_HEFT_LPT_SEQ;
	}
	mold_sched_release(&H);
	return S->makespan;
}

/* Everything around the search: candidates, bounds, where to start.
 * tfac/gfac: the test's relaxation (mold_necessary), rho its ratio. */
int mold_dual(const struct mold *M, const struct mold_params *P, test_fn test, void *st, double tfac,
	      double gfac, double rho, struct mold_sched *S, struct mold_stats *ss)
{
	double ub = heuristic_upper(M, S, ss);
	ss->ub0 = ub;
	ss->lambda = INFINITY;
	ss->lb0 = ss->lb = mold_lower_bound(M, ub, 1, 1, 1e-6);
	ss->deadline = P->budget > 0 ? mold_now_s() + P->budget : 0;
	struct mold_sched tmp;
	mold_sched_init(&tmp, M->n);
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
	mold_sched_release(&tmp);
	if (!isfinite(ss->lambda))
		ss->lambda = ub; /* no guess accepted: a schedule of length ub exists */
	ss->makespan = S->makespan;
	ss->guarantee = ss->lb > 0 ? S->makespan / ss->lb : INFINITY;
	return r;
}
