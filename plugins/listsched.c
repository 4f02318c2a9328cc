/* listsched.c - the task and data parallel list schedulers of Dietze et al.
 * (§III.2): TASKP, DATAP and their earliest-finish variants TASKP-EF and
 * DATAP-EF.
 *
 *   TASKP   one core per task.  A list of every core (node order, then core
 *           order); the next task (in the given order) takes the core at the
 *           front, which then moves to the back.
 *   DATAP   as many cores as possible per task: all cores of a node (task
 *           scope=node) or of a cluster (scope=cluster), round robin over a
 *           list of nodes or of clusters in the same way.  Node- and
 *           cluster-scoped tasks each have their own list.
 *   -EF     tasks sorted by descending sequential time t_i(1) (stable), each
 *           placed on the core (TASKP-EF) or node/cluster (DATAP-EF) where it
 *           finishes first given when each core becomes free and the node's
 *           speed; ties go to the lowest index.
 *
 * A task starts when every core it uses is free, and not before its release
 * date.  Task graphs (deps=): tasks are taken in the order above restricted
 * to the tasks whose deps are placed (the first such task each time), and a
 * task starts no earlier than its deps end.  Durations come from the model (hs_placement_duration), so the plan
 * agrees exactly with the validator and with replay.
 *
 * Beyond the paper (which has neither):
 *   - rigid tasks (model=rigid size=k) take exactly k cores: the round-robin
 *     variants take the first resource in the list that has k cores (TASKP:
 *     the first listed core whose node, or cluster for scope=cluster, has k
 *     cores, plus the next k-1 listed cores of that node/cluster); the -EF
 *     variants try every node (cluster) with k cores, using its k cores that
 *     become free first.  A task that no node (cluster) can host is an error.
 *   - tasks that cannot use cores (on=gpu, model=gpu) take one GPU: round
 *     robin over every GPU (node order, GPU order), or the GPU where they
 *     finish first.  Tasks with on=any use cores, as in the paper.
 *   - DATAP stays within the task's limits: max_cores, and a table model's
 *     largest measured p.  Of a node's (cluster's) cores it takes the p that
 *     become free first (ties: lowest index).
 *   - the -EF sort key of a task without t(1) (rigid with size > 1) is its
 *     minimal work p*t(p); for GPU-only tasks it is the GPU time.
 *
 * The two options (order, pick) make the four algorithms one code path: the
 * -EF names are presets "order=seq,pick=ef".
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hs/metrics.h"
#include "hs/minindex.h"
#include "hs/plugin.h"

enum unit { UNIT_CORE, UNIT_NODE, UNIT_CLUSTER };

/* The earliest-finish picks without scanning every core (-EF variants).
 * Once started, a one-core task takes as long on any node of one speed,
 * and a node-wide task on any node of one speed and core count.  So each
 * speed keeps a tournament tree of its cores' free times (in global core
 * order), and each (speed, core count) class of nodes, per core count p
 * asked for, one of the time its p earliest-free cores are all free (the
 * p-th smallest free time, kept per node in sorted[]).  A pick looks at
 * one tree per class: O(classes * log cores) instead of O(cores). */
struct coreclass {
	double speed;
	int node0;             /* a node of this speed */
	int n, *core;          /* its cores, global index per leaf */
	struct hs_minindex free;
};

struct ptree {
	int p;
	struct hs_minindex at; /* per node of the class: its p-th smallest free time */
};

struct nodeclass {
	double speed;
	int cores;
	int n, *node;          /* its nodes, per leaf */
	struct ptree *by_p;
	int nby_p;
};

/* A round-robin list: element i is v[(head + i) % n]. */
struct rr {
	int *v;
	int n, head;
};

