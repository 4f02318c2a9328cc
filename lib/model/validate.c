/* model/validate.c - check a schedule against its instance (hs_validate in
 * model.h): placement, resources, release dates, durations, overlaps,
 * after lists and deps.  Every problem is counted; the first ones are
 * printed with the line of the plan/run record when the schedule came from
 * the stream. */
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "hs/metrics.h"
#include "hs/model.h"
#include "cycles.h"
#include "hs/util.h"
#include "ids.h"
#include "uses.h"

#define MAX_SHOWN 20

struct vctx {
	const struct hs_instance *in;
	const struct hs_schedule *s;
	const char *kind; /* "plan" or "run", for messages */
	int *line_of;     /* record line per task, or NULL */
	int from_stream;  /* s is the instance's plan or run: line_of once needed */
	int problems;
	int warn;         /* messages are warnings (HS_VALIDATE_WARN) */
	int partial;      /* tasks may lack a placement (HS_VALIDATE_PARTIAL) */
	char *by_node;    /* per slot: parts_by_node, once (an after list names
			   * a wide task many times) */
};

static int *record_lines(const struct hs_instance *in, const char *kind);

HS_PRINTF(3, 4)
static void report(struct vctx *v, int task, const char *fmt, ...)
{
	v->problems++;
	if (v->problems > MAX_SHOWN)
		return;
	char msg[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	const char *name = v->in->stream ? v->in->stream->name : NULL;
	/* The lines are looked up at the first problem: a sound schedule (the
	 * common case) costs no pass over the stream. */
	if (v->from_stream && !v->line_of)
		v->line_of = record_lines(v->in, v->kind);
	int line = v->line_of && task >= 0 ? v->line_of[task] : 0;
	const char *w = v->warn ? "warning: " : "";
	if (task >= 0 && task < v->in->ntasks)
		hs_error_at(name ? name : "-", line, "%s%s %s: %s", w, v->kind, v->in->tasks[task].id,
			    msg);
	else
		hs_error_at(name ? name : "-", line, "%s%s: %s", w, v->kind, msg);
}

/* Whether a difference between two times (or two durations) is rounding:
 * at most 1e-9 of the durations involved (dur) plus a few units in the last
 * place of the times involved (mag, their magnitude).  Not relative to the
 * times alone: at t = 1e8 s that let a 0.05 s overlap pass. */
static int rounding(double diff, double dur, double mag)
{
	double ulp = nextafter(mag, INFINITY) - mag;
	return fabs(diff) <= 1e-9 * fabs(dur) + 16 * ulp;
}

static double mag(double a, double b)
{
	return fmax(fabs(a), fabs(b));
}

static double len(const struct hs_placement *p)
{
	return p->end - p->start;
}

/* Lines of the stream's records of kind for each task, when s is the
 * instance's own plan or run. */
static int *record_lines(const struct hs_instance *in, const char *kind)
{
	int *lines = hs_calloc(in->ntasks ? in->ntasks : 1, sizeof *lines);
	const struct hs_stream *st = in->stream;
	for (size_t i = 0; st && i < st->n; i++) {
		const struct hs_record *r = st->recs[i];
		if (!r->kind || strcmp(r->kind, kind) != 0)
			continue;
		int t = hs_instance_find_task(in, r->id);
		if (t >= 0 && !lines[t])
			lines[t] = r->line;
	}
	return lines;
}

static int sets_intersect(const int *a, int na, const int *b, int nb)
{
	int i = 0, j = 0;
	while (i < na && j < nb) {
		if (a[i] == b[j])
			return 1;
		if (a[i] < b[j])
			i++;
		else
			j++;
	}
	return 0;
}

static int parts_by_node(const struct hs_placement *p)
{
	for (int i = 1; i < p->nparts; i++)
		if (p->parts[i - 1].node >= p->parts[i].node)
			return 0;
	return 1;
}

/* The first k >= i with p[k].node >= node (n if none), p[i].node < node
 * and p sorted by node: a search that doubles its steps, so that a task
 * on a few nodes after one on thousands skips them in a few steps. */
static int skip_to(const struct hs_part *p, int i, int n, int node)
{
	int lo = i, step = 1;
	while (lo + step < n && p[lo + step].node < node) {
		lo += step;
		step *= 2;
	}
	int hi = lo + step < n ? lo + step : n;
	while (hi - lo > 1) {
		int mid = lo + (hi - lo) / 2;
		if (p[mid].node < node)
			lo = mid;
		else
			hi = mid;
	}
	return hi;
}

/* Whether the placements of tasks a and b share a core or GPU. */
static int share_resource(const struct vctx *v, int ia, int ib)
{
	const struct hs_placement *a = &v->s->p[ia], *b = &v->s->p[ib];
	if (v->by_node[ia] && v->by_node[ib]) {
		/* the usual case: one walk over both, not every pair of parts
		 * (wide jobs span hundreds of nodes) */
		for (int i = 0, j = 0; i < a->nparts && j < b->nparts;) {
			const struct hs_part *x = &a->parts[i], *y = &b->parts[j];
			if (x->node < y->node)
				i = skip_to(a->parts, i, a->nparts, y->node);
			else if (y->node < x->node)
				j = skip_to(b->parts, j, b->nparts, x->node);
			else if (sets_intersect(x->cores, x->ncores, y->cores, y->ncores) ||
				 sets_intersect(x->gpus, x->ngpus, y->gpus, y->ngpus))
				return 1;
			else
				i++, j++;
		}
		return 0;
	}
	for (int i = 0; i < a->nparts; i++)
		for (int j = 0; j < b->nparts; j++) {
			const struct hs_part *x = &a->parts[i], *y = &b->parts[j];
			if (x->node != y->node)
				continue;
			if (sets_intersect(x->cores, x->ncores, y->cores, y->ncores) ||
			    sets_intersect(x->gpus, x->ngpus, y->gpus, y->ngpus))
				return 1;
		}
	return 0;
}

/* Structure of one placement.  Returns 1 when its resources are sound
 * (existing nodes, cores and GPUs), so the overlap check can use it. */
static int check_placement(struct vctx *v, int i, int check_durations)
{
	const struct hs_instance *in = v->in;
	const struct hs_platform *pl = &in->plat;
	const struct hs_task *t = &in->tasks[i];
	const struct hs_placement *p = &v->s->p[i];
	char b1[HS_NUMBUF], b2[HS_NUMBUF];
	int sound = 1;

	if (p->nparts == 0) {
		report(v, i, "no node");
		return 0;
	}
	/* What is written must read back: no reader takes inf or nan. */
	if (!isfinite(p->start) || !isfinite(p->end)) {
		report(v, i, "%s at %s (times must be finite numbers)",
		       isfinite(p->start) ? "ends" : "starts",
		       hs_fmt_double(b1, isfinite(p->start) ? p->end : p->start));
		return 0;
	}
	int P = 0, G = 0, by_node = v->by_node[i]; /* then no node repeats */
	for (int k = 0; k < p->nparts; k++) {
		const struct hs_part *pt = &p->parts[k];
		if (pt->node < 0 || pt->node >= pl->nnodes) {
			report(v, i, "node index %d out of range (%d nodes)", pt->node, pl->nnodes);
			sound = 0;
			continue;
		}
		const struct hs_node *n = &pl->nodes[pt->node];
		for (int q = 0; q < k && !by_node; q++)
			if (p->parts[q].node == pt->node) {
				report(v, i, "node %s listed twice", n->id);
				sound = 0;
			}
		/* A run of consecutive cores (a whole node) is sound when its
		 * ends are: no walk over them. */
		int run = pt->ncores > 0 && hs_ids_is_run(pt->cores, pt->ncores) &&
			  pt->cores[0] >= 0 && pt->cores[pt->ncores - 1] < n->cores;
		for (int c = 0; c < pt->ncores && !run; c++)
			if (pt->cores[c] < 0 || pt->cores[c] >= n->cores ||
			    (c && pt->cores[c] <= pt->cores[c - 1])) {
				report(v, i, "core %d out of range or repeated (node %s has %d core%s)",
				       pt->cores[c], n->id, n->cores, n->cores == 1 ? "" : "s");
				sound = 0;
				break;
			}
		for (int g = 0; g < pt->ngpus; g++)
			if (pt->gpus[g] < 0 || pt->gpus[g] >= n->gpus ||
			    (g && pt->gpus[g] <= pt->gpus[g - 1])) {
				report(v, i, "GPU %d out of range or repeated (node %s has %d GPU%s)",
				       pt->gpus[g], n->id, n->gpus, n->gpus == 1 ? "" : "s");
				sound = 0;
				break;
			}
		P += pt->ncores;
		G += pt->ngpus;
	}
	if (!sound)
		return 0;

	int shape_ok = 1;
	if (P == 0 && G == 0) {
		report(v, i, "no cores or GPUs");
		shape_ok = 0;
	} else if (P > 0 && G > 0) {
		report(v, i, "uses both cores and GPUs");
		shape_ok = 0;
	} else if (G > 1) {
		report(v, i, "uses %d GPUs (a task runs on one GPU)", G);
		shape_ok = 0;
	} else if (G > 0 && t->on == HS_ON_CPU) {
		report(v, i, "on a GPU but the task runs only on cores");
		shape_ok = 0;
	} else if (P > 0 && t->on == HS_ON_GPU) {
		report(v, i, "on cores but the task runs only on a GPU");
		shape_ok = 0;
	}
	if (p->nparts > 1) {
		if (t->scope == HS_SCOPE_NODE) {
			report(v, i, "spans %d nodes but its scope is node", p->nparts);
			shape_ok = 0;
		} else if (t->scope == HS_SCOPE_CLUSTER) {
			int c0 = pl->nodes[p->parts[0].node].cluster;
			for (int k = 1; k < p->nparts; k++) {
				int c = pl->nodes[p->parts[k].node].cluster;
				if (c != c0) {
					report(v, i, "spans clusters %s and %s", pl->clusters[c0].id,
					       pl->clusters[c].id);
					shape_ok = 0;
					break;
				}
			}
		}
	}
	double d = hs_placement_duration(in, t, p);
	if (shape_ok && !isfinite(d)) {
		if (P > 0)
			report(v, i, "the task cannot run on %d core%s", P, P == 1 ? "" : "s");
		else
			report(v, i, "the task cannot run on a GPU");
	}
	if (p->start < t->release && !rounding(t->release - p->start, len(p), mag(p->start, t->release)))
		report(v, i, "starts at %s before its release date %s", hs_fmt_double(b1, p->start),
		       hs_fmt_double(b2, t->release));
	if (!(p->end >= p->start)) {
		report(v, i, "ends at %s before its start %s", hs_fmt_double(b1, p->end),
		       hs_fmt_double(b2, p->start));
	} else if (check_durations && isfinite(d) && p->state != HS_STATE_KILLED &&
		   p->state != HS_STATE_FAILED) {
		/* Relative to the start and end too: end - start loses the
		 * digits below their own precision. */
		double l = len(p);
		if (!rounding(l - d, fmax(l, d), mag(p->start, p->end)))
			report(v, i, "runs for %s but the model gives %s", hs_fmt_double(b1, l),
			       hs_fmt_double(b2, d));
	}
	return 1;
}

/* Whether use b overlaps l, the latest-ending earlier use of its resource
 * (beyond rounding). */
static int overlaps(double bs, double be, double ls, double le)
{
	return bs < le && !rounding(le - bs, fmax(be - bs, le - ls), mag(bs, le));
}

/* The first pass of check_overlaps: the same test of each use against the
 * latest-ending earlier use of its resource, in the same order per resource
 * (hs_uses_walk_runs), with that use's times kept per resource instead of a
 * sorted copy of every use (32 bytes a core a task: 200 MB for datap-ef on
 * 100 000 tasks of 64 cores).  Only whether one overlap exists.
 *
 * A node whose cores are all in one state (none used yet, or all last by
 * the same times) keeps it once, in whole[]: a task on the whole node is
 * then one test, not one per core (the whole CEA-Curie log holds 191
 * million core uses in 12 million whole nodes).  Its cores' own entries
 * are written out only when a task takes part of it. */
struct first_pass {
	const struct hs_platform *pl;
	char *seen;
	double *start, *end; /* of the latest-ending use so far, per resource */
	struct node_state {
		int uniform;      /* every core in this state; theirs not kept */
		char seen;
		double start, end;
	} *whole;             /* per node */
	int found;
};

static void first_pass_init(struct first_pass *f, const struct hs_platform *pl)
{
	size_t nres = (size_t)pl->total_cores + (size_t)pl->total_gpus + 1;
	*f = (struct first_pass){ pl, hs_calloc(nres, 1), hs_malloc(nres * sizeof *f->start),
				  hs_malloc(nres * sizeof *f->end),
				  hs_calloc((size_t)pl->nnodes + 1, sizeof *f->whole), 0 };
	for (int n = 0; n < pl->nnodes; n++)
		f->whole[n].uniform = 1;
}

static void first_pass_free(struct first_pass *f)
{
	free(f->seen);
	free(f->start);
	free(f->end);
	free(f->whole);
}

/* One use (start, end) of a resource in state (seen, ls, le), which it
 * updates; whether it overlaps. */
static inline int first_pass_step(char *seen, double *ls, double *le, double start, double end)
{
	int found = 0;
	if (!*seen) {
		*seen = 1;
	} else {
		found = overlaps(start, end, *ls, *le);
		if (!(end > *le))
			return found;
	}
	*ls = start;
	*le = end;
	return found;
}

static void first_pass_run(void *arg, const struct hs_use *u, int res, int n)
{
	struct first_pass *f = arg;
	struct node_state *w = u->kind == 0 ? &f->whole[u->node] : NULL;
	int cores = w ? f->pl->nodes[u->node].cores : 0;
	if (w && w->uniform) {
		if (u->idx == 0 && n == cores) {
			f->found |= first_pass_step(&w->seen, &w->start, &w->end, u->start, u->end);
			return;
		}
		/* Part of the node: its cores go their own ways from here. */
		int c0 = res - u->idx;
		memset(f->seen + c0, w->seen, (size_t)cores);
		for (int c = 0; c < cores; c++) {
			f->start[c0 + c] = w->start;
			f->end[c0 + c] = w->end;
		}
		w->uniform = 0;
	}
	/* Whether every core of the node ends up with this use's times. */
	int all = w && u->idx == 0 && n == cores;
	for (int r = res; r < res + n; r++) {
		f->found |= first_pass_step(&f->seen[r], &f->start[r], &f->end[r], u->start, u->end);
		all &= f->start[r] == u->start && f->end[r] == u->end;
	}
	if (all)
		*w = (struct node_state){ 1, 1, u->start, u->end };
}

static void first_pass_use(void *arg, const struct hs_use *u, int res)
{
	first_pass_run(arg, u, res, 1);
}

/* 1 when the schedule has an overlap, 0 when not, -1 when the walk cannot
 * tell (no platform, a use outside it). */
static int any_overlap(const struct vctx *v, const char *sound)
{
	struct first_pass f;
	first_pass_init(&f, &v->in->plat);
	int rc = hs_uses_walk_runs(v->s, &v->in->plat, sound, first_pass_run, &f);
	first_pass_free(&f);
	return rc < 0 ? -1 : f.found;
}

/* No core or GPU used by two tasks at once: per resource, sort uses by
 * start and compare each with the latest-ending earlier use.  One report
 * per task.  A sound schedule (the common case) is settled by the first
 * pass; the sorted uses, whose order the messages follow, only when it
 * found an overlap. */
static void check_overlaps(struct vctx *v, const char *sound)
{
	const struct hs_schedule *s = v->s;
	const struct hs_platform *pl = &v->in->plat;
	if (any_overlap(v, sound) == 0)
		return;
	struct hs_use *u;
	size_t nu = hs_uses_sorted(s, sound, &u);
	if (!nu)
		return;
	char *reported = hs_calloc(s->n ? s->n : 1, 1);
	size_t last = 0; /* the use with the latest end so far on this resource */
	for (size_t k = 1; k < nu; k++) {
		const struct hs_use *a = &u[k - 1], *b = &u[k];
		if (a->node != b->node || a->kind != b->kind || a->idx != b->idx) {
			last = k;
			continue;
		}
		const struct hs_use *l = &u[last];
		if (overlaps(b->start, b->end, l->start, l->end) && !reported[b->task]) {
			reported[b->task] = 1;
			char b1[HS_NUMBUF], b2[HS_NUMBUF];
			report(v, b->task, "%s %d of node %s also used by %s during [%s, %s]",
			       b->kind ? "GPU" : "core", b->idx, pl->nodes[b->node].id,
			       v->in->tasks[l->task].id, hs_fmt_double(b1, b->start),
			       hs_fmt_double(b2, fmin(b->end, l->end)));
		}
		if (b->end > l->end)
			last = k;
	}
	free(reported);
	free(u);
}

static void check_after(struct vctx *v, int i)
{
	const struct hs_schedule *s = v->s;
	const struct hs_placement *p = &s->p[i];
	for (int k = 0; k < p->nafter; k++) {
		int j = p->after[k];
		if (j == i) {
			report(v, i, "lists itself in its after list");
			continue;
		}
		if (j < 0 || j >= s->n || s->p[j].task != j) {
			if (j >= 0 && j < v->in->ntasks && v->partial)
				continue;
			if (j >= 0 && j < v->in->ntasks)
				report(v, i, "after lists %s, which is not placed", v->in->tasks[j].id);
			else
				report(v, i, "after lists task index %d, which does not exist", j);
			continue;
		}
		const struct hs_placement *q = &s->p[j];
		char b1[HS_NUMBUF], b2[HS_NUMBUF];
		if (q->end > p->start && !rounding(q->end - p->start, fmax(len(q), len(p)), mag(q->end, p->start)))
			report(v, i, "after lists %s, which ends at %s after this task starts at %s",
			       v->in->tasks[j].id, hs_fmt_double(b1, q->end), hs_fmt_double(b2, p->start));
		else if (!share_resource(v, i, j))
			report(v, i, "after lists %s, which shares no core or GPU with it",
			       v->in->tasks[j].id);
	}
}

static void cycle_found(void *arg, int w, int n, const char *path)
{
	if (n > 1) /* a task after itself is reported by check_after */
		report(arg, w, "after list is cyclic (%s)", path);
}

/* Task graphs: every dep of task i ends before i starts (a dep not placed
 * is reported as such already). */
static void check_deps(struct vctx *v, int i)
{
	const struct hs_schedule *s = v->s;
	const struct hs_placement *p = &s->p[i];
	const struct hs_task *t = &v->in->tasks[i];
	for (int k = 0; k < t->ndeps; k++) {
		int j = t->deps[k];
		if (j < 0 || j >= s->n || s->p[j].task != j)
			continue;
		const struct hs_placement *q = &s->p[j];
		char b1[HS_NUMBUF], b2[HS_NUMBUF];
		if (q->end > p->start && !rounding(q->end - p->start, fmax(len(q), len(p)), mag(q->end, p->start)))
			report(v, i, "starts at %s before its dependency %s ends at %s",
			       hs_fmt_double(b1, p->start), v->in->tasks[j].id, hs_fmt_double(b2, q->end));
	}
}

int hs_validate(const struct hs_instance *in, const struct hs_schedule *s, int check_durations)
{
	return hs_validate_flags(in, s, check_durations ? HS_VALIDATE_DURATIONS : 0);
}

/* check_overlaps where the after lists are still to be made: the overlap
 * pass rides along on the walk that makes them.  It sees every placed task,
 * not only the sound ones; when it finds no overlap there is none among
 * those either, otherwise check_overlaps looks again at the sound ones. */
static void set_after_check_overlaps(struct vctx *v, struct hs_schedule *s, const char *sound)
{
	struct first_pass f;
	first_pass_init(&f, &v->in->plat);
	int rc = hs_schedule_after_walk(s, &v->in->plat, first_pass_use, &f);
	first_pass_free(&f);
	if (rc < 0 || f.found)
		check_overlaps(v, sound);
}

static int validate(const struct hs_instance *in, const struct hs_schedule *s, unsigned flags,
		    struct hs_schedule *set_after)
{
	int check_durations = (flags & HS_VALIDATE_DURATIONS) != 0;
	struct vctx v = { .in = in, .s = s, .kind = s == &in->run ? "run" : "plan",
			  .warn = (flags & HS_VALIDATE_WARN) != 0,
			  .partial = (flags & HS_VALIDATE_PARTIAL) != 0 };
	if (s == &in->plan || s == &in->run)
		v.from_stream = 1;
	if (s->n != in->ntasks)
		report(&v, -1, "schedule has %d slots for %d tasks", s->n, in->ntasks);
	int n = s->n < in->ntasks ? s->n : in->ntasks;
	char *sound = hs_calloc(n ? n : 1, 1);
	v.by_node = hs_calloc(s->n ? (size_t)s->n : 1, 1);
	for (int i = n; i < s->n; i++) /* the others as they are checked */
		if (s->p[i].task == i)
			v.by_node[i] = (char)parts_by_node(&s->p[i]);
	for (int i = 0; i < n; i++) {
		if (s->p[i].task != i) {
			if (!v.partial)
				report(&v, i, "task not placed");
			continue;
		}
		v.by_node[i] = (char)parts_by_node(&s->p[i]);
		sound[i] = (char)check_placement(&v, i, check_durations);
	}
	if (set_after)
		set_after_check_overlaps(&v, set_after, sound);
	else
		check_overlaps(&v, sound);
	for (int i = 0; i < n; i++)
		if (s->p[i].task == i) {
			check_after(&v, i);
			check_deps(&v, i);
		}
	/* Cycles (possible among tasks of length 0, which the order of start
	 * and end times cannot exclude) would deadlock whoever waits for
	 * them; the model refuses them when reading. */
	if (s->n == in->ntasks)
		hs_after_cycles(s, in->tasks, MAX_SHOWN, cycle_found, &v);
	if (v.problems > MAX_SHOWN)
		hs_error_at(in->stream && in->stream->name ? in->stream->name : "-", 0,
			    "%d more problems not shown", v.problems - MAX_SHOWN);
	free(sound);
	free(v.by_node);
	free(v.line_of);
	return v.problems;
}

int hs_validate_flags(const struct hs_instance *in, const struct hs_schedule *s, unsigned flags)
{
	return validate(in, s, flags, NULL);
}

int hs_validate_set_after(const struct hs_instance *in, struct hs_schedule *s, unsigned flags)
{
	return validate(in, s, flags, s);
}
