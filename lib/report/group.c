/* group.c - files grouped by provenance values, metrics relative to a
 * baseline on the same instance, statistics per group. */
#include "hs/report.h"
#include "hs/util.h"

#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

const char *const hs_stat_names[HS_STAT_COUNT] = {
	"mean", "median", "min", "max", "sd", "ci95", "n",
};

/* ---- instance identity ---- */

static uint64_t fnv(uint64_t h, const char *s)
{
	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 1099511628211ull;
	}
	h ^= 0x1f; /* separator, so "ab"+"c" differs from "a"+"bc" */
	return h * 1099511628211ull;
}

char *hs_report_instance_key(const struct hs_stream *s, const char *skip)
{
	const struct hs_record *gen = NULL;
	for (size_t i = 0; i < s->n; i++) {
		const struct hs_record *r = s->recs[i];
		if (r->kind && strcmp(r->kind, "prov") == 0 && strcmp(r->id, "gen") == 0)
			gen = r;
	}
	if (skip && strncmp(skip, "gen.", 4) == 0)
		skip += 4;
	if (gen) {
		size_t len = 1;
		for (int k = 0; k < gen->nfields; k++)
			len += strlen(gen->fields[k].key) + strlen(gen->fields[k].val) + 2;
		char *key = hs_malloc(len), *p = key;
		for (int k = 0; k < gen->nfields; k++) {
			if (skip && strcmp(gen->fields[k].key, skip) == 0)
				continue;
			p += sprintf(p, "%s=%s\x1f", gen->fields[k].key, gen->fields[k].val);
		}
		*p = '\0';
		return key;
	}
	/* No generator provenance: the instance is its records. */
	static const char *const kinds[] = {"platform", "cluster", "node", "task"};
	uint64_t h = 1469598103934665603ull;
	for (size_t i = 0; i < s->n; i++) {
		const struct hs_record *r = s->recs[i];
		if (!r->kind)
			continue;
		int inst = 0;
		for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++)
			inst |= strcmp(r->kind, kinds[k]) == 0;
		if (!inst)
			continue;
		h = fnv(fnv(h, r->kind), r->id);
		for (int k = 0; k < r->nfields; k++)
			h = fnv(fnv(h, r->fields[k].key), r->fields[k].val);
	}
	return hs_asprintf("#%016" PRIx64, h);
}

/* ---- key order ---- */

int hs_report_key_cmp(const char *a, const char *b)
{
	if (!a || !b)
		return (a == NULL) - (b == NULL);
	double x, y;
	int na = hs_parse_double(a, &x) == 0, nb = hs_parse_double(b, &y) == 0;
	if (na && nb && x != y)
		return x < y ? -1 : 1;
	if (na != nb)
		return na ? -1 : 1;
	return strcmp(a, b);
}

/* ---- baseline ---- */

struct base {
	const char *inst;
	double sum[HS_RM_COUNT];
	int n[HS_RM_COUNT];
};

static int base_cmp(const void *a, const void *b)
{
	return strcmp(((const struct base *)a)->inst, ((const struct base *)b)->inst);
}

/* Divide every row's metrics by the baseline's mean on its instance; rows
 * without one lose all their values.  Returns the number of such rows. */
