/* swf.c - Standard Workload Format traces, one job at a time (hs/swf.h).
 *
 * Lines are split on blanks (space, tab, and a stray '\r' of CRLF files).
 * Each field must be a finite number: -1 is the format's "unknown" and
 * passes through as it is; what a field means is left to the caller, with
 * the helpers at the end for the rules every caller shares (-1 or >= 0,
 * which processor count is the size).  Header comments are kept within
 * fixed bounds (hs/swf.h): a trace of a million comment lines costs no
 * more memory than one of ten.
 *
 * Job numbers name the tasks made from them (swf_id=), so they are read
 * as whole numbers, exactly, and must not repeat.  Archive traces number
 * their jobs 1, 2, 3... on consecutive lines: those are kept as runs
 * (first number, first line, length), a few bytes for a whole log; only
 * the numbers that come out of order go to a hash table. */
#include "hs/swf.h"
#include "hs/format.h"
#include "hs/util.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Job numbers n, n + 1, ... n + len - 1 on lines line, line + 1, ... */
struct id_run {
	long long first;
	int line, len;
};

/* A job number out of order and its line (line 0: an empty slot). */
struct id_slot {
	long long id;
	int line;
};

struct hs_swf {
	struct hs_input *in;
	struct hs_swf_header *hdr;
	int nhdr;
	int failed;
	FILE *tee;
	long njobs;
	struct id_run *runs;      /* increasing: every number above the ones before */
	size_t nruns, caprun;
	struct id_slot *slots;    /* the others, open addressing */
	size_t nslots, capslot;   /* capslot a power of two */
};

static size_t slot_of(long long id, size_t cap)
{
	uint64_t h = (uint64_t)id * 0x9e3779b97f4a7c15ull;
	return (size_t)(h >> 32) & (cap - 1);
}

/* The line of an earlier job numbered id, or 0. */
static int id_line(const struct hs_swf *t, long long id)
{
	size_t lo = 0, hi = t->nruns;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct id_run *r = &t->runs[mid];
		if (id < r->first)
			hi = mid;
		else if (id - r->first >= r->len)
			lo = mid + 1;
		else
			return r->line + (int)(id - r->first);
	}
	if (!t->capslot)
		return 0;
	for (size_t i = slot_of(id, t->capslot); t->slots[i].line; i = (i + 1) & (t->capslot - 1))
		if (t->slots[i].id == id)
			return t->slots[i].line;
	return 0;
}

static void id_add(struct hs_swf *t, long long id, int line)
{
	struct id_run *last = t->nruns ? &t->runs[t->nruns - 1] : NULL;
	if (!last || id > last->first + (last->len - 1)) {
		if (last && id == last->first + last->len && line == last->line + last->len &&
		    last->len < INT32_MAX) {
			last->len++;
			return;
		}
		if (t->nruns == t->caprun) {
			t->caprun = t->caprun ? 2 * t->caprun : 16;
			t->runs = hs_reallocarray(t->runs, t->caprun, sizeof *t->runs);
		}
		t->runs[t->nruns++] = (struct id_run){id, line, 1};
		return;
	}
	if (2 * (t->nslots + 1) > t->capslot) {
		size_t cap = t->capslot ? 2 * t->capslot : 64;
		struct id_slot *s = hs_calloc(cap, sizeof *s);
		for (size_t i = 0; i < t->capslot; i++) {
			if (!t->slots[i].line)
				continue;
			size_t j = slot_of(t->slots[i].id, cap);
			while (s[j].line)
				j = (j + 1) & (cap - 1);
			s[j] = t->slots[i];
		}
		free(t->slots);
		t->slots = s;
		t->capslot = cap;
	}
	size_t i = slot_of(id, t->capslot);
	while (t->slots[i].line)
		i = (i + 1) & (t->capslot - 1);
	t->slots[i] = (struct id_slot){id, line};
	t->nslots++;
}

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

/* s[0, *n) without leading and trailing blanks: the new start, *n its
 * length. */
static const char *trim(const char *s, size_t *n)
{
	while (*n && is_blank(*s))
		s++, (*n)--;
	while (*n && is_blank(s[*n - 1]))
		(*n)--;
	return s;
}

/* A comment line (the text after ';'): kept when it is "Key: value" with a
 * one-word key not seen before, within the bounds of hs/swf.h. */
static void add_header(struct hs_swf *t, const char *s, size_t n)
{
	s = trim(s, &n);
	size_t k = 0;
	while (k < n && !is_blank(s[k]) && s[k] != ':')
		k++;
	if (k == 0 || k == n || s[k] != ':' || k > HS_SWF_HEADER_KEY_MAX ||
	    t->nhdr == HS_SWF_MAX_HEADERS)
		return;
	for (int i = 0; i < t->nhdr; i++)
		if (strlen(t->hdr[i].key) == k && strncasecmp(t->hdr[i].key, s, k) == 0)
			return;
	size_t vn = n - k - 1;
	const char *v = trim(s + k + 1, &vn);
	if (!t->hdr)
		t->hdr = hs_calloc(HS_SWF_MAX_HEADERS, sizeof *t->hdr);
	struct hs_swf_header *h = &t->hdr[t->nhdr++];
	h->key = hs_strndup(s, k);
	h->value = hs_strndup(v, vn > HS_SWF_HEADER_VALUE_MAX ? HS_SWF_HEADER_VALUE_MAX : vn);
}

