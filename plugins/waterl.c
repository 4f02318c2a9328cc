/* waterl.c - the WATER-LEVEL method of Dietze et al. (§III.3, Fig. 4).
 *
 * Tasks are taken by descending sequential work t_i(1).  For each task every
 * resource R = (node, p cores) is tried (cluster-scoped tasks: a cluster and
 * its p earliest-free cores); R's start s is the time its p cores are free.
 * The makespan that would follow is estimated by pouring the work W of the
 * remaining tasks as "water" over all cores, each core weighted by its node's
 * performance factor f_j, on top of the current core free times and of T_i's
 * tentative occupation of R; the estimate is max(tallest peak, water level).
 * The resource with the smallest estimate wins.  The p loop stops where
 * t_i(p) stops decreasing.
 *
 * Making this fast (O(n * nodes * cores) at worst):
 *   Let F(L) = sum_k f_k (L - a_k)+ be the capacity of all cores below level L
 *   (a_k the core free times, before T_i).  Occupying R's cores up to e
 *   removes D = sum_{k in R} f_k (e - a_k) from it (idle gap under T_i plus
 *   T_i's own work).  Then the estimate is exactly
 *       m = max(Mx, e, F^-1(W + D))             (Mx = latest free time)
 *   (if the level would lie below e, it cannot matter: m = max(Mx, e)).  So a
 *   candidate needs only e and D, both O(1) from per-node sorted free times
 *   and prefix sums; F lives in a treap keyed by free time with weighted
 *   sums, F and F^-1 cost O(log n).  A candidate that cannot beat the best
 *   one (e above, or D above the work that fits under, the best estimate) is
 *   rejected without evaluating F.
 *
 * estimate=runtime (the paper's conclusion) replaces the perfectly parallel
 * water by whole tasks with their real runtime functions: nodes fall into
 * classes of equal speed and core count, the remaining tasks into at most
 * WL_BUCKETS buckets (consecutive in the planning order, each represented by
 * its members' mean runtime curve), and for a level L a class can run
 * copies(bucket, L) tasks of a bucket (the best core count p: floor(cores/p)
 * sets of cores, each running floor(f (L - amin) / t(p)) tasks one after the
 * other).  The level is the lowest L at which the classes' free capacity
 * holds all remaining tasks (bisection).  It is never below the ideal level,
 * which therefore still prunes candidates; within a class it depends on D
 * only, so a task's levels found so far bracket the next bisection.
 *
 * Ties (equal estimates, common with perfectly parallel tasks) are broken by
 * the smaller D (less work and idle time consumed), then the earlier end:
 * tie=first keeps the paper's strict "m < m*" (the first resource found).
 * See hs-waterl(7).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hs/metrics.h"
#include "hs/minindex.h"
#include "hs/plugin.h"

#define WL_TOL 1e-9 /* relative tolerance for "equal" estimates */
#define WL_LVCACHE 16 /* runtime estimate: levels remembered per class and task */

/* fmax/fmin are libm calls (NaN rules); no NaN reaches these. */
static inline double dmax(double a, double b)
{
	return a > b ? a : b;
}

static inline double dmin(double a, double b)
{
	return a < b ? a : b;
}

/* ================= core free times as a weighted multiset ================= */

/* A treap keyed by free time; each key holds the cores free at that time
 * (count, summed speed), subtrees carry sum f and sum f*key. */
struct ftn {
	double key, f, sf, sfa;
	int cnt, l, r;
	unsigned pri;
};

struct ftree {
	struct ftn *v; /* v[0] is the empty tree (all sums 0) */
	int n, cap, root, freel;
	unsigned rng;
};

static void ft_init(struct ftree *t, int cap)
{
	t->cap = cap + 2;
	t->v = hs_calloc((size_t)t->cap, sizeof *t->v);
	t->n = 1;
	t->root = 0;
	t->freel = 0;
	t->rng = 2463534242u;
}

static void ft_release(struct ftree *t)
{
	free(t->v);
	memset(t, 0, sizeof *t);
}

static void ft_upd(struct ftree *t, int x)
{
	struct ftn *a = &t->v[x];
	a->sf = t->v[a->l].sf + a->f + t->v[a->r].sf;
	a->sfa = t->v[a->l].sfa + a->key * a->f + t->v[a->r].sfa;
}

/* a: keys < key, b: keys >= key. */
static void ft_split(struct ftree *t, int x, double key, int *a, int *b)
{
	if (!x) {
		*a = *b = 0;
		return;
	}
	if (t->v[x].key < key) {
		int r;
		ft_split(t, t->v[x].r, key, &r, b);
		t->v[x].r = r;
		ft_upd(t, x);
		*a = x;
	} else {
		int l;
		ft_split(t, t->v[x].l, key, a, &l);
		t->v[x].l = l;
		ft_upd(t, x);
		*b = x;
	}
}

static int ft_merge(struct ftree *t, int a, int b)
{
	if (!a)
		return b;
	if (!b)
		return a;
	if (t->v[a].pri > t->v[b].pri) {
		t->v[a].r = ft_merge(t, t->v[a].r, b);
		ft_upd(t, a);
		return a;
	}
	t->v[b].l = ft_merge(t, a, t->v[b].l);
	ft_upd(t, b);
	return b;
}

static int ft_new(struct ftree *t, double key)
{
	int x;
	if (t->freel) {
		x = t->freel;
		t->freel = t->v[x].l;
	} else {
		if (t->n == t->cap) {
			t->cap *= 2;
			t->v = hs_reallocarray(t->v, (size_t)t->cap, sizeof *t->v);
		}
		x = t->n++;
	}
	t->rng ^= t->rng << 13;
	t->rng ^= t->rng >> 17;
	t->rng ^= t->rng << 5;
	t->v[x] = (struct ftn){ .key = key, .pri = t->rng };
	return x;
}

/* Add (or with negative values remove) cnt cores of total speed f at key. */
static void ft_add(struct ftree *t, double key, double f, int cnt)
{
	int a, b, m, c;
	ft_split(t, t->root, key, &a, &b);
	ft_split(t, b, nextafter(key, INFINITY), &m, &c);
	if (!m)
		m = ft_new(t, key);
	t->v[m].cnt += cnt;
	t->v[m].f += f;
	if (t->v[m].cnt <= 0) {
		t->v[m].l = t->freel;
		t->freel = m;
		m = 0;
	} else {
		ft_upd(t, m);
	}
	t->root = ft_merge(t, ft_merge(t, a, m), c);
}

