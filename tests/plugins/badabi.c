/* badabi.c - a plugin built for a future ABI (99): the loader must refuse it
 * before reading anything beyond abi, struct_size and type. */
#include "hs/plugin.h"

static const struct hs_algo *const algos[] = {NULL};

const struct hs_plugin hs_plugin = {
	99, sizeof(struct hs_plugin), HS_PLUGIN_TYPE, "t-badabi", "1", "ABI 99 plugin",
	NULL, NULL, algos,
};
