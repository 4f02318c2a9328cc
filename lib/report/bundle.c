/* bundle.c - a result bundle: a tar archive (libarchive) of reports,
 * figures and the input files, with a MANIFEST, written atomically. */
#include "hs/report.h"
#include "hs/util.h"

#include <archive.h>
#include <archive_entry.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

struct entry {
	char *name;
	long long size;
	char *what;
};

struct hs_bundle {
	struct hs_atomic_file af;
	struct archive *a;
	char *header;
	struct entry *e;
	int n, cap;
	/* Member times, so that the same inputs give the same archive byte
	 * for byte: SOURCE_DATE_EPOCH when set (a file's newer time clamped
	 * to it), else the newest regular input's so far (0 before any). */
	time_t epoch;
	int fixed;
};

/* Suffix -> libarchive filter. */
static const struct {
	const char *suffix;
	int filter;
} kinds[] = {
	{".tar.gz", ARCHIVE_FILTER_GZIP}, {".tgz", ARCHIVE_FILTER_GZIP},
	{".tar.xz", ARCHIVE_FILTER_XZ}, {".txz", ARCHIVE_FILTER_XZ},
	{".tar.zst", ARCHIVE_FILTER_ZSTD}, {".tzst", ARCHIVE_FILTER_ZSTD},
	{".tar.bz2", ARCHIVE_FILTER_BZIP2}, {".tbz2", ARCHIVE_FILTER_BZIP2},
	{".tar", ARCHIVE_FILTER_NONE},
};

static int filter_of(const char *path)
{
	size_t n = strlen(path);
	for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++) {
		size_t m = strlen(kinds[k].suffix);
		if (n > m && strcmp(path + n - m, kinds[k].suffix) == 0)
			return kinds[k].filter;
	}
	return -1;
}

int hs_bundle_check_name(const char *path)
{
	return filter_of(path) < 0 ? -1 : 0;
}

static void ar_error(struct hs_bundle *b)
{
	const char *msg = archive_error_string(b->a);
	hs_error("%s: %s", b->af.path, msg ? msg : "archive write error");
}

struct hs_bundle *hs_bundle_open(const char *path, const char *header)
{
	int filter = filter_of(path);
	if (filter < 0) {
		hs_error("%s: a bundle must end in .tar.gz, .tgz, .tar.xz, .tar.zst, .tar.bz2 or .tar",
			 path);
		return NULL;
	}
	struct hs_bundle *b = hs_calloc(1, sizeof *b);
	if (hs_atomic_open(&b->af, path) < 0) {
		free(b);
		return NULL;
	}
	b->a = archive_write_new();
	if (!b->a)
		hs_die(HS_EXIT_FAIL, "out of memory (libarchive)");
	b->header = hs_strdup(header ? header : "");
	const char *sde = getenv("SOURCE_DATE_EPOCH");
	long t;
	if (sde && *sde) {
		if (hs_parse_long(sde, 0, LONG_MAX, &t) == 0) {
			b->epoch = (time_t)t;
			b->fixed = 1;
		} else {
			hs_error("warning: SOURCE_DATE_EPOCH='%s' is not a number of seconds: ignored",
				 sde);
		}
	}
	if (archive_write_set_format_pax_restricted(b->a) != ARCHIVE_OK ||
	    archive_write_add_filter(b->a, filter) != ARCHIVE_OK ||
	    (filter == ARCHIVE_FILTER_GZIP && /* no time in the gzip header either */
	     archive_write_set_filter_option(b->a, "gzip", "timestamp", NULL) != ARCHIVE_OK) ||
	    archive_write_set_bytes_in_last_block(b->a, 1) != ARCHIVE_OK ||
	    archive_write_open_FILE(b->a, b->af.fp) != ARCHIVE_OK) {
		ar_error(b);
		hs_bundle_abort(b);
		return NULL;
	}
	return b;
}

static void remember(struct hs_bundle *b, const char *name, long long size, const char *what)
{
	if (b->n == b->cap) {
		b->cap = b->cap ? 2 * b->cap : 16;
		b->e = hs_reallocarray(b->e, (size_t)b->cap, sizeof *b->e);
	}
	b->e[b->n++] = (struct entry){hs_strdup(name), size, hs_strdup(what ? what : "")};
}

