/* template.c - a complete hs scheduling plugin to copy and edit.
 *
 * Algorithm "template" (offline, run by hs-plan): greedy least-loaded core.
 * Tasks are taken in the input order (or longest first with -o
 * order=longest); each runs on ONE core, the core that becomes free first
 * (ties: the lowest node, then the lowest core).  On node j a task takes
 * t(1)/f_j seconds (hs_task_time_on).  Task graphs (deps=): the order is
 * restricted to tasks whose deps are placed (hs_deps_order), and a task
 * starts no earlier than they end (hs_deps_ready); the descriptor says so
 * with HS_ALGO_DEPS.
 *
 * Algorithm "template-online" (online, run inside hs-sim): first come,
 * first served.  Jobs wait in submission order; whenever something
 * happens, the jobs at the head of the queue start on the lowest free
 * cores while they fit.  A job larger than the machine is rejected.
 * Two options show online ABI 2: -o kill-after=S ends any job that has run
 * S seconds (a site's limit, below every walltime), and -o epilogue=S
 * submits, when a job ends, a one-core job of S seconds of the
 * algorithm's own (a workflow's next step, a stage-out).
 *
 * Build it out of the hs tree (see Makefile and README.md):
 *     cc $(pkg-config --cflags hs) -shared -fPIC -o template.so template.c
 * and run it:
 *     hs-plan -a ./template.so:template < instance.hs
 *     hs-sim -a ./template.so:template-online < instance.hs
 *
 * The rules a plugin lives by (hs-plugin(7) has them all):
 *   - export exactly one descriptor, `hs_plugin` (HS_PLUGIN_DEFINE below);
 *   - link against nothing: hs-plan exports the libhs functions you call
 *     (hs/model.h, hs/format.h, hs/util.h, hs/metrics.h);
 *   - never print to stdout (it carries the stream) and never exit: report
 *     problems with hs_ctx_error / hs_ctx_task_error and return -1;
 *   - offline: fill `out` with one placement per task (hs_schedule_add);
 *     hs-plan computes the `after` lists and validates the plan;
 *   - online: decide with hs_online_start / _reject / _wake (and, online
 *     ABI 2, _kill and _submit) from the events callback; hs-sim checks
 *     every decision (hs/online.h).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hs/plugin.h"

/* ---------------- the algorithm ---------------- */

/* Sort key for order=longest: the sequential time t(1) on the reference node. */
static const struct hs_instance *sort_in;

static int longest_first(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	double tx = hs_task_seq_time(&sort_in->tasks[x]), ty = hs_task_seq_time(&sort_in->tasks[y]);
	if (tx != ty)
		return tx > ty ? -1 : 1;
	return x - y; /* equal times keep the input order */
}

static int plan_template(const struct hs_instance *in, const struct hs_optvals *opts,
			 struct hs_schedule *out, struct hs_ctx *ctx)
{
	const struct hs_platform *pl = &in->plat;
	/* hs-plan has checked the value against the option table below. */
	int longest = strcmp(hs_opt_str(opts, "order"), "longest") == 0;
	int n = in->ntasks, rc = 0;

	/* free_at[c]: when global core c (node order, then core order) is free. */
	double *free_at = calloc((size_t)pl->total_cores + 1, sizeof *free_at);
	int *order = calloc((size_t)n + 1, sizeof *order);
	if (!free_at || !order) {
		hs_ctx_error(ctx, "out of memory");
		free(free_at);
		free(order);
		return -1;
	}
	for (int i = 0; i < n; i++)
		order[i] = i;
	if (longest) {
		sort_in = in;
		qsort(order, (size_t)n, sizeof *order, longest_first);
	}
	hs_deps_order(in, order, order); /* each task after its deps */

	for (int k = 0; k < n && rc == 0; k++) {
		const struct hs_task *t = &in->tasks[order[k]];
		/* This simple algorithm only does one-core tasks. */
		if (t->on == HS_ON_GPU || hs_task_min_p(t) != 1) {
			hs_ctx_task_error(ctx, t, "template only places tasks that run on one core");
			rc = -1;
			break;
		}
		/* The least-loaded core: free first; ties keep the lowest index. */
		int best_node = -1, best_core = -1;
		double best_free = INFINITY;
		for (int j = 0, g = 0; j < pl->nnodes; j++)
			for (int c = 0; c < pl->nodes[j].cores; c++, g++)
				if (free_at[g] < best_free) {
					best_free = free_at[g];
					best_node = j;
					best_core = c;
				}
		int g = best_core;
		for (int j = 0; j < best_node; j++)
			g += pl->nodes[j].cores;
		/* Its release date and its deps' ends, then the core's free time. */
		double start = fmax(free_at[g], hs_deps_ready(in, out, t->index));
		double end = start + hs_task_time_on(t, &pl->nodes[best_node], 1);
		if (!isfinite(end)) {
			hs_ctx_task_error(ctx, t, "has no finite time on one core");
			rc = -1;
			break;
		}
		/* One placement: node, its cores (node-local indices), no GPUs. */
		hs_schedule_add(out, t->index, best_node, &best_core, 1, NULL, 0, start, end);
		free_at[g] = end;
		hs_ctx_progress(ctx, k + 1, n); /* shown on a terminal only */
	}

