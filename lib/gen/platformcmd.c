/* platformcmd.c - `hs-gen platform NAME|FILE`: a stream holding only a
 * platform (platform, cluster, node, router, link and route records; no
 * provenance), to save as a file, edit, and give back to other generators
 * with --platform FILE.  A FILE may be a SimGrid platform (XML): its
 * records are the conversion.
 * The options of the parametric platforms are turned into their
 * "NAME:key=value,..." form, so that both spellings go through the one
 * parser of each platform (platform.c, dutot.c). */
#include "hs/gen.h"
#include "hs/simgrid.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* --master: after the keys[] options (256 + its index in opts[]). */
enum { O_MASTER = 256 + 19 };

/* Which parametric platforms an option applies to. */
enum { HOMOG = 1, DHOMO = 2, DHETERO = 4, DUTOT = DHOMO | DHETERO };

static const struct hs_cli_opt opts[] = {
	{'l', "list", NULL, "list the built-in platforms"},
	{0, "nodes", "N", "homogeneous: number of nodes (default 4)"},
	{0, "cores", "C", "homogeneous, dutot-*: cores per node (default 8; dutot 1)"},
	{0, "speed", "F", "homogeneous: performance factor of every node (default 1)"},
	{0, "gpus", "G", "homogeneous: GPUs per node (default 0)"},
	{0, "clusters", "K", "homogeneous, dutot-homo: number of clusters (default 1; dutot 8)"},
	{0, "hosts", "N", "dutot-*: hosts per cluster (default 16)"},
	{0, "flops", "F", "dutot-*: flop/s of a base host core (default 286.097e3)"},
	{0, "bw", "B", "dutot-*: host link bandwidth, bytes/s (1.25e8; literal 1.25e6; hetero 1.25e9)"},
	{0, "lat", "S", "dutot-*: host link latency, seconds (homo 24e-6; literal, hetero 24e-9)"},
	{0, "switch-bw", "B", "dutot-*: cluster switch bandwidth, bytes/s (default 1.25e9)"},
	{0, "switch-lat", "S", "dutot-*: cluster switch latency, seconds (default 0)"},
	{0, "backbone-bw", "B", "dutot-*: main switch bandwidth, bytes/s (default 1.25e9)"},
	{0, "backbone-lat", "S", "dutot-*: main switch latency, seconds (homo 24e-6; literal, hetero 24e-9)"},
	{0, "sharing", "POLICY", "dutot-*: host links shared, fatpipe or splitduplex (default)"},
	{0, "order", "ORDER", "dutot-hetero: o1, o2, o3, o4 or c1-c2-... (default o1)"},
	{0, "set", "SET", "dutot-hetero: high (Table 1 c1-c3, default) or low (c4-c6)"},
	{0, "cpu-busy", "W", "dutot-*: watts per busy core (default: none)"},
	{0, "cpu-idle", "W", "dutot-*: watts per idle core (default: none)"},
	{0, "master", "HOST|none", "SimGrid file: the host that runs no job (default: Batsim's "
				   "master_host, master_hostN, role=master|storage)"},
	{0, NULL, NULL, NULL},
};

/* Per option from --nodes on (opts[1..]): its key, the platforms it applies
 * to, and how its argument is checked (0 integer, 1 positive number, 2
 * number >= 0, 3 word). */
static const struct {
	const char *key;
	int where, kind;
	long max;
} keys[] = {
	{"nodes", HOMOG, 0, 100000},     {"cores", HOMOG | DUTOT, 0, 1000000},
	{"speed", HOMOG, 1, 0},          {"gpus", HOMOG, 0, 1024},
	{"clusters", HOMOG | DHOMO, 0, 100000},
	{"hosts", DUTOT, 0, 100000},     {"flops", DUTOT, 1, 0},
	{"bw", DUTOT, 1, 0},             {"lat", DUTOT, 2, 0},
	{"switch_bw", DUTOT, 1, 0},      {"switch_lat", DUTOT, 2, 0},
	{"backbone_bw", DUTOT, 1, 0},    {"backbone_lat", DUTOT, 2, 0},
	{"sharing", DUTOT, 3, 0},        {"order", DHETERO, 3, 0},
	{"set", DHETERO, 3, 0},          {"cpu_busy", DUTOT, 2, 0},
	{"cpu_idle", DUTOT, 2, 0},
};

static void complete_platforms(void)
{
	const char *name;
	for (int i = 0; (name = hs_gen_platform_builtin(i, NULL)); i++)
		printf("%s\n", name);
}

