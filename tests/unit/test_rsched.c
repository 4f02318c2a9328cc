/* test_rsched.c - the rsched plugin's core (plugins/rsched.c with
 * RSCHED_CORE_ONLY): the ideal makespan of Algorithm 1 on small figures,
 * Rules 1-3, the advancement rate of §2.1.2, and each strategy on the
 * paper's worked example (3 applications, 4 CPUs, 2 GPUs, CPU workload
 * shares 0.31/0.56/0.13), every number computed by hand (the derivations
 * are in the comments). */
#define RSCHED_CORE_ONLY
#include "../../plugins/rsched.c"
#include "tap.h"

/* "CPUs|GPUs" of application a, worker ids as the strategy numbers them
 * (CPUs 0..ncpu-1, GPUs ncpu..). */
static const char *workers(const struct rs_dist *d, int a)
{
	static char buf[256];
	size_t o = 0;
	buf[0] = 0;
	for (int w = 0; w < W(d); w++) {
		if (w == d->ncpu)
			o += snprintf(buf + o, sizeof buf - o, "|");
		if (*own(d, a, w))
			o += snprintf(buf + o, sizeof buf - o, "%s%d", o && buf[o - 1] != '|' ? "," : "", w);
	}
	if (d->ngpu == 0)
		snprintf(buf + o, sizeof buf - o, "|");
	return buf;
}

/* The worked example: all work hybrid, GPUs ten times faster. */
static const struct rs_fig ex[3] = {
	{ 31, 3.1, 0, 0, 0 },
	{ 56, 5.6, 0, 0, 0 },
	{ 13, 1.3, 0, 0, 0 },
};

static void test_ideal(void)
{
	/* CPU_W 10, GPU_W 4, CPU_PW 2, GPU_PW 2 on 2 CPUs, 1 GPU: tgpu 2/1 =
	 * 2, tcpu 2/2 = 1; the CPUs' gap of 1 s takes 2 s of the hybrid 8:
	 * cpu_rem 6, gpu_rem 6 x 2/8 = 1.5; 2 + 6 / (2 + 1 x 6/1.5) = 3. */
	struct rs_fig f = { 10, 4, 2, 2, 0 };
	TAP_NEAR(rs_ideal(&f, 2, 1, 1, 3), 3, 1e-12, "ideal: both kinds, CPU gap filled first (eq. 7)");
	/* coef 1.1 on 3 workers multiplies every workload by 1.1^2 = 1.21 */
	TAP_NEAR(rs_ideal(&f, 2, 1, 1.1, 3), 3 * 1.21, 1e-12, "ideal: coef^(workers-1) (eqs. 5-6)");
	/* GPUs idle first: CPU_W 18, GPU_W 6, CPU_PW 6 on 2 CPUs, 1 GPU:
	 * tcpu 3, tgpu 0; the GPU's 3 s take 3 x 12/6 = 6 CPU-s of the
	 * hybrid 12: cpu_rem 6, gpu_rem 3; 3 + 6 / (2 + 1 x 2) = 4.5. */
	struct rs_fig f2 = { 18, 6, 6, 0, 0 };
	TAP_NEAR(rs_ideal(&f2, 2, 1, 1, 3), 4.5, 1e-12, "ideal: GPU gap filled first");
	/* one kind only (lines 2-7): the whole workload of that kind */
	struct rs_fig f3 = { 10, 4, 0, 0, 0 };
	TAP_NEAR(rs_ideal(&f3, 0, 2, 1, 2), 2, 1e-12, "ideal: GPUs only: GPU_W / #GPUS");
	TAP_NEAR(rs_ideal(&f3, 2, 0, 1, 2), 5, 1e-12, "ideal: CPUs only: CPU_W / #CPUS");
	TAP_NEAR(rs_ideal(&f3, 2, 0, 1.5, 2), 7.5, 1e-12, "ideal: CPUs only, coef 1.5 on 2 workers");
	/* pure GPU work and no GPU: cannot run (Rule 3) */
	struct rs_fig f4 = { 10, 6, 0, 2, 0 };
	TAP_OK(isinf(rs_ideal(&f4, 4, 0, 1, 4)), "ideal: pure GPU work without a GPU is +inf");
	TAP_OK(isinf(rs_ideal(&f4, 0, 0, 1, 0)), "ideal: no worker is +inf");
	/* only pure work (line 9): max(tgpu, tcpu) = max(3/1, 4/2) */
	struct rs_fig f5 = { 3, 4, 3, 4, 0 };
	TAP_NEAR(rs_ideal(&f5, 1, 2, 1, 3), 3, 1e-12, "ideal: pure work only: MAX(tcpu, tgpu)");
	/* power rates: half a CPU and half a GPU of the example's app 0:
	 * 31 / (0.5 + 0.5 x 10) */
	TAP_NEAR(rs_ideal(&ex[0], 0.5, 0.5, 1, 2), 31 / 5.5, 1e-12, "ideal: shared workers' power rates");
	/* all hybrid: 31 / (4/3 + 1/3 x 10) */
	TAP_NEAR(rs_ideal(&ex[0], 4.0 / 3, 1.0 / 3, 1, 3), 31 / (14.0 / 3), 1e-12,
		 "ideal: hybrid only on 4/3 CPU and 1/3 GPU");
	/* ideal=cp: never below the critical path; Algorithm 1 when above */
	struct rs_fig f6 = { 10, 4, 2, 2, 3.5 };
	TAP_NEAR(rs_ideal(&f6, 2, 1, 1, 3), 3.5, 1e-12, "ideal=cp: the critical path when longer (3.5 > 3)");
	f6.cp = 2;
	TAP_NEAR(rs_ideal(&f6, 2, 1, 1, 3), 3, 1e-12, "ideal=cp: Algorithm 1 when longer (3 > 2)");
	TAP_OK(isinf(rs_ideal(&f4, 0, 0, 1, 0)), "ideal=cp: no worker is still +inf");
}

