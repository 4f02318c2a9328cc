/* simgrid_elem.c - hosts (speed, cores, energy), clusters' radicals, links
 * and routes of a SimGrid platform file as hs records (simgrid_priv.h). */
#include "simgrid_priv.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* wattage_per_state (watt_per_state in old files): per pstate
 * "Idle:AllCores" or "Idle:Epsilon:AllCores", comma-separated.  hs keeps
 * per-core figures: cpu_idle = Idle/cores, cpu_busy = AllCores/cores, which
 * give SimGrid's wattage with no core and with every core busy (the
 * Epsilon step is dropped). */
int hs_sg_energy_props(struct sg *g, xmlNodePtr parent, int pstate, int npstates, int cores,
			struct hs_record *r)
{
	for (xmlNodePtr c = parent->children; c; c = c->next) {
		if (c->type != XML_ELEMENT_NODE || !hs_sg_is(c, "prop"))
			continue;
		char *id = hs_sg_attr(c, "id"), *v = hs_sg_attr(c, "value");
		int rc = 0;
		if (id && v && (strcmp(id, "wattage_per_state") == 0 || strcmp(id, "watt_per_state") == 0)) {
			int n;
			char **states = hs_split_list(v, ',', &n);
			if (n != npstates) {
				rc = hs_sg_fail(g, c, "%s has %d entr%s for %d pstate%s", id, n,
					  n == 1 ? "y" : "ies", npstates, npstates == 1 ? "" : "s");
			} else {
				int k;
				char **w = hs_split_list(states[pstate], ':', &k);
				double x[3];
				for (int i = 0; i < k && i < 3 && rc == 0; i++) {
					char *s = w[i], *e;
					while (*s == ' ' || *s == '\t')
						s++;
					x[i] = strtod(s, &e);
					while (*e == ' ' || *e == '\t')
						e++;
					if (e == s || *e || !isfinite(x[i]) || x[i] < 0)
						rc = hs_sg_fail(g, c, "%s: '%s' is not a number of watts", id, w[i]);
				}
				if (rc == 0 && k != 2 && k != 3)
					rc = hs_sg_fail(g, c, "%s: '%s' must be Idle:AllCores or Idle:Epsilon:AllCores",
						  id, states[pstate]);
				if (rc == 0) {
					hs_record_set_num(r, "cpu_busy", x[k - 1] / cores);
					hs_record_set_num(r, "cpu_idle", x[0] / cores);
				}
				free(w);
			}
			free(states);
		}
		free(id);
		free(v);
		if (rc)
			return -1;
	}
	return 0;
}

/* ---------------- hosts ---------------- */

/* A node of cluster zone, speed = the host's speed list (pstates). */
struct hs_record *hs_sg_add_node(struct sg *g, xmlNodePtr n, const char *id, const char *zone,
				  const char *speeds, int pstate, int cores, xmlNodePtr props)
{
	if (hs_sg_check_id(g, n, "host", id) < 0)
		return NULL;
	int np;
	char **sp = hs_split_list(speeds, ',', &np);
	struct hs_record *r = NULL;
	double flops;
	if (pstate < 0 || pstate >= np) {
		hs_sg_fail(g, n, "host %s: pstate %d, but the host has %d", id, pstate, np);
	} else {
		char *s = sp[pstate], *e = s + strlen(s);
		while (*s == ' ' || *s == '\t')
			s++;
		while (e > s && (e[-1] == ' ' || e[-1] == '\t'))
			*--e = 0;
		char what[300];
		snprintf(what, sizeof what, "host %s: speed", id);
		if (hs_sg_parse_unit(g, n, what, s, U_SPEED, &flops) == 0) {
			r = hs_sg_emit(g, n, "node", id);
			hs_record_set(r, "cluster", zone);
			hs_record_set_int(r, "cores", cores);
			hs_record_set_num(r, "flops", flops);
			/* The reference node is the slowest compute node. */
			if (!hs_sg_is_master(g, id, props) && (g->nhosts++ == 0 || flops < g->min_flops))
				g->min_flops = flops;
			if (props && hs_sg_energy_props(g, props, pstate, np, cores, r) < 0)
				r = NULL;
		}
	}
	free(sp);
	return r;
}

