/* rsched.c - several task-graph applications sharing one CPU+GPU node
 * (Ndamlabin and Bramas, RSCHED; see hs-rsched(7)).
 *
 * Two levels.  A distribution gives each application a set of workers
 * (cores and GPU workers, which may be shared between applications); then
 * each application's context places its ready tasks on its own workers by
 * the earliest estimated finish (the role of StarPU's DMDA): a task goes
 * to the queue of the worker where it would end first, and each worker
 * runs its queue in order, one task at a time.
 *
 *   figures      CPU_W, GPU_W, CPU_PW, GPU_PW of each application (§2.1),
 *                summed over its tasks from the runtime model;
 *   rules        1 (figures), 2 and 3 (every distribution) checked;
 *   rs_ideal     Algorithm 1 with eqs. 5-7 (the reading of hs-rsched(7));
 *   strategies   lpsolve (eqs. 8-9, GLPK, then the two-step rounding),
 *                minmaxwl (Algorithm 3), dsr-clus and dsr-gd (Algorithm 2),
 *                and the baselines seq (DMDA_SEQ) and conc (DMDA_CONC);
 *   redistribution at an application's end (§2.1.2): one, multiple,
 *                inherit, on workloads adjusted by the advancement rate.
 *
 * The core (everything above the glue) knows nothing of hs/online.h: the
 * unit tests (tests/unit/test_rsched.c, RSCHED_CORE_ONLY) call it directly.
 */
#include <float.h>
#include <glpk.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hs/util.h"

/* ---------------- figures, rules, the ideal makespan ---------------- */

struct rs_fig {
	double cpu_w, gpu_w;   /* total sequential workload on a CPU, on a GPU */
	double cpu_pw, gpu_pw; /* of the tasks that run only there */
	double cp;             /* ideal=cp: its critical path (each task at its best
				* time), below which no distribution brings it; 0:
				* Algorithm 1 alone, the paper's */
};

/* Rule 1 (eqs. 1-2): 0 when the figures hold together, else -1. */
static int rs_rule1(const struct rs_fig *f)
{
	if (!(f->cpu_w >= f->cpu_pw && f->gpu_w >= f->gpu_pw && f->cpu_pw >= 0 && f->gpu_pw >= 0))
		return -1;
	int eq = f->cpu_w == f->cpu_pw && f->gpu_w == f->gpu_pw;
	int gt = f->cpu_w > f->cpu_pw && f->gpu_w > f->gpu_pw;
	return eq || gt ? 0 : -1;
}

/* Algorithm 1: the ideal makespan of an application on c CPUs and g GPUs
 * (power rates: a worker shared by k applications counts 1/k), with the
 * parallel efficiency coefficient coef applied once per worker beyond the
 * first (k = coef^(c+g-1) multiplies every workload).  +inf when the
 * workers cannot run its work (Rule 3). */
static double rs_ideal_work(const struct rs_fig *f, double c, double g, double coef, int nworkers)
{
	if (nworkers <= 0)
		return INFINITY;
	double k = pow(coef, nworkers - 1);
	if (c <= 0 || g <= 0) {
		/* one kind of worker (lines 2-7): all the work it can run */
		double pure_other = c <= 0 ? f->cpu_pw : f->gpu_pw;
		double mine = c <= 0 ? f->gpu_w : f->cpu_w, other = c <= 0 ? f->cpu_w : f->gpu_w;
		if (pure_other > 0 || (mine <= 0 && other > 0))
			return INFINITY;
		return mine * k / (c <= 0 ? g : c);
	}
	double tg = f->gpu_pw * k / g; /* eq. 5 */
	double tc = f->cpu_pw * k / c; /* eq. 6 */
	double hc = (f->cpu_w - f->cpu_pw) * k, hg = (f->gpu_w - f->gpu_pw) * k;
	if (hc <= 0 || hg <= 0)
		return fmax(tc, tg);
	/* The hybrid work fills the gap of the less loaded kind first. */
	double cpu_rem = hc, gpu_rem = hg;
	if (tc < tg)
		cpu_rem = fmax(0, hc - (tg - tc) * c);
	else if (tg < tc)
		cpu_rem = fmax(0, hc - (tc - tg) * g * hc / hg);
	gpu_rem = cpu_rem * hg / hc;
	if (cpu_rem <= 0 || gpu_rem <= 0)
		return fmax(tc, tg);
	/* eq. 7: a GPU is worth cpu_rem / gpu_rem CPUs */
	return fmax(tc, tg) + cpu_rem / (c + g * cpu_rem / gpu_rem);
}

/* Algorithm 1, and with ideal=cp never below the critical path: workers
 * an application cannot use (its graph too narrow) do not shorten it. */
static double rs_ideal(const struct rs_fig *f, double c, double g, double coef, int nworkers)
{
	double t = rs_ideal_work(f, c, g, coef, nworkers);
	return f->cp > 0 && isfinite(t) ? fmax(t, f->cp) : t;
}

/* ---------------- distributions ---------------- */

enum rs_strategy { RS_LPSOLVE, RS_MINMAXWL, RS_DSR_CLUS, RS_DSR_GD, RS_SEQ, RS_CONC };
static const char *const rs_strategy_names[] = { "lpsolve", "minmaxwl", "dsr-clus", "dsr-gd",
						 "seq", "conc", NULL };

struct rs_conf {
	enum rs_strategy strategy;
	double coef;   /* parallel efficiency coefficient of Algorithm 1 */
	double barter; /* DSR: bartering when the GPU/CPU speedups' relative stdev exceeds it */
	int cp;        /* ideal=cp: the ideal makespan is at least the critical path */
	double beta;   /* DMDA's weight of the expected transfer time (StarPU's beta) */
	double ov, ov_worker; /* per-task overhead: ov + ov_worker x the context's workers */
};

/* Which workers each of n applications holds: own[a * (ncpu + ngpu) + w],
 * CPUs first (w < ncpu), then GPU workers. */
struct rs_dist {
	int n, ncpu, ngpu;
	unsigned char *own;
};

static void rs_dist_init(struct rs_dist *d, int n, int ncpu, int ngpu)
{
	d->n = n;
	d->ncpu = ncpu;
	d->ngpu = ngpu;
	d->own = hs_calloc((size_t)n * (ncpu + ngpu) + 1, 1);
}

static void rs_dist_free(struct rs_dist *d)
{
	free(d->own);
	d->own = NULL;
}

static int W(const struct rs_dist *d)
{
	return d->ncpu + d->ngpu;
}

static unsigned char *own(const struct rs_dist *d, int a, int w)
{
	return &d->own[(size_t)a * W(d) + w];
}

static int holders(const struct rs_dist *d, int w)
{
	int k = 0;
	for (int a = 0; a < d->n; a++)
		k += *own(d, a, w);
	return k;
}

/* #CPUS, #GPUS and the power rates of application a. */
static void rs_counts(const struct rs_dist *d, int a, int *nc, int *ng, double *pc, double *pg)
{
	*nc = *ng = 0;
	*pc = *pg = 0;
	for (int w = 0; w < W(d); w++)
		if (*own(d, a, w)) {
			double r = 1.0 / holders(d, w);
			if (w < d->ncpu) {
				++*nc;
				*pc += r;
			} else {
				++*ng;
				*pg += r;
			}
		}
}

static double rs_app_ideal(const struct rs_fig *f, const struct rs_dist *d, int a, double coef)
{
	int nc, ng;
	double pc, pg;
	rs_counts(d, a, &nc, &ng, &pc, &pg);
	return rs_ideal(&f[a], pc, pg, coef, nc + ng);
}

/* The min-max objective: the largest ideal makespan. */
static double rs_eval(const struct rs_fig *f, const struct rs_dist *d, double coef)
{
	double m = 0;
	for (int a = 0; a < d->n; a++)
		m = fmax(m, rs_app_ideal(f, d, a, coef));
	return m;
}

