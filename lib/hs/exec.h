/* hs/exec.h - hs-exec's engine: run a planned stream for real and report
 * what happened as run records.
 *
 * A task is started when every task of its plan `after` list has ended
 * (whatever its state) and not before its release date; with `timed` also
 * not before its planned start.  Times are seconds since the engine started
 * (hs_exec_run).  Back ends:
 *   local  fork, own process group, pinned to the planned cores
 *          (sched_setaffinity), stdout/stderr into the log directory;
 *   ssh    the same through `ssh DEST`, pinned there with taskset;
 *   slurm  one sbatch job per task, `after` lists as afterany dependencies.
 * See hs-exec(1) for the user's view.
 */
#ifndef HS_EXEC_H
#define HS_EXEC_H

#include <stdio.h>
#include "hs/model.h"

struct hs_exec_opts {
	const char *backend;     /* "local" (default), "ssh", "slurm" */
	const char *command;     /* template for every task, or NULL: each task's cmd */
	const char *log_dir;     /* NULL: a new directory hs-exec.XXXXXX under $TMPDIR */
	const char *node_map;    /* "PLANNODE=NODE,..." (may be NULL) */
	const char *hosts;       /* ssh: the hosts file */
	const char *ssh;         /* ssh: client command and options (default "ssh") */
	const char *sbatch_args; /* slurm: extra sbatch arguments, split at blanks */
	double kill_grace;       /* seconds from SIGTERM to SIGKILL (default 2) */
	double poll;             /* slurm: seconds between polls (default 0.5) */
	int timed;               /* also wait for the planned start */
	int fail_fast;           /* stop at the first failed or killed task */
	int progress;            /* one line of progress on stderr */
	int dry_run;             /* only hs_exec_dry_run follows: create no log directory */
	/* appended */
	double time_scale;       /* stream seconds per second of the run (default 1) */
	int live;                /* no plan: an online algorithm starts the tasks (below) */
};

void hs_exec_opts_init(struct hs_exec_opts *o);

struct hs_exec;

/* Check the plan against the options and the back end (nodes, cores, GPUs,
 * commands) and create the log directory.  *out receives the engine.
 * Returns HS_EXIT_OK, HS_EXIT_USAGE (bad plan or options) or HS_EXIT_FAIL
 * (e.g. Slurm unreachable), after reporting. */
int hs_exec_prepare(struct hs_exec **out, struct hs_instance *in, const struct hs_exec_opts *o);

/* Print what would run, one line per task in planned-start order:
 * "TASK NODE CORES GPUS COMMAND". */
void hs_exec_dry_run(struct hs_exec *x, FILE *f);

/* Called once per task that ran, as soon as it ended, with its run record
 * (node=, cores=, gpus= as planned; start=, end= observed; state=, exit=;
 * slurm_job= on Slurm).  The record belongs to the engine. */
typedef void (*hs_exec_end_fn)(void *arg, const struct hs_record *run);

/* Run every task.  SIGINT, SIGTERM and SIGHUP kill the running tasks'
 * process groups (SIGTERM, SIGKILL after kill_grace) and end the run.
 * Returns the exit status for the tool: 0 when every task ran and
 * succeeded, 1 when one failed, was killed or did not run, 128+N after
 * signal N. */
int hs_exec_run(struct hs_exec *x, hs_exec_end_fn end, void *arg);

/* Counts after hs_exec_run. */
struct hs_exec_counts {
	int tasks, done, failed, killed, notrun;
	double elapsed;   /* seconds */
	double planned;   /* planned makespan */
};
void hs_exec_counts(const struct hs_exec *x, struct hs_exec_counts *c);

const char *hs_exec_log_dir(const struct hs_exec *x);

/* Live (o->live, hs-exec -a): the tasks need no plan; an online algorithm
 * (hs/onlinesim.h's hs_online_drive) starts them on the engine that this
 * fills in, whose dates are the stream's (the clock times --time-scale)
 * and whose run records reach end (the one of hs_exec_run) with each
 * task's plan record before it.  Prepare checks the platform against the
 * back end instead of a plan.  The run's exit status, after
 * hs_online_drive, is hs_exec_live_status's. */
struct hs_online_engine;
struct hs_ctx;
typedef void (*hs_exec_ready_fn)(void *arg, struct hs_ctx *ctx);
void hs_exec_live_engine(struct hs_exec *x, struct hs_online_engine *eng, hs_exec_ready_fn ready,
			 hs_exec_end_fn end, void *arg);
int hs_exec_live_status(const struct hs_exec *x);
void hs_exec_free(struct hs_exec *x);

/* Expand a --command template for task t planned as p on host (the back
 * end's name for the node).  Placeholders: {task} {node} {host} {cores}
 * {ncores} {gpus} {ngpus} {time} {start} {end} {walltime} {field.KEY};
 * {{ and }} are literal braces.  Values with characters other than
 * letters, digits and ._,/:+-@%= are inserted single-quoted for sh.
 * Returns a malloc'd string, or NULL with *err set to a malloc'd message. */
char *hs_exec_expand(const char *tmpl, const struct hs_instance *in, const struct hs_task *t,
		     const struct hs_placement *p, const char *host, char **err);

/* Single-quote s for sh when it needs it (see above); malloc'd. */
char *hs_shell_quote(const char *s);

#endif
