/* test_fmt_double - the shortest-number printer (lib/format/fmt_double.c).
 *
 * Its power-of-five tables are recomputed here with plain big integers and
 * compared entry by entry (`test_fmt_double --table` prints them, to
 * regenerate lib/format/fmt_double_table.h).  Its texts are compared with the
 * printer it replaced (snprintf at 15, 16, 17 digits until strtod reads the
 * number back): the same text wherever that one was already shortest, and
 * otherwise a shorter text that reads back bit-identical; and no text with
 * one digit fewer reads back. */
#include "hs/util.h"
#include "tap.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if defined(__SIZEOF_INT128__)
#include "format/fmt_double_table.h"

/* ---- big integers, 32-bit limbs, little-endian: enough for 2^920 ---- */
#define LIMBS 32
struct big {
	uint32_t w[LIMBS];
};

static void big_mul5(struct big *a)
{
	uint64_t c = 0;
	for (int i = 0; i < LIMBS; i++) {
		uint64_t t = (uint64_t)a->w[i] * 5 + c;
		a->w[i] = (uint32_t)t;
		c = t >> 32;
	}
}

static int big_cmp(const struct big *a, const struct big *b)
{
	for (int i = LIMBS - 1; i >= 0; i--)
		if (a->w[i] != b->w[i])
			return a->w[i] < b->w[i] ? -1 : 1;
	return 0;
}

static void big_sub(struct big *a, const struct big *b)
{
	int64_t borrow = 0;
	for (int i = 0; i < LIMBS; i++) {
		int64_t t = (int64_t)a->w[i] - b->w[i] - borrow;
		borrow = t < 0;
		a->w[i] = (uint32_t)t;
	}
}

static void big_shl1(struct big *a, uint32_t in)
{
	for (int i = 0; i < LIMBS; i++) {
		uint32_t out = a->w[i] >> 31;
		a->w[i] = a->w[i] << 1 | in;
		in = out;
	}
}

static int big_bitlen(const struct big *a)
{
	for (int i = LIMBS - 1; i >= 0; i--)
		if (a->w[i])
			return i * 32 + 32 - __builtin_clz(a->w[i]);
	return 0;
}

/* Bits [lo, lo + 128) of a (bits below 0 are zero) as {low, high}. */
static void big_take(const struct big *a, int lo, uint64_t out[2])
{
	out[0] = out[1] = 0;
	for (int k = 0; k < 128; k++) {
		int b = lo + k;
		if (b >= 0 && b < LIMBS * 32 && (a->w[b / 32] >> (b % 32) & 1))
			out[k / 64] |= (uint64_t)1 << (k % 64);
	}
}

static int pow5_bits(int e)
{
	return (int)(((uint32_t)e * 1217359u) >> 19) + 1;
}

/* pow5[i] = floor(5^i / 2^(b(i) - 125)); pow5_inv[q] = floor(2^(b(q) + 124) / 5^q) + 1. */
static void make_tables(uint64_t pow5[][2], uint64_t inv[][2])
{
	struct big p = {{1}};
	for (int i = 0; i < HS_POW5_INV_N; i++) {
		if (i < HS_POW5_N)
			big_take(&p, pow5_bits(i) - 125, pow5[i]);
		int n = pow5_bits(i) + 124;
		struct big r = {{0}}, quo = {{0}};
		for (int k = n; k >= 0; k--) { /* long division of 2^n, bit by bit */
			big_shl1(&r, k == n);
			big_shl1(&quo, 0);
			if (big_cmp(&r, &p) >= 0) {
				big_sub(&r, &p);
				quo.w[0] |= 1;
			}
		}
		for (int l = 0; l < LIMBS && ++quo.w[l] == 0; l++)
			;
		big_take(&quo, 0, inv[i]);
		big_mul5(&p);
	}
}

