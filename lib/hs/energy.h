/* hs/energy.h - the energy model of Hamano et al. (CPU + accelerator
 * clusters, see hs-energy(7)) and the estimates the energy plugins use.
 *
 * A "processor" of the paper is one core (node cores=N; cpu_busy/cpu_idle W
 * per core) or one GPU (node gpus=G; gpu_busy/gpu_idle W per GPU).
 *   E_processor = busy * P_busy + (systemTime - busy) * P_idle       (2)
 *   E_all       = sum over every core and GPU of E_processor        (3)
 *   EDP         = E_all * systemTime                                 (4)
 *   ED^n        = E_all * systemTime^n
 * systemTime is the schedule's makespan.  Processors that run nothing count
 * too (idle for the whole systemTime).
 */
#ifndef HS_ENERGY_H
#define HS_ENERGY_H

#include "hs/model.h"

/* Eq. (2) for one processor. */
double hs_energy_processor(double busy, double system_time, double p_busy, double p_idle);

struct hs_energy_metrics {
	double system_time;  /* makespan of the schedule */
	double cpu_busy;     /* busy core-seconds */
	double gpu_busy;     /* busy GPU-seconds */
	double e_cpu;        /* sum of E_processor over all cores */
	double e_gpu;        /* sum of E_processor over all GPUs */
	double e_all;        /* eq. (3): e_cpu + e_gpu (= hs_schedule_energy at the makespan) */
	double edp;          /* eq. (4) */
	double n;            /* exponent used for edn */
	double edn;          /* e_all * system_time^n */
};

/* Energy metrics of schedule s (a plan or a run) on in; placements with
 * task -1 are skipped.  For hs-report: rows energy = e_all, edp, edn. */
void hs_energy_metrics(const struct hs_instance *in, const struct hs_schedule *s, double n,
		       struct hs_energy_metrics *out);

/* ---------------- objectives ---------------- */

enum hs_energy_obj {
	HS_EOBJ_EDP,      /* E * T */
	HS_EOBJ_EDN,      /* E * T^n */
	HS_EOBJ_ENERGY,   /* E */
	HS_EOBJ_MAKESPAN, /* T */
};
#define HS_EOBJ_CHOICES "edp|edn|energy|makespan"
/* 0 and *out set, or -1 for an unknown name. */
int hs_energy_obj_parse(const char *name, enum hs_energy_obj *out);
const char *hs_energy_obj_name(enum hs_energy_obj o);
/* The objective's value for energy E and time T (+inf when either is). */
double hs_energy_objective(enum hs_energy_obj o, double n, double energy, double time);

/* ---------------- per-task times ---------------- */

/* Reference times of a sequential task: *cpu = t(1) on one core of the
 * reference node (+inf when the task cannot run on one core: on=gpu,
 * model=gpu, rigid size > 1), *gpu = time on one reference GPU (+inf when
 * the task cannot use a GPU: alpha=0, on=cpu, no GPU time). */
void hs_energy_task_times(const struct hs_task *t, double *cpu, double *gpu);
/* Acceleration factor cpu/gpu: 0 for CPU-only, +inf for GPU-only. */
double hs_energy_alpha(double cpu, double gpu);

/* ---------------- incremental estimate ----------------
 * E_all = sum_p busy_p (P_busy,p - P_idle,p) + T * sum_p P_idle,p, so adding
 * a task costs O(1): keep the first sum and the latest end. */
struct hs_energy_est {
	double idle_power; /* sum of P_idle over every core and GPU of the platform */
	double dynamic;    /* sum of busy * (P_busy - P_idle) */
	double time;       /* latest end so far (systemTime) */
};
void hs_energy_est_init(struct hs_energy_est *e, const struct hs_platform *pl);
/* A task busy on one processor of power p_busy/p_idle over [start, end]. */
void hs_energy_est_add(struct hs_energy_est *e, double start, double end, double p_busy,
		       double p_idle);
double hs_energy_est_energy(const struct hs_energy_est *e);

/* ---------------- virtual CPU and virtual accelerator (section 4.1) ----------------
 * All cores act as one virtual CPU running reference work at the sum of
 * their speeds and drawing the sum of their powers; all GPUs likewise. */
struct hs_energy_virt {
	double cpu_rate, gpu_rate;       /* sum of node speed over cores, gpu_speed over GPUs */
	double cpu_busy_w, cpu_idle_w;   /* sum of P_busy, P_idle over cores */
	double gpu_busy_w, gpu_idle_w;   /* over GPUs */
};
void hs_energy_virt_init(struct hs_energy_virt *v, const struct hs_platform *pl);
/* Energy and time of the virtual schedule with cpu_work reference
 * core-seconds on the virtual CPU and gpu_work reference GPU-seconds on the
 * virtual accelerator (+inf when work is put on a side without resources). */
void hs_energy_virt_eval(const struct hs_energy_virt *v, double cpu_work, double gpu_work,
			 double *energy, double *time);

/* One task as seen by the split: reference times (hs_energy_task_times). */
struct hs_energy_item {
	double cpu, gpu;
	int task; /* caller's index; also the last tie-break */
};
/* The order in which section 4.1 moves tasks to the accelerator: descending
 * alpha, then larger (CPU time) first, then smaller task index.  qsort-style. */
int hs_energy_item_cmp(const struct hs_energy_item *a, const struct hs_energy_item *b);

/* The static scheme of section 4.1: start with every task that can run on a
 * CPU on the virtual CPU (GPU-only ones on the accelerator), move tasks to the
 * virtual accelerator in hs_energy_item_cmp order (CPU-only ones never move),
 * and keep the assignment with the minimum objective (first minimum: fewest
 * moves).  Sets on_gpu[i] for items[i]; returns the number of tasks moved, or
 * -1 when some task can run nowhere (neither side has both resources and a
 * finite time for it).  value, energy and time (may be NULL) receive the
 * virtual schedule's objective, energy and time. */
int hs_energy_split(const struct hs_energy_virt *v, const struct hs_energy_item *items, int n,
		    enum hs_energy_obj obj, double nexp, char *on_gpu, double *value,
		    double *energy, double *time);

#endif
