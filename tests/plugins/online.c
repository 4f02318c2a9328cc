/* online.c - an online test plugin for hs-sim -a: "first-fit" starts
 * each submitted job, in order, on the lowest free cores when it fits
 * (no queue jumping: FCFS), a GPU job on the lowest free GPU, and "mistake" makes one kind of bad decision
 * chosen by -o kind=..., so that every check of the host can be seen;
 * "abi2" is first-fit that, woken at 5, notes what online ABI 2 shows of
 * the running jobs (their allocation and progress), kills the first one,
 * submits a job of its own and notes the answers; "first-fit-abi1" is
 * first-fit as a plugin built for online ABI 1 declares it;
 * "first-fit-runs" is first-fit giving its cores as runs (online ABI 4,
 * hs_online_start_runs), and the mistakes runs-* its refusals. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hs/plugin.h"

/* Not a constant, so that the compiler cannot see the fault coming. */
volatile int *bad_address = (int *)16;

struct st {
	int *queue, head, tail;
	int *cores;
	const char *kind;
	int calls;
	int runs; /* first-fit-runs: starts by hs_online_start_runs */
	struct hs_online_range *rng;
};

/* Start job on cores[0..n) (ascending) as runs of consecutive ones. */
static int start_runs(struct st *s, struct hs_online *h, int job, const int *cores, int n)
{
	int k = 0;
	for (int i = 0; i < n; i++)
		if (k > 0 && s->rng[k - 1].first + s->rng[k - 1].n == cores[i])
			s->rng[k - 1].n++;
		else
			s->rng[k++] = (struct hs_online_range){ cores[i], 1 };
	return hs_online_start_runs(h, job, s->rng, k, NULL, 0);
}

static int start(struct hs_online *h, const struct hs_optvals *opts, struct hs_ctx *ctx,
		 void **state, int mistake)
{
	const struct hs_online_machine *m = hs_online_machine(h);
	struct st *s = calloc(1, sizeof *s);
	if (!s)
		return -1;
	s->queue = calloc((size_t)m->njobs + 1, sizeof *s->queue);
	s->cores = calloc((size_t)m->ncores + 1, sizeof *s->cores);
	s->rng = calloc((size_t)m->ncores + 1, sizeof *s->rng);
	s->kind = mistake ? hs_opt_str(opts, "kind") : NULL;
	*state = s;
	if (s->kind && strcmp(s->kind, "start-crash") == 0)
		abort();
	if (s->kind && strcmp(s->kind, "start-fails") == 0) {
		hs_ctx_error(ctx, "cannot work on this machine");
		return -1;
	}
	return 0;
}

/* Start the queue's head jobs while they fit on free cores. */
static int fcfs(struct st *s, struct hs_online *h)
{
	const struct hs_online_machine *m = hs_online_machine(h);
	while (s->head < s->tail) {
		const struct hs_online_job *j = hs_online_job(h, s->queue[s->head]);
		int n = 0, g = 0, gpu[1];
		for (int c = 0; c < m->ncores && n < j->cores; c++)
			if (hs_online_core_job(h, c) < 0)
				s->cores[n++] = c;
		for (int k = 0; k < m->ngpus && g < j->gpus && g < 1; k++)
			if (hs_online_gpu_job(h, k) < 0)
				gpu[g++] = k;
		if (n < j->cores || g < j->gpus)
			break;
		if (s->runs && g == 0 ? start_runs(s, h, j->index, s->cores, n) < 0 :
		    hs_online_start(h, j->index, s->cores, n, gpu, g) < 0)
			return -1;
		s->head++;
	}
	return 0;
}

