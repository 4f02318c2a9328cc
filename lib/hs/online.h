/* hs/online.h - the online (event-driven) scheduling ABI, HS_ONLINE_ABI 4
 * (see hs-plugin(7), ONLINE ALGORITHMS).
 *
 * An online algorithm is driven by hs-sim (`hs-sim -a NAME`): the simulator
 * tells it what a batch scheduler learns while the machine runs, and the
 * algorithm answers with decisions.
 *
 *   events (in a batch, all at one date, in this order):
 *     HS_ONLINE_END     a job it started ended: done, killed at its walltime,
 *                       or failed;
 *     HS_ONLINE_SUBMIT  a job became known: its release date came and, in a
 *                       task graph, every job it depends on ended;
 *     HS_ONLINE_WAKE    a wake-up the algorithm asked for;
 *     HS_ONLINE_STATE   a node's power state changed as it asked (ABI 3).
 *   decisions (host functions, called from inside the events callback):
 *     hs_online_start   start a job now on given cores and GPUs (or
 *                       hs_online_start_runs: cores as runs, ABI 4);
 *     hs_online_reject  never run a job;
 *     hs_online_wake    call me again at a later date;
 *     hs_online_kill    end a running job now (ABI 2);
 *     hs_online_submit  a job of the algorithm's own, submitted now or
 *                       later (ABI 2);
 *     hs_online_set_pstate  switch a node to a computing or sleeping
 *                       state (ABI 3);
 *     hs_online_prefetch, hs_online_transfer_estimate  a job's data
 *                       (ABI 4).
 *
 * What an algorithm may know: by default what a batch scheduler knows, the
 * machine (cores, GPUs, nodes, clusters) and for each submitted job its
 * size, walltime (the user's estimate), release date, priority and
 * application; never its real duration nor its computation and
 * communication amounts.  An algorithm that needs the runtime model (a
 * performance model, as StarPU's schedulers have) declares
 * HS_ONLINE_NEEDS_MODEL; `hs-sim --clairvoyant` grants the whole task to any
 * algorithm, for research on clairvoyant schedulers.  The stream records
 * which knowledge a run had (prov sim knowledge=).
 *
 * Compatibility: the rules of hs/plugin.h.  Every struct carries its size
 * and only grows at the end; host functions are only ever added.  A plugin
 * built for online ABI 1 (no kill, no submit, no views of running jobs),
 * 2 (no power states) or 3 (no starts on runs) loads and runs unchanged.
 */
#ifndef HS_ONLINE_H
#define HS_ONLINE_H

#include <stdint.h>
#include "hs/model.h"
#include "hs/power.h"
#include "hs/util.h"

#define HS_ONLINE_ABI 4

/* The host's side of one simulation: passed to every callback, the
 * argument of every decision.  Opaque. */
struct hs_online;
struct hs_optvals;
struct hs_ctx;

/* ---------------- what the algorithm sees ---------------- */

/* The machine.  Cores are numbered 0..ncores-1 node by node in stream
 * order (a node's cores are consecutive), GPUs likewise; nodes of a
 * cluster are consecutive (hs_platform.clusters[k].first_node). */
struct hs_online_machine {
	uint32_t struct_size;
	const struct hs_platform *plat; /* ids, clusters, nodes, cores, GPUs, speeds */
	int ncores, ngpus;
	const int *node_first_core;     /* [nnodes + 1]: node j has cores [a, b) */
	const int *node_first_gpu;      /* [nnodes + 1] */
	const int *core_node;           /* [ncores]: the node of each core */
	const int *gpu_node;            /* [ngpus] */
	int njobs;                      /* jobs are numbered 0..njobs-1 (stream order) */
};

/* A submitted job, as a batch scheduler sees it. */
struct hs_online_job {
	uint32_t struct_size;
	int index;          /* 0..njobs-1: names the job in decisions */
	const char *id;     /* the task's id in the stream */
	int cores;          /* cores it asks for: a rigid task's size; else its
			     * size= limit, or 1 (0 for a GPU-only task) */
	int gpus;           /* GPUs it asks for: 1 for a GPU-only task, else 0 */
	double walltime;    /* the user's estimate, +inf when none: hs-sim kills
			     * a job still running walltime seconds after its start */
	double release;     /* submission date */
	double submitted;   /* when it became known (release, or its last
			     * dependency's end) */
	double priority;    /* prio=, 0 by default */
	const char *app;    /* application, or NULL */
	enum hs_scope scope;/* one node, one cluster, or any */
	enum hs_on on;      /* cores, a GPU, or either (a moldable choice) */
	const int *deps;    /* jobs it depends on (task graphs), or NULL */
	int ndeps;
	/* The whole task (runtime model, comp, comm) when the run grants it
	 * (HS_ONLINE_NEEDS_MODEL or --clairvoyant), else NULL. */
	const struct hs_task *task;
};