struct ls {
	const struct hs_instance *in;
	const struct hs_platform *pl;
	struct hs_schedule *out;
	struct hs_ctx *ctx;
	int pick_ef;
	double ready;    /* the task being placed: its release date, its deps' ends */
	double *cfree;   /* per global core: when it becomes free */
	int *c0;         /* per node: global index of its core 0 */
	int *cnode;      /* per global core: its node */
	double *gfree;   /* per global GPU */
	int *gnode;      /* per global GPU: its node */
	int *g0;         /* per node: global index of its GPU 0 */
	int ngpus;
	int local_gpu;   /* the GPU of a one-GPU allotment, node-local */
	struct rr cores, nodes, clusters, gpus;
	/* earliest-finish indices (pick_ef only) */
	struct coreclass *cc;
	int ncc, *cc_of_core, *leaf_of_core;
	struct nodeclass *nc;
	int nnc, *nc_of_node, *leaf_of_node;
	double *sorted;  /* per node, its cores' free times ascending (from c0[node]) */
	int node_trees;  /* whether sorted[] and the node trees are kept up to date */
	/* scratch */
	int *pick;       /* chosen global cores */
	int *best;       /* best choice so far (EF) */
	int *tmp;
	int *cand;       /* candidate cores of a node or cluster */
	struct hs_part *parts;
};

/* ---------------- round-robin lists ---------------- */

static void rr_init(struct rr *r, int n)
{
	r->v = hs_calloc(n ? (size_t)n : 1, sizeof *r->v);
	for (int i = 0; i < n; i++)
		r->v[i] = i;
	r->n = n;
	r->head = 0;
}

static int rr_at(const struct rr *r, int i)
{
	return r->v[(r->head + i) % r->n];
}

/* Move the elements at the (ascending) list positions pos[0..k) to the back,
 * keeping their order and the order of the others. */
static void rr_to_back(struct rr *r, const int *pos, int k, int *tmp)
{
	if (k == 1 && pos[0] == 0) { /* the common case: front to back */
		r->head = (r->head + 1) % r->n;
		return;
	}
	int m = 0, j = 0;
	for (int i = 0; i < r->n; i++) {
		if (j < k && pos[j] == i) {
			j++;
			continue;
		}
		tmp[m++] = rr_at(r, i);
	}
	for (j = 0; j < k; j++)
		tmp[m++] = rr_at(r, pos[j]);
	memcpy(r->v, tmp, (size_t)r->n * sizeof *tmp);
	r->head = 0;
}

/* ---------------- earliest-finish indices ---------------- */

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* Speed classes of cores and (speed, cores) classes of nodes, in order of
 * their first node. */
static void index_init(struct ls *s)
{
	const struct hs_platform *pl = s->pl;
	int nn = pl->nnodes;
	s->cc = hs_calloc((size_t)nn + 1, sizeof *s->cc);
	s->nc = hs_calloc((size_t)nn + 1, sizeof *s->nc);
	s->cc_of_core = hs_calloc((size_t)pl->total_cores + 1, sizeof *s->cc_of_core);
	s->leaf_of_core = hs_calloc((size_t)pl->total_cores + 1, sizeof *s->leaf_of_core);
	s->nc_of_node = hs_calloc((size_t)nn + 1, sizeof *s->nc_of_node);
	s->leaf_of_node = hs_calloc((size_t)nn + 1, sizeof *s->leaf_of_node);
	s->sorted = hs_calloc((size_t)pl->total_cores + 1, sizeof *s->sorted);
	int *cc_of_node = hs_calloc((size_t)nn + 1, sizeof *cc_of_node);
	for (int n = 0; n < nn; n++) {
		const struct hs_node *nd = &pl->nodes[n];
		int c = 0, k = 0;
		while (c < s->ncc && s->cc[c].speed != nd->speed)
			c++;
		if (c == s->ncc)
			s->cc[s->ncc++] = (struct coreclass){ .speed = nd->speed, .node0 = n };
		cc_of_node[n] = c;
		s->cc[c].n += nd->cores;
		while (k < s->nnc && (s->nc[k].speed != nd->speed || s->nc[k].cores != nd->cores))
			k++;
		if (k == s->nnc)
			s->nc[s->nnc++] = (struct nodeclass){ .speed = nd->speed, .cores = nd->cores };
		s->nc_of_node[n] = k;
		s->leaf_of_node[n] = s->nc[k].n++;
	}
	for (int c = 0; c < s->ncc; c++) {
		s->cc[c].core = hs_calloc((size_t)s->cc[c].n + 1, sizeof *s->cc[c].core);
		hs_minindex_init(&s->cc[c].free, s->cc[c].n, 0);
		s->cc[c].n = 0;
	}
	for (int k = 0; k < s->nnc; k++) {
		s->nc[k].node = hs_calloc((size_t)s->nc[k].n + 1, sizeof *s->nc[k].node);
		s->nc[k].n = 0;
	}
	for (int n = 0; n < nn; n++) {
		struct coreclass *c = &s->cc[cc_of_node[n]];
		for (int i = 0; i < pl->nodes[n].cores; i++) {
			int g = s->c0[n] + i;
			s->cc_of_core[g] = cc_of_node[n];
			s->leaf_of_core[g] = c->n;
			c->core[c->n++] = g;
		}
		struct nodeclass *k = &s->nc[s->nc_of_node[n]];
		k->node[k->n++] = n;
	}
	free(cc_of_node);
}

