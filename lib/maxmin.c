/* maxmin.c - the sharing system of the flow-level simulator (hs/maxmin.h):
 * incremental bookkeeping (which part of the system an event touches) and
 * the two solvers, bandwidth-fair max-min and SimGrid's fair bottleneck. */
#include "hs/maxmin.h"
#include "hs/util.h"
#include "sim_heap.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* An element as its variable holds it: constraint, position in the
 * constraint's list, weight. */
struct elem {
	int c, pos;
	double w;
};

/* An element as its constraint holds it: variable and the element's index
 * in the variable's list. */
struct cref {
	int v, k;
};

struct var {
	struct elem *el;
	int nel, capel;
	int used;
	double bound; /* +inf: none */
	double ub;    /* max-min: the most v can get (bound, fatpipes, C/w) */
	double W;     /* max-min: penalty, largest shared weight (0: none) */
	double value;
	double mu;    /* bottleneck: last increment */
	int active;
	unsigned mark;
	int next_free;
};

struct cnst {
	double cap;
	int fatpipe;
	struct cref *el;
	int nel, capel;
	double S;     /* max-min: sum of w * ub of its variables */
	int nops;     /* updates of S since it was last summed afresh */
	int live;     /* takes part in solves */
	unsigned mark, seed;
	/* solve scratch */
	double rem, U, U0, usage;
	int nact;     /* max-min: elements of unfinished variables */
	int in_list;  /* bottleneck: still in the rounds */
};

struct hs_lmm {
	enum hs_lmm_solver solver;
	struct var *v;
	int nv, capv, free_head;
	struct cnst *c;
	int nc, capc;
	int *seed_c, nseed_c, capseed_c;
	int *seed_v, nseed_v, capseed_v;
	unsigned stamp, seedstamp;
	int *out, capout;
	int *cl, capcl;
	struct hs_heap heap;
	struct hs_lmm_stats st;
};

/* Below this relative margin a constraint counts as one that can be full. */
#define SLACK_MARGIN 1e-9
/* SimGrid's sg_maxmin_precision: remaining capacity below it is none. */
#define BN_PRECISION 1e-5
/* A guard against endless bottleneck rounds (SimGrid has none). */
#define BN_MAX_ROUNDS 1000000

struct hs_lmm *hs_lmm_new(enum hs_lmm_solver solver)
{
	struct hs_lmm *s = hs_calloc(1, sizeof *s);
	s->solver = solver;
	s->free_head = -1;
	s->seedstamp = 1;
	hs_heap_init(&s->heap);
	return s;
}

void hs_lmm_free(struct hs_lmm *s)
{
	if (!s)
		return;
	for (int i = 0; i < s->nv; i++)
		free(s->v[i].el);
	for (int i = 0; i < s->nc; i++)
		free(s->c[i].el);
	free(s->v);
	free(s->c);
	free(s->seed_c);
	free(s->seed_v);
	free(s->out);
	free(s->cl);
	hs_heap_release(&s->heap);
	free(s);
}

static void *grow(void *p, int *cap, int need, size_t size)
{
	if (need <= *cap)
		return p;
	int c = *cap ? *cap : 8;
	while (c < need)
		c *= 2;
	*cap = c;
	return hs_reallocarray(p, c, size);
}

int hs_lmm_add_constraint(struct hs_lmm *s, double capacity, int fatpipe)
{
	s->c = grow(s->c, &s->capc, s->nc + 1, sizeof *s->c);
	struct cnst *c = &s->c[s->nc];
	memset(c, 0, sizeof *c);
	c->cap = capacity;
	c->fatpipe = fatpipe;
	c->live = s->solver == HS_LMM_BOTTLENECK;
	return s->nc++;
}

static void seed_cnst(struct hs_lmm *s, int c)
{
	if (s->c[c].seed == s->seedstamp)
		return;
	s->c[c].seed = s->seedstamp;
	s->seed_c = grow(s->seed_c, &s->capseed_c, s->nseed_c + 1, sizeof *s->seed_c);
	s->seed_c[s->nseed_c++] = c;
}

