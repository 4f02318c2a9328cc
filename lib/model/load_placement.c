/* model/hs_load_placement.c - plan and run records decoded into placements
 * (load.h): nodes, core and GPU sets, start and end, after lists, states;
 * after lists checked for cycles. */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hs/format.h"
#include "hs/model.h"
#include "hs/util.h"
#include "cycles.h"
#include "ids.h"
#include "load.h"

static int int_cmp(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
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
				hs_load_error(L, r->line, "%s: %s %.*s out of range (node %s has %d %s%s)", what,
					unit, (int)(e - p), p, node->id, max, unit, max == 1 ? "" : "s");
				return -1;
			}
			p = e;
		} else {
			p++;
		}
	}
	hs_load_error(L, r->line, "%s: bad %s set '%s'", what, unit, s);
	return -1;
}

void hs_load_placement_free(struct hs_placement *p)
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
	int n = hs_pieces_split(&pc, v, '/');
	int rc = 0;
	if (n != p->nparts) {
		hs_load_error(L, r->line, "%s: %s has %d set%s for %d node%s", what, key, n, n == 1 ? "" : "s",
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
	hs_pieces_free(&pc);
	return rc;
}

/* The nodes of record r (value nodes, may be NULL or empty: no part) and
 * their core and GPU sets into p's parts. */
static void load_nodes(struct loader *L, const struct hs_record *r, const char *what,
		       struct hs_placement *p, const char *nodes)
{
	struct pieces pc; /* set only when there are nodes: no 400-byte clear per record */
	int nn = nodes && *nodes ? hs_pieces_split(&pc, nodes, ',') : 0;
	char **names = nn ? pc.v : NULL;
	p->parts = hs_calloc(nn, sizeof *p->parts);
	p->nparts = nn;
	int okbuf[16];
	int *node_ok = nn <= 16 ? memset(okbuf, 0, sizeof okbuf) : hs_calloc(nn, sizeof *node_ok);
	/* nodes so far in increasing order (as tools write them), the last:
	 * a larger one cannot repeat, no search of the others (a job on 5 000
	 * nodes) */
	int inc = 1, lastj = -1;
	const struct hs_platform *pl = &L->in->plat;
	for (int i = 0; i < nn; i++) {
		/* The node after the previous one first (a job on consecutive
		 * nodes), a string comparison instead of a hash and a probe. */
		int g = i > 0 && p->parts[i - 1].node >= 0 ? p->parts[i - 1].node + 1 : -1;
		int j = g >= 0 && g < pl->nnodes && pl->nodes[g].id && strcmp(pl->nodes[g].id, names[i]) == 0
				? g
				: hs_strmap_get(&L->ix->nodes, names[i]);
		p->parts[i].node = j;
		if (j < 0) {
			hs_load_error(L, r->line, "%s: unknown node '%s'", what, names[i]);
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
			hs_load_error(L, r->line, "%s: node '%s' listed twice", what, names[i]);
			continue;
		}
		node_ok[i] = !L->node_bad[j];
	}
	if (nn)
		hs_pieces_free(&pc);
	load_sets(L, r, what, "cores", p, node_ok);
	load_sets(L, r, what, "gpus", p, node_ok);
	if (node_ok != okbuf)
		free(node_ok);
}

/* Whether records a and b have the same value of key, or neither has it. */
static int same_value(const struct hs_record *a, const struct hs_record *b, const char *key)
{
	const char *x = hs_record_get(a, key), *y = hs_record_get(b, key);
	return x == y || (x && y && strcmp(x, y) == 0);
}

/* HS_LOAD_SHARE_PARTS: the parts of task's plan when run record r names
 * the same nodes, cores and GPUs as the plan record decoded for it (a few
 * string comparisons instead of a lookup per node and a set per node). */
static const struct hs_placement *plan_to_share(const struct loader *L, const struct hs_record *r,
						int task)
{
	const struct hs_record *pr = L->plan_rec ? L->plan_rec[task] : NULL;
	if (!pr || !L->in->plan.p || task >= L->in->plan.n || L->in->plan.p[task].task != task)
		return NULL;
	const struct hs_placement *q = &L->in->plan.p[task];
	if (!q->nparts || !same_value(r, pr, "node") || !same_value(r, pr, "cores") ||
	    !same_value(r, pr, "gpus"))
		return NULL;
	return q;
}

/* Decode a plan or run record into p (cleared first); after is its after
 * value, looked up by the caller (after_next). */
int hs_load_placement(struct loader *L, const struct hs_record *r, int task,
			  struct hs_placement *p, const char *after)
{
	char what[300];
	hs_load_what(what, sizeof what, r->kind, r->id);
	int before = L->total;
	int is_run = strcmp(r->kind, "run") == 0;
	const char *st = is_run ? hs_record_get(r, "state") : NULL;
	int rejected = st && strcmp(st, "rejected") == 0;

	const char *nodes = hs_record_get(r, "node");
	const struct hs_placement *share = is_run ? plan_to_share(L, r, task) : NULL;
	if (share) {
		p->parts = share->parts;
		p->nparts = share->nparts;
	} else if ((!nodes || !*nodes) && !rejected) {
		hs_load_error(L, r->line, "%s: missing node=", what);
		return -1;
	} else {
		load_nodes(L, r, what, p, nodes);
	}

	int ok_s = hs_load_num(L, r, what, "start", NUM_ANY, 1, 0, &p->start) == 0;
	int ok_e = hs_load_num(L, r, what, "end", NUM_ANY, 1, 0, &p->end) == 0;
	if (ok_s && ok_e && p->end < p->start) {
		char b1[HS_NUMBUF], b2[HS_NUMBUF];
		hs_load_error(L, r->line, "%s: end %s is before start %s", what, hs_fmt_double(b1, p->end),
			hs_fmt_double(b2, p->start));
	}

	if (after && *after) {
		struct pieces ap;
		int na = hs_pieces_split(&ap, after, ',');
		char **ids = ap.v;
		p->after = hs_malloc(na * sizeof *p->after);
		for (int i = 0; i < na; i++) {
			int j = hs_strmap_get(&L->ix->tasks, ids[i]);
			if (j < 0)
				hs_load_error(L, r->line, "%s: unknown task '%s' in after", what, ids[i]);
			else
				p->after[p->nafter++] = j;
		}
		hs_pieces_free(&ap);
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
			hs_load_error(L, r->line, "%s: state must be done, killed, failed or rejected, got '%s'",
				what, st);
		if (rejected && p->nparts > 0)
			hs_load_error(L, r->line, "%s: a rejected task has no resources (node=%s)", what, nodes);
		hs_load_int(L, r, what, "exit", 0, 0, -1, &p->exit_status);
		hs_load_num(L, r, what, "energy", NUM_NONNEG, 0, NAN, &p->energy);
		hs_load_num(L, r, what, "fetch", NUM_NONNEG, 0, 0, &p->fetch);
		hs_load_num(L, r, what, "h2d", NUM_NONNEG, 0, 0, &p->h2d);
		hs_load_num(L, r, what, "d2h", NUM_NONNEG, 0, 0, &p->d2h);
	}
	if (L->total != before) {
		if (share) { /* the caller frees p: the plan keeps its parts */
			p->parts = NULL;
			p->nparts = 0;
		}
		return -1;
	}
	p->task = task;
	return 0;
}

/* Report cycles in the after lists of s (they would deadlock a replay or an
 * execution that waits for them). */
void hs_load_check_cycles(struct loader *L, const struct hs_schedule *s, const char *kind,
			 const int *line_of)
{
	struct hs_load_cycles c = {L, kind, "after list is cyclic", line_of};
	hs_after_cycles(s, L->in->tasks, MAX_SHOWN_ERRORS, hs_load_cycle_found, &c);
}

