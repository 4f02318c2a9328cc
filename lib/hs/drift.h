/* hs/drift.h - a trap hs-sim points out: tasks whose time= (for a trace's
 * job, its run time) is not what the simulation ran.
 *
 * A rigid task with comp or comm has two durations: time=, which planners
 * and the runtime model see, and the one the flow model computes from comp,
 * comm and the platform.  When comp was made from the run time with a
 * factor meant for another platform's flop/s (hs-gen ptask --fcomp 1e6 on
 * nodes of 1e9 flop/s runs every job 1000 times faster), every result is
 * off with nothing said.
 */
#ifndef HS_DRIFT_H
#define HS_DRIFT_H

#include <stdio.h>

#include "hs/model.h"

/* Simulated over time= beyond which a duration counts as off, either way. */
#define HS_DRIFT_FACTOR 2.0

struct hs_drift {
	int checked;        /* tasks run to the end (state done) with time= and comp/comm */
	int off;            /* those whose simulated duration is off by more than the factor */
	double lo, hi;      /* smallest and largest simulated / expected ratio of the off ones */
	int worst;          /* task index of the ratio furthest from 1, or -1 */
	double worst_time, worst_sim;
};

/* Compare, for every task that ran to the end in run, its simulated
 * duration with what its time= gives on its nodes (hs_placement_duration);
 * fills *d.  Returns d->off. */
int hs_drift_check(const struct hs_instance *in, const struct hs_schedule *run, double factor,
		   struct hs_drift *d);
/* hs_drift_check with HS_DRIFT_FACTOR, and one line on f when any task is
 * off ("PROG: warning: ..."; nothing otherwise).  Returns d.off. */
int hs_drift_warn(const struct hs_instance *in, const struct hs_schedule *run, FILE *f);

#endif
