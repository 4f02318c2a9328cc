/* batsim/begins.c - SIMULATION_BEGINS: hs's machine as Batsim resources,
 * the configuration, the static workload and its profiles.
 *
 * A resource is a core (resource=core: ids in hs's machine numbering,
 * node by node) or a node (resource=node: whole-node allocations, as
 * Batsim platforms of one-core hosts behave); its properties name its
 * node, cluster and the node's GPUs.  Each job of the stream is
 * "WORKLOAD!ID" with a delay profile of its own, named after it, whose
 * delay is its runtime model's duration on the reference node (a
 * Batsim profile does not depend on where the job runs; hs's simulation
 * of it does, by node speed). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridge.h"

static void prop(struct bs_resource *r, const char *key, const char *fmt, const char *val, int n)
{
	r->props = hs_reallocarray(r->props, 2 * (size_t)(r->nprops + 1), sizeof *r->props);
	r->props[2 * r->nprops] = hs_strdup(key);
	r->props[2 * r->nprops + 1] = val ? hs_strdup(val) : hs_asprintf(fmt, n);
	r->nprops++;
}

static void resources(struct bridge *b, struct bs_begins *B)
{
	const struct hs_online_machine *m = hs_online_machine(b->h);
	const struct hs_platform *pl = m->plat;
	B->nres = b->nres;
	B->res = hs_calloc((size_t)b->nres + 1, sizeof *B->res);
	for (int i = 0; i < b->nres; i++) {
		struct bs_resource *r = &B->res[i];
		int node = b->per_node ? i : m->core_node[i];
		const struct hs_node *nd = &pl->nodes[node];
		r->id = i;
		r->state = "idle";
		if (b->per_node) {
			r->name = hs_strdup(nd->id);
			prop(r, "cores", "%d", NULL, nd->cores);
		} else {
			int k = i - m->node_first_core[node];
			r->name = hs_asprintf("%s/%d", nd->id, k);
			prop(r, "node", NULL, nd->id, 0);
			prop(r, "core", "%d", NULL, k);
		}
		prop(r, "cluster", NULL, pl->clusters[nd->cluster].id, 0);
		prop(r, "gpus", "%d", NULL, nd->gpus);
	}
}

void bs_job_profile(struct bridge *b, int j, struct bs_profile *p)
{
	const struct hs_online_job *J = hs_online_job(b->h, j);
	memset(p, 0, sizeof *p);
	p->name = hs_strdup(b->jobs[j].profile);
	p->type = BS_PROFILE_DELAY;
	p->delay = hs_online_estimate(b->h, j, -1, J->cores, 0);
	p->ret = b->jobs[j].ret;
}

int bs_begins(struct bridge *b, struct bs_event *e)
{
	struct bs_begins *B = hs_calloc(1, sizeof *B);
	e->begins = B;
	B->nb_compute = b->nres;
	B->profiles_forwarded = b->forward;
	B->dynamic_jobs = b->dynamic;
	B->dynamic_acked = b->acked;
	resources(b, B);
	B->workload = hs_strdup(b->workload);
	B->workload_path = hs_strdup("hs-sim");
	/* every job of the input, as Batsim lists a workload's profiles */
	int n = 0;
	for (int j = 0; j < b->njobs; j++)
		n += !b->jobs[j].dynamic;
	B->profiles = hs_calloc((size_t)n + 1, sizeof *B->profiles);
	for (int j = 0; j < b->njobs; j++)
		if (!b->jobs[j].dynamic)
			bs_job_profile(b, j, &B->profiles[B->nprofiles++]);
	return 0;
}
