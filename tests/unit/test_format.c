/* test_format - the hs line format: parse/write identity, canonical
 * writing, syntax errors, compressed input, list and integer-set helpers. */
#include "hs/format.h"
#include "hs/util.h"
#include "model_fixture.h"
#include "tap.h"

#include <stdatomic.h>

#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char tmpdir[] = "/tmp/hs-test-format-XXXXXX";

/* ---- helpers ---- */

static char *path_of(const char *name)
{
	return hs_asprintf("%s/%s", tmpdir, name);
}

static char *write_file(const char *name, const char *data, size_t len)
{
	char *p = path_of(name);
	FILE *f = fopen(p, "wb");
	if (!f || fwrite(data, 1, len, f) != len || fclose(f) != 0)
		hs_die(1, "cannot write %s", p);
	return p;
}

static char *canonical(const struct hs_record *r)
{
	char *buf = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&buf, &n);
	hs_record_write(f, r);
	fclose(f);
	return buf;
}

/* stderr capture, to check the exact messages. */

/* Load text as a file; returns hs_stream_load's result, stderr in *msg. */
static int load_text(struct hs_stream *s, const char *name, const char *text, size_t len,
		     const char **msg)
{
	char *p = write_file(name, text, len);
	fx_cap_begin();
	int r = hs_stream_load(s, p);
	*msg = fx_cap_end();
	free(p);
	return r;
}

/* Loads text and checks that writing it back gives want (NULL: text). */
static void check_identity(const char *what, const char *text, const char *want)
{
	struct hs_stream s;
	const char *msg;
	int r = load_text(&s, "id.hs", text, strlen(text), &msg);
	size_t n = 0;
	char *out = r == 0 ? fx_written(&s, &n) : NULL;
	const char *w = want ? want : text;
	TAP_OK(r == 0 && out && n == strlen(w) && memcmp(out, w, n) == 0, "write(parse(x)) == x: %s", what);
	if (r != 0)
		printf("#   error: %s", msg);
	else if (!out || n != strlen(w) || memcmp(out, w, n))
		printf("#   got:\n%s#   want:\n%s", out ? out : "(null)", w);
	free(out);
	hs_stream_release(&s);
}

/* ---- tests ---- */

static const char tricky[] =
	"# leading comment\n"
	"\n"
	"   hs   1   \n"
	"# a comment\n"
	"   # indented comment with 'quotes' and = signs\n"
	"\t\n"
	"prov gen version=0.1.0 opts='k=v,k2=v2' seed=1\n"
	"node   cs1\tcluster=cs  cores=8 speed=1   \n"
	"task t1 model=overhead T=50 x=0.95 cmd='sleep 0.5'\n"
	"task t2 cmd='it\\'s a \\\\ back\\tslash\\n' empty='' hash='#x' dq='say \"hi\"'\n"
	"frobnicate f1 unknown_key=1 Another.Key=x _u=\n"
	"task t3 a=1 a=2 a=3\n"
	"zz_9 x\n"
	"#last\n";

static void test_identity(void)
{
	check_identity("tricky stream", tricky, NULL);
	check_identity("tricky stream, final newline", "hs 1\ntask t1 a=1\n", NULL);
	check_identity("header only", "hs 1\n", NULL);
	check_identity("header with trailing words", "hs 1 extra words\ntask t1\n", NULL);
	check_identity("blank lines only after header", "hs 1\n\n\n", NULL);
	check_identity("CRLF lines come back as LF", "hs 1\r\ntask t1 a=1\r\n# c\r\n",
		       "hs 1\ntask t1 a=1\n# c\n");
	check_identity("missing final newline is added", "hs 1\ntask t1 a=1", "hs 1\ntask t1 a=1\n");
	/* Found by fuzzing: "a=1\r" written back as "a=1\r\n" read as "a=1". */
	check_identity("every CR at a line's end is dropped", "hs 1\r\ntask t1 a=1\r\r\n# c\r\r",
		       "hs 1\ntask t1 a=1\n# c\n");
	check_identity("UTF-8 byte order mark is dropped", "\xef\xbb\xbfhs 1\ntask t1\n", "hs 1\ntask t1\n");
	check_identity("CR inside a quoted value is kept", "hs 1\ntask t1 a='x\ry'\n", NULL);
}

