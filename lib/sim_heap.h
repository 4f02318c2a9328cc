/* sim_heap.h - a binary min-heap of timed items, for the simulator's
 * events and the max-min solver's saturation levels.  Items compare by
 * key, then prio, then insertion order, so equal keys pop in a fixed
 * order.  Stale items are not removed: holders tag them and skip the ones
 * whose tag is out of date when they pop. */
#ifndef HS_SIM_HEAP_H
#define HS_SIM_HEAP_H

struct hs_heap_item {
	double key;
	int prio;
	int id;
	unsigned tag;
	unsigned long seq;
};

struct hs_heap {
	struct hs_heap_item *v;
	int n, cap;
	unsigned long seq;
};

void hs_heap_init(struct hs_heap *h);
void hs_heap_release(struct hs_heap *h);
void hs_heap_push(struct hs_heap *h, double key, int prio, int id, unsigned tag);
/* The smallest item (the heap must not be empty). */
static inline const struct hs_heap_item *hs_heap_top(const struct hs_heap *h)
{
	return &h->v[0];
}
void hs_heap_pop(struct hs_heap *h);
static inline void hs_heap_clear(struct hs_heap *h)
{
	h->n = 0;
}

#endif
