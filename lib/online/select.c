/* select.c - which free resources a job gets: the five variants of
 * Lucarelli et al. as Dutot et al. §5.2 word them (rules PAPER) and as the
 * authors' implementation behaves (rules LUCARELLI), see hs/profile.h and
 * hs-backfill(7).
 *
 * A job of scope node or cluster is placed within one node or one cluster:
 * each is tried in turn (id order; most free first for the local variants)
 * with the variant applied inside it.  Locality then holds by construction,
 * so inside one group the local variants take the lowest ids.
 */
#include "hs/profile.h"
#include "hs/util.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct hs_select {
	int nres, nnodes, nclusters;
	int *node_first; /* [nnodes + 1] */
	int *cl_first;   /* [nclusters + 1]: cluster c holds [cl_first[c], cl_first[c+1]) */
	int *most;       /* [nclusters + 1]: most[k] = resources of the k largest clusters */
	int max_node, max_cluster;
	/* scratch */
	int *order, *cnt; /* [max(nnodes, nclusters)] */
	int *rs, *rl;     /* runs: starts, lengths [nres / 2 + 1] */
	uint64_t *keys;   /* sort keys [max of the above] */
};

static const char *const variant_names[] = { "basic", "be-contiguous", "be-local", "contiguous",
					     "local" };

const char *hs_select_variant_name(enum hs_select_variant v)
{
	return (unsigned)v < sizeof variant_names / sizeof *variant_names ? variant_names[v] : "?";
}

int hs_select_variant_parse(const char *word)
{
	for (size_t i = 0; i < sizeof variant_names / sizeof *variant_names; i++)
		if (strcmp(word, variant_names[i]) == 0)
			return (int)i;
	return -1;
}

static int cmp_int_desc(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x < y) - (x > y);
}

struct hs_select *hs_select_new(int nnodes, const int *node_first, const int *node_cluster,
				int nclusters)
{
	struct hs_select *s = hs_calloc(1, sizeof *s);
	s->nnodes = nnodes;
	s->nclusters = nclusters > 0 ? nclusters : 1;
	s->nres = node_first[nnodes];
	s->node_first = hs_malloc((nnodes + 1) * sizeof *s->node_first);
	memcpy(s->node_first, node_first, (nnodes + 1) * sizeof *node_first);
	s->cl_first = hs_malloc((s->nclusters + 1) * sizeof *s->cl_first);
	for (int c = 0, j = 0; c <= s->nclusters; c++) {
		while (j < nnodes && node_cluster && node_cluster[j] < c)
			j++;
		s->cl_first[c] = c == s->nclusters ? s->nres : node_first[j];
	}
	if (!node_cluster || nclusters <= 0)
		s->cl_first[0] = 0;
	for (int j = 0; j < nnodes; j++)
		if (node_first[j + 1] - node_first[j] > s->max_node)
			s->max_node = node_first[j + 1] - node_first[j];
	int *sz = hs_malloc(s->nclusters * sizeof *sz);
	for (int c = 0; c < s->nclusters; c++) {
		sz[c] = s->cl_first[c + 1] - s->cl_first[c];
		if (sz[c] > s->max_cluster)
			s->max_cluster = sz[c];
	}
	qsort(sz, s->nclusters, sizeof *sz, cmp_int_desc);
	s->most = hs_malloc((s->nclusters + 1) * sizeof *s->most);
	s->most[0] = 0;
	for (int c = 0; c < s->nclusters; c++)
		s->most[c + 1] = s->most[c] + sz[c];
	free(sz);
	int g = nnodes > s->nclusters ? nnodes : s->nclusters;
	s->order = hs_malloc((g + 1) * sizeof *s->order);
	s->cnt = hs_malloc((g + 1) * sizeof *s->cnt);
	s->rs = hs_malloc((s->nres / 2 + 2) * sizeof *s->rs);
	s->rl = hs_malloc((s->nres / 2 + 2) * sizeof *s->rl);
	s->keys = hs_malloc(((g > s->nres / 2 ? g : s->nres / 2) + 2) * sizeof *s->keys);
	return s;
}

void hs_select_free(struct hs_select *s)
{
	if (!s)
		return;
	free(s->node_first);
	free(s->cl_first);
	free(s->most);
	free(s->order);
	free(s->cnt);
	free(s->rs);
	free(s->rl);
	free(s->keys);
	free(s);
}

int hs_select_max(const struct hs_select *s, enum hs_scope scope)
{
	return scope == HS_SCOPE_NODE ? s->max_node : scope == HS_SCOPE_CLUSTER ? s->max_cluster : s->nres;
}

/* ---------------- the variants inside [lo, hi) ---------------- */

/* Take up to n lowest ids of free in [lo, hi); returns how many are left.
 * A word at a time: all its members where they fit, else its lowest
 * ones (most of a wide job's words are whole, on a mostly busy machine
 * most are empty). */
