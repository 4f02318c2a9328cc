/* sim/data.c - where each datum lives and what moving it costs (data.h). */
#include "data.h"
#include "gpushare.h"
#include "hs/util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { CP_COMING, CP_VALID, CP_OUT }; /* CP_OUT: room for an output being made */
enum { H2D, D2H };

struct dt_copy {
	int datum, mem, state;
	int pins;        /* tasks and transfers holding it */
	int wb;          /* being written back to the host */
	int charge;      /* the task a transfer waiting for the host's copy is for */
	int next;        /* the datum's next copy; the free list */
	int lprev, lnext; /* a device's copies, least recently used first */
	int waiters;     /* head of who waits for it */
};

struct dt_xfer {
	int dst, src;    /* the copy it brings, the copy it reads (held) */
	int dev, dir;    /* its link */
	int task;        /* charged */
	int flowing;     /* past its latency */
	double left, rate, last;
	int next;        /* the free list */
};

struct dt_dev {
	double bw, lat, cap, used, freeing;
	int lhead, ltail;
	int *on[2], non[2], capon[2]; /* transfers flowing, per direction */
	int *q, q0, nq, capq;         /* tasks waiting for room, in order */
};

/* ---------------- copies ---------------- */

static int copy_find(const struct hs_data *d, int datum, int mem)
{
	for (int c = d->head[datum]; c >= 0; c = d->c[c].next)
		if (d->c[c].mem == mem)
			return c;
	return -1;
}

static void lru_unlink(struct hs_data *d, int c)
{
	struct dt_copy *x = &d->c[c];
	struct dt_dev *D = &d->dev[x->mem - 1];
	if (x->lprev >= 0)
		d->c[x->lprev].lnext = x->lnext;
	else
		D->lhead = x->lnext;
	if (x->lnext >= 0)
		d->c[x->lnext].lprev = x->lprev;
	else
		D->ltail = x->lprev;
	x->lprev = x->lnext = -1;
}

static void lru_append(struct hs_data *d, int c)
{
	struct dt_copy *x = &d->c[c];
	struct dt_dev *D = &d->dev[x->mem - 1];
	x->lprev = D->ltail;
	x->lnext = -1;
	if (D->ltail >= 0)
		d->c[D->ltail].lnext = c;
	else
		D->lhead = c;
	D->ltail = c;
}

/* Copy c was used now: the most recent of its device. */
static void lru_touch(struct hs_data *d, int c)
{
	if (d->c[c].mem > 0 && d->dev[d->c[c].mem - 1].ltail != c) {
		lru_unlink(d, c);
		lru_append(d, c);
	}
}

static int copy_new(struct hs_data *d, int datum, int mem, int state)
{
	int c;
	if (d->freec >= 0) {
		c = d->freec;
		d->freec = d->c[c].next;
	} else {
		if (d->nc == d->capc) {
			d->capc = d->capc ? 2 * d->capc : 1024;
			d->c = hs_reallocarray(d->c, d->capc, sizeof *d->c);
		}
		c = d->nc++;
	}
	d->c[c] = (struct dt_copy){ datum, mem, state, 0, 0, -1, d->head[datum], -1, -1, -1 };
	d->head[datum] = c;
	if (mem > 0) {
		lru_append(d, c);
		d->dev[mem - 1].used += d->size[datum];
	}
	return c;
}

static void copy_drop(struct hs_data *d, int c)
{
	struct dt_copy *x = &d->c[c];
	int *p = &d->head[x->datum];
	while (*p != c)
		p = &d->c[*p].next;
	*p = x->next;
	if (x->mem > 0) {
		lru_unlink(d, c);
		d->dev[x->mem - 1].used -= d->size[x->datum];
	}
	x->next = d->freec;
	x->state = -1;
	d->freec = c;
}

/* Whether datum has a valid copy other than c. */
static int valid_elsewhere(const struct hs_data *d, int datum, int c)
{
	for (int k = d->head[datum]; k >= 0; k = d->c[k].next)
		if (k != c && d->c[k].state == CP_VALID)
			return 1;
	return 0;
}

