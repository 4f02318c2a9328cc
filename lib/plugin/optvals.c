/* plugin/optvals.c - option values of one algorithm: the table's defaults, then
 * presets, then the user's -o, each checked against the table's types.
 *
 * Plugins only read values (hs_opt_*); every check happens here, in the
 * host, so a plugin never sees a malformed value.  Asking for an option that
 * is not in the table is a plugin bug and ends the run (exit 1).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "hs/loader.h"

struct hs_optval {
	const struct hs_option *opt;
	char *text; /* canonical text of the value */
	long i;     /* INT, BOOL */
	double d;   /* DOUBLE, INT */
};

struct hs_optvals {
	const char *algo;
	struct hs_optval *v;
	int n;
};

static const char *type_name(enum hs_opt_type t)
{
	switch (t) {
	case HS_OPT_BOOL: return "bool";
	case HS_OPT_INT: return "int";
	case HS_OPT_DOUBLE: return "number";
	case HS_OPT_STRING: return "string";
	case HS_OPT_CHOICE: return "choice";
	}
	return "?";
}

/* Is word one of the '|'-separated choices? */
static int in_choices(const char *choices, const char *word)
{
	size_t n = strlen(word);
	const char *p = choices;
	while (p && *p) {
		const char *bar = strchr(p, '|');
		size_t len = bar ? (size_t)(bar - p) : strlen(p);
		if (len == n && strncmp(p, word, n) == 0)
			return 1;
		p = bar ? bar + 1 : NULL;
	}
	return 0;
}

static int parse_bool(const char *s, long *out)
{
	static const char *yes[] = {"1", "yes", "true", "on"}, *no[] = {"0", "no", "false", "off"};
	for (size_t k = 0; k < sizeof yes / sizeof *yes; k++) {
		if (strcasecmp(s, yes[k]) == 0)
			return *out = 1, 0;
		if (strcasecmp(s, no[k]) == 0)
			return *out = 0, 0;
	}
	return -1;
}

/* Check text against v's type and store it.  Returns NULL, or a malloc'd
 * reason ("'x' is not a number"). */
static char *store(struct hs_optval *v, const char *text)
{
	const struct hs_option *o = v->opt;
	long l;
	double d;
	switch (o->type) {
	case HS_OPT_BOOL:
		if (parse_bool(text, &l) < 0)
			return hs_asprintf("'%s' is not a boolean (1|0|yes|no|true|false)", text);
		v->i = l;
		v->d = (double)l;
		free(v->text);
		v->text = hs_strdup(l ? "1" : "0");
		return NULL;
	case HS_OPT_INT:
		if (hs_parse_long(text, -__LONG_MAX__ - 1, __LONG_MAX__, &l) < 0)
			return hs_asprintf("'%s' is not an integer", text);
		v->i = l;
		v->d = (double)l;
		break;
	case HS_OPT_DOUBLE:
		if ((l = hs_parse_double(text, &d)) < 0)
			return hs_num_range((int)l) ? hs_asprintf("'%s' %s", text, hs_num_range((int)l))
						    : hs_asprintf("'%s' is not a number", text);
		v->d = d;
		break;
	case HS_OPT_CHOICE:
		if (!in_choices(o->choices, text))
			return hs_asprintf("'%s' is not one of %s", text, o->choices);
		break;
	case HS_OPT_STRING:
		break;
	}
	free(v->text);
	v->text = hs_strdup(text);
	return NULL;
}

static int valid_name(const char *s)
{
	if (!s || !*s)
		return 0;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && *s != '_' && *s != '-')
			return 0;
	return 1;
}

