/* sim/lost.c - durations lost to the spacing of large dates (lost.h). */
#include "lost.h"
#include "hs/util.h"

#include <math.h>

double hs_lost_end(struct hs_lost *l, const struct hs_instance *in, int i, double date, double d)
{
	double end = date + d;
	if (!(d > 0) || !isfinite(end) || fabs((end - date) - d) <= 1e-6 * d)
		return end;
	if (l->n++ == 0) {
		const struct hs_task *t = &in->tasks[i];
		char dt[HS_NUMBUF], du[HS_NUMBUF], got[HS_NUMBUF], gap[HS_NUMBUF];
		hs_error_at(hs_sim_input(in), hs_sim_line(t),
			    "warning: task %s: its duration of %s s at date %s becomes %s s (dates "
			    "there are %s s apart): bring the dates nearer 0",
			    t->id, hs_fmt_double(du, d), hs_fmt_double(dt, date),
			    hs_fmt_double(got, end - date),
			    hs_fmt_double(gap, nextafter(date, INFINITY) - date));
	}
	return end;
}

void hs_lost_flush(const struct hs_lost *l, const struct hs_instance *in)
{
	if (l->n > 1)
		hs_error_at(hs_sim_input(in), 0,
			    "warning: %ld tasks in all lost part of their duration to the spacing "
			    "of their dates",
			    l->n);
}

void hs_lost_overflow(const struct hs_instance *in, int i, double start, const char *what,
		      double d)
{
	const struct hs_task *t = &in->tasks[i];
	char st[HS_NUMBUF], du[HS_NUMBUF];
	hs_error_at(hs_sim_input(in), hs_sim_line(t),
		    "task %s: started at %s, its %s of %s s ends beyond 1.8e308 s (dates that "
		    "overflow are an input error)",
		    t->id, hs_fmt_double(st, start), what, hs_fmt_double(du, d));
}
