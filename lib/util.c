/* util.c - program name, messages, allocation, checked numbers, atomic files. */
#include "hs/util.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static const char *progname = "hs";
/* Where this thread's messages go (NULL: stderr); see hs_msg_redirect. */
static _Thread_local FILE *msg_out;

void hs_set_progname(const char *argv0)
{
	if (!argv0 || !*argv0)
		return;
	const char *slash = strrchr(argv0, '/');
	progname = slash && slash[1] ? slash + 1 : argv0;
}

const char *hs_progname(void)
{
	return progname;
}

/* Build the whole message first and write it with one call, so messages of
 * concurrent processes sharing stderr do not interleave mid-line. */
static void emit(const char *file, int line, const char *tag, const char *fmt, va_list ap)
{
	char buf[4096];
	int n;
	if (file && line > 0)
		n = snprintf(buf, sizeof buf, "%s: %s:%d: %s", progname, file, line, tag);
	else if (file)
		n = snprintf(buf, sizeof buf, "%s: %s: %s", progname, file, tag);
	else
		n = snprintf(buf, sizeof buf, "%s: %s", progname, tag);
	if (n < 0)
		n = 0;
	if ((size_t)n < sizeof buf - 2) {
		int m = vsnprintf(buf + n, sizeof buf - 1 - n, fmt, ap);
		if (m > 0)
			n += m;
	}
	if ((size_t)n > sizeof buf - 2)
		n = sizeof buf - 2;
	buf[n++] = '\n';
	fwrite(buf, 1, n, msg_out ? msg_out : stderr);
}

void hs_msg_redirect(FILE *f)
{
	msg_out = f;
}

void hs_verror(const char *fmt, va_list ap)
{
	emit(NULL, 0, "", fmt, ap);
}

void hs_error(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	emit(NULL, 0, "", fmt, ap);
	va_end(ap);
}

void hs_error_at(const char *file, int line, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	emit(file, line, "", fmt, ap);
	va_end(ap);
}

void hs_warn(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	emit(NULL, 0, "warning: ", fmt, ap);
	va_end(ap);
}

/* Fatal messages go to stderr even when redirected: nobody reads the
 * redirection after exit. */
void hs_die(int status, const char *fmt, ...)
{
	va_list ap;
	msg_out = NULL;
	va_start(ap, fmt);
	emit(NULL, 0, "", fmt, ap);
	va_end(ap);
	exit(status);
}

void hs_die_at(int status, const char *file, int line, const char *fmt, ...)
{
	va_list ap;
	msg_out = NULL;
	va_start(ap, fmt);
	emit(file, line, "", fmt, ap);
	va_end(ap);
	exit(status);
}

/* ---- allocation ---- */

static HS_NORETURN void oom(size_t n)
{
	hs_die(HS_EXIT_FAIL, "out of memory (allocating %zu bytes)", n);
}

void *hs_malloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		oom(n);
	return p;
}

void *hs_calloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (!p)
		oom(n * size);
	return p;
}

void *hs_realloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);
	if (!q)
		oom(n);
	return q;
}

void *hs_reallocarray(void *p, size_t n, size_t size)
{
	if (size && n > SIZE_MAX / size)
		oom(SIZE_MAX);
	return hs_realloc(p, n * size);
}

char *hs_strdup(const char *s)
{
	return hs_strndup(s, strlen(s));
}

char *hs_strndup(const char *s, size_t n)
{
	size_t len = strnlen(s, n);
	char *p = hs_malloc(len + 1);
	memcpy(p, s, len);
	p[len] = '\0';
	return p;
}

char *hs_asprintf(const char *fmt, ...)
{
	va_list ap, ap2;
	va_start(ap, fmt);
	va_copy(ap2, ap);
	int n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		hs_die(HS_EXIT_FAIL, "hs_asprintf: bad format");
	char *p = hs_malloc((size_t)n + 1);
	vsnprintf(p, (size_t)n + 1, fmt, ap2);
	va_end(ap2);
	return p;
}

/* ---- checked numbers ---- */

static int blank_or_empty_start(const char *s)
{
	/* strto* skip leading white space; we want the whole string to be the number. */
	return !s || !*s || *s == ' ' || *s == '\t' || *s == '\n' || *s == '\r' || *s == '\v' ||
	       *s == '\f';
}

/* Clinger's fast path for the common plain decimal ("50", "3816.1357",
 * "1e-09"): when its digits fit in 2^53 and the power of ten is exact
 * (|e| <= 22), value = digits * or / 10^|e| is one correctly rounded
 * operation, the double strtod returns, several times faster.  Anything
 * else (more digits, hex, inf, blanks, errors) returns -1 for strtod. */
