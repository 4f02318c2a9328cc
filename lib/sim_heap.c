/* sim_heap.c - binary min-heap (sim_heap.h). */
#include "sim_heap.h"
#include "hs/util.h"

#include <stdlib.h>
#include <string.h>

void hs_heap_init(struct hs_heap *h)
{
	memset(h, 0, sizeof *h);
}

void hs_heap_release(struct hs_heap *h)
{
	free(h->v);
	memset(h, 0, sizeof *h);
}

static int less(const struct hs_heap_item *a, const struct hs_heap_item *b)
{
	if (a->key != b->key)
		return a->key < b->key;
	if (a->prio != b->prio)
		return a->prio < b->prio;
	return a->seq < b->seq;
}

void hs_heap_push(struct hs_heap *h, double key, int prio, int id, unsigned tag)
{
	if (h->n == h->cap) {
		h->cap = h->cap ? 2 * h->cap : 64;
		h->v = hs_reallocarray(h->v, h->cap, sizeof *h->v);
	}
	struct hs_heap_item it = { key, prio, id, tag, h->seq++ };
	int i = h->n++;
	while (i > 0) {
		int p = (i - 1) / 2;
		if (!less(&it, &h->v[p]))
			break;
		h->v[i] = h->v[p];
		i = p;
	}
	h->v[i] = it;
}

void hs_heap_pop(struct hs_heap *h)
{
	struct hs_heap_item last = h->v[--h->n];
	int i = 0, n = h->n;
	for (;;) {
		int c = 2 * i + 1;
		if (c >= n)
			break;
		if (c + 1 < n && less(&h->v[c + 1], &h->v[c]))
			c++;
		if (!less(&h->v[c], &last))
			break;
		h->v[i] = h->v[c];
		i = c;
	}
	if (n > 0)
		h->v[i] = last;
}
