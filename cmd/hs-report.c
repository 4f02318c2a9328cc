/* hs-report - metrics of planned, simulated or executed hs streams: one
 * file's metrics, one column per file, or groups of files with their
 * statistics; Gantt charts and plots; Batsim's jobs.csv; result bundles.
 *
 * Inputs are read one at a time (several at once on worker threads, -j),
 * and each is freed once its metrics are taken: memory holds one stream per
 * thread plus a few hundred bytes per file.  Each worker's messages are
 * collected and printed in input order, so the output is the same with any
 * -j.  The metrics are in lib/report/metric.c, the layouts below, the
 * formats in lib/report/table.c. */
#include "hs/cli.h"
#include "hs/metrics.h"
#include "hs/model.h"
#include "hs/report.h"
#include "hs/svg.h"
#include "hs/util.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum out_fmt { F_TEXT, F_TSV, F_CSV, F_JSON, F_MD, F_SVG, F_BATSIM };
static const char *const fmt_names[] = {"text", "tsv", "csv", "json", "md", "svg", "batsim-jobs"};
#define FMT_CHOICES "text|tsv|csv|json|md|svg|batsim-jobs"

struct config {
	enum out_fmt fmt;
	int fmt_given;
	int metrics[HS_RM_COUNT], nmetrics; /* --metrics, in order; 0: all that apply */
	char **by;                          /* --by keys (one allocation) */
	int nby;
	int stats[HS_STAT_COUNT], nstats;   /* --stats; 0: the mean, plain names */
	char *rel_key;                      /* --relative-to KEY (default: first --by key) */
	const char *rel_value;
	const char *x;                      /* --x KEY */
	int plot;                           /* --plot METRIC, or -1 */
	int plot_time;                      /* --plot-time QUANTITY, or -1 */
	int logx, logy, width, height;
	const char *title, *xlabel, *ylabel;
	int ymin_set, ymax_set;
	double ymin, ymax;
	enum hs_time_unit time_unit;
	int gantt;
	enum hs_gantt_color color;
	enum hs_gantt_overlay overlay;
	enum hs_gantt_rows rows;
	const char *bundle;
	struct hs_metrics_opts mo;
	int jobs;
	/* derived */
	int grouped;                        /* one row per group */
	int nkeys;                          /* --by keys, then --x when plotting */
	const char **keys;
};

/* ---------------- one input ---------------- */

struct input {
	const char *path;
	struct hs_report_row row;
	int ok;
	char *msg;       /* messages of a worker, printed by the main thread */
	size_t msglen;
	char *copy;      /* stdin as read, for --bundle */
	size_t copylen;
	int ready;
};

static int is_stdin(const char *path)
{
	return strcmp(path, "-") == 0;
}

static char *key_value(const struct hs_stream *s, const char *label, const char *key)
{
	if (strcmp(key, "file") == 0)
		return hs_strdup(label);
	const char *v = hs_stream_prov(s, key);
	return v ? hs_strdup(v) : NULL;
}

/* This thread's messages collected in *msg (*len bytes) from here to
 * msgs_end, to be printed in order by another (hs_msg_redirect). */
static FILE *msgs_begin(char **msg, size_t *len)
{
	FILE *m = open_memstream(msg, len);
	if (!m)
		hs_die(HS_EXIT_FAIL, "out of memory");
	hs_msg_redirect(m);
	return m;
}

static void msgs_end(FILE *m)
{
	hs_msg_redirect(NULL);
	fclose(m);
}

/* The run's check on a thread of its own (load_input). */
struct run_check {
	const struct hs_instance *in;
	int problems;
	char *msg;
	size_t msglen;
};

static void *check_run(void *arg)
{
	struct run_check *c = arg;
	FILE *m = msgs_begin(&c->msg, &c->msglen);
	c->problems = hs_validate_flags(c->in, &c->in->run, HS_VALIDATE_WARN | HS_VALIDATE_PARTIAL);
	msgs_end(m);
	return NULL;
}

