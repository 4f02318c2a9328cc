/* test_backfill.c - the backfill plugin's algorithms (plugins/backfill.c,
 * its core without the hs glue) driven by a small event loop
 * (backfill_loop.h): hand-made cases with exact starts and resources for
 * each algorithm and variant, every worked example of
 * ../shared/notes/backfilling-variants.md in the default and in the
 * compatibility mode, and properties on random traces. */
#include "backfill_loop.h"
#include "hs/gen.h"
#include "tap.h"

/* Every job as "start:resources" (R rejected, - never started). */
static const char *result(const struct loop *L)
{
	static char buf[4096];
	size_t o = 0;
	buf[0] = 0;
	for (int i = 0; i < L->nj; i++) {
		const struct lj *J = &L->j[i];
		if (J->rejected)
			o += snprintf(buf + o, sizeof buf - o, "%sR", i ? " " : "");
		else if (J->start != J->start)
			o += snprintf(buf + o, sizeof buf - o, "%s-", i ? " " : "");
		else
			o += snprintf(buf + o, sizeof buf - o, "%s%g:%s", i ? " " : "", J->start, loop_res(L, i));
	}
	return buf;
}

static struct bf_conf conf(enum bf_algo a, enum hs_select_variant v, int lucarelli)
{
	/* compression outside compat, as these tests were written for
	 * (the plugin's default, recompute=none, is tested on its own) */
	struct bf_conf c = { .algo = a, .variant = v,
			     .rules = lucarelli ? HS_SELECT_LUCARELLI : HS_SELECT_PAPER,
			     .lucarelli = lucarelli, .compress = !lucarelli };
	return c;
}

static double makespan(const struct loop *L)
{
	double m = 0;
	for (int i = 0; i < L->nj; i++)
		if (L->j[i].end > m)
			m = L->j[i].end;
	return m;
}

static const enum bf_algo ALGOS[] = { BF_FCFS, BF_EASY, BF_CONSERVATIVE };
static const char *const ANAME[] = { "fcfs", "easy", "conservative" };
#define A HS_SCOPE_ANY

/* The issue's example: 4 one-core hosts; j1 on 2 with walltime 100 runs
 * 10 s; j2 on 4 and j3 on 2, 10 s each. */
static void issue_example(struct loop *L)
{
	int nodes[] = { 4 };
	loop_machine(L, 1, nodes, 1);
	loop_job(L, 0, 2, 10, 100, A);
	loop_job(L, 0, 4, 10, 10, A);
	loop_job(L, 0, 2, 10, 10, A);
}

static void test_issue_example(void)
{
	const char *want[] = { "0:0-1 10:0-3 20:0-1", "0:0-1 10:0-3 0:2-3", "0:0-1 10:0-3 0:2-3" };
	const double ms[] = { 30, 20, 20 };
	for (int a = 0; a < 3; a++) {
		struct loop L;
		issue_example(&L);
		struct bf_conf c = conf(ALGOS[a], HS_SELECT_BASIC, 0);
		TAP_OK(loop_run(&L, &c, 0) == 0, "issue example, %s: runs (%s)", ANAME[a], L.err);
		TAP_STREQ(result(&L), want[a], ANAME[a]);
		TAP_OK(makespan(&L) == ms[a], "issue example, %s: makespan %g", ANAME[a], ms[a]);
		if (ALGOS[a] == BF_CONSERVATIVE)
			TAP_OK(L.j[1].resv == 100 && L.j[0].resv == 0 && L.j[2].resv == 0,
			       "conservative: j2 first reserved at 100, started at 10 (j1 ended early)");
		if (ALGOS[a] == BF_EASY)
			TAP_OK(L.j[1].resv == 100 && L.j[0].resv != L.j[0].resv,
			       "easy: only the blocked head j2 has a reservation (100)");
		loop_free(&L);
	}
}

/* EASY and conservative differ: j4 backfills under EASY (it leaves the
 * head's cores alone) and delays j3, which conservative protects. */