/* A valid copy of datum on a device, or -1. */
static int device_source(const struct hs_data *d, int datum)
{
	for (int k = d->head[datum]; k >= 0; k = d->c[k].next)
		if (d->c[k].mem > 0 && d->c[k].state == CP_VALID)
			return k;
	return -1;
}

/* A datum nobody will read again: its copies that nothing holds go. */
static void maybe_dead(struct hs_data *d, int datum)
{
	if (d->left[datum] > 0)
		return;
	for (int c = d->head[datum], next; c >= 0; c = next) {
		next = d->c[c].next;
		if (d->c[c].pins == 0 && d->c[c].state == CP_VALID && !d->c[c].wb)
			copy_drop(d, c);
	}
}

/* ---------------- who waits ---------------- */

static void wait_on(struct hs_data *d, int c, int who)
{
	int w;
	if (d->freew >= 0) {
		w = d->freew;
		d->freew = d->wnext[w];
	} else {
		if (d->nw == d->capw) {
			d->capw = d->capw ? 2 * d->capw : 256;
			d->wn = hs_reallocarray(d->wn, d->capw, sizeof *d->wn);
			d->wnext = hs_reallocarray(d->wnext, d->capw, sizeof *d->wnext);
		}
		w = d->nw++;
	}
	d->wn[w] = who;
	d->wnext[w] = d->c[c].waiters;
	d->c[c].waiters = w;
}

static void push_ready(struct hs_data *d, int i)
{
	if (d->nready == d->capready) {
		d->capready = d->capready ? 2 * d->capready : 64;
		d->ready = hs_reallocarray(d->ready, d->capready, sizeof *d->ready);
	}
	d->ready[d->nready++] = i;
}

/* ---------------- transfers ---------------- */

static double link_time(const struct dt_dev *D, double bytes)
{
	return D->lat + bytes / D->bw;
}

/* The transfers flowing over a link to their rates: the link shared
 * equally. */
static void link_rerate(struct hs_data *d, int dev, int dir, double now)
{
	struct dt_dev *D = &d->dev[dev];
	int n = D->non[dir];
	for (int k = 0; k < n; k++) {
		int id = D->on[dir][k];
		struct dt_xfer *x = &d->x[id];
		x->left = fmax(0, x->left - x->rate * (now - x->last));
		x->last = now;
		x->rate = D->bw / n;
		hs_iheap_set(&d->due, id, now + x->left / x->rate);
	}
}

static void link_add(struct hs_data *d, int id, double now)
{
	struct dt_xfer *x = &d->x[id];
	struct dt_dev *D = &d->dev[x->dev];
	if (D->non[x->dir] == D->capon[x->dir]) {
		D->capon[x->dir] = D->capon[x->dir] ? 2 * D->capon[x->dir] : 8;
		D->on[x->dir] = hs_reallocarray(D->on[x->dir], D->capon[x->dir], sizeof **D->on);
	}
	/* link_rerate brings the others' progress up to now at their old
	 * share (the new one has none yet: rate 0) before sharing anew */
	D->on[x->dir][D->non[x->dir]++] = id;
	x->flowing = 1;
	x->rate = 0;
	x->last = now;
	link_rerate(d, x->dev, x->dir, now);
}

static void link_remove(struct hs_data *d, int id, double now)
{
	struct dt_xfer *x = &d->x[id];
	struct dt_dev *D = &d->dev[x->dev];
	for (int k = 0; k < D->non[x->dir]; k++)
		if (D->on[x->dir][k] == id) {
			D->on[x->dir][k] = D->on[x->dir][--D->non[x->dir]];
			break;
		}
	link_rerate(d, x->dev, x->dir, now);
}

/* Copy dst comes from copy src (one end is the host), charged to task. */
static void xfer_start(struct hs_data *d, int dst, int src, int task, double now)
{
	int id;
	if (d->freex >= 0) {
		id = d->freex;
		d->freex = d->x[id].next;
	} else {
		if (d->nx == d->capx) {
			d->capx = d->capx ? 2 * d->capx : 256;
			d->x = hs_reallocarray(d->x, d->capx, sizeof *d->x);
			hs_iheap_grow(&d->due, d->capx);
		}
		id = d->nx++;
	}
	int to_dev = d->c[dst].mem > 0;
	int dev = (to_dev ? d->c[dst].mem : d->c[src].mem) - 1;
	double bytes = d->size[d->c[dst].datum];
	d->x[id] = (struct dt_xfer){ dst, src, dev, to_dev ? H2D : D2H, task, 0, bytes, 0, now, -1 };
	d->c[src].pins++;
	if (task >= 0)
		(to_dev ? d->h2d : d->d2h)[task] += bytes;
	if (d->dev[dev].lat > 0)
		hs_iheap_set(&d->due, id, now + d->dev[dev].lat);
	else
		link_add(d, id, now);
}

