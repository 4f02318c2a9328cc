/* hs-sim - simulate a planned stream and add a run record per task.
 *
 *   hs-sim [--check-durations] [FILE]
 *
 * Today the simulation is the replay of the static plan under the runtime
 * model (hs_replay): each task starts when the tasks of its after list have
 * ended, runs for the model's time on its allotment, and is killed at its
 * walltime.  The flow-level network model will be another --model. */
#include "hs/cli.h"
#include "hs/metrics.h"
#include "hs/model.h"
#include "hs/util.h"

#include <stdlib.h>
#include <string.h>

/* Long-only options: 256 + their index in opts[] (hs_cli_next). */
enum { O_CHECK_DURATIONS = 256 + 0 };

static const struct hs_cli_opt opts[] = {
	{0, "check-durations", NULL,
	 "also reject a plan whose durations differ from the runtime model"},
	{0, NULL, NULL, NULL},
};

static const struct hs_cli cli = {
	"hs-sim",
	"[--check-durations] [FILE]",
	"Replay a planned stream (from hs-plan) under the runtime model and add run records.",
	opts,
	NULL,
};

int main(int argc, char **argv)
{
	hs_set_progname(argv[0]);
	int check_durations = 0;
	const char *arg;
	int c, ind;
	while ((c = hs_cli_next(&cli, argc, argv, &arg, &ind)) != -1)
		if (c == O_CHECK_DURATIONS)
			check_durations = 1;
	if (argc - ind > 1)
		hs_cli_usage_error(&cli, "unexpected argument '%s'", argv[ind + 1]);
	const char *path = ind < argc ? argv[ind] : NULL;

	struct hs_stream s;
	struct hs_instance in;
	memset(&in, 0, sizeof in);
	int problems = 0;
	if (hs_stream_load(&s, path) < 0 || hs_instance_load(&in, &s) < 0) {
		problems = 1;
	} else if (!in.has_plan) {
		hs_error_at(s.name, 0, "no plan records (run hs-plan first)");
		problems = 1;
	} else {
		/* A plan that breaks the rules (overlaps, missing tasks) has no
		 * meaningful replay; durations may differ unless asked, since the
		 * replay recomputes them from the model anyway. */
		problems = hs_validate(&in, &in.plan, check_durations);
		if (problems)
			hs_error_at(s.name, 0, "the plan is not valid (%d problem%s)", problems,
				    problems == 1 ? "" : "s");
	}
	if (problems) {
		hs_instance_release(&in);
		hs_stream_release(&s);
		return HS_EXIT_USAGE;
	}

	struct hs_schedule run;
	hs_replay(&in, &in.plan, &run);
	hs_instance_set_run(&in, &run);
	struct hs_record *prov = hs_instance_prov(&in, "sim");
	hs_record_set(prov, "tool", "hs-sim");
	hs_record_set(prov, "version", HS_VERSION);
	hs_record_set(prov, "model", "replay");

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
