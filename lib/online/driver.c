/* driver.c - an online algorithm inside the simulator (hs/onlinesim.h).
 *
 * The simulator (hs_sim_drive) calls the hooks below: a job is submitted
 * by a timer at its release date (or when the last job it depends on
 * ends), a job's end frees its resources, and once every event of a date
 * is applied the batch of what happened is handed to the algorithm, whose
 * decisions (host.c) start jobs at that date.  The plan and run records
 * are written only when the whole run went through.  Another engine (real
 * processes: hs/onlinesim.h's hs_online_engine) drives the same hooks;
 * it may take each job's records as the job ends (records.c). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/emit.h"
#include "model/ids.h"
#include "online_priv.h"

/* Calls at one date beyond which an algorithm is taken to loop (it keeps
 * asking to be woken at the current date). */
#define MAX_ROUNDS 100000

static void machine_init(struct hs_online *h)
{
	const struct hs_platform *pl = &h->in->plat;
	int nn = pl->nnodes;
	h->node_first_core = hs_malloc((nn + 1) * sizeof *h->node_first_core);
	h->node_first_gpu = hs_malloc((nn + 1) * sizeof *h->node_first_gpu);
	int c = 0, g = 0;
	for (int j = 0; j < nn; j++) {
		h->node_first_core[j] = c;
		h->node_first_gpu[j] = g;
		c += pl->nodes[j].cores;
		g += pl->nodes[j].gpus;
	}
	h->node_first_core[nn] = c;
	h->node_first_gpu[nn] = g;
	h->core_node = hs_malloc((c + 1) * sizeof *h->core_node);
	h->gpu_node = hs_malloc((g + 1) * sizeof *h->gpu_node);
	h->core_job = hs_malloc((c + 1) * sizeof *h->core_job);
	h->gpu_job = hs_malloc((g + 1) * sizeof *h->gpu_job);
	for (int j = 0; j < nn; j++) {
		for (int k = h->node_first_core[j]; k < h->node_first_core[j + 1]; k++)
			h->core_node[k] = j;
		for (int k = h->node_first_gpu[j]; k < h->node_first_gpu[j + 1]; k++)
			h->gpu_node[k] = j;
	}
	for (int k = 0; k < c; k++)
		h->core_job[k] = -1;
	h->node_busy = hs_calloc(nn + 1, sizeof *h->node_busy);
	h->node_whole = hs_malloc((nn + 1) * sizeof *h->node_whole);
	for (int j = 0; j < nn; j++)
		h->node_whole[j] = -1;
	for (int k = 0; k < g; k++)
		h->gpu_job[k] = -1;
	h->m = (struct hs_online_machine){
		.struct_size = sizeof h->m,
		.plat = pl,
		.ncores = c,
		.ngpus = g,
		.node_first_core = h->node_first_core,
		.node_first_gpu = h->node_first_gpu,
		.core_node = h->core_node,
		.gpu_node = h->gpu_node,
		.njobs = h->n,
	};
}

void hs_online_job_init(struct hs_online *h, int i)
{
	const struct hs_task *t = &h->in->tasks[i];
	struct hs_online_job *j = &h->jobs[i];
	int gpu_only = t->model == HS_MODEL_GPU || t->on == HS_ON_GPU;
	j->struct_size = sizeof *j;
	j->index = i;
	j->id = t->id;
	j->cores = gpu_only ? 0 : t->size > 0 ? t->size : 1;
	j->gpus = gpu_only;
	j->walltime = t->walltime;
	j->release = t->release;
	j->submitted = NAN;
	j->priority = t->priority;
	j->app = t->app;
	j->scope = t->scope;
	j->on = t->on;
	j->deps = t->deps;
	j->ndeps = t->ndeps;
	j->task = h->clairvoyant ? t : NULL;
}