struct hs_optvals *hs_optvals_new(const char *algo, const struct hs_option *table)
{
	struct hs_optvals *o = hs_calloc(1, sizeof *o);
	o->algo = algo;
	int n = 0;
	while (table && table[n].name)
		n++;
	o->v = hs_calloc(n ? (size_t)n : 1, sizeof *o->v);
	o->n = n;
	for (int k = 0; k < n; k++) {
		const struct hs_option *opt = &table[k];
		struct hs_optval *v = &o->v[k];
		v->opt = opt;
		if (!valid_name(opt->name))
			hs_die(HS_EXIT_FAIL, "%s: plugin bug: bad option name '%s'", algo, opt->name);
		for (int j = 0; j < k; j++)
			if (strcmp(table[j].name, opt->name) == 0)
				hs_die(HS_EXIT_FAIL, "%s: plugin bug: option '%s' listed twice", algo,
				       opt->name);
		if ((unsigned)opt->type > HS_OPT_CHOICE)
			hs_die(HS_EXIT_FAIL, "%s: plugin bug: option %s has unknown type %d", algo,
			       opt->name, (int)opt->type);
		if (opt->type == HS_OPT_CHOICE && (!opt->choices || !*opt->choices))
			hs_die(HS_EXIT_FAIL, "%s: plugin bug: choice option %s lists no choices", algo,
			       opt->name);
		if (!opt->def)
			hs_die(HS_EXIT_FAIL, "%s: plugin bug: option %s has no default", algo,
			       opt->name);
		char *why = store(v, opt->def);
		if (why)
			hs_die(HS_EXIT_FAIL, "%s: plugin bug: default of option %s: %s", algo,
			       opt->name, why);
	}
	return o;
}

void hs_optvals_free(struct hs_optvals *o)
{
	if (!o)
		return;
	for (int k = 0; k < o->n; k++)
		free(o->v[k].text);
	free(o->v);
	free(o);
}

static struct hs_optval *find_n(const struct hs_optvals *o, const char *name, size_t len)
{
	for (int k = 0; k < o->n; k++)
		if (strlen(o->v[k].opt->name) == len && strncmp(o->v[k].opt->name, name, len) == 0)
			return &o->v[k];
	return NULL;
}

static void unknown_option(const struct hs_optvals *o, const char *name)
{
	if (o->n == 0) {
		hs_error("%s: unknown option '%s' (%s has no options)", o->algo, name, o->algo);
		return;
	}
	size_t len = 1;
	for (int k = 0; k < o->n; k++)
		len += strlen(o->v[k].opt->name) + 2;
	char *list = hs_malloc(len);
	list[0] = '\0';
	for (int k = 0; k < o->n; k++) {
		if (k)
			strcat(list, ", ");
		strcat(list, o->v[k].opt->name);
	}
	hs_error("%s: unknown option '%s' (options: %s)", o->algo, name, list);
	free(list);
}

/* Apply one "k=v" or "k" item (len bytes of item). */
static int set_one(struct hs_optvals *o, const char *item, size_t len)
{
	char *s = hs_strndup(item, len);
	char *eq = strchr(s, '=');
	if (eq)
		*eq = '\0';
	int rc = -1;
	struct hs_optval *v;
	if (!*s) {
		hs_error("%s: empty option name in '%.*s'", o->algo, (int)len, item);
	} else if (!(v = find_n(o, s, strlen(s)))) {
		unknown_option(o, s);
	} else if (!eq && v->opt->type != HS_OPT_BOOL) {
		static const char *word[] = {"0|1", "INTEGER", "NUMBER", "TEXT", NULL};
		hs_error("%s: option %s needs a value (%s=%s)", o->algo, s, s,
			 v->opt->type == HS_OPT_CHOICE ? v->opt->choices : word[v->opt->type]);
	} else {
		char *why = store(v, eq ? eq + 1 : "1");
		if (why)
			hs_error("%s: option %s: %s", o->algo, s, why);
		else
			rc = 0;
		free(why);
	}
	free(s);
	return rc;
}

/* Does a new item start at p (just after a comma)?  Yes for "NAME=" and for
 * a bare known option name followed by ',' or the end. */
static int item_starts(const struct hs_optvals *o, const char *p)
{
	size_t len = 0;
	while (p[len] && (isalnum((unsigned char)p[len]) || p[len] == '_' || p[len] == '-'))
		len++;
	if (len == 0)
		return 0;
	if (p[len] == '=')
		return 1;
	return (p[len] == ',' || p[len] == '\0') && find_n(o, p, len) != NULL;
}

int hs_optvals_set(struct hs_optvals *o, const char *spec)
{
	const char *p = spec;
	int rc = 0;
	if (!*p) {
		hs_error("%s: empty option", o->algo);
		return -1;
	}
	while (*p) {
		const char *end = p;
		for (;;) {
			end = strchr(end, ',');
			if (!end || item_starts(o, end + 1))
				break;
			end++;
		}
		size_t len = end ? (size_t)(end - p) : strlen(p);
		if (set_one(o, p, len) < 0)
			rc = -1;
		if (!end)
			break;
		p = end + 1;
	}
	return rc;
}

