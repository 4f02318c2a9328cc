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
 *   - zoneRoute between zones, from gw_src to gw_dst.
 * Link names are mapped to the names hs gives the same links (hs/net.h), so
 * a route may name a cluster's generated links as SimGrid lets it.
 */
#include "hs/simgrid.h"
#include "simgrid_priv.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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
	if (!star && strcasecmp(routing, "Full") != 0 && strcasecmp(routing, "Floyd") != 0)
		return hs_sg_fail(g, n, "zone %s: routing %s is not supported (Full, Floyd, Cluster)", id,
			    routing);
	if (hs_sg_add_zone(g, n, id) < 0)
		return -1;
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
			static const char *const ok[] = {"id", "coordinates", NULL};
			char *rid = hs_sg_check_attrs(g, c, ok, NULL) == 0 ? hs_sg_need(g, c, "id") : NULL;
			rc = rid && hs_sg_check_id(g, c, "router", rid) == 0 ? 0 : -1;
			if (rc == 0)
				hs_record_set(hs_sg_emit(g, c, "router", rid), "cluster", id);
			free(rid);
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

static char *read_all(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		hs_error_at(path, 0, "%s", strerror(errno));
		return NULL;
	}
	size_t cap = 1 << 16, n = 0;
	char *buf = hs_malloc(cap);
	size_t got;
	while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
		n += got;
		if (n == cap)
			buf = hs_realloc(buf, cap *= 2);
	}
	int bad = ferror(f);
	fclose(f);
	if (bad) {
		hs_error_at(path, 0, "read error");
		free(buf);
		return NULL;
	}
	*len = n;
	return buf;
}

static int do_platform(struct sg *g, xmlNodePtr root)
{
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

int hs_simgrid_read(const char *path, struct hs_stream *out)
{
	return hs_simgrid_read_master(path, out, NULL);
}

int hs_simgrid_read_master(const char *path, struct hs_stream *out, const char *master)
{
	size_t len;
	char *buf = read_all(path, &len);
	if (!buf)
		return -1;
	struct sg g = {.path = path, .out = out, .master = master};
	hs_strmap_init(&g.link_ix, 64);
	hs_strmap_init(&g.zone_ix, 16);
	if (!out->name)
		out->name = hs_strdup(path);

	struct xml_err xe = {0};
	xmlSetStructuredErrorFunc(&xe, on_xml_error);
	xmlParserCtxtPtr ctxt = xmlNewParserCtxt();
	/* No network, no DTD loading: the DOCTYPE's URL is never fetched. */
	xmlDocPtr doc = ctxt ? xmlCtxtReadMemory(ctxt, buf, (int)len, path, NULL,
						 XML_PARSE_NONET | XML_PARSE_BIG_LINES)
			     : NULL;
	xmlSetStructuredErrorFunc(NULL, NULL);
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
	if (ctxt)
		xmlFreeParserCtxt(ctxt);
	free(buf);
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
	int xml = 0;
	while ((len = hs_input_getline(f, &line)) >= 0) {
		long k = 0;
		while (k < len && strchr(" \t\r\xEF\xBB\xBF", line[k]))
			k++;
		if (k < len) {
			xml = line[k] == '<';
			break;
		}
	}
	hs_input_close(f);
	return len == -2 ? -1 : xml;
}
