/* exec/exec_priv.h - shared by the engine (engine.c) and its back ends
 * (local.c, ssh.c, slurm.c, proc.c).  Not installed. */
#ifndef HS_EXEC_PRIV_H
#define HS_EXEC_PRIV_H

#include <signal.h>
#include <sys/types.h>
#include "hs/exec.h"
#include "hs/sim.h"
#include "hs/util.h"
#include "util/heap.h"

enum xt_status { XT_WAITING, XT_RUNNING, XT_ENDED, XT_NOTRUN };
enum xt_kill { XK_NONE, XK_WALLTIME, XK_STOP };

/* One task during a run. */
struct xtask {
	int index;                      /* task index */
	const struct hs_task *task;
	const struct hs_placement *plan; /* live: its slot of the run, once started */
	enum xt_status status;
	char *cmd;                      /* the command, run by /bin/sh -c */
	char **env;                     /* "KEY=VALUE", NULL-terminated */
	char **hosts;                   /* back end's name of each part's node */
	int nhosts;
	char *log_base;                 /* LOGDIR/NAME: .out and .err are appended */
	int *cpus, ncpus;               /* local: the CPUs to pin to (none: no pinning) */
	int nwait;                      /* predecessors still to end (be launched: native) */
	int *succ, nsucc;               /* tasks whose after list names this one */
	double earliest;                /* not to be started before (engine time) */
	double start, end;              /* observed, engine time */
	int started;                    /* start is known (Slurm: once running) */
	double deadline;                /* walltime deadline, +inf */
	double decided;                 /* live: when the algorithm started it (engine time) */
	enum xt_kill kill;              /* why the engine is killing it */
	double kill_at;                 /* when to escalate to SIGKILL, +inf */
	int hard_killed;
	enum hs_state state;
	int exit_status;                /* -1 unknown */
	pid_t pid;                      /* local/ssh: process (group leader), 0 none */
	int fd;                         /* ssh: write end of the remote's stdin, -1 */
	long job;                       /* slurm: job id, 0 none */
	int run_pos;                    /* index in hs_exec.runs while running */
	long seq;                       /* launch order, from 1 (0: not launched) */
};

struct hs_exec;

struct hs_exec_backend {
	const char *name;
	/* 1: the back end orders tasks itself (Slurm dependencies): a task is
	 * launched once its predecessors are launched, not ended. */
	int native_deps;
	/* Set up the back end and place every task that has a plan (place
	 * below).  Returns an HS_EXIT_* status after reporting. */
	int (*prepare)(struct hs_exec *x);
	/* Check t->plan for this back end and set t's hosts (and cpus); the
	 * problems reported with xe_problem.  0, or -1 when there was one. */
	int (*place)(struct hs_exec *x, struct xtask *t);
	/* Start t.  Returns 0, or -1 after reporting (the engine records the
	 * task as failed). */
	int (*launch)(struct hs_exec *x, struct xtask *t);
	/* Wait up to timeout seconds for tasks to start or end (calling
	 * xe_started / xe_ended / xe_notrun) or for a signal (xe_sleep). */
	void (*wait)(struct hs_exec *x, double timeout);
	/* Ask t to stop (hard: SIGKILL or equivalent). */
	void (*kill)(struct hs_exec *x, struct xtask *t, int hard);
	/* After the last task ended: clean up (stray processes, ...). */
	void (*finish)(struct hs_exec *x);
	void (*release)(struct hs_exec *x);
};

extern const struct hs_exec_backend hs_exec_backend_local, hs_exec_backend_ssh,
	hs_exec_backend_slurm;

