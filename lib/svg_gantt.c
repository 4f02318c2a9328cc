/* svg_gantt.c - a schedule as a Gantt chart (hs_svg_gantt in hs/svg.h).
 *
 * Layout: one row per core, then one per GPU, of each node; nodes in the
 * order of their cluster, clusters in stream order.  A task is one bar per
 * run of consecutive cores (or GPUs) of each of its nodes, so a 4-core task
 * is one tall bar, not four.  Rows are 16 px high, thinner when there are
 * many, so that the rows never take more than MAX_PLOT_H px: with more than
 * about 45 rows they shrink, and below LABEL_MIN px the per-row labels give
 * way to one label per node, or per every few nodes when nodes are thinner
 * than a line of text.  The rows themselves are kept, however thin: the
 * picture stays exact, only the labels are grouped.  Killed and failed
 * tasks are hatched with a red outline; an overlay schedule (the plan) is
 * drawn as dashed outlines on top.  Every bar group has a <title> tooltip. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hs/format.h"
#include "hs/model.h"
#include "hs/svg.h"
#include "hs/util.h"
#include "svg_priv.h"

#define DEFAULT_WIDTH 960
#define MAX_ROW_H 16.0
#define MAX_PLOT_H 720.0
#define LABEL_MIN 9.0   /* smallest row (or node block) that gets a label */
#define MARGIN 6
#define CLUSTER_COL 18  /* the column of rotated cluster names, then the row labels */
#define LEGEND_ROW 16
#define MAX_LEGEND_APPS 24

enum legend_kind { LG_FILL, LG_KILLED, LG_FAILED, LG_PLAN, LG_TEXT };
struct legend_item {
	enum legend_kind kind;
	const char *color;
	const char *text;
};

struct gantt {
	const struct hs_instance *in;
	const struct hs_platform *pl;
	int nrows;
	int *node_row;          /* first row of each node: its cores, then its GPUs */
	int *order;             /* nodes in drawing order */
	double row_h;
	double x0, x1, y0, y1;  /* plot area */
	struct svg_scale sx;
	struct svg_ticks tx;
	int *color;             /* fill palette index per task */
	struct legend_item *legend;
	int nlegend;
	char *more;             /* "+N more" legend text, or NULL */
};

static int valid_placement(const struct hs_schedule *s, int i)
{
	const struct hs_placement *p = &s->p[i];
	return p->task >= 0 && isfinite(p->start) && isfinite(p->end) && p->end >= p->start;
}

/* Rows: clusters in order, their nodes in order; nodes no cluster lists
 * (not produced by the loader) come last so that nothing is lost. */
static void layout_rows(struct gantt *G)
{
	const struct hs_platform *pl = G->pl;
	G->node_row = hs_malloc((pl->nnodes ? pl->nnodes : 1) * sizeof *G->node_row);
	G->order = hs_malloc((pl->nnodes ? pl->nnodes : 1) * sizeof *G->order);
	for (int j = 0; j < pl->nnodes; j++)
		G->node_row[j] = -1;
	int r = 0, k = 0;
	for (int c = 0; c < pl->nclusters; c++)
		for (int i = 0; i < pl->clusters[c].nnodes; i++) {
			int j = pl->clusters[c].nodes[i];
			if (j < 0 || j >= pl->nnodes || G->node_row[j] >= 0)
				continue;
			G->order[k++] = j;
			G->node_row[j] = r;
			r += pl->nodes[j].cores + pl->nodes[j].gpus;
		}
	for (int j = 0; j < pl->nnodes; j++)
		if (G->node_row[j] < 0) {
			G->order[k++] = j;
			G->node_row[j] = r;
			r += pl->nodes[j].cores + pl->nodes[j].gpus;
		}
	G->nrows = r;
}

static const char *task_app(const struct hs_instance *in, int i)
{
	const char *a = in->tasks[i].app;
	return a && *a ? a : NULL;
}

static int by_app(const void *a, const void *b, void *arg)
{
	const struct hs_instance *in = arg;
	int i = *(const int *)a, j = *(const int *)b;
	int c = strcmp(task_app(in, i), task_app(in, j));
	return c ? c : (i > j) - (i < j);
}

/* Colours: per task, or per app in order of first appearance (a task
 * without app is its own key).  Sorting by app keeps this O(n log n). */
