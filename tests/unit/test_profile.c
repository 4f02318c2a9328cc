/* test_profile.c - the availability profile and the resource selections
 * (lib/online/, hs/profile.h): hand-computed slices, fits and choices
 * (every example of ../shared/notes/backfilling-variants.md, under both
 * rule sets), and random profiles against a brute-force reference. */
#include "hs/profile.h"
#include "hs/format.h"
#include "hs/gen.h"
#include "hs/util.h"
#include "tap.h"

#include <stdlib.h>

#define MAXW 4 /* up to 256 resources in these tests */

/* "0-3,8" -> set */
static void mk(uint64_t *b, const char *s)
{
	memset(b, 0, MAXW * sizeof *b);
	int *v = NULL, n = hs_parse_intset(s, 255, &v);
	for (int i = 0; i < n; i++)
		hs_bits_set(b, v[i]);
	free(v);
}

/* set -> "0-3,8" (static buffer) */
static const char *fmt(const uint64_t *b, int nres)
{
	static char buf[4][512];
	static int k;
	int ids[256], n = hs_bits_list(b, nres, ids);
	char *s = hs_fmt_intset(ids, n);
	k = (k + 1) % 4;
	snprintf(buf[k], sizeof buf[k], "%s", n ? s : "-");
	free(s);
	return buf[k];
}

/* The profile as text: "t0:nfree:set t1:... " */
static const char *dump(const struct hs_profile *p)
{
	static char buf[4096];
	size_t o = 0;
	buf[0] = 0;
	for (int i = 0; i < hs_profile_slices(p); i++) {
		double t0;
		int c;
		const uint64_t *s;
		hs_profile_slice(p, i, &t0, NULL, &c, &s);
		o += snprintf(buf + o, sizeof buf - o, "%s%g:%d:%s", i ? " " : "", t0, c,
			      fmt(s, hs_profile_nres(p)));
	}
	return buf;
}

static void test_slices(void)
{
	uint64_t s[MAXW];
	struct hs_profile *p = hs_profile_new(8, 0);
	TAP_STREQ(dump(p), "0:8:0-7", "a new profile: one slice, all free");
	mk(s, "0-1");
	TAP_OK(hs_profile_insert(p, 0, 10, s) == 0, "insert [0,10) on 0-1");
	TAP_STREQ(dump(p), "0:6:2-7 10:8:0-7", "split at 10");
	mk(s, "2");
	TAP_OK(hs_profile_insert(p, 5, 20, s) == 0, "insert [5,20) on 2");
	TAP_STREQ(dump(p), "0:6:2-7 5:5:3-7 10:7:0-1,3-7 20:8:0-7", "four slices");
	mk(s, "1");
	TAP_OK(hs_profile_insert(p, 8, 12, s) == -1, "insert on a busy resource is refused");
	TAP_STREQ(dump(p), "0:6:2-7 5:5:3-7 10:7:0-1,3-7 20:8:0-7", "and changes nothing");
	mk(s, "3");
	TAP_OK(hs_profile_remove(p, 0, 5, s) == -1, "removing a free resource is refused");
	mk(s, "2");
	TAP_OK(hs_profile_remove(p, 5, 20, s) == 0, "remove [5,20) on 2");
	TAP_STREQ(dump(p), "0:6:2-7 10:8:0-7", "equal neighbours merge back");
	mk(s, "2-3");
	TAP_OK(hs_profile_insert(p, 10, 15, s) == 0, "insert [10,15) on 2-3");
	TAP_STREQ(dump(p), "0:6:2-7 10:6:0-1,4-7 15:8:0-7", "a slice of the same count, other set");
	mk(s, "2-3");
	TAP_OK(hs_profile_remove(p, 12, 15, s) == 0, "remove the end of an interval");
	TAP_STREQ(dump(p), "0:6:2-7 10:6:0-1,4-7 12:8:0-7", "the interval shrinks");
	mk(s, "7");
	TAP_OK(hs_profile_insert(p, 30, INFINITY, s) == 0, "insert [30,inf)");
	TAP_STREQ(dump(p), "0:6:2-7 10:6:0-1,4-7 12:8:0-7 30:7:0-6", "the last slice ends at +inf");
	double t1;
	hs_profile_slice(p, 3, NULL, &t1, NULL, NULL);
	TAP_OK(isinf(t1), "last slice's end is +inf");
	hs_profile_advance(p, 11);
	TAP_STREQ(dump(p), "11:6:0-1,4-7 12:8:0-7 30:7:0-6", "advance drops the past, origin 11");
	mk(s, "0");
	TAP_OK(hs_profile_insert(p, 5, 11.5, s) == 0, "an insert reaching into the past is clipped");
	TAP_STREQ(dump(p), "11:5:1,4-7 11.5:6:0-1,4-7 12:8:0-7 30:7:0-6", "clipped at the origin");
	const uint64_t *f;
	TAP_OK(hs_profile_free_at(p, 11.7, &f) == 6 && strcmp(fmt(f, 8), "0-1,4-7") == 0,
	       "free_at 11.7: 6, 0-1,4-7");
	hs_profile_free(p);
}

