/* ptask.c - `hs-gen ptask`: rigid parallel tasks (batch jobs) as in Dutot,
 * Poquet, Trystram §5.1.  Each job j has a size (cores), a run time ret_j on
 * the reference node, and from them a computation amount per process
 * ret_j·F_comp, a communication amount per ordered pair of its processes
 * ret_j·F_comm (Batsim's parallel_homogeneous profile) and a walltime
 * max(rw_j, ret_j·F_w), rw_j being the user's requested time.  Without
 * --fcomp or --fcomm the tasks carry no comp or comm: F_comp's default 1e6
 * flop/s means nothing on a platform of another speed, and a simulator would
 * silently run each job for ret·1e6/flops instead of its run time.
 *
 * With --swf the jobs come from a trace: those whose run time lies in
 * [lt, ut] and that fit in the largest cluster are the pool, and N of them
 * are picked at random without replacement (the paper's method).  Without
 * it they are drawn: size from 1 to the limit (log-uniform or uniform),
 * ret uniform in [lt, ut], rw = ret·U[1,3).
 *
 * --scope says where a job wider than the smallest node may run: on nodes
 * of one cluster (scope=cluster, the default), of several clusters
 * (scope=any: the paper's basic and best-effort variants), or nowhere
 * (node: then jobs must fit in the largest node). */
#include "jobs.h"
#include "hs/gen.h"
#include "hs/swf.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Long-only options: 256 + their index in opts[] (hs_cli_next). */
enum { O_SWF = 256 + 1, O_MAX_SIZE, O_SIZES, O_LT, O_UT, O_FCOMP, O_FCOMM, O_FW, O_RELEASE,
       O_SCOPE, O_PLATFORM, O_SEED };

static const struct hs_cli_opt opts[] = {
	{'n', "jobs", "N", "number of jobs (default 300)"},
	{0, "swf", "FILE", "pick the jobs from an SWF trace (default: draw them)"},
	{0, "max-size", "P",
	 "largest job size in cores (default: the platform's largest cluster, or node)"},
	{0, "sizes", "log|uniform", "without --swf: how sizes 1..P are drawn (default log)"},
	{0, "lt", "TIME", "shortest run time: seconds, or with s, m, h or d (default 1h)"},
	{0, "ut", "TIME", "longest run time (default 1d)"},
	{0, "fcomp", "F", "flop per process and second of run time (default 1e6 with --fcomm; "
			   "neither: no comp/comm, tasks run their run time)"},
	{0, "fcomm", "F", "bytes per pair of processes and second of run time (default 0)"},
	{0, "fw", "F", "walltime = max(requested time, run time * F) (default 1e3)"},
	{0, "release", "zero|trace", "release dates 0, or the trace's submit times (default zero)"},
	{0, "scope", "node|cluster|any", "where a job wider than a node runs (default cluster)"},
	{0, "platform", "NAME|FILE", "built-in platform, hs file or none (default dietze)"},
	{0, "seed", "N", "PRNG seed (default 1)"},
	{0, NULL, NULL, NULL},
};

static const struct hs_cli cli = {
	"hs-gen ptask",
	"[-n N] [--swf FILE] [--max-size P] [--sizes log|uniform] [--lt TIME] [--ut TIME] "
	"[--fcomp F] [--fcomm F] [--fw F] [--release zero|trace] [--scope node|cluster|any] "
	"[--platform NAME|FILE] [--seed N]",
	"Rigid parallel tasks (Dutot et al. 5.1): from an SWF trace or drawn.",
	opts,
	hs_gen_complete_platforms,
};

/* A job of the pool. */
struct job {
	long long id;
	double submit, ret, rw; /* rw <= 0: unknown */
	long size;
	int line;
};

/* The jobs of the trace that qualify: lt <= ret <= ut, 1 <= size <= limit
 * (limit 0: any).  Size is the allocated processors, or the requested ones
 * when that is unknown (hs_swf_size); a job with neither, or with no run
 * time, is out. */
static struct job *read_pool(const char *path, double lt, double ut, long limit, size_t *npool)
{
	struct hs_swf *t = hs_swf_open(path);
	if (!t)
		exit(HS_EXIT_USAGE);
	struct job *pool = NULL;
	size_t n = 0, cap = 0;
	struct hs_swf_job sj;
	const unsigned used = HS_SWF_BIT(HS_SWF_SUBMIT) | HS_SWF_BIT(HS_SWF_RUN) |
			      HS_SWF_BIT(HS_SWF_PROCS) | HS_SWF_BIT(HS_SWF_REQ_PROCS) |
			      HS_SWF_BIT(HS_SWF_REQ_TIME);
	int rc, other;
	while ((rc = hs_swf_next(t, &sj)) == 1) {
		double ret = sj.f[HS_SWF_RUN], size;
		if (hs_swf_check(t, &sj, used) < 0 ||
		    (size = hs_swf_size(t, &sj, HS_SWF_PROCS, &other)) < 0) {
			rc = -1;
			break;
		}
		if (!(ret > 0) || ret < lt || ret > ut || !(size >= 1) ||
		    (limit > 0 && size > (double)limit))
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 1024;
			pool = hs_reallocarray(pool, cap, sizeof *pool);
		}
		pool[n++] = (struct job){sj.id, sj.f[HS_SWF_SUBMIT], ret,
					 sj.f[HS_SWF_REQ_TIME], (long)size, sj.line};
	}
	hs_swf_close(t);
	if (rc < 0) {
		free(pool);
		exit(HS_EXIT_USAGE);
	}
	*npool = n;
	return pool;
}

