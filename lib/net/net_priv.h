/* net/net_priv.h - the private part of struct hs_net (build.c builds it
 * from the instance's typed network records, model/network.h; route.c looks
 * routes up in it).  Not installed. */
#ifndef HS_NET_PRIV_H
#define HS_NET_PRIV_H

#include <stddef.h>
#include <stdint.h>

#include "hs/net.h"
#include "util/strmap.h"

#define CENTER (-1) /* point: the switch of a star cluster */
#define NONE (-2)   /* point: no gateway */
#define FLOYD_MAX 2048 /* vertices of one Floyd zone: two nv*nv int tables */

/* An edge: a route record, or the reverse of a symmetrical one. */
struct edge {
	int src, dst;        /* endpoints */
	int gw_src, gw_dst;  /* points, for cluster endpoints; NONE otherwise */
	int first, n;        /* links: rlinks[first .. first+n) */
	int line;
	const char *file, *id; /* the route record's: the instance's strings */
};

/* (src, dst) -> edge: open addressing on 64-bit keys. */
struct pairmap {
	uint64_t *keys; /* key+1; 0 = empty */
	int *vals;
	size_t cap, n;
};

/* The routing of one cluster, or of the platform (vertices: clusters and
 * routers outside clusters). */
struct zone {
	enum hs_routing routing;
	int nv;
	int *vert;          /* vertex -> endpoint */
	int *cost, *pred;   /* Floyd: nv*nv, pred -1 = no path */
};

struct net_priv {
	int nn, nr, nc;        /* nodes, routers, clusters */
	int *up, *down;        /* per node: private link indices (-1: none) */
	int *bb, *uplink;      /* per cluster: switch and uplink (-1: none) */
	int *node_cluster;     /* per node */
	double *coords;        /* per node: X, Y, H of a vivaldi cluster's node (ms) */
	int backbone;          /* global backbone (-1: none) */
	char **names;          /* owned link ids */
	int nnames;
	int *pair;             /* per link: other half of a split-duplex link record, or -1 */
	struct hs_strmap link_ix; /* id -> link; split-duplex record id -> -2 - UP half */
	char **rnames;         /* owned router ids */
	int *router_cluster;   /* per router: cluster, -1 outside clusters */
	struct hs_strmap router_ix;
	int *gateway;          /* per cluster: point (router=), CENTER for a star */
	struct edge *edges;
	int nedges, capedges;
	int *rlinks;
	int nrlinks, caprlinks;
	struct pairmap edge_ix;
	int top_edges;         /* edges between clusters or outer routers */
	int *vidx;             /* per endpoint: vertex in its zone (-1) */
	struct zone *zones;    /* per cluster */
	struct zone top;
};

/* (src, dst) -> value, or -1. */
int hs_net_pair_get_(const struct pairmap *m, int a, int b);
void hs_net_pair_put_(struct pairmap *m, int a, int b, int v);

#endif