/* Rules 2 and 3 (eqs. 3-4): 0, or -1 with why[] naming the application. */
static int rs_check(const struct rs_fig *f, const struct rs_dist *d, char *why, size_t len)
{
	for (int a = 0; a < d->n; a++) {
		int nc, ng;
		double pc, pg;
		rs_counts(d, a, &nc, &ng, &pc, &pg);
		if (nc + ng == 0) {
			snprintf(why, len, "application %d has no worker (Rule 2)", a);
			return -1;
		}
		if ((f[a].cpu_pw > 0 && nc == 0) || (f[a].gpu_pw > 0 && ng == 0)) {
			snprintf(why, len, "application %d has pure %s work and no %s (Rule 3)", a,
				 nc == 0 ? "CPU" : "GPU", nc == 0 ? "CPU" : "GPU");
			return -1;
		}
	}
	return 0;
}

/* The least shared worker of [lo, hi) (lowest id on ties), or -1. */
static int least_shared(const struct rs_dist *d, int lo, int hi)
{
	int best = -1, bh = 0;
	for (int w = lo; w < hi; w++) {
		int h = holders(d, w);
		if (best < 0 || h < bh) {
			best = w;
			bh = h;
		}
	}
	return best;
}

/* Whether application a can use a CPU, a GPU. */
static int uses_cpu(const struct rs_fig *f)
{
	return f->cpu_w > 0;
}
static int uses_gpu(const struct rs_fig *f)
{
	return f->gpu_w > 0;
}

/* Rules 2 and 3 made true where a strategy left a gap: the least shared
 * worker of the missing kind (for Rule 2, the kind faster for it). */
static void rs_fixup(const struct rs_fig *f, struct rs_dist *d)
{
	for (int a = 0; a < d->n; a++) {
		int nc, ng;
		double pc, pg;
		rs_counts(d, a, &nc, &ng, &pc, &pg);
		if (f[a].cpu_pw > 0 && nc == 0 && d->ncpu > 0)
			*own(d, a, least_shared(d, 0, d->ncpu)) = 1, nc = 1;
		if (f[a].gpu_pw > 0 && ng == 0 && d->ngpu > 0)
			*own(d, a, least_shared(d, d->ncpu, W(d))) = 1, ng = 1;
		if (nc + ng == 0) {
			int gpu = d->ngpu > 0 && uses_gpu(&f[a]) &&
				  (!uses_cpu(&f[a]) || f[a].gpu_w < f[a].cpu_w || d->ncpu == 0);
			int w = gpu ? least_shared(d, d->ncpu, W(d)) : least_shared(d, 0, d->ncpu);
			if (w >= 0)
				*own(d, a, w) = 1;
		}
	}
}

/* ---- lpsolve: the LP of eqs. 8-9, then the two-step rounding ---- */

/* Each application as three tasks (pure CPU, pure GPU, hybrid) spread
 * over P = ncpu + ngpu units; min T.  Fills u[a * 2 + kind] with the
 * time application a takes on the units of that kind, *T the optimum. */
static int rs_lp(const struct rs_fig *f, int n, int ncpu, int ngpu, double *u, double *T)
{
	int P = ncpu + ngpu;
	glp_prob *lp = glp_create_prob();
	glp_set_obj_dir(lp, GLP_MIN);
	/* column 1: T; then for task (a, k) and unit p: alpha */
	int ncol = 1 + n * 3 * P;
	glp_add_cols(lp, ncol);
	glp_set_col_bnds(lp, 1, GLP_LO, 0, 0);
	glp_set_obj_coef(lp, 1, 1);
	glp_add_rows(lp, P + n * 3);
	int *ia = hs_malloc((size_t)(2 * ncol + 2) * sizeof *ia);
	int *ja = hs_malloc((size_t)(2 * ncol + 2) * sizeof *ja);
	double *ar = hs_malloc((size_t)(2 * ncol + 2) * sizeof *ar);
	int ne = 0;
	for (int p = 0; p < P; p++) {
		glp_set_row_bnds(lp, p + 1, GLP_UP, 0, 0); /* sum alpha t - T <= 0 */
		ne++;
		ia[ne] = p + 1, ja[ne] = 1, ar[ne] = -1;
	}
	for (int a = 0; a < n; a++)
		for (int k = 0; k < 3; k++) {
			/* k 0: pure CPU, 1: pure GPU, 2: hybrid */
			double tc = k == 0 ? f[a].cpu_pw : k == 2 ? f[a].cpu_w - f[a].cpu_pw : INFINITY;
			double tg = k == 1 ? f[a].gpu_pw : k == 2 ? f[a].gpu_w - f[a].gpu_pw : INFINITY;
			int row = P + a * 3 + k + 1;
			int empty = !(tc > 0) && !(tg > 0);
			glp_set_row_bnds(lp, row, GLP_FX, empty ? 0 : 1, empty ? 0 : 1);
			for (int p = 0; p < P; p++) {
				int col = 2 + (a * 3 + k) * P + p;
				double t = p < ncpu ? tc : tg;
				if (empty || !isfinite(t)) {
					glp_set_col_bnds(lp, col, GLP_FX, 0, 0);
					continue;
				}
				glp_set_col_bnds(lp, col, GLP_DB, 0, 1);
				ne++;
				ia[ne] = p + 1, ja[ne] = col, ar[ne] = t;
				ne++;
				ia[ne] = row, ja[ne] = col, ar[ne] = 1;
			}
		}
	glp_load_matrix(lp, ne, ia, ja, ar);
	free(ia);
	free(ja);
	free(ar);
	glp_smcp parm;
	glp_init_smcp(&parm);
	parm.msg_lev = GLP_MSG_OFF;
	parm.presolve = GLP_ON;
	int rc = glp_simplex(lp, &parm);
	if (rc != 0 || glp_get_status(lp) != GLP_OPT) {
		glp_delete_prob(lp);
		return -1;
	}
	*T = glp_get_obj_val(lp);
	for (int a = 0; a < n; a++) {
		u[a * 2] = u[a * 2 + 1] = 0;
		for (int k = 0; k < 3; k++) {
			double tc = k == 0 ? f[a].cpu_pw : k == 2 ? f[a].cpu_w - f[a].cpu_pw : 0;
			double tg = k == 1 ? f[a].gpu_pw : k == 2 ? f[a].gpu_w - f[a].gpu_pw : 0;
			for (int p = 0; p < P; p++) {
				double x = glp_get_col_prim(lp, 2 + (a * 3 + k) * P + p);
				if (x > 0)
					u[a * 2 + (p >= ncpu)] += x * (p < ncpu ? tc : tg);
			}
		}
	}
	glp_delete_prob(lp);
	return 0;
}

/* Second step of the rounding, for one kind of units [lo, lo + m) with
 * capacity T each: the application with the largest time still to map
 * goes on the least used unit, for as much as the unit can take, until
 * every application is mapped. */
static void rs_round(struct rs_dist *d, const double *need, int lo, int m, double T)
{
	if (m <= 0)
		return;
	int n = d->n;
	double *r = hs_malloc((size_t)(n + 1) * sizeof *r), *used = hs_calloc(m + 1, sizeof *used);
	double eps = 1e-9 * (T > 0 ? T : 1);
	for (int a = 0; a < n; a++)
		r[a] = need[a];
	for (int guard = 0; guard < 4 * (n + m) * (n + m); guard++) {
		int a = -1;
		for (int b = 0; b < n; b++)
			if (r[b] > eps && (a < 0 || r[b] > r[a]))
				a = b;
		if (a < 0)
			break;
		int u = 0;
		for (int v = 1; v < m; v++)
			if (used[v] < used[u])
				u = v;
		double x = fmin(r[a], T - used[u]);
		if (x <= eps) /* every unit full (rounding): the least used takes the rest */
			x = r[a];
		*own(d, a, lo + u) = 1;
		used[u] += x;
		r[a] -= x;
	}
	free(r);
	free(used);
}

static int rs_lpsolve(const struct rs_fig *f, struct rs_dist *d)
{
	int n = d->n;
	double *u = hs_malloc((size_t)(2 * n + 1) * sizeof *u), T;
	if (rs_lp(f, n, d->ncpu, d->ngpu, u, &T) < 0) {
		free(u);
		return -1;
	}
	double *need = hs_malloc((size_t)(n + 1) * sizeof *need);
	for (int kind = 0; kind < 2; kind++) {
		for (int a = 0; a < n; a++)
			need[a] = u[a * 2 + kind];
		rs_round(d, need, kind ? d->ncpu : 0, kind ? d->ngpu : d->ncpu, T);
	}
	free(need);
	free(u);
	return 0;
}

