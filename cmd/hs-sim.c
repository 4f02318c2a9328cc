/* hs-sim - simulate a planned stream and add a run record per task, or
 * schedule it online with an algorithm that decides as jobs arrive and end.
 *
 *   hs-sim [-a ALGO [-o KEY[=VAL]]... [--clairvoyant] [--timeout S] [--per-event]] [-l] [-v]
 *          [--model flow|replay] [--solver bottleneck|simgrid] [--tcp-gamma B]
 *          [--energy host|core] [--gpu shared|slices] [--transfers on|off] [--platform FILE]
 *          [--check-durations]
 *          [--check-simgrid] [--progress|--no-progress] [--stats]
 *          [--link-stats FILE] [FILE]
 *
 * The flow model (hs/sim.h) simulates parallel tasks that compute and
 * communicate over the platform's network, after SimGrid's ptask_L07;
 * the replay model (hs_replay) runs the plan under the runtime model.
 * With -a, an online algorithm (hs/online.h, lib/online/) starts the jobs
 * inside the simulation and its decisions become the plan records.  The
 * input's checks, the run and what is written of it are lib/sim's
 * (sim/tool.h); -a, -o and -l lib/plugin's (plugin/host.h). */
#include "hs/cli.h"
#include "hs/loader.h"
#include "hs/sim.h"
#include "hs/util.h"
#include "plugin/host.h"
#include "sim/tool.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Long-only options: 256 + their index in opts[] (hs_cli_next). */
enum {
	O_MODEL = 256,
	O_SOLVER,
	O_TCP_GAMMA,
	O_ENERGY,
	O_GPU,
	O_TRANSFERS,
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
	O_PARTIAL,
	O_EVENT_LOG = O_PARTIAL + 5, /* after -a, -o, -l, -v */
	O_REPLAY_EVENTS,
};

static const struct hs_cli_opt opts[] = {
	{0, "model", "flow|replay", "flow-level simulation (default) or replay under the runtime model"},
	{0, "solver", "bottleneck|simgrid",
	 "sharing: SimGrid's fair bottleneck less its bugs (default) or as SimGrid has it"},
	{0, "tcp-gamma", "BYTES", "TCP window bounding a flow's rate (default 4194304; 0: none)"},
	{0, "energy", "host|core", "energy total: busy or idle per node (default) or per core"},
	{0, "gpu", "shared|slices",
	 "a GPU's streams share it (default) or each is a fixed slice (gpu_time, the old model)"},
	{0, "transfers", "on|off",
	 "data move between host and GPUs where nodes have gpu_bw (default) or cost nothing"},
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
	{0, "partial", NULL, "read a stream cut short (no closing 'end' record) as it is"},
	{'a', "algorithm", "ALGO",
	 "schedule online with this algorithm (see -l): a name or FILE.so[:NAME]"},
	{'o', "option", "KEY[=VAL]", "set an option of the online algorithm, repeatable; -o help"},
	{'l', "list", NULL, "list the online algorithms found, one a line, and exit"},
	{'v', "verbose", NULL, "with -a: say which plugin ran and what it cost"},
	{0, "event-log", "FILE", "with -a: write every batch of events handed to the algorithm to FILE"},
	{0, "replay-events", "FILE",
	 "with -a: hand over the batches of an event log at their dates, ends where it has them"},
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
	"[--solver bottleneck|simgrid] [--tcp-gamma BYTES] [--energy host|core] [--gpu shared|slices] [--transfers on|off] [--platform FILE] "
	"[--check-durations] [--check-simgrid] [--progress|--no-progress] [--stats] "
	"[--link-stats FILE] [--partial] [--event-log FILE] [--replay-events FILE] [FILE]",
	"Simulate a planned stream (from hs-plan) and add run records, or schedule it online "
	"(-a).",
	opts,
	complete_words,
};

/* File scope so that early exits leave nothing unreachable (LeakSanitizer). */
static struct hs_loaded pl;
static struct hs_optvals *ovals;
static char **ov;

