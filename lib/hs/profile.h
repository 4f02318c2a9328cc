/* hs/profile.h - the availability profile of online schedulers, and the
 * resource selections of Lucarelli et al. (Dutot et al. §5.2) that decide
 * which of the free resources a job gets (see hs-backfill(7)).
 *
 * Resources are numbered 0..nres-1 (an online plugin's cores); a set of them
 * is a bitset of HS_BITS_WORDS(nres) 64-bit words, bit r of word r/64.
 *
 * The profile is the future as an algorithm plans it: consecutive time
 * slices [t_k, t_k+1) (the last one ends at +inf), each with the set of
 * resources free throughout it.  Jobs (running until their walltime, or
 * reserved) are intervals on a resource set, inserted and removed; the
 * profile splits and merges slices so that neighbours always differ, and
 * forgets the past (hs_profile_advance).  Its size is O(jobs in it) slices.
 * Only the first slice's free set is stored whole (nres bits); each later
 * slice stores what changes at its start, as runs of consecutive ids, so
 * memory is O(nres / 64 + runs) and an insert or remove costs O(slices it
 * spans) counts plus O(runs) at its two ends, whatever nres (93 312 cores
 * cost what 128 do, per job).
 *
 * hs_profile_find answers "the earliest start >= t where n resources are
 * free for d seconds", the selection (a callback) choosing which n among the
 * free ones and able to refuse a start (contiguity, locality).  Slices with
 * fewer than n free resources are skipped by their count alone; a candidate
 * whose counts all fit costs O(nres / 64) plus the runs that change inside
 * its window (its free set is its first slice's less the resources that
 * become busy on the way), and the first slice's set is carried forward
 * once per find.
 *
 * Plugins call these functions from the tool that loads them (libhs is
 * exported); nothing here is thread-safe across one profile.
 */
#ifndef HS_PROFILE_H
#define HS_PROFILE_H

#include <stdint.h>
#include "hs/model.h"

/* ---------------- resource sets ---------------- */

#define HS_BITS_WORDS(n) (((size_t)(n) + 63) / 64)

static inline void hs_bits_set(uint64_t *b, int r)
{
	b[r >> 6] |= (uint64_t)1 << (r & 63);
}
static inline void hs_bits_clear(uint64_t *b, int r)
{
	b[r >> 6] &= ~((uint64_t)1 << (r & 63));
}
static inline int hs_bits_test(const uint64_t *b, int r)
{
	return (int)(b[r >> 6] >> (r & 63)) & 1;
}

/* Population count of one word, inline (a portable build has no
 * -mpopcnt, so the builtin would be a library call per word). */
static inline int hs_bits_pop(uint64_t x)
{
	x = x - ((x >> 1) & 0x5555555555555555ULL);
	x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
	x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
	return (int)((x * 0x0101010101010101ULL) >> 56);
}
/* Members of b in [lo, hi). */
int hs_bits_count_range(const uint64_t *b, int lo, int hi);
/* Members of b (nwords words). */
int hs_bits_count(const uint64_t *b, size_t nwords);
/* The first member of b in [lo, hi), or hi. */
int hs_bits_next(const uint64_t *b, int lo, int hi);
/* The first non-member of b in [lo, hi), or hi. */
int hs_bits_next_clear(const uint64_t *b, int lo, int hi);
/* Make [lo, hi) members of b (set 1) or not (set 0). */
void hs_bits_fill(uint64_t *b, int lo, int hi, int set);
/* Write the members of b (below nres) into ids, ascending; returns their number. */
int hs_bits_list(const uint64_t *b, int nres, int *ids);
/* The members of b (below nres) as runs of consecutive ids: pairs
 * runs[2i] <= r < runs[2i+1], ascending, neither overlapping nor touching
 * (room for nres + 1 ints: at most (nres + 1) / 2 runs); returns their
 * number.  A job's set is a few runs however many cores it holds. */
int hs_bits_runs(const uint64_t *b, int nres, int *runs);
/* The same for the first n members of b only (b's lowest ids: the scan
 * stops at the n-th, not at nres); the number of runs. */
int hs_bits_runs_n(const uint64_t *b, int nres, int n, int *runs);

