/* cholesky.c - `hs-gen cholesky`: the applications of RSCHED (Ndamlabin and
 * Bramas §3.1): tiled Cholesky factorisations as task graphs, on one of the
 * nodes of §3.1.1.
 *
 * An application is a matrix of `size` split into `blocks` x `blocks` tiles
 * of b = size / blocks (§3.1.2's twelve configurations, or --size/--blocks).
 * Its tasks are those of the right-looking tiled algorithm, in StarPU's
 * submission order:
 *
 *   for k:  POTRF(k)                    tile (k,k)
 *           TRSM(k,i)   for i > k       tile (i,k)
 *           for j > k:  SYRK(k,j)       tile (j,j) -= (j,k)(j,k)^T
 *                       GEMM(k,i,j)     tile (i,j) -= (i,k)(j,k)^T, i > j
 *
 * and its deps are exactly the data flow StarPU infers from the tiles each
 * task reads and writes (each tile's last writer; no task writes a tile
 * after another has read it, so there are no other hazards):
 *
 *   POTRF(k)    SYRK(k-1,k)
 *   TRSM(k,i)   POTRF(k), GEMM(k-1,i,k)
 *   SYRK(k,j)   TRSM(k,j), SYRK(k-1,j)
 *   GEMM(k,i,j) TRSM(k,i), TRSM(k,j), GEMM(k-1,i,j)
 *
 * (terms with k-1 < 0 left out), each edge carrying one tile of b^2 x 4
 * (single) or 8 (double) bytes.  With N tiles a side: N POTRF, N(N-1)/2 TRSM
 * and SYRK, N(N-1)(N-2)/6 GEMM.
 *
 * Each task runs on one CPU core (model=rigid size=1 time=) or one GPU
 * worker (gpu_time=), as its affinity (§3.1.3) allows: 0 both (on=any), 1
 * CPU only, 2 GPU only (model=gpu).  Times come from the kernel table
 * (cholesky_kernels.c, or --kernels FILE).
 *
 * --apps N draws like the paper's experiments: the twelve configurations
 * are shuffled (a new shuffle every twelve), and group K of N is the
 * applications at positions (K-1)N+1 .. KN of that sequence.
 */
#include "cholesky.h"
#include "jobs.h"
#include "hs/gen.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* §3.1.2: app_0 .. app_11 (matrix size, blocks a side). */
static const struct {
	int size, blocks;
} configs[] = {
	{3200, 5},   {3200, 10},  {6400, 10},  {6400, 20},  {9600, 10},  {9600, 30},
	{19200, 20}, {19200, 30}, {25600, 40}, {25600, 80}, {76800, 80}, {76800, 120},
};
#define NCONFIGS ((int)(sizeof configs / sizeof *configs))

enum {
	O_APPS = 256, O_GROUP, O_CONFIG, O_SIZE, O_BLOCKS, O_AFFINITY, O_NODE, O_PRECISION,
	O_KERNELS, O_PRINT_KERNELS, O_CMD, O_SEED
};

static const struct hs_cli_opt opts[] = {
	{0, "apps", "N", "N applications drawn from the paper's twelve (shuffled, --seed)"},
	{0, "group", "K", "with --apps: the K-th group of N of the shuffled sequence (default 1)"},
	{0, "config", "LIST", "these configurations instead, by number: 0-11 (app_0..app_11)"},
	{0, "size", "S", "one application of an S x S matrix instead (with --blocks)"},
	{0, "blocks", "B", "tiles a side of the --size matrix (S a multiple of B)"},
	{0, "affinity", "0|1|2", "0: CPU and GPU codelets (default), 1: CPU only, 2: GPU only"},
	{0, "node", "NAME", "node configuration: a100 (default), quadro or k40m"},
	{0, "precision", "single|double", "tiles of floats (default, as StarPU's example) or doubles"},
	{0, "kernels", "FILE", "kernel times from FILE instead of the built-in table"},
	{0, "print-kernels", NULL, "print the built-in kernel-time table and exit"},
	HS_GEN_OPT_CMD,
	{0, "seed", "N", "PRNG seed of the shuffle (default 1)"},
	{0, NULL, NULL, NULL},
};

static const struct hs_cli cli = {
	"hs-gen cholesky",
	"(--apps N [--group K] | --config LIST | --size S --blocks B) [--affinity 0|1|2] "
	"[--node NAME] [--precision single|double] [--kernels FILE] [--print-kernels] [--cmd CMD] "
	"[--seed N]",
	"Tiled Cholesky task graphs of RSCHED (Ndamlabin and Bramas 3.1) on one CPU+GPU node.",
	opts,
	NULL,
};

/* One application to write. */
struct app {
	int config; /* -1: --size/--blocks */
	int size, blocks;
};

