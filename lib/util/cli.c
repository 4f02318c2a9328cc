/* util/cli.c - option parsing, --help, --version and --complete-words for every
 * tool, driven by one table per tool (hs/cli.h).
 *
 * --complete-words prints one word per line for completions/hs.bash:
 *   "-a NAME" / "--algorithm NAME"  an option and the name of its argument;
 *   "--list"                        an option without argument;
 *   "<FILE>"                        an operand, named as in the synopsis;
 *   "taskp"                         a value word from the tool's own
 *                                   complete_words callback (algorithm,
 *                                   generator or platform names).
 * hs.bash decides from the argument names what to offer: FILE/DIR → file
 * names, NAME/GENERATOR/... → the value words, lowercase alternatives
 * ("text|tsv") → those words.  The table is the single source for all three.
 */
#include "hs/cli.h"

#include <ctype.h>
#include <errno.h>
#include <float.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* Values getopt_long returns for the options every tool has; far above
 * 256 + table index so they never collide. */
enum { OPT_HELP = 0x10000, OPT_VERSION, OPT_COMPLETE };

/* The iteration in progress: built on the first call for a table, dropped
 * when getopt reports the end. */
static const struct hs_cli *cur_cli;
static struct option *cur_long;
static char *cur_short;

static const struct hs_cli *epilog_cli;
static void (*epilog_fn)(FILE *f);

void hs_cli_set_epilog(const struct hs_cli *cli, void (*epilog)(FILE *f))
{
	epilog_cli = cli;
	epilog_fn = epilog;
}

static int nopts(const struct hs_cli *cli)
{
	int n = 0;
	while (cli->opts && cli->opts[n].long_name)
		n++;
	return n;
}

static void build(const struct hs_cli *cli)
{
	int n = nopts(cli);
	cur_long = hs_calloc(n + 4, sizeof *cur_long);
	/* ':' first: report missing arguments as ':' and print nothing ourselves. */
	cur_short = hs_malloc(2 + 2 * n + 1);
	char *s = cur_short;
	*s++ = ':';
	for (int i = 0; i < n; i++) {
		const struct hs_cli_opt *o = &cli->opts[i];
		cur_long[i].name = o->long_name;
		cur_long[i].has_arg = o->arg ? required_argument : no_argument;
		cur_long[i].flag = NULL;
		cur_long[i].val = o->short_name ? o->short_name : 256 + i;
		if (o->short_name) {
			*s++ = (char)o->short_name;
			if (o->arg)
				*s++ = ':';
		}
	}
	*s = '\0';
	cur_long[n] = (struct option){"help", no_argument, NULL, OPT_HELP};
	cur_long[n + 1] = (struct option){"version", no_argument, NULL, OPT_VERSION};
	cur_long[n + 2] = (struct option){"complete-words", no_argument, NULL, OPT_COMPLETE};
	cur_long[n + 3] = (struct option){NULL, 0, NULL, 0};
	cur_cli = cli;
}

static void drop(void)
{
	free(cur_long);
	free(cur_short);
	cur_long = NULL;
	cur_short = NULL;
	cur_cli = NULL;
}

/* The option as the user wrote it, without "=value": "--foo", "-x". */
static char *spelled(const char *arg, int short_opt)
{
	if (short_opt)
		return hs_asprintf("-%c", short_opt);
	if (!arg)
		return hs_strdup("?");
	size_t len = strcspn(arg, "=");
	return hs_strndup(arg, len);
}

static const struct hs_cli_opt *find_opt(const struct hs_cli *cli, const char *word)
{
	int n = nopts(cli);
	for (int i = 0; i < n; i++) {
		const struct hs_cli_opt *o = &cli->opts[i];
		if (word[0] == '-' && word[1] == '-') {
			size_t len = strcspn(word + 2, "=");
			if (strlen(o->long_name) == len && strncmp(o->long_name, word + 2, len) == 0)
				return o;
		} else if (word[0] == '-' && word[1] && !word[2] && o->short_name == word[1]) {
			return o;
		}
	}
	return NULL;
}

/* Operands named in the synopsis ("[FILE]...", "GENERATOR"): every word that
 * is neither an option nor an option's argument. */
