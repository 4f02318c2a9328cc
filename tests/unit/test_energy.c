/* test_energy.c - energy, EDP and ED^n (Hamano et al. eqs. 2-4) and the
 * virtual-resource split, checked against values computed by hand. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hs/energy.h"
#include "hs/metrics.h"
#include "hs/model.h"
#include "hs/util.h"
#include "tap.h"

/* One node: 2 cores (220/130 W), 1 GPU (100/50 W).
 *   a: 100 s on a core, alpha 2   -> 50 s on the GPU
 *   b:  60 s on a core, alpha 0.5 -> 120 s on the GPU
 *   c:  80 s on a core, alpha 4   -> 20 s on the GPU */
static const char *const example[] = {
	"node n1 cores=2 gpus=1 cpu_busy=220 cpu_idle=130 gpu_busy=100 gpu_idle=50",
	"task a model=rigid size=1 time=100 alpha=2",
	"task b model=rigid size=1 time=60 alpha=0.5",
	"task c model=amdahl t1=80 beta=1 alpha=4",
	"task d model=rigid size=1 time=30 alpha=0",
	"task e model=gpu gpu_time=7",
	NULL,
};

static int load(struct hs_stream *s, struct hs_instance *in, const char *const *lines)
{
	hs_stream_init(s, "example");
	s->version = 1;
	for (int i = 0; lines[i]; i++) {
		const char *err = NULL;
		struct hs_record *r = hs_record_parse(lines[i], strlen(lines[i]), i + 2, &err);
		if (!r)
			return -1;
		hs_stream_append(s, r);
	}
	return hs_instance_load(in, s);
}

