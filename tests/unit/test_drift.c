/* test_drift - hs-sim's warning about simulated durations far from time=
 * (hs/drift.h) on a hand-computed case: which tasks count, the ratios,
 * the worst task, the exact line. */
#include "hs/drift.h"
#include "model_fixture.h"
#include "tap.h"

/* Node a runs at speed 2: time=10 gives 5 s there. */
static const char *RUNS =
	"node a cores=4 speed=2\n"
	"task t1 model=rigid size=1 time=10 comp=1\n"
	"task t2 model=rigid size=1 time=10 comp=1\n"
	"task t3 model=rigid size=1 time=10 comm=5\n"
	"task t4 model=rigid size=1 time=10 comp=1 walltime=30\n"
	"task t5 model=rigid size=1 time=10\n"
	"task t6 model=amdahl t1=10 comp=1\n"
	"task t7 model=rigid size=1 time=10 comp=1\n"
	"task t8 model=rigid size=1 time=10 comp=1\n"
	"run t1 node=a cores=0 start=0 end=5 state=done\n"     /* ratio 1 */
	"run t2 node=a cores=1 start=0 end=20 state=done\n"    /* 4: off */
	"run t3 node=a cores=2 start=1 end=3 state=done\n"     /* 0.4: off */
	"run t4 node=a cores=3 start=0 end=30 state=killed\n"  /* killed: not counted */
	"run t5 node=a cores=0 start=5 end=100 state=done\n"   /* no comp/comm */
	"run t6 node=a cores=1 start=20 end=100 state=done\n"  /* not rigid */
	"run t7 node=a cores=2 start=3 end=13 state=done\n"    /* 2: the factor itself */
	"run t8 node=a cores=0 start=100 end=102.5 state=done\n"; /* 0.5: the factor itself */

int main(void)
{
	hs_set_progname("hs-sim");
	struct hs_stream s;
	struct hs_instance in;
	TAP_OK(fx_load(&s, &in, RUNS) == 0 && in.has_run, "stream with run records loads");
	struct hs_drift d;
	int off = hs_drift_check(&in, &in.run, 2, &d);
	TAP_OK(off == 2 && d.off == 2 && d.checked == 5,
	       "5 tasks checked (t1 t2 t3 t7 t8), 2 off (t2 t3): %d of %d", d.off, d.checked);
	TAP_OK(d.lo == 0.4 && d.hi == 4, "ratios 0.4 to 4 (%g to %g)", d.lo, d.hi);
	TAP_OK(d.worst == 1 && d.worst_time == 5 && d.worst_sim == 20,
	       "worst: t2 (ln 4 > -ln 0.4), time= gives 5 s, simulated 20 s");
	TAP_OK(hs_drift_check(&in, &in.run, 5, &d) == 0 && d.checked == 5, "factor 5: none off");

	char buf[1024] = "";
	FILE *f = fmemopen(buf, sizeof buf, "w");
	int n = hs_drift_warn(&in, &in.run, f);
	fclose(f);
	TAP_OK(n == 2, "hs_drift_warn: 2");
	TAP_STREQ(buf,
		  "hs-sim: warning: 2 of 5 tasks with comp/comm ran more than 2 times shorter or "
		  "longer than their time= says (simulated/time= 0.4 to 4; task t2: time= gives 5 "
		  "s, simulated 20 s): comp and comm, not time=, set durations in the flow model "
		  "(check hs-gen ptask --fcomp against the nodes' flop/s)\n",
		  "the line");
	fx_free(&s, &in);

	/* Nothing off: nothing written. */
	TAP_OK(fx_load(&s, &in, "node a cores=1\ntask t model=rigid size=1 time=4 comp=1\n"
			      "run t node=a cores=0 start=0 end=7 state=done\n") == 0,
	       "second stream");
	f = fmemopen(buf, sizeof buf, "w");
	n = hs_drift_warn(&in, &in.run, f);
	long pos = ftell(f);
	fclose(f);
	TAP_OK(n == 0 && pos == 0, "1.75 times: within the factor, nothing written");
	fx_free(&s, &in);
	return tap_done();
}