/* The kernel times of one application: per kernel, CPU core and GPU worker. */
struct ktimes {
	double cpu[CK_NKERNELS], gpu[CK_NKERNELS];
	double alone[CK_NKERNELS], share[CK_NKERNELS]; /* hs-sim --gpu shared */
};

struct gen {
	struct hs_stream *out;
	const char *app;     /* id of the application being written */
	int affinity;
	const char *cmd;
	char bytes[40];      /* ":B", the bytes of a tile */
	struct ktimes kt;
	char ctext[CK_NKERNELS][HS_NUMBUF], gtext[CK_NKERNELS][HS_NUMBUF]; /* kt as text */
	char atext[CK_NKERNELS][HS_NUMBUF], stext[CK_NKERNELS][HS_NUMBUF];
	char *deps;          /* scratch */
	size_t cap;
};

static void deps_add(struct gen *g, size_t *len, const char *id)
{
	size_t need = *len + strlen(id) + strlen(g->bytes) + 2;
	if (need > g->cap) {
		g->cap = 2 * need;
		g->deps = hs_realloc(g->deps, g->cap);
	}
	*len += (size_t)sprintf(g->deps + *len, "%s%s%s", *len ? "," : "", id, g->bytes);
}

/* Write task id of kernel k with its deps (NULL-terminated ids). */
static void task(struct gen *g, const char *id, enum ck_kernel k, const char *const *deps)
{
	struct hs_record *r = hs_record_new("task", id);
	double c = g->kt.cpu[k], gt = g->kt.gpu[k];
	int cpu = g->affinity != 2 && isfinite(c), gpu = g->affinity != 1 && isfinite(gt);
	if (cpu) {
		hs_record_set(r, "model", "rigid");
		hs_record_set(r, "size", "1");
		hs_record_set(r, "time", g->ctext[k]);
	} else {
		hs_record_set(r, "model", "gpu");
	}
	if (gpu) {
		hs_record_set(r, "gpu_time", g->gtext[k]);
		hs_record_set(r, "gpu_alone", g->atext[k]);
		hs_record_set(r, "gpu_share", g->stext[k]);
	}
	hs_record_set(r, "on", cpu && gpu ? "any" : cpu ? "cpu" : "gpu");
	hs_record_set(r, "app", g->app);
	size_t len = 0;
	for (; *deps; deps++)
		deps_add(g, &len, *deps);
	if (len)
		hs_record_set(r, "deps", g->deps);
	if (g->cmd)
		hs_record_set(r, "cmd", g->cmd);
	hs_stream_append(g->out, r);
}

#define ID(buf, ...) (snprintf(buf, sizeof buf, __VA_ARGS__), buf)

/* The tasks of one application of N tiles a side. */
static void emit_graph(struct gen *g, int N)
{
	const char *a = g->app;
	char id[96], d1[96], d2[96], d3[96];
	for (int k = 0; k < N; k++) {
		ID(id, "%s.potrf.%d", a, k);
		const char *dp[] = {k ? ID(d1, "%s.syrk.%d.%d", a, k - 1, k) : NULL, NULL};
		task(g, id, CK_POTRF, dp);
		for (int i = k + 1; i < N; i++) {
			ID(id, "%s.trsm.%d.%d", a, k, i);
			ID(d1, "%s.potrf.%d", a, k);
			const char *dt[] = {d1, k ? ID(d2, "%s.gemm.%d.%d.%d", a, k - 1, i, k) : NULL,
					    NULL};
			task(g, id, CK_TRSM, dt);
		}
		for (int j = k + 1; j < N; j++) {
			ID(id, "%s.syrk.%d.%d", a, k, j);
			ID(d1, "%s.trsm.%d.%d", a, k, j);
			const char *ds[] = {d1, k ? ID(d2, "%s.syrk.%d.%d", a, k - 1, j) : NULL, NULL};
			task(g, id, CK_SYRK, ds);
			for (int i = j + 1; i < N; i++) {
				ID(id, "%s.gemm.%d.%d.%d", a, k, i, j);
				ID(d1, "%s.trsm.%d.%d", a, k, i);
				ID(d2, "%s.trsm.%d.%d", a, k, j);
				const char *dg[] = {
					d1, d2, k ? ID(d3, "%s.gemm.%d.%d.%d", a, k - 1, i, j) : NULL, NULL};
				task(g, id, CK_GEMM, dg);
			}
		}
	}
}

/* --config LIST: numbers 0-11, repeats allowed. */
static int parse_configs(const char *arg, struct app **apps)
{
	int n;
	char **w = hs_split_list(arg, ',', &n);
	*apps = hs_calloc((size_t)n, sizeof **apps);
	for (int i = 0; i < n; i++) {
		int c;
		if (hs_parse_int(w[i], 0, NCONFIGS - 1, &c) != 0)
			hs_cli_usage_error(&cli, "option --config: '%s' is not a configuration 0-%d",
					   w[i], NCONFIGS - 1);
		(*apps)[i] = (struct app){c, configs[c].size, configs[c].blocks};
	}
	free(w);
	return n;
}