int main(int argc, char **argv)
{
	hs_set_progname(argv[0]);
	int progress = -1, list = 0, nov = 0;
	const char *spec = NULL;
	struct hs_sim_tool t = { 0 };
	hs_sim_opts_default(&t.o);
	ov = hs_calloc((size_t)argc + 1, sizeof *ov);
	const char *arg;
	int c, ind;
	while ((c = hs_cli_next(&cli, argc, argv, &arg, &ind)) != -1) {
		switch (c) {
		case 'a': spec = complete_spec = arg; break;
		case 'o': ov[nov++] = (char *)arg; break;
		case 'l': list = 1; break;
		case 'v': t.verbose = 1; break;
		case O_CLAIRVOYANT: t.clairvoyant = 1; break;
		case O_TIMEOUT: t.timeout = hs_cli_double("--timeout", arg, 1e-6, 1e8); break;
		case O_PER_EVENT: t.per_event = 1; break;
		case O_EVENT_LOG: t.event_log = arg; break;
		case O_REPLAY_EVENTS: t.replay_events = arg; break;
		case O_PARTIAL: hs_stream_set_partial(1); break;
		case O_MODEL:
			if (strcmp(arg, "flow") != 0 && strcmp(arg, "replay") != 0)
				hs_cli_usage_error(&cli, "option --model: '%s' must be flow or replay", arg);
			t.replay = strcmp(arg, "replay") == 0;
			break;
		case O_SOLVER:
			if (strcmp(arg, "bottleneck") != 0 && strcmp(arg, "simgrid") != 0)
				hs_cli_usage_error(&cli, "option --solver: '%s' must be bottleneck or simgrid",
						   arg);
			t.o.solver = strcmp(arg, "simgrid") == 0 ? HS_SIM_SIMGRID : HS_SIM_BOTTLENECK;
			break;
		case O_TCP_GAMMA: t.o.tcp_gamma = hs_cli_double("--tcp-gamma", arg, 0, INFINITY); break;
		case O_ENERGY:
			if (strcmp(arg, "host") != 0 && strcmp(arg, "core") != 0)
				hs_cli_usage_error(&cli, "option --energy: '%s' must be host or core", arg);
			t.o.energy = strcmp(arg, "core") == 0 ? HS_SIM_ENERGY_CORE : HS_SIM_ENERGY_HOST;
			break;
		case O_GPU:
			if (strcmp(arg, "shared") != 0 && strcmp(arg, "slices") != 0)
				hs_cli_usage_error(&cli, "option --gpu: '%s' must be shared or slices", arg);
			t.o.gpu_slices = strcmp(arg, "slices") == 0;
			break;
		case O_TRANSFERS:
			if (strcmp(arg, "on") != 0 && strcmp(arg, "off") != 0)
				hs_cli_usage_error(&cli, "option --transfers: '%s' must be on or off", arg);
			t.o.no_transfers = strcmp(arg, "off") == 0;
			break;
		case O_PLATFORM: t.platform = arg; break;
		case O_CHECK_DURATIONS: t.check_durations = 1; break;
		case O_PROGRESS: progress = 1; break;
		case O_NO_PROGRESS: progress = 0; break;
		case O_STATS: t.stats = 1; break;
		case O_CHECK_SIMGRID: t.o.check_simgrid = 1; break;
		case O_LINK_STATS: t.link_stats = arg; break;
		default: hs_cli_usage_error(&cli, "unexpected option");
		}
	}
	if (list) {
		free(ov);
		return hs_plugin_list(HS_ALGO_ONLINE, t.verbose, "online algorithms");
	}
	if (!spec && (nov || t.clairvoyant || t.timeout > 0 || t.per_event || t.event_log ||
		      t.replay_events))
		hs_cli_usage_error(&cli, "%s needs an online algorithm (-a ALGO)",
				   nov		     ? "-o"
				   : t.clairvoyant   ? "--clairvoyant"
				   : t.per_event     ? "--per-event"
				   : t.event_log     ? "--event-log"
				   : t.replay_events ? "--replay-events"
						     : "--timeout");
	if (argc - ind > 1)
		hs_cli_usage_error(&cli, "unexpected argument '%s'", argv[ind + 1]);
	if (t.link_stats && t.replay)
		hs_cli_usage_error(&cli, "--link-stats measures the flow model: not with --model replay");
	t.o.link_stats = t.link_stats != NULL;
	const char *path = ind < argc ? argv[ind] : NULL;
	if (spec) {
		/* Before the input: -o help and a typo in -a need none. */
		int status;
		if (!(t.algo = hs_plugin_algo_opts(spec, HS_ALGO_ONLINE, ov, nov, &pl, &ovals, &status))) {
			free(ov);
			return status;
		}
		t.pl = &pl;
		t.ovals = ovals;
		if (t.check_durations)
			hs_cli_usage_error(&cli, "--check-durations checks a plan: not with -a");
	}
	struct hs_sim_progress_line prog = { 0, 0 };
	if (progress < 0 ? isatty(2) : progress) {
		t.o.progress = hs_sim_show_progress;
		t.o.progress_arg = &prog;
	}

	struct hs_stream s;
	struct hs_instance in;
	memset(&in, 0, sizeof in);
	if (hs_sim_tool_load(&t, path, &s, &in) < 0) {
		hs_instance_release(&in);
		hs_stream_release(&s);
		hs_optvals_free(ovals);
		hs_plugin_unload(&pl);
		free(ov);
		return HS_EXIT_USAGE;
	}
	struct hs_sim_outcome out;
	int status = hs_sim_tool_run(&t, &in, s.name, &out);
	if (status == HS_EXIT_OK)
		status = hs_sim_tool_output(&t, &s, &in, &out);
	if (!hs_free_at_exit())
		return status;
	hs_sim_outcome_release(&out);
	hs_instance_release(&in);
	hs_stream_release(&s);
	hs_optvals_free(ovals);
	hs_plugin_unload(&pl);
	free(ov);
	return status;
}
