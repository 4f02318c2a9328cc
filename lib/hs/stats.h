/* hs/stats.h - summary statistics of a sample, for hs-report's aggregates
 * over seeds (and anyone else who needs a mean with a confidence interval).
 *
 * NaN values are missing data: skipped, and not counted in n.  With n
 * values x_1..x_n (after skipping):
 *   mean   = sum x_i / n
 *   sd     = sqrt(sum (x_i - mean)^2 / (n - 1))      (NaN when n < 2)
 *   median = the middle value of the sorted sample, or the mean of the two
 *            middle values when n is even
 *   ci95   = t_{0.975, n-1} * sd / sqrt(n): the half-width of the two-sided
 *            95% confidence interval of the mean, mean +- ci95, with the
 *            Student t quantile for n - 1 degrees of freedom (NaN when n < 2)
 */
#ifndef HS_STATS_H
#define HS_STATS_H

struct hs_stats {
	int n;
	double mean, sd, median, min, max, ci95;
};

/* Statistics of the n values v (NaN skipped); all NaN when nothing is left.
 * v is not modified. */
void hs_stats_compute(const double *v, int n, struct hs_stats *out);

/* The 0.975 quantile of Student's t distribution with df degrees of freedom
 * (df >= 1): exact to 9 digits from a table up to 30, the Cornish-Fisher
 * expansion above (error below 1e-7).  NaN for df < 1. */
double hs_student_t975(int df);

#endif
