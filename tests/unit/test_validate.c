/* test_validate - the schedule validator finds each kind of problem and
 * accepts sound schedules silently. */
#include "model/ids.h"
#include "model_fixture.h"
#include "tap.h"

static const char *PLAT = "cluster cs\ncluster ws\n"
			  "node cs1 cluster=cs cores=4\n"
			  "node cs2 cluster=cs cores=4 speed=2\n"
			  "node ws1 cluster=ws cores=2 gpus=1\n";

/* Load PLAT + text, validate the plan, return the number of problems and
 * the messages in *err. */
static int check(const char *text, int durations, const char **err)
{
	char buf[4096];
	snprintf(buf, sizeof buf, "%s%s", PLAT, text);
	struct hs_stream s;
	struct hs_instance in;
	if (fx_load(&s, &in, buf) != 0) {
		*err = "load failed";
		hs_stream_release(&s);
		return -1;
	}
	fx_cap_begin();
	int n = hs_validate(&in, &in.plan, durations);
	*err = fx_cap_end();
	fx_free(&s, &in);
	return n;
}

static void test_good(void)
{
	const char *err;
	/* t1 on 2 cores of cs1: 8*(0.5+0.5/2) = 6; t2 on cs2 (speed 2) 1 core:
	 * 5/2 = 2.5; t3 on cs1 and cs2, 4 cores: 8*(0.5+0.5/4)/1 = 5; g on
	 * the GPU: 3. */
	int n = check("task t1 model=amdahl t1=8 beta=0.5\n"
		      "task t2 model=amdahl t1=5 release=1\n"
		      "task t3 model=amdahl t1=8 beta=0.5 scope=cluster\n"
		      "task g model=gpu gpu_time=3\n"
		      "plan t1 node=cs1 cores=0-1 start=0 end=6\n"
		      "plan t2 node=cs2 cores=3 start=1 end=3.5\n"
		      "plan t3 node=cs1,cs2 cores=0-1/2-3 start=6 end=11 after=t1,t2\n"
		      "plan g node=ws1 cores= gpus=0 start=0 end=3\n",
		      1, &err);
	TAP_OK(n == 0, "sound schedule: no problem");
	TAP_STREQ(err, "", "sound schedule: silent");
}

static void test_overlap(void)
{
	const char *err;
	int n = check("task t7 model=amdahl t1=4.5\n"
		      "task t3 model=amdahl t1=4\n"
		      "task t4 model=amdahl t1=1\n"
		      "plan t7 node=cs1 cores=2 start=8 end=12.5\n"
		      "plan t3 node=cs1 cores=1-2 start=10 end=14\n"
		      "plan t4 node=cs1 cores=3 start=12.5 end=13.5\n",
		      0, &err);
	TAP_OK(n == 1, "one overlap");
	TAP_STREQ(err, "test: t.hs:11: plan t3: core 2 of node cs1 also used by t7 during [10, 12.5]\n",
		  "overlap message");
	/* A long task hides behind a short one: still found. */
	n = check("task a model=amdahl t1=10\ntask b model=amdahl t1=1\ntask c model=amdahl t1=1\n"
		  "plan a node=ws1 cores=0 start=0 end=10\n"
		  "plan b node=ws1 cores=0 start=1 end=2\n"
		  "plan c node=ws1 cores=0 start=3 end=4\n",
		  1, &err);
	TAP_OK(n == 2 && strstr(err, "plan c: core 0 of node ws1 also used by a during [3, 4]"),
	       "overlap with an earlier long task");
	/* GPUs too; touching intervals are fine. */
	n = check("task g model=gpu gpu_time=3\ntask h model=gpu gpu_time=3\ntask i model=gpu gpu_time=3\n"
		  "plan g node=ws1 gpus=0 start=0 end=3\n"
		  "plan h node=ws1 gpus=0 start=3 end=6\n"
		  "plan i node=ws1 gpus=0 start=5 end=8\n",
		  1, &err);
	TAP_STREQ(err, "test: t.hs:12: plan i: GPU 0 of node ws1 also used by h during [5, 6]\n",
		  "GPU overlap");
}

static void test_durations(void)
{
	const char *err;
	int n = check("task t1 model=amdahl t1=4\n"
		      "plan t1 node=cs2 cores=0 start=0 end=3\n",
		      1, &err);
	TAP_OK(n == 1, "wrong duration found");
	TAP_STREQ(err, "test: t.hs:8: plan t1: runs for 3 but the model gives 2\n", "duration message");
	n = check("task t1 model=amdahl t1=4\nplan t1 node=cs2 cores=0 start=0 end=3\n", 0, &err);
	TAP_OK(n == 0, "durations not checked when asked");
	/* Within 1e-9 relative: accepted; at a large start too. */
	n = check("task t1 model=amdahl t1=3\n"
		  "plan t1 node=cs1 cores=0 start=1000000 end=1000003.0000000001\n",
		  1, &err);
	TAP_OK(n == 0, "rounding-level differences accepted");
	n = check("task t1 model=table times=1,2\n"
		  "task t2 model=rigid size=2 time=1\n"
		  "plan t1 node=cs1 cores=0-2 start=0 end=1\n"
		  "plan t2 node=cs1 cores=3 start=0 end=1\n",
		  0, &err);
	TAP_OK(n == 2, "impossible allotments found even without duration checks");
	TAP_STREQ(err,
		  "test: t.hs:9: plan t1: the task cannot run on 3 cores\n"
		  "test: t.hs:10: plan t2: the task cannot run on 1 core\n",
		  "unknown-duration messages");
}

