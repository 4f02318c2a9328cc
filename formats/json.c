/* json.c - a small strict JSON reader (hs/json.h).
 *
 * Recursive descent over the whole text, bounded in depth.  Values land in
 * an arena: a container's children are parsed onto a stack and copied into
 * the arena, contiguous, when the container closes, so the tree costs one
 * node per value and no per-node allocation.  Line numbers are counted in
 * the blanks between tokens (a string cannot hold a raw newline). */
#include "hs/json.h"
#include "hs/format.h"
#include "hs/util.h"
#include "util/strmap.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct block {
	struct block *next;
	size_t used, cap;
	_Alignas(max_align_t) char data[];
};

struct hs_json_doc {
	char *name;
	struct hs_json root;
	struct block *blocks;
};

struct parser {
	const char *name;
	const char *p, *end;
	int line, depth;
	long nvalues;
	const struct hs_json_limits *lim;
	struct hs_json_doc *doc;
	struct hs_json *stack; /* children of the open containers */
	size_t nstack, capstack;
	const char **keys;     /* keys of the open objects' children */
	size_t nkeys, capkeys;
	char *sbuf;            /* a string with escapes, decoded */
	size_t scap;
};

#define BLOCK_SIZE ((size_t)1 << 20)

static void *arena_alloc(struct hs_json_doc *d, size_t n)
{
	n = (n + 15) & ~(size_t)15;
	struct block *b = d->blocks;
	if (!b || b->cap - b->used < n) {
		size_t cap = n > BLOCK_SIZE / 4 ? n : BLOCK_SIZE;
		b = hs_malloc(sizeof *b + cap);
		b->cap = cap;
		b->used = 0;
		/* A big one-off goes behind the current block, which keeps filling. */
		if (cap > BLOCK_SIZE && d->blocks) {
			b->next = d->blocks->next;
			d->blocks->next = b;
		} else {
			b->next = d->blocks;
			d->blocks = b;
		}
	}
	void *p = b->data + b->used;
	b->used += n;
	return p;
}

static int fail(struct parser *P, const char *fmt, ...) HS_PRINTF(2, 3);
static int fail(struct parser *P, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	hs_error_at(P->name, P->line, "%s", msg);
	return -1;
}

/* The character at p for a message: 'x', or a byte's code, or "the end". */
static const char *what_at(struct parser *P, char *buf, size_t n)
{
	if (P->p >= P->end)
		return "the end of the input";
	unsigned char c = (unsigned char)*P->p;
	if (c >= 0x20 && c < 0x7f)
		snprintf(buf, n, "'%c'", c);
	else
		snprintf(buf, n, "byte 0x%02x", c);
	return buf;
}

static void skip_blanks(struct parser *P)
{
	while (P->p < P->end) {
		char c = *P->p;
		if (c == '\n')
			P->line++;
		else if (c != ' ' && c != '\t' && c != '\r')
			break;
		P->p++;
	}
}

/* A key or value text shortened for a message. */
static const char *quote(const char *s, char *buf, size_t n)
{
	size_t len = strlen(s);
	if (len + 1 <= n) {
		memcpy(buf, s, len + 1);
	} else {
		memcpy(buf, s, n - 4);
		strcpy(buf + n - 4, "...");
	}
	for (char *c = buf; *c; c++)
		if ((unsigned char)*c < 0x20)
			*c = '?';
	return buf;
}

static void sput(struct parser *P, size_t *len, const char *s, size_t n)
{
	if (*len + n + 1 > P->scap) {
		P->scap = (*len + n + 1) * 2;
		P->sbuf = hs_realloc(P->sbuf, P->scap);
	}
	memcpy(P->sbuf + *len, s, n);
	*len += n;
}

/* Length of the valid UTF-8 sequence at s (lead byte >= 0x80), or 0. */
static int utf8_len(const unsigned char *s, const unsigned char *end)
{
	int n;
	uint32_t c;
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2, c = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3, c = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4, c = s[0] & 0x07;
	else
		return 0;
	if (end - s < n)
		return 0;
	for (int i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		c = (c << 6) | (s[i] & 0x3f);
	}
	/* overlong, a surrogate, beyond U+10FFFF */
	if ((n == 3 && c < 0x800) || (n == 4 && c < 0x10000) || (c >= 0xd800 && c <= 0xdfff) ||
	    c > 0x10ffff)
		return 0;
	return n;
}

