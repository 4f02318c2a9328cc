/* metrics/drift.c - simulated durations against time= (hs/drift.h). */
#include "hs/drift.h"
#include "hs/metrics.h"
#include "hs/util.h"

#include <math.h>

int hs_drift_check(const struct hs_instance *in, const struct hs_schedule *run, double factor,
		   struct hs_drift *d)
{
	*d = (struct hs_drift){.worst = -1, .lo = INFINITY, .hi = 0};
	double far = 0;
	for (int i = 0; i < in->ntasks && i < run->n; i++) {
		const struct hs_task *t = &in->tasks[i];
		const struct hs_placement *p = &run->p[i];
		/* Only a trace's jobs (swf_id=): their time= is what really ran. */
		if (t->model != HS_MODEL_RIGID || (t->ncomp == 0 && t->ncomm == 0) || p->task != i ||
		    p->state != HS_STATE_DONE || !t->rec || !hs_record_get(t->rec, "swf_id"))
			continue;
		double want = hs_placement_duration(in, t, p), got = p->end - p->start;
		if (!(want > 0) || !isfinite(want))
			continue;
		d->checked++;
		double r = got / want, dist = fabs(log(r > 0 ? r : 1e-300));
		if (r <= factor && r >= 1 / factor)
			continue;
		d->off++;
		d->lo = fmin(d->lo, r);
		d->hi = fmax(d->hi, r);
		if (dist > far) {
			far = dist;
			d->worst = i;
			d->worst_time = want;
			d->worst_sim = got;
		}
	}
	return d->off;
}

int hs_drift_warn(const struct hs_instance *in, const struct hs_schedule *run, FILE *f)
{
	struct hs_drift d;
	if (!hs_drift_check(in, run, HS_DRIFT_FACTOR, &d))
		return 0;
	fprintf(f,
		"%s: warning: %d of %d tasks with comp/comm ran more than %g times shorter or longer "
		"than their time= says (simulated/time= %.3g to %.3g; task %s: time= gives %.6g s, "
		"simulated %.6g s): comp and comm, not time=, set durations in the flow model "
		"(check hs-gen ptask --fcomp against the nodes' flop/s)\n",
		hs_progname(), d.off, d.checked, HS_DRIFT_FACTOR, d.lo, d.hi, in->tasks[d.worst].id,
		d.worst_time, d.worst_sim);
	return d.off;
}
