/* oracle.c - the "oracle" plugin family: the integer programs of Hamano et
 * al. section 5.2.4, solved with GLPK, minimising the makespan or the
 * energy of an assignment of sequential tasks to cores and GPUs.
 *
 *   x_pj in {0,1}: task j runs on processor p (a core or a GPU)
 *   sum_p x_pj = 1                       every task runs once
 *   T_p = sum_j d_pj x_pj <= systemTime  d_pj: time of j on p
 *   opt-makespan: min systemTime
 *   opt-energy:   min sum_p (systemTime - T_p) P_idle,p + T_p P_busy,p
 *
 * GLPK gets a heuristic solution as its first incumbent, a time limit and,
 * by default, symmetry-breaking rows (identical processors ordered by load;
 * this removes only permuted copies of solutions).  The result is reported
 * as optimal only when GLPK proved it; otherwise the provenance says
 * status=feasible with the gap and the best lower bound, and a warning goes
 * to stderr.  The tasks assigned to a processor run back to back in task
 * order from time 0. */
#include <float.h>
#include <glpk.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hs/energy.h"
#include "hs/plugin.h"

struct proc {
	int node, unit, gpu;
	double pb, pi; /* busy and idle power */
	int cls;       /* processors with equal class are interchangeable */
};

struct ilp {
	const struct hs_instance *in;
	int energy;    /* 0: makespan, 1: energy */
	struct proc *proc;
	int np, n;
	double *d;     /* d[p * n + j]: time of task j on processor p (+inf: cannot) */
	/* GLPK columns: 1 = systemTime, then one per finite d */
	int ncol, *colp, *colj;
	double *x0;    /* heuristic solution, by column (1-based) */
	int heur_given;
	double bound;  /* best lower bound seen */
};

static double dur_on(const struct hs_instance *in, const struct hs_task *t, const struct proc *p)
{
	double c, g;
	hs_energy_task_times(t, &c, &g);
	const struct hs_node *nd = &in->plat.nodes[p->node];
	if (p->gpu)
		return isfinite(g) ? hs_task_gpu_time_on(t, nd) : INFINITY;
	return isfinite(c) ? hs_task_time_on(t, nd, 1) : INFINITY;
}

static void build_procs(struct ilp *I)
{
	const struct hs_platform *pl = &I->in->plat;
	I->proc = hs_malloc((size_t)(pl->total_cores + pl->total_gpus + 1) * sizeof *I->proc);
	I->np = 0;
	for (int gpu = 0; gpu <= 1; gpu++)
		for (int j = 0; j < pl->nnodes; j++) {
			const struct hs_node *nd = &pl->nodes[j];
			int units = gpu ? nd->gpus : nd->cores;
			for (int u = 0; u < units; u++) {
				struct proc *p = &I->proc[I->np++];
				p->node = j;
				p->unit = u;
				p->gpu = gpu;
				p->pb = gpu ? nd->gpu_busy : nd->cpu_busy;
				p->pi = gpu ? nd->gpu_idle : nd->cpu_idle;
				p->cls = I->np - 1;
			}
		}
	I->d = hs_malloc((size_t)(I->np ? I->np : 1) * (size_t)(I->n ? I->n : 1) * sizeof *I->d);
	for (int p = 0; p < I->np; p++)
		for (int j = 0; j < I->n; j++)
			I->d[(size_t)p * I->n + j] = dur_on(I->in, &I->in->tasks[j], &I->proc[p]);
	/* Consecutive processors with the same powers and the same times for
	 * every task are interchangeable. */
	for (int p = 1; p < I->np; p++) {
		const struct proc *a = &I->proc[p - 1], *b = &I->proc[p];
		if (a->gpu != b->gpu || a->pb != b->pb || a->pi != b->pi)
			continue;
		if (memcmp(&I->d[(size_t)(p - 1) * I->n], &I->d[(size_t)p * I->n],
			   (size_t)I->n * sizeof *I->d) == 0)
			I->proc[p].cls = a->cls;
	}
}

/* Objective of an assignment (proc of each task). */
static double assign_value(const struct ilp *I, const int *on, double *sys_out)
{
	double *load = hs_calloc((size_t)(I->np ? I->np : 1), sizeof *load);
	for (int j = 0; j < I->n; j++)
		load[on[j]] += I->d[(size_t)on[j] * I->n + j];
	double sys = 0, e = 0;
	for (int p = 0; p < I->np; p++)
		if (load[p] > sys)
			sys = load[p];
	for (int p = 0; p < I->np; p++)
		e += load[p] * I->proc[p].pb + (sys - load[p]) * I->proc[p].pi;
	free(load);
	if (sys_out)
		*sys_out = sys;
	return I->energy ? e : sys;
}

