/* test_stats.c - summary statistics of hs/stats.h against values computed by
 * hand (and Student t quantiles computed with mpmath). */
#include <math.h>

#include "hs/stats.h"
#include "tap.h"

static void test_small(void)
{
	/* 1 2 3 4: mean 2.5, median 2.5, sd sqrt(5/3), ci95 t(3) sd / 2. */
	struct hs_stats s;
	hs_stats_compute((const double[]){4, 1, 3, 2}, 4, &s);
	TAP_OK(s.n == 4, "n of 4 values");
	TAP_NEAR(s.mean, 2.5, 0, "mean 2.5");
	TAP_NEAR(s.median, 2.5, 0, "even n: median is the mean of the middle two");
	TAP_NEAR(s.min, 1, 0, "min");
	TAP_NEAR(s.max, 4, 0, "max");
	TAP_NEAR(s.sd, sqrt(5.0 / 3), 1e-15, "sample sd (n - 1)");
	TAP_NEAR(s.ci95, 3.18244630528 * sqrt(5.0 / 3) / 2, 1e-10, "ci95 = t(0.975, 3) sd / sqrt(4)");

	hs_stats_compute((const double[]){3, 1, 2}, 3, &s);
	TAP_NEAR(s.median, 2, 0, "odd n: the middle value");
	TAP_NEAR(s.ci95, 4.30265272975 * 1 / sqrt(3.0), 1e-10, "ci95 with 2 degrees of freedom");
}

static void test_missing(void)
{
	struct hs_stats s;
	hs_stats_compute((const double[]){NAN, 5, NAN}, 3, &s);
	TAP_OK(s.n == 1 && s.mean == 5 && s.median == 5 && s.min == 5 && s.max == 5,
	       "NaN values are skipped and not counted");
	TAP_OK(isnan(s.sd) && isnan(s.ci95), "one value: no sd, no interval");
	hs_stats_compute(NULL, 0, &s);
	TAP_OK(s.n == 0 && isnan(s.mean) && isnan(s.median) && isnan(s.min), "no values: all NaN");
	hs_stats_compute((const double[]){NAN}, 1, &s);
	TAP_OK(s.n == 0 && isnan(s.max), "only NaN: all NaN");
}

static void test_equal(void)
{
	/* 0.1 summed 250 times is not 25: the mean must still be 0.1 and the
	 * sd exactly 0 (no 1e-17 noise in a table of identical results). */
	double v[250];
	for (int i = 0; i < 250; i++)
		v[i] = 0.1;
	struct hs_stats s;
	hs_stats_compute(v, 250, &s);
	TAP_OK(s.mean == 0.1 && s.sd == 0 && s.ci95 == 0, "equal values: exact mean, sd 0");
	hs_stats_compute((const double[]){1, INFINITY, 3}, 3, &s);
	TAP_OK(isinf(s.mean) && s.max == INFINITY && s.median == 3, "an infinite value");
}

static void test_t(void)
{
	TAP_NEAR(hs_student_t975(1), 12.7062047362, 1e-9, "t(0.975, 1)");
	TAP_NEAR(hs_student_t975(10), 2.22813885199, 1e-9, "t(0.975, 10)");
	TAP_NEAR(hs_student_t975(30), 2.0422724563, 1e-9, "t(0.975, 30)");
	TAP_NEAR(hs_student_t975(31), 2.0395134464, 1e-7, "t(0.975, 31): Cornish-Fisher");
	TAP_NEAR(hs_student_t975(60), 2.00029782201, 1e-7, "t(0.975, 60)");
	TAP_NEAR(hs_student_t975(1000), 1.96233908083, 1e-7, "t(0.975, 1000)");
	TAP_OK(isnan(hs_student_t975(0)), "no degrees of freedom: NaN");
	int dec = 1;
	for (int df = 1; df < 2000; df++)
		dec &= hs_student_t975(df + 1) < hs_student_t975(df);
	TAP_OK(dec, "t(0.975, df) decreases with df (table and expansion join)");
}

int main(void)
{
	test_small();
	test_missing();
	test_equal();
	test_t();
	return tap_done();
}
