/* test_model - runtime models, loading the model from records (defaults,
 * any order, every error message), writing plans and provenance back. */
#include "model_fixture.h"
#include "tap.h"

#include <math.h>

static struct hs_task task_of(const char *fields)
{
	/* One task loaded through the real loader, copied out. */
	struct hs_stream s;
	struct hs_instance in;
	char text[512];
	snprintf(text, sizeof text, "task t %s\n", fields);
	struct hs_task t;
	memset(&t, 0, sizeof t);
	if (fx_load(&s, &in, text) == 0) {
		t = in.tasks[0];
		t.times = NULL;
		if (in.tasks[0].ntimes) {
			t.times = malloc(t.ntimes * sizeof *t.times);
			memcpy(t.times, in.tasks[0].times, t.ntimes * sizeof *t.times);
		}
		fx_free(&s, &in);
	} else {
		t.model = -1;
		hs_stream_release(&s);
	}
	return t;
}

static void test_runtime(void)
{
	struct hs_task o = task_of("model=overhead T=50 x=0.95");
	TAP_OK(o.model == HS_MODEL_OVERHEAD, "overhead task loads");
	TAP_OK(hs_task_time(&o, 1) == 50, "overhead t(1) = T exactly");
	double e8 = 50 * (0.95 / 8 + 0.05 * (log(8) + 8));
	TAP_NEAR(hs_task_time(&o, 8), e8, 1e-12, "overhead t(8) = 50*(0.95/8+0.05*(ln 8+8))");
	TAP_NEAR(hs_task_time(&o, 8), 31.136103854199589, 1e-9, "overhead t(8) = 31.1361038542");
	TAP_OK(isinf(hs_task_time(&o, 0)), "t(0) is infinite");
	/* Continuous optimum near 3.89: t(3)=26.08, t(4)=25.34, t(5)=26.02. */
	TAP_OK(hs_task_best_p(&o, 64) == 4, "overhead best p = 4");
	TAP_OK(hs_task_best_p(&o, 3) == 3, "overhead best p capped by pmax");
	int brute_ok = 1;
	for (int x = 0; x <= 20; x++) {
		o.x = x / 20.0;
		for (int pmax = 1; pmax <= 40; pmax++) {
			int best = 1;
			for (int p = 2; p <= pmax; p++)
				if (hs_task_time(&o, p) < hs_task_time(&o, best))
					best = p;
			if (hs_task_best_p(&o, pmax) != best)
				brute_ok = 0;
		}
	}
	TAP_OK(brute_ok, "overhead best_p equals brute force for x in 0..1, pmax 1..40");

	struct hs_task a = task_of("model=amdahl t1=100 beta=0.1");
	TAP_OK(hs_task_time(&a, 1) == 100, "amdahl t(1) = t1");
	TAP_NEAR(hs_task_time(&a, 4), 32.5, 1e-12, "amdahl t(4) = 100*(0.1+0.9/4) = 32.5");
	TAP_OK(hs_task_best_p(&a, 16) == 16, "amdahl best p = pmax");
	TAP_OK(hs_task_work(&a) == 100, "amdahl work = t(1)");

	struct hs_task am = task_of("model=amdahl t1=100 beta=0.1 max_cores=2");
	TAP_OK(am.size == 2, "max_cores read into size");
	TAP_OK(isinf(hs_task_time(&am, 3)) && isfinite(hs_task_time(&am, 2)), "max_cores caps p");
	TAP_OK(hs_task_best_p(&am, 8) == 2, "best p respects max_cores");

	struct hs_task s1 = task_of("model=amdahl t1=7 beta=1");
	TAP_OK(hs_task_best_p(&s1, 8) == 1, "sequential amdahl best p = 1");

	struct hs_task tb = task_of("model=table times=10,6,5,5.5");
	TAP_OK(hs_task_time(&tb, 2) == 6 && hs_task_time(&tb, 4) == 5.5, "table t(p)");
	TAP_OK(isinf(hs_task_time(&tb, 5)), "table p > P is infinite");
	TAP_OK(hs_task_best_p(&tb, 10) == 3, "table best p = 3");
	free(tb.times);

	struct hs_task r = task_of("model=rigid size=4 time=7");
	TAP_OK(hs_task_time(&r, 4) == 7 && isinf(hs_task_time(&r, 3)) && isinf(hs_task_time(&r, 5)),
	       "rigid only on exactly size cores");
	TAP_OK(hs_task_min_p(&r) == 4 && hs_task_min_p(&a) == 1, "min p: rigid size, else 1");
	TAP_OK(isinf(hs_task_seq_time(&r)), "rigid size 4 has no sequential time");
	TAP_OK(hs_task_work(&r) == 28, "rigid work = size*time");
	TAP_OK(hs_task_best_p(&r, 3) == 0 && hs_task_best_p(&r, 8) == 4, "rigid best p");

	struct hs_node fast = { .id = "n", .cores = 8, .speed = 2, .gpus = 1, .gpu_speed = 2 };
	struct hs_node nogpu = { .id = "m", .cores = 8, .speed = 1, .gpus = 0, .gpu_speed = 1 };
	TAP_OK(hs_task_time_on(&a, &fast, 4) == 32.5 / 2, "time on node = t(p)/speed");

	struct hs_task g = task_of("model=overhead T=50 x=0.95 alpha=4");
	TAP_OK(g.gpu_time == 12.5 && g.on == HS_ON_ANY && g.alpha == 4,
	       "alpha=4: gpu_time = t(1)/4, on=any");
	TAP_OK(hs_task_gpu_time_on(&g, &fast) == 6.25, "gpu time / gpu_speed");
	TAP_OK(isinf(hs_task_gpu_time_on(&g, &nogpu)), "no GPU on node: infinite");
	TAP_OK(isinf(hs_task_gpu_time_on(&o, &fast)), "CPU task cannot use a GPU");
	struct hs_task g0 = task_of("model=amdahl t1=5 alpha=0");
	TAP_OK(g0.on == HS_ON_CPU && isinf(g0.gpu_time), "alpha=0: CPU only");
	struct hs_task gg = task_of("model=gpu gpu_time=3");
	TAP_OK(gg.on == HS_ON_GPU && gg.gpu_time == 3 && isnan(gg.alpha), "model gpu: on=gpu");
	TAP_OK(isinf(hs_task_time(&gg, 1)) && isinf(hs_task_work(&gg)), "GPU-only task has no CPU time");
	struct hs_task og = task_of("model=amdahl t1=5 gpu_time=1 on=gpu");
	TAP_OK(isinf(hs_task_time(&og, 1)) && hs_task_gpu_time_on(&og, &fast) == 0.5,
	       "on=gpu: no CPU time, GPU time");
}

