/* net/build.c - the network of a platform: links and routes (hs/net.h).
 *
 * The model follows SimGrid's routing (FullZone, FloydZone, StarZone and
 * NetZoneImpl::get_global_route in SimGrid 3.3x), with the platform's
 * clusters as the zones and the platform itself as the zone of zones:
 *   - endpoints are nodes, routers and clusters, numbered in one range;
 *   - a route record is an edge between two endpoints (and, symmetrical by
 *     default, the edge back: links in reverse order, a split-duplex link
 *     record's halves swapped);
 *   - a star cluster (routing=cluster) needs no edges: a node goes up its
 *     private link and the switch, down the switch and the private link, and
 *     its routers are the switch itself;
 *   - a vivaldi cluster is a star without switch whose nodes have only the
 *     private links up=/down= name, and whose routes add the latency of the
 *     nodes' coordinates (SimGrid's VivaldiZone), computed per lookup;
 *   - full and floyd clusters (and the clusters seen from the platform) look
 *     routes up per pair of vertices; Floyd precomputes its shortest paths
 *     (fewest links, SimGrid's tie-breaking) once, here;
 *   - a route between clusters is the way to the source cluster's gateway,
 *     the cluster route's links, and the way from the destination's gateway.
 * Every lookup costs O(route length): hashed edges, Floyd's predecessor
 * chain, a star's constant walk; nothing is stored per pair of nodes.
 *
 * The records come typed from the loader (model/network.h), each kind in
 * record order, the SimGrid file's first: what one record gets wrong is
 * reported from the text its entry carries, what the records get wrong
 * together is found here, in that order. */
#include "net_priv.h"
#include "hs/util.h"
#include "model/network.h"

#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ---------------- (src, dst) map ---------------- */

static uint64_t pair_key(int a, int b)
{
	return ((uint64_t)(uint32_t)a << 32 | (uint32_t)b) + 1;
}

static size_t pair_slot(const struct pairmap *m, uint64_t k)
{
	uint64_t h = k * 0x9E3779B97F4A7C15ull;
	size_t i = (size_t)(h >> 17) & (m->cap - 1);
	while (m->keys[i] && m->keys[i] != k)
		i = (i + 1) & (m->cap - 1);
	return i;
}

int hs_net_pair_get_(const struct pairmap *m, int a, int b)
{
	if (!m->cap)
		return -1;
	size_t i = pair_slot(m, pair_key(a, b));
	return m->keys[i] ? m->vals[i] : -1;
}

void hs_net_pair_put_(struct pairmap *m, int a, int b, int v)
{
	if ((m->n + 1) * 2 > m->cap) {
		struct pairmap big = {0};
		big.cap = m->cap ? 2 * m->cap : 64;
		big.keys = hs_calloc(big.cap, sizeof *big.keys);
		big.vals = hs_calloc(big.cap, sizeof *big.vals);
		for (size_t i = 0; i < m->cap; i++)
			if (m->keys[i]) {
				size_t j = pair_slot(&big, m->keys[i]);
				big.keys[j] = m->keys[i];
				big.vals[j] = m->vals[i];
			}
		big.n = m->n;
		free(m->keys);
		free(m->vals);
		*m = big;
	}
	uint64_t k = pair_key(a, b);
	size_t i = pair_slot(m, k);
	if (!m->keys[i])
		m->n++;
	m->keys[i] = k;
	m->vals[i] = v;
}

static int add_link(struct hs_net *net, struct net_priv *P, char *id, double bw, double lat,
		    enum hs_link_sharing sh)
{
	net->links = hs_reallocarray(net->links, net->nlinks + 1, sizeof *net->links);
	P->names = hs_reallocarray(P->names, P->nnames + 1, sizeof *P->names);
	P->pair = hs_reallocarray(P->pair, net->nlinks + 1, sizeof *P->pair);
	P->names[P->nnames++] = id;
	P->pair[net->nlinks] = -1;
	net->links[net->nlinks] = (struct hs_link){id, bw, lat, sh};
	hs_strmap_put(&P->link_ix, id, net->nlinks);
	return net->nlinks++;
}

/* ---------------- building ---------------- */

struct builder {
	struct hs_net *net;
	struct net_priv *P;
	const struct hs_instance *in;
	const struct hs_netrecs *N;        /* the instance's network records */
	const struct hs_netnode **node_rec; /* per node: its record's keys, or NULL */
	int problems;
};

