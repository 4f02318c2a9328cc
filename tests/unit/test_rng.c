/* test_rng.c - the generators' PRNG (lib/gen/rng.c): known answers of the
 * reference splitmix64 and xoshiro256** (Blackman & Vigna's published
 * code), ranges, and rough distribution checks. */
#include "hs/gen.h"
#include "tap.h"

int main(void)
{
	struct hs_rng r;

	/* splitmix64 from seed 0: its first four outputs fill the state. */
	hs_rng_seed(&r, 0);
	TAP_OK(r.s[0] == 0xe220a8397b1dcdafULL && r.s[1] == 0x6e789e6aa1b965f4ULL &&
		       r.s[2] == 0x06c45d188009454fULL && r.s[3] == 0xf88bb8a8724c81ecULL,
	       "seed 0 gives splitmix64's reference state");

	/* xoshiro256** from state {1,2,3,4}: 11520, 0, 1509978240, ... */
	r.s[0] = 1, r.s[1] = 2, r.s[2] = 3, r.s[3] = 4;
	TAP_OK(hs_rng_uniform(&r) == (11520ULL >> 11) * 0x1.0p-53, "xoshiro256** output 1");
	TAP_OK(hs_rng_uniform(&r) == 0.0, "xoshiro256** output 2");
	TAP_OK(hs_rng_uniform(&r) == (1509978240ULL >> 11) * 0x1.0p-53, "xoshiro256** output 3");
	TAP_OK(hs_rng_uniform(&r) == (1215971899390074240ULL >> 11) * 0x1.0p-53,
	       "xoshiro256** output 4");

	/* Seed 42, computed with an independent Python implementation. */
	hs_rng_seed(&r, 42);
	TAP_NEAR(hs_rng_uniform(&r), 0.08386297105988216, 0, "seed 42: first uniform");
	TAP_NEAR(hs_rng_uniform(&r), 0.3789802506626686, 0, "seed 42: second uniform");

	/* Same seed, same sequence; different seeds differ. */
	struct hs_rng a, b;
	hs_rng_seed(&a, 7);
	hs_rng_seed(&b, 7);
	int same = 1;
	for (int i = 0; i < 1000; i++)
		same &= hs_rng_uniform(&a) == hs_rng_uniform(&b);
	TAP_OK(same, "same seed, same 1000 numbers");
	hs_rng_seed(&b, 8);
	TAP_OK(hs_rng_uniform(&a) != hs_rng_uniform(&b), "seeds 7 and 8 differ");

	/* Ranges. */
	hs_rng_seed(&r, 1);
	int in_unit = 1, in_range = 1, in_int = 1, hit[7] = {0};
	double sum = 0, sum2 = 0, nsum = 0, nsum2 = 0;
	const int N = 200000;
	for (int i = 0; i < N; i++) {
		double u = hs_rng_uniform(&r);
		in_unit &= u >= 0 && u < 1;
		sum += u;
		sum2 += u * u;
		double v = hs_rng_range(&r, -3, 5);
		in_range &= v >= -3 && v < 5;
		long k = hs_rng_int(&r, -2, 4);
		in_int &= k >= -2 && k <= 4;
		if (k >= -2 && k <= 4)
			hit[k + 2]++;
		double z = hs_rng_normal(&r, 10, 2);
		nsum += z;
		nsum2 += z * z;
	}
	TAP_OK(in_unit, "uniform in [0,1)");
	TAP_OK(in_range, "range in [lo,hi)");
	TAP_OK(in_int, "int in [lo,hi] inclusive");
	int all_hit = 1;
	for (int k = 0; k < 7; k++)
		all_hit &= hit[k] > N / 7 * 0.95 && hit[k] < N / 7 * 1.05;
	TAP_OK(all_hit, "int: each of 7 values within 5%% of N/7");
	TAP_NEAR(sum / N, 0.5, 0.005, "uniform mean 1/2");
	TAP_NEAR(sum2 / N - (sum / N) * (sum / N), 1.0 / 12, 0.002, "uniform variance 1/12");
	double mean = nsum / N, var = nsum2 / N - mean * mean;
	TAP_NEAR(mean, 10, 0.02, "normal mean");
	TAP_NEAR(var, 4, 0.05, "normal variance");

	TAP_OK(hs_rng_int(&r, 5, 5) == 5, "int with lo == hi");
	/* The full long range (span 2^64, which wraps to 0): both signs show up. */
	int neg = 0, pos = 0;
	for (int i = 0; i < 64; i++) {
		long big = hs_rng_int(&r, -0x7fffffffffffffffL - 1, 0x7fffffffffffffffL);
		neg += big < 0;
		pos += big > 0;
	}
	TAP_OK(neg > 10 && pos > 10, "int over the full long range: %d negative, %d positive", neg,
	       pos);
	return tap_done();
}