/* ---- minmaxwl: Algorithm 3 ---- */

/* The application whose ideal makespan is the smallest among those that
 * hold a worker of [lo, hi) (the under-loaded one), and that worker. */
static int underloaded_worker(const struct rs_fig *f, const struct rs_dist *d, int lo, int hi,
			      double coef, int need_pure_gpu, int need_pure_cpu)
{
	int best = -1;
	double bm = INFINITY;
	for (int a = 0; a < d->n; a++) {
		if (need_pure_gpu && !(f[a].gpu_pw > 0))
			continue;
		if (need_pure_cpu && !(f[a].cpu_pw > 0))
			continue;
		for (int w = lo; w < hi; w++)
			if (*own(d, a, w)) {
				double m = rs_app_ideal(f, d, a, coef);
				if (best < 0 || m < bm) {
					best = w;
					bm = m;
				}
				break;
			}
	}
	return best >= 0 ? best : least_shared(d, lo, hi);
}

/* One worker of kind [lo, hi) to a: a free one (*next), else shared. */
static void give_one(const struct rs_fig *f, struct rs_dist *d, int a, int lo, int hi, int *next,
		     double coef, int pure_gpu, int pure_cpu)
{
	if (hi <= lo)
		return;
	int w = *next < hi ? (*next)++ : underloaded_worker(f, d, lo, hi, coef, pure_gpu, pure_cpu);
	*own(d, a, w) = 1;
}

static void rs_minmaxwl(const struct rs_fig *f, struct rs_dist *d, double coef)
{
	int n = d->n, nextc = 0, nextg = d->ncpu, hi_c = d->ncpu, hi_g = W(d);
	/* graphs with pure workload: one worker per kind they need */
	for (int a = 0; a < n; a++) {
		if (f[a].gpu_pw > 0)
			give_one(f, d, a, d->ncpu, hi_g, &nextg, coef, 1, 0);
		if (f[a].cpu_pw > 0)
			give_one(f, d, a, 0, hi_c, &nextc, coef, 0, 1);
	}
	/* graphs without: one worker of their faster kind */
	for (int a = 0; a < n; a++) {
		if (f[a].gpu_pw > 0 || f[a].cpu_pw > 0)
			continue;
		if (f[a].cpu_w > f[a].gpu_w && d->ngpu > 0 && uses_gpu(&f[a]))
			give_one(f, d, a, d->ncpu, hi_g, &nextg, coef, 0, 0);
		else if (d->ncpu > 0 && uses_cpu(&f[a]))
			give_one(f, d, a, 0, hi_c, &nextc, coef, 0, 0);
		else
			give_one(f, d, a, d->ncpu, hi_g, &nextg, coef, 0, 0);
	}
	/* the rest, one at a time, to the application that keeps the largest
	 * ideal makespan smallest (ties: its own drop, then the first) */
	for (int kind = 1; kind >= 0; kind--) {
		int *next = kind ? &nextg : &nextc, hi = kind ? hi_g : hi_c;
		while (*next < hi) {
			int best = -1;
			double bm = INFINITY, bdrop = -INFINITY;
			for (int a = 0; a < n; a++) {
				if (kind ? !uses_gpu(&f[a]) : !uses_cpu(&f[a]))
					continue;
				double before = rs_app_ideal(f, d, a, coef);
				*own(d, a, *next) = 1;
				double m = rs_eval(f, d, coef), after = rs_app_ideal(f, d, a, coef);
				*own(d, a, *next) = 0;
				double drop = before - after;
				if (best < 0 || m < bm || (m == bm && drop > bdrop)) {
					best = a;
					bm = m;
					bdrop = drop;
				}
			}
			if (best < 0)
				break; /* no application runs on this kind */
			*own(d, best, (*next)++) = 1;
		}
	}
}

/* ---- dsr-clus, dsr-gd: Algorithm 2 ---- */

/* Dedicated workers: floor(nb x share) of each kind, taken from the top
 * ids down; *remc, *remg: the undedicated ones left, ids [0, rem).
 * ded[a * 2 + kind]. */
static void rs_dedicate(const struct rs_fig *f, struct rs_dist *d, int *ded, int *remc, int *remg,
			double *demand)
{
	int n = d->n;
	double sc = 0, sg = 0;
	for (int a = 0; a < n; a++) {
		sc += f[a].cpu_w;
		sg += f[a].gpu_w;
	}
	*remc = d->ncpu;
	*remg = d->ngpu;
	for (int a = 0; a < n; a++) {
		double xc = sc > 0 ? d->ncpu * (f[a].cpu_w / sc) : 0;
		double xg = sg > 0 ? d->ngpu * (f[a].gpu_w / sg) : 0;
		int nc = (int)floor(xc + 1e-12), ng = (int)floor(xg + 1e-12);
		ded[a * 2] = nc;
		ded[a * 2 + 1] = ng;
		demand[a * 2] = xc - nc;
		demand[a * 2 + 1] = xg - ng;
		for (; ng > 0 && *remg > 0; ng--)
			*own(d, a, d->ncpu + --*remg) = 1;
		for (; nc > 0 && *remc > 0; nc--)
			*own(d, a, --*remc) = 1;
	}
}

static double rel_stdev(const double *x, int n)
{
	if (n < 2)
		return 0;
	double s = 0, q = 0;
	for (int i = 0; i < n; i++)
		s += x[i];
	double m = s / n;
	for (int i = 0; i < n; i++)
		q += (x[i] - m) * (x[i] - m);
	return m > 0 ? sqrt(q / n) / m : 0;
}

/* Bartering: a dedicated GPU of the least GPU-accelerated hybrid
 * application for CPUs of the most accelerated one (as many as the GPU is
 * worth to the giver), while that lowers the larger of their two ideal
 * makespans. */
static void rs_barter(const struct rs_fig *f, struct rs_dist *d, double limit, double coef)
{
	int n = d->n, nh = 0;
	double *s = hs_malloc((size_t)(n + 1) * sizeof *s);
	int *idx = hs_malloc((size_t)(n + 1) * sizeof *idx);
	for (int a = 0; a < n; a++)
		if (f[a].cpu_w > f[a].cpu_pw && f[a].gpu_w > f[a].gpu_pw) {
			idx[nh] = a;
			s[nh++] = (f[a].cpu_w - f[a].cpu_pw) / (f[a].gpu_w - f[a].gpu_pw);
		}
	if (!(limit >= 0) || rel_stdev(s, nh) <= limit) {
		free(s);
		free(idx);
		return;
	}
	for (int guard = 0; guard < d->ngpu; guard++) {
		int lo = -1, hi = -1;
		for (int i = 0; i < nh; i++) {
			int a = idx[i], nc, ng;
			double pc, pg;
			rs_counts(d, a, &nc, &ng, &pc, &pg);
			if (ng > 0 && (lo < 0 || s[i] < s[lo]))
				lo = i;
			if (nc > 0 && (hi < 0 || s[i] > s[hi]))
				hi = i;
		}
		if (lo < 0 || hi < 0 || lo == hi || s[lo] >= s[hi])
			break;
		int L = idx[lo], H = idx[hi];
		double before = fmax(rs_app_ideal(f, d, L, coef), rs_app_ideal(f, d, H, coef));
		int g = -1, k = (int)fmax(1, floor(s[lo] + 0.5)), moved[64], nm = 0;
		for (int w = W(d) - 1; w >= d->ncpu && g < 0; w--)
			if (*own(d, L, w) && !*own(d, H, w))
				g = w;
		if (g < 0)
			break;
		*own(d, L, g) = 0;
		*own(d, H, g) = 1;
		for (int w = d->ncpu - 1; w >= 0 && nm < k && nm < 64; w--)
			if (*own(d, H, w) && !*own(d, L, w)) {
				*own(d, H, w) = 0;
				*own(d, L, w) = 1;
				moved[nm++] = w;
			}
		double after = fmax(rs_app_ideal(f, d, L, coef), rs_app_ideal(f, d, H, coef));
		if (!(after < before)) { /* undo, and stop */
			*own(d, L, g) = 1;
			*own(d, H, g) = 0;
			for (int i = 0; i < nm; i++) {
				*own(d, H, moved[i]) = 1;
				*own(d, L, moved[i]) = 0;
			}
			break;
		}
	}
	free(s);
	free(idx);
}

