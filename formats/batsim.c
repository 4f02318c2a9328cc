/* batsim.c - Batsim workloads (hs/batsim.h) on top of the JSON reader.
 *
 * The rules follow Batsim's own loader (src/jobs.cpp, src/profiles.cpp of
 * Batsim 3 to 5): a job's id is a string or an integer, subtime a number,
 * walltime optional (-1 or > 0), res an integer >= 1, profile the name of
 * a member of "profiles".  hs is stricter where Batsim would run on into
 * nonsense: negative times and amounts are errors, and a parallel
 * profile's cpu vector must have one value per resource of each job that
 * uses it.  Profiles are checked when a job first uses them. */
#include "hs/batsim.h"
#include "hs/json.h"
#include "hs/util.h"
#include "util/strmap.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A profile once checked. */
struct profile {
	int state;                /* 0 not yet looked at, 1 usable */
	enum hs_batsim_kind kind;
	int spread;               /* homogeneous amounts are totals to divide */
	double delay, cpu1, com1;
	double *cpu, *com;        /* PARALLEL */
	int ncpu, ncom;
};

struct priv {
	struct hs_json_doc *doc;
	const struct hs_json *profiles;
	struct hs_strmap names;   /* profile name -> index in profiles */
	struct profile *prof;
	char *ids;                /* the integer ids' text, one block */
};

static int fail(const struct hs_batsim *w, int line, const char *fmt, ...) HS_PRINTF(3, 4);
static int fail(const struct hs_batsim *w, int line, const char *fmt, ...)
{
	char msg[600];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	hs_error_at(w->name, line, "%s", msg);
	return -1;
}

/* Text for messages: at most 60 bytes of s. */
static const char *shown(const char *s, char *buf)
{
	snprintf(buf, 64, "%.60s%s", s, strlen(s) > 60 ? "..." : "");
	for (char *c = buf; *c; c++)
		if ((unsigned char)*c < 0x20)
			*c = '?';
	return buf;
}

/* The number member key of o (what names o in messages): 0, 1 when absent
 * and optional, -1 after reporting. */
static int number(const struct hs_batsim *w, const struct hs_json *o, const char *what,
		  const char *key, int optional, double *v)
{
	const struct hs_json *m = hs_json_get(o, key);
	if (!m) {
		if (optional)
			return 1;
		return fail(w, o->line, "%s: no '%s'", what, key);
	}
	if (m->type != HS_JSON_NUMBER)
		return fail(w, m->line, "%s: '%s' is %s, not a number", what, key,
			    hs_json_type_name(m->type));
	*v = m->u.num;
	return 0;
}

static int nonneg(const struct hs_batsim *w, const struct hs_json *o, const char *what,
		  const char *key, double v)
{
	char b[HS_NUMBUF];
	if (v < 0)
		return fail(w, hs_json_get(o, key)->line, "%s: %s %s is negative", what, key,
			    hs_fmt_double(b, v));
	return 0;
}

/* cpu or com of a parallel profile: an array of numbers >= 0 (absent:
 * none, *n = 0). */
static int vector(const struct hs_batsim *w, const struct hs_json *o, const char *what,
		  const char *key, double **out, int *n)
{
	const struct hs_json *a = hs_json_get(o, key);
	*out = NULL;
	*n = 0;
	if (!a)
		return 0;
	if (a->type != HS_JSON_ARRAY)
		return fail(w, a->line, "%s: '%s' is %s, not an array of numbers", what, key,
			    hs_json_type_name(a->type));
	double *v = hs_malloc((size_t)(a->n ? a->n : 1) * sizeof *v);
	for (int i = 0; i < a->n; i++) {
		const struct hs_json *x = &a->u.items[i];
		char b[HS_NUMBUF];
		if (x->type != HS_JSON_NUMBER || x->u.num < 0) {
			free(v);
			if (x->type != HS_JSON_NUMBER)
				return fail(w, x->line, "%s: %s[%d] is %s, not a number", what, key, i,
					    hs_json_type_name(x->type));
			return fail(w, x->line, "%s: %s[%d] %s is negative", what, key, i,
				    hs_fmt_double(b, x->u.num));
		}
		v[i] = x->u.num;
	}
	*out = v;
	*n = a->n;
	return 0;
}

static int is_one_of(const char *s, const char *const *names)
{
	for (; *names; names++)
		if (strcmp(s, *names) == 0)
			return 1;
	return 0;
}