int main(void)
{
	hs_set_progname("test_energy");
	struct hs_stream s;
	struct hs_instance in;
	int ok = load(&s, &in, example) == 0;
	TAP_OK(ok, "example instance loads");
	if (!ok)
		return tap_done();

	/* eq. (2) */
	TAP_NEAR(hs_energy_processor(60, 70, 220, 130), 60 * 220 + 10 * 130, 1e-9,
		 "E_processor = busy*P_busy + (T-busy)*P_idle");

	/* Hand schedule of a, b, c: a then c on the GPU, b on core 0, core 1 idle. */
	struct hs_schedule sch;
	hs_schedule_init(&sch, in.ntasks);
	int core0 = 0, gpu0 = 0;
	hs_schedule_add(&sch, 0, 0, NULL, 0, &gpu0, 1, 0, 50);
	hs_schedule_add(&sch, 2, 0, NULL, 0, &gpu0, 1, 50, 70);
	hs_schedule_add(&sch, 1, 0, &core0, 1, NULL, 0, 0, 60);
	struct hs_energy_metrics m;
	hs_energy_metrics(&in, &sch, 2, &m);
	/* T = 70; core0: 60*220 + 10*130 = 14500; core1: 70*130 = 9100;
	 * GPU: 70*100 = 7000; E_all = 30600; EDP = 30600*70; ED^2 = 30600*4900. */
	TAP_NEAR(m.system_time, 70, 1e-9, "systemTime is the makespan");
	TAP_NEAR(m.cpu_busy, 60, 1e-9, "busy core-seconds");
	TAP_NEAR(m.gpu_busy, 70, 1e-9, "busy GPU-seconds");
	TAP_NEAR(m.e_cpu, 14500 + 9100, 1e-6, "E over cores, the idle one included");
	TAP_NEAR(m.e_gpu, 7000, 1e-6, "E over GPUs");
	TAP_NEAR(m.e_all, 30600, 1e-6, "E_all (eq. 3)");
	TAP_NEAR(m.edp, 2142000, 1e-3, "EDP (eq. 4)");
	TAP_NEAR(m.edn, 149940000, 1e-2, "ED^2");
	TAP_NEAR(m.n, 2, 0, "n recorded");
	TAP_NEAR(m.e_all, hs_schedule_energy(&in, &sch, m.system_time), 1e-6,
		 "E_all equals hs_schedule_energy at the makespan");
	hs_energy_metrics(&in, &sch, 1, &m);
	TAP_NEAR(m.edn, m.edp, 1e-6, "ED^1 is EDP");

	/* The incremental estimate gives the same energy. */
	struct hs_energy_est est;
	hs_energy_est_init(&est, &in.plat);
	TAP_NEAR(est.idle_power, 2 * 130 + 50, 1e-9, "idle power of the platform");
	hs_energy_est_add(&est, 0, 50, 100, 50);
	hs_energy_est_add(&est, 50, 70, 100, 50);
	hs_energy_est_add(&est, 0, 60, 220, 130);
	TAP_NEAR(hs_energy_est_energy(&est), 30600, 1e-6, "incremental estimate = E_all");
	TAP_NEAR(est.time, 70, 0, "incremental systemTime");

	/* A schedule with a gap: b starts at 10 on core 1, d on core 0 at 0.
	 * T = 70, cores busy 60+30 = 90, GPU idle: E = 90*220 + (140-90)*130 + 70*50. */
	struct hs_schedule g;
	hs_schedule_init(&g, in.ntasks);
	int core1 = 1;
	hs_schedule_add(&g, 1, 0, &core1, 1, NULL, 0, 10, 70);
	hs_schedule_add(&g, 3, 0, &core0, 1, NULL, 0, 0, 30);
	hs_energy_metrics(&in, &g, 1, &m);
	TAP_NEAR(m.e_all, 90 * 220 + 50 * 130 + 70 * 50, 1e-6, "unplaced tasks skipped, gaps are idle");
	TAP_NEAR(m.e_all, hs_schedule_energy(&in, &g, m.system_time), 1e-6,
		 "gap schedule: equals hs_schedule_energy");
	hs_schedule_release(&g);

	/* Reference times and acceleration factors. */
	double c, gt;
	hs_energy_task_times(&in.tasks[0], &c, &gt);
	TAP_OK(c == 100 && gt == 50, "rigid task: cpu 100, gpu 50 (got %g, %g)", c, gt);
	hs_energy_task_times(&in.tasks[2], &c, &gt);
	TAP_OK(c == 80 && gt == 20, "amdahl beta=1 task: cpu 80, gpu 20 (got %g, %g)", c, gt);
	hs_energy_task_times(&in.tasks[3], &c, &gt);
	TAP_OK(c == 30 && isinf(gt), "alpha=0: CPU only");
	TAP_NEAR(hs_energy_alpha(c, gt), 0, 0, "alpha of a CPU-only task is 0");
	hs_energy_task_times(&in.tasks[4], &c, &gt);
	TAP_OK(isinf(c) && gt == 7, "model=gpu: GPU only");
	TAP_OK(isinf(hs_energy_alpha(c, gt)), "alpha of a GPU-only task is +inf");
	TAP_NEAR(hs_energy_alpha(60, 120), 0.5, 0, "alpha = t_cpu / t_acc");

	/* Objectives. */
	enum hs_energy_obj o;
	TAP_OK(hs_energy_obj_parse("edn", &o) == 0 && o == HS_EOBJ_EDN, "parse edn");
	TAP_OK(hs_energy_obj_parse("edp2", &o) < 0, "unknown objective rejected");
	TAP_STREQ(hs_energy_obj_name(HS_EOBJ_MAKESPAN), "makespan", "objective name");
	TAP_NEAR(hs_energy_objective(HS_EOBJ_EDN, 3, 2, 5), 250, 0, "ED^3 = E*T^3");
	TAP_NEAR(hs_energy_objective(HS_EOBJ_ENERGY, 1, 2, 5), 2, 0, "energy objective");
	TAP_OK(isinf(hs_energy_objective(HS_EOBJ_EDP, 1, INFINITY, 5)), "infinite energy");

	/* Virtual resources: 2 cores at rate 2, one GPU. */
	struct hs_energy_virt v;
	hs_energy_virt_init(&v, &in.plat);
	TAP_OK(v.cpu_rate == 2 && v.gpu_rate == 1 && v.cpu_busy_w == 440 && v.gpu_idle_w == 50,
	       "virtual CPU and accelerator");
	double e, t;
	hs_energy_virt_eval(&v, 60, 70, &e, &t);
	TAP_NEAR(t, 70, 1e-9, "virtual time = max(60/2, 70/1)");
	TAP_NEAR(e, 30 * 440 + 40 * 260 + 70 * 100, 1e-6, "virtual energy");

	/* Split of a, b, c (order c, a, b):
	 *   0 moved: T=120 E=58800 EDP=7056000;  1: T=80 E=40200 EDP=3216000;
	 *   2 moved: T=70  E=30600 EDP=2142000;  3: T=190 E=68400 EDP=12996000. */
	struct hs_energy_item it[3] = { { 100, 50, 0 }, { 60, 120, 1 }, { 80, 20, 2 } };
	char on[3];
	double val, ve, vt;
	int k = hs_energy_split(&v, it, 3, HS_EOBJ_EDP, 1, on, &val, &ve, &vt);
	TAP_OK(k == 2 && on[0] && !on[1] && on[2], "EDP split moves c and a (k=%d)", k);
	TAP_NEAR(val, 2142000, 1e-3, "EDP of the best split");
	TAP_NEAR(ve, 30600, 1e-6, "its energy");
	TAP_NEAR(vt, 70, 1e-9, "its time");
	/* Weight the GPU idle power up to make leaving it idle the cheapest:
	 * with objective=energy and a very slow GPU nothing moves. */
	struct hs_energy_virt slow = v;
	slow.gpu_rate = 0.01;
	k = hs_energy_split(&slow, it, 3, HS_EOBJ_ENERGY, 1, on, &val, NULL, NULL);
	TAP_OK(k == 0 && !on[0] && !on[1] && !on[2], "slow GPU: nothing moved (k=%d)", k);
	TAP_NEAR(val, 120 * 440 + 120 * 50, 1e-6, "energy with all tasks on cores");
	k = hs_energy_split(&v, it, 3, HS_EOBJ_MAKESPAN, 1, on, &val, NULL, NULL);
	TAP_OK(k == 2 && val == 70, "makespan split (k=%d, T=%g)", k, val);

	/* Ties on alpha: the larger task moves first, then the lower index. */
	struct hs_energy_item tie[3] = { { 10, 5, 0 }, { 40, 20, 1 }, { 40, 20, 2 } };
	struct hs_energy_item a = tie[0], b = tie[1], b2 = tie[2];
	TAP_OK(hs_energy_item_cmp(&b, &a) < 0 && hs_energy_item_cmp(&b, &b2) < 0,
	       "equal alpha: larger first, then lower index");
	/* Forced tasks: CPU-only stays, GPU-only starts on the accelerator. */
	struct hs_energy_item f[2] = { { 30, INFINITY, 0 }, { INFINITY, 7, 1 } };
	k = hs_energy_split(&v, f, 2, HS_EOBJ_EDP, 1, on, NULL, NULL, NULL);
	TAP_OK(k == 0 && !on[0] && on[1], "forced tasks stay on their side");
	struct hs_energy_item bad[1] = { { INFINITY, INFINITY, 0 } };
	TAP_OK(hs_energy_split(&v, bad, 1, HS_EOBJ_EDP, 1, on, NULL, NULL, NULL) == -1,
	       "a task that runs nowhere: -1");
	struct hs_energy_virt nogpu = v;
	nogpu.gpu_rate = 0;
	TAP_OK(hs_energy_split(&nogpu, f, 2, HS_EOBJ_EDP, 1, on, NULL, NULL, NULL) == -1,
	       "GPU-only task without GPUs: -1");
	k = hs_energy_split(&nogpu, it, 3, HS_EOBJ_EDP, 1, on, NULL, NULL, NULL);
	TAP_OK(k == 0, "no GPU: nothing moves");

	hs_schedule_release(&sch);
	hs_instance_release(&in);
	hs_stream_release(&s);
	return tap_done();
}
