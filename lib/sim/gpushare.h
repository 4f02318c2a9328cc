/* sim/gpushare.h - GPUs shared by their streams (hs-sim --gpu shared, the
 * default): a node's GPU workers are streams of physical devices
 * (hs_node.gpu_streams each), and the kernels running on a device share
 * it.  A kernel i with gpu_alone= T_i and gpu_share= K_i runs, while k
 * kernels run on its device, at min(1, K_i / k) of its speed alone: the
 * device's aggregate min(k, K) / T grows with k up to K kernels, then
 * stays (the shape measured on an H200: ../shared/data/gpu).  A kernel
 * without those fields keeps its fixed time but counts among the k.
 * Exact between events: each start or end on a device gives its shared
 * kernels their new rates and ends.  Private to lib/sim. */
#ifndef HS_SIM_GPUSHARE_H
#define HS_SIM_GPUSHARE_H

#include "hs/model.h"

struct gs_kernel {
	int dev;           /* its device, or -1 (not on one GPU) */
	int shared;        /* its speed depends on the device's load */
	double K;          /* gpu_share */
	double left;       /* shared: seconds of work left at its speed alone */
	double rate, last; /* shared: its fraction of that speed, since last */
	double dur;        /* shared: its time alone */
};

struct hs_gpushare {
	int ndev;
	int *dev0;         /* per node: its first device */
	int *k;            /* per device: kernels running there */
	int **on, *non, *capon; /* per device: the shared kernels running there */
	struct gs_kernel *t;
	int n;
};

/* The physical GPUs of in's nodes: node j's are dev0[j] .. dev0[j+1]-1
 * (dev0 has nnodes + 1 slots).  Returns their number. */
int hs_gpu_devices(const struct hs_instance *in, int *dev0);
/* The device of GPU worker gpu of node (a stream of device gpu /
 * gpu_streams), numbered as hs_gpu_devices numbers them. */
static inline int hs_gpu_device_of(const struct hs_instance *in, const int *dev0, int node, int gpu)
{
	int s = in->plat.nodes[node].gpu_streams;
	return dev0[node] + gpu / (s > 0 ? s : 1);
}

void hs_gpushare_init(struct hs_gpushare *g, const struct hs_instance *in, int ntasks);
void hs_gpushare_release(struct hs_gpushare *g);
void hs_gpushare_grow(struct hs_gpushare *g, int ntasks);

/* The device of a placement on exactly one GPU worker, or -1. */
int hs_gpushare_device(const struct hs_gpushare *g, const struct hs_instance *in,
		       const struct hs_placement *p);

/* Kernel i starts at now on device dev (-1: nothing to do): shared with
 * its time alone dur and gpu_share K, or counted only (shared 0).  Every
 * shared kernel of the device, i included, gets its end through
 * set_end(arg, task, end). */
void hs_gpushare_start(struct hs_gpushare *g, int i, int dev, int shared, double dur, double K,
		       double now, void (*set_end)(void *arg, int task, double end), void *arg);
/* Kernel i ended at now (anything still counted on a device). */
void hs_gpushare_end(struct hs_gpushare *g, int i, double now,
		     void (*set_end)(void *arg, int task, double end), void *arg);
/* The fraction of shared kernel i's work done at now; NAN when it is not
 * a shared kernel. */
double hs_gpushare_progress(const struct hs_gpushare *g, int i, double now);

#endif
