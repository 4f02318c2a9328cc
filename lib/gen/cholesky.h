/* cholesky.h - the node configurations and the kernel-time table of
 * `hs-gen cholesky` (RSCHED, Ndamlabin and Bramas §3.1), shared by the
 * generator (cholesky.c) and the built-in platforms (platform.c).  Private
 * to lib/gen. */
#ifndef HS_GEN_CHOLESKY_H
#define HS_GEN_CHOLESKY_H

#include "hs/format.h"

enum ck_kernel { CK_POTRF, CK_TRSM, CK_SYRK, CK_GEMM, CK_NKERNELS };
enum ck_prec { CK_SINGLE, CK_DOUBLE };

extern const char *const ck_kernel_names[CK_NKERNELS]; /* "potrf", ... */
extern const char *const ck_prec_names[2];              /* "single", "double" */

/* A node of §3.1.1: its CPU cores and GPU streams are the workers. */
struct ck_node {
	const char *name;     /* "a100": the platform and the table's node column */
	const char *cpu;      /* the processors, as the paper names them */
	const char *gpu;
	int cores;            /* CPU cores used (STARPU_NCPU) */
	double cpu_hz;        /* base clock */
	int flop_cycle_dp;    /* double-precision flop per cycle and core (FMA units) */
	int gpus;             /* GPUs (STARPU_NCUDA) */
	int streams;          /* CUDA streams per GPU (STARPU_NWORKER_PER_CUDA) */
	double gpu_sp, gpu_dp;/* published peak flop/s of one GPU */
	int pcie_gen;         /* each GPU's PCIe x16 link to the host */
	double gpu_mem;       /* bytes of one GPU's memory */
};

/* The i-th node configuration (NULL past the end), or the one called name. */
const struct ck_node *ck_node_at(int i);
const struct ck_node *ck_node_find(const char *name);
/* Its platform records: one node of n->cores cores and gpus*streams GPU
 * workers, with comments saying so. */
void ck_node_emit(struct hs_stream *out, const struct ck_node *n, const char *platform);

/* Flop of one call of kernel k on b x b tiles (LAWN 41 counts). */
double ck_flops(enum ck_kernel k, double b);
/* The built-in kernel times (hs-gen(1), KERNEL TIMES): seconds of one call
 * on one CPU core and on one GPU worker (stream) of node n. */
void ck_derive(const struct ck_node *n, enum ck_prec p, enum ck_kernel k, int b, double *cpu,
	       double *gpu);

/* A table of kernel times: rows of node, precision, kernel, tile size,
 * CPU-core time and GPU-worker time (+inf: no such codelet). */
struct ck_row {
	char *node;           /* "*" (a measured table): any node */
	enum ck_prec prec;
	enum ck_kernel kernel;
	int tile;
	double cpu, gpu;      /* gpu: on one stream of a busy GPU; NAN: from alone */
	double share;         /* kernels the GPU runs at full speed together; NAN: ck_gpu_share */
	double alone;         /* measured: one call alone on the GPU; NAN: from gpu */
	int line;
};
struct ck_table {
	struct ck_row *rows;
	int n;
};
/* How many kernels on b x b tiles a GPU runs at their speed alone
 * together (aggregate(k) = min(k, K) calls per time alone, hs-sim --gpu
 * shared): the shape measured on an H200 for gemm replayed from CUDA
 * graphs (../shared/data/gpu), by tile, linear between 320, 640 and 960. */
double ck_gpu_share(enum ck_prec p, int b);
/* A kernel's GPU times on a node of s streams a GPU from row r: on one
 * stream of a busy GPU (*slice), alone on the GPU (*alone), and its share
 * K, with slice = alone * s / K. */
void ck_gpu_times(const struct ck_row *r, int s, double *slice, double *alone, double *share);

/* The built-in table for the tile sizes of the paper's twelve
 * configurations (320, 640, 960), every node and both precisions. */
void ck_table_builtin(struct ck_table *t);
/* Read a table (hs-gen(1), KERNEL TIMES for the format), or a measured
 * one (a header "device precision kernel tile streams per_call_s
 * aggregate_gflops", ../shared/data/gpu/kernels-h200.tsv: rows for any
 * node).  Returns 0, or -1 after reporting "hs-gen: FILE:LINE: ...". */
int ck_table_read(struct ck_table *t, const char *path);
void ck_table_write(FILE *f, const struct ck_table *t);
void ck_table_release(struct ck_table *t);
/* The row for (node, p, k, tile), or NULL. */
const struct ck_row *ck_table_find(const struct ck_table *t, const char *node, enum ck_prec p,
				   enum ck_kernel k, int tile);

#endif