static void assign_colors(struct gantt *G, enum hs_gantt_color mode)
{
	const struct hs_instance *in = G->in;
	int n = in->ntasks;
	G->color = hs_calloc(n ? n : 1, sizeof *G->color);
	if (mode == HS_GANTT_COLOR_TASK) {
		for (int i = 0; i < n; i++)
			G->color[i] = i % SVG_NFILL_COLORS;
		return;
	}
	int *first = hs_malloc((n ? n : 1) * sizeof *first);
	int *rank = hs_malloc((n ? n : 1) * sizeof *rank);
	int *ord = hs_malloc((n ? n : 1) * sizeof *ord);
	int na = 0;
	for (int i = 0; i < n; i++) {
		first[i] = i;
		if (task_app(in, i))
			ord[na++] = i;
	}
	qsort_r(ord, na, sizeof *ord, by_app, (void *)in);
	for (int k = 1; k < na; k++)
		if (strcmp(task_app(in, ord[k]), task_app(in, ord[k - 1])) == 0)
			first[ord[k]] = first[ord[k - 1]];
	int keys = 0, apps = 0;
	for (int i = 0; i < n; i++) {
		if (first[i] == i) {
			rank[i] = keys++;
			if (task_app(in, i))
				apps++;
		}
		G->color[i] = rank[first[i]] % SVG_NFILL_COLORS;
	}
	/* Legend: the apps, in colour order. */
	if (apps) {
		int shown = apps > MAX_LEGEND_APPS ? MAX_LEGEND_APPS - 1 : apps;
		G->legend = hs_calloc(shown + 4, sizeof *G->legend);
		for (int i = 0; i < n && G->nlegend < shown; i++)
			if (first[i] == i && task_app(in, i))
				G->legend[G->nlegend++] = (struct legend_item){
					LG_FILL, svg_fill_color(G->color[i]), task_app(in, i)
				};
		if (apps > shown) {
			G->more = hs_asprintf("+%d more", apps - shown);
			G->legend[G->nlegend++] = (struct legend_item){ LG_TEXT, NULL, G->more };
		}
	}
	free(first);
	free(rank);
	free(ord);
}

static void add_legend(struct gantt *G, enum legend_kind k, const char *text)
{
	G->legend = hs_reallocarray(G->legend, G->nlegend + 1, sizeof *G->legend);
	G->legend[G->nlegend++] = (struct legend_item){ k, NULL, text };
}

static char *row_label(const struct hs_node *n, int r)
{
	return r < n->cores ? hs_asprintf("%s:%d", n->id, r)
			    : hs_asprintf("%s:gpu%d", n->id, r - n->cores);
}

/* Widest row (or node) label. */
static double labels_width(const struct gantt *G, int per_row)
{
	double w = 0;
	for (int j = 0; j < G->pl->nnodes; j++) {
		const struct hs_node *n = &G->pl->nodes[j];
		if (!per_row) {
			w = fmax(w, svg_text_width(n->id, SVG_FONT_TICK));
			continue;
		}
		/* The longest labels are the last core's and the last GPU's. */
		int last[2] = { n->cores - 1, n->cores + n->gpus - 1 };
		for (int k = 0; k < 2; k++)
			if (last[k] >= 0 && (k == 0 || n->gpus > 0)) {
				char *s = row_label(n, last[k]);
				w = fmax(w, svg_text_width(s, fmin(SVG_FONT_TICK, G->row_h - 1)));
				free(s);
			}
	}
	return w;
}

static double row_y(const struct gantt *G, int row) { return G->y0 + row * G->row_h; }

static void draw_defs(struct svg *g, int killed, int failed)
{
	if (!killed && !failed)
		return;
	svg_open(g, "defs");
	for (int k = 0; k < 2; k++) {
		if (!(k ? failed : killed))
			continue;
		svg_open(g, "pattern");
		svg_attr(g, "id", k ? "hs-failed" : "hs-killed");
		svg_attr(g, "patternUnits", "userSpaceOnUse");
		svg_attr(g, "width", "5");
		svg_attr(g, "height", "5");
		svg_attr(g, "patternTransform", "rotate(45)");
		/* killed: single hatching; failed: cross-hatching */
		svg_open(g, "path");
		svg_attr(g, "d", k ? "M0 0V5M0 0H5" : "M0 0V5");
		svg_attr(g, "stroke", "#b00000");
		svg_attr(g, "stroke-width", "1.2");
		svg_attr(g, "stroke-opacity", "0.6");
		svg_close(g);
		svg_close(g);
	}
	svg_close(g);
}

