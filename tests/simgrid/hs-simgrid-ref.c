/* hs-simgrid-ref - replay a planned hs stream with SimGrid's ptask_L07 model:
 * the reference that hs-sim --model flow is compared with
 * (tests/simgrid/compare.sh, tests/0340-sim-simgrid.bats, bench/sim.sh).
 *
 *   hs-simgrid-ref [--cfg KEY:VALUE]... [--platform-xml FILE] [--flat] [--check-routes] [FILE]
 *
 * Prints one line per task, in task order: "TASKID START END STATE".
 *
 * The replay follows hs_replay (lib/replay.c): a task starts when every task
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
 * cluster tree is written as a SimGrid v4.1 file (see write_platform) that
 * gives every pair of distinct nodes the route of hs_net_route;
 * --check-routes compares the two for every such pair instead of simulating.
 * A platform with link, router or route records, or --flat, gets one zone
 * listing hs_net_route's route for every pair (write_platform_routes).
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
#include <simgrid/link.h>
#include <xbt/dynar.h>

#include "hs/cli.h"
#include "hs/metrics.h"
#include "hs/model.h"
#include "hs/net.h"
#include "hs/util.h"

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

/* ---------------- platform ---------------- */

/* A node's private links in net, by their documented ids (hs/net.h):
 * up[0] (to the switch) and up[1] (from it), the same link unless the
 * cluster is split-duplex; -1 when absent. */
static void node_links(const struct hs_net *net, const struct hs_platform *pl, int i, int up[2])
{
	char *a, *b;
	if (pl->clusters[pl->nodes[i].cluster].sharing_splitduplex) {
		a = hs_asprintf("%s_link_UP", pl->nodes[i].id);
		b = hs_asprintf("%s_link_DOWN", pl->nodes[i].id);
	} else {
		a = hs_asprintf("%s_link", pl->nodes[i].id);
		b = hs_strdup(a);
	}
	up[0] = hs_net_find_link(net, a);
	up[1] = hs_net_find_link(net, b);
	free(a);
	free(b);
}

/* A <cluster> tag needs the same host and link on every node, and no fat
 * pipes: SimGrid 3.32 ignores its sharing_policy="FATPIPE" (the node links
 * stay shared; sg_platf_new_cluster sets the policy of split-duplex links
 * only). */
static int cluster_tag_fits(const struct hs_net *net, const struct hs_platform *pl,
			    const struct hs_cluster *cl)
{
	if (cl->sharing_fatpipe)
		return 0;
	const struct hs_node *a = &pl->nodes[cl->first_node];
	int la[2], ln[2];
	node_links(net, pl, cl->first_node, la);
	for (int k = 0; k < cl->nnodes; k++) {
		const struct hs_node *n = &pl->nodes[cl->first_node + k];
		node_links(net, pl, cl->first_node + k, ln);
		for (int d = 0; d < 2; d++)
			if (net->links[ln[d]].bw != net->links[la[d]].bw ||
			    net->links[ln[d]].lat != net->links[la[d]].lat)
				return 0;
		if (n->cores != a->cores || n->flops != a->flops)
			return 0;
	}
	return 1;
}

static const char *policy(const struct hs_link *l)
{
	return l->sharing == HS_LINK_FATPIPE ? "FATPIPE" : "SHARED";
}

/* Host n<i> is hs node i; zone c<k> is hs cluster k, its router c<k>-router,
 * its links c<k>_link_<i> (node i's private link, the <cluster> tag's name;
 * c<k>_link_<i>_UP and _DOWN when split-duplex) and c<k>_backbone;
 * c<k>_uplink and backbone join the clusters.
 *
 * Each star cluster is a <cluster> tag when one fits, else a Full zone
 * with the same routes spelled out: up(i) bb down(j) between its nodes,
 * up(i) bb to its router and bb down(i) back.  The root is a Full zone
 * whose zoneRoutes go router to router through uplink(c) backbone
 * uplink(d), as hs_net_route does.  SimGrid forbids an empty zoneRoute:
 * when none of the three exists, the route crosses UNLIMITED, a fatpipe
 * link without latency too fast to ever limit a flow (check_routes leaves
 * it out). */
