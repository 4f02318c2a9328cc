/* hs-sim - simulate a planned stream and add a run record per task, or
 * schedule it online with an algorithm that decides as jobs arrive and end.
 *
 *   hs-sim [-a ALGO [-o KEY[=VAL]]... [--clairvoyant] [--timeout S] [--per-event]] [-l] [-v]
 *          [--model flow|replay] [--solver bottleneck|simgrid] [--tcp-gamma B]
 *          [--energy host|core] [--platform FILE] [--check-durations]
 *          [--check-simgrid] [--progress|--no-progress] [--stats]
 *          [--link-stats FILE] [FILE]
 *
 * The flow model (hs/sim.h) simulates parallel tasks that compute and
 * communicate over the platform's network, after SimGrid's ptask_L07;
 * the replay model (hs_replay) runs the plan under the runtime model.
 * With -a, an online algorithm (hs/online.h, lib/online/) starts the jobs
 * inside the simulation and its decisions become the plan records. */
#include "hs/cli.h"
#include "hs/drift.h"
#include "hs/loader.h"
#include "hs/metrics.h"
#include "hs/model.h"
#include "hs/onlinesim.h"
#include "hs/sim.h"
#include "hs/util.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Long-only options: 256 + their index in opts[] (hs_cli_next). */
enum {
	O_MODEL = 256,
	O_SOLVER,
	O_TCP_GAMMA,
	O_ENERGY,
	O_PLATFORM,
	O_CHECK_DURATIONS,
	O_PROGRESS,
	O_NO_PROGRESS,
	O_STATS,
	O_CHECK_SIMGRID,
	O_CLAIRVOYANT,
	O_LINK_STATS,
	O_TIMEOUT,
	O_PER_EVENT,
};

static const struct hs_cli_opt opts[] = {
	{0, "model", "flow|replay", "flow-level simulation (default) or replay under the runtime model"},
	{0, "solver", "bottleneck|simgrid",
	 "sharing: SimGrid's fair bottleneck less its bugs (default) or as SimGrid has it"},
	{0, "tcp-gamma", "BYTES", "TCP window bounding a flow's rate (default 4194304; 0: none)"},
	{0, "energy", "host|core", "energy total: busy or idle per node (default) or per core"},
	{0, "platform", "FILE", "simulate on the platform of FILE (hs stream or SimGrid XML)"},
	{0, "check-durations", NULL,
	 "also reject a plan whose durations differ from the runtime model"},
	{0, "progress", NULL, "show progress on stderr (default: when it is a terminal)"},
	{0, "no-progress", NULL, "never show progress"},
	{0, "stats", NULL, "print the simulation's counters and time on stderr"},
	{0, "check-simgrid", NULL,
	 "also solve with the other solver; say on stderr where their rates first differ"},
	{0, "clairvoyant", NULL,
	 "with -a: show the algorithm every job's runtime model, comp and comm"},
	{0, "link-stats", "FILE",
	 "write each link's peak utilisation, time saturated and bytes to FILE (TSV)"},
	{0, "timeout", "SECONDS",
	 "with -a: stop the algorithm when one call has not returned after SECONDS (exit 1)"},
	{0, "per-event", NULL,
	 "with -a: hand the algorithm one event a call, not a date's batch (as pybatsim decides)"},
	{'a', "algorithm", "ALGO",
	 "schedule online with this algorithm (see -l): a name or FILE.so[:NAME]"},
	{'o', "option", "KEY[=VAL]", "set an option of the online algorithm, repeatable; -o help"},
	{'l', "list", NULL, "list the online algorithms found, one a line, and exit"},
	{'v', "verbose", NULL, "with -a: say which plugin ran and what it cost"},
	{0, NULL, NULL, NULL},
};

/* -a's argument so far, for --complete-words after it: the algorithm's -o
 * words too (completions/hs.bash). */
static const char *complete_spec;

static void complete_words(void)
{
	hs_algo_complete_words(stdout, complete_spec, HS_ALGO_ONLINE);
}