/* ideal=cp: the critical path of what is left of each application: app 0
 * is j1 (best 1) -> j0 (best 2), app 1 is j2 (3); j1 listed after j0,
 * so the order must come from the dependencies. */
static void test_cp(void)
{
	struct rs_conf c = { RS_DSR_GD, 1, 0.5, 1, 1, 0, 0 };
	struct rs *S = rs_new(&c, RS_ONE, 3, 2, 1, 1);
	double tc[3] = { 2, 4, 3 }, tg[3] = { 2, 1, INFINITY };
	int app[3] = { 0, 0, 1 }, dep1 = 1;
	for (int i = 0; i < 3; i++) {
		S->j[i].app = app[i];
		S->j[i].tc = tc[i];
		S->j[i].tg = tg[i];
	}
	S->j[0].deps = &dep1; /* j0 depends on j1 here */
	S->j[0].ndeps = 1;
	rs_figures(S);
	rs_topo(S);
	double cp[2];
	rs_cp_left(S, cp);
	TAP_NEAR(cp[0], 3, 1e-12, "cp: j1 (1) then j0 (2)");
	TAP_NEAR(cp[1], 3, 1e-12, "cp: app 1 alone (3)");
	S->j[1].ended = 1;
	rs_cp_left(S, cp);
	TAP_NEAR(cp[0], 2, 1e-12, "cp: once j1 ended, j0 alone");
	rs_free(S);
}

