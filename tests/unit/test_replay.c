/* test_replay - replaying plans under the model, kills at walltime,
 * durations of placements, energy and metrics on hand-computed examples. */
#include "model_fixture.h"
#include "tap.h"

static void test_duration(void)
{
	struct hs_stream s;
	struct hs_instance in;
	fx_load(&s, &in,
		"cluster c\nnode a cluster=c cores=4 speed=2\nnode b cluster=c cores=4 speed=0.5\n"
		"node g cores=1 gpus=2 gpu_speed=4\n"
		"task t model=amdahl t1=12 scope=cluster alpha=3\n"
		"task u model=amdahl t1=12\n");
	const struct hs_task *t = &in.tasks[0], *u = &in.tasks[1];
	struct hs_schedule sc;
	hs_schedule_init(&sc, 2);
	int c[] = { 0, 1, 2 }, g[] = { 1 };
	hs_schedule_add(&sc, 0, 0, c, 2, NULL, 0, 0, 0);
	TAP_OK(hs_placement_duration(&in, t, &sc.p[0]) == 3, "2 cores at speed 2: (12/2)/2 = 3");
	hs_schedule_add(&sc, 0, 1, c, 1, NULL, 0, 0, 0);
	TAP_OK(hs_placement_duration(&in, t, &sc.p[0]) == 8,
	       "3 cores on two nodes: (12/3)/min speed 0.5 = 8");
	hs_schedule_add(&sc, 1, 0, c, 2, NULL, 0, 0, 0);
	hs_schedule_add(&sc, 1, 1, c, 1, NULL, 0, 0, 0);
	TAP_OK(isinf(hs_placement_duration(&in, u, &sc.p[1])), "node-scoped task on two nodes: inf");
	hs_schedule_release(&sc);
	hs_schedule_init(&sc, 2);
	hs_schedule_add(&sc, 0, 2, NULL, 0, g, 1, 0, 0);
	TAP_OK(hs_placement_duration(&in, t, &sc.p[0]) == 1, "GPU: (12/3)/4 = 1");
	hs_schedule_add(&sc, 0, 2, c, 1, NULL, 0, 0, 0);
	TAP_OK(isinf(hs_placement_duration(&in, t, &sc.p[0])), "cores and GPUs together: inf");
	TAP_OK(isinf(hs_placement_duration(&in, t, &sc.p[1])), "empty placement: inf");
	hs_schedule_release(&sc);
	fx_free(&s, &in);
}

/* Plan made like a planner would: start when the resources are free,
 * end = start + duration, after lists computed. */
static const char *CHAIN = "node n cores=2 cpu_busy=10 cpu_idle=2\n"
			   "task a model=overhead T=50 x=0.95\n"
			   "task b model=amdahl t1=7.3 beta=0.1 walltime=100\n"
			   "task c model=table times=3.1,1.7\n"
			   "task d model=amdahl t1=0.3 release=100\n";

static void plan_chain(struct hs_instance *in, struct hs_schedule *sc, double gap)
{
	int c01[] = { 0, 1 }, c0[] = { 0 }, c1[] = { 1 };
	hs_schedule_init(sc, in->ntasks);
	double t = 0, d;
	hs_schedule_add(sc, 0, 0, c01, 2, NULL, 0, t, t);
	d = hs_placement_duration(in, &in->tasks[0], &sc->p[0]);
	sc->p[0].end = t + d;
	t += d + gap;
	hs_schedule_add(sc, 1, 0, c0, 1, NULL, 0, t, t);
	d = hs_placement_duration(in, &in->tasks[1], &sc->p[1]);
	sc->p[1].end = t + d;
	hs_schedule_add(sc, 2, 0, c1, 1, NULL, 0, sc->p[0].end, sc->p[0].end);
	d = hs_placement_duration(in, &in->tasks[2], &sc->p[2]);
	sc->p[2].end += d;
	double s3 = fmax(100, fmax(sc->p[1].end, sc->p[2].end));
	hs_schedule_add(sc, 3, 0, c01, 2, NULL, 0, s3, s3);
	d = hs_placement_duration(in, &in->tasks[3], &sc->p[3]);
	sc->p[3].end += d;
	hs_schedule_compute_after(sc, &in->plat);
}

