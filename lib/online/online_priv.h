/* online_priv.h - the host's side of one online simulation (struct
 * hs_online of hs/online.h), shared by the host functions (host.c) and the
 * driver that connects them to the simulator (driver.c). */
#ifndef HS_ONLINE_PRIV_H
#define HS_ONLINE_PRIV_H

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
	struct hs_sim *sim;           /* during the run */
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
	/* scratch for hs_online_start */
	struct hs_placement scratch;
	int *scratch_ids, cap_ids;
	/* ABI 2 */
	int nstatic;                  /* jobs of the stream (the others were submitted while running) */
	int unsubmitted;              /* jobs of the stream not submitted yet */
	int *alloc_ids, cap_alloc;    /* hs_online_alloc's arrays */
	char *kill_asked;             /* per job: hs_online_kill was called */
	double *early_wakes;          /* wake-ups asked in start, set as timers at the beginning */
	int nearly;
};

/* Timer ids of the simulator: a job's submission (its index), or this. */
#define WAKE_TIMER (-1)

/* What a batch scheduler is told of job i (jobs_init, hs_online_submit). */
void hs_online_job_init(struct hs_online *h, int i);
/* Room for n jobs in every per-job array (jobs added while running). */
void hs_online_grow(struct hs_online *h, int n);

/* The job's name in messages: "job ID". */
const char *hs_online_job_name(const struct hs_online *h, int job);

#endif
