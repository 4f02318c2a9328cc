/* test_swf - the SWF trace reader: exact field values, headers, blank and
 * comment lines anywhere, CRLF, compressed input, and the error messages. */
#include "hs/swf.h"
#include "hs/util.h"
#include "model_fixture.h"
#include "tap.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char tmpdir[] = "/tmp/hs-test-swf-XXXXXX";

static char *write_file(const char *name, const char *data)
{
	char *p = hs_asprintf("%s/%s", tmpdir, name);
	FILE *f = fopen(p, "wb");
	if (!f || fputs(data, f) < 0 || fclose(f) != 0)
		hs_die(1, "cannot write %s", p);
	return p;
}

/* stderr capture, to check the exact messages. */

static const char trace[] =
	"; Version: 2.2\n"
	"; Computer: Linux cluster (Seth)\n"
	";MaxProcs:240\n"
	"; free text without a key\n"
	";\n"
	"    1        0 308434  31405   30  31405    -1   30  37980    -1  1   1   1  -1 -1  1 -1 -1\n"
	"\n"
	"   12   342343      5    553   40 552.21    -1   40  43200    -1  1   4   1  -1 -1  1 -1 -1\r\n"
	"; a comment between jobs\n"
	"\t16\t347726 5 -1 -1 240379 -1 8 345600 -1 -1 5 1 -1 -1 1 -1 1.5e3   \n"
	" \n";

static void test_values(void)
{
	char *p = write_file("t.swf", trace);
	struct hs_swf *t = hs_swf_open(p);
	struct hs_swf_job j;
	TAP_OK(t != NULL, "open");
	TAP_OK(hs_swf_next(t, &j) == 1, "job 1 read");
	static const double want1[HS_SWF_NFIELDS] = {1,  0,  308434, 31405, 30, 31405, -1, 30, 37980,
						     -1, 1,  1,      1,     -1, -1, 1,     -1, -1};
	int same = 1;
	for (int f = 0; f < HS_SWF_NFIELDS; f++)
		same &= j.f[f] == want1[f];
	TAP_OK(same && j.line == 6, "job 1: all 18 fields exact, line 6");
	TAP_STREQ(hs_swf_header(t, "MaxProcs"), "240", "header without blanks: MaxProcs 240");
	TAP_STREQ(hs_swf_header(t, "computer"), "Linux cluster (Seth)",
		  "header key without case, value trimmed");
	TAP_OK(hs_swf_header(t, "MaxNodes") == NULL, "absent header: NULL");
	int nh;
	const struct hs_swf_header *h = hs_swf_headers(t, &nh);
	TAP_OK(nh == 3 && strcmp(h[0].key, "Version") == 0 && strcmp(h[2].key, "MaxProcs") == 0,
	       "3 headers; comment lines without a key are not kept");

	TAP_OK(hs_swf_next(t, &j) == 1, "job 12 read after a blank line (CRLF)");
	TAP_OK(j.f[HS_SWF_JOB] == 12 && j.f[HS_SWF_CPU] == 552.21 && j.f[HS_SWF_THINK] == -1 &&
		       j.line == 8,
	       "job 12: fractional CPU time 552.21, line 8");
	TAP_OK(hs_swf_next(t, &j) == 1, "job 16 read: tabs, trailing blanks");
	TAP_OK(j.f[HS_SWF_JOB] == 16 && j.f[HS_SWF_RUN] == HS_SWF_UNKNOWN &&
		       j.f[HS_SWF_PROCS] == -1 && j.f[HS_SWF_REQ_PROCS] == 8 &&
		       j.f[HS_SWF_REQ_TIME] == 345600 && j.f[HS_SWF_STATUS] == -1 &&
		       j.f[HS_SWF_THINK] == 1500 && j.line == 10,
	       "job 16: unknowns stay -1, 1.5e3 reads as 1500");
	TAP_OK(hs_swf_headers(t, &nh) && nh == 3, "a keyless comment between jobs is not kept");
	TAP_OK(hs_swf_next(t, &j) == 0, "end of trace: 0");
	TAP_OK(hs_swf_next(t, &j) == 0, "still 0 after the end");
	hs_swf_close(t);

	/* The same trace gzipped reads the same. */
	char *cmd = hs_asprintf("gzip -c '%s' > '%s.gz'", p, p);
	int made = system(cmd) == 0;
	free(cmd);
	char *gz = hs_asprintf("%s.gz", p);
	t = made ? hs_swf_open(gz) : NULL;
	int n = 0;
	double last = 0;
	while (t && hs_swf_next(t, &j) == 1)
		n++, last = j.f[HS_SWF_THINK];
	TAP_OK(t && n == 3 && last == 1500 && strcmp(hs_swf_header(t, "Version"), "2.2") == 0,
	       "gzipped trace: 3 jobs, same values and headers");
	hs_swf_close(t);
	free(gz);
	free(p);

	TAP_STREQ(hs_swf_field_name(HS_SWF_RUN), "run time", "field name of 4");
	TAP_OK(hs_swf_field_name(HS_SWF_NFIELDS) == NULL && hs_swf_field_name(-1) == NULL,
	       "field name out of range: NULL");
}