static const char *PLAT =
	"node w1 cluster=ws cores=12 speed=1.2\n"
	"cluster cs bw=1e9 lat=1e-6\n"
	"node cs1 cluster=cs cores=8 speed=1\n"
	"node lone cores=4\n"
	"node cs2 cluster=cs cores=8 gpus=2 gpu_speed=3 cpu_busy=10 cpu_idle=2\n"
	"cluster ws sharing=fatpipe\n"
	"platform p ref_flops=2e9\n";

static void test_load_platform(void)
{
	struct hs_stream s;
	struct hs_instance in;
	TAP_OK(fx_load(&s, &in, PLAT) == 0, "platform in any order loads");
	const struct hs_platform *pl = &in.plat;
	TAP_OK(pl->nclusters == 3 && pl->nnodes == 4, "3 clusters (implicit default), 4 nodes");
	TAP_STREQ(pl->clusters[0].id, "cs", "clusters in stream order");
	TAP_STREQ(pl->clusters[2].id, "default", "implicit cluster 'default' last");
	int cs = hs_instance_find_cluster(&in, "cs"), ws = hs_instance_find_cluster(&in, "ws");
	TAP_OK(cs == 0 && ws == 1 && hs_instance_find_cluster(&in, "zz") == -1, "find_cluster");
	/* Nodes grouped by cluster: cs1, cs2 | w1 | lone. */
	TAP_STREQ(pl->nodes[0].id, "cs1", "node 0 cs1");
	TAP_STREQ(pl->nodes[1].id, "cs2", "node 1 cs2");
	TAP_STREQ(pl->nodes[2].id, "w1", "node 2 w1");
	TAP_STREQ(pl->nodes[3].id, "lone", "node 3 lone");
	TAP_OK(hs_instance_find_node(&in, "w1") == 2 && hs_instance_find_node(&in, "lone") == 3 &&
		       hs_instance_find_node(&in, "x") == -1,
	       "find_node follows the grouping");
	const struct hs_cluster *c = &pl->clusters[cs];
	TAP_OK(c->first_node == 0 && c->nnodes == 2 && c->nodes[0] == 0 && c->nodes[1] == 1 &&
		       c->cores == 16,
	       "cluster cs: nodes 0,1, 16 cores");
	TAP_OK(pl->clusters[ws].first_node == 2 && pl->clusters[ws].cores == 12 &&
		       pl->clusters[ws].sharing_fatpipe == 1,
	       "cluster ws");
	TAP_OK(pl->nodes[3].cluster == 2, "clusterless node in default");
	TAP_OK(c->bw == 1e9 && c->lat == 1e-6 && pl->clusters[ws].bw == 1.25e9, "cluster link fields");
	TAP_OK(pl->ref_flops == 2e9, "ref_flops");
	TAP_OK(pl->nodes[2].flops == 1.2 * 2e9, "flops default = speed * ref_flops (platform after)");
	TAP_OK(pl->nodes[1].gpus == 2 && pl->nodes[1].gpu_speed == 3 && pl->nodes[1].cpu_busy == 10 &&
		       pl->nodes[1].cpu_idle == 2 && pl->nodes[0].gpu_speed == 1,
	       "node GPU and power fields");
	TAP_OK(pl->total_cores == 32 && pl->total_gpus == 2, "totals");
	TAP_OK(in.ntasks == 0 && !in.has_plan && !in.has_run, "no tasks, no plan");
	fx_free(&s, &in);
}

