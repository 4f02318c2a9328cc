/* hs/power.h - nodes' power states over a run: the states a node went
 * through (hs-format(5) power records), and the energy of a run that used
 * them (see hs-sim(1), POWER STATES).
 *
 * A node is, at any date, in one of four situations:
 *   ON      computing state k (hs_node.pstates[k]): runs jobs at
 *           pstates[k].speed times its speed, draws pstates[k].idle or
 *           .busy per core;
 *   OFF     switching off into sleeping state s (hs_node.sleeps[s]): runs
 *           nothing, draws off_energy / off_time;
 *   ASLEEP  in sleeping state s: runs nothing, draws sleeps[s].power
 *           (the whole node);
 *   WAKING  switching on from sleeping state s: runs nothing, draws
 *           on_energy / on_time.
 * A switch of zero time costs its energy at its date.  A node that never
 * changed state has no span: ON in its initial state (hs_node.pstate)
 * throughout.  GPUs keep their gpu_busy/gpu_idle while the node is ON;
 * a sleeping node's power is the whole node's.
 */
#ifndef HS_POWER_H
#define HS_POWER_H

#include <stddef.h>

#include "hs/model.h"

enum hs_power_kind { HS_POWER_ON, HS_POWER_OFF, HS_POWER_ASLEEP, HS_POWER_WAKING };
#define HS_POWER_KINDS 4

/* One stretch of a node in one situation: state is the computing state
 * (ON) or the sleeping state (the others). */
struct hs_power_span {
	int node;
	enum hs_power_kind kind;
	int state;
	double start, end;
};

/* The spans of a run, a node's in date order, nodes in any order. */
struct hs_power_trace {
	struct hs_power_span *s;
	int n, cap;
};

void hs_power_trace_init(struct hs_power_trace *t);
void hs_power_trace_release(struct hs_power_trace *t);
void hs_power_trace_add(struct hs_power_trace *t, int node, enum hs_power_kind kind, int state,
			double start, double end);
/* qsort order of spans: by node, then start. */
int hs_power_span_cmp(const void *a, const void *b);
/* A copy of t's spans in that order (malloc'd, room for t->n + 1). */
struct hs_power_span *hs_power_trace_sorted(const struct hs_power_trace *t);

/* The name of a situation in power records: "p2" (ON in computing state
 * 2), "off0", "sleep0", "on0" (switching off into, asleep in, switching on
 * from sleeping state 0).  buf has room for HS_POWER_NAME_MAX bytes. */
#define HS_POWER_NAME_MAX 24
void hs_power_name(char *buf, enum hs_power_kind kind, int state);
/* The reverse: 0, or -1 for a name that is none of those. */
int hs_power_parse_name(const char *s, enum hs_power_kind *kind, int *state);

/* Node's computing state k (its one implicit state when npstates is 0). */
struct hs_pstate hs_node_pstate(const struct hs_node *nd, int k);
int hs_node_npstates(const struct hs_node *nd);
/* The computing state the node starts in. */
int hs_node_initial_pstate(const struct hs_node *nd);
/* The node's watts in a situation with nothing running: on, its cores and
 * GPUs idle; asleep, the state's power; switching, the switch's energy
 * over its time (0 for a switch of no time: its energy is a point). */
double hs_power_idle_watts(const struct hs_node *nd, enum hs_power_kind kind, int state);

/* The power records of in's stream ("power NODE state=NAME start=S
 * end=S") into t (initialised here): every node and state must exist,
 * a node's spans follow each other without gap from 0, ON spans last and
 * switches take their state's time.  Returns the number of problems, each
 * reported as "PROG: FILE:LINE: power NODE: ..." (PROG: hs_progname()). */
int hs_power_trace_load(const struct hs_instance *in, struct hs_power_trace *t);
/* t's spans as power records appended to in's stream, node by node in
 * platform order. */
void hs_power_trace_emit(struct hs_instance *in, const struct hs_power_trace *t);

/* What a run's energy over [0, horizon] was made of. */
struct hs_power_account {
	double energy;                  /* joules, the whole platform */
	double time[HS_POWER_KINDS];    /* node-seconds in each situation */
	double kind_energy[HS_POWER_KINDS];
	int switches_off, switches_on;  /* switches begun before the horizon */
};

/* The energy of run (a schedule; a placement with task -1 is skipped, one
 * whose end is NAN still runs: busy until horizon) over [0, horizon] when
 * its nodes went through trace t: per node (per_core 0: hs-sim's host
 * model, busy at its state's busy power while any core or GPU runs a job)
 * or per core and GPU (per_core 1: Hamano's, hs-report's).  A node without
 * spans is ON in its initial state throughout.  node_energy (NULL, or
 * nnodes long) gets each node's joules, acc (may be NULL) the breakdown;
 * returns the total.  Jobs run only where their node is ON: a job's busy
 * time counts in the ON span its start falls in. */
double hs_power_energy(const struct hs_instance *in, const struct hs_schedule *run,
		       const struct hs_power_trace *t, double horizon, int per_core,
		       double *node_energy, struct hs_power_account *acc);

#endif
