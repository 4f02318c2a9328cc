/* hs-gen - write an instance (platform and tasks) as an hs stream.
 *
 *   hs-gen [-o FILE] GENERATOR [OPTION]...
 *
 * Each generator is a struct hs_generator in lib/gen/NAME.c; adding one is
 * one line in GENERATORS below.  hs-gen owns what all generators share:
 * the header, -o FILE (accepted before or after the generator name: taken
 * out of the generator's words by lib/gen/tool.c, written atomically by
 * lib/gen/output.c) and the generator list. */
#include "gen/tool.h"
#include "hs/gen.h"
#include "hs/util.h"

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
	X(cholesky)   \
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

static void epilog(FILE *f)
{
	fprintf(f, "\ngenerators:\n");
	hs_gen_list(f, "  ", generators);
	/* Only kill -9 leaves a temporary behind (hs-format(5), OUTPUT FILES). */
	fprintf(f, "\n-o FILE is written as .FILE.hs-tmp.PID.XXXXXX beside it, then renamed; one left\n"
		   "by a killed hs tool can be removed: find DIR -name '.*.hs-tmp.*' -delete\n");
}

int main(int argc, char **argv)
{
	hs_set_progname(argv[0]);
	hs_cli_set_epilog(&cli, epilog);
	int sub = hs_gen_word(argc, argv, opts);
	const char *output = NULL, *arg;
	int c, ind, do_list = 0;
	while ((c = hs_cli_next(&cli, sub, argv, &arg, &ind)) != -1) {
		if (c == 'o')
			output = arg;
		else if (c == 'l')
			do_list = 1;
	}
	if (do_list) {
		hs_gen_list(stdout, "", generators);
		return hs_stdout_status();
	}
	if (sub >= argc)
		hs_cli_usage_error(&cli, "missing generator (hs-gen -l lists them)");
	const struct hs_generator *gen = NULL;
	for (int i = 0; generators[i]; i++)
		if (strcmp(generators[i]->name, argv[sub]) == 0)
			gen = generators[i];
	if (!gen)
		hs_cli_usage_error(&cli, "unknown generator '%s' (hs-gen -l lists them)", argv[sub]);

	return hs_gen_run(gen, argc - sub, argv + sub, output);
}
