/* swf.c - `hs-gen swf TRACE`: replay a Standard Workload Format trace, one
 * rigid task per job, for online scheduling (hs-sim -a easy).
 *
 * A job becomes "task jK model=rigid size=P time=RUN walltime=W
 * [scope=cluster] [release=R] swf_id=JOB [cmd=CMD]": release its submit time
 * (shifted so the first job kept is released at 0, as Batsim's converters
 * and most simulators do), walltime its requested time (a factor of the run
 * time when unknown), the run time what the job really ran, the size its
 * allocated processors (or requested ones), cmd --cmd's command as it is
 * (for hs-exec, which sets HS_TIME to the task's time).  Jobs without what
 * a replay needs (submit time, run time, size), filtered out, or wider than
 * the platform are left out and counted per reason on stderr; hs-gen(1) has
 * the rules.
 *
 * Constant memory: the trace is read twice, once to check every line,
 * count, and find the first release, then again to write (flushed every
 * few thousand tasks, hs_gen_flush); bad input is thus reported before
 * anything is written.  A trace that cannot be read twice (stdin, a pipe)
 * is copied to a temporary file on the first pass. */
#include "jobs.h"
#include "hs/gen.h"
#include "hs/swf.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Long-only options: 256 + their index in opts[] (hs_cli_next). */
enum { O_PLATFORM = 256, O_SIZE, O_WALLTIME, O_WFACTOR, O_RELEASE, O_FROM, O_TO, O_JOBS_,
       O_MAX_SIZE, O_STATUS, O_PARTITION, O_QUEUE, O_OVERSIZE, O_SCOPE, O_SCOPE_SMALL, O_CMD };

static const struct hs_cli_opt opts[] = {
	HS_GEN_OPT_PLATFORM,
	{0, "size", "alloc|req", "size: allocated or requested processors, the other when unknown "
				 "(default alloc)"},
	{0, "walltime", "req|max|run", "requested time, max(requested, F x run time), or the run "
				       "time (default req)"},
	{0, "walltime-factor", "F", "F x run time: the walltime when the requested one is unknown "
				    "(default 2; 0: none)"},
	{0, "release", "shift|trace|zero", "submit times shifted so the first is 0, as they are, "
					   "or all 0 (default shift)"},
	{0, "from", "TIME", "keep jobs submitted at or after TIME (trace time; s, m, h, d)"},
	{0, "to", "TIME", "keep jobs submitted before TIME"},
	{'n', "jobs", "N", "keep the first N jobs that pass the other filters"},
	{0, "max-size", "P", "leave out jobs of more than P processors"},
	{0, "status", "LIST", "keep jobs of these statuses: completed, failed, cancelled, partial, "
			      "... or 0-5, -1 (default all)"},
	{0, "partition", "LIST", "keep jobs of these partition numbers (default all)"},
	{0, "queue", "LIST", "keep jobs of these queue numbers (default all)"},
	HS_GEN_OPT_OVERSIZE,
	HS_GEN_OPT_SCOPE,
	{0, "scope-small", "node|cluster|any", "where a job that fits the smallest node runs "
					     "(default node: no scope written)"},
	HS_GEN_OPT_CMD,
	{'q', "quiet", NULL, "no summary of the jobs left out on stderr"},
	{0, NULL, NULL, NULL},
};

static const struct hs_cli cli = {
	"hs-gen swf",
	"--platform NAME|FILE [--size alloc|req] [--walltime req|max|run] [--walltime-factor F] "
	"[--release shift|trace|zero] [--from TIME] [--to TIME] [-n N] [--max-size P] "
	"[--status LIST] [--partition LIST] [--queue LIST] [--oversize refuse|drop] "
	"[--scope node|cluster|any] [--scope-small node|cluster|any] [--cmd CMD] [-q] TRACE",
	"Replay an SWF trace: one rigid task per job, with its submit time, requested time, run "
	"time and processors.",
	opts,
	hs_gen_complete_platforms,
};

/* Why a job is left out, in the order the rules are tried. */
enum reason { R_NO_SUBMIT, R_WINDOW, R_STATUS, R_PARTITION, R_QUEUE, R_NO_RUN, R_ZERO_RUN,
	      R_NO_SIZE, R_MAX_SIZE, R_OVERSIZE, NREASONS, KEEP = NREASONS };

