/* util/util.c - program name, messages, allocation, checked numbers, atomic files. */
#include "hs/util.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdatomic.h>
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

/* A byte that continues a UTF-8 character: cuts go around whole ones. */
static int utf8_cont(char c)
{
	return ((unsigned char)c & 0xC0) == 0x80;
}

/* The n bytes at r cut to their first head and last keep bytes (whole
 * UTF-8 characters) around a mark of how many went ("[...N bytes...]",
 * with a blank either side when spaced), written at w (w <= r: in place or
 * behind; head + the mark stay short of what is kept at the end).  Returns
 * the bytes written. */
static size_t cut_middle(char *w, const char *r, size_t n, size_t head, size_t keep, int spaced)
{
	size_t tail = n - keep;
	while (head > 0 && utf8_cont(r[head]))
		head--;
	while (tail < n && utf8_cont(r[tail]))
		tail++;
	char mark[48];
	int k = snprintf(mark, sizeof mark, spaced ? " [...%zu bytes...] " : "[...%zu bytes...]",
			 tail - head);
	memmove(w, r, head);
	memcpy(w + head, mark, (size_t)k);
	memmove(w + head + k, r + tail, n - tail);
	return head + (size_t)k + (n - tail);
}

char *hs_msg_shorten(char *s)
{
	char *w = s, *r = s;
	while (*r) {
		size_t n = 0;
		while (r[n] && r[n] != ' ' && r[n] != '\t' && r[n] != '\n')
			n++;
		if (n > HS_MSG_WORD_MAX) {
			w += cut_middle(w, r, n, 64, 16, 0);
		} else {
			memmove(w, r, n);
			w += n;
		}
		r += n;
		if (*r)
			*w++ = *r++;
	}
	*w = '\0';
	return s;
}

/* "PROG: FILE:LINE: TAG", "PROG: FILE: TAG" or "PROG: TAG" into buf (as
 * snprintf: buf may be NULL for the length). */
static int prefix(char *buf, size_t cap, const char *file, int line, const char *tag)
{
	if (file && line > 0)
		return snprintf(buf, cap, "%s: %s:%d: %s", progname, file, line, tag);
	if (file)
		return snprintf(buf, cap, "%s: %s: %s", progname, file, tag);
	return snprintf(buf, cap, "%s: %s", progname, tag);
}

/* Build the whole message first and write it with one call, so messages of
 * concurrent processes sharing stderr do not interleave mid-line.  A long
 * word (an id of 10 000 bytes) is cut in its middle (hs_msg_shorten), and a
 * message still longer than 4 KB in its middle too: the reason, at its end,
 * is always there. */
static void emit(const char *file, int line, const char *tag, const char *fmt, va_list ap)
{
	char stack[4096], *buf = stack;
	va_list aq;
	va_copy(aq, ap);
	int m = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	int n = prefix(NULL, 0, file, line, tag);
	if (n < 0)
		n = 0;
	if (m < 0)
		m = 0;
	size_t cap = (size_t)n + (size_t)m + 2;
	if (cap > sizeof stack && !(buf = malloc(cap))) {
		buf = stack; /* out of memory: the first 4 KB */
		cap = sizeof stack;
	}
	prefix(buf, cap, file, line, tag);
	if ((size_t)n < cap - 2)
		vsnprintf(buf + n, cap - 1 - (size_t)n, fmt, ap);
	else
		n = (int)(cap - 2);
	buf[cap - 2] = '\0';
	hs_msg_shorten(buf + n);
	size_t len = strlen(buf);
	if (len > 4096) /* many long words: keep the start and the end */
		len = cut_middle(buf, buf, len, 2048, 1024, 1);
	buf[len++] = '\n';
	hs_msg_put(buf, len);
	if (buf != stack)
		free(buf);
}

void hs_msg_redirect(FILE *f)
{
	msg_out = f;
}

