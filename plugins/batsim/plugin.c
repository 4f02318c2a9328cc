/* batsim/plugin.c - the "batsim" online algorithm: hs-sim plays Batsim's
 * side and an external scheduler decides (hs-batsim(7)).  Options, what
 * Batsim cannot express (refused at the start), and the online ABI's
 * callbacks handed to the bridge. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bridge.h"

/* Refuse what a Batsim job cannot be: a task on a GPU, or one that may run
 * on cores or on a GPU (a choice Batsim's jobs, a number of resources, do
 * not have).  Other runtime models run on the cores they ask for, as under
 * hs's own online algorithms. */
static int check_job(struct bridge *b, int j)
{
	const struct hs_online_job *J = hs_online_job(b->h, j);
	if (J->gpus > 0 || J->on == HS_ON_GPU)
		return bs_fail(b, "job %s runs on a GPU: Batsim's jobs ask for resources of one kind, "
				  "here cores; hs-sim -a batsim takes CPU jobs only",
			       J->id);
	if (J->on == HS_ON_ANY)
		return bs_fail(b, "job %s may run on cores or on a GPU (on=any): a choice Batsim's jobs "
				  "cannot express; give it on=cpu",
			       J->id);
	return 0;
}

static int machine(struct bridge *b, const struct hs_optvals *opts)
{
	const struct hs_online_machine *m = hs_online_machine(b->h);
	const struct hs_platform *pl = m->plat;
	b->per_node = strcmp(hs_opt_str(opts, "resource"), "node") == 0;
	b->nres = b->per_node ? pl->nnodes : m->ncores;
	if (b->nres == 0)
		return bs_fail(b, "the platform has no %s", b->per_node ? "node" : "core");
	for (int n = 0; n < pl->nnodes; n++) {
		const struct hs_node *nd = &pl->nodes[n];
		if (b->per_node && nd->cores != pl->nodes[0].cores)
			return bs_fail(b, "resource=node needs nodes of one size: %s has %d cores, %s %d",
				       pl->nodes[0].id, pl->nodes[0].cores, nd->id, nd->cores);
	}
	b->node_cores = pl->nodes[0].cores;
	return 0;
}

static int bs_start(struct hs_online *h, const struct hs_optvals *opts, struct hs_ctx *ctx,
		    void **state)
{
	struct bridge *b = hs_calloc(1, sizeof *b);
	*state = b;
	b->h = h;
	b->ctx = ctx;
	b->wire = &bs_wire_json;
	b->endpoint = hs_opt_str(opts, "socket");
	b->forward = hs_opt_bool(opts, "forward-profiles");
	b->dynamic = hs_opt_bool(opts, "dynamic-jobs");
	b->acked = hs_opt_bool(opts, "ack-dynamic-jobs");
	b->timeout = hs_opt_double(opts, "timeout");
	b->workload = hs_opt_str(opts, "workload");
	b->pstate_number = strcmp(hs_opt_str(opts, "pstate-json"), "number") == 0;
	b->can_send = 1;
	if (!(b->timeout >= 0) || !isfinite(b->timeout))
		return bs_fail(b, "timeout must be a number of seconds >= 0 (0: wait for ever)");
	if (!*b->workload || strchr(b->workload, '!'))
		return bs_fail(b, "workload '%s' is not a Batsim workload name", b->workload);
	if (b->acked && !b->dynamic)
		return bs_fail(b, "ack-dynamic-jobs=1 needs dynamic-jobs=1");
	if (machine(b, opts) < 0)
		return -1;
	const struct hs_online_machine *m = hs_online_machine(h);
	for (int j = 0; j < m->njobs; j++) {
		if (check_job(b, j) < 0)
			return -1;
		const struct hs_online_job *J = hs_online_job(h, j);
		int res = b->per_node ? (J->cores + b->node_cores - 1) / b->node_cores : J->cores;
		char *id = hs_asprintf("%s!%s", b->workload, J->id);
		bs_job_name(b, j, id, J->id, res);
		free(id);
	}
	const char *tr = hs_opt_str(opts, "trace");
	if (*tr && !(b->trace = fopen(tr, "w")))
		return bs_fail(b, "trace: cannot write %s", tr);
	char *err = NULL;
	if (!(b->link = bs_link_open(b->endpoint, &err))) {
		bs_fail(b, "socket: %s", err);
		free(err);
		return -1;
	}
	hs_ctx_prov(ctx, "batsim.socket", "%s", b->endpoint);
	/* SIMULATION_BEGINS goes first, at 0, before any job */
	return hs_online_wake(h, 0);
}

