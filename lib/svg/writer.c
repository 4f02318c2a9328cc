/* svg/writer.c - writing SVG with libxml2's text writer: the document, elements,
 * attributes with compact numbers, path data, palettes (see svg_priv.h). */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/xmlwriter.h>

#include "hs/util.h"
#include "svg_priv.h"

#define W(g) ((xmlTextWriterPtr)(g)->w)
#define X(s) ((const xmlChar *)(s))

/* Record the first failure (and its errno); later calls do nothing. */
static void check(struct svg *g, int rc)
{
	if (rc < 0 && !g->err) {
		g->err = 1;
		g->errnum = errno;
	}
}

/* libxml2 prints its own I/O errors; ours name the output instead. */
static void quiet(void *ctx, const char *msg, ...)
{
	(void)ctx;
	(void)msg;
}
static xmlGenericErrorFunc saved_handler;
static void *saved_ctx;

void svg_begin(struct svg *g, FILE *f, double width, double height)
{
	g->err = 0;
	g->errnum = 0;
	g->w = NULL;
	g->f = f;
	saved_handler = xmlGenericError;
	saved_ctx = xmlGenericErrorContext;
	xmlSetGenericErrorFunc(NULL, quiet);
	xmlOutputBufferPtr out = xmlOutputBufferCreateFile(f, NULL);
	if (!out || !(g->w = xmlNewTextWriter(out))) {
		if (out)
			xmlOutputBufferClose(out);
		check(g, -1);
		return;
	}
	/* One element per line: readable, and diffs of committed figures stay small. */
	xmlTextWriterSetIndent(W(g), 1);
	xmlTextWriterSetIndentString(W(g), X(""));
	check(g, xmlTextWriterStartDocument(W(g), NULL, "UTF-8", NULL));
	svg_open(g, "svg");
	svg_attr(g, "xmlns", "http://www.w3.org/2000/svg");
	svg_attr(g, "version", "1.1");
	svg_attr_num(g, "width", width);
	svg_attr_num(g, "height", height);
	char a[SVG_NUMBUF], b[SVG_NUMBUF];
	svg_attrf(g, "viewBox", "0 0 %s %s", svg_num(a, width), svg_num(b, height));
	svg_attr(g, "font-family", SVG_FONT_FAMILY);
	svg_attr_num(g, "font-size", SVG_FONT_TICK);
	svg_rect(g, 0, 0, width, height);
	svg_attr(g, "fill", "#fff");
	svg_close(g);
}

int svg_end(struct svg *g)
{
	if (g->w) {
		if (!g->err)
			check(g, xmlTextWriterEndDocument(W(g)));
		xmlFreeTextWriter(W(g)); /* flushes into the FILE, which stays open */
		g->w = NULL;
	}
	xmlSetGenericErrorFunc(saved_ctx, saved_handler);
	errno = 0;
	if (fflush(g->f) != 0 || ferror(g->f))
		check(g, -1);
	if (g->err) {
		int e = g->errnum;
		hs_error("SVG output: write error%s%s", e ? ": " : "", e ? strerror(e) : "");
		return -1;
	}
	return 0;
}

void svg_open(struct svg *g, const char *name)
{
	if (!g->err)
		check(g, xmlTextWriterStartElement(W(g), X(name)));
}

void svg_close(struct svg *g)
{
	if (!g->err)
		check(g, xmlTextWriterEndElement(W(g)));
}

/* Length of the valid UTF-8 sequence of an XML 1.0 character at s, or 0
 * (a stray byte, an overlong form, a surrogate, a control character). */
static int xml_char_len(const unsigned char *s)
{
	unsigned c = s[0];
	int n;
	if (c < 0x80)
		return c >= 0x20 || c == '\t' || c == '\n' || c == '\r';
	if (c >= 0xc2 && c <= 0xdf)
		n = 2, c &= 0x1f;
	else if (c >= 0xe0 && c <= 0xef)
		n = 3, c &= 0x0f;
	else if (c >= 0xf0 && c <= 0xf4)
		n = 4, c &= 0x07;
	else
		return 0;
	for (int i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (s[i] & 0x3f);
	}
	static const unsigned min[5] = { 0, 0, 0x80, 0x800, 0x10000 };
	if (c < min[n] || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff) || c == 0xfffe || c == 0xffff)
		return 0;
	return n;
}

/* Text from the input (ids, labels) may hold any bytes; XML may not.  NULL
 * when s is fine as it is, else a copy with U+FFFD for each bad byte. */