static void seed_var(struct hs_lmm *s, int v)
{
	s->seed_v = grow(s->seed_v, &s->capseed_v, s->nseed_v + 1, sizeof *s->seed_v);
	s->seed_v[s->nseed_v++] = v;
}

/* Max-min: a constraint takes part unless it cannot be full. */
static void update_live(struct hs_lmm *s, struct cnst *c, double dS)
{
	if (s->solver != HS_LMM_MAXMIN)
		return;
	c->S += dS;
	/* Summed afresh now and then, so rounding does not pile up. */
	if (++c->nops > c->nel + 16 || c->nel == 0) {
		double S = 0;
		for (int k = 0; k < c->nel; k++) {
			const struct var *v = &s->v[c->el[k].v];
			S += v->el[c->el[k].k].w * v->ub;
		}
		c->S = S;
		c->nops = 0;
	}
	/* Alone on c, a variable is held by its ub already. */
	c->live = c->nel >= 2 && c->S > c->cap * (1 - SLACK_MARGIN);
}

int hs_lmm_add_variable(struct hs_lmm *s, double bound, const int *cnst, const double *w, int n)
{
	int id;
	if (s->free_head >= 0) {
		id = s->free_head;
		s->free_head = s->v[id].next_free;
	} else {
		s->v = grow(s->v, &s->capv, s->nv + 1, sizeof *s->v);
		id = s->nv++;
		memset(&s->v[id], 0, sizeof s->v[id]);
	}
	struct var *v = &s->v[id];
	v->used = 1;
	v->nel = 0;
	v->bound = bound > 0 ? bound : INFINITY;
	v->ub = v->bound;
	v->W = 0;
	v->value = 0;
	v->mu = 0;
	v->active = 0;
	v->el = grow(v->el, &v->capel, n > 0 ? n : 1, sizeof *v->el);
	int maxmin = s->solver == HS_LMM_MAXMIN;
	for (int k = 0; k < n; k++) {
		if (!(w[k] > 0))
			continue;
		struct cnst *c = &s->c[cnst[k]];
		if (maxmin) {
			v->ub = fmin(v->ub, c->cap / w[k]);
			if (c->fatpipe)
				continue; /* a bound of v alone */
			v->W = fmax(v->W, w[k]);
		}
		v->el[v->nel++] = (struct elem){ cnst[k], c->nel, w[k] };
		c->el = grow(c->el, &c->capel, c->nel + 1, sizeof *c->el);
		c->el[c->nel++] = (struct cref){ id, v->nel - 1 };
	}
	for (int k = 0; k < v->nel; k++) {
		struct cnst *c = &s->c[v->el[k].c];
		update_live(s, c, v->el[k].w * v->ub);
		if (c->live)
			seed_cnst(s, v->el[k].c);
	}
	seed_var(s, id);
	return id;
}

void hs_lmm_remove_variable(struct hs_lmm *s, int id)
{
	struct var *v = &s->v[id];
	for (int k = 0; k < v->nel; k++) {
		struct elem *e = &v->el[k];
		struct cnst *c = &s->c[e->c];
		int was_live = c->live;
		/* Swap the last element of the constraint into e's place. */
		struct cref last = c->el[--c->nel];
		if (e->pos < c->nel) {
			c->el[e->pos] = last;
			s->v[last.v].el[last.k].pos = e->pos;
		}
		update_live(s, c, -e->w * v->ub);
		if (was_live || c->live)
			seed_cnst(s, e->c);
	}
	v->nel = 0;
	v->used = 0;
	v->next_free = s->free_head;
	s->free_head = id;
}

double hs_lmm_value(const struct hs_lmm *s, int var)
{
	return s->v[var].value;
}

void hs_lmm_stats(const struct hs_lmm *s, struct hs_lmm_stats *st)
{
	*st = s->st;
}

/* ---------------- bandwidth-fair max-min ---------------- */

/* The level at which c is full if its unfinished variables all keep
 * growing.  It only rises as variables stop: a level in the heap may be
 * too low (it is then pushed again when it comes out), never too high. */
