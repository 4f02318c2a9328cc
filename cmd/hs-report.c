/* hs-report - metrics of planned, simulated or executed hs streams: one
 * file's metrics, one column per file, or groups of files with their
 * statistics; Gantt charts and plots; Batsim's jobs.csv; result bundles.
 *
 * This file holds the options; the work is in lib/report/ (report/tool.h):
 * the inputs read on worker threads in inputs.c, the tables, figures and
 * bundle written in output.c, the metrics in metric.c, the layouts in
 * layout.c, the formats in table.c, runs against a baseline run
 * (--relative-to FILE) in compare.c. */
#include "hs/cli.h"
#include "hs/report.h"
#include "hs/util.h"
#include "report/tool.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* -f: the names of enum out_fmt (report/tool.h), in its order. */
static const char *const fmt_names[] = {"text", "tsv", "csv", "json", "md", "svg", "batsim-jobs"};
#define FMT_CHOICES "text|tsv|csv|json|md|svg|batsim-jobs"

/* ---------------- options ---------------- */

/* Long-only options: 256 + their index in opts[] (hs_cli_next). */
enum {
	O_LIST = 256 + 2, O_BY = 256 + 3, O_STATS, O_REL, O_PER_JOB, O_X, O_PLOT, O_PLOT_TIME, O_LOGX, O_LOGY,
	O_XLABEL, O_YLABEL, O_YMIN, O_YMAX, O_TITLE, O_WIDTH, O_HEIGHT, O_TIME_UNIT, O_GANTT,
	O_COLOR, O_OVERLAY, O_ROWS, O_BUNDLE, O_LP, O_EDN, O_TAU,
	O_PARTIAL = O_TAU + 2, /* after -j */
};

/* Documented in hs-report(1), OPTIONS; keep the two in the same order. */
static const struct hs_cli_opt opts[] = {
	{'f', "format", FMT_CHOICES, "output format (default text; svg with --gantt, --plot or --plot-time)"},
	{'m', "metrics", "METRIC[,METRIC]...", "metrics to show, in this order, or all (default: those meant for the stream)"},
	{0, "list-metrics", NULL, "list the metrics, where each comes from, and exit"},
	{0, "by", "KEY[,KEY]...", "one row per group of files with equal provenance values"},
	{0, "stats", "LIST", "statistics per group: mean,median,min,max,sd,ci95,n"},
	{0, "relative-to", "[KEY=]VALUE|FILE", "divide by the baseline's metrics on the same instance, or compare with the run of FILE job by job"},
	{0, "per-job", NULL, "with --relative-to FILE: a row per job instead of the summary"},
	{0, "x", "KEY", "x axis of --plot: a numeric provenance key"},
	{0, "plot", "METRIC", "SVG plot of METRIC against --x, one line per --by group"},
	{0, "plot-time", "utilization|queue|running|power",
	 "SVG plot over time, one line per file or --by group"},
	{0, "logx", NULL, "logarithmic x axis"},
	{0, "logy", NULL, "logarithmic y axis"},
	{0, "xlabel", "TEXT", "label of the x axis (default: the key or time and its unit)"},
	{0, "ylabel", "TEXT", "label of the y axis (default: the metric and its unit)"},
	{0, "ymin", "Y", "lower end of the y axis (default: from the data)"},
	{0, "ymax", "Y", "upper end of the y axis; lines above are clipped"},
	{0, "title", "TEXT", "title of the figure"},
	{0, "width", "PX", "width of the figure in pixels"},
	{0, "height", "PX", "height of the figure in pixels"},
	{0, "time-unit", "auto|s|min|h|d", "unit of time axes (default: from the span)"},
	{0, "gantt", NULL, "SVG Gantt chart of one file (the run, or the plan)"},
	{0, "color", "app|task|user|state", "what gives Gantt boxes their colour (default app)"},
	{0, "plan-overlay", "auto|none|outline", "the plan as dashed outlines over the run"},
	{0, "rows", "auto|core|node|cluster", "Gantt row labels: per core, node or cluster"},
	{0, "bundle", "FILE", "also write FILE.tar.gz: reports, figure and inputs"},
	{0, "lp", NULL, "include the LP lower bound (GLPK; slower)"},
	{0, "edn", "N", "exponent n of the edn metric (default 2)"},
	{0, "bsld-tau", "S", "threshold of the bounded slowdown in seconds (default 10)"},
	{'j', "jobs", "N", "read N files at a time (default: the number of CPUs)"},
	{0, "partial", NULL, "read streams cut short (no closing 'end' record) as they are"},
	{0, NULL, NULL, NULL},
};

static void complete_words(void)
{
	for (int m = 0; m < HS_RM_COUNT; m++)
		if (hs_rm_info[m].kind != HS_RM_TEXT)
			printf("%s\n", hs_rm_info[m].name);
}