/* Check profile k (name, value p) the first time a job uses it.  0, or -1
 * after reporting; job names the job for an unknown type. */
static int load_profile(struct hs_batsim *w, struct priv *pv, int k, const char *job, int jline)
{
	struct profile *pr = &pv->prof[k];
	if (pr->state)
		return 0;
	const char *name = pv->profiles->keys[k];
	const struct hs_json *p = &pv->profiles->u.items[k];
	char nb[64], what[96], tb[64];
	snprintf(what, sizeof what, "profile '%s'", shown(name, nb));
	if (p->type != HS_JSON_OBJECT)
		return fail(w, p->line, "%s is %s, not an object", what, hs_json_type_name(p->type));
	const struct hs_json *t = hs_json_get(p, "type");
	if (!t)
		return fail(w, p->line, "%s: no 'type'", what);
	if (t->type != HS_JSON_STRING)
		return fail(w, t->line, "%s: 'type' is %s, not a string", what,
			    hs_json_type_name(t->type));
	static const char *const delay[] = {"delay", "DelayProfile", NULL};
	static const char *const par[] = {"parallel", "ptask", "msg_par", "ParallelTaskProfile",
					  NULL};
	static const char *const hom[] = {"parallel_homogeneous", "ptask_homogeneous",
					  "msg_par_hg", "ParallelTaskHomogeneousProfile", NULL};
	static const char *const tot[] = {"parallel_homogeneous_total", "msg_par_hg_tot", NULL};
	const char *type = t->u.str;
	if (is_one_of(type, delay)) {
		pr->kind = HS_BATSIM_DELAY;
		if (number(w, p, what, "delay", 0, &pr->delay) < 0 ||
		    nonneg(w, p, what, "delay", pr->delay) < 0)
			return -1;
	} else if (is_one_of(type, par)) {
		pr->kind = HS_BATSIM_PARALLEL;
		if (vector(w, p, what, "cpu", &pr->cpu, &pr->ncpu) < 0 ||
		    vector(w, p, what, "com", &pr->com, &pr->ncom) < 0)
			return -1;
		long side = pr->ncpu;
		if (pr->ncpu && pr->ncom && (long)pr->ncom != side * side)
			return fail(w, hs_json_get(p, "com")->line,
				    "%s: com has %d values, cpu has %d (a %ld x %ld matrix has %ld)",
				    what, pr->ncom, pr->ncpu, side, side, side * side);
		if (!pr->ncpu && !pr->ncom)
			return fail(w, p->line, "%s: neither 'cpu' nor 'com'", what);
	} else if (is_one_of(type, hom) || is_one_of(type, tot)) {
		pr->kind = HS_BATSIM_HOMOGENEOUS;
		pr->spread = is_one_of(type, tot);
		if (number(w, p, what, "cpu", 0, &pr->cpu1) < 0 ||
		    nonneg(w, p, what, "cpu", pr->cpu1) < 0 ||
		    number(w, p, what, "com", 0, &pr->com1) < 0 ||
		    nonneg(w, p, what, "com", pr->com1) < 0)
			return -1;
		const struct hs_json *g = hs_json_get(p, "generation_strategy");
		static const char *const each[] = {"defined_amount_used_for_each_value",
						   "DefinedAmountsUsedForEachValue", NULL};
		static const char *const spread[] = {"defined_amount_spread_uniformly",
						     "DefinedAmountsSpreadUniformly", NULL};
		if (g && (g->type != HS_JSON_STRING ||
			  !(is_one_of(g->u.str, each) || is_one_of(g->u.str, spread))))
			return fail(w, g->line,
				    "%s: generation_strategy must be "
				    "\"defined_amount_used_for_each_value\" or "
				    "\"defined_amount_spread_uniformly\"",
				    what);
		if (g && is_one_of(g->u.str, spread))
			pr->spread = 1;
	} else {
		char jb[64];
		return fail(w, jline,
			    "job '%s': profile '%s' has type '%s', which hs cannot replay (it "
			    "replays delay, parallel and parallel_homogeneous profiles)",
			    shown(job, jb), shown(name, nb), shown(type, tb));
	}
	pr->state = 1;
	return 0;
}

/* Whether s can be an hs id: no blanks, '=' or quotes (hs-format(5)). */
static int hs_id_ok(const char *s)
{
	return *s && !strpbrk(s, " \t\n\r\v\f='\"");
}

