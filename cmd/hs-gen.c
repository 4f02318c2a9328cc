/* hs-gen - write an instance (platform and tasks) as an hs stream.
 *
 *   hs-gen [-o FILE] GENERATOR [OPTION]...
 *
 * Each generator is a struct hs_generator in lib/gen/NAME.c; adding one is
 * one line in GENERATORS below.  hs-gen owns what all generators share:
 * the header, -o FILE (accepted before or after the generator name, written
 * atomically by lib/gen/output.c) and the generator list. */
#include "hs/gen.h"
#include "hs/util.h"

#include <stdlib.h>
#include <string.h>

/* One X(name) per generator: the struct hs_generator hs_gen_NAME. */
#define GENERATORS(X) \
	X(sleep)      \
	X(platform)   \
	X(amdahl)     \
	X(table)      \
	X(moldable)   \
	X(accel)      \
	X(ptask)      \
	X(swf)        \
	X(batsim)

#define DECLARE(name) extern const struct hs_generator hs_gen_##name;
GENERATORS(DECLARE)
#define ENTRY(name) &hs_gen_##name,
static const struct hs_generator *const generators[] = {GENERATORS(ENTRY) NULL};

static const struct hs_cli_opt opts[] = {
	{'o', "output", "FILE", "write to FILE (atomically) instead of stdout"},
	{'l', "list", NULL, "list the generators"},
	{0, NULL, NULL, NULL},
};

static void complete_generators(void)
{
	for (int i = 0; generators[i]; i++)
		printf("%s\n", generators[i]->name);
}

static const struct hs_cli cli = {
	"hs-gen",
	"[-o FILE] GENERATOR [OPTION]...",
	"Write an instance (platform and tasks) as an hs stream; 'hs-gen GENERATOR --help' for "
	"its options.",
	opts,
	complete_generators,
};

static void list(FILE *f, const char *indent)
{
	int width = 0;
	for (int i = 0; generators[i]; i++)
		if ((int)strlen(generators[i]->name) > width)
			width = (int)strlen(generators[i]->name);
	for (int i = 0; generators[i]; i++)
		fprintf(f, "%s%-*s  %s\n", indent, width, generators[i]->name, generators[i]->summary);
}

static void epilog(FILE *f)
{
	fprintf(f, "\ngenerators:\n");
	list(f, "  ");
}

/* Index of the generator name: the first word that is neither an option of
 * hs-gen's own table nor the argument of one. */
static int find_generator_word(int argc, char **argv)
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

/* Take -o FILE / --output FILE / --output=FILE / -oFILE out of the
 * generator's words (up to "--"), so generators never see them. */
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

int main(int argc, char **argv)
{
	hs_set_progname(argv[0]);
	hs_cli_set_epilog(&cli, epilog);
	int sub = find_generator_word(argc, argv);
	const char *output = NULL, *arg;
	int c, ind, do_list = 0;
	while ((c = hs_cli_next(&cli, sub, argv, &arg, &ind)) != -1) {
		if (c == 'o')
			output = arg;
		else if (c == 'l')
			do_list = 1;
	}
	if (do_list) {
		list(stdout, "");
		return fflush(stdout) == 0 ? HS_EXIT_OK : HS_EXIT_FAIL;
	}
	if (sub >= argc)
		hs_cli_usage_error(&cli, "missing generator (hs-gen -l lists them)");
	const struct hs_generator *gen = NULL;
	for (int i = 0; generators[i]; i++)
		if (strcmp(generators[i]->name, argv[sub]) == 0)
			gen = generators[i];
	if (!gen)
		hs_cli_usage_error(&cli, "unknown generator '%s' (hs-gen -l lists them)", argv[sub]);

	int gargc = argc - sub;
	char **gargv = hs_calloc((size_t)gargc + 1, sizeof *gargv);
	memcpy(gargv, argv + sub, (size_t)gargc * sizeof *gargv);
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
