/* online/authors_order.c - a date's events in the order of Lucarelli et
 * al.'s batch simulator (hs_online_event_order, HS_ONLINE_ORDER_LUCARELLI).
 *
 * Their simulator keeps the submissions and the jobs' ends in one binary
 * heap (authors_heap.c) and takes from it a group of equal events at a
 * time (a date's ends, then its submissions), deciding after each.  The
 * order of equal submissions then depends on every event in the heap, the
 * ends of running jobs included, which only the simulator knows: so the
 * host keeps the same heap beside the simulation, inserting what theirs
 * inserts when it does (the stream's submissions at the start, in stream
 * order; a job's end when it starts), and hands the simulation's events of
 * a date over as its groups come out, a batch a group.
 *
 * Should the heap and the simulation disagree (an end at another date
 * than the heap's), the run goes on in the stream's order, said once on
 * standard error. */
#include <math.h>
#include <stdlib.h>

#include "hs/util.h"
#include "online_priv.h"

enum { NONE, END_WAITS, SUBMIT_WAITS };

int hs_online_event_order(struct hs_online *h, int order)
{
	if (order == HS_ONLINE_ORDER_STREAM && !h->running) {
		h->order = order;
		return 0;
	}
	if (order != HS_ONLINE_ORDER_LUCARELLI || h->running || h->eng != &h->sim_eng ||
	    !h->cfg->sim.runtime_only ||
	    h->cfg->per_event || h->succ_off[h->n] > 0)
		return -1;
	h->order = order;
	return 0;
}

void hs_online_authors_begin(struct hs_online *h)
{
	hs_aheap_init(&h->aheap);
	for (int i = 0; i < h->n; i++)
		hs_aheap_push(&h->aheap, h->in->tasks[i].release, 1, i);
}

void hs_online_authors_started(struct hs_online *h, int job)
{
	if (h->order != HS_ONLINE_ORDER_LUCARELLI)
		return;
	double end = hs_sim_known_end(h->sim, job);
	if (isnan(end))
		end = INFINITY; /* cannot be: the runtime model knows; found as a disagreement */
	hs_aheap_push(&h->aheap, end, 0, job);
}

void hs_online_authors_submitted(struct hs_online *h, int job, double release)
{
	if (h->order == HS_ONLINE_ORDER_LUCARELLI)
		hs_aheap_push(&h->aheap, release, 1, job);
}

void hs_online_authors_release(struct hs_online *h)
{
	hs_aheap_release(&h->aheap);
	free(h->grp);
	free(h->apend);
	free(h->aend_st);
	free(h->alist);
}

/* The job's event waits for its group. */
static void wait_for_group(struct hs_online *h, int job, int what, enum hs_state st)
{
	if (job >= h->napend) {
		int n = h->n > job ? h->n : job + 1;
		h->apend = hs_reallocarray(h->apend, (size_t)n, sizeof *h->apend);
		h->aend_st = hs_reallocarray(h->aend_st, (size_t)n, sizeof *h->aend_st);
		for (int k = h->napend; k < n; k++)
			h->apend[k] = NONE;
		h->napend = n;
	}
	if (h->nalist == h->capalist) {
		h->capalist = h->capalist ? 2 * h->capalist : 64;
		h->alist = hs_reallocarray(h->alist, (size_t)h->capalist, sizeof *h->alist);
	}
	h->alist[h->nalist++] = job;
	h->apend[job] = (signed char)what;
	h->aend_st[job] = st;
}

/* Hand over every waiting event at once, in the stream's order, and keep
 * to that order from now on. */
static int lose_order(struct hs_online *h, double now, const char *why)
{
	hs_warn("the order of Lucarelli et al.'s simulator is lost at date %g (%s): the rest of the "
		"run takes a date's events in the stream's order",
		now, why);
	h->order = HS_ONLINE_ORDER_STREAM;
	for (int pass = END_WAITS; pass <= SUBMIT_WAITS; pass++)
		for (int k = 0; k < h->nalist; k++) {
			int j = h->alist[k];
			if (h->apend[j] != pass)
				continue;
			if (pass == END_WAITS)
				hs_online_queue_end(h, j, h->aend_st[j]);
			else
				hs_online_queue_submit(h, j, now);
			h->apend[j] = NONE;
		}
	h->nalist = 0;
	h->ngrp = 0;
	if (h->awake)
		hs_online_queue_wake(h);
	h->awake = 0;
	return hs_online_deliver(h, now);
}

/* Whether every event of the group popped last waits: 1; 0 when some are
 * ends still to come at this date (jobs started now that end at once);
 * -1 when the simulation and the heap disagree. */
static int group_here(struct hs_online *h, double now)
{
	int missing = 0;
	for (int k = 0; k < h->ngrp; k++) {
		const struct hs_aheap_ev *g = &h->grp[k];
		int want = g->type == 0 ? END_WAITS : SUBMIT_WAITS;
		if (g->job < h->napend && h->apend[g->job] == want)
			continue;
		if (g->type == 0 && h->status[g->job] == JOB_RUNNING && hs_sim_known_end(h->sim, g->job) == now)
			missing++;
		else
			return -1;
	}
	return missing == 0;
}

int hs_online_authors_settle(struct hs_online *h, double now)
{
	/* This round's ends and submissions wait for their groups. */
	for (int k = 0; k < h->nev; k++)
		if (h->ev[k].type == HS_ONLINE_END)
			wait_for_group(h, h->ev[k].job, END_WAITS, h->ev[k].state);
	h->nev = 0;
	for (int k = 0; k < h->nsubs; k++)
		wait_for_group(h, h->subs[k], SUBMIT_WAITS, HS_STATE_NONE);
	h->nsubs = 0;
	h->awake |= h->wake;
	h->wake = 0;

	for (;;) {
		if (h->ngrp == 0) {
			const struct hs_aheap_ev *top = hs_aheap_top(&h->aheap);
			if (!top || top->t > now)
				break;
			if (top->t < now)
				return lose_order(h, now, "an event the heap holds did not come");
			h->ngrp = hs_aheap_pop_group(&h->aheap, &h->grp, &h->capgrp);
		}
		int here = group_here(h, now);
		if (here < 0)
			return lose_order(h, now, "the heap's next events are not the simulation's");
		if (here == 0)
			return 0; /* the simulation ends them at this date, then calls again */
		for (int k = 0; k < h->ngrp; k++) {
			int j = h->grp[k].job;
			h->apend[j] = NONE;
			if (h->grp[k].type == 0)
				hs_online_queue_end(h, j, h->aend_st[j]);
			else
				hs_online_queue_submit(h, j, now);
		}
		h->ngrp = 0;
		if (h->awake)
			hs_online_queue_wake(h);
		h->awake = 0;
		int rc = hs_online_deliver(h, now);
		if (rc != 0 || h->order != HS_ONLINE_ORDER_LUCARELLI)
			return rc;
	}
	/* What no group of this date took. */
	int n = 0;
	for (int k = 0; k < h->nalist; k++)
		if (h->apend[h->alist[k]] != NONE)
			h->alist[n++] = h->alist[k];
	h->nalist = n;
	if (n > 0)
		return lose_order(h, now, "an event the heap does not hold at this date");
	if (h->awake) {
		hs_online_queue_wake(h);
		h->awake = 0;
		return hs_online_deliver(h, now);
	}
	return 0;
}
