/* test_authors_heap - Lucarelli et al.'s event heap (lib/online/authors_heap.c)
 * on sequences worked through their Heap.pm and Event.pm by hand. */
#include "online/authors_heap.h"
#include "tap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The next group as "j,j,j" (job numbers from 1). */
static const char *group(struct hs_aheap *h)
{
	static char s[256];
	static struct hs_aheap_ev *g;
	static int cap;
	int n = hs_aheap_pop_group(h, &g, &cap);
	s[0] = 0;
	for (int k = 0; k < n; k++)
		snprintf(s + strlen(s), sizeof s - strlen(s), "%s%d", k ? "," : "", g[k].job + 1);
	return s;
}

int main(void)
{
	struct hs_aheap h;

	/* Every submission at 0: the first, then the others reversed. */
	hs_aheap_init(&h);
	for (int j = 0; j < 5; j++)
		hs_aheap_push(&h, 0, 1, j);
	TAP_STREQ(group(&h), "1,5,4,3,2", "five submissions at 0: 1, then 5, 4, 3, 2");
	TAP_OK(hs_aheap_top(&h) == NULL && hs_aheap_pop_group(&h, NULL, &(int){ 0 }) == 0, "then empty");
	hs_aheap_release(&h);

	/* Submissions 0, 1, 1, 5: the sift-down takes the right child of two
	 * equal ones (Heap.pm's _find_min_child), so 3 comes before 2. */
	hs_aheap_init(&h);
	double sub[] = { 0, 1, 1, 5 };
	for (int j = 0; j < 4; j++)
		hs_aheap_push(&h, sub[j], 1, j);
	TAP_STREQ(group(&h), "1", "submits 0,1,1,5: 1 at 0");
	TAP_STREQ(group(&h), "3,2", "then 3, 2 at 1");
	TAP_STREQ(group(&h), "4", "then 4 at 5");
	hs_aheap_release(&h);

	/* Ends in the heap change the order of equal submissions: jobs 1, 2
	 * at 0 (run 10 and 100), 3..6 at 5; 1 and 2 start at 0 and their ends
	 * (10, 100) go in before the group at 5 is taken. */
	hs_aheap_init(&h);
	double rel[] = { 0, 0, 5, 5, 5, 5 };
	for (int j = 0; j < 6; j++)
		hs_aheap_push(&h, rel[j], 1, j);
	TAP_STREQ(group(&h), "1,2", "jobs 1, 2 at 0");
	hs_aheap_push(&h, 10, 0, 0);
	hs_aheap_push(&h, 100, 0, 1);
	TAP_STREQ(group(&h), "5,3,6,4", "at 5 with two ends held: 5, 3, 6, 4");
	hs_aheap_release(&h);
	hs_aheap_init(&h);
	for (int j = 0; j < 6; j++)
		hs_aheap_push(&h, rel[j], 1, j);
	group(&h);
	TAP_STREQ(group(&h), "5,4,3,6", "without the ends: 5, 4, 3, 6");
	hs_aheap_release(&h);

	/* Ends before submissions at one date, in groups of their own. */
	hs_aheap_init(&h);
	hs_aheap_push(&h, 7, 1, 0);
	hs_aheap_push(&h, 7, 0, 1);
	hs_aheap_push(&h, 7, 0, 2);
	hs_aheap_push(&h, 3, 1, 3);
	TAP_STREQ(group(&h), "4", "the earliest date first");
	TAP_STREQ(group(&h), "3,2", "at 7 the ends (type 0) first, as the heap returns them: 3, 2");
	TAP_STREQ(group(&h), "1", "then the submission");
	hs_aheap_release(&h);
	return tap_done();
}
