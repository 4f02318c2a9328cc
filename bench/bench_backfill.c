/* bench_backfill - the backfill plugin's cost per decision as the queue
 * grows: a trace replayed through the plugin's core (the event loop of
 * tests/unit/backfill_loop.h, no hs-sim), each batch of events timed and
 * filed under the queue length it saw.
 *
 * Usage: bench_backfill ALGO VARIANT COMPAT CLUSTERS NODES [verify] < jobs
 *   ALGO fcfs|easy|conservative|compress (conservative with
 *   recompute=compress), VARIANT basic|be-contiguous|..., COMPAT
 *   0|1; CLUSTERS x NODES one-core hosts; jobs: one per line, "release
 *   size run walltime" (bench/backfill.sh makes them from an SWF trace);
 *   verify: conservative also searches the jobs it skips (compression's
 *   filter, the move to now's dominance) and counts those that would have
 *   moved (must be 0).
 * Prints, per queue length (powers of two): batches, finds (decisions)
 * per batch, profile slices visited per find, microseconds per batch and
 * per find; then the totals.
 */
#include "../tests/unit/backfill_loop.h"

#include <stdio.h>

#define NB 24 /* queue-length buckets: [0], [1], [2,3], [4,7], ... */

static struct {
	long batches, finds, visited;
	double secs;
} bucket[NB];
static long last_finds, last_visited;
static int qlen;

static void after(struct loop *L, double secs)
{
	struct hs_profile_stats st;
	hs_profile_stats(L->b->prof, &st);
	int k = 0;
	while (k + 1 < NB && (1 << k) <= qlen)
		k++;
	bucket[k].batches++;
	bucket[k].finds += st.finds - last_finds;
	bucket[k].visited += st.visited - last_visited;
	bucket[k].secs += secs;
	last_finds = st.finds;
	last_visited = st.visited;
	qlen = L->b->nq;
}


int main(int argc, char **argv)
{
	hs_set_progname(argv[0]);
	if (argc != 6 && argc != 7)
		hs_die(HS_EXIT_USAGE, "usage: bench_backfill ALGO VARIANT COMPAT CLUSTERS NODES [verify] < jobs");
	struct bf_conf c = { 0 };
	c.algo = strcmp(argv[1], "fcfs") == 0 ? BF_FCFS : strcmp(argv[1], "easy") == 0 ? BF_EASY : BF_CONSERVATIVE;
	c.compress = strcmp(argv[1], "compress") == 0;
	if (c.algo == BF_CONSERVATIVE && !c.compress && strcmp(argv[1], "conservative") != 0)
		hs_die(HS_EXIT_USAGE, "unknown algorithm '%s' (fcfs, easy, conservative, compress)", argv[1]);
	int v = hs_select_variant_parse(argv[2]);
	if (v < 0)
		hs_die(HS_EXIT_USAGE, "unknown variant '%s'", argv[2]);
	c.variant = v;
	c.lucarelli = atoi(argv[3]);
	c.rules = c.lucarelli ? HS_SELECT_LUCARELLI : HS_SELECT_PAPER;
	int nc = atoi(argv[4]), nn = atoi(argv[5]);
	if (nc < 1 || nc > 1000 || nn < 1)
		hs_die(HS_EXIT_USAGE, "bad machine %s x %s", argv[4], argv[5]);
	int *nodes = hs_malloc(nc * sizeof *nodes);
	for (int i = 0; i < nc; i++)
		nodes[i] = nn;
	struct loop L;
	loop_machine(&L, nc, nodes, 1);
	free(nodes);
	double rel, run, wall;
	int size;
	while (scanf("%lf %d %lf %lf", &rel, &size, &run, &wall) == 4)
		loop_job(&L, rel, size, run, wall, HS_SCOPE_ANY);
	L.after = after;
	L.verify = argc == 7;
	double t0 = hs_now();
	if (loop_run(&L, &c, c.lucarelli) != 0)
		hs_die(HS_EXIT_FAIL, "%s", L.err);
	double total = hs_now() - t0;
	printf("%-12s %8s %9s %10s %10s %10s\n", "queue", "batches", "finds/b", "slices/f", "us/batch",
	       "us/find");
	long tb = 0, tf = 0, tv = 0;
	for (int k = 0; k < NB; k++) {
		if (!bucket[k].batches)
			continue;
		char q[32];
		if (k == 0)
			snprintf(q, sizeof q, "0");
		else
			snprintf(q, sizeof q, "%d-%d", 1 << (k - 1), (1 << k) - 1);
		printf("%-12s %8ld %9.1f %10.1f %10.2f %10.3f\n", q, bucket[k].batches,
		       (double)bucket[k].finds / bucket[k].batches,
		       bucket[k].finds ? (double)bucket[k].visited / bucket[k].finds : 0,
		       1e6 * bucket[k].secs / bucket[k].batches,
		       bucket[k].finds ? 1e6 * bucket[k].secs / bucket[k].finds : 0);
		tb += bucket[k].batches, tf += bucket[k].finds, tv += bucket[k].visited;
	}
	printf("total: %d jobs, %ld batches, %ld finds, %.1f slices/find, %.3f s in the algorithm\n", L.nj,
	       tb, tf, tf ? (double)tv / tf : 0, total);
	if (c.algo == BF_CONSERVATIVE)
		printf("%s: %ld of %ld waiting jobs looked at were not searched%s (%ld missed)\n",
		       c.compress ? "compression" : "move to now", L.b->skipped, L.b->tries,
		       L.verify ? " (verified)" : "", L.b->missed);
	loop_free(&L);
	return 0;
}