void hs_msg_put(const char *s, size_t n)
{
	fwrite(s, 1, n, msg_out ? msg_out : stderr);
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

static volatile int dying;

int hs_dying(void)
{
	return dying;
}

/* Fatal messages go to stderr even when redirected: nobody reads the
 * redirection after exit. */
void hs_die(int status, const char *fmt, ...)
{
	va_list ap;
	dying = 1;
	msg_out = NULL;
	va_start(ap, fmt);
	emit(NULL, 0, "", fmt, ap);
	va_end(ap);
	exit(status);
}

void hs_die_at(int status, const char *file, int line, const char *fmt, ...)
{
	va_list ap;
	dying = 1;
	msg_out = NULL;
	va_start(ap, fmt);
	emit(file, line, "", fmt, ap);
	va_end(ap);
	exit(status);
}

int hs_stdout_status(void)
{
	errno = 0;
	int bad = fflush(stdout) != 0;
	int e = bad ? errno : 0;
	bad |= ferror(stdout) != 0;
	if (!bad)
		return HS_EXIT_OK;
	hs_error("stdout: write error%s%s", e ? ": " : "", e ? strerror(e) : "");
	return HS_EXIT_FAIL;
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

#if defined(__SIZEOF_INT128__)
/* 5^q for q = -40..40 in 128 bits, the top bit set: truncated for q >= 0,
 * rounded up for q < 0 (the table of Lemire's fast_float, generated with
 * its script). */
static const uint64_t pow5_128[81][2] = {
	{0x8b61313bbabce2c6ull, 0x2323ac4b3b3da015ull}, {0xae397d8aa96c1b77ull, 0xabec975e0a0d081aull},
	{0xd9c7dced53c72255ull, 0x96e7bd358c904a21ull}, {0x881cea14545c7575ull, 0x7e50d64177da2e54ull},
	{0xaa242499697392d2ull, 0xdde50bd1d5d0b9e9ull}, {0xd4ad2dbfc3d07787ull, 0x955e4ec64b44e864ull},
	{0x84ec3c97da624ab4ull, 0xbd5af13bef0b113eull}, {0xa6274bbdd0fadd61ull, 0xecb1ad8aeacdd58eull},
	{0xcfb11ead453994baull, 0x67de18eda5814af2ull}, {0x81ceb32c4b43fcf4ull, 0x80eacf948770ced7ull},
	{0xa2425ff75e14fc31ull, 0xa1258379a94d028dull}, {0xcad2f7f5359a3b3eull, 0x096ee45813a04330ull},
	{0xfd87b5f28300ca0dull, 0x8bca9d6e188853fcull}, {0x9e74d1b791e07e48ull, 0x775ea264cf55347eull},
	{0xc612062576589ddaull, 0x95364afe032a819eull}, {0xf79687aed3eec551ull, 0x3a83ddbd83f52205ull},
	{0x9abe14cd44753b52ull, 0xc4926a9672793543ull}, {0xc16d9a0095928a27ull, 0x75b7053c0f178294ull},
	{0xf1c90080baf72cb1ull, 0x5324c68b12dd6339ull}, {0x971da05074da7beeull, 0xd3f6fc16ebca5e04ull},
	{0xbce5086492111aeaull, 0x88f4bb1ca6bcf585ull}, {0xec1e4a7db69561a5ull, 0x2b31e9e3d06c32e6ull},
	{0x9392ee8e921d5d07ull, 0x3aff322e62439fd0ull}, {0xb877aa3236a4b449ull, 0x09befeb9fad487c3ull},
	{0xe69594bec44de15bull, 0x4c2ebe687989a9b4ull}, {0x901d7cf73ab0acd9ull, 0x0f9d37014bf60a11ull},
	{0xb424dc35095cd80full, 0x538484c19ef38c95ull}, {0xe12e13424bb40e13ull, 0x2865a5f206b06fbaull},
	{0x8cbccc096f5088cbull, 0xf93f87b7442e45d4ull}, {0xafebff0bcb24aafeull, 0xf78f69a51539d749ull},
	{0xdbe6fecebdedd5beull, 0xb573440e5a884d1cull}, {0x89705f4136b4a597ull, 0x31680a88f8953031ull},
	{0xabcc77118461cefcull, 0xfdc20d2b36ba7c3eull}, {0xd6bf94d5e57a42bcull, 0x3d32907604691b4dull},
	{0x8637bd05af6c69b5ull, 0xa63f9a49c2c1b110ull}, {0xa7c5ac471b478423ull, 0x0fcf80dc33721d54ull},
	{0xd1b71758e219652bull, 0xd3c36113404ea4a9ull}, {0x83126e978d4fdf3bull, 0x645a1cac083126eaull},
	{0xa3d70a3d70a3d70aull, 0x3d70a3d70a3d70a4ull}, {0xccccccccccccccccull, 0xcccccccccccccccdull},
	{0x8000000000000000ull, 0x0000000000000000ull}, {0xa000000000000000ull, 0x0000000000000000ull},
	{0xc800000000000000ull, 0x0000000000000000ull}, {0xfa00000000000000ull, 0x0000000000000000ull},
	{0x9c40000000000000ull, 0x0000000000000000ull}, {0xc350000000000000ull, 0x0000000000000000ull},
	{0xf424000000000000ull, 0x0000000000000000ull}, {0x9896800000000000ull, 0x0000000000000000ull},
	{0xbebc200000000000ull, 0x0000000000000000ull}, {0xee6b280000000000ull, 0x0000000000000000ull},
	{0x9502f90000000000ull, 0x0000000000000000ull}, {0xba43b74000000000ull, 0x0000000000000000ull},
	{0xe8d4a51000000000ull, 0x0000000000000000ull}, {0x9184e72a00000000ull, 0x0000000000000000ull},
	{0xb5e620f480000000ull, 0x0000000000000000ull}, {0xe35fa931a0000000ull, 0x0000000000000000ull},
	{0x8e1bc9bf04000000ull, 0x0000000000000000ull}, {0xb1a2bc2ec5000000ull, 0x0000000000000000ull},
	{0xde0b6b3a76400000ull, 0x0000000000000000ull}, {0x8ac7230489e80000ull, 0x0000000000000000ull},
	{0xad78ebc5ac620000ull, 0x0000000000000000ull}, {0xd8d726b7177a8000ull, 0x0000000000000000ull},
	{0x878678326eac9000ull, 0x0000000000000000ull}, {0xa968163f0a57b400ull, 0x0000000000000000ull},
	{0xd3c21bcecceda100ull, 0x0000000000000000ull}, {0x84595161401484a0ull, 0x0000000000000000ull},
	{0xa56fa5b99019a5c8ull, 0x0000000000000000ull}, {0xcecb8f27f4200f3aull, 0x0000000000000000ull},
	{0x813f3978f8940984ull, 0x4000000000000000ull}, {0xa18f07d736b90be5ull, 0x5000000000000000ull},
	{0xc9f2c9cd04674edeull, 0xa400000000000000ull}, {0xfc6f7c4045812296ull, 0x4d00000000000000ull},
	{0x9dc5ada82b70b59dull, 0xf020000000000000ull}, {0xc5371912364ce305ull, 0x6c28000000000000ull},
	{0xf684df56c3e01bc6ull, 0xc732000000000000ull}, {0x9a130b963a6c115cull, 0x3c7f400000000000ull},
	{0xc097ce7bc90715b3ull, 0x4b9f100000000000ull}, {0xf0bdc21abb48db20ull, 0x1e86d40000000000ull},
	{0x96769950b50d88f4ull, 0x1314448000000000ull}, {0xbc143fa4e250eb31ull, 0x17d955a000000000ull},
	{0xeb194f8e1ae525fdull, 0x5dcfab0800000000ull},
};

/* floor(x / 65536) for a negative x too. */
static int64_t floor_div65536(int64_t x)
{
	return x >= 0 ? x / 65536 : -((-x + 65535) / 65536);
}

/* The Eisel-Lemire algorithm (Lemire, "Number parsing at a gigabyte per
 * second", 2021; the version of fast_float whose product is proven always
 * precise enough): w * 10^q, w != 0 of up to 19 digits, rounded to the
 * nearest double, ties to even.  -1 outside the table and for results
 * that would be subnormal or infinite (strtod handles those). */
static int eisel_lemire(uint64_t w, int q, double *out)
{
	if (w == 0 || q < -40 || q > 40)
		return -1;
	int lz = __builtin_clzll(w);
	w <<= lz;
	const uint64_t *t = pow5_128[q + 40];
	unsigned __int128 p = (unsigned __int128)w * t[0];
	uint64_t hi = (uint64_t)(p >> 64), lo = (uint64_t)p;
	if ((hi & 0x1FF) == 0x1FF) { /* the low bits may carry: add w * the next 64 bits */
		uint64_t p2 = (uint64_t)(((unsigned __int128)w * t[1]) >> 64);
		lo += p2;
		if (p2 > lo)
			hi++;
	}
	int upper = (int)(hi >> 63), shift = upper + 9;
	uint64_t mant = hi >> shift;
	int64_t power2 = floor_div65536((152170 + 65536) * (int64_t)q) + 63 + upper - lz + 1023;
	if (power2 <= 0)
		return -1;
	/* Exactly halfway between two doubles (only possible for small q):
	 * round to even instead of up. */
	if (lo <= 1 && q >= -4 && q <= 23 && (mant & 3) == 1 && (mant << shift) == hi)
		mant &= ~(uint64_t)1;
	mant += mant & 1;
	mant >>= 1;
	if (mant >= (uint64_t)2 << 52) {
		mant = (uint64_t)1 << 52;
		power2++;
	}
	mant &= ~((uint64_t)1 << 52);
	if (power2 >= 0x7FF)
		return -1;
	uint64_t bits = mant | (uint64_t)power2 << 52;
	memcpy(out, &bits, sizeof bits);
	return 0;
}
#endif

/* Plain decimals ("50", "3816.1357243912054", "1e-09"), the numbers of
 * nearly every stream, without strtod, to the same double:
 *  - Clinger's fast path: digits up to 2^53 and a power of ten up to 22
 *    are exact doubles, and one multiplication or division rounds
 *    correctly;
 *  - otherwise, up to 19 significant digits: Eisel-Lemire.
 * Anything else (more digits, hex, inf, blanks, errors, extreme exponents)
 * returns -1 for strtod. */
static int parse_decimal_fast(const char *p, double *out)
{
	static const double p10[23] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
				       1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
				       1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
	int neg = *p == '-', digits = 0, sig = 0, e = 0;
	uint64_t m = 0;
	if (*p == '-' || *p == '+')
		p++;
	for (; *p >= '0' && *p <= '9'; p++, digits++) {
		if ((sig += m > 0 || *p != '0') > 19)
			return -1;
		m = m * 10 + (uint64_t)(*p - '0');
	}
	if (*p == '.')
		for (p++; *p >= '0' && *p <= '9'; p++, digits++, e--) {
			if ((sig += m > 0 || *p != '0') > 19)
				return -1;
			m = m * 10 + (uint64_t)(*p - '0');
		}
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
	if (*p)
		return -1;
	double v;
	if (m <= (uint64_t)1 << 53 && e >= -22 && e <= 22) {
		v = (double)m;
		v = e < 0 ? v / p10[-e] : v * p10[e];
	} else {
#if defined(__SIZEOF_INT128__)
		if (eisel_lemire(m, e, &v) < 0)
			return -1;
#else
		return -1;
#endif
	}
	*out = neg ? -v : v;
	return 0;
}

int hs_parse_double(const char *s, double *out)
{
	if (blank_or_empty_start(s))
		return HS_NUM_SYNTAX;
	if (parse_decimal_fast(s, out) == 0)
		return 0;
	char *end;
	errno = 0;
	double v = strtod(s, &end);
	if (end == s || *end)
		return HS_NUM_SYNTAX;
	if (!isfinite(v))
		return errno == ERANGE ? HS_NUM_HUGE : HS_NUM_SYNTAX; /* "inf" is no range error */
	/* ERANGE means overflow or underflow; a subnormal result is still the
	 * nearest double (we write such numbers ourselves), only underflow to
	 * zero from a non-zero text is an error. */
	if (errno == ERANGE && v == 0)
		return HS_NUM_TINY;
	*out = v;
	return 0;
}

const char *hs_num_range(int rc)
{
	if (rc == HS_NUM_HUGE)
		return "is out of range (a number's magnitude must be below 1.8e308)";
	if (rc == HS_NUM_TINY)
		return "is out of range (a non-zero number's magnitude must be at least 4.9e-324; "
		       "write 0 for zero)";
	return NULL;
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

int hs_free_at_exit(void)
{
#if defined(__SANITIZE_ADDRESS__)
	return 1;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
	return 1;
#else
	return 0;
#endif
#else
	return 0;
#endif
}

double hs_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* ---- atomic files ---- */

/* Temporaries not yet committed or aborted, removed if the process ends
 * first: by exit() anywhere (hs_die), or by SIGINT, SIGTERM, SIGHUP or
 * SIGPIPE where the tool left those to their default action.  Slots are
 * claimed lock-free so that the signal handler can read them. */
#define TMP_SLOTS 16
static _Atomic(char *) tmp_slots[TMP_SLOTS];
static atomic_int tmp_hooked;
static pid_t tmp_owner; /* a forked child removes none of its parent's */
static const int tmp_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};

static void tmp_unlink_all(void)
{
	if (getpid() != tmp_owner)
		return;
	for (int i = 0; i < TMP_SLOTS; i++) {
		char *p = atomic_load(&tmp_slots[i]);
		if (p)
			unlink(p);
	}
}

static void tmp_on_signal(int sig)
{
	tmp_unlink_all();
	/* Then die of the signal as if never caught (it stays blocked until
	 * this handler returns). */
	signal(sig, SIG_DFL);
	raise(sig);
}

static void tmp_remember(char *tmp)
{
	if (!atomic_exchange(&tmp_hooked, 1)) {
		tmp_owner = getpid();
		atexit(tmp_unlink_all);
		for (size_t k = 0; k < sizeof tmp_signals / sizeof *tmp_signals; k++) {
			struct sigaction old, sa;
			if (sigaction(tmp_signals[k], NULL, &old) != 0 ||
			    (old.sa_flags & SA_SIGINFO) || old.sa_handler != SIG_DFL)
				continue; /* ignored or handled by the tool: leave it */
			memset(&sa, 0, sizeof sa);
			sa.sa_handler = tmp_on_signal;
			sigemptyset(&sa.sa_mask);
			sigaction(tmp_signals[k], &sa, NULL);
		}
	}
	for (int i = 0; i < TMP_SLOTS; i++) {
		char *none = NULL;
		if (atomic_compare_exchange_strong(&tmp_slots[i], &none, tmp))
			return;
	}
}

static void tmp_forget(const char *tmp)
{
	for (int i = 0; i < TMP_SLOTS; i++) {
		char *p = (char *)tmp;
		if (atomic_compare_exchange_strong(&tmp_slots[i], &p, NULL))
			return;
	}
}

/* The descriptor that path names when it is one of ours (/dev/stdout,
 * /dev/stderr, /dev/fd/N, /proc/self/fd/N), else -1.  Such a file is
 * written through a copy of the descriptor, which keeps the shell's offset
 * and O_APPEND ("-o /dev/stdout >> log"); a pipe has no other name. */
static int fd_path(const char *p)
{
	const char *n;
	if (strcmp(p, "/dev/stdout") == 0)
		return 1;
	if (strcmp(p, "/dev/stderr") == 0)
		return 2;
	if (strncmp(p, "/dev/fd/", 8) == 0)
		n = p + 8;
	else if (strncmp(p, "/proc/self/fd/", 14) == 0)
		n = p + 14;
	else
		return -1;
	int fd;
	return hs_parse_int(n, 0, INT_MAX, &fd) < 0 ? -1 : fd;
}

/* path with the symbolic links of its last component followed: the file a
 * plain write through path reaches, there or not yet (a dangling link is
 * written through too).  Malloc'd; NULL with errno set on a loop or a
 * read error.  *fd: fd_path() of the first name that has one, else -1. */
static char *resolve_links(const char *path, int *fd)
{
	char *cur = hs_strdup(path);
	for (int hops = 0;; hops++) {
		struct stat st;
		if ((*fd = fd_path(cur)) >= 0 || lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode))
			return cur;
		char buf[PATH_MAX];
		ssize_t n = hops < 40 ? readlink(cur, buf, sizeof buf - 1) : -1;
		if (n < 0) {
			int e = hops < 40 ? errno : ELOOP;
			free(cur);
			errno = e;
			return NULL;
		}
		buf[n] = 0;
		char *next = hs_path_beside(cur, buf);
		free(cur);
		cur = next;
	}
}

int hs_atomic_open(struct hs_atomic_file *af, const char *path)
{
	memset(af, 0, sizeof *af);
	int fd;
	char *target = resolve_links(path, &fd);
	if (!target) {
		hs_error("%s: %s", path, strerror(errno));
		return -1;
	}
	struct stat st;
	int exists = fd < 0 && stat(target, &st) == 0;
	char *tmp = NULL;
	if (fd >= 0 || (exists && !S_ISREG(st.st_mode))) {
		/* A device, a FIFO, a descriptor: write through, never replace. */
		if (exists && !S_ISCHR(st.st_mode) && !S_ISFIFO(st.st_mode)) {
			hs_error("%s: %s", path,
				 S_ISDIR(st.st_mode) ? strerror(EISDIR)
						     : "not a regular file, character device or FIFO");
			free(target);
			return -1;
		}
		fd = fd >= 0 ? fcntl(fd, F_DUPFD_CLOEXEC, 3) : open(target, O_WRONLY | O_NOCTTY | O_CLOEXEC);
		if (fd < 0) {
			hs_error("%s: %s", path, strerror(errno));
			free(target);
			return -1;
		}
	} else {
		/* The temporary file lives in the target's directory so that
		 * rename() stays within one file system and is atomic.  Its name
		 * says what it is (hs-format(5), FILES): .NAME.hs-tmp.PID.XXXXXX. */
		const char *slash = strrchr(target, '/');
		size_t dirlen = slash ? (size_t)(slash - target) + 1 : 0;
		tmp = hs_asprintf("%.*s.%.200s.hs-tmp.%ld.XXXXXX", (int)dirlen, target,
				  target + dirlen, (long)getpid());
		fd = mkstemp(tmp);
		if (fd < 0) {
			hs_error("%s: cannot create temporary file: %s", path, strerror(errno));
			free(tmp);
			free(target);
			return -1;
		}
		tmp_remember(tmp);
		if (exists) {
			/* Replace the file as it was: its owner (where we may) and mode. */
			if (st.st_uid != geteuid() || st.st_gid != getegid())
				(void)!fchown(fd, st.st_uid, st.st_gid);
			(void)fchmod(fd, st.st_mode & 07777);
		} else {
			/* mkstemp makes 0600; new files get the usual 0666 & ~umask. */
			mode_t mask = umask(0);
			umask(mask);
			(void)fchmod(fd, 0666 & ~mask);
		}
	}
	FILE *fp = fdopen(fd, "w");
	if (!fp) {
		hs_error("%s: %s", path, strerror(errno));
		close(fd);
		if (tmp) {
			unlink(tmp);
			tmp_forget(tmp);
		}
		free(tmp);
		free(target);
		return -1;
	}
	af->fp = fp;
	af->path = hs_strdup(path);
	af->target = target;
	af->tmp = tmp;
	return 0;
}

static void atomic_free(struct hs_atomic_file *af)
{
	free(af->path);
	free(af->target);
	free(af->tmp);
	af->path = af->target = af->tmp = NULL;
	af->fp = NULL;
}

static void atomic_drop(struct hs_atomic_file *af)
{
	if (af->tmp) {
		unlink(af->tmp);
		tmp_forget(af->tmp);
	}
	atomic_free(af);
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
		atomic_drop(af);
		return -1;
	}
	if (af->tmp && rename(af->tmp, af->target) != 0) {
		hs_error("%s: cannot rename %s: %s", af->path, af->tmp, strerror(errno));
		atomic_drop(af);
		return -1;
	}
	if (af->tmp)
		tmp_forget(af->tmp);
	atomic_free(af);
	return 0;
}

void hs_atomic_abort(struct hs_atomic_file *af)
{
	if (af->fp)
		fclose(af->fp);
	atomic_drop(af);
}

char *hs_path_beside(const char *file, const char *rel)
{
	const char *slash = strrchr(file, '/');
	if (rel[0] == '/' || !slash)
		return hs_strdup(rel);
	return hs_asprintf("%.*s/%s", (int)(slash - file), file, rel);
}
