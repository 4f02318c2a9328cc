/* hs/svg.h - figures as SVG, written with libxml2's text writer: Gantt charts
 * of a schedule and line plots (a metric against a parameter, or a quantity
 * over time).
 *
 * The output is a standalone SVG 1.1 document that opens in a browser and
 * looks like a paper's figure: axes with ticks, labels, legend, and
 * <title> tooltips.  Both functions return 0, or -1 after reporting a write
 * error. */
#ifndef HS_SVG_H
#define HS_SVG_H

#include <stdio.h>

#include "hs/model.h"

/* What gives a Gantt box its colour.  Boxes whose keys differ and that
 * touch in the picture get different colours (HS_SVG_NBOX_COLORS of them). */
enum hs_gantt_color {
	HS_GANTT_COLOR_APP,   /* the task's app= (a task without one is its own key) */
	HS_GANTT_COLOR_TASK,  /* every task (job) its own key */
	HS_GANTT_COLOR_USER,  /* the task's user= (a task without one is its own key) */
	HS_GANTT_COLOR_STATE, /* the run state: done, killed, failed (plans: planned) */
};

/* The overlay schedule (the plan, under a run): AUTO draws it as dashed
 * outlines when the figure has at most HS_GANTT_DETAIL_MAX tasks and the
 * overlay agrees with the schedule for at least half of them, else not. */
enum hs_gantt_overlay { HS_GANTT_OVERLAY_AUTO, HS_GANTT_OVERLAY_NONE, HS_GANTT_OVERLAY_OUTLINE };

/* How rows are labelled and separated; the boxes are the same in every
 * mode (each core and GPU keeps its share of the height).  AUTO: per core
 * while rows are at least 9 px high, else per node, else (nodes thinner
 * than a pixel on a platform of several clusters) per cluster. */
enum hs_gantt_rows { HS_GANTT_ROWS_AUTO, HS_GANTT_ROWS_CORE, HS_GANTT_ROWS_NODE, HS_GANTT_ROWS_CLUSTER };

/* Past this many tasks a Gantt chart draws no box outlines and, by
 * default, no overlay: it stays readable and a few MB at 20 000 tasks. */
#define HS_GANTT_DETAIL_MAX 2000

/* Time axes: a unit chosen from the span (AUTO) or given. */
enum hs_time_unit { HS_TIME_AUTO, HS_TIME_S, HS_TIME_MIN, HS_TIME_H, HS_TIME_D };
/* "auto", "s", "min", "h" or "d" to its value; -1 for anything else. */
int hs_time_unit_parse(const char *name);
/* The unit AUTO picks for a span in seconds: s below 10 minutes, min below
 * 5 hours, h below 5 days, else d. */
enum hs_time_unit hs_time_unit_for(double span);
/* Seconds per unit and its name on an axis ("s", "min", "h", "days"). */
double hs_time_unit_seconds(enum hs_time_unit u);
const char *hs_time_unit_label(enum hs_time_unit u);

struct hs_gantt_opts {
	const char *title;        /* NULL: none */
	enum hs_gantt_color color;
	int width;                /* pixels; 0: default */
	/* appended */
	int height;               /* pixels of the whole figure; 0: from the rows */
	enum hs_gantt_overlay overlay;
	enum hs_gantt_rows rows;
	enum hs_time_unit time_unit;
};

/* A row per core and per GPU, grouped by node and cluster; one box per
 * task per run of consecutive rows (a job on every core of hosts 0-15 is
 * one box), its id inside where it fits.  overlay (may be NULL) is drawn
 * as outlines over the boxes (the plan when sched is the run), see
 * enum hs_gantt_overlay. */
int hs_svg_gantt(FILE *f, const struct hs_instance *in, const struct hs_schedule *sched,
		 const struct hs_schedule *overlay, const struct hs_gantt_opts *o);

struct hs_plot_series {
	const char *label;        /* legend text */
	int n;
	const double *x, *y;      /* n points, drawn in order of x */
	const double *ylo, *yhi;  /* error bars (e.g. 95% interval), or NULL */
	/* appended */
	int step;                 /* a step function: y[i] holds from x[i] to x[i+1];
				     drawn with horizontal and vertical segments, no
				     markers, as points in the order given */
};

struct hs_plot {
	const char *title, *xlabel, *ylabel; /* NULL: none */
	int logx, logy;           /* logarithmic axes (values <= 0 skipped) */
	const struct hs_plot_series *series;
	int nseries;
	int width, height;        /* pixels; 0: default */
	/* appended */
	int ymin_set, ymax_set;   /* the y range's ends given, else from the data */
	double ymin, ymax;        /* (lines leaving the range are clipped) */
};

/* Series k is drawn in colour k, marker k and dash pattern k (solid first),
 * so lines stay apart in grey print too. */
int hs_svg_plot(FILE *f, const struct hs_plot *p);

#endif
