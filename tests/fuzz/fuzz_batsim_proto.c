/* fuzz_batsim_proto - libFuzzer target for the Batsim bridge's wire format
 * (plugins/batsim/wire_json.c, json_write.c, ids.c, msg.c): what an
 * external scheduler sends hs-sim.
 *
 * Every input is read as a scheduler's message (bs_wire_json.decode).  One
 * that is refused must leave a message and no event; one that is read must
 * keep the reader's promises (a scheduler's event types only, timestamps
 * not after now, allocations non-empty, ascending and distinct, the fields
 * of each type there), and be written (encode) into text that reads back
 * to a message written the same, byte for byte.  The input is also read as
 * an interval set: one that reads is ascending and distinct, and its
 * canonical form reads back to the same ids.  A broken promise aborts,
 * which libFuzzer reports.  Built as `make fuzz` builds every target
 * (fuzz_batsim_proto_LIBS links jansson and ZeroMQ).
 * Seeds: tests/fuzz/batsim_proto/ (pybatsim's replies from the research
 * transcripts, every event type, broken ones). */
#include "../../plugins/batsim/ids.c"
#include "../../plugins/batsim/json_write.c"
#include "../../plugins/batsim/msg.c"
#include "../../plugins/batsim/wire_json.c"
#include "fuzz.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	fuzz_init(); /* lowers the cores limit: interval sets of 64K ids at most */
	return 0;
}

static void check(int ok)
{
	if (!ok)
		abort();
}

static int ascending(const struct bs_ids *ids)
{
	for (int i = 1; i < ids->n; i++)
		if (ids->v[i] <= ids->v[i - 1])
			return 0;
	return ids->n == 0 || ids->v[0] >= 0;
}

/* The reader's promises about one event it gave. */
static void check_event(const struct bs_msg *m, const struct bs_event *e)
{
	check(e->type >= BS_EXECUTE_JOB && e->type < BS_NTYPES);
	check(isfinite(e->timestamp) && e->timestamp <= m->now);
	switch (e->type) {
	case BS_EXECUTE_JOB:
		check(e->job_id && e->alloc.n > 0 && ascending(&e->alloc));
		break;
	case BS_KILL_JOB:
		check(e->njob_ids > 0);
		for (int i = 0; i < e->njob_ids; i++)
			check(e->job_ids[i] && strchr(e->job_ids[i], '!'));
		break;
	case BS_REGISTER_JOB:
		check(e->job_id && e->job.id && !strcmp(e->job.id, e->job_id) && e->job.profile &&
		      e->job.res >= 0 && (e->job.walltime == -1 || e->job.walltime > 0));
		break;
	case BS_REGISTER_PROFILE:
		check(e->workload && e->profile.name && e->has_profile);
		check(e->profile.type == BS_PROFILE_DELAY ? e->profile.delay > 0
							  : e->profile.cpu >= 0 && e->profile.com >= 0);
		break;
	case BS_SET_JOB_METADATA:
		check(e->job_id && e->metadata && !strchr(e->metadata, '"'));
		break;
	case BS_REJECT_JOB:
	case BS_CHANGE_JOB_STATE:
		check(e->job_id && strchr(e->job_id, '!') && (e->type == BS_REJECT_JOB || e->state));
		break;
	case BS_QUERY:
	case BS_SCHED_NOTIFY:
	case BS_UNSUPPORTED:
		check(e->name != NULL);
		break;
	default:
		break;
	}
}

static void check_ids(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1), *err = NULL;
	memcpy(s, data, size);
	s[size] = 0;
	struct bs_ids ids, again;
	if (bs_ids_parse(s, &ids, &err) == 0) {
		check(ascending(&ids) && !err);
		char *canon = bs_ids_format(&ids);
		check(bs_ids_parse(canon, &again, &err) == 0);
		check(again.n == ids.n && (ids.n == 0 || !memcmp(again.v, ids.v, (size_t)ids.n * sizeof *ids.v)));
		char *canon2 = bs_ids_format(&again);
		check(!strcmp(canon, canon2));
		free(canon);
		free(canon2);
		free(again.v);
		free(ids.v);
	} else {
		check(err && *err && !ids.v && ids.n == 0);
		free(err);
	}
	free(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct bs_msg m = { 0 }, back = { 0 };
	char *err = NULL;
	if (bs_wire_json.decode((const char *)data, size, &m, &err) != 0) {
		check(err && *err && m.n == 0);
		free(err);
	} else {
		check(!err && isfinite(m.now));
		for (int i = 0; i < m.n; i++)
			check_event(&m, &m.ev[i]);
		/* written and read back: the same message, the same bytes */
		size_t n, n2;
		char *s = bs_wire_json.encode(&m, &n);
		check(s && strlen(s) == n);
		if (bs_wire_json.decode(s, n, &back, &err) != 0) {
			fprintf(stderr, "written: %s\nnot read back: %s\n", s, err);
			abort();
		}
		char *s2 = bs_wire_json.encode(&back, &n2);
		check(s2 && n2 == n && !memcmp(s, s2, n) && back.n == m.n);
		free(s);
		free(s2);
	}
	bs_msg_release(&m);
	bs_msg_release(&back);
	check_ids(data, size);
	return 0;
}
