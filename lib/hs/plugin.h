/* hs/plugin.h - the hs scheduling plugin ABI (see hs-plugin(7)).
 *
 * A plugin is a shared object that exports one symbol, HS_PLUGIN_SYMBOL, a
 * `const struct hs_plugin` describing one family of algorithms.  The loader
 * (hs-plan, hs-sim) checks type and ABI version before using anything
 * else, calls init() once, and unloads the plugin when init fails.
 *
 * Compatibility rules (they keep old plugins working):
 *   - structs only grow at the end; each carries its size so the host can
 *     tell which fields a plugin knows (fields beyond struct_size are treated
 *     as zero);
 *   - HS_PLUGIN_ABI changes only when an existing field changes meaning,
 *     which should never happen.
 * Plugins call libhs functions (hs/model.h, hs/format.h, hs/util.h); the host
 * tool exports them, so a plugin links against nothing.
 */
#ifndef HS_PLUGIN_H
#define HS_PLUGIN_H

#include <stdint.h>
#include "hs/util.h"
#include "hs/format.h"
#include "hs/model.h"
#include "hs/online.h"

#define HS_PLUGIN_ABI 1
#define HS_PLUGIN_TYPE "hs-sched"
#define HS_PLUGIN_SYMBOL "hs_plugin"

/* ---- options ---- */

enum hs_opt_type {
	HS_OPT_BOOL,   /* "0/1/yes/no/true/false"; "-o name" alone means 1 */
	HS_OPT_INT,
	HS_OPT_DOUBLE,
	HS_OPT_STRING,
	HS_OPT_CHOICE, /* one of the '|'-separated words in choices */
};

struct hs_option {
	const char *name;
	enum hs_opt_type type;
	const char *def;      /* default value as text (never NULL for a real option) */
	const char *help;     /* one line */
	const char *choices;  /* HS_OPT_CHOICE: "lpt|spt|ratio"; else NULL */
};
/* Option tables end with an entry whose name is NULL. */

/* Parsed option values, already checked against the table by the host. */
struct hs_optvals;
int hs_opt_bool(const struct hs_optvals *o, const char *name);
long hs_opt_int(const struct hs_optvals *o, const char *name);
double hs_opt_double(const struct hs_optvals *o, const char *name);
const char *hs_opt_str(const struct hs_optvals *o, const char *name);

/* ---- the context an algorithm runs in ---- */

struct hs_ctx;
/* Report why planning failed: printed as "hs-plan: ALGO: message". */
void hs_ctx_error(struct hs_ctx *c, const char *fmt, ...) HS_PRINTF(2, 3);
/* Same, naming the task's input line: "hs-plan: stdin:12: task t3: message". */
void hs_ctx_task_error(struct hs_ctx *c, const struct hs_task *t, const char *fmt, ...)
	HS_PRINTF(3, 4);
/* Add key=value to this run's provenance record ("prov plan ..."). */
void hs_ctx_prov(struct hs_ctx *c, const char *key, const char *fmt, ...) HS_PRINTF(3, 4);
/* Progress for long work: done out of total (shown on a terminal). */
void hs_ctx_progress(struct hs_ctx *c, double done, double total);
int hs_ctx_verbose(const struct hs_ctx *c);

/* ---- algorithms ---- */

/* Offline planning: fill out (already initialised with in->ntasks slots) with
 * a placement for every task.  after lists may be left empty: the host calls
 * hs_schedule_compute_after() when a plugin leaves all of them empty.
 * Return 0, or -1 after hs_ctx_error() (hs-plan exits 2). */
typedef int (*hs_plan_fn)(const struct hs_instance *in, const struct hs_optvals *opts,
			  struct hs_schedule *out, struct hs_ctx *ctx);

/* Online (event-driven) algorithms, driven by hs-sim: struct hs_online_ops
 * and the host functions they call are in hs/online.h. */

struct hs_algo {
	uint32_t struct_size;     /* sizeof(struct hs_algo) the plugin was built with */
	const char *name;         /* "taskp-ef": lowercase, [a-z0-9-] */
	const char *summary;      /* one line for hs-plan -l */
	const struct hs_option *options; /* NULL or terminated by {NULL} */
	hs_plan_fn plan;          /* offline entry point, or NULL */
	const struct hs_online_ops *online; /* NULL: offline only (hs/online.h) */
	/* Preset option values "k=v,k=v" applied before the user's -o: lets one
	 * algorithm be offered under short names (heft-lpt-seq). NULL = none. */
	const char *presets;
	/* appended: HS_ALGO_* below (0: none) */
	uint32_t flags;
};

/* hs_algo.flags */
enum {
	/* The algorithm honours task graphs (hs-format(5) deps=): no task
	 * starts before its deps end.  The host refuses an instance with deps
	 * for an algorithm without this flag (hs_algo_check_instance), so an
	 * algorithm that does not know about task graphs never sees one. */
	HS_ALGO_DEPS = 1u << 0,
};

struct hs_plugin {
	uint32_t abi;             /* HS_PLUGIN_ABI */
	uint32_t struct_size;     /* sizeof(struct hs_plugin) */
	const char *type;         /* HS_PLUGIN_TYPE */
	const char *name;         /* family name, e.g. "listsched" */
	const char *version;      /* plugin's own version */
	const char *summary;
	int (*init)(void);        /* NULL or 0 on success */
	void (*fini)(void);       /* NULL or called before unloading */
	const struct hs_algo *const *algos; /* NULL-terminated */
};

/* Declare the plugin's descriptor: HS_PLUGIN_DEFINE(listsched, "1.0", "summary",
 * init, fini, algos) */
#define HS_PLUGIN_DEFINE(fam, ver, sum, initfn, finifn, list)                         \
	const struct hs_plugin hs_plugin = {                                            \
		HS_PLUGIN_ABI, sizeof(struct hs_plugin), HS_PLUGIN_TYPE, #fam, ver, sum, \
		initfn, finifn, list,                                                   \
	}

#endif
