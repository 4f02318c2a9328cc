/* model/load_fields.c - what every decoder of the loader shares (load.h):
 * the string pool, the problems collected and printed in line order, field
 * values decoded and checked, "KIND ID" texts and lists split in place. */
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "hs/format.h"
#include "hs/model.h"
#include "hs/util.h"
#include "load.h"

const char *hs_load_strdup(struct pool *p, const char *s)
{
	if (!s)
		return NULL;
	size_t n = strlen(s) + 1;
	if (!p->head || p->head->cap - p->head->used < n) {
		size_t cap = n > 65536 ? n : 65536;
		struct pool_chunk *c = hs_malloc(sizeof *c + cap);
		c->next = p->head;
		c->used = 0;
		c->cap = cap;
		p->head = c;
	}
	char *d = p->head->data + p->head->used;
	memcpy(d, s, n);
	p->head->used += n;
	return d;
}

void hs_load_pool_release(struct pool *p)
{
	while (p->head) {
		struct pool_chunk *c = p->head;
		p->head = c->next;
		free(c);
	}
}

HS_PRINTF(3, 4)
void hs_load_error(struct loader *L, int line, const char *fmt, ...)
{
	L->total++;
	if (L->nerrs >= MAX_KEPT_ERRORS)
		return;
	if (L->nerrs == L->caperrs) {
		L->caperrs = L->caperrs ? 2 * L->caperrs : 16;
		L->errs = hs_reallocarray(L->errs, L->caperrs, sizeof *L->errs);
	}
	/* The whole message, its long words cut (not its end: the reason). */
	va_list ap, aq;
	va_start(ap, fmt);
	va_copy(aq, ap);
	int n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	char *msg = hs_malloc(n > 0 ? (size_t)n + 1 : 1);
	*msg = '\0';
	if (n > 0)
		vsnprintf(msg, (size_t)n + 1, fmt, ap);
	va_end(ap);
	L->errs[L->nerrs].file = L->file;
	L->errs[L->nerrs].line = line;
	L->errs[L->nerrs].seq = L->nerrs;
	L->errs[L->nerrs].msg = hs_msg_shorten(msg);
	L->nerrs++;
}

