/* model/uses.c - per-resource uses of a schedule (see uses.h).
 *
 * Sorting every (task, core) pair costs a comparison sort of U pairs, U the
 * total allotted cores and GPUs (64 per task on wide nodes), and both the
 * after-list builder and the validator ask for it.  Instead the kept tasks
 * are sorted once by (start, end, task) — n entries, not U — and their uses
 * dealt into per-resource slots in that order (a counting sort by
 * resource), which leaves each resource's uses sorted: O(n log n + U + R)
 * for R resources.  Resource indices too large to count over (only a
 * broken plan has them) fall back to sorting the pairs. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hs/util.h"
#include "ids.h"
#include "uses.h"

static int use_cmp(const void *a, const void *b)
{
	const struct hs_use *x = a, *y = b;
	if (x->node != y->node)
		return x->node < y->node ? -1 : 1;
	if (x->kind != y->kind)
		return x->kind < y->kind ? -1 : 1;
	if (x->idx != y->idx)
		return x->idx < y->idx ? -1 : 1;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	if (x->end != y->end)
		return x->end < y->end ? -1 : 1;
	return (x->task > y->task) - (x->task < y->task);
}

/* A kept task in the order its uses are dealt. */
struct ord {
	double start, end;
	int task;
};

static int ord_cmp(const void *a, const void *b)
{
	const struct ord *x = a, *y = b;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	if (x->end != y->end)
		return x->end < y->end ? -1 : 1;
	return (x->task > y->task) - (x->task < y->task);
}

/* The bits of a finite double as an unsigned key in the same order
 * (-0 taken as 0, as == takes it). */
static uint64_t order_key(double d)
{
	uint64_t b;
	if (d == 0)
		d = 0;
	memcpy(&b, &d, sizeof b);
	return b >> 63 ? ~b : b | (uint64_t)1 << 63;
}

#define RADIX_BITS 11
#define RADIX (1 << RADIX_BITS)
#define RADIX_PASSES ((64 + RADIX_BITS - 1) / RADIX_BITS)

/* o[0..n) sorted by ord_cmp, all times finite, o in task order (the last
 * tie rule) on entry: a stable radix sort on start (passes over digits
 * that all keys share are skipped), then each run of equal starts sorted
 * by (end, task).  A comparison sort took 8% of hs-plan on a million
 * tasks; this is a few linear passes. */
static void sort_order(struct ord *o, size_t n)
{
	struct ord *tmp = hs_malloc(n * sizeof *tmp);
	size_t (*count)[RADIX] = hs_calloc(RADIX_PASSES, sizeof *count);
	for (size_t i = 0; i < n; i++) {
		uint64_t k = order_key(o[i].start);
		for (int d = 0; d < RADIX_PASSES; d++)
			count[d][(k >> (d * RADIX_BITS)) & (RADIX - 1)]++;
	}
	struct ord *src = o, *dst = tmp;
	for (int d = 0; d < RADIX_PASSES; d++) {
		size_t sum = 0, *c = count[d];
		int one = 0;
		for (int b = 0; b < RADIX && !one; b++)
			one = c[b] == n;
		if (one)
			continue;
		for (int b = 0; b < RADIX; b++) {
			size_t x = c[b];
			c[b] = sum;
			sum += x;
		}
		for (size_t i = 0; i < n; i++)
			dst[c[(order_key(src[i].start) >> (d * RADIX_BITS)) & (RADIX - 1)]++] = src[i];
		struct ord *t = src;
		src = dst;
		dst = t;
	}
	if (src != o)
		memcpy(o, src, n * sizeof *o);
	free(count);
	free(tmp);
	for (size_t i = 0, j; i < n; i = j) {
		for (j = i + 1; j < n && o[j].start == o[i].start; j++)
			;
		if (j - i > 16) {
			qsort(o + i, j - i, sizeof *o, ord_cmp);
			continue;
		}
		for (size_t a = i + 1; a < j; a++) {
			struct ord x = o[a];
			size_t b = a;
			for (; b > i && ord_cmp(&o[b - 1], &x) > 0; b--)
				o[b] = o[b - 1];
			o[b] = x;
		}
	}
}

static int kept(const struct hs_schedule *s, const char *keep, int i)
{
	return keep ? keep[i] : s->p[i].task >= 0;
}

/* Each placement's parts, and its cores and GPUs, are blocks of their own:
 * a cache miss each on a large schedule, two thirds of a walk's time,
 * which fetching those of the task WALK_AHEAD places on hides. */
#define WALK_AHEAD 8

