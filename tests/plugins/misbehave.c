/* misbehave.c - algorithms that do what a plugin must not (issue 12): crash
 * (t-segv, t-abort, t-fpe, t-ill, t-bus, t-overflow), exit (t-exit with -o
 * status=N; t-exit-now: _exit, _Exit or quick_exit), never return (t-hang), print on stdout (t-printf, which then
 * plans correctly), leave a wrong slot count (t-slots), or return plans no
 * reader would read back: times of inf (t-inf) and after lists that cycle
 * among zero-length tasks (t-cycle).  hs-plan must name the plugin and exit
 * 1 every time, and never write a plan.
 *
 * With HS_TEST_INIT_CRASH set, init crashes too (a crash while loading). */
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hs/plugin.h"

/* Every task on core 0 of node 0, one after the other (a valid plan). */
static int sequential(const struct hs_instance *in, struct hs_schedule *s)
{
	int core = 0;
	double t = 0;
	for (int i = 0; i < in->ntasks; i++) {
		const struct hs_task *k = &in->tasks[i];
		double start = t > k->release ? t : k->release;
		double d = hs_task_time_on(k, &in->plat.nodes[0], 1);
		hs_schedule_add(s, i, 0, &core, 1, NULL, 0, start, start + d);
		t = start + d;
	}
	return 0;
}

/* Through a pointer the compiler cannot see through: a real fault. */
static int *volatile bad_address = (int *)(uintptr_t)16;

static volatile long bottom = 1L << 40; /* never reached: the stack ends first */

static int depth(long n)
{
	volatile char pad[4096];
	pad[0] = (char)n;
	return n < bottom ? depth(n + 1) + pad[0] : 0;
}

static int plan_segv(const struct hs_instance *in, const struct hs_optvals *o, struct hs_schedule *s,
		     struct hs_ctx *c)
{
	(void)in, (void)o, (void)s, (void)c;
	*bad_address = 1;
	return 0;
}

static int plan_abort(const struct hs_instance *in, const struct hs_optvals *o,
		      struct hs_schedule *s, struct hs_ctx *c)
{
	(void)in, (void)o, (void)s, (void)c;
	abort();
}

static int plan_raise(const struct hs_instance *in, const struct hs_optvals *o,
		      struct hs_schedule *s, struct hs_ctx *c)
{
	(void)in, (void)s, (void)c;
	/* Raised, not provoked: UBSan would stop a division by zero first. */
	raise((int)hs_opt_int(o, "signal"));
	return 0;
}

static int plan_ill(const struct hs_instance *in, const struct hs_optvals *o, struct hs_schedule *s,
		    struct hs_ctx *c)
{
	(void)in, (void)o, (void)s, (void)c;
	__builtin_trap();
}

static int plan_overflow(const struct hs_instance *in, const struct hs_optvals *o,
			 struct hs_schedule *s, struct hs_ctx *c)
{
	(void)in, (void)o, (void)s, (void)c;
	return depth(0);
}

static int plan_exit(const struct hs_instance *in, const struct hs_optvals *o, struct hs_schedule *s,
		     struct hs_ctx *c)
{
	(void)in, (void)s, (void)c;
	exit((int)hs_opt_int(o, "status"));
}

/* The ends atexit does not see: _exit, _Exit, quick_exit (-o how=...). */
static int plan_exit_now(const struct hs_instance *in, const struct hs_optvals *o,
			 struct hs_schedule *s, struct hs_ctx *c)
{
	(void)in, (void)s, (void)c;
	const char *how = hs_opt_str(o, "how");
	int st = (int)hs_opt_int(o, "status");
	if (strcmp(how, "_Exit") == 0)
		_Exit(st);
	if (strcmp(how, "quick_exit") == 0)
		quick_exit(st);
	_exit(st);
}

static int plan_hang(const struct hs_instance *in, const struct hs_optvals *o, struct hs_schedule *s,
		     struct hs_ctx *c)
{
	(void)in, (void)o, (void)s, (void)c;
	for (;;)
		pause();
	return 0;
}