/* What a batch scheduler is told of each job. */
static void jobs_init(struct hs_online *h)
{
	h->jobs = hs_calloc(h->n + 1, sizeof *h->jobs);
	h->status = hs_calloc(h->n + 1, 1);
	h->kill_asked = hs_calloc(h->n + 1, 1);
	h->note_last = hs_malloc((h->n + 1) * sizeof *h->note_last);
	for (int i = 0; i < h->n; i++)
		h->note_last[i] = -1;
	for (int i = 0; i < h->n; i++)
		hs_online_job_init(h, i);
	h->nstatic = h->unsubmitted = h->n;
}

void hs_online_grow(struct hs_online *h, int n)
{
	if (n <= h->n)
		return;
	h->jobs = hs_reallocarray(h->jobs, n + 1, sizeof *h->jobs);
	h->status = hs_reallocarray(h->status, n + 1, 1);
	h->kill_asked = hs_reallocarray(h->kill_asked, n + 1, 1);
	h->note_last = hs_reallocarray(h->note_last, n + 1, sizeof *h->note_last);
	h->deps_left = hs_reallocarray(h->deps_left, n + 1, sizeof *h->deps_left);
	h->succ_off = hs_reallocarray(h->succ_off, n + 2, sizeof *h->succ_off);
	h->subs = hs_reallocarray(h->subs, n + 1, sizeof *h->subs);
	if (h->decided) {
		h->decided = hs_reallocarray(h->decided, n + 1, sizeof *h->decided);
		h->recorded = hs_reallocarray(h->recorded, n + 1, 1);
		memset(h->recorded + h->n, 0, (size_t)(n - h->n));
	}
	for (int i = h->n; i < n; i++) {
		memset(&h->jobs[i], 0, sizeof h->jobs[i]);
		h->status[i] = JOB_UNKNOWN;
		h->kill_asked[i] = 0;
		h->note_last[i] = -1;
		h->deps_left[i] = 0;
		h->succ_off[i + 1] = h->succ_off[h->n]; /* no successors */
	}
	h->n = n;
	h->m.njobs = n;
}

/* Successor lists from the jobs' dependencies (task graphs). */
static void deps_init(struct hs_online *h)
{
	h->deps_left = hs_calloc(h->n + 1, sizeof *h->deps_left);
	h->succ_off = hs_calloc(h->n + 2, sizeof *h->succ_off);
	for (int i = 0; i < h->n; i++)
		for (int k = 0; k < h->jobs[i].ndeps; k++) {
			h->succ_off[h->jobs[i].deps[k] + 1]++;
			h->deps_left[i]++;
		}
	for (int i = 0; i < h->n; i++)
		h->succ_off[i + 1] += h->succ_off[i];
	h->succ = hs_malloc((h->succ_off[h->n] + 1) * sizeof *h->succ);
	int *fill = hs_malloc((h->n + 1) * sizeof *fill);
	memcpy(fill, h->succ_off, (h->n + 1) * sizeof *fill);
	for (int i = 0; i < h->n; i++)
		for (int k = 0; k < h->jobs[i].ndeps; k++)
			h->succ[fill[h->jobs[i].deps[k]]++] = i;
	free(fill);
}

static void push_event(struct hs_online *h, enum hs_online_event_type type, int job,
		       enum hs_state st)
{
	if (h->nev == h->capev) {
		h->capev = h->capev ? 2 * h->capev : 64;
		h->ev = hs_reallocarray(h->ev, h->capev, sizeof *h->ev);
	}
	h->ev[h->nev++] = (struct hs_online_event){ sizeof *h->ev, type, job, st, 0 };
}

static void submit_later(struct hs_online *h, int job)
{
	h->subs[h->nsubs++] = job;
}

/* A job's dependencies all ended: submitted at its release date. */
static void ready(struct hs_online *h, int job, double now)
{
	double r = h->in->tasks[job].release;
	if (r > now)
		h->eng->timer(h->eng->arg, r, job);
	else
		submit_later(h, job);
}

static int hook_begin(void *arg, struct hs_sim *sim)
{
	struct hs_online *h = arg;
	h->sim = sim;
	h->running = 1;
	for (int i = 0; i < h->n; i++)
		if (h->deps_left[i] == 0)
			h->eng->timer(h->eng->arg, h->in->tasks[i].release, i);
	if (h->order == HS_ONLINE_ORDER_LUCARELLI)
		hs_online_authors_begin(h);
	/* wake-ups asked for in start, after the submissions of their date */
	for (int k = 0; k < h->nearly; k++)
		hs_online_wake(h, h->early_wakes[k]);
	return 0;
}

