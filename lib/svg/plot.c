/* svg/plot.c - line plots of a metric against a parameter, one series per
 * algorithm, and step lines of a quantity over time (hs_svg_plot in
 * hs/svg.h).
 *
 * Each series has its own colour (Okabe-Ito), marker shape and dash
 * pattern, so lines stay apart in grey print too.  Points are joined in
 * order of x; a point whose y cannot be drawn (NaN, inf, <= 0 on a log
 * axis) breaks the line, and one whose x cannot is left out.  Step series
 * have no markers and are drawn as given (x ascending); past two points per
 * pixel column they are drawn per column (its first value, then its range,
 * then its last), which looks the same and keeps a 20 000-job trace small.
 * The axes cover the data (error bars included) with a small margin, or the
 * range given (lines are clipped to it), and carry nice ticks inside it;
 * the legend goes in the inner corner that hides the fewest points. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hs/svg.h"
#include "hs/util.h"
#include "svg_priv.h"

#define DEFAULT_WIDTH 640
#define DEFAULT_HEIGHT 400
#define NSHAPES 8
#define LEGEND_LINE 15
#define CAP 3.0 /* half width of an error bar's caps */

struct plot {
	const struct hs_plot *p;
	double x0, x1, y0, y1; /* plot area */
	struct svg_scale sx, sy;
	struct svg_ticks tx, ty;
};

static int ok(double v, int log) { return isfinite(v) && (!log || v > 0); }

/* Indices of series s's points with a drawable x, sorted by x (then index). */
static int by_x(const void *a, const void *b, void *arg)
{
	const double *cmp_x = arg;
	int i = *(const int *)a, j = *(const int *)b;
	if (cmp_x[i] != cmp_x[j])
		return cmp_x[i] < cmp_x[j] ? -1 : 1;
	return (i > j) - (i < j);
}

static int sorted_points(const struct hs_plot *p, const struct hs_plot_series *s, int *idx)
{
	int n = 0;
	for (int i = 0; i < s->n; i++)
		if (ok(s->x[i], p->logx))
			idx[n++] = i;
	qsort_r(idx, n, sizeof *idx, by_x, (void *)s->x);
	return n;
}

/* Data range of the points and error bars; returns 0 when there is none.
 * The y range of a step series reaches 0 (its quantity is a count or a
 * fraction). */
static int data_range(const struct hs_plot *p, double *xlo, double *xhi, double *ylo, double *yhi)
{
	*xlo = *ylo = INFINITY;
	*xhi = *yhi = -INFINITY;
	int any = 0;
	for (int k = 0; k < p->nseries; k++) {
		const struct hs_plot_series *s = &p->series[k];
		for (int i = 0; i < s->n; i++) {
			if (!ok(s->x[i], p->logx) || !ok(s->y[i], p->logy))
				continue;
			any = 1;
			if (s->step && !p->logy) {
				*ylo = fmin(*ylo, 0);
				*yhi = fmax(*yhi, 0);
			}
			*xlo = fmin(*xlo, s->x[i]);
			*xhi = fmax(*xhi, s->x[i]);
			double ys[3] = { s->y[i], s->ylo ? s->ylo[i] : NAN, s->yhi ? s->yhi[i] : NAN };
			for (int e = 0; e < 3; e++)
				if (ok(ys[e], p->logy)) {
					*ylo = fmin(*ylo, ys[e]);
					*yhi = fmax(*yhi, ys[e]);
				}
		}
	}
	return any;
}

/* Grow [lo, hi] by 4% on each side (in log space on log axes). */
static void pad(double *lo, double *hi, int log)
{
	if (!(*hi > *lo))
		return; /* svg_ticks widens empty ranges itself */
	if (log) {
		double f = pow(*hi / *lo, 0.04);
		*lo /= f;
		*hi *= f;
	} else {
		double d = (*hi - *lo) * 0.04;
		*lo -= d;
		*hi += d;
	}
}