static void print_operands(const struct hs_cli *cli)
{
	if (!cli->synopsis)
		return;
	char *syn = hs_strdup(cli->synopsis);
	int skip_arg = 0;
	for (char *w = strtok(syn, " \t"); w; w = strtok(NULL, " \t")) {
		char *p = w;
		while (*p == '[')
			p++;
		char *end = p + strcspn(p, "]");
		*end = '\0';
		size_t len = strlen(p);
		if (len >= 3 && strcmp(p + len - 3, "...") == 0)
			p[len - 3] = '\0';
		if (skip_arg) {
			skip_arg = 0;
			continue;
		}
		if (p[0] == '-') {
			const struct hs_cli_opt *o = find_opt(cli, p);
			/* "--opt=ARG" carries its argument in the same word. */
			skip_arg = o && o->arg && !strchr(p, '=');
			continue;
		}
		if (!*p || strcmp(p, "OPTION") == 0 || strcmp(p, "OPTIONS") == 0)
			continue;
		int meta = 1;
		for (const char *c = p; *c; c++)
			if (!(isupper((unsigned char)*c) || isdigit((unsigned char)*c) || *c == '_' ||
			      *c == '-' || *c == '|'))
				meta = 0;
		if (meta)
			printf("<%s>\n", p);
	}
	free(syn);
}

static HS_NORETURN void complete_words(const struct hs_cli *cli)
{
	int n = nopts(cli);
	for (int i = 0; i < n; i++) {
		const struct hs_cli_opt *o = &cli->opts[i];
		if (o->short_name)
			printf("-%c%s%s\n", o->short_name, o->arg ? " " : "", o->arg ? o->arg : "");
		printf("--%s%s%s\n", o->long_name, o->arg ? " " : "", o->arg ? o->arg : "");
	}
	printf("--help\n--version\n");
	print_operands(cli);
	if (cli->complete_words)
		cli->complete_words();
	exit(hs_stdout_status());
}

void hs_cli_help(const struct hs_cli *cli, FILE *f)
{
	int n = nopts(cli);
	fprintf(f, "usage: %s %s\n", cli->name, cli->synopsis ? cli->synopsis : "");
	if (cli->summary)
		fprintf(f, "%s\n", cli->summary);
	fprintf(f, "\noptions:\n");
	/* Left column "  -a, --algorithm NAME", then the help aligned after it. */
	char **left = hs_calloc(n + 2, sizeof *left);
	const char **help = hs_calloc(n + 2, sizeof *help);
	size_t width = 0;
	for (int i = 0; i < n; i++) {
		const struct hs_cli_opt *o = &cli->opts[i];
		if (o->short_name)
			left[i] = hs_asprintf("  -%c, --%s%s%s", o->short_name, o->long_name,
					      o->arg ? " " : "", o->arg ? o->arg : "");
		else
			left[i] = hs_asprintf("      --%s%s%s", o->long_name, o->arg ? " " : "",
					      o->arg ? o->arg : "");
		help[i] = o->help;
	}
	left[n] = hs_strdup("      --help");
	help[n] = "show this help and exit";
	left[n + 1] = hs_strdup("      --version");
	help[n + 1] = "show the version and exit";
	for (int i = 0; i < n + 2; i++)
		if (strlen(left[i]) > width)
			width = strlen(left[i]);
	for (int i = 0; i < n + 2; i++) {
		if (help[i] && *help[i])
			fprintf(f, "%-*s   %s\n", (int)width, left[i], help[i]);
		else
			fprintf(f, "%s\n", left[i]);
		free(left[i]);
	}
	free(left);
	free(help);
	if (epilog_fn && epilog_cli == cli)
		epilog_fn(f);
}

static void usage_line(const struct hs_cli *cli)
{
	fprintf(stderr, "usage: %s %s\n", cli->name, cli->synopsis ? cli->synopsis : "");
}

void hs_cli_usage_error(const struct hs_cli *cli, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	hs_verror(fmt, ap);
	va_end(ap);
	usage_line(cli);
	exit(HS_EXIT_USAGE);
}

