/* test_svg - the SVG figures: tick values, number format, Gantt bars at
 * hand-computed coordinates, plots, tooltips, well-formedness (parsed back
 * with libxml2), byte-identical output for the same input.
 *
 *   test_svg             run the checks (TAP)
 *   test_svg --write DIR write the example figures (gantt.svg, plot.svg,
 *                        plot-log.svg, gantt-large.svg, empty.svg) into DIR
 *                        for tests/0445-report-svg.bats */
#include <libxml/parser.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>

#include "hs/svg.h"
#include "model_fixture.h"
#include "svg/svg_priv.h"
#include "tap.h"

/* ---------------- helpers ---------------- */

/* 32-bit LCG: the same pseudo-random numbers everywhere. */
static double lcg(unsigned *st)
{
	*st = *st * 1664525u + 1013904223u;
	return (*st >> 8) / 16777216.0;
}

struct buf {
	char *p;
	size_t n;
};

static struct buf gantt_buf(const struct hs_instance *in, const struct hs_schedule *s,
			    const struct hs_schedule *ov, const struct hs_gantt_opts *o, int *rc)
{
	struct buf b = { 0 };
	FILE *f = open_memstream(&b.p, &b.n);
	*rc = hs_svg_gantt(f, in, s, ov, o);
	fclose(f);
	return b;
}

static struct buf plot_buf(const struct hs_plot *p, int *rc)
{
	struct buf b = { 0 };
	FILE *f = open_memstream(&b.p, &b.n);
	*rc = hs_svg_plot(f, p);
	fclose(f);
	return b;
}

static xmlDocPtr parse(const struct buf *b)
{
	return xmlReadMemory(b->p, (int)b->n, "t.svg", NULL, XML_PARSE_NONET | XML_PARSE_NOERROR);
}

/* Nodes matching an XPath expression where "s:" is the SVG namespace. */
static xmlXPathObjectPtr xp(xmlDocPtr d, const char *expr)
{
	xmlXPathContextPtr c = xmlXPathNewContext(d);
	xmlXPathRegisterNs(c, BAD_CAST "s", BAD_CAST "http://www.w3.org/2000/svg");
	xmlXPathObjectPtr o = xmlXPathEvalExpression(BAD_CAST expr, c);
	xmlXPathFreeContext(c);
	return o;
}

static int count(xmlDocPtr d, const char *expr)
{
	xmlXPathObjectPtr o = xp(d, expr);
	int n = o && o->nodesetval ? o->nodesetval->nodeNr : -1;
	xmlXPathFreeObject(o);
	return n;
}

/* Attribute of the k-th match as a number (NAN when absent). */
static double attr(xmlDocPtr d, const char *expr, int k, const char *name)
{
	xmlXPathObjectPtr o = xp(d, expr);
	double v = NAN;
	if (o && o->nodesetval && k < o->nodesetval->nodeNr) {
		xmlChar *s = xmlGetProp(o->nodesetval->nodeTab[k], BAD_CAST name);
		if (s)
			v = strtod((const char *)s, NULL);
		xmlFree(s);
	}
	xmlXPathFreeObject(o);
	return v;
}

/* Attribute of the k-th match as text (static buffer, "" when none). */
static const char *attr_text_k(xmlDocPtr d, const char *expr, int k, const char *name)
{
	static char out[65536];
	out[0] = '\0';
	xmlXPathObjectPtr o = xp(d, expr);
	if (o && o->nodesetval && k < o->nodesetval->nodeNr) {
		xmlChar *s = xmlGetProp(o->nodesetval->nodeTab[k], BAD_CAST name);
		if (s)
			snprintf(out, sizeof out, "%s", (const char *)s);
		xmlFree(s);
	}
	xmlXPathFreeObject(o);
	return out;
}

static const char *attr_text(xmlDocPtr d, const char *expr, const char *name)
{
	return attr_text_k(d, expr, 0, name);
}

/* Text content of the k-th match (static buffer, "" when none). */
static const char *text(xmlDocPtr d, const char *expr, int k)
{
	static char out[1024];
	out[0] = '\0';
	xmlXPathObjectPtr o = xp(d, expr);
	if (o && o->nodesetval && k < o->nodesetval->nodeNr) {
		xmlChar *s = xmlNodeGetContent(o->nodesetval->nodeTab[k]);
		snprintf(out, sizeof out, "%s", s ? (const char *)s : "");
		xmlFree(s);
	}
	xmlXPathFreeObject(o);
	return out;
}

static int ticks_are(const struct svg_ticks *t, int n, const double *v)
{
	if (t->n != n)
		return 0;
	for (int i = 0; i < n; i++)
		if (fabs(t->v[i] - v[i]) > 1e-12 * fmax(1, fabs(v[i])))
			return 0;
	return 1;
}

/* ---------------- ticks and numbers ---------------- */