/* ---------------- the profile ---------------- */

struct hs_profile;

/* A profile of nres resources, all free from t0 on. */
struct hs_profile *hs_profile_new(int nres, double t0);
void hs_profile_free(struct hs_profile *p);
int hs_profile_nres(const struct hs_profile *p);

/* Mark set busy over [t0, t1) (t1 may be +inf; the part before the
 * profile's origin is ignored).  Returns 0, or -1 when some resource of set
 * is not free throughout the interval (nothing changed). */
int hs_profile_insert(struct hs_profile *p, double t0, double t1, const uint64_t *set);
/* Mark set free again over [t0, t1).  Returns 0, or -1 when some resource of
 * set is not busy throughout the interval (nothing changed). */
int hs_profile_remove(struct hs_profile *p, double t0, double t1, const uint64_t *set);
/* The same for a set given as nruns runs (hs_bits_runs' pairs: ascending,
 * within 0..nres-1; touching runs are joined): no pass over a bitset of
 * the machine.  Also -1, nothing changed, for runs out of order or out of
 * range. */
int hs_profile_insert_runs(struct hs_profile *p, double t0, double t1, const int *runs, int nruns);
int hs_profile_remove_runs(struct hs_profile *p, double t0, double t1, const int *runs, int nruns);
/* Forget what lies before t (t >= the origin): the origin becomes t. */
void hs_profile_advance(struct hs_profile *p, double t);

/* Resources free at time t (>= the origin), and their set (valid until the
 * profile changes or the next call of this or hs_profile_slice; built from
 * the changes unless t is in the first slice, so ask for it only when
 * needed). */
int hs_profile_free_at(const struct hs_profile *p, double t, const uint64_t **set);

/* The most resources free at one time of [t0, t1) (0 when t1 <= t0): a job
 * of more cannot start in [t0, t1), whatever its duration. */
int hs_profile_max_free(const struct hs_profile *p, double t0, double t1);

/* The selection: given the set of resources free throughout a candidate
 * window (nfree >= n of them), set n of them in out (which arrives zeroed)
 * and return 0, or return -1 to refuse this start. */
typedef int (*hs_profile_select_fn)(void *arg, const uint64_t *free, int nfree, int n, uint64_t *out);

enum {
	/* Lucarelli et al.'s hole search: a window [x, x+d) that ends exactly
	 * where a slice begins is refused when that slice has fewer than n
	 * free resources (hs-backfill(7), compat=lucarelli). */
	HS_PROFILE_CLOSED_END = 1u << 0,
	/* out arrives zeroed: it is not cleared first (a machine's worth of
	 * words a search), and a search that finds nothing leaves it zeroed.
	 * A caller that keeps out zeroed between searches clears only what
	 * it took (hs_bits_runs_n's runs). */
	HS_PROFILE_OUT_ZEROED = 1u << 1,
};

/* The earliest x in [t, tmax] (t >= the origin; tmax may be +inf) at which n
 * resources are free throughout [x, x+d) and sel accepts them; x is t or the
 * start of a slice.  Writes the chosen set into out (HS_BITS_WORDS(nres)
 * words) and returns x, or returns +inf when there is none (out then holds
 * nothing useful).  sel NULL takes the n lowest ids.  d may be +inf. */
double hs_profile_find(struct hs_profile *p, double t, double tmax, int n, double d, unsigned flags,
		       hs_profile_select_fn sel, void *arg, uint64_t *out);

/* The same search with every parameter, and one more: an interval of the
 * profile (own_t0, own_t1, own: a job's own reservation, held by the
 * profile over it) seen as free, so that a job
 * can look for an earlier start without leaving the profile first. */
struct hs_profile_query {
	double from, until;    /* candidates x in [from, until] */
	int n;                 /* resources */
	double d;              /* for d seconds (+inf allowed) */
	unsigned flags;        /* HS_PROFILE_* */
	hs_profile_select_fn sel;
	void *arg;
	double own_t0, own_t1; /* NULL own: none */
	const uint64_t *own;
	/* out: when nothing fits, no candidate window had more than this
	 * many resources free throughout (a bound: it may be more than the
	 * most there were) */
	int most;
};
double hs_profile_search(struct hs_profile *p, struct hs_profile_query *q, uint64_t *out);
/* The same with own's set also given as runs (hs_bits_runs' pairs, the
 * same resources as q->own): the changes at its ends are worked out from
 * them, not from a pass over the bitset. */
