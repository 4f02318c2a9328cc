/* plugin/probe.c - load a plugin in a child process (probe.h).
 *
 * The child loads the plugin as the tool would, under the guard, with the
 * guard's messages and its own report on a pipe, one line each:
 *   F <family>
 *   A <kinds> <flags> <name> <summary>     (tab-separated)
 *   E <why>                               (a refusal: bad ABI, ...)
 *   K                                     (done)
 * Anything else is the guard's message: the plugin crashed or ended the
 * process.  Without a K or an E, the child's wait status says what
 * happened (SIGKILL, a direct exit_group). */
#include "plugin/probe.h"
#include "hs/guard.h"
#include "hs/loader.h"
#include "hs/util.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* A field on one line: tabs and line ends become spaces. */
static void put_field(FILE *f, const char *s)
{
	for (; s && *s; s++)
		fputc(*s == '\t' || *s == '\n' || *s == '\r' ? ' ' : *s, f);
}

static HS_NORETURN void child(const char *path, int fd)
{
	/* The tool's stdout is not the child's to write: what the plugin
	 * prints goes to stderr, as in the tool. */
	dup2(2, 1);
	hs_guard_report_to(fd);
	FILE *f = fdopen(dup(fd), "w");
	struct hs_loaded pl;
	char *why = NULL;
	if (!f)
		_exit(HS_EXIT_FAIL);
	if (hs_plugin_load(&pl, path, &why) < 0) {
		fputs("E\t", f);
		put_field(f, why);
		fputs("\n", f);
	} else {
		fputs("F\t", f);
		put_field(f, pl.desc.name);
		fputs("\n", f);
		for (int k = 0; k < pl.nalgos; k++) {
			const struct hs_algo *a = &pl.algos[k];
			fprintf(f, "A\t%d\t%u\t", (a->plan ? HS_ALGO_OFFLINE : 0) |
				(a->online ? HS_ALGO_ONLINE : 0), (unsigned)a->flags);
			put_field(f, a->name);
			fputs("\t", f);
			put_field(f, a->summary);
			fputs("\n", f);
		}
		fputs("K\n", f);
	}
	fflush(f);
	/* Not exit: the tool's exit hooks and buffers are the parent's. */
	_exit(0);
}

static char *read_all(int fd)
{
	size_t len = 0, cap = 4096;
	char *buf = hs_malloc(cap);
	for (;;) {
		if (cap - len < 2)
			buf = hs_realloc(buf, cap *= 2);
		ssize_t r = read(fd, buf + len, cap - len - 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		len += (size_t)r;
	}
	buf[len] = '\0';
	return buf;
}

/* The child's report, line by line; returns 1 once it said K or E. */
static int parse(char *text, struct hs_probe *pr, char **guard_msg)
{
	int done = 0;
	for (char *line = text, *next; line && *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		if (strncmp(line, "F\t", 2) == 0) {
			free(pr->family);
			pr->family = hs_strdup(line + 2);
		} else if (strncmp(line, "A\t", 2) == 0) {
			char *kinds = line + 2, *flags = strchr(kinds, '\t');
			char *name = flags ? strchr(flags + 1, '\t') : NULL;
			char *summary = name ? strchr(name + 1, '\t') : NULL;
			if (!summary)
				continue;
			*flags++ = *name++ = *summary++ = '\0';
			pr->algos = hs_reallocarray(pr->algos, (size_t)pr->nalgos + 1, sizeof *pr->algos);
			struct hs_probed_algo *a = &pr->algos[pr->nalgos++];
			a->kinds = atoi(kinds);
			a->flags = (uint32_t)strtoul(flags, NULL, 10);
			a->name = hs_strdup(name);
			a->summary = hs_strdup(summary);
		} else if (strcmp(line, "K") == 0) {
			done = 1;
		} else if (strncmp(line, "E\t", 2) == 0) {
			free(pr->why);
			pr->why = hs_strdup(line + 2);
			done = 1;
		} else if (*line && !*guard_msg) {
			*guard_msg = hs_strdup(line);
		}
	}
	return done;
}

int hs_plugin_probe(const char *path, struct hs_probe *pr)
{
	memset(pr, 0, sizeof *pr);
	int fd[2];
	fflush(NULL); /* or the child's exit could write the parent's buffers */
	if (pipe2(fd, O_CLOEXEC) < 0) {
		pr->why = hs_asprintf("%s: cannot try plugin: %s", path, strerror(errno));
		return -1;
	}
	pid_t pid = fork();
	if (pid < 0) {
		pr->why = hs_asprintf("%s: cannot try plugin: %s", path, strerror(errno));
		close(fd[0]);
		close(fd[1]);
		return -1;
	}
	if (pid == 0) {
		close(fd[0]);
		child(path, fd[1]);
	}
	close(fd[1]);
	char *text = read_all(fd[0]);
	close(fd[0]);
	int st = 0;
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	char *guard_msg = NULL;
	int done = parse(text, pr, &guard_msg);
	free(text);
	if (done && !guard_msg && WIFEXITED(st) && WEXITSTATUS(st) == 0)
		goto out;
	/* It crashed or ended the process while loading. */
	pr->misbehaved = 1;
	free(pr->why);
	if (guard_msg) {
		const char *prog = hs_progname();
		size_t n = strlen(prog);
		const char *m = guard_msg;
		if (strncmp(m, prog, n) == 0 && m[n] == ':' && m[n + 1] == ' ')
			m += n + 2;
		pr->why = hs_strdup(m);
	} else if (WIFSIGNALED(st)) {
		pr->why = hs_asprintf("plugin %s was killed while loading: signal %d (%s)", path,
				      WTERMSIG(st), strsignal(WTERMSIG(st)));
	} else {
		pr->why = hs_asprintf("plugin %s ended the process while loading (status %d)", path,
				      WIFEXITED(st) ? WEXITSTATUS(st) : -1);
	}
	free(guard_msg);
out:
	return pr->why ? -1 : 0;
}

void hs_probe_free(struct hs_probe *pr)
{
	for (int k = 0; k < pr->nalgos; k++) {
		free(pr->algos[k].name);
		free(pr->algos[k].summary);
	}
	free(pr->algos);
	free(pr->family);
	free(pr->why);
	memset(pr, 0, sizeof *pr);
}