static const struct hs_cli cli = {
	"hs-gen platform",
	"[-l] NAME|FILE [--nodes N] [--cores C] [--speed F] [--gpus G] [--clusters K] [--hosts N] "
	"[--flops F] [--bw B] [--lat S] [--switch-bw B] [--switch-lat S] [--backbone-bw B] "
	"[--backbone-lat S] [--sharing POLICY] [--order ORDER] [--set SET] [--cpu-busy W] "
	"[--cpu-idle W] [--master HOST|none]",
	"Write a platform only: a built-in one (hs-gen platform -l), the platform records of a "
	"file, or a SimGrid platform file converted.",
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

/* The parametric platform NAME (up to ':') is, or 0. */
static int which(const char *name)
{
	size_t n = strcspn(name, ":");
	static const struct { const char *name; int bit; } p[] = {
		{"homogeneous", HOMOG}, {"dutot-homo", DHOMO}, {"dutot-homo-literal", DHOMO},
		{"dutot-hetero", DHETERO}};
	for (size_t i = 0; i < sizeof p / sizeof *p; i++)
		if (strlen(p[i].name) == n && strncmp(p[i].name, name, n) == 0)
			return p[i].bit;
	return 0;
}

static int run(int argc, char **argv, struct hs_stream *out)
{
	/* On the stack: the option checks may exit at any point. */
	char params[4096] = "";
	size_t plen = 0;
	const char *arg;
	int c, ind, do_list = 0;
	unsigned long given = 0; /* bit k: keys[k] was given */
	const char *master = NULL;
	while ((c = hs_cli_next(&cli, argc, argv, &arg, &ind)) != -1) {
		if (c == 'l') {
			do_list = 1;
			continue;
		}
		if (c == O_MASTER) {
			master = arg;
			continue;
		}
		int k = c - 256 - 1; /* index in keys[] */
		char buf[HS_NUMBUF], opt[40];
		snprintf(opt, sizeof opt, "--%s", opts[k + 1].long_name);
		switch (keys[k].kind) {
		case 0: hs_cli_long(opt, arg, keys[k].key[0] == 'g' ? 0 : 1, keys[k].max); break;
		case 1: arg = hs_fmt_double(buf, hs_cli_double(opt, arg, DBL_MIN, HUGE_VAL)); break;
		case 2: arg = hs_fmt_double(buf, hs_cli_double(opt, arg, 0, HUGE_VAL)); break;
		default:
			if (strpbrk(arg, ",:= "))
				hs_cli_usage_error(&cli, "option %s: '%s' cannot hold ',', ':', '=' or blanks",
						   opt, arg);
		}
		given |= 1ul << k;
		plen += snprintf(params + plen, sizeof params - plen, "%s%s=%s", plen ? "," : "",
				 keys[k].key, arg);
		if (plen >= sizeof params)
			hs_cli_usage_error(&cli, "option %s: arguments too long", opt);
	}
	if (do_list) {
		list();
		exit(hs_stdout_status());
	}
	if (ind >= argc)
		hs_cli_usage_error(&cli, "missing platform name (hs-gen platform -l lists them)");
	if (ind + 1 < argc)
		hs_cli_usage_error(&cli, "unexpected argument '%s'", argv[ind + 1]);
	const char *name = argv[ind];
	if (master) {
		int builtin = 0;
		const char *b;
		for (int i = 0; !strchr(name, '/') && (b = hs_gen_platform_builtin(i, NULL)); i++)
			builtin |= strncmp(name, b, strcspn(name, ":")) == 0 &&
				   strlen(b) == strcspn(name, ":");
		int xml = builtin ? 0 : hs_simgrid_is_file(name);
		if (xml < 0)
			exit(HS_EXIT_USAGE);
		if (!xml)
			hs_cli_usage_error(&cli, "--master applies to SimGrid platform files only");
		hs_gen_platform_master(master);
	}
	char *spec;
	if (!*params) {
		spec = hs_strdup(name);
	} else {
		int w = which(name);
		for (size_t k = 0; k < sizeof keys / sizeof *keys; k++) {
			if (!((given >> k) & 1) || (keys[k].where & w))
				continue;
			static const char *const names[] = {"homogeneous", "dutot-homo", "dutot-hetero"};
			char where[80] = "";
			int left = 0;
			for (int b = 0; b < 3; b++)
				left += (keys[k].where >> b) & 1;
			for (int b = 0; b < 3; b++)
				if (keys[k].where & (1 << b))
					snprintf(where + strlen(where), sizeof where - strlen(where), "%s%s",
						 !*where ? "" : --left == 1 ? " and " : ", ", names[b]);
			hs_cli_usage_error(&cli, "--%s applies to %s only", opts[k + 1].long_name, where);
		}
		size_t nlen = strcspn(name, ":");
		spec = hs_asprintf("%s%s%s", name, name[nlen] ? "," : ":", params);
	}
	int r = hs_gen_platform_append(out, spec);
	free(spec);
	if (r < 0)
		exit(HS_EXIT_USAGE);
	return 0;
}

const struct hs_generator hs_gen_platform = {
	"platform",
	"a platform alone: built-in (dietze, homogeneous, dutot-homo, ...), from a file, or SimGrid XML",
	run,
};