enum hs_online_event_type {
	HS_ONLINE_END = 1,
	HS_ONLINE_SUBMIT,
	HS_ONLINE_WAKE,
	HS_ONLINE_STATE, /* ABI 3: job is the node's index (hs_online_power) */
};

struct hs_online_event {
	uint32_t struct_size;
	enum hs_online_event_type type;
	int job;             /* END, SUBMIT: the job; WAKE: -1; STATE: the node */
	enum hs_state state; /* END: HS_STATE_DONE, _KILLED or _FAILED */
	double time;         /* the date of the batch (hs_online_now) */
};

/* ---------------- the algorithm's descriptor ---------------- */

enum {
	/* The algorithm uses the runtime model (hs_online_estimate, job->task):
	 * granted by hs-sim, and said in the run's provenance. */
	HS_ONLINE_NEEDS_MODEL = 1u << 0,
};

struct hs_online_ops {
	uint32_t struct_size;  /* sizeof(struct hs_online_ops) */
	uint32_t online_abi;   /* HS_ONLINE_ABI: the ABI built for (1 to 4) */
	uint32_t flags;        /* HS_ONLINE_* above */
	/* Once, before the first event: set *state (may stay NULL).  Return 0,
	 * or -1 after hs_ctx_error (bad options for this machine, ...). */
	int (*start)(struct hs_online *h, const struct hs_optvals *opts, struct hs_ctx *ctx,
		     void **state);
	/* A batch of nev events, all at hs_online_now(h): ends first (in the
	 * order the jobs ended), then submissions (by release date, then
	 * stream order), then wake-ups.  Decide with the functions below.
	 * Return 0, or -1 after hs_ctx_error (hs-sim stops, exit 1). */
	int (*events)(void *state, struct hs_online *h, const struct hs_online_event *ev, int nev,
		      struct hs_ctx *ctx);
	/* Once at the end, also after an error (a failed start included):
	 * free state. */
	void (*finish)(void *state);
};

/* ---------------- host functions ---------------- */

/* The current date of the simulation. */
double hs_online_now(const struct hs_online *h);
const struct hs_online_machine *hs_online_machine(const struct hs_online *h);
/* The job, once submitted (any job when the run grants the model); NULL
 * otherwise or out of range. */
const struct hs_online_job *hs_online_job(const struct hs_online *h, int job);

/* Jobs are killed exactly walltime seconds after their start (the END
 * event then says HS_STATE_KILLED), unless done at that very date. */

/* Start job now on ncores cores and ngpus GPUs (machine numbering; the
 * arrays are copied).  The host checks the decision: the job is submitted,
 * waiting, and the resources exist, are free and fit what it asks for (its
 * size, its scope, cores or GPU).  Returns 0, or -1 after reporting the
 * problem ("hs-sim: easy: job j3: core 5 (node n2) is busy: job j1 runs
 * there"): the simulation then stops with exit 1 once the callback
 * returns. */
int hs_online_start(struct hs_online *h, int job, const int *cores, int ncores, const int *gpus,
		    int ngpus);
/* Never run a waiting job (its run record says state=rejected). */
int hs_online_reject(struct hs_online *h, int job);
/* Call the algorithm again (a WAKE event) at date t >= now.  Several
 * wake-ups at one date make one event.  From start (ABI 2), a wake-up at
 * t >= 0 comes once the simulation begins (at 0: a first batch at 0). */
int hs_online_wake(struct hs_online *h, double t);
/* Add key=value to the job's plan record (say, its first reservation:
 * "resv"), or to the run record of a job it rejects (why), shown to
 * hs-report and to tests; the last value of a key wins.  Keys the host
 * writes itself (node, cores, gpus, start, end, after, and on a run record
 * state) are refused. */
void hs_online_note(struct hs_online *h, int job, const char *key, const char *fmt, ...)
	HS_PRINTF(4, 5);
