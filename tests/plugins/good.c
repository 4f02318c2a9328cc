/* good.c - a minimal valid plugin, "t-good", for loading by path and for the
 * option tests: every task runs alone, one after the other, on the first
 * cores of node 0.  Its options cover every type; the values it read are
 * written to the provenance record (good.* keys) so tests can check them. */
#include "hs/plugin.h"

static int plan(const struct hs_instance *in, const struct hs_optvals *o, struct hs_schedule *s,
		struct hs_ctx *c)
{
	const struct hs_node *n = &in->plat.nodes[0];
	int cores[1024];
	double now = 0;
	for (int i = 0; i < in->ntasks; i++) {
		const struct hs_task *t = &in->tasks[i];
		int p = hs_task_min_p(t);
		if (t->on == HS_ON_GPU || p > n->cores || p > 1024) {
			hs_ctx_task_error(c, t, "t-good only runs tasks on the cores of node %s", n->id);
			return -1;
		}
		for (int k = 0; k < p; k++)
			cores[k] = k;
		double start = now > t->release ? now : t->release;
		now = start + hs_task_time_on(t, n, p);
		hs_schedule_add(s, i, 0, cores, p, NULL, 0, start, now);
	}
	hs_ctx_prov(c, "good.flag", "%d", hs_opt_bool(o, "flag"));
	hs_ctx_prov(c, "good.count", "%ld", hs_opt_int(o, "count"));
	hs_ctx_prov(c, "good.ratio", "%g", hs_opt_double(o, "ratio"));
	hs_ctx_prov(c, "good.label", "%s", hs_opt_str(o, "label"));
	hs_ctx_prov(c, "good.mode", "%s", hs_opt_str(o, "mode"));
	if (hs_opt_bool(o, "bug"))
		(void)hs_opt_int(o, "no-such-option"); /* a plugin bug: exit 1 */
	return 0;
}

static const struct hs_option options[] = {
	{"flag", HS_OPT_BOOL, "0", "a boolean", NULL},
	{"count", HS_OPT_INT, "3", "an integer", NULL},
	{"ratio", HS_OPT_DOUBLE, "0.5", "a number", NULL},
	{"label", HS_OPT_STRING, "x", "a string (may contain commas)", NULL},
	{"mode", HS_OPT_CHOICE, "a", "one of a|b|c", "a|b|c"},
	{"bug", HS_OPT_BOOL, "0", "read an option that does not exist (plugin bug)", NULL},
	{NULL, 0, NULL, NULL, NULL},
};
static const struct hs_algo algo = {
	sizeof(struct hs_algo), "t-good", "sequential on node 0 (test plugin)", options, plan, NULL,
	NULL, 0,
};
static const struct hs_algo *const algos[] = {&algo, NULL};

HS_PLUGIN_DEFINE(t-good, "1.0", "a valid test plugin", NULL, NULL, algos);
