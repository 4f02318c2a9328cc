/* hs-exec - run a planned stream for real (locally, over ssh or on Slurm)
 * and add a run record per task with what happened.
 *
 * Output order: the input stream (less old run records and exec
 * provenance) with a new "prov exec" record is written and flushed before
 * the first task starts; then one run record per task, flushed the moment
 * the task ends, so an interrupted or crashed hs-exec loses nothing that
 * already finished.  Run records therefore come in the order tasks ended;
 * readers accept any order.  A last comment line sums the run up.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "hs/cli.h"
#include "hs/exec.h"
#include "hs/local.h"

enum {
	O_SSH = 256 + 5,
	O_SBATCH,
	O_TIMED,
	O_FAILFAST,
	O_GRACE,
	O_POLL,
	O_PROGRESS,
	O_NOPROGRESS,
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
	{0, NULL, NULL, NULL},
};

static void complete_words(void)
{
	puts("local\nssh\nslurm");
}

static const struct hs_cli cli = {
	"hs-exec",
	"[-b local|ssh|slurm] [-c TEMPLATE] [-L DIR] [-m PLAN=NODE]... [-H FILE] [--timed] "
	"[--fail-fast] [-n] [FILE]",
	"run a plan for real and add a run record per task",
	opts,
	complete_words,
};

/* File scope so that early exits leave nothing unreachable (LeakSanitizer). */
static struct hs_stream st;
static struct hs_instance in;
static struct hs_exec *x;
static char *node_map;
static int write_failed;

static int drop_old(const struct hs_record *r, void *arg)
{
	(void)arg;
	if (!r->kind)
		return 0;
	if (strcmp(r->kind, "run") == 0)
		return 1;
	return strcmp(r->kind, "prov") == 0 && strcmp(r->id, "exec") == 0;
}

static int clear_progress; /* records and progress share the terminal */

static void write_run(void *arg, const struct hs_record *r)
{
	(void)arg;
	if (write_failed)
		return;
	if (clear_progress)
		fputs("\r\033[K", stderr);
	if (hs_record_write(stdout, r) < 0 || fputc('\n', stdout) == EOF || fflush(stdout) != 0) {
		hs_error("error writing the output: run records are lost from here on");
		write_failed = 1;
	}
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
	clear_progress = o.progress && isatty(1);
	const char *file = optind_ < argc ? argv[optind_] : NULL;

	if (hs_stream_load(&st, file) < 0)
		return HS_EXIT_USAGE;
	/* Earlier run records (hs-sim's, an earlier hs-exec's) are replaced. */
	hs_stream_filter(&st, drop_old, NULL);
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

	struct hs_record *prov = hs_instance_prov(&in, "exec");
	char *host = hs_local_hostname();
	char started[32];
	time_t now = time(NULL);
	strftime(started, sizeof started, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
	hs_record_set(prov, "tool", "hs-exec");
	hs_record_set(prov, "version", HS_VERSION);
	hs_record_set(prov, "backend", o.backend);
	hs_record_set(prov, "host", host);
	hs_record_set(prov, "started", started);
	hs_record_set(prov, "logs", hs_exec_log_dir(x));
	if (o.timed)
		hs_record_set(prov, "timed", "1");
	if (o.command)
		hs_record_set(prov, "command", o.command);
	free(host);
	if (hs_stream_write(stdout, &st) < 0 || fflush(stdout) != 0) {
		hs_error("error writing the output");
		return HS_EXIT_FAIL;
	}

	rc = hs_exec_run(x, write_run, NULL);

	struct hs_exec_counts n;
	hs_exec_counts(x, &n);
	if (!write_failed) {
		/* hs-exec's own CPU time (its tasks' not included): its cost. */
		struct rusage ru;
		getrusage(RUSAGE_SELF, &ru);
		double cpu = (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec * 1e-6 +
			     (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec * 1e-6;
		printf("# hs-exec: %d tasks: %d done, %d failed, %d killed, %d not run; %.3f s "
		       "(planned %.3f s); hs-exec used %.3f s CPU\n",
		       n.tasks, n.done, n.failed, n.killed, n.notrun, n.elapsed, n.planned, cpu);
		if (fflush(stdout) != 0) {
			hs_error("error writing the output");
			write_failed = 1;
		}
	}
	if (write_failed && rc == HS_EXIT_OK)
		rc = HS_EXIT_FAIL;
	hs_exec_free(x);
	hs_instance_release(&in);
	hs_stream_release(&st);
	free(node_map);
	return rc;
}