static int err_cmp(const void *a, const void *b)
{
	const struct err *x = a, *y = b;
	if (x->file != y->file)
		return x->file - y->file;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

void hs_load_flush(struct loader *L)
{
	if (L->nerrs)
		qsort(L->errs, L->nerrs, sizeof *L->errs, err_cmp);
	for (int i = 0; i < L->nerrs; i++) {
		if (i < MAX_SHOWN_ERRORS)
			hs_error_at(L->errs[i].file ? L->in->plat_xml->name : L->s->name,
				    L->errs[i].line, "%s", L->errs[i].msg);
		free(L->errs[i].msg);
	}
	if (L->total > MAX_SHOWN_ERRORS)
		hs_error_at(L->s->name, 0, "%d more problems not shown", L->total - MAX_SHOWN_ERRORS);
	free(L->errs);
	L->errs = NULL;
	L->nerrs = L->caperrs = 0;
}

static const char *num_desc(enum numkind k)
{
	switch (k) {
	case NUM_NONNEG: return "a non-negative number";
	case NUM_POS: return "a positive number";
	case NUM_UNIT: return "in [0,1]";
	default: return "a number";
	}
}

/* The value of key in *v: returns 1, or 0 when absent and not required, or
 * -1 after reporting a required one missing. */
static int get_field(struct loader *L, const struct hs_record *r, const char *what, const char *key,
		     int required, const char **v)
{
	*v = hs_record_get(r, key);
	if (*v)
		return 1;
	if (!required)
		return 0;
	hs_load_error(L, r->line, "%s: missing %s=", what, key);
	return -1;
}

/* Decode key as a finite number of the given kind.  Absent: *out = def, or
 * an error when required.  Returns 0 on success, -1 after reporting. */
int hs_load_num(struct loader *L, const struct hs_record *r, const char *what, const char *key,
		   enum numkind kind, int required, double def, double *out)
{
	*out = def;
	const char *v;
	int got = get_field(L, r, what, key, required, &v);
	if (got <= 0)
		return got;
	double d;
	int rc = hs_parse_double(v, &d), ok = rc == 0;
	if (hs_num_range(rc)) {
		hs_load_error(L, r->line, "%s: %s '%s' %s", what, key, v, hs_num_range(rc));
		return -1;
	}
	if (ok) {
		switch (kind) {
		case NUM_NONNEG: ok = d >= 0; break;
		case NUM_POS: ok = d > 0; break;
		case NUM_UNIT: ok = d >= 0 && d <= 1; break;
		default: break;
		}
	}
	if (!ok) {
		hs_load_error(L, r->line, "%s: %s must be %s, got '%s'", what, key, num_desc(kind), v);
		return -1;
	}
	*out = d;
	return 0;
}

/* Integer >= min (min is 0 or 1). */
int hs_load_int(struct loader *L, const struct hs_record *r, const char *what, const char *key,
		   int min, int required, int def, int *out)
{
	*out = def;
	const char *v;
	int got = get_field(L, r, what, key, required, &v);
	if (got <= 0)
		return got;
	int n;
	if (hs_parse_int(v, min, INT_MAX, &n) != 0) {
		hs_load_error(L, r->line, "%s: %s must be a %s integer, got '%s'", what, key,
			min > 0 ? "positive" : "non-negative", v);
		return -1;
	}
	*out = n;
	return 0;
}

/* A list of non-negative finite numbers; *out malloc'd (NULL when absent). */
int hs_load_numlist(struct loader *L, const struct hs_record *r, const char *what, const char *key,
		       double **out, int *n)
{
	const char *v = hs_record_get(r, key);
	*out = NULL;
	*n = 0;
	if (!v)
		return 0;
	double *d = NULL;
	int c = hs_parse_numlist(v, &d);
	int ok = c > 0;
	for (int i = 0; ok && i < c; i++)
		ok = d[i] >= 0;
	if (!ok) {
		free(d);
		int n;
		char **items = hs_split_list(v, ',', &n);
		const char *range = NULL;
		double x;
		for (int i = 0; i < n && !range; i++)
			if ((range = hs_num_range(hs_parse_double(items[i], &x))))
				hs_load_error(L, r->line, "%s: %s: '%s' %s", what, key, items[i], range);
		if (!range)
			hs_load_error(L, r->line, "%s: %s must be a list of non-negative numbers, got '%s'", what,
				key, v);
		free(items);
		return -1;
	}
	*out = d;
	*n = c;
	return 0;
}

/* Split s at sep into pieces (pointers into a copy); returns the count.
 * "" gives one empty piece. */
int hs_pieces_split(struct pieces *pc, const char *s, char sep)
{
	int n = 1;
	size_t len = 0;
	for (; s[len]; len++)
		n += s[len] == sep;
	char *c = len < sizeof pc->buf ? pc->buf : hs_malloc(len + 1);
	memcpy(c, s, len + 1);
	char **v = n <= (int)(sizeof pc->vbuf / sizeof *pc->vbuf) ? pc->vbuf : hs_malloc(n * sizeof *v);
	int i = 0;
	v[i++] = c;
	for (char *p = c; *p; p++)
		if (*p == sep) {
			*p = 0;
			v[i++] = p + 1;
		}
	pc->copy = c;
	pc->v = v;
	pc->n = n;
	return n;
}

void hs_load_cycle_found(void *arg, int w, int len, const char *path)
{
	struct hs_load_cycles *c = arg;
	(void)len;
	hs_load_error(c->L, c->line_of[w], "%s %s: %s (%s)", c->kind, c->L->in->tasks[w].id, c->what,
		path);
}

