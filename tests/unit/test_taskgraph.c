/* test_taskgraph - task graphs (deps=): what the loader keeps, the
 * successor lists, the list order, ready times, the critical path and the
 * critical-path bound, the plan graph both simulators wait on, the replay
 * and the validator, on graphs small enough to work out by hand. */
#include "model_fixture.h"
#include "tap.h"

/* A diamond with a side task:  a(3) -> b(2) -> d(1)
 *                               a    -> c(1) -> d
 *                               e(5), released at 1, alone.
 * On fastest times the longest chain is a, b, d = 3 + 2 + 1 = 6; e ends at
 * 1 + 5 = 6 too; with c released at 5 the chain a, c, d is 5 + 1 + 1 = 7. */
static const char *diamond = "node n cores=4\n"
			     "task a model=rigid size=1 time=3\n"
			     "task b model=rigid size=1 time=2 deps=a:1e6\n"
			     "task c model=rigid size=1 time=1 deps=a\n"
			     "task d model=rigid size=1 time=1 deps=c:5,b:7\n"
			     "task e model=rigid size=1 time=5 release=1\n";

static void test_load(void)
{
	struct hs_stream s;
	struct hs_instance in;
	TAP_OK(fx_load(&s, &in, diamond) == 0, "diamond loads");
	const struct hs_task *d = &in.tasks[3];
	TAP_OK(d->ndeps == 2 && d->deps[0] == 1 && d->deps[1] == 2,
	       "deps sorted by task index: d depends on b, c");
	TAP_OK(d->dep_bytes[0] == 7 && d->dep_bytes[1] == 5, "bytes follow their task when sorted");
	TAP_OK(in.tasks[1].ndeps == 1 && in.tasks[1].dep_bytes[0] == 1e6, "b: a:1e6");
	TAP_OK(in.tasks[2].dep_bytes[0] == 0, "c: a without bytes: 0");
	TAP_OK(in.tasks[0].ndeps == 0 && in.tasks[0].deps == NULL, "a: no deps, NULL");
	TAP_OK(hs_instance_has_deps(&in), "has deps");

	struct hs_task_succ g;
	hs_task_succ_build(&in, &g);
	TAP_OK(g.off[1] - g.off[0] == 2 && g.succ[g.off[0]] == 1 && g.succ[g.off[0] + 1] == 2,
	       "a's successors: b, c");
	TAP_OK(g.off[4] - g.off[3] == 0 && g.off[5] - g.off[4] == 0, "d, e: none");
	TAP_OK(g.succ[g.off[1]] == 3 && g.succ[g.off[2]] == 3, "b and c lead to d");
	hs_task_succ_release(&g);
	fx_free(&s, &in);

	/* An id with ':' names its task; a task id ending in :N still works. */
	fx_cap_begin();
	int rc = fx_load(&s, &in, "node n cores=1\ntask x:1 model=rigid size=1 time=1\n"
				  "task y model=rigid size=1 time=1 deps=x:1,x:1:8\n");
	fx_cap_end();
	TAP_OK(rc != 0, "x:1 and x:1:8 are the same task twice");
	fx_free(&s, &in);
	TAP_OK(fx_load(&s, &in, "node n cores=1\ntask x:1 model=rigid size=1 time=1\n"
				"task y model=rigid size=1 time=1 deps=x:1:8\n") == 0 &&
		       in.tasks[1].deps[0] == 0 && in.tasks[1].dep_bytes[0] == 8,
	       "x:1:8 is task x:1 carrying 8 bytes");
	fx_free(&s, &in);
}

static const char *load_error(const char *text)
{
	struct hs_stream s;
	struct hs_instance in;
	fx_cap_begin();
	int rc = fx_load(&s, &in, text);
	const char *err = fx_cap_end();
	fx_free(&s, &in);
	return rc == -1 ? err : "(loaded)";
}

