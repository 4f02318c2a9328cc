/* tap.h - a minimal TAP producer for the C unit tests.
 * Each check prints "ok N - name" or "not ok N - name"; tap_done() returns
 * the exit status (1 when anything failed). */
#ifndef HS_TAP_H
#define HS_TAP_H

#include <math.h>
#include <stdio.h>
#include <string.h>

static int tap_n_, tap_failed_;

static inline int tap_check_(int ok, const char *file, int line, const char *name)
{
	tap_n_++;
	printf("%sok %d - %s\n", ok ? "" : "not ", tap_n_, name);
	if (!ok) {
		printf("#   failed at %s:%d\n", file, line);
		tap_failed_++;
	}
	fflush(stdout);
	return ok;
}

#define TAP_OK(cond, ...)                                                  \
	do {                                                               \
		char tap_name_[512];                                       \
		snprintf(tap_name_, sizeof tap_name_, __VA_ARGS__);        \
		tap_check_(!!(cond), __FILE__, __LINE__, tap_name_);       \
	} while (0)

#define TAP_NEAR(a, b, tol, name)                                                        \
	do {                                                                             \
		double tap_a_ = (a), tap_b_ = (b);                                       \
		if (!tap_check_(fabs(tap_a_ - tap_b_) <= (tol), __FILE__, __LINE__, name)) \
			printf("#   got %.17g, expected %.17g\n", tap_a_, tap_b_);       \
	} while (0)

#define TAP_STREQ(a, b, name)                                                         \
	do {                                                                          \
		const char *tap_a_ = (a), *tap_b_ = (b);                              \
		int tap_ok_ = tap_a_ && tap_b_ && strcmp(tap_a_, tap_b_) == 0;        \
		if (!tap_check_(tap_ok_, __FILE__, __LINE__, name))                   \
			printf("#   got '%s', expected '%s'\n", tap_a_ ? tap_a_ : "(null)", \
			       tap_b_ ? tap_b_ : "(null)");                           \
	} while (0)

static inline int tap_done(void)
{
	printf("1..%d\n", tap_n_);
	return tap_failed_ ? 1 : 0;
}

#endif
