/* hs-simgrid-ref - replay a planned hs stream with SimGrid's ptask_L07 model:
 * the reference that hs-sim --model flow is compared with
 * (tests/simgrid/compare.sh, tests/0340-sim-simgrid.bats, bench/sim.sh).
 *
 *   hs-simgrid-ref [--cfg KEY:VALUE]... [--platform-xml FILE] [--flat] [--check-routes] [FILE]
 *
 * Prints one line per task, in task order: "TASKID START END STATE".
 *
 * The replay follows hs_replay (lib/sim/replay.c): a task starts when every task
 * of its after list has ended, not before its release date; planned start
 * times are not used; a task still running at its walltime is killed there.
 * A task with comp= or comm= is a SimGrid parallel task: one process per
 * allotted core (part by part, core by core), the host list naming the
 * process's node, comp= flop per process (one value: the same for all),
 * comm= bytes from process i to process j (an n*n matrix, or one value for
 * every ordered pair of distinct processes).  Bytes between two processes of
 * one node are dropped unless the node has a loopback route: hs routes a
 * node to itself over no link with no latency, where SimGrid would use the
 * node's private link (and switch) up and down again.
 * Other tasks sleep for the model's duration (hs_placement_duration).
 *
 * The platform: a platform record with xml=PATH loads that SimGrid file
 * (hs nodes are the hosts of the same names).  Otherwise the stream's
 * cluster tree is written as a SimGrid v4.1 file (ref_platform.c) that
 * gives every pair of distinct nodes the route of hs_net_route; a platform
 * with link, router or route records, or --flat, gets one zone listing
 * hs_net_route's route for every pair.  --check-routes compares SimGrid's
 * routes with hs's for every such pair instead of simulating
 * (ref_routes.c).
 */
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <simgrid/actor.h>
#include <simgrid/engine.h>
#include <simgrid/exec.h>
#include <simgrid/host.h>

#include "hs/cli.h"
#include "hs/metrics.h"
#include "hs/model.h"
#include "hs/net.h"
#include "hs/util.h"
#include "ref.h"

enum { O_CFG = 256 + 0, O_XML, O_FLAT, O_CHECK_ROUTES };

static const struct hs_cli_opt opts[] = {
	{0, "cfg", "KEY:VALUE", "a SimGrid configuration item (network/TCP-gamma:0), repeatable"},
	{0, "platform-xml", "FILE", "also write the SimGrid platform made from the stream to FILE"},
	{0, "flat", NULL, "give SimGrid hs's route for every pair of nodes (not the cluster tree or xml= file)"},
	{0, "check-routes", NULL,
	 "compare SimGrid's route with hs's for every pair of distinct nodes; no simulation"},
	{0, NULL, NULL, NULL},
};

static const struct hs_cli cli = {
	"hs-simgrid-ref",
	"[--cfg KEY:VALUE]... [--platform-xml FILE] [--flat] [--check-routes] [FILE]",
	"Replay a planned stream with SimGrid's ptask_L07 model; print TASKID START END STATE lines.",
	opts,
	NULL,
};

/* What the actors share (SimGrid actors take no closure beyond their data). */
struct ref {
	const struct hs_instance *in;
	sg_host_t *host;       /* per hs node */
	int *succ_off, *succ;  /* successors in the after graph (CSR) */
	int *indeg;
	char *self;            /* per node: hs routes it to itself over links */
	double *start, *end;
	enum hs_state *state;
};
static struct ref R;
/* File scope, so that early exits leave nothing unreachable (LeakSanitizer):
 * the input, SimGrid's argv (simgrid_init drops the words it takes from sgv;
 * sgv_words keeps them), the platform file's name. */
static struct hs_stream st;
static struct hs_instance in;
static struct hs_net net;
static char **sgv, **sgv_words;
static char *xml;
static int flat; /* --flat */

static int routes_written;
static long routes_differ;

static void routes_main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	routes_differ = ref_check_routes(&in, &net, R.host, routes_written, flat);
}

/* ---------------- replay ---------------- */

static int is_pred(const struct hs_schedule *plan, int i, int j)
{
	return j >= 0 && j < plan->n && j != i && plan->p[j].task == j;
}

