/* hs-exec - run a planned stream for real (locally, over ssh or on Slurm)
 * and add a run record per task with what happened; or, with -a, let an
 * online algorithm decide while the jobs run (live: lib/exec/live.c is the
 * engine the online driver of hs-sim -a runs it on).
 *
 * Output order: the input stream (less old run records and exec
 * provenance) with a new "prov exec" record is written and flushed before
 * the first task starts; then one run record per task, flushed the moment
 * the task ends, so an interrupted or crashed hs-exec loses nothing that
 * already finished.  Run records therefore come in the order tasks ended;
 * readers accept any order.  A last comment line sums the run up.  The
 * writing is lib/exec/output.c's (exec/tool.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "exec/tool.h"
#include "hs/cli.h"
#include "hs/exec.h"
#include "hs/loader.h"
#include "hs/onlinesim.h"
#include "plugin/host.h"

enum {
	O_SSH = 256 + 5,
	O_SBATCH,
	O_TIMED,
	O_FAILFAST,
	O_GRACE,
	O_POLL,
	O_PROGRESS,
	O_NOPROGRESS,
	O_PARTIAL = 256 + 14,
	O_TIME_SCALE,
	O_PER_EVENT,
	O_CLAIRVOYANT,
	O_TIMEOUT,
	O_EVENT_LOG = O_TIMEOUT + 4, /* after -a, -o, -l */
};

static const struct hs_cli_opt opts[] = {
	{'b', "backend", "NAME", "where tasks run: local (default), ssh or slurm"},
	{'c', "command", "TEMPLATE", "command of every task, with {task} {cores} {time} ... "
				     "(default: each task's cmd)"},
	{'L', "log-dir", "DIR", "per-task stdout/stderr (default: new $TMPDIR/hs-exec.XXXXXX)"},
	{'m', "node-map", "PLAN=NODE[,...]", "run plan node PLAN on NODE; repeatable"},
	{'H', "hosts", "FILE", "ssh: lines NODE DESTINATION [SSH-OPTION...]"},
	{0, "ssh", "COMMAND", "ssh: the client and its options (default: ssh)"},
	{0, "sbatch-args", "ARGS", "slurm: more sbatch arguments (-p PART, -A ACCOUNT, ...)"},
	{0, "timed", NULL, "also wait for each task's planned start time"},
	{0, "fail-fast", NULL, "stop at the first failed or killed task"},
	{0, "kill-grace", "SEC", "seconds between SIGTERM and SIGKILL (default 2)"},
	{0, "poll", "SEC", "slurm: seconds between looks at the queue (default 0.5)"},
	{0, "progress", NULL, "show progress on stderr (default: when it is a terminal)"},
	{0, "no-progress", NULL, "never show progress"},
	{'n', "dry-run", NULL, "print each task's node, cores, GPUs and command; run nothing"},
	{0, "partial", NULL, "read a stream cut short (no closing 'end' record) as it is"},
	{0, "time-scale", "F", "run F times faster: every date and duration of the stream divided "
			       "by F (records keep the stream's)"},
	{0, "per-event", NULL, "with -a: one event a call, not a date's batch (as pybatsim decides)"},
	{0, "clairvoyant", NULL, "with -a: show the algorithm every job's runtime model"},
	{0, "timeout", "SECONDS", "with -a: stop when one call of the algorithm has not returned "
				  "after SECONDS"},
	{'a', "algorithm", "ALGO", "decide live with this online algorithm (see -l): a name or "
				   "FILE.so[:NAME]"},
	{'o', "option", "KEY[=VAL]", "set an option of the online algorithm, repeatable; -o help"},
	{'l', "list", NULL, "list the online algorithms found, one a line, and exit"},
	{0, "event-log", "FILE", "with -a: write every batch of events handed to the algorithm to "
				 "FILE (hs-sim --replay-events replays it)"},
	{0, NULL, NULL, NULL},
};

/* -a's argument so far, for --complete-words after it. */
static const char *complete_spec;

static void complete_words(void)
{
	if (complete_spec)
		hs_algo_complete_words(stdout, complete_spec, HS_ALGO_ONLINE);
	else
		puts("local\nssh\nslurm");
}