/* F(L) = sum over cores of f (L - a)+. */
static double ft_F(const struct ftree *t, double L)
{
	double sf = 0, sfa = 0;
	for (int x = t->root; x;) {
		const struct ftn *a = &t->v[x];
		if (a->key < L) {
			sf += t->v[a->l].sf + a->f;
			sfa += t->v[a->l].sfa + a->key * a->f;
			x = a->r;
		} else {
			x = a->l;
		}
	}
	return L * sf - sfa;
}

/* Smallest L with F(L) >= y (y > 0). */
static double ft_inv(const struct ftree *t, double y)
{
	double sf = 0, sfa = 0;
	for (int x = t->root; x;) {
		const struct ftn *a = &t->v[x];
		double cf = sf + t->v[a->l].sf, cfa = sfa + t->v[a->l].sfa;
		if (a->key * cf - cfa >= y) {
			x = a->l;
		} else {
			sf = cf + a->f;
			sfa = cfa + a->key * a->f;
			x = a->r;
		}
	}
	return sf > 0 ? (y + sfa) / sf : 0;
}

static double ft_min(const struct ftree *t)
{
	int x = t->root;
	while (x && t->v[x].l)
		x = t->v[x].l;
	return x ? t->v[x].key : 0;
}


/* ================= the planner's state ================= */

/* Nodes of equal speed and core count (the runtime estimate's unit). */
struct wclass {
	double f;
	int P, nn, N;     /* cores per node, nodes, cores */
	struct ftree ft;  /* free times of the class's cores */
};

/* A bucket of remaining tasks, consecutive in the planning order, of one
 * scope and smallest core count (runtime estimate): represented by the mean
 * of their runtime curves, each curve held constant beyond its early stop. */
struct tgroup {
	int cluster;      /* cluster-scoped */
	int pmin, pstop;  /* pstop: the largest of the members' */
	double *sum;      /* sum[p] over the remaining members, p in [pmin, pstop] */
	double *tp;       /* tp[p] = sum[p] / cnt, nonincreasing */
	int cnt;          /* members not yet placed */
};

struct cand {
	int valid;
	double m, D, e, s;
	double lv;    /* its level (evaluated candidates) */
	int cluster;  /* -1: node candidate */
	int where;    /* node index, or cluster index */
	int cls;      /* node candidates: the node's class */
	double sigma; /* cluster candidates: only nodes at least this fast */
	int p;
};

struct wl {
	const struct hs_instance *in;
	const struct hs_platform *pl;
	int tie_first;
	int *off;      /* node j's cores are at [off[j], off[j] + cores) */
	double *at;    /* per node: core free times, ascending */
	int *ac;       /* core index of each entry of at */
	double *pre;   /* per node: prefix sums of at, cores+1 entries at off[j]+j */
	struct ftree ft; /* free times of all cores */
	double Mx;     /* latest core free time */
	int pmax_node, pmax_cluster;
	/* the task being placed */
	double W;      /* work of the remaining tasks */
	double *tp, *wsuf; /* t(p) and suffix minima of p t(p), p in [pmin, pstop] */
	int pmin, pstop;
	/* the caps a candidate must meet to beat the best one */
	double ecap, Dcap;
	int pD;        /* largest p whose least work wsuf[p] fits Dcap */
	/* runtime estimate (rt): classes, groups of remaining tasks */
	int rt;
	struct wclass *cls;
	int ncls, *cls_of; /* class of each node */
	struct tgroup *grp;
	int ngrp, *grp_of;  /* bucket of each task */
	int *active, nactive; /* groups with cnt > 0 */
	int nrem;
	double *dvec;       /* per class: a cluster candidate's consumption */
	double *dfail;      /* per class: a D whose level already lost (this task) */
	/* per class, this task: levels found so far, by ascending D (the level
	 * of a node candidate depends on its class and D only, growing with D) */
	double *lvD, *lvL;
	int *lvn;
	double *csf, *csfa; /* per class: running sums in try_cluster */
	int *touched, ntouched;
	char *fits;         /* per group, scratch */
	/* cluster merge scratch */
	int *heap, *taken;
	int *cscratch; /* max node cores ints */
	long evaluated;
	/* node scan: per core count q, a tournament tree over the nodes (in
	 * node order) of their q-th earliest free time (made on first use);
	 * the largest speed under each tree node (same shape) */
	struct hs_minindex *qtree; /* [q], q = 1..pmax_node; t == NULL: not made */
	double *maxf;
};

/* ================= estimates ================= */

/* Copies of group g that class c runs by level L (tau = f (L - amin)). */
static double copies(const struct tgroup *g, const struct wclass *c, double tau)
{
	int plim = g->cluster ? c->N : c->P;
	int hi = g->pstop < plim ? g->pstop : plim;
	if (hi < g->pmin || !(tau >= g->tp[hi]))
		return 0;
	double rend = floor(tau / g->tp[hi]); /* most rounds any p reaches */
	/* First p whose t fits in tau (tp decreasing). */
	int lo = g->pmin, h = hi;
	while (lo < h) {
		int mid = lo + (h - lo) / 2;
		if (g->tp[mid] <= tau)
			h = mid;
		else
			lo = mid + 1;
	}
	double best = 0;
	for (int p = lo; p <= hi; p++) {
		double sets = g->cluster ? (double)(c->N / p) : (double)c->nn * (c->P / p);
		if (sets * rend <= best)
			break; /* more cores per task only lose from here */
		double v = sets * floor(tau / g->tp[p]);
		if (v > best)
			best = v;
	}
	return best;
}

/* How much of the remaining tasks the classes can finish by L (>= 1: all),
 * with class c0 short of d0 (node candidate) or every class c short of
 * dvec[c] (cluster candidate, dvec non-NULL). */
static double phi(struct wl *w, double L, int c0, double d0, const double *dvec)
{
	double total = 0;
	for (int k = 0; k < w->nactive; k++)
		w->fits[w->active[k]] = 0;
	for (int c = 0; c < w->ncls; c++) {
		struct wclass *cl = &w->cls[c];
		double amin = ft_min(&cl->ft);
		if (!(L > amin))
			continue;
		double K = ft_F(&cl->ft, L) - (dvec ? dvec[c] : c == c0 ? d0 : 0);
		if (K <= 0)
			continue;
		double tau = cl->f * (L - amin), need = 0;
		int nfit = 0;
		for (int k = 0; k < w->nactive; k++) {
			const struct tgroup *g = &w->grp[w->active[k]];
			double cp = copies(g, cl, tau);
			if (cp > 0) {
				need += g->cnt / cp;
				nfit += g->cnt;
				w->fits[w->active[k]] = 1;
			}
		}
		if (nfit) {
			/* The class hosts a share rho/need of the tasks that fit it. */
			double rho = K / (cl->f * cl->N * (L - amin));
			total += dmin(1, rho / need) * nfit / w->nrem;
		}
	}
	for (int k = 0; k < w->nactive; k++)
		if (!w->fits[w->active[k]])
			return 0; /* some task fits no class by L */
	return total;
}