static int hex4(const char *p, uint32_t *v)
{
	*v = 0;
	for (int i = 0; i < 4; i++) {
		char c = p[i];
		int d = c >= '0' && c <= '9' ? c - '0'
			: c >= 'a' && c <= 'f' ? c - 'a' + 10
			: c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
		if (d < 0)
			return -1;
		*v = *v << 4 | (uint32_t)d;
	}
	return 0;
}

static size_t put_utf8(char *o, uint32_t c)
{
	if (c < 0x80) {
		o[0] = (char)c;
		return 1;
	}
	if (c < 0x800) {
		o[0] = (char)(0xc0 | c >> 6);
		o[1] = (char)(0x80 | (c & 0x3f));
		return 2;
	}
	if (c < 0x10000) {
		o[0] = (char)(0xe0 | c >> 12);
		o[1] = (char)(0x80 | ((c >> 6) & 0x3f));
		o[2] = (char)(0x80 | (c & 0x3f));
		return 3;
	}
	o[0] = (char)(0xf0 | c >> 18);
	o[1] = (char)(0x80 | ((c >> 12) & 0x3f));
	o[2] = (char)(0x80 | ((c >> 6) & 0x3f));
	o[3] = (char)(0x80 | (c & 0x3f));
	return 4;
}

/* A string at p (on its '"'): its decoded text in the arena, *n bytes. */
static const char *parse_string(struct parser *P, int *n)
{
	const char *s = ++P->p;
	size_t len = 0;
	for (;;) {
		/* Plain bytes up to the next quote, escape or special byte. */
		const char *q = s;
		while (q < P->end && *q != '"' && *q != '\\' && (unsigned char)*q >= 0x20 &&
		       (unsigned char)*q < 0x80)
			q++;
		sput(P, &len, s, (size_t)(q - s));
		if (q >= P->end) {
			fail(P, "unterminated string");
			return NULL;
		}
		unsigned char c = (unsigned char)*q;
		if (c == '"') {
			P->p = q + 1;
			break;
		}
		if (c < 0x20) {
			P->p = q;
			fail(P, "control character 0x%02x in a string (write it as \\u%04x)", c, c);
			return NULL;
		}
		if (c >= 0x80) {
			int k = utf8_len((const unsigned char *)q, (const unsigned char *)P->end);
			if (!k) {
				P->p = q;
				fail(P, "invalid UTF-8 in a string (byte 0x%02x)", c);
				return NULL;
			}
			sput(P, &len, q, (size_t)k);
			s = q + k;
			continue;
		}
		/* An escape. */
		if (q + 1 >= P->end) {
			fail(P, "unterminated string");
			return NULL;
		}
		char e = q[1], out[4];
		size_t on = 1;
		s = q + 2;
		switch (e) {
		case '"': out[0] = '"'; break;
		case '\\': out[0] = '\\'; break;
		case '/': out[0] = '/'; break;
		case 'b': out[0] = '\b'; break;
		case 'f': out[0] = '\f'; break;
		case 'n': out[0] = '\n'; break;
		case 'r': out[0] = '\r'; break;
		case 't': out[0] = '\t'; break;
		case 'u': {
			uint32_t u, lo;
			if (P->end - s < 4 || hex4(s, &u) < 0) {
				fail(P, "\\u must be followed by 4 hexadecimal digits");
				return NULL;
			}
			s += 4;
			if (u >= 0xd800 && u <= 0xdbff) {
				if (P->end - s < 6 || s[0] != '\\' || s[1] != 'u' || hex4(s + 2, &lo) < 0 ||
				    lo < 0xdc00 || lo > 0xdfff) {
					fail(P, "\\u%04X: a high surrogate without its low one", u);
					return NULL;
				}
				s += 6;
				u = 0x10000 + ((u - 0xd800) << 10) + (lo - 0xdc00);
			} else if (u >= 0xdc00 && u <= 0xdfff) {
				fail(P, "\\u%04X: a low surrogate without its high one", u);
				return NULL;
			} else if (u == 0) {
				fail(P, "\\u0000 (a NUL character) in a string is not supported");
				return NULL;
			}
			on = put_utf8(out, u);
			break;
		}
		default:
			P->p = q;
			if ((unsigned char)e >= 0x20 && (unsigned char)e < 0x7f)
				fail(P, "invalid escape '\\%c' in a string", e);
			else
				fail(P, "invalid escape in a string");
			return NULL;
		}
		sput(P, &len, out, on);
	}
	if (len > (size_t)HS_JSON_MAX_BYTES) { /* cannot happen: the text is bounded */
		fail(P, "string too long");
		return NULL;
	}
	char *r = arena_alloc(P->doc, len + 1);
	memcpy(r, P->sbuf ? P->sbuf : "", len);
	r[len] = '\0';
	*n = (int)len;
	return r;
}