static const struct { const char *key, *text; } reasons[NREASONS] = {
	{"no_submit", "with unknown submit time"},
	{"window", "submitted outside --from/--to"},
	{"status", "of another --status"},
	{"partition", "of another --partition"},
	{"queue", "of another --queue"},
	{"no_run", "with unknown run time"},
	{"zero_run", "with run time 0"},
	{"no_size", "of unknown size"},
	{"max_size", "wider than --max-size"},
	{"oversize", "wider than the platform"},
};

enum wmode { W_REQ, W_MAX, W_RUN };
enum rmode { REL_SHIFT, REL_TRACE, REL_ZERO };

struct cfg {
	const char *trace, *platform, *scope;
	const char *scope_small;   /* --scope-small: the scope of jobs that fit one node */
	const char *cmd;           /* --cmd: every task's cmd= (NULL: none) */
	const char *status_arg, *partition_arg, *queue_arg;
	int size_field, oversize_drop, quiet;
	enum wmode wmode;
	double wfactor;
	enum rmode rmode;
	double from, to;           /* -inf, +inf: no bound */
	long max_jobs, max_size;   /* 0: none */
	unsigned status;           /* bit s + 1 for status s in -1..5; 0: all */
	double *partitions, *queues;
	int npartitions, nqueues;
	long widest;               /* the platform's, for the scope (0: none) */
	long total;                /* the platform's cores */
	const char *widest_what;   /* "node", "cluster", "platform" */
};

/* What a kept job becomes. */
struct kept {
	double submit, run, walltime, size;
	int size_other, wall_factor;
};

struct tally {
	long read, kept, drop[NREASONS];
	long size_other, wall_factor, over_walltime;
	int stopped;               /* -n reached before the end */
	double first;              /* smallest submit time kept */
	/* the first job wider than the platform, and the widest */
	int over_line;
	long long over_job;
	double over_size, over_max;
	char maxprocs[32];         /* the trace's MaxProcs header, or "" */
};

static int in_list(const double *v, int n, double x)
{
	for (int i = 0; i < n; i++)
		if (v[i] == x)
			return 1;
	return 0;
}

/* KEEP (and *k filled) or the reason the job is left out; -1 after
 * reporting bad input. */
static int classify(const struct cfg *c, struct hs_swf *t, const struct hs_swf_job *j,
		    struct kept *k)
{
	const unsigned used = HS_SWF_BIT(HS_SWF_SUBMIT) | HS_SWF_BIT(HS_SWF_RUN) |
			      HS_SWF_BIT(HS_SWF_PROCS) | HS_SWF_BIT(HS_SWF_REQ_PROCS) |
			      HS_SWF_BIT(HS_SWF_REQ_TIME);
	if (hs_swf_check(t, j, used) < 0)
		return -1;
	double submit = j->f[HS_SWF_SUBMIT], run = j->f[HS_SWF_RUN], req = j->f[HS_SWF_REQ_TIME];
	double status = j->f[HS_SWF_STATUS];
	if (submit < 0 && c->rmode != REL_ZERO)
		return R_NO_SUBMIT;
	if ((isfinite(c->from) || isfinite(c->to)) && (submit < 0 || submit < c->from || submit >= c->to))
		return submit < 0 ? R_NO_SUBMIT : R_WINDOW;
	if (c->status && !(status >= -1 && status <= 5 && status == floor(status) &&
			   (c->status >> (int)(status + 1)) & 1))
		return R_STATUS;
	if (c->npartitions && !in_list(c->partitions, c->npartitions, j->f[HS_SWF_PARTITION]))
		return R_PARTITION;
	if (c->nqueues && !in_list(c->queues, c->nqueues, j->f[HS_SWF_QUEUE]))
		return R_QUEUE;
	if (run < 0)
		return R_NO_RUN;
	if (run == 0)
		return R_ZERO_RUN;
	double size = hs_swf_size(t, j, c->size_field, &k->size_other);
	if (size < 0)
		return -1;
	if (size == 0)
		return R_NO_SIZE;
	k->size = size;
	if (c->max_size && size > (double)c->max_size)
		return R_MAX_SIZE;
	if (c->widest && size > (double)c->widest)
		return R_OVERSIZE;
	k->submit = submit < 0 ? 0 : submit;
	k->run = run;
	k->wall_factor = 0;
	switch (c->wmode) {
	case W_RUN: k->walltime = run; break;
	case W_MAX: k->walltime = fmax(req, c->wfactor * run); break;
	case W_REQ:
		k->walltime = req > 0 ? req : c->wfactor * run;
		k->wall_factor = !(req > 0);
		break;
	}
	return KEEP;
}