static int load_job(struct hs_batsim *w, struct priv *pv, const struct hs_json *o, int i,
		    struct hs_strmap *ids, char **idtext)
{
	struct hs_batsim_job *j = &w->jobs[i];
	char what[96], b[64], nb[HS_NUMBUF];
	if (o->type != HS_JSON_OBJECT)
		return fail(w, o->line, "jobs[%d] is %s, not an object", i, hs_json_type_name(o->type));
	j->line = o->line;
	const struct hs_json *id = hs_json_get(o, "id");
	if (!id)
		return fail(w, o->line, "jobs[%d]: no 'id'", i);
	if (id->type == HS_JSON_STRING) {
		j->id = id->u.str;
	} else if (id->type == HS_JSON_NUMBER && id->u.num == floor(id->u.num) &&
		   fabs(id->u.num) < 1e15) {
		*idtext = hs_asprintf("%.0f", id->u.num);
		j->id = *idtext;
	} else {
		return fail(w, id->line, "jobs[%d]: 'id' is %s, not a string or an integer", i,
			    id->type == HS_JSON_NUMBER ? "a fraction" : hs_json_type_name(id->type));
	}
	snprintf(what, sizeof what, "job '%s'", shown(j->id, b));
	if (!hs_id_ok(j->id))
		return fail(w, id->line, "%s: an hs task id cannot be empty or hold blanks, '=' or "
					 "quotes", what);
	int first = hs_strmap_put(ids, j->id, i);
	if (first >= 0)
		return fail(w, id->line, "%s: id already used at line %d", what, w->jobs[first].line);
	if (number(w, o, what, "subtime", 0, &j->subtime) < 0 ||
	    nonneg(w, o, what, "subtime", j->subtime) < 0)
		return -1;
	j->walltime = -1;
	int rc = number(w, o, what, "walltime", 1, &j->walltime);
	if (rc < 0)
		return -1;
	if (rc == 0 && j->walltime != -1 && !(j->walltime > 0))
		return fail(w, hs_json_get(o, "walltime")->line,
			    "%s: walltime %s must be -1 (none) or greater than 0", what,
			    hs_fmt_double(nb, j->walltime));
	double res;
	if (number(w, o, what, "res", 0, &res) < 0)
		return -1;
	if (res != floor(res) || res < 1 || res > 1e9)
		return fail(w, hs_json_get(o, "res")->line,
			    "%s: res %s must be a whole number from 1 to 1000000000", what,
			    hs_fmt_double(nb, res));
	j->res = (long)res;
	const struct hs_json *p = hs_json_get(o, "profile");
	if (!p)
		return fail(w, o->line, "%s: no 'profile'", what);
	if (p->type != HS_JSON_STRING)
		return fail(w, p->line, "%s: 'profile' is %s, not a string", what,
			    hs_json_type_name(p->type));
	j->profile = p->u.str;
	int k = hs_strmap_get(&pv->names, j->profile);
	if (k < 0)
		return fail(w, p->line, "%s: no profile '%s' in \"profiles\"", what,
			    shown(j->profile, b));
	if (load_profile(w, pv, k, j->id, j->line) < 0)
		return -1;
	const struct profile *pr = &pv->prof[k];
	j->kind = pr->kind;
	switch (pr->kind) {
	case HS_BATSIM_DELAY: j->delay = pr->delay; break;
	case HS_BATSIM_HOMOGENEOUS:
		j->cpu1 = pr->spread ? pr->cpu1 / res : pr->cpu1;
		j->com1 = !pr->spread ? pr->com1 : res > 1 ? pr->com1 / (res * (res - 1)) : 0;
		break;
	case HS_BATSIM_PARALLEL: {
		/* One cpu value per host, or a res x res com alone. */
		long n = pr->ncpu ? pr->ncpu : (long)sqrt((double)pr->ncom);
		if (n != j->res || (!pr->ncpu && (long)pr->ncom != n * n)) {
			char sz[64];
			if (pr->ncpu)
				snprintf(sz, sizeof sz, "%d hosts (cpu has %d values)", pr->ncpu,
					 pr->ncpu);
			else
				snprintf(sz, sizeof sz, "a com of %d values", pr->ncom);
			return fail(w, p->line, "%s: profile '%s' is for %s, the job has res %ld",
				    what, shown(j->profile, b), sz, j->res);
		}
		j->cpu = pr->cpu;
		j->com = pr->com;
		break;
	}
	}
	return 0;
}

