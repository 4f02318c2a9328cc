/* host.c - the host functions an online algorithm calls (hs/online.h):
 * what it may see, and its decisions, each checked before the simulator
 * acts on it.  A bad decision is the algorithm's bug: it is reported with
 * the job and the resource, and the run stops once the callback returns. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hs/metrics.h"
#include "model/ids.h"
#include "online_priv.h"

const char *hs_online_job_name(const struct hs_online *h, int job)
{
	return job >= 0 && job < h->n ? h->in->tasks[job].id : "?";
}

int hs_online_bad(struct hs_online *h, int job, const char *fmt, ...)
{
	char *msg = NULL;
	va_list ap;
	va_start(ap, fmt);
	if (vasprintf(&msg, fmt, ap) < 0)
		msg = NULL;
	va_end(ap);
	if (job >= 0 && job < h->n)
		hs_ctx_error(h->ctx, "job %s: %s", hs_online_job_name(h, job), msg ? msg : fmt);
	else
		hs_ctx_error(h->ctx, "%s", msg ? msg : fmt);
	free(msg);
	h->errors++;
	return -1;
}

double hs_online_now(const struct hs_online *h)
{
	return h->running ? h->eng->now(h->eng->arg) : 0;
}

const struct hs_online_machine *hs_online_machine(const struct hs_online *h)
{
	return &h->m;
}

const struct hs_online_job *hs_online_job(const struct hs_online *h, int job)
{
	if (job < 0 || job >= h->n)
		return NULL;
	if (h->status[job] == JOB_UNKNOWN && !h->model)
		return NULL;
	return &h->jobs[job];
}

/* The job on core c (valid): its node's when taken whole. */
static int core_job_of(const struct hs_online *h, int c)
{
	int w = h->node_whole[h->core_node[c]];
	return w >= 0 ? w : h->core_job[c];
}

int hs_online_core_job(const struct hs_online *h, int core)
{
	return core >= 0 && core < h->m.ncores ? core_job_of(h, core) : -1;
}

int hs_online_gpu_job(const struct hs_online *h, int gpu)
{
	return gpu >= 0 && gpu < h->m.ngpus ? h->gpu_job[gpu] : -1;
}

/* Whether the job may be decided on now: submitted and waiting. */
int hs_online_check_waiting(struct hs_online *h, int job, const char *what)
{
	if (job < 0 || job >= h->n)
		return hs_online_bad(h, -1, "%s: no job %d (jobs are 0..%d)", what, job, h->n - 1);
	switch (h->status[job]) {
	case JOB_QUEUED: return 0;
	case JOB_UNKNOWN: return hs_online_bad(h, job, "%s: not submitted yet", what);
	case JOB_RUNNING: return hs_online_bad(h, job, "%s: already running", what);
	case JOB_ENDED: return hs_online_bad(h, job, "%s: already ended", what);
	default: return hs_online_bad(h, job, "%s: already rejected", what);
	}
}

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

/* The job on id c of a kind: busy[c], or for cores its node's when taken
 * whole (whole: node_whole, NULL for GPUs). */
static int busy_of(const int *busy, const int *whole, const int *owner_node, int c)
{
	return whole && whole[owner_node[c]] >= 0 ? whole[owner_node[c]] : busy[c];
}

/* Check ids (cores or GPUs) against the machine and the running jobs;
 * *sorted_ids: them in increasing order, ids itself when they come so (as
 * algorithms mostly give them: no copy, no sort), else sorted into
 * h->scratch_ids + off.  With defer, sorted ids are not checked against
 * the running jobs here: check_free does, a node at a time, once they
 * are a placement (*deferred set).  Returns 0 or -1 (reported). */
