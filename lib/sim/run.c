/* sim/run.c - hs-sim's run (tool.h): the online algorithm in the
 * simulator, the plan replayed under the runtime model, or the plan
 * simulated by the flow model; timed for --stats. */
#include "sim/tool.h"
#include "hs/metrics.h"
#include "hs/util.h"

#include <errno.h>
#include <string.h>

int hs_sim_tool_run(const struct hs_sim_tool *t, struct hs_instance *in, const char *name,
		    struct hs_sim_outcome *out)
{
	memset(out, 0, sizeof *out);
	int status = HS_EXIT_OK;
	/* The run the input had (loaded only when it has run records, to be
	 * checked: HS_LOAD_RUN_REPLACED) is replaced by the one simulated: its
	 * memory goes back before the new one is made. */
	if (!t->algo)
		hs_schedule_release(&in->run);
	double t0 = hs_now();
	if (t->algo) {
		struct hs_online_run cfg = { t->algo, t->pl->desc.name, t->ovals, t->o, t->clairvoyant,
					     t->pl->path, t->timeout, t->per_event, NULL };
		cfg.sim.runtime_only = t->replay;
		if (t->event_log && !(cfg.event_log = fopen(t->event_log, "w"))) {
			hs_error("cannot write the event log %s: %s", t->event_log, strerror(errno));
			return HS_EXIT_FAIL;
		}
		struct hs_online_engine eng;
		if (t->replay_events && hs_online_events_engine(&eng, t->replay_events, in) < 0) {
			if (cfg.event_log)
				fclose(cfg.event_log);
			return HS_EXIT_USAGE;
		}
		out->ctx = hs_ctx_new(t->algo->name, name, t->verbose);
		int orc = hs_online_drive(in, &cfg, t->replay_events ? &eng : NULL, out->ctx, &out->ores);
		if (orc < 0)
			status = orc == -2 ? HS_EXIT_USAGE : HS_EXIT_FAIL;
		if (t->replay_events)
			hs_online_events_release(&eng);
		if (cfg.event_log && fclose(cfg.event_log) != 0 && status == HS_EXIT_OK) {
			hs_error("error writing the event log %s", t->event_log);
			status = HS_EXIT_FAIL;
		}
		out->res = out->ores.sim;
	} else if (t->replay) {
		if (hs_replay(in, &in->plan, &out->run) < 0)
			status = HS_EXIT_USAGE;
	} else if (hs_sim_run(in, &in->plan, &t->o, &out->run, &out->res) < 0) {
		status = HS_EXIT_USAGE;
	}
	out->elapsed = hs_now() - t0;
	return status;
}

void hs_sim_outcome_release(struct hs_sim_outcome *out)
{
	hs_ctx_free(out->ctx);
	hs_sim_result_release(&out->res);
	hs_schedule_release(&out->run);
}