/* DSR-CLUS, one kind: as many clusters as remaining workers [lo, lo + m);
 * applications by decreasing remaining demand each join the least loaded
 * cluster, whose worker they share. */
static void rs_clus(struct rs_dist *d, const double *demand, int kind, int lo, int m)
{
	if (m <= 0)
		return;
	int n = d->n;
	double *load = hs_calloc(m + 1, sizeof *load);
	char *done = hs_calloc(n + 1, 1);
	for (;;) {
		int a = -1;
		for (int b = 0; b < n; b++)
			if (!done[b] && demand[b * 2 + kind] > 1e-12 &&
			    (a < 0 || demand[b * 2 + kind] > demand[a * 2 + kind]))
				a = b;
		if (a < 0)
			break;
		done[a] = 1;
		int u = 0;
		for (int v = 1; v < m; v++)
			if (load[v] < load[u])
				u = v;
		load[u] += demand[a * 2 + kind];
		*own(d, a, lo + u) = 1;
	}
	free(load);
	free(done);
}

/* DSR-GD: the extra (shared) workers of each application, counts x (CPUs)
 * and y (GPUs) within [0, rem], made into a mapping z: applications by
 * decreasing count take the least shared of the remaining workers. */
static void rs_realise(struct rs_dist *d, const struct rs_dist *base, const int *x, const int *y,
		       int remc, int remg)
{
	memcpy(d->own, base->own, (size_t)d->n * W(d));
	int n = d->n;
	for (int kind = 0; kind < 2; kind++) {
		const int *c = kind ? y : x;
		int lo = kind ? d->ncpu : 0, m = kind ? remg : remc;
		char *done = hs_calloc(n + 1, 1);
		for (;;) {
			int a = -1;
			for (int b = 0; b < n; b++)
				if (!done[b] && c[b] > 0 && (a < 0 || c[b] > c[a]))
					a = b;
			if (a < 0)
				break;
			done[a] = 1;
			for (int k = 0; k < c[a] && k < m; k++) {
				int best = -1, bh = 0;
				for (int w = lo; w < lo + m; w++) {
					if (*own(d, a, w))
						continue;
					int h = holders(d, w);
					if (best < 0 || h < bh) {
						best = w;
						bh = h;
					}
				}
				if (best >= 0)
					*own(d, a, best) = 1;
			}
		}
		free(done);
	}
}

/* Objective of a point: min-max ideal makespan, Rule 3 gaps filled. */
static double gd_eval(const struct rs_fig *f, struct rs_dist *d, const struct rs_dist *base,
		      const int *x, const int *y, int remc, int remg, double coef)
{
	rs_realise(d, base, x, y, remc, remg);
	rs_fixup(f, d);
	return rs_eval(f, d, coef);
}

/* Descent along one axis (the counts v of one kind, in [0, hi]): at each
 * step the coordinate whose symmetric difference promises the largest
 * decrease moves by one, if the objective really decreases; at most
 * ceil(1/tau) steps (the learning rate sets the budget). */
static double gd_axis(const struct rs_fig *f, struct rs_dist *d, const struct rs_dist *base, int *x,
		      int *y, int *v, int hi, int remc, int remg, double coef, double tau, double cur)
{
	int n = d->n, steps = (int)ceil(1 / tau);
	for (int it = 0; it < steps; it++) {
		int best = -1, bdir = 0;
		double bval = cur;
		for (int a = 0; a < n; a++) {
			double up = INFINITY, down = INFINITY;
			if (v[a] < hi) {
				v[a]++;
				up = gd_eval(f, d, base, x, y, remc, remg, coef);
				v[a]--;
			}
			if (v[a] > 0) {
				v[a]--;
				down = gd_eval(f, d, base, x, y, remc, remg, coef);
				v[a]++;
			}
			/* the symmetric difference's sign gives the direction */
			int dir = up < down ? 1 : down < up ? -1 : 0;
			double val = dir > 0 ? up : down;
			if (dir && val < bval) {
				best = a;
				bdir = dir;
				bval = val;
			}
		}
		if (best < 0)
			break;
		v[best] += bdir;
		cur = bval;
	}
	return cur;
}

static void rs_dsr(const struct rs_fig *f, struct rs_dist *d, const struct rs_conf *c)
{
	int n = d->n, remc, remg;
	int *ded = hs_calloc(2 * n + 1, sizeof *ded);
	double *demand = hs_calloc(2 * n + 1, sizeof *demand);
	rs_dedicate(f, d, ded, &remc, &remg, demand);
	rs_barter(f, d, c->barter, c->coef);
	if (c->strategy == RS_DSR_CLUS) {
		rs_clus(d, demand, 0, 0, remc);
		rs_clus(d, demand, 1, d->ncpu, remg);
	} else {
		/* X, Y, then Z; learning rates of §2.1.1 */
		double tx = 0.001 * (floor(n / sqrt(fmax(1, d->ncpu))) + 1);
		double ty = 0.001 * (floor(n / sqrt(fmax(1, d->ngpu))) + 1);
		double tz = 0.0005 * (floor(n / sqrt(fmax(1, d->ncpu + d->ngpu))) + 1);
		struct rs_dist base = { n, d->ncpu, d->ngpu, hs_malloc((size_t)n * W(d) + 1) };
		memcpy(base.own, d->own, (size_t)n * W(d));
		int *x = hs_calloc(n + 1, sizeof *x), *y = hs_calloc(n + 1, sizeof *y);
		/* start: each application with remaining demand shares one */
		for (int a = 0; a < n; a++) {
			x[a] = remc > 0 && demand[a * 2] > 1e-12;
			y[a] = remg > 0 && demand[a * 2 + 1] > 1e-12;
		}
		double cur = gd_eval(f, d, &base, x, y, remc, remg, c->coef);
		cur = gd_axis(f, d, &base, x, y, x, remc, remc, remg, c->coef, tx, cur);
		cur = gd_axis(f, d, &base, x, y, y, remg, remc, remg, c->coef, ty, cur);
		gd_eval(f, d, &base, x, y, remc, remg, c->coef);
		/* Z: move one shared worker of an application to another
		 * remaining worker of its kind while that lowers the objective */
		int steps = (int)ceil(1 / tz);
		for (int it = 0; it < steps; it++) {
			int moved = 0;
			for (int a = 0; a < n && !moved; a++)
				for (int w = 0; w < W(d) && !moved; w++) {
					int remw = w < d->ncpu ? w < remc : w - d->ncpu < remg;
					if (!remw || !*own(d, a, w) || *own(&base, a, w))
						continue;
					int lo = w < d->ncpu ? 0 : d->ncpu, m = w < d->ncpu ? remc : remg;
					for (int v = lo; v < lo + m && !moved; v++) {
						if (*own(d, a, v))
							continue;
						*own(d, a, w) = 0;
						*own(d, a, v) = 1;
						double val = rs_eval(f, d, c->coef);
						if (val < cur) {
							cur = val;
							moved = 1;
						} else {
							*own(d, a, v) = 0;
							*own(d, a, w) = 1;
						}
					}
				}
			if (!moved)
				break;
		}
		free(x);
		free(y);
		rs_dist_free(&base);
	}
	free(ded);
	free(demand);
}

/* A distribution of the workers among n applications by the strategy
 * (seq and conc: every worker to everyone).  Returns 0, or -1 with why[]
 * when Rules 1-3 cannot hold. */
static int rs_distribute(const struct rs_conf *c, const struct rs_fig *f, struct rs_dist *d,
			 char *why, size_t len)
{
	for (int a = 0; a < d->n; a++)
		if (rs_rule1(&f[a]) < 0) {
			snprintf(why, len,
				 "application %d: CPU_W %g, GPU_W %g, CPU_PW %g, GPU_PW %g break Rule 1", a,
				 f[a].cpu_w, f[a].gpu_w, f[a].cpu_pw, f[a].gpu_pw);
			return -1;
		}
	memset(d->own, 0, (size_t)d->n * W(d));
	switch (c->strategy) {
	case RS_SEQ:
	case RS_CONC:
		memset(d->own, 1, (size_t)d->n * W(d));
		break;
	case RS_LPSOLVE:
		if (rs_lpsolve(f, d) < 0) {
			snprintf(why, len, "the LP of eqs. 8-9 has no optimum");
			return -1;
		}
		break;
	case RS_MINMAXWL:
		rs_minmaxwl(f, d, c->coef);
		break;
	case RS_DSR_CLUS:
	case RS_DSR_GD:
		rs_dsr(f, d, c);
		break;
	}
	rs_fixup(f, d);
	return rs_check(f, d, why, len);
}

