/* exec/engine.c - hs-exec's engine: which task may start when, walltimes, signals,
 * progress and the run records.  The back ends (local.c, ssh.c,
 * slurm.c) only start, watch and kill.
 *
 * Signals are blocked for the whole run and taken with sigtimedwait() in
 * one place (xe_sleep), so a SIGCHLD, SIGINT or SIGTERM is never lost
 * between checking for work and going to sleep, and no handler runs in the
 * middle of the engine's bookkeeping.
 */
#include "exec_priv.h"
#include "hs/util.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define MAX_PROBLEMS 10

void hs_exec_opts_init(struct hs_exec_opts *o)
{
	memset(o, 0, sizeof *o);
	o->backend = "local";
	o->ssh = "ssh";
	o->kill_grace = 2;
	o->poll = 0.5;
	o->time_scale = 1;
}

double xe_now(const struct hs_exec *x)
{
	return hs_now() - x->t0;
}

double xe_walltime(const struct hs_exec *x, const struct xtask *t)
{
	return t->task->walltime / x->scale;
}

double xe_stream_time(const struct hs_exec *x, double v)
{
	return round(v * x->scale * 1e6) / 1e6;
}

/* ---- problems in the plan ---- */

static int plan_line(const struct hs_instance *in, const char *id)
{
	const struct hs_stream *s = in->stream;
	for (size_t i = 0; s && i < s->n; i++) {
		const struct hs_record *r = s->recs[i];
		if (r->kind && strcmp(r->kind, "plan") == 0 && strcmp(r->id, id) == 0)
			return r->line;
	}
	return 0;
}

