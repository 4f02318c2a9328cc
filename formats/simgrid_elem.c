/* simgrid_elem.c - hosts (speed, cores, power states), clusters' radicals, links
 * and routes of a SimGrid platform file as hs records (simgrid_priv.h). */
#include "simgrid_priv.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* One number of watts (blanks around it allowed, as SimGrid's stod). */
static int watts(struct sg *g, xmlNodePtr c, const char *id, const char *text, double *x)
{
	const char *s = text;
	char *e;
	while (*s == ' ' || *s == '\t')
		s++;
	*x = strtod(s, &e);
	while (*e == ' ' || *e == '\t')
		e++;
	if (e == s || *e || !isfinite(*x) || *x < 0)
		return hs_sg_fail(g, c, "%s: '%s' is not a number of watts", id, text);
	return 0;
}

/* A host's power properties, per pstate (SimGrid's host_energy plugin):
 * wattage_per_state (watt_per_state in old files) "Idle:AllCores" or
 * "Idle:Epsilon:AllCores" (Epsilon = Idle when not given): Idle with no
 * core busy, Epsilon + load * (AllCores - Epsilon) at a load in (0, 1];
 * wattage_off while the host is off; Batsim's sleep_pstates. */
struct power {
	double *idle, *eps, *all; /* per pstate; NULL without wattage_per_state */
	int off_given;
	double off;
	int nsleep;
	int (*sleep)[3]; /* sleep_pstates: sleep, switch-off, switch-on pstates */
};

static void power_release(struct power *pw)
{
	free(pw->idle);
	free(pw->sleep);
}

static int wattage_per_state(struct sg *g, xmlNodePtr c, const char *id, const char *v, int np,
			     struct power *pw)
{
	int n, rc = 0;
	char **states = hs_split_list(v, ',', &n);
	if (n != np) {
		rc = hs_sg_fail(g, c, "%s has %d entr%s for %d pstate%s", id, n, n == 1 ? "y" : "ies", np,
				np == 1 ? "" : "s");
	} else {
		pw->idle = hs_reallocarray(NULL, 3 * (size_t)np, sizeof *pw->idle);
		pw->eps = pw->idle + np;
		pw->all = pw->eps + np;
		for (int p = 0; p < np && rc == 0; p++) {
			int k;
			char **w = hs_split_list(states[p], ':', &k);
			double x[3];
			for (int i = 0; i < k && i < 3 && rc == 0; i++)
				rc = watts(g, c, id, w[i], &x[i]);
			if (rc == 0 && k != 2 && k != 3)
				rc = hs_sg_fail(g, c, "%s: '%s' must be Idle:AllCores or Idle:Epsilon:AllCores",
						id, states[p]);
			if (rc == 0) {
				pw->idle[p] = x[0];
				pw->eps[p] = x[k - 2];
				pw->all[p] = x[k - 1];
			}
			free(w);
		}
	}
	free(states);
	return rc;
}

/* Batsim's sleep_pstates: "S:OFF:ON, ..." (its machines.cpp reads sleep
 * pstate, switch-off pstate, switch-on pstate in that order); blank: none. */
static int sleep_pstates(struct sg *g, xmlNodePtr c, const char *v, int np, struct power *pw)
{
	int n, rc = 0;
	const char *t = v;
	while (*t == ' ' || *t == '\t')
		t++;
	char **parts = hs_split_list(*t ? v : "", ',', &n);
	pw->sleep = hs_reallocarray(NULL, n ? (size_t)n : 1, sizeof *pw->sleep);
	for (int i = 0; i < n && rc == 0; i++) {
		int k;
		char **f = hs_split_list(parts[i], ':', &k);
		for (int j = 0; j < 3 && rc == 0; j++) {
			char *s = j < k ? f[j] : NULL, *e = s;
			long x = -1;
			if (s) {
				while (*s == ' ' || *s == '\t')
					s++;
				x = *s >= '0' && *s <= '9' ? strtol(s, &e, 10) : -1;
				while (*e == ' ' || *e == '\t')
					e++;
			}
			if (k != 3 || x < 0 || *e)
				rc = hs_sg_fail(g, c, "sleep_pstates: '%s' must be SLEEP:OFF:ON pstates", parts[i]);
			else if (x >= np)
				rc = hs_sg_fail(g, c, "sleep_pstates: '%s': pstate %ld, but the host has %d",
						parts[i], x, np);
			else
				pw->sleep[i][j] = (int)x;
		}
		free(f);
	}
	free(parts);
	pw->nsleep = rc == 0 ? n : 0;
	return rc;
}