static void test_ticks(void)
{
	struct svg_ticks t;
	svg_ticks(&t, 0, 7.3, 8, 0, 1);
	TAP_OK(ticks_are(&t, 9, (double[]){ 0, 1, 2, 3, 4, 5, 6, 7, 8 }) && t.lo == 0 && t.hi == 8,
	       "0..7.3, 8 intervals, extended: 0,1,...,8 on 0..8");
	svg_ticks(&t, 0, 7.3, 5, 0, 1);
	TAP_OK(ticks_are(&t, 5, (double[]){ 0, 2, 4, 6, 8 }) && t.hi == 8,
	       "0..7.3, 5 intervals, extended: 0,2,4,6,8");
	svg_ticks(&t, 0, 7.3, 8, 0, 0);
	TAP_OK(ticks_are(&t, 8, (double[]){ 0, 1, 2, 3, 4, 5, 6, 7 }) && t.hi == 7.3,
	       "0..7.3 inside: 0..7, range kept");
	svg_ticks(&t, 0, 10, 7, 0, 1);
	TAP_OK(ticks_are(&t, 6, (double[]){ 0, 2, 4, 6, 8, 10 }) && t.hi == 10, "0..10: step 2");
	svg_ticks(&t, 0.1, 0.37, 5, 0, 1);
	TAP_OK(ticks_are(&t, 4, (double[]){ 0.1, 0.2, 0.3, 0.4 }), "0.1..0.37: 0.1 steps");
	struct svg_label l;
	svg_tick_label(&t, t.v[2], &l);
	TAP_STREQ(l.text, "0.3", "label 0.3 (not 0.30000000000000004)");
	svg_ticks(&t, -3.2, 47, 6, 0, 1);
	TAP_OK(ticks_are(&t, 7, (double[]){ -10, 0, 10, 20, 30, 40, 50 }), "-3.2..47: step 10");
	svg_ticks(&t, 950, 1400, 6, 0, 0);
	TAP_OK(ticks_are(&t, 5, (double[]){ 1000, 1100, 1200, 1300, 1400 }), "950..1400 inside: 100s");
	svg_ticks(&t, 5, 5, 4, 0, 0);
	TAP_OK(t.lo == 4.5 && t.hi == 5.5 && t.n >= 2, "a single value is widened by 10%%");
	svg_ticks(&t, NAN, INFINITY, 4, 0, 1);
	TAP_OK(t.lo == 0 && t.hi == 1 && t.n >= 2, "non-finite range: 0..1");

	svg_ticks(&t, 1, 1000, 8, 1, 0);
	TAP_OK(ticks_are(&t, 4, (double[]){ 1, 10, 100, 1000 }) && t.nminor == 24,
	       "log 1..1000: decades and 8 minor ticks per decade");
	svg_ticks(&t, 3, 700, 8, 1, 1);
	TAP_OK(ticks_are(&t, 4, (double[]){ 1, 10, 100, 1000 }) && t.lo == 1 && t.hi == 1000,
	       "log 3..700 extended: 1..1000");
	svg_ticks(&t, 2, 8, 8, 1, 0);
	TAP_OK(ticks_are(&t, 2, (double[]){ 2, 5 }), "log 2..8: 1-2-5 ticks 2, 5");
	svg_ticks(&t, 1, 99, 8, 1, 0);
	TAP_OK(ticks_are(&t, 6, (double[]){ 1, 2, 5, 10, 20, 50 }), "log 1..99: 1-2-5 ticks");
	svg_ticks(&t, 1, 128, 8, 1, 0);
	TAP_OK(ticks_are(&t, 3, (double[]){ 1, 10, 100 }) && t.nminor == 16,
	       "log 1..128, over two decades: decades, minor ticks 2..90");
	svg_ticks(&t, 1e-3, 1e9, 6, 1, 0);
	TAP_OK(ticks_are(&t, 6, (double[]){ 1e-2, 1, 1e2, 1e4, 1e6, 1e8 }) && t.nminor == 7 &&
		       t.minor[0] == 1e-3 && t.minor[6] == 1e9,
	       "log 1e-3..1e9, 6 intervals: every second decade, the others minor");
	svg_tick_label(&t, 1e8, &l);
	TAP_OK(strcmp(l.text, "10") == 0 && strcmp(l.sup, "8") == 0, "label of 1e8 is 10^8");
	svg_tick_label(&t, 0.01, &l);
	TAP_OK(strcmp(l.text, "0.01") == 0 && !l.sup[0], "label of 0.01 is plain");
	svg_ticks(&t, 0, 3e6, 4, 0, 1);
	svg_tick_label(&t, 1e6, &l);
	TAP_OK(strcmp(l.text, "10") == 0 && strcmp(l.sup, "6") == 0, "linear 1e6: 10^6");
	svg_tick_label(&t, 2e6, &l);
	TAP_OK(strcmp(l.text, "2\xc3\x97" "10") == 0 && strcmp(l.sup, "6") == 0, "linear 2e6: 2x10^6");
	svg_ticks(&t, -0.5, 0.5, 4, 0, 1);
	TAP_OK(ticks_are(&t, 3, (double[]){ -0.5, 0, 0.5 }), "-0.5..0.5: step 0.5");
	svg_tick_label(&t, t.v[1], &l);
	TAP_STREQ(l.text, "0", "zero label, no minus sign");
	svg_ticks(&t, -1, -0.01, 8, 1, 0);
	TAP_OK(t.lo > 0 && t.n >= 2, "log axis of negative data: a positive default range");

	char b[SVG_NUMBUF];
	TAP_STREQ(svg_num(b, 12.5), "12.5", "number 12.5");
	TAP_STREQ(svg_num(b, 3), "3", "number 3");
	TAP_STREQ(svg_num(b, 1.1049), "1.1", "number 1.1049 -> 1.1");
	TAP_STREQ(svg_num(b, -0.001), "0", "number -0.001 -> 0");
	TAP_STREQ(svg_num(b, 123456.789), "123456.79", "number 123456.789");
}

/* ---------------- Gantt ---------------- */

/* Node n1: 4 cores; node g: 1 core, 1 GPU (6 rows of 16 px).
 *   a: n1 cores 0-1 [0,5]  (one bar of two rows, half the width)
 *   b: n1 core 0   [5,10]
 *   d: n1 cores 1,3 [5,8]  (two bars: the cores are not consecutive)
 *   c: g GPU 0     [0,10]  (the last row) */
static const char *small_text = "cluster c\n"
				"node n1 cluster=c cores=4\n"
				"node g cluster=c cores=1 gpus=1\n"
				"task a model=rigid size=2 time=5 app=x\n"
				"task b model=rigid size=1 time=5 app=y\n"
				"task c model=gpu gpu_time=10 app=x\n"
				"task d model=rigid size=2 time=3\n"
				"plan a node=n1 cores=0-1 start=0 end=5\n"
				"plan b node=n1 cores=0 start=5 end=10\n"
				"plan c node=g cores= gpus=0 start=0 end=10\n"
				"plan d node=n1 cores=1,3 start=5 end=8\n"
				"run a node=n1 cores=0-1 start=0 end=5 state=done\n"
				"run b node=n1 cores=0 start=5 end=9 state=killed\n"
				"run c node=g cores= gpus=0 start=0 end=10 state=done\n"
				"run d node=n1 cores=1,3 start=5 end=6 state=failed\n";

#define BAR "//s:rect[@class='bar']"

static void test_gantt_small(void)
{
	struct hs_stream s;
	struct hs_instance in;
	TAP_OK(fx_load(&s, &in, small_text) == 0, "small instance loads");
	struct hs_gantt_opts o = { .title = "plan", .color = HS_GANTT_COLOR_APP, .width = 600 };
	int rc;
	struct buf b = gantt_buf(&in, &in.plan, NULL, &o, &rc);
	xmlDocPtr d = parse(&b);
	TAP_OK(rc == 0 && d != NULL, "plan Gantt: written and well-formed");
	TAP_OK(count(d, BAR) == 5, "5 bars: a, b, c, and d on two core runs");
	double fx = attr(d, "//s:rect[@class='frame']", 0, "x");
	double fy = attr(d, "//s:rect[@class='frame']", 0, "y");
	double fw = attr(d, "//s:rect[@class='frame']", 0, "width");
	double fh = attr(d, "//s:rect[@class='frame']", 0, "height");
	TAP_NEAR(fh, 6 * 16, 0.01, "frame: 6 rows of 16 px");
	TAP_NEAR(fx + fw, 600 - 16, 0.01, "frame ends 16 px from the right of 600 px");
	/* Bars in task order: a, b, c, d(cores 1), d(core 3). */
	TAP_NEAR(attr(d, BAR, 0, "x"), fx, 0.01, "a starts at the left edge");
	TAP_NEAR(attr(d, BAR, 0, "width"), fw / 2, 0.01, "a: 0..5 on a 0..10 axis is half the width");
	TAP_NEAR(attr(d, BAR, 0, "y"), fy, 0.01, "a: top row");
	TAP_NEAR(attr(d, BAR, 0, "height"), 32, 0.01, "a: two rows");
	TAP_NEAR(attr(d, BAR, 1, "x"), fx + fw / 2, 0.01, "b starts at the middle");
	TAP_NEAR(attr(d, BAR, 1, "height"), 16, 0.01, "b: one row");
	TAP_NEAR(attr(d, BAR, 2, "y"), fy + 5 * 16, 0.01, "c: the GPU row, last");
	TAP_NEAR(attr(d, BAR, 2, "width"), fw, 0.01, "c: the whole axis");
	TAP_NEAR(attr(d, BAR, 3, "y"), fy + 16, 0.01, "d: core 1");
	TAP_NEAR(attr(d, BAR, 4, "y"), fy + 3 * 16, 0.01, "d: core 3");
	TAP_NEAR(attr(d, BAR, 3, "width"), fw * 3 / 10, 0.01, "d: 3 s of 10");
	TAP_OK(count(d, "//s:g[@class='task']/s:title") == 4, "one tooltip per task");
	const char *tip = text(d, "//s:g[@class='task']/s:title", 0);
	TAP_STREQ(tip, "task a\napp x\nnode n1: cores 0-1\nstart 0 s\nend 5 s\nduration 5 s",
		  "tooltip of a");
	tip = text(d, "//s:g[@class='task']/s:title", 2);
	TAP_OK(strstr(tip, "node g: GPU 0") != NULL, "tooltip of c names the GPU");
	TAP_STREQ(text(d, "//s:g[@class='labels']/s:text", 5), "g:gpu0", "GPU row label");
	TAP_STREQ(text(d, "//s:g[@class='labels']/s:text", 0), "n1:0", "core row label");
	TAP_OK(count(d, "//s:g[@class='legend']/s:text") == 2, "legend: apps x and y");
	TAP_OK(count(d, "//s:g[contains(@class,'axis x')]//s:text") == 7,
	       "time axis: ticks 0,2,...,10 and its label");
	TAP_STREQ(text(d, "//s:g[contains(@class,'axis x')]//s:text", 5), "10", "last tick 10");
	TAP_OK(count(d, "//s:rect[@class='killed' or @class='failed' or @class='plan']") == 0,
	       "a plan has no killed, failed or overlay marks");
	xmlFreeDoc(d);

	struct buf b2 = gantt_buf(&in, &in.plan, NULL, &o, &rc);
	TAP_OK(b.n == b2.n && memcmp(b.p, b2.p, b.n) == 0, "same input, same bytes");
	free(b2.p);
	free(b.p);

	/* The run with the plan as overlay. */
	o.title = NULL;
	b = gantt_buf(&in, &in.run, &in.plan, &o, &rc);
	d = parse(&b);
	TAP_OK(rc == 0 && d != NULL, "run Gantt with plan overlay: well-formed");
	TAP_OK(count(d, "//s:rect[@class='killed']") == 1 && count(d, "//s:rect[@class='failed']") == 2,
	       "killed b marked once, failed d on both its bars");
	TAP_OK(count(d, "//s:pattern") == 2, "hatch patterns defined");
	TAP_OK(count(d, "//s:path[@class='plan']") == 1, "the plan: one dashed path");
	const char *pd = attr_text(d, "//s:path[@class='plan']", "d");
	int subpaths = 0;
	for (const char *c = pd; *c; c++)
		subpaths += *c == 'z';
	TAP_OK(subpaths == 5, "5 outlines in it (%d)", subpaths);
	/* b's plan: 5..10 on row 0, the second outline: x at the middle, half the width. */
	double fx2 = attr(d, "//s:rect[@class='frame']", 0, "x");
	double fw2 = attr(d, "//s:rect[@class='frame']", 0, "width");
	char want[96], n1[SVG_NUMBUF], n2[SVG_NUMBUF], n3[SVG_NUMBUF];
	snprintf(want, sizeof want, "zM%s %sh%s", svg_num(n1, fx2 + fw2 / 2),
		 svg_num(n2, attr(d, "//s:rect[@class='frame']", 0, "y")), svg_num(n3, fw2 / 2));
	TAP_OK(strstr(pd, want) != NULL, "plan of b: 5..10, half the width (%s in %s)", want, pd);
	TAP_OK(strstr(text(d, "//s:g[@class='task']/s:title", 1), "state killed\nplanned 5-10 s") != NULL,
	       "tooltip of the run: state and planned times");
	TAP_OK(count(d, "//s:g[@class='legend']/s:text[.='killed' or .='failed' or .='plan']") == 3,
	       "legend: killed, failed, plan");
	xmlFreeDoc(d);
	free(b.p);

	/* Per-task colours. */
	o.color = HS_GANTT_COLOR_TASK;
	b = gantt_buf(&in, &in.plan, NULL, &o, &rc);
	d = parse(&b);
	TAP_OK(rc == 0 && d && count(d, "//s:g[@class='legend']") == 0, "colour by task: no legend");
	xmlFreeDoc(d);
	free(b.p);
	fx_free(&s, &in);
}

