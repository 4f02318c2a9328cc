/* sim/engine.c - the event-driven flow-level simulator (hs/sim.h).
 *
 * Every task becomes an activity before the run: a delay (fixed
 * duration) or a parallel task (elements on the sharing system's
 * constraints, a bound, a latency).  Events (starts, latency ends,
 * completions, walltime kills) come out of a heap in time order; all the
 * events of one date are applied first (completions, then kills, latency
 * ends, starts), then the sharing system re-solves
 * the part they touched and only the activities whose rate may have
 * changed are brought up to date: each keeps the date and the remaining
 * work of its last update, so nothing is swept per event.
 *
 * Cores and GPUs are resources of the sharing system too, but only once
 * two running tasks hold one at the same time (the plan's after lists
 * allowed it): alone on its core a process is bounded by the core's speed
 * already, so the constraint and its elements are made then, and the
 * overlap is reported. */
#include "hs/sim.h"
#include "hs/maxmin.h"
#include "hs/metrics.h"
#include "hs/net.h"
#include "hs/util.h"
#include "util/heap.h"
#include "data.h"
#include "gpushare.h"
#include "links.h"
#include "lost.h"
#include "model/ids.h"
#include "routes.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Events besides completions; at one date completions come first, then
 * these in this order.  Timers belong to a driver (hs_sim_hooks). */
enum { EV_KILL, EV_LAT, EV_START, EV_TIMER };

enum { ACT_NONE, ACT_DELAY, ACT_FLOW };
enum { ST_WAITING, ST_LATENCY, ST_RUNNING, ST_ENDED, ST_FETCH /* waiting for its data */ };

/* SimGrid ends an action whose remaining work (out of 1) is below
 * sg_maxmin_precision * sg_surf_precision. */
#define REMAINS_PRECISION 1e-14

struct act {
	int kind, state;
	int fail;          /* delay: the model cannot run it: it fails at once */
	int work;          /* flow: something to compute or send */
	double dur;        /* delay: the model's duration */
	double lat, bound; /* flow: latency, rate bound (+inf: none) */
	int el0, nel;      /* flow: elements in sim.el_c / el_w */
	int var;           /* sharing variable while running, or -1 */
	int holds;         /* it holds its cores and GPUs (run.occ) */
	int gpu;           /* delay: on one GPU worker: 1 counted on its device (--gpu
			    * shared), 2 also shared (gpu_alone=): dur is its time alone */
	double rem, rate, last;
	double progress;   /* once ended: the fraction of its work done */
	int overlap;       /* a core or GPU of it was held by another as it started */
	double t0;         /* when its work began (after its data came) */
};

struct sim {
	const struct hs_instance *in;
	const struct hs_sim_opts *o;
	struct hs_net net;
	struct hs_sim_routes routes;
	struct act *a;
	int n;
	int *el_c;
	double *el_w;
	int nel, capel;
	int cpu0;          /* constraint of node j's CPU: cpu0 + j */
	int *res0;         /* per node: index of its first core; its GPUs follow */
	int nres;
	int watts;         /* some node draws power when busy, or did (else a task's is 0) */
	/* scratch for building activities */
	double *lw;        /* per link: the task's weight */
	int *touched, ntouched;
	int *local;        /* per node: index among the task's nodes, or -1 */
	int *pnode;        /* per process: its task-local node */
	int *lnodes, *lcount;
	double *psum, *pmax;
	int cap_proc, cap_pair;
};

void hs_sim_opts_default(struct hs_sim_opts *o)
{
	memset(o, 0, sizeof *o);
	o->solver = HS_SIM_BOTTLENECK;
	o->tcp_gamma = HS_SIM_TCP_GAMMA;
	o->energy = HS_SIM_ENERGY_HOST;
}

static void add_elem(struct sim *S, int c, double w)
{
	if (S->nel == S->capel) {
		S->capel = S->capel ? 2 * S->capel : 1024;
		S->el_c = hs_reallocarray(S->el_c, S->capel, sizeof *S->el_c);
		S->el_w = hs_reallocarray(S->el_w, S->capel, sizeof *S->el_w);
	}
	S->el_c[S->nel] = c;
	S->el_w[S->nel++] = w;
}

static void scratch_procs(struct sim *S, int P)
{
	if (P <= S->cap_proc)
		return;
	S->cap_proc = P;
	S->pnode = hs_reallocarray(S->pnode, P, sizeof *S->pnode);
	S->lnodes = hs_reallocarray(S->lnodes, P, sizeof *S->lnodes);
	S->lcount = hs_reallocarray(S->lcount, P, sizeof *S->lcount);
}

/* The bytes between the task's nodes: psum[u*K+v] in all, pmax[u*K+v]
 * the most one pair of processes sends (the TCP gamma bound and fatpipes
 * look at single flows). */
static void node_pairs(struct sim *S, const struct hs_task *t, int P, int K)
{
	if ((long)K * K > S->cap_pair) {
		S->cap_pair = K * K;
		S->psum = hs_reallocarray(S->psum, S->cap_pair, sizeof *S->psum);
		S->pmax = hs_reallocarray(S->pmax, S->cap_pair, sizeof *S->pmax);
	}
	memset(S->psum, 0, (size_t)K * K * sizeof *S->psum);
	memset(S->pmax, 0, (size_t)K * K * sizeof *S->pmax);
	if (t->ncomm == 1) {
		double c = t->comm[0];
		if (!(c > 0))
			return;
		for (int u = 0; u < K; u++)
			for (int v = 0; v < K; v++) {
				double pairs = (double)S->lcount[u] * (u == v ? S->lcount[u] - 1 : S->lcount[v]);
				if (pairs > 0) {
					S->psum[u * K + v] = c * pairs;
					S->pmax[u * K + v] = c;
				}
			}
		return;
	}
	for (int i = 0; i < P; i++)
		for (int j = 0; j < P; j++) {
			double b = t->comm[(long)i * P + j];
			if (b > 0) {
				int k = S->pnode[i] * K + S->pnode[j];
				S->psum[k] += b;
				S->pmax[k] = fmax(S->pmax[k], b);
			}
		}
}

/* Turn task i on placement p into a parallel task.  Returns the number of
 * problems reported. */