static int header(struct hs_bundle *b, const char *name, long long size, time_t mtime)
{
	struct archive_entry *e = archive_entry_new();
	if (!e)
		hs_die(HS_EXIT_FAIL, "out of memory (libarchive)");
	archive_entry_set_pathname(e, name);
	archive_entry_set_size(e, size);
	archive_entry_set_filetype(e, AE_IFREG);
	archive_entry_set_perm(e, 0644);
	archive_entry_set_mtime(e, mtime, 0);
	int r = archive_write_header(b->a, e);
	archive_entry_free(e);
	if (r != ARCHIVE_OK) {
		ar_error(b);
		return -1;
	}
	return 0;
}

int hs_bundle_add_mem(struct hs_bundle *b, const char *name, const void *data, size_t n,
		      const char *what)
{
	if (header(b, name, (long long)n, b->epoch) < 0)
		return -1;
	if (n && archive_write_data(b->a, data, n) != (la_ssize_t)n) {
		ar_error(b);
		return -1;
	}
	remember(b, name, (long long)n, what);
	return 0;
}

int hs_bundle_add_file(struct hs_bundle *b, const char *name, const char *path, const char *what)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct stat st;
	if (fd < 0 || fstat(fd, &st) != 0) {
		hs_error_at(path, 0, "%s", strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	time_t mtime = b->fixed && st.st_mtime > b->epoch ? b->epoch : st.st_mtime;
	if (!b->fixed && mtime > b->epoch)
		b->epoch = mtime;
	if (header(b, name, (long long)st.st_size, mtime) < 0) {
		close(fd);
		return -1;
	}
	enum { CHUNK = 1 << 16 };
	char *buf = hs_malloc(CHUNK);
	long long left = st.st_size;
	int ret = 0;
	while (left > 0) {
		ssize_t r = read(fd, buf, CHUNK);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			hs_error_at(path, 0, "%s", r < 0 ? strerror(errno) : "file shrank while bundled");
			ret = -1;
			break;
		}
		if (r > left)
			r = (ssize_t)left; /* grew meanwhile: keep what the header says */
		if (archive_write_data(b->a, buf, (size_t)r) != r) {
			ar_error(b);
			ret = -1;
			break;
		}
		left -= r;
	}
	free(buf);
	close(fd);
	if (ret == 0)
		remember(b, name, (long long)st.st_size, what);
	return ret;
}

char *hs_bundle_input_name(struct hs_bundle *b, const char *path)
{
	/* inputs/ + the path without what would climb out of the archive. */
	for (;;) {
		if (*path == '/')
			path++;
		else if (strncmp(path, "./", 2) == 0)
			path += 2;
		else if (strncmp(path, "../", 3) == 0)
			path += 3;
		else
			break;
	}
	char *name = hs_asprintf("inputs/%s", *path ? path : "input");
	for (int k = 2;; k++) {
		int dup = 0;
		for (int i = 0; i < b->n && !dup; i++)
			dup = strcmp(b->e[i].name, name) == 0;
		if (!dup)
			return name;
		free(name);
		name = hs_asprintf("inputs/%d/%s", k, *path ? path : "input");
	}
}

static void entries_free(struct hs_bundle *b)
{
	for (int i = 0; i < b->n; i++) {
		free(b->e[i].name);
		free(b->e[i].what);
	}
	free(b->e);
	free(b->header);
	free(b);
}

int hs_bundle_commit(struct hs_bundle *b)
{
	/* MANIFEST: the header, then "PATH<TAB>BYTES<TAB>WHAT" per entry. */
	char *text = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&text, &len);
	if (!m)
		hs_die(HS_EXIT_FAIL, "out of memory");
	fputs(b->header, m);
	fputs("# path\tbytes\tcontent\n", m);
	for (int i = 0; i < b->n; i++)
		fprintf(m, "%s\t%lld\t%s\n", b->e[i].name, b->e[i].size, b->e[i].what);
	fclose(m);
	int r = hs_bundle_add_mem(b, "MANIFEST", text, len, "this list");
	free(text);
	if (r == 0 && archive_write_close(b->a) != ARCHIVE_OK) {
		ar_error(b);
		r = -1;
	}
	archive_write_free(b->a);
	b->a = NULL;
	if (r == 0)
		r = hs_atomic_commit(&b->af);
	else
		hs_atomic_abort(&b->af);
	entries_free(b);
	return r;
}

void hs_bundle_abort(struct hs_bundle *b)
{
	if (!b)
		return;
	if (b->a)
		archive_write_free(b->a);
	hs_atomic_abort(&b->af);
	entries_free(b);
}
