/* fuzz_batsim - libFuzzer target for the strict JSON reader
 * (formats/json.c) and the Batsim workload reader on top of it
 * (formats/batsim.c), as hs-gen batsim uses them.
 *
 * Every input is parsed as JSON, its tree walked (lines, string lengths,
 * keys unique, arrays and objects consistent), then read as a workload,
 * whose jobs are checked against the rules the reader promises (res >= 1,
 * subtime >= 0, walltime -1 or > 0, amounts >= 0, a parallel job's vectors
 * as long as its res).  A broken promise aborts, which libFuzzer reports.
 * Built with the project's objects and clang's -fsanitize=fuzzer,address,
 * e.g. by hand:
 *   clang -g -O1 -fsanitize=fuzzer,address,undefined -Ilib -Iformats \
 *     tests/fuzz/fuzz_batsim.c formats/json.c formats/batsim.c lib/util/strmap.c \
 *     lib/util/util.c lib/format/input.c -larchive -lm -o fuzz_batsim
 *   ./fuzz_batsim -dict=tests/fuzz/batsim.dict $(cat tests/fuzz/batsim.options) \
 *     corpus/ tests/fuzz/batsim/
 * Seeds: tests/fuzz/batsim/ (Batsim workloads of every profile type, and
 * broken ones). */
#include "hs/batsim.h"
#include "hs/json.h"
#include "hs/util.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	hs_set_progname("fuzz");
	FILE *null = fopen("/dev/null", "w");
	if (null)
		hs_msg_redirect(null); /* every malformed input has its message */
	return 0;
}

static void walk(const struct hs_json *v, int depth)
{
	if (v->line < 1 || depth > HS_JSON_MAX_DEPTH)
		abort();
	switch (v->type) {
	case HS_JSON_NUMBER:
		if (!isfinite(v->u.num))
			abort();
		break;
	case HS_JSON_STRING:
		if (v->n < 0 || strlen(v->u.str) != (size_t)v->n)
			abort(); /* no NUL inside, length as said */
		break;
	case HS_JSON_OBJECT:
		for (int i = 0; i < v->n; i++) {
			if (hs_json_get(v, v->keys[i]) != &v->u.items[i])
				abort(); /* keys are unique: the first is the one */
			walk(&v->u.items[i], depth + 1);
		}
		break;
	case HS_JSON_ARRAY:
		for (int i = 0; i < v->n; i++) {
			if (v->u.items[i].line < v->line)
				abort();
			walk(&v->u.items[i], depth + 1);
		}
		break;
	default:
		break;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data;
	struct hs_json_doc *d = hs_json_parse("fuzz.json", text, size);
	if (d) {
		walk(hs_json_root(d), 1);
		hs_json_free(d);
	}
	struct hs_batsim *w = hs_batsim_parse("fuzz.json", text, size);
	if (!w)
		return 0;
	if (!d || w->nb_res < 1)
		abort(); /* a workload is valid JSON first */
	for (int i = 0; i < w->njobs; i++) {
		const struct hs_batsim_job *j = &w->jobs[i];
		if (!*j->id || strpbrk(j->id, " \t\n=\"'") || j->res < 1 || !(j->subtime >= 0) ||
		    !(j->walltime == -1 || j->walltime > 0) || j->line < 1)
			abort();
		double sum = 0;
		switch (j->kind) {
		case HS_BATSIM_DELAY: sum = j->delay; break;
		case HS_BATSIM_HOMOGENEOUS: sum = j->cpu1 + j->com1; break;
		case HS_BATSIM_PARALLEL:
			for (long k = 0; j->cpu && k < j->res; k++)
				sum += j->cpu[k];
			for (long k = 0; j->com && k < j->res * j->res; k++)
				sum += j->com[k];
			if (!j->cpu && !j->com)
				abort();
			break;
		}
		if (!(sum >= 0))
			abort();
	}
	hs_batsim_free(w);
	return 0;
}
