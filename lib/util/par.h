/* util/par.h - lines parsed on several threads while the reader goes on
 * reading, handed on in input order (the stream reader's large inputs,
 * format/format.c), and a job split over threads (the model's loader).
 * Not installed.
 *
 * The reader hands over, in input order, copies of lines and items it made
 * itself; worker threads parse the lines in batches; the items are handed
 * on (ops->take) in input order, batch after batch, as soon as every
 * earlier batch is done.  Parsing is the bulk of reading a large stream
 * (twice the time of splitting it into lines and of building the model
 * from it), so two cores read a stream in a little over half the time.
 * This layer knows no record: what a line becomes is the caller's. */
#ifndef HS_UTIL_PAR_H
#define HS_UTIL_PAR_H

#include <stddef.h>

struct hs_par;

/* The most threads a pool or a run uses (beyond, page faults and memory
 * bandwidth are the limit): callers size their arrays by it. */
#define HS_PAR_MAX 4

/* fn(jobs + k * size) for k in [0, njobs), job 0 on this thread, the
 * others on threads where they can be had (here where not); returns when
 * all are done. */
void hs_par_run(int njobs, void *(*fn)(void *), void *jobs, size_t size);

struct hs_par_ops {
	/* On a worker: the item line (len bytes, not NUL-terminated) read at
	 * lineno makes, or NULL with *err set (a static message) when the
	 * line is bad. */
	void *(*parse)(const char *line, size_t len, int lineno, const char **err);
	/* On the caller's thread, in input order. */
	void (*take)(void *ctx, void *item);
	/* An item parsed after a bad line, never handed on. */
	void (*drop)(void *item);
	/* On each worker as it ends (thread-local state), or NULL. */
	void (*thread_end)(void);
};

/* A pool of n (at most HS_PAR_MAX) parsers handing items to ops->take(ctx);
 * NULL when n < 2 or it cannot start threads (the caller parses on its
 * own). */
struct hs_par *hs_par_new(int n, const struct hs_par_ops *ops, void *ctx);
/* Queue line (len bytes, copied) read at lineno.  Returns -1 once some
 * queued line was found bad: the caller stops reading and calls
 * hs_par_finish. */
int hs_par_line(struct hs_par *p, const char *line, size_t len, int lineno);
/* Queue an item the caller made (handed on in its place in the order). */
void hs_par_item(struct hs_par *p, void *item);
/* Wait for every queued line and hand the items on in order, up to the
 * first bad line: then returns -1 with that line's number and message
 * (malloc'd) in *line and *msg, and the items after it dropped.  Returns
 * 0 when every line parsed.  Frees the pool. */
int hs_par_finish(struct hs_par *p, int *line, char **msg);

#endif