static const double *sort_key;
static int by_key_desc(const void *x, const void *y)
{
	int a = *(const int *)x, b = *(const int *)y;
	if (sort_key[a] != sort_key[b])
		return sort_key[a] > sort_key[b] ? -1 : 1;
	return (a > b) - (a < b);
}

/* Longest first, each task to the processor (among allowed[p]) where it
 * ends first. */
static void lpt(const struct ilp *I, const int *tasks, int k, const char *allowed, double *load,
		int *on)
{
	double *key = hs_malloc((size_t)(I->n ? I->n : 1) * sizeof *key);
	int *order = hs_malloc((size_t)(k ? k : 1) * sizeof *order);
	for (int i = 0; i < k; i++) {
		int j = tasks[i];
		key[j] = INFINITY;
		for (int p = 0; p < I->np; p++)
			if (allowed[p] && I->d[(size_t)p * I->n + j] < key[j])
				key[j] = I->d[(size_t)p * I->n + j];
		order[i] = j;
	}
	sort_key = key;
	qsort(order, (size_t)k, sizeof *order, by_key_desc);
	for (int i = 0; i < k; i++) {
		int j = order[i], best = -1;
		double be = INFINITY;
		for (int p = 0; p < I->np; p++) {
			double e = load[p] + I->d[(size_t)p * I->n + j];
			if (allowed[p] && e < be) {
				be = e;
				best = p;
			}
		}
		if (best < 0) /* not runnable on the allowed side: anywhere */
			for (int p = 0; p < I->np; p++) {
				double e = load[p] + I->d[(size_t)p * I->n + j];
				if (e < be) {
					be = e;
					best = p;
				}
			}
		on[j] = best;
		load[best] = be;
	}
	free(key);
	free(order);
}

/* ---- local search on the heuristic assignment ----
 * Moves of one task and swaps of two tasks between processors, accepted
 * when they improve the objective (makespan: when they lower the larger load
 * of the two processors involved, one of them the most loaded; energy: when
 * the energy drops).  It only gives GLPK a better first incumbent. */

struct ls {
	const struct ilp *I;
	double *load, idle, w_sum; /* w_sum: sum of load * (P_busy - P_idle) */
	int top[3];                /* the three most loaded processors */
	int same_type;             /* only moves between processors of one kind */
};

static void ls_top(struct ls *L)
{
	const struct ilp *I = L->I;
	L->top[0] = L->top[1] = L->top[2] = -1;
	for (int p = 0; p < I->np; p++) {
		int x = p;
		for (int k = 0; k < 3; k++)
			if (L->top[k] < 0 || L->load[x] > L->load[L->top[k]]) {
				int t = L->top[k];
				L->top[k] = x;
				x = t;
				if (x < 0)
					break;
			}
	}
}

/* Largest load outside processors a and b. */
static double ls_max_except(const struct ls *L, int a, int b)
{
	for (int k = 0; k < 3; k++)
		if (L->top[k] >= 0 && L->top[k] != a && L->top[k] != b)
			return L->load[L->top[k]];
	return 0;
}

static double ls_energy(const struct ls *L, int p, double np_, int q, double nq)
{
	const struct proc *P = L->I->proc;
	double sys = ls_max_except(L, p, q);
	if (np_ > sys)
		sys = np_;
	if (nq > sys)
		sys = nq;
	return L->w_sum + (np_ - L->load[p]) * (P[p].pb - P[p].pi) +
	       (nq - L->load[q]) * (P[q].pb - P[q].pi) + sys * L->idle;
}

/* Is moving the loads of p and q to np_ and nq an improvement?  mode 0
 * (balance): it lowers the larger load of the two, one of them the most
 * loaded processor, and does not raise the energy (when that is the
 * objective); mode 1: it lowers the energy. */