/* Job task's cores and GPUs are free again. */
static void free_resources(struct hs_online *h, int task)
{
	hs_online_mark(h, &h->run->p[task], -1);
}

static void hook_ended(void *arg, int task, double now, enum hs_state st)
{
	struct hs_online *h = arg;
	(void)now;
	/* One event a call: a job holds its resources until its END is
	 * handed over, as a scheduler that reads its events one by one sees
	 * it. */
	if (!h->cfg->per_event)
		free_resources(h, task);
	h->status[task] = JOB_ENDED;
	hs_online_fresh(h, task);
	push_event(h, HS_ONLINE_END, task, st);
	for (int k = h->succ_off[task]; k < h->succ_off[task + 1]; k++)
		if (--h->deps_left[h->succ[k]] == 0)
			ready(h, h->succ[k], now);
}

static void hook_timer(void *arg, int id, double now)
{
	struct hs_online *h = arg;
	(void)now;
	if (id < WAKE_TIMER) {
		hs_online_power_due(h, POWER_TIMER_NODE(id), now);
	} else if (id == WAKE_TIMER) {
		h->wake = 1;
		if (h->wake_at == now)
			h->wake_at = NAN;
	} else {
		submit_later(h, id);
	}
}

static const struct hs_online *sort_h;

/* Submissions by release date, then stream order. */
static int by_release(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	double rx = sort_h->in->tasks[x].release, ry = sort_h->in->tasks[y].release;
	if (rx != ry)
		return rx < ry ? -1 : 1;
	return (x > y) - (x < y);
}

/* A date's submissions join the batch: the job is queued, its date now. */
void hs_online_queue_submit(struct hs_online *h, int j, double now)
{
	h->unsubmitted -= j < h->nstatic;
	h->status[j] = JOB_QUEUED;
	h->jobs[j].submitted = now;
	push_event(h, HS_ONLINE_SUBMIT, j, HS_STATE_NONE);
}

void hs_online_queue_end(struct hs_online *h, int job, enum hs_state st)
{
	push_event(h, HS_ONLINE_END, job, st);
}

void hs_online_queue_state(struct hs_online *h, int node)
{
	push_event(h, HS_ONLINE_STATE, node, HS_STATE_NONE);
}

void hs_online_queue_wake(struct hs_online *h)
{
	push_event(h, HS_ONLINE_WAKE, -1, HS_STATE_NONE);
}

int hs_online_deliver(struct hs_online *h, double now)
{
	if (h->nev == 0)
		return 0;
	h->last_date = now;
	if (now != h->round_date) {
		h->round_date = now;
		h->rounds = 0;
	}
	if (++h->rounds > MAX_ROUNDS) {
		hs_ctx_error(h->ctx, "called %d times at date %g: the algorithm loops", MAX_ROUNDS, now);
		return -1;
	}
	for (int k = 0; k < h->nev; k++)
		h->ev[k].time = now;
	const struct hs_online_ops *ops = h->cfg->algo->online;
	int nev = h->nev;
	h->nev = 0;
	h->res->calls++;
	h->res->events += nev;
	double t0 = hs_now();
	hs_guard_enter(&h->guard, "handling events");
	int rc = 0;
	if (h->cfg->per_event)
		for (int k = 0; k < nev && rc == 0 && !h->errors; k++) {
			if (h->ev[k].type == HS_ONLINE_END)
				free_resources(h, h->ev[k].job);
			if (h->cfg->event_log)
				hs_online_log_batch(h, &h->ev[k], 1, now);
			rc = ops->events(h->state, h, &h->ev[k], 1, h->ctx);
		}
	else {
		if (h->cfg->event_log)
			hs_online_log_batch(h, h->ev, nev, now);
		rc = ops->events(h->state, h, h->ev, nev, h->ctx);
	}
	hs_guard_leave(&h->guard);
	h->res->plugin_s += hs_now() - t0;
	if (rc != 0 && hs_ctx_nerrors(h->ctx) == 0 && !h->input_errors)
		hs_ctx_error(h->ctx, "failed at date %g (the plugin gave no reason)", now);
	return rc != 0 || h->errors ? -1 : 0;
}