static void index_release(struct ls *s)
{
	for (int c = 0; c < s->ncc; c++) {
		free(s->cc[c].core);
		hs_minindex_free(&s->cc[c].free);
	}
	for (int k = 0; k < s->nnc; k++) {
		for (int j = 0; j < s->nc[k].nby_p; j++)
			hs_minindex_free(&s->nc[k].by_p[j].at);
		free(s->nc[k].by_p);
		free(s->nc[k].node);
	}
	free(s->cc);
	free(s->nc);
	free(s->cc_of_core);
	free(s->leaf_of_core);
	free(s->nc_of_node);
	free(s->leaf_of_node);
	free(s->sorted);
}

/* Node n's free times sorted again, and its leaf in every tree of its class. */
static void index_node(struct ls *s, int n)
{
	double *v = &s->sorted[s->c0[n]];
	int m = s->pl->nodes[n].cores;
	memcpy(v, &s->cfree[s->c0[n]], (size_t)m * sizeof *v);
	qsort(v, (size_t)m, sizeof *v, cmp_double);
	struct nodeclass *k = &s->nc[s->nc_of_node[n]];
	for (int j = 0; j < k->nby_p; j++)
		hs_minindex_set(&k->by_p[j].at, s->leaf_of_node[n], v[k->by_p[j].p - 1]);
}

/* The tree of node class k for p cores, made on first use. */
static struct hs_minindex *index_ptree(struct ls *s, struct nodeclass *k, int p)
{
	if (!s->node_trees) {
		s->node_trees = 1;
		for (int n = 0; n < s->pl->nnodes; n++)
			index_node(s, n);
	}
	for (int j = 0; j < k->nby_p; j++)
		if (k->by_p[j].p == p)
			return &k->by_p[j].at;
	k->by_p = hs_reallocarray(k->by_p, (size_t)k->nby_p + 1, sizeof *k->by_p);
	struct ptree *t = &k->by_p[k->nby_p++];
	t->p = p;
	hs_minindex_init(&t->at, k->n, 0);
	for (int i = 0; i < k->n; i++)
		hs_minindex_set(&t->at, i, s->sorted[s->c0[k->node[i]] + p - 1]);
	return &t->at;
}

/* Cores g[0..n) (sorted) became free at their cfree. */
static void index_update(struct ls *s, const int *g, int n)
{
	if (!s->cc)
		return;
	for (int i = 0; i < n; i++) {
		const struct coreclass *c = &s->cc[s->cc_of_core[g[i]]];
		hs_minindex_set((struct hs_minindex *)&c->free, s->leaf_of_core[g[i]], s->cfree[g[i]]);
	}
	if (s->node_trees)
		for (int i = 0; i < n; i++)
			if (i == 0 || s->cnode[g[i]] != s->cnode[g[i - 1]])
				index_node(s, s->cnode[g[i]]);
}

/* A task released at r that runs d once started finishes by f at the
 * latest when its resources are free at v. */
struct by {
	double r, d, f;
};

static int finishes_by(double v, const void *arg)
{
	const struct by *b = arg;
	return fmax(b->r, v) + b->d <= b->f;
}

/* The lowest leaf of m where the task finishes first, and that time (+inf
 * and -1 when it cannot finish). */