static void test_rules(void)
{
	struct rs_fig ok1 = { 5, 3, 1, 1, 0 }, ok2 = { 5, 3, 5, 3, 0 }, ok3 = { 0, 0, 0, 0, 0 };
	struct rs_fig bad1 = { 5, 3, 5, 1, 0 }, bad2 = { 4, 3, 5, 0, 0 }, bad3 = { 5, 3, 5, -1, 0 };
	TAP_OK(rs_rule1(&ok1) == 0, "Rule 1: both totals above the pure ones");
	TAP_OK(rs_rule1(&ok2) == 0, "Rule 1: both totals equal to the pure ones");
	TAP_OK(rs_rule1(&ok3) == 0, "Rule 1: nothing at all");
	TAP_OK(rs_rule1(&bad1) < 0, "Rule 1: CPU equal but GPU above is rejected (eq. 2)");
	TAP_OK(rs_rule1(&bad2) < 0, "Rule 1: total below pure is rejected (eq. 1)");
	TAP_OK(rs_rule1(&bad3) < 0, "Rule 1: a negative workload is rejected");
	char why[256];
	struct rs_conf c = { RS_DSR_CLUS, 1, 0.5, 0, 1, 0, 0 };
	struct rs_fig f[2] = { { 5, 3, 5, 1, 0 }, { 1, 1, 0, 0, 0 } };
	struct rs_dist d;
	rs_dist_init(&d, 2, 2, 1);
	TAP_OK(rs_distribute(&c, f, &d, why, sizeof why) < 0 && strstr(why, "Rule 1") &&
		       strstr(why, "application 0"),
	       "distribute: Rule 1 broken is refused, naming the application: %s", why);
	/* Rule 2: an application without a worker */
	struct rs_fig g[2] = { { 2, 1, 0, 0, 0 }, { 2, 1, 0, 0, 0 } };
	memset(d.own, 0, 6);
	*own(&d, 0, 0) = 1;
	TAP_OK(rs_check(g, &d, why, sizeof why) < 0 && strstr(why, "Rule 2") &&
		       strstr(why, "application 1"),
	       "Rule 2: an application without a worker is refused: %s", why);
	/* Rule 3: pure GPU work, CPUs only */
	struct rs_fig h[2] = { { 2, 1, 0, 0, 0 }, { 2, 2, 0, 1, 0 } };
	*own(&d, 1, 1) = 1;
	TAP_OK(rs_check(h, &d, why, sizeof why) < 0 && strstr(why, "Rule 3"),
	       "Rule 3: pure GPU work without a GPU is refused: %s", why);
	*own(&d, 1, 2) = 1;
	TAP_OK(rs_check(h, &d, why, sizeof why) == 0, "Rules 2-3 hold once it has a GPU");
	/* no GPU on the machine at all: no strategy can place pure GPU work */
	struct rs_dist e;
	rs_dist_init(&e, 2, 2, 0);
	TAP_OK(rs_distribute(&c, h, &e, why, sizeof why) < 0 && strstr(why, "Rule 3"),
	       "distribute: pure GPU work on a machine without GPUs is refused");
	rs_dist_free(&e);
	rs_dist_free(&d);
}

static void test_rate(void)
{
	/* §2.1.2: 100 s of CPU work on 10 CPUs (ideal 10 s); after 5 s, 20 s
	 * are left: 80 done of 50 expected, rate 1.6. */
	struct rs_conf c = { RS_DSR_GD, 1, 0.5, 0, 1, 0, 0 };
	struct rs *S = rs_new(&c, RS_INHERIT, 1, 1, 10, 0);
	S->a[0].t0 = 0;
	S->a[0].ideal0 = 10;
	S->a[0].work0 = 100;
	S->a[0].work_left = 20;
	TAP_NEAR(rs_rate(S, 0, 5), 1.6, 1e-12, "advancement rate: the paper's example, 1.6");
	TAP_NEAR(rs_rate(S, 0, 0), 1, 0, "advancement rate: 1 before any time has passed");
	rs_free(S);
}

