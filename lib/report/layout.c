/* layout.c - hs-report's tables (one file, one column per file, one row
 * per group) and the data of its plot. */
#include "hs/report.h"
#include "hs/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void metric_cell(struct hs_table *t, int row, int col, const struct hs_report_vals *v, int m)
{
	if (m == HS_RM_SOURCE)
		hs_table_text(t, row, col, v->from_run ? "run" : "plan");
	else if (!v->has[m])
		return;
	else if (hs_rm_info[m].kind == HS_RM_INT && isfinite(v->v[m]))
		hs_table_int(t, row, col, (long)v->v[m]);
	else
		hs_table_num(t, row, col, v->v[m]);
}

/* The metrics to show: the view's, or those shown (with v->all: those that
 * apply) somewhere: any[m] bit 1 applies, bit 2 shown. */
static int chosen(const struct hs_report_view *v, const unsigned char *any, int *out,
		  int with_source)
{
	int bit = v->all ? 1 : 2;
	int n = 0;
	if (v->nmetrics) {
		for (int i = 0; i < v->nmetrics; i++)
			if (with_source || v->metrics[i] != HS_RM_SOURCE)
				out[n++] = v->metrics[i];
		return n;
	}
	for (int m = 0; m < HS_RM_COUNT; m++)
		if ((any[m] & bit) && (with_source || m != HS_RM_SOURCE))
			out[n++] = m;
	return n;
}

static int files_metrics(const struct hs_report_view *v, const struct hs_report_row *rows, int n,
			 int *out, int with_source)
{
	unsigned char any[HS_RM_COUNT] = {0};
	for (int k = 0; k < n; k++)
		for (int m = 0; m < HS_RM_COUNT; m++)
			any[m] |= (unsigned char)(rows[k].vals.has[m] | rows[k].vals.shown[m] << 1);
	return chosen(v, any, out, with_source);
}

void hs_report_files_table(const struct hs_report_view *v, const struct hs_report_row *rows,
			   int n, struct hs_table *t)
{
	int ms[HS_RM_VIEW_MAX], nm = files_metrics(v, rows, n, ms, n > 1);
	hs_table_init(t, n > 1 ? n + 1 : 3);
	hs_table_head(t, 0, "metric", 1);
	for (int k = 0; k < n; k++)
		hs_table_head(t, k + 1, rows[k].label, 0);
	if (n == 1)
		hs_table_head(t, 2, "source", 1);
	for (int i = 0; i < nm; i++) {
		int r = hs_table_add_row(t);
		hs_table_text(t, r, 0, hs_rm_info[ms[i]].name);
		for (int k = 0; k < n; k++)
			metric_cell(t, r, k + 1, &rows[k].vals, ms[i]);
		if (n == 1 && rows[0].vals.has[ms[i]])
			hs_table_text(t, r, 2, hs_report_vals_from(&rows[0].vals, ms[i]));
	}
}

void hs_report_files_records(const struct hs_report_view *v, const struct hs_report_row *rows,
			     int n, struct hs_table *t)
{
	int ms[HS_RM_VIEW_MAX], nm = files_metrics(v, rows, n, ms, 0);
	hs_table_init(t, nm + 2);
	hs_table_head(t, 0, "file", 1);
	hs_table_head(t, 1, "source", 1);
	for (int i = 0; i < nm; i++)
		hs_table_head(t, i + 2, hs_rm_info[ms[i]].name, 0);
	for (int k = 0; k < n; k++) {
		int r = hs_table_add_row(t);
		hs_table_text(t, r, 0, rows[k].label);
		metric_cell(t, r, 1, &rows[k].vals, HS_RM_SOURCE);
		for (int i = 0; i < nm; i++)
			metric_cell(t, r, i + 2, &rows[k].vals, ms[i]);
	}
}

static double stat_value(const struct hs_stats *st, int s)
{
	switch (s) {
	case HS_STAT_MEAN: return st->mean;
	case HS_STAT_MEDIAN: return st->median;
	case HS_STAT_MIN: return st->min;
	case HS_STAT_MAX: return st->max;
	case HS_STAT_SD: return st->sd;
	case HS_STAT_CI95: return st->ci95;
	default: return st->n;
	}
}