/* Smallest L in [lo, hi] with phi >= 1 (phi(hi) >= 1 or hi infinite). */
static double rt_solve(struct wl *w, double lo, double hi, double D, int c0, const double *dvec)
{
	if (phi(w, lo, c0, D, dvec) >= 1)
		return lo;
	if (!isfinite(hi)) {
		double step = dmax(lo - ft_min(&w->ft), dmax(fabs(lo) * 1e-9, 1e-9));
		hi = lo + step;
		for (int i = 0; i < 2100 && phi(w, hi, c0, D, dvec) < 1; i++) {
			lo = hi;
			step *= 2;
			hi = lo + step;
		}
	}
	for (int i = 0; i < 200 && hi - lo > 1e-13 * fabs(hi); i++) {
		double mid = lo + (hi - lo) / 2;
		if (phi(w, mid, c0, D, dvec) >= 1)
			hi = mid;
		else
			lo = mid;
	}
	return hi;
}

/* The level for a candidate that consumes D in all (ideal), or d0 of class
 * c0 / dvec (runtime): never below the ideal level. */
static double level_of(struct wl *w, double D, int c0, const double *dvec)
{
	double lo = ft_inv(&w->ft, w->W + D);
	if (!w->rt || !w->nrem)
		return lo;
	if (dvec || c0 < 0)
		return rt_solve(w, lo, INFINITY, D, c0, dvec);
	/* Node candidate: bracket by the levels of the nearest D's of its class. */
	double *cd = w->lvD + (size_t)c0 * WL_LVCACHE, *cl = w->lvL + (size_t)c0 * WL_LVCACHE;
	int n = w->lvn[c0], i = 0;
	while (i < n && cd[i] < D)
		i++;
	if (i < n && cd[i] == D)
		return cl[i];
	double hi = i < n ? cl[i] : INFINITY;
	if (i > 0)
		lo = dmax(lo, cl[i - 1]);
	double L = lo >= hi ? hi : rt_solve(w, lo, hi, D, c0, NULL);
	if (n == WL_LVCACHE) { /* full: forget the largest D */
		if (i == n)
			return L;
		n--;
	}
	memmove(cd + i + 1, cd + i, (size_t)(n - i) * sizeof *cd);
	memmove(cl + i + 1, cl + i, (size_t)(n - i) * sizeof *cl);
	cd[i] = D;
	cl[i] = L;
	w->lvn[c0] = n + 1;
	return L;
}

/* The largest D whose ideal level stays at or below L: a bound for both
 * estimates, since the runtime level is never below the ideal one. */
static double cap_of(const struct wl *w, double L)
{
	return ft_F(&w->ft, L) - w->W;
}

/* ================= candidates ================= */

static inline int cmp_tol(double a, double b)
{
	double t = WL_TOL * dmax(fabs(a), fabs(b));
	return a < b - t ? -1 : a > b + t ? 1 : 0;
}

/* Whether node candidate c comes before b in node order (node, then p):
 * the order of a scan of every node, whose first wins a tie.  Cluster
 * candidates are tried in their one order: never before. */
static inline int precedes(const struct cand *c, const struct cand *b)
{
	return c->cluster < 0 && b->cluster < 0 &&
	       (c->where < b->where || (c->where == b->where && c->p < b->p));
}

static int better(const struct wl *w, const struct cand *c, const struct cand *b)
{
	if (!b->valid)
		return 1;
	if (w->tie_first)
		return c->m < b->m || (c->m == b->m && precedes(c, b));
	int k = cmp_tol(c->m, b->m);
	if (!k)
		k = cmp_tol(c->D, b->D);
	if (!k)
		k = cmp_tol(c->e, b->e);
	return k < 0 || (k == 0 && precedes(c, b));
}

/* Whether every candidate that consumes more than b (beyond the
 * tolerance) loses to it: b's estimate is Mx, or (ideal estimate) b's own
 * level, and the level grows with D, so such a candidate's estimate is no
 * smaller, a tie at best, and ties go to the smaller D.  Once tasks
 * outnumber cores this holds for nearly every task: the water decides. */
static int more_loses(const struct wl *w, const struct cand *b)
{
	return b->valid && !w->tie_first &&
	       (cmp_tol(w->Mx, b->m) >= 0 || (!w->rt && b->m == b->lv));
}

static void set_caps(struct wl *w, const struct cand *b)
{
	if (!b->valid) {
		w->ecap = w->Dcap = INFINITY;
		w->pD = w->pstop;
		return;
	}
	double L = w->tie_first ? b->m : b->m + WL_TOL * fabs(b->m);
	w->ecap = L;
	w->Dcap = cap_of(w, L);
	/* Then candidates can only tie on m and must not consume more: D
	 * within the tolerance of b->D (cmp_tol(D, b->D) == 0 up to
	 * b->D / (1 - tol)). */
	if (more_loses(w, b))
		w->Dcap = dmin(w->Dcap, b->D / (1 - WL_TOL));
	/* wsuf is nondecreasing: the last p with wsuf[p] <= Dcap. */
	int lo = w->pmin, hi = w->pstop;
	if (w->wsuf[lo] > w->Dcap) {
		w->pD = lo - 1;
		return;
	}
	while (lo < hi) {
		int mid = hi - (hi - lo) / 2;
		if (w->wsuf[mid] <= w->Dcap)
			lo = mid;
		else
			hi = mid - 1;
	}
	w->pD = lo;
}

/* Candidate c passed the quick checks: estimate it, keep it if it is better. */
static void evaluate(struct wl *w, struct cand *best, struct cand *c, const double *dvec)
{
	w->evaluated++;
	double lv = level_of(w, c->D, c->cls, dvec);
	c->lv = lv;
	c->m = dmax(dmax(w->Mx, c->e), lv);
	c->valid = 1;
	/* Within a class the level grows with D, and the best estimate only
	 * falls: a larger D in this class cannot win this task either. */
	if (w->rt && c->cls >= 0 && best->valid && cmp_tol(lv, best->m) > 0 && c->D < w->dfail[c->cls])
		w->dfail[c->cls] = c->D;
	if (better(w, c, best)) {
		*best = *c;
		set_caps(w, best);
	}
}

/* Keep candidate c if it beats the best.  dvec: a cluster candidate's
 * consumption per class (runtime estimate), else NULL. */
