/* test_batsim_wire - the Batsim bridge's messages and wire format
 * (plugins/batsim/): interval sets read and written, every event written
 * byte for byte as Batsim 4.2.1 writes it, what pybatsim 3.2.0 sends read
 * field by field, round trips, and every refusal with its message. */
#include "../../plugins/batsim/ids.c"
#include "../../plugins/batsim/json_write.c"
#include "../../plugins/batsim/msg.c"
#include "../../plugins/batsim/wire_json.c"
#include "tap.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---------------- helpers ---------------- */

static void enc_is(const struct bs_msg *m, const char *want, const char *name)
{
	size_t n = 0;
	char *s = bs_wire_json.encode(m, &n);
	TAP_STREQ(s, want, name);
	TAP_OK(s && n == strlen(s), "%s: length", name);
	free(s);
}

static int dec(const char *s, struct bs_msg *m, char **err)
{
	return bs_wire_json.decode(s, strlen(s), m, err);
}

/* s is refused with the message want, and leaves m empty. */
static void dec_err(const char *s, const char *want)
{
	struct bs_msg m = { 0 };
	bs_msg_add(&m, BS_EXECUTE_JOB, 0)->job_id = hs_strdup("w0!0"); /* cleared first */
	char *err = NULL;
	int rc = dec(s, &m, &err);
	int shown = (int)strcspn(s, "\n");
	TAP_OK(rc == -1 && m.n == 0, "refused: %.*s", shown < 60 ? shown : 60, s);
	TAP_STREQ(err, want, "  its message");
	free(err);
	bs_msg_release(&m);
}

/* One event of type at time 5 (now 5) with data. */
static void ev_err(const char *type, const char *data, const char *want)
{
	char *s = hs_asprintf("{\"now\": 5.0, \"events\": [{\"timestamp\": 5.0, \"type\": \"%s\", "
			      "\"data\": %s}]}",
			      type, data);
	dec_err(s, want);
	free(s);
}

static int ids_are(const struct bs_ids *ids, const int *v, int n)
{
	return ids->n == n && (n == 0 || memcmp(ids->v, v, (size_t)n * sizeof *v) == 0);
}

/* ---------------- interval sets ---------------- */

static void test_ids(void)
{
	static const struct {
		const char *in, *canon;
		int v[8], n;
	} ok[] = {
		{ "0-3 8", "0-3 8", { 0, 1, 2, 3, 8 }, 5 },
		{ "3", "3", { 3 }, 1 },
		{ "", "", { 0 }, 0 },
		/* docs/interval-set.rst's forms of {1, 2, 3, 5, 7} */
		{ "1-3 5 7", "1-3 5 7", { 1, 2, 3, 5, 7 }, 5 },
		{ "1-2 3 5 7", "1-3 5 7", { 1, 2, 3, 5, 7 }, 5 },
		{ "1 2 3 5 7", "1-3 5 7", { 1, 2, 3, 5, 7 }, 5 },
		{ "1-2 1-3 5 7", "1-3 5 7", { 1, 2, 3, 5, 7 }, 5 },
		{ "5 2-2 7 1-3", "1-3 5 7", { 1, 2, 3, 5, 7 }, 5 },
		{ "4-4", "4", { 4 }, 1 },
		{ "007 6", "6-7", { 6, 7 }, 2 },
		{ "2147483646-2147483647 0", "0 2147483646-2147483647", { 0, 2147483646, 2147483647 }, 3 },
	};
	for (size_t k = 0; k < sizeof ok / sizeof *ok; k++) {
		struct bs_ids ids;
		char *err = NULL;
		int rc = bs_ids_parse(ok[k].in, &ids, &err);
		TAP_OK(rc == 0 && !err && ids_are(&ids, ok[k].v, ok[k].n), "ids '%s' read", ok[k].in);
		char *s = bs_ids_format(&ids);
		TAP_STREQ(s, ok[k].canon, "  written canonical");
		free(s);
		free(ids.v);
	}
	static const struct {
		const char *in, *err;
	} bad[] = {
		{ "0  3", "'0  3' is not an interval set: an empty interval (a space too many)" },
		{ " 0", "' 0' is not an interval set: an empty interval (a space too many)" },
		{ "0 ", "'0 ' is not an interval set: an empty interval (a space too many)" },
		{ "-1", "'-1' is not an interval set: '-1' is neither N nor A-B (integers from 0)" },
		{ "0 -1-3", "'0 -1-3' is not an interval set: '-1-3' is neither N nor A-B (integers from 0)" },
		{ "2-", "'2-' is not an interval set: '2-' is neither N nor A-B (integers from 0)" },
		{ "0-x", "'0-x' is not an interval set: '0-x' is neither N nor A-B (integers from 0)" },
		{ "1-2-3", "'1-2-3' is not an interval set: '1-2-3' is neither N nor A-B (integers from 0)" },
		{ "+1", "'+1' is not an interval set: '+1' is neither N nor A-B (integers from 0)" },
		{ "1\t2", "'1\t2' is not an interval set: '1\t2' is neither N nor A-B (integers from 0)" },
		{ "5-3", "'5-3' is not an interval set: '5-3' ends before it begins" },
		{ "2147483648", "'2147483648' is not an interval set: '2147483648' goes past 2147483647" },
		{ "0-99999999999999999999",
		  "'0-99999999999999999999' is not an interval set: '0-99999999999999999999' goes past "
		  "2147483647" },
		{ "0-2147483647", "more than 16777216 resources in one interval set (limit cores=16M, "
				  "HS_LIMITS raises it)" },
		{ "0-9999999 5000000-16777216", "more than 16777216 resources in one interval set "
						"(limit cores=16M, HS_LIMITS raises it)" },
	};
	for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
		struct bs_ids ids = { (int *)&ids, 7 };
		char *err = NULL;
		int rc = bs_ids_parse(bad[k].in, &ids, &err);
		TAP_OK(rc == -1 && ids.v == NULL && ids.n == 0, "ids '%s' refused", bad[k].in);
		TAP_STREQ(err, bad[k].err, "  its message");
		free(err);
	}
	/* the limit is on the ids, not on the text: overlaps count once */
	struct bs_ids ids;
	char *err = NULL;
	TAP_OK(bs_ids_parse("0-16777215 0-16777215 5", &ids, &err) == 0 && ids.n == 16777216 &&
		       ids.v[16777215] == 16777215,
	       "16M ids written twice: within the limit");
	free(ids.v);
	char *longs = hs_malloc(200);
	memset(longs, '1', 199);
	longs[199] = 0;
	longs[150] = 'x';
	TAP_OK(bs_ids_parse(longs, &ids, &err) == -1 && strlen(err) < 200 &&
		       strstr(err, "11...' is not an interval set: '111"),
	       "a long set is cut in the message");
	free(err);
	free(longs);
}

/* ---------------- writing ---------------- */

static void test_numbers(void)
{
	static const struct {
		double v;
		const char *s;
	} c[] = {
		{ 0, "0.0" },
		{ -0.0, "-0.0" },
		{ 1, "1.0" },
		{ 21, "21.0" },
		{ -2.5, "-2.5" },
		{ 0.1, "0.1" },
		{ 0.2, "0.2" },
		{ 12500, "12500.0" },
		{ 1.005, "1.005" },
		{ 1.005 + 10.0, "11.004999999999999" },
		{ 21.009999999999998, "21.009999999999998" },
		{ 21.014999999999997, "21.014999999999997" },
		{ 123456.789, "123456.789" },
		{ 0.000001, "0.000001" },
		{ 0.00001234, "0.00001234" },
		{ 1e-7, "1e-7" },
		{ 1e-9, "1e-9" },
		{ 1.0000000000010001e-09, "1.0000000000010001e-9" },
		{ 1e-21, "1e-21" },
		{ 1e9, "1000000000.0" },
		{ 1e20, "100000000000000000000.0" },
		{ 1.5e20, "150000000000000000000.0" },
		{ 1e21, "1e21" },
		{ 1.5e300, "1.5e300" },
		{ 5e-324, "5e-324" },
		{ DBL_MAX, "1.7976931348623157e308" },
		{ -DBL_MIN, "-2.2250738585072014e-308" },
	};
	for (size_t k = 0; k < sizeof c / sizeof *c; k++) {
		char b[40];
		bs_num(b, c[k].v);
		TAP_STREQ(b, c[k].s, "a double as rapidjson writes it");
		TAP_OK(strtod(b, NULL) == c[k].v, "  reads back");
		/* and so in a message (whole numbers take a shorter way there) */
		struct bs_msg one = { c[k].v, NULL, 0, 0 };
		char *j = bs_wire_json.encode(&one, NULL), want[80];
		snprintf(want, sizeof want, "{\"now\":%s,\"events\":[]}", c[k].s);
		TAP_STREQ(j, want, "  as a message's now");
		free(j);
	}
	for (double v = 1e14; v <= 1e22; v *= 10) { /* around the whole-number way's end */
		char b[40];
		struct bs_msg one = { v, NULL, 0, 0 };
		char *j = bs_wire_json.encode(&one, NULL), want[80];
		snprintf(want, sizeof want, "{\"now\":%s,\"events\":[]}", bs_num(b, v));
		TAP_STREQ(j, want, "a power of ten as a message's now, as bs_num writes it");
		free(j);
	}
	struct bs_msg m = { 0 };
	m.now = NAN;
	TAP_OK(bs_wire_json.encode(&m, NULL) == NULL, "now NaN: no JSON for it");
	m.now = 1;
	bs_msg_add(&m, BS_ANSWER, 1)->at = INFINITY;
	TAP_OK(bs_wire_json.encode(&m, NULL) == NULL, "an infinite energy: no JSON for it");
	bs_msg_release(&m);
}

