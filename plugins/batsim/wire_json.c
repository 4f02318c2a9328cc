/* batsim/wire_json.c - Batsim 4's wire format (JSON, docs/protocol.rst at
 * v4.2.1): the scheduler's messages read with jansson and checked as
 * Batsim's JsonProtocolReader checks them (protocol.cpp: the envelope, each
 * event's timestamp, type and data, each type's fields and their types and
 * counts); messages written by json_write.c.  Where Batsim would abort, the
 * reader fails with a message naming the event (its index in the array,
 * from 0), its type and the field. */
#include <jansson.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "batsim.h"
#include "hs/util.h"

/* Where the reader is: for messages. */
struct bs_rd {
	long i;           /* the event's index; -1: the envelope */
	const char *type; /* its type, once known */
	const char *in;   /* the object being read: "" (data), "job.", "profile." */
	char **err;
};

static int bs_fail(struct bs_rd *r, const char *fmt, ...) HS_PRINTF(2, 3);
static int bs_fail(struct bs_rd *r, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *what = NULL;
	if (vasprintf(&what, fmt, ap) < 0)
		what = NULL;
	va_end(ap);
	if (r->i < 0)
		*r->err = hs_strdup(what ? what : "out of memory");
	else if (r->type)
		*r->err = hs_asprintf("event %ld (%s): %s", r->i, r->type, what ? what : "out of memory");
	else
		*r->err = hs_asprintf("event %ld: %s", r->i, what ? what : "out of memory");
	free(what);
	return -1;
}

enum bs_kind { BS_STR, BS_NUM, BS_INT, BS_OBJ, BS_ARR };

static const char *bs_kind_name(const json_t *v)
{
	switch (json_typeof(v)) {
	case JSON_OBJECT: return "an object";
	case JSON_ARRAY: return "an array";
	case JSON_STRING: return "a string";
	case JSON_INTEGER: return "an integer";
	case JSON_REAL: return "a real number";
	case JSON_TRUE:
	case JSON_FALSE: return "a boolean";
	default: return "null";
	}
}

/* v (shown as r->in + name) of the kind wanted, or NULL and the message.
 * Numbers are JSON's: integers where reals are wanted too (rapidjson's
 * IsNumber, pybatsim echoing "now": 0); integers are integers (IsInt). */
static json_t *bs_check(struct bs_rd *r, json_t *v, const char *name, enum bs_kind kind)
{
	static const char *const want[] = { "a string", "a number", "an integer", "an object",
					    "an array" };
	if (!v) {
		bs_fail(r, "%s%s: missing", r->in, name);
		return NULL;
	}
	int ok = kind == BS_STR ? json_is_string(v)
	       : kind == BS_NUM ? json_is_number(v)
	       : kind == BS_INT ? json_is_integer(v)
	       : kind == BS_OBJ ? json_is_object(v)
				: json_is_array(v);
	if (!ok) {
		bs_fail(r, "%s%s: %s, not %s", r->in, name, bs_kind_name(v), want[kind]);
		return NULL;
	}
	return v;
}

static json_t *bs_get(struct bs_rd *r, json_t *obj, const char *key, enum bs_kind kind)
{
	return bs_check(r, json_object_get(obj, key), key, kind);
}

static int bs_get_str(struct bs_rd *r, json_t *obj, const char *key, char **out)
{
	json_t *v = bs_get(r, obj, key, BS_STR);
	if (!v)
		return -1;
	*out = hs_strdup(json_string_value(v));
	return 0;
}

static int bs_get_num(struct bs_rd *r, json_t *obj, const char *key, double *out)
{
	json_t *v = bs_get(r, obj, key, BS_NUM);
	if (!v)
		return -1;
	*out = json_number_value(v);
	return 0;
}

/* An int from min up (Batsim's GetInt: a C int). */
static int bs_get_int(struct bs_rd *r, json_t *obj, const char *key, long long min, int *out)
{
	json_t *v = bs_get(r, obj, key, BS_INT);
	if (!v)
		return -1;
	json_int_t x = json_integer_value(v);
	if (x < min || x > 2147483647)
		return bs_fail(r, "%s%s: %lld is not an int from %lld", r->in, key, (long long)x, min);
	*out = (int)x;
	return 0;
}