static void test_gantt_colors(void)
{
	struct hs_stream s;
	struct hs_instance in;
	fx_load(&s, &in, small_text);
	struct hs_gantt_opts o = { 0 };
	int rc;
	struct buf b = gantt_buf(&in, &in.plan, NULL, &o, &rc);
	xmlDocPtr d = parse(&b);
	char fill[4][16];
	for (int k = 0; k < 4; k++) {
		xmlXPathObjectPtr x = xp(d, BAR);
		xmlChar *v = xmlGetProp(x->nodesetval->nodeTab[k], BAD_CAST "fill");
		snprintf(fill[k], sizeof fill[k], "%s", (char *)v);
		xmlFree(v);
		xmlXPathFreeObject(x);
	}
	TAP_OK(strcmp(fill[0], fill[2]) == 0 && strcmp(fill[0], fill[1]) != 0 &&
		       strcmp(fill[3], fill[0]) != 0 && strcmp(fill[3], fill[1]) != 0,
	       "by app: a and c (app x) alike, b (y) and d (none) different");
	TAP_OK(attr(d, "/s:svg", 0, "width") == 960, "default width 960");
	xmlFreeDoc(d);
	free(b.p);
	fx_free(&s, &in);
}

/* A cluster-scoped task on every core of two nodes is one box (the rows
 * are consecutive); placements outside the platform are skipped. */
static void test_gantt_parts(void)
{
	struct hs_stream s;
	struct hs_instance in;
	fx_load(&s, &in, "cluster c\nnode n1 cluster=c cores=2\nnode n2 cluster=c cores=2\n"
			 "task a model=amdahl t1=8 beta=0 scope=cluster\n"
			 "task b model=amdahl t1=1 beta=0\n"
			 "plan a node=n1,n2 cores=0-1/0-1 start=0 end=2\n"
			 "plan b node=n1 cores=0 start=2 end=3\n");
	int c7[] = { 7 }, c1[] = { 1 };
	struct hs_schedule odd;
	hs_schedule_init(&odd, 2);
	hs_schedule_add(&odd, 0, 0, c7, 1, NULL, 0, 0, 1); /* no core 7 */
	hs_schedule_add(&odd, 1, 1, c1, 1, NULL, 0, 1, 2);
	struct hs_gantt_opts o = { .overlay = HS_GANTT_OVERLAY_OUTLINE };
	int rc;
	struct buf b = gantt_buf(&in, &in.plan, &odd, &o, &rc);
	xmlDocPtr d = parse(&b);
	TAP_OK(rc == 0 && d && count(d, BAR) == 2, "a on all cores of two nodes: one box, b one");
	TAP_OK(strstr(text(d, "//s:g[@class='task']/s:title", 0), "node n1: cores 0-1\nnode n2: cores 0-1"),
	       "tooltip lists both nodes");
	TAP_NEAR(attr(d, BAR, 0, "height"), 4 * 16, 0.01, "a's box spans the 4 rows of n1 and n2");
	const char *pd = attr_text(d, "//s:path[@class='plan']", "d");
	TAP_OK(strchr(pd, 'z') == strrchr(pd, 'z') && *pd, "overlay: the core that does not exist is skipped");
	TAP_OK(count(d, "//s:path[@class='sep-node']") == 1 && count(d, "//s:path[@class='sep-cluster']") == 0,
	       "one cluster: a node separator, no cluster separator");
	xmlFreeDoc(d);
	free(b.p);
	hs_schedule_release(&odd);
	fx_free(&s, &in);
}

/* Dutot's hosts: a 16-host job on hosts 0-15 of one-core hosts is one
 * labelled box, not 16 bars. */
