/* metrics/energy.c - energy, EDP and ED^n of schedules (Hamano et al., eqs. 2-4)
 * and the virtual-resource estimates behind the energy plugins. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hs/energy.h"
#include "hs/metrics.h"
#include "hs/util.h"

double hs_energy_processor(double busy, double system_time, double p_busy, double p_idle)
{
	return busy * p_busy + (system_time - busy) * p_idle;
}

/* Busy seconds and busy * (P_busy - P_idle) per kind, and the platform's
 * idle power per kind: E_all at horizon T is dyn + T * idle, which is the
 * same as summing eq. (2) processor by processor.  The one place where a
 * schedule's energy is summed (hs_schedule_energy and hs_energy_metrics). */
struct energy_sums {
	double cpu_busy, gpu_busy, dyn_cpu, dyn_gpu, idle_cpu, idle_gpu;
};

static void energy_sums(const struct hs_instance *in, const struct hs_schedule *s,
			struct energy_sums *e)
{
	const struct hs_platform *pl = &in->plat;
	memset(e, 0, sizeof *e);
	for (int i = 0; i < s->n; i++) {
		const struct hs_placement *p = &s->p[i];
		if (p->task < 0)
			continue;
		double d = p->end - p->start;
		if (!(d > 0))
			continue;
		for (int k = 0; k < p->nparts; k++) {
			const struct hs_part *part = &p->parts[k];
			if (part->node < 0 || part->node >= pl->nnodes)
				continue;
			const struct hs_node *nd = &pl->nodes[part->node];
			e->cpu_busy += part->ncores * d;
			e->gpu_busy += part->ngpus * d;
			e->dyn_cpu += part->ncores * d * (nd->cpu_busy - nd->cpu_idle);
			e->dyn_gpu += part->ngpus * d * (nd->gpu_busy - nd->gpu_idle);
		}
	}
	for (int j = 0; j < pl->nnodes; j++) {
		e->idle_cpu += pl->nodes[j].cores * pl->nodes[j].cpu_idle;
		e->idle_gpu += pl->nodes[j].gpus * pl->nodes[j].gpu_idle;
	}
}

double hs_schedule_energy(const struct hs_instance *in, const struct hs_schedule *s, double horizon)
{
	struct energy_sums e;
	energy_sums(in, s, &e);
	return (e.dyn_cpu + horizon * e.idle_cpu) + (e.dyn_gpu + horizon * e.idle_gpu);
}

void hs_energy_metrics(const struct hs_instance *in, const struct hs_schedule *s, double n,
		       struct hs_energy_metrics *out)
{
	struct energy_sums e;
	energy_sums(in, s, &e);
	memset(out, 0, sizeof *out);
	double T = s->n > 0 ? hs_schedule_makespan(s) : 0;
	if (!(T > 0))
		T = 0;
	out->system_time = T;
	out->cpu_busy = e.cpu_busy;
	out->gpu_busy = e.gpu_busy;
	out->e_cpu = e.dyn_cpu + T * e.idle_cpu;
	out->e_gpu = e.dyn_gpu + T * e.idle_gpu;
	out->e_all = out->e_cpu + out->e_gpu;
	out->edp = out->e_all * T;
	out->n = n;
	out->edn = out->e_all * pow(T, n);
}

/* ---------------- objectives ---------------- */

static const char *const obj_names[] = { "edp", "edn", "energy", "makespan" };

int hs_energy_obj_parse(const char *name, enum hs_energy_obj *out)
{
	for (int i = 0; i < (int)(sizeof obj_names / sizeof obj_names[0]); i++)
		if (name && strcmp(name, obj_names[i]) == 0) {
			*out = (enum hs_energy_obj)i;
			return 0;
		}
	return -1;
}

const char *hs_energy_obj_name(enum hs_energy_obj o)
{
	return (unsigned)o < sizeof obj_names / sizeof obj_names[0] ? obj_names[o] : "?";
}

double hs_energy_objective(enum hs_energy_obj o, double n, double energy, double time)
{
	if (isinf(energy) || isinf(time))
		return INFINITY;
	switch (o) {
	case HS_EOBJ_EDP:
		return energy * time;
	case HS_EOBJ_EDN:
		return energy * pow(time, n);
	case HS_EOBJ_ENERGY:
		return energy;
	case HS_EOBJ_MAKESPAN:
		return time;
	}
	return INFINITY;
}

/* ---------------- per-task times ---------------- */

void hs_energy_task_times(const struct hs_task *t, double *cpu, double *gpu)
{
	double c = INFINITY, g = INFINITY;
	if (t->model != HS_MODEL_GPU && t->on != HS_ON_GPU) {
		c = hs_task_time(t, 1);
		if (!(c >= 0) || isnan(c))
			c = INFINITY;
	}
	if (t->on != HS_ON_CPU) {
		if (isfinite(t->gpu_time) && t->gpu_time >= 0)
			g = t->gpu_time;
		else if (isfinite(t->alpha) && t->alpha > 0 && isfinite(c))
			g = c / t->alpha; /* in case the loader left gpu_time unset */
	}
	*cpu = c;
	*gpu = g;
}

