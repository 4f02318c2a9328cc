/* profile.c - the availability profile (hs/profile.h): time slices of free
 * resources, insert and remove intervals, find the earliest fit.
 *
 * Slices live in parallel arrays sorted by start (start, free count, index
 * of the free set in a pool of bitsets), so splitting or merging moves a few
 * bytes per slice, never the bitsets.  Neighbouring slices always differ:
 * after each change the two boundaries it touched are merged when equal
 * (inside the interval the sets all change by the same resources, so
 * neighbours that differed still do).
 */
#include "hs/profile.h"
#include "hs/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct hs_profile {
	int nres;
	size_t nw;       /* words per set */
	int n, cap;      /* slices in use, allocated */
	double *t;       /* [cap] slice starts; t[0] is the origin */
	int *cnt;        /* [cap] free resources */
	int *set;        /* [cap] index of the free set in pool */
	uint64_t *pool;  /* [pcap * nw] */
	int pcap, *pfree, npfree;
	/* find's sliding window: suffix intersections of the front stack, the
	 * intersection of the back stack, the current window's set */
	uint64_t *front, *back, *win;
	int fcap;
	struct hs_profile_stats st;
};

/* ---------------- resource sets ---------------- */

/* Population count without the libgcc call the default target makes of
 * pop64 (no -mpopcnt in a portable build). */
static inline int pop64(uint64_t x)
{
	x = x - ((x >> 1) & 0x5555555555555555ULL);
	x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
	x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
	return (int)((x * 0x0101010101010101ULL) >> 56);
}

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
		return pop64(b[wl] & lm & hm);
	c += pop64(b[wl] & lm);
	for (int w = wl + 1; w < wh; w++)
		c += pop64(b[w]);
	return c + pop64(b[wh] & hm);
}

int hs_bits_count(const uint64_t *b, size_t nwords)
{
	int c = 0;
	for (size_t w = 0; w < nwords; w++)
		c += pop64(b[w]);
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
	for (int r = hs_bits_next(b, 0, nres); r < nres; r = hs_bits_next(b, r + 1, nres))
		ids[k++] = r;
	return k;
}

/* ---------------- slices ---------------- */

static uint64_t *setp(const struct hs_profile *p, int k)
{
	return p->pool + (size_t)p->set[k] * p->nw;
}

static int pool_get(struct hs_profile *p)
{
	if (p->npfree == 0) {
		int ncap = p->pcap * 2;
		p->pool = hs_reallocarray(p->pool, (size_t)ncap * p->nw, sizeof *p->pool);
		p->pfree = hs_reallocarray(p->pfree, (size_t)ncap, sizeof *p->pfree);
		for (int i = ncap - 1; i >= p->pcap; i--)
			p->pfree[p->npfree++] = i;
		p->pcap = ncap;
	}
	return p->pfree[--p->npfree];
}

struct hs_profile *hs_profile_new(int nres, double t0)
{
	struct hs_profile *p = hs_calloc(1, sizeof *p);
	p->nres = nres > 0 ? nres : 0;
	p->nw = HS_BITS_WORDS(p->nres) ? HS_BITS_WORDS(p->nres) : 1;
	p->cap = 16;
	p->t = hs_malloc(p->cap * sizeof *p->t);
	p->cnt = hs_malloc(p->cap * sizeof *p->cnt);
	p->set = hs_malloc(p->cap * sizeof *p->set);
	p->pcap = 16;
	p->pool = hs_calloc((size_t)p->pcap * p->nw, sizeof *p->pool);
	p->pfree = hs_malloc(p->pcap * sizeof *p->pfree);
	for (int i = p->pcap - 1; i >= 0; i--)
		p->pfree[p->npfree++] = i;
	p->back = hs_malloc(p->nw * sizeof *p->back);
	p->win = hs_malloc(p->nw * sizeof *p->win);
	p->n = 1;
	p->t[0] = t0;
	p->cnt[0] = p->nres;
	p->set[0] = pool_get(p);
	uint64_t *s = setp(p, 0);
	memset(s, 0, p->nw * sizeof *s);
	for (int r = 0; r < p->nres; r++)
		hs_bits_set(s, r);
	return p;
}