/* A job id: Batsim's JobIdentifier aborts unless it is WORKLOAD!NAME. */
static int bs_job_id(struct bs_rd *r, json_t *v, const char *name, char **out)
{
	if (!bs_check(r, v, name, BS_STR))
		return -1;
	const char *s = json_string_value(v), *bang = strchr(s, '!');
	if (!bang || strchr(bang + 1, '!'))
		return bs_fail(r, "%s: '%s' is not WORKLOAD!NAME (one '!')", name, s);
	*out = hs_strdup(s);
	return 0;
}

static int bs_has_word(const char *words, const char *k)
{
	size_t n = strlen(k);
	for (const char *p = words; *p; p += strcspn(p, " "), p += *p == ' ')
		if (strcspn(p, " ") == n && !strncmp(p, k, n))
			return 1;
	return 0;
}

/* Batsim counts some events' members ("should be of size N"): one it does
 * not know is an error there. */
static int bs_only(struct bs_rd *r, json_t *data, const char *keys)
{
	const char *k;
	json_t *v;
	json_object_foreach(data, k, v) {
		if (!bs_has_word(keys, k))
			return bs_fail(r, "%s: unexpected (%s's data holds %s only)", k, r->type, keys);
	}
	return 0;
}

/* A non-empty interval set (why: what an empty one would break). */
static int bs_get_ids(struct bs_rd *r, json_t *obj, const char *key, const char *why,
		      struct bs_ids *out)
{
	char *err = NULL;
	json_t *v = bs_get(r, obj, key, BS_STR);
	if (!v)
		return -1;
	if (bs_ids_parse(json_string_value(v), out, &err)) {
		bs_fail(r, "%s: %s", key, err);
		free(err);
		return -1;
	}
	if (out->n == 0)
		return bs_fail(r, "%s: empty (%s)", key, why);
	return 0;
}

static int bs_execute(struct bs_rd *r, json_t *data, struct bs_event *e)
{
	/* Batsim's optional fields: hs has no executors, storage or I/O jobs */
	static const char *const unsupported[][2] = {
		{ "mapping", "hs does not support executor mappings" },
		{ "storage_mapping", "hs simulates no storage resources" },
		{ "additional_io_job", "hs does not simulate additional I/O jobs" },
	};
	if (bs_job_id(r, json_object_get(data, "job_id"), "job_id", &e->job_id) ||
	    bs_get_ids(r, data, "alloc", "a job runs on one resource at least", &e->alloc))
		return -1;
	for (size_t k = 0; k < sizeof unsupported / sizeof *unsupported; k++)
		if (json_object_get(data, unsupported[k][0]))
			return bs_fail(r, "%s: %s", unsupported[k][0], unsupported[k][1]);
	/* 2 or 3 members; Batsim ignores a third it does not know */
	if (json_object_size(data) > 3)
		return bs_fail(r, "data: %zu members, not 2 or 3 (job_id, alloc and at most one "
				  "of mapping, storage_mapping, additional_io_job)",
			       json_object_size(data));
	return 0;
}

static int bs_reject(struct bs_rd *r, json_t *data, struct bs_event *e)
{
	if (bs_job_id(r, json_object_get(data, "job_id"), "job_id", &e->job_id))
		return -1;
	return bs_only(r, data, "job_id");
}

static int bs_call_me_later(struct bs_rd *r, json_t *data, struct bs_event *e)
{
	/* a time not after the clock is the bridge's to refuse (Batsim's
	 * server asserts it later, at the event's time) */
	if (bs_get_num(r, data, "timestamp", &e->at))
		return -1;
	return bs_only(r, data, "timestamp");
}

