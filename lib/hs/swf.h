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
	int line; /* 1-based line in the trace */
};

/* A header comment line.  "; Key: value" gives key and value (both
 * trimmed); other comment lines have key NULL and their text in value. */
struct hs_swf_header {
	char *key;
	char *value;
};

struct hs_swf;

/* Open a trace (path "-" or NULL: stdin).  NULL on error (reported). */
struct hs_swf *hs_swf_open(const char *path);
/* Read the next job into *job, skipping comment and blank lines (comments
 * are kept as headers).  Returns 1, 0 at the end, -1 on bad input (reported
 * as "PROG: FILE:LINE: ...": a wrong number of fields, a field that is not
 * a finite number) or a read error.  After -1 every call returns -1. */
int hs_swf_next(struct hs_swf *t, struct hs_swf_job *job);
/* Value of the first header line "; KEY: value" read so far (KEY compared
 * without case), or NULL.  Headers precede the jobs in archive traces. */
const char *hs_swf_header(const struct hs_swf *t, const char *key);
/* Every header comment read so far, in order; *n receives the count. */
const struct hs_swf_header *hs_swf_headers(const struct hs_swf *t, int *n);
const char *hs_swf_name(const struct hs_swf *t);
void hs_swf_close(struct hs_swf *t);

/* "run time" for HS_SWF_RUN, for messages; NULL out of range. */
const char *hs_swf_field_name(int field);

#endif
