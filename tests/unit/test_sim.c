/* test_sim - the flow-level simulator on hand-computed cases (CPU and link
 * bounds, sharing, latency, TCP gamma, fatpipes, kills, energy) and the
 * incremental sharing solver against a plain full re-solve. */
#include "hs/maxmin.h"
#include "hs/sim.h"
#include "model_fixture.h"
#include "tap.h"

/* Simulate text with options o (NULL: defaults); *in, *s stay loaded. */
static int sim(struct hs_stream *s, struct hs_instance *in, struct hs_schedule *run,
	       const struct hs_sim_opts *o, struct hs_sim_result *res, const char *text)
{
	struct hs_sim_opts d;
	hs_sim_opts_default(&d);
	if (fx_load(s, in, text) != 0)
		return -2;
	return hs_sim_run(in, &in->plan, o ? o : &d, run, res);
}

static double end_of(const struct hs_instance *in, const struct hs_schedule *run, const char *id)
{
	int i = hs_instance_find_task(in, id);
	return i >= 0 && run->p[i].task == i ? run->p[i].end : NAN;
}

static double start_of(const struct hs_instance *in, const struct hs_schedule *run, const char *id)
{
	int i = hs_instance_find_task(in, id);
	return i >= 0 && run->p[i].task == i ? run->p[i].start : NAN;
}

static enum hs_state state_of(const struct hs_instance *in, const struct hs_schedule *run,
			      const char *id)
{
	return run->p[hs_instance_find_task(in, id)].state;
}

static void done(struct hs_stream *s, struct hs_instance *in, struct hs_schedule *run)
{
	hs_schedule_release(run);
	fx_free(s, in);
}

#define NEAR(a, b) (fabs((a) - (b)) <= 1e-12 * fmax(1, fabs(b)))

static void test_cpu(void)
{
	/* comp=50 flop at 10 flop/s: 5 s.  Two processes with 20 and 40
	 * flop, one core each: the slower one sets the pace, 40/10 = 4 s. */
	struct hs_stream s;
	struct hs_instance in;
	struct hs_schedule run;
	struct hs_sim_result res;
	int r = sim(&s, &in, &run, NULL, &res,
		    "node a cores=1 flops=10\nnode b cores=2 flops=10\n"
		    "task t model=amdahl t1=1 comp=50\ntask u model=amdahl t1=1 comp=20,40\n"
		    "plan t node=a cores=0 start=0 end=1\nplan u node=b cores=0-1 start=0 end=1\n");
	TAP_OK(r == 0, "CPU case runs");
	TAP_OK(end_of(&in, &run, "t") == 5 && state_of(&in, &run, "t") == HS_STATE_DONE,
	       "alone on a host: 50 flop / 10 flop/s = 5 s");
	TAP_OK(end_of(&in, &run, "u") == 4, "per-core bound: the 40-flop process, 4 s");
	TAP_OK(res.flow_tasks == 2 && res.makespan == 5, "2 parallel tasks, makespan 5");
	done(&s, &in, &run);
}

/* Two 1-core senders and a 2-core receiver on links of 100 B/s. */
static const char *SHARE = "cluster c bw=100 lat=0\n"
			   "node a cluster=c cores=1\nnode b cluster=c cores=2\nnode d cluster=c cores=1\n"
			   "task t model=amdahl t1=1 scope=cluster comp=0,0 comm=0,300,0,0\n"
			   "task u model=amdahl t1=1 scope=cluster comp=0,0 comm=0,300,0,0\n"
			   "plan t node=a,b cores=0/0 start=0 end=1\n"
			   "plan u node=d,b cores=0/1 start=0 end=1\n";

static void test_share(void)
{
	struct hs_stream s;
	struct hs_instance in;
	struct hs_schedule run;
	struct hs_sim_result res;
	struct hs_sim_opts o;
	hs_sim_opts_default(&o);
	for (int sg = 0; sg < 2; sg++) {
		o.solver = sg ? HS_SIM_SIMGRID : HS_SIM_BOTTLENECK;
		sim(&s, &in, &run, &o, &res, SHARE);
		TAP_OK(end_of(&in, &run, "t") == 6 && end_of(&in, &run, "u") == 6,
		       "%s: two flows share b's link, 50 B/s each: 300 B in 6 s",
		       sg ? "simgrid" : "bottleneck");
		done(&s, &in, &run);
	}

	/* Unequal flows: same bandwidth each (100 and 300 B), not the same
	 * rate: t ends at 2 (100 B at 50 B/s), then u alone: 200 B at 100. */
	char text[1024];
	snprintf(text, sizeof text, "%s", SHARE);
	char *p = strstr(text, "comm=0,300");
	memcpy(p, "comm=0,100", 10);
	sim(&s, &in, &run, NULL, &res, text);
	TAP_OK(end_of(&in, &run, "t") == 2 && end_of(&in, &run, "u") == 4,
	       "bandwidth-fair: 100 B ends at 2 s, 300 B at 4 s");
	done(&s, &in, &run);

	/* A fatpipe carries each flow alone: both end at 3 s. */
	sim(&s, &in, &run, NULL, &res,
	    "cluster c bw=100 lat=0 sharing=fatpipe\n"
	    "node a cluster=c cores=1\nnode b cluster=c cores=2\nnode d cluster=c cores=1\n"
	    "task t model=amdahl t1=1 scope=cluster comp=0,0 comm=0,300,0,0\n"
	    "task u model=amdahl t1=1 scope=cluster comp=0,0 comm=0,300,0,0\n"
	    "plan t node=a,b cores=0/0 start=0 end=1\nplan u node=d,b cores=0/1 start=0 end=1\n");
	TAP_OK(end_of(&in, &run, "t") == 3 && end_of(&in, &run, "u") == 3,
	       "fatpipe: each flow at 100 B/s, 3 s (shared: 6 s)");
	done(&s, &in, &run);
}