/* The SIMULATION_BEGINS hs sent in the research's runs (4 hosts, two delay
 * profiles), byte for byte Batsim's. */
static void test_begins(void)
{
	struct bs_msg m = { 0 };
	struct bs_event *e = bs_msg_add(&m, BS_SIMULATION_BEGINS, 0);
	struct bs_begins *b = e->begins = hs_calloc(1, sizeof *b);
	b->nb_compute = b->nres = 4;
	b->res = hs_calloc(4, sizeof *b->res);
	for (int i = 0; i < 4; i++) {
		b->res[i].id = i;
		b->res[i].name = hs_asprintf("host%d", i);
		b->res[i].state = "idle";
	}
	b->workload = hs_strdup("w0");
	b->workload_path = hs_strdup("/tmp/w0.json");
	b->nprofiles = 2;
	b->profiles = hs_calloc(2, sizeof *b->profiles);
	b->profiles[0] = (struct bs_profile){ .name = hs_strdup("d10"), .delay = 10 };
	b->profiles[1] = (struct bs_profile){ .name = hs_strdup("d3"), .delay = 3 };
	enc_is(&m,
	       "{\"now\":0.0,\"events\":[{\"timestamp\":0.0,\"type\":\"SIMULATION_BEGINS\",\"data\":{"
	       "\"nb_resources\":4,\"nb_compute_resources\":4,\"nb_storage_resources\":0,"
	       "\"allow_compute_sharing\":false,\"allow_storage_sharing\":true,\"config\":{"
	       "\"redis-enabled\":false,\"redis-hostname\":\"127.0.0.1\",\"redis-port\":6379,"
	       "\"redis-prefix\":\"default\",\"profiles-forwarded-on-submission\":false,"
	       "\"dynamic-jobs-enabled\":false,\"dynamic-jobs-acknowledged\":false,"
	       "\"profile-reuse-enabled\":false,\"sched-config\":\"\",\"forward-unknown-events\":false},"
	       "\"compute_resources\":["
	       "{\"id\":0,\"name\":\"host0\",\"state\":\"idle\",\"properties\":{},\"zone_properties\":{}},"
	       "{\"id\":1,\"name\":\"host1\",\"state\":\"idle\",\"properties\":{},\"zone_properties\":{}},"
	       "{\"id\":2,\"name\":\"host2\",\"state\":\"idle\",\"properties\":{},\"zone_properties\":{}},"
	       "{\"id\":3,\"name\":\"host3\",\"state\":\"idle\",\"properties\":{},\"zone_properties\":{}}],"
	       "\"storage_resources\":[],\"workloads\":{\"w0\":\"/tmp/w0.json\"},"
	       "\"profiles\":{\"w0\":{\"d10\":{\"type\":\"delay\",\"delay\":10.0},"
	       "\"d3\":{\"type\":\"delay\",\"delay\":3.0}}}}}]}",
	       "SIMULATION_BEGINS: the research run's bytes");
	bs_msg_clear(&m);

	/* the config's switches, properties (strings), a parallel profile
	 * that fails, no profiles */
	e = bs_msg_add(&m, BS_SIMULATION_BEGINS, 0);
	b = e->begins = hs_calloc(1, sizeof *b);
	b->nb_compute = b->nres = 1;
	b->profiles_forwarded = b->dynamic_jobs = b->dynamic_acked = 1;
	b->res = hs_calloc(1, sizeof *b->res);
	b->res[0] = (struct bs_resource){ 0, hs_strdup("n\"0"), NULL, NULL, 2 };
	b->res[0].props = hs_calloc(4, sizeof *b->res[0].props);
	b->res[0].props[0] = hs_strdup("role");
	b->res[0].props[1] = hs_strdup("");
	b->res[0].props[2] = hs_strdup("watt_per_state");
	b->res[0].props[3] = hs_strdup("95.0:190.0");
	b->workload = hs_strdup("w0");
	b->workload_path = hs_strdup("stdin");
	b->nprofiles = 1;
	b->profiles = hs_calloc(1, sizeof *b->profiles);
	b->profiles[0] = (struct bs_profile){ hs_strdup("ph"), BS_PROFILE_PARALLEL_HOMOGENEOUS, 0, 1e9, 0, 3 };
	enc_is(&m,
	       "{\"now\":0.0,\"events\":[{\"timestamp\":0.0,\"type\":\"SIMULATION_BEGINS\",\"data\":{"
	       "\"nb_resources\":1,\"nb_compute_resources\":1,\"nb_storage_resources\":0,"
	       "\"allow_compute_sharing\":false,\"allow_storage_sharing\":true,\"config\":{"
	       "\"redis-enabled\":false,\"redis-hostname\":\"127.0.0.1\",\"redis-port\":6379,"
	       "\"redis-prefix\":\"default\",\"profiles-forwarded-on-submission\":true,"
	       "\"dynamic-jobs-enabled\":true,\"dynamic-jobs-acknowledged\":true,"
	       "\"profile-reuse-enabled\":false,\"sched-config\":\"\",\"forward-unknown-events\":false},"
	       "\"compute_resources\":[{\"id\":0,\"name\":\"n\\\"0\",\"state\":\"idle\",\"properties\":"
	       "{\"role\":\"\",\"watt_per_state\":\"95.0:190.0\"},\"zone_properties\":{}}],"
	       "\"storage_resources\":[],\"workloads\":{\"w0\":\"stdin\"},"
	       "\"profiles\":{\"w0\":{\"ph\":{\"type\":\"parallel_homogeneous\",\"cpu\":1000000000.0,"
	       "\"com\":0.0,\"ret\":3}}}}}]}",
	       "SIMULATION_BEGINS: switches on, properties, a failing parallel_homogeneous profile");
	bs_msg_release(&m);
}

static struct bs_event *submitted(struct bs_msg *m, double t, const char *id, double wall, int res,
				  const char *profile)
{
	struct bs_event *e = bs_msg_add(m, BS_JOB_SUBMITTED, t);
	e->job_id = hs_strdup(id);
	e->job = (struct bs_job){ hs_strdup(id), t, wall, res, hs_strdup(profile) };
	return e;
}

static struct bs_event *completed(struct bs_msg *m, double t, const char *id, const char *state,
				  int rc, const char *alloc)
{
	struct bs_event *e = bs_msg_add(m, BS_JOB_COMPLETED, t);
	e->job_id = hs_strdup(id);
	e->state = hs_strdup(state);
	e->return_code = rc;
	char *err = NULL;
	bs_ids_parse(alloc, &e->alloc, &err);
	return e;
}

