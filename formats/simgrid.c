/* simgrid.c - read a SimGrid platform file into hs records (hs/simgrid.h).
 *
 * The file is parsed with libxml2 into a tree and walked once; each element
 * appends its records in document order.  The semantics copied here are
 * those of SimGrid 3.3x (src/kernel/xml/sg_platf.cpp, StarZone.cpp,
 * FullZone.cpp, FloydZone.cpp, xbt_parse_units.cpp; src/surf/xml/simgrid.dtd):
 *   - <cluster>: hosts PREFIX<radical>SUFFIX with `core` cores, a private
 *     link each (sharing_policy, default SPLITDUPLEX: one UP and one DOWN
 *     link), a backbone ID_backbone when bb_bw is given, and a router
 *     PREFIX ID_router SUFFIX unless router_id names it;
 *   - <zone routing="Cluster">: <cabinet>s make hosts with two plain links
 *     link_HOST_UP and link_HOST_DOWN (the same as a split-duplex link),
 *     <host_link> gives a <host> its up and down links, <backbone> is the
 *     switch every host crosses;
 *   - Full and Floyd zones: routes between hosts and routers, symmetrical
 *     unless symmetrical="NO" (the way back crosses the links in reverse
 *     order, split-duplex ones in the other direction);
 *   - zoneRoute between zones, from gw_src to gw_dst;
 *   - Vivaldi zones (VivaldiZone.cpp): simgrid_vivaldi.c;
 *   - what FleXML, SimGrid's parser, takes before the XML declaration
 *     (blanks, comments, PIs) and libxml2 does not: fix_prolog.
 * Link names are mapped to the names hs gives the same links (hs/net.h), so
 * a route may name a cluster's generated links as SimGrid lets it.
 */
#include "hs/simgrid.h"
#include "hs/limits.h"
#include "simgrid_priv.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libxml/encoding.h>
#include <libxml/parser.h>
#include <libxml/tree.h>

/* ---------------- zones ---------------- */

