/* test_moldable_exact.c - the moldable plugin's algorithms (approx32,
 * approx2, heft) against an exact solver on many small random instances
 * (n <= 8, m <= 4, k <= 2), plus hand-made instances whose sets, shelves and
 * schedules are known.  The plugin's core is included directly (every file
 * of plugins/moldable/ but the hs glue, plugin.c: their static functions
 * too), so no format layer is involved. */
#include "../../plugins/moldable/problem.c"
#include "../../plugins/moldable/sched.c"
#include "../../plugins/moldable/heft.c"
#include "../../plugins/moldable/dual.c"
#include "../../plugins/moldable/approx2.c"
#include "../../plugins/moldable/approx32.c"
#include "../../plugins/moldable/ilp.c"
#include "../../plugins/moldable/construct.c"

#include <stdint.h>

#include "tap.h"

/* ---------------- instances ---------------- */

static uint64_t rng_s;
static double urand(void)
{
	rng_s ^= rng_s << 13;
	rng_s ^= rng_s >> 7;
	rng_s ^= rng_s << 17;
	return (rng_s >> 11) * (1.0 / 9007199254740992.0);
}
static double nrand(double mu, double sd)
{
	double u = urand(), v = urand();
	if (u < 1e-300)
		u = 1e-300;
	return mu + sd * sqrt(-2 * log(u)) * cos(2 * M_PI * v);
}

/* kind 0: Table I (Amdahl, GPU factor N(0.2,0.5) in [0.1,1.5]);
 * kind 1: random monotonic tables, GPU times anywhere in [1, 100];
 * kind 2: like 1 with integer times (many ties on the set borders), some
 *         tasks without a GPU time. */
static void gen(struct mold *M, int n, int m, int k, int kind)
{
	mold_init(M, n, m, k);
	for (int j = 0; j < n; j++) {
		double *r = M->raw + (size_t)j * m;
		double p1 = 1 + 99 * urand();
		if (kind == 2)
			p1 = floor(p1 / 10) + 1;
		if (kind == 0) {
			double b = 0.9 * urand();
			for (int l = 1; l <= m; l++)
				r[l - 1] = p1 * (b + (1 - b) / l);
		} else {
			r[0] = p1;
			for (int l = 2; l <= m; l++) {
				/* between perfect speedup and none */
				double lo = r[l - 2] * (l - 1) / l, hi = r[l - 2];
				r[l - 1] = lo + (hi - lo) * urand();
				if (kind == 2) {
					r[l - 1] = ceil(r[l - 1] * l) / l;
					if (r[l - 1] > hi)
						r[l - 1] = hi;
				}
			}
		}
		if (kind == 0) {
			double g;
			do
				g = nrand(0.2, 0.5);
			while (g < 0.1 || g > 1.5);
			M->g[j] = g * r[m - 1];
		} else if (kind == 1) {
			M->g[j] = 1 + 99 * urand();
		} else {
			M->g[j] = urand() < 0.2 ? INFINITY : floor(1 + 10 * urand());
		}
	}
	struct mold_bad bad;
	if (mold_prepare(M, 1, 0, &bad) != 0) {
		printf("# generator made a bad instance: task %d %s\n", bad.task, bad.why);
		exit(1);
	}
}

/* ---------------- a schedule checker ---------------- */

/* Every task placed once, on existing cores/GPUs, for its real duration,
 * no resource used twice at once.  Returns the number of problems. */
static int check_sched(const struct mold *M, const struct mold_sched *S, const char *what)
{
	int bad = 0, n = M->n;
	for (int j = 0; j < n; j++) {
		double d = S->end[j] - S->start[j];
		if (S->start[j] < -1e-12) {
			printf("# %s: task %d starts at %g\n", what, j, S->start[j]);
			bad++;
		}
		if (S->gpu[j] >= 0) {
			if (S->gpu[j] >= M->k || fabs(d - M->g[j]) > 1e-9 * (1 + M->g[j])) {
				printf("# %s: task %d on GPU %d for %g\n", what, j, S->gpu[j], d);
				bad++;
			}
			continue;
		}
		if (S->gpu[j] != -1 || S->ncores[j] < 1) {
			printf("# %s: task %d not placed\n", what, j);
			bad++;
			continue;
		}
		const int *c = S->cores + S->coreoff[j];
		double want = M->raw[(size_t)j * M->m + S->ncores[j] - 1];
		if (fabs(d - want) > 1e-9 * (1 + want)) {
			printf("# %s: task %d runs %g on %d cores, model says %g\n", what, j, d, S->ncores[j],
			       want);
			bad++;
		}
		for (int q = 0; q < S->ncores[j]; q++) {
			if (c[q] < 0 || c[q] >= M->m) {
				printf("# %s: task %d on core %d\n", what, j, c[q]);
				bad++;
			}
			for (int r = 0; r < q; r++)
				if (c[r] == c[q]) {
					printf("# %s: task %d uses core %d twice\n", what, j, c[q]);
					bad++;
				}
		}
	}
	for (int a = 0; a < n; a++)
		for (int b = a + 1; b < n; b++) {
			int share = 0;
			if (S->gpu[a] >= 0 || S->gpu[b] >= 0)
				share = S->gpu[a] == S->gpu[b];
			else
				for (int q = 0; q < S->ncores[a]; q++)
					for (int r = 0; r < S->ncores[b]; r++)
						share |= S->cores[S->coreoff[a] + q] == S->cores[S->coreoff[b] + r];
			double tol = 1e-9 * (1 + S->end[a] + S->end[b]);
			if (share && S->start[a] < S->end[b] - tol && S->start[b] < S->end[a] - tol) {
				printf("# %s: tasks %d [%g,%g] and %d [%g,%g] overlap\n", what, a, S->start[a],
				       S->end[a], b, S->start[b], S->end[b]);
				bad++;
			}
		}
	return bad;
}

