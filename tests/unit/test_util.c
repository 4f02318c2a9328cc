/* test_util - messages, checked numbers, number formatting, atomic files. */
#include "hs/util.h"
#include "model_fixture.h"
#include "tap.h"

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <dirent.h>

/* Test names must stay on one line. */
static const char *vis(const char *s)
{
	static char buf[128];
	size_t n = 0;
	for (; *s && n < sizeof buf - 3; s++)
		if (*s == '\n' || *s == '\t') {
			buf[n++] = '\\';
			buf[n++] = *s == '\n' ? 'n' : 't';
		} else {
			buf[n++] = *s;
		}
	buf[n] = '\0';
	return buf;
}

static int same_bits(double a, double b)
{
	return memcmp(&a, &b, sizeof a) == 0;
}

static int roundtrips(double v)
{
	char buf[HS_NUMBUF];
	hs_fmt_double(buf, v);
	double back = strtod(buf, NULL);
	return same_bits(v, back);
}

static uint64_t rng_state = 88172645463325252ull;
static uint64_t rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

static void test_progname_and_messages(void)
{
	hs_set_progname("/usr/local/bin/hs-test");
	TAP_STREQ(hs_progname(), "hs-test", "progname is the basename of argv[0]");

	fx_cap_begin();
	hs_error_at("in.hs", 12, "task %s: unknown model '%s'", "t3", "amdhal");
	TAP_STREQ(fx_cap_end(), "hs-test: in.hs:12: task t3: unknown model 'amdhal'\n",
		  "hs_error_at: PROG: FILE:LINE: msg");
	fx_cap_begin();
	hs_error_at("in.hs", 0, "No such file or directory");
	TAP_STREQ(fx_cap_end(), "hs-test: in.hs: No such file or directory\n",
		  "hs_error_at with line 0 omits the line");
	fx_cap_begin();
	hs_error("bad %d", 7);
	TAP_STREQ(fx_cap_end(), "hs-test: bad 7\n", "hs_error: PROG: msg");
	fx_cap_begin();
	hs_warn("careful");
	TAP_STREQ(fx_cap_end(), "hs-test: warning: careful\n", "hs_warn says warning");

	/* A long id is cut in its middle, the reason after it kept; a message
	 * of many long words keeps its start and its end. */
	char *id = hs_malloc(10001);
	memset(id, 'x', 10000);
	memcpy(id + 9990, "0123456789", 11);
	fx_cap_begin();
	hs_error_at("in.hs", 5, "task %s: unknown model '%s'", id, "amdhal");
	TAP_STREQ(fx_cap_end(),
		  "hs-test: in.hs:5: task xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
		  "[...9921 bytes...]xxxxx0123456789: unknown model 'amdhal'\n",
		  "a 10 000-byte id: cut in its middle, the reason kept");
	free(id);
	char *many = hs_malloc(200 * 100 + 1), *p = many;
	for (int i = 0; i < 200; i++)
		p += sprintf(p, "%099d ", i);
	p[-1] = '\0';
	fx_cap_begin();
	hs_error("%s: the reason", many);
	const char *got = fx_cap_end();
	size_t glen = strlen(got);
	TAP_OK(glen < 4200 && strncmp(got, "hs-test: 0000", 13) == 0 &&
	       glen > 16 && strcmp(got + glen - 16, "199: the reason\n") == 0 &&
	       strstr(got, " bytes...] ") != NULL,
	       "a 20 KB message: its start and its end, the middle cut (%zu bytes)", glen);
	free(many);
	char w[] = "a bb ccc";
	TAP_STREQ(hs_msg_shorten(w), "a bb ccc", "short words stay");

	/* hs_die exits with the given status after the message. */
	fx_cap_begin();
	pid_t pid = fork();
	if (pid == 0)
		hs_die_at(HS_EXIT_USAGE, "x.hs", 3, "boom");
	int st = 0;
	waitpid(pid, &st, 0);
	TAP_STREQ(fx_cap_end(), "hs-test: x.hs:3: boom\n", "hs_die_at message");
	TAP_OK(WIFEXITED(st) && WEXITSTATUS(st) == 2, "hs_die_at exits with the status given");
	pid = fork();
	if (pid == 0) {
		close(2);
		hs_die(HS_EXIT_FAIL, "x");
	}
	waitpid(pid, &st, 0);
	TAP_OK(WIFEXITED(st) && WEXITSTATUS(st) == 1, "hs_die exits 1");
}

