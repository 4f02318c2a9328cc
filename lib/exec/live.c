/* exec/live.c - hs-exec -a: an online algorithm decides while the jobs run
 * for real.  This is the engine of hs/onlinesim.h that the online driver
 * (lib/online) runs the algorithm on, in place of the simulator: its
 * timers are the clock's, a start launches the job's command on the back
 * end, a process that ends is the job's END.
 *
 * Dates are the stream's: the clock (seconds since the run began) times
 * --time-scale.  A round takes the date once, tells the driver every job
 * that ended and every timer due, then lets it decide (settle) at that
 * date; decisions launch at once.  A stop (a signal, a hook that failed)
 * kills what runs and tells the driver of each end, but lets it decide no
 * more. */
#include "exec_priv.h"
#include "hs/metrics.h"
#include "hs/onlinesim.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- preparing ---- */

/* The whole of node j as one placement (ids and cores of its own). */
static void whole_node(const struct hs_exec *x, int j, struct hs_placement *p, struct hs_part *pt)
{
	const struct hs_node *nd = &x->in->plat.nodes[j];
	pt->node = j;
	pt->ncores = nd->cores;
	pt->ngpus = nd->gpus;
	pt->cores = hs_malloc(sizeof *pt->cores * (size_t)(nd->cores + 1));
	pt->gpus = hs_malloc(sizeof *pt->gpus * (size_t)(nd->gpus + 1));
	for (int c = 0; c < nd->cores; c++)
		pt->cores[c] = c;
	for (int g = 0; g < nd->gpus; g++)
		pt->gpus[g] = g;
	*p = (struct hs_placement){ .task = -1, .nparts = 1, .parts = pt, .exit_status = -1 };
	p->energy = NAN;
}

int xe_live_prepare(struct hs_exec *x)
{
	x->fresh_end = hs_malloc(sizeof *x->fresh_end * (size_t)(x->n + 1));
	hs_heap_init(&x->timers);
	x->runs = hs_malloc(sizeof *x->runs * (size_t)(x->n + 1));
	/* Every node of the platform is a place the back end can run on: a
	 * decision then never fails for want of a host. */
	int bad = 0;
	for (int j = 0; j < x->in->plat.nnodes; j++) {
		struct hs_task node = { 0 };
		char *what = hs_asprintf("node %s", x->in->plat.nodes[j].id);
		node.id = what;
		struct hs_part pt;
		struct hs_placement p;
		whole_node(x, j, &p, &pt);
		struct xtask t = { .index = -1, .task = &node, .plan = &p };
		bad |= x->be->place(x, &t) < 0;
		xe_task_unplace(&t);
		free(pt.cores);
		free(pt.gpus);
		free(what);
	}
	if (bad)
		return -1;
	/* Every task's command, on the first node: a bad --command or a task
	 * without one is said now, not once the run is under way. */
	struct hs_part pt;
	struct hs_placement p;
	if (x->in->plat.nnodes > 0)
		whole_node(x, 0, &p, &pt);
	for (int i = 0; i < x->n && x->in->plat.nnodes > 0 && !x->bad_template; i++) {
		struct xtask *t = &x->t[i];
		t->plan = &p;
		if (x->be->place(x, t) == 0)
			xe_command(x, t);
		xe_task_unplace(t);
		t->plan = NULL;
	}
	if (x->in->plat.nnodes > 0) {
		free(pt.cores);
		free(pt.gpus);
	}
	return x->problems || x->bad_template ? -1 : 0;
}

void xe_live_release(struct hs_exec *x)
{
	hs_heap_release(&x->timers);
	free(x->fresh_end);
}

/* ---- the engine (hs/onlinesim.h) ---- */

static double live_now(void *arg)
{
	return ((struct hs_exec *)arg)->date;
}

static int live_start(void *arg, int task, const struct hs_placement *p)
{
	struct hs_exec *x = arg;
	struct xtask *t = &x->t[task];
	struct hs_placement *slot = &x->lrun->p[task];
	hs_placement_copy(slot, p);
	slot->task = task;
	slot->start = x->date;
	/* the expected end, for the command's {time} and HS_TIME */
	slot->end = x->date + hs_placement_duration(x->in, t->task, p);
	slot->state = HS_STATE_NONE;
	slot->exit_status = -1;
	slot->energy = NAN;
	t->plan = slot;
	t->decided = x->date / x->scale;
	if (x->be->place(x, t) < 0 || xe_command(x, t) < 0)
		return -1;
	if (!t->log_base) /* a job the algorithm added */
		t->log_base = xe_log_base(x, t);
	xe_launch(x, t);
	return 0;
}

static void live_timer(void *arg, double at, int id)
{
	struct hs_exec *x = arg;
	hs_heap_push(&x->timers, at / x->scale, 0, id);
}

static void live_kill(void *arg, int task)
{
	struct hs_exec *x = arg;
	struct xtask *t = &x->t[task];
	if (t->status == XT_RUNNING)
		xe_kill(x, t, XK_STOP, xe_now(x));
}

/* A job the algorithm added: room for it (and in->tasks may have moved). */
static void live_grow(void *arg, int n)
{
	struct hs_exec *x = arg;
	if (n <= x->n)
		return;
	x->t = hs_reallocarray(x->t, (size_t)n, sizeof *x->t);
	x->fresh_end = hs_reallocarray(x->fresh_end, (size_t)n + 1, sizeof *x->fresh_end);
	x->runs = hs_reallocarray(x->runs, (size_t)n + 1, sizeof *x->runs);
	struct hs_schedule *run = x->lrun;
	hs_schedule_grow(run, n);
	for (int i = x->n; i < n; i++)
		xe_task_init(x, i);
	for (int i = 0; i < n; i++) {
		x->t[i].task = &x->in->tasks[i];
		if (x->t[i].plan)
			x->t[i].plan = &run->p[i];
	}
	x->n = n;
}

