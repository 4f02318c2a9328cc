/* model/hs_load_task.c - task records decoded (load.h): the runtime model,
 * GPU time, where a task may run, release, walltime, communication, and
 * the task graph (deps=) checked for repeats and cycles once every task is
 * known. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hs/format.h"
#include "hs/model.h"
#include "hs/util.h"
#include "cycles.h"
#include "load.h"

/* t(1) from the model fields alone (before on= is known), for alpha. */
/* gpu_alone= and gpu_share=, given together or not at all, for a task
 * that may run on a GPU. */
static void load_gpu_share(struct loader *L, const struct hs_record *r, const char *what,
			   struct hs_task *t)
{
	const char *a = hs_record_get(r, "gpu_alone"), *k = hs_record_get(r, "gpu_share");
	if (!a && !k)
		return;
	if (!a || !k) {
		hs_load_error(L, r->line, "%s: give gpu_alone= and gpu_share= together", what);
		return;
	}
	if (hs_load_num(L, r, what, "gpu_alone", NUM_POS, 1, NAN, &t->gpu_alone) != 0 ||
	    hs_load_num(L, r, what, "gpu_share", NUM_POS, 1, NAN, &t->gpu_share) != 0)
		return;
	if (!(t->gpu_share >= 1) || !isfinite(t->gpu_share))
		hs_load_error(L, r->line, "%s: gpu_share=%s must be a number >= 1 (kernels the GPU runs at "
			      "full speed together)", what, k);
	else if (!isfinite(t->gpu_time))
		hs_load_error(L, r->line, "%s: gpu_alone= needs gpu_time= (the time on one stream of a "
			      "busy GPU)", what);
}

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

/* deps=ID[:BYTES],...: a piece that names a task is that task; otherwise
 * it splits at its last ':' into a task and a byte count.  The edges go to
 * L's lists (sorted and checked for repeats by hs_load_finish_deps). */
