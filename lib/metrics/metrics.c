/* metrics/metrics.c - durations under the model, energy and schedule metrics. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hs/energy.h"
#include "hs/metrics.h"
#include "hs/util.h"
#include "hs/model.h"

double hs_placement_duration(const struct hs_instance *in, const struct hs_task *t,
			     const struct hs_placement *p)
{
	const struct hs_platform *pl = &in->plat;
	if (!p || p->task < 0 || p->nparts == 0)
		return INFINITY;
	int P = 0, G = 0;
	for (int k = 0; k < p->nparts; k++) {
		if (p->parts[k].node < 0 || p->parts[k].node >= pl->nnodes)
			return INFINITY;
		P += p->parts[k].ncores;
		G += p->parts[k].ngpus;
	}
	if ((P > 0) == (G > 0))
		return INFINITY; /* nothing, or cores and GPUs mixed: not modelled */
	if (G > 0) {
		if (p->nparts != 1)
			return INFINITY;
		return hs_task_gpu_time_on(t, &pl->nodes[p->parts[0].node]);
	}
	if (p->nparts == 1)
		return hs_task_time_on(t, &pl->nodes[p->parts[0].node], P);
	if (t->scope == HS_SCOPE_NODE)
		return INFINITY;
	/* A multi-node allotment runs at the pace of its slowest node, within
	 * one cluster (scope=cluster) or across clusters (scope=any). */
	int cl = pl->nodes[p->parts[0].node].cluster;
	double fmin = INFINITY;
	for (int k = 0; k < p->nparts; k++) {
		const struct hs_node *n = &pl->nodes[p->parts[k].node];
		if (n->cluster != cl && t->scope == HS_SCOPE_CLUSTER)
			return INFINITY;
		if (p->parts[k].ncores > 0 && n->speed < fmin)
			fmin = n->speed;
	}
	return hs_task_time(t, P) / fmin;
}

void hs_metrics_opts_init(struct hs_metrics_opts *o)
{
	memset(o, 0, sizeof *o);
	o->bsld_tau = 10;
	o->edn = 2;
}

/* Time of task t on one worker of the kind and node(s) p uses: one GPU of
 * its node, or one core of its slowest node (hs_task_work: t(1), or the
 * least core-seconds of a task that cannot run on one core). */
static double one_worker_time(const struct hs_instance *in, const struct hs_task *t,
			      const struct hs_placement *p)
{
	const struct hs_platform *pl = &in->plat;
	double fmin = INFINITY;
	for (int k = 0; k < p->nparts; k++) {
		const struct hs_part *pt = &p->parts[k];
		if (pt->node < 0 || pt->node >= pl->nnodes)
			return NAN;
		if (pt->ngpus > 0)
			return hs_task_gpu_time_on(t, &pl->nodes[pt->node]);
		if (pt->ncores > 0 && pl->nodes[pt->node].speed < fmin)
			fmin = pl->nodes[pt->node].speed;
	}
	return isfinite(fmin) ? hs_task_work(t) / fmin : NAN;
}

/* Distinct cores and GPUs that ran a task: one flag per worker, numbered
 * node by node (cores, then GPUs after all cores). */
static int count_workers(const struct hs_instance *in, const struct hs_schedule *s)
{
	const struct hs_platform *pl = &in->plat;
	int *off = hs_malloc((size_t)(pl->nnodes + 1) * sizeof *off);
	int *goff = hs_malloc((size_t)(pl->nnodes + 1) * sizeof *goff);
	off[0] = goff[0] = 0;
	for (int j = 0; j < pl->nnodes; j++) {
		off[j + 1] = off[j] + pl->nodes[j].cores;
		goff[j + 1] = goff[j] + pl->nodes[j].gpus;
	}
	int nw = off[pl->nnodes] + goff[pl->nnodes], used = 0;
	char *seen = hs_calloc((size_t)nw + 1, 1);
	/* Once every worker is seen the rest cannot add one: a whole log
	 * (191 million core uses on 93 312 cores) stops after a few
	 * thousand tasks. */
	for (int i = 0; i < s->n && used < nw; i++) {
		const struct hs_placement *p = &s->p[i];
		if (p->task < 0)
			continue;
		for (int k = 0; k < p->nparts; k++) {
			const struct hs_part *pt = &p->parts[k];
			if (pt->node < 0 || pt->node >= pl->nnodes)
				continue;
			for (int c = 0; c < pt->ncores; c++) {
				int w = off[pt->node] + pt->cores[c];
				if (pt->cores[c] >= 0 && pt->cores[c] < pl->nodes[pt->node].cores && !seen[w]) {
					seen[w] = 1;
					used++;
				}
			}
			for (int g = 0; g < pt->ngpus; g++) {
				int w = off[pl->nnodes] + goff[pt->node] + pt->gpus[g];
				if (pt->gpus[g] >= 0 && pt->gpus[g] < pl->nodes[pt->node].gpus && !seen[w]) {
					seen[w] = 1;
					used++;
				}
			}
		}
	}
	free(seen);
	free(goff);
	free(off);
	return used;
}

