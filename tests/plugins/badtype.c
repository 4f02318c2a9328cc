/* badtype.c - a descriptor of some other plugin kind (type "other"). */
#include "hs/plugin.h"

static const struct hs_algo *const algos[] = {NULL};

const struct hs_plugin hs_plugin = {
	HS_PLUGIN_ABI, sizeof(struct hs_plugin), "other", "t-badtype", "1", "not a scheduler",
	NULL, NULL, algos,
};
