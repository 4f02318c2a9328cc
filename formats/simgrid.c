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
#include "hs/util.h"
#include "strmap.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libxml/parser.h>
#include <libxml/tree.h>

/* A link as a route may name it in the XML, and the hs reference to it. */
struct link_alias {
	char *xml, *hs;
	int splitduplex; /* the hs reference takes _UP or _DOWN */
	int line;
};

struct sg {
	const char *path;
	struct hs_stream *out;
	struct hs_record *plat;
	double min_flops;        /* slowest host: the reference node */
	int nhosts;
	int loopback;              /* __loopback__ emitted */
	struct link_alias *links;
	int nlinks, caplinks;
	struct hs_strmap link_ix;  /* xml name -> index in links */
	char **zones;              /* ids of the zones and clusters */
	int nzones;
	struct hs_strmap zone_ix;
};

/* ---------------- errors and attributes ---------------- */

static int line_of(xmlNodePtr n)
{
	return n ? (int)xmlGetLineNo(n) : 0;
}

HS_PRINTF(3, 4)
static int fail(struct sg *g, xmlNodePtr n, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	hs_error_at(g->path, line_of(n), "%s", buf);
	return -1;
}

static const char *name_of(xmlNodePtr n)
{
	return (const char *)n->name;
}

static int is(xmlNodePtr n, const char *name)
{
	return strcmp(name_of(n), name) == 0;
}

/* The attribute's value (malloc'd, free with free()), or NULL. */
static char *attr(xmlNodePtr n, const char *name)
{
	xmlChar *v = xmlGetProp(n, (const xmlChar *)name);
	if (!v)
		return NULL;
	char *s = hs_strdup((const char *)v);
	xmlFree(v);
	return s;
}

/* A required attribute, or NULL after reporting it missing. */
static char *need(struct sg *g, xmlNodePtr n, const char *name)
{
	char *v = attr(n, name);
	if (!v)
		fail(g, n, "<%s> needs a %s attribute", name_of(n), name);
	return v;
}

/* Every attribute of n must be in ok (NULL-terminated); those in
 * empty_only (attributes naming profiles or extras hs does not model) may
 * appear with an empty value only. */
static int check_attrs(struct sg *g, xmlNodePtr n, const char *const *ok,
		       const char *const *empty_only)
{
	for (xmlAttrPtr a = n->properties; a; a = a->next) {
		const char *an = (const char *)a->name;
		int found = 0;
		for (int i = 0; ok[i] && !found; i++)
			found = strcmp(ok[i], an) == 0;
		for (int i = 0; empty_only && empty_only[i] && !found; i++)
			if (strcmp(empty_only[i], an) == 0) {
				char *v = attr(n, an);
				found = v && !*v;
				free(v);
			}
		if (!found)
			return fail(g, n, "unsupported attribute %s of <%s>", an, name_of(n));
	}
	return 0;
}

/* An id that an hs record and an hs list can hold. */
static int check_id(struct sg *g, xmlNodePtr n, const char *what, const char *id)
{
	if (!*id)
		return fail(g, n, "%s: empty id", what);
	if (strpbrk(id, " \t\n\r\f\v=,'\"") || id[0] == '#')
		return fail(g, n, "%s '%s': hs ids cannot hold blanks, '=', ',', quotes or a leading '#'",
			    what, id);
	return 0;
}

/* ---------------- units (xbt_parse_units.cpp) ---------------- */

enum unit_kind { U_SPEED, U_BANDWIDTH, U_TIME };

/* The factor of prefix+base: the base's value times mult once per step
 * along the prefix list, multiplied in the same order as SimGrid does. */
static int prefixed(const char *prefix, const char *const *prefixes, double value, double mult,
		    double *f)
{
	if (!*prefix) {
		*f = value;
		return 0;
	}
	for (int i = 0; prefixes[i]; i++) {
		value *= mult;
		if (strcmp(prefix, prefixes[i]) == 0) {
			*f = value;
			return 0;
		}
	}
	return -1;
}

static const char *const dec_abbr[] = {"k", "M", "G", "T", "P", "E", "Z", "Y", NULL};
static const char *const bin_abbr[] = {"Ki", "Mi", "Gi", "Ti", "Pi", "Ei", "Zi", "Yi", NULL};
static const char *const dec_long[] = {"kilo", "mega", "giga", "tera", "peta",
				       "exa",  "zeta", "yotta", NULL};