static int load(struct hs_batsim *w, struct priv *pv)
{
	const struct hs_json *root = hs_json_root(pv->doc);
	if (root->type != HS_JSON_OBJECT)
		return fail(w, root->line, "a Batsim workload is a JSON object, not %s",
			    hs_json_type_name(root->type));
	double nb;
	if (number(w, root, "workload", "nb_res", 0, &nb) < 0)
		return -1;
	if (nb != floor(nb) || nb < 1 || nb > 1e15) {
		char b[HS_NUMBUF];
		return fail(w, hs_json_get(root, "nb_res")->line,
			    "workload: nb_res %s must be a whole number of at least 1",
			    hs_fmt_double(b, nb));
	}
	w->nb_res = (long)nb;
	const struct hs_json *jobs = hs_json_get(root, "jobs");
	pv->profiles = hs_json_get(root, "profiles");
	if (!jobs)
		return fail(w, root->line, "workload: no 'jobs'");
	if (jobs->type != HS_JSON_ARRAY)
		return fail(w, jobs->line, "workload: 'jobs' is %s, not an array",
			    hs_json_type_name(jobs->type));
	if (!pv->profiles)
		return fail(w, root->line, "workload: no 'profiles'");
	if (pv->profiles->type != HS_JSON_OBJECT)
		return fail(w, pv->profiles->line, "workload: 'profiles' is %s, not an object",
			    hs_json_type_name(pv->profiles->type));
	int np = pv->profiles->n;
	hs_strmap_init(&pv->names, (size_t)np);
	for (int k = 0; k < np; k++)
		hs_strmap_put(&pv->names, pv->profiles->keys[k], k); /* keys are unique (JSON reader) */
	pv->prof = hs_calloc((size_t)(np ? np : 1), sizeof *pv->prof);
	w->njobs = jobs->n;
	w->jobs = hs_calloc((size_t)(jobs->n ? jobs->n : 1), sizeof *w->jobs);
	/* Integer ids get their text in one block (at most 17 bytes each). */
	char **idtext = hs_calloc((size_t)(jobs->n ? jobs->n : 1), sizeof *idtext);
	struct hs_strmap ids;
	hs_strmap_init(&ids, (size_t)jobs->n);
	int rc = 0;
	for (int i = 0; i < jobs->n && rc == 0; i++)
		rc = load_job(w, pv, &jobs->u.items[i], i, &ids, &idtext[i]);
	hs_strmap_release(&ids);
	/* Keep the integer ids' text in one block owned by priv. */
	size_t total = 0;
	for (int i = 0; i < jobs->n; i++)
		total += idtext[i] ? strlen(idtext[i]) + 1 : 0;
	pv->ids = hs_malloc(total ? total : 1);
	char *q = pv->ids;
	for (int i = 0; i < jobs->n; i++) {
		if (!idtext[i])
			continue;
		size_t n = strlen(idtext[i]) + 1;
		memcpy(q, idtext[i], n);
		if (w->jobs[i].id == idtext[i])
			w->jobs[i].id = q;
		q += n;
		free(idtext[i]);
	}
	free(idtext);
	return rc;
}

static struct hs_batsim *from_doc(struct hs_json_doc *doc)
{
	if (!doc)
		return NULL;
	struct hs_batsim *w = hs_calloc(1, sizeof *w);
	struct priv *pv = hs_calloc(1, sizeof *pv);
	w->priv_ = pv;
	w->name = hs_strdup(hs_json_name(doc));
	pv->doc = doc;
	if (load(w, pv) < 0) {
		hs_batsim_free(w);
		return NULL;
	}
	return w;
}

struct hs_batsim *hs_batsim_load(const char *path)
{
	return from_doc(hs_json_load(path));
}

struct hs_batsim *hs_batsim_parse(const char *name, const char *text, size_t len)
{
	return from_doc(hs_json_parse(name, text, len));
}

void hs_batsim_free(struct hs_batsim *w)
{
	if (!w)
		return;
	struct priv *pv = w->priv_;
	if (pv->prof) {
		for (int k = 0; k < pv->profiles->n; k++) {
			free(pv->prof[k].cpu);
			free(pv->prof[k].com);
		}
		free(pv->prof);
		hs_strmap_release(&pv->names);
	}
	free(pv->ids);
	hs_json_free(pv->doc);
	free(pv);
	free(w->jobs);
	free(w->name);
	free(w);
}