static double mm_level(struct hs_lmm *s, struct cnst *c)
{
	if (c->U <= c->U0 * 1e-12) {
		/* Rounding has eaten the sum: add it up again. */
		double U = 0;
		for (int k = 0; k < c->nel; k++) {
			const struct var *v = &s->v[c->el[k].v];
			if (v->active)
				U += v->el[c->el[k].k].w / v->W;
		}
		c->U = U;
	}
	return fmax(c->rem, 0) / c->U;
}

static void mm_freeze(struct hs_lmm *s, int vi, double r)
{
	struct var *v = &s->v[vi];
	v->value = r;
	v->active = 0;
	for (int k = 0; k < v->nel; k++) {
		struct cnst *c = &s->c[v->el[k].c];
		if (!c->live || c->nact == 0)
			continue;
		c->rem -= v->el[k].w * r;
		c->U -= v->el[k].w / v->W;
		c->nact--;
	}
}

static void mm_solve(struct hs_lmm *s, const int *V, int nV, const int *C, int nC)
{
	hs_heap_clear(&s->heap);
	for (int i = 0; i < nC; i++) {
		struct cnst *c = &s->c[C[i]];
		c->rem = c->cap;
		c->U = 0;
		c->nact = 0;
	}
	for (int i = 0; i < nV; i++) {
		struct var *v = &s->v[V[i]];
		v->active = 0;
		v->value = v->ub;
		for (int k = 0; k < v->nel; k++) {
			struct cnst *c = &s->c[v->el[k].c];
			if (!c->live)
				continue;
			c->U += v->el[k].w / v->W;
			c->nact++;
			v->active = 1;
		}
		if (v->active && isfinite(v->ub))
			hs_heap_push(&s->heap, v->ub * v->W, 1, V[i]);
	}
	for (int i = 0; i < nC; i++) {
		struct cnst *c = &s->c[C[i]];
		c->U0 = c->U;
		if (c->nact > 0)
			hs_heap_push(&s->heap, mm_level(s, c), 0, C[i]);
	}
	double level = 0;
	while (s->heap.n > 0) {
		struct hs_heap_item it = *hs_heap_top(&s->heap);
		hs_heap_pop(&s->heap);
		if (it.prio == 1) {
			if (s->v[it.id].active)
				mm_freeze(s, it.id, s->v[it.id].ub);
			continue;
		}
		struct cnst *c = &s->c[it.id];
		if (c->nact == 0)
			continue;
		double cur = mm_level(s, c);
		if (cur > it.key) {
			hs_heap_push(&s->heap, cur, 0, it.id);
			continue;
		}
		/* c is full at this level: its variables stop there. */
		level = fmax(level, cur);
		for (int k = 0; k < c->nel && c->nact > 0; k++) {
			int vi = c->el[k].v;
			if (s->v[vi].active)
				mm_freeze(s, vi, fmin(s->v[vi].ub, level / s->v[vi].W));
		}
	}
}

/* ---------------- SimGrid's fair bottleneck ---------------- */

/* double_update of SimGrid: subtract, and below the precision it is 0. */
static void bn_charge(double *rem, double x)
{
	*rem -= x;
	if (*rem < BN_PRECISION)
		*rem = 0;
}

