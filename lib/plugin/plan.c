/* plugin/plan.c - hs-plan's run of an offline planner (host.h): the call
 * under the guard, the plan it returns checked before anything is written
 * (an invalid plan is the plugin's bug, never passed downstream), the plan
 * emitted with its provenance. */
#include "plugin/host.h"
#include "hs/guard.h"
#include "hs/util.h"

int hs_plugin_plan(const struct hs_loaded *pl, const struct hs_algo *algo,
		   const struct hs_optvals *ovals, const struct hs_instance *in,
		   struct hs_schedule *sched, struct hs_ctx *ctx, double timeout, double *elapsed)
{
	double t0 = hs_now();
	*elapsed = 0;
	if (in->ntasks == 0)
		return HS_EXIT_OK;
	/* The plugin cannot crash, exit, hang or print into our output
	 * without being named (hs/guard.h). */
	struct hs_guard g;
	hs_guard_init(&g, pl->desc.name, algo->name, pl->path);
	g.timeout = timeout;
	hs_guard_enter(&g, "planning");
	int rc = algo->plan(in, ovals, sched, ctx);
	hs_guard_leave(&g);
	hs_guard_release(&g);
	*elapsed = hs_now() - t0;
	hs_ctx_progress_end(ctx);
	/* Before anything reads the slots the plugin filled. */
	if (sched->n != in->ntasks || !sched->p)
		hs_die(HS_EXIT_FAIL, "%s: the plugin left %d slots for %d tasks in its schedule "
		       "(a bug in plugin %s, %s)", algo->name, sched->n, in->ntasks, pl->desc.name,
		       pl->path);
	if (rc != 0) {
		if (hs_ctx_nerrors(ctx) == 0)
			hs_error("%s: planning failed (the plugin gave no reason)", algo->name);
		return HS_EXIT_USAGE;
	}
	/* A plugin that leaves the after lists empty has them computed from
	 * its times (hs/plugin.h). */
	int bad = hs_schedule_has_after(sched) ? hs_validate(in, sched, 1)
		  : hs_validate_set_after(in, sched, HS_VALIDATE_DURATIONS);
	if (bad > 0)
		hs_die(HS_EXIT_FAIL, "%s: produced an invalid plan (a bug in plugin %s, %s)",
		       algo->name, pl->desc.name, pl->path);
	return HS_EXIT_OK;
}

void hs_plugin_plan_emit(struct hs_instance *in, struct hs_schedule *sched,
			 const struct hs_loaded *pl, const struct hs_algo *algo,
			 const struct hs_optvals *ovals, const struct hs_ctx *ctx, double elapsed)
{
	hs_instance_emit_plan(in, sched);
	struct hs_record *prov = hs_instance_prov(in, "plan");
	hs_record_set(prov, "tool", "hs-plan");
	hs_record_set(prov, "version", HS_VERSION);
	hs_plugin_prov(prov, pl, algo, ovals);
	hs_record_setf(prov, "time", "%.6f", elapsed);
	hs_ctx_prov_apply(ctx, prov);
}
