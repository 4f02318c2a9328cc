/* batsim/bridge.c - the exchanges with the scheduler and Batsim's rules of
 * time (hs-batsim(7), TIME).
 *
 * Batsim speaks first (SIMULATION_BEGINS, alone), then every request gets
 * one reply.  A reply's "now" says the scheduler was busy until then: the
 * events that happen meanwhile (jobs ending) wait, and go in the next
 * request, stamped with their own dates, once the clock reaches that now.
 * A decision stamped later than the clock takes effect at its date (Batsim
 * sleeps until it); one stamped earlier, at once.  Batsim 4.2.1 does just
 * this (src/protocol.cpp, src/server.cpp); hs keeps its own dates exact,
 * so the requests carry hs's clock. */
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bridge.h"

/* Exchanges at one date beyond which the pair is taken to loop (each
 * reply asks for another request at once). */
#define MAX_ROUNDS 100000

int bs_fail(struct bridge *b, const char *fmt, ...)
{
	char buf[2048];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	hs_ctx_error(b->ctx, "%s", buf);
	return -1;
}

static double wall(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* ---------------- Batsim job ids ---------------- */

static uint64_t hash(const char *s)
{
	uint64_t x = 1469598103934665603ull;
	for (; *s; s++)
		x = (x ^ (unsigned char)*s) * 1099511628211ull;
	return x;
}

static size_t slot(const struct idmap *m, const char *k)
{
	size_t i = (size_t)hash(k) & (m->cap - 1);
	while (m->keys[i] && strcmp(m->keys[i], k) != 0)
		i = (i + 1) & (m->cap - 1);
	return i;
}

static void idmap_put(struct idmap *m, char *k, int v)
{
	if ((m->n + 1) * 2 > m->cap) {
		struct idmap big = { NULL, NULL, m->cap ? 2 * m->cap : 1024, 0 };
		big.keys = hs_calloc(big.cap, sizeof *big.keys);
		big.vals = hs_calloc(big.cap, sizeof *big.vals);
		for (size_t i = 0; i < m->cap; i++)
			if (m->keys[i])
				idmap_put(&big, m->keys[i], m->vals[i]);
		free(m->keys);
		free(m->vals);
		*m = big;
	}
	size_t i = slot(m, k);
	m->n += !m->keys[i];
	m->keys[i] = k;
	m->vals[i] = v;
}

int bs_job_of(const struct bridge *b, const char *bs_id)
{
	if (!b->ids.cap || !bs_id)
		return -1;
	size_t i = slot(&b->ids, bs_id);
	return b->ids.keys[i] ? b->ids.vals[i] : -1;
}

/* Job job of hs is bs_id for Batsim, with its profile and its size. */
void bs_job_name(struct bridge *b, int job, const char *bs_id, const char *profile, int res)
{
	if (job >= b->capjobs) {
		int cap = b->capjobs ? 2 * b->capjobs : 64;
		while (cap <= job)
			cap *= 2;
		b->jobs = hs_reallocarray(b->jobs, cap, sizeof *b->jobs);
		memset(b->jobs + b->capjobs, 0, (size_t)(cap - b->capjobs) * sizeof *b->jobs);
		b->capjobs = cap;
	}
	if (job >= b->njobs)
		b->njobs = job + 1;
	struct bjob *J = &b->jobs[job];
	J->bs_id = hs_strdup(bs_id);
	J->profile = hs_strdup(profile);
	J->res = res;
	idmap_put(&b->ids, J->bs_id, job);
}

/* ---------------- the exchanges ---------------- */

static void trace(struct bridge *b, const char *dir, const char *buf)
{
	if (b->trace) {
		fprintf(b->trace, "%s %s\n", dir, buf);
		fflush(b->trace);
	}
}

/* While waiting for the first reply: say once what hs-sim waits for. */
static void waiting(void *arg, double waited)
{
	struct bridge *b = arg;
	if (b->messages == 0 && waited >= 1 && waited < 2)
		hs_warn("batsim: waiting for a scheduler at %s (start one that binds it: pybatsim's "
			"launcher.py ... -s %s)",
			b->endpoint, b->endpoint);
}

/* A decision due at t: kept, in the order decided (stable for equal t). */
static void defer(struct bridge *b, double t, struct bs_event *e)
{
	if (b->ndefer == b->capdefer) {
		b->capdefer = b->capdefer ? 2 * b->capdefer : 16;
		b->defer = hs_reallocarray(b->defer, b->capdefer, sizeof *b->defer);
	}
	int k = b->ndefer++;
	while (k > 0 && b->defer[k - 1].t > t) {
		b->defer[k] = b->defer[k - 1];
		k--;
	}
	b->defer[k].t = t;
	b->defer[k].ev = *e;
	memset(e, 0, sizeof *e); /* what it owns is the pending decision's now */
}

/* Send b->out stamped now, read the reply into b->in.  0, or -1. */
static int send_and_receive(struct bridge *b, double now)
{
	if (!b->can_send)
		return bs_fail(b, "the scheduler at %s cannot be sent another message", b->endpoint);
	b->out.now = now;
	size_t len;
	char *buf = b->wire->encode(&b->out, &len);
	bs_msg_clear(&b->out);
	trace(b, ">", buf);
	if (b->replied > 0)
		b->work_s += wall() - b->replied;
	char *err = NULL;
	int rc = bs_link_send(b->link, buf, len, &err);
	free(buf);
	if (rc < 0) {
		bs_fail(b, "cannot send to the scheduler at %s: %s", b->endpoint, err);
		free(err);
		return -1;
	}
	b->can_send = 0;
	double t0 = wall();
	char *reply = bs_link_recv(b->link, b->timeout, waiting, b, &len, &err);
	b->replied = wall();
	b->wait_s += b->replied - t0;
	if (!reply) {
		bs_fail(b, "the scheduler at %s did not answer message %ld: %s", b->endpoint,
			b->messages + 1, err);
		free(err);
		return -1;
	}
	b->messages++;
	b->can_send = 1;
	trace(b, "<", reply);
	rc = b->wire->decode(reply, len, &b->in, &err);
	free(reply);
	if (rc < 0) {
		bs_fail(b, "the scheduler's reply to message %ld: %s", b->messages, err);
		free(err);
		return -1;
	}
	return 0;
}

/* Whether e names a job the scheduler registered whose submission hs has
 * not handed over yet (it comes in a batch of this date): Batsim submits a
 * registered job at once, so a decision on it may follow in the same
 * message; here it waits for that batch. */
static int awaits_submission(const struct bridge *b, const struct bs_event *e)
{
	int j = e->job_id ? bs_job_of(b, e->job_id) : -1;
	return j >= 0 && b->jobs[j].dynamic && b->jobs[j].state == BJ_UNKNOWN;
}

/* One exchange at now: the reply's decisions applied (those stamped later
 * kept for their date), its now the clock's until then. */
static int exchange(struct bridge *b, double now)
{
	if (send_and_receive(b, now) < 0)
		return -1;
	if (b->in.now > now)
		b->busy_until = b->in.now;
	/* In array order, each at its date or the previous one's, the later
	 * (Batsim sleeps until an event's date, then goes on). */
	double at = now;
	for (int k = 0; k < b->in.n; k++) {
		struct bs_event *e = &b->in.ev[k];
		if (e->timestamp > at)
			at = e->timestamp;
		if (at > now) {
			if (hs_online_wake(b->h, at) < 0)
				return -1;
			defer(b, at, e);
		} else if (awaits_submission(b, e)) {
			defer(b, now, e);
		} else if (bs_apply(b, e) < 0) {
			return -1;
		}
	}
	bs_msg_clear(&b->in);
	return 0;
}

/* Decisions whose date came. */
static int apply_due(struct bridge *b, double now)
{
	int k = 0;
	while (k < b->ndefer && b->defer[k].t <= now)
		k++;
	int rc = 0;
	for (int i = 0; i < k; i++) {
		if (rc == 0)
			rc = bs_apply(b, &b->defer[i].ev);
		struct bs_msg one = { 0, &b->defer[i].ev, 1, 1 };
		bs_msg_clear(&one); /* frees what the event owns */
	}
	if (k) /* (no decision waits: defer may be NULL) */
		memmove(b->defer, b->defer + k, (size_t)(b->ndefer - k) * sizeof *b->defer);
	b->ndefer -= k;
	return rc;
}

/* Batsim's end of a simulation: every static job submitted, none waiting
 * nor running, no decision nor call to come, no switch under way, no
 * registration open. */
static int finished(const struct bridge *b)
{
	if (hs_online_unsubmitted(b->h) > 0 || b->ndefer || b->ncalls || b->nkills || b->out.n ||
	    b->nswitches)
		return 0;
	if (b->dynamic && !b->reg_finished)
		return 0;
	for (int j = 0; j < b->njobs; j++)
		if (b->jobs[j].state == BJ_WAITING || b->jobs[j].state == BJ_RUNNING)
			return 0;
	return 1;
}

static int end_simulation(struct bridge *b, double now)
{
	bs_msg_add(&b->out, BS_SIMULATION_ENDS, now);
	if (send_and_receive(b, now) < 0)
		return -1;
	/* What the scheduler answers to the end is not acted on (Batsim
	 * stops there); nothing more is sent (pybatsim has exited). */
	bs_msg_clear(&b->in);
	b->ended = 1;
	return 0;
}

int bs_bridge_batch(struct bridge *b, const struct hs_online_event *ev, int nev)
{
	double now = hs_online_now(b->h);
	if (b->ended)
		return 0;
	b->expect = 0;
	if (!b->begun) {
		/* SIMULATION_BEGINS alone, before anything happens (a batch at
		 * 0 that start asked for) */
		b->begun = 1;
		if (bs_begins(b, bs_msg_add(&b->out, BS_SIMULATION_BEGINS, now)) < 0 ||
		    exchange(b, now) < 0)
			return -1;
	}
	if (bs_report(b, ev, nev) < 0 || apply_due(b, now) < 0)
		return -1;
	for (int round = 0;; round++) {
		if (now < b->busy_until) {
			/* the scheduler is busy: what happens meanwhile waits */
			return hs_online_wake(b->h, b->busy_until);
		}
		if (b->expect)
			return 0; /* hs comes back at this date with more */
		if (!b->out.n)
			return finished(b) ? end_simulation(b, now) : 0;
		if (round == MAX_ROUNDS)
			return bs_fail(b, "%d exchanges at date %g: the scheduler and hs-sim loop", round,
				       now);
		if (exchange(b, now) < 0)
			return -1;
	}
}

void bs_bridge_release(struct bridge *b)
{
	if (!b)
		return;
	if (b->link && b->begun && !b->ended && b->can_send) {
		/* A run that stopped early: tell the scheduler, so that it ends
		 * too, without waiting long for its answer. */
		b->timeout = 2;
		bs_msg_clear(&b->out);
		bs_msg_add(&b->out, BS_SIMULATION_ENDS, hs_online_now(b->h));
		b->out.now = hs_online_now(b->h);
		size_t len;
		char *buf = b->wire->encode(&b->out, &len);
		char *err = NULL, *reply = NULL;
		trace(b, ">", buf);
		if (bs_link_send(b->link, buf, len, &err) == 0)
			reply = bs_link_recv(b->link, b->timeout, NULL, NULL, &len, &err);
		free(buf);
		free(reply);
		free(err);
	}
	if (b->link)
		bs_link_close(b->link);
	if (b->trace)
		fclose(b->trace);
	bs_msg_release(&b->out);
	bs_msg_release(&b->in);
	for (int k = 0; k < b->ndefer; k++) {
		struct bs_msg one = { 0, &b->defer[k].ev, 1, 1 };
		bs_msg_clear(&one);
	}
	free(b->defer);
	for (int j = 0; j < b->njobs; j++) {
		free(b->jobs[j].bs_id);
		free(b->jobs[j].profile);
	}
	free(b->jobs);
	free(b->ids.keys);
	free(b->ids.vals);
	for (int k = 0; k < b->nprof; k++) {
		free(b->profiles[k].name);
		free(b->prof_wl[k]);
	}
	free(b->profiles);
	free(b->prof_wl);
	free(b->calls);
	for (int k = 0; k < b->nkills; k++) {
		for (int i = 0; i < b->kills[k].n; i++) {
			free(b->kills[k].ids[i]);
			free(b->kills[k].profile[i]);
		}
		free(b->kills[k].ids);
		free(b->kills[k].progress);
		free(b->kills[k].profile);
	}
	free(b->kills);
	bs_switches_release(b);
	free(b);
}