static void test_example(void)
{
	struct rs_dist d;
	rs_dist_init(&d, 3, 4, 2);
	int ded[6], remc, remg;
	double dem[6];
	rs_dedicate(ex, &d, ded, &remc, &remg, dem);
	/* CPUs: floor(4 x .31) = 1, floor(4 x .56) = 2, floor(4 x .13) = 0,
	 * one left; GPUs: floor(2 x .31) = 0, floor(1.12) = 1, 0, one left;
	 * taken from the top ids down (Algorithm 2: the rem-th worker) */
	TAP_OK(ded[0] == 1 && ded[2] == 2 && ded[4] == 0, "dedicated CPUs 1/2/0 (paper §2.1.1)");
	TAP_OK(ded[1] == 0 && ded[3] == 1 && ded[5] == 0, "dedicated GPUs 0/1/0");
	TAP_OK(remc == 1 && remg == 1, "one CPU and one GPU left to share");
	TAP_NEAR(dem[0], 0.24, 1e-9, "remaining CPU demand 0.24 (paper)");
	TAP_NEAR(dem[2], 0.24, 1e-9, "remaining CPU demand 0.24 (paper)");
	TAP_NEAR(dem[4], 0.52, 1e-9, "remaining CPU demand 0.52 (paper)");
	TAP_STREQ(workers(&d, 0), "3|", "dedicated: app 0 has CPU 3");
	TAP_STREQ(workers(&d, 1), "1,2|5", "dedicated: app 1 has CPUs 1, 2 and GPU 5");
	TAP_STREQ(workers(&d, 2), "|", "dedicated: app 2 has nothing yet");
	rs_dist_free(&d);

	char why[256];
	struct rs_conf c = { RS_DSR_CLUS, 1, 0.5, 0, 1, 0, 0 };
	/* DSR-CLUS: one cluster per remaining worker: all three share CPU 0
	 * and GPU 4 (every remaining demand is above zero) */
	rs_dist_init(&d, 3, 4, 2);
	TAP_OK(rs_distribute(&c, ex, &d, why, sizeof why) == 0, "dsr-clus: distributes");
	TAP_STREQ(workers(&d, 0), "0,3|4", "dsr-clus: app 0");
	TAP_STREQ(workers(&d, 1), "0,1,2|4,5", "dsr-clus: app 1");
	TAP_STREQ(workers(&d, 2), "0|4", "dsr-clus: app 2");
	/* app 0: 4/3 CPU, 1/3 GPU: 31 / (14/3) */
	TAP_NEAR(rs_eval(ex, &d, 1), 31 * 3 / 14.0, 1e-12, "dsr-clus: min-max ideal makespan 6.643");

	/* DSR-GD from the same start (x = y = 1,1,1; F = 6.643):
	 * X: dropping app 1's share of CPU 0 gives app 0 1.5 CPU: 31/4.833 =
	 *    6.414 (app 2's drop ties, the first wins); then app 2's: app 0
	 *    has 2 CPUs: 31/5.333 = 5.8125; app 2 keeps only GPU 4 (1.3/(1/3)
	 *    = 3.9); no move lowers it further.
	 * Y: app 1 leaving GPU 4 gives app 0 half of it: 31/7 = 4.43, app 1
	 *    2 CPUs and GPU 5: 56/12 = 4.667, app 2 1.3/.5 = 2.6: F 4.667
	 *    (app 2 leaving ties: Rule 2 gives it GPU 5 back); nothing lower.
	 * Z: one remaining worker per kind, nothing to move. */
	c.strategy = RS_DSR_GD;
	TAP_OK(rs_distribute(&c, ex, &d, why, sizeof why) == 0, "dsr-gd: distributes");
	TAP_STREQ(workers(&d, 0), "0,3|4", "dsr-gd: app 0");
	TAP_STREQ(workers(&d, 1), "1,2|5", "dsr-gd: app 1");
	TAP_STREQ(workers(&d, 2), "|4", "dsr-gd: app 2");
	TAP_NEAR(rs_eval(ex, &d, 1), 56 / 12.0, 1e-12, "dsr-gd: min-max ideal makespan 4.667");

	/* MinMaxWL: no pure work; each prefers a GPU (CPU_W > GPU_W): apps
	 * 0, 1 take GPUs 4, 5, app 2 shares the under-loaded one (app 0:
	 * 3.1 < 5.6).  CPUs one at a time to the min-max: CPU 0 to app 0
	 * (F 5.6), CPU 1 to app 1 (F 5.1667), CPU 2 to app 0 (F 5.09), CPU 3
	 * to app 1 (F 4.667). */
	c.strategy = RS_MINMAXWL;
	TAP_OK(rs_distribute(&c, ex, &d, why, sizeof why) == 0, "minmaxwl: distributes");
	TAP_STREQ(workers(&d, 0), "0,2|4", "minmaxwl: app 0");
	TAP_STREQ(workers(&d, 1), "1,3|5", "minmaxwl: app 1");
	TAP_STREQ(workers(&d, 2), "|4", "minmaxwl: app 2");
	TAP_NEAR(rs_eval(ex, &d, 1), 56 / 12.0, 1e-12, "minmaxwl: min-max ideal makespan 4.667");

	/* LpSolve: all work hybrid, a GPU worth 10 CPUs: T = 100 / (4 + 2 x
	 * 10) = 4.1667, every unit busy until T */
	double u[6], T;
	TAP_OK(rs_lp(ex, 3, 4, 2, u, &T) == 0, "lpsolve: the LP has an optimum");
	TAP_NEAR(T, 100 / 24.0, 1e-9, "lpsolve: T = 100/24");
	TAP_NEAR(u[0] + u[2] + u[4], 4 * T, 1e-9, "lpsolve: the CPUs' time 4T");
	TAP_NEAR(u[1] + u[3] + u[5], 2 * T, 1e-9, "lpsolve: the GPUs' time 2T");
	c.strategy = RS_LPSOLVE;
	TAP_OK(rs_distribute(&c, ex, &d, why, sizeof why) == 0, "lpsolve: distributes within Rules 1-3");
	rs_dist_free(&d);

	/* The rounding's second step on 4 units of capacity 5, needs 8, 6,
	 * 4, 2: 8 -> unit 0 (5, 3 left); 6 -> unit 1 (5, 1 left); 4 -> unit
	 * 2; 3 -> unit 3; 2 -> unit 3 (full at 5); 1 -> unit 2 (the least
	 * used, 4). */
	rs_dist_init(&d, 4, 4, 0);
	double need[4] = { 8, 6, 4, 2 };
	rs_round(&d, need, 0, 4, 5);
	TAP_STREQ(workers(&d, 0), "0,3|", "round: the largest need spans units 0 and 3");
	TAP_STREQ(workers(&d, 1), "1,2|", "round: the second spans units 1 and 2");
	TAP_STREQ(workers(&d, 2), "2|", "round: the third on unit 2");
	TAP_STREQ(workers(&d, 3), "3|", "round: the fourth on unit 3");
	rs_dist_free(&d);

	/* The baselines: everyone holds every worker */
	rs_dist_init(&d, 3, 4, 2);
	c.strategy = RS_CONC;
	TAP_OK(rs_distribute(&c, ex, &d, why, sizeof why) == 0, "conc: distributes");
	TAP_STREQ(workers(&d, 2), "0,1,2,3|4,5", "conc: one shared context");
	rs_dist_free(&d);
}

