/* sim/replay.c - replay a static plan under the runtime model (hs_replay in
 * metrics.h).  Only the order encoded by the after lists, the deps of the
 * task graph and the release dates matter, not the planned start times:
 * when the model's durations differ from the planned ones, the replay shows
 * what really follows.  The plan graph and run set-up here serve the flow
 * simulator too: the plan graph is where after lists and deps become the
 * edges both simulators wait on.  The bytes a dep carries are not
 * simulated (hs-sim(1), TASK GRAPHS). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hs/metrics.h"
#include "hs/model.h"
#include "hs/util.h"
#include "lost.h"

static int valid_pred(const struct hs_schedule *plan, int n, int i, int j)
{
	return j >= 0 && j < n && j != i && plan->p[j].task == j;
}

/* Call f(arg, j) for each task j that planned task i waits for: its after
 * list and its deps, merged (both are sorted), each task once. */
static void for_preds(const struct hs_instance *in, const struct hs_schedule *plan, int n, int i,
		      void (*f)(void *arg, int j), void *arg)
{
	const struct hs_placement *p = &plan->p[i];
	const struct hs_task *t = &in->tasks[i];
	int a = 0, d = 0;
	while (a < p->nafter || d < t->ndeps) {
		int j;
		if (d >= t->ndeps || (a < p->nafter && p->after[a] < t->deps[d]))
			j = p->after[a++];
		else if (a >= p->nafter || t->deps[d] < p->after[a])
			j = t->deps[d++];
		else
			j = (a++, t->deps[d++]);
		if (valid_pred(plan, n, i, j))
			f(arg, j);
	}
}

struct gfill {
	struct hs_plan_graph *g;
	int *fill, i;
};

static void count_pred(void *arg, int j)
{
	struct gfill *c = arg;
	c->g->off[j + 1]++;
	c->g->indeg[c->i]++;
}

static void add_succ(void *arg, int j)
{
	struct gfill *c = arg;
	c->g->succ[c->fill[j]++] = c->i;
}

void hs_plan_graph_build(const struct hs_instance *in, const struct hs_schedule *plan,
			 struct hs_plan_graph *g)
{
	int n = plan->n < in->ntasks ? plan->n : in->ntasks;
	g->n = n;
	g->indeg = hs_calloc(n + 1, sizeof *g->indeg);
	g->off = hs_calloc(n + 2, sizeof *g->off);
	struct gfill c = { g, NULL, 0 };
	for (c.i = 0; c.i < n; c.i++)
		if (plan->p[c.i].task == c.i)
			for_preds(in, plan, n, c.i, count_pred, &c);
	for (int i = 0; i < n; i++)
		g->off[i + 1] += g->off[i];
	g->succ = hs_malloc((g->off[n] ? g->off[n] : 1) * sizeof *g->succ);
	c.fill = hs_malloc((n + 1) * sizeof *c.fill);
	memcpy(c.fill, g->off, (n + 1) * sizeof *c.fill);
	for (c.i = 0; c.i < n; c.i++)
		if (plan->p[c.i].task == c.i)
			for_preds(in, plan, n, c.i, add_succ, &c);
	free(c.fill);
}

void hs_plan_graph_release(struct hs_plan_graph *g)
{
	free(g->off);
	free(g->succ);
	free(g->indeg);
	memset(g, 0, sizeof *g);
}

void hs_run_from_plan(const struct hs_schedule *plan, int ntasks, struct hs_schedule *run)
{
	int n = plan->n < ntasks ? plan->n : ntasks;
	hs_schedule_init(run, ntasks);
	for (int i = 0; i < n; i++) {
		const struct hs_placement *p = &plan->p[i];
		if (p->task != i)
			continue;
		hs_placement_copy(&run->p[i], p);
		run->p[i].state = HS_STATE_NONE;
		run->p[i].exit_status = -1;
		run->p[i].energy = NAN;
	}
}

int hs_replay(const struct hs_instance *in, const struct hs_schedule *plan, struct hs_schedule *run)
{
	const struct hs_platform *pl = &in->plat;
	struct hs_plan_graph g;
	hs_plan_graph_build(in, plan, &g);
	int n = g.n;
	hs_run_from_plan(plan, in->ntasks, run);

	/* Kahn's topological order; ready[i]: the latest end of i's
	 * predecessors so far. */
	int *queue = hs_malloc((n + 1) * sizeof *queue);
	char *done = hs_calloc(n + 1, 1);
	double *ready = hs_malloc((n + 1) * sizeof *ready);
	int qh = 0, qt = 0, overflow = 0;
	struct hs_lost lost = {0};
	for (int i = 0; i < n; i++) {
		ready[i] = in->tasks[i].release;
		if (plan->p[i].task == i && g.indeg[i] == 0)
			queue[qt++] = i;
	}

	while (qh < qt) {
		int i = queue[qh++];
		const struct hs_placement *p = &plan->p[i];
		const struct hs_task *t = &in->tasks[i];
		struct hs_placement *r = &run->p[i];
		double start = ready[i];
		double d = hs_placement_duration(in, t, p);
		r->start = start;
		if (!isfinite(d)) {
			/* The allotment cannot run the task: it fails at once and
			 * frees its resources. */
			r->state = HS_STATE_FAILED;
			r->end = start;
		} else if (d > t->walltime) {
			r->state = HS_STATE_KILLED;
			r->end = start + t->walltime;
		} else {
			r->state = HS_STATE_DONE;
			r->end = hs_lost_end(&lost, in, i, start, d);
		}
		if (!isfinite(r->end)) {
			hs_lost_overflow(in, i, start, "duration",
					 r->state == HS_STATE_KILLED ? t->walltime : d);
			overflow = 1;
			break;
		}
		double watts = 0;
		for (int k = 0; k < r->nparts; k++) {
			const struct hs_part *pt = &r->parts[k];
			if (pt->node < 0 || pt->node >= pl->nnodes)
				continue;
			const struct hs_node *nd = &pl->nodes[pt->node];
			watts += pt->ncores * nd->cpu_busy + pt->ngpus * nd->gpu_busy;
		}
		r->energy = (r->end - r->start) * watts;
		done[i] = 1;
		for (int k = g.off[i]; k < g.off[i + 1]; k++) {
			int s = g.succ[k];
			if (r->end > ready[s])
				ready[s] = r->end;
			if (--g.indeg[s] == 0)
				queue[qt++] = s;
		}
	}
	/* Tasks on a cycle of after lists and deps (only possible for a plan
	 * not loaded from a stream; loading rejects cycles of each, and a
	 * valid plan cannot mix them into one) never start: they fail. */
	for (int i = 0; i < n; i++)
		if (plan->p[i].task == i && !done[i]) {
			struct hs_placement *r = &run->p[i];
			r->state = HS_STATE_FAILED;
			r->start = r->end = in->tasks[i].release;
			r->energy = 0;
		}
	if (!overflow)
		hs_lost_flush(&lost, in);
	free(queue);
	free(done);
	free(ready);
	hs_plan_graph_release(&g);
	return overflow ? -1 : 0;
}
