/* svg/svg_priv.h - shared by the SVG figures (gantt.c, plot.c): a thin
 * layer over libxml2's text writer (writer.c), colours, scales and axes
 * (axis.c).  Not installed.
 *
 * Shape functions open their element and leave it open, so the caller can
 * add attributes and children (a <title>); svg_close() ends it.  Errors are
 * sticky: after the first failed write everything is skipped and svg_end()
 * reports it once. */
#ifndef HS_SVG_PRIV_H
#define HS_SVG_PRIV_H

#include <stddef.h>
#include <stdio.h>

#include "ticks.h"

struct svg {
	void *w;  /* xmlTextWriterPtr */
	FILE *f;
	int err, errnum;
};

/* Font sizes (px) of a paper figure at its natural size. */
#define SVG_FONT_TICK 10
#define SVG_FONT_LABEL 11
#define SVG_FONT_TITLE 13
#define SVG_FONT_FAMILY "Helvetica, Arial, 'DejaVu Sans', 'Liberation Sans', sans-serif"

/* Start the document: <svg> of width x height px on a white background. */
void svg_begin(struct svg *g, FILE *f, double width, double height);
/* Close every element, flush; 0, or -1 after reporting a write error. */
int svg_end(struct svg *g);

void svg_open(struct svg *g, const char *name);
void svg_close(struct svg *g);
void svg_attr(struct svg *g, const char *name, const char *val);
void svg_attrf(struct svg *g, const char *name, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void svg_attr_num(struct svg *g, const char *name, double v);
/* Escaped character data. */
void svg_string(struct svg *g, const char *s);
/* <title>s</title>: the browser's tooltip for the enclosing element. */
void svg_title(struct svg *g, const char *s);

/* Open shapes (end each with svg_close). */
void svg_group(struct svg *g, const char *cls);
void svg_rect(struct svg *g, double x, double y, double w, double h);
void svg_line(struct svg *g, double x1, double y1, double x2, double y2);
/* <text> at (x, y) (baseline), anchor "start", "middle" or "end"; size 0:
 * inherited.  Add content with svg_string. */
void svg_text(struct svg *g, double x, double y, const char *anchor, double size);
/* A whole text element: opened, filled and closed. */
void svg_text_line(struct svg *g, double x, double y, const char *anchor, double size,
		   const char *s);

/* Coordinates as text: at most two decimals, no trailing zeros ("12.5",
 * "3", never "-0").  buf holds SVG_NUMBUF bytes. */
#define SVG_NUMBUF 32
char *svg_num(char *buf, double v);

/* Path data built piecewise, numbers written by svg_num. */
struct svg_path {
	char *d;
	size_t len, cap;
};
void svg_path_move(struct svg_path *p, double x, double y);
void svg_path_line(struct svg_path *p, double x, double y);
void svg_path_close(struct svg_path *p);
/* Relative moves and lines: "h5", "v-3", and a whole rectangle
 * "M x y h w v h h -w z" (outlines drawn as one path). */
void svg_path_h(struct svg_path *p, double dx);
void svg_path_v(struct svg_path *p, double dy);
/* Absolute horizontal and vertical lines: "H12", "V3". */
void svg_path_hto(struct svg_path *p, double x);
void svg_path_vto(struct svg_path *p, double y);
void svg_path_rect(struct svg_path *p, double x, double y, double w, double h);
void svg_path_reset(struct svg_path *p);
void svg_path_free(struct svg_path *p);
/* d="..." on the open element. */
void svg_path_attr(struct svg *g, const struct svg_path *p);
/* A whole unfilled <path class=cls> stroked in colour stroke, width width
 * and dash pattern dash (NULL: solid); nothing when p is empty. */
void svg_stroked_path(struct svg *g, const char *cls, const struct svg_path *p, const char *stroke,
		      const char *width, const char *dash);

/* Text width estimate (px) for layout: about what sans-serif needs. */
double svg_text_width(const char *s, double size);

/* Palettes, both colour-blind safe.  Lines and markers: Okabe & Ito
 * (black and yellow last).  Filled areas under dark text: Paul Tol's
 * "light" scheme. */
#define SVG_NLINE_COLORS 8
#define SVG_NFILL_COLORS 9
const char *svg_line_color(int i);
const char *svg_fill_color(int i);
/* Dash patterns of plot lines, solid first ("none" = solid). */
#define SVG_NDASHES 6
const char *svg_dash(int i);
/* Gantt boxes: 16 distinct colours (matplotlib's tab20 without its greys
 * and reds, which mean idle and failed), dark and light, so that touching
 * boxes can always differ; and the text colour readable on each. */
#define SVG_NBOX_COLORS 16
const char *svg_box_color(int i);
const char *svg_text_on(const char *fill);

/* Value -> pixel along one axis. */
struct svg_scale {
	double lo, hi;   /* data range */
	double p0, p1;   /* pixels of lo and hi */
	int log;
};
double svg_map(const struct svg_scale *s, double v);

/* An axis along the bottom (vertical 0) or the left (vertical 1) of the
 * plot area: its line, outward ticks with labels, minor ticks, and the
 * axis label (NULL: none) beyond the tick labels at distance label_off. */
void svg_axis(struct svg *g, const struct svg_ticks *t, const struct svg_scale *s, int vertical,
	      double at, double label_off, const char *label);
/* Light grid lines at the labelled ticks, from `from` to `to` across. */
void svg_grid(struct svg *g, const struct svg_ticks *t, const struct svg_scale *s, int vertical,
	      double from, double to);
/* Width (px) of the widest tick label of t. */
double svg_ticks_width(const struct svg_ticks *t);
/* How far (px) the labels of a horizontal axis reach beyond the ends of
 * its scale, left and right: the margins that keep them in the figure. */
void svg_ticks_overhang(const struct svg_ticks *t, const struct svg_scale *s, double *left,
			double *right);

#endif