/* Read text to the first error; *msg gets stderr. */
static int read_bad(const char *text, int *njobs, const char **msg, char **path)
{
	*path = write_file("bad.swf", text);
	struct hs_swf *t = hs_swf_open(*path);
	struct hs_swf_job j;
	int rc;
	*njobs = 0;
	fx_cap_begin();
	while ((rc = hs_swf_next(t, &j)) == 1)
		(*njobs)++;
	*msg = fx_cap_end();
	if (rc < 0 && hs_swf_next(t, &j) != -1)
		rc = -99; /* must stay failed */
	hs_swf_close(t);
	return rc;
}

static void expect_error(const char *text, int jobs_before, int line, const char *what)
{
	int n;
	const char *msg;
	char *p;
	int rc = read_bad(text, &n, &msg, &p);
	char *want = hs_asprintf("test_swf: %s:%d: %s\n", p, line, what);
	TAP_OK(rc == -1 && n == jobs_before && strcmp(msg, want) == 0, "error: %s", what);
	if (strcmp(msg, want) != 0)
		printf("#   got: %s#   want: %s", msg, want);
	free(want);
	free(p);
}

static void test_errors(void)
{
	const char *ok = "1 0 0 10 2 -1 -1 2 20 -1 1 1 1 -1 -1 1 -1 -1\n";
	char *s;
	s = hs_asprintf("; h\n%s1 0 0 10 2 -1 -1 2 20 -1 1 1 1 -1 -1 1 -1\n", ok);
	expect_error(s, 1, 3, "17 fields, an SWF job line has 18");
	free(s);
	s = hs_asprintf("%s%s", ok, "1 0 0 10 2 -1 -1 2 20 -1 1 1 1 -1 -1 1 -1 -1 7\n");
	expect_error(s, 1, 2, "19 fields, an SWF job line has 18");
	free(s);
	expect_error("1 0 0 abc 2 -1 -1 2 20 -1 1 1 1 -1 -1 1 -1 -1\n", 0, 1,
		     "field 4 (run time): 'abc' is not a number");
	expect_error("1 0 0 10 2 -1 -1 2 20 -1 1 1 1 -1 -1 1 -1 nan\n", 0, 1,
		     "field 18 (think time): 'nan' is not a number");
	expect_error("1 0 0 10 2 -1 -1 2 1e999 -1 1 1 1 -1 -1 1 -1 -1\n", 0, 1,
		     "field 9 (requested time): '1e999' is not a number");
	/* A long word is cut in the message; a long number is a number. */
	expect_error("1 0 0 10 2 -1 -1 2 20 -1 1 1 1 -1 -1 1 -1 "
		     "-1000000000000000000000000000000000000000000000000000000000000000000000x\n",
		     0, 1,
		     "field 18 (think time): '-100000000000000000000000000000000000000' is not a "
		     "number");
	int n;
	const char *msg0;
	char *p0;
	TAP_OK(read_bad("1 0 0 10 2 -1 -1 2 20 -1 1 1 1 -1 -1 1 -1 "
			"-1000000000000000000000000000000000000000000000000000000000000000000000\n",
			&n, &msg0, &p0) == 0 && n == 1 && !*msg0,
	       "a 71-digit number reads");
	free(p0);
	expect_error("1,0 0 10 2 -1 -1 2 20 -1 1 1 1 -1 -1 1 -1 -1 0\n", 0, 1,
		     "field 1 (job number): '1,0' is not a number");

	/* A file that does not exist: NULL, reported by the input layer. */
	char *p = hs_asprintf("%s/nosuch.swf", tmpdir);
	fx_cap_begin();
	struct hs_swf *t = hs_swf_open(p);
	const char *msg = fx_cap_end();
	char *want = hs_asprintf("test_swf: %s: No such file or directory\n", p);
	TAP_OK(t == NULL && strcmp(msg, want) == 0, "missing file: NULL and the system's message");
	free(want);
	free(p);

	/* A trace of headers only has no jobs: an error, not an empty workload. */
	p = write_file("empty.swf", "; Version: 2.2\n;\n");
	t = hs_swf_open(p);
	struct hs_swf_job j;
	fx_cap_begin();
	int rc = t ? hs_swf_next(t, &j) : 0;
	msg = fx_cap_end();
	want = hs_asprintf("test_swf: %s: no jobs (an SWF trace has a line of 18 numbers per job, "
			   "after the ';' comments)\n", p);
	TAP_OK(rc == -1 && hs_swf_header(t, "version") && strcmp(msg, want) == 0,
	       "headers only: no jobs, an error; headers read");
	free(want);
	hs_swf_close(t);
	free(p);
	/* The job number exactly, beyond a double's 2^53. */
	p = write_file("id.swf", "9007199254740993 0 0 10 2 -1 -1 2 20 -1 1 1 1 -1 -1 1 -1 -1\n");
	t = hs_swf_open(p);
	TAP_OK(t && hs_swf_next(t, &j) == 1 && j.id == 9007199254740993LL,
	       "job number 2^53 + 1 kept exactly");
	hs_swf_close(t);
	free(p);
}