static int power_props(struct sg *g, xmlNodePtr parent, int np, struct power *pw)
{
	memset(pw, 0, sizeof *pw);
	int rc = 0;
	for (xmlNodePtr c = parent->children; c && rc == 0; c = c->next) {
		if (c->type != XML_ELEMENT_NODE || !hs_sg_is(c, "prop"))
			continue;
		char *id = hs_sg_attr(c, "id"), *v = hs_sg_attr(c, "value");
		if (id && v && (strcmp(id, "wattage_per_state") == 0 || strcmp(id, "watt_per_state") == 0))
			rc = wattage_per_state(g, c, id, v, np, pw);
		else if (id && v && strcmp(id, "wattage_off") == 0) {
			pw->off_given = 1;
			rc = watts(g, c, id, v, &pw->off);
		} else if (id && v && strcmp(id, "sleep_pstates") == 0)
			rc = sleep_pstates(g, c, v, np, pw);
		free(id);
		free(v);
	}
	return rc;
}

/* Append ",a:b:c" (no comma first) to *s. */
static void append_state(char **s, const double *x, int n)
{
	size_t len = *s ? strlen(*s) : 0;
	*s = hs_realloc(*s, len + (size_t)n * HS_NUMBUF + 2);
	char *p = *s + len;
	if (len)
		*p++ = ',';
	for (int i = 0; i < n; i++) {
		char buf[HS_NUMBUF];
		p += sprintf(p, "%s%s", i ? ":" : "", hs_fmt_double(buf, x[i]));
	}
}

/* simgrid_pstates=: each SimGrid pstate's hs state number (computing
 * states first, then sleeping ones), "-" for a switching one, so that
 * Batsim's numbers (the index in speed) survive hs's renumbering. */
static void simgrid_numbers(struct hs_record *r, const int *kind, int np, const struct power *pw,
			    int ncomp)
{
	char *s = hs_malloc((size_t)np * 24 + 1), *p = s;
	for (int q = 0, comp = 0; q < np; q++) {
		int v = kind[q] == 0 ? comp++ : -1;
		for (int i = 0; kind[q] == 1 && i < pw->nsleep; i++)
			if (pw->sleep[i][0] == q)
				v = ncomp + i;
		p += v < 0 ? sprintf(p, "%s-", q ? "," : "") : sprintf(p, "%s%d", q ? "," : "", v);
	}
	hs_record_set(r, "simgrid_pstates", s);
	free(s);
}

/* The node's power states (hs-format(5) SIMGRID PLATFORMS): cpu_busy and
 * cpu_idle per core from the initial pstate, as hs had them before states
 * (AllCores/cores, Idle/cores: SimGrid's power with every core busy and with
 * none; Epsilon is left out); with more than one pstate or sleep pstates,
 * pstates= (the computing pstates: speed relative to the initial one's),
 * pstate= and sleep= (a switch computes one flop on one core in its
 * virtual pstate, as Batsim's pstate.cpp does: 1/speed seconds at
 * Epsilon + (AllCores - Epsilon)/cores watts); off_power= from wattage_off. */