static void test_errors(void)
{
	const char *e;
	e = load_error("node n cores=1\ntask a model=rigid size=1 time=1 deps=zz\n");
	TAP_OK(strstr(e, "t.hs:3: task a: deps: unknown task 'zz'") != NULL, "unknown task: message with the line");
	e = load_error("node n cores=1\ntask a model=rigid size=1 time=1 deps=a\n");
	TAP_OK(strstr(e, "t.hs:3: task a: depends on itself") != NULL, "self-dependency: message with the line");
	e = load_error("node n cores=1\ntask a model=rigid size=1 time=1 deps=b\n"
		       "task b model=rigid size=1 time=1 deps=c\n"
		       "task c model=rigid size=1 time=1 deps=a\n");
	TAP_OK(strstr(e, "t.hs:3: task a: deps are cyclic (a -> b -> c -> a)") != NULL, "cycle: message with the line and the path");
	e = load_error("node n cores=1\ntask a model=rigid size=1 time=1\n"
		       "task b model=rigid size=1 time=1 deps=a:-1\n");
	TAP_OK(strstr(e, "t.hs:4: task b: deps: bytes of a must be a non-negative number, got '-1'"),
	       "negative bytes: message with the line");
	e = load_error("node n cores=1\ntask a model=rigid size=1 time=1\n"
		       "task b model=rigid size=1 time=1 deps=a,,a\n");
	TAP_OK(strstr(e, "t.hs:4: task b: deps: empty task id") != NULL, "empty piece: message with the line");
	TAP_OK(strstr(e, "t.hs:4: task b: deps: a listed twice") != NULL, "a task listed twice: message with the line");
}

static void test_order(void)
{
	struct hs_stream s;
	struct hs_instance in;
	fx_load(&s, &in, diamond);
	/* Preferred: d, e, c, b, a.  a is the only ready task of the first
	 * four, then e comes before it; after a: c (before b), b, then d. */
	int prio[5] = {3, 4, 2, 1, 0}, out[5];
	int m = hs_deps_order(&in, prio, out);
	TAP_OK(m == 5 && out[0] == 4 && out[1] == 0 && out[2] == 2 && out[3] == 1 && out[4] == 3,
	       "list order e, a, c, b, d (got %d %d %d %d %d)", out[0], out[1], out[2], out[3],
	       out[4]);
	int same[5] = {0, 1, 2, 3, 4};
	hs_deps_order(&in, same, same);
	TAP_OK(same[0] == 0 && same[4] == 4, "a topological order stays as it is, in place");

	double w[5] = {3, 2, 1, 1, 5}, est[5];
	double cp = hs_critical_path(&in, w, est);
	TAP_OK(cp == 6, "critical path 6 (a b d, and e from its release)");
	TAP_OK(est[0] == 0 && est[1] == 3 && est[2] == 3 && est[3] == 5 && est[4] == 1,
	       "earliest starts 0 3 3 5 1");

	struct hs_schedule sch;
	hs_schedule_init(&sch, 5);
	int core = 0;
	hs_schedule_add(&sch, 0, 0, &core, 1, NULL, 0, 0, 3);
	TAP_OK(hs_deps_ready(&in, &sch, 1) == 3, "b ready when a ends (3)");
	TAP_OK(hs_deps_ready(&in, &sch, 3) == 0, "d: its deps are not placed yet: 0");
	TAP_OK(hs_deps_ready(&in, &sch, 4) == 1, "e: its release date");
	hs_schedule_release(&sch);
	fx_free(&s, &in);

	fx_load(&s, &in, "node n cores=1\ntask a model=rigid size=1 time=3\n"
			 "task c model=rigid size=1 time=1 release=5 deps=a\n"
			 "task d model=rigid size=1 time=1 deps=c\n");
	double w2[3] = {3, 1, 1};
	TAP_OK(hs_critical_path(&in, w2, NULL) == 7, "a release on the chain: 5 + 1 + 1 = 7");
	fx_free(&s, &in);
}

static void test_bounds(void)
{
	struct hs_stream s;
	struct hs_instance in;
	struct hs_bounds b;
	fx_load(&s, &in, diamond);
	hs_lower_bounds(&in, 0, &b);
	TAP_OK(b.critical_path == 6 && b.longest == 6, "diamond: critical path 6, longest 6");
	fx_free(&s, &in);

	/* A chain of four tasks on 4 cores: area 2.5, longest 4, chain 10.
	 * On a node of speed 2 with a GPU where the last task takes 0.5: the
	 * fastest times are 0.5, 1, 1.5, 0.5: chain 3.5. */
	fx_load(&s, &in, "node n cores=4\n"
			 "task a model=rigid size=1 time=1\ntask b model=rigid size=1 time=2 deps=a\n"
			 "task c model=rigid size=1 time=3 deps=b\ntask d model=rigid size=1 time=4 deps=c\n");
	hs_lower_bounds(&in, 1, &b);
	TAP_OK(b.critical_path == 10 && b.longest == 4 && b.area == 2.5, "chain: 10, 4, 2.5");
	TAP_OK(b.best == 10, "best is the critical path");
	fx_free(&s, &in);
	fx_load(&s, &in, "node n cores=4 speed=2 gpus=1\n"
			 "task a model=rigid size=1 time=1\ntask b model=rigid size=1 time=2 deps=a\n"
			 "task c model=rigid size=1 time=3 deps=b\n"
			 "task d model=rigid size=1 time=4 gpu_time=0.5 deps=c\n");
	hs_lower_bounds(&in, 0, &b);
	TAP_OK(b.critical_path == 3.5, "chain at the fastest speeds and the GPU: 3.5");
	fx_free(&s, &in);
	fx_load(&s, &in, "node n cores=2\ntask a model=rigid size=1 time=3\n"
			 "task b model=rigid size=1 time=4 release=2\n");
	hs_lower_bounds(&in, 0, &b);
	TAP_OK(b.critical_path == 6 && b.longest == 6, "without deps: the longest task");
	fx_free(&s, &in);
}