static inline void prefetch_parts(const struct hs_schedule *s, int i)
{
	if (i < s->n) {
		/* Through a volatile: GCC 12 -O2 drops a prefetch of a loaded
		 * pointer here.  NULL is fine: a prefetch never faults. */
		const void *volatile q = s->p[i].parts;
		__builtin_prefetch(q);
	}
}

/* The uses of s in any order (the fallback). */
static void collect(const struct hs_schedule *s, const char *keep, struct hs_use *u)
{
	size_t m = 0;
	for (int i = 0; i < s->n; i++) {
		const struct hs_placement *p = &s->p[i];
		if (!kept(s, keep, i))
			continue;
		for (int k = 0; k < p->nparts; k++) {
			const struct hs_part *pt = &p->parts[k];
			for (int c = 0; c < pt->ncores; c++)
				u[m++] = (struct hs_use){ pt->node, 0, pt->cores[c], i, p->start, p->end };
			for (int g = 0; g < pt->ngpus; g++)
				u[m++] = (struct hs_use){ pt->node, 1, pt->gpus[g], i, p->start, p->end };
		}
	}
}

/* Per node, the number of core and GPU slots (largest index + 1) in
 * slots[2 * node + kind]; nodes in *nnodes.  -1 when an index is negative
 * or the slots would far outnumber the uses. */
static int count_slots(const struct hs_schedule *s, const char *keep, size_t nu, int **slots,
		       int *nnodes)
{
	int maxnode = -1;
	for (int i = 0; i < s->n; i++)
		if (kept(s, keep, i))
			for (int k = 0; k < s->p[i].nparts; k++) {
				int nd = s->p[i].parts[k].node;
				if (nd < 0)
					return -1;
				if (nd > maxnode)
					maxnode = nd;
			}
	if ((size_t)maxnode > 4 * nu + 1024)
		return -1;
	int *sl = hs_calloc(2 * ((size_t)maxnode + 1), sizeof *sl);
	size_t total = 0;
	for (int i = 0; i < s->n; i++) {
		prefetch_parts(s, i + WALK_AHEAD);
		if (!kept(s, keep, i))
			continue;
		for (int k = 0; k < s->p[i].nparts; k++) {
			const struct hs_part *pt = &s->p[i].parts[k];
			for (int kind = 0; kind < 2; kind++) {
				const int *v = kind ? pt->gpus : pt->cores;
				int n = kind ? pt->ngpus : pt->ncores;
				for (int c = 0; c < n; c++) {
					if (v[c] < 0 || (size_t)v[c] > 4 * nu + 1024) {
						free(sl);
						return -1;
					}
					int *slot = &sl[2 * pt->node + kind];
					if (v[c] >= *slot) {
						total += (size_t)(v[c] + 1 - *slot);
						*slot = v[c] + 1;
					}
				}
			}
		}
	}
	if (total > 4 * nu + 1024) {
		free(sl);
		return -1;
	}
	*slots = sl;
	*nnodes = maxnode + 1;
	return 0;
}

/* The order of the last walk asked to keep it (hs_schedule_compute_after),
 * for the next walk or hs_uses_sorted on this thread (the validator, which
 * in hs-plan checks the same schedule right after): a sort of n tasks, 12%
 * of hs-plan -a taskp, done once instead of twice.  It is reused only
 * after an O(n) check that it is still the order of the tasks kept now
 * (see reuse_order), so a schedule changed in between costs a sort, not a
 * wrong order. */
static _Thread_local struct ord *last_order;
static _Thread_local int last_n;

/* last_order restricted to the kept tasks, when that is the (start, end,
 * task) order of exactly the kept tasks of s: every entry names a slot of
 * s, the kept ones come in increasing order under their current times, and
 * they are all the kept tasks (as many as s has; the entries are distinct
 * tasks, so equal counts mean equal sets).  NULL otherwise.  The saved
 * order is given up either way. */
static struct ord *reuse_order(const struct hs_schedule *s, const char *keep, int *n)
{
	struct ord *o = last_order;
	int m = last_n, no = 0, ok = 1;
	last_order = NULL;
	last_n = 0;
	if (!o)
		return NULL;
	for (int t = 0; t < m && ok; t++) {
		int i = o[t].task;
		if (i < 0 || i >= s->n) {
			ok = 0;
			break;
		}
		if (!kept(s, keep, i))
			continue;
		o[no] = (struct ord){ s->p[i].start, s->p[i].end, i };
		if (no > 0 && ord_cmp(&o[no - 1], &o[no]) >= 0)
			ok = 0;
		no++;
	}
	int nkept = 0;
	for (int i = 0; ok && i < s->n; i++)
		nkept += kept(s, keep, i) != 0;
	if (!ok || nkept != no) {
		free(o);
		return NULL;
	}
	*n = no;
	return o;
}