static inline void consider(struct wl *w, struct cand *best, struct cand *c, const double *dvec)
{
	if (c->e > w->ecap || c->D > w->Dcap)
		return;
	/* Not smaller in D nor in e, and its estimate cannot be smaller: at best
	 * a tie, and ties go to the first in node order (c only wins one if it
	 * precedes the best: nodes are scanned best first).  The ideal
	 * estimate grows with D; the runtime one too, within one class. */
	if (best->valid && !w->tie_first &&
	    (!w->rt || (c->cls >= 0 && c->cls == best->cls) || cmp_tol(w->Mx, best->m) >= 0)) {
		int kd = cmp_tol(c->D, best->D), ke = cmp_tol(c->e, best->e);
		if (kd >= 0 && ke >= 0 && (!precedes(c, best) || kd > 0 || ke > 0))
			return;
	}
	if (w->rt && c->cls >= 0 && c->D >= w->dfail[c->cls])
		return;
	/* c ties at best on the estimate and loses if it consumes more
	 * (evaluate would compute its level and reject it). */
	if (!w->rt && more_loses(w, best) && cmp_tol(c->D, best->D) > 0)
		return;
	evaluate(w, best, c, dvec);
}

/* First p in [lo, hi] with tp[p] <= tau (tp strictly decreasing there), hi+1 if none. */
static int first_p_below(const struct wl *w, int lo, int hi, double tau)
{
	while (lo <= hi) {
		int mid = lo + (hi - lo) / 2;
		if (w->tp[mid] <= tau)
			hi = mid - 1;
		else
			lo = mid + 1;
	}
	return lo;
}

/* Resources on one node: its p earliest-free cores. */
static void try_node(struct wl *w, int j, double rel, struct cand *best)
{
	const struct hs_node *nd = &w->pl->nodes[j];
	int pmax = nd->cores < w->pstop ? nd->cores : w->pstop;
	if (pmax < w->pmin)
		return;
	const double f = nd->speed, *a = w->at + w->off[j], *pr = w->pre + w->off[j] + j;
	double s0 = dmax(a[w->pmin - 1], rel);
	/* Every candidate ends at or after s0 + t(pmax)/f and consumes at least
	 * the least work. */
	if (s0 + w->tp[pmax] / f > w->ecap || w->wsuf[w->pmin] > w->Dcap)
		return;
	/* Core counts that can end by ecap; none above pD fits the D cap. */
	int p = first_p_below(w, w->pmin, pmax, f * (w->ecap - s0));
	if (p > w->pD)
		return;
	for (; p <= pmax; p++) {
		double s = dmax(a[p - 1], rel);
		double gap = f * (p * s - pr[p]);
		if (gap < 0)
			gap = 0; /* rounding */
		if (gap + w->wsuf[p] > w->Dcap || s + w->tp[pmax] / f > w->ecap)
			break;
		double D = gap + p * w->tp[p], e = s + w->tp[p] / f;
		if (e > w->ecap || D > w->Dcap)
			continue;
		struct cand c = { .D = D, .e = e, .s = s, .cluster = -1, .where = j,
				  .cls = w->rt ? w->cls_of[j] : -1, .p = p };
		consider(w, best, &c, NULL);
	}
}
/* The tree of the nodes' q-th earliest free times (+inf on nodes with
 * fewer cores), made on first use. */
static const struct hs_minindex *qtree_of(struct wl *w, int q)
{
	int nn = w->pl->nnodes;
	if (!w->qtree) {
		w->qtree = hs_calloc((size_t)w->pmax_node + 1, sizeof *w->qtree);
		hs_minindex_init(&w->qtree[0], nn, INFINITY); /* gives the shape of maxf */
		int size = w->qtree[0].size;
		w->maxf = hs_calloc(2 * (size_t)size, sizeof *w->maxf);
		for (int j = 0; j < nn; j++)
			w->maxf[size + j] = w->pl->nodes[j].speed;
		for (int k = size - 1; k >= 1; k--)
			w->maxf[k] = dmax(w->maxf[2 * k], w->maxf[2 * k + 1]);
	}
	struct hs_minindex *t = &w->qtree[q];
	if (!t->t) {
		hs_minindex_init(t, nn, INFINITY);
		for (int j = 0; j < nn; j++)
			if (w->pl->nodes[j].cores >= q)
				hs_minindex_set(t, j, w->at[w->off[j] + q - 1]);
	}
	return t;
}

/* Whether try_node would keep no candidate of any node under tree node k.
 * A candidate on p cores starts at or after its node's p-th free time
 * (and the release) and runs at least t(p) on a node at most maxf fast,
 * so it ends at or after lb(p) (rounding keeps that order: each step is
 * monotone); it consumes at least wsuf[p].  It is dropped when lb(p) is
 * past ecap, wsuf[p] past Dcap, or (ideal estimate, work ties) when it can
 * neither consume less nor end earlier than the best, or when it
 * consumes more and more_loses: consider()'s tests. */
static int prune_nodes(struct wl *w, int k, double rel, const struct cand *best)
{
	int pmax = w->pstop < w->pD ? w->pstop : w->pD;
	int tie = best->valid && !w->tie_first && !w->rt;
	int more = tie && more_loses(w, best);
	/* Nodes under k before the best one win full ties: keep them then. */
	int first = k, size = w->qtree[w->pmin].size;
	while (first < size)
		first *= 2;
	int strict = best->valid && first - size <= best->where;
	for (int p = w->pmin; p <= pmax && p <= w->pmax_node; p++) {
		if (w->wsuf[p] > w->Dcap || (more && cmp_tol(w->wsuf[p], best->D) > 0))
			continue;
		double lb = dmax(w->qtree[p].t[k], rel) + w->tp[p] / w->maxf[k];
		if (lb > w->ecap)
			continue;
		if (tie) {
			int kd = cmp_tol(w->wsuf[p], best->D), ke = cmp_tol(lb, best->e);
			if (kd >= 0 && ke >= 0 && (!strict || kd > 0 || ke > 0))
				continue;
		}
		return 0;
	}
	return 1;
}

/* try_node on every node, skipping subtrees where every candidate would
 * be dropped.  The subtree whose earliest pmin-th free time is smaller goes
 * first: a good candidate early prunes the rest, where node order met
 * better and better ones, node after node, once the first nodes had taken
 * the longest tasks (n^2.5 at 100 000 tasks on 64 000 cores).  Ties go to
 * the first in node order (better, precedes), but "equal within WL_TOL" is
 * not transitive, so where a chain of near-ties decides, the choice may
 * differ from a scan in node order.  tie=first (the paper's strict m < m*)
 * and the runtime estimate (levels cached by class as found) keep node
 * order, hence their choices exactly. */
