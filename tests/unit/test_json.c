/* test_json - the strict JSON reader: values, lines, escapes and UTF-8, every
 * error message with its line, the bounds (depth, values, bytes), duplicate
 * keys in small and large objects, a compressed file. */
#include "hs/json.h"
#include "hs/util.h"
#include "model_fixture.h"
#include "tap.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void test_values(void)
{
	const char *text = "\xef\xbb\xbf{\"a\": [1, -2.5e3, true,\n"
			   "  false, null, \"x\\u00e9\\ud83d\\ude00\\n\\\"\\/\"],\n"
			   "\"b\" : { }, \"c\": \"\xc3\xa9t\xc3\xa9\", \"d\": 0.1, \"e\": -0}\n";
	struct hs_json_doc *d = hs_json_parse("t.json", text, strlen(text));
	TAP_OK(d != NULL, "parses (a UTF-8 byte order mark first)");
	if (!d)
		return;
	const struct hs_json *r = hs_json_root(d), *a = hs_json_get(r, "a");
	TAP_OK(r->type == HS_JSON_OBJECT && r->n == 5 && strcmp(r->keys[4], "e") == 0,
	       "an object of 5 members, keys in order");
	TAP_OK(a && a->type == HS_JSON_ARRAY && a->n == 6 && a->line == 1, "a: 6 items, line 1");
	const struct hs_json *it = a->u.items;
	TAP_OK(it[0].type == HS_JSON_NUMBER && it[0].u.num == 1 && it[1].u.num == -2500,
	       "1 and -2.5e3");
	TAP_OK(it[2].type == HS_JSON_TRUE && it[3].type == HS_JSON_FALSE && it[4].type == HS_JSON_NULL,
	       "true false null");
	TAP_OK(it[2].line == 1 && it[3].line == 2 && it[5].line == 2, "items know their lines");
	TAP_OK(it[5].type == HS_JSON_STRING && it[5].n == 10 &&
		       memcmp(it[5].u.str, "x\xc3\xa9\xf0\x9f\x98\x80\n\"/", 11) == 0,
	       "escapes: \\u00e9, a surrogate pair, \\n \\\" \\/ as UTF-8");
	const struct hs_json *b = hs_json_get(r, "b");
	TAP_OK(b && b->type == HS_JSON_OBJECT && b->n == 0 && b->line == 3, "b: {} on line 3");
	TAP_STREQ(hs_json_get(r, "c")->u.str, "\xc3\xa9t\xc3\xa9", "raw UTF-8 kept");
	TAP_OK(hs_json_get(r, "d")->u.num == 0.1 && signbit(hs_json_get(r, "e")->u.num),
	       "0.1 exact, -0 negative zero");
	TAP_OK(hs_json_get(r, "z") == NULL && hs_json_get(a, "a") == NULL,
	       "absent key, or not an object: NULL");
	TAP_STREQ(hs_json_type_name(HS_JSON_ARRAY), "an array", "type names");
	hs_json_free(d);

	d = hs_json_parse("t.json", " 42 ", 4);
	TAP_OK(d && hs_json_root(d)->type == HS_JSON_NUMBER && hs_json_root(d)->u.num == 42,
	       "a bare number is a document");
	hs_json_free(d);
}

/* text gives exactly "test_json: t.json:LINE: what\n" (LINE omitted when 0). */
static void expect(const char *text, size_t len, int line, const char *what)
{
	fx_cap_begin();
	struct hs_json_doc *d = hs_json_parse("t.json", text, len);
	const char *msg = fx_cap_end();
	char want[600];
	if (line)
		snprintf(want, sizeof want, "test_json: t.json:%d: %s\n", line, what);
	else
		snprintf(want, sizeof want, "test_json: t.json: %s\n", what);
	TAP_OK(d == NULL && strcmp(msg, want) == 0, "error: %s", what);
	if (strcmp(msg, want) != 0)
		printf("#   got: %s#  want: %s", msg, want);
	hs_json_free(d);
}

#define EXPECT(text, line, what) expect(text, sizeof text - 1, line, what)

