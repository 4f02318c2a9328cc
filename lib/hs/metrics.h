/* hs/metrics.h - schedule metrics and the replay of a plan under the model. */
#ifndef HS_METRICS_H
#define HS_METRICS_H

#include "hs/model.h"

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
	double energy;         /* joules: per-core/GPU busy and idle power over [0, makespan] */
};

/* Compute metrics of s (a plan or a run schedule) on in. */
void hs_metrics_compute(const struct hs_instance *in, const struct hs_schedule *s, int with_lp,
			struct hs_metrics *m);

/* Energy of a schedule: sum over cores and GPUs of busy time * P_busy plus
 * idle time within [0, horizon] * P_idle. */
double hs_schedule_energy(const struct hs_instance *in, const struct hs_schedule *s, double horizon);

/* Replay a static plan under the runtime model: each task starts when all
 * tasks in its after list have ended (and not before its release date), and
 * runs for the model's duration on its allotment (t(p)/f_j on cores, the GPU
 * time on a GPU; the slowest node of a multi-node allotment sets the pace).
 * A task still running at its walltime is killed there.  run is initialised
 * here; per-task energy is filled in.  Returns 0. */
int hs_replay(const struct hs_instance *in, const struct hs_schedule *plan, struct hs_schedule *run);

/* The order a plan's after lists impose, as successor lists: the tasks
 * that wait for task i are succ[off[i] .. off[i+1]), and indeg[i] counts
 * the tasks i waits for (after entries that are not planned tasks, or i
 * itself, are ignored). */
struct hs_plan_graph {
	int n;
	int *off, *succ, *indeg;
};
void hs_plan_graph_build(const struct hs_schedule *plan, int ntasks, struct hs_plan_graph *g);
void hs_plan_graph_release(struct hs_plan_graph *g);

/* Initialise run (for ntasks tasks) with the plan's allotments and after
 * lists; times, states and energies are left to the caller. */
void hs_run_from_plan(const struct hs_schedule *plan, int ntasks, struct hs_schedule *run);

/* Duration of task t on placement p under the model (+inf if impossible). */
double hs_placement_duration(const struct hs_instance *in, const struct hs_task *t,
			     const struct hs_placement *p);

#endif
