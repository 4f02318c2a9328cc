/* sim/output.c - what hs-sim writes and says of a run (tool.h): the run
 * records and the "prov sim" record, -v, --stats and --check-simgrid on
 * stderr, the --link-stats file, the stream on stdout. */
#include "sim/tool.h"
#include "sim/data.h"
#include "hs/drift.h"
#include "hs/util.h"
#include "plugin/host.h"

#include <stdio.h>

/* res: the run's figures, NULL for a plan replayed (no energy model). */
static void sim_prov(struct hs_record *prov, const struct hs_sim_tool *t,
		     const struct hs_sim_result *res)
{
	const struct hs_sim_opts *o = &t->o;
	hs_record_set(prov, "tool", "hs-sim");
	hs_record_set(prov, "version", HS_VERSION);
	hs_record_set(prov, "model", t->replay ? "replay" : "flow");
	if (!t->replay) {
		hs_record_set(prov, "solver", o->solver == HS_SIM_SIMGRID ? "simgrid" : "bottleneck");
		hs_record_set_num(prov, "tcp_gamma", o->tcp_gamma);
	}
	if (res) {
		hs_record_set(prov, "energy_model", o->energy == HS_SIM_ENERGY_CORE ? "core" : "host");
		hs_record_set_num(prov, "makespan", res->makespan);
		hs_record_set_num(prov, "energy", res->energy);
	}
	if (t->platform)
		hs_record_set(prov, "platform", t->platform);
}

/* -a: what ran, with the algorithm's own entries after hs-sim's. */
static void online_prov(struct hs_record *prov, const struct hs_sim_tool *t,
			const struct hs_sim_outcome *out)
{
	hs_plugin_prov(prov, t->pl, t->algo, t->ovals);
	hs_record_set(prov, "knowledge", out->ores.knowledge);
	hs_record_set_int(prov, "rejected", out->ores.rejected);
	hs_ctx_prov_apply(out->ctx, prov);
}

static void print_stats(const struct hs_sim_tool *t, const struct hs_instance *in,
			const struct hs_sim_outcome *out)
{
	const struct hs_sim_result *res = &out->res;
	if (t->replay && !t->algo)
		fprintf(stderr, "%s: %d tasks replayed in %.3f s\n", hs_progname(), in->ntasks,
			out->elapsed);
	else
		fprintf(stderr,
			"%s: %d tasks (%d parallel) in %.3f s: %ld events, %ld solves, "
			"%ld variables and %ld elements solved\n",
			hs_progname(), in->ntasks, res->flow_tasks, out->elapsed, res->events,
			res->solves, res->vars_solved, res->elems_solved);
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

int hs_sim_tool_output(const struct hs_sim_tool *t, struct hs_stream *s, struct hs_instance *in,
		       struct hs_sim_outcome *out)
{
	int status = HS_EXIT_OK;
	const struct hs_sim_result *res = &out->res;
	if (!t->algo)
		hs_instance_emit_run(in, &out->run);
	hs_drift_warn(in, &in->run, stderr); /* durations far from time= (hs/drift.h) */
	struct hs_record *prov = hs_instance_prov(in, "sim");
	sim_prov(prov, t, t->algo || !t->replay ? res : NULL);
	/* The GPU model, where it matters: some task has a time alone. */
	for (int i = 0; !t->replay && i < in->ntasks; i++)
		if (in->tasks[i].gpu_alone > 0) {
			hs_record_set(prov, "gpu", t->o.gpu_slices ? "slices" : "shared");
			break;
		}
	/* The data model, where it matters. */
	if (!t->replay && hs_data_applies(in))
		hs_record_set(prov, "transfers", t->o.no_transfers ? "off" : "on");
	if (t->algo)
		online_prov(prov, t, out);
	if (t->verbose && t->algo)
		hs_error("%s: plugin %s %s (%s): %d jobs started, %d rejected; %ld calls with "
			 "%ld events, %.6f s in the algorithm; makespan %g",
			 t->algo->name, t->pl->desc.name, t->pl->desc.version, t->pl->path,
			 out->ores.started, out->ores.rejected, out->ores.calls, out->ores.events,
			 out->ores.plugin_s, res->makespan);
	if (t->stats)
		print_stats(t, in, out);
	if (t->o.check_simgrid && !t->replay)
		report_departures(s->name, &t->o, res);
	if (t->link_stats && write_link_stats(t->link_stats, res) < 0)
		status = HS_EXIT_FAIL;
	if (hs_stream_write(stdout, s) < 0 || fflush(stdout) != 0) {
		hs_error("stdout: write error");
		status = HS_EXIT_FAIL;
	}
	return status;
}