/* Whether a resource is busy now: the job running there, or -1. */
int hs_online_core_job(const struct hs_online *h, int core);
int hs_online_gpu_job(const struct hs_online *h, int gpu);
/* The runtime model's duration of job on ncores cores of node (ngpus 0) or
 * on one GPU of node (ncores 0, ngpus 1): NAN unless the run grants the
 * model.  Node -1 (ABI 2): the reference node, with as many cores as asked
 * (a duration independent of where the job goes, such as a profile's). */
double hs_online_estimate(const struct hs_online *h, int job, int node, int ncores, int ngpus);

/* ---------------- ABI 2 (appended) ---------------- */

/* Kill a running job now: it ends HS_STATE_KILLED at this date, its END
 * event in a batch of its own after this callback (as a walltime kill).
 * Returns 0 (asked twice: still 0); 1 when the job has ended already
 * (nothing done: a kill that crossed its end); -1 after reporting when the
 * job never started (waiting, rejected, not submitted). */
int hs_online_kill(struct hs_online *h, int job);
/* The fraction of a job's work done, in [0, 1]: now while it runs, at its
 * end once ended (1 when done; less when killed or failed); NAN before it
 * starts.  Under the runtime model the time elapsed over its duration,
 * under the flow model the work done (0 while its latency runs). */
double hs_online_progress(const struct hs_online *h, int job);

/* Where and since when a job runs (or ran). */
struct hs_online_alloc {
	uint32_t struct_size;  /* set by the caller: sizeof(struct hs_online_alloc) */
	double start;
	const int *cores;      /* machine numbering, ascending */
	int ncores;
	const int *gpus;
	int ngpus;
};
/* Fill *a for a job that runs or has run; the arrays stay valid until the
 * next call.  Returns 0, or -1 (never started; nothing reported). */
int hs_online_alloc(struct hs_online *h, int job, struct hs_online_alloc *a);

/* Submit a job of the algorithm's own (a resubmission, a workflow's next
 * step, a job a Batsim scheduler registers) at date release (>= now),
 * when its SUBMIT event comes (a batch of its own when release is now).
 * id: its task id, which no task may have (NULL: hs names it dynN);
 * fields: its task record's fields as in the stream, hs-format(5), such as
 * "model=rigid size=4 time=60 walltime=120" (deps= is refused; release=
 * is the argument's).  The job gets the next index (hs_online_machine's
 * njobs grows, and pointers that hs_online_job gave before may move), a
 * task record in the output and, once decided, its plan and run records.
 * Returns its index, or -1 after reporting a bad field or a taken id. */
int hs_online_submit(struct hs_online *h, const char *id, const char *fields, double release);
/* How many jobs of the input have not been submitted yet (0: no more will
 * come but the algorithm's own; jobs held back by a dependency count). */
int hs_online_unsubmitted(const struct hs_online *h);
/* As hs_online_note, for the job's run record: what happened to it (a
 * metadata string an external scheduler set, an exit code); the run
 * record of a job that never started nor was rejected has no place for
 * it. */
void hs_online_note_run(struct hs_online *h, int job, const char *key, const char *fmt, ...)
	HS_PRINTF(4, 5);
/* The order of a date's events, asked for in start (appended to ABI 2).
 * HS_ONLINE_ORDER_STREAM, the default: one batch a date, the ends, then
 * the submissions by release date and stream order.
 * HS_ONLINE_ORDER_LUCARELLI: as Lucarelli et al.'s batch simulator (the
 * code behind Dutot et al. §5.2) hands them over: one binary heap holds
 * every submission (inserted in stream order at the start) and each
 * started job's end (inserted when it starts, in the order of the starts),
 * and a date's ends, then its submissions, come as that heap returns them,
 * each group in a batch of its own.  The host knows the ends; the
 * algorithm learns nothing but the order.  Returns 0, or -1 (nothing
 * reported; the order stays the stream's) where the run cannot give it:
 * outside start, under the flow model (a job's end is not known when it
 * starts), with task graphs, or one event a call (hs-sim --per-event). */
enum { HS_ONLINE_ORDER_STREAM = 0, HS_ONLINE_ORDER_LUCARELLI = 1 };
int hs_online_event_order(struct hs_online *h, int order);