static int by_line(const void *a, const void *b)
{
	const struct job *x = a, *y = b;
	return (x->line > y->line) - (x->line < y->line);
}

/* Move n jobs picked uniformly without replacement to pool[0, n) (a partial
 * Fisher-Yates shuffle), in trace order. */
static void pick(struct job *pool, size_t npool, size_t n, struct hs_rng *rng)
{
	for (size_t i = 0; i < n; i++) {
		size_t j = (size_t)hs_rng_int(rng, (long)i, (long)npool - 1);
		struct job tmp = pool[i];
		pool[i] = pool[j];
		pool[j] = tmp;
	}
	qsort(pool, n, sizeof *pool, by_line);
}

/* Size in 1..p: log-uniform, P(k) = ln((k+1)/k) / ln(p+1), or uniform. */
static long draw_size(struct hs_rng *rng, long p, int logu)
{
	if (!logu)
		return hs_rng_int(rng, 1, p);
	long s = (long)floor(exp(hs_rng_uniform(rng) * log((double)p + 1)));
	return s < 1 ? 1 : s > p ? p : s;
}

/* fcomp < 0: no comp or comm (the task runs its time). */
static void append_task(struct hs_stream *out, long k, const struct job *j, double fcomp,
			double fcomm, double fw, double release, const char *scope, int from_swf)
{
	char id[32];
	snprintf(id, sizeof id, "j%ld", k);
	/* w <= 0: no requested time and F_w = 0, no limit */
	struct hs_record *t = hs_gen_rigid_task(id, j->size, j->ret, fmax(j->rw, j->ret * fw));
	if (fcomp >= 0)
		hs_record_set_num(t, "comp", j->ret * fcomp);
	if (fcomp >= 0 && j->ret * fcomm > 0)
		hs_record_set_num(t, "comm", j->ret * fcomm);
	if (scope)
		hs_record_set(t, "scope", scope);
	if (release > 0)
		hs_record_set_num(t, "release", release);
	if (from_swf)
		hs_record_setf(t, "swf_id", "%lld", j->id);
	hs_stream_append(out, t);
}