/* ---------------- the exact solver ---------------- */

/* The CPU part: tasks of mask on m identical cores, each with any allowed
 * core count.  Some optimal schedule is a list schedule in order of start
 * times where each task starts as early as possible but not before the
 * previous one (shifting a task earlier only frees cores later), and only
 * the multiset of times at which cores become free matters.  Depth-first
 * search over (next task, core count) with an area bound. */
struct ex {
	const struct mold *M;
	double best;
	double minwork[8], mintime[8];
};

static void cpu_dfs(struct ex *E, unsigned rem, const double *f, double t0, int prevj, double area_left)
{
	const struct mold *M = E->M;
	int m = M->m;
	double cur = f[m - 1], sum = 0, longest = 0;
	for (int i = 0; i < m; i++)
		sum += f[i];
	if (!rem) {
		if (cur < E->best)
			E->best = cur;
		return;
	}
	for (int j = 0; j < M->n; j++)
		if (rem >> j & 1 && E->mintime[j] > longest)
			longest = E->mintime[j];
	double lb = (sum + area_left) / m;
	if (t0 + longest > lb)
		lb = t0 + longest;
	if (cur > lb)
		lb = cur;
	if (lb >= E->best - 1e-12)
		return;
	for (int j = 0; j < M->n; j++) {
		if (!(rem >> j & 1))
			continue;
		for (int l = M->lo[j]; l <= M->hi[j]; l++) {
			double s = f[l - 1] > t0 ? f[l - 1] : t0;
			if (s == t0 && prevj >= 0 && j < prevj && f[l - 1] <= t0)
				continue; /* same start as the previous task: one order only */
			double e = s + M->raw[(size_t)j * m + l - 1];
			double nf[4];
			int q = 0;
			/* the l earliest cores run j; the others are free no earlier than s */
			double rest[4];
			int nr = 0;
			for (int i = l; i < m; i++)
				rest[nr++] = f[i] > s ? f[i] : s;
			/* merge rest (sorted) with l copies of e */
			int a = 0, c = 0;
			while (q < m) {
				if (a < nr && (c >= l || rest[a] <= e))
					nf[q++] = rest[a++];
				else {
					nf[q++] = e;
					c++;
				}
			}
			cpu_dfs(E, rem & ~(1u << j), nf, s, j, area_left - E->minwork[j]);
		}
	}
}

static double cpu_opt(struct ex *E, unsigned mask, double bound)
{
	double f[4] = {0, 0, 0, 0}, area = 0;
	for (int j = 0; j < E->M->n; j++)
		if (mask >> j & 1)
			area += E->minwork[j];
	E->best = bound;
	cpu_dfs(E, mask, f, 0, -1, area);
	return E->best;
}

/* Best makespan of the GPU tasks of mask on k GPUs (k <= 2). */
static double gpu_opt(const struct mold *M, unsigned mask)
{
	double tot = 0;
	for (int j = 0; j < M->n; j++)
		if (mask >> j & 1)
			tot += M->g[j];
	if (!mask)
		return 0;
	if (M->k == 0)
		return INFINITY;
	if (M->k == 1)
		return tot;
	double best = tot;
	for (unsigned s = mask;; s = (s - 1) & mask) {
		double a = 0;
		for (int j = 0; j < M->n; j++)
			if (s >> j & 1)
				a += M->g[j];
		double ms = a > tot - a ? a : tot - a;
		if (ms < best)
			best = ms;
		if (!s)
			break;
	}
	return best;
}

/* OPT over every split between GPUs and cores; ub: a known makespan. */
static double exact_opt(const struct mold *M, double ub)
{
	struct ex E;
	E.M = M;
	unsigned all = (1u << M->n) - 1, must_gpu = 0, can_gpu = 0;
	for (int j = 0; j < M->n; j++) {
		E.minwork[j] = INFINITY;
		E.mintime[j] = INFINITY;
		for (int l = M->lo[j]; l && l <= M->hi[j]; l++) {
			double t = M->raw[(size_t)j * M->m + l - 1];
			if (l * t < E.minwork[j])
				E.minwork[j] = l * t;
			if (t < E.mintime[j])
				E.mintime[j] = t;
		}
		if (!M->lo[j])
			must_gpu |= 1u << j;
		if (M->k > 0 && isfinite(M->g[j]))
			can_gpu |= 1u << j;
	}
	double best = ub * (1 + 1e-12);
	for (unsigned G = 0; G <= all; G++) {
		if ((G & must_gpu) != must_gpu || (G & ~can_gpu))
			continue;
		double g = gpu_opt(M, G);
		if (g >= best)
			continue;
		double c = cpu_opt(&E, all & ~G, best);
		double ms = c > g ? c : g;
		if (ms < best)
			best = ms;
	}
	return best;
}

/* ---------------- random instances against OPT ---------------- */