static int parse_decimal_fast(const char *p, double *out)
{
	static const double p10[23] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
				       1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
				       1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
	const uint64_t limit = (uint64_t)1 << 53;
	int neg = *p == '-', digits = 0, e = 0;
	uint64_t m = 0;
	if (*p == '-' || *p == '+')
		p++;
	for (; *p >= '0' && *p <= '9'; p++, digits++)
		if ((m = m * 10 + (uint64_t)(*p - '0')) > limit)
			return -1;
	if (*p == '.')
		for (p++; *p >= '0' && *p <= '9'; p++, digits++, e--)
			if ((m = m * 10 + (uint64_t)(*p - '0')) > limit)
				return -1;
	if (!digits)
		return -1;
	if (*p == 'e' || *p == 'E') {
		int sign = 1, x = 0;
		p++;
		if (*p == '+' || *p == '-')
			sign = *p++ == '-' ? -1 : 1;
		if (!(*p >= '0' && *p <= '9'))
			return -1;
		for (; *p >= '0' && *p <= '9'; p++)
			if ((x = x * 10 + (*p - '0')) > 400)
				return -1;
		e += sign * x;
	}
	if (*p || e < -22 || e > 22)
		return -1;
	double v = (double)m;
	v = e < 0 ? v / p10[-e] : v * p10[e];
	*out = neg ? -v : v;
	return 0;
}

int hs_parse_double(const char *s, double *out)
{
	if (blank_or_empty_start(s))
		return -1;
	if (parse_decimal_fast(s, out) == 0)
		return 0;
	char *end;
	errno = 0;
	double v = strtod(s, &end);
	if (end == s || *end)
		return -1;
	if (!isfinite(v))
		return -1;
	/* ERANGE means overflow or underflow; a subnormal result is still the
	 * nearest double (we write such numbers ourselves), only underflow to
	 * zero from a non-zero text is an error. */
	if (errno == ERANGE && v == 0)
		return -1;
	*out = v;
	return 0;
}

int hs_parse_long(const char *s, long min, long max, long *out)
{
	if (blank_or_empty_start(s))
		return -1;
	char *end;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (end == s || *end || errno == ERANGE || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

int hs_parse_int(const char *s, int min, int max, int *out)
{
	long v;
	if (hs_parse_long(s, min, max, &v) < 0)
		return -1;
	*out = (int)v;
	return 0;
}

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
	/* Integers that fit exactly print without exponent ("1000000000"). */
	if (fabs(v) < 1e15 && v == (double)(long long)v && !(v == 0 && signbit(v))) {
		snprintf(buf, HS_NUMBUF, "%lld", (long long)v);
		return buf;
	}
	for (int prec = 15; prec <= 17; prec++) {
		snprintf(buf, HS_NUMBUF, "%.*g", prec, v);
		double back = strtod(buf, NULL);
		if (memcmp(&back, &v, sizeof v) == 0)
			break;
	}
	return buf;
}

double hs_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* ---- atomic files ---- */

int hs_atomic_open(struct hs_atomic_file *af, const char *path)
{
	af->fp = NULL;
	af->path = NULL;
	af->tmp = NULL;
	/* The temporary file lives in the target's directory so that rename()
	 * stays within one file system and is atomic. */
	const char *slash = strrchr(path, '/');
	size_t dirlen = slash ? (size_t)(slash - path) + 1 : 0;
	char *tmp = hs_asprintf("%.*s.%s.XXXXXX", (int)dirlen, path, path + dirlen);
	int fd = mkstemp(tmp);
	if (fd < 0) {
		hs_error("%s: cannot create temporary file: %s", path, strerror(errno));
		free(tmp);
		return -1;
	}
	/* mkstemp makes 0600; output files get the usual 0666 & ~umask. */
	mode_t mask = umask(0);
	umask(mask);
	(void)fchmod(fd, 0666 & ~mask);
	FILE *fp = fdopen(fd, "w");
	if (!fp) {
		hs_error("%s: %s", path, strerror(errno));
		close(fd);
		unlink(tmp);
		free(tmp);
		return -1;
	}
	af->fp = fp;
	af->path = hs_strdup(path);
	af->tmp = tmp;
	return 0;
}

static void atomic_free(struct hs_atomic_file *af)
{
	free(af->path);
	free(af->tmp);
	af->path = af->tmp = NULL;
	af->fp = NULL;
}

int hs_atomic_commit(struct hs_atomic_file *af)
{
	if (!af->fp)
		return -1;
	int err = 0;
	if (fflush(af->fp) != 0 || ferror(af->fp))
		err = errno ? errno : EIO;
	if (fclose(af->fp) != 0 && !err)
		err = errno ? errno : EIO;
	af->fp = NULL;
	if (err) {
		hs_error("%s: write error: %s", af->path, strerror(err));
		unlink(af->tmp);
		atomic_free(af);
		return -1;
	}
	if (rename(af->tmp, af->path) != 0) {
		hs_error("%s: cannot rename %s: %s", af->path, af->tmp, strerror(errno));
		unlink(af->tmp);
		atomic_free(af);
		return -1;
	}
	atomic_free(af);
	return 0;
}

void hs_atomic_abort(struct hs_atomic_file *af)
{
	if (af->fp)
		fclose(af->fp);
	if (af->tmp)
		unlink(af->tmp);
	atomic_free(af);
}