static void test_structure(void)
{
	const char *err;
	int n = check("task a model=amdahl t1=1 release=5\n"
		      "task b model=amdahl t1=1\n"
		      "task c model=amdahl t1=1 alpha=1\n"
		      "task d model=amdahl t1=1\n"
		      "task e model=gpu gpu_time=1\n"
		      "task f model=amdahl t1=1 scope=cluster\n"
		      "plan a node=cs1 cores=0 start=4 end=5\n"
		      "plan b node=cs1,cs2 cores=1/1 start=0 end=0.5\n"
		      "plan c node=ws1 cores=0 gpus=0 start=0 end=1\n"
		      "plan e node=ws1 cores=1 start=0 end=1\n"
		      "plan f node=cs1,ws1 cores=2/1 start=2 end=3\n",
		      0, &err);
	TAP_OK(n == 6, "structural problems counted (%d)", n);
	TAP_STREQ(err,
		  "test: t.hs:13: plan a: starts at 4 before its release date 5\n"
		  "test: t.hs:14: plan b: spans 2 nodes but its scope is node\n"
		  "test: t.hs:15: plan c: uses both cores and GPUs\n"
		  "test: t.hs: plan d: task not placed\n"
		  "test: t.hs:16: plan e: on cores but the task runs only on a GPU\n"
		  "test: t.hs:17: plan f: spans clusters cs and ws\n",
		  "structural messages");

	n = check("task a model=amdahl t1=1\ntask b model=amdahl t1=1\ntask c model=amdahl t1=1\n"
		  "plan a node=cs1 cores=0 start=0 end=1\n"
		  "plan b node=cs1 cores=0 start=0.5 end=1.5 after=a\n"
		  "plan c node=cs1 cores=1 start=2 end=3 after=a\n",
		  0, &err);
	TAP_OK(n == 3, "after problems (and the overlap)");
	TAP_STREQ(err,
		  "test: t.hs:11: plan b: core 0 of node cs1 also used by a during [0.5, 1]\n"
		  "test: t.hs:11: plan b: after lists a, which ends at 1 after this task starts at 0.5\n"
		  "test: t.hs:12: plan c: after lists a, which shares no core or GPU with it\n",
		  "after-list messages");

	/* A schedule made by hand (no record lines): bad indices, wrong size. */
	struct hs_stream s;
	struct hs_instance in;
	fx_load(&s, &in, "node n cores=2 gpus=1\ntask a model=amdahl t1=1 on=cpu\ntask b model=gpu gpu_time=1\n");
	struct hs_schedule sc;
	hs_schedule_init(&sc, 2);
	int c5[] = { 5 }, g01[] = { 0, 1 }, g0[] = { 0 };
	hs_schedule_add(&sc, 0, 0, c5, 1, NULL, 0, 0, 1);
	hs_schedule_add(&sc, 1, 0, NULL, 0, g01, 2, 0, 1);
	fx_cap_begin();
	n = hs_validate(&in, &sc, 1);
	err = fx_cap_end();
	TAP_STREQ(err,
		  "test: t.hs: plan a: core 5 out of range or repeated (node n has 2 cores)\n"
		  "test: t.hs: plan b: GPU 1 out of range or repeated (node n has 1 GPU)\n",
		  "hand-made schedule: index problems");
	hs_schedule_release(&sc);
	hs_schedule_init(&sc, 2);
	hs_schedule_add(&sc, 0, 0, NULL, 0, g0, 1, 0, 1);
	hs_schedule_add(&sc, 1, 0, NULL, 0, g0, 1, 1, 2);
	fx_cap_begin();
	n = hs_validate(&in, &sc, 1);
	err = fx_cap_end();
	TAP_STREQ(err, "test: t.hs: plan a: on a GPU but the task runs only on cores\n",
		  "CPU-only task on a GPU");
	hs_schedule_release(&sc);
	fx_free(&s, &in);
}

/* scope=any may span clusters, at the pace of its slowest node: on cs2
 * (speed 2) and ws1 (speed 1), 4 cores, 8*(0.5+0.5/4)/1 = 5.  The same
 * allotment with scope=cluster is refused. */