/* One pass over the trace: count (tally non-NULL) or write the tasks
 * (out non-NULL).  The number of jobs kept, or -1 after reporting. */
static long pass(const struct cfg *c, const char *path, FILE *tee, struct tally *y,
		struct hs_stream *out, const struct hs_gen_fit *fit, double offset)
{
	struct hs_swf *t = hs_swf_open(path);
	if (!t)
		return -1;
	if (tee)
		hs_swf_tee(t, tee);
	struct hs_swf_job j;
	long kept = 0;
	int rc;
	while ((rc = hs_swf_next(t, &j)) == 1) {
		struct kept k;
		int why = classify(c, t, &j, &k);
		if (why < 0) {
			rc = -1;
			break;
		}
		if (y) {
			y->read++;
			if (why == R_OVERSIZE) {
				if (!y->drop[R_OVERSIZE]) {
					y->over_line = j.line;
					y->over_job = j.id;
					y->over_size = k.size;
				}
				y->over_max = fmax(y->over_max, k.size);
			}
			if (why != KEEP) {
				y->drop[why]++;
				continue;
			}
			if (!y->kept || k.submit < y->first)
				y->first = k.submit;
			y->size_other += k.size_other;
			y->wall_factor += k.wall_factor && k.walltime > 0;
			y->over_walltime += k.walltime > 0 && k.run > k.walltime;
		} else if (why != KEEP) {
			continue;
		}
		kept++;
		if (y)
			y->kept = kept;
		if (out) {
			char id[32];
			snprintf(id, sizeof id, "j%ld", kept);
			struct hs_record *r = hs_gen_rigid_task(id, (long)k.size, k.run, k.walltime);
			const char *scope = hs_gen_task_scope(fit, c->scope, (long)k.size);
			if (!scope && (long)k.size <= (fit->min_node ? fit->min_node : 1) &&
			    strcmp(c->scope_small, "node") != 0)
				scope = c->scope_small; /* --scope-small */
			if (scope)
				hs_record_set(r, "scope", scope);
			double rel = c->rmode == REL_ZERO ? 0 : k.submit - offset;
			if (rel > 0)
				hs_record_set_num(r, "release", rel);
			hs_record_setf(r, "swf_id", "%lld", j.id);
			if (c->cmd)
				hs_record_set(r, "cmd", c->cmd);
			hs_stream_append(out, r);
			if (out->n >= 4096 && hs_gen_flush(out) < 0)
				exit(HS_EXIT_FAIL);
		}
		if (c->max_jobs && kept == c->max_jobs) {
			if (y)
				y->stopped = 1;
			break;
		}
	}
	const char *mp = hs_swf_header(t, "MaxProcs");
	if (y && mp)
		snprintf(y->maxprocs, sizeof y->maxprocs, "%s", mp);
	hs_swf_close(t);
	return rc < 0 ? -1 : kept;
}

/* The temporary copy of a trace that cannot be read twice. */
static char *spool_path;

static void remove_spool(void)
{
	if (spool_path)
		unlink(spool_path);
}

static FILE *open_spool(void)
{
	const char *dir = getenv("TMPDIR");
	spool_path = hs_asprintf("%s/hs-gen-swf-XXXXXX", dir && *dir ? dir : "/tmp");
	int fd = mkstemp(spool_path);
	FILE *f = fd < 0 ? NULL : fdopen(fd, "w");
	if (!f) {
		hs_error("%s: cannot make a temporary copy of the trace: %s", spool_path,
			 strerror(errno));
		exit(HS_EXIT_FAIL);
	}
	atexit(remove_spool);
	return f;
}

