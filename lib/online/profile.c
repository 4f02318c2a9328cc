/* profile.c - the availability profile (hs/profile.h): time slices of free
 * resources, insert and remove intervals, find the earliest fit.
 *
 * Slices live in parallel arrays sorted by start (start, free count, and
 * the change from the slice before: the resources that become busy and
 * those that become free at that start, as sorted runs of ids).  Only the
 * first slice's free set is a bitset; any other is that one with the
 * changes of the starts up to it applied.  So inserting or removing an
 * interval touches its two ends (a few runs) and the counts between,
 * never a bitset per slice: on a machine of R resources a change costs
 * O(slices + runs), not O(slices * R / 64), and the profile holds O(R / 64
 * + runs) words, not O(slices * R / 64).  Neighbouring slices always
 * differ: a start whose change is empty is merged away.
 *
 * Rebuilding slice k's set from slice 0 costs every change before it: on
 * a long queue (thousands of reservations, as many slices) that was most
 * of conservative backfilling's time.  So some slices also keep their set
 * (a checkpoint, ck[k]): one is made when a set is rebuilt from more than
 * CK_EVERY changes back, kept up to date by every insert and remove over
 * it, and dropped with its slice.  Any set is then at most about CK_EVERY
 * changes from a kept one, for R / 8 bytes per CK_EVERY slices.
 *
 * A window's free set (the intersection of the slices [k, m)) is slice
 * k's set less every resource that becomes busy at a start inside the
 * window: a resource free in slice k stays free to m exactly when it never
 * becomes busy on the way.  Searches keep slice k's set up to date as k
 * moves forward (each change applied once per search) and build the
 * window's set only for candidates whose counts all fit.
 */
#include "hs/profile.h"
#include "hs/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A set of resources as sorted, disjoint, non-adjacent runs [v[2i],
 * v[2i+1]). */
struct runs {
	int *v;
	int n, cap; /* runs, allocated pairs */
};

/* The change at a slice's start: resources that become busy, and free. */
struct delta {
	struct runs busy, freed;
};

struct hs_profile {
	int nres;
	size_t nw;       /* words per set */
	int n, cap;      /* slices in use, allocated */
	double *t;       /* [cap] slice starts; t[0] is the origin */
	int *cnt;        /* [cap] free resources */
	struct delta *d; /* [cap] the change at each start (d[0] unused, empty) */
	uint64_t *first; /* the free set of slice 0 */
	uint64_t **ck;   /* [cap] slice k's free set when kept (a checkpoint), or NULL */
	uint64_t **spare; /* checkpoint sets no longer used, for the next */
	int nspare, cspare;
	int every;       /* a checkpoint when a rebuild goes further back than this (0: none) */
	/* scratch: a materialized slice set, a window's set, a search's
	 * current slice set; run lists of a change and of own's ends */
	uint64_t *at, *win, *cur;
	struct runs s, x, y, ob0, of0, ob1, of1, wx, wy, os;
	int *bq, cbq;    /* a window's starts with resources becoming busy (win_set) */
	struct hs_profile_stats st;
};

/* ---------------- resource sets ---------------- */

static inline uint64_t mask_from(int lo) /* bits lo..63 */
{
	return ~(uint64_t)0 << (lo & 63);
}

int hs_bits_count_range(const uint64_t *b, int lo, int hi)
{
	if (lo >= hi)
		return 0;
	int wl = lo >> 6, wh = (hi - 1) >> 6, c = 0;
	uint64_t lm = mask_from(lo), hm = ~(uint64_t)0 >> (63 - ((hi - 1) & 63));
	if (wl == wh)
		return hs_bits_pop(b[wl] & lm & hm);
	c += hs_bits_pop(b[wl] & lm);
	for (int w = wl + 1; w < wh; w++)
		c += hs_bits_pop(b[w]);
	return c + hs_bits_pop(b[wh] & hm);
}

int hs_bits_count(const uint64_t *b, size_t nwords)
{
	int c = 0;
	for (size_t w = 0; w < nwords; w++)
		c += hs_bits_pop(b[w]);
	return c;
}

/* The first r in [lo, hi) with bit r of b equal to !flip. */
static int next_bit(const uint64_t *b, int lo, int hi, uint64_t flip)
{
	if (lo >= hi)
		return hi;
	int w = lo >> 6, wh = (hi - 1) >> 6;
	uint64_t x = (b[w] ^ flip) & mask_from(lo);
	for (;;) {
		if (x) {
			int r = (w << 6) + __builtin_ctzll(x);
			return r < hi ? r : hi;
		}
		if (++w > wh)
			return hi;
		x = b[w] ^ flip;
	}
}

int hs_bits_next(const uint64_t *b, int lo, int hi)
{
	return next_bit(b, lo, hi, 0);
}

int hs_bits_next_clear(const uint64_t *b, int lo, int hi)
{
	return next_bit(b, lo, hi, ~(uint64_t)0);
}

int hs_bits_list(const uint64_t *b, int nres, int *ids)
{
	int k = 0;
	for (int w = 0; w < (nres + 63) >> 6; w++) {
		if (b[w] == ~(uint64_t)0 && (w << 6) + 64 <= nres) {
			/* a whole word, as most of a wide job's are */
			for (int i = 0; i < 64; i++)
				ids[k + i] = (w << 6) + i;
			k += 64;
			continue;
		}
		for (uint64_t x = b[w]; x; x &= x - 1) {
			int r = (w << 6) + __builtin_ctzll(x);
			if (r >= nres)
				return k;
			ids[k++] = r;
		}
	}
	return k;
}

