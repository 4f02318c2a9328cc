/* replay.c - replay a static plan under the runtime model (hs_replay in
 * metrics.h).  Only the order encoded by the after lists and the release
 * dates matter, not the planned start times: when the model's durations
 * differ from the planned ones, the replay shows what really follows.
 * The plan graph and run set-up here serve the flow simulator too. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hs/metrics.h"
#include "hs/model.h"
#include "hs/util.h"

static int valid_pred(const struct hs_schedule *plan, int n, int i, int j)
{
	return j >= 0 && j < n && j != i && plan->p[j].task == j;
}

void hs_plan_graph_build(const struct hs_schedule *plan, int ntasks, struct hs_plan_graph *g)
{
	int n = plan->n < ntasks ? plan->n : ntasks;
	g->n = n;
	g->indeg = hs_calloc(n + 1, sizeof *g->indeg);
	g->off = hs_calloc(n + 2, sizeof *g->off);
	for (int i = 0; i < n; i++) {
		const struct hs_placement *p = &plan->p[i];
		if (p->task != i)
			continue;
		for (int k = 0; k < p->nafter; k++)
			if (valid_pred(plan, n, i, p->after[k])) {
				g->off[p->after[k] + 1]++;
				g->indeg[i]++;
			}
	}
	for (int i = 0; i < n; i++)
		g->off[i + 1] += g->off[i];
	g->succ = hs_malloc((g->off[n] ? g->off[n] : 1) * sizeof *g->succ);
	int *fill = hs_malloc((n + 1) * sizeof *fill);
	memcpy(fill, g->off, (n + 1) * sizeof *fill);
	for (int i = 0; i < n; i++) {
		const struct hs_placement *p = &plan->p[i];
		if (p->task != i)
			continue;
		for (int k = 0; k < p->nafter; k++)
			if (valid_pred(plan, n, i, p->after[k]))
				g->succ[fill[p->after[k]]++] = i;
	}
	free(fill);
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
	hs_plan_graph_build(plan, in->ntasks, &g);
	int n = g.n;
	hs_run_from_plan(plan, in->ntasks, run);

	/* Kahn's topological order. */
	int *queue = hs_malloc((n + 1) * sizeof *queue);
	char *done = hs_calloc(n + 1, 1);
	int qh = 0, qt = 0;
	for (int i = 0; i < n; i++)
		if (plan->p[i].task == i && g.indeg[i] == 0)
			queue[qt++] = i;

	while (qh < qt) {
		int i = queue[qh++];
		const struct hs_placement *p = &plan->p[i];
		const struct hs_task *t = &in->tasks[i];
		struct hs_placement *r = &run->p[i];
		double start = t->release;
		for (int k = 0; k < p->nafter; k++)
			if (valid_pred(plan, n, i, p->after[k]))
				start = fmax(start, run->p[p->after[k]].end);
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
			r->end = start + d;
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
		for (int k = g.off[i]; k < g.off[i + 1]; k++)
			if (--g.indeg[g.succ[k]] == 0)
				queue[qt++] = g.succ[k];
	}
	/* Tasks on a cycle of after lists (only possible for a plan not loaded
	 * from a stream; loading rejects cycles) never start: they fail. */
	for (int i = 0; i < n; i++)
		if (plan->p[i].task == i && !done[i]) {
			struct hs_placement *r = &run->p[i];
			r->state = HS_STATE_FAILED;
			r->start = r->end = in->tasks[i].release;
			r->energy = 0;
		}
	free(queue);
	free(done);
	hs_plan_graph_release(&g);
	return 0;
}