static int ls_better(const struct ls *L, int mode, int p, double np_, int q, double nq, double cur)
{
	if (mode == 1)
		return ls_energy(L, p, np_, q, nq) < cur - 1e-9 * fabs(cur);
	double before = L->load[p] > L->load[q] ? L->load[p] : L->load[q];
	double after = np_ > nq ? np_ : nq;
	if (!((p == L->top[0] || q == L->top[0]) && after < before * (1 - 1e-12)))
		return 0;
	return !L->I->energy || ls_energy(L, p, np_, q, nq) <= cur + 1e-12 * fabs(cur);
}

/* One pass of moves and swaps; returns whether anything changed. */
static int ls_pass(struct ls *L, int mode, int *on, double deadline)
{
	const struct ilp *I = L->I;
	int n = I->n, changed = 0;
	const double *d = I->d;
	for (int j = 0; j < n && hs_now() < deadline; j++) {
		int p = on[j];
		if (mode == 0 && p != L->top[0])
			continue;
		double cur = I->energy ? ls_energy(L, p, L->load[p], p, L->load[p]) : 0;
		for (int q = 0; q < I->np; q++) {
			double dq = d[(size_t)q * n + j], dp = d[(size_t)p * n + j];
			if (q == p || !isfinite(dq) || (L->same_type && I->proc[q].gpu != I->proc[p].gpu))
				continue;
			double np_ = L->load[p] - dp, nq = L->load[q] + dq;
			int apply = ls_better(L, mode, p, np_, q, nq, cur), swap_with = -1;
			for (int i = 0; i < n && !apply; i++) { /* swap j with a task i of q */
				if (on[i] != q || !isfinite(d[(size_t)p * n + i]))
					continue;
				double sp = np_ + d[(size_t)p * n + i], sq = nq - d[(size_t)q * n + i];
				if (ls_better(L, mode, p, sp, q, sq, cur)) {
					np_ = sp;
					nq = sq;
					swap_with = i;
					apply = 1;
				}
			}
			if (!apply)
				continue;
			L->w_sum += (np_ - L->load[p]) * (I->proc[p].pb - I->proc[p].pi) +
				    (nq - L->load[q]) * (I->proc[q].pb - I->proc[q].pi);
			L->load[p] = np_;
			L->load[q] = nq;
			on[j] = q;
			if (swap_with >= 0)
				on[swap_with] = p;
			ls_top(L);
			changed = 1;
			break;
		}
	}
	return changed;
}

static void improve(const struct ilp *I, int *on, double deadline, int same_type)
{
	struct ls L = { I, hs_calloc((size_t)(I->np ? I->np : 1), sizeof(double)), 0, 0, { 0 },
			same_type };
	int n = I->n;
	for (int p = 0; p < I->np; p++)
		L.idle += I->proc[p].pi;
	for (int j = 0; j < n; j++)
		L.load[on[j]] += I->d[(size_t)on[j] * n + j];
	for (int p = 0; p < I->np; p++)
		L.w_sum += L.load[p] * (I->proc[p].pb - I->proc[p].pi);
	ls_top(&L);
	for (int changed = 1; changed && hs_now() < deadline;) {
		changed = 0;
		while (ls_pass(&L, 0, on, deadline))
			changed = 1;
		if (I->energy && !same_type)
			while (ls_pass(&L, 1, on, deadline))
				changed = 1;
	}
	free(L.load);
}

static int item_cmp(const void *a, const void *b)
{
	return hs_energy_item_cmp(a, b);
}

/* Moves and swaps of tasks between the virtual CPU and the virtual
 * accelerator that lower the objective of the virtual schedule: they pick a
 * split that need not be a prefix of the alpha order, which balances the two
 * sides better than a prefix can. */