void xe_problem(struct hs_exec *x, const struct xtask *t, const char *fmt, ...)
{
	if (++x->problems > MAX_PROBLEMS)
		return;
	char msg[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (t && t->index < 0) /* live: a node of the platform (live.c) */
		hs_error_at(x->in->stream ? x->in->stream->name : "stdin", 0, "%s: %s", t->task->id,
			    msg);
	else if (t)
		hs_error_at(x->in->stream ? x->in->stream->name : "stdin",
			    plan_line(x->in, t->task->id), "task %s: %s", t->task->id, msg);
	else
		hs_error("%s", msg);
}

/* ---- node map ---- */

static int parse_node_map(struct hs_exec *x)
{
	if (!x->o.node_map || !*x->o.node_map)
		return 0;
	int n;
	char **items = hs_split_list(x->o.node_map, ',', &n);
	int bad = 0;
	for (int i = 0; i < n; i++) {
		const char *eq = strchr(items[i], '=');
		if (!eq || eq == items[i] || !eq[1]) {
			hs_error("--node-map: '%s' is not PLANNODE=NODE", items[i]);
			bad = 1;
			continue;
		}
		char *from = hs_strndup(items[i], (size_t)(eq - items[i]));
		int found = 0;
		for (int j = 0; j < x->in->plat.nnodes; j++)
			found |= strcmp(x->in->plat.nodes[j].id, from) == 0;
		if (!found) {
			hs_error("--node-map: the platform has no node '%s'", from);
			bad = 1;
			free(from);
			continue;
		}
		x->map_from = hs_reallocarray(x->map_from, (size_t)x->nmap + 1, sizeof *x->map_from);
		x->map_to = hs_reallocarray(x->map_to, (size_t)x->nmap + 1, sizeof *x->map_to);
		x->map_from[x->nmap] = from;
		x->map_to[x->nmap++] = hs_strdup(eq + 1);
	}
	free(items);
	return bad ? -1 : 0;
}

const char *xe_target(const struct hs_exec *x, int node)
{
	const char *id = x->in->plat.nodes[node].id;
	for (int i = x->nmap - 1; i >= 0; i--) /* the last mapping of a node wins */
		if (strcmp(x->map_from[i], id) == 0)
			return x->map_to[i];
	return id;
}

/* ---- log directory ---- */

static int make_dirs(const char *path)
{
	char *p = hs_strdup(path);
	for (char *s = p + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = 0;
		if (mkdir(p, 0755) < 0 && errno != EEXIST) {
			free(p);
			return -1;
		}
		*s = '/';
	}
	int rc = mkdir(p, 0755) < 0 && errno != EEXIST ? -1 : 0;
	free(p);
	return rc;
}

static int setup_log_dir(struct hs_exec *x)
{
	if (x->o.log_dir) {
		if (make_dirs(x->o.log_dir) < 0) {
			hs_error("cannot create log directory %s: %s", x->o.log_dir, strerror(errno));
			return -1;
		}
		/* Absolute, so the path means the same to sbatch and in messages. */
		char *abs = realpath(x->o.log_dir, NULL);
		x->log_dir = abs ? abs : hs_strdup(x->o.log_dir);
		return 0;
	}
	const char *tmp = getenv("TMPDIR");
	char *tmpl = hs_asprintf("%s/hs-exec.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(tmpl)) {
		hs_error("cannot create a log directory %s: %s", tmpl, strerror(errno));
		free(tmpl);
		return -1;
	}
	x->log_dir = tmpl;
	return 0;
}

/* LOGDIR/ID, with characters that do not belong in a file name replaced;
 * the task index keeps a changed name unique. */
char *xe_log_base(const struct hs_exec *x, const struct xtask *t)
{
	const char *id = t->task->id;
	char *name = hs_strdup(id);
	int changed = 0;
	for (char *s = name; *s; s++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-+", *s)) {
			*s = '_';
			changed = 1;
		}
	if (name[0] == '.') {
		name[0] = '_';
		changed = 1;
	}
	char *base = changed ? hs_asprintf("%s/%s~%d", x->log_dir, name, t->index)
			     : hs_asprintf("%s/%s", x->log_dir, name);
	free(name);
	return base;
}

/* ---- preparing ---- */

static const struct hs_exec_backend *find_backend(const char *name)
{
	static const struct hs_exec_backend *const all[] = {
		&hs_exec_backend_local, &hs_exec_backend_ssh, &hs_exec_backend_slurm};
	for (size_t i = 0; i < sizeof all / sizeof *all; i++)
		if (strcmp(all[i]->name, name) == 0)
			return all[i];
	return NULL;
}

void xe_task_init(struct hs_exec *x, int i)
{
	struct xtask *t = &x->t[i];
	memset(t, 0, sizeof *t);
	t->index = i;
	t->task = &x->in->tasks[i];
	t->fd = -1;
	t->exit_status = -1;
	t->deadline = INFINITY;
	t->kill_at = INFINITY;
}

void xe_task_unplace(struct xtask *t)
{
	for (int k = 0; k < t->nhosts; k++)
		free(t->hosts[k]);
	free(t->hosts);
	free(t->cpus);
	free(t->cmd);
	xc_free_env(t->env);
	t->hosts = NULL;
	t->nhosts = 0;
	t->cpus = NULL;
	t->ncpus = 0;
	t->cmd = NULL;
	t->env = NULL;
}

static int build_tasks(struct hs_exec *x)
{
	struct hs_instance *in = x->in;
	x->n = in->ntasks;
	x->t = hs_calloc((size_t)(x->n ? x->n : 1), sizeof *x->t);
	int anyafter = 0;
	for (int i = 0; i < x->n; i++) {
		xe_task_init(x, i);
		struct xtask *t = &x->t[i];
		if (x->live)
			continue;
		const struct hs_placement *p = i < in->plan.n ? &in->plan.p[i] : NULL;
		if (!p || p->task < 0 || p->nparts == 0) {
			hs_error_at(in->stream->name, t->task->rec ? t->task->rec->line : 0,
				    "task %s has no plan record (run hs-plan first)", t->task->id);
			x->problems++;
			continue;
		}
		t->plan = p;
		anyafter |= p->nafter > 0;
	}
	if (x->problems)
		return -1;
	if (x->live)
		return 0;
	/* A plan that breaks the rules (two tasks on a core at once) is
	 * refused as hs-sim refuses it: run in turn, its tasks would not be
	 * the plan that was given. */
	int problems = hs_validate(in, &in->plan, 0);
	if (problems) {
		hs_error_at(in->stream->name, 0, "the plan is not valid (%d problem%s)", problems,
			    problems == 1 ? "" : "s");
		return -1;
	}
	/* A plan without any after list (hand-written, or from a tool that
	 * does not write them) is ordered by its assignment of cores. */
	if (!anyafter && x->n > 1)
		hs_schedule_compute_after(&in->plan, &in->plat);
	for (int i = 0; i < x->n; i++) {
		struct xtask *t = &x->t[i];
		const struct hs_placement *p = t->plan;
		/* Predecessors: the after list and the deps (both sorted), each
		 * task once. */
		const int *deps = t->task->deps;
		int a = 0, d = 0, nd = t->task->ndeps;
		while (a < p->nafter || d < nd) {
			int j;
			if (d >= nd || (a < p->nafter && p->after[a] < deps[d]))
				j = p->after[a++];
			else if (a >= p->nafter || deps[d] < p->after[a])
				j = deps[d++];
			else
				j = (a++, deps[d++]);
			if (j == i)
				continue;
			struct xtask *u = &x->t[j];
			u->succ = hs_reallocarray(u->succ, (size_t)u->nsucc + 1, sizeof *u->succ);
			u->succ[u->nsucc++] = i;
			t->nwait++;
		}
		double rel = t->task->release > 0 ? t->task->release : 0;
		t->earliest = (x->o.timed && p->start > rel ? p->start : rel) / x->scale;
		if (p->end > x->planned)
			x->planned = p->end;
	}
	return 0;
}

int xe_command(struct hs_exec *x, struct xtask *t)
{
	if (x->o.command) {
		char *err = NULL;
		char *hosts = hs_strdup(t->hosts[0]);
		for (int k = 1; k < t->plan->nparts; k++) {
			char *h = hs_asprintf("%s,%s", hosts, t->hosts[k]);
			free(hosts);
			hosts = h;
		}
		t->cmd = xc_expand(x, t, hosts, &err);
		free(hosts);
		if (!t->cmd) {
			/* A missing field is this task's problem; a bad template is
			 * the same for every task: said once. */
			if (strncmp(err, "no field", 8) == 0)
				xe_problem(x, t, "%s", err);
			else if (!x->bad_template++)
				hs_error("%s", err);
			free(err);
			return -1;
		}
	} else if (t->task->cmd && *t->task->cmd) {
		t->cmd = hs_strdup(t->task->cmd);
	} else {
		hs_error_at(x->in->stream->name, t->task->rec ? t->task->rec->line : 0,
			    "task %s has no cmd field and no --command was given (for a "
			    "sleep study: --command 'sleep {time}')",
			    t->task->id);
		x->problems++;
		return -1;
	}
	t->env = xc_env(x, t);
	return 0;
}

static int build_commands(struct hs_exec *x)
{
	for (int i = 0; i < x->n && !x->bad_template; i++)
		xe_command(x, &x->t[i]);
	return x->problems || x->bad_template ? -1 : 0;
}

void xe_place_all(struct hs_exec *x)
{
	for (int i = 0; i < x->n; i++)
		if (x->t[i].plan)
			x->be->place(x, &x->t[i]);
}

int hs_exec_prepare(struct hs_exec **out, struct hs_instance *in, const struct hs_exec_opts *o)
{
	struct hs_exec *x = hs_calloc(1, sizeof *x);
	*out = x;
	x->in = in;
	x->o = *o;
	x->live = o->live;
	x->scale = o->time_scale > 0 ? o->time_scale : 1;
	if (!x->o.backend)
		x->o.backend = "local";
	if (!x->o.ssh)
		x->o.ssh = "ssh";
	x->be = find_backend(x->o.backend);
	if (!x->be) {
		hs_error("unknown back end '%s' (local, ssh or slurm)", x->o.backend);
		return HS_EXIT_USAGE;
	}
	if (!x->live && !in->has_plan && in->ntasks > 0) {
		hs_error("%s: no plan records: nothing to run (plan it first: hs-plan -a ALGO)",
			 in->stream->name);
		return HS_EXIT_USAGE;
	}
	if (parse_node_map(x) < 0 || build_tasks(x) < 0)
		return HS_EXIT_USAGE;
	int rc = x->be->prepare(x);
	if (rc == HS_EXIT_OK && x->problems)
		rc = HS_EXIT_USAGE;
	if (rc == HS_EXIT_OK && x->live && xe_live_prepare(x) < 0)
		rc = HS_EXIT_USAGE;
	else if (rc == HS_EXIT_OK && !x->live && build_commands(x) < 0)
		rc = HS_EXIT_USAGE;
	if (x->problems > MAX_PROBLEMS)
		hs_error("... and %d more problems", x->problems - MAX_PROBLEMS);
	if (rc != HS_EXIT_OK)
		return rc;
	if (x->o.dry_run || x->n == 0) /* nothing will write logs */
		x->log_dir = hs_strdup(x->o.log_dir ? x->o.log_dir : "none");
	else if (setup_log_dir(x) < 0)
		return HS_EXIT_FAIL;
	for (int i = 0; i < x->n; i++)
		x->t[i].log_base = xe_log_base(x, &x->t[i]);
	return HS_EXIT_OK;
}

const char *hs_exec_log_dir(const struct hs_exec *x)
{
	return x->log_dir;
}

/* ---- dry run ---- */

static int by_planned_start(const void *a, const void *b, void *arg)
{
	const struct hs_exec *x = arg;
	const struct xtask *ta = &x->t[*(const int *)a], *tb = &x->t[*(const int *)b];
	if (ta->plan->start != tb->plan->start)
		return ta->plan->start < tb->plan->start ? -1 : 1;
	return ta->index - tb->index;
}

void hs_exec_dry_run(struct hs_exec *x, FILE *f)
{
	int *order = hs_malloc(sizeof *order * (size_t)(x->n ? x->n : 1));
	for (int i = 0; i < x->n; i++)
		order[i] = i;
	qsort_r(order, (size_t)x->n, sizeof *order, by_planned_start, x);
	for (int i = 0; i < x->n; i++) {
		const struct xtask *t = &x->t[order[i]];
		/* The planned sets, as the task's environment has them. */
		const char *cores = "-", *gpus = "-";
		for (char **e = t->env; e && *e; e++) {
			if (strncmp(*e, "HS_CORES=", 9) == 0 && (*e)[9])
				cores = *e + 9;
			if (strncmp(*e, "HS_GPUS=", 8) == 0 && (*e)[8])
				gpus = *e + 8;
		}
		fprintf(f, "%s\t", t->task->id);
		for (int k = 0; k < t->plan->nparts; k++)
			fprintf(f, "%s%s", k ? "," : "", t->hosts[k]);
		fprintf(f, "\t%s\t%s\t%s\n", cores, gpus, t->cmd);
	}
	free(order);
}

/* ---- ready tasks: a binary heap by earliest start, then planned start ---- */

static double heap_key(const struct hs_exec *x, const struct xtask *t)
{
	return x->be->native_deps ? 0 : t->earliest;
}

static int heap_less(const struct hs_exec *x, int a, int b)
{
	const struct xtask *ta = &x->t[a], *tb = &x->t[b];
	double ka = heap_key(x, ta), kb = heap_key(x, tb);
	if (ka != kb)
		return ka < kb;
	if (ta->plan->start != tb->plan->start)
		return ta->plan->start < tb->plan->start;
	return a < b;
}

static void heap_push(struct hs_exec *x, int ti)
{
	int i = x->nheap++;
	x->heap[i] = ti;
	while (i > 0) {
		int parent = (i - 1) / 2;
		if (!heap_less(x, x->heap[i], x->heap[parent]))
			break;
		int tmp = x->heap[i];
		x->heap[i] = x->heap[parent];
		x->heap[parent] = tmp;
		i = parent;
	}
}

static int heap_pop(struct hs_exec *x)
{
	int top = x->heap[0];
	x->heap[0] = x->heap[--x->nheap];
	for (int i = 0;;) {
		int l = 2 * i + 1, r = l + 1, m = i;
		if (l < x->nheap && heap_less(x, x->heap[l], x->heap[m]))
			m = l;
		if (r < x->nheap && heap_less(x, x->heap[r], x->heap[m]))
			m = r;
		if (m == i)
			break;
		int tmp = x->heap[i];
		x->heap[i] = x->heap[m];
		x->heap[m] = tmp;
		i = m;
	}
	return top;
}

/* ---- the running set ---- */

static void runs_add(struct hs_exec *x, struct xtask *t)
{
	t->run_pos = x->nruns;
	x->runs[x->nruns++] = t->index;
	x->running++;
}

static void runs_remove(struct hs_exec *x, struct xtask *t)
{
	int last = x->runs[--x->nruns];
	x->runs[t->run_pos] = last;
	x->t[last].run_pos = t->run_pos;
	x->running--;
}

/* ---- events from back ends ---- */

void xe_started(struct hs_exec *x, struct xtask *t, double start)
{
	t->started = 1;
	t->start = start;
	/* Live, the walltime counts from the decision, as the algorithm
	 * counts it (a resource manager from the allocation). */
	if (isfinite(t->task->walltime))
		t->deadline = (x->live ? t->decided : start) + xe_walltime(x, t);
}

/* The first dep of t that ended other than done or never ran, or NULL. */
static const struct xtask *failed_dep(const struct hs_exec *x, const struct xtask *t)
{
	for (int k = 0; k < t->task->ndeps; k++) {
		const struct xtask *u = &x->t[t->task->deps[k]];
		if (u->status == XT_NOTRUN || (u->status == XT_ENDED && u->state != HS_STATE_DONE))
			return u;
	}
	return NULL;
}

static void release_successors(struct hs_exec *x, struct xtask *t);

/* t will not run: a dep of it failed, was killed or did not run.  Its
 * successors go on (those that depend on it are skipped in turn). */
static void skip(struct hs_exec *x, struct xtask *t, const struct xtask *why)
{
	t->status = XT_NOTRUN;
	x->notrun++;
	if (x->o.progress)
		fputs("\r\033[K", stderr);
	hs_warn("task %s not run: its dependency %s %s", t->task->id, why->task->id,
		why->status == XT_NOTRUN	       ? "did not run"
		: why->state == HS_STATE_KILLED ? "was killed"
						 : "failed");
	release_successors(x, t);
}

static void release_successors(struct hs_exec *x, struct xtask *t)
{
	for (int k = 0; k < t->nsucc; k++) {
		struct xtask *s = &x->t[t->succ[k]];
		if (--s->nwait == 0 && s->status == XT_WAITING && !x->stopping) {
			const struct xtask *why = x->be->native_deps ? NULL : failed_dep(x, s);
			if (why)
				skip(x, s, why);
			else
				heap_push(x, s->index);
		}
	}
}

struct hs_record *xe_run_record(const struct hs_exec *x, const struct xtask *t)
{
	struct hs_placement pl = *t->plan;
	pl.after = NULL;
	pl.nafter = 0;
	pl.start = xe_stream_time(x, t->start);
	pl.end = xe_stream_time(x, t->end);
	pl.state = t->state;
	pl.exit_status = t->exit_status;
	pl.energy = NAN;
	struct hs_record *r = hs_record_new("run", t->task->id);
	hs_placement_to_record(x->in, &pl, r);
	if (t->job > 0)
		hs_record_set_int(r, "slurm_job", t->job);
	return r;
}

static void emit_record(struct hs_exec *x, struct xtask *t)
{
	struct hs_record *r = xe_run_record(x, t);
	if (x->end_fn)
		x->end_fn(x->end_arg, r);
	hs_record_free(r);
}

void xe_ended(struct hs_exec *x, struct xtask *t, double end, enum hs_state state, int code)
{
	if (t->status != XT_RUNNING)
		return;
	runs_remove(x, t);
	if (t->fd >= 0) { /* ssh: the remote's stdin */
		close(t->fd);
		t->fd = -1;
	}
	t->status = XT_ENDED;
	x->ended++;
	if (!t->started)
		t->start = end;
	t->end = end < t->start ? t->start : end;
	t->exit_status = code;
	if (t->kill != XK_NONE)
		state = HS_STATE_KILLED;
	else if (state == HS_STATE_NONE)
		state = code == 0 ? HS_STATE_DONE : HS_STATE_FAILED;
	t->state = state;
	if (state == HS_STATE_DONE)
		x->done++;
	else if (state == HS_STATE_KILLED)
		x->killed++;
	else
		x->failed++;
	if (x->live)
		x->fresh_end[x->nended++] = t->index; /* told to the algorithm by live.c */
	else
		emit_record(x, t);
	if (x->o.progress && (state == HS_STATE_FAILED || t->kill == XK_WALLTIME))
		fputs("\r\033[K", stderr); /* the warning replaces the progress line */
	if (state == HS_STATE_FAILED) {
		if (code >= 0)
			hs_warn("task %s failed with exit status %d (output: %s.out, .err)",
				t->task->id, code, t->log_base);
		else
			hs_warn("task %s failed", t->task->id);
	} else if (t->kill == XK_WALLTIME) {
		char num[HS_NUMBUF];
		hs_warn("task %s killed at its walltime of %s s", t->task->id,
			hs_fmt_double(num, t->task->walltime)); /* the stream's seconds */
	}
	if (!x->be->native_deps)
		release_successors(x, t);
	if (state != HS_STATE_DONE && t->kill != XK_STOP && x->o.fail_fast && !x->stopping) {
		hs_error("task %s %s: stopping (--fail-fast)", t->task->id,
			 state == HS_STATE_KILLED ? "was killed" : "failed");
		xe_stop(x);
	}
}

void xe_notrun(struct hs_exec *x, struct xtask *t)
{
	if (t->status == XT_RUNNING)
		runs_remove(x, t);
	else if (t->status != XT_WAITING)
		return;
	t->status = XT_NOTRUN;
	x->notrun++;
}

int xe_sleep(struct hs_exec *x, double timeout)
{
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, SIGCHLD);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	if (!(timeout > 0))
		timeout = 0;
	if (timeout > 3600)
		timeout = 3600;
	struct timespec ts;
	ts.tv_sec = (time_t)timeout;
	ts.tv_nsec = (long)((timeout - (double)ts.tv_sec) * 1e9);
	int sig = sigtimedwait(&set, NULL, &ts);
	if (sig == SIGCHLD)
		return 1;
	if (sig == SIGINT || sig == SIGTERM || sig == SIGHUP) {
		if (x->signal)
			x->hard_stop = 1; /* a second signal: no more grace */
		else
			x->signal = sig;
		return 2;
	}
	return 0;
}

