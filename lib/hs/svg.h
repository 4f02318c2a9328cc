/* hs/svg.h - figures as SVG, written with libxml2's text writer: Gantt charts
 * of a schedule and line plots of a metric against a parameter.
 *
 * The output is a standalone SVG 1.1 document that opens in a browser and
 * looks like a paper's figure: axes with ticks, labels, legend, and
 * <title> tooltips.  Both functions return 0, or -1 after reporting a write
 * error. */
#ifndef HS_SVG_H
#define HS_SVG_H

#include <stdio.h>

#include "hs/model.h"

enum hs_gantt_color {
	HS_GANTT_COLOR_APP,  /* one colour per task app= (task id when absent) */
	HS_GANTT_COLOR_TASK, /* one colour per task */
};

struct hs_gantt_opts {
	const char *title;        /* NULL: none */
	enum hs_gantt_color color;
	int width;                /* pixels; 0: default */
};

/* One row per core and per GPU, grouped by node and cluster; a bar per task
 * of sched on each of its cores/GPUs.  overlay (may be NULL) is drawn as
 * outlines over the bars: the plan when sched is the run. */
int hs_svg_gantt(FILE *f, const struct hs_instance *in, const struct hs_schedule *sched,
		 const struct hs_schedule *overlay, const struct hs_gantt_opts *o);

struct hs_plot_series {
	const char *label;        /* legend text */
	int n;
	const double *x, *y;      /* n points, drawn in order of x */
	const double *ylo, *yhi;  /* error bars (e.g. 95% interval), or NULL */
};

struct hs_plot {
	const char *title, *xlabel, *ylabel; /* NULL: none */
	int logx, logy;           /* logarithmic axes (values <= 0 skipped) */
	const struct hs_plot_series *series;
	int nseries;
	int width, height;        /* pixels; 0: default */
};

int hs_svg_plot(FILE *f, const struct hs_plot *p);

#endif
