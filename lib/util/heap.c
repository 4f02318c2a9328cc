/* util/heap.c - binary min-heaps (heap.h). */
#include "heap.h"
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

void hs_heap_push(struct hs_heap *h, double key, int prio, int id)
{
	if (h->n == h->cap) {
		h->cap = h->cap ? 2 * h->cap : 64;
		h->v = hs_reallocarray(h->v, h->cap, sizeof *h->v);
	}
	struct hs_heap_item it = { key, prio, id, h->seq++ };
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

void hs_iheap_grow(struct hs_iheap *h, int nids)
{
	if (nids <= h->cap)
		return;
	h->heap = hs_reallocarray(h->heap, nids, sizeof *h->heap);
	h->pos = hs_reallocarray(h->pos, nids, sizeof *h->pos);
	h->key = hs_reallocarray(h->key, nids, sizeof *h->key);
	for (int i = h->cap; i < nids; i++)
		h->pos[i] = -1;
	h->cap = nids;
}

void hs_iheap_init(struct hs_iheap *h, int nids)
{
	h->cap = nids > 0 ? nids : 1;
	h->heap = hs_malloc(h->cap * sizeof *h->heap);
	h->pos = hs_malloc(h->cap * sizeof *h->pos);
	h->key = hs_malloc(h->cap * sizeof *h->key);
	for (int i = 0; i < h->cap; i++)
		h->pos[i] = -1;
	h->n = 0;
}

void hs_iheap_release(struct hs_iheap *h)
{
	free(h->heap);
	free(h->pos);
	free(h->key);
	memset(h, 0, sizeof *h);
}

static int iless(const struct hs_iheap *h, int a, int b)
{
	return h->key[a] < h->key[b] || (h->key[a] == h->key[b] && a < b);
}

static void iplace(struct hs_iheap *h, int i, int id)
{
	h->heap[i] = id;
	h->pos[id] = i;
}

static void isift(struct hs_iheap *h, int i)
{
	int id = h->heap[i];
	while (i > 0 && iless(h, id, h->heap[(i - 1) / 2])) {
		iplace(h, i, h->heap[(i - 1) / 2]);
		i = (i - 1) / 2;
	}
	for (;;) {
		int c = 2 * i + 1;
		if (c >= h->n)
			break;
		if (c + 1 < h->n && iless(h, h->heap[c + 1], h->heap[c]))
			c++;
		if (!iless(h, h->heap[c], id))
			break;
		iplace(h, i, h->heap[c]);
		i = c;
	}
	iplace(h, i, id);
}

void hs_iheap_set(struct hs_iheap *h, int id, double key)
{
	h->key[id] = key;
	if (h->pos[id] < 0) {
		h->pos[id] = h->n;
		h->heap[h->n++] = id;
	}
	isift(h, h->pos[id]);
}

void hs_iheap_remove(struct hs_iheap *h, int id)
{
	int i = h->pos[id];
	if (i < 0)
		return;
	h->pos[id] = -1;
	int last = h->heap[--h->n];
	if (i < h->n) {
		h->heap[i] = last;
		h->pos[last] = i;
		isift(h, i);
	}
}
