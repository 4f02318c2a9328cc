/* util/minindex.c - a tournament tree of numbers (see hs/minindex.h). */
#include "hs/minindex.h"
#include "hs/util.h"

#include <math.h>
#include <stdlib.h>

void hs_minindex_init(struct hs_minindex *m, int n, double v)
{
	int size = 1;
	while (size < n)
		size *= 2;
	m->n = n;
	m->size = size;
	m->t = hs_malloc(2 * (size_t)size * sizeof *m->t);
	for (int i = 0; i < size; i++)
		m->t[size + i] = i < n ? v : INFINITY;
	for (int k = size - 1; k >= 1; k--)
		m->t[k] = fmin(m->t[2 * k], m->t[2 * k + 1]);
	if (size == 1 && n == 0)
		m->t[1] = INFINITY;
}

void hs_minindex_free(struct hs_minindex *m)
{
	free(m->t);
	m->t = NULL;
	m->n = m->size = 0;
}

void hs_minindex_set(struct hs_minindex *m, int i, double v)
{
	int k = m->size + i;
	m->t[k] = v;
	for (k /= 2; k >= 1; k /= 2) {
		double w = fmin(m->t[2 * k], m->t[2 * k + 1]);
		if (m->t[k] == w)
			break; /* nothing above changes */
		m->t[k] = w;
	}
}

int hs_minindex_first(const struct hs_minindex *m, int (*ok)(double v, const void *arg),
		      const void *arg)
{
	if (m->n == 0 || !ok(m->t[1], arg))
		return -1;
	int k = 1;
	while (k < m->size)
		k = ok(m->t[2 * k], arg) ? 2 * k : 2 * k + 1;
	return k - m->size < m->n ? k - m->size : -1;
}
