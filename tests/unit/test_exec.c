/* test_exec.c - hs-exec's pieces that need no processes: shell quoting,
 * --command templates, and this machine as a platform. */
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hs/exec.h"
#include "hs/local.h"
#include "hs/util.h"
#include "tap.h"

static const char *stream_text =
	"hs 1\n"
	"cluster c\n"
	"node n1 cluster=c cores=4 gpus=2\n"
	"node n2 cluster=c cores=4\n"
	"task t1 model=rigid size=2 time=1.5 size_mb=40 note='two words'\n"
	"task t2 model=amdahl t1=4 beta=0 scope=cluster walltime=30\n"
	"plan t1 node=n1 cores=2-3 gpus=1 start=0.25 end=1.75\n"
	"plan t2 node=n1,n2 cores=0-1/0 start=1.75 end=3.0833333333333335 after=t1\n";

static struct hs_stream st;
static struct hs_instance in;

static char *expand(const char *tmpl, int task, char **err)
{
	return hs_exec_expand(tmpl, &in, &in.tasks[task], &in.plan.p[task], "h1", err);
}

static void check_expand(const char *tmpl, int task, const char *want)
{
	char *err = NULL;
	char *got = expand(tmpl, task, &err);
	TAP_OK(got && strcmp(got, want) == 0, "expand '%s' -> '%s' (got '%s'%s%s)", tmpl, want,
	       got ? got : "NULL", err ? ", " : "", err ? err : "");
	free(got);
	free(err);
}

static void check_error(const char *tmpl, const char *want)
{
	char *err = NULL;
	char *got = expand(tmpl, 0, &err);
	TAP_OK(!got && err && strstr(err, want), "'%s' is an error: %s (got '%s')", tmpl, want,
	       err ? err : "none");
	free(got);
	free(err);
}

static void check_quote(const char *s, const char *want)
{
	char *q = hs_shell_quote(s);
	TAP_STREQ(q, want, s);
	free(q);
}

int main(void)
{
	hs_set_progname("test_exec");

	check_quote("t1", "t1");
	check_quote("0-3,8/0-1", "0-3,8/0-1");
	check_quote("a b", "'a b'");
	check_quote("y;z", "'y;z'");
	check_quote("it's", "'it'\\''s'");
	check_quote("", "''");
	check_quote("$HOME", "'$HOME'");

	char path[] = "/tmp/test_exec.XXXXXX";
	int fd = mkstemp(path);
	TAP_OK(fd >= 0, "temp file");
	if (fd < 0)
		return tap_done();
	TAP_OK(write(fd, stream_text, strlen(stream_text)) == (ssize_t)strlen(stream_text),
	       "write stream");
	close(fd);
	int rc = hs_stream_load(&st, path);
	unlink(path);
	TAP_OK(rc == 0, "stream loads");
	TAP_OK(rc == 0 && hs_instance_load(&in, &st) == 0, "instance loads");
	if (in.ntasks != 2 || !in.has_plan)
		return tap_done();

	check_expand("sleep {time}", 0, "sleep 1.5");
	check_expand("{task} {node} {host} {cores} {ncores} {gpus} {ngpus}", 0,
		     "t1 n1 h1 2-3 2 1 1");
	check_expand("{start}-{end} w={walltime}", 0, "0.25-1.75 w=inf");
	check_expand("{field.size_mb} {field.note}", 0, "40 'two words'");
	check_expand("{{literal}} and }}", 0, "{literal} and }");
	check_expand("no placeholders", 0, "no placeholders");
	/* Two nodes: lists; time rounded to the microsecond. */
	check_expand("{node} {cores} {ncores} [{gpus}] {ngpus} {time} {walltime}", 1,
		     "n1,n2 0-1/0 3 [] 0 1.333333 30");
	check_error("{tiem}", "unknown placeholder {tiem}");
	check_error("{task", "unmatched '{'");
	check_error("a } b", "unmatched '}'");
	check_error("{field.nope}", "no field 'nope'");

	/* This machine. */
	int *cpus;
	int n = hs_local_cpus(&cpus);
	cpu_set_t set;
	CPU_ZERO(&set);
	TAP_OK(sched_getaffinity(0, sizeof set, &set) == 0, "sched_getaffinity");
	TAP_OK(n == CPU_COUNT(&set), "hs_local_cpus counts the affinity mask (%d)", n);
	int all_in = 1;
	for (int i = 0; i < n; i++)
		all_in &= CPU_ISSET(cpus[i], &set) && (i == 0 || cpus[i] > cpus[i - 1]);
	TAP_OK(all_in, "hs_local_cpus lists the CPUs of the mask, ascending");
	free(cpus);

	setenv("HS_LOCAL_GPUS", "3", 1);
	TAP_OK(hs_local_gpus() == 3, "HS_LOCAL_GPUS overrides GPU detection");
	unsetenv("HS_LOCAL_GPUS");

	struct hs_stream out;
	hs_stream_init(&out, "local");
	TAP_OK(hs_local_platform_emit(&out, "local", NULL) == 0, "local platform emits");
	const struct hs_record *node = NULL;
	for (size_t i = 0; i < out.n; i++)
		if (out.recs[i]->kind && strcmp(out.recs[i]->kind, "node") == 0)
			node = out.recs[i];
	TAP_OK(node && strcmp(node->id, HS_LOCAL_NODE) == 0, "one node named local");
	char want[16];
	snprintf(want, sizeof want, "%d", n);
	TAP_STREQ(node ? hs_record_get(node, "cores") : "", want, "its cores are the mask's");
	TAP_OK(node && hs_record_get(node, "host"), "it names the host");
	hs_stream_release(&out);
	hs_stream_init(&out, "local");
	TAP_OK(hs_local_platform_emit(&out, "local", "x=1") < 0, "parameters are refused");
	hs_stream_release(&out);

	hs_instance_release(&in);
	hs_stream_release(&st);
	return tap_done();
}
