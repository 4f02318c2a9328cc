/* svg/ticks.c - nice tick values for linear and log axes (see ticks.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ticks.h"

#define EPS 1e-9

/* m x 10^p computed so that 3 x 10^-1 is the double nearest 0.3. */
static double m10(double m, int p)
{
	return p >= 0 ? m * pow(10, p) : m / pow(10, -p);
}

/* A usable range: finite, lo < hi, and positive on log axes. */
static void fix_range(double *lo, double *hi, int log)
{
	if (!isfinite(*lo) || !isfinite(*hi)) {
		*lo = log ? 1 : 0;
		*hi = log ? 10 : 1;
	}
	if (*lo > *hi) {
		double t = *lo;
		*lo = *hi;
		*hi = t;
	}
	if (log) {
		if (!(*hi > 0))
			*lo = 1, *hi = 10;
		else if (!(*lo > 0))
			*lo = *hi / 1000;
		if (*lo == *hi)
			*lo /= 2, *hi *= 2;
	} else if (*lo == *hi) {
		double d = *lo != 0 ? fabs(*lo) * 0.1 : 1;
		*lo -= d;
		*hi += d;
	}
}

static void linear(struct svg_ticks *t, double lo, double hi, int maxn, int extend)
{
	static const double ms[] = { 1, 2, 5 };
	t->lo = lo;
	t->hi = hi;
	if (!isfinite(hi - lo)) { /* beyond doubles: the ends only */
		t->n = 2;
		t->v[0] = lo;
		t->v[1] = hi;
		t->step = hi - lo;
		return;
	}
	int p = (int)floor(log10((hi - lo) / maxn)) - 1;
	for (int it = 0; it < 60; it++, p++) {
		for (int k = 0; k < 3; k++) {
			double step = m10(ms[k], p);
			double a, b;
			if (extend) {
				a = floor(lo / step + EPS);
				b = ceil(hi / step - EPS);
			} else {
				a = ceil(lo / step - EPS);
				b = floor(hi / step + EPS);
			}
			if (b - a > maxn)
				continue;
			t->step = step;
			t->decimals = p < 0 ? -p : 0;
			t->n = 0;
			for (double i = a; i <= b; i++) {
				double v = m10(i * ms[k], p);
				t->v[t->n++] = v == 0 ? 0 : v; /* no -0 */
			}
			if (extend) {
				t->lo = t->v[0];
				t->hi = t->v[t->n - 1];
			}
			return;
		}
	}
}

static int has(const double *v, int n, double x)
{
	for (int i = 0; i < n; i++)
		if (fabs(v[i] - x) <= EPS * x)
			return 1;
	return 0;
}

/* 1-2-5 ticks of a range of at most two decades. */
static void log125(struct svg_ticks *t, int extend)
{
	static const double ms[] = { 1, 2, 5 };
	double L = log10(t->lo), H = log10(t->hi);
	double below = 0, above = INFINITY;
	t->n = 0;
	for (int k = (int)floor(L) - 1; k <= (int)ceil(H) + 1; k++)
		for (int j = 0; j < 3; j++) {
			double v = m10(ms[j], k);
			if (v < t->lo * (1 - EPS))
				below = v;
			else if (v > t->hi * (1 + EPS)) {
				if (above == INFINITY)
					above = v;
			} else if (t->n < SVG_MAXTICKS)
				t->v[t->n++] = v;
		}
	/* Two labels at least: grow to the neighbouring 1-2-5 values. */
	if (extend || t->n < 2) {
		if (below > 0 && (t->n == 0 || t->v[0] > t->lo * (1 + EPS))) {
			memmove(t->v + 1, t->v, t->n * sizeof *t->v);
			t->v[0] = t->lo = below;
			t->n++;
		}
		if (above < INFINITY && (t->n == 0 || t->v[t->n - 1] < t->hi * (1 - EPS))) {
			t->v[t->n++] = t->hi = above;
		}
	}
}

