/* format/input.c - line reader for hs streams: a file or stdin, plain or compressed.
 *
 * Plain text (the common case) is read with read(2) into one large buffer
 * and split with memchr: no stdio, no per-character work.  Compression is
 * recognised from the first bytes (gzip, bzip2, xz, zstd), never from the
 * name, so "hs-sim < run.hs.gz" works; compressed data goes through
 * libarchive's "raw" format.  To sniff stdin we must consume its first
 * bytes, so libarchive is given a read callback that hands back those
 * peeked bytes first and then the rest of the descriptor.
 *
 * A line ends at "\n"; the "\r" right before it (CRLF files, any number of
 * them) or at the very end of the input is dropped too, so that no line
 * ends in one (written back with "\n" it would read as another line), and
 * so is a UTF-8 byte order mark at the start (editors on some systems add
 * one).
 *
 * Two limits (hs/limits.h) bound what one input may cost: the bytes of one
 * line (the buffer never holds much more than one line) and the bytes read
 * in all, after decompression (a gzip bomb, /dev/zero).
 */
#include "hs/format.h"
#include "hs/limits.h"
#include "hs/util.h"

#include <archive.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define INPUT_BUFSIZE (1u << 20)
#define PEEK_MIN 6                 /* longest magic we test (xz) */
#define RAW_CHUNK (1u << 16)

struct hs_input {
	char *name;
	int fd, own_fd;
	char *buf;          /* data not yet returned is buf[beg, end) */
	size_t cap, beg, end;
	size_t scanned;     /* bytes after beg known to hold no '\n' */
	int eof, failed;
	int unterminated;   /* the last line had no newline */
	int lineno;
	unsigned long long total;        /* bytes read so far (decompressed) */
	unsigned long long max_line, max_total;
	/* compressed input */
	struct archive *ar;
	char *peek;         /* bytes read while sniffing, given to libarchive first */
	size_t npeek;
	int peek_done;
	char *raw;          /* libarchive's read buffer */
	FILE *tee;          /* gets every byte read from fd, as read (hs_input_open_tee) */
	const char *blk;    /* decompressed bytes not yet copied into buf */
	size_t nblk;
};

static ssize_t read_fd(struct hs_input *in, char *p, size_t n)
{
	for (;;) {
		ssize_t r = read(in->fd, p, n);
		if (r > 0 && in->tee && fwrite(p, 1, (size_t)r, in->tee) != (size_t)r)
			hs_die(HS_EXIT_FAIL, "%s: cannot keep a copy of the input: %s", in->name,
			       strerror(errno));
		if (r >= 0 || errno != EINTR)
			return r;
	}
}

static la_ssize_t ar_read(struct archive *a, void *arg, const void **out)
{
	struct hs_input *in = arg;
	if (!in->peek_done) {
		in->peek_done = 1;
		if (in->npeek) {
			*out = in->peek;
			return (la_ssize_t)in->npeek;
		}
	}
	ssize_t r = read_fd(in, in->raw, RAW_CHUNK);
	if (r < 0) {
		archive_set_error(a, errno, "%s", strerror(errno));
		return -1;
	}
	*out = in->raw;
	return r;
}

static void corrupt(struct hs_input *in)
{
	const char *msg = in->ar ? archive_error_string(in->ar) : NULL;
	hs_error_at(in->name, 0, "corrupt compressed input: %s", msg ? msg : "unknown error");
	in->failed = 1;
}

/* Count n more bytes read; -1 (reported) past the file limit. */
static int count(struct hs_input *in, size_t n)
{
	in->total += n;
	if (in->total <= in->max_total)
		return 0;
	hs_error_at(in->name, 0, "input larger than the limit of %llu bytes (%s%s; HS_LIMITS raises it)",
		    in->max_total, hs_limit_text(HS_LIMIT_FILE), in->ar ? ", after decompression" : "");
	in->failed = 1;
	return -1;
}

/* Read more bytes into buf[end..); returns the count, 0 at end, -1 on error
 * (reported). */