/* Split unit into prefix + base when it ends with base. */
static int ends_with(const char *unit, const char *base, char *prefix, size_t cap)
{
	size_t lu = strlen(unit), lb = strlen(base);
	if (lu < lb || strcmp(unit + lu - lb, base) != 0 || lu - lb >= cap)
		return 0;
	memcpy(prefix, unit, lu - lb);
	prefix[lu - lb] = 0;
	return 1;
}

static int unit_factor(enum unit_kind k, const char *unit, double *f)
{
	char pre[16];
	switch (k) {
	case U_SPEED:
		if (ends_with(unit, "flops", pre, sizeof pre) &&
		    prefixed(pre, dec_long, 1.0, 1000.0, f) == 0)
			return 0;
		return ends_with(unit, "f", pre, sizeof pre) ? prefixed(pre, dec_abbr, 1.0, 1000.0, f)
							     : -1;
	case U_BANDWIDTH: {
		double v;
		if (ends_with(unit, "Bps", pre, sizeof pre))
			v = 1.0;
		else if (ends_with(unit, "bps", pre, sizeof pre))
			v = 0.125;
		else
			return -1;
		if (prefixed(pre, dec_abbr, v, 1000.0, f) == 0)
			return 0;
		return prefixed(pre, bin_abbr, v, 1024.0, f);
	}
	case U_TIME: {
		static const struct { const char *u; double v; } t[] = {
			{"w", 7 * 24 * 60 * 60}, {"d", 24 * 60 * 60}, {"h", 60 * 60}, {"m", 60},
			{"s", 1.0}, {"ms", 1e-3}, {"us", 1e-6}, {"ns", 1e-9}, {"ps", 1e-12},
		};
		for (size_t i = 0; i < sizeof t / sizeof *t; i++)
			if (strcmp(unit, t[i].u) == 0) {
				*f = t[i].v;
				return 0;
			}
		return -1;
	}
	}
	return -1;
}

/* value = number[unit]; a number alone is in the default unit (f, Bps, s).
 * what names the element and attribute for messages. */
static int parse_unit(struct sg *g, xmlNodePtr n, const char *what, const char *text,
		      enum unit_kind k, double *out)
{
	static const char *const names[] = {"speed", "bandwidth", "time"};
	char *end;
	errno = 0;
	double v = strtod(text, &end);
	if (end == text)
		return fail(g, n, "%s: '%s' is not a number", what, text);
	if (errno == ERANGE || !isfinite(v))
		return fail(g, n, "%s: '%s' is out of range", what, text);
	double f = 1.0;
	if (*end && unit_factor(k, end, &f) != 0)
		return fail(g, n, "%s: unknown %s unit '%s' in '%s'", what, names[k], end, text);
	*out = v * f;
	if (*out < 0 || ((k != U_TIME) && !(*out > 0)))
		return fail(g, n, "%s: '%s' must be %s", what, text,
			    k == U_TIME ? "non-negative" : "greater than 0");
	return 0;
}

/* Attribute name of n as a number with a unit; def when absent. */
static int unit_attr(struct sg *g, xmlNodePtr n, const char *id, const char *name, enum unit_kind k,
		     int required, double def, double *out)
{
	char *v = required ? need(g, n, name) : attr(n, name);
	*out = def;
	if (!v)
		return required ? -1 : 0;
	char what[300];
	snprintf(what, sizeof what, "%s %s: %s", name_of(n), id, name);
	int r = parse_unit(g, n, what, v, k, out);
	free(v);
	return r;
}

/* ---------------- records ---------------- */

static struct hs_record *emit(struct sg *g, xmlNodePtr n, const char *kind, const char *id)
{
	struct hs_record *r = hs_record_new(kind, id);
	r->line = line_of(n);
	hs_stream_append(g->out, r);
	return r;
}

static int add_zone(struct sg *g, xmlNodePtr n, const char *id)
{
	if (check_id(g, n, name_of(n), id) < 0)
		return -1;
	g->zones = hs_reallocarray(g->zones, g->nzones + 1, sizeof *g->zones);
	g->zones[g->nzones] = hs_strdup(id);
	if (hs_strmap_put(&g->zone_ix, g->zones[g->nzones], g->nzones) >= 0) {
		free(g->zones[g->nzones]);
		return fail(g, n, "zone '%s' declared twice", id);
	}
	g->nzones++;
	return 0;
}

/* Record that the XML name xml means the hs link hs (split-duplex: the hs
 * reference takes _UP or _DOWN). */
