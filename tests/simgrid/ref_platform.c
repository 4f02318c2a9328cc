/* ref_platform.c - the SimGrid platform of an hs platform, for
 * hs-simgrid-ref (ref.h): its cluster tree in SimGrid's own terms where one
 * describes it, else hs's route for every pair of nodes. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hs/util.h"
#include "ref.h"

void ref_node_links(const struct hs_net *net, const struct hs_platform *pl, int i, int up[2])
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
	ref_node_links(net, pl, cl->first_node, la);
	for (int k = 0; k < cl->nnodes; k++) {
		const struct hs_node *n = &pl->nodes[cl->first_node + k];
		ref_node_links(net, pl, cl->first_node + k, ln);
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
 * when none of the three exists, the route crosses REF_UNLIMITED. */
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
		ref_node_links(net, pl, first, l);
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
		ref_node_links(net, pl, i, l);
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

static void write_tree(FILE *f, const struct hs_platform *pl, const struct hs_net *net)
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
	fprintf(f, "  <link id=\"" REF_UNLIMITED "\" bandwidth=\"1e200Bps\" latency=\"0s\" sharing_policy=\"FATPIPE\"/>\n");
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
				fprintf(f, "<link_ctn id=\"" REF_UNLIMITED "\"/>");
			fprintf(f, "</zoneRoute>\n");
		}
	fprintf(f, "</zone>\n</platform>\n");
}

int ref_platform_is_flat(const struct hs_instance *in, int flat)
{
	if (flat)
		return 1;
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
 * for every ordered pair of nodes, hs_net_route's route (REF_UNLIMITED for an
 * empty one, which SimGrid forbids; a node to itself only along a loopback
 * route).  Pairs without a route get none (hs-sim rejects the tasks that
 * need one). */
static void write_flat(FILE *f, const struct hs_platform *pl, const struct hs_net *net)
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
	fprintf(f, "  <link id=\"" REF_UNLIMITED "\" bandwidth=\"1e200Bps\" latency=\"0s\" sharing_policy=\"FATPIPE\"/>\n");
	struct hs_route r = {0};
	for (int i = 0; i < pl->nnodes; i++)
		for (int j = 0; j < pl->nnodes; j++) {
			if (hs_net_route(net, i, j, &r) < 0 || (i == j && r.n == 0))
				continue;
			fprintf(f, "  <route src=\"n%d\" dst=\"n%d\" symmetrical=\"NO\">", i, j);
			for (int m = 0; m < r.n; m++)
				fprintf(f, "<link_ctn id=\"l%d\"/>", r.links[m]);
			if (r.n == 0)
				fprintf(f, "<link_ctn id=\"" REF_UNLIMITED "\"/>");
			fprintf(f, "</route>\n");
		}
	hs_route_release(&r);
	fprintf(f, "</zone>\n</platform>\n");
}

char *ref_platform_save(const struct hs_instance *in, const struct hs_net *net, int flat, const char *path)
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
	if (ref_platform_is_flat(in, flat))
		write_flat(f, &in->plat, net);
	else
		write_tree(f, &in->plat, net);
	if (path) {
		if (hs_atomic_commit(&af) < 0)
			exit(HS_EXIT_FAIL);
	} else if (fclose(f) != 0) {
		hs_die(HS_EXIT_FAIL, "%s: write error", name);
	}
	return name;
}
