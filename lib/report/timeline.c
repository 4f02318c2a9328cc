/* timeline.c - quantities over time of one schedule, as step functions:
 * used cores and GPUs, queued and running tasks, power (hs/report.h).
 *
 * Each is built from events (+x at a start, -x at an end, ...) sorted by
 * time, with the value after all events of one instant.  The window is the
 * one of the metrics: from min(0, earliest start) to the makespan's end,
 * so that utilization over time integrates to the utilization metric and
 * power to the energy metric. */
#include "hs/report.h"
#include "hs/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

const char *const hs_timeline_names[HS_TL_COUNT] = {"utilization", "queue", "running", "power"};

int hs_timeline_find(const char *name)
{
	for (int k = 0; k < HS_TL_COUNT; k++)
		if (strcmp(name, hs_timeline_names[k]) == 0)
			return k;
	return -1;
}

struct event {
	double t, d;   /* time, change of the value */
	int run;       /* change of the running tasks (power resets on 0) */
};

static int event_cmp(const void *a, const void *b)
{
	const struct event *x = a, *y = b;
	return (x->t > y->t) - (x->t < y->t);
}

static void push(struct event **e, int *n, int *cap, double t, double d, int run)
{
	if (*n == *cap) {
		*cap = 2 * *cap + 64;
		*e = hs_reallocarray(*e, *cap, sizeof **e);
	}
	(*e)[(*n)++] = (struct event){t, d, run};
}

static void step_add(struct hs_step *s, int *cap, double t, double v)
{
	if (s->n > 0 && s->v[s->n - 1] == v)
		return; /* no change: no breakpoint */
	if (s->n > 0 && s->t[s->n - 1] == t) {
		s->v[s->n - 1] = v;
		/* the change was undone at the same instant */
		if (s->n > 1 && s->v[s->n - 2] == v)
			s->n--;
		return;
	}
	if (s->n == *cap) {
		*cap = 2 * *cap + 64;
		s->t = hs_reallocarray(s->t, *cap, sizeof *s->t);
		s->v = hs_reallocarray(s->v, *cap, sizeof *s->v);
	}
	s->t[s->n] = t;
	s->v[s->n++] = v;
}

/* The step function of events e (sorted here) from base at t0 to t1. */
static void build(struct event *e, int n, double base, double t0, double t1, int power,
		  struct hs_step *s)
{
	if (n > 1)
		qsort(e, n, sizeof *e, event_cmp);
	memset(s, 0, sizeof *s);
	int cap = 0, running = 0;
	double v = base;
	step_add(s, &cap, t0, v);
	for (int k = 0; k < n;) {
		double t = e[k].t;
		for (; k < n && e[k].t == t; k++) {
			v += e[k].d;
			running += e[k].run;
		}
		/* Power: back to the idle power exactly when nothing runs, so that
		 * rounding does not drift; counts are exact anyway. */
		if (power && running == 0)
			v = base;
		step_add(s, &cap, t, v);
	}
	/* The last breakpoint is the window's end, with the value after it. */
	if (s->t[s->n - 1] < t1) {
		double last = s->v[s->n - 1]; /* a closing point, value unchanged */
		if (s->n == cap) {
			cap++;
			s->t = hs_reallocarray(s->t, cap, sizeof *s->t);
			s->v = hs_reallocarray(s->v, cap, sizeof *s->v);
		}
		s->t[s->n] = t1;
		s->v[s->n++] = last;
	}
	s->before = base;
}

/* A placement that ran (or is planned): rejected tasks never did, as in
 * the metrics. */
static int counts(const struct hs_placement *p)
{
	return p->task >= 0 && p->state != HS_STATE_REJECTED && isfinite(p->start) && isfinite(p->end);
}