int hs_sg_do_host(struct sg *g, xmlNodePtr n, const char *zone, struct hs_record ***hosts,
		   int *nhosts)
{
	static const char *const ok[] = {"id", "speed", "core", "pstate", "coordinates", NULL};
	static const char *const empty[] = {"speed_file", "availability_file", "state_file", NULL};
	if (hs_sg_check_attrs(g, n, ok, empty) < 0)
		return -1;
	for (xmlNodePtr c = n->children; c; c = c->next)
		if (c->type == XML_ELEMENT_NODE && !hs_sg_is(c, "prop"))
			return hs_sg_fail(g, c, "unsupported element <%s>", hs_sg_name_of(c));
	char *id = hs_sg_need(g, n, "id"), *speed = id ? hs_sg_need(g, n, "speed") : NULL;
	int cores, pstate, rc = -1;
	if (speed && hs_sg_int_attr(g, n, "core", 1, 1, &cores) == 0 &&
	    hs_sg_int_attr(g, n, "pstate", 0, 0, &pstate) == 0) {
		struct hs_record *r = hs_sg_add_node(g, n, id, zone, speed, pstate, cores, n);
		if (r) {
			*hosts = hs_reallocarray(*hosts, *nhosts + 1, sizeof **hosts);
			(*hosts)[(*nhosts)++] = r;
			rc = 0;
		}
	}
	free(id);
	free(speed);
	return rc;
}

/* One radical number between blanks: digits only, at most
 * HS_SG_RADICAL_MAX (so that no arithmetic on it can overflow).  Returns
 * the end, or NULL. */
#define HS_SG_RADICAL_MAX 1000000000L
static const char *radical_number(const char *p, long *v)
{
	long x = 0;
	while (*p == ' ' || *p == '\t')
		p++;
	const char *s = p;
	for (; *p >= '0' && *p <= '9'; p++) {
		x = x * 10 + (*p - '0');
		if (x > HS_SG_RADICAL_MAX)
			return NULL;
	}
	if (p == s)
		return NULL;
	while (*p == ' ' || *p == '\t')
		p++;
	*v = x;
	return p;
}

long hs_sg_radical_count(const char *s)
{
	long k = 0;
	for (const char *p = s;;) {
		long a, b;
		const char *e = radical_number(p, &a);
		if (e && *e == '-')
			e = radical_number(e + 1, &b);
		else
			b = a;
		if (!e || (*e && *e != ',') || b < a || b - a + 1 > 1000000 - k)
			return -1;
		k += b - a + 1;
		if (!*e)
			return k;
		p = e + 1;
	}
}

/* "0-3,5" -> 0 1 2 3 5, in the given order; at most a million ids. */
int hs_sg_parse_radical(struct sg *g, xmlNodePtr n, const char *s, long **out, int *count)
{
	int np;
	char **parts = hs_split_list(s, ',', &np);
	long *v = NULL;
	long k = 0;
	int rc = 0;
	for (int i = 0; i < np && rc == 0; i++) {
		long a, b;
		const char *e = radical_number(parts[i], &a);
		if (e && *e == '-')
			e = radical_number(e + 1, &b);
		else
			b = a;
		if (!e || *e || b < a || b - a + 1 > 1000000 - k) {
			rc = hs_sg_fail(g, n, "<%s>: bad radical '%s' (ranges like 0-3,5, at most a million ids)",
					hs_sg_name_of(n), s);
			break;
		}
		long cnt = b - a + 1;
		v = hs_reallocarray(v, k + cnt, sizeof *v);
		for (long x = 0; x < cnt; x++)
			v[k++] = a + x;
	}
	free(parts);
	if (rc)
		free(v);
	else {
		*out = v;
		*count = (int)k;
	}
	return rc;
}

/* ---------------- links and routes ---------------- */

int hs_sg_do_link(struct sg *g, xmlNodePtr n)
{
	static const char *const ok[] = {"id", "bandwidth", "latency", "sharing_policy", NULL};
	static const char *const empty[] = {"bandwidth_file", "latency_file", "state_file", NULL};
	if (hs_sg_check_attrs(g, n, ok, empty) < 0)
		return -1;
	for (xmlNodePtr c = n->children; c; c = c->next)
		if (c->type == XML_ELEMENT_NODE && !hs_sg_is(c, "prop"))
			return hs_sg_fail(g, c, "unsupported element <%s>", hs_sg_name_of(c));
	char *id = hs_sg_need(g, n, "id"), *sh = hs_sg_attr(n, "sharing_policy");
	const char *sharing = "shared";
	double bw, lat;
	int rc = -1;
	if (id && hs_sg_check_id(g, n, "link", id) == 0 &&
	    hs_sg_unit_attr(g, n, id, "bandwidth", U_BANDWIDTH, 1, 0, &bw) == 0 &&
	    hs_sg_unit_attr(g, n, id, "latency", U_TIME, 0, 0, &lat) == 0 &&
	    (!sh || hs_sg_sharing_of(g, n, sh, 1, &sharing) == 0)) {
		struct hs_record *r = hs_sg_emit(g, n, "link", id);
		hs_record_set_num(r, "bw", bw);
		hs_record_set_num(r, "lat", lat);
		if (strcmp(sharing, "shared") != 0)
			hs_record_set(r, "sharing", sharing);
		rc = hs_sg_add_alias(g, n, id, id, strcmp(sharing, "splitduplex") == 0);
	}
	free(id);
	free(sh);
	return rc;
}