static int hook_settle(void *arg, struct hs_sim *sim, double now)
{
	struct hs_online *h = arg;
	(void)sim;
	if (h->order == HS_ONLINE_ORDER_LUCARELLI)
		return hs_online_authors_settle(h, now);
	if (h->nsubs > 1) {
		sort_h = h;
		qsort(h->subs, h->nsubs, sizeof *h->subs, by_release);
	}
	for (int k = 0; k < h->nsubs; k++)
		hs_online_queue_submit(h, h->subs[k], now);
	h->nsubs = 0;
	if (h->wake)
		push_event(h, HS_ONLINE_WAKE, -1, HS_STATE_NONE);
	h->wake = 0;
	int rc = hs_online_deliver(h, now);
	if (h->decided)
		hs_online_flush_records(h);
	return rc;
}

/* After the run: every job started or rejected; jobs that depend on a
 * rejected job are rejected too.  Returns the number left waiting. */
static int check_all_decided(struct hs_online *h)
{
	for (int i = 0; i < h->n; i++)
		if (h->status[i] == JOB_REJECTED)
			for (int k = h->succ_off[i]; k < h->succ_off[i + 1]; k++)
				if (h->status[h->succ[k]] == JOB_UNKNOWN) {
					h->status[h->succ[k]] = JOB_REJECTED;
					hs_online_fresh(h, h->succ[k]);
				}
	int left = 0;
	char list[200] = "";
	size_t len = 0;
	for (int i = 0; i < h->n; i++) {
		if (h->status[i] != JOB_QUEUED && h->status[i] != JOB_UNKNOWN)
			continue;
		if (left < 5) {
			int w = snprintf(list + len, sizeof list - len, "%s%s", left ? ", " : "",
					 h->in->tasks[i].id);
			len = w < 0 || (size_t)w >= sizeof list - len ? sizeof list - 1 : len + w;
		}
		left++;
	}
	if (left)
		hs_ctx_error(h->ctx,
			     "%d job%s never started nor rejected (%s%s): the algorithm left them "
			     "waiting with nothing running",
			     left, left == 1 ? "" : "s", list, left > 5 ? ", ..." : "");
	return left;
}

/* The notes of one kind of record (plan or run) as fields of its emitted
 * lines (emit.h): task i's are kv[2 * off[i] .. 2 * off[i + 1]), keys and
 * values taken over from the host's notes, in the order first noted. */
struct note_fields {
	int *off;
	char **kv;
	int nkv;
};

static int note_fields_get(void *arg, int task, const char **keys, const char **vals, int room)
{
	const struct note_fields *f = arg;
	int k = 0;
	for (int a = f->off[task]; a < f->off[task + 1] && k < room; a++, k++) {
		keys[k] = f->kv[2 * a];
		vals[k] = f->kv[2 * a + 1];
	}
	return k;
}

static void note_fields_free(void *arg)
{
	struct note_fields *f = arg;
	for (int a = 0; a < 2 * f->nkv; a++)
		free(f->kv[a]);
	free(f->kv);
	free(f->off);
	free(f);
}

/* Whether job has a plan record: it started (its run record is not a
 * rejection's). */
static int planned(const struct hs_online *h, int job)
{
	return h->run->p[job].task == job && h->run->p[job].state != HS_STATE_REJECTED;
}

/* Which record note k goes on (0 plan, 1 run, -1 none): a job's notes
 * on its plan record when it started, on its run record when it was
 * rejected (a note may say why); notes for the run record there when it
 * has one. */
static int note_target(const struct hs_online *h, int k)
{
	int job = h->notes[k].job;
	if (h->notes[k].run)
		return h->run->p[job].task == job || h->status[job] == JOB_REJECTED ? 1 : -1;
	return planned(h, job) ? 0 : h->status[job] == JOB_REJECTED ? 1 : -1;
}