/* Read one input and take its row.  With keep, the stream and instance are
 * left loaded for the caller (one-file views); otherwise released.
 * Returns 0, or -1 after reporting bad input. */
static int load_input(const struct config *cf, struct input *it, struct hs_stream *s,
		      struct hs_instance *in, int keep)
{
	memset(in, 0, sizeof *in);
	if (hs_stream_load(s, it->path) < 0) {
		hs_stream_release(s);
		return -1;
	}
	/* Metrics need no after lists: skipping them (and their cycle check)
	 * saves a quarter of the reading time; one-file views get them all. */
	if (hs_instance_load_flags(in, s, keep ? 0 : HS_LOAD_NO_AFTER) < 0) {
		hs_instance_release(in);
		hs_stream_release(s);
		return -1;
	}
	int ret = 0;
	struct hs_report_row *r = &it->row;
	if (!in->has_plan && !in->has_run) {
		hs_error_at(s->name, 0, "no plan or run records (run hs-plan first)");
		ret = -1;
		goto out;
	}
	/* Runs (and plans) that break the rules still get their metrics, with a
	 * warning that names the problems (hs-report(1), CHECKS).  A large
	 * run is checked on a thread beside the plan, its messages held back
	 * to come after the plan's. */
	struct run_check rc = { in, 0, NULL, 0 };
	pthread_t th;
	int side = in->has_plan && in->has_run && in->ntasks >= 20000 && hs_stream_threads() > 1 &&
		   pthread_create(&th, NULL, check_run, &rc) == 0;
	for (int k = 0; k < 2; k++) {
		const struct hs_schedule *sc = k ? &in->run : &in->plan;
		if (!(k ? in->has_run : in->has_plan))
			continue;
		int np;
		if (k && side) {
			pthread_join(th, NULL);
			hs_msg_put(rc.msg, rc.msglen);
			free(rc.msg);
			np = rc.problems;
		} else {
			np = hs_validate_flags(in, sc, HS_VALIDATE_WARN | HS_VALIDATE_PARTIAL);
		}
		if (np)
			hs_error_at(s->name, 0, "warning: the %s breaks %d rule%s (overlaps on a core "
				    "or GPU, starts before release dates, ...): its metrics may be "
				    "meaningless (a utilization above 1, a negative idle time)",
				    k ? "run" : "plan", np, np == 1 ? "" : "s");
	}
	/* stdin has no name worth a column header: the algorithm is better. */
	const char *algo = is_stdin(it->path) ? hs_stream_prov(s, "algo") : NULL;
	r->label = hs_strdup(!is_stdin(it->path) ? it->path : algo ? algo : "stdin");
	hs_report_vals_compute(in, &cf->mo, &r->vals);
	if (cf->nkeys) {
		r->keys = hs_calloc((size_t)cf->nkeys, sizeof *r->keys);
		for (int k = 0; k < cf->nkeys; k++)
			r->keys[k] = key_value(s, r->label, cf->keys[k]);
	}
	if (cf->plot >= 0) {
		const char *xv = r->keys[cf->nkeys - 1];
		double x;
		if (!xv) {
			hs_error_at(s->name, 0, "no provenance key '%s' for --x", cf->x);
			ret = -1;
		} else if (hs_parse_double(xv, &x) < 0) {
			hs_error_at(s->name, 0, "--x %s: '%s' is not a number", cf->x, xv);
			ret = -1;
		}
	}
	if (cf->plot_time >= 0) {
		struct hs_step q, g;
		int gpus = hs_timeline(in, in->has_run ? &in->run : &in->plan,
				       (enum hs_timeline)cf->plot_time, &q, &g);
		r->tl = hs_malloc(sizeof *r->tl);
		*r->tl = q;
		if (gpus) {
			r->tl_gpus = hs_malloc(sizeof *r->tl_gpus);
			*r->tl_gpus = g;
		}
	}
	if (cf->rel_value) {
		r->inst = hs_report_instance_key(s, cf->rel_key);
		r->base = key_value(s, r->label, cf->rel_key);
	}
	if (cf->bundle && is_stdin(it->path)) {
		FILE *m = open_memstream(&it->copy, &it->copylen);
		if (!m)
			hs_die(HS_EXIT_FAIL, "out of memory");
		hs_stream_write(m, s);
		fclose(m);
	}
out:
	if (!keep || ret < 0) {
		hs_instance_release(in);
		hs_stream_release(s);
	}
	return ret;
}