/* ---- the loop ---- */

void xe_kill(struct hs_exec *x, struct xtask *t, enum xt_kill why, double now)
{
	if (t->kill == XK_NONE) {
		t->kill = why;
		t->kill_at = now + x->o.kill_grace;
		x->be->kill(x, t, 0);
	}
	if (x->hard_stop && !t->hard_killed) {
		t->hard_killed = 1;
		x->be->kill(x, t, 1);
	}
}

static const struct xtask *by_seq;

static int later_first(const void *a, const void *b)
{
	long x = by_seq[*(const int *)a].seq, y = by_seq[*(const int *)b].seq;
	return (x < y) - (x > y);
}

void xe_stop(struct hs_exec *x)
{
	double now = xe_now(x);
	x->stopping = 1;
	x->nheap = 0;
	for (int i = 0; i < x->n; i++)
		if (x->t[i].status == XT_WAITING)
			xe_notrun(x, &x->t[i]);
	/* kill_task can end a task at once (Slurm: a pending job): copy first.
	 * The last launched first: a task is launched after the tasks it
	 * waits for, so with Slurm's dependencies every waiting job is
	 * cancelled before the job it waits for ends (cancelled the other way
	 * round, a dependent job could start in between and run). */
	int n = x->nruns;
	int *runs = hs_malloc(sizeof *runs * (size_t)(n ? n : 1));
	memcpy(runs, x->runs, sizeof *runs * (size_t)n);
	by_seq = x->t;
	qsort(runs, (size_t)n, sizeof *runs, later_first);
	for (int i = 0; i < n; i++)
		if (x->t[runs[i]].status == XT_RUNNING)
			xe_kill(x, &x->t[runs[i]], XK_STOP, now);
	free(runs);
}

