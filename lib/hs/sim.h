/* hs/sim.h - the event-driven flow-level simulator of hs-sim (--model
 * flow), after SimGrid's ptask_L07 model.  hs-sim(1) states the model in
 * full; in short:
 *
 *   - one activity per task, started when the tasks of its after list and
 *     of its deps have ended and not before its release date (the bytes of
 *     a dep are not transferred);
 *   - a task with comp and/or comm on cores is a parallel task: one
 *     process per allotted core (allotment order), comp flop per process,
 *     comm bytes per ordered pair of processes.  Its single rate r (the
 *     fraction of the task done per second) is bounded by each process's
 *     core (r * comp_i <= node flops), by each fatpipe link alone, by TCP
 *     gamma, and shares the shared links of its routes and its nodes' CPUs
 *     (cores * flops) with the other running tasks, SimGrid's fair
 *     bottleneck (hs/maxmin.h).  It starts progressing after the largest
 *     latency of its communicating pairs' routes;
 *   - any other task (no comp/comm, or on GPUs) lasts its runtime model's
 *     duration;
 *   - a core or GPU that two running tasks hold (the after lists let them
 *     overlap) is shared by them, and reported: a process uses comp_i of
 *     its core per unit of rate, a delay of d seconds flops * d of each
 *     core and GPU it holds;
 *   - a task still running at its walltime is killed there.
 */
#ifndef HS_SIM_H
#define HS_SIM_H

#include "hs/model.h"

enum hs_sim_solver {
	HS_SIM_BOTTLENECK, /* SimGrid's fair bottleneck less its bugs (default) */
	HS_SIM_SIMGRID,    /* SimGrid 3.32's fair bottleneck, bugs and all */
};

enum hs_sim_energy {
	HS_SIM_ENERGY_HOST, /* a node is busy while anything runs on it */
	HS_SIM_ENERGY_CORE, /* per core and GPU (hs_schedule_energy) */
};

#define HS_SIM_TCP_GAMMA 4194304.0 /* SimGrid's network/TCP-gamma default */

struct hs_sim_opts {
	enum hs_sim_solver solver;
	double tcp_gamma;         /* bytes; 0: no TCP gamma bound */
	enum hs_sim_energy energy;
	/* Also solve every change with the other solver (SimGrid's rounds
	 * for the default) and note where their rates differ: twice the
	 * solving. */
	int check_simgrid;
	/* Called now and then (at most every 2^10 events) with the tasks
	 * finished so far; may be NULL. */
	void (*progress)(void *arg, int done, int total, double now);
	void *progress_arg;
	/* Every task lasts its runtime model's duration, comp and comm
	 * aside (hs-sim --model replay for online algorithms). */
	int runtime_only;
	/* Measure what every link carries (hs_sim_result.links). */
	int link_stats;
	/* appended: GPUs as fixed slices (hs-sim --gpu slices): a kernel on a
	 * GPU worker lasts its gpu_time whatever else runs on its device; 0:
	 * the device is shared (hs_node.gpu_streams, hs_task.gpu_alone) */
	int gpu_slices;
	/* appended: no data model (hs-sim --transfers off): a task's inputs
	 * are wherever it runs, as before the model; 0: data move where nodes
	 * have gpu_bw (hs-sim(1) DATA) */
	int no_transfers;
};

void hs_sim_opts_default(struct hs_sim_opts *o);

/* What one link carried during a run (opts.link_stats). */
struct hs_sim_link {
	char *id;         /* the link's id (hs/net.h) */
	double bw;        /* bytes/s */
	int fatpipe;      /* a fatpipe: utilisation is its largest flow's */
	double peak;      /* largest flow / bw */
	double saturated; /* seconds during which flow >= bw (to 1e-5 B/s) */
	double busy;      /* seconds during which any flow crossed it */
	double bytes;     /* bytes carried */
};

struct hs_sim_result {
	double makespan;  /* latest end (0 when nothing ran) */
	double energy;    /* joules over [0, makespan], by opts.energy */
	long events;      /* events handled */
	long solves;      /* sharing re-solves, variables and elements visited */
	long vars_solved, elems_solved;
	int flow_tasks;   /* tasks simulated as parallel tasks */
	/* With opts.check_simgrid: the solves whose rates differ from the
	 * other solver's, and the date of the first (+inf: none). */
	long departures;
	double first_departure;
	/* With opts.link_stats: every link of the network, in hs_net order
	 * (owned: hs_sim_result_release). */
	struct hs_sim_link *links;
	int nlinks;
};

void hs_sim_result_release(struct hs_sim_result *res);

/* Check that plan can be simulated: every parallel task's comp and comm
 * counts match its allotment's cores, every route it needs exists.
 * Reports each problem as "PROG: FILE:LINE: task ID: ..." (the task
 * record's line) and returns their number. */