static void row_release(struct hs_report_row *r, int nkeys)
{
	for (int k = 0; k < nkeys && r->keys; k++)
		free(r->keys[k]);
	free(r->keys);
	free(r->label);
	free(r->inst);
	free(r->base);
	for (int k = 0; k < 2; k++) {
		struct hs_step *st = k ? r->tl_gpus : r->tl;
		if (st)
			hs_step_release(st);
		free(st);
	}
}

/* ---------------- reading the inputs on worker threads ---------------- */

struct pool {
	const struct config *cf;
	struct input *in;
	int n;
	atomic_int next, stop;
	pthread_mutex_t mu;
	pthread_cond_t cv;
};

static void *worker(void *arg)
{
	struct pool *p = arg;
	for (;;) {
		int k = atomic_fetch_add(&p->next, 1);
		if (k >= p->n || atomic_load(&p->stop))
			break;
		struct input *it = &p->in[k];
		FILE *m = msgs_begin(&it->msg, &it->msglen);
		struct hs_stream s;
		struct hs_instance in;
		int ok = load_input(p->cf, it, &s, &in, 0) == 0;
		msgs_end(m);
		pthread_mutex_lock(&p->mu);
		it->ok = ok;
		it->ready = 1;
		pthread_cond_broadcast(&p->cv);
		pthread_mutex_unlock(&p->mu);
	}
	hs_stream_thread_end();
	return NULL;
}

/* ---------------- options ---------------- */

/* Long-only options: 256 + their index in opts[] (hs_cli_next). */
enum {
	O_LIST = 256 + 2, O_BY = 256 + 3, O_STATS, O_REL, O_X, O_PLOT, O_PLOT_TIME, O_LOGX, O_LOGY,
	O_XLABEL, O_YLABEL, O_YMIN, O_YMAX, O_TITLE, O_WIDTH, O_HEIGHT, O_TIME_UNIT, O_GANTT,
	O_COLOR, O_OVERLAY, O_ROWS, O_BUNDLE, O_LP, O_EDN, O_TAU,
};