static void test_alloc(void)
{
	char *s = hs_strndup("abcdef", 3);
	TAP_STREQ(s, "abc", "hs_strndup cuts");
	free(s);
	s = hs_strndup("ab", 10);
	TAP_STREQ(s, "ab", "hs_strndup of a short string");
	free(s);
	s = hs_asprintf("%s-%d-%.1f", "x", 42, 2.5);
	TAP_STREQ(s, "x-42-2.5", "hs_asprintf");
	free(s);
	int *v = hs_reallocarray(NULL, 1000, sizeof *v);
	v[999] = 1;
	v = hs_reallocarray(v, 2000, sizeof *v);
	TAP_OK(v[999] == 1, "hs_reallocarray keeps contents");
	free(v);
	char *z = hs_calloc(16, 1);
	int zero = 1;
	for (int i = 0; i < 16; i++)
		zero &= z[i] == 0;
	TAP_OK(zero, "hs_calloc zeroes");
	free(z);
	/* Exhaustion dies with status 1 instead of returning NULL. */
	pid_t pid = fork();
	if (pid == 0) {
		close(2);
		hs_reallocarray(NULL, SIZE_MAX / 2, 4);
		_exit(0);
	}
	int st = 0;
	waitpid(pid, &st, 0);
	TAP_OK(WIFEXITED(st) && WEXITSTATUS(st) == 1, "allocation overflow exits 1");
}

static void test_parse_numbers(void)
{
	static const struct {
		const char *s;
		double v;
	} good[] = {
		{"1", 1}, {"-2.5e3", -2500}, {"0.1", 0.1}, {"+3", 3}, {"1e-300", 1e-300},
		{"0x1p3", 8}, {"5e-324", 5e-324}, {"1.7976931348623157e308", DBL_MAX}, {"-0", -0.0},
	};
	for (size_t i = 0; i < sizeof good / sizeof *good; i++) {
		double v = 42;
		int r = hs_parse_double(good[i].s, &v);
		TAP_OK(r == 0 && same_bits(v, good[i].v), "hs_parse_double('%s')", good[i].s);
	}
	static const char *bad[] = {"", " 1", "1 ", "1x", "x", "inf", "-inf", "nan", "1,5",
				    "\t2", "2\n", "--1", "."};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		double v = 42;
		int r = hs_parse_double(bad[i], &v);
		TAP_OK(r == HS_NUM_SYNTAX && v == 42 && !hs_num_range(r),
		       "hs_parse_double rejects '%s' and leaves *out", vis(bad[i]));
	}
	/* Numbers beyond a double: said so (issue 12: not "must be a number"). */
	static const struct {
		const char *s;
		int rc;
	} range[] = {{"1e999", HS_NUM_HUGE}, {"-1e999", HS_NUM_HUGE}, {"1.8e308", HS_NUM_HUGE},
		     {"1e-400", HS_NUM_TINY}, {"-2e-324", HS_NUM_TINY}};
	for (size_t i = 0; i < sizeof range / sizeof *range; i++) {
		double v = 42;
		int r = hs_parse_double(range[i].s, &v);
		TAP_OK(r == range[i].rc && v == 42 && strstr(hs_num_range(r), "is out of range"),
		       "hs_parse_double: '%s' is out of range (%d)", range[i].s, r);
	}
	TAP_OK(hs_parse_double(NULL, &(double){0}) == -1, "hs_parse_double(NULL) fails");

	/* The fast paths for plain decimals (Clinger, Eisel-Lemire) give
	 * strtod's double, bit for bit: random strings of 1 to 20 digits with
	 * a decimal point somewhere and exponents around the paths' limits
	 * (2^53, 10^22, 19 digits, 10^40). */
	unsigned long long x = 88172645463325252ull;
	int differ = 0, tried = 0;
	for (int i = 0; i < 400000; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		unsigned long long y = x * 0x2545F4914F6CDD1Dull;
		char buf[64];
		int nd = 1 + (int)(x % 20), dot = (int)((x >> 8) % (unsigned)(nd + 2)), len = 0;
		if ((x >> 16) & 1)
			buf[len++] = '-';
		for (int k = 0; k < nd; k++) {
			if (k == dot)
				buf[len++] = '.';
			buf[len++] = (char)('0' + (k < 16 ? (x >> (4 * k)) : (y >> (4 * (k - 16)))) % 10);
		}
		if ((x >> 24) % 3 == 0)
			len += sprintf(buf + len, "e%d", (int)(y % 91) - 45);
		buf[len] = '\0';
		double a, b = strtod(buf, NULL);
		if (hs_parse_double(buf, &a) == 0) {
			tried++;
			if (!same_bits(a, b) && differ++ < 5)
				printf("#   '%s': %.17g, strtod %.17g\n", buf, a, b);
		}
	}
	TAP_OK(differ == 0 && tried > 300000, "hs_parse_double = strtod on %d random decimals", tried);

	/* Halfway cases: 2^k + (2j + 1) 2^(k - 53) lies exactly between two
	 * doubles and must round to the even one; and one above and below. */
	differ = tried = 0;
	for (int k = 53; k < 64; k++)
		for (unsigned long long j = 0; j < 300; j++) {
			unsigned long long h = (1ull << k) + (2 * j + 1) * (1ull << (k - 53));
			for (int d = -1; d <= 1; d++) {
				char buf[32];
				snprintf(buf, sizeof buf, "%llu", h + (unsigned long long)d);
				double a, b = strtod(buf, NULL);
				tried++;
				if (hs_parse_double(buf, &a) != 0 || !same_bits(a, b)) {
					if (differ++ < 5)
						printf("#   '%s': %.17g, strtod %.17g\n", buf, a, b);
				}
			}
		}
	TAP_OK(differ == 0, "hs_parse_double = strtod on %d integers at and around halfway points", tried);

	/* Every shortest form hs writes reads back through the fast paths. */
	differ = 0;
	for (int i = 0; i < 200000; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		double v = ldexp((double)(x >> 11), (int)(x % 120) - 80), back;
		char nb[HS_NUMBUF];
		hs_fmt_double(nb, v);
		if (hs_parse_double(nb, &back) != 0 || !same_bits(v, back))
			differ++;
	}
	TAP_OK(differ == 0, "200000 shortest forms of random doubles read back (%d failed)", differ);

	long l = 0;
	TAP_OK(hs_parse_long("123", 0, 1000, &l) == 0 && l == 123, "hs_parse_long 123");
	TAP_OK(hs_parse_long("-5", -10, 10, &l) == 0 && l == -5, "hs_parse_long -5");
	TAP_OK(hs_parse_long("11", 0, 10, &l) == -1, "hs_parse_long above max");
	TAP_OK(hs_parse_long("-1", 0, 10, &l) == -1, "hs_parse_long below min");
	TAP_OK(hs_parse_long("99999999999999999999", 0, 10, &l) == -1, "hs_parse_long overflow");
	TAP_OK(hs_parse_long("12a", 0, 100, &l) == -1, "hs_parse_long trailing junk");
	TAP_OK(hs_parse_long("1.0", 0, 100, &l) == -1, "hs_parse_long rejects 1.0");
	TAP_OK(hs_parse_long("", 0, 100, &l) == -1, "hs_parse_long empty");
	TAP_OK(hs_parse_long(" 1", 0, 100, &l) == -1, "hs_parse_long leading blank");
	int n = 0;
	TAP_OK(hs_parse_int("2147483647", 0, 2147483647, &n) == 0 && n == 2147483647, "hs_parse_int max");
	TAP_OK(hs_parse_int("2147483648", 0, 2147483647, &n) == -1, "hs_parse_int beyond int");
	TAP_OK(hs_parse_int("0", 1, 5, &n) == -1, "hs_parse_int below min");
}