/* The planner's own proven lower bound on the instance's optimum, when
 * its provenance carries one (prov plan lb=: approx32 and approx2,
 * hs-moldable(7)), else 0.  Not when it planned an adapted instance
 * (monotonized=), whose optimum may be longer than this one's. */
static double plan_bound(const struct hs_instance *in)
{
	double d;
	const char *v = in->stream ? hs_stream_prov(in->stream, "plan.lb") : NULL;
	if (!v || hs_stream_prov(in->stream, "plan.monotonized") || hs_parse_double(v, &d) != 0 || !isfinite(d))
		return 0;
	return d;
}

/* qsort_r: hs-report computes the metrics of several files at once. */
static int by_app(const void *a, const void *b, void *arg)
{
	const struct hs_instance *in = arg;
	const struct hs_placement *x = *(const struct hs_placement *const *)a;
	const struct hs_placement *y = *(const struct hs_placement *const *)b;
	int c = strcmp(in->tasks[x->task].app, in->tasks[y->task].app);
	return c ? c : (x->task > y->task) - (x->task < y->task);
}

/* Applications (RSCHED): their number and the mean of their spans. */
static void app_spans(const struct hs_instance *in, const struct hs_schedule *s, struct hs_metrics *m)
{
	const struct hs_placement **v = hs_malloc((size_t)(s->n + 1) * sizeof *v);
	int n = 0;
	for (int i = 0; i < s->n; i++)
		if (s->p[i].task >= 0 && s->p[i].state != HS_STATE_REJECTED && in->tasks[s->p[i].task].app)
			v[n++] = &s->p[i];
	qsort_r(v, (size_t)n, sizeof *v, by_app, (void *)in);
	double sum = 0, bytes = 0;
	for (int i = 0, j; i < n; i = j) {
		double a = v[i]->start, b = v[i]->end;
		const char *app = in->tasks[v[i]->task].app;
		bytes += v[i]->h2d + v[i]->d2h;
		for (j = i + 1; j < n && strcmp(in->tasks[v[j]->task].app, app) == 0; j++) {
			a = fmin(a, v[j]->start);
			b = fmax(b, v[j]->end);
			bytes += v[j]->h2d + v[j]->d2h;
		}
		sum += b - a;
		m->apps++;
	}
	m->mean_app_makespan = m->apps ? sum / m->apps : NAN;
	m->mean_app_bytes = m->apps ? bytes / m->apps : NAN;
	free(v);
}

