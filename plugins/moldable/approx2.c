/* moldable/approx2.c - APPROX-2 (§VI), the polynomial 2+eps dual
 * approximation: a guess's test (GPU knapsack, then list scheduling on the
 * cores) and the algorithm around mold_dual. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hs/util.h"
#include "moldable.h"

struct a2 {
	const struct mold *M;
	int *idx, *gam, *cpu, *list, *freec, *where;
	double *key, *load;
	struct heap gh, run;
};

/* Greedy list scheduling of rigid tasks (list[0..nl), gam[j] cores):
 * whenever cores free up, start every waiting task that fits, in list
 * order.  With canonical allotments (work > (gamma-1)*lam for gamma > 1)
 * and total work <= m*lam this ends by 2*lam (see hs-moldable(7)). */
static double list_schedule(struct a2 *A, int nl, struct mold_sched *S)
{
	const struct mold *M = A->M;
	int m = M->m, nfree = m, waiting = nl;
	for (int c = 0; c < m; c++)
		A->freec[c] = m - 1 - c; /* stack: pops core 0 first */
	A->run.n = 0;
	double t = 0, ms = 0;
	int *done = A->where; /* reuse: 1 once started */
	for (int i = 0; i < nl; i++)
		done[i] = 0;
	while (waiting) {
		for (int i = 0; i < nl && nfree > 0; i++) {
			int j = A->list[i];
			int q = A->gam[j], u = mold_use(M, j, q);
			if (done[i] || u > nfree)
				continue;
			/* a monotonized task holds only the u <= q cores it uses */
			mold_sched_cpu(S, M, j, q, A->freec + nfree - u, t);
			nfree -= u;
			done[i] = 1;
			waiting--;
			double e = t + mold_p(M, j, q); /* released at the planned end */
			mold_heap_push(&A->run, e, j);
			if (e > ms)
				ms = e;
		}
		if (!waiting)
			break;
		if (!A->run.n)
			return INFINITY; /* a task wants more cores than exist */
		t = A->run.key[0];
		while (A->run.n && A->run.key[0] <= t) {
			int j = A->run.id[0];
			mold_heap_pop(&A->run);
			const int *c = S->cores + S->coreoff[j];
			for (int x = 0; x < S->ncores[j]; x++)
				A->freec[nfree++] = c[x];
		}
	}
	return ms;
}

static int a2_test(void *st, double lam, int mode, struct mold_sched *S, double *used)
{
	(void)mode; /* cheap and exact: every guess is decided */
	*used = lam;
	struct a2 *A = st;
	const struct mold *M = A->M;
	int n = M->n, k = M->k, nl = 0, nflex = 0;
	mold_sched_reset(S);
	double work = 0;
	/* Step 1: tasks that fit within lam on one kind only */
	A->gh.n = 0;
	for (int q = 0; q < k; q++) {
		A->load[q] = 0;
		mold_heap_push(&A->gh, 0, q);
	}
	int *forced = A->idx + n; /* second half of idx */
	int nforced = 0;
	for (int j = 0; j < n; j++) {
		int l = mold_gamma(M, j, lam);
		int okg = k > 0 && M->g[j] <= lam;
		A->gam[j] = l;
		A->cpu[j] = 0;
		if (!l && !okg)
			return TEST_REJECT;
		if (!okg) {
			A->cpu[j] = 1;
			A->list[nl++] = j;
			work += l * mold_p(M, j, l);
		} else if (!l) {
			forced[nforced++] = j;
			A->key[j] = M->g[j];
		} else {
			A->idx[nflex++] = j;
		}
	}
	/* GPU-only tasks first, longest first, each on the least loaded GPU */
	mold_sort_by(forced, nforced, A->key, 1);
	for (int i = 0; i < nforced; i++) {
		int j = forced[i], q = A->gh.id[0];
		if (A->gh.key[0] > lam)
			return TEST_REJECT; /* every GPU above lam: more than k*lam */
		mold_heap_pop(&A->gh);
		mold_sched_gpu(S, M, j, q, A->load[q]);
		A->load[q] += M->g[j];
		mold_heap_push(&A->gh, A->load[q], q);
	}
	/* Step 2-3: by decreasing work/GPU-time ratio onto the GPUs until every
	 * GPU carries more than lam */
	for (int i = 0; i < nflex; i++) {
		int j = A->idx[i];
		A->key[j] = A->gam[j] * mold_p(M, j, A->gam[j]) / M->g[j];
	}
	mold_sort_by(A->idx, nflex, A->key, 1);
	for (int i = 0; i < nflex; i++) {
		int j = A->idx[i];
		if (A->gh.n && A->gh.key[0] <= lam) {
			int q = A->gh.id[0];
			mold_heap_pop(&A->gh);
			mold_sched_gpu(S, M, j, q, A->load[q]);
			A->load[q] += M->g[j];
			mold_heap_push(&A->gh, A->load[q], q);
		} else {
			A->cpu[j] = 1;
			A->list[nl++] = j;
			work += A->gam[j] * mold_p(M, j, A->gam[j]);
		}
	}
	/* Step 4: the rest on gamma(j, lam) cores; Lemma 12 bounds the work */
	if (work > M->m * lam * (1 + 1e-12))
		return TEST_REJECT;
	for (int i = 0; i < nl; i++) {
		int j = A->list[i];
		A->key[j] = A->gam[j] + mold_p(M, j, A->gam[j]) / (4 * lam); /* cores, then time */
	}
	mold_sort_by(A->list, nl, A->key, 1);
	double ms = list_schedule(A, nl, S);
	if (!(ms <= 2 * lam * (1 + 1e-9)))
		return TEST_REJECT;
	mold_sched_makespan(S);
	return TEST_ACCEPT;
}

int mold_approx2(const struct mold *M, const struct mold_params *P, struct mold_sched *S,
		 struct mold_stats *ss)
{
	double t0 = mold_now_s(), c0 = mold_cpu_s();
	int n = M->n;
	memset(ss, 0, sizeof *ss);
	mold_sched_reset(S);
	if (!n)
		return 0;
	struct a2 A;
	memset(&A, 0, sizeof A);
	A.M = M;
	A.idx = hs_malloc(2 * n * sizeof(int));
	A.gam = hs_malloc(n * sizeof(int));
	A.cpu = hs_malloc(n * sizeof(int));
	A.list = hs_malloc(n * sizeof(int));
	A.where = hs_malloc(n * sizeof(int));
	A.freec = hs_malloc(M->m * sizeof(int));
	A.key = hs_malloc(n * sizeof(double));
	A.load = hs_malloc((M->k ? M->k : 1) * sizeof(double));
	mold_heap_init(&A.gh, M->k);
	mold_heap_init(&A.run, n);
	int r = mold_dual(M, P, a2_test, &A, 1, 2, 2, S, ss);
	free(A.idx);
	free(A.gam);
	free(A.cpu);
	free(A.list);
	free(A.where);
	free(A.freec);
	free(A.key);
	free(A.load);
	mold_heap_free(&A.gh);
	mold_heap_free(&A.run);
	ss->time = mold_now_s() - t0;
	ss->cpu = mold_cpu_s() - c0;
	return r;
}
