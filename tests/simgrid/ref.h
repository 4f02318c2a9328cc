/* ref.h - the parts of hs-simgrid-ref, the SimGrid reference of hs-sim's
 * flow model: the SimGrid platform made from an hs platform
 * (ref_platform.c) and the comparison of SimGrid's routes with hs's
 * (ref_routes.c); the replay itself is hs-simgrid-ref.c. */
#ifndef HS_SIMGRID_REF_H
#define HS_SIMGRID_REF_H

#include <simgrid/forward.h>

#include "hs/model.h"
#include "hs/net.h"

/* A fat pipe without latency, too fast to ever limit a flow: SimGrid
 * forbids empty routes between distinct points, hs has them. */
#define REF_UNLIMITED "unlimited"

/* Star node i's private links in net, by their ids (hs/net.h): up[0] to
 * the switch, up[1] from it (the same link unless its cluster is
 * split-duplex); -1 when absent. */
void ref_node_links(const struct hs_net *net, const struct hs_platform *pl, int i, int up[2]);

/* Whether ref_platform_save lists hs's route for every pair of nodes (flat
 * asked for, or link, router or route records, or routing other than
 * stars): else it writes the cluster tree in SimGrid's own terms. */
int ref_platform_is_flat(const struct hs_instance *in, int flat);

/* Write in's platform (network net) as a SimGrid v4.1 file, host n<i> for
 * hs node i: to path (atomically), or to a fresh temporary file when path
 * is NULL.  Returns the file's name (to free); dies on I/O errors. */
char *ref_platform_save(const struct hs_instance *in, const struct hs_net *net, int flat,
			const char *path);

/* For every ordered pair of distinct nodes that hs has a route for, compare
 * SimGrid's route between host[i] and host[j] with hs_net_route's: link by
 * link and the total latency.  Links compare by name when written is set
 * (the platform is ref_platform_save's, with this flat), else by
 * bandwidth, latency and sharing (a SimGrid file read by both).  Prints
 * each difference and a summary line on stdout; returns the number of
 * differences.  Call it from an actor: SimGrid computes Floyd paths when
 * the simulation starts. */
long ref_check_routes(const struct hs_instance *in, const struct hs_net *net, sg_host_t *host,
		      int written, int flat);

#endif
