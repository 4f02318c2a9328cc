/* hs/maxmin.h - the sharing system of the flow-level simulator: variables
 * (the progress rates of activities) and constraints (links, CPUs, cores),
 * solved incrementally by SimGrid 3.32's "fair bottleneck" algorithm (lmm
 * FairBottleneck::bottleneck_solve, the solver of its ptask_L07 model).
 *
 * A variable v has an optional bound b_v and elements (c, w_vc): while it
 * runs at rate r_v it uses w_vc * r_v of constraint c's capacity C_c.  The
 * solve goes in rounds: every constraint offers remaining/n to each of its
 * n unfinished variables, every unfinished variable grows by the least of
 * offer/w_vc over its constraints (and of what its bound leaves), then the
 * constraints are charged what their variables took and the full ones
 * (remaining below SimGrid's precision, 1e-5) end their variables.  On one
 * link every task so gets the same bandwidth, whatever its bytes; a task
 * stopped elsewhere leaves its share to the others in the next rounds.
 * Two solvers:
 *
 * HS_LMM_BOTTLENECK - those rounds without SimGrid's two bugs (hs-sim(1),
 *   "Departures from SimGrid"): a constraint is charged, in a round, only
 *   for the variables that grew in it; a fatpipe is no shared constraint
 *   but a bound of each variable alone, r_v <= C_c / w_vc.
 * HS_LMM_SIMGRID - the rounds exactly as SimGrid 3.32 makes them, for
 *   comparisons with SimGrid: a shared constraint is charged again, in
 *   every later round, what its finished variables took in their last
 *   round (capacity left idle); a fatpipe takes part in the rounds, offers
 *   its whole remaining capacity and is charged only the smallest
 *   w_vc * increment of its variables (one variable can take several
 *   times C_c).
 *
 * Incremental: adding or removing a variable or an element marks what it
 * touches; hs_lmm_solve re-solves only the variables connected to it
 * through constraints (a connected part of the system has its own rounds,
 * the others do not change), so an event costs the size of its own part
 * of the system, not of the whole.  Results are those of a full re-solve
 * (hs_lmm_solve_all).
 */
#ifndef HS_MAXMIN_H
#define HS_MAXMIN_H

enum hs_lmm_solver {
	HS_LMM_BOTTLENECK,
	HS_LMM_SIMGRID,
};

struct hs_lmm;

struct hs_lmm *hs_lmm_new(enum hs_lmm_solver solver);
void hs_lmm_free(struct hs_lmm *s);

/* A constraint of capacity > 0; fatpipe: each variable alone is bounded.
 * May be added at any time.  Returns its index (0, 1, ... in creation
 * order). */
int hs_lmm_add_constraint(struct hs_lmm *s, double capacity, int fatpipe);
/* A new capacity (> 0) for constraint c, which no variable uses now. */
void hs_lmm_set_capacity(struct hs_lmm *s, int c, double capacity);

/* A variable with n elements (constraint cnst[k], weight w[k]; weights
 * <= 0 are ignored) and a bound (<= 0 or infinite: none).  The caller
 * merges repeated constraints as it wants them counted: every element
 * counts as one variable of its constraint.  Returns its index; indices
 * of removed variables are reused. */
int hs_lmm_add_variable(struct hs_lmm *s, double bound, const int *cnst, const double *w, int n);
void hs_lmm_remove_variable(struct hs_lmm *s, int var);

/* Give variable var an element (cnst, w) unless it has one on cnst
 * already (or w <= 0).  Returns 1 when added, 0 otherwise. */
int hs_lmm_expand(struct hs_lmm *s, int var, int cnst, double w);

/* Solve what changed since the last call.  *vars (owned by s, valid until
 * the next call) receives the variables whose value may have changed,
 * the new ones included; returns their number. */
int hs_lmm_solve(struct hs_lmm *s, const int **vars);
/* Mark everything changed and solve (for checks). */
int hs_lmm_solve_all(struct hs_lmm *s, const int **vars);

/* The rate of a variable after the last solve: +inf for a variable with
 * neither bound nor constraint. */
double hs_lmm_value(const struct hs_lmm *s, int var);

/* What constraint c carries after the last solve: the sum over its
 * elements of w_vc * r_v (a fatpipe: the largest of them). */
double hs_lmm_usage(const struct hs_lmm *s, int c);

/* Check s against the other solver: from now on (before any variable is
 * added) every change is made to a copy of the system solved by other,
 * and each solve compares the rates (twice the solving). */
void hs_lmm_shadow(struct hs_lmm *s, enum hs_lmm_solver other);
/* Whether the last solve gave rates that differ from the other solver's
 * (relative 1e-12); 0 without a shadow. */
int hs_lmm_departed(const struct hs_lmm *s);

/* Counters for measurements: solves, variables and elements visited,
 * rounds; solves that departed from the shadow's. */
struct hs_lmm_stats {
	long solves, vars_solved, elems_solved, rounds, departures;
};
void hs_lmm_stats(const struct hs_lmm *s, struct hs_lmm_stats *st);

#endif
