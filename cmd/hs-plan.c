/* hs-plan - run one scheduling algorithm (a plugin) on an instance and add a
 * plan record per task to the stream.
 *
 * The plan a plugin returns is validated before anything is written: an
 * invalid plan is a bug in the plugin (exit 1), never passed downstream.
 */
#include <stdlib.h>
#include <string.h>

#include "hs/cli.h"
#include "hs/guard.h"
#include "hs/loader.h"

/* -a's argument, file scope so that --complete-words after it can offer
 * the algorithm's -o words (completions/hs.bash runs "hs-plan -a ALGO
 * --complete-words"). */
static const char *spec;

static void complete_words(void)
{
	hs_algo_complete_words(stdout, spec, HS_ALGO_OFFLINE);
}

static const struct hs_cli_opt opts[] = {
	{'a', "algorithm", "ALGO", "the algorithm: a name (see -l) or FILE.so[:NAME]"},
	{'o', "option", "KEY[=VAL]", "set an algorithm option, repeatable; -o help lists them"},
	{'l', "list", NULL, "list the algorithms found, one a line, and exit"},
	{'v', "verbose", NULL, "say which plugin ran, how long it took and the makespan"},
	{'t', "timeout", "SECONDS", "stop a plugin that has not returned after SECONDS (exit 1)"},
	{0, NULL, NULL, NULL},
};

static const struct hs_cli cli = {
	"hs-plan",
	"[-a ALGO] [-o KEY[=VAL]]... [-l] [-v] [-t SECONDS] [FILE]",
	"plan an instance with a scheduling algorithm, adding plan records",
	opts,
	complete_words,
};

static int want_help(char **ov, int nov)
{
	for (int k = 0; k < nov; k++)
		if (strcmp(ov[k], "help") == 0)
			return 1;
	return 0;
}

/* File scope so that early exits leave nothing unreachable (LeakSanitizer). */
static struct hs_loaded pl;
static struct hs_optvals *ovals;
static struct hs_stream st;
static struct hs_instance in;
static struct hs_schedule sched;
static struct hs_ctx *ctx;
static char **ov;

