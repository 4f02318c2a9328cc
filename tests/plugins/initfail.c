/* initfail.c - init() fails: the loader must report it and unload. */
#include "hs/plugin.h"

static int plan(const struct hs_instance *in, const struct hs_optvals *o, struct hs_schedule *s,
		struct hs_ctx *c)
{
	(void)in, (void)o, (void)s, (void)c;
	return -1;
}

static int init(void)
{
	return -1;
}

static const struct hs_algo algo = {
	sizeof(struct hs_algo), "t-initfail", "never loads", NULL, plan, NULL, NULL, 0,
};
static const struct hs_algo *const algos[] = {&algo, NULL};

HS_PLUGIN_DEFINE(t-initfail, "1", "init fails", init, NULL, algos);
