/* hs-sim - simulate a planned stream and add a run record per task.
 *
 *   hs-sim [--model flow|replay] [--solver maxmin|simgrid] [--tcp-gamma B]
 *          [--energy host|core] [--platform FILE] [--check-durations]
 *          [--progress|--no-progress] [--stats] [FILE]
 *
 * The flow model (hs/sim.h) simulates parallel tasks that compute and
 * communicate over the platform's network, after SimGrid's ptask_L07;
 * the replay model (hs_replay) runs the plan under the runtime model. */
#include "hs/cli.h"
#include "hs/metrics.h"
#include "hs/model.h"
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
};

static const struct hs_cli_opt opts[] = {
	{0, "model", "flow|replay", "flow-level simulation (default) or replay under the runtime model"},
	{0, "solver", "maxmin|simgrid", "link sharing: bandwidth-fair max-min (default) or SimGrid's"},
	{0, "tcp-gamma", "BYTES", "TCP window bounding a flow's rate (default 4194304; 0: none)"},
	{0, "energy", "host|core", "energy total: busy or idle per node (default) or per core"},
	{0, "platform", "FILE", "simulate on the platform of FILE (hs stream or SimGrid XML)"},
	{0, "check-durations", NULL,
	 "also reject a plan whose durations differ from the runtime model"},
	{0, "progress", NULL, "show progress on stderr (default: when it is a terminal)"},
	{0, "no-progress", NULL, "never show progress"},
	{0, "stats", NULL, "print the simulation's counters and time on stderr"},
	{0, NULL, NULL, NULL},
};

static const struct hs_cli cli = {
	"hs-sim",
	"[--model flow|replay] [--solver maxmin|simgrid] [--tcp-gamma BYTES] [--energy host|core] "
	"[--platform FILE] [--check-durations] [--progress|--no-progress] [--stats] [FILE]",
	"Simulate a planned stream (from hs-plan) and add run records.",
	opts,
	NULL,
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

int main(int argc, char **argv)
{
	hs_set_progname(argv[0]);
	int check_durations = 0, replay = 0, progress = -1, stats = 0;
	const char *platform = NULL;
	struct hs_sim_opts o;
	hs_sim_opts_default(&o);
	const char *arg;
	int c, ind;
	while ((c = hs_cli_next(&cli, argc, argv, &arg, &ind)) != -1) {
		switch (c) {
		case O_MODEL:
			if (strcmp(arg, "flow") != 0 && strcmp(arg, "replay") != 0)
				hs_cli_usage_error(&cli, "option --model: '%s' must be flow or replay", arg);
			replay = strcmp(arg, "replay") == 0;
			break;
		case O_SOLVER:
			if (strcmp(arg, "maxmin") != 0 && strcmp(arg, "simgrid") != 0)
				hs_cli_usage_error(&cli, "option --solver: '%s' must be maxmin or simgrid",
						   arg);
			o.solver = strcmp(arg, "simgrid") == 0 ? HS_SIM_SIMGRID : HS_SIM_MAXMIN;
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
		default: hs_cli_usage_error(&cli, "unexpected option");
		}
	}
	if (argc - ind > 1)
		hs_cli_usage_error(&cli, "unexpected argument '%s'", argv[ind + 1]);
	const char *path = ind < argc ? argv[ind] : NULL;
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
	    hs_instance_load(&in, &s) < 0) {
		problems = 1;
	} else if (!in.has_plan) {
		hs_error_at(s.name, 0, "no plan records (run hs-plan first)");
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
	struct hs_schedule run;
	struct hs_sim_result res;
	memset(&run, 0, sizeof run);
	double t0 = hs_now();
	if (!problems) {
		if (replay)
			hs_replay(&in, &in.plan, &run);
		else if (hs_sim_run(&in, &in.plan, &o, &run, &res) < 0)
			problems = 1;
	}
	if (problems) {
		hs_schedule_release(&run);
		hs_instance_release(&in);
		hs_stream_release(&s);
		return HS_EXIT_USAGE;
	}
	double elapsed = hs_now() - t0;

	hs_instance_set_run(&in, &run);
	struct hs_record *prov = hs_instance_prov(&in, "sim");
	hs_record_set(prov, "tool", "hs-sim");
	hs_record_set(prov, "version", HS_VERSION);
	hs_record_set(prov, "model", replay ? "replay" : "flow");
	if (!replay) {
		hs_record_set(prov, "solver", o.solver == HS_SIM_SIMGRID ? "simgrid" : "maxmin");
		set_num(prov, "tcp_gamma", o.tcp_gamma);
		hs_record_set(prov, "energy_model", o.energy == HS_SIM_ENERGY_CORE ? "core" : "host");
		set_num(prov, "makespan", res.makespan);
		set_num(prov, "energy", res.energy);
	}
	if (platform)
		hs_record_set(prov, "platform", platform);
	if (stats) {
		if (replay)
			fprintf(stderr, "%s: %d tasks replayed in %.3f s\n", hs_progname(), in.ntasks,
				elapsed);
		else
			fprintf(stderr,
				"%s: %d tasks (%d parallel) in %.3f s: %ld events, %ld solves, "
				"%ld variables and %ld elements solved\n",
				hs_progname(), in.ntasks, res.flow_tasks, elapsed, res.events, res.solves,
				res.vars_solved, res.elems_solved);
	}

	int status = HS_EXIT_OK;
	if (hs_stream_write(stdout, &s) < 0 || fflush(stdout) != 0) {
		hs_error("stdout: write error");
		status = HS_EXIT_FAIL;
	}
	hs_schedule_release(&run);
	hs_instance_release(&in);
	hs_stream_release(&s);
	return status;
}