static void test_load_tasks_and_plan(void)
{
	struct hs_stream s;
	struct hs_instance in;
	const char *text =
		"# plans may come first\n"
		"plan t2 node=cs1,cs2 cores=0-3/0-1 start=1 end=6.5 after=t1,t1\n"
		"plan t1 node=cs1 cores=0-7 start=0 end=1\n"
		"plan g node=cs2 cores= gpus=1 start=0 end=2\n"
		"run t1 node=cs1 cores=0-7 start=0 end=1.5 state=killed exit=3 energy=12\n"
		"task t1 model=overhead T=50 x=0.95 release=0 walltime=inf unknown_key=1\n"
		"task t2 model=amdahl t1=100 beta=0.5 scope=cluster walltime=30 prio=2 app=A "
		"cmd='sleep 1' comp=1,2 comm=0,1,1,0\n"
		"task g model=gpu gpu_time=2\n"
		"mystery x y=1\n"
		"cluster cs\n"
		"node cs1 cluster=cs cores=8\n"
		"node cs2 cluster=cs cores=8 gpus=2\n";
	TAP_OK(fx_load(&s, &in, text) == 0, "records in any order load");
	TAP_OK(in.ntasks == 3 && hs_instance_find_task(&in, "t2") == 1 &&
		       hs_instance_find_task(&in, "nope") == -1,
	       "tasks indexed in stream order");
	const struct hs_task *t1 = &in.tasks[0], *t2 = &in.tasks[1];
	TAP_OK(isinf(t1->walltime) && t1->on == HS_ON_CPU && t1->scope == HS_SCOPE_NODE &&
		       t1->release == 0 && isinf(t1->gpu_time),
	       "task defaults, walltime=inf");
	TAP_OK(t2->walltime == 30 && t2->scope == HS_SCOPE_CLUSTER && t2->priority == 2 &&
		       t2->ncomp == 2 && t2->ncomm == 4 && t2->comm[1] == 1,
	       "task fields");
	TAP_STREQ(t2->app, "A", "app");
	TAP_STREQ(t2->cmd, "sleep 1", "cmd");
	TAP_OK(in.has_plan && in.has_run, "has plan and run");
	const struct hs_placement *p = &in.plan.p[1];
	TAP_OK(p->task == 1 && p->nparts == 2 && p->parts[0].node == 0 && p->parts[1].node == 1 &&
		       p->parts[0].ncores == 4 && p->parts[1].ncores == 2 && p->parts[1].cores[1] == 1,
	       "multi-node placement");
	TAP_OK(p->start == 1 && p->end == 6.5 && p->nafter == 1 && p->after[0] == 0,
	       "start, end, after (deduplicated)");
	const struct hs_placement *pg = &in.plan.p[2];
	TAP_OK(pg->parts[0].ncores == 0 && pg->parts[0].ngpus == 1 && pg->parts[0].gpus[0] == 1,
	       "GPU placement with empty cores");
	const struct hs_placement *r = &in.run.p[0];
	TAP_OK(r->task == 0 && r->state == HS_STATE_KILLED && r->exit_status == 3 && r->energy == 12 &&
		       r->end == 1.5,
	       "run record fields");
	TAP_OK(in.run.p[1].task == -1, "task without run record: empty slot");
	TAP_OK(in.plan.p[0].exit_status == -1 && isnan(in.plan.p[0].energy), "plan: no exit/energy");

	/* Write the plan back, then reload it. */
	struct hs_record *rec = hs_record_new("plan", "t2");
	hs_placement_to_record(&in, p, rec);
	TAP_STREQ(fx_rec_text(rec), "plan t2 node=cs1,cs2 cores=0-3/0-1 start=1 end=6.5 after=t1",
		  "placement_to_record (plan)");
	hs_record_free(rec);
	rec = hs_record_new("plan", "g");
	hs_placement_to_record(&in, pg, rec);
	TAP_STREQ(fx_rec_text(rec), "plan g node=cs2 cores='' gpus=1 start=0 end=2",
		  "placement_to_record (GPU)");
	hs_record_free(rec);
	rec = hs_record_new("run", "t1");
	hs_placement_to_record(&in, r, rec);
	TAP_STREQ(fx_rec_text(rec),
		  "run t1 node=cs1 cores=0-7 start=0 end=1.5 state=killed exit=3 energy=12",
		  "placement_to_record (run)");
	hs_record_free(rec);
	fx_free(&s, &in);
}