static int check_ids(struct hs_online *h, int job, const int *ids, int n, int total,
		     const int *busy, const int *whole, const int *owner_node, const char *kind,
		     int off, int defer, const int **sorted_ids, int *deferred)
{
	/* Blocks of 8 with no branch per id: loops the compiler widens at
	 * -O2 (a fixed count, no remainder), then the rest. */
	unsigned out = 0, down = 0;
	int k0 = 0;
	for (; k0 + 9 <= n; k0 += 8)
		for (int k = k0; k < k0 + 8; k++) {
			out |= (unsigned)ids[k] >= (unsigned)total;
			down |= ids[k] >= ids[k + 1];
		}
	for (int k = k0; k < n; k++) {
		out |= (unsigned)ids[k] >= (unsigned)total;
		down |= k + 1 < n && ids[k] >= ids[k + 1];
	}
	if (out)
		for (int k = 0; k < n; k++)
			if (ids[k] < 0 || ids[k] >= total)
				return hs_online_bad(h, job, "no %s %d (the machine has %s 0..%d)", kind, ids[k],
					   kind, total - 1);
	const int *v = ids;
	if (down) {
		int *w = h->scratch_ids + off;
		memcpy(w, ids, (size_t)n * sizeof *w);
		qsort(w, n, sizeof *w, cmp_int);
		v = w;
	}
	*sorted_ids = v;
	*deferred = defer && !down;
	if (*deferred)
		return 0;
	int k = -1;
	for (int i = 0; i < n && k < 0; i++)
		if ((i > 0 && v[i] == v[i - 1]) || busy_of(busy, whole, owner_node, v[i]) >= 0)
			k = i;
	if (k < 0)
		return 0;
	const char *node = h->in->plat.nodes[owner_node[v[k]]].id;
	if (k > 0 && v[k] == v[k - 1])
		return hs_online_bad(h, job, "%s %d (node %s) given twice", kind, v[k], node);
	return hs_online_bad(h, job, "%s %d (node %s) is busy: job %s runs there", kind, v[k], node,
		   hs_online_job_name(h, busy_of(busy, whole, owner_node, v[k])));
}

/* Whether part pt has all the cores of its node: its set 0..cores-1. */
static int whole_node(const struct hs_online *h, const struct hs_part *pt)
{
	int nc = h->node_first_core[pt->node + 1] - h->node_first_core[pt->node];
	return pt->ncores == nc && nc > 0 && pt->cores[0] == 0 && hs_ids_is_run(pt->cores, nc);
}

/* check_ids' check against the running jobs, deferred: p's cores, a node
 * at a time (a node taken whole or not taken at all is decided by one
 * int), in the same order, so the first busy core is the same. */
static int check_free(struct hs_online *h, int job, const struct hs_placement *p)
{
	for (int k = 0; k < p->nparts; k++) {
		const struct hs_part *pt = &p->parts[k];
		int j = pt->node, first = h->node_first_core[j], c = -1;
		if (pt->ncores == 0 || (h->node_busy[j] == 0 && h->node_whole[j] < 0))
			continue;
		if (h->node_whole[j] >= 0)
			c = first + pt->cores[0];
		for (int i = 0; i < pt->ncores && c < 0; i++)
			if (h->core_job[first + pt->cores[i]] >= 0)
				c = first + pt->cores[i];
		if (c >= 0)
			return hs_online_bad(h, job, "core %d (node %s) is busy: job %s runs there", c,
				   h->in->plat.nodes[j].id, hs_online_job_name(h, core_job_of(h, c)));
	}
	return 0;
}

/* The resources fit what the job asks for: its size and kind (its scope:
 * check_scope). */
