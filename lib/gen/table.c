/* table.c - `hs-gen table`: tasks from measured runtimes.
 *
 * Each FILE is a CSV of runtimes measured on the reference node, in one of
 * two forms (one form per file; an optional header line is skipped):
 *     p,seconds          one task type, named after the file ("dgemm.csv"
 *                        gives type dgemm)
 *     type,p,seconds     several types in one file
 * '#' lines and blank lines are ignored, spaces around fields are too.  A
 * type's core counts must cover 1..P exactly once each (a type may be spread
 * over several files); the tasks get model=table times=t(1),...,t(P).
 * --interpolate fills gaps between measured core counts linearly in 1/p
 * (exact for Amdahl-shaped curves); it never extrapolates below the smallest
 * or above the largest measured p.  Every error names the file and line. */
#include "hs/gen.h"

#include <ctype.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { O_MIX = 256 + 1, O_INTERP, O_SCALE, O_SCOPE, O_PLATFORM, O_SEED };

static const struct hs_cli_opt opts[] = {
	{'n', "tasks", "N", "number of tasks (default: one per type)"},
	{0, "mix", NULL, "draw each task's type at random (default: types in turn)"},
	{0, "interpolate", NULL, "fill missing core counts, linearly in 1/p"},
	{0, "scale", "S", "multiply every time by S > 0 (default 1)"},
	{0, "scope", "node|cluster", "where one task may run (default node)"},
	{0, "platform", "NAME|FILE", "built-in platform, hs file or none (default dietze)"},
	{0, "seed", "N", "PRNG seed for --mix (default 1)"},
	{0, NULL, NULL, NULL},
};

static const struct hs_cli cli = {
	"hs-gen table",
	"[-n N] [--mix] [--interpolate] [--scale S] [--scope node|cluster] "
	"[--platform NAME|FILE] [--seed N] FILE...",
	"Tasks from measured runtimes: CSV lines p,seconds (or type,p,seconds).",
	opts,
	hs_gen_complete_platforms,
};

/* One measured point and where it came from. */
struct point {
	double secs;
	const char *file; /* owned by the input list (argv) */
	int line;         /* 0: not measured */
};

struct ttype {
	char *name;
	struct point *pt; /* pt[p-1] */
	int np;           /* allocated entries: the largest p seen */
	const char *file; /* first mention, for messages */
	int line;
};

struct table {
	struct ttype *t;
	int n, cap;
};

static struct ttype *type_get(struct table *tb, const char *name, const char *file, int line)
{
	for (int i = 0; i < tb->n; i++)
		if (strcmp(tb->t[i].name, name) == 0)
			return &tb->t[i];
	if (tb->n == tb->cap) {
		tb->cap = tb->cap ? 2 * tb->cap : 8;
		tb->t = hs_reallocarray(tb->t, (size_t)tb->cap, sizeof *tb->t);
	}
	struct ttype *t = &tb->t[tb->n++];
	*t = (struct ttype){ hs_strdup(name), NULL, 0, file, line };
	return t;
}

static void table_release(struct table *tb)
{
	for (int i = 0; i < tb->n; i++) {
		free(tb->t[i].name);
		free(tb->t[i].pt);
	}
	free(tb->t);
}

/* Trim spaces in place; returns the start. */
static char *trim(char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	size_t n = strlen(s);
	while (n && isspace((unsigned char)s[n - 1]))
		s[--n] = 0;
	return s;
}

/* Type name of a two-column file: its base name up to the first dot. */
static char *base_type(const char *path)
{
	if (!path || strcmp(path, "-") == 0)
		return hs_strdup("stdin");
	const char *b = strrchr(path, '/');
	b = b ? b + 1 : path;
	size_t n = strcspn(b, ".");
	return n ? hs_strndup(b, n) : hs_strdup(b);
}

static int valid_type_name(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (isspace((unsigned char)*s) || *s == '=' || *s == '\'' || *s == '"')
			return 0;
	return 1;
}