static int events(void *state, struct hs_online *h, const struct hs_online_event *ev, int nev,
		  struct hs_ctx *ctx)
{
	struct st *s = state;
	const char *k = s->kind ? s->kind : "";
	s->calls++;
	for (int e = 0; e < nev; e++) {
		if (ev[e].time != hs_online_now(h)) {
			hs_ctx_error(ctx, "event at %g in a batch at %g", ev[e].time, hs_online_now(h));
			return -1;
		}
		if (ev[e].type == HS_ONLINE_SUBMIT) {
			const struct hs_online_job *j = hs_online_job(h, ev[e].job);
			if (!j) {
				hs_ctx_error(ctx, "job %d: not visible once submitted", ev[e].job);
				return -1;
			}
			s->queue[s->tail++] = ev[e].job;
			hs_online_note(h, ev[e].job, "seen", "%g", hs_online_now(h));
			if (j->task)
				hs_online_note(h, ev[e].job, "time", "%g", j->task->time);
		} else if (ev[e].type == HS_ONLINE_END) {
			static const char *st[] = { "none", "done", "killed", "failed", "rejected" };
			hs_online_note(h, ev[e].job, "ended", "%s", st[ev[e].state]);
		}
	}
	int c0 = 0, job0 = s->head < s->tail ? s->queue[s->head] : -1;
	if (strcmp(k, "busy") == 0) {
		/* First-fit, then the next job on cores 0.. whether free or not. */
		if (fcfs(s, h) < 0 || s->head == s->tail)
			return -1;
		job0 = s->queue[s->head];
		int n = hs_online_job(h, job0)->cores;
		for (int c = 0; c < n; c++)
			s->cores[c] = c;
		return hs_online_start(h, job0, s->cores, n, NULL, 0);
	}
	if (strcmp(k, "unknown-core") == 0 && job0 >= 0) {
		int c = 1000000;
		return hs_online_start(h, job0, &c, 1, NULL, 0);
	}
	if (strcmp(k, "unsubmitted") == 0) {
		int last = hs_online_machine(h)->njobs - 1;
		return hs_online_start(h, last, &c0, 1, NULL, 0);
	}
	if (strcmp(k, "idle") == 0)
		return 0;
	if (strcmp(k, "fail") == 0)
		return -1;
	if (strcmp(k, "wake-past") == 0)
		return hs_online_wake(h, hs_online_now(h) - 1);
	if (strcmp(k, "loop") == 0)
		return hs_online_wake(h, hs_online_now(h));
	if (strcmp(k, "note-key") == 0 && job0 >= 0)
		hs_online_note(h, job0, "start", "1");
	/* More notes than an emitted line holds beside the placement. */
	if (strcmp(k, "many-notes") == 0 && job0 >= 0)
		for (int n = 0; n < 12; n++) {
			char key[16];
			snprintf(key, sizeof key, "n%d", n);
			hs_online_note(h, job0, key, "%d", n);
		}
	if (strcmp(k, "reject-all") == 0) {
		while (s->head < s->tail) {
			hs_online_note(h, s->queue[s->head], "why", "test");
			hs_online_reject(h, s->queue[s->head++]);
		}
		return 0;
	}
	/* Failures the guard names (hs/guard.h): a crash, exit(), a call that
	 * never returns, and output on stdout (which must not reach the
	 * stream). */
	if (strcmp(k, "crash") == 0)
		*bad_address = 1;
	if (strcmp(k, "exit") == 0)
		exit(0);
	if (strcmp(k, "_exit") == 0)
		_exit(0);
	if (strcmp(k, "_Exit") == 0)
		_Exit(0);
	if (strcmp(k, "quick_exit") == 0)
		quick_exit(0);
	if (strcmp(k, "hang") == 0)
		for (volatile int spin = 1; spin;)
			;
	if (strcmp(k, "print") == 0) {
		printf("hs 1\nnot a record of the stream\n");
		fflush(stdout);
	}
	/* ABI 2's refusals */
	if (strcmp(k, "kill-waiting") == 0 && s->head < s->tail)
		return hs_online_kill(h, s->queue[s->tail - 1]) < 0 ? -1 : fcfs(s, h);
	if (strcmp(k, "submit-bad") == 0)
		return hs_online_submit(h, "x", "model=amdhal t1=3", hs_online_now(h)) < 0 ? -1 : 0;
	if (strcmp(k, "submit-taken") == 0)
		return hs_online_submit(h, "j1", "model=rigid size=1 time=1", hs_online_now(h)) < 0 ? -1 : 0;
	if (strcmp(k, "submit-past") == 0)
		return hs_online_submit(h, NULL, "model=rigid size=1 time=1", hs_online_now(h) - 1) < 0 ? -1 : 0;
	if (strcmp(k, "submit-deps") == 0)
		return hs_online_submit(h, NULL, "model=rigid size=1 time=1 deps=j1", hs_online_now(h)) < 0 ? -1 : 0;
	/* a note on job 0 at every call after it ended: late in a live run */
	if (strcmp(k, "late-note") == 0 && s->calls > 1)
		hs_online_note(h, 0, "late", "%d", s->calls);
	if (strcmp(k, "twice") == 0 && job0 >= 0) {
		int two[2] = { 0, 0 };
		return hs_online_start(h, job0, two, 2, NULL, 0);
	}
	/* ABI 4's refusals: runs empty, overlapping, out of order, out of
	 * range, on a busy core, a negative count */
	if (strncmp(k, "runs-", 5) == 0 && job0 >= 0) {
		struct hs_online_range r[2] = { { 0, 2 }, { 2, 0 } };
		if (strcmp(k, "runs-overlap") == 0)
			r[1] = (struct hs_online_range){ 1, 1 };
		if (strcmp(k, "runs-order") == 0)
			r[0] = (struct hs_online_range){ 2, 1 }, r[1] = (struct hs_online_range){ 0, 1 };
		if (strcmp(k, "runs-out") == 0)
			r[0] = (struct hs_online_range){ 3, 2 };
		if (strcmp(k, "runs-busy") == 0) {
			s->runs = 1;
			if (fcfs(s, h) < 0 || s->head == s->tail)
				return -1;
			job0 = s->queue[s->head];
			r[0] = (struct hs_online_range){ 0, hs_online_job(h, job0)->cores };
		}
		int nr = strcmp(k, "runs-empty") == 0 || strcmp(k, "runs-overlap") == 0 ||
				 strcmp(k, "runs-order") == 0 ? 2 : 1;
		if (strcmp(k, "runs-bad") == 0)
			nr = -1;
		if (strcmp(k, "runs-gpu") == 0) {
			int g = 0;
			return hs_online_start_runs(h, job0, r, 1, &g, 1);
		}
		return hs_online_start_runs(h, job0, r, nr, NULL, 0);
	}
	return fcfs(s, h);
}

