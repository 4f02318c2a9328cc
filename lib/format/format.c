/* format/format.c - records and streams of the hs line format (see hs-format(5)).
 *
 * Memory: a parsed record is ONE allocation laid out as
 *     struct hs_record | fields[cap_] | raw text NUL | decoded tokens
 * where "decoded tokens" are kind, id, and each key and value, each NUL
 * terminated, with quotes and escapes removed (decoding only shrinks, so the
 * decoded copy never outgrows the line).  A line in canonical form (single
 * spaces, no quotes, nothing to quote: what the tools write) decodes to
 * its own text with NULs for separators: it is kept once, as the decoded
 * tokens (CANON, raw NULL), and the block shrinks by the copy.  The field
 * count is bounded by the number of '=' in the line, which is what cap_
 * reserves.  Fields added
 * later and replaced values live in small separate blocks chained from
 * mem_; a fields array that outgrows cap_ is moved to the heap (FIELDS_HEAP).
 *
 * Parsed records come from an arena (large mappings carved up by a bump
 * pointer, in 4 KiB pages): a million small mallocs cost more in page
 * faults than the parsing itself.  Each arena
 * counts its live records and is unmapped when the last one is freed, so
 * records stay individually freeable and may move between streams.
 * Under AddressSanitizer every record is a plain malloc, to keep its checks.
 *
 * Writing: an unmodified record is written from its raw text (or, CANON,
 * from its block with the separators put back), so parse -> write is the
 * identity, except that CRLF line ends come back as "\n" and a missing
 * final newline is added.  Modified and new records are written
 * canonically: "kind id k=v k=v".
 */
#include "hs/format.h"
#include "hs/foreign.h"
#include "hs/util.h"
#include "util/par.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* CANON: the line was in canonical form, so it is kept once, its
 * separators turned into NULs, and written back from there (raw NULL). */
enum { DIRTY = 1, FIELDS_HEAP = 2, IN_ARENA = 4, GEN = 8, CANON = 16 };

/* What a generated record holds (in mem_): its callback and tag. */
struct gen {
	hs_gen_next next;
	void *arg;
	void (*free_arg)(void *);
	int mt;           /* next may run on several threads (hs_record_new_gen_mt) */
	char tag[];
};

/* ---- record memory ---- */

#if defined(__SANITIZE_ADDRESS__)
#define USE_ARENA 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define USE_ARENA 0
#endif
#endif
#ifndef USE_ARENA
#define USE_ARENA 1
#endif

#define ARENA_ALIGN ((size_t)32 << 20) /* arenas start at multiples of this */
#define ARENA_FIRST ((size_t)2 << 20)  /* sizes double from here up to ARENA_ALIGN */
#define ARENA_BIG ((size_t)64 << 10)   /* larger records are malloc'd */

struct arena {
	atomic_long live; /* records in it, +1 while it is a thread's current arena */
	size_t size;      /* bytes mapped from the arena's start */
};
#define ARENA_HDR ((sizeof(struct arena) + 15) & ~(size_t)15)

static _Thread_local struct arena *cur_arena;
static _Thread_local char *cur_p, *cur_end;
static _Thread_local char *cur_filled; /* faulted in up to here */

/* Pages are faulted in ahead of use, POPULATE_STEP at a time with one
 * call, rather than the whole arena at once: the unused end of the last
 * arena (up to 32 MiB) is then never zeroed, which cost a tenth of a
 * run. */
#define POPULATE_STEP ((size_t)2 << 20)

static void populate_to(char *p)
{
	if (p <= cur_filled)
		return;
	char *to = cur_filled + POPULATE_STEP;
	if (to < p)
		to = p;
	if (to > cur_end)
		to = cur_end;
#ifdef MADV_POPULATE_WRITE
	madvise(cur_filled, (size_t)(to - cur_filled), MADV_POPULATE_WRITE);
#endif
	cur_filled = to;
}
static _Thread_local size_t next_size = ARENA_FIRST;

/* A few emptied arenas kept for the next arena_new: a program that reads
 * stream after stream (hs-report, on several threads) then reuses memory
 * already faulted in instead of mapping and zeroing 32 MiB again for every
 * few streams. */
#define SPARES 4
static _Atomic(struct arena *) spare[SPARES];

static void arena_unref(struct arena *a)
{
	if (atomic_fetch_sub_explicit(&a->live, 1, memory_order_acq_rel) != 1)
		return;
	for (int i = 0; i < SPARES; i++) {
		struct arena *none = NULL;
		if (atomic_compare_exchange_strong(&spare[i], &none, a))
			return;
	}
	munmap(a, a->size);
}

static struct arena *take_spare(void)
{
	for (int i = 0; i < SPARES; i++) {
		struct arena *a = atomic_exchange(&spare[i], NULL);
		if (a)
			return a;
	}
	return NULL;
}

/* A new arena of next_size bytes aligned to ARENA_ALIGN, or -1. */
static int arena_new(void)
{
	struct arena *a = take_spare();
	if (a) {
		if (a->size >= next_size) {
			if (cur_arena)
				arena_unref(cur_arena);
			atomic_init(&a->live, 1);
			cur_arena = a;
			cur_p = (char *)a + ARENA_HDR;
			cur_end = (char *)a + a->size;
			cur_filled = cur_end; /* already faulted in */
			return 0;
		}
		munmap(a, a->size);
	}
	size_t size = next_size;
	char *m = mmap(NULL, size + ARENA_ALIGN, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED)
		return -1;
	char *base = (char *)(((uintptr_t)m + ARENA_ALIGN - 1) & ~(uintptr_t)(ARENA_ALIGN - 1));
	if (base > m)
		munmap(m, (size_t)(base - m));
	munmap(base + size, (size_t)(m + size + ARENA_ALIGN - (base + size)));
	/* The pages are faulted in a step at a time (populate_to) rather
	 * than one fault per 4 KiB.  Not huge pages (MADV_HUGEPAGE, asked
	 * for here before): on a virtual machine that hands free 2 MiB blocks
	 * back to its host (free page reporting), each huge page is one the
	 * host must fault in and clear again.  Measured on such a
	 * machine (bench/stream.sh's): system time of hs-report 0.30 -> 0.21
	 * s, of the four-tool pipeline on 333 333 tasks 0.98 -> 0.57 s and its
	 * wall time 2.12 -> 1.99 s (medians of 7 and 9), no tool slower. */
	if (cur_arena)
		arena_unref(cur_arena);
	a = (struct arena *)(void *)base;
	atomic_init(&a->live, 1);
	a->size = size;
	cur_arena = a;
	cur_p = base + ARENA_HDR;
	cur_end = base + size;
	cur_filled = base;
	if (next_size < ARENA_ALIGN)
		next_size *= 2;
	return 0;
}