int hs_timeline(const struct hs_instance *in, const struct hs_schedule *s, enum hs_timeline kind,
		struct hs_step *out, struct hs_step *gpus)
{
	const struct hs_platform *pl = &in->plat;
	double t0 = 0, t1 = 0;
	int any = 0;
	for (int i = 0; i < s->n; i++) {
		const struct hs_placement *p = &s->p[i];
		if (!counts(p))
			continue;
		t0 = fmin(t0, p->start);
		t1 = any ? fmax(t1, p->end) : p->end;
		any = 1;
	}
	if (!any || t1 < t0)
		t1 = t0;
	double idle = 0;
	for (int j = 0; j < pl->nnodes; j++)
		idle += pl->nodes[j].cores * pl->nodes[j].cpu_idle + pl->nodes[j].gpus * pl->nodes[j].gpu_idle;
	struct event *e = NULL, *g = NULL;
	int n = 0, cap = 0, ng = 0, gcap = 0;
	double P = pl->total_cores, G = pl->total_gpus;
	for (int i = 0; i < s->n; i++) {
		const struct hs_placement *p = &s->p[i];
		if (!counts(p) || p->task >= in->ntasks)
			continue;
		if (kind == HS_TL_QUEUE) {
			/* Waiting from the release date (0 without one) to the start. */
			double r = in->tasks[p->task].release;
			if (!(r >= 0))
				r = 0;
			if (p->start > r) {
				push(&e, &n, &cap, r, 1, 0);
				push(&e, &n, &cap, p->start, -1, 0);
			}
			continue;
		}
		if (!(p->end > p->start))
			continue; /* as the metrics: a task of no duration uses nothing */
		if (kind == HS_TL_RUNNING) {
			push(&e, &n, &cap, p->start, 1, 1);
			push(&e, &n, &cap, p->end, -1, -1);
			continue;
		}
		double c = 0, gu = 0, w = 0;
		for (int k = 0; k < p->nparts; k++) {
			const struct hs_part *pt = &p->parts[k];
			if (pt->node < 0 || pt->node >= pl->nnodes)
				continue;
			const struct hs_node *nd = &pl->nodes[pt->node];
			c += pt->ncores;
			gu += pt->ngpus;
			w += pt->ncores * (nd->cpu_busy - nd->cpu_idle) + pt->ngpus * (nd->gpu_busy - nd->gpu_idle);
		}
		if (kind == HS_TL_POWER) {
			push(&e, &n, &cap, p->start, w, 1);
			push(&e, &n, &cap, p->end, -w, -1);
		} else {
			if (c > 0) {
				push(&e, &n, &cap, p->start, c, 1);
				push(&e, &n, &cap, p->end, -c, -1);
			}
			if (gu > 0) {
				push(&g, &ng, &gcap, p->start, gu, 1);
				push(&g, &ng, &gcap, p->end, -gu, -1);
			}
		}
	}
	build(e, n, kind == HS_TL_POWER ? idle : 0, t0, t1, kind == HS_TL_POWER, out);
	/* Utilization: a fraction of the platform's cores (GPUs). */
	if (kind == HS_TL_UTILIZATION)
		for (int k = 0; k < out->n; k++)
			out->v[k] = P > 0 ? out->v[k] / P : 0;
	int has_gpus = 0;
	if (gpus) {
		memset(gpus, 0, sizeof *gpus);
		if (kind == HS_TL_UTILIZATION && G > 0) {
			build(g, ng, 0, t0, t1, 0, gpus);
			for (int k = 0; k < gpus->n; k++)
				gpus->v[k] /= G;
			has_gpus = 1;
		}
	}
	free(e);
	free(g);
	return has_gpus;
}

double hs_step_at(const struct hs_step *s, double t)
{
	if (s->n == 0 || t < s->t[0])
		return s->before;
	/* The last breakpoint at or before t. */
	int lo = 0, hi = s->n - 1;
	while (lo < hi) {
		int mid = (lo + hi + 1) / 2;
		if (s->t[mid] <= t)
			lo = mid;
		else
			hi = mid - 1;
	}
	return s->v[lo];
}

double hs_step_integral(const struct hs_step *s)
{
	double sum = 0;
	for (int k = 0; k + 1 < s->n; k++)
		sum += s->v[k] * (s->t[k + 1] - s->t[k]);
	return sum;
}

static int dbl_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