static void test_find(void)
{
	uint64_t s[MAXW], out[MAXW];
	struct hs_profile *p = hs_profile_new(8, 0);
	mk(s, "0-5");
	hs_profile_insert(p, 0, 10, s);
	mk(s, "6");
	hs_profile_insert(p, 4, 14, s);
	mk(s, "0-2");
	hs_profile_insert(p, 14, 16, s);
	TAP_STREQ(dump(p), "0:2:6-7 4:1:7 10:7:0-5,7 14:5:3-7 16:8:0-7", "find's profile");
	TAP_OK(hs_profile_find(p, 0, INFINITY, 2, 4, 0, NULL, NULL, out) == 0 &&
		       strcmp(fmt(out, 8), "6-7") == 0,
	       "2 for 4 s: at 0 on 6-7 (exactly fits before 4)");
	TAP_OK(hs_profile_find(p, 0, INFINITY, 2, 4, 0, NULL, NULL, out) == 0,
	       "2 for 4 s: [0,4) ends where slice 4 begins");
	TAP_OK(hs_profile_find(p, 0, INFINITY, 2, 5, 0, NULL, NULL, out) == 10 &&
		       strcmp(fmt(out, 8), "3-4") == 0,
	       "2 for 5 s: at 10 on 3-4 (0-2 are busy at 14)");
	TAP_OK(hs_profile_find(p, 0, INFINITY, 2, 4, 0, NULL, NULL, out) == 0 &&
		       hs_profile_find(p, 3, INFINITY, 2, 4, 0, NULL, NULL, out) == 10 &&
		       strcmp(fmt(out, 8), "0-1") == 0,
	       "from 3, 2 for 4 s: at 10 on 0-1 ([10,14))");
	TAP_OK(hs_profile_find(p, 0, INFINITY, 4, 6, 0, NULL, NULL, out) == 10 &&
		       strcmp(fmt(out, 8), "3-5,7") == 0,
	       "4 for 6 s: at 10 on 3-5,7 (free across 10-16)");
	TAP_OK(hs_profile_find(p, 0, INFINITY, 5, 6, 0, NULL, NULL, out) == 14 &&
		       strcmp(fmt(out, 8), "3-7") == 0,
	       "5 for 6 s: at 14 on 3-7");
	TAP_OK(hs_profile_find(p, 0, INFINITY, 6, 6, 0, NULL, NULL, out) == 16 &&
		       strcmp(fmt(out, 8), "0-5") == 0,
	       "6 for 6 s: at 16 on 0-5");
	TAP_OK(hs_profile_find(p, 0, INFINITY, 1, 100, 0, NULL, NULL, out) == 0 &&
		       strcmp(fmt(out, 8), "7") == 0,
	       "1 for 100 s: at 0 on 7, free all along");
	TAP_OK(hs_profile_find(p, 2, INFINITY, 2, 1, 0, NULL, NULL, out) == 2 &&
		       strcmp(fmt(out, 8), "6-7") == 0,
	       "from 2 (inside a slice): at 2");
	TAP_OK(hs_profile_find(p, 2, INFINITY, 2, 3, 0, NULL, NULL, out) == 10,
	       "from 2, 2 for 3 s: [2,5) crosses 4, next is 10");
	TAP_OK(hs_profile_find(p, 0, 13, 5, 6, 0, NULL, NULL, out) == INFINITY,
	       "tmax 13: none before");
	TAP_OK(hs_profile_find(p, 0, 14, 5, 6, 0, NULL, NULL, out) == 14, "tmax is inclusive");
	TAP_OK(hs_profile_find(p, 0, INFINITY, 9, 1, 0, NULL, NULL, out) == INFINITY,
	       "more than the machine: never");
	TAP_OK(hs_profile_find(p, 0, INFINITY, 8, INFINITY, 0, NULL, NULL, out) == 16,
	       "the whole machine forever: at 16");
	mk(s, "7");
	hs_profile_insert(p, 20, INFINITY, s);
	TAP_OK(hs_profile_find(p, 0, INFINITY, 8, 1, 0, NULL, NULL, out) == 16,
	       "the whole machine for 1 s: at 16, before 20");
	/* 0:2:6-7 4:1:7 10:7:0-5,7 14:5:3-7 16:8:0-7 20:7:0-6 */
	TAP_OK(hs_profile_most(p, 10, 12, 1) == 7, "most free for 1 s meeting [10,12): 7 (0-5,7)");
	TAP_OK(hs_profile_most(p, 10, 12, 6) == 4, "for 6 s: 4 ([10,16): 3-5,7)");
	TAP_OK(hs_profile_most(p, 14, 15, 6) == 5, "for 6 s meeting [14,15): 5 ([14,20): 3-7)");
	TAP_OK(hs_profile_most(p, 3, 5, 2) == 2, "for 2 s meeting [3,5): 2 (6-7 before 4)");
	TAP_OK(hs_profile_most(p, 3, 5, 20) == 1, "for 20 s meeting [3,5): 1 (7)");
	TAP_OK(hs_profile_find(p, 0, INFINITY, 8, 5, 0, NULL, NULL, out) == INFINITY,
	       "for 5 s: never (7 busy from 20 on)");
	struct hs_profile_stats st;
	hs_profile_stats(p, &st);
	TAP_OK(st.finds == 17 && st.visited > 0, "stats count the finds (17)");
	hs_profile_free(p);

	/* The note's hole-search quirk: P=2, j1 on 0 for [0,100), j2 on
	 * both for [100,200); a job of 1 for 98 s submitted at 2. */
	p = hs_profile_new(2, 0);
	mk(s, "0");
	hs_profile_insert(p, 0, 100, s);
	mk(s, "0-1");
	hs_profile_insert(p, 100, 200, s);
	TAP_OK(hs_profile_find(p, 2, INFINITY, 1, 98, 0, NULL, NULL, out) == 2 &&
		       strcmp(fmt(out, 2), "1") == 0,
	       "exact hole [2,100) on 1 fits");
	TAP_OK(hs_profile_find(p, 2, INFINITY, 1, 98, HS_PROFILE_CLOSED_END, NULL, NULL, out) == 200,
	       "closed end (Lucarelli): the exact hole is skipped, 200");
	TAP_OK(hs_profile_find(p, 2, INFINITY, 1, 97, HS_PROFILE_CLOSED_END, NULL, NULL, out) == 2,
	       "closed end, 97 s: [2,99) fits");
	hs_profile_free(p);
}