/* The kept tasks in (start, end, task) order; the count in *n. */
static struct ord *tasks_in_order(const struct hs_schedule *s, const char *keep, int *n)
{
	struct ord *o = reuse_order(s, keep, n);
	if (o)
		return o;
	o = hs_malloc(((size_t)s->n + 1) * sizeof *o);
	int no = 0, sorted = 1, finite = 1;
	for (int i = 0; i < s->n; i++) {
		if (!kept(s, keep, i))
			continue;
		o[no] = (struct ord){ s->p[i].start, s->p[i].end, i };
		finite &= isfinite(o[no].start) && isfinite(o[no].end);
		if (no > 0 && ord_cmp(&o[no - 1], &o[no]) > 0)
			sorted = 0;
		no++;
	}
	if (!sorted && finite && no > 256)
		sort_order(o, (size_t)no);
	else if (!sorted)
		qsort(o, (size_t)no, sizeof *o, ord_cmp);
	*n = no;
	return o;
}

/* In the order of starts, a task's placement too is a miss: fetched
 * twice as far ahead, so that prefetch_parts finds it. */
static inline void prefetch_ordered(const struct hs_schedule *s, const struct ord *o, int t, int no)
{
	if (t + 2 * WALK_AHEAD < no)
		__builtin_prefetch(&s->p[o[t + 2 * WALK_AHEAD].task]);
	if (t + WALK_AHEAD < no)
		prefetch_parts(s, o[t + WALK_AHEAD].task);
}

/* Whether v[0..n) are all in [0, max): the ends of a run of consecutive
 * ids (a whole node, a shared slice: no walk over them), each one else,
 * with no branch per id. */
static int ids_below(const int *v, int n, int max)
{
	if (n <= 0)
		return 1;
	if (hs_ids_is_run(v, n))
		return v[0] >= 0 && v[n - 1] < max;
	unsigned out = 0;
	for (int k = 0; k < n; k++)
		out |= (unsigned)v[k] >= (unsigned)max;
	return !out;
}

/* The visitors of a walk: one of them. */
struct visitors {
	void (*use)(void *arg, const struct hs_use *u, int res);
	void (*run)(void *arg, const struct hs_use *u, int res, int n);
	void (*part)(void *arg, int task, const struct hs_part *pt, int c0, int g0);
};

/* hs_uses_walk, hs_uses_walk_runs and hs_uses_walk_parts: visit each use,
 * or each run of consecutive ids of a part, or each part.  Unless checked,
 * the uses are first checked to lie on pl. */
static int walk(const struct hs_schedule *s, const struct hs_platform *pl, const char *keep,
		int keep_order, const struct visitors *vis, void *arg, int checked)
{
	if (!pl)
		return -1;
	for (int i = 0; i < s->n && !checked; i++) {
		prefetch_parts(s, i + WALK_AHEAD);
		if (!kept(s, keep, i))
			continue;
		for (int k = 0; k < s->p[i].nparts; k++) {
			const struct hs_part *pt = &s->p[i].parts[k];
			if (pt->node < 0 || pt->node >= pl->nnodes)
				return -1;
			const struct hs_node *nd = &pl->nodes[pt->node];
			if (!ids_below(pt->cores, pt->ncores, nd->cores) ||
			    !ids_below(pt->gpus, pt->ngpus, nd->gpus))
				return -1;
		}
	}
	/* First resource index of each node's cores and GPUs. */
	int *c0 = hs_malloc(2 * ((size_t)pl->nnodes + 1) * sizeof *c0), *g0 = c0 + pl->nnodes + 1;
	int nc = 0, ng = 0;
	for (int n = 0; n < pl->nnodes; n++) {
		c0[n] = nc;
		g0[n] = ng;
		nc += pl->nodes[n].cores;
		ng += pl->nodes[n].gpus;
	}
	int no;
	struct ord *o = tasks_in_order(s, keep, &no);
	for (int t = 0; t < no; t++) {
		prefetch_ordered(s, o, t, no);
		int i = o[t].task;
		const struct hs_placement *p = &s->p[i];
		for (int k = 0; k < p->nparts; k++) {
			const struct hs_part *pt = &p->parts[k];
			if (vis->part) {
				vis->part(arg, i, pt, c0[pt->node], nc + g0[pt->node]);
				continue;
			}
			struct hs_use u = { pt->node, 0, 0, i, p->start, p->end };
			for (int kind = 0; kind < 2; kind++) {
				const int *v = kind ? pt->gpus : pt->cores;
				int n = kind ? pt->ngpus : pt->ncores;
				int base = kind ? nc + g0[pt->node] : c0[pt->node];
				u.kind = kind;
				if (!vis->run) {
					for (int c = 0; c < n; c++) {
						u.idx = v[c];
						vis->use(arg, &u, base + u.idx);
					}
					continue;
				}
				int whole = n > 0 && hs_ids_is_run(v, n);
				for (int c = 0, e; c < n; c = e) {
					e = whole ? n : c + 1;
					while (e < n && v[e] == v[e - 1] + 1)
						e++;
					u.idx = v[c];
					vis->run(arg, &u, base + u.idx, e - c);
				}
			}
		}
	}
	if (keep_order) {
		free(last_order); /* one saved order at a time */
		last_order = o;
		last_n = no;
	} else {
		free(o);
	}
	free(c0);
	return 0;
}

