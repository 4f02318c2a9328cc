/* batsim/json_write.c - messages written as Batsim 4.2.1 writes its JSON
 * (protocol.cpp's JsonProtocolWriter through rapidjson's Writer): compact,
 * keys in Batsim's order, doubles laid out as rapidjson's dtoa lays them
 * out ("1.0", "0.001", "1e-7"), ints where Batsim writes ints.  The
 * scheduler's events are written too, as pybatsim sends them but compact:
 * tests and round trips use them. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "batsim.h"
#include "hs/util.h"

struct bs_out {
	char *s;                /* the text so far (a message a request: a buffer, no FILE) */
	size_t n, cap;
	int depth;
	unsigned char more[16]; /* per depth: a value was written (a comma is due) */
	int after_key;          /* a key was written: its value needs no comma */
	int bad;                /* a NaN or an infinity: JSON has no text for them */
};

static void put(struct bs_out *o, const char *s, size_t n)
{
	if (o->n + n + 1 > o->cap) {
		o->cap = 2 * (o->n + n + 1);
		o->s = hs_realloc(o->s, o->cap);
	}
	memcpy(o->s + o->n, s, n);
	o->n += n;
}

static void put_text(struct bs_out *o, const char *s)
{
	put(o, s, strlen(s));
}

/* Before a value: the comma after the previous one. */
static void sep(struct bs_out *o)
{
	if (o->after_key)
		o->after_key = 0;
	else if (o->more[o->depth])
		put(o, ",", 1);
	o->more[o->depth] = 1;
}

/* A string as rapidjson writes it: '"', '\\' and control characters
 * escaped (\b \t \n \f \r, else \u00XX), everything else as it is. */
static void w_str(struct bs_out *o, const char *s)
{
	static const char short_esc[32] = { [8] = 'b', [9] = 't', [10] = 'n', [12] = 'f', [13] = 'r' };
	sep(o);
	put(o, "\"", 1);
	for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; p++) {
		char e[8];
		size_t plain = 0; /* a run of characters written as they are, at once */
		while (p[plain] >= 32 && p[plain] != '"' && p[plain] != '\\')
			plain++;
		if (plain) {
			put(o, (const char *)p, plain);
			p += plain - 1;
			continue;
		}
		if (*p == '"' || *p == '\\')
			put(o, (const char[]){ '\\', (char)*p }, 2);
		else if (*p < 32 && short_esc[*p])
			put(o, (const char[]){ '\\', short_esc[*p] }, 2);
		else if (*p < 32)
			put(o, e, (size_t)snprintf(e, sizeof e, "\\u%04X", *p));
		else
			put(o, (const char *)p, 1);
	}
	put(o, "\"", 1);
}

/* v as rapidjson's dtoa writes a double: the shortest digits that read
 * back (hs_fmt_double's; rapidjson's Grisu2 gives the same but for rare
 * values where it is a digit longer) laid out by its Prettify. */
static char *bs_num(char *buf, double v)
{
	char t[HS_NUMBUF], d[HS_NUMBUF];
	char *p = buf;
	if (signbit(v)) {
		*p++ = '-';
		v = -v;
	}
	if (v == 0) {
		strcpy(p, "0.0");
		return buf;
	}
	/* v = d * 10^k, d without leading or trailing zeros */
	hs_fmt_double(t, v);
	int nd = 0, intlen = -1;
	const char *q = t;
	for (; *q && *q != 'e'; q++)
		if (*q == '.')
			intlen = nd;
		else
			d[nd++] = *q;
	int k = (*q ? atoi(q + 1) : 0) + (intlen < 0 ? nd : intlen) - nd;
	const char *ds = d;
	for (; nd > 1 && *ds == '0'; nd--)
		ds++;
	for (; nd > 1 && ds[nd - 1] == '0'; nd--)
		k++;
	int kk = nd + k; /* 10^(kk-1) <= v < 10^kk */
	if (k >= 0 && kk <= 21)
		sprintf(p, "%.*s%.*s.0", nd, ds, k, "000000000000000000000");
	else if (kk > 0 && kk <= 21)
		sprintf(p, "%.*s.%.*s", kk, ds, nd - kk, ds + kk);
	else if (kk > -6 && kk <= 0)
		sprintf(p, "0.%.*s%.*s", -kk, "000000", nd, ds);
	else if (nd == 1)
		sprintf(p, "%ce%d", ds[0], kk - 1);
	else
		sprintf(p, "%c.%.*se%d", ds[0], nd - 1, ds + 1, kk - 1);
	return buf;
}

static void w_num(struct bs_out *o, double v)
{
	char b[40];
	if (!isfinite(v))
		o->bad = 1;
	sep(o);
	if (fabs(v) < 1e15 && v == floor(v) && (v != 0 || !signbit(v))) {
		/* a whole number, most dates of a trace: its digits and ".0",
		 * as bs_num lays it out, without the search for the shortest */
		size_t n = bs_fmt_ll(b, (long long)v);
		memcpy(b + n, ".0", 2);
		put(o, b, n + 2);
		return;
	}
	put_text(o, bs_num(b, isfinite(v) ? v : 0));
}

