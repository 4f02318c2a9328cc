/* test_schedule - schedule building, after lists, makespan, totals. */
#include "model_fixture.h"
#include "tap.h"
#include "model/uses.h"

static int after_is(const struct hs_placement *p, int n, ...)
{
	va_list ap;
	va_start(ap, n);
	int ok = p->nafter == n;
	for (int i = 0; ok && i < n; i++)
		ok = p->after[i] == va_arg(ap, int);
	va_end(ap);
	return ok;
}

static void test_add(void)
{
	struct hs_schedule s;
	hs_schedule_init(&s, 3);
	TAP_OK(s.n == 3 && s.p[0].task == -1 && s.p[2].exit_status == -1 && isnan(s.p[1].energy),
	       "init: empty slots");
	int c[] = { 3, 1, 2 }, c2[] = { 2, 5 }, g[] = { 0 };
	hs_schedule_add(&s, 1, 4, c, 3, NULL, 0, 1, 2);
	TAP_OK(s.p[1].task == 1 && s.p[1].nparts == 1 && s.p[1].parts[0].node == 4 &&
		       s.p[1].parts[0].ncores == 3 && s.p[1].parts[0].cores[0] == 1 &&
		       s.p[1].parts[0].cores[2] == 3,
	       "add copies and sorts cores");
	c[0] = 99;
	TAP_OK(s.p[1].parts[0].cores[2] == 3, "cores were copied");
	hs_schedule_add(&s, 1, 4, c2, 2, NULL, 0, 1, 2);
	TAP_OK(s.p[1].nparts == 1 && s.p[1].parts[0].ncores == 4 && s.p[1].parts[0].cores[3] == 5,
	       "same node again merges the sets");
	hs_schedule_add(&s, 1, 7, c2, 2, NULL, 0, 1, 3);
	TAP_OK(s.p[1].nparts == 2 && s.p[1].parts[1].node == 7 && s.p[1].end == 3,
	       "another node appends a part");
	hs_schedule_add(&s, 0, 2, NULL, 0, g, 1, -1, 4);
	TAP_OK(hs_schedule_total_cores(&s.p[1]) == 6 && hs_schedule_total_gpus(&s.p[1]) == 0 &&
		       hs_schedule_total_gpus(&s.p[0]) == 1 && hs_schedule_total_cores(&s.p[0]) == 0,
	       "total cores and GPUs");
	TAP_OK(hs_schedule_makespan(&s) == 5, "makespan = max end - min(0, min start) = 4 - (-1)");
	hs_schedule_add(&s, 7, 0, c, 1, NULL, 0, 0, 1); /* out of range: ignored */
	hs_schedule_release(&s);
	TAP_OK(s.p == NULL && s.n == 0, "release");
	hs_schedule_init(&s, 2);
	TAP_OK(hs_schedule_makespan(&s) == 0, "empty schedule: makespan 0");
	hs_schedule_release(&s);
}

static void test_after(void)
{
	/* Node 0, 4 cores; node 1, 2 cores and a GPU.
	 *   A: n0 cores 0-1 [0,2]       B: n0 core 0 [2,5]     C: n0 core 1 [2,3]
	 *   D: n0 cores 0-1 [5,6]       E: n0 core 2 [2,2] (zero length)
	 *   F: n0 core 2 [2,7]          G: n1 GPU 0 [0,4]      H: n1 GPU 0 [4,8]
	 *   I: n0 core 3 + n1 core 0 [1,9] (two nodes)        J: n1 core 0 [9,10]
	 *   K: n1 core 1 [3,4]  (alone: no predecessor)        */
	enum { A, B, C, D, E, F, G, H, I, J, K, N };
	struct hs_schedule s;
	hs_schedule_init(&s, N);
	int c01[] = { 0, 1 }, c0[] = { 0 }, c1[] = { 1 }, c2[] = { 2 }, c3[] = { 3 }, g0[] = { 0 };
	hs_schedule_add(&s, A, 0, c01, 2, NULL, 0, 0, 2);
	hs_schedule_add(&s, B, 0, c0, 1, NULL, 0, 2, 5);
	hs_schedule_add(&s, C, 0, c1, 1, NULL, 0, 2, 3);
	hs_schedule_add(&s, D, 0, c01, 2, NULL, 0, 5, 6);
	hs_schedule_add(&s, F, 0, c2, 1, NULL, 0, 2, 7);
	hs_schedule_add(&s, E, 0, c2, 1, NULL, 0, 2, 2);
	hs_schedule_add(&s, G, 1, NULL, 0, g0, 1, 0, 4);
	hs_schedule_add(&s, H, 1, NULL, 0, g0, 1, 4, 8);
	hs_schedule_add(&s, I, 0, c3, 1, NULL, 0, 1, 9);
	hs_schedule_add(&s, I, 1, c0, 1, NULL, 0, 1, 9);
	hs_schedule_add(&s, J, 1, c0, 1, NULL, 0, 9, 10);
	hs_schedule_add(&s, K, 1, c1, 1, NULL, 0, 3, 4);
	/* Stale after lists are replaced. */
	s.p[K].after = malloc(sizeof(int));
	s.p[K].after[0] = A;
	s.p[K].nafter = 1;
	hs_schedule_compute_after(&s, NULL);
	TAP_OK(after_is(&s.p[A], 0), "A: first on its cores");
	TAP_OK(after_is(&s.p[B], 1, A) && after_is(&s.p[C], 1, A), "B and C after A");
	TAP_OK(after_is(&s.p[D], 2, B, C), "D after B and C (one per core, sorted)");
	TAP_OK(after_is(&s.p[E], 0) && after_is(&s.p[F], 1, E), "zero-length E before F");
	TAP_OK(after_is(&s.p[H], 1, G), "GPU: H after G");
	TAP_OK(after_is(&s.p[I], 0) && after_is(&s.p[J], 1, I), "two-node I, then J on n1 core 0");
	TAP_OK(after_is(&s.p[K], 0), "K: stale list cleared");
	hs_schedule_release(&s);
}