static void test_any(void)
{
	const char *err;
	int n = check("task x model=amdahl t1=8 beta=0.5 scope=any\n"
		      "plan x node=cs2,ws1 cores=0-1/0-1 start=0 end=5\n",
		      1, &err);
	TAP_OK(n == 0, "scope=any over two clusters: no problem");
	TAP_STREQ(err, "", "scope=any over two clusters: silent");
	n = check("task x model=amdahl t1=8 beta=0.5 scope=any\n"
		  "plan x node=cs2,ws1 cores=0-1/0-1 start=0 end=2.5\n",
		  1, &err);
	TAP_STREQ(err, "test: t.hs:8: plan x: runs for 2.5 but the model gives 5\n",
		  "scope=any: the slowest node sets the pace");
	n = check("task x model=amdahl t1=8 beta=0.5 scope=cluster\n"
		  "plan x node=cs2,ws1 cores=0-1/0-1 start=0 end=5\n",
		  1, &err);
	TAP_OK(n == 1, "scope=cluster over two clusters: one problem");
	TAP_STREQ(err, "test: t.hs:8: plan x: spans clusters cs and ws\n",
		  "scope=cluster over two clusters: message");
}

static void test_many(void)
{
	/* 30 tasks all on one core at once: 29 overlaps, 20 shown, count. */
	char text[8192] = "";
	for (int i = 0; i < 30; i++)
		snprintf(text + strlen(text), sizeof text - strlen(text),
			 "task t%d model=amdahl t1=1\nplan t%d node=cs1 cores=0 start=0 end=1\n", i, i);
	const char *err;
	int n = check(text, 1, &err);
	TAP_OK(n == 29, "29 overlaps counted");
	TAP_OK(strstr(err, "test: t.hs: 9 more problems not shown\n") != NULL, "count of the rest");
}

/* Issue 12: the tolerance is rounding, not a share of the time itself; at
 * t = 1e8 s a unit in the last place is 2^-26 s (1.49e-8). */
static void test_tolerance(void)
{
	const char *err;
	/* A 0.05 s overlap at 1e8 s: an overlap (the old 1e-9 of the time, 0.1
	 * s, let it pass). */
	int n = check("task a model=amdahl t1=10\ntask b model=amdahl t1=10\n"
		      "plan a node=cs1 cores=0 start=100000000 end=100000010\n"
		      "plan b node=cs1 cores=0 start=100000009.95 end=100000019.95\n",
		      1, &err);
	TAP_OK(n == 1, "0.05 s overlap at 1e8 s: found (%d)", n);
	TAP_STREQ(err, "test: t.hs:10: plan b: core 0 of node cs1 also used by a during "
		       "[100000009.95, 100000010]\n", "0.05 s overlap at 1e8 s: message");
	/* One unit in the last place of 1e8+10 earlier: rounding. */
	n = check("task a model=amdahl t1=10\ntask b model=amdahl t1=10\n"
		  "plan a node=cs1 cores=0 start=100000000 end=100000010\n"
		  "plan b node=cs1 cores=0 start=100000009.999999985 end=100000019.999999985 after=a\n",
		  0, &err);
	TAP_OK(n == 0, "1 ulp at 1e8 s: rounding, accepted (%s)", err);
	/* 16 ulps is the most: 17 ulps at 1e8 with durations of 1e-6 s (1e-15
	 * s of slack from them) is an overlap. */
	n = check("task a model=amdahl t1=0.000001\ntask b model=amdahl t1=0.000001\n"
		  "plan a node=cs1 cores=0 start=99999999.999999 end=100000000\n"
		  "plan b node=cs1 cores=0 start=99999999.999999747 end=100000000.000000745\n",
		  0, &err);
	TAP_OK(n == 1, "17 ulps at 1e8 s with 1 us tasks: an overlap (%d)", n);
	/* Durations set the rest: 1e-9 of 1000 s is 1e-6 s. */
	n = check("task a model=amdahl t1=1000\ntask b model=amdahl t1=1000\n"
		  "plan a node=cs1 cores=0 start=0 end=1000\n"
		  "plan b node=cs1 cores=0 start=999.9999995 end=1999.9999995\n",
		  0, &err);
	TAP_OK(n == 0, "0.5 us overlap of 1000 s tasks: rounding (%s)", err);
	n = check("task a model=amdahl t1=1000\ntask b model=amdahl t1=1000\n"
		  "plan a node=cs1 cores=0 start=0 end=1000\n"
		  "plan b node=cs1 cores=0 start=999.999998 end=1999.999998\n",
		  0, &err);
	TAP_OK(n == 1, "2 us overlap of 1000 s tasks: an overlap (%d)", n);
}

/* Issue 12: what no reader takes back is refused; cycles of zero-length
 * tasks (their times cannot exclude them) too. */