static void w_int(struct bs_out *o, long long v)
{
	char b[24];
	sep(o);
	put(o, b, bs_fmt_ll(b, v));
}

static void w_bool(struct bs_out *o, int v)
{
	sep(o);
	put_text(o, v ? "true" : "false");
}

static void w_open(struct bs_out *o, char c)
{
	sep(o);
	put(o, &c, 1);
	o->more[++o->depth] = 0;
}

static void w_close(struct bs_out *o, char c)
{
	put(o, &c, 1);
	o->depth--;
}

static void w_key(struct bs_out *o, const char *k)
{
	w_str(o, k);
	put(o, ":", 1);
	o->after_key = 1;
}

static void k_str(struct bs_out *o, const char *k, const char *v)
{
	w_key(o, k);
	w_str(o, v);
}

static void k_num(struct bs_out *o, const char *k, double v)
{
	w_key(o, k);
	w_num(o, v);
}

static void k_int(struct bs_out *o, const char *k, long long v)
{
	w_key(o, k);
	w_int(o, v);
}

static void k_bool(struct bs_out *o, const char *k, int v)
{
	w_key(o, k);
	w_bool(o, v);
}

/* An interval set, canonical ("0-3 8"). */
static void k_ids(struct bs_out *o, const char *k, const struct bs_ids *ids)
{
	char *s = bs_ids_format(ids);
	k_str(o, k, s);
	free(s);
}

static void k_open(struct bs_out *o, const char *k, char c)
{
	w_key(o, k);
	w_open(o, c);
}

/* A profile as a workload file holds it: its type's fields, "ret" when
 * the profile fails (Batsim's default is 0). */
static void w_profile(struct bs_out *o, const struct bs_profile *p)
{
	w_open(o, '{');
	if (p->type == BS_PROFILE_DELAY) {
		k_str(o, "type", "delay");
		k_num(o, "delay", p->delay);
	} else {
		k_str(o, "type", "parallel_homogeneous");
		k_num(o, "cpu", p->cpu);
		k_num(o, "com", p->com);
	}
	if (p->ret)
		k_int(o, "ret", p->ret);
	w_close(o, '}');
}

/* A job as a workload file holds it; walltime -1 (an int, as workloads
 * write it) when it has none. */
static void w_job(struct bs_out *o, const struct bs_event *e)
{
	k_open(o, "job", '{');
	k_str(o, "id", e->job.id ? e->job.id : e->job_id);
	k_num(o, "subtime", e->job.subtime);
	if (e->job.walltime < 0)
		k_int(o, "walltime", -1);
	else
		k_num(o, "walltime", e->job.walltime);
	k_int(o, "res", e->job.res);
	k_str(o, "profile", e->job.profile);
	w_close(o, '}');
}

static void w_job_ids(struct bs_out *o, const struct bs_event *e)
{
	k_open(o, "job_ids", '[');
	for (int i = 0; i < e->njob_ids; i++)
		w_str(o, e->job_ids[i]);
	w_close(o, ']');
}

/* SIMULATION_BEGINS' data (protocol.cpp append_simulation_begins; its
 * config is batsim.cpp's, flattened, in Batsim's order).  hs has no
 * storage, no Redis and no compute sharing. */
static void w_begins(struct bs_out *o, const struct bs_begins *b)
{
	static const struct bs_begins none;
	if (!b)
		b = &none;
	k_int(o, "nb_resources", b->nb_compute);
	k_int(o, "nb_compute_resources", b->nb_compute);
	k_int(o, "nb_storage_resources", 0);
	k_bool(o, "allow_compute_sharing", 0);
	k_bool(o, "allow_storage_sharing", 1);
	k_open(o, "config", '{');
	k_bool(o, "redis-enabled", 0);
	k_str(o, "redis-hostname", "127.0.0.1");
	k_int(o, "redis-port", 6379);
	k_str(o, "redis-prefix", "default");
	k_bool(o, "profiles-forwarded-on-submission", b->profiles_forwarded);
	k_bool(o, "dynamic-jobs-enabled", b->dynamic_jobs);
	k_bool(o, "dynamic-jobs-acknowledged", b->dynamic_acked);
	k_bool(o, "profile-reuse-enabled", 0);
	k_str(o, "sched-config", "");
	k_bool(o, "forward-unknown-events", 0);
	w_close(o, '}');
	k_open(o, "compute_resources", '[');
	for (int i = 0; i < b->nres; i++) {
		const struct bs_resource *r = &b->res[i];
		w_open(o, '{');
		k_int(o, "id", r->id);
		k_str(o, "name", r->name);
		k_str(o, "state", r->state ? r->state : "idle");
		k_open(o, "properties", '{');
		for (int j = 0; j < r->nprops; j++)
			k_str(o, r->props[2 * j], r->props[2 * j + 1]);
		w_close(o, '}');
		k_open(o, "zone_properties", '{');
		w_close(o, '}');
		w_close(o, '}');
	}
	w_close(o, ']');
	k_open(o, "storage_resources", '[');
	w_close(o, ']');
	k_open(o, "workloads", '{');
	if (b->workload)
		k_str(o, b->workload, b->workload_path);
	w_close(o, '}');
	k_open(o, "profiles", '{');
	if (b->workload) {
		k_open(o, b->workload, '{');
		for (int i = 0; i < b->nprofiles; i++) {
			w_key(o, b->profiles[i].name);
			w_profile(o, &b->profiles[i]);
		}
		w_close(o, '}');
	}
	w_close(o, '}');
}

