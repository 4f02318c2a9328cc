/* platformcmd.c - `hs-gen platform NAME|FILE`: a stream holding only a
 * platform (platform, cluster and node records; no provenance), to save as a
 * file, edit, and give back to other generators with --platform FILE.
 * The options of the parametric `homogeneous` platform are turned into its
 * "homogeneous:key=value,..." form, so that both spellings go through the
 * one parser in platform.c. */
#include "hs/gen.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Long-only options: 256 + their index in opts[] (hs_cli_next). */
enum { O_NODES = 256 + 1, O_CORES, O_SPEED, O_GPUS, O_CLUSTERS };

static const struct hs_cli_opt opts[] = {
	{'l', "list", NULL, "list the built-in platforms"},
	{0, "nodes", "N", "homogeneous: number of nodes (default 4)"},
	{0, "cores", "C", "homogeneous: cores per node (default 8)"},
	{0, "speed", "F", "homogeneous: performance factor of every node (default 1)"},
	{0, "gpus", "G", "homogeneous: GPUs per node (default 0)"},
	{0, "clusters", "K", "homogeneous: spread the nodes over K clusters (default 1)"},
	{0, NULL, NULL, NULL},
};

static void complete_platforms(void)
{
	const char *name;
	for (int i = 0; (name = hs_gen_platform_builtin(i, NULL)); i++)
		printf("%s\n", name);
}

static const struct hs_cli cli = {
	"hs-gen platform",
	"[-l] NAME|FILE [--nodes N] [--cores C] [--speed F] [--gpus G] [--clusters K]",
	"Write a platform only: a built-in one (hs-gen platform -l) or the platform records of a "
	"file.",
	opts,
	complete_platforms,
};

static void list(void)
{
	const char *name, *summary;
	int width = 0;
	for (int i = 0; (name = hs_gen_platform_builtin(i, &summary)); i++)
		if ((int)strlen(name) > width)
			width = (int)strlen(name);
	for (int i = 0; (name = hs_gen_platform_builtin(i, &summary)); i++)
		printf("%-*s  %s\n", width, name, summary);
}

static int run(int argc, char **argv, struct hs_stream *out)
{
	char *params = hs_strdup("");
	const char *arg;
	int c, ind, do_list = 0;
	while ((c = hs_cli_next(&cli, argc, argv, &arg, &ind)) != -1) {
		const char *key = NULL;
		char buf[HS_NUMBUF];
		switch (c) {
		case 'l': do_list = 1; continue;
		case O_NODES: key = "nodes"; hs_cli_long("--nodes", arg, 1, 100000); break;
		case O_CORES: key = "cores"; hs_cli_long("--cores", arg, 1, 1000000); break;
		case O_SPEED:
			key = "speed";
			hs_fmt_double(buf, hs_cli_double("--speed", arg, DBL_MIN, HUGE_VAL));
			arg = buf;
			break;
		case O_GPUS: key = "gpus"; hs_cli_long("--gpus", arg, 0, 1024); break;
		case O_CLUSTERS: key = "clusters"; hs_cli_long("--clusters", arg, 1, 100000); break;
		}
		char *more = hs_asprintf("%s%s%s=%s", params, *params ? "," : "", key, arg);
		free(params);
		params = more;
	}
	if (do_list) {
		free(params);
		list();
		exit(fflush(stdout) == 0 ? HS_EXIT_OK : HS_EXIT_FAIL);
	}
	if (ind >= argc)
		hs_cli_usage_error(&cli, "missing platform name (hs-gen platform -l lists them)");
	if (ind + 1 < argc)
		hs_cli_usage_error(&cli, "unexpected argument '%s'", argv[ind + 1]);
	const char *name = argv[ind];
	size_t nlen = strcspn(name, ":");
	char *spec;
	if (!*params)
		spec = hs_strdup(name);
	else if (nlen == strlen("homogeneous") && strncmp(name, "homogeneous", nlen) == 0)
		spec = hs_asprintf("%s%s%s", name, name[nlen] ? "," : ":", params);
	else
		hs_cli_usage_error(&cli,
				   "--nodes, --cores, --speed, --gpus and --clusters apply to "
				   "homogeneous only");
	free(params);
	int r = hs_gen_platform_append(out, spec);
	free(spec);
	if (r < 0)
		exit(HS_EXIT_USAGE);
	return 0;
}

const struct hs_generator hs_gen_platform = {
	"platform",
	"a platform alone: built-in (dietze, homogeneous, ...) or from a file",
	run,
};
