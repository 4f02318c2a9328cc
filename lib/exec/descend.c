/* exec/descend.c - a run's processes, found from /proc by the watchdog
 * once hs-exec is gone (proc.c).
 *
 * A task's process group is not all of it: a command may start processes
 * in a session of their own (setsid), and when hs-exec dies by SIGKILL
 * the orphans it reaped as subreaper go to init.  So every task's
 * environment carries a mark of the run (HS_EXEC_RUN=PID.NS, inherited
 * through setsid and reparenting), and the watchdog signals each process
 * that carries it, is in a task's group, or descends from one that does
 * (a process that cleared its environment but whose parent lives). */
#include "exec_priv.h"
#include "hs/util.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

const char *xp_run_mark(void)
{
	static char mark[64];
	if (!mark[0]) {
		struct timespec ts;
		clock_gettime(CLOCK_REALTIME, &ts);
		snprintf(mark, sizeof mark, "HS_EXEC_RUN=%ld.%ld%09ld", (long)getpid(),
			 (long)ts.tv_sec, (long)ts.tv_nsec);
	}
	return mark;
}

/* Whether /proc/PID/environ has the entry mark. */
static int has_mark(const char *pid, const char *mark)
{
	char path[300];
	snprintf(path, sizeof path, "/proc/%s/environ", pid);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	size_t len = 0, cap = 8192;
	char *buf = malloc(cap);
	ssize_t r;
	while (buf && (r = read(fd, buf + len, cap - len - 1)) > 0) {
		len += (size_t)r;
		if (cap - len < 2 && cap < (1u << 24)) {
			char *b = realloc(buf, cap * 2);
			if (!b)
				break;
			buf = b;
			cap *= 2;
		} else if (cap - len < 2) {
			break;
		}
	}
	close(fd);
	int found = 0;
	if (buf) {
		buf[len] = '\0';
		for (size_t i = 0; i < len && !found; i += strlen(buf + i) + 1)
			found = strcmp(buf + i, mark) == 0;
	}
	free(buf);
	return found;
}

struct proc {
	pid_t pid, ppid, pgrp;
	int in_group, picked;
};

static int in_groups(pid_t pgrp, const pid_t *groups, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (groups[i] == pgrp)
			return 1;
	return 0;
}

int xp_signal_run(const pid_t *groups, size_t ngroups, int sig, int skip_groups)
{
	DIR *d = opendir("/proc");
	if (!d)
		return 0;
	const char *mark = xp_run_mark();
	pid_t me = getpid();
	struct proc *p = NULL;
	size_t n = 0, cap = 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		char state;
		pid_t pid, ppid, pgrp;
		if (xp_proc_stat(e->d_name, &pid, &state, &ppid, &pgrp) < 0 || pid == me ||
		    state == 'Z' || state == 'X')
			continue;
		if (n == cap) {
			struct proc *q = realloc(p, (cap = cap ? cap * 2 : 256) * sizeof *p);
			if (!q)
				break;
			p = q;
		}
		p[n].pid = pid;
		p[n].ppid = ppid;
		p[n].pgrp = pgrp;
		p[n].in_group = in_groups(pgrp, groups, ngroups);
		p[n].picked = p[n].in_group || has_mark(e->d_name, mark);
		n++;
	}
	closedir(d);
	/* And their descendants, however deep. */
	for (int more = 1; more;) {
		more = 0;
		for (size_t i = 0; i < n; i++)
			for (size_t j = 0; j < n && !p[i].picked; j++)
				if (p[j].picked && p[j].pid == p[i].ppid)
					p[i].picked = more = 1;
	}
	int found = 0;
	for (size_t i = 0; i < n; i++) {
		if (!p[i].picked)
			continue;
		found++;
		if (skip_groups && p[i].in_group)
			continue;
		kill(p[i].pid, sig);
		if (sig == SIGTERM)
			kill(p[i].pid, SIGCONT);
	}
	free(p);
	return found;
}
