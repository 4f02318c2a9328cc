/* power.c - an online test plugin for power states (online ABI 3):
 * "script" starts each submitted job, in order, on the lowest free cores
 * of nodes that are on (FCFS; blind=1: whatever their state), and at the
 * dates of do="T:NODE:STATE,..." asks node NODE (an index) for STATE.
 * Every STATE event and every request's answer is written on stderr with
 * the node's state and the energy so far ("power T NODE KIND PSTATE
 * TARGET UNTIL E"), so that tests can check what the host says. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hs/plugin.h"

struct act {
	double t;
	int node, state;
};

struct st {
	int *queue, head, tail;
	int *cores;
	struct act *acts;
	int nacts, next;
	int blind;
};

static void say(struct hs_online *h, const char *what, int node)
{
	struct hs_online_power p = { .struct_size = sizeof p };
	static const char *const kinds[] = {"on", "off", "asleep", "waking"};
	if (hs_online_power(h, node, &p) < 0)
		return;
	fprintf(stderr, "power %s %g %d %s %d %d %g busy=%d energy=%g\n", what, hs_online_now(h), node,
		kinds[p.kind], p.pstate, p.target, p.until, p.busy, hs_online_energy(h));
}

static int start(struct hs_online *h, const struct hs_optvals *opts, struct hs_ctx *ctx,
		 void **state)
{
	const struct hs_online_machine *m = hs_online_machine(h);
	struct st *s = calloc(1, sizeof *s);
	if (!s)
		return -1;
	*state = s;
	s->queue = calloc((size_t)m->njobs + 1, sizeof *s->queue);
	s->cores = calloc((size_t)m->ncores + 1, sizeof *s->cores);
	s->blind = (int)hs_opt_int(opts, "blind");
	const char *d = hs_opt_str(opts, "do");
	for (const char *p = d; p && *p;) {
		struct act a;
		int used = 0;
		if (sscanf(p, "%lf:%d:%d%n", &a.t, &a.node, &a.state, &used) != 3) {
			hs_ctx_error(ctx, "do: '%s' is not T:NODE:STATE", p);
			return -1;
		}
		s->acts = realloc(s->acts, (size_t)(s->nacts + 1) * sizeof *s->acts);
		s->acts[s->nacts++] = a;
		hs_online_wake(h, a.t);
		p += used;
		p += *p == ',';
	}
	return 0;
}

static int node_on(struct hs_online *h, int node)
{
	struct hs_online_power p = { .struct_size = sizeof p };
	return hs_online_power(h, node, &p) == 0 && p.kind == HS_POWER_ON;
}

static int fcfs(struct st *s, struct hs_online *h)
{
	const struct hs_online_machine *m = hs_online_machine(h);
	while (s->head < s->tail) {
		const struct hs_online_job *j = hs_online_job(h, s->queue[s->head]);
		int n = 0;
		for (int c = 0; c < m->ncores && n < j->cores; c++)
			if (hs_online_core_job(h, c) < 0 && (s->blind || node_on(h, m->core_node[c])))
				s->cores[n++] = c;
		if (n < j->cores)
			break;
		if (hs_online_start(h, j->index, s->cores, n, NULL, 0) < 0)
			return -1;
		s->head++;
	}
	return 0;
}

static int events(void *state, struct hs_online *h, const struct hs_online_event *ev, int nev,
		  struct hs_ctx *ctx)
{
	struct st *s = state;
	(void)ctx;
	for (int e = 0; e < nev; e++) {
		if (ev[e].type == HS_ONLINE_SUBMIT)
			s->queue[s->tail++] = ev[e].job;
		else if (ev[e].type == HS_ONLINE_STATE)
			say(h, "event", ev[e].job);
	}
	while (s->next < s->nacts && s->acts[s->next].t <= hs_online_now(h)) {
		const struct act *a = &s->acts[s->next++];
		if (hs_online_set_pstate(h, a->node, a->state) < 0)
			return -1;
		say(h, "asked", a->node);
	}
	return fcfs(s, h);
}

static void finish(void *state)
{
	struct st *s = state;
	if (!s)
		return;
	free(s->queue);
	free(s->cores);
	free(s->acts);
	free(s);
}

static const struct hs_online_ops ops = {
	sizeof(struct hs_online_ops), HS_ONLINE_ABI, 0, start, events, finish,
};

static const struct hs_option opts[] = {
	{"do", HS_OPT_STRING, "", "requests: T:NODE:STATE,... (node and state numbers)", NULL},
	{"blind", HS_OPT_INT, "0", "1: start jobs whatever their nodes' states", NULL},
	{NULL, 0, NULL, NULL, NULL},
};

static const struct hs_algo script = {
	sizeof(struct hs_algo), "script", "power states on request (test)", opts, NULL, &ops, NULL, 0,
};

static const struct hs_algo *const algos[] = { &script, NULL };

HS_PLUGIN_DEFINE(power, "1.0", "power states test plugin", NULL, NULL, algos);
