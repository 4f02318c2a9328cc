/* model/model.c - build the typed model (platform, tasks, plan and run schedules)
 * from a stream's records, and write schedules back as records.
 *
 * Records may come in any order, so loading works in two passes:
 *   1. walk the stream once, register every id (duplicates are errors) and
 *      sort records by kind;
 *   2. decode them in dependency order: platform (ref_flops), clusters,
 *      nodes (cluster references, default flops), tasks, then plan and run
 *      records (task and node references, after lists).
 * Every problem is collected with its line, and at the end the first ones
 * are printed in line order, so one run shows the user all that is wrong.
 * Unknown kinds and keys are ignored here; they stay in the stream.
 *
 * A platform record with xml=FILE brings a SimGrid platform: the file is
 * read into records first (hs_simgrid_read, kept in in->plat_xml) and its
 * clusters and nodes are decoded as if they stood in the stream, ahead of
 * the stream's own; their problems name the XML file and line.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hs/format.h"
#include "hs/limits.h"
#include "hs/model.h"
#include "hs/simgrid.h"
#include "hs/util.h"
#include "cycles.h"
#include "emit.h"
#include "ids.h"
#include "util/par.h"
#include "util/strmap.h"

#define MAX_SHOWN_ERRORS 20
/* Records looked at this far ahead of the one being decoded: far enough
 * for a prefetch of the task map to land before its lookup. */
#define LOOK_AHEAD 8
#define MAX_KEPT_ERRORS 1000

/* ---------------- string pool ----------------
 * Ids and names are copied out of the records: a tool may modify a record
 * (hs_record_set) and its strings may move, the model's must not. */

struct pool_chunk {
	struct pool_chunk *next;
	size_t used, cap;
	char data[];
};

struct pool {
	struct pool_chunk *head;
};

static const char *pool_strdup(struct pool *p, const char *s)
{
	if (!s)
		return NULL;
	size_t n = strlen(s) + 1;
	if (!p->head || p->head->cap - p->head->used < n) {
		size_t cap = n > 65536 ? n : 65536;
		struct pool_chunk *c = hs_malloc(sizeof *c + cap);
		c->next = p->head;
		c->used = 0;
		c->cap = cap;
		p->head = c;
	}
	char *d = p->head->data + p->head->used;
	memcpy(d, s, n);
	p->head->used += n;
	return d;
}

static void pool_release(struct pool *p)
{
	while (p->head) {
		struct pool_chunk *c = p->head;
		p->head = c->next;
		free(c);
	}
}

/* The instance's private part (in->index_). */
struct index {
	struct hs_strmap tasks, nodes, clusters;
	struct pool strings;
	char *xml; /* resolved platform file path */
	int *dep_idx;      /* every task's deps, one block (hs_task.deps) */
	double *dep_bytes;
};

/* ---------------- error collection ---------------- */

struct err {
	int file; /* 0: the stream, 1: the platform's XML file */
	int line;
	int seq;
	char *msg;
};

struct loader {
	struct hs_instance *in;
	struct hs_stream *s;
	struct index *ix;
	struct err *errs;
	int nerrs, caperrs, total;
	int *node_bad; /* per node index: its record had errors (skip range checks) */
	int file;      /* where the record being decoded comes from (struct err) */
	unsigned flags; /* HS_LOAD_* */
	/* deps= of the tasks being loaded: task i's are [dep_off[i],
	 * dep_off[i] + tasks[i].ndeps) of dep_idx/dep_bytes */
	int *dep_idx;
	double *dep_bytes;
	size_t ndep, capdep;
	size_t *dep_off;
};

HS_PRINTF(3, 4)
static void err_add(struct loader *L, int line, const char *fmt, ...)
{
	L->total++;
	if (L->nerrs >= MAX_KEPT_ERRORS)
		return;
	if (L->nerrs == L->caperrs) {
		L->caperrs = L->caperrs ? 2 * L->caperrs : 16;
		L->errs = hs_reallocarray(L->errs, L->caperrs, sizeof *L->errs);
	}
	va_list ap;
	va_start(ap, fmt);
	char buf[1024];
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	L->errs[L->nerrs].file = L->file;
	L->errs[L->nerrs].line = line;
	L->errs[L->nerrs].seq = L->nerrs;
	L->errs[L->nerrs].msg = hs_strdup(buf);
	L->nerrs++;
}