static void test_unreadable(void)
{
	struct hs_stream s;
	struct hs_instance in;
	fx_load(&s, &in, "node n cores=1\ntask a model=rigid size=1 time=0\n"
			 "task b model=rigid size=1 time=0\ntask c model=rigid size=1 time=1\n");
	struct hs_schedule sc;
	hs_schedule_init(&sc, 3);
	int c0[] = {0};
	hs_schedule_add(&sc, 0, 0, c0, 1, NULL, 0, 0, 0);
	hs_schedule_add(&sc, 1, 0, c0, 1, NULL, 0, 0, 0);
	hs_schedule_add(&sc, 2, 0, c0, 1, NULL, 0, 0, INFINITY);
	for (int i = 0; i < 2; i++) {
		sc.p[i].after = hs_malloc(sizeof(int));
		sc.p[i].after[0] = 1 - i;
		sc.p[i].nafter = 1;
	}
	fx_cap_begin();
	int n = hs_validate(&in, &sc, 0);
	const char *err = fx_cap_end();
	TAP_OK(n == 2, "inf end and a 2-cycle: 2 problems (%d)", n);
	TAP_STREQ(err,
		  "test: t.hs: plan c: ends at inf (times must be finite numbers)\n"
		  "test: t.hs: plan a: after list is cyclic (a -> b -> a)\n",
		  "inf end and cycle messages");
	sc.p[2].end = NAN;
	sc.p[2].start = NAN;
	fx_cap_begin();
	n = hs_validate(&in, &sc, 0);
	err = fx_cap_end();
	TAP_OK(strstr(err, "plan c: starts at nan (times must be finite numbers)") != NULL,
	       "nan start: refused");
	hs_schedule_release(&sc);
	fx_free(&s, &in);
}

/* hs_schedule_compute_after keeps its order of the tasks for the
 * validator: used when still right, and a schedule changed in between
 * (times moved, a task dropped) is checked in its own order.  The overlap
 * check's first pass (no sorted uses) and its second (the messages) agree. */
static void test_order_reuse(void)
{
	struct hs_stream s;
	struct hs_instance in;
	char buf[4096];
	snprintf(buf, sizeof buf, "%s%s", PLAT,
		 "task a model=amdahl t1=2\ntask b model=amdahl t1=2\ntask c model=amdahl t1=2\n"
		 "plan a node=cs1 cores=0 start=0 end=2\n"
		 "plan b node=cs1 cores=0 start=2 end=4\n"
		 "plan c node=cs1 cores=1 start=1 end=3\n");
	if (fx_load(&s, &in, buf) != 0) {
		TAP_OK(0, "order reuse: load");
		return;
	}
	struct hs_schedule sc;
	hs_schedule_init(&sc, in.ntasks);
	for (int i = 0; i < in.ntasks; i++)
		hs_placement_copy(&sc.p[i], &in.plan.p[i]);
	hs_schedule_compute_after(&sc, &in.plat);
	TAP_OK(sc.p[1].nafter == 1 && sc.p[1].after[0] == 0, "order reuse: b after a");
	fx_cap_begin();
	int n = hs_validate(&in, &sc, 0);
	const char *err = fx_cap_end();
	TAP_OK(n == 0, "order reuse: sound schedule after compute_after (%s)", err);

	/* a moved into b's time after the after lists were made: the kept
	 * order (a, c, b) is no longer the order (c, b, a), and the message
	 * names the task that starts later (in the kept order it would be b). */
	hs_schedule_compute_after(&sc, &in.plat);
	sc.p[0].start = 2.5;
	sc.p[0].end = 3.5;
	fx_cap_begin();
	n = hs_validate(&in, &sc, 0);
	err = fx_cap_end();
	TAP_OK(n >= 1 && strstr(err, "plan a: core 0 of node cs1 also used by b during [2.5, 3.5]") &&
	       !strstr(err, "plan b: core 0"),
	       "order reuse: a time moved after compute_after is checked in the new order (%s)", err);

	/* c dropped from the schedule after the after lists were made. */
	sc.p[0].start = 0;
	sc.p[0].end = 2;
	hs_schedule_compute_after(&sc, &in.plat);
	sc.p[2].task = -1;
	fx_cap_begin();
	n = hs_validate_flags(&in, &sc, HS_VALIDATE_PARTIAL);
	err = fx_cap_end();
	TAP_OK(n == 0, "order reuse: a task dropped after compute_after (%s)", err);
	hs_schedule_release(&sc);
	fx_free(&s, &in);
}

/* hs_instance_take_plan: the model takes the schedule itself (left empty)
 * and the stream gets the same plan records as with hs_instance_set_plan. */