static int readable_twice(const char *path)
{
	struct stat st;
	return path && strcmp(path, "-") != 0 && stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static double *number_list(const char *opt, const char *arg, int *n)
{
	double *v = NULL;
	*n = hs_parse_numlist(arg, &v);
	if (*n <= 0) {
		free(v);
		hs_cli_usage_error(&cli, "option %s: '%s' is not a comma list of numbers", opt, arg);
	}
	return v;
}

static unsigned status_list(const char *arg)
{
	int n;
	char **w = hs_split_list(arg, ',', &n);
	unsigned bits = 0;
	for (int i = 0; i < n; i++) {
		int s = hs_swf_status_parse(w[i]);
		if (s < -1) {
			char *bad = hs_strdup(w[i]);
			free(w);
			hs_cli_usage_error(&cli,
					   "option --status: '%s' is not a status (completed, failed, "
					   "cancelled, partial, partial-completed, partial-failed, "
					   "unknown, or -1 to 5)",
					   bad);
		}
		bits |= 1u << (s + 1);
	}
	free(w);
	return bits;
}

/* One line per kind of thing done to jobs, on stderr. */
static void summary(const struct cfg *c, const struct tally *y)
{
	char buf[1024];
	size_t n = (size_t)snprintf(buf, sizeof buf, "%ld job%s read, %ld kept", y->read,
				    y->read == 1 ? "" : "s", y->kept);
	const char *sep = "; left out: ";
	for (int r = 0; r < NREASONS; r++) {
		if (!y->drop[r])
			continue;
		n += (size_t)snprintf(buf + n, n < sizeof buf ? sizeof buf - n : 0, "%s%ld %s", sep,
				      y->drop[r], reasons[r].text);
		sep = ", ";
	}
	if (y->stopped)
		snprintf(buf + n, n < sizeof buf ? sizeof buf - n : 0, " (stopped at -n %ld)",
			 c->max_jobs);
	hs_error("%s: %s", c->trace, buf);
	n = 0;
	sep = "";
	if (y->size_other) {
		n += (size_t)snprintf(buf + n, sizeof buf - n, "%ld size%s from the %s processors (%s "
				      "unknown)", y->size_other, y->size_other == 1 ? "" : "s",
				      c->size_field == HS_SWF_PROCS ? "requested" : "allocated",
				      c->size_field == HS_SWF_PROCS ? "allocated" : "requested");
		sep = "; ";
	}
	if (y->wall_factor) {
		n += (size_t)snprintf(buf + n, n < sizeof buf ? sizeof buf - n : 0,
				      "%s%ld walltime%s %g x the run time (requested time unknown)",
				      sep, y->wall_factor, y->wall_factor == 1 ? "" : "s", c->wfactor);
		sep = "; ";
	}
	if (y->over_walltime)
		n += (size_t)snprintf(buf + n, n < sizeof buf ? sizeof buf - n : 0,
				      "%s%ld job%s ran longer than %s walltime (hs-sim kills %s at it)",
				      sep, y->over_walltime, y->over_walltime == 1 ? "" : "s",
				      y->over_walltime == 1 ? "its" : "their",
				      y->over_walltime == 1 ? "it" : "them");
	if (n)
		hs_error("%s: %s", c->trace, buf);
}

static void refuse_oversize(const struct cfg *c, const struct tally *y)
{
	char size[HS_NUMBUF], widest[HS_NUMBUF];
	char hint[128] = "";
	if (*y->maxprocs)
		snprintf(hint, sizeof hint, " (the trace's MaxProcs is %s)", y->maxprocs);
	/* Jobs that only need to span clusters. */
	const char *any = strcmp(c->scope, "cluster") == 0 && y->over_max <= (double)c->total
				  ? ", --scope any to let them span clusters"
				  : "";
	if (strcmp(c->platform, "local") == 0) {
		/* This machine, for a real run with hs-exec: a larger platform
		 * is no answer there, leaving the jobs out is. */
		hs_error_at(c->trace, y->over_line,
			    "job %lld needs %s processors, more than this machine's %ld core%s "
			    "(platform 'local'); %ld job%s %s wider, the widest %s%s: leave them out "
			    "with --oversize drop or --max-size %ld, or replay the trace on a "
			    "simulated platform that holds them",
			    y->over_job, hs_fmt_double(size, y->over_size), c->widest,
			    c->widest == 1 ? "" : "s", y->drop[R_OVERSIZE],
			    y->drop[R_OVERSIZE] == 1 ? "" : "s",
			    y->drop[R_OVERSIZE] == 1 ? "is" : "are",
			    hs_fmt_double(widest, y->over_max), hint, c->widest);
		return;
	}
	hs_error_at(c->trace, y->over_line,
		    "job %lld needs %s processors, more than the largest %s of platform '%s' (%ld "
		    "core%s); %ld job%s %s wider, the widest %s%s: give a platform that holds "
		    "them%s, or --oversize drop to leave them out",
		    y->over_job, hs_fmt_double(size, y->over_size),
		    c->widest_what, c->platform, c->widest, c->widest == 1 ? "" : "s",
		    y->drop[R_OVERSIZE],
		    y->drop[R_OVERSIZE] == 1 ? "" : "s", y->drop[R_OVERSIZE] == 1 ? "is" : "are",
		    hs_fmt_double(widest, y->over_max), hint, any);
}

static int run(int argc, char **argv, struct hs_stream *out)
{
	struct cfg c = {.size_field = HS_SWF_PROCS, .wmode = W_REQ, .wfactor = 2,
			.rmode = REL_SHIFT, .from = -HUGE_VAL, .to = HUGE_VAL, .scope = "cluster",
			.scope_small = "node"};
	const char *arg;
	int o, ind;
	while ((o = hs_cli_next(&cli, argc, argv, &arg, &ind)) != -1) {
		switch (o) {
		case O_PLATFORM: c.platform = arg; break;
		case O_SIZE:
			c.size_field = hs_gen_choice(&cli, "--size", arg,
						     (const char *const[]){"alloc", "req", NULL})
					       ? HS_SWF_REQ_PROCS
					       : HS_SWF_PROCS;
			break;
		case O_WALLTIME:
			c.wmode = (enum wmode)hs_gen_choice(&cli, "--walltime", arg,
							    (const char *const[]){"req", "max", "run",
										  NULL});
			break;
		case O_WFACTOR: c.wfactor = hs_cli_double("--walltime-factor", arg, 0, 1e9); break;
		case O_RELEASE:
			c.rmode = (enum rmode)hs_gen_choice(&cli, "--release", arg,
							    (const char *const[]){"shift", "trace",
										  "zero", NULL});
			break;
		case O_FROM: c.from = hs_gen_duration("--from", arg, 1); break;
		case O_TO: c.to = hs_gen_duration("--to", arg, 1); break;
		case 'n': c.max_jobs = hs_cli_long("-n", arg, 1, 0x7fffffffffffffffL); break;
		case O_MAX_SIZE: c.max_size = hs_cli_long("--max-size", arg, 1, 1000000000); break;
		case O_STATUS: c.status = status_list(arg); c.status_arg = arg; break;
		case O_PARTITION:
			free(c.partitions);
			c.partitions = number_list("--partition", arg, &c.npartitions);
			c.partition_arg = arg;
			break;
		case O_QUEUE:
			free(c.queues);
			c.queues = number_list("--queue", arg, &c.nqueues);
			c.queue_arg = arg;
			break;
		case O_OVERSIZE:
			c.oversize_drop = hs_gen_choice(&cli, "--oversize", arg,
							(const char *const[]){"refuse", "drop", NULL});
			break;
		case O_SCOPE:
			hs_gen_choice(&cli, "--scope", arg, hs_gen_scopes);
			c.scope = arg;
			break;
		case O_SCOPE_SMALL:
			hs_gen_choice(&cli, "--scope-small", arg, hs_gen_scopes);
			c.scope_small = arg;
			break;
		case O_CMD: c.cmd = arg; break;
		case 'q': c.quiet = 1; break;
		}
	}
	if (!c.platform)
		hs_cli_usage_error(&cli, "option --platform is required: the platform the trace is "
					 "replayed on (a built-in one, a file, or none)");
	if (ind >= argc)
		hs_cli_usage_error(&cli, "missing trace (an SWF file, plain or compressed; - for "
					 "stdin)");
	if (ind + 1 < argc)
		hs_cli_usage_error(&cli, "unexpected argument '%s'", argv[ind + 1]);
	if (c.to <= c.from)
		hs_cli_usage_error(&cli, "option --to: must be later than --from");
	c.trace = argv[ind];

	struct hs_record *p = hs_gen_prov_new("swf");
	hs_stream_append(out, p);
	if (hs_gen_platform_append(out, c.platform) < 0)
		exit(HS_EXIT_USAGE);
	struct hs_gen_fit fit;
	hs_gen_platform_fit(out, &fit);
	c.widest = hs_gen_widest(&fit, c.scope);
	c.total = fit.total;
	c.widest_what = strcmp(c.scope, "node") == 0 ? "node"
			: strcmp(c.scope, "any") == 0 ? "set of nodes" : "cluster";

	/* Pass 1: check and count. */
	FILE *spool = readable_twice(c.trace) ? NULL : open_spool();
	struct tally y = {0};
	if (pass(&c, c.trace, spool, &y, NULL, &fit, 0) < 0)
		exit(HS_EXIT_USAGE);
	if (spool && (fflush(spool) != 0 || ferror(spool) || fclose(spool) != 0)) {
		hs_error("%s: write error (temporary copy of %s)", spool_path, c.trace);
		exit(HS_EXIT_FAIL);
	}
	if (y.drop[R_OVERSIZE] && !c.oversize_drop) {
		refuse_oversize(&c, &y);
		exit(HS_EXIT_USAGE);
	}
	double offset = c.rmode == REL_SHIFT && y.kept ? y.first : 0;

	hs_record_set(p, "trace", c.trace);
	hs_record_set(p, "platform", c.platform);
	hs_record_set(p, "size", c.size_field == HS_SWF_PROCS ? "alloc" : "req");
	hs_record_set(p, "walltime", c.wmode == W_REQ ? "req" : c.wmode == W_MAX ? "max" : "run");
	hs_record_set_num(p, "walltime_factor", c.wfactor);
	hs_record_set(p, "release", c.rmode == REL_SHIFT ? "shift" : c.rmode == REL_TRACE ? "trace"
											  : "zero");
	if (c.rmode == REL_SHIFT)
		hs_record_set_num(p, "release_offset", offset);
	if (isfinite(c.from))
		hs_record_set_num(p, "from", c.from);
	if (isfinite(c.to))
		hs_record_set_num(p, "to", c.to);
	if (c.max_jobs)
		hs_record_set_int(p, "n", c.max_jobs);
	if (c.max_size)
		hs_record_set_int(p, "max_size", c.max_size);
	if (c.status_arg)
		hs_record_set(p, "status", c.status_arg);
	if (c.partition_arg)
		hs_record_set(p, "partition", c.partition_arg);
	if (c.queue_arg)
		hs_record_set(p, "queue", c.queue_arg);
	hs_record_set(p, "scope", c.scope);
	if (strcmp(c.scope_small, "node") != 0)
		hs_record_set(p, "scope_small", c.scope_small);
	hs_record_set(p, "oversize", c.oversize_drop ? "drop" : "refuse");
	hs_record_set_int(p, "jobs", y.read);
	hs_record_set_int(p, "kept", y.kept);
	for (int r = 0; r < NREASONS; r++)
		if (y.drop[r]) {
			char key[40];
			snprintf(key, sizeof key, "left_%s", reasons[r].key);
			hs_record_set_int(p, key, y.drop[r]);
		}
	if (!c.quiet)
		summary(&c, &y);

	/* Pass 2: write.  Bad input here means the file changed in between. */
	long kept = pass(&c, spool ? spool_path : c.trace, NULL, NULL, out, &fit, offset);
	if (kept != y.kept) {
		if (kept >= 0)
			hs_error("%s: changed while it was read (%ld jobs kept, then %ld)", c.trace,
				 y.kept, kept);
		exit(HS_EXIT_FAIL);
	}
	free(c.partitions);
	free(c.queues);
	return 0;
}

const struct hs_generator hs_gen_swf = {
	"swf",
	"replay an SWF trace: a rigid task per job (submit, requested and run time, processors)",
	run,
};