static void test_replay_exact(void)
{
	struct hs_stream s;
	struct hs_instance in;
	fx_load(&s, &in, CHAIN);
	struct hs_schedule plan, run;
	plan_chain(&in, &plan, 0);
	TAP_OK(hs_validate(&in, &plan, 1) == 0, "hand plan is valid");
	hs_replay(&in, &plan, &run);
	int same = 1;
	for (int i = 0; i < 4; i++)
		same &= run.p[i].start == plan.p[i].start && run.p[i].end == plan.p[i].end &&
			run.p[i].state == HS_STATE_DONE;
	TAP_OK(same, "replay reproduces the planned starts and ends exactly");
	TAP_OK(run.p[3].start == 100, "release date respected (d starts at 100)");
	TAP_OK(run.p[1].nafter == 1 && run.p[1].after[0] == 0 && run.p[1].parts[0].cores[0] == 0,
	       "run keeps the allotment and after list");
	TAP_OK(hs_validate(&in, &run, 1) == 0, "replayed run is valid");
	hs_schedule_release(&run);
	hs_schedule_release(&plan);

	/* A plan with an idle gap: the replay only waits for after lists. */
	plan_chain(&in, &plan, 5);
	hs_replay(&in, &plan, &run);
	TAP_OK(plan.p[1].start == plan.p[0].end + 5 && run.p[1].start == plan.p[0].end,
	       "replay ignores planned starts");
	hs_schedule_release(&run);

	/* The plan's durations disagree with the model (shorter): the replay
	 * pushes successors back. */
	plan.p[0].end = 1;
	hs_replay(&in, &plan, &run);
	TAP_OK(run.p[0].end == hs_task_time(&in.tasks[0], 2) && run.p[0].end > 30 &&
		       run.p[1].start == run.p[0].end,
	       "model durations, not planned ones");
	hs_schedule_release(&run);
	hs_schedule_release(&plan);
	fx_free(&s, &in);
}

static void test_kill(void)
{
	struct hs_stream s;
	struct hs_instance in;
	fx_load(&s, &in,
		"node n cores=1 cpu_busy=4\n"
		"task a model=amdahl t1=5 walltime=3\ntask b model=amdahl t1=2\n"
		"task c model=table times=1,1\n"
		"plan a node=n cores=0 start=0 end=5\n"
		"plan b node=n cores=0 start=5 end=7 after=a\n");
	struct hs_schedule run;
	hs_replay(&in, &in.plan, &run);
	TAP_OK(run.p[0].state == HS_STATE_KILLED && run.p[0].end == 3, "killed at start + walltime");
	TAP_OK(run.p[0].energy == 12, "killed task energy: 3 s * 4 W");
	TAP_OK(run.p[1].start == 3 && run.p[1].end == 5 && run.p[1].state == HS_STATE_DONE,
	       "successor starts when the killed task ends");
	TAP_OK(run.p[2].task == -1, "unplanned task stays unplaced");
	struct hs_metrics m;
	hs_metrics_compute(&in, &run, 0, &m);
	TAP_OK(m.killed == 1 && m.failed == 0 && m.tasks == 2, "metrics count the kill");
	hs_schedule_release(&run);

	/* A hand-made plan with an impossible allotment and a cycle. */
	struct hs_schedule plan;
	hs_schedule_init(&plan, 3);
	int c0[] = { 0 };
	hs_schedule_add(&plan, 0, 0, c0, 1, NULL, 0, 0, 1);
	hs_schedule_add(&plan, 1, 0, c0, 1, NULL, 0, 1, 2);
	hs_schedule_add(&plan, 2, 0, NULL, 0, NULL, 0, 0, 0);
	plan.p[0].after = malloc(sizeof(int));
	plan.p[0].after[0] = 1;
	plan.p[0].nafter = 1;
	plan.p[1].after = malloc(sizeof(int));
	plan.p[1].after[0] = 0;
	plan.p[1].nafter = 1;
	hs_replay(&in, &plan, &run);
	TAP_OK(run.p[0].state == HS_STATE_FAILED && run.p[1].state == HS_STATE_FAILED &&
		       run.p[2].state == HS_STATE_FAILED && run.p[2].end == run.p[2].start,
	       "cycle and empty allotment: failed, not hung");
	hs_schedule_release(&run);
	hs_schedule_release(&plan);
	fx_free(&s, &in);
}