static int take(const uint64_t *free, int lo, int hi, int n, uint64_t *out)
{
	if (n <= 0 || lo >= hi)
		return n;
	int wl = lo >> 6, wh = (hi - 1) >> 6;
	for (int w = wl; w <= wh && n > 0; w++) {
		uint64_t x = free[w];
		if (w == wl)
			x &= ~(uint64_t)0 << (lo & 63);
		if (w == wh)
			x &= ~(uint64_t)0 >> (63 - ((hi - 1) & 63));
		if (!x)
			continue;
		int c = hs_bits_pop(x);
		if (c <= n) {
			out[w] |= x;
			n -= c;
			continue;
		}
		for (; n > 0; n--, x &= x - 1)
			out[w] |= x & -x;
	}
	return n;
}

/* The maximal runs of consecutive free ids in [lo, hi), in id order. */
static int runs(struct hs_select *s, const uint64_t *free, int lo, int hi)
{
	int nr = 0;
	for (int a = hs_bits_next(free, lo, hi); a < hi;) {
		int z = hs_bits_next_clear(free, a, hi);
		s->rs[nr] = a;
		s->rl[nr++] = z - a;
		a = hs_bits_next(free, z, hi);
	}
	return nr;
}

/* The first run of n free ids or more in [lo, hi), its first n taken:
 * the runs after it are not looked at. */
static int contiguous(struct hs_select *s, const uint64_t *free, int lo, int hi, int n, uint64_t *out)
{
	(void)s;
	for (int a = hs_bits_next(free, lo, hi); a < hi;) {
		int z = hs_bits_next_clear(free, a, hi);
		if (z - a >= n) {
			take(free, a, a + n, n, out);
			return 0;
		}
		a = hs_bits_next(free, z, hi);
	}
	return -1;
}

/* Sort keys: a count, larger first, then an index, smaller first (a total
 * order, so qsort's instability cannot show). */
static uint64_t key(int count, int index)
{
	return (uint64_t)(uint32_t)(INT32_MAX - count) << 32 | (uint32_t)index;
}

