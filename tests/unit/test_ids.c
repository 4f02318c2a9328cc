/* test_ids - core and GPU sets shared as slices of one read-only table
 * (ids.h): which sets are shared, what copying, merging and parsing make
 * of them, that the loader, hs_schedule_add and hs_placement_copy share
 * them, and that writing into a shared one faults. */
#include "model/ids.h"
#include "model_fixture.h"
#include "tap.h"

#include <signal.h>
#include <sys/wait.h>

/* Whether v is one of the table's slices: a second copy of it is the
 * same pointer. */
static int is_shared(const int *v, int n)
{
	int *c = hs_ids_copy(v, n);
	int same = c == v;
	hs_ids_free(c);
	return same;
}

static int is_ids(const int *v, const int *want, int n)
{
	return n == 0 ? v == NULL : v && memcmp(v, want, (size_t)n * sizeof *v) == 0;
}

static void test_runs(void)
{
	int *r = hs_ids_run(3, 4);
	TAP_OK(r && r[0] == 3 && r[3] == 6, "run 3..6 is a slice holding 3, 4, 5, 6");
	TAP_OK(hs_ids_run(0, 65536) && hs_ids_run(65535, 1) && !hs_ids_run(65535, 2) &&
	       !hs_ids_run(-1, 2) && !hs_ids_run(0, 0) && !hs_ids_run(70000, 1),
	       "slices end at the table's 65 536 ids; none empty or negative");
	int *cp;
	static const struct {
		int v[6], n, run;
		const char *what;
	} c[] = {
		{ { 5 }, 1, 1, "one id" },
		{ { 0, 1, 2, 3 }, 4, 1, "consecutive" },
		{ { 0, 2 }, 2, 0, "a gap" },
		{ { 1, 0 }, 2, 0, "descending" },
		{ { 3, 3 }, 2, 0, "a duplicate" },
		{ { 0, 1, 3, 2, 4 }, 5, 0, "unsorted, first and last 4 apart" },
		{ { 0, 2, 1, 3 }, 4, 0, "unsorted, first and last 3 apart" },
		{ { 7, 8, 9, 10, 11, 12 }, 6, 1, "consecutive from 7" },
	};
	for (size_t k = 0; k < sizeof c / sizeof *c; k++) {
		TAP_OK(hs_ids_is_run(c[k].v, c[k].n) == c[k].run, "is_run: %s", c[k].what);
		cp = hs_ids_copy(c[k].v, c[k].n);
		TAP_OK(is_ids(cp, c[k].v, c[k].n) && is_shared(cp, c[k].n) == c[k].run,
		       "copy: %s, %s", c[k].what, c[k].run ? "shared" : "an array of its own");
		hs_ids_free(cp);
	}
	int far[] = { 70000, 70001, 70002, 70003 }, farcut[] = { 70000, 70001, 70003, 70004 };
	cp = hs_ids_copy(far, 4);
	TAP_OK(hs_ids_is_run(far, 4) && !hs_ids_is_run(farcut, 4) && is_ids(cp, far, 4) && !is_shared(cp, 4),
	       "consecutive ids past the table: a run, but copied (the table is not read past its end)");
	hs_ids_free(cp);
	int neg[] = { -1, 0, 1 };
	cp = hs_ids_copy(neg, 3);
	TAP_OK(is_ids(cp, neg, 3) && !is_shared(cp, 3), "negative ids are copied, not shared");
	hs_ids_free(cp);
	TAP_OK(hs_ids_copy(neg, 0) == NULL, "an empty set is NULL");
	hs_ids_free(NULL);
	int *a = hs_malloc(3 * sizeof *a);
	a[0] = 4, a[1] = 5, a[2] = 6;
	int *s = hs_ids_adopt(a, 3); /* a freed: LeakSanitizer and ASan watch */
	TAP_OK(s == hs_ids_run(4, 3), "adopt: a consecutive array gives way to the slice");
	int *b = hs_malloc(2 * sizeof *b);
	b[0] = 1, b[1] = 4;
	TAP_OK(hs_ids_adopt(b, 2) == b, "adopt: any other array is kept");
	hs_ids_free(b);
}

static void test_parse(void)
{
	static const struct {
		const char *s;
		int max, n, v[8], shared;
	} c[] = {
		{ "3", 15, 1, { 3 }, 1 },
		{ "0-15", 15, 16, { 0, 1, 2, 3, 4, 5, 6, 7 }, 1 },
		{ "007", 15, 1, { 7 }, 1 },
		{ "2-2", 15, 1, { 2 }, 1 },
		{ "0-3,8", 15, 5, { 0, 1, 2, 3, 8 }, 0 },
		{ "3,1", 15, 2, { 1, 3 }, 0 },
		{ "4,5,6", 15, 3, { 4, 5, 6 }, 1 },
		{ "6,4,5", 15, 3, { 4, 5, 6 }, 1 },
		{ "1-3,2-5", 15, 5, { 1, 2, 3, 4, 5 }, 1 },
		{ "0,2,4,6,8,10,12,14,1", 15, 9, { 0, 1, 2, 4, 6, 8, 10, 12 }, 0 },
		{ "15", 15, 1, { 15 }, 1 },
		{ "16", 15, -1, { 0 }, 0 },
		{ "3-16", 15, -1, { 0 }, 0 },
		{ "5-3", 15, -1, { 0 }, 0 },
		{ "3-", 15, -1, { 0 }, 0 },
		{ "-3", 15, -1, { 0 }, 0 },
		{ "1,,2", 15, -1, { 0 }, 0 },
		{ "99999999999", 15, -1, { 0 }, 0 },
		{ "70000-70003", 100000, 4, { 70000, 70001, 70002, 70003 }, 0 },
		{ "3", -1, -1, { 0 }, 0 },
	};
	for (size_t k = 0; k < sizeof c / sizeof *c; k++) {
		int *v = (int *)&c; /* not NULL: parse must set it */
		int n = hs_ids_parse(c[k].s, c[k].max, &v);
		int m = n < 8 ? n : 8;
		TAP_OK(n == c[k].n && (n < 0 ? v == NULL : is_ids(v, c[k].v, m) && v[n - 1] >= v[0] &&
				       is_shared(v, n) == c[k].shared),
		       "parse '%s' (max %d): %d ids%s", c[k].s, c[k].max, c[k].n,
		       c[k].n < 0 ? ", an error" : c[k].shared ? ", shared" : "");
		if (n > 0)
			hs_ids_free(v);
	}
	int *v;
	int n = hs_parse_intset("9,3-5,4", 15, &v);
	TAP_OK(n == 4 && v[0] == 3 && v[1] == 4 && v[2] == 5 && v[3] == 9,
	       "hs_parse_intset still sorts and merges sets out of order");
	free(v);
	n = hs_parse_intset("0,2,4,6,8,10,12,14,16,18,20,22,24,26,28,30,32,34", 40, &v);
	TAP_OK(n == 18 && v[17] == 34, "hs_parse_intset: more ranges than its first buffer");
	free(v);
}

