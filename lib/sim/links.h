/* sim/links.h - what each link of the network carried during a flow-level
 * simulation (hs-sim --link-stats): its peak utilisation, the time it was
 * saturated and the bytes it carried.  The rates are constant between two
 * re-solves, so each link's flow is a step function: the simulator calls
 * hs_link_acct_advance(now) before a re-solve (the old flows held since
 * the last call) and hs_link_acct_measure after it (the new flows). */
#ifndef HS_SIM_LINKS_H
#define HS_SIM_LINKS_H

#include "hs/maxmin.h"
#include "hs/net.h"
#include "hs/sim.h"

struct hs_link_acct {
	int n;               /* links: constraints 0..n-1 of the system */
	double *flow;        /* bytes/s through each since the last measure */
	double t;            /* date of the last advance */
	struct hs_sim_link *out;
};

void hs_link_acct_init(struct hs_link_acct *a, const struct hs_net *net);
/* The flows held from the last call to now. */
void hs_link_acct_advance(struct hs_link_acct *a, double now);
/* The flows after a solve: each link's constraint usage in lmm. */
void hs_link_acct_measure(struct hs_link_acct *a, const struct hs_lmm *lmm);
/* Hand the results to res (res->links, res->nlinks) and free the rest. */
void hs_link_acct_finish(struct hs_link_acct *a, struct hs_sim_result *res);

/* Whether a flow of f bytes/s fills a link of bw bytes/s: within the
 * solver's precision (1e-5 left) or a relative 1e-9. */
int hs_link_saturated(double f, double bw);

#endif