static long fill(struct hs_input *in)
{
	if (in->beg > 0) {
		memmove(in->buf, in->buf + in->beg, in->end - in->beg);
		in->end -= in->beg;
		in->beg = 0;
	}
	/* Keep one spare byte for the terminating NUL of a last line.  The
	 * buffer holds at most one line and a bit: hs_input_getline stops a
	 * line longer than the limit. */
	if (in->cap - in->end < 2 + in->cap / 8) {
		in->cap *= 2;
		in->buf = hs_realloc(in->buf, in->cap);
	}
	size_t room = in->cap - in->end - 1;
	if (in->ar) {
		/* Blocks, not archive_read_data(): that one drops the bytes it
		 * had already decompressed when it then hits an error, and a
		 * truncated file should still yield its complete lines. */
		if (in->nblk == 0) {
			const void *b;
			size_t n;
			la_int64_t off;
			int r = archive_read_data_block(in->ar, &b, &n, &off);
			if (r == ARCHIVE_EOF)
				return 0;
			if (r < ARCHIVE_OK) {
				corrupt(in);
				return -1;
			}
			in->blk = b;
			in->nblk = n;
		}
		size_t n = in->nblk < room ? in->nblk : room;
		memcpy(in->buf + in->end, in->blk, n);
		in->blk += n;
		in->nblk -= n;
		in->end += n;
		if (count(in, n) < 0)
			return -1;
		return (long)(n ? n : 1); /* an empty block is no end */
	}
	ssize_t r = read_fd(in, in->buf + in->end, room);
	if (r < 0) {
		hs_error_at(in->name, 0, "%s", strerror(errno));
		in->failed = 1;
		return -1;
	}
	in->end += (size_t)r;
	if (count(in, (size_t)r) < 0)
		return -1;
	return (long)r;
}

static int is_compressed(const unsigned char *p, size_t n)
{
	if (n >= 2 && p[0] == 0x1f && p[1] == 0x8b)
		return 1; /* gzip */
	if (n >= 3 && p[0] == 'B' && p[1] == 'Z' && p[2] == 'h')
		return 1; /* bzip2 */
	if (n >= 6 && memcmp(p, "\xfd" "7zXZ\0", 6) == 0)
		return 1; /* xz */
	if (n >= 4 && memcmp(p, "\x28\xb5\x2f\xfd", 4) == 0)
		return 1; /* zstd */
	return 0;
}

static int open_archive(struct hs_input *in)
{
	/* Move the sniffed bytes aside: libarchive will hand them back
	 * decompressed into buf. */
	in->npeek = in->end;
	in->total = 0; /* the sniffed bytes come again, decompressed */
	in->peek = hs_malloc(in->npeek ? in->npeek : 1);
	memcpy(in->peek, in->buf, in->npeek);
	in->beg = in->end = 0;
	in->raw = hs_malloc(RAW_CHUNK);
	in->ar = archive_read_new();
	if (!in->ar)
		hs_die(HS_EXIT_FAIL, "out of memory (libarchive)");
	archive_read_support_filter_all(in->ar);
	archive_read_support_format_raw(in->ar);
	archive_read_support_format_empty(in->ar); /* compressed empty file */
	if (archive_read_open(in->ar, in, NULL, ar_read, NULL) != ARCHIVE_OK) {
		corrupt(in);
		return -1;
	}
	/* Magic bytes but no decompressor took the data: not really compressed. */
	if (archive_filter_count(in->ar) <= 1) {
		hs_error_at(in->name, 0, "corrupt compressed input: unrecognized compressed data");
		in->failed = 1;
		return -1;
	}
	struct archive_entry *e;
	int r = archive_read_next_header(in->ar, &e);
	if (r == ARCHIVE_EOF) {
		in->eof = 1; /* compressed empty file */
		return 0;
	}
	if (r < ARCHIVE_WARN) {
		corrupt(in);
		return -1;
	}
	return 0;
}

struct hs_input *hs_input_open(const char *path)
{
	return hs_input_open_tee(path, NULL);
}