/* Backgrounds (GPU rows shaded), time grid, node and cluster separators,
 * row/node/cluster labels. */
static void draw_frame(struct svg *g, struct gantt *G)
{
	const struct hs_platform *pl = G->pl;
	svg_group(g, "rows");
	svg_attr(g, "fill", "#ececec");
	for (int k = 0; k < pl->nnodes; k++) {
		const struct hs_node *n = &pl->nodes[G->order[k]];
		if (n->gpus > 0) {
			svg_rect(g, G->x0, row_y(G, G->node_row[G->order[k]] + n->cores), G->x1 - G->x0,
				 n->gpus * G->row_h);
			svg_close(g);
		}
	}
	svg_close(g);
	svg_grid(g, &G->tx, &G->sx, 0, G->y0, G->y1);

	/* Separators: thin between nodes, dark between clusters. */
	struct svg_path thin = { 0 }, dark = { 0 };
	double lx = MARGIN; /* cluster separators reach across the labels */
	for (int k = 1; k < pl->nnodes; k++) {
		int j = G->order[k], prev = G->order[k - 1];
		double y = row_y(G, G->node_row[j]);
		if (pl->nodes[j].cluster != pl->nodes[prev].cluster) {
			svg_path_move(&dark, lx, y);
			svg_path_line(&dark, G->x1, y);
		} else {
			svg_path_move(&thin, G->x0, y);
			svg_path_line(&thin, G->x1, y);
		}
	}
	const char *cls[2] = { "sep-node", "sep-cluster" };
	const char *col[2] = { "#b4b4b4", "#444" };
	const char *sw[2] = { "0.6", "0.9" };
	struct svg_path *ps[2] = { &thin, &dark };
	for (int k = 0; k < 2; k++) {
		if (ps[k]->len) {
			svg_open(g, "path");
			svg_attr(g, "class", cls[k]);
			svg_attr(g, "fill", "none");
			svg_attr(g, "stroke", col[k]);
			svg_attr(g, "stroke-width", sw[k]);
			svg_path_attr(g, ps[k]);
			svg_close(g);
		}
		svg_path_free(ps[k]);
	}

	/* Labels: per row when rows are tall enough, else per node. */
	svg_group(g, "labels");
	svg_attr(g, "fill", "#222");
	int per_row = G->row_h >= LABEL_MIN;
	double fs = per_row ? fmin(SVG_FONT_TICK, G->row_h - 1) : SVG_FONT_TICK;
	double last_label = -INFINITY;
	for (int k = 0; k < pl->nnodes; k++) {
		int j = G->order[k];
		const struct hs_node *n = &pl->nodes[j];
		int rows = n->cores + n->gpus;
		if (per_row) {
			for (int r = 0; r < rows; r++) {
				char *s = row_label(n, r);
				svg_text_line(g, G->x0 - 4, row_y(G, G->node_row[j] + r) + G->row_h / 2 + 0.35 * fs,
					      "end", fs, s);
				free(s);
			}
		} else {
			/* Thin nodes: label those that leave room since the last label. */
			double mid = row_y(G, G->node_row[j]) + rows * G->row_h / 2;
			if (mid - last_label >= fs + 1) {
				svg_text_line(g, G->x0 - 4, mid + 0.35 * fs, "end", fs, n->id);
				last_label = mid;
			}
		}
	}
	/* Cluster names, rotated, beside a bracket spanning the cluster. */
	for (int k = 0; k < pl->nnodes;) {
		int c = pl->nodes[G->order[k]].cluster, e = k;
		while (e < pl->nnodes && pl->nodes[G->order[e]].cluster == c)
			e++;
		double top = row_y(G, G->node_row[G->order[k]]);
		double bot = e < pl->nnodes ? row_y(G, G->node_row[G->order[e]]) : G->y1;
		const char *name = c >= 0 && c < pl->nclusters ? pl->clusters[c].id : "";
		double bx = MARGIN + CLUSTER_COL - 2;
		if (bot - top >= 6) {
			svg_line(g, bx, top + 2, bx, bot - 2);
			svg_attr(g, "stroke", "#888");
			svg_attr(g, "stroke-width", "0.8");
			svg_close(g);
		}
		if (bot - top >= svg_text_width(name, SVG_FONT_LABEL) + 4) {
			double x = bx - 4, y = (top + bot) / 2;
			svg_text(g, x, y, "middle", SVG_FONT_LABEL);
			char a[SVG_NUMBUF], b[SVG_NUMBUF];
			svg_attrf(g, "transform", "rotate(-90 %s %s)", svg_num(a, x), svg_num(b, y));
			svg_attr(g, "font-weight", "bold");
			svg_string(g, name);
			svg_close(g);
		}
		k = e;
	}
	svg_close(g);
}

