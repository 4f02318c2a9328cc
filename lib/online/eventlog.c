/* eventlog.c - the event log of an online run: what the algorithm was
 * handed, batch by batch (written by the driver, hs_online_deliver), and
 * the engine that hands it over again (hs/onlinesim.h's
 * hs_online_events_engine), so that a live run's decisions can be checked
 * against the same algorithm given the same events.
 *
 * One line per event, then one that hands the batch over:
 *
 *     # hs event log 1
 *     0 submit a
 *     0 call
 *     1.711378 end d killed
 *     1.711378 call
 *
 * DATE (the stream's seconds, shortest exact form) TYPE (submit, end,
 * wake) JOB (a task id) and an END's state.  One event a call
 * (--per-event) gives a call line after each. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "online_priv.h"

static const char *const state_names[] = { "none", "done", "killed", "failed", "rejected" };

void hs_online_log_batch(struct hs_online *h, const struct hs_online_event *ev, int nev, double now)
{
	FILE *f = h->cfg->event_log;
	char d[HS_NUMBUF];
	hs_fmt_double(d, now);
	if (!h->log_started++)
		fputs("# hs event log 1\n", f);
	for (int k = 0; k < nev; k++) {
		const struct hs_online_event *e = &ev[k];
		if (e->type == HS_ONLINE_SUBMIT)
			fprintf(f, "%s submit %s\n", d, h->in->tasks[e->job].id);
		else if (e->type == HS_ONLINE_END)
			fprintf(f, "%s end %s %s\n", d, h->in->tasks[e->job].id,
				state_names[e->state <= HS_STATE_REJECTED ? e->state : 0]);
		else if (e->type == HS_ONLINE_STATE)
			/* a record of what happened; a replay cannot change states */
			fprintf(f, "%s state %s\n", d, h->in->plat.nodes[e->job].id);
		else
			fprintf(f, "%s wake\n", d);
	}
	fprintf(f, "%s call\n", d);
	fflush(f);
}

/* ---------------- the replay ---------------- */

enum { EV_SUBMIT, EV_END, EV_WAKE, EV_CALL };

struct lev {
	double date;
	int type;
	char *id;
	enum hs_state state;
	int line;
};

struct replay {
	const char *path;
	struct hs_instance *in;
	struct lev *ev;
	int nev;
	double now;
	char *pending;  /* per job: the driver asked for its submission timer */
	int npending;
	struct hs_schedule *run;
};

static int parse_state(const char *s, enum hs_state *st)
{
	for (int k = 1; k <= HS_STATE_REJECTED; k++)
		if (strcmp(s, state_names[k]) == 0) {
			*st = (enum hs_state)k;
			return 0;
		}
	return -1;
}

static int read_log(struct replay *r)
{
	FILE *f = fopen(r->path, "r");
	if (!f) {
		hs_error("cannot read the event log %s: %s", r->path, strerror(errno));
		return -1;
	}
	char *line = NULL;
	size_t cap = 0;
	int lineno = 0, bad = 0, nev = 0, capev = 0;
	double last = -INFINITY;
	while (!bad && getline(&line, &cap, f) >= 0) {
		lineno++;
		line[strcspn(line, "\r\n")] = 0;
		if (line[0] == '#' || line[0] == 0)
			continue;
		char date[64], type[16], id[4096], st[16];
		int n = sscanf(line, "%63s %15s %4095s %15s", date, type, id, st);
		struct lev e = { .line = lineno };
		char *end;
		e.date = strtod(date, &end);
		if (n < 2 || *end || !isfinite(e.date) || e.date < last) {
			hs_error_at(r->path, lineno, "expected DATE TYPE [JOB [STATE]], dates in order");
			bad = 1;
			break;
		}
		last = e.date;
		if (strcmp(type, "submit") == 0 && n == 3)
			e.type = EV_SUBMIT;
		else if (strcmp(type, "end") == 0 && n == 4 && parse_state(st, &e.state) == 0)
			e.type = EV_END;
		else if (strcmp(type, "wake") == 0 && n == 2)
			e.type = EV_WAKE;
		else if (strcmp(type, "call") == 0 && n == 2)
			e.type = EV_CALL;
		else {
			hs_error_at(r->path, lineno, "unknown event '%s' (submit JOB, end JOB STATE, "
				    "wake or call)", line);
			bad = 1;
			break;
		}
		e.id = n >= 3 ? hs_strdup(id) : NULL;
		if (nev == capev) {
			capev = capev ? 2 * capev : 256;
			r->ev = hs_reallocarray(r->ev, (size_t)capev, sizeof *r->ev);
		}
		r->ev[nev++] = e;
	}
	free(line);
	fclose(f);
	r->nev = nev;
	return bad ? -1 : 0;
}