#define UNLIMITED "unlimited"

static void write_star(FILE *f, const struct hs_net *net, const struct hs_platform *pl, int c)
{
	const struct hs_cluster *cl = &pl->clusters[c];
	int first = cl->first_node, last = cl->first_node + cl->nnodes - 1;
	int bb = -1;
	if (cl->bb_bw > 0) {
		char *id = hs_asprintf("%s_backbone", cl->id);
		bb = hs_net_find_link(net, id);
		free(id);
	}
	int l[2];
	if (cluster_tag_fits(net, pl, cl)) {
		const struct hs_node *a = &pl->nodes[first];
		node_links(net, pl, first, l);
		fprintf(f,
			"  <cluster id=\"c%d\" prefix=\"n\" suffix=\"\" radical=\"%d-%d\" speed=\"%.17gf\" "
			"core=\"%d\" bw=\"%.17gBps\" lat=\"%.17gs\" sharing_policy=\"%s\" router_id=\"c%d-router\"",
			c, first, last, a->flops, a->cores, net->links[l[0]].bw, net->links[l[0]].lat,
			cl->sharing_splitduplex ? "SPLITDUPLEX" : "SHARED", c);
		if (bb >= 0)
			fprintf(f, " bb_bw=\"%.17gBps\" bb_lat=\"%.17gs\" bb_sharing_policy=\"%s\"",
				net->links[bb].bw, net->links[bb].lat, policy(&net->links[bb]));
		fprintf(f, "/>\n");
		return;
	}
	fprintf(f, "  <zone id=\"c%d\" routing=\"Full\">\n", c);
	for (int i = first; i <= last; i++) {
		const struct hs_node *n = &pl->nodes[i];
		fprintf(f, "    <host id=\"n%d\" speed=\"%.17gf\" core=\"%d\"/>\n", i, n->flops, n->cores);
	}
	fprintf(f, "    <router id=\"c%d-router\"/>\n", c);
	const char *suffix[2] = {"_UP", "_DOWN"};
	for (int i = first; i <= last; i++) {
		node_links(net, pl, i, l);
		for (int d = 0; d < 1 + cl->sharing_splitduplex; d++)
			fprintf(f, "    <link id=\"c%d_link_%d%s\" bandwidth=\"%.17gBps\" latency=\"%.17gs\" "
				   "sharing_policy=\"%s\"/>\n",
				c, i, cl->sharing_splitduplex ? suffix[d] : "", net->links[l[d]].bw,
				net->links[l[d]].lat, policy(&net->links[l[d]]));
	}
	char bbl[64] = "";
	if (bb >= 0) {
		fprintf(f, "    <link id=\"c%d_backbone\" bandwidth=\"%.17gBps\" latency=\"%.17gs\" sharing_policy=\"%s\"/>\n",
			c, net->links[bb].bw, net->links[bb].lat, policy(&net->links[bb]));
		snprintf(bbl, sizeof bbl, "<link_ctn id=\"c%d_backbone\"/>", c);
	}
	const char *up = cl->sharing_splitduplex ? "_UP" : "", *down = cl->sharing_splitduplex ? "_DOWN" : "";
	for (int i = first; i <= last; i++) {
		for (int j = first; j <= last; j++)
			if (i != j)
				fprintf(f,
					"    <route src=\"n%d\" dst=\"n%d\" symmetrical=\"NO\"><link_ctn id=\"c%d_link_%d%s\"/>"
					"%s<link_ctn id=\"c%d_link_%d%s\"/></route>\n",
					i, j, c, i, up, bbl, c, j, down);
		fprintf(f,
			"    <route src=\"n%d\" dst=\"c%d-router\" symmetrical=\"NO\"><link_ctn id=\"c%d_link_%d%s\"/>%s</route>\n",
			i, c, c, i, up, bbl);
		fprintf(f,
			"    <route src=\"c%d-router\" dst=\"n%d\" symmetrical=\"NO\">%s<link_ctn id=\"c%d_link_%d%s\"/></route>\n",
			c, i, bbl, c, i, down);
	}
	fprintf(f, "  </zone>\n");
}

