/* hs-report - metrics of planned or simulated streams, one column per file.
 *
 *   hs-report [-f text|tsv] [--lp] [FILE]...
 *
 * Each metric is one row of the table `rows` below: a name and a function
 * that fills the cell of one column (or leaves it empty when the metric does
 * not apply to that file).  A row is printed when some column has a value.
 * Metrics come from the run records when a stream has them, else from its
 * plan records; the `source` row says which. */
#include "hs/cli.h"
#include "hs/energy.h"
#include "hs/metrics.h"
#include "hs/model.h"
#include "hs/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct column {
	const char *label;
	struct hs_stream s;
	struct hs_instance in;
	int from_run;           /* metrics of the run records, else of the plan */
	struct hs_metrics m;    /* of the source schedule */
	struct hs_metrics plan; /* when in.has_plan */
	struct hs_metrics run;  /* when in.has_run */
	int has_power;
	struct hs_energy_metrics em; /* of the source schedule */
	double end_error;       /* mean |run end - plan end|, NAN without both */
};

enum cell_kind { CELL_NONE, CELL_NUM, CELL_INT, CELL_TEXT };
struct cell {
	enum cell_kind kind;
	double num;
	long i;
	const char *text;
};

#define NUM(v) ((struct cell){CELL_NUM, (v), 0, NULL})
#define INT(v) ((struct cell){CELL_INT, 0, (v), NULL})
#define TEXT(v) ((struct cell){CELL_TEXT, 0, 0, (v)})
#define NONE ((struct cell){CELL_NONE, 0, 0, NULL})

static struct cell r_source(const struct column *c) { return TEXT(c->from_run ? "run" : "plan"); }
static struct cell r_tasks(const struct column *c) { return INT(c->m.tasks); }
static struct cell r_makespan(const struct column *c) { return NUM(c->m.makespan); }
static struct cell r_lower_bound(const struct column *c) { return NUM(c->m.lower_bound); }
static struct cell r_ratio(const struct column *c) { return NUM(c->m.ratio); }
static struct cell r_utilization(const struct column *c) { return NUM(c->m.utilization); }
static struct cell r_gpu_utilization(const struct column *c)
{
	return c->in.plat.total_gpus > 0 ? NUM(c->m.gpu_utilization) : NONE;
}
static struct cell r_mean_completion(const struct column *c) { return NUM(c->m.mean_completion); }
static struct cell r_energy(const struct column *c) { return c->has_power ? NUM(c->m.energy) : NONE; }
static struct cell r_edp(const struct column *c) { return c->has_power ? NUM(c->em.edp) : NONE; }
static struct cell r_edn(const struct column *c) { return c->has_power ? NUM(c->em.edn) : NONE; }
static int both(const struct column *c) { return c->in.has_plan && c->in.has_run; }
static struct cell r_planned_makespan(const struct column *c)
{
	return both(c) ? NUM(c->plan.makespan) : NONE;
}
static struct cell r_run_makespan(const struct column *c)
{
	return both(c) ? NUM(c->run.makespan) : NONE;
}
static struct cell r_makespan_diff(const struct column *c)
{
	return both(c) ? NUM(c->run.makespan - c->plan.makespan) : NONE;
}
static struct cell r_mean_end_error(const struct column *c)
{
	return both(c) ? NUM(c->end_error) : NONE;
}
static struct cell r_killed(const struct column *c) { return c->in.has_run ? INT(c->run.killed) : NONE; }
static struct cell r_failed(const struct column *c) { return c->in.has_run ? INT(c->run.failed) : NONE; }

/* Documented in hs-report(1); keep the two in the same order. */
static const struct row {
	const char *name;
	struct cell (*get)(const struct column *c);
} rows[] = {
	{"source", r_source},
	{"tasks", r_tasks},
	{"makespan", r_makespan},
	{"lower_bound", r_lower_bound},
	{"ratio", r_ratio},
	{"utilization", r_utilization},
	{"gpu_utilization", r_gpu_utilization},
	{"mean_completion", r_mean_completion},
	{"energy", r_energy},
	{"edp", r_edp},
	{"edn", r_edn},
	{"planned_makespan", r_planned_makespan},
	{"run_makespan", r_run_makespan},
	{"makespan_diff", r_makespan_diff},
	{"mean_end_error", r_mean_end_error},
	{"killed", r_killed},
	{"failed", r_failed},
};
#define NROWS ((int)(sizeof rows / sizeof *rows))