HS_PRINTF(4, 5)
static void problem(struct builder *B, const char *file, int line, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (B->problems++ < 20)
		hs_error_at(file, line, "%s", buf);
}

/* Cluster of a point (node or router endpoint); -1 outside clusters. */
static int point_cluster(const struct net_priv *P, int e)
{
	if (e < P->nn)
		return P->node_cluster[e];
	if (e < P->nn + P->nr)
		return P->router_cluster[e - P->nn];
	return -1;
}

/* Endpoint of an id: node, router or cluster; -1 unknown. */
static int endpoint_of(const struct builder *B, const char *id)
{
	const struct net_priv *P = B->P;
	int i = hs_instance_find_node(B->in, id);
	if (i >= 0)
		return i;
	if ((i = hs_strmap_get(&P->router_ix, id)) >= 0)
		return P->nn + i;
	if ((i = hs_instance_find_cluster(B->in, id)) >= 0)
		return P->nn + P->nr + i;
	return -1;
}

/* A star cluster's routers are its switch. */
static int normalize_point(const struct net_priv *P, const struct hs_instance *in, int e)
{
	int c = point_cluster(P, e);
	if (e >= P->nn && c >= 0 && in->plat.clusters[c].routing == HS_ROUTING_CLUSTER)
		return CENTER;
	return e;
}

static void implicit_links(struct builder *B)
{
	struct hs_net *net = B->net;
	struct net_priv *P = B->P;
	const struct hs_platform *pl = &B->in->plat;
	for (int c = 0; c < pl->nclusters; c++) {
		const struct hs_cluster *cl = &pl->clusters[c];
		P->bb[c] = cl->bb_bw > 0 ? add_link(net, P, hs_asprintf("%s_backbone", cl->id), cl->bb_bw,
						   cl->bb_lat,
						   cl->bb_fatpipe ? HS_LINK_FATPIPE : HS_LINK_SHARED)
					 : -1;
		P->uplink[c] = cl->up_bw > 0 ? add_link(net, P, hs_asprintf("%s_uplink", cl->id),
							cl->up_bw, cl->up_lat, HS_LINK_SHARED)
					     : -1;
	}
	P->backbone = pl->backbone_bw > 0
			      ? add_link(net, P, hs_strdup("backbone"), pl->backbone_bw, pl->backbone_lat,
					 HS_LINK_SHARED)
			      : -1;
	for (int i = 0; i < pl->nnodes; i++) {
		const struct hs_node *n = &pl->nodes[i];
		const struct hs_cluster *cl = &pl->clusters[n->cluster];
		P->node_cluster[i] = n->cluster;
		P->up[i] = P->down[i] = -1;
		/* Private links: star clusters only, unless up=/down= name links. */
		const struct hs_netnode *nr = B->node_rec[i];
		if (cl->routing != HS_ROUTING_CLUSTER || (nr && nr->up))
			continue;
		double bw = nr && !isnan(nr->bw) ? nr->bw : cl->bw;
		double lat = nr && !isnan(nr->lat) ? nr->lat : cl->lat;
		if (cl->sharing_splitduplex) {
			P->up[i] = add_link(net, P, hs_asprintf("%s_link_UP", n->id), bw, lat,
					    HS_LINK_SHARED);
			P->down[i] = add_link(net, P, hs_asprintf("%s_link_DOWN", n->id), bw, lat,
					      HS_LINK_SHARED);
		} else {
			P->up[i] = P->down[i] =
				add_link(net, P, hs_asprintf("%s_link", n->id), bw, lat,
					 cl->sharing_fatpipe ? HS_LINK_FATPIPE : HS_LINK_SHARED);
		}
	}
}

