/* model/load.c - build the typed model (platform, tasks, plan and run
 * schedules) from a stream's records: the two passes and the threads.
 *
 * Records may come in any order, so loading works in two passes:
 *   1. walk the stream once, register every id (duplicates are errors) and
 *      sort records by kind;
 *   2. decode them in dependency order: platform (ref_flops), clusters,
 *      the network's records (model/network.h: hs_net_build checks them),
 *      nodes (cluster references, default flops), tasks, then plan and run
 *      records (task and node references, after lists).
 * Every problem is collected with its line, and at the end the first ones
 * are printed in line order, so one run shows the user all that is wrong.
 * Unknown kinds and keys are ignored here; they stay in the stream.
 *
 * A platform record with xml=FILE brings a SimGrid platform: the file is
 * read into records first (hs_simgrid_read, kept in in->plat_xml) and its
 * clusters and nodes are decoded as if they stood in the stream, ahead of
 * the stream's own; their problems name the XML file and line.
 */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hs/format.h"
#include "hs/model.h"
#include "hs/util.h"
#include "load.h"
#include "util/par.h"
#include "util/strmap.h"

/* Records looked at this far ahead of the one being decoded: far enough
 * for a prefetch of the task map to land before its lookup. */
#define LOOK_AHEAD 8

static void kr_init(struct kind_recs *k, size_t cap)
{
	k->v = hs_malloc((cap ? cap : 1) * sizeof *k->v);
	k->ids = hs_malloc((cap ? cap : 1) * sizeof *k->ids);
	k->file = hs_malloc(cap ? cap : 1);
	k->n = 0;
}

/* A record kept without an id registered (the network's). */
static void kr_add(struct kind_recs *k, struct hs_record *r, int file)
{
	k->v[k->n] = r;
	k->file[k->n++] = (char)file;
}

static void kr_release(struct kind_recs *k)
{
	free(k->v);
	free(k->ids);
	free(k->file);
}

/* Register r's id in map; report a duplicate.  Returns 0 when new. */
static int register_id(struct loader *L, struct hs_strmap *m, struct kind_recs *k, struct hs_record *r,
		       const char *what)
{
	const char *id = hs_load_strdup(&L->ix->strings, r->id);
	int prev = hs_strmap_put(m, id, k->n);
	if (prev >= 0) {
		if (k->file[prev] != L->file)
			hs_load_error(L, r->line, "duplicate %s id '%s' (first at %s:%d)", what, r->id,
				k->file[prev] ? L->in->plat_xml->name : L->s->name, k->v[prev]->line);
		else
			hs_load_error(L, r->line, "duplicate %s id '%s' (first at line %d)", what, r->id,
				k->v[prev]->line);
		return -1;
	}
	k->v[k->n] = r;
	k->file[k->n] = (char)L->file;
	k->ids[k->n++] = id;
	return 0;
}

/* Which of the kinds the model reads a record is: one string comparison
 * (records are many, kinds few). */
enum { K_PLATFORM, K_CLUSTER, K_NODE, K_TASK, K_PLAN, K_RUN, K_LINK, K_ROUTER, K_ROUTE, K_OTHER };
static int kind_of(const char *k)
{
	static const char *const names[] = {"platform", "cluster", "node", "task", "plan",
					    "run", "link", "router", "route"};
	int i;
	switch (k ? k[0] : 0) {
	case 'p': i = k[1] == 'l' && k[2] == 'a' && k[3] == 't' ? K_PLATFORM : K_PLAN; break;
	case 'c': i = K_CLUSTER; break;
	case 'n': i = K_NODE; break;
	case 't': i = K_TASK; break;
	case 'r': /* run; route and router, told apart by a sixth character */
		i = k[1] == 'u' ? K_RUN : k[1] && k[2] && k[3] && k[4] && k[5] ? K_ROUTER : K_ROUTE;
		break;
	case 'l': i = K_LINK; break;
	default: return K_OTHER;
	}
	return strcmp(k, names[i]) == 0 ? i : K_OTHER;
}

