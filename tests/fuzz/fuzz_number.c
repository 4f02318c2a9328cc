/* fuzz_number - hs's number reader (hs_parse_double: a fast path for plain
 * decimals, Eisel-Lemire, strtod for the rest) against strtod itself, and
 * the writer (hs_fmt_double) against the reader.
 *
 * For any text: hs_parse_double accepts it exactly when strtod reads all of
 * it (no leading blank) as a finite number that is not a non-zero number
 * rounded to 0, and then to the same bits; a refusal says out of range
 * exactly when strtod overflows or underflows.  hs_fmt_double's text reads
 * back to the same bits. */
#include "fuzz.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <string.h>

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	fuzz_init();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > 200)
		return 0; /* numbers, not texts */
	char s[201];
	memcpy(s, data, size);
	s[size] = '\0';

	double a = 0;
	int ra = hs_parse_double(s, &a);

	char *end;
	errno = 0;
	double b = strtod(s, &end);
	int whole = s[0] && !isspace((unsigned char)s[0]) && end != s && *end == '\0';
	int huge = whole && errno == ERANGE && isinf(b);
	int tiny = whole && errno == ERANGE && b == 0;
	int ok = whole && isfinite(b) && !tiny;

	if ((ra == 0) != ok)
		abort();
	if (ok && memcmp(&a, &b, sizeof a) != 0)
		abort();
	if (ra == HS_NUM_HUGE && !huge)
		abort();
	if (ra == HS_NUM_TINY && !tiny)
		abort();
	if (!ok && (huge || tiny) && ra == HS_NUM_SYNTAX)
		abort();

	if (ok) {
		char buf[HS_NUMBUF];
		double c;
		if (hs_parse_double(hs_fmt_double(buf, a), &c) != 0 || memcmp(&a, &c, sizeof a) != 0)
			abort();
	}
	/* The bits of the input as a double, written and read back. */
	if (size >= 8) {
		double d;
		memcpy(&d, data, sizeof d);
		char buf[HS_NUMBUF];
		double c;
		hs_fmt_double(buf, d);
		if (isfinite(d) && (hs_parse_double(buf, &c) != 0 || memcmp(&d, &c, sizeof d) != 0))
			abort();
	}
	return 0;
}
