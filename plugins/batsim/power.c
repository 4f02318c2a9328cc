/* batsim/power.c - Batsim's power states (SET_RESOURCE_STATE,
 * RESOURCE_STATE_CHANGED) on hs's (hs/online.h, ABI 3).
 *
 * A Batsim machine is a node for power purposes: with resource=core, a
 * request on a core switches its whole node, and the answer names every
 * core of the nodes switched.  Batsim numbers a host's pstates as SimGrid
 * does (the index in its speed list); hs numbers a node's states computing
 * first, then sleeping, without the switching (virtual) pstates: the
 * node's simgrid_pstates= (hs-format(5)) maps one to the other, and
 * without it the numbers are the same.  As Batsim does, a request is
 * answered once, when every node it names reached the state, with the
 * resources it named and the state it asked for. */
#include <stdlib.h>
#include <string.h>

#include "bridge.h"

/* The hs state of Batsim's pstate p on node; -1 (reported) when the node
 * has no such pstate or it is a switching one. */
static int hs_state(struct bridge *b, const struct bs_event *e, int node)
{
	const struct hs_node *nd = &hs_online_machine(b->h)->plat->nodes[node];
	struct hs_online_power pw = { .struct_size = sizeof pw };
	hs_online_power(b->h, node, &pw);
	int n = nd->nsimgrid_pstates ? nd->nsimgrid_pstates : pw.npstates + pw.nsleeps;
	int p = e->pstate, s = p < n ? (nd->nsimgrid_pstates ? nd->simgrid_pstates[p] : p) : -2;
	if (s >= 0)
		return s;
	char *res = bs_ids_format(&e->alloc);
	if (s == -1)
		bs_fail(b, "SET_RESOURCE_STATE (resources '%s', state '%d'): pstate %d of node %s is a "
			   "switching (virtual) pstate, one a switch passes through: ask for a computing "
			   "or a sleep pstate",
			res, p, p, nd->id);
	else
		bs_fail(b, "SET_RESOURCE_STATE (resources '%s', state '%d'): node %s has no pstate %d "
			   "(Batsim's pstates of the node: 0-%d)",
			res, p, nd->id, p, n - 1);
	free(res);
	return -1;
}

/* The request's nodes, each once, ascending (resources ascend, and so do
 * their nodes); 0, or -1 (reported) for a resource that does not exist. */
static int request_nodes(struct bridge *b, const struct bs_event *e, struct bs_switch *sw)
{
	const struct hs_online_machine *m = hs_online_machine(b->h);
	sw->nodes = hs_malloc(((size_t)e->alloc.n + 1) * sizeof *sw->nodes);
	for (int k = 0; k < e->alloc.n; k++) {
		int r = e->alloc.v[k];
		if (r >= b->nres)
			return bs_fail(b, "SET_RESOURCE_STATE: resource %d does not exist (the machine has "
					  "0-%d)",
				       r, b->nres - 1);
		int node = b->per_node ? r : m->core_node[r];
		if (sw->n == 0 || sw->nodes[sw->n - 1] != node)
			sw->nodes[sw->n++] = node;
	}
	sw->left = sw->n;
	return 0;
}

/* The resources that RESOURCE_STATE_CHANGED names: the nodes, or every
 * core of them. */
static void request_resources(struct bridge *b, struct bs_switch *sw)
{
	const struct hs_online_machine *m = hs_online_machine(b->h);
	int total = 0;
	for (int k = 0; k < sw->n; k++)
		total += b->per_node ? 1 : m->node_first_core[sw->nodes[k] + 1] - m->node_first_core[sw->nodes[k]];
	sw->res.v = hs_malloc(((size_t)total + 1) * sizeof *sw->res.v);
	sw->res.n = 0;
	for (int k = 0; k < sw->n; k++) {
		int c0 = b->per_node ? sw->nodes[k] : m->node_first_core[sw->nodes[k]];
		int c1 = b->per_node ? c0 + 1 : m->node_first_core[sw->nodes[k] + 1];
		for (int c = c0; c < c1; c++)
			sw->res.v[sw->res.n++] = c;
	}
}

int bs_set_state(struct bridge *b, const struct bs_event *e)
{
	struct bs_switch sw = { .pstate = e->pstate };
	int *to = NULL, rc = request_nodes(b, e, &sw);
	if (rc == 0) {
		/* every node's state first: a bad request changes nothing */
		to = hs_malloc(((size_t)sw.n + 1) * sizeof *to);
		for (int k = 0; k < sw.n && rc == 0; k++)
			rc = (to[k] = hs_state(b, e, sw.nodes[k])) < 0 ? -1 : 0;
	}
	/* hs refuses, naming the node, a node that runs a job or is switching */
	for (int k = 0; k < sw.n && rc == 0; k++)
		rc = hs_online_set_pstate(b->h, sw.nodes[k], to[k]);
	free(to);
	if (rc < 0) {
		free(sw.nodes);
		return -1;
	}
	request_resources(b, &sw);
	b->switches = hs_reallocarray(b->switches, (size_t)b->nswitches + 1, sizeof *b->switches);
	b->switches[b->nswitches++] = sw;
	return 0;
}

void bs_state_reached(struct bridge *b, int node, double now)
{
	for (int k = 0; k < b->nswitches; k++) {
		struct bs_switch *sw = &b->switches[k];
		int i = 0;
		while (i < sw->n && sw->nodes[i] != node)
			i++;
		if (i == sw->n)
			continue;
		sw->nodes[i] = -1;
		if (--sw->left == 0) {
			struct bs_event *e = bs_msg_add(&b->out, BS_RESOURCE_STATE_CHANGED, now);
			e->alloc = sw->res; /* the event owns it now */
			e->pstate = sw->pstate;
			e->pstate_number = b->pstate_number;
			free(sw->nodes);
			memmove(sw, sw + 1, (size_t)(b->nswitches - k - 1) * sizeof *sw);
			b->nswitches--;
		}
		return;
	}
}

void bs_switches_release(struct bridge *b)
{
	for (int k = 0; k < b->nswitches; k++) {
		free(b->switches[k].nodes);
		free(b->switches[k].res.v);
	}
	free(b->switches);
}
