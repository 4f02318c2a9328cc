/* hs/report.h - the pieces of hs-report: the metrics of one stream, tables
 * in several formats, groups of files with their statistics, the Batsim
 * jobs.csv export and result bundles.  Each lives in lib/report/. */
#ifndef HS_REPORT_H
#define HS_REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "hs/metrics.h"
#include "hs/power.h"
#include "hs/model.h"
#include "hs/stats.h"
#include "hs/svg.h"

/* ---------------- metrics of one stream (metric.c) ----------------
 * In the order of hs-report(1), which gives each formula. */
enum hs_rm {
	HS_RM_SOURCE,
	HS_RM_TASKS,
	HS_RM_MAKESPAN,
	HS_RM_LOWER_BOUND,
	HS_RM_RATIO,
	HS_RM_SUM_COMPLETION,
	HS_RM_MEAN_COMPLETION,
	HS_RM_UTILIZATION,
	HS_RM_GPU_UTILIZATION,
	HS_RM_IDLE_TIME,
	HS_RM_GPU_IDLE_TIME,
	HS_RM_MEAN_WAITING,
	HS_RM_MAX_WAITING,
	HS_RM_MEAN_TURNAROUND,
	HS_RM_MEAN_SLOWDOWN,
	HS_RM_MAX_SLOWDOWN,
	HS_RM_MEAN_BSLD,
	HS_RM_RUE,
	HS_RM_SPEEDUP,
	HS_RM_RUE_SEQ,
	HS_RM_APPS,
	HS_RM_APP_MAKESPAN,
	HS_RM_DIST_TIME,
	HS_RM_ENERGY,
	HS_RM_EDP,
	HS_RM_EDN,
	HS_RM_JOB_ENERGY,
	HS_RM_ASLEEP_TIME,
	HS_RM_SWITCHING_TIME,
	HS_RM_SWITCHES,
	HS_RM_BYTES_H2D,
	HS_RM_BYTES_D2H,
	HS_RM_APP_BYTES,
	HS_RM_FETCH_TIME,
	HS_RM_KILLED,
	HS_RM_FAILED,
	HS_RM_PLANNED_MAKESPAN,
	HS_RM_RUN_MAKESPAN,
	HS_RM_MAKESPAN_DIFF,
	HS_RM_MEAN_END_ERROR,
	HS_RM_COUNT
};

enum hs_rm_kind { HS_RM_TEXT, HS_RM_INT, HS_RM_NUM };

struct hs_rm_info {
	const char *name;
	enum hs_rm_kind kind;
	const char *from;  /* "schedule" (run records when present, else plan),
			      "plan", "run", "both" or "instance" */
	const char *help;  /* one line, for --list-metrics */
	const char *unit;  /* "s", "J", ...; "" for counts and ratios */
};
extern const struct hs_rm_info hs_rm_info[HS_RM_COUNT];
/* Index of a metric name, or -1. */
int hs_rm_find(const char *name);

/* One stream's metric values.  has[m] is 0 where metric m does not apply
 * (GPU metrics without GPUs, energy without power figures, waiting times
 * without release dates, run metrics without run records, ...).  shown[m]:
 * it applies and means something for this stream, so a report without
 * --metrics shows it (the application metrics for RSCHED's applications,
 * not for a workload whose app= names a profile; plan against run when the
 * plan records are a planner's, not an online algorithm's decisions). */
struct hs_report_vals {
	int from_run; /* the schedule metrics are the run's, else the plan's */
	unsigned char has[HS_RM_COUNT];
	unsigned char shown[HS_RM_COUNT];
	double v[HS_RM_COUNT];
};

/* Every metric of a loaded instance with plan and/or run records. */
void hs_report_vals_compute(const struct hs_instance *in, const struct hs_metrics_opts *o,
			    struct hs_report_vals *r);
/* Which records metric m came from for this stream: "plan", "run", "both"
 * or "instance". */
const char *hs_report_vals_from(const struct hs_report_vals *r, int m);