int hs_record_is_platform(const struct hs_record *r)
{
	static const char *const kinds[] = {"platform", "cluster", "node", "link", "route", "router"};
	for (size_t i = 0; r->kind && i < sizeof kinds / sizeof *kinds; i++)
		if (strcmp(r->kind, kinds[i]) == 0)
			return 1;
	return 0;
}

int hs_instance_load(struct hs_instance *in, struct hs_stream *s)
{
	return hs_instance_load_flags(in, s, 0);
}

/* The task of plan or run record r, or -1.  Those records mostly come in
 * task order: the task after the previous record's (*next) is tried
 * before the id map (a lookup there is a cache miss per record on large
 * streams). */
static int record_task(const struct hs_instance *in, const struct index *ix,
		       const struct hs_record *r, int *next)
{
	int t = *next;
	if (t >= in->ntasks || strcmp(in->tasks[t].id, r->id) != 0)
		t = hs_strmap_get(&ix->tasks, r->id);
	*next = t + 1;
	return t;
}

/* Records [from, to) of recs decoded on a thread, with a copy of the
 * loader of its own (its problems apart from the others'). */
struct load_job {
	struct loader L;
	struct kind_recs *recs;
	const int *task; /* placements: each record's task */
	char *done;      /* tasks: set for each task decoded */
	int from, to;
};

/* worker on recs cut in hs_stream_threads() parts, side by side; returns
 * the problems the parts found (their messages given up: a caller with
 * any decodes again on one thread, for the messages of one thread). */
static int load_on_threads(const struct loader *L, struct kind_recs *recs, const int *task,
			   char *done, void *(*worker)(void *))
{
	int nth = hs_stream_threads(), problems = 0;
	struct load_job job[HS_PAR_MAX];
	for (int k = 0; k < nth; k++) {
		job[k] = (struct load_job){ *L, recs, task, done, (int)((long)recs->n * k / nth),
					    (int)((long)recs->n * (k + 1) / nth) };
		job[k].L.errs = NULL;
		job[k].L.nerrs = job[k].L.caperrs = job[k].L.total = 0;
	}
	hs_par_run(nth, worker, job, sizeof *job);
	for (int k = 0; k < nth; k++) {
		for (int e = 0; e < job[k].L.nerrs; e++)
			free(job[k].L.errs[e].msg);
		free(job[k].L.errs);
		problems += job[k].L.total;
	}
	return problems;
}

/* Tasks decoded on threads, those without app=, cmd= or deps= (which go
 * to shared pools: left to the caller's loop); like placements below, only
 * where none has a problem.  Returns the tasks decoded (done[i] set), or
 * NULL (everything undone) for the sequential way. */
#define PAR_TASKS 20000

static void *task_worker(void *arg)
{
	struct load_job *j = arg;
	struct hs_instance *in = j->L.in;
	for (int i = j->from; i < j->to && !j->L.total; i++) {
		struct hs_record *r = j->recs->v[i];
		if (hs_record_get(r, "app") || hs_record_get(r, "cmd") || hs_record_get(r, "deps"))
			continue;
		hs_load_task(&j->L, &in->tasks[i], i, r, j->recs->ids[i]);
		j->done[i] = 1;
	}
	return NULL;
}

static char *load_tasks_par(struct loader *L, struct kind_recs *kt)
{
	if (kt->n < PAR_TASKS || hs_stream_threads() < 2)
		return NULL;
	char *done = hs_calloc((size_t)kt->n, 1);
	if (!load_on_threads(L, kt, NULL, done, task_worker))
		return done;
	for (int i = 0; i < kt->n; i++) {
		struct hs_task *t = &L->in->tasks[i];
		if (done[i]) {
			free(t->times);
			free(t->comp);
			free(t->comm);
			memset(t, 0, sizeof *t);
		}
	}
	free(done);
	return NULL;
}

/* The after values of placement records, each looked up LOOK_AHEAD
 * records before its record is decoded, and the slots of its first ids
 * (up to 4) in the task map fetched then.  Those ids name earlier tasks in
 * no order, a cache miss each in the map of a large stream (8% of
 * hs-report's time), which the work on the records between then hides. */