/* The model's sets: what the loader reads, hs_schedule_add merges and
 * hs_placement_copy copies are shared where they are one run. */
static void test_model(void)
{
	struct hs_stream s;
	struct hs_instance in;
	const char *text = "node n cores=16 gpus=2\nnode m cores=16\n"
			   "task a model=rigid size=16 time=1\ntask b model=rigid size=3 time=1\n"
			   "task g model=gpu gpu_time=1\n"
			   "plan a node=n cores=0-15 start=0 end=1\n"
			   "plan b node=n cores=0,2,4 start=1 end=2\n"
			   "plan g node=n gpus=1 start=0 end=1\n";
	if (fx_load(&s, &in, text) != 0) {
		TAP_OK(0, "model: load");
		return;
	}
	const struct hs_part *pa = &in.plan.p[0].parts[0], *pb = &in.plan.p[1].parts[0],
			     *pg = &in.plan.p[2].parts[0];
	TAP_OK(pa->ncores == 16 && is_shared(pa->cores, 16), "loader: cores=0-15 shared");
	TAP_OK(pb->ncores == 3 && pb->cores[2] == 4 && !is_shared(pb->cores, 3),
	       "loader: cores=0,2,4 an array of its own");
	TAP_OK(pg->ngpus == 1 && pg->gpus[0] == 1 && is_shared(pg->gpus, 1), "loader: gpus=1 shared");
	struct hs_schedule sc;
	hs_schedule_init(&sc, in.ntasks);
	for (int i = 0; i < in.ntasks; i++)
		hs_placement_copy(&sc.p[i], &in.plan.p[i]);
	TAP_OK(sc.p[0].parts[0].cores == pa->cores && sc.p[1].parts[0].cores != pb->cores &&
	       is_ids(sc.p[1].parts[0].cores, pb->cores, 3),
	       "copy: the shared set itself, the other copied");
	hs_schedule_release(&sc);
	hs_schedule_init(&sc, in.ntasks);
	int lo[] = { 0, 1 }, hi[] = { 3, 2 }, gap[] = { 9 };
	hs_schedule_add(&sc, 1, 0, lo, 2, NULL, 0, 0, 1);
	const int *first = sc.p[1].parts[0].cores;
	hs_schedule_add(&sc, 1, 0, hi, 2, NULL, 0, 0, 1); /* 0-3 */
	const struct hs_part *p = &sc.p[1].parts[0];
	TAP_OK(first == hs_ids_run(0, 2) && p->ncores == 4 && p->cores == hs_ids_run(0, 4),
	       "add: 0-1, then 3,2 merged into 0-3, each shared");
	hs_schedule_add(&sc, 1, 0, gap, 1, NULL, 0, 0, 1); /* 0-3,9 */
	int want[] = { 0, 1, 2, 3, 9 };
	TAP_OK(p->ncores == 5 && is_ids(p->cores, want, 5) && !is_shared(p->cores, 5),
	       "add: then 9, an array of its own");
	hs_schedule_add(&sc, 1, 1, hi, 2, NULL, 0, 0, 1);
	TAP_OK(sc.p[1].nparts == 2 && sc.p[1].parts[1].cores == hs_ids_run(2, 2),
	       "add: a second node's 3,2 shared as 2-3");
	hs_schedule_release(&sc);
	fx_free(&s, &in);
}

/* A plugin that writes into a set it did not make faults there, rather
 * than changing every placement that shares it. */
static void test_read_only(void)
{
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		/* AddressSanitizer reports the fault on stderr and exits 1 */
		if (!freopen("/dev/null", "w", stderr))
			_exit(3);
		int *v = hs_ids_run(0, 4);
		v[2] = 9;
		_exit(0);
	}
	int st = 0;
	waitpid(pid, &st, 0);
	TAP_OK((WIFSIGNALED(st) && WTERMSIG(st) == SIGSEGV) || (WIFEXITED(st) && WEXITSTATUS(st) == 1),
	       "writing into a shared set faults (status %#x)", st);
	TAP_OK(hs_ids_run(0, 4)[2] == 2, "and the table is unchanged");
}

int main(void)
{
	hs_set_progname("test");
	test_runs();
	test_parse();
	test_model();
	test_read_only();
	return tap_done();
}