/* abi2: at 5, for each running job a note "at5=START@CORES:PROGRESS";
 * the first running job killed ("kill=RC", then a second kill "kill2=RC");
 * a job of its own submitted ("own" at 6, 2 cores for 3 s); the jobs of the input not submitted yet noted on every job
 * submitted ("left=N") with its duration on the reference node ("est=");
 * on an END the progress at the end, on its run record ("p=P"). */
static int events_abi2(void *state, struct hs_online *h, const struct hs_online_event *ev, int nev,
		       struct hs_ctx *ctx)
{
	struct st *s = state;
	double now = hs_online_now(h);
	for (int e = 0; e < nev; e++) {
		if (ev[e].type == HS_ONLINE_SUBMIT) {
			/* the queue may need room: jobs of its own come */
			s->queue = realloc(s->queue, (size_t)(s->tail + 1) * sizeof *s->queue);
			s->queue[s->tail++] = ev[e].job;
			hs_online_note(h, ev[e].job, "left", "%d", hs_online_unsubmitted(h));
			hs_online_note(h, ev[e].job, "est", "%g",
				       hs_online_estimate(h, ev[e].job, -1, hs_online_job(h, ev[e].job)->cores, 0));
		} else if (ev[e].type == HS_ONLINE_END) {
			hs_online_note_run(h, ev[e].job, "p", "%g", hs_online_progress(h, ev[e].job));
		} else if (ev[e].type == HS_ONLINE_WAKE && now == 5) {
			const struct hs_online_machine *m = hs_online_machine(h);
			int first = -1;
			for (int j = 0; j < m->njobs; j++) {
				struct hs_online_alloc a = { sizeof a, 0, NULL, 0, NULL, 0 };
				if (hs_online_alloc(h, j, &a) != 0 || hs_online_core_job(h, a.cores[0]) != j)
					continue;
				hs_online_note(h, j, "at5", "%g@%d-%d:%g", a.start, a.cores[0],
					       a.cores[a.ncores - 1], hs_online_progress(h, j));
				if (first < 0)
					first = j;
			}
			if (first >= 0) {
				hs_online_note(h, first, "kill", "%d", hs_online_kill(h, first));
				hs_online_note(h, first, "kill2", "%d", hs_online_kill(h, first));
			}
			if (hs_online_submit(h, "own", "model=rigid size=2 time=3 walltime=10 scope=any", 6) < 0) {
				hs_ctx_error(ctx, "submit refused");
				return -1;
			}
			return fcfs(s, h);
		}
	}
	if (now == 0)
		hs_online_wake(h, 5);
	return fcfs(s, h);
}