struct after_ring {
	const char *v[LOOK_AHEAD];
};

static const char *prefetch_after(const struct loader *L, const struct hs_record *r)
{
	const char *v = hs_record_get(r, "after"), *a = v;
	for (int n = 0; a && *a && n < 4; n++) {
		const char *c = strchr(a, ',');
		hs_strmap_prefetch(&L->ix->tasks, a, c ? (size_t)(c - a) : SIZE_MAX);
		a = c ? c + 1 : NULL;
	}
	return v;
}

/* The after value of recs[i], in a loop over [from, to) that calls this
 * once for each i in order. */
static const char *after_next(const struct loader *L, struct after_ring *a,
			      struct hs_record *const *recs, int from, int i, int to)
{
	if (L->flags & HS_LOAD_NO_AFTER)
		return NULL;
	if (i == from)
		for (int k = i; k < i + LOOK_AHEAD && k < to; k++)
			a->v[k % LOOK_AHEAD] = prefetch_after(L, recs[k]);
	const char *v = a->v[i % LOOK_AHEAD];
	if (i + LOOK_AHEAD < to)
		a->v[i % LOOK_AHEAD] = prefetch_after(L, recs[i + LOOK_AHEAD]);
	return v;
}

/* Placements decoded on threads: a quarter of reading a planned stream,
 * the records independent.  Only a stream without problems there goes
 * this way: each record's task is found first (as the loop in
 * hs_instance_load_flags finds it) and any unknown or repeated one, or
 * any record a thread finds bad, sends the whole lot back to that loop,
 * everything undone, so that messages and the problems kept are those of
 * one thread.  Returns 0 when done here, -1 to go the sequential way. */
#define PAR_PLACEMENTS 20000

/* Run placements that share their plan's parts (HS_LOAD_SHARE_PARTS) let
 * go of them, before either schedule is freed. */
static void unshare_parts(struct hs_instance *in)
{
	int n = in->plan.n < in->run.n ? in->plan.n : in->run.n;
	for (int i = 0; i < n; i++)
		if (in->run.p[i].parts && in->run.p[i].parts == in->plan.p[i].parts) {
			in->run.p[i].parts = NULL;
			in->run.p[i].nparts = 0;
		}
}

static void *pl_worker(void *arg)
{
	struct load_job *j = arg;
	struct hs_instance *in = j->L.in;
	struct after_ring ring;
	for (int i = j->from; i < j->to && !j->L.total; i++) {
		struct hs_record *r = j->recs->v[i];
		int t = j->task[i];
		const char *after = after_next(&j->L, &ring, j->recs->v, j->from, i, j->to);
		struct hs_placement *p = r->kind[0] == 'r' ? &in->run.p[t] : &in->plan.p[t];
		if (hs_load_placement(&j->L, r, t, p, after) != 0)
			hs_load_placement_free(p);
	}
	return NULL;
}