void hs_stream_thread_end(void)
{
	if (!cur_arena)
		return;
	arena_unref(cur_arena);
	cur_arena = NULL;
	cur_p = cur_end = cur_filled = NULL;
	next_size = ARENA_FIRST;
}

static struct hs_record *rec_alloc(size_t n)
{
	if (USE_ARENA && n <= ARENA_BIG) {
		n = (n + 15) & ~(size_t)15;
		if ((size_t)(cur_end - cur_p) >= n || arena_new() == 0) {
			struct hs_record *r = (struct hs_record *)(void *)cur_p;
			cur_p += n;
			populate_to(cur_p);
			atomic_fetch_add_explicit(&cur_arena->live, 1, memory_order_relaxed);
			r->dirty_ = IN_ARENA;
			return r;
		}
	}
	struct hs_record *r = hs_malloc(n);
	r->dirty_ = 0;
	return r;
}

static void rec_dealloc(struct hs_record *r)
{
	if (r->dirty_ & IN_ARENA)
		arena_unref((struct arena *)((uintptr_t)r & ~(uintptr_t)(ARENA_ALIGN - 1)));
	else
		free(r);
}

/* Give back the end of r's block (allocated with size n) beyond m: when r
 * is the arena's latest record, its bump pointer steps back. */
static void rec_shrink(struct hs_record *r, size_t n, size_t m)
{
	if (!(r->dirty_ & IN_ARENA))
		return;
	n = (n + 15) & ~(size_t)15;
	m = (m + 15) & ~(size_t)15;
	if (cur_p == (char *)r + n)
		cur_p = (char *)r + m;
}

/* A string owned by a record outside its main block. */
struct chunk {
	struct chunk *next;
	char s[];
};

/* ---- character classes ---- */
enum { C_BLANK = 1, C_KIND0 = 2, C_KIND = 4, C_KEY0 = 8, C_KEY = 16, C_QUOTE = 32 };
/* Class bits of each byte, 16 a row from 0x00; bytes >= 0x80 have none. */
static const unsigned char cls[256] = {
	 0,  0,  0,  0,  0,  0,  0,  0,  0,  1,  0,  0,  0,  0,  0,  0,
	 0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,
	 1,  0, 32,  0,  0,  0,  0, 32,  0,  0,  0,  0,  0,  0, 16,  0,
	20, 20, 20, 20, 20, 20, 20, 20, 20, 20,  0,  0,  0,  0,  0,  0,
	 0, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24,
	24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24,  0,  0,  0,  0, 28,
	 0, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
	30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,  0,  0,  0,  0,  0,
};

#define IS(c, m) (cls[(unsigned char)(c)] & (m))

/* ---- records ---- */

static char *chunk_add(struct hs_record *r, const char *a, size_t na, const char *b, size_t nb)
{
	struct chunk *c = hs_malloc(sizeof *c + na + 1 + nb + 1);
	memcpy(c->s, a, na);
	c->s[na] = '\0';
	if (b) {
		memcpy(c->s + na + 1, b, nb);
		c->s[na + 1 + nb] = '\0';
	}
	c->next = (struct chunk *)(void *)r->mem_;
	r->mem_ = (char *)(void *)c;
	return c->s;
}

/* Free the chunk holding s if s starts one (values replaced by set). */
static void chunk_drop(struct hs_record *r, const char *s)
{
	struct chunk **pp = (struct chunk **)(void *)&r->mem_;
	for (; *pp; pp = &(*pp)->next)
		if ((*pp)->s == s) {
			struct chunk *c = *pp;
			*pp = c->next;
			free(c);
			return;
		}
}

struct hs_record *hs_record_new(const char *kind, const char *id)
{
	size_t nk = kind ? strlen(kind) + 1 : 0, ni = strlen(id) + 1;
	struct hs_record *r = hs_malloc(sizeof *r + nk + ni);
	memset(r, 0, sizeof *r);
	char *p = (char *)(r + 1);
	if (kind) {
		memcpy(p, kind, nk);
		r->kind = p;
		p += nk;
	}
	memcpy(p, id, ni);
	if (kind) {
		r->id = p;
		r->dirty_ = DIRTY;
	} else {
		r->raw = p; /* a comment or blank line */
		r->rawlen_ = ni - 1;
	}
	return r;
}

struct hs_record *hs_record_new_gen(const char *tag, hs_gen_next next, void *arg,
				    void (*free_arg)(void *))
{
	struct hs_record *r = hs_calloc(1, sizeof *r);
	size_t n = strlen(tag) + 1;
	struct gen *g = hs_malloc(sizeof *g + n);
	g->next = next;
	g->arg = arg;
	g->free_arg = free_arg;
	g->mt = 0;
	memcpy(g->tag, tag, n);
	r->mem_ = (char *)(void *)g;
	r->dirty_ = GEN;
	return r;
}

struct hs_record *hs_record_new_gen_mt(const char *tag, hs_gen_next next, void *arg,
				       void (*free_arg)(void *))
{
	struct hs_record *r = hs_record_new_gen(tag, next, arg, free_arg);
	((struct gen *)(void *)r->mem_)->mt = 1;
	return r;
}

const char *hs_record_gen_tag(const struct hs_record *r)
{
	return r && (r->dirty_ & GEN) ? ((const struct gen *)(const void *)r->mem_)->tag : NULL;
}

void hs_record_free(struct hs_record *r)
{
	if (!r)
		return;
	if (r->dirty_ & GEN) {
		struct gen *g = (struct gen *)(void *)r->mem_;
		if (g->free_arg)
			g->free_arg(g->arg);
		free(g);
		free(r);
		return;
	}
	struct chunk *c = (struct chunk *)(void *)r->mem_;
	while (c) {
		struct chunk *next = c->next;
		free(c);
		c = next;
	}
	if (r->dirty_ & FIELDS_HEAP)
		free(r->fields);
	rec_dealloc(r);
}