void hs_metrics_eval(const struct hs_instance *in, const struct hs_schedule *s,
		     const struct hs_metrics_opts *o, struct hs_metrics *m)
{
	const struct hs_platform *pl = &in->plat;
	memset(m, 0, sizeof *m);
	double core_s = 0, gpu_s = 0, wait = 0, turn = 0, sld = 0, bsld = 0, seq = 0;
	int nsld = 0;
	m->max_waiting = m->max_slowdown = -INFINITY;
	for (int i = 0; i < in->ntasks; i++)
		m->has_release |= in->tasks[i].release > 0;
	for (int i = 0; i < s->n; i++) {
		const struct hs_placement *p = &s->p[i];
		if (p->task < 0)
			continue;
		if (p->state == HS_STATE_REJECTED) {
			m->rejected++; /* never ran: no time, no resources */
			continue;
		}
		const struct hs_task *t = &in->tasks[p->task];
		m->tasks++;
		double d = p->end - p->start;
		core_s += d * hs_schedule_total_cores(p);
		gpu_s += d * hs_schedule_total_gpus(p);
		m->sum_completion += p->end;
		m->killed += p->state == HS_STATE_KILLED;
		m->failed += p->state == HS_STATE_FAILED;
		double w = p->start - t->release, f = p->end - t->release;
		wait += w;
		turn += f;
		m->max_waiting = fmax(m->max_waiting, w);
		if (d > 0) {
			sld += f / d;
			nsld++;
			m->max_slowdown = fmax(m->max_slowdown, f / d);
		}
		bsld += fmax(1, f / fmax(d, o->bsld_tau));
		seq += one_worker_time(in, t, p);
	}
	m->makespan = hs_schedule_makespan(s);
	struct hs_bounds b;
	if (o->bounds)
		b = *o->bounds;
	else
		hs_lower_bounds(in, o->with_lp, &b);
	m->lower_bound = fmax(b.best, plan_bound(in));
	m->ratio = (m->lower_bound > 0 && isfinite(m->lower_bound)) ? m->makespan / m->lower_bound : NAN;
	double cap = pl->total_cores * m->makespan;
	m->utilization = cap > 0 ? core_s / cap : NAN;
	double gcap = pl->total_gpus * m->makespan;
	m->gpu_utilization = gcap > 0 ? gpu_s / gcap : NAN;
	m->mean_completion = m->tasks ? m->sum_completion / m->tasks : NAN;
	m->idle_time = pl->total_cores > 0 ? cap - core_s : 0;
	m->gpu_idle_time = pl->total_gpus > 0 ? gcap - gpu_s : NAN;
	m->mean_waiting = m->tasks ? wait / m->tasks : NAN;
	m->mean_turnaround = m->tasks ? turn / m->tasks : NAN;
	m->mean_bsld = m->tasks ? bsld / m->tasks : NAN;
	m->mean_slowdown = nsld ? sld / nsld : NAN;
	if (!m->tasks)
		m->max_waiting = NAN;
	if (!nsld)
		m->max_slowdown = NAN;
	struct hs_energy_metrics em;
	hs_energy_metrics(in, s, o->edn, &em);
	m->energy = em.e_all;
	m->edp = em.edp;
	m->edn = em.edn;
	if (o->power && o->power->n > 0) {
		struct hs_power_account acc;
		m->energy = hs_power_energy(in, s, o->power, em.system_time, 1, NULL, &acc);
		m->edp = m->energy * em.system_time;
		m->edn = m->energy * pow(em.system_time, o->edn);
		m->asleep_time = acc.time[HS_POWER_ASLEEP];
		m->switching_time = acc.time[HS_POWER_OFF] + acc.time[HS_POWER_WAKING];
		m->switches = acc.switches_off + acc.switches_on;
	}
	double je = 0;
	int nje = 0;
	for (int i = 0; i < s->n; i++) {
		const struct hs_placement *p = &s->p[i];
		if (p->task != i)
			continue;
		if (!isnan(p->energy)) {
			je += p->energy;
			nje++;
		}
		m->bytes_h2d += p->h2d;
		m->bytes_d2h += p->d2h;
		m->fetch_time += p->fetch;
	}
	m->mean_job_energy = nje ? je / nje : NAN;
	/* RSCHED eq. (10): (busy / active time of the used workers) times
	 * speedup / |used workers|; every used worker is active over the whole
	 * schedule [0, makespan], and the speedup is against running each task
	 * alone on one worker of the kind it used. */
	m->workers = count_workers(in, s);
	m->seq_time = seq;
	double U = m->workers, C = m->makespan;
	m->rue = U > 0 && C > 0 ? (core_s + gpu_s) / (U * C) * (seq / C) / U : NAN;
	app_spans(in, s, m);
}

void hs_metrics_compute(const struct hs_instance *in, const struct hs_schedule *s, int with_lp,
			struct hs_metrics *m)
{
	struct hs_metrics_opts o;
	hs_metrics_opts_init(&o);
	o.with_lp = with_lp;
	hs_metrics_eval(in, s, &o, m);
}