static int plan_printf(const struct hs_instance *in, const struct hs_optvals *o,
		       struct hs_schedule *s, struct hs_ctx *c)
{
	(void)o, (void)c;
	printf("plan from printf: not a record\n");
	printf("a line without its end");
	static const char w[] = "task from write(1): not a record\n";
	if (write(1, w, sizeof w - 1) < 0)
		return -1;
	return sequential(in, s);
}

static int plan_slots(const struct hs_instance *in, const struct hs_optvals *o,
		      struct hs_schedule *s, struct hs_ctx *c)
{
	(void)o, (void)c;
	sequential(in, s);
	s->n = in->ntasks + 1000;
	return 0;
}

static int plan_inf(const struct hs_instance *in, const struct hs_optvals *o, struct hs_schedule *s,
		    struct hs_ctx *c)
{
	(void)o, (void)c;
	sequential(in, s);
	s->p[in->ntasks - 1].end = INFINITY;
	return 0;
}

/* Zero-length tasks at time 0 on core 0, each after the next one. */
static int plan_cycle(const struct hs_instance *in, const struct hs_optvals *o,
		      struct hs_schedule *s, struct hs_ctx *c)
{
	(void)o, (void)c;
	int core = 0, n = in->ntasks;
	for (int i = 0; i < n; i++) {
		hs_schedule_add(s, i, 0, &core, 1, NULL, 0, 0, 0);
		s->p[i].after = malloc(sizeof(int));
		s->p[i].after[0] = (i + 1) % n;
		s->p[i].nafter = n > 1;
	}
	return 0;
}

static int init(void)
{
	if (getenv("HS_TEST_INIT_CRASH"))
		*bad_address = 2;
	return 0;
}

static const struct hs_option raise_opts[] = {
	{"signal", HS_OPT_INT, "8", "the signal to raise (8: SIGFPE, 7: SIGBUS)", NULL},
	{NULL, 0, NULL, NULL, NULL},
};
static const struct hs_option exit_opts[] = {
	{"status", HS_OPT_INT, "0", "the exit status", NULL},
	{NULL, 0, NULL, NULL, NULL},
};

static const struct hs_option exit_now_opts[] = {
	{"how", HS_OPT_CHOICE, "_exit", "the way out", "_exit|_Exit|quick_exit"},
	{"status", HS_OPT_INT, "0", "the exit status", NULL},
	{NULL, 0, NULL, NULL, NULL},
};

#define ALGO(v, name, sum, opts, fn) \
	static const struct hs_algo v = {sizeof(struct hs_algo), name, sum, opts, fn, NULL, NULL, 0}
ALGO(a_segv, "t-segv", "writes to address 16", NULL, plan_segv);
ALGO(a_abort, "t-abort", "calls abort()", NULL, plan_abort);
ALGO(a_raise, "t-raise", "raises -o signal=N", raise_opts, plan_raise);
ALGO(a_ill, "t-ill", "executes an illegal instruction", NULL, plan_ill);
ALGO(a_overflow, "t-overflow", "recurses without end", NULL, plan_overflow);
ALGO(a_exit, "t-exit", "calls exit(-o status=N)", exit_opts, plan_exit);
ALGO(a_exit_now, "t-exit-now", "calls _exit, _Exit or quick_exit (-o how=...)", exit_now_opts,
     plan_exit_now);
ALGO(a_hang, "t-hang", "never returns", NULL, plan_hang);
ALGO(a_printf, "t-printf", "prints on stdout, then plans every task on one core", NULL,
     plan_printf);
ALGO(a_slots, "t-slots", "leaves 1000 slots too many", NULL, plan_slots);
ALGO(a_inf, "t-inf", "ends its last task at inf", NULL, plan_inf);
ALGO(a_cycle, "t-cycle", "zero-length tasks each after the next", NULL, plan_cycle);

static const struct hs_algo *const algos[] = {
	&a_segv, &a_abort, &a_raise, &a_ill, &a_overflow, &a_exit, &a_exit_now, &a_hang, &a_printf, &a_slots,
	&a_inf, &a_cycle, NULL,
};

HS_PLUGIN_DEFINE(t-misbehave, "1", "plugins that crash, exit, hang, print or lie", init, NULL,
		 algos);