static int parse_number(struct parser *P, struct hs_json *v)
{
	const char *s = P->p, *q = s;
	if (q < P->end && *q == '-')
		q++;
	int ok = q < P->end && *q >= '0' && *q <= '9';
	if (ok && *q == '0') {
		q++;
		ok = !(q < P->end && *q >= '0' && *q <= '9'); /* no leading zero */
	} else {
		while (q < P->end && *q >= '0' && *q <= '9')
			q++;
	}
	if (ok && q < P->end && *q == '.') {
		q++;
		ok = q < P->end && *q >= '0' && *q <= '9';
		while (q < P->end && *q >= '0' && *q <= '9')
			q++;
	}
	if (ok && q < P->end && (*q == 'e' || *q == 'E')) {
		q++;
		if (q < P->end && (*q == '+' || *q == '-'))
			q++;
		ok = q < P->end && *q >= '0' && *q <= '9';
		while (q < P->end && *q >= '0' && *q <= '9')
			q++;
	}
	/* A number ends at a blank or a delimiter. */
	while (q < P->end && !strchr(" \t\r\n,]}:", *q) && q - s < 64)
		q++, ok = 0;
	size_t n = (size_t)(q - s);
	char buf[80];
	if (!ok)
		return fail(P, "invalid number '%.*s%s'", (int)(n < 40 ? n : 40), s,
			    n < 40 ? "" : "...");
	char *tmp = n < sizeof buf ? buf : hs_malloc(n + 1);
	memcpy(tmp, s, n);
	tmp[n] = '\0';
	int bad = hs_parse_double(tmp, &v->u.num) < 0;
	if (tmp != buf)
		free(tmp);
	if (bad)
		return fail(P, "number out of range '%.*s%s'", (int)(n < 40 ? n : 40), s,
			    n < 40 ? "" : "...");
	v->type = HS_JSON_NUMBER;
	P->p = q;
	return 0;
}

static int parse_value(struct parser *P, struct hs_json *v);

static void push_value(struct parser *P, const struct hs_json *v)
{
	if (P->nstack == P->capstack) {
		P->capstack = P->capstack ? 2 * P->capstack : 64;
		P->stack = hs_reallocarray(P->stack, P->capstack, sizeof *P->stack);
	}
	P->stack[P->nstack++] = *v;
}

static void push_key(struct parser *P, const char *k)
{
	if (P->nkeys == P->capkeys) {
		P->capkeys = P->capkeys ? 2 * P->capkeys : 64;
		P->keys = hs_reallocarray(P->keys, P->capkeys, sizeof *P->keys);
	}
	P->keys[P->nkeys++] = k;
}

/* Move the children pushed since base into the arena as v's items. */
static void close_container(struct parser *P, struct hs_json *v, size_t base, size_t kbase)
{
	size_t n = P->nstack - base;
	v->n = (int)n;
	if (n) {
		struct hs_json *items = arena_alloc(P->doc, n * sizeof *items);
		memcpy(items, P->stack + base, n * sizeof *items);
		v->u.items = items;
	}
	P->nstack = base;
	if (v->type == HS_JSON_OBJECT && n) {
		const char **keys = arena_alloc(P->doc, n * sizeof *keys);
		memcpy(keys, P->keys + kbase, n * sizeof *keys);
		v->keys = keys;
	}
	P->nkeys = kbase;
}

