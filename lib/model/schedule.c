/* model/schedule.c - schedules: one placement per task, resource bookkeeping and
 * the "after" lists (who used a core or GPU just before). */
#include <stdlib.h>
#include <string.h>

#include "hs/model.h"
#include "hs/util.h"
#include "ids.h"
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

void hs_schedule_grow(struct hs_schedule *s, int ntasks)
{
	if (ntasks <= s->n)
		return;
	s->p = hs_reallocarray(s->p, (size_t)ntasks, sizeof *s->p);
	for (int i = s->n; i < ntasks; i++) {
		memset(&s->p[i], 0, sizeof s->p[i]);
		s->p[i].task = -1;
		s->p[i].exit_status = -1;
		s->p[i].energy = NAN;
	}
	s->n = ntasks;
}

void hs_schedule_release(struct hs_schedule *s)
{
	if (!s->p)
		return;
	for (int i = 0; i < s->n; i++) {
		struct hs_placement *p = &s->p[i];
		hs_ids_free_parts(p->parts, p->nparts);
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
	dst->parts = src->nparts ? hs_malloc((size_t)src->nparts * sizeof *dst->parts) : NULL;
	for (int k = 0; k < src->nparts; k++) {
		const struct hs_part *a = &src->parts[k];
		dst->parts[k] = (struct hs_part){ a->node, hs_ids_copy(a->cores, a->ncores), a->ncores,
						  hs_ids_copy(a->gpus, a->ngpus), a->ngpus };
	}
	dst->after = copy_ints(src->after, src->nafter);
}

static int int_cmp(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

/* Merge src[0..n) into the sorted set (*v, *nv) of a part (ids.h), keeping
 * it sorted and without duplicates. */
static void set_merge(int **v, int *nv, const int *src, int n)
{
	if (n <= 0)
		return;
	/* The common case: a first, sorted set (an algorithm's cores). */
	int inc = *nv == 0;
	for (int i = 1; i < n && inc; i++)
		inc = src[i - 1] < src[i];
	if (inc) {
		hs_ids_free(*v);
		*v = hs_ids_copy(src, n);
		*nv = n;
		return;
	}
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
	hs_ids_free(*v);
	*v = hs_ids_adopt(m, k);
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

/* A task's predecessors: usually few (insertion sort), or many. */
static void sort_preds(int *v, int n)
{
	if (n > 32) {
		qsort(v, (size_t)n, sizeof *v, int_cmp);
		return;
	}
	for (int i = 1; i < n; i++) {
		int x = v[i], j = i;
		while (j > 0 && v[j - 1] > x) {
			v[j] = v[j - 1];
			j--;
		}
		v[j] = x;
	}
}

/* Store preds v[0..n) (sorted here, duplicates dropped) as p's after list. */
static void set_after(struct hs_placement *p, int *v, int n)
{
	sort_preds(v, n);
	int m = 0;
	for (int q = 0; q < n; q++)
		if (m == 0 || v[m - 1] != v[q])
			v[m++] = v[q];
	p->after = hs_malloc((size_t)m * sizeof *p->after);
	memcpy(p->after, v, (size_t)m * sizeof *p->after);
	p->nafter = m;
}

/* The walk over uses in start order: the last user of each resource, and
 * the predecessors of the task being visited. */
struct walk {
	struct hs_schedule *s;
	int *last;
	int task, *pred, npred, cap;
	void (*also)(void *arg, const struct hs_use *u, int res); /* or NULL */
	void *also_arg;
	/* walk_part's: node j's cores (pl), and the task that used all of
	 * them last (whole[j]; -1: none, last[] holds each core's) */
	const struct hs_platform *pl;
	int *whole;
};

static void walk_flush(struct walk *w)
{
	if (w->task >= 0 && w->npred > 0)
		set_after(&w->s->p[w->task], w->pred, w->npred);
	w->npred = 0;
}

static void walk_use(void *arg, const struct hs_use *u, int res)
{
	struct walk *w = arg;
	if (w->also)
		w->also(w->also_arg, u, res);
	if (u->task != w->task) {
		walk_flush(w);
		w->task = u->task;
	}
	int prev = w->last[res];
	/* Neighbouring cores mostly had the same last user (a wide task
	 * before): listed once here, not 64 times to sort and drop. */
	if (prev >= 0 && prev != u->task && (w->npred == 0 || w->pred[w->npred - 1] != prev)) {
		if (w->npred == w->cap) {
			w->cap = w->cap ? 2 * w->cap : 64;
			w->pred = hs_reallocarray(w->pred, (size_t)w->cap, sizeof *w->pred);
		}
		w->pred[w->npred++] = prev;
	}
	w->last[res] = u->task;
}

/* The uses of resources base + ids[0..n) by task: walk_use's work, in a
 * loop over the ids. */
static void walk_pred(struct walk *w, int task, int prev)
{
	if (prev >= 0 && prev != task && (w->npred == 0 || w->pred[w->npred - 1] != prev)) {
		if (w->npred == w->cap) {
			w->cap = w->cap ? 2 * w->cap : 64;
			w->pred = hs_reallocarray(w->pred, (size_t)w->cap, sizeof *w->pred);
		}
		w->pred[w->npred++] = prev;
	}
}

static void walk_ids(struct walk *w, int task, const int *ids, int n, int base)
{
	if (n > 0 && hs_ids_is_run(ids, n)) {
		/* A run (a whole node's, mostly): its last users are one stretch,
		 * taken a stretch of one last user at a time. */
		int *l = w->last + base + ids[0];
		for (int k = 0; k < n;) {
			int prev = l[k], e = k + 1;
			while (e < n && l[e] == prev)
				e++;
			for (; k < e; k++)
				l[k] = task;
			walk_pred(w, task, prev);
		}
		return;
	}
	int *last = w->last;
	for (int k = 0; k < n; k++) {
		int res = base + ids[k], prev = last[res];
		last[res] = task;
		walk_pred(w, task, prev);
	}
}

/* walk_use for a whole part (hs_uses_walk_parts), with nothing riding
 * along.  A part with all its node's cores (as most are on a large
 * machine) leaves its task as the node's last user without writing it
 * per core (whole[]): one step a node, not one a core; its cores' last[]
 * are written only when a part of some of them comes. */
static void walk_part(void *arg, int task, const struct hs_part *pt, int c0, int g0)
{
	struct walk *w = arg;
	if (task != w->task) {
		walk_flush(w);
		w->task = task;
	}
	int j = pt->node, nc = w->pl->nodes[j].cores;
	int all = pt->ncores == nc && nc > 0 && pt->cores[0] == 0 && hs_ids_is_run(pt->cores, nc);
	if (all && w->whole[j] >= 0) {
		walk_pred(w, task, w->whole[j]);
	} else if (all) {
		int *l = w->last + c0;
		for (int k = 0; k < nc;) {
			int prev = l[k];
			while (k < nc && l[k] == prev)
				k++;
			walk_pred(w, task, prev);
		}
	} else {
		if (w->whole[j] >= 0)
			for (int k = 0; k < nc; k++)
				w->last[c0 + k] = w->whole[j];
		w->whole[j] = -1;
		walk_ids(w, task, pt->cores, pt->ncores, c0);
	}
	if (all)
		w->whole[j] = task;
	walk_ids(w, task, pt->gpus, pt->ngpus, g0);
}

/* Without the platform (or with a use outside it): the uses sorted per
 * resource, their edges dealt to their tasks by counting. */
static void after_by_sorting(struct hs_schedule *s)
{
	struct hs_use *u;
	size_t nu = hs_uses_sorted(s, NULL, &u);
	if (nu == 0)
		return;
	/* first[i]: where task i's predecessors start in pred[]. */
	size_t *first = hs_calloc((size_t)s->n + 1, sizeof *first);
	for (size_t k = 1; k < nu; k++) {
		const struct hs_use *a = &u[k - 1], *b = &u[k];
		if (a->node == b->node && a->kind == b->kind && a->idx == b->idx && a->task != b->task)
			first[b->task + 1]++;
	}
	for (int i = 0; i < s->n; i++)
		first[i + 1] += first[i];
	size_t ne = first[s->n];
	int *pred = hs_malloc((ne ? ne : 1) * sizeof *pred);
	size_t *fill = hs_malloc(((size_t)s->n + 1) * sizeof *fill);
	memcpy(fill, first, ((size_t)s->n + 1) * sizeof *fill);
	for (size_t k = 1; k < nu; k++) {
		const struct hs_use *a = &u[k - 1], *b = &u[k];
		if (a->node == b->node && a->kind == b->kind && a->idx == b->idx && a->task != b->task)
			pred[fill[b->task]++] = a->task;
	}
	free(u);
	free(fill);
	for (int i = 0; i < s->n; i++)
		if (first[i + 1] > first[i])
			set_after(&s->p[i], pred + first[i], (int)(first[i + 1] - first[i]));
	free(pred);
	free(first);
}

/* Each task's predecessors are the previous users of each of its cores
 * and GPUs, in the order of (start, end, task): a total order shared by
 * all resources, so the result is always acyclic.  With the platform: one
 * walk over the tasks in that order, keeping the last user of each
 * resource (O(n log n + U), U the total allotted cores and GPUs, in memory
 * the size of the platform).  Without it (or with a use outside it): the
 * uses sorted per resource, their edges dealt to their tasks by counting. */
int hs_schedule_after_walk(struct hs_schedule *s, const struct hs_platform *pl,
			   void (*also)(void *arg, const struct hs_use *u, int res), void *arg)
{
	for (int i = 0; i < s->n; i++) {
		struct hs_placement *p = &s->p[i];
		free(p->after);
		p->after = NULL;
		p->nafter = 0;
	}
	if (pl) {
		size_t nres = (size_t)pl->total_cores + (size_t)pl->total_gpus;
		struct walk w = { s, hs_malloc((nres + 1) * sizeof *w.last), -1, NULL, 0, 0, also, arg, pl,
				  hs_malloc(((size_t)pl->nnodes + 1) * sizeof *w.whole) };
		memset(w.last, 0xff, (nres + 1) * sizeof *w.last); /* -1: unused */
		memset(w.whole, 0xff, ((size_t)pl->nnodes + 1) * sizeof *w.whole);
		/* The order is kept for a validator's walk only when nothing
		 * rode along on this one. */
		int rc = also ? hs_uses_walk(s, pl, NULL, 0, walk_use, &w)
			      : hs_uses_walk_parts(s, pl, NULL, 1, walk_part, &w);
		walk_flush(&w);
		free(w.last);
		free(w.whole);
		free(w.pred);
		if (rc == 0)
			return 0;
	}
	after_by_sorting(s);
	return -1;
}

/* The walk alone. */
void hs_schedule_compute_after(struct hs_schedule *s, const struct hs_platform *pl)
{
	hs_schedule_after_walk(s, pl, NULL, NULL);
}

int hs_schedule_has_after(const struct hs_schedule *s)
{
	for (int i = 0; i < s->n; i++)
		if (s->p[i].task >= 0 && s->p[i].nafter > 0)
			return 1;
	return 0;
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
