/* util/stats.c - mean, median, extremes and the 95% confidence interval of a
 * sample (formulas in hs/stats.h). */
#include "hs/stats.h"
#include "hs/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* t_{0.975, df} for df = 1..30 (computed with mpmath to 12 digits). */
static const double t975[30] = {
	12.7062047362, 4.30265272975, 3.18244630528, 2.7764451052, 2.57058183564,
	2.44691185114, 2.36462425159, 2.3060041352, 2.2621571628, 2.22813885199,
	2.20098516009, 2.17881282967, 2.16036865646, 2.14478668792, 2.13144954556,
	2.11990529922, 2.10981557783, 2.10092204024, 2.09302405441, 2.08596344727,
	2.07961384473, 2.0738730679, 2.06865761042, 2.06389856163, 2.05953855275,
	2.05552943864, 2.05183051648, 2.0484071418, 2.04522964213, 2.0422724563,
};

double hs_student_t975(int df)
{
	if (df < 1)
		return NAN;
	if (df <= 30)
		return t975[df - 1];
	/* Cornish-Fisher expansion around the normal quantile z. */
	const double z = 1.959963984540054;
	double v = df, z2 = z * z, z3 = z2 * z, z5 = z3 * z2, z7 = z5 * z2, z9 = z7 * z2;
	return z + (z3 + z) / (4 * v) + (5 * z5 + 16 * z3 + 3 * z) / (96 * v * v) +
	       (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * v * v * v) +
	       (79 * z9 + 776 * z7 + 1482 * z5 - 1920 * z3 - 945 * z) / (92160 * v * v * v * v);
}

static int dbl_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

void hs_stats_compute(const double *v, int n, struct hs_stats *out)
{
	out->n = 0;
	out->mean = out->sd = out->median = out->min = out->max = out->ci95 = NAN;
	double *x = hs_malloc((size_t)(n > 0 ? n : 1) * sizeof *x);
	int m = 0;
	for (int i = 0; i < n; i++)
		if (!isnan(v[i]))
			x[m++] = v[i];
	if (m > 0) {
		qsort(x, (size_t)m, sizeof *x, dbl_cmp);
		/* Sums of differences to the median: a sample of equal values
		 * gets exactly that value as mean and 0 as sd. */
		double med = m % 2 ? x[m / 2] : (x[m / 2 - 1] + x[m / 2]) / 2, sum = 0;
		double shift = isfinite(med) ? med : 0;
		for (int i = 0; i < m; i++)
			sum += x[i] - shift;
		double mean = shift + sum / m;
		out->n = m;
		out->mean = mean;
		out->min = x[0];
		out->max = x[m - 1];
		out->median = med;
		if (m >= 2) {
			double ss = 0;
			for (int i = 0; i < m; i++)
				ss += (x[i] - mean) * (x[i] - mean);
			out->sd = sqrt(ss / (m - 1));
			out->ci95 = hs_student_t975(m - 1) * out->sd / sqrt((double)m);
		}
	}
	free(x);
}