static void virt_improve(const struct ilp *I, const struct hs_energy_virt *v,
			 const struct hs_energy_item *items, char *on_gpu, double deadline)
{
	enum hs_energy_obj obj = I->energy ? HS_EOBJ_ENERGY : HS_EOBJ_MAKESPAN;
	int n = I->n;
	double cw = 0, gw = 0, e, t;
	for (int j = 0; j < n; j++)
		if (on_gpu[j])
			gw += items[j].gpu;
		else
			cw += items[j].cpu;
	hs_energy_virt_eval(v, cw, gw, &e, &t);
	double cur = hs_energy_objective(obj, 1, e, t);
	for (int changed = 1; changed && hs_now() < deadline;) {
		changed = 0;
		for (int j = 0; j < n; j++) {
			if (!isfinite(items[j].cpu) || !isfinite(items[j].gpu))
				continue;
			double sc = on_gpu[j] ? 1 : -1; /* moving j: CPU work changes by sc*cpu */
			double c1 = cw + sc * items[j].cpu, g1 = gw - sc * items[j].gpu;
			hs_energy_virt_eval(v, c1, g1, &e, &t);
			double val = hs_energy_objective(obj, 1, e, t);
			int swap_with = -1;
			if (!(val < cur * (1 - 1e-12)))
				for (int i = 0; i < n; i++) {
					if (on_gpu[i] == on_gpu[j] || !isfinite(items[i].cpu) ||
					    !isfinite(items[i].gpu))
						continue;
					double c2 = c1 - sc * items[i].cpu, g2 = g1 + sc * items[i].gpu;
					hs_energy_virt_eval(v, c2, g2, &e, &t);
					double v2 = hs_energy_objective(obj, 1, e, t);
					if (v2 < val) {
						val = v2;
						swap_with = i;
					}
				}
			if (!(val < cur * (1 - 1e-12)))
				continue;
			if (swap_with >= 0) {
				cw += -sc * items[swap_with].cpu;
				gw += sc * items[swap_with].gpu;
				on_gpu[swap_with] = !on_gpu[swap_with];
			}
			cw += sc * items[j].cpu;
			gw -= sc * items[j].gpu;
			on_gpu[j] = !on_gpu[j];
			cur = val;
			changed = 1;
		}
	}
}

/* LPT on each side of a split; 0, or -1 when a side has no processor for
 * one of its tasks. */
static int split_assign(const struct ilp *I, const char *on_gpu, int *all, char *allowed,
			double *load, int *on)
{
	int n = I->n;
	memset(load, 0, (size_t)I->np * sizeof *load);
	for (int side = 0; side <= 1; side++) {
		int m = 0;
		for (int j = 0; j < n; j++)
			if (on_gpu[j] == side)
				all[m++] = j;
		for (int p = 0; p < I->np; p++)
			allowed[p] = I->proc[p].gpu == side;
		lpt(I, all, m, allowed, load, on);
	}
	for (int j = 0; j < n; j++)
		if (I->proc[on[j]].gpu != on_gpu[j])
			return -1;
	return 0;
}

/* The heuristic incumbent: LPT over every processor, and the splits of
 * section 4.1 around the best one of the virtual resources (every prefix of
 * the alpha order within SPLIT_RADIUS of it) with LPT on each side; each
 * balanced by local search; the best one is then improved further. */
#define SPLIT_RADIUS 10
static void heuristic(const struct ilp *I, int *on, double deadline)
{
	int n = I->n;
	int *all = hs_malloc((size_t)(n ? n : 1) * sizeof *all);
	int *cand = hs_malloc((size_t)(n ? n : 1) * sizeof *cand);
	char *allowed = hs_malloc((size_t)(I->np ? I->np : 1));
	double *load = hs_calloc((size_t)(I->np ? I->np : 1), sizeof *load);
	for (int j = 0; j < n; j++)
		all[j] = j;
	memset(allowed, 1, (size_t)I->np);
	lpt(I, all, n, allowed, load, on);
	improve(I, on, deadline, 0);
	double best = assign_value(I, on, NULL);

	struct hs_energy_item *items = hs_malloc((size_t)(n ? n : 1) * sizeof *items);
	struct hs_energy_item *flex = hs_malloc((size_t)(n ? n : 1) * sizeof *flex);
	char *on_gpu = hs_malloc((size_t)(n ? n : 1));
	int nflex = 0;
	for (int j = 0; j < n; j++) {
		hs_energy_task_times(&I->in->tasks[j], &items[j].cpu, &items[j].gpu);
		items[j].task = j;
		if (isfinite(items[j].cpu) && isfinite(items[j].gpu))
			flex[nflex++] = items[j];
	}
	qsort(flex, (size_t)nflex, sizeof *flex, item_cmp); /* the order of hs_energy_split */
	struct hs_energy_virt v;
	hs_energy_virt_init(&v, &I->in->plat);
	int k0 = hs_energy_split(&v, items, n, I->energy ? HS_EOBJ_ENERGY : HS_EOBJ_MAKESPAN, 1,
				 on_gpu, NULL, NULL, NULL);
	/* The best prefix first, then its neighbours; each also rebalanced
	 * between the sides. */
	for (int r = 0; k0 >= 0 && r <= 2 * SPLIT_RADIUS && hs_now() < deadline; r++) {
		int k = k0 + (r % 2 ? (r + 1) / 2 : -(r / 2));
		if (k < 0 || k > nflex)
			continue;
		for (int j = 0; j < n; j++)
			on_gpu[j] = !isfinite(items[j].cpu);
		for (int i = 0; i < k; i++)
			on_gpu[flex[i].task] = 1;
		for (int pass = 0; pass < 2; pass++) {
			if (pass == 1)
				virt_improve(I, &v, items, on_gpu, deadline);
			if (split_assign(I, on_gpu, all, allowed, load, cand) < 0)
				continue;
			improve(I, cand, deadline, 1);
			double val = assign_value(I, cand, NULL);
			if (val < best) {
				best = val;
				memcpy(on, cand, (size_t)n * sizeof *on);
			}
		}
	}
	improve(I, on, deadline, 0);
	free(items);
	free(flex);
	free(on_gpu);
	free(all);
	free(cand);
	free(allowed);
	free(load);
}

