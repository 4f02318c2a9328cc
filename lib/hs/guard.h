/* hs/guard.h - calling into a plugin without handing it the tool
 * (hs-plugin(7), FAILURES).
 *
 * A tool puts every call into a plugin (init, plan, an online algorithm's
 * start, events and finish) between hs_guard_enter and hs_guard_leave:
 *
 *     struct hs_guard g;
 *     hs_guard_init(&g, pl.desc.name, algo->name, pl.path);
 *     g.timeout = 10;                   -- seconds a call may take, 0: none
 *     hs_guard_enter(&g, "planning");
 *     rc = algo->plan(in, opts, out, ctx);
 *     hs_guard_leave(&g);
 *     ...
 *     hs_guard_release(&g);
 *
 * Between the two:
 *   - the plugin's stdout is the tool's stderr: what it prints (printf,
 *     write(1, ...)) never reaches the tool's output, which the tool writes
 *     to stdout as usual once the call is over;
 *   - a crash (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGSYS, stack
 *     overflow included), an exit(), _exit(), _Exit() or quick_exit() (any
 *     status) or a call that has not
 *     returned after timeout seconds (or once the calls together exceed
 *     budget seconds) ends the tool with exit status 1 and one message that
 *     names the plugin, its algorithm and file, and what it was doing:
 *       hs-plan: plugin listsched (algorithm taskp, /usr/lib/hs/plugins/listsched.so)
 *       crashed while planning: segmentation fault (SIGSEGV)
 *     Nothing half-done is written: the tool writes its output after the
 *     call, and the plugin cannot reach it.
 *
 * For an online algorithm (hs-sim), each events callback is one call:
 * timeout bounds one batch of events (a plugin stuck in a loop), budget all
 * of them together (a plugin too slow for the run).  The timer is the wall
 * clock (a plugin blocked on I/O never returns either).
 *
 * What cannot be caught in-process: the exit_group system call made
 * directly and kill(getpid(), SIGKILL) (or another signal the guard does
 * not handle) inside the plugin (the tool's exit status then says so: 128
 * plus the signal), and a plugin that corrupts the tool's memory without
 * crashing.  One guard is
 * active at a time (calls do not nest); a plugin's own signal handlers for
 * these signals replace the guard's.
 */
#ifndef HS_GUARD_H
#define HS_GUARD_H

struct hs_guard {
	const char *family;  /* the plugin's family name ("listsched"), for messages */
	const char *algo;    /* the algorithm ("taskp"), or NULL */
	const char *path;    /* the plugin's file, or NULL */
	double timeout;      /* seconds one call may take; 0: no limit */
	double budget;       /* seconds all calls together may take; 0: no limit */
	double used;         /* seconds spent in calls so far */
	/* 1: fd 1 stays the plugin's (stderr) from one call to the next, and
	 * is given back by hs_guard_release: for a tool that writes nothing
	 * to stdout until then (hs-sim), two dup2 a call saved (half a
	 * million calls on a whole log).  0 (the default): given back after
	 * each call. */
	int hold;
	/* private */
	int saved_stdout;    /* the tool's stdout while fd 1 is stderr */
	int redirected;      /* fd 1 is stderr now */
	double entered;
};

/* Name the plugin; no limit on time.  The strings must outlive the guard. */
void hs_guard_init(struct hs_guard *g, const char *family, const char *algo, const char *path);
/* Before a call: doing says what for messages ("planning", "initialising",
 * "handling events").  Flushes stdout first. */
void hs_guard_enter(struct hs_guard *g, const char *doing);
/* After it: gives stdout back, stops the timer, counts the time. */
void hs_guard_leave(struct hs_guard *g);
/* Once no call will follow: stdout given back (under hold), the guard's
 * copy of it closed. */
void hs_guard_release(struct hs_guard *g);
/* Write the guard's messages to fd instead of stderr (a process that
 * tries a plugin for its parent, which reads them there). */
void hs_guard_report_to(int fd);

#endif
