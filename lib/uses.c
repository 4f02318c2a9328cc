/* uses.c - per-resource uses of a schedule (see uses.h). */
#include <stdlib.h>

#include "hs/util.h"
#include "uses.h"

static int use_cmp(const void *a, const void *b)
{
	const struct hs_use *x = a, *y = b;
	if (x->node != y->node)
		return x->node < y->node ? -1 : 1;
	if (x->kind != y->kind)
		return x->kind < y->kind ? -1 : 1;
	if (x->idx != y->idx)
		return x->idx < y->idx ? -1 : 1;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	if (x->end != y->end)
		return x->end < y->end ? -1 : 1;
	return (x->task > y->task) - (x->task < y->task);
}

size_t hs_uses_sorted(const struct hs_schedule *s, const char *keep, struct hs_use **out)
{
	size_t nu = 0;
	*out = NULL;
	for (int i = 0; i < s->n; i++)
		if (keep ? keep[i] : s->p[i].task >= 0)
			for (int k = 0; k < s->p[i].nparts; k++)
				nu += (size_t)s->p[i].parts[k].ncores + s->p[i].parts[k].ngpus;
	if (nu == 0)
		return 0;
	struct hs_use *u = hs_malloc(nu * sizeof *u);
	size_t m = 0;
	for (int i = 0; i < s->n; i++) {
		const struct hs_placement *p = &s->p[i];
		if (!(keep ? keep[i] : p->task >= 0))
			continue;
		for (int k = 0; k < p->nparts; k++) {
			const struct hs_part *pt = &p->parts[k];
			for (int c = 0; c < pt->ncores; c++)
				u[m++] = (struct hs_use){ pt->node, 0, pt->cores[c], i, p->start, p->end };
			for (int g = 0; g < pt->ngpus; g++)
				u[m++] = (struct hs_use){ pt->node, 1, pt->gpus[g], i, p->start, p->end };
		}
	}
	qsort(u, nu, sizeof *u, use_cmp);
	*out = u;
	return nu;
}
