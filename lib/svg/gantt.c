/* svg/gantt.c - a schedule as a Gantt chart (hs_svg_gantt in hs/svg.h).
 *
 * Rows: one per core, then one per GPU, of each node; nodes in the order of
 * their cluster, clusters in stream order, so every resource has a row
 * index.  A task is one box per run of consecutive row indices, across
 * nodes too: a job on every core of hosts 0-15 is one box, not sixteen.
 * Rows are 16 px high, thinner when there are many (the rows never take
 * more than MAX_PLOT_H px unless --height asks for more); the boxes are
 * exact however thin the rows, only the labels and separators follow the
 * row mode (per core, per node or per cluster).
 *
 * Colours: each task has a key (itself, its app, its user or its state);
 * keys get one of SVG_NBOX_COLORS colours so that keys whose boxes touch in
 * the picture differ.  Touching is found on a raster of the plot area at
 * about one cell per pixel (what the eye sees), then the keys are coloured
 * greedily in order of first appearance, each with the least used colour
 * that no coloured neighbour has.
 *
 * Size at trace scale: past HS_GANTT_DETAIL_MAX tasks the boxes lose their
 * outlines and the overlay is off by default; a task's tooltip names at
 * most MAX_TIP_NODES nodes; outlines of the overlay are one path.  A
 * 20 000-job trace stays a few MB that a browser draws in about a second. */
#include <math.h>
#include <stdint.h>
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
#define MAX_LEGEND_KEYS 24
#define MAX_TIP_NODES 4
#define MAX_RASTER (4096 * 2048) /* cells of the touching raster */
#define AXIS_H 36

enum legend_kind { LG_FILL, LG_KILLED, LG_FAILED, LG_PLAN, LG_TEXT };
struct legend_item {
	enum legend_kind kind;
	const char *color; /* LG_FILL: the colour, or NULL for key's */
	int key;
	const char *text;
};

/* One box: placement p of a schedule on rows [r0, r1). */
struct box {
	int p, r0, r1;
};

struct gantt {
	const struct hs_instance *in;
	const struct hs_platform *pl;
	enum hs_gantt_rows rows;    /* resolved: core, node or cluster */
	int nrows;
	int *node_row;              /* first row of each node: its cores, then its GPUs */
	int *order;                 /* nodes in drawing order */
	double row_h;
	double x0, x1, y0, y1;      /* plot area */
	double unit;                /* seconds per unit of the time axis */
	struct svg_scale sx;
	struct svg_ticks tx;
	int detail;                 /* at most HS_GANTT_DETAIL_MAX tasks: outlines */
	struct box *box;            /* the schedule's boxes, by placement */
	int nbox;
	int *key;                   /* colour key per task index */
	int nkeys;
	int *key_color;             /* box colour index per key */
	const char **key_name;      /* legend text per key, or NULL */
	struct legend_item *legend;
	int nlegend;
	char *note;                 /* legend text about the overlay, or NULL */
	char *more;                 /* "+N more" legend text, or NULL */
};