/* link ID bw=B [lat=S] [sharing=shared|fatpipe|splitduplex] */
static void link_records(struct builder *B)
{
	for (int i = 0; i < B->N->nlinks; i++) {
		const struct hs_netlink *r = &B->N->links[i];
		if (r->problem) {
			problem(B, r->at.file, r->at.line, "%s", r->problem);
			continue;
		}
		int split = r->splitduplex;
		char *ids[2] = {hs_strdup(r->id), NULL};
		if (split) {
			free(ids[0]);
			ids[0] = hs_asprintf("%s_UP", r->id);
			ids[1] = hs_asprintf("%s_DOWN", r->id);
		}
		const char *clash = NULL;
		if (hs_strmap_get(&B->P->link_ix, r->id) != -1)
			clash = r->id;
		for (int k = 0; k < 2 && !clash; k++)
			if (ids[k] && hs_strmap_get(&B->P->link_ix, ids[k]) != -1)
				clash = ids[k];
		if (clash) {
			problem(B, r->at.file, r->at.line, "link %s: a link named %s exists already", r->id,
				clash);
			free(ids[0]);
			free(ids[1]);
			continue;
		}
		enum hs_link_sharing ls = r->fatpipe ? HS_LINK_FATPIPE : HS_LINK_SHARED;
		int a = add_link(B->net, B->P, ids[0], r->bw, r->lat, ls);
		if (split) {
			int b = add_link(B->net, B->P, ids[1], r->bw, r->lat, ls);
			B->P->pair[a] = b;
			B->P->pair[b] = a;
			/* The record's own id names both halves: routes must pick one. */
			B->P->names = hs_reallocarray(B->P->names, B->P->nnames + 1, sizeof *B->P->names);
			B->P->names[B->P->nnames] = hs_strdup(r->id);
			hs_strmap_put(&B->P->link_ix, B->P->names[B->P->nnames++], -2 - a);
		}
	}
}

/* router ID [cluster=C] */
static void router_records(struct builder *B)
{
	struct net_priv *P = B->P;
	for (int i = 0; i < B->N->nrouters; i++) {
		const struct hs_netrouter *r = &B->N->routers[i];
		const char *cl = r->cluster;
		int c = cl ? hs_instance_find_cluster(B->in, cl) : -1;
		if (cl && c < 0) {
			problem(B, r->at.file, r->at.line, "router %s: unknown cluster '%s'", r->id, cl);
			continue;
		}
		if (hs_instance_find_node(B->in, r->id) >= 0 ||
		    hs_instance_find_cluster(B->in, r->id) >= 0 ||
		    hs_strmap_get(&P->router_ix, r->id) >= 0) {
			problem(B, r->at.file, r->at.line,
				"router %s: the id names a node, cluster or router already", r->id);
			continue;
		}
		P->rnames = hs_reallocarray(P->rnames, P->nr + 1, sizeof *P->rnames);
		P->router_cluster = hs_reallocarray(P->router_cluster, P->nr + 1,
						    sizeof *P->router_cluster);
		P->rnames[P->nr] = hs_strdup(r->id);
		P->router_cluster[P->nr] = c;
		hs_strmap_put(&P->router_ix, P->rnames[P->nr], P->nr);
		P->nr++;
	}
}

/* A link id that a route or node may name: a link, not a split-duplex
 * record's id.  Returns the index or -1 after reporting. */
static int named_link(struct builder *B, const char *file, int line, const char *what,
		      const char *id)
{
	int l = hs_strmap_get(&B->P->link_ix, id);
	if (l >= 0)
		return l;
	if (l <= -2)
		problem(B, file, line, "%s: link %s is splitduplex: name %s_UP or %s_DOWN", what, id, id,
			id);
	else
		problem(B, file, line, "%s: unknown link '%s'", what, id);
	return -1;
}

/* node ... up=LINK down=LINK: the node's own links to its star's switch. */
static void node_links(struct builder *B)
{
	for (int k = 0; k < B->N->nnodes; k++) {
		const struct hs_netnode *r = &B->N->nodes[k];
		const char *up = r->up, *down = r->down, *file = r->at.file;
		int i = r->node;
		if (!up && !down)
			continue;
		char what[300];
		snprintf(what, sizeof what, "node %s", B->in->plat.nodes[i].id);
		if (!up || !down) {
			problem(B, file, r->at.line, "%s: give both up= and down=", what);
			continue;
		}
		int u = named_link(B, file, r->at.line, what, up);
		int d = named_link(B, file, r->at.line, what, down);
		B->P->up[i] = u;
		B->P->down[i] = d;
	}
}

