/* fuzz_swf - the Standard Workload Format reader (formats/swf.c, hs/swf.h)
 * as hs-gen swf and ptask use it: every job, through the rules they share
 * (-1 or >= 0, the size from allocated or requested processors, the
 * status's name), then the header lines. */
#include "fuzz.h"

#include "hs/swf.h"

#include <math.h>

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	fuzz_init();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct hs_swf *t = hs_swf_open(fuzz_file(data, size));
	if (!t)
		return 0;
	struct hs_swf_job job;
	int rc;
	while ((rc = hs_swf_next(t, &job)) == 1) {
		if (job.line <= 0)
			abort();
		/* Every field's rule, as a caller asks for the fields it uses. */
		int bad = 0;
		for (int f = 0; f < HS_SWF_NFIELDS; f++)
			bad |= hs_swf_check(t, &job, HS_SWF_BIT(f)) < 0;
		if ((hs_swf_check(t, &job, ~0u >> (32 - HS_SWF_NFIELDS)) < 0) != bad)
			abort(); /* all fields at once: the same verdict */
		/* The size, once its fields passed the rule (as the callers do). */
		unsigned procs = HS_SWF_BIT(HS_SWF_PROCS) | HS_SWF_BIT(HS_SWF_REQ_PROCS);
		for (int primary = HS_SWF_PROCS; hs_swf_check(t, &job, procs) == 0 &&
		     primary <= HS_SWF_REQ_PROCS; primary += HS_SWF_REQ_PROCS - HS_SWF_PROCS) {
			int other = -1;
			double size = hs_swf_size(t, &job, primary, &other);
			if (!(size == -1 || size == 0 || (size >= 1 && size == floor(size))) ||
			    (other != 0 && other != 1))
				abort();
		}
		double st = job.f[HS_SWF_STATUS];
		if (st >= -1 && st <= 5 && st == floor(st) && hs_swf_status_name((int)st) &&
		    hs_swf_status_parse(hs_swf_status_name((int)st)) != (int)st)
			abort(); /* a status's name reads back as that status */
	}
	if (hs_swf_next(t, &job) != rc)
		abort(); /* the end (or an error) stays */
	int n;
	const struct hs_swf_header *h = hs_swf_headers(t, &n);
	for (int i = 0; i < n; i++)
		if (h[i].key && hs_swf_header(t, h[i].key) == NULL)
			abort();
	hs_swf_close(t);
	return 0;
}