static const struct hs_cli cli = {
	"hs-report",
	"[-f " FMT_CHOICES "] [-m LIST] [--by KEY[,KEY]...] [--stats LIST] "
	"[--relative-to [KEY=]VALUE|FILE] [--plot METRIC --x KEY] [--plot-time QUANTITY] [--gantt] "
	"[--bundle FILE] "
	"[OPTION]... [FILE]...",
	"Metrics, comparisons, figures and bundles of hs streams (stdin without FILE).",
	opts,
	complete_words,
};

static int metric_arg(const char *opt, const char *name)
{
	int m = hs_rm_find(name);
	if (m < 0)
		hs_cli_usage_error(&cli, "option %s: unknown metric '%s' (see --list-metrics)", opt,
				   name);
	return m;
}

static void parse_metrics(struct config *cf, const char *arg)
{
	if (strcmp(arg, "all") == 0) { /* what the default leaves out too */
		cf->all_metrics = 1;
		cf->nmetrics = 0;
		return;
	}
	int n;
	char **names = hs_split_list(arg, ',', &n);
	if (n == 0)
		hs_cli_usage_error(&cli, "option --metrics: empty list");
	if (n > HS_RM_COUNT)
		hs_cli_usage_error(&cli, "option --metrics: more than %d metrics", HS_RM_COUNT);
	for (int i = 0; i < n; i++)
		cf->metrics[i] = metric_arg("--metrics", names[i]);
	cf->nmetrics = n;
	cf->all_metrics = 0;
	free(names);
}

static void parse_stats(struct config *cf, const char *arg)
{
	int n;
	char **names = hs_split_list(arg, ',', &n);
	if (n == 0 || n > HS_STAT_COUNT)
		hs_cli_usage_error(&cli, "option --stats: give 1 to %d of mean,median,min,max,sd,ci95,n",
				   HS_STAT_COUNT);
	for (int i = 0; i < n; i++) {
		int s = -1;
		for (int k = 0; k < HS_STAT_COUNT; k++)
			if (strcmp(names[i], hs_stat_names[k]) == 0)
				s = k;
		if (s < 0)
			hs_cli_usage_error(&cli, "option --stats: '%s' must be mean, median, min, max, sd, ci95 or n",
					   names[i]);
		cf->stats[i] = s;
	}
	cf->nstats = n;
	free(names);
}

static void parse_format(struct config *cf, const char *arg)
{
	for (size_t k = 0; k < sizeof fmt_names / sizeof *fmt_names; k++)
		if (strcmp(arg, fmt_names[k]) == 0) {
			cf->fmt = (enum out_fmt)k;
			cf->fmt_given = 1;
			return;
		}
	hs_cli_usage_error(&cli, "option -f: '%s' must be one of %s", arg, FMT_CHOICES);
}

static int default_jobs(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1 : n > 16 ? 16 : (int)n;
}

/* The index of arg in names (n of them), or a usage error listing them. */
static int choice(const char *opt, const char *arg, const char *const *names, int n)
{
	return hs_cli_choice(&cli, opt, arg, names, n);
}

/* --relative-to ARG (hs-report(1), GROUPS AND STATISTICS): KEY=VALUE when
 * ARG has an '=' after a key without '/'; else with --by a VALUE of the
 * first key; else a FILE, the baseline run ("-": standard input).  A name
 * that is both a file and KEY=VALUE is refused; KEY=VALUE and VALUE are
 * split after the other options. */
static void relative_to(struct config *cf, const char *rel)
{
	const char *eq = strchr(rel, '=');
	int keyform = eq && !memchr(rel, '/', (size_t)(eq - rel));
	struct stat st;
	int stat_ok = stat(rel, &st) == 0;
	int file = strcmp(rel, "-") == 0 || (stat_ok && !S_ISDIR(st.st_mode));
	if (keyform && file)
		hs_cli_usage_error(&cli, "option --relative-to: '%s' is both KEY=VALUE and a file: "
					 "write ./%s for the file", rel, rel);
	if (keyform || cf->nby)
		return;
	if (!file)
		hs_cli_usage_error(&cli, stat_ok ? "option --relative-to: '%s' is a directory, not a run"
						 : "option --relative-to: '%s': no such file (a "
						   "baseline VALUE needs --by, or give KEY=VALUE)",
				   rel);
	cf->rel_file = rel;
}