static void test_tables(void)
{
	static uint64_t pow5[HS_POW5_N][2], inv[HS_POW5_INV_N][2];
	make_tables(pow5, inv);
	int bad = 0;
	for (int i = 0; i < HS_POW5_N; i++)
		bad += memcmp(pow5[i], hs_pow5[i], sizeof pow5[i]) != 0;
	TAP_OK(bad == 0, "the %d entries of pow5 are 5^i to 125 bits (%d differ)", HS_POW5_N, bad);
	bad = 0;
	for (int i = 0; i < HS_POW5_INV_N; i++)
		bad += memcmp(inv[i], hs_pow5_inv[i], sizeof inv[i]) != 0;
	TAP_OK(bad == 0, "the %d entries of pow5_inv are 2^k / 5^q rounded up (%d differ)", HS_POW5_INV_N,
	       bad);
	/* The bit lengths the printer assumes. */
	struct big p = {{1}};
	bad = 0;
	for (int i = 0; i < HS_POW5_INV_N; i++, big_mul5(&p))
		bad += big_bitlen(&p) != pow5_bits(i);
	TAP_OK(bad == 0, "b(e) is the bit length of 5^e for e < %d", HS_POW5_INV_N);
}

static int print_tables(void)
{
	static uint64_t pow5[HS_POW5_N][2], inv[HS_POW5_INV_N][2];
	make_tables(pow5, inv);
	for (int t = 0; t < 2; t++) {
		int n = t ? HS_POW5_INV_N : HS_POW5_N;
		printf("%s\n", t ? "pow5_inv" : "pow5");
		for (int i = 0; i < n; i++) {
			const uint64_t *e = t ? inv[i] : pow5[i];
			printf("%s{0x%016llxull, 0x%016llxull},%s", i % 2 ? " " : "\t", (unsigned long long)e[0],
			       (unsigned long long)e[1], i % 2 || i == n - 1 ? "\n" : "");
		}
	}
	return 0;
}
#endif

/* The printer hs had before: snprintf at 15, 16, 17 digits until strtod
 * reads the number back. */
static void old_fmt(char *buf, double v)
{
	if (fabs(v) < 1e15 && v == (double)(long long)v && !(v == 0 && signbit(v))) {
		snprintf(buf, HS_NUMBUF, "%lld", (long long)v);
		return;
	}
	for (int prec = 15; prec <= 17; prec++) {
		snprintf(buf, HS_NUMBUF, "%.*g", prec, v);
		double back = strtod(buf, NULL);
		if (memcmp(&back, &v, sizeof v) == 0)
			break;
	}
}

static int same_bits(double a, double b)
{
	return memcmp(&a, &b, sizeof a) == 0;
}

/* Significant digits of a printed number: from its first non-zero digit to
 * its last ("1000" has one, "1.05" three). */
static int sig_digits(const char *s)
{
	int pos = 0, first = -1, last = -1;
	for (; *s && *s != 'e'; s++) {
		if (*s < '0' || *s > '9')
			continue;
		if (*s != '0') {
			if (first < 0)
				first = pos;
			last = pos;
		}
		pos++;
	}
	return first < 0 ? 1 : last - first + 1;
}

/* Whether a text of k - 1 significant digits reads back as v: the nearest
 * one, and its neighbours (the interval of v may be lopsided). */
static int shorter_reads_back(double v, int k)
{
	if (k <= 1)
		return 0;
	char b[64];
	snprintf(b, sizeof b, "%.*e", k - 2, fabs(v));
	char *e = strchr(b, 'e');
	long long m = 0;
	for (const char *p = b; p < e; p++)
		if (*p >= '0' && *p <= '9')
			m = m * 10 + (*p - '0');
	int x = atoi(e + 1) - (k - 2);
	for (int d = -1; d <= 1; d++) {
		char t[64];
		snprintf(t, sizeof t, "%s%llde%d", v < 0 ? "-" : "", m + d, x);
		if (same_bits(strtod(t, NULL), v))
			return 1;
	}
	return 0;
}

static uint64_t rng_state = 88172645463325252ull;
static uint64_t rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

struct tally {
	int n, back, shortest, same, shorter;
};

static void check(struct tally *t, double v)
{
	char a[HS_NUMBUF], o[HS_NUMBUF];
	hs_fmt_double(a, v);
	old_fmt(o, v);
	t->n++;
	int ok_back = same_bits(strtod(a, NULL), v);
	t->back += ok_back;
	t->shortest += !shorter_reads_back(v, sig_digits(a));
	if (strcmp(a, o) == 0)
		t->same++;
	else if (ok_back && sig_digits(a) < sig_digits(o))
		t->shorter++;
	else if (t->n - t->same - t->shorter < 5)
		printf("#   %.17g: '%s', before '%s'\n", v, a, o);
}

