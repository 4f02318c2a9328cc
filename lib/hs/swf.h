/* hs/swf.h - reader of Standard Workload Format traces (the Parallel
 * Workloads Archive's job logs).
 *
 * A trace is text: header comment lines starting with ';' (often
 * "; Key: value", e.g. "; MaxProcs: 240"), then one line per job of 18
 * whitespace-separated numbers, -1 meaning unknown.  The reader goes through
 * hs_input, so compressed traces (.gz, .bz2, .xz, .zst) read the same, and
 * yields one job at a time: a whole log of millions of jobs never has to be
 * held in memory.
 */
#ifndef HS_SWF_H
#define HS_SWF_H

#include <stdio.h>

/* The 18 fields of a job line, in order (SWF 2.2). */
enum hs_swf_field {
	HS_SWF_JOB,        /* job number */
	HS_SWF_SUBMIT,     /* submit time, s from the log's start */
	HS_SWF_WAIT,       /* wait time, s */
	HS_SWF_RUN,        /* run time, s */
	HS_SWF_PROCS,      /* number of allocated processors */
	HS_SWF_CPU,        /* average CPU time used, s */
	HS_SWF_MEM,        /* used memory, KB per processor */
	HS_SWF_REQ_PROCS,  /* requested number of processors */
	HS_SWF_REQ_TIME,   /* requested time (user's walltime), s */
	HS_SWF_REQ_MEM,    /* requested memory, KB per processor */
	HS_SWF_STATUS,     /* 1 completed, 0 failed, 5 cancelled, ... */
	HS_SWF_USER,       /* user id */
	HS_SWF_GROUP,      /* group id */
	HS_SWF_APP,        /* executable (application) number */
	HS_SWF_QUEUE,      /* queue number */
	HS_SWF_PARTITION,  /* partition number */
	HS_SWF_PRECEDING,  /* preceding job number */
	HS_SWF_THINK,      /* think time from the preceding job, s */
	HS_SWF_NFIELDS
};

#define HS_SWF_UNKNOWN (-1.0)

/* One job line: the fields as written (numbers are kept as doubles: some
 * traces write fractions, e.g. average CPU time 552.21). */
struct hs_swf_job {
	double f[HS_SWF_NFIELDS];
	long long id; /* the job number, exactly (f[HS_SWF_JOB] may round it) */
	int line;     /* 1-based line in the trace */
};

/* A header comment line "; Key: value" (key and value trimmed).  Memory
 * stays bounded whatever the comments: the reader keeps the first line of
 * each key only, at most HS_SWF_MAX_HEADERS keys of at most
 * HS_SWF_HEADER_KEY_MAX bytes, values cut to HS_SWF_HEADER_VALUE_MAX bytes;
 * comment lines without a "Key:" (free text, "; Note" continuations) and
 * repeated keys ("; Partition: ..." lines) are skipped.  hs reads MaxProcs
 * and MaxNodes; the others are for provenance. */
#define HS_SWF_MAX_HEADERS 64
#define HS_SWF_HEADER_KEY_MAX 64
#define HS_SWF_HEADER_VALUE_MAX 256
struct hs_swf_header {
	char *key;
	char *value;
};

struct hs_swf;

/* Open a trace (path "-" or NULL: stdin).  NULL on error (reported). */
struct hs_swf *hs_swf_open(const char *path);
/* Read the next job into *job, skipping comment and blank lines (comments
 * kept as headers as said above).  Returns 1, 0 at the end, -1 on bad input (reported
 * as "PROG: FILE:LINE: ...": a wrong number of fields, a field that is not
 * a finite decimal number (no hexadecimal, inf or nan), a job number that
 * is not a whole number from 0 to 2^63 - 1 or repeats an earlier one, a
 * trace without any job line) or a read error.  After -1 every call
 * returns -1. */
int hs_swf_next(struct hs_swf *t, struct hs_swf_job *job);
/* Value of the first header line "; KEY: value" read so far (KEY compared
 * without case), or NULL.  Headers precede the jobs in archive traces. */
const char *hs_swf_header(const struct hs_swf *t, const char *key);
/* Every header kept so far, in order; *n receives the count. */
const struct hs_swf_header *hs_swf_headers(const struct hs_swf *t, int *n);
const char *hs_swf_name(const struct hs_swf *t);
void hs_swf_close(struct hs_swf *t);

/* Copy every line read from now on (with its newline; blank and comment
 * lines too) to f, so a trace read once from a pipe can be read again from
 * the copy; NULL stops.  Write errors are left in f (ferror). */
void hs_swf_tee(struct hs_swf *t, FILE *f);

/* The SWF's rule for the numbers hs uses: a field is -1 (unknown) or a value
 * >= 0.  For each field f whose bit (1u << f) is in mask: 0 when all are
 * valid, else -1 after reporting "PROG: FILE:LINE: job N: submit time -50 is
 * negative (the SWF's only negative value is -1, unknown)". */
int hs_swf_check(const struct hs_swf *t, const struct hs_swf_job *job, unsigned mask);
#define HS_SWF_BIT(f) (1u << (f))

/* A job's size in processors: field primary (HS_SWF_PROCS or
 * HS_SWF_REQ_PROCS), or the other of the two when primary is unknown or 0
 * (*other set to 1 then, else 0).  Returns the size (>= 1), 0 when both are
 * unknown or 0, or -1 after reporting a size that is not a whole number. */
double hs_swf_size(const struct hs_swf *t, const struct hs_swf_job *job, int primary, int *other);

/* Status names of field 11 ("completed" for 1, ...), or NULL. */
const char *hs_swf_status_name(int status);
/* The status a word names ("completed", "failed", "cancelled", "partial",
 * "partial-completed", "partial-failed", "unknown"), or a number from -1 to
 * 5; -2 when neither. */
int hs_swf_status_parse(const char *word);

/* "run time" for HS_SWF_RUN, for messages; NULL out of range. */
const char *hs_swf_field_name(int field);

#endif
