/* backfill.c - online batch scheduling: FCFS, EASY and conservative
 * backfilling (Dutot et al. §2, §5.2; Mu'alem and Feitelson), with the five
 * resource choices of Lucarelli et al. and a compatibility mode that
 * reproduces the authors' implementation.  See hs-backfill(7).
 *
 * The queue holds waiting jobs in submission order.  The availability
 * profile (hs/profile.h) holds every running job until its walltime and
 * every reservation; a job's reservation is an interval [rs, rs + walltime)
 * on a resource set, found by hs_profile_find with the variant's selection.
 *
 *   fcfs          start jobs from the head of the queue while the head fits
 *                 now; nothing passes the head.
 *   easy          the same, then the head that does not fit gets a
 *                 reservation (recomputed at every batch of events), and
 *                 every later job that fits now without touching it starts.
 *                 reserve=cores (default): the reservation holds specific
 *                 cores, as pybatsim's easyBackfill, batsched and Slurm do;
 *                 reserve=count: Mu'alem and Feitelson's count, the shadow
 *                 time and the extra cores free then: a job backfills when
 *                 it ends by the shadow time or fits in the extra cores
 *                 (which it then uses up), whichever cores it gets.
 *   conservative  every job gets a reservation when it is submitted; after
 *                 a batch of ends, each waiting job, in queue order, moves
 *                 to now if it fits from now, else keeps its reservation
 *                 (recompute=none, the default: measured, it waits less
 *                 than compression, hs-backfill(7)).  recompute=compress:
 *                 at every batch with an end or a submission, each waiting
 *                 job moves to the earliest start where it fits beside the
 *                 others, when that is earlier; only the jobs that a region
 *                 freed since they were last looked at could help are
 *                 searched (compress_pass).  A job never moves later, so it
 *                 never starts after its first reservation.
 *                 recompute=scratch places every job again (no guarantee).
 *   compat=lucarelli  (the authors' code, ../shared/notes/backfilling-
 *                 variants.md): their selection rules, their hole search
 *                 (HS_PROFILE_CLOSED_END), jobs submitted together taken in
 *                 binary-heap order, and for conservative no compression:
 *                 after jobs end, a waiting job moves to "now" or keeps its
 *                 reservation.
 *
 * The algorithm (struct bf) knows nothing of the host: it is driven by
 * bf_end, bf_submit and bf_batch and answers through struct bf_out, so the
 * unit tests (tests/unit/test_backfill.c, BACKFILL_CORE_ONLY) drive it with
 * a small event loop of their own.  The glue at the end maps hs/online.h.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hs/model.h"
#include "hs/profile.h"
#include "hs/util.h"

enum bf_algo { BF_FCFS, BF_EASY, BF_CONSERVATIVE };
enum bf_state { BF_UNKNOWN, BF_WAITING, BF_RUNNING, BF_ENDED, BF_REJECTED };

struct bf_conf {
	enum bf_algo algo;
	enum hs_select_variant variant;
	enum hs_select_rules rules;
	int lucarelli; /* compat=lucarelli: heap order, closed-end holes, no compression */
	int scratch;   /* conservative: every reservation placed again from scratch */
	int compress;  /* conservative: each job moved to its earliest fit at each event */
	int count;     /* easy: the head reserves a count (shadow time, extra cores), not cores */
	int power;       /* idle shutdown: ... */
	double shutdown; /* ... a node idle this many seconds goes to sleep */
};

/* What the algorithm asks of its host. */
struct bf_out {
	void *arg;
	/* start job now on these resources: nruns runs [runs[2i], runs[2i+1])
	 * (hs_bits_runs); 0 or -1 (stop) */
	int (*start)(void *arg, int job, const int *runs, int nruns);
	int (*reject)(void *arg, int job, const char *why);
	int (*wake)(void *arg, double t);
	/* the job's first finite reservation */
	void (*resv)(void *arg, int job, double t);
	/* idle shutdown: switch node off (on 0) or on (1); the switch's end,
	 * or NAN (refused: stop) */
	double (*power)(void *arg, int node, int on);
};

/* Idle shutdown: where each node stands (see power_slide); nodes' blocks
 * gathered by date, so that the nodes asleep (most often under one date)
 * change the profile once, not once each. */
#define NBUCKETS 8
enum { BN_ON, BN_OFF, BN_ASLEEP, BN_WAKING };
struct bf_node {
	int st;
	int busy;          /* its cores held by running jobs */
	double idle;       /* ON and not busy: since when */
	double until;      /* OFF, WAKING: the switch's end */
	double b1;         /* not ON: its cores are held in the profile until b1 */
	double off, on;    /* its sleeping state's switch times */
};

struct bf_job {
	enum bf_state state;
	int n;              /* resources it asks for */
	double e;           /* walltime: every reservation's length */
	enum hs_scope scope;
	int cls, sz;        /* walltime and size classes (compression filter) */
	double key;         /* submit date (compat order) */
	double rs;          /* waiting: reservation start (+inf: none); running: start */
	int in_prof;        /* [rs, rs + e) on set is in the profile */
	double linger;      /* running past rs + e (its END not seen yet): [linger,
			     * next) on set holds it in the profile; NAN: not */
	int noted;          /* its first reservation was reported */
	uint64_t *set;      /* reserved or held resources, once it has some (NULL
			     * before), while waiting or running */
	int *runs, nruns;   /* set as runs (hs_bits_runs): the profile's changes
			     * and the start, none per resource */
};

/* Walltime classes of the compression filter: class c holds walltimes in
 * [CLS[c], CLS[c+1]), around the usual requests (10 min, 1 h, 4 h, 12 h,
 * a day, two, a week).  Finer classes cost more per freed region than they
 * save in searches. */
static const double CLS[] = { 0, 600, 3600, 14400, 43200, 86400, 172800,
			      691200 };
#define NCLS ((int)(sizeof CLS / sizeof *CLS))

/* Size classes: class k holds sizes >= 2^k. */
#define NSZ 20

/* A region [a, e) of the profile freed (a job ended early, or moved
 * earlier) and, per walltime class, the most resources free throughout a
 * window of that class's length meeting it (hs_profile_most; -1: not
 * computed, no job of that class waited). */
struct bf_freed {
	int pos;            /* position in the pass that freed it; -1: before it */
	double a, e;
	int cap[NCLS];
};

/* Of a set of freed regions: for each walltime class c and size class k,
 * the earliest start a of those whose cap for c holds 2^k resources (a
 * window of a job of class (c, k) that ends before its reservation rs can
 * meet one only when a < rs); and the latest end of all (a window that runs
 * into the job's own reservation can meet one only when end > rs - e). */
struct bf_reach {
	double t[NCLS][NSZ];
	double end;
};

struct bf {
	struct bf_conf c;
	struct bf_out out;
	int njobs, nres;
	size_t nw;
	unsigned flags;            /* hs_profile_find flags */
	struct bf_job *jobs;       /* [njobs] */
	struct hs_profile *prof;
	struct hs_select *sel;
	int *queue, nq;            /* waiting jobs, in order */
	int *pend, npend;          /* submitted in this batch, in event order */
	int *ids;                  /* [nres] scratch */
	uint64_t *got;             /* [nw] a find's result */
	uint64_t *got0;            /* [nw] a find's result at now, zeroed between
				    * them (HS_PROFILE_OUT_ZEROED: no pass over
				    * the machine's words per job started) */
	long *rank;                /* compat: heap rank of every job, or NULL */
	int approx_order;          /* compat: a batch was ordered without the others' dates */
	int host_order;            /* compat: the host gives the authors' order (hs_online_event_order) */
	int easy_head;             /* the job holding EASY's reservation, or -1 */
	double now, woken;         /* the batch's date; the latest wake-up asked */
	long decisions;            /* finds made (for the benchmark) */
	int started;               /* jobs started since the queue was last compacted */
	int bug;                   /* the profile refused a change: a bug here */
	/* The compression filter (conservative without compat): a waiting
	 * job is searched again only when a region freed since it was last
	 * looked at could let it start earlier (see compress_pass). */
	int filter;
	int *ord;                  /* [njobs] its position in the last pass */
	struct bf_freed *fr, *pfr; /* regions freed in this pass (and before it), in the last one */
	int nfr, cfr, npfr, cpfr;
	double *prev, *prev_end;   /* [njobs] reach of pfr's regions after ord[j], for its class */
	struct bf_reach cur;       /* reach of fr's regions */
	int ncls[NCLS];            /* waiting jobs per class */
	int pos;                   /* the pass's position, -1 outside */
	int verify;                /* tests: search skipped jobs too, count misses */
	long tries, skipped, missed;
	/* EASY's backfill: the jobs that did not fit now since the profile
	 * last changed (see dominated) */
	struct bf_miss { int n; double e; enum hs_scope scope; } *miss;
	int nmiss, cmiss;
	int monotone;              /* a refusal of n for e implies one of more, longer */
	/* Running jobs by the end of their walltime: one whose END comes in
	 * a later call of the same date (hs-sim --per-event) still holds its
	 * resources then, though its interval is over (see linger). */
	struct bf_wend { double t; int j; } *wend;
	int nwend, cwend;
	/* Idle shutdown (c.shutdown finite): the nodes, which core is whose,
	 * scratch sets and dates, the latest wake-up asked for it. */
	struct bf_node *nodes;
	int nnodes;
	int *node_first, *core_node;
	uint64_t *nset;
	double *rmin;
	double pwoken;
	struct bucket { double t; uint64_t *set; int used; } bk[NBUCKETS]; /* power_slide's */
};