int hs_uses_walk(const struct hs_schedule *s, const struct hs_platform *pl, const char *keep,
		 int keep_order, void (*visit)(void *arg, const struct hs_use *u, int res), void *arg)
{
	struct visitors v = { .use = visit };
	return walk(s, pl, keep, keep_order, &v, arg, 0);
}

int hs_uses_walk_runs(const struct hs_schedule *s, const struct hs_platform *pl, const char *keep,
		      void (*visit)(void *arg, const struct hs_use *u, int res, int n), void *arg)
{
	struct visitors v = { .run = visit };
	return walk(s, pl, keep, 0, &v, arg, 1);
}

int hs_uses_walk_parts(const struct hs_schedule *s, const struct hs_platform *pl, const char *keep,
		       int keep_order,
		       void (*visit)(void *arg, int task, const struct hs_part *pt, int c0, int g0),
		       void *arg)
{
	struct visitors v = { .part = visit };
	return walk(s, pl, keep, keep_order, &v, arg, 0);
}

size_t hs_uses_sorted(const struct hs_schedule *s, const char *keep, struct hs_use **out)
{
	size_t nu = 0;
	*out = NULL;
	for (int i = 0; i < s->n; i++)
		if (kept(s, keep, i)) {
			for (int k = 0; k < s->p[i].nparts; k++)
				nu += (size_t)s->p[i].parts[k].ncores + s->p[i].parts[k].ngpus;
		}
	if (nu == 0)
		return 0;
	struct hs_use *u = hs_malloc(nu * sizeof *u);
	*out = u;
	int *slots, nnodes;
	if (count_slots(s, keep, nu, &slots, &nnodes) < 0) {
		collect(s, keep, u);
		qsort(u, nu, sizeof *u, use_cmp);
		return nu;
	}
	/* First slot of each node's cores and GPUs, then each resource's first
	 * use (a prefix sum of the per-resource counts). */
	size_t *base = hs_malloc((2 * (size_t)nnodes + 1) * sizeof *base);
	size_t nres = 0;
	for (int k = 0; k < 2 * nnodes; k++) {
		base[k] = nres;
		nres += (size_t)slots[k];
	}
	base[2 * nnodes] = nres;
	size_t *next = hs_calloc(nres + 1, sizeof *next);
	for (int i = 0; i < s->n; i++) {
		const struct hs_placement *p = &s->p[i];
		if (!kept(s, keep, i))
			continue;
		for (int k = 0; k < p->nparts; k++) {
			const struct hs_part *pt = &p->parts[k];
			for (int c = 0; c < pt->ncores; c++)
				next[base[2 * pt->node] + (size_t)pt->cores[c] + 1]++;
			for (int g = 0; g < pt->ngpus; g++)
				next[base[2 * pt->node + 1] + (size_t)pt->gpus[g] + 1]++;
		}
	}
	for (size_t r = 1; r <= nres; r++)
		next[r] += next[r - 1];
	int no;
	struct ord *o = tasks_in_order(s, keep, &no);
	for (int t = 0; t < no; t++) {
		prefetch_ordered(s, o, t, no);
		int i = o[t].task;
		const struct hs_placement *p = &s->p[i];
		for (int k = 0; k < p->nparts; k++) {
			const struct hs_part *pt = &p->parts[k];
			for (int c = 0; c < pt->ncores; c++)
				u[next[base[2 * pt->node] + (size_t)pt->cores[c]]++] =
					(struct hs_use){ pt->node, 0, pt->cores[c], i, p->start, p->end };
			for (int g = 0; g < pt->ngpus; g++)
				u[next[base[2 * pt->node + 1] + (size_t)pt->gpus[g]]++] =
					(struct hs_use){ pt->node, 1, pt->gpus[g], i, p->start, p->end };
		}
	}
	free(o);
	free(next);
	free(base);
	free(slots);
	return nu;
}