static void test_random(int count)
{
	struct mold_params P = {.cutoff = 1.01, .short_obj = 1, .ilp_limit = 5, .compact = 1, .refine = 1, .best = 1};
	struct mold_params Pw = P, Pr = P, Pp = P;
	Pw.short_obj = 0;
	Pw.optimal = 1;
	Pr.compact = 0;
	/* -o paper */
	Pp.short_obj = Pp.refine = Pp.compact = Pp.best = 0;
	Pp.optimal = 1;
	Pp.search = SEARCH_PAPER;
	int bad32 = 0, bad2 = 0, badlb = 0, badsched = 0, badheft = 0, errs = 0, bad32w = 0, badraw = 0;
	int badub = 0, badpaper = 0, badguar = 0;
	double worst32 = 0, worst2 = 0, sum32 = 0, worsth = 0;
	for (int it = 0; it < count; it++) {
		int n = 1 + (int)(urand() * 8), m = 1 + (int)(urand() * 4), k = (int)(urand() * 3);
		int kind = it % 3;
		if (kind == 0 && k == 0)
			k = 1;
		struct mold M;
		gen(&M, n, m, k, kind);
		struct mold_sched S;
		struct mold_stats s32, s2, sw, sr;
		mold_sched_init(&S, n);
		char what[80];
		snprintf(what, sizeof what, "instance %d (n=%d m=%d k=%d kind %d)", it, n, m, k, kind);
		double ub = INFINITY, h[6];
		for (int q = 0; q < 6; q++) {
			mold_heft(&M, q % 3, q / 3, &S);
			badsched += check_sched(&M, &S, what);
			h[q] = S.makespan;
			if (h[q] < ub)
				ub = h[q];
		}
		errs += mold_approx2(&M, &P, &S, &s2) != 0;
		badsched += check_sched(&M, &S, what);
		double ms2 = S.makespan;
		if (getenv("MOLD_DEBUG") && atoi(getenv("MOLD_DEBUG")) == it) {
			Pr.verbose = 1;
			for (int j = 0; j < n; j++) {
				printf("# task %d gpu %g cpu", j, M.g[j]);
				for (int l = 1; l <= m; l++)
					printf(" %.17g", M.raw[j * m + l - 1]);
				printf("\n");
			}
		}
		errs += mold_approx32(&M, &Pr, &S, &sr) != 0;
		Pr.verbose = 0;
		badsched += check_sched(&M, &S, what);
		double msr = S.makespan;
		errs += mold_approx32(&M, &Pw, &S, &sw) != 0;
		badsched += check_sched(&M, &S, what);
		double msw = S.makespan;
		struct mold_stats sp;
		errs += mold_approx32(&M, &Pp, &S, &sp) != 0;
		badsched += check_sched(&M, &S, what);
		double msp = S.makespan;
		errs += mold_approx32(&M, &P, &S, &s32) != 0;
		badsched += check_sched(&M, &S, what);
		double ms32 = S.makespan;
		/* best-of: never longer than the HEFT-like schedules of its own
		 * upper bound (lpt-seq, ratio-seq, lpt-par) */
		if (ms32 > h[0] || ms32 > h[2] || ms32 > h[3]) {
			printf("# %s: approx32 %.9g longer than its own upper-bound schedules %.9g %.9g %.9g\n", what,
			       ms32, h[0], h[2], h[3]);
			badub++;
		}
		if (fabs(s32.guarantee - ms32 / s32.lb) > 1e-9 * s32.guarantee || s32.guarantee > 1.5 * P.cutoff * (1 + 1e-9)) {
			printf("# %s: guarantee %.9g, makespan %.9g, lb %.9g\n", what, s32.guarantee, ms32, s32.lb);
			badguar++;
		}
		if (ms2 < ub)
			ub = ms2;
		if (ms32 < ub)
			ub = ms32;
		double opt = exact_opt(&M, ub);
		double tol = 1 + 1e-9;
		if (ms32 > 1.5 * P.cutoff * opt * tol) {
			printf("# %s: approx32 %.9g > 1.5*cutoff*OPT, OPT %.9g\n", what, ms32, opt);
			bad32++;
		}
		if (msp > 1.5 * P.cutoff * opt * tol || (sp.from == FROM_GUESS && msp > 1.5 * sp.from_lambda * tol)) {
			printf("# %s: approx32 -o paper %.9g, its guess %.9g, OPT %.9g\n", what, msp, sp.from_lambda, opt);
			badpaper++;
		}
		if (msw > 1.5 * P.cutoff * opt * tol) {
			printf("# %s: approx32 (objective=work, optimal) %.9g, OPT %.9g\n", what, msw, opt);
			bad32w++;
		}
		if (msr > 1.5 * s32.lambda * tol + 1e-12 && msr > 1.5 * sr.lambda * tol) {
			printf("# %s: uncompacted approx32 %.9g > 3/2 lambda %.9g\n", what, msr, sr.lambda);
			badraw++;
		}
		if (ms2 > 2 * P.cutoff * opt * tol) {
			printf("# %s: approx2 %.9g > 2*cutoff*OPT, OPT %.9g\n", what, ms2, opt);
			bad2++;
		}
		if (s32.lb > opt * tol || s32.lb0 > opt * tol || s2.lb > opt * tol || sw.lb > opt * tol) {
			printf("# %s: lower bound %.9g / %.9g / %.9g above OPT %.9g\n", what, s32.lb, s32.lb0,
			       s2.lb, opt);
			badlb++;
		}
		for (int q = 0; q < 6; q++)
			if (h[q] < opt / tol) {
				printf("# %s: heuristic %d beats OPT: %.9g < %.9g\n", what, q, h[q], opt);
				badheft++;
			} else if (h[q] / opt > worsth)
				worsth = h[q] / opt;
		if (ms32 / opt > worst32)
			worst32 = ms32 / opt;
		if (ms2 / opt > worst2)
			worst2 = ms2 / opt;
		sum32 += ms32 / opt;
		mold_sched_release(&S);
		mold_release(&M);
	}
	printf("# %d instances: approx32/OPT worst %.4f mean %.4f, approx2/OPT worst %.4f, heft/OPT worst %.4f\n",
	       count, worst32, sum32 / count, worst2, worsth);
	TAP_OK(errs == 0, "no solver errors on %d random instances", count);
	TAP_OK(badsched == 0, "every schedule is valid on %d random instances (%d problems)", count, badsched);
	TAP_OK(bad32 == 0, "approx32 <= 1.5*cutoff*OPT on %d random instances (%d fail)", count, bad32);
	TAP_OK(badub == 0, "approx32 <= each of its own upper-bound schedules (%d fail)", badub);
	TAP_OK(badguar == 0, "approx32's guarantee is makespan / lb and at most 1.5*cutoff (%d fail)", badguar);
	TAP_OK(badpaper == 0, "approx32 -o paper <= 1.5*cutoff*OPT and <= 3/2 of its last guess (%d fail)", badpaper);
	TAP_OK(bad32w == 0, "approx32 -o objective=work -o optimal <= 1.5*cutoff*OPT (%d fail)", bad32w);
	TAP_OK(badraw == 0, "approx32 -o compact=0 ends by 3/2 lambda (%d fail)", badraw);
	TAP_OK(bad2 == 0, "approx2 <= 2*cutoff*OPT on %d random instances (%d fail)", count, bad2);
	TAP_OK(badlb == 0, "lower bounds never exceed OPT (%d fail)", badlb);
	TAP_OK(badheft == 0, "no heuristic beats the exact OPT (checks the exact solver, %d fail)", badheft);
}