const char *hs_record_get(const struct hs_record *r, const char *key)
{
	/* The first byte settles most comparisons without a call. */
	for (int i = r->nfields - 1; i >= 0; i--)
		if (r->fields[i].key[0] == key[0] && strcmp(r->fields[i].key, key) == 0)
			return r->fields[i].val;
	return NULL;
}

static void touch(struct hs_record *r)
{
	if (r->kind) {
		r->raw = NULL;
		r->rawlen_ = 0;
	}
	r->dirty_ |= DIRTY;
}

/* Remove fields[i], keeping the order. */
static void remove_field(struct hs_record *r, int i)
{
	memmove(r->fields + i, r->fields + i + 1, (size_t)(r->nfields - i - 1) * sizeof *r->fields);
	r->nfields--;
}

void hs_record_set(struct hs_record *r, const char *key, const char *val)
{
	size_t nv = strlen(val);
	int last = -1;
	for (int i = r->nfields - 1; i >= 0; i--)
		if (strcmp(r->fields[i].key, key) == 0) {
			if (last < 0) {
				last = i;
			} else { /* earlier duplicates: the new value is the only one */
				remove_field(r, i);
				last--;
			}
		}
	touch(r);
	if (last >= 0) {
		const char *old = r->fields[last].val;
		r->fields[last].val = chunk_add(r, val, nv, NULL, 0);
		chunk_drop(r, old);
		return;
	}
	if (r->nfields == r->cap_) {
		int cap = r->cap_ < 4 ? 8 : r->cap_ * 2;
		struct hs_field *f = hs_reallocarray(NULL, (size_t)cap, sizeof *f);
		if (r->nfields)
			memcpy(f, r->fields, (size_t)r->nfields * sizeof *f);
		if (r->dirty_ & FIELDS_HEAP)
			free(r->fields);
		r->fields = f;
		r->cap_ = cap;
		r->dirty_ |= FIELDS_HEAP;
	}
	size_t nk = strlen(key);
	char *k = chunk_add(r, key, nk, val, nv);
	r->fields[r->nfields].key = k;
	r->fields[r->nfields].val = k + nk + 1;
	r->nfields++;
}

void hs_record_set_num(struct hs_record *r, const char *key, double v)
{
	char buf[HS_NUMBUF];
	hs_record_set(r, key, hs_fmt_double(buf, v));
}

void hs_record_set_int(struct hs_record *r, const char *key, long v)
{
	char buf[32];
	snprintf(buf, sizeof buf, "%ld", v);
	hs_record_set(r, key, buf);
}

void hs_record_setf(struct hs_record *r, const char *key, const char *fmt, ...)
{
	char small[256];
	va_list ap, ap2;
	va_start(ap, fmt);
	va_copy(ap2, ap);
	int n = vsnprintf(small, sizeof small, fmt, ap);
	va_end(ap);
	if (n < 0)
		n = 0, small[0] = '\0';
	if ((size_t)n < sizeof small) {
		hs_record_set(r, key, small);
	} else {
		char *big = hs_malloc((size_t)n + 1);
		vsnprintf(big, (size_t)n + 1, fmt, ap2);
		hs_record_set(r, key, big);
		free(big);
	}
	va_end(ap2);
}

void hs_record_unset(struct hs_record *r, const char *key)
{
	for (int i = r->nfields - 1; i >= 0; i--)
		if (strcmp(r->fields[i].key, key) == 0)
			remove_field(r, i);
	touch(r);
}

/* ---- parsing ---- */

/* Messages name the offending text; long tokens are cut. */
static _Thread_local char errbuf[320];

static const char *fail(const char *fmt, ...) HS_PRINTF(1, 2);
static const char *fail(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(errbuf, sizeof errbuf, fmt, ap);
	va_end(ap);
	return errbuf;
}

#define TOK_MAX 60 /* characters of a token shown in a message */
#define TOK(p, n) (int)((n) > TOK_MAX ? TOK_MAX : (n)), (p), ((n) > TOK_MAX ? "..." : "")

/* The end of the token at p: the next blank or end. */
static const char *token_end(const char *p, const char *end)
{
	while (p < end && !IS(*p, C_BLANK))
		p++;
	return p;
}

/* Copy the n characters at t to *out as a string and move *out past it. */
static char *put_str(char **out, const char *t, size_t n)
{
	char *s = *out;
	memcpy(s, t, n);
	s[n] = '\0';
	*out = s + n + 1;
	return s;
}

struct hs_record *hs_record_new_fields(const char *kind, const char *id, const char *const *keys,
				       const char *const *vals, int n)
{
	size_t nk = strlen(kind) + 1, ni = strlen(id) + 1, text = nk + ni;
	for (int i = 0; i < n; i++)
		text += strlen(keys[i]) + 1 + strlen(vals[i]) + 1;
	size_t fsize = (size_t)(n > 0 ? n : 0) * sizeof(struct hs_field);
	struct hs_record *r = rec_alloc(sizeof *r + fsize + text); /* an arena's, as parsed ones */
	int flags = r->dirty_;
	memset(r, 0, sizeof *r);
	r->fields = (struct hs_field *)(void *)(r + 1);
	char *p = (char *)(r + 1) + fsize;
	r->kind = put_str(&p, kind, nk - 1);
	r->id = put_str(&p, id, ni - 1);
	for (int i = 0; i < n; i++) {
		r->fields[i].key = put_str(&p, keys[i], strlen(keys[i]));
		r->fields[i].val = put_str(&p, vals[i], strlen(vals[i]));
	}
	r->nfields = r->cap_ = n;
	r->dirty_ = DIRTY | flags;
	return r;
}

static int needs_quotes(const char *v);

/* A canonical record: its decoded tokens sit at the same offsets from
 * out as the raw text's from raw, so they move onto the raw text (its
 * separators become their NULs) and the copy's room is given back. */