void hs_report_groups_table(const struct hs_report_view *v, const struct hs_report_groups *g,
			    struct hs_table *t)
{
	unsigned char any[HS_RM_COUNT] = {0};
	for (int i = 0; i < g->n; i++)
		for (int m = 0; m < HS_RM_COUNT; m++)
			any[m] |= (unsigned char)(g->g[i].has[m] | g->g[i].shown[m] << 1);
	int ms[HS_RM_VIEW_MAX], nm = chosen(v, any, ms, 0);
	static const int mean_only[1] = {HS_STAT_MEAN};
	const int *stats = v->nstats ? v->stats : mean_only;
	int ns = v->nstats ? v->nstats : 1, nk = v->nkeys;
	hs_table_init(t, nk + 1 + nm * ns);
	for (int k = 0; k < nk; k++)
		hs_table_head(t, k, v->keys[k], 1);
	hs_table_head(t, nk, "files", 0);
	for (int i = 0; i < nm; i++)
		for (int s = 0; s < ns; s++) {
			char *h = v->nstats ? hs_asprintf("%s.%s", hs_rm_info[ms[i]].name,
							  hs_stat_names[stats[s]])
					    : hs_strdup(hs_rm_info[ms[i]].name);
			hs_table_head(t, nk + 1 + i * ns + s, h, 0);
			free(h);
		}
	for (int j = 0; j < g->n; j++) {
		const struct hs_report_group *gr = &g->g[j];
		int r = hs_table_add_row(t);
		for (int k = 0; k < nk; k++)
			hs_table_key(t, r, k, gr->keys[k]);
		hs_table_int(t, r, nk, gr->nfiles);
		for (int i = 0; i < nm; i++) {
			if (!gr->has[ms[i]])
				continue;
			for (int s = 0; s < ns; s++) {
				int col = nk + 1 + i * ns + s;
				if (stats[s] == HS_STAT_N)
					hs_table_int(t, r, col, gr->st[ms[i]].n);
				else
					hs_table_num(t, r, col, stat_value(&gr->st[ms[i]], stats[s]));
			}
		}
	}
}

/* ---- the plot ---- */

/* Groups i and j belong to one line: equal first nby keys. */
static int same_line(const struct hs_report_group *a, const struct hs_report_group *b, int nby)
{
	for (int k = 0; k < nby; k++)
		if (hs_report_key_cmp(a->keys[k], b->keys[k]) != 0)
			return 0;
	return 1;
}

void hs_report_plot_build(const struct hs_report_groups *g, int nby, int metric,
			  struct hs_report_plot *d)
{
	memset(d, 0, sizeof *d);
	int n = g->n > 0 ? g->n : 1;
	d->series = hs_calloc((size_t)n, sizeof *d->series);
	d->labels = hs_calloc((size_t)n, sizeof *d->labels);
	d->x = hs_malloc((size_t)n * sizeof *d->x);
	d->y = hs_malloc((size_t)n * sizeof *d->y);
	d->lo = hs_malloc((size_t)n * sizeof *d->lo);
	d->hi = hs_malloc((size_t)n * sizeof *d->hi);
	int ns = 0;
	for (int i = 0, j; i < g->n; i = j) {
		for (j = i + 1; j < g->n && same_line(&g->g[i], &g->g[j], nby); j++)
			;
		struct hs_plot_series *s = &d->series[ns];
		size_t len = strlen(hs_rm_info[metric].name) + 1;
		for (int k = 0; k < nby; k++)
			len += strlen(g->g[i].keys[k] ? g->g[i].keys[k] : "-") + 2;
		char *l = d->labels[ns] = hs_calloc(len, 1);
		if (nby == 0)
			strcpy(l, hs_rm_info[metric].name);
		for (int k = 0; k < nby; k++) {
			if (k)
				strcat(l, ", ");
			strcat(l, g->g[i].keys[k] ? g->g[i].keys[k] : "-");
		}
		s->label = l;
		s->x = d->x + i;
		s->y = d->y + i;
		s->ylo = d->lo + i;
		s->yhi = d->hi + i;
		int np = 0; /* a group without a value is no point */
		for (int k = i; k < j; k++) {
			const struct hs_stats *st = &g->g[k].st[metric];
			if (!isfinite(st->mean) || hs_parse_double(g->g[k].keys[nby], &d->x[i + np]) < 0)
				continue;
			double h = isfinite(st->ci95) ? st->ci95 : 0;
			d->y[i + np] = st->mean;
			d->lo[i + np] = st->mean - h;
			d->hi[i + np] = st->mean + h;
			np++;
		}
		s->n = np;
		ns++;
	}
	d->plot.series = d->series;
	d->plot.nseries = ns;
}

void hs_report_plot_release(struct hs_report_plot *d)
{
	for (int i = 0; i < d->plot.nseries; i++)
		free(d->labels[i]);
	free(d->labels);
	free(d->series);
	free(d->x);
	free(d->y);
	free(d->lo);
	free(d->hi);
	memset(d, 0, sizeof *d);
}