/* The paper's draw: group K of N from concatenated shuffles of the twelve. */
static struct app *draw(long n, long group, unsigned long long seed)
{
	struct hs_rng rng;
	hs_rng_seed(&rng, seed);
	long first = (group - 1) * n, upto = first + n;
	struct app *apps = hs_calloc((size_t)n, sizeof *apps);
	int perm[NCONFIGS];
	for (long pos = 0; pos < upto; pos++) {
		if (pos % NCONFIGS == 0) {
			for (int i = 0; i < NCONFIGS; i++)
				perm[i] = i;
			for (int i = NCONFIGS - 1; i > 0; i--) { /* Fisher-Yates */
				int j = (int)hs_rng_int(&rng, 0, i), x = perm[i];
				perm[i] = perm[j];
				perm[j] = x;
			}
		}
		if (pos >= first) {
			int c = perm[pos % NCONFIGS];
			apps[pos - first] = (struct app){c, configs[c].size, configs[c].blocks};
		}
	}
	return apps;
}

/* Kernel times of tile b on node: the built-in derivation, or the table. */
static int times_for(const struct ck_table *tab, const char *path, const struct ck_node *node,
		     enum ck_prec p, int b, struct ktimes *kt)
{
	for (int k = 0; k < CK_NKERNELS; k++) {
		struct ck_row d = { NULL, p, (enum ck_kernel)k, b, 0, 0, NAN, NAN, 0 };
		const struct ck_row *r = &d;
		if (!tab)
			ck_derive(node, p, (enum ck_kernel)k, b, &d.cpu, &d.gpu);
		else if (!(r = ck_table_find(tab, node->name, p, (enum ck_kernel)k, b))) {
			hs_error("%s: no %s time for tile %d on node %s (%s)", path, ck_kernel_names[k],
				 b, node->name, ck_prec_names[p]);
			return -1;
		}
		kt->cpu[k] = r->cpu;
		ck_gpu_times(r, node->streams, &kt->gpu[k], &kt->alone[k], &kt->share[k]);
	}
	return 0;
}

/* Every kernel must be able to run somewhere the affinity allows. */
static int check_times(const struct ktimes *kt, int affinity, const char *path, int b)
{
	for (int k = 0; k < CK_NKERNELS; k++) {
		int cpu = affinity != 2 && isfinite(kt->cpu[k]);
		int gpu = affinity != 1 && isfinite(kt->gpu[k]);
		if (!cpu && !gpu) {
			hs_error("%s: %s on tile %d has no %s time, which affinity %d needs", path,
				 ck_kernel_names[k], b, affinity == 1 ? "CPU" : affinity == 2 ? "GPU" : "",
				 affinity);
			return -1;
		}
	}
	return 0;
}