static void test_fmt_double(void)
{
	static const struct {
		double v;
		const char *s;
	} want[] = {
		{12.5, "12.5"}, {1e9, "1000000000"}, {1e-9, "1e-09"}, {0.1, "0.1"}, {0, "0"},
		{-0.0, "-0"}, {-3, "-3"}, {0.95, "0.95"}, {1.25e9, "1250000000"},
		{0.1 + 0.2, "0.30000000000000004"}, {1e15, "1e+15"}, {123456789012345, "123456789012345"},
		{1.0 / 3, "0.3333333333333333"}, {2.4e-08, "2.4e-08"}, {5e-324, "5e-324"},
		{HUGE_VAL, "inf"}, {-HUGE_VAL, "-inf"},
	};
	char buf[HS_NUMBUF];
	for (size_t i = 0; i < sizeof want / sizeof *want; i++)
		TAP_STREQ(hs_fmt_double(buf, want[i].v), want[i].s, want[i].s);

	double special[] = {0.1, 1e-300, 5e-324, DBL_MAX, -DBL_MAX, DBL_MIN, -0.0, 0.0,
			    DBL_EPSILON, 1 + DBL_EPSILON, 9007199254740993.0, 1e22, 1e23, 2.2250738585072009e-308};
	for (size_t i = 0; i < sizeof special / sizeof *special; i++)
		TAP_OK(roundtrips(special[i]), "%.17g reads back bit-identical", special[i]);

	/* Random bit patterns over the whole range, and random "human" numbers. */
	int fails = 0, longest = 0;
	for (int i = 0; i < 200000; i++) {
		uint64_t bits = rng();
		double v;
		memcpy(&v, &bits, sizeof v);
		if (!isfinite(v))
			continue;
		if (!roundtrips(v))
			fails++;
		int len = (int)strlen(hs_fmt_double(buf, v));
		if (len > longest)
			longest = len;
	}
	TAP_OK(fails == 0, "200000 random doubles read back bit-identical (%d failed)", fails);
	TAP_OK(longest < HS_NUMBUF, "longest text %d fits HS_NUMBUF", longest);
	fails = 0;
	int shortest_ok = 1;
	for (int i = 0; i < 100000; i++) {
		double v = (double)(rng() % 1000000) / 1000.0;
		if (!roundtrips(v))
			fails++;
		/* A number typed with 3 decimals prints with at most 3. */
		const char *s = hs_fmt_double(buf, v);
		const char *dot = strchr(s, '.');
		if (dot && strlen(dot + 1) > 3)
			shortest_ok = 0;
	}
	TAP_OK(fails == 0, "100000 decimal numbers read back bit-identical");
	TAP_OK(shortest_ok, "decimal numbers print in their shortest form");
}

