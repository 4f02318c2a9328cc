/* model/uses.h - the uses of each core and GPU by a schedule's tasks, sorted per
 * resource; shared by the after-list builder (schedule.c) and the overlap
 * check (validate.c), and the builder's walk the check can ride along on.
 * Not installed. */
#ifndef HS_USES_H
#define HS_USES_H

#include <stddef.h>
#include "hs/model.h"

/* One use of one resource: (node, kind 0 core / 1 GPU, index) by a task. */
struct hs_use {
	int node, kind, idx, task;
	double start, end;
};

/* Every core and GPU use of the placements of s that are kept (keep[i] != 0,
 * or task >= 0 when keep is NULL), sorted by resource, then start, end and
 * task: a total order shared by all resources.  Zero-length tasks at the same
 * instant come first (they end first).  Returns the count; *out is malloc'd,
 * NULL when the count is 0. */
size_t hs_uses_sorted(const struct hs_schedule *s, const char *keep, struct hs_use **out);

/* The uses of the kept placements in the order of one sort of the tasks by
 * (start, end, task) — so each resource's uses come in the order above —
 * each with a dense index of its resource, below pl->total_cores +
 * pl->total_gpus (node 0's cores, node 1's cores, ..., then the GPUs).  A
 * task's uses come together.  No sorted copy of the uses is made: a caller
 * keeps per-resource state (who used it last) in an array.  Returns -1,
 * visiting nothing, when pl is NULL or a use lies outside it. */
int hs_uses_walk(const struct hs_schedule *s, const struct hs_platform *pl, const char *keep,
		 int keep_order, void (*visit)(void *arg, const struct hs_use *u, int res), void *arg);

/* hs_uses_walk by runs: visit(arg, u, res, n) once per run of n
 * consecutive ids of a part's cores (then GPUs), in the same order, u->idx
 * the run's first id and res its dense index (the run's resources are res
 * .. res + n - 1).  A whole node is one call, not one per core.  The kept
 * placements must lie on pl, their ids sorted (the validator's sound ones:
 * not checked again, a pass over every part saved); -1 only when pl is
 * NULL.  The order is not kept for a next walk. */
int hs_uses_walk_runs(const struct hs_schedule *s, const struct hs_platform *pl, const char *keep,
		      void (*visit)(void *arg, const struct hs_use *u, int res, int n), void *arg);

/* hs_schedule_compute_after, with also(arg, u, res) called on each use of
 * its walk too (the validator's overlap pass rides along: hs-plan's one
 * walk where there were two).  Returns 0 when the lists came from that walk,
 * every placed task's uses visited; -1 when they were made by sorting
 * instead (no platform, a use outside it) and also was not called. */
int hs_schedule_after_walk(struct hs_schedule *s, const struct hs_platform *pl,
			   void (*also)(void *arg, const struct hs_use *u, int res), void *arg);

/* hs_uses_walk a part at a time: visit(arg, task, pt, c0, g0) for each
 * part of each kept task, in the same order, its cores the resources c0 +
 * pt->cores[k] and its GPUs g0 + pt->gpus[k] (the dense indices above).
 * A caller's loop over a part's ids, not a call per use. */
int hs_uses_walk_parts(const struct hs_schedule *s, const struct hs_platform *pl, const char *keep,
		       int keep_order,
		       void (*visit)(void *arg, int task, const struct hs_part *pt, int c0, int g0),
		       void *arg);

#endif