/* ---------------- hand-made instances ---------------- */

static void set_times(struct mold *M, int j, const double *t, double g)
{
	for (int l = 1; l <= M->m; l++)
		M->raw[(size_t)j * M->m + l - 1] = t[l - 1];
	M->g[j] = g;
}

static void test_sets(void)
{
	/* m = 4, λ = 10: λ/2 = 5, 3λ/4 = 7.5, 3λ/2 = 15 */
	struct mold M;
	mold_init(&M, 7, 4, 1);
	set_times(&M, 0, (double[]){4, 4, 4, 4}, INFINITY);      /* (0) */
	set_times(&M, 1, (double[]){7, 4, 3, 3}, 3);             /* (1), (4); GPU (6) */
	set_times(&M, 2, (double[]){12, 7, 5, 4}, 8);            /* (2), (3), (4); GPU (5) */
	set_times(&M, 3, (double[]){9, 5, 4, 4}, 11);            /* (3), (4); GPU too long */
	set_times(&M, 4, (double[]){40, 20, 14, 11}, 5);         /* (2) on 3 cores; GPU (6) */
	set_times(&M, 5, (double[]){40, 30, 25, 22}, INFINITY);  /* nothing within 15 */
	set_times(&M, 6, (double[]){7.5, 7.5, 7.5, 7.5}, 10);    /* (1) at the border; GPU (5) */
	struct mold_bad bad;
	TAP_OK(mold_prepare(&M, 1, 0, &bad) == 0, "hand-made tasks are monotonic");
	int gam[NSETS];
	double w[NSETS];
	unsigned want[] = {1u << 0, 1u << 1 | 1u << 4 | 1u << 6, 1u << 2 | 1u << 3 | 1u << 4 | 1u << 5,
			   1u << 3 | 1u << 4, 1u << 2 | 1u << 6, 0, 1u << 1 | 1u << 5};
	for (int j = 0; j < 7; j++) {
		unsigned e = a32_sets(&M, j, 10, gam, w);
		TAP_OK(e == want[j], "task %d: eligible sets 0x%x (want 0x%x)", j, e, want[j]);
	}
	a32_sets(&M, 2, 10, gam, w);
	TAP_OK(gam[2] == 1 && gam[3] == 2 && gam[4] == 3, "task 2: gamma(15)=1, gamma(10)=2, gamma(5)=3");
	TAP_NEAR(w[4], 15, 1e-12, "task 2: work in set (4) is 3*5");
	a32_sets(&M, 4, 10, gam, w);
	TAP_OK(gam[2] == 3, "task 4: set (2) on gamma(15)=3 cores");
	TAP_OK(mold_gamma(&M, 5, 21.99) == 0 && mold_gamma(&M, 5, 22) == 4, "gamma is 0 when no count fits");
	mold_release(&M);
}