/* The notes on target t's records (0 plan, 1 run) as fields, taken from
 * h (its notes keep no strings); NULL when there are none. */
static struct note_fields *note_fields_make(struct hs_online *h, int t)
{
	struct note_fields *f = hs_calloc(1, sizeof *f);
	f->off = hs_calloc((size_t)h->n + 1, sizeof *f->off);
	for (int k = 0; k < h->nnotes; k++)
		if (note_target(h, k) == t)
			f->off[h->notes[k].job + 1]++;
	for (int i = 0; i < h->n; i++)
		f->off[i + 1] += f->off[i];
	f->nkv = f->off[h->n];
	if (f->nkv == 0) {
		note_fields_free(f);
		return NULL;
	}
	f->kv = hs_malloc(2 * (size_t)f->nkv * sizeof *f->kv);
	int *fill = hs_malloc(((size_t)h->n + 1) * sizeof *fill);
	memcpy(fill, f->off, ((size_t)h->n + 1) * sizeof *fill);
	for (int k = 0; k < h->nnotes; k++) {
		struct note *nt = &h->notes[k];
		if (note_target(h, k) != t)
			continue;
		int a = fill[nt->job]++;
		f->kv[2 * a] = nt->key;
		f->kv[2 * a + 1] = nt->val;
		nt->key = nt->val = NULL;
	}
	free(fill);
	return f;
}

/* Whether every job's notes fit in its emitted line beside its placement's
 * fields (hs/format.h's HS_GEN_FIELDS a line). */
static int notes_fit(const struct hs_online *h)
{
	int *cnt = hs_calloc(2 * (size_t)h->n + 1, sizeof *cnt), ok = 1;
	for (int k = 0; k < h->nnotes && ok; k++) {
		int j = h->notes[k].job, t = note_target(h, k);
		if (t >= 0)
			ok = ++cnt[2 * j + t] <=
			     HS_GEN_FIELDS - (t == 0 ? HS_EMIT_PLAN_FIELDS : HS_EMIT_RUN_FIELDS);
	}
	free(cnt);
	return ok;
}

/* The notes set on records made for them: where some job has more notes
 * than its emitted line holds. */
static void notes_on_records(struct hs_online *h, struct hs_instance *in)
{
	/* The records to set the notes on, by task: its plan record (2t) and
	 * its run record (2t + 1). */
	struct hs_record **rec = hs_calloc(2 * (size_t)h->n + 1, sizeof *rec);
	struct hs_stream *s = in->stream;
	for (size_t k = 0; k < s->n; k++) {
		struct hs_record *r = s->recs[k];
		int plan = r->kind && strcmp(r->kind, "plan") == 0;
		if (!plan && !(r->kind && strcmp(r->kind, "run") == 0))
			continue;
		int t = hs_instance_find_task(in, r->id);
		if (t >= 0)
			rec[2 * t + !plan] = r;
	}
	for (int k = 0; k < h->nnotes; k++) {
		int job = h->notes[k].job;
		/* a plan note of a rejected job goes on its run record */
		int run = h->notes[k].run || (!rec[2 * job] && h->status[job] == JOB_REJECTED);
		if (rec[2 * job + run])
			hs_record_set(rec[2 * job + run], h->notes[k].key, h->notes[k].val);
	}
	free(rec);
}

/* The plan of run: a copy of each started job's placement, without what
 * only a run has (state, exit, energy). */
static void plan_of_run(struct hs_online *h, const struct hs_schedule *run, struct hs_schedule *plan)
{
	hs_schedule_init(plan, h->n);
	for (int i = 0; i < h->n; i++)
		if (planned(h, i)) {
			struct hs_placement *p = &plan->p[i];
			hs_placement_copy(p, &run->p[i]);
			p->state = HS_STATE_NONE;
			p->exit_status = -1;
			p->energy = NAN;
		}
}

