/* hs/format.h - the hs line format: records, streams, reader and writer.
 *
 * A stream is a header line "hs 1" followed by lines, each one of:
 *   - a blank line or a comment ("#" as first non-blank character);
 *   - a record: KIND ID KEY=VALUE ...
 * The full grammar is in hs-format(5).  This module knows nothing about the
 * meaning of records: it keeps every line, in order, so unknown kinds and
 * keys pass through unchanged.  A record that was not modified is written
 * back byte for byte from its original text (parse -> write is the
 * identity); a modified or new record is written in canonical form.
 */
#ifndef HS_FORMAT_H
#define HS_FORMAT_H

#include <stddef.h>
#include <stdio.h>

#define HS_FORMAT_VERSION 1

struct hs_field {
	const char *key;
	const char *val; /* decoded: quotes and escapes removed */
};

/* One line of a stream, or one run of comment and blank lines: kind ==
 * NULL, and raw holds the run's lines joined by '\n' (hs_stream_read makes
 * one record of consecutive ones, so that they cost their text and not a
 * record each).  All strings belong to the record. */
struct hs_record {
	const char *kind;
	const char *id;
	struct hs_field *fields;
	int nfields;
	int line;         /* 1-based line in the source, 0 for new records */
	const char *raw;  /* original text without newline; NULL once modified,
			   * and for a line in canonical form (kept once, as its
			   * decoded tokens, and written back the same) */
	/* private to format.c */
	char *mem_;
	int cap_;
	int dirty_;
	size_t rawlen_;   /* strlen(raw) while raw != NULL */
};

/* A whole stream held in memory: records in input order.  The header line
 * is not a record; version holds its number.  Comments and blank lines
 * before the header are records like any other: the header is written
 * back before record header_pos. */
struct hs_stream {
	char *name;          /* input name for messages: "stdin", a path */
	int version;         /* from the header */
	struct hs_record **recs;
	size_t n, cap;
	char *header_raw;    /* header line as read (NULL: write "hs 1") */
	size_t header_pos;   /* number of records before the header line */
};

/* ---- records ---- */
/* kind NULL makes a comment/blank line whose text is id. */
struct hs_record *hs_record_new(const char *kind, const char *id);
void hs_record_free(struct hs_record *r);
/* A new record with fields keys[i]=vals[i], in one allocation: what
 * hs_record_new and n hs_record_set calls make, without a block per value. */
struct hs_record *hs_record_new_fields(const char *kind, const char *id, const char *const *keys,
				       const char *const *vals, int n);
