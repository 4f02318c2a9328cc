/* test_bounds - makespan lower bounds on instances whose optimum is known
 * by hand, and never above the makespan of real schedules. */
#include "model_fixture.h"
#include "tap.h"

static void bounds_of(const char *text, int lp, struct hs_bounds *b)
{
	struct hs_stream s;
	struct hs_instance in;
	if (fx_load(&s, &in, text) != 0) {
		memset(b, 0, sizeof *b);
		b->best = -1;
		hs_stream_release(&s);
		return;
	}
	hs_lower_bounds(&in, lp, b);
	fx_free(&s, &in);
}

static void test_known(void)
{
	struct hs_bounds b;
	/* 4 equal sequential tasks on 2 cores: optimum 2 rounds of 10. */
	bounds_of("node n cores=2\n"
		  "task a model=rigid size=1 time=10\ntask b model=rigid size=1 time=10\n"
		  "task c model=rigid size=1 time=10\ntask d model=rigid size=1 time=10\n",
		  1, &b);
	TAP_OK(b.longest == 10, "4 x 10 on 2 cores: longest = 10");
	TAP_OK(b.area == 20, "4 x 10 on 2 cores: area = 2*t = 20");
	TAP_NEAR(b.lp, 20, 1e-5, "4 x 10 on 2 cores: lp = 20");
	TAP_OK(b.best == 20, "best = 20 = optimum");

	bounds_of("node n cores=2\ntask a model=amdahl t1=10 beta=1\n", 0, &b);
	TAP_OK(isnan(b.lp) && b.best == 10, "without LP: lp is NAN");

	/* Heterogeneous: speeds 2 and 1, three sequential tasks of 6: fast node
	 * runs two (3+3), slow one (6): optimum 6 = 18 / (2+1). */
	bounds_of("node f cores=1 speed=2\nnode s cores=1\n"
		  "task a model=amdahl t1=6 beta=1\ntask b model=amdahl t1=6 beta=1\n"
		  "task c model=amdahl t1=6 beta=1\n",
		  1, &b);
	TAP_OK(b.longest == 3 && b.area == 6 && b.best == 6, "speeds 2+1: longest 3, area 6");

	/* Parallel task: t(p) = 80/p; node scope limits it to one node. */
	const char *two = "cluster c\nnode a cluster=c cores=4\nnode b cluster=c cores=4\n";
	char buf[512];
	snprintf(buf, sizeof buf, "%stask t model=amdahl t1=80 scope=cluster\n", two);
	bounds_of(buf, 0, &b);
	TAP_OK(b.longest == 10 && b.area == 10, "cluster scope: 80/8 = 10");
	snprintf(buf, sizeof buf, "%stask t model=amdahl t1=80\n", two);
	bounds_of(buf, 0, &b);
	TAP_OK(b.longest == 20 && b.area == 10 && b.best == 20, "node scope: 80/4 = 20");
	/* scope=any reaches every cluster: two clusters of 4 cores, 80/8 = 10
	 * (scope=cluster: 80/4 = 20). */
	const char *twoc = "cluster c\ncluster d\nnode a cluster=c cores=4\nnode b cluster=d cores=4\n";
	snprintf(buf, sizeof buf, "%stask t model=amdahl t1=80 scope=any\n", twoc);
	bounds_of(buf, 0, &b);
	TAP_OK(b.longest == 10 && b.area == 10, "any scope over two clusters: 80/8 = 10");
	snprintf(buf, sizeof buf, "%stask t model=amdahl t1=80 scope=cluster\n", twoc);
	bounds_of(buf, 0, &b);
	TAP_OK(b.longest == 20, "cluster scope over two clusters: 80/4 = 20");
	snprintf(buf, sizeof buf, "%stask t model=amdahl t1=80 release=100 max_cores=2\n", two);
	bounds_of(buf, 0, &b);
	TAP_OK(b.longest == 140, "release + fastest time (max_cores=2): 100 + 40");

	/* Table with superlinear speedup: min area 2*4 = 8 < t(1) = 10. */
	bounds_of("node n cores=2\ntask t model=table times=10,4\n", 0, &b);
	TAP_OK(b.area == 4 && b.longest == 4, "table: area uses min p*t(p) = 8 over 2 cores");

	/* Overhead model, best p = 4 on an 8-core node. */
	bounds_of("node n cores=8\ntask t model=overhead T=50 x=0.95\n", 0, &b);
	TAP_NEAR(b.longest, 50 * (0.95 / 4 + 0.05 * (log(4) + 4)), 1e-12,
		 "overhead: longest = t(4)");
	TAP_NEAR(b.area, 50.0 / 8, 1e-12, "overhead: area = t(1)/8");

	/* GPUs.  4 tasks, CPU time 10, GPU time 5 (alpha=2), one core, one GPU.
	 * LP: 10*Y = 5*(4-Y) -> Y = 4/3, C = 40/3; the best real schedule is
	 * 15 (3 on the GPU, 1 on the core). */
	bounds_of("node n cores=1 gpus=1\n"
		  "task a model=amdahl t1=10 alpha=2\ntask b model=amdahl t1=10 alpha=2\n"
		  "task c model=amdahl t1=10 alpha=2\ntask d model=amdahl t1=10 alpha=2\n",
		  1, &b);
	TAP_OK(b.longest == 5 && b.area == 0, "flexible tasks: longest = GPU time, no area");
	TAP_NEAR(b.lp, 40.0 / 3, 1e-5, "flexible tasks: lp = 40/3");
	TAP_OK(b.best == b.lp && b.best <= 15, "best = lp <= optimum 15");

	/* GPU-only and CPU-only tasks mixed: GPU area 3*4/(2 GPUs * speed 2). */
	bounds_of("node n cores=2 gpus=2 gpu_speed=2\n"
		  "task g1 model=gpu gpu_time=4\ntask g2 model=gpu gpu_time=4\ntask g3 model=gpu gpu_time=4\n"
		  "task c1 model=amdahl t1=1 beta=1\n",
		  1, &b);
	TAP_OK(b.longest == 2 && b.area == 3, "GPU area = 12/4 = 3");
	TAP_NEAR(b.lp, 3, 1e-5, "lp = 3");

	/* A task that can run nowhere: infinite bounds. */
	bounds_of("node n cores=2\ntask g model=gpu gpu_time=1\n", 1, &b);
	TAP_OK(isinf(b.longest) && isinf(b.best), "impossible task: infinite bound");
	bounds_of("node n cores=2\n", 1, &b);
	TAP_OK(b.best == 0 && b.lp == 0, "no tasks: 0");
}

