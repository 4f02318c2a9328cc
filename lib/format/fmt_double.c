/* format/fmt_double.c - hs_fmt_double: the shortest decimal text that reads back
 * bit-identical, laid out as printf's "%.15g" (or %.16g, %.17g when more
 * digits are needed) would lay it out.
 *
 * The digits come from Ulf Adams's Ryū algorithm ("Ryū: fast float-to-string
 * conversion", PLDI 2018), written here from the paper: the double's
 * interval of values that round to it is scaled by a power of ten with
 * 128-bit fixed-point powers of five (fmt_double_table.h), and digits are
 * removed while both ends of the interval still differ; the last removed
 * digit rounds (half to even on exact ties).  Of the shortest texts in the
 * interval it gives the one closest to the value, so where 15 digits are
 * enough the text is printf's "%.15g" byte for byte (no previous output
 * changes), and it replaces the 15-, 16-, 17-digit snprintf + strtod tries
 * that cost a third of hs-plan's time.  Without a 128-bit integer type the
 * tries remain. */
#include "hs/util.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The n decimal digits of v (n >= its length) at p, without NUL. */
static void put_digits(char *p, uint64_t v, int n)
{
	while (n > 0) {
		p[--n] = (char)('0' + v % 10);
		v /= 10;
	}
}

static int num_digits(uint64_t v)
{
	int n = 1;
	while (v >= 10) {
		v /= 10;
		n++;
	}
	return n;
}

#if defined(__SIZEOF_INT128__)
#include "fmt_double_table.h"

typedef unsigned __int128 u128;

/* Bit length of 5^e (1 for e = 0), floor(log10(2^e)), floor(log10(5^e)). */
static int pow5_bits(int e)
{
	return (int)(((uint32_t)e * 1217359u) >> 19) + 1;
}

static int log10_pow2(int e)
{
	return (int)(((uint32_t)e * 78913u) >> 18);
}

static int log10_pow5(int e)
{
	return (int)(((uint32_t)e * 732923u) >> 20);
}

/* floor(m * mul / 2^j) for a 128-bit mul and j >= 64 (j is 115..125 here). */
static uint64_t mul_shift(uint64_t m, const uint64_t mul[2], int j)
{
	u128 lo = (u128)m * mul[0], hi = (u128)m * mul[1];
	return (uint64_t)(((lo >> 64) + hi) >> (j - 64));
}

/* Whether 5^p divides v. */
static int divisible_pow5(uint64_t v, int p)
{
	int n = 0;
	while (v % 5 == 0 && n < p) {
		v /= 5;
		n++;
	}
	return n >= p;
}

/* Shortest digits of a finite v > 0: v reads back from *digits * 10^*e10. */
static void shortest(double v, uint64_t *digits, int *e10)
{
	uint64_t bits;
	memcpy(&bits, &v, sizeof bits);
	uint64_t frac = bits & (((uint64_t)1 << 52) - 1);
	int bexp = (int)(bits >> 52) & 0x7FF;
	/* v = m2 * 2^(e2 + 2); two more bits for the interval's ends. */
	uint64_t m2 = bexp ? frac | (uint64_t)1 << 52 : frac;
	int e2 = (bexp ? bexp : 1) - 1023 - 52 - 2;
	int even = (m2 & 1) == 0; /* round-to-even reads the interval's ends back as v */
	/* The interval (mm, mp) * 2^e2 around mv * 2^e2; its lower half is
	 * narrower at a power of two (except at the smallest exponents). */
	uint64_t mv = 4 * m2;
	int mm_shift = frac != 0 || bexp <= 1;
	uint64_t vr, vp, vm;
	int e, vm_zeros = 0, vr_zeros = 0;
	if (e2 >= 0) {
		/* Divide by 10^q: multiply by 2^k / 5^q and shift. */
		int q = log10_pow2(e2) - (e2 > 3);
		int k = 125 + pow5_bits(q) - 1, j = -e2 + q + k;
		e = q;
		vr = mul_shift(mv, hs_pow5_inv[q], j);
		vp = mul_shift(mv + 2, hs_pow5_inv[q], j);
		vm = mul_shift(mv - 1 - mm_shift, hs_pow5_inv[q], j);
		/* Whether the digits dropped by the division are all zero (only
		 * possible while 10^q is small); at most one of the three
		 * numbers is a multiple of 5. */
		if (q <= 21) {
			if (mv % 5 == 0)
				vr_zeros = divisible_pow5(mv, q);
			else if (even)
				vm_zeros = divisible_pow5(mv - 1 - mm_shift, q);
			else
				vp -= divisible_pow5(mv + 2, q); /* the upper end is excluded */
		}
	} else {
		/* Multiply by 5^i = 10^-e2 / 2^-e2 / 10^q. */
		int q = log10_pow5(-e2) - (-e2 > 1);
		int i = -e2 - q, k = pow5_bits(i) - 125, j = q - k;
		e = q + e2;
		vr = mul_shift(mv, hs_pow5[i], j);
		vp = mul_shift(mv + 2, hs_pow5[i], j);
		vm = mul_shift(mv - 1 - mm_shift, hs_pow5[i], j);
		if (q <= 1) {
			vr_zeros = 1; /* mv has two trailing zero bits */
			if (even)
				vm_zeros = mm_shift == 1;
			else
				vp--;
		} else if (q < 63) {
			vr_zeros = (mv & (((uint64_t)1 << q) - 1)) == 0;
		}
	}
	/* Drop digits while the interval's ends still differ in the rest. */
	int last = 0;
	if (vm_zeros || vr_zeros) {
		/* Rare: exact values, where the end itself may be the answer and
		 * a dropped 5 followed by zeros is a tie. */
		while (vp / 10 > vm / 10) {
			vm_zeros &= vm % 10 == 0;
			vr_zeros &= last == 0;
			last = (int)(vr % 10);
			vr /= 10;
			vp /= 10;
			vm /= 10;
			e++;
		}
		if (vm_zeros)
			while (vm % 10 == 0) {
				vr_zeros &= last == 0;
				last = (int)(vr % 10);
				vr /= 10;
				vp /= 10;
				vm /= 10;
				e++;
			}
		if (vr_zeros && last == 5 && vr % 2 == 0)
			last = 4; /* a tie: round to even */
		vr += (vr == vm && (!even || !vm_zeros)) || last >= 5;
	} else {
		while (vp / 10 > vm / 10) {
			last = (int)(vr % 10);
			vr /= 10;
			vp /= 10;
			vm /= 10;
			e++;
		}
		vr += vr == vm || last >= 5;
	}
	while (vr % 10 == 0) { /* a carry may leave zeros */
		vr /= 10;
		e++;
	}
	*digits = vr;
	*e10 = e;
}