static void test_easy_vs_conservative(void)
{
	const char *want[] = { "0:0-2 10:0-1 15:2-3 0:3", "0:0-2 10:0-1 10:2-3 20:0" };
	for (int a = 1; a < 3; a++) {
		struct loop L;
		int nodes[] = { 4 };
		loop_machine(&L, 1, nodes, 1);
		loop_job(&L, 0, 3, 10, 10, A);
		loop_job(&L, 0, 2, 10, 10, A);
		loop_job(&L, 0, 2, 10, 10, A);
		loop_job(&L, 0, 1, 15, 15, A);
		struct bf_conf c = conf(ALGOS[a], HS_SELECT_BASIC, 0);
		TAP_OK(loop_run(&L, &c, 0) == 0, "easy vs conservative, %s: runs", ANAME[a]);
		TAP_STREQ(result(&L), want[a - 1], a == 1 ? "easy: j4 backfills at 0, j3 waits to 15" :
							     "conservative: j3 reserved at 10 keeps it, j4 at 20");
		if (a == 1)
			TAP_OK(L.j[1].resv == 10 && L.j[2].resv == 15,
			       "easy: j2 reserved at 10 as head, j3 at 15 when it became head");
		else
			TAP_OK(L.j[1].resv == 10 && L.j[2].resv == 10 && L.j[3].resv == 20,
			       "conservative: reservations 10, 10, 20");
		loop_free(&L);
	}
}

/* EASY's two reservations: specific cores (reserve=cores) or a count
 * (reserve=count, Mu'alem and Feitelson).  4 cores; j0 (1 core, 1 s), j1
 * (1 core, 30 s) and j2 (2 cores, 10 s) start at 0 on 0, 1 and 2-3.  At 1
 * the head h (2 cores, 10 s) comes: shadow time 10, when 0, 2 and 3 are
 * free, one extra core.  At 2, b (1 core, 30 s) fits on core 0: by count
 * it takes the extra core and starts at once; by cores, core 0 belongs to
 * h's reservation {0, 2} and b waits until 10 for no gain to h, which
 * starts at 10 either way. */
static void test_easy_count(void)
{
	const char *want[] = { "0:0 0:1 0:2-3 10:0,2 10:3", "0:0 0:1 0:2-3 10:2-3 2:0" };
	for (int count = 0; count < 2; count++) {
		struct loop L;
		int nodes[] = { 4 };
		loop_machine(&L, 1, nodes, 1);
		loop_job(&L, 0, 1, 1, 1, A);
		loop_job(&L, 0, 1, 30, 30, A);
		loop_job(&L, 0, 2, 10, 10, A);
		loop_job(&L, 1, 2, 10, 10, A);
		loop_job(&L, 2, 1, 30, 30, A);
		struct bf_conf c = conf(BF_EASY, HS_SELECT_BASIC, 0);
		c.count = count;
		TAP_OK(loop_run(&L, &c, 0) == 0, "easy reserve=%s: runs", count ? "count" : "cores");
		TAP_STREQ(result(&L), want[count],
			  count ? "reserve=count: b backfills at 2 in the extra core, h starts at 10" :
				  "reserve=cores: b waits for h's core 0 until 10, h starts at 10");
		TAP_OK(L.j[3].resv == 10, "reserve=%s: h's reservation at the shadow time 10",
		       count ? "count" : "cores");
		loop_free(&L);
	}
	/* The count bounds what passes the shadow time: two 1-core jobs that
	 * would both run past it, one extra core: the second waits. */
	struct loop L;
	int nodes[] = { 4 };
	loop_machine(&L, 1, nodes, 1);
	loop_job(&L, 0, 2, 10, 10, A);
	loop_job(&L, 0, 3, 10, 10, A);
	loop_job(&L, 0, 1, 30, 30, A);
	loop_job(&L, 0, 1, 30, 30, A);
	loop_job(&L, 0, 1, 5, 5, A);
	struct bf_conf c = conf(BF_EASY, HS_SELECT_BASIC, 0);
	c.count = 1;
	TAP_OK(loop_run(&L, &c, 0) == 0, "easy reserve=count, two late jobs: runs");
	/* j0 runs on 0-1; head j1 (3) has shadow 10 with 4 free, extra 1:
	 * j2 takes core 2 past the shadow, j3 cannot (extra used up), j4 ends
	 * by 10 and takes core 3. */
	TAP_STREQ(result(&L), "0:0-1 10:0-1,3 0:2 20:0 0:3",
		  "reserve=count: one late job per extra core, short jobs before the shadow time");
	loop_free(&L);
}