/* Documented in hs-report(1), OPTIONS; keep the two in the same order. */
static const struct hs_cli_opt opts[] = {
	{'f', "format", FMT_CHOICES, "output format (default text; svg with --gantt, --plot or --plot-time)"},
	{'m', "metrics", "METRIC[,METRIC]...", "metrics to show, in this order (default: all that apply)"},
	{0, "list-metrics", NULL, "list the metrics, where each comes from, and exit"},
	{0, "by", "KEY[,KEY]...", "one row per group of files with equal provenance values"},
	{0, "stats", "LIST", "statistics per group: mean,median,min,max,sd,ci95,n"},
	{0, "relative-to", "[KEY=]VALUE", "divide by the baseline's metrics on the same instance"},
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
	"[--relative-to [KEY=]VALUE] [--plot METRIC --x KEY] [--plot-time QUANTITY] [--gantt] "
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
	int n;
	char **names = hs_split_list(arg, ',', &n);
	if (n == 0)
		hs_cli_usage_error(&cli, "option --metrics: empty list");
	if (n > HS_RM_COUNT)
		hs_cli_usage_error(&cli, "option --metrics: more than %d metrics", HS_RM_COUNT);
	for (int i = 0; i < n; i++)
		cf->metrics[i] = metric_arg("--metrics", names[i]);
	cf->nmetrics = n;
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

/* --list-metrics as a table in the chosen format. */
static int list_metrics(const struct config *cf)
{
	struct hs_table t;
	hs_table_init(&t, 3);
	hs_table_head(&t, 0, "metric", 1);
	hs_table_head(&t, 1, "from", 1);
	hs_table_head(&t, 2, "description", 1);
	for (int m = 0; m < HS_RM_COUNT; m++) {
		int r = hs_table_add_row(&t);
		hs_table_text(&t, r, 0, hs_rm_info[m].name);
		hs_table_text(&t, r, 1, hs_rm_info[m].from);
		hs_table_text(&t, r, 2, hs_rm_info[m].help);
	}
	enum hs_table_fmt f = cf->fmt <= F_MD ? (enum hs_table_fmt)cf->fmt : HS_FMT_TEXT;
	static const enum hs_table_fmt map[] = {HS_FMT_TEXT, HS_FMT_TSV, HS_FMT_CSV, HS_FMT_JSON,
						HS_FMT_MD};
	hs_table_write(stdout, &t, map[f]);
	hs_table_release(&t);
	return hs_stdout_status();
}

/* The index of arg in names (n of them), or a usage error listing them. */
static int choice(const char *opt, const char *arg, const char *const *names, int n)
{
	return hs_cli_choice(&cli, opt, arg, names, n);
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
	if (cf->plot_time >= 0 && (cf->nstats || rel))
		hs_cli_usage_error(&cli, "--plot-time takes --by, not --stats or --relative-to");
	int figure = cf->gantt || cf->plot >= 0 || cf->plot_time >= 0;
	if (!cf->fmt_given && figure)
		cf->fmt = F_SVG;
	if (cf->fmt == F_SVG && !figure)
		hs_cli_usage_error(&cli, "-f svg needs --gantt, --plot or --plot-time");
	if (rel) {
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

static enum hs_table_fmt table_fmt(enum out_fmt f)
{
	static const enum hs_table_fmt map[] = {HS_FMT_TEXT, HS_FMT_TSV, HS_FMT_CSV, HS_FMT_JSON,
						HS_FMT_MD};
	return f <= F_MD ? map[f] : HS_FMT_TEXT;
}

/* What was read: the inputs, and when grouped their rows sorted into the
 * groups (else NULL: the rows of the inputs in order). */
struct results {
	struct input *in;
	int n;
	const struct hs_report_row *rows;
	const struct hs_report_groups *g;
};

/* The rows: sorted into groups, or a malloc'd copy in input order (*own). */
static const struct hs_report_row *result_rows(const struct results *R, struct hs_report_row **own)
{
	*own = NULL;
	if (R->rows)
		return R->rows;
	*own = hs_malloc((size_t)(R->n > 0 ? R->n : 1) * sizeof **own);
	for (int k = 0; k < R->n; k++)
		(*own)[k] = R->in[k].row;
	return *own;
}

/* The report table in format f, into a malloc'd buffer. */
static char *render_table(const struct config *cf, const struct results *R, enum hs_table_fmt f,
			  size_t *len)
{
	struct input *in = R->in;
	int n = R->n;
	const struct hs_report_groups *g = R->g;
	struct hs_report_view v = {cf->metrics, cf->nmetrics, cf->stats, cf->nstats, cf->keys, cf->nkeys};
	struct hs_table t;
	if (cf->plot_time >= 0) {
		struct hs_report_row *own;
		const struct hs_report_row *rows = result_rows(R, &own);
		hs_report_time_table(rows, n, g, cf->keys, cf->nby, (enum hs_timeline)cf->plot_time, &t);
		free(own);
	} else if (cf->grouped) {
		hs_report_groups_table(&v, g, &t);
	} else {
		struct hs_report_row *rows = hs_malloc((size_t)n * sizeof *rows);
		for (int k = 0; k < n; k++)
			rows[k] = in[k].row;
		if (f == HS_FMT_JSON)
			hs_report_files_records(&v, rows, n, &t);
		else
			hs_report_files_table(&v, rows, n, &t);
		free(rows);
	}
	char *buf = NULL;
	FILE *m = open_memstream(&buf, len);
	if (!m)
		hs_die(HS_EXIT_FAIL, "out of memory");
	/* A memory stream fails only when memory does. */
	if ((hs_table_write(m, &t, f) < 0) | (fclose(m) != 0))
		hs_die(HS_EXIT_FAIL, "out of memory");
	hs_table_release(&t);
	return buf;
}

/* The default label of the y axis of --plot-time. */
static const char *const time_ylabels[HS_TL_COUNT] = {
	"utilization (busy / all)", "queued tasks", "running tasks", "power (W)",
};

/* --plot-time: the figure of the quantity over time into m. */
static int time_plot(FILE *m, const struct config *cf, const struct results *R)
{
	struct hs_report_row *own;
	const struct hs_report_row *rows = result_rows(R, &own);
	enum hs_time_unit u = hs_report_time_unit(rows, R->n, cf->time_unit);
	struct hs_report_tplot d;
	hs_report_time_plot_build(rows, R->n, R->g, cf->nby, u, &d);
	char *xlabel = cf->xlabel ? hs_strdup(cf->xlabel)
				  : hs_asprintf("time (%s)", hs_time_unit_label(u));
	d.plot.title = cf->title;
	d.plot.xlabel = xlabel;
	d.plot.ylabel = cf->ylabel ? cf->ylabel : time_ylabels[cf->plot_time];
	d.plot.logx = cf->logx;
	d.plot.logy = cf->logy;
	d.plot.width = cf->width;
	d.plot.height = cf->height;
	/* Utilization is a fraction: 0 to 1 unless asked otherwise. */
	int util = cf->plot_time == HS_TL_UTILIZATION && !cf->logy;
	d.plot.ymin_set = cf->ymin_set || util;
	d.plot.ymin = cf->ymin_set ? cf->ymin : 0;
	d.plot.ymax_set = cf->ymax_set || (util && !(cf->ymin_set && cf->ymin >= 1));
	d.plot.ymax = cf->ymax_set ? cf->ymax : 1;
	int r = hs_svg_plot(m, &d.plot);
	hs_report_time_plot_release(&d);
	free(xlabel);
	free(own);
	return r;
}

/* The figure (--gantt, --plot, --plot-time) or, with jobs, Batsim's
 * jobs.csv into a malloc'd buffer; NULL after an error. */
static char *render_view(const struct config *cf, int jobs, const struct hs_instance *one,
			 const char *label, const struct results *R, size_t *len)
{
	const struct hs_report_groups *g = R->g;
	char *buf = NULL;
	FILE *m = open_memstream(&buf, len);
	if (!m)
		hs_die(HS_EXIT_FAIL, "out of memory");
	int r;
	if (jobs) {
		r = hs_report_batsim_jobs(m, one, label);
	} else if (cf->gantt) {
		struct hs_gantt_opts o = {cf->title ? cf->title : label, cf->color, cf->width, cf->height,
					  cf->overlay, cf->rows, cf->time_unit};
		int both = one->has_plan && one->has_run;
		r = hs_svg_gantt(m, one, one->has_run ? &one->run : &one->plan, both ? &one->plan : NULL,
				 &o);
	} else if (cf->plot_time >= 0) {
		r = time_plot(m, cf, R);
	} else {
		struct hs_report_plot d;
		hs_report_plot_build(g, cf->nby, cf->plot, &d);
		/* "makespan (s)", "energy (J)"; relative values have no unit. */
		const struct hs_rm_info *mi = &hs_rm_info[cf->plot];
		char *ylabel = cf->ylabel	 ? hs_strdup(cf->ylabel)
			       : cf->rel_value ? hs_asprintf("%s relative to %s", mi->name, cf->rel_value)
			       : *mi->unit     ? hs_asprintf("%s (%s)", mi->name, mi->unit)
					       : hs_strdup(mi->name);
		d.plot.title = cf->title;
		d.plot.xlabel = cf->xlabel ? cf->xlabel : cf->x;
		d.plot.ylabel = ylabel;
		d.plot.logx = cf->logx;
		d.plot.logy = cf->logy;
		d.plot.width = cf->width;
		d.plot.height = cf->height;
		d.plot.ymin_set = cf->ymin_set;
		d.plot.ymin = cf->ymin;
		d.plot.ymax_set = cf->ymax_set;
		d.plot.ymax = cf->ymax;
		r = hs_svg_plot(m, &d.plot);
		hs_report_plot_release(&d);
		free(ylabel);
	}
	if (fclose(m) != 0)
		hs_die(HS_EXIT_FAIL, "out of memory");
	if (r < 0) {
		free(buf);
		return NULL;
	}
	return buf;
}

/* "hs-report --by algo a.hs": the command line for the MANIFEST. */
static char *command_line(int argc, char **argv)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	if (!m)
		hs_die(HS_EXIT_FAIL, "out of memory");
	fputs("hs-report", m);
	for (int i = 1; i < argc; i++) {
		if (argv[i][0] && !strpbrk(argv[i], " \t\n'\"\\$`*?[]#~;&|<>(){}")) {
			fprintf(m, " %s", argv[i]);
			continue;
		}
		fputs(" '", m);
		for (const char *p = argv[i]; *p; p++)
			fputs(*p == '\'' ? "'\\''" : (char[]){*p, 0}, m);
		fputc('\'', m);
	}
	fclose(m);
	return buf;
}

/* Write the output on stdout, and the bundle's reports, figure and jobs.
 * Returns the exit status. */
static int output(const struct config *cf, const struct results *R, const struct hs_instance *one,
		  struct hs_bundle *bundle)
{
	const char *label = R->in[0].row.label;
	int figure = cf->gantt || cf->plot >= 0 || cf->plot_time >= 0, jobs = cf->fmt == F_BATSIM;
	size_t len = 0, flen = 0;
	char *out, *fig = NULL;
	if (figure && (cf->fmt == F_SVG || bundle)) {
		fig = render_view(cf, 0, one, label, R, &flen);
		if (!fig)
			return HS_EXIT_FAIL;
	}
	if (cf->fmt == F_SVG) {
		out = hs_malloc(flen + 1);
		memcpy(out, fig, flen);
		len = flen;
	} else if (jobs) {
		out = render_view(cf, 1, one, label, R, &len);
	} else {
		out = render_table(cf, R, table_fmt(cf->fmt), &len);
	}
	int status = HS_EXIT_OK;
	if (!out) {
		free(fig);
		return HS_EXIT_FAIL;
	}
	errno = 0;
	if (fwrite(out, 1, len, stdout) != len) {
		hs_error("stdout: write error: %s", strerror(errno ? errno : EIO));
		status = HS_EXIT_FAIL;
	} else {
		status = hs_stdout_status();
	}
	if (bundle && status == HS_EXIT_OK) {
		static const struct {
			const char *name, *what;
			enum hs_table_fmt f;
		} reps[] = {
			{"report.txt", "the report, aligned text", HS_FMT_TEXT},
			{"report.tsv", "the report, tab-separated", HS_FMT_TSV},
			{"report.json", "the report, JSON", HS_FMT_JSON},
		};
		for (size_t i = 0; i < sizeof reps / sizeof *reps && status == HS_EXIT_OK; i++) {
			size_t tl;
			char *t = render_table(cf, R, reps[i].f, &tl);
			if (hs_bundle_add_mem(bundle, reps[i].name, t, tl, reps[i].what) < 0)
				status = HS_EXIT_FAIL;
			free(t);
		}
		if (status == HS_EXIT_OK && figure) {
			char *what = cf->gantt	      ? hs_asprintf("Gantt chart of %s", label)
				     : cf->plot >= 0 ? hs_asprintf("plot of %s against %s",
								    hs_rm_info[cf->plot].name, cf->x)
						     : hs_asprintf("plot of %s over time",
								    hs_timeline_names[cf->plot_time]);
			if (hs_bundle_add_mem(bundle, cf->gantt ? "gantt.svg" : "plot.svg", fig, flen, what) < 0)
				status = HS_EXIT_FAIL;
			free(what);
		}
		if (status == HS_EXIT_OK && jobs &&
		    hs_bundle_add_mem(bundle, "jobs.csv", out, len, "Batsim jobs.csv of the input") < 0)
			status = HS_EXIT_FAIL;
	}
	free(out);
	free(fig);
	return status;
}

/* Post-reading checks: keys and metrics that no input has.  Returns 0 or -1
 * after reporting. */
static int check_inputs(const struct config *cf, struct input *in, int n)
{
	for (int k = 0; k < cf->nby; k++) {
		int found = 0;
		for (int i = 0; i < n && !found; i++)
			found = in[i].row.keys[k] != NULL;
		if (!found) {
			hs_error("--by: no input has the provenance key '%s'", cf->by[k]);
			return -1;
		}
	}
	if (cf->rel_value) {
		int found = 0;
		for (int i = 0; i < n && !found; i++)
			found = in[i].row.base && strcmp(in[i].row.base, cf->rel_value) == 0;
		if (!found) {
			hs_error("--relative-to: no input has %s=%s", cf->rel_key, cf->rel_value);
			return -1;
		}
	}
	if (cf->plot >= 0) {
		int found = 0;
		for (int i = 0; i < n && !found; i++)
			found = in[i].row.vals.has[cf->plot];
		if (!found) {
			hs_error("--plot: no input has the metric %s", hs_rm_info[cf->plot].name);
			return -1;
		}
	}
	if (cf->plot_time == HS_TL_POWER) {
		int found = 0;
		for (int i = 0; i < n && !found; i++)
			found = in[i].row.vals.has[HS_RM_ENERGY];
		if (!found) {
			hs_error("--plot-time power: no input has power figures (node cpu_busy=, cpu_idle=, "
				 "gpu_busy=, gpu_idle=)");
			return -1;
		}
	}
	return 0;
}

int main(int argc, char **argv)
{
	hs_set_progname(argv[0]);
	struct config cf;
	int ind = 1, list = 0;
	parse_args(&cf, argc, argv, &ind, &list);
	if (list)
		return list_metrics(&cf);
	int n = argc > ind ? argc - ind : 1;
	int nstdin = 0;
	struct input *in = hs_calloc((size_t)n, sizeof *in);
	for (int k = 0; k < n; k++) {
		in[k].path = argc > ind ? argv[ind + k] : "-";
		nstdin += is_stdin(in[k].path);
	}
	if (nstdin > 1)
		hs_cli_usage_error(&cli, "standard input ('-') can be read only once");
	if ((cf.gantt || cf.fmt == F_BATSIM) && n != 1)
		hs_cli_usage_error(&cli, "%s shows one file, not %d", cf.gantt ? "--gantt" : "-f batsim-jobs",
				   n);

	struct hs_bundle *bundle = NULL;
	if (cf.bundle) {
		char *cmd = command_line(argc, argv);
		char *hdr = hs_asprintf("# hs-report bundle, written by hs-report (hs) %s:\n# %s\n",
					HS_VERSION, cmd);
		bundle = hs_bundle_open(cf.bundle, hdr);
		free(hdr);
		free(cmd);
		if (!bundle)
			return HS_EXIT_FAIL;
	}

	/* Read.  One input stays loaded for the one-file views; several go
	 * through the workers. */
	int status = HS_EXIT_OK, nread = 0;
	int nworkers = n > 1 && cf.jobs > 1 ? (cf.jobs < n ? cf.jobs : n) : 0;
	struct hs_stream one_s;
	struct hs_instance one;
	int have_one = 0;
	struct pool pool = {.cf = &cf, .in = in, .n = n};
	pthread_t *th = hs_calloc((size_t)(nworkers > 0 ? nworkers : 1), sizeof *th);
	if (nworkers) {
		hs_stream_set_threads(1); /* the files are read side by side already */
		pthread_mutex_init(&pool.mu, NULL);
		pthread_cond_init(&pool.cv, NULL);
		for (int t = 0; t < nworkers; t++)
			if (pthread_create(&th[t], NULL, worker, &pool) != 0)
				hs_die(HS_EXIT_FAIL, "cannot start a thread");
	}
	for (int k = 0; k < n; k++) {
		struct input *it = &in[k];
		if (nworkers) {
			pthread_mutex_lock(&pool.mu);
			while (!it->ready)
				pthread_cond_wait(&pool.cv, &pool.mu);
			pthread_mutex_unlock(&pool.mu);
			hs_msg_put(it->msg, it->msglen);
		} else {
			it->ok = load_input(&cf, it, &one_s, &one, n == 1) == 0;
			have_one = it->ok && n == 1;
		}
		nread++;
		if (!it->ok) {
			status = HS_EXIT_USAGE;
			break;
		}
		if (bundle) {
			char *name = hs_bundle_input_name(bundle, is_stdin(it->path) ? "stdin.hs" : it->path);
			char *what = hs_asprintf("input %s", is_stdin(it->path) ? "(standard input)" : it->path);
			int r = is_stdin(it->path)
					? hs_bundle_add_mem(bundle, name, it->copy, it->copylen, what)
					: hs_bundle_add_file(bundle, name, it->path, what);
			free(name);
			free(what);
			if (r < 0) {
				status = HS_EXIT_FAIL;
				break;
			}
		}
	}
	if (nworkers) {
		atomic_store(&pool.stop, 1);
		for (int t = 0; t < nworkers; t++)
			pthread_join(th[t], NULL);
		pthread_mutex_destroy(&pool.mu);
		pthread_cond_destroy(&pool.cv);
	}
	free(th);
	if (status == HS_EXIT_OK && check_inputs(&cf, in, n) < 0)
		status = HS_EXIT_USAGE;

	/* Tables, figures, outputs. */
	struct hs_report_groups groups = {0};
	struct hs_report_row *rows = NULL;
	if (status == HS_EXIT_OK && cf.grouped) {
		rows = hs_malloc((size_t)n * sizeof *rows);
		for (int k = 0; k < n; k++)
			rows[k] = in[k].row;
		hs_report_group(rows, n, cf.nkeys, cf.rel_value, &groups);
		if (groups.missing_base)
			hs_warn("%d of %d inputs have no %s=%s on the same instance: left out of the "
				"relative values",
				groups.missing_base, n, cf.rel_key, cf.rel_value);
	}
	if (status == HS_EXIT_OK)
	{
		struct results R = {in, n, cf.grouped ? rows : NULL, &groups};
		status = output(&cf, &R, have_one ? &one : NULL, bundle);
	}
	if (bundle) {
		if (status == HS_EXIT_OK) {
			if (hs_bundle_commit(bundle) < 0)
				status = HS_EXIT_FAIL;
		} else {
			hs_bundle_abort(bundle);
		}
	}

	/* The one file's model and records go back with the process (freeing
	 * a million records one by one took 3% of a run). */
	if (have_one && hs_free_at_exit()) {
		hs_instance_release(&one);
		hs_stream_release(&one_s);
	}
	hs_report_groups_release(&groups);
	free(rows);
	for (int k = 0; k < n; k++) {
		row_release(&in[k].row, cf.nkeys);
		free(in[k].msg);
		free(in[k].copy);
	}
	free(in);
	free(cf.by);
	free(cf.keys);
	free(cf.rel_key);
	return status;
}