static int request(struct hs_data *d, int datum, int mem, int task, double now);

/* Copy c is valid: who waited for it hears. */
static void copy_came(struct hs_data *d, int c, double now)
{
	d->c[c].state = CP_VALID;
	int w = d->c[c].waiters;
	d->c[c].waiters = -1;
	while (w >= 0) {
		int who = d->wn[w], next = d->wnext[w];
		d->wnext[w] = d->freew;
		d->freew = w;
		if (who < 0) { /* a device's copy that waited for the host's */
			int dst = -who - 1;
			xfer_start(d, dst, c, d->c[dst].charge, now);
		} else if (d->t[who].mem >= 0 && d->t[who].missing > 0 && --d->t[who].missing == 0) {
			push_ready(d, who);
		}
		w = next;
	}
}

/* ---------------- room on a device ---------------- */

static int room_now(const struct dt_dev *D, double need)
{
	return !(D->cap > 0) || D->used + need <= D->cap;
}

/* Room for need bytes on device dev: copies no one holds that have
 * another valid copy, or no reader left, go first, least recently used
 * first; then the only copies are written back (the room comes when they
 * are).  1 when the room is there now. */
static int make_room(struct hs_data *d, int dev, double need, int task, double now)
{
	struct dt_dev *D = &d->dev[dev];
	if (room_now(D, need))
		return 1;
	for (int c = D->lhead, next; c >= 0 && !room_now(D, need); c = next) {
		next = d->c[c].lnext;
		const struct dt_copy *x = &d->c[c];
		if (x->pins == 0 && x->state == CP_VALID && !x->wb &&
		    (d->left[x->datum] == 0 || valid_elsewhere(d, x->datum, c)))
			copy_drop(d, c);
	}
	if (room_now(D, need))
		return 1;
	for (int c = D->lhead; c >= 0 && D->used - D->freeing + need > D->cap; c = d->c[c].lnext) {
		struct dt_copy *x = &d->c[c];
		if (x->pins > 0 || x->state != CP_VALID || x->wb)
			continue;
		int h = copy_new(d, x->datum, 0, CP_COMING);
		x = &d->c[c];
		x->wb = 1;
		D->freeing += d->size[x->datum];
		xfer_start(d, h, c, task, now);
	}
	return 0;
}

/* ---------------- tasks ---------------- */

/* Where p computes: 1 + its first GPU's device on a node that moves
 * data; 0 the host (no GPU); -1 a GPU that sees everything. */
static int task_mem(const struct hs_data *d, const struct hs_placement *p)
{
	for (int k = 0; k < p->nparts; k++) {
		const struct hs_part *pt = &p->parts[k];
		if (pt->ngpus == 0)
			continue;
		if (!(d->in->plat.nodes[pt->node].gpu_bw > 0))
			return -1;
		return 1 + hs_gpu_device_of(d->in, d->dev0, pt->node, pt->gpus[0]);
	}
	return 0;
}

/* Datum on memory mem, on its way there if it is not (mem a device: the
 * room is taken).  The copy, or -1 when the datum has no valid copy
 * anywhere (its task failed). */
static int request(struct hs_data *d, int datum, int mem, int task, double now)
{
	int c = copy_find(d, datum, mem);
	if (c >= 0)
		return c;
	if (mem == 0) {
		int src = device_source(d, datum);
		if (src < 0)
			return -1;
		c = copy_new(d, datum, 0, CP_COMING);
		xfer_start(d, c, src, task, now);
		return c;
	}
	int h = copy_find(d, datum, 0);
	if (h < 0 && device_source(d, datum) < 0)
		return -1;
	c = copy_new(d, datum, mem, CP_COMING);
	d->c[c].charge = task;
	if (h >= 0 && d->c[h].state == CP_VALID) {
		xfer_start(d, c, h, task, now);
	} else {
		if (h < 0)
			h = request(d, datum, 0, task, now);
		wait_on(d, h, -c - 1);
	}
	return c;
}