/* ---------------- setup ---------------- */

static int cls_of(double e)
{
	int c = 0;
	while (c + 1 < NCLS && CLS[c + 1] <= e)
		c++;
	return c;
}

static int sz_of(int n)
{
	int k = 0;
	while (k + 1 < NSZ && (1 << (k + 1)) <= n)
		k++;
	return k;
}

static void reach_clear(struct bf_reach *r)
{
	for (int c = 0; c < NCLS; c++)
		for (int k = 0; k < NSZ; k++)
			r->t[c][k] = INFINITY;
	r->end = -INFINITY;
}

static void reach_add(struct bf_reach *r, const struct bf_freed *F)
{
	if (F->e > r->end)
		r->end = F->e;
	for (int c = 0; c < NCLS; c++)
		for (int k = 0; k < NSZ && (1 << k) <= F->cap[c]; k++)
			if (F->a < r->t[c][k])
				r->t[c][k] = F->a;
}



/* nnodes nodes, node j holding resources [node_first[j], node_first[j+1])
 * and belonging to cluster node_cluster[j] (consecutive). */
static struct bf *bf_new(const struct bf_conf *c, int njobs, int nnodes, const int *node_first,
			 const int *node_cluster, int nclusters, double t0)
{
	struct bf *b = hs_calloc(1, sizeof *b);
	b->c = *c;
	b->njobs = njobs;
	b->nres = node_first[nnodes];
	b->nw = HS_BITS_WORDS(b->nres) ? HS_BITS_WORDS(b->nres) : 1;
	b->flags = c->lucarelli ? HS_PROFILE_CLOSED_END : 0;
	b->jobs = hs_calloc(njobs > 0 ? njobs : 1, sizeof *b->jobs);
	b->prof = hs_profile_new(b->nres, t0);
	b->sel = hs_select_new(nnodes, node_first, node_cluster, nclusters);
	b->queue = hs_malloc((njobs + 1) * sizeof *b->queue);
	b->pend = hs_malloc((njobs + 1) * sizeof *b->pend);
	b->ids = hs_malloc((b->nres + 1) * sizeof *b->ids);
	b->got = hs_calloc(b->nw, sizeof *b->got);
	b->got0 = hs_calloc(b->nw, sizeof *b->got0);
	b->easy_head = -1;
	b->woken = -INFINITY;
	b->filter = c->algo == BF_CONSERVATIVE && c->compress && !c->lucarelli && !c->scratch;
	b->ord = hs_malloc((njobs + 1) * sizeof *b->ord);
	b->prev = hs_malloc((njobs + 1) * sizeof *b->prev);
	b->prev_end = hs_malloc((njobs + 1) * sizeof *b->prev_end);
	b->pos = -1;
	reach_clear(&b->cur);
	/* Every selection refuses a start only for want of free resources
	 * or of a block of them in a node, cluster or the machine, which a
	 * bigger job lacks too; local over several clusters is the exception
	 * (a bigger job may use more clusters). */
	b->monotone = c->variant != HS_SELECT_LOCAL || nclusters <= 1;
	if (c->power) {
		b->nnodes = nnodes;
		b->nodes = hs_calloc((size_t)nnodes + 1, sizeof *b->nodes);
		b->node_first = hs_malloc(((size_t)nnodes + 1) * sizeof *b->node_first);
		memcpy(b->node_first, node_first, ((size_t)nnodes + 1) * sizeof *b->node_first);
		b->core_node = hs_malloc(((size_t)b->nres + 1) * sizeof *b->core_node);
		for (int j = 0; j < nnodes; j++) {
			b->nodes[j].idle = t0;
			for (int r = node_first[j]; r < node_first[j + 1]; r++)
				b->core_node[r] = j;
		}
		b->nset = hs_calloc(b->nw, sizeof *b->nset);
		b->rmin = hs_malloc(((size_t)nnodes + 1) * sizeof *b->rmin);
		b->pwoken = -INFINITY;
		for (int k = 0; k < NBUCKETS; k++)
			b->bk[k].set = hs_calloc(b->nw, sizeof *b->bk[k].set);
	}
	return b;
}

static void bf_free(struct bf *b)
{
	if (!b)
		return;
	for (int j = 0; j < b->njobs; j++) {
		free(b->jobs[j].set);
		free(b->jobs[j].runs);
	}
	free(b->jobs);
	hs_profile_free(b->prof);
	hs_select_free(b->sel);
	free(b->queue);
	free(b->pend);
	free(b->ids);
	free(b->got);
	free(b->got0);
	free(b->rank);
	free(b->ord);
	free(b->fr);
	free(b->pfr);
	free(b->prev);
	free(b->prev_end);
	free(b->miss);
	free(b->wend);
	free(b->nodes);
	free(b->node_first);
	free(b->core_node);
	free(b->nset);
	free(b->rmin);
	for (int k = 0; b->nodes && k < NBUCKETS; k++)
		free(b->bk[k].set);
	free(b);
}

/* ---------------- the authors' submission order ---------------- */

/* The order in which a binary min-heap returns keys[0..n-1] inserted in
 * that order, as the authors' Heap.pm does (sift-up and sift-down move only
 * on strictly smaller keys; of two equal children, the right one is taken,
 * as _find_min_child does): all keys equal come out first one, then the
 * others reversed.  Writes the pop order into order. */
static void heap_order(const double *keys, int n, int *order)
{
	int *h = hs_malloc((n + 1) * sizeof *h);
	for (int i = 0; i < n; i++) {
		int c = i;
		h[c] = i;
		while (c > 0 && keys[h[c]] < keys[h[(c - 1) / 2]]) {
			int p = (c - 1) / 2, x = h[c];
			h[c] = h[p], h[p] = x, c = p;
		}
	}
	for (int m = n, k = 0; m > 0; k++) {
		order[k] = h[0];
		h[0] = h[--m];
		for (int c = 0;;) {
			int l = 2 * c + 1, r = l + 1, s = l;
			if (l >= m)
				break;
			if (r < m && !(keys[h[l]] < keys[h[r]]))
				s = r;
			if (!(keys[h[s]] < keys[h[c]]))
				break;
			int x = h[c];
			h[c] = h[s], h[s] = x, c = s;
		}
	}
	free(h);
}

/* compat: every job's submit date known in advance (keys[njobs]): rank
 * them as the authors' simulator pops them. */
static void bf_set_submit_dates(struct bf *b, const double *keys)
{
	int *order = hs_malloc((b->njobs + 1) * sizeof *order);
	heap_order(keys, b->njobs, order);
	b->rank = hs_malloc((b->njobs + 1) * sizeof *b->rank);
	for (int k = 0; k < b->njobs; k++)
		b->rank[order[k]] = k;
	free(order);
}

static int cmp_u64(const void *x, const void *y)
{
	uint64_t a = *(const uint64_t *)x, c = *(const uint64_t *)y;
	return (a > c) - (a < c);
}