int main(int argc, char **argv)
{
	hs_set_progname(argv[0]);
	const char *arg;
	int list = 0, verbose = 0, c, optind_ = 1, nov = 0;
	double timeout = 0;
	ov = hs_calloc((size_t)argc + 1, sizeof *ov);
	while ((c = hs_cli_next(&cli, argc, argv, &arg, &optind_)) != -1) {
		switch (c) {
		case 'a': spec = arg; break;
		case 'o': ov[nov++] = (char *)arg; break;
		case 'l': list = 1; break;
		case 'v': verbose = 1; break;
		case 't': timeout = hs_cli_double("--timeout", arg, 1e-6, 1e8); break;
		default: hs_cli_usage_error(&cli, "unexpected option");
		}
	}
	if (list) {
		int found = hs_algo_list(stdout, verbose, HS_ALGO_OFFLINE) > 0;
		if (!found) {
			char **dirs = hs_plugin_dirs();
			hs_error("no algorithms found; plugins are searched for in:");
			for (int k = 0; dirs[k]; k++)
				fprintf(stderr, "  %s\n", dirs[k]);
			hs_plugin_dirs_free(dirs);
		}
		free(ov);
		/* Nothing to plan with is a run-time failure, not a usage error. */
		int st = hs_stdout_status();
		return st != HS_EXIT_OK ? st : found ? HS_EXIT_OK : HS_EXIT_FAIL;
	}
	if (!spec)
		hs_cli_usage_error(&cli, "no algorithm given: -a NAME (hs-plan -l lists them)");
	if (argc - optind_ > 1)
		hs_cli_usage_error(&cli, "one input file at most, got %d", argc - optind_);
	const char *file = optind_ < argc ? argv[optind_] : NULL;

	/* The algorithm and its options first: -o help and a typo in -a must not
	 * wait for (or consume) the input. */
	const struct hs_algo *algo;
	if (hs_algo_resolve(spec, HS_ALGO_OFFLINE, &pl, &algo) < 0)
		return HS_EXIT_USAGE;
	if (want_help(ov, nov)) {
		hs_options_print(stdout, algo, pl.desc.name);
		hs_plugin_unload(&pl);
		free(ov);
		return hs_stdout_status();
	}
	ovals = hs_optvals_new(algo->name, algo->options);
	if (algo->presets && *algo->presets && hs_optvals_set(ovals, algo->presets) < 0)
		hs_die(HS_EXIT_FAIL, "%s: plugin bug: bad presets '%s'", algo->name, algo->presets);
	int bad = 0;
	for (int k = 0; k < nov; k++)
		bad |= hs_optvals_set(ovals, ov[k]) < 0;
	if (bad)
		return HS_EXIT_USAGE;
	if (!algo->plan) {
		hs_error("%s: an online algorithm, run by the simulator: hs-sim -a %s", algo->name,
			 algo->name);
		return HS_EXIT_USAGE;
	}

	if (hs_stream_load(&st, file) < 0) /* initialises st */
		return HS_EXIT_USAGE;
	if (hs_instance_load_flags(&in, &st, HS_LOAD_PLAN_REPLACED | HS_LOAD_RUN_REPLACED) < 0)
		return HS_EXIT_USAGE;
	if (in.plat.nnodes == 0) {
		hs_error("%s: no nodes in the platform", st.name);
		return HS_EXIT_USAGE;
	}
	if (hs_algo_check_instance(algo, &in) < 0)
		return HS_EXIT_USAGE;

	hs_schedule_init(&sched, in.ntasks);
	ctx = hs_ctx_new(algo->name, st.name, verbose);
	double t0 = hs_now(), elapsed = 0;
	if (in.ntasks > 0) {
		/* The plugin cannot crash, exit, hang or print into our output
		 * without being named (hs/guard.h). */
		struct hs_guard g;
		hs_guard_init(&g, pl.desc.name, algo->name, pl.path);
		g.timeout = timeout;
		hs_guard_enter(&g, "planning");
		int rc = algo->plan(&in, ovals, &sched, ctx);
		hs_guard_leave(&g);
		hs_guard_release(&g);
		elapsed = hs_now() - t0;
		hs_ctx_progress_end(ctx);
		/* Before anything reads the slots the plugin filled. */
		if (sched.n != in.ntasks || !sched.p)
			hs_die(HS_EXIT_FAIL, "%s: the plugin left %d slots for %d tasks in its schedule "
			       "(a bug in plugin %s, %s)", algo->name, sched.n, in.ntasks, pl.desc.name,
			       pl.path);
		if (rc != 0) {
			if (hs_ctx_nerrors(ctx) == 0)
				hs_error("%s: planning failed (the plugin gave no reason)", algo->name);
			return HS_EXIT_USAGE;
		}
		int bad = hs_schedule_has_after(&sched) ? hs_validate(&in, &sched, 1)
			  : hs_validate_set_after(&in, &sched, HS_VALIDATE_DURATIONS);
		if (bad > 0)
			hs_die(HS_EXIT_FAIL, "%s: produced an invalid plan (a bug in plugin %s, %s)",
			       algo->name, pl.desc.name, pl.path);
	}

	hs_instance_emit_plan(&in, &sched); /* sched is in.plan from here */
	struct hs_record *prov = hs_instance_prov(&in, "plan");
	char *otext = hs_optvals_text(ovals);
	hs_record_set(prov, "tool", "hs-plan");
	hs_record_set(prov, "version", HS_VERSION);
	hs_record_set(prov, "algo", algo->name);
	hs_record_set(prov, "plugin", pl.desc.name);
	hs_record_set(prov, "opts", otext);
	hs_record_setf(prov, "time", "%.6f", elapsed);
	hs_ctx_prov_apply(ctx, prov);
	free(otext);

	if (verbose)
		hs_error("%s: plugin %s %s (%s), %d tasks planned in %.6f s, makespan %g", algo->name,
			 pl.desc.name, pl.desc.version, pl.path, in.ntasks, elapsed,
			 hs_schedule_makespan(&in.plan));
	int wrc = hs_stream_write(stdout, &st);
	if (fflush(stdout) != 0 || wrc < 0) {
		hs_error("error writing the output");
		return HS_EXIT_FAIL;
	}

	if (!hs_free_at_exit())
		return HS_EXIT_OK;
	hs_ctx_free(ctx);
	hs_schedule_release(&sched);
	hs_instance_release(&in);
	hs_stream_release(&st);
	hs_optvals_free(ovals); /* its table lives in the plugin: free before unloading */
	hs_plugin_unload(&pl);
	free(ov);
	return HS_EXIT_OK;
}