/* A number as the SWF writes it: [+-]digits[.digits][e[+-]digits] (strtod
 * alone would take "0x10", "inf" and "nan"). */
static int is_decimal(const char *p)
{
	int digits = 0;
	if (*p == '+' || *p == '-')
		p++;
	for (; *p >= '0' && *p <= '9'; p++)
		digits++;
	if (*p == '.')
		for (p++; *p >= '0' && *p <= '9'; p++)
			digits++;
	if (!digits)
		return 0;
	if (*p == 'e' || *p == 'E') {
		p++;
		if (*p == '+' || *p == '-')
			p++;
		if (!(*p >= '0' && *p <= '9'))
			return 0;
		while (*p >= '0' && *p <= '9')
			p++;
	}
	return *p == '\0';
}

/* The job number: a whole number from 0 to 2^63 - 1, kept exactly. */
static int parse_id(const char *tok, long long *id)
{
	for (const char *p = tok; *p; p++)
		if (!(*p >= '0' && *p <= '9'))
			return -1;
	errno = 0;
	char *end;
	*id = strtoll(tok, &end, 10);
	return *tok && !*end && errno == 0 ? 0 : -1;
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
		int ok = is_decimal(tok) && hs_parse_double(tok, &job->f[f]) == 0;
		int id_ok = f != HS_SWF_JOB || !ok || parse_id(tok, &job->id) == 0;
		if (tok != buf)
			free(tok);
		if (!ok) {
			hs_error_at(name, line, "field %d (%s): '%.*s' is not a number", f + 1,
				    field_names[f], len > 40 ? 40 : (int)len, s + b);
			return -1;
		}
		if (!id_ok) {
			hs_error_at(name, line,
				    "field 1 (job number): '%.*s' is not a whole number from 0 to "
				    "9223372036854775807",
				    len > 40 ? 40 : (int)len, s + b);
			return -1;
		}
	}
	int before = id_line(t, job->id);
	if (before) {
		hs_error_at(name, line, "job %lld: job number already used on line %d", job->id,
			    before);
		return -1;
	}
	id_add(t, job->id, line);
	t->njobs++;
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
		if (t->tee) {
			fwrite(line, 1, n, t->tee);
			putc('\n', t->tee);
		}
		if (memchr(line, '\0', n)) {
			/* A field would end there and the rest be lost. */
			hs_error_at(hs_input_name(t->in), hs_input_lineno(t->in),
				    "line contains a NUL byte");
			len = -2;
			break;
		}
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
	if (len == -1 && t->njobs)
		return 0;
	if (len == -1)
		hs_error("%s: no jobs (an SWF trace has a line of 18 numbers per job, after the "
			 "';' comments)", hs_input_name(t->in));
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
	free(t->runs);
	free(t->slots);
	free(t);
}

void hs_swf_tee(struct hs_swf *t, FILE *f)
{
	t->tee = f;
}

int hs_swf_check(const struct hs_swf *t, const struct hs_swf_job *job, unsigned mask)
{
	for (int f = 0; f < HS_SWF_NFIELDS; f++) {
		double v = job->f[f];
		if (!(mask & HS_SWF_BIT(f)) || v >= 0 || v == HS_SWF_UNKNOWN)
			continue;
		char val[HS_NUMBUF];
		hs_error_at(hs_input_name(t->in), job->line,
			    "job %lld: %s %s is negative (the SWF's only negative value is -1, unknown)",
			    job->id, field_names[f], hs_fmt_double(val, v));
		return -1;
	}
	return 0;
}

double hs_swf_size(const struct hs_swf *t, const struct hs_swf_job *job, int primary, int *other)
{
	int second = primary == HS_SWF_PROCS ? HS_SWF_REQ_PROCS : HS_SWF_PROCS;
	int f = job->f[primary] >= 1 ? primary : second;
	double v = job->f[f];
	*other = f != primary && v >= 1;
	if (!(v >= 1))
		return 0;
	if (v != floor(v)) {
		char val[HS_NUMBUF];
		hs_error_at(hs_input_name(t->in), job->line, "job %lld: %s %s is not a whole number",
			    job->id, field_names[f], hs_fmt_double(val, v));
		return -1;
	}
	return v;
}

/* Field 11, SWF 2.2: 0 failed, 1 completed, 5 cancelled; with
 * checkpointing or swapping, 2 a partial execution to be continued, 3 the
 * last partial one that completed, 4 the last partial one that failed. */
static const char *const status_names[] = {
	"failed", "completed", "partial", "partial-completed", "partial-failed", "cancelled",
};

const char *hs_swf_status_name(int status)
{
	if (status == -1)
		return "unknown";
	return status >= 0 && status < 6 ? status_names[status] : NULL;
}

int hs_swf_status_parse(const char *word)
{
	if (strcmp(word, "unknown") == 0)
		return -1;
	for (int i = 0; i < 6; i++)
		if (strcmp(word, status_names[i]) == 0)
			return i;
	int v;
	return hs_parse_int(word, -1, 5, &v) == 0 ? v : -2;
}