/* A repeated key of object v: -1 after reporting, else 0. */
static int check_duplicates(struct parser *P, const struct hs_json *v)
{
	int n = v->n;
	char b[64];
	if (n <= 16) {
		for (int i = 1; i < n; i++)
			for (int j = 0; j < i; j++)
				if (strcmp(v->keys[i], v->keys[j]) == 0) {
					P->line = v->u.items[i].line;
					return fail(P, "duplicate key '%s' (first at line %d)",
						    quote(v->keys[i], b, sizeof b), v->u.items[j].line);
				}
		return 0;
	}
	struct hs_strmap m;
	hs_strmap_init(&m, (size_t)n);
	int rc = 0;
	for (int i = 0; i < n && rc == 0; i++) {
		int j = hs_strmap_put(&m, v->keys[i], i);
		if (j >= 0) {
			P->line = v->u.items[i].line;
			rc = fail(P, "duplicate key '%s' (first at line %d)",
				  quote(v->keys[i], b, sizeof b), v->u.items[j].line);
		}
	}
	hs_strmap_release(&m);
	return rc;
}

static int parse_container(struct parser *P, struct hs_json *v, int object)
{
	char close = object ? '}' : ']', b[32], kb[64];
	if (++P->depth > P->lim->max_depth)
		return fail(P, "nesting deeper than %d", P->lim->max_depth);
	v->type = object ? HS_JSON_OBJECT : HS_JSON_ARRAY;
	size_t base = P->nstack, kbase = P->nkeys;
	P->p++;
	skip_blanks(P);
	if (P->p < P->end && *P->p == close) {
		P->p++;
		P->depth--;
		close_container(P, v, base, kbase);
		return 0;
	}
	for (;;) {
		const char *key = NULL;
		skip_blanks(P);
		if (object) {
			int kn;
			if (P->p >= P->end || *P->p != '"')
				return fail(P, "expected a string key, not %s", what_at(P, b, sizeof b));
			if (!(key = parse_string(P, &kn)))
				return -1;
			skip_blanks(P);
			if (P->p >= P->end || *P->p != ':')
				return fail(P, "expected ':' after the key '%s', not %s",
					    quote(key, kb, sizeof kb), what_at(P, b, sizeof b));
			P->p++;
		}
		struct hs_json item;
		if (parse_value(P, &item) < 0)
			return -1;
		push_value(P, &item);
		if (object)
			push_key(P, key);
		skip_blanks(P);
		if (P->p < P->end && *P->p == ',') {
			P->p++;
			continue;
		}
		if (P->p < P->end && *P->p == close) {
			P->p++;
			break;
		}
		if (object)
			return fail(P, "expected ',' or '}' after the value of '%s', not %s",
				    quote(key, kb, sizeof kb), what_at(P, b, sizeof b));
		return fail(P, "expected ',' or ']' after an array item, not %s",
			    what_at(P, b, sizeof b));
	}
	P->depth--;
	close_container(P, v, base, kbase);
	return object ? check_duplicates(P, v) : 0;
}

static int literal(struct parser *P, const char *word, enum hs_json_type t, struct hs_json *v)
{
	size_t n = strlen(word);
	if ((size_t)(P->end - P->p) < n || memcmp(P->p, word, n) != 0 ||
	    ((size_t)(P->end - P->p) > n && !strchr(" \t\r\n,]}:", P->p[n]))) {
		char b[32];
		return fail(P, "expected a value, not %s", what_at(P, b, sizeof b));
	}
	P->p += n;
	v->type = t;
	return 0;
}

static int parse_value(struct parser *P, struct hs_json *v)
{
	char b[32];
	memset(v, 0, sizeof *v);
	skip_blanks(P);
	v->line = P->line;
	if (++P->nvalues > P->lim->max_values)
		return fail(P, "more than %ld values", P->lim->max_values);
	if (P->p >= P->end)
		return fail(P, "expected a value, not the end of the input");
	switch (*P->p) {
	case '{': return parse_container(P, v, 1);
	case '[': return parse_container(P, v, 0);
	case '"':
		v->type = HS_JSON_STRING;
		return (v->u.str = parse_string(P, &v->n)) ? 0 : -1;
	case 't': return literal(P, "true", HS_JSON_TRUE, v);
	case 'f': return literal(P, "false", HS_JSON_FALSE, v);
	case 'n': return literal(P, "null", HS_JSON_NULL, v);
	default:
		if (*P->p == '-' || (*P->p >= '0' && *P->p <= '9'))
			return parse_number(P, v);
		return fail(P, "expected a value, not %s", what_at(P, b, sizeof b));
	}
}