static int build_flow(struct sim *S, int i, const struct hs_placement *p, int P)
{
	const struct hs_instance *in = S->in;
	const struct hs_platform *pl = &in->plat;
	const struct hs_task *t = &in->tasks[i];
	struct act *a = &S->a[i];
	int problems = 0;
	if (t->ncomp > 1 && t->ncomp != P) {
		hs_error_at(hs_sim_input(in), hs_sim_line(t),
			    "task %s: comp has %d values but its allotment has %d cores (give 1 or %d)",
			    t->id, t->ncomp, P, P);
		problems++;
	}
	if (t->ncomm > 1 && (long)t->ncomm != (long)P * P) {
		hs_error_at(hs_sim_input(in), hs_sim_line(t),
			    "task %s: comm has %d values but its allotment has %d cores (give 1 or %ld)",
			    t->id, t->ncomm, P, (long)P * P);
		problems++;
	}
	if (problems)
		return problems;

	a->kind = ACT_FLOW;
	a->bound = INFINITY;
	a->el0 = S->nel;
	scratch_procs(S, P);
	int np = 0, K = 0;
	for (int k = 0; k < p->nparts; k++) {
		const struct hs_part *pt = &p->parts[k];
		const struct hs_node *nd = &pl->nodes[pt->node];
		if (S->local[pt->node] < 0) {
			S->local[pt->node] = K;
			S->lnodes[K] = pt->node;
			S->lcount[K++] = 0;
		}
		for (int c = 0; c < pt->ncores; c++, np++) {
			double comp = t->ncomp == 0 ? 0 : t->comp[t->ncomp == 1 ? 0 : np];
			S->pnode[np] = S->local[pt->node];
			S->lcount[S->local[pt->node]]++;
			if (comp > 0 && !isfinite(comp / nd->flops)) {
				char c[HS_NUMBUF], f[HS_NUMBUF];
				hs_error_at(hs_sim_input(in), hs_sim_line(t),
					    "task %s: %s flop at %s flop/s on node %s: a duration beyond "
					    "1.8e308 s (durations that overflow are an input error)",
					    t->id, hs_fmt_double(c, comp), hs_fmt_double(f, nd->flops),
					    nd->id);
				problems++;
			}
			if (comp > 0) {
				/* A process has one core: r * comp <= flops. */
				a->bound = fmin(a->bound, nd->flops / comp);
				a->work = 1;
				/* And shares its node's CPU, cores * flops. */
				add_elem(S, S->cpu0 + pt->node, comp);
			}
		}
	}
	double latb = 0;
	if (t->ncomm > 0) {
		node_pairs(S, t, P, K);
		for (int u = 0; u < K && !problems; u++)
			for (int v = 0; v < K; v++) {
				double sum = S->psum[u * K + v], mx = S->pmax[u * K + v];
				if (!(sum > 0))
					continue;
				const int *links;
				int nlinks;
				double lat;
				if (hs_sim_route(&S->routes, S->lnodes[u], S->lnodes[v], &links, &nlinks,
						 &lat) < 0) {
					hs_error_at(hs_sim_input(in), hs_sim_line(t),
						    "task %s: no route from node %s to node %s", t->id,
						    pl->nodes[S->lnodes[u]].id, pl->nodes[S->lnodes[v]].id);
					problems++;
					break;
				}
				a->lat = fmax(a->lat, lat);
				latb = fmax(latb, lat * mx);
				for (int k = 0; k < nlinks; k++) {
					int l = links[k];
					if (S->lw[l] == 0)
						S->touched[S->ntouched++] = l;
					/* A fatpipe carries each flow alone. */
					if (S->net.links[l].sharing == HS_LINK_FATPIPE)
						S->lw[l] = fmax(S->lw[l], mx);
					else
						S->lw[l] += sum;
				}
			}
	}
	for (int k = 0; k < S->ntouched; k++) {
		int l = S->touched[k];
		/* Bytes that add up beyond a double, or that take longer than
		 * one says, would end the task at once or never. */
		const struct hs_link *ln = &S->net.links[l];
		if (!problems && !isfinite(S->lw[l] / ln->bw)) {
			char w[HS_NUMBUF], b[HS_NUMBUF];
			if (isfinite(S->lw[l]))
				hs_error_at(hs_sim_input(in), hs_sim_line(t),
					    "task %s: %s bytes over link %s of %s B/s: a duration beyond "
					    "1.8e308 s (durations that overflow are an input error)",
					    t->id, hs_fmt_double(w, S->lw[l]), ln->id,
					    hs_fmt_double(b, ln->bw));
			else
				hs_error_at(hs_sim_input(in), hs_sim_line(t),
					    "task %s: its comm values over link %s add up beyond "
					    "1.8e308 bytes (durations that overflow are an input error)",
					    t->id, ln->id);
			problems++;
		}
		add_elem(S, l, S->lw[l]);
		S->lw[l] = 0;
		a->work = 1;
	}
	S->ntouched = 0;
	for (int u = 0; u < K; u++)
		S->local[S->lnodes[u]] = -1;
	if (latb > 0) {
		if (S->o->tcp_gamma > 0)
			a->bound = fmin(a->bound, S->o->tcp_gamma / (2 * latb));
		else if (S->o->solver == HS_SIM_SIMGRID)
			a->bound = INFINITY; /* SimGrid's bound 0 means none */
	}
	a->nel = S->nel - a->el0;
	return problems;
}

/* Cores and GPUs, numbered node by node. */
static void number_resources(struct sim *S)
{
	const struct hs_platform *pl = &S->in->plat;
	S->res0 = hs_malloc((pl->nnodes + 1) * sizeof *S->res0);
	S->nres = 0;
	for (int j = 0; j < pl->nnodes; j++) {
		S->res0[j] = S->nres;
		S->nres += pl->nodes[j].cores + pl->nodes[j].gpus;
		S->watts |= pl->nodes[j].cpu_busy != 0 || pl->nodes[j].gpu_busy != 0;
	}
}

/* Everything but the activities: the network, the scratch arrays. */
static int build_begin(struct sim *S)
{
	const struct hs_instance *in = S->in;
	const struct hs_platform *pl = &in->plat;
	if (hs_net_build(&S->net, in) < 0)
		return 1;
	int nlinks = S->net.nlinks;
	S->n = in->ntasks;
	S->a = hs_calloc(S->n + 1, sizeof *S->a);
	for (int i = 0; i < S->n; i++)
		S->a[i].var = -1;
	S->lw = hs_calloc(nlinks + 1, sizeof *S->lw);
	S->touched = hs_malloc((nlinks + 1) * sizeof *S->touched);
	S->local = hs_malloc((pl->nnodes + 1) * sizeof *S->local);
	for (int j = 0; j < pl->nnodes; j++)
		S->local[j] = -1;
	S->cpu0 = nlinks;
	number_resources(S);
	hs_sim_routes_init(&S->routes, &S->net, pl->nnodes);
	return 0;
}

/* Task i's activity on placement p: a parallel task or a delay.  Returns
 * the number of problems reported. */
