/* batsim/report.c - what happened in hs, told as Batsim tells it: a job
 * submitted (JOB_SUBMITTED, the profile too when forwarded), ended
 * (JOB_COMPLETED with Batsim's state and return code), killed on the
 * scheduler's request (JOB_COMPLETED COMPLETED_KILLED, then one JOB_KILLED
 * per KILL_JOB once all its jobs ended, with each one's progress), nodes
 * that reached the state asked for (RESOURCE_STATE_CHANGED, power.c), a call
 * the scheduler asked for (REQUESTED_CALL), and the last static job
 * (NOTIFY no_more_static_job_to_submit, in the same message, as Batsim
 * sends it). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bridge.h"

static int cmp_int(const void *a, const void *c)
{
	int x = *(const int *)a, y = *(const int *)c;
	return (x > y) - (x < y);
}

void bs_job_alloc(struct bridge *b, int job, struct bs_ids *ids)
{
	struct hs_online_alloc a = { .struct_size = sizeof a };
	ids->v = NULL;
	ids->n = 0;
	if (hs_online_alloc(b->h, job, &a) != 0)
		return;
	const struct hs_online_machine *m = hs_online_machine(b->h);
	ids->v = hs_malloc(((size_t)a.ncores + 1) * sizeof *ids->v);
	for (int k = 0; k < a.ncores; k++) {
		int r = b->per_node ? m->core_node[a.cores[k]] : a.cores[k];
		if (ids->n == 0 || ids->v[ids->n - 1] != r)
			ids->v[ids->n++] = r;
	}
	qsort(ids->v, (size_t)ids->n, sizeof *ids->v, cmp_int); /* cores ascend: nodes too */
}

static void submitted(struct bridge *b, int j, double now)
{
	struct bjob *J = &b->jobs[j];
	const struct hs_online_job *oj = hs_online_job(b->h, j);
	J->state = BJ_WAITING;
	/* A registered job is known to the scheduler already: Batsim sends
	 * it back only when acknowledgements are asked for. */
	if (J->dynamic && !b->acked)
		return;
	struct bs_event *e = bs_msg_add(&b->out, BS_JOB_SUBMITTED, now);
	e->job_id = hs_strdup(J->bs_id);
	e->job.id = hs_strdup(J->bs_id);
	e->job.subtime = oj->release;
	e->job.walltime = isfinite(oj->walltime) ? oj->walltime : -1;
	e->job.res = J->res;
	e->job.profile = hs_strdup(J->profile);
	if (b->forward) {
		bs_job_profile(b, j, &e->profile);
		e->has_profile = 1;
	}
}

/* Job j's kill is acknowledged: its progress into the KILL_JOBs that name
 * it, and the JOB_KILLED of those it completes. */
static void killed(struct bridge *b, int j, double now)
{
	double p = hs_online_progress(b->h, j);
	for (int k = 0; k < b->nkills; k++) {
		struct kill_ack *a = &b->kills[k];
		for (int i = 0; i < a->n; i++)
			if (a->progress[i] == -2 && strcmp(a->ids[i], b->jobs[j].bs_id) == 0) {
				a->progress[i] = p >= 0 ? p : 0;
				a->left--;
			}
	}
	for (int k = 0; k < b->nkills;) {
		struct kill_ack *a = &b->kills[k];
		if (a->left > 0) {
			k++;
			continue;
		}
		struct bs_event *e = bs_msg_add(&b->out, BS_JOB_KILLED, now);
		e->job_ids = a->ids;
		e->njob_ids = a->n;
		e->progress = a->progress;
		e->progress_profile = a->profile;
		b->kills[k] = b->kills[--b->nkills];
	}
}

static void ended(struct bridge *b, int j, enum hs_state st, double now)
{
	struct bjob *J = &b->jobs[j];
	J->state = BJ_ENDED;
	struct bs_event *e = bs_msg_add(&b->out, BS_JOB_COMPLETED, now);
	e->job_id = hs_strdup(J->bs_id);
	const char *state;
	/* Batsim's codes: 0 done, the profile's ret when it fails, -1 for the
	 * walltime and for a delay job killed */
	if (st == HS_STATE_KILLED) {
		state = J->kill_asked ? "COMPLETED_KILLED" : "COMPLETED_WALLTIME_REACHED";
		e->return_code = -1;
	} else if (st == HS_STATE_FAILED || J->ret != 0) {
		state = "COMPLETED_FAILED";
		e->return_code = J->ret != 0 ? J->ret : 1;
		hs_online_note_run(b->h, j, "return_code", "%d", e->return_code);
	} else {
		state = "COMPLETED_SUCCESSFULLY";
		e->return_code = 0;
	}
	e->state = hs_strdup(state);
	bs_job_alloc(b, j, &e->alloc);
	if (J->kill_asked)
		killed(b, j, now);
}

int bs_report(struct bridge *b, const struct hs_online_event *ev, int nev)
{
	double now = hs_online_now(b->h);
	for (int i = 0; i < nev; i++) {
		int j = ev[i].job;
		if (ev[i].type == HS_ONLINE_END && j >= 0 && j < b->njobs)
			ended(b, j, ev[i].state, now);
		else if (ev[i].type == HS_ONLINE_SUBMIT && j >= 0 && j < b->njobs)
			submitted(b, j, now);
		else if (ev[i].type == HS_ONLINE_STATE)
			bs_state_reached(b, j, now); /* j: the node */
		else if (ev[i].type == HS_ONLINE_WAKE) {
			/* every call asked for this date (or before: none is late) */
			int k = 0;
			for (int c = 0; c < b->ncalls; c++)
				if (b->calls[c] <= now)
					bs_msg_add(&b->out, BS_REQUESTED_CALL, now);
				else
					b->calls[k++] = b->calls[c];
			b->ncalls = k;
		}
	}
	if (!b->notified && hs_online_unsubmitted(b->h) == 0) {
		b->notified = 1;
		struct bs_event *e = bs_msg_add(&b->out, BS_NOTIFY, now);
		e->name = hs_strdup("no_more_static_job_to_submit");
	}
	return 0;
}