/* Successor lists and in-degrees of the after graph, as lib/sim/replay.c. */
static void build_graph(const struct hs_instance *in)
{
	const struct hs_schedule *plan = &in->plan;
	int n = in->ntasks;
	R.indeg = hs_calloc(n + 1, sizeof *R.indeg);
	R.succ_off = hs_calloc(n + 2, sizeof *R.succ_off);
	for (int i = 0; i < n; i++)
		for (int k = 0; k < plan->p[i].nafter; k++)
			if (is_pred(plan, i, plan->p[i].after[k])) {
				R.succ_off[plan->p[i].after[k] + 1]++;
				R.indeg[i]++;
			}
	for (int i = 0; i < n; i++)
		R.succ_off[i + 1] += R.succ_off[i];
	R.succ = hs_malloc((R.succ_off[n] + 1) * sizeof *R.succ);
	int *fill = hs_malloc((n + 1) * sizeof *fill);
	memcpy(fill, R.succ_off, (n + 1) * sizeof *fill);
	for (int i = 0; i < n; i++)
		for (int k = 0; k < plan->p[i].nafter; k++)
			if (is_pred(plan, i, plan->p[i].after[k]))
				R.succ[fill[plan->p[i].after[k]]++] = i;
	free(fill);
}

/* A task's processes: its allotted cores (0 on GPUs). */
static int nprocs(const struct hs_placement *p)
{
	int n = 0;
	for (int k = 0; k < p->nparts; k++)
		n += p->parts[k].ncores;
	return n;
}

/* Whether task i is a parallel task (comp or comm, on cores). */
static int is_ptask(const struct hs_instance *in, int i)
{
	const struct hs_task *t = &in->tasks[i];
	return (t->ncomp > 0 || t->ncomm > 0) && nprocs(&in->plan.p[i]) > 0;
}

/* Every pair of nodes of task i that exchange bytes must have a route.
 * Returns the number of problems reported (one at most). */
static int check_routes_of(const struct hs_instance *in, int i, int P)
{
	const struct hs_task *t = &in->tasks[i];
	const struct hs_placement *p = &in->plan.p[i];
	if (t->ncomm == 0)
		return 0;
	int *node = hs_malloc(P * sizeof *node);
	for (int k = 0, q = 0; k < p->nparts; k++)
		for (int c = 0; c < p->parts[k].ncores; c++)
			node[q++] = p->parts[k].node;
	struct hs_route r = {0};
	int bad = 0;
	for (int a = 0; a < P && !bad; a++)
		for (int b = 0; b < P && !bad; b++) {
			double bytes = t->ncomm == 1 ? (a != b) * t->comm[0] : t->comm[(long)a * P + b];
			if (bytes > 0 && node[a] != node[b] && hs_net_route(&net, node[a], node[b], &r) < 0) {
				hs_error_at(in->stream->name, t->rec ? t->rec->line : 0,
					    "task %s: no route from node %s to node %s", t->id,
					    in->plat.nodes[node[a]].id, in->plat.nodes[node[b]].id);
				bad = 1;
			}
		}
	hs_route_release(&r);
	free(node);
	return bad;
}

/* Per-process amounts must match the allotment, as hs-sim checks them.
 * Returns the number of problems reported. */
static int check_amounts(const struct hs_instance *in)
{
	int problems = 0;
	for (int i = 0; i < in->ntasks; i++) {
		const struct hs_task *t = &in->tasks[i];
		int P = nprocs(&in->plan.p[i]);
		if (!is_ptask(in, i))
			continue;
		const char *name = in->stream->name;
		int line = t->rec ? t->rec->line : 0;
		if (t->ncomp > 1 && t->ncomp != P) {
			hs_error_at(name, line, "task %s: comp has %d values but its allotment has %d cores (give 1 or %d)",
				    t->id, t->ncomp, P, P);
			problems++;
		}
		if (t->ncomm > 1 && (long)t->ncomm != (long)P * P) {
			hs_error_at(name, line,
				    "task %s: comm has %d values but its allotment has %d cores (give 1 or %ld)", t->id,
				    t->ncomm, P, (long)P * P);
			problems++;
			continue;
		}
		problems += check_routes_of(in, i, P);
	}
	return problems;
}

