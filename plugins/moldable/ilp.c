/* moldable/ilp.c - APPROX-3/2's integer program (§IV-B) with GLPK: the
 * model kept across guesses, a guess's bounds and coefficients, the LP
 * relaxation and the branch and bound. */
#include <glpk.h>
#include <stdio.h>

#include "moldable.h"

/* The model, built at the first guess that needs the LP and kept across
 * guesses: every column fixed at 0 until a guess makes its set eligible
 * (mold_a32_load_lp). */
void mold_a32_build_lp(struct a32 *A)
{
	const struct mold *M = A->M;
	int n = M->n;
	glp_prob *lp = glp_create_prob();
	glp_set_obj_dir(lp, GLP_MIN);
	glp_add_rows(lp, n + NCOUPLE);
	glp_add_cols(lp, n * NSETS + 2);
	int cl = n * NSETS + 1, cr = n * NSETS + 2;
	for (int c = 1; c <= n * NSETS + 2; c++) {
		glp_set_col_kind(lp, c, GLP_IV);
		glp_set_col_bnds(lp, c, GLP_FX, 0, 0);
	}
	glp_set_col_bnds(lp, cl, GLP_DB, 0, M->m);
	glp_set_col_bnds(lp, cr, GLP_DB, 0, M->m);
	/* (C6) one set per task */
	int ind[NSETS + 1];
	double val[NSETS + 1];
	for (int j = 0; j < n; j++) {
		for (int i = 0; i < NSETS; i++) {
			ind[i + 1] = COL(j, i);
			val[i + 1] = 1;
		}
		glp_set_row_bnds(lp, NCOUPLE + 1 + j, GLP_FX, 1, 1);
		glp_set_mat_row(lp, NCOUPLE + 1 + j, NSETS, ind, val);
	}
	/* All coupling rows are scaled to right-hand sides of 1 so that the
	 * coefficients stay near 1 whatever the instance's time unit. */
	glp_set_row_bnds(lp, R_C1, GLP_UP, 0, 1);
	glp_set_row_bnds(lp, R_C2, GLP_UP, 0, 1);
	glp_set_row_bnds(lp, R_C3, GLP_UP, 0, 1);
	glp_set_row_bnds(lp, R_C4, GLP_UP, 0, 1);
	glp_set_row_bnds(lp, R_C5, GLP_UP, 0, M->k);
	glp_set_row_bnds(lp, R_C7, GLP_FX, 0, 0);
	glp_set_row_bnds(lp, R_C8, GLP_DB, 0, 1);
	/* (C5) at most k tasks in set (5) */
	int nz = 0;
	for (int j = 0; j < n; j++) {
		A->ind[++nz] = COL(j, 5);
		A->val[nz] = 1;
	}
	glp_set_mat_row(lp, R_C5, nz, A->ind, A->val);
	/* (C7) set (1) = left + right; (C8) 0 <= left - right <= 1 */
	nz = 0;
	for (int j = 0; j < n; j++) {
		A->ind[++nz] = COL(j, 1);
		A->val[nz] = 1;
	}
	A->ind[++nz] = cl;
	A->val[nz] = -1;
	A->ind[++nz] = cr;
	A->val[nz] = -1;
	glp_set_mat_row(lp, R_C7, nz, A->ind, A->val);
	A->ind[1] = cl;
	A->val[1] = 1;
	A->ind[2] = cr;
	A->val[2] = -1;
	glp_set_mat_row(lp, R_C8, 2, A->ind, A->val);
	A->lp = lp;
}

/* Load guess lam into the persistent model: bounds of the columns (sets
 * not eligible are fixed at 0), objective W_C/(m*lam) and the rows whose
 * coefficients depend on lam. */
