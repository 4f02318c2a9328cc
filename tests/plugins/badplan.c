/* badplan.c - returns an invalid plan (every task on core 0 of node 0 at time
 * 0: overlaps as soon as there are two tasks).  hs-plan must refuse to
 * write it: exit 1. */
#include "hs/plugin.h"

static int plan(const struct hs_instance *in, const struct hs_optvals *o, struct hs_schedule *s,
		struct hs_ctx *c)
{
	(void)o, (void)c;
	int core = 0;
	for (int i = 0; i < in->ntasks; i++) {
		const struct hs_task *t = &in->tasks[i];
		double d = hs_task_time_on(t, &in->plat.nodes[0], 1);
		hs_schedule_add(s, i, 0, &core, 1, NULL, 0, 0, d);
	}
	return 0;
}

static const struct hs_algo algo = {
	sizeof(struct hs_algo), "t-badplan", "overlapping plan", NULL, plan, NULL, NULL, 0,
};
static const struct hs_algo *const algos[] = {&algo, NULL};

HS_PLUGIN_DEFINE(t-badplan, "1", "invalid plans", NULL, NULL, algos);