/* ---- loading ---- */

static int has_power(const struct hs_platform *pl)
{
	for (int j = 0; j < pl->nnodes; j++) {
		const struct hs_node *n = &pl->nodes[j];
		if (n->cpu_busy > 0 || n->cpu_idle > 0 || n->gpu_busy > 0 || n->gpu_idle > 0)
			return 1;
	}
	return 0;
}

static double end_error(const struct hs_instance *in)
{
	double sum = 0;
	int n = 0;
	for (int i = 0; i < in->ntasks; i++) {
		const struct hs_placement *p = &in->plan.p[i], *r = &in->run.p[i];
		if (p->task < 0 || r->task < 0)
			continue;
		sum += fabs(r->end - p->end);
		n++;
	}
	return n ? sum / n : NAN;
}

/* The exponent n of the ED^n row (--edn). */
static double edn_exponent = 2;

/* Returns 0, or -1 after reporting (bad input). */
static int load(struct column *c, const char *path, int with_lp)
{
	memset(c, 0, sizeof *c);
	if (hs_stream_load(&c->s, path) < 0 || hs_instance_load(&c->in, &c->s) < 0)
		return -1;
	if (!c->in.has_plan && !c->in.has_run) {
		hs_error_at(c->s.name, 0, "no plan or run records (run hs-plan first)");
		return -1;
	}
	/* The lower bound belongs to the instance: with run records only the
	 * run's metrics show it, so the plan's skip the LP. */
	if (c->in.has_plan)
		hs_metrics_compute(&c->in, &c->in.plan, with_lp && !c->in.has_run, &c->plan);
	if (c->in.has_run)
		hs_metrics_compute(&c->in, &c->in.run, with_lp, &c->run);
	c->from_run = c->in.has_run;
	c->m = c->from_run ? c->run : c->plan;
	c->has_power = has_power(&c->in.plat);
	hs_energy_metrics(&c->in, c->from_run ? &c->in.run : &c->in.plan, edn_exponent, &c->em);
	c->end_error = both(c) ? end_error(&c->in) : NAN;
	/* stdin has no name worth a column header: the algorithm is better. */
	const char *algo = hs_stream_prov(&c->s, "algo");
	c->label = path && strcmp(path, "-") != 0 ? path : algo ? algo : "stdin";
	return 0;
}

/* ---- output ---- */

/* text: %.6g, easy to read; tsv: shortest text that reads back exactly. */
static void format_cell(const struct cell *cell, int tsv, char *buf, size_t size)
{
	switch (cell->kind) {
	case CELL_NONE: snprintf(buf, size, "%s", tsv ? "" : "-"); break;
	case CELL_INT: snprintf(buf, size, "%ld", cell->i); break;
	case CELL_TEXT: snprintf(buf, size, "%s", cell->text); break;
	case CELL_NUM:
		if (!isfinite(cell->num))
			snprintf(buf, size, "%s", isnan(cell->num) ? "nan" : cell->num > 0 ? "inf" : "-inf");
		else if (tsv) {
			char nb[HS_NUMBUF];
			snprintf(buf, size, "%s", hs_fmt_double(nb, cell->num));
		} else
			snprintf(buf, size, "%.6g", cell->num);
		break;
	}
}

static int row_applies(const struct row *r, const struct column *cols, int ncols)
{
	for (int k = 0; k < ncols; k++)
		if (r->get(&cols[k]).kind != CELL_NONE)
			return 1;
	return 0;
}

enum { CELLBUF = 64 };

static void print_tsv(FILE *f, const struct column *cols, int ncols)
{
	char buf[CELLBUF];
	if (ncols > 1) {
		fprintf(f, "metric");
		for (int k = 0; k < ncols; k++)
			fprintf(f, "\t%s", cols[k].label);
		fprintf(f, "\n");
	}
	for (int i = 0; i < NROWS; i++) {
		if (!row_applies(&rows[i], cols, ncols))
			continue;
		fprintf(f, "%s", rows[i].name);
		for (int k = 0; k < ncols; k++) {
			struct cell cell = rows[i].get(&cols[k]);
			format_cell(&cell, 1, buf, sizeof buf);
			fprintf(f, "\t%s", buf);
		}
		fprintf(f, "\n");
	}
}

