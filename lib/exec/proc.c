/* exec/proc.c - child processes for hs-exec: logs, reaping, killing what a
 * task leaves behind, running helper programs (sbatch, scontrol). */
#include "exec_priv.h"
#include "hs/util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

void xp_child_signals(void)
{
	static const int sigs[] = {SIGCHLD, SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGQUIT};
	for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++)
		signal(sigs[i], SIG_DFL);
	sigset_t none;
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
}

int xp_open_logs(struct hs_exec *x, struct xtask *t, int *out, int *err)
{
	(void)x;
	char *po = hs_asprintf("%s.out", t->log_base);
	char *pe = hs_asprintf("%s.err", t->log_base);
	int rc = 0;
	*out = open(po, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	*err = *out < 0 ? -1 : open(pe, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (*out < 0 || *err < 0) {
		hs_error("task %s: cannot create %s: %s", t->task->id, *out < 0 ? po : pe,
			 strerror(errno));
		if (*out >= 0)
			close(*out);
		rc = -1;
	}
	free(po);
	free(pe);
	return rc;
}

/* ---- starting a task's process ---- */

extern char **environ;

char **xp_envp(char *const *extra)
{
	size_t n = 0, k = 0, ne = 0;
	while (environ && environ[n])
		n++;
	while (extra && extra[ne])
		ne++;
	const char *mark = xp_run_mark();
	size_t mlen = strcspn(mark, "=");
	char **envp = hs_malloc(sizeof *envp * (n + ne + 2));
	for (size_t i = 0; i < n; i++) {
		size_t klen = strcspn(environ[i], "=");
		/* An outer hs-exec's mark is replaced by ours. */
		int overridden = klen == mlen && strncmp(mark, environ[i], klen) == 0;
		for (size_t j = 0; j < ne && !overridden; j++)
			overridden = strncmp(extra[j], environ[i], klen) == 0 && extra[j][klen] == '=';
		if (!overridden)
			envp[k++] = environ[i];
	}
	for (size_t j = 0; j < ne; j++)
		envp[k++] = extra[j];
	envp[k++] = (char *)mark;
	envp[k] = NULL;
	return envp;
}

pid_t xp_spawn(const struct xp_spawn *s)
{
	/* vfork: the child borrows our memory until it execs, so starting a
	 * task costs no copy of our page tables (a fork is several times
	 * slower, and this is hs-exec's cost per task).  The child therefore
	 * only makes system calls: everything it needs is prepared here. */
	sigset_t none;
	sigemptyset(&none);
	pid_t pid = vfork();
	if (pid != 0)
		return pid; /* the parent, or -1 */
	setpgid(0, 0);
	if (s->in >= 0)
		dup2(s->in, 0);
	dup2(s->out, 1);
	dup2(s->err, 2);
	if (s->cpus && sched_setaffinity(0, s->cpus_size, s->cpus) < 0) {
		static const char msg[] = "hs-exec: cannot pin the task to its cores\n";
		ssize_t w = write(2, msg, sizeof msg - 1);
		(void)w;
		_exit(126);
	}
	/* Dispositions are the child's own (no CLONE_SIGHAND); an ignored
	 * SIGPIPE and our blocked signals would survive exec. */
	static const int sigs[] = {SIGCHLD, SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGQUIT};
	struct sigaction dfl;
	memset(&dfl, 0, sizeof dfl);
	dfl.sa_handler = SIG_DFL;
	for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++)
		sigaction(sigs[i], &dfl, NULL);
	sigprocmask(SIG_SETMASK, &none, NULL);
	if (strchr(s->path, '/'))
		execve(s->path, s->argv, s->envp);
	else
		execvpe(s->path, s->argv, s->envp);
	static const char msg[] = "hs-exec: cannot run the task's program\n";
	ssize_t w = write(2, msg, sizeof msg - 1);
	(void)w;
	_exit(127);
}

/* ---- which task a pid belongs to: open addressing, linear probing ---- */

struct pidmap {
	pid_t *pid;
	int *task;
	size_t cap, n;
};

static struct pidmap pm;

/* ---- the watchdog (exec_priv.h) ----
 * It learns the tracked process groups from a pipe, and our death from the
 * pipe's end: then it kills the groups still alive and exits.  In a
 * session of its own, it survives a signal to our process group; it holds
 * no other descriptor of ours (a reader of our stdout sees its end). */

struct wd_msg {
	int32_t add; /* 1: a new group, 0: gone */
	int32_t pgid;
};

static int wd_fd = -1; /* write end, -1: no watchdog */
static double wd_grace = 2; /* seconds between SIGTERM and SIGKILL */

void xp_watchdog_grace(double s)
{
	wd_grace = s;
}

static HS_NORETURN void wd_main(int fd)
{
	setsid();
	static const int ign[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGQUIT, SIGUSR1, SIGUSR2};
	for (size_t i = 0; i < sizeof ign / sizeof *ign; i++)
		signal(ign[i], SIG_IGN);
	sigset_t none;
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	int null = open("/dev/null", O_RDWR);
	for (int k = 0; k < 3 && null >= 0; k++)
		dup2(null, k);
	if (fd != 3) {
		dup2(fd, 3);
		fd = 3;
	}
	close_range(4, ~0u, 0);
	pid_t groups[4096];
	size_t n = 0;
	struct wd_msg m;
	for (;;) {
		ssize_t r = read(fd, &m, sizeof m);
		if (r < 0 && errno == EINTR)
			continue;
		if (r != (ssize_t)sizeof m)
			break; /* hs-exec is gone */
		if (m.add && n < sizeof groups / sizeof *groups) {
			groups[n++] = m.pgid;
		} else if (!m.add) {
			for (size_t i = 0; i < n; i++)
				if (groups[i] == m.pgid) {
					groups[i] = groups[--n];
					break;
				}
		}
	}
	for (size_t i = 0; i < n; i++) {
		kill(-groups[i], SIGTERM);
		kill(-groups[i], SIGCONT);
	}
	/* And what the tasks started outside their groups (setsid), found
	 * from /proc (descend.c); the groups had their SIGTERM once. */
	size_t ng = n;
	int strays = xp_signal_run(groups, ng, SIGTERM, 1);
	/* --kill-grace, as hs-exec gives it to a task it stops itself: a task
	 * cleaning up after SIGTERM is not cut short (a fixed 0.1 s was too
	 * short on a loaded machine), and the wait ends as soon as every
	 * group and every process of the run is gone. */
	double end = hs_now() + wd_grace;
	while ((n || strays) && hs_now() < end) {
		size_t alive = 0;
		for (size_t i = 0; i < n; i++)
			if (kill(-groups[i], 0) == 0 || errno != ESRCH)
				groups[alive++] = groups[i];
		n = alive;
		usleep(n ? 10000 : 50000);
		if (strays)
			strays = xp_signal_run(groups, ng, 0, 1);
	}
	for (size_t i = 0; i < n; i++)
		kill(-groups[i], SIGKILL);
	/* Until none is left: a process may fork while it is being killed
	 * (bounded, so a fork bomb cannot keep us here). */
	for (int round = 0; round < 100 && (strays || round == 0); round++) {
		strays = xp_signal_run(groups, ng, SIGKILL, 0);
		if (strays)
			usleep(10000);
	}
	_exit(0);
}

static void wd_send(int add, pid_t pgid)
{
	if (wd_fd < 0 && add) {
		xp_run_mark(); /* the watchdog looks for the mark the tasks have */
		int p[2];
		if (pipe2(p, O_CLOEXEC) < 0)
			return;
		pid_t pid = fork();
		if (pid == 0) {
			close(p[1]);
			wd_main(p[0]);
		}
		close(p[0]);
		if (pid < 0) {
			close(p[1]);
			return;
		}
		wd_fd = p[1];
	}
	if (wd_fd < 0)
		return;
	struct wd_msg m = {add, (int32_t)pgid};
	while (write(wd_fd, &m, sizeof m) < 0 && errno == EINTR)
		;
}

static size_t pm_slot(pid_t pid)
{
	return ((size_t)pid * 2654435761u) & (pm.cap - 1);
}

static void pm_put(pid_t pid, int task);

void xp_track(pid_t pid, int task)
{
	pm_put(pid, task);
	wd_send(1, pid);
}

static void pm_put(pid_t pid, int task)
{
	if ((pm.n + 1) * 2 > pm.cap) {
		struct pidmap old = pm;
		pm.cap = old.cap ? old.cap * 2 : 64;
		pm.pid = hs_calloc(pm.cap, sizeof *pm.pid);
		pm.task = hs_calloc(pm.cap, sizeof *pm.task);
		pm.n = 0;
		for (size_t i = 0; i < old.cap; i++)
			if (old.pid[i])
				pm_put(old.pid[i], old.task[i]);
		free(old.pid);
		free(old.task);
	}
	size_t i = pm_slot(pid);
	while (pm.pid[i])
		i = (i + 1) & (pm.cap - 1);
	pm.pid[i] = pid;
	pm.task[i] = task;
	pm.n++;
}

/* Remove pid; returns its task, or -1 when it is not a task's process. */
static int pm_take(pid_t pid)
{
	if (!pm.cap)
		return -1;
	size_t i = pm_slot(pid);
	while (pm.pid[i] && pm.pid[i] != pid)
		i = (i + 1) & (pm.cap - 1);
	if (!pm.pid[i])
		return -1;
	int task = pm.task[i];
	pm.pid[i] = 0;
	pm.n--;
	/* Re-insert the rest of the cluster so probing still finds them. */
	for (size_t j = (i + 1) & (pm.cap - 1); pm.pid[j]; j = (j + 1) & (pm.cap - 1)) {
		pid_t p = pm.pid[j];
		int tk = pm.task[j];
		pm.pid[j] = 0;
		pm.n--;
		pm_put(p, tk);
	}
	wd_send(0, pid);
	return task;
}

void xp_untrack_all(void)
{
	free(pm.pid);
	free(pm.task);
	memset(&pm, 0, sizeof pm);
	if (wd_fd >= 0)
		close(wd_fd);
	wd_fd = -1;
}

int xp_reap(struct hs_exec *x)
{
	int n = 0;
	for (;;) {
		siginfo_t si;
		memset(&si, 0, sizeof si);
		/* Peek first: while the leader is a zombie its pid cannot be reused,
		 * so killing its process group cannot hit an unrelated one. */
		if (waitid(P_ALL, 0, &si, WEXITED | WNOHANG | WNOWAIT) < 0 || si.si_pid == 0)
			break;
		pid_t pid = si.si_pid;
		int ti = pm_take(pid);
		if (ti >= 0)
			kill(-pid, SIGKILL); /* whatever the task left running */
		int status = 0;
		while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
			;
		if (ti < 0)
			continue; /* an orphan we inherited as subreaper */
		struct xtask *t = &x->t[ti];
		int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
		t->pid = 0;
		xe_ended(x, t, xe_now(x), HS_STATE_NONE, code);
		n++;
	}
	return n;
}

void xp_subreaper(void)
{
#ifdef PR_SET_CHILD_SUBREAPER
	prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
#endif
}

int xp_proc_stat(const char *name, pid_t *pid, char *state, pid_t *ppid, pid_t *pgrp)
{
	if (name[0] < '1' || name[0] > '9')
		return -1;
	char path[300], buf[512];
	snprintf(path, sizeof path, "/proc/%s/stat", name);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	ssize_t len = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (len <= 0)
		return -1;
	buf[len] = 0;
	/* "pid (comm) state ppid pgrp ...": comm may hold anything but the last ')'. */
	char *rp = strrchr(buf, ')');
	long pp, pg;
	if (!rp || sscanf(rp + 1, " %c %ld %ld", state, &pp, &pg) != 3)
		return -1;
	*pid = (pid_t)atol(name);
	*ppid = (pid_t)pp;
	*pgrp = (pid_t)pg;
	return 0;
}

/* Pids whose parent is us, from /proc. */
static int kill_children(void)
{
	DIR *d = opendir("/proc");
	if (!d)
		return 0;
	pid_t me = getpid();
	int found = 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		char state;
		pid_t pid, ppid, pgrp;
		if (xp_proc_stat(e->d_name, &pid, &state, &ppid, &pgrp) < 0 || ppid != me)
			continue;
		kill(pid, SIGKILL);
		found++;
	}
	closedir(d);
	return found;
}