static const struct hs_cli cli = {
	"hs-sim",
	"[-a ALGO [-o KEY[=VAL]]... [--clairvoyant] [--timeout SECONDS] [--per-event]] [-v] "
	"[--model flow|replay] "
	"[--solver bottleneck|simgrid] [--tcp-gamma BYTES] [--energy host|core] [--platform FILE] "
	"[--check-durations] [--check-simgrid] [--progress|--no-progress] [--stats] "
	"[--link-stats FILE] [FILE]",
	"Simulate a planned stream (from hs-plan) and add run records, or schedule it online "
	"(-a).",
	opts,
	complete_words,
};

struct progress {
	double shown_at;
	int shown;
};

static void show_progress(void *arg, int done, int total, double now)
{
	struct progress *p = arg;
	double wall = hs_now();
	if (done < total && p->shown_at > 0 && wall - p->shown_at < 0.25)
		return;
	p->shown_at = wall;
	if (done >= total) {
		if (p->shown)
			fputs("\r\033[K", stderr);
		p->shown = 0;
	} else {
		fprintf(stderr, "\r\033[K%s: %d/%d tasks ended, simulated time %.6g s", hs_progname(),
			done, total, now);
		p->shown = 1;
	}
	fflush(stderr);
}

static void set_num(struct hs_record *r, const char *key, double v)
{
	char buf[HS_NUMBUF];
	hs_record_set(r, key, hs_fmt_double(buf, v));
}

/* A plan without after lists says nothing of the order on a core but its
 * times: run it in that order, as hs-plan orders a plugin's plan (each
 * core's and GPU's tasks by planned start), and say so, rather than start
 * every task at its release date (two tasks on one core at once). */
static void order_by_times(struct hs_instance *in, const char *name)
{
	if (hs_schedule_has_after(&in->plan))
		return;
	hs_schedule_compute_after(&in->plan, &in->plat);
	if (hs_schedule_has_after(&in->plan))
		hs_error_at(name, 0, "note: the plan has no after lists: each core's and GPU's tasks "
			    "run in the order of their planned starts (as hs-plan orders them)");
}

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
static char **ov;

/* -a: resolve the algorithm and its options before reading the input, so
 * that -o help and a typo in -a need no input.  Returns the algorithm, or
 * NULL after printing what -o help asked for (exit 0). */
static const struct hs_algo *online_algo(const char *spec, int nov, int *status)
{
	const struct hs_algo *algo;
	*status = HS_EXIT_OK;
	if (hs_algo_resolve(spec, HS_ALGO_ONLINE, &pl, &algo) < 0)
		exit(HS_EXIT_USAGE);
	if (!algo->online) {
		hs_error("%s: an offline planner, not an online algorithm: hs-plan -a %s | hs-sim",
			 algo->name, algo->name);
		exit(HS_EXIT_USAGE);
	}
	if (want_help(ov, nov)) {
		hs_options_print(stdout, algo, pl.desc.name);
		*status = hs_stdout_status();
		return NULL;
	}
	ovals = hs_optvals_new(algo->name, algo->options);
	if (algo->presets && *algo->presets && hs_optvals_set(ovals, algo->presets) < 0)
		hs_die(HS_EXIT_FAIL, "%s: plugin bug: bad presets '%s'", algo->name, algo->presets);
	int bad = 0;
	for (int k = 0; k < nov; k++)
		bad |= hs_optvals_set(ovals, ov[k]) < 0;
	if (bad)
		exit(HS_EXIT_USAGE);
	return algo;
}