/* ---------------- runs ---------------- */

static void runs_room(struct runs *r, int n)
{
	if (n > r->cap) {
		r->cap = n > 2 * r->cap ? n : 2 * r->cap;
		r->v = hs_reallocarray(r->v, (size_t)r->cap, 2 * sizeof *r->v);
	}
}

static void runs_push(struct runs *r, int lo, int hi)
{
	if (r->n > 0 && r->v[2 * r->n - 1] == lo) {
		r->v[2 * r->n - 1] = hi; /* adjacent: one run */
		return;
	}
	runs_room(r, r->n + 1);
	r->v[2 * r->n] = lo;
	r->v[2 * r->n + 1] = hi;
	r->n++;
}

static void runs_free(struct runs *r)
{
	free(r->v);
	memset(r, 0, sizeof *r);
}

/* The runs of bitset b (nres resources), up to its first limit members
 * (the scan ends there): a word at a time, a run starting or ending
 * wherever a bit differs from the one before it (most words have none:
 * all free or all busy). */
static void runs_of_bits_n(struct runs *r, const uint64_t *b, int nres, int limit)
{
	r->n = 0;
	int got = 0; /* members in the runs pushed */
	int nw = (nres + 63) >> 6, lo = 0;
	uint64_t in = 0; /* the bit before this word's first */
	for (int w = 0; w < nw; w++) {
		/* eight words as the run stands (no change inside) at once: a
		 * job's set is a few runs in a machine's worth of words */
		while (w + 8 < nw) {
			uint64_t o = 0, a = ~(uint64_t)0;
			for (int i = 0; i < 8; i++)
				o |= b[w + i], a &= b[w + i];
			if (in ? a != ~(uint64_t)0 : o != 0)
				break;
			w += 8;
		}
		uint64_t x = b[w];
		if (w == nw - 1 && (nres & 63))
			x &= ~(uint64_t)0 >> (64 - (nres & 63));
		for (uint64_t d = x ^ (x << 1 | in); d; d &= d - 1) {
			int at = (w << 6) + __builtin_ctzll(d);
			if ((in = !in)) {
				lo = at;
			} else {
				if (got + (at - lo) >= limit) {
					runs_push(r, lo, lo + (limit - got));
					return;
				}
				got += at - lo;
				runs_push(r, lo, at);
			}
		}
		in = x >> 63;
	}
	if (in)
		runs_push(r, lo, got + (nres - lo) > limit ? lo + (limit - got) : nres);
}

static void runs_of_bits(struct runs *r, const uint64_t *b, int nres)
{
	runs_of_bits_n(r, b, nres, nres);
}

int hs_bits_runs(const uint64_t *b, int nres, int *runs)
{
	return hs_bits_runs_n(b, nres, nres, runs);
}

int hs_bits_runs_n(const uint64_t *b, int nres, int n, int *runs)
{
	/* written in place: (nres + 1) / 2 runs at most, so never grown */
	struct runs r = { runs, 0, (nres + 1) / 2 };
	if (n > 0)
		runs_of_bits_n(&r, b, nres, n < nres ? n : nres);
	return r.n;
}

enum { OP_OR, OP_MINUS, OP_AND };

/* out = a op b (out distinct from a and b). */
static void runs_op(struct runs *out, const struct runs *a, const struct runs *b, int op)
{
	out->n = 0;
	int i = 0, j = 0; /* boundaries 2*runs of each, walked in order */
	int na = 2 * a->n, nb = 2 * b->n, ina = 0, inb = 0, lo = 0, in = 0;
	while (i < na || j < nb) {
		int x = i < na ? a->v[i] : INT32_MAX, y = j < nb ? b->v[j] : INT32_MAX;
		int p = x < y ? x : y;
		if (x == p) {
			ina = !ina;
			i++;
		}
		if (y == p) {
			inb = !inb;
			j++;
		}
		int now = op == OP_OR ? (ina || inb) : op == OP_MINUS ? (ina && !inb) : (ina && inb);
		if (now && !in)
			lo = p;
		else if (!now && in && lo < p)
			runs_push(out, lo, p);
		in = now;
	}
}

static void runs_swap(struct runs *a, struct runs *b)
{
	struct runs t = *a;
	*a = *b;
	*b = t;
}

/* *a = *a op b, through scratch tmp. */
static void runs_apply(struct runs *a, const struct runs *b, int op, struct runs *tmp)
{
	if (b->n == 0 && op != OP_AND)
		return;
	runs_op(tmp, a, b, op);
	runs_swap(a, tmp);
}

static int runs_count(const struct runs *r)
{
	int c = 0;
	for (int i = 0; i < r->n; i++)
		c += r->v[2 * i + 1] - r->v[2 * i];
	return c;
}