static void test_decoded_fields(void)
{
	struct hs_stream s;
	const char *msg;
	int r = load_text(&s, "dec.hs", tricky, strlen(tricky), &msg);
	TAP_OK(r == 0, "tricky stream loads");
	if (r != 0) {
		hs_stream_release(&s);
		return;
	}
	TAP_OK(s.version == 1, "version 1");
	/* A run of comment and blank lines is one record (hs/format.h). */
	TAP_OK(s.header_pos == 1, "one record (a comment and a blank line) before the header (got %zu)",
	       s.header_pos);
	TAP_OK(s.n == 10, "10 records, comments and blank lines in runs (got %zu)", s.n);
	TAP_OK(s.recs[0]->kind == NULL && strcmp(s.recs[0]->raw, "# leading comment\n") == 0,
	       "leading comment and blank line kept as one record");
	TAP_OK(s.recs[1]->line == 4, "line numbers count every line (got %d)", s.recs[1]->line);
	TAP_OK(s.recs[1]->kind == NULL &&
		       strcmp(s.recs[1]->raw, "# a comment\n   # indented comment with 'quotes' and = "
					      "signs\n\t") == 0,
	       "three comment and blank lines, one record, their text joined");
	struct hs_record *node = s.recs[3];
	TAP_STREQ(node->kind, "node", "kind");
	TAP_STREQ(node->id, "cs1", "id after several blanks");
	TAP_OK(node->nfields == 3, "fields separated by tabs and spaces");
	TAP_STREQ(hs_record_get(node, "cluster"), "cs", "value before a tab");
	TAP_STREQ(hs_record_get(node, "speed"), "1", "value before trailing blanks");
	struct hs_record *t1 = s.recs[4];
	TAP_STREQ(hs_record_get(t1, "cmd"), "sleep 0.5", "quoted value with a space");
	struct hs_record *t2 = s.recs[5];
	TAP_STREQ(hs_record_get(t2, "cmd"), "it's a \\ back\tslash\n", "escapes \\' \\\\ \\t \\n decoded");
	TAP_STREQ(hs_record_get(t2, "empty"), "", "empty quoted value");
	TAP_STREQ(hs_record_get(t2, "hash"), "#x", "quoted value starting with #");
	TAP_STREQ(hs_record_get(t2, "dq"), "say \"hi\"", "double quotes inside single quotes");
	TAP_OK(hs_record_get(t2, "nothere") == NULL, "absent key gives NULL");
	struct hs_record *f1 = s.recs[6];
	TAP_STREQ(f1->kind, "frobnicate", "unknown kind parsed");
	TAP_STREQ(hs_record_get(f1, "Another.Key"), "x", "key with capitals and a dot");
	TAP_STREQ(hs_record_get(f1, "_u"), "", "bare empty value");
	struct hs_record *t3 = s.recs[7];
	TAP_STREQ(hs_record_get(t3, "a"), "3", "last occurrence wins");
	TAP_OK(s.recs[8]->nfields == 0 && strcmp(s.recs[8]->id, "x") == 0, "record without fields");
	TAP_OK(s.recs[9]->kind == NULL && strcmp(s.recs[9]->raw, "#last") == 0,
	       "comment on the last line");
	TAP_OK(s.name && strstr(s.name, "dec.hs"), "stream named after its input");
	hs_stream_release(&s);
}

static void test_modify(void)
{
	struct hs_stream s;
	const char *msg;
	const char *text = "# head\nhs 1\ntask  t1\tmodel=x   cmd='a b'  \ntask t2 a=1 b=2 a=3\n# tail\n";
	int r = load_text(&s, "mod.hs", text, strlen(text), &msg);
	TAP_OK(r == 0, "load");
	if (r)
		return;
	struct hs_record *t1 = s.recs[1], *t2 = s.recs[2];
	hs_record_set(t1, "model", "y");
	TAP_OK(t1->raw == NULL, "set clears raw");
	hs_record_set(t1, "new", "");
	hs_record_set(t1, "new2", "#start");
	hs_record_set_num(t1, "T", 12.5);
	hs_record_set_int(t1, "n", -42);
	hs_record_setf(t1, "f", "%s-%d", "x", 7);
	TAP_STREQ(hs_record_get(t1, "T"), "12.5", "set_num uses the shortest text");
	/* Replacing a value again and again must not pile up memory (ASan would tell). */
	for (int i = 0; i < 1000; i++)
		hs_record_set_num(t1, "T", i / 10.0);
	hs_record_set(t2, "a", "x y");
	TAP_OK(t2->nfields == 2, "set removes earlier duplicates");
	hs_record_unset(t2, "b");
	hs_record_unset(t2, "absent");
	size_t n;
	char *out = fx_written(&s, &n);
	TAP_STREQ(out,
		  "# head\nhs 1\n"
		  "task t1 model=y cmd='a b' new='' new2='#start' T=99.9 n=-42 f=x-7\n"
		  "task t2 a='x y'\n"
		  "# tail\n",
		  "modified records written canonically, the rest untouched");
	free(out);

	/* Set on a new record with many fields: the fields array grows. */
	struct hs_record *nr = hs_record_new("plan", "t1");
	for (int i = 0; i < 50; i++) {
		char k[16];
		snprintf(k, sizeof k, "k%d", i);
		hs_record_set_int(nr, k, i);
	}
	hs_record_set(nr, "k7", "seven");
	TAP_OK(nr->nfields == 50 && strcmp(hs_record_get(nr, "k49"), "49") == 0 &&
		       strcmp(hs_record_get(nr, "k7"), "seven") == 0,
	       "50 fields on a new record, one replaced");
	hs_record_free(nr);

	/* A parsed record gaining fields beyond its parsed capacity. */
	for (int i = 0; i < 20; i++) {
		char k[16];
		snprintf(k, sizeof k, "e%d", i);
		hs_record_set_int(t2, "extra", i);
		hs_record_setf(t2, k, "%d", i);
	}
	TAP_STREQ(hs_record_get(t2, "e19"), "19", "parsed record grows beyond its parsed fields");
	TAP_STREQ(hs_record_get(t2, "a"), "x y", "earlier fields survive the growth");
	hs_stream_release(&s);
}

static int drop_comments(const struct hs_record *r, void *arg)
{
	(void)arg;
	return r->kind == NULL;
}

static int drop_kind(const struct hs_record *r, void *arg)
{
	return r->kind && strcmp(r->kind, arg) == 0;
}

