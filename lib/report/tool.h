/* report/tool.h - the hs-report tool over the pieces of hs/report.h: its
 * options as parsed (cmd/hs-report.c), its inputs read and checked on
 * worker threads (inputs.c), its tables, figures and bundle written
 * (output.c), runs compared job by job with a baseline run (compare.c).  Not installed: hs/report.h is the plugins' interface and
 * stays as it is; this one is the tool's own, and may change with it. */
#ifndef HS_REPORT_TOOL_H
#define HS_REPORT_TOOL_H

#include <stddef.h>

#include "hs/metrics.h"
#include "hs/model.h"
#include "hs/report.h"
#include "hs/svg.h"

/* -f, in the order of fmt_names in cmd/hs-report.c: the table formats
 * first (F_MD the last of them), then the figure and jobs.csv. */
enum out_fmt { F_TEXT, F_TSV, F_CSV, F_JSON, F_MD, F_SVG, F_BATSIM };

/* The options (parse_args in cmd/hs-report.c), which the library reads. */
struct config {
	enum out_fmt fmt;
	int fmt_given;
	int metrics[HS_RM_COUNT], nmetrics; /* --metrics, in order; 0: those shown by default */
	int all_metrics;                    /* --metrics all: every one that applies */
	char **by;                          /* --by keys (one allocation) */
	int nby;
	int stats[HS_STAT_COUNT], nstats;   /* --stats; 0: the mean, plain names */
	char *rel_key;                      /* --relative-to KEY (default: first --by key) */
	const char *rel_value;
	const char *rel_file;               /* --relative-to FILE: the baseline run, input 0 */
	int per_job;                        /* --per-job */
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

/* ---------------- the inputs (inputs.c) ---------------- */

/* One input file: its row once read, and what its worker held back. */
struct input {
	const char *path;
	struct hs_report_row row;
	int ok;
	char *msg;       /* messages of a worker, printed by the main thread */
	size_t msglen;
	char *copy;      /* for --bundle: the bytes read, when as_read */
	size_t copylen;
	int as_read;     /* not a regular file (stdin, a pipe): bundle copy */
	int ready;
	struct hs_cmp_jobs *jobs; /* --relative-to FILE: its run's jobs (compare.c) */
};

/* The file of a one-file view (--gantt, -f batsim-jobs), kept loaded. */
struct one_file {
	struct hs_stream s;
	struct hs_instance in;
	int loaded;
};

/* n inputs: paths[0 .. n), or standard input ("-") when paths is NULL;
 * *nstdin counts the "-" among them. */
struct input *hs_report_inputs_new(char *const *paths, int n, int *nstdin);
/* Read every input in order (several at a time on cf->jobs threads), each
 * worker's messages printed in input order, and add each to bundle (may be
 * NULL).  A single input stays loaded in *one.  Stops at the first bad
 * input: returns HS_EXIT_OK, HS_EXIT_USAGE (bad input) or HS_EXIT_FAIL. */
int hs_report_read(const struct config *cf, struct input *in, int n, struct hs_bundle *bundle,
		   struct one_file *one);
/* Keys and metrics the options name that no input has: 0, or -1 after
 * reporting. */
int hs_report_check_inputs(const struct config *cf, const struct input *in, int n);
void hs_report_inputs_release(const struct config *cf, struct input *in, int n);
/* Release *one where memory is checked at exit; else it goes back with the
 * process. */
void hs_report_one_release(struct one_file *one);

/* ---------------- runs against a baseline run (compare.c) ----------------
 * --relative-to FILE: input 0 is the baseline, every other input is
 * compared with it job by job (jobs matched by task id). */
struct hs_cmp_jobs;
struct hs_cmp;
/* The jobs of in's run records (the tasks that have one), taken as the
 * input is read. */
struct hs_cmp_jobs *hs_report_cmp_jobs(const struct hs_instance *in);
void hs_report_cmp_jobs_free(struct hs_cmp_jobs *j);
/* Inputs 1 .. n against input 0 (every one with jobs): a warning per file
 * with jobs that the other has not; NULL after reporting a file with no job
 * in common. */
struct hs_cmp *hs_report_compare(const struct config *cf, const struct input *in, int n);
/* The summary (a row per measure, a column per file; with records a row per
 * file, for JSON) or with per_job a row per matched job. */
void hs_report_cmp_table(const struct hs_cmp *c, int per_job, int records, struct hs_table *t);
/* The start differences against the baseline's starts, a line per file;
 * 0, or -1 after reporting. */
int hs_report_cmp_plot(FILE *f, const struct hs_cmp *c, const struct config *cf);
void hs_report_cmp_release(struct hs_cmp *c);

/* ---------------- the outputs (output.c) ---------------- */

/* --list-metrics as a table in the chosen format; the exit status. */
int hs_report_list_metrics(const struct config *cf);
/* The --bundle archive, its MANIFEST naming the command line; NULL after
 * reporting an error. */
struct hs_bundle *hs_report_bundle_open(const char *path, int argc, char *const *argv);
/* Commit the bundle (may be NULL) when status is HS_EXIT_OK, else drop it;
 * the exit status. */
int hs_report_bundle_close(struct hs_bundle *bundle, int status);
/* Group the rows of the inputs when cf->grouped, write the report, figure
 * or jobs.csv on stdout and, into bundle (may be NULL), the reports in
 * three formats and the figure or jobs.csv.  one: the single input kept
 * loaded, or NULL.  Returns the exit status. */
int hs_report_output(const struct config *cf, struct input *in, int n,
		     const struct hs_instance *one, struct hs_bundle *bundle);

#endif