void xe_launch(struct hs_exec *x, struct xtask *t)
{
	/* Native dependencies (Slurm): the back end skips a job whose dep
	 * fails; one whose dep could not even be submitted is skipped here. */
	const struct xtask *why = failed_dep(x, t);
	if (why) {
		skip(x, t, why);
		return;
	}
	t->status = XT_RUNNING;
	t->seq = ++x->launched;
	runs_add(x, t);
	int rc = x->be->launch(x, t);
	if (x->be->native_deps)
		release_successors(x, t);
	if (rc < 0)
		xe_ended(x, t, xe_now(x), HS_STATE_FAILED, -1);
}

double xe_timers(struct hs_exec *x, double now)
{
	double next = INFINITY;
	for (int i = 0; i < x->nruns; i++) {
		struct xtask *t = &x->t[x->runs[i]];
		if (t->kill == XK_NONE && t->started && now >= t->deadline)
			xe_kill(x, t, XK_WALLTIME, now);
		if (t->kill != XK_NONE && !t->hard_killed && now >= t->kill_at) {
			t->hard_killed = 1;
			x->be->kill(x, t, 1);
		}
		if (t->kill == XK_NONE && t->started && t->deadline < next)
			next = t->deadline;
		if (t->kill != XK_NONE && !t->hard_killed && t->kill_at < next)
			next = t->kill_at;
	}
	return next;
}

