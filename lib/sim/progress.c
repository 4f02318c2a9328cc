/* sim/progress.c - hs-sim's progress line on stderr (tool.h): redrawn at
 * most four times a second, since the engine calls it far more often, and
 * cleared at the end so that later messages start on a clean line. */
#include "sim/tool.h"
#include "hs/util.h"

#include <stdio.h>

void hs_sim_show_progress(void *arg, int done, int total, double now)
{
	struct hs_sim_progress_line *p = arg;
	double wall = hs_now();
	if (done < total && p->shown_at > 0 && wall - p->shown_at < 0.25)
		return;
	p->shown_at = wall;
	if (done >= total) {
		if (p->shown)
			fputs("\r\033[K", stderr);
		p->shown = 0;
	} else {
		fprintf(stderr, "\r\033[K%s: %d/%d tasks ended, simulated time %.6g s", hs_progname(),
			done, total, now);
		p->shown = 1;
	}
	fflush(stderr);
}
