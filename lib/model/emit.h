/* model/emit.h - emitted plan and run lines (hs_instance_emit_plan/run,
 * hs/model.h) with fields of their own per task beside the placement's:
 * the online driver's notes ("resv", "reason"), so that a simulation
 * that notes some jobs still makes its lines as it writes them rather
 * than a record per job.  Not installed. */
#ifndef HS_EMIT_H
#define HS_EMIT_H

#include "hs/model.h"

struct hs_emit_extra {
	/* Task i's own fields, appended after its placement's: at most room
	 * pairs into keys and vals (valid until the next call on the same
	 * thread: lines are made on several threads at once); returns the
	 * count.  Keys must differ from a placement's. */
	int (*fields)(void *arg, int task, const char **keys, const char **vals, int room);
	void *arg;
	void (*free_arg)(void *arg); /* with the stream's record, or NULL */
};

/* The fields a placement's line may have: room for x's is HS_GEN_FIELDS
 * (hs/format.h) less these. */
enum { HS_EMIT_PLAN_FIELDS = 6, HS_EMIT_RUN_FIELDS = 12 };

/* hs_instance_emit_plan / _run with x's fields (copied; NULL: none). */
void hs_instance_emit_plan_extra(struct hs_instance *in, struct hs_schedule *sched,
				 const struct hs_emit_extra *x);
void hs_instance_emit_run_extra(struct hs_instance *in, struct hs_schedule *sched,
				const struct hs_emit_extra *x);

/* The plan and the run of an online simulation at once: run becomes the
 * model's run (*run left empty) and its lines are emitted with rx's
 * fields; the plan lines are made from it too, with px's, one per
 * placement that is not rejected (its fields but state, exit and energy:
 * a job's plan is where and when it ran, with its after list), so the
 * allotments are not copied into a plan: in->plan is left with no
 * placement. */
void hs_instance_emit_plan_run_extra(struct hs_instance *in, struct hs_schedule *run,
				     const struct hs_emit_extra *px, const struct hs_emit_extra *rx);

#endif
