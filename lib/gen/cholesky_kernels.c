/* cholesky_kernels.c - the three nodes of RSCHED §3.1.1 and the time of
 * each tiled-Cholesky kernel on their workers (hs-gen(1), KERNEL TIMES).
 *
 * The paper publishes no kernel times (StarPU measured them on the fly),
 * so the built-in ones are derived from published peak rates:
 *
 *   time = flop(kernel, b) / (peak of the worker x eff(kernel, kind) x s(b))
 *
 *   flop      LAWN 41 counts for b x b tiles: POTRF b^3/3 + b^2/2 + b/6,
 *             TRSM b^3, SYRK b^3 + b^2, GEMM 2 b^3;
 *   CPU core  base clock x flop per cycle (two 256-bit FMA units: 16
 *             double or 32 single flop; Cascade Lake Gold 5000: one 512-bit
 *             FMA unit, the same), s(b) = 1;
 *   GPU worker  one of the S CUDA streams of a GPU: the GPU's published
 *             peak / S (a GPU whose streams are all busy runs at its peak),
 *             s(b) = b / (b + 320): a small tile leaves a GPU partly idle
 *             (half its rate at b = 320; an assumption, not a measurement);
 *   eff       CPU: GEMM 0.90, SYRK 0.85, TRSM 0.80, POTRF 0.60;
 *             GPU: GEMM 0.90, SYRK 0.85, TRSM 0.70, POTRF 0.30 (stated
 *             efficiencies: BLAS 3 kernels near peak, the factorisation of
 *             one tile far below it, worst on a GPU).
 *
 * The node table lives here only; share/platforms/{a100,quadro,k40m}.hs and
 * share/kernels/cholesky.tsv are the output of `hs-gen platform NAME` and
 * `hs-gen cholesky --print-kernels`, and tests keep them equal.
 */
#include "cholesky.h"
#include "hs/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

const char *const ck_kernel_names[CK_NKERNELS] = {"potrf", "trsm", "syrk", "gemm"};
const char *const ck_prec_names[2] = {"single", "double"};

/* §3.1.1; the peaks are the vendors' data sheets (K40m at its 745 MHz base
 * clock; the A100's FP64 without tensor cores; the Quadro RTX 8000's FP64 is
 * 1/32 of its FP32). */
static const struct ck_node nodes[] = {
	{"a100", "2x AMD EPYC 7513 (Zen 3, 32 cores, 2.60 GHz)", "2x NVIDIA A100 40GB", 30, 2.6e9,
	 16, 2, 16, 19.5e12, 9.7e12, 4, 40e9},
	{"quadro", "2x Intel Xeon Gold 5218R (Cascade Lake, 20 cores, 2.10 GHz)",
	 "2x NVIDIA Quadro RTX 8000 48GB", 30, 2.1e9, 16, 2, 16, 16.3e12, 0.51e12, 3, 48e9},
	{"k40m", "2x Intel Xeon E5-2680 v3 (Haswell, 12 cores, 2.50 GHz)", "4x NVIDIA Tesla K40m 12GB",
	 20, 2.5e9, 16, 4, 8, 4.29e12, 1.43e12, 3, 12e9},
};

/* A PCIe x16 link's pinned copy rate, per generation: 75% of its
 * 16 GB/s (gen 3) or 32 GB/s (gen 4) per direction, the fraction an H200
 * reaches of gen 5's 64 GB/s (../shared/data/gpu/transfer-h200.tsv: 45-54
 * GB/s for tiles of 0.8-33 MB, pinned); a copy's fixed cost, 5 us, is
 * the order of a cudaMemcpyAsync's (the H200's small tiles: 0.4 MB in
 * 10.6 us at 52 GB/s). */
static double pcie_bw(int gen)
{
	return 0.75 * 1e9 * (gen <= 3 ? 16 : gen == 4 ? 32 : 64);
}
#define PCIE_LATENCY 5e-6
#define NNODES ((int)(sizeof nodes / sizeof *nodes))

