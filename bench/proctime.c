/* proctime FILE CMD [ARG]... - run CMD as a whole process (its stdout and
 * stderr as ours) and append "WALL CPU" to FILE: its wall time and its
 * user + system CPU time in seconds, from wait4's rusage (microseconds,
 * unlike the shell's `times`, in ticks of 10 ms).  The CPU time grows
 * less than the wall time when other work shares the machine.  Exits with
 * CMD's status (127 when it cannot be run). */
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: proctime FILE CMD [ARG]...\n");
		return 2;
	}
	double t0 = now();
	pid_t pid = fork();
	if (pid < 0) {
		perror("proctime: fork");
		return 127;
	}
	if (pid == 0) {
		execvp(argv[2], argv + 2);
		perror(argv[2]);
		_exit(127);
	}
	int status;
	struct rusage ru;
	if (wait4(pid, &status, 0, &ru) < 0) {
		perror("proctime: wait4");
		return 127;
	}
	double wall = now() - t0;
	double cpu = ru.ru_utime.tv_sec + ru.ru_utime.tv_usec * 1e-6 + ru.ru_stime.tv_sec +
		     ru.ru_stime.tv_usec * 1e-6;
	FILE *f = fopen(argv[1], "a");
	if (!f || fprintf(f, "%.6f %.6f\n", wall, cpu) < 0 || fclose(f) != 0) {
		perror(argv[1]);
		return 127;
	}
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