static int check_fit(struct hs_online *h, int job, int nc, int ng)
{
	const struct hs_online_job *j = &h->jobs[job];
	const struct hs_task *t = &h->in->tasks[job];
	if (nc + ng == 0)
		return hs_online_bad(h, job, "started on no resource");
	/* A rigid task with a GPU time (on=any) may instead run on one GPU. */
	if (t->model == HS_MODEL_RIGID && (ng == 0 ? nc != j->cores : !isfinite(t->gpu_time)))
		return hs_online_bad(h, job, "asks for %d core%s, given %d core%s and %d GPU%s", j->cores,
			   j->cores == 1 ? "" : "s", nc, nc == 1 ? "" : "s", ng, ng == 1 ? "" : "s");
	if (ng > 1 || (ng == 1 && nc > 0))
		return hs_online_bad(h, job, "a task runs on cores or on one GPU, given %d core%s and %d GPUs",
			   nc, nc == 1 ? "" : "s", ng);
	if (ng == 1 && t->on == HS_ON_CPU)
		return hs_online_bad(h, job, "runs on cores only (on=cpu), given a GPU");
	if (nc > 0 && (t->on == HS_ON_GPU || t->model == HS_MODEL_GPU))
		return hs_online_bad(h, job, "runs on a GPU only, given %d core%s", nc, nc == 1 ? "" : "s");
	if (t->size > 0 && nc > t->size)
		return hs_online_bad(h, job, "may use %d core%s at most, given %d", t->size,
			   t->size == 1 ? "" : "s", nc);
	return 0;
}

/* Placement p's nodes fit the job's scope: one node, or one cluster.  Its
 * parts are its nodes in increasing order (cores only, or one GPU: see
 * check_fit), as its sorted ids name them. */
static int check_scope(struct hs_online *h, int job, const struct hs_placement *p)
{
	const struct hs_task *t = &h->in->tasks[job];
	const struct hs_platform *pl = &h->in->plat;
	if (t->scope != HS_SCOPE_NODE && t->scope != HS_SCOPE_CLUSTER)
		return 0;
	int node0 = p->parts[0].node;
	for (int k = 1; k < p->nparts; k++) {
		int node = p->parts[k].node;
		if (t->scope == HS_SCOPE_NODE && node != node0)
			return hs_online_bad(h, job, "must run on one node (scope=node), given nodes %s and %s",
				   pl->nodes[node0].id, pl->nodes[node].id);
		if (t->scope == HS_SCOPE_CLUSTER && pl->nodes[node].cluster != pl->nodes[node0].cluster)
			return hs_online_bad(h, job,
				   "must run in one cluster (scope=cluster), given clusters %s and %s",
				   pl->clusters[pl->nodes[node0].cluster].id,
				   pl->clusters[pl->nodes[node].cluster].id);
	}
	return 0;
}

/* The set of a node's ids among sorted global ids g[0..n), the node's
 * first at first: shared when they are consecutive (ids.h). */
static int *node_set(const int *g, int n, int first)
{
	if (n <= 0)
		return NULL;
	int *v = g[n - 1] - g[0] == n - 1 ? hs_ids_run(g[0] - first, n) : NULL;
	if (v)
		return v;
	v = hs_malloc((size_t)n * sizeof *v);
	for (int k = 0; k < n; k++)
		v[k] = g[k] - first;
	return v;
}

/* How many of sorted, distinct global ids g[0..n) lie below lim (the
 * first id of the next node): all of a whole stretch at once. */
static int below(const int *g, int n, int lim)
{
	int m = lim - g[0] < n ? lim - g[0] : n; /* at most this many fit */
	if (g[m - 1] < lim)
		return m;
	int k = 0;
	while (k < n && g[k] < lim)
		k++;
	return k;
}

/* h->scratch: the placement of sorted global cores and GPUs, a part per
 * node in node order: a node's ids found at once (below), its set shared
 * when they are a run (node_set), the array of parts kept from call to
 * call. */
/* h->scratch emptied for a new placement (its array of parts kept). */
static struct hs_placement *scratch_reset(struct hs_online *h)
{
	struct hs_placement *p = &h->scratch;
	for (int k = 0; k < p->nparts; k++) {
		hs_ids_free(p->parts[k].cores);
		hs_ids_free(p->parts[k].gpus);
	}
	struct hs_part *parts = p->parts;
	memset(p, 0, sizeof *p);
	p->parts = parts;
	p->exit_status = -1;
	p->energy = NAN;
	return p;
}

