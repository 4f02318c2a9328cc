/* plugin/host.h - the host side that the tools running an algorithm
 * (hs-plan, hs-sim) share beyond hs/loader.h: -a resolved with its -o
 * values or its -o help, -l, the provenance naming what ran (host.c); and
 * hs-plan's run of a planner under the guard (plan.c).  Not installed:
 * hs/loader.h is the interface of any host and stays as it is; this one is
 * the tools' own (and lib/sim's, which writes hs-sim's provenance), and
 * may change with them. */
#ifndef HS_PLUGIN_HOST_H
#define HS_PLUGIN_HOST_H

#include "hs/loader.h"
#include "hs/model.h"

/* ---------------- -a, -o and -l (host.c) ---------------- */

/* -l: the algorithms of kinds (HS_ALGO_OFFLINE, HS_ALGO_ONLINE) on
 * stdout; when there is none, "no WHAT found" and the directories searched
 * on stderr.  Returns the exit status: 1 when none was found or stdout
 * failed (nothing to run with is a run-time failure, not a usage error). */
int hs_plugin_list(int kinds, int verbose, const char *what);

/* -a spec with the -o words ov[0 .. nov), for the tool of kind
 * (HS_ALGO_OFFLINE: hs-plan, HS_ALGO_ONLINE: hs-sim), resolved before any
 * input is read so that -o help and a typo in -a need none.  Returns the
 * algorithm, loaded in pl, with *ovals its values (defaults, presets, then
 * the words in order).  Else NULL with *status the exit status: that of
 * printing the options for -o help (pl unloaded again), or HS_EXIT_USAGE
 * after a message (an unknown algorithm, one of the other kind, a bad
 * word; pl and *ovals are left for the caller, which exits).  A bad preset
 * is the plugin's bug: reported, exit 1. */
const struct hs_algo *hs_plugin_algo_opts(const char *spec, int kind, char *const *ov, int nov,
					  struct hs_loaded *pl, struct hs_optvals **ovals,
					  int *status);

/* algo=, plugin= and opts= of the tool's provenance record. */
void hs_plugin_prov(struct hs_record *prov, const struct hs_loaded *pl, const struct hs_algo *algo,
		    const struct hs_optvals *ovals);

/* ---------------- hs-plan's planning (plan.c) ---------------- */

/* Plan in with algo (of pl) into sched, initialised for in->ntasks: the
 * plugin called under the guard (hs/guard.h; timeout in seconds, 0: none)
 * unless there is no task, *elapsed the seconds it took.  A plugin that
 * leaves the wrong number of slots or an invalid plan is a bug: reported,
 * exit 1.  Returns HS_EXIT_OK, or HS_EXIT_USAGE after reporting that the
 * plugin could not plan. */
int hs_plugin_plan(const struct hs_loaded *pl, const struct hs_algo *algo,
		   const struct hs_optvals *ovals, const struct hs_instance *in,
		   struct hs_schedule *sched, struct hs_ctx *ctx, double timeout, double *elapsed);

/* The plan of sched emitted into in (sched is in->plan from here) and the
 * "prov plan" record: the tool, the algorithm, the time it took, the
 * plugin's own entries. */
void hs_plugin_plan_emit(struct hs_instance *in, struct hs_schedule *sched,
			 const struct hs_loaded *pl, const struct hs_algo *algo,
			 const struct hs_optvals *ovals, const struct hs_ctx *ctx, double elapsed);

#endif