/* A selection that takes the highest ids. */
static int sel_high(void *arg, const uint64_t *free, int nfree, int n, uint64_t *out)
{
	(void)arg, (void)nfree;
	for (int r = 63; r >= 0 && n > 0; r--)
		if (hs_bits_test(free, r))
			hs_bits_set(out, r), n--;
	return 0;
}

/* One that refuses its first call, then takes the lowest ids. */
static int sel_second(void *arg, const uint64_t *free, int nfree, int n, uint64_t *out)
{
	int *calls = arg;
	(void)nfree;
	for (int r = 0; n > 0; r++)
		if (hs_bits_test(free, r))
			hs_bits_set(out, r), n--;
	return ++*calls >= 2 ? 0 : -1;
}

static void test_find_select(void)
{
	uint64_t s[MAXW], out[MAXW];
	struct hs_profile *p = hs_profile_new(4, 0);
	mk(s, "0");
	hs_profile_insert(p, 0, 5, s);
	mk(s, "1");
	hs_profile_insert(p, 5, 10, s);
	/* 0:3:1-3 5:3:0,2-3 10:4:0-3 */
	int calls = 0;
	TAP_OK(hs_profile_find(p, 0, INFINITY, 2, 1, 0, sel_second, &calls, out) == 5 && calls == 2 &&
		       strcmp(fmt(out, 4), "0,2") == 0,
	       "a refused start moves to the next slice (5), where the selection takes 0,2");
	TAP_OK(hs_profile_find(p, 0, INFINITY, 2, 1, 0, sel_high, NULL, out) == 0 &&
		       strcmp(fmt(out, 4), "2-3") == 0,
	       "the selection picks the ids (highest: 2-3)");
	/* HS_PROFILE_OUT_ZEROED: out arrives zeroed and is not cleared; a
	 * refusal's bits are cleared before the next candidate, and a
	 * search that finds nothing leaves it zeroed */
	memset(out, 0, sizeof out);
	calls = 0;
	TAP_OK(hs_profile_find(p, 0, INFINITY, 2, 1, HS_PROFILE_OUT_ZEROED, sel_second, &calls, out) == 5 &&
		       calls == 2 && strcmp(fmt(out, 4), "0,2") == 0,
	       "OUT_ZEROED: the refused start's bits (1-2) gone, 0,2 taken at 5");
	memset(out, 0, sizeof out);
	calls = 0;
	TAP_OK(hs_profile_find(p, 0, 0, 2, 1, HS_PROFILE_OUT_ZEROED, sel_second, &calls, out) == INFINITY &&
		       calls == 1 && strcmp(fmt(out, 4), "-") == 0,
	       "OUT_ZEROED: refused at its only candidate, out left zeroed");
	TAP_OK(hs_profile_find(p, 0, 0, 4, 1, HS_PROFILE_OUT_ZEROED, NULL, NULL, out) == INFINITY &&
		       strcmp(fmt(out, 4), "-") == 0,
	       "OUT_ZEROED: nothing fits, out left zeroed");
	hs_profile_free(p);
}

/* ---------------- selections ---------------- */

struct machine {
	int nnodes, node_first[65], node_cluster[64], nclusters;
};

/* nclusters clusters of the given node counts, each node of cores cores. */
static void machine(struct machine *m, int nclusters, const int *nodes, int cores)
{
	m->nnodes = 0;
	m->nclusters = nclusters;
	m->node_first[0] = 0;
	for (int c = 0; c < nclusters; c++)
		for (int j = 0; j < nodes[c]; j++) {
			m->node_cluster[m->nnodes] = c;
			m->node_first[m->nnodes + 1] = m->node_first[m->nnodes] + cores;
			m->nnodes++;
		}
}

static const char *pick(struct hs_select *s, int v, int rules, enum hs_scope scope, const char *free,
			int n)
{
	uint64_t f[MAXW], out[MAXW] = { 0 };
	mk(f, free);
	int rc = hs_select_pick(s, v, rules, scope, f, hs_bits_count(f, MAXW), n, out);
	return rc ? "refused" : fmt(out, 256);
}

