/* util/heap.h - binary min-heaps: the simulator's events and dates, and
 * hs-exec's timers of a live run.
 *
 * hs_heap: timed items (events) compared by key, then prio, then
 * insertion order, so equal keys pop in a fixed order.  Items are never
 * removed but from the top: holders skip the ones that are out of date
 * when they pop.
 *
 * hs_iheap: at most one key per id (0..n-1), set, moved or removed in
 * place: the completion dates, which change at every re-solve and would
 * otherwise leave a stale item each time. */
#ifndef HS_UTIL_HEAP_H
#define HS_UTIL_HEAP_H

struct hs_heap_item {
	double key;
	int prio;
	int id;
	unsigned long seq;
};

struct hs_heap {
	struct hs_heap_item *v;
	int n, cap;
	unsigned long seq;
};

void hs_heap_init(struct hs_heap *h);
void hs_heap_release(struct hs_heap *h);
void hs_heap_push(struct hs_heap *h, double key, int prio, int id);
/* The smallest item (the heap must not be empty). */
static inline const struct hs_heap_item *hs_heap_top(const struct hs_heap *h)
{
	return &h->v[0];
}
void hs_heap_pop(struct hs_heap *h);

struct hs_iheap {
	int *heap;    /* ids, heap-ordered by (key, id) */
	int *pos;     /* per id: position in heap, or -1 */
	double *key;  /* per id */
	int n, cap;
};

void hs_iheap_init(struct hs_iheap *h, int nids);
/* Room for ids up to nids - 1 (tasks added while the run goes on). */
void hs_iheap_grow(struct hs_iheap *h, int nids);
void hs_iheap_release(struct hs_iheap *h);
/* Give id the key (insert it, or move it). */
void hs_iheap_set(struct hs_iheap *h, int id, double key);
void hs_iheap_remove(struct hs_iheap *h, int id);
/* The id of the smallest key (the heap must not be empty). */
static inline int hs_iheap_top(const struct hs_iheap *h)
{
	return h->heap[0];
}

#endif