static void test_take_plan(void)
{
	struct hs_stream s1, s2;
	struct hs_instance in1, in2;
	char buf[4096];
	snprintf(buf, sizeof buf, "%s%s", PLAT,
		 "task a model=amdahl t1=2\ntask b model=amdahl t1=2\n");
	if (fx_load(&s1, &in1, buf) != 0 || fx_load(&s2, &in2, buf) != 0) {
		TAP_OK(0, "take plan: load");
		return;
	}
	struct hs_schedule sc;
	hs_schedule_init(&sc, in1.ntasks);
	int c0 = 0, c1 = 1;
	hs_schedule_add(&sc, 0, 0, &c0, 1, NULL, 0, 0, 2);
	hs_schedule_add(&sc, 1, 0, &c1, 1, NULL, 0, 0, 2.5);
	hs_instance_set_plan(&in1, &sc);
	struct hs_placement *p = sc.p;
	hs_instance_take_plan(&in2, &sc);
	TAP_OK(sc.p == NULL && sc.n == 0 && in2.plan.p == p && in2.has_plan && !in2.has_run,
	       "take plan: the schedule moved into the model");
	TAP_OK(in1.plan.p != NULL && in1.plan.p[1].end == 2.5 && in2.plan.p[1].end == 2.5,
	       "take plan: same placements as a copy");
	TAP_OK(s1.n == s2.n, "take plan: as many records as set_plan");
	int same = s1.n == s2.n;
	for (size_t i = 0; same && i < s1.n; i++) {
		char a[512], b[512];
		FILE *fa = fmemopen(a, sizeof a, "w"), *fb = fmemopen(b, sizeof b, "w");
		hs_record_write(fa, s1.recs[i]);
		hs_record_write(fb, s2.recs[i]);
		fclose(fa);
		fclose(fb);
		same = strcmp(a, b) == 0;
	}
	TAP_OK(same, "take plan: the same plan records as set_plan");
	hs_schedule_release(&sc);
	fx_free(&s1, &in1);
	fx_free(&s2, &in2);
}

/* hs_instance_emit_plan/run: one generated record in the stream, written
 * as the records take_plan/run make; a later set_plan replaces both. */
static void test_emit(void)
{
	struct hs_stream s1, s2;
	struct hs_instance in1, in2;
	char buf[4096];
	snprintf(buf, sizeof buf, "%s%s", PLAT,
		 "task a model=amdahl t1=2 cmd='echo x'\ntask b model=amdahl t1=2\n"
		 "task c model=amdahl t1=2\n");
	if (fx_load(&s1, &in1, buf) != 0 || fx_load(&s2, &in2, buf) != 0) {
		TAP_OK(0, "emit: load");
		return;
	}
	struct hs_schedule sc[2], rn[2];
	for (int k = 0; k < 2; k++) {
		hs_schedule_init(&sc[k], in1.ntasks);
		int c0 = 0, c1 = 1;
		hs_schedule_add(&sc[k], 0, 0, &c0, 1, NULL, 0, 0, 2);
		hs_schedule_add(&sc[k], 2, 0, &c1, 1, NULL, 0, 0.5, 2.5); /* b unplaced */
		hs_schedule_compute_after(&sc[k], &in1.plat);
	}
	size_t n0 = s2.n;
	hs_instance_take_plan(&in1, &sc[0]);
	hs_instance_emit_plan(&in2, &sc[1]);
	TAP_OK(s2.n == n0 + 1 && hs_record_gen_tag(s2.recs[n0]) && in2.has_plan &&
		       in2.plan.p[2].start == 0.5,
	       "emit plan: one generated record, the model holds the plan");
	for (int k = 0; k < 2; k++) {
		hs_replay(k ? &in2 : &in1, k ? &in2.plan : &in1.plan, &rn[k]);
		rn[k].p[0].exit_status = 3;
	}
	hs_instance_take_run(&in1, &rn[0]);
	hs_instance_emit_run(&in2, &rn[1]);
	char *a = fx_written(&s1, NULL), *b = fx_written(&s2, NULL);
	TAP_STREQ(b, a, "emit plan and run: written as take_plan and take_run write them");
	free(a);
	free(b);
	/* A new plan drops the generated plan and run records. */
	struct hs_schedule sc2;
	hs_schedule_init(&sc2, in2.ntasks);
	int c0 = 0;
	hs_schedule_add(&sc2, 1, 0, &c0, 1, NULL, 0, 0, 2);
	hs_instance_set_plan(&in2, &sc2);
	b = fx_written(&s2, NULL);
	TAP_OK(strstr(b, "plan b node=") && !strstr(b, "plan a ") && !strstr(b, "run "),
	       "emit: set_plan replaces the emitted plan and drops the emitted run");
	free(b);
	hs_schedule_release(&sc2);
	fx_free(&s1, &in1);
	fx_free(&s2, &in2);
}

/* HS_LOAD_PLAN_REPLACED / RUN_REPLACED: no slots for a schedule the stream
 * does not have, the usual ones (checked as usual) for one it has; a plan
 * emitted on such an instance writes as on one loaded without the flags. */
