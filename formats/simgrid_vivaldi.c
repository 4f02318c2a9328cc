/* simgrid_vivaldi.c - a <zone routing="Vivaldi"> of a SimGrid platform file
 * as one hs cluster with routing=vivaldi (simgrid_priv.h).
 *
 * SimGrid's VivaldiZone (src/kernel/routing/VivaldiZone.cpp) is a StarZone:
 * a host reaches another up its own links and down the other's, and the
 * route's latency gains (sqrt((xa-xb)^2 + (ya-yb)^2) + |ha| + |hb|) / 1000
 * seconds from the hosts' coordinates="X Y H" (in milliseconds).  A <host>
 * has no link of its own; a <peer> has two (VivaldiZone::set_peer_link):
 * link_ID_UP of bw_out and link_ID_DOWN of bw_in, no latency, shared.
 * The hosts become nodes with coords=X,Y,H (and a peer's up=/down=); lib/net
 * adds the coordinates' latency at each route lookup, so nothing is kept
 * per pair of hosts. */
#include "simgrid_priv.h"

#include <stdlib.h>
#include <string.h>

/* coordinates="X Y H" (blanks between) as the node's coords=X,Y,H. */
static int set_coords(struct sg *g, xmlNodePtr n, const char *id, struct hs_record *r)
{
	char *v = hs_sg_attr(n, "coordinates");
	if (!v || !*v) {
		free(v);
		return hs_sg_fail(g, n, "<%s> %s: a host of a Vivaldi zone needs coordinates=\"X Y H\"",
				  hs_sg_name_of(n), id);
	}
	double x[3];
	int k = 0, rc = 0;
	for (char *save = NULL, *t = strtok_r(v, " \t\r\n", &save); t && rc == 0;
	     t = strtok_r(NULL, " \t\r\n", &save))
		if (k == 3 || hs_parse_double(t, &x[k++]) != 0)
			rc = -1;
	free(v);
	if (rc < 0 || k != 3)
		return hs_sg_fail(g, n, "<%s> %s: coordinates must be three numbers \"X Y H\"",
				  hs_sg_name_of(n), id);
	char a[HS_NUMBUF], b[HS_NUMBUF], c[HS_NUMBUF];
	char *co = hs_asprintf("%s,%s,%s", hs_fmt_double(a, x[0]), hs_fmt_double(b, x[1]),
			       hs_fmt_double(c, x[2]));
	hs_record_set(r, "coords", co);
	free(co);
	return 0;
}

/* <peer id speed bw_in bw_out coordinates [lat]>: a host of one core and
 * its two links.  lat is ignored, as by SimGrid (deprecated: the H
 * coordinate replaced it). */
static int do_peer(struct sg *g, xmlNodePtr n, const char *zone)
{
	static const char *const ok[] = {"id", "speed", "bw_in", "bw_out", "lat", "coordinates",
					 NULL};
	static const char *const empty[] = {"speed_file", "availability_file", "state_file", NULL};
	if (hs_sg_check_attrs(g, n, ok, empty) < 0)
		return -1;
	for (xmlNodePtr c = n->children; c; c = c->next)
		if (c->type == XML_ELEMENT_NODE)
			return hs_sg_fail(g, c, "unsupported element <%s>", hs_sg_name_of(c));
	char *id = hs_sg_need(g, n, "id"), *speed = id ? hs_sg_need(g, n, "speed") : NULL;
	double bw[2]; /* in, out */
	int rc = speed && hs_sg_unit_attr(g, n, id, "bw_in", U_BANDWIDTH, 1, 0, &bw[0]) == 0 &&
			 hs_sg_unit_attr(g, n, id, "bw_out", U_BANDWIDTH, 1, 0, &bw[1]) == 0
		     ? 0
		     : -1;
	/* SimGrid reads a peer's speed as one value, not a pstate list. */
	if (rc == 0 && strchr(speed, ','))
		rc = hs_sg_fail(g, n, "<peer> %s: speed '%s' must be one value (a peer has no pstates)",
				id, speed);
	struct hs_record *r = NULL;
	if (rc == 0 && !(r = hs_sg_add_node(g, n, id, zone, speed, 0, 1, n)))
		rc = -1;
	if (rc == 0)
		rc = set_coords(g, n, id, r);
	for (int d = 0; d < 2 && rc == 0; d++) {
		char *l = hs_asprintf("link_%s_%s", id, d ? "DOWN" : "UP");
		rc = hs_sg_check_id(g, n, "link", l);
		if (rc == 0)
			rc = hs_sg_add_alias(g, n, l, l, 0);
		if (rc == 0) {
			struct hs_record *lr = hs_sg_emit(g, n, "link", l);
			hs_record_set_num(lr, "bw", bw[d ? 0 : 1]);
			hs_record_set_num(lr, "lat", 0);
			hs_record_set(r, d ? "down" : "up", l);
		}
		free(l);
	}
	free(id);
	free(speed);
	return rc;
}

int hs_sg_do_vivaldi(struct sg *g, xmlNodePtr n, const char *id)
{
	hs_record_set(hs_sg_emit(g, n, "cluster", id), "routing", "vivaldi");
	struct hs_record **hosts = NULL;
	int nhosts = 0, npeers = 0, rc = 0;
	for (xmlNodePtr c = n->children; c && rc == 0; c = c->next) {
		if (c->type != XML_ELEMENT_NODE || hs_sg_is(c, "prop"))
			continue;
		/* SimGrid's DTD puts peers with zones, hosts apart from them. */
		npeers += hs_sg_is(c, "peer");
		if ((hs_sg_is(c, "host") && npeers) || (hs_sg_is(c, "peer") && nhosts))
			rc = hs_sg_fail(g, c, "zone %s: <peer> and <host> in one zone (SimGrid takes one "
					"or the other)", id);
		else if (hs_sg_is(c, "host")) {
			rc = hs_sg_do_host(g, c, id, &hosts, &nhosts);
			if (rc == 0)
				rc = set_coords(g, c, hosts[nhosts - 1]->id, hosts[nhosts - 1]);
		} else if (hs_sg_is(c, "peer")) {
			rc = do_peer(g, c, id);
		} else if (hs_sg_is(c, "link")) {
			rc = hs_sg_do_link(g, c);
		} else if (hs_sg_is(c, "router")) {
			/* hs gives it no coordinates: the network refuses it as a
			 * gateway. */
			rc = hs_sg_do_router(g, c, id);
		} else if (hs_sg_is(c, "route") || hs_sg_is(c, "cabinet") || hs_sg_is(c, "host_link") ||
			   hs_sg_is(c, "backbone")) {
			rc = hs_sg_fail(g, c, "<%s> in a Vivaldi zone is not supported (it takes host, peer, "
					"link and router)", hs_sg_name_of(c));
		} else {
			rc = hs_sg_fail(g, c, "unsupported element <%s>", hs_sg_name_of(c));
		}
	}
	free(hosts);
	return rc;
}