static void test_encode(void)
{
	/* the transcripts of the research (§10.1), hs's side */
	struct bs_msg m = { .now = 1 };
	submitted(&m, 1, "w0!1", 20, 2, "d10");
	enc_is(&m,
	       "{\"now\":1.0,\"events\":[{\"timestamp\":1.0,\"type\":\"JOB_SUBMITTED\",\"data\":{\"job_id\":"
	       "\"w0!1\",\"job\":{\"id\":\"w0!1\",\"subtime\":1.0,\"walltime\":20.0,\"res\":2,\"profile\":"
	       "\"d10\"}}}]}",
	       "JOB_SUBMITTED");
	bs_msg_clear(&m);
	m.now = 4;
	submitted(&m, 4, "w0!5", 2, 1, "d3");
	bs_msg_add(&m, BS_NOTIFY, 4)->name = hs_strdup("no_more_static_job_to_submit");
	enc_is(&m,
	       "{\"now\":4.0,\"events\":[{\"timestamp\":4.0,\"type\":\"JOB_SUBMITTED\",\"data\":{\"job_id\":"
	       "\"w0!5\",\"job\":{\"id\":\"w0!5\",\"subtime\":4.0,\"walltime\":2.0,\"res\":1,\"profile\":"
	       "\"d3\"}}},{\"timestamp\":4.0,\"type\":\"NOTIFY\",\"data\":{\"type\":"
	       "\"no_more_static_job_to_submit\"}}]}",
	       "JOB_SUBMITTED and NOTIFY in one message");
	bs_msg_clear(&m);
	m.now = 11;
	completed(&m, 11, "w0!1", "COMPLETED_SUCCESSFULLY", 0, "1 0");
	enc_is(&m,
	       "{\"now\":11.0,\"events\":[{\"timestamp\":11.0,\"type\":\"JOB_COMPLETED\",\"data\":{\"job_id\":"
	       "\"w0!1\",\"job_state\":\"COMPLETED_SUCCESSFULLY\",\"return_code\":0,\"alloc\":\"0-1\"}}]}",
	       "JOB_COMPLETED");
	bs_msg_clear(&m);
	m.now = 21.014999999999997;
	bs_msg_add(&m, BS_SIMULATION_ENDS, 21.014999999999997);
	enc_is(&m,
	       "{\"now\":21.014999999999997,\"events\":[{\"timestamp\":21.014999999999997,\"type\":"
	       "\"SIMULATION_ENDS\",\"data\":{}}]}",
	       "SIMULATION_ENDS (fillerSched's time)");
	bs_msg_clear(&m);

	/* a kill (§4): JOB_COMPLETED(COMPLETED_KILLED, -1), then JOB_KILLED
	 * with an entry for the jobs that ran only */
	m.now = 3;
	completed(&m, 3, "w0!1", "COMPLETED_KILLED", -1, "0-1");
	struct bs_event *e = bs_msg_add(&m, BS_JOB_KILLED, 3);
	e->njob_ids = 2;
	e->job_ids = hs_calloc(2, sizeof *e->job_ids);
	e->job_ids[0] = hs_strdup("w0!1");
	e->job_ids[1] = hs_strdup("w0!2");
	e->progress = hs_calloc(2, sizeof *e->progress);
	e->progress[0] = 0.2;
	e->progress[1] = -1;
	e->progress_profile = hs_calloc(2, sizeof *e->progress_profile);
	e->progress_profile[0] = hs_strdup("d10");
	enc_is(&m,
	       "{\"now\":3.0,\"events\":[{\"timestamp\":3.0,\"type\":\"JOB_COMPLETED\",\"data\":{\"job_id\":"
	       "\"w0!1\",\"job_state\":\"COMPLETED_KILLED\",\"return_code\":-1,\"alloc\":\"0-1\"}},"
	       "{\"timestamp\":3.0,\"type\":\"JOB_KILLED\",\"data\":{\"job_ids\":[\"w0!1\",\"w0!2\"],"
	       "\"job_progress\":{\"w0!1\":{\"profile_name\":\"d10\",\"progress\":0.2}}}}]}",
	       "JOB_COMPLETED(COMPLETED_KILLED) and JOB_KILLED with one job's progress");
	bs_msg_clear(&m);
	e = bs_msg_add(&m, BS_JOB_KILLED, 0);
	e->njob_ids = 1;
	e->job_ids = hs_calloc(1, sizeof *e->job_ids);
	e->job_ids[0] = hs_strdup("w0!9");
	enc_is(&m,
	       "{\"now\":0.0,\"events\":[{\"timestamp\":0.0,\"type\":\"JOB_KILLED\",\"data\":{\"job_ids\":"
	       "[\"w0!9\"],\"job_progress\":{}}}]}",
	       "JOB_KILLED of a finished job: job_progress {} (pybatsim reads it)");
	bs_msg_clear(&m);

	/* the rest, with events at earlier times than now */
	m.now = 30;
	bs_msg_add(&m, BS_REQUESTED_CALL, 25.5);
	bs_msg_add(&m, BS_ANSWER, 26)->at = 12500;
	e = submitted(&m, 27, "w0!7", -1, 4, "ph");
	e->has_profile = 1;
	e->profile = (struct bs_profile){ hs_strdup("ph"), BS_PROFILE_PARALLEL_HOMOGENEOUS, 0, 2.5e9, 1e6, 0 };
	e = submitted(&m, 28, "w0!8", 100, 1, "d");
	e->has_profile = 1;
	e->profile = (struct bs_profile){ hs_strdup("d"), BS_PROFILE_DELAY, 0.5, 0, 0, 2 };
	completed(&m, 29, "w0!6", "COMPLETED_WALLTIME_REACHED", -1, "3 5-6 4 9");
	enc_is(&m,
	       "{\"now\":30.0,\"events\":["
	       "{\"timestamp\":25.5,\"type\":\"REQUESTED_CALL\",\"data\":{}},"
	       "{\"timestamp\":26.0,\"type\":\"ANSWER\",\"data\":{\"consumed_energy\":12500.0}},"
	       "{\"timestamp\":27.0,\"type\":\"JOB_SUBMITTED\",\"data\":{\"job_id\":\"w0!7\",\"job\":{"
	       "\"id\":\"w0!7\",\"subtime\":27.0,\"walltime\":-1,\"res\":4,\"profile\":\"ph\"},\"profile\":"
	       "{\"type\":\"parallel_homogeneous\",\"cpu\":2500000000.0,\"com\":1000000.0}}},"
	       "{\"timestamp\":28.0,\"type\":\"JOB_SUBMITTED\",\"data\":{\"job_id\":\"w0!8\",\"job\":{"
	       "\"id\":\"w0!8\",\"subtime\":28.0,\"walltime\":100.0,\"res\":1,\"profile\":\"d\"},\"profile\":"
	       "{\"type\":\"delay\",\"delay\":0.5,\"ret\":2}}},"
	       "{\"timestamp\":29.0,\"type\":\"JOB_COMPLETED\",\"data\":{\"job_id\":\"w0!6\",\"job_state\":"
	       "\"COMPLETED_WALLTIME_REACHED\",\"return_code\":-1,\"alloc\":\"3-6 9\"}}]}",
	       "REQUESTED_CALL, ANSWER, forwarded profiles, no walltime, a canonical alloc");
	bs_msg_clear(&m);

	/* RESOURCE_STATE_CHANGED as protocol.cpp writes it: the state a
	 * string; a number with pstate-json=number */
	m.now = 10;
	for (int k = 0; k < 2; k++) {
		e = bs_msg_add(&m, BS_RESOURCE_STATE_CHANGED, 10);
		char *err = NULL;
		bs_ids_parse("5 1-3", &e->alloc, &err);
		e->pstate = 42;
		e->pstate_number = k;
	}
	enc_is(&m,
	       "{\"now\":10.0,\"events\":["
	       "{\"timestamp\":10.0,\"type\":\"RESOURCE_STATE_CHANGED\",\"data\":{\"resources\":"
	       "\"1-3 5\",\"state\":\"42\"}},"
	       "{\"timestamp\":10.0,\"type\":\"RESOURCE_STATE_CHANGED\",\"data\":{\"resources\":"
	       "\"1-3 5\",\"state\":42}}]}",
	       "RESOURCE_STATE_CHANGED: the state a string (Batsim's), or a number");
	bs_msg_clear(&m);

	/* strings as rapidjson escapes them */
	submitted(&m, 0, "w0!a\"b\\c\nd\te\x01\x1f/\xc3\xa9", 1, 1, "p");
	enc_is(&m,
	       "{\"now\":0.0,\"events\":[{\"timestamp\":0.0,\"type\":\"JOB_SUBMITTED\",\"data\":{\"job_id\":"
	       "\"w0!a\\\"b\\\\c\\nd\\te\\u0001\\u001F/\xc3\xa9\",\"job\":{\"id\":\"w0!a\\\"b\\\\c\\nd\\te"
	       "\\u0001\\u001F/\xc3\xa9\",\"subtime\":0.0,\"walltime\":1.0,\"res\":1,\"profile\":\"p\"}}}]}",
	       "strings escaped as rapidjson does");
	bs_msg_clear(&m);
	m.now = 0;
	enc_is(&m, "{\"now\":0.0,\"events\":[]}", "no events");
	bs_msg_release(&m);
	TAP_OK(strcmp(bs_wire_json.name, "json") == 0, "the wire's name");
}

