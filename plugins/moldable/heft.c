/* moldable/heft.c - the HEFT-like heuristics of Table II (heft,
 * heft-lpt-seq ... heft-ratio-par; also the dual approximations' upper
 * bound) and the list schedule of fixed allotments (approx32's refine),
 * both on a pool of cores kept in the order they free up. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hs/util.h"
#include "moldable.h"

void mold_pool_init(struct pool *P, int m, int k)
{
	P->m = m;
	P->k = k;
	P->rt = hs_malloc((m ? m : 1) * sizeof(double));
	P->rc = hs_malloc((m ? m : 1) * sizeof(int));
	P->buf = hs_malloc((m ? m : 1) * sizeof(int));
	P->gready = hs_malloc((k ? k : 1) * sizeof(double));
}

static void pool_reset(struct pool *P)
{
	for (int c = 0; c < P->m; c++) {
		P->rt[c] = 0;
		P->rc[c] = c;
	}
	for (int q = 0; q < P->k; q++)
		P->gready[q] = 0;
}

void mold_pool_free(struct pool *P)
{
	free(P->rt);
	free(P->rc);
	free(P->buf);
	free(P->gready);
}

/* The GPU that frees first (-1 without GPUs). */
static int pool_gpu(const struct pool *P)
{
	int best = -1;
	for (int q = 0; q < P->k; q++)
		if (best < 0 || P->gready[q] < P->gready[best])
			best = q;
	return best;
}

/* Task j on GPU q, after what it holds.  (inline: GCC inlined it into the
 * two loops below in the one-file plugin, and stopped once heft.c stood
 * alone.) */
static inline void pool_put_gpu(struct pool *P, struct mold_sched *S, const struct mold *M, int j, int q)
{
	mold_sched_gpu(S, M, j, q, P->gready[q]);
	P->gready[q] += M->g[j];
}

/* Task j on the l cores that free first, from the time the last of them
 * does; they are busy until its planned end. */
static void pool_put_cpu(struct pool *P, struct mold_sched *S, const struct mold *M, int j, int l)
{
	int m = P->m;
	double st = P->rt[l - 1], cf = st + mold_p(M, j, l);
	memcpy(P->buf, P->rc, l * sizeof(int));
	mold_sched_cpu(S, M, j, l, P->buf, st);
	/* the l cores now free at cf: merge them back in order */
	memmove(P->rt, P->rt + l, (m - l) * sizeof(double));
	memmove(P->rc, P->rc + l, (m - l) * sizeof(int));
	int pos = m - l;
	while (pos > 0 && P->rt[pos - 1] > cf)
		pos--;
	memmove(P->rt + pos + l, P->rt + pos, (m - l - pos) * sizeof(double));
	memmove(P->rc + pos + l, P->rc + pos, (m - l - pos) * sizeof(int));
	for (int q = 0; q < l; q++) {
		P->rt[pos + q] = cf;
		P->rc[pos + q] = P->buf[q];
	}
}

/* Priority order, then earliest finish time: on l cores (l = 1 for SEQ, the
 * fastest allotment for PAR) or on the GPU that frees first.  Without
 * precedences no holes ever open, so appending = HEFT's insertion policy.
 * Ties go to the GPU, which keeps the cores for tasks that need them. */
void mold_heft(const struct mold *M, int prio, int par, struct mold_sched *S)
{
	int n = M->n, k = M->k;
	int *idx = hs_malloc((n ? n : 1) * sizeof(int));
	int *lj = hs_malloc((n ? n : 1) * sizeof(int));
	double *key = hs_malloc((n ? n : 1) * sizeof(double));
	for (int j = 0; j < n; j++) {
		int l = M->lo[j];
		if (l && par) /* the fastest allotment (= hi for monotonic tasks) */
			for (int q = M->lo[j]; q <= M->hi[j]; q++)
				if (mold_p(M, j, q) < mold_p(M, j, l))
					l = q;
		lj[j] = l;
		double c = l ? mold_p(M, j, l) : INFINITY, g = k ? M->g[j] : INFINITY;
		idx[j] = j;
		if (prio == PRIO_RATIO)
			key[j] = isfinite(g) ? c / g : 0;
		else
			key[j] = c < g ? c : g;
	}
	mold_sort_by(idx, n, key, prio != PRIO_SPT);
	struct pool P;
	mold_pool_init(&P, M->m, k);
	pool_reset(&P);
	mold_sched_reset(S);
	for (int i = 0; i < n; i++) {
		int j = idx[i], l = lj[j];
		int q = isfinite(M->g[j]) ? pool_gpu(&P) : -1;
		double cf = l ? P.rt[l - 1] + mold_p(M, j, l) : INFINITY;
		if (q >= 0 && P.gready[q] + M->g[j] <= cf)
			pool_put_gpu(&P, S, M, j, q);
		else
			pool_put_cpu(&P, S, M, j, l);
	}
	mold_sched_makespan(S);
	mold_pool_free(&P);
	free(idx);
	free(lj);
	free(key);
}

/* List schedule of fixed allotments (alloc[j] cores, 0: a GPU): longest
 * first, each on the resources that free first.  A second construction for
 * an accepted guess's assignment; only the shorter schedule is kept. */
void mold_sched_list(const struct mold *M, const int *alloc, int *idx, double *key, struct pool *P,
		     struct mold_sched *S)
{
	int n = M->n;
	for (int j = 0; j < n; j++) {
		idx[j] = j;
		key[j] = alloc[j] ? mold_p(M, j, alloc[j]) : M->g[j];
	}
	mold_sort_by(idx, n, key, 1);
	pool_reset(P);
	mold_sched_reset(S);
	for (int i = 0; i < n; i++) {
		int j = idx[i];
		if (alloc[j])
			pool_put_cpu(P, S, M, j, alloc[j]);
		else
			pool_put_gpu(P, S, M, j, pool_gpu(P));
	}
	mold_sched_makespan(S);
}