/* Calls f(G, g, x, y, w, h, arg) for each run of consecutive cores, then of
 * consecutive GPUs, of each part of placement p; returns the count. */
typedef void (*run_fn)(struct gantt *G, struct svg *g, double x, double y, double w, double h,
		       void *arg);
static int for_runs(struct gantt *G, struct svg *g, const struct hs_placement *p, run_fn f,
		    void *arg)
{
	double x = svg_map(&G->sx, p->start);
	double w = fmax(svg_map(&G->sx, p->end) - x, 1); /* zero-length tasks stay visible */
	int count = 0;
	for (int k = 0; k < p->nparts; k++) {
		const struct hs_part *pt = &p->parts[k];
		if (pt->node < 0 || pt->node >= G->pl->nnodes)
			continue;
		const struct hs_node *n = &G->pl->nodes[pt->node];
		for (int kind = 0; kind < 2; kind++) {
			const int *v = kind ? pt->gpus : pt->cores;
			int nv = kind ? pt->ngpus : pt->ncores, lim = kind ? n->gpus : n->cores;
			int base = G->node_row[pt->node] + (kind ? n->cores : 0);
			for (int a = 0; a < nv;) {
				int b = a + 1;
				while (b < nv && v[b] == v[b - 1] + 1)
					b++;
				if (v[a] >= 0 && v[b - 1] < lim) {
					f(G, g, x, row_y(G, base + v[a]), w, (b - a) * G->row_h, arg);
					count++;
				}
				a = b;
			}
		}
	}
	return count;
}

struct bar_arg {
	const char *fill;
	const char *id;
	enum hs_state state;
};

static void bar_run(struct gantt *G, struct svg *g, double x, double y, double w, double h,
		    void *arg)
{
	(void)G;
	const struct bar_arg *b = arg;
	svg_rect(g, x, y, w, h);
	svg_attr(g, "class", "bar");
	svg_attr(g, "fill", b->fill);
	svg_close(g);
	if (b->state == HS_STATE_KILLED || b->state == HS_STATE_FAILED) {
		int failed = b->state == HS_STATE_FAILED;
		svg_rect(g, x, y, w, h);
		svg_attr(g, "class", failed ? "failed" : "killed");
		svg_attr(g, "fill", failed ? "url(#hs-failed)" : "url(#hs-killed)");
		svg_attr(g, "stroke", "#d00000");
		svg_attr(g, "stroke-width", "1.2");
		svg_close(g);
	}
	double fs = fmin(9, h - 2);
	if (fs >= 6 && w >= svg_text_width(b->id, fs) + 4) {
		svg_text_line(g, x + w / 2, y + h / 2 + 0.35 * fs, "middle", fs, b->id);
	}
}

static void plan_run(struct gantt *G, struct svg *g, double x, double y, double w, double h,
		     void *arg)
{
	(void)G;
	svg_rect(g, x, y, w, h);
	svg_attr(g, "class", "plan");
	svg_title(g, arg);
	svg_close(g);
}

static void fmt_time(FILE *f, const char *what, double v)
{
	fprintf(f, "\n%s %.6g s", what, v);
}

/* Tooltip of task i: id, app, nodes with cores/GPUs, times, state, plan. */
static char *tooltip(const struct gantt *G, const struct hs_placement *p,
		     const struct hs_placement *plan)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	const struct hs_task *t = &G->in->tasks[p->task];
	fprintf(f, "task %s", t->id);
	if (t->app)
		fprintf(f, "\napp %s", t->app);
	for (int k = 0; k < p->nparts; k++) {
		const struct hs_part *pt = &p->parts[k];
		if (pt->node < 0 || pt->node >= G->pl->nnodes)
			continue;
		fprintf(f, "\nnode %s:", G->pl->nodes[pt->node].id);
		if (pt->ncores) {
			char *s = hs_fmt_intset(pt->cores, pt->ncores);
			fprintf(f, " cores %s", s);
			free(s);
		}
		if (pt->ngpus) {
			char *s = hs_fmt_intset(pt->gpus, pt->ngpus);
			fprintf(f, " GPU%s %s", pt->ngpus > 1 ? "s" : "", s);
			free(s);
		}
	}
	fmt_time(f, "start", p->start);
	fmt_time(f, "end", p->end);
	fmt_time(f, "duration", p->end - p->start);
	static const char *states[] = { NULL, "done", "killed", "failed" };
	if (p->state > HS_STATE_NONE && p->state <= HS_STATE_FAILED)
		fprintf(f, "\nstate %s", states[p->state]);
	if (plan)
		fprintf(f, "\nplanned %.6g-%.6g s", plan->start, plan->end);
	fclose(f);
	return buf;
}