static const struct hs_task *T(const struct hs_data *d, int i)
{
	return &d->in->tasks[i];
}

/* Task i has its room on mem: its inputs asked for and held (those held
 * already stay so).  Whether they are all there now (else the last to
 * come makes it ready, copy_came). */
static int fetch_inputs(struct hs_data *d, int i, int mem, double now)
{
	struct dt_task *x = &d->t[i];
	const struct hs_task *t = T(d, i);
	x->missing = 0;
	for (int k = 0; k < t->ndeps; k++) {
		int p = t->deps[k], c = x->held[k];
		if (!(d->size[p] > 0))
			continue;
		if (c < 0) {
			c = request(d, p, mem, i, now);
			if (c < 0)
				continue;
			d->c[c].pins++;
			x->held[k] = c;
		}
		lru_touch(d, c);
		if (d->c[c].state != CP_VALID) {
			x->missing++;
			wait_on(d, c, i);
		}
	}
	if (mem > 0 && d->size[i] > 0) {
		x->out = copy_new(d, i, mem, CP_OUT);
		d->c[x->out].pins = 1;
	}
	return x->missing == 0;
}

/* Device dev has room again: the tasks waiting for it, in order. */
static void serve(struct hs_data *d, int dev, double now)
{
	struct dt_dev *D = &d->dev[dev];
	while (D->q0 < D->nq) {
		int i = D->q[D->q0];
		if (d->t[i].asked) {
			if (!make_room(d, dev, d->t[i].need, i, now))
				return;
			d->t[i].asked = 0;
			if (fetch_inputs(d, i, dev + 1, now))
				push_ready(d, i);
		}
		D->q0++;
	}
	D->q0 = D->nq = 0;
}

/* ---------------- the interface ---------------- */

static void count_deps(struct hs_data *d, int from, int to)
{
	for (int i = from; i < to; i++) {
		const struct hs_task *t = T(d, i);
		for (int k = 0; k < t->ndeps; k++) {
			double b = t->dep_bytes ? t->dep_bytes[k] : 0;
			int p = t->deps[k];
			if (b > 0 && p >= 0 && p < to) {
				d->size[p] = fmax(d->size[p], b);
				d->left[p]++;
			}
		}
	}
}

int hs_data_applies(const struct hs_instance *in)
{
	int moves = 0;
	for (int j = 0; j < in->plat.nnodes && !moves; j++)
		moves = in->plat.nodes[j].gpus > 0 && in->plat.nodes[j].gpu_bw > 0;
	return moves && hs_instance_has_deps(in);
}

void hs_data_init(struct hs_data *d, const struct hs_instance *in, int ntasks)
{
	memset(d, 0, sizeof *d);
	d->in = in;
	d->freec = d->freex = d->freew = -1;
	const struct hs_platform *pl = &in->plat;
	if (!hs_data_applies(in))
		return;
	d->on = 1;
	d->dev0 = hs_malloc(((size_t)pl->nnodes + 1) * sizeof *d->dev0);
	d->ndev = hs_gpu_devices(in, d->dev0);
	d->dev = hs_calloc((size_t)d->ndev + 1, sizeof *d->dev);
	for (int j = 0; j < pl->nnodes; j++)
		for (int k = d->dev0[j]; k < d->dev0[j + 1]; k++) {
			struct dt_dev *D = &d->dev[k];
			D->bw = pl->nodes[j].gpu_bw;
			D->lat = pl->nodes[j].gpu_lat;
			D->cap = pl->nodes[j].gpu_mem;
			D->lhead = D->ltail = -1;
		}
	hs_iheap_init(&d->due, 0);
	hs_data_grow(d, ntasks);
}

