/* fuzz_swf - the Standard Workload Format reader (formats/swf.c, hs/swf.h)
 * as hs-gen ptask --swf uses it: every job, then the header lines. */
#include "fuzz.h"

#include "hs/swf.h"

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
	while ((rc = hs_swf_next(t, &job)) == 1)
		if (job.line <= 0)
			abort();
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