static int do_cluster(struct sg *g, xmlNodePtr n)
{
	static const char *const ok[] = {"id", "prefix", "suffix", "radical", "speed", "core", "bw",
					 "lat", "sharing_policy", "topology", "topo_parameters",
					 "bb_bw", "bb_lat", "bb_sharing_policy", "router_id",
					 "loopback_bw", "loopback_lat", NULL};
	static const char *const empty[] = {"limiter_link", NULL};
	if (hs_sg_check_attrs(g, n, ok, empty) < 0)
		return -1;
	for (xmlNodePtr c = n->children; c; c = c->next)
		if (c->type == XML_ELEMENT_NODE && !hs_sg_is(c, "prop"))
			return hs_sg_fail(g, c, "unsupported element <%s>", hs_sg_name_of(c));
	const char *req[] = {"id", "prefix", "suffix", "radical", "speed", "bw", "lat"};
	char *v[7] = {0};
	int rc = 0;
	for (int i = 0; i < 7 && rc == 0; i++)
		if (!(v[i] = hs_sg_need(g, n, req[i])))
			rc = -1;
	char *topo = hs_sg_attr(n, "topology"), *sh = hs_sg_attr(n, "sharing_policy");
	char *bbsh = hs_sg_attr(n, "bb_sharing_policy"), *bbbw = hs_sg_attr(n, "bb_bw");
	char *router = hs_sg_attr(n, "router_id");
	char *lbw = hs_sg_attr(n, "loopback_bw"), *llat = hs_sg_attr(n, "loopback_lat");
	const char *id = v[0], *prefix = v[1], *suffix = v[2];
	const char *sharing = "splitduplex", *bb_sharing = "shared";
	double bw, lat, bb_bw = 0, bb_lat = 0, lo_bw = 0, lo_lat = 0;
	int cores = 1;
	long *rad = NULL;
	int nrad = 0;
	if (rc == 0 && topo && strcmp(topo, "FLAT") != 0)
		rc = hs_sg_fail(g, n, "cluster %s: topology %s is not supported (FLAT only)", id, topo);
	if (rc == 0)
		rc = hs_sg_add_zone(g, n, id);
	if (rc == 0)
		rc = hs_sg_int_attr(g, n, "core", 1, 1, &cores);
	if (rc == 0)
		rc = hs_sg_unit_attr(g, n, id, "bw", U_BANDWIDTH, 1, 0, &bw);
	if (rc == 0)
		rc = hs_sg_unit_attr(g, n, id, "lat", U_TIME, 1, 0, &lat);
	if (rc == 0 && sh)
		rc = hs_sg_sharing_of(g, n, sh, 1, &sharing);
	/* SimGrid makes a FATPIPE cluster's private links plain shared ones
	 * (sg_platf_new_cluster_flat sets no policy on them): so does hs. */
	if (rc == 0 && strcmp(sharing, "fatpipe") == 0)
		sharing = "shared";
	if (rc == 0 && bbsh)
		rc = hs_sg_sharing_of(g, n, bbsh, 0, &bb_sharing);
	if (rc == 0 && bbbw && *bbbw)
		rc = hs_sg_unit_attr(g, n, id, "bb_bw", U_BANDWIDTH, 1, 0, &bb_bw);
	if (rc == 0)
		rc = hs_sg_unit_attr(g, n, id, "bb_lat", U_TIME, 0, 0, &bb_lat);
	if (rc == 0 && bb_lat > 0 && !(bb_bw > 0))
		rc = hs_sg_fail(g, n, "cluster %s: bb_lat without bb_bw is not supported", id);
	if (rc == 0 && lbw && *lbw)
		rc = hs_sg_unit_attr(g, n, id, "loopback_bw", U_BANDWIDTH, 1, 0, &lo_bw);
	if (rc == 0 && llat && *llat)
		rc = hs_sg_unit_attr(g, n, id, "loopback_lat", U_TIME, 1, 0, &lo_lat);
	if (rc == 0 && lo_lat > 0 && !(lo_bw > 0))
		rc = hs_sg_fail(g, n, "cluster %s: loopback_lat without loopback_bw is not supported", id);
	if (rc == 0)
		rc = hs_sg_parse_radical(g, n, v[3], &rad, &nrad);
	if (rc == 0) {
		struct hs_record *c = hs_sg_emit(g, n, "cluster", id);
		hs_record_set_num(c, "bw", bw);
		hs_record_set_num(c, "lat", lat);
		if (strcmp(sharing, "shared") != 0)
			hs_record_set(c, "sharing", sharing);
		if (bb_bw > 0) {
			hs_record_set_num(c, "bb_bw", bb_bw);
			hs_record_set_num(c, "bb_lat", bb_lat);
			if (strcmp(bb_sharing, "shared") != 0)
				hs_record_set(c, "bb_sharing", bb_sharing);
			char *bb = hs_asprintf("%s_backbone", id);
			rc = hs_sg_add_alias(g, n, bb, bb, 0);
			free(bb);
		}
		char *rid = router && *router ? hs_strdup(router)
					      : hs_asprintf("%s%s_router%s", prefix, id, suffix);
		if (rc == 0 && (rc = hs_sg_check_id(g, n, "router", rid)) == 0)
			hs_record_set(hs_sg_emit(g, n, "router", rid), "cluster", id);
		free(rid);
		int split = strcmp(sharing, "splitduplex") == 0;
		for (int i = 0; i < nrad && rc == 0; i++) {
			char *host = hs_asprintf("%s%ld%s", prefix, rad[i], suffix);
			char *xl = hs_asprintf("%s_link_%ld", id, rad[i]);
			char *hl = hs_asprintf("%s_link", host);
			if (!hs_sg_add_node(g, n, host, id, v[4], 0, cores, n))
				rc = -1;
			else
				rc = hs_sg_add_alias(g, n, xl, hl, split);
			if (rc == 0 && lo_bw > 0) {
				/* SimGrid's loopback: a fat pipe per host, its route to itself. */
				char *lo = hs_asprintf("%s_loopback", xl);
				struct hs_record *l = hs_sg_emit(g, n, "link", lo);
				hs_record_set_num(l, "bw", lo_bw);
				hs_record_set_num(l, "lat", lo_lat);
				hs_record_set(l, "sharing", "fatpipe");
				rc = hs_sg_add_alias(g, n, lo, lo, 0);
				char *rid = hs_asprintf("%s:%s", host, host);
				struct hs_record *rt = hs_sg_emit(g, n, "route", rid);
				hs_record_set(rt, "src", host);
				hs_record_set(rt, "dst", host);
				hs_record_set(rt, "links", lo);
				free(rid);
				free(lo);
			}
			free(host);
			free(xl);
			free(hl);
		}
	}
	for (int i = 0; i < 7; i++)
		free(v[i]);
	free(topo);
	free(sh);
	free(bbsh);
	free(bbbw);
	free(router);
	free(lbw);
	free(llat);
	free(rad);
	return rc;
}

/* The nodes of a <zone routing="Cluster">: cabinets and hosts. */
struct star {
	struct hs_record *cluster;
	struct hs_record **hosts; /* from <host>: need a <host_link> */
	int nhosts;
	char **up, **down;        /* per host, from <host_link> */
	xmlNodePtr *host_links;   /* resolved when the zone ends, as SimGrid does */
	int nhost_links;
	int have_cab;
	double bw, lat;           /* the first cabinet's */
};