	/* Anything added here lands in the "prov plan" record. */
	if (rc == 0)
		hs_ctx_prov(ctx, "template.cores", "%d", pl->total_cores);
	if (rc == 0 && hs_ctx_verbose(ctx))
		fprintf(stderr, "template: %d tasks on %d cores\n", n, pl->total_cores);
	free(free_at);
	free(order);
	return rc;
}

/* ---------------- an online algorithm ---------------- */

/* What the algorithm keeps between calls: the queue of waiting jobs. */
struct fcfs {
	int *queue, head, tail, cap; /* job indices, in submission order */
	int *cores;             /* scratch: the cores picked for one job */
	double kill_after;      /* -o kill-after (0: none) */
	double epilogue;        /* -o epilogue (0: none) */
};

/* Once, before the first event: the machine is known, no job yet. */
static int online_start(struct hs_online *h, const struct hs_optvals *opts, struct hs_ctx *ctx,
			void **state)
{
	const struct hs_online_machine *m = hs_online_machine(h);
	struct fcfs *s = calloc(1, sizeof *s);
	if (s) {
		s->cap = m->njobs + 1;
		s->queue = calloc((size_t)s->cap, sizeof *s->queue);
		s->cores = calloc((size_t)m->ncores + 1, sizeof *s->cores);
		s->kill_after = hs_opt_double(opts, "kill-after");
		s->epilogue = hs_opt_double(opts, "epilogue");
	}
	*state = s;
	if (!s || !s->queue || !s->cores) {
		hs_ctx_error(ctx, "out of memory");
		return -1;
	}
	return 0;
}

/* The most cores one job of that scope can have. */
static int largest_group(const struct hs_online_machine *m, enum hs_scope scope)
{
	const struct hs_platform *pl = m->plat;
	int most = scope == HS_SCOPE_ANY ? m->ncores : 0;
	for (int j = 0; j < pl->nnodes && scope == HS_SCOPE_NODE; j++)
		most = pl->nodes[j].cores > most ? pl->nodes[j].cores : most;
	for (int k = 0; k < pl->nclusters && scope == HS_SCOPE_CLUSTER; k++)
		most = pl->clusters[k].cores > most ? pl->clusters[k].cores : most;
	return most;
}

/* The lowest free cores for job j within its scope: the first node
 * (scope=node) or cluster (scope=cluster) with enough of them, or the
 * whole machine (scope=any).  Returns how many were found (j->cores when
 * it fits). */
static int pick_cores(struct hs_online *h, const struct hs_online_job *j, int *cores)
{
	const struct hs_online_machine *m = hs_online_machine(h);
	const struct hs_platform *pl = m->plat;
	int ngroups = j->scope == HS_SCOPE_NODE ? pl->nnodes
		      : j->scope == HS_SCOPE_CLUSTER ? pl->nclusters : 1;
	for (int g = 0; g < ngroups; g++) {
		int a = 0, b = m->ncores; /* the group's cores: [a, b) */
		if (j->scope == HS_SCOPE_NODE) {
			a = m->node_first_core[g];
			b = m->node_first_core[g + 1];
		} else if (j->scope == HS_SCOPE_CLUSTER) {
			const struct hs_cluster *cl = &pl->clusters[g];
			a = m->node_first_core[cl->first_node];
			b = m->node_first_core[cl->first_node + cl->nnodes];
		}
		int n = 0;
		for (int c = a; c < b && n < j->cores; c++)
			if (hs_online_core_job(h, c) < 0)
				cores[n++] = c;
		if (n == j->cores)
			return n;
	}
	return 0;
}

/* A batch of events at one date: job ends first, then submissions.  A
 * batch scheduler knows a job's size and walltime, not how long it runs. */