static void test_cpu_vs_link(void)
{
	struct hs_stream s;
	struct hs_instance in;
	struct hs_schedule run;
	struct hs_sim_result res;
	/* 100 flop at 10 flop/s: rate 0.1; 200 B at 100 B/s: 0.5 -> 10 s. */
	sim(&s, &in, &run, NULL, &res,
	    "cluster c bw=100\nnode a cluster=c cores=1 flops=10\nnode b cluster=c cores=1 flops=10\n"
	    "task t model=amdahl t1=1 scope=cluster comp=100,0 comm=0,200,0,0\n"
	    "plan t node=a,b cores=0/0 start=0 end=1\n");
	TAP_OK(end_of(&in, &run, "t") == 10, "CPU-bound parallel task: 10 s");
	done(&s, &in, &run);
	/* 2000 B: the link allows 0.05 -> 20 s. */
	sim(&s, &in, &run, NULL, &res,
	    "cluster c bw=100\nnode a cluster=c cores=1 flops=10\nnode b cluster=c cores=1 flops=10\n"
	    "task t model=amdahl t1=1 scope=cluster comp=100,0 comm=0,2000,0,0\n"
	    "plan t node=a,b cores=0/0 start=0 end=1\n");
	TAP_OK(end_of(&in, &run, "t") == 20, "link-bound parallel task: 20 s");
	done(&s, &in, &run);
	/* Homogeneous comm (one value for every pair) on 3 nodes: each
	 * node's link carries 2 * 2 * 50 = 200 B: 2 s. */
	sim(&s, &in, &run, NULL, &res,
	    "cluster c bw=100\nnode a cluster=c cores=1\nnode b cluster=c cores=1\n"
	    "node d cluster=c cores=1\n"
	    "task t model=amdahl t1=1 scope=cluster comm=50\n"
	    "plan t node=a,b,d cores=0/0/0 start=0 end=1\n");
	TAP_OK(end_of(&in, &run, "t") == 2, "comm=50 on 3 nodes: 200 B per link, 2 s");
	done(&s, &in, &run);
}

static void test_latency(void)
{
	struct hs_stream s;
	struct hs_instance in;
	struct hs_schedule run;
	struct hs_sim_result res;
	/* Route a -> b: two links of latency 0.5: 1 s, then 100 B at 100. */
	const char *text = "cluster c bw=100 lat=0.5\nnode a cluster=c cores=1\nnode b cluster=c cores=1\n"
			   "task t model=amdahl t1=1 scope=cluster comp=0,0 comm=0,100,0,0\n"
			   "task u model=amdahl t1=1 scope=cluster comp=5,0\n"
			   "plan t node=a,b cores=0/0 start=0 end=1\n"
			   "plan u node=a,b cores=0/0 start=1 end=2 after=t\n";
	sim(&s, &in, &run, NULL, &res, text);
	TAP_OK(end_of(&in, &run, "t") == 2, "latency 1 s + 100 B / 100 B/s = 2 s");
	TAP_OK(start_of(&in, &run, "u") == 2 && NEAR(end_of(&in, &run, "u"), 2 + 5e-9),
	       "no communication, no latency: 5 flop at 1e9 flop/s");
	done(&s, &in, &run);
	/* TCP gamma 100 B: rate <= 100 / (2 * 1 s * 100 B) = 0.5: 2 s. */
	struct hs_sim_opts o;
	hs_sim_opts_default(&o);
	o.tcp_gamma = 100;
	sim(&s, &in, &run, &o, &res, text);
	TAP_OK(end_of(&in, &run, "t") == 3, "TCP gamma bound: 1 s + 2 s");
	done(&s, &in, &run);
	o.tcp_gamma = 0;
	sim(&s, &in, &run, &o, &res, text);
	TAP_OK(end_of(&in, &run, "t") == 2, "--tcp-gamma 0: no bound");
	done(&s, &in, &run);
}

static void test_kill(void)
{
	struct hs_stream s;
	struct hs_instance in;
	struct hs_schedule run;
	struct hs_sim_result res;
	sim(&s, &in, &run, NULL, &res,
	    "node a cores=1 flops=10 cpu_busy=2\n"
	    "task t model=amdahl t1=1 comp=100 walltime=4\ntask u model=amdahl t1=1 comp=10\n"
	    "task w model=amdahl t1=1 comp=40 walltime=4\n"
	    "plan t node=a cores=0 start=0 end=10\nplan u node=a cores=0 start=10 end=11 after=t\n"
	    "plan w node=a cores=0 start=11 end=15 after=u\n");
	TAP_OK(end_of(&in, &run, "t") == 4 && state_of(&in, &run, "t") == HS_STATE_KILLED,
	       "killed at its walltime, 4 s");
	TAP_OK(run.p[0].energy == 8, "killed task's energy: 4 s * 2 W");
	TAP_OK(start_of(&in, &run, "u") == 4 && end_of(&in, &run, "u") == 5,
	       "its successor starts at the kill");
	TAP_OK(end_of(&in, &run, "w") == 9 && state_of(&in, &run, "w") == HS_STATE_DONE,
	       "work ending at the walltime itself is done");
	done(&s, &in, &run);
}

static void test_delay_and_order(void)
{
	struct hs_stream s;
	struct hs_instance in;
	struct hs_schedule run;
	struct hs_sim_result res;
	sim(&s, &in, &run, NULL, &res,
	    "node a cores=2\nnode g cores=1 gpus=1\n"
	    "task d model=amdahl t1=6 beta=0\ntask e model=amdahl t1=1 comp=3e9 release=7\n"
	    "task f model=rigid size=2 time=1\ntask k model=gpu gpu_time=2 comp=1\n"
	    "plan d node=a cores=0-1 start=0 end=3\nplan e node=a cores=0 start=7 end=10 after=d\n"
	    "plan f node=g cores=0 start=0 end=1\nplan k node=g gpus=0 start=0 end=2\n");
	TAP_OK(end_of(&in, &run, "d") == 3, "no comp/comm: the runtime model, 6/2 = 3 s");
	TAP_OK(start_of(&in, &run, "e") == 7 && end_of(&in, &run, "e") == 10,
	       "release date: starts at 7, not at 3");
	TAP_OK(state_of(&in, &run, "f") == HS_STATE_FAILED && end_of(&in, &run, "f") == 0,
	       "impossible allotment fails at once");
	TAP_OK(end_of(&in, &run, "k") == 2 && res.flow_tasks == 1, "a GPU task is a delay: 2 s");
	done(&s, &in, &run);
}

