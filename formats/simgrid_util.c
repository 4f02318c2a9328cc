/* simgrid_util.c - the SimGrid reader's helpers (simgrid_priv.h): messages
 * with the element's line, attributes, ids, SimGrid's units, records. */
#include "simgrid_priv.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------- errors and attributes ---------------- */

int hs_sg_line_of(xmlNodePtr n)
{
	return n ? (int)xmlGetLineNo(n) : 0;
}

HS_PRINTF(3, 4)
int hs_sg_fail(struct sg *g, xmlNodePtr n, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	hs_error_at(g->path, hs_sg_line_of(n), "%s", buf);
	return -1;
}

const char *hs_sg_name_of(xmlNodePtr n)
{
	return (const char *)n->name;
}

int hs_sg_is(xmlNodePtr n, const char *name)
{
	return strcmp(hs_sg_name_of(n), name) == 0;
}

/* The attribute's value (malloc'd, free with free()), or NULL. */
char *hs_sg_attr(xmlNodePtr n, const char *name)
{
	xmlChar *v = xmlGetProp(n, (const xmlChar *)name);
	if (!v)
		return NULL;
	char *s = hs_strdup((const char *)v);
	xmlFree(v);
	return s;
}

/* A required attribute, or NULL after reporting it missing. */
char *hs_sg_need(struct sg *g, xmlNodePtr n, const char *name)
{
	char *v = hs_sg_attr(n, name);
	if (!v)
		hs_sg_fail(g, n, "<%s> needs a %s attribute", hs_sg_name_of(n), name);
	return v;
}

/* Every attribute of n must be in ok (NULL-terminated); those in
 * empty_only (attributes naming profiles or extras hs does not model) may
 * appear with an empty value only. */
int hs_sg_check_attrs(struct sg *g, xmlNodePtr n, const char *const *ok,
		       const char *const *empty_only)
{
	for (xmlAttrPtr a = n->properties; a; a = a->next) {
		const char *an = (const char *)a->name;
		int found = 0;
		for (int i = 0; ok[i] && !found; i++)
			found = strcmp(ok[i], an) == 0;
		for (int i = 0; empty_only && empty_only[i] && !found; i++)
			if (strcmp(empty_only[i], an) == 0) {
				char *v = hs_sg_attr(n, an);
				found = v && !*v;
				free(v);
			}
		if (!found)
			return hs_sg_fail(g, n, "unsupported attribute %s of <%s>", an, hs_sg_name_of(n));
	}
	return 0;
}

/* An id that an hs record and an hs list can hold. */
int hs_sg_check_id(struct sg *g, xmlNodePtr n, const char *what, const char *id)
{
	if (!*id)
		return hs_sg_fail(g, n, "%s: empty id", what);
	if (strpbrk(id, " \t\n\r\f\v=,'\"") || id[0] == '#')
		return hs_sg_fail(g, n, "%s '%s': hs ids cannot hold blanks, '=', ',', quotes or a leading '#'",
			    what, id);
	return 0;
}

/* ---------------- units (xbt_parse_units.cpp) ---------------- */


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
int hs_sg_parse_unit(struct sg *g, xmlNodePtr n, const char *what, const char *text,
		      enum unit_kind k, double *out)
{
	static const char *const names[] = {"speed", "bandwidth", "time"};
	char *end;
	errno = 0;
	double v = strtod(text, &end);
	if (end == text)
		return hs_sg_fail(g, n, "%s: '%s' is not a number", what, text);
	if (errno == ERANGE || !isfinite(v))
		return hs_sg_fail(g, n, "%s: '%s' is out of range", what, text);
	double f = 1.0;
	if (*end && unit_factor(k, end, &f) != 0)
		return hs_sg_fail(g, n, "%s: unknown %s unit '%s' in '%s'", what, names[k], end, text);
	*out = v * f;
	if (*out < 0 || ((k != U_TIME) && !(*out > 0)))
		return hs_sg_fail(g, n, "%s: '%s' must be %s", what, text,
			    k == U_TIME ? "non-negative" : "greater than 0");
	return 0;
}