static int do_cabinet(struct sg *g, xmlNodePtr n, const char *zone, struct star *st)
{
	static const char *const ok[] = {"id", "prefix", "suffix", "radical", "speed", "bw", "lat",
					 NULL};
	if (hs_sg_check_attrs(g, n, ok, NULL) < 0)
		return -1;
	const char *req[] = {"prefix", "suffix", "radical", "speed", "bw", "lat"};
	char *v[6] = {0};
	int rc = 0;
	for (int i = 0; i < 6 && rc == 0; i++)
		if (!(v[i] = hs_sg_need(g, n, req[i])))
			rc = -1;
	double bw, lat;
	long *rad = NULL;
	int nrad = 0;
	if (rc == 0)
		rc = hs_sg_unit_attr(g, n, v[0], "bw", U_BANDWIDTH, 1, 0, &bw);
	if (rc == 0)
		rc = hs_sg_unit_attr(g, n, v[0], "lat", U_TIME, 1, 0, &lat);
	if (rc == 0)
		rc = hs_sg_parse_radical(g, n, v[2], &rad, &nrad);
	if (rc == 0 && !st->have_cab) {
		st->have_cab = 1;
		st->bw = bw;
		st->lat = lat;
	}
	for (int i = 0; i < nrad && rc == 0; i++) {
		char *host = hs_asprintf("%s%ld%s", v[0], rad[i], v[1]);
		struct hs_record *r = hs_sg_add_node(g, n, host, zone, v[3], 0, 1, NULL);
		if (!r) {
			rc = -1;
		} else {
			if (bw != st->bw || lat != st->lat) {
				hs_record_set_num(r, "bw", bw);
				hs_record_set_num(r, "lat", lat);
			}
			/* SimGrid's two plain links are hs's split-duplex pair. */
			for (int d = 0; d < 2 && rc == 0; d++) {
				char *xl = hs_asprintf("link_%s_%s", host, d ? "DOWN" : "UP");
				char *hl = hs_asprintf("%s_link_%s", host, d ? "DOWN" : "UP");
				rc = hs_sg_add_alias(g, n, xl, hl, 0);
				free(xl);
				free(hl);
			}
		}
		free(host);
	}
	for (int i = 0; i < 6; i++)
		free(v[i]);
	free(rad);
	return rc;
}

static int do_host_link(struct sg *g, xmlNodePtr n, struct star *st)
{
	static const char *const ok[] = {"id", "up", "down", NULL};
	if (hs_sg_check_attrs(g, n, ok, NULL) < 0)
		return -1;
	char *id = hs_sg_need(g, n, "id"), *up = id ? hs_sg_need(g, n, "up") : NULL;
	char *down = up ? hs_sg_need(g, n, "down") : NULL;
	int rc = down ? 0 : -1, h = -1;
	for (int i = 0; rc == 0 && i < st->nhosts && h < 0; i++)
		if (strcmp(st->hosts[i]->id, id) == 0)
			h = i;
	if (rc == 0 && h < 0)
		rc = hs_sg_fail(g, n, "<host_link>: no host '%s' in this zone", id);
	if (rc == 0 && st->up[h])
		rc = hs_sg_fail(g, n, "<host_link>: host '%s' has one already", id);
	const char *ends[2] = {up, down};
	char *refs[2] = {NULL, NULL};
	for (int d = 0; d < 2 && rc == 0; d++) {
		int i = hs_strmap_get(&g->link_ix, ends[d]);
		if (i < 0)
			rc = hs_sg_fail(g, n, "<host_link>: unknown link '%s'", ends[d]);
		else if (g->links[i].splitduplex)
			rc = hs_sg_fail(g, n, "<host_link>: link '%s' is SPLITDUPLEX: name one of its halves",
				  ends[d]);
		else
			refs[d] = hs_strdup(g->links[i].hs);
	}
	if (rc == 0) {
		st->up[h] = refs[0];
		st->down[h] = refs[1];
	} else {
		free(refs[0]);
		free(refs[1]);
	}
	free(id);
	free(up);
	free(down);
	return rc;
}

static int do_zone(struct sg *g, xmlNodePtr n, int depth);