static void test_energy(void)
{
	/* a: 2 cores 10/2 W; b: 1 core 5/1 W.  t on a core 0 [0,3], u on
	 * b [0,1]; makespan 3.  Host: a busy 3 s * 20 W = 60; b busy 1 s *
	 * 5 W + idle 2 s * 1 W = 7; total 67.  Core: a 30 + 3 s * 2 W idle
	 * core = 36, b 7: 43. */
	struct hs_stream s;
	struct hs_instance in;
	struct hs_schedule run;
	struct hs_sim_result res;
	const char *text = "node a cores=2 flops=10 cpu_busy=10 cpu_idle=2\n"
			   "node b cores=1 flops=10 cpu_busy=5 cpu_idle=1\n"
			   "task t model=amdahl t1=1 comp=30\ntask u model=amdahl t1=1 comp=10\n"
			   "plan t node=a cores=0 start=0 end=3\nplan u node=b cores=0 start=0 end=1\n";
	sim(&s, &in, &run, NULL, &res, text);
	TAP_OK(res.makespan == 3 && res.energy == 67, "host energy 67 J");
	TAP_OK(run.p[0].energy == 30 && run.p[1].energy == 5, "per-task energy 30, 5 J");
	TAP_OK(hs_sim_energy(&in, &run, 3, HS_SIM_ENERGY_CORE) == 43, "core energy 43 J");
	TAP_OK(hs_sim_energy(&in, &run, 4, HS_SIM_ENERGY_HOST) == 67 + 2 * 2 + 1,
	       "longer horizon: idle power of both nodes");
	/* Only one power figure left: still counted; none: 0 J, and NaN for
	 * an infinite horizon as before (inf * 0 W). */
	for (int j = 0; j < 2; j++)
		in.plat.nodes[j].cpu_busy = in.plat.nodes[j].cpu_idle = 0;
	in.plat.nodes[1].gpu_idle = 0.5; /* b has no GPU: 0 GPUs * 0.5 W */
	TAP_OK(hs_sim_energy(&in, &run, 3, HS_SIM_ENERGY_HOST) == 0, "a zero figure times no GPU: 0 J");
	in.plat.nodes[1].gpus = 2;
	TAP_OK(hs_sim_energy(&in, &run, 3, HS_SIM_ENERGY_HOST) == 2,
	       "two GPUs at 0.5 W while b is idle (2 s): 2 J");
	in.plat.nodes[1].gpus = 0;
	in.plat.nodes[1].gpu_idle = 0;
	TAP_OK(hs_sim_energy(&in, &run, 3, HS_SIM_ENERGY_HOST) == 0, "no power figures: 0 J");
	TAP_OK(isnan(hs_sim_energy(&in, &run, INFINITY, HS_SIM_ENERGY_HOST)),
	       "no power figures, infinite horizon: NaN as before");
	done(&s, &in, &run);
}

static void test_check(void)
{
	struct hs_stream s;
	struct hs_instance in;
	struct hs_sim_opts o;
	hs_sim_opts_default(&o);
	fx_load(&s, &in,
		"node a cores=2\ntask t model=amdahl t1=1 comp=1,2,3\n"
		"plan t node=a cores=0-1 start=0 end=1\n");
	fx_cap_begin();
	int n = hs_sim_check(&in, &in.plan, &o);
	const char *msg = fx_cap_end();
	TAP_OK(n == 1, "comp count checked");
	TAP_OK(strcmp(msg, "test: t.hs:3: task t: comp has 3 values but its allotment has 2 cores "
			   "(give 1 or 2)\n") == 0,
	       "message names the task and both counts");
	struct hs_schedule run;
	struct hs_sim_result res;
	fx_cap_begin();
	TAP_OK(hs_sim_run(&in, &in.plan, &o, &run, &res) == -1, "hs_sim_run refuses it");
	fx_cap_end();
	hs_schedule_release(&run);
	fx_free(&s, &in);
}

/* Kinds and ids of s's records, "kind id;..." (static buffer). */
static const char *kinds(const struct hs_stream *s)
{
	static char buf[1024];
	buf[0] = 0;
	for (size_t i = 0; i < s->n; i++)
		snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s %s;",
			 s->recs[i]->kind ? s->recs[i]->kind : "#", s->recs[i]->id ? s->recs[i]->id : "");
	return buf;
}

static void test_replace_platform(void)
{
	/* A directory of our own: plat.hs names g.xml beside it, which must
	 * exist (the model reads it). */
	char tmpl[] = "/tmp/hs-test-plat-XXXXXX";
	char *dir = realpath(mkdtemp(tmpl), NULL), hs[300], xml[300], want[300];
	snprintf(hs, sizeof hs, "%s/plat.hs", dir);
	snprintf(xml, sizeof xml, "%s/sniff.xml", dir);
	snprintf(want, sizeof want, "%s/g.xml", dir);
	FILE *f = fopen(want, "w");
	fputs("<?xml version='1.0'?>\n<platform version=\"4.1\">"
	      "<zone id=\"z\" routing=\"Full\"><host id=\"h\" speed=\"1Gf\"/></zone></platform>\n",
	      f);
	fclose(f);
	/* Told apart by its first non-blank character, not its name. */
	f = fopen(xml, "w");
	fputs("  \n <?xml version='1.0'?>\n<platform version=\"4.1\"/>\n", f);
	fclose(f);
	f = fopen(hs, "w");
	fputs("hs 1\nplatform p xml=g.xml\ncluster c bw=5\nnode n cluster=c cores=2\n"
	      "task x model=amdahl t1=1\n", f);
	fclose(f);
	const char *text = "prov gen tool=x\nplatform q\ncluster k\nnode m cluster=k cores=1\n"
			   "task t model=amdahl t1=1\n";
	struct hs_stream s;
	fx_stream(&s, text);
	TAP_OK(hs_sim_replace_platform(&s, hs) == 0, "hs platform file replaces");
	TAP_STREQ(kinds(&s), "prov gen;platform p;cluster c;node n;task t;",
		  "its platform records take the old ones' place, its tasks stay out");
	TAP_STREQ(hs_record_get(s.recs[1], "xml"), want, "a relative xml= is made absolute");
	hs_stream_release(&s);

	fx_stream(&s, text);
	TAP_OK(hs_sim_replace_platform(&s, xml) == 0, "SimGrid file replaces");
	TAP_STREQ(kinds(&s), "prov gen;platform sim;task t;", "one platform record for a SimGrid file");
	char *abs = realpath(xml, NULL);
	TAP_STREQ(hs_record_get(s.recs[1], "xml"), abs, "with the file's absolute path");
	hs_stream_release(&s);

	fx_stream(&s, "task t model=amdahl t1=1\n");
	hs_sim_replace_platform(&s, xml);
	TAP_STREQ(kinds(&s), "platform sim;task t;", "a stream without platform gets one first");
	hs_stream_release(&s);
	free(abs);
	unlink(hs);
	unlink(xml);
	unlink(want);
	rmdir(dir);
	free(dir);
}