/* <router id [coordinates]> of a zone: a router record of its cluster. */
int hs_sg_do_router(struct sg *g, xmlNodePtr n, const char *zone)
{
	static const char *const ok[] = {"id", "coordinates", NULL};
	char *rid = hs_sg_check_attrs(g, n, ok, NULL) == 0 ? hs_sg_need(g, n, "id") : NULL;
	int rc = rid && hs_sg_check_id(g, n, "router", rid) == 0 ? 0 : -1;
	if (rc == 0)
		hs_record_set(hs_sg_emit(g, n, "router", rid), "cluster", zone);
	free(rid);
	return rc;
}

/* <route> or <zoneRoute>: the link_ctn children as an hs links= list. */
int hs_sg_do_route(struct sg *g, xmlNodePtr n, int zone_route)
{
	static const char *const ok_route[] = {"src", "dst", "symmetrical", NULL};
	static const char *const ok_zone[] = {"src", "dst", "gw_src", "gw_dst", "symmetrical", NULL};
	if (hs_sg_check_attrs(g, n, zone_route ? ok_zone : ok_route, NULL) < 0)
		return -1;
	char *src = hs_sg_need(g, n, "src"), *dst = src ? hs_sg_need(g, n, "dst") : NULL;
	char *gs = NULL, *gd = NULL, *sym = hs_sg_attr(n, "symmetrical");
	char *links = hs_strdup("");
	int rc = src && dst ? 0 : -1;
	if (rc == 0 && zone_route) {
		gs = hs_sg_need(g, n, "gw_src");
		gd = gs ? hs_sg_need(g, n, "gw_dst") : NULL;
		rc = gs && gd ? 0 : -1;
		for (int i = 0; rc == 0 && i < 2; i++) {
			const char *z = i ? dst : src;
			if (hs_strmap_get(&g->zone_ix, z) < 0)
				rc = hs_sg_fail(g, n, "<%s>: unknown zone '%s'", hs_sg_name_of(n), z);
		}
	}
	if (rc == 0 && sym && strcasecmp(sym, "yes") != 0 && strcasecmp(sym, "no") != 0)
		rc = hs_sg_fail(g, n, "<%s>: symmetrical must be YES or NO, got '%s'", hs_sg_name_of(n), sym);
	for (xmlNodePtr c = n->children; c && rc == 0; c = c->next) {
		if (c->type != XML_ELEMENT_NODE)
			continue;
		if (!hs_sg_is(c, "link_ctn")) {
			rc = hs_sg_fail(g, c, "unsupported element <%s>", hs_sg_name_of(c));
			break;
		}
		static const char *const ok_ctn[] = {"id", "direction", NULL};
		if (hs_sg_check_attrs(g, c, ok_ctn, NULL) < 0) {
			rc = -1;
			break;
		}
		char *id = hs_sg_need(g, c, "id"), *dir = hs_sg_attr(c, "direction");
		int i = id ? hs_strmap_get(&g->link_ix, id) : -1;
		if (!id) {
			rc = -1;
		} else if (i < 0) {
			rc = hs_sg_fail(g, c, "<link_ctn>: unknown link '%s'", id);
		} else if (dir && strcmp(dir, "UP") != 0 && strcmp(dir, "DOWN") != 0 &&
			   strcmp(dir, "NONE") != 0) {
			rc = hs_sg_fail(g, c, "<link_ctn>: direction must be UP, DOWN or NONE, got '%s'", dir);
		} else if (g->links[i].splitduplex && (!dir || strcmp(dir, "NONE") == 0)) {
			rc = hs_sg_fail(g, c, "<link_ctn>: link '%s' is SPLITDUPLEX: give direction=\"UP\" or \"DOWN\"",
				  id);
		} else {
			const struct link_alias *a = &g->links[i];
			char *more = hs_asprintf("%s%s%s%s", links, *links ? "," : "", a->hs,
						 !a->splitduplex ? "" : dir[0] == 'U' ? "_UP" : "_DOWN");
			free(links);
			links = more;
		}
		free(id);
		free(dir);
	}
	if (rc == 0) {
		char *rid = hs_asprintf("%s:%s", src, dst);
		if (hs_sg_check_id(g, n, "route", rid) == 0) {
			struct hs_record *r = hs_sg_emit(g, n, "route", rid);
			hs_record_set(r, "src", src);
			hs_record_set(r, "dst", dst);
			if (zone_route) {
				hs_record_set(r, "gw_src", gs);
				hs_record_set(r, "gw_dst", gd);
			}
			hs_record_set(r, "links", links);
			if (sym && strcasecmp(sym, "no") == 0)
				hs_record_set(r, "symmetrical", "no");
		} else {
			rc = -1;
		}
		free(rid);
	}
	free(src);
	free(dst);
	free(gs);
	free(gd);
	free(sym);
	free(links);
	return rc;
}
