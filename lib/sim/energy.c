/* sim/energy.c - energy of a simulated run (hs_sim_energy in hs/sim.h).
 *
 * Host model: a node draws its busy power (all its cores and GPUs at
 * cpu_busy/gpu_busy) while any task runs on any of its cores or GPUs, its
 * idle power otherwise: the busy intervals of each node are merged, then
 * weighted.  Core model: every core and GPU on its own (hs-report's). */
#include "hs/metrics.h"
#include "hs/sim.h"
#include "hs/util.h"

#include <math.h>
#include <stdlib.h>

struct interval {
	int node;
	double a, b;
};

static int cmp_interval(const void *x, const void *y)
{
	const struct interval *p = x, *q = y;
	if (p->node != q->node)
		return p->node < q->node ? -1 : 1;
	return (p->a > q->a) - (p->a < q->a);
}

double hs_sim_energy(const struct hs_instance *in, const struct hs_schedule *run, double horizon,
		     enum hs_sim_energy e)
{
	if (e == HS_SIM_ENERGY_CORE)
		return hs_schedule_energy(in, run, horizon);
	const struct hs_platform *pl = &in->plat;
	/* A platform without power figures (most are) draws nothing, busy or
	 * idle: 0 J without sorting every task's intervals (a finite horizon
	 * times 0 W; an infinite one still gives NaN below). */
	int powered = 0;
	for (int j = 0; j < pl->nnodes && !powered; j++) {
		const struct hs_node *nd = &pl->nodes[j];
		powered = nd->cpu_busy != 0 || nd->cpu_idle != 0 || nd->gpu_busy != 0 || nd->gpu_idle != 0;
	}
	if (!powered && isfinite(horizon))
		return 0;
	int n = 0;
	for (int i = 0; i < run->n; i++)
		if (run->p[i].task == i)
			n += run->p[i].nparts;
	struct interval *iv = hs_malloc((n + 1) * sizeof *iv);
	n = 0;
	for (int i = 0; i < run->n; i++) {
		const struct hs_placement *r = &run->p[i];
		if (r->task != i)
			continue;
		for (int k = 0; k < r->nparts; k++) {
			const struct hs_part *pt = &r->parts[k];
			double a = fmax(r->start, 0), b = fmin(r->end, horizon);
			if (pt->node >= 0 && pt->node < pl->nnodes && pt->ncores + pt->ngpus > 0 && b > a)
				iv[n++] = (struct interval){ pt->node, a, b };
		}
	}
	qsort(iv, n, sizeof *iv, cmp_interval);
	double *busy = hs_calloc(pl->nnodes + 1, sizeof *busy);
	for (int k = 0; k < n;) {
		int node = iv[k].node;
		double a = iv[k].a, b = iv[k].b;
		for (k++; k < n && iv[k].node == node && iv[k].a <= b; k++)
			b = fmax(b, iv[k].b);
		busy[node] += b - a;
	}
	double energy = 0;
	for (int j = 0; j < pl->nnodes; j++) {
		const struct hs_node *nd = &pl->nodes[j];
		double pb = nd->cores * nd->cpu_busy + nd->gpus * nd->gpu_busy;
		double pi = nd->cores * nd->cpu_idle + nd->gpus * nd->gpu_idle;
		energy += busy[j] * pb + fmax(horizon - busy[j], 0) * pi;
	}
	free(busy);
	free(iv);
	return energy;
}
