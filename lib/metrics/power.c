/* metrics/power.c - nodes' power states over a run and the energy they
 * make (hs/power.h): the spans, their names and records, and the energy
 * of a run whose nodes went through them. */
#include "hs/power.h"
#include "hs/format.h"
#include "hs/util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void hs_power_trace_init(struct hs_power_trace *t)
{
	memset(t, 0, sizeof *t);
}

void hs_power_trace_release(struct hs_power_trace *t)
{
	free(t->s);
	memset(t, 0, sizeof *t);
}

void hs_power_trace_add(struct hs_power_trace *t, int node, enum hs_power_kind kind, int state,
			double start, double end)
{
	if (t->n == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 16;
		t->s = hs_reallocarray(t->s, t->cap, sizeof *t->s);
	}
	t->s[t->n++] = (struct hs_power_span){ node, kind, state, start, end };
}

static const char *const prefix[HS_POWER_KINDS] = {"p", "off", "sleep", "on"};

void hs_power_name(char *buf, enum hs_power_kind kind, int state)
{
	snprintf(buf, HS_POWER_NAME_MAX, "%s%d", prefix[kind], state);
}

int hs_power_parse_name(const char *s, enum hs_power_kind *kind, int *state)
{
	/* "sleep" before "p" matters not (no prefix is another's), but "on"
	 * and "off" share an 'o': the whole prefix is compared. */
	for (int k = 0; k < HS_POWER_KINDS; k++) {
		size_t n = strlen(prefix[k]);
		if (strncmp(s, prefix[k], n) != 0 || s[n] < '0' || s[n] > '9')
			continue;
		char *end;
		long v = strtol(s + n, &end, 10);
		if (*end || v > 1000000 || (s[n] == '0' && s[n + 1]))
			return -1;
		*kind = (enum hs_power_kind)k;
		*state = (int)v;
		return 0;
	}
	return -1;
}

struct hs_pstate hs_node_pstate(const struct hs_node *nd, int k)
{
	if (nd->npstates <= 0)
		return (struct hs_pstate){ 1, nd->cpu_idle, nd->cpu_busy };
	return nd->pstates[k];
}

int hs_node_npstates(const struct hs_node *nd)
{
	return nd->npstates > 0 ? nd->npstates : 1;
}

int hs_node_initial_pstate(const struct hs_node *nd)
{
	return nd->npstates > 0 ? nd->pstate : 0;
}

/* A switch's time and energy (off into, or on from, its sleeping state). */
static void switch_cost(const struct hs_node *nd, enum hs_power_kind kind, int state, double *t,
			double *e)
{
	const struct hs_sleep_state *sl = &nd->sleeps[state];
	*t = kind == HS_POWER_OFF ? sl->off_time : sl->on_time;
	*e = kind == HS_POWER_OFF ? sl->off_energy : sl->on_energy;
}

double hs_power_idle_watts(const struct hs_node *nd, enum hs_power_kind kind, int state)
{
	if (kind == HS_POWER_ON) {
		struct hs_pstate ps = hs_node_pstate(nd, state);
		return nd->cores * ps.idle + nd->gpus * nd->gpu_idle;
	}
	if (kind == HS_POWER_ASLEEP)
		return nd->sleeps[state].power;
	double t, e;
	switch_cost(nd, kind, state, &t, &e);
	return t > 0 ? e / t : 0;
}

/* ---------------- power records ---------------- */

int hs_power_span_cmp(const void *a, const void *b)
{
	const struct hs_power_span *x = a, *y = b;
	if (x->node != y->node)
		return x->node < y->node ? -1 : 1;
	return (x->start > y->start) - (x->start < y->start);
}

struct hs_power_span *hs_power_trace_sorted(const struct hs_power_trace *t)
{
	struct hs_power_span *s = hs_malloc(((size_t)t->n + 1) * sizeof *s);
	if (t->n > 0) { /* an empty trace may have no array */
		memcpy(s, t->s, (size_t)t->n * sizeof *s);
		qsort(s, t->n, sizeof *s, hs_power_span_cmp);
	}
	return s;
}