static int relative(struct hs_report_row *rows, int nrows, const char *value)
{
	struct base *b = hs_calloc((size_t)(nrows > 0 ? nrows : 1), sizeof *b);
	int nb = 0;
	for (int i = 0; i < nrows; i++) {
		if (!rows[i].base || !rows[i].inst || strcmp(rows[i].base, value) != 0)
			continue;
		b[nb++].inst = rows[i].inst;
	}
	qsort(b, (size_t)nb, sizeof *b, base_cmp);
	int u = 0; /* unique instances */
	for (int i = 0; i < nb; i++)
		if (u == 0 || strcmp(b[u - 1].inst, b[i].inst) != 0)
			b[u++] = b[i];
	for (int i = 0; i < nrows; i++) {
		if (!rows[i].base || !rows[i].inst || strcmp(rows[i].base, value) != 0)
			continue;
		struct base key = {.inst = rows[i].inst};
		struct base *x = bsearch(&key, b, (size_t)u, sizeof *b, base_cmp);
		for (int m = 0; m < HS_RM_COUNT; m++)
			if (rows[i].vals.has[m] && !isnan(rows[i].vals.v[m])) {
				x->sum[m] += rows[i].vals.v[m];
				x->n[m]++;
			}
	}
	int missing = 0;
	for (int i = 0; i < nrows; i++) {
		struct hs_report_vals *v = &rows[i].vals;
		struct base key = {.inst = rows[i].inst};
		struct base *x = rows[i].inst ? bsearch(&key, b, (size_t)u, sizeof *b, base_cmp) : NULL;
		missing += x == NULL;
		/* The speedup against the baseline is its makespan over this
		 * one's, and RSCHED's RUE takes that speedup (rue / speedup is
		 * the used workers' utilisation over their number). */
		double base_ms = x && x->n[HS_RM_MAKESPAN] ? x->sum[HS_RM_MAKESPAN] / x->n[HS_RM_MAKESPAN] : NAN;
		double sp = base_ms / v->v[HS_RM_MAKESPAN];
		double rue = v->v[HS_RM_RUE_SEQ] / v->v[HS_RM_SPEEDUP] * sp;
		for (int m = 0; m < HS_RM_COUNT; m++) {
			double r = x && x->n[m] ? v->v[m] / (x->sum[m] / x->n[m]) : NAN;
			if (m == HS_RM_SPEEDUP)
				r = sp;
			else if (m == HS_RM_RUE_SEQ)
				r = rue;
			v->v[m] = isfinite(r) ? r : NAN;
		}
	}
	free(b);
	return missing;
}

/* ---- groups ---- */

struct order {
	const struct hs_report_row *row;
	int nkeys, pos;
};

static int row_cmp(const void *a, const void *b)
{
	const struct order *x = a, *y = b;
	for (int k = 0; k < x->nkeys; k++) {
		int c = hs_report_key_cmp(x->row->keys[k], y->row->keys[k]);
		if (c)
			return c;
	}
	return (x->pos > y->pos) - (x->pos < y->pos);
}

static int same_keys(const struct hs_report_row *a, const struct hs_report_row *b, int nkeys)
{
	for (int k = 0; k < nkeys; k++) {
		const char *x = a->keys[k], *y = b->keys[k];
		if ((x == NULL) != (y == NULL) || (x && strcmp(x, y) != 0))
			return 0;
	}
	return 1;
}

void hs_report_group(struct hs_report_row *rows, int nrows, int nkeys, const char *base_value,
		     struct hs_report_groups *out)
{
	memset(out, 0, sizeof *out);
	out->nkeys = nkeys;
	if (base_value)
		out->missing_base = relative(rows, nrows, base_value);
	/* Sort the rows by their keys, keeping the input order within a group. */
	struct order *o = hs_malloc((size_t)(nrows > 0 ? nrows : 1) * sizeof *o);
	for (int i = 0; i < nrows; i++)
		o[i] = (struct order){&rows[i], nkeys, i};
	qsort(o, (size_t)nrows, sizeof *o, row_cmp);
	struct hs_report_row *sorted = hs_malloc((size_t)(nrows > 0 ? nrows : 1) * sizeof *sorted);
	for (int i = 0; i < nrows; i++)
		sorted[i] = *o[i].row;
	memcpy(rows, sorted, (size_t)nrows * sizeof *rows);
	free(sorted);
	free(o);

	out->g = hs_calloc((size_t)(nrows > 0 ? nrows : 1), sizeof *out->g);
	double *v = hs_malloc((size_t)(nrows > 0 ? nrows : 1) * sizeof *v);
	for (int i = 0, j; i < nrows; i = j) {
		for (j = i + 1; j < nrows && same_keys(&rows[i], &rows[j], nkeys); j++)
			;
		struct hs_report_group *g = &out->g[out->n++];
		g->keys = rows[i].keys;
		g->nfiles = j - i;
		g->first = i;
		for (int m = 0; m < HS_RM_COUNT; m++) {
			int n = 0;
			for (int k = i; k < j; k++) {
				if (rows[k].vals.has[m])
					v[n++] = rows[k].vals.v[m];
				g->shown[m] |= rows[k].vals.shown[m];
			}
			g->has[m] = n > 0;
			hs_stats_compute(v, n, &g->st[m]);
		}
	}
	free(v);
}

void hs_report_groups_release(struct hs_report_groups *g)
{
	free(g->g);
	memset(g, 0, sizeof *g);
}