static int run(int argc, char **argv, struct hs_stream *out)
{
	long n = 300, seed = 1, max_size = 0;
	double lt = 3600, ut = 86400, fcomp = 1e6, fcomm = 0, fw = 1e3;
	const char *swf = NULL, *sizes = "log", *release = "zero", *platform = "dietze";
	const char *scope = "cluster";
	const char *arg, *ut_arg = NULL;
	int c, ind, sizes_given = 0, factors = 0;
	while ((c = hs_cli_next(&cli, argc, argv, &arg, &ind)) != -1) {
		switch (c) {
		case 'n': n = hs_cli_long("-n", arg, 1, 10000000); break;
		case O_SWF: swf = arg; break;
		case O_MAX_SIZE: max_size = hs_cli_long("--max-size", arg, 1, 1000000000); break;
		case O_SIZES:
			hs_gen_choice(&cli, "--sizes", arg, (const char *const[]){"log", "uniform", NULL});
			sizes = arg;
			sizes_given = 1;
			break;
		case O_LT: lt = hs_gen_duration("--lt", arg, 0); break;
		case O_UT: ut = hs_gen_duration("--ut", arg, 0); ut_arg = arg; break;
		case O_FCOMP: fcomp = hs_cli_double("--fcomp", arg, 0, HUGE_VAL); factors = 1; break;
		case O_FCOMM: fcomm = hs_cli_double("--fcomm", arg, 0, HUGE_VAL); factors = 1; break;
		case O_FW: fw = hs_cli_double("--fw", arg, 0, HUGE_VAL); break;
		case O_RELEASE:
			hs_gen_choice(&cli, "--release", arg, (const char *const[]){"zero", "trace", NULL});
			release = arg;
			break;
		case O_SCOPE:
			hs_gen_choice(&cli, "--scope", arg, hs_gen_scopes);
			scope = arg;
			break;
		case O_PLATFORM: platform = arg; break;
		case O_SEED: seed = hs_cli_long("--seed", arg, 0, 0x7fffffffffffffffL); break;
		}
	}
	if (ind < argc)
		hs_cli_usage_error(&cli, "unexpected argument '%s'", argv[ind]);
	if (ut < lt) {
		char a[HS_NUMBUF], b[HS_NUMBUF];
		hs_die(HS_EXIT_USAGE, "option --ut: '%s' (%s s) is less than --lt (%s s)",
		       ut_arg ? ut_arg : "1d", hs_fmt_double(a, ut), hs_fmt_double(b, lt));
	}
	if (swf && sizes_given)
		hs_cli_usage_error(&cli, "option --sizes applies without --swf only");
	if (!swf && strcmp(release, "trace") == 0)
		hs_cli_usage_error(&cli, "option --release trace needs --swf");

	struct hs_record *p = hs_gen_prov_new("ptask");
	hs_stream_append(out, p);
	if (hs_gen_platform_append(out, platform) < 0)
		exit(HS_EXIT_USAGE);
	struct hs_gen_fit fit;
	hs_gen_platform_fit(out, &fit);
	/* The widest job that can run: jobs fit in one cluster, even with
	 * scope=any (the paper's pool), or in one node with --scope node. */
	int node_only = strcmp(scope, "node") == 0;
	long widest = hs_gen_widest(&fit, node_only ? "node" : "cluster");
	if (max_size && widest && max_size > widest)
		hs_die(HS_EXIT_USAGE,
		       "option --max-size: %ld is more than the largest %s of platform '%s' (%ld "
		       "cores)",
		       max_size, node_only ? "node" : "cluster", platform, widest);
	long limit = max_size ? max_size : widest; /* 0: no limit */
	if (!swf && !limit)
		hs_cli_usage_error(&cli, "option --max-size is required without --swf and a platform");

	struct hs_rng rng;
	hs_rng_seed(&rng, (unsigned long long)seed);
	struct job *jobs;
	size_t npool = 0;
	if (swf) {
		jobs = read_pool(swf, lt, ut, limit, &npool);
		if (npool < (size_t)n) {
			char a[HS_NUMBUF], b[HS_NUMBUF], size[64] = "any size";
			if (limit)
				snprintf(size, sizeof size, "at most %ld cores", limit);
			free(jobs);
			hs_die(HS_EXIT_USAGE,
			       "%s: only %zu jobs qualify (run time %s to %s s, %s), -n asks for %ld",
			       swf, npool, hs_fmt_double(a, lt), hs_fmt_double(b, ut), size, n);
		}
		pick(jobs, npool, (size_t)n, &rng);
	} else {
		/* Draw order per job: size, run time (unless lt = ut), requested-time
		 * factor. */
		jobs = hs_malloc((size_t)n * sizeof *jobs);
		int logu = strcmp(sizes, "log") == 0;
		for (long i = 0; i < n; i++) {
			struct job *j = &jobs[i];
			j->size = draw_size(&rng, limit, logu);
			j->ret = lt == ut ? lt : hs_rng_range(&rng, lt, ut);
			j->rw = j->ret * hs_rng_range(&rng, 1, 3);
			j->id = j->submit = 0;
			j->line = 0;
		}
	}

	/* Release dates from the trace start at the earliest picked submit time. */
	int from_trace = strcmp(release, "trace") == 0;
	double first = HUGE_VAL;
	for (long i = 0; from_trace && i < n; i++) {
		if (jobs[i].submit < 0) {
			int line = jobs[i].line;
			free(jobs);
			hs_die_at(HS_EXIT_USAGE, swf, line,
				  "submit time unknown, needed by --release trace");
		}
		first = fmin(first, jobs[i].submit);
	}

	hs_record_set_int(p, "n", n);
	hs_record_set(p, "swf", swf ? swf : "none");
	if (swf)
		hs_record_set_int(p, "eligible", (long)npool);
	if (limit)
		hs_record_set_int(p, "max_size", limit);
	else
		hs_record_set(p, "max_size", "none");
	if (!swf)
		hs_record_set(p, "sizes", sizes);
	hs_record_set_num(p, "lt", lt);
	hs_record_set_num(p, "ut", ut);
	/* Without factors the tasks have no comp or comm: a simulator runs each
	 * for its time (the trace's run time), whatever the platform's flop/s. */
	if (!factors) {
		fcomp = -1;
		hs_record_set(p, "fcomp", "none");
		hs_record_set(p, "fcomm", "none");
	} else {
		hs_record_set_num(p, "fcomp", fcomp);
		hs_record_set_num(p, "fcomm", fcomm);
	}
	hs_record_set_num(p, "fw", fw);
	hs_record_set(p, "release", release);
	hs_record_set(p, "scope", scope);
	hs_record_set(p, "platform", platform);
	hs_record_set_int(p, "seed", seed);

	/* A task wider than the smallest node may span nodes (without a
	 * platform: every task of more than one core). */
	for (long i = 0; i < n; i++)
		append_task(out, i + 1, &jobs[i], fcomp, fcomm, fw,
			    from_trace ? jobs[i].submit - first : 0,
			    hs_gen_task_scope(&fit, scope, jobs[i].size), swf != NULL);
	free(jobs);
	return 0;
}

const struct hs_generator hs_gen_ptask = {
	"ptask",
	"rigid parallel tasks (Dutot et al.): from an SWF trace or drawn, comp/comm from "
	"--fcomp/--fcomm",
	run,
};