static void test_walltime_kill(void)
{
	for (int a = 0; a < 3; a++) {
		struct loop L;
		int nodes[] = { 1 };
		loop_machine(&L, 1, nodes, 1);
		loop_job(&L, 0, 1, 50, 20, A); /* killed at 20 */
		loop_job(&L, 0, 1, 5, 5, A);
		struct bf_conf c = conf(ALGOS[a], HS_SELECT_BASIC, 0);
		TAP_OK(loop_run(&L, &c, 0) == 0 && L.j[0].killed && L.j[0].end == 20 &&
			       L.j[1].start == 20,
		       "%s: j1 killed at its walltime 20, j2 starts then", ANAME[a]);
		loop_free(&L);
	}
}

/* A job that ends early lets later reservations move earlier. */
static void test_early_end(void)
{
	struct loop L;
	int nodes[] = { 2 };
	loop_machine(&L, 1, nodes, 1);
	loop_job(&L, 0, 2, 10, 100, A);
	loop_job(&L, 1, 1, 10, 10, A);
	loop_job(&L, 2, 2, 10, 10, A);
	loop_job(&L, 3, 1, 50, 50, A);
	struct bf_conf c = conf(BF_CONSERVATIVE, HS_SELECT_BASIC, 0);
	TAP_OK(loop_run(&L, &c, 0) == 0, "early end: runs");
	/* j2 [100,110) on 0, j3 [110,120), j4 [120,170) (the hole on 1 at
	 * [100,110) is too short); j1 ends at 10: j2 -> 10, j3 -> 20, j4 -> 30 */
	TAP_OK(L.j[1].resv == 100 && L.j[2].resv == 110 && L.j[3].resv == 120,
	       "first reservations 100, 110, 120");
	TAP_STREQ(result(&L), "0:0-1 10:0 20:0-1 30:0", "after j1's early end: 10, 20, 30");
	loop_free(&L);
}

/* Compression keeps every first reservation; placing every job again from
 * scratch (recompute=scratch) does not: X ends early, A moves into the
 * hole B had reserved and B goes after A. */
static void test_scratch(void)
{
	const char *want[] = { "0:0 0:1 25:0-1 15:0", "0:0 0:1 20:0-1 80:0" };
	for (int k = 0; k < 2; k++) {
		struct loop L;
		int nodes[] = { 2 };
		loop_machine(&L, 1, nodes, 1);
		loop_job(&L, 0, 1, 15, 40, A); /* X */
		loop_job(&L, 0, 1, 20, 20, A); /* Y */
		loop_job(&L, 1, 2, 60, 60, A); /* A: reserved at 40 */
		loop_job(&L, 2, 1, 10, 10, A); /* B: reserved at 20 on 1 */
		struct bf_conf c = conf(BF_CONSERVATIVE, HS_SELECT_BASIC, 0);
		c.scratch = k;
		TAP_OK(loop_run(&L, &c, 0) == 0 && L.j[2].resv == 40 && L.j[3].resv == 20,
		       "%s: reservations A 40, B 20", k ? "scratch" : "compress");
		TAP_STREQ(result(&L), want[k],
			  k ? "recompute=scratch: A takes 20, B starts at 80, after its first reservation" :
			      "compression: B moves to 15, A to 25, no job after its first reservation");
		loop_free(&L);
	}
}

/* Contiguity and locality on two clusters of 4 one-core hosts: a scene set
 * with basic, then one job of n cores at 10 with the variant. */
static const char *variants_case(enum bf_algo a, int scene, enum hs_select_variant v, int lucarelli, int n)
{
	static char buf[512];
	struct loop L;
	int nodes[] = { 4, 4 };
	loop_machine(&L, 2, nodes, 1);
	/* Setup jobs submitted one after the other (compat takes equal submit
	 * dates in heap order), each ending at 10 or 100. */
	static const int sz[2][6] = { { 2, 5, 1 }, { 1, 1, 3, 1, 1, 1 } };
	static const double end[2][6] = { { 100, 10, 100 }, { 10, 100, 10, 100, 10, 100 } };
	/* scene 0: 0-1 and 7 busy until 100, free at 10: 2-6;
	 * scene 1: 1, 5 and 7 busy until 100, free at 10: 0,2-4,6 */
	for (int i = 0; i < (scene ? 6 : 3); i++)
		loop_job(&L, i * 0.25, sz[scene][i], end[scene][i] - i * 0.25, 100, A);
	loop_job(&L, 10, n, 10, 10, A);
	L.switch_at = 10;
	L.switch_to = v;
	struct bf_conf c = conf(a, HS_SELECT_BASIC, lucarelli);
	if (loop_run(&L, &c, 0) != 0)
		snprintf(buf, sizeof buf, "error: %s", L.err);
	else
		snprintf(buf, sizeof buf, "%s@%g", loop_res(&L, L.nj - 1), L.j[L.nj - 1].start);
	loop_free(&L);
	return buf;
}

