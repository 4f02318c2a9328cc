/* batsim/decide.c - the scheduler's decisions, each checked as Batsim
 * 4.2.1 checks it (src/server.cpp) and carried out with hs's online ABI at
 * its date.  What Batsim refuses is refused with a message that names the
 * message and the job; what hs does not simulate (storage, messages to
 * jobs) is refused by name, never ignored. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridge.h"

static const char *job_state_name(enum bj_state s)
{
	static const char *const names[] = { "unknown", "waiting", "running", "ended", "rejected" };
	return names[s];
}

/* The job an event names, known to the scheduler; -1 after reporting. */
static int named_job(struct bridge *b, const struct bs_event *e, const char *id)
{
	int j = bs_job_of(b, id);
	if (j < 0 || b->jobs[j].state == BJ_UNKNOWN)
		return bs_fail(b, "%s: job '%s' %s", bs_type_name(e->type), id,
			       j < 0 ? "does not exist" : "has not been submitted yet");
	return j;
}

/* EXECUTE_JOB: Batsim starts a submitted job at once on exactly the
 * resources given, none of them busy (its compute sharing is off). */
static int execute(struct bridge *b, const struct bs_event *e)
{
	int j = named_job(b, e, e->job_id);
	if (j < 0)
		return -1;
	struct bjob *J = &b->jobs[j];
	if (J->state != BJ_WAITING)
		return bs_fail(b, "EXECUTE_JOB: job '%s' is %s, not waiting", J->bs_id,
			       job_state_name(J->state));
	if (e->alloc.n != J->res)
		return bs_fail(b, "EXECUTE_JOB: job '%s' asks for %d resource%s, the allocation has %d",
			       J->bs_id, J->res, J->res == 1 ? "" : "s", e->alloc.n);
	const struct hs_online_machine *m = hs_online_machine(b->h);
	const struct hs_online_job *oj = hs_online_job(b->h, j);
	int *cores = hs_malloc(((size_t)oj->cores + 1) * sizeof *cores), nc = 0;
	for (int k = 0; k < e->alloc.n; k++) {
		int r = e->alloc.v[k];
		if (r < 0 || r >= b->nres) {
			free(cores);
			return bs_fail(b, "EXECUTE_JOB: job '%s': resource %d does not exist (the machine "
					  "has 0-%d)",
				       J->bs_id, r, b->nres - 1);
		}
		/* a node gives its cores until the job has its size */
		int c0 = b->per_node ? m->node_first_core[r] : r;
		int c1 = b->per_node ? m->node_first_core[r + 1] : r + 1;
		for (int c = c0; c < c1; c++) {
			int busy = hs_online_core_job(b->h, c);
			if (busy >= 0) {
				free(cores);
				return bs_fail(b, "EXECUTE_JOB: job '%s': resource %d is busy: job '%s' runs "
						  "there (Batsim's compute sharing is off)",
					       J->bs_id, r, b->jobs[busy].bs_id);
			}
			if (nc < oj->cores)
				cores[nc++] = c;
		}
	}
	/* hs checks the rest (the job's scope) and names the job if wrong */
	int rc = hs_online_start(b->h, j, cores, nc, NULL, 0);
	free(cores);
	if (rc < 0)
		return -1;
	J->state = BJ_RUNNING;
	return 0;
}

static int reject(struct bridge *b, const struct bs_event *e)
{
	int j = named_job(b, e, e->job_id);
	if (j < 0)
		return -1;
	if (b->jobs[j].state != BJ_WAITING)
		return bs_fail(b, "%s: job '%s' is %s and cannot be rejected (Batsim rejects waiting jobs "
				  "only)",
			       bs_type_name(e->type), b->jobs[j].bs_id, job_state_name(b->jobs[j].state));
	hs_online_note(b->h, j, "reason", "rejected by the scheduler");
	if (hs_online_reject(b->h, j) < 0)
		return -1;
	b->jobs[j].state = BJ_REJECTED;
	return 0;
}

static int call_me_later(struct bridge *b, const struct bs_event *e)
{
	double now = hs_online_now(b->h);
	/* Batsim: "You asked to be awaken in the past!" for t <= now */
	if (!(e->at > now))
		return bs_fail(b, "CALL_ME_LATER at %.17g: not after the current time %.17g (Batsim "
				  "refuses a call in the past or now)",
			       e->at, now);
	if (b->ncalls == b->capcalls) {
		b->capcalls = b->capcalls ? 2 * b->capcalls : 16;
		b->calls = hs_reallocarray(b->calls, b->capcalls, sizeof *b->calls);
	}
	b->calls[b->ncalls++] = e->at;
	return hs_online_wake(b->h, e->at);
}

