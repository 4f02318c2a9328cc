/* table.c - a table of cells written as aligned text, TSV, CSV, Markdown or
 * JSON (hs-report(1), OUTPUT FORMATS). */
#include "hs/report.h"
#include "hs/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void hs_table_init(struct hs_table *t, int ncols)
{
	memset(t, 0, sizeof *t);
	t->ncols = ncols;
	t->head = hs_calloc((size_t)ncols, sizeof *t->head);
	t->left = hs_calloc((size_t)ncols, sizeof *t->left);
}

void hs_table_release(struct hs_table *t)
{
	for (int c = 0; c < t->ncols; c++)
		free(t->head[c]);
	for (long k = 0; k < (long)t->nrows * t->ncols; k++)
		free(t->cells[k].text);
	free(t->head);
	free(t->left);
	free(t->cells);
	memset(t, 0, sizeof *t);
}

void hs_table_head(struct hs_table *t, int col, const char *title, int left)
{
	free(t->head[col]);
	t->head[col] = hs_strdup(title);
	t->left[col] = (unsigned char)(left != 0);
}

int hs_table_add_row(struct hs_table *t)
{
	if (t->nrows == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 16;
		t->cells = hs_reallocarray(t->cells, (size_t)t->cap * (size_t)t->ncols, sizeof *t->cells);
	}
	memset(&t->cells[(size_t)t->nrows * t->ncols], 0, (size_t)t->ncols * sizeof *t->cells);
	return t->nrows++;
}

static struct hs_tcell *cell(struct hs_table *t, int row, int col)
{
	struct hs_tcell *c = &t->cells[(size_t)row * t->ncols + col];
	free(c->text);
	memset(c, 0, sizeof *c);
	return c;
}

void hs_table_num(struct hs_table *t, int row, int col, double v)
{
	struct hs_tcell *c = cell(t, row, col);
	c->kind = HS_TC_NUM;
	c->num = v;
}

void hs_table_int(struct hs_table *t, int row, int col, long v)
{
	struct hs_tcell *c = cell(t, row, col);
	c->kind = HS_TC_INT;
	c->i = v;
}

void hs_table_text(struct hs_table *t, int row, int col, const char *s)
{
	struct hs_tcell *c = cell(t, row, col);
	if (!s)
		return;
	c->kind = HS_TC_TEXT;
	c->text = hs_strdup(s);
}

void hs_table_key(struct hs_table *t, int row, int col, const char *s)
{
	hs_table_text(t, row, col, s);
	t->cells[(size_t)row * t->ncols + col].numtext = s != NULL;
}

/* ---- cells as text ---- */

enum { CELLBUF = 64 };

/* The text of a cell: for people (text, md) numbers with %.6g and "-" for
 * an empty cell; for programs (tsv, csv) the shortest text that reads back
 * as the same double and an empty field. */
static const char *cell_text(const struct hs_tcell *c, int exact, char *buf)
{
	switch (c->kind) {
	case HS_TC_NONE:
		return exact ? "" : "-";
	case HS_TC_TEXT:
		return c->text;
	case HS_TC_INT:
		snprintf(buf, CELLBUF, "%ld", c->i);
		return buf;
	case HS_TC_NUM:
		break;
	}
	if (isnan(c->num))
		return "nan";
	if (isinf(c->num))
		return c->num > 0 ? "inf" : "-inf";
	if (exact)
		return hs_fmt_double(buf, c->num);
	snprintf(buf, CELLBUF, "%.6g", c->num);
	return buf;
}

static const struct hs_tcell *at(const struct hs_table *t, int row, int col)
{
	return &t->cells[(size_t)row * t->ncols + col];
}

/* ---- text ---- */

static void pad(FILE *f, int n)
{
	for (; n > 0; n--)
		fputc(' ', f);
}

static void write_text(FILE *f, const struct hs_table *t)
{
	int *w = hs_calloc((size_t)t->ncols, sizeof *w);
	char buf[CELLBUF];
	for (int c = 0; c < t->ncols; c++) {
		w[c] = (int)strlen(t->head[c] ? t->head[c] : "");
		for (int r = 0; r < t->nrows; r++) {
			int n = (int)strlen(cell_text(at(t, r, c), 0, buf));
			if (n > w[c])
				w[c] = n;
		}
	}
	for (int r = -1; r < t->nrows; r++) {
		for (int c = 0; c < t->ncols; c++) {
			const char *s = r < 0 ? (t->head[c] ? t->head[c] : "") : cell_text(at(t, r, c), 0, buf);
			int n = (int)strlen(s), last = c == t->ncols - 1;
			if (c > 0)
				fputs("  ", f);
			if (!t->left[c])
				pad(f, w[c] - n);
			fputs(s, f);
			if (t->left[c] && !last)
				pad(f, w[c] - n);
		}
		fputc('\n', f);
	}
	free(w);
}

/* ---- tsv, csv ---- */