/* Marker k at (x, y): opened (circle or path), left open for a <title>. */
static void marker(struct svg *g, int shape, double x, double y)
{
	struct svg_path d = { 0 };
	double r;
	switch (shape) {
	case 0:
		svg_open(g, "circle");
		svg_attr_num(g, "cx", x);
		svg_attr_num(g, "cy", y);
		svg_attr_num(g, "r", 3.4);
		return;
	case 1:
		r = 3.1;
		svg_path_move(&d, x - r, y - r);
		svg_path_line(&d, x + r, y - r);
		svg_path_line(&d, x + r, y + r);
		svg_path_line(&d, x - r, y + r);
		break;
	case 2: /* triangle up */
	case 4: /* triangle down */
		r = shape == 2 ? 4.2 : -4.2;
		svg_path_move(&d, x, y - r);
		svg_path_line(&d, x + 0.866 * fabs(r), y + r / 2);
		svg_path_line(&d, x - 0.866 * fabs(r), y + r / 2);
		break;
	case 3: /* diamond */
		r = 4.2;
		svg_path_move(&d, x, y - r);
		svg_path_line(&d, x + r * 0.8, y);
		svg_path_line(&d, x, y + r);
		svg_path_line(&d, x - r * 0.8, y);
		break;
	case 5: /* plus (stroked) */
		r = 4.2;
		svg_path_move(&d, x - r, y);
		svg_path_line(&d, x + r, y);
		svg_path_move(&d, x, y - r);
		svg_path_line(&d, x, y + r);
		break;
	case 6: /* cross (stroked) */
		r = 3.3;
		svg_path_move(&d, x - r, y - r);
		svg_path_line(&d, x + r, y + r);
		svg_path_move(&d, x - r, y + r);
		svg_path_line(&d, x + r, y - r);
		break;
	default: /* triangle right */
		r = 4.2;
		svg_path_move(&d, x + r, y);
		svg_path_line(&d, x - r / 2, y - 0.866 * r);
		svg_path_line(&d, x - r / 2, y + 0.866 * r);
		break;
	}
	if (shape != 5 && shape != 6)
		svg_path_close(&d);
	svg_open(g, "path");
	svg_path_attr(g, &d);
	svg_path_free(&d);
}

/* Fill and stroke of a series' markers (open group). */
static void marker_style(struct svg *g, int k)
{
	const char *c = svg_line_color(k);
	if (k % NSHAPES == 5 || k % NSHAPES == 6) {
		svg_attr(g, "fill", "none");
		svg_attr(g, "stroke", c);
		svg_attr(g, "stroke-width", "1.6");
	} else {
		svg_attr(g, "fill", c);
		svg_attr(g, "stroke", "#fff");
		svg_attr(g, "stroke-width", "0.6");
	}
}

/* The vertical extent of one pixel column of a dense step line, ending at
 * its last value. */
static void column(struct svg_path *d, double lo, double hi, double last)
{
	if (lo != hi) {
		svg_path_vto(d, lo);
		svg_path_vto(d, hi);
	}
	svg_path_vto(d, last);
}

/* A step series as horizontal and vertical segments; dense ones per pixel
 * column: to its first x, then down and up its range, then to its last
 * value. */
static void step_path(const struct plot *P, const struct hs_plot_series *s, struct svg_path *d)
{
	const struct hs_plot *p = P->p;
	int dense = s->n > 2 * (P->x1 - P->x0), pen = 0, col = 0;
	double cmin = 0, cmax = 0, clast = 0;
	for (int i = 0; i < s->n; i++) {
		if (!ok(s->x[i], p->logx) || !ok(s->y[i], p->logy))
			continue;
		double x = svg_map(&P->sx, s->x[i]), y = svg_map(&P->sy, s->y[i]);
		if (!pen) {
			svg_path_move(d, x, y);
			pen = 1;
			col = (int)floor(x);
			cmin = cmax = clast = y;
			continue;
		}
		if (!dense) {
			svg_path_hto(d, x);
			svg_path_vto(d, y);
			continue;
		}
		if ((int)floor(x) == col) {
			cmin = fmin(cmin, y);
			cmax = fmax(cmax, y);
			clast = y;
			continue;
		}
		/* A new column: close the last one, go across at its value. */
		column(d, cmin, cmax, clast);
		svg_path_hto(d, x);
		svg_path_vto(d, y);
		col = (int)floor(x);
		cmin = cmax = clast = y;
	}
	if (pen && dense)
		column(d, cmin, cmax, clast);
}