static void scan_nodes(struct wl *w, int k, double rel, struct cand *best)
{
	const struct hs_minindex *t = &w->qtree[w->pmin];
	if (t->t[k] == INFINITY) /* no node with pmin cores */
		return;
	if (k >= t->size) {
		try_node(w, k - t->size, rel, best);
		return;
	}
	if (prune_nodes(w, k, rel, best))
		return;
	int a = 2 * k, b = 2 * k + 1;
	if (!w->rt && !w->tie_first && t->t[b] < t->t[a]) {
		a = b;
		b = 2 * k;
	}
	scan_nodes(w, a, rel, best);
	scan_nodes(w, b, rel, best);
}

/* ---- cluster resources: a lazy merge of the nodes' sorted free times ---- */

struct cmerge {
	struct wl *w;
	int n;      /* nodes in the heap */
	int *heap;  /* node indices */
	int *taken; /* per node: cores taken so far */
};

static int cm_less(const struct cmerge *m, int x, int y)
{
	const struct wl *w = m->w;
	double ax = w->at[w->off[x] + m->taken[x]], ay = w->at[w->off[y] + m->taken[y]];
	if (ax != ay)
		return ax < ay;
	double fx = w->pl->nodes[x].speed, fy = w->pl->nodes[y].speed;
	if (fx != fy)
		return fx > fy; /* equal free time: the faster node first */
	return x < y;
}

static void cm_down(struct cmerge *m, int i)
{
	for (;;) {
		int l = 2 * i + 1, r = l + 1, s = i;
		if (l < m->n && cm_less(m, m->heap[l], m->heap[s]))
			s = l;
		if (r < m->n && cm_less(m, m->heap[r], m->heap[s]))
			s = r;
		if (s == i)
			return;
		int t = m->heap[i];
		m->heap[i] = m->heap[s];
		m->heap[s] = t;
		i = s;
	}
}

static void cm_start(struct cmerge *m, struct wl *w, const struct hs_cluster *cl, double sigma)
{
	m->w = w;
	m->heap = w->heap;
	m->taken = w->taken;
	m->n = 0;
	for (int k = 0; k < cl->nnodes; k++) {
		int j = cl->nodes[k];
		w->taken[j] = 0;
		if (w->pl->nodes[j].speed >= sigma)
			m->heap[m->n++] = j;
	}
	for (int i = m->n / 2 - 1; i >= 0; i--)
		cm_down(m, i);
}

/* Take the next earliest-free core: returns its node, -1 when none is left. */
static int cm_next(struct cmerge *m)
{
	if (!m->n)
		return -1;
	int j = m->heap[0];
	m->taken[j]++;
	if (m->taken[j] == m->w->pl->nodes[j].cores)
		m->heap[0] = m->heap[--m->n];
	cm_down(m, 0);
	return j;
}

/* Resources in one cluster: the p earliest-free cores among the nodes at
 * least sigma fast (the slowest node used sets the pace). */
static void try_cluster(struct wl *w, int c, double sigma, double rel, struct cand *best)
{
	const struct hs_cluster *cl = &w->pl->clusters[c];
	int pmax = cl->cores < w->pstop ? cl->cores : w->pstop;
	if (pmax < w->pmin || w->wsuf[w->pmin] > w->Dcap)
		return;
	double fhi = 0;
	for (int k = 0; k < cl->nnodes; k++)
		if (w->pl->nodes[cl->nodes[k]].speed >= sigma)
			fhi = dmax(fhi, w->pl->nodes[cl->nodes[k]].speed);
	struct cmerge m;
	cm_start(&m, w, cl, sigma);
	double sf = 0, sfa = 0, fslow = INFINITY;
	w->ntouched = 0;
	for (int p = 1; p <= pmax; p++) {
		int j = cm_next(&m);
		if (j < 0)
			break;
		double a = w->at[w->off[j] + w->taken[j] - 1], f = w->pl->nodes[j].speed;
		sf += f;
		sfa += f * a;
		fslow = fslow < f ? fslow : f;
		if (w->rt) { /* per class, for the runtime estimate */
			int k = w->cls_of[j];
			if (w->csf[k] == 0)
				w->touched[w->ntouched++] = k;
			w->csf[k] += f;
			w->csfa[k] += f * a;
		}
		if (p < w->pmin)
			continue;
		double s = dmax(a, rel);
		double gap = s * sf - sfa;
		if (gap < 0)
			gap = 0;
		if (gap + w->wsuf[p] > w->Dcap || s + w->tp[pmax] / fhi > w->ecap)
			break;
		double e = s + w->tp[p] / fslow;
		struct cand cd = { .D = gap + (e - s) * sf, .e = e, .s = s, .cluster = c,
				   .where = c, .cls = -1, .sigma = sigma, .p = p };
		for (int t = 0; t < w->ntouched; t++) {
			int k = w->touched[t];
			w->dvec[k] = e * w->csf[k] - w->csfa[k];
		}
		consider(w, best, &cd, w->rt ? w->dvec : NULL);
	}
	for (int t = 0; t < w->ntouched; t++) {
		int k = w->touched[t];
		w->csf[k] = w->csfa[k] = w->dvec[k] = 0;
	}
}

/* ---- placing the chosen resource ---- */

/* Node j's first k cores become busy until e. */
static void node_occupy(struct wl *w, int j, int k, double e)
{
	int n = w->pl->nodes[j].cores, o = w->off[j];
	double f = w->pl->nodes[j].speed, *a = w->at + o;
	int *ac = w->ac + o;
	/* Remove their old free times from the multiset, one key at a time. */
	for (int i = 0; i < k;) {
		int i2 = i;
		while (i2 < k && a[i2] == a[i])
			i2++;
		ft_add(&w->ft, a[i], -f * (i2 - i), -(i2 - i));
		i = i2;
	}
	ft_add(&w->ft, e, f * k, k);
	if (w->rt) {
		struct ftree *ct = &w->cls[w->cls_of[j]].ft;
		for (int i = 0; i < k;) {
			int i2 = i;
			while (i2 < k && a[i2] == a[i])
				i2++;
			ft_add(ct, a[i], -f * (i2 - i), -(i2 - i));
			i = i2;
		}
		ft_add(ct, e, f * k, k);
	}
	/* The k entries (all <= e) move behind the later entries <= e. */
	int *tc = w->cscratch;
	memcpy(tc, ac, (size_t)k * sizeof *tc);
	int q = k;
	while (q < n && a[q] <= e)
		q++;
	memmove(a, a + k, (size_t)(q - k) * sizeof *a);
	memmove(ac, ac + k, (size_t)(q - k) * sizeof *ac);
	for (int i = 0; i < k; i++) {
		a[q - k + i] = e;
		ac[q - k + i] = tc[i];
	}
	double *pr = w->pre + o + j;
	for (int i = 0; i < n; i++)
		pr[i + 1] = pr[i] + a[i];
	if (e > w->Mx)
		w->Mx = e;
	for (int q = 1; w->qtree && q <= n; q++)
		if (w->qtree[q].t)
			hs_minindex_set(&w->qtree[q], j, a[q - 1]);
}