/* A zone whose children are zones and clusters, with zoneRoutes. */
static int do_zone_of_zones(struct sg *g, xmlNodePtr n, const char *id, const char *routing,
			    int depth)
{
	if (depth > 0)
		return hs_sg_fail(g, n, "zone %s: zones of zones nested in zones are not supported", id);
	if (strcasecmp(routing, "Full") != 0 && strcasecmp(routing, "Floyd") != 0)
		return hs_sg_fail(g, n, "zone %s: a zone of zones must use Full or Floyd routing, not %s", id,
			    routing);
	if (strcasecmp(routing, "Floyd") == 0)
		hs_record_set(g->plat, "routing", "floyd");
	for (xmlNodePtr c = n->children; c; c = c->next) {
		if (c->type != XML_ELEMENT_NODE || hs_sg_is(c, "prop"))
			continue;
		int rc;
		if (hs_sg_is(c, "zone") || hs_sg_is(c, "AS"))
			rc = do_zone(g, c, depth + 1);
		else if (hs_sg_is(c, "cluster"))
			rc = do_cluster(g, c);
		else if (hs_sg_is(c, "link"))
			rc = hs_sg_do_link(g, c);
		else if (hs_sg_is(c, "zoneRoute") || hs_sg_is(c, "ASroute"))
			rc = hs_sg_do_route(g, c, 1);
		else if (hs_sg_is(c, "host") || hs_sg_is(c, "router") || hs_sg_is(c, "cabinet") || hs_sg_is(c, "route"))
			rc = hs_sg_fail(g, c, "<%s> beside zones in zone %s is not supported", hs_sg_name_of(c), id);
		else
			rc = hs_sg_fail(g, c, "unsupported element <%s>", hs_sg_name_of(c));
		if (rc < 0)
			return -1;
	}
	return 0;
}

/* SimGrid gives the hosts of a Full or Floyd zone of hosts a route to
 * themselves through the network model's one loopback link (10GBps, no
 * latency, fat pipe) unless a route says otherwise (FullZone::do_seal,
 * FloydZone::do_seal). */
static void root_loopbacks(struct sg *g, xmlNodePtr n, size_t from, struct hs_record **hosts,
			   int nhosts)
{
	int made = 0;
	for (int i = 0; i < nhosts; i++) {
		int has = 0;
		for (size_t k = from; k < g->out->n && !has; k++) {
			const struct hs_record *r = g->out->recs[k];
			const char *src = r->kind && strcmp(r->kind, "route") == 0 ? hs_record_get(r, "src")
										   : NULL;
			has = src && strcmp(src, hosts[i]->id) == 0 &&
			      strcmp(hs_record_get(r, "dst"), hosts[i]->id) == 0;
		}
		if (has)
			continue;
		if (!made++ && !g->loopback++) {
			struct hs_record *l = hs_sg_emit(g, n, "link", "__loopback__");
			hs_record_set_num(l, "bw", 1e10);
			hs_record_set_num(l, "lat", 0);
			hs_record_set(l, "sharing", "fatpipe");
		}
		char *rid = hs_asprintf("%s:%s", hosts[i]->id, hosts[i]->id);
		struct hs_record *rt = hs_sg_emit(g, n, "route", rid);
		hs_record_set(rt, "src", hosts[i]->id);
		hs_record_set(rt, "dst", hosts[i]->id);
		hs_record_set(rt, "links", "__loopback__");
		free(rid);
	}
}