static int add_alias(struct sg *g, xmlNodePtr n, const char *xml, const char *hs, int splitduplex)
{
	int i = hs_strmap_get(&g->link_ix, xml);
	if (i >= 0)
		return fail(g, n, "link '%s' declared twice (first at line %d)", xml,
			    g->links[i].line);
	if (g->nlinks == g->caplinks) {
		g->caplinks = g->caplinks ? 2 * g->caplinks : 64;
		g->links = hs_reallocarray(g->links, g->caplinks, sizeof *g->links);
	}
	struct link_alias *a = &g->links[g->nlinks];
	a->xml = hs_strdup(xml);
	a->hs = hs_strdup(hs);
	a->splitduplex = splitduplex;
	a->line = line_of(n);
	hs_strmap_put(&g->link_ix, a->xml, g->nlinks++);
	return 0;
}

/* SHARED, FATPIPE, SPLITDUPLEX (FULLDUPLEX, its old name) -> hs. */
static int sharing_of(struct sg *g, xmlNodePtr n, const char *v, int allow_split, const char **hs)
{
	if (strcmp(v, "SHARED") == 0)
		*hs = "shared";
	else if (strcmp(v, "FATPIPE") == 0)
		*hs = "fatpipe";
	else if (allow_split && (strcmp(v, "SPLITDUPLEX") == 0 || strcmp(v, "FULLDUPLEX") == 0))
		*hs = "splitduplex";
	else
		return fail(g, n, "<%s>: sharing policy '%s' is not supported (%s)", name_of(n), v,
			    allow_split ? "SHARED, SPLITDUPLEX, FATPIPE" : "SHARED, FATPIPE");
	return 0;
}

/* wattage_per_state (watt_per_state in old files): per pstate
 * "Idle:AllCores" or "Idle:Epsilon:AllCores", comma-separated.  hs keeps
 * per-core figures: cpu_idle = Idle/cores, cpu_busy = AllCores/cores, which
 * give SimGrid's wattage with no core and with every core busy (the
 * Epsilon step is dropped). */