static void test_gantt_hosts(void)
{
	char *txt = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&txt, &len);
	fprintf(f, "cluster c\n");
	for (int k = 0; k < 20; k++)
		fprintf(f, "node h%d cluster=c cores=1\n", k);
	fprintf(f, "task big model=rigid size=16 time=10 scope=cluster\n"
		   "task small model=rigid size=2 time=10 scope=cluster\nplan big node=");
	for (int k = 0; k < 16; k++)
		fprintf(f, "%sh%d", k ? "," : "", k);
	fprintf(f, " cores=");
	for (int k = 0; k < 16; k++)
		fprintf(f, "%s0", k ? "/" : "");
	fprintf(f, " start=0 end=10\nplan small node=h17,h19 cores=0/0 start=0 end=10\n");
	fclose(f);
	struct hs_stream s;
	struct hs_instance in;
	TAP_OK(fx_load(&s, &in, txt) == 0, "20 one-core hosts load");
	free(txt);
	int rc;
	struct buf b = gantt_buf(&in, &in.plan, NULL, NULL, &rc);
	xmlDocPtr d = parse(&b);
	TAP_OK(rc == 0 && d && count(d, BAR) == 3, "big: one box; small on h17 and h19: two");
	TAP_NEAR(attr(d, BAR, 0, "height"), 16 * attr(d, "//s:rect[@class='frame']", 0, "height") / 20,
		 0.01, "big's box is 16 rows high");
	TAP_STREQ(text(d, "//s:text[@class='id']", 0), "big", "its id inside");
	TAP_OK(count(d, "//s:text[@class='id']") == 2, "small's id in one of its two boxes");
	xmlFreeDoc(d);
	free(b.p);
	fx_free(&s, &in);
}

/* Boxes that touch (share an edge, within half a pixel) have different
 * fills: checked on every pair of bars of a figure. */
static int touching_same_fill(xmlDocPtr d, int *pairs)
{
	xmlXPathObjectPtr o = xp(d, BAR);
	int n = o->nodesetval ? o->nodesetval->nodeNr : 0, bad = 0;
	double(*r)[4] = calloc(n ? n : 1, sizeof *r);
	char(*fill)[16] = calloc(n ? n : 1, sizeof *fill);
	for (int k = 0; k < n; k++) {
		static const char *names[4] = { "x", "y", "width", "height" };
		for (int j = 0; j < 4; j++) {
			xmlChar *v = xmlGetProp(o->nodesetval->nodeTab[k], BAD_CAST names[j]);
			r[k][j] = strtod((const char *)v, NULL);
			xmlFree(v);
		}
		xmlChar *v = xmlGetProp(o->nodesetval->nodeTab[k], BAD_CAST "fill");
		snprintf(fill[k], sizeof fill[k], "%s", (const char *)v);
		xmlFree(v);
	}
	*pairs = 0;
	for (int a = 0; a < n; a++)
		for (int b = a + 1; b < n; b++) {
			double e = 0.5;
			int xo = r[a][0] < r[b][0] + r[b][2] - e && r[b][0] < r[a][0] + r[a][2] - e;
			int yo = r[a][1] < r[b][1] + r[b][3] - e && r[b][1] < r[a][1] + r[a][3] - e;
			int xt = fabs(r[a][0] + r[a][2] - r[b][0]) < e || fabs(r[b][0] + r[b][2] - r[a][0]) < e;
			int yt = fabs(r[a][1] + r[a][3] - r[b][1]) < e || fabs(r[b][1] + r[b][3] - r[a][1]) < e;
			if ((xo && yt) || (yo && xt)) {
				(*pairs)++;
				bad += strcmp(fill[a], fill[b]) == 0;
			}
		}
	free(r);
	free(fill);
	xmlXPathFreeObject(o);
	return bad;
}

/* 8 one-core nodes, 12 tasks back to back on each: colour by task gives
 * touching boxes different colours, with all 16 colours in use. */
static void test_gantt_neighbours(void)
{
	char *txt = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&txt, &len);
	fprintf(f, "cluster c\n");
	for (int k = 0; k < 8; k++)
		fprintf(f, "node n%d cluster=c cores=1\n", k);
	unsigned st = 5;
	for (int k = 0; k < 8; k++)
		for (int i = 0; i < 12; i++)
			fprintf(f, "task t%d_%d model=rigid size=1 time=1\n", k, i);
	for (int k = 0; k < 8; k++) {
		double t = 0;
		for (int i = 0; i < 12; i++) {
			double dt = 1 + 3 * lcg(&st);
			fprintf(f, "plan t%d_%d node=n%d cores=0 start=%.3f end=%.3f\n", k, i, k, t, t + dt);
			t += dt;
		}
	}
	fclose(f);
	struct hs_stream s;
	struct hs_instance in;
	fx_load(&s, &in, txt);
	free(txt);
	struct hs_gantt_opts o = { .color = HS_GANTT_COLOR_TASK };
	int rc, pairs;
	struct buf b = gantt_buf(&in, &in.plan, NULL, &o, &rc);
	xmlDocPtr d = parse(&b);
	int bad = touching_same_fill(d, &pairs);
	TAP_OK(rc == 0 && pairs > 100 && bad == 0, "colour by task: %d touching pairs, %d alike", pairs,
	       bad);
	int distinct = 0;
	for (int c = 0; c < SVG_NBOX_COLORS; c++) {
		char q[64];
		snprintf(q, sizeof q, "%s[@fill='%s']", BAR, svg_box_color(c));
		distinct += count(d, q) > 0;
	}
	TAP_OK(distinct == SVG_NBOX_COLORS, "every one of the %d colours used (%d)", SVG_NBOX_COLORS,
	       distinct);
	xmlFreeDoc(d);
	free(b.p);
	fx_free(&s, &in);
}

/* Colour by user and by state; the legends that go with them. */
static void test_gantt_keys(void)
{
	struct hs_stream s;
	struct hs_instance in;
	fx_load(&s, &in, "cluster c\nnode n cluster=c cores=3\n"
			 "task a model=rigid size=1 time=1 user=ann\n"
			 "task b model=rigid size=1 time=1 user=bob\n"
			 "task c model=rigid size=1 time=1 user=ann\n"
			 "task d model=rigid size=1 time=1\n"
			 "run a node=n cores=0 start=0 end=1 state=done\n"
			 "run b node=n cores=1 start=0 end=1 state=killed\n"
			 "run c node=n cores=2 start=0 end=1 state=done\n"
			 "run d node=n cores=0 start=1 end=2 state=failed\n");
	struct hs_gantt_opts o = { .color = HS_GANTT_COLOR_USER };
	int rc;
	struct buf b = gantt_buf(&in, &in.run, NULL, &o, &rc);
	xmlDocPtr d = parse(&b);
	char f[4][16];
	for (int k = 0; k < 4; k++)
		snprintf(f[k], sizeof f[k], "%s", attr_text_k(d, BAR, k, "fill"));
	TAP_OK(rc == 0 && strcmp(f[0], f[2]) == 0 && strcmp(f[0], f[1]) != 0 && strcmp(f[3], f[0]) != 0,
	       "by user: a and c (ann) alike, b (bob) and d (none) not");
	TAP_OK(count(d, "//s:g[@class='legend']/s:text[.='ann' or .='bob']") == 2, "legend: the users");
	TAP_OK(strstr(text(d, "//s:g[@class='task']/s:title", 0), "\nuser ann\n") != NULL,
	       "tooltip names the user");
	xmlFreeDoc(d);
	free(b.p);
	o.color = HS_GANTT_COLOR_STATE;
	b = gantt_buf(&in, &in.run, NULL, &o, &rc);
	d = parse(&b);
	for (int k = 0; k < 4; k++)
		snprintf(f[k], sizeof f[k], "%s", attr_text_k(d, BAR, k, "fill"));
	TAP_OK(rc == 0 && strcmp(f[0], f[2]) == 0 && strcmp(f[0], f[1]) != 0 && strcmp(f[3], f[1]) != 0 &&
		       strcmp(f[3], f[0]) != 0,
	       "by state: done alike, killed and failed their own");
	TAP_OK(count(d, "//s:g[@class='legend']/s:text") == 3 &&
		       count(d, "//s:g[@class='legend']/s:text[.='done' or .='killed' or .='failed']") == 3,
	       "legend: done, killed, failed (no separate hatch items)");
	xmlFreeDoc(d);
	free(b.p);
	fx_free(&s, &in);
}