/* Read one CSV file into tb.  Returns 0, or -1 after reporting. */
static int read_csv(struct table *tb, const char *path)
{
	struct hs_input *in = hs_input_open(path);
	if (!in)
		return -1;
	const char *name = hs_input_name(in);
	/* Messages name the file as given; keep a copy that outlives the input. */
	const char *fname = path && strcmp(path, "-") != 0 ? path : "stdin";
	(void)name;
	char *deftype = base_type(path);
	int cols = 0, rc = 0, data = 0;
	char *line;
	long len;
	while ((len = hs_input_getline(in, &line)) >= 0) {
		int ln = hs_input_lineno(in);
		if (memchr(line, '\0', (size_t)len)) {
			/* The copy would end there and drop the rest of the line. */
			hs_error_at(fname, ln, "line contains a NUL byte");
			rc = -1;
			break;
		}
		char *buf = hs_strndup(line, (size_t)len), *s = trim(buf);
		if (!*s || *s == '#') {
			free(buf);
			continue;
		}
		int nf;
		char **f = hs_split_list(s, ',', &nf);
		for (int i = 0; i < nf; i++)
			f[i] = trim(f[i]);
		if (nf != 2 && nf != 3) {
			hs_error_at(fname, ln, "expected 'p,seconds' or 'type,p,seconds', got %d fields",
				    nf);
			rc = -1;
		} else if (cols && nf != cols) {
			hs_error_at(fname, ln, "%d fields, but the file's first line has %d", nf, cols);
			rc = -1;
		} else {
			const char *ps = f[nf - 2], *ss = f[nf - 1];
			int p;
			double secs;
			int pok = hs_parse_int(ps, 1, 1000000, &p) == 0;
			int sok = hs_parse_double(ss, &secs) == 0;
			if (!data && !cols && !pok && hs_parse_double(ps, &secs) < 0) {
				/* A header line ("p,seconds"): only as the first line. */
				cols = nf;
				free(f);
				free(buf);
				continue;
			}
			cols = nf;
			data = 1;
			const char *tname = nf == 3 ? f[0] : deftype;
			if (!pok) {
				hs_error_at(fname, ln, "core count '%s' is not an integer between 1 and 1000000",
					    ps);
				rc = -1;
			} else if (!sok || !(secs > 0)) {
				hs_error_at(fname, ln, "time '%s' is not a number of seconds greater than 0",
					    ss);
				rc = -1;
			} else if (!valid_type_name(tname)) {
				hs_error_at(fname, ln, "type '%s' is empty or has spaces or quotes", tname);
				rc = -1;
			} else {
				struct ttype *t = type_get(tb, tname, fname, ln);
				if (p > t->np) {
					t->pt = hs_reallocarray(t->pt, (size_t)p, sizeof *t->pt);
					memset(t->pt + t->np, 0, (size_t)(p - t->np) * sizeof *t->pt);
					t->np = p;
				}
				struct point *pt = &t->pt[p - 1];
				if (pt->line) {
					hs_error_at(fname, ln, "type '%s': p=%d given twice (first at %s:%d)",
						    tname, p, pt->file, pt->line);
					rc = -1;
				} else {
					*pt = (struct point){ secs, fname, ln };
				}
			}
		}
		free(f);
		free(buf);
		if (rc < 0)
			break; /* the first error only: a bad file of a million lines is one message */
	}
	if (len == -2)
		rc = -1;
	else if (!data && rc == 0) {
		hs_error_at(fname, 0, "no runtimes (lines 'p,seconds' or 'type,p,seconds')");
		rc = -1;
	}
	hs_input_close(in);
	free(deftype);
	return rc;
}

/* Check that t covers 1..P; with interpolate, fill inner gaps linearly in
 * 1/p.  Returns 0, or -1 after reporting. */
static int complete_type(struct ttype *t, int interpolate)
{
	int first = 0;
	while (first < t->np && !t->pt[first].line)
		first++;
	if (first > 0) {
		const struct point *q = &t->pt[first];
		hs_error_at(q->file, q->line, "type '%s': no time for p=1 (the measurements start at p=%d)%s",
			    t->name, first + 1,
			    interpolate ? "; --interpolate fills gaps only between measured p" : "");
		return -1;
	}
	for (int i = 1; i < t->np; i++) {
		if (t->pt[i].line)
			continue;
		int j = i;
		while (!t->pt[j].line)
			j++; /* the last entry is always measured */
		if (!interpolate) {
			const struct point *q = &t->pt[j];
			if (j == i + 1)
				hs_error_at(q->file, q->line,
					    "type '%s': no time for p=%d (times must cover p=1..%d "
					    "without gaps; --interpolate fills them)",
					    t->name, i + 1, t->np);
			else
				hs_error_at(q->file, q->line,
					    "type '%s': no times for p=%d..%d (times must cover p=1..%d "
					    "without gaps; --interpolate fills them)",
					    t->name, i + 1, j, t->np);
			return -1;
		}
		/* Between measured a = i and b = j + 1 (core counts): t linear in 1/p. */
		double pa = i, pb = j + 1, ta = t->pt[i - 1].secs, tb = t->pt[j].secs;
		for (int k = i; k < j; k++) {
			double p = k + 1, u = (1 / p - 1 / pa) / (1 / pb - 1 / pa);
			t->pt[k].secs = ta + u * (tb - ta);
		}
		i = j;
	}
	return 0;
}

