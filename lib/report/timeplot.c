/* timeplot.c - hs-report --plot-time: a quantity over time per file or per
 * group of files (the mean of their step functions), as a figure of step
 * lines or as a table of breakpoints (hs/report.h). */
#include "hs/report.h"
#include "hs/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* One line of the figure (and rows of the table): the steps of cores (or
 * the quantity) and of GPUs, and a label. */
struct line {
	const struct hs_step *q, *gpus;
	struct hs_step own_q, own_gpus; /* means of a group */
	char *label;
	char **keys;                    /* the group's keys, or NULL */
	const char *file;
};

static char *join_keys(char **keys, int nby)
{
	size_t len = 1;
	for (int k = 0; k < nby; k++)
		len += strlen(keys[k] ? keys[k] : "-") + 2;
	char *l = hs_calloc(len, 1);
	for (int k = 0; k < nby; k++) {
		if (k)
			strcat(l, ", ");
		strcat(l, keys[k] ? keys[k] : "-");
	}
	return l;
}

/* The lines: a file each, or (groups) the mean over a group's files. */
static struct line *lines_of(const struct hs_report_row *rows, int nrows,
			     const struct hs_report_groups *g, int nby, int *n)
{
	struct line *L;
	if (!g || nby == 0) {
		L = hs_calloc(nrows > 0 ? nrows : 1, sizeof *L);
		for (int i = 0; i < nrows; i++) {
			L[i].q = rows[i].tl;
			L[i].gpus = rows[i].tl_gpus;
			L[i].label = hs_strdup(rows[i].label);
			L[i].file = rows[i].label;
		}
		*n = nrows;
		return L;
	}
	L = hs_calloc(g->n > 0 ? g->n : 1, sizeof *L);
	const struct hs_step **v = hs_malloc((nrows > 0 ? nrows : 1) * sizeof *v);
	for (int k = 0; k < g->n; k++) {
		const struct hs_report_group *gr = &g->g[k];
		int m = 0;
		for (int i = gr->first; i < gr->first + gr->nfiles; i++)
			if (rows[i].tl)
				v[m++] = rows[i].tl;
		hs_step_mean(v, m, &L[k].own_q);
		L[k].q = &L[k].own_q;
		m = 0;
		for (int i = gr->first; i < gr->first + gr->nfiles; i++)
			if (rows[i].tl_gpus)
				v[m++] = rows[i].tl_gpus;
		if (m) {
			hs_step_mean(v, m, &L[k].own_gpus);
			L[k].gpus = &L[k].own_gpus;
		}
		L[k].label = join_keys(gr->keys, nby);
		L[k].keys = gr->keys;
	}
	free(v);
	*n = g->n;
	return L;
}

static void lines_free(struct line *L, int n)
{
	for (int k = 0; k < n; k++) {
		hs_step_release(&L[k].own_q);
		hs_step_release(&L[k].own_gpus);
		free(L[k].label);
	}
	free(L);
}

enum hs_time_unit hs_report_time_unit(const struct hs_report_row *rows, int nrows,
				      enum hs_time_unit want)
{
	if (want != HS_TIME_AUTO)
		return want;
	double lo = INFINITY, hi = -INFINITY;
	for (int i = 0; i < nrows; i++)
		if (rows[i].tl && rows[i].tl->n) {
			lo = fmin(lo, rows[i].tl->t[0]);
			hi = fmax(hi, rows[i].tl->t[rows[i].tl->n - 1]);
		}
	return hs_time_unit_for(hi > lo ? hi - lo : 0);
}

static void add_series(struct hs_report_tplot *p, const struct hs_step *s, char *label, double unit)
{
	int k = p->plot.nseries++;
	double *x = hs_malloc((s->n ? s->n : 1) * sizeof *x);
	for (int i = 0; i < s->n; i++)
		x[i] = s->t[i] / unit;
	p->x[k] = x;
	p->labels[k] = label;
	p->series[k] = (struct hs_plot_series){ label, s->n, x, s->v, NULL, NULL, 1 };
}

