/* model/write.c - schedules written back into the stream: a record per
 * placement, or one generated record whose lines are made from the model
 * as the stream is written (emit.h), and the model kept in step. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hs/format.h"
#include "hs/model.h"
#include "hs/util.h"
#include "emit.h"
#include "ids.h"

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

/* Room for len more bytes and the NUL. */
static void sb_room(struct strbuf *b, size_t len)
{
	if (b->n + len + 1 > b->cap) {
		b->cap = (b->n + len + 1) * 2;
		if (b->s == b->inl)
			b->s = memcpy(hs_malloc(b->cap), b->inl, b->n + 1);
		else
			b->s = hs_realloc(b->s, b->cap);
	}
}

static void sb_add(struct strbuf *b, const char *s, size_t len)
{
	sb_room(b, len);
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
#define PF_MAX 13 /* node cores gpus start end after state exit energy fetch h2d d2h */
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

/* sb_add of one character. */
static inline void sb_putc(struct strbuf *b, char c)
{
	sb_room(b, 1);
	b->s[b->n++] = c;
	b->s[b->n] = 0;
}

static void put_sets(struct pfields *f, const struct hs_placement *p, const char *key, int gpus)
{
	pf_key(f, key);
	/* A set that is a run as the previous part's (a whole node, as most
	 * are) is that part's text again: formatted once a line, and the
	 * parts that repeat it after one another copied with one room check. */
	int lo = 0, n0 = -1;
	size_t off = 0, len = 0;
	for (int i = 0; i < p->nparts;) {
		const struct hs_part *pt = &p->parts[i];
		const int *v = gpus ? pt->gpus : pt->cores;
		int n = gpus ? pt->ngpus : pt->ncores;
		int run = hs_ids_is_run(v, n);
		if (run && n == n0 && v[0] == lo) {
			int m = 1; /* parts from i with that same set */
			for (const struct hs_part *q = pt + 1; i + m < p->nparts; q++, m++) {
				const int *w = gpus ? q->gpus : q->cores;
				int k = gpus ? q->ngpus : q->ncores;
				if (k != n || w[0] != lo || !hs_ids_is_run(w, k))
					break;
			}
			sb_room(&f->b, (size_t)m * (len + 1));
			char *d = f->b.s + f->b.n;
			for (int r = 0; r < m; r++, d += len + 1) {
				*d = '/';
				memcpy(d + 1, f->b.s + off, len);
			}
			f->b.n += (size_t)m * (len + 1);
			f->b.s[f->b.n] = 0;
			i += m;
			continue;
		}
		if (i)
			sb_putc(&f->b, '/');
		char *set = hs_fmt_intset(v, n);
		off = f->b.n;
		len = strlen(set);
		sb_add(&f->b, set, len);
		free(set);
		lo = run ? v[0] : 0;
		n0 = run ? n : -1;
		i++;
	}
}

static void put_num(struct pfields *f, const char *key, double v)
{
	char nb[HS_NUMBUF];
	pf_key(f, key);
	sb_puts(&f->b, hs_fmt_double(nb, v));
}

/* idlen: the length of each node's id (nidlen of them), or NULL. */
static void placement_fields(const struct hs_instance *in, const struct hs_placement *p, int run,
			     const size_t *idlen, int nidlen, struct pfields *f)
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
		/* room for a line of whole nodes at once ("n123," and "0-15/"
		 * each): not grown a few times a line */
		sb_room(&f->b, 16 * (size_t)p->nparts + 64);
		pf_key(f, "node");
		for (int i = 0; i < p->nparts; i++) {
			int j = p->parts[i].node;
			const char *id = j >= 0 && j < pl->nnodes ? pl->nodes[j].id : "?";
			size_t len = j >= 0 && j < nidlen ? idlen[j] : strlen(id);
			sb_room(&f->b, len + 1);
			if (i)
				f->b.s[f->b.n++] = ',';
			memcpy(f->b.s + f->b.n, id, len);
			f->b.n += len;
		}
		f->b.s[f->b.n] = 0;
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
		static const char *const moved[] = { "fetch", "h2d", "d2h" };
		const double mv[] = { p->fetch, p->h2d, p->d2h };
		for (int k = 0; k < 3; k++)
			if (mv[k] > 0)
				put_num(f, moved[k], mv[k]);
			else
				pf_none(f, moved[k]);
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
	placement_fields(in, p, r->kind && strcmp(r->kind, "run") == 0, NULL, 0, &f);
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
	placement_fields(in, p, strcmp(kind, "run") == 0, NULL, 0, &f);
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
	int skip_rejected;               /* plan lines made from a run: none for those */
	struct hs_emit_extra x;          /* fields NULL: none */
	size_t *idlen;                   /* [nidlen] the nodes' ids' lengths, once */
	int nidlen;
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
	if (p->task < 0 || (e->skip_rejected && p->state == HS_STATE_REJECTED))
		return 0;
	emit_used = 1;
	placement_fields(in, p, e->run, e->idlen, e->nidlen, &emit_f);
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
	free(e->idlen);
	free(e);
}

/* One generated record standing for the records of kind of the model's
 * schedule *sched (in->plan or in->run), with x's fields (or none); plan
 * records of in->run are its placements but the rejected ones'. */
static void emit_records(struct hs_instance *in, const struct hs_schedule *sched, const char *kind,
			 const struct hs_emit_extra *x)
{
	struct emit *e = hs_calloc(1, sizeof *e);
	e->in = in;
	e->sched = sched;
	e->kind = kind; /* a string literal */
	e->run = strcmp(kind, "run") == 0;
	e->skip_rejected = !e->run && sched == &in->run;
	if (x)
		e->x = *x;
	e->nidlen = in->plat.nnodes;
	e->idlen = hs_malloc(((size_t)e->nidlen + 1) * sizeof *e->idlen);
	for (int j = 0; j < e->nidlen; j++)
		e->idlen[j] = strlen(in->plat.nodes[j].id);
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

void hs_instance_emit_plan_run_extra(struct hs_instance *in, struct hs_schedule *run,
				     const struct hs_emit_extra *px, const struct hs_emit_extra *rx)
{
	static const char *kinds[] = { "plan", "run", NULL };
	hs_stream_filter(in->stream, drop_kinds, (void *)kinds);
	install(in, &in->run, run, 1);
	hs_schedule_release(&in->plan);
	hs_schedule_init(&in->plan, in->ntasks);
	emit_records(in, &in->run, "plan", px);
	emit_records(in, &in->run, "run", rx);
	in->has_plan = in->has_run = 1;
}