/* The batch's submissions in the order the queue takes them. */
static void order_pending(struct bf *b)
{
	if (!b->c.lucarelli || b->npend < 2 || b->host_order)
		return;
	if (b->rank) {
		/* by rank: rank and job in one key */
		uint64_t *k = hs_malloc(b->npend * sizeof *k);
		for (int i = 0; i < b->npend; i++)
			k[i] = (uint64_t)b->rank[b->pend[i]] << 32 | (uint32_t)b->pend[i];
		qsort(k, b->npend, sizeof *k, cmp_u64);
		for (int i = 0; i < b->npend; i++)
			b->pend[i] = (int)(uint32_t)k[i];
		free(k);
		return;
	}
	/* Without the other jobs' dates, a heap of this batch alone: exact
	 * when it holds every job (all submitted at once). */
	double *keys = hs_malloc(b->npend * sizeof *keys);
	int *order = hs_malloc(b->npend * sizeof *order), *p = hs_malloc(b->npend * sizeof *p);
	for (int i = 0; i < b->npend; i++)
		keys[i] = b->jobs[b->pend[i]].key;
	heap_order(keys, b->npend, order);
	for (int i = 0; i < b->npend; i++)
		p[i] = b->pend[order[i]];
	memcpy(b->pend, p, b->npend * sizeof *p);
	if (b->npend < b->njobs)
		b->approx_order = 1;
	free(keys);
	free(order);
	free(p);
}

/* ---------------- decisions ---------------- */

struct pick_arg {
	struct bf *b;
	const struct bf_job *j;
};

static int pick(void *arg, const uint64_t *free, int nfree, int n, uint64_t *out)
{
	struct pick_arg *a = arg;
	return hs_select_pick_into(a->b->sel, a->b->c.variant, a->b->c.rules, a->j->scope, free, nfree, n,
				   out);
}

/* The earliest start of job j in [from, tmax] beside what the profile holds;
 * its resources in b->got. */
static double find_with(struct bf *b, int j, double from, double tmax, unsigned flags)
{
	struct pick_arg a = { b, &b->jobs[j] };
	b->decisions++;
	return hs_profile_find(b->prof, from, tmax, b->jobs[j].n, b->jobs[j].e, flags, pick, &a, b->got);
}

static double find(struct bf *b, int j, double from, double tmax)
{
	return find_with(b, j, from, tmax, b->flags);
}

/* Whether job j fits now; its resources in b->got0. */
static double find_now(struct bf *b, int j)
{
	struct pick_arg a = { b, &b->jobs[j] };
	b->decisions++;
	return hs_profile_find(b->prof, b->now, b->now, b->jobs[j].n, b->jobs[j].e,
			       b->flags | HS_PROFILE_OUT_ZEROED, pick, &a, b->got0);
}

/* J's runs become the nruns runs in b->ids. */
static void set_runs(struct bf *b, struct bf_job *J, int nruns)
{
	J->nruns = nruns;
	J->runs = hs_reallocarray(J->runs, 2 * (size_t)nruns + 2, sizeof *J->runs);
	memcpy(J->runs, b->ids, 2 * (size_t)nruns * sizeof *J->runs);
}

/* j's resources become the find's (b->got): a job's first set is got's
 * array itself (got gets a new one), and its runs are worked out once
 * here, not at each change of the profile. */
static void take_got(struct bf *b, int j, double x)
{
	struct bf_job *J = &b->jobs[j];
	if (!J->set) {
		J->set = b->got;
		b->got = hs_malloc(b->nw * sizeof *b->got);
	} else {
		memcpy(J->set, b->got, b->nw * sizeof *b->got);
	}
	set_runs(b, J, hs_bits_runs_n(J->set, b->nres, J->n, b->ids));
	J->rs = x;
}

/* j, about to start now, gets the resources of find_now's result (b->got0),
 * as runs only (a running job keeps no bitset); got0 is zeroed again by
 * its runs. */
static void take_now(struct bf *b, int j)
{
	struct bf_job *J = &b->jobs[j];
	set_runs(b, J, hs_bits_runs_n(b->got0, b->nres, J->n, b->ids));
	for (int k = 0; k < J->nruns; k++)
		hs_bits_fill(b->got0, J->runs[2 * k], J->runs[2 * k + 1], 0);
	J->rs = b->now;
}

/* Put j's interval into the profile (it is free: the caller found it). */
static void hold(struct bf *b, int j)
{
	struct bf_job *J = &b->jobs[j];
	if (J->rs < INFINITY && !J->in_prof) {
		if (hs_profile_insert_runs(b->prof, J->rs, J->rs + J->e, J->runs, J->nruns) != 0)
			b->bug = 1;
		J->in_prof = 1;
	}
}

static void unhold(struct bf *b, int j)
{
	struct bf_job *J = &b->jobs[j];
	if (J->in_prof) {
		if (hs_profile_remove_runs(b->prof, J->rs, J->rs + J->e, J->runs, J->nruns) != 0)
			b->bug = 1;
		J->in_prof = 0;
	}
}

/* The profile lost [a, e) (an early end, or a job that moved earlier,
 * whose old interval it was): record what that region can hold for each
 * walltime class of the waiting jobs. */
static void freed(struct bf *b, double a, double e)
{
	if (!b->filter)
		return;
	if (b->nfr == b->cfr) {
		b->cfr = b->cfr ? 2 * b->cfr : 64;
		b->fr = hs_reallocarray(b->fr, b->cfr, sizeof *b->fr);
	}
	struct bf_freed *F = &b->fr[b->nfr++];
	F->pos = b->pos;
	F->a = a;
	F->e = e;
	int zero = 0;
	for (int c = 0; c < NCLS; c++) {
		/* caps shrink as windows grow: 0 stays 0 */
		F->cap[c] = !b->ncls[c] ? -1 : zero ? 0 : hs_profile_most(b->prof, a, e, CLS[c]);
		if (F->cap[c] == 0)
			zero = 1;
	}
	reach_add(&b->cur, F);
}

static void note_resv(struct bf *b, int j)
{
	struct bf_job *J = &b->jobs[j];
	if (!J->noted && J->rs < INFINITY) {
		J->noted = 1;
		if (b->out.resv)
			b->out.resv(b->out.arg, j, J->rs);
	}
}

/* ---------------- walltime ends ---------------- */

static void wend_push(struct bf *b, double t, int j)
{
	if (b->nwend == b->cwend) {
		b->cwend = b->cwend ? 2 * b->cwend : 64;
		b->wend = hs_reallocarray(b->wend, b->cwend, sizeof *b->wend);
	}
	int c = b->nwend++;
	while (c > 0 && b->wend[(c - 1) / 2].t > t) {
		b->wend[c] = b->wend[(c - 1) / 2];
		c = (c - 1) / 2;
	}
	b->wend[c] = (struct bf_wend){ t, j };
}

static void wend_pop(struct bf *b)
{
	struct bf_wend x = b->wend[--b->nwend];
	int c = 0;
	for (;;) {
		int l = 2 * c + 1, m = l;
		if (l >= b->nwend)
			break;
		if (l + 1 < b->nwend && b->wend[l + 1].t < b->wend[l].t)
			m = l + 1;
		if (!(b->wend[m].t < x.t))
			break;
		b->wend[c] = b->wend[m];
		c = m;
	}
	if (b->nwend)
		b->wend[c] = x;
}

static int overlap(const uint64_t *a, const uint64_t *c, size_t nw)
{
	for (size_t w = 0; w < nw; w++)
		if (a[w] & c[w])
			return 1;
	return 0;
}

/* Whether set holds a resource of the runs. */
static int meets_runs(const uint64_t *set, const int *runs, int nruns)
{
	for (int k = 0; k < nruns; k++)
		if (hs_bits_next(set, runs[2 * k], runs[2 * k + 1]) < runs[2 * k + 1])
			return 1;
	return 0;
}

static void reserve(struct bf *b, int j);

/* Jobs still running at the end of their walltime (their END not seen:
 * it comes later at this date, hs-sim --per-event) keep their resources
 * at now.  The reservations that counted on them at now move: EASY's head
 * is placed again anyway, conservative's are placed again here. */