static void write_platform(FILE *f, const struct hs_platform *pl, const struct hs_net *net)
{
	fprintf(f, "<?xml version='1.0'?>\n"
		   "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
		   "<platform version=\"4.1\">\n<zone id=\"hs\" routing=\"Full\">\n");
	for (int c = 0; c < pl->nclusters; c++)
		if (pl->clusters[c].nnodes > 0)
			write_star(f, net, pl, c);
	for (int c = 0; c < pl->nclusters; c++)
		if (pl->clusters[c].up_bw > 0)
			fprintf(f, "  <link id=\"c%d_uplink\" bandwidth=\"%.17gBps\" latency=\"%.17gs\"/>\n", c,
				pl->clusters[c].up_bw, pl->clusters[c].up_lat);
	if (pl->backbone_bw > 0)
		fprintf(f, "  <link id=\"backbone\" bandwidth=\"%.17gBps\" latency=\"%.17gs\"/>\n",
			pl->backbone_bw, pl->backbone_lat);
	fprintf(f, "  <link id=\"" UNLIMITED "\" bandwidth=\"1e200Bps\" latency=\"0s\" sharing_policy=\"FATPIPE\"/>\n");
	for (int c = 0; c < pl->nclusters; c++)
		for (int d = c + 1; d < pl->nclusters; d++) {
			if (pl->clusters[c].nnodes == 0 || pl->clusters[d].nnodes == 0)
				continue;
			fprintf(f, "  <zoneRoute src=\"c%d\" dst=\"c%d\" gw_src=\"c%d-router\" gw_dst=\"c%d-router\">",
				c, d, c, d);
			if (pl->clusters[c].up_bw > 0)
				fprintf(f, "<link_ctn id=\"c%d_uplink\"/>", c);
			if (pl->backbone_bw > 0)
				fprintf(f, "<link_ctn id=\"backbone\"/>");
			if (pl->clusters[d].up_bw > 0)
				fprintf(f, "<link_ctn id=\"c%d_uplink\"/>", d);
			if (!(pl->clusters[c].up_bw > 0 || pl->backbone_bw > 0 || pl->clusters[d].up_bw > 0))
				fprintf(f, "<link_ctn id=\"" UNLIMITED "\"/>");
			fprintf(f, "</zoneRoute>\n");
		}
	fprintf(f, "</zone>\n</platform>\n");
}

/* Whether the platform has links, routers or routes of its own, or routes
 * other than stars (hs-format(5)): then no cluster tree describes it. */
static int explicit_routes(const struct hs_instance *in)
{
	const struct hs_stream *streams[2] = {in->stream, in->plat_xml};
	for (int m = 0; m < 2; m++)
		for (size_t k = 0; streams[m] && k < streams[m]->n; k++) {
			const char *kind = streams[m]->recs[k]->kind;
			if (kind && (strcmp(kind, "link") == 0 || strcmp(kind, "route") == 0 ||
				     strcmp(kind, "router") == 0))
				return 1;
		}
	for (int c = 0; c < in->plat.nclusters; c++)
		if (in->plat.clusters[c].routing != HS_ROUTING_CLUSTER)
			return 1;
	return in->plat.routing == HS_ROUTING_FLOYD;
}

/* Any other platform: one Full zone, hs's links (l<k>: link k of net) and,
 * for every ordered pair of nodes, hs_net_route's route (UNLIMITED for an
 * empty one, which SimGrid forbids; a node to itself only along a loopback
 * route).  Pairs without a route get none (hs-sim rejects the tasks that
 * need one). */
