/* test_minindex - the tournament tree of hs/minindex.h against a plain scan. */
#include "hs/minindex.h"
#include "hs/util.h"
#include "tap.h"

#include <math.h>

static int at_most(double v, const void *arg)
{
	return v <= *(const double *)arg;
}

int main(void)
{
	struct hs_minindex m;
	hs_minindex_init(&m, 0, 1);
	double x = 5;
	TAP_OK(isinf(hs_minindex_min(&m)) && hs_minindex_first(&m, at_most, &x) == -1,
	       "empty: min +inf, no first");
	hs_minindex_free(&m);

	hs_minindex_init(&m, 1, 3);
	x = 3;
	TAP_OK(hs_minindex_min(&m) == 3 && hs_minindex_first(&m, at_most, &x) == 0, "one value");
	hs_minindex_set(&m, 0, 7);
	TAP_OK(hs_minindex_min(&m) == 7 && hs_minindex_first(&m, at_most, &x) == -1, "one value changed");
	hs_minindex_free(&m);

	/* Random changes on sizes that are and are not powers of two: min and
	 * the first value <= a threshold as a scan finds them (ties: lowest). */
	unsigned long long r = 88172645463325252ull;
	int bad = 0, checks = 0;
	for (int n = 2; n <= 70; n += 7) {
		double v[70];
		hs_minindex_init(&m, n, 0);
		for (int i = 0; i < n; i++)
			v[i] = 0;
		for (int step = 0; step < 2000; step++) {
			r ^= r << 13, r ^= r >> 7, r ^= r << 17;
			int i = (int)(r % (unsigned)n);
			v[i] = (double)((r >> 20) % 50);
			hs_minindex_set(&m, i, v[i]);
			double mn = INFINITY, thr = (double)((r >> 40) % 60);
			int first = -1;
			for (int k = 0; k < n; k++) {
				mn = fmin(mn, v[k]);
				if (first < 0 && v[k] <= thr)
					first = k;
			}
			checks++;
			bad += mn != hs_minindex_min(&m) || first != hs_minindex_first(&m, at_most, &thr) ||
			       hs_minindex_get(&m, i) != v[i];
		}
		hs_minindex_free(&m);
	}
	TAP_OK(bad == 0, "%d random changes: min and first as a scan finds them (%d differ)", checks, bad);
	return tap_done();
}