static char *times_text(const struct ttype *t, double scale)
{
	size_t cap = (size_t)t->np * HS_NUMBUF + 1, len = 0;
	char *s = hs_malloc(cap);
	s[0] = 0;
	for (int i = 0; i < t->np; i++) {
		char b[HS_NUMBUF];
		hs_fmt_double(b, t->pt[i].secs * scale);
		len += (size_t)snprintf(s + len, cap - len, "%s%s", i ? "," : "", b);
	}
	return s;
}

static int run(int argc, char **argv, struct hs_stream *out)
{
	long n = 0, seed = 1;
	int mix = 0, interpolate = 0;
	double scale = 1;
	const char *scope = "node", *platform = "dietze";
	const char *arg;
	int c, ind;
	while ((c = hs_cli_next(&cli, argc, argv, &arg, &ind)) != -1) {
		switch (c) {
		case 'n': n = hs_cli_long("-n", arg, 1, 10000000); break;
		case O_MIX: mix = 1; break;
		case O_INTERP: interpolate = 1; break;
		case O_SCALE: scale = hs_cli_double("--scale", arg, DBL_MIN, HUGE_VAL); break;
		case O_SCOPE:
			if (strcmp(arg, "node") != 0 && strcmp(arg, "cluster") != 0)
				hs_cli_usage_error(&cli, "option --scope: '%s' must be node or cluster",
						   arg);
			scope = arg;
			break;
		case O_PLATFORM: platform = arg; break;
		case O_SEED: seed = hs_cli_long("--seed", arg, 0, 0x7fffffffffffffffL); break;
		}
	}
	if (ind >= argc)
		hs_cli_usage_error(&cli, "missing CSV file (FILE, or - for stdin)");

	struct table tb = { 0 };
	int rc = 0;
	for (int i = ind; i < argc; i++)
		if (read_csv(&tb, argv[i]) < 0)
			rc = -1;
	for (int i = 0; rc == 0 && i < tb.n; i++)
		if (complete_type(&tb.t[i], interpolate) < 0)
			rc = -1;
	if (rc < 0) {
		table_release(&tb);
		return -1;
	}
	if (n == 0)
		n = tb.n;

	struct hs_record *p = hs_gen_prov_new("table");
	hs_record_set_int(p, "n", n);
	{
		size_t cap = 1, len = 0;
		for (int i = ind; i < argc; i++)
			cap += strlen(argv[i]) + 1;
		char *files = hs_malloc(cap);
		files[0] = 0;
		for (int i = ind; i < argc; i++)
			len += (size_t)snprintf(files + len, cap - len, "%s%s", i > ind ? "," : "",
						argv[i]);
		hs_record_set(p, "files", files);
		free(files);
	}
	hs_record_set_int(p, "types", tb.n);
	hs_record_set_int(p, "mix", mix);
	hs_record_set_int(p, "interpolate", interpolate);
	hs_record_set_num(p, "scale", scale);
	hs_record_set(p, "scope", scope);
	hs_record_set(p, "platform", platform);
	hs_record_set_int(p, "seed", seed);
	hs_stream_append(out, p);
	if (hs_gen_platform_append(out, platform) < 0) {
		table_release(&tb);
		exit(HS_EXIT_USAGE);
	}

	char **times = hs_malloc((size_t)tb.n * sizeof *times);
	for (int i = 0; i < tb.n; i++)
		times[i] = times_text(&tb.t[i], scale);
	struct hs_rng rng;
	hs_rng_seed(&rng, (unsigned long long)seed);
	for (long i = 1; i <= n; i++) {
		char id[32];
		snprintf(id, sizeof id, "t%ld", i);
		int k = mix ? (int)hs_rng_int(&rng, 0, tb.n - 1) : (int)((i - 1) % tb.n);
		struct hs_record *t = hs_record_new("task", id);
		hs_record_set(t, "model", "table");
		hs_record_set(t, "times", times[k]);
		hs_record_set(t, "type", tb.t[k].name);
		if (strcmp(scope, "node") != 0)
			hs_record_set(t, "scope", scope);
		hs_stream_append(out, t);
	}
	for (int i = 0; i < tb.n; i++)
		free(times[i]);
	free(times);
	table_release(&tb);
	return 0;
}

const struct hs_generator hs_gen_table = {
	"table",
	"tasks from measured runtimes (CSV p,seconds per type) as model=table",
	run,
};
