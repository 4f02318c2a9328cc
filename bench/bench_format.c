/* bench_format - throughput of the hs format reader and writer.
 *
 * Usage: bench_format [N]   (default 1000000 task records)
 * Writes N task records to a temporary file, then times hs_stream_load
 * (parse) and hs_stream_write to another temporary file (write), and
 * prints records/s for parse, write and both together (best of ROUNDS, and
 * the first round alone); then modifies every record and times the
 * canonical writing of modified records.  Every round checks that the
 * output is the input byte for byte.
 */
#include "hs/format.h"
#include "hs/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define ROUNDS 3

static FILE *tmpfile_in(char *path, size_t size)
{
	const char *dir = getenv("TMPDIR");
	snprintf(path, size, "%s/hs-bench-XXXXXX", dir && *dir ? dir : "/tmp");
	int fd = mkstemp(path);
	if (fd < 0)
		hs_die(HS_EXIT_FAIL, "cannot create a temporary file in %s", dir ? dir : "/tmp");
	FILE *f = fdopen(fd, "w");
	if (!f)
		hs_die(HS_EXIT_FAIL, "fdopen failed");
	return f;
}

int main(int argc, char **argv)
{
	hs_set_progname(argv[0]);
	long n = 1000000;
	if (argc > 1 && hs_parse_long(argv[1], 1, 1000000000L, &n) < 0)
		hs_die(HS_EXIT_USAGE, "usage: bench_format [N]");

	char in_path[4096], out_path[4096];
	FILE *f = tmpfile_in(in_path, sizeof in_path);
	static char buf[1 << 20];
	setvbuf(f, buf, _IOFBF, sizeof buf);
	fprintf(f, "hs 1\n# %ld sleep tasks\n", n);
	for (long i = 0; i < n; i++)
		fprintf(f, "task t%ld model=overhead T=%ld x=0.95 scope=node release=0 cmd='sleep 0.5'\n",
			i + 1, 10 + i % 90);
	if (fclose(f) != 0)
		hs_die(HS_EXIT_FAIL, "%s: write error", in_path);

	/* Several rounds; the best is reported beside the first, because a
	 * first touch of fresh memory costs a virtual machine much more than
	 * the parsing itself and varies from run to run. */
	double best_parse = 1e300, best_write = 1e300, best_both = 1e300, first_both = 0;
	for (int round = 0; round < ROUNDS; round++) {
		struct hs_stream s;
		double t0 = hs_now();
		if (hs_stream_load(&s, in_path) < 0) {
			unlink(in_path);
			return HS_EXIT_FAIL;
		}
		double t1 = hs_now();
		FILE *out = tmpfile_in(out_path, sizeof out_path);
		if (hs_stream_write(out, &s) < 0 || fclose(out) != 0)
			hs_die(HS_EXIT_FAIL, "%s: write error", out_path);
		double t2 = hs_now();
		if (t1 - t0 < best_parse)
			best_parse = t1 - t0;
		if (t2 - t1 < best_write)
			best_write = t2 - t1;
		if (t2 - t0 < best_both)
			best_both = t2 - t0;
		if (round == 0)
			first_both = t2 - t0;

		/* The output must be the input, byte for byte. */
		char *cmd = hs_asprintf("cmp -s '%s' '%s'", in_path, out_path);
		int same = system(cmd) == 0;
		free(cmd);
		unlink(out_path);
		if ((long)s.n != n + 1 || !same)
			hs_die(HS_EXIT_FAIL, "round trip failed (%zu records, identical: %s)", s.n,
			       same ? "yes" : "no");
		if (round == ROUNDS - 1) {
			/* Modified records are written canonically (quoting, field by field). */
			for (size_t i = 0; i < s.n; i++)
				if (s.recs[i]->kind)
					hs_record_set_num(s.recs[i], "x", 0.5);
			out = tmpfile_in(out_path, sizeof out_path);
			double t3 = hs_now();
			if (hs_stream_write(out, &s) < 0 || fclose(out) != 0)
				hs_die(HS_EXIT_FAIL, "%s: write error", out_path);
			double canon = hs_now() - t3;
			unlink(out_path);
			printf("format: write modified (canonical): %ld records in %.3f s = %.0f records/s\n",
			       n, canon, n / canon);
		}
		hs_stream_release(&s);
	}
	unlink(in_path);

	printf("format: parse: %ld records in %.3f s = %.0f records/s\n", n, best_parse, n / best_parse);
	printf("format: write: %ld records in %.3f s = %.0f records/s\n", n, best_write, n / best_write);
	printf("format: first round: parse+write in %.3f s = %.0f records/s\n", first_both,
	       n / first_both);
	printf("format: %ld records parsed+written in %.3f s = %.0f records/s (best of %d)\n", n, best_both,
	       n / best_both, ROUNDS);
	return 0;
}
