/* moldable/problem.c - the problem the algorithms work on (struct mold):
 * its allocation, and the checks of an instance (allowed core counts,
 * monotony) or its adaptation (-o monotonize).  gamma, the canonical core
 * count, is inline in moldable.h. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hs/util.h"
#include "moldable.h"

/* Allocate for n tasks on m cores and k GPUs; the caller fills raw and g
 * (all +inf to begin with), then calls mold_prepare(). */
void mold_init(struct mold *M, int n, int m, int k)
{
	memset(M, 0, sizeof *M);
	M->n = n;
	M->m = m;
	M->k = k;
	size_t nm = (size_t)n * (size_t)m;
	M->raw = hs_malloc((nm ? nm : 1) * sizeof(double));
	for (size_t i = 0; i < nm; i++)
		M->raw[i] = INFINITY;
	M->p = M->raw;
	M->g = hs_malloc((n ? n : 1) * sizeof(double));
	for (int j = 0; j < n; j++)
		M->g[j] = INFINITY;
	M->lo = hs_calloc(n ? n : 1, sizeof(int));
	M->hi = hs_calloc(n ? n : 1, sizeof(int));
}

void mold_release(struct mold *M)
{
	if (M->p != M->raw)
		free(M->p);
	free(M->raw);
	free(M->use);
	free(M->g);
	free(M->lo);
	free(M->hi);
	memset(M, 0, sizeof *M);
}

/* Relative slack for the monotony checks: Amdahl times computed in floating
 * point break exact work monotony by an ulp. */
#define MOLD_MONO_TOL 1e-9

/* Check the instance (and adapt it when monotonize is set).  need_mono = 0
 * (heft) only computes the allowed ranges.  Returns 0, or -1 with bad filled
 * for the first task that breaks monotony or cannot run at all. */
int mold_prepare(struct mold *M, int need_mono, int monotonize, struct mold_bad *bad)
{
	int n = M->n, m = M->m;
	bad->task = -1;
	bad->why[0] = 0;
	if (monotonize && need_mono) {
		size_t nm = (size_t)n * m;
		M->p = hs_malloc((nm ? nm : 1) * sizeof(double));
		M->use = hs_malloc((nm ? nm : 1) * sizeof(int));
	}
	for (int j = 0; j < n; j++) {
		const double *r = M->raw + (size_t)j * m;
		int lo = 0, hi = 0;
		for (int l = 1; l <= m; l++)
			if (isfinite(r[l - 1])) {
				if (!lo)
					lo = l;
				hi = l;
			}
		if (!lo && !isfinite(M->g[j])) {
			bad->task = j;
			snprintf(bad->why, sizeof bad->why,
				 "has no finite time on this node's cores%s", M->k ? " or GPUs" : "");
			return -1;
		}
		M->lo[j] = lo;
		M->hi[j] = hi;
		if (M->p != M->raw && !lo)
			for (int l = 1; l <= m; l++) {
				M->p[(size_t)j * m + l - 1] = INFINITY;
				M->use[(size_t)j * m + l - 1] = l;
			}
		if (!need_mono || !lo)
			continue;
		if (monotonize) {
			/* Time: an allotment of l cores may run the task on fewer
			 * of them, so the time is the best over l' <= l (and the
			 * task really uses that l').  Work: raise the time to keep
			 * l*p(l) non-decreasing (super-linear speedups); the real
			 * run is then shorter than planned, which is safe. */
			double *q = M->p + (size_t)j * m;
			int *u = M->use + (size_t)j * m;
			double best = INFINITY;
			int bestl = lo;
			for (int l = 1; l <= m; l++) {
				if (l >= lo && r[l - 1] < best) {
					best = r[l - 1];
					bestl = l;
				}
				q[l - 1] = l < lo ? INFINITY : best;
				u[l - 1] = bestl;
			}
			for (int l = lo + 1; l <= m; l++) {
				double w = q[l - 2] * (l - 1) / l;
				if (w > q[l - 1])
					q[l - 1] = w;
			}
			M->hi[j] = m;
			continue;
		}
		for (int l = lo; l < hi; l++) {
			double a = r[l - 1], b = r[l];
			if (!isfinite(b)) {
				snprintf(bad->why, sizeof bad->why,
					 "is not monotonic: it runs on %d and %d cores but not on %d", lo, hi,
					 l + 1);
				bad->task = j;
				return -1;
			}
			if (b > a * (1 + MOLD_MONO_TOL)) {
				snprintf(bad->why, sizeof bad->why,
					 "is not monotonic: its time grows from %.6g on %d cores to %.6g on %d",
					 a, l, b, l + 1);
				bad->task = j;
				return -1;
			}
			if ((l + 1) * b < l * a * (1 - MOLD_MONO_TOL)) {
				snprintf(bad->why, sizeof bad->why,
					 "is not monotonic: its work falls from %.6g on %d cores to %.6g on %d",
					 l * a, l, (l + 1) * b, l + 1);
				bad->task = j;
				return -1;
			}
		}
		if (lo > 1) {
			snprintf(bad->why, sizeof bad->why,
				 "is not monotonic: it cannot run on 1 core (only on %d to %d)", lo, hi);
			bad->task = j;
			return -1;
		}
	}
	return 0;
}
