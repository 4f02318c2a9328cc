/* moldable/construct.c - APPROX-3/2's schedule of length 3λ/2 from an
 * assignment of the tasks to the seven sets (§V-B), with hs's refinements. */
#include "moldable.h"

/* §V-B: the schedule of length 3λ/2 from an assignment to the seven sets.
 * Cores are columns; each column c is busy on [0, bot[c]] and [top[c], T]
 * with T = 3λ/2, and free in between:
 *   set (2): γ(j,3λ/2) columns from 0, for the whole of the task;
 *   set (1): pairs on one column, (1)L from 0 and (1)R ending at T (the
 *            longest left tasks meet the shortest right ones);
 *   set (3): γ(j,λ) columns from 0;
 *   set (4): γ(j,λ/2) columns ending at T, on the columns that are neither
 *            in set (2) nor under a (1)R task (C3 counts them);
 *   set (0): longest first, each ending at the top of the free gap of the
 *            least loaded column (Lemma 5 shows it fits);
 *   GPUs:    set (5) one per GPU from 0, then set (6) longest first at the
 *            top of the least loaded GPU (Lemma 6).
 * With refine, two refinements use the columns that (C2) leaves free;
 * neither breaks the proofs, as every column still has a bottom block of
 * length <= λ
 * (or is a set (2) column) and the total work stays <= mλ:
 *   - a pair of set (1) is split, its (1)R task running from 0 on a free
 *     column (the pairs with the longest sum first);
 *   - a set (2) task gets γ(j,λ) cores instead of γ(j,3λ/2) when the extra
 *     cores are free and the work stays within mλ (longest first).
 * Returns -1 when a task does not fit (only possible through rounding). */
