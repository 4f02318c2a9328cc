/* plugin/guard.c - calls into plugins (hs/guard.h).
 *
 * The signal handlers and the exit hook are installed once, at the first
 * call, and act only while a call is in progress (in_call); otherwise a
 * signal goes on to the handler that was there before (AddressSanitizer's,
 * or the default), as if the guard were not there.  The messages are built
 * when a call begins: a signal handler only writes them.
 *
 * _exit and _Exit end a process without the exit hooks: libhs defines them
 * (the tools export libhs to plugins, -rdynamic, so a plugin's _exit is
 * this one), says so while a call is in progress, and otherwise ends the
 * process as libc's would (exit_group).  quick_exit runs at_quick_exit
 * hooks, so one of those catches it. */
#include "hs/guard.h"
#include "hs/util.h"

#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <unistd.h>

static const struct {
	int sig;
	const char *what;
} crashes[] = {
	{SIGSEGV, "segmentation fault (SIGSEGV)"},
	{SIGBUS, "bus error (SIGBUS)"},
	{SIGFPE, "arithmetic exception (SIGFPE)"},
	{SIGILL, "illegal instruction (SIGILL)"},
	{SIGABRT, "aborted (SIGABRT)"},
	{SIGSYS, "bad system call (SIGSYS)"},
	{SIGALRM, NULL}, /* the time limit */
};
#define NSIGS (sizeof crashes / sizeof *crashes)

static struct sigaction before[NSIGS];
static int installed;
static volatile sig_atomic_t in_call;
static char crash_msg[1024];   /* "PROG: plugin F (algorithm A, PATH) crashed while DOING: " */
static char timeout_msg[1100]; /* the whole line for the time limit */
static char exit_prefix[1024]; /* "PROG: plugin F (algorithm A, PATH) exited while DOING" */
static char altstack[1 << 16]; /* a stack overflow needs another stack to report it */

static int msg_fd = 2; /* hs_guard_report_to */

static void put(const char *s)
{
	size_t n = strlen(s);
	while (n) {
		ssize_t w = write(msg_fd, s, n);
		if (w <= 0)
			return;
		s += w;
		n -= (size_t)w;
	}
}

static void on_signal(int sig)
{
	size_t k = 0;
	while (k < NSIGS && crashes[k].sig != sig)
		k++;
	if (!in_call || k == NSIGS) {
		/* Not the plugin's: to whoever handled it before us (a fault
		 * happens again when we return; a raised signal is raised). */
		if (k < NSIGS && sig != SIGALRM) {
			sigaction(sig, &before[k], NULL);
			raise(sig);
		}
		return;
	}
	in_call = 0;
	if (sig == SIGALRM) {
		put(timeout_msg);
	} else {
		put(crash_msg);
		put(crashes[k].what);
		put("\n");
	}
	_exit(HS_EXIT_FAIL);
}

/* What libc's _exit does; ours below replaces it. */
static _Noreturn void end_process(int status)
{
	for (;;)
		syscall(SYS_exit_group, status);
}

/* A plugin ended the process with how(status): say so, exit 1.  Returns
 * when no plugin call is in progress. */
static void ended_in_plugin(const char *how, int status)
{
	/* libhs's own hs_die (a plugin bug a host function found) has said
	 * why already. */
	if (!in_call || hs_dying())
		return;
	in_call = 0;
	char buf[64];
	if (status < 0)
		snprintf(buf, sizeof buf, ": %s() inside the plugin\n", how);
	else
		snprintf(buf, sizeof buf, ": %s(%d) inside the plugin\n", how, status);
	put(exit_prefix);
	put(buf);
	end_process(HS_EXIT_FAIL);
}

static void on_exit_hook(int status, void *arg)
{
	(void)arg;
	ended_in_plugin("exit", status);
}

static void on_quick_exit(void)
{
	ended_in_plugin("quick_exit", -1);
}

void _exit(int status)
{
	ended_in_plugin("_exit", status);
	end_process(status);
}

void _Exit(int status)
{
	ended_in_plugin("_Exit", status);
	end_process(status);
}

static void install(void)
{
	stack_t ss;
	memset(&ss, 0, sizeof ss);
	ss.ss_sp = altstack;
	ss.ss_size = sizeof altstack;
	sigaltstack(&ss, NULL);
	for (size_t k = 0; k < NSIGS; k++) {
		struct sigaction sa;
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = on_signal;
		sa.sa_flags = SA_ONSTACK;
		sigemptyset(&sa.sa_mask);
		sigaction(crashes[k].sig, &sa, &before[k]);
	}
	on_exit(on_exit_hook, NULL);
	at_quick_exit(on_quick_exit);
	installed = 1;
}

/* The messages of the last call, built again only when what they say
 * changes: an online plugin is entered once per event, and five snprintf
 * a call were a tenth of hs-sim's instructions through the Batsim bridge. */
