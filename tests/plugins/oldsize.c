/* oldsize.c - an algorithm descriptor from an older, smaller struct hs_algo:
 * struct_size ends before `online`.  The fields beyond it hold poison the
 * host must never read (presets naming an unknown option, a bogus online
 * pointer, flags claiming deps): loading and planning must behave as if they
 * were NULL or 0. */
#include <stddef.h>
#include "hs/plugin.h"

static int plan(const struct hs_instance *in, const struct hs_optvals *o, struct hs_schedule *s,
		struct hs_ctx *c)
{
	(void)o, (void)c;
	const struct hs_node *n = &in->plat.nodes[0];
	int core = 0;
	double now = 0;
	for (int i = 0; i < in->ntasks; i++) {
		const struct hs_task *t = &in->tasks[i];
		double start = now > t->release ? now : t->release;
		now = start + hs_task_time_on(t, n, 1);
		hs_schedule_add(s, i, 0, &core, 1, NULL, 0, start, now);
	}
	return 0;
}

static const struct hs_algo algo = {
	offsetof(struct hs_algo, online), "t-oldsize", "descriptor from older headers", NULL, plan,
	(const struct hs_online_ops *)"poison", "poison=1", HS_ALGO_DEPS,
};
static const struct hs_algo *const algos[] = {&algo, NULL};

HS_PLUGIN_DEFINE(t-oldsize, "1", "old descriptor sizes", NULL, NULL, algos);
