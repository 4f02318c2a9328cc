/* online_priv.h - the host's side of one online simulation (struct
 * hs_online of hs/online.h), shared by the host functions (host.c) and the
 * driver that connects them to the simulator (driver.c). */
#ifndef HS_ONLINE_PRIV_H
#define HS_ONLINE_PRIV_H

#include "authors_heap.h"
#include "hs/guard.h"
#include "hs/loader.h"
#include "hs/online.h"
#include "hs/onlinesim.h"
#include "hs/sim.h"

/* Where a job stands. */
enum { JOB_UNKNOWN, JOB_QUEUED, JOB_RUNNING, JOB_ENDED, JOB_REJECTED };

struct note {
	int job;
	int run;                      /* for its run record (hs_online_note_run) */
	char *key, *val;
	int next;                     /* the job's previous note, or -1 */
};

struct hs_online {
	struct hs_instance *in;
	const struct hs_online_run *cfg;
	const struct hs_online_engine *eng; /* what runs the jobs */
	struct hs_online_engine sim_eng; /* the simulator's, when eng is it */
	struct hs_sim *sim;           /* the simulator during its run, or NULL */
	int running;                  /* the engine's run began */
	struct hs_ctx *ctx;
	void *state;                  /* the algorithm's */
	struct hs_guard guard;        /* around every call into the plugin */
	struct hs_online_result *res;
	int model, clairvoyant;       /* what the run grants */
	int n;                        /* jobs */
	struct hs_online_machine m;
	int *node_first_core, *node_first_gpu, *core_node, *gpu_node;
	struct hs_online_job *jobs;
	char *status;                 /* JOB_* per job */
	int *core_job, *gpu_job;      /* the job running on each resource, or -1 */
	int *node_busy;               /* per node: its cores taken */
	int *node_whole;              /* per node: the job on all its cores, alone, with
				       * core_job not saying so (taken whole), or -1 */
	/* dependencies (task graphs): successors, and what each job waits for */
	int *succ_off, *succ;
	int *deps_left;
	/* the batch of events for the next call */
	struct hs_online_event *ev;
	int nev, capev;
	int *subs, nsubs;             /* submissions waiting to join the batch */
	int wake;                     /* a wake-up is due in this batch */
	double wake_at;               /* the latest wake-up timer set (dedup) */
	int rounds;                   /* calls at the current date */
	double round_date;
	/* decisions: a started job's resources and start are its run
	 * record's, filled by the simulator (the plan records are made
	 * from them at the end: one copy of each allotment while it runs) */
	struct hs_schedule *run;
	struct note *notes;           /* in the order first noted */
	int nnotes, capnotes;
	int *note_last;               /* per job: its last note, or -1 */
	int errors;
	int input_errors;             /* of those, the input's (no route): exit 2 */
	/* scratch for hs_online_start */
	struct hs_placement scratch;  /* its parts array kept, cap_parts long */
	int cap_parts;
	int *scratch_ids, cap_ids;
	/* ABI 2 */
	int nstatic;                  /* jobs of the stream (the others were submitted while running) */
	int unsubmitted;              /* jobs of the stream not submitted yet */
	int *alloc_ids, cap_alloc;    /* hs_online_alloc's arrays */
	char *kill_asked;             /* per job: hs_online_kill was called */
	double *early_wakes;          /* wake-ups asked in start, set as timers at the beginning */
	int nearly;
	/* hs_online_event_order (authors_order.c) */
	int order;                    /* HS_ONLINE_ORDER_* */
	struct hs_aheap aheap;        /* Lucarelli et al.'s event heap */
	struct hs_aheap_ev *grp;      /* a group popped from it ... */
	int ngrp, capgrp;             /* ... held until its ends come (a job that ends at once) */
	signed char *apend;           /* per job: its END (1) or SUBMIT (2) waits for its group */
	int napend;
	enum hs_state *aend_st;       /* the waiting END's state */
	int *alist, nalist, capalist; /* the jobs with a waiting event, in arrival order */
	int awake;                    /* a wake-up waits for the date's first batch */
	/* records as jobs end (eng->records) */
	double *decided;              /* per job: the date it was started */
	int *fresh, nfresh, capfresh; /* jobs ended or rejected, records not made yet */
	int log_started;              /* the event log has its first line */
	char *recorded;               /* per job: its records were made (with decided) */
	int late_notes;               /* notes that came after them */
	/* power states (power.c): NULL until the algorithm changes one */
	struct node_power *power;     /* per node */
	struct hs_node *node_orig;    /* the nodes as loaded (their fields change) */
	struct hs_power_trace trace;  /* the spans closed so far */
	double last_date;             /* the latest batch's date */
};

