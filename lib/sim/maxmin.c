/* sim/maxmin.c - the sharing system of the flow-level simulator (hs/maxmin.h):
 * incremental bookkeeping (which part of the system an event touches) and
 * SimGrid's fair bottleneck rounds, with or without its two bugs. */
#include "hs/maxmin.h"
#include "hs/util.h"

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
	double value;
	double mu;    /* increment of the current round */
	int active;   /* still growing in the rounds */
	unsigned mark;
	int next_free;
};

struct cnst {
	double cap;
	int fatpipe;
	struct cref *el;
	int nel, capel;
	unsigned mark, seed;
	/* solve scratch */
	double rem, usage;
	int nact;     /* elements of unfinished variables */
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
	int *rv, *rc, caprv, caprc; /* the rounds' variables and constraints */
	struct hs_lmm_stats st;
	struct hs_lmm *shadow; /* the other solver on the same system, or NULL */
	int departed;          /* the last solve's rates differ from the shadow's */
};

/* SimGrid's sg_maxmin_precision: remaining capacity below it is none. */
#define BN_PRECISION 1e-5
/* A guard against endless rounds (SimGrid has none). */
#define BN_MAX_ROUNDS 1000000

struct hs_lmm *hs_lmm_new(enum hs_lmm_solver solver)
{
	struct hs_lmm *s = hs_calloc(1, sizeof *s);
	s->solver = solver;
	s->free_head = -1;
	s->seedstamp = 1;
	return s;
}

void hs_lmm_free(struct hs_lmm *s)
{
	if (!s)
		return;
	hs_lmm_free(s->shadow);
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
	free(s->rv);
	free(s->rc);
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
	if (s->shadow)
		hs_lmm_add_constraint(s->shadow, capacity, fatpipe);
	return s->nc++;
}