/* Bartering: app 0 gains 2x on a GPU, app 1 20x; app 0 holds the GPU.
 * Dedicated: CPUs floor(4 x 20/40) = 2 each; GPU floor(1 x 10/11) = 0 for
 * app 0, 0 for app 1... so the case is made by hand: app 0 has CPUs 0, 1
 * and GPU 4, app 1 CPUs 2, 3.  Ideal: app 0 20/(2 + 2) = 5, app 1 20/2 =
 * 10.  Barter: GPU 4 to app 1, round(2) = 2 CPUs (3, 2) to app 0: app 0
 * 20/4 = 5, app 1 20/(0 + 20) = 1 -> max 5 < 10: kept. */
static void test_barter(void)
{
	struct rs_fig f[2] = { { 20, 10, 0, 0, 0 }, { 20, 1, 0, 0, 0 } };
	struct rs_dist d;
	rs_dist_init(&d, 2, 4, 1);
	*own(&d, 0, 0) = *own(&d, 0, 1) = *own(&d, 0, 4) = 1;
	*own(&d, 1, 2) = *own(&d, 1, 3) = 1;
	rs_barter(f, &d, 0.5, 1);
	TAP_STREQ(workers(&d, 0), "0,1,2,3|", "barter: app 0 trades its GPU for 2 CPUs");
	TAP_STREQ(workers(&d, 1), "|4", "barter: app 1 takes the GPU");
	/* below the threshold nothing moves */
	memset(d.own, 0, 10);
	*own(&d, 0, 0) = *own(&d, 0, 1) = *own(&d, 0, 4) = 1;
	*own(&d, 1, 2) = *own(&d, 1, 3) = 1;
	rs_barter(f, &d, 2.0, 1);
	TAP_STREQ(workers(&d, 0), "0,1|4", "barter: not under the stdev limit");
	rs_dist_free(&d);
}

