/* net.c - the network of a platform: links and routes (hs/net.h).
 *
 * The default routes follow the cluster tree; every route is a short list
 * of link indices looked up per node and per cluster, so a lookup costs
 * O(route length) and nothing is stored per pair of nodes. */
#include "hs/net.h"
#include "hs/util.h"

#include <stdlib.h>
#include <string.h>

struct net_priv {
	int *up, *down;        /* per node: private link indices (-1: none) */
	int *bb, *uplink;      /* per cluster: switch and uplink (-1: none) */
	int *node_cluster;     /* per node */
	int backbone;          /* global backbone (-1: none) */
	char **names;          /* owned link ids */
	int nnames;
};

static int add_link(struct hs_net *net, struct net_priv *P, char *id, double bw, double lat,
		    enum hs_link_sharing sh)
{
	net->links = hs_reallocarray(net->links, net->nlinks + 1, sizeof *net->links);
	P->names = hs_reallocarray(P->names, P->nnames + 1, sizeof *P->names);
	P->names[P->nnames++] = id;
	net->links[net->nlinks] = (struct hs_link){id, bw, lat, sh};
	return net->nlinks++;
}

/* A number from a node record, or def when absent or not a number (the
 * model's loader has checked the records already). */
static double node_num(const struct hs_node *n, const char *key, double def)
{
	const char *v = n->rec ? hs_record_get(n->rec, key) : NULL;
	double d;
	return v && hs_parse_double(v, &d) == 0 ? d : def;
}

int hs_net_build(struct hs_net *net, const struct hs_instance *in)
{
	const struct hs_platform *pl = &in->plat;
	memset(net, 0, sizeof *net);
	struct net_priv *P = hs_calloc(1, sizeof *P);
	net->priv_ = P;
	P->up = hs_malloc((pl->nnodes + 1) * sizeof *P->up);
	P->down = hs_malloc((pl->nnodes + 1) * sizeof *P->down);
	P->node_cluster = hs_malloc((pl->nnodes + 1) * sizeof *P->node_cluster);
	P->bb = hs_malloc((pl->nclusters + 1) * sizeof *P->bb);
	P->uplink = hs_malloc((pl->nclusters + 1) * sizeof *P->uplink);
	int problems = 0;

	for (int c = 0; c < pl->nclusters; c++) {
		const struct hs_cluster *cl = &pl->clusters[c];
		P->bb[c] = cl->bb_bw > 0 ? add_link(net, P, hs_asprintf("%s_backbone", cl->id), cl->bb_bw,
						   cl->bb_lat, HS_LINK_SHARED)
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
		double bw = node_num(n, "bw", cl->bw), lat = node_num(n, "lat", cl->lat);
		if (!(bw > 0)) {
			hs_error_at(in->stream ? in->stream->name : "stdin", n->rec ? n->rec->line : 0,
				    "node %s: link bandwidth must be > 0", n->id);
			problems++;
			bw = 1;
		}
		P->node_cluster[i] = n->cluster;
		P->up[i] = P->down[i] =
			add_link(net, P, hs_asprintf("%s_link", n->id), bw, lat,
				 cl->sharing_fatpipe ? HS_LINK_FATPIPE : HS_LINK_SHARED);
	}
	if (problems) {
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
		free(P->up);
		free(P->down);
		free(P->node_cluster);
		free(P->bb);
		free(P->uplink);
		free(P);
	}
	free(net->links);
	memset(net, 0, sizeof *net);
}

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

int hs_net_route(const struct hs_net *net, int src, int dst, struct hs_route *r)
{
	const struct net_priv *P = net->priv_;
	r->n = 0;
	r->lat = 0;
	if (src == dst)
		return 0;
	int cs = P->node_cluster[src], cd = P->node_cluster[dst];
	push(net, r, P->up[src]);
	push(net, r, P->bb[cs]);
	if (cs != cd) {
		push(net, r, P->uplink[cs]);
		push(net, r, P->backbone);
		push(net, r, P->uplink[cd]);
		push(net, r, P->bb[cd]);
	}
	push(net, r, P->down[dst]);
	return 0;
}

void hs_route_release(struct hs_route *r)
{
	free(r->links);
	memset(r, 0, sizeof *r);
}
