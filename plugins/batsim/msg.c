/* batsim/msg.c - the messages' memory: events added to a message, and
 * everything they own freed (batsim.h). */
#include <stdlib.h>
#include <string.h>

#include "batsim.h"
#include "hs/util.h"

static const char *const bs_names[BS_NTYPES] = {
	[BS_SIMULATION_BEGINS] = "SIMULATION_BEGINS",
	[BS_JOB_SUBMITTED] = "JOB_SUBMITTED",
	[BS_JOB_COMPLETED] = "JOB_COMPLETED",
	[BS_JOB_KILLED] = "JOB_KILLED",
	[BS_REQUESTED_CALL] = "REQUESTED_CALL",
	[BS_NOTIFY] = "NOTIFY",
	[BS_ANSWER] = "ANSWER",
	[BS_RESOURCE_STATE_CHANGED] = "RESOURCE_STATE_CHANGED",
	[BS_SIMULATION_ENDS] = "SIMULATION_ENDS",
	[BS_EXECUTE_JOB] = "EXECUTE_JOB",
	[BS_REJECT_JOB] = "REJECT_JOB",
	[BS_CALL_ME_LATER] = "CALL_ME_LATER",
	[BS_KILL_JOB] = "KILL_JOB",
	[BS_REGISTER_JOB] = "REGISTER_JOB",
	[BS_REGISTER_PROFILE] = "REGISTER_PROFILE",
	[BS_SET_JOB_METADATA] = "SET_JOB_METADATA",
	[BS_CHANGE_JOB_STATE] = "CHANGE_JOB_STATE",
	[BS_QUERY] = "QUERY",
	[BS_SET_RESOURCE_STATE] = "SET_RESOURCE_STATE",
	/* both directions call it NOTIFY: the type field tells them apart */
	[BS_SCHED_NOTIFY] = "NOTIFY",
	/* its own name is in the event (name) */
	[BS_UNSUPPORTED] = "UNSUPPORTED",
};

const char *bs_type_name(enum bs_type t)
{
	return (unsigned)t < BS_NTYPES ? bs_names[t] : "?";
}

struct bs_event *bs_msg_add(struct bs_msg *m, enum bs_type type, double timestamp)
{
	if (m->n == m->cap) {
		m->cap = m->cap ? 2 * m->cap : 8;
		m->ev = hs_reallocarray(m->ev, (size_t)m->cap, sizeof *m->ev);
	}
	struct bs_event *e = &m->ev[m->n++];
	memset(e, 0, sizeof *e);
	e->type = type;
	e->timestamp = timestamp;
	return e;
}

static void bs_strv_free(char **v, int n)
{
	for (int i = 0; v && i < n; i++)
		free(v[i]);
	free(v);
}

static void bs_begins_free(struct bs_begins *b)
{
	if (!b)
		return;
	for (int i = 0; i < b->nres; i++) {
		free(b->res[i].name);
		bs_strv_free(b->res[i].props, 2 * b->res[i].nprops);
	}
	free(b->res);
	free(b->workload);
	free(b->workload_path);
	for (int i = 0; i < b->nprofiles; i++)
		free(b->profiles[i].name);
	free(b->profiles);
	free(b);
}

static void bs_event_free(struct bs_event *e)
{
	free(e->job_id);
	free(e->job.id);
	free(e->job.profile);
	free(e->profile.name);
	free(e->workload);
	free(e->state);
	free(e->alloc.v);
	bs_strv_free(e->job_ids, e->njob_ids);
	free(e->progress);
	bs_strv_free(e->progress_profile, e->njob_ids);
	free(e->name);
	free(e->metadata);
	bs_begins_free(e->begins);
}

void bs_msg_clear(struct bs_msg *m)
{
	for (int i = 0; i < m->n; i++)
		bs_event_free(&m->ev[i]);
	m->n = 0;
	m->now = 0;
}

void bs_msg_release(struct bs_msg *m)
{
	bs_msg_clear(m);
	free(m->ev);
	m->ev = NULL;
	m->cap = 0;
}