static void test_errors(void)
{
	EXPECT("", 0, "no JSON value (empty input)");
	EXPECT(" \n\t", 0, "no JSON value (empty input)");
	EXPECT("[1,\n2,\n", 3, "expected a value, not the end of the input");
	EXPECT("[1 2]", 1, "expected ',' or ']' after an array item, not '2'");
	EXPECT("[1,]", 1, "expected a value, not ']'");
	EXPECT("{\"a\":1,}", 1, "expected a string key, not '}'");
	EXPECT("{a:1}", 1, "expected a string key, not 'a'");
	EXPECT("{\"a\" 1}", 1, "expected ':' after the key 'a', not '1'");
	EXPECT("{\"a\":1 \"b\":2}", 1, "expected ',' or '}' after the value of 'a', not '\"'");
	EXPECT("{\"k\":1,\n\"k\":2}", 2, "duplicate key 'k' (first at line 1)");
	EXPECT("[01]", 1, "invalid number '01'");
	EXPECT("[1.]", 1, "invalid number '1.'");
	EXPECT("[.5]", 1, "expected a value, not '.'");
	EXPECT("[1e]", 1, "invalid number '1e'");
	EXPECT("[-]", 1, "invalid number '-'");
	EXPECT("[+1]", 1, "expected a value, not '+'");
	EXPECT("[0x10]", 1, "invalid number '0x10'");
	EXPECT("[1e999]", 1, "number out of range '1e999'");
	EXPECT("[1e-999]", 1, "number out of range '1e-999'");
	EXPECT("[NaN]", 1, "expected a value, not 'N'");
	EXPECT("[tru]", 1, "expected a value, not 't'");
	EXPECT("[nulls]", 1, "expected a value, not 'n'");
	EXPECT("\"abc", 1, "unterminated string");
	EXPECT("\"a\\", 1, "unterminated string");
	EXPECT("\"a\nb\"", 1, "control character 0x0a in a string (write it as \\u000a)");
	EXPECT("\"\\x\"", 1, "invalid escape '\\x' in a string");
	EXPECT("\"\\u12g4\"", 1, "\\u must be followed by 4 hexadecimal digits");
	EXPECT("\"\\ud800\"", 1, "\\uD800: a high surrogate without its low one");
	EXPECT("\"\\ud800\\u0041\"", 1, "\\uD800: a high surrogate without its low one");
	EXPECT("\"\\udc00\"", 1, "\\uDC00: a low surrogate without its high one");
	EXPECT("\"\\u0000\"", 1, "\\u0000 (a NUL character) in a string is not supported");
	EXPECT("\"\xff\"", 1, "invalid UTF-8 in a string (byte 0xff)");
	EXPECT("\"\xc0\x80\"", 1, "invalid UTF-8 in a string (byte 0xc0)");
	EXPECT("\"\xe0\x80\xaf\"", 1, "invalid UTF-8 in a string (byte 0xe0)");
	EXPECT("\"\xed\xa0\x80\"", 1, "invalid UTF-8 in a string (byte 0xed)");
	EXPECT("\"\xf4\x90\x80\x80\"", 1, "invalid UTF-8 in a string (byte 0xf4)");
	EXPECT("\"\xc3\"", 1, "invalid UTF-8 in a string (byte 0xc3)");
	EXPECT("[1] x", 1, "unexpected 'x' after the JSON value");
	EXPECT("[1]\n\n{}", 3, "unexpected '{' after the JSON value");
	EXPECT("[\x01]", 1, "expected a value, not byte 0x01");
	/* A NUL byte in the text is not a blank. */
	expect("[1]\0", 4, 1, "unexpected byte 0x00 after the JSON value");
}