static void draw_bars(struct svg *g, struct gantt *G, const struct hs_schedule *s,
		      const struct hs_schedule *overlay)
{
	svg_group(g, "bars");
	if (G->row_h >= 4) {
		svg_attr(g, "stroke", "#333");
		svg_attr(g, "stroke-width", "0.5");
	}
	for (int i = 0; i < s->n; i++) {
		if (!valid_placement(s, i) || s->p[i].task >= G->in->ntasks)
			continue;
		const struct hs_placement *p = &s->p[i];
		const struct hs_placement *plan =
			overlay && i < overlay->n && valid_placement(overlay, i) ? &overlay->p[i] : NULL;
		struct bar_arg b = { svg_fill_color(G->color[p->task]), G->in->tasks[p->task].id,
				     p->state };
		svg_group(g, "task");
		char *tip = tooltip(G, p, plan);
		svg_title(g, tip);
		free(tip);
		for_runs(G, g, p, bar_run, &b);
		svg_close(g);
	}
	svg_close(g);
	if (!overlay)
		return;
	svg_group(g, "plans");
	svg_attr(g, "fill", "none");
	svg_attr(g, "stroke", "#000");
	svg_attr(g, "stroke-width", "1");
	svg_attr(g, "stroke-dasharray", "3 2");
	for (int i = 0; i < overlay->n; i++) {
		if (!valid_placement(overlay, i) || overlay->p[i].task >= G->in->ntasks)
			continue;
		const struct hs_placement *p = &overlay->p[i];
		char *tip = hs_asprintf("plan of %s\nstart %.6g s\nend %.6g s",
					G->in->tasks[p->task].id, p->start, p->end);
		for_runs(G, g, p, plan_run, tip);
		free(tip);
	}
	svg_close(g);
}

static double legend_item_width(const struct legend_item *it)
{
	return (it->kind == LG_TEXT ? 0 : 16) + svg_text_width(it->text, SVG_FONT_TICK) + 14;
}

/* Rows the legend needs across width w. */
static int legend_rows(const struct gantt *G, double w)
{
	int rows = G->nlegend ? 1 : 0;
	double x = 0;
	for (int k = 0; k < G->nlegend; k++) {
		double iw = legend_item_width(&G->legend[k]);
		if (x > 0 && x + iw > w) {
			rows++;
			x = 0;
		}
		x += iw;
	}
	return rows;
}

static void draw_legend(struct svg *g, struct gantt *G, double y)
{
	if (!G->nlegend)
		return;
	svg_group(g, "legend");
	double x = G->x0, w = G->x1 - G->x0;
	for (int k = 0; k < G->nlegend; k++) {
		const struct legend_item *it = &G->legend[k];
		double iw = legend_item_width(it);
		if (x > G->x0 && x + iw > G->x0 + w) {
			x = G->x0;
			y += LEGEND_ROW;
		}
		double tx = x;
		if (it->kind != LG_TEXT) {
			svg_rect(g, x, y - 9, 12, 10);
			switch (it->kind) {
			case LG_FILL:
				svg_attr(g, "fill", it->color);
				svg_attr(g, "stroke", "#333");
				svg_attr(g, "stroke-width", "0.5");
				break;
			case LG_KILLED:
			case LG_FAILED:
				svg_attr(g, "fill", it->kind == LG_KILLED ? "url(#hs-killed)" : "url(#hs-failed)");
				svg_attr(g, "stroke", "#d00000");
				svg_attr(g, "stroke-width", "1.2");
				break;
			default:
				svg_attr(g, "fill", "none");
				svg_attr(g, "stroke", "#000");
				svg_attr(g, "stroke-dasharray", "3 2");
				break;
			}
			svg_close(g);
			tx += 16;
		}
		svg_text_line(g, tx, y, "start", SVG_FONT_TICK, it->text);
		x += iw;
	}
	svg_close(g);
}