static int build_task(struct sim *S, int i, const struct hs_placement *p)
{
	const struct hs_instance *in = S->in;
	struct act *a = &S->a[i];
	const struct hs_task *t = &in->tasks[i];
	int P = hs_schedule_total_cores(p), G = hs_schedule_total_gpus(p);
	if ((t->ncomp > 0 || t->ncomm > 0) && P > 0 && G == 0 && !S->o->runtime_only)
		return build_flow(S, i, p, P);
	a->kind = ACT_DELAY;
	a->dur = hs_placement_duration(in, t, p);
	a->fail = !isfinite(a->dur);
	a->gpu = 0;
	if (!S->o->gpu_slices && !a->fail && P == 0 && G == 1) {
		a->gpu = 1;
		if (t->gpu_alone > 0) {
			/* its time alone on the whole device, at the GPU's node's speed */
			int k = 0;
			while (!p->parts[k].ngpus)
				k++;
			a->dur = t->gpu_alone / in->plat.nodes[p->parts[k].node].gpu_speed;
			a->gpu = 2;
		}
	}
	return 0;
}

static int build_all(struct sim *S, const struct hs_schedule *plan)
{
	if (build_begin(S))
		return 1;
	int problems = 0;
	for (int i = 0; i < S->n; i++)
		if (i < plan->n && plan->p[i].task == i)
			problems += build_task(S, i, &plan->p[i]);
	return problems;
}

static void sim_release(struct sim *S)
{
	hs_sim_routes_release(&S->routes);
	hs_net_release(&S->net);
	free(S->a);
	free(S->el_c);
	free(S->el_w);
	free(S->lw);
	free(S->touched);
	free(S->local);
	free(S->res0);
	free(S->pnode);
	free(S->lnodes);
	free(S->lcount);
	free(S->psum);
	free(S->pmax);
}

int hs_sim_check(const struct hs_instance *in, const struct hs_schedule *plan,
		 const struct hs_sim_opts *o)
{
	struct sim S = { .in = in, .o = o };
	int problems = build_all(&S, plan);
	sim_release(&S);
	return problems;
}

/* ---------------- the run ---------------- */

/* The running tasks that hold one core or GPU once two or more do (own
 * is OCC_SHARED): in the order they came, the last taking the place of
 * one that leaves. */
struct occ {
	int n, cap;
	int *ids;
};

/* run.own[r]: the one task holding resource r, or one of these.  Most
 * resources have one holder at a time (always, online): one int to read
 * and write per core, the list only where tasks overlap. */
enum { OCC_FREE = -1, OCC_SHARED = -2 };

struct run {
	struct sim *S;
	const struct hs_schedule *plan; /* offline: the plan (NULL online) */
	struct hs_lmm *lmm;
	struct hs_heap ev;      /* kills, latency ends, starts, timers */
	struct hs_iheap done;   /* completion date per running activity */
	struct hs_plan_graph g; /* offline: the plan's order (empty online) */
	const struct hs_sim_hooks *hk; /* online: the driver, else NULL */
	struct hs_schedule *run;
	int *var_act, capva;
	int ended, total;
	long events;
	double now;
	double first_departure; /* opts.check_simgrid: see hs_sim_result */
	struct hs_link_acct links; /* opts.link_stats */
	/* cores and GPUs (sim.res0) */
	int *own;               /* per resource: its holder, OCC_FREE or OCC_SHARED */
	int *node_held;         /* per node: its cores held, a task's each counted */
	int *node_whole;        /* per node: the task that holds all its cores, alone,
				 * with own[] not saying so (held whole), or -1 */
	struct occ *occ;        /* per resource: its holders when OCC_SHARED */
	int *res_cnst;          /* per resource: its constraint, or -1 */
	int *shared, nshared, capsh; /* scratch: a task's resources found shared */
	long overlaps;
	struct hs_lost lost;    /* durations lost to the spacing of dates */
	struct hs_gpushare gs;  /* --gpu shared: the devices and their kernels */
	struct hs_data data;    /* the data model (data.h) */
};

/* What a driver holds: the run, first member (so the two convert). */
struct hs_sim {
	struct run R;
};

static double task_watts(const struct sim *S, const struct hs_placement *r)
{
	const struct hs_instance *in = S->in;
	double w = 0;
	if (!S->watts) /* no part visited: 12.8 million on the whole Curie log */
		return 0;
	for (int k = 0; k < r->nparts; k++) {
		const struct hs_node *nd = &in->plat.nodes[r->parts[k].node];
		w += r->parts[k].ncores * nd->cpu_busy + r->parts[k].ngpus * nd->gpu_busy;
	}
	return w;
}

/* ---------------- cores and GPUs ---------------- */

/* Task i's cores and GPUs, in the order of its parts, its process index
 * k counting both: R's resource r of each in turn (a statement using r
 * and k).  No array made: most visits look at one int per core. */
#define FOR_HELD(R, p, r, k, ...)                                                      \
	do {                                                                           \
		const int *res0_ = (R)->S->res0;                                       \
		const struct hs_node *nodes_ = (R)->S->in->plat.nodes;                 \
		int k = 0, np_ = (p)->nparts;                                          \
		for (const struct hs_part *pt_ = (p)->parts; np_-- > 0; pt_++) {       \
			const int *v_ = pt_->cores;                                    \
			int b_ = res0_[pt_->node], n_ = pt_->ncores;                   \
			for (int c_ = 0; c_ < n_; c_++, k++) {                         \
				int r = b_ + v_[c_];                                   \
				__VA_ARGS__;                                           \
			}                                                              \
			v_ = pt_->gpus;                                                \
			b_ += nodes_[pt_->node].cores;                                 \
			n_ = pt_->ngpus;                                               \
			for (int c_ = 0; c_ < n_; c_++, k++) {                         \
				int r = b_ + v_[c_];                                   \
				__VA_ARGS__;                                           \
			}                                                              \
		}                                                                      \
	} while (0)

/* The node of resource r: the last whose first resource is <= r. */
static int res_node(const struct sim *S, int r)
{
	int lo = 0, hi = S->in->plat.nnodes - 1;
	while (lo < hi) {
		int mid = lo + (hi - lo + 1) / 2;
		if (S->res0[mid] <= r)
			lo = mid;
		else
			hi = mid - 1;
	}
	return lo;
}

/* Task i's use of resource r (its process k) per unit of rate: the
 * weight of its element there.  A process's comp on its core; a delay
 * of d seconds uses each of its cores and GPUs whole, flops * d (a
 * node's GPUs count in its flops too). */
static double held_weight(const struct run *R, int i, int r, int k)
{
	const struct sim *S = R->S;
	const struct act *a = &S->a[i];
	const struct hs_task *t = &S->in->tasks[i];
	if (a->kind == ACT_DELAY)
		return S->in->plat.nodes[res_node(S, r)].flops * a->dur;
	/* a parallel task runs on cores only */
	return t->ncomp == 0 ? 0 : t->comp[t->ncomp == 1 ? 0 : k];
}

