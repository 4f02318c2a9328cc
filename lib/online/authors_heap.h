/* online/authors_heap.h - Lucarelli et al.'s event heap, for the order of a
 * date's events under HS_ONLINE_ORDER_LUCARELLI (authors_heap.c).  Private
 * to lib/online. */
#ifndef HS_ONLINE_AUTHORS_HEAP_H
#define HS_ONLINE_AUTHORS_HEAP_H

/* An event: a job's end (type 0) or submission (type 1) at date t. */
struct hs_aheap_ev {
	double t;
	int type;
	int job;
};

struct hs_aheap {
	struct hs_aheap_ev *e; /* e[0] the sentinel, e[1..n] the heap */
	int n, cap;
};

void hs_aheap_init(struct hs_aheap *h);
void hs_aheap_release(struct hs_aheap *h);
void hs_aheap_push(struct hs_aheap *h, double t, int type, int job);
/* The smallest event, or NULL when empty. */
const struct hs_aheap_ev *hs_aheap_top(const struct hs_aheap *h);
/* Pop the smallest event and every one equal to it (same date and type)
 * that comes next, in the heap's order, into *out (grown as needed);
 * returns how many (0: empty). */
int hs_aheap_pop_group(struct hs_aheap *h, struct hs_aheap_ev **out, int *cap);

#endif
