/* model/cycles.c - cycles in after lists (cycles.h): an iterative depth-first
 * walk, so that a chain of a million tasks needs no deep stack. */
#include <stdlib.h>
#include <string.h>

#include "cycles.h"
#include "hs/util.h"

/* Append text to buf (cap bytes, *len used), truncating: buf stays a
 * terminated string whatever the lengths. */
static void append_text(char *buf, size_t cap, size_t *len, const char *text)
{
	size_t room = cap - 1 - *len, n = strlen(text);
	if (n > room)
		n = room;
	memcpy(buf + *len, text, n);
	*len += n;
	buf[*len] = '\0';
}

static int after_adj(const void *g, int v, const int **list)
{
	const struct hs_schedule *s = g;
	if (s->p[v].task < 0)
		return -1;
	*list = s->p[v].after;
	return s->p[v].nafter;
}

/* Whether every after edge goes back in the order of (start, end, task):
 * each task listed ends (or starts) no later than the one that lists it.
 * Along such edges the order falls strictly, so they close no cycle.  A
 * sound schedule's lists, and every list hs_schedule_compute_after makes,
 * are like that: one pass over the edges then settles what the depth-first
 * walk (its four arrays of n) would.  NaN times fail the test. */
static int edges_go_back(const struct hs_schedule *s)
{
	for (int v = 0; v < s->n; v++) {
		const struct hs_placement *p = &s->p[v];
		if (p->task < 0)
			continue;
		for (int k = 0; k < p->nafter; k++) {
			int w = p->after[k];
			if (w < 0 || w >= s->n)
				continue; /* no vertex: the walk skips it too */
			const struct hs_placement *q = &s->p[w];
			if (q->task < 0)
				continue;
			if (!(q->start < p->start ||
			      (q->start == p->start && (q->end < p->end || (q->end == p->end && w < v)))))
				return 0;
		}
	}
	return 1;
}

int hs_after_cycles(const struct hs_schedule *s, const struct hs_task *tasks, int max,
		    void (*found)(void *arg, int task, int len, const char *path), void *arg)
{
	if (edges_go_back(s))
		return 0;
	return hs_graph_cycles(s->n, after_adj, s, tasks, max, found, arg);
}

int hs_graph_cycles(int n, hs_adj_fn adj, const void *g, const struct hs_task *tasks, int max,
		    void (*found)(void *arg, int task, int len, const char *path), void *arg)
{
	int nfound = 0;
	const int *list;
	char *color = hs_calloc(n ? n : 1, 1);
	int *stk = hs_malloc((n ? n : 1) * sizeof *stk);
	int *pos = hs_malloc((n ? n : 1) * sizeof *pos);
	int *depth = hs_malloc((n ? n : 1) * sizeof *depth);
	for (int root = 0; root < n; root++) {
		if (color[root] || adj(g, root, &list) < 0)
			continue;
		int top = 0;
		stk[0] = root;
		pos[0] = 0;
		depth[root] = 0;
		color[root] = 1;
		while (top >= 0) {
			int v = stk[top];
			int nv = adj(g, v, &list);
			if (pos[top] >= nv) {
				color[v] = 2;
				top--;
				continue;
			}
			int w = list[pos[top]++];
			if (w < 0 || w >= n || adj(g, w, &list) < 0)
				continue;
			if (color[w] == 0) {
				color[w] = 1;
				stk[++top] = w;
				pos[top] = 0;
				depth[w] = top;
			} else if (color[w] == 1 && nfound < max) {
				/* The cycle is the stack from w to v, back to w; ids
				 * are truncated to what fits in path. */
				char path[512];
				size_t len = 0;
				int first = depth[w], cnt = top - first + 1;
				for (int k = 0; k <= cnt; k++) {
					int id = k == cnt ? w : stk[first + k];
					if (cnt > 8 && k == 6) {
						append_text(path, sizeof path, &len, " -> ...");
						k = cnt - 1;
						id = stk[first + k];
					}
					if (k)
						append_text(path, sizeof path, &len, " -> ");
					append_text(path, sizeof path, &len, tasks[id].id);
				}
				found(arg, w, cnt, path);
				nfound++;
			}
		}
	}
	free(color);
	free(stk);
	free(pos);
	free(depth);
	return nfound;
}