static void keep_once(struct hs_record *r, char *raw, char *out, size_t size)
{
	ptrdiff_t d = out - raw;
	r->kind -= d;
	r->id -= d;
	raw[r->id - raw - 1] = '\0';
	for (int i = 0; i < r->nfields; i++) {
		r->fields[i].key -= d;
		r->fields[i].val -= d;
		raw[r->fields[i].key - raw - 1] = '\0';
		raw[r->fields[i].val - raw - 1] = '\0';
	}
	r->raw = NULL;
	r->dirty_ |= CANON;
	rec_shrink(r, size, size - (size_t)d);
}

struct hs_record *hs_record_parse(const char *line, size_t len, int lineno, const char **err)
{
	*err = NULL;
	if (memchr(line, '\0', len)) {
		*err = "line contains a NUL byte";
		return NULL;
	}
	const char *p = line, *end = line + len;
	while (p < end && IS(*p, C_BLANK))
		p++;
	int canon = p == line; /* still in canonical form (see CANON) */
	if (p == end || *p == '#') { /* blank line or comment */
		struct hs_record *r = rec_alloc(sizeof *r + len + 1);
		int flags = r->dirty_;
		memset(r, 0, sizeof *r);
		r->dirty_ = flags;
		char *raw = (char *)(r + 1);
		memcpy(raw, line, len);
		raw[len] = '\0';
		r->raw = raw;
		r->rawlen_ = len;
		r->line = lineno;
		return r;
	}

	/* Upper bound of the field count: every field has a '='. */
	int nmax = 0;
	for (const char *q = p; (q = memchr(q, '=', (size_t)(end - q))); q++)
		nmax++;
	size_t size = sizeof(struct hs_record) + (size_t)nmax * sizeof(struct hs_field) + 2 * (len + 1);
	struct hs_record *r = rec_alloc(size);
	int flags = r->dirty_;
	memset(r, 0, sizeof *r);
	r->dirty_ = flags;
	struct hs_field *fields = (struct hs_field *)(r + 1);
	char *raw = (char *)(fields + nmax);
	char *out = raw + len + 1, *out_base = out;
	memcpy(raw, line, len);
	raw[len] = '\0';
	r->raw = raw;
	r->rawlen_ = len;
	r->line = lineno;
	r->fields = fields;
	r->cap_ = nmax;

	/* kind */
	const char *t = p;
	p = token_end(p, end);
	size_t n = (size_t)(p - t);
	int ok = IS(t[0], C_KIND0);
	for (size_t i = 1; ok && i < n; i++)
		ok = IS(t[i], C_KIND);
	if (!ok) {
		*err = fail("invalid record kind '%.*s%s' (kinds are lower-case words: [a-z][a-z0-9_]*)",
			    TOK(t, n));
		goto bad;
	}
	r->kind = put_str(&out, t, n);

	/* id */
	t = p;
	while (p < end && IS(*p, C_BLANK))
		p++;
	canon &= p - t == 1 && *t == ' ';
	t = p;
	p = token_end(p, end);
	n = (size_t)(p - t);
	if (n == 0 || memchr(t, '=', n)) {
		*err = fail("record '%s' has no id", r->kind);
		goto bad;
	}
	for (size_t i = 0; i < n; i++)
		if (IS(t[i], C_QUOTE)) {
			*err = fail("record '%s': invalid id '%.*s%s' (ids cannot contain quotes)", r->kind,
				    TOK(t, n));
			goto bad;
		}
	r->id = put_str(&out, t, n);

	/* fields */
	for (;;) {
		t = p;
		while (p < end && IS(*p, C_BLANK))
			p++;
		if (p == end) {
			canon &= p == t;
			break;
		}
		canon &= p - t == 1 && *t == ' ';
		t = p;
		while (p < end && IS(*p, C_KEY))
			p++;
		if (p == end || *p != '=') {
			/* Show the whole token: up to '=' or a blank. */
			const char *q = p;
			while (q < end && *q != '=' && !IS(*q, C_BLANK))
				q++;
			n = (size_t)(q - t);
			if (q == end || *q != '=')
				*err = fail("field '%.*s%s' has no '='", TOK(t, n));
			else if (n == 0)
				*err = fail("field has an empty key");
			else
				*err = fail("invalid key '%.*s%s' (keys match [A-Za-z_][A-Za-z0-9_.]*)",
					    TOK(t, n));
			goto bad;
		}
		n = (size_t)(p - t);
		if (n == 0 || !IS(t[0], C_KEY0)) {
			if (n == 0)
				*err = fail("field has an empty key");
			else
				*err = fail("invalid key '%.*s%s' (keys match [A-Za-z_][A-Za-z0-9_.]*)",
					    TOK(t, n));
			goto bad;
		}
		struct hs_field *f = &fields[r->nfields++];
		f->key = put_str(&out, t, n);
		p++; /* '=' */
		char *v = out;
		if (p < end && *p == '\'') {
			canon = 0;
			p++;
			for (;;) {
				if (p == end) {
					*err = fail("unterminated quote in value of '%s'", f->key);
					goto bad;
				}
				char c = *p++;
				if (c == '\'')
					break;
				if (c == '\\') {
					if (p == end) {
						*err = fail("unterminated quote in value of '%s'", f->key);
						goto bad;
					}
					c = *p++;
					switch (c) {
					case '\\': case '\'': break;
					case 'n': c = '\n'; break;
					case 't': c = '\t'; break;
					default:
						*err = fail("invalid escape '\\%c' in value of '%s' "
							    "(use \\\\ \\' \\n \\t)", c, f->key);
						goto bad;
					}
				}
				*out++ = c;
			}
			if (p < end && !IS(*p, C_BLANK)) {
				*err = fail("text after the closing quote in value of '%s'", f->key);
				goto bad;
			}
		} else {
			t = p;
			while (p < end && !IS(*p, C_BLANK | C_QUOTE))
				p++;
			if (p < end && IS(*p, C_QUOTE)) {
				*err = fail("quote inside the unquoted value of '%s' (quote the whole value: "
					    "%s='...')", f->key, f->key);
				goto bad;
			}
			memcpy(out, t, (size_t)(p - t));
			out += p - t;
		}
		*out++ = '\0';
		f->val = v;
		canon = canon && !needs_quotes(v);
	}
	if (canon)
		keep_once(r, raw, out_base, size);
	return r;
bad:
	rec_dealloc(r);
	return NULL;
}