/* A node's power situation (hs/online.h's hs_online_power). */
struct node_power {
	enum hs_power_kind kind;
	int pstate;                   /* ON: computing state; else the sleeping state (0..) */
	int target;                   /* WAKING: the computing state it wakes into */
	double since, until;
	int changed;                  /* it left its initial state once: it has spans */
};

/* Timer ids of the power switches: node j's is POWER_TIMER(j) (< WAKE_TIMER). */
#define POWER_TIMER(j) (-2 - (j))
#define POWER_TIMER_NODE(id) (-2 - (id))

/* Timer ids of the simulator: a job's submission (its index), a wake-up
 * (this), a power switch (POWER_TIMER below). */
#define WAKE_TIMER (-1)

/* What a batch scheduler is told of job i (jobs_init, hs_online_submit). */
void hs_online_job_init(struct hs_online *h, int i);
/* Room for n jobs in every per-job array (jobs added while running). */
void hs_online_grow(struct hs_online *h, int n);

/* The driver's batch (driver.c): a submission or an end joins it; the
 * batch handed to the algorithm (0, or -1: stop the run). */
void hs_online_queue_submit(struct hs_online *h, int job, double now);
void hs_online_queue_end(struct hs_online *h, int job, enum hs_state st);
void hs_online_queue_wake(struct hs_online *h);
int hs_online_deliver(struct hs_online *h, double now);

/* HS_ONLINE_ORDER_LUCARELLI (authors_order.c): the heap filled with the
 * stream's submissions when the run begins, a started job's end, a date's
 * events handed over in the heap's order, the heap freed. */
void hs_online_authors_begin(struct hs_online *h);
void hs_online_authors_started(struct hs_online *h, int job);
void hs_online_authors_submitted(struct hs_online *h, int job, double release);
int hs_online_authors_settle(struct hs_online *h, double now);
void hs_online_authors_release(struct hs_online *h);

/* Records as jobs end (records.c): job ended or was rejected (nothing
 * unless the engine takes records); the records of those so far handed to
 * the engine. */
void hs_online_fresh(struct hs_online *h, int job);
void hs_online_flush_records(struct hs_online *h);
/* A note on job whose records were made already: said once; 1 (dropped). */
int hs_online_note_late(struct hs_online *h, int job, const char *key);

/* The batch ev[0 .. nev) of date now into the event log (eventlog.c). */
void hs_online_log_batch(struct hs_online *h, const struct hs_online_event *ev, int nev, double now);

/* Power states (power.c): a switch's timer came due; whether job may
 * start on p (0, or -1 after reporting a node that is not on); the run's
 * end: spans closed at end, nodes restored, and with rc 0 the energy of
 * run into res (before the records are written); the power records
 * appended to the stream; what the states held freed. */
void hs_online_power_due(struct hs_online *h, int node, double now);
int hs_online_power_check_start(struct hs_online *h, int job, const struct hs_placement *p);
void hs_online_power_end(struct hs_online *h, const struct hs_schedule *run, double end,
			 struct hs_online_result *res, int rc);
void hs_online_power_emit(struct hs_online *h);
void hs_online_power_release(struct hs_online *h);
/* A STATE event of node joins the batch (driver.c). */
void hs_online_queue_state(struct hs_online *h, int node);

/* A refused decision: "job ID: ..." (job -1: the message alone) into the
 * run's context, counted as an error; returns -1. */
int hs_online_bad(struct hs_online *h, int job, const char *fmt, ...) HS_PRINTF(3, 4);
/* 0 when job is waiting to start, else -1 after reporting why (what: the
 * call's name). */
int hs_online_check_waiting(struct hs_online *h, int job, const char *what);

/* The job's name in messages: "job ID". */
const char *hs_online_job_name(const struct hs_online *h, int job);

/* Mark the cores and GPUs of p as job's in core_job and gpu_job (or
 * node_whole), or free them again (job -1: p is that job's). */
void hs_online_mark(struct hs_online *h, const struct hs_placement *p, int job);

#endif