void hs_data_grow(struct hs_data *d, int ntasks)
{
	if (!d->on || ntasks <= d->n)
		return;
	size_t n1 = (size_t)ntasks + 1;
	d->size = hs_reallocarray(d->size, n1, sizeof *d->size);
	d->left = hs_reallocarray(d->left, n1, sizeof *d->left);
	d->head = hs_reallocarray(d->head, n1, sizeof *d->head);
	d->t = hs_reallocarray(d->t, n1, sizeof *d->t);
	d->h2d = hs_reallocarray(d->h2d, n1, sizeof *d->h2d);
	d->d2h = hs_reallocarray(d->d2h, n1, sizeof *d->d2h);
	for (int i = d->n; i < ntasks; i++) {
		d->size[i] = d->h2d[i] = d->d2h[i] = 0;
		d->left[i] = 0;
		d->head[i] = -1;
		d->t[i] = (struct dt_task){ -1, -1, 0, -1, 0, NULL };
	}
	int from = d->n;
	d->n = ntasks;
	/* a new task's deps name earlier tasks only: counting the new ones
	 * is enough */
	count_deps(d, from, ntasks);
}

void hs_data_release(struct hs_data *d)
{
	for (int k = 0; k < d->ndev; k++) {
		free(d->dev[k].on[0]);
		free(d->dev[k].on[1]);
		free(d->dev[k].q);
	}
	if (d->on)
		hs_iheap_release(&d->due);
	for (int i = 0; i < d->n; i++)
		free(d->t[i].held);
	free(d->dev);
	free(d->dev0);
	free(d->size);
	free(d->left);
	free(d->head);
	free(d->t);
	free(d->h2d);
	free(d->d2h);
	free(d->c);
	free(d->x);
	free(d->wn);
	free(d->wnext);
	free(d->ready);
	memset(d, 0, sizeof *d);
}

int hs_data_fetch(struct hs_data *d, int i, const struct hs_placement *p, double now, char *why,
		  size_t len)
{
	if (!d->on || i < 0 || i >= d->n)
		return 0;
	struct dt_task *x = &d->t[i];
	x->mem = task_mem(d, p);
	x->missing = 0;
	if (x->mem < 0)
		return 0;
	const struct hs_task *t = T(d, i);
	x->held = hs_malloc(((size_t)t->ndeps + 1) * sizeof *x->held);
	for (int k = 0; k < t->ndeps; k++)
		x->held[k] = -1;
	if (x->mem > 0) {
		struct dt_dev *D = &d->dev[x->mem - 1];
		/* hold what is there already: no room made for this task
		 * evicts it, and it counts against the device too; room is
		 * asked for its output and the inputs that must come (those
		 * with a copy somewhere) */
		double held = 0;
		x->need = d->size[i];
		for (int k = 0; k < t->ndeps; k++) {
			int p = t->deps[k];
			if (!(d->size[p] > 0))
				continue;
			int c = copy_find(d, p, x->mem);
			if (c >= 0) {
				d->c[c].pins++;
				x->held[k] = c;
				held += d->size[p];
			} else if (d->head[p] >= 0) {
				x->need += d->size[p];
			}
		}
		if (D->cap > 0 && x->need + held > D->cap) {
			snprintf(why, len,
				 "its data (%.17g bytes) do not fit in its GPU's memory (%.17g bytes)",
				 x->need + held, D->cap);
			hs_data_end(d, i, now, 0);
			return -1;
		}
		if (D->q0 < D->nq || !make_room(d, x->mem - 1, x->need, i, now)) {
			if (D->nq == D->capq) {
				D->capq = D->capq ? 2 * D->capq : 16;
				D->q = hs_reallocarray(D->q, D->capq, sizeof *D->q);
			}
			D->q[D->nq++] = i;
			x->asked = 1;
			x->missing = 1;
			return 1;
		}
	}
	return !fetch_inputs(d, i, x->mem, now);
}

void hs_data_prefetch(struct hs_data *d, int i, const struct hs_placement *p, double now)
{
	if (!d->on || i < 0 || i >= d->n)
		return;
	int mem = task_mem(d, p);
	if (mem < 0)
		return;
	const struct hs_task *t = T(d, i);
	for (int k = 0; k < t->ndeps; k++) {
		int dp = t->deps[k];
		if (!(d->size[dp] > 0) || d->head[dp] < 0 || copy_find(d, dp, mem) >= 0)
			continue;
		if (mem > 0 && !room_now(&d->dev[mem - 1], d->size[dp]))
			continue;
		request(d, dp, mem, i, now);
	}
}