/* A new part of h->scratch, on node, with nothing yet. */
static struct hs_part *scratch_part(struct hs_online *h, int node)
{
	struct hs_placement *p = &h->scratch;
	if (p->nparts == h->cap_parts) {
		h->cap_parts = h->cap_parts ? 2 * h->cap_parts : 64;
		p->parts = hs_reallocarray(p->parts, h->cap_parts, sizeof *p->parts);
	}
	struct hs_part *pt = &p->parts[p->nparts++];
	memset(pt, 0, sizeof *pt);
	pt->node = node;
	return pt;
}

static void build_placement(struct hs_online *h, const int *cores, int nc, const int *gpus, int ng)
{
	scratch_reset(h);
	int nn = h->in->plat.nnodes;
	int a = 0, b = 0;
	while (a < nc || b < ng) {
		int na = a < nc ? h->core_node[cores[a]] : nn;
		int nb = b < ng ? h->gpu_node[gpus[b]] : nn;
		int node = na < nb ? na : nb;
		struct hs_part *pt = scratch_part(h, node);
		pt->ncores = na == node ? below(cores + a, nc - a, h->node_first_core[node + 1]) : 0;
		pt->ngpus = nb == node ? below(gpus + b, ng - b, h->node_first_gpu[node + 1]) : 0;
		/* cores or gpus may be NULL when none are asked: no offset on it */
		pt->cores = node_set(pt->ncores ? cores + a : NULL, pt->ncores, h->node_first_core[node]);
		pt->gpus = node_set(pt->ngpus ? gpus + b : NULL, pt->ngpus, h->node_first_gpu[node]);
		a += pt->ncores;
		b += pt->ngpus;
	}
}

/* Node j's cores, taken whole by one job (node_whole), written as its in
 * core_job before another job takes some of them or it frees some. */
static void unwhole(struct hs_online *h, int j)
{
	int w = h->node_whole[j];
	if (w < 0)
		return;
	for (int c = h->node_first_core[j]; c < h->node_first_core[j + 1]; c++)
		h->core_job[c] = w;
	h->node_whole[j] = -1;
}

void hs_online_mark(struct hs_online *h, const struct hs_placement *p, int job)
{
	for (int k = 0; k < p->nparts; k++) {
		const struct hs_part *pt = &p->parts[k];
		int j = pt->node;
		int *cj = h->core_job + h->node_first_core[j];
		int *gj = h->gpu_job + h->node_first_gpu[j];
		int set = job >= 0 ? job : -1;
		if (pt->ncores == 0) {
			/* its GPUs only */
		} else if (job >= 0 && whole_node(h, pt) && h->node_busy[j] == 0) {
			h->node_whole[j] = job; /* no core of it written */
		} else if (job < 0 && h->node_whole[j] >= 0) {
			h->node_whole[j] = -1; /* its only part there: taken whole */
		} else {
			unwhole(h, j);
			for (int c = 0; c < pt->ncores; c++)
				cj[pt->cores[c]] = set;
		}
		h->node_busy[j] += job >= 0 ? pt->ncores : -pt->ncores;
		for (int g = 0; g < pt->ngpus; g++)
			gj[pt->gpus[g]] = set;
	}
}

/* The rest of a start once h->scratch holds its placement (nc cores, ng
 * GPUs): the checks that need the placement (with deferred, whether its
 * cores are free), then the engine's start. */
