/* sim/lost.h - the dates of a run that a double cannot hold, as both
 * models (engine.c, replay.c) report them.  Durations lost to the spacing
 * of large dates: at 1e18 two doubles are 128 s apart, so a task of 50 s
 * released there would end when it starts; the first such task is a
 * warning, the others counted at the end.  And ends beyond 1.8e308 s: an
 * input error. */
#ifndef HS_SIM_LOST_H
#define HS_SIM_LOST_H

#include "hs/model.h"

/* The input's name and a task's line, for messages. */
static inline const char *hs_sim_input(const struct hs_instance *in)
{
	return in->stream ? in->stream->name : "stdin";
}

static inline int hs_sim_line(const struct hs_task *t)
{
	return t->rec ? t->rec->line : 0;
}

struct hs_lost {
	long n; /* tasks whose end lost more than 1e-6 of their duration */
};

/* date + d, after noting (first: a warning naming task i, the date and d)
 * when the sum keeps less of d than a relative 1e-6. */
double hs_lost_end(struct hs_lost *l, const struct hs_instance *in, int i, double date, double d);
/* "warning: N tasks in all ..." when more than one lost some. */
void hs_lost_flush(const struct hs_lost *l, const struct hs_instance *in);
/* "task T: started at START, its WHAT of D s ends beyond 1.8e308 s": task
 * i's end (what: "duration", "latency") overflowed. */
void hs_lost_overflow(const struct hs_instance *in, int i, double start, const char *what,
		      double d);

#endif
