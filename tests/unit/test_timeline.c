/* test_timeline - quantities over time (lib/report/timeline.c) on a
 * hand-made run: every breakpoint computed by hand, and the integrals of
 * utilization and power equal to the utilization and energy metrics. */
#include "hs/report.h"
#include "model_fixture.h"
#include "tap.h"

/* Node a: 4 cores (2 W idle, 10 W busy each); node g: 1 core (the same)
 * and 2 GPUs (20 W idle, 100 W busy).  5 cores, 2 GPUs, 50 W idle.
 *   t1 a cores 0-1 [0,4]   release 0
 *   t2 a cores 2-3 [2,6]   release 1 (waits 1..2)
 *   t3 g GPU 0     [1,3]   release 0 (waits 0..1)
 *   t4 a core 0    [6,8]   release 5 (waits 5..6)
 *   t5 g core 0    [3,3]   release 0 (waits 0..3; no duration) */
static const char *run_text =
	"node a cores=4 cpu_busy=10 cpu_idle=2\n"
	"node g cores=1 gpus=2 cpu_busy=10 cpu_idle=2 gpu_busy=100 gpu_idle=20\n"
	"task t1 model=rigid size=2 time=4\n"
	"task t2 model=rigid size=2 time=4 release=1\n"
	"task t3 model=gpu gpu_time=2\n"
	"task t4 model=rigid size=1 time=2 release=5\n"
	"task t5 model=rigid size=1 time=0\n"
	"run t1 node=a cores=0-1 start=0 end=4 state=done\n"
	"run t2 node=a cores=2-3 start=2 end=6 state=done\n"
	"run t3 node=g cores= gpus=0 start=1 end=3 state=done\n"
	"run t4 node=a cores=0 start=6 end=8 state=done\n"
	"run t5 node=g cores=0 start=3 end=3 state=done\n";

/* s has exactly the n breakpoints t[] with values v[]. */
static int steps_are(const struct hs_step *s, int n, const double *t, const double *v)
{
	if (s->n != n) {
		printf("#   %d breakpoints, expected %d:", s->n, n);
		for (int k = 0; k < s->n; k++)
			printf(" (%g, %g)", s->t[k], s->v[k]);
		printf("\n");
		return 0;
	}
	for (int k = 0; k < n; k++)
		if (s->t[k] != t[k] || fabs(s->v[k] - v[k]) > 1e-12) {
			printf("#   breakpoint %d: (%g, %.17g), expected (%g, %.17g)\n", k, s->t[k], s->v[k],
			       t[k], v[k]);
			return 0;
		}
	return 1;
}

static void test_hand_made(void)
{
	struct hs_stream s;
	struct hs_instance in;
	TAP_OK(fx_load(&s, &in, run_text) == 0, "the hand-made run loads");
	struct hs_step q, g;
	struct hs_metrics_opts mo;
	hs_metrics_opts_init(&mo);
	struct hs_report_vals vals;
	hs_report_vals_compute(&in, &mo, &vals);

	int gpus = hs_timeline(&in, &in.run, HS_TL_UTILIZATION, &q, &g);
	const double ut[] = { 0, 2, 4, 6, 8 }, uv[] = { 0.4, 0.8, 0.4, 0.2, 0 };
	TAP_OK(steps_are(&q, 5, ut, uv), "utilization: 2, 4, 2, 1, 0 of 5 cores");
	const double gt[] = { 0, 1, 3, 8 }, gv[] = { 0, 0.5, 0, 0 };
	TAP_OK(gpus == 1 && steps_are(&g, 4, gt, gv), "GPU utilization: 1 of 2 GPUs from 1 to 3");
	TAP_NEAR(hs_step_integral(&q) / 8, 0.45, 1e-15, "its integral over 8 s: 18 core-s / 40 = 0.45");
	TAP_NEAR(hs_step_integral(&q) / 8, vals.v[HS_RM_UTILIZATION], 1e-15,
		 "... the utilization metric");
	TAP_NEAR(hs_step_integral(&g) / 8, vals.v[HS_RM_GPU_UTILIZATION], 1e-15,
		 "GPUs: the gpu_utilization metric (0.125)");
	hs_step_release(&q);
	hs_step_release(&g);

	TAP_OK(hs_timeline(&in, &in.run, HS_TL_QUEUE, &q, &g) == 0, "queue: no GPU line");
	const double qt[] = { 0, 2, 3, 5, 6, 8 }, qv[] = { 2, 1, 0, 1, 0, 0 };
	TAP_OK(steps_are(&q, 6, qt, qv), "queue: t3+t5, t5+t2 (no breakpoint at 1), t5, -, t4, -");
	hs_step_release(&q);

	hs_timeline(&in, &in.run, HS_TL_RUNNING, &q, NULL);
	const double rt[] = { 0, 1, 2, 3, 4, 8 }, rv[] = { 1, 2, 3, 2, 1, 0 };
	TAP_OK(steps_are(&q, 6, rt, rv), "running: t4 starts as t2 ends (no breakpoint at 6)");
	hs_step_release(&q);

	hs_timeline(&in, &in.run, HS_TL_POWER, &q, NULL);
	const double pt[] = { 0, 1, 2, 3, 4, 6, 8 }, pv[] = { 66, 146, 162, 82, 66, 58, 50 };
	TAP_OK(steps_are(&q, 7, pt, pv), "power: 50 W idle plus 16, 16, 80 and 8 W per task");
	TAP_NEAR(hs_step_integral(&q), 704, 1e-9, "its integral: 704 J");
	TAP_NEAR(hs_step_integral(&q), vals.v[HS_RM_ENERGY], 1e-9, "... the energy metric");
	TAP_NEAR(hs_step_at(&q, -1), 50, 0, "before the window: idle power");
	TAP_NEAR(hs_step_at(&q, 100), 50, 0, "after it: idle power");
	TAP_NEAR(hs_step_at(&q, 2.5), 162, 0, "at 2.5: 162 W");
	hs_step_release(&q);
	fx_free(&s, &in);
}