/* The ends since the last round, into the run and told to the driver. */
static int tell_ended(struct hs_exec *x)
{
	int n = x->nended;
	for (int k = 0; k < n; k++) {
		struct xtask *t = &x->t[x->fresh_end[k]];
		struct hs_placement *slot = &x->lrun->p[t->index];
		slot->start = xe_stream_time(x, t->start);
		slot->end = xe_stream_time(x, t->end);
		slot->state = t->state;
		slot->exit_status = t->exit_status;
		x->hk->ended(x->hk->arg, t->index, x->date, t->state);
	}
	x->nended = 0;
	return n;
}

/* Whether a job the algorithm counts as ended by date (its start plus its
 * walltime, in the stream's time) still runs: being killed, it ends in a
 * moment.  Until it has, nothing happens: in the simulator a date's ends
 * come before anything else of that date, and an algorithm that reserved
 * its cores from then must find them free. */
static int overdue(const struct hs_exec *x, double date)
{
	for (int i = 0; i < x->nruns; i++) {
		const struct xtask *t = &x->t[x->runs[i]];
		if (t->plan && t->plan->start + t->task->walltime <= date)
			return 1;
	}
	return 0;
}

static int live_drive(void *arg, const struct hs_sim_hooks *hk, struct hs_schedule *run)
{
	struct hs_exec *x = arg;
	x->hk = hk;
	x->lrun = run;
	hs_schedule_init(run, x->in->ntasks);
	struct xe_signals sigs;
	xe_run_begin(x, &sigs);
	x->date = 0;
	if (hk->begin && hk->begin(hk->arg, NULL) < 0)
		x->hook_failed = 1;
	for (;;) {
		double now = xe_now(x);
		if ((x->signal || x->hook_failed) && !x->stopping)
			xe_stop(x);
		if (x->hard_stop)
			xe_stop(x);
		/* one date a round: to the microsecond, as records have it,
		 * never ahead of the clock nor behind the last */
		double date = floor(now * x->scale * 1e6) / 1e6;
		if (date > x->date)
			x->date = date;
		if (!x->stopping && overdue(x, x->date)) {
			xe_progress(x, 0); /* its kill is under way: wait for its end */
			x->be->wait(x, xe_timers(x, xe_now(x)) - xe_now(x));
			continue;
		}
		int any = tell_ended(x) > 0;
		while (!x->stopping && x->timers.n > 0 && hs_heap_top(&x->timers)->key <= now) {
			int id = hs_heap_top(&x->timers)->id;
			hs_heap_pop(&x->timers);
			hk->timer(hk->arg, id, x->date);
			any = 1;
		}
		if (any && !x->stopping && hk->settle(hk->arg, NULL, x->date) < 0)
			x->hook_failed = 1;
		if (x->nended > 0 || (x->hook_failed && !x->stopping))
			continue; /* a launch that failed at once: its END now */
		double next = xe_timers(x, xe_now(x));
		/* Done when nothing runs and no timer is left, or every job has
		 * ended or was rejected (wake-ups set for later are dropped:
		 * there is nothing left to decide). */
		if (x->running == 0 && x->nended == 0 &&
		    (x->stopping || x->timers.n == 0 || x->ended + x->nrejected >= x->n))
			break;
		if (!x->stopping && x->timers.n > 0 && hs_heap_top(&x->timers)->key < next)
			next = hs_heap_top(&x->timers)->key;
		if (x->o.progress && now + 0.25 < next)
			next = now + 0.25;
		xe_progress(x, 0);
		if (x->nended == 0)
			x->be->wait(x, next - xe_now(x));
	}
	xe_run_end(x, &sigs);
	return x->hook_failed || x->signal ? -1 : 0;
}

/* ---- what hs-exec gives the driver ---- */

static void live_ready(void *arg, struct hs_ctx *ctx)
{
	struct hs_exec *x = arg;
	if (x->ready_fn)
		x->ready_fn(x->end_arg, ctx);
}

static void live_records(void *arg, struct hs_record *plan, struct hs_record *run)
{
	struct hs_exec *x = arg;
	int i = hs_instance_find_task(x->in, run->id);
	if (i >= 0 && !plan) /* rejected: decided, never to run */
		x->nrejected++;
	if (i >= 0 && x->t[i].job > 0)
		hs_record_set_int(run, "slurm_job", x->t[i].job);
	if (plan)
		x->end_fn(x->end_arg, plan);
	x->end_fn(x->end_arg, run);
}

void hs_exec_live_engine(struct hs_exec *x, struct hs_online_engine *eng, hs_exec_ready_fn ready,
			 hs_exec_end_fn end, void *arg)
{
	x->ready_fn = ready;
	x->end_fn = end;
	x->end_arg = arg;
	*eng = (struct hs_online_engine){
		.arg = x,
		.drive = live_drive,
		.now = live_now,
		.start = live_start,
		.timer = live_timer,
		.kill = live_kill,
		.progress = NULL,
		.grow = live_grow,
		.ready = live_ready,
		.records = live_records,
	};
}

int hs_exec_live_status(const struct hs_exec *x)
{
	if (x->signal)
		return 128 + x->signal;
	return x->failed || x->killed || x->notrun || x->hook_failed ? HS_EXIT_FAIL : HS_EXIT_OK;
}