static int index_pick(const struct hs_minindex *m, double r, double d, double *f)
{
	struct by b = { r, d, fmax(r, hs_minindex_min(m)) + d };
	*f = b.f;
	if (!(b.f < INFINITY))
		return -1;
	return hs_minindex_first(m, finishes_by, &b);
}

/* ---------------- allotments ---------------- */

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

/* Duration of t on the global cores g[0..n) (sorted), or on GPU gpu (n = 0),
 * under the model; fills s->parts. */
static double alloc_duration(struct ls *s, const struct hs_task *t, int *g, int n, int gpu,
			     int *nparts)
{
	struct hs_placement p = {0};
	p.task = t->index;
	p.parts = s->parts;
	if (n == 0) {
		s->parts[0] = (struct hs_part){0};
		s->parts[0].node = s->gnode[gpu];
		s->local_gpu = gpu - s->g0[s->gnode[gpu]];
		s->parts[0].gpus = &s->local_gpu;
		s->parts[0].ngpus = 1;
		p.nparts = 1;
	} else {
		/* Global cores, sorted, become node-local runs of one part each.
		 * The local indices are written over s->tmp. */
		int np = 0;
		for (int i = 0; i < n; i++) {
			int node = s->cnode[g[i]];
			s->tmp[i] = g[i] - s->c0[node];
			if (np == 0 || s->parts[np - 1].node != node) {
				s->parts[np] = (struct hs_part){0};
				s->parts[np].node = node;
				s->parts[np].cores = &s->tmp[i];
				np++;
			}
			s->parts[np - 1].ncores++;
		}
		p.nparts = np;
	}
	*nparts = p.nparts;
	return hs_placement_duration(s->in, t, &p);
}

/* Record t on the cores g[0..n) (or GPU gpu when n == 0) and mark them busy. */
static void commit(struct ls *s, const struct hs_task *t, int *g, int n, int gpu)
{
	int sorted = 1;
	for (int i = 1; i < n && sorted; i++)
		sorted = g[i - 1] <= g[i];
	if (!sorted)
		qsort(g, (size_t)n, sizeof *g, cmp_int);
	int np;
	double dur = alloc_duration(s, t, g, n, gpu, &np);
	double start = s->ready;
	for (int i = 0; i < n; i++)
		start = fmax(start, s->cfree[g[i]]);
	if (n == 0)
		start = fmax(start, s->gfree[gpu]);
	double end = start + dur;
	for (int k = 0; k < np; k++) {
		const struct hs_part *pt = &s->parts[k];
		hs_schedule_add(s->out, t->index, pt->node, pt->cores, pt->ncores, pt->gpus,
				pt->ngpus, start, end);
	}
	for (int i = 0; i < n; i++)
		s->cfree[g[i]] = end;
	index_update(s, g, n);
	if (n == 0)
		s->gfree[gpu] = end;
}

/* Finish time of t on the cores g[0..n) (sorted), +inf when impossible. */
static double finish_on(struct ls *s, const struct hs_task *t, int *g, int n)
{
	int np;
	double dur = alloc_duration(s, t, g, n, -1, &np);
	double start = s->ready;
	for (int i = 0; i < n; i++)
		start = fmax(start, s->cfree[g[i]]);
	return start + dur;
}

/* ---------------- resources ---------------- */

static int unit_cores(const struct ls *s, enum unit u, int r)
{
	return u == UNIT_NODE ? s->pl->nodes[r].cores : s->pl->clusters[r].cores;
}

/* Core count for t on a unit of cap cores, 0 when it cannot run there.
 * all_cores: DATAP (as many as the task allows), else TASKP (1, or a rigid
 * task's size). */
static int cores_for(const struct hs_task *t, int cap, int all_cores)
{
	int k = hs_task_min_p(t);
	if (k > cap)
		return 0;
	if (t->model == HS_MODEL_RIGID || !all_cores)
		return k;
	int p = cap;
	if (t->size > 0 && p > t->size)
		p = t->size;
	if (t->model == HS_MODEL_TABLE && p > t->ntimes)
		p = t->ntimes;
	while (p > k && !isfinite(hs_task_time(t, p)))
		p--;
	return isfinite(hs_task_time(t, p)) ? p : 0;
}