static void test_select_note(void)
{
	/* The note: F = 0-3,6-13,16-17,20-31, clusters of c = 8 (4 clusters of
	 * 8 one-core nodes). */
	struct machine m;
	int nodes[] = { 8, 8, 8, 8 };
	machine(&m, 4, nodes, 1);
	struct hs_select *s = hs_select_new(m.nnodes, m.node_first, m.node_cluster, m.nclusters);
	const char *F = "0-3,6-13,16-17,20-31";
	const int L = HS_SELECT_LUCARELLI, P = HS_SELECT_PAPER;
	enum hs_scope A = HS_SCOPE_ANY;
	/* n = 6 */
	TAP_STREQ(pick(s, HS_SELECT_BASIC, L, A, F, 6), "0-3,6-7", "note n=6: basic");
	TAP_STREQ(pick(s, HS_SELECT_BE_CONTIGUOUS, L, A, F, 6), "20-25",
		  "note n=6: best-effort contiguous (Lucarelli): the longest run");
	TAP_STREQ(pick(s, HS_SELECT_CONTIGUOUS, L, A, F, 6), "6-11", "note n=6: contiguous");
	TAP_STREQ(pick(s, HS_SELECT_BE_LOCAL, L, A, F, 6), "24-29", "note n=6: best-effort local");
	TAP_STREQ(pick(s, HS_SELECT_LOCAL, L, A, F, 6), "24-29", "note n=6: local");
	TAP_STREQ(pick(s, HS_SELECT_BASIC, P, A, F, 6), "0-3,6-7", "paper n=6: basic");
	TAP_STREQ(pick(s, HS_SELECT_BE_CONTIGUOUS, P, A, F, 6), "6-11",
		  "paper n=6: best-effort contiguous = contiguous's block");
	TAP_STREQ(pick(s, HS_SELECT_CONTIGUOUS, P, A, F, 6), "6-11", "paper n=6: contiguous");
	TAP_STREQ(pick(s, HS_SELECT_BE_LOCAL, P, A, F, 6), "24-29", "paper n=6: best-effort local");
	TAP_STREQ(pick(s, HS_SELECT_LOCAL, P, A, F, 6), "24-29", "paper n=6: local");
	/* n = 13 */
	TAP_STREQ(pick(s, HS_SELECT_BASIC, L, A, F, 13), "0-3,6-13,16", "note n=13: basic");
	TAP_STREQ(pick(s, HS_SELECT_BE_CONTIGUOUS, L, A, F, 13), "6,20-31",
		  "note n=13: best-effort contiguous (Lucarelli): longest runs first");
	TAP_STREQ(pick(s, HS_SELECT_CONTIGUOUS, L, A, F, 13), "refused", "note n=13: contiguous fails");
	TAP_STREQ(pick(s, HS_SELECT_BE_LOCAL, L, A, F, 13), "0-3,6,24-31",
		  "note n=13: best-effort local");
	TAP_STREQ(pick(s, HS_SELECT_LOCAL, L, A, F, 13), "0-3,6,24-31", "note n=13: local");
	TAP_STREQ(pick(s, HS_SELECT_BE_CONTIGUOUS, P, A, F, 13), "0-3,6-13,16",
		  "paper n=13: best-effort contiguous, no block: basic");
	TAP_STREQ(pick(s, HS_SELECT_CONTIGUOUS, P, A, F, 13), "refused", "paper n=13: contiguous fails");
	TAP_STREQ(pick(s, HS_SELECT_BE_LOCAL, P, A, F, 13), "0-3,6,24-31",
		  "paper n=13: best-effort local = local (2 clusters)");
	TAP_STREQ(pick(s, HS_SELECT_LOCAL, P, A, F, 13), "0-3,6,24-31", "paper n=13: local");
	/* n = 15: the 2 most free clusters hold 14 */
	TAP_STREQ(pick(s, HS_SELECT_LOCAL, L, A, F, 15), "refused", "n=15: local refuses (8+6 < 15)");
	TAP_STREQ(pick(s, HS_SELECT_BE_LOCAL, L, A, F, 15), "0-3,6-8,24-31",
		  "n=15: best-effort local (Lucarelli): clusters 3, 0, then 1");
	TAP_STREQ(pick(s, HS_SELECT_BE_LOCAL, P, A, F, 15), "0-3,6-13,16-17,20",
		  "n=15: best-effort local (paper): basic");
	/* contiguous: first run of length >= n, no wrap-around */
	TAP_STREQ(pick(s, HS_SELECT_CONTIGUOUS, L, A, "0-1,30-31", 3), "refused",
		  "contiguous does not wrap from 31 to 0");
	TAP_STREQ(pick(s, HS_SELECT_BE_CONTIGUOUS, L, A, "0-2,4-6,8-9", 3), "0-2",
		  "equal longest runs: the lower ids");
	TAP_STREQ(pick(s, HS_SELECT_LOCAL, L, A, "0-5,8-13", 6), "0-5", "equal clusters: the lower one");
	TAP_STREQ(pick(s, HS_SELECT_BASIC, L, A, "0-5", 7), "refused", "fewer free than n: refused");
	hs_select_free(s);
}