static int energy_props(struct sg *g, xmlNodePtr parent, int pstate, int npstates, int cores,
			struct hs_record *r)
{
	for (xmlNodePtr c = parent->children; c; c = c->next) {
		if (c->type != XML_ELEMENT_NODE || !is(c, "prop"))
			continue;
		char *id = attr(c, "id"), *v = attr(c, "value");
		int rc = 0;
		if (id && v && (strcmp(id, "wattage_per_state") == 0 || strcmp(id, "watt_per_state") == 0)) {
			int n;
			char **states = hs_split_list(v, ',', &n);
			if (n != npstates) {
				rc = fail(g, c, "%s has %d entr%s for %d pstate%s", id, n,
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
						rc = fail(g, c, "%s: '%s' is not a number of watts", id, w[i]);
				}
				if (rc == 0 && k != 2 && k != 3)
					rc = fail(g, c, "%s: '%s' must be Idle:AllCores or Idle:Epsilon:AllCores",
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
static struct hs_record *add_node(struct sg *g, xmlNodePtr n, const char *id, const char *zone,
				  const char *speeds, int pstate, int cores, xmlNodePtr props)
{
	if (check_id(g, n, "host", id) < 0)
		return NULL;
	int np;
	char **sp = hs_split_list(speeds, ',', &np);
	struct hs_record *r = NULL;
	double flops;
	if (pstate < 0 || pstate >= np) {
		fail(g, n, "host %s: pstate %d, but the host has %d", id, pstate, np);
	} else {
		char *s = sp[pstate], *e = s + strlen(s);
		while (*s == ' ' || *s == '\t')
			s++;
		while (e > s && (e[-1] == ' ' || e[-1] == '\t'))
			*--e = 0;
		char what[300];
		snprintf(what, sizeof what, "host %s: speed", id);
		if (parse_unit(g, n, what, s, U_SPEED, &flops) == 0) {
			r = emit(g, n, "node", id);
			hs_record_set(r, "cluster", zone);
			hs_record_set_int(r, "cores", cores);
			hs_record_set_num(r, "flops", flops);
			if (g->nhosts++ == 0 || flops < g->min_flops)
				g->min_flops = flops;
			if (props && energy_props(g, props, pstate, np, cores, r) < 0)
				r = NULL;
		}
	}
	free(sp);
	return r;
}

static int int_attr(struct sg *g, xmlNodePtr n, const char *name, int min, int def, int *out)
{
	char *v = attr(n, name);
	*out = def;
	if (!v)
		return 0;
	int rc = 0;
	/* pstate is written "0.0" by the DTD's default. */
	char *e;
	double d = strtod(v, &e);
	if (e == v || *e || d != (int)d || d < min || d > 1e9)
		rc = fail(g, n, "<%s>: %s '%s' must be an integer >= %d", name_of(n), name, v, min);
	else
		*out = (int)d;
	free(v);
	return rc;
}

static int do_host(struct sg *g, xmlNodePtr n, const char *zone, struct hs_record ***hosts,
		   int *nhosts)
{
	static const char *const ok[] = {"id", "speed", "core", "pstate", "coordinates", NULL};
	static const char *const empty[] = {"speed_file", "availability_file", "state_file", NULL};
	if (check_attrs(g, n, ok, empty) < 0)
		return -1;
	for (xmlNodePtr c = n->children; c; c = c->next)
		if (c->type == XML_ELEMENT_NODE && !is(c, "prop"))
			return fail(g, c, "unsupported element <%s>", name_of(c));
	char *id = need(g, n, "id"), *speed = id ? need(g, n, "speed") : NULL;
	int cores, pstate, rc = -1;
	if (speed && int_attr(g, n, "core", 1, 1, &cores) == 0 &&
	    int_attr(g, n, "pstate", 0, 0, &pstate) == 0) {
		struct hs_record *r = add_node(g, n, id, zone, speed, pstate, cores, n);
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

/* "0-3,5" -> 0 1 2 3 5, in the given order. */
static int parse_radical(struct sg *g, xmlNodePtr n, const char *s, long **out, int *count)
{
	int np;
	char **parts = hs_split_list(s, ',', &np);
	long *v = NULL;
	int k = 0, rc = 0;
	for (int i = 0; i < np && rc == 0; i++) {
		char *p = parts[i], *e;
		long a = strtol(p, &e, 10), b = a;
		if (e != p && *e == '-') {
			char *q = e + 1;
			b = strtol(q, &e, 10);
			if (e == q)
				e = p;
		}
		if (e == p || *e || a < 0 || b < a || b - a > 1000000 || k + (b - a + 1) > 1000000) {
			rc = fail(g, n, "<%s>: bad radical '%s' (ranges like 0-3,5)", name_of(n), s);
			break;
		}
		v = hs_reallocarray(v, k + (b - a + 1), sizeof *v);
		for (long x = a; x <= b; x++)
			v[k++] = x;
	}
	free(parts);
	if (rc)
		free(v);
	else {
		*out = v;
		*count = k;
	}
	return rc;
}

/* ---------------- links and routes ---------------- */

static int do_link(struct sg *g, xmlNodePtr n)
{
	static const char *const ok[] = {"id", "bandwidth", "latency", "sharing_policy", NULL};
	static const char *const empty[] = {"bandwidth_file", "latency_file", "state_file", NULL};
	if (check_attrs(g, n, ok, empty) < 0)
		return -1;
	for (xmlNodePtr c = n->children; c; c = c->next)
		if (c->type == XML_ELEMENT_NODE && !is(c, "prop"))
			return fail(g, c, "unsupported element <%s>", name_of(c));
	char *id = need(g, n, "id"), *sh = attr(n, "sharing_policy");
	const char *sharing = "shared";
	double bw, lat;
	int rc = -1;
	if (id && check_id(g, n, "link", id) == 0 &&
	    unit_attr(g, n, id, "bandwidth", U_BANDWIDTH, 1, 0, &bw) == 0 &&
	    unit_attr(g, n, id, "latency", U_TIME, 0, 0, &lat) == 0 &&
	    (!sh || sharing_of(g, n, sh, 1, &sharing) == 0)) {
		struct hs_record *r = emit(g, n, "link", id);
		hs_record_set_num(r, "bw", bw);
		hs_record_set_num(r, "lat", lat);
		if (strcmp(sharing, "shared") != 0)
			hs_record_set(r, "sharing", sharing);
		rc = add_alias(g, n, id, id, strcmp(sharing, "splitduplex") == 0);
	}
	free(id);
	free(sh);
	return rc;
}

/* <route> or <zoneRoute>: the link_ctn children as an hs links= list. */
static int do_route(struct sg *g, xmlNodePtr n, int zone_route)
{
	static const char *const ok_route[] = {"src", "dst", "symmetrical", NULL};
	static const char *const ok_zone[] = {"src", "dst", "gw_src", "gw_dst", "symmetrical", NULL};
	if (check_attrs(g, n, zone_route ? ok_zone : ok_route, NULL) < 0)
		return -1;
	char *src = need(g, n, "src"), *dst = src ? need(g, n, "dst") : NULL;
	char *gs = NULL, *gd = NULL, *sym = attr(n, "symmetrical");
	char *links = hs_strdup("");
	int rc = src && dst ? 0 : -1;
	if (rc == 0 && zone_route) {
		gs = need(g, n, "gw_src");
		gd = gs ? need(g, n, "gw_dst") : NULL;
		rc = gs && gd ? 0 : -1;
		for (int i = 0; rc == 0 && i < 2; i++) {
			const char *z = i ? dst : src;
			if (hs_strmap_get(&g->zone_ix, z) < 0)
				rc = fail(g, n, "<%s>: unknown zone '%s'", name_of(n), z);
		}
	}
	if (rc == 0 && sym && strcasecmp(sym, "yes") != 0 && strcasecmp(sym, "no") != 0)
		rc = fail(g, n, "<%s>: symmetrical must be YES or NO, got '%s'", name_of(n), sym);
	for (xmlNodePtr c = n->children; c && rc == 0; c = c->next) {
		if (c->type != XML_ELEMENT_NODE)
			continue;
		if (!is(c, "link_ctn")) {
			rc = fail(g, c, "unsupported element <%s>", name_of(c));
			break;
		}
		static const char *const ok_ctn[] = {"id", "direction", NULL};
		if (check_attrs(g, c, ok_ctn, NULL) < 0) {
			rc = -1;
			break;
		}
		char *id = need(g, c, "id"), *dir = attr(c, "direction");
		int i = id ? hs_strmap_get(&g->link_ix, id) : -1;
		if (!id) {
			rc = -1;
		} else if (i < 0) {
			rc = fail(g, c, "<link_ctn>: unknown link '%s'", id);
		} else if (dir && strcmp(dir, "UP") != 0 && strcmp(dir, "DOWN") != 0 &&
			   strcmp(dir, "NONE") != 0) {
			rc = fail(g, c, "<link_ctn>: direction must be UP, DOWN or NONE, got '%s'", dir);
		} else if (g->links[i].splitduplex && (!dir || strcmp(dir, "NONE") == 0)) {
			rc = fail(g, c, "<link_ctn>: link '%s' is SPLITDUPLEX: give direction=\"UP\" or \"DOWN\"",
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
		if (check_id(g, n, "route", rid) == 0) {
			struct hs_record *r = emit(g, n, "route", rid);
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

/* ---------------- zones ---------------- */

static int do_cluster(struct sg *g, xmlNodePtr n)
{
	static const char *const ok[] = {"id", "prefix", "suffix", "radical", "speed", "core", "bw",
					 "lat", "sharing_policy", "topology", "topo_parameters",
					 "bb_bw", "bb_lat", "bb_sharing_policy", "router_id",
					 "loopback_bw", "loopback_lat", NULL};
	static const char *const empty[] = {"limiter_link", NULL};
	if (check_attrs(g, n, ok, empty) < 0)
		return -1;
	for (xmlNodePtr c = n->children; c; c = c->next)
		if (c->type == XML_ELEMENT_NODE && !is(c, "prop"))
			return fail(g, c, "unsupported element <%s>", name_of(c));
	const char *req[] = {"id", "prefix", "suffix", "radical", "speed", "bw", "lat"};
	char *v[7] = {0};
	int rc = 0;
	for (int i = 0; i < 7 && rc == 0; i++)
		if (!(v[i] = need(g, n, req[i])))
			rc = -1;
	char *topo = attr(n, "topology"), *sh = attr(n, "sharing_policy");
	char *bbsh = attr(n, "bb_sharing_policy"), *bbbw = attr(n, "bb_bw");
	char *router = attr(n, "router_id");
	char *lbw = attr(n, "loopback_bw"), *llat = attr(n, "loopback_lat");
	const char *id = v[0], *prefix = v[1], *suffix = v[2];
	const char *sharing = "splitduplex", *bb_sharing = "shared";
	double bw, lat, bb_bw = 0, bb_lat = 0, lo_bw = 0, lo_lat = 0;
	int cores = 1;
	long *rad = NULL;
	int nrad = 0;
	if (rc == 0 && topo && strcmp(topo, "FLAT") != 0)
		rc = fail(g, n, "cluster %s: topology %s is not supported (FLAT only)", id, topo);
	if (rc == 0)
		rc = add_zone(g, n, id);
	if (rc == 0)
		rc = int_attr(g, n, "core", 1, 1, &cores);
	if (rc == 0)
		rc = unit_attr(g, n, id, "bw", U_BANDWIDTH, 1, 0, &bw);
	if (rc == 0)
		rc = unit_attr(g, n, id, "lat", U_TIME, 1, 0, &lat);
	if (rc == 0 && sh)
		rc = sharing_of(g, n, sh, 1, &sharing);
	/* SimGrid makes a FATPIPE cluster's private links plain shared ones
	 * (sg_platf_new_cluster_flat sets no policy on them): so does hs. */
	if (rc == 0 && strcmp(sharing, "fatpipe") == 0)
		sharing = "shared";
	if (rc == 0 && bbsh)
		rc = sharing_of(g, n, bbsh, 0, &bb_sharing);
	if (rc == 0 && bbbw && *bbbw)
		rc = unit_attr(g, n, id, "bb_bw", U_BANDWIDTH, 1, 0, &bb_bw);
	if (rc == 0)
		rc = unit_attr(g, n, id, "bb_lat", U_TIME, 0, 0, &bb_lat);
	if (rc == 0 && bb_lat > 0 && !(bb_bw > 0))
		rc = fail(g, n, "cluster %s: bb_lat without bb_bw is not supported", id);
	if (rc == 0 && lbw && *lbw)
		rc = unit_attr(g, n, id, "loopback_bw", U_BANDWIDTH, 1, 0, &lo_bw);
	if (rc == 0 && llat && *llat)
		rc = unit_attr(g, n, id, "loopback_lat", U_TIME, 1, 0, &lo_lat);
	if (rc == 0 && lo_lat > 0 && !(lo_bw > 0))
		rc = fail(g, n, "cluster %s: loopback_lat without loopback_bw is not supported", id);
	if (rc == 0)
		rc = parse_radical(g, n, v[3], &rad, &nrad);
	if (rc == 0) {
		struct hs_record *c = emit(g, n, "cluster", id);
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
			rc = add_alias(g, n, bb, bb, 0);
			free(bb);
		}
		char *rid = router && *router ? hs_strdup(router)
					      : hs_asprintf("%s%s_router%s", prefix, id, suffix);
		if (rc == 0 && (rc = check_id(g, n, "router", rid)) == 0)
			hs_record_set(emit(g, n, "router", rid), "cluster", id);
		free(rid);
		int split = strcmp(sharing, "splitduplex") == 0;
		for (int i = 0; i < nrad && rc == 0; i++) {
			char *host = hs_asprintf("%s%ld%s", prefix, rad[i], suffix);
			char *xl = hs_asprintf("%s_link_%ld", id, rad[i]);
			char *hl = hs_asprintf("%s_link", host);
			if (!add_node(g, n, host, id, v[4], 0, cores, n))
				rc = -1;
			else
				rc = add_alias(g, n, xl, hl, split);
			if (rc == 0 && lo_bw > 0) {
				/* SimGrid's loopback: a fat pipe per host, its route to itself. */
				char *lo = hs_asprintf("%s_loopback", xl);
				struct hs_record *l = emit(g, n, "link", lo);
				hs_record_set_num(l, "bw", lo_bw);
				hs_record_set_num(l, "lat", lo_lat);
				hs_record_set(l, "sharing", "fatpipe");
				rc = add_alias(g, n, lo, lo, 0);
				char *rid = hs_asprintf("%s:%s", host, host);
				struct hs_record *rt = emit(g, n, "route", rid);
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
	if (check_attrs(g, n, ok, NULL) < 0)
		return -1;
	const char *req[] = {"prefix", "suffix", "radical", "speed", "bw", "lat"};
	char *v[6] = {0};
	int rc = 0;
	for (int i = 0; i < 6 && rc == 0; i++)
		if (!(v[i] = need(g, n, req[i])))
			rc = -1;
	double bw, lat;
	long *rad = NULL;
	int nrad = 0;
	if (rc == 0)
		rc = unit_attr(g, n, v[0], "bw", U_BANDWIDTH, 1, 0, &bw);
	if (rc == 0)
		rc = unit_attr(g, n, v[0], "lat", U_TIME, 1, 0, &lat);
	if (rc == 0)
		rc = parse_radical(g, n, v[2], &rad, &nrad);
	if (rc == 0 && !st->have_cab) {
		st->have_cab = 1;
		st->bw = bw;
		st->lat = lat;
	}
	for (int i = 0; i < nrad && rc == 0; i++) {
		char *host = hs_asprintf("%s%ld%s", v[0], rad[i], v[1]);
		struct hs_record *r = add_node(g, n, host, zone, v[3], 0, 1, NULL);
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
				rc = add_alias(g, n, xl, hl, 0);
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
	if (check_attrs(g, n, ok, NULL) < 0)
		return -1;
	char *id = need(g, n, "id"), *up = id ? need(g, n, "up") : NULL;
	char *down = up ? need(g, n, "down") : NULL;
	int rc = down ? 0 : -1, h = -1;
	for (int i = 0; rc == 0 && i < st->nhosts && h < 0; i++)
		if (strcmp(st->hosts[i]->id, id) == 0)
			h = i;
	if (rc == 0 && h < 0)
		rc = fail(g, n, "<host_link>: no host '%s' in this zone", id);
	if (rc == 0 && st->up[h])
		rc = fail(g, n, "<host_link>: host '%s' has one already", id);
	const char *ends[2] = {up, down};
	char *refs[2] = {NULL, NULL};
	for (int d = 0; d < 2 && rc == 0; d++) {
		int i = hs_strmap_get(&g->link_ix, ends[d]);
		if (i < 0)
			rc = fail(g, n, "<host_link>: unknown link '%s'", ends[d]);
		else if (g->links[i].splitduplex)
			rc = fail(g, n, "<host_link>: link '%s' is SPLITDUPLEX: name one of its halves",
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
		return fail(g, n, "zone %s: zones of zones nested in zones are not supported", id);
	if (strcasecmp(routing, "Full") != 0 && strcasecmp(routing, "Floyd") != 0)
		return fail(g, n, "zone %s: a zone of zones must use Full or Floyd routing, not %s", id,
			    routing);
	if (strcasecmp(routing, "Floyd") == 0)
		hs_record_set(g->plat, "routing", "floyd");
	for (xmlNodePtr c = n->children; c; c = c->next) {
		if (c->type != XML_ELEMENT_NODE || is(c, "prop"))
			continue;
		int rc;
		if (is(c, "zone") || is(c, "AS"))
			rc = do_zone(g, c, depth + 1);
		else if (is(c, "cluster"))
			rc = do_cluster(g, c);
		else if (is(c, "link"))
			rc = do_link(g, c);
		else if (is(c, "zoneRoute") || is(c, "ASroute"))
			rc = do_route(g, c, 1);
		else if (is(c, "host") || is(c, "router") || is(c, "cabinet") || is(c, "route"))
			rc = fail(g, c, "<%s> beside zones in zone %s is not supported", name_of(c), id);
		else
			rc = fail(g, c, "unsupported element <%s>", name_of(c));
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
			struct hs_record *l = emit(g, n, "link", "__loopback__");
			hs_record_set_num(l, "bw", 1e10);
			hs_record_set_num(l, "lat", 0);
			hs_record_set(l, "sharing", "fatpipe");
		}
		char *rid = hs_asprintf("%s:%s", hosts[i]->id, hosts[i]->id);
		struct hs_record *rt = emit(g, n, "route", rid);
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
		return fail(g, n, "zone %s: routing %s is not supported (Full, Floyd, Cluster)", id,
			    routing);
	if (add_zone(g, n, id) < 0)
		return -1;
	struct star st = {0};
	st.cluster = emit(g, n, "cluster", id);
	if (!star)
		hs_record_set(st.cluster, "routing", strcasecmp(routing, "Full") == 0 ? "full" : "floyd");
	int rc = 0;
	for (xmlNodePtr c = n->children; c && rc == 0; c = c->next) {
		if (c->type != XML_ELEMENT_NODE || is(c, "prop"))
			continue;
		if (is(c, "host")) {
			rc = do_host(g, c, id, &st.hosts, &st.nhosts);
			if (rc == 0) {
				st.up = hs_reallocarray(st.up, st.nhosts, sizeof *st.up);
				st.down = hs_reallocarray(st.down, st.nhosts, sizeof *st.down);
				st.up[st.nhosts - 1] = st.down[st.nhosts - 1] = NULL;
			}
		} else if (is(c, "router")) {
			static const char *const ok[] = {"id", "coordinates", NULL};
			char *rid = check_attrs(g, c, ok, NULL) == 0 ? need(g, c, "id") : NULL;
			rc = rid && check_id(g, c, "router", rid) == 0 ? 0 : -1;
			if (rc == 0)
				hs_record_set(emit(g, c, "router", rid), "cluster", id);
			free(rid);
		} else if (is(c, "link")) {
			rc = do_link(g, c);
		} else if (is(c, "route") && !star) {
			rc = do_route(g, c, 0);
		} else if (is(c, "cabinet") && star) {
			rc = do_cabinet(g, c, id, &st);
		} else if (is(c, "host_link") && star) {
			st.host_links = hs_reallocarray(st.host_links, st.nhost_links + 1,
							sizeof *st.host_links);
			st.host_links[st.nhost_links++] = c;
		} else if (is(c, "backbone") && star) {
			static const char *const ok[] = {"id", "bandwidth", "latency", NULL};
			char *bid = check_attrs(g, c, ok, NULL) == 0 ? need(g, c, "id") : NULL;
			double bw, lat;
			rc = bid && unit_attr(g, c, bid, "bandwidth", U_BANDWIDTH, 1, 0, &bw) == 0 &&
					     unit_attr(g, c, bid, "latency", U_TIME, 1, 0, &lat) == 0
				     ? 0
				     : -1;
			if (rc == 0) {
				hs_record_set_num(st.cluster, "bb_bw", bw);
				hs_record_set_num(st.cluster, "bb_lat", lat);
				char *hl = hs_asprintf("%s_backbone", id);
				rc = add_alias(g, c, bid, hl, 0);
				free(hl);
			}
			free(bid);
		} else if (is(c, "zone") || is(c, "AS") || is(c, "cluster")) {
			rc = fail(g, c, "<%s> beside hosts in zone %s is not supported", name_of(c), id);
		} else if (is(c, "route") || is(c, "cabinet") || is(c, "host_link") ||
			   is(c, "backbone")) {
			rc = fail(g, c, "<%s> in a %s zone is not supported (Cluster zones take cabinet, "
				  "host_link and backbone; Full and Floyd zones take route)",
				  name_of(c), routing);
		} else {
			rc = fail(g, c, "unsupported element <%s>", name_of(c));
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
				rc = fail(g, n, "zone %s: host %s has no <host_link> (a Cluster zone's "
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
	if (check_attrs(g, n, ok, NULL) < 0)
		return -1;
	char *id = need(g, n, "id"), *routing = id ? need(g, n, "routing") : NULL;
	int rc = -1;
	if (routing) {
		int of_zones = 0;
		for (xmlNodePtr c = n->children; c; c = c->next)
			if (c->type == XML_ELEMENT_NODE &&
			    (is(c, "zone") || is(c, "AS") || is(c, "cluster")))
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
	if (!is(root, "platform"))
		return fail(g, root, "not a SimGrid platform file (root element <%s>)", name_of(root));
	char *ver = attr(root, "version");
	char *e = NULL;
	double v = ver ? strtod(ver, &e) : 0;
	int ok = ver && e != ver && !*e && v >= 4 && v < 5;
	if (!ok) {
		fail(g, root, "SimGrid platform version '%s' is not supported (this hs reads 4.x)",
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
	g->plat = emit(g, root, "platform", pname);
	hs_record_set_num(g->plat, "ref_flops", 0); /* its place; the value comes last */
	free(pname);
	int roots = 0;
	for (xmlNodePtr c = root->children; c; c = c->next) {
		if (c->type != XML_ELEMENT_NODE || is(c, "config"))
			continue; /* <config>: SimGrid's own settings, not the platform */
		int rc;
		if (is(c, "zone") || is(c, "AS") || is(c, "cluster")) {
			if (roots++)
				return fail(g, c, "a second root zone (a platform has one)");
			rc = is(c, "cluster") ? do_cluster(g, c) : do_zone(g, c, 0);
		} else {
			rc = fail(g, c, "unsupported element <%s>", name_of(c));
		}
		if (rc < 0)
			return -1;
	}
	if (!g->nhosts)
		return fail(g, root, "no host in the platform");
	hs_record_set_num(g->plat, "ref_flops", g->min_flops);
	return 0;
}

int hs_simgrid_read(const char *path, struct hs_stream *out)
{
	size_t len;
	char *buf = read_all(path, &len);
	if (!buf)
		return -1;
	struct sg g = {.path = path, .out = out};
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
	hs_strmap_release(&g.link_ix);
	hs_strmap_release(&g.zone_ix);
	return rc;
}