int mold_a32_construct(struct a32 *A, struct mold_sched *S)
{
	const struct mold *M = A->M;
	int n = M->n, m = M->m, k = M->k;
	double lam = A->lam, T = 1.5 * lam;
	double *bot = A->bot, *top = A->top;
	int *ord = A->ord, *cols = A->cols;
	unsigned char *inpool = A->inpool;
	mold_sched_reset(S);
	for (int c = 0; c < m; c++) {
		bot[c] = 0;
		top[c] = T;
		inpool[c] = 1;
	}
	int no = 0;
#define GAM(j, i) (A->gam[(j) * NSETS + (i)])
	/* columns that (C2) leaves free, and the work against mλ */
	long used = 0;
	double wc = 0;
	for (int j = 0; j < n; j++) {
		int i = A->set[j];
		if (i < 5)
			wc += A->w[j * NSETS + i];
		if (i == 2 || i == 3)
			used += GAM(j, i);
		if (i == 1)
			no++;
		A->alloc[j] = i < 5 ? GAM(j, i) : 0;
	}
	int left = (no + 1) / 2, right = no / 2;
	long fr = m - used - left;
	if (fr < 0)
		return -1;
	/* set (1): sorted longest first; pair i is (ord[i], ord[no-1-i]) */
	double *key = A->tmpk;
	no = 0;
	for (int j = 0; j < n; j++)
		if (A->set[j] == 1) {
			ord[no++] = j;
			key[j] = mold_p(M, j, 1);
		}
	mold_sort_by(ord, no, key, 1);
	int *pairs = A->ord + 2 * A->big, npair = right;
	double *psum = A->psum;
	for (int i = 0; i < right; i++) {
		pairs[i] = i;
		psum[i] = key[ord[i]] + key[ord[no - 1 - i]];
	}
	mold_sort_by(pairs, npair, psum, 1);
	int split = !A->P->refine ? 0 : fr < right ? (int)fr : right;
	fr -= split;
	unsigned char *lone = A->lone; /* pair i split? */
	for (int i = 0; i < right; i++)
		lone[i] = 0;
	for (int q = 0; q < split; q++)
		lone[pairs[q]] = 1;
	/* set (2): widen the longest while cores and work allow */
	int n2 = 0;
	int *two = pairs; /* reuse */
	for (int j = 0; j < n; j++)
		if (A->set[j] == 2) {
			two[n2++] = j;
			key[j] = mold_p(M, j, GAM(j, 2));
		}
	mold_sort_by(two, n2, key, 1);
	for (int q = 0; q < n2; q++) {
		int j = two[q], g3 = mold_gamma(M, j, lam);
		if (!g3 || !A->P->refine)
			continue;
		double dw = g3 * mold_p(M, j, g3) - A->w[j * NSETS + 2];
		if (g3 - GAM(j, 2) <= fr && wc + dw <= m * lam) {
			fr -= g3 - GAM(j, 2);
			wc += dw;
			A->alloc[j] = g3;
		}
	}
	int col = 0;
	/* set (2): narrow ones span the whole height; widened ones end by λ */
	for (int j = 0; j < n; j++)
		if (A->set[j] == 2) {
			int g = A->alloc[j];
			if (col + g > m)
				return -1;
			for (int q = 0; q < g; q++) {
				cols[q] = col + q;
				bot[col + q] = mold_p(M, j, g);
				inpool[col + q] = g != GAM(j, 2);
			}
			mold_sched_cpu(S, M, j, g, cols, 0);
			col += g;
		}
	/* set (1): two shelves, or split pairs */
	if (col + left > m)
		return -1;
	int c1 = col;
	for (int i = 0; i < left; i++) {
		int j = ord[i], c = col + i;
		bot[c] = mold_p(M, j, 1);
		mold_sched_cpu(S, M, j, 1, &c, 0);
	}
	col += left;
	for (int i = 0; i < right; i++) {
		int j = ord[no - 1 - i], c = c1 + i;
		if (lone[i]) {
			c = col++;
			bot[c] = mold_p(M, j, 1);
			mold_sched_cpu(S, M, j, 1, &c, 0);
			continue;
		}
		double st = T - mold_p(M, j, 1);
		if (st < bot[c])
			st = bot[c];
		top[c] = st;
		inpool[c] = 0;
		mold_sched_cpu(S, M, j, 1, &c, st);
	}
	/* set (3) */
	for (int j = 0; j < n; j++)
		if (A->set[j] == 3) {
			int g = GAM(j, 3);
			if (col + g > m)
				return -1;
			for (int q = 0; q < g; q++) {
				cols[q] = col + q;
				bot[col + q] = mold_p(M, j, g);
			}
			mold_sched_cpu(S, M, j, g, cols, 0);
			col += g;
		}
	/* set (4): on the pool of columns without set (2) or (1)R, those that
	 * free first taking the longest tasks */
	int npool = 0;
	int *pool = A->ord + A->big; /* second third */
	for (int c = 0; c < m; c++)
		if (inpool[c])
			pool[npool++] = c;
	mold_sort_by(pool, npool, bot, 0);
	no = 0;
	for (int j = 0; j < n; j++)
		if (A->set[j] == 4) {
			ord[no++] = j;
			key[j] = mold_p(M, j, GAM(j, 4));
		}
	mold_sort_by(ord, no, key, 1);
	int pc = 0;
	for (int i = 0; i < no; i++) {
		int j = ord[i], g = GAM(j, 4);
		double d = mold_p(M, j, g), st = T - d;
		if (pc + g > npool)
			return -1;
		for (int q = 0; q < g; q++) {
			cols[q] = pool[pc + q];
			if (bot[cols[q]] > st)
				st = bot[cols[q]];
		}
		for (int q = 0; q < g; q++)
			top[cols[q]] = st;
		mold_sched_cpu(S, M, j, g, cols, st);
		pc += g;
	}
	/* set (0): least loaded column, from the top of its gap downwards */
	no = 0;
	for (int j = 0; j < n; j++)
		if (A->set[j] == 0) {
			ord[no++] = j;
			key[j] = mold_p(M, j, 1);
		}
	mold_sort_by(ord, no, key, 1);
	A->h.n = 0;
	for (int c = 0; c < m; c++)
		mold_heap_push(&A->h, bot[c] + (T - top[c]), c);
	for (int i = 0; i < no; i++) {
		int j = ord[i], c = A->h.id[0];
		double d = mold_p(M, j, 1);
		if (top[c] - d < bot[c]) {
			/* only through rounding (Lemma 5): any column with room */
			int c2 = -1;
			for (int q = 0; q < m && c2 < 0; q++)
				if (top[q] - d >= bot[q])
					c2 = q;
			if (c2 < 0)
				return -1;
			top[c2] -= d;
			mold_sched_cpu(S, M, j, 1, &c2, top[c2]);
			for (int q = 0; q < A->h.n; q++)
				if (A->h.id[q] == c2) { /* rebuild: rare */
					A->h.n = 0;
					for (int x = 0; x < m; x++)
						mold_heap_push(&A->h, bot[x] + (T - top[x]), x);
					break;
				}
			continue;
		}
		mold_heap_pop(&A->h);
		top[c] -= d;
		mold_sched_cpu(S, M, j, 1, &c, top[c]);
		mold_heap_push(&A->h, bot[c] + (T - top[c]), c);
	}
	/* GPUs: set (5) then set (6) */
	int g5 = 0;
	for (int q = 0; q < k; q++) {
		bot[q] = 0;
		top[q] = T;
	}
	for (int j = 0; j < n; j++)
		if (A->set[j] == 5) {
			if (g5 >= k)
				return -1;
			bot[g5] = M->g[j];
			mold_sched_gpu(S, M, j, g5++, 0);
		}
	no = 0;
	for (int j = 0; j < n; j++)
		if (A->set[j] == 6) {
			ord[no++] = j;
			key[j] = M->g[j];
		}
	mold_sort_by(ord, no, key, 1);
	A->h.n = 0;
	for (int q = 0; q < k; q++)
		mold_heap_push(&A->h, bot[q] + (T - top[q]), q);
	for (int i = 0; i < no; i++) {
		int j = ord[i], q = A->h.id[0];
		double d = M->g[j];
		if (top[q] - d < bot[q])
			return -1; /* only through rounding (Lemma 6): nudge the guess */
		mold_heap_pop(&A->h);
		top[q] -= d;
		mold_sched_gpu(S, M, j, q, top[q]);
		mold_heap_push(&A->h, bot[q] + (T - top[q]), q);
	}
#undef GAM
	mold_sched_makespan(S);
	return 0;
}