/* The name of resource r, for messages. */
static void res_name(const struct run *R, int r, char *buf, size_t size)
{
	const struct hs_platform *pl = &R->S->in->plat;
	int j = res_node(R->S, r);
	int k = r - R->S->res0[j];
	if (k < pl->nodes[j].cores)
		snprintf(buf, size, "core %d of node %s", k, pl->nodes[j].id);
	else
		snprintf(buf, size, "GPU %d of node %s", k - pl->nodes[j].cores, pl->nodes[j].id);
}

/* At most this many overlaps are reported one by one. */
#define OVERLAPS_SHOWN 10

static void report_overlap(struct run *R, int i, int j, int r, double now)
{
	if (++R->overlaps > OVERLAPS_SHOWN)
		return;
	const struct hs_instance *in = R->S->in;
	char where[160], ni[HS_NUMBUF], nj[HS_NUMBUF], ei[HS_NUMBUF], ej[HS_NUMBUF], t[HS_NUMBUF];
	res_name(R, r, where, sizeof where);
	if (!R->plan) {
		hs_error_at(hs_sim_input(in), 0, "warning: tasks %s and %s share %s from %s s",
			    in->tasks[j].id, in->tasks[i].id, where, hs_fmt_double(t, now));
		return;
	}
	const struct hs_placement *pi = &R->plan->p[i], *pj = &R->plan->p[j];
	hs_error_at(hs_sim_input(in), 0,
		    "warning: tasks %s and %s share %s from %s s: the plan has them at "
		    "[%s, %s] and [%s, %s] but no after list orders them",
		    in->tasks[j].id, in->tasks[i].id, where, hs_fmt_double(t, now),
		    hs_fmt_double(nj, pj->start), hs_fmt_double(ej, pj->end), hs_fmt_double(ni, pi->start),
		    hs_fmt_double(ei, pi->end));
}

/* The constraint of resource r: its node's flops per second (per core,
 * and per GPU for the delays on it). */
static int res_cnst(struct run *R, int r)
{
	if (R->res_cnst[r] < 0)
		R->res_cnst[r] =
			hs_lmm_add_constraint(R->lmm, R->S->in->plat.nodes[res_node(R->S, r)].flops, 0);
	return R->res_cnst[r];
}

/* Give running task i's variable an element on each of its resources
 * that another task holds too. */
static void share_held(struct run *R, int i)
{
	int var = R->S->a[i].var;
	const struct hs_placement *p = &R->run->p[i];
	FOR_HELD(R, p, r, k, {
		if (R->own[r] == OCC_SHARED)
			hs_lmm_expand(R->lmm, var, res_cnst(R, r), held_weight(R, i, r, k));
	});
}

static void set_var(struct run *R, int i, int var)
{
	R->S->a[i].var = var;
	if (var >= R->capva) {
		R->capva = 2 * var + 64;
		R->var_act = hs_reallocarray(R->var_act, R->capva, sizeof *R->var_act);
	}
	R->var_act[var] = i;
}

/* A delay that must share a core or GPU becomes a variable: the rest of
 * its time at rate 1/d, bounded there. */
static void delay_var(struct run *R, int i, double now)
{
	struct act *a = &R->S->a[i];
	set_var(R, i, hs_lmm_add_variable(R->lmm, 1 / a->dur, NULL, NULL, 0));
	a->rem = (R->done.key[i] - now) / a->dur;
	a->rate = 0;
	a->last = now;
	/* Its completion comes from its rate, after the next solve. */
	hs_iheap_remove(&R->done, i);
	share_held(R, i);
}

/* Whether part pt holds all nc cores of its node: the set 0..nc-1. */
static int whole_node(const struct hs_part *pt, int nc)
{
	return pt->ncores == nc && nc > 0 && pt->cores[0] == 0 && hs_ids_is_run(pt->cores, nc);
}

/* Node j's cores, held whole by one task (node_whole), are written as
 * its in own[] before another task holds some of them: then they are
 * looked at one by one, overlaps and all.  A node mostly goes whole from
 * one task to the next: its cores are not looked at at all. */
static void unwhole(struct run *R, int j)
{
	int t = R->node_whole[j];
	if (t < 0)
		return;
	int b = R->S->res0[j], nc = R->S->in->plat.nodes[j].cores;
	for (int c = 0; c < nc; c++)
		R->own[b + c] = t;
	R->node_whole[j] = -1;
}

/* Resource r, held by others already, is held by task i too: the
 * overlap is reported (with each other holder) and r noted as shared. */
static void hold_shared(struct run *R, int i, int r, double now)
{
	struct occ *o = &R->occ[r];
	if (R->own[r] >= 0) { /* its second holder: the list begins */
		o->n = 0;
		if (o->cap == 0) {
			o->cap = 2;
			o->ids = hs_reallocarray(o->ids, o->cap, sizeof *o->ids);
		}
		o->ids[o->n++] = R->own[r];
		R->own[r] = OCC_SHARED;
	}
	for (int m = 0; m < o->n; m++)
		report_overlap(R, i, o->ids[m], r, now);
	if (o->n == o->cap) {
		o->cap = o->cap ? 2 * o->cap : 2;
		o->ids = hs_reallocarray(o->ids, o->cap, sizeof *o->ids);
	}
	o->ids[o->n++] = i;
	if (R->nshared == R->capsh) {
		R->capsh = R->capsh ? 2 * R->capsh : 64;
		R->shared = hs_reallocarray(R->shared, R->capsh, sizeof *R->shared);
	}
	R->shared[R->nshared++] = r;
}

/* Task i starts holding its cores and GPUs: where another task holds one
 * too, they share it (a constraint) and the overlap is reported.  Tasks
 * that end as they start hold nothing.  Returns whether a resource of i
 * is shared. */