/* ---- writing ---- */

/* A write buffer in front of stdio: one memcpy per piece, large fwrites. */
struct obuf {
	FILE *f;
	char *p;
	size_t n, cap;
	int err;
	struct hs_stream_tally tally; /* the records written, for the closing record */
};

/* Counts a record of this kind for the closing record. */
static inline void tally_kind(struct hs_stream_tally *t, const char *kind)
{
	t->records++;
	if (kind[0] == 't' && !strcmp(kind, "task"))
		t->tasks++;
	else if (kind[0] == 'p' && !strcmp(kind, "plan"))
		t->plans++;
	else if (kind[0] == 'r' && !strcmp(kind, "run"))
		t->runs++;
}

static void tally_sum(struct hs_stream_tally *t, const struct hs_stream_tally *more)
{
	t->records += more->records;
	t->tasks += more->tasks;
	t->plans += more->plans;
	t->runs += more->runs;
}

/* Without a FILE (f NULL) the buffer grows instead: lines made on a
 * thread, written later (ob_gen_par). */
static void ob_grow(struct obuf *o, size_t n)
{
	while (o->cap - o->n < n)
		o->cap = o->cap ? 2 * o->cap : 1u << 16;
	o->p = hs_realloc(o->p, o->cap);
}

static void ob_flush(struct obuf *o)
{
	if (o->n && fwrite(o->p, 1, o->n, o->f) != o->n)
		o->err = 1;
	o->n = 0;
}

static inline void ob_put(struct obuf *o, const char *s, size_t n)
{
	if (o->cap - o->n < n) {
		if (!o->f) {
			ob_grow(o, n);
			memcpy(o->p + o->n, s, n);
			o->n += n;
			return;
		}
		ob_flush(o);
		if (n > o->cap) {
			if (fwrite(s, 1, n, o->f) != n)
				o->err = 1;
			return;
		}
	}
	memcpy(o->p + o->n, s, n);
	o->n += n;
}

static inline void ob_putc(struct obuf *o, char c)
{
	if (o->n == o->cap) {
		if (o->f)
			ob_flush(o);
		else
			ob_grow(o, 1);
	}
	o->p[o->n++] = c;
}

/* The characters that make a value quoted, wherever they are. */
#define QUOTED_CHARS " \t\n\r\v\f'\"\\"

/* The length of v when it is written bare, or -1 when it needs quotes
 * (empty, a comment's '#' first, a blank, a quote or a backslash). */
static ptrdiff_t bare_len(const char *v)
{
	size_t n = strcspn(v, QUOTED_CHARS); /* one pass, wide */
	return *v && *v != '#' && !v[n] ? (ptrdiff_t)n : -1;
}

static int needs_quotes(const char *v)
{
	return bare_len(v) < 0;
}

static void ob_value(struct obuf *o, const char *v)
{
	ptrdiff_t n = bare_len(v);
	if (n >= 0) {
		ob_put(o, v, (size_t)n);
		return;
	}
	ob_putc(o, '\'');
	for (; *v; v++)
		switch (*v) {
		case '\\': ob_put(o, "\\\\", 2); break;
		case '\'': ob_put(o, "\\'", 2); break;
		case '\n': ob_put(o, "\\n", 2); break;
		case '\t': ob_put(o, "\\t", 2); break;
		default: ob_putc(o, *v);
		}
	ob_putc(o, '\'');
}

static void ob_field(struct obuf *o, const char *key, const char *val)
{
	ob_putc(o, ' ');
	ob_put(o, key, strlen(key));
	ob_putc(o, '=');
	ob_value(o, val);
}

static void ob_head(struct obuf *o, const char *kind, const char *id)
{
	ob_put(o, kind, strlen(kind));
	ob_putc(o, ' ');
	ob_put(o, id, strlen(id));
}

/* Lines [from, to) of generator g into o; 1 when g ended there. */
static int ob_gen_lines(struct obuf *o, const struct gen *g, size_t from, size_t to)
{
	struct hs_gen_line l;
	for (size_t i = from; i < to; i++) {
		int rc = g->next(g->arg, i, &l);
		if (rc < 0)
			return 1;
		if (rc == 0)
			continue;
		ob_head(o, l.kind, l.id);
		for (int k = 0; k < l.n; k++)
			ob_field(o, l.keys[k], l.vals[k]);
		ob_putc(o, '\n');
		tally_kind(&o->tally, l.kind);
	}
	return 0;
}

/* Lines made on threads, GEN_CHUNK at a time, each chunk into a slot of
 * its own; the writer takes the chunks in order.  Chunk c goes to slot
 * c % nslots once chunk c - nslots is written, so memory stays at a few
 * chunks per thread. */
#define GEN_CHUNK ((size_t)4096)
#define GEN_SLOTS 3 /* per thread */

struct gen_slot {
	struct obuf b;
	size_t chunk;
	int ready;
};

struct gen_par {
	const struct gen *g;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	size_t next;    /* the next chunk to take */
	size_t written; /* chunks written */
	size_t end;     /* the first chunk where the generator ended, or SIZE_MAX */
	struct gen_slot *slot;
	size_t nslots;
};

static void *gen_worker(void *arg)
{
	struct gen_par *P = arg;
	pthread_mutex_lock(&P->mu);
	for (;;) {
		size_t c = P->next;
		if (c > P->end)
			break;
		P->next++;
		while (c >= P->written + P->nslots && c <= P->end)
			pthread_cond_wait(&P->cv, &P->mu);
		if (c > P->end)
			break;
		struct gen_slot *sl = &P->slot[c % P->nslots];
		pthread_mutex_unlock(&P->mu);
		sl->b.n = 0;
		int end = ob_gen_lines(&sl->b, P->g, c * GEN_CHUNK, (c + 1) * GEN_CHUNK);
		pthread_mutex_lock(&P->mu);
		sl->chunk = c;
		sl->ready = 1;
		if (end && c < P->end)
			P->end = c;
		pthread_cond_broadcast(&P->cv);
	}
	pthread_mutex_unlock(&P->mu);
	struct hs_gen_line l;
	P->g->next(P->g->arg, HS_GEN_DONE, &l);
	return NULL;
}

