/* swf.c - Standard Workload Format traces, one job at a time (hs/swf.h).
 *
 * Lines are split on blanks (space, tab, and a stray '\r' of CRLF files).
 * Each field must be a finite number: -1 is the format's "unknown" and
 * passes through as it is; what a field means is left to the caller. */
#include "hs/swf.h"
#include "hs/format.h"
#include "hs/util.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

struct hs_swf {
	struct hs_input *in;
	struct hs_swf_header *hdr;
	int nhdr, caphdr;
	int failed;
};

static const char *const field_names[HS_SWF_NFIELDS] = {
	"job number", "submit time", "wait time", "run time", "allocated processors",
	"average CPU time", "used memory", "requested processors", "requested time",
	"requested memory", "status", "user id", "group id", "executable number",
	"queue number", "partition number", "preceding job", "think time",
};

const char *hs_swf_field_name(int field)
{
	return field >= 0 && field < HS_SWF_NFIELDS ? field_names[field] : NULL;
}

struct hs_swf *hs_swf_open(const char *path)
{
	struct hs_input *in = hs_input_open(path);
	if (!in)
		return NULL;
	struct hs_swf *t = hs_calloc(1, sizeof *t);
	t->in = in;
	return t;
}

static int is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* s[0, n) without leading and trailing blanks, as a new string. */
static char *trimmed(const char *s, size_t n)
{
	while (n && is_blank(*s))
		s++, n--;
	while (n && is_blank(s[n - 1]))
		n--;
	return hs_strndup(s, n);
}

/* Keep a comment line (the text after ';'): "Key: value" when the part
 * before the first ':' is one word. */
static void add_header(struct hs_swf *t, const char *s, size_t n)
{
	if (t->nhdr == t->caphdr) {
		t->caphdr = t->caphdr ? 2 * t->caphdr : 32;
		t->hdr = hs_reallocarray(t->hdr, (size_t)t->caphdr, sizeof *t->hdr);
	}
	struct hs_swf_header *h = &t->hdr[t->nhdr++];
	char *text = trimmed(s, n);
	size_t k = 0;
	while (text[k] && !is_blank(text[k]) && text[k] != ':')
		k++;
	if (k > 0 && text[k] == ':') {
		h->key = hs_strndup(text, k);
		h->value = trimmed(text + k + 1, strlen(text + k + 1));
		free(text);
	} else {
		h->key = NULL;
		h->value = text;
	}
}

/* Split one job line into job->f; 0, or -1 after reporting. */
static int parse_job(struct hs_swf *t, const char *s, size_t n, struct hs_swf_job *job)
{
	const char *name = hs_input_name(t->in);
	int line = hs_input_lineno(t->in), nf = 0;
	size_t i = 0;
	/* Count first, so a short or long line is reported as such rather than
	 * by its first odd field. */
	for (size_t j = 0; j < n;) {
		while (j < n && is_blank(s[j]))
			j++;
		if (j == n)
			break;
		nf++;
		while (j < n && !is_blank(s[j]))
			j++;
	}
	if (nf != HS_SWF_NFIELDS) {
		hs_error_at(name, line, "%d fields, an SWF job line has %d", nf, HS_SWF_NFIELDS);
		return -1;
	}
	for (int f = 0; f < HS_SWF_NFIELDS; f++) {
		while (i < n && is_blank(s[i]))
			i++;
		size_t b = i;
		while (i < n && !is_blank(s[i]))
			i++;
		char buf[64], *tok = buf;
		size_t len = i - b;
		if (len < sizeof buf) {
			memcpy(buf, s + b, len);
			buf[len] = '\0';
		} else {
			tok = hs_strndup(s + b, len);
		}
		int ok = hs_parse_double(tok, &job->f[f]) == 0;
		if (tok != buf)
			free(tok);
		if (!ok) {
			hs_error_at(name, line, "field %d (%s): '%.*s' is not a number", f + 1,
				    field_names[f], len > 40 ? 40 : (int)len, s + b);
			return -1;
		}
	}
	job->line = line;
	return 0;
}

int hs_swf_next(struct hs_swf *t, struct hs_swf_job *job)
{
	char *line;
	long len;
	if (t->failed)
		return -1;
	while ((len = hs_input_getline(t->in, &line)) >= 0) {
		size_t n = (size_t)len, i = 0;
		while (i < n && is_blank(line[i]))
			i++;
		if (i == n)
			continue;
		if (line[i] == ';') {
			add_header(t, line + i + 1, n - i - 1);
			continue;
		}
		if (parse_job(t, line, n, job) < 0)
			break;
		return 1;
	}
	if (len == -1)
		return 0;
	t->failed = 1;
	return -1;
}

const char *hs_swf_header(const struct hs_swf *t, const char *key)
{
	for (int i = 0; i < t->nhdr; i++)
		if (t->hdr[i].key && strcasecmp(t->hdr[i].key, key) == 0)
			return t->hdr[i].value;
	return NULL;
}

const struct hs_swf_header *hs_swf_headers(const struct hs_swf *t, int *n)
{
	*n = t->nhdr;
	return t->hdr;
}

const char *hs_swf_name(const struct hs_swf *t)
{
	return hs_input_name(t->in);
}

void hs_swf_close(struct hs_swf *t)
{
	if (!t)
		return;
	hs_input_close(t->in);
	for (int i = 0; i < t->nhdr; i++) {
		free(t->hdr[i].key);
		free(t->hdr[i].value);
	}
	free(t->hdr);
	free(t);
}