/* Construction with a fixed assignment: known shelves. */
static void test_construct(void)
{
	struct mold M;
	mold_init(&M, 6, 3, 1);
	/* λ = 10, T = 15, mλ = 30 */
	set_times(&M, 0, (double[]){6, 6, 6}, INFINITY);       /* (1)L */
	set_times(&M, 1, (double[]){5.5, 5.5, 5.5}, INFINITY); /* (1)R */
	set_times(&M, 2, (double[]){7.6, 7.6, 7.6}, INFINITY); /* (3) on 1 core */
	set_times(&M, 3, (double[]){10.5, 7, 5}, INFINITY);    /* (2) on gamma(15) = 1 core */
	set_times(&M, 4, (double[]){0.3, 0.3, 0.3}, INFINITY); /* (0) */
	set_times(&M, 5, (double[]){INFINITY, INFINITY, INFINITY}, 8); /* (5) */
	struct mold_bad bad;
	TAP_OK(mold_prepare(&M, 1, 0, &bad) == 0, "construction instance is monotonic");
	struct mold_params P = {.cutoff = 1.01, .compact = 0, .refine = 1};
	struct mold_stats ss;
	memset(&ss, 0, sizeof ss);
	struct a32 A;
	a32_init(&A, &M, &P, &ss);
	A.lam = 10;
	for (int j = 0; j < 6; j++)
		A.elig[j] = (unsigned char)a32_sets(&M, j, 10, A.gam + j * NSETS, A.w + j * NSETS);
	int set[] = {1, 1, 3, 2, 0, 5};
	memcpy(A.set, set, sizeof set);
	TAP_OK(a32_check(&A, A.set), "the assignment satisfies C1-C8 (work 29.9 <= 30)");
	struct mold_sched S;
	mold_sched_init(&S, 6);
	int r = mold_a32_construct(&A, &S);
	TAP_OK(r == 0, "construction succeeds");
	/* 3 columns: set (2) on column 0 (not widened: gamma(10) = 2 needs a
	 * free core), the pair on column 1, set (3) on column 2: no column is
	 * left to split the pair */
	TAP_OK(S.ncores[3] == 1 && S.cores[S.coreoff[3]] == 0 && S.start[3] == 0, "set (2) from 0 on core 0");
	TAP_OK(S.cores[S.coreoff[0]] == 1 && S.start[0] == 0, "(1)L from 0 on core 1");
	TAP_OK(S.cores[S.coreoff[1]] == 1 && S.start[1] == 9.5 && S.end[1] == 15, "(1)R ends at 3λ/2 on core 1");
	TAP_OK(S.cores[S.coreoff[2]] == 2 && S.start[2] == 0, "set (3) from 0 on core 2");
	TAP_OK(S.cores[S.coreoff[4]] == 2 && S.end[4] == 15, "set (0) ends at 3λ/2 on the least loaded core 2");
	TAP_OK(S.gpu[5] == 0 && S.start[5] == 0, "set (5) from 0 on the GPU");
	TAP_OK(check_sched(&M, &S, "construction") == 0, "the construction is a valid schedule");
	mold_sched_compact(&S, &M);
	TAP_OK(S.start[1] == 6 && S.start[4] == 7.6 && S.makespan == 11.5,
	       "compaction: (1)R at 6, (0) at 7.6, makespan 11.5");
	TAP_OK(check_sched(&M, &S, "compacted") == 0, "the compacted schedule is valid");

	mold_sched_release(&S);
	a32_free(&A);
	mold_release(&M);

	mold_init(&M, 2, 2, 0);
	set_times(&M, 0, (double[]){7, 7}, INFINITY);
	set_times(&M, 1, (double[]){6, 6}, INFINITY);
	TAP_OK(mold_prepare(&M, 1, 0, &bad) == 0, "split instance is monotonic");
	a32_init(&A, &M, &P, &ss);
	A.lam = 10;
	for (int j = 0; j < 2; j++)
		A.elig[j] = (unsigned char)a32_sets(&M, j, 10, A.gam + j * NSETS, A.w + j * NSETS);
	A.set[0] = A.set[1] = 1;
	mold_sched_init(&S, 2);
	TAP_OK(mold_a32_construct(&A, &S) == 0, "split construction succeeds");
	TAP_OK(S.start[0] == 0 && S.start[1] == 0 && S.cores[S.coreoff[0]] != S.cores[S.coreoff[1]],
	       "a free core splits the set (1) pair: both start at 0");
	mold_sched_release(&S);
	a32_free(&A);
	mold_release(&M);
}

static void test_monotony(void)
{
	struct mold M;
	struct mold_bad bad;
	int r;
	mold_init(&M, 2, 3, 0);
	set_times(&M, 0, (double[]){10, 5, 4}, INFINITY);
	set_times(&M, 1, (double[]){10, 6, 7}, INFINITY);
	r = mold_prepare(&M, 1, 0, &bad);
	TAP_OK(r == -1 && bad.task == 1 && strstr(bad.why, "time grows"), "rising time is rejected, naming task 1: %s",
	       bad.why);
	mold_release(&M);

	mold_init(&M, 1, 3, 0);
	set_times(&M, 0, (double[]){10, 4, 3}, INFINITY);
	r = mold_prepare(&M, 1, 0, &bad);
	TAP_OK(r == -1 && bad.task == 0 && strstr(bad.why, "work falls"), "super-linear speedup is rejected: %s",
	       bad.why);
	mold_release(&M);

	mold_init(&M, 1, 4, 0);
	set_times(&M, 0, (double[]){10, 4, 6, 2}, INFINITY);
	TAP_OK(mold_prepare(&M, 1, 1, &bad) == 0, "monotonize accepts it");
	/* time: prefix minimum 10,4,4,2 on 1,2,2,4 cores; work: p(2) =
	 * max(4, 10/2) = 5, p(3) = max(4, 2*5/3) = 4, p(4) = max(2, 3*4/4) = 3 */
	TAP_NEAR(mold_p(&M, 0, 2), 5, 1e-12, "monotonize: p(2) raised to 5 (work 10)");
	TAP_NEAR(mold_p(&M, 0, 3), 4, 1e-12, "monotonize: p(3) = prefix min 4 (work 12)");
	TAP_NEAR(mold_p(&M, 0, 4), 3, 1e-12, "monotonize: p(4) raised to 3 (work 12)");
	TAP_OK(mold_use(&M, 0, 3) == 2 && mold_use(&M, 0, 4) == 4, "monotonize: 3 cores run it on 2");
	TAP_NEAR(mold_real(&M, 0, 3), 4, 1e-12, "monotonize: the real time on 3 allotted cores is p(2) = 4");
	struct mold_params P = {.cutoff = 1.01, .short_obj = 1, .compact = 1, .refine = 1, .best = 1};
	struct mold_sched S;
	struct mold_stats ss;
	mold_sched_init(&S, 1);
	TAP_OK(mold_approx32(&M, &P, &S, &ss) == 0 && check_sched(&M, &S, "monotonized") == 0,
	       "approx32 plans a monotonized task validly");
	mold_sched_release(&S);
	mold_release(&M);

	/* monotonize next to a GPU-only task and a task without GPU time */
	mold_init(&M, 3, 3, 1);
	set_times(&M, 0, (double[]){INFINITY, INFINITY, INFINITY}, 5);
	set_times(&M, 1, (double[]){9, 4, 5}, INFINITY);
	set_times(&M, 2, (double[]){6, 3, 2}, 2);
	TAP_OK(mold_prepare(&M, 1, 1, &bad) == 0 && M.lo[0] == 0 && isinf(mold_p(&M, 0, 2)),
	       "monotonize keeps a GPU-only task off the cores");
	mold_sched_init(&S, 3);
	TAP_OK(mold_approx32(&M, &P, &S, &ss) == 0 && check_sched(&M, &S, "gpu-only") == 0 && S.gpu[0] == 0,
	       "approx32 with monotonize: the GPU-only task on the GPU, a valid plan");
	TAP_OK(mold_approx2(&M, &P, &S, &ss) == 0 && check_sched(&M, &S, "gpu-only approx2") == 0,
	       "approx2 with monotonize: a valid plan");
	mold_sched_release(&S);
	mold_release(&M);

	mold_init(&M, 1, 2, 0);
	r = mold_prepare(&M, 1, 0, &bad);
	TAP_OK(r == -1 && strstr(bad.why, "no finite time"), "a task that cannot run is named: %s", bad.why);
	mold_release(&M);
}