/* Chunks 1, 2, ... of g made on the stream threads and written to o in
 * order; here, one after the other, where no thread is to be had. */
static void ob_gen_par(struct obuf *o, const struct gen *g)
{
	int nth = hs_stream_threads();
	struct gen_par P = { .g = g, .next = 1, .written = 1, .end = SIZE_MAX };
	P.nslots = (size_t)nth * GEN_SLOTS;
	P.slot = hs_calloc(P.nslots, sizeof *P.slot);
	pthread_mutex_init(&P.mu, NULL);
	pthread_cond_init(&P.cv, NULL);
	pthread_t th[HS_PAR_MAX];
	int started = 0;
	while (nth > 1 && started < nth && pthread_create(&th[started], NULL, gen_worker, &P) == 0)
		started++;
	for (size_t c = 1; started; c++) {
		struct gen_slot *sl = &P.slot[c % P.nslots];
		pthread_mutex_lock(&P.mu);
		while (!(sl->ready && sl->chunk == c))
			pthread_cond_wait(&P.cv, &P.mu);
		pthread_mutex_unlock(&P.mu);
		if (sl->b.n) /* a chunk of skipped slots has no buffer */
			ob_put(o, sl->b.p, sl->b.n);
		tally_sum(&o->tally, &sl->b.tally);
		sl->b.tally = (struct hs_stream_tally){0};
		pthread_mutex_lock(&P.mu);
		sl->ready = 0;
		P.written = c + 1;
		int last = c >= P.end;
		pthread_cond_broadcast(&P.cv);
		pthread_mutex_unlock(&P.mu);
		if (last)
			break;
	}
	for (int t = 0; t < started; t++)
		pthread_join(th[t], NULL);
	if (!started)
		for (size_t c = 1; !ob_gen_lines(o, g, c * GEN_CHUNK, (c + 1) * GEN_CHUNK); c++)
			;
	for (size_t k = 0; k < P.nslots; k++)
		free(P.slot[k].b.p);
	free(P.slot);
	pthread_mutex_destroy(&P.mu);
	pthread_cond_destroy(&P.cv);
}

/* The lines of a generated record, each with its newline.  A generator
 * that allows it makes its lines past the first GEN_CHUNK on threads:
 * formatting numbers was 15% of hs-plan on a million tasks. */
static void ob_gen(struct obuf *o, const struct hs_record *r)
{
	const struct gen *g = (const struct gen *)(const void *)r->mem_;
	if (!ob_gen_lines(o, g, 0, g->mt ? GEN_CHUNK : SIZE_MAX))
		ob_gen_par(o, g);
	if (g->mt) {
		struct hs_gen_line l;
		g->next(g->arg, HS_GEN_DONE, &l);
	}
}

static void ob_canonical(struct obuf *o, const struct hs_record *r)
{
	if (r->dirty_ & GEN) {
		ob_gen(o, r);
		return;
	}
	if (!r->kind) {
		if (r->raw)
			ob_put(o, r->raw, r->rawlen_);
		return;
	}
	ob_head(o, r->kind, r->id);
	for (int i = 0; i < r->nfields; i++)
		ob_field(o, r->fields[i].key, r->fields[i].val);
}

/* An unmodified CANON record: its block, the separators put back. */
static void ob_canon_block(struct obuf *o, const struct hs_record *r)
{
	size_t n = r->rawlen_;
	if (o->cap - o->n < n + 1)
		ob_flush(o);
	if (o->cap - o->n < n + 1) { /* longer than the buffer: the same bytes */
		ob_canonical(o, r);
		return;
	}
	char *dst = o->p + o->n;
	memcpy(dst, r->kind, n);
	dst[r->id - r->kind - 1] = ' ';
	for (int i = 0; i < r->nfields; i++) {
		dst[r->fields[i].key - r->kind - 1] = ' ';
		dst[r->fields[i].val - r->kind - 1] = '=';
	}
	o->n += n;
}

static void ob_record_line(struct obuf *o, const struct hs_record *r)
{
	if (r->dirty_ & GEN) {
		ob_gen(o, r);
		return;
	}
	if (r->raw)
		ob_put(o, r->raw, r->rawlen_);
	else if ((r->dirty_ & (CANON | DIRTY)) == CANON)
		ob_canon_block(o, r);
	else
		ob_canonical(o, r);
	ob_putc(o, '\n');
	if (r->kind)
		tally_kind(&o->tally, r->kind);
}

/* The closing record every stream ends with (hs-format(5), END OF STREAM):
 * a reader knows a stream an hs tool wrote is whole when it has one. */
static void ob_end(struct obuf *o, const struct hs_stream_tally *t)
{
	const char *const keys[4] = {"records", "tasks", "plans", "runs"};
	const size_t count[4] = {t->records, t->tasks, t->plans, t->runs};
	ob_head(o, "end", "stream");
	for (int k = 0; k < 4; k++) {
		char num[24];
		snprintf(num, sizeof num, "%zu", count[k]);
		ob_field(o, keys[k], num);
	}
	ob_putc(o, '\n');
}

static int is_end(const struct hs_record *r)
{
	return r->kind && r->kind[0] == 'e' && !strcmp(r->kind, "end");
}

int hs_record_write(FILE *f, const struct hs_record *r)
{
	char buf[4096];
	struct obuf o = {f, buf, 0, sizeof buf, 0, {0}};
	ob_canonical(&o, r);
	ob_flush(&o);
	return o.err ? -1 : 0;
}

/* The header and the records of s, its closing record last when end. */
static int write_stream(FILE *f, const struct hs_stream *s, struct hs_stream_tally *t, int end)
{
	struct obuf o = {f, hs_malloc(1u << 18), 0, 1u << 18, 0, {0}};
	size_t hpos = s->header_pos <= s->n ? s->header_pos : s->n;
	for (size_t i = 0; i <= s->n; i++) {
		if (i == hpos) {
			if (s->header_raw)
				ob_put(&o, s->header_raw, strlen(s->header_raw));
			else
				ob_put(&o, "hs 1", 4);
			ob_putc(&o, '\n');
		}
		/* The input's closing record is replaced by this stream's own. */
		if (i < s->n && !is_end(s->recs[i]))
			ob_record_line(&o, s->recs[i]);
	}
	if (end)
		ob_end(&o, &o.tally);
	if (t)
		tally_sum(t, &o.tally);
	ob_flush(&o);
	free(o.p);
	if (fflush(f) != 0 || ferror(f))
		o.err = 1;
	return o.err ? -1 : 0;
}