static void test_select_scopes(void)
{
	/* Unequal clusters: A = 4 one-core nodes (0-3), B = 12 (4-15). */
	struct machine m;
	int nodes[] = { 4, 12 };
	machine(&m, 2, nodes, 1);
	struct hs_select *s = hs_select_new(m.nnodes, m.node_first, m.node_cluster, m.nclusters);
	const int L = HS_SELECT_LUCARELLI, P = HS_SELECT_PAPER;
	TAP_OK(hs_select_max(s, HS_SCOPE_NODE) == 1 && hs_select_max(s, HS_SCOPE_CLUSTER) == 12 &&
		       hs_select_max(s, HS_SCOPE_ANY) == 16,
	       "largest node 1, cluster 12, machine 16");
	TAP_STREQ(pick(s, HS_SELECT_LOCAL, L, HS_SCOPE_ANY, "0-3,4-8", 6), "refused",
		  "unequal clusters: 6 fit the 12-cluster, which has 5 free: local refuses");
	TAP_STREQ(pick(s, HS_SELECT_BE_LOCAL, P, HS_SCOPE_ANY, "0-3,4-8", 6), "0-5",
		  "best-effort local (paper) then takes basic");
	TAP_STREQ(pick(s, HS_SELECT_BE_LOCAL, L, HS_SCOPE_ANY, "0-3,4-8", 6), "0,4-8",
		  "best-effort local (Lucarelli): 5 of B, then 1 of A");
	TAP_STREQ(pick(s, HS_SELECT_LOCAL, L, HS_SCOPE_ANY, "0-15", 13), "0,4-15",
		  "13 > 12: two clusters, the larger (more free) first");
	TAP_STREQ(pick(s, HS_SELECT_BASIC, L, HS_SCOPE_CLUSTER, "2-3,6-9", 3), "6-8",
		  "scope cluster: A has 2 free, B's lowest 3");
	TAP_STREQ(pick(s, HS_SELECT_BASIC, L, HS_SCOPE_CLUSTER, "1-3,6-9", 3), "1-3",
		  "scope cluster, basic: the first cluster that holds it");
	TAP_STREQ(pick(s, HS_SELECT_LOCAL, L, HS_SCOPE_CLUSTER, "1-3,6-9", 3), "6-8",
		  "scope cluster, local: the most free cluster");
	TAP_STREQ(pick(s, HS_SELECT_CONTIGUOUS, L, HS_SCOPE_CLUSTER, "2-5", 3), "refused",
		  "scope cluster: a block may not cross clusters");
	TAP_STREQ(pick(s, HS_SELECT_CONTIGUOUS, L, HS_SCOPE_ANY, "2-5", 3), "2-4",
		  "scope any: it may");
	hs_select_free(s);

	/* Two nodes of 4 cores in one cluster. */
	int one[] = { 2 };
	machine(&m, 1, one, 4);
	s = hs_select_new(m.nnodes, m.node_first, m.node_cluster, m.nclusters);
	TAP_STREQ(pick(s, HS_SELECT_BASIC, P, HS_SCOPE_NODE, "1-7", 3), "1-3",
		  "scope node, basic: the first node with 3 free");
	TAP_STREQ(pick(s, HS_SELECT_BE_LOCAL, P, HS_SCOPE_NODE, "1-7", 3), "4-6",
		  "scope node, best-effort local: the node with most free");
	TAP_STREQ(pick(s, HS_SELECT_BASIC, P, HS_SCOPE_NODE, "1-7", 5), "refused",
		  "scope node: 5 cores fit no node");
	TAP_STREQ(pick(s, HS_SELECT_CONTIGUOUS, P, HS_SCOPE_NODE, "0,2-3,5-7", 3), "5-7",
		  "scope node, contiguous: node 0 has 3 free but no block");
	TAP_STREQ(pick(s, HS_SELECT_BE_CONTIGUOUS, P, HS_SCOPE_NODE, "0,2-3,5-7", 3), "0,2-3",
		  "scope node, best-effort contiguous (paper): node 0, basic");
	TAP_STREQ(pick(s, HS_SELECT_BE_CONTIGUOUS, L, HS_SCOPE_NODE, "0,2-3,5-7", 3), "0,2-3",
		  "scope node, best-effort contiguous (Lucarelli): node 0, longest run first");
	hs_select_free(s);

	TAP_OK(hs_select_variant_parse("be-local") == HS_SELECT_BE_LOCAL &&
		       hs_select_variant_parse("local") == HS_SELECT_LOCAL &&
		       hs_select_variant_parse("best") == -1,
	       "variant words");
	TAP_STREQ(hs_select_variant_name(HS_SELECT_BE_CONTIGUOUS), "be-contiguous", "variant names");
}

/* ---------------- random profiles against a reference ---------------- */

static struct hs_rng rng;
static unsigned rnd(unsigned n)
{
	return (unsigned)hs_rng_int(&rng, 0, (long)n - 1);
}

/* Reference: busy[r][t] on integer times 0..H-1 (+ everything from H on
 * free unless forever[r]). */
#define H 64
#define R 70
static char busy[R][H + 1];

/* Reference find with integer candidates and durations. */
static double ref_find(int t, int n, int d, int nres, uint64_t *out)
{
	for (int x = t; x <= H; x++) {
		memset(out, 0, MAXW * sizeof *out);
		int c = 0;
		for (int r = 0; r < nres && c < n; r++) {
			int ok = 1;
			for (int y = x; y < x + d && y <= H; y++)
				ok &= !busy[r][y < H ? y : H];
			if (ok)
				hs_bits_set(out, r), c++;
		}
		if (c == n)
			return x;
	}
	return INFINITY;
}