/* a, b on core 0 in that order (b after a); c on core 1 depends on b;
 * d on core 2 depends on a and is also in... nothing else. */
static const char *planned = "node n cores=3\n"
			     "task a model=rigid size=1 time=2\n"
			     "task b model=rigid size=1 time=3\n"
			     "task c model=rigid size=1 time=1 deps=b\n"
			     "task d model=rigid size=1 time=4 deps=a,b\n"
			     "plan a node=n cores=0 start=0 end=2\n"
			     "plan b node=n cores=0 start=2 end=5 after=a\n"
			     "plan c node=n cores=1 start=5 end=6\n"
			     "plan d node=n cores=2 start=5 end=9\n";

static void test_graph_replay(void)
{
	struct hs_stream s;
	struct hs_instance in;
	TAP_OK(fx_load(&s, &in, planned) == 0, "planned diamond loads");
	struct hs_plan_graph g;
	hs_plan_graph_build(&in, &in.plan, &g);
	TAP_OK(g.indeg[0] == 0 && g.indeg[1] == 1 && g.indeg[2] == 1 && g.indeg[3] == 2,
	       "in-degrees 0 1 1 2 (b after a; c dep b; d deps a, b)");
	TAP_OK(g.off[1] - g.off[0] == 2, "a leads to b and d (after and dep merged)");
	TAP_OK(g.off[2] - g.off[1] == 2, "b leads to c and d");
	hs_plan_graph_release(&g);
	TAP_OK(hs_validate(&in, &in.plan, 1) == 0, "the plan is valid");

	struct hs_schedule run;
	hs_replay(&in, &in.plan, &run);
	TAP_OK(run.p[2].start == 5 && run.p[2].end == 6, "c waits for b on another core: 5..6");
	TAP_OK(run.p[3].start == 5 && run.p[3].end == 9, "d waits for both: 5..9");
	hs_schedule_release(&run);

	/* Without the after list the replay still waits on the deps. */
	in.plan.p[1].nafter = 0;
	hs_replay(&in, &in.plan, &run);
	TAP_OK(run.p[1].start == 0 && run.p[3].start == 3, "b no longer after a: d starts at 3");
	hs_schedule_release(&run);
	fx_free(&s, &in);
}

static void test_validate(void)
{
	struct hs_stream s;
	struct hs_instance in;
	fx_load(&s, &in, "node n cores=2\n"
			 "task a model=rigid size=1 time=2\n"
			 "task b model=rigid size=1 time=1 deps=a\n"
			 "plan a node=n cores=0 start=0 end=2\n"
			 "plan b node=n cores=1 start=1 end=2\n");
	fx_cap_begin();
	int problems = hs_validate(&in, &in.plan, 1);
	const char *e = fx_cap_end();
	TAP_OK(problems == 1, "b before its dependency ends: 1 problem");
	TAP_OK(strstr(e, "t.hs:6: plan b: starts at 1 before its dependency a ends at 2") != NULL,
	       "message names the record's line, the dependency and both times");
	in.plan.p[1].start = 2;
	in.plan.p[1].end = 3;
	TAP_OK(hs_validate(&in, &in.plan, 1) == 0, "b at a's end: valid");
	fx_free(&s, &in);
}

int main(void)
{
	hs_set_progname("test");
	test_load();
	test_errors();
	test_order();
	test_bounds();
	test_graph_replay();
	test_validate();
	return tap_done();
}
