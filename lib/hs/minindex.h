/* hs/minindex.h - a tournament tree of n numbers: the smallest in O(1),
 * a change in O(log n), and the first (lowest-index) number that passes a
 * monotone test in O(log n).  For algorithms that keep "when does each
 * resource become free" and ask for the resource where a task finishes
 * first, instead of scanning every resource for every task. */
#ifndef HS_MININDEX_H
#define HS_MININDEX_H

struct hs_minindex {
	double *t; /* t[size + i] = value i; t[k] = min(t[2k], t[2k+1]) */
	int n, size;
};

/* n values, all v. */
void hs_minindex_init(struct hs_minindex *m, int n, double v);
void hs_minindex_free(struct hs_minindex *m);
void hs_minindex_set(struct hs_minindex *m, int i, double v);
static inline double hs_minindex_get(const struct hs_minindex *m, int i)
{
	return m->t[m->size + i];
}
/* The smallest value (+inf when n is 0). */
static inline double hs_minindex_min(const struct hs_minindex *m)
{
	return m->t[1];
}
/* The lowest i whose value passes ok(value, arg), or -1.  ok must be
 * monotone: if it passes v it passes every smaller value (as "v <= x", or
 * "max(r, v) + d <= f"). */
int hs_minindex_first(const struct hs_minindex *m, int (*ok)(double v, const void *arg),
		      const void *arg);

#endif