void xe_progress(struct hs_exec *x, int final)
{
	if (!x->o.progress)
		return;
	double now = xe_now(x);
	if (!final && now - x->progress_at < 0.25)
		return;
	x->progress_at = now;
	int waiting = x->n - x->ended - x->notrun - x->running;
	if (x->live) { /* no plan: the run's own figures, in the stream's time */
		fprintf(stderr, "\r\033[K%s: %d/%d done, %d failed, %d killed, %d running%s date %.1f s",
			hs_progname(), x->done, x->n, x->failed, x->killed, x->running,
			final ? "; ended at" : ";", now * x->scale);
		if (final)
			fputc('\n', stderr);
		fflush(stderr);
		return;
	}
	if (final) {
		fprintf(stderr, "\r\033[K%s: %d tasks in %.2f s (planned %.2f s): %d done, %d failed, "
				"%d killed, %d not run\n",
			hs_progname(), x->n, now, x->planned, x->done, x->failed, x->killed,
			x->notrun);
		return;
	}
	fprintf(stderr, "\r\033[K%s: %d/%d done, %d failed, %d killed, %d running, %d waiting; "
			"%.1f s of %.1f s planned",
		hs_progname(), x->done, x->n, x->failed, x->killed, x->running, waiting, now,
		x->planned);
	fflush(stderr);
}