/* One event's data, in the order of Batsim's writer (hs to the
 * scheduler) or of pybatsim's events (the scheduler to hs). */
static void w_data(struct bs_out *o, const struct bs_event *e)
{
	switch (e->type) {
	case BS_SIMULATION_BEGINS:
		w_begins(o, e->begins);
		break;
	case BS_JOB_SUBMITTED:
		k_str(o, "job_id", e->job_id);
		w_job(o, e);
		if (e->has_profile) {
			w_key(o, "profile");
			w_profile(o, &e->profile);
		}
		break;
	case BS_JOB_COMPLETED:
		k_str(o, "job_id", e->job_id);
		k_str(o, "job_state", e->state);
		k_int(o, "return_code", e->return_code);
		k_ids(o, "alloc", &e->alloc);
		break;
	case BS_JOB_KILLED:
		/* job_progress always (pybatsim reads it), an entry for the jobs
		 * that were running; the key is profile_name, as
		 * generate_task_tree writes it (protocol.rst says profile) */
		w_job_ids(o, e);
		k_open(o, "job_progress", '{');
		for (int i = 0; e->progress && i < e->njob_ids; i++) {
			if (e->progress[i] < 0)
				continue;
			k_open(o, e->job_ids[i], '{');
			k_str(o, "profile_name", e->progress_profile ? e->progress_profile[i] : NULL);
			k_num(o, "progress", e->progress[i]);
			w_close(o, '}');
		}
		w_close(o, '}');
		break;
	case BS_NOTIFY:
	case BS_SCHED_NOTIFY:
		k_str(o, "type", e->name);
		break;
	case BS_ANSWER:
		k_num(o, "consumed_energy", e->at);
		break;
	case BS_RESOURCE_STATE_CHANGED:
	case BS_SET_RESOURCE_STATE:
		k_ids(o, "resources", &e->alloc);
		if (e->pstate_number) {
			k_int(o, "state", e->pstate);
		} else {
			char b[24];
			bs_fmt_ll(b, e->pstate);
			k_str(o, "state", b);
		}
		break;
	case BS_EXECUTE_JOB:
		k_str(o, "job_id", e->job_id);
		k_ids(o, "alloc", &e->alloc);
		break;
	case BS_REJECT_JOB:
		k_str(o, "job_id", e->job_id);
		break;
	case BS_CALL_ME_LATER:
		k_num(o, "timestamp", e->at);
		break;
	case BS_KILL_JOB:
		w_job_ids(o, e);
		break;
	case BS_REGISTER_JOB:
		k_str(o, "job_id", e->job_id);
		w_job(o, e);
		break;
	case BS_REGISTER_PROFILE:
		k_str(o, "workload_name", e->workload);
		k_str(o, "profile_name", e->profile.name);
		w_key(o, "profile");
		w_profile(o, &e->profile);
		break;
	case BS_SET_JOB_METADATA:
		k_str(o, "job_id", e->job_id);
		k_str(o, "metadata", e->metadata);
		break;
	case BS_CHANGE_JOB_STATE:
		k_str(o, "job_id", e->job_id);
		k_str(o, "job_state", e->state);
		break;
	case BS_QUERY:
		k_open(o, "requests", '{');
		k_open(o, e->name, '{');
		w_close(o, '}');
		w_close(o, '}');
		break;
	default: /* REQUESTED_CALL, SIMULATION_ENDS, UNSUPPORTED: {} */
		break;
	}
}

char *bs_json_encode(const struct bs_msg *m, size_t *len)
{
	struct bs_out o = { 0 };
	o.cap = 1024;
	o.s = hs_malloc(o.cap);
	w_open(&o, '{');
	k_num(&o, "now", m->now);
	k_open(&o, "events", '[');
	for (int i = 0; i < m->n; i++) {
		const struct bs_event *e = &m->ev[i];
		w_open(&o, '{');
		k_num(&o, "timestamp", e->timestamp);
		k_str(&o, "type", e->type == BS_UNSUPPORTED ? e->name : bs_type_name(e->type));
		k_open(&o, "data", '{');
		w_data(&o, e);
		w_close(&o, '}');
		w_close(&o, '}');
	}
	w_close(&o, ']');
	w_close(&o, '}');
	o.s[o.n] = '\0';
	if (o.bad) {
		free(o.s);
		return NULL;
	}
	if (len)
		*len = o.n;
	return o.s;
}