static struct {
	const char *family, *algo, *path, *prog;
	char doing[256];
	int by_budget;
	double limit;
	int valid;    /* 0: build them (a new guard's strings may be at old addresses) */
} built;

void hs_guard_init(struct hs_guard *g, const char *family, const char *algo, const char *path)
{
	built.valid = 0;
	memset(g, 0, sizeof *g);
	g->family = family;
	g->algo = algo;
	g->path = path;
	g->saved_stdout = -1;
}

static void set_timer(double s)
{
	struct itimerval it;
	memset(&it, 0, sizeof it);
	if (s > 0) {
		if (s > 1e8)
			s = 1e8;
		it.it_value.tv_sec = (time_t)s;
		it.it_value.tv_usec = (suseconds_t)((s - (double)it.it_value.tv_sec) * 1e6);
		if (it.it_value.tv_sec == 0 && it.it_value.tv_usec == 0)
			it.it_value.tv_usec = 1;
	}
	setitimer(ITIMER_REAL, &it, NULL);
}

static void build_messages(const struct hs_guard *g, const char *doing, int by_budget, double limit)
{
	if (built.valid && built.family == g->family && built.algo == g->algo &&
	    built.path == g->path && built.prog == hs_progname() && built.by_budget == by_budget &&
	    (built.limit == limit || (isnan(built.limit) && isnan(limit))) &&
	    strlen(doing) < sizeof built.doing && strcmp(built.doing, doing) == 0)
		return;
	char who[900];
	/* Before its descriptor is read (dlopen), a plugin is its file. */
	snprintf(who, sizeof who, "%s: plugin %s", hs_progname(),
		 g->family ? g->family : g->path ? g->path : "?");
	if (g->family && (g->algo || g->path)) {
		size_t n = strlen(who);
		snprintf(who + n, sizeof who - n, " (%s%s%s%s)", g->algo ? "algorithm " : "",
			 g->algo ? g->algo : "", g->algo && g->path ? ", " : "", g->path ? g->path : "");
	}
	snprintf(crash_msg, sizeof crash_msg, "%s crashed while %s: ", who, doing);
	snprintf(exit_prefix, sizeof exit_prefix, "%s exited while %s", who, doing);
	char num[HS_NUMBUF];
	if (by_budget)
		snprintf(timeout_msg, sizeof timeout_msg, "%s was stopped while %s: its calls took more "
			 "than their time limit of %s s in all\n", who, doing, hs_fmt_double(num, limit));
	else
		snprintf(timeout_msg, sizeof timeout_msg, "%s was stopped while %s: no return within "
			 "its time limit of %s s\n", who, doing, hs_fmt_double(num, limit));
	built.family = g->family;
	built.algo = g->algo;
	built.path = g->path;
	built.prog = hs_progname();
	built.by_budget = by_budget;
	built.limit = limit;
	built.valid = strlen(doing) < sizeof built.doing;
	if (built.valid)
		strcpy(built.doing, doing);
}

void hs_guard_enter(struct hs_guard *g, const char *doing)
{
	if (!installed)
		install();
	/* The sooner of the two limits. */
	double left = g->timeout > 0 ? g->timeout : INFINITY;
	int by_budget = 0;
	if (g->budget > 0 && g->budget - g->used < left) {
		left = g->budget - g->used;
		by_budget = 1;
	}
	build_messages(g, doing, by_budget, by_budget ? g->budget : g->timeout);

	/* The plugin's stdout is our stderr. */
	fflush(stdout);
	if (g->saved_stdout < 0)
		g->saved_stdout = fcntl(1, F_DUPFD_CLOEXEC, 3);
	if (g->saved_stdout >= 0 && !g->redirected) {
		dup2(2, 1);
		g->redirected = 1;
	}
	g->entered = hs_now();
	in_call = 1;
	if (isfinite(left))
		set_timer(left > 0 ? left : 1e-6);
}

/* fd 1 is the tool's stdout again. */
static void give_back(struct hs_guard *g)
{
	dup2(g->saved_stdout, 1);
	g->redirected = 0;
}

void hs_guard_leave(struct hs_guard *g)
{
	if (g->timeout > 0 || g->budget > 0)
		set_timer(0);
	in_call = 0;
	g->used += hs_now() - g->entered;
	/* What the plugin printed goes where it was printed: to stderr. */
	fflush(stdout);
	if (g->redirected && !g->hold)
		give_back(g);
}

void hs_guard_release(struct hs_guard *g)
{
	if (g->redirected) {
		fflush(stdout);
		give_back(g);
	}
	if (g->saved_stdout >= 0)
		close(g->saved_stdout);
	g->saved_stdout = -1;
}

void hs_guard_report_to(int fd)
{
	msg_fd = fd;
}