/* ---------------- cores, SimGrid's sharing and its bugs ---------------- */

/* Every solver, by name. */
static const enum hs_sim_solver SOLVERS[] = { HS_SIM_BOTTLENECK, HS_SIM_SIMGRID };
static const char *solver_name(enum hs_sim_solver sv)
{
	return sv == HS_SIM_SIMGRID ? "simgrid" : "bottleneck";
}

/* One simulated case: the stream, its instance, the run. */
struct simcase {
	struct hs_stream s;
	struct hs_instance in;
	struct hs_schedule run;
	struct hs_sim_result res;
};

/* Simulate text with solver sv (and opts.check_simgrid = check); returns
 * what was written on stderr meanwhile (fx_cap_end's buffer). */
static const char *sim_case(struct simcase *c, enum hs_sim_solver sv, int check, const char *text)
{
	struct hs_sim_opts o;
	hs_sim_opts_default(&o);
	o.solver = sv;
	o.check_simgrid = check;
	fx_cap_begin();
	sim(&c->s, &c->in, &c->run, &o, &c->res, text);
	return fx_cap_end();
}

static double c_end(const struct simcase *c, const char *id)
{
	return end_of(&c->in, &c->run, id);
}

static double c_start(const struct simcase *c, const char *id)
{
	return start_of(&c->in, &c->run, id);
}

static void c_done(struct simcase *c)
{
	done(&c->s, &c->in, &c->run);
}

/* Two clusters of 1-core hosts with links of 100 B/s, no latency, a wide
 * backbone (1e4 B/s).  Job A: 4 processes, 100 B between every ordered
 * pair, on h1, h2 (c1) and g1, g2 (c2), or h1 (c1) and g1, g2, g3 (c2);
 * job B: 200 B from h1's second core to h3, over h1's link too.
 *   h1's link carries A's 3 * 100 B out and 3 * 100 B in (w = 600) and
 *   B's 200 B: round 1 offers each 100/2 = 50 B/s.  A's other links (g1's
 *   and the others': w = 600 alone, 100/600; the backbone: w = 800 or 600,
 *   1e4/800) allow more, so A runs at 50/600 = 1/12, B at 50/200 = 1/4:
 *   h1's link is full.  B ends at 4 s; then A alone, 100/600 = 1/6, has
 *   2/3 left: ends at 8 s.  However A is spread, and whatever its load on
 *   the nearly idle backbone: the same bandwidth on the link it shares. */
static void test_two_clusters(void)
{
	static const char *spread[2][2] = {
		{ "node=h1,h2,g1,g2 cores=0/0/0/0", "2+2" },
		{ "node=h1,g1,g2,g3 cores=0/0/0/0", "1+3" },
	};
	for (int k = 0; k < 2; k++)
		for (int sv = 0; sv < 2; sv++) {
			char text[2048];
			snprintf(text, sizeof text,
				 "platform p backbone_bw=1e4 backbone_lat=0\n"
				 "cluster c1 bw=100 lat=0\ncluster c2 bw=100 lat=0\n"
				 "node h1 cluster=c1 cores=2\nnode h2 cluster=c1 cores=1\n"
				 "node h3 cluster=c1 cores=1\nnode g1 cluster=c2 cores=1\n"
				 "node g2 cluster=c2 cores=1\nnode g3 cluster=c2 cores=1\n"
				 "task A model=amdahl t1=1 scope=any comm=100\n"
				 "task B model=amdahl t1=1 scope=cluster comp=0,0 comm=0,200,0,0\n"
				 "plan A %s start=0 end=1\n"
				 "plan B node=h1,h3 cores=1/0 start=0 end=1\n",
				 spread[k][0]);
			struct simcase c;
			sim_case(&c, SOLVERS[sv], 0, text);
			TAP_OK(c_end(&c, "B") == 4 && c_end(&c, "A") == 8,
			       "%s, A spread %s: half of the shared link each, B ends at 4 s, A at 8 s",
			       solver_name(SOLVERS[sv]), spread[k][1]);
			c_done(&c);
		}
}

/* One core of 1e9 flop/s (on a node of 2: the core, not the node, is
 * shared): a (1e9 flop) and b (2e9 flop) start together, the plan had b
 * after a but no after list says so.  Half the core each: a ends at 2 s,
 * b has 1e9 flop left, alone: 3 s. */
static void test_core_shared(void)
{
	for (int sv = 0; sv < 2; sv++) {
		struct simcase c;
		const char *msg =
			sim_case(&c, SOLVERS[sv], 0,
				 "node n cores=2 flops=1e9\n"
				 "task a model=amdahl t1=1 comp=1e9\ntask b model=amdahl t1=2 comp=2e9\n"
				 "task c model=amdahl t1=1\n"
				 "plan a node=n cores=0 start=0 end=1\nplan b node=n cores=0 start=1 end=3\n"
				 "plan c node=n cores=1 start=0 end=1\n");
		TAP_OK(c_end(&c, "a") == 2 && c_end(&c, "b") == 3 && c_start(&c, "b") == 0,
		       "%s: a core shared by 1 and 2 Gflop: ends at 2 s and 3 s", solver_name(SOLVERS[sv]));
		TAP_OK(strcmp(msg, "test: t.hs: warning: tasks a and b share core 0 of node n from 0 s: the "
				   "plan has them at [0, 1] and [1, 3] but no after list orders them\n") == 0,
		       "%s: the overlap is reported, with both tasks", solver_name(SOLVERS[sv]));
		c_done(&c);
	}
}