static int bs_kill(struct bs_rd *r, json_t *data, struct bs_event *e)
{
	json_t *ids = bs_get(r, data, "job_ids", BS_ARR), *v;
	if (!ids)
		return -1;
	if (json_array_size(ids) == 0)
		return bs_fail(r, "job_ids: empty");
	e->njob_ids = (int)json_array_size(ids);
	e->job_ids = hs_calloc((size_t)e->njob_ids, sizeof *e->job_ids);
	size_t i;
	json_array_foreach(ids, i, v) {
		char name[40];
		snprintf(name, sizeof name, "job_ids[%zu]", i);
		if (bs_job_id(r, v, name, &e->job_ids[i]))
			return -1;
	}
	return bs_only(r, data, "job_ids");
}

/* A profile's fields (Batsim's Profile::from_json); the types hs does not
 * simulate are refused by name. */
static int bs_profile(struct bs_rd *r, json_t *p, struct bs_profile *out)
{
	static const char *const batsim_types[] = {
		"parallel", "parallel_homogeneous_total", "composed", "parallel_homogeneous_pfs",
		"data_staging", "send", "recv", "smpi", "usage_trace",
	};
	r->in = "profile.";
	json_t *type = bs_get(r, p, "type", BS_STR);
	if (!type)
		return -1;
	const char *t = json_string_value(type);
	if (json_object_get(p, "ret") && bs_get_int(r, p, "ret", -2147483648LL, &out->ret))
		return -1;
	if (!strcmp(t, "delay")) {
		out->type = BS_PROFILE_DELAY;
		if (bs_get_num(r, p, "delay", &out->delay))
			return -1;
		if (!(out->delay > 0))
			return bs_fail(r, "profile.delay: %g is not positive", out->delay);
		return 0;
	}
	if (!strcmp(t, "parallel_homogeneous")) {
		out->type = BS_PROFILE_PARALLEL_HOMOGENEOUS;
		if (bs_get_num(r, p, "cpu", &out->cpu) || bs_get_num(r, p, "com", &out->com))
			return -1;
		if (out->cpu < 0 || out->com < 0)
			return bs_fail(r, "profile.%s: %g is negative", out->cpu < 0 ? "cpu" : "com",
				       out->cpu < 0 ? out->cpu : out->com);
		return 0;
	}
	for (size_t k = 0; k < sizeof batsim_types / sizeof *batsim_types; k++)
		if (!strcmp(t, batsim_types[k]))
			return bs_fail(r, "profile.type: profile type '%s' is not simulated by hs: "
					  "delay and parallel_homogeneous are",
				       t);
	return bs_fail(r, "profile.type: unknown profile type '%s'", t);
}

static int bs_register_profile(struct bs_rd *r, json_t *data, struct bs_event *e)
{
	if (bs_get_str(r, data, "workload_name", &e->workload) ||
	    bs_get_str(r, data, "profile_name", &e->profile.name))
		return -1;
	json_t *p = bs_get(r, data, "profile", BS_OBJ);
	if (!p)
		return -1;
	e->has_profile = 1;
	return bs_profile(r, p, &e->profile);
}

/* job.id names the job as job_id does, or by its NAME alone (a string or
 * an integer): Batsim's Job::from_json puts the workload in front. */
static int bs_same_job(json_t *id, const char *job_id)
{
	const char *name = strchr(job_id, '!') + 1;
	if (json_is_integer(id)) {
		char b[24];
		snprintf(b, sizeof b, "%lld", (long long)json_integer_value(id));
		return !strcmp(b, name);
	}
	const char *s = json_string_value(id);
	return !strcmp(s, job_id) || !strcmp(s, name);
}

static int bs_register_job(struct bs_rd *r, json_t *data, struct bs_event *e)
{
	if (bs_job_id(r, json_object_get(data, "job_id"), "job_id", &e->job_id))
		return -1;
	/* without Redis (hs has none), Batsim reads the job from the event */
	json_t *job = bs_get(r, data, "job", BS_OBJ);
	if (!job)
		return -1;
	r->in = "job.";
	json_t *id = json_object_get(job, "id");
	if (!id)
		return bs_fail(r, "job.id: missing");
	if (!json_is_string(id) && !json_is_integer(id))
		return bs_fail(r, "job.id: %s, not a string", bs_kind_name(id));
	if (!bs_same_job(id, e->job_id))
		return bs_fail(r, "job.id: does not name job_id '%s'", e->job_id);
	e->job.id = hs_strdup(e->job_id);
	e->job.walltime = -1;
	if (bs_get_num(r, job, "subtime", &e->job.subtime) ||
	    (json_object_get(job, "walltime") && bs_get_num(r, job, "walltime", &e->job.walltime)) ||
	    bs_get_int(r, job, "res", 0, &e->job.res) || bs_get_str(r, job, "profile", &e->job.profile))
		return -1;
	if (e->job.walltime != -1 && !(e->job.walltime > 0))
		return bs_fail(r, "job.walltime: %g is neither -1 (none) nor positive", e->job.walltime);
	return 0;
}

