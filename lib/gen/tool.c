/* gen/tool.c - hs-gen around its generators (tool.h): the generator's word
 * found among hs-gen's options, the list, and -o, which hs-gen owns for
 * every generator so that none of them sees it. */
#include "gen/tool.h"
#include "hs/util.h"

#include <stdlib.h>
#include <string.h>

int hs_gen_word(int argc, char *const *argv, const struct hs_cli_opt *opts)
{
	for (int i = 1; i < argc; i++) {
		const char *w = argv[i];
		if (strcmp(w, "--") == 0)
			return i + 1 < argc ? i + 1 : argc;
		if (w[0] != '-' || !w[1])
			return i;
		for (const struct hs_cli_opt *o = opts; o->long_name; o++) {
			if (!o->arg)
				continue;
			if ((w[1] == '-' && strcmp(w + 2, o->long_name) == 0) ||
			    (w[1] == o->short_name && !w[2]))
				i++; /* its argument is the next word */
		}
	}
	return argc;
}

void hs_gen_list(FILE *f, const char *indent, const struct hs_generator *const *gens)
{
	int width = 0;
	for (int i = 0; gens[i]; i++)
		if ((int)strlen(gens[i]->name) > width)
			width = (int)strlen(gens[i]->name);
	for (int i = 0; gens[i]; i++)
		fprintf(f, "%s%-*s  %s\n", indent, width, gens[i]->name, gens[i]->summary);
}

/* Take -o FILE / --output FILE / --output=FILE / -oFILE out of the
 * generator's words (up to "--"). */
static void take_output(int *argc, char **argv, const char **output)
{
	int j = 0, i = 0;
	for (; i < *argc; i++) {
		const char *w = argv[i];
		if (strcmp(w, "--") == 0)
			break;
		if ((strcmp(w, "-o") == 0 || strcmp(w, "--output") == 0) && i + 1 < *argc) {
			*output = argv[++i];
			continue;
		}
		if (strncmp(w, "--output=", 9) == 0) {
			*output = w + 9;
			continue;
		}
		if (strncmp(w, "-o", 2) == 0 && w[2]) {
			*output = w + 2;
			continue;
		}
		argv[j++] = argv[i];
	}
	for (; i < *argc; i++)
		argv[j++] = argv[i];
	argv[j] = NULL;
	*argc = j;
}

int hs_gen_run(const struct hs_generator *gen, int argc, char *const *argv, const char *output)
{
	int gargc = argc;
	char **gargv = hs_calloc((size_t)gargc + 1, sizeof *gargv);
	memcpy(gargv, argv, (size_t)gargc * sizeof *gargv);
	take_output(&gargc, gargv, &output);
	for (int i = 1; i < gargc && strcmp(gargv[i], "--") != 0; i++)
		if (strcmp(gargv[i], "--complete-words") == 0) {
			/* hs-gen's -o belongs to every generator's words too. */
			printf("-o FILE\n--output FILE\n");
			fflush(stdout);
		}

	struct hs_stream out;
	hs_stream_init(&out, output ? output : "stdout");
	hs_gen_output_to(output);
	int status = gen->run(gargc, gargv, &out) == 0 ? hs_gen_output_finish(&out) : HS_EXIT_USAGE;
	hs_stream_release(&out);
	free(gargv);
	return status;
}