static void test_stream_ops(void)
{
	struct hs_stream s;
	const char *msg;
	const char *text = "# a\n# b\nhs 1\n# c\ntask t1\nplan t1 node=n\ntask t2\nplan t2 node=n\n";
	int r = load_text(&s, "ops.hs", text, strlen(text), &msg);
	TAP_OK(r == 0 && s.header_pos == 1, "header after two comments (one record)");
	hs_stream_filter(&s, drop_kind, "plan");
	struct hs_record *p = hs_record_new("plan", "t1");
	hs_record_set(p, "node", "cs1");
	hs_record_set(p, "cores", "0-3");
	hs_record_set(p, "cmd", "a 'b'");
	hs_stream_append(&s, p);
	hs_stream_append(&s, hs_record_new(NULL, "# end"));
	char *out = fx_written(&s, NULL);
	TAP_STREQ(out, "# a\n# b\nhs 1\n# c\ntask t1\ntask t2\nplan t1 node=cs1 cores=0-3 cmd='a \\'b\\''\n# end\n",
		  "filter + append keeps order and writes new records canonically");
	free(out);
	hs_stream_filter(&s, drop_comments, NULL);
	TAP_OK(s.header_pos == 0, "filtering leading comments moves the header position");
	out = fx_written(&s, NULL);
	TAP_STREQ(out, "hs 1\ntask t1\ntask t2\nplan t1 node=cs1 cores=0-3 cmd='a \\'b\\''\n",
		  "header first after filtering");
	free(out);
	hs_stream_release(&s);

	/* A stream built from scratch. */
	hs_stream_init(&s, "new");
	struct hs_record *t = hs_record_new("task", "t9");
	hs_record_set_num(t, "T", 1e9);
	hs_record_set_num(t, "x", 1e-9);
	hs_stream_append(&s, t);
	out = fx_written(&s, NULL);
	TAP_STREQ(out, "hs 1\ntask t9 T=1000000000 x=1e-09\n", "new stream written with header 'hs 1'");
	free(out);
	char *one = canonical(t);
	TAP_STREQ(one, "task t9 T=1000000000 x=1e-09", "hs_record_write: canonical, no newline");
	free(one);
	hs_stream_release(&s);
	TAP_OK(s.n == 0 && s.recs == NULL && s.name == NULL, "release empties the stream");
}

/* Random values with every awkward character: canonical text parses back
 * to the same values. */
static uint64_t rs = 0x9E3779B97F4A7C15ull;
static unsigned rnd(unsigned n)
{
	rs ^= rs << 13;
	rs ^= rs >> 7;
	rs ^= rs << 17;
	return (unsigned)(rs % n);
}

static void test_canonical_roundtrip(void)
{
	static const char pool[] = " \t\n\r'\"\\#=,abcXYZ019-_.\x01\x7f\xc3\xa9";
	int bad = 0;
	for (int iter = 0; iter < 2000; iter++) {
		struct hs_record *r = hs_record_new("k", "id");
		char vals[5][40];
		for (int f = 0; f < 5; f++) {
			int len = (int)rnd(12);
			for (int i = 0; i < len; i++)
				vals[f][i] = pool[rnd(sizeof pool - 1)];
			vals[f][len] = '\0';
			char key[16];
			snprintf(key, sizeof key, "k%d", f);
			hs_record_set(r, key, vals[f]);
		}
		char *text = canonical(r);
		const char *err;
		struct hs_record *back = hs_record_parse(text, strlen(text), 1, &err);
		int ok = back && back->nfields == 5;
		for (int f = 0; ok && f < 5; f++)
			ok = strcmp(back->fields[f].val, vals[f]) == 0;
		if (!ok && bad++ < 3)
			printf("#   text: %s (%s)\n", text, back ? "values differ" : err);
		hs_record_free(back);
		hs_record_free(r);
		free(text);
	}
	TAP_OK(bad == 0, "2000 random records: canonical text parses back to the same values");
}