static int bs_metadata(struct bs_rd *r, json_t *data, struct bs_event *e)
{
	if (bs_job_id(r, json_object_get(data, "job_id"), "job_id", &e->job_id) ||
	    bs_get_str(r, data, "metadata", &e->metadata))
		return -1;
	/* Batsim writes it between double quotes in its jobs CSV */
	if (strchr(e->metadata, '"'))
		return bs_fail(r, "metadata: holds a '\"'");
	return bs_only(r, data, "job_id metadata");
}

static int bs_change_state(struct bs_rd *r, json_t *data, struct bs_event *e)
{
	static const char *const states[] = {
		"NOT_SUBMITTED", "RUNNING", "COMPLETED_SUCCESSFULLY", "COMPLETED_WALLTIME_REACHED",
		"COMPLETED_KILLED", "REJECTED",
	};
	if (bs_job_id(r, json_object_get(data, "job_id"), "job_id", &e->job_id) ||
	    bs_get_str(r, data, "job_state", &e->state))
		return -1;
	for (size_t k = 0; k < sizeof states / sizeof *states; k++)
		if (!strcmp(e->state, states[k]))
			return 0;
	return bs_fail(r, "job_state: '%s' is not one of NOT_SUBMITTED, RUNNING, COMPLETED_SUCCESSFULLY, "
			  "COMPLETED_WALLTIME_REACHED, COMPLETED_KILLED, REJECTED",
		       e->state);
}

static int bs_query(struct bs_rd *r, json_t *data, struct bs_event *e)
{
	json_t *req = bs_get(r, data, "requests", BS_OBJ), *v;
	if (!req || bs_only(r, data, "requests"))
		return -1;
	if (json_object_size(req) == 0)
		return bs_fail(r, "requests: empty");
	const char *k;
	json_object_foreach(req, k, v) {
		if (strcmp(k, "consumed_energy"))
			return bs_fail(r, "requests: unknown request '%s' (Batsim answers "
					  "consumed_energy)", k);
		r->in = "requests.";
		if (!bs_check(r, v, k, BS_OBJ))
			return -1;
		if (json_object_size(v))
			return bs_fail(r, "requests.%s: not empty", k);
	}
	e->name = hs_strdup("consumed_energy");
	return 0;
}

/* SET_RESOURCE_STATE: a non-empty interval set and a pstate number as a
 * string, as Batsim reads them (its std::stoi, less signs and blanks). */
static int bs_set_state(struct bs_rd *r, json_t *data, struct bs_event *e)
{
	json_t *st;
	if (bs_get_ids(r, data, "resources", "a state is set on one resource at least", &e->alloc) ||
	    !(st = bs_get(r, data, "state", BS_STR)))
		return -1;
	if (hs_parse_int(json_string_value(st), 0, 2147483647, &e->pstate) != 0)
		return bs_fail(r, "state: '%s' is not a pstate number", json_string_value(st));
	return bs_only(r, data, "resources state");
}

static int bs_notify(struct bs_rd *r, json_t *data, struct bs_event *e)
{
	if (bs_get_str(r, data, "type", &e->name))
		return -1;
	if (strcmp(e->name, "registration_finished") && strcmp(e->name, "continue_registration"))
		return bs_fail(r, "type: unknown NOTIFY type '%s' (registration_finished or "
				  "continue_registration)", e->name);
	return 0;
}

/* Batsim's handler map (protocol.cpp): every type a scheduler may send.
 * No reader: a type hs does not simulate, given as BS_UNSUPPORTED. */