/* The p cores of a node or cluster that become free first (ties: lowest
 * index) into out, sorted by index. */
static void earliest_cores(struct ls *s, enum unit u, int r, int p, int *out)
{
	int count = 0;
	if (u == UNIT_NODE) {
		for (int c = 0; c < s->pl->nodes[r].cores; c++)
			s->cand[count++] = s->c0[r] + c;
	} else {
		const struct hs_cluster *cl = &s->pl->clusters[r];
		for (int k = 0; k < cl->nnodes; k++) {
			int node = cl->nodes[k];
			for (int c = 0; c < s->pl->nodes[node].cores; c++)
				s->cand[count++] = s->c0[node] + c;
		}
		qsort(s->cand, (size_t)count, sizeof *s->cand, cmp_int);
	}
	memcpy(out, s->cand, (size_t)p * sizeof *out);
	if (p == count)
		return;
	/* Keep the p best (free time, then index): p is all of them or small. */
	for (int i = p; i < count; i++) {
		int g = s->cand[i], worst = 0;
		for (int j = 1; j < p; j++)
			if (s->cfree[out[j]] > s->cfree[out[worst]] ||
			    (s->cfree[out[j]] == s->cfree[out[worst]] && out[j] > out[worst]))
				worst = j;
		if (s->cfree[g] < s->cfree[out[worst]])
			out[worst] = g;
	}
	qsort(out, (size_t)p, sizeof *out, cmp_int);
}

static int unit_of_core(const struct ls *s, enum unit u, int g)
{
	int node = s->cnode[g];
	return u == UNIT_NODE ? node : s->pl->nodes[node].cluster;
}

static const char *unit_word(enum unit u)
{
	return u == UNIT_NODE ? "node" : "cluster";
}

static int no_host(struct ls *s, const struct hs_task *t, enum unit u)
{
	int k = hs_task_min_p(t);
	hs_ctx_task_error(s->ctx, t, "needs %d cores, no %s has that many", k, unit_word(u));
	return -1;
}

/* ---------------- the four placements ---------------- */

/* TASKP: the first listed core whose node (cluster) can host the task, plus
 * the next listed cores of that node (cluster) for a rigid task. */
static int taskp_rr(struct ls *s, const struct hs_task *t, enum unit u)
{
	int k = hs_task_min_p(t);
	struct rr *r = &s->cores;
	for (int i = 0; i < r->n; i++) {
		int g = rr_at(r, i), unit = unit_of_core(s, u, g);
		if (unit_cores(s, u, unit) < k)
			continue;
		int *pos = s->best, m = 0;
		for (int j = i; j < r->n && m < k; j++) {
			int h = rr_at(r, j);
			if (unit_of_core(s, u, h) == unit) {
				pos[m] = j;
				s->pick[m++] = h;
			}
		}
		commit(s, t, s->pick, k, -1);
		rr_to_back(r, pos, k, s->tmp);
		return 0;
	}
	return no_host(s, t, u);
}

/* DATAP: the first node (cluster) in its list that can host the task. */
static int datap_rr(struct ls *s, const struct hs_task *t, enum unit u)
{
	struct rr *r = u == UNIT_NODE ? &s->nodes : &s->clusters;
	for (int i = 0; i < r->n; i++) {
		int unit = rr_at(r, i);
		int p = cores_for(t, unit_cores(s, u, unit), 1);
		if (p == 0)
			continue;
		earliest_cores(s, u, unit, p, s->pick);
		commit(s, t, s->pick, p, -1);
		rr_to_back(r, &i, 1, s->tmp);
		return 0;
	}
	return no_host(s, t, u);
}

/* TASKP-EF for a one-core task: the core where it finishes first (ties:
 * the lowest index), one tree per speed. */