/* A task rejected by an online algorithm has no box, whatever the colours. */
static void test_gantt_rejected(void)
{
	struct hs_stream s;
	struct hs_instance in;
	fx_load(&s, &in, "node n cores=1\ntask a model=rigid size=1 time=1\n"
			 "task r model=rigid size=1 time=1\n"
			 "run a node=n cores=0 start=0 end=1 state=done\n"
			 "run r start=0 end=0 state=rejected\n");
	for (int c = HS_GANTT_COLOR_APP; c <= HS_GANTT_COLOR_STATE; c++) {
		struct hs_gantt_opts o = { .color = c };
		int rc;
		struct buf b = gantt_buf(&in, &in.run, NULL, &o, &rc);
		xmlDocPtr d = parse(&b);
		TAP_OK(rc == 0 && d && count(d, BAR) == 1 && count(d, "//s:g[@class='task']") == 1,
		       "colour %d: the rejected task is not drawn", c);
		xmlFreeDoc(d);
		free(b.p);
	}
	fx_free(&s, &in);
}

/* The overlay: auto draws it when it agrees with most tasks, not when it
 * differs for most; none and outline force it. */
static void test_gantt_overlay(void)
{
	struct hs_stream s;
	struct hs_instance in;
	fx_load(&s, &in, "node n cores=1\n"
			 "task a model=rigid size=1 time=1\ntask b model=rigid size=1 time=1\n"
			 "task c model=rigid size=1 time=1\n"
			 "plan a node=n cores=0 start=0 end=1\nplan b node=n cores=0 start=1 end=2\n"
			 "plan c node=n cores=0 start=2 end=3\n"
			 "run a node=n cores=0 start=0 end=1.5 state=done\n"
			 "run b node=n cores=0 start=1.5 end=2.5 state=done\n"
			 "run c node=n cores=0 start=2.5 end=3.5 state=done\n");
	struct hs_gantt_opts o = { 0 };
	int rc;
	struct buf b = gantt_buf(&in, &in.run, &in.plan, &o, &rc);
	xmlDocPtr d = parse(&b);
	TAP_OK(rc == 0 && count(d, "//s:path[@class='plan']") == 0, "auto: 3 of 3 differ, no overlay");
	TAP_OK(count(d, "//s:g[@class='legend']/s:text[.='plan not drawn: 3 of 3 tasks differ']") == 1,
	       "the legend says why");
	TAP_OK(strstr(text(d, "//s:g[@class='task']/s:title", 1), "planned 1-2 s") != NULL,
	       "the tooltip still gives the planned times");
	xmlFreeDoc(d);
	free(b.p);
	o.overlay = HS_GANTT_OVERLAY_OUTLINE;
	b = gantt_buf(&in, &in.run, &in.plan, &o, &rc);
	d = parse(&b);
	TAP_OK(rc == 0 && count(d, "//s:path[@class='plan']") == 1, "outline: drawn anyway");
	xmlFreeDoc(d);
	free(b.p);
	/* The run equal to the plan: auto draws it, none does not. */
	o.overlay = HS_GANTT_OVERLAY_AUTO;
	b = gantt_buf(&in, &in.plan, &in.plan, &o, &rc);
	d = parse(&b);
	TAP_OK(rc == 0 && count(d, "//s:path[@class='plan']") == 1, "auto: equal, drawn");
	TAP_OK(strstr(text(d, "//s:g[@class='task']/s:title", 0), "\nas planned") != NULL,
	       "tooltip: as planned");
	xmlFreeDoc(d);
	free(b.p);
	o.overlay = HS_GANTT_OVERLAY_NONE;
	b = gantt_buf(&in, &in.plan, &in.plan, &o, &rc);
	d = parse(&b);
	TAP_OK(rc == 0 && count(d, "//s:path[@class='plan']") == 0 && count(d, "//s:g[@class='legend']") == 0,
	       "none: not drawn, nothing said");
	xmlFreeDoc(d);
	free(b.p);
	fx_free(&s, &in);
}

/* --height, the time unit and the last tick label inside the figure. */
static void test_gantt_axes(void)
{
	struct hs_stream s;
	struct hs_instance in;
	fx_load(&s, &in, "node n cores=2\ntask a model=rigid size=1 time=1\n"
			 "task b model=rigid size=1 time=1\n"
			 "plan a node=n cores=0 start=0 end=172800\nplan b node=n cores=1 start=0 end=1.5e6\n");
	struct hs_gantt_opts o = { .height = 400, .width = 500 };
	int rc;
	struct buf b = gantt_buf(&in, &in.plan, NULL, &o, &rc);
	xmlDocPtr d = parse(&b);
	TAP_OK(rc == 0 && attr(d, "/s:svg", 0, "height") == 400, "--height 400: the figure is 400 px");
	double fy = attr(d, "//s:rect[@class='frame']", 0, "y"), fh = attr(d, "//s:rect[@class='frame']", 0, "height");
	TAP_OK(fy + fh > 300 && fy + fh < 400 - 30, "the rows fill it above the axis (%g)", fy + fh);
	TAP_STREQ(text(d, "//s:g[contains(@class,'axis x')]/s:g/s:text[last()]", 0), "time (days)",
		  "1.5e6 s: the axis in days");
	xmlFreeDoc(d);
	free(b.p);
	o.time_unit = HS_TIME_S;
	b = gantt_buf(&in, &in.plan, NULL, &o, &rc);
	d = parse(&b);
	const char *ax = "//s:g[contains(@class,'axis x')]/s:g/s:text";
	int nt = count(d, ax);
	char q[160], main_[64], sup[16];
	snprintf(q, sizeof q, "%s[%d]/text()", ax, nt - 1); /* the last tick; the axis label is last */
	snprintf(main_, sizeof main_, "%s", text(d, q, 0));
	snprintf(q, sizeof q, "%s[%d]/s:tspan", ax, nt - 1);
	snprintf(sup, sizeof sup, "%s", text(d, q, 0));
	TAP_OK(strstr(main_, "10") != NULL && *sup, "seconds: the last tick in powers of ten (%s^%s)", main_,
	       sup);
	double lx = attr(d, ax, nt - 2, "x");
	double half = (svg_text_width(main_, SVG_FONT_TICK) + 0.75 * svg_text_width(sup, SVG_FONT_TICK)) / 2;
	TAP_OK(lx + half <= 500, "the last tick label ends inside the figure (%g + %g)", lx, half);
	xmlFreeDoc(d);
	free(b.p);
	fx_free(&s, &in);
}

/* Row modes: labels per core, per node or per cluster. */
static void test_gantt_rows(void)
{
	struct hs_stream s;
	struct hs_instance in;
	fx_load(&s, &in, "cluster a\ncluster b\nnode n1 cluster=a cores=2\nnode n2 cluster=b cores=2\n"
			 "task t model=rigid size=1 time=1\nplan t node=n1 cores=0 start=0 end=1\n");
	static const char *want[] = { "n1:0", "n1", "a" };
	static const enum hs_gantt_rows modes[] = { HS_GANTT_ROWS_CORE, HS_GANTT_ROWS_NODE,
						    HS_GANTT_ROWS_CLUSTER };
	static const int nlabels[] = { 4, 2, 2 };
	for (int k = 0; k < 3; k++) {
		struct hs_gantt_opts o = { .rows = modes[k] };
		int rc;
		struct buf b = gantt_buf(&in, &in.plan, NULL, &o, &rc);
		xmlDocPtr d = parse(&b);
		const char *first = text(d, "//s:g[@class='labels']/s:text", 0);
		TAP_OK(strcmp(first, want[k]) == 0, "row mode %d: first label %s (%s)", k, want[k], first);
		int n = count(d, "//s:g[@class='labels']/s:text[not(@transform)]");
		TAP_OK(n == nlabels[k], "row mode %d: %d labels (%d)", k, nlabels[k], n);
		TAP_OK(count(d, "//s:path[@class='sep-node']") == 0, "no node separator between clusters");
		xmlFreeDoc(d);
		free(b.p);
	}
	fx_free(&s, &in);
}

