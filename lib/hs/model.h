/* hs/model.h - the typed model built from a stream: platform, tasks, runtime
 * functions, schedules (plan and run records).
 *
 * Conventions:
 *   - times in seconds, bandwidth in bytes/s, power in watts, energy in joules;
 *   - t_i(p) is the runtime of task i on p cores of the *reference node*
 *     (performance factor 1); on node j it is t_i(p) / f_j (f_j = "speed");
 *   - indices (node, cluster, task) are 0-based positions in the arrays
 *     below, in stream order.
 * The structures are part of the plugin ABI: fields are only ever appended.
 */
#ifndef HS_MODEL_H
#define HS_MODEL_H

#include <stddef.h>
#include <math.h>
#include "hs/format.h"

/* ---------------- platform ---------------- */

/* How the nodes of a cluster reach each other (hs/net.h, hs-format(5)). */
enum hs_routing {
	HS_ROUTING_CLUSTER, /* a star: private links to the cluster's switch (default) */
	HS_ROUTING_FULL,    /* explicit route records between its nodes and routers */
	HS_ROUTING_FLOYD,   /* shortest paths over its route records (SimGrid's Floyd) */
	HS_ROUTING_VIVALDI, /* appended: a star without switch, each pair's latency from
			     * the nodes' coordinates (SimGrid's Vivaldi) */
};

struct hs_cluster {
	const char *id;
	double bw, lat;       /* each node's private link to the cluster switch */
	double bb_bw, bb_lat; /* the cluster's switch/backbone (0 = unlimited) */
	double up_bw, up_lat; /* the cluster's uplink to the global backbone */
	int sharing_fatpipe;  /* node links: 0 shared, 1 fat pipe */
	int first_node, nnodes; /* nodes of a cluster are contiguous (see load) */
	int *nodes;           /* node indices, in stream order */
	int cores;            /* total cores of the cluster */
	struct hs_record *rec;
	/* appended: the cluster's network (hs/net.h) */
	enum hs_routing routing;
	int sharing_splitduplex; /* node links: one UP and one DOWN link per node */
	int bb_fatpipe;       /* switch/backbone: 0 shared, 1 fat pipe */
	const char *router;   /* router= (gateway node or router id), or NULL */
};

/* A computing state of a node (a DVFS level, a SimGrid pstate): its speed
 * as a factor of the node's speed (speed=, flops=: the speed of the state
 * the node starts in), and its power per core, as cpu_idle and cpu_busy
 * (Hamano's P_idle, P_busy). */
struct hs_pstate {
	double speed; /* > 0, relative to the node's speed */
	double idle;  /* watts per core when idle */
	double busy;  /* watts per core when busy */
};

/* A sleeping state: the whole node's power while asleep, and what switching
 * costs: the time (s) and energy (J, whole node) to switch off into it from
 * a computing state, and to switch on from it back to one. */
struct hs_sleep_state {
	double power;
	double off_time, off_energy;
	double on_time, on_energy;
};