/* node ... coords=X,Y,H: a vivaldi cluster's nodes need them. */
static void node_coords(struct builder *B)
{
	const struct hs_platform *pl = &B->in->plat;
	B->P->coords = hs_malloc((3 * (size_t)pl->nnodes + 1) * sizeof *B->P->coords);
	for (int i = 0; i < pl->nnodes; i++) {
		const struct hs_netnode *nr = B->node_rec[i];
		const struct hs_cluster *cl = &pl->clusters[pl->nodes[i].cluster];
		for (int k = 0; k < 3; k++)
			B->P->coords[3 * i + k] = nr && nr->has_coords ? nr->coords[k] : 0;
		if (cl->routing == HS_ROUTING_VIVALDI && !(nr && nr->has_coords))
			problem(B, nr ? nr->at.file : "stdin", nr ? nr->at.line : 0,
				"node %s: cluster %s has routing=vivaldi: give coords=X,Y,H",
				pl->nodes[i].id, cl->id);
	}
}

/* cluster ... router=ID: the point routes between clusters start from. */
static void gateways(struct builder *B)
{
	struct net_priv *P = B->P;
	const struct hs_platform *pl = &B->in->plat;
	for (int c = 0; c < pl->nclusters; c++)
		P->gateway[c] = pl->clusters[c].routing == HS_ROUTING_CLUSTER ? CENTER : NONE;
	/* Clusters with a record, in its order (the clusters' own). */
	for (int c = 0; B->N->clusters && c < pl->nclusters; c++) {
		const struct hs_netplace *at = &B->N->clusters[c];
		const char *gw = pl->clusters[c].router;
		if (!at->file || !gw)
			continue;
		int e = endpoint_of(B, gw);
		if (e < 0 || e >= P->nn + P->nr || point_cluster(P, e) != c)
			problem(B, at->file, at->line, "cluster %s: router %s is not a node or router of it",
				pl->clusters[c].id, gw);
		else if (e >= P->nn && pl->clusters[c].routing == HS_ROUTING_VIVALDI)
			problem(B, at->file, at->line,
				"cluster %s: router %s: a vivaldi cluster's gateway is one of its nodes "
				"(a router has no coordinates)", pl->clusters[c].id, gw);
		else
			P->gateway[c] = normalize_point(P, B->in, e);
	}
}

/* The gateway point of a cluster endpoint for a route: gw= or the cluster's. */
static int route_gateway(struct builder *B, const char *file, const struct hs_netroute *r, int c,
			 const char *key, const char *gw)
{
	const struct net_priv *P = B->P;
	const struct hs_cluster *cl = &B->in->plat.clusters[c];
	if (!gw) {
		if (P->gateway[c] == NONE)
			problem(B, file, r->at.line,
				"route %s: cluster %s has no gateway: give %s= (or router= on the cluster)",
				r->id, cl->id, key);
		return P->gateway[c];
	}
	int e = endpoint_of(B, gw);
	if (e < 0 || e >= P->nn + P->nr || point_cluster(P, e) != c) {
		problem(B, file, r->at.line, "route %s: %s %s is not a node or router of cluster %s",
			r->id, key, gw, cl->id);
		return NONE;
	}
	if (e >= P->nn && cl->routing == HS_ROUTING_VIVALDI) {
		problem(B, file, r->at.line,
			"route %s: %s %s: a vivaldi cluster's gateway is one of its nodes (a router "
			"has no coordinates)", r->id, key, gw);
		return NONE;
	}
	return normalize_point(P, B->in, e);
}

static int add_edge(struct builder *B, const struct edge *e)
{
	struct net_priv *P = B->P;
	if (P->nedges == P->capedges) {
		P->capedges = P->capedges ? 2 * P->capedges : 64;
		P->edges = hs_reallocarray(P->edges, P->capedges, sizeof *P->edges);
	}
	P->edges[P->nedges] = *e;
	hs_net_pair_put_(&P->edge_ix, e->src, e->dst, P->nedges);
	return P->nedges++;
}

static const char *endpoint_name(const struct builder *B, int e)
{
	const struct net_priv *P = B->P;
	if (e < P->nn)
		return B->in->plat.nodes[e].id;
	if (e < P->nn + P->nr)
		return P->rnames[e - P->nn];
	return B->in->plat.clusters[e - P->nn - P->nr].id;
}