static int bs_events(void *state, struct hs_online *h, const struct hs_online_event *ev, int nev,
		     struct hs_ctx *ctx)
{
	struct bridge *b = state;
	b->h = h;
	b->ctx = ctx;
	int rc = bs_bridge_batch(b, ev, nev);
	if (b->ended) {
		hs_ctx_prov(ctx, "batsim.messages", "%ld", b->messages);
		if (hs_ctx_verbose(ctx))
			hs_warn("batsim: %ld messages, %.3f s waiting for the scheduler, %.3f s from a "
				"reply to the next request (%.1f us a message)",
				b->messages, b->wait_s, b->work_s,
				b->messages > 1 ? b->work_s / (b->messages - 1) * 1e6 : 0.0);
	}
	return rc;
}

static void bs_finish(void *state)
{
	bs_bridge_release(state);
}

static const struct hs_online_ops batsim_ops = {
	sizeof(struct hs_online_ops), HS_ONLINE_ABI,
	/* each job's profile carries its duration, as Batsim's do */
	HS_ONLINE_NEEDS_MODEL, bs_start, bs_events, bs_finish,
};

static const struct hs_option batsim_opts[] = {
	{ "socket", HS_OPT_STRING, "tcp://localhost:28000",
	  "the scheduler's endpoint (it binds it, hs-sim connects): any ZeroMQ endpoint, "
	  "ipc://FILE or tcp://HOST:PORT",
	  NULL },
	{ "resource", HS_OPT_CHOICE, "core",
	  "a Batsim resource per core, or per node (whole-node allocations)", "core|node" },
	{ "forward-profiles", HS_OPT_BOOL, "0",
	  "send each job's profile with its JOB_SUBMITTED (Batsim's --forward-profiles-on-submission)",
	  NULL },
	{ "dynamic-jobs", HS_OPT_BOOL, "0",
	  "let the scheduler register jobs of its own (Batsim's --enable-dynamic-jobs)", NULL },
	{ "ack-dynamic-jobs", HS_OPT_BOOL, "0",
	  "send a JOB_SUBMITTED for each job the scheduler registers (--acknowledge-dynamic-jobs)",
	  NULL },
	{ "timeout", HS_OPT_DOUBLE, "0",
	  "seconds to wait for each reply before giving up (0: for ever, as Batsim)", NULL },
	{ "workload", HS_OPT_STRING, "w0", "the workload name of the stream's jobs (WORKLOAD!ID)",
	  NULL },
	{ "trace", HS_OPT_STRING, "", "write every message to this file, '>' sent, '<' received",
	  NULL },
	{ "pstate-json", HS_OPT_CHOICE, "string",
	  "RESOURCE_STATE_CHANGED's state as Batsim writes it (a string), or as a number (what "
	  "pybatsim's fcfsSchedSleep.py compares it with)",
	  "string|number" },
	{ NULL, 0, NULL, NULL, NULL },
};

static const struct hs_algo batsim_algo = {
	.struct_size = sizeof(struct hs_algo),
	.name = "batsim",
	.summary = "an external Batsim scheduler decides (pybatsim, batsched): hs-sim plays Batsim",
	.options = batsim_opts,
	.online = &batsim_ops,
};

static const struct hs_algo *const batsim_algos[] = { &batsim_algo, NULL };

HS_PLUGIN_DEFINE(batsim, "1.0",
		 "Batsim's protocol: external schedulers drive hs-sim (JSON over ZeroMQ, Batsim 4)",
		 NULL, NULL, batsim_algos);