static int start_placed(struct hs_online *h, int job, int ncores, int ngpus, int deferred)
{
	if ((deferred && check_free(h, job, &h->scratch) < 0) || check_fit(h, job, ncores, ngpus) < 0 ||
	    check_scope(h, job, &h->scratch) < 0 || hs_online_power_check_start(h, job, &h->scratch) < 0)
		return -1;
	const struct hs_task *t = &h->in->tasks[job];
	if (!isfinite(hs_placement_duration(h->in, t, &h->scratch)))
		return hs_online_bad(h, job, "cannot run on %d core%s and %d GPU%s under its runtime model",
			   ncores, ncores == 1 ? "" : "s", ngpus, ngpus == 1 ? "" : "s");
	if (h->decided)
		h->decided[job] = hs_online_now(h);
	if (h->eng->start(h->eng->arg, job, &h->scratch) < 0) {
		/* Reported by the engine, with the task's line: the input's
		 * fault (no route between the nodes, a comp or comm list of
		 * another size), as it is for hs-sim without -a. */
		h->errors++;
		h->input_errors++;
		return -1;
	}
	hs_online_mark(h, &h->scratch, job);
	h->status[job] = JOB_RUNNING;
	hs_online_authors_started(h, job);
	return 0;
}

int hs_online_start(struct hs_online *h, int job, const int *cores, int ncores, const int *gpus,
		    int ngpus)
{
	if (hs_online_check_waiting(h, job, "start") < 0)
		return -1;
	if (ncores < 0 || ngpus < 0 || (ncores > 0 && !cores) || (ngpus > 0 && !gpus))
		return hs_online_bad(h, job, "start: bad resource arrays (%d cores, %d GPUs)", ncores, ngpus);
	if (ncores + ngpus > h->cap_ids) {
		h->cap_ids = ncores + ngpus;
		h->scratch_ids = hs_reallocarray(h->scratch_ids, h->cap_ids, sizeof *h->scratch_ids);
	}
	/* Cores only (as most jobs): their check against the running jobs
	 * comes once they are a placement, a node at a time, still before any
	 * other check. */
	const int *sc, *sg;
	int deferred, unused;
	if (check_ids(h, job, cores, ncores, h->m.ncores, h->core_job, h->node_whole, h->core_node,
		      "core", 0, ngpus == 0, &sc, &deferred) < 0 ||
	    check_ids(h, job, gpus, ngpus, h->m.ngpus, h->gpu_job, NULL, h->gpu_node, "GPU", ncores, 0,
		      &sg, &unused) < 0)
		return -1;
	build_placement(h, sc, ncores, sg, ngpus);
	return start_placed(h, job, ncores, ngpus, deferred);
}

/* ---------------- ABI 4: starts on runs of cores ---------------- */

/* Runs in increasing order, none empty, overlapping or out of range:
 * their cores in *nc.  Returns 0 or -1 (reported). */
static int check_runs(struct hs_online *h, int job, const struct hs_online_range *runs, int nruns,
		      int *nc)
{
	int total = h->m.ncores, end = 0;
	*nc = 0;
	for (int i = 0; i < nruns; i++) {
		int a = runs[i].first, n = runs[i].n;
		if (n <= 0)
			return hs_online_bad(h, job, "start: run %d of cores (from core %d) is empty: n %d", i,
				   a, n);
		if (a < 0 || a >= total || n > total - a)
			return hs_online_bad(h, job, "no core %d (the machine has core 0..%d)",
				   a < 0 || a >= total ? a : total, total - 1);
		if (i > 0 && a < end && a >= runs[i - 1].first)
			return hs_online_bad(h, job, "core %d (node %s) given twice", a,
				   h->in->plat.nodes[h->core_node[a]].id);
		if (i > 0 && a < end)
			return hs_online_bad(h, job, "start: runs of cores out of order: run %d from core %d "
				   "after run %d from core %d", i, a, i - 1, runs[i - 1].first);
		end = a + n;
		*nc += n;
	}
	return 0;
}

/* The cores of node (below lim) from the runs at (*i, *a): run *i's rest
 * starts at core *a.  Writes them less base into ids (NULL: counts them
 * only), moves (*i, *a) past them, returns how many and in *run whether
 * they are consecutive. */