char *hs_optvals_text(const struct hs_optvals *o)
{
	size_t len = 1;
	for (int k = 0; k < o->n; k++)
		len += strlen(o->v[k].opt->name) + strlen(o->v[k].text) + 2;
	char *s = hs_malloc(len), *q = s;
	*q = '\0';
	for (int k = 0; k < o->n; k++)
		q += sprintf(q, "%s%s=%s", k ? "," : "", o->v[k].opt->name, o->v[k].text);
	return s;
}

void hs_options_print(FILE *f, const struct hs_algo *a, const char *family)
{
	const struct hs_option *t = a->options;
	int n = 0, wn = 4, wt = 4, wd = 7;
	while (t && t[n].name) {
		const struct hs_option *o = &t[n++];
		const char *ty = o->type == HS_OPT_CHOICE ? o->choices : type_name(o->type);
		int l;
		if ((l = (int)strlen(o->name)) > wn)
			wn = l;
		if ((l = (int)strlen(ty)) > wt)
			wt = l;
		if ((l = (int)strlen(o->def ? o->def : "")) > wd)
			wd = l;
	}
	if (n == 0) {
		fprintf(f, "%s (%s) has no options\n", a->name, family);
		return;
	}
	fprintf(f, "options of %s (%s):\n", a->name, family);
	fprintf(f, "  %-*s  %-*s  %-*s  %s\n", wn, "NAME", wt, "TYPE", wd, "DEFAULT", "HELP");
	for (int k = 0; k < n; k++) {
		const struct hs_option *o = &t[k];
		fprintf(f, "  %-*s  %-*s  %-*s  %s\n", wn, o->name, wt,
			o->type == HS_OPT_CHOICE ? o->choices : type_name(o->type), wd,
			o->def ? o->def : "", o->help ? o->help : "");
	}
	if (a->presets && *a->presets)
		fprintf(f, "presets of %s: %s\n", a->name, a->presets);
}

void hs_options_complete_words(FILE *f, const struct hs_algo *a)
{
	for (const struct hs_option *o = a->options; o && o->name; o++) {
		fprintf(f, "%s=\n", o->name);
		if (o->type == HS_OPT_BOOL) {
			fprintf(f, "%s=true\n%s=false\n", o->name, o->name);
		} else if (o->type == HS_OPT_CHOICE && o->choices) {
			for (const char *c = o->choices; *c;) {
				size_t n = strcspn(c, "|");
				fprintf(f, "%s=%.*s\n", o->name, (int)n, c);
				c += n + (c[n] == '|');
			}
		}
	}
}

/* ---- accessors for plugins ---- */

static const struct hs_optval *need(const struct hs_optvals *o, const char *name,
				    const char *as)
{
	if (!o)
		hs_die(HS_EXIT_FAIL, "plugin bug: option '%s' asked for without option values", name);
	const struct hs_optval *v = find_n(o, name, strlen(name));
	if (!v)
		hs_die(HS_EXIT_FAIL, "%s: plugin bug: option '%s' is not in the option table", o->algo,
		       name);
	if (as && strcmp(as, "double") == 0 &&
	    (v->opt->type == HS_OPT_DOUBLE || v->opt->type == HS_OPT_INT))
		return v;
	if (as && strcmp(as, type_name(v->opt->type)) != 0)
		hs_die(HS_EXIT_FAIL, "%s: plugin bug: option '%s' is a %s, read as %s", o->algo,
		       name, type_name(v->opt->type), as);
	return v;
}

int hs_opt_bool(const struct hs_optvals *o, const char *name)
{
	return (int)need(o, name, "bool")->i;
}

long hs_opt_int(const struct hs_optvals *o, const char *name)
{
	return need(o, name, "int")->i;
}

double hs_opt_double(const struct hs_optvals *o, const char *name)
{
	return need(o, name, "double")->d;
}

/* Any option can be read as text (its canonical value). */
const char *hs_opt_str(const struct hs_optvals *o, const char *name)
{
	return need(o, name, NULL)->text;
}