static void test_after_large(void)
{
	/* 100k one-core tasks round-robin on 16 cores of 4 nodes, unit length:
	 * each waits for the task 64 places earlier. */
	int n = 100000;
	struct hs_schedule s;
	hs_schedule_init(&s, n);
	for (int i = 0; i < n; i++) {
		int c = i % 16;
		hs_schedule_add(&s, i, (i / 16) % 4, &c, 1, NULL, 0, i / 64, i / 64 + 1);
	}
	double t0 = hs_now();
	hs_schedule_compute_after(&s, NULL);
	double dt = hs_now() - t0;
	int ok = 1;
	for (int i = 0; i < n && ok; i++)
		ok = i < 64 ? s.p[i].nafter == 0 : (s.p[i].nafter == 1 && s.p[i].after[0] == i - 64);
	TAP_OK(ok, "100k tasks: each after the previous user of its core");
	printf("# compute_after on 100k tasks: %.3f s\n", dt);
	hs_schedule_release(&s);
}

/* The reference order of uses.h: every (task, resource) pair sorted. */
static int ref_cmp(const void *a, const void *b)
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

/* hs_uses_sorted deals the uses of tasks sorted by start into resources
 * (or sorts the pairs when indices are out of reach): the same order as
 * sorting every pair, on random schedules with ties, zero-length tasks,
 * GPUs, tasks over several nodes, unplaced and dropped tasks, and one
 * absurd core index. */