static void write_platform_routes(FILE *f, const struct hs_platform *pl, const struct hs_net *net)
{
	fprintf(f, "<?xml version='1.0'?>\n"
		   "<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
		   "<platform version=\"4.1\">\n<zone id=\"hs\" routing=\"Full\">\n");
	for (int i = 0; i < pl->nnodes; i++)
		fprintf(f, "  <host id=\"n%d\" speed=\"%.17gf\" core=\"%d\"/>\n", i, pl->nodes[i].flops,
			pl->nodes[i].cores);
	for (int k = 0; k < net->nlinks; k++) {
		const struct hs_link *l = &net->links[k];
		fprintf(f, "  <link id=\"l%d\" bandwidth=\"%.17gBps\" latency=\"%.17gs\" sharing_policy=\"%s\"/>\n",
			k, l->bw, l->lat, policy(l));
	}
	fprintf(f, "  <link id=\"" UNLIMITED "\" bandwidth=\"1e200Bps\" latency=\"0s\" sharing_policy=\"FATPIPE\"/>\n");
	struct hs_route r = {0};
	for (int i = 0; i < pl->nnodes; i++)
		for (int j = 0; j < pl->nnodes; j++) {
			if (hs_net_route(net, i, j, &r) < 0 || (i == j && r.n == 0))
				continue;
			fprintf(f, "  <route src=\"n%d\" dst=\"n%d\" symmetrical=\"NO\">", i, j);
			for (int m = 0; m < r.n; m++)
				fprintf(f, "<link_ctn id=\"l%d\"/>", r.links[m]);
			if (r.n == 0)
				fprintf(f, "<link_ctn id=\"" UNLIMITED "\"/>");
			fprintf(f, "</route>\n");
		}
	hs_route_release(&r);
	fprintf(f, "</zone>\n</platform>\n");
}

/* Write the platform to path (atomically), or to a fresh temporary file when
 * path is NULL; returns the file's name (to free). */
static char *save_platform(const struct hs_instance *in, const struct hs_net *net, const char *path)
{
	FILE *f;
	struct hs_atomic_file af;
	char *name;
	if (path) {
		if (hs_atomic_open(&af, path) < 0)
			exit(HS_EXIT_FAIL);
		f = af.fp;
		name = hs_strdup(path);
	} else {
		const char *dir = getenv("TMPDIR");
		name = hs_asprintf("%s/hs-simgrid-ref.XXXXXX", dir && *dir ? dir : "/tmp");
		int fd = mkstemp(name);
		f = fd < 0 ? NULL : fdopen(fd, "w");
		if (!f)
			hs_die(HS_EXIT_FAIL, "%s: cannot create a temporary file", name);
	}
	if (flat || explicit_routes(in))
		write_platform_routes(f, &in->plat, net);
	else
		write_platform(f, &in->plat, net);
	if (path) {
		if (hs_atomic_commit(&af) < 0)
			exit(HS_EXIT_FAIL);
	} else if (fclose(f) != 0) {
		hs_die(HS_EXIT_FAIL, "%s: write error", name);
	}
	return name;
}

/* SimGrid's name for each hs link (net->links order), for --check-routes. */
static char **sg_link_names(const struct hs_instance *in, const struct hs_net *net)
{
	const struct hs_platform *pl = &in->plat;
	char **names = hs_calloc(net->nlinks + 1, sizeof *names);
	if (flat || explicit_routes(in)) {
		for (int k = 0; k < net->nlinks; k++)
			names[k] = hs_asprintf("l%d", k);
		return names;
	}
	for (int c = 0; c < pl->nclusters; c++) {
		const struct hs_cluster *cl = &pl->clusters[c];
		char *id = hs_asprintf("%s_backbone", cl->id);
		int k = hs_net_find_link(net, id);
		if (k >= 0)
			names[k] = hs_asprintf("c%d_backbone", c);
		free(id);
		id = hs_asprintf("%s_uplink", cl->id);
		if ((k = hs_net_find_link(net, id)) >= 0)
			names[k] = hs_asprintf("c%d_uplink", c);
		free(id);
		for (int i = cl->first_node; i < cl->first_node + cl->nnodes; i++) {
			int l[2];
			node_links(net, pl, i, l);
			for (int d = 0; d < 2; d++)
				if (l[d] >= 0 && !names[l[d]])
					names[l[d]] = hs_asprintf("c%d_link_%d%s", c, i,
								  !cl->sharing_splitduplex ? ""
								  : d == 0		   ? "_UP"
											   : "_DOWN");
		}
	}
	int k = hs_net_find_link(net, "backbone");
	if (k >= 0 && !names[k])
		names[k] = hs_strdup("backbone");
	for (k = 0; k < net->nlinks; k++)
		if (!names[k])
			names[k] = hs_asprintf("(hs link %s)", net->links[k].id);
	return names;
}

/* A growing string, for route descriptions. */
struct buf {
	char *s;
	size_t n, cap;
};

