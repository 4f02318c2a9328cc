/* report/output.c - what hs-report writes: the report table in any format
 * (hs_report_files_table and the other layouts of layout.c), the figure
 * (--gantt, --plot, --plot-time) or Batsim's jobs.csv on stdout, and the
 * --bundle archive of reports, figure and inputs with the command line in
 * its MANIFEST.
 *
 * Each output is made in memory first, so that a figure that fails leaves
 * stdout untouched and the bundle holds the very bytes written there. */
#include "report/tool.h"
#include "hs/util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static enum hs_table_fmt table_fmt(enum out_fmt f)
{
	static const enum hs_table_fmt map[] = {HS_FMT_TEXT, HS_FMT_TSV, HS_FMT_CSV, HS_FMT_JSON,
						HS_FMT_MD};
	return f <= F_MD ? map[f] : HS_FMT_TEXT;
}

/* --list-metrics: every metric, where it comes from, what it is. */
int hs_report_list_metrics(const struct config *cf)
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
	hs_table_write(stdout, &t, table_fmt(cf->fmt));
	hs_table_release(&t);
	return hs_stdout_status();
}

/* What was read: the inputs, and when grouped their rows sorted into the
 * groups (else NULL: the rows of the inputs in order). */
struct results {
	struct input *in;
	int n;
	const struct hs_report_row *rows;
	const struct hs_report_groups *g;
	const struct hs_cmp *cmp; /* --relative-to FILE, or NULL */
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
	struct hs_report_view v = {cf->metrics, cf->nmetrics, cf->all_metrics, cf->stats,
				   cf->nstats, cf->keys, cf->nkeys};
	struct hs_table t;
	if (cf->plot_time >= 0) {
		struct hs_report_row *own;
		const struct hs_report_row *rows = result_rows(R, &own);
		hs_report_time_table(rows, n, g, cf->keys, cf->nby, (enum hs_timeline)cf->plot_time, &t);
		free(own);
	} else if (R->cmp) {
		hs_report_cmp_table(R->cmp, cf->per_job, f == HS_FMT_JSON, &t);
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
	/* A memory stream fails only when memory does; it is closed either way. */
	int w = hs_table_write(m, &t, f);
	if (fclose(m) != 0 || w < 0)
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
	} else if (R->cmp) {
		r = hs_report_cmp_plot(m, R->cmp, cf);
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

/* Write the output on stdout, and the bundle's reports, figure and jobs.
 * Returns the exit status. */
static int write_output(const struct config *cf, const struct results *R,
			const struct hs_instance *one, struct hs_bundle *bundle)
{
	const char *label = R->in[0].row.label;
	int figure = cf->gantt || cf->plot >= 0 || cf->plot_time >= 0 ||
		     (R->cmp && cf->fmt == F_SVG),
	    jobs = cf->fmt == F_BATSIM;
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
				     : cf->plot_time >= 0
					     ? hs_asprintf("plot of %s over time",
							   hs_timeline_names[cf->plot_time])
					     : hs_asprintf("plot of the start differences to %s", label);
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

/* The groups borrow the rows' keys: they live while the outputs are made,
 * the rows themselves until the inputs are released. */
int hs_report_output(const struct config *cf, struct input *in, int n,
		     const struct hs_instance *one, struct hs_bundle *bundle)
{
	struct hs_report_groups groups = {0};
	struct hs_report_row *rows = NULL;
	if (cf->grouped) {
		rows = hs_malloc((size_t)n * sizeof *rows);
		for (int k = 0; k < n; k++)
			rows[k] = in[k].row;
		hs_report_group(rows, n, cf->nkeys, cf->rel_value, &groups);
		if (groups.missing_base)
			hs_warn("%d of %d inputs have no %s=%s on the same instance: left out of the "
				"relative values",
				groups.missing_base, n, cf->rel_key, cf->rel_value);
	}
	/* The comparison warns once about unmatched jobs, for every output. */
	struct hs_cmp *cmp = NULL;
	if (cf->rel_file && !(cmp = hs_report_compare(cf, in, n))) {
		hs_report_groups_release(&groups);
		free(rows);
		return HS_EXIT_USAGE;
	}
	struct results R = {in, n, cf->grouped ? rows : NULL, &groups, cmp};
	int status = write_output(cf, &R, one, bundle);
	hs_report_cmp_release(cmp);
	hs_report_groups_release(&groups);
	free(rows);
	return status;
}

/* ---------------- the bundle ---------------- */

/* "hs-report --by algo a.hs": the command line for the MANIFEST. */
static char *command_line(int argc, char *const *argv)
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

struct hs_bundle *hs_report_bundle_open(const char *path, int argc, char *const *argv)
{
	char *cmd = command_line(argc, argv);
	char *hdr = hs_asprintf("# hs-report bundle, written by hs-report (hs) %s:\n# %s\n",
				HS_VERSION, cmd);
	struct hs_bundle *bundle = hs_bundle_open(path, hdr);
	free(hdr);
	free(cmd);
	return bundle;
}

int hs_report_bundle_close(struct hs_bundle *bundle, int status)
{
	if (!bundle)
		return status;
	if (status != HS_EXIT_OK) {
		hs_bundle_abort(bundle);
		return status;
	}
	return hs_bundle_commit(bundle) < 0 ? HS_EXIT_FAIL : HS_EXIT_OK;
}
