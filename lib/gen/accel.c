/* accel.c - `hs-gen accel`: the CPU + accelerator workloads of Hamano et al.
 * (task_set1-4 of Table 2) on a cluster of single-core nodes with GPUs and
 * the powers of Table 1.
 *
 * Each task is sequential: model=rigid size=1 time=S (S uniform in
 * [1,1000) s, its time on one core) with alpha=A (its time on a GPU is S/A;
 * alpha=0: CPU only).  The share of every alpha range is exact: with n tasks
 * a range of share s gets round(n*s) tasks (largest remainders make the
 * counts add up to n), and alpha is uniform within its range (the paper does
 * not say how; task_set4 uses the fixed factors 2.2 and 5.15).  Tasks come in
 * a random priority order, or with --sort-alpha by descending alpha (ties:
 * larger first), the order that hurts ECT. */
#include "hs/gen.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Table 2: alpha ranges and shares in tenths of a percent. */
struct arange {
	double lo, hi; /* alpha uniform in [lo, hi); lo == hi: fixed */
};
static const struct arange ranges[] = {
	{ 0, 0 },          { 0.0625, 0.125 }, { 0.125, 0.25 }, { 0.25, 0.5 }, { 0.5, 1 },
	{ 1, 2 },          { 2, 4 },          { 4, 8 },        { 8, 16 },
	{ 2.2, 2.2 },      { 5.15, 5.15 },
};
#define NRANGES ((int)(sizeof ranges / sizeof *ranges))
static const int shares[4][NRANGES] = {
	{ 0, 0, 5, 30, 60, 100, 150, 300, 355, 0, 0 },
	{ 0, 125, 125, 125, 125, 125, 125, 125, 125, 0, 0 },
	{ 0, 355, 300, 150, 100, 60, 30, 5, 0, 0, 0 },
	{ 200, 0, 0, 0, 0, 0, 0, 0, 0, 400, 400 },
};

/* hs_cli_next returns 256 + table index for long-only options; -n is index 1. */
enum {
	O_SET = 256, O_CPUS = 258, O_GPUS, O_CPN, O_GPU_NODES, O_SORT, O_TIME, O_CPU_POWER, O_GPU_POWER,
	O_SEED
};

static const struct hs_cli_opt opts[] = {
	{ 0, "set", "1..4", "task set of Hamano et al. Table 2 (required)" },
	{ 'n', "tasks", "N", "number of tasks (required)" },
	{ 0, "cpus", "C", "CPU cores in all (default 50)" },
	{ 0, "gpus", "G", "GPUs in all (default 50)" },
	{ 0, "cores-per-node", "K", "cores of a node (default 1, the paper's single-CPU nodes)" },
	{ 0, "gpu-nodes", "K", "spread the GPUs over the first K nodes, the others have none "
			       "(default: one GPU a node while they last)" },
	{ 0, "sort-alpha", NULL, "tasks in descending alpha order instead of a random one" },
	{ 0, "time", "LO,HI", "task time on one core, uniform in [LO,HI) s (default 1,1000)" },
	{ 0, "cpu-power", "BUSY,IDLE", "W per core (default 220,130: Table 1)" },
	{ 0, "gpu-power", "BUSY,IDLE", "W per GPU (default 100,50: Table 1)" },
	{ 0, "seed", "N", "PRNG seed (default 1)" },
	{ 0, NULL, NULL, NULL },
};

static const struct hs_cli cli = {
	"hs-gen accel",
	"--set 1..4 -n N [--cpus C] [--gpus G] [--cores-per-node K] [--gpu-nodes K] "
	"[--sort-alpha] [--time LO,HI] [--cpu-power BUSY,IDLE] [--gpu-power BUSY,IDLE] [--seed N]",
	"Hamano et al.'s CPU/GPU task sets (Table 2) on nodes with the powers of Table 1.",
	opts,
	NULL,
};

