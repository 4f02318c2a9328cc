/* hs/gen.h - hs-gen's generators.  Each generator lives in its own file
 * lib/gen/NAME.c and is listed once in the table in cmd/hs-gen.c. */
#ifndef HS_GEN_H
#define HS_GEN_H

#include "hs/cli.h"
#include "hs/format.h"

struct hs_generator {
	const char *name;     /* subcommand: "sleep" */
	const char *summary;  /* one line for `hs-gen --help` */
	/* argv[0] is the subcommand name.  Append records (after the header) to
	 * out, including a "prov gen" record naming the generator, its parameters
	 * and seed.  Return 0, or exit 2 through hs_cli_usage_error / hs_die on bad
	 * arguments. */
	int (*run)(int argc, char **argv, struct hs_stream *out);
};

/* Shared helpers for generators. */
/* Append the records of a platform given by name (built-in: "dietze",
 * "homogeneous", ...) or by path (an hs stream; its platform records are
 * copied).  Returns 0, or -1 after reporting. */
int hs_gen_platform_append(struct hs_stream *out, const char *name_or_path);
/* Deterministic PRNG (xoshiro256**), seeded from --seed. */
struct hs_rng { unsigned long long s[4]; };
void hs_rng_seed(struct hs_rng *r, unsigned long long seed);
double hs_rng_uniform(struct hs_rng *r);            /* [0,1) */
double hs_rng_range(struct hs_rng *r, double lo, double hi);
double hs_rng_normal(struct hs_rng *r, double mu, double sigma);
long hs_rng_int(struct hs_rng *r, long lo, long hi); /* inclusive */
double hs_rng_gamma(struct hs_rng *r, double shape);     /* Gamma(shape, 1), shape > 0 */
double hs_rng_beta(struct hs_rng *r, double a, double b); /* Beta(a, b) in [0,1], a, b > 0 */

/* hs-gen platform --master: the host of a SimGrid file that runs no job
 * (NULL: Batsim's conventions; "none": every host is a compute node; see
 * hs/simgrid.h), for the files hs_gen_platform_append reads next. */
void hs_gen_platform_master(const char *master);

/* Added for hs-gen platform -l and completion: the i-th built-in platform's
 * name (and its one-line summary in *summary), or NULL past the end. */
const char *hs_gen_platform_builtin(int i, const char **summary);

/* Completion words for --platform: the built-in names and "none" (the
 * complete_words hook of generators that take --platform). */
void hs_gen_complete_platforms(void);

/* One KEY=VALUE of a built-in platform's NAME:KEY=VALUE,... spec: *klen is
 * the key's length in kv, *val its value.  Returns 0, or -1 after reporting
 * "platform 'SPEC': 'KV' is not KEY=VALUE". */
int hs_gen_param_split(const char *spec, const char *kv, size_t *klen, const char **val);

/* Output (lib/gen/output.c).  hs-gen names where the stream goes (path
 * NULL: stdout) before it runs the generator, and writes what is left at
 * the end with hs_gen_output_finish (an exit status: 0, or 1 after
 * reporting a write error; a file is written atomically).  A generator that
 * writes very many records calls hs_gen_flush(out) now and then: the
 * records so far are written and freed (0, or -1 after reporting a write
 * error).  Only records that need no later change may be flushed. */
void hs_gen_output_to(const char *path);
int hs_gen_flush(struct hs_stream *out);
int hs_gen_output_finish(struct hs_stream *out);

/* A new "prov gen" record with tool=hs-gen, version and gen=GEN set; the
 * generator adds its parameters and appends it. */
struct hs_record *hs_gen_prov_new(const char *gen);

#endif