/* A small event loop driving the two-level scheduler as hs-sim would:
 * ends at a date, then the jobs whose dependencies all ended, then the
 * idle workers start their queues' heads. */
struct lp {
	struct rs *S;
	double now, start[8], end[8];
	int worker[8], started[8], submitted[8], ended[8];
	int dep[8]; /* one dependency or -1 */
	double wake;        /* the next wake-up asked for (+inf: none) */
	double xfer[8][2];  /* per job and worker: the expected transfer time */
	int prefetched[8];  /* per job: the worker its inputs were sent to, or -1 */
};

static double lp_transfer(void *arg, int job, int w)
{
	return ((struct lp *)arg)->xfer[job][w];
}

static void lp_prefetch(void *arg, int job, int w)
{
	((struct lp *)arg)->prefetched[job] = w;
}

static void lp_wake(void *arg, double t)
{
	struct lp *L = arg;
	L->wake = fmin(L->wake, t);
}

static int lp_start(void *arg, int job, int w)
{
	struct lp *L = arg;
	L->start[job] = L->now;
	L->end[job] = L->now + jdur(L->S, job, w);
	L->worker[job] = w;
	L->started[job] = 1;
	return 0;
}

static void lp_run(struct lp *L, int nj)
{
	char why[256];
	for (;;) {
		for (int i = 0; i < nj; i++)
			if (!L->submitted[i] && (L->dep[i] < 0 || L->ended[L->dep[i]])) {
				L->submitted[i] = 1;
				rs_ready(L->S, i, L->now);
			}
		rs_dispatch(L->S, L->now);
		double t = L->wake > L->now ? L->wake : INFINITY;
		for (int i = 0; i < nj; i++)
			if (L->started[i] && !L->ended[i] && L->end[i] < t)
				t = L->end[i];
		if (!isfinite(t))
			return;
		L->now = t;
		for (int i = 0; i < nj; i++)
			if (L->started[i] && !L->ended[i] && L->end[i] == t) {
				L->ended[i] = 1;
				rs_end(L->S, i, t, why, sizeof why);
			}
	}
}

/* 1 CPU (worker 0), 1 GPU (worker 1).  App A: job 0 (4 s on the CPU, 1 on
 * the GPU), then job 1 (2 s on either); app B: job 2, 3 s, CPU only.
 *   conc: job 0 ends first on the GPU (1 < 4), job 2 on the CPU [0, 3];
 *         at 1 job 1 ends at 3 on the GPU, 5 on the CPU: GPU [1, 3].
 *   seq:  job 0 on the GPU [0, 1]; job 2 held; job 1 ties at 3 on both
 *         (the lower worker wins): CPU [1, 3]; then B: job 2 [3, 6]. */