/* ---------------- the two-level scheduler ---------------- */

enum rs_redist { RS_ONE, RS_MULTIPLE, RS_INHERIT };
static const char *const rs_redist_names[] = { "one", "multiple", "inherit", NULL };

/* What the scheduler asks of its host. */
struct rs_out {
	void *arg;
	/* start job now on worker w (w < ncpu: that core, else GPU w - ncpu) */
	int (*start)(void *arg, int job, int w);
	/* optional: seconds to bring job's inputs to w's memory; job's inputs
	 * brought to w ahead; be called again at date t */
	double (*transfer)(void *arg, int job, int w);
	void (*prefetch)(void *arg, int job, int w);
	void (*wake)(void *arg, double t);
};

struct rs_job {
	int app;
	double tc, tg;  /* duration on a core, on a GPU worker (+inf: cannot) */
	int next;       /* next in its worker's queue or its application's hold */
	long seq;       /* dispatch order */
	char ended;
	const int *deps;/* the jobs it depends on (ideal=cp), ndeps of them */
	int ndeps;
};

struct rs_app {
	struct rs_fig fig;   /* whole graph */
	/* of the jobs not ended: pure CPU, pure GPU, hybrid (on a CPU, on a
	 * GPU) sums and counts (a count at 0 makes its sum exactly 0) */
	double pc, pg, hc, hg;
	int npc, npg, nhyb;
	int njobs, nleft;
	int hold, hold_tail; /* ready jobs held (seq: not its turn yet) */
	/* advancement: at its last distribution */
	double t0, ideal0, work0, work_left;
	int active;          /* holds workers */
};

struct rs {
	struct rs_conf conf;
	enum rs_redist redist;
	int nj, napps, ncpu, ngpu;
	struct rs_job *j;
	struct rs_app *a;
	struct rs_dist dist;
	/* workers */
	int *head, *tail, *running;
	double *avail, *run_end; /* estimated: queue's end, running job's end */
	double *start_at;        /* the running job's start, after its overhead */
	long seq;
	int cur;             /* seq: the application whose turn it is */
	int nalive;          /* applications not ended */
	double dist_s;       /* distribution's own computing time */
	int *topo;           /* ideal=cp: the jobs in an order that puts deps first */
	double *fin;         /* ideal=cp: scratch, a job's finish along its longest path */
	int ndists;
	struct rs_out out;
};

static double best_time(const struct rs_job *J)
{
	return fmin(J->tc, J->tg);
}

static double jdur(const struct rs *S, int job, int w)
{
	return w < S->ncpu ? S->j[job].tc : S->j[job].tg;
}

/* Add (sign 1) or take away (-1) a job from its application's remaining
 * figures. */
static void rs_count_job(struct rs *S, int i, int sign)
{
	const struct rs_job *J = &S->j[i];
	struct rs_app *A = &S->a[J->app];
	int c = isfinite(J->tc), g = isfinite(J->tg);
	if (c && g) {
		A->hc += sign * J->tc;
		A->hg += sign * J->tg;
		A->nhyb += sign;
	} else if (c) {
		A->pc += sign * J->tc;
		A->npc += sign;
	} else if (g) {
		A->pg += sign * J->tg;
		A->npg += sign;
	}
	A->work_left += sign * best_time(J);
}

/* The figures of what is left of application a. */
static struct rs_fig rs_left(const struct rs *S, int a)
{
	const struct rs_app *A = &S->a[a];
	double pc = A->npc > 0 ? fmax(0, A->pc) : 0, pg = A->npg > 0 ? fmax(0, A->pg) : 0;
	double hc = A->nhyb > 0 ? fmax(0, A->hc) : 0, hg = A->nhyb > 0 ? fmax(0, A->hg) : 0;
	return (struct rs_fig){ pc + hc, pg + hg, pc, pg, 0 };
}

/* ideal=cp: the jobs in dependency order (Kahn's), once. */
static void rs_topo(struct rs *S)
{
	int n = S->nj, *indeg = hs_calloc((size_t)n + 1, sizeof *indeg);
	int *off = hs_calloc((size_t)n + 2, sizeof *off);
	for (int i = 0; i < n; i++)
		for (int k = 0; k < S->j[i].ndeps; k++) {
			off[S->j[i].deps[k] + 1]++;
			indeg[i]++;
		}
	for (int i = 0; i < n; i++)
		off[i + 1] += off[i];
	int *succ = hs_malloc(((size_t)off[n] + 1) * sizeof *succ), *fill = hs_malloc(((size_t)n + 1) * sizeof *fill);
	memcpy(fill, off, (size_t)n * sizeof *fill);
	for (int i = 0; i < n; i++)
		for (int k = 0; k < S->j[i].ndeps; k++)
			succ[fill[S->j[i].deps[k]]++] = i;
	S->topo = hs_malloc(((size_t)n + 1) * sizeof *S->topo);
	int head = 0, tail = 0;
	for (int i = 0; i < n; i++)
		if (indeg[i] == 0)
			S->topo[tail++] = i;
	while (head < tail) {
		int i = S->topo[head++];
		for (int k = off[i]; k < off[i + 1]; k++)
			if (--indeg[succ[k]] == 0)
				S->topo[tail++] = succ[k];
	}
	S->fin = hs_malloc(((size_t)n + 1) * sizeof *S->fin);
	free(indeg);
	free(off);
	free(succ);
	free(fill);
}

/* ideal=cp: the critical path of what is left of each application into
 * cp[a] (its jobs not ended, each at its best time). */
static void rs_cp_left(struct rs *S, double *cp)
{
	for (int a = 0; a < S->napps; a++)
		cp[a] = 0;
	for (int t = 0; t < S->nj; t++) {
		int i = S->topo[t];
		const struct rs_job *J = &S->j[i];
		double start = 0;
		for (int k = 0; k < J->ndeps; k++)
			if (!S->j[J->deps[k]].ended)
				start = fmax(start, S->fin[J->deps[k]]);
		S->fin[i] = J->ended ? 0 : start + best_time(J);
		cp[J->app] = fmax(cp[J->app], S->fin[i]);
	}
}

/* s->j[] and the applications filled by the caller (app, tc, tg); then
 * this sums the figures. */
static void rs_figures(struct rs *S)
{
	for (int a = 0; a < S->napps; a++)
		memset(&S->a[a].fig, 0, sizeof S->a[a].fig);
	for (int i = 0; i < S->nj; i++) {
		struct rs_job *J = &S->j[i];
		struct rs_fig *f = &S->a[J->app].fig;
		int c = isfinite(J->tc), g = isfinite(J->tg);
		if (c)
			f->cpu_w += J->tc;
		if (g)
			f->gpu_w += J->tg;
		if (c && !g)
			f->cpu_pw += J->tc;
		if (g && !c)
			f->gpu_pw += J->tg;
		S->a[J->app].njobs++;
	}
	for (int i = 0; i < S->nj; i++)
		rs_count_job(S, i, 1);
	for (int a = 0; a < S->napps; a++)
		S->a[a].nleft = S->a[a].njobs;
}