static void linger(struct bf *b)
{
	while (b->nwend && b->wend[0].t <= b->now) {
		struct bf_job *J = &b->jobs[b->wend[0].j];
		wend_pop(b);
		if (J->state != BF_RUNNING || J->linger == J->linger)
			continue;
		int moved = 0;
		for (int i = 0; i < b->nq; i++) {
			struct bf_job *W = &b->jobs[b->queue[i]];
			if (W->in_prof && W->rs == b->now && meets_runs(W->set, J->runs, J->nruns)) {
				unhold(b, b->queue[i]);
				W->rs = INFINITY;
				moved = 1;
			}
		}
		J->linger = b->now;
		if (hs_profile_insert_runs(b->prof, b->now, nextafter(b->now, INFINITY), J->runs, J->nruns) != 0)
			b->bug = 1;
		for (int i = 0; moved && b->c.algo == BF_CONSERVATIVE && i < b->nq; i++)
			if (b->jobs[b->queue[i]].rs == INFINITY)
				reserve(b, b->queue[i]);
	}
}

/* Start waiting job j now on its runs (its interval goes into the profile). */
static int start(struct bf *b, int j)
{
	struct bf_job *J = &b->jobs[j];
	if (b->filter)
		b->ncls[J->cls]--;
	J->rs = b->now;
	hold(b, j);
	J->state = BF_RUNNING;
	J->linger = NAN;
	if (J->e < INFINITY)
		wend_push(b, J->rs + J->e, j);
	if (b->easy_head == j)
		b->easy_head = -1;
	b->started++;
	free(J->set); /* from now on its runs say where it runs */
	J->set = NULL;
	for (int k = 0; b->nodes && k < J->nruns; k++)
		for (int r = J->runs[2 * k]; r < J->runs[2 * k + 1]; r++)
			b->nodes[b->core_node[r]].busy++;
	return b->out.start(b->out.arg, j, J->runs, J->nruns);
}

/* Start j now if it fits now beside the profile. */
static int try_now(struct bf *b, int j, int *rc)
{
	const struct bf_job *J = &b->jobs[j];
	if (hs_profile_free_at(b->prof, b->now, NULL) < J->n)
		return 0;
	if (find_now(b, j) != b->now)
		return 0;
	take_now(b, j);
	*rc = start(b, j);
	return 1;
}

/* Drop jobs no longer waiting from the queue (none left it when no job
 * started in this batch: a pass over a long queue saved). */
static void compact(struct bf *b)
{
	if (!b->started)
		return;
	b->started = 0;
	int k = 0;
	for (int i = 0; i < b->nq; i++)
		if (b->jobs[b->queue[i]].state == BF_WAITING)
			b->queue[k++] = b->queue[i];
	b->nq = k;
}

/* ---------------- events ---------------- */

/* Job j, running, ended at now: free the rest of its interval. */
static void bf_end(struct bf *b, int j, double now)
{
	if (j < 0 || j >= b->njobs || b->jobs[j].state != BF_RUNNING)
		return;
	struct bf_job *J = &b->jobs[j];
	hs_profile_advance(b->prof, now);
	if (J->in_prof && now < J->rs + J->e) {
		if (hs_profile_remove_runs(b->prof, now, J->rs + J->e, J->runs, J->nruns) != 0)
			b->bug = 1;
		b->now = now;
		b->pos = -1;
		freed(b, now, J->rs + J->e);
	}
	if (J->linger == J->linger) {
		/* its END came: what it held past its walltime is free, and
		 * reservations moved for it may come back */
		double next = nextafter(J->linger, INFINITY);
		if (hs_profile_remove_runs(b->prof, J->linger, next, J->runs, J->nruns) != 0)
			b->bug = 1;
		b->now = now;
		b->pos = -1;
		freed(b, J->linger, next);
	}
	J->in_prof = 0;
	J->state = BF_ENDED;
	for (int k = 0; b->nodes && k < J->nruns; k++)
		for (int r = J->runs[2 * k]; r < J->runs[2 * k + 1]; r++) {
			struct bf_node *N = &b->nodes[b->core_node[r]];
			if (--N->busy == 0)
				N->idle = now;
		}
	free(J->runs); /* its set went at its start */
	J->runs = NULL;
	J->nruns = 0;
}

/* Job j was submitted (at date key): n resources of scope for walltime e. */
static void bf_submit(struct bf *b, int j, int n, double e, enum hs_scope scope, double key)
{
	if (j < 0 || j >= b->njobs || b->jobs[j].state != BF_UNKNOWN)
		return;
	struct bf_job *J = &b->jobs[j];
	J->n = n;
	J->e = e >= 0 ? e : 0;
	J->scope = scope;
	J->cls = cls_of(J->e);
	J->sz = sz_of(n > 0 ? n : 1);
	J->key = key;
	J->rs = INFINITY;
	b->pend[b->npend++] = j;
}

/* Admit this batch's submissions: reject the impossible ones, queue the
 * others (without reservations yet). */
static int admit(struct bf *b)
{
	order_pending(b);
	int k = 0;
	for (int i = 0; i < b->npend; i++) {
		int j = b->pend[i];
		struct bf_job *J = &b->jobs[j];
		int max = hs_select_max(b->sel, J->scope);
		char why[160];
		if (J->n <= 0)
			snprintf(why, sizeof why, "asks for no cores (backfill schedules cores only)");
		else if (J->n > max)
			snprintf(why, sizeof why, "asks for %d cores; the largest %s has %d", J->n,
				 J->scope == HS_SCOPE_NODE ? "node" : J->scope == HS_SCOPE_CLUSTER ? "cluster" :
												   "machine",
				 max);
		else {
			J->state = BF_WAITING;
			b->ord[j] = INT32_MAX; /* reserved after every region freed so far */
			b->ncls[J->cls]++;
			b->pend[k++] = j;
			continue;
		}
		J->state = BF_REJECTED;
		if (b->out.reject(b->out.arg, j, why) != 0)
			return -1;
	}
	b->npend = k;
	return 0;
}

static int fcfs(struct bf *b)
{
	int rc = 0;
	for (int i = 0; i < b->npend; i++)
		b->queue[b->nq++] = b->pend[i];
	for (int i = 0; i < b->nq && !rc; i++)
		if (!try_now(b, b->queue[i], &rc))
			break;
	compact(b);
	return rc;
}

/* Whether job j cannot fit now because a job it dominates (as many
 * resources or fewer, as long or shorter, the same scope) did not fit now
 * beside the same profile: its window holds that one's, so its free set
 * is a subset of that one's and it asks for more.  Saves EASY's backfill a
 * search per queued job and event on a long queue; the schedule is the
 * one that searching them all gives. */
static int dominated(const struct bf *b, int j)
{
	const struct bf_job *J = &b->jobs[j];
	if (!b->monotone && J->scope == HS_SCOPE_ANY)
		return 0;
	for (int i = 0; i < b->nmiss; i++)
		if (b->miss[i].n <= J->n && b->miss[i].e <= J->e && b->miss[i].scope == J->scope)
			return 1;
	return 0;
}

/* Job j did not fit now: remember it, dropping those it dominates. */
static void missed(struct bf *b, int j)
{
	const struct bf_job *J = &b->jobs[j];
	int k = 0;
	for (int i = 0; i < b->nmiss; i++)
		if (!(b->miss[i].scope == J->scope && b->miss[i].n >= J->n && b->miss[i].e >= J->e))
			b->miss[k++] = b->miss[i];
	b->nmiss = k;
	if (b->nmiss == b->cmiss) {
		b->cmiss = b->cmiss ? 2 * b->cmiss : 16;
		b->miss = hs_reallocarray(b->miss, b->cmiss, sizeof *b->miss);
	}
	b->miss[b->nmiss++] = (struct bf_miss){ J->n, J->e, J->scope };
}

/* Job j's earliest start in [from, until] with its reservation lifted:
 * the search that sees the reservation as free, so that the profile
 * changes only when j moves (most do not, and a change costs more than
 * the search); its resources in b->got. */
static double lifted(struct bf *b, int j, double from, double until, unsigned flags)
{
	struct bf_job *J = &b->jobs[j];
	struct pick_arg a = { b, J };
	struct hs_profile_query q = { .from = from, .until = until, .n = J->n, .d = J->e, .flags = flags,
				      .sel = pick, .arg = &a };
	if (J->in_prof) {
		q.own_t0 = J->rs;
		q.own_t1 = J->rs + J->e;
		q.own = J->set;
	}
	b->decisions++;
	return hs_profile_search_runs(b->prof, &q, J->runs, J->nruns, b->got);
}

/* EASY's head of the last batch, still first in the queue: start it now
 * if it fits with its reservation lifted. */
