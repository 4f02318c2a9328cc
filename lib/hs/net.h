/* hs/net.h - the network of a platform as the flow-level simulator sees it:
 * links (bandwidth, latency, sharing policy) and the route between any two
 * nodes.  hs-format(5) defines the records; the routing mirrors SimGrid's
 * (StarZone, FullZone, FloydZone, zone routes), so a SimGrid platform file
 * read into records (hs/simgrid.h) gives SimGrid's routes.
 *
 * Built from the platform of an instance (hs_net_build):
 *   - a star cluster (routing=cluster, the default) gives each node a
 *     private link to the cluster's switch (cluster bw/lat, or the node's
 *     own bw=/lat=; one UP and one DOWN link when its sharing is
 *     splitduplex; or the links a node's up=/down= name); the switch is a
 *     link of its own when the cluster has bb_bw (its "backbone");
 *   - full and floyd clusters route between their nodes and routers along
 *     route records (floyd: the path of fewest links over them);
 *   - clusters reach each other by route records between clusters, from
 *     the source cluster's gateway to the destination's; without any such
 *     record, through their uplink (up_bw) and the platform's backbone
 *     (backbone_bw), each when present;
 *   - link records add links; a route record between two nodes wins over
 *     the star and the clusters' routes.
 * Route between two nodes of one star:      up(i) bb(c) down(j)
 * Route between nodes of clusters c and d:  up(i) bb(c) LINKS bb(d) down(j)
 *   (LINKS: the cluster route's, or uplink(c) backbone uplink(d))
 * (links that are absent are skipped; with shared or fatpipe private links
 * up(i) and down(i) are the same link).  A node's route to itself is its
 * loopback route record, or empty (hs_net_self_route gives SimGrid's).  A
 * route's latency is the sum of its links', added in SimGrid's order.
 * Link ids: NODE_link (NODE_link_UP, NODE_link_DOWN), CLUSTER_backbone,
 * CLUSTER_uplink, backbone, and the link records' ids (ID_UP and ID_DOWN
 * for a splitduplex one).
 */
#ifndef HS_NET_H
#define HS_NET_H

#include "hs/model.h"

enum hs_link_sharing {
	HS_LINK_SHARED,  /* the sum of the flows' rates is at most bw */
	HS_LINK_FATPIPE, /* each flow may use up to bw on its own */
};

struct hs_link {
	const char *id;   /* "cs1_link", "cs_backbone", or a link record's id */
	double bw;        /* bytes/s, > 0 */
	double lat;       /* seconds, >= 0 */
	enum hs_link_sharing sharing;
};

struct hs_net {
	struct hs_link *links;
	int nlinks;
	void *priv_;      /* private: routing tables, owned strings */
};

/* A route: link indices in order and the total latency.  Reuse one route for
 * many lookups; release it with hs_route_release. */
struct hs_route {
	int *links;
	int n, cap;
	double lat;
};

/* Build the network of in's platform (and of the SimGrid file it names,
 * in->plat_xml): links, then routers, then routes; Floyd's shortest paths
 * are computed here, once.  Reports problems ("PROG: FILE:LINE: ...") and
 * returns -1 on bad input (a link with bw <= 0, a route naming an unknown
 * link, node, router or cluster, a route given twice). */
int hs_net_build(struct hs_net *net, const struct hs_instance *in);
void hs_net_release(struct hs_net *net);

/* The route from node src to node dst into r, in O(route length).  Returns
 * 0, or -1 when the platform has no route between them (r empty; the caller
 * reports it). */
int hs_net_route(const struct hs_net *net, int src, int dst, struct hs_route *r);
void hs_route_release(struct hs_route *r);

/* SimGrid's route from a node to itself: its loopback route record if
 * there is one; else, in a star cluster, up its private link, across the
 * switch and down again (SimGrid's clusters have no loopback unless
 * loopback_bw is given); else none.  Returns 0. */
int hs_net_self_route(const struct hs_net *net, int node, struct hs_route *r);

/* Index of the link named id in net->links, or -1. */
int hs_net_find_link(const struct hs_net *net, const char *id);

#endif