static void test_variants(void)
{
	static const struct {
		int scene, n;
		const char *want[2][5]; /* [paper, lucarelli][variant] */
	} cases[] = {
		{ 0, 3,
		  { { "2-4@10", "2-4@10", "4-6@10", "2-4@10", "4-6@10" },
		    { "2-4@10", "2-4@10", "4-6@10", "2-4@10", "4-6@10" } } },
		{ 1, 3,
		  { { "0,2-3@10", "2-4@10", "0,2-3@10", "2-4@10", "0,2-3@10" },
		    { "0,2-3@10", "2-4@10", "0,2-3@10", "2-4@10", "0,2-3@10" } } },
		{ 1, 4,
		  { { "0,2-4@10", "0,2-4@10", "0,2-4@10", "0-3@100", "0-3@100" },
		    { "0,2-4@10", "0,2-4@10", "0,2-4@10", "0-3@100", "0-3@100" } } },
		{ 1, 5,
		  { { "0,2-4,6@10", "0,2-4,6@10", "0,2-4,6@10", "0-4@100", "0,2-4,6@10" },
		    { "0,2-4,6@10", "0,2-4,6@10", "0,2-4,6@10", "0-4@100", "0,2-4,6@10" } } },
	};
	for (size_t k = 0; k < sizeof cases / sizeof *cases; k++)
		for (int a = 1; a < 3; a++)
			for (int l = 0; l < 2; l++)
				for (int v = 0; v < 5; v++) {
					char name[160];
					snprintf(name, sizeof name, "%s, scene %d, %d cores, %s%s", ANAME[a],
						 cases[k].scene, cases[k].n, hs_select_variant_name(v),
						 l ? ", compat" : "");
					TAP_STREQ(variants_case(ALGOS[a], cases[k].scene, v, l, cases[k].n),
						  cases[k].want[l][v], name);
				}
}

/* ---------------- the note's worked examples ---------------- */

/* Jobs (submit, run, size, estimate) on P one-core hosts. */
static void note_jobs(struct loop *L, int P, const double (*j)[4], int n)
{
	int nodes[] = { P };
	loop_machine(L, 1, nodes, 1);
	for (int i = 0; i < n; i++)
		loop_job(L, j[i][0], (int)j[i][2], j[i][1], j[i][3], A);
}

static const char *note_run(int P, const double (*j)[4], int n, int lucarelli)
{
	static char buf[512];
	struct loop L;
	note_jobs(&L, P, j, n);
	struct bf_conf c = conf(BF_CONSERVATIVE, HS_SELECT_BASIC, lucarelli);
	if (loop_run(&L, &c, 0) != 0)
		snprintf(buf, sizeof buf, "error: %s", L.err);
	else
		snprintf(buf, sizeof buf, "%s", result(&L));
	loop_free(&L);
	return buf;
}