/* A zone of hosts: one hs cluster. */
static int do_leaf_zone(struct sg *g, xmlNodePtr n, const char *id, const char *routing, int depth)
{
	size_t first = g->out->n;
	int star = strcasecmp(routing, "Cluster") == 0;
	int vivaldi = strcasecmp(routing, "Vivaldi") == 0;
	if (!star && !vivaldi && strcasecmp(routing, "Full") != 0 && strcasecmp(routing, "Floyd") != 0)
		return hs_sg_fail(g, n, "zone %s: routing %s is not supported (Full, Floyd, Cluster, "
				  "Vivaldi)", id, routing);
	if (hs_sg_add_zone(g, n, id) < 0)
		return -1;
	if (vivaldi)
		return hs_sg_do_vivaldi(g, n, id);
	struct star st = {0};
	st.cluster = hs_sg_emit(g, n, "cluster", id);
	if (!star)
		hs_record_set(st.cluster, "routing", strcasecmp(routing, "Full") == 0 ? "full" : "floyd");
	int rc = 0;
	for (xmlNodePtr c = n->children; c && rc == 0; c = c->next) {
		if (c->type != XML_ELEMENT_NODE || hs_sg_is(c, "prop"))
			continue;
		if (hs_sg_is(c, "host")) {
			rc = hs_sg_do_host(g, c, id, &st.hosts, &st.nhosts);
			if (rc == 0) {
				st.up = hs_reallocarray(st.up, st.nhosts, sizeof *st.up);
				st.down = hs_reallocarray(st.down, st.nhosts, sizeof *st.down);
				st.up[st.nhosts - 1] = st.down[st.nhosts - 1] = NULL;
			}
		} else if (hs_sg_is(c, "router")) {
			rc = hs_sg_do_router(g, c, id);
		} else if (hs_sg_is(c, "link")) {
			rc = hs_sg_do_link(g, c);
		} else if (hs_sg_is(c, "route") && !star) {
			rc = hs_sg_do_route(g, c, 0);
		} else if (hs_sg_is(c, "cabinet") && star) {
			rc = do_cabinet(g, c, id, &st);
		} else if (hs_sg_is(c, "host_link") && star) {
			st.host_links = hs_reallocarray(st.host_links, st.nhost_links + 1,
							sizeof *st.host_links);
			st.host_links[st.nhost_links++] = c;
		} else if (hs_sg_is(c, "backbone") && star) {
			static const char *const ok[] = {"id", "bandwidth", "latency", NULL};
			char *bid = hs_sg_check_attrs(g, c, ok, NULL) == 0 ? hs_sg_need(g, c, "id") : NULL;
			double bw, lat;
			rc = bid && hs_sg_unit_attr(g, c, bid, "bandwidth", U_BANDWIDTH, 1, 0, &bw) == 0 &&
					     hs_sg_unit_attr(g, c, bid, "latency", U_TIME, 1, 0, &lat) == 0
				     ? 0
				     : -1;
			if (rc == 0) {
				hs_record_set_num(st.cluster, "bb_bw", bw);
				hs_record_set_num(st.cluster, "bb_lat", lat);
				char *hl = hs_asprintf("%s_backbone", id);
				rc = hs_sg_add_alias(g, c, bid, hl, 0);
				free(hl);
			}
			free(bid);
		} else if (hs_sg_is(c, "zone") || hs_sg_is(c, "AS") || hs_sg_is(c, "cluster")) {
			rc = hs_sg_fail(g, c, "<%s> beside hosts in zone %s is not supported", hs_sg_name_of(c), id);
		} else if (hs_sg_is(c, "route") || hs_sg_is(c, "cabinet") || hs_sg_is(c, "host_link") ||
			   hs_sg_is(c, "backbone")) {
			rc = hs_sg_fail(g, c, "<%s> in a %s zone is not supported (Cluster zones take cabinet, "
				  "host_link and backbone; Full and Floyd zones take route)",
				  hs_sg_name_of(c), routing);
		} else if (hs_sg_is(c, "peer")) {
			rc = hs_sg_fail(g, c, "<peer> in a %s zone: SimGrid takes peers in Vivaldi zones only",
					routing);
		} else {
			rc = hs_sg_fail(g, c, "unsupported element <%s>", hs_sg_name_of(c));
		}
	}
	(void)depth;
	if (rc == 0 && !star)
		root_loopbacks(g, n, first, st.hosts, st.nhosts);
	for (int i = 0; i < st.nhost_links && rc == 0; i++)
		rc = do_host_link(g, st.host_links[i], &st);
	if (rc == 0 && star) {
		/* bw lat sharing, then the backbone's bb_bw bb_lat. */
		char *bb[2] = {NULL, NULL};
		for (int k = 0; k < 2; k++) {
			const char *v = hs_record_get(st.cluster, k ? "bb_lat" : "bb_bw");
			bb[k] = v ? hs_strdup(v) : NULL;
			hs_record_unset(st.cluster, k ? "bb_lat" : "bb_bw");
		}
		if (st.have_cab) {
			hs_record_set_num(st.cluster, "bw", st.bw);
			hs_record_set_num(st.cluster, "lat", st.lat);
		}
		hs_record_set(st.cluster, "sharing", "splitduplex");
		for (int k = 0; k < 2; k++)
			if (bb[k]) {
				hs_record_set(st.cluster, k ? "bb_lat" : "bb_bw", bb[k]);
				free(bb[k]);
			}
		for (int i = 0; i < st.nhosts && rc == 0; i++) {
			if (!st.up[i]) {
				rc = hs_sg_fail(g, n, "zone %s: host %s has no <host_link> (a Cluster zone's "
					  "hosts need one)", id, st.hosts[i]->id);
				break;
			}
			hs_record_set(st.hosts[i], "up", st.up[i]);
			hs_record_set(st.hosts[i], "down", st.down[i]);
		}
	}
	for (int i = 0; i < st.nhosts; i++) {
		free(st.up[i]);
		free(st.down[i]);
	}
	free(st.hosts);
	free(st.up);
	free(st.down);
	free(st.host_links);
	return rc;
}

static int do_zone(struct sg *g, xmlNodePtr n, int depth)
{
	static const char *const ok[] = {"id", "routing", NULL};
	if (hs_sg_check_attrs(g, n, ok, NULL) < 0)
		return -1;
	char *id = hs_sg_need(g, n, "id"), *routing = id ? hs_sg_need(g, n, "routing") : NULL;
	int rc = -1;
	if (routing) {
		int of_zones = 0;
		for (xmlNodePtr c = n->children; c; c = c->next)
			if (c->type == XML_ELEMENT_NODE &&
			    (hs_sg_is(c, "zone") || hs_sg_is(c, "AS") || hs_sg_is(c, "cluster")))
				of_zones = 1;
		rc = of_zones ? do_zone_of_zones(g, n, id, routing, depth)
			      : do_leaf_zone(g, n, id, routing, depth);
	}
	free(id);
	free(routing);
	return rc;
}