/* Value of key, or NULL when absent (the last occurrence wins). */
const char *hs_record_get(const struct hs_record *r, const char *key);
/* Set (replace in place, or append at the end) a field; marks r modified. */
void hs_record_set(struct hs_record *r, const char *key, const char *val);
void hs_record_set_num(struct hs_record *r, const char *key, double v);
void hs_record_set_int(struct hs_record *r, const char *key, long v);
void hs_record_setf(struct hs_record *r, const char *key, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Remove a field if present; marks r modified. */
void hs_record_unset(struct hs_record *r, const char *key);
/* Canonical text of a record (no newline) appended to f. */
int hs_record_write(FILE *f, const struct hs_record *r);

/* ---- generated records ----
 * One record that stands for a run of lines made only when it is written:
 * a tool's plan or run records, one per task, without a record per line in
 * memory (hs_instance_emit_plan).  next(arg, i, l) fills l with line i's
 * kind, id and fields (values as stored: the writer quotes them) and
 * returns 1, or 0 to skip i, or -1 after the last line; what l points to
 * stays valid until the next call.  Such a record has no kind, id or
 * fields of its own; hs_record_write writes its lines, each with a
 * newline.  free_arg (may be NULL) releases arg with the record. */
#define HS_GEN_FIELDS 16
struct hs_gen_line {
	const char *kind, *id;
	const char *keys[HS_GEN_FIELDS], *vals[HS_GEN_FIELDS];
	int n;
};
typedef int (*hs_gen_next)(void *arg, size_t i, struct hs_gen_line *l);
struct hs_record *hs_record_new_gen(const char *tag, hs_gen_next next, void *arg,
				    void (*free_arg)(void *));
/* The same for a generator that may run on several threads at once, each
 * with its own i: the writer then makes the lines past the first 4096 on
 * up to 4 threads (hs_stream_set_threads) and writes them in order.  What
 * l points to stays valid until the next call on the same thread; after
 * its last call on a thread the writer calls next(arg, HS_GEN_DONE, l)
 * there, so that per-thread state can be freed (its result is ignored). */
#define HS_GEN_DONE ((size_t)-1)
struct hs_record *hs_record_new_gen_mt(const char *tag, hs_gen_next next, void *arg,
				       void (*free_arg)(void *));
/* The tag given to hs_record_new_gen, or NULL for any other record. */
const char *hs_record_gen_tag(const struct hs_record *r);

/* Parse one line (no newline) into a record.  Returns NULL and sets *err to
 * a static message on a syntax error; comments/blank lines give kind NULL. */
struct hs_record *hs_record_parse(const char *line, size_t len, int lineno, const char **err);

/* ---- input ----
 * hs_input reads a file or stdin ("-" or NULL), decompressing .gz/.bz2/.xz/
 * .zst transparently (detected from the content, not the name, through
 * libarchive).  Lines are returned one at a time without the newline. */
struct hs_input;
struct hs_input *hs_input_open(const char *path); /* NULL on error (reported) */
/* The same, and every byte read from the file (compressed or not) is also
 * written to tee as it is read: a copy of a pipe that cannot be read again. */
struct hs_input *hs_input_open_tee(const char *path, FILE *tee);
/* Returns the line length, or -1 at end of input, -2 on a read error
 * (reported).  *line stays valid until the next call. */
long hs_input_getline(struct hs_input *in, char **line);
/* Or the bytes themselves (decompressed), for a reader that is not line
 * based (XML): up to n into dst; returns the count, 0 at the end, -1 on a
 * read error (reported).  Do not mix with hs_input_getline. */
long hs_input_read(struct hs_input *in, char *dst, size_t n);
const char *hs_input_name(const struct hs_input *in);
int hs_input_lineno(const struct hs_input *in);
/* 1 once the input's last line was read and had no newline. */
int hs_input_unterminated(const struct hs_input *in);
void hs_input_close(struct hs_input *in);

/* ---- streams ----
 * hs_stream_init must come before hs_stream_read (which appends to the
 * stream and names it after the input when name is NULL); hs_stream_load
 * initializes the stream itself.  Release with hs_stream_release. */
void hs_stream_init(struct hs_stream *s, const char *name);
void hs_stream_release(struct hs_stream *s); /* frees records, keeps nothing */
/* Read a whole stream.  Reports "PROG: NAME:LINE: msg" and returns -1 on bad
 * input (missing/unsupported header, syntax error, empty input, and a
 * stream an hs tool wrote that was cut short: see hs_stream_set_partial). */
int hs_stream_read(struct hs_stream *s, struct hs_input *in);
/* Convenience: open, read, close.  path "-" or NULL is stdin. */
int hs_stream_load(struct hs_stream *s, const char *path);
/* The same through hs_input_open_tee (tee may be NULL). */
int hs_stream_load_tee(struct hs_stream *s, const char *path, FILE *tee);
/* Past its first 4 MiB, hs_stream_read parses record lines on several
 * threads while it reads on (same records, same order, same first error):
 * as many as the processors online, at most 4, or HS_THREADS from the
 * environment.  hs_stream_set_threads(n > 0) overrides both (1: none; at
 * most 4 still), for a program that already reads several streams side by
 * side; it also sets the threads that make generated lines
 * (hs_record_new_gen_mt) and decode the model (hs_instance_load). */
void hs_stream_set_threads(int n);
/* The threads that reading and writing streams may use now (1: none). */
int hs_stream_threads(void);
/* A thread that read streams calls this before it ends, so that the
 * memory its records came from goes back once they are freed. */
void hs_stream_thread_end(void);
/* Append a record (the stream takes ownership). */
void hs_stream_append(struct hs_stream *s, struct hs_record *r);
/* Remove (and free) every record for which drop(r, arg) is non-zero,
 * keeping the others in order. */
void hs_stream_filter(struct hs_stream *s, int (*drop)(const struct hs_record *, void *), void *arg);
/* A stream whose prov records say an hs tool wrote it must end with the
 * closing record ("end stream records=N ...", which hs_stream_write writes
 * last) and a newline, or hs_stream_read refuses it as cut short.
 * hs_stream_set_partial(1) (a tool's --partial) reads such a stream as it
 * is. */
void hs_stream_set_partial(int on);
/* Write header and every record, then the closing record (an "end" record
 * read from the input is dropped: the stream gets its own).  Returns 0, or
 * -1 on a write error. */
int hs_stream_write(FILE *f, const struct hs_stream *s);
/* The same in parts, for a tool that writes records as they come (hs-exec's
 * runs, hs-gen swf's tasks): hs_stream_write_begin writes the header and
 * the records of s, without the closing record, adding them to *t; each
 * record written after them with hs_record_write (and a newline) is
 * counted with hs_stream_tally_add (a generated record cannot be); and
 * hs_stream_write_end writes the closing record of all of them.  Until
 * then the stream reads as cut short, which it is. */
struct hs_stream_tally {
	size_t records, tasks, plans, runs;
};
int hs_stream_write_begin(FILE *f, const struct hs_stream *s, struct hs_stream_tally *t);
void hs_stream_tally_add(struct hs_stream_tally *t, const struct hs_record *r);
int hs_stream_write_end(FILE *f, const struct hs_stream_tally *t);

/* ---- value helpers ----
 * Comma lists: "a,b,c".  Integer sets: "0-3,8" (sorted, duplicates removed).
 * Per-node lists use "/" between nodes: "0-7/0-3". */
/* Split a comma list into a NULL-terminated array of strings (one
 * allocation; free with free()).  *n receives the count. */
char **hs_split_list(const char *s, char sep, int *n);
/* Parse "0-3,8" into a sorted array of distinct ints in [0, max]; returns
 * the count or -1 on a syntax error.  *out is malloc'd. */
int hs_parse_intset(const char *s, int max, int **out);
/* Format a sorted int array as ranges "0-3,8" into a malloc'd string. */
char *hs_fmt_intset(const int *v, int n);
/* Parse a comma list of finite doubles; returns count or -1. */
int hs_parse_numlist(const char *s, double **out);

#endif
