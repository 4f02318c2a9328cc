/* fuzz_kernels - hs-gen cholesky's kernel-time tables (lib/gen/
 * cholesky_kernels.c): its own format and a measured one (a "device ..."
 * header, as ../shared/data/gpu/kernels-h200.tsv).  Checked beyond "no
 * crash, no leak, no undefined behaviour": a table read has every row's
 * times positive or '-' (+inf), shares >= 1, and each row's GPU times for
 * a node of 16 streams satisfy slice = alone x 16 / share. */
#include "fuzz.h"

#include "gen/cholesky.h"

#include <math.h>

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	fuzz_init();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ck_table t;
	if (ck_table_read(&t, fuzz_file(data, size)) != 0)
		return 0;
	for (int i = 0; i < t.n; i++) {
		const struct ck_row *r = &t.rows[i];
		double slice, alone, share;
		if (!(r->cpu > 0) || (!isnan(r->share) && !(r->share >= 1)) || r->tile < 1)
			abort();
		ck_gpu_times(r, 16, &slice, &alone, &share);
		if (!(share >= 1) || (isfinite(alone) && isfinite(slice) &&
				      fabs(slice - alone * 16 / share) > 1e-9 * fabs(slice)))
			abort();
		if (!ck_table_find(&t, r->node, r->prec, r->kernel, r->tile))
			abort();
	}
	ck_table_release(&t);
	return 0;
}