/* The span's length as its state says it must be (switches), or NAN. */
static double switch_time(const struct hs_node *nd, const struct hs_power_span *s)
{
	double t = NAN, e;
	if (s->kind == HS_POWER_OFF || s->kind == HS_POWER_WAKING)
		switch_cost(nd, s->kind, s->state, &t, &e);
	return t;
}

/* A span read from a record, with the record's line. */
struct lspan {
	struct hs_power_span s;
	int line;
};

static int lspan_cmp(const void *a, const void *b)
{
	return hs_power_span_cmp(&((const struct lspan *)a)->s, &((const struct lspan *)b)->s);
}

/* Record r as a span, or a problem reported (1). */
static int load_one(const struct hs_instance *in, const char *file, const struct hs_record *r,
		    struct lspan *out)
{
	int node = hs_instance_find_node(in, r->id);
	const char *st = hs_record_get(r, "state"), *a = hs_record_get(r, "start"),
		   *b = hs_record_get(r, "end");
	enum hs_power_kind kind = HS_POWER_ON;
	int state = 0;
	double start = 0, end = 0;
	const char *why = NULL;
	if (node < 0)
		why = "no such node";
	else if (!st || !a || !b)
		why = "needs state=, start= and end=";
	else if (hs_power_parse_name(st, &kind, &state) != 0)
		why = "state= must be pK, offK, sleepK or onK";
	else if (hs_parse_double(a, &start) != 0 || hs_parse_double(b, &end) != 0 ||
		 !isfinite(start) || !isfinite(end) || start < 0 || end < start)
		why = "start= and end= must be dates with 0 <= start <= end";
	else if (kind == HS_POWER_ON ? state >= hs_node_npstates(&in->plat.nodes[node])
				     : state >= in->plat.nodes[node].nsleeps)
		why = kind == HS_POWER_ON ? "the node has no such computing state"
					  : "the node has no such sleeping state";
	if (why) {
		hs_error_at(file, r->line, "power %s: %s", r->id, why);
		return 1;
	}
	*out = (struct lspan){ { node, kind, state, start, end }, r->line };
	return 0;
}

/* The problem with span k of l (sorted), or NULL. */
static const char *sequence_problem(const struct hs_instance *in, const struct lspan *l, int n, int k)
{
	const struct hs_power_span *s = &l[k].s;
	const struct hs_node *nd = &in->plat.nodes[s->node];
	int first = k == 0 || l[k - 1].s.node != s->node;
	int last = k + 1 == n || l[k + 1].s.node != s->node;
	double d = switch_time(nd, s);
	if (s->start != (first ? 0 : l[k - 1].s.end))
		return first ? "a node's first span starts at 0"
			     : "a node's spans follow each other without gap or overlap";
	/* a run may stop during a switch: the last span may be cut short;
	 * dates as written are rounded: a length within 1e-9 of the dates is
	 * the switch's */
	double len = s->end - s->start, tol = 1e-9 * fmax(1, fabs(s->end));
	if (!isnan(d) && (last ? len > d + tol : fabs(len - d) > tol))
		return "a switch lasts its sleeping state's off or on time";
	return NULL;
}