static void test_gantt_empty(void)
{
	struct hs_stream s;
	struct hs_instance in;
	fx_load(&s, &in, "node n cores=2\ntask a model=rigid size=1 time=1\n");
	int rc;
	struct buf b = gantt_buf(&in, &in.plan, NULL, NULL, &rc);
	xmlDocPtr d = parse(&b);
	TAP_OK(rc == 0 && d && strcmp(text(d, "//s:text[@class='empty']", 0),
				      "empty schedule: no task is placed") == 0,
	       "nothing placed: a valid SVG that says so");
	xmlFreeDoc(d);
	free(b.p);
	fx_free(&s, &in);
}

/* ---------------- the example figures ---------------- */


/* Two clusters (cpu: 2 nodes of 8 cores; gpu: 2 nodes of 4 cores and 2
 * GPUs), ntasks tasks of three apps, placed greedily (plan); the run takes
 * the plan's resources and order with durations 0.85-1.15x, one task killed
 * and one failed. */
static void demo_instance(struct hs_stream *s, struct hs_instance *in, int nodes_per_cluster,
			  int ntasks, struct hs_schedule *plan, struct hs_schedule *run)
{
	char *txt = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&txt, &len);
	fprintf(f, "cluster cpu\ncluster gpu\n");
	for (int k = 0; k < nodes_per_cluster; k++)
		fprintf(f, "node c%d cluster=cpu cores=8\n", k + 1);
	for (int k = 0; k < nodes_per_cluster; k++)
		fprintf(f, "node g%d cluster=gpu cores=4 gpus=2\n", k + 1);
	static const char *apps[] = { "cfd", "fem", "io" };
	unsigned st = 42;
	for (int i = 0; i < ntasks; i++) {
		int gpu = lcg(&st) < 0.25;
		int p = 1 << (int)(lcg(&st) * 4); /* 1, 2, 4 or 8 cores */
		double t = 5 + 25 * lcg(&st);
		const char *app = apps[(int)(lcg(&st) * 3)];
		if (gpu)
			fprintf(f, "task t%d model=gpu gpu_time=%.2f app=%s\n", i + 1, t / 3, app);
		else
			fprintf(f, "task t%d model=rigid size=%d time=%.2f app=%s\n", i + 1, p, t, app);
	}
	fclose(f);
	fx_load(s, in, txt);
	free(txt);

	const struct hs_platform *pl = &in->plat;
	double avail[4096], gavail[4096], ravail[4096], rgavail[4096]; /* per node x 8 (x 2) */
	for (int k = 0; k < 4096; k++)
		avail[k] = gavail[k] = ravail[k] = rgavail[k] = 0;
	hs_schedule_init(plan, in->ntasks);
	hs_schedule_init(run, in->ntasks);
	for (int i = 0; i < in->ntasks; i++) {
		const struct hs_task *t = &in->tasks[i];
		int best = -1, cores[8], bc[8], gp = -1;
		double bstart = INFINITY;
		if (t->model == HS_MODEL_GPU) {
			for (int j = 0; j < pl->nnodes; j++)
				for (int q = 0; q < pl->nodes[j].gpus; q++)
					if (gavail[j * 2 + q] < bstart)
						bstart = gavail[j * 2 + q], best = j, gp = q;
		} else {
			for (int j = 0; j < pl->nnodes; j++) {
				if (pl->nodes[j].cores < t->size)
					continue;
				/* The size earliest cores of node j. */
				int used[8] = { 0 };
				double st0 = 0;
				for (int c = 0; c < t->size; c++) {
					int m = -1;
					for (int q = 0; q < pl->nodes[j].cores; q++)
						if (!used[q] && (m < 0 || avail[j * 8 + q] < avail[j * 8 + m]))
							m = q;
					used[m] = 1;
					cores[c] = m;
					st0 = fmax(st0, avail[j * 8 + m]);
				}
				if (st0 < bstart) {
					bstart = st0, best = j;
					memcpy(bc, cores, sizeof cores);
				}
			}
		}
		double dur = t->model == HS_MODEL_GPU ? t->gpu_time : t->time;
		double f = 0.85 + 0.3 * lcg(&st), rstart = 0;
		if (gp >= 0) {
			hs_schedule_add(plan, i, best, NULL, 0, &gp, 1, bstart, bstart + dur);
			gavail[best * 2 + gp] = bstart + dur;
			rstart = rgavail[best * 2 + gp];
		} else {
			hs_schedule_add(plan, i, best, bc, t->size, NULL, 0, bstart, bstart + dur);
			for (int c = 0; c < t->size; c++) {
				avail[best * 8 + bc[c]] = bstart + dur;
				rstart = fmax(rstart, ravail[best * 8 + bc[c]]);
			}
		}
		enum hs_state state = HS_STATE_DONE;
		if (i == 6)
			f = 0.6, state = HS_STATE_KILLED;
		if (i == 12)
			f = 0.3, state = HS_STATE_FAILED;
		double rend = rstart + dur * f;
		if (gp >= 0) {
			hs_schedule_add(run, i, best, NULL, 0, &gp, 1, rstart, rend);
			rgavail[best * 2 + gp] = rend;
		} else {
			hs_schedule_add(run, i, best, bc, t->size, NULL, 0, rstart, rend);
			for (int c = 0; c < t->size; c++)
				ravail[best * 8 + bc[c]] = rend;
		}
		run->p[i].state = state;
	}
}

static void demo_series(struct hs_plot_series *se, double *x, double *y, double *lo, double *hi,
			int logscale)
{
	static const char *labels[] = { "approx-3/2", "heft", "list (ect)" };
	unsigned st = 7;
	for (int k = 0; k < 3; k++) {
		for (int i = 0; i < 8; i++) {
			double n = logscale ? 1 << (2 * i + 1) : 100 * (i + 1);
			double v = logscale ? 1e-4 * pow(n, 1 + 0.5 * k) * (0.8 + 0.4 * lcg(&st))
					    : (1 + 0.15 * k) * (40 + 2.2 * n) * (0.95 + 0.1 * lcg(&st));
			double e = v * (0.03 + 0.05 * lcg(&st));
			x[k * 8 + i] = n;
			y[k * 8 + i] = v;
			lo[k * 8 + i] = v - e;
			hi[k * 8 + i] = v + e;
		}
		se[k] = (struct hs_plot_series){ labels[k], 8, x + k * 8, y + k * 8,
						 logscale ? NULL : lo + k * 8, logscale ? NULL : hi + k * 8, 0 };
	}
}

static int write_file(const char *dir, const char *name, int (*fn)(FILE *, void *), void *arg)
{
	char *path = hs_asprintf("%s/%s", dir, name);
	struct hs_atomic_file af;
	int rc = hs_atomic_open(&af, path);
	if (rc == 0) {
		if (fn(af.fp, arg) == 0)
			rc = hs_atomic_commit(&af);
		else {
			hs_atomic_abort(&af);
			rc = -1;
		}
	}
	free(path);
	return rc;
}

struct gantt_job {
	struct hs_instance *in;
	struct hs_schedule *s, *ov;
	struct hs_gantt_opts o;
};
static int gantt_job(FILE *f, void *arg)
{
	struct gantt_job *j = arg;
	return hs_svg_gantt(f, j->in, j->s, j->ov, &j->o);
}
static int plot_job(FILE *f, void *arg) { return hs_svg_plot(f, arg); }