static void test_note_examples(void)
{
	/* The hole-search quirk. */
	const double q98[][4] = { { 0, 100, 1, 100 }, { 1, 100, 2, 100 }, { 2, 98, 1, 98 } };
	const double q97[][4] = { { 0, 100, 1, 100 }, { 1, 100, 2, 100 }, { 2, 97, 1, 97 } };
	TAP_STREQ(note_run(2, q98, 3, 1), "0:0 100:0-1 200:0",
		  "note, quirk, compat: job 3 gets [200,298) though [2,100) on 1 fits");
	TAP_STREQ(note_run(2, q98, 3, 0), "0:0 100:0-1 2:1", "note, quirk, default: job 3 at 2 on 1");
	TAP_STREQ(note_run(2, q97, 3, 1), "0:0 100:0-1 2:1", "note, quirk, compat, estimate 97: [2,99)");
	TAP_STREQ(note_run(2, q97, 3, 0), "0:0 100:0-1 2:1", "note, quirk, default, estimate 97: [2,99)");

	/* No compression. */
	const double nc[][4] = { { 0, 10, 2, 100 }, { 1, 100, 1, 100 }, { 2, 50, 2, 50 }, { 20, 60, 2, 60 } };
	TAP_STREQ(note_run(2, nc, 4, 1), "0:0-1 10:0 170:0-1 110:0-1",
		  "note, no compression (compat): job 2 [10,110), job 4 [110,170), job 3 [170,220)");
	TAP_STREQ(note_run(2, nc, 4, 0), "0:0-1 10:0 110:0-1 160:0-1",
		  "note, recomputed at each event (default): job 3 [110,160), job 4 [160,220)");

	/* Equal submit times in binary-heap order: first, then reversed. */
	const double eq[][4] = { { 0, 10, 1, 10 }, { 0, 10, 1, 10 }, { 0, 10, 1, 10 }, { 0, 10, 1, 10 } };
	TAP_STREQ(note_run(1, eq, 4, 0), "0:0 10:0 20:0 30:0", "all submitted at 0, default: stream order");
	TAP_STREQ(note_run(1, eq, 4, 1), "0:0 30:0 20:0 10:0",
		  "all submitted at 0, compat: job 1, then 4, 3, 2 (heap order)");

	/* A heap's order of equal keys depends on the other keys: submits
	 * (0, 1, 1) pop as 1, 3, 2. */
	const double mix[][4] = { { 0, 10, 1, 10 }, { 1, 10, 1, 10 }, { 1, 10, 1, 10 } };
	struct loop L;
	note_jobs(&L, 1, mix, 3);
	struct bf_conf c = conf(BF_CONSERVATIVE, HS_SELECT_BASIC, 1);
	TAP_OK(loop_run(&L, &c, 1) == 0, "heap order with every date known: runs");
	TAP_STREQ(result(&L), "0:0 20:0 10:0", "submits 0,1,1 with every date known: 1, 3, 2");
	TAP_OK(!L.b->approx_order, "and the order is exact");
	loop_free(&L);
	note_jobs(&L, 1, mix, 3);
	TAP_OK(loop_run(&L, &c, 0) == 0, "heap order of the batch alone: runs");
	TAP_STREQ(result(&L), "0:0 10:0 20:0", "submits 0,1,1 without the dates: the batch's heap, 1, 2, 3");
	TAP_OK(L.b->approx_order, "and the order is said to be approximate");
	loop_free(&L);
	/* Of two equal children the sift-down takes the right one (Heap.pm's
	 * _find_min_child): submits (0, 1, 1, 5) pop as 1, 3, 2, 4. */
	const double tie[][4] = { { 0, 10, 1, 10 }, { 1, 10, 1, 10 }, { 1, 10, 1, 10 }, { 5, 10, 1, 10 } };
	note_jobs(&L, 1, tie, 4);
	TAP_OK(loop_run(&L, &c, 1) == 0, "heap order, equal children: runs");
	TAP_STREQ(result(&L), "0:0 20:0 10:0 30:0", "submits 0,1,1,5: the right child of two equal ones first");
	loop_free(&L);
	note_jobs(&L, 1, eq, 4);
	TAP_OK(loop_run(&L, &c, 0) == 0 && !L.b->approx_order,
	       "all jobs in one batch: the batch's heap is exact");
	loop_free(&L);
}

/* The note's selection example through the algorithm: 32 one-core hosts in
 * clusters of 8; jobs ending at 1 leave F = 0-3,6-13,16-17,20-31 free until
 * 100; a job of n cores submitted at 1. */
static const char *note_select(enum hs_select_variant v, int lucarelli, int n)
{
	static char buf[512];
	struct loop L;
	int nodes[] = { 8, 8, 8, 8 };
	loop_machine(&L, 4, nodes, 1);
	const int size[] = { 4, 2, 8, 2, 2, 2, 12 }; /* short, long, short, ... */
	for (int i = 0; i < 7; i++)
		loop_job(&L, i / 16.0, size[i], (i % 2 ? 100 : 1) - i / 16.0, 100, A);
	loop_job(&L, 1, n, 10, 10, A);
	L.switch_at = 1;
	L.switch_to = v;
	struct bf_conf c = conf(BF_CONSERVATIVE, HS_SELECT_BASIC, lucarelli);
	if (loop_run(&L, &c, 0) != 0)
		snprintf(buf, sizeof buf, "error: %s", L.err);
	else
		snprintf(buf, sizeof buf, "%s@%g", loop_res(&L, 7), L.j[7].start);
	loop_free(&L);
	return buf;
}

