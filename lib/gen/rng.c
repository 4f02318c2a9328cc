/* rng.c - the generators' PRNG: xoshiro256** (Blackman & Vigna), its state
 * filled by splitmix64 from the 64-bit --seed.  Chosen because it is small,
 * fast, well tested and gives the same numbers on every platform, so a seed
 * names one instance forever. */
#include "hs/gen.h"

#include <math.h>
#include <stdint.h>

static uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static uint64_t next(struct hs_rng *r)
{
	/* The state is unsigned long long in the header: copy through uint64_t. */
	uint64_t s0 = r->s[0], s1 = r->s[1], s2 = r->s[2], s3 = r->s[3];
	uint64_t result = rotl(s1 * 5, 7) * 9;
	uint64_t t = s1 << 17;
	s2 ^= s0;
	s3 ^= s1;
	s1 ^= s2;
	s0 ^= s3;
	s2 ^= t;
	s3 = rotl(s3, 45);
	r->s[0] = s0;
	r->s[1] = s1;
	r->s[2] = s2;
	r->s[3] = s3;
	return result;
}

void hs_rng_seed(struct hs_rng *r, unsigned long long seed)
{
	uint64_t x = seed;
	for (int i = 0; i < 4; i++)
		r->s[i] = splitmix64(&x);
	/* splitmix64 never yields four zero words, which xoshiro must avoid. */
}

double hs_rng_uniform(struct hs_rng *r)
{
	return (double)(next(r) >> 11) * 0x1.0p-53;
}

double hs_rng_range(struct hs_rng *r, double lo, double hi)
{
	return lo + (hi - lo) * hs_rng_uniform(r);
}

/* Box-Muller; the second value of each pair is dropped because the state
 * struct has no room to keep it (same numbers either way for a seed). */
double hs_rng_normal(struct hs_rng *r, double mu, double sigma)
{
	double u1 = 1.0 - hs_rng_uniform(r); /* (0,1]: log(u1) is finite */
	double u2 = hs_rng_uniform(r);
	return mu + sigma * sqrt(-2.0 * log(u1)) * cos(2.0 * 3.14159265358979323846 * u2);
}

/* Uniform integer in [lo, hi] without modulo bias: reject draws from the
 * incomplete last block of the 64-bit range. */
long hs_rng_int(struct hs_rng *r, long lo, long hi)
{
	if (hi <= lo)
		return lo;
	uint64_t span = (uint64_t)hi - (uint64_t)lo + 1; /* 0: the full 64-bit range */
	if (span == 0)
		return (long)next(r);
	uint64_t limit = UINT64_MAX - UINT64_MAX % span;
	uint64_t v;
	do
		v = next(r);
	while (v >= limit);
	return (long)((uint64_t)lo + v % span);
}

/* Gamma(shape, 1) by Marsaglia and Tsang (2000); shape < 1 through
 * Gamma(shape + 1) * U^(1/shape). */
double hs_rng_gamma(struct hs_rng *r, double shape)
{
	if (shape < 1) {
		double u = 1.0 - hs_rng_uniform(r); /* (0,1] */
		return hs_rng_gamma(r, shape + 1) * pow(u, 1 / shape);
	}
	double d = shape - 1.0 / 3, c = 1 / sqrt(9 * d);
	for (;;) {
		double x, v;
		do {
			x = hs_rng_normal(r, 0, 1);
			v = 1 + c * x;
		} while (v <= 0);
		v = v * v * v;
		double u = 1.0 - hs_rng_uniform(r);
		if (u < 1 - 0.0331 * x * x * x * x || log(u) < 0.5 * x * x + d * (1 - v + log(v)))
			return d * v;
	}
}

/* Beta(a, b) as X / (X + Y) with X ~ Gamma(a), Y ~ Gamma(b). */
double hs_rng_beta(struct hs_rng *r, double a, double b)
{
	double x = hs_rng_gamma(r, a), y = hs_rng_gamma(r, b);
	return x / (x + y);
}
