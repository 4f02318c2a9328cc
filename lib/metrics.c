/* metrics.c - durations under the model, energy and schedule metrics. */
#include <math.h>
#include <string.h>

#include "hs/metrics.h"
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
	if (t->scope != HS_SCOPE_CLUSTER)
		return INFINITY;
	/* A multi-node allotment runs at the pace of its slowest node. */
	int cl = pl->nodes[p->parts[0].node].cluster;
	double fmin = INFINITY;
	for (int k = 0; k < p->nparts; k++) {
		const struct hs_node *n = &pl->nodes[p->parts[k].node];
		if (n->cluster != cl)
			return INFINITY;
		if (p->parts[k].ncores > 0 && n->speed < fmin)
			fmin = n->speed;
	}
	return hs_task_time(t, P) / fmin;
}

/* Busy core- and GPU-seconds per node, summed in the energy formula. */
double hs_schedule_energy(const struct hs_instance *in, const struct hs_schedule *s, double horizon)
{
	const struct hs_platform *pl = &in->plat;
	double busy_w = 0, core_busy = 0, gpu_busy = 0; /* core_busy: sum of busy·idle W */
	for (int i = 0; i < s->n; i++) {
		const struct hs_placement *p = &s->p[i];
		if (p->task < 0)
			continue;
		double d = p->end - p->start;
		if (!(d > 0))
			continue;
		for (int k = 0; k < p->nparts; k++) {
			const struct hs_part *pt = &p->parts[k];
			if (pt->node < 0 || pt->node >= pl->nnodes)
				continue;
			const struct hs_node *n = &pl->nodes[pt->node];
			busy_w += d * (pt->ncores * n->cpu_busy + pt->ngpus * n->gpu_busy);
			core_busy += d * pt->ncores * n->cpu_idle;
			gpu_busy += d * pt->ngpus * n->gpu_idle;
		}
	}
	/* Idle part: (horizon - busy) · P_idle per core = horizon · sum P_idle
	 * minus busy · P_idle. */
	double idle_w = 0;
	for (int j = 0; j < pl->nnodes; j++) {
		const struct hs_node *n = &pl->nodes[j];
		idle_w += horizon * (n->cores * n->cpu_idle + n->gpus * n->gpu_idle);
	}
	return busy_w + idle_w - core_busy - gpu_busy;
}

void hs_metrics_compute(const struct hs_instance *in, const struct hs_schedule *s, int with_lp,
			struct hs_metrics *m)
{
	const struct hs_platform *pl = &in->plat;
	memset(m, 0, sizeof *m);
	double core_s = 0, gpu_s = 0;
	for (int i = 0; i < s->n; i++) {
		const struct hs_placement *p = &s->p[i];
		if (p->task < 0)
			continue;
		m->tasks++;
		double d = p->end - p->start;
		core_s += d * hs_schedule_total_cores(p);
		gpu_s += d * hs_schedule_total_gpus(p);
		m->sum_completion += p->end;
		m->killed += p->state == HS_STATE_KILLED;
		m->failed += p->state == HS_STATE_FAILED;
	}
	m->makespan = hs_schedule_makespan(s);
	struct hs_bounds b;
	hs_lower_bounds(in, with_lp, &b);
	m->lower_bound = b.best;
	m->ratio = (b.best > 0 && isfinite(b.best)) ? m->makespan / b.best : NAN;
	double cap = pl->total_cores * m->makespan;
	m->utilization = cap > 0 ? core_s / cap : NAN;
	double gcap = pl->total_gpus * m->makespan;
	m->gpu_utilization = gcap > 0 ? gpu_s / gcap : NAN;
	m->mean_completion = m->tasks ? m->sum_completion / m->tasks : NAN;
	m->idle_time = pl->total_cores > 0 ? cap - core_s : 0;
	m->energy = hs_schedule_energy(in, s, m->makespan);
}