int hs_cli_next(const struct hs_cli *cli, int argc, char **argv, const char **optarg_out,
		int *optind_out)
{
	if (cur_cli != cli) {
		if (cur_cli)
			drop();
		build(cli);
		optind = 0; /* glibc: full re-initialisation (hs-gen parses twice) */
	}
	opterr = 0;
	*optarg_out = NULL;
	int idx = -1;
	int c = getopt_long(argc, argv, cur_short, cur_long, &idx);
	*optind_out = optind;
	if (c == -1) {
		drop();
		return -1;
	}
	*optarg_out = optarg;
	if (c == OPT_HELP) {
		hs_cli_help(cli, stdout);
		exit(hs_stdout_status());
	}
	if (c == OPT_VERSION) {
		printf("%s (hs) %s\n", hs_progname(), HS_VERSION);
		exit(hs_stdout_status());
	}
	if (c == OPT_COMPLETE)
		complete_words(cli);
	if (c == '?' || c == ':') {
		/* The offending word is the last one getopt consumed, unless it
		 * stopped inside a cluster of short options ("-xq"). */
		const char *word = optind > 0 && optind <= argc ? argv[optind - 1] : NULL;
		int is_long = word && word[0] == '-' && word[1] == '-';
		char *s = spelled(word, is_long ? 0 : optopt);
		if (c == ':')
			hs_cli_usage_error(cli, "option '%s' requires an argument", s);
		if (is_long && optopt && strchr(word, '='))
			hs_cli_usage_error(cli, "option '%s' takes no argument", s);
		hs_cli_usage_error(cli, "unknown option '%s'", s);
	}
	return c;
}

/* ---- checked option arguments ---- */

static void range_error(const char *opt, const char *arg, double min, double max)
{
	if (min > 0 && min <= DBL_MIN && max == HUGE_VAL)
		hs_die(HS_EXIT_USAGE, "option %s: '%s' must be greater than 0", opt, arg);
	if (max == HUGE_VAL || max >= (double)LONG_MAX)
		hs_die(HS_EXIT_USAGE, "option %s: '%s' must be at least %.15g", opt, arg, min);
	if (min == -HUGE_VAL || min <= (double)LONG_MIN)
		hs_die(HS_EXIT_USAGE, "option %s: '%s' must be at most %.15g", opt, arg, max);
	hs_die(HS_EXIT_USAGE, "option %s: '%s' must be between %.15g and %.15g", opt, arg, min,
	       max);
}

/* A finite number, or die naming the option. */
static void parse_finite(const char *opt, const char *arg, double *v)
{
	int rc = hs_parse_double(arg ? arg : "", v);
	if (hs_num_range(rc))
		hs_die(HS_EXIT_USAGE, "option %s: '%s' %s", opt, arg, hs_num_range(rc));
	if (rc < 0)
		hs_die(HS_EXIT_USAGE, "option %s: '%s' is not a number", opt, arg ? arg : "");
}

double hs_cli_double(const char *opt, const char *arg, double min, double max)
{
	double v;
	parse_finite(opt, arg, &v);
	if (v < min || v > max)
		range_error(opt, arg, min, max);
	return v;
}

long hs_cli_long(const char *opt, const char *arg, long min, long max)
{
	char *end;
	double d;
	parse_finite(opt, arg, &d);
	errno = 0;
	long v = strtol(arg, &end, 10);
	if (*end) {
		if (d != floor(d))
			hs_die(HS_EXIT_USAGE, "option %s: '%s' is not an integer", opt, arg);
		/* "1e3": a whole number written as a float. */
		if (d < (double)min || d > (double)max)
			range_error(opt, arg, (double)min, (double)max);
		return (long)d;
	}
	if (errno == ERANGE || v < min || v > max)
		range_error(opt, arg, (double)min, (double)max);
	return v;
}

int hs_cli_choice(const struct hs_cli *cli, const char *opt, const char *arg,
		  const char *const *words, int n)
{
	for (int k = 0; k < n; k++)
		if (strcmp(arg, words[k]) == 0)
			return k;
	char list[256] = "";
	for (int k = 0; k < n; k++)
		snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s",
			 k == 0 ? "" : k == n - 1 ? " or " : ", ", words[k]);
	hs_cli_usage_error(cli, "option %s: '%s' must be %s", opt, arg, list);
}
