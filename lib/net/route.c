/* net/route.c - route lookups in a built network (hs/net.h): each costs
 * O(route length): hashed edges, a Floyd zone's predecessor chain, a
 * star's constant walk. */
#include "net_priv.h"
#include "hs/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void push(const struct hs_net *net, struct hs_route *r, int link)
{
	if (link < 0)
		return;
	if (r->n == r->cap) {
		r->cap = r->cap ? 2 * r->cap : 8;
		r->links = hs_reallocarray(r->links, r->cap, sizeof *r->links);
	}
	r->links[r->n++] = link;
	r->lat += net->links[link].lat;
}

/* A link of a star's walk, unless this walk crossed it already (SimGrid's
 * StarZone adds each link once: the switch of an up and a down walk). */
static void push_once(const struct hs_net *net, struct hs_route *r, int from, int link)
{
	for (int k = from; link >= 0 && k < r->n; k++)
		if (r->links[k] == link)
			return;
	push(net, r, link);
}

static void push_edge(const struct hs_net *net, struct hs_route *r, const struct edge *e)
{
	const struct net_priv *P = net->priv_;
	for (int k = 0; k < e->n; k++)
		push(net, r, P->rlinks[e->first + k]);
}

/* The edges of the path from vertex a to vertex b of z (a != b), last
 * first, into *stack (cap nv); returns their count or -1 without a path. */
static int zone_path(const struct net_priv *P, const struct zone *z, int a, int b, int *stack)
{
	if (z->routing != HS_ROUTING_FLOYD || !z->pred) {
		int e = hs_net_pair_get_(&P->edge_ix, z->vert[a], z->vert[b]);
		if (e < 0)
			return -1;
		stack[0] = e;
		return 1;
	}
	int n = 0, cur = b;
	do {
		int p = z->pred[a * z->nv + cur];
		if (p < 0 || n >= z->nv)
			return -1;
		stack[n++] = hs_net_pair_get_(&P->edge_ix, z->vert[p], z->vert[cur]);
		cur = p;
	} while (cur != a);
	return n;
}

/* SimGrid's Vivaldi latency between nodes a and b: the distance of their
 * X,Y plus both heights H, in milliseconds (VivaldiZone::get_local_route,
 * the same operations in the same order). */
static double vivaldi_lat(const struct net_priv *P, int a, int b)
{
	const double *s = &P->coords[3 * a], *d = &P->coords[3 * b];
	double dist = sqrt((s[0] - d[0]) * (s[0] - d[0]) + (s[1] - d[1]) * (s[1] - d[1])) +
		      fabs(s[2]) + fabs(d[2]);
	return dist / 1000.0;
}

/* From point a to point b of cluster c (CENTER: the star's switch). */
static int local_route(const struct hs_net *net, int c, int a, int b, struct hs_route *r)
{
	const struct net_priv *P = net->priv_;
	if (a == b)
		return 0;
	const struct zone *z = &P->zones[c];
	if (z->routing == HS_ROUTING_CLUSTER) {
		int from = r->n;
		if (a >= 0 && a < P->nn) {
			push(net, r, P->up[a]);
			push_once(net, r, from, P->bb[c]);
		}
		if (b >= 0 && b < P->nn) {
			push_once(net, r, from, P->bb[c]);
			push_once(net, r, from, P->down[b]);
		}
		return 0;
	}
	if (z->routing == HS_ROUTING_VIVALDI) {
		/* Nodes only (a vivaldi cluster's gateway is a node): the links,
		 * then the coordinates' latency, as SimGrid adds them. */
		if (a < 0 || a >= P->nn || b < 0 || b >= P->nn)
			return -1;
		int from = r->n;
		push(net, r, P->up[a]);
		push_once(net, r, from, P->down[b]);
		r->lat += vivaldi_lat(P, a, b);
		return 0;
	}
	if (a < 0 || b < 0)
		return -1;
	int stackbuf[16];
	int *stack = z->nv <= 16 ? stackbuf : hs_malloc(z->nv * sizeof *stack);
	int n = zone_path(P, z, P->vidx[a], P->vidx[b], stack);
	for (int k = n - 1; k >= 0; k--)
		push_edge(net, r, &P->edges[stack[k]]);
	if (stack != stackbuf)
		free(stack);
	return n < 0 ? -1 : 0;
}