static int cmp_int(const void *x, const void *y)
{
	int a = *(const int *)x, b = *(const int *)y;
	return (a > b) - (a < b);
}

static void place(struct wl *w, int ti, const struct cand *b, struct hs_schedule *out)
{
	const struct hs_task *t = &w->in->tasks[ti];
	int *cores = hs_malloc((size_t)b->p * sizeof *cores);
	int *nodes_used = NULL, *counts = NULL, nused = 0;
	if (b->cluster < 0) {
		int j = b->where;
		memcpy(cores, w->ac + w->off[j], (size_t)b->p * sizeof *cores);
		qsort(cores, (size_t)b->p, sizeof *cores, cmp_int);
		hs_schedule_add(out, ti, j, cores, b->p, NULL, 0, b->s, b->e);
		nodes_used = hs_malloc(sizeof *nodes_used);
		counts = hs_malloc(sizeof *counts);
		nodes_used[0] = j;
		counts[0] = b->p;
		nused = 1;
	} else {
		const struct hs_cluster *cl = &w->pl->clusters[b->cluster];
		struct cmerge m;
		cm_start(&m, w, cl, b->sigma);
		for (int p = 0; p < b->p; p++)
			cm_next(&m);
		nodes_used = hs_malloc((size_t)cl->nnodes * sizeof *nodes_used);
		counts = hs_malloc((size_t)cl->nnodes * sizeof *counts);
		for (int k = 0; k < cl->nnodes; k++) {
			int j = cl->nodes[k], c = w->taken[j];
			if (!c || w->pl->nodes[j].speed < b->sigma)
				continue;
			memcpy(cores, w->ac + w->off[j], (size_t)c * sizeof *cores);
			qsort(cores, (size_t)c, sizeof *cores, cmp_int);
			hs_schedule_add(out, ti, j, cores, c, NULL, 0, b->s, b->e);
			nodes_used[nused] = j;
			counts[nused++] = c;
		}
	}
	/* The end as the model computes it, so that a replay reproduces it. */
	struct hs_placement *pl = &out->p[ti];
	double e = pl->start + hs_placement_duration(w->in, t, pl);
	pl->end = e;
	for (int k = 0; k < nused; k++)
		node_occupy(w, nodes_used[k], counts[k], e);
	free(cores);
	free(nodes_used);
	free(counts);
}

/* ---- per task: runtimes, stop rule, work bounds ---- */

/* Fill tp[pmin..pstop]: t(p) while it decreases (the paper's early stop),
 * up to pmax; wsuf[p] = min over q in [p, pstop] of q t(q).  Returns 0, or -1
 * when no core count is allowed. */
static int task_curve(const struct hs_task *t, int pmax, double *tp, double *wsuf, int *pmin_out,
		      int *pstop_out)
{
	int pmin = hs_task_min_p(t);
	if (pmin < 1)
		pmin = 1;
	if (pmin > pmax)
		return -1;
	tp[pmin] = hs_task_time(t, pmin);
	if (!isfinite(tp[pmin]) || tp[pmin] < 0)
		return -1;
	int p = pmin;
	while (p < pmax) {
		double nx = hs_task_time(t, p + 1);
		if (!(nx < tp[p]))
			break;
		tp[++p] = nx;
	}
	wsuf[p] = p * tp[p];
	for (int q = p - 1; q >= pmin; q--)
		wsuf[q] = dmin(q * tp[q], wsuf[q + 1]);
	*pmin_out = pmin;
	*pstop_out = p;
	return 0;
}

static int scope_pmax(const struct wl *w, const struct hs_task *t)
{
	return t->scope == HS_SCOPE_NODE ? w->pmax_node : w->pmax_cluster; /* any: as cluster */
}

/* ================= set-up ================= */

struct okey {
	double work;
	int idx;
};

/* Descending sequential work, then input order. */
static int okey_cmp(const void *x, const void *y)
{
	const struct okey *a = x, *b = y;
	if (a->work != b->work)
		return a->work < b->work ? 1 : -1;
	return (a->idx > b->idx) - (a->idx < b->idx);
}

static int dbl_desc(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;
	return (a < b) - (a > b);
}

static void wl_release(struct wl *w)
{
	free(w->off);
	free(w->at);
	free(w->ac);
	free(w->pre);
	ft_release(&w->ft);
	free(w->tp);
	free(w->wsuf);
	free(w->heap);
	free(w->taken);
	free(w->cscratch);
	for (int c = 0; c < w->ncls; c++)
		ft_release(&w->cls[c].ft);
	free(w->cls);
	free(w->cls_of);
	for (int g = 0; g < w->ngrp; g++) {
		free(w->grp[g].sum);
		free(w->grp[g].tp);
	}
	free(w->grp);
	free(w->grp_of);
	free(w->active);
	free(w->dvec);
	free(w->dfail);
	free(w->lvD);
	free(w->lvL);
	free(w->lvn);
	free(w->csf);
	free(w->csfa);
	free(w->touched);
	free(w->fits);
	for (int q = 0; w->qtree && q <= w->pmax_node; q++)
		hs_minindex_free(&w->qtree[q]);
	free(w->qtree);
	free(w->maxf);
}