static int node_cores(const struct hs_online_range *runs, int nruns, int *i, int *a, int lim, int base,
		      int *ids, int *run)
{
	int n = 0, end = *a;
	*run = 1;
	while (*i < nruns && *a < lim) {
		int b = runs[*i].first + runs[*i].n, e = b < lim ? b : lim;
		*run &= *a == end;
		for (int c = *a; ids && c < e; c++)
			ids[n + c - *a] = c - base;
		n += e - *a;
		end = e;
		if (e < b) { /* the run goes on in the next node */
			*a = e;
			break;
		}
		if (++*i < nruns)
			*a = runs[*i].first;
	}
	return n;
}

/* h->scratch: the placement of checked runs of cores, a part per node in
 * node order, its set shared when it is a run (nearly always: a whole
 * node), so that nothing here is per core. */
static void build_placement_runs(struct hs_online *h, const struct hs_online_range *runs, int nruns)
{
	scratch_reset(h);
	int i = 0, a = nruns > 0 ? runs[0].first : 0;
	while (i < nruns) {
		int node = h->core_node[a], base = h->node_first_core[node],
		    lim = h->node_first_core[node + 1];
		struct hs_part *pt = scratch_part(h, node);
		int i0 = i, a0 = a, run;
		pt->ncores = node_cores(runs, nruns, &i, &a, lim, base, NULL, &run);
		pt->cores = run ? hs_ids_run(a0 - base, pt->ncores) : NULL;
		if (!pt->cores) {
			pt->cores = hs_malloc((size_t)pt->ncores * sizeof *pt->cores);
			node_cores(runs, nruns, &i0, &a0, lim, base, pt->cores, &run);
		}
	}
}

int hs_online_start_runs(struct hs_online *h, int job, const struct hs_online_range *runs, int nruns,
			 const int *gpus, int ngpus)
{
	if (hs_online_check_waiting(h, job, "start") < 0)
		return -1;
	if (nruns < 0 || ngpus < 0 || (nruns > 0 && !runs) || (ngpus > 0 && !gpus))
		return hs_online_bad(h, job, "start: bad resource arrays (%d runs of cores, %d GPUs)", nruns,
			   ngpus);
	int nc;
	if (check_runs(h, job, runs, nruns, &nc) < 0)
		return -1;
	if (ngpus > 0) {
		/* cores and GPUs together (which check_fit refuses, but in
		 * hs_online_start's words): its path, the runs as ids */
		int *ids = hs_malloc(((size_t)nc + 1) * sizeof *ids), k = 0;
		for (int r = 0; r < nruns; r++)
			for (int c = 0; c < runs[r].n; c++)
				ids[k++] = runs[r].first + c;
		int rc = hs_online_start(h, job, ids, nc, gpus, ngpus);
		free(ids);
		return rc;
	}
	build_placement_runs(h, runs, nruns);
	return start_placed(h, job, nc, 0, 1);
}

int hs_online_reject(struct hs_online *h, int job)
{
	if (hs_online_check_waiting(h, job, "reject") < 0)
		return -1;
	h->status[job] = JOB_REJECTED;
	hs_online_fresh(h, job);
	return 0;
}

int hs_online_wake(struct hs_online *h, double t)
{
	double now = hs_online_now(h);
	if (!h->running && t >= 0 && isfinite(t)) {
		/* from start: set once the simulation begins */
		h->early_wakes = hs_reallocarray(h->early_wakes, h->nearly + 1, sizeof *h->early_wakes);
		h->early_wakes[h->nearly++] = t;
		return 0;
	}
	if (!(t >= now) || !isfinite(t))
		return hs_online_bad(h, -1, "wake-up at %g is not at or after the current date %g", t, now);
	if (t != h->wake_at) {
		h->eng->timer(h->eng->arg, t, WAKE_TIMER);
		h->wake_at = t;
	}
	return 0;
}