struct hs_exec {
	struct hs_instance *in;
	struct hs_exec_opts o;
	const struct hs_exec_backend *be;
	void *bs;                       /* back end's state */
	struct xtask *t;
	int n;
	char *log_dir;
	double t0;                      /* hs_now() when the run began */
	double wall0;                   /* the same instant, seconds since the epoch */
	double planned;                 /* planned makespan */
	int running, ended, notrun, done, failed, killed;
	int stopping;                   /* no more launches */
	int signal;                     /* the signal that stopped the run, 0 */
	int hard_stop;                  /* a second signal: SIGKILL at once */
	int write_failed;
	int *heap, nheap;               /* ready tasks, by earliest start */
	hs_exec_end_fn end_fn;
	void *end_arg;
	double progress_at;             /* last progress line */
	int *runs, nruns;               /* running tasks (xtask.run_pos indexes it) */
	long launched;                  /* tasks launched so far */
	char **map_from, **map_to;      /* --node-map */
	int nmap;
	int problems;                   /* reported by xe_problem */
	/* hs-exec -a (live.c): an online algorithm starts the tasks */
	int live;
	double scale;                   /* stream seconds per second (--time-scale) */
	const struct hs_sim_hooks *hk;  /* the algorithm's driver */
	struct hs_schedule *lrun;       /* what ran, for the driver */
	double date;                    /* the current round's date (stream time) */
	struct hs_heap timers;          /* the driver's timers: ids at engine times */
	int *fresh_end, nended;            /* tasks ended, the driver not told yet */
	int hook_failed;                /* a hook returned -1: the run stops */
	int nrejected;                  /* jobs the algorithm rejected */
	int bad_template;               /* --command cannot expand (said once) */
	hs_exec_ready_fn ready_fn;      /* live: the algorithm started (end_arg its arg) */
};

/* ---- engine services for back ends (engine.c) ---- */
/* Task i's slot set up empty (not started, no deadline). */
void xe_task_init(struct hs_exec *x, int i);
/* What placing t made (hosts, CPUs, command, environment) freed. */
void xe_task_unplace(struct xtask *t);
/* Engine time v as a date of the stream, to the microsecond (records). */
double xe_stream_time(const struct hs_exec *x, double v);
/* t's walltime in seconds of the engine's clock (--time-scale applied). */
double xe_walltime(const struct hs_exec *x, const struct xtask *t);
/* Every back end's prepare: place each task that has a plan. */
void xe_place_all(struct hs_exec *x);
/* The back end's name for platform node `node` (--node-map applied). */
const char *xe_target(const struct hs_exec *x, int node);
/* Report a problem with t's plan as "PROG: FILE:LINE: task T: msg" (the line
 * of its plan record); counts them in x->problems and prints the first few. */
void xe_problem(struct hs_exec *x, const struct xtask *t, const char *fmt, ...) HS_PRINTF(3, 4);
double xe_now(const struct hs_exec *x);          /* seconds since t0 */
/* t runs since start (engine time). */
void xe_started(struct hs_exec *x, struct xtask *t, double start);
/* t ended at end with exit status code (-1 unknown); state HS_STATE_NONE:
 * done if code is 0, failed otherwise; the engine turns it into killed
 * when it was killing t. */
void xe_ended(struct hs_exec *x, struct xtask *t, double end, enum hs_state state, int code);
/* t will never run (cancelled before it started). */
void xe_notrun(struct hs_exec *x, struct xtask *t);
/* Sleep up to timeout seconds or until a child changed state (returns 1)
 * or a stopping signal arrived (recorded in x->signal, returns 2). */
int xe_sleep(struct hs_exec *x, double timeout);

/* ---- the run, shared by the plan's (engine.c) and the live one (live.c) ---- */
/* Signals blocked for the run (taken by xe_sleep), the clock started;
 * the signal state restored and pending SIGCHLDs dropped after it. */
struct xe_signals {
	sigset_t block, old;
	void (*old_pipe)(int);
};
void xe_run_begin(struct hs_exec *x, struct xe_signals *s);
void xe_run_end(struct hs_exec *x, struct xe_signals *s);
/* Start t (its plan and hosts set): its command run by the back end. */
void xe_launch(struct hs_exec *x, struct xtask *t);
/* Walltimes and SIGKILL escalations due by now; returns the next one. */
double xe_timers(struct hs_exec *x, double now);
/* Stop the run: nothing more starts, every running task is killed. */
void xe_stop(struct hs_exec *x);
/* One line of progress on stderr (final: the summing-up). */
void xe_progress(struct hs_exec *x, int final);
/* t's command and environment from its plan and the options; 0, or -1
 * after reporting. */
int xe_command(struct hs_exec *x, struct xtask *t);
/* The run record of t as it ended (start and end in stream time). */
struct hs_record *xe_run_record(const struct hs_exec *x, const struct xtask *t);

