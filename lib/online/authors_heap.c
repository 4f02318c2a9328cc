/* online/authors_heap.c - the event heap of Lucarelli et al.'s batch
 * simulator (Heap.pm and Event.pm of github.com/wagnerf42/batch-simulator,
 * the code behind Dutot et al. §5.2), kept beside the simulation so that
 * the host can hand a date's events over in the order that heap returns
 * them (hs_online_event_order, HS_ONLINE_ORDER_LUCARELLI).
 *
 * Its rules, which decide the order of equal events: an array from index
 * 1, a sentinel below everything at 0; an event is smaller when earlier,
 * or at one date when a job end (type 0) against a submission (type 1);
 * push: at the end, moved up while strictly smaller than its parent; pop:
 * the last element moved to the root, moved down while the smaller child
 * is strictly smaller, the right child taken when the two are equal; a
 * group: pops while the root equals (same date and type) the first. */
#include "authors_heap.h"

#include <stdlib.h>
#include <string.h>

#include "hs/util.h"

static int less(const struct hs_aheap_ev *a, const struct hs_aheap_ev *b)
{
	if (a->t == b->t)
		return a->type < b->type;
	return a->t < b->t;
}

static int same(const struct hs_aheap_ev *a, const struct hs_aheap_ev *b)
{
	return a->t == b->t && a->type == b->type;
}

static void swap(struct hs_aheap *h, int a, int b)
{
	struct hs_aheap_ev x = h->e[a];
	h->e[a] = h->e[b];
	h->e[b] = x;
}

void hs_aheap_init(struct hs_aheap *h)
{
	memset(h, 0, sizeof *h);
	h->cap = 64;
	h->e = hs_reallocarray(NULL, (size_t)h->cap, sizeof *h->e);
	h->e[0] = (struct hs_aheap_ev){ -1, 1, -1 }; /* Event(SUBMISSION, -1) */
}

void hs_aheap_release(struct hs_aheap *h)
{
	free(h->e);
	memset(h, 0, sizeof *h);
}

void hs_aheap_push(struct hs_aheap *h, double t, int type, int job)
{
	if (h->n + 1 >= h->cap) {
		h->cap *= 2;
		h->e = hs_reallocarray(h->e, (size_t)h->cap, sizeof *h->e);
	}
	int c = ++h->n;
	h->e[c] = (struct hs_aheap_ev){ t, type, job };
	/* c > 1: the sentinel never moves (no date is below -1 here) */
	while (c > 1 && less(&h->e[c], &h->e[c / 2])) {
		swap(h, c, c / 2);
		c /= 2;
	}
}

static int min_child(const struct hs_aheap *h, int i)
{
	int a = 2 * i, b = 2 * i + 1;
	if (a > h->n)
		return 0;
	if (b > h->n)
		return a;
	return less(&h->e[a], &h->e[b]) ? a : b;
}

static struct hs_aheap_ev pop(struct hs_aheap *h)
{
	struct hs_aheap_ev min = h->e[1];
	struct hs_aheap_ev last = h->e[h->n--];
	if (h->n == 0)
		return min;
	h->e[1] = last;
	int c = 1, m = min_child(h, 1);
	while (m && less(&h->e[m], &h->e[c])) {
		swap(h, c, m);
		c = m;
		m = min_child(h, c);
	}
	return min;
}

const struct hs_aheap_ev *hs_aheap_top(const struct hs_aheap *h)
{
	return h->n ? &h->e[1] : NULL;
}

int hs_aheap_pop_group(struct hs_aheap *h, struct hs_aheap_ev **out, int *cap)
{
	if (h->n == 0)
		return 0;
	int n = 0;
	do {
		if (n == *cap) {
			*cap = *cap ? 2 * *cap : 16;
			*out = hs_reallocarray(*out, (size_t)*cap, sizeof **out);
		}
		(*out)[n++] = pop(h);
	} while (h->n && same(&h->e[1], &(*out)[0]));
	return n;
}