static int err_cmp(const void *a, const void *b)
{
	const struct err *x = a, *y = b;
	if (x->file != y->file)
		return x->file - y->file;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static void err_flush(struct loader *L)
{
	if (L->nerrs)
		qsort(L->errs, L->nerrs, sizeof *L->errs, err_cmp);
	for (int i = 0; i < L->nerrs; i++) {
		if (i < MAX_SHOWN_ERRORS)
			hs_error_at(L->errs[i].file ? L->in->plat_xml->name : L->s->name,
				    L->errs[i].line, "%s", L->errs[i].msg);
		free(L->errs[i].msg);
	}
	if (L->total > MAX_SHOWN_ERRORS)
		hs_error_at(L->s->name, 0, "%d more problems not shown", L->total - MAX_SHOWN_ERRORS);
	free(L->errs);
	L->errs = NULL;
	L->nerrs = L->caperrs = 0;
}

/* ---------------- field decoding ---------------- */

enum numkind { NUM_ANY, NUM_NONNEG, NUM_POS, NUM_UNIT };

static const char *num_desc(enum numkind k)
{
	switch (k) {
	case NUM_NONNEG: return "a non-negative number";
	case NUM_POS: return "a positive number";
	case NUM_UNIT: return "in [0,1]";
	default: return "a number";
	}
}

/* The value of key in *v: returns 1, or 0 when absent and not required, or
 * -1 after reporting a required one missing. */
static int get_field(struct loader *L, const struct hs_record *r, const char *what, const char *key,
		     int required, const char **v)
{
	*v = hs_record_get(r, key);
	if (*v)
		return 1;
	if (!required)
		return 0;
	err_add(L, r->line, "%s: missing %s=", what, key);
	return -1;
}

/* Decode key as a finite number of the given kind.  Absent: *out = def, or
 * an error when required.  Returns 0 on success, -1 after reporting. */
static int get_num(struct loader *L, const struct hs_record *r, const char *what, const char *key,
		   enum numkind kind, int required, double def, double *out)
{
	*out = def;
	const char *v;
	int got = get_field(L, r, what, key, required, &v);
	if (got <= 0)
		return got;
	double d;
	int rc = hs_parse_double(v, &d), ok = rc == 0;
	if (hs_num_range(rc)) {
		err_add(L, r->line, "%s: %s '%s' %s", what, key, v, hs_num_range(rc));
		return -1;
	}
	if (ok) {
		switch (kind) {
		case NUM_NONNEG: ok = d >= 0; break;
		case NUM_POS: ok = d > 0; break;
		case NUM_UNIT: ok = d >= 0 && d <= 1; break;
		default: break;
		}
	}
	if (!ok) {
		err_add(L, r->line, "%s: %s must be %s, got '%s'", what, key, num_desc(kind), v);
		return -1;
	}
	*out = d;
	return 0;
}

/* Integer >= min (min is 0 or 1). */
static int get_int(struct loader *L, const struct hs_record *r, const char *what, const char *key,
		   int min, int required, int def, int *out)
{
	*out = def;
	const char *v;
	int got = get_field(L, r, what, key, required, &v);
	if (got <= 0)
		return got;
	int n;
	if (hs_parse_int(v, min, INT_MAX, &n) != 0) {
		err_add(L, r->line, "%s: %s must be a %s integer, got '%s'", what, key,
			min > 0 ? "positive" : "non-negative", v);
		return -1;
	}
	*out = n;
	return 0;
}

/* A list of non-negative finite numbers; *out malloc'd (NULL when absent). */
static int get_numlist(struct loader *L, const struct hs_record *r, const char *what, const char *key,
		       double **out, int *n)
{
	const char *v = hs_record_get(r, key);
	*out = NULL;
	*n = 0;
	if (!v)
		return 0;
	double *d = NULL;
	int c = hs_parse_numlist(v, &d);
	int ok = c > 0;
	for (int i = 0; ok && i < c; i++)
		ok = d[i] >= 0;
	if (!ok) {
		free(d);
		int n;
		char **items = hs_split_list(v, ',', &n);
		const char *range = NULL;
		double x;
		for (int i = 0; i < n && !range; i++)
			if ((range = hs_num_range(hs_parse_double(items[i], &x))))
				err_add(L, r->line, "%s: %s: '%s' %s", what, key, items[i], range);
		if (!range)
			err_add(L, r->line, "%s: %s must be a list of non-negative numbers, got '%s'", what,
				key, v);
		free(items);
		return -1;
	}
	*out = d;
	*n = c;
	return 0;
}

/* ---------------- pass 2 decoders ---------------- */

/* "KIND ID" for messages, into what[size] (like snprintf, which costs more
 * than loading a record itself). */
static void what_of(char *what, size_t size, const char *kind, const char *id)
{
	size_t a = strlen(kind), b = strlen(id);
	if (a > size - 1)
		a = size - 1;
	memcpy(what, kind, a);
	if (a + 1 < size) {
		what[a++] = ' ';
		if (b > size - 1 - a)
			b = size - 1 - a;
		memcpy(what + a, id, b);
		a += b;
	}
	what[a] = '\0';
}

/* r: the stream's platform record (or NULL); xr: the one the XML file
 * brought, whose ref_flops (its slowest host) applies unless r gives one. */
static void load_platform(struct loader *L, struct hs_record *r, struct hs_record *xr)
{
	struct hs_platform *pl = &L->in->plat;
	char what[300];
	if (xr && (!r || !hs_record_get(r, "ref_flops"))) {
		L->file = 1;
		snprintf(what, sizeof what, "platform %s", xr->id);
		get_num(L, xr, what, "ref_flops", NUM_POS, 0, 1e9, &pl->ref_flops);
		L->file = 0;
	}
	if (!r)
		return;
	snprintf(what, sizeof what, "platform %s", r->id);
	get_num(L, r, what, "ref_flops", NUM_POS, 0, pl->ref_flops, &pl->ref_flops);
	get_num(L, r, what, "backbone_bw", NUM_NONNEG, 0, 0, &pl->backbone_bw);
	get_num(L, r, what, "backbone_lat", NUM_NONNEG, 0, 0, &pl->backbone_lat);
	pl->xml = L->ix->xml;
}

/* routing=full|floyd of the platform record r (or the XML's, xr). */
static void load_platform_routing(struct loader *L, struct hs_record *r, struct hs_record *xr)
{
	struct hs_platform *pl = &L->in->plat;
	pl->routing = HS_ROUTING_FULL;
	struct hs_record *use = r && hs_record_get(r, "routing") ? r : xr;
	const char *ro = use ? hs_record_get(use, "routing") : NULL;
	if (!ro)
		return;
	if (strcmp(ro, "floyd") == 0)
		pl->routing = HS_ROUTING_FLOYD;
	else if (strcmp(ro, "full") != 0) {
		L->file = use == xr;
		err_add(L, use->line, "platform %s: routing must be full or floyd, got '%s'", use->id,
			ro);
		L->file = 0;
	}
}

/* Resolve the platform's xml= and read the file into in->plat_xml.  A
 * relative path is relative to the stream's file (cwd for stdin).  Returns
 * -1 when the file cannot be used (reported, or queued as a problem). */
static int read_platform_xml(struct loader *L, struct hs_record *r)
{
	const char *xml = hs_record_get(r, "xml");
	if (!xml)
		return 0;
	if (!*xml) {
		err_add(L, r->line, "platform %s: xml must name a file", r->id);
		return -1;
	}
	const char *name = L->s->name;
	if (name && strcmp(name, "stdin") != 0)
		L->ix->xml = hs_path_beside(name, xml);
	else
		L->ix->xml = hs_strdup(xml);
	struct hs_stream *x = hs_malloc(sizeof *x);
	hs_stream_init(x, NULL);
	L->in->plat_xml = x;
	if (hs_simgrid_read(L->ix->xml, x) < 0) {
		L->total++; /* reported by the reader, with the XML's line */
		return -1;
	}
	return 0;
}

static void cluster_defaults(struct hs_cluster *c)
{
	memset(c, 0, sizeof *c);
	c->bw = 1.25e9;
}

static void load_cluster(struct loader *L, struct hs_cluster *c, struct hs_record *r, const char *id)
{
	char what[300];
	snprintf(what, sizeof what, "cluster %s", r->id);
	cluster_defaults(c);
	c->id = id;
	c->rec = r;
	get_num(L, r, what, "bw", NUM_POS, 0, 1.25e9, &c->bw);
	get_num(L, r, what, "lat", NUM_NONNEG, 0, 0, &c->lat);
	get_num(L, r, what, "bb_bw", NUM_NONNEG, 0, 0, &c->bb_bw);
	get_num(L, r, what, "bb_lat", NUM_NONNEG, 0, 0, &c->bb_lat);
	get_num(L, r, what, "up_bw", NUM_NONNEG, 0, 0, &c->up_bw);
	get_num(L, r, what, "up_lat", NUM_NONNEG, 0, 0, &c->up_lat);
	const char *sh = hs_record_get(r, "sharing");
	if (sh) {
		if (strcmp(sh, "shared") == 0)
			c->sharing_fatpipe = 0;
		else if (strcmp(sh, "fatpipe") == 0)
			c->sharing_fatpipe = 1;
		else if (strcmp(sh, "splitduplex") == 0)
			c->sharing_splitduplex = 1;
		else
			err_add(L, r->line, "%s: sharing must be shared, fatpipe or splitduplex, got '%s'",
				what, sh);
	}
	const char *bs = hs_record_get(r, "bb_sharing");
	if (bs) {
		if (strcmp(bs, "shared") == 0 || strcmp(bs, "fatpipe") == 0)
			c->bb_fatpipe = bs[0] == 'f';
		else
			err_add(L, r->line, "%s: bb_sharing must be shared or fatpipe, got '%s'", what, bs);
	}
	const char *ro = hs_record_get(r, "routing");
	if (ro) {
		if (strcmp(ro, "cluster") == 0)
			c->routing = HS_ROUTING_CLUSTER;
		else if (strcmp(ro, "full") == 0)
			c->routing = HS_ROUTING_FULL;
		else if (strcmp(ro, "floyd") == 0)
			c->routing = HS_ROUTING_FLOYD;
		else
			err_add(L, r->line, "%s: routing must be cluster, full or floyd, got '%s'", what,
				ro);
	}
	c->router = pool_strdup(&L->ix->strings, hs_record_get(r, "router"));
}

/* Decode a node; returns the number of problems found.  cluster is left -1
 * when cluster= is absent (resolved later to the default cluster). */
static int load_node(struct loader *L, struct hs_node *n, struct hs_record *r, const char *id)
{
	char what[300];
	snprintf(what, sizeof what, "node %s", r->id);
	int before = L->total;
	memset(n, 0, sizeof *n);
	n->id = id;
	n->rec = r;
	n->cluster = -1;
	if (get_int(L, r, what, "cores", 1, 1, 1, &n->cores) != 0)
		n->cores = 1;
	/* Either of speed and flops gives the other through ref_flops. */
	double ref = L->in->plat.ref_flops;
	get_num(L, r, what, "flops", NUM_POS, 0, 0, &n->flops);
	get_num(L, r, what, "speed", NUM_POS, 0, n->flops > 0 ? n->flops / ref : 1, &n->speed);
	if (!(n->flops > 0))
		n->flops = n->speed * ref;
	double d;
	get_num(L, r, what, "bw", NUM_POS, 0, 0, &d);
	get_num(L, r, what, "lat", NUM_NONNEG, 0, 0, &d);
	get_int(L, r, what, "gpus", 0, 0, 0, &n->gpus);
	get_num(L, r, what, "gpu_speed", NUM_POS, 0, 1, &n->gpu_speed);
	get_num(L, r, what, "cpu_busy", NUM_NONNEG, 0, 0, &n->cpu_busy);
	get_num(L, r, what, "cpu_idle", NUM_NONNEG, 0, 0, &n->cpu_idle);
	get_num(L, r, what, "gpu_busy", NUM_NONNEG, 0, 0, &n->gpu_busy);
	get_num(L, r, what, "gpu_idle", NUM_NONNEG, 0, 0, &n->gpu_idle);
	const char *cl = hs_record_get(r, "cluster");
	if (cl) {
		n->cluster = hs_strmap_get(&L->ix->clusters, cl);
		if (n->cluster < 0) {
			err_add(L, r->line, "%s: unknown cluster '%s'", what, cl);
			n->cluster = -1;
		}
	}
	return L->total - before;
}

/* t(1) from the model fields alone (before on= is known), for alpha. */
static double model_seq_time(const struct hs_task *t)
{
	switch (t->model) {
	case HS_MODEL_AMDAHL: return t->t1;
	case HS_MODEL_OVERHEAD: return t->T;
	case HS_MODEL_TABLE: return t->ntimes > 0 ? t->times[0] : INFINITY;
	case HS_MODEL_RIGID: return t->size == 1 ? t->time : INFINITY;
	default: return INFINITY;
	}
}

static const char *model_names[] = { "amdahl", "overhead", "table", "rigid", "gpu" };

/* A list split at sep: the pieces point into a copy of the text, held in
 * the struct itself when short (a record's node list, core sets and after
 * list seldom need more), so that most records split without a malloc. */
struct pieces {
	char **v;
	int n;
	char *copy;
	char buf[240];
	char *vbuf[16];
};
static int pieces_split(struct pieces *pc, const char *s, char sep);
static void pieces_free(struct pieces *pc);

/* deps=ID[:BYTES],...: a piece that names a task is that task; otherwise
 * it splits at its last ':' into a task and a byte count.  The edges go to
 * L's lists (sorted and checked for repeats by finish_deps). */
static void load_deps(struct loader *L, struct hs_task *t, struct hs_record *r, const char *what)
{
	L->dep_off[t->index] = L->ndep;
	const char *v = hs_record_get(r, "deps");
	if (!v || !*v)
		return;
	struct pieces pc;
	int n = pieces_split(&pc, v, ',');
	for (int k = 0; k < n; k++) {
		char *id = pc.v[k];
		double bytes = 0;
		int j = hs_strmap_get(&L->ix->tasks, id);
		char *colon = j < 0 ? strrchr(id, ':') : NULL;
		if (colon) {
			*colon = '\0';
			j = hs_strmap_get(&L->ix->tasks, id);
			if (j >= 0 && (hs_parse_double(colon + 1, &bytes) != 0 || !(bytes >= 0))) {
				err_add(L, r->line,
					"%s: deps: bytes of %s must be a non-negative number, got '%s'",
					what, id, colon + 1);
				continue;
			}
		}
		if (!*id) {
			err_add(L, r->line, "%s: deps: empty task id in '%s'", what, v);
			continue;
		}
		if (j < 0) {
			err_add(L, r->line, "%s: deps: unknown task '%s'", what, id);
			continue;
		}
		if (j == t->index) {
			err_add(L, r->line, "%s: depends on itself", what);
			continue;
		}
		if (L->ndep == L->capdep) {
			L->capdep = L->capdep ? 2 * L->capdep : 1024;
			L->dep_idx = hs_reallocarray(L->dep_idx, L->capdep, sizeof *L->dep_idx);
			L->dep_bytes = hs_reallocarray(L->dep_bytes, L->capdep, sizeof *L->dep_bytes);
		}
		L->dep_idx[L->ndep] = j;
		L->dep_bytes[L->ndep++] = bytes;
		t->ndeps++;
	}
	pieces_free(&pc);
}

static void load_task(struct loader *L, struct hs_task *t, int index, struct hs_record *r,
		      const char *id)
{
	char what[300];
	what_of(what, sizeof what, "task", r->id);
	memset(t, 0, sizeof *t);
	t->id = id;
	t->index = index;
	t->rec = r;
	t->gpu_time = INFINITY;
	t->alpha = NAN;
	t->walltime = INFINITY;
	t->on = HS_ON_CPU;
	t->scope = HS_SCOPE_NODE;

	const char *m = hs_record_get(r, "model");
	int model_ok = 1;
	if (!m) {
		err_add(L, r->line, "%s: missing model= (one of amdahl, overhead, table, rigid, gpu)",
			what);
		model_ok = 0;
	} else {
		size_t k;
		for (k = 0; k < sizeof model_names / sizeof *model_names; k++)
			if (strcmp(m, model_names[k]) == 0)
				break;
		if (k == sizeof model_names / sizeof *model_names) {
			err_add(L, r->line, "%s: unknown model '%s'", what, m);
			model_ok = 0;
		} else {
			t->model = (enum hs_model_kind)k;
		}
	}
	if (model_ok) {
		switch (t->model) {
		case HS_MODEL_AMDAHL:
			get_num(L, r, what, "t1", NUM_NONNEG, 1, 0, &t->t1);
			get_num(L, r, what, "beta", NUM_UNIT, 0, 0, &t->beta);
			break;
		case HS_MODEL_OVERHEAD:
			get_num(L, r, what, "T", NUM_NONNEG, 1, 0, &t->T);
			get_num(L, r, what, "x", NUM_UNIT, 1, 0, &t->x);
			break;
		case HS_MODEL_TABLE:
			if (!hs_record_get(r, "times"))
				err_add(L, r->line, "%s: missing times=", what);
			else
				get_numlist(L, r, what, "times", &t->times, &t->ntimes);
			break;
		case HS_MODEL_RIGID:
			get_int(L, r, what, "size", 1, 1, 1, &t->size);
			get_num(L, r, what, "time", NUM_NONNEG, 1, 0, &t->time);
			break;
		case HS_MODEL_GPU:
			break;
		}
	}
	/* size doubles as the core cap of non-rigid tasks (model.h). */
	if (model_ok && t->model != HS_MODEL_RIGID)
		get_int(L, r, what, "max_cores", 0, 0, 0, &t->size);

	const char *gt = hs_record_get(r, "gpu_time"), *al = hs_record_get(r, "alpha");
	if (gt && al) {
		err_add(L, r->line, "%s: give either gpu_time= or alpha=, not both", what);
	} else if (gt) {
		get_num(L, r, what, "gpu_time", NUM_NONNEG, 0, INFINITY, &t->gpu_time);
	} else if (al) {
		if (get_num(L, r, what, "alpha", NUM_NONNEG, 0, NAN, &t->alpha) == 0 && model_ok) {
			double seq = model_seq_time(t);
			if (t->alpha == 0)
				t->gpu_time = INFINITY; /* alpha=0: CPU only */
			else if (isfinite(seq))
				t->gpu_time = seq / t->alpha;
			else
				err_add(L, r->line, "%s: alpha= needs a sequential time; give gpu_time=",
					what);
		}
	}
	if (model_ok && t->model == HS_MODEL_GPU && !isfinite(t->gpu_time) && !(gt && al))
		err_add(L, r->line, "%s: model gpu needs gpu_time=", what);

	const char *on = hs_record_get(r, "on");
	if (!on) {
		t->on = (model_ok && t->model == HS_MODEL_GPU) ? HS_ON_GPU
			: isfinite(t->gpu_time)                ? HS_ON_ANY
							       : HS_ON_CPU;
	} else if (strcmp(on, "any") == 0 || strcmp(on, "gpu") == 0 || strcmp(on, "cpu") == 0) {
		t->on = on[0] == 'a' ? HS_ON_ANY : on[0] == 'g' ? HS_ON_GPU : HS_ON_CPU;
		if (model_ok && t->model == HS_MODEL_GPU && t->on != HS_ON_GPU)
			err_add(L, r->line, "%s: model gpu runs only on=gpu, got on=%s", what, on);
		else if (t->on != HS_ON_CPU && !isfinite(t->gpu_time) && (!gt || !al) &&
			 !(model_ok && t->model == HS_MODEL_GPU))
			err_add(L, r->line, "%s: on=%s needs gpu_time= or alpha= (> 0)", what, on);
	} else {
		err_add(L, r->line, "%s: on must be any, cpu or gpu, got '%s'", what, on);
	}

	const char *sc = hs_record_get(r, "scope");
	if (sc) {
		if (strcmp(sc, "node") == 0)
			t->scope = HS_SCOPE_NODE;
		else if (strcmp(sc, "cluster") == 0)
			t->scope = HS_SCOPE_CLUSTER;
		else if (strcmp(sc, "any") == 0)
			t->scope = HS_SCOPE_ANY;
		else
			err_add(L, r->line, "%s: scope must be node, cluster or any, got '%s'", what,
				sc);
	}
	get_num(L, r, what, "release", NUM_NONNEG, 0, 0, &t->release);
	const char *wt = hs_record_get(r, "walltime");
	if (wt && (strcmp(wt, "inf") == 0 || strcmp(wt, "infinity") == 0)) {
		t->walltime = INFINITY;
	} else if (wt) {
		double d;
		int rc = hs_parse_double(wt, &d);
		if (hs_num_range(rc))
			err_add(L, r->line, "%s: walltime '%s' %s", what, wt, hs_num_range(rc));
		else if (rc != 0 || !(d > 0))
			err_add(L, r->line, "%s: walltime must be a positive number or inf, got '%s'", what,
				wt);
		else
			t->walltime = d;
	}
	get_num(L, r, what, "prio", NUM_ANY, 0, 0, &t->priority);
	get_numlist(L, r, what, "comp", &t->comp, &t->ncomp);
	get_numlist(L, r, what, "comm", &t->comm, &t->ncomm);
	/* A matrix is n x n for the task's n processes: with one comp value
	 * (the same for every process) n is the allotment's, known at
	 * simulation; with a comp list it is the list's length. */
	long side = (long)sqrt((double)t->ncomm);
	while (side * side > t->ncomm)
		side--;
	while ((side + 1) * (side + 1) <= t->ncomm)
		side++;
	if (t->ncomm > 1 && t->ncomp > 1 && (long)t->ncomm != (long)t->ncomp * t->ncomp)
		err_add(L, r->line, "%s: comm has %d values, expected 1 or %ld (comp has %d processes)",
			what, t->ncomm, (long)t->ncomp * t->ncomp, t->ncomp);
	else if (t->ncomm > 1 && t->ncomp <= 1 && side * side != t->ncomm)
		err_add(L, r->line, "%s: comm has %d values, expected 1 or a square number (n x n processes)",
			what, t->ncomm);
	t->app = pool_strdup(&L->ix->strings, hs_record_get(r, "app"));
	t->cmd = pool_strdup(&L->ix->strings, hs_record_get(r, "cmd"));
	load_deps(L, t, r, what);
}

/* ---------------- placements ---------------- */

static int int_cmp(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

/* Split s at sep into pieces (pointers into a copy); returns the count.
 * "" gives one empty piece. */
static int pieces_split(struct pieces *pc, const char *s, char sep)
{
	int n = 1;
	size_t len = 0;
	for (; s[len]; len++)
		n += s[len] == sep;
	char *c = len < sizeof pc->buf ? pc->buf : hs_malloc(len + 1);
	memcpy(c, s, len + 1);
	char **v = n <= (int)(sizeof pc->vbuf / sizeof *pc->vbuf) ? pc->vbuf : hs_malloc(n * sizeof *v);
	int i = 0;
	v[i++] = c;
	for (char *p = c; *p; p++)
		if (*p == sep) {
			*p = 0;
			v[i++] = p + 1;
		}
	pc->copy = c;
	pc->v = v;
	pc->n = n;
	return n;
}

static void pieces_free(struct pieces *pc)
{
	if (pc->copy != pc->buf)
		free(pc->copy);
	if (pc->v != pc->vbuf)
		free(pc->v);
}

/* Parse one node's core or GPU set; max = count on the node, unit "core"
 * or "GPU".  Returns the number of elements, or -1 after reporting. */
static int parse_set(struct loader *L, const struct hs_record *r, const char *what, const char *s,
		     const char *unit, const struct hs_node *node, int max, int **out)
{
	*out = NULL;
	if (!*s)
		return 0;
	int n = max > 0 ? hs_ids_parse(s, max - 1, out) : -1;
	if (n >= 0)
		return n;
	/* Tell an index out of range from a syntax error: report the first
	 * number that does not fit the node. */
	for (const char *p = s; *p;) {
		if (*p >= '0' && *p <= '9') {
			const char *e = p;
			while (*e >= '0' && *e <= '9')
				e++;
			long v = (e - p) > 9 ? LONG_MAX : strtol(p, NULL, 10);
			if (v >= max) {
				err_add(L, r->line, "%s: %s %.*s out of range (node %s has %d %s%s)", what,
					unit, (int)(e - p), p, node->id, max, unit, max == 1 ? "" : "s");
				return -1;
			}
			p = e;
		} else {
			p++;
		}
	}
	err_add(L, r->line, "%s: bad %s set '%s'", what, unit, s);
	return -1;
}

static void placement_free(struct hs_placement *p)
{
	hs_ids_free_parts(p->parts, p->nparts);
	free(p->after);
	p->parts = NULL;
	p->nparts = 0;
	p->after = NULL;
	p->nafter = 0;
	p->task = -1;
}

/* Parse the per-node sets of key ("cores" or "gpus") into the parts. */
static int load_sets(struct loader *L, const struct hs_record *r, const char *what, const char *key,
		     struct hs_placement *p, const int *node_ok)
{
	const char *v = hs_record_get(r, key);
	if (!v)
		return 0;
	int is_cores = key[0] == 'c';
	struct pieces pc;
	int n = pieces_split(&pc, v, '/');
	int rc = 0;
	if (n != p->nparts) {
		err_add(L, r->line, "%s: %s has %d set%s for %d node%s", what, key, n, n == 1 ? "" : "s",
			p->nparts, p->nparts == 1 ? "" : "s");
		rc = -1;
	} else {
		for (int i = 0; i < n; i++) {
			struct hs_part *part = &p->parts[i];
			if (!node_ok[i])
				continue;
			const struct hs_node *nd = &L->in->plat.nodes[part->node];
			int *set;
			int c = parse_set(L, r, what, pc.v[i], is_cores ? "core" : "GPU", nd,
					  is_cores ? nd->cores : nd->gpus, &set);
			if (c < 0) {
				rc = -1;
				continue;
			}
			if (is_cores) {
				part->cores = set;
				part->ncores = c;
			} else {
				part->gpus = set;
				part->ngpus = c;
			}
		}
	}
	pieces_free(&pc);
	return rc;
}

/* Decode a plan or run record into p (cleared first); after is its after
 * value, looked up by the caller (after_next). */
static int load_placement(struct loader *L, const struct hs_record *r, int task,
			  struct hs_placement *p, const char *after)
{
	char what[300];
	what_of(what, sizeof what, r->kind, r->id);
	int before = L->total;
	int is_run = strcmp(r->kind, "run") == 0;
	const char *st = is_run ? hs_record_get(r, "state") : NULL;
	int rejected = st && strcmp(st, "rejected") == 0;

	const char *nodes = hs_record_get(r, "node");
	if ((!nodes || !*nodes) && !rejected) {
		err_add(L, r->line, "%s: missing node=", what);
		return -1;
	}
	struct pieces pc; /* set only when there are nodes: no 400-byte clear per record */
	int nn = nodes && *nodes ? pieces_split(&pc, nodes, ',') : 0;
	char **names = nn ? pc.v : NULL;
	p->parts = hs_calloc(nn, sizeof *p->parts);
	p->nparts = nn;
	int okbuf[16];
	int *node_ok = nn <= 16 ? memset(okbuf, 0, sizeof okbuf) : hs_calloc(nn, sizeof *node_ok);
	/* nodes so far in increasing order (as tools write them), the last:
	 * a larger one cannot repeat, no search of the others (a job on 5 000
	 * nodes) */
	int inc = 1, lastj = -1;
	for (int i = 0; i < nn; i++) {
		int j = hs_strmap_get(&L->ix->nodes, names[i]);
		p->parts[i].node = j;
		if (j < 0) {
			err_add(L, r->line, "%s: unknown node '%s'", what, names[i]);
			inc = 0;
			continue;
		}
		int dup = 0;
		if (inc && j > lastj)
			lastj = j;
		else
			for (int k = 0; k < i && !dup; k++)
				dup = p->parts[k].node == j;
		if (j != lastj)
			inc = 0;
		if (dup) {
			err_add(L, r->line, "%s: node '%s' listed twice", what, names[i]);
			continue;
		}
		node_ok[i] = !L->node_bad[j];
	}
	if (nn)
		pieces_free(&pc);
	load_sets(L, r, what, "cores", p, node_ok);
	load_sets(L, r, what, "gpus", p, node_ok);
	if (node_ok != okbuf)
		free(node_ok);

	int ok_s = get_num(L, r, what, "start", NUM_ANY, 1, 0, &p->start) == 0;
	int ok_e = get_num(L, r, what, "end", NUM_ANY, 1, 0, &p->end) == 0;
	if (ok_s && ok_e && p->end < p->start) {
		char b1[HS_NUMBUF], b2[HS_NUMBUF];
		err_add(L, r->line, "%s: end %s is before start %s", what, hs_fmt_double(b1, p->end),
			hs_fmt_double(b2, p->start));
	}

	if (after && *after) {
		struct pieces ap;
		int na = pieces_split(&ap, after, ',');
		char **ids = ap.v;
		p->after = hs_malloc(na * sizeof *p->after);
		for (int i = 0; i < na; i++) {
			int j = hs_strmap_get(&L->ix->tasks, ids[i]);
			if (j < 0)
				err_add(L, r->line, "%s: unknown task '%s' in after", what, ids[i]);
			else
				p->after[p->nafter++] = j;
		}
		pieces_free(&ap);
		if (p->nafter > 1)
			qsort(p->after, p->nafter, sizeof *p->after, int_cmp);
		int k = 0;
		for (int i = 0; i < p->nafter; i++)
			if (k == 0 || p->after[k - 1] != p->after[i])
				p->after[k++] = p->after[i];
		p->nafter = k;
	}

	if (is_run) {
		if (!st)
			p->state = HS_STATE_NONE;
		else if (strcmp(st, "done") == 0)
			p->state = HS_STATE_DONE;
		else if (strcmp(st, "killed") == 0)
			p->state = HS_STATE_KILLED;
		else if (strcmp(st, "failed") == 0)
			p->state = HS_STATE_FAILED;
		else if (rejected)
			p->state = HS_STATE_REJECTED;
		else
			err_add(L, r->line, "%s: state must be done, killed, failed or rejected, got '%s'",
				what, st);
		if (rejected && p->nparts > 0)
			err_add(L, r->line, "%s: a rejected task has no resources (node=%s)", what, nodes);
		get_int(L, r, what, "exit", 0, 0, -1, &p->exit_status);
		get_num(L, r, what, "energy", NUM_NONNEG, 0, NAN, &p->energy);
	}
	if (L->total != before)
		return -1;
	p->task = task;
	return 0;
}

struct cycle_report {
	struct loader *L;
	const char *kind, *what;
	const int *line_of;
};

static void cycle_found(void *arg, int w, int len, const char *path)
{
	struct cycle_report *c = arg;
	(void)len;
	err_add(c->L, c->line_of[w], "%s %s: %s (%s)", c->kind, c->L->in->tasks[w].id, c->what,
		path);
}

/* Report cycles in the after lists of s (they would deadlock a replay or an
 * execution that waits for them). */
static void check_cycles(struct loader *L, const struct hs_schedule *s, const char *kind,
			 const int *line_of)
{
	struct cycle_report c = {L, kind, "after list is cyclic", line_of};
	hs_after_cycles(s, L->in->tasks, MAX_SHOWN_ERRORS, cycle_found, &c);
}

static int deps_adj(const void *g, int v, const int **list)
{
	const struct hs_instance *in = g;
	*list = in->tasks[v].deps;
	return in->tasks[v].ndeps;
}

static int deps_cmp(const void *a, const void *b, void *arg)
{
	const int *idx = arg;
	int x = idx[*(const int *)a], y = idx[*(const int *)b];
	return (x > y) - (x < y);
}

/* Give every task its deps (sorted by task index, each task once) in one
 * block owned by the index, then look for cycles. */
static void finish_deps(struct loader *L)
{
	struct hs_instance *in = L->in;
	struct index *ix = L->ix;
	size_t m = L->ndep;
	if (!m)
		return;
	ix->dep_idx = hs_malloc(m * sizeof *ix->dep_idx);
	ix->dep_bytes = hs_malloc(m * sizeof *ix->dep_bytes);
	int *perm = NULL, capperm = 0;
	int *line_of = hs_malloc(in->ntasks * sizeof *line_of);
	for (int i = 0; i < in->ntasks; i++) {
		struct hs_task *t = &in->tasks[i];
		size_t off = L->dep_off[i];
		int k = t->ndeps;
		line_of[i] = t->rec->line;
		if (k > capperm) {
			capperm = 2 * k;
			perm = hs_reallocarray(perm, capperm, sizeof *perm);
		}
		for (int e = 0; e < k; e++)
			perm[e] = (int)off + e;
		if (k > 1)
			qsort_r(perm, k, sizeof *perm, deps_cmp, L->dep_idx);
		int w = 0;
		for (int e = 0; e < k; e++) {
			int j = L->dep_idx[perm[e]];
			if (w && ix->dep_idx[off + w - 1] == j) {
				char what[300];
				what_of(what, sizeof what, "task", t->id);
				err_add(L, t->rec->line, "%s: deps: %s listed twice", what, in->tasks[j].id);
				continue;
			}
			ix->dep_idx[off + w] = j;
			ix->dep_bytes[off + w++] = L->dep_bytes[perm[e]];
		}
		t->ndeps = w;
		t->deps = w ? ix->dep_idx + off : NULL;
		t->dep_bytes = w ? ix->dep_bytes + off : NULL;
	}
	free(perm);
	struct cycle_report c = {L, "task", "deps are cyclic", line_of};
	hs_graph_cycles(in->ntasks, deps_adj, in, in->tasks, MAX_SHOWN_ERRORS, cycle_found, &c);
	free(line_of);
}

/* ---------------- load ---------------- */

struct kind_recs {
	struct hs_record **v;
	const char **ids;
	char *file;  /* per record: struct err's file */
	int n;
};

static void kr_init(struct kind_recs *k, size_t cap)
{
	k->v = hs_malloc((cap ? cap : 1) * sizeof *k->v);
	k->ids = hs_malloc((cap ? cap : 1) * sizeof *k->ids);
	k->file = hs_malloc(cap ? cap : 1);
	k->n = 0;
}

static void kr_release(struct kind_recs *k)
{
	free(k->v);
	free(k->ids);
	free(k->file);
}

/* Register r's id in map; report a duplicate.  Returns 0 when new. */
static int register_id(struct loader *L, struct hs_strmap *m, struct kind_recs *k, struct hs_record *r,
		       const char *what)
{
	const char *id = pool_strdup(&L->ix->strings, r->id);
	int prev = hs_strmap_put(m, id, k->n);
	if (prev >= 0) {
		if (k->file[prev] != L->file)
			err_add(L, r->line, "duplicate %s id '%s' (first at %s:%d)", what, r->id,
				k->file[prev] ? L->in->plat_xml->name : L->s->name, k->v[prev]->line);
		else
			err_add(L, r->line, "duplicate %s id '%s' (first at line %d)", what, r->id,
				k->v[prev]->line);
		return -1;
	}
	k->v[k->n] = r;
	k->file[k->n] = (char)L->file;
	k->ids[k->n++] = id;
	return 0;
}

/* The platform's size against the limits (hs/limits.h), before anything is
 * sized by it: a node past a limit is reported and counted as one core, so
 * that no total overflows (the load fails anyway). */
static void count_limits(struct loader *L, const struct kind_recs *kn, struct hs_node *n, int *bad)
{
	unsigned long long max_nodes = hs_limit(HS_LIMIT_NODES), max_cores = hs_limit(HS_LIMIT_CORES);
	unsigned long long cores = 0, gpus = 0;
	int over = 0;
	for (int i = 0; i < kn->n; i++) {
		const struct hs_record *r = kn->v[i];
		L->file = kn->file[i];
		cores += (unsigned)n[i].cores;
		gpus += (unsigned)n[i].gpus;
		const char *what = NULL, *lim = NULL;
		unsigned long long max = 0;
		if ((unsigned long long)i + 1 > max_nodes)
			what = "nodes", max = max_nodes, lim = hs_limit_text(HS_LIMIT_NODES);
		else if (cores > max_cores || gpus > max_cores)
			what = cores > max_cores ? "cores" : "GPUs", max = max_cores,
			lim = hs_limit_text(HS_LIMIT_CORES);
		else if (cores > INT_MAX || gpus > INT_MAX)
			what = cores > INT_MAX ? "cores" : "GPUs", max = INT_MAX, lim = NULL;
		if (what && !over)
			err_add(L, r->line, "node %s: the platform has more %s than the limit of %llu%s%s%s",
				r->id, what, max, lim ? " (" : "", lim ? lim : "",
				lim ? "; HS_LIMITS raises it)" : "");
		if (what) {
			over = 1;
			bad[i] = 1;
			n[i].cores = 1;
			n[i].gpus = 0;
		}
	}
	L->file = 0;
}

static void build_nodes(struct loader *L, struct kind_recs *kn)
{
	struct hs_platform *pl = &L->in->plat;
	struct index *ix = L->ix;
	int nn = kn->n;
	struct hs_node *tmp = hs_calloc(nn ? nn : 1, sizeof *tmp);
	int *bad = hs_calloc(nn ? nn : 1, sizeof *bad);
	int need_default = 0;
	for (int i = 0; i < nn; i++) {
		L->file = kn->file[i];
		bad[i] = load_node(L, &tmp[i], kn->v[i], kn->ids[i]) > 0;
		need_default |= tmp[i].cluster < 0;
	}
	L->file = 0;
	count_limits(L, kn, tmp, bad);
	if (need_default) {
		int d = hs_strmap_get(&ix->clusters, "default");
		if (d < 0) {
			d = pl->nclusters++;
			cluster_defaults(&pl->clusters[d]);
			pl->clusters[d].id = pool_strdup(&ix->strings, "default");
			hs_strmap_put(&ix->clusters, pl->clusters[d].id, d);
		}
		for (int i = 0; i < nn; i++)
			if (tmp[i].cluster < 0)
				tmp[i].cluster = d;
	}
	/* Stable counting sort by cluster: a cluster's nodes are contiguous
	 * (struct hs_cluster.first_node); this is stream order whenever the
	 * stream lists nodes cluster by cluster, as writers do. */
	int nc = pl->nclusters;
	int *start = hs_calloc(nc + 1, sizeof *start);
	for (int i = 0; i < nn; i++)
		start[tmp[i].cluster + 1]++;
	for (int c = 0; c < nc; c++)
		start[c + 1] += start[c];
	pl->nodes = hs_calloc(nn ? nn : 1, sizeof *pl->nodes);
	pl->nnodes = nn;
	L->node_bad = hs_calloc(nn ? nn : 1, sizeof *L->node_bad);
	for (int c = 0; c < nc; c++) {
		struct hs_cluster *cl = &pl->clusters[c];
		cl->first_node = start[c];
		cl->nnodes = start[c + 1] - start[c];
		cl->nodes = cl->nnodes ? hs_malloc(cl->nnodes * sizeof *cl->nodes) : NULL;
		cl->nnodes = 0;
	}
	for (int i = 0; i < nn; i++) {
		int c = tmp[i].cluster;
		struct hs_cluster *cl = &pl->clusters[c];
		int j = cl->first_node + cl->nnodes;
		cl->nodes[cl->nnodes++] = j;
		cl->cores += tmp[i].cores;
		pl->nodes[j] = tmp[i];
		L->node_bad[j] = bad[i];
		hs_strmap_set(&ix->nodes, tmp[i].id, j);
		pl->total_cores += tmp[i].cores;
		pl->total_gpus += tmp[i].gpus;
	}
	free(start);
	free(tmp);
	free(bad);
}

/* Which of the kinds the model reads a record is: one string comparison
 * (records are many, kinds few). */
enum { K_PLATFORM, K_CLUSTER, K_NODE, K_TASK, K_PLAN, K_RUN, K_OTHER };
static int kind_of(const char *k)
{
	static const char *const names[] = {"platform", "cluster", "node", "task", "plan", "run"};
	int i;
	switch (k ? k[0] : 0) {
	case 'p': i = k[1] == 'l' && k[2] == 'a' && k[3] == 't' ? K_PLATFORM : K_PLAN; break;
	case 'c': i = K_CLUSTER; break;
	case 'n': i = K_NODE; break;
	case 't': i = K_TASK; break;
	case 'r': i = K_RUN; break;
	default: return K_OTHER;
	}
	return strcmp(k, names[i]) == 0 ? i : K_OTHER;
}

int hs_record_is_platform(const struct hs_record *r)
{
	static const char *const kinds[] = {"platform", "cluster", "node", "link", "route", "router"};
	for (size_t i = 0; r->kind && i < sizeof kinds / sizeof *kinds; i++)
		if (strcmp(r->kind, kinds[i]) == 0)
			return 1;
	return 0;
}

int hs_instance_load(struct hs_instance *in, struct hs_stream *s)
{
	return hs_instance_load_flags(in, s, 0);
}

/* The task of plan or run record r, or -1.  Those records mostly come in
 * task order: the task after the previous record's (*next) is tried
 * before the id map (a lookup there is a cache miss per record on large
 * streams). */
static int record_task(const struct hs_instance *in, const struct index *ix,
		       const struct hs_record *r, int *next)
{
	int t = *next;
	if (t >= in->ntasks || strcmp(in->tasks[t].id, r->id) != 0)
		t = hs_strmap_get(&ix->tasks, r->id);
	*next = t + 1;
	return t;
}

/* Records [from, to) of recs decoded on a thread, with a copy of the
 * loader of its own (its problems apart from the others'). */
struct load_job {
	struct loader L;
	struct kind_recs *recs;
	const int *task; /* placements: each record's task */
	char *done;      /* tasks: set for each task decoded */
	int from, to;
};

/* worker on recs cut in hs_stream_threads() parts, side by side; returns
 * the problems the parts found (their messages given up: a caller with
 * any decodes again on one thread, for the messages of one thread). */
static int load_on_threads(const struct loader *L, struct kind_recs *recs, const int *task,
			   char *done, void *(*worker)(void *))
{
	int nth = hs_stream_threads(), problems = 0;
	struct load_job job[HS_PAR_MAX];
	for (int k = 0; k < nth; k++) {
		job[k] = (struct load_job){ *L, recs, task, done, (int)((long)recs->n * k / nth),
					    (int)((long)recs->n * (k + 1) / nth) };
		job[k].L.errs = NULL;
		job[k].L.nerrs = job[k].L.caperrs = job[k].L.total = 0;
	}
	hs_par_run(nth, worker, job, sizeof *job);
	for (int k = 0; k < nth; k++) {
		for (int e = 0; e < job[k].L.nerrs; e++)
			free(job[k].L.errs[e].msg);
		free(job[k].L.errs);
		problems += job[k].L.total;
	}
	return problems;
}

/* Tasks decoded on threads, those without app=, cmd= or deps= (which go
 * to shared pools: left to the caller's loop); like placements below, only
 * where none has a problem.  Returns the tasks decoded (done[i] set), or
 * NULL (everything undone) for the sequential way. */
#define PAR_TASKS 20000

static void *task_worker(void *arg)
{
	struct load_job *j = arg;
	struct hs_instance *in = j->L.in;
	for (int i = j->from; i < j->to && !j->L.total; i++) {
		struct hs_record *r = j->recs->v[i];
		if (hs_record_get(r, "app") || hs_record_get(r, "cmd") || hs_record_get(r, "deps"))
			continue;
		load_task(&j->L, &in->tasks[i], i, r, j->recs->ids[i]);
		j->done[i] = 1;
	}
	return NULL;
}

static char *load_tasks_par(struct loader *L, struct kind_recs *kt)
{
	if (kt->n < PAR_TASKS || hs_stream_threads() < 2)
		return NULL;
	char *done = hs_calloc((size_t)kt->n, 1);
	if (!load_on_threads(L, kt, NULL, done, task_worker))
		return done;
	for (int i = 0; i < kt->n; i++) {
		struct hs_task *t = &L->in->tasks[i];
		if (done[i]) {
			free(t->times);
			free(t->comp);
			free(t->comm);
			memset(t, 0, sizeof *t);
		}
	}
	free(done);
	return NULL;
}

/* The after values of placement records, each looked up LOOK_AHEAD
 * records before its record is decoded, and the slots of its first ids
 * (up to 4) in the task map fetched then.  Those ids name earlier tasks in
 * no order, a cache miss each in the map of a large stream (8% of
 * hs-report's time), which the work on the records between then hides. */
struct after_ring {
	const char *v[LOOK_AHEAD];
};

static const char *prefetch_after(const struct loader *L, const struct hs_record *r)
{
	const char *v = hs_record_get(r, "after"), *a = v;
	for (int n = 0; a && *a && n < 4; n++) {
		const char *c = strchr(a, ',');
		hs_strmap_prefetch(&L->ix->tasks, a, c ? (size_t)(c - a) : SIZE_MAX);
		a = c ? c + 1 : NULL;
	}
	return v;
}

/* The after value of recs[i], in a loop over [from, to) that calls this
 * once for each i in order. */
static const char *after_next(const struct loader *L, struct after_ring *a,
			      struct hs_record *const *recs, int from, int i, int to)
{
	if (L->flags & HS_LOAD_NO_AFTER)
		return NULL;
	if (i == from)
		for (int k = i; k < i + LOOK_AHEAD && k < to; k++)
			a->v[k % LOOK_AHEAD] = prefetch_after(L, recs[k]);
	const char *v = a->v[i % LOOK_AHEAD];
	if (i + LOOK_AHEAD < to)
		a->v[i % LOOK_AHEAD] = prefetch_after(L, recs[i + LOOK_AHEAD]);
	return v;
}

/* Placements decoded on threads: a quarter of reading a planned stream,
 * the records independent.  Only a stream without problems there goes
 * this way: each record's task is found first (as the loop in
 * hs_instance_load_flags finds it) and any unknown or repeated one, or
 * any record a thread finds bad, sends the whole lot back to that loop,
 * everything undone, so that messages and the problems kept are those of
 * one thread.  Returns 0 when done here, -1 to go the sequential way. */
#define PAR_PLACEMENTS 20000

static void *pl_worker(void *arg)
{
	struct load_job *j = arg;
	struct hs_instance *in = j->L.in;
	struct after_ring ring;
	for (int i = j->from; i < j->to && !j->L.total; i++) {
		struct hs_record *r = j->recs->v[i];
		int t = j->task[i];
		const char *after = after_next(&j->L, &ring, j->recs->v, j->from, i, j->to);
		struct hs_placement *p = r->kind[0] == 'r' ? &in->run.p[t] : &in->plan.p[t];
		if (load_placement(&j->L, r, t, p, after) != 0)
			placement_free(p);
	}
	return NULL;
}

static int load_placements_par(struct loader *L, struct kind_recs *kp, int *plan_line,
			       int *run_line)
{
	struct hs_instance *in = L->in;
	if (kp->n < PAR_PLACEMENTS || hs_stream_threads() < 2)
		return -1;
	int *task = hs_malloc((size_t)kp->n * sizeof *task);
	int next[2] = { 0, 0 }, ok = 1, hp = 0, hr = 0;
	for (int i = 0; i < kp->n && ok; i++) {
		struct hs_record *r = kp->v[i];
		int is_run = r->kind[0] == 'r';
		int t = record_task(in, L->ix, r, &next[is_run]);
		int *lines = is_run ? run_line : plan_line;
		ok = t >= 0 && !lines[t];
		if (ok)
			lines[t] = r->line ? r->line : -1;
		task[i] = t;
		hr |= is_run;
		hp |= !is_run;
	}
	int decoded = ok; /* placements to undo if a thread found a problem */
	if (ok)
		ok = load_on_threads(L, kp, task, NULL, pl_worker) == 0;
	if (!ok) {
		for (int i = 0; decoded && i < kp->n; i++) {
			struct hs_record *r = kp->v[i];
			placement_free(r->kind[0] == 'r' ? &in->run.p[task[i]] : &in->plan.p[task[i]]);
		}
		memset(plan_line, 0, (size_t)(in->ntasks ? in->ntasks : 1) * sizeof *plan_line);
		memset(run_line, 0, (size_t)(in->ntasks ? in->ntasks : 1) * sizeof *run_line);
		free(task);
		return -1;
	}
	free(task);
	in->has_plan |= hp;
	in->has_run |= hr;
	return 0;
}

int hs_instance_load_flags(struct hs_instance *in, struct hs_stream *s, unsigned flags)
{
	memset(in, 0, sizeof *in);
	in->stream = s;
	struct index *ix = hs_calloc(1, sizeof *ix);
	in->index_ = ix;
	struct loader L = { .in = in, .s = s, .ix = ix, .flags = flags };

	/* The platform's XML file, if any, comes first: its records are
	 * classified with the stream's, ahead of them. */
	struct hs_record *plat = NULL, *xplat = NULL;
	for (size_t i = 0; i < s->n && !plat; i++)
		if (s->recs[i]->kind && strcmp(s->recs[i]->kind, "platform") == 0)
			plat = s->recs[i];
	if (plat && read_platform_xml(&L, plat) < 0) {
		/* Without its platform the stream's nodes and plans mean nothing:
		 * stop before a cascade of unknown nodes. */
		err_flush(&L);
		hs_instance_release(in);
		in->stream = s;
		return -1;
	}
	struct hs_stream *srcs[2] = { in->plat_xml, s };
	int srcfile[2] = { 1, 0 };

	/* Pass 1: classify records and register ids. */
	size_t counts[K_OTHER + 1] = { 0 };
	for (int f = 0; f < 2; f++)
		for (size_t i = 0; srcs[f] && i < srcs[f]->n; i++)
			counts[kind_of(srcs[f]->recs[i]->kind)]++;
	struct kind_recs kc, kn, kt, kp;
	kr_init(&kc, counts[K_CLUSTER]);
	kr_init(&kn, counts[K_NODE]);
	kr_init(&kt, counts[K_TASK]);
	kr_init(&kp, counts[K_PLAN] + counts[K_RUN]);
	hs_strmap_init(&ix->clusters, counts[K_CLUSTER]);
	hs_strmap_init(&ix->nodes, counts[K_NODE]);
	hs_strmap_init(&ix->tasks, counts[K_TASK]);
	for (int f = 0; f < 2; f++) {
		L.file = srcfile[f];
		for (size_t i = 0; srcs[f] && i < srcs[f]->n; i++) {
			struct hs_record *r = srcs[f]->recs[i];
			int k = kind_of(r->kind);
			/* The slot of a task LOOK_AHEAD records on, a cache miss
			 * each in the map of a large stream, fetched while this
			 * one is registered. */
			const struct hs_record *ahead =
				i + LOOK_AHEAD < srcs[f]->n ? srcs[f]->recs[i + LOOK_AHEAD] : NULL;
			if (ahead && ahead->kind && ahead->kind[0] == 't' && ahead->id)
				hs_strmap_prefetch(&ix->tasks, ahead->id, SIZE_MAX);
			if (k == K_PLATFORM) {
				if (L.file)
					xplat = r; /* the reader writes one */
				else if (r != plat)
					err_add(&L, r->line,
						"duplicate platform record (first at line %d)",
						plat->line);
			} else if (k == K_CLUSTER) {
				register_id(&L, &ix->clusters, &kc, r, "cluster");
			} else if (k == K_NODE) {
				register_id(&L, &ix->nodes, &kn, r, "node");
			} else if (L.file) {
				continue; /* the XML file brings a platform only */
			} else if (k == K_TASK) {
				register_id(&L, &ix->tasks, &kt, r, "task");
			} else if (k == K_PLAN || k == K_RUN) {
				kp.v[kp.n++] = r;
			}
		}
	}
	L.file = 0;

	/* Pass 2: decode in dependency order. */
	struct hs_platform *pl = &in->plat;
	pl->ref_flops = 1e9;
	load_platform(&L, plat, xplat);
	load_platform_routing(&L, plat, xplat);
	pl->clusters = hs_calloc(kc.n + 1, sizeof *pl->clusters); /* +1: implicit default */
	pl->nclusters = kc.n;
	for (int i = 0; i < kc.n; i++) {
		L.file = kc.file[i];
		load_cluster(&L, &pl->clusters[i], kc.v[i], kc.ids[i]);
	}
	L.file = 0;
	build_nodes(&L, &kn);

	in->ntasks = kt.n;
	in->tasks = hs_calloc(kt.n ? kt.n : 1, sizeof *in->tasks);
	L.dep_off = hs_malloc((kt.n ? kt.n : 1) * sizeof *L.dep_off);
	char *done = load_tasks_par(&L, &kt);
	for (int i = 0; i < kt.n; i++)
		if (!done || !done[i])
			load_task(&L, &in->tasks[i], i, kt.v[i], kt.ids[i]);
	free(done);
	finish_deps(&L);
	free(L.dep_off);
	free(L.dep_idx);
	free(L.dep_bytes);

	/* A schedule the caller replaces costs nothing when the stream has
	 * none to check: its slots would be written once and freed unread. */
	if (counts[K_PLAN] || !(flags & HS_LOAD_PLAN_REPLACED))
		hs_schedule_init(&in->plan, in->ntasks);
	if (counts[K_RUN] || !(flags & HS_LOAD_RUN_REPLACED))
		hs_schedule_init(&in->run, in->ntasks);
	int *plan_line = hs_calloc(in->ntasks ? in->ntasks : 1, sizeof *plan_line);
	int *run_line = hs_calloc(in->ntasks ? in->ntasks : 1, sizeof *run_line);
	int next[2] = { 0, 0 };
	struct after_ring ring;
	int from = load_placements_par(&L, &kp, plan_line, run_line) == 0 ? kp.n : 0;
	for (int i = from; i < kp.n; i++) {
		struct hs_record *r = kp.v[i];
		int is_run = r->kind[0] == 'r';
		int t = record_task(in, ix, r, &next[is_run]);
		const char *after = after_next(&L, &ring, kp.v, from, i, kp.n);
		if (t < 0) {
			err_add(&L, r->line, "%s %s: unknown task", r->kind, r->id);
			continue;
		}
		int *lines = is_run ? run_line : plan_line;
		if (lines[t]) {
			err_add(&L, r->line, "duplicate %s record for task '%s' (first at line %d)",
				r->kind, r->id, lines[t]);
			continue;
		}
		lines[t] = r->line ? r->line : -1;
		struct hs_placement *p = is_run ? &in->run.p[t] : &in->plan.p[t];
		if (load_placement(&L, r, t, p, after) != 0)
			placement_free(p);
		if (is_run)
			in->has_run = 1;
		else
			in->has_plan = 1;
	}
	check_cycles(&L, &in->plan, "plan", plan_line);
	check_cycles(&L, &in->run, "run", run_line);
	free(plan_line);
	free(run_line);
	kr_release(&kc);
	kr_release(&kn);
	kr_release(&kt);
	kr_release(&kp);
	free(L.node_bad);

	if (L.total) {
		err_flush(&L);
		hs_instance_release(in);
		in->stream = s;
		return -1;
	}
	return 0;
}

void hs_instance_release(struct hs_instance *in)
{
	struct hs_platform *pl = &in->plat;
	for (int i = 0; i < pl->nclusters; i++)
		free(pl->clusters[i].nodes);
	free(pl->clusters);
	free(pl->nodes);
	for (int i = 0; i < in->ntasks; i++) {
		free(in->tasks[i].times);
		free(in->tasks[i].comp);
		free(in->tasks[i].comm);
	}
	free(in->tasks);
	hs_schedule_release(&in->plan);
	hs_schedule_release(&in->run);
	struct index *ix = in->index_;
	if (ix) {
		hs_strmap_release(&ix->tasks);
		hs_strmap_release(&ix->nodes);
		hs_strmap_release(&ix->clusters);
		pool_release(&ix->strings);
		free(ix->xml);
		free(ix->dep_idx);
		free(ix->dep_bytes);
		free(ix);
	}
	if (in->plat_xml) {
		hs_stream_release(in->plat_xml);
		free(in->plat_xml);
	}
	memset(in, 0, sizeof *in);
}

int hs_instance_find_task(const struct hs_instance *in, const char *id)
{
	const struct index *ix = in->index_;
	return ix ? hs_strmap_get(&ix->tasks, id) : -1;
}

int hs_instance_find_node(const struct hs_instance *in, const char *id)
{
	const struct index *ix = in->index_;
	return ix ? hs_strmap_get(&ix->nodes, id) : -1;
}

int hs_instance_find_cluster(const struct hs_instance *in, const char *id)
{
	const struct index *ix = in->index_;
	return ix ? hs_strmap_get(&ix->clusters, id) : -1;
}

/* ---------------- writing schedules back ---------------- */

struct strbuf {
	char *s;
	size_t n, cap;
	char inl[192]; /* s starts here: a record's fields seldom need more */
};

static void sb_init(struct strbuf *b)
{
	b->s = b->inl;
	b->n = 0;
	b->cap = sizeof b->inl;
	b->s[0] = 0;
}

static void sb_free(struct strbuf *b)
{
	if (b->s != b->inl)
		free(b->s);
}

static void sb_add(struct strbuf *b, const char *s, size_t len)
{
	if (b->n + len + 1 > b->cap) {
		b->cap = (b->n + len + 1) * 2;
		if (b->s == b->inl)
			b->s = memcpy(hs_malloc(b->cap), b->inl, b->n + 1);
		else
			b->s = hs_realloc(b->s, b->cap);
	}
	memcpy(b->s + b->n, s, len);
	b->n += len;
	b->s[b->n] = 0;
}

static void sb_puts(struct strbuf *b, const char *s)
{
	sb_add(b, s, strlen(s));
}

/* The fields of a placement's record in the order they are set; a key
 * without value (off == NONE) is removed.  Values live in one buffer. */
#define PF_MAX 10 /* node cores gpus start end after state exit energy */
#define NONE ((size_t)-1)
struct pfields {
	const char *key[PF_MAX];
	size_t off[PF_MAX];
	int n;
	struct strbuf b;
};

/* Start the value of key at the end of the buffer (sb_add the pieces). */
static void pf_key(struct pfields *f, const char *key)
{
	if (f->n > 0 && f->off[f->n - 1] != NONE)
		sb_add(&f->b, "", 1); /* ends the previous value: its NUL stays */
	f->key[f->n] = key;
	f->off[f->n++] = f->b.n;
}

static void pf_none(struct pfields *f, const char *key)
{
	pf_key(f, key);
	f->off[f->n - 1] = NONE;
}

static void put_sets(struct pfields *f, const struct hs_placement *p, const char *key, int gpus)
{
	pf_key(f, key);
	for (int i = 0; i < p->nparts; i++) {
		if (i)
			sb_puts(&f->b, "/");
		const struct hs_part *pt = &p->parts[i];
		char *set = gpus ? hs_fmt_intset(pt->gpus, pt->ngpus) : hs_fmt_intset(pt->cores, pt->ncores);
		sb_puts(&f->b, set);
		free(set);
	}
}

static void put_num(struct pfields *f, const char *key, double v)
{
	char nb[HS_NUMBUF];
	pf_key(f, key);
	sb_puts(&f->b, hs_fmt_double(nb, v));
}

static void placement_fields(const struct hs_instance *in, const struct hs_placement *p, int run,
			     struct pfields *f)
{
	const struct hs_platform *pl = &in->plat;
	f->n = 0;
	sb_init(&f->b);
	int anygpu = 0;
	for (int i = 0; i < p->nparts; i++)
		anygpu |= p->parts[i].ngpus > 0;
	if (p->nparts == 0) { /* a rejected task */
		pf_none(f, "node");
		pf_none(f, "cores");
	} else {
		pf_key(f, "node");
		for (int i = 0; i < p->nparts; i++) {
			int j = p->parts[i].node;
			if (i)
				sb_puts(&f->b, ",");
			sb_puts(&f->b, j >= 0 && j < pl->nnodes ? pl->nodes[j].id : "?");
		}
		put_sets(f, p, "cores", 0);
	}
	if (anygpu)
		put_sets(f, p, "gpus", 1);
	else
		pf_none(f, "gpus");
	put_num(f, "start", p->start);
	put_num(f, "end", p->end);
	if (p->nafter > 0) {
		pf_key(f, "after");
		for (int i = 0; i < p->nafter; i++) {
			int t = p->after[i];
			if (i)
				sb_puts(&f->b, ",");
			sb_puts(&f->b, t >= 0 && t < in->ntasks ? in->tasks[t].id : "?");
		}
	} else {
		pf_none(f, "after");
	}
	if (run) {
		static const char *states[] = { NULL, "done", "killed", "failed", "rejected" };
		if (p->state > HS_STATE_NONE && p->state <= HS_STATE_REJECTED) {
			pf_key(f, "state");
			sb_puts(&f->b, states[p->state]);
		} else {
			pf_none(f, "state");
		}
		if (p->exit_status >= 0) {
			char nb[32];
			snprintf(nb, sizeof nb, "%d", p->exit_status);
			pf_key(f, "exit");
			sb_puts(&f->b, nb);
		} else {
			pf_none(f, "exit");
		}
		if (!isnan(p->energy))
			put_num(f, "energy", p->energy);
		else
			pf_none(f, "energy");
	}
}

/* The values of f as strings (after the buffer stopped moving). */
static const char *pf_val(const struct pfields *f, int i)
{
	return f->off[i] == NONE ? NULL : f->b.s + f->off[i];
}

void hs_placement_to_record(const struct hs_instance *in, const struct hs_placement *p,
			    struct hs_record *r)
{
	struct pfields f;
	placement_fields(in, p, r->kind && strcmp(r->kind, "run") == 0, &f);
	for (int i = 0; i < f.n; i++) {
		const char *v = pf_val(&f, i);
		if (v)
			hs_record_set(r, f.key[i], v);
		else
			hs_record_unset(r, f.key[i]);
	}
	sb_free(&f.b);
}

/* The fields of f that have a value, in keys[] and vals[] (PF_MAX
 * each); returns their count. */
static int pf_pairs(const struct pfields *f, const char **keys, const char **vals)
{
	int n = 0;
	for (int i = 0; i < f->n; i++)
		if (pf_val(f, i)) {
			keys[n] = f->key[i];
			vals[n++] = pf_val(f, i);
		}
	return n;
}

/* A new record of kind for p: the fields hs_placement_to_record sets, in
 * one allocation. */
static struct hs_record *placement_record(const struct hs_instance *in, const struct hs_placement *p,
					  const char *kind, const char *id)
{
	struct pfields f;
	placement_fields(in, p, strcmp(kind, "run") == 0, &f);
	const char *keys[PF_MAX], *vals[PF_MAX];
	int n = pf_pairs(&f, keys, vals);
	struct hs_record *r = hs_record_new_fields(kind, id, keys, vals, n);
	sb_free(&f.b);
	return r;
}

/* Deep copy of a schedule into a fresh one with ntasks slots. */
static void sched_copy(struct hs_schedule *dst, const struct hs_schedule *src, int ntasks)
{
	hs_schedule_init(dst, ntasks);
	for (int i = 0; i < ntasks && i < src->n; i++)
		hs_placement_copy(&dst->p[i], &src->p[i]);
}

static int drop_kinds(const struct hs_record *r, void *arg)
{
	const char *const *kinds = arg;
	const char *kind = r->kind ? r->kind : hs_record_gen_tag(r); /* emitted lines too */
	for (; kind && *kinds; kinds++)
		if (strcmp(kind, *kinds) == 0)
			return 1;
	return 0;
}

static void append_records(struct hs_instance *in, const struct hs_schedule *sched, const char *kind)
{
	for (int i = 0; i < in->ntasks && i < sched->n; i++) {
		if (sched->p[i].task < 0)
			continue;
		hs_stream_append(in->stream, placement_record(in, &sched->p[i], kind, in->tasks[i].id));
	}
}

/* Emitted records: the lines of the model's plan or run, made as the
 * stream is written (hs/format.h, generated records). */
_Static_assert(PF_MAX <= HS_GEN_FIELDS, "a generated line holds a placement's fields");
_Static_assert(HS_EMIT_PLAN_FIELDS <= HS_EMIT_RUN_FIELDS && HS_EMIT_RUN_FIELDS < PF_MAX,
	       "emit.h counts the fields placement_fields sets");

struct emit {
	const struct hs_instance *in;
	const struct hs_schedule *sched; /* &in->plan or &in->run */
	const char *kind;
	int run;                         /* kind is "run": state, exit, energy too */
	struct hs_emit_extra x;          /* fields NULL: none */
};

/* The fields of the line last made on this thread (lines are made on
 * several threads at once: hs_record_new_gen_mt). */
static _Thread_local struct pfields emit_f;
static _Thread_local int emit_used;

static int emit_next(void *arg, size_t i, struct hs_gen_line *l)
{
	struct emit *e = arg;
	const struct hs_instance *in = e->in;
	if (emit_used) {
		sb_free(&emit_f.b);
		emit_used = 0;
	}
	if (i >= (size_t)in->ntasks || i >= (size_t)e->sched->n)
		return -1; /* also HS_GEN_DONE */
	const struct hs_placement *p = &e->sched->p[i];
	if (p->task < 0)
		return 0;
	emit_used = 1;
	placement_fields(in, p, e->run, &emit_f);
	l->kind = e->kind;
	l->id = in->tasks[i].id;
	l->n = pf_pairs(&emit_f, l->keys, l->vals);
	if (e->x.fields)
		l->n += e->x.fields(e->x.arg, (int)i, l->keys + l->n, l->vals + l->n,
				    HS_GEN_FIELDS - l->n);
	return 1;
}

static void emit_free(void *arg)
{
	struct emit *e = arg;
	if (e->x.free_arg)
		e->x.free_arg(e->x.arg);
	free(e);
}

/* One generated record standing for the records of kind of the model's
 * schedule *sched (in->plan or in->run), with x's fields (or none). */
static void emit_records(struct hs_instance *in, const struct hs_schedule *sched, const char *kind,
			 const struct hs_emit_extra *x)
{
	struct emit *e = hs_calloc(1, sizeof *e);
	e->in = in;
	e->sched = sched;
	e->kind = kind; /* a string literal */
	e->run = strcmp(kind, "run") == 0;
	if (x)
		e->x = *x;
	hs_stream_append(in->stream, hs_record_new_gen_mt(kind, emit_next, e, emit_free));
}

/* The model's schedule *dst replaced by sched: a deep copy, or sched's
 * own memory when move (then *sched is left empty) and it has a slot per
 * task. */
static void install(struct hs_instance *in, struct hs_schedule *dst, struct hs_schedule *sched,
		    int move)
{
	struct hs_schedule copy;
	if (move && sched->n == in->ntasks) {
		copy = *sched;
		sched->p = NULL;
		sched->n = 0;
	} else {
		sched_copy(&copy, sched, in->ntasks);
	}
	hs_schedule_release(dst);
	*dst = copy;
}

static void set_plan(struct hs_instance *in, struct hs_schedule *sched, int move, int lazy,
		     const struct hs_emit_extra *x)
{
	static const char *kinds[] = { "plan", "run", NULL };
	hs_stream_filter(in->stream, drop_kinds, (void *)kinds);
	/* Keep the model in step with the stream: the new plan, no run. */
	if (!lazy)
		append_records(in, sched, "plan");
	install(in, &in->plan, sched, move);
	if (lazy)
		emit_records(in, &in->plan, "plan", x);
	in->has_plan = 1;
	/* Without run records the run is already empty: one slot per task, or
	 * none where the loader was told the run is replaced. */
	if (in->has_run || (in->run.n && in->run.n != in->ntasks)) {
		hs_schedule_release(&in->run);
		hs_schedule_init(&in->run, in->ntasks);
	}
	in->has_run = 0;
}

static void set_run(struct hs_instance *in, struct hs_schedule *sched, int move, int lazy,
		    const struct hs_emit_extra *x)
{
	static const char *kinds[] = { "run", NULL };
	hs_stream_filter(in->stream, drop_kinds, (void *)kinds);
	if (!lazy)
		append_records(in, sched, "run");
	install(in, &in->run, sched, move);
	if (lazy)
		emit_records(in, &in->run, "run", x);
	in->has_run = 1;
}

void hs_instance_set_plan(struct hs_instance *in, const struct hs_schedule *sched)
{
	set_plan(in, (struct hs_schedule *)sched, 0, 0, NULL);
}

void hs_instance_take_plan(struct hs_instance *in, struct hs_schedule *sched)
{
	set_plan(in, sched, 1, 0, NULL);
}

void hs_instance_emit_plan(struct hs_instance *in, struct hs_schedule *sched)
{
	set_plan(in, sched, 1, 1, NULL);
}

void hs_instance_set_run(struct hs_instance *in, const struct hs_schedule *sched)
{
	set_run(in, (struct hs_schedule *)sched, 0, 0, NULL);
}

void hs_instance_take_run(struct hs_instance *in, struct hs_schedule *sched)
{
	set_run(in, sched, 1, 0, NULL);
}

void hs_instance_emit_run(struct hs_instance *in, struct hs_schedule *sched)
{
	set_run(in, sched, 1, 1, NULL);
}

void hs_instance_emit_plan_extra(struct hs_instance *in, struct hs_schedule *sched,
				 const struct hs_emit_extra *x)
{
	set_plan(in, sched, 1, 1, x);
}

void hs_instance_emit_run_extra(struct hs_instance *in, struct hs_schedule *sched,
				const struct hs_emit_extra *x)
{
	set_run(in, sched, 1, 1, x);
}

static int is_prov(const struct hs_record *r, const char *stage)
{
	return r->kind && r->kind[0] == 'p' && strcmp(r->kind, "prov") == 0 &&
	       (!stage || strcmp(r->id, stage) == 0);
}

struct hs_record *hs_instance_prov(struct hs_instance *in, const char *stage)
{
	struct hs_stream *s = in->stream;
	for (size_t i = 0; i < s->n; i++)
		if (is_prov(s->recs[i], stage)) {
			if (i < s->header_pos)
				s->header_pos--;
			hs_record_free(s->recs[i]);
			memmove(&s->recs[i], &s->recs[i + 1], (s->n - i - 1) * sizeof *s->recs);
			s->n--;
			i--;
		}
	/* After the last prov record, or first after the header line (which is
	 * not a record; comments above it stay there). */
	size_t pos = s->header_pos;
	for (size_t i = 0; i < s->n; i++)
		if (is_prov(s->recs[i], NULL))
			pos = i + 1;
	struct hs_record *r = hs_record_new("prov", stage);
	hs_stream_append(s, r);
	memmove(&s->recs[pos + 1], &s->recs[pos], (s->n - 1 - pos) * sizeof *s->recs);
	s->recs[pos] = r;
	return r;
}

const char *hs_stream_prov(const struct hs_stream *s, const char *key)
{
	/* "STAGE.KEY" names one stage when a prov record of that stage exists;
	 * otherwise the whole text is a key (keys may contain dots). */
	const char *dot = strchr(key, '.');
	if (dot) {
		size_t len = dot - key;
		const char *val = NULL;
		int stage_seen = 0;
		for (size_t i = 0; i < s->n; i++) {
			const struct hs_record *r = s->recs[i];
			if (!is_prov(r, NULL) || strlen(r->id) != len || strncmp(r->id, key, len) != 0)
				continue;
			stage_seen = 1;
			const char *v = hs_record_get(r, dot + 1);
			if (v)
				val = v;
		}
		if (stage_seen)
			return val;
	}
	const char *val = NULL;
	for (size_t i = 0; i < s->n; i++)
		if (is_prov(s->recs[i], NULL)) {
			const char *v = hs_record_get(s->recs[i], key);
			if (v)
				val = v;
		}
	return val;
}