/* route ID src=X dst=Y links=L1,L2,... [symmetrical=yes|no] [gw_src=G] [gw_dst=G] */
static void route_records(struct builder *B)
{
	struct net_priv *P = B->P;
	const struct hs_platform *pl = &B->in->plat;
	for (int i = 0; i < B->N->nroutes; i++) {
		const struct hs_netroute *r = &B->N->routes[i];
		const char *file = r->at.file;
		int line = r->at.line;
		char what[300];
		snprintf(what, sizeof what, "route %s", r->id);
		const char *ends[2] = {r->src, r->dst};
		int ep[2] = {-1, -1}, bad = 0;
		for (int k = 0; k < 2; k++) {
			if (!ends[k]) {
				problem(B, file, line, "%s: missing %s=", what, k ? "dst" : "src");
				bad = 1;
			} else if ((ep[k] = endpoint_of(B, ends[k])) < 0) {
				problem(B, file, line, "%s: unknown node, router or cluster '%s'", what,
					ends[k]);
				bad = 1;
			}
		}
		if (r->symmetrical < 0) {
			problem(B, file, line, "%s: symmetrical must be yes or no, got '%s'", what, r->sym);
			bad = 1;
		}
		const char *ls = r->links;
		if (!ls) {
			problem(B, file, line, "%s: missing links=", what);
			bad = 1;
		}
		if (bad)
			continue;
		if (ep[0] == ep[1] && ep[0] >= P->nn + P->nr) {
			problem(B, file, line, "%s: src and dst are the same cluster", what);
			continue;
		}
		/* Where the edge lives: top level (clusters, outer routers) or a
		 * cluster (its nodes and routers; node pairs of different clusters
		 * are explicit routes too). */
		int top[2], cl[2];
		for (int k = 0; k < 2; k++) {
			cl[k] = point_cluster(P, ep[k]);
			top[k] = ep[k] >= P->nn + P->nr || cl[k] < 0;
		}
		int gw[2] = {NONE, NONE};
		if (top[0] != top[1]) {
			problem(B, file, line,
				"%s: %s and %s are not at the same level (routes join two clusters or "
				"outer routers, or two nodes or routers)",
				what, ends[0], ends[1]);
			continue;
		}
		if (top[0]) {
			for (int k = 0; k < 2; k++) {
				const char *key = k ? "gw_dst" : "gw_src";
				const char *g = k ? r->gw_dst : r->gw_src;
				if (ep[k] >= P->nn + P->nr)
					gw[k] = route_gateway(B, file, r, ep[k] - P->nn - P->nr, key, g);
				else if (g)
					problem(B, file, line, "%s: %s= applies to clusters only", what,
						key);
			}
			if (gw[0] == NONE || gw[1] == NONE)
				continue;
		} else {
			if (r->gw_src || r->gw_dst) {
				problem(B, file, line, "%s: gw_src= and gw_dst= apply to routes between "
					"clusters", what);
				continue;
			}
			enum hs_routing ro = pl->clusters[cl[0]].routing;
			int star = cl[0] == cl[1] &&
				   (ro == HS_ROUTING_CLUSTER || ro == HS_ROUTING_VIVALDI);
			if ((cl[0] != cl[1] || star) && (ep[0] >= P->nn || ep[1] >= P->nn)) {
				problem(B, file, line,
					"%s: a route naming a router joins two points of one full or floyd "
					"cluster",
					what);
				continue;
			}
		}
		/* The links, then the edge (and the edge back). */
		int n, first = P->nrlinks;
		char **ids = *ls ? hs_split_list(ls, ',', &n) : NULL;
		if (!ids)
			n = 0;
		int ok = 1;
		for (int k = 0; k < n; k++) {
			int l = named_link(B, file, line, what, ids[k]);
			if (l < 0) {
				ok = 0;
				continue;
			}
			if (P->nrlinks + 2 > P->caprlinks) {
				P->caprlinks = P->caprlinks ? 2 * P->caprlinks : 256;
				P->rlinks = hs_reallocarray(P->rlinks, P->caprlinks, sizeof *P->rlinks);
			}
			P->rlinks[P->nrlinks++] = l;
		}
		free(ids);
		if (!ok) {
			P->nrlinks = first;
			continue;
		}
		int twoway = r->symmetrical == 1 && ep[0] != ep[1]; /* a loopback is one way */
		int prev = hs_net_pair_get_(&P->edge_ix, ep[0], ep[1]);
		int prev_back = twoway ? hs_net_pair_get_(&P->edge_ix, ep[1], ep[0]) : -1;
		if (prev >= 0 || prev_back >= 0) {
			const struct edge *o = &P->edges[prev >= 0 ? prev : prev_back];
			problem(B, file, line,
				"%s: a route from %s to %s exists already (route %s, %s:%d%s)", what,
				endpoint_name(B, prev >= 0 ? ep[0] : ep[1]),
				endpoint_name(B, prev >= 0 ? ep[1] : ep[0]), o->id, o->file, o->line,
				prev >= 0 ? "" : "; routes are symmetrical unless symmetrical=no");
			P->nrlinks = first;
			continue;
		}
		struct edge e = {ep[0], ep[1], gw[0], gw[1], first, n, line, file, r->id};
		add_edge(B, &e);
		if (twoway) {
			int back = P->nrlinks;
			for (int k = n - 1; k >= 0; k--) {
				int l = P->rlinks[first + k];
				if (P->nrlinks + 1 > P->caprlinks) {
					P->caprlinks *= 2;
					P->rlinks = hs_reallocarray(P->rlinks, P->caprlinks,
								    sizeof *P->rlinks);
				}
				P->rlinks[P->nrlinks++] = P->pair[l] >= 0 ? P->pair[l] : l;
			}
			struct edge eb = {ep[1], ep[0], gw[1], gw[0], back, n, line, file, r->id};
			add_edge(B, &eb);
		}
		if (top[0])
			P->top_edges += 1 + twoway;
	}
}

