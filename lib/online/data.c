/* online/data.c - a job's data (hs/online.h, ABI 4): prefetch and the
 * expected transfer time, handed to the engine (hs-sim's data model;
 * an engine without one moves nothing). */
#include "online_priv.h"

#include <math.h>

/* The placement of one job on gpu (machine index) or on node's cores (gpu
 * -1), for the engine to find the memory in.  0, or -1 when node or gpu
 * does not exist. */
static int where(const struct hs_online *h, int node, int gpu, struct hs_part *pt,
		 struct hs_placement *p, int *local)
{
	if (gpu >= 0) {
		if (gpu >= h->m.ngpus)
			return -1;
		node = h->gpu_node[gpu];
		*local = gpu - h->node_first_gpu[node];
	} else if (gpu != -1 || node < 0 || node >= h->in->plat.nnodes) {
		return -1;
	}
	*pt = (struct hs_part){ node, NULL, 0, gpu >= 0 ? local : NULL, gpu >= 0 };
	*p = (struct hs_placement){ .task = -1, .parts = pt, .nparts = 1 };
	return 0;
}

int hs_online_prefetch(struct hs_online *h, int job, int node, int gpu)
{
	if (hs_online_check_waiting(h, job, "prefetch") < 0)
		return -1;
	struct hs_part pt;
	struct hs_placement p;
	int local;
	if (where(h, node, gpu, &pt, &p, &local) < 0)
		return hs_online_bad(h, job, "prefetch: no GPU %d and no node %d (GPUs 0..%d, nodes 0..%d)",
				     gpu, node, h->m.ngpus - 1, h->in->plat.nnodes - 1);
	if (h->running && h->eng->prefetch)
		h->eng->prefetch(h->eng->arg, job, &p);
	return 0;
}

double hs_online_transfer_estimate(const struct hs_online *h, int job, int node, int gpu)
{
	struct hs_part pt;
	struct hs_placement p;
	int local;
	if (job < 0 || job >= h->n || where(h, node, gpu, &pt, &p, &local) < 0)
		return NAN;
	return h->running && h->eng->transfer ? h->eng->transfer(h->eng->arg, job, &p) : 0;
}