static struct rs *rs_new(const struct rs_conf *c, enum rs_redist r, int nj, int napps, int ncpu,
			 int ngpu)
{
	struct rs *S = hs_calloc(1, sizeof *S);
	S->conf = *c;
	S->redist = r;
	S->nj = nj;
	S->napps = napps;
	S->ncpu = ncpu;
	S->ngpu = ngpu;
	S->j = hs_calloc(nj + 1, sizeof *S->j);
	S->a = hs_calloc(napps + 1, sizeof *S->a);
	for (int a = 0; a < napps; a++)
		S->a[a].hold = S->a[a].hold_tail = -1;
	int w = ncpu + ngpu;
	S->head = hs_malloc((w + 1) * sizeof *S->head);
	S->tail = hs_malloc((w + 1) * sizeof *S->tail);
	S->running = hs_malloc((w + 1) * sizeof *S->running);
	S->avail = hs_calloc(w + 1, sizeof *S->avail);
	S->run_end = hs_calloc(w + 1, sizeof *S->run_end);
	S->start_at = hs_calloc(w + 1, sizeof *S->start_at);
	for (int k = 0; k < w; k++)
		S->head[k] = S->tail[k] = S->running[k] = -1;
	rs_dist_init(&S->dist, napps, ncpu, ngpu);
	return S;
}

static void rs_free(struct rs *S)
{
	if (!S)
		return;
	free(S->j);
	free(S->a);
	free(S->head);
	free(S->tail);
	free(S->running);
	free(S->avail);
	free(S->run_end);
	free(S->start_at);
	free(S->topo);
	free(S->fin);
	rs_dist_free(&S->dist);
	free(S);
}

/* Distribute the workers among the live applications (by their adjusted
 * remaining figures), timing it.  0 or -1 with why. */
static int rs_redistribute(struct rs *S, double now, const double *rate, char *why, size_t len)
{
	int n = 0, *map = hs_malloc((S->napps + 1) * sizeof *map);
	struct rs_fig *f = hs_malloc((S->napps + 1) * sizeof *f);
	double *cp = hs_calloc((size_t)S->napps + 1, sizeof *cp);
	if (S->conf.cp)
		rs_cp_left(S, cp);
	for (int a = 0; a < S->napps; a++)
		if (S->a[a].nleft > 0) {
			map[n] = a;
			f[n] = rs_left(S, a);
			double r = rate ? rate[a] : 1;
			f[n].cpu_w /= r, f[n].gpu_w /= r, f[n].cpu_pw /= r, f[n].gpu_pw /= r;
			f[n].cp = cp[a] / r;
			n++;
		}
	free(cp);
	double t0 = hs_now();
	struct rs_dist d;
	rs_dist_init(&d, n, S->ncpu, S->ngpu);
	int rc = n ? rs_distribute(&S->conf, f, &d, why, len) : 0;
	S->dist_s += hs_now() - t0;
	S->ndists++;
	if (rc == 0) {
		memset(S->dist.own, 0, (size_t)S->napps * W(&S->dist));
		for (int i = 0; i < n; i++) {
			memcpy(own(&S->dist, map[i], 0), own(&d, i, 0), W(&d));
			struct rs_app *A = &S->a[map[i]];
			A->t0 = now;
			A->work0 = A->work_left;
			A->ideal0 = rs_app_ideal(f, &d, i, S->conf.coef);
		}
	}
	rs_dist_free(&d);
	free(map);
	free(f);
	return rc;
}

/* Advancement rate (§2.1.2): the work done since the last distribution
 * over the work its ideal makespan expected by now. */
static double rs_rate(const struct rs *S, int a, double now)
{
	const struct rs_app *A = &S->a[a];
	double el = now - A->t0;
	if (!(el > 0) || !(A->ideal0 > 0) || !isfinite(A->ideal0) || !(A->work0 > 0))
		return 1;
	double expected = A->work0 * fmin(1, el / A->ideal0), done = A->work0 - A->work_left;
	return expected > 0 && done > 0 ? done / expected : 1;
}

static int can_run(const struct rs *S, int job, int w)
{
	return isfinite(jdur(S, job, w));
}

/* Whether job may go to worker w: one of its application's that can run
 * it, or any worker when its context has none (ctx 0). */
static int eligible(const struct rs *S, int job, int w, int ctx)
{
	return !ctx || (*own(&S->dist, S->j[job].app, w) && can_run(S, job, w));
}

/* Seconds to bring job's inputs to worker w (0 without a data model). */
static double xfer(const struct rs *S, int job, int w)
{
	return S->out.transfer && S->conf.beta != 0 ? S->out.transfer(S->out.arg, job, w) : 0;
}

/* The application's context: the job to the queue of its worker of the
 * least fitness, StarPU's DMDA: (expected end - the best expected end) +
 * beta x expected transfer time (alpha 1; ties: the lower worker); its
 * inputs prefetched there.  The queue's expected end grows by the job's
 * time and by its transfer where that outlasts the queue. */
static void rs_place(struct rs *S, int job, double now)
{
	int best = -1, W_ = S->ncpu + S->ngpu;
	/* its context's workers that can run it; none (cannot happen under
	 * Rule 3): every worker */
	int ctx = 0;
	for (int w = 0; w < W_ && !ctx; w++)
		ctx = eligible(S, job, w, 1);
	double best_end = INFINITY;
	for (int w = 0; w < W_; w++)
		if (eligible(S, job, w, ctx))
			best_end = fmin(best_end, fmax(S->avail[w], now) + jdur(S, job, w));
	double bf = INFINITY, btr = 0;
	for (int w = 0; w < W_; w++) {
		if (!eligible(S, job, w, ctx))
			continue;
		double tr = xfer(S, job, w);
		double f = fmax(S->avail[w], now) + jdur(S, job, w) - best_end + S->conf.beta * tr;
		if (f < bf) {
			bf = f;
			best = w;
			btr = tr;
		}
	}
	S->avail[best] = fmax(fmax(S->avail[best], now), now + btr) + jdur(S, job, best);
	S->j[job].next = -1;
	S->j[job].seq = S->seq++;
	if (S->tail[best] >= 0)
		S->j[S->tail[best]].next = job;
	else
		S->head[best] = job;
	S->tail[best] = job;
	if (S->out.prefetch)
		S->out.prefetch(S->out.arg, job, best);
}

static void hold(struct rs *S, int job)
{
	struct rs_app *A = &S->a[S->j[job].app];
	S->j[job].next = -1;
	if (A->hold_tail >= 0)
		S->j[A->hold_tail].next = job;
	else
		A->hold = job;
	A->hold_tail = job;
}

static void rs_ready(struct rs *S, int job, double now)
{
	if (S->conf.strategy == RS_SEQ && S->j[job].app != S->cur)
		hold(S, job);
	else
		rs_place(S, job, now);
}

static int cmp_seq_S(const void *x, const void *y, void *arg)
{
	const struct rs *S = arg;
	long a = S->j[*(const int *)x].seq, b = S->j[*(const int *)y].seq;
	return (a > b) - (a < b);
}

/* After a redistribution: every queued job placed again, in its order,
 * each worker free from its running job's estimated end. */
static void rs_requeue(struct rs *S, double now)
{
	int W_ = S->ncpu + S->ngpu, n = 0;
	int *v = hs_malloc((S->nj + 1) * sizeof *v);
	for (int w = 0; w < W_; w++) {
		for (int j = S->head[w]; j >= 0; j = S->j[j].next)
			v[n++] = j;
		S->head[w] = S->tail[w] = -1;
		S->avail[w] = S->running[w] >= 0 ? fmax(S->run_end[w], now) : now;
	}
	qsort_r(v, n, sizeof *v, cmp_seq_S, S);
	for (int k = 0; k < n; k++)
		rs_place(S, v[k], now);
	free(v);
}

/* The scheduling overhead of a job of application a: ov, plus ov_worker
 * per worker of its context. */
static double overhead(const struct rs *S, int a)
{
	if (!(S->conf.ov_worker > 0))
		return S->conf.ov;
	int n = 0;
	for (int w = 0; w < S->ncpu + S->ngpu; w++)
		n += *own(&S->dist, a, w);
	return S->conf.ov + S->conf.ov_worker * n;
}

/* Every idle worker takes the head of its queue: it starts once its
 * overhead has passed (now without one). */
static int rs_dispatch(struct rs *S, double now)
{
	for (int w = 0; w < S->ncpu + S->ngpu; w++) {
		if (S->running[w] < 0 && S->head[w] >= 0) {
			int job = S->head[w];
			S->head[w] = S->j[job].next;
			if (S->head[w] < 0)
				S->tail[w] = -1;
			S->running[w] = job;
			S->start_at[w] = now + overhead(S, S->j[job].app);
			S->run_end[w] = S->start_at[w] + jdur(S, job, w);
			if (S->start_at[w] > now && S->out.wake)
				S->out.wake(S->out.arg, S->start_at[w]);
		}
		if (S->running[w] >= 0 && S->start_at[w] <= now) {
			S->start_at[w] = INFINITY; /* started */
			if (S->out.start(S->out.arg, S->running[w], w) < 0)
				return -1;
		}
	}
	return 0;
}