static void buf_add(struct buf *b, const char *fmt, ...) HS_PRINTF(2, 3);
static void buf_add(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int len = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (b->n + len + 2 > b->cap) {
		b->cap = 2 * (b->n + len + 2);
		b->s = hs_realloc(b->s, b->cap);
	}
	va_start(ap, fmt);
	b->n += vsnprintf(b->s + b->n, b->cap - b->n, fmt, ap);
	va_end(ap);
}

/* One link of a route: its name where both sides name links alike (the
 * platforms written here), else what it is: bandwidth/latency/sharing (a
 * SimGrid file read by both). */
static void describe(struct buf *b, const char *name, double bw, double lat, int shared)
{
	if (b->n)
		buf_add(b, ",");
	if (name)
		buf_add(b, "%s", name);
	else
		buf_add(b, "%.17g/%.17g/%s", bw, lat, shared ? "shared" : "fatpipe");
}

/* Compare SimGrid's and hs's route for every ordered pair of distinct nodes
 * that hs has a route for (a node's route to itself differs on purpose, see
 * the top of the file).
 * Prints each difference and a summary; returns the number of differences. */
static int check_routes(const struct hs_instance *in, const struct hs_net *net, int by_name)
{
	const struct hs_platform *pl = &in->plat;
	char **names = by_name ? sg_link_names(in, net) : NULL;
	struct hs_route r = {0};
	xbt_dynar_t links = xbt_dynar_new(sizeof(sg_link_t), NULL);
	long checked = 0, differ = 0;
	struct buf a = {0}, b = {0};
	for (int i = 0; i < pl->nnodes; i++)
		for (int j = 0; j < pl->nnodes; j++) {
			/* SimGrid throws (C++) where it has no route: ask
			 * only where hs has one. */
			if (i == j || hs_net_route(net, i, j, &r) < 0)
				continue;
			checked++;
			xbt_dynar_reset(links);
			sg_host_get_route(R.host[i], R.host[j], links);
			double lat = sg_host_get_route_latency(R.host[i], R.host[j]);
			a.n = b.n = 0;
			buf_add(&a, "%s", "");
			buf_add(&b, "%s", "");
			unsigned k;
			sg_link_t l;
			xbt_dynar_foreach (links, k, l) {
				const char *nm = sg_link_get_name(l);
				if (!by_name || strcmp(nm, UNLIMITED) != 0)
					describe(&a, by_name ? nm : NULL, sg_link_get_bandwidth(l),
						 sg_link_get_latency(l), sg_link_is_shared(l));
			}
			for (int m = 0; m < r.n; m++) {
				const struct hs_link *hl = &net->links[r.links[m]];
				describe(&b, by_name ? names[r.links[m]] : NULL, hl->bw, hl->lat,
					 hl->sharing == HS_LINK_SHARED);
			}
			if (strcmp(a.s, b.s) != 0 || fabs(lat - r.lat) > 1e-12 * fmax(1, fabs(r.lat))) {
				char x[HS_NUMBUF], y[HS_NUMBUF];
				printf("route %s %s: simgrid %s (lat %s), hs %s (lat %s)\n", pl->nodes[i].id,
				       pl->nodes[j].id, a.s, hs_fmt_double(x, lat), b.s, hs_fmt_double(y, r.lat));
				differ++;
			}
		}
	printf("routes: %ld checked, %ld differ\n", checked, differ);
	free(a.s);
	free(b.s);
	xbt_dynar_free(&links);
	hs_route_release(&r);
	if (names)
		for (int k = 0; k < net->nlinks; k++)
			free(names[k]);
	free(names);
	return differ > 0;
}

static int routes_by_name, routes_differ;

static void routes_main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	routes_differ = check_routes(&in, &net, routes_by_name);
}

/* ---------------- replay ---------------- */

static int is_pred(const struct hs_schedule *plan, int i, int j)
{
	return j >= 0 && j < plan->n && j != i && plan->p[j].task == j;
}

/* Successor lists and in-degrees of the after graph, as lib/replay.c. */
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
	xml = own ? hs_strdup(pl->xml) : save_platform(&in, &net, xml_out);
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
		routes_by_name = !own;
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
