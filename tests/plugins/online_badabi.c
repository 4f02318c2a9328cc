/* online_badabi.c - an online algorithm built for a future online ABI:
 * the loader must refuse it by name. */
#include "hs/plugin.h"

static int events(void *state, struct hs_online *h, const struct hs_online_event *ev, int nev,
		  struct hs_ctx *ctx)
{
	(void)state, (void)h, (void)ev, (void)nev, (void)ctx;
	return 0;
}

static const struct hs_online_ops ops = {
	sizeof(struct hs_online_ops), HS_ONLINE_ABI + 1, 0, NULL, events, NULL,
};
static const struct hs_algo future = {
	sizeof(struct hs_algo), "future", "online ABI from the future (test)", NULL, NULL, &ops, NULL, 0,
};
static const struct hs_algo *const algos[] = { &future, NULL };

HS_PLUGIN_DEFINE(online-badabi, "1.0", "online ABI mismatch", NULL, NULL, algos);
