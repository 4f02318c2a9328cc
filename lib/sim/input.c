/* sim/input.c - hs-sim's input (tool.h): the stream loaded, on another
 * platform if asked, and checked for what runs it: an online algorithm
 * needs nodes, a plan must be valid and know its order on each core. */
#include "sim/tool.h"
#include "hs/util.h"

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

int hs_sim_tool_load(const struct hs_sim_tool *t, const char *path, struct hs_stream *s,
		     struct hs_instance *in)
{
	/* The run records of the input are loaded (to be checked) only to be
	 * replaced; an online algorithm's input has no plan to order. */
	if (hs_stream_load(s, path) < 0 ||
	    (t->platform && hs_sim_replace_platform(s, t->platform) < 0) ||
	    hs_instance_load_flags(in, s, t->algo ? HS_LOAD_NO_AFTER : HS_LOAD_RUN_REPLACED) < 0)
		return -1;
	if (t->algo) {
		if (in->plat.nnodes == 0) {
			hs_error_at(s->name, 0, "no nodes in the platform");
			return -1;
		}
		return 0;
	}
	if (!in->has_plan) {
		hs_error_at(s->name, 0,
			    "no plan records (run hs-plan first, or schedule online: hs-sim -a ALGO)");
		return -1;
	}
	/* A plan that breaks the rules (overlaps, missing tasks) has no
	 * meaningful simulation; durations may differ unless asked, since
	 * the simulation finds them anyway. */
	int problems = hs_validate(in, &in->plan, t->check_durations);
	if (problems) {
		hs_error_at(s->name, 0, "the plan is not valid (%d problem%s)", problems,
			    problems == 1 ? "" : "s");
		return -1;
	}
	order_by_times(in, s->name);
	return 0;
}