static int taskp_ef1(struct ls *s, const struct hs_task *t)
{
	int best = -1;
	double bestf = INFINITY;
	for (int c = 0; c < s->ncc; c++) {
		const struct coreclass *cl = &s->cc[c];
		double d = hs_task_time_on(t, &s->pl->nodes[cl->node0], 1), f;
		if (!isfinite(d))
			continue;
		int leaf = index_pick(&cl->free, s->ready, d, &f);
		if (leaf < 0)
			continue;
		int g = cl->core[leaf];
		if (f < bestf || (f == bestf && g < best)) {
			bestf = f;
			best = g;
		}
	}
	if (best < 0) {
		hs_ctx_task_error(s->ctx, t, "cannot run on one core of any node");
		return -1;
	}
	s->pick[0] = best;
	commit(s, t, s->pick, 1, -1);
	return 0;
}

/* EF over nodes, one tree per (speed, cores) class and core count: the
 * node where the task finishes first on its cores_for() cores that become
 * free first (ties: the lowest node).  Returns the node, -1 when none can
 * finish, -2 when none can host the task. */
static int nodes_ef(struct ls *s, const struct hs_task *t, int all_cores, int *bestp)
{
	int best = -1, hosts = 0;
	double bestf = INFINITY;
	for (int c = 0; c < s->nnc; c++) {
		struct nodeclass *k = &s->nc[c];
		int p = cores_for(t, k->cores, all_cores);
		if (p == 0 || k->n == 0)
			continue;
		hosts = 1;
		double d = hs_task_time_on(t, &s->pl->nodes[k->node[0]], p), f;
		int leaf = index_pick(index_ptree(s, k, p), s->ready, d, &f);
		if (leaf < 0)
			continue;
		int node = k->node[leaf];
		if (f < bestf || (f == bestf && node < best)) {
			bestf = f;
			best = node;
			*bestp = p;
		}
	}
	return hosts ? best : -2;
}

/* EF over nodes (clusters): each candidate uses its cores_for() cores that
 * become free first; the earliest finish wins, ties to the lowest index.
 * Clusters (few) are scanned; nodes are looked up in their trees. */
static int units_ef(struct ls *s, const struct hs_task *t, enum unit u, int all_cores)
{
	if (u == UNIT_NODE) {
		int p = 0, node = nodes_ef(s, t, all_cores, &p);
		if (node == -2)
			return no_host(s, t, u);
		if (node < 0) {
			hs_ctx_task_error(s->ctx, t, "cannot run on any %s", unit_word(u));
			return -1;
		}
		earliest_cores(s, u, node, p, s->pick);
		commit(s, t, s->pick, p, -1);
		return 0;
	}
	int nunits = s->pl->nclusters;
	int bestp = 0, hosts = 0;
	double bestf = INFINITY;
	for (int r = 0; r < nunits; r++) {
		int p = cores_for(t, unit_cores(s, u, r), all_cores);
		if (p == 0)
			continue;
		hosts++;
		earliest_cores(s, u, r, p, s->pick);
		double f = finish_on(s, t, s->pick, p);
		if (f < bestf) {
			bestf = f;
			bestp = p;
			memcpy(s->best, s->pick, (size_t)p * sizeof *s->pick);
		}
	}
	if (!hosts)
		return no_host(s, t, u);
	if (bestp == 0) {
		hs_ctx_task_error(s->ctx, t, "cannot run on any %s", unit_word(u));
		return -1;
	}
	memcpy(s->pick, s->best, (size_t)bestp * sizeof *s->pick);
	commit(s, t, s->pick, bestp, -1);
	return 0;
}

/* Tasks that cannot use cores: one GPU, round robin or earliest finish. */
static int place_gpu(struct ls *s, const struct hs_task *t)
{
	if (s->ngpus == 0) {
		hs_ctx_task_error(s->ctx, t, "needs a GPU, the platform has none");
		return -1;
	}
	int best = -1;
	if (!s->pick_ef) {
		for (int i = 0; i < s->gpus.n && best < 0; i++) {
			int g = rr_at(&s->gpus, i);
			if (isfinite(hs_task_gpu_time_on(t, &s->pl->nodes[s->gnode[g]]))) {
				best = g;
				rr_to_back(&s->gpus, &i, 1, s->tmp);
			}
		}
	} else {
		double bestf = INFINITY;
		for (int g = 0; g < s->ngpus; g++) {
			double f = fmax(s->ready, s->gfree[g]) +
				   hs_task_gpu_time_on(t, &s->pl->nodes[s->gnode[g]]);
			if (f < bestf) {
				bestf = f;
				best = g;
			}
		}
	}
	if (best < 0) {
		hs_ctx_task_error(s->ctx, t, "cannot run on any GPU");
		return -1;
	}
	commit(s, t, NULL, 0, best);
	return 0;
}

