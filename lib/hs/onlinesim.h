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

#include <stdio.h>

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
	/* appended: every batch handed to the algorithm written here as it
	 * is handed over (the event log, hs_online_events_engine); NULL: none */
	FILE *event_log;
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

/* ---------------- the same algorithm on another engine ----------------
 *
 * What runs the jobs the algorithm starts: the simulator above, or real
 * processes (hs-exec -a, hs/exec.h's hs_exec_live_engine).  Dates are the
 * stream's, whatever the engine's clock.  hs_online_simulate is
 * hs_online_drive on the simulator's engine. */
struct hs_online_engine {
	void *arg;
	/* The run: hk->begin (its sim NULL), then hk->ended and hk->timer as
	 * jobs end and timers fall due, hk->settle once a date's events are
	 * in (its sim NULL), until nothing runs and no timer is left.  run,
	 * initialised here for the instance's tasks, gets each started job's
	 * placement and start when it starts, its end, state and exit status
	 * when it ends, before hk->ended.  When a hook returns -1 the engine
	 * stops: it ends what runs (hk->ended told, hk->settle no more) and
	 * returns -1, as it does when it is stopped from outside (a signal). */
	int (*drive)(void *arg, const struct hs_sim_hooks *hk, struct hs_schedule *run);
	double (*now)(void *arg);
	/* Start task now on p (copied).  0, or -1 after reporting. */
	int (*start)(void *arg, int task, const struct hs_placement *p);
	void (*timer)(void *arg, double t, int id);
	void (*kill)(void *arg, int task);
	double (*progress)(void *arg, int task); /* NULL: unknown (NAN) */
	void (*grow)(void *arg, int ntasks);     /* a job was added (hs_online_submit) */
	/* Optional.  Once the algorithm started, before the run: ctx holds
	 * its provenance entries. */
	void (*ready)(void *arg, struct hs_ctx *ctx);
	/* Optional: each job's records the moment they are complete (once its
	 * END or rejection was handed to the algorithm, its notes with them;
	 * the plan's start is the date of the decision, its end the real one),
	 * instead of all of them in the stream at the end; a job stopped with
	 * the run gets them when it ended.  The records are the driver's (the
	 * engine may add fields of its own).  A job rejected has no plan
	 * record (NULL). */
	void (*records)(void *arg, struct hs_record *plan, struct hs_record *run);
	/* Optional: node's computing state changed (hs_online_set_pstate),
	 * the instance's node holding the new state's speed, flops, cpu_busy
	 * and cpu_idle; it runs nothing.  NULL: the engine's nodes have no
	 * states to change (the algorithm's requests are refused). */
	void (*pstate)(void *arg, int node);
	/* Optional: task will start on p later: its data brought ahead
	 * (hs_online_prefetch). */
	void (*prefetch)(void *arg, int task, const struct hs_placement *p);
	/* Optional: seconds to bring task's data where p runs it
	 * (hs_online_transfer_estimate); NULL: 0. */
	double (*transfer)(void *arg, int task, const struct hs_placement *p);
};

/* The engine that replays an event log (cfg->event_log of an earlier run,
 * live or simulated, of the same stream): each logged batch handed over
 * at its date, a job's END where the log has it, whatever the algorithm
 * decides; so that a deterministic algorithm given the same events makes
 * the same decisions at the same dates (hs-sim -a --replay-events).  A
 * logged END of a job the algorithm did not start, a job it started that
 * the log never ends, are reported: the decisions differed.  Returns 0,
 * or -1 after reporting a log that cannot be read (name, line). */
int hs_online_events_engine(struct hs_online_engine *eng, const char *path, struct hs_instance *in);
void hs_online_events_release(struct hs_online_engine *eng);

/* Run in under cfg on eng (cfg->sim is the simulator's only).  As
 * hs_online_simulate otherwise; with eng->records the stream gets no plan
 * or run record (they went to eng->records). */
int hs_online_drive(struct hs_instance *in, const struct hs_online_run *cfg,
		    const struct hs_online_engine *eng, struct hs_ctx *ctx,
		    struct hs_online_result *res);

#endif