static void parse_args(struct config *cf, int argc, char **argv, int *ind, int *list)
{
	static const char *const colors[] = {"app", "task", "user", "state", "job"};
	static const char *const overlays[] = {"auto", "none", "outline"};
	static const char *const rows[] = {"auto", "core", "node", "cluster"};
	static const char *const units[] = {"auto", "s", "min", "h", "d"};
	memset(cf, 0, sizeof *cf);
	cf->plot = -1;
	cf->plot_time = -1;
	cf->jobs = default_jobs();
	hs_metrics_opts_init(&cf->mo);
	const char *arg, *rel = NULL;
	int c;
	while ((c = hs_cli_next(&cli, argc, argv, &arg, ind)) != -1) {
		switch (c) {
		case 'f': parse_format(cf, arg); break;
		case 'm': parse_metrics(cf, arg); break;
		case O_LIST: *list = 1; break;
		case O_BY:
			free(cf->by);
			cf->by = hs_split_list(arg, ',', &cf->nby);
			if (cf->nby == 0)
				hs_cli_usage_error(&cli, "option --by: empty list");
			for (int k = 0; k < cf->nby; k++)
				if (!*cf->by[k])
					hs_cli_usage_error(&cli, "option --by: empty key in '%s'", arg);
			break;
		case O_STATS: parse_stats(cf, arg); break;
		case O_REL: rel = arg; break;
		case O_PER_JOB: cf->per_job = 1; break;
		case O_X: cf->x = arg; break;
		case O_PLOT:
			cf->plot = metric_arg("--plot", arg);
			if (hs_rm_info[cf->plot].kind == HS_RM_TEXT)
				hs_cli_usage_error(&cli, "option --plot: '%s' is not a number", arg);
			break;
		case O_PLOT_TIME:
			cf->plot_time = choice("--plot-time", arg, hs_timeline_names, HS_TL_COUNT);
			break;
		case O_LOGX: cf->logx = 1; break;
		case O_LOGY: cf->logy = 1; break;
		case O_XLABEL: cf->xlabel = arg; break;
		case O_YLABEL: cf->ylabel = arg; break;
		case O_YMIN:
			cf->ymin = hs_cli_double("--ymin", arg, -1e300, 1e300);
			cf->ymin_set = 1;
			break;
		case O_YMAX:
			cf->ymax = hs_cli_double("--ymax", arg, -1e300, 1e300);
			cf->ymax_set = 1;
			break;
		case O_TITLE: cf->title = arg; break;
		case O_WIDTH: cf->width = (int)hs_cli_long("--width", arg, 100, 100000); break;
		case O_HEIGHT: cf->height = (int)hs_cli_long("--height", arg, 100, 100000); break;
		case O_TIME_UNIT:
			cf->time_unit = (enum hs_time_unit)choice("--time-unit", arg, units, 5);
			break;
		case O_GANTT: cf->gantt = 1; break;
		case O_COLOR: {
			int c = choice("--color", arg, colors, 5);
			cf->color = c == 4 ? HS_GANTT_COLOR_TASK : (enum hs_gantt_color)c;
			break;
		}
		case O_OVERLAY:
			cf->overlay = (enum hs_gantt_overlay)choice("--plan-overlay", arg, overlays, 3);
			break;
		case O_ROWS: cf->rows = (enum hs_gantt_rows)choice("--rows", arg, rows, 4); break;
		case O_BUNDLE:
			if (hs_bundle_check_name(arg) < 0)
				hs_cli_usage_error(&cli, "option --bundle: '%s' must end in .tar.gz, .tgz, "
							 ".tar.xz, .tar.zst, .tar.bz2 or .tar", arg);
			cf->bundle = arg;
			break;
		case O_LP: cf->mo.with_lp = 1; break;
		case O_EDN: cf->mo.edn = hs_cli_double("--edn", arg, 1, 100); break;
		case O_TAU: cf->mo.bsld_tau = hs_cli_double("--bsld-tau", arg, 0, 1e300); break;
		case O_PARTIAL: hs_stream_set_partial(1); break;
		case 'j': cf->jobs = (int)hs_cli_long("--jobs", arg, 1, 256); break;
		}
	}
	if (*list)
		return;
	/* Combinations. */
	if (cf->gantt + (cf->plot >= 0) + (cf->plot_time >= 0) > 1)
		hs_cli_usage_error(&cli, "--gantt, --plot and --plot-time draw different figures: "
					 "choose one");
	if (cf->plot >= 0 && !cf->x)
		hs_cli_usage_error(&cli, "--plot needs --x KEY");
	if (cf->x && cf->plot < 0)
		hs_cli_usage_error(&cli, "--x needs --plot");
	if (cf->ymin_set && cf->ymax_set && !(cf->ymin < cf->ymax))
		hs_cli_usage_error(&cli, "--ymin must be below --ymax");
	if (cf->logy && ((cf->ymin_set && !(cf->ymin > 0)) || (cf->ymax_set && !(cf->ymax > 0))))
		hs_cli_usage_error(&cli, "--logy needs --ymin and --ymax above 0");
	if (rel)
		relative_to(cf, rel);
	if (cf->plot_time >= 0 && (cf->nstats || cf->rel_value))
		hs_cli_usage_error(&cli, "--plot-time takes --by, not --stats or --relative-to [KEY=]VALUE");
	int figure = cf->gantt || cf->plot >= 0 || cf->plot_time >= 0;
	if (!cf->fmt_given && figure)
		cf->fmt = F_SVG;
	if (cf->fmt == F_SVG && !figure && !cf->rel_file)
		hs_cli_usage_error(&cli, "-f svg needs --gantt, --plot, --plot-time or --relative-to FILE");
	if (cf->per_job && (!cf->rel_file || cf->plot_time >= 0 || cf->fmt == F_SVG))
		hs_cli_usage_error(&cli, "--per-job needs --relative-to FILE and a table format");
	if (cf->rel_file && (cf->nstats || cf->nmetrics || cf->all_metrics || cf->plot >= 0 ||
			     cf->gantt || cf->fmt == F_BATSIM))
		hs_cli_usage_error(&cli, "--relative-to FILE compares runs job by job: it takes no "
					 "-m, --stats, --plot, --gantt or -f batsim-jobs");
	if (rel && !cf->rel_file) {
		const char *eq = strchr(rel, '=');
		if (eq) {
			cf->rel_key = hs_strndup(rel, (size_t)(eq - rel));
			cf->rel_value = eq + 1;
		} else if (cf->nby) {
			cf->rel_key = hs_strdup(cf->by[0]);
			cf->rel_value = rel;
		} else {
			hs_cli_usage_error(&cli, "--relative-to VALUE needs --by (or give KEY=VALUE)");
		}
		if (!*cf->rel_key)
			hs_cli_usage_error(&cli, "option --relative-to: empty key in '%s'", rel);
	}
	cf->grouped = cf->nby > 0 || cf->nstats > 0 || cf->rel_value || cf->plot >= 0;
	cf->nkeys = cf->nby + (cf->plot >= 0);
	cf->keys = hs_calloc((size_t)cf->nkeys + 1, sizeof *cf->keys);
	for (int k = 0; k < cf->nby; k++)
		cf->keys[k] = cf->by[k];
	if (cf->plot >= 0)
		cf->keys[cf->nby] = cf->x;
}