static const struct hs_json_limits default_limits = {HS_JSON_MAX_BYTES, HS_JSON_MAX_DEPTH,
							  HS_JSON_MAX_VALUES};

struct hs_json_doc *hs_json_parse(const char *name, const char *text, size_t len)
{
	return hs_json_parse_limits(name, text, len, &default_limits);
}

struct hs_json_doc *hs_json_parse_limits(const char *name, const char *text, size_t len,
					 const struct hs_json_limits *lim)
{
	struct hs_json_doc *d = hs_calloc(1, sizeof *d);
	d->name = hs_strdup(name ? name : "stdin");
	struct parser P = {.name = d->name, .p = text, .end = text + len, .line = 1, .doc = d,
			   .lim = lim};
	if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0)
		P.p += 3;
	int rc;
	skip_blanks(&P);
	if (len > lim->max_bytes) {
		P.line = 0;
		rc = fail(&P, "more than %lu bytes of JSON (the most hs reads)",
			  (unsigned long)lim->max_bytes);
	} else if (P.p >= P.end) {
		P.line = 0; /* the whole file */
		rc = fail(&P, "no JSON value (empty input)");
	}
	else
		rc = parse_value(&P, &d->root);
	if (rc == 0) {
		skip_blanks(&P);
		if (P.p < P.end) {
			char b[32];
			rc = fail(&P, "unexpected %s after the JSON value", what_at(&P, b, sizeof b));
		}
	}
	free(P.stack);
	free(P.keys);
	free(P.sbuf);
	if (rc < 0) {
		hs_json_free(d);
		return NULL;
	}
	return d;
}

struct hs_json_doc *hs_json_load(const char *path)
{
	struct hs_input *in = hs_input_open(path);
	if (!in)
		return NULL;
	char *buf = NULL, *line;
	size_t n = 0, cap = 0;
	long len;
	int bad = 0;
	while ((len = hs_input_getline(in, &line)) >= 0) {
		if (n + (size_t)len + 1 > HS_JSON_MAX_BYTES) {
			hs_error_at(hs_input_name(in), hs_input_lineno(in),
				    "more than %lu bytes of JSON (the most hs reads)",
				    (unsigned long)HS_JSON_MAX_BYTES);
			bad = 1;
			break;
		}
		if (n + (size_t)len + 1 > cap) {
			cap = (n + (size_t)len + 1) * 2;
			if (cap > HS_JSON_MAX_BYTES)
				cap = HS_JSON_MAX_BYTES;
			buf = hs_realloc(buf, cap);
		}
		memcpy(buf + n, line, (size_t)len);
		n += (size_t)len;
		buf[n++] = '\n';
	}
	if (len == -2)
		bad = 1;
	struct hs_json_doc *d = bad ? NULL : hs_json_parse(hs_input_name(in), buf ? buf : "", n);
	free(buf);
	hs_input_close(in);
	return d;
}

const struct hs_json *hs_json_root(const struct hs_json_doc *d)
{
	return &d->root;
}

const char *hs_json_name(const struct hs_json_doc *d)
{
	return d->name;
}

void hs_json_free(struct hs_json_doc *d)
{
	if (!d)
		return;
	for (struct block *b = d->blocks, *next; b; b = next) {
		next = b->next;
		free(b);
	}
	free(d->name);
	free(d);
}

const struct hs_json *hs_json_get(const struct hs_json *obj, const char *key)
{
	if (!obj || obj->type != HS_JSON_OBJECT)
		return NULL;
	for (int i = 0; i < obj->n; i++)
		if (strcmp(obj->keys[i], key) == 0)
			return &obj->u.items[i];
	return NULL;
}

const char *hs_json_type_name(enum hs_json_type t)
{
	static const char *const names[] = {"null", "a boolean", "a boolean", "a number",
					    "a string", "an array", "an object"};
	return (unsigned)t < sizeof names / sizeof *names ? names[t] : "?";
}