static void test_uses_sorted(void)
{
	unsigned long long x = 88172645463325252ull;
#define RND() (x ^= x << 13, x ^= x >> 7, x ^= x << 17, x)
	int bad = 0, cases = 0, after_bad = 0, after_cases = 0;
	for (int round = 0; round < 90; round++) {
		/* From round 60: more than 256 tasks (the radix sort of uses.c)
		 * with fractional, negative and -0 starts beside runs of equal
		 * ones, short and long. */
		int big = round >= 60;
		int n = big ? 257 + (int)(RND() % 3000) : 1 + (int)(RND() % 300);
		int nodes = 1 + (int)(RND() % 5);
		struct hs_schedule s;
		hs_schedule_init(&s, n);
		char *keep = hs_calloc((size_t)n, 1);
		for (int i = 0; i < n; i++) {
			if (RND() % 10 == 0)
				continue; /* not placed */
			double st = (double)(RND() % 20), len = (double)(RND() % 4);
			if (big && RND() % 3 == 0)
				st = (double)(RND() % 2000000) / 7.0 - 1000.0;
			else if (big && RND() % 5 == 0)
				st = RND() % 2 ? -0.0 : -3.5;
			if (big && RND() % 2)
				len = (double)(RND() % 1000) / 3.0;
			int parts = 1 + (int)(RND() % 2);
			for (int k = 0; k < parts; k++) {
				int c[8], nc = 1 + (int)(RND() % 8), g = (int)(RND() % 3);
				for (int j = 0; j < nc; j++)
					c[j] = (int)(RND() % 16);
				if (round == 59 && i == 0)
					c[0] = 1 << 28; /* forces the fallback */
				if (RND() % 4 == 0)
					hs_schedule_add(&s, i, (int)(RND() % nodes), NULL, 0, &g, 1, st, st + len);
				else
					hs_schedule_add(&s, i, (int)(RND() % nodes), c, nc, NULL, 0, st, st + len);
			}
			keep[i] = RND() % 5 != 0;
		}
		/* compute_after: the walk with the platform = the sorted uses
		 * without it. */
		struct hs_node nd[5];
		memset(nd, 0, sizeof nd);
		for (int k = 0; k < 5; k++)
			nd[k].cores = 16, nd[k].gpus = 3;
		struct hs_platform pl = { .nodes = nd, .nnodes = nodes, .total_cores = 16 * nodes,
					  .total_gpus = 3 * nodes };
		hs_schedule_compute_after(&s, NULL);
		int **want = hs_calloc((size_t)n, sizeof *want), *nwant = hs_calloc((size_t)n, sizeof *nwant);
		for (int i = 0; i < n; i++) {
			nwant[i] = s.p[i].nafter;
			want[i] = s.p[i].after;
			s.p[i].after = NULL;
		}
		hs_schedule_compute_after(&s, &pl);
		after_cases++;
		for (int i = 0; i < n; i++) {
			if (s.p[i].nafter != nwant[i] ||
			    (nwant[i] && memcmp(s.p[i].after, want[i], (size_t)nwant[i] * sizeof(int)) != 0)) {
				after_bad++;
				break;
			}
		}
		for (int i = 0; i < n; i++)
			free(want[i]);
		free(want);
		free(nwant);
		for (int with_keep = 0; with_keep < 2; with_keep++) {
			struct hs_use *u;
			size_t nu = hs_uses_sorted(&s, with_keep ? keep : NULL, &u);
			struct hs_use *r = hs_malloc((nu ? nu : 1) * sizeof *r);
			size_t m = 0;
			for (int i = 0; i < n; i++) {
				const struct hs_placement *p = &s.p[i];
				if (with_keep ? !keep[i] : p->task < 0)
					continue;
				for (int k = 0; k < p->nparts; k++) {
					for (int c = 0; c < p->parts[k].ncores; c++)
						r[m++] = (struct hs_use){ p->parts[k].node, 0, p->parts[k].cores[c], i,
									  p->start, p->end };
					for (int g = 0; g < p->parts[k].ngpus; g++)
						r[m++] = (struct hs_use){ p->parts[k].node, 1, p->parts[k].gpus[g], i,
									  p->start, p->end };
				}
			}
			qsort(r, m, sizeof *r, ref_cmp);
			cases++;
			if (m != nu || (nu && memcmp(u, r, nu * sizeof *u) != 0))
				bad++;
			free(u);
			free(r);
		}
		free(keep);
		hs_schedule_release(&s);
	}
#undef RND
	TAP_OK(bad == 0, "hs_uses_sorted = every pair sorted, on %d random schedules (%d differ)", cases,
	       bad);
	TAP_OK(after_bad == 0,
	       "compute_after: the walk over the platform = the sorted uses, on %d random schedules (%d differ)",
	       after_cases, after_bad);
}

/* The order hs_schedule_compute_after keeps for the next hs_uses_sorted
 * is used only while it is still right: times moved or tasks dropped in
 * between give the uses of the schedule as it is now. */
static void test_kept_order(void)
{
	struct hs_node nd[1] = { { .cores = 2 } };
	struct hs_platform pl = { .nodes = nd, .nnodes = 1, .total_cores = 2 };
	struct hs_schedule s;
	hs_schedule_init(&s, 3);
	int c0 = 0;
	hs_schedule_add(&s, 0, 0, &c0, 1, NULL, 0, 0, 1); /* a */
	hs_schedule_add(&s, 1, 0, &c0, 1, NULL, 0, 1, 2); /* b */
	hs_schedule_add(&s, 2, 0, &c0, 1, NULL, 0, 2, 3); /* c */
	struct hs_use *u;
	hs_schedule_compute_after(&s, &pl); /* keeps a, b, c */
	size_t nu = hs_uses_sorted(&s, NULL, &u);
	TAP_OK(nu == 3 && u[0].task == 0 && u[1].task == 1 && u[2].task == 2,
	       "kept order: used while right (a, b, c)");
	free(u);
	hs_schedule_compute_after(&s, &pl);
	s.p[0].start = 5; /* a now last */
	s.p[0].end = 6;
	nu = hs_uses_sorted(&s, NULL, &u);
	TAP_OK(nu == 3 && u[0].task == 1 && u[1].task == 2 && u[2].task == 0,
	       "kept order: a moved after compute_after comes last (b, c, a)");
	free(u);
	hs_schedule_compute_after(&s, &pl);
	char keep[3] = { 1, 0, 1 };
	nu = hs_uses_sorted(&s, keep, &u);
	TAP_OK(nu == 2 && u[0].task == 2 && u[1].task == 0, "kept order: filtered by keep (c, a)");
	free(u);
	hs_schedule_compute_after(&s, &pl);
	s.p[1].task = -1; /* b dropped */
	nu = hs_uses_sorted(&s, NULL, &u);
	TAP_OK(nu == 2 && u[0].task == 2 && u[1].task == 0, "kept order: a task dropped (c, a)");
	free(u);
	hs_schedule_release(&s);
}

