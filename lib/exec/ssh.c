/* exec/ssh.c - hs-exec's ssh back end: each task is `ssh DEST SCRIPT`, run
 * locally in its own process group like a local task.
 *
 * The remote script starts the command in a new session (setsid), pinned
 * with taskset where the remote has it, and watches its own stdin: hs-exec
 * keeps a pipe open to the ssh client's stdin and closes it to stop the
 * task; the connection dropping (hs-exec or ssh killed) closes it as well.
 * Either way the remote kills the task's whole session, so nothing is left
 * running there.  Remote needs: a POSIX sh and setsid (util-linux).
 */
#include "exec_priv.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct host {
	char *node;  /* plan node name (after --node-map) */
	char **argv; /* destination and ssh options */
	int argc;
};

struct ssh_state {
	struct host *hosts;
	int nhosts;
	char **ssh;  /* the client and its options (--ssh) */
	int nssh;
	char *cwd;
};

static const struct host *find_host(const struct ssh_state *ss, const char *node)
{
	for (int i = 0; i < ss->nhosts; i++)
		if (strcmp(ss->hosts[i].node, node) == 0)
			return &ss->hosts[i];
	return NULL;
}

/* Lines "NODE DESTINATION [SSH-OPTION...]"; '#' starts a comment. */
static int read_hosts(struct ssh_state *ss, const char *path)
{
	FILE *f = fopen(path, "r");
	if (!f) {
		hs_error("cannot read hosts file %s: %s", path, strerror(errno));
		return -1;
	}
	char *line = NULL;
	size_t cap = 0;
	int lineno = 0, bad = 0;
	while (getline(&line, &cap, f) >= 0) {
		lineno++;
		line[strcspn(line, "#\r\n")] = 0;
		int n;
		char **w = xp_split_words(line, &n);
		if (n == 0) {
			xp_free_words(w);
			continue;
		}
		if (n < 2) {
			hs_error_at(path, lineno, "expected NODE DESTINATION [SSH-OPTION...]");
			bad = 1;
			xp_free_words(w);
			continue;
		}
		if (find_host(ss, w[0])) {
			hs_error_at(path, lineno, "node '%s' is listed twice", w[0]);
			bad = 1;
			xp_free_words(w);
			continue;
		}
		ss->hosts = hs_reallocarray(ss->hosts, (size_t)ss->nhosts + 1, sizeof *ss->hosts);
		struct host *h = &ss->hosts[ss->nhosts++];
		h->node = w[0];
		h->argc = n - 1;
		h->argv = hs_malloc(sizeof *h->argv * (size_t)n);
		/* Options first, the destination last: ssh stops at the destination. */
		for (int i = 2; i < n; i++)
			h->argv[i - 2] = w[i];
		h->argv[n - 2] = w[1];
		h->argv[n - 1] = NULL;
		free(w);
	}
	free(line);
	fclose(f);
	if (!bad && ss->nhosts == 0) {
		hs_error("%s: no hosts (lines: NODE DESTINATION [SSH-OPTION...])", path);
		bad = 1;
	}
	return bad ? -1 : 0;
}

static int ssh_place(struct hs_exec *x, struct xtask *t)
{
	const struct ssh_state *ss = x->bs;
	const struct hs_placement *p = t->plan;
	int bad = 0;
	t->hosts = hs_calloc((size_t)p->nparts, sizeof *t->hosts);
	t->nhosts = p->nparts;
	for (int k = 0; k < p->nparts; k++) {
		const char *node = xe_target(x, p->parts[k].node);
		const struct host *h = find_host(ss, node);
		if (!h) {
			t->hosts[k] = hs_strdup(node);
			xe_problem(x, t, "node '%s' is not in the hosts file %s", node, x->o.hosts);
			bad = 1;
			continue;
		}
		t->hosts[k] = hs_strdup(h->argv[h->argc - 1]);
	}
	return bad ? -1 : 0;
}

static int ssh_prepare(struct hs_exec *x)
{
	struct ssh_state *ss = hs_calloc(1, sizeof *ss);
	x->bs = ss;
	if (!x->o.hosts) {
		hs_error("--backend ssh needs --hosts FILE (lines: NODE DESTINATION [SSH-OPTION...])");
		return HS_EXIT_USAGE;
	}
	if (read_hosts(ss, x->o.hosts) < 0)
		return HS_EXIT_USAGE;
	ss->ssh = xp_split_words(x->o.ssh, &ss->nssh);
	if (ss->nssh == 0) {
		hs_error("--ssh: empty command");
		return HS_EXIT_USAGE;
	}
	char *cwd = getcwd(NULL, 0);
	ss->cwd = cwd ? cwd : hs_strdup("");
	xe_place_all(x);
	xp_subreaper();
	xp_watchdog_grace(x->o.kill_grace);
	return HS_EXIT_OK;
}

