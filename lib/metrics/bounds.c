/* metrics/bounds.c - lower bounds on the makespan of any schedule of an instance.
 *
 * Every bound here must stay at or below the optimal makespan, or ratios
 * reported by hs-report would be wrong.  The arguments:
 *
 * longest: a task i cannot finish before release_i plus its fastest
 *   possible time.  On cores, t_i(p)/f on a node of speed f; a multi-node
 *   (cluster-scoped) allotment of P cores runs at the slowest node's speed,
 *   so it is no faster than t_i(P)/f_max with P up to the cluster's cores.
 *   We take, over a Pareto set of (cores, speed) candidates (each node; each
 *   cluster as (its cores, its fastest node's speed) for cluster-scoped
 *   tasks, and also the whole platform likewise for scope=any tasks),
 *   min_p<=cores t_i(p) / speed: never above any real duration.  On
 *   a GPU: gpu_time / the fastest gpu_speed.
 *
 * area: measure CPU capacity in reference core-seconds: one core of node j
 *   for one second is worth f_j.  A task on p cores of node j occupies
 *   p·t(p)/f_j core-seconds, worth p·t(p); on a multi-node allotment of P
 *   cores it runs t(P)/f_min and occupies, on node j, p_j·t(P)/f_min
 *   core-seconds worth p_j·t(P)·f_j/f_min >= p_j·t(P), in all >= P·t(P).
 *   So a task that runs on cores uses at least w_i = min_p p·t_i(p) of the
 *   capacity C·K available before the makespan C, K = sum_j cores_j·f_j,
 *   and sum over CPU-only tasks w_i <= C·K.  Likewise GPU-only tasks use
 *   gpu_time_i of C·sum_j gpus_j·gpu_speed_j.  Tasks that may run on either
 *   are left to the LP (counting them on one side would not be valid).
 *
 * critical path: with task graphs (deps=), a task starts no earlier than
 *   its release date and the end of each of its deps, and lasts at least
 *   its fastest possible time above, whatever the resources; so the longest
 *   chain of such times bounds the makespan (hs_critical_path).  The bytes a
 *   dep carries are left out: a schedule may keep both tasks on one worker.
 *   It is never below longest (a chain of one task).
 *
 * lp: a fractional relaxation with one variable per task that may use
 *   either kind, y_i in [0,1] = the fraction of task i done on cores
 *   (1 - y_i on a GPU), and the makespan C:
 *     minimise C subject to
 *       K·C >= sum_{cpu-only} w_i + sum_i y_i·w_i              (CPU load)
 *       G·C >= sum_{gpu-only} g_i + sum_i (1 - y_i)·g_i        (GPU load)
 *       C >= release_i + y_i·tc_i + (1 - y_i)·tg_i  for each i (its time)
 *       C >= longest (implied by the time rows and the fixed tasks)
 *   with tc_i, tg_i the fastest times above.  Any schedule gives a feasible
 *   point (y_i = 1 when i runs on cores, 0 on a GPU, C = its makespan): the
 *   load rows hold by the area argument, the time rows because exactly one
 *   term is non-zero.  So the LP optimum is <= the optimal makespan, and
 *   it is >= the other two bounds (their constraints are included).
 */
#include <glpk.h>
#include <math.h>
#include <stdlib.h>

#include "hs/model.h"
#include "hs/util.h"

struct cand {
	int cores;
	double speed;
};

static int cand_cmp(const void *a, const void *b)
{
	const struct cand *x = a, *y = b;
	if (x->cores != y->cores)
		return x->cores > y->cores ? -1 : 1;
	return (x->speed < y->speed) - (x->speed > y->speed);
}

/* Keep the candidates no other one beats in both cores and speed. */
static int pareto(struct cand *c, int n)
{
	qsort(c, n, sizeof *c, cand_cmp);
	int k = 0;
	double best = -1;
	for (int i = 0; i < n; i++)
		if (c[i].speed > best) {
			best = c[i].speed;
			c[k++] = c[i];
		}
	return k;
}

static double fastest_cpu(const struct hs_task *t, const struct cand *c, int n)
{
	double best = INFINITY;
	for (int i = 0; i < n; i++) {
		int p = hs_task_best_p(t, c[i].cores);
		if (p < 1)
			continue;
		double d = hs_task_time(t, p) / c[i].speed;
		if (d < best)
			best = d;
	}
	return best;
}

/* min over allowed p <= reach of p·t(p).  p·t(p) is non-decreasing for
 * the Amdahl and overhead models, so p = 1 there; tables are scanned. */
