/* hs/maxmin.h - the bandwidth sharing system of the flow-level simulator:
 * variables (the progress rates of activities) and constraints (links,
 * CPUs), solved incrementally.
 *
 * A variable v has an optional bound b_v and elements (c, w_vc): while it
 * runs at rate r_v it uses w_vc * r_v of constraint c's capacity C_c.  Two
 * solvers:
 *
 * HS_LMM_MAXMIN - bandwidth-fair max-min.  Each variable has a penalty
 *   W_v = its largest weight on a shared constraint, and rates are
 *   r_v = lambda_v / W_v where the lambdas are max-min fair: they grow
 *   together from 0; a variable stops growing when it reaches its bound or
 *   when one of its shared constraints is full (sum of w_vc r_v = C_c).  On
 *   one link every activity so gets the same bandwidth, as with TCP.  A
 *   fatpipe constraint is not shared: it only bounds each variable alone,
 *   r_v <= C_c / w_vc.  A constraint that cannot be full whatever the rates
 *   (sum over its variables of w_vc * (the most v could get) <= C_c) plays
 *   no part, so it does not join the variables that use it: the system
 *   splits into more, smaller, independent parts.
 *
 * HS_LMM_BOTTLENECK - SimGrid 3.32's "fair bottleneck" solver (lmm
 *   FairBottleneck::do_solve, the one of its ptask_L07 model), replayed
 *   step by step for comparisons with SimGrid: in rounds, every constraint
 *   offers remaining/n to each of its n unfinished variables (1 for a
 *   fatpipe), every variable grows by the least of offer/w_vc over its
 *   constraints (and its bound), then the constraints are charged and the
 *   full ones (remaining < 1e-5) end their variables.  Its quirks are kept:
 *   a shared constraint is charged again, in every later round, what its
 *   finished variables took in their last round; a fatpipe is charged the
 *   smallest w_vc * increment of its variables, so one variable can take
 *   more than C_c of it.
 *
 * Incremental: adding or removing a variable marks the constraints it
 * touches; hs_lmm_solve re-solves only the variables connected to them
 * (through constraints that take part), so an event costs the size of its
 * own part of the system, not of the whole.  Results are those of a full
 * re-solve (hs_lmm_solve_all), component by component.
 */
#ifndef HS_MAXMIN_H
#define HS_MAXMIN_H

enum hs_lmm_solver {
	HS_LMM_MAXMIN,
	HS_LMM_BOTTLENECK,
};

struct hs_lmm;

struct hs_lmm *hs_lmm_new(enum hs_lmm_solver solver);
void hs_lmm_free(struct hs_lmm *s);

/* A constraint of capacity > 0; fatpipe: each variable alone is bounded.
 * Returns its index (0, 1, ... in creation order). */
int hs_lmm_add_constraint(struct hs_lmm *s, double capacity, int fatpipe);

/* A variable with n elements (constraint cnst[k], weight w[k]; weights
 * <= 0 are ignored) and a bound (<= 0 or infinite: none).  The caller
 * merges repeated constraints as it wants them counted: with the
 * bottleneck solver every element counts as one variable of its
 * constraint.  Returns its index; indices of removed variables are
 * reused. */
int hs_lmm_add_variable(struct hs_lmm *s, double bound, const int *cnst, const double *w, int n);
void hs_lmm_remove_variable(struct hs_lmm *s, int var);

/* Solve what changed since the last call.  *vars (owned by s, valid until
 * the next call) receives the variables whose value may have changed,
 * the new ones included; returns their number. */
int hs_lmm_solve(struct hs_lmm *s, const int **vars);
/* Mark everything changed and solve (for checks). */
int hs_lmm_solve_all(struct hs_lmm *s, const int **vars);

/* The rate of a variable after the last solve: +inf for a variable with
 * neither bound nor constraint. */
double hs_lmm_value(const struct hs_lmm *s, int var);

/* Counters for measurements: solves, variables and elements visited. */
struct hs_lmm_stats {
	long solves, vars_solved, elems_solved, rounds;
};
void hs_lmm_stats(const struct hs_lmm *s, struct hs_lmm_stats *st);

#endif
