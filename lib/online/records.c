/* records.c - a job's plan and run records the moment they are complete,
 * for an engine that wants them as jobs end (hs/onlinesim.h's
 * eng->records: hs-exec -a, where a run interrupted must have written what
 * already ran).  A job's records are made once its END (or its rejection)
 * was handed to the algorithm, so the notes it adds then are in them.  The
 * simulator's records are made at the end instead (driver.c). */
#include <math.h>
#include <stdlib.h>

#include "online_priv.h"

void hs_online_fresh(struct hs_online *h, int job)
{
	if (!h->decided)
		return;
	if (h->nfresh == h->capfresh) {
		h->capfresh = h->capfresh ? 2 * h->capfresh : 64;
		h->fresh = hs_reallocarray(h->fresh, h->capfresh, sizeof *h->fresh);
	}
	h->fresh[h->nfresh++] = job;
}

/* Job's notes for its plan (run 0) or run record, in the order first
 * noted; a rejected job's all on its run record. */
static void add_notes(struct hs_online *h, int job, int run, struct hs_record *r)
{
	int n = 0;
	for (int k = h->note_last[job]; k >= 0; k = h->notes[k].next)
		n++;
	int *ks = hs_malloc(((size_t)n + 1) * sizeof *ks), i = n;
	for (int k = h->note_last[job]; k >= 0; k = h->notes[k].next)
		ks[--i] = k;
	int rejected = h->status[job] == JOB_REJECTED;
	for (i = 0; i < n; i++) {
		const struct note *nt = &h->notes[ks[i]];
		if (rejected || nt->run == run)
			hs_record_set(r, nt->key, nt->val);
	}
	free(ks);
}

static struct hs_record *record_of(struct hs_online *h, int job, int run)
{
	struct hs_placement p = h->run->p[job]; /* a shallow copy, its fields changed */
	p.after = NULL;
	p.nafter = 0;
	if (h->status[job] == JOB_REJECTED) {
		p = (struct hs_placement){ .task = job, .exit_status = -1, .energy = NAN };
		p.state = HS_STATE_REJECTED;
		p.start = p.end = h->in->tasks[job].release;
	} else if (!run) {
		p.start = h->decided[job];
		p.state = HS_STATE_NONE;
		p.exit_status = -1;
		p.energy = NAN;
	}
	struct hs_record *r = hs_record_new(run ? "run" : "plan", h->in->tasks[job].id);
	hs_placement_to_record(h->in, &p, r);
	add_notes(h, job, run, r);
	return r;
}

int hs_online_note_late(struct hs_online *h, int job, const char *key)
{
	if (!h->recorded[job])
		return 0;
	if (h->late_notes++ == 0)
		hs_warn("job %s: note '%s' came after its records were written (a live run writes "
			"them once its END was handled): not written, nor any such note after it",
			hs_online_job_name(h, job), key);
	return 1;
}

void hs_online_flush_records(struct hs_online *h)
{
	for (int k = 0; k < h->nfresh; k++) {
		int job = h->fresh[k];
		h->recorded[job] = 1;
		struct hs_record *plan = NULL, *run = record_of(h, job, 1);
		if (h->status[job] != JOB_REJECTED)
			plan = record_of(h, job, 0);
		h->eng->records(h->eng->arg, plan, run);
		hs_record_free(plan);
		hs_record_free(run);
	}
	h->nfresh = 0;
}