/* Renumber interchangeable processors so their loads do not increase
 * (the symmetry-breaking rows ask for that). */
static void order_by_load(const struct ilp *I, int *on)
{
	double *load = hs_calloc((size_t)(I->np ? I->np : 1), sizeof *load);
	int *map = hs_malloc((size_t)(I->np ? I->np : 1) * sizeof *map);
	for (int j = 0; j < I->n; j++)
		load[on[j]] += I->d[(size_t)on[j] * I->n + j];
	for (int p = 0; p < I->np; p++)
		map[p] = p;
	/* Processors of a class are consecutive; insertion sort within a class. */
	for (int p = 1; p < I->np; p++)
		for (int q = p; q > 0 && I->proc[q].cls == I->proc[q - 1].cls &&
				load[map[q]] > load[map[q - 1]];
		     q--) {
			int t = map[q];
			map[q] = map[q - 1];
			map[q - 1] = t;
		}
	int *inv = hs_malloc((size_t)(I->np ? I->np : 1) * sizeof *inv);
	for (int p = 0; p < I->np; p++)
		inv[map[p]] = p;
	for (int j = 0; j < I->n; j++)
		on[j] = inv[on[j]];
	free(inv);
	free(map);
	free(load);
}

/* A lower bound that needs no solver: the fractional split on the virtual
 * CPU and accelerator (makespan), plus the least busy energy of every task
 * (energy).  Valid for any platform: the virtual resources relax it. */
static double cheap_bound(const struct ilp *I)
{
	int n = I->n;
	struct hs_energy_item *f = hs_malloc((size_t)(n ? n : 1) * sizeof *f);
	struct hs_energy_virt v;
	hs_energy_virt_init(&v, &I->in->plat);
	double cw = 0, gw = 0, longest = 0, busy = 0, idle = 0;
	int k = 0;
	for (int j = 0; j < n; j++) {
		double c, g, m = INFINITY, eb = INFINITY;
		hs_energy_task_times(&I->in->tasks[j], &c, &g);
		if (isfinite(c) && isfinite(g))
			f[k++] = (struct hs_energy_item){ c, g, j };
		else if (isfinite(c))
			cw += c;
		else
			gw += g;
		for (int p = 0; p < I->np; p++) {
			double dd = I->d[(size_t)p * n + j];
			if (dd < m)
				m = dd;
			if (dd * (I->proc[p].pb - I->proc[p].pi) < eb)
				eb = dd * (I->proc[p].pb - I->proc[p].pi);
		}
		if (m > longest)
			longest = m;
		busy += isfinite(eb) ? eb : 0;
	}
	for (int p = 0; p < I->np; p++)
		idle += I->proc[p].pi;
	qsort(f, (size_t)k, sizeof *f, item_cmp);
	for (int i = 0; i < k; i++)
		cw += f[i].cpu;
	double cr = v.cpu_rate, gr = v.gpu_rate, T = INFINITY;
	if (cr > 0 || cw == 0) {
		T = cr > 0 ? cw / cr : 0;
		if (gr > 0 && gw / gr > T)
			T = gw / gr;
		for (int i = 0; i < k && gr > 0; i++) {
			double tc = cw / cr, tg = gw / gr;
			if (tg >= tc)
				break;
			double tc2 = (cw - f[i].cpu) / cr, tg2 = (gw + f[i].gpu) / gr;
			if (tg2 >= tc2) { /* crossing inside this task: move a fraction */
				double fr = (tc - tg) / (f[i].cpu / cr + f[i].gpu / gr);
				T = tc - fr * f[i].cpu / cr;
				break;
			}
			cw -= f[i].cpu;
			gw += f[i].gpu;
			T = tc2;
		}
	}
	free(f);
	if (longest > T || !isfinite(T))
		T = longest;
	return I->energy ? busy + T * idle : T;
}