static const struct hs_cli cli = {
	"hs-exec",
	"[-a ALGO [-o KEY[=VAL]]... [--per-event] [--clairvoyant] [--timeout SECONDS] "
	"[--event-log FILE]] [-b local|ssh|slurm] [-c TEMPLATE] [-L DIR] [-m PLAN=NODE]... "
	"[-H FILE] [--timed] [--time-scale F] [--fail-fast] [-n] [--partial] [FILE]",
	"run a plan for real, or decide live with an online algorithm (-a), and add a run "
	"record per task",
	opts,
	complete_words,
};

/* File scope so that early exits leave nothing unreachable (LeakSanitizer). */
static struct hs_stream st;
static struct hs_instance in;
static struct hs_exec *x;
static char *node_map;
static struct hs_loaded pl;
static struct hs_optvals *ovals;
static char **ov;

/* -a: what was asked, for the run and its provenance. */
struct live {
	const struct hs_algo *algo;
	struct hs_online_run cfg;
	struct hs_online_result res;  /* its knowledge set before the algorithm starts */
	struct hs_ctx *ctx;           /* once the algorithm started */
	struct hs_exec_opts *o;
};

static void live_prov(void *arg, struct hs_record *prov)
{
	struct live *lv = arg;
	hs_record_set(prov, "mode", "live");
	hs_plugin_prov(prov, &pl, lv->algo, ovals);
	hs_record_set(prov, "knowledge", lv->res.knowledge);
	hs_ctx_prov_apply(lv->ctx, prov);
}

/* The algorithm started: the head of the output, with its provenance. */
static void live_ready(void *arg, struct hs_ctx *ctx)
{
	struct hs_exec_output *out = arg;
	struct live *lv = out->prov_arg;
	lv->ctx = ctx;
	if (hs_exec_write_head(&st, &in, x, lv->o, out) < 0)
		out->failed = 1;
}

/* hs-exec -a: the stream's jobs decided live by the algorithm. */
static int run_live(struct live *lv, struct hs_exec_opts *o, struct hs_exec_output *out)
{
	lv->o = o;
	out->prov = live_prov;
	out->prov_arg = lv;
	struct hs_ctx *ctx = hs_ctx_new(lv->algo->name, st.name, 0);
	struct hs_online_engine eng;
	hs_exec_live_engine(x, &eng, live_ready, hs_exec_write_run, out);
	int orc = hs_online_drive(&in, &lv->cfg, &eng, ctx, &lv->res);
	int rc = orc == -2 ? HS_EXIT_USAGE : hs_exec_live_status(x);
	if (orc == -1 && rc == HS_EXIT_OK)
		rc = HS_EXIT_FAIL;
	if (lv->ctx || orc == 0) /* the head was written: close the stream */
		rc = hs_exec_summary(x, out, rc);
	hs_ctx_free(ctx);
	return rc;
}

static void add_map(const char *m)
{
	char *s = node_map ? hs_asprintf("%s,%s", node_map, m) : hs_strdup(m);
	free(node_map);
	node_map = s;
}