/* ---------------- reading ---------------- */

/* What pybatsim sent in the research's runs (§10), read field by field. */
static void test_decode_pybatsim(void)
{
	struct bs_msg m = { 0 };
	char *err = NULL;
	int rc = dec("{\"now\": 11.0, \"events\": [{\"timestamp\": 11.0, \"type\": \"EXECUTE_JOB\", "
		     "\"data\": {\"job_id\": \"w0!2\", \"alloc\": \"0-2\"}}, {\"timestamp\": 11.0, \"type\": "
		     "\"EXECUTE_JOB\", \"data\": {\"job_id\": \"w0!3\", \"alloc\": \"3\"}}, {\"timestamp\": "
		     "11.0, \"type\": \"REJECT_JOB\", \"data\": {\"job_id\": \"w0!4\"}}]}",
		     &m, &err);
	TAP_OK(rc == 0 && !err && m.now == 11 && m.n == 3, "schedFcfs at 11: 3 events");
	if (m.n == 3) {
		TAP_OK(m.ev[0].type == BS_EXECUTE_JOB && m.ev[0].timestamp == 11 &&
			       !strcmp(m.ev[0].job_id, "w0!2") && ids_are(&m.ev[0].alloc, (int[]){ 0, 1, 2 }, 3),
		       "  EXECUTE_JOB w0!2 on 0-2");
		TAP_OK(m.ev[1].type == BS_EXECUTE_JOB && !strcmp(m.ev[1].job_id, "w0!3") &&
			       ids_are(&m.ev[1].alloc, (int[]){ 3 }, 1),
		       "  EXECUTE_JOB w0!3 on 3");
		TAP_OK(m.ev[2].type == BS_REJECT_JOB && m.ev[2].timestamp == 11 &&
			       !strcmp(m.ev[2].job_id, "w0!4") && m.ev[2].alloc.n == 0,
		       "  REJECT_JOB w0!4");
	}
	/* an empty reply, with "now" echoed as an int */
	rc = dec("{\"now\": 0, \"events\": []}", &m, &err);
	TAP_OK(rc == 0 && m.now == 0 && m.n == 0, "{\"now\": 0, \"events\": []}: now an int");
	/* fillerSched adds 0.005 a pass; batsim.sched 1e-21 */
	rc = dec("{\"now\": 1.005, \"events\": [{\"timestamp\": 1.005, \"type\": \"EXECUTE_JOB\", "
		 "\"data\": {\"job_id\": \"w0!1\", \"alloc\": \"0-1\"}}]}",
		 &m, &err);
	TAP_OK(rc == 0 && m.now == 1.005 && m.n == 1 && m.ev[0].timestamp == 1.005,
	       "fillerSched: now and timestamp 1.005");
	rc = dec("{\"now\": 21.009999999999998, \"events\": []}", &m, &err);
	TAP_OK(rc == 0 && m.now == 21.009999999999998, "now 21.009999999999998: the same double");
	rc = dec("{\"now\": 1.0000000000010001e-09, \"events\": []}", &m, &err);
	TAP_OK(rc == 0 && m.now == 1.0000000000010001e-09, "now 1.0000000000010001e-09: an exponent");
	/* an event before now: applied at the clock, no error (Batsim) */
	rc = dec("{\"now\": 11.01, \"events\": [{\"timestamp\": 2, \"type\": \"REJECT_JOB\", "
		 "\"data\": {\"job_id\": \"w0!4\"}}]}",
		 &m, &err);
	TAP_OK(rc == 0 && m.n == 1 && m.ev[0].timestamp == 2, "an event earlier than now");

	/* schedDelayProfilesAsTasks (§10.4): dynamic jobs */
	rc = dec("{\"now\": 1.0, \"events\": [{\"timestamp\": 1.0, \"type\": \"REGISTER_PROFILE\", "
		 "\"data\": {\"workload_name\": \"w0%1\", \"profile_name\": \"delay_profile_0\", "
		 "\"profile\": {\"type\": \"delay\", \"delay\": 5, \"ret\": 0}}}, {\"timestamp\": 1.0, "
		 "\"type\": \"REGISTER_JOB\", \"data\": {\"job_id\": \"w0%1!0\", \"job\": {\"profile\": "
		 "\"delay_profile_0\", \"id\": \"w0%1!0\", \"res\": 2, \"walltime\": 10.00001, "
		 "\"subtime\": 1.0}}}]}",
		 &m, &err);
	TAP_OK(rc == 0 && m.n == 2, "REGISTER_PROFILE and REGISTER_JOB");
	if (rc == 0 && m.n == 2) {
		const struct bs_event *p = &m.ev[0], *j = &m.ev[1];
		TAP_OK(p->type == BS_REGISTER_PROFILE && !strcmp(p->workload, "w0%1") && p->has_profile &&
			       !strcmp(p->profile.name, "delay_profile_0") &&
			       p->profile.type == BS_PROFILE_DELAY && p->profile.delay == 5 &&
			       p->profile.ret == 0,
		       "  the profile: w0%%1's delay_profile_0, delay 5 (an int), ret 0");
		TAP_OK(j->type == BS_REGISTER_JOB && !strcmp(j->job_id, "w0%1!0") &&
			       !strcmp(j->job.id, "w0%1!0") && j->job.res == 2 &&
			       j->job.walltime == 10.00001 && j->job.subtime == 1 &&
			       !strcmp(j->job.profile, "delay_profile_0"),
		       "  the job: res 2, walltime 10.00001, subtime 1, its profile");
	}

	/* each of pybatsim's other events (batsim.py), as json.dumps writes them */
	rc = dec("{\"now\": 7.5, \"events\": ["
		 "{\"timestamp\": 7.5, \"type\": \"CALL_ME_LATER\", \"data\": {\"timestamp\": 30}}, "
		 "{\"timestamp\": 7.5, \"type\": \"KILL_JOB\", \"data\": {\"job_ids\": [\"w0!1\", \"w0!2\"]}}, "
		 "{\"timestamp\": 7.5, \"type\": \"SET_JOB_METADATA\", \"data\": {\"job_id\": \"w0!1\", "
		 "\"metadata\": \"{'parent_job': 'w0!0', 'nb_resubmit': 1}\"}}, "
		 "{\"timestamp\": 7.5, \"type\": \"CHANGE_JOB_STATE\", \"data\": {\"job_id\": \"w0!1\", "
		 "\"job_state\": \"COMPLETED_KILLED\"}}, "
		 "{\"timestamp\": 7.5, \"type\": \"QUERY\", \"data\": {\"requests\": {\"consumed_energy\": {}}}}, "
		 "{\"timestamp\": 7.5, \"type\": \"NOTIFY\", \"data\": {\"type\": \"registration_finished\"}}, "
		 "{\"timestamp\": 7.5, \"type\": \"NOTIFY\", \"data\": {\"type\": \"continue_registration\"}}, "
		 "{\"timestamp\": 7.5, \"type\": \"SET_RESOURCE_STATE\", \"data\": {\"resources\": \"2\", "
		 "\"state\": \"3\"}}, "
		 "{\"timestamp\": 7.5, \"type\": \"TO_JOB_MSG\", \"data\": {\"job_id\": \"w0!1\", \"msg\": \"hi\"}}, "
		 "{\"timestamp\": 7.5, \"type\": \"ANSWER\", \"data\": {\"estimate_waiting_time\": {}}}, "
		 "{\"timestamp\": 7.5, \"type\": \"REGISTER_PROFILE\", \"data\": {\"workload_name\": \"dyn\", "
		 "\"profile_name\": \"ph\", \"profile\": {\"type\": \"parallel_homogeneous\", \"cpu\": 1e9, "
		 "\"com\": 0, \"ret\": -3}}}]}",
		 &m, &err);
	TAP_OK(rc == 0 && m.n == 11, "every other event a scheduler sends: read (%s)", err ? err : "");
	if (rc == 0 && m.n == 11) {
		const struct bs_event *e = m.ev;
		TAP_OK(e[0].type == BS_CALL_ME_LATER && e[0].at == 30 && e[0].timestamp == 7.5,
		       "  CALL_ME_LATER at 30");
		TAP_OK(e[1].type == BS_KILL_JOB && e[1].njob_ids == 2 && !strcmp(e[1].job_ids[0], "w0!1") &&
			       !strcmp(e[1].job_ids[1], "w0!2") && !e[1].progress,
		       "  KILL_JOB w0!1 w0!2");
		TAP_OK(e[2].type == BS_SET_JOB_METADATA && !strcmp(e[2].job_id, "w0!1") &&
			       !strcmp(e[2].metadata, "{'parent_job': 'w0!0', 'nb_resubmit': 1}"),
		       "  SET_JOB_METADATA (pybatsim's str(dict))");
		TAP_OK(e[3].type == BS_CHANGE_JOB_STATE && !strcmp(e[3].job_id, "w0!1") &&
			       !strcmp(e[3].state, "COMPLETED_KILLED"),
		       "  CHANGE_JOB_STATE to COMPLETED_KILLED");
		TAP_OK(e[4].type == BS_QUERY && !strcmp(e[4].name, "consumed_energy"), "  QUERY consumed_energy");
		TAP_OK(e[5].type == BS_SCHED_NOTIFY && !strcmp(e[5].name, "registration_finished") &&
			       e[6].type == BS_SCHED_NOTIFY && !strcmp(e[6].name, "continue_registration"),
		       "  NOTIFY registration_finished, continue_registration");
		static const int two[] = { 2 };
		TAP_OK(e[7].type == BS_SET_RESOURCE_STATE && ids_are(&e[7].alloc, two, 1) &&
			       e[7].pstate == 3,
		       "  SET_RESOURCE_STATE: resources 2, state '3' (pybatsim's str(state))");
		TAP_OK(e[8].type == BS_UNSUPPORTED && !strcmp(e[8].name, "TO_JOB_MSG") &&
			       e[9].type == BS_UNSUPPORTED && !strcmp(e[9].name, "ANSWER"),
		       "  TO_JOB_MSG, ANSWER: unsupported, named");
		TAP_OK(e[10].type == BS_REGISTER_PROFILE && e[10].profile.type == BS_PROFILE_PARALLEL_HOMOGENEOUS &&
			       e[10].profile.cpu == 1e9 && e[10].profile.com == 0 && e[10].profile.ret == -3,
		       "  a parallel_homogeneous profile, ret -3");
	}
	/* REGISTER_JOB as protocol.rst shows it: job.id the job's name alone,
	 * or an integer; no walltime */
	rc = dec("{\"now\": 10, \"events\": [{\"timestamp\": 10, \"type\": \"REGISTER_JOB\", \"data\": "
		 "{\"job_id\": \"dyn!my_new_job\", \"job\": {\"profile\": \"delay_10s\", \"res\": 1, "
		 "\"id\": \"my_new_job\", \"subtime\": 10, \"extra\": [1]}}}, {\"timestamp\": 10, \"type\": "
		 "\"REGISTER_JOB\", \"data\": {\"job_id\": \"dyn!42\", \"job\": {\"profile\": \"p\", "
		 "\"res\": 0, \"id\": 42, \"subtime\": 3.5, \"walltime\": -1}}}]}",
		 &m, &err);
	TAP_OK(rc == 0 && m.n == 2 && !strcmp(m.ev[0].job.id, "dyn!my_new_job") &&
		       m.ev[0].job.walltime == -1 && !strcmp(m.ev[1].job.id, "dyn!42") && m.ev[1].job.res == 0 &&
		       m.ev[1].job.subtime == 3.5,
	       "REGISTER_JOB: job.id a name or an integer, walltime -1 by default, extra fields kept out");
	/* EXECUTE_JOB: a third member Batsim does not know is let through */
	rc = dec("{\"now\": 1, \"events\": [{\"timestamp\": 1, \"type\": \"EXECUTE_JOB\", \"data\": "
		 "{\"alloc\": \"5 2-2 7 1-3\", \"job_id\": \"w0!1\", \"comment\": \"x\"}}]}",
		 &m, &err);
	TAP_OK(rc == 0 && m.n == 1 && ids_are(&m.ev[0].alloc, (int[]){ 1, 2, 3, 5, 7 }, 5),
	       "EXECUTE_JOB: a non-canonical alloc, keys in any order, a third unknown member");
	bs_msg_release(&m);
}