struct hs_node {
	const char *id;
	int cluster;          /* index into platform.clusters */
	int cores;            /* > 0 */
	double speed;         /* performance factor f_j relative to the reference node
			       * (default flops/ref_flops when flops is given, else 1) */
	double flops;         /* flop/s per core (for computation amounts); default speed*ref_flops */
	int gpus;             /* >= 0 */
	double gpu_speed;     /* GPU factor relative to the reference GPU (default 1) */
	double cpu_busy, cpu_idle; /* watts per core */
	double gpu_busy, gpu_idle; /* watts per GPU */
	struct hs_record *rec;
	/* appended: power states (hs-format(5) pstates=, pstate=, sleep=,
	 * off_power=).  speed, cpu_busy and cpu_idle are the initial state's;
	 * an online algorithm may switch states (hs/online.h, ABI 3).  The
	 * loader always gives at least one computing state: without
	 * pstates=, the one state {1, cpu_idle, cpu_busy}; a node made
	 * elsewhere may have npstates 0, which means the same. */
	const struct hs_pstate *pstates; /* computing states, in the file's order */
	int npstates;
	int pstate;                      /* the state the node starts in (speed factor 1) */
	const struct hs_sleep_state *sleeps; /* sleeping states, or NULL */
	int nsleeps;
	double off_power;                /* watts while switched off (SimGrid's wattage_off) */
	/* appended: simgrid_pstates= (hs-format(5)): SimGrid pstate k (the
	 * index in the host's speed list, Batsim's number) is hs state
	 * simgrid_pstates[k] (computing states, then sleeping ones: hs/online.h),
	 * or -1 for a switching (virtual) pstate.  NULL (0): SimGrid's numbers
	 * are hs's. */
	const int *simgrid_pstates;
	int nsimgrid_pstates;
	/* appended: gpu_streams= (hs-format(5)): the node's GPU workers are
	 * streams of physical GPUs, gpu_streams each (GPU worker g is a stream
	 * of device g / gpu_streams); 1: every worker a device of its own.
	 * hs-sim --gpu shared shares a device among its running kernels. */
	int gpu_streams;
	/* appended: gpu_bw=, gpu_lat=, gpu_mem= (hs-format(5)): each GPU
	 * device's link to the host, bytes a second each way and seconds of
	 * latency, and its memory in bytes (0: no limit).  gpu_bw 0: data
	 * cost nothing to move (hs-sim's data model leaves the node out). */
	double gpu_bw, gpu_lat, gpu_mem;
};

struct hs_platform {
	struct hs_cluster *clusters;
	int nclusters;
	struct hs_node *nodes;
	int nnodes;
	int total_cores, total_gpus;
	double backbone_bw, backbone_lat; /* global backbone between clusters (0 = none given) */
	const char *xml;      /* path of a SimGrid platform file, or NULL */
	double ref_flops;     /* flop/s of one core of the reference node */
	/* appended: routes between clusters, HS_ROUTING_FULL (the default:
	 * explicit cluster routes, else the backbone tree) or HS_ROUTING_FLOYD
	 * (shortest paths over the cluster routes) */
	enum hs_routing routing;
};

/* ---------------- tasks ---------------- */

enum hs_model_kind {
	HS_MODEL_AMDAHL,   /* t(p) = t1 * (beta + (1-beta)/p) */
	HS_MODEL_OVERHEAD, /* t(p) = T * (x/p + (1-x)*(ln p + p))   (Dietze) */
	HS_MODEL_TABLE,    /* t(p) = times[p-1], p <= ntimes; +inf above */
	HS_MODEL_RIGID,    /* exactly size cores, t = time; +inf otherwise */
	HS_MODEL_GPU,      /* GPU only: no CPU model (only gpu_time) */
};

/* Where one task may run: one node, nodes of one cluster, or nodes of any
 * clusters.  Part of the plugin ABI: append new values at the end. */
enum hs_scope { HS_SCOPE_NODE, HS_SCOPE_CLUSTER, HS_SCOPE_ANY };

enum hs_on {
	HS_ON_ANY, /* may run on cores or on one GPU */
	HS_ON_CPU, /* cores only */
	HS_ON_GPU, /* one GPU only */
};

struct hs_task {
	const char *id;
	int index;
	enum hs_model_kind model;
	double t1, beta;   /* amdahl */
	double T, x;       /* overhead */
	double *times;     /* table */
	int ntimes;
	int size;          /* rigid: cores; also max cores (0 = no limit) for others */
	double time;       /* rigid */
	double gpu_time;   /* time on one reference GPU; +inf when none */
	double alpha;      /* acceleration factor as given (NAN if gpu_time given) */
	enum hs_on on;
	enum hs_scope scope;
	double release;    /* release date, 0 default */
	double walltime;   /* +inf when none */
	double *comp;      /* computation amounts (flop) per host, or NULL */
	int ncomp;
	double *comm;      /* communication matrix (bytes), row-major ncomp^2, or 1 value */
	int ncomm;
	const char *app;   /* application membership, or NULL */
	const char *cmd;   /* command to execute, or NULL */
	double priority;   /* optional "prio" field, 0 default */
	struct hs_record *rec;
	/* appended: task graphs (hs-format(5) deps=).  The tasks this one
	 * depends on (it starts after they end), as task indices, sorted and
	 * distinct, and the bytes each edge carries (0 when not given);
	 * NULL when ndeps is 0. */
	const int *deps;
	const double *dep_bytes;
	int ndeps;
	/* appended: a GPU kernel's time alone on a whole GPU device (seconds on
	 * the reference GPU; NAN: not given) and how many kernels the device
	 * runs at that speed together (>= 1): with k running on the device, it
	 * runs at min(1, gpu_share / k) of its speed alone (hs-sim --gpu
	 * shared; hs-format(5) gpu_alone=, gpu_share=). */
	double gpu_alone, gpu_share;
};