int hs_sim_check(const struct hs_instance *in, const struct hs_schedule *plan,
		 const struct hs_sim_opts *o);

/* Simulate plan; run is initialised here (allotments and after lists of
 * the plan, observed start, end, state, energy).  Returns 0, or -1 when
 * hs_sim_check finds problems (reported). */
int hs_sim_run(const struct hs_instance *in, const struct hs_schedule *plan,
	       const struct hs_sim_opts *o, struct hs_schedule *run, struct hs_sim_result *res);

/* ---------------- driven from outside ----------------
 *
 * An online scheduler (lib/online/) starts tasks while the simulation runs
 * instead of following a plan.  The simulation calls its hooks: begin
 * once (set the first timers), ended for each task that ends, timer for
 * each timer that comes due, and settle once every completion and event of
 * a date has been applied, and again at the same date while what settle
 * did makes more things due then (a task that ends at once).  From the
 * hooks the driver starts tasks (hs_sim_start, at the current date) and
 * sets timers.  A hook that returns -1 stops the simulation. */
struct hs_sim;
struct hs_sim_hooks {
	void *arg;
	int (*begin)(void *arg, struct hs_sim *sim);
	void (*ended)(void *arg, int task, double now, enum hs_state st);
	void (*timer)(void *arg, int id, double now);
	int (*settle)(void *arg, struct hs_sim *sim, double now);
};

/* Simulate under hk: run is initialised here, and a task's record is
 * filled when it starts (its allotment, start) and ends (end, state,
 * energy); tasks never started keep task -1.  Returns 0, or -1 when a hook
 * stopped the run or the network cannot be built (reported). */
int hs_sim_drive(const struct hs_instance *in, const struct hs_sim_opts *o,
		 const struct hs_sim_hooks *hk, struct hs_schedule *run, struct hs_sim_result *res);
/* From a hook: call hk->timer(id) at date t (>= now; timers of one date
 * come in the order they were set, after everything else due then). */
void hs_sim_timer(struct hs_sim *sim, double t, int id);
/* From a hook: the current date. */
double hs_sim_now(const struct hs_sim *sim);
/* From a hook: start task now on placement p (copied).  Returns 0, or -1
 * when it cannot run there (its comp/comm do not fit the allotment, no
 * route: reported with the task's line) or was started already. */
int hs_sim_start(struct hs_sim *sim, int task, const struct hs_placement *p);
/* From a hook: kill a running task now (it ends HS_STATE_KILLED at this
 * date, the ended hook told as for a walltime; nothing for a task that
 * has not started or has ended). */
void hs_sim_kill(struct hs_sim *sim, int task);
/* The fraction of task's work done: now while it runs, at its end once
 * ended (1 when done); NAN before it starts.  A delay's time elapsed over
 * its duration, a parallel task's work done (0 during its latency). */
double hs_sim_progress(const struct hs_sim *sim, int task);
/* The date a running task will end at, when that is known as it starts:
 * a delay's (the runtime model's duration, or its walltime when sooner;
 * its start for one that fails); NAN for a parallel task (the flow model
 * decides its end as it goes) and for a task not running. */
double hs_sim_known_end(const struct hs_sim *sim, int task);
/* From a hook: node's speed changed (its flops in the instance are the
 * new ones; an online algorithm's power state) while it runs nothing:
 * tasks started there from now on run at it. */
void hs_sim_node_changed(struct hs_sim *sim, int node);
/* From a hook: the instance now has ntasks tasks (added at its end while
 * the run goes on, hs_instance_add_task): room for them in the run. */
void hs_sim_grow(struct hs_sim *sim, int ntasks);
/* From a hook: task will start on p later (an algorithm's queue): its
 * inputs that fit in p's memory brought ahead (hs-sim(1) DATA). */
void hs_sim_prefetch(struct hs_sim *sim, int task, const struct hs_placement *p);
/* Seconds to bring task's inputs where p would run it, each input alone
 * on its links (0 without the data model). */
double hs_sim_transfer_estimate(const struct hs_sim *sim, int task, const struct hs_placement *p);

/* Energy of a run over [0, horizon] by model e (host: per node, busy power
 * cores*cpu_busy + gpus*gpu_busy while any of its cores or GPUs runs a
 * task, cores*cpu_idle + gpus*gpu_idle otherwise). */
double hs_sim_energy(const struct hs_instance *in, const struct hs_schedule *run, double horizon,
		     enum hs_sim_energy e);

/* Replace the platform of stream s (its platform, cluster, node, link,
 * route and router records) by the one in file path: an hs stream (its
 * records of those kinds, checked on their own first; a relative xml= is
 * made absolute) or, when the file's first non-blank character is '<', a
 * SimGrid platform file (one record "platform sim xml=ABSOLUTE_PATH").
 * Returns 0, or -1 with the problem reported. */
int hs_sim_replace_platform(struct hs_stream *s, const char *path);

#endif