/* ---------------- tables (table.c) ----------------
 * Cells are numbers, integers, text or empty (the metric does not apply). */
enum hs_tcell_kind { HS_TC_NONE, HS_TC_NUM, HS_TC_INT, HS_TC_TEXT };
struct hs_tcell {
	enum hs_tcell_kind kind;
	double num;
	long i;
	char *text; /* owned */
	int numtext; /* text that JSON writes as a number when it is one */
};

struct hs_table {
	int ncols, nrows, cap;
	char **head;          /* column titles (owned) */
	unsigned char *left;  /* left-aligned in text and md (else right) */
	struct hs_tcell *cells; /* row-major, nrows * ncols */
};

enum hs_table_fmt { HS_FMT_TEXT, HS_FMT_TSV, HS_FMT_CSV, HS_FMT_MD, HS_FMT_JSON };

void hs_table_init(struct hs_table *t, int ncols);
void hs_table_release(struct hs_table *t);
void hs_table_head(struct hs_table *t, int col, const char *title, int left);
/* Append an empty row; returns its index. */
int hs_table_add_row(struct hs_table *t);
void hs_table_num(struct hs_table *t, int row, int col, double v);
void hs_table_int(struct hs_table *t, int row, int col, long v);
void hs_table_text(struct hs_table *t, int row, int col, const char *s);
/* Text (a provenance value: "24", "taskp") that JSON writes as a number
 * when it is a valid JSON number, as a string otherwise. */
void hs_table_key(struct hs_table *t, int row, int col, const char *s);
/* Write the whole table (see hs-report(1), OUTPUT FORMATS); json is an
 * array of one object per row.  Returns 0, or -1 on a write error. */
int hs_table_write(FILE *f, const struct hs_table *t, enum hs_table_fmt fmt);
/* Write one CSV field with RFC 4180 quoting (for other CSV writers). */
void hs_csv_field(FILE *f, const char *s);
/* Write s as a JSON string (quotes and escapes). */
void hs_json_string(FILE *f, const char *s);

/* ---------------- quantities over time (timeline.c) ----------------
 * Step functions: the value is v[i] from t[i] to t[i+1], and v[n-1] from
 * t[n-1] (the window's end) on; before t[0], `before`. */
struct hs_step {
	int n;
	double *t, *v;
	double before;
};

enum hs_timeline { HS_TL_UTILIZATION, HS_TL_QUEUE, HS_TL_RUNNING, HS_TL_POWER, HS_TL_COUNT };
extern const char *const hs_timeline_names[HS_TL_COUNT];
/* Index of a name ("utilization", "queue", "running", "power"), or -1. */
int hs_timeline_find(const char *name);

/* One quantity of schedule s over [min(0, earliest start), latest end]:
 *   utilization  busy cores / the platform's cores (and, into gpus when
 *                the platform has GPUs, busy GPUs / GPUs);
 *   queue        tasks released (release date, 0 without) and not started;
 *   running      tasks started and not ended;
 *   power        watts: every core and GPU at its idle power, plus
 *                (busy - idle) for those that run a task.
 * Tasks of no duration count in the queue only, as in the metrics: the
 * integral of utilization over the window divided by its length is the
 * utilization metric, that of power the energy metric.  gpus may be NULL;
 * returns 1 when it was filled (then release it), else 0. */
int hs_timeline(const struct hs_instance *in, const struct hs_schedule *s, enum hs_timeline kind,
		struct hs_step *out, struct hs_step *gpus);
/* hs_timeline with the nodes' power states of t (hs/power.h; NULL or
 * empty: hs_timeline's): power counts each node's state, asleep or
 * switching, and a job's busy watts at its node's state when it started
 * (a switch of no time is a point of energy the curve leaves out). */
int hs_timeline_power(const struct hs_instance *in, const struct hs_schedule *s,
		      enum hs_timeline kind, const struct hs_power_trace *t, struct hs_step *out,
		      struct hs_step *gpus);