static void test_heft_and_bounds(void)
{
	struct mold M;
	struct mold_bad bad;
	struct mold_sched S;
	/* m=1, k=1: lpt order 10 (cpu) / 8 (gpu 8): task0 cpu 10 gpu 8 -> GPU
	 * (finish 8); task1 cpu 6 gpu 6 -> both end... cpu 6, gpu 14: CPU. */
	mold_init(&M, 2, 1, 1);
	set_times(&M, 0, (double[]){10}, 8);
	set_times(&M, 1, (double[]){6}, 6);
	mold_prepare(&M, 0, 0, &bad);
	mold_sched_init(&S, 2);
	mold_heft(&M, PRIO_LPT, 0, &S);
	TAP_OK(S.gpu[0] == 0 && S.gpu[1] == -1 && S.makespan == 8, "heft-lpt: EFT sends 0 to the GPU, 1 to the core");
	mold_heft(&M, PRIO_SPT, 0, &S);
	TAP_OK(S.gpu[1] == 0 && S.gpu[0] == -1 && S.makespan == 10, "heft-spt: 1 first (tie to the GPU), then 0 on the core");
	mold_sched_release(&S);
	mold_release(&M);

	/* two sequential-only tasks on 2 cores: OPT = 10 = area = longest */
	mold_init(&M, 2, 2, 0);
	set_times(&M, 0, (double[]){10, 10}, INFINITY);
	set_times(&M, 1, (double[]){10, 10}, INFINITY);
	mold_prepare(&M, 1, 0, &bad);
	TAP_NEAR(mold_lower_bound(&M, 20, 1, 1, 1e-6), 10, 1e-5, "lower bound 10 for two 10s on 2 cores");
	mold_sched_init(&S, 2);
	struct mold_params P = {.cutoff = 1.01, .short_obj = 1, .compact = 1, .refine = 1, .best = 1};
	struct mold_stats ss;
	TAP_OK(mold_approx32(&M, &P, &S, &ss) == 0 && S.makespan == 10, "approx32 finds 10");
	TAP_OK(ss.steps == 0 && ss.from == FROM_HEFT_LPT_SEQ,
	       "the HEFT-like schedule is within cutoff of the bound: no guess is tested (%d)", ss.steps);
	TAP_OK(mold_approx2(&M, &P, &S, &ss) == 0 && S.makespan == 10, "approx2 finds 10");
	mold_sched_release(&S);
	mold_release(&M);
}

/* The instance where a guess below the proven bound gives the shortest
 * schedule (m = 3 cores, k = 2 GPUs; Amdahl times with beta 0.5, 0.4,
 * 0.8, 0.3).  lb0 = 4 (t0 on 3 cores; the areas fit at 4).  The best
 * HEFT-like schedule is 4 + 13/15 (heft-lpt-par: t0 on 3 cores, then t2).  At the guess
 * lambda in [3.68, 3.75): t0 and t3 only fit set (2) (2 cores, 4.5 and
 * 5.2 > lambda), so t3 goes to a GPU (set (5)), t1 too (W_C = 9 + 2 + 1
 * > 3 lambda otherwise) and t2 to set (0): t0 on 2 cores [0, 4.5], t2 on
 * the third, t3 and t1 on the GPUs, makespan 4.5 (optimal).  From lambda
 * = 4 on, t0 fits set (3) on 3 cores or set (2) on 1 core (6), and every
 * schedule built is 5 or longer. */
static void pin_instance(struct mold *M)
{
	mold_init(M, 4, 3, 2);
	set_times(M, 0, (double[]){6, 4.5, 4}, 13);
	set_times(M, 1, (double[]){2, 1.4, 1.2}, 3);
	set_times(M, 2, (double[]){1, 0.9, 13.0 / 15}, 3);
	set_times(M, 3, (double[]){8, 5.2, 64.0 / 15}, 2);
}