static void test_energy(void)
{
	/* n1: 2 cores, 10 W busy, 2 W idle.  g1: 1 core (0 W), 1 GPU 100/20 W.
	 *   a: n1 cores 0-1, t(2) = 4/2 = 2      -> [0,2], 2 s * 2 cores * 10 W = 40 J
	 *   b: n1 core 0 after a, 3 s            -> [2,5], 3 * 10 = 30 J
	 *   c: GPU of g1, 4 s                    -> [0,4], 4 * 100 = 400 J
	 * Makespan 5.  n1: busy 7 core-s -> 70 J, idle 2*5-7 = 3 core-s -> 6 J;
	 * g1 GPU: busy 4 s -> 400 J, idle 1 s -> 20 J.  Total 496 J. */
	struct hs_stream s;
	struct hs_instance in;
	TAP_OK(fx_load(&s, &in,
		       "node n1 cores=2 cpu_busy=10 cpu_idle=2\n"
		       "node g1 cores=1 gpus=1 gpu_busy=100 gpu_idle=20\n"
		       "task a model=amdahl t1=4\ntask b model=amdahl t1=3\n"
		       "task c model=gpu gpu_time=4\n"
		       "plan a node=n1 cores=0-1 start=0 end=2\n"
		       "plan b node=n1 cores=0 start=2 end=5 after=a\n"
		       "plan c node=g1 gpus=0 start=0 end=4\n") == 0,
	       "energy example loads");
	struct hs_schedule run;
	hs_replay(&in, &in.plan, &run);
	TAP_OK(run.p[0].energy == 40 && run.p[1].energy == 30 && run.p[2].energy == 400,
	       "per-task energy 40, 30, 400 J");
	TAP_OK(run.p[1].end == 5 && run.p[2].end == 4, "ends 5 and 4");
	TAP_NEAR(hs_schedule_energy(&in, &run, 5), 496, 1e-9, "schedule energy 496 J");
	TAP_NEAR(hs_schedule_energy(&in, &in.plan, 10), 496 + 5 * (2 * 2 + 20), 1e-9,
		 "longer horizon adds idle power");
	struct hs_metrics m;
	hs_metrics_compute(&in, &run, 1, &m);
	TAP_OK(m.tasks == 3 && m.makespan == 5, "metrics: 3 tasks, makespan 5");
	TAP_NEAR(m.energy, 496, 1e-9, "metrics: energy");
	TAP_NEAR(m.utilization, 7.0 / 15, 1e-12, "utilization 7 core-s / (3 cores * 5 s)");
	TAP_NEAR(m.gpu_utilization, 4.0 / 5, 1e-12, "GPU utilization 4/5");
	TAP_NEAR(m.sum_completion, 11, 1e-12, "sum of completions 2+5+4");
	TAP_NEAR(m.mean_completion, 11.0 / 3, 1e-12, "mean completion");
	TAP_NEAR(m.idle_time, 8, 1e-12, "idle core-seconds 15 - 7");
	/* Bounds: longest = 4 (a: 2, b: 3, c: 4); CPU area (4+3)/3 cores. */
	TAP_NEAR(m.lower_bound, 4, 1e-6, "lower bound 4");
	TAP_NEAR(m.ratio, 5.0 / 4, 1e-6, "ratio 5/4");
	hs_schedule_release(&run);
	fx_free(&s, &in);

	/* No GPUs: gpu utilization is NAN. */
	fx_load(&s, &in, "node n cores=1\ntask a model=amdahl t1=1\nplan a node=n cores=0 start=0 end=1\n");
	hs_metrics_compute(&in, &in.plan, 0, &m);
	TAP_OK(isnan(m.gpu_utilization) && m.utilization == 1 && m.ratio == 1,
	       "no GPUs: NAN GPU utilization");
	fx_free(&s, &in);
}

int main(void)
{
	hs_set_progname("test");
	test_duration();
	test_replay_exact();
	test_kill();
	test_energy();
	return tap_done();
}
