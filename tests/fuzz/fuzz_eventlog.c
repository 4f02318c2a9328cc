/* fuzz_eventlog - event logs (lib/online/eventlog.c) as hs-sim -a ALGO
 * --replay-events reads and replays them: the log read (or refused at its
 * line), then handed over through the online driver (hs_online_drive) to
 * a first-come first-served algorithm of this file's, on a fixed stream
 * of four jobs on two cores.  Whatever the log says (unknown jobs, ends of
 * jobs never started, submissions twice, dates out of order), the replay
 * ends in a result or an error, never a crash or a leak. */
#include "fuzz.h"

#include "hs/loader.h"
#include "hs/onlinesim.h"
#include "hs/plugin.h"

#include <string.h>

static const char stream_text[] =
	"hs 1\ncluster c\nnode n cluster=c cores=2\n"
	"task a model=rigid size=1 time=1 walltime=3\n"
	"task b model=rigid size=2 time=1 walltime=3 release=0.5\n"
	"task c model=rigid size=1 time=2 walltime=3 release=0.6\n"
	"task d model=rigid size=1 time=1 walltime=1 release=0.7\n";
static char stream_path[64];

/* ---- FCFS: the queue's head jobs started while they fit ---- */

struct fcfs {
	int queue[64], head, tail;
};

static int fcfs_start(struct hs_online *h, const struct hs_optvals *o, struct hs_ctx *c, void **s)
{
	(void)h, (void)o, (void)c;
	*s = calloc(1, sizeof(struct fcfs));
	return *s ? 0 : -1;
}

static int fcfs_events(void *state, struct hs_online *h, const struct hs_online_event *ev, int nev,
		       struct hs_ctx *ctx)
{
	struct fcfs *f = state;
	(void)ctx;
	for (int e = 0; e < nev; e++)
		if (ev[e].type == HS_ONLINE_SUBMIT && f->tail < 64)
			f->queue[f->tail++] = ev[e].job;
	const struct hs_online_machine *m = hs_online_machine(h);
	while (f->head < f->tail) {
		const struct hs_online_job *j = hs_online_job(h, f->queue[f->head]);
		int cores[8], n = 0;
		for (int c = 0; c < m->ncores && n < j->cores && n < 8; c++)
			if (hs_online_core_job(h, c) < 0)
				cores[n++] = c;
		if (n < j->cores)
			break;
		if (hs_online_start(h, j->index, cores, n, NULL, 0) < 0)
			return -1;
		f->head++;
	}
	return 0;
}

static const struct hs_online_ops fcfs_ops = {
	sizeof(struct hs_online_ops), HS_ONLINE_ABI, 0, fcfs_start, fcfs_events, free,
};
static const struct hs_algo fcfs_algo = {
	sizeof(struct hs_algo), "fcfs", "first come, first served (fuzz)", NULL, NULL, &fcfs_ops,
	NULL, 0,
};

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	fuzz_init();
	/* The stream in a memfd of its own: the log takes fuzz_file's. */
	int fd = memfd_create("hs-fuzz-stream", 0);
	if (fd < 0 || write(fd, stream_text, strlen(stream_text)) != (ssize_t)strlen(stream_text))
		abort();
	snprintf(stream_path, sizeof stream_path, "/proc/self/fd/%d", fd);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* A fresh instance each time: a replay adds the plan and run records. */
	struct hs_stream st;
	struct hs_instance in;
	memset(&in, 0, sizeof in);
	if (hs_stream_load(&st, stream_path) < 0 || hs_instance_load(&in, &st) < 0)
		abort();
	struct hs_online_engine eng;
	if (hs_online_events_engine(&eng, fuzz_file(data, size), &in) == 0) {
		struct hs_online_run cfg = { .algo = &fcfs_algo, .family = "fuzz", .path = "fuzz" };
		hs_sim_opts_default(&cfg.sim);
		struct hs_ctx *ctx = hs_ctx_new("fcfs", "fuzz", 0);
		struct hs_online_result res;
		int rc = hs_online_drive(&in, &cfg, &eng, ctx, &res);
		if (rc != 0 && rc != -1 && rc != -2)
			abort();
		if (rc == 0 && res.started + res.rejected != in.ntasks)
			abort(); /* a replay that went through decided every job */
		hs_ctx_free(ctx);
		hs_online_events_release(&eng);
	}
	hs_instance_release(&in);
	hs_stream_release(&st);
	return 0;
}