/* The search state of mold_approx32 without running its search. */
static void pin_setup(struct a32 *A, const struct mold *M, const struct mold_params *P, struct mold_stats *ss,
		      struct mold_sched *S, struct mold_sched *tmp, struct search *X, test_fn fn)
{
	memset(ss, 0, sizeof *ss);
	a32_init(A, M, P, ss);
	mold_sched_init(S, M->n);
	mold_sched_init(tmp, M->n);
	ss->ub0 = ss->lambda = heuristic_upper(M, S, ss);
	ss->lb0 = ss->lb = mold_lower_bound(M, ss->ub0, 1, 1, 1e-6);
	*X = (struct search){fn, A, M, P, ss, S, tmp, 1.5};
}

static void test_below_bound(void)
{
	struct mold M;
	struct mold_bad bad;
	pin_instance(&M);
	TAP_OK(mold_prepare(&M, 1, 0, &bad) == 0, "pinned instance is monotonic");
	struct mold_params P = {.cutoff = 1.01, .short_obj = 1, .ilp_limit = 5, .compact = 1, .refine = 1, .best = 1};
	struct mold_sched S;
	struct mold_stats ss;
	mold_sched_init(&S, M.n);
	TAP_OK(mold_approx32(&M, &P, &S, &ss) == 0 && check_sched(&M, &S, "pinned") == 0, "approx32 plans it");
	TAP_OK(ss.lb0 == 4, "proven lower bound 4 (got %.9g)", ss.lb0);
	/* the test's own bound: t0 on >= 2 cores (work 9) and t3, t1 and a
	 * fraction of t2 on the GPUs (2 lambda): 10 - (2 lambda - 5)/3 <=
	 * 3 lambda from lambda = 35/11 on */
	TAP_NEAR(ss.lo0, 35.0 / 11, 35.0 / 11 * 2e-3, "the search starts at the ILP's necessary bound 35/11");
	TAP_OK(ss.from == FROM_GUESS && ss.from_lambda < ss.lb0 && ss.below > 0,
	       "the returned schedule comes from a guess below the proven bound (%.9g < %.9g)", ss.from_lambda, ss.lb0);
	TAP_NEAR(S.makespan, 4.5, 1e-12, "its makespan is 4.5");
	TAP_NEAR(exact_opt(&M, 10), 4.5, 1e-12, "the exact solver's optimum is 4.5 too");
	TAP_NEAR(ss.guarantee, 4.5 / 4, 1e-12, "guarantee = 4.5 / 4");
	int gpu0 = S.gpu[0], gpu3 = S.gpu[3], gpu1 = S.gpu[1];
	TAP_OK(gpu0 < 0 && S.ncores[0] == 2 && gpu3 >= 0 && gpu1 >= 0 && S.gpu[2] < 0,
	       "t0 on 2 cores, t3 and t1 on GPUs, t2 on the third core");
	/* every guess from the proven bound up gives 5 or more */
	struct a32 A;
	struct mold_stats s2;
	struct mold_sched T;
	memset(&s2, 0, sizeof s2);
	a32_init(&A, &M, &P, &s2);
	mold_sched_init(&T, M.n);
	double shortest = INFINITY, used;
	for (double lam = 4; lam <= ss.ub0 * 1.01; lam *= 1.001)
		if (a32_test(&A, lam, MODE_FULL, &T, &used) == TEST_ACCEPT) {
			mold_sched_compact(&T, &M);
			shortest = fmin(shortest, T.makespan);
		}
	TAP_OK(shortest >= 5 - 1e-12, "every guess from 4 to the upper bound gives 5 or more (shortest %.9g)", shortest);
	double lam = 3.72;
	TAP_OK(a32_test(&A, lam, MODE_FULL, &T, &used) == TEST_ACCEPT, "the guess 3.72 < 4 is accepted (the ILP is a relaxation)");
	a32_free(&A);
	mold_sched_release(&T);
	/* the same search, never below the proven bound: longer */
	struct mold_sched S2, tmp;
	struct search X;
	pin_setup(&A, &M, &P, &s2, &S2, &tmp, &X, a32_test);
	TAP_OK(s2.ub0 == 4 + 13.0 / 15, "the HEFT-like upper bound is 4 + 13/15 (got %.9g)", s2.ub0);
	TAP_OK(search_hs(&X, s2.lb0, s2.ub0) == 0 && S2.makespan == s2.ub0 && s2.from != FROM_GUESS,
	       "searching only from the proven bound up keeps the HEFT-like schedule (%.9g)", S2.makespan);
	a32_free(&A);
	mold_sched_release(&S2);
	mold_sched_release(&tmp);
	/* the paper's bounds: 2/3 of the sum of shortest times (4 + 1.2 +
	 * 13/15 + 2 = 121/15) over m + k = 5; the sum of the longest (13 + 3 +
	 * 3 + 8) */
	double lo, hi;
	paper_bounds(&M, &lo, &hi);
	TAP_NEAR(lo, 242.0 / 225, 1e-12, "paper bounds: lower 2/3 * (121/15) / 5");
	TAP_NEAR(hi, 27, 1e-12, "paper bounds: upper 27");
	mold_sched_release(&S);
	mold_release(&M);
}

/* A test that never decides (branch and bound at its time limit on every
 * guess): the HEFT-like schedule is returned with the guarantee that still
 * holds, the rejections are counted as unproven and lb stays lb0. */