/* A TSV field cannot hold a tab or a line break: they become spaces. */
static void tsv_field(FILE *f, const char *s)
{
	for (; *s; s++)
		fputc(*s == '\t' || *s == '\n' || *s == '\r' ? ' ' : *s, f);
}

void hs_csv_field(FILE *f, const char *s)
{
	if (!strpbrk(s, ",\"\r\n")) {
		fputs(s, f);
		return;
	}
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

static void write_sep(FILE *f, const struct hs_table *t, int csv)
{
	char buf[CELLBUF];
	for (int r = -1; r < t->nrows; r++) {
		for (int c = 0; c < t->ncols; c++) {
			const char *s = r < 0 ? (t->head[c] ? t->head[c] : "") : cell_text(at(t, r, c), 1, buf);
			if (c > 0)
				fputc(csv ? ',' : '\t', f);
			if (csv)
				hs_csv_field(f, s);
			else
				tsv_field(f, s);
		}
		fputc('\n', f);
	}
}

/* ---- markdown ---- */

static void md_field(FILE *f, const char *s)
{
	for (; *s; s++) {
		if (*s == '|')
			fputc('\\', f);
		fputc(*s == '\n' || *s == '\r' ? ' ' : *s, f);
	}
}

static void write_md(FILE *f, const struct hs_table *t)
{
	char buf[CELLBUF];
	for (int r = -2; r < t->nrows; r++) {
		fputc('|', f);
		for (int c = 0; c < t->ncols; c++) {
			if (r == -2) {
				fputc(' ', f);
				md_field(f, t->head[c] ? t->head[c] : "");
				fputs(" |", f);
			} else if (r == -1) {
				fputs(t->left[c] ? " --- |" : " ---: |", f);
			} else {
				fputc(' ', f);
				md_field(f, cell_text(at(t, r, c), 0, buf));
				fputs(" |", f);
			}
		}
		fputc('\n', f);
	}
}

/* ---- json ---- */

void hs_json_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		switch (*p) {
		case '"': fputs("\\\"", f); break;
		case '\\': fputs("\\\\", f); break;
		case '\n': fputs("\\n", f); break;
		case '\r': fputs("\\r", f); break;
		case '\t': fputs("\\t", f); break;
		default:
			if (*p < 0x20)
				fprintf(f, "\\u%04x", *p);
			else
				fputc(*p, f);
		}
	}
	fputc('"', f);
}

/* JSON's number grammar: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? */
static int is_json_number(const char *s)
{
	const char *p = s + (*s == '-');
	if (*p == '0')
		p++;
	else if (*p >= '1' && *p <= '9')
		while (*p >= '0' && *p <= '9')
			p++;
	else
		return 0;
	if (*p == '.') {
		if (!(*++p >= '0' && *p <= '9'))
			return 0;
		while (*p >= '0' && *p <= '9')
			p++;
	}
	if (*p == 'e' || *p == 'E') {
		p++;
		if (*p == '+' || *p == '-')
			p++;
		if (!(*p >= '0' && *p <= '9'))
			return 0;
		while (*p >= '0' && *p <= '9')
			p++;
	}
	return *p == '\0';
}

/* Numbers as JSON numbers; NaN, infinities and empty cells as null. */
static void json_cell(FILE *f, const struct hs_tcell *c)
{
	char buf[HS_NUMBUF];
	switch (c->kind) {
	case HS_TC_NONE: fputs("null", f); break;
	case HS_TC_TEXT:
		if (c->numtext && is_json_number(c->text))
			fputs(c->text, f);
		else
			hs_json_string(f, c->text);
		break;
	case HS_TC_INT: fprintf(f, "%ld", c->i); break;
	case HS_TC_NUM:
		if (isfinite(c->num))
			fputs(hs_fmt_double(buf, c->num), f);
		else
			fputs("null", f);
		break;
	}
}

static void write_json(FILE *f, const struct hs_table *t)
{
	fputc('[', f);
	for (int r = 0; r < t->nrows; r++) {
		fputs(r ? ",\n  {" : "\n  {", f);
		for (int c = 0; c < t->ncols; c++) {
			if (c)
				fputs(", ", f);
			hs_json_string(f, t->head[c] ? t->head[c] : "");
			fputs(": ", f);
			json_cell(f, at(t, r, c));
		}
		fputc('}', f);
	}
	fputs(t->nrows ? "\n]\n" : "]\n", f);
}

int hs_table_write(FILE *f, const struct hs_table *t, enum hs_table_fmt fmt)
{
	switch (fmt) {
	case HS_FMT_TEXT: write_text(f, t); break;
	case HS_FMT_TSV: write_sep(f, t, 0); break;
	case HS_FMT_CSV: write_sep(f, t, 1); break;
	case HS_FMT_MD: write_md(f, t); break;
	case HS_FMT_JSON: write_json(f, t); break;
	}
	return ferror(f) ? -1 : 0;
}