static char *xml_clean(const char *s)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0;
	int n;
	while (u[i] && (n = xml_char_len(u + i)) > 0)
		i += n;
	if (!u[i])
		return NULL;
	char *out = hs_malloc(3 * strlen(s) + 1), *o = out;
	for (i = 0; u[i];) {
		if ((n = xml_char_len(u + i)) > 0) {
			memcpy(o, u + i, n);
			o += n;
			i += n;
		} else {
			memcpy(o, "\xef\xbf\xbd", 3);
			o += 3;
			i++;
		}
	}
	*o = '\0';
	return out;
}

void svg_attr(struct svg *g, const char *name, const char *val)
{
	if (g->err)
		return;
	char *clean = xml_clean(val);
	check(g, xmlTextWriterWriteAttribute(W(g), X(name), X(clean ? clean : val)));
	free(clean);
}

void svg_attrf(struct svg *g, const char *name, const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (n >= (int)sizeof buf) { /* long values (never in practice): allocate */
		char *big = hs_malloc(n + 1);
		va_start(ap, fmt);
		vsnprintf(big, n + 1, fmt, ap);
		va_end(ap);
		svg_attr(g, name, big);
		free(big);
		return;
	}
	svg_attr(g, name, buf);
}

void svg_attr_num(struct svg *g, const char *name, double v)
{
	char buf[SVG_NUMBUF];
	svg_attr(g, name, svg_num(buf, v));
}

void svg_string(struct svg *g, const char *s)
{
	if (g->err)
		return;
	char *clean = xml_clean(s);
	check(g, xmlTextWriterWriteString(W(g), X(clean ? clean : s)));
	free(clean);
}

void svg_title(struct svg *g, const char *s)
{
	svg_open(g, "title");
	svg_string(g, s);
	svg_close(g);
}

void svg_group(struct svg *g, const char *cls)
{
	svg_open(g, "g");
	if (cls)
		svg_attr(g, "class", cls);
}

void svg_rect(struct svg *g, double x, double y, double w, double h)
{
	svg_open(g, "rect");
	svg_attr_num(g, "x", x);
	svg_attr_num(g, "y", y);
	svg_attr_num(g, "width", w);
	svg_attr_num(g, "height", h);
}

void svg_line(struct svg *g, double x1, double y1, double x2, double y2)
{
	svg_open(g, "line");
	svg_attr_num(g, "x1", x1);
	svg_attr_num(g, "y1", y1);
	svg_attr_num(g, "x2", x2);
	svg_attr_num(g, "y2", y2);
}

void svg_text(struct svg *g, double x, double y, const char *anchor, double size)
{
	svg_open(g, "text");
	svg_attr_num(g, "x", x);
	svg_attr_num(g, "y", y);
	if (anchor && strcmp(anchor, "start") != 0)
		svg_attr(g, "text-anchor", anchor);
	if (size > 0)
		svg_attr_num(g, "font-size", size);
}

void svg_text_line(struct svg *g, double x, double y, const char *anchor, double size,
		   const char *s)
{
	svg_text(g, x, y, anchor, size);
	svg_string(g, s);
	svg_close(g);
}

char *svg_num(char *buf, double v)
{
	if (!isfinite(v))
		v = 0; /* never produced by the layouts; keeps the document valid */
	snprintf(buf, SVG_NUMBUF, "%.2f", v);
	char *dot = strchr(buf, '.');
	if (dot) {
		char *e = buf + strlen(buf);
		while (e > dot + 1 && e[-1] == '0')
			e--;
		if (e == dot + 1)
			e = dot;
		*e = '\0';
	}
	if (strcmp(buf, "-0") == 0)
		strcpy(buf, "0");
	return buf;
}

/* Append op with nxy numbers (0, 1: x, 2: x y). */
static void path_add(struct svg_path *p, char op, int nxy, double x, double y)
{
	char a[SVG_NUMBUF], b[SVG_NUMBUF], tmp[2 * SVG_NUMBUF + 4];
	int n = nxy == 2 ? snprintf(tmp, sizeof tmp, "%c%s %s", op, svg_num(a, x), svg_num(b, y))
		: nxy == 1 ? snprintf(tmp, sizeof tmp, "%c%s", op, svg_num(a, x))
			   : snprintf(tmp, sizeof tmp, "%c", op);
	if (p->len + n + 1 > p->cap) {
		p->cap = p->cap ? 2 * p->cap : 256;
		if (p->cap < p->len + n + 1)
			p->cap = p->len + n + 1;
		p->d = hs_realloc(p->d, p->cap);
	}
	memcpy(p->d + p->len, tmp, n + 1);
	p->len += n;
}