/* SimGrid's validation case V5: two jobs on one CPU (1 and 2 Gflop at
 * 1 Gflop/s), then one after both (1 Gflop): 0-2, 0-3, 3-4. */
static void test_v5(void)
{
	for (int sv = 0; sv < 2; sv++) {
		struct simcase c;
		sim_case(&c, SOLVERS[sv], 0,
			 "node cpu cores=1 flops=1e9\n"
			 "task j1 model=amdahl t1=1 comp=1e9\ntask j2 model=amdahl t1=2 comp=2e9\n"
			 "task j3 model=amdahl t1=1 comp=1e9\n"
			 "plan j1 node=cpu cores=0 start=0 end=1\nplan j2 node=cpu cores=0 start=1 end=3\n"
			 "plan j3 node=cpu cores=0 start=3 end=4 after=j1,j2\n");
		TAP_OK(c_start(&c, "j1") == 0 && c_end(&c, "j1") == 2 && c_start(&c, "j2") == 0 &&
			       c_end(&c, "j2") == 3 && c_start(&c, "j3") == 3 && c_end(&c, "j3") == 4,
		       "%s: SimGrid's V5, 0-2, 0-3, 3-4", solver_name(SOLVERS[sv]));
		c_done(&c);
	}
}

/* Tasks without comp/comm (delays) share a core too, with each other and
 * with a parallel task; GPUs alike. */
static void test_delays_shared(void)
{
	/* d (2 s) and e (4 s) on core 0 from 0: half speed each, d ends at
	 * 4 s, e has 2 s of work left, alone: 6 s.  f (1e9 flop, 1 s) and g
	 * (a delay of 1 s) on core 1 of node m: 2 s both.  On GPU 0: k (2 s)
	 * and l (2 s) at once: 4 s both; on core 1 of n, h (1 s) alone. */
	struct simcase c;
	const char *msg =
		sim_case(&c, HS_SIM_BOTTLENECK, 0,
			 "node n cores=2 gpus=1 flops=1e9\nnode m cores=2 flops=1e9\n"
			 "task d model=amdahl t1=2 beta=0\ntask e model=amdahl t1=4 beta=0\n"
			 "task f model=amdahl t1=1 comp=1e9\ntask g model=amdahl t1=1 beta=0\n"
			 "task k model=gpu gpu_time=2\ntask l model=gpu gpu_time=2\n"
			 "task h model=amdahl t1=1 beta=0\n"
			 "plan d node=n cores=0 start=0 end=2\nplan e node=n cores=0 start=2 end=6\n"
			 "plan f node=m cores=1 start=0 end=1\nplan g node=m cores=1 start=1 end=2\n"
			 "plan k node=n gpus=0 start=0 end=2\nplan l node=n gpus=0 start=2 end=4\n"
			 "plan h node=n cores=1 start=0 end=1\n");
	TAP_OK(c_end(&c, "d") == 4 && c_end(&c, "e") == 6, "two delays on a core: 4 s and 6 s");
	TAP_OK(c_end(&c, "f") == 2 && c_end(&c, "g") == 2, "a delay and a parallel task on a core: 2 s both");
	TAP_OK(c_end(&c, "k") == 4 && c_end(&c, "l") == 4, "two GPU tasks on a GPU: 4 s both");
	TAP_OK(c_end(&c, "h") == 1, "alone on its core: 1 s");
	TAP_OK(strstr(msg, "tasks k and l share GPU 0 of node n from 0 s") != NULL &&
		       strstr(msg, "tasks f and g share core 1 of node m from 0 s") != NULL,
	       "GPU and core overlaps reported");
	c_done(&c);

	/* Twelve tasks at once on one core: 11 overlaps, 10 shown, then the
	 * count; each 1 s alone, 12 s all together. */
	char text[4096] = "node n cores=1\n";
	for (int i = 0; i < 12; i++)
		snprintf(text + strlen(text), sizeof text - strlen(text),
			 "task t%d model=amdahl t1=1\n", i);
	for (int i = 0; i < 12; i++)
		snprintf(text + strlen(text), sizeof text - strlen(text),
			 "plan t%d node=n cores=0 start=%d end=%d%s\n", i, i, i + 1,
			 i == 11 ? " after=t0" : "");
	msg = sim_case(&c, HS_SIM_BOTTLENECK, 0, text);
	int lines = 0;
	for (const char *p = msg; *p; p++)
		lines += *p == '\n';
	TAP_OK(lines == 11 && strstr(msg, "test: t.hs: warning: 55 overlaps of tasks on a core or GPU "
					  "in all (10 shown)\n") != NULL,
	       "overlaps past 10 are counted, not shown (%d lines)", lines);
	/* t0..t10 share the core from 0 (11 tasks: 11 s each); t11 starts at
	 * 11 when t0 ends, with t1..t10 ending then too. */
	TAP_OK(NEAR(c_end(&c, "t0"), 11.0) && NEAR(c_end(&c, "t10"), 11.0) &&
		       NEAR(c_start(&c, "t11"), 11.0) && NEAR(c_end(&c, "t11"), 12.0),
	       "eleven tasks on one core: 11 s");
	c_done(&c);
}

/* SimGrid's stale charge, on a platform: links L0 (600 B/s) and L1 (300
 * B/s), 100 B each; x0 -> y0 over L0 and L1, x1 -> y1 over L0 and L1
 * with 1e9 flop at 1e9 flop/s (rate <= 1), x2 -> y2 over L0.
 *   Round 1: L0 offers 200 B/s to each of its three tasks, L1 150 to
 *   each of its two: v0 = 1.5, v1 = 1 (its bound: it stops), v2 = 2;
 *   L0 has 150 B/s left, L1 50.  Round 2: L0 offers 75 to v0 and v2, L1
 *   50 to v0: v0 = 2 (L1 is full), v2 = 2.75; L0 has 25 B/s left.
 *   Round 3: v2 alone on L0: 3.  L0 carries 200 + 100 + 300: full.
 *   SimGrid charges L0 in round 2 v1's 100 B/s of round 1 again: L0
 *   counts as full, v2 stops at 2.75 with 25 B/s idle.
 * v2 ends at 1/3 s (SimGrid: 1/2.75 = 4/11 s); then v0 and v1 keep
 * rates 2 and 1: v0 ends at 1/2, v1 at 1 (SimGrid alike).  The same
 * stream is tests/simgrid/stale.hs. */
