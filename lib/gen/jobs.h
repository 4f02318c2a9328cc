/* jobs.h - what the batch-job generators share (ptask.c, swf.c, batsim.c):
 * durations with units, the platform's sizes and what fits in it, and the
 * rigid task record; and the option rows all generators share (--cmd).
 * Not installed. */
#ifndef HS_GEN_JOBS_H
#define HS_GEN_JOBS_H

#include "hs/cli.h"
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

/* arg's index in words (NULL-terminated), or a usage error "option OPT:
 * 'ARG' must be a, b or c" of cli (exit 2). */
int hs_gen_choice(const struct hs_cli *cli, const char *opt, const char *arg,
		  const char *const *words);
/* The option rows the trace and workload generators share. */
#define HS_GEN_OPT_PLATFORM \
	{0, "platform", "NAME|FILE", "the platform to replay on (required; or none)"}
#define HS_GEN_OPT_OVERSIZE \
	{0, "oversize", "refuse|drop", \
	 "jobs wider than the platform: exit 2, or leave them out (default refuse)"}
#define HS_GEN_OPT_SCOPE \
	{0, "scope", "node|cluster|any", "where a job wider than a node runs (default cluster)"}
/* --cmd CMD: cmd=CMD on every task, as it is (sleep, amdahl, cholesky, swf,
 * batsim); hs-exec runs it with HS_TIME and the others set. */
#define HS_GEN_OPT_CMD \
	{0, "cmd", "CMD", "shell command written to every task (cmd=), for hs-exec"}
/* --scope's words, in hs_gen_choice's order. */
extern const char *const hs_gen_scopes[];
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