/* xorshift for reproducible random instances */
static unsigned long long rng = 88172645463325252ull;
static double rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (rng >> 11) * (1.0 / 9007199254740992.0);
}

static void test_valid_random(void)
{
	/* Random instances, scheduled greedily (each task on its fastest single
	 * allotment, earliest finishing node first); every bound must be at most
	 * the makespan of the resulting valid schedule. */
	int ok = 1, checked = 0;
	for (int it = 0; it < 200; it++) {
		char text[8192] = "cluster c\n";
		int nn = 1 + (int)(rnd() * 3);
		for (int j = 0; j < nn; j++)
			snprintf(text + strlen(text), sizeof text - strlen(text),
				 "node n%d cluster=c cores=%d speed=%.2f gpus=%d gpu_speed=%.2f\n", j,
				 1 + (int)(rnd() * 8), 0.5 + rnd() * 2, (int)(rnd() * 2), 0.5 + rnd());
		int nt = 1 + (int)(rnd() * 10);
		for (int i = 0; i < nt; i++) {
			double u = rnd();
			snprintf(text + strlen(text), sizeof text - strlen(text),
				 u < 0.4   ? "task t%d model=amdahl t1=%.3f beta=%.2f%s\n"
				 : u < 0.8 ? "task t%d model=overhead T=%.3f x=%.2f%s\n"
					   : "task t%d model=table times=%.3f,%.2f%s\n",
				 i, 1 + rnd() * 20, rnd(), rnd() < 0.3 ? " alpha=3" : "");
		}
		struct hs_stream s;
		struct hs_instance in;
		if (fx_load(&s, &in, text) != 0) {
			ok = 0;
			hs_stream_release(&s);
			continue;
		}
		/* List schedule: whole nodes, each task on the node (or GPU) where
		 * it finishes first. */
		double *free_at = calloc(in.plat.nnodes * 2, sizeof *free_at);
		struct hs_schedule sc;
		hs_schedule_init(&sc, in.ntasks);
		for (int i = 0; i < in.ntasks; i++) {
			const struct hs_task *t = &in.tasks[i];
			int bj = -1, bg = 0, bp = 0;
			double bend = INFINITY;
			for (int j = 0; j < in.plat.nnodes; j++) {
				const struct hs_node *n = &in.plat.nodes[j];
				int p = hs_task_best_p(t, n->cores);
				double e = p ? free_at[2 * j] + hs_task_time_on(t, n, p) : INFINITY;
				if (e < bend)
					bend = e, bj = j, bg = 0, bp = p;
				e = free_at[2 * j + 1] + hs_task_gpu_time_on(t, n);
				if (e < bend)
					bend = e, bj = j, bg = 1;
			}
			int cores[64], g0 = 0;
			for (int c = 0; c < bp; c++)
				cores[c] = c;
			double st = free_at[2 * bj + bg];
			if (bg)
				hs_schedule_add(&sc, i, bj, NULL, 0, &g0, 1, st, bend);
			else
				hs_schedule_add(&sc, i, bj, cores, bp, NULL, 0, st, bend);
			free_at[2 * bj + bg] = bend;
		}
		hs_schedule_compute_after(&sc, &in.plat);
		fx_cap_begin();
		int problems = hs_validate(&in, &sc, 1);
		const char *err = fx_cap_end();
		struct hs_bounds b;
		hs_lower_bounds(&in, 1, &b);
		double mk = hs_schedule_makespan(&sc);
		if (problems || !(b.best <= mk * (1 + 1e-12)) || !(b.lp <= mk * (1 + 1e-12)) ||
		    !(b.lp >= fmax(b.area, b.longest) * (1 - 1e-6))) {
			ok = 0;
			printf("# instance %d: makespan %g bounds %g %g %g %s\n%s", it, mk, b.longest,
			       b.area, b.lp, err, text);
		}
		checked++;
		hs_schedule_release(&sc);
		free(free_at);
		fx_free(&s, &in);
	}
	TAP_OK(ok && checked == 200, "200 random instances: area, longest <= lp <= makespan");
}

int main(void)
{
	hs_set_progname("test");
	test_known();
	test_valid_random();
	return tap_done();
}