/* Run task i as a parallel task; returns its state. */
static enum hs_state run_ptask(int i)
{
	const struct hs_task *t = &R.in->tasks[i];
	const struct hs_placement *p = &R.in->plan.p[i];
	int n = nprocs(p);
	sg_host_t *hosts = hs_malloc(n * sizeof *hosts);
	int *node = hs_malloc(n * sizeof *node);
	double *flops = hs_calloc(n, sizeof *flops);
	double *bytes = t->ncomm > 0 ? hs_calloc((size_t)n * n, sizeof *bytes) : NULL;
	int q = 0;
	for (int k = 0; k < p->nparts; k++)
		for (int c = 0; c < p->parts[k].ncores; c++, q++) {
			node[q] = p->parts[k].node;
			hosts[q] = R.host[node[q]];
			flops[q] = t->ncomp == 0 ? 0 : t->comp[t->ncomp == 1 ? 0 : q];
		}
	/* One comm value: every ordered pair of distinct processes; a
	 * matrix: as given.  Within a node only along a loopback route. */
	for (int a = 0; bytes && a < n; a++)
		for (int b = 0; b < n; b++)
			if (node[a] != node[b] || R.self[node[a]])
				bytes[(size_t)a * n + b] = t->ncomm > 1 ? t->comm[(size_t)a * n + b]
						     : a != b	    ? t->comm[0]
								    : 0;
	sg_exec_t e = sg_actor_parallel_exec_init(n, hosts, flops, bytes);
	free(hosts);
	free(node);
	free(flops);
	free(bytes);
	sg_exec_start(e);
	if (isfinite(t->walltime) && sg_exec_wait_for(e, t->walltime) == SG_ERROR_TIMEOUT) {
		sg_exec_cancel(e);
		return HS_STATE_KILLED;
	}
	if (!isfinite(t->walltime))
		sg_exec_wait(e);
	return HS_STATE_DONE;
}

static void spawn(int i);

static void task_main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	int i = (int)(intptr_t)sg_actor_self_get_data();
	const struct hs_task *t = &R.in->tasks[i];
	if (t->release > simgrid_get_clock())
		sg_actor_sleep_until(t->release);
	R.start[i] = simgrid_get_clock();
	if (is_ptask(R.in, i)) {
		R.state[i] = run_ptask(i);
	} else {
		double d = hs_placement_duration(R.in, t, &R.in->plan.p[i]);
		if (!isfinite(d)) {
			R.state[i] = HS_STATE_FAILED;
		} else if (d > t->walltime) {
			sg_actor_sleep_for(t->walltime);
			R.state[i] = HS_STATE_KILLED;
		} else {
			sg_actor_sleep_for(d);
			R.state[i] = HS_STATE_DONE;
		}
	}
	R.end[i] = simgrid_get_clock();
	for (int k = R.succ_off[i]; k < R.succ_off[i + 1]; k++)
		if (--R.indeg[R.succ[k]] == 0)
			spawn(R.succ[k]);
}

/* Start task i's actor on its first node (any host would do: the actor only
 * waits). */
static void spawn(int i)
{
	const struct hs_placement *p = &R.in->plan.p[i];
	char name[32];
	snprintf(name, sizeof name, "task%d", i);
	sg_actor_t a = sg_actor_init(name, R.host[p->nparts ? p->parts[0].node : 0]);
	sg_actor_set_data(a, (void *)(intptr_t)i);
	sg_actor_start(a, task_main, 0, NULL);
}

static const char *state_name(enum hs_state s)
{
	switch (s) {
	case HS_STATE_DONE:
		return "done";
	case HS_STATE_KILLED:
		return "killed";
	case HS_STATE_FAILED:
		return "failed";
	default:
		return "none";
	}
}

/* ---------------- main ---------------- */

/* Free what main allocated (at exit, so that every path is covered). */
static void cleanup(void)
{
	free(R.host);
	free(R.self);
	free(R.indeg);
	free(R.succ_off);
	free(R.succ);
	free(R.start);
	free(R.end);
	free(R.state);
	free(xml);
	hs_net_release(&net);
	hs_instance_release(&in);
	hs_stream_release(&st);
	for (int k = 0; sgv_words && sgv_words[k]; k++)
		free(sgv_words[k]);
	free(sgv_words);
	free(sgv);
}