/* ---------------- the file ---------------- */

struct xml_err {
	int seen, line;
	char msg[512];
};

static void on_xml_error(void *arg, xmlErrorPtr e)
{
	struct xml_err *x = arg;
	if (x->seen || !e || e->level < XML_ERR_ERROR)
		return;
	x->seen = 1;
	x->line = e->line;
	snprintf(x->msg, sizeof x->msg, "%s", e->message ? e->message : "parse error");
	size_t n = strlen(x->msg);
	while (n && (x->msg[n - 1] == '\n' || x->msg[n - 1] == ' '))
		x->msg[--n] = 0;
}

/* The hosts and cores the elements from n on describe, against the limits
 * (hs/limits.h), before any host is made: a 1 KB file can describe
 * millions.  Malformed radicals and core counts count as nothing here; the
 * reading proper reports them. */
static int check_size(struct sg *g, xmlNodePtr n, unsigned long long *hosts,
		      unsigned long long *cores)
{
	for (; n; n = n->next) {
		if (n->type != XML_ELEMENT_NODE)
			continue;
		long cnt = 0, per = 1;
		if (hs_sg_is(n, "host")) {
			cnt = 1;
		} else if (hs_sg_is(n, "cluster") || hs_sg_is(n, "cabinet")) {
			char *r = hs_sg_attr(n, "radical");
			cnt = r ? hs_sg_radical_count(r) : 0;
			free(r);
		}
		if (cnt > 0) {
			char *k = hs_sg_attr(n, "core");
			if (k && hs_parse_long(k, 1, INT_MAX, &per) < 0)
				per = 1;
			free(k);
			*hosts += (unsigned long long)cnt;
			*cores += (unsigned long long)cnt * (unsigned long long)per;
			enum hs_limit l = *hosts > hs_limit(HS_LIMIT_NODES) ? HS_LIMIT_NODES
					  : *cores > hs_limit(HS_LIMIT_CORES) ? HS_LIMIT_CORES
									      : HS_LIMIT_COUNT;
			if (l != HS_LIMIT_COUNT)
				return hs_sg_fail(g, n, "<%s>: the platform has more %s than the limit of %llu "
						  "(%s; HS_LIMITS raises it)", hs_sg_name_of(n),
						  l == HS_LIMIT_NODES ? "hosts" : "cores", hs_limit(l),
						  hs_limit_text(l));
		}
		if (check_size(g, n->children, hosts, cores) < 0)
			return -1;
	}
	return 0;
}

static int do_platform(struct sg *g, xmlNodePtr root)
{
	unsigned long long hosts = 0, cores = 0;
	if (check_size(g, root, &hosts, &cores) < 0)
		return -1;
	if (!hs_sg_is(root, "platform"))
		return hs_sg_fail(g, root, "not a SimGrid platform file (root element <%s>)", hs_sg_name_of(root));
	char *ver = hs_sg_attr(root, "version");
	char *e = NULL;
	double v = ver ? strtod(ver, &e) : 0;
	int ok = ver && e != ver && !*e && v >= 4 && v < 5;
	if (!ok) {
		hs_sg_fail(g, root, "SimGrid platform version '%s' is not supported (this hs reads 4.x)",
		     ver ? ver : "");
		free(ver);
		return -1;
	}
	free(ver);
	/* The platform's name: the file's, without directory and extension. */
	const char *base = strrchr(g->path, '/');
	base = base ? base + 1 : g->path;
	size_t blen = strcspn(base, ".");
	char *pname = blen ? hs_strndup(base, blen) : hs_strdup("simgrid");
	for (char *p = pname; *p; p++)
		if (strchr(" \t=,'\"", *p))
			*p = '_';
	char *note = hs_asprintf("# SimGrid platform %s", g->path);
	hs_stream_append(g->out, hs_record_new(NULL, note));
	free(note);
	g->plat = hs_sg_emit(g, root, "platform", pname);
	hs_record_set_num(g->plat, "ref_flops", 0); /* its place; the value comes last */
	free(pname);
	int roots = 0;
	for (xmlNodePtr c = root->children; c; c = c->next) {
		if (c->type != XML_ELEMENT_NODE || hs_sg_is(c, "config"))
			continue; /* <config>: SimGrid's own settings, not the platform */
		int rc;
		if (hs_sg_is(c, "zone") || hs_sg_is(c, "AS") || hs_sg_is(c, "cluster")) {
			if (roots++)
				return hs_sg_fail(g, c, "a second root zone (a platform has one)");
			rc = hs_sg_is(c, "cluster") ? do_cluster(g, c) : do_zone(g, c, 0);
		} else {
			rc = hs_sg_fail(g, c, "unsupported element <%s>", hs_sg_name_of(c));
		}
		if (rc < 0)
			return -1;
	}
	if (hs_sg_drop_masters(g) < 0)
		return -1;
	if (!g->nhosts)
		return hs_sg_fail(g, root, "no host in the platform");
	hs_record_set_num(g->plat, "ref_flops", g->min_flops);
	return 0;
}

