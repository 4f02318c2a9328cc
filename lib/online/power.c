/* power.c - nodes' power states under an online algorithm (hs/online.h,
 * ABI 3): the requests, the switches as timers of the engine, what a node
 * may run, the spans it went through, the energy so far.
 *
 * A node's computing state is applied to the instance's node itself
 * (speed, flops, cpu_busy, cpu_idle), so that the engine runs a job
 * started there at that speed and counts its energy at those watts, with
 * no second copy of the platform; the nodes are restored at the end.
 * Nothing is allocated until the algorithm changes a state: a run without
 * states is the run it was. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "online_priv.h"

static const char *const kind_words[HS_POWER_KINDS] = {"on", "switching off", "asleep",
						       "switching on"};

/* A node as it starts: on in its initial computing state. */
static struct node_power initial(const struct hs_node *nd)
{
	int k = hs_node_initial_pstate(nd);
	return (struct node_power){ HS_POWER_ON, k, k, 0, INFINITY, 0 };
}

static void power_init(struct hs_online *h)
{
	const struct hs_platform *pl = &h->in->plat;
	h->power = hs_calloc((size_t)pl->nnodes + 1, sizeof *h->power);
	h->node_orig = hs_malloc(((size_t)pl->nnodes + 1) * sizeof *h->node_orig);
	memcpy(h->node_orig, pl->nodes, (size_t)pl->nnodes * sizeof *pl->nodes);
	for (int j = 0; j < pl->nnodes; j++)
		h->power[j] = initial(&pl->nodes[j]);
	hs_power_trace_init(&h->trace);
}

/* Node j leaves its situation now for kind/state. */
static void enter(struct hs_online *h, int j, enum hs_power_kind kind, int state, double now,
		  double until)
{
	struct node_power *p = &h->power[j];
	hs_power_trace_add(&h->trace, j, p->kind, p->pstate, p->since, now);
	p->changed = 1;
	p->kind = kind;
	p->pstate = state;
	p->since = now;
	p->until = until;
}

/* The instance's node j as in computing state k. */
static void apply(struct hs_online *h, int j, int k)
{
	struct hs_node *nd = &h->in->plat.nodes[j];
	const struct hs_node *o = &h->node_orig[j];
	struct hs_pstate ps = hs_node_pstate(o, k);
	nd->speed = o->speed * ps.speed;
	nd->flops = o->flops * ps.speed;
	nd->cpu_busy = ps.busy;
	nd->cpu_idle = ps.idle;
	h->eng->pstate(h->eng->arg, j);
}

/* The job running on node j (a core or GPU taken), or -1. */
static int node_job(const struct hs_online *h, int j)
{
	if (h->node_whole[j] >= 0)
		return h->node_whole[j];
	for (int c = h->node_first_core[j]; c < h->node_first_core[j + 1]; c++)
		if (hs_online_core_job(h, c) >= 0)
			return hs_online_core_job(h, c);
	for (int g = h->node_first_gpu[j]; g < h->node_first_gpu[j + 1]; g++)
		if (h->gpu_job[g] >= 0)
			return h->gpu_job[g];
	return -1;
}

int hs_online_power(const struct hs_online *h, int node, struct hs_online_power *p)
{
	const struct hs_platform *pl = &h->in->plat;
	if (node < 0 || node >= pl->nnodes || !p)
		return -1;
	const struct hs_node *nd = &pl->nodes[node];
	int np = hs_node_npstates(nd);
	struct node_power init = initial(nd);
	const struct node_power *q = h->power ? &h->power[node] : &init;
	int busy = h->node_busy[node];
	for (int g = h->node_first_gpu[node]; g < h->node_first_gpu[node + 1]; g++)
		busy += h->gpu_job[g] >= 0;
	if (h->node_whole[node] >= 0)
		busy = nd->cores;
	int cur = q->kind == HS_POWER_ON ? q->pstate : np + q->pstate;
	struct hs_online_power v = {
		.struct_size = sizeof v,
		.kind = q->kind,
		.pstate = cur,
		/* only a switch on leads elsewhere than the state it names */
		.target = q->kind == HS_POWER_WAKING ? q->target : cur,
		.since = q->since,
		.until = q->until,
		.npstates = np,
		.nsleeps = nd->nsleeps,
		.busy = busy,
	};
	/* As much as the caller's struct holds (an older one is shorter). */
	size_t n = p->struct_size < sizeof v ? p->struct_size : sizeof v;
	uint32_t size = p->struct_size;
	memcpy(p, &v, n);
	p->struct_size = size;
	return 0;
}