/* Keys of plan records the host writes. */
static const char *const own_keys[] = {"node", "cores", "gpus", "start", "end", "after",
				       "state", "energy", "exit", "fetch", "h2d", "d2h", NULL};

static void note_add(struct hs_online *h, int job, int run, const char *key, const char *fmt,
		     va_list ap) HS_PRINTF(5, 0);

void hs_online_note(struct hs_online *h, int job, const char *key, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	note_add(h, job, 0, key, fmt, ap);
	va_end(ap);
}

void hs_online_note_run(struct hs_online *h, int job, const char *key, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	note_add(h, job, 1, key, fmt, ap);
	va_end(ap);
}

static void note_add(struct hs_online *h, int job, int run, const char *key, const char *fmt,
		     va_list ap)
{
	if (job < 0 || job >= h->n) {
		hs_online_bad(h, -1, "note: no job %d", job);
		return;
	}
	int ok = key && ((*key >= 'a' && *key <= 'z') || (*key >= 'A' && *key <= 'Z') || *key == '_');
	for (const char *c = key; ok && *c; c++)
		ok = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') ||
		     *c == '_' || *c == '.';
	for (int k = 0; ok && own_keys[k]; k++)
		ok = strcmp(key, own_keys[k]) != 0;
	if (!ok) {
		hs_online_bad(h, job, "note: key '%s' is not a key of its own", key ? key : "(null)");
		return;
	}
	if (h->decided && hs_online_note_late(h, job, key))
		return;
	char *val = NULL;
	if (vasprintf(&val, fmt, ap) < 0)
		hs_die(HS_EXIT_FAIL, "out of memory");
	for (int k = h->note_last[job]; k >= 0; k = h->notes[k].next)
		if (h->notes[k].run == run && strcmp(h->notes[k].key, key) == 0) {
			free(h->notes[k].val); /* the last value wins */
			h->notes[k].val = val;
			return;
		}
	if (h->nnotes == h->capnotes) {
		h->capnotes = h->capnotes ? 2 * h->capnotes : 64;
		h->notes = hs_reallocarray(h->notes, h->capnotes, sizeof *h->notes);
	}
	h->notes[h->nnotes] = (struct note){ job, run, hs_strdup(key), val, h->note_last[job] };
	h->note_last[job] = h->nnotes++;
}

double hs_online_estimate(const struct hs_online *h, int job, int node, int ncores, int ngpus)
{
	if (!h->model || job < 0 || job >= h->n || node < -1 || node >= h->in->plat.nnodes ||
	    ncores < 0 || ngpus < 0 || (ngpus > 0 && ncores > 0) || ngpus > 1 || ncores + ngpus == 0)
		return NAN;
	if (node < 0) /* the reference node, as large as asked (ABI 2) */
		return ngpus ? h->in->tasks[job].gpu_time : hs_task_time(&h->in->tasks[job], ncores);
	const struct hs_node *nd = &h->in->plat.nodes[node];
	if (ncores > nd->cores || ngpus > nd->gpus)
		return INFINITY;
	const struct hs_task *t = &h->in->tasks[job];
	return ngpus ? hs_task_gpu_time_on(t, nd) : hs_task_time_on(t, nd, ncores);
}

/* ---------------- ABI 2 ---------------- */

int hs_online_kill(struct hs_online *h, int job)
{
	if (job < 0 || job >= h->n)
		return hs_online_bad(h, -1, "kill: no job %d (jobs are 0..%d)", job, h->n - 1);
	switch (h->status[job]) {
	case JOB_RUNNING:
		/* The kill is an event of this date: the job's END comes in a
		 * batch of its own once this one is handled. */
		if (!h->kill_asked[job])
			h->eng->kill(h->eng->arg, job);
		h->kill_asked[job] = 1;
		return 0;
	case JOB_ENDED: return 1;
	case JOB_QUEUED: return hs_online_bad(h, job, "kill: not started (reject a waiting job)");
	case JOB_UNKNOWN: return hs_online_bad(h, job, "kill: not submitted yet");
	default: return hs_online_bad(h, job, "kill: rejected, never ran");
	}
}