static void pair(const char *opt, const char *arg, double min, double *a, double *b)
{
	double *v = NULL;
	int n = hs_parse_numlist(arg, &v);
	if (n != 2 || !(v[0] >= min) || !(v[1] >= min)) {
		free(v);
		hs_cli_usage_error(&cli, "option %s: '%s' must be two numbers >= %g, A,B", opt, arg,
				   min);
	}
	*a = v[0];
	*b = v[1];
	free(v);
}

struct gtask {
	double time, alpha;
	int pos;
};

static int by_alpha_desc(const void *x, const void *y)
{
	const struct gtask *a = x, *b = y;
	if (a->alpha != b->alpha)
		return a->alpha > b->alpha ? -1 : 1;
	if (a->time != b->time)
		return a->time > b->time ? -1 : 1;
	return (a->pos > b->pos) - (a->pos < b->pos);
}

/* Counts of n tasks per range: floor of the exact share, then the largest
 * remainders (first range on ties) until they add up to n. */
static void counts_for(int set, long n, long *count)
{
	long given = 0;
	long rem[NRANGES];
	for (int r = 0; r < NRANGES; r++) {
		count[r] = n * shares[set][r] / 1000;
		rem[r] = n * shares[set][r] % 1000;
		given += count[r];
	}
	while (given < n) {
		int best = -1;
		for (int r = 0; r < NRANGES; r++)
			if (shares[set][r] > 0 && (best < 0 || rem[r] > rem[best]))
				best = r;
		count[best]++;
		rem[best] = -1;
		given++;
	}
}

static void emit_platform(struct hs_stream *out, long cpus, long gpus, long cpn, long gnodes,
			  double cb, double ci, double gb, double gi)
{
	hs_stream_append(out, hs_record_new(NULL, "# Hamano et al.: single-core nodes with GPUs; "
						  "powers of Table 1 (W per core, W per GPU)."));
	long nodes = (cpus + cpn - 1) / cpn;
	for (long i = 0; i < nodes; i++) {
		char id[32];
		snprintf(id, sizeof id, "n%ld", i + 1);
		struct hs_record *r = hs_record_new("node", id);
		long cores = i < nodes - 1 ? cpn : cpus - cpn * (nodes - 1);
		long g = i < gnodes ? gpus / gnodes + (i < gpus % gnodes) : 0;
		hs_record_set_int(r, "cores", cores);
		hs_record_set_num(r, "cpu_busy", cb);
		hs_record_set_num(r, "cpu_idle", ci);
		if (g > 0) {
			hs_record_set_int(r, "gpus", g);
			hs_record_set_num(r, "gpu_busy", gb);
			hs_record_set_num(r, "gpu_idle", gi);
		}
		hs_stream_append(out, r);
	}
}