static void test_schedule(void)
{
	for (int seq = 0; seq < 2; seq++) {
		struct rs_conf c = { seq ? RS_SEQ : RS_CONC, 1, 0.5, 0, 1, 0, 0 };
		struct lp L = { 0 };
		L.wake = INFINITY;
		L.S = rs_new(&c, RS_ONE, 3, 2, 1, 1);
		L.S->out = (struct rs_out){ &L, lp_start, NULL, NULL, NULL };
		double tc[3] = { 4, 2, 3 }, tg[3] = { 1, 2, INFINITY };
		int app[3] = { 0, 0, 1 };
		for (int i = 0; i < 3; i++) {
			L.S->j[i].app = app[i];
			L.S->j[i].tc = tc[i];
			L.S->j[i].tg = tg[i];
			L.dep[i] = i == 1 ? 0 : -1;
		}
		L.S->nalive = 2;
		rs_figures(L.S);
		TAP_OK(L.S->a[0].fig.cpu_w == 6 && L.S->a[0].fig.gpu_w == 3 && L.S->a[0].fig.cpu_pw == 0,
		       "figures: app A CPU_W 6, GPU_W 3, no pure work");
		TAP_OK(L.S->a[1].fig.cpu_w == 3 && L.S->a[1].fig.cpu_pw == 3 && L.S->a[1].fig.gpu_w == 0,
		       "figures: app B CPU_W = CPU_PW = 3");
		char why[256];
		if (seq)
			memset(own(&L.S->dist, 0, 0), 1, 2);
		else
			rs_redistribute(L.S, 0, NULL, why, sizeof why);
		lp_run(&L, 3);
		char got[128];
		snprintf(got, sizeof got, "%g@%d %g@%d %g@%d", L.start[0], L.worker[0], L.start[1],
			 L.worker[1], L.start[2], L.worker[2]);
		TAP_STREQ(got, seq ? "0@1 1@0 3@0" : "0@1 1@1 0@0", seq ? "schedule: seq" : "schedule: conc");
		rs_free(L.S);
	}
}

/* Inherit (§2.1.2): app 0 ended holding CPUs 2 and 3; app 1 has 10 s of
 * CPU work left on CPU 0, app 2 6 s on CPU 1.  Rates 1: CPU 2 to app 1
 * (10 > 6), which then needs 5 on two, so CPU 3 to app 2 (6 > 5).  App 1
 * twice as fast as expected (rate 2): its 10 s count 5, CPU 2 to app 2
 * (6 > 5; then 3), CPU 3 to app 1 (5 > 3). */
static void test_inherit(void)
{
	for (int fast = 0; fast < 2; fast++) {
		struct rs_conf c = { RS_DSR_GD, 1, 0.5, 0, 1, 0, 0 };
		struct rs *S = rs_new(&c, RS_INHERIT, 3, 3, 4, 0);
		S->a[1].pc = 10, S->a[1].npc = 1, S->a[1].nleft = 1;
		S->a[2].pc = 6, S->a[2].npc = 1, S->a[2].nleft = 1;
		*own(&S->dist, 1, 0) = 1;
		*own(&S->dist, 2, 1) = 1;
		unsigned char released[4] = { 0, 0, 1, 1 };
		double rate[3] = { 1, fast ? 2 : 1, 1 };
		rs_inherit(S, released, rate);
		TAP_STREQ(workers(&S->dist, 1), fast ? "0,3|" : "0,2|",
			  fast ? "inherit, app 1 ahead (rate 2): CPU 3" : "inherit: app 1 behind gets CPU 2");
		TAP_STREQ(workers(&S->dist, 2), fast ? "1,2|" : "1,3|",
			  fast ? "inherit, app 1 ahead: app 2 gets CPU 2" : "inherit: then app 2 CPU 3");
		rs_free(S);
	}
}

