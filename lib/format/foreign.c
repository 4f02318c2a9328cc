/* format/foreign.c - what a file that is no hs stream looks like (hs/foreign.h).
 *
 * Only the first lines are looked at, and only when the stream has no
 * header anyway: SWF traces (';' comments, or 18 numeric fields), SimGrid
 * platform files (XML naming a platform), Batsim workloads (JSON with jobs
 * and profiles) and Batsim's jobs.csv.  Each kind names the hs command
 * that reads it; a kind no command reads says so. */
#include <stdlib.h>
#include <string.h>

#include "hs/foreign.h"
#include "hs/util.h"

#define LOOK_LINES 24

struct kind {
	const char *what;   /* "an SWF trace" */
	const char *reader; /* "hs-gen ptask --swf %s makes an hs stream of its jobs" (%s: the name) */
};

static const struct kind SWF = {
	"an SWF trace (Standard Workload Format)",
	"hs-gen ptask --swf %s makes an hs stream of its jobs",
};
static const struct kind SIMGRID = {
	"a SimGrid platform file",
	"hs-gen platform %s converts it; hs-sim --platform %s simulates a plan on it",
};
static const struct kind BATSIM_JSON = {
	"a Batsim workload (JSON)",
	"no hs command reads Batsim workloads yet; hs-gen ptask --swf reads the SWF trace it came from",
};
static const struct kind BATSIM_CSV = {
	"Batsim's jobs.csv (as hs-report -f batsim-jobs writes)",
	"it is an output: read the hs stream it was made from",
};
static const struct kind XML = {
	"an XML file, but no SimGrid platform",
	"hs reads XML only as SimGrid platforms (hs-gen platform FILE)",
};

/* 18 numbers separated by blanks: an SWF job line. */
static int swf_job(const char *s, size_t len)
{
	int fields = 0;
	size_t i = 0;
	while (i < len) {
		while (i < len && (s[i] == ' ' || s[i] == '\t'))
			i++;
		if (i == len)
			break;
		size_t b = i;
		while (i < len && s[i] != ' ' && s[i] != '\t') {
			if (!strchr("0123456789.-+eE", s[i]))
				return 0;
			i++;
		}
		fields += i > b;
	}
	return fields == 18;
}

static int has(const char *s, size_t len, const char *word)
{
	return memmem(s, len, word, strlen(word)) != NULL;
}

static const struct kind *classify(const char *first, size_t flen, const char *text, size_t tlen)
{
	size_t i = 0;
	while (i < flen && (first[i] == ' ' || first[i] == '\t'))
		i++;
	const char *p = first + i;
	size_t n = flen - i;
	if (n > 0 && p[0] == ';')
		return &SWF;
	if (swf_job(p, n))
		return &SWF;
	if (n > 0 && p[0] == '<')
		return has(text, tlen, "<platform") || has(text, tlen, "DOCTYPE platform") ? &SIMGRID : &XML;
	if (n > 0 && (p[0] == '{' || p[0] == '['))
		return has(text, tlen, "\"jobs\"") || has(text, tlen, "\"profiles\"") ||
				       has(text, tlen, "\"nb_res\"")
			       ? &BATSIM_JSON
			       : NULL;
	if (n >= 20 && strncmp(p, "job_id,workload_name", 20) == 0)
		return &BATSIM_CSV;
	return NULL;
}

char *hs_foreign_hint(struct hs_input *in, const char *line, size_t len)
{
	/* The first line and the next few, as one text. */
	char *text = NULL;
	size_t tlen = 0;
	FILE *m = open_memstream(&text, &tlen);
	if (!m)
		hs_die(HS_EXIT_FAIL, "out of memory");
	fwrite(line, 1, len, m);
	fputc('\n', m);
	char *more;
	long ml;
	for (int k = 0; k < LOOK_LINES && (ml = hs_input_getline(in, &more)) >= 0; k++) {
		fwrite(more, 1, (size_t)ml, m);
		fputc('\n', m);
	}
	fclose(m);
	const struct kind *k = classify(line, len, text, tlen);
	free(text);
	if (!k)
		return NULL;
	const char *name = hs_input_name(in);
	if (!name || strcmp(name, "stdin") == 0)
		name = "FILE";
	char *reader = hs_asprintf(k->reader, name, name);
	char *hint = hs_asprintf("this looks like %s: %s", k->what, reader);
	free(reader);
	return hint;
}