/* ---------------- main ---------------- */

/* File scope so that a usage error after it is made leaves nothing
 * unreachable (LeakSanitizer): a local may live only in a register. */
static struct input *in;

int main(int argc, char **argv)
{
	hs_set_progname(argv[0]);
	struct config cf;
	int ind = 1, list = 0;
	parse_args(&cf, argc, argv, &ind, &list);
	if (list)
		return hs_report_list_metrics(&cf);
	int n = argc > ind ? argc - ind : 1;
	int nstdin;
	char **paths = argc > ind ? argv + ind : NULL;
	if (cf.rel_file) { /* the baseline run is input 0 */
		paths = hs_calloc((size_t)n + 1, sizeof *paths);
		paths[0] = (char *)cf.rel_file;
		for (int k = 0; k < n; k++)
			paths[k + 1] = argc > ind ? argv[ind + k] : (char *)"-";
		n++;
	}
	in = hs_report_inputs_new(paths, n, &nstdin);
	if (cf.rel_file)
		free(paths);
	if (nstdin > 1)
		hs_cli_usage_error(&cli, "standard input ('-') can be read only once");
	if ((cf.gantt || cf.fmt == F_BATSIM) && n != 1)
		hs_cli_usage_error(&cli, "%s shows one file, not %d", cf.gantt ? "--gantt" : "-f batsim-jobs",
				   n);

	/* Read, check, then the tables, figures and outputs. */
	struct one_file one = {0};
	struct hs_bundle *bundle = NULL;
	int status = HS_EXIT_OK;
	if (cf.bundle && !(bundle = hs_report_bundle_open(cf.bundle, argc, argv)))
		status = HS_EXIT_FAIL; /* reported; what was set up is still freed */
	if (status == HS_EXIT_OK)
		status = hs_report_read(&cf, in, n, bundle, &one);
	if (status == HS_EXIT_OK && hs_report_check_inputs(&cf, in, n) < 0)
		status = HS_EXIT_USAGE;
	if (status == HS_EXIT_OK)
		status = hs_report_output(&cf, in, n, one.loaded ? &one.in : NULL, bundle);
	status = hs_report_bundle_close(bundle, status);

	hs_report_one_release(&one);
	hs_report_inputs_release(&cf, in, n);
	free(cf.by);
	free(cf.keys);
	free(cf.rel_key);
	return status;
}