static int run(int argc, char **argv, struct hs_stream *out)
{
	long napps = 0, group = 1, size = 0, blocks = 0, affinity = 0, seed = 1;
	const char *config = NULL, *nodename = "a100", *prec = "single", *kernels = NULL, *cmd = NULL;
	int print = 0;
	const char *arg;
	int c, ind;
	while ((c = hs_cli_next(&cli, argc, argv, &arg, &ind)) != -1) {
		switch (c) {
		case O_APPS: napps = hs_cli_long("--apps", arg, 1, 100000); break;
		case O_GROUP: group = hs_cli_long("--group", arg, 1, 100000); break;
		case O_CONFIG: config = arg; break;
		case O_SIZE: size = hs_cli_long("--size", arg, 1, 10000000); break;
		case O_BLOCKS: blocks = hs_cli_long("--blocks", arg, 1, 10000); break;
		case O_AFFINITY: affinity = hs_cli_long("--affinity", arg, 0, 2); break;
		case O_NODE: nodename = arg; break;
		case O_PRECISION: prec = arg; break;
		case O_KERNELS: kernels = arg; break;
		case O_PRINT_KERNELS: print = 1; break;
		case O_CMD: cmd = arg; break;
		case O_SEED: seed = hs_cli_long("--seed", arg, 0, 0x7fffffffffffffffL); break;
		}
	}
	if (ind < argc)
		hs_cli_usage_error(&cli, "unexpected argument '%s'", argv[ind]);
	if (print) {
		struct ck_table t;
		ck_table_builtin(&t);
		ck_table_write(stdout, &t);
		ck_table_release(&t);
		exit(fflush(stdout) == 0 ? HS_EXIT_OK : HS_EXIT_FAIL);
	}
	const struct ck_node *node = ck_node_find(nodename);
	if (!node)
		hs_cli_usage_error(&cli, "option --node: '%s' must be a100, quadro or k40m", nodename);
	if (strcmp(prec, "single") != 0 && strcmp(prec, "double") != 0)
		hs_cli_usage_error(&cli, "option --precision: '%s' must be single or double", prec);
	enum ck_prec p = prec[0] == 's' ? CK_SINGLE : CK_DOUBLE;
	int ways = (napps > 0) + (config != NULL) + (size > 0 || blocks > 0);
	if (ways != 1)
		hs_cli_usage_error(&cli, "give one of --apps N, --config LIST or --size S --blocks B");
	if ((size > 0) != (blocks > 0))
		hs_cli_usage_error(&cli, "options --size and --blocks go together");
	if (size > 0 && size % blocks != 0)
		hs_cli_usage_error(&cli, "option --size: %ld is not a multiple of --blocks %ld", size,
				   blocks);
	if (group != 1 && napps == 0)
		hs_cli_usage_error(&cli, "option --group goes with --apps");

	struct app *apps;
	int n;
	if (napps > 0) {
		n = (int)napps;
		apps = draw(napps, group, (unsigned long long)seed);
	} else if (config) {
		n = parse_configs(config, &apps);
	} else {
		n = 1;
		apps = hs_calloc(1, sizeof *apps);
		apps[0] = (struct app){-1, (int)size, (int)blocks};
	}
	struct ck_table table, *tab = NULL;
	if (kernels) {
		if (ck_table_read(&table, kernels) < 0) {
			free(apps);
			return -1;
		}
		tab = &table;
	}
	struct ktimes *kt = hs_calloc((size_t)n, sizeof *kt);
	int bad = 0;
	for (int i = 0; i < n && !bad; i++) {
		int b = apps[i].size / apps[i].blocks;
		bad = times_for(tab, kernels, node, p, b, &kt[i]) < 0 ||
		      check_times(&kt[i], (int)affinity, kernels ? kernels : "built-in table", b) < 0;
	}
	if (tab)
		ck_table_release(tab);
	if (bad) {
		free(kt);
		free(apps);
		return -1;
	}

	struct hs_record *pr = hs_gen_prov_new("cholesky");
	if (napps > 0) {
		hs_record_set_int(pr, "apps", napps);
		hs_record_set_int(pr, "group", group);
		hs_record_set_int(pr, "seed", seed);
	} else if (config) {
		hs_record_set(pr, "config", config);
	} else {
		hs_record_set_int(pr, "size", size);
		hs_record_set_int(pr, "blocks", blocks);
	}
	hs_record_set_int(pr, "affinity", affinity);
	hs_record_set(pr, "node", node->name);
	hs_record_set(pr, "precision", ck_prec_names[p]);
	hs_record_set(pr, "kernels", kernels ? kernels : "builtin");
	hs_stream_append(out, pr);
	ck_node_emit(out, node, node->name);

	for (int i = 0; i < n; i++) {
		char app[32];
		snprintf(app, sizeof app, "a%d", i + 1);
		long N = apps[i].blocks;
		struct hs_record *r = hs_record_new("app", app);
		if (apps[i].config >= 0)
			hs_record_setf(r, "config", "app_%d", apps[i].config);
		hs_record_set_int(r, "size", apps[i].size);
		hs_record_set_int(r, "blocks", N);
		hs_record_set_int(r, "tile", apps[i].size / N);
		hs_record_set_int(r, "tasks", N + N * (N - 1) + N * (N - 1) * (N - 2) / 6);
		hs_stream_append(out, r);
	}
	struct gen g = {out, NULL, (int)affinity, cmd, "", {{0}, {0}, {0}, {0}}, {{0}}, {{0}}, {{0}}, {{0}},
			NULL, 0};
	for (int i = 0; i < n; i++) {
		char app[32];
		snprintf(app, sizeof app, "a%d", i + 1);
		int b = apps[i].size / apps[i].blocks;
		g.app = app;
		g.kt = kt[i];
		for (int k = 0; k < CK_NKERNELS; k++) {
			hs_fmt_double(g.ctext[k], kt[i].cpu[k]);
			hs_fmt_double(g.gtext[k], kt[i].gpu[k]);
			hs_fmt_double(g.atext[k], kt[i].alone[k]);
			hs_fmt_double(g.stext[k], kt[i].share[k]);
		}
		snprintf(g.bytes, sizeof g.bytes, ":%.17g", (double)b * b * (p == CK_SINGLE ? 4 : 8));
		emit_graph(&g, apps[i].blocks);
	}
	free(g.deps);
	free(kt);
	free(apps);
	return 0;
}

const struct hs_generator hs_gen_cholesky = {
	"cholesky",
	"RSCHED's tiled Cholesky task graphs (twelve configurations) on an A100, Quadro or K40m node",
	run,
};
