/* format/limits.c - the limits on inputs (hs/limits.h) and HS_LIMITS. */
#include "hs/limits.h"
#include "hs/util.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const names[HS_LIMIT_COUNT] = {"line", "file", "nodes", "cores"};
static const unsigned long long defaults[HS_LIMIT_COUNT] = {
	16ull << 20, /* line: an after list of a million ids fits */
	1ull << 30,  /* file: ten million records */
	1ull << 20,  /* nodes: ten times the largest machine of the TOP500 */
	16ull << 20, /* cores: likewise */
};

static unsigned long long value[HS_LIMIT_COUNT];
static char text[HS_LIMIT_COUNT][48];
static pthread_once_t once = PTHREAD_ONCE_INIT;

/* "16M" -> 16 << 20; "none" -> ~0; -1 when malformed. */
static int parse_size(const char *s, size_t n, unsigned long long *out)
{
	if (n == 4 && strncmp(s, "none", 4) == 0) {
		*out = ~0ull;
		return 0;
	}
	unsigned long long v = 0;
	size_t i = 0;
	for (; i < n && s[i] >= '0' && s[i] <= '9'; i++) {
		if (v > (~0ull - 9) / 10)
			return -1;
		v = v * 10 + (unsigned)(s[i] - '0');
	}
	if (i == 0)
		return -1;
	int shift = 0;
	if (i < n) {
		const char *u = strchr("KMGT", s[i]);
		if (!u || i + 1 != n)
			return -1;
		shift = 10 * (int)(u - "KMGT" + 1);
	}
	if (shift && v > (~0ull >> shift))
		return -1;
	*out = v << shift;
	return 0;
}

static void format(int l)
{
	unsigned long long v = value[l];
	if (v == ~0ull) {
		snprintf(text[l], sizeof text[l], "%s=none", names[l]);
		return;
	}
	int k = 0;
	while (k < 4 && v && (v & 1023) == 0) {
		v >>= 10;
		k++;
	}
	static const char *const unit[] = {"", "K", "M", "G", "T"};
	snprintf(text[l], sizeof text[l], "%s=%llu%s", names[l], v, unit[k]);
}

static void init(void)
{
	memcpy(value, defaults, sizeof value);
	const char *env = getenv("HS_LIMITS");
	for (const char *p = env; p && *p;) {
		size_t n = strcspn(p, ",");
		const char *eq = memchr(p, '=', n);
		int l = -1;
		for (int k = 0; eq && k < HS_LIMIT_COUNT; k++)
			if ((size_t)(eq - p) == strlen(names[k]) && strncmp(p, names[k], (size_t)(eq - p)) == 0)
				l = k;
		unsigned long long v;
		if (l < 0 || parse_size(eq + 1, n - (size_t)(eq + 1 - p), &v) < 0 || v == 0)
			hs_die(HS_EXIT_USAGE,
			       "HS_LIMITS: '%.*s' is not LIMIT=SIZE with LIMIT one of line, file, nodes, "
			       "cores and SIZE a positive number with K, M, G or T, or none",
			       (int)n, p);
		value[l] = v;
		p += n;
		if (*p == ',')
			p++;
	}
	for (int l = 0; l < HS_LIMIT_COUNT; l++)
		format(l);
}

unsigned long long hs_limit(enum hs_limit l)
{
	pthread_once(&once, init);
	return (unsigned)l < HS_LIMIT_COUNT ? value[l] : ~0ull;
}

const char *hs_limit_text(enum hs_limit l)
{
	pthread_once(&once, init);
	return (unsigned)l < HS_LIMIT_COUNT ? text[l] : "";
}