static void check_errors(const char *text, const char *expect, const char *name)
{
	struct hs_stream s;
	struct hs_instance in;
	fx_stream(&s, text);
	fx_cap_begin();
	int rc = hs_instance_load(&in, &s);
	const char *err = fx_cap_end();
	TAP_OK(rc == -1, "%s: load fails", name);
	TAP_STREQ(err, expect, name);
	hs_instance_release(&in);
	hs_stream_release(&s);
}

static void test_errors(void)
{
	check_errors("cluster cs\n"
		     "node cs1 cluster=cs cores=8\n"
		     "task t1 model=overhead T=50 x=nan\n"
		     "task t1 model=amdahl t1=3\n",
		     "test: t.hs:4: task t1: x must be in [0,1], got 'nan'\n"
		     "test: t.hs:5: duplicate task id 't1' (first at line 4)\n",
		     "bad x, duplicate task");
	check_errors("node cs9 cores=0\n"
		     "node cs1 cores=8\n"
		     "task t2 model=amdahl t1=10\n"
		     "task t3 model=amdhal t1=10\n"
		     "task t4 model=amdahl t1=10\n"
		     "task t5 model=amdahl t1=10\n"
		     "task t7 model=amdahl t1=10\n"
		     "plan t4 node=zz cores=0 start=0 end=10\n"
		     "plan t7 node=cs1 cores=9 start=0 end=10\n"
		     "plan t9 node=cs1 cores=0 start=0 end=1\n"
		     "plan t2 node=cs1 cores=1 start=0 end=10 after=t5\n"
		     "plan t5 node=cs1 cores=2 start=0 end=10 after=t2\n",
		     "test: t.hs:2: node cs9: cores must be a positive integer, got '0'\n"
		     "test: t.hs:5: task t3: unknown model 'amdhal'\n"
		     "test: t.hs:9: plan t4: unknown node 'zz'\n"
		     "test: t.hs:10: plan t7: core 9 out of range (node cs1 has 8 cores)\n"
		     "test: t.hs:11: plan t9: unknown task\n"
		     "test: t.hs:12: plan t2: after list is cyclic (t2 -> t5 -> t2)\n",
		     "every problem reported in line order");
	/* Nodes are looked up as the successor of the previous one first:
	 * a repeat or an unknown name after a known node still found. */
	check_errors("cluster c\nnode n1 cluster=c cores=2\nnode n2 cluster=c cores=2\n"
		     "node n3 cluster=c cores=2\n"
		     "task a model=amdahl t1=1 scope=cluster\ntask b model=amdahl t1=1 scope=cluster\n"
		     "task c model=amdahl t1=1 scope=cluster\n"
		     "plan a node=n1,n2,n2 cores=0/0/1 start=0 end=1\n"
		     "plan b node=n2,n3,n4 cores=0/0/0 start=1 end=2\n"
		     "plan c node=n1,n2,n3,n1 cores=1/1/1/0 start=2 end=3\n",
		     "test: t.hs:9: plan a: node 'n2' listed twice\n"
		     "test: t.hs:10: plan b: unknown node 'n4'\n"
		     "test: t.hs:11: plan c: node 'n1' listed twice\n",
		     "consecutive nodes: a repeat and an unknown node after known ones");
	check_errors("node a cores=4 gpus=1\nnode b cores=4\n"
		     "task t1 model=amdahl t1=1 scope=cluster\n"
		     "task t2 model=amdahl t1=1\n"
		     "plan t1 node=a,b cores=0-1 start=0 end=1\n"
		     "plan t2 node=a cores=0 gpus=1-2 start=2 end=1 after=zz\n"
		     "plan t2 node=a cores=0 start=0 end=1\n"
		     "run t1 node=a cores=x start=0 end=1 state=running\n",
		     "test: t.hs:6: plan t1: cores has 1 set for 2 nodes\n"
		     "test: t.hs:7: plan t2: GPU 1 out of range (node a has 1 GPU)\n"
		     "test: t.hs:7: plan t2: end 1 is before start 2\n"
		     "test: t.hs:7: plan t2: unknown task 'zz' in after\n"
		     "test: t.hs:8: duplicate plan record for task 't2' (first at line 7)\n"
		     "test: t.hs:9: run t1: bad core set 'x'\n"
		     "test: t.hs:9: run t1: state must be done, killed, failed or rejected, got 'running'\n",
		     "placement errors");
	check_errors("node n cores=2 cluster=nowhere speed=-1\n"
		     "task a model=gpu\n"
		     "task b model=amdahl beta=2 walltime=0 on=gpu\n"
		     "task c model=table times=1,,2 scope=everywhere release=-1\n"
		     "task d model=rigid size=2 time=1 alpha=2\n"
		     "task e model=amdahl t1=1 gpu_time=1 alpha=1 comp=1,2 comm=1,2\n"
		     "task f T=1\n"
		     "platform p ref_flops=0\nplatform q\n",
		     "test: t.hs:2: node n: speed must be a positive number, got '-1'\n"
		     "test: t.hs:2: node n: unknown cluster 'nowhere'\n"
		     "test: t.hs:3: task a: model gpu needs gpu_time=\n"
		     "test: t.hs:4: task b: missing t1=\n"
		     "test: t.hs:4: task b: beta must be in [0,1], got '2'\n"
		     "test: t.hs:4: task b: on=gpu needs gpu_time= or alpha= (> 0)\n"
		     "test: t.hs:4: task b: walltime must be a positive number or inf, got '0'\n"
		     "test: t.hs:5: task c: times must be a list of non-negative numbers, got '1,,2'\n"
		     "test: t.hs:5: task c: scope must be node, cluster or any, got 'everywhere'\n"
		     "test: t.hs:5: task c: release must be a non-negative number, got '-1'\n"
		     "test: t.hs:6: task d: alpha= needs a sequential time; give gpu_time=\n"
		     "test: t.hs:7: task e: give either gpu_time= or alpha=, not both\n"
		     "test: t.hs:7: task e: comm has 2 values, expected 1 or 4 (comp has 2 processes)\n"
		     "test: t.hs:8: task f: missing model= (one of amdahl, overhead, table, rigid, gpu)\n"
		     "test: t.hs:9: platform p: ref_flops must be a positive number, got '0'\n"
		     "test: t.hs:10: duplicate platform record (first at line 9)\n",
		     "field errors");
	/* One comp value: comm is n x n for the allotment's n processes. */
	check_errors("task g model=amdahl t1=1 comp=5 comm=1,2,3\n"
		     "task h model=amdahl t1=1 comp=5 comm=0,1,1,0\n",
		     "test: t.hs:2: task g: comm has 3 values, expected 1 or a square number (n x n processes)\n",
		     "comm matrix with one comp value");

	/* More than 20 problems: the first 20 and a count. */
	char big[4096] = "";
	for (int i = 0; i < 25; i++)
		snprintf(big + strlen(big), sizeof big - strlen(big), "task t%d model=zz\n", i);
	struct hs_stream s;
	struct hs_instance in;
	fx_stream(&s, big);
	fx_cap_begin();
	int rc = hs_instance_load(&in, &s);
	const char *err = fx_cap_end();
	int lines = 0;
	for (const char *p = err; *p; p++)
		lines += *p == '\n';
	TAP_OK(rc == -1 && lines == 21 && strstr(err, "test: t.hs: 5 more problems not shown\n"),
	       "20 problems shown, then a count");
	TAP_OK(strstr(err, "t.hs:21: task t19: unknown model 'zz'") && !strstr(err, "task t20:"),
	       "the first 20 by line");
	hs_instance_release(&in);
	hs_stream_release(&s);

	/* A long cycle is abbreviated. */
	char cyc[4096] = "node n cores=1\n";
	for (int i = 0; i < 12; i++)
		snprintf(cyc + strlen(cyc), sizeof cyc - strlen(cyc),
			 "task c%d model=amdahl t1=1\nplan c%d node=n cores=0 start=0 end=1 after=c%d\n",
			 i, i, (i + 1) % 12);
	check_errors(cyc,
		     "test: t.hs:4: plan c0: after list is cyclic (c0 -> c1 -> c2 -> c3 -> c4 -> c5 -> "
		     "... -> c11 -> c0)\n",
		     "long cycle abbreviated");
}