/* A walk's visits as (task, resource) pairs. */
struct visits {
	int *v;
	size_t n, cap;
};

static void visits_add(struct visits *w, int task, int res)
{
	if (w->n + 2 > w->cap) {
		w->cap = w->cap ? 2 * w->cap : 256;
		w->v = hs_reallocarray(w->v, w->cap, sizeof *w->v);
	}
	w->v[w->n++] = task;
	w->v[w->n++] = res;
}

static void visit_use(void *arg, const struct hs_use *u, int res)
{
	visits_add(arg, u->task, res);
}

static void visit_part(void *arg, int task, const struct hs_part *pt, int c0, int g0)
{
	for (int c = 0; c < pt->ncores; c++)
		visits_add(arg, task, c0 + pt->cores[c]);
	for (int g = 0; g < pt->ngpus; g++)
		visits_add(arg, task, g0 + pt->gpus[g]);
}

/* hs_uses_walk_parts visits a part at a time what hs_uses_walk visits a
 * use at a time, in the same order, on random schedules (whole nodes,
 * scattered cores, GPUs, several parts, unplaced and dropped tasks); both
 * refuse a use outside the platform. */
static void test_walk_parts(void)
{
	unsigned long long x = 2463534242ull;
#define RND() (x ^= x << 13, x ^= x >> 7, x ^= x << 17, x)
	struct hs_node nd[4];
	memset(nd, 0, sizeof nd);
	for (int k = 0; k < 4; k++)
		nd[k].cores = 16, nd[k].gpus = 2;
	struct hs_platform pl = { .nodes = nd, .nnodes = 4, .total_cores = 64, .total_gpus = 8 };
	int bad = 0, cases = 0;
	for (int round = 0; round < 40; round++) {
		int n = 1 + (int)(RND() % 200);
		struct hs_schedule s;
		hs_schedule_init(&s, n);
		char *keep = hs_calloc((size_t)n, 1);
		for (int i = 0; i < n; i++) {
			if (RND() % 8 == 0)
				continue; /* not placed */
			double st = (double)(RND() % 30);
			for (int k = 0, parts = 1 + (int)(RND() % 3); k < parts; k++) {
				int c[16], nc = 0, g = (int)(RND() % 2), whole = RND() % 2;
				for (int j = 0; j < 16; j++)
					if (whole || RND() % 3 == 0)
						c[nc++] = j;
				if (RND() % 5 == 0)
					hs_schedule_add(&s, i, (int)(RND() % 4), NULL, 0, &g, 1, st, st + 1);
				else
					hs_schedule_add(&s, i, (int)(RND() % 4), c, nc, NULL, 0, st, st + 1);
			}
			keep[i] = RND() % 4 != 0;
		}
		for (int with_keep = 0; with_keep < 2; with_keep++) {
			struct visits a = { 0 }, b = { 0 };
			int ra = hs_uses_walk(&s, &pl, with_keep ? keep : NULL, 0, visit_use, &a);
			int rb = hs_uses_walk_parts(&s, &pl, with_keep ? keep : NULL, 0, visit_part, &b);
			cases++;
			if (ra != 0 || rb != 0 || a.n != b.n ||
			    (a.n && memcmp(a.v, b.v, a.n * sizeof *a.v) != 0))
				bad++;
			free(a.v);
			free(b.v);
		}
		free(keep);
		hs_schedule_release(&s);
	}
#undef RND
	TAP_OK(bad == 0, "hs_uses_walk_parts = hs_uses_walk, part by part, on %d random schedules (%d differ)",
	       cases, bad);
	/* A core beyond its node: refused, nothing visited. */
	struct hs_schedule s;
	hs_schedule_init(&s, 1);
	int c[2] = { 3, 16 };
	hs_schedule_add(&s, 0, 1, c, 2, NULL, 0, 0, 1);
	struct visits b = { 0 };
	TAP_OK(hs_uses_walk_parts(&s, &pl, NULL, 0, visit_part, &b) == -1 && b.n == 0,
	       "hs_uses_walk_parts refuses a core outside its node");
	hs_schedule_release(&s);
}

int main(void)
{
	hs_set_progname("test");
	test_add();
	test_after();
	test_after_large();
	test_uses_sorted();
	test_kept_order();
	test_walk_parts();
	return tap_done();
}