static int write_examples(const char *dir)
{
	int rc = 0;
	struct hs_stream s;
	struct hs_instance in;
	struct hs_schedule plan, run;
	demo_instance(&s, &in, 2, 20, &plan, &run);
	struct gantt_job j = { &in, &run, &plan,
			       { "20 tasks on two clusters: run over plan (dashed)", HS_GANTT_COLOR_APP, 0, 0, 0, 0, 0 } };
	rc |= write_file(dir, "gantt.svg", gantt_job, &j);
	hs_schedule_release(&plan);
	hs_schedule_release(&run);
	fx_free(&s, &in);

	demo_instance(&s, &in, 40, 3000, &plan, &run);
	j = (struct gantt_job){ &in, &plan, NULL, { "3000 tasks on 80 nodes", HS_GANTT_COLOR_TASK, 0, 0, 0, 0, 0 } };
	rc |= write_file(dir, "gantt-large.svg", gantt_job, &j);
	hs_schedule_release(&plan);
	hs_schedule_release(&run);
	fx_free(&s, &in);

	fx_load(&s, &in, "node n cores=2\n");
	hs_schedule_init(&plan, 0);
	j = (struct gantt_job){ &in, &plan, NULL, { NULL, HS_GANTT_COLOR_APP, 0, 0, 0, 0, 0 } };
	rc |= write_file(dir, "empty.svg", gantt_job, &j);
	hs_schedule_release(&plan);
	fx_free(&s, &in);

	double x[24], y[24], lo[24], hi[24];
	struct hs_plot_series se[3];
	demo_series(se, x, y, lo, hi, 0);
	struct hs_plot p = { "Makespan (mean and 95% interval)", "tasks (n)", "makespan (s)", 0, 0,
			     se, 3, 0, 0, 0, 0, 0, 0 };
	rc |= write_file(dir, "plot.svg", plot_job, &p);
	demo_series(se, x, y, lo, hi, 1);
	p = (struct hs_plot){ "Planning time", "tasks (n)", "time (s)", 1, 1, se, 3, 0, 0, 0, 0, 0, 0 };
	rc |= write_file(dir, "plot-log.svg", plot_job, &p);
	return rc ? 1 : 0;
}

/* ---------------- plots ---------------- */

static void test_plot(void)
{
	/* One series 0..10 -> 0..10: data range padded 4% = -0.4..10.4. */
	double x[] = { 10, 0, 15 }, y[] = { 10, 0, NAN }, x2[] = { 3 }, y2[] = { 7 };
	double lo[] = { 9, -1, 0 }, hi[] = { 11, 1, 0 };
	struct hs_plot_series se[] = { { "a<b", 3, x, y, lo, hi, 0 }, { "single", 1, x2, y2, NULL, NULL, 0 } };
	struct hs_plot p = { "T", "x", "y", 0, 0, se, 2, 500, 300, 0, 0, 0, 0 };
	int rc;
	struct buf b = plot_buf(&p, &rc);
	xmlDocPtr d = parse(&b);
	TAP_OK(rc == 0 && d, "plot: written and well-formed");
	double fx = attr(d, "//s:rect[@class='frame']", 0, "x");
	double fw = attr(d, "//s:rect[@class='frame']", 0, "width");
	double fy = attr(d, "//s:rect[@class='frame']", 0, "y");
	double fh = attr(d, "//s:rect[@class='frame']", 0, "height");
	const char *m0 = "//s:g[@class='series'][1]/s:g[@class='markers']/s:circle";
	TAP_OK(count(d, m0) == 2, "NaN point skipped: 2 markers of 3");
	TAP_NEAR(attr(d, m0, 0, "cx"), fx + fw * 0.4 / 10.8, 0.01, "x = 0 after a 4%% margin");
	TAP_NEAR(attr(d, m0, 1, "cx") - attr(d, m0, 0, "cx"), fw * 10 / 10.8, 0.02,
		 "markers in order of x, 10 apart");
	TAP_NEAR(attr(d, m0, 0, "cy"), fy + fh - fh * 1.48 / 12.96, 0.01,
		 "y = 0 with y range -1..11 padded to -1.48..11.48");
	TAP_OK(count(d, "//s:g[@class='series'][1]/s:path[@class='errorbars']") == 1,
	       "error bars drawn");
	TAP_OK(count(d, "//s:g[@class='series'][1]/s:path[@class='line']") == 1 &&
		       count(d, "//s:g[@class='series'][2]/s:path[@class='line']") == 0,
	       "a line for the first series, none for a single point");
	TAP_OK(count(d, "//s:g[@class='series'][2]/s:g[@class='markers']/*") == 1,
	       "single point: one marker (a square)");
	TAP_STREQ(text(d, "//s:g[@class='series'][1]//s:title", 0), "a<b\nx = 0\ny = 0 [-1, 1]",
		  "marker tooltip with the interval, escaped label");
	TAP_OK(count(d, "//s:g[@class='legend']/s:text") == 2, "legend of two series");
	TAP_OK(strstr(b.p, "a&lt;b") != NULL, "labels are escaped");
	xmlFreeDoc(d);
	struct buf b2 = plot_buf(&p, &rc);
	TAP_OK(b.n == b2.n && memcmp(b.p, b2.p, b.n) == 0, "plot: same input, same bytes");
	free(b.p);
	free(b2.p);

	/* A NaN in the middle breaks the line into two pieces. */
	double x3[] = { 1, 2, 3, 4 }, y3[] = { 1, 2, INFINITY, 4 };
	struct hs_plot_series s3 = { NULL, 4, x3, y3, NULL, NULL, 0 };
	p = (struct hs_plot){ NULL, NULL, NULL, 0, 0, &s3, 1, 0, 0, 0, 0, 0, 0 };
	b = plot_buf(&p, &rc);
	d = parse(&b);
	xmlXPathObjectPtr o = xp(d, "//s:path[@class='line']");
	xmlChar *dattr = xmlGetProp(o->nodesetval->nodeTab[0], BAD_CAST "d");
	int moves = 0;
	for (const xmlChar *c = dattr; *c; c++)
		moves += *c == 'M';
	TAP_OK(moves == 2, "an infinite y breaks the line (2 pieces)");
	TAP_OK(count(d, "//s:g[@class='legend']") == 0, "no labels, no legend");
	xmlFree(dattr);
	xmlXPathFreeObject(o);
	xmlFreeDoc(d);
	free(b.p);

	/* Log axes skip values <= 0. */
	double x4[] = { 0, 1, 10, 100 }, y4[] = { 5, -1, 50, 500 };
	struct hs_plot_series s4 = { "log", 4, x4, y4, NULL, NULL, 0 };
	p = (struct hs_plot){ NULL, "n", "t", 1, 1, &s4, 1, 0, 0, 0, 0, 0, 0 };
	b = plot_buf(&p, &rc);
	d = parse(&b);
	TAP_OK(rc == 0 && d && count(d, "//s:g[@class='markers']/s:circle") == 2,
	       "log axes: x = 0 and y = -1 skipped");
	TAP_NEAR(attr(d, "//s:g[@class='markers']/s:circle", 1, "cx") -
			 attr(d, "//s:g[@class='markers']/s:circle", 0, "cx"),
		 attr(d, "//s:rect[@class='frame']", 0, "width") / 1.08, 0.02,
		 "log x: one decade of one decade plus 4%% margins");
	xmlFreeDoc(d);
	free(b.p);

	/* Bytes that XML does not allow become U+FFFD. */
	struct hs_plot_series s5 = { "a\xff\x01" "b \xc3\xa9", 2, x3, x3, NULL, NULL, 0 };
	p = (struct hs_plot){ "t\x02", NULL, NULL, 0, 0, &s5, 1, 0, 0, 0, 0, 0, 0 };
	b = plot_buf(&p, &rc);
	d = parse(&b);
	TAP_OK(rc == 0 && d != NULL, "bad UTF-8 and control characters: still well-formed");
	TAP_STREQ(text(d, "//s:g[@class='legend']/s:text", 0), "a\xef\xbf\xbd\xef\xbf\xbd" "b \xc3\xa9",
		  "each bad byte replaced, valid UTF-8 kept");
	xmlFreeDoc(d);
	free(b.p);

	p = (struct hs_plot){ 0 };
	b = plot_buf(&p, &rc);
	d = parse(&b);
	TAP_OK(rc == 0 && d && count(d, "//s:text[.='no data']") == 1, "no series: 'no data'");
	xmlFreeDoc(d);
	free(b.p);
}