struct hs_input *hs_input_open_tee(const char *path, FILE *tee)
{
	int is_stdin = !path || strcmp(path, "-") == 0;
	int fd = 0;
	if (!is_stdin) {
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0) {
			hs_error_at(path, 0, "%s", strerror(errno));
			return NULL;
		}
	}
	struct hs_input *in = hs_calloc(1, sizeof *in);
	in->name = hs_strdup(is_stdin ? "stdin" : path);
	in->fd = fd;
	in->own_fd = !is_stdin;
	in->tee = tee;
	in->cap = INPUT_BUFSIZE;
	in->buf = hs_malloc(in->cap);
	in->max_line = hs_limit(HS_LIMIT_LINE);
	in->max_total = hs_limit(HS_LIMIT_FILE);
	/* Sniff: pipes may return short reads, so insist on PEEK_MIN bytes. */
	while (in->end < PEEK_MIN) {
		long r = fill(in);
		if (r < 0)
			goto fail;
		if (r == 0) {
			in->eof = 1;
			break;
		}
	}
	if (is_compressed((const unsigned char *)in->buf, in->end)) {
		in->eof = 0;
		if (open_archive(in) < 0)
			goto fail;
	}
	return in;
fail:
	hs_input_close(in);
	return NULL;
}

static long deliver(struct hs_input *in, char *start, size_t len, char **line)
{
	if (in->lineno++ == 0 && len >= 3 && memcmp(start, "\xef\xbb\xbf", 3) == 0) {
		start += 3;
		len -= 3;
	}
	*line = start;
	return (long)len;
}

static long too_long(struct hs_input *in)
{
	hs_error_at(in->name, in->lineno + 1,
		    "line longer than the limit of %llu bytes (%s; HS_LIMITS raises it)", in->max_line,
		    hs_limit_text(HS_LIMIT_LINE));
	in->failed = 1;
	return -2;
}

long hs_input_getline(struct hs_input *in, char **line)
{
	if (in->failed)
		return -2;
	for (;;) {
		char *start = in->buf + in->beg;
		size_t avail = in->end - in->beg;
		char *nl = memchr(start + in->scanned, '\n', avail - in->scanned);
		if (nl) {
			size_t len = (size_t)(nl - start);
			if (len > in->max_line)
				return too_long(in);
			in->beg += len + 1;
			in->scanned = 0;
			while (len && start[len - 1] == '\r')
				len--;
			start[len] = '\0';
			return deliver(in, start, len, line);
		}
		in->scanned = avail;
		if (avail > in->max_line)
			return too_long(in);
		if (in->eof) {
			if (avail == 0)
				return -1;
			/* Last line without a newline: fill() kept a spare byte. */
			size_t len = avail;
			in->unterminated = 1;
			in->beg = in->end;
			in->scanned = 0;
			while (len && start[len - 1] == '\r')
				len--;
			start[len] = '\0';
			return deliver(in, start, len, line);
		}
		long r = fill(in);
		if (r < 0)
			return -2;
		if (r == 0)
			in->eof = 1;
	}
}

long hs_input_read(struct hs_input *in, char *dst, size_t n)
{
	if (in->failed)
		return -1;
	for (;;) {
		size_t avail = in->end - in->beg;
		if (avail) {
			size_t k = avail < n ? avail : n;
			memcpy(dst, in->buf + in->beg, k);
			in->beg += k;
			in->scanned = 0;
			return (long)k;
		}
		if (in->eof)
			return 0;
		long r = fill(in);
		if (r < 0)
			return -1;
		if (r == 0)
			in->eof = 1;
	}
}

const char *hs_input_name(const struct hs_input *in)
{
	return in->name;
}

int hs_input_lineno(const struct hs_input *in)
{
	return in->lineno;
}

int hs_input_unterminated(const struct hs_input *in)
{
	return in->unterminated;
}

void hs_input_close(struct hs_input *in)
{
	if (!in)
		return;
	if (in->ar)
		archive_read_free(in->ar);
	if (in->own_fd)
		close(in->fd);
	free(in->peek);
	free(in->raw);
	free(in->buf);
	free(in->name);
	free(in);
}
