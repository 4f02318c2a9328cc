/* exec/tool.h - what the hs-exec tool writes around hs/exec.h's engine
 * (output.c): the input stream less the runs it replaces, with the "prov
 * exec" record, before the first task starts; a run record the moment each
 * task ends; a last comment line that sums the run up.  Not installed:
 * hs/exec.h is the engine's interface and stays as it is; this one is the
 * tool's own, and may change with it. */
#ifndef HS_EXEC_TOOL_H
#define HS_EXEC_TOOL_H

#include "hs/exec.h"

/* The state of hs-exec's stdout during the run (the arg of
 * hs_exec_write_run). */
struct hs_exec_output {
	int clear_progress; /* records and the progress line share the terminal */
	int failed;         /* a write failed: nothing more is written */
	struct hs_stream_tally tally; /* what was written, for the closing record */
	/* hs-exec -a: more of the "prov exec" record (the algorithm) */
	void (*prov)(void *arg, struct hs_record *prov);
	void *prov_arg;
};

/* Drop the run records (hs-sim's, an earlier hs-exec's) and the "prov
 * exec" record from st: this run replaces them; live (hs-exec -a), the
 * plan records and the "prov sim" record too. */
void hs_exec_drop_old(struct hs_stream *st, int live);

/* Add the "prov exec" record to in (back end, host, date, log directory,
 * --timed, --command) and write st on stdout, flushed, without its closing
 * record (hs_exec_summary writes it once every run record is out).  0, or
 * -1 after reporting a write error. */
int hs_exec_write_head(struct hs_stream *st, struct hs_instance *in, const struct hs_exec *x,
		       const struct hs_exec_opts *o, struct hs_exec_output *out);

/* An hs_exec_end_fn: the run record on stdout, flushed at once so that an
 * interrupted hs-exec loses nothing that finished. */
void hs_exec_write_run(void *arg, const struct hs_record *r);

/* The summing-up comment line (counts, times, hs-exec's own CPU time) and
 * the stream's closing record, unless a write failed: an hs-exec killed
 * before leaves a stream that reads as cut short (hs-format(5), END OF
 * STREAM).  Returns rc, the engine's exit status, or
 * HS_EXIT_FAIL when it was HS_EXIT_OK and a write failed. */
int hs_exec_summary(const struct hs_exec *x, struct hs_exec_output *out, int rc);

#endif