static void wl_init(struct wl *w, const struct hs_instance *in)
{
	const struct hs_platform *pl = &in->plat;
	int nn = pl->nnodes, total = 0;
	memset(w, 0, sizeof *w);
	w->in = in;
	w->pl = pl;
	w->off = hs_malloc((size_t)(nn + 1) * sizeof *w->off);
	for (int j = 0; j < nn; j++) {
		w->off[j] = total;
		total += pl->nodes[j].cores;
		if (pl->nodes[j].cores > w->pmax_node)
			w->pmax_node = pl->nodes[j].cores;
	}
	w->off[nn] = total;
	for (int c = 0; c < pl->nclusters; c++)
		if (pl->clusters[c].cores > w->pmax_cluster)
			w->pmax_cluster = pl->clusters[c].cores;
	w->at = hs_calloc((size_t)total + 1, sizeof *w->at);
	w->ac = hs_malloc(((size_t)total + 1) * sizeof *w->ac);
	w->pre = hs_calloc((size_t)total + (size_t)nn + 1, sizeof *w->pre);
	ft_init(&w->ft, in->ntasks + 2);
	double f0 = 0;
	for (int j = 0; j < nn; j++) {
		for (int k = 0; k < pl->nodes[j].cores; k++)
			w->ac[w->off[j] + k] = k;
		f0 += pl->nodes[j].speed * pl->nodes[j].cores;
	}
	ft_add(&w->ft, 0, f0, total); /* every core is free at time 0 */
	int pcap = w->pmax_node > w->pmax_cluster ? w->pmax_node : w->pmax_cluster;
	w->tp = hs_malloc((size_t)(pcap + 2) * sizeof *w->tp);
	w->wsuf = hs_malloc((size_t)(pcap + 2) * sizeof *w->wsuf);
	w->heap = hs_malloc((size_t)(nn + 1) * sizeof *w->heap);
	w->taken = hs_calloc((size_t)nn + 1, sizeof *w->taken);
	w->cscratch = hs_malloc((size_t)(w->pmax_node + 1) * sizeof *w->cscratch);
}

/* Classes of equal (speed, cores) nodes, each with its own free times. */
static void classes_init(struct wl *w)
{
	const struct hs_platform *pl = w->pl;
	w->cls = hs_calloc((size_t)pl->nnodes, sizeof *w->cls);
	w->cls_of = hs_malloc((size_t)pl->nnodes * sizeof *w->cls_of);
	for (int j = 0; j < pl->nnodes; j++) {
		const struct hs_node *nd = &pl->nodes[j];
		int c = 0;
		while (c < w->ncls && !(w->cls[c].f == nd->speed && w->cls[c].P == nd->cores))
			c++;
		if (c == w->ncls) {
			w->cls[c].f = nd->speed;
			w->cls[c].P = nd->cores;
			ft_init(&w->cls[c].ft, w->in->ntasks + 2);
			w->ncls++;
		}
		w->cls[c].nn++;
		w->cls[c].N += nd->cores;
		w->cls_of[j] = c;
	}
	for (int c = 0; c < w->ncls; c++)
		ft_add(&w->cls[c].ft, 0, w->cls[c].f * w->cls[c].N, w->cls[c].N);
	w->dvec = hs_calloc((size_t)w->ncls, sizeof *w->dvec);
	w->dfail = hs_malloc((size_t)w->ncls * sizeof *w->dfail);
	w->lvD = hs_malloc((size_t)w->ncls * WL_LVCACHE * sizeof *w->lvD);
	w->lvL = hs_malloc((size_t)w->ncls * WL_LVCACHE * sizeof *w->lvL);
	w->lvn = hs_calloc((size_t)w->ncls, sizeof *w->lvn);
	w->csf = hs_calloc((size_t)w->ncls, sizeof *w->csf);
	w->csfa = hs_calloc((size_t)w->ncls, sizeof *w->csfa);
	w->touched = hs_malloc((size_t)w->ncls * sizeof *w->touched);
}

#define WL_BUCKETS 32 /* runtime estimate: at most this many buckets per scope */

/* Add (sign 1) or remove (sign -1) the curve tp[pmin..pstop] of a member. */
static void bucket_add(struct tgroup *g, const double *tp, int pstop, int sign)
{
	for (int p = g->pmin; p <= g->pstop; p++) {
		g->sum[p] += sign * tp[p <= pstop ? p : pstop];
		g->tp[p] = g->cnt + sign > 0 ? g->sum[p] / (g->cnt + sign) : 0;
	}
	g->cnt += sign;
}

/* Buckets of the tasks in planning order (runtime estimate). */
static void groups_init(struct wl *w, const int *order)
{
	int n = w->in->ntasks, size = (n + WL_BUCKETS - 1) / WL_BUCKETS;
	w->grp = hs_calloc((size_t)n, sizeof *w->grp);
	w->grp_of = hs_malloc((size_t)n * sizeof *w->grp_of);
	w->active = hs_malloc((size_t)n * sizeof *w->active);
	int *pst = hs_malloc((size_t)n * sizeof *pst), *pmn = hs_malloc((size_t)n * sizeof *pmn);
	/* First pass: membership and each bucket's core-count range. */
	for (int pos = 0, g = -1; pos < n; pos++) {
		const struct hs_task *t = &w->in->tasks[order[pos]];
		int cl = t->scope != HS_SCOPE_NODE;
		task_curve(t, scope_pmax(w, t), w->tp, w->wsuf, &pmn[pos], &pst[pos]);
		if (g < 0 || w->grp[g].cluster != cl || w->grp[g].pmin != pmn[pos] ||
		    w->grp[g].cnt == size) {
			g = w->ngrp++;
			w->grp[g] = (struct tgroup){ .cluster = cl, .pmin = pmn[pos], .pstop = pst[pos] };
			w->active[w->nactive++] = g;
		}
		if (pst[pos] > w->grp[g].pstop)
			w->grp[g].pstop = pst[pos];
		w->grp[g].cnt++;
		w->grp_of[order[pos]] = g;
	}
	for (int g = 0; g < w->ngrp; g++) {
		w->grp[g].sum = hs_calloc((size_t)w->grp[g].pstop + 1, sizeof(double));
		w->grp[g].tp = hs_calloc((size_t)w->grp[g].pstop + 1, sizeof(double));
		w->grp[g].cnt = 0;
	}
	/* Second pass: the curves. */
	for (int pos = 0; pos < n; pos++) {
		const struct hs_task *t = &w->in->tasks[order[pos]];
		task_curve(t, scope_pmax(w, t), w->tp, w->wsuf, &pmn[pos], &pst[pos]);
		bucket_add(&w->grp[w->grp_of[order[pos]]], w->tp, pst[pos], 1);
	}
	free(pst);
	free(pmn);
	w->nrem = n;
	w->fits = hs_calloc((size_t)w->ngrp + 1, 1);
}

/* Task i (its curve in w->tp) is being placed: it leaves the remaining tasks. */
static void groups_remove(struct wl *w, int i)
{
	int gi = w->grp_of[i];
	struct tgroup *g = &w->grp[gi];
	bucket_add(g, w->tp, w->pstop, -1);
	w->nrem--;
	if (g->cnt == 0)
		for (int k = 0; k < w->nactive; k++)
			if (w->active[k] == gi) {
				w->active[k] = w->active[--w->nactive];
				break;
			}
}