/* Attribute name of n as a number with a unit; def when absent. */
int hs_sg_unit_attr(struct sg *g, xmlNodePtr n, const char *id, const char *name, enum unit_kind k,
		     int required, double def, double *out)
{
	char *v = required ? hs_sg_need(g, n, name) : hs_sg_attr(n, name);
	*out = def;
	if (!v)
		return required ? -1 : 0;
	char what[300];
	snprintf(what, sizeof what, "%s %s: %s", hs_sg_name_of(n), id, name);
	int r = hs_sg_parse_unit(g, n, what, v, k, out);
	free(v);
	return r;
}

/* ---------------- records ---------------- */

struct hs_record *hs_sg_emit(struct sg *g, xmlNodePtr n, const char *kind, const char *id)
{
	struct hs_record *r = hs_record_new(kind, id);
	r->line = hs_sg_line_of(n);
	hs_stream_append(g->out, r);
	return r;
}

int hs_sg_add_zone(struct sg *g, xmlNodePtr n, const char *id)
{
	if (hs_sg_check_id(g, n, hs_sg_name_of(n), id) < 0)
		return -1;
	g->zones = hs_reallocarray(g->zones, g->nzones + 1, sizeof *g->zones);
	g->zones[g->nzones] = hs_strdup(id);
	if (hs_strmap_put(&g->zone_ix, g->zones[g->nzones], g->nzones) >= 0) {
		free(g->zones[g->nzones]);
		return hs_sg_fail(g, n, "zone '%s' declared twice", id);
	}
	g->nzones++;
	return 0;
}

/* Record that the XML name xml means the hs link hs (split-duplex: the hs
 * reference takes _UP or _DOWN). */
int hs_sg_add_alias(struct sg *g, xmlNodePtr n, const char *xml, const char *hs, int splitduplex)
{
	int i = hs_strmap_get(&g->link_ix, xml);
	if (i >= 0)
		return hs_sg_fail(g, n, "link '%s' declared twice (first at line %d)", xml,
			    g->links[i].line);
	if (g->nlinks == g->caplinks) {
		g->caplinks = g->caplinks ? 2 * g->caplinks : 64;
		g->links = hs_reallocarray(g->links, g->caplinks, sizeof *g->links);
	}
	struct link_alias *a = &g->links[g->nlinks];
	a->xml = hs_strdup(xml);
	a->hs = hs_strdup(hs);
	a->splitduplex = splitduplex;
	a->line = hs_sg_line_of(n);
	hs_strmap_put(&g->link_ix, a->xml, g->nlinks++);
	return 0;
}

/* SHARED, FATPIPE, SPLITDUPLEX (FULLDUPLEX, its old name) -> hs. */
int hs_sg_sharing_of(struct sg *g, xmlNodePtr n, const char *v, int allow_split, const char **hs)
{
	if (strcmp(v, "SHARED") == 0)
		*hs = "shared";
	else if (strcmp(v, "FATPIPE") == 0)
		*hs = "fatpipe";
	else if (allow_split && (strcmp(v, "SPLITDUPLEX") == 0 || strcmp(v, "FULLDUPLEX") == 0))
		*hs = "splitduplex";
	else
		return hs_sg_fail(g, n, "<%s>: sharing policy '%s' is not supported (%s)", hs_sg_name_of(n), v,
			    allow_split ? "SHARED, SPLITDUPLEX, FATPIPE" : "SHARED, FATPIPE");
	return 0;
}

int hs_sg_int_attr(struct sg *g, xmlNodePtr n, const char *name, int min, int def, int *out)
{
	char *v = hs_sg_attr(n, name);
	*out = def;
	if (!v)
		return 0;
	int rc = 0;
	/* pstate is written "0.0" by the DTD's default. */
	char *e;
	double d = strtod(v, &e);
	/* The range first: converting 5e98 (or nan) to int is undefined. */
	if (e == v || *e || !(d >= min && d <= 1e9) || d != (int)d)
		rc = hs_sg_fail(g, n, "<%s>: %s '%s' must be an integer >= %d", hs_sg_name_of(n), name, v, min);
	else
		*out = (int)d;
	free(v);
	return rc;
}
