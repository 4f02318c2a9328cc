/* sim/lost.h - durations lost to the spacing of large dates: at 1e18 two
 * doubles are 128 s apart, so a task of 50 s released there would end when
 * it starts.  Both models say so: the first such task as a warning, the
 * others counted at the end. */
#ifndef HS_SIM_LOST_H
#define HS_SIM_LOST_H

#include "hs/model.h"

struct hs_lost {
	long n; /* tasks whose end lost more than 1e-6 of their duration */
};

/* date + d, after noting (first: a warning naming task i, the date and d)
 * when the sum keeps less of d than a relative 1e-6. */
double hs_lost_end(struct hs_lost *l, const struct hs_instance *in, int i, double date, double d);
/* "warning: N tasks in all ..." when more than one lost some. */
void hs_lost_flush(const struct hs_lost *l, const struct hs_instance *in);

#endif