/* t_i(p) on the reference node; +inf when p is not allowed. */
double hs_task_time(const struct hs_task *t, int p);
/* On node n: hs_task_time / f_n. */
double hs_task_time_on(const struct hs_task *t, const struct hs_node *n, int p);
/* Sequential time t_i(1) on the reference node (+inf for GPU-only/rigid>1). */
double hs_task_seq_time(const struct hs_task *t);
/* Time on one GPU of node n (+inf if the task cannot use a GPU). */
double hs_task_gpu_time_on(const struct hs_task *t, const struct hs_node *n);
/* Largest useful core count on the reference node for a limit of pmax:
 * the p in [1,pmax] that minimises t(p) (smallest such p). */
int hs_task_best_p(const struct hs_task *t, int pmax);
/* Smallest allowed core count (rigid: size; otherwise 1). */
int hs_task_min_p(const struct hs_task *t);
/* Sequential work t_i(1) (or min over allowed p of p*t(p) when t(1) is inf). */
double hs_task_work(const struct hs_task *t);

/* ---------------- schedules ---------------- */

/* Part of an allotment on one node. */
struct hs_part {
	int node;
	int *cores;   /* sorted core indices on that node */
	int ncores;
	int *gpus;    /* sorted GPU indices on that node */
	int ngpus;
};

enum hs_state {
	HS_STATE_NONE = 0,
	HS_STATE_DONE,
	HS_STATE_KILLED,
	HS_STATE_FAILED,
	HS_STATE_REJECTED, /* never run: refused by an online algorithm (no resources) */
};

/* Where and when one task runs (a plan record) or ran (a run record). */
struct hs_placement {
	int task;            /* task index; -1 when the slot is empty */
	struct hs_part *parts;
	int nparts;
	double start, end;
	int *after;          /* task indices that used the same resources just before */
	int nafter;
	/* run records only */
	enum hs_state state;
	int exit_status;     /* -1 unknown */
	double energy;       /* joules, NAN unknown */
	/* appended: hs-sim's data model (hs-sim(1) DATA): seconds waited for
	 * its inputs after its start, bytes moved for it host to GPU and GPU
	 * to host (fetch=, h2d=, d2h=; 0: none, the field left out) */
	double fetch, h2d, d2h;
};

/* One placement per task, indexed by task index. */
struct hs_schedule {
	struct hs_placement *p;
	int n;
};

void hs_schedule_init(struct hs_schedule *s, int ntasks);
/* Room for ntasks slots, the new ones empty (a task added while running);
 * pointers into s->p may move. */
void hs_schedule_grow(struct hs_schedule *s, int ntasks);
void hs_schedule_release(struct hs_schedule *s);
/* Record task -> (node, cores, gpus, start, end).  Appends a part when the task
 * already has one (cluster-scoped tasks span nodes).  cores/gpus are copied
 * and sorted. */
void hs_schedule_add(struct hs_schedule *s, int task, int node, const int *cores, int ncores,
		     const int *gpus, int ngpus, double start, double end);
/* Fill every placement's after list from the assignment: for each core and GPU,
 * the task that used it last before this task's start (by end time). */
void hs_schedule_compute_after(struct hs_schedule *s, const struct hs_platform *pl);
/* Whether any placement of s has an after list (a plan without any has no
 * order but its times: hs-plan and hs-sim then compute one). */
int hs_schedule_has_after(const struct hs_schedule *s);
double hs_schedule_makespan(const struct hs_schedule *s);
/* Deep copy of src into dst (whose own arrays are not freed). */
void hs_placement_copy(struct hs_placement *dst, const struct hs_placement *src);
int hs_schedule_total_cores(const struct hs_placement *pl);
int hs_schedule_total_gpus(const struct hs_placement *pl);