static void test_note_selection(void)
{
	static const char *want[2][2][5] = {
		/* paper */
		{ { "0-3,6-7@1", "6-11@1", "24-29@1", "6-11@1", "24-29@1" },
		  { "0-3,6-13,16@1", "0-3,6-13,16@1", "0-3,6,24-31@1", "0-12@100", "0-3,6,24-31@1" } },
		/* lucarelli */
		{ { "0-3,6-7@1", "20-25@1", "24-29@1", "6-11@1", "24-29@1" },
		  { "0-3,6-13,16@1", "6,20-31@1", "0-3,6,24-31@1", "0-12@100", "0-3,6,24-31@1" } },
	};
	const int ns[] = { 6, 13 };
	for (int l = 0; l < 2; l++)
		for (int k = 0; k < 2; k++)
			for (int v = 0; v < 5; v++) {
				char name[160];
				snprintf(name, sizeof name, "the note's selection example through conservative, n=%d, %s%s",
					 ns[k], hs_select_variant_name(v), l ? ", compat" : "");
				TAP_STREQ(note_select(v, l, ns[k]), want[l][k][v], name);
			}
}

/* ---------------- random traces ---------------- */

static struct hs_rng rng;
static unsigned rnd(unsigned n)
{
	return (unsigned)hs_rng_int(&rng, 0, (long)n - 1);
}

/* A random machine and trace (same seed, same trace). */
/* scale: 1, or 10 (ten times the jobs and their spread of releases, three
 * times the nodes). */
static int trace_scale = 1;

static void random_trace(struct loop *L, uint64_t seed)
{
	hs_rng_seed(&rng, seed);
	int nc = 1 + rnd(3), nodes[3], cores = 1 + rnd(3), x = trace_scale;
	for (int c = 0; c < nc; c++)
		nodes[c] = 1 + rnd(x > 1 ? 12 : 4);
	loop_machine(L, nc, nodes, cores);
	int P = L->node_first[L->nnodes], nj = (20 + rnd(40)) * x;
	static const enum hs_scope sc[] = { HS_SCOPE_ANY, HS_SCOPE_ANY, HS_SCOPE_CLUSTER, HS_SCOPE_NODE };
	for (int i = 0; i < nj; i++) {
		double wall = 1 + rnd(30);
		double run = rnd(8) == 0 ? wall + 1 + rnd(5) : 1 + rnd((unsigned)wall); /* some killed */
		if (rnd(20) == 0)
			wall = INFINITY;
		int n = 1 + rnd(P + 1); /* some larger than the machine */
		loop_job(L, rnd(4) == 0 ? 0 : rnd(60 * x), n, run, wall, sc[rnd(4)]);
	}
}

static int max_for(const struct loop *L, enum hs_scope scope)
{
	int best = 0;
	for (int j = 0; j < L->nnodes; j++) {
		int a = L->node_first[j], b = L->node_first[j + 1];
		if (scope == HS_SCOPE_CLUSTER) {
			int c = L->node_cluster[j];
			while (j + 1 < L->nnodes && L->node_cluster[j + 1] == c)
				b = L->node_first[++j + 1];
		} else if (scope == HS_SCOPE_ANY)
			b = L->node_first[L->nnodes], j = L->nnodes;
		if (b - a > best)
			best = b - a;
	}
	return best;
}

/* The properties of every algorithm and variant, with and without compat,
 * on nseeds random traces of the given scale. */
