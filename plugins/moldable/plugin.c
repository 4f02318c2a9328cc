/* moldable/plugin.c - the hs glue of the plugin family "moldable":
 * instance -> problem, options (the paper preset), plan records,
 * provenance, the algorithms and the plugin descriptor. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "hs/plugin.h"
#include "hs/util.h"
#include "moldable.h"

/* Where the returned schedule comes from (FROM_*): the prov "best" */
static const char *const from_name[] = {"guess", "heft-lpt-seq", "heft-ratio-seq", "heft-lpt-par"};

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
	mold_sched_init(&S, M.n);
	int r = ilp ? mold_approx32(&M, &P, &S, &ss) : mold_approx2(&M, &P, &S, &ss);
	if (r != 0)
		hs_ctx_error(ctx, "%s", ilp ? "the ILP solver failed (GLPK); -o verbose shows its messages" :
					      "the search failed (internal error)");
	else {
		write_plan(&S, out);
		prov_stats(ctx, &ss, ilp, adapted);
		warn_guarantee(ilp ? "approx32" : "approx2", &P, &ss, ilp ? 1.5 : 2);
	}
	mold_sched_release(&S);
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
	mold_sched_init(&S, M.n);
	double t0 = mold_now_s(), c0 = mold_cpu_s();
	mold_heft(&M, pr, par, &S);
	hs_ctx_prov(ctx, "algo_time", "%.6f", mold_now_s() - t0);
	hs_ctx_prov(ctx, "algo_cpu", "%.6f", mold_cpu_s() - c0);
	write_plan(&S, out);
	mold_sched_release(&S);
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