static void test_random(void)
{
	hs_rng_seed(&rng, 12);
	int bad_struct = 0, bad_find = 0, finds = 0, bad_most = 0, exact_most = 0, mostn = 0;
	for (int round = 0; round < 300; round++) {
		int nres = 1 + rnd(R);
		memset(busy, 0, sizeof busy);
		struct hs_profile *p = hs_profile_new(nres, 0);
		struct iv {
			int a, b, forever;
			uint64_t s[MAXW];
		} log[64];
		int nlog = 0;
		for (int op = 0; op < 40; op++) {
			uint64_t s[MAXW];
			memset(s, 0, sizeof s);
			int a = rnd(H), b = a + 1 + rnd(H - a), forever = rnd(8) == 0;
			int k = 1 + rnd(4);
			for (int i = 0; i < k; i++)
				hs_bits_set(s, rnd(nres));
			int want_insert = rnd(3) != 0, ok = 1;
			if (!want_insert && nlog > 0 && rnd(4) != 0) {
				/* remove a piece of an inserted interval */
				struct iv *v = &log[rnd(nlog)];
				memcpy(s, v->s, sizeof s);
				a = v->a + (int)rnd(v->b - v->a);
				b = a + 1 + (int)rnd(v->b - a);
				forever = v->forever && rnd(2);
				if (forever)
					b = H;
			}
			for (int r = 0; r < nres; r++)
				if (hs_bits_test(s, r))
					for (int y = a; y < (forever ? H + 1 : b); y++)
						ok &= busy[r][y] == !want_insert;
			int rc = want_insert ? hs_profile_insert(p, a, forever ? INFINITY : b, s)
					     : hs_profile_remove(p, a, forever ? INFINITY : b, s);
			if ((rc == 0) != ok)
				bad_struct++;
			if (ok && want_insert && nlog < 64)
				log[nlog++] = (struct iv){ a, forever ? H : b, forever, { s[0], s[1], s[2], s[3] } };
			if (ok)
				for (int r = 0; r < nres; r++)
					if (hs_bits_test(s, r))
						for (int y = a; y < (forever ? H + 1 : b); y++)
							busy[r][y] = want_insert;
			/* structure: neighbours differ, counts match sets, and
			 * every integer time matches the reference */
			for (int i = 0; i < hs_profile_slices(p); i++) {
				double t0, t1;
				int c;
				const uint64_t *fs;
				hs_profile_slice(p, i, &t0, &t1, &c, &fs);
				if (c != hs_bits_count(fs, HS_BITS_WORDS(nres)))
					bad_struct++;
				if (i > 0) {
					/* a slice's set is valid until the next call */
					uint64_t cs[MAXW];
					const uint64_t *ps;
					memcpy(cs, fs, HS_BITS_WORDS(nres) * 8);
					hs_profile_slice(p, i - 1, NULL, NULL, NULL, &ps);
					if (memcmp(ps, cs, HS_BITS_WORDS(nres) * 8) == 0)
						bad_struct++;
					hs_profile_slice(p, i, NULL, NULL, NULL, &fs);
				}
				for (int y = (int)t0; y < t1 && y <= H; y++)
					for (int r = 0; r < nres; r++)
						if (hs_bits_test(fs, r) == busy[r][y])
							bad_struct++;
			}
			/* hs_profile_most against every window start x = k/2 */
			{
				int a = rnd(H), bb = a + 1 + rnd(H - a), d = rnd(20);
				int most = hs_profile_most(p, a, bb, d), want = 0;
				for (int x2 = 0; x2 <= 2 * (H + 1); x2++) {
					double x = x2 / 2.0;
					if (!(x + d > a && x < bb) && !(d == 0 && x >= a && x < bb))
						continue;
					int c = 0;
					for (int r = 0; r < nres; r++) {
						int ok = 1;
						for (int y = (int)x; y < x + (d ? d : 0.5) && y <= H; y++)
							ok &= !busy[r][y < H ? y : H];
						c += ok;
					}
					if (c > want)
						want = c;
				}
				mostn++;
				if (most < want)
					bad_most++;
				else if (most == want)
					exact_most++;
			}
			uint64_t o1[MAXW], o2[MAXW];
			int t = rnd(H), n = 1 + rnd(nres), d = 1 + rnd(20);
			double x1 = hs_profile_find(p, t, INFINITY, n, d, 0, NULL, NULL, o1);
			double x2 = ref_find(t, n, d, nres, o2);
			finds++;
			if (x1 != x2 || (x1 < INFINITY && memcmp(o1, o2, HS_BITS_WORDS(nres) * 8) != 0))
				bad_find++;
		}
		hs_profile_free(p);
	}
	TAP_OK(bad_struct == 0, "300 random profiles x 40 changes: slices match the reference (%d bad)",
	       bad_struct);
	TAP_OK(bad_find == 0, "%d random finds match the brute-force reference (%d bad)", finds, bad_find);
	TAP_OK(bad_most == 0 && exact_most * 10 >= mostn * 9,
	       "hs_profile_most: never below the most free in a window (%d of %d below), equal in %d", bad_most,
	       mostn, exact_most);
}

/* Long profiles (hundreds of slices) with a checkpoint every 1 to 3
 * slices, the origin moving forward, and searches that see a reservation
 * of their own as free: every slice's set against a reference of the busy
 * resources per integer time, and each search with own against the same
 * search after own was removed. */
#define LH 600
#define LR 700
#define LW ((LR + 63) / 64)
static char lbusy[LR][LH + 1];