void mold_a32_load_lp(struct a32 *A)
{
	const struct mold *M = A->M;
	glp_prob *lp = A->lp;
	int n = M->n, m = M->m, k = M->k;
	double lam = A->lam;
	int cl = n * NSETS + 1, cr = n * NSETS + 2;
	for (int j = 0; j < n; j++)
		for (int i = 0; i < NSETS; i++) {
			int c = COL(j, i), on = A->elig[j] >> i & 1;
			int type = glp_get_col_type(lp, c);
			if (on && type != GLP_DB)
				glp_set_col_bnds(lp, c, GLP_DB, 0, 1);
			else if (!on && type != GLP_FX)
				glp_set_col_bnds(lp, c, GLP_FX, 0, 0);
			double v = i < 5 && on ? A->w[j * NSETS + i] / (m * lam) : 0;
			/* objective=short: each set (2) task (longer than λ) costs
			 * more than any difference in W_C/(mλ) <= 1 */
			if (i == 2 && on && A->P->short_obj)
				v += 1;
			glp_set_obj_coef(lp, c, v);
		}
	int nz;
	/* (C1) W_C <= m lam */
	nz = 0;
	for (int j = 0; j < n; j++)
		for (int i = 0; i < 5; i++)
			if (A->elig[j] >> i & 1) {
				A->ind[++nz] = COL(j, i);
				A->val[nz] = A->w[j * NSETS + i] / (m * lam);
			}
	glp_set_mat_row(lp, R_C1, nz, A->ind, A->val);
	/* (C2) left + sets (2), (3) <= m cores; (C3) right + sets (2), (4) */
	nz = 0;
	for (int j = 0; j < n; j++)
		for (int i = 2; i <= 3; i++)
			if (A->elig[j] >> i & 1) {
				A->ind[++nz] = COL(j, i);
				A->val[nz] = (double)A->gam[j * NSETS + i] / m;
			}
	A->ind[++nz] = cl;
	A->val[nz] = 1.0 / m;
	glp_set_mat_row(lp, R_C2, nz, A->ind, A->val);
	nz = 0;
	for (int j = 0; j < n; j++)
		for (int i = 2; i <= 4; i += 2)
			if (A->elig[j] >> i & 1) {
				A->ind[++nz] = COL(j, i);
				A->val[nz] = (double)A->gam[j * NSETS + i] / m;
			}
	A->ind[++nz] = cr;
	A->val[nz] = 1.0 / m;
	glp_set_mat_row(lp, R_C3, nz, A->ind, A->val);
	/* (C4) GPU area <= k lam */
	nz = 0;
	for (int j = 0; j < n; j++)
		for (int i = 5; i <= 6; i++)
			if (A->elig[j] >> i & 1) {
				A->ind[++nz] = COL(j, i);
				A->val[nz] = M->g[j] / ((k ? k : 1) * lam);
			}
	glp_set_mat_row(lp, R_C4, nz, A->ind, A->val);
}

struct a32_cb {
	int optimal;
};

/* Stop the branch-and-bound at the first integer solution: acceptance only
 * needs W_C <= m lam.  GLPK's heuristics may store one without a
 * GLP_IBINGO call, so look at the incumbent at every call. */
static void a32_callback(glp_tree *T, void *info)
{
	const struct a32_cb *cb = info;
	if (!cb->optimal && glp_mip_status(glp_ios_get_prob(T)) == GLP_FEAS)
		glp_ios_terminate(T);
}

/* GLPK writes to stdout, which carries the hs stream: send it to stderr. */
int mold_glpk_to_stderr(void *info, const char *s)
{
	(void)info;
	fputs(s, stderr);
	return 1;
}

int mold_a32_simplex(struct a32 *A)
{
	glp_smcp sp;
	glp_init_smcp(&sp);
	sp.msg_lev = A->P->verbose ? GLP_MSG_ON : GLP_MSG_OFF;
	sp.meth = GLP_DUALP;
	if (!A->have_basis) {
		glp_adv_basis(A->lp, 0);
		A->have_basis = 1;
	}
	double t0 = mold_now_s();
	int r = glp_simplex(A->lp, &sp);
	if (r == GLP_EBADB || r == GLP_ESING || r == GLP_ECOND) {
		glp_adv_basis(A->lp, 0);
		sp.meth = GLP_PRIMAL;
		r = glp_simplex(A->lp, &sp);
	}
	A->ss->lps++;
	A->ss->lp_time += mold_now_s() - t0;
	if (r != 0)
		return -1;
	return glp_get_status(A->lp);
}

/* Branch and bound from the optimal LP basis.  Returns 1 with set[] when an
 * integer solution was found, 0 when none exists, 2 at the time limit. */
int mold_a32_intopt(struct a32 *A, int mir, int opt)
{
	const struct mold *M = A->M;
	struct a32_cb cb = {opt};
	glp_iocp ip;
	glp_init_iocp(&ip);
	ip.msg_lev = A->P->verbose ? GLP_MSG_ON : GLP_MSG_OFF;
	ip.presolve = GLP_OFF; /* the LP basis is optimal already */
	ip.cb_func = a32_callback;
	ip.cb_info = &cb;
	ip.mir_cuts = mir ? GLP_ON : GLP_OFF;
	ip.br_tech = GLP_BR_DTH;
	ip.bt_tech = GLP_BT_BLB;
	/* the time limit: ilp_limit, and what is left of the budget */
	double lim = A->P->ilp_limit > 0 ? A->P->ilp_limit : 1e6, t0 = mold_now_s();
	if (A->ss->deadline && A->ss->deadline - t0 < lim)
		lim = A->ss->deadline > t0 ? A->ss->deadline - t0 : 0;
	ip.tm_lim = (int)(lim * 1000) + 1;
	int r = glp_intopt(A->lp, &ip);
	A->ss->ilps++;
	A->ss->ilp_time += mold_now_s() - t0;
	if (r == GLP_ETMLIM)
		A->ss->limited++;
	int st = glp_mip_status(A->lp);
	if (st == GLP_OPT || st == GLP_FEAS) {
		for (int j = 0; j < M->n; j++) {
			A->set[j] = -1;
			for (int i = 0; i < NSETS; i++)
				if ((A->elig[j] >> i & 1) && glp_mip_col_val(A->lp, COL(j, i)) > 0.5)
					A->set[j] = i;
		}
		return 1;
	}
	if (r == 0 && st == GLP_NOFEAS)
		return 0;
	if (r == GLP_ETMLIM || r == GLP_ESTOP || r == 0)
		return 2;
	return -1;
}
