/* sim/data.h - where each datum of a task graph lives, and what moving it
 * costs (hs-sim's data model, on by default, --transfers off to leave it
 * out).  Private to lib/sim.
 *
 * A datum is a task's output: its size is the largest of the bytes its
 * successors list for it (deps=ID:BYTES).  Each datum is written once, by
 * its task, so copies never go stale: a copy is valid, on its way, or
 * being written back.  Memories are the host's (one, without a limit:
 * moves between nodes are not this model's) and each GPU device's
 * (hs_node.gpu_mem bytes; its streams share it).  A device is joined to
 * the host by its own link, gpu_bw bytes a second each way (full duplex)
 * after gpu_lat seconds; the transfers crossing it one way share it
 * equally.  A node without gpu_bw moves nothing: its GPUs see every
 * datum at once, as before this model.
 *
 * A task fetches its inputs into the memory of its first GPU, or the
 * host's when it has none, when it starts: it computes once every input
 * is there.  A copy on another device comes through the host.  Room for
 * the inputs that must come and for the task's output is taken at once,
 * evicting the least recently used copies that no task or transfer holds;
 * one that is the datum's only copy, while tasks still need it, is first
 * written back to the host.  A task that cannot get the room waits, in
 * the order they asked.  A datum whose consumers all ended is dropped.
 * A prefetch (an algorithm placing a task ahead of its start) brings the
 * inputs that fit without evicting anything, and holds nothing.
 *
 * Bytes are charged to the task whose fetch, prefetch or room moved them:
 * h2d host to device, d2h device to host (write-backs too). */
#ifndef HS_SIM_DATA_H
#define HS_SIM_DATA_H

#include "hs/model.h"
#include "util/heap.h"

struct dt_copy;
struct dt_xfer;
struct dt_dev;

struct dt_task {
	int mem;          /* where it computes while fetching or running: 0 host,
			   * 1 + device; -1 none */
	int missing;      /* inputs not there yet, or -1: not waiting */
	int asked;        /* its room is asked for (in its device's queue) */
	int out;          /* its output copy while it runs, or -1 */
	double need;      /* bytes of room it asked for */
	int *held;        /* per dep: the copy it holds, or -1 */
};

struct hs_data {
	int on;                       /* some node moves data: the model acts */
	const struct hs_instance *in;
	int n;                        /* tasks */
	double *size;                 /* per task: its output's bytes (0: none) */
	int *left;                    /* per task: its consumers not ended */
	int *head;                    /* per task: its output's first copy, or -1 */
	struct dt_task *t;
	double *h2d, *d2h;            /* per task: bytes charged */
	int ndev;
	int *dev0;                    /* per node: its first device */
	struct dt_dev *dev;
	struct dt_copy *c;            /* copies, with a free list */
	int nc, capc, freec;
	struct dt_xfer *x;            /* transfers, with a free list */
	int nx, capx, freex;
	struct hs_iheap due;          /* per transfer: its latency's end or its end */
	int *wn, *wnext, nw, capw, freew; /* waiter lists: who, next */
	int *ready, r0, nready, capready; /* tasks whose data came, in order */
};

/* Whether the model acts on in: some node with GPUs has gpu_bw, and
 * tasks have deps. */
int hs_data_applies(const struct hs_instance *in);
/* The model for in's tasks, or d->on 0 when it does not apply: every
 * call below then does nothing. */
void hs_data_init(struct hs_data *d, const struct hs_instance *in, int ntasks);
void hs_data_release(struct hs_data *d);
/* Tasks added while running (their deps counted). */
void hs_data_grow(struct hs_data *d, int ntasks);

/* Task i starts at now on p: its inputs asked for its memory.  1 when it
 * must wait (hs_data_take_ready gives it once its data are in), 0 when
 * they are all there; -1 when they can never fit (why: a message). */
int hs_data_fetch(struct hs_data *d, int i, const struct hs_placement *p, double now, char *why,
		  size_t len);
/* Task i will run on p: its inputs that fit brought ahead. */
void hs_data_prefetch(struct hs_data *d, int i, const struct hs_placement *p, double now);
/* Seconds to bring task i's inputs where p would run it, each input
 * alone on the links (StarPU's expected transfer time): 0 for an input
 * there or on its way. */
double hs_data_estimate(const struct hs_data *d, int i, const struct hs_placement *p);
/* Task i ended at now (done: its output is where it ran). */
void hs_data_end(struct hs_data *d, int i, double now, int done);

/* The date of the next transfer event (INFINITY: none). */
double hs_data_next(const struct hs_data *d);
/* Apply the transfer events due at now. */
void hs_data_advance(struct hs_data *d, double now);
/* The next task whose data all came, or -1. */
int hs_data_take_ready(struct hs_data *d);
/* Bytes held in device dev's memory (copies there, on their way, or
 * room for outputs). */
double hs_data_used(const struct hs_data *d, int dev);

#endif