/* The workers of the ended application a go, one at a time, to the live
 * application whose adjusted ideal makespan is the largest (the one most
 * behind), when it can use that kind. */
static void rs_inherit(struct rs *S, const unsigned char *released, const double *rate)
{
	int W_ = S->ncpu + S->ngpu;
	struct rs_fig *f = hs_malloc((S->napps + 1) * sizeof *f);
	double *cp = hs_calloc((size_t)S->napps + 1, sizeof *cp);
	if (S->conf.cp)
		rs_cp_left(S, cp);
	for (int b = 0; b < S->napps; b++) {
		f[b] = rs_left(S, b);
		double r = rate[b];
		f[b].cpu_w /= r, f[b].gpu_w /= r, f[b].cpu_pw /= r, f[b].gpu_pw /= r;
		f[b].cp = cp[b] / r;
	}
	free(cp);
	double t0 = hs_now();
	for (int w = 0; w < W_; w++) {
		if (!released[w])
			continue;
		int best = -1;
		double bm = -1;
		for (int b = 0; b < S->napps; b++) {
			if (S->a[b].nleft == 0 || *own(&S->dist, b, w))
				continue;
			if (w < S->ncpu ? !uses_cpu(&f[b]) : !uses_gpu(&f[b]))
				continue;
			double m = rs_app_ideal(f, &S->dist, b, S->conf.coef);
			if (m > bm) {
				bm = m;
				best = b;
			}
		}
		if (best >= 0)
			*own(&S->dist, best, w) = 1;
	}
	S->dist_s += hs_now() - t0;
	S->ndists++;
	free(f);
}

static int rs_app_ended2(struct rs *S, const unsigned char *released, double now, char *why,
			 size_t len);

/* Application a ended: redistribution (or, under seq, the next one's
 * turn).  0, or -1 with why. */
static int rs_app_ended(struct rs *S, int a, double now, char *why, size_t len)
{
	S->nalive--;
	unsigned char *released = hs_malloc(W(&S->dist) + 1);
	memcpy(released, own(&S->dist, a, 0), W(&S->dist));
	memset(own(&S->dist, a, 0), 0, W(&S->dist));
	int rc = rs_app_ended2(S, released, now, why, len);
	free(released);
	return rc;
}

static int rs_app_ended2(struct rs *S, const unsigned char *released, double now, char *why,
			 size_t len)
{
	if (S->nalive == 0)
		return 0;
	if (S->conf.strategy == RS_SEQ) {
		while (S->cur < S->napps && S->a[S->cur].nleft == 0)
			S->cur++;
		if (S->cur >= S->napps)
			return 0;
		memset(own(&S->dist, S->cur, 0), 1, W(&S->dist));
		int j = S->a[S->cur].hold;
		S->a[S->cur].hold = S->a[S->cur].hold_tail = -1;
		while (j >= 0) {
			int next = S->j[j].next;
			rs_place(S, j, now);
			j = next;
		}
		return 0;
	}
	if (S->conf.strategy == RS_CONC || S->redist == RS_ONE)
		return 0;
	double *rate = hs_malloc((S->napps + 1) * sizeof *rate);
	for (int b = 0; b < S->napps; b++)
		rate[b] = rs_rate(S, b, now);
	int rc = 0;
	if (S->redist == RS_MULTIPLE)
		rc = rs_redistribute(S, now, rate, why, len);
	else
		rs_inherit(S, released, rate);
	free(rate);
	if (rc == 0)
		rs_requeue(S, now);
	return rc;
}

/* A job ended on its worker. */
static int rs_end(struct rs *S, int job, double now, char *why, size_t len)
{
	for (int w = 0; w < S->ncpu + S->ngpu; w++)
		if (S->running[w] == job) {
			S->running[w] = -1;
			break;
		}
	struct rs_job *J = &S->j[job];
	J->ended = 1;
	rs_count_job(S, job, -1);
	if (--S->a[J->app].nleft == 0)
		return rs_app_ended(S, J->app, now, why, len);
	return 0;
}

#ifndef RSCHED_CORE_ONLY
/* ---------------- the glue to hs/online.h ---------------- */

#include "hs/online.h"
#include "hs/plugin.h"

struct glue {
	struct rs *S;
	struct hs_online *h;
	struct hs_ctx *ctx;
	const char **app_names;
	int *cw, *gw; /* worker -> machine core / GPU */
	int noted;
};

static int g_start(void *arg, int job, int w)
{
	struct glue *g = arg;
	struct rs *S = g->S;
	if (w < S->ncpu)
		return hs_online_start(g->h, job, &g->cw[w], 1, NULL, 0);
	return hs_online_start(g->h, job, NULL, 0, &g->gw[w - S->ncpu], 1);
}

/* Worker w's memory: its core's node (the host's) or its GPU. */
static double g_transfer(void *arg, int job, int w)
{
	struct glue *g = arg;
	const struct hs_online_machine *m = hs_online_machine(g->h);
	if (w < g->S->ncpu)
		return hs_online_transfer_estimate(g->h, job, m->core_node[g->cw[w]], -1);
	return hs_online_transfer_estimate(g->h, job, -1, g->gw[w - g->S->ncpu]);
}

static void g_prefetch(void *arg, int job, int w)
{
	struct glue *g = arg;
	const struct hs_online_machine *m = hs_online_machine(g->h);
	if (w < g->S->ncpu)
		hs_online_prefetch(g->h, job, m->core_node[g->cw[w]], -1);
	else
		hs_online_prefetch(g->h, job, -1, g->gw[w - g->S->ncpu]);
}

static void g_wake(void *arg, double t)
{
	struct glue *g = arg;
	hs_online_wake(g->h, t);
}

static void g_finish(void *state)
{
	struct glue *g = state;
	if (!g)
		return;
	rs_free(g->S);
	free(g->app_names);
	free(g->cw);
	free(g->gw);
	free(g);
}

static int find_choice(const char *const *names, const char *s)
{
	for (int k = 0; names[k]; k++)
		if (strcmp(names[k], s) == 0)
			return k;
	return 0;
}

/* Per application: its workers as the distribution gave them, and the
 * distribution time so far, as notes on its first job. */
static void note_apps(struct glue *g, const char *key)
{
	struct rs *S = g->S;
	int *first = hs_malloc((S->napps + 1) * sizeof *first);
	for (int a = 0; a < S->napps; a++)
		first[a] = -1;
	for (int i = S->nj - 1; i >= 0; i--)
		first[S->j[i].app] = i;
	for (int a = 0; a < S->napps; a++) {
		if (first[a] < 0)
			continue;
		int nc, ng;
		double pc, pg;
		rs_counts(&S->dist, a, &nc, &ng, &pc, &pg);
		hs_online_note(g->h, first[a], key, "%d+%d", nc, ng);
	}
	free(first);
}