static void test_syntax_errors(void)
{
	static const struct {
		const char *line, *msg;
	} cases[] = {
		{"task t1 cmd='sleep 1", "unterminated quote in value of 'cmd'"},
		{"task t1 cmd='a\\", "unterminated quote in value of 'cmd'"},
		{"task t1 x", "field 'x' has no '='"},
		{"task t1 a=1 x y=2", "field 'x' has no '='"},
		{"task", "record 'task' has no id"},
		{"task   ", "record 'task' has no id"},
		{"task a=1", "record 'task' has no id"},
		{"Task t1", "invalid record kind 'Task' (kinds are lower-case words: [a-z][a-z0-9_]*)"},
		{"9task t1", "invalid record kind '9task' (kinds are lower-case words: [a-z][a-z0-9_]*)"},
		{"ta-sk t1", "invalid record kind 'ta-sk' (kinds are lower-case words: [a-z][a-z0-9_]*)"},
		{"task t1 a-b=1", "invalid key 'a-b' (keys match [A-Za-z_][A-Za-z0-9_.]*)"},
		{"task t1 1a=1", "invalid key '1a' (keys match [A-Za-z_][A-Za-z0-9_.]*)"},
		{"task t1 .a=1", "invalid key '.a' (keys match [A-Za-z_][A-Za-z0-9_.]*)"},
		{"task t1 =1", "field has an empty key"},
		{"task t1 cmd='a\\qb'", "invalid escape '\\q' in value of 'cmd' (use \\\\ \\' \\n \\t)"},
		{"task t1 cmd='a'b", "text after the closing quote in value of 'cmd'"},
		{"task t1 cmd=a'b'", "quote inside the unquoted value of 'cmd' (quote the whole value: cmd='...')"},
		{"task t1 cmd=\"a b\"", "quote inside the unquoted value of 'cmd' (quote the whole value: cmd='...')"},
		{"task t'1 a=1", "record 'task': invalid id 't'1' (ids cannot contain quotes)"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		const char *err = NULL;
		struct hs_record *r = hs_record_parse(cases[i].line, strlen(cases[i].line), 1, &err);
		TAP_OK(!r && err && strcmp(err, cases[i].msg) == 0, "error for [%s]", cases[i].line);
		if (r || !err || strcmp(err, cases[i].msg))
			printf("#   got '%s'\n#  want '%s'\n", err ? err : "(none)", cases[i].msg);
		hs_record_free(r);
	}
	const char nul[] = "task t1 a=1\0b";
	const char *err = NULL;
	struct hs_record *r = hs_record_parse(nul, sizeof nul - 1, 1, &err);
	TAP_OK(!r && err && strcmp(err, "line contains a NUL byte") == 0, "NUL byte in a line");
	/* Long tokens are cut in messages. */
	char longkind[300];
	memset(longkind, 'A', sizeof longkind - 1);
	longkind[sizeof longkind - 1] = '\0';
	r = hs_record_parse(longkind, strlen(longkind), 1, &err);
	TAP_OK(!r && err && strlen(err) < 200 && strstr(err, "AAA...'"), "long token cut in the message");
}

static void test_stream_errors(void)
{
	static const struct {
		const char *what, *text, *msg;
	} cases[] = {
		{"empty input", "", "PROG: FILE: empty input\n"},
		{"blank lines only", "\n \n\t\n", "PROG: FILE: empty input\n"},
		{"comments only", "# a\n\n# b\n", "PROG: FILE: missing header 'hs 1'\n"},
		{"no header", "task t1 a=1\n", "PROG: FILE:1: missing header 'hs 1'\n"},
		{"header after comments missing", "# x\n\ntask t1\n", "PROG: FILE:3: missing header 'hs 1'\n"},
		{"version 2", "hs 2\ntask t1\n", "PROG: FILE:1: unsupported hs format version 2 (this hs reads 1)\n"},
		{"version 0", "hs 0\n", "PROG: FILE:1: bad header 'hs 0' (expected 'hs 1')\n"},
		{"version missing", "hs\n", "PROG: FILE:1: bad header 'hs' (expected 'hs 1')\n"},
		{"version not a number", "hs 1.0\n", "PROG: FILE:1: bad header 'hs 1.0' (expected 'hs 1')\n"},
		{"hsx is no header", "hsx 1\n", "PROG: FILE:1: missing header 'hs 1'\n"},
		{"syntax error line number", "# c\nhs 1\ntask t1 a=1\n\ntask t2 x\n",
		 "PROG: FILE:5: field 'x' has no '='\n"},
		{"CRLF line number", "hs 1\r\ntask t1\r\ntask t2 x\r\n", "PROG: FILE:3: field 'x' has no '='\n"},
		{"NUL byte", "hs 1\ntask t1 a=\0\n", "PROG: FILE:2: line contains a NUL byte\n"},
		/* Found by fuzzing: the header, kept as a string, was cut there. */
		{"NUL byte in the header", "hs 1 f\0\n", "PROG: FILE:1: line contains a NUL byte\n"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct hs_stream s;
		const char *msg;
		size_t len = strlen(cases[i].text);
		if (strcmp(cases[i].what, "NUL byte") == 0)
			len = 17;
		if (strcmp(cases[i].what, "NUL byte in the header") == 0)
			len = 8;
		int r = load_text(&s, "bad.hs", cases[i].text, len, &msg);
		char *path = path_of("bad.hs");
		char *want = hs_asprintf("%s", cases[i].msg);
		/* Substitute PROG and FILE. */
		char *w2 = NULL;
		const char *f = strstr(want, "FILE");
		w2 = hs_asprintf("%s: %.*s%s%s", hs_progname(), (int)(f - want - 6), want + 6, path, f + 4);
		TAP_OK(r == -1 && strcmp(msg, w2) == 0, "%s: %.*s", cases[i].what,
		       (int)strlen(cases[i].msg) - 7, cases[i].msg + 6);
		if (r != -1 || strcmp(msg, w2))
			printf("#   got '%s'\n", msg);
		free(want);
		free(w2);
		free(path);
		hs_stream_release(&s);
	}
	struct hs_stream s;
	char *p = path_of("does-not-exist.hs");
	fx_cap_begin();
	int r = hs_stream_load(&s, p);
	const char *msg = fx_cap_end();
	char *want = hs_asprintf("%s: %s: No such file or directory\n", hs_progname(), p);
	TAP_OK(r == -1 && strcmp(msg, want) == 0, "nonexistent file: strerror message");
	free(want);
	free(p);
	hs_stream_release(&s);
}

/* Garbage must give an error or a stream, never a crash. */
static void test_garbage(void)
{
	int crashes = 0, loaded = 0;
	for (int iter = 0; iter < 300; iter++) {
		size_t len = rnd(400);
		char *buf = hs_malloc(len + 8);
		memcpy(buf, "hs 1\n", 5);
		for (size_t i = 5; i < len + 5; i++)
			buf[i] = iter % 2 ? (char)rnd(256) : " \t\n='\\#ab1"[rnd(11)];
		struct hs_stream s;
		const char *msg;
		int r = load_text(&s, "garbage.hs", buf, len + 5, &msg);
		if (r == 0) {
			loaded++;
			/* Whatever parsed writes back identically (minus CRs). */
			char *out = fx_written(&s, NULL);
			crashes += out == NULL;
			free(out);
		} else if (!strstr(msg, "garbage.hs:")) {
			crashes++;
		}
		hs_stream_release(&s);
		free(buf);
	}
	TAP_OK(crashes == 0, "300 random streams: each loads or gives a located error (%d loaded)", loaded);
}

static void test_long_line(void)
{
	size_t n = 3 << 20;
	char *text = hs_malloc(n + 64);
	size_t k = (size_t)sprintf(text, "hs 1\ntask t1 cmd='");
	memset(text + k, 'x', n);
	k += n;
	k += (size_t)sprintf(text + k, "' b=2\n");
	struct hs_stream s;
	const char *msg;
	int r = load_text(&s, "long.hs", text, k, &msg);
	TAP_OK(r == 0 && s.n == 1 && strlen(hs_record_get(s.recs[0], "cmd")) == n, "a 3 MiB line");
	size_t m = 0;
	char *out = r == 0 ? fx_written(&s, &m) : NULL;
	TAP_OK(out && m == k && memcmp(out, text, k) == 0, "a 3 MiB line written back identically");
	free(out);
	free(text);
	hs_stream_release(&s);
}

static int have(const char *tool)
{
	char *cmd = hs_asprintf("command -v %s >/dev/null 2>&1", tool);
	int ok = system(cmd) == 0;
	free(cmd);
	return ok;
}

/* Loads path with stdin redirected from it (path "-"). */
static int load_stdin(struct hs_stream *s, const char *file, const char **msg)
{
	int fd = open(file, O_RDONLY);
	int saved = dup(0);
	dup2(fd, 0);
	close(fd);
	fx_cap_begin();
	int r = hs_stream_load(s, "-");
	*msg = fx_cap_end();
	dup2(saved, 0);
	close(saved);
	return r;
}

static void test_compressed(void)
{
	char *plain = write_file("c.hs", tricky, strlen(tricky));
	static const char *tools[] = {"gzip", "bzip2", "xz", "zstd"};
	for (size_t i = 0; i < 4; i++) {
		if (!have(tools[i])) {
			printf("ok %d - # SKIP %s not installed\n", ++tap_n_, tools[i]);
			continue;
		}
		char *cz = path_of("c.hs.z");
		char *cmd = hs_asprintf("%s -q -c '%s' > '%s'", tools[i], plain, cz);
		int made = system(cmd) == 0;
		free(cmd);
		struct hs_stream s;
		const char *msg = "";
		fx_cap_begin();
		int r = made ? hs_stream_load(&s, cz) : (hs_stream_init(&s, "x"), -1);
		msg = fx_cap_end();
		char *out = r == 0 ? fx_written(&s, NULL) : NULL;
		TAP_OK(out && strcmp(out, tricky) == 0, "%s input read transparently", tools[i]);
		if (!out)
			printf("#   %s", msg);
		free(out);
		hs_stream_release(&s);
		r = load_stdin(&s, cz, &msg);
		out = r == 0 ? fx_written(&s, NULL) : NULL;
		TAP_OK(out && strcmp(out, tricky) == 0, "%s input on stdin", tools[i]);
		if (!out)
			printf("#   %s", msg);
		TAP_STREQ(s.name, "stdin", "stdin is named stdin");
		free(out);
		hs_stream_release(&s);
		free(cz);
	}
	struct hs_stream s;
	const char *msg;
	int r = load_stdin(&s, plain, &msg);
	char *out = r == 0 ? fx_written(&s, NULL) : NULL;
	TAP_OK(out && strcmp(out, tricky) == 0, "plain input on stdin");
	free(out);
	hs_stream_release(&s);

	/* An empty compressed file is an empty input. */
	char *ez = path_of("empty.gz");
	char *cmd = hs_asprintf(": | gzip > '%s'", ez);
	int made = system(cmd) == 0;
	free(cmd);
	fx_cap_begin();
	r = made ? hs_stream_load(&s, ez) : -1;
	msg = fx_cap_end();
	char *want = hs_asprintf("%s: %s: empty input\n", hs_progname(), ez);
	TAP_OK(r == -1 && strcmp(msg, want) == 0, "empty gzip: empty input");
	free(want);
	hs_stream_release(&s);
	free(ez);

	/* Magic bytes of gzip but no gzip stream. */
	char *fake = write_file("fake.gz", "\x1f\x8bhs 1\n", 7);
	fx_cap_begin();
	r = hs_stream_load(&s, fake);
	msg = fx_cap_end();
	want = hs_asprintf("%s: %s: corrupt compressed input: unrecognized compressed data\n",
			   hs_progname(), fake);
	TAP_OK(r == -1 && strcmp(msg, want) == 0, "gzip magic without gzip data is corrupt");
	free(want);
	hs_stream_release(&s);
	free(fake);

	/* A truncated gzip: lines come until the data ends, then -2. */
	size_t cap = 1 << 20, len = 0;
	char *big = hs_malloc(cap);
	len += (size_t)sprintf(big, "hs 1\n");
	for (int i = 0; len + 100 < cap; i++)
		len += (size_t)sprintf(big + len, "task t%d model=overhead T=%d x=0.95 seed=%u\n", i, i % 97,
				       (unsigned)(rs = rs * 6364136223846793005ull + 1) >> 7);
	char *bp = write_file("big.hs", big, len);
	char *bz = path_of("big.hs.gz");
	char *tz = path_of("trunc.hs.gz");
	cmd = hs_asprintf("gzip -c '%s' > '%s' && head -c $(( $(wc -c < '%s') / 2 )) '%s' > '%s'", bp,
			  bz, bz, bz, tz);
	made = system(cmd) == 0;
	free(cmd);
	struct hs_input *in = made ? hs_input_open(tz) : NULL;
	long got = 0, lines = 0;
	char *line;
	fx_cap_begin();
	if (in)
		while ((got = hs_input_getline(in, &line)) >= 0)
			lines++;
	msg = fx_cap_end();
	want = hs_asprintf("%s: %s: corrupt compressed input: ", hs_progname(), tz);
	int ok = in && got == -2 && lines > 100 && strncmp(msg, want, strlen(want)) == 0;
	TAP_OK(ok, "truncated gzip: %ld lines, then -2 and 'corrupt compressed input'", lines);
	if (!ok)
		printf("#   got: %s", msg);
	TAP_OK(in && hs_input_getline(in, &line) == -2, "getline keeps returning -2 after an error");
	hs_input_close(in);
	free(want);
	fx_cap_begin();
	r = hs_stream_load(&s, tz);
	msg = fx_cap_end();
	TAP_OK(r == -1 && strstr(msg, "corrupt compressed input"), "truncated gzip: load fails");
	hs_stream_release(&s);
	/* The intact file reads back identically through the line reader. */
	r = hs_stream_load(&s, bz);
	out = r == 0 ? fx_written(&s, NULL) : NULL;
	TAP_OK(out && strlen(out) == len && memcmp(out, big, len) == 0, "1 MiB gzip stream reads back identically");
	in = hs_input_open(bz);
	lines = 0;
	while (in && hs_input_getline(in, &line) >= 0)
		lines++;
	TAP_OK(in && hs_input_lineno(in) == lines && lines == (long)s.n + 1, "line numbers count lines");
	hs_input_close(in);
	free(out);
	hs_stream_release(&s);
	free(big);
	free(bp);
	free(bz);
	free(tz);
	free(plain);
}

static void test_lists(void)
{
	int n;
	char **v = hs_split_list("a,,b", ',', &n);
	TAP_OK(n == 3 && !strcmp(v[0], "a") && !strcmp(v[1], "") && !strcmp(v[2], "b") && !v[3],
	       "split 'a,,b' gives 3 items, NULL-terminated");
	free(v);
	v = hs_split_list("", ',', &n);
	TAP_OK(n == 0 && v[0] == NULL, "split '' gives 0 items");
	free(v);
	v = hs_split_list("0-7/0-3", '/', &n);
	TAP_OK(n == 2 && !strcmp(v[0], "0-7") && !strcmp(v[1], "0-3"), "split per-node list on '/'");
	free(v);

	int *set;
	n = hs_parse_intset("0-3,8", 15, &set);
	TAP_OK(n == 5 && set[0] == 0 && set[3] == 3 && set[4] == 8, "intset 0-3,8");
	free(set);
	n = hs_parse_intset("8,2,0-3,3,3", 15, &set);
	TAP_OK(n == 5 && set[0] == 0 && set[1] == 1 && set[2] == 2 && set[3] == 3 && set[4] == 8,
	       "intset sorted and distinct");
	char *f = hs_fmt_intset(set, n);
	TAP_STREQ(f, "0-3,8", "fmt 0,1,2,3,8");
	free(f);
	free(set);
	n = hs_parse_intset("", 15, &set);
	TAP_OK(n == 0, "empty intset");
	free(set);
	n = hs_parse_intset("15", 15, &set);
	TAP_OK(n == 1 && set[0] == 15, "intset value == max");
	free(set);
	static const char *bad[] = {"3-1", "a", "1,,2", "16", "-1", "1-", ",1", "1,", "1-2-3", " 1",
				    "1 ", "0-16", "99999999999999999999", "1;2", "+1"};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		set = (int *)&n;
		TAP_OK(hs_parse_intset(bad[i], 15, &set) == -1 && set == NULL, "intset error: '%s'", bad[i]);
	}
	int runs[] = {0, 1, 2, 3, 5, 7, 8, 10, 11, 12, 20};
	f = hs_fmt_intset(runs, 11);
	TAP_STREQ(f, "0-3,5,7-8,10-12,20", "fmt compresses runs");
	free(f);
	f = hs_fmt_intset(NULL, 0);
	TAP_STREQ(f, "", "fmt of the empty set");
	free(f);
	/* Round trip on random sets. */
	int ok = 1;
	for (int iter = 0; iter < 500 && ok; iter++) {
		int vals[64], k = 0;
		for (int i = 0; i < 64; i++)
			if (rnd(3) == 0)
				vals[k++] = i;
		f = hs_fmt_intset(vals, k);
		int m = hs_parse_intset(f, 63, &set);
		ok = m == k && (k == 0 || memcmp(set, vals, (size_t)k * sizeof *vals) == 0);
		free(set);
		free(f);
	}
	TAP_OK(ok, "500 random sets: parse(fmt(set)) == set");

	double *d;
	n = hs_parse_numlist("50,26,18.5", &d);
	TAP_OK(n == 3 && d[0] == 50 && d[1] == 26 && d[2] == 18.5, "numlist 50,26,18.5");
	free(d);
	n = hs_parse_numlist("", &d);
	TAP_OK(n == 0, "empty numlist");
	free(d);
	static const char *badn[] = {"1,x", "1,,2", "inf", "1,", " 1", "nan,1"};
	for (size_t i = 0; i < sizeof badn / sizeof *badn; i++)
		TAP_OK(hs_parse_numlist(badn[i], &d) == -1, "numlist error: '%s'", badn[i]);
}

/* hs_record_new_fields = hs_record_new + hs_record_set per field, and the
 * record takes later sets, unsets and appends like any other. */
static void test_new_fields(void)
{
	const char *keys[] = { "node", "cores", "cmd", "start" };
	const char *vals[] = { "cs1", "0-3", "sleep 'a b'", "12.5" };
	struct hs_record *a = hs_record_new_fields("plan", "t1", keys, vals, 4);
	struct hs_record *b = hs_record_new("plan", "t1");
	for (int i = 0; i < 4; i++)
		hs_record_set(b, keys[i], vals[i]);
	char *ca = canonical(a), *cb = canonical(b);
	TAP_STREQ(ca, cb, "new_fields writes what new + set write");
	free(ca);
	free(cb);
	hs_record_set(a, "start", "13");
	hs_record_unset(a, "cores");
	for (int i = 0; i < 6; i++)
		hs_record_set_int(a, i % 2 ? "x" : "y", i);
	ca = canonical(a);
	TAP_STREQ(ca, "plan t1 node=cs1 cmd='sleep \\'a b\\'' start=13 y=4 x=5",
		  "new_fields record: set, unset, appends past its fields");
	free(ca);
	TAP_OK(hs_record_get(a, "node") && strcmp(hs_record_get(a, "node"), "cs1") == 0 &&
	       !hs_record_get(a, "cores"), "get on a new_fields record");
	hs_record_free(a);
	hs_record_free(b);
	struct hs_record *e = hs_record_new_fields("run", "t2", NULL, NULL, 0);
	ca = canonical(e);
	TAP_STREQ(ca, "run t2", "no fields");
	free(ca);
	hs_record_free(e);
}

/* A canonical line is kept once (raw NULL, its decoded tokens in the
 * line's own bytes) and written back the same; any other keeps its raw
 * text.  Either way the fields decode alike and set rewrites canonically. */
static void test_kept_once(void)
{
	static const struct {
		const char *line;
		int once;
	} cases[] = {
		{ "task t1 model=amdahl t1=2.5 cmd=a=b", 1 },
		{ "plan t1 node=n1 cores=0-3 start=0 end=1.25e+06 after=t0,t2", 1 },
		{ "task t1", 1 },
		{ "task  t1 a=1", 0 },       /* two spaces */
		{ "task t1\ta=1", 0 },       /* a tab */
		{ " task t1 a=1", 0 },       /* a leading blank */
		{ "task t1 a=1 ", 0 },       /* a trailing blank */
		{ "task t1 a='1'", 0 },      /* quoted, though it need not be */
		{ "task t1 a='x y'", 0 },    /* quoted */
		{ "task t1 a=", 0 },         /* empty: written '' */
		{ "task t1 a=#x", 0 },       /* '#' first: written quoted */
		{ "task t1 a=b\\c", 0 },     /* a backslash: written quoted */
		{ "task t1 a=1 a=2", 1 },    /* repeated key: the last wins */
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		const char *line = cases[i].line, *err;
		struct hs_record *r = hs_record_parse(line, strlen(line), 3, &err);
		if (!r) {
			TAP_OK(0, "kept once: parse '%s': %s", line, err);
			continue;
		}
		TAP_OK((r->raw == NULL) == cases[i].once, "kept once: '%s' %s", line,
		       cases[i].once ? "is kept once" : "keeps its raw text");
		struct hs_stream s;
		hs_stream_init(&s, "t");
		hs_stream_append(&s, r);
		char *out = fx_written(&s, NULL);
		char *want = hs_asprintf("hs 1\n%s\n", line);
		TAP_STREQ(out, want, "kept once: written back byte for byte");
		free(out);
		free(want);
		if (strcmp(line, "task t1 a=1 a=2") == 0)
			TAP_STREQ(hs_record_get(r, "a"), "2", "kept once: the last repeat wins");
		if (strncmp(line, "task t1 model", 13) == 0) {
			TAP_OK(strcmp(r->kind, "task") == 0 && strcmp(r->id, "t1") == 0 &&
				       strcmp(hs_record_get(r, "t1"), "2.5") == 0 &&
				       strcmp(hs_record_get(r, "cmd"), "a=b") == 0,
			       "kept once: kind, id and values decoded in place");
			hs_record_set(r, "model", "rigid");
			out = canonical(r);
			TAP_STREQ(out, "task t1 model=rigid t1=2.5 cmd=a=b", "kept once: set rewrites it");
			free(out);
		}
		hs_stream_release(&s);
	}
}

/* Generated records: lines made at write time, skipped slots, the tag, and
 * the argument released with the record. */
static int gen_freed;
static int gen_next(void *arg, size_t i, struct hs_gen_line *l)
{
	static char id[32];
	const int *n = arg;
	if (i >= (size_t)*n)
		return -1;
	if (i == 1)
		return 0;
	snprintf(id, sizeof id, "t%zu", i);
	l->kind = "plan";
	l->id = id;
	l->keys[0] = "node";
	l->vals[0] = "n1";
	l->keys[1] = "cmd";
	l->vals[1] = i == 2 ? "a b" : "x";
	l->n = 2;
	return 1;
}
static void gen_free(void *arg)
{
	gen_freed = *(int *)arg;
	free(arg);
}

static void test_generated(void)
{
	struct hs_stream s;
	const char *err;
	hs_stream_init(&s, "t");
	hs_stream_append(&s, hs_record_parse("task t0 a=1", 11, 2, &err));
	int *n = hs_malloc(sizeof *n);
	*n = 3;
	struct hs_record *g = hs_record_new_gen("plan", gen_next, n, gen_free);
	hs_stream_append(&s, g);
	TAP_STREQ(hs_record_gen_tag(g), "plan", "generated: its tag");
	TAP_OK(hs_record_gen_tag(s.recs[0]) == NULL && g->kind == NULL && g->nfields == 0,
	       "generated: no tag on others, no kind or fields of its own");
	char *out = fx_written(&s, NULL);
	TAP_STREQ(out, "hs 1\ntask t0 a=1\nplan t0 node=n1 cmd=x\nplan t2 node=n1 cmd='a b'\n",
		  "generated: its lines written in place, quoted, slot 1 skipped");
	free(out);
	hs_stream_release(&s);
	TAP_OK(gen_freed == 3, "generated: free_arg called with the record");
}

/* A generator for several threads: per-thread line memory, released by
 * HS_GEN_DONE on each thread that made lines. */
static _Thread_local char *mt_line;
static _Atomic int mt_done, mt_live;
static int gen_mt_next(void *arg, size_t i, struct hs_gen_line *l)
{
	const int *n = arg;
	if (mt_line) {
		free(mt_line);
		mt_line = NULL;
		mt_live--;
	}
	if (i == HS_GEN_DONE) {
		mt_done++;
		return -1;
	}
	if (i >= (size_t)*n)
		return -1;
	if (i % 1000 == 7)
		return 0; /* skipped slots, some at chunk edges */
	mt_line = hs_asprintf("t%zu", i);
	mt_live++;
	l->kind = "run";
	l->id = mt_line;
	l->keys[0] = "end";
	l->vals[0] = mt_line + 1;
	l->n = 1;
	return 1;
}

/* The lines of a generator, made on 1 thread and on 4: the same text, in
 * order; sizes around the 4096-line chunks. */
static void test_generated_mt(void)
{
	static const int sizes[] = { 0, 1, 4095, 4096, 4097, 8192, 20000, 100003 };
	int same = 0, done_ok = 0;
	for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++) {
		char *out[2];
		for (int t = 0; t < 2; t++) {
			hs_stream_set_threads(t ? 4 : 1);
			struct hs_stream s;
			hs_stream_init(&s, "t");
			int *n = hs_malloc(sizeof *n);
			*n = sizes[k];
			hs_stream_append(&s, hs_record_new_gen_mt("run", gen_mt_next, n, free));
			mt_done = 0;
			out[t] = fx_written_whole(&s, NULL);
			done_ok += mt_done >= 1 && mt_live == 0;
			hs_stream_release(&s);
		}
		same += out[0] && out[1] && strcmp(out[0], out[1]) == 0;
		if (k == sizeof sizes / sizeof *sizes - 1) {
			size_t lines = 0;
			for (const char *p = out[1]; (p = strchr(p, '\n')); p++)
				lines++;
			TAP_OK(lines == 1 + 100003 - 100 + 1 &&
				       strstr(out[1], "\nrun t100002 end=100002\nend stream records=99903 "
						      "tasks=0 plans=0 runs=99903\n"),
			       "generated mt: every line, the last at the end, counted by the closing "
			       "record (%zu lines)", lines);
		}
		free(out[0]);
		free(out[1]);
	}
	hs_stream_set_threads(16);
	TAP_OK(hs_stream_threads() == 4, "threads: at most 4, also when set (%d)", hs_stream_threads());
	hs_stream_set_threads(0);
	TAP_OK(same == 8, "generated mt: 1 and 4 threads write the same, around chunk edges (%d of 8)",
	       same);
	TAP_OK(done_ok == 16, "generated mt: HS_GEN_DONE on every thread, nothing left (%d of 16)",
	       done_ok);
}

