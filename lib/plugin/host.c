/* plugin/host.c - -a, -o and -l as hs-plan and hs-sim take them: the
 * algorithm and its option values (or its -o help), the algorithms found,
 * the provenance that names what ran (host.h). */
#include "plugin/host.h"
#include "hs/util.h"

#include <stdlib.h>
#include <string.h>

int hs_plugin_list(int kinds, int verbose, const char *what)
{
	int n = hs_algo_list(stdout, verbose, kinds);
	if (n == 0) {
		char **dirs = hs_plugin_dirs();
		hs_error("no %s found; plugins are searched for in:", what);
		for (int k = 0; dirs[k]; k++)
			fprintf(stderr, "  %s\n", dirs[k]);
		hs_plugin_dirs_free(dirs);
	}
	int st = hs_stdout_status();
	return st != HS_EXIT_OK || n == 0 ? HS_EXIT_FAIL : HS_EXIT_OK;
}

/* -o help among the words: the options are printed instead of a run. */
static int want_help(char *const *ov, int nov)
{
	for (int k = 0; k < nov; k++)
		if (strcmp(ov[k], "help") == 0)
			return 1;
	return 0;
}

/* *ovals is set before any word is applied, so that the caller holds it
 * whatever happens (LeakSanitizer).  Every bad word is reported. */
static int set_options(const struct hs_algo *algo, char *const *ov, int nov,
		       struct hs_optvals **ovals)
{
	*ovals = hs_optvals_new(algo->name, algo->options);
	if (algo->presets && *algo->presets && hs_optvals_set(*ovals, algo->presets) < 0)
		hs_die(HS_EXIT_FAIL, "%s: plugin bug: bad presets '%s'", algo->name, algo->presets);
	int bad = 0;
	for (int k = 0; k < nov; k++)
		bad |= hs_optvals_set(*ovals, ov[k]) < 0;
	return bad ? -1 : 0;
}

/* The order of the checks is each tool's own: hs-sim refuses a planner
 * before its -o help, hs-plan shows an online algorithm's options (they
 * are the same under either tool) and refuses it after its words. */
const struct hs_algo *hs_plugin_algo_opts(const char *spec, int kind, char *const *ov, int nov,
					  struct hs_loaded *pl, struct hs_optvals **ovals,
					  int *status)
{
	const struct hs_algo *algo;
	*status = HS_EXIT_USAGE;
	if (hs_algo_resolve(spec, kind, pl, &algo) < 0)
		return NULL;
	if (kind == HS_ALGO_ONLINE && !algo->online) {
		hs_error("%s: an offline planner, not an online algorithm: hs-plan -a %s | hs-sim",
			 algo->name, algo->name);
		return NULL;
	}
	if (want_help(ov, nov)) {
		hs_options_print(stdout, algo, pl->desc.name);
		*status = hs_stdout_status();
		hs_plugin_unload(pl);
		return NULL;
	}
	if (set_options(algo, ov, nov, ovals) < 0)
		return NULL;
	if (kind == HS_ALGO_OFFLINE && !algo->plan) {
		hs_error("%s: an online algorithm, run by the simulator: hs-sim -a %s", algo->name,
			 algo->name);
		return NULL;
	}
	*status = HS_EXIT_OK;
	return algo;
}

void hs_plugin_prov(struct hs_record *prov, const struct hs_loaded *pl, const struct hs_algo *algo,
		    const struct hs_optvals *ovals)
{
	char *otext = hs_optvals_text(ovals);
	hs_record_set(prov, "algo", algo->name);
	hs_record_set(prov, "plugin", pl->desc.name);
	hs_record_set(prov, "opts", otext);
	free(otext);
}
