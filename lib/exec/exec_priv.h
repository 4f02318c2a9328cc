/* exec/exec_priv.h - shared by the engine (engine.c) and its back ends
 * (local.c, ssh.c, slurm.c, proc.c).  Not installed. */
#ifndef HS_EXEC_PRIV_H
#define HS_EXEC_PRIV_H

#include <sys/types.h>
#include "hs/exec.h"
#include "hs/util.h"

enum xt_status { XT_WAITING, XT_RUNNING, XT_ENDED, XT_NOTRUN };
enum xt_kill { XK_NONE, XK_WALLTIME, XK_STOP };

/* One task during a run. */
struct xtask {
	int index;                      /* task index */
	const struct hs_task *task;
	const struct hs_placement *plan;
	enum xt_status status;
	char *cmd;                      /* the command, run by /bin/sh -c */
	char **env;                     /* "KEY=VALUE", NULL-terminated */
	char **hosts;                   /* back end's name of each part's node */
	char *log_base;                 /* LOGDIR/NAME: .out and .err are appended */
	int *cpus, ncpus;               /* local: the CPUs to pin to (none: no pinning) */
	int nwait;                      /* predecessors still to end (be launched: native) */
	int *succ, nsucc;               /* tasks whose after list names this one */
	double earliest;                /* not to be started before (engine time) */
	double start, end;              /* observed, engine time */
	int started;                    /* start is known (Slurm: once running) */
	double deadline;                /* walltime deadline, +inf */
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
	/* Check the plan for this back end; set each task's hosts (and cpus).
	 * Returns an HS_EXIT_* status after reporting. */
	int (*prepare)(struct hs_exec *x);
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
};

/* ---- engine services for back ends (engine.c) ---- */
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

/* ---- commands (cmd.c) ---- */
/* "KEY=VALUE" strings of t's environment (HS_*, OMP_NUM_THREADS, ...),
 * NULL-terminated; t->hosts must be set. */
char **xc_env(const struct hs_exec *x, const struct xtask *t);
void xc_free_env(char **env);

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
