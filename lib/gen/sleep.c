/* sleep.c - `hs-gen sleep`: the synthetic "sleep" tasks of Dietze et al.
 * §IV.2, t(p) = T·(x/p + (1−x)·(ln p + p)) with T = 50 s: n identical tasks
 * of the overhead model (model=overhead T=... x=...).
 *
 * --jitter is an hs addition (the paper's tasks are identical): it draws each
 * T uniformly from base·scale·[1−J, 1+J] with the seeded PRNG.  Without it
 * the seed changes nothing, but is still recorded in the provenance. */
#include "jobs.h"
#include "hs/gen.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Long-only options: 256 + their index in opts[] (hs_cli_next). */
enum { O_BASE = 256 + 2, O_SCALE, O_JITTER, O_SCOPE, O_APP, O_CMD, O_PLATFORM, O_SEED };

static const struct hs_cli_opt opts[] = {
	{'n', "tasks", "N", "number of tasks (required)"},
	{'x', "fraction", "X", "parallel fraction x in [0,1] (required; Dietze: 1.0 or 0.95)"},
	{0, "base", "T", "sequential time t(1) of a task in seconds (default 50)"},
	{0, "scale", "S", "multiply every time by S > 0 (default 1)"},
	{0, "jitter", "J", "draw each T from T*[1-J,1+J], 0 <= J < 1 (default 0)"},
	{0, "scope", "node|cluster", "where one task may run (default node)"},
	{0, "app", "NAME", "application name written to every task (app=)"},
	HS_GEN_OPT_CMD,
	{0, "platform", "NAME|FILE", "built-in platform, hs file or none (default dietze)"},
	{0, "seed", "N", "PRNG seed (default 1)"},
	{0, NULL, NULL, NULL},
};

static const struct hs_cli cli = {
	"hs-gen sleep",
	"-n N -x X [--base T] [--scale S] [--jitter J] [--scope node|cluster] [--app NAME] "
	"[--cmd CMD] [--platform NAME|FILE] [--seed N]",
	"Dietze's sleep tasks: t(p) = T*(x/p + (1-x)*(ln p + p)), T = base*scale.",
	opts,
	hs_gen_complete_platforms,
};

static int run(int argc, char **argv, struct hs_stream *out)
{
	long n = 0, seed = 1;
	double x = -1, base = 50, scale = 1, jitter = 0;
	const char *scope = "node", *app = NULL, *cmd = NULL, *platform = "dietze";
	const char *arg;
	int c, ind;
	while ((c = hs_cli_next(&cli, argc, argv, &arg, &ind)) != -1) {
		switch (c) {
		case 'n': n = hs_cli_long("-n", arg, 1, 1000000); break;
		case 'x': x = hs_cli_double("-x", arg, 0, 1); break;
		case O_BASE: base = hs_cli_double("--base", arg, DBL_MIN, HUGE_VAL); break;
		case O_SCALE: scale = hs_cli_double("--scale", arg, DBL_MIN, HUGE_VAL); break;
		case O_JITTER:
			jitter = hs_cli_double("--jitter", arg, 0, 1);
			if (jitter == 1) /* T could reach 0 */
				hs_die(HS_EXIT_USAGE, "option --jitter: '%s' must be less than 1", arg);
			break;
		case O_SCOPE:
			if (strcmp(arg, "node") != 0 && strcmp(arg, "cluster") != 0)
				hs_cli_usage_error(&cli, "option --scope: '%s' must be node or cluster",
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
	if (x < 0)
		hs_cli_usage_error(&cli, "option -x is required");

	struct hs_record *p = hs_gen_prov_new("sleep");
	hs_record_set_int(p, "n", n);
	hs_record_set_num(p, "x", x);
	hs_record_set_num(p, "base", base);
	hs_record_set_num(p, "scale", scale);
	hs_record_set_num(p, "jitter", jitter);
	hs_record_set(p, "scope", scope);
	hs_record_set(p, "platform", platform);
	hs_record_set_int(p, "seed", seed);
	hs_stream_append(out, p);
	if (hs_gen_platform_append(out, platform) < 0)
		exit(HS_EXIT_USAGE);

	struct hs_rng rng;
	hs_rng_seed(&rng, (unsigned long long)seed);
	for (long i = 1; i <= n; i++) {
		char id[32];
		snprintf(id, sizeof id, "t%ld", i);
		double T = base * scale;
		if (jitter > 0)
			T *= hs_rng_range(&rng, 1 - jitter, 1 + jitter);
		struct hs_record *t = hs_record_new("task", id);
		hs_record_set(t, "model", "overhead");
		hs_record_set_num(t, "T", T);
		hs_record_set_num(t, "x", x);
		if (strcmp(scope, "node") != 0)
			hs_record_set(t, "scope", scope);
		if (app)
			hs_record_set(t, "app", app);
		if (cmd)
			hs_record_set(t, "cmd", cmd);
		hs_stream_append(out, t);
	}
	return 0;
}

const struct hs_generator hs_gen_sleep = {
	"sleep",
	"Dietze's sleep tasks (overhead model, T = 50 s) on a platform",
	run,
};