void svg_path_move(struct svg_path *p, double x, double y) { path_add(p, 'M', 2, x, y); }
void svg_path_line(struct svg_path *p, double x, double y) { path_add(p, 'L', 2, x, y); }
void svg_path_close(struct svg_path *p) { path_add(p, 'Z', 0, 0, 0); }
void svg_path_h(struct svg_path *p, double dx) { path_add(p, 'h', 1, dx, 0); }
void svg_path_v(struct svg_path *p, double dy) { path_add(p, 'v', 1, dy, 0); }
void svg_path_hto(struct svg_path *p, double x) { path_add(p, 'H', 1, x, 0); }
void svg_path_vto(struct svg_path *p, double y) { path_add(p, 'V', 1, y, 0); }

void svg_path_rect(struct svg_path *p, double x, double y, double w, double h)
{
	svg_path_move(p, x, y);
	svg_path_h(p, w);
	svg_path_v(p, h);
	svg_path_h(p, -w);
	path_add(p, 'z', 0, 0, 0);
}

void svg_path_reset(struct svg_path *p)
{
	p->len = 0;
	if (p->d)
		p->d[0] = '\0';
}

void svg_path_free(struct svg_path *p)
{
	free(p->d);
	p->d = NULL;
	p->len = p->cap = 0;
}

void svg_path_attr(struct svg *g, const struct svg_path *p)
{
	svg_attr(g, "d", p->d ? p->d : "");
}

void svg_stroked_path(struct svg *g, const char *cls, const struct svg_path *p, const char *stroke,
		      const char *width, const char *dash)
{
	if (!p->len)
		return;
	svg_open(g, "path");
	svg_attr(g, "class", cls);
	svg_attr(g, "fill", "none");
	svg_attr(g, "stroke", stroke);
	svg_attr(g, "stroke-width", width);
	if (dash)
		svg_attr(g, "stroke-dasharray", dash);
	svg_path_attr(g, p);
	svg_close(g);
}

double svg_text_width(const char *s, double size)
{
	double em = 0;
	for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
		if ((*c & 0xc0) == 0x80)
			continue; /* UTF-8 continuation byte */
		if (strchr("ijlI.,:;'|!", *c))
			em += 0.28;
		else if (strchr("frt()[]- ", *c))
			em += 0.36;
		else if (strchr("mwMW", *c))
			em += 0.85;
		else if (*c >= 'A' && *c <= 'Z')
			em += 0.7;
		else /* digits and most lower case: 0.64 em in DejaVu Sans, the usual fallback */
			em += 0.62;
	}
	return em * size;
}

const char *svg_line_color(int i)
{
	static const char *c[SVG_NLINE_COLORS] = {
		"#0072B2", "#D55E00", "#009E73", "#CC79A7",
		"#E69F00", "#56B4E9", "#000000", "#F0E442",
	};
	return c[(i % SVG_NLINE_COLORS + SVG_NLINE_COLORS) % SVG_NLINE_COLORS];
}

const char *svg_fill_color(int i)
{
	static const char *c[SVG_NFILL_COLORS] = {
		"#77AADD", "#EE8866", "#EEDD88", "#FFAABB", "#99DDFF",
		"#44BB99", "#BBCC33", "#AAAA00", "#DDDDDD",
	};
	return c[(i % SVG_NFILL_COLORS + SVG_NFILL_COLORS) % SVG_NFILL_COLORS];
}

const char *svg_dash(int i)
{
	static const char *d[SVG_NDASHES] = { "none", "6 3", "2 2", "8 3 2 3", "4 4", "10 3 2 3 2 3" };
	return d[(i % SVG_NDASHES + SVG_NDASHES) % SVG_NDASHES];
}

const char *svg_box_color(int i)
{
	static const char *c[SVG_NBOX_COLORS] = {
		"#aec7e8", "#ffbb78", "#98df8a", "#c5b0d5", "#f7b6d2", "#dbdb8d", "#9edae5", "#c49c94",
		"#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#e377c2", "#bcbd22", "#17becf", "#8c564b",
	};
	return c[(i % SVG_NBOX_COLORS + SVG_NBOX_COLORS) % SVG_NBOX_COLORS];
}

/* The text colour of more contrast on a fill "#rrggbb": white when the
 * fill's relative luminance is below 0.2 (WCAG's contrast ratios of white
 * and of #222 cross there), else #222. */
const char *svg_text_on(const char *fill)
{
	unsigned r, g, b;
	if (!fill || sscanf(fill, "#%2x%2x%2x", &r, &g, &b) != 3)
		return "#222";
	double lum[3], v[3] = { r / 255.0, g / 255.0, b / 255.0 };
	for (int k = 0; k < 3; k++)
		lum[k] = v[k] <= 0.04045 ? v[k] / 12.92 : pow((v[k] + 0.055) / 1.055, 2.4);
	double y = 0.2126 * lum[0] + 0.7152 * lum[1] + 0.0722 * lum[2];
	return y < 0.2 ? "#fff" : "#222";
}