int hs_online_set_pstate(struct hs_online *h, int node, int pstate)
{
	const struct hs_platform *pl = &h->in->plat;
	if (node < 0 || node >= pl->nnodes)
		return hs_online_bad(h, -1, "set_pstate: no node %d (nodes are 0..%d)", node,
				     pl->nnodes - 1);
	const struct hs_node *nd = &pl->nodes[node];
	int np = hs_node_npstates(nd), ns = nd->nsleeps;
	if (pstate < 0 || pstate >= np + ns)
		return hs_online_bad(h, -1,
				     "set_pstate: node %s has no state %d (computing 0..%d%s%d%s)",
				     nd->id, pstate, np - 1, ns ? ", sleeping " : "", ns ? np : 0,
				     ns ? (ns > 1 ? "..." : "") : "");
	if (!h->eng->pstate)
		return hs_online_bad(h, -1, "set_pstate: node %s: this run cannot change nodes' power "
				     "states (hs-exec runs real nodes; the simulator can)", nd->id);
	if (h->order == HS_ONLINE_ORDER_LUCARELLI)
		return hs_online_bad(h, -1, "set_pstate: node %s: power states need the stream's "
				     "event order, not Lucarelli et al.'s", nd->id);
	if (!h->running)
		return hs_online_bad(h, -1, "set_pstate: node %s: states change once the run has begun",
				     nd->id);
	if (!h->power)
		power_init(h);
	struct node_power *p = &h->power[node];
	double now = hs_online_now(h);
	char u[HS_NUMBUF];
	if (p->kind == HS_POWER_OFF || p->kind == HS_POWER_WAKING)
		return hs_online_bad(h, -1, "set_pstate: node %s is %s until %s", nd->id,
				     kind_words[p->kind], hs_fmt_double(u, p->until));
	if (p->kind == HS_POWER_ASLEEP) {
		if (pstate >= np)
			return hs_online_bad(h, -1, "set_pstate: node %s is asleep: it wakes into a "
					     "computing state (0..%d), not state %d", nd->id, np - 1, pstate);
		double until = now + nd->sleeps[p->pstate].on_time;
		enter(h, node, HS_POWER_WAKING, p->pstate, now, until);
		p->target = pstate;
		h->eng->timer(h->eng->arg, until, POWER_TIMER(node));
		return 0;
	}
	int job = node_job(h, node);
	if (job >= 0)
		return hs_online_bad(h, -1, "set_pstate: node %s runs job %s: its state changes only "
				     "while it runs nothing", nd->id, hs_online_job_name(h, job));
	if (pstate < np) {
		if (pstate != p->pstate) {
			enter(h, node, HS_POWER_ON, pstate, now, INFINITY);
			apply(h, node, pstate);
		}
		h->eng->timer(h->eng->arg, now, POWER_TIMER(node)); /* its event */
		return 0;
	}
	int s = pstate - np;
	double until = now + nd->sleeps[s].off_time;
	enter(h, node, HS_POWER_OFF, s, now, until);
	h->eng->timer(h->eng->arg, until, POWER_TIMER(node));
	return 0;
}

void hs_online_power_due(struct hs_online *h, int node, double now)
{
	struct node_power *p = &h->power[node];
	if (p->kind == HS_POWER_OFF && now >= p->until)
		enter(h, node, HS_POWER_ASLEEP, p->pstate, now, INFINITY);
	else if (p->kind == HS_POWER_WAKING && now >= p->until) {
		int k = p->target;
		enter(h, node, HS_POWER_ON, k, now, INFINITY);
		apply(h, node, k);
	}
	hs_online_queue_state(h, node);
}

int hs_online_power_check_start(struct hs_online *h, int job, const struct hs_placement *p)
{
	if (!h->power)
		return 0;
	for (int k = 0; k < p->nparts; k++) {
		int j = p->parts[k].node;
		if (h->power[j].kind != HS_POWER_ON)
			return hs_online_bad(h, job, "node %s is %s: only a node that is on runs jobs",
					     h->in->plat.nodes[j].id, kind_words[h->power[j].kind]);
	}
	return 0;
}

/* The trace so far with every changed node's open span closed at t, into
 * out (initialised here). */
static void trace_at(const struct hs_online *h, double t, struct hs_power_trace *out)
{
	hs_power_trace_init(out);
	for (int k = 0; k < h->trace.n; k++) {
		const struct hs_power_span *s = &h->trace.s[k];
		hs_power_trace_add(out, s->node, s->kind, s->state, s->start, s->end);
	}
	for (int j = 0; h->power && j < h->in->plat.nnodes; j++) {
		const struct node_power *p = &h->power[j];
		if (p->changed)
			hs_power_trace_add(out, j, p->kind, p->pstate, p->since, fmax(t, p->since));
	}
}

double hs_online_energy(const struct hs_online *h)
{
	double now = hs_online_now(h);
	struct hs_power_trace t;
	trace_at(h, now, &t);
	/* Running jobs are busy until now: their end is not known yet. */
	struct hs_schedule *run = h->run;
	double *ends = hs_malloc(((size_t)h->n + 1) * sizeof *ends);
	for (int i = 0; i < h->n; i++) {
		ends[i] = i < run->n ? run->p[i].end : NAN;
		if (h->status[i] == JOB_RUNNING && i < run->n)
			run->p[i].end = NAN;
	}
	double e = hs_power_energy(h->in, run, &t, now, h->cfg->sim.energy == HS_SIM_ENERGY_CORE,
				   NULL, NULL);
	for (int i = 0; i < h->n && i < run->n; i++)
		run->p[i].end = ends[i];
	free(ends);
	hs_power_trace_release(&t);
	return e;
}

void hs_online_power_end(struct hs_online *h, const struct hs_schedule *run, double end,
			 struct hs_online_result *res, int rc)
{
	if (!h->power)
		return;
	struct hs_power_trace t;
	trace_at(h, end, &t);
	hs_power_trace_release(&h->trace);
	h->trace = t;
	struct hs_platform *pl = &h->in->plat;
	memcpy(pl->nodes, h->node_orig, (size_t)pl->nnodes * sizeof *pl->nodes);
	if (rc == 0)
		res->sim.energy = hs_power_energy(h->in, run, &h->trace, res->sim.makespan,
						  h->cfg->sim.energy == HS_SIM_ENERGY_CORE, NULL, NULL);
}

void hs_online_power_emit(struct hs_online *h)
{
	if (h->power)
		hs_power_trace_emit(h->in, &h->trace);
}

void hs_online_power_release(struct hs_online *h)
{
	free(h->power);
	free(h->node_orig);
	hs_power_trace_release(&h->trace);
	h->power = NULL;
	h->node_orig = NULL;
}