static int head_now(struct bf *b, int h, int *rc)
{
	/* Reserved later than now, it is not in the profile at now: fewer
	 * cores free now than it asks for is the search's no, said at once
	 * (most batches, while the head waits). */
	const struct bf_job *H = &b->jobs[h];
	if (H->rs > b->now && hs_profile_free_at(b->prof, b->now, NULL) < H->n)
		return 0;
	if (lifted(b, h, b->now, b->now, b->flags) != b->now)
		return 0;
	unhold(b, h);
	take_got(b, h, b->now);
	*rc = start(b, h);
	return 1;
}

/* The head's reservation beside the running jobs: h0, the last batch's
 * head, keeps its own when it would get it again (the profile unchanged,
 * as its removal and insertion would leave it). */
static double head_resv(struct bf *b, int h, int h0)
{
	if (h != h0)
		return find(b, h, b->now, INFINITY);
	struct bf_job *J = &b->jobs[h];
	double x = lifted(b, h, b->now, INFINITY, b->flags);
	if (J->in_prof && x == J->rs && memcmp(b->got, J->set, b->nw * sizeof *b->got) == 0)
		return x;
	unhold(b, h);
	return x;
}

static int easy(struct bf *b)
{
	int rc = 0;
	/* The last head keeps its reservation while the searches that
	 * concern it see it lifted; it is first in the queue (the jobs
	 * before it started), unless it is not, then it is lifted now. */
	int h0 = b->easy_head;
	if (h0 >= 0 && (b->nq == 0 || b->queue[0] != h0)) {
		unhold(b, h0);
		h0 = -1;
	}
	b->easy_head = -1;
	for (int i = 0; i < b->npend; i++)
		b->queue[b->nq++] = b->pend[i];
	int i = 0;
	while (i < b->nq && !rc &&
	       (b->queue[i] == h0 ? head_now(b, h0, &rc) : try_now(b, b->queue[i], &rc)))
		i++;
	if (i < b->nq && !rc) {
		/* The head's reservation, beside the running jobs only. */
		int h = b->queue[i];
		double x = head_resv(b, h, h0);
		int extra = 0; /* reserve=count: cores free at x beyond the head's */
		if (x < INFINITY && b->c.count) {
			/* Only running jobs are in the profile: what is free at
			 * x stays free after it. */
			extra = hs_profile_free_at(b->prof, x, NULL) - b->jobs[h].n;
			b->jobs[h].rs = x;
			note_resv(b, h);
		} else if (x < INFINITY) {
			if (!b->jobs[h].in_prof) {
				take_got(b, h, x);
				hold(b, h);
			}
			b->easy_head = h;
			note_resv(b, h);
		}
		/* Backfill: later jobs that fit now, around it. */
		b->nmiss = 0;
		/* the cores free now, asked again only when a job started */
		int f = hs_profile_free_at(b->prof, b->now, NULL);
		for (int k = i + 1; k < b->nq && !rc; k++) {
			int j = b->queue[k];
			const struct bf_job *J = &b->jobs[j];
			if (f == 0)
				break;
			if (J->n > f || dominated(b, j))
				continue;
			/* reserve=count: past the shadow time only in the extra
			 * cores (a refusal that holds for more, longer jobs too) */
			int late = b->c.count && b->now + J->e > x;
			if (late && J->n > extra)
				missed(b, j);
			else if (try_now(b, j, &rc)) {
				b->nmiss = 0; /* the profile changed */
				extra -= late ? J->n : 0;
				f = hs_profile_free_at(b->prof, b->now, NULL);
			} else if (b->monotone || J->scope != HS_SCOPE_ANY)
				missed(b, j);
		}
	}
	compact(b);
	return rc;
}

/* Conservative: reserve for j from now on (no reservation yet). */
static void reserve(struct bf *b, int j)
{
	double x = find(b, j, b->now, INFINITY);
	if (x < INFINITY) {
		take_got(b, j, x);
		hold(b, j);
		note_resv(b, j);
	}
}

/* Compression: j moves to its earliest start beside the others when that is
 * earlier than its reservation.  The search sees j's own reservation as
 * free, so j leaves the profile only when it moves. */
static void compress(struct bf *b, int j, double from)
{
	struct bf_job *J = &b->jobs[j];
	if (from < b->now)
		from = b->now;
	if (J->rs <= from || hs_profile_max_free(b->prof, from, J->rs) < J->n)
		return;
	double x = lifted(b, j, from, J->rs, b->flags);
	if (x < J->rs) {
		double t0 = J->rs;
		unhold(b, j);
		take_got(b, j, x);
		hold(b, j);
		freed(b, t0, t0 + J->e);
	}
	note_resv(b, j);
}

/* Tests: j's earliest start before its reservation by a search from now
 * (+inf: none). */
static double verify_search(struct bf *b, int j)
{
	return lifted(b, j, b->now, nextafter(b->jobs[j].rs, -INFINITY), b->flags);
}

/* One compression pass, each waiting job in queue order.  Job j, last
 * looked at in the previous pass (at position ord[j]), can start earlier
 * now only if one of its windows meets a region freed since: freed in that
 * pass after position ord[j], or by this batch's ends, or in this pass so
 * far.  Such a window either ends before j's reservation and holds at most
 * the region's cap for j's walltime class (hs_profile_most), or it runs
 * into j's own reservation, which needs n free resources just before it
 * (struct bf_reach).
 * A job that none of these allows keeps its reservation without a search,
 * and the search of the others starts where their first such window can:
 * the schedule is the one that searching them all gives (b->verify checks
 * that no skipped job could have moved). */
static void compress_pass(struct bf *b)
{
	/* Jobs are in the order of the previous pass (ord[j] increasing) and
	 * its regions by position: the regions after a job's position are a
	 * suffix, gathered walking the queue backwards.  A job after the last
	 * of them has nothing new to see until this pass frees something. */
	int last = b->npfr > 0 ? b->pfr[b->npfr - 1].pos : INT32_MIN;
	if (b->filter && b->npfr > 0) {
		struct bf_reach r;
		reach_clear(&r);
		int f = b->npfr;
		for (int i = b->nq - 1; i >= 0; i--) {
			int j = b->queue[i];
			if (b->ord[j] >= last)
				continue;
			while (f > 0 && b->pfr[f - 1].pos > b->ord[j])
				reach_add(&r, &b->pfr[--f]);
			b->prev[j] = r.t[b->jobs[j].cls][b->jobs[j].sz];
			b->prev_end[j] = r.end;
		}
	}
	for (int i = 0; i < b->nq; i++) {
		int j = b->queue[i];
		struct bf_job *J = &b->jobs[j];
		if (b->filter && b->nfr == 0 && b->ord[j] >= last)
			break;
		if (J->rs <= b->now)
			continue;
		b->pos = i;
		int dirty = !b->filter || !J->in_prof;
		double from = b->now;
		if (!dirty) {
			double t = b->cur.t[J->cls][J->sz], end = b->cur.end;
			if (b->ord[j] < last && b->prev[j] < t)
				t = b->prev[j];
			if (b->ord[j] < last && b->prev_end[j] > end)
				end = b->prev_end[j];
			/* the windows that can have changed start after from */
			if (t < J->rs) {
				dirty = 1;
				from = t - J->e;
			} else if (end > J->rs - J->e &&
				   hs_profile_free_at(b->prof, nextafter(J->rs, -INFINITY), NULL) >= J->n) {
				dirty = 1;
				from = J->rs - J->e;
			}
		}
		b->ord[j] = i;
		b->tries++;
		if (dirty) {
			double full = b->verify ? verify_search(b, j) : 0;
			compress(b, j, from);
			if (b->verify && (full < INFINITY ? full : J->rs) != J->rs)
				b->missed++;
			continue;
		}
		b->skipped++;
		if (b->verify && verify_search(b, j) < J->rs)
			b->missed++;
	}
	b->pos = -1;
	/* this pass's regions become the previous pass's */
	struct bf_freed *t = b->pfr;
	int ct = b->cpfr;
	b->pfr = b->fr, b->cpfr = b->cfr, b->npfr = b->nfr;
	b->fr = t, b->cfr = ct, b->nfr = 0;
	reach_clear(&b->cur);
}

/* After jobs ended (recompute=none and compat=lucarelli): j moves to now if
 * it can run from now (n free now, and a fit at now once its reservation is
 * lifted), else keeps its reservation exactly.  As the authors'
 * reassignment does: a job
 * reserved at now is lifted too and may get other cores, and the fit at
 * now is their plain one (the closed-end quirk is their search's at
 * submission only). */