static int empty_figure(FILE *f, const struct hs_gantt_opts *o, double width, const char *msg)
{
	struct svg g;
	double h = o && o->title ? 110 : 80;
	svg_begin(&g, f, width, h);
	if (o && o->title) {
		svg_text_line(&g, width / 2, 24, "middle", SVG_FONT_TITLE, o->title);
	}
	svg_text(&g, width / 2, h - 36, "middle", SVG_FONT_LABEL);
	svg_attr(&g, "class", "empty");
	svg_attr(&g, "fill", "#555");
	svg_string(&g, msg);
	svg_close(&g);
	return svg_end(&g);
}

static void gantt_free(struct gantt *G)
{
	free(G->node_row);
	free(G->order);
	free(G->color);
	free(G->legend);
	free(G->more);
}

int hs_svg_gantt(FILE *f, const struct hs_instance *in, const struct hs_schedule *sched,
		 const struct hs_schedule *overlay, const struct hs_gantt_opts *o)
{
	struct hs_gantt_opts defaults = { 0 };
	if (!o)
		o = &defaults;
	double width = o->width > 0 ? o->width : DEFAULT_WIDTH;
	struct gantt G = { .in = in, .pl = &in->plat };

	/* Time range: from 0 (or the earliest start) to the last end. */
	double t0 = 0, t1 = -INFINITY;
	int placed = 0, killed = 0, failed = 0;
	const struct hs_schedule *ss[2] = { sched, overlay };
	for (int k = 0; k < 2; k++)
		for (int i = 0; ss[k] && i < ss[k]->n; i++)
			if (valid_placement(ss[k], i) && ss[k]->p[i].task < in->ntasks) {
				t0 = fmin(t0, ss[k]->p[i].start);
				t1 = fmax(t1, ss[k]->p[i].end);
				if (k == 0) {
					placed++;
					killed |= sched->p[i].state == HS_STATE_KILLED;
					failed |= sched->p[i].state == HS_STATE_FAILED;
				}
			}
	layout_rows(&G);
	if (!placed || G.nrows == 0) {
		gantt_free(&G);
		return empty_figure(f, o, width,
				    placed ? "empty schedule: the platform has no cores or GPUs"
					   : "empty schedule: no task is placed");
	}
	if (!(t1 > t0))
		t1 = t0 + 1;

	G.row_h = fmin(MAX_ROW_H, MAX_PLOT_H / G.nrows);
	int per_row = G.row_h >= LABEL_MIN;
	double left = MARGIN + CLUSTER_COL + 4 + labels_width(&G, per_row) + 6;
	double right = 16;
	if (width < left + right + 100)
		width = left + right + 100;
	G.x0 = left;
	G.x1 = width - right;
	G.y0 = o->title ? 34 : 12;
	G.y1 = G.y0 + G.nrows * G.row_h;

	svg_ticks(&G.tx, t0, t1, (int)fmax(2, (G.x1 - G.x0) / 70), 0, 1);
	G.sx = (struct svg_scale){ G.tx.lo, G.tx.hi, G.x0, G.x1, 0 };

	assign_colors(&G, o->color);
	if (killed)
		add_legend(&G, LG_KILLED, "killed");
	if (failed)
		add_legend(&G, LG_FAILED, "failed");
	if (overlay)
		add_legend(&G, LG_PLAN, "plan");
	int lrows = legend_rows(&G, G.x1 - G.x0);
	double axis_h = 36;
	double height = G.y1 + axis_h + (lrows ? 10 + lrows * LEGEND_ROW : 0) + 6;

	struct svg g;
	svg_begin(&g, f, width, height);
	draw_defs(&g, killed, failed);
	if (o->title)
		svg_text_line(&g, (G.x0 + G.x1) / 2, 22, "middle", SVG_FONT_TITLE, o->title);
	draw_frame(&g, &G);
	draw_bars(&g, &G, sched, overlay);
	svg_rect(&g, G.x0, G.y0, G.x1 - G.x0, G.y1 - G.y0);
	svg_attr(&g, "class", "frame");
	svg_attr(&g, "fill", "none");
	svg_attr(&g, "stroke", "#222");
	svg_attr(&g, "stroke-width", "0.8");
	svg_close(&g);
	svg_axis(&g, &G.tx, &G.sx, 0, G.y1, 30, "time (s)");
	draw_legend(&g, &G, G.y1 + axis_h + 16);
	gantt_free(&G);
	return svg_end(&g);
}