void xp_kill_strays(void)
{
	/* Killing a stray can orphan its own children onto us: repeat until no
	 * child is left (bounded, so a fork bomb cannot keep us here). */
	for (int round = 0; round < 100; round++) {
		int found = kill_children();
		while (waitpid(-1, NULL, WNOHANG) > 0)
			;
		if (!found) {
			if (waitpid(-1, NULL, WNOHANG) < 0 && errno == ECHILD)
				return;
		}
		usleep(10000);
	}
}

/* ---- helper programs ---- */

static void append(char **buf, size_t *n, const char *data, size_t len)
{
	*buf = hs_realloc(*buf, *n + len + 1);
	memcpy(*buf + *n, data, len);
	*n += len;
	(*buf)[*n] = 0;
}

int xp_capture(char *const argv[], char **out, char **err)
{
	int po[2], pe[2];
	*out = hs_strdup("");
	if (err)
		*err = hs_strdup("");
	if (pipe2(po, O_CLOEXEC) < 0)
		return -1;
	if (pipe2(pe, O_CLOEXEC) < 0) {
		close(po[0]);
		close(po[1]);
		return -1;
	}
	pid_t pid = fork();
	if (pid < 0) {
		close(po[0]);
		close(po[1]);
		close(pe[0]);
		close(pe[1]);
		return -1;
	}
	if (pid == 0) {
		xp_child_signals();
		int null = open("/dev/null", O_RDONLY);
		if (null >= 0)
			dup2(null, 0);
		dup2(po[1], 1);
		dup2(pe[1], 2);
		execvp(argv[0], argv);
		dprintf(2, "cannot run %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	close(po[1]);
	close(pe[1]);
	size_t no = 0, ne = 0;
	struct pollfd fds[2] = {{po[0], POLLIN, 0}, {pe[0], POLLIN, 0}};
	int open_fds = 2;
	while (open_fds > 0) {
		if (poll(fds, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		for (int i = 0; i < 2; i++) {
			if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR)))
				continue;
			char buf[4096];
			ssize_t len = read(fds[i].fd, buf, sizeof buf);
			if (len < 0 && errno == EINTR)
				continue;
			if (len <= 0) {
				close(fds[i].fd);
				fds[i].fd = -1;
				open_fds--;
				continue;
			}
			if (i == 0)
				append(out, &no, buf, (size_t)len);
			else if (err)
				append(err, &ne, buf, (size_t)len);
		}
	}
	for (int i = 0; i < 2; i++)
		if (fds[i].fd >= 0)
			close(fds[i].fd);
	int status;
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	return status;
}

char **xp_split_words(const char *s, int *n)
{
	char **w = hs_malloc(sizeof *w);
	int k = 0;
	while (s && *s) {
		s += strspn(s, " \t\n");
		if (!*s)
			break;
		size_t len = strcspn(s, " \t\n");
		w = hs_reallocarray(w, (size_t)k + 2, sizeof *w);
		w[k++] = hs_strndup(s, len);
		s += len;
	}
	w[k] = NULL;
	if (n)
		*n = k;
	return w;
}

void xp_free_words(char **w)
{
	if (!w)
		return;
	for (char **p = w; *p; p++)
		free(*p);
	free(w);
}