static void to_now(struct bf *b, int j)
{
	struct bf_job *J = &b->jobs[j];
	if (J->rs < b->now || hs_profile_free_at(b->prof, b->now, NULL) < J->n)
		return;
	/* A reservation that starts after the window at now does not change
	 * the window: then a job it dominates that did not fit (since the
	 * profile last changed) rules it out, as in EASY's backfill. */
	int apart = !J->in_prof || J->rs >= b->now + J->e;
	unsigned plain = b->flags & ~(unsigned)HS_PROFILE_CLOSED_END; /* the closed end: at submission only */
	b->tries++;
	if (apart && dominated(b, j)) {
		b->skipped++;
		if (b->verify && lifted(b, j, b->now, b->now, plain) == b->now)
			b->missed++;
		note_resv(b, j);
		return;
	}
	if (lifted(b, j, b->now, b->now, plain) == b->now) {
		unhold(b, j);
		take_got(b, j, b->now);
		hold(b, j);
		b->nmiss = 0; /* the profile changed */
	} else if (apart && (b->monotone || J->scope != HS_SCOPE_ANY)) {
		missed(b, j);
	}
	note_resv(b, j);
}

static int conservative(struct bf *b, int nend, int nsub)
{
	int rc = 0;
	int moves = b->c.lucarelli || (!b->c.scratch && !b->c.compress); /* recompute=none */
	if (moves) {
		/* as the authors' code: after ends, to now or not at all */
		b->nmiss = 0;
		if (nend > 0)
			for (int i = 0; i < b->nq; i++)
				to_now(b, b->queue[i]);
	} else if (b->c.scratch && (nend > 0 || nsub > 0)) {
		/* Dutot's words taken literally: drop every reservation and
		 * place the jobs again in queue order (no guarantee) */
		for (int i = 0; i < b->nq; i++)
			if (b->jobs[b->queue[i]].rs > b->now)
				unhold(b, b->queue[i]);
		for (int i = 0; i < b->nq; i++)
			if (!b->jobs[b->queue[i]].in_prof) {
				b->jobs[b->queue[i]].rs = INFINITY;
				reserve(b, b->queue[i]);
			}
	} else if (nend > 0 || nsub > 0) {
		compress_pass(b);
	}
	for (int i = 0; i < b->npend; i++) {
		reserve(b, b->pend[i]);
		b->queue[b->nq++] = b->pend[i];
	}
	for (int i = 0; i < b->nq && !rc; i++) {
		int j = b->queue[i];
		if (b->jobs[j].rs == b->now)
			rc = start(b, j);
	}
	compact(b);
	return rc;
}

/* Ask for a wake-up at the earliest future reservation: a job must start
 * there even when nothing ends at that date. */
static int wake(struct bf *b)
{
	double t = INFINITY;
	/* Of FCFS's and EASY's waiting jobs, only EASY's head holds a
	 * reservation in the profile: no pass over a long queue per batch
	 * (a cache miss a job). */
	if (b->c.algo != BF_CONSERVATIVE) {
		const struct bf_job *H = b->easy_head >= 0 ? &b->jobs[b->easy_head] : NULL;
		if (H && H->in_prof && H->rs > b->now)
			t = H->rs;
	}
	for (int i = 0; b->c.algo == BF_CONSERVATIVE && i < b->nq; i++) {
		const struct bf_job *J = &b->jobs[b->queue[i]];
		if (J->in_prof && J->rs > b->now && J->rs < t)
			t = J->rs;
	}
	if (t < INFINITY && (b->woken <= b->now || t < b->woken)) {
		b->woken = t;
		return b->out.wake(b->out.arg, t);
	}
	return 0;
}

/* ---------------- idle shutdown ----------------
 *
 * A node that is not on is held in the profile until the date it could
 * run a job if it were woken now (asleep: now + its on time; switching
 * off: the switch's end + on time; switching on: the switch's end), so
 * that reservations fall after the wake-up and nothing starts there
 * before.  That block slides with time while the node sleeps.  A node
 * sleeping under a reservation is woken on time: when the reservation
 * begins within its on time (a wake-up is asked at that date).  A node on
 * and idle for c.shutdown seconds goes to sleep unless a reservation
 * holds it before it could switch off and on again (c.power). */

/* set += node j's cores: [lo, hi) a word at a time (the slide does it
 * for every node asleep at every date). */
static void add_node(struct bf *b, uint64_t *set, int j)
{
	hs_bits_fill(set, b->node_first[j], b->node_first[j + 1], 1);
}

/* The date node j could run a job if woken now. */
static double node_ready(const struct bf *b, int j)
{
	const struct bf_node *N = &b->nodes[j];
	switch (N->st) {
	case BN_ASLEEP: return b->now + N->on;
	case BN_OFF: return fmax(N->until, b->now) + N->on;
	case BN_WAKING: return N->until;
	default: return b->now;
	}
}

/* Lift the reservations on set that begin before t1 (their jobs back to
 * none: EASY's head is placed again, conservative's by the caller);
 * whether any was. */
static int lift_before(struct bf *b, const uint64_t *set, double t1)
{
	int moved = 0;
	for (int i = 0; i < b->nq; i++) {
		struct bf_job *W = &b->jobs[b->queue[i]];
		if (W->state == BF_WAITING && W->in_prof && W->rs < t1 && overlap(W->set, set, b->nw)) {
			unhold(b, b->queue[i]);
			W->rs = INFINITY;
			if (b->easy_head == b->queue[i])
				b->easy_head = -1;
			moved = 1;
		}
	}
	return moved;
}


/* Flush the buckets: remove (insert 0) [now, t) on each set, or insert
 * it after lifting what it would overlap (insert 1). */
static int flush(struct bf *b, struct bucket *bk, int insert)
{
	int moved = 0;
	for (int k = 0; k < NBUCKETS; k++) {
		if (!bk[k].used)
			continue;
		int rc;
		if (insert) {
			moved |= lift_before(b, bk[k].set, bk[k].t);
			rc = hs_profile_insert(b->prof, b->now, bk[k].t, bk[k].set);
		} else
			rc = hs_profile_remove(b->prof, b->now, bk[k].t, bk[k].set);
		if (rc != 0)
			b->bug = 1;
		memset(bk[k].set, 0, b->nw * sizeof *bk[k].set);
		bk[k].used = 0;
	}
	return moved;
}

/* Node j into the bucket of date t (flushed when no bucket is left). */
static int to_bucket(struct bf *b, struct bucket *bk, int j, double t, int insert)
{
	int moved = 0, k;
	for (k = 0; k < NBUCKETS && bk[k].used && bk[k].t != t; k++)
		;
	if (k == NBUCKETS) {
		moved = flush(b, bk, insert);
		k = 0;
	}
	bk[k].t = t;
	bk[k].used = 1;
	add_node(b, bk[k].set, j);
	return moved;
}

/* Before a batch's pass: the blocks of nodes asleep or switching off
 * slide to now (their ready date moves with it). */
static void power_slide(struct bf *b)
{
	struct bucket *bk = b->bk;
	for (int j = 0; j < b->nnodes; j++) {
		struct bf_node *N = &b->nodes[j];
		if ((N->st == BN_ASLEEP || N->st == BN_OFF) && N->b1 > b->now)
			to_bucket(b, bk, j, N->b1, 0);
	}
	flush(b, bk, 0);
	int moved = 0;
	for (int j = 0; j < b->nnodes; j++) {
		struct bf_node *N = &b->nodes[j];
		if (N->st != BN_ASLEEP && N->st != BN_OFF)
			continue;
		N->b1 = node_ready(b, j);
		if (N->b1 > b->now)
			moved |= to_bucket(b, bk, j, N->b1, 1);
	}
	moved |= flush(b, bk, 1);
	for (int i = 0; moved && b->c.algo == BF_CONSERVATIVE && i < b->nq; i++)
		if (b->jobs[b->queue[i]].state == BF_WAITING && b->jobs[b->queue[i]].rs == INFINITY)
			reserve(b, b->queue[i]);
}

/* rmin[j]: the earliest reservation on node j of the jobs waiting (FCFS:
 * where its head could start first). */