void xe_run_begin(struct hs_exec *x, struct xe_signals *s)
{
	sigemptyset(&s->block);
	sigaddset(&s->block, SIGCHLD);
	sigaddset(&s->block, SIGINT);
	sigaddset(&s->block, SIGTERM);
	sigaddset(&s->block, SIGHUP);
	sigprocmask(SIG_BLOCK, &s->block, &s->old);
	/* A reader that went away must not kill us with running tasks; writes
	 * then fail and are reported by the caller. */
	s->old_pipe = signal(SIGPIPE, SIG_IGN);
	struct timespec wall;
	clock_gettime(CLOCK_REALTIME, &wall);
	x->t0 = hs_now();
	x->wall0 = (double)wall.tv_sec + wall.tv_nsec * 1e-9;
}

void xe_run_end(struct hs_exec *x, struct xe_signals *s)
{
	xe_progress(x, 1);
	if (x->be->finish)
		x->be->finish(x);
	signal(SIGPIPE, s->old_pipe);
	/* Drop what is still pending (SIGCHLDs of helpers), then unblock. */
	for (;;) {
		struct timespec zero = {0, 0};
		if (sigtimedwait(&s->block, NULL, &zero) < 0)
			break;
	}
	sigprocmask(SIG_SETMASK, &s->old, NULL);
}