static int load_placements_par(struct loader *L, struct kind_recs *kp, int *plan_line,
			       int *run_line)
{
	struct hs_instance *in = L->in;
	if (kp->n < PAR_PLACEMENTS || hs_stream_threads() < 2)
		return -1;
	int *task = hs_malloc((size_t)kp->n * sizeof *task);
	int next[2] = { 0, 0 }, ok = 1, hp = 0, hr = 0;
	for (int i = 0; i < kp->n && ok; i++) {
		struct hs_record *r = kp->v[i];
		int is_run = r->kind[0] == 'r';
		int t = record_task(in, L->ix, r, &next[is_run]);
		int *lines = is_run ? run_line : plan_line;
		ok = t >= 0 && !lines[t];
		if (ok)
			lines[t] = r->line ? r->line : -1;
		task[i] = t;
		hr |= is_run;
		hp |= !is_run;
	}
	int decoded = ok; /* placements to undo if a thread found a problem */
	if (ok && L->plan_rec) {
		/* Plans first, then the runs that may share their parts. */
		struct kind_recs part[2];
		int *ptask[2];
		for (int k = 0; k < 2; k++) {
			part[k] = (struct kind_recs){ hs_malloc((size_t)kp->n * sizeof *part[k].v), NULL, NULL, 0 };
			ptask[k] = hs_malloc((size_t)kp->n * sizeof *ptask[k]);
		}
		for (int i = 0; i < kp->n; i++) {
			int k = kp->v[i]->kind[0] == 'r';
			if (!k)
				L->plan_rec[task[i]] = kp->v[i];
			ptask[k][part[k].n] = task[i];
			part[k].v[part[k].n++] = kp->v[i];
		}
		for (int k = 0; k < 2 && ok; k++)
			ok = load_on_threads(L, &part[k], ptask[k], NULL, pl_worker) == 0;
		for (int k = 0; k < 2; k++) {
			free(part[k].v);
			free(ptask[k]);
		}
	} else if (ok) {
		ok = load_on_threads(L, kp, task, NULL, pl_worker) == 0;
	}
	if (!ok) {
		unshare_parts(in);
		if (L->plan_rec)
			memset(L->plan_rec, 0, (size_t)(in->ntasks ? in->ntasks : 1) * sizeof *L->plan_rec);
		for (int i = 0; decoded && i < kp->n; i++) {
			struct hs_record *r = kp->v[i];
			hs_load_placement_free(r->kind[0] == 'r' ? &in->run.p[task[i]] : &in->plan.p[task[i]]);
		}
		memset(plan_line, 0, (size_t)(in->ntasks ? in->ntasks : 1) * sizeof *plan_line);
		memset(run_line, 0, (size_t)(in->ntasks ? in->ntasks : 1) * sizeof *run_line);
		free(task);
		return -1;
	}
	free(task);
	in->has_plan |= hp;
	in->has_run |= hr;
	return 0;
}