static void power_rmin(struct bf *b)
{
	for (int j = 0; j < b->nnodes; j++)
		b->rmin[j] = INFINITY;
	for (int i = 0; i < b->nq; i++) {
		int q = b->queue[i];
		struct bf_job *W = &b->jobs[q];
		if (W->state != BF_WAITING)
			continue;
		const uint64_t *set = W->set;
		double rs = W->rs;
		if (!W->in_prof) {
			/* FCFS keeps no reservation: its head's earliest fit */
			if (b->c.algo != BF_FCFS || i > 0)
				continue;
			rs = find(b, q, b->now, INFINITY);
			set = b->got;
		}
		for (int r = 0; rs < INFINITY && (r = hs_bits_next(set, r, b->nres)) < b->nres;) {
			int j = b->core_node[r];
			b->rmin[j] = fmin(b->rmin[j], rs);
			r = b->node_first[j + 1];
		}
	}
}

/* After a batch's pass: wake the sleeping nodes a reservation needs,
 * put to sleep the nodes idle for long enough, ask for the next date
 * either happens at. */
static int power_after(struct bf *b)
{
	power_rmin(b);
	double next = INFINITY;
	for (int j = 0; j < b->nnodes; j++) {
		struct bf_node *N = &b->nodes[j];
		if (N->st == BN_ASLEEP && b->rmin[j] < INFINITY) {
			if (b->rmin[j] > b->now + N->on) {
				next = fmin(next, b->rmin[j] - N->on);
				continue;
			}
			double u = b->out.power(b->out.arg, j, 1);
			if (u != u)
				return -1;
			N->st = BN_WAKING;
			N->until = u;
		} else if (N->st == BN_ON && N->busy == 0) {
			double due = N->idle + b->c.shutdown;
			if (due > b->now) {
				next = fmin(next, due);
				continue;
			}
			if (b->rmin[j] < b->now + N->off + N->on)
				continue; /* needed soon: stays on */
			double u = b->out.power(b->out.arg, j, 0);
			if (u != u)
				return -1;
			N->st = BN_OFF;
			N->until = u;
			/* nothing waits on it before off + on: the block takes no
			 * reservation away */
			N->b1 = u + N->on;
			if (N->b1 > b->now) {
				memset(b->nset, 0, b->nw * sizeof *b->nset);
				add_node(b, b->nset, j);
				if (hs_profile_insert(b->prof, b->now, N->b1, b->nset) != 0)
					b->bug = 1;
			}
		}
	}
	if (next < INFINITY && next > b->now && (b->pwoken <= b->now || next < b->pwoken)) {
		b->pwoken = next;
		return b->out.wake(b->out.arg, next);
	}
	return 0;
}

/* A batch of events at now, after its bf_end and bf_submit calls: nend
 * jobs ended, nsub were submitted.  Returns 0, -1 (a host call failed) or
 * -2 (b->bug: the profile's bookkeeping broke). */
static int bf_batch(struct bf *b, double now, int nend, int nsub)
{
	b->now = now;
	hs_profile_advance(b->prof, now);
	linger(b);
	if (b->nodes)
		power_slide(b);
	if (admit(b) != 0)
		return -1;
	int rc = b->c.algo == BF_FCFS ? fcfs(b) : b->c.algo == BF_EASY ? easy(b) : conservative(b, nend, nsub);
	b->npend = 0;
	if (!rc && b->nodes)
		rc = power_after(b);
	if (b->bug)
		return -2;
	return rc ? rc : wake(b);
}

#ifndef BACKFILL_CORE_ONLY
/* ================= plugin glue (hs/online.h) ================= */
#include "hs/plugin.h"

struct glue {
	struct bf *b;
	struct hs_online *h;
	int warned;   /* the compat order warning was given */
	long rejected;
	int sleep;    /* shutdown: the sleeping state's index (sleep=) */
	struct hs_online_range *rng; /* g_start's runs, crng long */
	int crng;
};

/* Node j's switch ended (the host's STATE event): on or asleep. */
static void bf_power_done(struct bf *b, int j, int on, double now)
{
	if (!b->nodes || j < 0 || j >= b->nnodes)
		return;
	struct bf_node *N = &b->nodes[j];
	if (on && N->st == BN_WAKING) {
		N->st = BN_ON;
		N->idle = now;
		N->b1 = 0; /* its block ended with the switch */
	} else if (!on && N->st == BN_OFF) {
		N->st = BN_ASLEEP;
	}
}

static int g_start(void *arg, int job, const int *runs, int nruns)
{
	struct glue *g = arg;
	if (nruns > g->crng) {
		g->crng = nruns;
		g->rng = hs_reallocarray(g->rng, g->crng, sizeof *g->rng);
	}
	for (int k = 0; k < nruns; k++)
		g->rng[k] = (struct hs_online_range){ runs[2 * k], runs[2 * k + 1] - runs[2 * k] };
	return hs_online_start_runs(g->h, job, g->rng, nruns, NULL, 0);
}

static int g_reject(void *arg, int job, const char *why)
{
	struct glue *g = arg;
	/* The run record says state=rejected; the first is also said why. */
	if (g->rejected++ == 0)
		hs_warn("backfill: job %s %s: rejected (so is every job that cannot run; their run "
			"records say state=rejected)",
			hs_online_job(g->h, job)->id, why);
	hs_online_note(g->h, job, "reason", "%s", why);
	return hs_online_reject(g->h, job);
}

static int g_wake(void *arg, double t)
{
	struct glue *g = arg;
	return hs_online_wake(g->h, t);
}

static void g_resv(void *arg, int job, double t)
{
	struct glue *g = arg;
	char buf[HS_NUMBUF];
	hs_online_note(g->h, job, "resv", "%s", hs_fmt_double(buf, t));
}

/* Idle shutdown: node to its sleeping state or back to its initial
 * computing state; the switch's end. */
static double g_power(void *arg, int node, int on)
{
	struct glue *g = arg;
	const struct hs_node *nd = &hs_online_machine(g->h)->plat->nodes[node];
	struct hs_online_power p = { .struct_size = sizeof p };
	if (hs_online_power(g->h, node, &p) < 0)
		return NAN;
	int to = on ? hs_node_initial_pstate(nd) : p.npstates + g->sleep;
	if (hs_online_set_pstate(g->h, node, to) < 0 || hs_online_power(g->h, node, &p) < 0)
		return NAN;
	return p.until;
}

/* shutdown= and sleep=: every node has the sleeping state; the variants
 * it works with.  0, or -1 after reporting. */
static int power_conf(const struct bf_conf *c, const struct hs_optvals *opts, const struct hs_platform *pl,
		      struct hs_ctx *ctx, int *sleep)
{
	*sleep = (int)hs_opt_int(opts, "sleep");
	if (!c->power)
		return 0;
	if (c->count || c->lucarelli) {
		hs_ctx_error(ctx, "shutdown= works with reservations of cores in the stream's order: "
				  "not with %s", c->count ? "reserve=count" : "compat=lucarelli");
		return -1;
	}
	for (int j = 0; j < pl->nnodes; j++)
		if (*sleep < 0 || *sleep >= pl->nodes[j].nsleeps) {
			hs_ctx_error(ctx, "shutdown=: node %s has no sleeping state %d (it has %d: "
				     "sleep= in hs-format(5), sleep_pstates in a Batsim platform)",
				     pl->nodes[j].id, *sleep, pl->nodes[j].nsleeps);
			return -1;
		}
	return 0;
}