/* Step lines, dash patterns, a given y range and dense step series. */
static void test_plot_steps(void)
{
	double x[] = { 0, 2, 4, 10 }, y[] = { 1, 3, 2, 0 }, x2[] = { 0, 10 }, y2[] = { 2, 2 };
	struct hs_plot_series se[] = { { "a", 4, x, y, NULL, NULL, 1 }, { "b", 2, x2, y2, NULL, NULL, 1 } };
	struct hs_plot p = { NULL, "t", "v", 0, 0, se, 2, 400, 300, 0, 0, 0, 0 };
	int rc;
	struct buf b = plot_buf(&p, &rc);
	xmlDocPtr d = parse(&b);
	TAP_OK(rc == 0 && d && count(d, "//s:g[@class='markers']") == 0, "step series: no markers");
	double fx = attr(d, "//s:rect[@class='frame']", 0, "x"), fw = attr(d, "//s:rect[@class='frame']", 0, "width");
	double fy = attr(d, "//s:rect[@class='frame']", 0, "y"), fh = attr(d, "//s:rect[@class='frame']", 0, "height");
	/* x: 0..10 unpadded; y: 0..3 padded 4%% above, from 0. */
	double sx = fw / 10, sy = fh / 3.12;
	char want[256], a[SVG_NUMBUF], c[SVG_NUMBUF], e[SVG_NUMBUF], f[SVG_NUMBUF], g2[SVG_NUMBUF],
		h[SVG_NUMBUF], i2[SVG_NUMBUF], j[SVG_NUMBUF];
	snprintf(want, sizeof want, "M%s %sH%sV%sH%sV%sH%sV%s", svg_num(a, fx), svg_num(c, fy + fh - sy),
		 svg_num(e, fx + 2 * sx), svg_num(f, fy + fh - 3 * sy), svg_num(g2, fx + 4 * sx),
		 svg_num(h, fy + fh - 2 * sy), svg_num(i2, fx + 10 * sx), svg_num(j, fy + fh));
	TAP_STREQ(attr_text(d, "//s:g[@class='series'][1]/s:path", "d"), want,
		  "a: horizontal then vertical segments, ending at 0 at x = 10");
	TAP_OK(count(d, "//s:g[@class='series'][1]/s:path[@stroke-dasharray]") == 0 &&
		       strcmp(attr_text(d, "//s:g[@class='series'][2]/s:path", "stroke-dasharray"), "6 3") == 0,
	       "the first line solid, the second dashed");
	TAP_OK(strcmp(attr_text(d, "//s:g[@class='legend']/s:line[2]", "stroke-dasharray"), "6 3") == 0,
	       "the legend shows the dashes");
	TAP_OK(count(d, "//*[@clip-path]") == 0, "no range given: nothing clipped");
	xmlFreeDoc(d);
	free(b.p);

	/* --ymin 0 --ymax 2: ticks within, the lines clipped to the frame. */
	p.ymin_set = p.ymax_set = 1;
	p.ymin = 0;
	p.ymax = 2;
	b = plot_buf(&p, &rc);
	d = parse(&b);
	int nt = count(d, "//s:g[contains(@class,'axis y')]/s:g/s:text");
	TAP_OK(rc == 0 && strcmp(text(d, "//s:g[contains(@class,'axis y')]/s:g/s:text", nt - 2), "2.0") == 0,
	       "y ticks up to 2");
	TAP_OK(count(d, "//s:clipPath/s:rect") == 1 && count(d, "//s:g[@clip-path]/s:g[@class='series']") == 2,
	       "the series are clipped to the frame");
	xmlFreeDoc(d);
	free(b.p);

	/* 100 000 steps across 400 px: drawn per pixel column. */
	int n = 100000;
	double *xs = malloc(n * sizeof *xs), *ys = malloc(n * sizeof *ys);
	unsigned st = 9;
	for (int k = 0; k < n; k++) {
		xs[k] = k;
		ys[k] = floor(100 * lcg(&st));
	}
	struct hs_plot_series big = { "big", n, xs, ys, NULL, NULL, 1 };
	p = (struct hs_plot){ NULL, NULL, NULL, 0, 0, &big, 1, 400, 300, 0, 0, 0, 0 };
	b = plot_buf(&p, &rc);
	d = parse(&b);
	const char *pd = attr_text(d, "//s:g[@class='series']/s:path", "d");
	int hs = 0;
	for (const char *q = pd; *q; q++)
		hs += *q == 'H';
	double fw2 = attr(d, "//s:rect[@class='frame']", 0, "width");
	TAP_OK(rc == 0 && hs > 0 && hs <= fw2 + 1, "dense steps: one H per pixel column at most (%d)", hs);
	TAP_OK(b.n < 60000, "and a small file (%zu bytes)", b.n);
	xmlFreeDoc(d);
	free(b.p);
	free(xs);
	free(ys);
}

static void test_examples(void)
{
	char dir[] = "/tmp/hs-test-svg-XXXXXX";
	TAP_OK(mkdtemp(dir) != NULL && write_examples(dir) == 0, "example figures written");
	static const char *names[] = { "gantt.svg", "gantt-large.svg", "empty.svg", "plot.svg",
				       "plot-log.svg" };
	for (int k = 0; k < 5; k++) {
		char *path = hs_asprintf("%s/%s", dir, names[k]);
		xmlDocPtr d = xmlReadFile(path, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR);
		if (!strcmp(names[k], "gantt-large.svg"))
		{
			TAP_OK(d && count(d, BAR) >= 3000 && attr(d, "/s:svg", 0, "height") < 900,
			       "3000 tasks on 560 rows: every bar, height capped");
			int nl = count(d, "//s:g[@class='labels']/s:text");
			TAP_OK(nl >= 2 + 20 && nl < 2 + 80, "thin rows: labels for some nodes (%d)", nl - 2);
		}
		else
			TAP_OK(d != NULL, "%s is well-formed", names[k]);
		xmlFreeDoc(d);
		unlink(path);
		free(path);
	}
	rmdir(dir);
}

/* A failing FILE: the write error is reported and -1 returned. */
static void test_write_error(void)
{
	FILE *f = fopen("/dev/full", "w");
	if (!f) {
		TAP_OK(1, "# skip /dev/full missing");
		return;
	}
	struct hs_plot p = { 0 };
	fx_cap_begin();
	int rc = hs_svg_plot(f, &p);
	const char *err = fx_cap_end();
	fclose(f);
	TAP_OK(rc == -1 && strstr(err, "test: SVG output: write error") == err, "write error reported");
}

int main(int argc, char **argv)
{
	hs_set_progname("test");
	if (argc == 3 && strcmp(argv[1], "--write") == 0)
		return write_examples(argv[2]);
	if (argc != 1) {
		fprintf(stderr, "usage: test_svg [--write DIR]\n");
		return 2;
	}
	test_ticks();
	test_gantt_small();
	test_gantt_colors();
	test_gantt_parts();
	test_gantt_hosts();
	test_gantt_neighbours();
	test_gantt_keys();
	test_gantt_rejected();
	test_gantt_overlay();
	test_gantt_axes();
	test_gantt_rows();
	test_gantt_empty();
	test_plot();
	test_plot_steps();
	test_examples();
	test_write_error();
	xmlCleanupParser();
	return tap_done();
}