double hs_energy_alpha(double cpu, double gpu)
{
	if (isinf(gpu))
		return 0;
	if (isinf(cpu))
		return INFINITY;
	if (gpu <= 0)
		return cpu > 0 ? INFINITY : 1;
	return cpu / gpu;
}

/* ---------------- incremental estimate ---------------- */

void hs_energy_est_init(struct hs_energy_est *e, const struct hs_platform *pl)
{
	memset(e, 0, sizeof *e);
	for (int j = 0; j < pl->nnodes; j++)
		e->idle_power += pl->nodes[j].cores * pl->nodes[j].cpu_idle +
				 pl->nodes[j].gpus * pl->nodes[j].gpu_idle;
}

void hs_energy_est_add(struct hs_energy_est *e, double start, double end, double p_busy,
		       double p_idle)
{
	e->dynamic += (end - start) * (p_busy - p_idle);
	if (end > e->time)
		e->time = end;
}

double hs_energy_est_energy(const struct hs_energy_est *e)
{
	return e->dynamic + e->time * e->idle_power;
}

/* ---------------- virtual resources ---------------- */

void hs_energy_virt_init(struct hs_energy_virt *v, const struct hs_platform *pl)
{
	memset(v, 0, sizeof *v);
	for (int j = 0; j < pl->nnodes; j++) {
		const struct hs_node *n = &pl->nodes[j];
		v->cpu_rate += n->cores * n->speed;
		v->cpu_busy_w += n->cores * n->cpu_busy;
		v->cpu_idle_w += n->cores * n->cpu_idle;
		v->gpu_rate += n->gpus * n->gpu_speed;
		v->gpu_busy_w += n->gpus * n->gpu_busy;
		v->gpu_idle_w += n->gpus * n->gpu_idle;
	}
}

static double side_time(double work, double rate)
{
	if (!(work > 0))
		return 0;
	return rate > 0 ? work / rate : INFINITY;
}

void hs_energy_virt_eval(const struct hs_energy_virt *v, double cpu_work, double gpu_work,
			 double *energy, double *time)
{
	double tc = side_time(cpu_work, v->cpu_rate), tg = side_time(gpu_work, v->gpu_rate);
	double T = tc > tg ? tc : tg;
	if (isinf(T)) {
		*energy = *time = INFINITY;
		return;
	}
	*time = T;
	*energy = tc * v->cpu_busy_w + (T - tc) * v->cpu_idle_w + tg * v->gpu_busy_w +
		  (T - tg) * v->gpu_idle_w;
}

int hs_energy_item_cmp(const struct hs_energy_item *a, const struct hs_energy_item *b)
{
	double aa = hs_energy_alpha(a->cpu, a->gpu), ab = hs_energy_alpha(b->cpu, b->gpu);
	if (aa != ab)
		return aa > ab ? -1 : 1;
	if (a->cpu != b->cpu)
		return a->cpu > b->cpu ? -1 : 1;
	return (a->task > b->task) - (a->task < b->task);
}

/* A flexible task and its position in the caller's array. */
struct flex_item {
	struct hs_energy_item it;
	int pos;
};

static int flex_cmp(const void *x, const void *y)
{
	const struct flex_item *a = x, *b = y;
	int c = hs_energy_item_cmp(&a->it, &b->it);
	return c ? c : (a->pos > b->pos) - (a->pos < b->pos);
}

int hs_energy_split(const struct hs_energy_virt *v, const struct hs_energy_item *items, int n,
		    enum hs_energy_obj obj, double nexp, char *on_gpu, double *value,
		    double *energy, double *time)
{
	double cw = 0, gw = 0;
	int nflex = 0;
	struct flex_item *flex = hs_malloc((size_t)(n > 0 ? n : 1) * sizeof *flex);
	for (int i = 0; i < n; i++) {
		int c = isfinite(items[i].cpu), g = isfinite(items[i].gpu);
		if (!c && !g) {
			free(flex);
			return -1;
		}
		on_gpu[i] = !c;
		if (c)
			cw += items[i].cpu;
		else
			gw += items[i].gpu;
		if (c && g) {
			flex[nflex].it = items[i];
			flex[nflex].pos = i;
			nflex++;
		}
	}
	qsort(flex, (size_t)nflex, sizeof *flex, flex_cmp);

	double e, t;
	hs_energy_virt_eval(v, cw, gw, &e, &t);
	double best = hs_energy_objective(obj, nexp, e, t), best_e = e, best_t = t;
	int best_k = 0;
	for (int k = 1; k <= nflex; k++) {
		cw -= flex[k - 1].it.cpu;
		gw += flex[k - 1].it.gpu;
		hs_energy_virt_eval(v, cw, gw, &e, &t);
		double val = hs_energy_objective(obj, nexp, e, t);
		if (val < best) {
			best = val;
			best_e = e;
			best_t = t;
			best_k = k;
		}
	}
	for (int k = 0; k < best_k; k++)
		on_gpu[flex[k].pos] = 1;
	free(flex);
	if (!isfinite(best))
		return -1;
	if (value)
		*value = best;
	if (energy)
		*energy = best_e;
	if (time)
		*time = best_t;
	return best_k;
}