static int drop_none(const struct hs_record *r, void *a)
{
	(void)r;
	(void)a;
	return 0;
}

static const char *stream_text(const struct hs_stream *s)
{
	static char buf[8192];
	FILE *f = fmemopen(buf, sizeof buf, "w");
	hs_stream_write(f, s);
	fclose(f);
	return buf;
}

static void test_write_back(void)
{
	struct hs_stream s;
	struct hs_instance in;
	const char *text = "# top\n"
			   "hs 1\n"
			   "prov gen tool=mine algo=g1\n"
			   "node n cores=4\n"
			   "task a model=amdahl t1=4\n"
			   "task b model=amdahl t1=2\n"
			   "plan a node=n cores=0 start=0 end=4\n"
			   "run a node=n cores=0 start=0 end=4 state=done\n"
			   "# tail\n";
	TAP_OK(fx_load(&s, &in, text) == 0, "load for write-back");
	struct hs_schedule sc;
	hs_schedule_init(&sc, in.ntasks);
	int c01[] = { 1, 0 };
	hs_schedule_add(&sc, 1, 0, c01, 2, NULL, 0, 0, 1);
	hs_schedule_add(&sc, 0, 0, c01, 1, NULL, 0, 2, 6);
	hs_schedule_compute_after(&sc, &in.plat);
	hs_instance_set_plan(&in, &sc);
	hs_schedule_release(&sc);
	struct hs_record *pr = hs_instance_prov(&in, "plan");
	hs_record_set(pr, "algo", "x1");
	hs_record_set(pr, "tool", "hs-plan");
	hs_stream_filter(&s, drop_none, NULL);
	TAP_STREQ(stream_text(&s),
		  "# top\n"
		  "hs 1\n"
		  "prov gen tool=mine algo=g1\n"
		  "prov plan algo=x1 tool=hs-plan\n"
		  "node n cores=4\n"
		  "task a model=amdahl t1=4\n"
		  "task b model=amdahl t1=2\n"
		  "# tail\n"
		  "plan a node=n cores=1 start=2 end=6 after=b\n"
		  "plan b node=n cores=0-1 start=0 end=1\n"
		  "end stream records=7 tasks=2 plans=2 runs=0\n",
		  "set_plan drops plan and run records, appends in task order; prov after prov");
	TAP_OK(in.has_plan && !in.has_run && in.plan.p[0].nafter == 1 && in.plan.p[0].start == 2,
	       "model follows the new plan");
	TAP_STREQ(hs_stream_prov(&s, "algo"), "x1", "prov: later stage wins");
	TAP_STREQ(hs_stream_prov(&s, "gen.algo"), "g1", "prov: STAGE.KEY");
	TAP_STREQ(hs_stream_prov(&s, "tool"), "hs-plan", "prov: tool from the last stage");
	TAP_OK(hs_stream_prov(&s, "sim.algo") == NULL && hs_stream_prov(&s, "nokey") == NULL,
	       "prov: absent keys");

	/* Replacing a stage's record keeps one of it. */
	pr = hs_instance_prov(&in, "gen");
	hs_record_set(pr, "algo", "g2");
	TAP_STREQ(hs_stream_prov(&s, "algo"), "g2", "replaced gen prov is now last");
	int n = 0;
	for (size_t i = 0; i < s.n; i++)
		n += s.recs[i]->kind && strcmp(s.recs[i]->kind, "prov") == 0;
	TAP_OK(n == 2, "still two prov records");

	struct hs_schedule run;
	hs_replay(&in, &in.plan, &run);
	hs_instance_set_run(&in, &run);
	hs_schedule_release(&run);
	TAP_OK(in.has_run && in.run.p[0].state == HS_STATE_DONE, "set_run updates the model");
	const char *out = stream_text(&s);
	TAP_OK(strstr(out, "run a node=n cores=1 start=1 end=5 after=b state=done energy=0\n") &&
		       strstr(out, "run b node=n cores=0-1 start=0 end=1 state=done energy=0\n"),
	       "run records appended");

	/* The written stream loads back to the same plan. */
	struct hs_stream s2;
	struct hs_instance in2;
	TAP_OK(fx_load(&s2, &in2, strstr(out, "\n") + 1) == 0, "written stream reloads");
	TAP_OK(in2.plan.p[0].start == 2 && in2.plan.p[1].parts[0].ncores == 2 &&
		       in2.run.p[0].start == 1 && in2.run.p[0].end == 5,
	       "reloaded plan and run match");
	fx_free(&s2, &in2);

	/* No prov record at all: the new one goes right after the header. */
	struct hs_stream s3;
	struct hs_instance in3;
	fx_load(&s3, &in3, "# c\nhs 1\nnode n cores=1\n");
	hs_instance_prov(&in3, "sim");
	TAP_STREQ(stream_text(&s3), "# c\nhs 1\nprov sim\nnode n cores=1\nend stream records=2 tasks=0 plans=0 runs=0\n",
		  "first prov right after the header");
	fx_free(&s3, &in3);
	fx_free(&s, &in);
}

