/* model_fixture.h - helpers shared by the model-layer unit tests: load a
 * stream from text, capture stderr. */
#ifndef HS_MODEL_FIXTURE_H
#define HS_MODEL_FIXTURE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hs/format.h"
#include "hs/metrics.h"
#include "hs/model.h"
#include "hs/util.h"

/* The stream as written by hs_stream_write (malloc'd, NUL terminated), its
 * closing record included. */
static inline char *fx_written_whole(const struct hs_stream *s, size_t *len)
{
	char *buf = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&buf, &n);
	int r = hs_stream_write(f, s);
	fclose(f);
	if (r != 0) {
		free(buf);
		return NULL;
	}
	if (len)
		*len = n;
	return buf;
}

/* The stream as written, less its closing record ("end stream ...", which
 * every write ends with: test_format checks it); NULL on a write error or
 * without one. */
static inline char *fx_written(const struct hs_stream *s, size_t *len)
{
	size_t n;
	char *buf = fx_written_whole(s, &n);
	if (!buf)
		return NULL;
	size_t k = n >= 2 ? n - 2 : 0; /* the closing record's line starts after a newline */
	while (k > 0 && buf[k - 1] != '\n')
		k--;
	if (n == 0 || buf[n - 1] != '\n' || strncmp(buf + k, "end stream ", 11) != 0) {
		free(buf);
		return NULL;
	}
	buf[k] = '\0';
	if (len)
		*len = k;
	return buf;
}

/* Load text as a stream named "t.hs" (messages then read "test: t.hs:LINE:
 * ..."), with "hs 1\n" put first unless text has a header line.  Returns
 * hs_stream_load's result. */
static inline int fx_stream(struct hs_stream *s, const char *text)
{
	char path[] = "/tmp/hs-test-model-XXXXXX";
	int fd = mkstemp(path);
	FILE *f = fdopen(fd, "w");
	int has_header = strncmp(text, "hs 1\n", 5) == 0 || strstr(text, "\nhs 1\n");
	fprintf(f, "%s%s", has_header ? "" : "hs 1\n", text);
	fclose(f);
	int r = hs_stream_load(s, path);
	unlink(path);
	free(s->name);
	s->name = hs_strdup("t.hs");
	return r;
}

/* Stream + instance in one go; returns hs_instance_load's result. */
static inline int fx_load(struct hs_stream *s, struct hs_instance *in, const char *text)
{
	if (fx_stream(s, text) != 0)
		return -2;
	return hs_instance_load(in, s);
}

static inline void fx_free(struct hs_stream *s, struct hs_instance *in)
{
	hs_instance_release(in);
	hs_stream_release(s);
}

/* ---- capturing stderr ---- */
static int fx_cap_fd = -1, fx_saved_fd = -1;

static inline void fx_cap_begin(void)
{
	fflush(stderr);
	FILE *t = tmpfile();
	fx_cap_fd = dup(fileno(t));
	fclose(t);
	fx_saved_fd = dup(2);
	dup2(fx_cap_fd, 2);
}

/* What was written to stderr since fx_cap_begin (static buffer). */
static inline const char *fx_cap_end(void)
{
	static char buf[16384];
	fflush(stderr);
	dup2(fx_saved_fd, 2);
	close(fx_saved_fd);
	ssize_t n = pread(fx_cap_fd, buf, sizeof buf - 1, 0);
	buf[n > 0 ? n : 0] = '\0';
	close(fx_cap_fd);
	return buf;
}

/* Text of a record as written. */
static inline const char *fx_rec_text(const struct hs_record *r)
{
	static char buf[4096];
	FILE *f = fmemopen(buf, sizeof buf, "w");
	hs_record_write(f, r);
	fclose(f);
	return buf;
}

/* Index of the first record of kind/id in s, or -1. */
static inline int fx_find_rec(const struct hs_stream *s, const char *kind, const char *id)
{
	for (size_t i = 0; i < s->n; i++) {
		const struct hs_record *r = s->recs[i];
		if (r->kind && strcmp(r->kind, kind) == 0 && (!id || strcmp(r->id, id) == 0))
			return (int)i;
	}
	return -1;
}

#endif