int hs_exec_run(struct hs_exec *x, hs_exec_end_fn end, void *arg)
{
	x->end_fn = end;
	x->end_arg = arg;
	x->heap = hs_malloc(sizeof *x->heap * (size_t)(x->n ? x->n : 1));
	x->runs = hs_malloc(sizeof *x->runs * (size_t)(x->n ? x->n : 1));
	struct xe_signals sigs;
	xe_run_begin(x, &sigs);

	for (int i = 0; i < x->n; i++)
		if (x->t[i].nwait == 0)
			heap_push(x, i);

	while (x->ended + x->notrun < x->n) {
		double now = xe_now(x);
		if (x->signal && !x->stopping)
			xe_stop(x);
		if (x->hard_stop)
			xe_stop(x);
		while (!x->stopping && x->nheap > 0 && heap_key(x, &x->t[x->heap[0]]) <= now) {
			xe_launch(x, &x->t[heap_pop(x)]);
			now = xe_now(x);
		}
		double next = xe_timers(x, now);
		if (x->ended + x->notrun >= x->n)
			break;
		if (!x->stopping && x->nheap > 0 && heap_key(x, &x->t[x->heap[0]]) < next)
			next = heap_key(x, &x->t[x->heap[0]]);
		if (x->o.progress && now + 0.25 < next)
			next = now + 0.25;
		xe_progress(x, 0);
		if (x->running == 0 && x->nheap == 0 && isinf(next)) {
			/* Nothing runs and nothing can start: cannot happen with an
			 * acyclic plan; do not spin. */
			for (int i = 0; i < x->n; i++)
				if (x->t[i].status == XT_WAITING)
					xe_notrun(x, &x->t[i]);
			break;
		}
		x->be->wait(x, next - xe_now(x));
	}
	xe_run_end(x, &sigs);
	if (x->signal)
		return 128 + x->signal;
	return x->failed || x->killed || x->notrun ? HS_EXIT_FAIL : HS_EXIT_OK;
}

void hs_exec_counts(const struct hs_exec *x, struct hs_exec_counts *c)
{
	c->tasks = x->n;
	c->done = x->done;
	c->failed = x->failed;
	c->killed = x->killed;
	c->notrun = x->notrun;
	c->elapsed = x->t0 > 0 ? xe_now(x) : 0;
	c->planned = x->planned;
}

void hs_exec_free(struct hs_exec *x)
{
	if (!x)
		return;
	if (x->be && x->be->release)
		x->be->release(x);
	for (int i = 0; x->t && i < x->n; i++) {
		struct xtask *t = &x->t[i];
		xe_task_unplace(t);
		free(t->log_base);
		free(t->succ);
	}
	for (int i = 0; i < x->nmap; i++) {
		free(x->map_from[i]);
		free(x->map_to[i]);
	}
	free(x->map_from);
	free(x->map_to);
	free(x->t);
	free(x->heap);
	free(x->runs);
	free(x->log_dir);
	xe_live_release(x);
	free(x);
}