static const double eff_cpu[CK_NKERNELS] = {0.60, 0.80, 0.85, 0.90};
static const double eff_gpu[CK_NKERNELS] = {0.30, 0.70, 0.85, 0.90};
#define GPU_HALF_TILE 320.0

/* ck_gpu_share's shape: aggregate Gflop/s with 8 or 16 streams over 1, of
 * gemm replayed from CUDA graphs on an H200 (../shared/data/gpu/
 * transfer-h200.tsv: no launch overhead, unlike the eager per-kernel
 * times), single and double, tiles 320, 640, 960. */
static const double share_tile[3] = {320, 640, 960};
static const double share_k[2][3] = {{2.954, 1.696, 1.290}, {2.570, 1.754, 1.179}};

double ck_gpu_share(enum ck_prec p, int b)
{
	const double *k = share_k[p == CK_DOUBLE];
	if (b <= share_tile[0])
		return k[0];
	for (int i = 1; i < 3; i++)
		if (b <= share_tile[i])
			return k[i - 1] + (k[i] - k[i - 1]) * (b - share_tile[i - 1]) /
						  (share_tile[i] - share_tile[i - 1]);
	return k[2];
}

void ck_gpu_times(const struct ck_row *r, int s, double *slice, double *alone, double *share)
{
	*share = isnan(r->share) ? ck_gpu_share(r->prec, r->tile) : r->share;
	if (!isnan(r->alone)) {
		*alone = r->alone;
		*slice = r->alone * s / *share;
	} else {
		*slice = r->gpu;
		*alone = r->gpu * *share / s;
	}
}

/* The tile sizes of the twelve configurations (size / blocks). */
static const int builtin_tiles[] = {320, 640, 960};

const struct ck_node *ck_node_at(int i)
{
	return i >= 0 && i < NNODES ? &nodes[i] : NULL;
}

const struct ck_node *ck_node_find(const char *name)
{
	for (int i = 0; i < NNODES; i++)
		if (strcmp(nodes[i].name, name) == 0)
			return &nodes[i];
	return NULL;
}

static void comment(struct hs_stream *out, const char *text)
{
	hs_stream_append(out, hs_record_new(NULL, text));
}

void ck_node_emit(struct hs_stream *out, const struct ck_node *n, const char *platform)
{
	char *c = hs_asprintf("# Ndamlabin and Bramas (RSCHED) 3.1.1: node %s, %d CPU cores and "
			      "%d GPUs x %d CUDA streams as workers.",
			      n->name, n->cores, n->gpus, n->streams);
	comment(out, c);
	free(c);
	comment(out, "# Each GPU worker is one stream (gpus = GPUs x streams); see hs-gen(1).");
	c = hs_asprintf("# Each GPU: PCIe gen %d x16 to the host (gpu_bw, gpu_lat), %g GB of memory.",
			n->pcie_gen, n->gpu_mem / 1e9);
	comment(out, c);
	free(c);
	hs_stream_append(out, hs_record_new("platform", platform));
	struct hs_record *r = hs_record_new("node", n->name);
	hs_record_set_int(r, "cores", n->cores);
	hs_record_set_int(r, "gpus", (long)n->gpus * n->streams);
	hs_record_set(r, "cpu", n->cpu);
	hs_record_set(r, "gpu", n->gpu);
	hs_record_set_int(r, "gpu_streams", n->streams);
	hs_record_set_num(r, "gpu_bw", pcie_bw(n->pcie_gen));
	hs_record_set_num(r, "gpu_lat", PCIE_LATENCY);
	hs_record_set_num(r, "gpu_mem", n->gpu_mem);
	hs_stream_append(out, r);
}

double ck_flops(enum ck_kernel k, double b)
{
	switch (k) {
	case CK_POTRF: return b * b * b / 3 + b * b / 2 + b / 6;
	case CK_TRSM: return b * b * b;
	case CK_SYRK: return b * b * b + b * b;
	default: return 2 * b * b * b;
	}
}

