/* hs/onlinesim.h - running an online algorithm (hs/online.h) in the
 * simulator: the host side used by hs-sim -a.  Plugins never include it.
 *
 * The simulation is hs-sim's (hs/sim.h, flow model or runtime model only);
 * what the algorithm decides becomes the plan records of the stream (one
 * per started job: its resources and start; its end is the simulated one,
 * so that the plan is valid and replays as it ran), what the simulation
 * made of it the run records; a rejected job has a run record with
 * state=rejected and no plan record.
 */
#ifndef HS_ONLINESIM_H
#define HS_ONLINESIM_H

#include "hs/loader.h"
#include "hs/sim.h"

struct hs_online_run {
	const struct hs_algo *algo;
	const char *family;             /* the plugin's family name */
	const struct hs_optvals *opts;
	struct hs_sim_opts sim;
	int clairvoyant;                /* grant job->task to any algorithm */
	const char *path;               /* the plugin's file, for messages */
	double timeout;                 /* seconds one call may take (hs/guard.h); 0: none */
	/* appended: one event a call (the order of a batch kept) instead of
	 * a date's batch: decisions after each event, as pybatsim's
	 * scheduler API takes them */
	int per_event;
};

struct hs_online_result {
	struct hs_sim_result sim;
	long calls;                     /* events callbacks */
	long events;                    /* events delivered */
	int started, rejected;
	double plugin_s;                /* seconds spent inside the algorithm */
	const char *knowledge;          /* "walltime", "model" or "clairvoyant" */
};

/* Simulate in under cfg: on success in's run is the simulation's and its
 * stream gets the plan and run records with the algorithm's notes (made
 * as the stream is written, like hs_instance_emit_plan and
 * hs_instance_emit_run; so in must outlive that writing), the algorithm's
 * provenance entries are in ctx, and 0 is returned.  The plan records are
 * made from the run (a started job's plan is where and when it ran):
 * in->plan is left with no placement, not a second copy of every
 * allotment, unless some job has more notes than a line holds.
 * On a bad decision, a plugin error or jobs the algorithm never started,
 * the problem is reported and -1 returned (hs-sim exits 1); when the
 * algorithm refuses to start (bad options for this instance) or the
 * simulator cannot run a job where it was started for a fault of the input
 * (no route between its nodes), -2 (hs-sim exits 2: bad input or usage). */
int hs_online_simulate(struct hs_instance *in, const struct hs_online_run *cfg, struct hs_ctx *ctx,
		       struct hs_online_result *res);

#endif