static double min_area(const struct hs_task *t, int reach)
{
	if (reach < 1)
		return INFINITY;
	switch (t->model) {
	case HS_MODEL_RIGID:
		return t->size <= reach && t->on != HS_ON_GPU ? t->size * t->time : INFINITY;
	case HS_MODEL_TABLE: {
		double w = INFINITY;
		for (int p = 1; p <= reach && p <= t->ntimes; p++) {
			double a = p * hs_task_time(t, p);
			if (a < w)
				w = a;
		}
		return w;
	}
	default:
		return hs_task_time(t, 1);
	}
}

struct flex {
	double w, g, tc, tg, r;
};

/* Add the time row of flexible task i: C - (tc - tg)·y_i >= tg + r. */
static void add_time_row(glp_prob *lp, const struct flex *f, int i)
{
	int row = glp_add_rows(lp, 1);
	int ind[3] = { 0, 1, 2 + i };
	double val[3] = { 0, 1, -(f[i].tc - f[i].tg) };
	glp_set_mat_row(lp, row, val[2] != 0 ? 2 : 1, ind, val);
	glp_set_row_bnds(lp, row, GLP_LO, f[i].tg + f[i].r, 0);
}

/* Solve the LP above; NAN when GLPK fails.  The time rows are many (one
 * per flexible task) but few bind, so they are generated lazily: solve
 * with the load rows, add the rows the solution violates, re-solve from
 * the same basis with the dual simplex, until none is violated.  Each
 * intermediate optimum is that of a relaxation of the LP, so even a run
 * cut short by the round limit returns a valid bound. */
static double solve_lp(const struct flex *f, int nf, double K, double G, double Wc, double Wg,
		       double lower)
{
	if (K <= 0 && G <= 0)
		return lower; /* no resources, hence no tasks (or lower is inf) */
	int old = glp_term_out(GLP_OFF);
	glp_prob *lp = glp_create_prob();
	glp_set_obj_dir(lp, GLP_MIN);
	glp_add_cols(lp, 1 + nf);
	glp_set_col_bnds(lp, 1, GLP_LO, lower, 0);
	glp_set_obj_coef(lp, 1, 1);
	for (int i = 0; i < nf; i++)
		glp_set_col_bnds(lp, 2 + i, GLP_DB, 0, 1);
	int *ind = hs_malloc((nf + 2) * sizeof *ind);
	double *val = hs_malloc((nf + 2) * sizeof *val);
	if (K > 0) {
		int row = glp_add_rows(lp, 1), k = 0;
		ind[++k] = 1, val[k] = K;
		for (int i = 0; i < nf; i++)
			if (f[i].w != 0)
				ind[++k] = 2 + i, val[k] = -f[i].w;
		glp_set_mat_row(lp, row, k, ind, val);
		glp_set_row_bnds(lp, row, GLP_LO, Wc, 0);
	}
	if (G > 0) {
		int row = glp_add_rows(lp, 1), k = 0;
		double sum = Wg;
		ind[++k] = 1, val[k] = G;
		for (int i = 0; i < nf; i++) {
			if (f[i].g != 0)
				ind[++k] = 2 + i, val[k] = f[i].g;
			sum += f[i].g;
		}
		glp_set_mat_row(lp, row, k, ind, val);
		glp_set_row_bnds(lp, row, GLP_LO, sum, 0);
	}
	free(ind);
	free(val);
	char *added = hs_calloc(nf ? nf : 1, 1);
	glp_smcp parm;
	glp_init_smcp(&parm);
	parm.msg_lev = GLP_MSG_OFF;
	parm.meth = GLP_DUALP;
	parm.r_test = GLP_RT_FLIP; /* long steps: the y_i mostly flip between bounds */
	glp_scale_prob(lp, GLP_SF_AUTO);
	glp_adv_basis(lp, 0);
	double v = NAN;
	for (int round = 0; round < 100; round++) {
		if (glp_simplex(lp, &parm) != 0 || glp_get_status(lp) != GLP_OPT) {
			v = NAN;
			break;
		}
		v = glp_get_obj_val(lp);
		double C = glp_get_col_prim(lp, 1);
		int nadd = 0;
		for (int i = 0; i < nf; i++) {
			if (added[i])
				continue;
			double y = glp_get_col_prim(lp, 2 + i);
			double need = f[i].r + y * f[i].tc + (1 - y) * f[i].tg;
			if (need > C + 1e-9 * fmax(C, need)) {
				add_time_row(lp, f, i);
				added[i] = 1;
				nadd++;
			}
		}
		if (!nadd)
			break;
	}
	free(added);
	glp_delete_prob(lp);
	glp_term_out(old);
	/* The simplex result is exact only to its tolerances (1e-7 relative):
	 * shave that much so rounding cannot lift the bound above a schedule
	 * that meets it. */
	return v * (1 - 1e-7);
}