/* Floyd-Warshall exactly as SimGrid's FloydZone: cost = number of links of
 * an edge, vertices in declaration order, a shorter path only when strictly
 * shorter. */
static void floyd(struct net_priv *P, struct zone *z)
{
	int nv = z->nv;
	z->cost = hs_malloc((size_t)nv * nv * sizeof *z->cost);
	z->pred = hs_malloc((size_t)nv * nv * sizeof *z->pred);
	for (int a = 0; a < nv; a++)
		for (int b = 0; b < nv; b++) {
			int e = hs_net_pair_get_(&P->edge_ix, z->vert[a], z->vert[b]);
			z->cost[a * nv + b] = e >= 0 ? P->edges[e].n : INT_MAX;
			z->pred[a * nv + b] = e >= 0 ? a : -1;
		}
	for (int c = 0; c < nv; c++)
		for (int a = 0; a < nv; a++) {
			int ac = z->cost[a * nv + c];
			if (ac == INT_MAX)
				continue;
			for (int b = 0; b < nv; b++) {
				int cb = z->cost[c * nv + b];
				if (cb == INT_MAX)
					continue;
				long sum = (long)ac + cb;
				int *ab = &z->cost[a * nv + b];
				if (*ab == INT_MAX || sum < *ab) {
					*ab = sum < INT_MAX ? (int)sum : INT_MAX - 1;
					z->pred[a * nv + b] = z->pred[c * nv + b];
				}
			}
		}
}

/* Vertices of every zone, in record order (node and router records of a
 * cluster; cluster records and outer routers for the platform). */
static void zones(struct builder *B)
{
	struct net_priv *P = B->P;
	const struct hs_platform *pl = &B->in->plat;
	int ne = P->nn + P->nr + P->nc;
	P->vidx = hs_malloc((ne ? ne : 1) * sizeof *P->vidx);
	for (int e = 0; e < ne; e++)
		P->vidx[e] = -1;
	P->zones = hs_calloc(P->nc ? P->nc : 1, sizeof *P->zones);
	for (int c = 0; c < P->nc; c++)
		P->zones[c].routing = pl->clusters[c].routing;
	P->top.routing = pl->routing;
	/* The k-th cluster record is cluster k, the k-th node record
	 * nodes[k], the k-th router record routers[k] (network.h). */
	const struct hs_netrecs *N = B->N;
	int kc = 0, kn = 0, kr = 0;
	for (int i = 0; i < N->norder; i++) {
		int kind = N->order[i], e;
		if (kind == 'c')
			e = P->nn + P->nr + kc++;
		else if (kind == 'n')
			e = N->nodes[kn++].node;
		else if ((e = hs_strmap_get(&P->router_ix, N->routers[kr++].id)) >= 0)
			e += P->nn;
		if (e < 0 || P->vidx[e] >= 0)
			continue; /* a router in error, or a duplicate, reported elsewhere */
		int c = point_cluster(P, e);
		struct zone *z = kind == 'c' || c < 0 ? &P->top : &P->zones[c];
		z->vert = hs_reallocarray(z->vert, z->nv + 1, sizeof *z->vert);
		P->vidx[e] = z->nv;
		z->vert[z->nv++] = e;
	}
	/* Nodes of the implicit default cluster have no record order. */
	for (int i = 0; i < P->nn; i++)
		if (P->vidx[i] < 0) {
			struct zone *z = &P->zones[P->node_cluster[i]];
			z->vert = hs_reallocarray(z->vert, z->nv + 1, sizeof *z->vert);
			P->vidx[i] = z->nv;
			z->vert[z->nv++] = i;
		}
	for (int c = 0; c <= P->nc; c++) {
		struct zone *z = c < P->nc ? &P->zones[c] : &P->top;
		if (z->routing != HS_ROUTING_FLOYD || !z->nv)
			continue;
		if (z->nv > FLOYD_MAX) {
			/* a cluster with a record, or the platform */
			int rec = c < P->nc && N->clusters && N->clusters[c].file;
			problem(B, B->in->stream ? B->in->stream->name : "stdin", 0,
				"%s%s: floyd routing over %d vertices (at most %d)",
				rec ? "cluster " : "the platform", rec ? pl->clusters[c].id : "", z->nv,
				FLOYD_MAX);
			continue;
		}
		floyd(P, z);
	}
}