/* The value at time t. */
double hs_step_at(const struct hs_step *s, double t);
/* The integral from t[0] to t[n-1]. */
double hs_step_integral(const struct hs_step *s);
/* The mean of n step functions at every time (a step function itself),
 * from the earliest start to the latest end. */
void hs_step_mean(const struct hs_step *const *s, int n, struct hs_step *out);
void hs_step_release(struct hs_step *s);

/* ---------------- groups of files (group.c) ----------------
 * One row per input file; rows with equal key values form a group. */
struct hs_report_row {
	char *label;               /* file name (or the algorithm for stdin) */
	struct hs_report_vals vals;
	char **keys;               /* nkeys values (NULL: the file has no such key) */
	char *inst;                /* instance identity for --relative-to, or NULL */
	char *base;                /* value of the --relative-to key, or NULL */
	struct hs_step *tl;        /* --plot-time: the quantity over time (owned), */
	struct hs_step *tl_gpus;   /* and GPU utilization (owned), or NULL */
};

/* The instance a stream describes, for --relative-to: the fields of its
 * "prov gen" record except key skip, or (without one) a hash of its
 * platform, cluster, node and task records.  Malloc'd. */
char *hs_report_instance_key(const struct hs_stream *s, const char *skip);

enum hs_stat { HS_STAT_MEAN, HS_STAT_MEDIAN, HS_STAT_MIN, HS_STAT_MAX, HS_STAT_SD,
	       HS_STAT_CI95, HS_STAT_N, HS_STAT_COUNT };
extern const char *const hs_stat_names[HS_STAT_COUNT];

struct hs_report_group {
	char **keys;          /* the group's key values (borrowed from a row) */
	int nfiles;
	int first;            /* its rows are rows[first .. first + nfiles) */
	unsigned char has[HS_RM_COUNT];  /* the metric applies to some file */
	unsigned char shown[HS_RM_COUNT]; /* and is shown by default for some file */
	struct hs_stats st[HS_RM_COUNT]; /* per metric, over the files it applies to */
};

struct hs_report_groups {
	int nkeys;
	struct hs_report_group *g;
	int n;
	int missing_base;     /* rows without a baseline on their instance */
};

/* Group rows by their nkeys key values (sorted: numbers by value, then
 * text), and compute each metric's statistics over the group's files.
 * With base_value, each file's metrics are first divided by the mean of
 * those of the files on the same instance whose base equals base_value
 * (rows' inst and base must be set).  The rows are reordered. */
void hs_report_group(struct hs_report_row *rows, int nrows, int nkeys, const char *base_value,
		     struct hs_report_groups *out);
void hs_report_groups_release(struct hs_report_groups *g);
/* Order of two key values: numbers by value before text, text by strcmp,
 * missing (NULL) last. */
int hs_report_key_cmp(const char *a, const char *b);

/* ---------------- layouts (layout.c) ----------------
 * What a report shows: metrics (nmetrics 0: every one shown by default for
 * some file (hs_report_vals.shown), in table order, or with all every one
 * that applies to some file), statistics (nstats 0: the mean, in a column named
 * after the metric; else METRIC.STAT columns) and group keys. */
#define HS_RM_VIEW_MAX HS_RM_COUNT /* most metrics a view may list */
struct hs_report_view {
	const int *metrics;
	int nmetrics;
	int all;                   /* nmetrics 0: the metrics that apply, not those shown */
	const int *stats;
	int nstats;
	const char *const *keys;
	int nkeys;
};

/* One file: metric, value, source.  Several: metric, then a column per
 * file, the source as the first row. */
void hs_report_files_table(const struct hs_report_view *v, const struct hs_report_row *rows,
			   int n, struct hs_table *t);
/* The same transposed, a row per file (file, source, metrics): for JSON. */
void hs_report_files_records(const struct hs_report_view *v, const struct hs_report_row *rows,
			     int n, struct hs_table *t);