int hs_power_trace_load(const struct hs_instance *in, struct hs_power_trace *t)
{
	hs_power_trace_init(t);
	if (!in->stream)
		return 0;
	const char *file = in->stream->name;
	int problems = 0, n = 0;
	struct lspan *l = NULL;
	for (size_t k = 0; k < in->stream->n; k++) {
		const struct hs_record *r = in->stream->recs[k];
		if (!r->kind || strcmp(r->kind, "power") != 0)
			continue;
		l = hs_reallocarray(l, (size_t)n + 1, sizeof *l);
		if (load_one(in, file, r, &l[n]) == 0)
			n++;
		else
			problems++;
	}
	if (problems == 0) {
		if (n > 1)
			qsort(l, n, sizeof *l, lspan_cmp);
		for (int k = 0; k < n; k++) {
			const char *why = sequence_problem(in, l, n, k);
			if (why) {
				hs_error_at(file, l[k].line, "power %s: %s", in->plat.nodes[l[k].s.node].id, why);
				problems++;
			}
		}
	}
	for (int k = 0; k < n && problems == 0; k++)
		hs_power_trace_add(t, l[k].s.node, l[k].s.kind, l[k].s.state, l[k].s.start, l[k].s.end);
	free(l);
	return problems;
}

void hs_power_trace_emit(struct hs_instance *in, const struct hs_power_trace *t)
{
	struct hs_power_span *s = hs_power_trace_sorted(t);
	char name[HS_POWER_NAME_MAX];
	for (int k = 0; k < t->n; k++) {
		struct hs_record *r = hs_record_new("power", in->plat.nodes[s[k].node].id);
		hs_power_name(name, s[k].kind, s[k].state);
		hs_record_set(r, "state", name);
		hs_record_set_num(r, "start", s[k].start);
		hs_record_set_num(r, "end", s[k].end);
		hs_stream_append(in->stream, r);
	}
	free(s);
}

/* ---------------- energy ---------------- */

/* A job's use of a node: [a, b), its cores and GPUs there. */
struct use {
	int node;
	double a, b;
	int ncores, ngpus;
};

static int use_cmp(const void *x, const void *y)
{
	const struct use *p = x, *q = y;
	if (p->node != q->node)
		return p->node < q->node ? -1 : 1;
	return (p->a > q->a) - (p->a < q->a);
}

/* The uses of run's jobs within [0, horizon], by node and start. */
static struct use *uses_of(const struct hs_instance *in, const struct hs_schedule *run,
			   double horizon, int *nuse)
{
	int n = 0;
	for (int i = 0; i < run->n; i++)
		if (run->p[i].task == i)
			n += run->p[i].nparts;
	struct use *u = hs_malloc(((size_t)n + 1) * sizeof *u);
	n = 0;
	for (int i = 0; i < run->n; i++) {
		const struct hs_placement *r = &run->p[i];
		if (r->task != i || r->state == HS_STATE_REJECTED)
			continue;
		double a = fmax(r->start, 0), b = isnan(r->end) ? horizon : fmin(r->end, horizon);
		for (int k = 0; k < r->nparts; k++) {
			const struct hs_part *pt = &r->parts[k];
			if (pt->node >= 0 && pt->node < in->plat.nnodes && pt->ncores + pt->ngpus > 0 && b > a)
				u[n++] = (struct use){ pt->node, a, b, pt->ncores, pt->ngpus };
		}
	}
	if (n > 1)
		qsort(u, n, sizeof *u, use_cmp);
	*nuse = n;
	return u;
}

/* Busy seconds of a node's uses u[0 .. n) (by start) that start inside
 * [a, b): per node (merged: busy while any runs; *cores, *gpus unused) or
 * per core and GPU (*cores core-seconds, *gpus GPU-seconds). */
static double busy_in(const struct use *u, int n, double a, double b, int per_core, double *cores,
		      double *gpus)
{
	double busy = 0, lo = NAN, hi = NAN;
	*cores = *gpus = 0;
	for (int k = 0; k < n && u[k].a < b; k++) {
		if (u[k].a < a)
			continue; /* a job counts in the span its start is in */
		double x = u[k].a, y = fmin(u[k].b, b);
		*cores += (y - x) * u[k].ncores;
		*gpus += (y - x) * u[k].ngpus;
		if (per_core)
			continue;
		if (!isnan(hi) && x <= hi) {
			hi = fmax(hi, y);
			continue;
		}
		if (!isnan(hi))
			busy += hi - lo;
		lo = x;
		hi = y;
	}
	if (!isnan(hi))
		busy += hi - lo;
	return busy;
}