void ck_derive(const struct ck_node *n, enum ck_prec p, enum ck_kernel k, int b, double *cpu,
	       double *gpu)
{
	double core = n->cpu_hz * n->flop_cycle_dp * (p == CK_SINGLE ? 2 : 1);
	double stream = (p == CK_SINGLE ? n->gpu_sp : n->gpu_dp) / n->streams;
	double f = ck_flops(k, b);
	*cpu = f / (core * eff_cpu[k]);
	*gpu = f / (stream * eff_gpu[k] * (b / (b + GPU_HALF_TILE)));
}

void ck_table_builtin(struct ck_table *t)
{
	int ntiles = (int)(sizeof builtin_tiles / sizeof *builtin_tiles);
	t->n = 0;
	t->rows = hs_calloc((size_t)NNODES * 2 * CK_NKERNELS * ntiles, sizeof *t->rows);
	for (int i = 0; i < NNODES; i++)
		for (int p = 0; p < 2; p++)
			for (int k = 0; k < CK_NKERNELS; k++)
				for (int s = 0; s < ntiles; s++) {
					struct ck_row *r = &t->rows[t->n++];
					r->node = hs_strdup(nodes[i].name);
					r->prec = (enum ck_prec)p;
					r->kernel = (enum ck_kernel)k;
					r->tile = builtin_tiles[s];
					ck_derive(&nodes[i], r->prec, r->kernel, r->tile, &r->cpu, &r->gpu);
					r->share = ck_gpu_share(r->prec, r->tile);
					r->alone = NAN;
				}
}

void ck_table_release(struct ck_table *t)
{
	for (int i = 0; i < t->n; i++)
		free(t->rows[i].node);
	free(t->rows);
	t->rows = NULL;
	t->n = 0;
}

const struct ck_row *ck_table_find(const struct ck_table *t, const char *node, enum ck_prec p,
				   enum ck_kernel k, int tile)
{
	for (int i = 0; i < t->n; i++) {
		const struct ck_row *r = &t->rows[i];
		if (r->prec == p && r->kernel == k && r->tile == tile &&
		    (strcmp(r->node, node) == 0 || strcmp(r->node, "*") == 0))
			return r;
	}
	return NULL;
}

static void put_time(FILE *f, double v)
{
	char b[HS_NUMBUF];
	fputs(isfinite(v) ? hs_fmt_double(b, v) : "-", f);
}

void ck_table_write(FILE *f, const struct ck_table *t)
{
	fputs("# hs-gen cholesky kernel times (hs-gen(1), KERNEL TIMES): seconds of one call on "
	      "one\n# CPU core and on one GPU worker (a CUDA stream of a busy GPU); '-': no such "
	      "codelet;\n# share: how many calls the GPU runs at their speed alone together.\n"
	      "# node\tprecision\tkernel\ttile\tcpu\tgpu\tshare\n",
	      f);
	for (int i = 0; i < t->n; i++) {
		const struct ck_row *r = &t->rows[i];
		fprintf(f, "%s\t%s\t%s\t%d\t", r->node, ck_prec_names[r->prec],
			ck_kernel_names[r->kernel], r->tile);
		put_time(f, r->cpu);
		fputc('\t', f);
		put_time(f, r->gpu);
		fputc('\t', f);
		put_time(f, r->share);
		fputc('\n', f);
	}
}

static int word_index(const char *w, const char *const *names, int n)
{
	for (int i = 0; i < n; i++)
		if (strcmp(w, names[i]) == 0)
			return i;
	return -1;
}

/* A time: a positive number, or '-' (+inf). */
static int parse_time(const char *w, double *v)
{
	if (strcmp(w, "-") == 0) {
		*v = INFINITY;
		return 0;
	}
	return hs_parse_double(w, v) == 0 && *v > 0 ? 0 : -1;
}

/* The blank-separated words of line (cut in place) into w, at most 8
 * kept; returns how many there are. */
