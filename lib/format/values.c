/* format/values.c - helpers for field values: comma lists, integer sets
 * ("0-3,8"), number lists.  See hs-format(5), VALUES. */
#include "hs/format.h"
#include "hs/util.h"

#include <stdlib.h>
#include <string.h>

char **hs_split_list(const char *s, char sep, int *n)
{
	size_t len = strlen(s);
	int count = 0;
	if (len) {
		count = 1;
		for (const char *p = s; *p; p++)
			count += *p == sep;
	}
	char **v = hs_malloc((size_t)(count + 1) * sizeof *v + len + 1);
	char *text = (char *)(v + count + 1);
	memcpy(text, s, len + 1);
	int i = 0;
	if (count) {
		v[i++] = text;
		for (char *p = text; *p; p++)
			if (*p == sep) {
				*p = '\0';
				v[i++] = p + 1;
			}
	}
	v[i] = NULL;
	if (n)
		*n = count;
	return v;
}

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

/* A decimal integer in [0, max] starting at *p; advances *p. */
static int intset_num(const char **p, int max, long *out)
{
	const char *q = *p;
	long v = 0;
	if (*q < '0' || *q > '9')
		return -1;
	while (*q >= '0' && *q <= '9') {
		v = v * 10 + (*q++ - '0');
		if (v > max)
			return -1;
	}
	*p = q;
	*out = v;
	return 0;
}

int hs_parse_intset(const char *s, int max, int **out)
{
	*out = NULL;
	if (max < 0)
		max = -1;
	/* Ranges first, as (lo, hi) pairs; then expanded, sorted, deduplicated
	 * (no sort when each range starts past the one before: the sets the
	 * tools write). */
	long rg0[16], *rg = rg0;
	size_t nr = 0, cap = sizeof rg0 / sizeof *rg0 / 2;
	size_t total = 0;
	int ascending = 1;
	const char *p = s;
	if (*p) {
		for (;;) {
			long lo, hi;
			if (intset_num(&p, max, &lo) < 0)
				goto bad;
			hi = lo;
			if (*p == '-') {
				p++;
				if (intset_num(&p, max, &hi) < 0 || hi < lo)
					goto bad;
			}
			if (nr == cap) {
				cap *= 2;
				rg = rg == rg0 ? memcpy(hs_malloc(cap * 2 * sizeof *rg), rg0, sizeof rg0)
					       : hs_reallocarray(rg, cap * 2, sizeof *rg);
			}
			ascending &= nr == 0 || lo > rg[2 * nr - 1];
			rg[2 * nr] = lo;
			rg[2 * nr + 1] = hi;
			nr++;
			total += (size_t)(hi - lo + 1);
			if (*p == '\0')
				break;
			if (*p != ',')
				goto bad;
			p++;
		}
	}
	int *v = hs_reallocarray(NULL, total ? total : 1, sizeof *v);
	size_t k = 0;
	for (size_t i = 0; i < nr; i++)
		for (long x = rg[2 * i]; x <= rg[2 * i + 1]; x++)
			v[k++] = (int)x;
	if (rg != rg0)
		free(rg);
	if (ascending) {
		*out = v;
		return (int)k;
	}
	qsort(v, k, sizeof *v, cmp_int);
	size_t m = 0;
	for (size_t i = 0; i < k; i++)
		if (m == 0 || v[i] != v[m - 1])
			v[m++] = v[i];
	*out = v;
	return (int)m;
bad:
	if (rg != rg0)
		free(rg);
	return -1;
}

/* Decimal text of x at p (no NUL); returns the end. */
static char *put_int(char *p, int x)
{
	char d[12];
	int n = 0;
	unsigned u = x < 0 ? 0u - (unsigned)x : (unsigned)x;
	do {
		d[n++] = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	if (x < 0)
		*p++ = '-';
	while (n)
		*p++ = d[--n];
	return p;
}

char *hs_fmt_intset(const int *v, int n)
{
	/* Each item at most ",-2147483648-2147483648": 24 bytes. */
	char *s = hs_malloc(16 + (size_t)(n > 0 ? n : 0) * 24), *p = s;
	for (int i = 0; i < n;) {
		int j = i;
		while (j + 1 < n && v[j + 1] == v[j] + 1)
			j++;
		if (p > s)
			*p++ = ',';
		p = put_int(p, v[i]);
		if (j > i) {
			*p++ = '-';
			p = put_int(p, v[j]);
		}
		i = j + 1;
	}
	*p = '\0';
	return s;
}

int hs_parse_numlist(const char *s, double **out)
{
	int n;
	char **items = hs_split_list(s, ',', &n);
	double *v = hs_reallocarray(NULL, n ? (size_t)n : 1, sizeof *v);
	for (int i = 0; i < n; i++)
		if (hs_parse_double(items[i], &v[i]) < 0) {
			free(items);
			free(v);
			*out = NULL;
			return -1;
		}
	free(items);
	*out = v;
	return n;
}