/* Joules of node nd ON in computing state ps for len seconds of which
 * busy (per node) or with cores/gpus busy resource-seconds (per core). */
static double on_energy(const struct hs_node *nd, struct hs_pstate ps, double len, double busy,
			double cores, double gpus, int per_core)
{
	if (per_core)
		return cores * (ps.busy - ps.idle) + len * nd->cores * ps.idle +
		       gpus * (nd->gpu_busy - nd->gpu_idle) + len * nd->gpus * nd->gpu_idle;
	double pb = nd->cores * ps.busy + nd->gpus * nd->gpu_busy;
	double pi = nd->cores * ps.idle + nd->gpus * nd->gpu_idle;
	return busy * pb + (len - busy) * pi;
}

/* Joules of a span that is no ON, over its len seconds within the horizon
 * (a switch of no time: its energy when it begins within it). */
static double other_energy(const struct hs_node *nd, const struct hs_power_span *s, double len,
			   int begun)
{
	double t = 1, e = 0;
	if (s->kind != HS_POWER_ASLEEP)
		switch_cost(nd, s->kind, s->state, &t, &e);
	if (t > 0)
		return hs_power_idle_watts(nd, s->kind, s->state) * len;
	return begun ? e : 0;
}

double hs_power_energy(const struct hs_instance *in, const struct hs_schedule *run,
		       const struct hs_power_trace *t, double horizon, int per_core,
		       double *node_energy, struct hs_power_account *acc)
{
	const struct hs_platform *pl = &in->plat;
	int nuse;
	struct use *u = uses_of(in, run, horizon, &nuse);
	struct hs_power_span *s = hs_power_trace_sorted(t);
	struct hs_power_account a = { 0 };
	int ku = 0, ks = 0;
	for (int j = 0; j < pl->nnodes; j++) {
		const struct hs_node *nd = &pl->nodes[j];
		int u0 = ku, s0 = ks;
		while (ku < nuse && u[ku].node == j)
			ku++;
		while (ks < t->n && s[ks].node == j)
			ks++;
		/* A node that never switched: its initial state throughout. */
		struct hs_power_span whole = { j, HS_POWER_ON, hs_node_initial_pstate(nd), 0, horizon };
		const struct hs_power_span *sp = ks > s0 ? s + s0 : &whole;
		int nsp = ks > s0 ? ks - s0 : 1;
		double e = 0;
		int ui = u0; /* the first use not before span k (spans and uses by start) */
		for (int k = 0; k < nsp; k++) {
			/* the last span reaches the horizon, whatever its end */
			double b = k + 1 == nsp ? fmax(horizon, sp[k].end) : sp[k].end;
			double len = fmax(0, fmin(b, horizon) - sp[k].start), x;
			int begun = sp[k].start <= horizon;
			if (sp[k].kind == HS_POWER_ON) {
				double cores, gpus;
				while (ui < ku && u[ui].a < sp[k].start)
					ui++;
				double busy = busy_in(u + ui, ku - ui, sp[k].start, b, per_core, &cores, &gpus);
				x = on_energy(nd, hs_node_pstate(nd, sp[k].state), len, busy, cores, gpus, per_core);
			} else {
				x = other_energy(nd, &sp[k], len, begun);
				a.switches_off += sp[k].kind == HS_POWER_OFF && begun;
				a.switches_on += sp[k].kind == HS_POWER_WAKING && begun;
			}
			a.time[sp[k].kind] += len;
			a.kind_energy[sp[k].kind] += x;
			e += x;
		}
		if (node_energy)
			node_energy[j] = e;
		a.energy += e;
	}
	free(s);
	free(u);
	if (acc)
		*acc = a;
	return a.energy;
}
