/* jobs.h - what the batch-job generators share (ptask.c, swf.c, batsim.c):
 * durations with units, the platform's sizes and what fits in it, and the
 * rigid task record.  Not installed. */
#ifndef HS_GEN_JOBS_H
#define HS_GEN_JOBS_H

#include "hs/format.h"

/* "90", "1.5h", "1d": seconds, or a number followed by s, m, h or d; > 0
 * (>= 0 with zero_ok).  Dies with exit 2 naming the option otherwise. */
double hs_gen_duration(const char *opt, const char *arg, int zero_ok);

/* The platform records appended to out so far, in cores: the largest
 * cluster, the smallest and largest node, all of them (0: no platform), and
 * the reference node's flop/s. */
struct hs_gen_fit {
	int max_cluster, min_node, max_node;
	long total;
	double ref_flops;
};
void hs_gen_platform_fit(struct hs_stream *out, struct hs_gen_fit *fit);

/* Whether word is a scope: node, cluster or any. */
int hs_gen_is_scope(const char *word);
/* The widest job scope lets run: the largest node, cluster, or the whole
 * platform (0: no platform, no limit). */
long hs_gen_widest(const struct hs_gen_fit *fit, const char *scope);
/* The scope= a task of size cores needs: NULL when it fits in the smallest
 * node (in one core without a platform) or scope is "node". */
const char *hs_gen_task_scope(const struct hs_gen_fit *fit, const char *scope, long size);

/* A new "task ID model=rigid size=N time=T [walltime=W]" record (walltime
 * <= 0: none); the caller adds the rest. */
struct hs_record *hs_gen_rigid_task(const char *id, long size, double time, double walltime);

#endif
