/* moldable/sched.c - schedules of the plain problem (struct mold_sched):
 * placing tasks on cores, shifting them left (compaction), the comparators
 * of the sort every algorithm orders tasks with, and the memory of the
 * small binary heap (its operations are inline in moldable.h). */
#include <stdlib.h>
#include <string.h>

#include "hs/util.h"
#include "moldable.h"

void mold_sched_init(struct mold_sched *S, int n)
{
	memset(S, 0, sizeof *S);
	S->n = n;
	int nn = n ? n : 1;
	S->gpu = hs_malloc(nn * sizeof(int));
	S->alloc = hs_calloc(nn, sizeof(int));
	S->coreoff = hs_calloc(nn, sizeof(int));
	S->ncores = hs_calloc(nn, sizeof(int));
	S->start = hs_calloc(nn, sizeof(double));
	S->end = hs_calloc(nn, sizeof(double));
	for (int j = 0; j < n; j++)
		S->gpu[j] = -2; /* unplaced */
	S->capcore = 64;
	S->cores = hs_malloc(S->capcore * sizeof(int));
}

void mold_sched_release(struct mold_sched *S)
{
	free(S->gpu);
	free(S->alloc);
	free(S->coreoff);
	free(S->ncores);
	free(S->cores);
	free(S->start);
	free(S->end);
	memset(S, 0, sizeof *S);
}

/* Place task j on cores (alloc cores allotted, of which the first
 * mold_use() really run it) from start; end from the real time. */
void mold_sched_cpu(struct mold_sched *S, const struct mold *M, int j, int alloc,
		    const int *cores, double start)
{
	int u = mold_use(M, j, alloc);
	if (S->ncore + u > S->capcore) {
		while (S->ncore + u > S->capcore)
			S->capcore *= 2;
		S->cores = hs_reallocarray(S->cores, S->capcore, sizeof(int));
	}
	S->gpu[j] = -1;
	S->alloc[j] = alloc;
	S->coreoff[j] = S->ncore;
	S->ncores[j] = u;
	memcpy(S->cores + S->ncore, cores, u * sizeof(int));
	S->ncore += u;
	S->start[j] = start;
	S->end[j] = start + mold_real(M, j, alloc);
}

/* mold_sort_by (moldable.h): the key qsort's comparators read */
const double *mold_sort_key;
int mold_cmp_asc(const void *a, const void *b)
{
	double x = mold_sort_key[*(const int *)a], y = mold_sort_key[*(const int *)b];
	if (x < y)
		return -1;
	if (x > y)
		return 1;
	return *(const int *)a - *(const int *)b;
}
int mold_cmp_desc(const void *a, const void *b)
{
	double x = mold_sort_key[*(const int *)a], y = mold_sort_key[*(const int *)b];
	if (x > y)
		return -1;
	if (x < y)
		return 1;
	return *(const int *)a - *(const int *)b;
}

/* Shift every task as early as its own cores/GPU allow, keeping the order
 * of the tasks on each resource: starts never grow, so the schedule stays
 * feasible and the makespan cannot increase (§V-B stacks set (0) from 3λ/2
 * downwards; this removes the holes the layout leaves). */
void mold_sched_compact(struct mold_sched *S, const struct mold *M)
{
	int n = S->n, m = M->m;
	int *ord = hs_malloc((n ? n : 1) * sizeof(int));
	double *avail = hs_calloc(m + M->k + 1, sizeof(double));
	for (int j = 0; j < n; j++)
		ord[j] = j;
	mold_sort_by(ord, n, S->start, 0);
	for (int i = 0; i < n; i++) {
		int j = ord[i];
		double s = 0;
		if (S->gpu[j] >= 0) {
			s = avail[m + S->gpu[j]];
			mold_sched_gpu(S, M, j, S->gpu[j], s);
			avail[m + S->gpu[j]] = S->end[j];
			continue;
		}
		const int *c = S->cores + S->coreoff[j];
		for (int q = 0; q < S->ncores[j]; q++)
			if (avail[c[q]] > s)
				s = avail[c[q]];
		S->start[j] = s;
		S->end[j] = s + mold_real(M, j, S->alloc[j]);
		for (int q = 0; q < S->ncores[j]; q++)
			avail[c[q]] = S->end[j];
	}
	free(ord);
	free(avail);
	mold_sched_makespan(S);
}

/* ======================================================================
 * Small binary heap of (key, id), min-first
 * ====================================================================== */

void mold_heap_init(struct heap *h, int cap)
{
	h->key = hs_malloc((cap ? cap : 1) * sizeof(double));
	h->id = hs_malloc((cap ? cap : 1) * sizeof(int));
	h->n = 0;
}
void mold_heap_free(struct heap *h)
{
	free(h->key);
	free(h->id);
}