int hs_instance_load_flags(struct hs_instance *in, struct hs_stream *s, unsigned flags)
{
	memset(in, 0, sizeof *in);
	in->stream = s;
	struct index *ix = hs_calloc(1, sizeof *ix);
	in->index_ = ix;
	struct loader L = { .in = in, .s = s, .ix = ix, .flags = flags };

	/* The platform's XML file, if any, comes first: its records are
	 * classified with the stream's, ahead of them. */
	struct hs_record *plat = NULL, *xplat = NULL;
	for (size_t i = 0; i < s->n && !plat; i++)
		if (s->recs[i]->kind && strcmp(s->recs[i]->kind, "platform") == 0)
			plat = s->recs[i];
	if (plat && hs_load_platform_xml(&L, plat) < 0) {
		/* Without its platform the stream's nodes and plans mean nothing:
		 * stop before a cascade of unknown nodes. */
		hs_load_flush(&L);
		hs_instance_release(in);
		in->stream = s;
		return -1;
	}
	struct hs_stream *srcs[2] = { in->plat_xml, s };
	int srcfile[2] = { 1, 0 };

	/* Pass 1: classify records and register ids. */
	size_t counts[K_OTHER + 1] = { 0 };
	for (int f = 0; f < 2; f++)
		for (size_t i = 0; srcs[f] && i < srcs[f]->n; i++)
			counts[kind_of(srcs[f]->recs[i]->kind)]++;
	struct kind_recs kc, kn, kt, kp, kl, krouter, kroute;
	kr_init(&kc, counts[K_CLUSTER]);
	kr_init(&kn, counts[K_NODE]);
	kr_init(&kt, counts[K_TASK]);
	kr_init(&kp, counts[K_PLAN] + counts[K_RUN]);
	kr_init(&kl, counts[K_LINK]);
	kr_init(&krouter, counts[K_ROUTER]);
	kr_init(&kroute, counts[K_ROUTE]);
	/* The order of cluster, node and router records (struct hs_netrecs) */
	char *order = ix->net.order =
		hs_malloc(counts[K_CLUSTER] + counts[K_NODE] + counts[K_ROUTER] + 1);
	hs_strmap_init(&ix->clusters, counts[K_CLUSTER]);
	hs_strmap_init(&ix->nodes, counts[K_NODE]);
	hs_strmap_init(&ix->tasks, counts[K_TASK]);
	for (int f = 0; f < 2; f++) {
		L.file = srcfile[f];
		for (size_t i = 0; srcs[f] && i < srcs[f]->n; i++) {
			struct hs_record *r = srcs[f]->recs[i];
			int k = kind_of(r->kind);
			/* The slot of a task LOOK_AHEAD records on, a cache miss
			 * each in the map of a large stream, fetched while this
			 * one is registered. */
			const struct hs_record *ahead =
				i + LOOK_AHEAD < srcs[f]->n ? srcs[f]->recs[i + LOOK_AHEAD] : NULL;
			if (ahead && ahead->kind && ahead->kind[0] == 't' && ahead->id)
				hs_strmap_prefetch(&ix->tasks, ahead->id, SIZE_MAX);
			/* The XML file brings a platform only: no tasks, plans, runs. */
			switch (k) {
			case K_PLATFORM:
				if (L.file)
					xplat = r; /* the reader writes one */
				else if (r != plat)
					hs_load_error(&L, r->line,
						"duplicate platform record (first at line %d)",
						plat->line);
				break;
			case K_CLUSTER:
				if (register_id(&L, &ix->clusters, &kc, r, "cluster") == 0)
					order[ix->net.norder++] = 'c';
				break;
			case K_NODE:
				if (register_id(&L, &ix->nodes, &kn, r, "node") == 0)
					order[ix->net.norder++] = 'n';
				break;
			case K_LINK: kr_add(&kl, r, L.file); break;
			case K_ROUTER:
				kr_add(&krouter, r, L.file);
				order[ix->net.norder++] = 'r';
				break;
			case K_ROUTE: kr_add(&kroute, r, L.file); break;
			case K_TASK:
				if (!L.file)
					register_id(&L, &ix->tasks, &kt, r, "task");
				break;
			case K_PLAN:
			case K_RUN:
				if (!L.file)
					kp.v[kp.n++] = r;
				break;
			default: break;
			}
		}
	}
	L.file = 0;

	/* Pass 2: decode in dependency order. */
	struct hs_platform *pl = &in->plat;
	pl->ref_flops = 1e9;
	hs_load_platform(&L, plat, xplat);
	hs_load_platform_routing(&L, plat, xplat);
	pl->clusters = hs_calloc(kc.n + 1, sizeof *pl->clusters); /* +1: implicit default */
	pl->nclusters = kc.n;
	for (int i = 0; i < kc.n; i++) {
		L.file = kc.file[i];
		hs_load_cluster(&L, &pl->clusters[i], kc.v[i], kc.ids[i]);
	}
	L.file = 0;
	hs_load_network(&L, &kc, &kl, &krouter, &kroute);
	hs_load_nodes(&L, &kn);

	in->ntasks = kt.n;
	in->tasks = hs_calloc(kt.n ? kt.n : 1, sizeof *in->tasks);
	L.dep_off = hs_malloc((kt.n ? kt.n : 1) * sizeof *L.dep_off);
	char *done = load_tasks_par(&L, &kt);
	for (int i = 0; i < kt.n; i++)
		if (!done || !done[i])
			hs_load_task(&L, &in->tasks[i], i, kt.v[i], kt.ids[i]);
	free(done);
	hs_load_finish_deps(&L);
	free(L.dep_off);
	free(L.dep_idx);
	free(L.dep_bytes);

	/* A schedule the caller replaces costs nothing when the stream has
	 * none to check: its slots would be written once and freed unread. */
	if (counts[K_PLAN] || !(flags & HS_LOAD_PLAN_REPLACED))
		hs_schedule_init(&in->plan, in->ntasks);
	if (counts[K_RUN] || !(flags & HS_LOAD_RUN_REPLACED))
		hs_schedule_init(&in->run, in->ntasks);
	if (flags & HS_LOAD_SHARE_PARTS)
		L.plan_rec = hs_calloc(in->ntasks ? in->ntasks : 1, sizeof *L.plan_rec);
	int *plan_line = hs_calloc(in->ntasks ? in->ntasks : 1, sizeof *plan_line);
	int *run_line = hs_calloc(in->ntasks ? in->ntasks : 1, sizeof *run_line);
	int next[2] = { 0, 0 };
	struct after_ring ring;
	int from = load_placements_par(&L, &kp, plan_line, run_line) == 0 ? kp.n : 0;
	for (int i = from; i < kp.n; i++) {
		struct hs_record *r = kp.v[i];
		int is_run = r->kind[0] == 'r';
		int t = record_task(in, ix, r, &next[is_run]);
		const char *after = after_next(&L, &ring, kp.v, from, i, kp.n);
		if (t < 0) {
			hs_load_error(&L, r->line, "%s %s: unknown task", r->kind, r->id);
			continue;
		}
		int *lines = is_run ? run_line : plan_line;
		if (lines[t]) {
			hs_load_error(&L, r->line, "duplicate %s record for task '%s' (first at line %d)",
				r->kind, r->id, lines[t]);
			continue;
		}
		lines[t] = r->line ? r->line : -1;
		struct hs_placement *p = is_run ? &in->run.p[t] : &in->plan.p[t];
		if (hs_load_placement(&L, r, t, p, after) != 0)
			hs_load_placement_free(p);
		else if (L.plan_rec && !is_run)
			L.plan_rec[t] = r;
		if (is_run)
			in->has_run = 1;
		else
			in->has_plan = 1;
	}
	hs_load_check_cycles(&L, &in->plan, "plan", plan_line);
	hs_load_check_cycles(&L, &in->run, "run", run_line);
	free(plan_line);
	free(run_line);
	free(L.plan_rec);
	kr_release(&kc);
	kr_release(&kn);
	kr_release(&kt);
	kr_release(&kp);
	kr_release(&kl);
	kr_release(&krouter);
	kr_release(&kroute);
	free(L.node_bad);

	if (L.total) {
		hs_load_flush(&L);
		hs_instance_release(in);
		in->stream = s;
		return -1;
	}
	return 0;
}