void hs_lmm_set_capacity(struct hs_lmm *s, int c, double capacity)
{
	/* No variable uses it: nothing to re-solve. */
	s->c[c].cap = capacity;
	if (s->shadow)
		hs_lmm_set_capacity(s->shadow, c, capacity);
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

/* Element (c, w) of variable id; a fatpipe is a bound of id alone unless
 * SimGrid's rounds are replayed. */
static void add_elem(struct hs_lmm *s, int id, int ci, double w)
{
	struct var *v = &s->v[id];
	struct cnst *c = &s->c[ci];
	if (c->fatpipe && s->solver == HS_LMM_BOTTLENECK) {
		v->bound = fmin(v->bound, c->cap / w);
		return;
	}
	v->el = grow(v->el, &v->capel, v->nel + 1, sizeof *v->el);
	v->el[v->nel++] = (struct elem){ ci, c->nel, w };
	c->el = grow(c->el, &c->capel, c->nel + 1, sizeof *c->el);
	c->el[c->nel++] = (struct cref){ id, v->nel - 1 };
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
	v->value = 0;
	v->mu = 0;
	v->active = 0;
	for (int k = 0; k < n; k++)
		if (w[k] > 0)
			add_elem(s, id, cnst[k], w[k]);
	seed_var(s, id);
	/* Same calls, same indices. */
	if (s->shadow)
		hs_lmm_add_variable(s->shadow, bound, cnst, w, n);
	return id;
}

int hs_lmm_expand(struct hs_lmm *s, int id, int ci, double w)
{
	struct var *v = &s->v[id];
	if (!(w > 0))
		return 0;
	if (s->shadow)
		hs_lmm_expand(s->shadow, id, ci, w);
	for (int k = 0; k < v->nel; k++)
		if (v->el[k].c == ci)
			return 0;
	add_elem(s, id, ci, w);
	seed_var(s, id);
	return 1;
}

void hs_lmm_remove_variable(struct hs_lmm *s, int id)
{
	struct var *v = &s->v[id];
	for (int k = 0; k < v->nel; k++) {
		struct elem *e = &v->el[k];
		struct cnst *c = &s->c[e->c];
		/* Swap the last element of the constraint into e's place. */
		struct cref last = c->el[--c->nel];
		if (e->pos < c->nel) {
			c->el[e->pos] = last;
			s->v[last.v].el[last.k].pos = e->pos;
		}
		seed_cnst(s, e->c);
	}
	v->nel = 0;
	v->used = 0;
	v->next_free = s->free_head;
	s->free_head = id;
	if (s->shadow)
		hs_lmm_remove_variable(s->shadow, id);
}

double hs_lmm_value(const struct hs_lmm *s, int var)
{
	return s->v[var].value;
}

double hs_lmm_usage(const struct hs_lmm *s, int ci)
{
	const struct cnst *c = &s->c[ci];
	double u = 0;
	for (int k = 0; k < c->nel; k++) {
		const struct var *v = &s->v[c->el[k].v];
		double x = v->el[c->el[k].k].w * v->value;
		if (!isfinite(x))
			continue;
		u = c->fatpipe ? fmax(u, x) : u + x;
	}
	return u;
}

void hs_lmm_stats(const struct hs_lmm *s, struct hs_lmm_stats *st)
{
	*st = s->st;
}

/* ---------------- the fair bottleneck rounds ---------------- */

/* double_update of SimGrid: subtract, and below the precision it is 0. */
static void bn_charge(double *rem, double x)
{
	*rem -= x;
	if (*rem < BN_PRECISION)
		*rem = 0;
}

/* Variable v stops growing: one unfinished element less on each of its
 * constraints. */
static void bn_stop(struct hs_lmm *s, struct var *v)
{
	v->active = 0;
	for (int k = 0; k < v->nel; k++)
		s->c[v->el[k].c].nact--;
}

/* SimGrid's rounds on variables V and their constraints C.  The variables
 * and the constraints still in the rounds are kept in lists that shrink
 * (rv, rc), and every constraint counts its unfinished variables, so that
 * a round costs what is still in it; the order of the variables and
 * constraints within a round does not change its result. */
static void bn_solve(struct hs_lmm *s, const int *V, int nV, const int *C, int nC)
{
	int simgrid = s->solver == HS_LMM_SIMGRID;
	s->rv = grow(s->rv, &s->caprv, nV, sizeof *s->rv);
	s->rc = grow(s->rc, &s->caprc, nC, sizeof *s->rc);
	int nv = 0, nc = 0;
	for (int i = 0; i < nV; i++) {
		struct var *v = &s->v[V[i]];
		v->value = 0;
		v->mu = 0;
		v->active = v->nel > 0;
		if (v->active)
			s->rv[nv++] = V[i];
		else
			v->value = v->bound; /* nothing limits it but its bound */
	}
	/* Every variable of a constraint of C is in V, unfinished or without
	 * elements. */
	for (int i = 0; i < nC; i++) {
		struct cnst *c = &s->c[C[i]];
		c->rem = c->cap;
		c->nact = c->nel;
		s->rc[nc++] = C[i];
	}
	for (long round = 0; nv > 0 && round < BN_MAX_ROUNDS; round++) {
		s->st.rounds++;
		for (int i = 0; i < nc;) {
			struct cnst *c = &s->c[s->rc[i]];
			if (c->nact == 0) {
				c->rem = 0;
				s->rc[i] = s->rc[--nc];
				continue;
			}
			c->usage = c->rem / (c->fatpipe ? 1 : c->nact);
			i++;
		}
		/* The variables stopped in the last round leave the list (with
		 * SimGrid their last increment stays, charged again below). */
		for (int i = 0; i < nv;) {
			struct var *v = &s->v[s->rv[i]];
			if (!v->active) {
				if (!simgrid)
					v->mu = 0;
				s->rv[i] = s->rv[--nv];
				continue;
			}
			double m = INFINITY;
			for (int k = 0; k < v->nel; k++) {
				double x = s->c[v->el[k].c].usage / v->el[k].w;
				m = x < m ? x : m;
			}
			if (v->bound - v->value < m)
				m = v->bound - v->value;
			v->mu = m;
			v->value += m;
			if (v->value == v->bound)
				bn_stop(s, v);
			i++;
		}
		if (!simgrid) {
			/* Charged for the variables that grew in this round. */
			for (int i = 0; i < nv; i++) {
				const struct var *v = &s->v[s->rv[i]];
				for (int k = 0; k < v->nel; k++)
					bn_charge(&s->c[v->el[k].c].rem, v->el[k].w * v->mu);
			}
		}
		for (int i = 0; i < nc; i++) {
			struct cnst *c = &s->c[s->rc[i]];
			if (simgrid && !c->fatpipe) {
				/* Every element, the finished variables' too. */
				for (int k = 0; k < c->nel; k++) {
					const struct var *v = &s->v[c->el[k].v];
					bn_charge(&c->rem, v->el[c->el[k].k].w * v->mu);
				}
			} else if (simgrid) {
				/* A fatpipe: the least use. */
				double u = c->usage;
				for (int k = 0; k < c->nel; k++) {
					const struct var *v = &s->v[c->el[k].v];
					u = fmin(u, v->el[c->el[k].k].w * v->mu);
				}
				bn_charge(&c->rem, u);
			}
			if (c->rem <= 0) {
				for (int k = 0; k < c->nel && c->nact > 0; k++) {
					struct var *v = &s->v[c->el[k].v];
					if (v->active)
						bn_stop(s, v);
				}
				/* Out of the rounds at the next count. */
				c->nact = 0;
			}
		}
	}
}

/* ---------------- incremental driver ---------------- */

/* Constraint ci and its variables join the part to solve (s->cl, s->out,
 * sized for every constraint and variable). */
static void visit_cnst(struct hs_lmm *s, int ci, int *nout, int *ncl)
{
	struct cnst *c = &s->c[ci];
	if (c->mark == s->stamp)
		return;
	c->mark = s->stamp;
	s->cl[(*ncl)++] = ci;
	s->st.elems_solved += c->nel;
	for (int k = 0; k < c->nel; k++) {
		struct var *v = &s->v[c->el[k].v];
		if (v->mark == s->stamp)
			continue;
		v->mark = s->stamp;
		s->out[(*nout)++] = c->el[k].v;
	}
}

static int differ(double a, double b)
{
	return a != b && !(fabs(a - b) <= 1e-12 * fmax(fabs(a), fabs(b)));
}

/* Whether the shadow's rates differ from s's after both solved: on the
 * variables either re-solved (the others kept their rates in both). */
static int departs(struct hs_lmm *s, const int *V, int nV)
{
	const int *W;
	int nW = hs_lmm_solve(s->shadow, &W);
	for (int i = 0; i < nV; i++)
		if (differ(s->v[V[i]].value, s->shadow->v[V[i]].value))
			return 1;
	for (int i = 0; i < nW; i++)
		if (differ(s->v[W[i]].value, s->shadow->v[W[i]].value))
			return 1;
	return 0;
}

int hs_lmm_solve(struct hs_lmm *s, const int **vars)
{
	s->stamp++;
	s->out = grow(s->out, &s->capout, s->nv + 1, sizeof *s->out);
	s->cl = grow(s->cl, &s->capcl, s->nc + 1, sizeof *s->cl);
	int nout = 0, ncl = 0;
	for (int i = 0; i < s->nseed_v; i++) {
		int vi = s->seed_v[i];
		struct var *v = &s->v[vi];
		if (!v->used || v->mark == s->stamp)
			continue;
		v->mark = s->stamp;
		s->out[nout++] = vi;
	}
	/* A seed constraint (one that lost a variable) brings the others. */
	for (int i = 0; i < s->nseed_c; i++)
		visit_cnst(s, s->seed_c[i], &nout, &ncl);
	for (int i = 0; i < nout; i++) {
		const struct var *v = &s->v[s->out[i]];
		for (int k = 0; k < v->nel; k++)
			visit_cnst(s, v->el[k].c, &nout, &ncl);
	}
	s->nseed_v = s->nseed_c = 0;
	s->seedstamp++;
	if (nout > 0) {
		s->st.solves++;
		s->st.vars_solved += nout;
		bn_solve(s, s->out, nout, s->cl, ncl);
	}
	s->departed = s->shadow && departs(s, s->out, nout);
	s->st.departures += s->departed;
	*vars = s->out;
	return nout;
}

void hs_lmm_shadow(struct hs_lmm *s, enum hs_lmm_solver other)
{
	s->shadow = hs_lmm_new(other);
	for (int i = 0; i < s->nc; i++)
		hs_lmm_add_constraint(s->shadow, s->c[i].cap, s->c[i].fatpipe);
}

int hs_lmm_departed(const struct hs_lmm *s)
{
	return s->departed;
}

int hs_lmm_solve_all(struct hs_lmm *s, const int **vars)
{
	for (int i = 0; i < s->nv; i++)
		if (s->v[i].used)
			seed_var(s, i);
	return hs_lmm_solve(s, vars);
}