/* Headers stay within HS_SWF_MAX_HEADERS keys, the first of each key, values
 * cut: a trace of many comment lines costs no more than one of a few. */
static void test_header_bounds(void)
{
	char *p = hs_asprintf("%s/many.swf", tmpdir);
	FILE *f = fopen(p, "w");
	fprintf(f, "; Partition: 1 first\n; Partition: 2 second\n; partition: 3 third\n");
	fprintf(f, "; Long: ");
	for (int i = 0; i < 1000; i++)
		fputc('x', f);
	fputc('\n', f);
	for (int i = 0; i < 200000; i++)
		fprintf(f, "; Key%d: value %d\n;   free text line %d\n", i, i, i);
	fprintf(f, "1 0 0 10 2 -1 -1 2 20 -1 1 1 1 -1 -1 1 -1 -1\n");
	fclose(f);
	struct hs_swf *t = hs_swf_open(p);
	struct hs_swf_job j;
	TAP_OK(t && hs_swf_next(t, &j) == 1 && j.f[HS_SWF_JOB] == 1, "the job after 400003 comments");
	int nh;
	const struct hs_swf_header *h = hs_swf_headers(t, &nh);
	TAP_OK(nh == HS_SWF_MAX_HEADERS, "at most %d headers kept (%d)", HS_SWF_MAX_HEADERS, nh);
	TAP_STREQ(hs_swf_header(t, "partition"), "1 first", "a repeated key keeps its first value");
	TAP_OK(strlen(hs_swf_header(t, "Long")) == HS_SWF_HEADER_VALUE_MAX,
	       "a long value is cut to %d bytes", HS_SWF_HEADER_VALUE_MAX);
	TAP_STREQ(h[nh - 1].key, "Key61", "the 64th key kept is Key61");
	TAP_OK(hs_swf_header(t, "Key62") == NULL, "later keys are skipped");
	hs_swf_close(t);
	free(p);
}