static void random_properties(int nseeds, int scale)
{
	int runs = 0, failed = 0, rejected_ok = 0, unstarted = 0, early = 0, late_cons = 0, late_easy = 0,
	    no_resv = 0, fcfs_order = 0, nondet = 0, easy_heads = 0;
	long tries = 0, skipped = 0, missed = 0;
	char what[80];
	trace_scale = scale;
	snprintf(what, sizeof what, "%s%d random traces", scale > 1 ? "10x: " : "", nseeds);
	for (int seed = 1; seed <= nseeds; seed++)
		for (int a = 0; a < 3; a++)
			for (int v = 0; v < 5; v++)
				for (int l = 0; l < 2; l++) {
					struct loop L;
					random_trace(&L, seed);
					struct bf_conf c = conf(ALGOS[a], v, l);
					runs++;
					L.verify = 1;
					int rc = loop_run(&L, &c, l);
					tries += L.b->tries, skipped += L.b->skipped, missed += L.b->missed;
					if (rc != 0) {
						if (!failed++)
							printf("# seed %d %s %s %d: %s\n", seed, ANAME[a],
							       hs_select_variant_name(v), l, L.err);
						loop_free(&L);
						continue;
					}
					for (int i = 0; i < L.nj; i++) {
						const struct lj *J = &L.j[i];
						int impossible = J->n > max_for(&L, J->scope);
						rejected_ok += J->rejected != impossible;
						if (J->rejected)
							continue;
						unstarted += J->start != J->start;
						early += J->start < J->release;
						if (ALGOS[a] == BF_CONSERVATIVE)
							late_cons += !(J->start <= J->resv), no_resv += J->resv != J->resv;
						if (ALGOS[a] == BF_EASY && J->resv == J->resv)
							late_easy += J->start > J->resv, easy_heads++;
						/* fcfs: nothing passes an earlier submission */
						if (ALGOS[a] == BF_FCFS && !l)
							for (int k = 0; k < L.nj; k++)
								fcfs_order += !L.j[k].rejected &&
									      (L.j[k].release < J->release ||
									       (L.j[k].release == J->release && k < i)) &&
									      L.j[k].start > J->start;
					}
					char first[4096];
					snprintf(first, sizeof first, "%s", result(&L));
					loop_free(&L);
					random_trace(&L, seed);
					loop_run(&L, &c, l);
					nondet += strcmp(first, result(&L)) != 0;
					loop_free(&L);
				}
	TAP_OK(failed == 0, "%s: %d runs (3 algorithms x 5 variants x default/compat): "
		"every decision valid (resources free, in scope, one job each) (%d failed)", what, runs, failed);
	TAP_OK(rejected_ok == 0, "%s: rejected exactly the jobs larger than their scope (%d wrong)", what,
	       rejected_ok);
	TAP_OK(unstarted == 0, "%s: every other job started (%d did not)", what, unstarted);
	TAP_OK(early == 0, "%s: no job starts before its release (%d did)", what, early);
	TAP_OK(late_cons == 0 && no_resv == 0,
	       "%s: conservative: every job has a first reservation (%d without) and no job starts after it (%d did)",
	       what, no_resv, late_cons);
	TAP_OK(late_easy == 0 && easy_heads > 100,
	       "%s: easy: no blocked head starts after its reservation (%d heads, %d late)", what, easy_heads,
	       late_easy);
	TAP_OK(fcfs_order == 0, "%s: fcfs: no job starts before one submitted earlier (%d pairs)", what,
	       fcfs_order);
	TAP_OK(nondet == 0, "%s: the same trace and options give the same schedule (%d differ)", what, nondet);
	TAP_OK(missed == 0 && skipped > 0,
	       "%s: conservative skipped %ld of %ld searches (compression's filter, the move to now's dominance), none of which would have moved a job (%ld would)",
	       what, skipped, tries, missed);
	trace_scale = 1;
}

/* Issue 28: the same properties on traces ten times as long. */
static void test_random_large(void)
{
	random_properties(12, 10);
}

static void test_random(void)
{
	random_properties(60, 1);
	/* the same traces placed again from scratch at each event */
	int late_scratch = 0, bad_scratch = 0;
	for (int seed = 1; seed <= 60; seed++)
		for (int v = 0; v < 5; v++) {
			struct loop L;
			random_trace(&L, seed);
			struct bf_conf c = conf(BF_CONSERVATIVE, v, 0);
			c.scratch = 1;
			bad_scratch += loop_run(&L, &c, 0) != 0;
			for (int i = 0; i < L.nj; i++)
				late_scratch += L.j[i].start > L.j[i].resv;
			loop_free(&L);
		}
	TAP_OK(bad_scratch == 0 && late_scratch > 0,
	       "recompute=scratch on the same traces: valid decisions, and %d jobs start after their first reservation",
	       late_scratch);
	/* the plugin's default, recompute=none: to now or not at all */
	int late_none = 0, bad_none = 0, moved_none = 0;
	for (int seed = 1; seed <= 60; seed++)
		for (int v = 0; v < 5; v++) {
			struct loop L;
			random_trace(&L, seed);
			struct bf_conf c = conf(BF_CONSERVATIVE, v, 0);
			c.compress = 0;
			L.verify = 1;
			bad_none += loop_run(&L, &c, 0) != 0;
			for (int i = 0; i < L.nj; i++) {
				if (L.j[i].rejected)
					continue;
				late_none += !(L.j[i].start <= L.j[i].resv);
				moved_none += L.j[i].start < L.j[i].resv;
			}
			loop_free(&L);
		}
	TAP_OK(bad_none == 0 && late_none == 0 && moved_none > 0,
	       "recompute=none on the same traces: valid decisions, no job after its first reservation (%d), "
	       "%d jobs moved to an earlier now",
	       late_none, moved_none);
	/* EASY by count on the same traces */
	int bad_count = 0, heads_count = 0, late_count[5] = { 0 }, late_any = 0;
	for (int seed = 1; seed <= 60; seed++)
		for (int v = 0; v < 5; v++) {
			struct loop L;
			random_trace(&L, seed);
			struct bf_conf c = conf(BF_EASY, v, 0);
			c.count = 1;
			bad_count += loop_run(&L, &c, 0) != 0;
			for (int i = 0; i < L.nj; i++)
				if (L.j[i].resv == L.j[i].resv) {
					heads_count++, late_count[v] += L.j[i].start > L.j[i].resv;
					late_any += L.j[i].start > L.j[i].resv && L.j[i].scope == A &&
						    v == HS_SELECT_BASIC;
				}
			loop_free(&L);
		}
	printf("# easy reserve=count: heads late per variant: %d %d %d %d %d of %d\n", late_count[0],
	       late_count[1], late_count[2], late_count[3], late_count[4], heads_count);
	/* A count is machine-wide: a head bound to a node or a cluster can
	 * find its extra cores taken there (hs-backfill(7)). */
	TAP_OK(bad_count == 0 && late_any == 0 && heads_count > 100,
	       "easy reserve=count on the same traces: valid decisions; with basic no blocked head "
	       "of scope any starts after its shadow time (%d heads)", heads_count);
}