static void bn_solve(struct hs_lmm *s, const int *V, int nV, const int *C, int nC)
{
	int nactive = 0;
	for (int i = 0; i < nV; i++) {
		struct var *v = &s->v[V[i]];
		v->value = 0;
		v->mu = 0;
		v->active = v->nel > 0;
		if (v->active)
			nactive++;
		else
			v->value = v->bound; /* nothing limits it but its bound */
	}
	for (int i = 0; i < nC; i++) {
		struct cnst *c = &s->c[C[i]];
		c->rem = c->cap;
		c->in_list = 1;
	}
	for (long round = 0; nactive > 0 && round < BN_MAX_ROUNDS; round++) {
		s->st.rounds++;
		for (int i = 0; i < nC; i++) {
			struct cnst *c = &s->c[C[i]];
			if (!c->in_list)
				continue;
			int nb = 0;
			for (int k = 0; k < c->nel; k++)
				nb += s->v[c->el[k].v].active;
			if (nb > 0 && c->fatpipe)
				nb = 1;
			if (nb == 0) {
				c->rem = 0;
				c->usage = 0;
				c->in_list = 0;
			} else {
				c->usage = c->rem / nb;
			}
		}
		for (int i = 0; i < nV; i++) {
			struct var *v = &s->v[V[i]];
			if (!v->active)
				continue;
			double m = INFINITY;
			for (int k = 0; k < v->nel; k++)
				m = fmin(m, s->c[v->el[k].c].usage / v->el[k].w);
			if (isfinite(v->bound))
				m = fmin(m, v->bound - v->value);
			v->mu = m;
			v->value += m;
			if (v->value == v->bound) {
				v->active = 0;
				nactive--;
			}
		}
		for (int i = 0; i < nC; i++) {
			struct cnst *c = &s->c[C[i]];
			if (!c->in_list)
				continue;
			/* Every element is charged, the finished variables' with
			 * their last increment again (SimGrid does so). */
			if (!c->fatpipe) {
				for (int k = 0; k < c->nel; k++) {
					const struct var *v = &s->v[c->el[k].v];
					bn_charge(&c->rem, v->el[c->el[k].k].w * v->mu);
				}
			} else {
				double u = c->usage;
				for (int k = 0; k < c->nel; k++) {
					const struct var *v = &s->v[c->el[k].v];
					u = fmin(u, v->el[c->el[k].k].w * v->mu);
				}
				bn_charge(&c->rem, u);
			}
			if (c->rem <= 0) {
				c->in_list = 0;
				for (int k = 0; k < c->nel; k++) {
					struct var *v = &s->v[c->el[k].v];
					if (v->active) {
						v->active = 0;
						nactive--;
					}
				}
			}
		}
	}
}

/* ---------------- incremental driver ---------------- */

static void visit_cnst(struct hs_lmm *s, int ci, int *nout, int *ncl)
{
	struct cnst *c = &s->c[ci];
	if (c->mark == s->stamp)
		return;
	c->mark = s->stamp;
	if (c->live) {
		s->cl = grow(s->cl, &s->capcl, *ncl + 1, sizeof *s->cl);
		s->cl[(*ncl)++] = ci;
	}
	for (int k = 0; k < c->nel; k++) {
		struct var *v = &s->v[c->el[k].v];
		if (v->mark == s->stamp)
			continue;
		v->mark = s->stamp;
		s->out = grow(s->out, &s->capout, *nout + 1, sizeof *s->out);
		s->out[(*nout)++] = c->el[k].v;
	}
}

int hs_lmm_solve(struct hs_lmm *s, const int **vars)
{
	s->stamp++;
	int nout = 0, ncl = 0;
	for (int i = 0; i < s->nseed_v; i++) {
		int vi = s->seed_v[i];
		struct var *v = &s->v[vi];
		if (!v->used || v->mark == s->stamp)
			continue;
		v->mark = s->stamp;
		s->out = grow(s->out, &s->capout, nout + 1, sizeof *s->out);
		s->out[nout++] = vi;
	}
	/* A seed constraint brings its variables even when it no longer
	 * takes part: they may have lost their bottleneck. */
	for (int i = 0; i < s->nseed_c; i++)
		visit_cnst(s, s->seed_c[i], &nout, &ncl);
	for (int i = 0; i < nout; i++) {
		const struct var *v = &s->v[s->out[i]];
		for (int k = 0; k < v->nel; k++)
			if (s->c[v->el[k].c].live)
				visit_cnst(s, v->el[k].c, &nout, &ncl);
	}
	s->nseed_v = s->nseed_c = 0;
	s->seedstamp++;
	if (nout > 0) {
		s->st.solves++;
		s->st.vars_solved += nout;
		for (int i = 0; i < ncl; i++)
			s->st.elems_solved += s->c[s->cl[i]].nel;
		if (s->solver == HS_LMM_MAXMIN)
			mm_solve(s, s->out, nout, s->cl, ncl);
		else
			bn_solve(s, s->out, nout, s->cl, ncl);
	}
	*vars = s->out;
	return nout;
}

int hs_lmm_solve_all(struct hs_lmm *s, const int **vars)
{
	for (int i = 0; i < s->nv; i++)
		if (s->v[i].used)
			seed_var(s, i);
	return hs_lmm_solve(s, vars);
}
