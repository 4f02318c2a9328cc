/* sim/tool.h - the hs-sim tool over hs/sim.h and hs/onlinesim.h: its
 * options as parsed (cmd/hs-sim.c), its input loaded and checked
 * (input.c), the simulation or the online run (run.c), what it writes and
 * says of a run (output.c), its progress line (progress.c).  Not
 * installed: hs/sim.h is the engines' interface and stays as it is; this
 * one is the tool's own, and may change with it. */
#ifndef HS_SIM_TOOL_H
#define HS_SIM_TOOL_H

#include "hs/loader.h"
#include "hs/model.h"
#include "hs/onlinesim.h"
#include "hs/sim.h"

/* The options (cmd/hs-sim.c), which the library reads. */
struct hs_sim_tool {
	struct hs_sim_opts o;          /* --solver, --tcp-gamma, --energy, --check-simgrid,
					* the progress line, link_stats */
	int replay;                    /* --model replay */
	int check_durations, stats, verbose;
	const char *platform;          /* --platform FILE, or NULL */
	const char *link_stats;        /* --link-stats FILE, or NULL */
	/* -a: the online algorithm, or NULL to simulate the input's plan */
	const struct hs_algo *algo;
	const struct hs_loaded *pl;
	const struct hs_optvals *ovals;
	int clairvoyant, per_event;
	double timeout;                /* --timeout; 0: none */
	const char *event_log;         /* --event-log FILE: the batches handed over */
	const char *replay_events;     /* --replay-events FILE: an event log as the engine */
};

/* What a run made: for a plan, its run (in's own with -a), the engine's
 * counters (with -a: the online run's), and the online run's figures. */
struct hs_sim_outcome {
	struct hs_schedule run;
	struct hs_sim_result res;
	struct hs_online_result ores;
	struct hs_ctx *ctx;            /* with -a: the algorithm's context */
	double elapsed;                /* seconds the run took */
};

/* The stream at path (NULL: stdin) into s, on t->platform if given, loaded
 * into in (zeroed by the caller) and checked: with -a a platform with
 * nodes; else a valid plan (its durations too with --check-durations),
 * ordered by its times when it has no after lists.  0, or -1 after
 * reporting (s and in to be released). */
int hs_sim_tool_load(const struct hs_sim_tool *t, const char *path, struct hs_stream *s,
		     struct hs_instance *in);

/* Run the online algorithm, or simulate or replay in's plan (in's run of
 * the input released first): out filled.  The exit status: HS_EXIT_OK, or
 * the error reported. */
int hs_sim_tool_run(const struct hs_sim_tool *t, struct hs_instance *in, const char *name,
		    struct hs_sim_outcome *out);

/* After a run that went well: the run records (out->run taken into in)
 * and the "prov sim" record into s, the drift of durations, -v, --stats and --check-simgrid on
 * stderr, the --link-stats file, and s written on stdout.  The exit
 * status. */
int hs_sim_tool_output(const struct hs_sim_tool *t, struct hs_stream *s, struct hs_instance *in,
		       struct hs_sim_outcome *out);

void hs_sim_outcome_release(struct hs_sim_outcome *out);

/* The progress line on stderr (hs_sim_opts.progress; arg a zeroed struct
 * hs_sim_progress_line): tasks ended and simulated time, at most four
 * times a second, cleared at the end. */
struct hs_sim_progress_line {
	double shown_at;
	int shown;
};
void hs_sim_show_progress(void *arg, int done, int total, double now);

#endif
