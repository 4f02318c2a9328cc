/* datatest.c - an online test plugin for a job's data (online ABI 4):
 * "prefetch" starts jobs without deps on core 0 at once; a job with deps,
 * once submitted, has its expected transfer times written on stderr
 * ("estimate gpu=G host=H bad=B": to GPU 0, to node 0's cores, to a GPU
 * that does not exist), its inputs prefetched to GPU 0, and starts there
 * one second later.  bad=1 also prefetches to GPU 7 and writes what that
 * returned ("prefetch GPU 7: R"). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "hs/plugin.h"

struct st {
	int *later, nlater; /* jobs to start on GPU 0 at the next wake-up */
	int bad;
};

static int start(struct hs_online *h, const struct hs_optvals *opts, struct hs_ctx *ctx,
		 void **state)
{
	(void)ctx;
	struct st *s = calloc(1, sizeof *s);
	if (!s)
		return -1;
	*state = s;
	s->later = calloc((size_t)hs_online_machine(h)->njobs + 1, sizeof *s->later);
	s->bad = (int)hs_opt_int(opts, "bad");
	return s->later ? 0 : -1;
}

static int events(void *state, struct hs_online *h, const struct hs_online_event *ev, int nev,
		  struct hs_ctx *ctx)
{
	struct st *s = state;
	(void)ctx;
	double now = hs_online_now(h);
	for (int e = 0; e < nev; e++) {
		if (ev[e].type == HS_ONLINE_WAKE) {
			for (int k = 0; k < s->nlater; k++) {
				int gpu = 0;
				if (hs_online_start(h, s->later[k], NULL, 0, &gpu, 1) < 0)
					return -1;
			}
			s->nlater = 0;
		}
		if (ev[e].type != HS_ONLINE_SUBMIT)
			continue;
		int job = ev[e].job, core = 0;
		if (hs_online_job(h, job)->ndeps == 0) {
			if (hs_online_start(h, job, &core, 1, NULL, 0) < 0)
				return -1;
			continue;
		}
		fprintf(stderr, "estimate gpu=%g host=%g bad=%g\n", hs_online_transfer_estimate(h, job, -1, 0),
			hs_online_transfer_estimate(h, job, 0, -1),
			hs_online_transfer_estimate(h, job, -1, 7));
		if (hs_online_prefetch(h, job, -1, 0) < 0)
			return -1;
		if (s->bad)
			fprintf(stderr, "prefetch GPU 7: %d\n", hs_online_prefetch(h, job, -1, 7));
		s->later[s->nlater++] = job;
		hs_online_wake(h, now + 1);
	}
	return 0;
}

static void finish(void *state)
{
	struct st *s = state;
	if (!s)
		return;
	free(s->later);
	free(s);
}

static const struct hs_online_ops ops = {
	sizeof(struct hs_online_ops), HS_ONLINE_ABI, 0, start, events, finish,
};

static const struct hs_option opts[] = {
	{"bad", HS_OPT_INT, "0", "1: also prefetch to a GPU that does not exist", NULL},
	{NULL, 0, NULL, NULL, NULL},
};

static const struct hs_algo prefetch = {
	sizeof(struct hs_algo), "prefetch", "a job's data: estimates and prefetch (test)", opts, NULL,
	&ops, NULL, HS_ALGO_DEPS,
};

static const struct hs_algo *const algos[] = { &prefetch, NULL };

HS_PLUGIN_DEFINE(datatest, "1.0", "data model test plugin", NULL, NULL, algos);
