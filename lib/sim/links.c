/* sim/links.c - per-link utilisation of a flow-level run (links.h). */
#include "links.h"
#include "hs/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int hs_link_saturated(double f, double bw)
{
	return f >= bw - fmax(1e-5, bw * 1e-9);
}

void hs_link_acct_init(struct hs_link_acct *a, const struct hs_net *net)
{
	a->n = net->nlinks;
	a->t = 0;
	a->flow = hs_calloc(a->n + 1, sizeof *a->flow);
	a->out = hs_calloc(a->n + 1, sizeof *a->out);
	for (int l = 0; l < a->n; l++) {
		a->out[l].id = hs_strdup(net->links[l].id);
		a->out[l].bw = net->links[l].bw;
		a->out[l].fatpipe = net->links[l].sharing == HS_LINK_FATPIPE;
	}
}

void hs_link_acct_advance(struct hs_link_acct *a, double now)
{
	double dt = now - a->t;
	if (!(dt > 0))
		return;
	for (int l = 0; l < a->n; l++) {
		struct hs_sim_link *k = &a->out[l];
		if (a->flow[l] <= 0)
			continue;
		k->bytes += a->flow[l] * dt;
		k->busy += dt;
		if (hs_link_saturated(a->flow[l], k->bw))
			k->saturated += dt;
	}
	a->t = now;
}

void hs_link_acct_measure(struct hs_link_acct *a, const struct hs_lmm *lmm)
{
	for (int l = 0; l < a->n; l++) {
		a->flow[l] = hs_lmm_usage(lmm, l);
		double u = a->flow[l] / a->out[l].bw;
		if (u > a->out[l].peak)
			a->out[l].peak = u;
	}
}

void hs_link_acct_finish(struct hs_link_acct *a, struct hs_sim_result *res)
{
	res->links = a->out;
	res->nlinks = a->n;
	free(a->flow);
	memset(a, 0, sizeof *a);
}

void hs_sim_result_release(struct hs_sim_result *res)
{
	for (int l = 0; l < res->nlinks; l++)
		free(res->links[l].id);
	free(res->links);
	res->links = NULL;
	res->nlinks = 0;
}
