/* schedule.c - schedules: one placement per task, resource bookkeeping and
 * the "after" lists (who used a core or GPU just before). */
#include <stdlib.h>
#include <string.h>

#include "hs/model.h"
#include "hs/util.h"
#include "uses.h"

void hs_schedule_init(struct hs_schedule *s, int ntasks)
{
	s->n = ntasks > 0 ? ntasks : 0;
	s->p = hs_calloc(s->n ? s->n : 1, sizeof *s->p);
	for (int i = 0; i < s->n; i++) {
		s->p[i].task = -1;
		s->p[i].exit_status = -1;
		s->p[i].energy = NAN;
	}
}

void hs_schedule_release(struct hs_schedule *s)
{
	if (!s->p)
		return;
	for (int i = 0; i < s->n; i++) {
		struct hs_placement *p = &s->p[i];
		for (int k = 0; k < p->nparts; k++) {
			free(p->parts[k].cores);
			free(p->parts[k].gpus);
		}
		free(p->parts);
		free(p->after);
	}
	free(s->p);
	s->p = NULL;
	s->n = 0;
}

static int *copy_ints(const int *v, int n)
{
	if (n <= 0)
		return NULL;
	int *c = hs_malloc(n * sizeof *c);
	memcpy(c, v, n * sizeof *c);
	return c;
}

void hs_placement_copy(struct hs_placement *dst, const struct hs_placement *src)
{
	*dst = *src;
	dst->parts = src->nparts ? hs_calloc(src->nparts, sizeof *dst->parts) : NULL;
	for (int k = 0; k < src->nparts; k++) {
		const struct hs_part *a = &src->parts[k];
		struct hs_part *b = &dst->parts[k];
		b->node = a->node;
		b->ncores = a->ncores;
		b->cores = copy_ints(a->cores, a->ncores);
		b->ngpus = a->ngpus;
		b->gpus = copy_ints(a->gpus, a->ngpus);
	}
	dst->after = copy_ints(src->after, src->nafter);
}

static int int_cmp(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

/* Merge src[0..n) into the sorted set (*v, *nv), keeping it sorted and
 * without duplicates. */
static void set_merge(int **v, int *nv, const int *src, int n)
{
	if (n <= 0)
		return;
	int *m = hs_malloc((*nv + n) * sizeof *m);
	if (*nv)
		memcpy(m, *v, *nv * sizeof *m);
	memcpy(m + *nv, src, n * sizeof *m);
	int total = *nv + n;
	qsort(m, total, sizeof *m, int_cmp);
	int k = 0;
	for (int i = 0; i < total; i++)
		if (k == 0 || m[k - 1] != m[i])
			m[k++] = m[i];
	free(*v);
	*v = m;
	*nv = k;
}

void hs_schedule_add(struct hs_schedule *s, int task, int node, const int *cores, int ncores,
		     const int *gpus, int ngpus, double start, double end)
{
	if (task < 0 || task >= s->n)
		return;
	struct hs_placement *p = &s->p[task];
	p->task = task;
	p->start = start;
	p->end = end;
	struct hs_part *part = NULL;
	for (int k = 0; k < p->nparts; k++)
		if (p->parts[k].node == node)
			part = &p->parts[k];
	if (!part) {
		p->parts = hs_reallocarray(p->parts, p->nparts + 1, sizeof *p->parts);
		part = &p->parts[p->nparts++];
		memset(part, 0, sizeof *part);
		part->node = node;
	}
	set_merge(&part->cores, &part->ncores, cores, ncores);
	set_merge(&part->gpus, &part->ngpus, gpus, ngpus);
}

/* Edge pred -> task, sorted by (task, pred). */
struct edge {
	int task, pred;
};

static int edge_cmp(const void *a, const void *b)
{
	const struct edge *x = a, *y = b;
	if (x->task != y->task)
		return x->task < y->task ? -1 : 1;
	return (x->pred > y->pred) - (x->pred < y->pred);
}

/* Sort all uses of every resource by start: each task's predecessors are
 * the previous users of each of its cores and GPUs.  O(U log U) for U the
 * total allotted cores and GPUs.  Sorting by (start, end, task) is a total
 * order shared by all resources, so the result is always acyclic. */
void hs_schedule_compute_after(struct hs_schedule *s, const struct hs_platform *pl)
{
	(void)pl; /* resources are named by (node, index); no table needed */
	for (int i = 0; i < s->n; i++) {
		struct hs_placement *p = &s->p[i];
		free(p->after);
		p->after = NULL;
		p->nafter = 0;
	}
	struct hs_use *u;
	size_t nu = hs_uses_sorted(s, NULL, &u);
	if (nu == 0)
		return;
	struct edge *e = hs_malloc(nu * sizeof *e);
	size_t ne = 0;
	for (size_t k = 1; k < nu; k++) {
		const struct hs_use *a = &u[k - 1], *b = &u[k];
		if (a->node == b->node && a->kind == b->kind && a->idx == b->idx && a->task != b->task)
			e[ne++] = (struct edge){ b->task, a->task };
	}
	free(u);
	qsort(e, ne, sizeof *e, edge_cmp);
	for (size_t k = 0; k < ne;) {
		size_t j = k;
		while (j < ne && e[j].task == e[k].task)
			j++;
		struct hs_placement *p = &s->p[e[k].task];
		p->after = hs_malloc((j - k) * sizeof *p->after);
		for (size_t q = k; q < j; q++)
			if (p->nafter == 0 || p->after[p->nafter - 1] != e[q].pred)
				p->after[p->nafter++] = e[q].pred;
		k = j;
	}
	free(e);
}

double hs_schedule_makespan(const struct hs_schedule *s)
{
	double lo = 0, hi = 0;
	int any = 0;
	for (int i = 0; i < s->n; i++) {
		const struct hs_placement *p = &s->p[i];
		if (p->task < 0 || p->state == HS_STATE_REJECTED)
			continue;
		if (!any || p->end > hi)
			hi = p->end;
		if (p->start < lo)
			lo = p->start;
		any = 1;
	}
	return any ? hi - lo : 0;
}

int hs_schedule_total_cores(const struct hs_placement *pl)
{
	int n = 0;
	for (int k = 0; k < pl->nparts; k++)
		n += pl->parts[k].ncores;
	return n;
}

int hs_schedule_total_gpus(const struct hs_placement *pl)
{
	int n = 0;
	for (int k = 0; k < pl->nparts; k++)
		n += pl->parts[k].ngpus;
	return n;
}