/* KILL_JOB: the running jobs end now, killed; jobs that ended already are
 * left as they are (no progress entry); one that never ran is refused. */
static int kill_jobs(struct bridge *b, const struct bs_event *e)
{
	struct kill_ack a = { hs_calloc((size_t)e->njob_ids, sizeof(char *)),
			      hs_calloc((size_t)e->njob_ids, sizeof(double)),
			      hs_calloc((size_t)e->njob_ids, sizeof(char *)), e->njob_ids, 0 };
	int rc = 0;
	for (int k = 0; k < e->njob_ids && rc == 0; k++) {
		int j = named_job(b, e, e->job_ids[k]);
		if (j < 0) {
			rc = -1;
			break;
		}
		struct bjob *J = &b->jobs[j];
		a.ids[k] = hs_strdup(J->bs_id);
		a.profile[k] = hs_strdup(J->profile);
		a.progress[k] = -1;
		if (J->state == BJ_RUNNING) {
			if (!J->kill_asked) /* a second kill of it: the first's ack */
				rc = hs_online_kill(b->h, j) < 0 ? -1 : 0;
			J->kill_asked = 1;
			a.progress[k] = -2; /* filled when it ends */
			a.left++;
			b->expect = 1;
		} else if (J->state != BJ_ENDED) {
			rc = bs_fail(b, "KILL_JOB: job '%s' is %s, not running (Batsim kills running jobs; "
					"reject a waiting one)",
				     J->bs_id, job_state_name(J->state));
		}
	}
	if (rc < 0) {
		for (int k = 0; k < a.n; k++) {
			free(a.ids[k]);
			free(a.profile[k]);
		}
		free(a.ids);
		free(a.progress);
		free(a.profile);
		return -1;
	}
	if (a.left == 0) { /* nothing to wait for: acknowledged at once */
		struct bs_event *k = bs_msg_add(&b->out, BS_JOB_KILLED, hs_online_now(b->h));
		k->job_ids = a.ids;
		k->njob_ids = a.n;
		k->progress = a.progress;
		k->progress_profile = a.profile;
		return 0;
	}
	b->kills = hs_reallocarray(b->kills, (size_t)b->nkills + 1, sizeof *b->kills);
	b->kills[b->nkills++] = a;
	return 0;
}

static const struct bs_profile *find_profile(const struct bridge *b, const char *wl, const char *name)
{
	for (int k = 0; k < b->nprof; k++)
		if (strcmp(b->prof_wl[k], wl) == 0 && strcmp(b->profiles[k].name, name) == 0)
			return &b->profiles[k];
	return NULL;
}

static int register_profile(struct bridge *b, const struct bs_event *e)
{
	if (!b->dynamic)
		return bs_fail(b, "REGISTER_PROFILE: dynamic jobs are off (hs-sim -a batsim -o "
				  "dynamic-jobs=1, Batsim's --enable-dynamic-jobs)");
	if (find_profile(b, e->workload, e->profile.name) ||
	    (strcmp(e->workload, b->workload) == 0 && bs_job_of(b, e->profile.name) >= 0))
		return bs_fail(b, "REGISTER_PROFILE: workload '%s' has a profile '%s' already",
			       e->workload, e->profile.name);
	b->profiles = hs_reallocarray(b->profiles, (size_t)b->nprof + 1, sizeof *b->profiles);
	b->prof_wl = hs_reallocarray(b->prof_wl, (size_t)b->nprof + 1, sizeof *b->prof_wl);
	b->profiles[b->nprof] = e->profile;
	b->profiles[b->nprof].name = hs_strdup(e->profile.name);
	b->prof_wl[b->nprof++] = hs_strdup(e->workload);
	return 0;
}

/* REGISTER_JOB: a job of the scheduler's own, submitted now, run as its
 * profile says: a delay of that many seconds, or a parallel task of cpu
 * flop per process and com bytes per pair under the flow model. */