static int never_sure(void *st, double lam, int mode, struct mold_sched *S, double *used)
{
	(void)st, (void)lam, (void)mode, (void)S;
	*used = lam;
	return TEST_UNSURE;
}

static void test_unproven(void)
{
	/* 2 cores, no GPU, three tasks that do not speed up: 10, 8, 8 */
	struct mold M;
	mold_init(&M, 3, 2, 0);
	set_times(&M, 0, (double[]){10, 10}, INFINITY);
	set_times(&M, 1, (double[]){8, 8}, INFINITY);
	set_times(&M, 2, (double[]){8, 8}, INFINITY);
	struct mold_bad bad;
	TAP_OK(mold_prepare(&M, 1, 0, &bad) == 0, "unproven instance is monotonic");
	/* lb0 = max(10, 26/2 = 13) = 13; HEFT-lpt-seq: 10 | 8, then 8 after 8: 16 */
	struct mold_params P = {.cutoff = 1.01, .short_obj = 1, .ilp_limit = 5, .compact = 1, .refine = 1, .best = 1};
	struct a32 A;
	struct mold_stats ss;
	struct mold_sched S, tmp;
	struct search X;
	pin_setup(&A, &M, &P, &ss, &S, &tmp, &X, never_sure);
	TAP_OK(fabs(ss.lb0 - 13) < 13e-6 && ss.ub0 == 16, "lb0 13, HEFT 16 (got %.9g, %.9g)", ss.lb0, ss.ub0);
	/* 16 <= 1.5 * 1.01 * 13 = 19.7: the guarantee holds without any guess */
	TAP_OK(search_hs(&X, 9, ss.ub0) == 0 && ss.uncertain == 0 && ss.from != FROM_GUESS,
	       "within 3/2*cutoff already: no guess needs a proof (%d unproven)", ss.uncertain);
	a32_free(&A);
	mold_sched_release(&S);
	mold_sched_release(&tmp);
	/* cutoff 1.001 and a ratio of 1.2 instead: the guarantee must be proven */
	P.cutoff = 1.001;
	pin_setup(&A, &M, &P, &ss, &S, &tmp, &X, never_sure);
	X.rho = 1.2;
	TAP_OK(search_hs(&X, 9, ss.ub0) == 0 && ss.uncertain > 0 && ss.lb == ss.lb0 && ss.from != FROM_GUESS,
	       "unproven rejections: counted (%d), lb stays lb0, the HEFT-like schedule returned", ss.uncertain);
	TAP_OK(S.makespan == 16, "makespan 16: the guarantee that holds is 16 / lb0");
	a32_free(&A);
	mold_sched_release(&S);
	mold_sched_release(&tmp);
	/* a spent budget stops the search before its first guess */
	P.cutoff = 1.01;
	P.budget = 1e-9;
	mold_sched_init(&S, M.n);
	TAP_OK(mold_approx32(&M, &P, &S, &ss) == 0 && ss.stopped && ss.steps == 0 && ss.from != FROM_GUESS &&
		       S.makespan == 16 && check_sched(&M, &S, "budget") == 0,
	       "budget spent: no guess, the HEFT-like schedule, stopped");
	mold_sched_release(&S);
	mold_release(&M);
}

/* Table I sizes: valid schedules within the guarantee. */
static void test_medium(void)
{
	struct mold_params P = {.cutoff = 1.01, .short_obj = 1, .ilp_limit = 5, .compact = 1, .refine = 1, .best = 1};
	int bad = 0, badratio = 0, errs = 0;
	for (int s = 0; s < 6; s++) {
		struct mold M;
		int n = s < 3 ? 100 : 50, m = s < 3 ? 64 : 16, k = s < 3 ? 4 : 2;
		gen(&M, n, m, k, s % 3);
		struct mold_sched S;
		struct mold_stats ss;
		mold_sched_init(&S, n);
		errs += mold_approx32(&M, &P, &S, &ss) != 0;
		bad += check_sched(&M, &S, "medium approx32");
		if (S.makespan > 1.5 * P.cutoff * ss.lb * (1 + 1e-9) || ss.guarantee > 1.5 * P.cutoff * (1 + 1e-9) ||
		    (ss.from == FROM_GUESS && S.makespan > 1.5 * ss.from_lambda * (1 + 1e-9)) || ss.uncertain || ss.stopped) {
			printf("# medium %d: makespan %g lambda %g lb %g\n", s, S.makespan, ss.lambda, ss.lb);
			badratio++;
		}
		errs += mold_approx2(&M, &P, &S, &ss) != 0;
		bad += check_sched(&M, &S, "medium approx2");
		if (S.makespan > 2 * P.cutoff * ss.lb * (1 + 1e-9) ||
		    (ss.from == FROM_GUESS && S.makespan > 2 * ss.from_lambda * (1 + 1e-9)))
			badratio++;
		mold_sched_release(&S);
		mold_release(&M);
	}
	TAP_OK(errs == 0 && bad == 0, "Table I sizes (n=50,100): valid schedules");
	TAP_OK(badratio == 0, "Table I sizes: makespan <= 3/2 (2) * cutoff * the proven bound, and <= 3/2 (2) * its guess");
}

int main(int argc, char **argv)
{
	int count = argc > 1 ? atoi(argv[1]) : 2000;
	rng_s = 0x9e3779b97f4a7c15ull;
	test_sets();
	test_construct();
	test_monotony();
	test_heft_and_bounds();
	test_random(count);
	test_below_bound();
	test_unproven();
	test_medium();
	return tap_done();
}