/* Why a task cannot be planned, or NULL. */
static const char *unplannable(const struct wl *w, const struct hs_task *t, char *buf, size_t len)
{
	if (t->model == HS_MODEL_GPU || t->on == HS_ON_GPU)
		return "waterl plans on CPU cores only and this task runs only on a GPU";
	int pmax = scope_pmax(w, t), pmin = hs_task_min_p(t);
	if (pmin > pmax) {
		snprintf(buf, len, "needs %d cores but the largest %s has %d", pmin,
			 t->scope == HS_SCOPE_NODE ? "node" : "cluster", pmax);
		return buf;
	}
	if (!isfinite(hs_task_time(t, pmin > 0 ? pmin : 1)))
		return "has no finite runtime on cores";
	return NULL;
}

/* ================= the algorithm (Fig. 4) ================= */

static int waterl_run(const struct hs_instance *in, int runtime_estimate, int tie_first,
		      struct hs_schedule *out, struct hs_ctx *ctx)
{
	const struct hs_platform *pl = &in->plat;
	int n = in->ntasks, rc = 0;
	if (!n)
		return 0;
	if (!pl->nnodes) {
		hs_ctx_error(ctx, "the instance has tasks but no nodes");
		return -1;
	}
	struct wl w;
	wl_init(&w, in);
	w.tie_first = tie_first;
	char why[128];
	for (int i = 0; i < n; i++) {
		const char *msg = unplannable(&w, &in->tasks[i], why, sizeof why);
		if (msg) {
			hs_ctx_task_error(ctx, &in->tasks[i], "%s", msg);
			wl_release(&w);
			return -1;
		}
	}
	/* Order: descending t_i(1) (Fig. 4 line 5); W of the remaining tasks. */
	struct okey *ok = hs_malloc((size_t)n * sizeof *ok);
	for (int i = 0; i < n; i++)
		ok[i] = (struct okey){ hs_task_work(&in->tasks[i]), i };
	qsort(ok, (size_t)n, sizeof *ok, okey_cmp);
	int *order = hs_malloc((size_t)n * sizeof *order);
	double *wsum = hs_calloc((size_t)n + 1, sizeof *wsum);
	for (int i = n - 1; i >= 0; i--) {
		order[i] = ok[i].idx;
		wsum[i] = wsum[i + 1] + ok[i].work;
	}
	free(ok);
	if (runtime_estimate) {
		w.rt = 1;
		classes_init(&w);
		groups_init(&w, order);
	}
	/* Each cluster's distinct node speeds, fastest first (the speed classes
	 * a cluster-scoped task may restrict itself to). */
	int *soff = hs_malloc((size_t)(pl->nclusters + 1) * sizeof *soff);
	double *sig = hs_malloc(((size_t)pl->nnodes + 1) * sizeof *sig);
	int ns = 0;
	for (int c = 0; c < pl->nclusters; c++) {
		const struct hs_cluster *cl = &pl->clusters[c];
		soff[c] = ns;
		int k0 = ns;
		for (int k = 0; k < cl->nnodes; k++)
			sig[ns++] = pl->nodes[cl->nodes[k]].speed;
		qsort(sig + k0, (size_t)(ns - k0), sizeof *sig, dbl_desc);
		int u = k0;
		for (int k = k0; k < ns; k++)
			if (k == k0 || sig[k] != sig[u - 1])
				sig[u++] = sig[k];
		ns = u;
	}
	soff[pl->nclusters] = ns;

	for (int pos = 0; pos < n; pos++) {
		int ti = order[pos];
		const struct hs_task *t = &in->tasks[ti];
		w.W = wsum[pos + 1]; /* Fig. 4 line 8 */
		if (task_curve(t, scope_pmax(&w, t), w.tp, w.wsuf, &w.pmin, &w.pstop) < 0) {
			hs_ctx_task_error(ctx, t, "has no finite runtime on cores");
			rc = -1;
			break;
		}
		if (w.rt)
			groups_remove(&w, ti);
		double rel = t->release > 0 && isfinite(t->release) ? t->release : 0;
		struct cand best = { 0 };
		set_caps(&w, &best);
		for (int c = 0; w.rt && c < w.ncls; c++) {
			w.dfail[c] = INFINITY;
			w.lvn[c] = 0;
		}
		if (t->scope != HS_SCOPE_NODE) { /* scope=any: planned as cluster */
			for (int c = 0; c < pl->nclusters; c++)
				for (int k = soff[c]; k < soff[c + 1]; k++)
					try_cluster(&w, c, sig[k], rel, &best);
		} else if (w.wsuf[w.pmin] <= w.Dcap) {
			for (int p = w.pmin; p <= w.pstop && p <= w.pmax_node; p++)
				qtree_of(&w, p); /* the trees scan_nodes reads */
			scan_nodes(&w, 1, rel, &best);
		}
		if (!best.valid) {
			hs_ctx_task_error(ctx, t, "no node or cluster can run it");
			rc = -1;
			break;
		}
		place(&w, ti, &best, out);
		if ((pos & 255) == 0)
			hs_ctx_progress(ctx, pos, n);
	}
	if (!rc && hs_ctx_verbose(ctx))
		hs_ctx_prov(ctx, "evaluated", "%ld", w.evaluated);
	free(soff);
	free(sig);
	free(order);
	free(wsum);
	wl_release(&w);
	return rc;
}

/* ================= plugin glue ================= */

static int waterl_plan(const struct hs_instance *in, const struct hs_optvals *opts,
		       struct hs_schedule *out, struct hs_ctx *ctx)
{
	int runtime = strcmp(hs_opt_str(opts, "estimate"), "runtime") == 0;
	int first = strcmp(hs_opt_str(opts, "tie"), "first") == 0;
	return waterl_run(in, runtime, first, out, ctx);
}

static const struct hs_option waterl_opts[] = {
	{ "estimate", HS_OPT_CHOICE, "ideal",
	  "remaining work: perfectly parallel water (paper) or whole tasks with their runtimes",
	  "ideal|runtime" },
	{ "tie", HS_OPT_CHOICE, "work",
	  "equal estimates: least work and idle time used, then earliest end; or the first found",
	  "work|first" },
	{ NULL, 0, NULL, NULL, NULL },
};

static const struct hs_algo waterl_algo = {
	.struct_size = sizeof(struct hs_algo),
	.name = "waterl",
	.summary = "WATER-LEVEL (Dietze et al.): cores per task by the estimated makespan",
	.options = waterl_opts,
	.plan = waterl_plan,
};

static const struct hs_algo *const waterl_algos[] = { &waterl_algo, NULL };

HS_PLUGIN_DEFINE(waterl, "1.0", "WATER-LEVEL method: moldable tasks on heterogeneous nodes and clusters",
		 NULL, NULL, waterl_algos);