static int run(int argc, char **argv, struct hs_stream *out)
{
	long set = 0, n = 0, cpus = 50, gpus = 50, cpn = 1, gnodes = -1, seed = 1;
	int sort = 0;
	double tlo = 1, thi = 1000, cb = 220, ci = 130, gb = 100, gi = 50;
	const char *arg;
	int c, ind;
	while ((c = hs_cli_next(&cli, argc, argv, &arg, &ind)) != -1) {
		switch (c) {
		case O_SET: set = hs_cli_long("--set", arg, 1, 4); break;
		case 'n': n = hs_cli_long("-n", arg, 1, 100000000); break;
		case O_CPUS: cpus = hs_cli_long("--cpus", arg, 1, 10000000); break;
		case O_GPUS: gpus = hs_cli_long("--gpus", arg, 0, 10000000); break;
		case O_CPN: cpn = hs_cli_long("--cores-per-node", arg, 1, 1000000); break;
		case O_GPU_NODES: gnodes = hs_cli_long("--gpu-nodes", arg, 0, 10000000); break;
		case O_SORT: sort = 1; break;
		case O_TIME: pair("--time", arg, DBL_MIN, &tlo, &thi); break;
		case O_CPU_POWER: pair("--cpu-power", arg, 0, &cb, &ci); break;
		case O_GPU_POWER: pair("--gpu-power", arg, 0, &gb, &gi); break;
		case O_SEED: seed = hs_cli_long("--seed", arg, 0, 0x7fffffffffffffffL); break;
		}
	}
	if (ind < argc)
		hs_cli_usage_error(&cli, "unexpected argument '%s'", argv[ind]);
	if (set == 0)
		hs_cli_usage_error(&cli, "option --set is required");
	if (n == 0)
		hs_cli_usage_error(&cli, "option -n is required");
	if (!(thi >= tlo))
		hs_cli_usage_error(&cli, "option --time: LO must not exceed HI");
	long nodes = (cpus + cpn - 1) / cpn;
	if (gnodes < 0)
		gnodes = gpus < nodes ? gpus : nodes;
	if (gnodes > nodes)
		hs_cli_usage_error(&cli, "option --gpu-nodes: %ld is more than the %ld nodes", gnodes,
				   nodes);
	if (gpus > 0 && gnodes == 0)
		hs_cli_usage_error(&cli, "option --gpu-nodes: 0 nodes cannot hold %ld GPUs", gpus);
	if (gnodes > gpus)
		hs_cli_usage_error(&cli, "option --gpu-nodes: %ld nodes but only %ld GPUs", gnodes,
				   gpus);

	struct hs_record *p = hs_gen_prov_new("accel");
	hs_record_set_int(p, "set", set);
	hs_record_set_int(p, "n", n);
	hs_record_set_int(p, "cpus", cpus);
	hs_record_set_int(p, "gpus", gpus);
	hs_record_set_int(p, "cores_per_node", cpn);
	hs_record_set_int(p, "gpu_nodes", gnodes);
	hs_record_set_int(p, "sort_alpha", sort);
	hs_record_setf(p, "time", "%.17g,%.17g", tlo, thi);
	hs_record_set_int(p, "seed", seed);
	hs_stream_append(out, p);
	emit_platform(out, cpus, gpus, cpn, gnodes, cb, ci, gb, gi);

	long count[NRANGES];
	counts_for((int)set - 1, n, count);
	struct gtask *t = hs_malloc((size_t)n * sizeof *t);
	int *label = hs_malloc((size_t)n * sizeof *label);
	long k = 0;
	for (int r = 0; r < NRANGES; r++)
		for (long i = 0; i < count[r]; i++)
			label[k++] = r;
	struct hs_rng rng;
	hs_rng_seed(&rng, (unsigned long long)seed);
	for (long i = n - 1; i > 0; i--) { /* random priority order (Fisher-Yates) */
		long j = hs_rng_int(&rng, 0, i);
		int x = label[i];
		label[i] = label[j];
		label[j] = x;
	}
	for (long i = 0; i < n; i++) {
		const struct arange *r = &ranges[label[i]];
		t[i].alpha = r->lo == r->hi ? r->lo : hs_rng_range(&rng, r->lo, r->hi);
		t[i].time = tlo == thi ? tlo : hs_rng_range(&rng, tlo, thi);
		t[i].pos = (int)i;
	}
	if (sort)
		qsort(t, (size_t)n, sizeof *t, by_alpha_desc);
	for (long i = 0; i < n; i++) {
		char id[32];
		snprintf(id, sizeof id, "t%ld", i + 1);
		struct hs_record *r = hs_record_new("task", id);
		hs_record_set(r, "model", "rigid");
		hs_record_set_int(r, "size", 1);
		hs_record_set_num(r, "time", t[i].time);
		hs_record_set_num(r, "alpha", t[i].alpha);
		hs_stream_append(out, r);
	}
	free(t);
	free(label);
	return 0;
}

const struct hs_generator hs_gen_accel = {
	"accel",
	"Hamano et al.'s CPU/GPU task sets 1-4 (Table 2), Table 1 powers",
	run,
};
