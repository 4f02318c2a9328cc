/* planfail.c - plan() reports an error through the context and fails:
 * hs-plan must print it and exit 2.  With -o task=1 it names a task. */
#include "hs/plugin.h"

static int plan(const struct hs_instance *in, const struct hs_optvals *o, struct hs_schedule *s,
		struct hs_ctx *c)
{
	(void)s;
	if (hs_opt_bool(o, "task") && in->ntasks > 0)
		hs_ctx_task_error(c, &in->tasks[in->ntasks - 1], "cannot be planned (test)");
	else
		hs_ctx_error(c, "refusing to plan %d tasks (test)", in->ntasks);
	return -1;
}

static const struct hs_option options[] = {
	{"task", HS_OPT_BOOL, "0", "blame the last task instead", NULL},
	{NULL, 0, NULL, NULL, NULL},
};
static const struct hs_algo algo = {
	sizeof(struct hs_algo), "t-planfail", "always fails", options, plan, NULL, NULL, 0,
};
static const struct hs_algo *const algos[] = {&algo, NULL};

HS_PLUGIN_DEFINE(t-planfail, "1", "plan fails", NULL, NULL, algos);
