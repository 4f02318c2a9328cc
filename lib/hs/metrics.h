/* hs/metrics.h - schedule metrics and the replay of a plan under the model. */
#ifndef HS_METRICS_H
#define HS_METRICS_H

#include "hs/model.h"
#include "hs/power.h"

struct hs_metrics {
	int tasks;             /* placed tasks */
	double makespan;       /* max end - min(0, min start) */
	double lower_bound;    /* hs_lower_bounds().best */
	double ratio;          /* makespan / lower_bound */
	double utilization;    /* busy core-seconds / (total cores * makespan) */
	double gpu_utilization;/* busy GPU-seconds / (total GPUs * makespan); NAN without GPUs */
	double sum_completion; /* sum of end times */
	double mean_completion;
	double idle_time;      /* idle core-seconds within [0, makespan] */
	int killed, failed;    /* from run records */
	double energy;         /* joules: E_all of hs/energy.h at the makespan */
	/* Appended for hs-report (fields are only ever appended). */
	double gpu_idle_time;  /* idle GPU-seconds within [0, makespan]; NAN without GPUs */
	int has_release;       /* some task has a release date > 0 */
	/* Per placed task i with release r, start s, end C and p = C - s: */
	double mean_waiting;   /* mean of s - r */
	double max_waiting;
	double mean_turnaround;/* mean of C - r */
	double mean_slowdown;  /* mean of (C - r) / p over tasks with p > 0 */
	double max_slowdown;
	double mean_bsld;      /* mean of max(1, (C - r) / max(p, tau)) */
	double edp, edn;       /* energy * makespan, energy * makespan^n */
	int workers;           /* distinct cores and GPUs that ran some task */
	double seq_time;       /* sum over tasks of their time on one worker (see rue) */
	double rue;            /* RSCHED eq. (10), see hs-report(1) */
	int rejected;          /* run records with state=rejected (not in tasks) */
	/* applications (app=): how many, and the mean of each one's span (its
	 * tasks' latest end - earliest start) */
	int apps;
	double mean_app_makespan;
	/* power states (hs/power.h): with hs_metrics_opts.power, energy is
	 * theirs (per core, Hamano's), and the time asleep and switching, in
	 * node-seconds within [0, makespan], and the switches begun there */
	double asleep_time, switching_time;
	int switches;
	double mean_job_energy; /* mean of the run records' energy= (NAN: none) */
	/* appended: hs-sim's data model (run records' h2d=, d2h=, fetch=):
	 * bytes moved host to GPU and GPU to host, seconds tasks waited for
	 * their data, and the mean over applications of the bytes moved for
	 * their tasks (NAN without applications) */
	double bytes_h2d, bytes_d2h, fetch_time, mean_app_bytes;
};

struct hs_metrics_opts {
	int with_lp;           /* include the LP lower bound (GLPK) */
	double bsld_tau;       /* bounded slowdown threshold in seconds (10) */
	double edn;            /* exponent n of ED^n (2) */
	const struct hs_bounds *bounds; /* already computed, or NULL: computed here */
	/* appended: the nodes' power states over the schedule (its power
	 * records), or NULL: every node on in its initial state */
	const struct hs_power_trace *power;
};
void hs_metrics_opts_init(struct hs_metrics_opts *o);

/* Compute metrics of s (a plan or a run schedule) on in. */
void hs_metrics_eval(const struct hs_instance *in, const struct hs_schedule *s,
		     const struct hs_metrics_opts *o, struct hs_metrics *m);
/* The same with the default options and with_lp. */
void hs_metrics_compute(const struct hs_instance *in, const struct hs_schedule *s, int with_lp,
			struct hs_metrics *m);

/* Energy of a schedule: sum over cores and GPUs of busy time * P_busy plus
 * idle time within [0, horizon] * P_idle (in energy.c; at the makespan it is
 * hs_energy_metrics' e_all, bit for bit). */
double hs_schedule_energy(const struct hs_instance *in, const struct hs_schedule *s, double horizon);

/* Replay a static plan under the runtime model: each task starts when all
 * tasks in its after list and its deps have ended (and not before its
 * release date), and
 * runs for the model's duration on its allotment (t(p)/f_j on cores, the GPU
 * time on a GPU; the slowest node of a multi-node allotment sets the pace).
 * A task still running at its walltime is killed there.  run is initialised
 * here; per-task energy is filled in.  Returns 0, or -1 after reporting a
 * task whose end date overflows (beyond 1.8e308 s: an input error). */
int hs_replay(const struct hs_instance *in, const struct hs_schedule *plan, struct hs_schedule *run);

/* The order a plan's after lists and the instance's deps impose, as
 * successor lists: the tasks that wait for task i are succ[off[i] ..
 * off[i+1]), and indeg[i] counts the tasks i waits for (each once; entries
 * that are not planned tasks, or i itself, are ignored). */
struct hs_plan_graph {
	int n;
	int *off, *succ, *indeg;
};
void hs_plan_graph_build(const struct hs_instance *in, const struct hs_schedule *plan,
			 struct hs_plan_graph *g);
void hs_plan_graph_release(struct hs_plan_graph *g);

/* Initialise run (for ntasks tasks) with the plan's allotments and after
 * lists; times, states and energies are left to the caller. */
void hs_run_from_plan(const struct hs_schedule *plan, int ntasks, struct hs_schedule *run);

/* Duration of task t on placement p under the model (+inf if impossible). */
double hs_placement_duration(const struct hs_instance *in, const struct hs_task *t,
			     const struct hs_placement *p);

#endif