/* ---------------- instance ---------------- */

struct hs_instance {
	struct hs_stream *stream; /* records; not owned */
	struct hs_platform plat;
	struct hs_task *tasks;
	int ntasks;
	struct hs_schedule plan;  /* from plan records (placements with task -1 when absent) */
	int has_plan;
	struct hs_schedule run;   /* from run records */
	int has_run;
	void *index_;             /* private: id -> index maps */
	/* appended: the records read from plat.xml (a SimGrid platform file),
	 * decoded as if they were in the stream; owned, NULL without xml=. */
	struct hs_stream *plat_xml;
};

/* Build the model from s.  Reports every problem as "PROG: NAME:LINE: ..." and
 * returns -1 on bad input (unknown model, bad numbers, unknown node, cyclic
 * after lists, cores out of range, ...). */
int hs_instance_load(struct hs_instance *in, struct hs_stream *s);
/* The same with HS_LOAD_* flags. */
enum {
	HS_LOAD_NO_AFTER = 1, /* leave after lists empty, unread and unchecked (a
				 reader that does not use them: metrics) */
	/* The caller replaces the plan (the run) before reading it: when the
	 * stream has no plan (run) records, in->plan (in->run) is left with
	 * n 0 and no slots instead of an empty slot per task.  Records that
	 * are there are loaded and checked as without the flag.  hs-plan
	 * loads with both (a plugin's plan() then sees n 0 there), hs-sim
	 * with RUN_REPLACED when it simulates a plan. */
	HS_LOAD_PLAN_REPLACED = 2,
	HS_LOAD_RUN_REPLACED = 4,
	/* A run record whose node=, cores= and gpus= are those of its task's
	 * plan record (what the simulators write) shares the plan's parts:
	 * run.p[t].parts == plan.p[t].parts, half the memory of a simulated
	 * stream.  For readers only (hs-report): a caller that changes or
	 * frees one schedule's parts would change or free the other's.
	 * hs_instance_release knows. */
	HS_LOAD_SHARE_PARTS = 8,
};
int hs_instance_load_flags(struct hs_instance *in, struct hs_stream *s, unsigned flags);
void hs_instance_release(struct hs_instance *in);
int hs_instance_find_task(const struct hs_instance *in, const char *id);  /* -1 if none */
int hs_instance_find_node(const struct hs_instance *in, const char *id);
int hs_instance_find_cluster(const struct hs_instance *in, const char *id);
/* Add a task while a tool runs (an online scheduler's own job): r, a task
 * record whose id no task has, is decoded as the loader decodes the
 * stream's (deps= refused) and appended to the stream, which takes it.
 * Returns the new task's index (in->ntasks grows by one; in->tasks may
 * move); -1 with *msg (malloc'd) saying what is wrong, r still the
 * caller's. */
int hs_instance_add_task(struct hs_instance *in, struct hs_record *r, char **msg);

/* Replace the stream's plan records (and run records, now stale) by records
 * made from sched, appended after the last task record's block at the end. */
void hs_instance_set_plan(struct hs_instance *in, const struct hs_schedule *sched);
/* Replace the stream's run records by records made from sched. */
void hs_instance_set_run(struct hs_instance *in, const struct hs_schedule *sched);
/* The same, the model taking sched's memory instead of a copy (a schedule
 * of in->ntasks slots is left empty, released; another is copied): a tool
 * that has no more use for its schedule saves a copy of every placement. */
void hs_instance_take_plan(struct hs_instance *in, struct hs_schedule *sched);
void hs_instance_take_run(struct hs_instance *in, struct hs_schedule *sched);
/* As take, but the stream gets one generated record (hs/format.h) that
 * writes the plan (run) lines from the model when the stream is written,
 * instead of a record per task: the tools' output path, where nothing
 * reads those records back.  The instance must outlive that writing. */
void hs_instance_emit_plan(struct hs_instance *in, struct hs_schedule *sched);
void hs_instance_emit_run(struct hs_instance *in, struct hs_schedule *sched);
/* Append a "prov STAGE key=val ..." record (stage "gen", "plan", "sim", ...),
 * replacing an earlier one of the same stage. Returns the record to fill. */