static void test_limits(void)
{
	/* 64 levels parse, 65 do not. */
	char deep[200];
	memset(deep, '[', 65);
	memset(deep + 65, ']', 65);
	struct hs_json_doc *d = hs_json_parse("t.json", deep + 1, 128);
	TAP_OK(d != NULL, "64 nested arrays parse");
	hs_json_free(d);
	expect(deep, 130, 1, "nesting deeper than 64");

	struct hs_json_limits lim = {100, 2, 5};
	d = hs_json_parse_limits("t.json", "[1,[2,3]]", 9, &lim);
	TAP_OK(d != NULL, "5 values (2 arrays, 3 numbers), depth 2: within the bounds");
	hs_json_free(d);
	fx_cap_begin();
	d = hs_json_parse_limits("t.json", "[1,[2,3],4]", 11, &lim);
	const char *msg = fx_cap_end();
	TAP_OK(!d && strcmp(msg, "test_json: t.json:1: more than 5 values\n") == 0,
	       "a sixth value: more than 5 values");
	fx_cap_begin();
	d = hs_json_parse_limits("t.json", "[[[1]]]", 7, &lim);
	msg = fx_cap_end();
	TAP_OK(!d && strcmp(msg, "test_json: t.json:1: nesting deeper than 2\n") == 0,
	       "depth 3 with a bound of 2");
	char big[101];
	memset(big, ' ', sizeof big);
	big[0] = '1';
	fx_cap_begin();
	d = hs_json_parse_limits("t.json", big, sizeof big, &lim);
	msg = fx_cap_end();
	TAP_OK(!d && strcmp(msg, "test_json: t.json: more than 100 bytes of JSON (the most hs "
				 "reads)\n") == 0,
	       "101 bytes with a bound of 100");
}

/* An object of n keys "k0".."k(n-1)", key dup repeated last on line 2. */
static void test_big_object(void)
{
	size_t cap = 64 * 1000 + 100, n = 0;
	char *t = hs_malloc(cap);
	n += (size_t)sprintf(t + n, "{");
	for (int i = 0; i < 1000; i++)
		n += (size_t)sprintf(t + n, "%s\"k%d\": %d", i ? ", " : "", i, i);
	size_t ok_len = n;
	t[n++] = '}';
	struct hs_json_doc *d = hs_json_parse("t.json", t, n);
	TAP_OK(d && hs_json_root(d)->n == 1000 && hs_json_get(hs_json_root(d), "k999")->u.num == 999,
	       "an object of 1000 keys");
	hs_json_free(d);
	n = ok_len;
	n += (size_t)sprintf(t + n, ",\n\"k500\": 1}");
	expect(t, n, 2, "duplicate key 'k500' (first at line 1)");
	free(t);
}

static void test_load(void)
{
	char dir[] = "/tmp/hs-test-json-XXXXXX";
	if (!mkdtemp(dir))
		return;
	char *p = hs_asprintf("%s/w.json", dir);
	FILE *f = fopen(p, "w");
	fputs("{\"jobs\":\r\n [1,\r\n 2]}\r\n", f);
	fclose(f);
	char *cmd = hs_asprintf("gzip -k '%s'", p);
	int made = system(cmd) == 0;
	free(cmd);
	char *gz = hs_asprintf("%s.gz", p);
	struct hs_json_doc *d = made ? hs_json_load(gz) : NULL;
	const struct hs_json *j = d ? hs_json_get(hs_json_root(d), "jobs") : NULL;
	TAP_OK(j && j->n == 2 && j->u.items[1].line == 3 && strcmp(hs_json_name(d), gz) == 0,
	       "a gzipped file with CRLF lines: lines counted, named after the file");
	hs_json_free(d);
	char *none = hs_asprintf("%s/nosuch.json", dir);
	fx_cap_begin();
	d = hs_json_load(none);
	const char *msg = fx_cap_end();
	char *want = hs_asprintf("test_json: %s: No such file or directory\n", none);
	TAP_OK(!d && strcmp(msg, want) == 0, "a missing file: the system's message");
	free(want);
	free(none);
	cmd = hs_asprintf("rm -rf '%s'", dir);
	if (system(cmd) != 0)
		perror("rm");
	free(cmd);
	free(gz);
	free(p);
}

int main(void)
{
	hs_set_progname("test_json");
	test_values();
	test_errors();
	test_limits();
	test_big_object();
	test_load();
	return tap_done();
}
