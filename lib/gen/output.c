/* output.c - where hs-gen's stream goes: stdout, or a file written
 * atomically (-o).  Generators append records to an hs_stream; most write
 * a few thousand and hs-gen writes them all at the end.  A generator that
 * writes a record per job of a trace of millions (hs-gen swf) calls
 * hs_gen_flush now and then instead, so its memory stays constant: the
 * records so far are written and freed.  Once anything is written, exit()
 * still never leaves a half-written file behind: an atexit handler removes
 * the temporary file unless hs_gen_output_finish committed it.  On stdout,
 * the closing record comes only with hs_gen_output_finish: a run stopped
 * half-way leaves a stream the next tool refuses as cut short. */
#include "hs/gen.h"
#include "hs/util.h"

#include <stdlib.h>

static struct {
	const char *path;        /* NULL: stdout */
	FILE *fp;                /* open once something was written */
	struct hs_atomic_file af;
	struct hs_stream_tally tally; /* for the closing record, written last */
	int committed, handler;
} sink;

void hs_gen_output_to(const char *path)
{
	sink.path = path;
}

static void abort_file(void)
{
	if (sink.path && sink.fp && !sink.committed) {
		hs_atomic_abort(&sink.af);
		sink.fp = NULL;
	}
}

static const char *sink_name(void)
{
	return sink.path ? sink.path : "stdout";
}

/* Write the records of out, the header first if nothing was written yet,
 * and free them.  0, or -1 after reporting a write error. */
static int write_records(struct hs_stream *out)
{
	int err = 0;
	if (!sink.fp) {
		if (sink.path) {
			if (hs_atomic_open(&sink.af, sink.path) < 0)
				return -1;
			sink.fp = sink.af.fp;
			if (!sink.handler) {
				atexit(abort_file);
				sink.handler = 1;
			}
		} else {
			sink.fp = stdout;
		}
		err = hs_stream_write_begin(sink.fp, out, &sink.tally) < 0;
	} else {
		for (size_t i = 0; i < out->n && !err; i++) {
			err = hs_record_write(sink.fp, out->recs[i]) < 0 || putc('\n', sink.fp) == EOF;
			hs_stream_tally_add(&sink.tally, out->recs[i]);
		}
	}
	for (size_t i = 0; i < out->n; i++)
		hs_record_free(out->recs[i]);
	out->n = 0;
	out->header_pos = 0;
	if (err || ferror(sink.fp)) {
		hs_error("%s: write error", sink_name());
		return -1;
	}
	return 0;
}

int hs_gen_flush(struct hs_stream *out)
{
	return write_records(out);
}

int hs_gen_output_finish(struct hs_stream *out)
{
	int bad = write_records(out) < 0;
	if (!bad && hs_stream_write_end(sink.fp, &sink.tally) < 0) {
		hs_error("%s: write error", sink_name());
		bad = 1;
	}
	if (!bad && fflush(sink.fp) != 0) {
		hs_error("%s: write error", sink_name());
		bad = 1;
	}
	if (bad) {
		abort_file();
		return HS_EXIT_FAIL;
	}
	if (!sink.path)
		return HS_EXIT_OK;
	sink.committed = 1;
	return hs_atomic_commit(&sink.af) < 0 ? HS_EXIT_FAIL : HS_EXIT_OK;
}
