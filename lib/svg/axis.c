/* svg/axis.c - scales, axes with ticks and labels, grid lines (svg_priv.h). */
#include <math.h>
#include <string.h>

#include "hs/svg.h"
#include "svg_priv.h"

#define TICK_LEN 4
#define MINOR_LEN 2.5

double svg_map(const struct svg_scale *s, double v)
{
	double f;
	if (s->log)
		f = (log10(v) - log10(s->lo)) / (log10(s->hi) - log10(s->lo));
	else
		f = (v - s->lo) / (s->hi - s->lo);
	return s->p0 + f * (s->p1 - s->p0);
}

/* A label with an optional superscript exponent (10<sup>k</sup>). */
static void label_text(struct svg *g, double x, double y, const char *anchor,
		       const struct svg_label *l)
{
	svg_text(g, x, y, anchor, 0);
	svg_string(g, l->text);
	if (l->sup[0]) {
		svg_open(g, "tspan");
		svg_attr(g, "dy", "-0.45em");
		svg_attr(g, "font-size", "75%");
		svg_string(g, l->sup);
		svg_close(g);
	}
	svg_close(g);
}

static double label_width(const struct svg_label *l)
{
	return svg_text_width(l->text, SVG_FONT_TICK) + 0.75 * svg_text_width(l->sup, SVG_FONT_TICK);
}

double svg_ticks_width(const struct svg_ticks *t)
{
	double w = 0;
	for (int i = 0; i < t->n; i++) {
		struct svg_label l;
		svg_tick_label(t, t->v[i], &l);
		w = fmax(w, label_width(&l));
	}
	return w;
}

static void tick_path(struct svg_path *p, const double *v, int n, const struct svg_scale *s,
		      int vertical, double at, double len)
{
	for (int i = 0; i < n; i++) {
		double q = svg_map(s, v[i]);
		if (vertical) {
			svg_path_move(p, at, q);
			svg_path_line(p, at - len, q);
		} else {
			svg_path_move(p, q, at);
			svg_path_line(p, q, at + len);
		}
	}
}

void svg_axis(struct svg *g, const struct svg_ticks *t, const struct svg_scale *s, int vertical,
	      double at, double label_off, const char *label)
{
	svg_group(g, vertical ? "axis y" : "axis x");
	svg_attr(g, "stroke", "#222");
	svg_attr(g, "stroke-width", "0.8");
	struct svg_path p = { 0 };
	if (vertical) {
		svg_path_move(&p, at, s->p0);
		svg_path_line(&p, at, s->p1);
	} else {
		svg_path_move(&p, s->p0, at);
		svg_path_line(&p, s->p1, at);
	}
	tick_path(&p, t->v, t->n, s, vertical, at, TICK_LEN);
	tick_path(&p, t->minor, t->nminor, s, vertical, at, MINOR_LEN);
	svg_open(g, "path");
	svg_attr(g, "fill", "none");
	svg_path_attr(g, &p);
	svg_close(g);
	svg_path_free(&p);

	svg_group(g, NULL);
	svg_attr(g, "stroke", "none");
	svg_attr(g, "fill", "#222");
	for (int i = 0; i < t->n; i++) {
		struct svg_label l;
		svg_tick_label(t, t->v[i], &l);
		double q = svg_map(s, t->v[i]);
		if (vertical)
			label_text(g, at - TICK_LEN - 3, q + 0.35 * SVG_FONT_TICK, "end", &l);
		else
			label_text(g, q, at + TICK_LEN + SVG_FONT_TICK + 1, "middle", &l);
	}
	if (label) {
		double mid = (s->p0 + s->p1) / 2;
		if (vertical) {
			double x = at - label_off;
			svg_text(g, x, mid, "middle", SVG_FONT_LABEL);
			char a[SVG_NUMBUF], b[SVG_NUMBUF];
			svg_attrf(g, "transform", "rotate(-90 %s %s)", svg_num(a, x), svg_num(b, mid));
		} else {
			svg_text(g, mid, at + label_off, "middle", SVG_FONT_LABEL);
		}
		svg_string(g, label);
		svg_close(g);
	}
	svg_close(g);
	svg_close(g);
}

void svg_grid(struct svg *g, const struct svg_ticks *t, const struct svg_scale *s, int vertical,
	      double from, double to)
{
	struct svg_path p = { 0 };
	for (int i = 0; i < t->n; i++) {
		double q = svg_map(s, t->v[i]);
		if (vertical) {
			svg_path_move(&p, from, q);
			svg_path_line(&p, to, q);
		} else {
			svg_path_move(&p, q, from);
			svg_path_line(&p, q, to);
		}
	}
	svg_stroked_path(g, "grid", &p, "#e3e3e3", "0.8", NULL);
	svg_path_free(&p);
}

void svg_ticks_overhang(const struct svg_ticks *t, const struct svg_scale *s, double *left,
			double *right)
{
	*left = *right = 0;
	double lo = fmin(s->p0, s->p1), hi = fmax(s->p0, s->p1);
	for (int i = 0; i < t->n; i++) {
		struct svg_label l;
		svg_tick_label(t, t->v[i], &l);
		double q = svg_map(s, t->v[i]), half = label_width(&l) / 2;
		*left = fmax(*left, lo - (q - half));
		*right = fmax(*right, q + half - hi);
	}
}

/* ---------------- time units ---------------- */

static const struct {
	const char *name, *label;
	double seconds;
} units[] = {
	[HS_TIME_AUTO] = { "auto", "s", 1 },
	[HS_TIME_S] = { "s", "s", 1 },
	[HS_TIME_MIN] = { "min", "min", 60 },
	[HS_TIME_H] = { "h", "h", 3600 },
	[HS_TIME_D] = { "d", "days", 86400 },
};

int hs_time_unit_parse(const char *name)
{
	for (size_t k = 0; k < sizeof units / sizeof *units; k++)
		if (strcmp(name, units[k].name) == 0)
			return (int)k;
	return -1;
}

enum hs_time_unit hs_time_unit_for(double span)
{
	if (!(span >= 600))
		return HS_TIME_S;
	if (span < 5 * 3600)
		return HS_TIME_MIN;
	if (span < 5 * 86400)
		return HS_TIME_H;
	return HS_TIME_D;
}

double hs_time_unit_seconds(enum hs_time_unit u)
{
	return u >= HS_TIME_AUTO && u <= HS_TIME_D ? units[u].seconds : 1;
}

const char *hs_time_unit_label(enum hs_time_unit u)
{
	return u >= HS_TIME_AUTO && u <= HS_TIME_D ? units[u].label : "s";
}