void hs_profile_free(struct hs_profile *p)
{
	if (!p)
		return;
	free(p->t);
	free(p->cnt);
	free(p->set);
	free(p->pool);
	free(p->pfree);
	free(p->front);
	free(p->back);
	free(p->win);
	free(p);
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
		p->set = hs_reallocarray(p->set, p->cap, sizeof *p->set);
	}
	int m = p->n - k - 1; /* slices after k move up one */
	memmove(p->t + k + 2, p->t + k + 1, m * sizeof *p->t);
	memmove(p->cnt + k + 2, p->cnt + k + 1, m * sizeof *p->cnt);
	memmove(p->set + k + 2, p->set + k + 1, m * sizeof *p->set);
	p->n++;
	p->t[k + 1] = x;
	p->cnt[k + 1] = p->cnt[k];
	p->set[k + 1] = pool_get(p);
	memcpy(setp(p, k + 1), setp(p, k), p->nw * sizeof(uint64_t));
	p->st.splits++;
	return k + 1;
}

/* Drop slice k (0 < k < n) into slice k-1 when their sets are equal. */
static void merge_at(struct hs_profile *p, int k)
{
	if (k <= 0 || k >= p->n || p->cnt[k - 1] != p->cnt[k] ||
	    memcmp(setp(p, k - 1), setp(p, k), p->nw * sizeof(uint64_t)) != 0)
		return;
	p->pfree[p->npfree++] = p->set[k];
	int m = p->n - k - 1;
	memmove(p->t + k, p->t + k + 1, m * sizeof *p->t);
	memmove(p->cnt + k, p->cnt + k + 1, m * sizeof *p->cnt);
	memmove(p->set + k, p->set + k + 1, m * sizeof *p->set);
	p->n--;
	p->st.merges++;
}

/* Insert (busy = 1) or remove (busy = 0) set over [t0, t1). */
static int change(struct hs_profile *p, double t0, double t1, const uint64_t *set, int busy)
{
	if (t0 < p->t[0])
		t0 = p->t[0];
	if (!(t0 < t1))
		return 0;
	/* Check first: every slice of the interval must have set all free
	 * (insert) or all busy (remove). */
	for (int k = slice_of(p, t0); k < p->n && p->t[k] < t1; k++) {
		const uint64_t *s = setp(p, k);
		for (size_t w = 0; w < p->nw; w++)
			if (busy ? (set[w] & ~s[w]) : (set[w] & s[w]))
				return -1;
	}
	int c = hs_bits_count(set, p->nw);
	if (c == 0)
		return 0;
	int a = p->t[0] < t0 ? split_at(p, t0) : 0;
	int b = t1 < INFINITY ? split_at(p, t1) : p->n;
	for (int k = a; k < b; k++) {
		uint64_t *s = setp(p, k);
		for (size_t w = 0; w < p->nw; w++)
			s[w] = busy ? s[w] & ~set[w] : s[w] | set[w];
		p->cnt[k] += busy ? -c : c;
	}
	merge_at(p, b);
	merge_at(p, a);
	return 0;
}

int hs_profile_insert(struct hs_profile *p, double t0, double t1, const uint64_t *set)
{
	return change(p, t0, t1, set, 1);
}

int hs_profile_remove(struct hs_profile *p, double t0, double t1, const uint64_t *set)
{
	return change(p, t0, t1, set, 0);
}

void hs_profile_advance(struct hs_profile *p, double t)
{
	if (!(t > p->t[0]))
		return;
	int k = slice_of(p, t);
	if (k > 0) {
		for (int i = 0; i < k; i++)
			p->pfree[p->npfree++] = p->set[i];
		int m = p->n - k;
		memmove(p->t, p->t + k, m * sizeof *p->t);
		memmove(p->cnt, p->cnt + k, m * sizeof *p->cnt);
		memmove(p->set, p->set + k, m * sizeof *p->set);
		p->n = m;
	}
	p->t[0] = t;
}