void hs_lower_bounds(const struct hs_instance *in, int with_lp, struct hs_bounds *b)
{
	const struct hs_platform *pl = &in->plat;
	int nn = pl->nnodes, nc = pl->nclusters;
	struct cand *node_c = hs_malloc((nn ? nn : 1) * sizeof *node_c);
	struct cand *clus_c = hs_malloc((nn + nc ? nn + nc : 1) * sizeof *clus_c);
	struct cand *any_c = hs_malloc((nn + nc + 1) * sizeof *any_c);
	double K = 0, G = 0, gmax = 0, fmax_all = 0;
	int cores_all = 0;
	for (int j = 0; j < nn; j++) {
		const struct hs_node *n = &pl->nodes[j];
		node_c[j] = clus_c[j] = (struct cand){ n->cores, n->speed };
		K += n->cores * n->speed;
		cores_all += n->cores;
		fmax_all = fmax(fmax_all, n->speed);
		if (n->gpus > 0) {
			G += n->gpus * n->gpu_speed;
			gmax = fmax(gmax, n->gpu_speed);
		}
	}
	int ncl = nn;
	for (int c = 0; c < nc; c++) {
		const struct hs_cluster *cl = &pl->clusters[c];
		double f = 0;
		for (int k = 0; k < cl->nnodes; k++)
			f = fmax(f, pl->nodes[cl->nodes[k]].speed);
		if (cl->nnodes > 0)
			clus_c[ncl++] = (struct cand){ cl->cores, f };
	}
	int nany = ncl;
	for (int k = 0; k < ncl; k++)
		any_c[k] = clus_c[k];
	if (nn > 0)
		any_c[nany++] = (struct cand){ cores_all, fmax_all };
	int nnode_c = pareto(node_c, nn), nclus_c = pareto(clus_c, ncl), nany_c = pareto(any_c, nany);
	int reach_node = nnode_c ? node_c[0].cores : 0, reach_clus = nclus_c ? clus_c[0].cores : 0;
	int reach_any = nany_c ? any_c[0].cores : 0;

	double longest = 0, Wc = 0, Wg = 0;
	double *fastest = hs_malloc(((size_t)in->ntasks + 1) * sizeof *fastest);
	struct flex *fl = NULL;
	int nf = 0, capf = 0;
	for (int i = 0; i < in->ntasks; i++) {
		const struct hs_task *t = &in->tasks[i];
		const struct cand *cs = node_c;
		int ncs = nnode_c, reach = reach_node;
		if (t->scope == HS_SCOPE_CLUSTER) {
			cs = clus_c, ncs = nclus_c, reach = reach_clus;
		} else if (t->scope == HS_SCOPE_ANY) {
			cs = any_c, ncs = nany_c, reach = reach_any;
		}
		double tc = fastest_cpu(t, cs, ncs);
		double tg = (t->on != HS_ON_CPU && gmax > 0) ? t->gpu_time / gmax : INFINITY;
		double fast = fmin(tc, tg);
		fastest[i] = fast;
		double w = min_area(t, reach);
		if (!isfinite(w))
			tc = INFINITY; /* (cannot happen with a finite tc; keeps the LP finite) */
		longest = fmax(longest, t->release + fast);
		if (!isfinite(tg)) {
			Wc += w;
		} else if (!isfinite(tc)) {
			Wg += t->gpu_time;
		} else {
			if (nf == capf) {
				capf = capf ? 2 * capf : 64;
				fl = hs_reallocarray(fl, capf, sizeof *fl);
			}
			fl[nf++] = (struct flex){ w, t->gpu_time, tc, tg, t->release };
		}
	}
	double area_c = Wc > 0 ? (K > 0 ? Wc / K : INFINITY) : 0;
	double area_g = Wg > 0 ? (G > 0 ? Wg / G : INFINITY) : 0;
	b->longest = longest;
	b->critical_path = hs_instance_has_deps(in) ? hs_critical_path(in, fastest, NULL) : longest;
	free(fastest);
	b->area = fmax(area_c, area_g);
	b->lp = NAN;
	if (with_lp) {
		if (!isfinite(longest) || !isfinite(b->area))
			b->lp = INFINITY; /* some task cannot run at all */
		else
			b->lp = solve_lp(fl, nf, K, G, Wc, Wg, longest);
	}
	b->best = fmax(fmax(b->longest, b->critical_path), b->area);
	if (!isnan(b->lp))
		b->best = fmax(b->best, b->lp);
	free(fl);
	free(node_c);
	free(clus_c);
	free(any_c);
}