double hs_profile_search_runs(struct hs_profile *p, struct hs_profile_query *q, const int *own_runs,
			      int nown_runs, uint64_t *out);

/* The most resources free throughout one window [x, x + d) that meets
 * [a, b) (x >= the origin, any real x), or a little more (a window may be
 * counted that only touches a): a job of more resources for d seconds
 * cannot start where a change of [a, b) could matter. */
int hs_profile_most(struct hs_profile *p, double a, double b, double d);

/* Tests and benchmarks: keep a slice's set when it is rebuilt from more
 * than every slices back (default 24; 0: never keep one, every set is
 * rebuilt from the first slice's, as before checkpoints). */
void hs_profile_tune(struct hs_profile *p, int every);

/* Inspection (tests, benchmarks, verbose output). */
int hs_profile_slices(const struct hs_profile *p);
/* Slice i (0 = the one at the origin): its start, end (+inf for the last),
 * free count and set (valid as hs_profile_free_at's). */
void hs_profile_slice(const struct hs_profile *p, int i, double *t0, double *t1, int *nfree,
		      const uint64_t **set);
/* Work done so far: finds, slices they visited, and slices split and merged
 * by inserts and removes. */
struct hs_profile_stats {
	long finds, visited, splits, merges;
};
void hs_profile_stats(const struct hs_profile *p, struct hs_profile_stats *st);

/* ---------------- selections (Lucarelli et al.) ---------------- */

enum hs_select_variant {
	HS_SELECT_BASIC,         /* the n lowest ids */
	HS_SELECT_BE_CONTIGUOUS, /* best-effort contiguous */
	HS_SELECT_BE_LOCAL,      /* best-effort local */
	HS_SELECT_CONTIGUOUS,    /* a block of consecutive ids, or refuse */
	HS_SELECT_LOCAL,         /* the fewest clusters possible, or refuse */
};
/* Which reading of the best-effort variants (the others agree):
 * PAPER: the forced variant's choice when it succeeds, else basic (§5.2's
 * wording); LUCARELLI: the authors' implementation (longest runs first,
 * most-free clusters first).  hs-backfill(7) has the rules and examples. */
enum hs_select_rules { HS_SELECT_PAPER, HS_SELECT_LUCARELLI };

/* The machine as the selections see it: resources grouped by node and nodes
 * by cluster, both consecutive. */
struct hs_select;
/* nnodes nodes, node j holding resources [node_first[j], node_first[j+1]),
 * node_cluster[j] its cluster (non-decreasing, 0..nclusters-1). */
struct hs_select *hs_select_new(int nnodes, const int *node_first, const int *node_cluster,
				int nclusters);
void hs_select_free(struct hs_select *s);
/* The variant's word ("basic", "be-contiguous", "be-local", "contiguous",
 * "local"), and back (-1: unknown). */
const char *hs_select_variant_name(enum hs_select_variant v);
int hs_select_variant_parse(const char *word);
/* The largest n that scope can ever hold (a node's, a cluster's or all
 * resources). */
int hs_select_max(const struct hs_select *s, enum hs_scope scope);
/* Choose n resources of free (nfree members) into out (zeroed first) for a
 * job of the given scope: within one node (scope node) or one cluster
 * (scope cluster), each tried in turn, or over the whole machine.  Returns
 * 0, or -1 when the variant refuses. */
int hs_select_pick(struct hs_select *s, enum hs_select_variant v, enum hs_select_rules rules,
		   enum hs_scope scope, const uint64_t *free, int nfree, int n, uint64_t *out);
/* The same with out arriving zeroed, as a hs_profile_select_fn's does (not
 * cleared again); after a refusal out holds nothing useful. */
int hs_select_pick_into(struct hs_select *s, enum hs_select_variant v, enum hs_select_rules rules,
			enum hs_scope scope, const uint64_t *free, int nfree, int n, uint64_t *out);

#endif