int main(int argc, char **argv)
{
	hs_set_progname(argv[0]);
	const char *xml_out = NULL;
	int routes = 0;
	/* SimGrid's own arguments: quiet logs (first, before anything logs),
	 * the ptask model, small actor stacks (one actor per ready task);
	 * under AddressSanitizer threads instead of stack switching, which it
	 * cannot follow. */
	sgv_words = hs_calloc(argc + 8, sizeof *sgv_words);
	int sgc = 0;
	sgv_words[sgc++] = hs_strdup(argv[0]);
	sgv_words[sgc++] = hs_strdup("--log=root.thres:critical");
	sgv_words[sgc++] = hs_strdup("--cfg=host/model:ptask_L07");
	sgv_words[sgc++] = hs_strdup("--cfg=contexts/stack-size:256");
#if defined(__SANITIZE_ADDRESS__)
	sgv_words[sgc++] = hs_strdup("--cfg=contexts/factory:thread");
#endif
	const char *arg;
	int c, ind;
	while ((c = hs_cli_next(&cli, argc, argv, &arg, &ind)) != -1) {
		if (c == O_CFG)
			sgv_words[sgc++] = hs_asprintf("--cfg=%s", arg);
		else if (c == O_XML)
			xml_out = arg;
		else if (c == O_FLAT)
			flat = 1;
		else if (c == O_CHECK_ROUTES)
			routes = 1;
	}
	if (argc - ind > 1)
		hs_cli_usage_error(&cli, "unexpected argument '%s'", argv[ind + 1]);
	const char *path = ind < argc ? argv[ind] : NULL;
	atexit(cleanup);

	int problems = 0;
	if (hs_stream_load(&st, path) < 0 || hs_instance_load(&in, &st) < 0) {
		problems = 1;
	} else if (hs_net_build(&net, &in) < 0) {
		problems = 1;
	} else if (!routes && !in.has_plan) {
		hs_error_at(st.name, 0, "no plan records (run hs-plan first)");
		problems = 1;
	} else if (!routes && (problems = hs_validate(&in, &in.plan, 0)) > 0) {
		hs_error_at(st.name, 0, "the plan is not valid (%d problem%s)", problems, problems == 1 ? "" : "s");
	} else if (!routes) {
		problems = check_amounts(&in);
	}
	if (problems)
		return HS_EXIT_USAGE;
	const struct hs_platform *pl = &in.plat;
	if (pl->nnodes == 0)
		hs_die_at(HS_EXIT_USAGE, st.name, 0, "no nodes");

	/* A SimGrid file is simulated as it is, unless --flat asks for hs's
	 * reading of it. */
	int own = pl->xml && !flat;
	xml = own ? hs_strdup(pl->xml) : ref_platform_save(&in, &net, flat, xml_out);
	if (own && access(xml, R_OK) != 0)
		hs_die_at(HS_EXIT_USAGE, st.name, 0, "%s: cannot read the SimGrid platform", xml);
	sgv = hs_calloc(sgc + 1, sizeof *sgv);
	memcpy(sgv, sgv_words, sgc * sizeof *sgv);
	simgrid_init(&sgc, sgv);
	simgrid_load_platform(xml);
	if (!own && !xml_out)
		unlink(xml);

	R.in = &in;
	R.host = hs_malloc(pl->nnodes * sizeof *R.host);
	for (int i = 0; i < pl->nnodes; i++) {
		char name[32];
		const char *hn = pl->nodes[i].id;
		if (!own) {
			snprintf(name, sizeof name, "n%d", i);
			hn = name;
		}
		R.host[i] = sg_host_by_name(hn);
		if (!R.host[i])
			hs_die_at(HS_EXIT_USAGE, st.name, pl->nodes[i].rec ? pl->nodes[i].rec->line : 0,
				  "node %s: no host of that name in %s", pl->nodes[i].id, xml);
	}
	if (routes) {
		/* From an actor: SimGrid seals the platform (Floyd's paths)
		 * when the simulation starts. */
		routes_written = !own;
		sg_actor_create("routes", R.host[0], routes_main, 0, NULL);
		simgrid_run();
		return routes_differ ? HS_EXIT_FAIL : HS_EXIT_OK;
	}
	R.self = hs_calloc(pl->nnodes, 1);
	struct hs_route r = {0};
	for (int i = 0; i < pl->nnodes; i++)
		R.self[i] = hs_net_route(&net, i, i, &r) == 0 && r.n > 0;
	hs_route_release(&r);

	int n = in.ntasks;
	build_graph(&in);
	R.start = hs_calloc(n + 1, sizeof *R.start);
	R.end = hs_calloc(n + 1, sizeof *R.end);
	R.state = hs_calloc(n + 1, sizeof *R.state);
	for (int i = 0; i < n; i++)
		if (R.indeg[i] == 0)
			spawn(i);
	simgrid_run();

	for (int i = 0; i < n; i++) {
		char a[HS_NUMBUF], b[HS_NUMBUF];
		printf("%s %s %s %s\n", in.tasks[i].id, hs_fmt_double(a, R.start[i]), hs_fmt_double(b, R.end[i]),
		       state_name(R.state[i]));
	}
	if (fflush(stdout) != 0 || ferror(stdout)) {
		hs_error("stdout: write error");
		return HS_EXIT_FAIL;
	}
	return HS_EXIT_OK;
}
