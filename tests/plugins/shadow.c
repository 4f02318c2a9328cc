/* shadow.c - provides an algorithm called "taskp", to check that a plugin on
 * HS_PLUGIN_PATH wins over the built-in one of the same name.  Plans like
 * t-good (sequential on node 0) and says so in the provenance record. */
#include "hs/plugin.h"

static int plan(const struct hs_instance *in, const struct hs_optvals *o, struct hs_schedule *s,
		struct hs_ctx *c)
{
	(void)o;
	const struct hs_node *n = &in->plat.nodes[0];
	int core = 0;
	double now = 0;
	for (int i = 0; i < in->ntasks; i++) {
		const struct hs_task *t = &in->tasks[i];
		double start = now > t->release ? now : t->release;
		now = start + hs_task_time_on(t, n, 1);
		hs_schedule_add(s, i, 0, &core, 1, NULL, 0, start, now);
	}
	hs_ctx_prov(c, "shadow", "yes");
	return 0;
}

static const struct hs_algo algo = {
	sizeof(struct hs_algo), "taskp", "shadows the built-in taskp (test plugin)", NULL, plan,
	NULL, NULL, 0,
};
static const struct hs_algo *const algos[] = {&algo, NULL};

HS_PLUGIN_DEFINE(t-shadow, "1", "shadowing test plugin", NULL, NULL, algos);