static void sim_prov(struct hs_record *prov, int replay, const struct hs_sim_opts *o,
		     const struct hs_sim_result *res, const char *platform)
{
	hs_record_set(prov, "tool", "hs-sim");
	hs_record_set(prov, "version", HS_VERSION);
	hs_record_set(prov, "model", replay ? "replay" : "flow");
	if (!replay) {
		hs_record_set(prov, "solver", o->solver == HS_SIM_SIMGRID ? "simgrid" : "bottleneck");
		set_num(prov, "tcp_gamma", o->tcp_gamma);
	}
	if (res) {
		hs_record_set(prov, "energy_model", o->energy == HS_SIM_ENERGY_CORE ? "core" : "host");
		set_num(prov, "makespan", res->makespan);
		set_num(prov, "energy", res->energy);
	}
	if (platform)
		hs_record_set(prov, "platform", platform);
}

/* --check-simgrid: where the two solvers' rates part. */
static void report_departures(const char *name, const struct hs_sim_opts *o,
			      const struct hs_sim_result *res)
{
	const char *other = o->solver == HS_SIM_SIMGRID ? "the default's" : "SimGrid's";
	char at[HS_NUMBUF];
	if (res->departures > 0)
		hs_error_at(name, 0, "rates differ from %s rounds in %ld of %ld solves, first at %s s",
			    other, res->departures, res->solves, hs_fmt_double(at, res->first_departure));
	else
		hs_error_at(name, 0, "rates equal to %s rounds in all %ld solves", other, res->solves);
}

/* --link-stats FILE: one row per link of the network (hs/sim.h), written
 * whole or not at all. */
static int write_link_stats(const char *path, const struct hs_sim_result *res)
{
	struct hs_atomic_file af;
	if (hs_atomic_open(&af, path) < 0)
		return -1;
	char b[5][HS_NUMBUF];
	fputs("link\tbw\tpeak\tsaturated_s\tbusy_s\tbytes\n", af.fp);
	for (int l = 0; l < res->nlinks; l++) {
		const struct hs_sim_link *k = &res->links[l];
		fprintf(af.fp, "%s\t%s\t%s\t%s\t%s\t%s\n", k->id, hs_fmt_double(b[0], k->bw),
			hs_fmt_double(b[1], k->peak), hs_fmt_double(b[2], k->saturated),
			hs_fmt_double(b[3], k->busy), hs_fmt_double(b[4], k->bytes));
	}
	return hs_atomic_commit(&af);
}