static int hold(struct run *R, int i, double now)
{
	struct act *a = &R->S->a[i];
	if (a->kind == ACT_DELAY ? a->fail || !(a->dur > 0) : !a->work)
		return 0;
	a->holds = 1;
	const struct hs_placement *p = &R->run->p[i];
	int *own = R->own;
	R->nshared = 0;
	for (int k = 0; k < p->nparts; k++) {
		const struct hs_part *pt = &p->parts[k];
		int j = pt->node, b = R->S->res0[j], nc = R->S->in->plat.nodes[j].cores;
		if (whole_node(pt, nc) && R->node_held[j] == 0) {
			R->node_whole[j] = i; /* no core of it to look at */
		} else {
			unwhole(R, j);
			for (int c = 0; c < pt->ncores; c++) {
				int r = b + pt->cores[c];
				if (own[r] == OCC_FREE)
					own[r] = i;
				else
					hold_shared(R, i, r, now);
			}
		}
		R->node_held[j] += pt->ncores;
		for (int g = 0; g < pt->ngpus; g++) {
			int r = b + nc + pt->gpus[g];
			if (own[r] == OCC_FREE)
				own[r] = i;
			else
				hold_shared(R, i, r, now);
		}
	}
	/* The others on a shared resource get their element now (i gets
	 * its own when its variable is made).  share_held and delay_var do
	 * not change who holds what: the list stays as it is. */
	int nshared = R->nshared;
	for (int k = 0; k < nshared; k++) {
		const struct occ *o = &R->occ[R->shared[k]];
		for (int m = 0; m < o->n; m++) {
			int j = o->ids[m];
			struct act *b = &R->S->a[j];
			if (j == i || b->state != ST_RUNNING)
				continue;
			if (b->var >= 0)
				share_held(R, j);
			else
				delay_var(R, j, now);
		}
	}
	return nshared > 0;
}

/* Task i leaves shared resource r; with one holder left, r is its own
 * again. */
static void leave_shared(struct run *R, int i, int r)
{
	struct occ *o = &R->occ[r];
	for (int m = 0; m < o->n; m++)
		if (o->ids[m] == i) {
			o->ids[m] = o->ids[--o->n];
			break;
		}
	if (o->n == 1)
		R->own[r] = o->ids[0];
	else if (o->n == 0)
		R->own[r] = OCC_FREE;
}

/* Task i leaves resource r. */
static inline void release_one(struct run *R, int i, int r)
{
	if (R->own[r] == i)
		R->own[r] = OCC_FREE;
	else if (R->own[r] == OCC_SHARED)
		leave_shared(R, i, r);
}

/* Task i ends: it leaves its cores and GPUs. */
static void release_held(struct run *R, int i)
{
	if (!R->S->a[i].holds)
		return;
	R->S->a[i].holds = 0;
	const struct hs_placement *p = &R->run->p[i];
	for (int k = 0; k < p->nparts; k++) {
		const struct hs_part *pt = &p->parts[k];
		int j = pt->node, b = R->S->res0[j], nc = R->S->in->plat.nodes[j].cores;
		R->node_held[j] -= pt->ncores;
		if (R->node_whole[j] == i) /* its only part there: held whole */
			R->node_whole[j] = -1;
		else
			for (int c = 0; c < pt->ncores; c++)
				release_one(R, i, b + pt->cores[c]);
		for (int g = 0; g < pt->ngpus; g++)
			release_one(R, i, b + nc + pt->gpus[g]);
	}
}

/* ---------------- activities ---------------- */

static void add_var(struct run *R, int i, double now)
{
	struct sim *S = R->S;
	struct act *a = &S->a[i];
	a->state = ST_RUNNING;
	set_var(R, i, hs_lmm_add_variable(R->lmm, a->bound, S->el_c + a->el0, S->el_w + a->el0, a->nel));
	a->rem = 1;
	a->rate = 0;
	a->last = now;
	if (a->holds)
		share_held(R, i);
}

/* A shared GPU kernel's new end (gpushare.h). */
static void gs_set_end(void *arg, int task, double end)
{
	struct run *R = arg;
	hs_iheap_set(&R->done, task, end);
}

/* Task i's work begins at now (its data are in place). */
static void begin(struct run *R, int i, double now)
{
	struct act *a = &R->S->a[i];
	const struct hs_task *t = &R->S->in->tasks[i];
	int shared = a->overlap;
	a->t0 = now;
	if (a->kind == ACT_DELAY) {
		a->state = ST_RUNNING;
		hs_iheap_set(&R->done, i, a->fail ? now : hs_lost_end(&R->lost, R->S->in, i, now, a->dur));
		if (a->gpu)
			hs_gpushare_start(&R->gs, i, hs_gpushare_device(&R->gs, R->S->in, &R->run->p[i]),
					  a->gpu == 2 && !shared, a->dur, t->gpu_share, now, gs_set_end, R);
		if (shared)
			delay_var(R, i, now);
	} else if (!a->work && !(a->lat > 0)) {
		a->state = ST_RUNNING;
		hs_iheap_set(&R->done, i, now);
	} else if (a->lat > 0) {
		/* Bytes over a route of latency only (a Vivaldi zone's hosts
		 * have no links) take the latency, as in SimGrid's ptask model. */
		a->state = ST_LATENCY;
		hs_heap_push(&R->ev, now + a->lat, EV_LAT, i);
	} else {
		add_var(R, i, now);
	}
}

/* The tasks whose data came begin. */
static void data_came(struct run *R, double now)
{
	for (int i; (i = hs_data_take_ready(&R->data)) >= 0;)
		if (R->S->a[i].state == ST_FETCH)
			begin(R, i, now);
}

static void start(struct run *R, int i, double now)
{
	struct act *a = &R->S->a[i];
	const struct hs_task *t = &R->S->in->tasks[i];
	R->run->p[i].start = now;
	if (isfinite(now + t->walltime)) /* a kill beyond 1.8e308 s never comes */
		hs_heap_push(&R->ev, now + t->walltime, EV_KILL, i);
	a->overlap = hold(R, i, now);
	if (R->data.on && a->kind == ACT_DELAY && !a->fail) {
		char why[200];
		int w = hs_data_fetch(&R->data, i, &R->run->p[i], now, why, sizeof why);
		if (w < 0) {
			hs_error_at(hs_sim_input(R->S->in), hs_sim_line(t), "warning: task %s fails: %s",
				    t->id, why);
			a->fail = 1;
		} else if (w > 0) {
			a->state = ST_FETCH;
			return;
		}
	}
	begin(R, i, now);
}

/* The fraction of activity i's work done at now (it started): a delay's
 * time elapsed over its duration, a parallel task's work done. */
static double progress_at(const struct run *R, int i, double now)
{
	const struct act *a = &R->S->a[i];
	if (a->state == ST_ENDED)
		return a->progress;
	/* a kernel shared on its device (not one that overlaps another) */
	double shared = a->kind == ACT_DELAY && a->gpu == 2 ? hs_gpushare_progress(&R->gs, i, now) : NAN;
	if (!isnan(shared))
		return shared;
	if (a->kind == ACT_DELAY) {
		if (a->state == ST_FETCH)
			return 0;
		double d = now - a->t0;
		return a->fail ? 0 : a->dur > 0 ? fmin(1, d / a->dur) : 1;
	}
	if (a->state != ST_RUNNING)
		return 0; /* waiting out its latency or for its data */
	double rem = a->var >= 0 && isfinite(a->rate) ? a->rem - a->rate * (now - a->last) : a->rem;
	return !a->work ? 1 : fmin(1, fmax(0, 1 - rem));
}