/* Aligned table: metric names left, one right-aligned column per file. */
static void print_text(FILE *f, const struct column *cols, int ncols)
{
	int *width = hs_calloc((size_t)ncols + 1, sizeof *width);
	char buf[CELLBUF];
	width[0] = (int)strlen("metric");
	for (int k = 0; k < ncols; k++)
		width[k + 1] = (int)strlen(cols[k].label);
	for (int i = 0; i < NROWS; i++) {
		if (!row_applies(&rows[i], cols, ncols))
			continue;
		if ((int)strlen(rows[i].name) > width[0])
			width[0] = (int)strlen(rows[i].name);
		for (int k = 0; k < ncols; k++) {
			struct cell cell = rows[i].get(&cols[k]);
			format_cell(&cell, 0, buf, sizeof buf);
			if ((int)strlen(buf) > width[k + 1])
				width[k + 1] = (int)strlen(buf);
		}
	}
	fprintf(f, "%-*s", width[0], "metric");
	for (int k = 0; k < ncols; k++)
		fprintf(f, "  %*s", width[k + 1], cols[k].label);
	fprintf(f, "\n");
	for (int i = 0; i < NROWS; i++) {
		if (!row_applies(&rows[i], cols, ncols))
			continue;
		fprintf(f, "%-*s", width[0], rows[i].name);
		for (int k = 0; k < ncols; k++) {
			struct cell cell = rows[i].get(&cols[k]);
			format_cell(&cell, 0, buf, sizeof buf);
			fprintf(f, "  %*s", width[k + 1], buf);
		}
		fprintf(f, "\n");
	}
	free(width);
}

/* ---- main ---- */

/* Long-only options: 256 + their index in opts[] (hs_cli_next). */
enum { O_LP = 256 + 1, O_EDN = 256 + 2 };

static const struct hs_cli_opt opts[] = {
	{'f', "format", "text|tsv", "output format (default text)"},
	{0, "lp", NULL, "include the LP lower bound (GLPK; slower)"},
	{0, "edn", "N", "exponent n of the ED^n row (default 2)"},
	{0, NULL, NULL, NULL},
};

static const struct hs_cli cli = {
	"hs-report",
	"[-f text|tsv] [--lp] [--edn N] [FILE]...",
	"Metrics of planned or simulated hs streams (stdin without FILE), one column per file.",
	opts,
	NULL,
};

int main(int argc, char **argv)
{
	hs_set_progname(argv[0]);
	int tsv = 0, with_lp = 0;
	const char *arg;
	int c, ind;
	while ((c = hs_cli_next(&cli, argc, argv, &arg, &ind)) != -1) {
		if (c == 'f') {
			if (strcmp(arg, "text") == 0)
				tsv = 0;
			else if (strcmp(arg, "tsv") == 0)
				tsv = 1;
			else
				hs_cli_usage_error(&cli, "option -f: '%s' must be text or tsv", arg);
		} else if (c == O_LP) {
			with_lp = 1;
		} else if (c == O_EDN) {
			edn_exponent = hs_cli_double("--edn", arg, 1, 100);
		}
	}
	int ncols = argc > ind ? argc - ind : 1;
	struct column *cols = hs_calloc((size_t)ncols, sizeof *cols);
	int status = HS_EXIT_OK, loaded = 0;
	for (int k = 0; k < ncols; k++, loaded++)
		if (load(&cols[k], argc > ind ? argv[ind + k] : NULL, with_lp) < 0) {
			status = HS_EXIT_USAGE;
			loaded++;
			break;
		}
	if (status == HS_EXIT_OK) {
		if (tsv)
			print_tsv(stdout, cols, ncols);
		else
			print_text(stdout, cols, ncols);
		if (fflush(stdout) != 0) {
			hs_error("stdout: write error");
			status = HS_EXIT_FAIL;
		}
	}
	for (int k = 0; k < loaded; k++) {
		hs_instance_release(&cols[k].in);
		hs_stream_release(&cols[k].s);
	}
	free(cols);
	return status;
}