/* printf's %.Pg of digits * 10^e10 (k digits, no trailing zero), P = max(15, k). */
static char *layout(char *buf, int neg, uint64_t digits, int e10)
{
	char *p = buf;
	int k = num_digits(digits), x = e10 + k - 1, prec = k > 15 ? k : 15;
	if (neg)
		*p++ = '-';
	if (x < -4 || x >= prec) {
		char d[20];
		put_digits(d, digits, k);
		*p++ = d[0];
		if (k > 1) {
			*p++ = '.';
			memcpy(p, d + 1, (size_t)k - 1);
			p += k - 1;
		}
		*p++ = 'e';
		*p++ = x < 0 ? '-' : '+';
		int ax = x < 0 ? -x : x;
		if (ax >= 100)
			*p++ = (char)('0' + ax / 100);
		*p++ = (char)('0' + ax / 10 % 10);
		*p++ = (char)('0' + ax % 10);
	} else if (x < 0) { /* 0.000ddd */
		*p++ = '0';
		*p++ = '.';
		memset(p, '0', (size_t)(-x - 1));
		p += -x - 1;
		put_digits(p, digits, k);
		p += k;
	} else if (k <= x + 1) { /* an integer: ddd000 */
		put_digits(p, digits, k);
		memset(p + k, '0', (size_t)(x + 1 - k));
		p += x + 1;
	} else { /* ddd.ddd */
		char d[20];
		put_digits(d, digits, k);
		memcpy(p, d, (size_t)x + 1);
		p += x + 1;
		*p++ = '.';
		memcpy(p, d + x + 1, (size_t)(k - x - 1));
		p += k - x - 1;
	}
	*p = '\0';
	return buf;
}
#endif

char *hs_fmt_double(char *buf, double v)
{
	if (isnan(v)) {
		strcpy(buf, "nan");
		return buf;
	}
	if (isinf(v)) {
		strcpy(buf, v < 0 ? "-inf" : "inf");
		return buf;
	}
	int neg = signbit(v) != 0;
	double a = neg ? -v : v;
	/* Integers that fit exactly print without exponent ("1000000000"). */
	if (a < 1e15 && a == (double)(uint64_t)a && !(v == 0 && neg)) {
		uint64_t u = (uint64_t)a;
		char *p = buf;
		if (neg)
			*p++ = '-';
		int n = u ? num_digits(u) : 1;
		put_digits(p, u, n);
		p[n] = '\0';
		return buf;
	}
#if defined(__SIZEOF_INT128__)
	if (a == 0)
		return strcpy(buf, "-0");
	uint64_t digits;
	int e10;
	shortest(a, &digits, &e10);
	return layout(buf, neg, digits, e10);
#else
	for (int prec = 15; prec <= 17; prec++) {
		snprintf(buf, HS_NUMBUF, "%.*g", prec, v);
		double back = strtod(buf, NULL);
		if (memcmp(&back, &v, sizeof v) == 0)
			break;
	}
	return buf;
#endif
}