/* The stream's records: plans of started jobs (the decision: resources
 * and start, which the run records hold too; the end is the real one, so
 * the plan is valid and replays as it ran), runs, rejections, notes.  The
 * run moves into the instance (run is left empty); the plan and run lines
 * are made from it as the stream is written (emitted, with the notes as
 * fields of their own: no copy of the allotments into a plan), not a
 * record per job, unless a job has more notes than a line holds. */
static void write_records(struct hs_online *h, struct hs_instance *in, struct hs_schedule *run)
{
	for (int i = 0; i < h->n; i++)
		if (h->status[i] == JOB_REJECTED) {
			struct hs_placement *r = &run->p[i];
			r->task = i;
			r->state = HS_STATE_REJECTED;
			r->start = r->end = in->tasks[i].release;
		}
	/* A rejected job has no parts: the run's after lists are the plan's. */
	hs_schedule_compute_after(run, &in->plat);
	if (!notes_fit(h)) {
		struct hs_schedule plan;
		plan_of_run(h, run, &plan);
		hs_instance_take_plan(in, &plan);
		hs_schedule_release(&plan); /* left empty when taken */
		hs_instance_take_run(in, run);
		notes_on_records(h, in);
		return;
	}
	struct note_fields *pf = note_fields_make(h, 0), *rf = note_fields_make(h, 1);
	struct hs_emit_extra px = { note_fields_get, pf, note_fields_free };
	struct hs_emit_extra rx = { note_fields_get, rf, note_fields_free };
	hs_instance_emit_plan_run_extra(in, run, pf ? &px : NULL, rf ? &rx : NULL);
}

static void host_release(struct hs_online *h)
{
	free(h->node_first_core);
	free(h->node_first_gpu);
	free(h->core_node);
	free(h->gpu_node);
	free(h->core_job);
	free(h->node_busy);
	free(h->node_whole);
	free(h->gpu_job);
	free(h->jobs);
	free(h->status);
	free(h->deps_left);
	free(h->succ_off);
	free(h->succ);
	free(h->ev);
	free(h->subs);
	for (int k = 0; k < h->nnotes; k++) {
		free(h->notes[k].key);
		free(h->notes[k].val);
	}
	free(h->notes);
	free(h->note_last);
	free(h->kill_asked);
	free(h->alloc_ids);
	free(h->early_wakes);
	free(h->decided);
	free(h->fresh);
	free(h->recorded);
	hs_online_authors_release(h);
	hs_online_power_release(h);
	hs_ids_free_parts(h->scratch.parts, h->scratch.nparts);
	free(h->scratch_ids);
}

/* The algorithm's finish, guarded; the guard is done with after it. */
static void finish(struct hs_online *h, void *state)
{
	const struct hs_online_ops *ops = h->cfg->algo->online;
	if (ops->finish) {
		hs_guard_enter(&h->guard, "finishing");
		ops->finish(state);
		hs_guard_leave(&h->guard);
	}
	hs_guard_release(&h->guard);
}

/* ---------------- the simulator as the engine ---------------- */

static void sim_pstate(void *arg, int node)
{
	hs_sim_node_changed(((struct hs_online *)arg)->sim, node);
}

static int sim_drive(void *arg, const struct hs_sim_hooks *hk, struct hs_schedule *run)
{
	struct hs_online *h = arg;
	return hs_sim_drive(h->in, &h->cfg->sim, hk, run, &h->res->sim);
}

static double sim_now(void *arg)
{
	return hs_sim_now(((struct hs_online *)arg)->sim);
}

static int sim_start(void *arg, int task, const struct hs_placement *p)
{
	return hs_sim_start(((struct hs_online *)arg)->sim, task, p);
}

static void sim_timer(void *arg, double t, int id)
{
	hs_sim_timer(((struct hs_online *)arg)->sim, t, id);
}

static void sim_kill(void *arg, int task)
{
	hs_sim_kill(((struct hs_online *)arg)->sim, task);
}

static double sim_progress(void *arg, int task)
{
	return hs_sim_progress(((struct hs_online *)arg)->sim, task);
}