static int register_job(struct bridge *b, const struct bs_event *e)
{
	if (!b->dynamic)
		return bs_fail(b, "REGISTER_JOB: dynamic jobs are off (hs-sim -a batsim -o "
				  "dynamic-jobs=1, Batsim's --enable-dynamic-jobs)");
	if (b->reg_finished)
		return bs_fail(b, "REGISTER_JOB: the scheduler said registration_finished");
	if (b->per_node)
		return bs_fail(b, "REGISTER_JOB: job '%s': jobs of the scheduler's own need "
				  "resource=core (a size in cores)",
			       e->job_id);
	if (bs_job_of(b, e->job_id) >= 0)
		return bs_fail(b, "REGISTER_JOB: job '%s' exists already", e->job_id);
	const char *bang = strchr(e->job_id, '!');
	if (!bang || bang == e->job_id || !bang[1] || strchr(bang + 1, '!'))
		return bs_fail(b, "REGISTER_JOB: job id '%s' is not WORKLOAD!NAME", e->job_id);
	char *wl = hs_strdup(e->job_id);
	wl[bang - e->job_id] = '\0';
	const struct bs_profile *p = find_profile(b, wl, e->job.profile);
	if (!p) {
		bs_fail(b, "REGISTER_JOB: job '%s': workload '%s' has no profile '%s' (REGISTER_PROFILE "
			   "it first)",
			e->job_id, wl, e->job.profile);
		free(wl);
		return -1;
	}
	/* In hs the static workload's jobs keep their own ids; others keep
	 * Batsim's whole id. */
	const char *hs_id = strcmp(wl, b->workload) == 0 ? bang + 1 : e->job_id;
	free(wl);
	char wt[40] = "";
	if (e->job.walltime > 0)
		snprintf(wt, sizeof wt, " walltime=%.17g", e->job.walltime);
	char *fields = p->type == BS_PROFILE_DELAY
			       ? hs_asprintf("model=rigid size=%d time=%.17g scope=any%s", e->job.res,
					     p->delay, wt)
			       : hs_asprintf("model=rigid size=%d time=0 comp=%.17g comm=%.17g scope=any%s",
					     e->job.res, p->cpu, p->com, wt);
	int j = hs_online_submit(b->h, hs_id, fields, hs_online_now(b->h));
	free(fields);
	if (j < 0)
		return -1;
	bs_job_name(b, j, e->job_id, e->job.profile, e->job.res);
	b->jobs[j].dynamic = 1;
	b->jobs[j].ret = p->ret;
	b->expect = 1; /* its SUBMIT comes in a batch of this date */
	return 0;
}

static int change_state(struct bridge *b, const struct bs_event *e)
{
	if (strcmp(e->state, "REJECTED") == 0)
		return reject(b, e);
	return bs_fail(b, "CHANGE_JOB_STATE: job '%s' to %s: hs takes REJECTED of a waiting job only "
			  "(a job runs by EXECUTE_JOB, ends by itself or by KILL_JOB)",
		       e->job_id, e->state);
}

/* QUERY consumed_energy: the platform's energy from 0 to now, as the run
 * counts it (hs-sim --energy, the nodes' power states). */
static int query(struct bridge *b, const struct bs_event *e)
{
	struct bs_event *a = bs_msg_add(&b->out, BS_ANSWER, hs_online_now(b->h));
	a->name = hs_strdup(e->name);
	a->at = hs_online_energy(b->h);
	return 0;
}

/* What hs does not simulate, by name. */
static int unsupported(struct bridge *b, const struct bs_event *e)
{
	const char *why = strcmp(e->name, "TO_JOB_MSG") == 0 ? "hs's jobs take no messages"
			  : strcmp(e->name, "ANSWER") == 0   ? "hs-sim asks the scheduler nothing"
							     : "not simulated by hs";
	return bs_fail(b, "%s: not supported by hs-sim -a batsim: %s", e->name, why);
}

int bs_apply(struct bridge *b, const struct bs_event *e)
{
	switch (e->type) {
	case BS_EXECUTE_JOB: return execute(b, e);
	case BS_REJECT_JOB: return reject(b, e);
	case BS_CALL_ME_LATER: return call_me_later(b, e);
	case BS_KILL_JOB: return kill_jobs(b, e);
	case BS_REGISTER_PROFILE: return register_profile(b, e);
	case BS_REGISTER_JOB: return register_job(b, e);
	case BS_CHANGE_JOB_STATE: return change_state(b, e);
	case BS_QUERY: return query(b, e);
	case BS_SET_RESOURCE_STATE: return bs_set_state(b, e);
	case BS_SET_JOB_METADATA: {
		int j = named_job(b, e, e->job_id);
		if (j < 0)
			return -1;
		hs_online_note_run(b->h, j, "metadata", "%s", e->metadata);
		return 0;
	}
	case BS_SCHED_NOTIFY:
		if (!b->dynamic)
			return bs_fail(b, "NOTIFY %s: dynamic jobs are off (-o dynamic-jobs=1)", e->name);
		b->reg_finished = strcmp(e->name, "registration_finished") == 0;
		return 0;
	case BS_UNSUPPORTED: return unsupported(b, e);
	default:
		return bs_fail(b, "%s: an event Batsim sends, not a scheduler", bs_type_name(e->type));
	}
}