static void callback(glp_tree *T, void *info)
{
	struct ilp *I = info;
	if (glp_ios_reason(T) == GLP_IHEUR && !I->heur_given) {
		glp_ios_heur_sol(T, I->x0);
		I->heur_given = 1;
	}
	int b = glp_ios_best_node(T);
	if (b) {
		double bd = glp_ios_node_bound(T, b);
		if (bd > I->bound)
			I->bound = bd;
	}
}

static int ms_left(double t0, double limit)
{
	double left = (limit - (hs_now() - t0)) * 1000;
	if (left < 1)
		return 1;
	return left > INT_MAX ? INT_MAX : (int)left;
}

static int plan_oracle(const struct hs_instance *in, const struct hs_optvals *o,
		       struct hs_schedule *out, struct hs_ctx *ctx, int energy, const char *name)
{
	double limit = hs_opt_double(o, "time_limit"), gap_tol = hs_opt_double(o, "mip_gap");
	int sym = hs_opt_bool(o, "symmetry");
	if (!(limit > 0)) {
		hs_ctx_error(ctx, "option time_limit: %g must be > 0", limit);
		return -1;
	}
	if (!(gap_tol >= 0)) {
		hs_ctx_error(ctx, "option mip_gap: %g must be >= 0", gap_tol);
		return -1;
	}
	struct ilp I;
	memset(&I, 0, sizeof I);
	I.in = in;
	I.energy = energy;
	I.n = in->ntasks;
	for (int j = 0; j < I.n; j++)
		if (in->tasks[j].release > 0) {
			hs_ctx_task_error(ctx, &in->tasks[j],
					  "release=%g: the oracles model tasks that are all ready at 0",
					  in->tasks[j].release);
			return -1;
		}
	build_procs(&I);
	for (int j = 0; j < I.n; j++) {
		int ok = 0;
		for (int p = 0; p < I.np && !ok; p++)
			ok = isfinite(I.d[(size_t)p * I.n + j]);
		if (!ok) {
			hs_ctx_task_error(ctx, &in->tasks[j],
					  "can run neither on one core nor on a GPU of this platform");
			free(I.proc);
			free(I.d);
			return -1;
		}
	}
	double t0 = hs_now();
	int *on = hs_malloc((size_t)(I.n ? I.n : 1) * sizeof *on);
	heuristic(&I, on, t0 + limit * 0.25);
	if (sym)
		order_by_load(&I, on);
	double heur_val = assign_value(&I, on, NULL);
	I.bound = cheap_bound(&I);