void hs_report_time_plot_build(const struct hs_report_row *rows, int nrows,
			       const struct hs_report_groups *g, int nby, enum hs_time_unit unit,
			       struct hs_report_tplot *p)
{
	memset(p, 0, sizeof *p);
	int n;
	struct line *L = lines_of(rows, nrows, g, nby, &n);
	p->series = hs_calloc(2 * (size_t)(n > 0 ? n : 1), sizeof *p->series);
	p->x = hs_calloc(2 * (size_t)(n > 0 ? n : 1), sizeof *p->x);
	p->labels = hs_calloc(2 * (size_t)(n > 0 ? n : 1), sizeof *p->labels);
	p->steps = hs_calloc(2 * (size_t)(n > 0 ? n : 1), sizeof *p->steps);
	double u = hs_time_unit_seconds(unit);
	for (int k = 0; k < n; k++) {
		/* Own copies of the steps: the lines (and their means) go now. */
		const struct hs_step *src[2] = { L[k].q, L[k].gpus };
		for (int j = 0; j < 2; j++) {
			if (!src[j])
				continue;
			struct hs_step *c = &p->steps[p->plot.nseries];
			c->n = src[j]->n;
			c->before = src[j]->before;
			c->t = hs_malloc((c->n ? c->n : 1) * sizeof *c->t);
			c->v = hs_malloc((c->n ? c->n : 1) * sizeof *c->v);
			if (c->n) {
				memcpy(c->t, src[j]->t, c->n * sizeof *c->t);
				memcpy(c->v, src[j]->v, c->n * sizeof *c->v);
			}
			/* One line needs no legend; one file's cores and GPUs
			 * need only those words. */
			char *label = n == 1 && !L[k].gpus ? NULL
				      : n == 1		  ? hs_strdup(j ? "GPUs" : "cores")
				      : j		  ? hs_asprintf("%s (GPUs)", L[k].label)
				      : L[k].gpus	  ? hs_asprintf("%s (cores)", L[k].label)
							  : hs_strdup(L[k].label);
			add_series(p, c, label, u);
		}
	}
	lines_free(L, n);
	p->plot.series = p->series;
}

void hs_report_time_plot_release(struct hs_report_tplot *p)
{
	for (int k = 0; k < p->plot.nseries; k++) {
		free(p->x[k]);
		free(p->labels[k]);
		hs_step_release(&p->steps[k]);
	}
	free(p->x);
	free(p->labels);
	free(p->steps);
	free(p->series);
	memset(p, 0, sizeof *p);
}

static int dbl_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

void hs_report_time_table(const struct hs_report_row *rows, int nrows,
			  const struct hs_report_groups *g, const char *const *keys, int nby,
			  enum hs_timeline kind, struct hs_table *t)
{
	int n;
	struct line *L = lines_of(rows, nrows, g, nby, &n);
	int gpus = 0;
	for (int k = 0; k < n; k++)
		gpus |= L[k].gpus != NULL;
	int nk = nby ? nby : 1;
	hs_table_init(t, nk + 2 + gpus);
	for (int k = 0; k < nby; k++)
		hs_table_head(t, k, keys[k], 1);
	if (!nby)
		hs_table_head(t, 0, "file", 1);
	hs_table_head(t, nk, "time", 0);
	hs_table_head(t, nk + 1, hs_timeline_names[kind], 0);
	if (gpus)
		hs_table_head(t, nk + 2, "gpu_utilization", 0);
	for (int k = 0; k < n; k++) {
		/* Every breakpoint of the line's steps, each value there. */
		int m = L[k].q->n + (L[k].gpus ? L[k].gpus->n : 0);
		double *ts = hs_malloc((m ? m : 1) * sizeof *ts);
		if (L[k].q->n)
			memcpy(ts, L[k].q->t, L[k].q->n * sizeof *ts);
		if (L[k].gpus && L[k].gpus->n)
			memcpy(ts + L[k].q->n, L[k].gpus->t, L[k].gpus->n * sizeof *ts);
		if (m > 1)
			qsort(ts, m, sizeof *ts, dbl_cmp);
		for (int i = 0; i < m; i++) {
			if (i && ts[i] == ts[i - 1])
				continue;
			int r = hs_table_add_row(t);
			for (int j = 0; j < nby; j++)
				hs_table_key(t, r, j, L[k].keys[j]);
			if (!nby)
				hs_table_text(t, r, 0, L[k].file);
			hs_table_num(t, r, nk, ts[i]);
			hs_table_num(t, r, nk + 1, hs_step_at(L[k].q, ts[i]));
			if (L[k].gpus)
				hs_table_num(t, r, nk + 2, hs_step_at(L[k].gpus, ts[i]));
		}
		free(ts);
	}
	lines_free(L, n);
}