static int split_words(char *line, char *w[8])
{
	int n = 0;
	for (char *tok = strtok(line, " \t\r"); tok; tok = strtok(NULL, " \t\r"))
		if (n < 8)
			w[n++] = tok;
		else
			n++;
	return n;
}

/* One line into r; a message in why (static text or into buf) when bad. */
static const char *parse_row(char *line, struct ck_row *r, char *buf, size_t size)
{
	char *w[8];
	int n = split_words(line, w);
	if (n != 6 && n != 7)
		return snprintf(buf, size, "expected 6 or 7 fields (node precision kernel tile cpu gpu "
					   "[share]), got %d",
				n),
		       buf;
	r->share = r->alone = NAN;
	if (n == 7 && strcmp(w[6], "-") != 0 &&
	    (hs_parse_double(w[6], &r->share) != 0 || !(r->share >= 1) || !isfinite(r->share)))
		return snprintf(buf, size, "share must be a number >= 1 or '-', got '%s'", w[6]), buf;
	int p = word_index(w[1], ck_prec_names, 2);
	int k = word_index(w[2], ck_kernel_names, CK_NKERNELS);
	int tile;
	if (p < 0)
		return snprintf(buf, size, "precision must be single or double, got '%s'", w[1]), buf;
	if (k < 0)
		return snprintf(buf, size, "kernel must be potrf, trsm, syrk or gemm, got '%s'", w[2]),
		       buf;
	if (hs_parse_int(w[3], 1, 1000000, &tile) != 0)
		return snprintf(buf, size, "tile must be a positive integer, got '%s'", w[3]), buf;
	if (parse_time(w[4], &r->cpu) < 0 || parse_time(w[5], &r->gpu) < 0)
		return snprintf(buf, size, "times must be positive numbers or '-', got '%s' and '%s'",
				w[4], w[5]),
		       buf;
	r->node = hs_strdup(w[0]);
	r->prec = (enum ck_prec)p;
	r->kernel = (enum ck_kernel)k;
	r->tile = tile;
	return NULL;
}

/* The row of t for (p, k, tile) of a measured table, made when new. */
static struct ck_row *measured_row(struct ck_table *t, int *cap, enum ck_prec p, enum ck_kernel k,
				   int tile, int line)
{
	for (int i = 0; i < t->n; i++)
		if (t->rows[i].prec == p && t->rows[i].kernel == k && t->rows[i].tile == tile)
			return &t->rows[i];
	if (t->n == *cap) {
		*cap = *cap ? 2 * *cap : 64;
		t->rows = hs_reallocarray(t->rows, (size_t)*cap, sizeof *t->rows);
	}
	struct ck_row *r = &t->rows[t->n++];
	*r = (struct ck_row){ hs_strdup("*"), p, k, tile, INFINITY, NAN, NAN, NAN, line };
	return r;
}

/* One line of a measured table (device precision kernel tile streams
 * per_call_s aggregate_gflops) into t: a CPU core's time (device cpu1),
 * a GPU's time alone (streams 1), its share (the best aggregate over that
 * of one stream; aggregate kept in r->gpu meanwhile).  A message when bad. */