/* A row per group: keys, files, statistics per metric. */
void hs_report_groups_table(const struct hs_report_view *v, const struct hs_report_groups *g,
			    struct hs_table *t);

/* A plot of metric over groups keyed by nby line keys then x: a series per
 * value of the line keys (labelled with them, or with the metric's name
 * when nby is 0), a point per x value at the mean with the 95% interval as
 * error bar.  The caller fills plot's title, labels, axes and size. */
struct hs_report_plot {
	struct hs_plot plot;
	struct hs_plot_series *series;
	double *x, *y, *lo, *hi;
	char **labels;
};
void hs_report_plot_build(const struct hs_report_groups *g, int nby, int metric,
			  struct hs_report_plot *p);
void hs_report_plot_release(struct hs_report_plot *p);

/* ---------------- over time (timeplot.c) ----------------
 * --plot-time: a line per row (rows[i].tl, and rows[i].tl_gpus as a second
 * line), or with groups and nby > 0 a line per group, the mean of its
 * files' steps; a single line has no label, so no legend.  The time axis
 * in unit (hs_report_time_unit resolves AUTO from the rows' span).  The
 * caller fills plot's title, labels, axes and size. */
struct hs_report_tplot {
	struct hs_plot plot;
	struct hs_plot_series *series;
	struct hs_step *steps;
	double **x;
	char **labels;
};
enum hs_time_unit hs_report_time_unit(const struct hs_report_row *rows, int nrows,
				      enum hs_time_unit want);
void hs_report_time_plot_build(const struct hs_report_row *rows, int nrows,
			       const struct hs_report_groups *g, int nby, enum hs_time_unit unit,
			       struct hs_report_tplot *p);
void hs_report_time_plot_release(struct hs_report_tplot *p);
/* The same as a table: the keys (or file), time (s), the quantity and
 * (when some line has GPUs) gpu_utilization, one row per breakpoint. */
void hs_report_time_table(const struct hs_report_row *rows, int nrows,
			  const struct hs_report_groups *g, const char *const *keys, int nby,
			  enum hs_timeline kind, struct hs_table *t);

/* ---------------- Batsim jobs.csv (batsim.c) ----------------
 * One line per task of the run records (else the plan records), with the
 * columns of Batsim's _jobs.csv, so that evalys and other Batsim analysis
 * tools read it.  Resources are numbered like Batsim's: every core of the
 * platform, node by node in stream order, then every GPU.  Returns 0, or
 * -1 on a write error. */
int hs_report_batsim_jobs(FILE *f, const struct hs_instance *in, const char *workload);

/* ---------------- bundles (bundle.c) ----------------
 * A tar archive written atomically (compressed by the name's suffix:
 * .tar.gz/.tgz, .tar.xz, .tar.zst, .tar.bz2, .tar) with a MANIFEST of its
 * entries. */
struct hs_bundle;
/* Check that path names a supported archive type; 0 or -1. */
int hs_bundle_check_name(const char *path);
/* NULL after reporting an error.  header: the first lines of the MANIFEST. */
struct hs_bundle *hs_bundle_open(const char *path, const char *header);
/* Add an entry from memory or from a file copied as it is.  what: one line
 * for the MANIFEST.  Return 0, or -1 after reporting. */
int hs_bundle_add_mem(struct hs_bundle *b, const char *name, const void *data, size_t n,
		      const char *what);
int hs_bundle_add_file(struct hs_bundle *b, const char *name, const char *path, const char *what);
/* The name under which an input path is stored: inputs/PATH without a
 * leading "/" or "../", made unique in this bundle.  Malloc'd. */
char *hs_bundle_input_name(struct hs_bundle *b, const char *path);
/* Write the MANIFEST, finish the archive and rename it into place: 0, or
 * -1 after reporting (nothing is left behind).  Frees b either way. */
int hs_bundle_commit(struct hs_bundle *b);
void hs_bundle_abort(struct hs_bundle *b);

#endif
