/* batsim/ids.c - Batsim's interval sets ("0-3 8"), read and written as its
 * docs/interval-set.rst says: readers take any form of a set (unsorted,
 * overlapping, "a-a"), writers give the canonical one (disjoint, maximal,
 * ascending, "a" for a-a). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batsim.h"
#include "hs/limits.h"
#include "hs/util.h"

struct bs_span {
	int a, b;
};

static int bs_span_cmp(const void *x, const void *y)
{
	const struct bs_span *p = x, *q = y;
	return (p->a > q->a) - (p->a < q->a);
}

/* The id at *s (digits only, as procset and Batsim's std::stoi read them
 * but without their signs and blanks), *s moved past it; -1: none, -2:
 * past INT_MAX. */
static long long bs_id(const char **s)
{
	const char *p = *s;
	long long v = 0;
	if (*p < '0' || *p > '9')
		return -1;
	for (; *p >= '0' && *p <= '9'; p++)
		if ((v = v * 10 + (*p - '0')) > INT_MAX)
			return -2;
	*s = p;
	return v;
}

/* -1 with *err naming the set (cut when long) and why. */
static int bs_ids_fail(const char *s, char **err, char *why)
{
	int len = (int)strlen(s);
	*err = hs_asprintf("'%.*s%s' is not an interval set: %s", len > 60 ? 60 : len, s,
			   len > 60 ? "..." : "", why);
	free(why);
	return -1;
}

int bs_ids_parse(const char *s, struct bs_ids *out, char **err)
{
	out->v = NULL;
	out->n = 0;
	/* "" is the empty set (procset's from_str, Batsim's from_string_hyphen) */
	if (!*s)
		return 0;
	size_t cap = strlen(s) / 2 + 1, n = 0;
	struct bs_span *sp = hs_malloc(cap * sizeof *sp);
	for (const char *p = s;; p++) {
		const char *tok = p;
		int toklen = (int)strcspn(p, " ");
		long long a = bs_id(&p), b = a;
		if (a >= 0 && *p == '-') {
			p++;
			b = bs_id(&p);
		}
		int tl = toklen > 40 ? 40 : toklen;
		const char *more = toklen > 40 ? "..." : "";
		char *why = NULL;
		if (toklen == 0)
			/* procset refuses them; Batsim's split would drop them */
			why = hs_strdup("an empty interval (a space too many)");
		else if (a == -2 || b == -2)
			why = hs_asprintf("'%.*s%s' goes past 2147483647", tl, tok, more);
		else if (a < 0 || b < 0 || (*p && *p != ' '))
			why = hs_asprintf("'%.*s%s' is neither N nor A-B (integers from 0)", tl, tok, more);
		else if (a > b)
			why = hs_asprintf("'%.*s%s' ends before it begins", tl, tok, more);
		if (why) {
			free(sp);
			return bs_ids_fail(s, err, why);
		}
		sp[n++] = (struct bs_span){ (int)a, (int)b };
		if (!*p)
			break;
	}
	qsort(sp, n, sizeof *sp, bs_span_cmp);
	/* merge overlapping and adjacent spans; count the ids */
	size_t m = 0;
	unsigned long long total = 0, limit = hs_limit(HS_LIMIT_CORES);
	for (size_t i = 0; i < n; i++) {
		if (m && (long long)sp[i].a <= (long long)sp[m - 1].b + 1) {
			if (sp[i].b > sp[m - 1].b) {
				total += (unsigned long long)(sp[i].b - sp[m - 1].b);
				sp[m - 1].b = sp[i].b;
			}
		} else {
			sp[m++] = sp[i];
			total += (unsigned long long)sp[i].b - (unsigned long long)sp[i].a + 1;
		}
		/* a resource id per core at most: "0-2147483647" would be 8 GiB */
		if (total > limit) {
			free(sp);
			*err = hs_asprintf("more than %llu resources in one interval set (limit %s, "
					   "HS_LIMITS raises it)",
					   limit, hs_limit_text(HS_LIMIT_CORES));
			return -1;
		}
	}
	out->v = hs_malloc((size_t)total * sizeof *out->v);
	for (size_t i = 0; i < m; i++)
		for (long long id = sp[i].a; id <= sp[i].b; id++)
			out->v[out->n++] = (int)id;
	free(sp);
	return 0;
}

size_t bs_fmt_ll(char *b, long long v)
{
	char t[24];
	size_t n = 0, k = 0;
	/* through unsigned: -LLONG_MIN overflows */
	unsigned long long u = v < 0 ? 0 - (unsigned long long)v : (unsigned long long)v;
	do
		t[n++] = (char)('0' + u % 10);
	while (u /= 10);
	if (v < 0)
		b[k++] = '-';
	while (n)
		b[k++] = t[--n];
	b[k] = 0;
	return k;
}

char *bs_ids_format(const struct bs_ids *ids)
{
	/* "2147483646-2147483647 " is 22 bytes */
	char *s = hs_malloc((size_t)ids->n * 22 + 1), *p = s;
	*p = 0;
	for (int i = 0, j; i < ids->n; i = j) {
		for (j = i + 1; j < ids->n && ids->v[j] == ids->v[j - 1] + 1; j++)
			;
		if (i)
			*p++ = ' ';
		p += bs_fmt_ll(p, ids->v[i]);
		if (j - 1 > i) {
			*p++ = '-';
			p += bs_fmt_ll(p, ids->v[j - 1]);
		}
	}
	return s;
}
