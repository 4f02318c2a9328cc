/* test_data - hs-sim's data model (lib/sim/data.h) on hand-computed
 * cases: expected transfer times (StarPU's, each input alone on its
 * links), a prefetch that makes them 0, transfers sharing a link, room
 * made by a write-back, data dropped once nobody reads them. */
#include "sim/data.h"
#include "model_fixture.h"
#include "tap.h"

#include <math.h>

/* Two GPUs of one stream each, 1e9 B/s and 0.5 s each way, 3e9 bytes of
 * memory each.  a and x (cores) write 2e9 and 1e9 bytes; b reads a's, c
 * reads a's and x's. */
static const char *TWO = "platform p\n"
			 "node n cores=1 gpus=2 gpu_bw=1e9 gpu_lat=0.5 gpu_mem=3e9\n"
			 "task a model=rigid size=1 time=1\n"
			 "task x model=rigid size=1 time=1\n"
			 "task b model=gpu gpu_time=1 deps=a:2e9\n"
			 "task c model=gpu gpu_time=1 deps=a:2e9,x:1e9\n";

static int core0 = 0, gpu0 = 0, gpu1 = 1;
static struct hs_part p_core = { 0, &core0, 1, NULL, 0 }, p_g0 = { 0, NULL, 0, &gpu0, 1 },
		      p_g1 = { 0, NULL, 0, &gpu1, 1 };
static struct hs_placement on_core = { .parts = &p_core, .nparts = 1 },
			   on_g0 = { .parts = &p_g0, .nparts = 1 },
			   on_g1 = { .parts = &p_g1, .nparts = 1 };

/* Run task i from now to its data's arrival: the date it is ready. */
static double ready_at(struct hs_data *d, int i, const struct hs_placement *p, double now)
{
	char why[200];
	int w = hs_data_fetch(d, i, p, now, why, sizeof why);
	if (w < 0)
		return NAN;
	while (w > 0) {
		double t = hs_data_next(d);
		if (!isfinite(t))
			return INFINITY;
		hs_data_advance(d, t);
		for (int k; (k = hs_data_take_ready(d)) >= 0;)
			if (k == i)
				return t;
		now = t;
	}
	return now;
}

static void test_estimate(void)
{
	struct hs_stream s;
	struct hs_instance in;
	if (fx_load(&s, &in, TWO) != 0) {
		TAP_OK(0, "estimate: load");
		return;
	}
	struct hs_data d;
	hs_data_init(&d, &in, in.ntasks);
	TAP_OK(d.on && d.size[0] == 2e9 && d.size[1] == 1e9 && d.left[0] == 2,
	       "estimate: a's output is 2e9 bytes, read twice");
	/* a and x end on the cores: on the host */
	TAP_OK(hs_data_fetch(&d, 0, &on_core, 0, NULL, 0) == 0, "estimate: a has no inputs");
	hs_data_end(&d, 0, 1, 1);
	hs_data_fetch(&d, 1, &on_core, 0, NULL, 0);
	hs_data_end(&d, 1, 1, 1);
	TAP_OK(hs_data_estimate(&d, 3, &on_g0) == 0.5 + 2 + 0.5 + 1, "estimate: c to GPU 0, 4 s");
	TAP_OK(hs_data_estimate(&d, 3, &on_core) == 0, "estimate: c on the host, 0");
	/* b on GPU 0: a's comes [1, 3.5] */
	TAP_OK(ready_at(&d, 2, &on_g0, 1) == 3.5, "estimate: b ready at 1 + 0.5 + 2");
	TAP_OK(hs_data_estimate(&d, 3, &on_g0) == 1.5, "estimate: c to GPU 0 now, x's only");
	hs_data_end(&d, 2, 4.5, 1);
	/* a prefetch of c's inputs to GPU 1: on their way, 0 */
	hs_data_prefetch(&d, 3, &on_g1, 4.5);
	TAP_OK(hs_data_estimate(&d, 3, &on_g1) == 0, "estimate: 0 once prefetched");
	TAP_OK(d.h2d[3] == 3e9, "estimate: the prefetch charged to c");
	/* both transfers share GPU 1's link: x's (1e9) at half speed to 7,
	 * a's 1e9 left alone to 8 */
	TAP_OK(ready_at(&d, 3, &on_g1, 4.5) == 8, "estimate: c ready at 8, its two inputs sharing a link");
	hs_data_end(&d, 3, 9, 1);
	TAP_OK(hs_data_used(&d, 0) == 0 && hs_data_used(&d, 1) == 0, "estimate: no reader left, every GPU empty");
	hs_data_release(&d);
	fx_free(&s, &in);
}

/* One GPU of 3e9 bytes; a (GPU) writes 2e9 that c reads; b (GPU) needs
 * 2e9 of room for its output: a's is written back (2 s) first. */
static void test_writeback(void)
{
	struct hs_stream s;
	struct hs_instance in;
	if (fx_load(&s, &in,
		    "platform p\nnode n cores=1 gpus=1 gpu_bw=1e9 gpu_mem=3e9\n"
		    "task a model=gpu gpu_time=1\ntask b model=gpu gpu_time=1\n"
		    "task c model=gpu gpu_time=1 deps=a:2e9\ntask d model=rigid size=1 time=1 deps=b:2e9\n") !=
	    0) {
		TAP_OK(0, "write-back: load");
		return;
	}
	struct hs_data d;
	hs_data_init(&d, &in, in.ntasks);
	TAP_OK(ready_at(&d, 0, &on_g0, 0) == 0, "write-back: a ready at once");
	hs_data_end(&d, 0, 1, 1);
	TAP_OK(hs_data_used(&d, 0) == 2e9, "write-back: a's output on the GPU");
	TAP_OK(ready_at(&d, 1, &on_g0, 1) == 3, "write-back: b ready once a's is written back");
	TAP_OK(d.d2h[1] == 2e9 && d.h2d[1] == 0, "write-back: charged to b, GPU to host");
	char why[200];
	TAP_OK(hs_data_fetch(&d, 2, &on_g0, 3, why, sizeof why) == 1, "write-back: c waits");
	hs_data_end(&d, 2, 3.5, 0); /* killed while it waited */
	TAP_OK(hs_data_take_ready(&d) == -1, "write-back: a task gone is never ready");
	hs_data_end(&d, 1, 4, 1);
	hs_data_release(&d);
	fx_free(&s, &in);
}

int main(void)
{
	test_estimate();
	test_writeback();
	return tap_done();
}