int hs_profile_free_at(const struct hs_profile *p, double t, const uint64_t **set)
{
	int k = slice_of(p, t);
	if (set)
		*set = setp(p, k);
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

/* A sliding window over slices [k, m), its free sets intersected by two
 * stacks: the front [k, b) holds suffix intersections (front[i - fb] =
 * sets i..b-1), the back [b, m) only its intersection (p->back).  Each
 * slice enters the back once and moves to the front once, so a sweep
 * costs O(slices * words) whatever the window's length.  Slices inside
 * [own_t0, own_t1) see the set own as free too (a job's own reservation). */
struct win {
	int k, b, m, fb;
	const uint64_t *own;
	int nown;
	double own_t0, own_t1;
};

static inline void win_at(struct win *w, int k)
{
	w->k = w->b = w->m = w->fb = k;
}

/* Slice i's free count and whether own adds to it. */
static inline int win_mine(const struct hs_profile *p, const struct win *w, int i)
{
	return w->nown && p->t[i] >= w->own_t0 && p->t[i] < w->own_t1;
}

static inline int win_cnt(const struct hs_profile *p, const struct win *w, int i)
{
	return p->cnt[i] + (win_mine(p, w, i) ? w->nown : 0);
}

/* Slice m joins the window. */
static inline void win_push(struct hs_profile *p, struct win *w)
{
	const uint64_t *s = setp(p, w->m);
	int mine = win_mine(p, w, w->m);
	for (size_t i = 0; i < p->nw; i++) {
		uint64_t v = mine ? s[i] | w->own[i] : s[i];
		p->back[i] = w->b == w->m ? v : p->back[i] & v;
	}
	w->m++;
}

/* The window's set into p->win; returns its size. */
static inline int win_set(struct hs_profile *p, const struct win *w)
{
	const uint64_t *f = p->front + (size_t)(w->k - w->fb) * p->nw;
	int c = 0;
	for (size_t i = 0; i < p->nw; i++) {
		uint64_t v = w->k == w->b ? p->back[i] : w->b == w->m ? f[i] : f[i] & p->back[i];
		c += pop64(p->win[i] = v);
	}
	return c;
}

/* Slice k leaves the window (the back moves to the front first when the
 * front is empty). */
static inline void win_pop(struct hs_profile *p, struct win *w)
{
	if (w->k == w->b) {
		w->fb = w->k;
		for (int i = w->m - 1; i >= w->k; i--) {
			uint64_t *f = p->front + (size_t)(i - w->fb) * p->nw;
			const uint64_t *s = setp(p, i);
			int mine = win_mine(p, w, i);
			for (size_t j = 0; j < p->nw; j++) {
				uint64_t v = mine ? s[j] | w->own[j] : s[j];
				f[j] = i == w->m - 1 ? v : v & f[j + p->nw];
			}
		}
		w->b = w->m;
	}
	w->k++;
}

static void win_room(struct hs_profile *p)
{
	if (p->fcap < p->n) {
		p->fcap = p->cap;
		p->front = hs_reallocarray(p->front, (size_t)p->fcap * p->nw, sizeof *p->front);
	}
}

double hs_profile_search(struct hs_profile *p, struct hs_profile_query *q, uint64_t *out)
{
	int n = q->n;
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
	win_room(p);
	struct win w = { .own = q->own, .own_t0 = q->own_t0, .own_t1 = q->own_t1 };
	w.nown = q->own && q->own_t0 < q->own_t1 ? hs_bits_count(q->own, p->nw) : 0;
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
			win_push(p, &w);
		}
		if (jumped)
			continue;
		if ((q->flags & HS_PROFILE_CLOSED_END) && w.m < p->n && p->t[w.m] == x + d &&
		    win_cnt(p, &w, w.m) < n) {
			most = p->nres; /* not counted: no bound */
		} else {
			int c = win_set(p, &w);
			if (c >= n) {
				memset(out, 0, p->nw * sizeof *out);
				q->most = most;
				if (!q->sel) {
					lowest(p->win, p->nres, n, out);
					return x;
				}
				if (q->sel(q->arg, p->win, c, n, out) == 0)
					return x;
			}
			if (c > most)
				most = c;
		}
		win_pop(p, &w);
	}
	q->most = most;
	return INFINITY;
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
	win_room(p);
	struct win w = { 0 };
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
			win_push(p, &w);
		}
		if (jumped)
			continue;
		int c = win_set(p, &w);
		if (c > best)
			best = c;
		win_pop(p, &w);
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
		*set = setp(p, i);
}

void hs_profile_stats(const struct hs_profile *p, struct hs_profile_stats *st)
{
	*st = p->st;
}
