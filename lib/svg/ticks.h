/* svg/ticks.h - axis ticks for the SVG figures: nice numbers (1-2-5 steps)
 * on linear axes, decades on log axes.  Internal to libhs (lib/svg/ and the
 * unit test); not installed. */
#ifndef HS_SVG_TICKS_H
#define HS_SVG_TICKS_H

#include <stddef.h>

#define SVG_MAXTICKS 64

struct svg_ticks {
	double lo, hi;              /* the axis range (log axes: lo > 0) */
	int log;
	int n;                      /* labelled ticks, ascending, within [lo, hi] */
	double v[SVG_MAXTICKS];
	int nminor;                 /* unlabelled ticks (log axes: 2..9 x 10^k) */
	double minor[SVG_MAXTICKS];
	double step;                /* linear: tick spacing; log: 0 */
	int decimals;               /* linear: digits after the point in labels */
};

/* Ticks for data in [lo, hi], at most maxn intervals between labelled ticks.
 * Linear axes step by 1, 2 or 5 times a power of ten: the smallest such
 * step that gives at most maxn intervals.  extend: the range grows to the
 * ticks around the data (0..7.3, maxn 8: 0,1,...,8 and range 0..8);
 * otherwise the range stays and only the ticks inside it are kept.
 * Log axes tick each decade (every k-th when there are more than maxn+1);
 * a range of at most two decades gets 1-2-5 ticks instead.  Non-finite or
 * empty ranges are widened (log axes: to positive values) first. */
void svg_ticks(struct svg_ticks *t, double lo, double hi, int maxn, int log, int extend);

/* A tick label: text, and when sup is not empty the label reads
 * text x 10^sup (text is "10" alone for a power of ten). */
struct svg_label {
	char text[40];
	char sup[8];
};
void svg_tick_label(const struct svg_ticks *t, double v, struct svg_label *l);

#endif
