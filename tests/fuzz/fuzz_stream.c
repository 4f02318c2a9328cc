/* fuzz_stream - the hs stream reader, the model, the validator and the
 * writer: what every tool does with its input, and what hs-sim --model
 * replay writes back.
 *
 * Checked beyond "no crash, no leak, no undefined behaviour":
 *   - writing a stream and reading it back gives the same text again
 *     (the writer's quoting is what the reader reads);
 *   - a valid plan without after lists, ordered by its times as hs-sim
 *     and hs-plan order it, is still valid with the after lists derived;
 *   - a valid plan replays, and the stream with its run records
 *     (written canonically, as hs-sim writes them) reads back into a model,
 *     whose run validates;
 *   - metrics of the plan and the run can be taken (hs-report's path,
 *     without the LP), with the power records' states when they read.
 * A platform's xml= is dropped: files named by the input are not opened
 * (the SimGrid reader has its own target). */
#include "fuzz.h"

#include <string.h>

#include "hs/format.h"
#include "hs/metrics.h"
#include "hs/model.h"
#include "hs/power.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	fuzz_init();
	return 0;
}

/* The stream as written (malloc'd). */
static char *written(const struct hs_stream *s, size_t *len)
{
	char *buf = NULL;
	FILE *m = open_memstream(&buf, len);
	if (!m)
		abort();
	int rc = hs_stream_write(m, s);
	fclose(m);
	if (rc != 0)
		abort();
	return buf;
}

/* Read text; it must read and write back the same.  Returns the stream
 * (to release). */
static void reread(struct hs_stream *s, const char *text, size_t n)
{
	if (hs_stream_load(s, fuzz_file((const uint8_t *)text, n)) != 0)
		abort();
	size_t n2;
	char *again = written(s, &n2);
	if (n2 != n || memcmp(again, text, n) != 0)
		abort();
	free(again);
}

/* The model of s; with a valid plan, its replay as run records in s.
 * Returns 1 when s now holds run records made here. */
static int model(struct hs_stream *s)
{
	struct hs_instance in;
	if (hs_instance_load(&in, s) != 0) {
		hs_instance_release(&in);
		return 0;
	}
	struct hs_metrics_opts mo;
	hs_metrics_opts_init(&mo);
	struct hs_power_trace pt;
	if (hs_power_trace_load(&in, &pt) == 0)
		mo.power = &pt;
	struct hs_metrics m;
	int replayed = 0;
	if (in.has_run && hs_validate(&in, &in.run, 0) == 0)
		hs_metrics_eval(&in, &in.run, &mo, &m);
	if (in.has_plan && hs_validate(&in, &in.plan, 1) == 0) {
		hs_metrics_eval(&in, &in.plan, &mo, &m);
		/* Ordered as hs-sim (and hs-plan) order it: the after lists
		 * they derive keep the plan valid. */
		if (!hs_schedule_has_after(&in.plan)) {
			hs_schedule_compute_after(&in.plan, &in.plat);
			if (hs_validate(&in, &in.plan, 1) != 0)
				abort();
		}
		struct hs_schedule run;
		hs_replay(&in, &in.plan, &run);
		hs_metrics_eval(&in, &run, &mo, &m);
		hs_instance_set_run(&in, &run);
		struct hs_record *prov = hs_instance_prov(&in, "sim");
		hs_record_set(prov, "tool", "fuzz");
		hs_record_set_num(prov, "makespan", hs_schedule_makespan(&run));
		hs_schedule_release(&run);
		replayed = 1;
	}
	hs_power_trace_release(&pt);
	hs_instance_release(&in);
	return replayed;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct hs_stream s;
	if (hs_stream_load(&s, fuzz_file(data, size)) != 0) {
		hs_stream_release(&s);
		return 0;
	}
	for (size_t i = 0; i < s.n; i++)
		if (s.recs[i]->kind && strcmp(s.recs[i]->kind, "platform") == 0 &&
		    hs_record_get(s.recs[i], "xml"))
			hs_record_unset(s.recs[i], "xml");
	size_t n1, n2;
	char *w1 = written(&s, &n1);
	int replayed = model(&s);
	char *w2 = replayed ? written(&s, &n2) : NULL;
	hs_stream_release(&s);

	reread(&s, w1, n1);
	hs_stream_release(&s);
	if (replayed) {
		/* What hs-sim --model replay writes, every reader reads. */
		reread(&s, w2, n2);
		struct hs_instance in;
		if (hs_instance_load(&in, &s) != 0 || !in.has_run || hs_validate(&in, &in.run, 0) != 0)
			abort();
		hs_instance_release(&in);
		hs_stream_release(&s);
	}
	free(w1);
	free(w2);
	return 0;
}