static void test_replaced(void)
{
	const char *tasks = "task a model=amdahl t1=2\ntask b model=amdahl t1=2\n";
	char buf[4096];
	struct hs_stream s[2];
	struct hs_instance in[2];
	snprintf(buf, sizeof buf, "%s%s", PLAT, tasks);
	for (int k = 0; k < 2; k++) {
		fx_stream(&s[k], buf);
		hs_instance_load_flags(&in[k], &s[k],
				       k ? HS_LOAD_PLAN_REPLACED | HS_LOAD_RUN_REPLACED : 0);
	}
	TAP_OK(in[0].plan.n == 2 && in[0].run.n == 2, "replaced: without the flags, a slot per task");
	TAP_OK(in[1].plan.n == 0 && !in[1].plan.p && in[1].run.n == 0 && !in[1].run.p,
	       "replaced: no plan or run records, no slots");
	for (int k = 0; k < 2; k++) {
		struct hs_schedule sc;
		hs_schedule_init(&sc, 2);
		int c0 = 0;
		hs_schedule_add(&sc, 1, 0, &c0, 1, NULL, 0, 0, 2);
		hs_instance_emit_plan(&in[k], &sc);
		hs_schedule_release(&sc);
	}
	TAP_OK(in[1].plan.n == 2 && in[1].plan.p[1].task == 1 && in[1].plan.p[0].task < 0 &&
		       in[1].run.n == 0 && !in[1].has_run,
	       "replaced: the emitted plan has its slots, the run none");
	char *a = fx_written(&s[0], NULL), *b = fx_written(&s[1], NULL);
	TAP_STREQ(b, a, "replaced: the emitted plan writes the same");
	free(a);
	free(b);
	for (int k = 0; k < 2; k++)
		fx_free(&s[k], &in[k]);

	/* Records there are loaded and checked as without the flag. */
	snprintf(buf, sizeof buf, "%s%splan a node=cs1 cores=0 start=0 end=1\n"
		 "run b node=cs9 cores=0 start=0 end=1\n", PLAT, tasks);
	fx_stream(&s[0], buf);
	fx_cap_begin();
	int rc = hs_instance_load_flags(&in[0], &s[0], HS_LOAD_PLAN_REPLACED | HS_LOAD_RUN_REPLACED);
	const char *err = fx_cap_end();
	TAP_OK(rc < 0 && strstr(err, "unknown node 'cs9'"), "replaced: run records still checked");
	fx_free(&s[0], &in[0]);
	snprintf(buf, sizeof buf, "%s%splan a node=cs1 cores=0 start=0 end=1\n", PLAT, tasks);
	fx_stream(&s[0], buf);
	rc = hs_instance_load_flags(&in[0], &s[0], HS_LOAD_PLAN_REPLACED | HS_LOAD_RUN_REPLACED);
	TAP_OK(rc == 0 && in[0].has_plan && in[0].plan.n == 2 && in[0].plan.p[0].task == 0 &&
		       in[0].run.n == 0,
	       "replaced: a plan that is there is loaded");
	fx_free(&s[0], &in[0]);
}

/* hs_validate_set_after makes the after lists hs_schedule_compute_after
 * makes and reports what hs_validate_flags then reports, word for word:
 * on a sound plan, on overlaps (among sound and unsound placements), on a
 * core outside its node (the walk cannot be made; the lists come from
 * sorting) and on a plan with durations off. */
