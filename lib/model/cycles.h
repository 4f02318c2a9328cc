/* model/cycles.h - cycles in the after lists of a schedule (the model's check of
 * plan and run records, the validator's of a plugin's plan) and in an
 * instance's task graph (deps=).  Not installed. */
#ifndef HS_CYCLES_H
#define HS_CYCLES_H

#include "hs/model.h"

/* Call found(arg, w, len, path) for each cycle met by a depth-first walk of
 * the after lists of s (at most max of them): w is a task on it, len the
 * number of tasks on it, path its text "w -> ... -> w" with the tasks' ids
 * (the middle cut short on long cycles, ids truncated to fit 512 bytes).
 * Returns the number found. */
int hs_after_cycles(const struct hs_schedule *s, const struct hs_task *tasks, int max,
		    void (*found)(void *arg, int task, int len, const char *path), void *arg);

/* The same walk over any graph of n tasks: adj(g, v, &list) gives v's
 * successors and returns their count, or -1 when v is no vertex. */
typedef int (*hs_adj_fn)(const void *g, int v, const int **list);
int hs_graph_cycles(int n, hs_adj_fn adj, const void *g, const struct hs_task *tasks, int max,
		    void (*found)(void *arg, int task, int len, const char *path), void *arg);

#endif