double hs_online_progress(const struct hs_online *h, int job)
{
	if (job < 0 || job >= h->n || !h->running || !h->eng->progress)
		return NAN;
	if (h->status[job] != JOB_RUNNING && h->status[job] != JOB_ENDED)
		return NAN;
	return h->eng->progress(h->eng->arg, job);
}

int hs_online_alloc(struct hs_online *h, int job, struct hs_online_alloc *a)
{
	if (job < 0 || job >= h->n || !a ||
	    (h->status[job] != JOB_RUNNING && h->status[job] != JOB_ENDED) || h->run->p[job].task != job)
		return -1;
	const struct hs_placement *p = &h->run->p[job];
	int nc = 0, ng = 0;
	for (int k = 0; k < p->nparts; k++)
		nc += p->parts[k].ncores, ng += p->parts[k].ngpus;
	if (nc + ng > h->cap_alloc) {
		h->cap_alloc = nc + ng;
		h->alloc_ids = hs_reallocarray(h->alloc_ids, h->cap_alloc, sizeof *h->alloc_ids);
	}
	/* parts are in node order and a node's ids ascend: so do these */
	int c = 0, g = nc;
	for (int k = 0; k < p->nparts; k++) {
		const struct hs_part *pt = &p->parts[k];
		for (int i = 0; i < pt->ncores; i++)
			h->alloc_ids[c++] = h->node_first_core[pt->node] + pt->cores[i];
		for (int i = 0; i < pt->ngpus; i++)
			h->alloc_ids[g++] = h->node_first_gpu[pt->node] + pt->gpus[i];
	}
	struct hs_online_alloc r = { sizeof r, p->start, h->alloc_ids, nc, h->alloc_ids + nc, ng };
	size_t sz = a->struct_size && a->struct_size < sizeof r ? a->struct_size : sizeof r;
	memcpy(a, &r, sz);
	a->struct_size = (uint32_t)sz;
	return 0;
}

int hs_online_submit(struct hs_online *h, const char *id, const char *fields, double release)
{
	double now = hs_online_now(h);
	if (!(release >= now) || !isfinite(release))
		return hs_online_bad(h, -1, "submit: release %g is not at or after the current date %g", release,
			   now);
	char name[32];
	if (!id || !*id) {
		/* a name of hs's own: the next "dynN" no task has */
		static unsigned long seq;
		do
			snprintf(name, sizeof name, "dyn%lu", ++seq);
		while (hs_instance_find_task(h->in, name) >= 0);
		id = name;
	}
	char *line = hs_asprintf("task %s %s", id, fields ? fields : "");
	const char *err = NULL;
	struct hs_record *r = hs_record_parse(line, strlen(line), 0, &err);
	if (!r) {
		hs_online_bad(h, -1, "submit: task %s: %s", id, err);
		free(line);
		return -1;
	}
	free(line);
	/* its submission date is its release, in the record as in the run */
	char nb[HS_NUMBUF];
	hs_record_set(r, "release", hs_fmt_double(nb, release));
	char *msg = NULL;
	int job = hs_instance_add_task(h->in, r, &msg);
	if (job < 0) {
		hs_online_bad(h, -1, "submit: %s", msg);
		free(msg);
		hs_record_free(r);
		return -1;
	}
	hs_online_grow(h, job + 1);
	hs_online_job_init(h, job);
	h->eng->grow(h->eng->arg, job + 1);
	/* Submitted by a timer, at its date: a submission of this date too
	 * comes in a batch of its own after this one. */
	h->eng->timer(h->eng->arg, h->jobs[job].release, job);
	hs_online_authors_submitted(h, job, h->jobs[job].release);
	return job;
}

int hs_online_unsubmitted(const struct hs_online *h)
{
	return h->unsubmitted;
}