static void finish(struct run *R, int i, double now, enum hs_state st)
{
	struct sim *S = R->S;
	struct act *a = &S->a[i];
	int began = a->state != ST_FETCH;
	a->progress = st == HS_STATE_DONE ? 1 : progress_at(R, i, now);
	if (a->var >= 0) {
		hs_lmm_remove_variable(R->lmm, a->var);
		a->var = -1;
	}
	release_held(R, i);
	if (a->gpu)
		hs_gpushare_end(&R->gs, i, now, gs_set_end, R);
	a->state = ST_ENDED;
	hs_iheap_remove(&R->done, i);
	struct hs_placement *r = &R->run->p[i];
	r->end = now;
	r->state = st;
	r->energy = (r->end - r->start) * task_watts(S, r);
	if (R->data.on && a->kind == ACT_DELAY) {
		r->fetch = (began ? a->t0 : now) - r->start;
		r->h2d = R->data.h2d[i];
		r->d2h = R->data.d2h[i];
		hs_data_end(&R->data, i, now, st == HS_STATE_DONE);
		data_came(R, now);
	}
	R->ended++;
	if (R->hk) {
		R->hk->ended(R->hk->arg, i, now, st);
		return;
	}
	for (int k = R->g.off[i]; k < R->g.off[i + 1]; k++) {
		int s = R->g.succ[k];
		if (--R->g.indeg[s] == 0)
			hs_heap_push(&R->ev, fmax(now, S->in->tasks[s].release), EV_START, s);
	}
}

/* After a re-solve: bring activity i up to date at now, at its new rate. */
static void rerate(struct run *R, int i, double rate, double now)
{
	struct act *a = &R->S->a[i];
	int first = !(a->rate > 0) && a->rem == 1;
	if (a->rate > 0)
		a->rem = isfinite(a->rate) ? a->rem - a->rate * (now - a->last) : 0;
	a->last = now;
	a->rate = rate;
	if (a->rem <= REMAINS_PRECISION || !isfinite(rate))
		hs_iheap_set(&R->done, i, now);
	else if (rate > 0 && first) /* the whole duration: lost to the date? */
		hs_iheap_set(&R->done, i, hs_lost_end(&R->lost, R->S->in, i, now, a->rem / rate));
	else if (rate > 0)
		hs_iheap_set(&R->done, i, now + a->rem / rate);
	else
		hs_iheap_remove(&R->done, i);
}

/* The next activity to complete at date now: due then, or so close that
 * SimGrid would count it done already; -1 if none. */
static int next_done(const struct run *R, double now)
{
	if (R->done.n == 0)
		return -1;
	int i = hs_iheap_top(&R->done);
	double t = R->done.key[i];
	const struct act *a = &R->S->a[i];
	if (t == now || (a->var >= 0 && (t - now) * a->rate <= REMAINS_PRECISION))
		return i;
	return -1;
}

static void apply(struct run *R, const struct hs_heap_item *it, double now)
{
	int i = it->id;
	if (it->prio == EV_TIMER) {
		R->hk->timer(R->hk->arg, i, now);
		return;
	}
	struct act *a = &R->S->a[i];
	switch (it->prio) {
	case EV_START:
		if (a->state == ST_WAITING)
			start(R, i, now);
		break;
	case EV_LAT:
		if (a->state == ST_LATENCY && a->work) {
			add_var(R, i, now);
		} else if (a->state == ST_LATENCY) {
			a->state = ST_RUNNING;
			hs_iheap_set(&R->done, i, now);
		}
		break;
	case EV_KILL:
		/* Work that ends at the walltime itself (within SimGrid's
		 * precision) counts as done. */
		if (a->state == ST_RUNNING && a->var >= 0 &&
		    a->rem - a->rate * (now - a->last) <= REMAINS_PRECISION)
			finish(R, i, now, HS_STATE_DONE);
		else if (a->state == ST_LATENCY || a->state == ST_RUNNING || a->state == ST_FETCH)
			finish(R, i, now, HS_STATE_KILLED);
		break;
	}
}

/* The sharing system: the links, each node's CPU (SimGrid's host
 * constraint, cores * flops, shared by its processes); the cores and GPUs
 * get theirs when shared (res_cnst). */
static void new_system(struct run *R)
{
	const struct sim *S = R->S;
	R->lmm = hs_lmm_new(S->o->solver == HS_SIM_SIMGRID ? HS_LMM_SIMGRID : HS_LMM_BOTTLENECK);
	for (int l = 0; l < S->net.nlinks; l++)
		hs_lmm_add_constraint(R->lmm, S->net.links[l].bw,
				      S->net.links[l].sharing == HS_LINK_FATPIPE);
	for (int j = 0; j < S->in->plat.nnodes; j++)
		hs_lmm_add_constraint(R->lmm, S->in->plat.nodes[j].cores * S->in->plat.nodes[j].flops, 0);
	if (S->o->check_simgrid)
		hs_lmm_shadow(R->lmm, S->o->solver == HS_SIM_SIMGRID ? HS_LMM_BOTTLENECK : HS_LMM_SIMGRID);
	R->own = hs_malloc((S->nres + 1) * sizeof *R->own);
	R->node_held = hs_calloc(S->in->plat.nnodes + 1, sizeof *R->node_held);
	R->node_whole = hs_malloc((S->in->plat.nnodes + 1) * sizeof *R->node_whole);
	for (int j = 0; j < S->in->plat.nnodes; j++)
		R->node_whole[j] = -1;
	R->occ = hs_calloc(S->nres + 1, sizeof *R->occ);
	R->res_cnst = hs_malloc((S->nres + 1) * sizeof *R->res_cnst);
	for (int r = 0; r < S->nres; r++)
		R->res_cnst[r] = R->own[r] = -1; /* OCC_FREE */
}

/* Free the sharing system; say how many overlaps there were in all when
 * not every one was reported. */
static void release_system(struct run *R)
{
	hs_lost_flush(&R->lost, R->S->in);
	if (R->overlaps > OVERLAPS_SHOWN)
		hs_error_at(hs_sim_input(R->S->in), 0,
			    "warning: %ld overlaps of tasks on a core or GPU in all (%d shown)",
			    R->overlaps, OVERLAPS_SHOWN);
	for (int r = 0; r < R->S->nres; r++)
		free(R->occ[r].ids);
	free(R->occ);
	free(R->own);
	free(R->node_held);
	free(R->node_whole);
	free(R->res_cnst);
	free(R->shared);
	free(R->var_act);
	hs_lmm_free(R->lmm);
}