static void logticks(struct svg_ticks *t, double lo, double hi, int maxn, int extend)
{
	t->lo = lo;
	t->hi = hi;
	t->step = 0;
	double L = log10(lo), H = log10(hi);
	int kstep = 1;
	if (H - L <= 2 + EPS) {
		log125(t, extend);
	} else {
		int a = extend ? (int)floor(L + EPS) : (int)ceil(L - EPS);
		int b = extend ? (int)ceil(H - EPS) : (int)floor(H + EPS);
		if (b - a > maxn)
			kstep = (b - a + maxn - 1) / maxn;
		int a0 = (int)ceil((double)a / kstep) * kstep;
		t->n = 0;
		for (int k = a0; k <= b; k += kstep)
			t->v[t->n++] = m10(1, k);
		if (extend) {
			t->lo = m10(1, a);
			t->hi = m10(1, b);
		}
	}
	t->nminor = 0;
	if (kstep != 1) { /* the decades between labels */
		for (double k = ceil(log10(t->lo) - EPS); k <= floor(log10(t->hi) + EPS); k++) {
			double v = m10(1, (int)k);
			if (!has(t->v, t->n, v) && t->nminor < SVG_MAXTICKS)
				t->minor[t->nminor++] = v;
		}
		return;
	}
	for (int k = (int)floor(log10(t->lo)); k <= (int)ceil(log10(t->hi)); k++)
		for (int m = 2; m <= 9; m++) {
			double v = m10(m, k);
			if (v >= t->lo * (1 - EPS) && v <= t->hi * (1 + EPS) && !has(t->v, t->n, v) &&
			    t->nminor < SVG_MAXTICKS)
				t->minor[t->nminor++] = v;
		}
}

void svg_ticks(struct svg_ticks *t, double lo, double hi, int maxn, int log, int extend)
{
	memset(t, 0, sizeof *t);
	if (maxn < 1)
		maxn = 1;
	if (maxn > SVG_MAXTICKS - 1)
		maxn = SVG_MAXTICKS - 1;
	fix_range(&lo, &hi, log);
	t->log = log;
	if (log)
		logticks(t, lo, hi, maxn, extend);
	else
		linear(t, lo, hi, maxn, extend);
}

/* Plain decimal text, "-0" read as "0". */
static void fixed(char *buf, size_t n, double v, int decimals)
{
	snprintf(buf, n, "%.*f", decimals, v);
	if (buf[0] == '-' && strspn(buf + 1, "0.") == strlen(buf + 1))
		memmove(buf, buf + 1, strlen(buf));
}

/* mant x 10^e, with "10^e" alone when mant is 1. */
static void sci(struct svg_label *l, double v, int e, int digits)
{
	double mant = v / m10(1, e);
	snprintf(l->sup, sizeof l->sup, "%d", e);
	if (fabs(mant - 1) < EPS) {
		snprintf(l->text, sizeof l->text, "10");
		return;
	}
	char m[24];
	fixed(m, sizeof m, mant, digits);
	snprintf(l->text, sizeof l->text, "%s\xc3\x97" "10", m); /* U+00D7 multiplication sign */
}

void svg_tick_label(const struct svg_ticks *t, double v, struct svg_label *l)
{
	l->text[0] = l->sup[0] = '\0';
	if (v == 0 || !isfinite(v)) {
		snprintf(l->text, sizeof l->text, "%g", v == 0 ? 0.0 : v);
		return;
	}
	int e = (int)floor(log10(fabs(v)) + EPS);
	if (t->log) {
		if (e >= -4 && e <= 5)
			fixed(l->text, sizeof l->text, v, e < 0 ? -e : 0);
		else
			sci(l, v, e, 0);
		return;
	}
	double big = fmax(fabs(t->lo), fabs(t->hi));
	if (big >= 1e6 || t->step < 1e-4) {
		int p = t->step > 0 ? (int)floor(log10(t->step) + EPS) : e;
		sci(l, v, e, e - p > 0 ? e - p : 0);
	} else {
		fixed(l->text, sizeof l->text, v, t->decimals);
	}
}
