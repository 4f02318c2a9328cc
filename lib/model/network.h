/* model/network.h - the network records of a loaded instance, decoded by
 * the loader (load_network.c) for the network builder (lib/net/): link,
 * router and route records, nodes' up=/down=/bw=/lat=, where the clusters'
 * records stand, and the order of cluster, node and router records (a
 * Floyd zone numbers its vertices so).  Private to lib/model/ and lib/net/:
 * not installed, so hs/model.h stays as plugins know it.
 *
 * Each kind is in record order, the SimGrid file's records first.  Only
 * what one record tells is decoded here; what needs others (a link named
 * twice, an unknown cluster, a route's ends and links) is the builder's to
 * check.  An entry that cannot be decoded carries the problem text that
 * the builder reports in its place, so that only tools that build the
 * network reject it, in the order they always did.  Strings are pooled:
 * they live as long as the instance. */
#ifndef HS_MODEL_NETWORK_H
#define HS_MODEL_NETWORK_H

#include "hs/model.h"

/* Where a record stood: its file's name ("stdin" without one) and line. */
struct hs_netplace {
	const char *file;
	int line;
};

/* link ID bw=B [lat=S] [sharing=shared|fatpipe|splitduplex] */
struct hs_netlink {
	const char *id;
	struct hs_netplace at;
	const char *problem; /* "link ID: ..." when bw, lat or sharing is bad; NULL */
	double bw, lat;
	int fatpipe, splitduplex;
};

/* router ID [cluster=C] */
struct hs_netrouter {
	const char *id;
	const char *cluster; /* or NULL */
	struct hs_netplace at;
};

/* route ID src=X dst=Y links=L1,L2,... [symmetrical=yes|no] [gw_src=G] [gw_dst=G]
 * (each string NULL when absent) */
struct hs_netroute {
	const char *id;
	struct hs_netplace at;
	const char *src, *dst, *links, *gw_src, *gw_dst;
	const char *sym;      /* symmetrical= as given, or NULL */
	int symmetrical;      /* 1: yes (or absent), 0: no, -1: neither (sym) */
};

/* A node record: its node index and network keys (bw, lat: NAN when
 * absent, the cluster's then; coords= X,Y,H of a vivaldi cluster's node). */
struct hs_netnode {
	int node;
	struct hs_netplace at;
	const char *up, *down;
	double bw, lat;
	int has_coords;
	double coords[3];
};

struct hs_netrecs {
	struct hs_netlink *links;
	struct hs_netrouter *routers;
	struct hs_netroute *routes;
	struct hs_netnode *nodes;       /* every node record */
	struct hs_netplace *clusters;   /* per cluster index (file NULL: no record) */
	int nlinks, nrouters, nroutes, nnodes;
	/* 'c', 'n', 'r' per cluster, node and router record, in record order:
	 * the k-th 'c' is cluster k, the k-th 'n' nodes[k], the k-th 'r'
	 * routers[k] */
	char *order;
	int norder;
};

/* The network records of in (NULL for an instance that was not loaded). */
const struct hs_netrecs *hs_instance_netrecs(const struct hs_instance *in);

#endif