static int g_start_algo(struct hs_online *h, const struct hs_optvals *opts, struct hs_ctx *ctx,
			void **state)
{
	const struct hs_online_machine *m = hs_online_machine(h);
	const struct hs_platform *pl = m->plat;
	if (pl->nnodes != 1) {
		hs_ctx_error(ctx, "schedules applications sharing one node; the platform has %d nodes",
			     pl->nnodes);
		return -1;
	}
	struct rs_conf c = { 0 };
	c.strategy = find_choice(rs_strategy_names, hs_opt_str(opts, "strategy"));
	c.coef = hs_opt_double(opts, "coef");
	c.barter = hs_opt_double(opts, "barter");
	c.cp = strcmp(hs_opt_str(opts, "ideal"), "cp") == 0;
	c.beta = hs_opt_double(opts, "beta");
	c.ov = hs_opt_double(opts, "overhead");
	c.ov_worker = hs_opt_double(opts, "overhead_worker");
	if (!(c.beta >= 0) || !isfinite(c.beta) || !(c.ov >= 0) || !isfinite(c.ov) ||
	    !(c.ov_worker >= 0) || !isfinite(c.ov_worker)) {
		hs_ctx_error(ctx, "beta=%g, overhead=%g, overhead_worker=%g: each a number >= 0", c.beta,
			     c.ov, c.ov_worker);
		return -1;
	}
	if (!(c.coef >= 1) || !isfinite(c.coef)) {
		hs_ctx_error(ctx, "coef=%g: the parallel efficiency coefficient is a number >= 1", c.coef);
		return -1;
	}
	enum rs_redist r = find_choice(rs_redist_names, hs_opt_str(opts, "redistribute"));
	/* applications, in the order first seen */
	int nj = m->njobs, napps = 0;
	const char **names = hs_malloc((nj + 1) * sizeof *names);
	int *app = hs_malloc((nj + 1) * sizeof *app);
	for (int i = 0; i < nj; i++) {
		const struct hs_online_job *J = hs_online_job(h, i);
		const char *an = J && J->app ? J->app : "";
		int a = napps - 1; /* an application's jobs are mostly together */
		if (a < 0 || strcmp(names[a], an) != 0)
			for (a = 0; a < napps && strcmp(names[a], an) != 0; a++)
				;
		if (a == napps)
			names[napps++] = an;
		app[i] = a;
	}
	struct glue *g = hs_calloc(1, sizeof *g);
	g->h = h;
	g->ctx = ctx;
	g->app_names = names;
	g->S = rs_new(&c, r, nj, napps, m->ncores, m->ngpus);
	g->cw = hs_malloc((m->ncores + 1) * sizeof *g->cw);
	g->gw = hs_malloc((m->ngpus + 1) * sizeof *g->gw);
	for (int k = 0; k < m->ncores; k++)
		g->cw[k] = k;
	for (int k = 0; k < m->ngpus; k++)
		g->gw[k] = k;
	g->S->out = (struct rs_out){ g, g_start, g_transfer, g_prefetch, g_wake };
	*state = g;
	for (int i = 0; i < nj; i++) {
		struct rs_job *J = &g->S->j[i];
		const struct hs_online_job *oj = hs_online_job(h, i);
		J->app = app[i];
		if (oj) {
			J->deps = oj->deps;
			J->ndeps = oj->ndeps;
		}
		J->tc = hs_online_estimate(h, i, 0, 1, 0);
		J->tg = m->ngpus ? hs_online_estimate(h, i, 0, 0, 1) : INFINITY;
		if (oj && oj->cores > 1) {
			free(app);
			hs_ctx_error(ctx, "job %s: asks for %d cores; applications' tasks run on one core "
					  "or one GPU worker", oj->id, oj->cores);
			return -1;
		}
		if (!isfinite(J->tc) && !isfinite(J->tg)) {
			free(app);
			hs_ctx_error(ctx, "job %s: can run neither on a core nor on a GPU of node %s",
				     oj ? oj->id : "?", pl->nodes[0].id);
			return -1;
		}
		if (!(J->tc >= 0))
			J->tc = INFINITY;
		if (!(J->tg >= 0))
			J->tg = INFINITY;
	}
	free(app);
	g->S->nalive = napps;
	rs_figures(g->S);
	if (c.cp)
		rs_topo(g->S);
	char why[256];
	int rc;
	if (c.strategy == RS_SEQ) {
		memset(own(&g->S->dist, 0, 0), napps ? 1 : 0, napps ? W(&g->S->dist) : 0);
		rc = 0;
	} else {
		rc = rs_redistribute(g->S, 0, NULL, why, sizeof why);
	}
	if (rc < 0) {
		/* name the application, not its index */
		int a = -1;
		sscanf(why, "application %d", &a);
		const char *rest = strchr(why, ' ');
		rest = rest ? strchr(rest + 1, ' ') : NULL;
		if (a >= 0 && a < napps && rest)
			hs_ctx_error(ctx, "application '%s'%s", names[a], rest);
		else
			hs_ctx_error(ctx, "%s", why);
		return -1;
	}
	if (c.strategy != RS_SEQ)
		note_apps(g, "rsched.workers");
	hs_ctx_prov(ctx, "rsched.strategy", "%s", rs_strategy_names[c.strategy]);
	hs_ctx_prov(ctx, "rsched.redistribute", "%s", rs_redist_names[r]);
	hs_ctx_prov(ctx, "rsched.apps", "%d", napps);
	return 0;
}

static int g_events(void *state, struct hs_online *h, const struct hs_online_event *ev, int nev,
		    struct hs_ctx *ctx)
{
	struct glue *g = state;
	g->h = h;
	double now = hs_online_now(h);
	char why[256];
	int nd = g->S->ndists;
	for (int i = 0; i < nev; i++) {
		if (ev[i].type == HS_ONLINE_END) {
			if (rs_end(g->S, ev[i].job, now, why, sizeof why) < 0) {
				hs_ctx_error(ctx, "redistribution at date %g: %s", now, why);
				return -1;
			}
		} else if (ev[i].type == HS_ONLINE_SUBMIT) {
			rs_ready(g->S, ev[i].job, now);
		}
	}
	if (g->S->ndists != nd && g->S->redist == RS_MULTIPLE)
		note_apps(g, "rsched.workers_last");
	char buf[HS_NUMBUF];
	hs_ctx_prov(ctx, "rsched.dist_s", "%s", hs_fmt_double(buf, g->S->dist_s));
	hs_ctx_prov(ctx, "rsched.dists", "%d", g->S->ndists);
	return rs_dispatch(g->S, now);
}

static const struct hs_online_ops ops = { sizeof(struct hs_online_ops), HS_ONLINE_ABI,
					  HS_ONLINE_NEEDS_MODEL, g_start_algo, g_events, g_finish };

static const struct hs_option rs_opts[] = {
	{ "strategy", HS_OPT_CHOICE, "dsr-gd",
	  "how workers are distributed among the applications: the four strategies, or the "
	  "baselines seq (one after another on all workers) and conc (one shared context)",
	  "lpsolve|minmaxwl|dsr-clus|dsr-gd|seq|conc" },
	{ "redistribute", HS_OPT_CHOICE, "one",
	  "when an application ends: keep the distribution, distribute again, or give its workers "
	  "to those behind",
	  "one|multiple|inherit" },
	{ "coef", HS_OPT_DOUBLE, "1",
	  "parallel efficiency coefficient of the ideal makespan (coef^(workers-1)), >= 1", NULL },
	{ "ideal", HS_OPT_CHOICE, "work",
	  "the ideal makespan: Algorithm 1 on the workloads (the paper's), or never below the "
	  "application's critical path (cp)",
	  "work|cp" },
	{ "beta", HS_OPT_DOUBLE, "1",
	  "DMDA: weight of a job's expected transfer time against its expected end (StarPU's "
	  "beta; 0: DM, placement blind to data)",
	  NULL },
	{ "overhead", HS_OPT_DOUBLE, "0",
	  "seconds of scheduling overhead before each job starts on its worker", NULL },
	{ "overhead_worker", HS_OPT_DOUBLE, "0",
	  "more seconds of overhead per worker of the job's context", NULL },
	{ "barter", HS_OPT_DOUBLE, "0.5",
	  "DSR: barter GPUs for CPUs when the GPU/CPU speedups' relative stdev exceeds this "
	  "(negative: never)",
	  NULL },
	{ NULL, 0, NULL, NULL, NULL },
};

static const struct hs_algo algo_rsched = {
	.struct_size = sizeof(struct hs_algo),
	.name = "rsched",
	.summary = "task-graph applications sharing a CPU+GPU node: a worker distribution, then "
		   "earliest-finish placement per application (Ndamlabin and Bramas)",
	.options = rs_opts,
	.online = &ops,
	.flags = HS_ALGO_DEPS,
};

static const struct hs_algo *const rs_algos[] = { &algo_rsched, NULL };

HS_PLUGIN_DEFINE(rsched, "1.0",
		 "several task-graph applications on one CPU+GPU node: LpSolve, MinMaxWL, DSR-CLUS, "
		 "DSR-GD, DMDA_SEQ and DMDA_CONC (Ndamlabin and Bramas)",
		 NULL, NULL, rs_algos);
#endif /* RSCHED_CORE_ONLY */