int hs_stream_write(FILE *f, const struct hs_stream *s)
{
	return write_stream(f, s, NULL, 1);
}

int hs_stream_write_begin(FILE *f, const struct hs_stream *s, struct hs_stream_tally *t)
{
	return write_stream(f, s, t, 0);
}

void hs_stream_tally_add(struct hs_stream_tally *t, const struct hs_record *r)
{
	if (r->kind && !is_end(r))
		tally_kind(t, r->kind);
}

int hs_stream_write_end(FILE *f, const struct hs_stream_tally *t)
{
	char buf[256];
	struct obuf o = {f, buf, 0, sizeof buf, 0, {0}};
	ob_end(&o, t);
	ob_flush(&o);
	if (fflush(f) != 0 || ferror(f))
		o.err = 1;
	return o.err ? -1 : 0;
}

/* ---- streams ---- */

void hs_stream_init(struct hs_stream *s, const char *name)
{
	memset(s, 0, sizeof *s);
	s->name = name ? hs_strdup(name) : NULL;
	s->version = HS_FORMAT_VERSION;
}

void hs_stream_release(struct hs_stream *s)
{
	for (size_t i = 0; i < s->n; i++)
		hs_record_free(s->recs[i]);
	free(s->recs);
	free(s->name);
	free(s->header_raw);
	memset(s, 0, sizeof *s);
}

void hs_stream_append(struct hs_stream *s, struct hs_record *r)
{
	if (s->n == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 1024;
		s->recs = hs_reallocarray(s->recs, s->cap, sizeof *s->recs);
	}
	s->recs[s->n++] = r;
}

void hs_stream_filter(struct hs_stream *s, int (*drop)(const struct hs_record *, void *), void *arg)
{
	size_t j = 0, hpos = s->header_pos;
	for (size_t i = 0; i < s->n; i++) {
		if (drop(s->recs[i], arg)) {
			if (i < s->header_pos)
				hpos--;
			hs_record_free(s->recs[i]);
		} else {
			s->recs[j++] = s->recs[i];
		}
	}
	s->n = j;
	s->header_pos = hpos;
}

/* The header: "hs" and a positive integer version, blanks around; more
 * words after the version are allowed (kept in header_raw).  Returns 1 for
 * a header, 0 when the line is no header at all, -1 on a reported error. */
static int parse_header(struct hs_stream *s, const char *name, int lineno, const char *line,
			size_t len)
{
	const char *p = line, *end = line + len;
	while (p < end && IS(*p, C_BLANK))
		p++;
	if (end - p < 2 || p[0] != 'h' || p[1] != 's' || (end - p > 2 && !IS(p[2], C_BLANK)))
		return 0;
	p += 2;
	while (p < end && IS(*p, C_BLANK))
		p++;
	const char *v = p;
	long ver = 0;
	while (p < end && *p >= '0' && *p <= '9' && ver < 1000000)
		ver = ver * 10 + (*p++ - '0');
	if (p == v || ver < 1 || (p < end && !IS(*p, C_BLANK))) {
		hs_error_at(name, lineno, "bad header '%.*s%s' (expected 'hs %d')", TOK(line, len),
			    HS_FORMAT_VERSION);
		return -1;
	}
	if (ver > HS_FORMAT_VERSION) {
		hs_error_at(name, lineno, "unsupported hs format version %ld (this hs reads %d)", ver,
			    HS_FORMAT_VERSION);
		return -1;
	}
	if (memchr(line, '\0', len)) { /* kept as a C string: it would be cut there */
		hs_error_at(name, lineno, "line contains a NUL byte");
		return -1;
	}
	s->version = (int)ver;
	free(s->header_raw);
	s->header_raw = hs_strndup(line, len);
	return 1;
}

/* A run of comment and blank lines being read: its lines joined by '\n'
 * in one chunk that becomes the raw text of one record.  Memory is then the
 * text itself, not a record per line (ten million blank lines cost ten
 * megabytes, not a gigabyte). */
struct notes {
	struct chunk *c;
	size_t len, cap;
	int line; /* of the first */
};

static void notes_add(struct notes *b, const char *line, size_t len, int lineno)
{
	size_t need = sizeof *b->c + b->len + 1 + len + 1;
	if (need > b->cap) {
		b->cap = need < 256 ? 256 : need + need / 2;
		b->c = hs_realloc(b->c, b->cap);
	}
	if (b->line)
		b->c->s[b->len++] = '\n';
	else
		b->line = lineno;
	memcpy(b->c->s + b->len, line, len);
	b->len += len;
	b->c->s[b->len] = '\0';
}

/* The run so far as one record appended to s (through par when parsing
 * on threads). */
static void notes_flush(struct notes *b, struct hs_stream *s, struct hs_par *par)
{
	if (!b->line)
		return;
	struct hs_record *r = hs_calloc(1, sizeof *r);
	b->c = hs_realloc(b->c, sizeof *b->c + b->len + 1); /* give back the slack */
	b->c->next = NULL;
	r->mem_ = (char *)(void *)b->c;
	r->raw = b->c->s;
	r->rawlen_ = b->len;
	r->line = b->line;
	if (par)
		hs_par_item(par, r);
	else
		hs_stream_append(s, r);
	memset(b, 0, sizeof *b);
}

/* 1 for a blank line, 2 for a comment, 0 for anything else. */
static int note_kind(const char *line, size_t len)
{
	const char *p = line, *end = line + len;
	while (p < end && IS(*p, C_BLANK))
		p++;
	return p == end ? 1 : *p == '#' ? 2 : 0;
}

static int forced_threads;

void hs_stream_set_threads(int n)
{
	forced_threads = n;
}