/* libxml2 reads the file as it parses (hs_input: compressed files too, and
 * the limit on an input's size), so a file that is no XML (xml=/dev/zero)
 * fails at its first bytes.  The file's first bytes are read ahead (pre)
 * for fix_prolog. */
#define PROLOG_MAX 65536
struct xml_src {
	struct hs_input *in;
	int failed;
	char *pre;
	size_t npre, off;
};

static int xml_read(void *arg, char *buf, int len)
{
	struct xml_src *src = arg;
	if (src->off < src->npre) {
		size_t k = src->npre - src->off < (size_t)len ? src->npre - src->off : (size_t)len;
		memcpy(buf, src->pre + src->off, k);
		src->off += k;
		return (int)k;
	}
	long n = src->failed ? -1 : hs_input_read(src->in, buf, (size_t)len);
	if (n < 0)
		src->failed = 1;
	return n < 0 ? -1 : (int)n;
}

static int xml_close(void *arg)
{
	(void)arg;
	return 0;
}

static int starts(const char *p, const char *end, const char *s)
{
	size_t n = strlen(s);
	return (size_t)(end - p) >= n && memcmp(p, s, n) == 0;
}

static const char *find(const char *p, const char *end, const char *s)
{
	for (size_t n = strlen(s); (size_t)(end - p) >= n; p++)
		if (memcmp(p, s, n) == 0)
			return p;
	return NULL;
}

/* Line of p in pre. */
static int line_at(const char *pre, const char *p)
{
	int line = 1;
	for (; pre < p; pre++)
		line += *pre == '\n';
	return line;
}

/* SimGrid's parser (FleXML) takes blanks (space, tab, CR, LF, FF),
 * comments and processing instructions before the XML declaration, and
 * takes a declaration again later as a PI, where libxml2 wants it first
 * and once: Batsim's platforms start with a blank line.  Such declarations
 * are blanked out in pre (their newlines kept, so lines stay the file's;
 * the first one's encoding returned, malloc'd, its line in *line), and a
 * form feed before them becomes a space; then libxml2 reads blanks,
 * comments and PIs before the root, as XML allows without a declaration.
 * Text before a declaration is reported here (its line in *line, returns
 * -1) as SimGrid refuses it.  Returns 0 otherwise. */
static int fix_prolog(char *pre, size_t n, char **encoding, int *line)
{
	char *p = pre, *end = pre + n, *first, *ff = pre;
	*encoding = NULL;
	if (starts(p, end, "\xEF\xBB\xBF"))
		p += 3; /* a UTF-8 BOM: libxml2's */
	first = p;
	for (;;) {
		if (p < end && *p && strchr(" \t\r\n\f", *p)) {
			p++;
		} else if (starts(p, end, "<!--")) {
			const char *e = find(p + 4, end, "-->");
			if (!e)
				return 0;
			p = (char *)e + 3;
		} else if (starts(p, end, "<?xml") && p + 5 < end && p[5] && strchr(" \t\r\n?", p[5])) {
			char *e = (char *)find(p + 5, end, "?>");
			if (!e)
				return 0;
			if (p != first) {
				const char *k = find(p, e, "encoding");
				if (k && !*encoding) {
					for (k += 8; k < e && *k && strchr(" \t\r\n=", *k); k++)
						;
					const char *q = k < e && (*k == '"' || *k == '\'')
								? memchr(k + 1, *k, e - k - 1)
								: NULL;
					if (q) {
						*encoding = hs_strndup(k + 1, q - k - 1);
						*line = line_at(pre, p);
					}
				}
				for (; ff < p; ff++)
					if (*ff == '\f')
						*ff = ' ';
				for (char *b = p; b < e + 2; b++)
					if (*b != '\n' && *b != '\r')
						*b = ' ';
			}
			p = e + 2;
		} else if (starts(p, end, "<?")) {
			const char *e = find(p + 2, end, "?>");
			if (!e)
				return 0;
			p = (char *)e + 2;
		} else {
			break;
		}
	}
	/* Text before a declaration further on: SimGrid's "Unexpected
	 * character in prolog".  Other files are libxml2's to judge. */
	if (p < end && *p != '<' && find(p, end, "<?xml")) {
		*line = line_at(pre, p);
		return -1;
	}
	return 0;
}