static int online_events(void *state, struct hs_online *h, const struct hs_online_event *ev,
			 int nev, struct hs_ctx *ctx)
{
	struct fcfs *s = state;
	const struct hs_online_machine *m = hs_online_machine(h);
	double now = hs_online_now(h);
	for (int e = 0; e < nev; e++) {
		if (ev[e].type == HS_ONLINE_END && s->epilogue > 0) {
			/* A job of our own after each job of the input (a job of
			 * ours ends too: no epilogue of an epilogue). */
			const struct hs_online_job *j = hs_online_job(h, ev[e].job);
			char id[200], fields[100];
			if (strncmp(j->id, "epilogue-", 9) != 0) {
				snprintf(id, sizeof id, "epilogue-%s", j->id);
				snprintf(fields, sizeof fields, "model=rigid size=1 time=%g walltime=%g",
					 s->epilogue, 2 * s->epilogue);
				if (hs_online_submit(h, id, fields, now) < 0)
					return -1; /* reported */
				m = hs_online_machine(h); /* njobs grew */
			}
		}
		if (ev[e].type == HS_ONLINE_WAKE && s->kill_after > 0) {
			/* The jobs that have run kill-after seconds by now. */
			struct hs_online_alloc a = {.struct_size = sizeof a};
			for (int c = 0; c < m->ncores; c++) {
				int job = hs_online_core_job(h, c);
				if (job >= 0 && hs_online_alloc(h, job, &a) == 0 && a.cores[0] == c &&
				    now - a.start >= s->kill_after) {
					hs_online_note(h, job, "cut", "%g", hs_online_progress(h, job));
					hs_online_kill(h, job);
				}
			}
		}
		if (ev[e].type != HS_ONLINE_SUBMIT)
			continue; /* an end frees cores: hs_online_core_job says which */
		const struct hs_online_job *j = hs_online_job(h, ev[e].job);
		if (j->cores > largest_group(m, j->scope) || j->gpus > 0) {
			hs_online_reject(h, j->index); /* can never run here */
			continue;
		}
		if (s->tail == s->cap) { /* jobs of our own make the queue grow */
			int *q = realloc(s->queue, (size_t)(2 * s->cap) * sizeof *q);
			if (!q) {
				hs_ctx_error(ctx, "out of memory");
				return -1;
			}
			s->queue = q;
			s->cap *= 2;
		}
		s->queue[s->tail++] = j->index;
	}
	/* Start the head of the queue while it fits on free cores. */
	while (s->head < s->tail) {
		const struct hs_online_job *j = hs_online_job(h, s->queue[s->head]);
		int n = pick_cores(h, j, s->cores);
		if (n < j->cores)
			break; /* FCFS: nobody overtakes the head */
		/* hs-sim checks the decision; -1 means it was refused (reported). */
		if (hs_online_start(h, j->index, s->cores, n, NULL, 0) < 0)
			return -1;
		hs_online_note(h, j->index, "waited", "%g", now - j->submitted);
		if (s->kill_after > 0 && hs_online_wake(h, now + s->kill_after) < 0)
			return -1;
		s->head++;
	}
	return 0;
}

static void online_finish(void *state)
{
	struct fcfs *s = state;
	if (s) {
		free(s->queue);
		free(s->cores);
		free(s);
	}
}

/* ---------------- the plugin's descriptors (glue) ---------------- */

/* Options: hs-plan checks the user's -o against this table; `-o help` shows it. */
static const struct hs_option template_options[] = {
	{"order", HS_OPT_CHOICE, "given", "task order: given, or longest t(1) first",
	 "given|longest"},
	{NULL, 0, NULL, NULL, NULL},
};

static const struct hs_algo template_algo = {
	.struct_size = sizeof(struct hs_algo), /* always sizeof: tells hs what you know */
	.name = "template",
	.summary = "greedy: each task on the core that is free first (example plugin)",
	.options = template_options,
	.plan = plan_template,
	.flags = HS_ALGO_DEPS, /* it honours task graphs (deps=) */
	/* .online = NULL, .presets = NULL */
};

static const struct hs_option template_online_options[] = {
	{"kill-after", HS_OPT_DOUBLE, "0", "kill a job once it has run this many seconds (0: never)",
	 NULL},
	{"epilogue", HS_OPT_DOUBLE, "0",
	 "after each job, submit a one-core job of this many seconds of our own (0: none)", NULL},
	{NULL, 0, NULL, NULL, NULL},
};

static const struct hs_online_ops template_online_ops = {
	.struct_size = sizeof(struct hs_online_ops), /* always sizeof, as above */
	.online_abi = HS_ONLINE_ABI,
	.flags = 0, /* HS_ONLINE_NEEDS_MODEL: the algorithm uses runtime estimates */
	.start = online_start,
	.events = online_events,
	.finish = online_finish,
};

static const struct hs_algo template_online_algo = {
	.struct_size = sizeof(struct hs_algo),
	.name = "template-online",
	.summary = "FCFS on the lowest free cores (example online plugin)",
	.options = template_online_options,
	.online = &template_online_ops,
};

/* More algorithms go in this NULL-terminated list. */
static const struct hs_algo *const template_algos[] = {&template_algo, &template_online_algo, NULL};

/* family name, plugin version, summary, init, fini, algorithms */
HS_PLUGIN_DEFINE(template, "1.0", "example plugin to copy", NULL, NULL, template_algos);