static void test_set_after(void)
{
	static const char *plans[] = {
		"plan a node=cs1 cores=0 start=0 end=2\nplan b node=cs1 cores=0 start=2 end=4\n"
		"plan c node=cs1 cores=0-1 start=4 end=5\nplan d node=ws1 cores=0 start=0 end=2\n",
		"plan a node=cs1 cores=0 start=0 end=2\nplan b node=cs1 cores=0 start=1 end=3\n"
		"plan c node=cs1 cores=1 start=0 end=2\nplan d node=cs1 cores=1 start=1.5 end=3.5\n",
		/* d's duration is wrong (unsound): its overlap with c is not
		 * reported, b's with a is */
		"plan a node=cs1 cores=0 start=0 end=2\nplan b node=cs1 cores=0 start=1 end=3\n"
		"plan c node=cs1 cores=1 start=0 end=2\nplan d node=cs1 cores=1 start=1 end=9\n",
		/* b's core 3 becomes core 7 of a 4-core node below */
		"plan a node=cs1 cores=0 start=0 end=2\nplan b node=cs1 cores=3 start=0 end=2\n"
		"plan c node=cs1 cores=0 start=1 end=3\nplan d node=cs2 cores=0 start=0 end=1\n",
		/* a's duration is wrong, nothing else */
		"plan a node=cs1 cores=0 start=0 end=3\nplan b node=cs1 cores=0 start=3 end=5\n"
		"plan c node=cs1 cores=1 start=0 end=2\nplan d node=cs1 cores=1 start=2 end=4\n",
	};
	for (size_t k = 0; k < sizeof plans / sizeof *plans; k++) {
		struct hs_stream s;
		struct hs_instance in;
		char buf[4096];
		snprintf(buf, sizeof buf, "%s%s%s", PLAT,
			 "task a model=amdahl t1=2\ntask b model=amdahl t1=2\n"
			 "task c model=amdahl t1=2\ntask d model=amdahl t1=2\n",
			 plans[k]);
		if (fx_load(&s, &in, buf) != 0) {
			TAP_OK(0, "set_after %zu: load", k);
			continue;
		}
		struct hs_schedule one, two;
		hs_schedule_init(&one, in.ntasks);
		hs_schedule_init(&two, in.ntasks);
		for (int i = 0; i < in.ntasks; i++) {
			hs_placement_copy(&one.p[i], &in.plan.p[i]);
			hs_placement_copy(&two.p[i], &in.plan.p[i]);
		}
		if (k == 3) /* core 7, beyond the node, in arrays of their own:
			     * the sets libhs makes are read-only (ids.h) */
			for (int w = 0; w < 2; w++) {
				struct hs_part *pt = &(w ? &two : &one)->p[1].parts[0];
				int *c = hs_malloc((size_t)pt->ncores * sizeof *c);
				memcpy(c, pt->cores, (size_t)pt->ncores * sizeof *c);
				c[0] = 7;
				hs_ids_free(pt->cores);
				pt->cores = c;
			}
		hs_schedule_compute_after(&one, &in.plat);
		fx_cap_begin();
		int n1 = hs_validate(&in, &one, 1);
		char *e1 = hs_strdup(fx_cap_end());
		fx_cap_begin();
		int n2 = hs_validate_set_after(&in, &two, HS_VALIDATE_DURATIONS);
		const char *e2 = fx_cap_end();
		TAP_OK(n1 == n2, "set_after %zu: %d problems, as compute_after + validate (%d)", k, n2, n1);
		TAP_OK(strcmp(e2, e1) == 0 && (k == 0) == !*e2, "set_after %zu: the same messages", k);
		if (strcmp(e2, e1) != 0)
			fprintf(stderr, "# %s# against\n# %s", e2, e1);
		int same = 1;
		for (int i = 0; i < in.ntasks; i++)
			same &= one.p[i].nafter == two.p[i].nafter &&
				(!one.p[i].nafter || memcmp(one.p[i].after, two.p[i].after,
							    (size_t)one.p[i].nafter * sizeof(int)) == 0);
		TAP_OK(same, "set_after %zu: the same after lists", k);
		free(e1);
		hs_schedule_release(&one);
		hs_schedule_release(&two);
		fx_free(&s, &in);
	}
}

/* A cycle among tasks of distinct times (an after edge that points forward
 * in time) is still found once the edges no longer all point back; an
 * edge pointing forward that closes no cycle is no cycle. */
static void test_cycle_forward(void)
{
	struct hs_stream s;
	struct hs_instance in;
	char buf[4096];
	snprintf(buf, sizeof buf, "%s%s", PLAT,
		 "task a model=amdahl t1=1\ntask b model=amdahl t1=1\ntask c model=amdahl t1=1\n"
		 "plan a node=cs1 cores=0 start=0 end=1 after=c\n"
		 "plan b node=cs1 cores=0 start=1 end=2 after=a\n"
		 "plan c node=cs1 cores=0 start=2 end=3 after=b\n");
	fx_cap_begin();
	int n = fx_load(&s, &in, buf);
	const char *err = fx_cap_end();
	TAP_OK(n != 0 && strstr(err, "t.hs:10: plan a: after list is cyclic (a -> c -> b -> a)"),
	       "3-cycle of distinct times: found (%s)", err);
	hs_stream_release(&s);
	n = check("task a model=amdahl t1=1\ntask b model=amdahl t1=1\n"
		  "plan a node=cs1 cores=0 start=0 end=1 after=b\n"
		  "plan b node=cs1 cores=0 start=1 end=2\n",
		  0, &err);
	TAP_OK(n == 1 && strstr(err, "after lists b, which ends at 2 after this task starts at 0") &&
	       !strstr(err, "cyclic"),
	       "an edge forward in time, no cycle: only the after problem (%s)", err);
}

/* Issue 28: a task on a whole node is checked once for the node, not once
 * per core, while every core of the node is in one state; a task on part
 * of a node splits it.  The same overlaps are found, whatever the mix. */