static const struct {
	const char *name;
	enum bs_type type;
	int (*read)(struct bs_rd *r, json_t *data, struct bs_event *e);
} bs_in_types[] = {
	{ "EXECUTE_JOB", BS_EXECUTE_JOB, bs_execute },
	{ "REJECT_JOB", BS_REJECT_JOB, bs_reject },
	{ "CALL_ME_LATER", BS_CALL_ME_LATER, bs_call_me_later },
	{ "KILL_JOB", BS_KILL_JOB, bs_kill },
	{ "REGISTER_JOB", BS_REGISTER_JOB, bs_register_job },
	{ "REGISTER_PROFILE", BS_REGISTER_PROFILE, bs_register_profile },
	{ "SET_JOB_METADATA", BS_SET_JOB_METADATA, bs_metadata },
	{ "CHANGE_JOB_STATE", BS_CHANGE_JOB_STATE, bs_change_state },
	{ "QUERY", BS_QUERY, bs_query },
	{ "NOTIFY", BS_SCHED_NOTIFY, bs_notify },
	{ "SET_RESOURCE_STATE", BS_SET_RESOURCE_STATE, bs_set_state },
	{ "TO_JOB_MSG", BS_UNSUPPORTED, NULL },         /* send/recv profiles */
	{ "ANSWER", BS_UNSUPPORTED, NULL },             /* to a QUERY hs never sends */
};

static int bs_event_read(struct bs_rd *r, json_t *ev, struct bs_msg *m)
{
	if (!json_is_object(ev))
		return bs_fail(r, "%s, not an object", bs_kind_name(ev));
	json_t *type = bs_get(r, ev, "type", BS_STR);
	if (!type)
		return -1;
	const char *name = json_string_value(type);
	size_t k = 0, nk = sizeof bs_in_types / sizeof *bs_in_types;
	while (k < nk && strcmp(name, bs_in_types[k].name))
		k++;
	if (k == nk)
		return bs_fail(r, "unknown event type '%s'", name);
	r->type = name;
	double t;
	if (bs_get_num(r, ev, "timestamp", &t))
		return -1;
	/* Batsim's one check of time in a reply (protocol.cpp: "should be
	 * lower than or equal to now"); earlier than the clock is fine */
	if (t > m->now) {
		char a[HS_NUMBUF], b[HS_NUMBUF];
		return bs_fail(r, "timestamp: %s is later than now (%s)", hs_fmt_double(a, t),
			       hs_fmt_double(b, m->now));
	}
	json_t *data = bs_get(r, ev, "data", BS_OBJ);
	if (!data)
		return -1;
	struct bs_event *e = bs_msg_add(m, bs_in_types[k].type, t);
	if (!bs_in_types[k].read) {
		e->name = hs_strdup(name);
		return 0;
	}
	return bs_in_types[k].read(r, data, e);
}

static int bs_decode(const char *buf, size_t len, struct bs_msg *m, char **err)
{
	bs_msg_clear(m);
	*err = NULL;
	json_error_t je;
	/* Python's json.dumps never repeats a key; rapidjson would take the first */
	json_t *root = json_loadb(buf, len, JSON_REJECT_DUPLICATES, &je);
	if (!root) {
		*err = hs_asprintf("malformed JSON at line %d, column %d: %s", je.line, je.column, je.text);
		return -1;
	}
	struct bs_rd r = { -1, NULL, "", err };
	json_t *events = NULL, *ev;
	int rc = -1;
	if (!json_is_object(root))
		bs_fail(&r, "the message is %s, not an object", bs_kind_name(root));
	else if (bs_get_num(&r, root, "now", &m->now) == 0 &&
		 (events = bs_get(&r, root, "events", BS_ARR))) {
		size_t i;
		rc = 0;
		json_array_foreach(events, i, ev) {
			r = (struct bs_rd){ (long)i, NULL, "", err };
			if ((rc = bs_event_read(&r, ev, m)))
				break;
		}
	}
	json_decref(root);
	if (rc)
		bs_msg_clear(m);
	return rc;
}

const struct bs_wire bs_wire_json = { "json", bs_json_encode, bs_decode };