static int power_fields(struct sg *g, xmlNodePtr n, const char *id, const double *flops, int np,
			int pstate, int cores, int master, const struct power *pw, struct hs_record *r)
{
	if (pw->idle) {
		hs_record_set_num(r, "cpu_busy", pw->all[pstate] / cores);
		hs_record_set_num(r, "cpu_idle", pw->idle[pstate] / cores);
	}
	/* Each pstate's kind: 0 computing, 1 sleeping, 2 switching (Batsim's
	 * checks: a pstate has one kind; switching ones may be shared). */
	int *kind = hs_calloc(np, sizeof *kind), rc = 0;
	for (int i = 0; i < pw->nsleep && rc == 0; i++)
		for (int j = 0; j < 3 && rc == 0; j++) {
			int p = pw->sleep[i][j], want = j ? 2 : 1;
			if (kind[p] && (kind[p] != want || want == 1))
				rc = hs_sg_fail(g, n, "host %s: sleep_pstates: pstate %d is given %s", id, p,
						kind[p] == want ? "twice as a sleep pstate" :
						"as a sleep pstate and as a switching one");
			kind[p] = want;
		}
	if (rc == 0 && kind[pstate])
		rc = hs_sg_fail(g, n, "host %s: its initial pstate %d is a %s pstate", id, pstate,
				kind[pstate] == 1 ? "sleep" : "switching");
	char *ps = NULL, *sl = NULL;
	int init = 0, ncomp = 0;
	for (int p = 0; p < np && rc == 0 && (np > 1 || pw->nsleep); p++) {
		if (kind[p])
			continue;
		if (!(flops[p] > 0)) {
			/* Storage and master hosts are no nodes: their states do
			 * not matter (Batsim refuses a compute node's). */
			if (!master)
				rc = hs_sg_fail(g, n, "host %s: computing pstate %d has speed 0", id, p);
			goto out;
		}
		if (p == pstate)
			init = ncomp;
		ncomp++;
		double x[3] = {p == pstate ? 1 : flops[p] / flops[pstate],
			       pw->idle ? pw->idle[p] / cores : 0, pw->idle ? pw->all[p] / cores : 0};
		append_state(&ps, x, 3);
	}
	for (int i = 0; i < pw->nsleep && rc == 0; i++) {
		double x[5];
		x[0] = pw->idle ? pw->idle[pw->sleep[i][0]] : 0;
		for (int j = 1; j < 3; j++) {
			int p = pw->sleep[i][j];
			double t = 1 / flops[p];
			if (!(flops[p] > 0) || !isfinite(t)) {
				rc = hs_sg_fail(g, n, "host %s: switching pstate %d has speed %g: its flop would never end",
						id, p, flops[p]);
				break;
			}
			double w = pw->idle ? pw->eps[p] + (pw->all[p] - pw->eps[p]) / cores : 0;
			x[2 * j - 1] = t;
			x[2 * j] = t * w;
		}
		if (rc == 0)
			append_state(&sl, x, 5);
	}
	if (rc == 0 && ps) {
		hs_record_set(r, "pstates", ps);
		if (init)
			hs_record_set_int(r, "pstate", init);
	}
	if (rc == 0 && sl)
		hs_record_set(r, "sleep", sl);
	if (rc == 0 && ps)
		simgrid_numbers(r, kind, np, pw, ncomp);
	if (rc == 0 && pw->off_given)
		hs_record_set_num(r, "off_power", pw->off);
out:
	free(ps);
	free(sl);
	free(kind);
	return rc;
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
	double *flops = hs_calloc(np ? np : 1, sizeof *flops);
	struct hs_record *r = NULL;
	int rc = 0;
	if (pstate < 0 || pstate >= np)
		rc = hs_sg_fail(g, n, "host %s: pstate %d, but the host has %d", id, pstate, np);
	/* Every pstate's speed (SimGrid reads them all). */
	for (int p = 0; p < np && rc == 0; p++) {
		char *s = sp[p], *e = s + strlen(s);
		while (*s == ' ' || *s == '\t')
			s++;
		while (e > s && (e[-1] == ' ' || e[-1] == '\t'))
			*--e = 0;
		char what[300], *u;
		snprintf(what, sizeof what, "host %s: speed", id);
		/* SimGrid takes a pstate of speed 0 (to model a boot time, its
		 * docs say); the unit is checked on 1 of it. */
		if (p != pstate && strtod(s, &u) == 0 && u != s) {
			char *one = hs_asprintf("1%s", u);
			rc = hs_sg_parse_unit(g, n, what, one, U_SPEED, &flops[p]);
			flops[p] = 0;
			free(one);
		} else {
			rc = hs_sg_parse_unit(g, n, what, s, U_SPEED, &flops[p]);
		}
	}
	struct power pw;
	if (rc == 0 && props)
		rc = power_props(g, props, np, &pw);
	else
		memset(&pw, 0, sizeof pw);
	if (rc == 0) {
		r = hs_sg_emit(g, n, "node", id);
		hs_record_set(r, "cluster", zone);
		hs_record_set_int(r, "cores", cores);
		hs_record_set_num(r, "flops", flops[pstate]);
		/* The reference node is the slowest compute node. */
		int master = hs_sg_is_master(g, id, props);
		if (!master && (g->nhosts++ == 0 || flops[pstate] < g->min_flops))
			g->min_flops = flops[pstate];
		if (power_fields(g, n, id, flops, np, pstate, cores, master, &pw, r) < 0)
			r = NULL;
	}
	power_release(&pw);
	free(flops);
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