static int bf_start_algo(enum bf_algo algo, struct hs_online *h, const struct hs_optvals *opts,
			 struct hs_ctx *ctx, void **state)
{
	const struct hs_online_machine *m = hs_online_machine(h);
	const struct hs_platform *pl = m->plat;
	struct bf_conf c = { .algo = algo };
	c.variant = hs_select_variant_parse(hs_opt_str(opts, "variant"));
	c.lucarelli = strcmp(hs_opt_str(opts, "compat"), "lucarelli") == 0;
	c.scratch = strcmp(hs_opt_str(opts, "recompute"), "scratch") == 0;
	c.compress = strcmp(hs_opt_str(opts, "recompute"), "compress") == 0;
	c.count = strcmp(hs_opt_str(opts, "reserve"), "count") == 0;
	double T = hs_opt_double(opts, "shutdown");
	c.power = T >= 0;
	c.shutdown = T;
	int sleep;
	if (power_conf(&c, opts, pl, ctx, &sleep) < 0)
		return -1;
	if (c.count && algo != BF_EASY) {
		hs_ctx_error(ctx, "reserve=count is EASY's rule (-a easy); %s reserves cores",
			     algo == BF_FCFS ? "fcfs never" : "conservative");
		return -1;
	}
	const char *sel = hs_opt_str(opts, "select");
	c.rules = strcmp(sel, "lucarelli") == 0 || (strcmp(sel, "auto") == 0 && c.lucarelli) ?
			  HS_SELECT_LUCARELLI :
			  HS_SELECT_PAPER;
	int *node_cluster = hs_malloc((pl->nnodes + 1) * sizeof *node_cluster);
	for (int j = 0; j < pl->nnodes; j++)
		node_cluster[j] = pl->nodes[j].cluster;
	struct glue *g = hs_calloc(1, sizeof *g);
	g->h = h;
	g->b = bf_new(&c, m->njobs, pl->nnodes, m->node_first_core, node_cluster, pl->nclusters,
		      hs_online_now(h));
	free(node_cluster);
	g->sleep = sleep;
	g->b->out = (struct bf_out){ g, g_start, g_reject, g_wake, g_resv, g_power };
	for (int j = 0; g->b->nodes && j < pl->nnodes; j++) {
		g->b->nodes[j].off = pl->nodes[j].sleeps[sleep].off_time;
		g->b->nodes[j].on = pl->nodes[j].sleeps[sleep].on_time;
	}
	if (c.lucarelli && hs_online_event_order(h, HS_ONLINE_ORDER_LUCARELLI) == 0) {
		/* the host hands the events over in the authors' order */
		g->b->host_order = 1;
	} else if (c.lucarelli) {
		/* Their order of equal submit dates needs every job's date
		 * (known when the run grants the whole task), and the ends in
		 * their heap, which only the host knows (under the runtime
		 * model): this is the order of the submissions alone. */
		double *keys = hs_malloc((m->njobs + 1) * sizeof *keys);
		int all = 1;
		for (int j = 0; j < m->njobs && all; j++) {
			const struct hs_online_job *J = hs_online_job(h, j);
			if (J)
				keys[j] = J->release;
			else
				all = 0;
		}
		if (all)
			bf_set_submit_dates(g->b, keys);
		free(keys);
	}
	hs_ctx_prov(ctx, "backfill.select", "%s", c.rules == HS_SELECT_LUCARELLI ? "lucarelli" : "paper");
	*state = g;
	return 0;
}

static int bf_events(void *state, struct hs_online *h, const struct hs_online_event *ev, int nev,
		     struct hs_ctx *ctx)
{
	struct glue *g = state;
	g->h = h;
	int nend = 0, nsub = 0;
	double now = hs_online_now(h);
	for (int i = 0; i < nev; i++) {
		if (ev[i].type == HS_ONLINE_END) {
			bf_end(g->b, ev[i].job, now);
			nend++;
		} else if (ev[i].type == HS_ONLINE_SUBMIT) {
			const struct hs_online_job *J = hs_online_job(h, ev[i].job);
			if (!J)
				continue;
			int n = J->gpus > 0 || J->on == HS_ON_GPU ? 0 : J->cores;
			bf_submit(g->b, ev[i].job, n, J->walltime, J->scope, J->release);
			nsub++;
		} else if (ev[i].type == HS_ONLINE_STATE) {
			struct hs_online_power p = { .struct_size = sizeof p };
			if (hs_online_power(h, ev[i].job, &p) == 0)
				bf_power_done(g->b, ev[i].job, p.kind == HS_POWER_ON, now);
		}
	}
	int rc = bf_batch(g->b, now, nend, nsub);
	if (rc == -2) {
		hs_ctx_error(ctx, "internal error: a reservation does not match the availability profile "
				  "(please report)");
		return -1;
	}
	if (hs_ctx_verbose(ctx) && g->b->filter) {
		hs_ctx_prov(ctx, "backfill.searches", "%ld", g->b->decisions);
		hs_ctx_prov(ctx, "backfill.skipped", "%ld", g->b->skipped);
	}
	if (g->b->approx_order && !g->warned) {
		g->warned = 1;
		hs_warn("backfill: compat=lucarelli: jobs submitted together are ordered as a heap of "
			"their batch alone (the authors' order needs the runtime model: hs-sim --model replay)");
	}
	return rc;
}

static void bf_finish(void *state)
{
	struct glue *g = state;
	if (!g)
		return;
	bf_free(g->b);
	free(g->rng);
	free(g);
}

static int start_fcfs(struct hs_online *h, const struct hs_optvals *o, struct hs_ctx *c, void **s)
{
	return bf_start_algo(BF_FCFS, h, o, c, s);
}
static int start_easy(struct hs_online *h, const struct hs_optvals *o, struct hs_ctx *c, void **s)
{
	return bf_start_algo(BF_EASY, h, o, c, s);
}
static int start_cons(struct hs_online *h, const struct hs_optvals *o, struct hs_ctx *c, void **s)
{
	return bf_start_algo(BF_CONSERVATIVE, h, o, c, s);
}

static const struct hs_online_ops ops_fcfs = { sizeof(struct hs_online_ops), HS_ONLINE_ABI, 0,
					       start_fcfs, bf_events, bf_finish };
static const struct hs_online_ops ops_easy = { sizeof(struct hs_online_ops), HS_ONLINE_ABI, 0,
					       start_easy, bf_events, bf_finish };
static const struct hs_online_ops ops_cons = { sizeof(struct hs_online_ops), HS_ONLINE_ABI, 0,
					       start_cons, bf_events, bf_finish };

static const struct hs_option bf_opts[] = {
	{ "variant", HS_OPT_CHOICE, "basic",
	  "which free cores a job gets (Lucarelli et al.): lowest ids, a block or one cluster, "
	  "best-effort or forced",
	  "basic|be-contiguous|be-local|contiguous|local" },
	{ "compat", HS_OPT_CHOICE, "none",
	  "lucarelli: the authors' implementation (no compression, heap order of equal submits, "
	  "their hole search and selection rules)",
	  "none|lucarelli" },
	{ "recompute", HS_OPT_CHOICE, "none",
	  "conservative, after jobs end: a job moves to now if it can, else keeps its "
	  "reservation; or each job moves to its earliest fit at each event (compression); "
	  "or all are placed again from scratch (Dutot's words; no guarantee)",
	  "none|compress|scratch" },
	{ "select", HS_OPT_CHOICE, "auto",
	  "rules of the best-effort variants: the paper's wording or the authors' code (auto: "
	  "lucarelli under compat=lucarelli, else paper)",
	  "auto|paper|lucarelli" },
	{ "reserve", HS_OPT_CHOICE, "cores",
	  "easy: the head's reservation holds specific cores (pybatsim, batsched, Slurm), or a "
	  "count: its shadow time and the extra cores free then (Mu'alem and Feitelson)",
	  "cores|count" },
	{ "shutdown", HS_OPT_DOUBLE, "-1",
	  "idle shutdown: a node idle this many seconds goes to sleep, woken when a reservation "
	  "needs it (-1: never)",
	  NULL },
	{ "sleep", HS_OPT_INT, "0", "shutdown: which of the nodes' sleeping states (0: the first)", NULL },
	{ NULL, 0, NULL, NULL, NULL },
};

static const struct hs_algo algo_fcfs = {
	.struct_size = sizeof(struct hs_algo),
	.name = "fcfs",
	.summary = "first come, first served: nothing passes the head of the queue",
	.options = bf_opts,
	.online = &ops_fcfs,
};
static const struct hs_algo algo_easy = {
	.struct_size = sizeof(struct hs_algo),
	.name = "easy",
	.summary = "EASY backfilling: a reservation for the head of the queue only",
	.options = bf_opts,
	.online = &ops_easy,
};
static const struct hs_algo algo_cons = {
	.struct_size = sizeof(struct hs_algo),
	.name = "conservative",
	.summary = "conservative backfilling: a reservation for every job, compressed at each event",
	.options = bf_opts,
	.online = &ops_cons,
};

static const struct hs_algo *const bf_algos[] = { &algo_fcfs, &algo_easy, &algo_cons, NULL };

HS_PLUGIN_DEFINE(backfill, "1.0",
		 "online batch scheduling: FCFS, EASY and conservative backfilling (Dutot et al., "
		 "Lucarelli et al.)",
		 NULL, NULL, bf_algos);
#endif /* BACKFILL_CORE_ONLY */