static const char *STALE = "cluster c routing=full\nlink L0 bw=600\nlink L1 bw=300\n"
			   "node x0 cluster=c cores=1\nnode y0 cluster=c cores=1\n"
			   "node x1 cluster=c cores=1\nnode y1 cluster=c cores=1\n"
			   "node x2 cluster=c cores=1\nnode y2 cluster=c cores=1\n"
			   "route r0 src=x0 dst=y0 links=L0,L1\nroute r1 src=x1 dst=y1 links=L0,L1\n"
			   "route r2 src=x2 dst=y2 links=L0\n"
			   "task v0 model=amdahl t1=1 scope=cluster comp=0,0 comm=0,100,0,0\n"
			   "task v1 model=amdahl t1=1 scope=cluster comp=1e9,0 comm=0,100,0,0\n"
			   "task v2 model=amdahl t1=1 scope=cluster comp=0,0 comm=0,100,0,0\n"
			   "plan v0 node=x0,y0 cores=0/0 start=0 end=1\n"
			   "plan v1 node=x1,y1 cores=0/0 start=0 end=1\n"
			   "plan v2 node=x2,y2 cores=0/0 start=0 end=1\n";

static void test_stale_charge(void)
{
	for (int sv = 0; sv < 2; sv++) {
		struct simcase c;
		sim_case(&c, SOLVERS[sv], 1, STALE);
		double v2 = sv ? 4.0 / 11 : 1.0 / 3;
		TAP_OK(NEAR(c_end(&c, "v2"), v2) && NEAR(c_end(&c, "v0"), 0.5) && NEAR(c_end(&c, "v1"), 1.0),
		       "%s: stale charge %s: v2 ends at %s, v0 at 1/2, v1 at 1", solver_name(SOLVERS[sv]),
		       sv ? "kept" : "removed", sv ? "4/11" : "1/3");
		TAP_OK(c.res.departures >= 1 && c.res.first_departure == 0,
		       "%s: --check-simgrid: the rates differ from the other solver's from 0 s",
		       solver_name(SOLVERS[sv]));
		c_done(&c);
	}
	/* Without the bound on v1, no stale charge matters: the same rates. */
	struct simcase c;
	sim_case(&c, HS_SIM_BOTTLENECK, 1, SHARE);
	TAP_OK(c.res.departures == 0 && isinf(c.res.first_departure) && c.res.solves > 0,
	       "--check-simgrid: no departure where SimGrid's rounds are right");
	c_done(&c);
}

/* ---------------- the solver ---------------- */

static void test_three_levels(void)
{
	/* L1 = 30, L2 = 80, L3 = 200; f1 on L1, f2 on L1+L2, f3 on L2+L3,
	 * f4 and f5 on L3, weights 1.  Round 1: L1 offers 15, L2 40, L3
	 * 200/3: f1 = f2 = 15 (L1 is full), f3 = 40, f4 = f5 = 200/3.
	 * Round 2: L2 has 80 - 15 - 40 = 25 left for f3, L3 200 - 40 - 400/3
	 * = 80/3 for 3: f3, f4, f5 gain 80/9 and L3 is full.  SimGrid
	 * charges L2 f2's 15 again, but L2 is not what stops f3: the same. */
	int c[3];
	double one[2] = { 1, 1 };
	int e1[] = { 0 }, e2[] = { 0, 1 }, e3[] = { 1, 2 }, e4[] = { 2 };
	for (int sg = 0; sg < 2; sg++) {
		struct hs_lmm *s = hs_lmm_new(sg ? HS_LMM_SIMGRID : HS_LMM_BOTTLENECK);
		c[0] = hs_lmm_add_constraint(s, 30, 0);
		c[1] = hs_lmm_add_constraint(s, 80, 0);
		c[2] = hs_lmm_add_constraint(s, 200, 0);
		int v[5];
		v[0] = hs_lmm_add_variable(s, 0, e1, one, 1);
		v[1] = hs_lmm_add_variable(s, 0, e2, one, 2);
		v[2] = hs_lmm_add_variable(s, 0, e3, one, 2);
		v[3] = hs_lmm_add_variable(s, 0, e4, one, 1);
		v[4] = hs_lmm_add_variable(s, 0, e4, one, 1);
		const int *vars;
		TAP_OK(hs_lmm_solve(s, &vars) == 5 && c[2] == 2, "five variables solved");
		TAP_OK(hs_lmm_value(s, v[0]) == 15 && hs_lmm_value(s, v[1]) == 15 &&
			       NEAR(hs_lmm_value(s, v[2]), 440.0 / 9) &&
			       NEAR(hs_lmm_value(s, v[3]), 680.0 / 9) &&
			       NEAR(hs_lmm_value(s, v[4]), 680.0 / 9),
		       "%s: fair bottleneck rounds: 15, 15, 440/9, 680/9, 680/9",
		       sg ? "simgrid" : "bottleneck");
		/* A bound of 10 on f1: round 1 as above but f1 = 10, L1 has 5
		 * left; round 2 gives f2 the 5 (L1 full: 20), f3 min(25 L2,
		 * 80/9 L3) = 80/9 ... L3 full as before: f3 = 440/9. */
		hs_lmm_remove_variable(s, v[0]);
		v[0] = hs_lmm_add_variable(s, 10, e1, one, 1);
		hs_lmm_solve(s, &vars);
		TAP_OK(hs_lmm_value(s, v[0]) == 10 && hs_lmm_value(s, v[1]) == 20 &&
			       NEAR(hs_lmm_value(s, v[2]), 440.0 / 9),
		       "%s: a bound: 10, 20, 440/9", sg ? "simgrid" : "bottleneck");
		hs_lmm_free(s);
	}
}

