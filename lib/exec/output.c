/* exec/output.c - hs-exec's stdout (tool.h): the stream with its "prov
 * exec" record before any task starts, each run record as its task ends,
 * the summing-up line.  Run records come in the order tasks end; readers
 * accept any order. */
#include "exec/tool.h"
#include "hs/local.h"
#include "hs/util.h"

#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

static int is_old(const struct hs_record *r, void *arg)
{
	int live = *(const int *)arg;
	if (!r->kind)
		return 0;
	if (strcmp(r->kind, "run") == 0 || (live && strcmp(r->kind, "plan") == 0))
		return 1;
	return strcmp(r->kind, "prov") == 0 &&
	       (strcmp(r->id, "exec") == 0 || (live && strcmp(r->id, "sim") == 0));
}

void hs_exec_drop_old(struct hs_stream *st, int live)
{
	hs_stream_filter(st, is_old, &live);
}

int hs_exec_write_head(struct hs_stream *st, struct hs_instance *in, const struct hs_exec *x,
		       const struct hs_exec_opts *o, struct hs_exec_output *out)
{
	struct hs_record *prov = hs_instance_prov(in, "exec");
	char *host = hs_local_hostname();
	char started[32];
	time_t now = time(NULL);
	strftime(started, sizeof started, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
	hs_record_set(prov, "tool", "hs-exec");
	hs_record_set(prov, "version", HS_VERSION);
	hs_record_set(prov, "backend", o->backend);
	hs_record_set(prov, "host", host);
	hs_record_set(prov, "started", started);
	hs_record_set(prov, "logs", hs_exec_log_dir(x));
	if (o->timed)
		hs_record_set(prov, "timed", "1");
	if (o->command)
		hs_record_set(prov, "command", o->command);
	if (o->time_scale != 1)
		hs_record_set_num(prov, "time_scale", o->time_scale);
	if (out->prov)
		out->prov(out->prov_arg, prov);
	free(host);
	if (hs_stream_write_begin(stdout, st, &out->tally) < 0 || fflush(stdout) != 0) {
		hs_error("error writing the output");
		return -1;
	}
	return 0;
}

void hs_exec_write_run(void *arg, const struct hs_record *r)
{
	struct hs_exec_output *out = arg;
	if (out->failed)
		return;
	if (out->clear_progress)
		fputs("\r\033[K", stderr);
	if (hs_record_write(stdout, r) < 0 || fputc('\n', stdout) == EOF || fflush(stdout) != 0) {
		hs_error("error writing the output: run records are lost from here on");
		out->failed = 1;
	}
	hs_stream_tally_add(&out->tally, r);
}

int hs_exec_summary(const struct hs_exec *x, struct hs_exec_output *out, int rc)
{
	struct hs_exec_counts n;
	hs_exec_counts(x, &n);
	if (!out->failed) {
		/* hs-exec's own CPU time (its tasks' not included): its cost. */
		struct rusage ru;
		getrusage(RUSAGE_SELF, &ru);
		double cpu = (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec * 1e-6 +
			     (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec * 1e-6;
		printf("# hs-exec: %d tasks: %d done, %d failed, %d killed, %d not run; %.3f s",
		       n.tasks, n.done, n.failed, n.killed, n.notrun, n.elapsed);
		if (!out->prov) /* live (-a): no plan to compare with */
			printf(" (planned %.3f s)", n.planned);
		printf("; hs-exec used %.3f s CPU\n", cpu);
		if (hs_stream_write_end(stdout, &out->tally) < 0 || fflush(stdout) != 0) {
			hs_error("error writing the output");
			out->failed = 1;
		}
	}
	return out->failed && rc == HS_EXIT_OK ? HS_EXIT_FAIL : rc;
}