static void line_style(struct svg *g, int k)
{
	svg_attr(g, "fill", "none");
	svg_attr(g, "stroke", svg_line_color(k));
	svg_attr(g, "stroke-width", "1.6");
	if (strcmp(svg_dash(k), "none") != 0)
		svg_attr(g, "stroke-dasharray", svg_dash(k));
}

static void draw_series(struct svg *g, const struct plot *P, int k, int *idx)
{
	const struct hs_plot *p = P->p;
	const struct hs_plot_series *s = &p->series[k];
	const char *c = svg_line_color(k);
	svg_group(g, "series");
	if (s->label)
		svg_attr(g, "data-label", s->label);
	if (s->step) {
		struct svg_path d = { 0 };
		step_path(P, s, &d);
		if (d.len) {
			svg_open(g, "path");
			svg_attr(g, "class", "line step");
			line_style(g, k);
			svg_attr(g, "stroke-linejoin", "miter");
			svg_path_attr(g, &d);
			svg_close(g);
		}
		svg_path_free(&d);
		svg_close(g);
		return;
	}
	int n = sorted_points(p, s, idx);

	/* Error bars: each drawable end gets a segment from the point and a cap. */
	struct svg_path d = { 0 };
	for (int a = 0; a < n; a++) {
		int i = idx[a];
		if (!ok(s->y[i], p->logy))
			continue;
		double x = svg_map(&P->sx, s->x[i]), y = svg_map(&P->sy, s->y[i]);
		double ends[2] = { s->ylo ? s->ylo[i] : NAN, s->yhi ? s->yhi[i] : NAN };
		for (int e = 0; e < 2; e++) {
			if (!ok(ends[e], p->logy))
				continue;
			double ye = svg_map(&P->sy, ends[e]);
			svg_path_move(&d, x, y);
			svg_path_line(&d, x, ye);
			svg_path_move(&d, x - CAP, ye);
			svg_path_line(&d, x + CAP, ye);
		}
	}
	svg_stroked_path(g, "errorbars", &d, c, "1", NULL);

	/* The line, broken where y is missing. */
	svg_path_reset(&d);
	int run = 0, segs = 0;
	for (int a = 0; a < n; a++) {
		int i = idx[a];
		if (!ok(s->y[i], p->logy)) {
			run = 0;
			continue;
		}
		double x = svg_map(&P->sx, s->x[i]), y = svg_map(&P->sy, s->y[i]);
		if (run++)
			svg_path_line(&d, x, y), segs++;
		else
			svg_path_move(&d, x, y);
	}
	if (segs) {
		svg_open(g, "path");
		svg_attr(g, "class", "line");
		line_style(g, k);
		svg_attr(g, "stroke-linejoin", "round");
		svg_path_attr(g, &d);
		svg_close(g);
	}
	svg_path_free(&d);

	svg_group(g, "markers");
	marker_style(g, k);
	for (int a = 0; a < n; a++) {
		int i = idx[a];
		if (!ok(s->y[i], p->logy))
			continue;
		marker(g, k % NSHAPES, svg_map(&P->sx, s->x[i]), svg_map(&P->sy, s->y[i]));
		char *tip;
		if (s->ylo && s->yhi && isfinite(s->ylo[i]) && isfinite(s->yhi[i]))
			tip = hs_asprintf("%s\nx = %.6g\ny = %.6g [%.6g, %.6g]", s->label ? s->label : "",
					  s->x[i], s->y[i], s->ylo[i], s->yhi[i]);
		else
			tip = hs_asprintf("%s\nx = %.6g\ny = %.6g", s->label ? s->label : "", s->x[i],
					  s->y[i]);
		svg_title(g, tip);
		free(tip);
		svg_close(g);
	}
	svg_close(g);
	svg_close(g);
}