/* DMDA (StarPU): 1 CPU (worker 0), 1 GPU (worker 1), one application
 * (conc).  Job 0 takes 1 s on the CPU, 0.5 on the GPU, but its input is on
 * the host: 2 s to bring to the GPU.  Fitness: CPU (1 - 0.5) + 0 = 0.5,
 * GPU 0 + 2 = 2: the slower CPU, where the data are; beta=0 (DM): the GPU.
 * Job 1 (1 s on either, nothing to move) then ends at 2 on the CPU's
 * queue, 1 on the GPU's: the GPU.  Under DM the transfer is not asked
 * for: job 0's GPU queue ends at 0.5, job 1 ends at 1 on the CPU, 1.5 on
 * the GPU: the CPU.  Each job's inputs are prefetched where it goes. */
static void test_dmda(void)
{
	for (int dm = 0; dm < 2; dm++) {
		struct rs_conf c = { RS_CONC, 1, 0.5, 0, dm ? 0 : 1, 0, 0 };
		struct lp L = { 0 };
		L.wake = INFINITY;
		L.S = rs_new(&c, RS_ONE, 2, 1, 1, 1);
		L.S->out = (struct rs_out){ &L, lp_start, lp_transfer, lp_prefetch, lp_wake };
		double tc[2] = { 1, 1 }, tg[2] = { 0.5, 1 };
		for (int i = 0; i < 2; i++) {
			L.S->j[i].tc = tc[i];
			L.S->j[i].tg = tg[i];
			L.dep[i] = -1;
			L.prefetched[i] = -1;
		}
		L.xfer[0][1] = 2;
		L.S->nalive = 1;
		rs_figures(L.S);
		char why[256];
		rs_redistribute(L.S, 0, NULL, why, sizeof why);
		lp_run(&L, 2);
		char got[128];
		snprintf(got, sizeof got, "%g@%d %g@%d prefetch %d %d", L.start[0], L.worker[0],
			 L.start[1], L.worker[1], L.prefetched[0], L.prefetched[1]);
		TAP_STREQ(got, dm ? "0@1 0@0 prefetch 1 0" : "0@0 0@1 prefetch 0 1",
			  dm ? "dmda: beta=0 (DM) places blind to data" :
			       "dmda: the slower worker that holds the data");
		rs_free(L.S);
	}
}

/* The scheduling overhead: 0.5 s a job plus 0.25 per worker of its
 * context (conc: both), 1 s in all: job 0 (GPU, 0.5 s) starts at 1, a
 * wake-up asked for then; job 1 (CPU) too; nothing starts before. */
static void test_overhead(void)
{
	struct rs_conf c = { RS_CONC, 1, 0.5, 0, 1, 0.5, 0.25 };
	struct lp L = { 0 };
	L.wake = INFINITY;
	L.S = rs_new(&c, RS_ONE, 2, 1, 1, 1);
	L.S->out = (struct rs_out){ &L, lp_start, NULL, NULL, lp_wake };
	double tc[2] = { 4, 1 }, tg[2] = { 0.5, INFINITY };
	for (int i = 0; i < 2; i++) {
		L.S->j[i].tc = tc[i];
		L.S->j[i].tg = tg[i];
		L.dep[i] = -1;
	}
	L.S->nalive = 1;
	rs_figures(L.S);
	char why[256];
	rs_redistribute(L.S, 0, NULL, why, sizeof why);
	lp_run(&L, 2);
	char got[128];
	snprintf(got, sizeof got, "%g@%d-%g %g@%d-%g", L.start[0], L.worker[0], L.end[0], L.start[1],
		 L.worker[1], L.end[1]);
	TAP_STREQ(got, "1@1-1.5 1@0-2", "overhead: 0.5 s + 0.25 s per worker of the context");
	rs_free(L.S);
}

int main(void)
{
	test_dmda();
	test_overhead();
	test_inherit();
	test_schedule();
	test_ideal();
	test_cp();
	test_rules();
	test_rate();
	test_example();
	test_barter();
	return tap_done();
}