static void sim_grow(void *arg, int n)
{
	hs_sim_grow(((struct hs_online *)arg)->sim, n);
}

static void sim_prefetch(void *arg, int task, const struct hs_placement *p)
{
	hs_sim_prefetch(((struct hs_online *)arg)->sim, task, p);
}

static double sim_transfer(void *arg, int task, const struct hs_placement *p)
{
	return hs_sim_transfer_estimate(((struct hs_online *)arg)->sim, task, p);
}

int hs_online_simulate(struct hs_instance *in, const struct hs_online_run *cfg, struct hs_ctx *ctx,
		       struct hs_online_result *res)
{
	return hs_online_drive(in, cfg, NULL, ctx, res);
}

/* eng NULL: the simulator (hs_online_simulate). */
int hs_online_drive(struct hs_instance *in, const struct hs_online_run *cfg,
		    const struct hs_online_engine *eng, struct hs_ctx *ctx,
		    struct hs_online_result *res)
{
	const struct hs_online_ops *ops = cfg->algo->online;
	memset(res, 0, sizeof *res);
	struct hs_online h = { .in = in, .cfg = cfg, .ctx = ctx, .n = in->ntasks };
	h.sim_eng = (struct hs_online_engine){ &h, sim_drive, sim_now, sim_start, sim_timer,
					       sim_kill, sim_progress, sim_grow, NULL, NULL,
					       sim_pstate, sim_prefetch, sim_transfer };
	h.eng = eng ? eng : &h.sim_eng;
	h.clairvoyant = cfg->clairvoyant;
	h.model = h.clairvoyant || (ops->flags & HS_ONLINE_NEEDS_MODEL);
	res->knowledge = h.clairvoyant ? "clairvoyant" : h.model ? "model" : "walltime";
	h.res = res;
	h.wake_at = NAN;
	h.round_date = NAN;
	h.subs = hs_malloc((h.n + 1) * sizeof *h.subs);
	if (h.eng->records) {
		h.decided = hs_malloc((h.n + 1) * sizeof *h.decided);
		h.recorded = hs_calloc(h.n + 1, 1);
	}
	machine_init(&h);
	jobs_init(&h);
	deps_init(&h);

	/* A crash, exit() or hang inside the plugin names it (hs/guard.h). */
	hs_guard_init(&h.guard, cfg->family, cfg->algo->name, cfg->path);
	h.guard.timeout = cfg->timeout;
	/* The simulator writes its stream after the run, hs-exec its records
	 * as they come. */
	h.guard.hold = eng == NULL;
	void *state = NULL;
	int rc = 0;
	if (ops->start) {
		hs_guard_enter(&h.guard, "starting");
		rc = ops->start(&h, cfg->opts, ctx, &state);
		hs_guard_leave(&h.guard);
	}
	if (rc != 0) {
		if (hs_ctx_nerrors(ctx) == 0)
			hs_ctx_error(ctx, "failed to start (the plugin gave no reason)");
		finish(&h, state);
		host_release(&h);
		return -2;
	}
	h.state = state;
	if (h.eng->ready)
		h.eng->ready(h.eng->arg, ctx);
	struct hs_sim_hooks hk = { &h, hook_begin, hook_ended, hook_timer, hook_settle };
	struct hs_schedule run;
	h.run = &run;
	rc = h.eng->drive(h.eng->arg, &hk, &run);
	finish(&h, state);
	if (rc == 0 && check_all_decided(&h) > 0)
		rc = -1;
	for (int i = 0; i < h.n; i++) {
		res->started += h.status[i] == JOB_ENDED;
		res->rejected += h.status[i] == JOB_REJECTED;
	}
	hs_online_power_end(&h, &run, fmax(h.last_date, res->sim.makespan), res, rc);
	if (h.decided)
		hs_online_flush_records(&h); /* those stopped with the run */
	else if (rc == 0) {
		write_records(&h, in, &run);
		hs_online_power_emit(&h);
	}
	hs_schedule_release(&run);
	if (rc != 0 && h.input_errors)
		rc = -2;
	host_release(&h);
	return rc;
}