static void test_whole_nodes(void)
{
	const char *err;
	int n = check("task a scope=cluster model=amdahl t1=10\ntask b scope=cluster model=amdahl t1=3\n"
		      "plan a node=cs1 cores=0-3 start=0 end=10\n"
		      "plan b node=cs1 cores=1-2 start=5 end=8\n",
		      0, &err);
	TAP_STREQ(err, "test: t.hs:10: plan b: core 1 of node cs1 also used by a during [5, 8]\n",
		  "whole nodes: part of a node inside a whole-node task");
	n = check("task a scope=cluster model=amdahl t1=10\ntask b scope=cluster model=amdahl t1=2\n"
		  "plan a node=cs1 cores=3 start=0 end=10\n"
		  "plan b node=cs1,cs2 cores=0-3/0-3 start=4 end=6\n",
		  0, &err);
	TAP_STREQ(err, "test: t.hs:10: plan b: core 3 of node cs1 also used by a during [4, 6]\n",
		  "whole nodes: a whole-node task over a one-core task");
	/* Split cores made whole again by a task on all of them, then part. */
	n = check("task a scope=cluster model=amdahl t1=3\ntask b scope=cluster model=amdahl t1=4\ntask c scope=cluster model=amdahl t1=2\n"
		  "task d scope=cluster model=amdahl t1=2\ntask e scope=cluster model=amdahl t1=1\n"
		  "plan a node=cs1 cores=0 start=0 end=3\n"
		  "plan b node=cs1 cores=1-3 start=0 end=4\n"
		  "plan c node=cs1 cores=0-3 start=4 end=6\n"
		  "plan e node=cs1 cores=0-3 start=6 end=7\n"
		  "plan d node=cs1 cores=2 start=6.5 end=8.5\n",
		  0, &err);
	TAP_OK(n == 1 && strstr(err, "plan d: core 2 of node cs1 also used by e during [6.5, 7]"),
	       "whole nodes: split, whole again, then split (%s)", err);
	n = check("task a scope=cluster model=amdahl t1=5\ntask b scope=cluster model=amdahl t1=4\ntask c scope=cluster model=amdahl t1=1\n"
		  "plan a node=cs1,cs2 cores=0-3/0-3 start=0 end=5\n"
		  "plan b node=cs2 cores=0-3 start=5 end=9\n"
		  "plan c node=cs1 cores=1,3 start=5 end=6\n",
		  0, &err);
	TAP_OK(n == 0, "whole nodes: touching tasks, whole and part (%s)", err);

	/* Random schedules on cs1 and cs2 (4 cores each): whole nodes, runs
	 * and scattered cores at integer times; an overlap is found exactly
	 * when two tasks share a core at once (a pairwise check). */
	int cases = 300, bad = 0, found = 0;
	unsigned x = 12345;
	for (int c = 0; c < cases; c++) {
		enum { T = 8 };
		int st[T], en[T], mask[T][2];
		char text[8192] = "";
		for (int i = 0; i < T; i++) {
			x = x * 1103515245u + 12345u;
			st[i] = (int)(x >> 16) % 80;
			x = x * 1103515245u + 12345u;
			en[i] = st[i] + 1 + (int)(x >> 16) % 4;
			x = x * 1103515245u + 12345u;
			unsigned r = x >> 16;
			for (int k = 0; k < 2; k++) {
				int kind = (int)(r >> (3 * k)) % 8; /* whole, none or some cores */
				mask[i][k] = kind < 3 ? 15 : kind < 5 ? 0 : (int)((r >> (6 + 4 * k)) & 15);
			}
			if (!mask[i][0] && !mask[i][1])
				mask[i][0] = 15;
			char nodes[32] = "", cores[64] = "";
			for (int k = 0; k < 2; k++) {
				if (!mask[i][k])
					continue;
				snprintf(nodes + strlen(nodes), sizeof nodes - strlen(nodes), "%scs%d",
					 *nodes ? "," : "", k + 1);
				if (*cores)
					strcat(cores, "/");
				int first = 1;
				for (int b = 0; b < 4; b++)
					if (mask[i][k] >> b & 1) {
						snprintf(cores + strlen(cores), sizeof cores - strlen(cores),
							 "%s%d", first ? "" : ",", b);
						first = 0;
					}
			}
			snprintf(text + strlen(text), sizeof text - strlen(text),
				 "task t%d model=amdahl t1=1 scope=cluster\n"
				 "plan t%d node=%s cores=%s start=%d end=%d\n",
				 i, i, nodes, cores, st[i], en[i]);
		}
		int want = 0;
		for (int i = 0; i < T && !want; i++)
			for (int j = 0; j < i && !want; j++)
				want = ((mask[i][0] & mask[j][0]) || (mask[i][1] & mask[j][1])) &&
				       st[i] < en[j] && st[j] < en[i];
		n = check(text, 0, &err);
		found += want;
		if ((n > 0) != want || (n > 0 && !strstr(err, "also used by"))) {
			if (!bad)
				fprintf(stderr, "# case %d: %d problems, want %s\n%s%s", c, n,
					want ? "some" : "none", text, err);
			bad++;
		}
	}
	TAP_OK(bad == 0 && found > cases / 4 && found < cases,
	       "whole nodes: overlaps found as pairwise, on %d random schedules (%d with one, %d differ)",
	       cases, found, bad);
}

int main(void)
{
	hs_set_progname("test");
	test_tolerance();
	test_unreadable();
	test_good();
	test_overlap();
	test_durations();
	test_structure();
	test_any();
	test_many();
	test_order_reuse();
	test_take_plan();
	test_emit();
	test_replaced();
	test_set_after();
	test_cycle_forward();
	test_whole_nodes();
	return tap_done();
}
