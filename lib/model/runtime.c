/* model/runtime.c - the runtime models t_i(p) of tasks (see model.h and the
 * "task" record in hs-format(5)). */
#include <math.h>

#include "hs/model.h"

/* Largest p the task may use, before the platform's limits (INT_MAX-ish
 * when unbounded). */
static int task_cap(const struct hs_task *t, int pmax)
{
	int cap = pmax;
	if (t->model == HS_MODEL_RIGID)
		return t->size <= cap ? t->size : 0;
	if (t->size > 0 && t->size < cap)
		cap = t->size; /* max_cores */
	if (t->model == HS_MODEL_TABLE && t->ntimes < cap)
		cap = t->ntimes;
	return cap;
}

double hs_task_time(const struct hs_task *t, int p)
{
	if (p < 1 || t->on == HS_ON_GPU || t->model == HS_MODEL_GPU)
		return INFINITY;
	if (t->model == HS_MODEL_RIGID)
		return p == t->size ? t->time : INFINITY;
	if (t->size > 0 && p > t->size)
		return INFINITY;
	switch (t->model) {
	case HS_MODEL_AMDAHL:
		/* p = 1 returns t1 exactly (beta + (1 - beta) may round). */
		return p == 1 ? t->t1 : t->t1 * (t->beta + (1 - t->beta) / p);
	case HS_MODEL_OVERHEAD:
		return p == 1 ? t->T : t->T * (t->x / p + (1 - t->x) * (log(p) + p));
	case HS_MODEL_TABLE:
		return p <= t->ntimes ? t->times[p - 1] : INFINITY;
	default:
		return INFINITY;
	}
}

double hs_task_time_on(const struct hs_task *t, const struct hs_node *n, int p)
{
	return hs_task_time(t, p) / n->speed;
}

double hs_task_seq_time(const struct hs_task *t)
{
	return hs_task_time(t, 1);
}

double hs_task_gpu_time_on(const struct hs_task *t, const struct hs_node *n)
{
	if (t->on == HS_ON_CPU || n->gpus <= 0 || !isfinite(t->gpu_time))
		return INFINITY;
	return t->gpu_time / n->gpu_speed;
}

/* Returns 0 when no p in [1, pmax] is allowed. */
int hs_task_best_p(const struct hs_task *t, int pmax)
{
	if (pmax < 1 || t->on == HS_ON_GPU || t->model == HS_MODEL_GPU)
		return 0;
	int cap = task_cap(t, pmax);
	if (cap < 1)
		return 0;
	switch (t->model) {
	case HS_MODEL_RIGID:
		return cap;
	case HS_MODEL_AMDAHL:
		/* Decreasing in p unless nothing is parallel. */
		return (t->beta >= 1 || t->t1 == 0) ? 1 : cap;
	case HS_MODEL_OVERHEAD: {
		if (t->T == 0 || t->x <= 0)
			return 1;
		if (t->x >= 1)
			return cap;
		/* t'(p) p^2 / T = -x + (1-x)(p + p^2) is increasing, so t is
		 * unimodal: the integer minimum is next to the real root. */
		double r = (-1 + sqrt(1 + 4 * t->x / (1 - t->x))) / 2;
		int lo = r < 1 ? 1 : r >= cap ? cap : (int)floor(r);
		int hi = lo < cap ? lo + 1 : lo;
		return hs_task_time(t, hi) < hs_task_time(t, lo) ? hi : lo;
	}
	case HS_MODEL_TABLE: {
		int best = 1;
		for (int p = 2; p <= cap; p++)
			if (t->times[p - 1] < t->times[best - 1])
				best = p;
		return best;
	}
	default:
		return 0;
	}
}

int hs_task_min_p(const struct hs_task *t)
{
	return t->model == HS_MODEL_RIGID ? t->size : 1;
}

double hs_task_work(const struct hs_task *t)
{
	double w = hs_task_time(t, 1);
	if (isfinite(w))
		return w;
	if (t->on == HS_ON_GPU || t->model == HS_MODEL_GPU)
		return INFINITY;
	/* t(1) is finite for every CPU model but rigid tasks of size > 1,
	 * whose only allowed p is their size. */
	if (t->model == HS_MODEL_RIGID)
		return t->size * t->time;
	return w;
}