/* The sharing system, the heaps, the run records' array. */
static void run_begin(struct run *R, struct sim *S, struct hs_schedule *run)
{
	R->S = S;
	R->run = run;
	R->first_departure = INFINITY;
	new_system(R);
	if (S->o->link_stats)
		hs_link_acct_init(&R->links, &S->net);
	hs_heap_init(&R->ev);
	hs_iheap_init(&R->done, S->n);
	memset(&R->gs, 0, sizeof R->gs); /* --gpu slices: nothing shared, nothing kept */
	if (!S->o->gpu_slices)
		hs_gpushare_init(&R->gs, S->in, S->n);
	memset(&R->data, 0, sizeof R->data);
	if (!S->o->no_transfers)
		hs_data_init(&R->data, S->in, S->n);
}

/* Whether something is due at date now: a completion or an event. */
static int due(const struct run *R, double now)
{
	return next_done(R, now) >= 0 || (R->ev.n > 0 && hs_heap_top(&R->ev)->key == now) ||
	       hs_data_next(&R->data) == now;
}

/* The next date is beyond what a double holds: report the task whose end
 * (or latency's end) overflowed.  0 when it is only a driver's timer. */
static int overflowed(const struct run *R)
{
	const struct sim *S = R->S;
	int i = -1, lat = 0;
	if (R->done.n > 0 && !isfinite(R->done.key[hs_iheap_top(&R->done)]))
		i = hs_iheap_top(&R->done);
	else if (R->ev.n > 0 && hs_heap_top(&R->ev)->prio != EV_TIMER)
		i = hs_heap_top(&R->ev)->id, lat = hs_heap_top(&R->ev)->prio == EV_LAT;
	if (i < 0)
		return 0;
	const struct act *a = &S->a[i];
	const struct hs_task *t = &S->in->tasks[i];
	double start = R->run->p[i].start;
	if (lat) {
		hs_lost_overflow(S->in, i, start, "latency", a->lat);
	} else if (a->kind == ACT_DELAY) {
		hs_lost_overflow(S->in, i, start, "duration", a->dur);
	} else {
		char st[HS_NUMBUF], rem[HS_NUMBUF], at[HS_NUMBUF], rate[HS_NUMBUF];
		hs_error_at(hs_sim_input(S->in), hs_sim_line(t),
			    "task %s: started at %s, with %s of its work left at %s at a rate of %s "
			    "of it per second it ends beyond 1.8e308 s (dates that overflow are an "
			    "input error)",
			    t->id, hs_fmt_double(st, start), hs_fmt_double(rem, a->rem),
			    hs_fmt_double(at, a->last), hs_fmt_double(rate, a->rate));
	}
	return 1;
}

/* Date by date: apply everything due (completions, then events), let the
 * driver decide (again while its decisions make more things due at the
 * same date), then re-solve the sharing.  Returns -1 when the driver
 * stops the run, -2 after reporting a date that overflowed. */
static int run_loop(struct run *R, struct hs_sim *sim)
{
	const struct hs_sim_opts *o = R->S->o;
	while (R->ev.n > 0 || R->done.n > 0 || isfinite(hs_data_next(&R->data))) {
		double now = hs_data_next(&R->data);
		if (R->ev.n > 0)
			now = fmin(now, hs_heap_top(&R->ev)->key);
		if (R->done.n > 0)
			now = fmin(now, R->done.key[hs_iheap_top(&R->done)]);
		if (!isfinite(now) && overflowed(R))
			return -2;
		R->now = now;
		do {
			for (;;) {
				int i = next_done(R, now);
				if (i >= 0) {
					finish(R, i, now, R->S->a[i].fail ? HS_STATE_FAILED : HS_STATE_DONE);
				} else if (hs_data_next(&R->data) == now) {
					hs_data_advance(&R->data, now);
					data_came(R, now);
				} else if (R->ev.n > 0 && hs_heap_top(&R->ev)->key == now) {
					struct hs_heap_item it = *hs_heap_top(&R->ev);
					hs_heap_pop(&R->ev);
					apply(R, &it, now);
				} else {
					break;
				}
				if ((++R->events & 1023) == 0 && o->progress)
					o->progress(o->progress_arg, R->ended, R->total, now);
			}
			if (R->hk && R->hk->settle(R->hk->arg, sim, now) < 0)
				return -1;
		} while (R->hk && due(R, now));
		const int *vars;
		if (o->link_stats)
			hs_link_acct_advance(&R->links, now);
		int nv = hs_lmm_solve(R->lmm, &vars);
		if (hs_lmm_departed(R->lmm) && isinf(R->first_departure))
			R->first_departure = now;
		for (int k = 0; k < nv; k++)
			rerate(R, R->var_act[vars[k]], hs_lmm_value(R->lmm, vars[k]), now);
		if (o->link_stats)
			hs_link_acct_measure(&R->links, R->lmm);
	}
	return 0;
}

/* Task i waited for its data to the end: only a GPU memory held full by
 * tasks waiting as it does can cause that. */
static void data_never_came(const struct run *R, int i)
{
	const struct hs_task *t = &R->S->in->tasks[i];
	hs_error_at(hs_sim_input(R->S->in), hs_sim_line(t),
		    "warning: task %s fails: its data never came: its GPU's memory stayed held by "
		    "tasks that waited as it did",
		    t->id);
}

/* Makespan, energy, counters; frees the run's state. */
static void run_end(struct run *R, struct hs_sim_result *res)
{
	const struct hs_instance *in = R->S->in;
	const struct hs_sim_opts *o = R->S->o;
	struct hs_schedule *run = R->run;
	for (int i = 0; i < run->n; i++)
		if (run->p[i].task == i)
			res->makespan = fmax(res->makespan, run->p[i].end);
	res->energy = hs_sim_energy(in, run, res->makespan, o->energy);
	if (o->progress)
		o->progress(o->progress_arg, R->ended, R->total, res->makespan);
	res->events = R->events;
	struct hs_lmm_stats st;
	hs_lmm_stats(R->lmm, &st);
	res->solves = st.solves;
	res->vars_solved = st.vars_solved;
	res->elems_solved = st.elems_solved;
	res->departures = st.departures;
	res->first_departure = R->first_departure;
	if (o->link_stats)
		hs_link_acct_finish(&R->links, res);
	hs_heap_release(&R->ev);
	hs_iheap_release(&R->done);
	hs_gpushare_release(&R->gs);
	hs_data_release(&R->data);
	hs_plan_graph_release(&R->g);
	release_system(R);
}