void hs_instance_release(struct hs_instance *in)
{
	struct hs_platform *pl = &in->plat;
	for (int i = 0; i < pl->nclusters; i++)
		free(pl->clusters[i].nodes);
	free(pl->clusters);
	free(pl->nodes);
	for (int i = 0; i < in->ntasks; i++) {
		free(in->tasks[i].times);
		free(in->tasks[i].comp);
		free(in->tasks[i].comm);
	}
	free(in->tasks);
	unshare_parts(in);
	hs_schedule_release(&in->plan);
	hs_schedule_release(&in->run);
	struct index *ix = in->index_;
	if (ix) {
		hs_strmap_release(&ix->tasks);
		hs_strmap_release(&ix->nodes);
		hs_strmap_release(&ix->clusters);
		hs_load_pool_release(&ix->strings);
		free(ix->xml);
		free(ix->dep_idx);
		free(ix->dep_bytes);
		free(ix->pstates);
		free(ix->sleeps);
		free(ix->simgrid_pstates);
		hs_load_net_release(&ix->net);
		free(ix);
	}
	if (in->plat_xml) {
		hs_stream_release(in->plat_xml);
		free(in->plat_xml);
	}
	memset(in, 0, sizeof *in);
}

int hs_instance_find_task(const struct hs_instance *in, const char *id)
{
	const struct index *ix = in->index_;
	return ix ? hs_strmap_get(&ix->tasks, id) : -1;
}

int hs_instance_find_node(const struct hs_instance *in, const char *id)
{
	const struct index *ix = in->index_;
	return ix ? hs_strmap_get(&ix->nodes, id) : -1;
}

int hs_instance_find_cluster(const struct hs_instance *in, const char *id)
{
	const struct index *ix = in->index_;
	return ix ? hs_strmap_get(&ix->clusters, id) : -1;
}

