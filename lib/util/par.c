/* util/par.c - lines parsed on several threads, kept in input order
 * (par.h).
 *
 * Batches of lines go through one queue in input order; workers take them
 * in that order and parse them; the reader hands a batch's items on once
 * it and every batch before it are done, so the order, and which bad line
 * is reported (the first), are those of reading line by line. */
#include "par.h"
#include "hs/util.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define BATCH_BYTES ((size_t)256 << 10)
#define BATCH_ITEMS 4096
#define IN_FLIGHT 4 /* batches queued per thread before the reader waits */

struct item {
	size_t off, len;       /* the line in the batch's text */
	int lineno;            /* 0: item was made by the reader */
	void *item;
};

struct batch {
	char *text;
	size_t used, cap;
	struct item *it;
	int n;
	int done;              /* parsed; under the pool's lock */
	int bad;               /* index of the first bad line, or -1 */
	char *msg;             /* its message */
	struct batch *next;    /* queue order */
};

struct hs_par {
	const struct hs_par_ops *ops;
	void *ctx;
	pthread_mutex_t mu;
	pthread_cond_t work, done;
	pthread_t th[HS_PAR_MAX];
	int nth;
	struct batch *cur;         /* being filled by the reader */
	struct batch *head, *tail; /* queued, oldest first, not yet appended */
	struct batch *todo;        /* the oldest queued batch no worker has taken */
	int queued;
	int stop, failed;
	struct batch *spare;       /* appended batches, for reuse (no fresh pages) */
};

void hs_par_run(int njobs, void *(*fn)(void *), void *jobs, size_t size)
{
	pthread_t th[HS_PAR_MAX];
	int started = 0;
	while (started + 1 < njobs && started < HS_PAR_MAX &&
	       pthread_create(&th[started], NULL, fn, (char *)jobs + (size_t)(started + 1) * size) == 0)
		started++;
	fn(jobs);
	for (int k = started + 1; k < njobs; k++)
		fn((char *)jobs + (size_t)k * size);
	for (int t = 0; t < started; t++)
		pthread_join(th[t], NULL);
}

static void parse_batch(const struct hs_par_ops *ops, struct batch *b)
{
	for (int i = 0; i < b->n; i++) {
		struct item *it = &b->it[i];
		if (!it->lineno)
			continue;
		const char *err;
		it->item = ops->parse(b->text + it->off, it->len, it->lineno, &err);
		if (!it->item) {
			b->bad = i;
			b->msg = hs_strdup(err);
			return;
		}
	}
}

static void *worker(void *arg)
{
	struct hs_par *p = arg;
	pthread_mutex_lock(&p->mu);
	for (;;) {
		while (!p->todo && !p->stop)
			pthread_cond_wait(&p->work, &p->mu);
		struct batch *b = p->todo;
		if (!b)
			break;
		p->todo = b->next;
		/* Batches after a bad line are dropped unread: all come after
		 * it, since they are taken in order. */
		int skip = p->failed;
		pthread_mutex_unlock(&p->mu);
		if (!skip)
			parse_batch(p->ops, b);
		pthread_mutex_lock(&p->mu);
		b->done = 1;
		if (b->bad >= 0)
			p->failed = 1;
		pthread_cond_broadcast(&p->done);
	}
	pthread_mutex_unlock(&p->mu);
	if (p->ops->thread_end)
		p->ops->thread_end();
	return NULL;
}

struct hs_par *hs_par_new(int n, const struct hs_par_ops *ops, void *ctx)
{
	if (n < 2)
		return NULL;
	if (n > HS_PAR_MAX)
		n = HS_PAR_MAX;
	struct hs_par *p = hs_calloc(1, sizeof *p);
	p->ops = ops;
	p->ctx = ctx;
	pthread_mutex_init(&p->mu, NULL);
	pthread_cond_init(&p->work, NULL);
	pthread_cond_init(&p->done, NULL);
	while (p->nth < n && pthread_create(&p->th[p->nth], NULL, worker, p) == 0)
		p->nth++;
	if (p->nth == 0) {
		pthread_mutex_destroy(&p->mu);
		pthread_cond_destroy(&p->work);
		pthread_cond_destroy(&p->done);
		free(p);
		return NULL;
	}
	return p;
}