static void test_long(void)
{
	hs_rng_seed(&rng, 31);
	int bad_struct = 0, bad_own = 0, owns = 0, slices_max = 0;
	for (int round = 0; round < 24; round++) {
		int nres = 20 + rnd(round % 2 ? LR - 20 : 130), every = 1 + round % 3, origin = 0;
		memset(lbusy, 0, sizeof lbusy);
		struct hs_profile *p = hs_profile_new(nres, 0);
		hs_profile_tune(p, every);
		struct liv {
			int a, b;
			uint64_t s[LW];
		} *log = calloc(600, sizeof *log);
		int nlog = 0;
		for (int op = 0; op < 600; op++) {
			uint64_t s[LW] = { 0 };
			if (rnd(40) == 0 && origin < LH - 50) {
				origin += 1 + rnd(8);
				hs_profile_advance(p, origin);
			}
			int a = origin + rnd(LH - origin), b = a + 1 + rnd((LH - a) < 40 ? LH - a : 40);
			int remove = nlog > 0 && rnd(3) == 0;
			if (remove) {
				/* an inserted interval, or what is left of it */
				int k = rnd(nlog);
				struct liv v = log[k];
				log[k] = log[--nlog];
				if (v.b <= origin)
					continue;
				a = v.a > origin ? v.a : origin;
				b = v.b;
				memcpy(s, v.s, sizeof s);
			} else {
				int first = rnd(nres), len = 1 + rnd(nres / 4 + 1);
				for (int r = first; r < first + len && r < nres; r++)
					hs_bits_set(s, r);
				if (rnd(2))
					hs_bits_set(s, rnd(nres));
				int ok = 1;
				for (int r = 0; r < nres; r++)
					if (hs_bits_test(s, r))
						for (int y = a; y < b; y++)
							ok &= !lbusy[r][y];
				if (!ok)
					continue;
			}
			int rc = remove ? hs_profile_remove(p, a, b, s) : hs_profile_insert(p, a, b, s);
			if (rc != 0) {
				bad_struct++;
				continue;
			}
			for (int r = 0; r < nres; r++)
				if (hs_bits_test(s, r))
					for (int y = a; y < b; y++)
						lbusy[r][y] = !remove;
			if (!remove && nlog < 600)
				log[nlog++] = (struct liv){ a, b, { 0 } }, memcpy(log[nlog - 1].s, s, sizeof s);
			if (hs_profile_slices(p) > slices_max)
				slices_max = hs_profile_slices(p);
			/* every tenth change: every slice against the reference,
			 * from the last slice back (sets rebuilt out of order) */
			for (int i = op % 10 ? -1 : hs_profile_slices(p) - 1; i >= 0; i--) {
				double t0, t1;
				int c;
				const uint64_t *fs;
				hs_profile_slice(p, i, &t0, &t1, &c, &fs);
				if (c != hs_bits_count(fs, HS_BITS_WORDS(nres)))
					bad_struct++;
				for (int y = (int)t0; y < t1 && y <= LH; y++)
					for (int r = 0; r < nres; r++)
						if (hs_bits_test(fs, r) == lbusy[r][y < LH ? y : LH])
							bad_struct++;
			}
			/* a search seeing an interval of its own as free, against
			 * the same search without it in the profile */
			if (nlog > 0 && op % 3 == 0) {
				struct liv *v = &log[rnd(nlog)];
				if (v->a < origin)
					continue;
				int n = 1 + rnd(hs_bits_count(v->s, LW) + 3), d = 1 + rnd(30);
				if (rnd(3) == 0) /* its own slot exactly, as a reservation placed again */
					n = hs_bits_count(v->s, LW), d = v->b - v->a;
				/* candidates before own, or anywhere (EASY's head) */
				double until = rnd(2) ? v->a : INFINITY;
				struct hs_profile_query q = { .from = origin + rnd(v->a - origin + 1), .until = until,
							      .n = n, .d = d, .own_t0 = v->a, .own_t1 = v->b,
							      .own = v->s };
				uint64_t o1[LW], o2[LW], o3[LW];
				double x1 = hs_profile_search(p, &q, o1);
				/* the same with own as runs */
				int orun[LR + 2], norun = hs_bits_runs(v->s, nres, orun);
				double x3 = hs_profile_search_runs(p, &q, orun, norun, o3);
				bad_own += x3 != x1 || (x1 < INFINITY && memcmp(o1, o3, HS_BITS_WORDS(nres) * 8) != 0);
				hs_profile_remove(p, v->a, v->b, v->s);
				struct hs_profile_query q2 = { .from = q.from, .until = until, .n = n, .d = d };
				double x2 = hs_profile_search(p, &q2, o2);
				hs_profile_insert(p, v->a, v->b, v->s);
				owns++;
				if (x1 != x2 || (x1 < INFINITY && memcmp(o1, o2, HS_BITS_WORDS(nres) * 8) != 0))
					bad_own++;
			}
		}
		free(log);
		hs_profile_free(p);
	}
	TAP_OK(bad_struct == 0,
	       "24 long profiles (up to %d slices, a set kept every 1 to 3): slices match the reference (%d bad)",
	       slices_max, bad_struct);
	TAP_OK(bad_own == 0 && owns > 1000, "%d searches seeing their own interval free (as a set and as runs) match the search without it (%d bad)",
	       owns, bad_own);
}

/* A reservation whose bounds the profile merged away (a job ends on its
 * resources as it begins, another begins on them as it ends): seen as
 * free, its own slot is found as it is once removed. */
static void test_own_merged(void)
{
	uint64_t s[1] = { 0xf0 }, o[1], o2[1];
	struct hs_profile *p = hs_profile_new(8, 0);
	hs_profile_insert(p, 0, 10, s);
	hs_profile_insert(p, 10, 20, s); /* own: [10, 20) on 4-7 */
	hs_profile_insert(p, 20, 30, s);
	int before = hs_profile_slices(p);
	struct hs_profile_query q = { .from = 0, .until = INFINITY, .n = 8, .d = 10, .own_t0 = 10,
				      .own_t1 = 20, .own = s };
	double x = hs_profile_search(p, &q, o);
	int after = hs_profile_slices(p);
	hs_profile_remove(p, 10, 20, s);
	struct hs_profile_query q2 = { .from = 0, .until = INFINITY, .n = 8, .d = 10 };
	double y = hs_profile_search(p, &q2, o2);
	TAP_OK(x == 10 && y == 10 && o[0] == o2[0] && before == after,
	       "own slot with merged bounds: found at %g (without it: %g), the profile as it was (%d slices, %d)", x,
	       y, before, after);
	hs_profile_free(p);
}

/* hs_bits_list against a bit-by-bit listing: whole words (listed at
 * once), partial ones, and a last word cut by nres. */
static void test_bits_list(void)
{
	int bad = 0;
	for (int round = 0; round < 200; round++) {
		int nres = 1 + rnd(700);
		uint64_t b[LW] = { 0 };
		for (int w = 0; w < (nres + 63) / 64; w++)
			b[w] = rnd(3) == 0 ? ~(uint64_t)0 : rnd(2) ? (uint64_t)rnd(1u << 30) << rnd(34) : 0;
		int want[LR], nw = 0, got[LR + 64];
		for (int r = 0; r < nres; r++)
			if (hs_bits_test(b, r))
				want[nw++] = r;
		int n = hs_bits_list(b, nres, got);
		bad += n != nw || memcmp(want, got, nw * sizeof *got) != 0;
	}
	TAP_OK(bad == 0, "hs_bits_list: 200 random sets up to 700 resources listed in order (%d wrong)", bad);
}

