/* hs-plan - run one scheduling algorithm (a plugin) on an instance and add a
 * plan record per task to the stream.
 *
 * The plan a plugin returns is validated before anything is written: an
 * invalid plan is a bug in the plugin (exit 1), never passed downstream.
 * -a, -o, -l and the planning itself are lib/plugin's (plugin/host.h).
 */
#include <stdlib.h>

#include "hs/cli.h"
#include "hs/loader.h"
#include "plugin/host.h"

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
	{0, "partial", NULL, "read a stream cut short (no closing 'end' record) as it is"},
	{0, NULL, NULL, NULL},
};

static const struct hs_cli cli = {
	"hs-plan",
	"[-a ALGO] [-o KEY[=VAL]]... [-l] [-v] [-t SECONDS] [--partial] [FILE]",
	"plan an instance with a scheduling algorithm, adding plan records",
	opts,
	complete_words,
};

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
		case 256 + 5: hs_stream_set_partial(1); break; /* --partial */
		default: hs_cli_usage_error(&cli, "unexpected option");
		}
	}
	if (list) {
		free(ov);
		return hs_plugin_list(HS_ALGO_OFFLINE, verbose, "algorithms");
	}
	if (!spec)
		hs_cli_usage_error(&cli, "no algorithm given: -a NAME (hs-plan -l lists them)");
	if (argc - optind_ > 1)
		hs_cli_usage_error(&cli, "one input file at most, got %d", argc - optind_);
	const char *file = optind_ < argc ? argv[optind_] : NULL;

	/* The algorithm and its options first: -o help and a typo in -a must not
	 * wait for (or consume) the input. */
	int status;
	const struct hs_algo *algo =
		hs_plugin_algo_opts(spec, HS_ALGO_OFFLINE, ov, nov, &pl, &ovals, &status);
	if (!algo)
		return status;

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
	double elapsed;
	status = hs_plugin_plan(&pl, algo, ovals, &in, &sched, ctx, timeout, &elapsed);
	if (status != HS_EXIT_OK)
		return status;
	hs_plugin_plan_emit(&in, &sched, &pl, algo, ovals, ctx, elapsed); /* sched is in.plan */

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