static int start_ff(struct hs_online *h, const struct hs_optvals *o, struct hs_ctx *c, void **s)
{
	return start(h, o, c, s, 0);
}

static int start_ff_runs(struct hs_online *h, const struct hs_optvals *o, struct hs_ctx *c, void **s)
{
	int rc = start(h, o, c, s, 0);
	if (*s)
		((struct st *)*s)->runs = 1;
	return rc;
}

/* abi2 -o order=lucarelli: the authors' event order asked for
 * (hs_online_event_order); a refusal is said in prov (order=refused). */
static int start_abi2(struct hs_online *h, const struct hs_optvals *o, struct hs_ctx *c, void **s)
{
	if (strcmp(hs_opt_str(o, "order"), "lucarelli") == 0 &&
	    hs_online_event_order(h, HS_ONLINE_ORDER_LUCARELLI) != 0)
		hs_ctx_prov(c, "order", "refused");
	return start(h, o, c, s, 0);
}

static int start_mistake(struct hs_online *h, const struct hs_optvals *o, struct hs_ctx *c,
			 void **s)
{
	return start(h, o, c, s, 1);
}

static void finish(void *state)
{
	struct st *s = state;
	if (!s)
		return;
	free(s->queue);
	free(s->cores);
	free(s->rng);
	free(s);
}

static const struct hs_online_ops ff_ops = {
	sizeof(struct hs_online_ops), HS_ONLINE_ABI, 0, start_ff, events, finish,
};
static const struct hs_online_ops abi2_ops = {
	sizeof(struct hs_online_ops), HS_ONLINE_ABI, HS_ONLINE_NEEDS_MODEL, start_abi2, events_abi2, finish,
};
static const struct hs_online_ops ff_runs_ops = {
	sizeof(struct hs_online_ops), HS_ONLINE_ABI, 0, start_ff_runs, events, finish,
};
/* What a plugin built against online ABI 1 has: the same operations. */
static const struct hs_online_ops abi1_ops = {
	sizeof(struct hs_online_ops), 1, 0, start_ff, events, finish,
};
static const struct hs_online_ops mistake_ops = {
	sizeof(struct hs_online_ops), HS_ONLINE_ABI, 0, start_mistake, events, finish,
};

static const struct hs_option mistake_opts[] = {
	{"kind", HS_OPT_CHOICE, "busy", "which mistake",
	 "busy|unknown-core|unsubmitted|idle|fail|wake-past|loop|note-key|many-notes|reject-all|twice|"
	 "start-fails|start-crash|crash|exit|_exit|_Exit|quick_exit|hang|print|kill-waiting|submit-bad|submit-taken|"
	 "submit-past|submit-deps|late-note|runs-empty|runs-overlap|runs-order|runs-out|runs-busy|runs-bad|"
	 "runs-gpu"},
	{NULL, 0, NULL, NULL, NULL},
};

static const struct hs_algo first_fit = {
	sizeof(struct hs_algo), "first-fit", "FCFS on the lowest free cores (test)", NULL, NULL, &ff_ops,
	NULL, 0,
};
static const struct hs_algo mistake = {
	sizeof(struct hs_algo), "mistake", "one bad decision (test)", mistake_opts, NULL, &mistake_ops,
	NULL, 0,
};

static const struct hs_option abi2_opts[] = {
	{"order", HS_OPT_CHOICE, "stream", "the order of a date's events", "stream|lucarelli"},
	{NULL, 0, NULL, NULL, NULL},
};
static const struct hs_algo abi2 = {
	sizeof(struct hs_algo), "abi2", "first-fit that kills and submits at 5 (test)", abi2_opts, NULL,
	&abi2_ops, NULL, 0,
};
static const struct hs_algo first_fit_abi1 = {
	sizeof(struct hs_algo), "first-fit-abi1", "first-fit built for online ABI 1 (test)", NULL, NULL,
	&abi1_ops, NULL, 0,
};

static const struct hs_algo first_fit_runs = {
	sizeof(struct hs_algo), "first-fit-runs", "first-fit, its cores given as runs (test)", NULL, NULL,
	&ff_runs_ops, NULL, 0,
};

static const struct hs_algo *const algos[] = { &first_fit, &mistake, &abi2, &first_fit_abi1,
					       &first_fit_runs, NULL };

HS_PLUGIN_DEFINE(online, "1.0", "online test plugin", NULL, NULL, algos);