int hs_stream_threads(void)
{
	const char *e = getenv("HS_THREADS");
	long n;
	if (forced_threads > 0) {
		n = forced_threads;
	} else if (e && *e) {
		char *end;
		n = strtol(e, &end, 10);
		if (*end || n < 1)
			n = 1;
	} else {
		n = sysconf(_SC_NPROCESSORS_ONLN);
	}
	return n < 1 ? 1 : n > HS_PAR_MAX ? HS_PAR_MAX : (int)n;
}

/* What the parsing threads do with a stream's lines: records, appended to
 * the stream in input order. */
static void *par_parse(const char *line, size_t len, int lineno, const char **err)
{
	return hs_record_parse(line, len, lineno, err);
}

static void par_take(void *s, void *r)
{
	hs_stream_append(s, r);
}

static void par_drop(void *r)
{
	hs_record_free(r);
}

static const struct hs_par_ops par_ops = { par_parse, par_take, par_drop, hs_stream_thread_end };

/* Record lines are parsed on threads (util/par.h) once this much of a
 * stream has been read: small streams, most of them, never start any. */
#define PAR_AFTER ((size_t)4 << 20)

/* The first bad line of those queued in par, if any, reported; -1 then. */
static int par_end(struct hs_par *par, const char *name)
{
	int line;
	char *msg;
	if (hs_par_finish(par, &line, &msg) == 0)
		return 0;
	hs_error_at(name, line, "%s", msg);
	free(msg);
	return -1;
}

static int partial_ok;

void hs_stream_set_partial(int on)
{
	partial_ok = on;
}

/* The hs tool the last prov record naming one names (the stream's last
 * writer: each tool puts its prov record after the others), or NULL. */
static const char *hs_writer(const struct hs_stream *s)
{
	const char *tool = NULL;
	for (size_t i = 0; i < s->n; i++) {
		const struct hs_record *r = s->recs[i];
		if (r->kind && r->kind[0] == 'p' && !strcmp(r->kind, "prov")) {
			const char *t = hs_record_get(r, "tool");
			if (t && !strncmp(t, "hs-", 3))
				tool = t;
		}
	}
	return tool;
}

/* A stream cut short (a killed producer, a full disk, a partial copy)
 * would read as a smaller one: one an hs tool wrote must end with its
 * closing record and a newline. */
static int check_whole(const struct hs_stream *s, const char *name, struct hs_input *in)
{
	if (partial_ok)
		return 0;
	/* A whole stream's closing record is its last record: found at once,
	 * so only a stream without one pays for a look at its prov records. */
	int unterminated = hs_input_unterminated(in), ended = 0;
	for (size_t i = s->n; !unterminated && !ended && i-- > 0;)
		ended = is_end(s->recs[i]);
	if (ended)
		return 0;
	const char *tool = hs_writer(s);
	if (!tool)
		return 0;
	int last = hs_input_lineno(in);
	if (unterminated)
		hs_error_at(name, last, "last line has no newline: the stream was cut short? "
			    "(--partial reads it as it is)");
	else
		hs_error_at(name, last, "stream ends without its closing 'end' record, which %s "
			    "writes last: cut short? (--partial reads it as it is)", tool);
	return -1;
}

int hs_stream_read(struct hs_stream *s, struct hs_input *in)
{
	const char *name = hs_input_name(in);
	if (!s->name)
		s->name = hs_strdup(name);
	int have_header = 0, have_text = 0;
	char *line;
	long len;
	const char *err;
	struct notes notes = {0};
	struct hs_par *par = NULL;
	size_t seen = 0;
	while ((len = hs_input_getline(in, &line)) >= 0) {
		int lineno = hs_input_lineno(in);
		int note = note_kind(line, (size_t)len);
		if (note) {
			if (memchr(line, '\0', (size_t)len)) {
				/* A bad line queued before this one comes first. */
				if (!par || par_end(par, name) == 0)
					hs_error_at(name, lineno, "line contains a NUL byte");
				free(notes.c);
				return -1;
			}
			have_text |= note == 2;
			notes_add(&notes, line, (size_t)len, lineno);
			continue;
		}
		notes_flush(&notes, s, par);
		if (!have_header) {
			have_text = 1;
			int h = parse_header(s, name, lineno, line, (size_t)len);
			if (h < 0)
				return -1;
			if (h == 0) {
				/* Another format?  Say which and what reads it. */
				char *hint = hs_foreign_hint(in, line, (size_t)len);
				hs_error_at(name, lineno, "missing header 'hs %d'%s%s",
					    HS_FORMAT_VERSION, hint ? ": " : "", hint ? hint : "");
				free(hint);
				return -1;
			}
			have_header = 1;
			s->header_pos = s->n;
			continue;
		}
		if (par) {
			if (hs_par_line(par, line, (size_t)len, lineno) < 0) {
				par_end(par, name);
				return -1;
			}
			continue;
		}
		struct hs_record *r = hs_record_parse(line, (size_t)len, lineno, &err);
		if (!r) {
			hs_error_at(name, lineno, "%s", err);
			return -1;
		}
		hs_stream_append(s, r);
		if ((seen += (size_t)len) > PAR_AFTER && seen - (size_t)len <= PAR_AFTER)
			par = hs_par_new(hs_stream_threads(), &par_ops, s);
	}
	notes_flush(&notes, s, par);
	/* (An input error is reported as it happens, before a bad line still
	 * queued: only a stream with both, large, sees the order change.) */
	if (par && par_end(par, name) < 0)
		return -1;
	if (len == -2)
		return -1;
	if (!have_header) {
		if (have_text)
			hs_error_at(name, 0, "missing header 'hs %d'", HS_FORMAT_VERSION);
		else
			hs_error_at(name, 0, "empty input");
		return -1;
	}
	return check_whole(s, name, in);
}

int hs_stream_load(struct hs_stream *s, const char *path)
{
	return hs_stream_load_tee(s, path, NULL);
}

int hs_stream_load_tee(struct hs_stream *s, const char *path, FILE *tee)
{
	struct hs_input *in = hs_input_open_tee(path, tee);
	hs_stream_init(s, in ? hs_input_name(in) : path ? path : "stdin");
	if (!in)
		return -1;
	int r = hs_stream_read(s, in);
	hs_input_close(in);
	return r;
}