/* A negative start widens the window as the makespan does. */
static void test_window(void)
{
	struct hs_stream s;
	struct hs_instance in;
	fx_load(&s, &in, "node n cores=2\ntask a model=rigid size=1 time=3\n"
			 "plan a node=n cores=0 start=-1 end=2\n");
	struct hs_step q;
	hs_timeline(&in, &in.plan, HS_TL_UTILIZATION, &q, NULL);
	const double t[] = { -1, 2 }, v[] = { 0.5, 0 };
	TAP_OK(steps_are(&q, 2, t, v), "from the earliest start to the latest end");
	struct hs_metrics_opts mo;
	hs_metrics_opts_init(&mo);
	struct hs_report_vals vals;
	hs_report_vals_compute(&in, &mo, &vals);
	TAP_NEAR(hs_step_integral(&q) / 3, vals.v[HS_RM_UTILIZATION], 1e-15, "integral = utilization");
	hs_step_release(&q);
	fx_free(&s, &in);
}

/* A task rejected by an online algorithm never ran: it counts nowhere,
 * and widens no window. */
static void test_rejected(void)
{
	struct hs_stream s;
	struct hs_instance in;
	TAP_OK(fx_load(&s, &in, "node n cores=2\ntask a model=rigid size=1 time=2\n"
				"task r model=rigid size=1 time=9 release=1\n"
				"run a node=n cores=0 start=0 end=2 state=done\n"
				"run r start=5 end=5 state=rejected\n") == 0,
	       "a run with a rejected task loads");
	struct hs_step q;
	const double t[] = { 0, 2 }, u[] = { 0.5, 0 }, r[] = { 1, 0 }, z[] = { 0, 0 };
	hs_timeline(&in, &in.run, HS_TL_UTILIZATION, &q, NULL);
	TAP_OK(steps_are(&q, 2, t, u), "rejected: no utilization");
	hs_step_release(&q);
	hs_timeline(&in, &in.run, HS_TL_RUNNING, &q, NULL);
	TAP_OK(steps_are(&q, 2, t, r), "rejected: not running");
	hs_step_release(&q);
	hs_timeline(&in, &in.run, HS_TL_QUEUE, &q, NULL);
	TAP_OK(steps_are(&q, 2, t, z), "rejected: not queued either");
	hs_step_release(&q);
	fx_free(&s, &in);
}

/* The mean of two step functions of different spans. */
static void test_mean(void)
{
	double t1[] = { 0, 2, 4 }, v1[] = { 1, 3, 0 }, t2[] = { 0, 1, 6 }, v2[] = { 2, 0, 0 };
	struct hs_step a = { 3, t1, v1, 0 }, b = { 3, t2, v2, 0 };
	const struct hs_step *ab[] = { &a, &b };
	struct hs_step m;
	hs_step_mean(ab, 2, &m);
	const double mt[] = { 0, 1, 2, 4, 6 }, mv[] = { 1.5, 0.5, 1.5, 0, 0 };
	TAP_OK(steps_are(&m, 5, mt, mv), "mean: breakpoints of both, the window's end kept");
	hs_step_release(&m);
	TAP_OK(hs_timeline_find("queue") == HS_TL_QUEUE && hs_timeline_find("busy") == -1,
	       "names: queue found, busy not");
}

int main(void)
{
	hs_set_progname("test");
	test_hand_made();
	test_window();
	test_rejected();
	test_mean();
	return tap_done();
}