static int cpu_capable(const struct hs_task *t)
{
	return t->on != HS_ON_GPU && t->model != HS_MODEL_GPU;
}

/* ---------------- task order ---------------- */

static double sort_key(const struct hs_task *t)
{
	double k = hs_task_seq_time(t);
	if (!isfinite(k))
		k = hs_task_work(t);
	if (!isfinite(k))
		k = t->gpu_time;
	return k;
}

static const double *sort_keys_; /* qsort has no context argument */

/* Descending key; equal keys keep their given order (stable). */
static int cmp_desc(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	double kx = sort_keys_[x], ky = sort_keys_[y];
	if (kx != ky)
		return kx > ky ? -1 : 1;
	return (x > y) - (x < y);
}

/* ---------------- driver ---------------- */

static void ls_init(struct ls *s, const struct hs_instance *in, struct hs_schedule *out,
		    struct hs_ctx *ctx, int pick_ef)
{
	memset(s, 0, sizeof *s);
	const struct hs_platform *pl = &in->plat;
	s->in = in;
	s->pl = pl;
	s->out = out;
	s->ctx = ctx;
	s->pick_ef = pick_ef;
	int nc = pl->total_cores, ng = 0;
	for (int n = 0; n < pl->nnodes; n++)
		ng += pl->nodes[n].gpus;
	s->ngpus = ng;
	size_t cn = nc ? (size_t)nc : 1, gn = ng ? (size_t)ng : 1;
	s->cfree = hs_calloc(cn, sizeof *s->cfree);
	s->cnode = hs_calloc(cn, sizeof *s->cnode);
	s->pick = hs_calloc(cn, sizeof *s->pick);
	s->best = hs_calloc(cn, sizeof *s->best);
	/* tmp serves every round-robin list: clusters may outnumber cores
	 * (declared without nodes), GPUs too. */
	size_t tn = cn > gn ? cn : gn;
	if ((size_t)pl->nclusters > tn)
		tn = (size_t)pl->nclusters;
	s->tmp = hs_calloc(tn, sizeof *s->tmp);
	s->cand = hs_calloc(cn, sizeof *s->cand);
	s->c0 = hs_calloc((size_t)pl->nnodes + 1, sizeof *s->c0);
	s->g0 = hs_calloc((size_t)pl->nnodes + 1, sizeof *s->g0);
	s->parts = hs_calloc((size_t)pl->nnodes + 1, sizeof *s->parts);
	s->gfree = hs_calloc(gn, sizeof *s->gfree);
	s->gnode = hs_calloc(gn, sizeof *s->gnode);
	int g = 0, h = 0;
	for (int n = 0; n < pl->nnodes; n++) {
		s->c0[n] = g;
		s->g0[n] = h;
		for (int c = 0; c < pl->nodes[n].cores; c++)
			s->cnode[g++] = n;
		for (int c = 0; c < pl->nodes[n].gpus; c++)
			s->gnode[h++] = n;
	}
	rr_init(&s->cores, nc);
	rr_init(&s->nodes, pl->nnodes);
	rr_init(&s->clusters, pl->nclusters);
	rr_init(&s->gpus, ng);
	if (pick_ef)
		index_init(s);
}

static void ls_release(struct ls *s)
{
	if (s->cc)
		index_release(s);
	free(s->cfree);
	free(s->cnode);
	free(s->pick);
	free(s->best);
	free(s->tmp);
	free(s->cand);
	free(s->c0);
	free(s->g0);
	free(s->parts);
	free(s->gfree);
	free(s->gnode);
	free(s->cores.v);
	free(s->nodes.v);
	free(s->clusters.v);
	free(s->gpus.v);
}