	/* ---- the integer program ---- */
	int ncol = 1;
	for (size_t k = 0; k < (size_t)I.np * I.n; k++)
		ncol += isfinite(I.d[k]);
	I.ncol = ncol;
	I.colp = hs_malloc((size_t)(ncol + 1) * sizeof *I.colp);
	I.colj = hs_malloc((size_t)(ncol + 1) * sizeof *I.colj);
	I.x0 = hs_calloc((size_t)ncol + 1, sizeof *I.x0);
	glp_prob *lp = glp_create_prob();
	glp_set_obj_dir(lp, GLP_MIN);
	glp_add_cols(lp, ncol);
	glp_set_col_bnds(lp, 1, GLP_LO, 0, 0);
	double idle = 0;
	for (int p = 0; p < I.np; p++)
		idle += I.proc[p].pi;
	glp_set_obj_coef(lp, 1, energy ? idle : 1);
	/* rows: tasks 1..n, loads n+1..n+np, then symmetry rows */
	glp_add_rows(lp, I.n + I.np);
	for (int j = 0; j < I.n; j++)
		glp_set_row_bnds(lp, j + 1, GLP_FX, 1, 1);
	for (int p = 0; p < I.np; p++)
		glp_set_row_bnds(lp, I.n + p + 1, GLP_UP, 0, 0);
	size_t nz = (size_t)3 * ncol + (size_t)2 * I.np * I.n + 8;
	int *ia = hs_malloc(nz * sizeof *ia), *ja = hs_malloc(nz * sizeof *ja);
	double *ar = hs_malloc(nz * sizeof *ar);
	size_t k = 0;
	int c = 1;
	int *colof = hs_malloc((size_t)(I.np ? I.np : 1) * (size_t)(I.n ? I.n : 1) * sizeof *colof);
	for (int p = 0; p < I.np; p++)
		for (int j = 0; j < I.n; j++) {
			double dd = I.d[(size_t)p * I.n + j];
			colof[(size_t)p * I.n + j] = 0;
			if (!isfinite(dd))
				continue;
			c++;
			colof[(size_t)p * I.n + j] = c;
			I.colp[c] = p;
			I.colj[c] = j;
			glp_set_col_kind(lp, c, GLP_BV);
			glp_set_obj_coef(lp, c, energy ? dd * (I.proc[p].pb - I.proc[p].pi) : 0);
			k++, ia[k] = j + 1, ja[k] = c, ar[k] = 1;
			k++, ia[k] = I.n + p + 1, ja[k] = c, ar[k] = dd;
			I.x0[c] = on[j] == p;
		}
	for (int p = 0; p < I.np; p++)
		k++, ia[k] = I.n + p + 1, ja[k] = 1, ar[k] = -1;
	int nsym = 0;
	if (sym)
		for (int p = 1; p < I.np; p++) {
			if (I.proc[p].cls != I.proc[p - 1].cls)
				continue;
			int r = glp_add_rows(lp, 1);
			glp_set_row_bnds(lp, r, GLP_LO, 0, 0);
			nsym++;
			for (int j = 0; j < I.n; j++) {
				int a = colof[(size_t)(p - 1) * I.n + j], b = colof[(size_t)p * I.n + j];
				if (a)
					k++, ia[k] = r, ja[k] = a, ar[k] = I.d[(size_t)(p - 1) * I.n + j];
				if (b)
					k++, ia[k] = r, ja[k] = b, ar[k] = -I.d[(size_t)p * I.n + j];
			}
		}
	glp_load_matrix(lp, (int)k, ia, ja, ar);
	free(ia);
	free(ja);
	free(ar);
	free(colof);
	{
		double sys;
		assign_value(&I, on, &sys);
		I.x0[1] = sys;
	}

	int old_term = glp_term_out(GLP_OFF);
	glp_scale_prob(lp, GLP_SF_AUTO);
	glp_smcp sm;
	glp_init_smcp(&sm);
	sm.msg_lev = GLP_MSG_OFF;
	sm.tm_lim = ms_left(t0, limit);
	int lp_ret = glp_simplex(lp, &sm);
	const char *status = "feasible", *reason = "time_limit";
	int mip_ret = -1, have_mip = 0;
	double root = NAN;
	if (lp_ret == 0 && glp_get_status(lp) == GLP_OPT) {
		root = glp_get_obj_val(lp);
		if (root > I.bound)
			I.bound = root;
		glp_iocp io;
		glp_init_iocp(&io);
		io.msg_lev = GLP_MSG_OFF;
		io.tm_lim = ms_left(t0, limit);
		io.mip_gap = gap_tol;
		io.cb_func = callback;
		io.cb_info = &I;
		io.presolve = GLP_OFF;
		mip_ret = glp_intopt(lp, &io);
		int st = glp_mip_status(lp);
		have_mip = st == GLP_OPT || st == GLP_FEAS;
		if (mip_ret == 0 && st == GLP_OPT) {
			status = "optimal";
			reason = NULL;
		} else if (mip_ret == GLP_EMIPGAP) {
			reason = "mip_gap";
		} else if (mip_ret != GLP_ETMLIM) {
			reason = "solver_stopped";
		}
	} else if (lp_ret != 0 && lp_ret != GLP_ETMLIM) {
		reason = "solver_stopped";
	}
	glp_term_out(old_term);

	double value = heur_val;
	if (have_mip) {
		double mv = glp_mip_obj_val(lp);
		if (mv <= heur_val || !strcmp(status, "optimal")) {
			for (int cc = 2; cc <= ncol; cc++)
				if (glp_mip_col_val(lp, cc) > 0.5)
					on[I.colj[cc]] = I.colp[cc];
			value = assign_value(&I, on, NULL);
		}
	}
	glp_delete_prob(lp);
	int optimal = !strcmp(status, "optimal");
	double bound = optimal ? value : I.bound;
	if (bound > value)
		bound = value; /* rounding of GLPK's bound */
	double gap = value > 0 ? (value - bound) / value : 0;

