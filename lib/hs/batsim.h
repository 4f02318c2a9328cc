/* hs/batsim.h - Batsim workloads (JSON): jobs and the profiles they run.
 *
 * A workload is {"nb_res": N, "jobs": [...], "profiles": {...}}; a job is
 * {"id", "subtime", "walltime" (optional, -1: none), "res", "profile"}.
 * Profiles hs replays, under the names of every Batsim version:
 *   delay                 (DelayProfile)                 a fixed time;
 *   parallel              (ptask, msg_par,
 *                          ParallelTaskProfile)          cpu[res] flop per
 *                         host, com[res x res] bytes from row host to column;
 *   parallel_homogeneous  (ptask_homogeneous, msg_par_hg,
 *                          ParallelTaskHomogeneousProfile) cpu per host, com
 *                         per ordered pair of distinct hosts, or with
 *                         generation_strategy "defined_amount_spread_uniformly"
 *                         (DefinedAmountsSpreadUniformly) cpu/res and
 *                         com/(res(res-1)) each;
 *   parallel_homogeneous_total (msg_par_hg_tot)         the same, spread.
 * Any other type is an error naming the job and the type when a job uses it.
 * Every problem is reported as "PROG: FILE:LINE: ..." with the line of the
 * job or profile, and the load fails: nothing half-read is returned.
 */
#ifndef HS_BATSIM_H
#define HS_BATSIM_H

#include <stddef.h>

enum hs_batsim_kind {
	HS_BATSIM_DELAY,
	HS_BATSIM_PARALLEL,     /* cpu and com arrays */
	HS_BATSIM_HOMOGENEOUS,  /* one cpu and one com value per job */
};

struct hs_batsim_job {
	const char *id;          /* as written (an integer id as its digits) */
	const char *profile;
	int line;                /* of the job's object */
	double subtime;
	double walltime;         /* -1: none */
	long res;
	enum hs_batsim_kind kind;
	double delay;            /* DELAY */
	double cpu1, com1;       /* HOMOGENEOUS: flop per host, bytes per ordered pair */
	const double *cpu;       /* PARALLEL: res values */
	const double *com;       /* PARALLEL: res x res values, or NULL (none) */
};

struct hs_batsim {
	char *name;              /* the file, for messages */
	long nb_res;
	struct hs_batsim_job *jobs;
	int njobs;
	void *priv_;
};

/* Read and check a workload (path "-" or NULL: stdin; compressed files
 * read too).  NULL after reporting the first problem. */
struct hs_batsim *hs_batsim_load(const char *path);
/* The same from text[0, len) named name (for messages). */
struct hs_batsim *hs_batsim_parse(const char *name, const char *text, size_t len);
void hs_batsim_free(struct hs_batsim *w);

#endif