/* The script the remote shell runs (see the top of the file). */
static char *remote_script(const struct hs_exec *x, const struct xtask *t)
{
	const struct ssh_state *ss = x->bs;
	char *cwd = hs_shell_quote(ss->cwd);
	char *cmd = hs_shell_quote(t->cmd);
	char *exports = hs_strdup("");
	for (char **e = t->env; e && *e; e++) {
		const char *eq = strchr(*e, '=');
		char *val = hs_shell_quote(eq + 1);
		char *next = hs_asprintf("%s %.*s=%s", exports, (int)(eq - *e), *e,
					 *eq && eq[1] ? val : "''");
		free(val);
		free(exports);
		exports = next;
	}
	const struct hs_part *part = &t->plan->parts[0];
	char *cores = part->ncores ? hs_fmt_intset(part->cores, part->ncores) : hs_strdup("");
	char grace[HS_NUMBUF];
	hs_fmt_double(grace, x->o.kill_grace);
	char *s = hs_asprintf(
		"cd %s 2>/dev/null || cd\n"
		"export%s\n"
		"c=%s\n"
		"set --\n"
		"if [ -n '%s' ] && command -v taskset >/dev/null 2>&1; then set -- taskset -c %s; fi\n"
		"exec 3<&0\n"
		"setsid \"$@\" /bin/sh -c \"$c\" </dev/null 3<&- & p=$!\n"
		"# (a background job's stdin would be /dev/null: read fd 3)\n"
		"(while read -r _; do :; done <&3; kill -TERM -$p; sleep %s; kill -KILL -$p) "
		">/dev/null 2>&1 &\n"
		"exec 3<&-\n"
		"w=$!\n"
		"wait $p; r=$?\n"
		"kill $w 2>/dev/null; kill -KILL -$p 2>/dev/null\n"
		"exit $r\n",
		cwd, exports, cmd, cores, cores, grace);
	free(cwd);
	free(cmd);
	free(exports);
	free(cores);
	return s;
}

static int ssh_launch(struct hs_exec *x, struct xtask *t)
{
	const struct ssh_state *ss = x->bs;
	const struct host *h = find_host(ss, xe_target(x, t->plan->parts[0].node));
	int out, err, pfd[2];
	if (xp_open_logs(x, t, &out, &err) < 0)
		return -1;
	if (pipe2(pfd, O_CLOEXEC) < 0) {
		hs_error("task %s: cannot start: pipe: %s", t->task->id, strerror(errno));
		close(out);
		close(err);
		return -1;
	}
	char *script = remote_script(x, t);
	int argc = 0;
	char **argv = hs_malloc(sizeof *argv * (size_t)(ss->nssh + h->argc + 6));
	for (int i = 0; i < ss->nssh; i++)
		argv[argc++] = ss->ssh[i];
	argv[argc++] = "-T";
	argv[argc++] = "-o";
	argv[argc++] = "BatchMode=yes";
	for (int i = 0; i < h->argc; i++)
		argv[argc++] = h->argv[i];
	argv[argc++] = script;
	argv[argc] = NULL;
	char **envp = xp_envp(NULL);
	struct xp_spawn sp = {argv[0], argv, envp, pfd[0], out, err, NULL, 0};
	double start = xe_now(x);
	pid_t pid = xp_spawn(&sp);
	int spawn_errno = errno;
	free(envp);
	free(argv);
	free(script);
	close(pfd[0]);
	close(out);
	close(err);
	if (pid < 0) {
		close(pfd[1]);
		hs_error("task %s: cannot start: %s", t->task->id, strerror(spawn_errno));
		return -1;
	}
	setpgid(pid, pid);
	t->pid = pid;
	t->fd = pfd[1];
	xp_track(pid, t->index);
	xe_started(x, t, start);
	return 0;
}

static void ssh_wait(struct hs_exec *x, double timeout)
{
	if (xp_reap(x) > 0)
		return;
	xe_sleep(x, timeout);
	xp_reap(x);
}

static void ssh_kill(struct hs_exec *x, struct xtask *t, int hard)
{
	(void)x;
	/* Soft: end of input makes the remote script kill the task (and then
	 * ssh ends with its status); hard: drop the connection. */
	if (t->fd >= 0) {
		close(t->fd);
		t->fd = -1;
	}
	if (hard && t->pid > 0)
		kill(-t->pid, SIGKILL);
}

static void ssh_finish(struct hs_exec *x)
{
	(void)x;
	xp_kill_strays();
	xp_untrack_all();
}

static void ssh_release(struct hs_exec *x)
{
	struct ssh_state *ss = x->bs;
	if (!ss)
		return;
	for (int i = 0; i < ss->nhosts; i++) {
		free(ss->hosts[i].node);
		xp_free_words(ss->hosts[i].argv);
	}
	free(ss->hosts);
	xp_free_words(ss->ssh);
	free(ss->cwd);
	free(ss);
	x->bs = NULL;
}

const struct hs_exec_backend hs_exec_backend_ssh = {
	.name = "ssh",
	.native_deps = 0,
	.prepare = ssh_prepare,
	.place = ssh_place,
	.launch = ssh_launch,
	.wait = ssh_wait,
	.kill = ssh_kill,
	.finish = ssh_finish,
	.release = ssh_release,
};