static void report(const struct tally *t, const char *what)
{
	TAP_OK(t->back == t->n, "%s: %d of %d read back bit-identical", what, t->back, t->n);
	TAP_OK(t->shortest == t->n, "%s: %d of %d shortest", what, t->shortest, t->n);
	TAP_OK(t->same + t->shorter == t->n,
	       "%s: %d as printed before, %d shorter than before, %d otherwise", what, t->same,
	       t->shorter, t->n - t->same - t->shorter);
}

static void test_known(void)
{
	static const struct {
		double v;
		const char *s;
	} want[] = {
		{12.5, "12.5"}, {1e9, "1000000000"}, {1e-9, "1e-09"}, {0.1, "0.1"}, {0, "0"},
		{-0.0, "-0"}, {-3, "-3"}, {0.95, "0.95"}, {1e15, "1e+15"}, {1e16, "1e+16"},
		{123456789012345, "123456789012345"}, {1234567890123456, "1234567890123456"},
		{1234567890123456.8, "1234567890123456.8"}, {0.1 + 0.2, "0.30000000000000004"},
		{1.0 / 3, "0.3333333333333333"}, {2.0 / 3, "0.6666666666666666"}, {2.4e-08, "2.4e-08"},
		{0.0001, "0.0001"}, {0.00012345, "0.00012345"}, {1.5e-5, "1.5e-05"}, {-1.5e-5, "-1.5e-05"},
		{1e100, "1e+100"}, {1e-100, "1e-100"}, {DBL_MAX, "1.7976931348623157e+308"},
		{DBL_MIN, "2.2250738585072014e-308"}, {5e-324, "5e-324"}, {-5e-324, "-5e-324"},
		{9007199254740993.0, "9007199254740992"}, {1e23, "1e+23"}, {5e22, "5e+22"},
		{362673.86770432733, "362673.86770432733"}, {54.05843666317701, "54.05843666317701"},
		{0.5, "0.5"}, {-123.25, "-123.25"}, {HUGE_VAL, "inf"}, {-HUGE_VAL, "-inf"},
		{NAN, "nan"},
	};
	char buf[HS_NUMBUF];
	for (size_t i = 0; i < sizeof want / sizeof *want; i++)
		TAP_STREQ(hs_fmt_double(buf, want[i].v), want[i].s, want[i].s);
}

int main(int argc, char **argv)
{
#if defined(__SIZEOF_INT128__)
	if (argc > 1 && strcmp(argv[1], "--table") == 0)
		return print_tables();
	test_tables();
#endif
	(void)argc;
	(void)argv;
	test_known();

	/* Random bit patterns over the whole range (subnormals included). */
	struct tally t = {0};
	while (t.n < 100000) {
		uint64_t bits = rng();
		double v;
		memcpy(&v, &bits, sizeof v);
		if (isfinite(v))
			check(&t, v);
	}
	report(&t, "random bit patterns");

	/* Numbers as streams hold them: few decimals, durations, sums. */
	struct tally h = {0};
	for (int i = 0; i < 100000; i++) {
		uint64_t r = rng();
		double v = i % 3 == 0   ? (double)(r % 100000000) / pow(10, (double)((r >> 40) % 12))
			   : i % 3 == 1 ? (double)(r >> 11) / 9007199254740992.0 * 1e6
					: 50 * (0.95 + 0.05 / (double)(1 + r % 64)) + (double)(r >> 50);
		check(&h, v);
	}
	report(&h, "decimal numbers");

	/* Each power of two and its neighbours: the interval is lopsided at
	 * a power of two. */
	struct tally p = {0};
	for (int e = -1074; e <= 1023; e++) {
		double x = ldexp(1, e);
		double vs[] = {x, nextafter(x, 0), nextafter(x, INFINITY), -x};
		for (size_t i = 0; i < sizeof vs / sizeof *vs; i++)
			if (vs[i] != 0 && isfinite(vs[i]))
				check(&p, vs[i]);
	}
	report(&p, "powers of two and neighbours");
	return tap_done();
}