/* Every refusal, with its message. */
static void test_decode_errors(void)
{
	/* the JSON and the envelope */
	dec_err("", "malformed JSON at line 1, column 0: '[' or '{' expected near end of file");
	dec_err("{\"now\": 1, \"events\": [}",
		"malformed JSON at line 1, column 23: unexpected token near '}'");
	dec_err("{\"now\": 1,\n \"events\": []} x", "malformed JSON at line 2, column 16: end of file "
						   "expected near 'x'");
	dec_err("{\"now\": NaN, \"events\": []}",
		"malformed JSON at line 1, column 11: invalid token near 'NaN'");
	dec_err("{\"now\": 1e999, \"events\": []}",
		"malformed JSON at line 1, column 13: real number overflow near '1e999'");
	dec_err("{\"now\": 1, \"now\": 2, \"events\": []}",
		"malformed JSON at line 1, column 16: duplicate object key near '\"now\"'");
	dec_err("{\"now\": 1, \"events\": [\"\\u0000\"]}",
		"malformed JSON at line 1, column 30: \\u0000 is not allowed without JSON_ALLOW_NUL "
		"near '\"\\u0000\"'");
	dec_err("[]", "the message is an array, not an object");
	dec_err("{\"events\": []}", "now: missing");
	dec_err("{\"now\": \"1\", \"events\": []}", "now: a string, not a number");
	dec_err("{\"now\": 1}", "events: missing");
	dec_err("{\"now\": 1, \"events\": {}}", "events: an object, not an array");
	/* each event: an object, type, timestamp, data */
	dec_err("{\"now\": 1, \"events\": [{\"timestamp\": 1, \"type\": \"REJECT_JOB\", \"data\": "
		"{\"job_id\": \"w0!1\"}}, 3]}",
		"event 1: an integer, not an object");
	dec_err("{\"now\": 1, \"events\": [{\"timestamp\": 1, \"data\": {}}]}", "event 0: type: missing");
	dec_err("{\"now\": 1, \"events\": [{\"timestamp\": 1, \"type\": null, \"data\": {}}]}",
		"event 0: type: null, not a string");
	dec_err("{\"now\": 1, \"events\": [{}, {}, {}, {\"timestamp\": 1, \"type\": \"FOO\", \"data\": {}}]}",
		"event 0: type: missing");
	dec_err("{\"now\": 1, \"events\": [{\"timestamp\": 1, \"type\": \"REJECT_JOB\", \"data\": "
		"{\"job_id\": \"w0!1\"}}, {\"timestamp\": 1, \"type\": \"REJECT_JOB\", \"data\": "
		"{\"job_id\": \"w0!2\"}}, {\"timestamp\": 1, \"type\": \"REJECT_JOB\", \"data\": "
		"{\"job_id\": \"w0!3\"}}, {\"timestamp\": 1, \"type\": \"FOO\", \"data\": {}}]}",
		"event 3: unknown event type 'FOO'");
	ev_err("RESOURCES_ADDED", "{\"resources\": \"4\"}", "event 0: unknown event type 'RESOURCES_ADDED'");
	ev_err("JOB_SUBMITTED", "{}", "event 0: unknown event type 'JOB_SUBMITTED'");
	dec_err("{\"now\": 1, \"events\": [{\"type\": \"REJECT_JOB\", \"data\": {\"job_id\": \"w0!1\"}}]}",
		"event 0 (REJECT_JOB): timestamp: missing");
	dec_err("{\"now\": 1, \"events\": [{\"timestamp\": true, \"type\": \"REJECT_JOB\", \"data\": {}}]}",
		"event 0 (REJECT_JOB): timestamp: a boolean, not a number");
	dec_err("{\"now\": 4, \"events\": [{\"timestamp\": 4.000000000000001, \"type\": \"EXECUTE_JOB\", "
		"\"data\": {\"job_id\": \"w0!1\", \"alloc\": \"0\"}}]}",
		"event 0 (EXECUTE_JOB): timestamp: 4.000000000000001 is later than now (4)");
	dec_err("{\"now\": 1, \"events\": [{\"timestamp\": 1, \"type\": \"REJECT_JOB\"}]}",
		"event 0 (REJECT_JOB): data: missing");
	dec_err("{\"now\": 1, \"events\": [{\"timestamp\": 1, \"type\": \"SET_RESOURCE_STATE\", \"data\": []}]}",
		"event 0 (SET_RESOURCE_STATE): data: an array, not an object");

	static const struct {
		const char *type, *data, *err;
	} c[] = {
		/* EXECUTE_JOB */
		{ "EXECUTE_JOB", "{\"alloc\": \"0\"}", "event 0 (EXECUTE_JOB): job_id: missing" },
		{ "EXECUTE_JOB", "{\"job_id\": 1, \"alloc\": \"0\"}",
		  "event 0 (EXECUTE_JOB): job_id: an integer, not a string" },
		{ "EXECUTE_JOB", "{\"job_id\": \"1\", \"alloc\": \"0\"}",
		  "event 0 (EXECUTE_JOB): job_id: '1' is not WORKLOAD!NAME (one '!')" },
		{ "EXECUTE_JOB", "{\"job_id\": \"w!0!1\", \"alloc\": \"0\"}",
		  "event 0 (EXECUTE_JOB): job_id: 'w!0!1' is not WORKLOAD!NAME (one '!')" },
		{ "EXECUTE_JOB", "{\"job_id\": \"w0!1\"}", "event 0 (EXECUTE_JOB): alloc: missing" },
		{ "EXECUTE_JOB", "{\"job_id\": \"w0!1\", \"alloc\": [0, 1]}",
		  "event 0 (EXECUTE_JOB): alloc: an array, not a string" },
		{ "EXECUTE_JOB", "{\"job_id\": \"w0!1\", \"alloc\": \"0-x\"}",
		  "event 0 (EXECUTE_JOB): alloc: '0-x' is not an interval set: '0-x' is neither N nor A-B "
		  "(integers from 0)" },
		{ "EXECUTE_JOB", "{\"job_id\": \"w0!1\", \"alloc\": \"3-1\"}",
		  "event 0 (EXECUTE_JOB): alloc: '3-1' is not an interval set: '3-1' ends before it begins" },
		{ "EXECUTE_JOB", "{\"job_id\": \"w0!1\", \"alloc\": \"\"}",
		  "event 0 (EXECUTE_JOB): alloc: empty (a job runs on one resource at least)" },
		{ "EXECUTE_JOB", "{\"job_id\": \"w0!1\", \"alloc\": \"0-1\", \"mapping\": {\"0\": 0, \"1\": 1}}",
		  "event 0 (EXECUTE_JOB): mapping: hs does not support executor mappings" },
		{ "EXECUTE_JOB", "{\"job_id\": \"w0!1\", \"alloc\": \"0\", \"storage_mapping\": {\"pfs\": 2}}",
		  "event 0 (EXECUTE_JOB): storage_mapping: hs simulates no storage resources" },
		{ "EXECUTE_JOB", "{\"job_id\": \"w0!1\", \"alloc\": \"0\", \"additional_io_job\": {}}",
		  "event 0 (EXECUTE_JOB): additional_io_job: hs does not simulate additional I/O jobs" },
		{ "EXECUTE_JOB", "{\"job_id\": \"w0!1\", \"alloc\": \"0\", \"a\": 1, \"b\": 2}",
		  "event 0 (EXECUTE_JOB): data: 4 members, not 2 or 3 (job_id, alloc and at most one of "
		  "mapping, storage_mapping, additional_io_job)" },
		/* REJECT_JOB */
		{ "REJECT_JOB", "{}", "event 0 (REJECT_JOB): job_id: missing" },
		{ "REJECT_JOB", "{\"job_id\": \"w0!1\", \"why\": \"too big\"}",
		  "event 0 (REJECT_JOB): why: unexpected (REJECT_JOB's data holds job_id only)" },
		/* CALL_ME_LATER */
		{ "CALL_ME_LATER", "{\"timestamp\": \"10\"}",
		  "event 0 (CALL_ME_LATER): timestamp: a string, not a number" },
		{ "CALL_ME_LATER", "{\"time\": 10}", "event 0 (CALL_ME_LATER): timestamp: missing" },
		{ "CALL_ME_LATER", "{\"timestamp\": 10, \"job_id\": \"w0!1\"}",
		  "event 0 (CALL_ME_LATER): job_id: unexpected (CALL_ME_LATER's data holds timestamp only)" },
		/* KILL_JOB */
		{ "KILL_JOB", "{\"job_ids\": []}", "event 0 (KILL_JOB): job_ids: empty" },
		{ "KILL_JOB", "{\"job_ids\": \"w0!1\"}", "event 0 (KILL_JOB): job_ids: a string, not an array" },
		{ "KILL_JOB", "{\"job_ids\": [\"w0!1\", \"w0!2\", 3]}",
		  "event 0 (KILL_JOB): job_ids[2]: an integer, not a string" },
		{ "KILL_JOB", "{\"job_ids\": [\"w0!1\", \"x\"]}",
		  "event 0 (KILL_JOB): job_ids[1]: 'x' is not WORKLOAD!NAME (one '!')" },
		{ "KILL_JOB", "{\"job_id\": \"w0!1\"}", "event 0 (KILL_JOB): job_ids: missing" },
		/* REGISTER_JOB */
		{ "REGISTER_JOB", "{\"job_id\": \"w0!1\"}", "event 0 (REGISTER_JOB): job: missing" },
		{ "REGISTER_JOB", "{\"job_id\": \"w0!1\", \"job\": \"w0!1\"}",
		  "event 0 (REGISTER_JOB): job: a string, not an object" },
		{ "REGISTER_JOB", "{\"job_id\": \"w0!1\", \"job\": {\"subtime\": 1, \"res\": 1, \"profile\": \"p\"}}",
		  "event 0 (REGISTER_JOB): job.id: missing" },
		{ "REGISTER_JOB", "{\"job_id\": \"w0!1\", \"job\": {\"id\": 1.5, \"subtime\": 1, \"res\": 1, "
				  "\"profile\": \"p\"}}",
		  "event 0 (REGISTER_JOB): job.id: a real number, not a string" },
		{ "REGISTER_JOB", "{\"job_id\": \"w0!1\", \"job\": {\"id\": \"w0!2\", \"subtime\": 1, \"res\": 1, "
				  "\"profile\": \"p\"}}",
		  "event 0 (REGISTER_JOB): job.id: does not name job_id 'w0!1'" },
		{ "REGISTER_JOB", "{\"job_id\": \"w0!1\", \"job\": {\"id\": 2, \"subtime\": 1, \"res\": 1, "
				  "\"profile\": \"p\"}}",
		  "event 0 (REGISTER_JOB): job.id: does not name job_id 'w0!1'" },
		{ "REGISTER_JOB", "{\"job_id\": \"w0!1\", \"job\": {\"id\": \"w0!1\", \"res\": 1, \"profile\": \"p\"}}",
		  "event 0 (REGISTER_JOB): job.subtime: missing" },
		{ "REGISTER_JOB", "{\"job_id\": \"w0!1\", \"job\": {\"id\": \"w0!1\", \"subtime\": 1, "
				  "\"walltime\": null, \"res\": 1, \"profile\": \"p\"}}",
		  "event 0 (REGISTER_JOB): job.walltime: null, not a number" },
		{ "REGISTER_JOB", "{\"job_id\": \"w0!1\", \"job\": {\"id\": \"w0!1\", \"subtime\": 1, "
				  "\"walltime\": 0, \"res\": 1, \"profile\": \"p\"}}",
		  "event 0 (REGISTER_JOB): job.walltime: 0 is neither -1 (none) nor positive" },
		{ "REGISTER_JOB", "{\"job_id\": \"w0!1\", \"job\": {\"id\": \"w0!1\", \"subtime\": 1, "
				  "\"profile\": \"p\"}}",
		  "event 0 (REGISTER_JOB): job.res: missing" },
		{ "REGISTER_JOB", "{\"job_id\": \"w0!1\", \"job\": {\"id\": \"w0!1\", \"subtime\": 1, "
				  "\"res\": 2.0, \"profile\": \"p\"}}",
		  "event 0 (REGISTER_JOB): job.res: a real number, not an integer" },
		{ "REGISTER_JOB", "{\"job_id\": \"w0!1\", \"job\": {\"id\": \"w0!1\", \"subtime\": 1, "
				  "\"res\": -1, \"profile\": \"p\"}}",
		  "event 0 (REGISTER_JOB): job.res: -1 is not an int from 0" },
		{ "REGISTER_JOB", "{\"job_id\": \"w0!1\", \"job\": {\"id\": \"w0!1\", \"subtime\": 1, "
				  "\"res\": 2147483648, \"profile\": \"p\"}}",
		  "event 0 (REGISTER_JOB): job.res: 2147483648 is not an int from 0" },
		{ "REGISTER_JOB", "{\"job_id\": \"w0!1\", \"job\": {\"id\": \"w0!1\", \"subtime\": 1, \"res\": 1}}",
		  "event 0 (REGISTER_JOB): job.profile: missing" },
		/* REGISTER_PROFILE */
		{ "REGISTER_PROFILE", "{\"profile_name\": \"p\", \"profile\": {}}",
		  "event 0 (REGISTER_PROFILE): workload_name: missing" },
		{ "REGISTER_PROFILE", "{\"workload_name\": \"w\", \"profile\": {}}",
		  "event 0 (REGISTER_PROFILE): profile_name: missing" },
		{ "REGISTER_PROFILE", "{\"workload_name\": \"w\", \"profile_name\": \"p\"}",
		  "event 0 (REGISTER_PROFILE): profile: missing" },
		{ "REGISTER_PROFILE", "{\"workload_name\": \"w\", \"profile_name\": \"p\", \"profile\": {}}",
		  "event 0 (REGISTER_PROFILE): profile.type: missing" },
		{ "REGISTER_PROFILE", "{\"workload_name\": \"w\", \"profile_name\": \"p\", \"profile\": "
				      "{\"type\": \"smpi\", \"trace\": \"t.txt\"}}",
		  "event 0 (REGISTER_PROFILE): profile.type: profile type 'smpi' is not simulated by hs: "
		  "delay and parallel_homogeneous are" },
		{ "REGISTER_PROFILE", "{\"workload_name\": \"w\", \"profile_name\": \"p\", \"profile\": "
				      "{\"type\": \"composed\", \"seq\": [\"a\"]}}",
		  "event 0 (REGISTER_PROFILE): profile.type: profile type 'composed' is not simulated by "
		  "hs: delay and parallel_homogeneous are" },
		{ "REGISTER_PROFILE", "{\"workload_name\": \"w\", \"profile_name\": \"p\", \"profile\": "
				      "{\"type\": \"sleep\"}}",
		  "event 0 (REGISTER_PROFILE): profile.type: unknown profile type 'sleep'" },
		{ "REGISTER_PROFILE", "{\"workload_name\": \"w\", \"profile_name\": \"p\", \"profile\": "
				      "{\"type\": \"delay\"}}",
		  "event 0 (REGISTER_PROFILE): profile.delay: missing" },
		{ "REGISTER_PROFILE", "{\"workload_name\": \"w\", \"profile_name\": \"p\", \"profile\": "
				      "{\"type\": \"delay\", \"delay\": 0}}",
		  "event 0 (REGISTER_PROFILE): profile.delay: 0 is not positive" },
		{ "REGISTER_PROFILE", "{\"workload_name\": \"w\", \"profile_name\": \"p\", \"profile\": "
				      "{\"type\": \"delay\", \"delay\": 1, \"ret\": 0.5}}",
		  "event 0 (REGISTER_PROFILE): profile.ret: a real number, not an integer" },
		{ "REGISTER_PROFILE", "{\"workload_name\": \"w\", \"profile_name\": \"p\", \"profile\": "
				      "{\"type\": \"parallel_homogeneous\", \"cpu\": 1}}",
		  "event 0 (REGISTER_PROFILE): profile.com: missing" },
		{ "REGISTER_PROFILE", "{\"workload_name\": \"w\", \"profile_name\": \"p\", \"profile\": "
				      "{\"type\": \"parallel_homogeneous\", \"cpu\": 1, \"com\": -2}}",
		  "event 0 (REGISTER_PROFILE): profile.com: -2 is negative" },
		/* SET_JOB_METADATA */
		{ "SET_JOB_METADATA", "{\"job_id\": \"w0!1\"}", "event 0 (SET_JOB_METADATA): metadata: missing" },
		{ "SET_JOB_METADATA", "{\"job_id\": \"w0!1\", \"metadata\": \"say \\\"hi\\\"\"}",
		  "event 0 (SET_JOB_METADATA): metadata: holds a '\"'" },
		{ "SET_JOB_METADATA", "{\"job_id\": \"w0!1\", \"metadata\": \"m\", \"x\": 1}",
		  "event 0 (SET_JOB_METADATA): x: unexpected (SET_JOB_METADATA's data holds job_id metadata "
		  "only)" },
		/* CHANGE_JOB_STATE */
		{ "CHANGE_JOB_STATE", "{\"job_id\": \"w0!1\"}", "event 0 (CHANGE_JOB_STATE): job_state: missing" },
		{ "CHANGE_JOB_STATE", "{\"job_id\": \"w0!1\", \"job_state\": \"SUBMITTED\"}",
		  "event 0 (CHANGE_JOB_STATE): job_state: 'SUBMITTED' is not one of NOT_SUBMITTED, RUNNING, "
		  "COMPLETED_SUCCESSFULLY, COMPLETED_WALLTIME_REACHED, COMPLETED_KILLED, REJECTED" },
		/* QUERY */
		{ "QUERY", "{}", "event 0 (QUERY): requests: missing" },
		{ "QUERY", "{\"requests\": {}}", "event 0 (QUERY): requests: empty" },
		{ "QUERY", "{\"requests\": {\"estimate_waiting_time\": {}}}",
		  "event 0 (QUERY): requests: unknown request 'estimate_waiting_time' (Batsim answers "
		  "consumed_energy)" },
		{ "QUERY", "{\"requests\": {\"consumed_energy\": 1}}",
		  "event 0 (QUERY): requests.consumed_energy: an integer, not an object" },
		{ "QUERY", "{\"requests\": {\"consumed_energy\": {\"since\": 0}}}",
		  "event 0 (QUERY): requests.consumed_energy: not empty" },
		{ "QUERY", "{\"requests\": {\"consumed_energy\": {}}, \"more\": 1}",
		  "event 0 (QUERY): more: unexpected (QUERY's data holds requests only)" },
		/* SET_RESOURCE_STATE: Batsim's checks */
		{ "SET_RESOURCE_STATE", "{\"state\": \"1\"}",
		  "event 0 (SET_RESOURCE_STATE): resources: missing" },
		{ "SET_RESOURCE_STATE", "{\"resources\": \"\", \"state\": \"1\"}",
		  "event 0 (SET_RESOURCE_STATE): resources: empty (a state is set on one resource at "
		  "least)" },
		{ "SET_RESOURCE_STATE", "{\"resources\": \"0-x\", \"state\": \"1\"}",
		  "event 0 (SET_RESOURCE_STATE): resources: '0-x' is not an interval set: '0-x' is "
		  "neither N nor A-B (integers from 0)" },
		{ "SET_RESOURCE_STATE", "{\"resources\": \"0\", \"state\": 1}",
		  "event 0 (SET_RESOURCE_STATE): state: an integer, not a string" },
		{ "SET_RESOURCE_STATE", "{\"resources\": \"0\", \"state\": \"sleep\"}",
		  "event 0 (SET_RESOURCE_STATE): state: 'sleep' is not a pstate number" },
		{ "SET_RESOURCE_STATE", "{\"resources\": \"0\", \"state\": \"-1\"}",
		  "event 0 (SET_RESOURCE_STATE): state: '-1' is not a pstate number" },
		{ "SET_RESOURCE_STATE", "{\"resources\": \"0\", \"state\": \"1\", \"at\": 2}",
		  "event 0 (SET_RESOURCE_STATE): at: unexpected (SET_RESOURCE_STATE's data holds "
		  "resources state only)" },
		/* NOTIFY */
		{ "NOTIFY", "{}", "event 0 (NOTIFY): type: missing" },
		{ "NOTIFY", "{\"type\": \"bar\"}",
		  "event 0 (NOTIFY): type: unknown NOTIFY type 'bar' (registration_finished or "
		  "continue_registration)" },
		{ "NOTIFY", "{\"type\": \"no_more_static_job_to_submit\"}",
		  "event 0 (NOTIFY): type: unknown NOTIFY type 'no_more_static_job_to_submit' "
		  "(registration_finished or continue_registration)" },
	};
	for (size_t k = 0; k < sizeof c / sizeof *c; k++)
		ev_err(c[k].type, c[k].data, c[k].err);
}