struct hs_record *hs_instance_prov(struct hs_instance *in, const char *stage);
/* Look up a provenance value: key "algo" searches every prov record (last
 * wins); "plan.algo" only the plan stage.  NULL if absent. */
const char *hs_stream_prov(const struct hs_stream *s, const char *key);

/* Whether r describes the platform: a platform, cluster, node, link, route
 * or router record (what hs-gen --platform copies and hs-sim --platform
 * replaces). */
int hs_record_is_platform(const struct hs_record *r);

/* Format a placement's fields into r (node=, cores=, gpus=, start=, end=, after=). */
void hs_placement_to_record(const struct hs_instance *in, const struct hs_placement *p,
			    struct hs_record *r);

/* ---------------- task graphs (deps=) ---------------- */

/* Whether some task of in has deps. */
int hs_instance_has_deps(const struct hs_instance *in);
/* The tasks that depend on each task: task i's successors are
 * succ[off[i] .. off[i+1]), in increasing index order. */
struct hs_task_succ {
	int n;
	int *off, *succ;
};
void hs_task_succ_build(const struct hs_instance *in, struct hs_task_succ *g);
void hs_task_succ_release(struct hs_task_succ *g);
/* A list-scheduling order that honours deps: repeatedly the first task of
 * prio (a permutation of the n task indices, the preferred order) whose
 * deps all come earlier.  Without deps it is prio itself.  out has n
 * slots and may be prio itself; returns the number written (n unless deps
 * are cyclic, which a loaded instance never has). */
int hs_deps_order(const struct hs_instance *in, const int *prio, int *out);
/* When task i may start in s: its release date, and not before any of its
 * deps ends in s (deps not placed in s are skipped). */
double hs_deps_ready(const struct hs_instance *in, const struct hs_schedule *s, int i);
/* Longest path through the deps where task i takes w[i] seconds and starts
 * no earlier than its release date: the largest release-or-ready + w over
 * tasks (0 without tasks).  With est non-NULL, est[i] receives task i's
 * earliest start on that path. */
double hs_critical_path(const struct hs_instance *in, const double *w, double *est);

/* ---------------- checks and bounds ---------------- */

/* Check a schedule against the instance: every task placed exactly once, on
 * existing nodes/cores/GPUs, scope respected, no core or GPU used by two tasks
 * at once, start >= release, finite times, end - start equal to the model's
 * duration (when check_durations), after lists consistent (each listed task
 * ends no later than this one starts and shares a resource with it) and
 * acyclic, deps honoured (each ends no later than the task starts).  Times
 * compare up to 1e-9 of the durations involved plus a few units in the last
 * place (rounding), never relative to the time alone.
 * Reports each problem (up to a few) and returns the number of problems. */
int hs_validate(const struct hs_instance *in, const struct hs_schedule *s, int check_durations);
/* The same with HS_VALIDATE_* flags. */
enum {
	HS_VALIDATE_DURATIONS = 1, /* check_durations */
	HS_VALIDATE_WARN = 2,      /* the messages are warnings ("FILE:LINE: warning: ...") */
	HS_VALIDATE_PARTIAL = 4,   /* tasks without a placement are no problem (a run
				    * that stopped, a plan in the making) */
};
int hs_validate_flags(const struct hs_instance *in, const struct hs_schedule *s, unsigned flags);
/* hs_schedule_compute_after(s, &in->plat), then hs_validate_flags(in, s,
 * flags): the same after lists, problems and messages, with one walk over
 * the uses of cores and GPUs where there were two (hs-plan, on a plugin's
 * plan without after lists). */
int hs_validate_set_after(const struct hs_instance *in, struct hs_schedule *s, unsigned flags);

struct hs_bounds {
	double longest;  /* max over tasks of its fastest possible time */
	double area;     /* total minimal work / total capacity */
	double lp;       /* LP bound (GLPK), NAN when not computed */
	double best;     /* max of the above */
	/* appended: the longest chain of deps= (each task at its fastest
	 * possible time, from its release date); the longest task without deps */
	double critical_path;
};
/* Standard makespan lower bounds; with_lp solves the LP with GLPK (quiet). */
void hs_lower_bounds(const struct hs_instance *in, int with_lp, struct hs_bounds *b);

#endif