int hs_sim_run(const struct hs_instance *in, const struct hs_schedule *plan,
	       const struct hs_sim_opts *o, struct hs_schedule *run, struct hs_sim_result *res)
{
	struct sim S = { .in = in, .o = o };
	memset(res, 0, sizeof *res);
	res->first_departure = INFINITY;
	if (build_all(&S, plan) > 0) {
		sim_release(&S);
		hs_schedule_init(run, in->ntasks);
		return -1;
	}
	struct hs_sim sim = { { 0 } };
	struct run *R = &sim.R;
	R->plan = plan;
	run_begin(R, &S, run);
	hs_plan_graph_build(in, plan, &R->g);
	hs_run_from_plan(plan, in->ntasks, run);
	for (int i = 0; i < R->g.n; i++) {
		if (plan->p[i].task != i)
			continue;
		R->total++;
		res->flow_tasks += S.a[i].kind == ACT_FLOW;
		if (R->g.indeg[i] == 0)
			hs_heap_push(&R->ev, in->tasks[i].release, EV_START, i);
	}
	if (run_loop(R, &sim) == -2) {
		run_end(R, res);
		sim_release(&S);
		return -1;
	}
	/* Tasks that never started (on a cycle of after lists, possible only
	 * for a plan not loaded from a stream) fail; an activity left without
	 * any rate (no capacity) fails where it stands. */
	for (int i = 0; i < R->g.n; i++) {
		if (plan->p[i].task != i || S.a[i].state == ST_ENDED)
			continue;
		struct hs_placement *r = &run->p[i];
		if (S.a[i].state == ST_FETCH)
			data_never_came(R, i);
		if (S.a[i].state == ST_WAITING)
			r->start = in->tasks[i].release;
		r->end = r->start;
		r->state = HS_STATE_FAILED;
		r->energy = 0;
	}
	run_end(R, res);
	sim_release(&S);
	return 0;
}

/* ---------------- driven from outside ---------------- */

int hs_sim_drive(const struct hs_instance *in, const struct hs_sim_opts *o,
		 const struct hs_sim_hooks *hk, struct hs_schedule *run, struct hs_sim_result *res)
{
	struct sim S = { .in = in, .o = o };
	memset(res, 0, sizeof *res);
	hs_schedule_init(run, in->ntasks);
	if (build_begin(&S)) {
		sim_release(&S);
		return -1;
	}
	struct hs_sim sim = { { 0 } };
	struct run *R = &sim.R;
	run_begin(R, &S, run);
	R->hk = hk;
	R->total = in->ntasks;
	int rc = hk->begin ? hk->begin(hk->arg, &sim) : 0;
	if (rc == 0)
		rc = run_loop(R, &sim);
	/* An activity left without any rate (no capacity) fails where it
	 * stands; the driver hears of it. */
	for (int i = 0; rc == 0 && i < S.n; i++) {
		struct act *a = &S.a[i];
		if (run->p[i].task == i && a->state == ST_FETCH)
			data_never_came(R, i);
		if (run->p[i].task == i && a->state != ST_ENDED && a->state != ST_WAITING)
			finish(R, i, run->p[i].start, HS_STATE_FAILED);
	}
	for (int i = 0; i < S.n; i++)
		res->flow_tasks += S.a[i].kind == ACT_FLOW;
	run_end(R, res);
	sim_release(&S);
	return rc;
}

void hs_sim_timer(struct hs_sim *sim, double t, int id)
{
	hs_heap_push(&sim->R.ev, t, EV_TIMER, id);
}

double hs_sim_now(const struct hs_sim *sim)
{
	return sim->R.now;
}

void hs_sim_kill(struct hs_sim *sim, int task)
{
	struct run *R = &sim->R;
	if (task >= 0 && task < R->S->n && R->S->a[task].kind != ACT_NONE &&
	    R->S->a[task].state != ST_ENDED)
		hs_heap_push(&R->ev, R->now, EV_KILL, task);
}

double hs_sim_progress(const struct hs_sim *sim, int task)
{
	const struct run *R = &sim->R;
	if (task < 0 || task >= R->S->n || R->S->a[task].kind == ACT_NONE)
		return NAN;
	return progress_at(R, task, R->now);
}

double hs_sim_known_end(const struct hs_sim *sim, int task)
{
	const struct run *R = &sim->R;
	if (task < 0 || task >= R->S->n || R->S->a[task].kind != ACT_DELAY ||
	    R->S->a[task].state != ST_RUNNING)
		return NAN;
	const struct act *a = &R->S->a[task];
	double start = R->run->p[task].start, wall = R->S->in->tasks[task].walltime;
	if (a->fail)
		return start;
	if (a->gpu == 2)
		return NAN; /* a device shared with kernels to come */
	double end = a->t0 + a->dur;
	/* the kill at start + walltime, when it comes first */
	return isfinite(wall) && start + wall < end ? start + wall : end;
}

void hs_sim_node_changed(struct hs_sim *sim, int node)
{
	struct run *R = &sim->R;
	struct sim *S = R->S;
	const struct hs_node *nd = &S->in->plat.nodes[node];
	/* a computing state may draw power where the first did not */
	S->watts |= nd->cpu_busy != 0 || nd->gpu_busy != 0;
	hs_lmm_set_capacity(R->lmm, S->cpu0 + node, nd->cores * nd->flops);
	for (int r = S->res0[node]; r < S->res0[node] + nd->cores + nd->gpus; r++)
		if (R->res_cnst[r] >= 0)
			hs_lmm_set_capacity(R->lmm, R->res_cnst[r], nd->flops);
}

void hs_sim_grow(struct hs_sim *sim, int ntasks)
{
	struct run *R = &sim->R;
	struct sim *S = R->S;
	if (ntasks <= S->n)
		return;
	S->a = hs_reallocarray(S->a, ntasks + 1, sizeof *S->a);
	memset(S->a + S->n, 0, (size_t)(ntasks + 1 - S->n) * sizeof *S->a);
	for (int i = S->n; i < ntasks; i++)
		S->a[i].var = -1;
	hs_iheap_grow(&R->done, ntasks);
	hs_gpushare_grow(&R->gs, ntasks);
	hs_data_grow(&R->data, ntasks);
	hs_schedule_grow(R->run, ntasks);
	R->total += ntasks - S->n;
	S->n = ntasks;
}

int hs_sim_start(struct hs_sim *sim, int task, const struct hs_placement *p)
{
	struct run *R = &sim->R;
	struct sim *S = R->S;
	if (task < 0 || task >= S->n || S->a[task].kind != ACT_NONE)
		return -1;
	if (build_task(S, task, p) > 0)
		return -1;
	hs_placement_copy(&R->run->p[task], p);
	R->run->p[task].task = task;
	start(R, task, R->now);
	return 0;
}

void hs_sim_prefetch(struct hs_sim *sim, int task, const struct hs_placement *p)
{
	hs_data_prefetch(&sim->R.data, task, p, sim->R.now);
}

double hs_sim_transfer_estimate(const struct hs_sim *sim, int task, const struct hs_placement *p)
{
	return hs_data_estimate(&sim->R.data, task, p);
}
