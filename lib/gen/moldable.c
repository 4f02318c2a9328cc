/* gen/moldable.c - `hs-gen moldable`: the instances of Bleuse et al.,
 * "Scheduling independent moldable tasks on multi-cores with GPUs" (TPDS
 * 2017), §VII-A.  One node of m cores and k GPUs; for each task
 *   1. sequential time pbar(1) in [pmin, pmax], uniform or Beta(a, b) scaled;
 *   2. sequential fraction beta uniform in [beta_min, beta_max], and
 *      pbar(l) = beta pbar(1) + (1 - beta) pbar(1) / l (Amdahl's law);
 *   3. GPU factor g from N(g_mean, g_sd), drawn again until it lies in
 *      [g_min, g_max]; the GPU time is g pbar(m).
 * Two laws name the parameters (hs-gen(1) has the table):
 *   paper   the authors' published generator, which made the paper's
 *           instances: pbar(1) = 10 + 90 Beta(3, 5), beta <= 0.5,
 *           g ~ N(0.5, 0.5) in [0.1, 1.5];
 *   table1  Table I as printed: pbar(1) uniform in [1, 100], beta <= 0.9,
 *           g ~ N(0.2, 0.5) in [0.1, 1.5] (hs's law before, same draws).
 * Tasks are written as model=amdahl (exactly the law above, and compact),
 * or with --model table as the explicit list pbar(1..m). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hs/gen.h"

static const struct hs_cli_opt opts[] = {
	{'n', "tasks", "N", "number of tasks (required; Table I: 10, 50, 100, 1000)"},
	{'m', "cores", "M", "CPU cores of the node (Table I: 4 to 512; default 64)"},
	{'k', "gpus", "K", "GPUs of the node (Table I: 1 to 32; default 4)"},
	{0, "seed", "S", "PRNG seed (default 1)"},
	{0, "law", "LAW", "parameters below: paper (the authors' generator, default) or table1 (Table I as printed)"},
	{0, "p-dist", "D", "law of the sequential times in [pmin, pmax]: beta (paper) or uniform (table1)"},
	{0, "p-a", "A", "--p-dist beta: first shape (default 3)"},
	{0, "p-b", "B", "--p-dist beta: second shape (default 5)"},
	{0, "pmin", "T", "shortest sequential time (paper 10, table1 1)"},
	{0, "pmax", "T", "longest sequential time (default 100)"},
	{0, "beta-min", "B", "smallest sequential fraction (default 0)"},
	{0, "beta-max", "B", "largest sequential fraction (paper 0.5, table1 0.9)"},
	{0, "g-mean", "G", "mean GPU factor, GPU time / time on all cores (paper 0.5, table1 0.2)"},
	{0, "g-sd", "G", "standard deviation of the GPU factor (default 0.5)"},
	{0, "g-min", "G", "smallest GPU factor kept (default 0.1: 10x faster)"},
	{0, "g-max", "G", "largest GPU factor kept (default 1.5: 50% slower)"},
	{0, "model", "KIND", "task records: amdahl (t1, beta) or table (times=pbar(1..m)); default amdahl"},
	{0, NULL, NULL, NULL},
};

static const struct hs_cli cli = {
	"hs-gen moldable",
	"-n N [-m M] [-k K] [--seed S] [--law paper|table1] [--p-dist beta|uniform] [--p-a A] [--p-b B] "
	"[--pmin T] [--pmax T] [--beta-min B] [--beta-max B] [--g-mean G] [--g-sd G] [--g-min G] [--g-max G] "
	"[--model amdahl|table]",
	"moldable tasks on one node of cores and GPUs (Bleuse et al. 2017, §VII-A)",
	opts,
	NULL,
};

/* Index of a long-only option in the table (hs_cli_next returns 256+i). */
static int long_index(const char *name)
{
	for (int i = 0; opts[i].long_name; i++)
		if (!strcmp(opts[i].long_name, name))
			return 256 + i;
	return -1;
}