int main(int argc, char **argv)
{
	hs_set_progname(argv[0]);
	struct hs_exec_opts o;
	hs_exec_opts_init(&o);
	const char *arg;
	int c, optind_ = 1, dry = 0, progress = -1, list = 0, nov = 0;
	const char *spec = NULL, *event_log = NULL;
	struct live lv = { 0 };
	ov = hs_calloc((size_t)argc + 1, sizeof *ov);
	while ((c = hs_cli_next(&cli, argc, argv, &arg, &optind_)) != -1) {
		switch (c) {
		case 'a': spec = complete_spec = arg; break;
		case 'o': ov[nov++] = (char *)arg; break;
		case 'l': list = 1; break;
		case O_TIME_SCALE: o.time_scale = hs_cli_double("--time-scale", arg, 1e-6, 1e9); break;
		case O_PER_EVENT: lv.cfg.per_event = 1; break;
		case O_CLAIRVOYANT: lv.cfg.clairvoyant = 1; break;
		case O_TIMEOUT: lv.cfg.timeout = hs_cli_double("--timeout", arg, 1e-6, 1e8); break;
		case O_EVENT_LOG: event_log = arg; break;
		case 'b': o.backend = arg; break;
		case 'c': o.command = arg; break;
		case 'L': o.log_dir = arg; break;
		case 'm': add_map(arg); break;
		case 'H': o.hosts = arg; break;
		case 'n': dry = 1; break;
		case O_SSH: o.ssh = arg; break;
		case O_SBATCH: o.sbatch_args = arg; break;
		case O_TIMED: o.timed = 1; break;
		case O_FAILFAST: o.fail_fast = 1; break;
		case O_GRACE: o.kill_grace = hs_cli_double("--kill-grace", arg, 0, 3600); break;
		case O_POLL: o.poll = hs_cli_double("--poll", arg, 0.01, 3600); break;
		case O_PROGRESS: progress = 1; break;
		case O_NOPROGRESS: progress = 0; break;
		case O_PARTIAL: hs_stream_set_partial(1); break;
		default: hs_cli_usage_error(&cli, "unexpected option");
		}
	}
	if (list) {
		free(ov);
		return hs_plugin_list(HS_ALGO_ONLINE, 0, "online algorithms");
	}
	if (!spec && (nov || lv.cfg.per_event || lv.cfg.clairvoyant || lv.cfg.timeout > 0 ||
		      event_log))
		hs_cli_usage_error(&cli, "%s needs an online algorithm (-a ALGO)",
				   nov			   ? "-o"
				   : lv.cfg.per_event	   ? "--per-event"
				   : lv.cfg.clairvoyant ? "--clairvoyant"
				   : event_log		   ? "--event-log"
							   : "--timeout");
	if (spec && (o.timed || dry))
		hs_cli_usage_error(&cli, "%s runs a plan: not with -a (the algorithm decides when)",
				   o.timed ? "--timed" : "--dry-run");
	if (argc - optind_ > 1)
		hs_cli_usage_error(&cli, "one input file at most, got %d", argc - optind_);
	if (strcmp(o.backend, "local") && strcmp(o.backend, "ssh") && strcmp(o.backend, "slurm"))
		hs_cli_usage_error(&cli, "unknown back end '%s' (local, ssh or slurm)", o.backend);
	o.node_map = node_map;
	o.progress = progress >= 0 ? progress : isatty(2);
	o.dry_run = dry;
	/* Records and the progress line share the terminal. */
	struct hs_exec_output out = { .clear_progress = o.progress && isatty(1) };
	const char *file = optind_ < argc ? argv[optind_] : NULL;

	if (spec) {
		/* Before the input: -o help and a typo in -a need none. */
		int status;
		if (!(lv.algo = hs_plugin_algo_opts(spec, HS_ALGO_ONLINE, ov, nov, &pl, &ovals,
						    &status))) {
			free(ov);
			return status;
		}
		lv.cfg.algo = lv.algo;
		lv.cfg.family = pl.desc.name;
		lv.cfg.opts = ovals;
		lv.cfg.path = pl.path;
		hs_sim_opts_default(&lv.cfg.sim); /* the simulator's: unused live */
		o.live = 1;
	}
	if (hs_stream_load(&st, file) < 0)
		return HS_EXIT_USAGE;
	hs_exec_drop_old(&st, o.live); /* this run replaces earlier ones */
	if (hs_instance_load_flags(&in, &st, o.live ? HS_LOAD_NO_AFTER : 0) < 0)
		return HS_EXIT_USAGE;
	if (o.live && in.plat.nnodes == 0) {
		hs_error_at(st.name, 0, "no nodes in the platform");
		return HS_EXIT_USAGE;
	}

	int rc = hs_exec_prepare(&x, &in, &o);
	if (rc != HS_EXIT_OK)
		return rc;
	if (dry) {
		hs_exec_dry_run(x, stdout);
		rc = hs_stdout_status();
		hs_exec_free(x);
		hs_instance_release(&in);
		hs_stream_release(&st);
		free(node_map);
		return rc;
	}

	if (o.live) {
		if (event_log && !(lv.cfg.event_log = fopen(event_log, "w"))) {
			hs_error("cannot write the event log %s: %s", event_log, strerror(errno));
			return HS_EXIT_FAIL;
		}
		rc = run_live(&lv, &o, &out);
		if (lv.cfg.event_log && fclose(lv.cfg.event_log) != 0) {
			hs_error("error writing the event log %s", event_log);
			rc = rc == HS_EXIT_OK ? HS_EXIT_FAIL : rc;
		}
	} else {
		if (hs_exec_write_head(&st, &in, x, &o, &out) < 0)
			return HS_EXIT_FAIL;
		rc = hs_exec_run(x, hs_exec_write_run, &out);
		rc = hs_exec_summary(x, &out, rc);
	}
	hs_exec_free(x);
	hs_optvals_free(ovals);
	hs_plugin_unload(&pl);
	free(ov);
	hs_instance_release(&in);
	hs_stream_release(&st);
	free(node_map);
	return rc;
}