/* After lists are looked up a few records ahead of their decoding (the
 * task map's cache misses hidden): every list must still be its record's,
 * on one thread and on several (from 20 000 placements), around the
 * look-ahead's edges (the first 8 records, the last 8, a thread's part),
 * and an unknown id reported on its own line. */
static void test_after_lookahead(void)
{
	static const int sizes[] = { 1, 7, 8, 9, 17, 30011 };
	for (int th = 1; th <= 4; th += 3)
		for (size_t z = 0; z < sizeof sizes / sizeof *sizes; z++) {
			int n = sizes[z];
			hs_stream_set_threads(th);
			char *text = NULL;
			size_t len = 0;
			FILE *f = open_memstream(&text, &len);
			fprintf(f, "node a cores=4\n");
			for (int i = 0; i < n; i++)
				fprintf(f, "task t%d model=amdahl t1=1\n", i);
			/* Task i runs on core i%4 in [i, i+1) after the tasks 1, 2
			 * and 3 before it (3 ids, one repeated, unsorted; 1 or 0
			 * near the start). */
			for (int i = 0; i < n; i++) {
				fprintf(f, "plan t%d node=a cores=%d start=%d end=%d", i, i % 4, i, i + 1);
				if (i >= 3)
					fprintf(f, " after=t%d,t%d,t%d,t%d", i - 1, i - 3, i - 2, i - 1);
				else if (i >= 1)
					fprintf(f, " after=t%d", i - 1);
				fprintf(f, "\n");
			}
			fclose(f);
			struct hs_stream s;
			struct hs_instance in;
			int rc = fx_load(&s, &in, text);
			int bad = rc != 0;
			for (int i = 0; !bad && i < n; i++) {
				const struct hs_placement *p = &in.plan.p[i];
				int want = i >= 3 ? 3 : i >= 1 ? 1 : 0;
				bad = p->nafter != want;
				for (int k = 0; !bad && k < want; k++)
					bad = p->after[k] != i - want + k;
			}
			TAP_OK(!bad, "after lists through the look-ahead: %d placements, %d thread%s", n,
			       th, th == 1 ? "" : "s");
			fx_free(&s, &in);
			free(text);
		}
	/* An unknown id at the edges of the look-ahead, on its own line. */
	static const int at[] = { 0, 7, 8, 9, 11 };
	for (size_t z = 0; z < sizeof at / sizeof *at; z++) {
		char *text = NULL, want[200];
		size_t len = 0;
		FILE *f = open_memstream(&text, &len);
		fprintf(f, "node a cores=12\n");
		for (int i = 0; i < 12; i++)
			fprintf(f, "task t%d model=amdahl t1=1\n", i);
		for (int i = 0; i < 12; i++)
			fprintf(f, "plan t%d node=a cores=%d start=0 end=1%s\n", i, i,
				i == at[z] ? " after=t3,zz" : i == 4 ? " after=t3" : "");
		fclose(f);
		snprintf(want, sizeof want, "test: t.hs:%d: plan t%d: unknown task 'zz' in after\n",
			 at[z] + 15, at[z]);
		char name[64];
		snprintf(name, sizeof name, "an unknown id in after at placement %d", at[z]);
		check_errors(text, want, name);
		free(text);
	}
	hs_stream_set_threads(0);
}

