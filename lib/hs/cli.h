/* hs/cli.h - command-line options shared by every tool.
 *
 * One table per tool (or per hs-gen subcommand) drives getopt_long, the
 * --help text and the words offered by bash completion, so the three never
 * disagree.  Every tool accepts --help, --version and the hidden
 * --complete-words (prints its option words and, where the tool has them,
 * subcommand/algorithm names, for completions/hs.bash).
 */
#ifndef HS_CLI_H
#define HS_CLI_H

#include "hs/util.h"

struct hs_cli_opt {
	int short_name;      /* 'a', or 0 for long-only */
	const char *long_name; /* "algorithm" */
	const char *arg;     /* argument name for help ("NAME"), NULL: no argument */
	const char *help;    /* one line */
};
/* Tables end with an entry whose long_name is NULL. */

struct hs_cli {
	const char *name;     /* "hs-plan" or "hs-gen sleep" */
	const char *synopsis; /* "[-a ALGO] [-o KEY=VAL]... [FILE]" (mirrors the man page) */
	const char *summary;  /* one line */
	const struct hs_cli_opt *opts;
	/* Extra words for completion (subcommands, algorithm names): called for
	 * --complete-words; may be NULL. */
	void (*complete_words)(void);
};

/* Iterate over options like getopt_long.  Returns the option's short name,
 * or for long-only options 256 + its index in the table; -1 at the end.
 * Handles --help (prints help, exits 0), --version (exits 0),
 * --complete-words (exits 0) and reports unknown options / missing arguments
 * as "PROG: ..." followed by the usage line, exit 2.
 * *optarg_out receives the argument.  Non-option arguments are left in
 * argv[*optind_out..argc). */
int hs_cli_next(const struct hs_cli *cli, int argc, char **argv, const char **optarg_out,
		int *optind_out);
void hs_cli_help(const struct hs_cli *cli, FILE *f);
HS_NORETURN void hs_cli_usage_error(const struct hs_cli *cli, const char *fmt, ...) HS_PRINTF(2, 3);
/* arg's index among the n words, or a usage error "option OPT: 'ARG' must
 * be a, b or c" of cli (exit 2). */
int hs_cli_choice(const struct hs_cli *cli, const char *opt, const char *arg,
		  const char *const *words, int n);

/* Checked option arguments: die with exit 2 naming the option. */
double hs_cli_double(const char *opt, const char *arg, double min, double max);
long hs_cli_long(const char *opt, const char *arg, long min, long max);

/* Added by hs-gen: text printed at the end of hs_cli_help(cli) (hs-gen's list
 * of generators).  One epilog at a time; set it before hs_cli_next(). */
void hs_cli_set_epilog(const struct hs_cli *cli, void (*epilog)(FILE *f));

#endif