/* 300 jobs on two clusters of 8 one-core nodes, submitted over 3000 s,
 * walltimes of 100 s to 6400 s that they run 5% to 100% of: a long queue
 * with early ends. */
static void long_queue(struct loop *L, uint64_t seed)
{
	hs_rng_seed(&rng, seed);
	int nodes[] = { 8, 8 };
	loop_machine(L, 2, nodes, 1);
	static const double walls[] = { 100, 400, 1600, 6400 };
	for (int i = 0; i < 300; i++) {
		double wall = walls[rnd(4)];
		double run = wall * (5 + rnd(96)) / 100;
		loop_job(L, rnd(3000), 1 << rnd(5), run, wall, rnd(4) ? HS_SCOPE_ANY : HS_SCOPE_CLUSTER);
	}
}

/* Conservative's compression filter on long queues with early ends: every
 * skipped search, and the start of every other, checked against a search
 * from now (b->verify). */
static void test_filter(void)
{
	long tries = 0, skipped = 0, missed = 0;
	int failed = 0;
	for (int seed = 1; seed <= 12; seed++)
		for (int v = 0; v < 5; v++) {
			struct loop L;
			long_queue(&L, 1000 + seed);
			struct bf_conf c = conf(BF_CONSERVATIVE, v, 0);
			L.verify = 1;
			failed += loop_run(&L, &c, 0) != 0;
			tries += L.b->tries, skipped += L.b->skipped, missed += L.b->missed;
			loop_free(&L);
		}
	TAP_OK(failed == 0 && missed == 0 && skipped > tries / 4,
	       "compression filter, 60 long random queues: %ld of %ld searches skipped, %ld starts wrong", skipped,
	       tries, missed);
}

/* Conservative's move to now (recompute=none, and compat=lucarelli) on
 * long queues with early ends: every job a refused one dominates is not
 * searched; b->verify searches it anyway and counts those that would have
 * moved. */
static void test_to_now_skips(void)
{
	long tries = 0, skipped = 0, missed = 0;
	int failed = 0;
	for (int seed = 1; seed <= 12; seed++)
		for (int v = 0; v < 5; v++)
			for (int l = 0; l < 2; l++) {
				struct loop L;
				long_queue(&L, 2000 + seed);
				struct bf_conf c = conf(BF_CONSERVATIVE, v, l);
				c.compress = 0; /* recompute=none */
				L.verify = 1;
				failed += loop_run(&L, &c, l) != 0;
				tries += L.b->tries, skipped += L.b->skipped, missed += L.b->missed;
				loop_free(&L);
			}
	TAP_OK(failed == 0 && missed == 0 && skipped > tries / 10,
	       "move to now, 120 long random queues: %ld of %ld searches skipped, %ld would have moved", skipped,
	       tries, missed);
}

int main(void)
{
	test_issue_example();
	test_easy_vs_conservative();
	test_easy_count();
	test_walltime_kill();
	test_to_now_skips();
	test_random_large();
	test_early_end();
	test_scratch();
	test_variants();
	test_note_examples();
	test_note_selection();
	test_random();
	test_filter();
	return tap_done();
}