static int valid_placement(const struct hs_instance *in, const struct hs_schedule *s, int i)
{
	const struct hs_placement *p = &s->p[i];
	return p->task >= 0 && p->task < in->ntasks && p->state != HS_STATE_REJECTED &&
	       isfinite(p->start) && isfinite(p->end) && p->end >= p->start;
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

static int int_cmp(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

/* The rows of placement p (cores and GPUs that exist), sorted, into *buf
 * (grown as needed); returns their number. */
static int placement_rows(const struct gantt *G, const struct hs_placement *p, int **buf, int *cap)
{
	int n = 0;
	for (int k = 0; k < p->nparts; k++) {
		const struct hs_part *pt = &p->parts[k];
		if (pt->node < 0 || pt->node >= G->pl->nnodes)
			continue;
		const struct hs_node *nd = &G->pl->nodes[pt->node];
		if (n + pt->ncores + pt->ngpus > *cap) {
			*cap = 2 * (n + pt->ncores + pt->ngpus) + 16;
			*buf = hs_reallocarray(*buf, *cap, sizeof **buf);
		}
		int base = G->node_row[pt->node];
		for (int c = 0; c < pt->ncores; c++)
			if (pt->cores[c] >= 0 && pt->cores[c] < nd->cores)
				(*buf)[n++] = base + pt->cores[c];
		for (int g = 0; g < pt->ngpus; g++)
			if (pt->gpus[g] >= 0 && pt->gpus[g] < nd->gpus)
				(*buf)[n++] = base + nd->cores + pt->gpus[g];
	}
	if (n > 1)
		qsort(*buf, n, sizeof **buf, int_cmp);
	return n;
}

/* The boxes of schedule s: one per run of consecutive rows of each valid
 * placement, in placement order.  Returns their number. */
static int make_boxes(const struct gantt *G, const struct hs_schedule *s, struct box **out)
{
	int n = 0, cap = 0, rcap = 0;
	int *rows = NULL;
	*out = NULL;
	for (int i = 0; i < s->n; i++) {
		if (!valid_placement(G->in, s, i))
			continue;
		int nr = placement_rows(G, &s->p[i], &rows, &rcap);
		for (int a = 0; a < nr;) {
			int b = a + 1;
			while (b < nr && rows[b] <= rows[b - 1] + 1)
				b++;
			if (n == cap) {
				cap = 2 * cap + 64;
				*out = hs_reallocarray(*out, cap, sizeof **out);
			}
			(*out)[n++] = (struct box){ i, rows[a], rows[b - 1] + 1 };
			a = b;
		}
	}
	free(rows);
	return n;
}

static double row_y(const struct gantt *G, double row) { return G->y0 + row * G->row_h; }
static double time_x(const struct gantt *G, double t) { return svg_map(&G->sx, t / G->unit); }

/* Screen rectangle of a box; zero-length tasks stay visible (1 px, or a
 * hairline past the detail limit). */
static void box_rect(const struct gantt *G, const struct hs_placement *p, const struct box *b,
		     double *x, double *y, double *w, double *h)
{
	*x = time_x(G, p->start);
	*w = fmax(time_x(G, p->end) - *x, G->detail ? 1 : 0.25);
	*y = row_y(G, b->r0);
	*h = (b->r1 - b->r0) * G->row_h;
}

/* ---------------- colours ---------------- */

static const char *task_text(const struct hs_instance *in, int i, enum hs_gantt_color mode)
{
	const char *v = NULL;
	if (mode == HS_GANTT_COLOR_APP)
		v = in->tasks[i].app;
	else if (mode == HS_GANTT_COLOR_USER && in->tasks[i].rec)
		v = hs_record_get(in->tasks[i].rec, "user");
	return v && *v ? v : NULL;
}

struct key_sort {
	const struct hs_instance *in;
	enum hs_gantt_color mode;
};

static int by_text(const void *a, const void *b, void *arg)
{
	const struct key_sort *ks = arg;
	int i = *(const int *)a, j = *(const int *)b;
	int c = strcmp(task_text(ks->in, i, ks->mode), task_text(ks->in, j, ks->mode));
	return c ? c : (i > j) - (i < j);
}

static const char *const state_names[] = { "planned", "done", "killed", "failed" };
static const char *const state_colors[] = { "#c7d3e0", "#9ecae1", "#ffbb78", "#ff9896" };

/* Keys per task: the task itself, its app or user (tasks sharing the text
 * share the key; a task without one is its own key), or its state.  Keys
 * are numbered in task order of first appearance. */
static void assign_keys(struct gantt *G, const struct hs_schedule *s, enum hs_gantt_color mode)
{
	const struct hs_instance *in = G->in;
	int n = in->ntasks;
	G->key = hs_calloc(n ? n : 1, sizeof *G->key);
	if (mode == HS_GANTT_COLOR_STATE) {
		for (int i = 0; i < s->n; i++)
			if (s->p[i].task >= 0 && s->p[i].task < n) {
				int st = s->p[i].state; /* rejected tasks are not drawn */
				G->key[s->p[i].task] = st >= 0 && st <= HS_STATE_FAILED ? st : 0;
			}
		G->nkeys = 4;
		return;
	}
	int *first = hs_malloc((n ? n : 1) * sizeof *first);
	int *ord = hs_malloc((n ? n : 1) * sizeof *ord);
	int nt = 0;
	for (int i = 0; i < n; i++) {
		first[i] = i;
		if (mode != HS_GANTT_COLOR_TASK && task_text(in, i, mode))
			ord[nt++] = i;
	}
	struct key_sort ks = { in, mode };
	qsort_r(ord, nt, sizeof *ord, by_text, &ks);
	for (int k = 1; k < nt; k++)
		if (strcmp(task_text(in, ord[k], mode), task_text(in, ord[k - 1], mode)) == 0)
			first[ord[k]] = first[ord[k - 1]];
	int keys = 0;
	for (int i = 0; i < n; i++)
		G->key[i] = first[i] == i ? keys++ : G->key[first[i]];
	G->nkeys = keys;
	G->key_name = hs_calloc(keys ? keys : 1, sizeof *G->key_name);
	for (int i = 0; i < n; i++)
		if (first[i] == i && mode != HS_GANTT_COLOR_TASK)
			G->key_name[G->key[i]] = task_text(in, i, mode);
	free(first);
	free(ord);
}

static int u64_cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

/* Pairs of keys whose boxes touch: painted on a raster of the plot area,
 * then read off horizontally and vertically neighbouring cells.  Returns
 * the sorted unique pairs (a < b) as a << 32 | b. */
static uint64_t *touching(const struct gantt *G, const struct hs_schedule *s, size_t *npairs)
{
	double pw = G->x1 - G->x0, ph = G->y1 - G->y0;
	double f = 1;
	if (pw * ph > MAX_RASTER)
		f = sqrt(MAX_RASTER / (pw * ph));
	int W = (int)ceil(pw * f), H = (int)ceil(ph * f);
	if (W < 1)
		W = 1;
	if (H < 1)
		H = 1;
	int *cell = hs_calloc((size_t)W * H, sizeof *cell); /* key + 1; 0: empty */
	for (int k = 0; k < G->nbox; k++) {
		const struct hs_placement *p = &s->p[G->box[k].p];
		double x, y, w, h;
		box_rect(G, p, &G->box[k], &x, &y, &w, &h);
		int cx0 = (int)floor((x - G->x0) * f), cx1 = (int)ceil((x + w - G->x0) * f);
		int cy0 = (int)floor((y - G->y0) * f), cy1 = (int)ceil((y + h - G->y0) * f);
		cx0 = cx0 < 0 ? 0 : cx0 >= W ? W - 1 : cx0;
		cy0 = cy0 < 0 ? 0 : cy0 >= H ? H - 1 : cy0;
		cx1 = cx1 <= cx0 ? cx0 + 1 : cx1 > W ? W : cx1;
		cy1 = cy1 <= cy0 ? cy0 + 1 : cy1 > H ? H : cy1;
		int v = G->key[p->task] + 1;
		for (int yy = cy0; yy < cy1; yy++)
			for (int xx = cx0; xx < cx1; xx++)
				cell[(size_t)yy * W + xx] = v;
	}
	size_t n = 0, cap = 1024;
	uint64_t *pr = hs_malloc(cap * sizeof *pr), last = UINT64_MAX;
	for (int yy = 0; yy < H; yy++)
		for (int xx = 0; xx < W; xx++) {
			int a = cell[(size_t)yy * W + xx];
			if (!a)
				continue;
			int nb[2] = { xx + 1 < W ? cell[(size_t)yy * W + xx + 1] : 0,
				      yy + 1 < H ? cell[(size_t)(yy + 1) * W + xx] : 0 };
			for (int k = 0; k < 2; k++) {
				int b = nb[k];
				if (!b || b == a)
					continue;
				uint64_t lo = (uint64_t)(a < b ? a : b) - 1, hi = (uint64_t)(a < b ? b : a) - 1;
				uint64_t key = lo << 32 | hi;
				if (key == last)
					continue;
				if (n == cap) {
					cap *= 2;
					pr = hs_reallocarray(pr, cap, sizeof *pr);
				}
				pr[n++] = last = key;
			}
		}
	free(cell);
	qsort(pr, n, sizeof *pr, u64_cmp);
	size_t u = 0;
	for (size_t k = 0; k < n; k++)
		if (u == 0 || pr[u - 1] != pr[k])
			pr[u++] = pr[k];
	*npairs = u;
	return pr;
}

/* Colour the keys: in order of first appearance (key numbers), each takes
 * the least used colour that none of its already coloured neighbours has;
 * when every colour is taken around it, the least used of all. */
static void color_keys(struct gantt *G, const struct hs_schedule *s)
{
	int nk = G->nkeys;
	G->key_color = hs_calloc(nk ? nk : 1, sizeof *G->key_color);
	size_t np;
	uint64_t *pr = touching(G, s, &np);
	int *off = hs_calloc((size_t)nk + 1, sizeof *off);
	for (size_t k = 0; k < np; k++) {
		off[(pr[k] >> 32) + 1]++;
		off[(pr[k] & 0xffffffffu) + 1]++;
	}
	for (int k = 0; k < nk; k++)
		off[k + 1] += off[k];
	int *adj = hs_malloc((off[nk] ? off[nk] : 1) * sizeof *adj);
	int *fill = hs_malloc((nk ? nk : 1) * sizeof *fill);
	memcpy(fill, off, nk * sizeof *fill);
	for (size_t k = 0; k < np; k++) {
		int a = (int)(pr[k] >> 32), b = (int)(pr[k] & 0xffffffffu);
		adj[fill[a]++] = b;
		adj[fill[b]++] = a;
	}
	long used[SVG_NBOX_COLORS] = { 0 };
	for (int k = 0; k < nk; k++) {
		unsigned char taken[SVG_NBOX_COLORS] = { 0 };
		for (int e = off[k]; e < off[k + 1]; e++)
			if (adj[e] < k)
				taken[G->key_color[adj[e]]] = 1;
		int best = -1;
		for (int pass = 0; pass < 2 && best < 0; pass++)
			for (int c = 0; c < SVG_NBOX_COLORS; c++)
				if ((pass || !taken[c]) && (best < 0 || used[c] < used[best]))
					best = c;
		G->key_color[k] = best;
		used[best]++;
	}
	free(pr);
	free(off);
	free(adj);
	free(fill);
}

static const char *task_fill(const struct gantt *G, enum hs_gantt_color mode, int task)
{
	if (mode == HS_GANTT_COLOR_STATE)
		return state_colors[G->key[task]];
	return svg_box_color(G->key_color[G->key[task]]);
}

/* ---------------- legend ---------------- */

static void add_legend(struct gantt *G, enum legend_kind k, const char *color, int key,
		       const char *text)
{
	G->legend = hs_reallocarray(G->legend, G->nlegend + 1, sizeof *G->legend);
	G->legend[G->nlegend++] = (struct legend_item){ k, color, key, text };
}

/* The keys with names (apps, users) or the states present, in order. */
static void legend_keys(struct gantt *G, const struct hs_schedule *s, enum hs_gantt_color mode)
{
	if (mode == HS_GANTT_COLOR_STATE) {
		unsigned char seen[4] = { 0 };
		for (int i = 0; i < s->n; i++)
			if (valid_placement(G->in, s, i))
				seen[G->key[s->p[i].task]] = 1;
		for (int k = 0; k < 4; k++)
			if (seen[k])
				add_legend(G, LG_FILL, state_colors[k], -1, state_names[k]);
		return;
	}
	if (mode == HS_GANTT_COLOR_TASK)
		return;
	int named = 0;
	for (int k = 0; k < G->nkeys; k++)
		named += G->key_name[k] != NULL;
	int shown = named > MAX_LEGEND_KEYS ? MAX_LEGEND_KEYS - 1 : named;
	for (int k = 0, c = 0; k < G->nkeys && c < shown; k++)
		if (G->key_name[k]) {
			add_legend(G, LG_FILL, NULL, k, G->key_name[k]);
			c++;
		}
	if (named > shown) {
		G->more = hs_asprintf("+%d more", named - shown);
		add_legend(G, LG_TEXT, NULL, -1, G->more);
	}
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
				svg_attr(g, "fill", it->color ? it->color : svg_box_color(G->key_color[it->key]));
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

/* ---------------- rows, labels, separators ---------------- */

static char *row_label(const struct hs_node *n, int r)
{
	return r < n->cores ? hs_asprintf("%s:%d", n->id, r)
			    : hs_asprintf("%s:gpu%d", n->id, r - n->cores);
}

/* The thinnest node, in rows. */
static int min_node_rows(const struct hs_platform *pl)
{
	int m = 0;
	for (int j = 0; j < pl->nnodes; j++) {
		int r = pl->nodes[j].cores + pl->nodes[j].gpus;
		if (r > 0 && (m == 0 || r < m))
			m = r;
	}
	return m ? m : 1;
}

static double font_for_rows(const struct gantt *G)
{
	return G->rows == HS_GANTT_ROWS_CORE ? fmin(SVG_FONT_TICK, G->row_h - 1) : SVG_FONT_TICK;
}

/* Widest row, node or cluster label. */
static double labels_width(const struct gantt *G)
{
	double w = 0, fs = font_for_rows(G);
	if (G->rows == HS_GANTT_ROWS_CLUSTER) {
		for (int c = 0; c < G->pl->nclusters; c++)
			w = fmax(w, svg_text_width(G->pl->clusters[c].id, fs));
		return w;
	}
	for (int j = 0; j < G->pl->nnodes; j++) {
		const struct hs_node *n = &G->pl->nodes[j];
		if (G->rows == HS_GANTT_ROWS_NODE) {
			w = fmax(w, svg_text_width(n->id, fs));
			continue;
		}
		/* The longest labels are the last core's and the last GPU's. */
		int last[2] = { n->cores - 1, n->cores + n->gpus - 1 };
		for (int k = 0; k < 2; k++)
			if (last[k] >= 0 && (k == 0 || n->gpus > 0)) {
				char *s = row_label(n, last[k]);
				w = fmax(w, svg_text_width(s, fs));
				free(s);
			}
	}
	return w;
}

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

/* Labels down the left: one per row, per node (those that leave room since
 * the last one) or per cluster. */
static void draw_labels(struct svg *g, struct gantt *G)
{
	const struct hs_platform *pl = G->pl;
	svg_group(g, "labels");
	svg_attr(g, "fill", "#222");
	double fs = font_for_rows(G), last_label = -INFINITY;
	for (int k = 0; k < pl->nnodes && G->rows != HS_GANTT_ROWS_CLUSTER; k++) {
		int j = G->order[k];
		const struct hs_node *n = &pl->nodes[j];
		int rows = n->cores + n->gpus;
		if (G->rows == HS_GANTT_ROWS_CORE) {
			for (int r = 0; r < rows; r++) {
				char *s = row_label(n, r);
				svg_text_line(g, G->x0 - 4, row_y(G, G->node_row[j] + r + 0.5) + 0.35 * fs,
					      "end", fs, s);
				free(s);
			}
		} else {
			double mid = row_y(G, G->node_row[j] + rows / 2.0);
			if (mid - last_label >= fs + 1) {
				svg_text_line(g, G->x0 - 4, mid + 0.35 * fs, "end", fs, n->id);
				last_label = mid;
			}
		}
	}
	/* Clusters: a bracket spanning each, its name rotated beside it, or
	 * (per-cluster rows) written level in the label column. */
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
		if (G->rows == HS_GANTT_ROWS_CLUSTER) {
			if (bot - top >= fs)
				svg_text_line(g, G->x0 - 4, (top + bot) / 2 + 0.35 * fs, "end", fs, name);
		} else if (bot - top >= svg_text_width(name, SVG_FONT_LABEL) + 4) {
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

/* Backgrounds (GPU rows shaded), time grid, node and cluster separators. */
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

	/* Separators: thin between nodes (unless nodes are thinner than 3 px
	 * or rows are per cluster), dark between clusters. */
	int node_seps = G->rows != HS_GANTT_ROWS_CLUSTER && min_node_rows(pl) * G->row_h >= 3;
	struct svg_path thin = { 0 }, dark = { 0 };
	double lx = MARGIN; /* cluster separators reach across the labels */
	for (int k = 1; k < pl->nnodes; k++) {
		int j = G->order[k], prev = G->order[k - 1];
		double y = row_y(G, G->node_row[j]);
		if (pl->nodes[j].cluster != pl->nodes[prev].cluster) {
			svg_path_move(&dark, lx, y);
			svg_path_line(&dark, G->x1, y);
		} else if (node_seps) {
			svg_path_move(&thin, G->x0, y);
			svg_path_line(&thin, G->x1, y);
		}
	}
	const char *cls[2] = { "sep-node", "sep-cluster" };
	const char *col[2] = { "#b4b4b4", "#444" };
	const char *sw[2] = { "0.6", "0.9" };
	struct svg_path *ps[2] = { &thin, &dark };
	for (int k = 0; k < 2; k++) {
		svg_stroked_path(g, cls[k], ps[k], col[k], sw[k], NULL);
		svg_path_free(ps[k]);
	}
	draw_labels(g, G);
}

/* ---------------- boxes ---------------- */

/* Tooltip of a task: id, app, user, nodes with cores/GPUs (the first
 * MAX_TIP_NODES), times, state, plan. */
static char *tooltip(const struct gantt *G, const struct hs_placement *p,
		     const struct hs_placement *plan)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f)
		hs_die(HS_EXIT_FAIL, "out of memory");
	const struct hs_task *t = &G->in->tasks[p->task];
	fprintf(f, "task %s", t->id);
	if (t->app)
		fprintf(f, "\napp %s", t->app);
	const char *user = t->rec ? hs_record_get(t->rec, "user") : NULL;
	if (user)
		fprintf(f, "\nuser %s", user);
	int shown = 0, more = 0, max_nodes = G->detail ? MAX_TIP_NODES : 1;
	long more_cores = 0, more_gpus = 0;
	for (int k = 0; k < p->nparts; k++) {
		const struct hs_part *pt = &p->parts[k];
		if (pt->node < 0 || pt->node >= G->pl->nnodes)
			continue;
		if (shown == max_nodes) {
			more++;
			more_cores += pt->ncores;
			more_gpus += pt->ngpus;
			continue;
		}
		shown++;
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
	if (more) {
		fprintf(f, "\n+%d more node%s (%ld cores", more, more > 1 ? "s" : "", more_cores);
		if (more_gpus)
			fprintf(f, ", %ld GPUs", more_gpus);
		fputc(')', f);
	}
	fprintf(f, "\nstart %.6g s\nend %.6g s\nduration %.6g s", p->start, p->end, p->end - p->start);
	if (p->state > HS_STATE_NONE && p->state <= HS_STATE_FAILED)
		fprintf(f, "\nstate %s", state_names[p->state]);
	if (plan && (plan->start != p->start || plan->end != p->end))
		fprintf(f, "\nplanned %.6g-%.6g s", plan->start, plan->end);
	else if (plan)
		fprintf(f, "\nas planned");
	fclose(f);
	return buf;
}

/* The boxes of one task (b0..b1) with its tooltip, the killed/failed
 * hatching, and its id in the tallest box where it fits. */
static void draw_task(struct svg *g, struct gantt *G, const struct hs_schedule *s,
		      const struct hs_placement *plan, int b0, int b1, enum hs_gantt_color mode)
{
	const struct hs_placement *p = &s->p[G->box[b0].p];
	const char *fill = task_fill(G, mode, p->task);
	svg_group(g, "task");
	char *tip = tooltip(G, p, plan);
	svg_title(g, tip);
	free(tip);
	int tall = b0;
	for (int k = b0; k < b1; k++) {
		double x, y, w, h;
		box_rect(G, p, &G->box[k], &x, &y, &w, &h);
		svg_rect(g, x, y, w, h);
		svg_attr(g, "class", "bar");
		svg_attr(g, "fill", fill);
		svg_close(g);
		if (p->state == HS_STATE_KILLED || p->state == HS_STATE_FAILED) {
			int failed = p->state == HS_STATE_FAILED;
			svg_rect(g, x, y, w, h);
			svg_attr(g, "class", failed ? "failed" : "killed");
			svg_attr(g, "fill", failed ? "url(#hs-failed)" : "url(#hs-killed)");
			svg_attr(g, "stroke", "#d00000");
			svg_attr(g, "stroke-width", "1.2");
			svg_close(g);
		}
		if (G->box[k].r1 - G->box[k].r0 > G->box[tall].r1 - G->box[tall].r0)
			tall = k;
	}
	double x, y, w, h;
	box_rect(G, p, &G->box[tall], &x, &y, &w, &h);
	const char *id = G->in->tasks[p->task].id;
	double fs = fmin(9, h - 2);
	if (fs >= 6 && w >= svg_text_width(id, fs) + 4) {
		svg_text(g, x + w / 2, y + h / 2 + 0.35 * fs, "middle", fs);
		svg_attr(g, "class", "id");
		svg_attr(g, "fill", svg_text_on(fill));
		svg_attr(g, "stroke", "none"); /* not the boxes' outline */
		svg_string(g, id);
		svg_close(g);
	}
	svg_close(g);
}

static void draw_boxes(struct svg *g, struct gantt *G, const struct hs_schedule *s,
		       const struct hs_schedule *overlay, int show_overlay, enum hs_gantt_color mode)
{
	svg_group(g, "bars");
	if (G->detail && G->row_h >= 1) {
		svg_attr(g, "stroke", "#333");
		svg_attr(g, "stroke-width", "0.5");
	}
	for (int b0 = 0, b1; b0 < G->nbox; b0 = b1) {
		int i = G->box[b0].p;
		for (b1 = b0 + 1; b1 < G->nbox && G->box[b1].p == i; b1++)
			;
		const struct hs_placement *plan =
			overlay && i < overlay->n && valid_placement(G->in, overlay, i) ? &overlay->p[i] : NULL;
		draw_task(g, G, s, plan, b0, b1, mode);
	}
	svg_close(g);
	if (!show_overlay)
		return;
	/* The overlay's outlines, one path: the tooltips above give its times. */
	struct box *ob;
	int nob = make_boxes(G, overlay, &ob);
	struct svg_path d = { 0 };
	for (int k = 0; k < nob; k++) {
		double x, y, w, h;
		box_rect(G, &overlay->p[ob[k].p], &ob[k], &x, &y, &w, &h);
		svg_path_rect(&d, x, y, w, h);
	}
	svg_stroked_path(g, "plan", &d, "#000", "1", "3 2");
	svg_path_free(&d);
	free(ob);
}

/* Tasks whose overlay placement has other times than in s (beyond a
 * millionth of the span), out of those placed in both. */
static void overlay_diff(const struct hs_instance *in, const struct hs_schedule *s,
			 const struct hs_schedule *ov, double span, int *differ, int *both)
{
	*differ = *both = 0;
	double tol = 1e-6 * span;
	for (int i = 0; i < s->n && i < ov->n; i++) {
		if (!valid_placement(in, s, i) || !valid_placement(in, ov, i))
			continue;
		(*both)++;
		*differ += fabs(s->p[i].start - ov->p[i].start) > tol || fabs(s->p[i].end - ov->p[i].end) > tol;
	}
}

/* ---------------- the figure ---------------- */

static int empty_figure(FILE *f, const struct hs_gantt_opts *o, double width, const char *msg)
{
	struct svg g;
	double h = o->title ? 110 : 80;
	if (o->height > h)
		h = o->height;
	svg_begin(&g, f, width, h);
	if (o->title)
		svg_text_line(&g, width / 2, 24, "middle", SVG_FONT_TITLE, o->title);
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
	free(G->box);
	free(G->key);
	free(G->key_color);
	free(G->key_name);
	free(G->legend);
	free(G->note);
	free(G->more);
}

/* The row mode AUTO resolves to: per core while rows take a line of
 * text, per node while nodes are a pixel or more (or the platform is one
 * cluster, whose name alone says nothing), else per cluster. */
static enum hs_gantt_rows auto_rows(const struct gantt *G)
{
	if (G->row_h >= LABEL_MIN)
		return HS_GANTT_ROWS_CORE;
	if (min_node_rows(G->pl) * G->row_h >= 1 || G->pl->nclusters <= 1)
		return HS_GANTT_ROWS_NODE;
	return HS_GANTT_ROWS_CLUSTER;
}

/* The time axis over [t0, t1] in its unit, between x0 and x1, and the
 * right margin its last label needs (at least 16 px). */
static void time_axis(struct gantt *G, double t0, double t1, double width, double left)
{
	double right = 16;
	for (int pass = 0; pass < 2; pass++) {
		G->x0 = left;
		G->x1 = width - right;
		svg_ticks(&G->tx, t0 / G->unit, t1 / G->unit, (int)fmax(2, (G->x1 - G->x0) / 70), 0, 1);
		G->sx = (struct svg_scale){ G->tx.lo, G->tx.hi, G->x0, G->x1, 0 };
		double l, r;
		svg_ticks_overhang(&G->tx, &G->sx, &l, &r);
		if (r + 4 <= right)
			break;
		right = r + 4;
	}
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
			if (valid_placement(in, ss[k], i)) {
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
	G.detail = placed <= HS_GANTT_DETAIL_MAX;
	enum hs_time_unit unit = o->time_unit != HS_TIME_AUTO ? o->time_unit : hs_time_unit_for(t1 - t0);
	G.unit = hs_time_unit_seconds(unit);

	/* The overlay: drawn when asked, or by default when detailed and
	 * mostly equal to the schedule. */
	int show_overlay = 0;
	if (overlay && o->overlay != HS_GANTT_OVERLAY_NONE) {
		int differ, both;
		overlay_diff(in, sched, overlay, t1 - t0, &differ, &both);
		show_overlay = o->overlay == HS_GANTT_OVERLAY_OUTLINE || (G.detail && 2 * differ <= both);
		if (!show_overlay && !G.detail)
			G.note = hs_asprintf("plan not drawn: over %d tasks", HS_GANTT_DETAIL_MAX);
		else if (!show_overlay)
			G.note = hs_asprintf("plan not drawn: %d of %d tasks differ", differ, both);
	}

	/* Legend first: its height is part of the layout. */
	G.x0 = 0;
	G.x1 = width - 16;
	assign_keys(&G, sched, o->color);
	legend_keys(&G, sched, o->color);
	if (killed && o->color != HS_GANTT_COLOR_STATE)
		add_legend(&G, LG_KILLED, NULL, -1, "killed");
	if (failed && o->color != HS_GANTT_COLOR_STATE)
		add_legend(&G, LG_FAILED, NULL, -1, "failed");
	if (show_overlay)
		add_legend(&G, LG_PLAN, NULL, -1, "plan");
	if (G.note)
		add_legend(&G, LG_TEXT, NULL, -1, G.note);

	/* Vertical layout: rows of 16 px at most and MAX_PLOT_H px in all, or
	 * whatever --height leaves them. */
	double y0 = o->title ? 34 : 12;
	double lguess = width - 200; /* legend width before the labels are known */
	int lrows = legend_rows(&G, lguess);
	double below = AXIS_H + (lrows ? 10 + lrows * LEGEND_ROW : 0) + 6;
	if (o->height > 0)
		G.row_h = fmax(20, o->height - y0 - below) / G.nrows;
	else
		G.row_h = fmin(MAX_ROW_H, MAX_PLOT_H / G.nrows);
	G.rows = o->rows != HS_GANTT_ROWS_AUTO ? o->rows : auto_rows(&G);
	double left = MARGIN + CLUSTER_COL + 4 + labels_width(&G) + 6;
	if (width < left + 16 + 100)
		width = left + 16 + 100;
	G.y0 = y0;
	G.y1 = y0 + G.nrows * G.row_h;
	time_axis(&G, t0, t1, width, left);
	lrows = legend_rows(&G, G.x1 - G.x0);
	below = AXIS_H + (lrows ? 10 + lrows * LEGEND_ROW : 0) + 6;
	double height = o->height > 0 ? fmax(o->height, G.y1 + below) : G.y1 + below;

	G.nbox = make_boxes(&G, sched, &G.box);
	if (o->color != HS_GANTT_COLOR_STATE)
		color_keys(&G, sched);

	struct svg g;
	svg_begin(&g, f, width, height);
	draw_defs(&g, killed, failed);
	if (o->title)
		svg_text_line(&g, (G.x0 + G.x1) / 2, 22, "middle", SVG_FONT_TITLE, o->title);
	draw_frame(&g, &G);
	draw_boxes(&g, &G, sched, overlay, show_overlay, o->color);
	svg_rect(&g, G.x0, G.y0, G.x1 - G.x0, G.y1 - G.y0);
	svg_attr(&g, "class", "frame");
	svg_attr(&g, "fill", "none");
	svg_attr(&g, "stroke", "#222");
	svg_attr(&g, "stroke-width", "0.8");
	svg_close(&g);
	char *xl = hs_asprintf("time (%s)", hs_time_unit_label(unit));
	svg_axis(&g, &G.tx, &G.sx, 0, G.y1, 30, xl);
	free(xl);
	draw_legend(&g, &G, G.y1 + AXIS_H + 16);
	gantt_free(&G);
	return svg_end(&g);
}