/* ---------------- ABI 3 (appended): power states ----------------
 *
 * A node's states (hs/power.h, hs-format(5) pstates= and sleep=) are
 * numbered for the algorithm: its computing states 0 .. npstates-1, then
 * its sleeping states npstates .. npstates+nsleeps-1.  A node is ON in a
 * computing state, switching OFF into a sleeping state, ASLEEP in one, or
 * WAKING from one; only an ON node runs jobs (a start elsewhere is
 * refused), at its computing state's speed, drawing its watts.  A switch
 * takes the sleeping state's off_time (on_time) and off_energy
 * (on_energy); a change between computing states is immediate.  Each
 * change the algorithm asks for ends with an HS_ONLINE_STATE event (job:
 * the node), in the batch of the date it completes, after the ends and
 * before the submissions (an immediate one in a batch of its own after
 * the current callback).  The run records the states the nodes went
 * through (power records) and its energy counts them. */

struct hs_online_power {
	uint32_t struct_size;   /* set by the caller: sizeof(struct hs_online_power) */
	enum hs_power_kind kind;/* HS_POWER_ON, _OFF, _ASLEEP or _WAKING */
	int pstate;             /* its state now (ON: the computing state; else the
				 * sleeping state's number, npstates + s) */
	int target;             /* where the switch leads (OFF: the sleeping state,
				 * WAKING: the computing state); else pstate */
	double since;           /* when the node came in this situation */
	double until;           /* OFF, WAKING: when the switch completes; else +inf */
	int npstates, nsleeps;  /* the node's computing and sleeping states */
	int busy;               /* cores and GPUs of the node taken by running jobs */
};
/* Fill *p for node (0 .. nnodes-1).  Returns 0, or -1 (no such node;
 * nothing reported). */
int hs_online_power(const struct hs_online *h, int node, struct hs_online_power *p);
/* Ask node to go to state pstate (the numbering above): from ON to
 * another computing state (the node must run nothing: immediate), from ON
 * to a sleeping state (the node must run nothing: switches off), from
 * ASLEEP to a computing state (switches on); to its own computing state,
 * nothing changes but the event comes.  Returns 0, or -1 after reporting
 * (a node that is switching, runs a job, asleep asked to sleep, no such
 * state, or a run that cannot change states: hs-exec's real nodes). */
int hs_online_set_pstate(struct hs_online *h, int node, int pstate);
/* The energy the platform consumed from 0 to now (joules), as the run's
 * energy counts it (hs-sim --energy); a scan of the jobs started. */
double hs_online_energy(const struct hs_online *h);

/* ---------------- ABI 4 (appended): starts on runs of cores ----------------
 *
 * A wide job holds thousands of cores, nearly always a few runs of
 * consecutive ones (whole nodes): given as runs, its start costs the host
 * a part per node, not a check and a copy per core (on the whole CEA
 * Curie log, 191 million core ids handed over one by one). */

/* The cores first .. first + n - 1 (machine numbering). */
struct hs_online_range {
	int first, n;
};
/* hs_online_start with the cores as nruns runs (runs NULL when nruns is
 * 0), in increasing order; runs that touch are one run.  The same checks,
 * in the same order, with the same messages, and refused too (-1 after
 * reporting): a run of no core (n <= 0), a core out of range, runs that
 * overlap ("core C (node N) given twice") or come out of order.  The
 * arrays are copied. */
int hs_online_start_runs(struct hs_online *h, int job, const struct hs_online_range *runs, int nruns,
			 const int *gpus, int ngpus);

/* ---------------- ABI 4 (appended): a job's data ----------------
 *
 * Under hs-sim's data model (hs-sim(1) DATA) a task's inputs, the outputs
 * of its deps, live in the host's memory and in GPU memories, and move
 * over each GPU's link to the host.  A GPU is named by its machine index
 * (0 .. ngpus-1, as hs_online_start takes it); gpu -1 means node's cores
 * (the host's memory).  Elsewhere (hs-exec, --transfers off, a platform
 * without gpu_bw) data cost nothing: a prefetch does nothing and every
 * estimate is 0. */

/* Job will start on gpu (or node's cores): its inputs that fit brought
 * there ahead, without evicting anything (StarPU's prefetch at push
 * time).  Returns 0, or -1 after reporting (no such job, node or GPU). */
int hs_online_prefetch(struct hs_online *h, int job, int node, int gpu);
/* Seconds to bring job's inputs to gpu (or node's cores), each input
 * alone on its links, 0 for one there or on its way (StarPU's expected
 * data transfer time, DMDA's beta term); NAN for no such job, node or
 * GPU. */
double hs_online_transfer_estimate(const struct hs_online *h, int job, int node, int gpu);

#endif
