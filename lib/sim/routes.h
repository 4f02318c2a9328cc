/* sim/routes.h - the routes of the flow-level simulator's parallel tasks,
 * each pair of nodes looked up once: a run asks for the route of every
 * pair of communicating nodes of every task, mostly the same pairs again
 * and again (hs_net_route costs a walk of the platform's zones each time).
 * Up to SIM_ROUTES_MAX pairs are kept; past that, routes are looked up
 * and not kept. */
#ifndef HS_SIM_ROUTES_H
#define HS_SIM_ROUTES_H

#include "hs/net.h"

struct hs_sim_routes {
	const struct hs_net *net;
	long nnodes;
	long *key;       /* per slot: src * nnodes + dst, or -1 */
	int *off, *n;    /* per slot: its links in pool, their number (-1: no route) */
	double *lat;
	int cap, used;
	int *pool;
	long npool, cappool;
	struct hs_route tmp;
};

void hs_sim_routes_init(struct hs_sim_routes *rc, const struct hs_net *net, int nnodes);
void hs_sim_routes_release(struct hs_sim_routes *rc);

/* The route from node src to node dst: *links (valid until the next call),
 * *n of them, latency *lat.  Returns 0, or -1 when the platform has none. */
int hs_sim_route(struct hs_sim_routes *rc, int src, int dst, const int **links, int *n, double *lat);

#endif