/* LOGDIR/NAME of t's logs, malloc'd. */
char *xe_log_base(const struct hs_exec *x, const struct xtask *t);
/* Kill t (why: XK_WALLTIME or XK_STOP), SIGKILL after the grace. */
void xe_kill(struct hs_exec *x, struct xtask *t, enum xt_kill why, double now);

/* ---- live (live.c) ---- */
/* Live prepare: the platform checked against the back end, every task's
 * command against --command; 0, or -1 after reporting. */
int xe_live_prepare(struct hs_exec *x);
void xe_live_release(struct hs_exec *x);

/* ---- commands (cmd.c) ---- */
/* "KEY=VALUE" strings of t's environment (HS_*, OMP_NUM_THREADS, ...),
 * NULL-terminated; t->hosts must be set. */
char **xc_env(const struct hs_exec *x, const struct xtask *t);
void xc_free_env(char **env);
/* --command expanded for t on host (--time-scale applied to its times). */
char *xc_expand(const struct hs_exec *x, const struct xtask *t, const char *host, char **err);

/* ---- processes (proc.c) ---- */
/* Restore the signal state of a fresh program; in a child after fork. */
void xp_child_signals(void);
/* Open LOG.out and LOG.err for t (O_CLOEXEC); -1 after reporting. */
int xp_open_logs(struct hs_exec *x, struct xtask *t, int *out, int *err);
/* Start a process: own process group, stdin/stdout/stderr from in (-1:
 * keep), out, err, pinned to cpus (NULL: not pinned), the signal state of
 * a fresh program, then execve (execvpe when path has no '/').  Returns
 * the pid or -1 (errno). */
struct xp_spawn {
	const char *path;
	char *const *argv;
	char *const *envp;
	int in, out, err;
	const void *cpus;     /* cpu_set_t of cpus_size bytes */
	size_t cpus_size;
};
pid_t xp_spawn(const struct xp_spawn *s);
/* Our environment with extra ("KEY=VALUE") and the run's mark
 * (xp_run_mark) added or replacing; the array is malloc'd, the strings are
 * borrowed. */
char **xp_envp(char *const *extra);
/* Remember that pid is task's process (for xp_reap); forget them all. */
void xp_track(pid_t pid, int task);
void xp_untrack_all(void);
/* Reap every child that ended; for task leaders, kill what is left of their
 * process group first and report them through xe_ended. */
int xp_reap(struct hs_exec *x);
/* Process NAME's (a /proc entry's) pid, state, parent and group from
 * /proc/NAME/stat; -1 for an entry that is no process or is gone. */
int xp_proc_stat(const char *name, pid_t *pid, char *state, pid_t *ppid, pid_t *pgrp);
/* Become the reaper of orphaned descendants (so none escape). */
void xp_subreaper(void);
/* Kill and reap every remaining child process (strays reparented to us). */
void xp_kill_strays(void);
/* Tracked processes (xp_track) are also known to a watchdog, a process of
 * our own that kills their process groups if we die, even by SIGKILL (they
 * run in groups of their own: nothing else would stop them).  Started at
 * the first xp_track; xp_untrack_all lets it go.  It gives them SIGTERM,
 * then SIGKILL to what is left after s seconds (--kill-grace; set before the
 * first xp_track). */
void xp_watchdog_grace(double s);
/* "HS_EXEC_RUN=PID.NS", the same for the whole run: in every task's
 * environment (xp_envp), so that the watchdog finds what a task started
 * in a session of its own (descend.c). */
const char *xp_run_mark(void);
/* Send sig to every process but ours that carries the run's mark, is in one
 * of the groups or descends from one of those; those in the groups only
 * when !skip_groups (they had it by their group).  SIGTERM comes with a
 * SIGCONT.  Returns how many were found alive. */
int xp_signal_run(const pid_t *groups, size_t ngroups, int sig, int skip_groups);
/* Run argv, capturing stdout (and stderr) into malloc'd strings; returns the
 * wait status, or -1 if it could not run.  Blocks SIGCHLD handling nothing. */
int xp_capture(char *const argv[], char **out, char **err);
/* Split a command line at blanks (no quoting); NULL-terminated, malloc'd. */
char **xp_split_words(const char *s, int *n);
void xp_free_words(char **w);

#endif