static void load_deps(struct loader *L, struct hs_task *t, struct hs_record *r, const char *what)
{
	L->dep_off[t->index] = L->ndep;
	const char *v = hs_record_get(r, "deps");
	if (!v || !*v)
		return;
	struct pieces pc;
	int n = hs_pieces_split(&pc, v, ',');
	for (int k = 0; k < n; k++) {
		char *id = pc.v[k];
		double bytes = 0;
		int j = hs_strmap_get(&L->ix->tasks, id);
		char *colon = j < 0 ? strrchr(id, ':') : NULL;
		if (colon) {
			*colon = '\0';
			j = hs_strmap_get(&L->ix->tasks, id);
			if (j >= 0 && (hs_parse_double(colon + 1, &bytes) != 0 || !(bytes >= 0))) {
				hs_load_error(L, r->line,
					"%s: deps: bytes of %s must be a non-negative number, got '%s'",
					what, id, colon + 1);
				continue;
			}
		}
		if (!*id) {
			hs_load_error(L, r->line, "%s: deps: empty task id in '%s'", what, v);
			continue;
		}
		if (j < 0) {
			hs_load_error(L, r->line, "%s: deps: unknown task '%s'", what, id);
			continue;
		}
		if (j == t->index) {
			hs_load_error(L, r->line, "%s: depends on itself", what);
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
	hs_pieces_free(&pc);
}

void hs_load_task(struct loader *L, struct hs_task *t, int index, struct hs_record *r,
		      const char *id)
{
	char what[300];
	hs_load_what(what, sizeof what, "task", r->id);
	memset(t, 0, sizeof *t);
	t->id = id;
	t->index = index;
	t->rec = r;
	t->gpu_time = INFINITY;
	t->alpha = NAN;
	t->gpu_alone = t->gpu_share = NAN;
	t->walltime = INFINITY;
	t->on = HS_ON_CPU;
	t->scope = HS_SCOPE_NODE;

	const char *m = hs_record_get(r, "model");
	int model_ok = 1;
	if (!m) {
		hs_load_error(L, r->line, "%s: missing model= (one of amdahl, overhead, table, rigid, gpu)",
			what);
		model_ok = 0;
	} else {
		size_t k;
		for (k = 0; k < sizeof model_names / sizeof *model_names; k++)
			if (strcmp(m, model_names[k]) == 0)
				break;
		if (k == sizeof model_names / sizeof *model_names) {
			hs_load_error(L, r->line, "%s: unknown model '%s'", what, m);
			model_ok = 0;
		} else {
			t->model = (enum hs_model_kind)k;
		}
	}
	if (model_ok) {
		switch (t->model) {
		case HS_MODEL_AMDAHL:
			hs_load_num(L, r, what, "t1", NUM_NONNEG, 1, 0, &t->t1);
			hs_load_num(L, r, what, "beta", NUM_UNIT, 0, 0, &t->beta);
			break;
		case HS_MODEL_OVERHEAD:
			hs_load_num(L, r, what, "T", NUM_NONNEG, 1, 0, &t->T);
			hs_load_num(L, r, what, "x", NUM_UNIT, 1, 0, &t->x);
			break;
		case HS_MODEL_TABLE:
			if (!hs_record_get(r, "times"))
				hs_load_error(L, r->line, "%s: missing times=", what);
			else
				hs_load_numlist(L, r, what, "times", &t->times, &t->ntimes);
			break;
		case HS_MODEL_RIGID:
			hs_load_int(L, r, what, "size", 1, 1, 1, &t->size);
			hs_load_num(L, r, what, "time", NUM_NONNEG, 1, 0, &t->time);
			break;
		case HS_MODEL_GPU:
			break;
		}
	}
	/* size doubles as the core cap of non-rigid tasks (model.h). */
	if (model_ok && t->model != HS_MODEL_RIGID)
		hs_load_int(L, r, what, "max_cores", 0, 0, 0, &t->size);

	const char *gt = hs_record_get(r, "gpu_time"), *al = hs_record_get(r, "alpha");
	if (gt && al) {
		hs_load_error(L, r->line, "%s: give either gpu_time= or alpha=, not both", what);
	} else if (gt) {
		hs_load_num(L, r, what, "gpu_time", NUM_NONNEG, 0, INFINITY, &t->gpu_time);
	} else if (al) {
		if (hs_load_num(L, r, what, "alpha", NUM_NONNEG, 0, NAN, &t->alpha) == 0 && model_ok) {
			double seq = model_seq_time(t);
			if (t->alpha == 0)
				t->gpu_time = INFINITY; /* alpha=0: CPU only */
			else if (isfinite(seq))
				t->gpu_time = seq / t->alpha;
			else
				hs_load_error(L, r->line, "%s: alpha= needs a sequential time; give gpu_time=",
					what);
		}
	}
	if (model_ok && t->model == HS_MODEL_GPU && !isfinite(t->gpu_time) && !(gt && al))
		hs_load_error(L, r->line, "%s: model gpu needs gpu_time=", what);
	load_gpu_share(L, r, what, t);

	const char *on = hs_record_get(r, "on");
	if (!on) {
		t->on = (model_ok && t->model == HS_MODEL_GPU) ? HS_ON_GPU
			: isfinite(t->gpu_time)                ? HS_ON_ANY
							       : HS_ON_CPU;
	} else if (strcmp(on, "any") == 0 || strcmp(on, "gpu") == 0 || strcmp(on, "cpu") == 0) {
		t->on = on[0] == 'a' ? HS_ON_ANY : on[0] == 'g' ? HS_ON_GPU : HS_ON_CPU;
		if (model_ok && t->model == HS_MODEL_GPU && t->on != HS_ON_GPU)
			hs_load_error(L, r->line, "%s: model gpu runs only on=gpu, got on=%s", what, on);
		else if (t->on != HS_ON_CPU && !isfinite(t->gpu_time) && (!gt || !al) &&
			 !(model_ok && t->model == HS_MODEL_GPU))
			hs_load_error(L, r->line, "%s: on=%s needs gpu_time= or alpha= (> 0)", what, on);
	} else {
		hs_load_error(L, r->line, "%s: on must be any, cpu or gpu, got '%s'", what, on);
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
			hs_load_error(L, r->line, "%s: scope must be node, cluster or any, got '%s'", what,
				sc);
	}
	hs_load_num(L, r, what, "release", NUM_NONNEG, 0, 0, &t->release);
	const char *wt = hs_record_get(r, "walltime");
	if (wt && (strcmp(wt, "inf") == 0 || strcmp(wt, "infinity") == 0)) {
		t->walltime = INFINITY;
	} else if (wt) {
		double d;
		int rc = hs_parse_double(wt, &d);
		if (hs_num_range(rc))
			hs_load_error(L, r->line, "%s: walltime '%s' %s", what, wt, hs_num_range(rc));
		else if (rc != 0 || !(d > 0))
			hs_load_error(L, r->line, "%s: walltime must be a positive number or inf, got '%s'", what,
				wt);
		else
			t->walltime = d;
	}
	hs_load_num(L, r, what, "prio", NUM_ANY, 0, 0, &t->priority);
	hs_load_numlist(L, r, what, "comp", &t->comp, &t->ncomp);
	hs_load_numlist(L, r, what, "comm", &t->comm, &t->ncomm);
	/* A matrix is n x n for the task's n processes: with one comp value
	 * (the same for every process) n is the allotment's, known at
	 * simulation; with a comp list it is the list's length. */
	long side = (long)sqrt((double)t->ncomm);
	while (side * side > t->ncomm)
		side--;
	while ((side + 1) * (side + 1) <= t->ncomm)
		side++;
	if (t->ncomm > 1 && t->ncomp > 1 && (long)t->ncomm != (long)t->ncomp * t->ncomp)
		hs_load_error(L, r->line, "%s: comm has %d values, expected 1 or %ld (comp has %d processes)",
			what, t->ncomm, (long)t->ncomp * t->ncomp, t->ncomp);
	else if (t->ncomm > 1 && t->ncomp <= 1 && side * side != t->ncomm)
		hs_load_error(L, r->line, "%s: comm has %d values, expected 1 or a square number (n x n processes)",
			what, t->ncomm);
	t->app = hs_load_strdup(&L->ix->strings, hs_record_get(r, "app"));
	t->cmd = hs_load_strdup(&L->ix->strings, hs_record_get(r, "cmd"));
	load_deps(L, t, r, what);
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
void hs_load_finish_deps(struct loader *L)
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
				hs_load_what(what, sizeof what, "task", t->id);
				hs_load_error(L, t->rec->line, "%s: deps: %s listed twice", what, in->tasks[j].id);
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
	struct hs_load_cycles c = {L, "task", "deps are cyclic", line_of};
	hs_graph_cycles(in->ntasks, deps_adj, in, in->tasks, MAX_SHOWN_ERRORS, hs_load_cycle_found, &c);
	free(line_of);
}