static xmlDocPtr parse_file(const char *path, struct xml_err *xe, int *read_failed)
{
	struct xml_src src = {hs_input_open(path), 0, NULL, 0, 0};
	*read_failed = !src.in;
	if (!src.in)
		return NULL;
	src.pre = hs_malloc(PROLOG_MAX);
	while (src.npre < PROLOG_MAX) {
		long k = hs_input_read(src.in, src.pre + src.npre, PROLOG_MAX - src.npre);
		if (k <= 0) {
			src.failed = k < 0;
			break;
		}
		src.npre += (size_t)k;
	}
	char *enc = NULL;
	xmlCharEncodingHandlerPtr h = NULL;
	xmlDocPtr doc = NULL;
	if (!src.failed && fix_prolog(src.pre, src.npre, &enc, &xe->line) < 0) {
		xe->seen = 1;
		snprintf(xe->msg, sizeof xe->msg, "text before the XML declaration (SimGrid takes "
			 "blanks, comments and processing instructions there)");
	} else if (enc && !(h = xmlFindCharEncodingHandler(enc))) {
		/* libxml2 would ignore an encoding it is given and cannot use. */
		xe->seen = 1;
		snprintf(xe->msg, sizeof xe->msg, "Unsupported encoding %.200s", enc);
	} else if (!src.failed) {
		if (h)
			xmlCharEncCloseFunc(h);
		xmlSetStructuredErrorFunc(xe, on_xml_error);
		xmlParserCtxtPtr ctxt = xmlNewParserCtxt();
		/* No network, no DTD loading: the DOCTYPE's URL is never fetched. */
		doc = ctxt ? xmlCtxtReadIO(ctxt, xml_read, xml_close, &src, path, enc,
					   XML_PARSE_NONET | XML_PARSE_BIG_LINES)
			   : NULL;
		if (ctxt)
			xmlFreeParserCtxt(ctxt);
		xmlSetStructuredErrorFunc(NULL, NULL);
	}
	free(enc);
	free(src.pre);
	/* A read error (or the size limit) was reported by hs_input; libxml2's
	 * own message about the cut would only confuse. */
	if (src.failed) {
		*read_failed = 1;
		xmlFreeDoc(doc);
		doc = NULL;
	}
	hs_input_close(src.in);
	return doc;
}

int hs_simgrid_read(const char *path, struct hs_stream *out)
{
	return hs_simgrid_read_master(path, out, NULL);
}

int hs_simgrid_read_master(const char *path, struct hs_stream *out, const char *master)
{
	struct sg g = {.path = path, .out = out, .master = master};
	if (!out->name)
		out->name = hs_strdup(path);
	struct xml_err xe = {0};
	int read_failed;
	xmlDocPtr doc = parse_file(path, &xe, &read_failed);
	if (read_failed)
		return -1;
	hs_strmap_init(&g.link_ix, 64);
	hs_strmap_init(&g.zone_ix, 16);
	int rc;
	if (!doc || xe.seen) {
		hs_error_at(path, xe.seen ? xe.line : 0, "malformed XML: %s",
			    xe.seen ? xe.msg : "cannot parse");
		rc = -1;
	} else {
		rc = do_platform(&g, xmlDocGetRootElement(doc));
	}
	if (doc)
		xmlFreeDoc(doc);
	for (int i = 0; i < g.nlinks; i++) {
		free(g.links[i].xml);
		free(g.links[i].hs);
	}
	free(g.links);
	for (int i = 0; i < g.nzones; i++)
		free(g.zones[i]);
	free(g.zones);
	for (int i = 0; i < g.nmasters; i++)
		free(g.masters[i]);
	free(g.masters);
	hs_strmap_release(&g.link_ix);
	hs_strmap_release(&g.zone_ix);
	return rc;
}

int hs_simgrid_is_file(const char *path)
{
	struct hs_input *f = hs_input_open(path);
	if (!f)
		return -1;
	char *line;
	long len;
	int xml = 0, text = 0;
	/* XML: the first thing is '<', or text comes before an XML
	 * declaration in the first lines (the reader then says what is wrong). */
	while ((len = hs_input_getline(f, &line)) >= 0) {
		long k = 0;
		while (k < len && strchr(" \t\r\f\xEF\xBB\xBF", line[k]))
			k++;
		if (k == len)
			continue;
		if ((!text && line[k] == '<') ||
		    (!text && line[k] != '#' && memmem(line + k, len - k, "<?xml", 5)) ||
		    (len - k >= 5 && memcmp(line + k, "<?xml", 5) == 0)) {
			xml = 1;
			break;
		}
		if (text++ > 16)
			break;
	}
	hs_input_close(f);
	return len == -2 ? -1 : xml;
}