static void test_path_beside(void)
{
	char *p = hs_path_beside("dir/sub/plat.hs", "g.xml");
	TAP_STREQ(p, "dir/sub/g.xml", "a relative path is taken from the file's directory");
	free(p);
	p = hs_path_beside("dir/plat.hs", "/abs/g.xml");
	TAP_STREQ(p, "/abs/g.xml", "an absolute path stays");
	free(p);
	p = hs_path_beside("plat.hs", "g.xml");
	TAP_STREQ(p, "g.xml", "a file without a directory: the path stays");
	free(p);
}

static void test_now(void)
{
	double a = hs_now();
	usleep(2000);
	double b = hs_now();
	TAP_OK(b - a >= 0.0015, "hs_now is monotonic seconds (%.4f)", b - a);
}

static int dir_entries(const char *dir)
{
	DIR *d = opendir(dir);
	int n = 0;
	struct dirent *e;
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			n++;
	closedir(d);
	return n;
}

static void test_atomic(void)
{
	char dir[] = "/tmp/hs-test-atomic-XXXXXX";
	if (!mkdtemp(dir)) {
		TAP_OK(0, "mkdtemp");
		return;
	}
	char *path = hs_asprintf("%s/out.hs", dir);
	umask(022);
	struct hs_atomic_file af;
	TAP_OK(hs_atomic_open(&af, path) == 0, "hs_atomic_open");
	fputs("hs 1\n", af.fp);
	struct stat st;
	TAP_OK(stat(path, &st) != 0, "target does not exist before commit");
	TAP_OK(dir_entries(dir) == 1, "temporary file is in the target's directory");
	TAP_OK(hs_atomic_commit(&af) == 0, "hs_atomic_commit");
	FILE *f = fopen(path, "r");
	char line[32] = "";
	if (f) {
		if (!fgets(line, sizeof line, f))
			line[0] = '\0';
		fclose(f);
	}
	TAP_STREQ(line, "hs 1\n", "committed file has the content");
	TAP_OK(dir_entries(dir) == 1, "no temporary file left after commit");
	TAP_OK(stat(path, &st) == 0 && (st.st_mode & 0777) == 0644,
	       "committed file has 0666 & ~umask permissions, not mkstemp's 0600");

	/* Abort leaves the old file untouched and no temporary file. */
	TAP_OK(hs_atomic_open(&af, path) == 0, "hs_atomic_open again");
	fputs("garbage\n", af.fp);
	hs_atomic_abort(&af);
	f = fopen(path, "r");
	line[0] = '\0';
	if (f) {
		if (!fgets(line, sizeof line, f))
			line[0] = '\0';
		fclose(f);
	}
	TAP_STREQ(line, "hs 1\n", "abort keeps the previous file");
	TAP_OK(dir_entries(dir) == 1, "abort removes the temporary file");

	/* A directory that does not exist: reported, -1. */
	char *bad = hs_asprintf("%s/nodir/out.hs", dir);
	fx_cap_begin();
	int r = hs_atomic_open(&af, bad);
	const char *msg = fx_cap_end();
	TAP_OK(r == -1 && strstr(msg, "No such file or directory"), "open in a missing directory fails: %s", msg);
	free(bad);

	/* A relative path without a directory part. */
	char cwd[4096];
	if (getcwd(cwd, sizeof cwd) && chdir(dir) == 0) {
		TAP_OK(hs_atomic_open(&af, "rel.hs") == 0 && hs_atomic_commit(&af) == 0 &&
			       stat("rel.hs", &st) == 0,
		       "relative path without directory");
		unlink("rel.hs");
		if (chdir(cwd) != 0)
			perror("chdir");
	}
	unlink(path);
	rmdir(dir);
	free(path);
}

int main(void)
{
	test_progname_and_messages();
	test_alloc();
	test_parse_numbers();
	test_fmt_double();
	test_path_beside();
	test_now();
	test_atomic();
	return tap_done();
}