double hs_data_estimate(const struct hs_data *d, int i, const struct hs_placement *p)
{
	if (!d->on || i < 0 || i >= d->n)
		return 0;
	int mem = task_mem(d, p);
	if (mem < 0)
		return 0;
	double s = 0;
	const struct hs_task *t = T(d, i);
	for (int k = 0; k < t->ndeps; k++) {
		int dp = t->deps[k];
		double b = d->size[dp];
		if (!(b > 0) || copy_find(d, dp, mem) >= 0)
			continue;
		int src = device_source(d, dp);
		if (mem == 0) {
			if (src >= 0)
				s += link_time(&d->dev[d->c[src].mem - 1], b);
			continue;
		}
		if (copy_find(d, dp, 0) < 0) {
			if (src < 0)
				continue;
			s += link_time(&d->dev[d->c[src].mem - 1], b);
		}
		s += link_time(&d->dev[mem - 1], b);
	}
	return s;
}

void hs_data_end(struct hs_data *d, int i, double now, int done)
{
	if (!d->on || i < 0 || i >= d->n || d->t[i].mem < 0)
		return;
	struct dt_task *x = &d->t[i];
	int mem = x->mem;
	const struct hs_task *t = T(d, i);
	x->asked = 0; /* out of its device's queue, if it was there */
	for (int k = 0; k < t->ndeps; k++)
		if (x->held[k] >= 0) {
			d->c[x->held[k]].pins--;
			lru_touch(d, x->held[k]);
		}
	free(x->held);
	x->held = NULL;
	if (x->out >= 0) {
		d->c[x->out].pins--;
		if (done) {
			d->c[x->out].state = CP_VALID;
			lru_touch(d, x->out);
		} else {
			copy_drop(d, x->out);
		}
		x->out = -1;
	} else if (done && mem == 0 && d->size[i] > 0) {
		copy_new(d, i, 0, CP_VALID);
	}
	x->mem = -1;
	x->missing = -1;
	for (int k = 0; k < t->ndeps; k++) {
		int p = t->deps[k];
		if (d->size[p] > 0 && t->dep_bytes[k] > 0) {
			d->left[p]--;
			maybe_dead(d, p);
		}
	}
	maybe_dead(d, i);
	for (int k = 0; k < d->ndev; k++)
		if (d->dev[k].q0 < d->dev[k].nq)
			serve(d, k, now);
}

double hs_data_next(const struct hs_data *d)
{
	if (!d->on || d->due.n == 0)
		return INFINITY;
	return d->due.key[hs_iheap_top(&d->due)];
}

/* Transfer id ended at now. */
static void xfer_done(struct hs_data *d, int id, double now)
{
	struct dt_xfer x = d->x[id];
	link_remove(d, id, now);
	d->x[id].next = d->freex;
	d->freex = id;
	struct dt_copy *src = &d->c[x.src];
	src->pins--;
	int datum = src->datum;
	copy_came(d, x.dst, now);
	if (src->wb) { /* a write-back: the room it held is free */
		struct dt_dev *D = &d->dev[src->mem - 1];
		src->wb = 0;
		D->freeing -= d->size[datum];
		if (src->pins == 0)
			copy_drop(d, x.src);
	}
	maybe_dead(d, datum);
	if (x.dir == D2H)
		serve(d, x.dev, now);
}

void hs_data_advance(struct hs_data *d, double now)
{
	while (d->on && d->due.n > 0) {
		int id = hs_iheap_top(&d->due);
		if (d->due.key[id] > now)
			break;
		hs_iheap_remove(&d->due, id);
		if (!d->x[id].flowing)
			link_add(d, id, now);
		else
			xfer_done(d, id, now);
	}
}

int hs_data_take_ready(struct hs_data *d)
{
	if (d->r0 == d->nready) {
		d->r0 = d->nready = 0;
		return -1;
	}
	return d->ready[d->r0++];
}

double hs_data_used(const struct hs_data *d, int dev)
{
	return d->on && dev >= 0 && dev < d->ndev ? d->dev[dev].used : 0;
}