static const char *parse_measured(char *line, struct ck_table *t, int *cap, int lineno, char *buf,
				  size_t size)
{
	char *w[8];
	int n = split_words(line, w);
	if (n != 7)
		return snprintf(buf, size, "expected 7 fields (device precision kernel tile streams "
					   "per_call_s aggregate_gflops), got %d",
				n),
		       buf;
	int p = word_index(w[1], ck_prec_names, 2), k = word_index(w[2], ck_kernel_names, CK_NKERNELS);
	int tile, streams;
	double sec, agg;
	if (strcmp(w[0], "gpu") != 0 && strcmp(w[0], "cpu1") != 0)
		return snprintf(buf, size, "device must be gpu or cpu1, got '%s'", w[0]), buf;
	if (p < 0 || k < 0)
		return snprintf(buf, size, "unknown precision '%s' or kernel '%s'", w[1], w[2]), buf;
	if (hs_parse_int(w[3], 1, 1000000, &tile) != 0 || hs_parse_int(w[4], 1, 1000000, &streams) != 0)
		return snprintf(buf, size, "tile and streams must be positive integers"), buf;
	if (hs_parse_double(w[5], &sec) != 0 || !(sec > 0) || !isfinite(sec) ||
	    hs_parse_double(w[6], &agg) != 0 || !(agg > 0) || !isfinite(agg))
		return snprintf(buf, size, "per_call_s and aggregate_gflops must be positive numbers"), buf;
	struct ck_row *r = measured_row(t, cap, (enum ck_prec)p, (enum ck_kernel)k, tile, lineno);
	if (w[0][0] == 'c') {
		if (streams == 1)
			r->cpu = sec;
		return NULL;
	}
	/* meanwhile: share holds the aggregate alone, gpu the best one */
	if (streams == 1) {
		r->alone = sec;
		r->share = agg;
	}
	r->gpu = isnan(r->gpu) ? agg : fmax(r->gpu, agg);
	return NULL;
}

/* A measured table's rows finished: share = best aggregate / solo's; a
 * kernel without a time alone on the GPU has no GPU codelet. */
static void measured_finish(struct ck_table *t)
{
	for (int i = 0; i < t->n; i++) {
		struct ck_row *r = &t->rows[i];
		if (isnan(r->alone)) {
			r->gpu = INFINITY;
			r->share = NAN;
			continue;
		}
		r->share = fmax(1, r->gpu / r->share);
		r->gpu = NAN; /* from alone, per node (ck_gpu_times) */
	}
}

int ck_table_read(struct ck_table *t, const char *path)
{
	t->rows = NULL;
	t->n = 0;
	struct hs_input *in = hs_input_open(path);
	if (!in)
		return -1;
	int cap = 0, bad = 0, measured = 0;
	char *line, buf[256];
	long len;
	while ((len = hs_input_getline(in, &line)) >= 0) {
		int lineno = hs_input_lineno(in);
		if (memchr(line, '\0', (size_t)len)) {
			/* strtok would end the line there and drop the rest. */
			hs_error_at(hs_input_name(in), lineno, "line contains a NUL byte");
			bad = 1;
			break;
		}
		size_t skip = strspn(line, " \t\r");
		if (line[skip] == '#' || line[skip] == '\0')
			continue;
		if (!t->n && !measured && strncmp(line + skip, "device", 6) == 0 &&
		    strchr(" \t", line[skip + 6])) {
			measured = 1; /* the header of a measured table */
			continue;
		}
		char *copy = hs_strndup(line, (size_t)len);
		struct ck_row r = {0};
		const char *why = measured ? parse_measured(copy, t, &cap, lineno, buf, sizeof buf)
					   : parse_row(copy, &r, buf, sizeof buf);
		free(copy);
		if (measured && !why)
			continue;
		if (!why && ck_table_find(t, r.node, r.prec, r.kernel, r.tile)) {
			const struct ck_row *o = ck_table_find(t, r.node, r.prec, r.kernel, r.tile);
			snprintf(buf, sizeof buf, "%s %s %s %d given twice (first at line %d)", r.node,
				 ck_prec_names[r.prec], ck_kernel_names[r.kernel], r.tile, o->line);
			why = buf;
			free(r.node);
		}
		if (why) {
			hs_error_at(hs_input_name(in), lineno, "%s", why);
			bad = 1;
			break; /* the first error only, as every reader */
		}
		if (t->n == cap) {
			cap = cap ? 2 * cap : 64;
			t->rows = hs_reallocarray(t->rows, (size_t)cap, sizeof *t->rows);
		}
		r.line = lineno;
		t->rows[t->n++] = r;
	}
	bad |= len == -2;
	hs_input_close(in);
	if (measured && !bad)
		measured_finish(t);
	if (bad)
		ck_table_release(t);
	return bad ? -1 : 0;
}