/* Points (and samples along lines) that fall in the box: the legend's cost
 * at that place. */
static int covered(const struct plot *P, double bx, double by, double bw, double bh, int *idx)
{
	const struct hs_plot *p = P->p;
	int hits = 0;
	for (int k = 0; k < p->nseries; k++) {
		const struct hs_plot_series *s = &p->series[k];
		int n = sorted_points(p, s, idx);
		double px = NAN, py = NAN;
		for (int a = 0; a < n; a++) {
			int i = idx[a];
			if (!ok(s->y[i], p->logy)) {
				px = NAN;
				continue;
			}
			double x = svg_map(&P->sx, s->x[i]), y = svg_map(&P->sy, s->y[i]);
			int steps = isnan(px) ? 1 : 8;
			for (int t = 1; t <= steps; t++) {
				double q = (double)t / steps;
				double sx = isnan(px) ? x : px + q * (x - px);
				double sy = isnan(px) ? y : py + q * (y - py);
				hits += sx >= bx - 4 && sx <= bx + bw + 4 && sy >= by - 4 && sy <= by + bh + 4;
			}
			px = x;
			py = y;
		}
	}
	return hits;
}

static void draw_legend(struct svg *g, const struct plot *P, int *idx)
{
	const struct hs_plot *p = P->p;
	int n = 0;
	double tw = 0;
	for (int k = 0; k < p->nseries; k++)
		if (p->series[k].label) {
			n++;
			tw = fmax(tw, svg_text_width(p->series[k].label, SVG_FONT_TICK));
		}
	if (!n)
		return;
	double bw = 8 + 24 + 6 + tw + 8, bh = 6 + n * LEGEND_LINE + 2, m = 8;
	/* Corners in order of preference: top right, top left, bottom right, bottom left. */
	double cx[4] = { P->x1 - m - bw, P->x0 + m, P->x1 - m - bw, P->x0 + m };
	double cy[4] = { P->y0 + m, P->y0 + m, P->y1 - m - bh, P->y1 - m - bh };
	int best = 0, cost = -1;
	for (int c = 0; c < 4; c++) {
		int h = covered(P, cx[c], cy[c], bw, bh, idx);
		if (cost < 0 || h < cost)
			best = c, cost = h;
	}
	double bx = cx[best], by = cy[best];
	svg_group(g, "legend");
	svg_rect(g, bx, by, bw, bh);
	svg_attr(g, "fill", "#fff");
	svg_attr(g, "fill-opacity", "0.9");
	svg_attr(g, "stroke", "#aaa");
	svg_attr(g, "stroke-width", "0.6");
	svg_close(g);
	double y = by + 6 + LEGEND_LINE / 2.0;
	for (int k = 0; k < p->nseries; k++) {
		if (!p->series[k].label)
			continue;
		svg_line(g, bx + 8, y, bx + 32, y);
		line_style(g, k);
		svg_close(g);
		if (!p->series[k].step) {
			svg_group(g, NULL);
			marker_style(g, k);
			marker(g, k % NSHAPES, bx + 20, y);
			svg_close(g);
			svg_close(g);
		}
		svg_text_line(g, bx + 38, y + 0.35 * SVG_FONT_TICK, "start", SVG_FONT_TICK,
			      p->series[k].label);
		y += LEGEND_LINE;
	}
	svg_close(g);
}