static void test_simgrid_bugs(void)
{
	/* The stale charge (test_stale_charge, weights 1): C0 = 6, C1 = 3;
	 * v0 on both, v1 on both bounded by 1, v2 on C0: 2, 1, 3; SimGrid
	 * 2, 1, 2.75. */
	for (int sg = 0; sg < 2; sg++) {
		struct hs_lmm *s = hs_lmm_new(sg ? HS_LMM_SIMGRID : HS_LMM_BOTTLENECK);
		int c0 = hs_lmm_add_constraint(s, 6, 0), c1 = hs_lmm_add_constraint(s, 3, 0);
		int both[] = { c0, c1 }, only[] = { c0 };
		double one[] = { 1, 1 };
		int v0 = hs_lmm_add_variable(s, 0, both, one, 2);
		int v1 = hs_lmm_add_variable(s, 1, both, one, 2);
		int v2 = hs_lmm_add_variable(s, 0, only, one, 1);
		const int *vars;
		hs_lmm_solve(s, &vars);
		TAP_OK(hs_lmm_value(s, v0) == 2 && hs_lmm_value(s, v1) == 1 &&
			       hs_lmm_value(s, v2) == (sg ? 2.75 : 3),
		       "stale charge: %s", sg ? "SimGrid's 2.75, C0 not full" : "removed, v2 = 3, C0 full");
		hs_lmm_free(s);
	}
	/* X: CPU 1e9 (weight 1e9, bound 1) and fatpipe 1e8 (weight 1e7);
	 * Y: the fatpipe alone (weight 1e8).  SimGrid 3.32 ends Y after
	 * 1/5.5 s (measured): the fatpipe is charged X's 1e7 each round, Y
	 * gains 1, 0.9, ..., 0.1.  Right: Y gets the fatpipe, rate 1. */
	for (int sg = 0; sg < 2; sg++) {
		struct hs_lmm *s = hs_lmm_new(sg ? HS_LMM_SIMGRID : HS_LMM_BOTTLENECK);
		int cpu = hs_lmm_add_constraint(s, 1e9, 0), fat = hs_lmm_add_constraint(s, 1e8, 1);
		int ex[] = { cpu, fat }, ey[] = { fat };
		double wx[] = { 1e9, 1e7 }, wy[] = { 1e8 };
		int x = hs_lmm_add_variable(s, 1, ex, wx, 2), y = hs_lmm_add_variable(s, 0, ey, wy, 1);
		const int *vars;
		hs_lmm_solve(s, &vars);
		TAP_OK(hs_lmm_value(s, x) == 1 && NEAR(hs_lmm_value(s, y), sg ? 5.5 : 1),
		       "fatpipe: %s", sg ? "SimGrid's 5.5" : "each flow at most the bandwidth");
		hs_lmm_free(s);
	}
}

static void test_expand_and_shadow(void)
{
	/* a and b alone on their constraints (10 each): 10, 10; a shared
	 * third one of 8 (weights 1 and 3) added to both: round 1 offers 4:
	 * a = 4, b = 4/3, full. */
	struct hs_lmm *s = hs_lmm_new(HS_LMM_BOTTLENECK);
	hs_lmm_shadow(s, HS_LMM_SIMGRID);
	int ca = hs_lmm_add_constraint(s, 10, 0), cb = hs_lmm_add_constraint(s, 10, 0);
	double one = 1;
	int a = hs_lmm_add_variable(s, 0, &ca, &one, 1), b = hs_lmm_add_variable(s, 0, &cb, &one, 1);
	const int *vars;
	TAP_OK(hs_lmm_solve(s, &vars) == 2 && hs_lmm_value(s, a) == 10 && hs_lmm_value(s, b) == 10 &&
		       !hs_lmm_departed(s),
	       "two variables alone: 10 and 10, as SimGrid's rounds");
	int cs = hs_lmm_add_constraint(s, 8, 0);
	TAP_OK(hs_lmm_expand(s, a, cs, 1) == 1 && hs_lmm_expand(s, b, cs, 3) == 1 &&
		       hs_lmm_expand(s, a, cs, 1) == 0 && hs_lmm_expand(s, a, ca, 0) == 0,
	       "expand adds an element once, none of weight 0");
	TAP_OK(hs_lmm_solve(s, &vars) == 2 && hs_lmm_value(s, a) == 4 && NEAR(hs_lmm_value(s, b), 4.0 / 3),
	       "a shared constraint added: 4 and 4/3");
	/* The stale charge case again, beside them: a departure. */
	int c0 = hs_lmm_add_constraint(s, 6, 0), c1 = hs_lmm_add_constraint(s, 3, 0);
	int both[] = { c0, c1 };
	double w[] = { 1, 1 };
	hs_lmm_add_variable(s, 0, both, w, 2);
	hs_lmm_add_variable(s, 1, both, w, 2);
	hs_lmm_solve(s, &vars);
	TAP_OK(!hs_lmm_departed(s), "two variables on C0 and C1: the same rates");
	hs_lmm_add_variable(s, 0, &c0, &one, 1);
	hs_lmm_solve(s, &vars);
	struct hs_lmm_stats st;
	hs_lmm_stats(s, &st);
	TAP_OK(hs_lmm_departed(s) && st.departures == 1, "a third on C0: SimGrid's rounds differ, once");
	hs_lmm_free(s);
}

/* A plain full solve, to check the incremental one: vars given by their
 * element lists. */
struct rsys {
	int nc;
	double cap[16];
	int fat[16];
	int nv;
	int used[64];
	double bound[64];
	int nel[64], ec[64][4];
	double ew[64][4];
};

/* The fair bottleneck rounds over the whole system, in one piece:
 * SimGrid's, or without its bugs (fatpipes as bounds, no stale charge). */