	/* ---- the schedule: each processor's tasks back to back ---- */
	double *t_end = hs_calloc((size_t)(I.np ? I.np : 1), sizeof *t_end);
	for (int j = 0; j < I.n; j++) {
		const struct proc *p = &I.proc[on[j]];
		double s = t_end[on[j]], e = s + I.d[(size_t)on[j] * I.n + j];
		t_end[on[j]] = e;
		if (p->gpu)
			hs_schedule_add(out, j, p->node, NULL, 0, &p->unit, 1, s, e);
		else
			hs_schedule_add(out, j, p->node, &p->unit, 1, NULL, 0, s, e);
	}
	free(t_end);

	hs_ctx_prov(ctx, "status", "%s", status);
	if (reason)
		hs_ctx_prov(ctx, "stopped", "%s", reason);
	hs_ctx_prov(ctx, "objective", "%s", energy ? "energy" : "makespan");
	hs_ctx_prov(ctx, "value", "%.17g", value);
	hs_ctx_prov(ctx, "bound", "%.17g", bound);
	hs_ctx_prov(ctx, "gap", "%.6g", gap);
	if (!isnan(root))
		hs_ctx_prov(ctx, "root_bound", "%.17g", root);
	hs_ctx_prov(ctx, "heuristic", "%.17g", heur_val);
	hs_ctx_prov(ctx, "solve_time", "%.3f", hs_now() - t0);
	hs_ctx_prov(ctx, "variables", "%d", ncol);
	hs_ctx_prov(ctx, "symmetry_rows", "%d", nsym);
	{
		struct hs_energy_metrics m;
		hs_energy_metrics(in, out, 1, &m);
		hs_ctx_prov(ctx, "est_makespan", "%.17g", m.system_time);
		hs_ctx_prov(ctx, "est_energy", "%.17g", m.e_all);
		hs_ctx_prov(ctx, "est_edp", "%.17g", m.edp);
	}
	if (!optimal)
		hs_warn("%s: %s, gap %.3g%%; bound %.10g; the schedule is not proven optimal", name,
			!strcmp(reason, "time_limit") ? "time limit reached"
			: !strcmp(reason, "mip_gap")  ? "stopped at the MIP gap tolerance"
						      : "solver stopped",
			gap * 100, bound);
	free(on);
	free(I.proc);
	free(I.d);
	free(I.colp);
	free(I.colj);
	free(I.x0);
	return 0;
}

static int plan_makespan(const struct hs_instance *in, const struct hs_optvals *o,
			 struct hs_schedule *out, struct hs_ctx *ctx)
{
	return plan_oracle(in, o, out, ctx, 0, "opt-makespan");
}

static int plan_energy(const struct hs_instance *in, const struct hs_optvals *o,
		       struct hs_schedule *out, struct hs_ctx *ctx)
{
	return plan_oracle(in, o, out, ctx, 1, "opt-energy");
}

static const struct hs_option opts[] = {
	{ "time_limit", HS_OPT_DOUBLE, "60", "seconds for GLPK (LP and branch and bound together)", NULL },
	{ "mip_gap", HS_OPT_DOUBLE, "0", "stop at this relative gap (the result is then not optimal)", NULL },
	{ "symmetry", HS_OPT_BOOL, "1", "order interchangeable processors by load (smaller search)", NULL },
	{ NULL, 0, NULL, NULL, NULL },
};

static const struct hs_algo algo_makespan = {
	sizeof(struct hs_algo), "opt-makespan",
	"ILP (GLPK) of Hamano et al. 5.2.4: minimum makespan of sequential tasks on cores/GPUs",
	opts, plan_makespan, NULL, NULL, 0,
};
static const struct hs_algo algo_energy = {
	sizeof(struct hs_algo), "opt-energy",
	"ILP (GLPK) of Hamano et al. 5.2.4: minimum energy (eqs. 2-3) on cores/GPUs",
	opts, plan_energy, NULL, NULL, 0,
};

static const struct hs_algo *const algos[] = { &algo_makespan, &algo_energy, NULL };

HS_PLUGIN_DEFINE(oracle, "1.0", "optimal CPU/GPU assignments by integer programming (GLPK)", NULL,
		 NULL, algos);