/* datap: 0 = TASKP family, 1 = DATAP family. */
static int run(const struct hs_instance *in, const struct hs_optvals *opts,
	       struct hs_schedule *out, struct hs_ctx *ctx, int datap)
{
	int sorted = strcmp(hs_opt_str(opts, "order"), "seq") == 0;
	int ef = strcmp(hs_opt_str(opts, "pick"), "ef") == 0;
	int n = in->ntasks, rc = 0;
	int *order = hs_calloc(n ? (size_t)n : 1, sizeof *order);
	double *keys = hs_calloc(n ? (size_t)n : 1, sizeof *keys);
	for (int i = 0; i < n; i++) {
		order[i] = i;
		keys[i] = sort_key(&in->tasks[i]);
	}
	if (sorted) {
		sort_keys_ = keys;
		qsort(order, (size_t)n, sizeof *order, cmp_desc);
		sort_keys_ = NULL;
	}
	hs_deps_order(in, order, order);
	struct ls s;
	ls_init(&s, in, out, ctx, ef);
	for (int i = 0; i < n && rc == 0; i++) {
		const struct hs_task *t = &in->tasks[order[i]];
		s.ready = hs_deps_ready(in, out, t->index);
		enum unit u = t->scope == HS_SCOPE_NODE ? UNIT_NODE : UNIT_CLUSTER; /* any: as cluster */
		if (!cpu_capable(t))
			rc = place_gpu(&s, t);
		else if (!datap && !ef)
			rc = taskp_rr(&s, t, u);
		else if (!datap && hs_task_min_p(t) == 1)
			rc = taskp_ef1(&s, t);
		else if (!datap)
			rc = units_ef(&s, t, u, 0);
		else if (!ef)
			rc = datap_rr(&s, t, u);
		else
			rc = units_ef(&s, t, u, 1);
		hs_ctx_progress(ctx, i + 1, n);
	}
	ls_release(&s);
	free(order);
	free(keys);
	return rc;
}

static int plan_taskp(const struct hs_instance *in, const struct hs_optvals *opts,
		      struct hs_schedule *out, struct hs_ctx *ctx)
{
	return run(in, opts, out, ctx, 0);
}

static int plan_datap(const struct hs_instance *in, const struct hs_optvals *opts,
		      struct hs_schedule *out, struct hs_ctx *ctx)
{
	return run(in, opts, out, ctx, 1);
}

/* ---------------- plugin glue ---------------- */

static const struct hs_option options[] = {
	{"order", HS_OPT_CHOICE, "given",
	 "task order: given (as in the input) or seq (descending t(1), stable)", "given|seq"},
	{"pick", HS_OPT_CHOICE, "rr",
	 "resource choice: rr (round robin) or ef (earliest finish)", "rr|ef"},
	{NULL, 0, NULL, NULL, NULL},
};

static const struct hs_algo taskp = {
	sizeof(struct hs_algo), "taskp",
	"one core per task, round robin over all cores (Dietze TASKP)",
	options, plan_taskp, NULL, "order=given,pick=rr", HS_ALGO_DEPS,
};
static const struct hs_algo datap = {
	sizeof(struct hs_algo), "datap",
	"all cores of a node or cluster per task, round robin (Dietze DATAP)",
	options, plan_datap, NULL, "order=given,pick=rr", HS_ALGO_DEPS,
};
static const struct hs_algo taskp_ef = {
	sizeof(struct hs_algo), "taskp-ef",
	"one core per task, longest first, earliest-finish core (Dietze TASKP-EF)",
	options, plan_taskp, NULL, "order=seq,pick=ef", HS_ALGO_DEPS,
};
static const struct hs_algo datap_ef = {
	sizeof(struct hs_algo), "datap-ef",
	"whole node or cluster per task, longest first, earliest finish (Dietze DATAP-EF)",
	options, plan_datap, NULL, "order=seq,pick=ef", HS_ALGO_DEPS,
};

static const struct hs_algo *const algos[] = {&taskp, &datap, &taskp_ef, &datap_ef, NULL};

HS_PLUGIN_DEFINE(listsched, "1.0", "task and data parallel list scheduling (Dietze et al.)",
		 NULL, NULL, algos);
