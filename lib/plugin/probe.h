/* plugin/probe.h - what a plugin offers, learnt in a child process, so
 * that a plugin that crashes, exits or prints while it loads cannot take
 * the tool down (private to lib/plugin: loader.c's search and listing). */
#ifndef HS_PLUGIN_PROBE_H
#define HS_PLUGIN_PROBE_H

#include <stdint.h>

struct hs_probed_algo {
	char *name, *summary;
	int kinds;      /* HS_ALGO_OFFLINE | HS_ALGO_ONLINE */
	uint32_t flags; /* the algorithm's HS_ALGO_* flags */
};

struct hs_probe {
	char *family;
	struct hs_probed_algo *algos;
	int nalgos;
	/* When it did not load: "PATH: reason" (hs_plugin_load's), or, when
	 * it crashed or ended the process (misbehaved), what the guard said,
	 * without the program's name. */
	char *why;
	int misbehaved;
};

/* Load path in a child process and report what it offers.  Returns 0, or
 * -1 with pr->why set.  Free with hs_probe_free either way. */
int hs_plugin_probe(const char *path, struct hs_probe *pr);
void hs_probe_free(struct hs_probe *pr);

#endif
