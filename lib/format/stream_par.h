/* format/stream_par.h - record lines parsed on several threads while the reader
 * goes on reading (used by hs_stream_read on large inputs).  Not
 * installed.
 *
 * The reader hands over, in input order, copies of record lines and
 * records it made itself (runs of comments); worker threads parse the lines
 * in batches, each into its own arena; the records go into the stream in
 * input order, batch after batch, as soon as every earlier batch is done.
 * Parsing is the bulk of reading a large stream (twice the time of
 * splitting it into lines and of building the model from it), so two
 * cores read a stream in a little over half the time. */
#ifndef HS_STREAM_PAR_H
#define HS_STREAM_PAR_H

#include <stddef.h>

#include "hs/format.h"

struct hs_par;

/* The most threads hs_stream_threads() gives (beyond, page faults and
 * memory bandwidth are the limit): callers size their arrays by it. */
#define HS_PAR_MAX 4

/* fn(jobs + k * size) for k in [0, njobs), job 0 on this thread, the
 * others on threads where they can be had (here where not); returns when
 * all are done.  For the model's loader (model.c). */
void hs_par_run(int njobs, void *(*fn)(void *), void *jobs, size_t size);

/* A pool of hs_stream_threads() parsers appending to s; NULL when it cannot
 * start threads (the caller parses on its own). */
struct hs_par *hs_par_new(struct hs_stream *s);
/* Queue line (len bytes, copied) read at lineno.  Returns -1 once some
 * queued line was found bad: the caller stops reading and calls
 * hs_par_finish. */
int hs_par_line(struct hs_par *p, const char *line, size_t len, int lineno);
/* Queue a record the caller made (appended in its place in the order). */
void hs_par_record(struct hs_par *p, struct hs_record *r);
/* Wait for every queued line and append the records to the stream in
 * order, up to the first bad line: then returns -1 with that line's
 * number and message (malloc'd) in *line and *msg, and the records after
 * it freed.  Returns 0 when every line parsed.  Frees the pool. */
int hs_par_finish(struct hs_par *p, int *line, char **msg);

#endif
