/* hs-exec - run a planned stream for real (locally, over ssh or on Slurm)
 * and add a run record per task with what happened.
 *
 * Output order: the input stream (less old run records and exec
 * provenance) with a new "prov exec" record is written and flushed before
 * the first task starts; then one run record per task, flushed the moment
 * the task ends, so an interrupted or crashed hs-exec loses nothing that
 * already finished.  Run records therefore come in the order tasks ended;
 * readers accept any order.  A last comment line sums the run up.  The
 * writing is lib/exec/output.c's (exec/tool.h).
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "exec/tool.h"
#include "hs/cli.h"
#include "hs/exec.h"

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
	{0, NULL, NULL, NULL},
};

static void complete_words(void)
{
	puts("local\nssh\nslurm");
}

static const struct hs_cli cli = {
	"hs-exec",
	"[-b local|ssh|slurm] [-c TEMPLATE] [-L DIR] [-m PLAN=NODE]... [-H FILE] [--timed] "
	"[--fail-fast] [-n] [--partial] [FILE]",
	"run a plan for real and add a run record per task",
	opts,
	complete_words,
};

/* File scope so that early exits leave nothing unreachable (LeakSanitizer). */
static struct hs_stream st;
static struct hs_instance in;
static struct hs_exec *x;
static char *node_map;

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
	int c, optind_ = 1, dry = 0, progress = -1;
	while ((c = hs_cli_next(&cli, argc, argv, &arg, &optind_)) != -1) {
		switch (c) {
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

	if (hs_stream_load(&st, file) < 0)
		return HS_EXIT_USAGE;
	hs_exec_drop_old(&st); /* this run replaces earlier ones */
	if (hs_instance_load(&in, &st) < 0)
		return HS_EXIT_USAGE;

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

	if (hs_exec_write_head(&st, &in, x, &o, &out) < 0)
		return HS_EXIT_FAIL;
	rc = hs_exec_run(x, hs_exec_write_run, &out);
	rc = hs_exec_summary(x, &out, rc);
	hs_exec_free(x);
	hs_instance_release(&in);
	hs_stream_release(&st);
	free(node_map);
	return rc;
}
