/* hs/loader.h - the host side of the plugin ABI (hs/plugin.h): finding and
 * checking scheduling plugins, option values and the planning context.
 *
 * Used by the tools (hs-plan, later hs-sim); plugins never include it.
 *
 * Search order for an algorithm given by name (see hs-plugin(7)): every *.so
 * (sorted by file name) in each directory of $HS_PLUGIN_PATH (colon
 * separated), then <directory of the running tool>/../build/plugins (the build
 * tree), then HS_PLUGINDIR (the install directory).  The first plugin that
 * provides the name wins.  Each is tried in a child process until one does
 * (a plugin that crashes or exits while it loads is skipped with a
 * warning); only that one is loaded into the tool.
 */
#ifndef HS_LOADER_H
#define HS_LOADER_H

#include <stdio.h>
#include "hs/plugin.h"

/* ---------------- plugins ---------------- */

/* A plugin loaded and initialised.  desc and algos are zeroed host structs
 * into which the plugin's descriptors were copied, each within its declared
 * struct_size, so fields a plugin does not know read as zero/NULL. */
struct hs_loaded {
	char *path;             /* as given to hs_plugin_load */
	void *dl;               /* dlopen handle */
	struct hs_plugin desc;
	struct hs_algo *algos;
	struct hs_online_ops *online; /* per algorithm; algos[k].online points here */
	int nalgos;
};

/* Open PATH, check it (symbol, type, ABI, descriptors) and call its init;
 * opening (its constructors) and init are guarded (hs/guard.h).
 * Returns 0, or -1 with *why set to a malloc'd reason that starts with the
 * path ("PATH: plugin ABI 2, this hs supports ABI 1"); nothing is printed and
 * nothing stays loaded. */
int hs_plugin_load(struct hs_loaded *pl, const char *path, char **why);
/* Call fini and unload; pl's strings from the plugin become invalid. */
void hs_plugin_unload(struct hs_loaded *pl);
/* The algorithm called name in pl, or NULL. */
const struct hs_algo *hs_plugin_algo(const struct hs_loaded *pl, const char *name);

/* Kinds of algorithms: offline planners (hs-plan), online algorithms
 * (hs-sim). */
enum { HS_ALGO_OFFLINE = 1, HS_ALGO_ONLINE = 2 };

/* Resolve an -a argument: a name searched for on the plugin path, or a file
 * ("./x.so", "dir/x.so:name", any spec with '/' before ':' or ending in
 * ".so"; a file's only algorithm of the kinds needs no name).  A name of
 * the kinds (HS_ALGO_OFFLINE, HS_ALGO_ONLINE below) is preferred, else
 * one of another kind is returned for the tool to say where it belongs.
 * Prints one message ("PROG: unknown algorithm 'x' ...") and returns -1
 * when it cannot; on success pl holds the plugin and *algo points into
 * it. */
int hs_algo_resolve(const char *spec, int kinds, struct hs_loaded *pl, const struct hs_algo **algo);

/* Whether algo may plan in (for hs-plan, and any host that runs a
 * planner): an instance whose tasks have deps= needs an algorithm with
 * HS_ALGO_DEPS.  Otherwise prints "PROG: ALGO: does not handle task
 * dependencies ..." naming a task with deps and the algorithms on the
 * search path that do, and returns -1. */
int hs_algo_check_instance(const struct hs_algo *algo, const struct hs_instance *in);

/* "NAME  SUMMARY  (family, file)" for every algorithm of the kinds on the
 * search path, in search order; names shadowed by an earlier plugin are
 * left out unless verbose.  Broken plugins are noted on stderr.  Returns
 * the count listed. */
int hs_algo_list(FILE *f, int verbose, int kinds);
/* Just the names, one a line (for bash completion); never prints errors. */
void hs_algo_list_names(FILE *f, int kinds);
/* The words of --complete-words for a tool's -a and -o: the algorithm
 * names of the kinds, and when spec (the -a given so far, or NULL) names
 * one, its option words (hs_options_complete_words). */
void hs_algo_complete_words(FILE *f, const char *spec, int kinds);

/* The directories searched, in order (malloc'd array of malloc'd strings,
 * NULL-terminated; free with hs_plugin_dirs_free).  Missing ones included. */
char **hs_plugin_dirs(void);
void hs_plugin_dirs_free(char **dirs);

/* ---------------- option values ---------------- */

/* Values for the options of one algorithm, starting from the table's
 * defaults.  A bad table (unknown type, default of the wrong type, missing
 * choices) is a plugin bug: reported, exit 1. */
struct hs_optvals *hs_optvals_new(const char *algo, const struct hs_option *table);
void hs_optvals_free(struct hs_optvals *o);
/* Apply "k=v", "k" (a bool set to 1) or several joined with commas
 * ("a=1,b=2"; a comma starts a new option only when followed by NAME= or by
 * the name of an option, so string values may contain commas).  Checks names,
 * types and choices; prints "PROG: ALGO: unknown option 'x' (options: ...)"
 * or "PROG: ALGO: option x: 'v' is not a number" and returns -1. */
int hs_optvals_set(struct hs_optvals *o, const char *spec);
/* Every option's current value as "k=v,k=v" in table order (malloc'd; "" when
 * the algorithm has no options). */
char *hs_optvals_text(const struct hs_optvals *o);
/* The option table as text for "-o help": name, type, default, help. */
void hs_options_print(FILE *f, const struct hs_algo *a, const char *family);
/* The words bash completion offers for -o, one a line: "name=" for every
 * option, "name=value" for each value of a choice (and true/false of a
 * bool, which may also be given alone as "name"). */
void hs_options_complete_words(FILE *f, const struct hs_algo *a);

/* ---------------- planning context ---------------- */

/* algo: name used as message prefix; input: the stream's name ("stdin"). */
struct hs_ctx *hs_ctx_new(const char *algo, const char *input, int verbose);
void hs_ctx_free(struct hs_ctx *c);
/* Number of hs_ctx_error / hs_ctx_task_error calls so far. */
int hs_ctx_nerrors(const struct hs_ctx *c);
/* Clear a progress line left on the terminal. */
void hs_ctx_progress_end(struct hs_ctx *c);
/* Append the plugin's hs_ctx_prov entries to r, in the order first given. */
void hs_ctx_prov_apply(const struct hs_ctx *c, struct hs_record *r);

#endif