/* The closing record: written last with its counts (one of the input's
 * dropped), required of a stream whose prov names an hs tool, unless
 * partial. */
static void test_end(void)
{
	struct hs_stream s;
	const char *msg;
	const char *text = "hs 1\n# c\nprov gen tool=hs-gen\nnode n cores=1\ntask a\ntask b\n"
			   "plan a x=1\nend stream records=1\nrun a y=2\n";
	int r = load_text(&s, "e.hs", text, strlen(text), &msg);
	char *out = r == 0 ? fx_written_whole(&s, NULL) : NULL;
	TAP_STREQ(out, "hs 1\n# c\nprov gen tool=hs-gen\nnode n cores=1\ntask a\ntask b\nplan a x=1\n"
		       "run a y=2\nend stream records=6 tasks=2 plans=1 runs=1\n",
		  "end: the input's closing record dropped, the stream's own last, with its counts");
	free(out);
	hs_stream_release(&s);
	static const struct { const char *text, *err; } bad[] = {
		{"hs 1\nprov sim tool=hs-sim\ntask a\n",
		 "/b.hs:3: stream ends without its closing 'end' record, which hs-sim "
		 "writes last: cut short? (--partial reads it as it is)\n"},
		{"hs 1\nprov gen tool=hs-gen\nprov sim tool=hs-sim\ntask a\nend stream records=3",
		 "/b.hs:5: last line has no newline: the stream was cut short? (--partial "
		 "reads it as it is)\n"},
		{"hs 1\nprov gen tool=hs-gen\n", NULL},
	};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		r = load_text(&s, "b.hs", bad[i].text, strlen(bad[i].text), &msg);
		if (bad[i].err) {
			TAP_OK(r < 0, "end: refused (%zu)", i);
			TAP_OK(strstr(msg, bad[i].err) != NULL, "end: the message (%zu)", i);
			if (!strstr(msg, bad[i].err))
				printf("#   got: %s", msg);
		} else {
			TAP_OK(r < 0 && strstr(msg, "stream ends without its closing 'end' record, which "
						    "hs-gen writes last"), "end: a header and prov alone (%zu)", i);
		}
		hs_stream_release(&s);
		hs_stream_set_partial(1);
		r = load_text(&s, "b.hs", bad[i].text, strlen(bad[i].text), &msg);
		hs_stream_set_partial(0);
		TAP_OK(r == 0, "end: read as it is when partial (%zu)", i);
		hs_stream_release(&s);
	}
	/* No hs tool's word: no closing record needed, nor a last newline. */
	const char *hand = "hs 1\nprov gen tool=mine\ntask a";
	r = load_text(&s, "h.hs", hand, strlen(hand), &msg);
	TAP_OK(r == 0, "end: a stream no hs tool wrote needs none");
	hs_stream_release(&s);
}

int main(void)
{
	if (!mkdtemp(tmpdir)) {
		perror("mkdtemp");
		return 1;
	}
	test_new_fields();
	hs_set_progname("test_format");
	test_identity();
	test_decoded_fields();
	test_modify();
	test_stream_ops();
	test_canonical_roundtrip();
	test_syntax_errors();
	test_stream_errors();
	test_garbage();
	test_long_line();
	test_compressed();
	test_lists();
	test_kept_once();
	test_generated();
	test_generated_mt();
	test_end();
	char *cmd = hs_asprintf("rm -rf '%s'", tmpdir);
	if (system(cmd) != 0)
		printf("# could not remove %s\n", tmpdir);
	free(cmd);
	return tap_done();
}
