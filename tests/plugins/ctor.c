/* ctor.c - a plugin whose constructor misbehaves as HS_TEST_CTOR says
 * (issue 30): "exit", "_exit", "segv" or "print" (to stdout); unset, it
 * is a plain plugin with one planner, t-ctor (every task on core 0 of
 * node 0, one after the other).  Loading happens before any of its
 * functions is called: a tool must survive it, or name it. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hs/plugin.h"

static int *volatile bad_address = (int *)(uintptr_t)16;

__attribute__((constructor)) static void ctor(void)
{
	const char *how = getenv("HS_TEST_CTOR");
	if (!how)
		return;
	if (strcmp(how, "exit") == 0)
		exit(0);
	if (strcmp(how, "_exit") == 0)
		_exit(0);
	if (strcmp(how, "segv") == 0)
		*bad_address = 1;
	if (strcmp(how, "print") == 0) {
		printf("task from a constructor: not a record\n");
		fflush(stdout);
	}
}

static int plan(const struct hs_instance *in, const struct hs_optvals *o, struct hs_schedule *s,
		struct hs_ctx *c)
{
	(void)o, (void)c;
	int core = 0;
	double t = 0;
	for (int i = 0; i < in->ntasks; i++) {
		const struct hs_task *k = &in->tasks[i];
		double start = t > k->release ? t : k->release;
		double d = hs_task_time_on(k, &in->plat.nodes[0], 1);
		hs_schedule_add(s, i, 0, &core, 1, NULL, 0, start, start + d);
		t = start + d;
	}
	return 0;
}

static const struct hs_algo a_ctor = {
	sizeof(struct hs_algo), "t-ctor", "every task on one core (test)", NULL, plan, NULL, NULL, 0,
};
static const struct hs_algo *const algos[] = {&a_ctor, NULL};

HS_PLUGIN_DEFINE(t-ctor, "1", "a constructor that misbehaves on demand", NULL, NULL, algos);