/* The scheduler's events written (as pybatsim would, compact) and read
 * back; what is read written again gives the same bytes. */
static void test_round_trips(void)
{
	struct bs_msg m = { .now = 1e-9 }, back = { 0 };
	struct bs_event *e = bs_msg_add(&m, BS_EXECUTE_JOB, 1e-21);
	e->job_id = hs_strdup("w0!1");
	char *err = NULL;
	bs_ids_parse("0-3 8 10-11", &e->alloc, &err);
	bs_msg_add(&m, BS_REJECT_JOB, 1e-9)->job_id = hs_strdup("w0!2");
	bs_msg_add(&m, BS_CALL_ME_LATER, 1e-9)->at = 25.5;
	e = bs_msg_add(&m, BS_KILL_JOB, 1e-9);
	e->njob_ids = 1;
	e->job_ids = hs_calloc(1, sizeof *e->job_ids);
	e->job_ids[0] = hs_strdup("w0!1");
	e = bs_msg_add(&m, BS_REGISTER_PROFILE, 1e-9);
	e->workload = hs_strdup("dyn");
	e->has_profile = 1;
	e->profile = (struct bs_profile){ hs_strdup("p\\1"), BS_PROFILE_DELAY, 0.1, 0, 0, 255 };
	e = bs_msg_add(&m, BS_REGISTER_JOB, 1e-9);
	e->job_id = hs_strdup("dyn!j");
	e->job = (struct bs_job){ hs_strdup("dyn!j"), 1e-9, -1, 3, hs_strdup("p\\1") };
	e = bs_msg_add(&m, BS_SET_JOB_METADATA, 1e-9);
	e->job_id = hs_strdup("w0!1");
	e->metadata = hs_strdup("é\n");
	e = bs_msg_add(&m, BS_CHANGE_JOB_STATE, 1e-9);
	e->job_id = hs_strdup("w0!1");
	e->state = hs_strdup("RUNNING");
	bs_msg_add(&m, BS_QUERY, 1e-9)->name = hs_strdup("consumed_energy");
	bs_msg_add(&m, BS_SCHED_NOTIFY, 1e-9)->name = hs_strdup("registration_finished");
	e = bs_msg_add(&m, BS_SET_RESOURCE_STATE, 1e-9);
	bs_ids_parse("1-3 5", &e->alloc, &err);
	e->pstate = 3;
	bs_msg_add(&m, BS_UNSUPPORTED, 1e-9)->name = hs_strdup("TO_JOB_MSG");
	size_t n;
	char *s = bs_wire_json.encode(&m, &n);
	TAP_STREQ(s,
		  "{\"now\":1e-9,\"events\":["
		  "{\"timestamp\":1e-21,\"type\":\"EXECUTE_JOB\",\"data\":{\"job_id\":\"w0!1\",\"alloc\":"
		  "\"0-3 8 10-11\"}},"
		  "{\"timestamp\":1e-9,\"type\":\"REJECT_JOB\",\"data\":{\"job_id\":\"w0!2\"}},"
		  "{\"timestamp\":1e-9,\"type\":\"CALL_ME_LATER\",\"data\":{\"timestamp\":25.5}},"
		  "{\"timestamp\":1e-9,\"type\":\"KILL_JOB\",\"data\":{\"job_ids\":[\"w0!1\"]}},"
		  "{\"timestamp\":1e-9,\"type\":\"REGISTER_PROFILE\",\"data\":{\"workload_name\":\"dyn\","
		  "\"profile_name\":\"p\\\\1\",\"profile\":{\"type\":\"delay\",\"delay\":0.1,\"ret\":255}}},"
		  "{\"timestamp\":1e-9,\"type\":\"REGISTER_JOB\",\"data\":{\"job_id\":\"dyn!j\",\"job\":{\"id\":"
		  "\"dyn!j\",\"subtime\":1e-9,\"walltime\":-1,\"res\":3,\"profile\":\"p\\\\1\"}}},"
		  "{\"timestamp\":1e-9,\"type\":\"SET_JOB_METADATA\",\"data\":{\"job_id\":\"w0!1\","
		  "\"metadata\":\"é\\n\"}},"
		  "{\"timestamp\":1e-9,\"type\":\"CHANGE_JOB_STATE\",\"data\":{\"job_id\":\"w0!1\","
		  "\"job_state\":\"RUNNING\"}},"
		  "{\"timestamp\":1e-9,\"type\":\"QUERY\",\"data\":{\"requests\":{\"consumed_energy\":{}}}},"
		  "{\"timestamp\":1e-9,\"type\":\"NOTIFY\",\"data\":{\"type\":\"registration_finished\"}},"
		  "{\"timestamp\":1e-9,\"type\":\"SET_RESOURCE_STATE\",\"data\":{\"resources\":"
		  "\"1-3 5\",\"state\":\"3\"}},"
		  "{\"timestamp\":1e-9,\"type\":\"TO_JOB_MSG\",\"data\":{}}]}",
		  "every scheduler event written");
	int rc = bs_wire_json.decode(s, n, &back, &err);
	TAP_OK(rc == 0 && back.n == m.n && back.now == m.now, "  read back: %s", err ? err : "ok");
	int same = rc == 0 && back.n == m.n;
	for (int i = 0; same && i < m.n; i++)
		same = back.ev[i].type == m.ev[i].type && back.ev[i].timestamp == m.ev[i].timestamp;
	TAP_OK(same, "  the same types and times");
	size_t n2;
	char *s2 = rc == 0 ? bs_wire_json.encode(&back, &n2) : NULL;
	TAP_OK(s2 && n2 == n && !memcmp(s, s2, n), "  written again: the same bytes");
	free(s);
	free(s2);

	/* pybatsim's spelling read, written compact, read again: one fixpoint */
	static const char *const py[] = {
		"{\"now\": 21.009999999999998, \"events\": [{\"timestamp\": 21.005, \"type\": \"EXECUTE_JOB\", "
		"\"data\": {\"job_id\": \"w0!2\", \"alloc\": \"0-2\"}}]}",
		"{\"now\": 0, \"events\": [{\"timestamp\": 0, \"type\": \"CALL_ME_LATER\", \"data\": "
		"{\"timestamp\": 1e300}}]}",
	};
	for (size_t k = 0; k < sizeof py / sizeof *py; k++) {
		rc = dec(py[k], &m, &err);
		s = rc ? NULL : bs_wire_json.encode(&m, &n);
		rc = s ? bs_wire_json.decode(s, n, &back, &err) : -1;
		s2 = rc ? NULL : bs_wire_json.encode(&back, &n2);
		TAP_OK(s2 && n2 == n && !memcmp(s, s2, n) && back.now == m.now,
		       "pybatsim's reply %zu: read, written, read: the same", k);
		free(s);
		free(s2);
	}
	bs_msg_release(&m);
	bs_msg_release(&back);
}