int main(int argc, char **argv)
{
	hs_set_progname(argv[0]);
	int check_durations = 0, replay = 0, progress = -1, stats = 0, list = 0, verbose = 0;
	int clairvoyant = 0, nov = 0, per_event = 0;
	double timeout = 0;
	const char *platform = NULL, *spec = NULL, *link_stats = NULL;
	struct hs_sim_opts o;
	hs_sim_opts_default(&o);
	ov = hs_calloc((size_t)argc + 1, sizeof *ov);
	const char *arg;
	int c, ind;
	while ((c = hs_cli_next(&cli, argc, argv, &arg, &ind)) != -1) {
		switch (c) {
		case 'a': spec = complete_spec = arg; break;
		case 'o': ov[nov++] = (char *)arg; break;
		case 'l': list = 1; break;
		case 'v': verbose = 1; break;
		case O_CLAIRVOYANT: clairvoyant = 1; break;
		case O_TIMEOUT: timeout = hs_cli_double("--timeout", arg, 1e-6, 1e8); break;
		case O_PER_EVENT: per_event = 1; break;
		case O_MODEL:
			if (strcmp(arg, "flow") != 0 && strcmp(arg, "replay") != 0)
				hs_cli_usage_error(&cli, "option --model: '%s' must be flow or replay", arg);
			replay = strcmp(arg, "replay") == 0;
			break;
		case O_SOLVER:
			if (strcmp(arg, "bottleneck") != 0 && strcmp(arg, "simgrid") != 0)
				hs_cli_usage_error(&cli, "option --solver: '%s' must be bottleneck or simgrid",
						   arg);
			o.solver = strcmp(arg, "simgrid") == 0 ? HS_SIM_SIMGRID : HS_SIM_BOTTLENECK;
			break;
		case O_TCP_GAMMA: o.tcp_gamma = hs_cli_double("--tcp-gamma", arg, 0, INFINITY); break;
		case O_ENERGY:
			if (strcmp(arg, "host") != 0 && strcmp(arg, "core") != 0)
				hs_cli_usage_error(&cli, "option --energy: '%s' must be host or core", arg);
			o.energy = strcmp(arg, "core") == 0 ? HS_SIM_ENERGY_CORE : HS_SIM_ENERGY_HOST;
			break;
		case O_PLATFORM: platform = arg; break;
		case O_CHECK_DURATIONS: check_durations = 1; break;
		case O_PROGRESS: progress = 1; break;
		case O_NO_PROGRESS: progress = 0; break;
		case O_STATS: stats = 1; break;
		case O_CHECK_SIMGRID: o.check_simgrid = 1; break;
		case O_LINK_STATS: link_stats = arg; break;
		default: hs_cli_usage_error(&cli, "unexpected option");
		}
	}
	if (list) {
		int n = hs_algo_list(stdout, verbose, HS_ALGO_ONLINE);
		if (n == 0) {
			char **dirs = hs_plugin_dirs();
			hs_error("no online algorithms found; plugins are searched for in:");
			for (int k = 0; dirs[k]; k++)
				fprintf(stderr, "  %s\n", dirs[k]);
			hs_plugin_dirs_free(dirs);
		}
		free(ov);
		int st = hs_stdout_status();
		return st != HS_EXIT_OK || n == 0 ? HS_EXIT_FAIL : HS_EXIT_OK;
	}
	if (!spec && (nov || clairvoyant || timeout > 0 || per_event))
		hs_cli_usage_error(&cli, "%s needs an online algorithm (-a ALGO)",
				   nov		 ? "-o"
				   : clairvoyant ? "--clairvoyant"
				   : per_event	 ? "--per-event"
						 : "--timeout");
	if (argc - ind > 1)
		hs_cli_usage_error(&cli, "unexpected argument '%s'", argv[ind + 1]);
	if (link_stats && replay)
		hs_cli_usage_error(&cli, "--link-stats measures the flow model: not with --model replay");
	o.link_stats = link_stats != NULL;
	const char *path = ind < argc ? argv[ind] : NULL;
	const struct hs_algo *algo = NULL;
	if (spec) {
		int status;
		if (!(algo = online_algo(spec, nov, &status))) {
			hs_plugin_unload(&pl);
			free(ov);
			return status;
		}
		if (check_durations)
			hs_cli_usage_error(&cli, "--check-durations checks a plan: not with -a");
	}
	struct progress prog = { 0, 0 };
	if (progress < 0 ? isatty(2) : progress) {
		o.progress = show_progress;
		o.progress_arg = &prog;
	}

	struct hs_stream s;
	struct hs_instance in;
	memset(&in, 0, sizeof in);
	int problems = 0;
	if (hs_stream_load(&s, path) < 0 || (platform && hs_sim_replace_platform(&s, platform) < 0) ||
	    hs_instance_load_flags(&in, &s, algo ? HS_LOAD_NO_AFTER : HS_LOAD_RUN_REPLACED) < 0) {
		problems = 1;
	} else if (algo) {
		if (in.plat.nnodes == 0) {
			hs_error_at(s.name, 0, "no nodes in the platform");
			problems = 1;
		}
	} else if (!in.has_plan) {
		hs_error_at(s.name, 0,
			    "no plan records (run hs-plan first, or schedule online: hs-sim -a ALGO)");
		problems = 1;
	} else {
		/* A plan that breaks the rules (overlaps, missing tasks) has no
		 * meaningful simulation; durations may differ unless asked,
		 * since the simulation finds them anyway. */
		problems = hs_validate(&in, &in.plan, check_durations);
		if (problems)
			hs_error_at(s.name, 0, "the plan is not valid (%d problem%s)", problems,
				    problems == 1 ? "" : "s");
		else
			order_by_times(&in, s.name);
	}
	if (problems) {
		hs_instance_release(&in);
		hs_stream_release(&s);
		hs_optvals_free(ovals);
		hs_plugin_unload(&pl);
		free(ov);
		return HS_EXIT_USAGE;
	}

	struct hs_schedule run;
	struct hs_sim_result res;
	struct hs_online_result ores;
	struct hs_ctx *ctx = NULL;
	memset(&run, 0, sizeof run);
	memset(&res, 0, sizeof res);
	int status = HS_EXIT_OK;
	/* The run the input had (loaded only when it has run records, to be
	 * checked: HS_LOAD_RUN_REPLACED) is replaced by the one simulated: its
	 * memory goes back before the new one is made. */
	if (!algo)
		hs_schedule_release(&in.run);
	double t0 = hs_now();
	if (algo) {
		o.runtime_only = replay;
		struct hs_online_run cfg = { algo, pl.desc.name, ovals, o, clairvoyant, pl.path,
					     timeout, per_event };
		ctx = hs_ctx_new(algo->name, s.name, verbose);
		int orc = hs_online_simulate(&in, &cfg, ctx, &ores);
		if (orc < 0)
			status = orc == -2 ? HS_EXIT_USAGE : HS_EXIT_FAIL;
		res = ores.sim;
	} else if (replay) {
		hs_replay(&in, &in.plan, &run);
	} else if (hs_sim_run(&in, &in.plan, &o, &run, &res) < 0) {
		status = HS_EXIT_USAGE;
	}
	double elapsed = hs_now() - t0;
	if (status == HS_EXIT_OK) {
		if (!algo)
			hs_instance_emit_run(&in, &run);
		hs_drift_warn(&in, &in.run, stderr); /* durations far from time= (hs/drift.h) */
		struct hs_record *prov = hs_instance_prov(&in, "sim");
		sim_prov(prov, replay, &o, algo || !replay ? &res : NULL, platform);
		if (algo) {
			char *otext = hs_optvals_text(ovals);
			hs_record_set(prov, "algo", algo->name);
			hs_record_set(prov, "plugin", pl.desc.name);
			hs_record_set(prov, "opts", otext);
			hs_record_set(prov, "knowledge", ores.knowledge);
			hs_record_set_int(prov, "rejected", ores.rejected);
			hs_ctx_prov_apply(ctx, prov);
			free(otext);
		}
		if (verbose && algo)
			hs_error("%s: plugin %s %s (%s): %d jobs started, %d rejected; %ld calls with "
				 "%ld events, %.6f s in the algorithm; makespan %g",
				 algo->name, pl.desc.name, pl.desc.version, pl.path, ores.started,
				 ores.rejected, ores.calls, ores.events, ores.plugin_s, res.makespan);
		if (stats) {
			if (replay && !algo)
				fprintf(stderr, "%s: %d tasks replayed in %.3f s\n", hs_progname(),
					in.ntasks, elapsed);
			else
				fprintf(stderr,
					"%s: %d tasks (%d parallel) in %.3f s: %ld events, %ld solves, "
					"%ld variables and %ld elements solved\n",
					hs_progname(), in.ntasks, res.flow_tasks, elapsed, res.events,
					res.solves, res.vars_solved, res.elems_solved);
		}
		if (o.check_simgrid && !replay)
			report_departures(s.name, &o, &res);
		if (link_stats && write_link_stats(link_stats, &res) < 0)
			status = HS_EXIT_FAIL;
		if (hs_stream_write(stdout, &s) < 0 || fflush(stdout) != 0) {
			hs_error("stdout: write error");
			status = HS_EXIT_FAIL;
		}
	}
	if (!hs_free_at_exit())
		return status;
	hs_ctx_free(ctx);
	hs_sim_result_release(&res);
	hs_schedule_release(&run);
	hs_instance_release(&in);
	hs_stream_release(&s);
	hs_optvals_free(ovals);
	hs_plugin_unload(&pl);
	free(ov);
	return status;
}