int hs_net_build(struct hs_net *net, const struct hs_instance *in)
{
	const struct hs_platform *pl = &in->plat;
	memset(net, 0, sizeof *net);
	struct net_priv *P = hs_calloc(1, sizeof *P);
	net->priv_ = P;
	P->nn = pl->nnodes;
	P->nc = pl->nclusters;
	P->up = hs_malloc((pl->nnodes + 1) * sizeof *P->up);
	P->down = hs_malloc((pl->nnodes + 1) * sizeof *P->down);
	P->node_cluster = hs_malloc((pl->nnodes + 1) * sizeof *P->node_cluster);
	P->bb = hs_malloc((pl->nclusters + 1) * sizeof *P->bb);
	P->uplink = hs_malloc((pl->nclusters + 1) * sizeof *P->uplink);
	P->gateway = hs_malloc((pl->nclusters + 1) * sizeof *P->gateway);
	hs_strmap_init(&P->link_ix, 2 * pl->nnodes + 16);
	hs_strmap_init(&P->router_ix, 16);
	/* An instance that was not loaded has no network records. */
	static const struct hs_netrecs none;
	const struct hs_netrecs *N = hs_instance_netrecs(in);
	struct builder B = {net, P, in, N ? N : &none, NULL, 0};
	B.node_rec = hs_calloc(pl->nnodes + 1, sizeof *B.node_rec);
	for (int k = 0; k < B.N->nnodes; k++)
		B.node_rec[B.N->nodes[k].node] = &B.N->nodes[k];
	/* The loader has checked the clusters' and nodes' numbers (bw > 0). */
	implicit_links(&B);
	link_records(&B);
	router_records(&B);
	node_links(&B);
	node_coords(&B);
	gateways(&B);
	route_records(&B);
	zones(&B);
	free(B.node_rec);
	if (B.problems) {
		if (B.problems > 20)
			hs_error("%d more network problems not shown", B.problems - 20);
		hs_net_release(net);
		return -1;
	}
	return 0;
}

void hs_net_release(struct hs_net *net)
{
	struct net_priv *P = net->priv_;
	if (P) {
		for (int i = 0; i < P->nnames; i++)
			free(P->names[i]);
		free(P->names);
		free(P->pair);
		for (int i = 0; i < P->nr; i++)
			free(P->rnames[i]);
		free(P->rnames);
		free(P->router_cluster);
		free(P->up);
		free(P->down);
		free(P->node_cluster);
		free(P->coords);
		free(P->bb);
		free(P->uplink);
		free(P->gateway);
		free(P->edges);
		free(P->rlinks);
		free(P->edge_ix.keys);
		free(P->edge_ix.vals);
		free(P->vidx);
		for (int c = 0; c <= P->nc; c++) {
			struct zone *z = c < P->nc ? (P->zones ? &P->zones[c] : NULL) : &P->top;
			if (z) {
				free(z->vert);
				free(z->cost);
				free(z->pred);
			}
		}
		free(P->zones);
		hs_strmap_release(&P->link_ix);
		hs_strmap_release(&P->router_ix);
		free(P);
	}
	free(net->links);
	memset(net, 0, sizeof *net);
}

int hs_net_find_link(const struct hs_net *net, const char *id)
{
	const struct net_priv *P = net->priv_;
	int l = P ? hs_strmap_get(&P->link_ix, id) : -1;
	return l >= 0 ? l : -1;
}