static void ensure_pending(struct replay *r, int n)
{
	if (n <= r->npending)
		return;
	r->pending = hs_reallocarray(r->pending, (size_t)n, 1);
	memset(r->pending + r->npending, 0, (size_t)(n - r->npending));
	r->npending = n;
}

static int job_of(struct replay *r, const struct lev *e)
{
	int j = hs_instance_find_task(r->in, e->id);
	if (j < 0)
		hs_error_at(r->path, e->line, "no job '%s' in the stream", e->id);
	return j;
}

static int replay_drive(void *arg, const struct hs_sim_hooks *hk, struct hs_schedule *run)
{
	struct replay *r = arg;
	r->run = run;
	hs_schedule_init(run, r->in->ntasks);
	ensure_pending(r, r->in->ntasks);
	r->now = 0;
	if (hk->begin && hk->begin(hk->arg, NULL) < 0)
		return -1;
	for (int k = 0; k < r->nev; k++) {
		const struct lev *e = &r->ev[k];
		r->now = e->date;
		if (e->type == EV_CALL) {
			if (hk->settle(hk->arg, NULL, r->now) < 0)
				return -1;
			continue;
		}
		if (e->type == EV_WAKE) {
			hk->timer(hk->arg, -1, r->now); /* driver.c's WAKE_TIMER */
			continue;
		}
		int j = job_of(r, e);
		if (j < 0)
			return -2;
		ensure_pending(r, j + 1);
		if (e->type == EV_SUBMIT) {
			/* Submitted by the driver's timer; a job whose deps ended is
			 * queued by the driver itself, with no timer. */
			if (r->pending[j]) {
				r->pending[j] = 0;
				hk->timer(hk->arg, j, r->now);
			}
			continue;
		}
		struct hs_placement *p = &run->p[j];
		if (p->task != j || !isnan(p->end)) {
			hs_error_at(r->path, e->line, "job %s ends here, but the algorithm %s: its "
				    "decisions differ from the logged run's",
				    e->id, p->task != j ? "did not start it" : "ended it already");
			return -1;
		}
		p->end = r->now;
		p->state = e->state;
		p->exit_status = -1; /* not in the log */
		hk->ended(hk->arg, j, r->now, e->state);
	}
	int left = 0;
	for (int j = 0; j < run->n; j++)
		if (run->p[j].task == j && isnan(run->p[j].end)) {
			if (left++ < 5)
				hs_error("%s: job %s was started but the log never ends it: the "
					 "decisions differ from the logged run's",
					 r->path, r->in->tasks[j].id);
			run->p[j].end = r->now;
			run->p[j].state = HS_STATE_KILLED;
		}
	return left ? -1 : 0;
}

static double replay_now(void *arg)
{
	return ((struct replay *)arg)->now;
}

static int replay_start(void *arg, int task, const struct hs_placement *p)
{
	struct replay *r = arg;
	struct hs_placement *slot = &r->run->p[task];
	hs_placement_copy(slot, p);
	slot->task = task;
	slot->start = r->now;
	slot->end = NAN; /* the log's END */
	slot->state = HS_STATE_NONE;
	slot->exit_status = -1;
	slot->energy = NAN;
	return 0;
}

static void replay_timer(void *arg, double t, int id)
{
	struct replay *r = arg;
	(void)t;
	if (id >= 0) {
		ensure_pending(r, id + 1);
		r->pending[id] = 1;
	}
}

static void replay_kill(void *arg, int task)
{
	(void)arg, (void)task; /* the log has its END */
}

static void replay_grow(void *arg, int n)
{
	struct replay *r = arg;
	ensure_pending(r, n);
	hs_schedule_grow(r->run, n);
}

int hs_online_events_engine(struct hs_online_engine *eng, const char *path, struct hs_instance *in)
{
	struct replay *r = hs_calloc(1, sizeof *r);
	r->path = path;
	r->in = in;
	*eng = (struct hs_online_engine){ .arg = r,
					  .drive = replay_drive,
					  .now = replay_now,
					  .start = replay_start,
					  .timer = replay_timer,
					  .kill = replay_kill,
					  .grow = replay_grow };
	if (read_log(r) < 0) {
		hs_online_events_release(eng);
		return -1;
	}
	return 0;
}

void hs_online_events_release(struct hs_online_engine *eng)
{
	struct replay *r = eng->arg;
	if (!r)
		return;
	for (int k = 0; k < r->nev; k++)
		free(r->ev[k].id);
	free(r->ev);
	free(r->pending);
	free(r);
	eng->arg = NULL;
}
