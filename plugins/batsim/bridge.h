/* batsim/bridge.h - the bridge's state: what hs-sim knows of the jobs as
 * Batsim names them, the messages on their way, the decisions waiting for
 * their date.  Shared by bridge.c (the exchanges and Batsim's rules of
 * time), begins.c (SIMULATION_BEGINS and each job's profile), report.c
 * (what happened, as Batsim events), decide.c (the scheduler's decisions)
 * and plugin.c (options and the online ABI's callbacks).  Private. */
#ifndef HS_BATSIM_BRIDGE_STATE_H
#define HS_BATSIM_BRIDGE_STATE_H

#include <stdio.h>

#include "batsim.h"
#include "hs/plugin.h"

#pragma GCC visibility push(hidden)

/* Where a job stands, as the bridge saw it. */
enum bj_state { BJ_UNKNOWN, BJ_WAITING, BJ_RUNNING, BJ_ENDED, BJ_REJECTED };

struct bjob {
	char *bs_id;     /* "w0!j1" */
	char *profile;   /* its profile's name */
	int res;         /* resources it asks for: cores, or nodes (resource=node) */
	int ret;         /* its profile's return code (0 but for a registered profile's ret) */
	enum bj_state state;
	int dynamic;     /* registered by the scheduler (REGISTER_JOB) */
	int kill_asked;  /* a KILL_JOB named it while it ran */
};

/* Batsim job id -> hs job index (open addressing). */
struct idmap {
	char **keys;
	int *vals;
	size_t cap, n;
};

/* A KILL_JOB waiting for its jobs to end: its JOB_KILLED then. */
struct kill_ack {
	char **ids;
	double *progress; /* < 0: no entry (it was not running) */
	char **profile;
	int n, left;
};

/* A SET_RESOURCE_STATE under way: its RESOURCE_STATE_CHANGED goes once
 * every node it names reached the state (Batsim's CurrentSwitches). */
struct bs_switch {
	struct bs_ids res; /* the resources to report: the nodes' (all their cores) */
	int pstate;        /* Batsim's number */
	int *nodes;        /* hs nodes; -1 once switched */
	int n, left;
};

/* A decision of the scheduler stamped later than now: applied at t. */
struct pending {
	double t;
	struct bs_event ev;
};

struct bridge {
	struct hs_online *h;
	struct hs_ctx *ctx;
	const struct bs_wire *wire;
	struct bs_link *link;
	/* options */
	const char *endpoint;
	int per_node;         /* resource=node: a Batsim resource per node */
	int forward;          /* forward-profiles: the profile with each JOB_SUBMITTED */
	int dynamic, acked;   /* dynamic-jobs, ack-dynamic-jobs */
	double timeout;       /* seconds to wait for a reply (0: for ever) */
	const char *workload; /* the static jobs' workload ("w0") */
	int pstate_number;    /* pstate-json=number: RESOURCE_STATE_CHANGED's state an int */
	FILE *trace;          /* -o trace=FILE: every message, as sent and received */
	/* the machine as Batsim resources */
	int nres;
	int node_cores;       /* resource=node: the cores of every node */
	/* jobs, by hs index */
	struct bjob *jobs;
	int njobs, capjobs;
	struct idmap ids;
	/* profiles the scheduler registered, and their workloads */
	struct bs_profile *profiles;
	char **prof_wl;
	int nprof;
	/* time */
	double busy_until;    /* the latest reply's now: nothing is sent before */
	int begun, ended;     /* SIMULATION_BEGINS sent; SIMULATION_ENDS answered */
	int can_send;         /* the socket awaits a request (REQ: after a reply) */
	/* messages */
	struct bs_msg out;    /* events for the next request */
	struct bs_msg in;     /* the last reply */
	struct pending *defer;
	int ndefer, capdefer;
	double *calls;        /* CALL_ME_LATER dates not yet answered */
	int ncalls, capcalls;
	struct kill_ack *kills;
	int nkills;
	int notified;         /* no_more_static_job_to_submit sent */
	int reg_finished;     /* the scheduler said registration_finished */
	int expect;           /* a batch of this date is coming (a kill, a submission) */
	struct bs_switch *switches; /* SET_RESOURCE_STATEs under way, in order */
	int nswitches;
	/* statistics (provenance) */
	long messages;
	double wait_s;        /* waiting for replies: the scheduler's time */
	double work_s;        /* from a reply to the next request: hs's side (decoding,
			       * applying, simulating, encoding), the transport aside */
	double replied;       /* when the last reply came (0: none yet) */
};

/* bridge.c */
HS_PRINTF(2, 3)
int bs_fail(struct bridge *b, const char *fmt, ...);
/* One batch of hs events at hs_online_now: report them, apply what is
 * due, talk to the scheduler when Batsim would.  0, or -1 (reported). */
int bs_bridge_batch(struct bridge *b, const struct hs_online_event *ev, int nev);
/* The end of the run: SIMULATION_ENDS if the scheduler was not told yet
 * (a failed run: so that it exits), the socket closed, everything freed. */
void bs_bridge_release(struct bridge *b);
int bs_job_of(const struct bridge *b, const char *bs_id);
void bs_job_name(struct bridge *b, int job, const char *bs_id, const char *profile, int res);

/* begins.c */
int bs_begins(struct bridge *b, struct bs_event *e);
/* Job j's profile as the workload would describe it. */
void bs_job_profile(struct bridge *b, int j, struct bs_profile *p);

/* report.c: hs events as Batsim events into b->out */
int bs_report(struct bridge *b, const struct hs_online_event *ev, int nev);
/* The job's resources as Batsim resource ids (malloc'd). */
void bs_job_alloc(struct bridge *b, int job, struct bs_ids *ids);

/* decide.c: one decision of the scheduler, at hs_online_now */
int bs_apply(struct bridge *b, const struct bs_event *e);

/* power.c: SET_RESOURCE_STATE applied (Batsim's pstate numbers mapped to
 * hs's), each node's STATE event counted towards its request's
 * RESOURCE_STATE_CHANGED, the requests under way freed */
int bs_set_state(struct bridge *b, const struct bs_event *e);
void bs_state_reached(struct bridge *b, int node, double now);
void bs_switches_release(struct bridge *b);

#pragma GCC visibility pop

#endif