int hs_svg_plot(FILE *f, const struct hs_plot *p)
{
	struct plot P = { .p = p };
	double width = p->width > 0 ? p->width : DEFAULT_WIDTH;
	double height = p->height > 0 ? p->height : DEFAULT_HEIGHT;
	double xlo, xhi, ylo, yhi;
	int any = data_range(p, &xlo, &xhi, &ylo, &yhi);
	if (!any)
		xlo = ylo = NAN; /* svg_ticks falls back to 0..1 (log: 1..10) */
	/* Step series fill the x range from their first breakpoint to their
	 * last, and their y axis starts at 0 (counts, fractions, watts). */
	int steps = p->nseries > 0;
	for (int k = 0; k < p->nseries; k++)
		steps &= p->series[k].step;
	double ydata = ylo;
	if (!steps)
		pad(&xlo, &xhi, p->logx);
	pad(&ylo, &yhi, p->logy);
	if (steps && any && !p->logy && ydata == 0)
		ylo = 0;
	int clip = p->ymin_set || p->ymax_set;
	if (p->ymin_set)
		ylo = p->ymin;
	if (p->ymax_set)
		yhi = p->ymax;

	double top = p->title ? 32 : 14;
	double bottom = 4 + 15 + (p->xlabel ? 18 : 0) + 10;
	if (height < top + bottom + 60)
		height = top + bottom + 60;
	P.y0 = top;
	P.y1 = height - bottom;
	/* A given range is kept as it is (extend 0 keeps the data's range too). */
	svg_ticks(&P.ty, ylo, yhi, (int)fmin(8, fmax(2, (P.y1 - P.y0) / 40)), p->logy, 0);
	double ytw = svg_ticks_width(&P.ty);
	double left = 8 + (p->ylabel ? 18 : 0) + ytw + 7 + 4, right = 16;
	if (width < left + 16 + 60)
		width = left + 16 + 60;
	/* The x tick labels stay inside the figure: widen the right margin
	 * to the last label's overhang. */
	for (int pass = 0; pass < 2; pass++) {
		P.x0 = left;
		P.x1 = width - right;
		svg_ticks(&P.tx, xlo, xhi, (int)fmin(10, fmax(2, (P.x1 - P.x0) / 60)), p->logx, 0);
		P.sx = (struct svg_scale){ P.tx.lo, P.tx.hi, P.x0, P.x1, p->logx };
		double l, r;
		svg_ticks_overhang(&P.tx, &P.sx, &l, &r);
		if (r + 4 <= right)
			break;
		right = r + 4;
	}
	P.sy = (struct svg_scale){ P.ty.lo, P.ty.hi, P.y1, P.y0, p->logy };

	int maxn = 1;
	for (int k = 0; k < p->nseries; k++)
		if (p->series[k].n > maxn)
			maxn = p->series[k].n;
	int *idx = hs_malloc(maxn * sizeof *idx);

	struct svg g;
	svg_begin(&g, f, width, height);
	if (p->title)
		svg_text_line(&g, (P.x0 + P.x1) / 2, 20, "middle", SVG_FONT_TITLE, p->title);
	svg_grid(&g, &P.tx, &P.sx, 0, P.y0, P.y1);
	svg_grid(&g, &P.ty, &P.sy, 1, P.x0, P.x1);
	if (!any)
		svg_text_line(&g, (P.x0 + P.x1) / 2, (P.y0 + P.y1) / 2, "middle", SVG_FONT_LABEL,
			      "no data");
	if (clip) {
		svg_open(&g, "defs");
		svg_open(&g, "clipPath");
		svg_attr(&g, "id", "hs-plot-area");
		svg_rect(&g, P.x0, P.y0, P.x1 - P.x0, P.y1 - P.y0);
		svg_close(&g);
		svg_close(&g);
		svg_close(&g);
		svg_group(&g, "clipped");
		svg_attr(&g, "clip-path", "url(#hs-plot-area)");
	}
	for (int k = 0; k < p->nseries; k++)
		draw_series(&g, &P, k, idx);
	if (clip)
		svg_close(&g);
	svg_rect(&g, P.x0, P.y0, P.x1 - P.x0, P.y1 - P.y0);
	svg_attr(&g, "class", "frame");
	svg_attr(&g, "fill", "none");
	svg_attr(&g, "stroke", "#222");
	svg_attr(&g, "stroke-width", "0.8");
	svg_close(&g);
	svg_axis(&g, &P.tx, &P.sx, 0, P.y1, 33, p->xlabel);
	svg_axis(&g, &P.ty, &P.sy, 1, P.x0, ytw + 14, p->ylabel);
	draw_legend(&g, &P, idx);
	free(idx);
	return svg_end(&g);
}