/* tee, the -1 rule, the size rule and the status words. */
static void test_helpers(void)
{
	char *p = write_file("h.swf", "; MaxProcs: 8\n"
				      "1 0 0 10 4 -1 -1 2 20 -1 1 1 1 -1 -1 1 -1 -1\n"
				      "\n"
				      "2 5 0 10 -1 -1 -1 2 20 -1 5 1 1 -1 -1 1 -1 -1\n"
				      "3 -50 0 10 0 -1 -1 0 20 -1 0 1 1 -1 -1 1 -1 -1\n"
				      "4 7 0 10 1.5 -1 -1 2 -2 -1 1 1 1 -1 -1 1 -1 -1\n");
	struct hs_swf *t = hs_swf_open(p);
	char *copy = hs_asprintf("%s/copy.swf", tmpdir);
	FILE *f = fopen(copy, "w");
	hs_swf_tee(t, f);
	struct hs_swf_job j[4];
	int n = 0;
	while (n < 4 && hs_swf_next(t, &j[n]) == 1)
		n++;
	fclose(f);
	TAP_OK(n == 4, "4 jobs");
	char *cmd = hs_asprintf("cmp -s '%s' '%s'", p, copy);
	TAP_OK(system(cmd) == 0, "the tee copy is the trace, comments and blank lines too");
	free(cmd);
	const unsigned used = HS_SWF_BIT(HS_SWF_SUBMIT) | HS_SWF_BIT(HS_SWF_REQ_TIME);
	fx_cap_begin();
	int ok0 = hs_swf_check(t, &j[0], used) == 0 && hs_swf_check(t, &j[1], used) == 0;
	int bad2 = hs_swf_check(t, &j[2], used);
	const char *msg = fx_cap_end();
	char *want = hs_asprintf("test_swf: %s:5: job 3: submit time -50 is negative (the SWF's only "
				 "negative value is -1, unknown)\n", p);
	TAP_OK(ok0 && bad2 == -1 && strcmp(msg, want) == 0, "-50 named, -1 passes");
	free(want);
	fx_cap_begin();
	int bad3 = hs_swf_check(t, &j[3], used);
	msg = fx_cap_end();
	want = hs_asprintf("test_swf: %s:6: job 4: requested time -2 is negative (the SWF's only "
			   "negative value is -1, unknown)\n", p);
	TAP_OK(bad3 == -1 && strcmp(msg, want) == 0, "requested time -2 named");
	free(want);
	TAP_OK(hs_swf_check(t, &j[3], HS_SWF_BIT(HS_SWF_SUBMIT)) == 0,
	       "fields outside the mask are not checked");
	int other;
	TAP_OK(hs_swf_size(t, &j[0], HS_SWF_PROCS, &other) == 4 && !other, "alloc: 4");
	TAP_OK(hs_swf_size(t, &j[0], HS_SWF_REQ_PROCS, &other) == 2 && !other, "req: 2");
	TAP_OK(hs_swf_size(t, &j[1], HS_SWF_PROCS, &other) == 2 && other,
	       "alloc unknown: the requested 2, said so");
	TAP_OK(hs_swf_size(t, &j[2], HS_SWF_PROCS, &other) == 0 && !other, "both 0: 0");
	fx_cap_begin();
	double s3 = hs_swf_size(t, &j[3], HS_SWF_PROCS, &other);
	msg = fx_cap_end();
	want = hs_asprintf("test_swf: %s:6: job 4: allocated processors 1.5 is not a whole number\n",
			   p);
	TAP_OK(s3 == -1 && strcmp(msg, want) == 0, "1.5 processors: an error");
	free(want);
	hs_swf_close(t);
	TAP_OK(hs_swf_status_parse("completed") == 1 && hs_swf_status_parse("cancelled") == 5 &&
		       hs_swf_status_parse("failed") == 0 && hs_swf_status_parse("unknown") == -1 &&
		       hs_swf_status_parse("partial-failed") == 4 && hs_swf_status_parse("3") == 3 &&
		       hs_swf_status_parse("6") == -2 && hs_swf_status_parse("done") == -2,
	       "status words and numbers");
	TAP_STREQ(hs_swf_status_name(5), "cancelled", "status 5 is cancelled");
	TAP_OK(hs_swf_status_name(6) == NULL, "status 6 has no name");
	free(copy);
	free(p);
}

int main(void)
{
	if (!mkdtemp(tmpdir)) {
		perror("mkdtemp");
		return 1;
	}
	hs_set_progname("test_swf");
	test_values();
	test_errors();
	test_header_bounds();
	test_helpers();
	char *cmd = hs_asprintf("rm -rf '%s'", tmpdir);
	if (system(cmd) != 0)
		perror("rm");
	free(cmd);
	return tap_done();
}