static void test_big_load(void)
{
	/* 200k tasks with plans: the loader must stay linear. */
	int n = 200000;
	char path[] = "/tmp/hs-test-big-XXXXXX";
	int fd = mkstemp(path);
	FILE *f = fdopen(fd, "w");
	fprintf(f, "hs 1\n");
	for (int j = 0; j < 100; j++)
		fprintf(f, "node n%d cores=16\n", j);
	for (int i = 0; i < n; i++)
		fprintf(f, "task t%d model=overhead T=%d x=0.9\n", i, 10 + i % 7);
	for (int i = 0; i < n; i++)
		fprintf(f, "plan t%d node=n%d cores=%d start=%d end=%d%s%d\n", i, i % 100, (i / 100) % 16,
			i, i + 1, i >= 1600 ? " after=t" : "", i >= 1600 ? i - 1600 : 0);
	fclose(f);
	struct hs_stream s;
	struct hs_instance in;
	double t0 = hs_now();
	int rc = hs_stream_load(&s, path);
	double t1 = hs_now();
	rc |= hs_instance_load(&in, &s);
	double t2 = hs_now();
	unlink(path);
	TAP_OK(rc == 0 && in.ntasks == n && in.plan.p[n - 1].after[0] == n - 1601,
	       "200k tasks + plans load");
	printf("# read %.2fs, model %.2fs\n", t1 - t0, t2 - t1);
	fx_free(&s, &in);
}

