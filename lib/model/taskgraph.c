/* model/taskgraph.c - the instance's task graph (deps= of hs-format(5)):
 * successor lists, a list-scheduling order that honours it, ready times
 * and the critical path (hs/model.h).  The loader has already rejected
 * cycles, unknown tasks and self-dependencies; these functions still stop
 * cleanly on a cyclic graph built by hand. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hs/model.h"
#include "hs/util.h"

int hs_instance_has_deps(const struct hs_instance *in)
{
	for (int i = 0; i < in->ntasks; i++)
		if (in->tasks[i].ndeps > 0)
			return 1;
	return 0;
}

void hs_task_succ_build(const struct hs_instance *in, struct hs_task_succ *g)
{
	int n = in->ntasks;
	g->n = n;
	g->off = hs_calloc((size_t)n + 2, sizeof *g->off);
	for (int i = 0; i < n; i++)
		for (int k = 0; k < in->tasks[i].ndeps; k++)
			g->off[in->tasks[i].deps[k] + 1]++;
	for (int i = 0; i < n; i++)
		g->off[i + 1] += g->off[i];
	g->succ = hs_malloc(((size_t)g->off[n] + 1) * sizeof *g->succ);
	int *fill = hs_malloc(((size_t)n + 1) * sizeof *fill);
	memcpy(fill, g->off, ((size_t)n + 1) * sizeof *fill);
	/* Tasks in index order: each successor list comes out sorted. */
	for (int i = 0; i < n; i++)
		for (int k = 0; k < in->tasks[i].ndeps; k++)
			g->succ[fill[in->tasks[i].deps[k]]++] = i;
	free(fill);
}

void hs_task_succ_release(struct hs_task_succ *g)
{
	free(g->off);
	free(g->succ);
	memset(g, 0, sizeof *g);
}

/* A binary min-heap of task indices by rank. */
struct rheap {
	int *v, n;
	const int *rank;
};

static void rh_push(struct rheap *h, int x)
{
	int i = h->n++;
	h->v[i] = x;
	while (i > 0) {
		int p = (i - 1) / 2;
		if (h->rank[h->v[p]] <= h->rank[x])
			break;
		h->v[i] = h->v[p];
		i = p;
	}
	h->v[i] = x;
}

static int rh_pop(struct rheap *h)
{
	int top = h->v[0], x = h->v[--h->n], i = 0;
	for (;;) {
		int l = 2 * i + 1, r = l + 1, m = l;
		if (l >= h->n)
			break;
		if (r < h->n && h->rank[h->v[r]] < h->rank[h->v[l]])
			m = r;
		if (h->rank[h->v[m]] >= h->rank[x])
			break;
		h->v[i] = h->v[m];
		i = m;
	}
	if (h->n)
		h->v[i] = x;
	return top;
}

int hs_deps_order(const struct hs_instance *in, const int *prio, int *out)
{
	int n = in->ntasks;
	if (!hs_instance_has_deps(in)) {
		if (out != prio)
			memcpy(out, prio, (size_t)n * sizeof *out);
		return n;
	}
	struct hs_task_succ g;
	hs_task_succ_build(in, &g);
	int *rank = hs_malloc(((size_t)n + 1) * sizeof *rank);
	int *wait = hs_malloc(((size_t)n + 1) * sizeof *wait);
	for (int k = 0; k < n; k++)
		rank[prio[k]] = k;
	struct rheap h = { hs_malloc(((size_t)n + 1) * sizeof *h.v), 0, rank };
	for (int i = 0; i < n; i++) {
		wait[i] = in->tasks[i].ndeps;
		if (!wait[i])
			rh_push(&h, i);
	}
	int m = 0;
	while (h.n) {
		int i = rh_pop(&h);
		out[m++] = i;
		for (int k = g.off[i]; k < g.off[i + 1]; k++)
			if (--wait[g.succ[k]] == 0)
				rh_push(&h, g.succ[k]);
	}
	free(h.v);
	free(rank);
	free(wait);
	hs_task_succ_release(&g);
	return m;
}

double hs_deps_ready(const struct hs_instance *in, const struct hs_schedule *s, int i)
{
	const struct hs_task *t = &in->tasks[i];
	double r = t->release;
	for (int k = 0; k < t->ndeps; k++) {
		int j = t->deps[k];
		if (j < s->n && s->p[j].task == j && s->p[j].end > r)
			r = s->p[j].end;
	}
	return r;
}

double hs_critical_path(const struct hs_instance *in, const double *w, double *est)
{
	int n = in->ntasks;
	int *order = hs_malloc(((size_t)n + 1) * sizeof *order);
	for (int i = 0; i < n; i++)
		order[i] = i;
	int m = hs_deps_order(in, order, order);
	double *start = est ? est : hs_malloc(((size_t)n + 1) * sizeof *start);
	for (int i = 0; i < n; i++)
		start[i] = in->tasks[i].release; /* tasks on a cycle stay there */
	double cp = 0;
	for (int k = 0; k < m; k++) {
		int i = order[k];
		const struct hs_task *t = &in->tasks[i];
		double s = t->release;
		for (int e = 0; e < t->ndeps; e++) {
			int j = t->deps[e];
			s = fmax(s, start[j] + w[j]);
		}
		start[i] = s;
		cp = fmax(cp, s + w[i]);
	}
	if (!est)
		free(start);
	free(order);
	return cp;
}