static struct batch *batch_new(struct hs_par *p)
{
	struct batch *b = p->spare;
	if (b) {
		p->spare = b->next;
	} else {
		b = hs_calloc(1, sizeof *b);
		b->cap = BATCH_BYTES;
		b->text = hs_malloc(b->cap);
		b->it = hs_malloc(BATCH_ITEMS * sizeof *b->it);
	}
	b->used = 0;
	b->n = 0;
	b->done = 0;
	b->bad = -1;
	b->msg = NULL;
	b->next = NULL;
	return b;
}

static void batch_free(struct batch *b)
{
	free(b->text);
	free(b->it);
	free(b->msg);
	free(b);
}

/* Wait for the oldest queued batch and hand its items on; -1 when it
 * had a bad line (its message stays in the batch, the batch at head). */
static int append_oldest(struct hs_par *p)
{
	struct batch *b = p->head;
	pthread_mutex_lock(&p->mu);
	while (!b->done)
		pthread_cond_wait(&p->done, &p->mu);
	pthread_mutex_unlock(&p->mu);
	if (b->bad >= 0)
		return -1;
	for (int i = 0; i < b->n; i++)
		p->ops->take(p->ctx, b->it[i].item);
	p->head = b->next;
	if (!p->head)
		p->tail = NULL;
	p->queued--;
	b->next = p->spare;
	p->spare = b;
	return 0;
}

static int submit(struct hs_par *p)
{
	struct batch *b = p->cur;
	p->cur = NULL;
	if (!b)
		return 0;
	if (b->n == 0) {
		b->next = p->spare;
		p->spare = b;
		return 0;
	}
	pthread_mutex_lock(&p->mu);
	if (p->tail)
		p->tail->next = b;
	else
		p->head = b;
	p->tail = b;
	if (!p->todo)
		p->todo = b;
	p->queued++;
	int failed = p->failed;
	pthread_cond_signal(&p->work);
	pthread_mutex_unlock(&p->mu);
	if (failed)
		return -1;
	while (p->queued > IN_FLIGHT * p->nth)
		if (append_oldest(p) < 0)
			return -1;
	return 0;
}

/* The batch being filled, with room for one more item of len bytes. */
static struct batch *room(struct hs_par *p, size_t len, int *rc)
{
	struct batch *b = p->cur;
	*rc = 0;
	if (b && (b->n == BATCH_ITEMS || b->used + len > b->cap)) {
		*rc = submit(p);
		b = NULL;
	}
	if (!b)
		b = p->cur = batch_new(p);
	if (len > b->cap) { /* a line longer than a batch: a batch of its own */
		b->cap = len;
		b->text = hs_realloc(b->text, b->cap);
	}
	return b;
}

int hs_par_line(struct hs_par *p, const char *line, size_t len, int lineno)
{
	int rc;
	struct batch *b = room(p, len, &rc);
	memcpy(b->text + b->used, line, len);
	b->it[b->n++] = (struct item){ b->used, len, lineno, NULL };
	b->used += len;
	return rc;
}

void hs_par_item(struct hs_par *p, void *item)
{
	int rc;
	struct batch *b = room(p, 0, &rc);
	b->it[b->n++] = (struct item){ 0, 0, 0, item };
	(void)rc; /* a failure shows at the next line, or at hs_par_finish */
}

int hs_par_finish(struct hs_par *p, int *line, char **msg)
{
	submit(p);
	pthread_mutex_lock(&p->mu);
	p->stop = 1;
	pthread_cond_broadcast(&p->work);
	pthread_mutex_unlock(&p->mu);
	int rc = 0;
	while (p->head && rc == 0)
		rc = append_oldest(p);
	for (int t = 0; t < p->nth; t++)
		pthread_join(p->th[t], NULL);
	if (rc < 0) {
		/* The items before the bad line are handed on, as when read
		 * line by line; the rest are dropped. */
		struct batch *b = p->head;
		for (int i = 0; i < b->bad; i++)
			p->ops->take(p->ctx, b->it[i].item);
		for (int i = b->bad + 1; i < b->n; i++)
			p->ops->drop(b->it[i].item);
		*line = b->it[b->bad].lineno;
		*msg = b->msg;
		b->msg = NULL;
		for (struct batch *c = b->next; c; c = c->next)
			for (int i = 0; i < c->n; i++)
				p->ops->drop(c->it[i].item);
	}
	for (struct batch *b = p->head, *next; b; b = next) {
		next = b->next;
		batch_free(b);
	}
	for (struct batch *b = p->spare, *next; b; b = next) {
		next = b->next;
		batch_free(b);
	}
	pthread_mutex_destroy(&p->mu);
	pthread_cond_destroy(&p->work);
	pthread_cond_destroy(&p->done);
	free(p);
	return rc;
}