static int cmp_key(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

/* Sort keys: insertion for the few clusters or runs of most machines,
 * qsort (which allocates) beyond. */
static void sort_keys(uint64_t *k, int n)
{
	if (n > 32) {
		qsort(k, n, sizeof *k, cmp_key);
		return;
	}
	for (int i = 1; i < n; i++) {
		uint64_t x = k[i];
		int j = i;
		for (; j > 0 && k[j - 1] > x; j--)
			k[j] = k[j - 1];
		k[j] = x;
	}
}

/* Runs longest first, ties lower ids first; lowest ids of each until n. */
static int longest_runs(struct hs_select *s, const uint64_t *free, int lo, int hi, int n, uint64_t *out)
{
	int nr = runs(s, free, lo, hi);
	for (int i = 0; i < nr; i++)
		s->keys[i] = key(s->rl[i], i);
	sort_keys(s->keys, nr);
	for (int i = 0; i < nr && n > 0; i++) {
		int r = (int)(uint32_t)s->keys[i];
		n = take(free, s->rs[r], s->rs[r] + s->rl[r], n, out);
	}
	return n > 0 ? -1 : 0;
}

/* The free resources of group g (bounds[g]..bounds[g+1]): nfree, the
 * members of free, when one group holds the whole machine (no count over
 * the machine's words). */
static int group_free(const struct hs_select *s, const uint64_t *free, int nfree, const int *bounds, int ng,
		      int g)
{
	if (ng == 1 && bounds[0] == 0 && bounds[1] == s->nres)
		return nfree;
	return hs_bits_count_range(free, bounds[g], bounds[g + 1]);
}

/* Groups (clusters or nodes, bounds[g]..bounds[g+1]): free counts into
 * s->cnt, and into s->order the groups in id order, or most free first
 * (ties lower index first).  One group holding the whole machine holds
 * nfree, the members of free. */
static void by_free(struct hs_select *s, const uint64_t *free, int nfree, const int *bounds, int ng,
		    int most_first)
{
	for (int g = 0; g < ng; g++)
		s->cnt[g] = group_free(s, free, nfree, bounds, ng, g);
	if (!most_first) {
		for (int g = 0; g < ng; g++)
			s->order[g] = g;
		return;
	}
	for (int g = 0; g < ng; g++)
		s->keys[g] = key(s->cnt[g], g);
	sort_keys(s->keys, ng);
	for (int g = 0; g < ng; g++)
		s->order[g] = (int)(uint32_t)s->keys[g];
}

/* Local over the machine's clusters: the fewest clusters that can ever hold
 * n (kmin; ceil(n/c) for clusters of c), most free first; check (local)
 * refuses when those kmin clusters hold fewer than n. */
static int local(struct hs_select *s, const uint64_t *free, int nfree, int n, int check, uint64_t *out)
{
	by_free(s, free, nfree, s->cl_first, s->nclusters, 1);
	if (check) {
		int k = 1;
		while (k < s->nclusters && s->most[k] < n)
			k++;
		int have = 0;
		for (int i = 0; i < k; i++)
			have += s->cnt[s->order[i]];
		if (have < n)
			return -1;
	}
	for (int i = 0; i < s->nclusters && n > 0; i++) {
		int c = s->order[i];
		n = take(free, s->cl_first[c], s->cl_first[c + 1], n, out);
	}
	return n > 0 ? -1 : 0;
}

/* One variant over [lo, hi); whole says whether that is the whole machine
 * (its clusters matter) or one node or cluster (one cluster at most). */
static int pick_in(struct hs_select *s, enum hs_select_variant v, enum hs_select_rules rules,
		   const uint64_t *free, int nfree, int lo, int hi, int whole, int n, uint64_t *out)
{
	switch (v) {
	case HS_SELECT_CONTIGUOUS:
		return contiguous(s, free, lo, hi, n, out);
	case HS_SELECT_BE_CONTIGUOUS:
		if (rules == HS_SELECT_LUCARELLI)
			return longest_runs(s, free, lo, hi, n, out);
		if (contiguous(s, free, lo, hi, n, out) == 0)
			return 0;
		break;
	case HS_SELECT_LOCAL:
		if (whole)
			return local(s, free, nfree, n, 1, out);
		break;
	case HS_SELECT_BE_LOCAL:
		if (!whole)
			break;
		if (rules == HS_SELECT_LUCARELLI)
			return local(s, free, nfree, n, 0, out);
		if (local(s, free, nfree, n, 1, out) == 0)
			return 0;
		memset(out, 0, HS_BITS_WORDS(s->nres) * sizeof *out);
		break;
	case HS_SELECT_BASIC:
		break;
	}
	return take(free, lo, hi, n, out) > 0 ? -1 : 0;
}

/* The first group from g on with a free resource, or ng: groups without
 * one are passed over by the bitset's words, not counted (a machine of
 * 5 832 nodes, most of them busy). */
static int next_group(const uint64_t *free, const int *bounds, int ng, int g, int nres)
{
	if (g >= ng)
		return ng;
	int r = hs_bits_next(free, bounds[g], nres);
	if (r >= nres)
		return ng;
	if (r >= bounds[g + 1]) {
		int lo = g + 1, hi = ng - 1; /* the group holding r */
		while (lo < hi) {
			int mid = (lo + hi + 1) / 2;
			if (bounds[mid] <= r)
				lo = mid;
			else
				hi = mid - 1;
		}
		g = lo;
	}
	return g;
}

int hs_select_pick(struct hs_select *s, enum hs_select_variant v, enum hs_select_rules rules,
		   enum hs_scope scope, const uint64_t *free, int nfree, int n, uint64_t *out)
{
	memset(out, 0, HS_BITS_WORDS(s->nres) * sizeof *out);
	return hs_select_pick_into(s, v, rules, scope, free, nfree, n, out);
}

int hs_select_pick_into(struct hs_select *s, enum hs_select_variant v, enum hs_select_rules rules,
			enum hs_scope scope, const uint64_t *free, int nfree, int n, uint64_t *out)
{
	size_t nw = HS_BITS_WORDS(s->nres);
	if (n <= 0)
		return 0;
	if (nfree < n)
		return -1;
	if (scope == HS_SCOPE_ANY)
		return pick_in(s, v, rules, free, nfree, 0, s->nres, 1, n, out);
	const int *bounds = scope == HS_SCOPE_NODE ? s->node_first : s->cl_first;
	int ng = scope == HS_SCOPE_NODE ? s->nnodes : s->nclusters;
	if (v == HS_SELECT_LOCAL || v == HS_SELECT_BE_LOCAL) {
		/* The group with the most free (the lowest of those tied): in
		 * one node or cluster both variants take the lowest ids, which
		 * n free always gives, so the first of the groups ordered most
		 * free first that holds n is this one, without the order (a
		 * sort of the machine's 5 832 nodes per search on Curie). */
		int best = -1, most = 0, cap = scope == HS_SCOPE_NODE ? s->max_node : s->max_cluster;
		for (int g = next_group(free, bounds, ng, 0, s->nres); g < ng && most < cap;
		     g = next_group(free, bounds, ng, g + 1, s->nres)) {
			int c = group_free(s, free, nfree, bounds, ng, g);
			if (c > most)
				most = c, best = g;
		}
		if (best < 0 || most < n)
			return -1;
		return pick_in(s, v, rules, free, most, bounds[best], bounds[best + 1], 0, n, out);
	}
	/* In id order, the first group that takes it. */
	for (int g = next_group(free, bounds, ng, 0, s->nres); g < ng; g = next_group(free, bounds, ng, g + 1, s->nres)) {
		int c = group_free(s, free, nfree, bounds, ng, g);
		if (c < n)
			continue;
		if (pick_in(s, v, rules, free, c, bounds[g], bounds[g + 1], 0, n, out) == 0)
			return 0;
		memset(out, 0, nw * sizeof *out);
	}
	return -1;
}