/* hs_bits_runs against a bit-by-bit scan, and the profile changed by
 * runs (hs_profile_insert_runs, _remove_runs) as by the same sets; runs
 * out of order, empty or out of range refused with nothing changed. */
static void test_runs(void)
{
	int bad = 0, same = 0, tried = 0, bad_n = 0, bad_fill = 0;
	for (int round = 0; round < 200; round++) {
		int nres = 1 + rnd(round % 2 ? 700 : 256);
		uint64_t b[LW] = { 0 };
		for (int w = 0; w < (nres + 63) / 64; w++)
			b[w] = rnd(3) == 0 ? ~(uint64_t)0 : rnd(2) ? (uint64_t)rnd(1u << 30) << rnd(34) : 0;
		int want[LR + 2], nw = 0, got[LR + 2];
		for (int r = 0; r < nres; r++)
			if (hs_bits_test(b, r) && (r == 0 || !hs_bits_test(b, r - 1)))
				want[nw++] = r;
			else if (!hs_bits_test(b, r) && r > 0 && hs_bits_test(b, r - 1))
				want[nw++] = r;
		if (nw % 2)
			want[nw++] = nres;
		int n = hs_bits_runs(b, nres, got);
		bad += 2 * n != nw || memcmp(want, got, nw * sizeof *got) != 0;
		/* the first k members only, and hs_bits_fill over a range */
		int members = hs_bits_count(b, (nres + 63) / 64), k = members ? 1 + rnd(members) : 0;
		int wk[LR + 2], nk = 0, seen = 0, gk[LR + 2];
		for (int r = 0; r < nres && seen < k; r++)
			if (hs_bits_test(b, r)) {
				if (nk && wk[nk - 1] == r)
					wk[nk - 1] = r + 1;
				else
					wk[nk++] = r, wk[nk++] = r + 1;
				seen++;
			}
		int nrk = hs_bits_runs_n(b, nres, k, gk);
		bad_n += 2 * nrk != nk || memcmp(wk, gk, nk * sizeof *gk) != 0;
		uint64_t f[LW];
		memcpy(f, b, sizeof f);
		int lo = rnd(nres), hi = lo + rnd(nres - lo + 1), set = rnd(2);
		hs_bits_fill(f, lo, hi, set);
		for (int r = 0; r < nres; r++)
			bad_fill += hs_bits_test(f, r) != (r >= lo && r < hi ? set : hs_bits_test(b, r));
		/* the same set in two profiles, by bits and by runs (dump
		 * prints up to 256 resources) */
		if (nres > 256)
			continue;
		tried++;
		struct hs_profile *p = hs_profile_new(nres, 0), *q = hs_profile_new(nres, 0);
		int ok = hs_profile_insert(p, 1, 5, b) == 0 && hs_profile_insert_runs(q, 1, 5, got, n) == 0;
		ok = ok && strcmp(dump(p), dump(q)) == 0;
		ok = ok && hs_profile_remove(p, 2, 3, b) == 0 && hs_profile_remove_runs(q, 2, 3, got, n) == 0;
		ok = ok && strcmp(dump(p), dump(q)) == 0;
		same += ok;
		hs_profile_free(p);
		hs_profile_free(q);
	}
	TAP_OK(bad == 0, "hs_bits_runs: 200 random sets up to 700 resources as their runs (%d wrong)", bad);
	TAP_OK(bad_n == 0, "hs_bits_runs_n: their first k members as runs (%d wrong)", bad_n);
	TAP_OK(bad_fill == 0, "hs_bits_fill: a random range set or cleared, the rest kept (%d wrong bits)",
	       bad_fill);
	TAP_OK(same == tried && tried >= 100,
	       "insert and remove by runs change the profile as by the sets (%d of %d)", same, tried);
	struct hs_profile *p = hs_profile_new(8, 0);
	int touching[] = { 0, 2, 2, 4 }, order[] = { 4, 6, 0, 2 }, empty[] = { 1, 1 }, out[] = { 6, 9 },
	    neg[] = { -1, 2 }, busy[] = { 1, 3 };
	TAP_OK(hs_profile_insert_runs(p, 0, 10, touching, 2) == 0, "touching runs are one: 0-3 inserted");
	TAP_STREQ(dump(p), "0:4:4-7 10:8:0-7", "as one run");
	const char *before = "0:4:4-7 10:8:0-7";
	TAP_OK(hs_profile_insert_runs(p, 0, 10, order, 2) == -1, "runs out of order refused");
	TAP_OK(hs_profile_insert_runs(p, 0, 10, empty, 1) == -1, "an empty run refused");
	TAP_OK(hs_profile_insert_runs(p, 0, 10, out, 1) == -1, "a run past the last resource refused");
	TAP_OK(hs_profile_insert_runs(p, 0, 10, neg, 1) == -1, "a run from -1 refused");
	TAP_OK(hs_profile_insert_runs(p, 5, 6, busy, 1) == -1, "a run on busy resources refused");
	TAP_OK(hs_profile_remove_runs(p, 0, 10, order, 2) == -1, "removing runs out of order refused");
	TAP_STREQ(dump(p), before, "and none of these changed anything");
	TAP_OK(hs_profile_remove_runs(p, 0, 10, touching, 2) == 0, "removed by runs");
	TAP_STREQ(dump(p), "0:8:0-7", "all free again");
	hs_profile_free(p);
}

int main(void)
{
	test_slices();
	test_find();
	test_find_select();
	test_select_note();
	test_select_scopes();
	test_random();
	test_long();
	test_bits_list();
	test_runs();
	test_own_merged();
	return tap_done();
}