static void set_num(struct hs_record *r, const char *key, double v)
{
	hs_record_set_num(r, key, v);
}

/* The numeric parameters of a law, in the order of the options above. */
enum { P_A, P_B, P_MIN, P_MAX, B_MIN, B_MAX, G_MEAN, G_SD, G_MIN, G_MAX, NPAR };
static const char *const par_opt[NPAR] = {"p-a", "p-b", "pmin", "pmax", "beta-min", "beta-max",
					 "g-mean", "g-sd", "g-min", "g-max"};
static const char *const par_key[NPAR] = {"p_a", "p_b", "pmin", "pmax", "beta_min", "beta_max",
					 "g_mean", "g_sd", "g_min", "g_max"};
/* paper: make_instance2.R as problem_generator.py calls it (its defaults:
 * min_seq_time 10, sfrac_max 0.5, gputime1's mean 0.5); table1: Table I. */
static const double law_paper[NPAR] = {3, 5, 10, 100, 0, 0.5, 0.5, 0.5, 0.1, 1.5};
static const double law_table1[NPAR] = {3, 5, 1, 100, 0, 0.9, 0.2, 0.5, 0.1, 1.5};

static int run(int argc, char **argv, struct hs_stream *out)
{
	long n = -1, m = 64, k = 4, seed = 1;
	double par[NPAR];
	int given[NPAR] = {0}, table = 0, table1 = 0, beta_dist = -1;
	const char *arg;
	int c, optind = 1;
	while ((c = hs_cli_next(&cli, argc, argv, &arg, &optind)) != -1) {
		if (c == 'n')
			n = hs_cli_long("-n", arg, 1, 10000000);
		else if (c == 'm')
			m = hs_cli_long("-m", arg, 1, 1000000);
		else if (c == 'k')
			k = hs_cli_long("-k", arg, 0, 1000000);
		else if (c == long_index("seed"))
			seed = hs_cli_long("--seed", arg, 0, 9223372036854775807L);
		else if (c == long_index("law")) {
			if (!strcmp(arg, "table1"))
				table1 = 1;
			else if (strcmp(arg, "paper"))
				hs_cli_usage_error(&cli, "--law: '%s' is not paper or table1", arg);
			else
				table1 = 0;
		} else if (c == long_index("p-dist")) {
			if (!strcmp(arg, "beta"))
				beta_dist = 1;
			else if (!strcmp(arg, "uniform"))
				beta_dist = 0;
			else
				hs_cli_usage_error(&cli, "--p-dist: '%s' is not beta or uniform", arg);
		} else if (c == long_index("model")) {
			if (!strcmp(arg, "table"))
				table = 1;
			else if (strcmp(arg, "amdahl"))
				hs_cli_usage_error(&cli, "--model: '%s' is not amdahl or table", arg);
		} else
			for (int q = 0; q < NPAR; q++)
				if (c == long_index(par_opt[q])) {
					char name[16];
					snprintf(name, sizeof name, "--%s", par_opt[q]);
					/* fractions in [0, 1], GPU mean anywhere, shapes and times > 0 */
					double lo = q == B_MIN || q == B_MAX || q == G_SD ? 0 : q == G_MEAN ? -1e300 : 1e-300;
					double hi = q == B_MIN || q == B_MAX ? 1 : 1e300;
					par[q] = hs_cli_double(name, arg, lo, hi);
					given[q] = 1;
				}
	}
	if (optind < argc)
		hs_cli_usage_error(&cli, "unexpected argument '%s'", argv[optind]);
	if (n < 0)
		hs_cli_usage_error(&cli, "-n N (the number of tasks) is required");
	/* the law's values where no option was given */
	for (int q = 0; q < NPAR; q++)
		if (!given[q])
			par[q] = table1 ? law_table1[q] : law_paper[q];
	if (beta_dist < 0)
		beta_dist = !table1;
	double pmin = par[P_MIN], pmax = par[P_MAX], bmin = par[B_MIN], bmax = par[B_MAX];
	double gmean = par[G_MEAN], gsd = par[G_SD], gmin = par[G_MIN], gmax = par[G_MAX];
	if (pmax < pmin)
		hs_cli_usage_error(&cli, "--pmax (%g) is below --pmin (%g)", pmax, pmin);
	if (bmax < bmin)
		hs_cli_usage_error(&cli, "--beta-max (%g) is below --beta-min (%g)", bmax, bmin);
	if (gmax < gmin)
		hs_cli_usage_error(&cli, "--g-max (%g) is below --g-min (%g)", gmax, gmin);
	if (gsd == 0 && (gmean < gmin || gmean > gmax))
		hs_cli_usage_error(&cli, "--g-mean %g lies outside [--g-min, --g-max] and --g-sd is 0", gmean);
	if (table && (double)n * m > 5e7)
		hs_cli_usage_error(&cli, "--model table with %ld tasks of %ld times is too large", n, m);

	struct hs_record *r = hs_gen_prov_new("moldable");
	hs_record_set_int(r, "seed", seed);
	hs_record_set_int(r, "n", n);
	hs_record_set_int(r, "m", m);
	hs_record_set_int(r, "k", k);
	hs_record_set(r, "law", table1 ? "table1" : "paper");
	hs_record_set(r, "p_dist", beta_dist ? "beta" : "uniform");
	for (int q = beta_dist ? 0 : P_MIN; q < NPAR; q++)
		set_num(r, par_key[q], par[q]);
	hs_record_set(r, "model", table ? "table" : "amdahl");
	hs_stream_append(out, r);

	r = hs_record_new("node", "n1");
	hs_record_set_int(r, "cores", m);
	if (k)
		hs_record_set_int(r, "gpus", k);
	hs_stream_append(out, r);

	struct hs_rng rng;
	hs_rng_seed(&rng, (unsigned long long)seed);
	char id[32];
	double *times = table ? hs_malloc(m * sizeof(double)) : NULL;
	for (long j = 0; j < n; j++) {
		/* draw in the paper's order: time, fraction, GPU factor */
		double p1 = beta_dist ? pmin + (pmax - pmin) * hs_rng_beta(&rng, par[P_A], par[P_B])
				      : hs_rng_range(&rng, pmin, pmax);
		double beta = hs_rng_range(&rng, bmin, bmax);
		double g = 0;
		long tries = 0;
		do {
			g = gsd > 0 ? hs_rng_normal(&rng, gmean, gsd) : gmean;
			if (++tries > 1000000)
				hs_die(HS_EXIT_USAGE, "moldable: no GPU factor of N(%g, %g) falls in [%g, %g]",
				       gmean, gsd, gmin, gmax);
		} while (g < gmin || g > gmax);
		double pm = p1 * (beta + (1 - beta) / m);
		snprintf(id, sizeof id, "t%ld", j + 1);
		r = hs_record_new("task", id);
		if (table) {
			hs_record_set(r, "model", "table");
			size_t cap = 32 * (size_t)m, len = 0;
			char *buf = hs_malloc(cap), num[HS_NUMBUF];
			for (long l = 1; l <= m; l++) {
				times[l - 1] = p1 * (beta + (1 - beta) / l);
				hs_fmt_double(num, times[l - 1]);
				size_t nl = strlen(num);
				if (len + nl + 2 > cap) {
					cap *= 2;
					buf = hs_realloc(buf, cap);
				}
				if (l > 1)
					buf[len++] = ',';
				memcpy(buf + len, num, nl);
				len += nl;
			}
			buf[len] = 0;
			hs_record_set(r, "times", buf);
			free(buf);
		} else {
			hs_record_set(r, "model", "amdahl");
			set_num(r, "t1", p1);
			set_num(r, "beta", beta);
		}
		if (k)
			set_num(r, "gpu_time", g * pm);
		hs_stream_append(out, r);
	}
	free(times);
	return 0;
}

const struct hs_generator hs_gen_moldable = {
	"moldable",
	"moldable tasks on one node of cores and GPUs (Bleuse et al. 2017, §VII-A)",
	run,
};