/* Between clusters cs and cd through the platform's zone. */
static int top_route(const struct hs_net *net, int src, int dst, int cs, int cd, struct hs_route *r)
{
	const struct net_priv *P = net->priv_;
	if (!P->top_edges) {
		/* The tree: up to the gateway, uplink, backbone, uplink, down. */
		int gs = P->gateway[cs], gd = P->gateway[cd];
		if (gs == NONE || gd == NONE || local_route(net, cs, src, gs, r) < 0)
			return -1;
		push(net, r, P->uplink[cs]);
		push(net, r, P->backbone);
		push(net, r, P->uplink[cd]);
		return local_route(net, cd, gd, dst, r);
	}
	const struct zone *z = &P->top;
	int base = P->nn + P->nr;
	int stackbuf[16];
	int *stack = z->nv <= 16 ? stackbuf : hs_malloc(z->nv * sizeof *stack);
	int n = zone_path(P, z, P->vidx[base + cs], P->vidx[base + cd], stack);
	/* SimGrid adds the latencies of the cluster route first, then of the
	 * way to it and of the way from it (NetZoneImpl::get_global_route):
	 * the route is built in that order, each latency added as it comes
	 * (a vivaldi cluster's after its links), and the way to the cluster
	 * route is moved in front once it is known. */
	int rc = n < 0 ? -1 : 0, prev_gw = NONE;
	for (int k = n - 1; k >= 0 && rc == 0; k--) {
		const struct edge *e = &P->edges[stack[k]];
		/* Through an intermediate cluster: from where the last hop
		 * arrived to where the next one leaves (FloydZone). */
		if (k < n - 1 && prev_gw != e->gw_src && e->src >= base)
			rc = local_route(net, e->src - base, prev_gw, e->gw_src, r);
		push_edge(net, r, e);
		prev_gw = e->gw_dst;
	}
	int mid = r->n;
	if (rc == 0)
		rc = local_route(net, cs, src, P->edges[stack[n - 1]].gw_src, r);
	int way = r->n - mid;
	if (rc == 0)
		rc = local_route(net, cd, prev_gw, dst, r);
	if (rc == 0 && way > 0) {
		int *tmp = hs_malloc(way * sizeof *tmp);
		memcpy(tmp, r->links + mid, way * sizeof *tmp);
		memmove(r->links + way, r->links, mid * sizeof *tmp);
		memcpy(r->links, tmp, way * sizeof *tmp);
		free(tmp);
	}
	if (stack != stackbuf)
		free(stack);
	return rc;
}

int hs_net_route(const struct hs_net *net, int src, int dst, struct hs_route *r)
{
	const struct net_priv *P = net->priv_;
	r->n = 0;
	r->lat = 0;
	if (src == dst) {
		int e = hs_net_pair_get_(&P->edge_ix, src, src);
		if (e >= 0)
			push_edge(net, r, &P->edges[e]);
		return 0;
	}
	int cs = P->node_cluster[src], cd = P->node_cluster[dst];
	/* An explicit route between two nodes wins, except inside full and
	 * floyd clusters, where route records are what the routing uses. */
	enum hs_routing ro = P->zones[cs].routing;
	int e = cs != cd || ro == HS_ROUTING_CLUSTER || ro == HS_ROUTING_VIVALDI
			? hs_net_pair_get_(&P->edge_ix, src, dst)
			: -1;
	if (e >= 0) {
		push_edge(net, r, &P->edges[e]);
		return 0;
	}
	int rc = cs == cd ? local_route(net, cs, src, dst, r) : top_route(net, src, dst, cs, cd, r);
	if (rc < 0) {
		r->n = 0;
		r->lat = 0;
	}
	return rc;
}

int hs_net_self_route(const struct hs_net *net, int node, struct hs_route *r)
{
	const struct net_priv *P = net->priv_;
	r->n = 0;
	r->lat = 0;
	int e = hs_net_pair_get_(&P->edge_ix, node, node);
	if (e >= 0) {
		push_edge(net, r, &P->edges[e]);
	} else if (P->zones[P->node_cluster[node]].routing == HS_ROUTING_CLUSTER) {
		/* A star without loopback: up to the switch and down again. */
		int c = P->node_cluster[node];
		push(net, r, P->up[node]);
		push_once(net, r, 0, P->bb[c]);
		push_once(net, r, 0, P->down[node]);
	} else if (P->zones[P->node_cluster[node]].routing == HS_ROUTING_VIVALDI) {
		/* SimGrid's VivaldiZone: up and down its links, and twice its height. */
		push(net, r, P->up[node]);
		push_once(net, r, 0, P->down[node]);
		r->lat += vivaldi_lat(P, node, node);
	}
	return 0;
}

void hs_route_release(struct hs_route *r)
{
	free(r->links);
	memset(r, 0, sizeof *r);
}
