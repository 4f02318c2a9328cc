/* sim/gpushare.c - GPUs shared by their streams (gpushare.h). */
#include "gpushare.h"
#include "hs/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int hs_gpu_devices(const struct hs_instance *in, int *dev0)
{
	const struct hs_platform *pl = &in->plat;
	int n = 0;
	for (int j = 0; j < pl->nnodes; j++) {
		const struct hs_node *nd = &pl->nodes[j];
		int s = nd->gpu_streams > 0 ? nd->gpu_streams : 1;
		dev0[j] = n;
		n += (nd->gpus + s - 1) / s;
	}
	dev0[pl->nnodes] = n;
	return n;
}

void hs_gpushare_init(struct hs_gpushare *g, const struct hs_instance *in, int ntasks)
{
	const struct hs_platform *pl = &in->plat;
	memset(g, 0, sizeof *g);
	g->dev0 = hs_malloc(((size_t)pl->nnodes + 1) * sizeof *g->dev0);
	g->ndev = hs_gpu_devices(in, g->dev0);
	if (g->ndev == 0)
		return; /* no GPU: nothing to share, no per-task state */
	g->k = hs_calloc((size_t)g->ndev + 1, sizeof *g->k);
	g->on = hs_calloc((size_t)g->ndev + 1, sizeof *g->on);
	g->non = hs_calloc((size_t)g->ndev + 1, sizeof *g->non);
	g->capon = hs_calloc((size_t)g->ndev + 1, sizeof *g->capon);
	hs_gpushare_grow(g, ntasks);
}

void hs_gpushare_release(struct hs_gpushare *g)
{
	for (int d = 0; d < g->ndev; d++)
		free(g->on[d]);
	free(g->on);
	free(g->non);
	free(g->capon);
	free(g->k);
	free(g->dev0);
	free(g->t);
	memset(g, 0, sizeof *g);
}

void hs_gpushare_grow(struct hs_gpushare *g, int ntasks)
{
	if (g->ndev == 0 || (ntasks <= g->n && g->t))
		return;
	g->t = hs_reallocarray(g->t, (size_t)ntasks + 1, sizeof *g->t);
	for (int i = g->n; i <= ntasks; i++)
		g->t[i] = (struct gs_kernel){ .dev = -1 };
	g->n = ntasks;
}

int hs_gpushare_device(const struct hs_gpushare *g, const struct hs_instance *in,
		       const struct hs_placement *p)
{
	int dev = -1, n = 0;
	for (int k = 0; k < p->nparts; k++) {
		const struct hs_part *pt = &p->parts[k];
		n += pt->ngpus;
		if (pt->ngpus == 1 && pt->node >= 0 && pt->node < in->plat.nnodes)
			dev = hs_gpu_device_of(in, g->dev0, pt->node, pt->gpus[0]);
	}
	return n == 1 ? dev : -1;
}

/* Shared kernels of device d to their rates for its load now. */
static void rerate(struct hs_gpushare *g, int d, double now,
		   void (*set_end)(void *arg, int task, double end), void *arg)
{
	int k = g->k[d];
	for (int m = 0; m < g->non[d]; m++) {
		int i = g->on[d][m];
		struct gs_kernel *x = &g->t[i];
		x->left = fmax(0, x->left - (now - x->last) * x->rate);
		x->last = now;
		x->rate = fmin(1, x->K / (k > 0 ? k : 1));
		set_end(arg, i, now + x->left / x->rate);
	}
}

void hs_gpushare_start(struct hs_gpushare *g, int i, int dev, int shared, double dur, double K,
		       double now, void (*set_end)(void *arg, int task, double end), void *arg)
{
	if (dev < 0 || dev >= g->ndev || i < 0 || i >= g->n)
		return;
	struct gs_kernel *x = &g->t[i];
	*x = (struct gs_kernel){ dev, shared, K, dur, 0, now, dur };
	g->k[dev]++;
	if (shared) {
		if (g->non[dev] == g->capon[dev]) {
			g->capon[dev] = g->capon[dev] ? 2 * g->capon[dev] : 8;
			g->on[dev] = hs_reallocarray(g->on[dev], g->capon[dev], sizeof *g->on[dev]);
		}
		g->on[dev][g->non[dev]++] = i;
	}
	rerate(g, dev, now, set_end, arg);
}

void hs_gpushare_end(struct hs_gpushare *g, int i, double now,
		     void (*set_end)(void *arg, int task, double end), void *arg)
{
	if (i < 0 || i >= g->n || g->t[i].dev < 0)
		return;
	struct gs_kernel *x = &g->t[i];
	int d = x->dev;
	if (x->shared) {
		x->left = fmax(0, x->left - (now - x->last) * x->rate);
		x->last = now;
		for (int m = 0; m < g->non[d]; m++)
			if (g->on[d][m] == i) {
				g->on[d][m] = g->on[d][--g->non[d]];
				break;
			}
	}
	x->dev = -1;
	g->k[d]--;
	rerate(g, d, now, set_end, arg);
}

double hs_gpushare_progress(const struct hs_gpushare *g, int i, double now)
{
	if (i < 0 || i >= g->n || !g->t[i].shared || !(g->t[i].dur > 0))
		return NAN;
	const struct gs_kernel *x = &g->t[i];
	double left = x->dev >= 0 ? fmax(0, x->left - (now - x->last) * x->rate) : x->left;
	return fmin(1, 1 - left / x->dur);
}