void hs_step_mean(const struct hs_step *const *s, int n, struct hs_step *out)
{
	memset(out, 0, sizeof *out);
	size_t nt = 0;
	for (int k = 0; k < n; k++)
		nt += (size_t)s[k]->n;
	double *t = hs_malloc((nt ? nt : 1) * sizeof *t);
	nt = 0;
	for (int k = 0; k < n; k++)
		for (int i = 0; i < s[k]->n; i++)
			t[nt++] = s[k]->t[i];
	if (nt > 1)
		qsort(t, nt, sizeof *t, dbl_cmp);
	int cap = 0;
	double before = 0;
	for (int k = 0; k < n; k++)
		before += s[k]->before;
	out->before = n ? before / n : 0;
	for (size_t i = 0; i < nt; i++) {
		if (i > 0 && t[i] == t[i - 1])
			continue;
		double v = 0;
		for (int k = 0; k < n; k++)
			v += hs_step_at(s[k], t[i]);
		v /= n;
		/* Keep the window's end even when the value does not change. */
		if (i == nt - 1 && out->n > 0 && out->v[out->n - 1] == v) {
			if (out->n == cap) {
				cap++;
				out->t = hs_reallocarray(out->t, cap, sizeof *out->t);
				out->v = hs_reallocarray(out->v, cap, sizeof *out->v);
			}
			out->t[out->n] = t[i];
			out->v[out->n++] = v;
			continue;
		}
		step_add(out, &cap, t[i], v);
	}
	free(t);
}

void hs_step_release(struct hs_step *s)
{
	free(s->t);
	free(s->v);
	memset(s, 0, sizeof *s);
}

/* ---------------- power with the nodes' states ---------------- */

/* The computing state node j is in at date t: the ON span of sp[first[j]
 * .. first[j + 1]) that t falls in (its initial state without spans). */
static struct hs_pstate state_at(const struct hs_node *nd, const struct hs_power_span *sp, int a,
				 int b, double t)
{
	for (int k = b - 1; k >= a; k--)
		if (sp[k].start <= t)
			return hs_node_pstate(nd, sp[k].kind == HS_POWER_ON ? sp[k].state : 0);
	return hs_node_pstate(nd, hs_node_initial_pstate(nd));
}

int hs_timeline_power(const struct hs_instance *in, const struct hs_schedule *s,
		      enum hs_timeline kind, const struct hs_power_trace *t, struct hs_step *out,
		      struct hs_step *gpus)
{
	if (kind != HS_TL_POWER || !t || t->n == 0)
		return hs_timeline(in, s, kind, out, gpus);
	const struct hs_platform *pl = &in->plat;
	double t0 = 0, t1 = 0;
	for (int i = 0; i < s->n; i++)
		if (counts(&s->p[i])) {
			t0 = fmin(t0, s->p[i].start);
			t1 = fmax(t1, s->p[i].end);
		}
	struct hs_power_span *sp = hs_power_trace_sorted(t);
	int *first = hs_calloc((size_t)pl->nnodes + 1, sizeof *first);
	for (int k = 0; k < t->n; k++)
		first[sp[k].node + 1]++;
	for (int j = 0; j < pl->nnodes; j++)
		first[j + 1] += first[j];
	struct event *e = NULL;
	int n = 0, cap = 0;
	double base = 0;
	for (int j = 0; j < pl->nnodes; j++) {
		const struct hs_node *nd = &pl->nodes[j];
		if (first[j] == first[j + 1]) {
			base += hs_power_idle_watts(nd, HS_POWER_ON, hs_node_initial_pstate(nd));
			continue;
		}
		for (int k = first[j]; k < first[j + 1]; k++) {
			double w = hs_power_idle_watts(nd, sp[k].kind, sp[k].state);
			double end = k + 1 == first[j + 1] ? fmax(sp[k].end, t1) : sp[k].end;
			if (sp[k].start >= t1 || end <= sp[k].start)
				continue;
			push(&e, &n, &cap, sp[k].start, w, 0);
			if (end < t1)
				push(&e, &n, &cap, end, -w, 0);
		}
	}
	for (int i = 0; i < s->n; i++) {
		const struct hs_placement *p = &s->p[i];
		if (!counts(p) || p->task >= in->ntasks || !(p->end > p->start))
			continue;
		double w = 0;
		for (int k = 0; k < p->nparts; k++) {
			const struct hs_part *pt = &p->parts[k];
			if (pt->node < 0 || pt->node >= pl->nnodes)
				continue;
			const struct hs_node *nd = &pl->nodes[pt->node];
			struct hs_pstate ps = state_at(nd, sp, first[pt->node], first[pt->node + 1], p->start);
			w += pt->ncores * (ps.busy - ps.idle) + pt->ngpus * (nd->gpu_busy - nd->gpu_idle);
		}
		push(&e, &n, &cap, p->start, w, 0);
		push(&e, &n, &cap, p->end, -w, 0);
	}
	build(e, n, base, t0, t1, 0, out);
	free(e);
	free(first);
	free(sp);
	if (gpus)
		memset(gpus, 0, sizeof *gpus);
	return 0;
}