static void test_msg(void)
{
	static const char *const names[BS_NTYPES] = {
		"SIMULATION_BEGINS", "JOB_SUBMITTED", "JOB_COMPLETED", "JOB_KILLED", "REQUESTED_CALL",
		"NOTIFY", "ANSWER", "RESOURCE_STATE_CHANGED", "SIMULATION_ENDS", "EXECUTE_JOB",
		"REJECT_JOB", "CALL_ME_LATER", "KILL_JOB", "REGISTER_JOB", "REGISTER_PROFILE",
		"SET_JOB_METADATA", "CHANGE_JOB_STATE", "QUERY", "NOTIFY", "SET_RESOURCE_STATE",
		"UNSUPPORTED",
	};
	int ok = 1;
	for (int t = 0; t < BS_NTYPES; t++)
		ok &= !strcmp(bs_type_name((enum bs_type)t), names[t]);
	TAP_OK(ok && !strcmp(bs_type_name(BS_NTYPES), "?") && !strcmp(bs_type_name((enum bs_type)-1), "?"),
	       "every type's protocol name; none past them");
	struct bs_msg m = { 0 };
	for (int i = 0; i < 100; i++)
		bs_msg_add(&m, BS_REJECT_JOB, i)->job_id = hs_asprintf("w!%d", i);
	struct bs_event *e = bs_msg_add(&m, BS_EXECUTE_JOB, 7);
	TAP_OK(m.n == 101 && m.cap >= 101 && m.ev[99].timestamp == 99 && !strcmp(m.ev[99].job_id, "w!99") &&
		       e->type == BS_EXECUTE_JOB && e->timestamp == 7 && !e->job_id && !e->alloc.v &&
		       !e->begins,
	       "101 events added, the last zeroed but for its type and time");
	bs_msg_clear(&m);
	TAP_OK(m.n == 0 && m.ev, "cleared: empty, its array kept");
	bs_msg_release(&m);
	TAP_OK(!m.ev && m.n == 0 && m.cap == 0, "released");
	bs_msg_release(&m);
}

int main(void)
{
	hs_set_progname("test_batsim_wire");
	unsetenv("HS_LIMITS");
	test_msg();
	test_ids();
	test_numbers();
	test_begins();
	test_encode();
	test_decode_pybatsim();
	test_decode_errors();
	test_round_trips();
	return tap_done();
}