static void ref_bottleneck(const struct rsys *R, double *val, int simgrid)
{
	double rem[16], usage[16], mu[64] = { 0 }, bound[64];
	int act[64], inl[16];
	for (int c = 0; c < R->nc; c++) {
		rem[c] = R->cap[c];
		inl[c] = 1;
	}
	int n = 0;
	for (int v = 0; v < R->nv; v++) {
		bound[v] = R->bound[v] > 0 ? R->bound[v] : INFINITY;
		int nel = 0;
		for (int k = 0; R->used[v] && k < R->nel[v]; k++)
			if (!simgrid && R->fat[R->ec[v][k]])
				bound[v] = fmin(bound[v], R->cap[R->ec[v][k]] / R->ew[v][k]);
			else
				nel++;
		act[v] = R->used[v] && nel > 0;
		n += act[v];
		val[v] = act[v] ? 0 : bound[v];
	}
	for (int round = 0; n > 0 && round < 1000000; round++) {
		for (int c = 0; c < R->nc; c++) {
			if (!inl[c] || (!simgrid && R->fat[c]))
				continue;
			int nb = 0;
			for (int v = 0; v < R->nv; v++)
				for (int k = 0; act[v] && k < R->nel[v]; k++)
					nb += R->ec[v][k] == c;
			if (nb && R->fat[c])
				nb = 1;
			if (!nb)
				inl[c] = 0;
			else
				usage[c] = rem[c] / nb;
		}
		for (int v = 0; v < R->nv; v++) {
			if (!act[v]) {
				if (!simgrid)
					mu[v] = 0;
				continue;
			}
			double m = INFINITY;
			for (int k = 0; k < R->nel[v]; k++)
				if (simgrid || !R->fat[R->ec[v][k]])
					m = fmin(m, usage[R->ec[v][k]] / R->ew[v][k]);
			if (isfinite(bound[v]))
				m = fmin(m, bound[v] - val[v]);
			mu[v] = m;
			val[v] += m;
			if (val[v] == bound[v]) {
				act[v] = 0;
				n--;
			}
		}
		for (int c = 0; c < R->nc; c++) {
			if (!inl[c] || (!simgrid && R->fat[c]))
				continue;
			double u = usage[c];
			for (int v = 0; v < R->nv; v++)
				for (int k = 0; R->used[v] && k < R->nel[v]; k++)
					if (R->ec[v][k] == c) {
						if (R->fat[c])
							u = fmin(u, R->ew[v][k] * mu[v]);
						else if ((rem[c] -= R->ew[v][k] * mu[v]) < 1e-5)
							rem[c] = 0;
					}
			if (R->fat[c] && (rem[c] -= u) < 1e-5)
				rem[c] = 0;
			if (rem[c] <= 0) {
				inl[c] = 0;
				for (int v = 0; v < R->nv; v++)
					for (int k = 0; act[v] && k < R->nel[v]; k++)
						if (R->ec[v][k] == c) {
							act[v] = 0;
							n--;
						}
			}
		}
	}
}

static unsigned long rng = 12345;
static double rnd(void)
{
	rng = rng * 6364136223846793005UL + 1442695040888963407UL;
	return (double)(rng >> 11) / 9007199254740992.0;
}

static void test_incremental(void)
{
	for (int sg = 0; sg < 2; sg++) {
		int worst_ok = 1, steps = 0;
		long solved = 0, full = 0;
		for (int sys = 0; sys < 20; sys++) {
			struct rsys R;
			memset(&R, 0, sizeof R);
			struct hs_lmm *s = hs_lmm_new(sg ? HS_LMM_SIMGRID : HS_LMM_BOTTLENECK);
			R.nc = 4 + (int)(rnd() * 12);
			for (int c = 0; c < R.nc; c++) {
				/* Some constraints far too big to be full.  Not
				 * fatpipes in SimGrid's rounds: charged only the
				 * least last increment of their variables per
				 * round (its bug), a huge one takes 1e5 rounds and
				 * more to fill. */
				R.fat[c] = rnd() < 0.25;
				R.cap[c] = rnd() < 0.2 && !(sg && R.fat[c]) ? 1e6 : 10 + floor(rnd() * 90);
				hs_lmm_add_constraint(s, R.cap[c], R.fat[c]);
			}
			int id[64];
			for (int step = 0; step < 60; step++, steps++) {
				int v = (int)(rnd() * 64);
				if (R.used[v]) {
					hs_lmm_remove_variable(s, id[v]);
					R.used[v] = 0;
				} else {
					R.used[v] = 1;
					R.nv = v + 1 > R.nv ? v + 1 : R.nv;
					R.bound[v] = rnd() < 0.3 ? 0.5 + floor(rnd() * 8) : 0;
					R.nel[v] = 1 + (int)(rnd() * 4);
					for (int k = 0; k < R.nel[v]; k++) {
						int c;
						do
							c = (int)(rnd() * R.nc);
						while (k > 0 && R.ec[v][k - 1] == c);
						R.ec[v][k] = c;
						R.ew[v][k] = 1 + floor(rnd() * 9);
					}
					id[v] = hs_lmm_add_variable(s, R.bound[v], R.ec[v], R.ew[v], R.nel[v]);
				}
				const int *vars;
				solved += hs_lmm_solve(s, &vars);
				double ref[64];
				ref_bottleneck(&R, ref, sg);
				for (int u = 0; u < R.nv; u++)
					full += R.used[u];
				for (int u = 0; u < R.nv; u++)
					if (R.used[u]) {
						double got = hs_lmm_value(s, id[u]);
						if (!(got == ref[u] ||
						      fabs(got - ref[u]) <= 1e-9 * fmax(1, fabs(ref[u])))) {
							if (worst_ok)
								printf("# system %d step %d var %d: %.17g, full %.17g\n",
								       sys, step, u, got, ref[u]);
							worst_ok = 0;
						}
					}
			}
			hs_lmm_free(s);
		}
		TAP_OK(worst_ok, "%s: incremental solves = full re-solves (%d steps)",
		       sg ? "simgrid" : "bottleneck", steps);
		TAP_OK(solved < full, "%s: %ld variables re-solved, %ld in full re-solves",
		       sg ? "simgrid" : "bottleneck", solved, full);
	}
}

int main(void)
{
	hs_set_progname("test");
	test_cpu();
	test_share();
	test_cpu_vs_link();
	test_latency();
	test_kill();
	test_delay_and_order();
	test_energy();
	test_check();
	test_replace_platform();
	test_two_clusters();
	test_core_shared();
	test_v5();
	test_delays_shared();
	test_stale_charge();
	test_three_levels();
	test_simgrid_bugs();
	test_expand_and_shadow();
	test_incremental();
	return tap_done();
}
