/* amdahl.c - `hs-gen amdahl`: moldable tasks that follow Amdahl's law,
 * t(p) = t1 (beta + (1 - beta) / p), with t1 and the serial fraction beta of
 * each task drawn uniformly from the given ranges (a single value fixes it).
 * Low beta: nearly perfect speedup; beta around 0.3 behaves like the FEM code
 * of Dietze et al. §IV.3 (speedup below 3.4 on any number of cores). */
#include "jobs.h"
#include "hs/gen.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Long-only options: 256 + their index in opts[] (hs_cli_next). */
enum { O_T1 = 256 + 1, O_BETA, O_SCOPE, O_APP, O_CMD, O_PLATFORM, O_SEED };

static const struct hs_cli_opt opts[] = {
	{'n', "tasks", "N", "number of tasks (required)"},
	{0, "t1", "LO[:HI]", "sequential time in seconds, drawn per task (default 100)"},
	{0, "beta", "LO[:HI]", "serial fraction in [0,1], drawn per task (required)"},
	{0, "scope", "node|cluster|mixed", "where a task may run; mixed: each task at random (default node)"},
	{0, "app", "NAME", "application name written to every task (app=)"},
	HS_GEN_OPT_CMD,
	{0, "platform", "NAME|FILE", "built-in platform, hs file or none (default dietze)"},
	{0, "seed", "N", "PRNG seed (default 1)"},
	{0, NULL, NULL, NULL},
};

static const struct hs_cli cli = {
	"hs-gen amdahl",
	"-n N --beta LO[:HI] [--t1 LO[:HI]] [--scope node|cluster|mixed] [--app NAME] [--cmd CMD] "
	"[--platform NAME|FILE] [--seed N]",
	"Amdahl tasks: t(p) = t1*(beta + (1-beta)/p), t1 and beta drawn per task.",
	opts,
	hs_gen_complete_platforms,
};

/* "V" or "LO:HI" with min <= LO <= HI <= max; dies with exit 2 otherwise. */
static void parse_range(const char *opt, const char *arg, double min, double max, double *lo,
			double *hi)
{
	const char *colon = strchr(arg, ':');
	if (!colon) {
		*lo = *hi = hs_cli_double(opt, arg, min, max);
		return;
	}
	char *a = hs_strndup(arg, (size_t)(colon - arg));
	int bad = hs_parse_double(a, lo) < 0 || hs_parse_double(colon + 1, hi) < 0;
	free(a);
	if (bad || *lo < min || *hi > max || *lo > *hi)
		hs_die(HS_EXIT_USAGE,
		       "option %s: '%s' must be a number or LO:HI with %g <= LO <= HI <= %g", opt,
		       arg, min, max);
}

static double draw(struct hs_rng *rng, double lo, double hi)
{
	return lo == hi ? lo : hs_rng_range(rng, lo, hi);
}

static void set_range(struct hs_record *r, const char *key, double lo, double hi)
{
	char a[HS_NUMBUF], b[HS_NUMBUF];
	if (lo == hi)
		hs_record_set_num(r, key, lo);
	else
		hs_record_setf(r, key, "%s:%s", hs_fmt_double(a, lo), hs_fmt_double(b, hi));
}

static int run(int argc, char **argv, struct hs_stream *out)
{
	long n = 0, seed = 1;
	double t1lo = 100, t1hi = 100, blo = -1, bhi = -1;
	const char *scope = "node", *app = NULL, *cmd = NULL, *platform = "dietze";
	const char *arg;
	int c, ind;
	while ((c = hs_cli_next(&cli, argc, argv, &arg, &ind)) != -1) {
		switch (c) {
		case 'n': n = hs_cli_long("-n", arg, 1, 10000000); break;
		case O_T1:
			parse_range("--t1", arg, 0, HUGE_VAL, &t1lo, &t1hi);
			if (!(t1lo > 0))
				hs_die(HS_EXIT_USAGE, "option --t1: '%s' must be greater than 0", arg);
			break;
		case O_BETA: parse_range("--beta", arg, 0, 1, &blo, &bhi); break;
		case O_SCOPE:
			if (strcmp(arg, "node") != 0 && strcmp(arg, "cluster") != 0 &&
			    strcmp(arg, "mixed") != 0)
				hs_cli_usage_error(&cli,
						   "option --scope: '%s' must be node, cluster or mixed",
						   arg);
			scope = arg;
			break;
		case O_APP: app = arg; break;
		case O_CMD: cmd = arg; break;
		case O_PLATFORM: platform = arg; break;
		case O_SEED: seed = hs_cli_long("--seed", arg, 0, 0x7fffffffffffffffL); break;
		}
	}
	if (ind < argc)
		hs_cli_usage_error(&cli, "unexpected argument '%s'", argv[ind]);
	if (n == 0)
		hs_cli_usage_error(&cli, "option -n is required");
	if (blo < 0)
		hs_cli_usage_error(&cli, "option --beta is required");

	struct hs_record *p = hs_gen_prov_new("amdahl");
	hs_record_set_int(p, "n", n);
	set_range(p, "t1", t1lo, t1hi);
	set_range(p, "beta", blo, bhi);
	hs_record_set(p, "scope", scope);
	hs_record_set(p, "platform", platform);
	hs_record_set_int(p, "seed", seed);
	hs_stream_append(out, p);
	if (hs_gen_platform_append(out, platform) < 0)
		exit(HS_EXIT_USAGE);

	struct hs_rng rng;
	hs_rng_seed(&rng, (unsigned long long)seed);
	int mixed = strcmp(scope, "mixed") == 0;
	for (long i = 1; i <= n; i++) {
		char id[32];
		snprintf(id, sizeof id, "t%ld", i);
		/* Draw order per task: t1, beta, scope (fixed values draw nothing). */
		double t1 = draw(&rng, t1lo, t1hi), beta = draw(&rng, blo, bhi);
		const char *sc = scope;
		if (mixed)
			sc = hs_rng_uniform(&rng) < 0.5 ? "node" : "cluster";
		struct hs_record *t = hs_record_new("task", id);
		hs_record_set(t, "model", "amdahl");
		hs_record_set_num(t, "t1", t1);
		hs_record_set_num(t, "beta", beta);
		if (strcmp(sc, "node") != 0)
			hs_record_set(t, "scope", sc);
		if (app)
			hs_record_set(t, "app", app);
		if (cmd)
			hs_record_set(t, "cmd", cmd);
		hs_stream_append(out, t);
	}
	return 0;
}

const struct hs_generator hs_gen_amdahl = {
	"amdahl",
	"Amdahl tasks, t(p) = t1*(beta + (1-beta)/p), t1 and beta drawn from ranges",
	run,
};
