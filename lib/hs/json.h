/* hs/json.h - a small strict JSON reader (RFC 8259), for the outside
 * formats that come as JSON (Batsim workloads, formats/batsim.c).
 *
 * The whole text becomes a tree in which every value knows its line, so a
 * reader of a format can say "FILE:LINE: job 3: no 'subtime'".  Strict:
 * one value per file, no comments, no trailing commas, no NaN or Infinity,
 * strings of valid UTF-8 (a \u0000 escape is refused: hs strings are C
 * strings), no duplicate keys in an object, numbers that fit a double.
 * Bounded: at most HS_JSON_MAX_BYTES of text (after decompression: files
 * go through hs_input, so .gz, .bz2, .xz and .zst read too), nesting at
 * most HS_JSON_MAX_DEPTH deep, at most HS_JSON_MAX_VALUES values; memory
 * is about the text's size plus 32 bytes per value.
 */
#ifndef HS_JSON_H
#define HS_JSON_H

#include <stddef.h>

#define HS_JSON_MAX_BYTES (128ul << 20)
#define HS_JSON_MAX_DEPTH 64
#define HS_JSON_MAX_VALUES (8l << 20)

enum hs_json_type {
	HS_JSON_NULL,
	HS_JSON_FALSE,
	HS_JSON_TRUE,
	HS_JSON_NUMBER,
	HS_JSON_STRING,
	HS_JSON_ARRAY,
	HS_JSON_OBJECT,
};

struct hs_json {
	enum hs_json_type type;
	int line;                 /* 1-based line where the value starts */
	int n;                    /* array: items; object: members; string: bytes */
	union {
		double num;           /* NUMBER */
		const char *str;      /* STRING, NUL-terminated */
		const struct hs_json *items; /* ARRAY, OBJECT: n values in order */
	} u;
	const char *const *keys;  /* OBJECT: the n keys, in order */
};

struct hs_json_doc;

/* Bounds of one parse (hs_json_parse uses the HS_JSON_MAX_* above). */
struct hs_json_limits {
	size_t max_bytes;
	int max_depth;
	long max_values;
};

/* Parse text[0, len) named name (for messages).  Returns the document (its
 * root with hs_json_root), or NULL after reporting "PROG: NAME:LINE: what"
 * ("expected ':' after an object key", "duplicate key 'jobs' (first at line
 * 3)", "nesting deeper than 64", ...). */
struct hs_json_doc *hs_json_parse(const char *name, const char *text, size_t len);
/* The same within other bounds (tests use small ones). */
struct hs_json_doc *hs_json_parse_limits(const char *name, const char *text, size_t len,
					 const struct hs_json_limits *lim);
/* Read a file (path "-" or NULL: stdin, plain or compressed) and parse it. */
struct hs_json_doc *hs_json_load(const char *path);
const struct hs_json *hs_json_root(const struct hs_json_doc *d);
/* The name given to hs_json_parse (or the path). */
const char *hs_json_name(const struct hs_json_doc *d);
void hs_json_free(struct hs_json_doc *d);

/* The member key of an object, or NULL (also when v is not an object). */
const struct hs_json *hs_json_get(const struct hs_json *obj, const char *key);
/* "a number", "a string", ...: for messages. */
const char *hs_json_type_name(enum hs_json_type t);

#endif