/* A stream of n tasks with plans and runs on nodes of 4 cores, as the
 * simulators write it; task k's run names other resources than its plan
 * when k % 5 == 0 (another core set) or k % 5 == 1 (another node), and
 * task bad's run has a bad end. */
static char *share_text(int n, int bad)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	fprintf(f, "hs 1\ncluster c\n");
	for (int j = 0; j < 8; j++)
		fprintf(f, "node n%d cluster=c cores=4\n", j);
	for (int i = 0; i < n; i++)
		fprintf(f, "task t%d model=rigid size=8 time=1 scope=cluster\n", i);
	for (int k = 0; k < 2; k++)
		for (int i = 0; i < n; i++) {
			int a = i % 6, other = k && i % 5 == 1;
			fprintf(f, "%s t%d node=n%d,n%d cores=%s/0-3 start=%d end=%s\n", k ? "run" : "plan",
				i, a, other ? 7 : a + 1, k && i % 5 == 0 ? "0-2" : "0-3", i,
				k && i == bad ? "x" : i % 2 ? "1e9" : "2e9");
		}
	fclose(f);
	return buf;
}

/* Issue 28: HS_LOAD_SHARE_PARTS gives a run record that names its plan's
 * resources the plan's parts (half the memory of a simulated stream),
 * and no other; the instance is released without a double free, also
 * after a bad run record (the loader then decodes again on one thread). */
static void test_share_parts(void)
{
	for (int big = 0; big < 2; big++) {
		int n = big ? 15000 : 20; /* 30 000 records: decoded on threads */
		for (int bad = -1; bad < 1; bad++) {
			char *text = share_text(n, bad < 0 ? -1 : n - 3);
			struct hs_stream s;
			struct hs_instance in;
			int rc = fx_stream(&s, text);
			fx_cap_begin();
			rc |= hs_instance_load_flags(&in, &s, HS_LOAD_SHARE_PARTS);
			const char *err = fx_cap_end();
			int shared = 0, right = 1;
			for (int i = 0; i < in.ntasks && in.run.p && in.plan.p; i++) {
				const struct hs_placement *p = &in.plan.p[i], *r = &in.run.p[i];
				int same = i % 5 > 1;
				if (r->task < 0)
					continue;
				shared += r->parts == p->parts;
				right &= (r->parts == p->parts) == same && r->nparts == 2 &&
					 r->parts[1].node == (i % 5 == 1 ? 7 : i % 6 + 1) &&
					 r->parts[0].ncores == (i % 5 == 0 ? 3 : 4);
			}
			if (bad < 0)
				TAP_OK(rc == 0 && right && shared == n * 3 / 5,
				       "share parts (%d tasks): the runs naming their plan's resources share its parts (%d), the others not",
				       n, shared);
			else
				TAP_OK(rc != 0 && strstr(err, "run t") && strstr(err, ": end") && right,
				       "share parts (%d tasks): a bad run record reported, nothing shared wrongly (%.200s)",
				       n, err);
			fx_free(&s, &in);
			free(text);
		}
	}
	/* Without the flag, nothing is shared. */
	char *text = share_text(20, -1);
	struct hs_stream s;
	struct hs_instance in;
	int rc = fx_load(&s, &in, text);
	int shared = 0;
	for (int i = 0; rc == 0 && i < in.ntasks; i++)
		shared += in.run.p[i].parts == in.plan.p[i].parts;
	TAP_OK(rc == 0 && shared == 0, "share parts: not without the flag (%d)", shared);
	fx_free(&s, &in);
	free(text);
}

int main(void)
{
	hs_set_progname("test");
	test_runtime();
	test_load_platform();
	test_load_tasks_and_plan();
	test_errors();
	test_write_back();
	test_after_lookahead();
	test_big_load();
	test_share_parts();
	return tap_done();
}