/* The first run of r that ends after x (r->n if none). */
static int runs_after(const struct runs *r, int x)
{
	int lo = 0, hi = r->n;
	while (lo < hi) {
		int mid = (lo + hi) / 2;
		if (r->v[2 * mid + 1] <= x)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* *a = *a minus b, through scratch tmp, when a is small and b may be
 * large (a start where many jobs begin): each run of a looks b up, so the
 * cost is a's runs times log b's, not both lengths. */
static void runs_cut(struct runs *a, const struct runs *b, struct runs *tmp)
{
	if (!b->n || !a->n)
		return;
	tmp->n = 0;
	int changed = 0;
	for (int i = 0; i < a->n; i++) {
		int lo = a->v[2 * i], hi = a->v[2 * i + 1];
		for (int j = runs_after(b, lo); j < b->n && b->v[2 * j] < hi; j++) {
			changed = 1;
			if (b->v[2 * j] > lo)
				runs_push(tmp, lo, b->v[2 * j]);
			lo = b->v[2 * j + 1];
		}
		if (lo < hi)
			runs_push(tmp, lo, hi);
	}
	if (changed)
		runs_swap(a, tmp);
}

/* Whether a and b share a resource. */
static int runs_meet(const struct runs *a, const struct runs *b)
{
	int i = 0, j = 0;
	while (i < a->n && j < b->n) {
		if (a->v[2 * i + 1] <= b->v[2 * j])
			i++;
		else if (b->v[2 * j + 1] <= a->v[2 * i])
			j++;
		else
			return 1;
	}
	return 0;
}

/* Set (or clear) the bits [lo, hi) of b. */
void hs_bits_fill(uint64_t *b, int lo, int hi, int set)
{
	if (lo >= hi)
		return;
	int wl = lo >> 6, wh = (hi - 1) >> 6;
	uint64_t lm = mask_from(lo), hm = ~(uint64_t)0 >> (63 - ((hi - 1) & 63));
	for (int w = wl; w <= wh; w++) {
		uint64_t m = (w == wl ? lm : ~(uint64_t)0) & (w == wh ? hm : ~(uint64_t)0);
		b[w] = set ? b[w] | m : b[w] & ~m;
	}
}

/* Clear the bits [lo, hi) of b; returns how many were set. */
static int bits_take(uint64_t *b, int lo, int hi)
{
	if (lo >= hi)
		return 0;
	int wl = lo >> 6, wh = (hi - 1) >> 6, c = 0;
	uint64_t lm = mask_from(lo), hm = ~(uint64_t)0 >> (63 - ((hi - 1) & 63));
	for (int w = wl; w <= wh; w++) {
		uint64_t m = (w == wl ? lm : ~(uint64_t)0) & (w == wh ? hm : ~(uint64_t)0);
		c += hs_bits_pop(b[w] & m);
		b[w] &= ~m;
	}
	return c;
}

static void bits_runs(uint64_t *b, const struct runs *r, int set)
{
	for (int i = 0; i < r->n; i++)
		hs_bits_fill(b, r->v[2 * i], r->v[2 * i + 1], set);
}

/* Whether every resource of r is in b (all) or none is (!all). */
static int bits_hold(const uint64_t *b, const struct runs *r, int all)
{
	for (int i = 0; i < r->n; i++) {
		int lo = r->v[2 * i], hi = r->v[2 * i + 1];
		if (hs_bits_count_range(b, lo, hi) != (all ? hi - lo : 0))
			return 0;
	}
	return 1;
}

/* ---------------- slices ---------------- */

/* A checkpoint is made when a set is rebuilt from further back than this
 * many slices: fewer costs R / 8 bytes more per slice kept and more
 * updates per change; more costs more changes applied per rebuild. */
#define CK_EVERY 24

struct hs_profile *hs_profile_new(int nres, double t0)
{
	struct hs_profile *p = hs_calloc(1, sizeof *p);
	p->nres = nres > 0 ? nres : 0;
	p->nw = HS_BITS_WORDS(p->nres) ? HS_BITS_WORDS(p->nres) : 1;
	p->cap = 16;
	p->t = hs_malloc(p->cap * sizeof *p->t);
	p->cnt = hs_malloc(p->cap * sizeof *p->cnt);
	p->d = hs_calloc(p->cap, sizeof *p->d);
	p->ck = hs_calloc(p->cap, sizeof *p->ck);
	p->first = hs_calloc(p->nw, sizeof *p->first);
	p->at = hs_malloc(p->nw * sizeof *p->at);
	p->win = hs_malloc(p->nw * sizeof *p->win);
	p->cur = hs_malloc(p->nw * sizeof *p->cur);
	p->every = CK_EVERY;
	p->n = 1;
	p->t[0] = t0;
	p->cnt[0] = p->nres;
	hs_bits_fill(p->first, 0, p->nres, 1);
	return p;
}

void hs_profile_free(struct hs_profile *p)
{
	if (!p)
		return;
	for (int k = 0; k < p->n; k++) {
		runs_free(&p->d[k].busy);
		runs_free(&p->d[k].freed);
		free(p->ck[k]);
	}
	for (int k = 0; k < p->nspare; k++)
		free(p->spare[k]);
	free(p->spare);
	free(p->ck);
	free(p->t);
	free(p->cnt);
	free(p->d);
	free(p->first);
	free(p->at);
	free(p->win);
	free(p->cur);
	free(p->bq);
	runs_free(&p->s);
	runs_free(&p->x);
	runs_free(&p->y);
	runs_free(&p->ob0);
	runs_free(&p->of0);
	runs_free(&p->ob1);
	runs_free(&p->of1);
	runs_free(&p->wx);
	runs_free(&p->wy);
	runs_free(&p->os);
	free(p);
}

void hs_profile_tune(struct hs_profile *p, int every)
{
	p->every = every > 0 ? every : 0;
}

int hs_profile_nres(const struct hs_profile *p)
{
	return p->nres;
}

/* The slice holding x (x >= origin): the last k with t[k] <= x. */
static int slice_of(const struct hs_profile *p, double x)
{
	int lo = 0, hi = p->n - 1;
	while (lo < hi) {
		int mid = (lo + hi + 1) / 2;
		if (p->t[mid] <= x)
			lo = mid;
		else
			hi = mid - 1;
	}
	return lo;
}

/* Apply the change at start k to set b (slice k-1's set becomes k's). */
static void step(const struct hs_profile *p, uint64_t *b, int k)
{
	bits_runs(b, &p->d[k].busy, 0);
	bits_runs(b, &p->d[k].freed, 1);
}

/* Slice k's checkpoint is no longer needed: its set becomes a spare. */
static void ck_drop(const struct hs_profile *p, int k)
{
	struct hs_profile *w = (struct hs_profile *)p; /* the kept sets are a cache */
	if (!p->ck[k])
		return;
	if (w->nspare == w->cspare) {
		w->cspare = w->cspare ? 2 * w->cspare : 16;
		w->spare = hs_reallocarray(w->spare, w->cspare, sizeof *w->spare);
	}
	w->spare[w->nspare++] = p->ck[k];
	p->ck[k] = NULL;
}

/* Keep set b (slice k's) as slice k's checkpoint. */
static void ck_keep(const struct hs_profile *p, int k, const uint64_t *b)
{
	struct hs_profile *w = (struct hs_profile *)p;
	uint64_t *c = w->nspare ? w->spare[--w->nspare] : hs_malloc(p->nw * sizeof *c);
	memcpy(c, b, p->nw * sizeof *c);
	p->ck[k] = c;
}

/* The latest slice in (lo, k] whose set is kept, else lo (slice 0's set
 * is the first one). */
static int ck_after(const struct hs_profile *p, int lo, int k)
{
	while (k > lo && !p->ck[k])
		k--;
	return k;
}

static int ck_before(const struct hs_profile *p, int k)
{
	return ck_after(p, 0, k);
}

static const uint64_t *ck_set(const struct hs_profile *p, int k)
{
	return k == 0 ? p->first : p->ck[k];
}

/* Slice k's free set into b (kept as a checkpoint when it was far from
 * the last one). */
static void materialize(const struct hs_profile *p, int k, uint64_t *b)
{
	int c = ck_before(p, k);
	memcpy(b, ck_set(p, c), p->nw * sizeof *b);
	for (int i = c + 1; i <= k; i++)
		step(p, b, i);
	if (p->every && k - c > p->every)
		ck_keep(p, k, b);
}

/* Make x a slice start (origin < x < inf) and return that slice. */
static int split_at(struct hs_profile *p, double x)
{
	int k = slice_of(p, x);
	if (p->t[k] == x)
		return k;
	if (p->n == p->cap) {
		p->cap *= 2;
		p->t = hs_reallocarray(p->t, p->cap, sizeof *p->t);
		p->cnt = hs_reallocarray(p->cnt, p->cap, sizeof *p->cnt);
		p->d = hs_reallocarray(p->d, p->cap, sizeof *p->d);
		p->ck = hs_reallocarray(p->ck, p->cap, sizeof *p->ck);
	}
	int m = p->n - k - 1; /* slices after k move up one */
	memmove(p->t + k + 2, p->t + k + 1, m * sizeof *p->t);
	memmove(p->cnt + k + 2, p->cnt + k + 1, m * sizeof *p->cnt);
	memmove(p->d + k + 2, p->d + k + 1, m * sizeof *p->d);
	memmove(p->ck + k + 2, p->ck + k + 1, m * sizeof *p->ck);
	p->n++;
	p->t[k + 1] = x;
	p->cnt[k + 1] = p->cnt[k];
	memset(&p->d[k + 1], 0, sizeof p->d[k + 1]);
	p->ck[k + 1] = NULL;
	p->st.splits++;
	return k + 1;
}

/* Drop slice k (0 < k < n) into slice k-1 when nothing changes at its
 * start. */
static void merge_at(struct hs_profile *p, int k)
{
	if (k <= 0 || k >= p->n || p->d[k].busy.n || p->d[k].freed.n)
		return;
	runs_free(&p->d[k].busy);
	runs_free(&p->d[k].freed);
	ck_drop(p, k); /* slice k-1's set, which k-1 may keep itself */
	int m = p->n - k - 1;
	memmove(p->t + k, p->t + k + 1, m * sizeof *p->t);
	memmove(p->cnt + k, p->cnt + k + 1, m * sizeof *p->cnt);
	memmove(p->d + k, p->d + k + 1, m * sizeof *p->d);
	memmove(p->ck + k, p->ck + k + 1, m * sizeof *p->ck);
	p->n--;
	p->st.merges++;
}

/* At start k, the resources s go from free to busy (busy = 1) or back:
 * those the change there moved the other way now stay as they were. */
static void edge(struct hs_profile *p, int k, const struct runs *s, int busy)
{
	struct runs *to = busy ? &p->d[k].busy : &p->d[k].freed;
	struct runs *back = busy ? &p->d[k].freed : &p->d[k].busy;
	runs_op(&p->x, s, back, OP_MINUS); /* new changes */
	runs_apply(back, s, OP_MINUS, &p->y);  /* cancelled ones */
	runs_apply(to, &p->x, OP_OR, &p->y);
}

/* Insert (busy = 1) or remove (busy = 0) the runs p->s over [t0, t1). */
static int change(struct hs_profile *p, double t0, double t1, int busy)
{
	/* Check first: set all free (insert) or all busy (remove) in the
	 * first slice of the interval, and none of it changing inside. */
	int k0 = slice_of(p, t0);
	const uint64_t *f = p->first;
	if (k0 > 0) {
		materialize(p, k0, p->at);
		f = p->at;
	}
	if (!bits_hold(f, &p->s, busy))
		return -1;
	for (int k = k0 + 1; k < p->n && p->t[k] < t1; k++)
		if (runs_meet(&p->s, busy ? &p->d[k].busy : &p->d[k].freed))
			return -1;
	int c = runs_count(&p->s);
	if (c == 0)
		return 0;
	int a = p->t[0] < t0 ? split_at(p, t0) : 0;
	int b = t1 < INFINITY ? split_at(p, t1) : p->n;
	for (int k = a; k < b; k++) {
		p->cnt[k] += busy ? -c : c;
		if (p->ck[k])
			bits_runs(p->ck[k], &p->s, !busy);
	}
	if (a == 0)
		bits_runs(p->first, &p->s, !busy);
	else
		edge(p, a, &p->s, busy);
	if (b < p->n)
		edge(p, b, &p->s, !busy);
	merge_at(p, b);
	merge_at(p, a);
	return 0;
}

/* Set's change over [t0, t1), the interval clipped to the origin. */
static int change_set(struct hs_profile *p, double t0, double t1, const uint64_t *set, int busy)
{
	if (t0 < p->t[0])
		t0 = p->t[0];
	if (!(t0 < t1))
		return 0;
	runs_of_bits(&p->s, set, p->nres);
	return change(p, t0, t1, busy);
}

/* The same for runs given as pairs: checked (ascending, in range) and
 * copied into p->s, touching ones joined. */
static int change_runs(struct hs_profile *p, double t0, double t1, const int *runs, int nruns, int busy)
{
	p->s.n = 0;
	for (int i = 0, prev = 0; i < nruns; i++) {
		int lo = runs[2 * i], hi = runs[2 * i + 1];
		if (lo < prev || lo >= hi || hi > p->nres)
			return -1;
		runs_push(&p->s, lo, hi);
		prev = hi;
	}
	if (t0 < p->t[0])
		t0 = p->t[0];
	if (!(t0 < t1))
		return 0;
	return change(p, t0, t1, busy);
}

int hs_profile_insert(struct hs_profile *p, double t0, double t1, const uint64_t *set)
{
	return change_set(p, t0, t1, set, 1);
}

int hs_profile_remove(struct hs_profile *p, double t0, double t1, const uint64_t *set)
{
	return change_set(p, t0, t1, set, 0);
}

int hs_profile_insert_runs(struct hs_profile *p, double t0, double t1, const int *runs, int nruns)
{
	return change_runs(p, t0, t1, runs, nruns, 1);
}

int hs_profile_remove_runs(struct hs_profile *p, double t0, double t1, const int *runs, int nruns)
{
	return change_runs(p, t0, t1, runs, nruns, 0);
}

void hs_profile_advance(struct hs_profile *p, double t)
{
	if (!(t > p->t[0]))
		return;
	int k = slice_of(p, t);
	if (k > 0) {
		int c = ck_before(p, k);
		if (c > 0)
			memcpy(p->first, p->ck[c], p->nw * sizeof *p->first);
		for (int i = 1; i <= k; i++) {
			if (i > c)
				step(p, p->first, i);
			runs_free(&p->d[i].busy);
			runs_free(&p->d[i].freed);
			ck_drop(p, i);
		}
		int m = p->n - k;
		memmove(p->t, p->t + k, m * sizeof *p->t);
		memmove(p->cnt, p->cnt + k, m * sizeof *p->cnt);
		memmove(p->d + 1, p->d + k + 1, (m - 1) * sizeof *p->d);
		memmove(p->ck + 1, p->ck + k + 1, (m - 1) * sizeof *p->ck);
		p->ck[0] = NULL;
		p->n = m;
	}
	p->t[0] = t;
}

int hs_profile_free_at(const struct hs_profile *p, double t, const uint64_t **set)
{
	int k = slice_of(p, t);
	if (set) {
		if (k == 0) {
			*set = p->first;
		} else {
			materialize(p, k, p->at);
			*set = p->at;
		}
	}
	return p->cnt[k];
}

int hs_profile_max_free(const struct hs_profile *p, double t0, double t1)
{
	if (t0 < p->t[0])
		t0 = p->t[0];
	int best = 0;
	for (int k = slice_of(p, t0); k < p->n && p->t[k] < t1 && best < p->nres; k++)
		if (p->cnt[k] > best)
			best = p->cnt[k];
	return t0 < t1 ? best : 0;
}

/* ---------------- find ---------------- */

/* The n lowest ids of free. */
static void lowest(const uint64_t *free, int nres, int n, uint64_t *out)
{
	for (int r = hs_bits_next(free, 0, nres); n > 0 && r < nres; r = hs_bits_next(free, r + 1, nres), n--)
		hs_bits_set(out, r);
}

/* A window over slices [k, m).  cs holds slice fk's set (fk <= k; -1:
 * not built yet).  A job's own interval [own_t0, own_t1) (held by the
 * profile over the slices starting inside it, i0 to i1) is seen as free:
 * its slices count nown more, and the changes at their ends are the ones
 * the profile would have without it (ob0/of0, ob1/of1).  Those are worked
 * out only when a window reaches own's slices (ready): most searches from
 * now fail on a slice before it. */
struct win {
	int k, m, fk;
	const uint64_t *cs; /* slice fk's set: p->cur, or a kept set not changed yet */
	int hk, hm, hc;     /* ws: the set free throughout [hk, hm), hc of them (hk -1: none) */
	const uint64_t *ws;
	int bq0, bq1;       /* p->bq[bq0..bq1): the starts in (hk, hm) where some become busy */
	int last;           /* the search's last candidate: a window short of need ends it */
	const uint64_t *own;
	const int *own_runs; /* own as runs (hs_profile_search_runs), or NULL */
	int nown_runs;
	int has, ready;  /* own has slices (i0 < i1); its runs and count are known */
	int ready0, ready1; /* the changes at i0, at i1 are known */
	int nown, i0, i1;
	double own_t0, own_t1;
};

static inline void win_at(struct win *w, int k)
{
	w->k = w->m = k;
}

/* Own's runs (p->os) and count, known once a window reaches own's
 * slices. */
static void win_ready(struct hs_profile *p, struct win *w)
{
	w->ready = 1;
	if (w->own_runs) {
		p->os.n = 0;
		for (int r = 0; r < w->nown_runs; r++)
			runs_push(&p->os, w->own_runs[2 * r], w->own_runs[2 * r + 1]);
	} else {
		runs_of_bits(&p->os, w->own, p->nres);
	}
	w->nown = runs_count(&p->os);
}

/* At own's start i0 (end 0) or end i1 (end 1), the changes the profile
 * would have without it: its resources, busy from i0 to i1, do not change
 * at i0 (those free before) or change the other way (those a job left at
 * i0); likewise at i1.  Each worked out only when a window reaches that
 * start (a search from now for a job reserved later sees i0 only). */
static void win_edge(struct hs_profile *p, struct win *w, int end)
{
	if (!w->ready)
		win_ready(p, w);
	if (!end) {
		w->ready0 = 1;
		runs_op(&p->ob0, &p->d[w->i0].busy, &p->os, OP_MINUS);
		runs_op(&p->x, &p->os, &p->d[w->i0].busy, OP_MINUS);
		runs_op(&p->of0, &p->d[w->i0].freed, &p->x, OP_OR);
	} else {
		w->ready1 = 1;
		runs_op(&p->of1, &p->d[w->i1].freed, &p->os, OP_MINUS);
		runs_op(&p->x, &p->os, &p->d[w->i1].freed, OP_MINUS);
		runs_op(&p->ob1, &p->d[w->i1].busy, &p->x, OP_OR);
	}
}

/* Slice i's free count, own's resources included in own's slices. */
static inline int win_cnt(struct hs_profile *p, struct win *w, int i)
{
	if (!w->has || i < w->i0 || i >= w->i1)
		return p->cnt[i];
	if (!w->ready)
		win_ready(p, w);
	return p->cnt[i] + w->nown;
}

/* The changes at start i as the window sees them. */
static void win_delta(struct hs_profile *p, struct win *w, int i, const struct runs **busy,
		      const struct runs **freed)
{
	if (w->has && i == w->i0 && !w->ready0)
		win_edge(p, w, 0);
	if (w->has && i == w->i1 && !w->ready1)
		win_edge(p, w, 1);
	if (w->has && i == w->i0) {
		*busy = &p->ob0, *freed = &p->of0;
	} else if (w->has && i == w->i1) {
		*busy = &p->ob1, *freed = &p->of1;
	} else {
		*busy = &p->d[i].busy, *freed = &p->d[i].freed;
	}
}

/* Whether a search's windows can reach its own interval: they start by
 * until and last d, and a closed end looks at the slice at their end. */
static int own_seen(const struct hs_profile_query *q)
{
	return q->own && q->own_t0 < q->own_t1 && !(q->own_t0 > q->until + q->d);
}

/* The first slice starting at or after x (0 for x at or before the
 * origin, n past the last start). */
static int start_from(const struct hs_profile *p, double x)
{
	if (x <= p->t[0])
		return 0;
	int k = slice_of(p, x);
	return k + (p->t[k] < x);
}

/* Own's slices: from the first start at or after own_t0 to the first at
 * or after own_t1. */
static void win_own(struct hs_profile *p, struct win *w, const struct hs_profile_query *q)
{
	w->has = w->ready = w->ready0 = w->ready1 = w->nown = 0;
	w->fk = -1;
	w->hk = -1;
	w->own = q->own;
	w->own_t0 = q->own_t0;
	w->own_t1 = q->own_t1;
	if (!own_seen(q))
		return;
	w->i0 = start_from(p, q->own_t0);
	w->i1 = start_from(p, q->own_t1);
	w->has = w->i0 < w->i1; /* else no slice inside: nothing seen */
}

/* Slice k's set into w->cs (w->fk = k), from the latest kept set or by
 * carrying p->cur forward, whichever is nearer. */
static void win_cur(struct hs_profile *p, struct win *w)
{
	const struct runs *busy, *freed;
	int c = ck_after(p, w->fk < 0 ? 0 : w->fk, w->k);
	if (w->fk < 0 || c > w->fk) {
		/* from the latest kept set (read where it is until something
		 * changes it); the profile holds own over slices [i0, i1),
		 * which see its resources free */
		w->cs = ck_set(p, c);
		if (w->has && w->i0 <= c && c < w->i1) {
			memcpy(p->cur, w->cs, p->nw * sizeof *p->cur);
			for (size_t i = 0; i < p->nw; i++)
				p->cur[i] |= w->own[i];
			w->cs = p->cur;
		}
		w->fk = c;
	}
	for (; w->fk < w->k; w->fk++) {
		if (w->cs != p->cur) {
			memcpy(p->cur, w->cs, p->nw * sizeof *p->cur);
			w->cs = p->cur;
		}
		win_delta(p, w, w->fk + 1, &busy, &freed);
		bits_runs(p->cur, busy, 0);
		bits_runs(p->cur, freed, 1);
		/* far from a kept set, and the profile's own set (outside own's
		 * slices): keep it */
		int k = w->fk + 1;
		if (p->every && k - c > p->every && (!w->has || k < w->i0 || k >= w->i1)) {
			ck_keep(p, k, p->cur);
			c = k;
		}
	}
}

/* The window's set becomes p->win, a copy of what it was read from. */
static uint64_t *win_own_copy(struct hs_profile *p, struct win *w)
{
	if (w->ws != p->win) {
		memcpy(p->win, w->ws, p->nw * sizeof *p->win);
		w->ws = p->win;
	}
	return p->win;
}

/* The window's set into *set and its size, need or more; once fewer are
 * left the rest is not taken (the count returned is then below need but
 * may be above the window's).
 *
 * w->ws (p->win, or slice hk's set where nothing was taken from it yet)
 * holds the set free throughout slices [hk, hm), hc of them, and the next
 * window is mostly that one: candidates move forward a slice at a time and
 * windows only grow at their end.  Moving the start from k to k+1 adds the
 * resources freed at start k+1 that stay free to hm (only those: any other
 * resource free in k+1..hm-1 was free in k too, or it became free at k+1);
 * moving the end from hm takes those that become busy at each start on the
 * way.  So a search costs each start's changes about once, not once per
 * candidate window that holds it. */
static int win_set(struct hs_profile *p, struct win *w, int need, const uint64_t **set)
{
	const struct runs *busy, *freed;
	if (w->hk < 0 || w->hk > w->k || w->k >= w->hm || w->hm > w->m) {
		win_cur(p, w);
		w->ws = w->cs;
		w->hk = w->k;
		w->hm = w->k + 1;
		w->hc = win_cnt(p, w, w->k);
		w->bq0 = w->bq1 = 0;
		if (p->cbq < p->n) {
			p->cbq = p->cap;
			p->bq = hs_reallocarray(p->bq, (size_t)p->cbq, sizeof *p->bq);
		}
	}
	for (; w->hk < w->k; w->hk++) {
		win_delta(p, w, w->hk + 1, &busy, &freed);
		if (!freed->n)
			continue;
		struct runs *x = &p->wx;
		x->n = 0;
		for (int r = 0; r < freed->n; r++)
			runs_push(x, freed->v[2 * r], freed->v[2 * r + 1]);
		/* only the starts where some become busy can take them (a
		 * window over a day of running jobs' ends has a few or none) */
		while (w->bq0 < w->bq1 && p->bq[w->bq0] < w->hk + 2)
			w->bq0++;
		for (int q = w->bq0; q < w->bq1 && x->n; q++) {
			const struct runs *b2, *f2;
			win_delta(p, w, p->bq[q], &b2, &f2);
			runs_cut(x, b2, &p->wy);
		}
		uint64_t *win = x->n ? win_own_copy(p, w) : NULL;
		for (int r = 0; r < x->n; r++) {
			hs_bits_fill(win, x->v[2 * r], x->v[2 * r + 1], 1);
			w->hc += x->v[2 * r + 1] - x->v[2 * r];
		}
	}
	for (; w->hm < w->m; w->hm++) {
		/* the profile's change, but at own's ends (most windows pass
		 * many starts: no call for each) */
		if (w->has && (w->hm == w->i0 || w->hm == w->i1))
			win_delta(p, w, w->hm, &busy, &freed);
		else
			busy = &p->d[w->hm].busy;
		if (busy->n && w->last && w->ws != p->win && runs_count(busy) <= p->nres / 8) {
			/* read where it is: a window that falls short (a job
			 * that cannot start now beside EASY's reservation) is
			 * told without a copy of the machine's set; the window
			 * is not kept.  Only where counting costs at most an
			 * eighth of the copy (a window that does not fall short,
			 * most of conservative's, counts for nothing). */
			int c = 0;
			for (int r = 0; r < busy->n; r++)
				c += hs_bits_count_range(w->ws, busy->v[2 * r], busy->v[2 * r + 1]);
			if (w->hc - c < need) {
				w->hc -= c;
				w->hk = -1;
				break;
			}
		}
		if (busy->n) {
			p->bq[w->bq1++] = w->hm;
			uint64_t *win = win_own_copy(p, w);
			for (int r = 0; r < busy->n; r++)
				w->hc -= bits_take(win, busy->v[2 * r], busy->v[2 * r + 1]);
		}
		if (w->hc < need) {
			w->hm++;
			break;
		}
	}
	*set = w->ws;
	return w->hc;
}

static double search(struct hs_profile *p, struct hs_profile_query *q, const int *own_runs,
		     int nown_runs, uint64_t *out)
{
	int n = q->n, zeroed = (q->flags & HS_PROFILE_OUT_ZEROED) != 0;
	double t = q->from, d = q->d;
	p->st.finds++;
	q->most = 0;
	if (n > p->nres || !(d >= 0) || t != t)
		return INFINITY;
	if (t < p->t[0])
		t = p->t[0];
	if (n <= 0) {
		memset(out, 0, p->nw * sizeof *out);
		return t <= q->until ? t : INFINITY;
	}
	struct win w;
	win_own(p, &w, q);
	w.own_runs = own_runs;
	w.nown_runs = nown_runs;
	int k0 = slice_of(p, t), most = 0;
	win_at(&w, k0);
	while (w.k < p->n) {
		double x = w.k == k0 ? t : p->t[w.k];
		if (x > q->until)
			break;
		/* Extend the window to cover [x, x + d) (at least slice k). */
		int jumped = 0;
		while (w.m < p->n && (w.m == w.k || p->t[w.m] < x + d)) {
			p->st.visited++;
			int c = win_cnt(p, &w, w.m);
			if (c < n) {
				/* Every candidate up to m has m in its window. */
				if (c > most)
					most = c;
				win_at(&w, w.m + 1);
				jumped = 1;
				break;
			}
			w.m++;
		}
		if (jumped)
			continue;
		if ((q->flags & HS_PROFILE_CLOSED_END) && w.m < p->n && p->t[w.m] == x + d &&
		    win_cnt(p, &w, w.m) < n) {
			most = p->nres; /* not counted: no bound */
		} else {
			const uint64_t *set;
			w.last = !(x < q->until);
			int c = win_set(p, &w, n, &set);
			if (c >= n) {
				if (!zeroed)
					memset(out, 0, p->nw * sizeof *out);
				q->most = most;
				if (!q->sel) {
					lowest(set, p->nres, n, out);
					return x;
				}
				if (q->sel(q->arg, set, c, n, out) == 0)
					return x;
				if (zeroed) /* a refusal may leave some taken */
					memset(out, 0, p->nw * sizeof *out);
			}
			if (c > most)
				most = c;
		}
		w.k++;
	}
	q->most = most;
	return INFINITY;
}

/* Own's bounds must be slice starts for the window to see it lifted: a
 * bound where the profile does not change (a job ends there on own's
 * resources and own begins; own ends and a job begins on them) was merged
 * away.  Such a bound is made a start for the search (a slice with no
 * change, which is what the profile has there with own in it) and merged
 * back after it. */
static int own_bound(struct hs_profile *p, double t)
{
	if (!(t > p->t[0]) || !(t < INFINITY) || p->t[slice_of(p, t)] == t)
		return 0;
	split_at(p, t);
	return 1;
}

static double search_own(struct hs_profile *p, struct hs_profile_query *q, const int *own_runs,
			 int nown_runs, uint64_t *out)
{
	int s0 = 0, s1 = 0;
	if (own_seen(q)) {
		s0 = own_bound(p, q->own_t0);
		s1 = own_bound(p, q->own_t1);
	}
	double x = search(p, q, own_runs, nown_runs, out);
	if (s1)
		merge_at(p, slice_of(p, q->own_t1));
	if (s0)
		merge_at(p, slice_of(p, q->own_t0));
	return x;
}

double hs_profile_search(struct hs_profile *p, struct hs_profile_query *q, uint64_t *out)
{
	return search_own(p, q, NULL, 0, out);
}

double hs_profile_search_runs(struct hs_profile *p, struct hs_profile_query *q, const int *own_runs,
			      int nown_runs, uint64_t *out)
{
	return search_own(p, q, q->own ? own_runs : NULL, nown_runs, out);
}

/* The same window over the slices k that hold a start x of a window
 * [x, x + d) meeting [a, b), each as [t_k, max(t_k + d, just past a)): a
 * window starting inside slice k has at most that one's free set. */
int hs_profile_most(struct hs_profile *p, double a, double b, double d)
{
	if (a < p->t[0])
		a = p->t[0];
	if (!(a < b) || !(d >= 0))
		return 0;
	struct win w = { .fk = -1, .hk = -1 };
	int ka = slice_of(p, a), best = 0;
	win_at(&w, slice_of(p, a - d > p->t[0] ? a - d : p->t[0]));
	while (w.k < p->n && p->t[w.k] < b) {
		int jumped = 0;
		while (w.m < p->n && (w.m <= w.k || w.m <= ka || p->t[w.m] < p->t[w.k] + d)) {
			p->st.visited++;
			if (p->cnt[w.m] <= best) {
				/* no window holding m beats best */
				win_at(&w, w.m + 1);
				jumped = 1;
				break;
			}
			w.m++;
		}
		if (jumped)
			continue;
		const uint64_t *set;
		int c = win_set(p, &w, best + 1, &set);
		if (c > best)
			best = c;
		w.k++;
	}
	return best;
}

double hs_profile_find(struct hs_profile *p, double t, double tmax, int n, double d, unsigned flags,
		       hs_profile_select_fn sel, void *arg, uint64_t *out)
{
	struct hs_profile_query q = { .from = t, .until = tmax, .n = n, .d = d, .flags = flags,
				      .sel = sel, .arg = arg };
	return hs_profile_search(p, &q, out);
}

/* ---------------- inspection ---------------- */

int hs_profile_slices(const struct hs_profile *p)
{
	return p->n;
}

void hs_profile_slice(const struct hs_profile *p, int i, double *t0, double *t1, int *nfree,
		      const uint64_t **set)
{
	if (t0)
		*t0 = p->t[i];
	if (t1)
		*t1 = i + 1 < p->n ? p->t[i + 1] : INFINITY;
	if (nfree)
		*nfree = p->cnt[i];
	if (set)
		hs_profile_free_at(p, p->t[i], set);
}

void hs_profile_stats(const struct hs_profile *p, struct hs_profile_stats *st)
{
	*st = p->st;
}
