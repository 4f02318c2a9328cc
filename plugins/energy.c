/* energy.c - the "energy" plugin family: the CPU/accelerator schedulers of
 * Hamano et al. (ECT, threshold, the static EDP scheme of section 4.1 and
 * its dynamic version).  See hs-energy(7).
 *
 * Every task is sequential: it runs on one core (t(1)/speed) or on one GPU
 * (the task's GPU time / gpu_speed).  Within the resources of one kind a task
 * goes to the one where it completes first (identical resources are kept in
 * a heap of free times, so placing a task costs O(log R)). */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hs/energy.h"
#include "hs/plugin.h"

enum { K_CPU = 1, K_GPU = 2 };

/* ---------------- pools of identical resources ---------------- */

struct res {
	int node, unit; /* core or GPU index on the node */
	double free;    /* time at which it is free */
};

struct pool {
	int gpu;        /* 0: cores, 1: GPUs */
	double speed;   /* node speed (cores) or gpu_speed (GPUs) */
	int rep;        /* a node of the pool: durations are the same on all its nodes */
	int *heap, n;   /* indices into res[], min-heap by (free, index) */
};

struct pools {
	struct res *res;
	int nres;
	struct pool *pool;
	int npool;
};

static int res_less(const struct pools *P, int a, int b)
{
	if (P->res[a].free != P->res[b].free)
		return P->res[a].free < P->res[b].free;
	return a < b;
}

static void heap_down(const struct pools *P, struct pool *q, int i)
{
	for (;;) {
		int l = 2 * i + 1, r = l + 1, m = i;
		if (l < q->n && res_less(P, q->heap[l], q->heap[m]))
			m = l;
		if (r < q->n && res_less(P, q->heap[r], q->heap[m]))
			m = r;
		if (m == i)
			return;
		int t = q->heap[i];
		q->heap[i] = q->heap[m];
		q->heap[m] = t;
		i = m;
	}
}

static struct pool *pool_for(struct pools *P, int gpu, double speed, int node)
{
	for (int i = 0; i < P->npool; i++)
		if (P->pool[i].gpu == gpu && P->pool[i].speed == speed)
			return &P->pool[i];
	P->pool = hs_reallocarray(P->pool, (size_t)P->npool + 1, sizeof *P->pool);
	struct pool *q = &P->pool[P->npool++];
	memset(q, 0, sizeof *q);
	q->gpu = gpu;
	q->speed = speed;
	q->rep = node;
	return q;
}

/* Cores first, then GPUs: pools of cores come first, which is also the tie
 * break between a core and a GPU that finish a task at the same time. */
static void pools_init(struct pools *P, const struct hs_platform *pl)
{
	memset(P, 0, sizeof *P);
	int total = pl->total_cores + pl->total_gpus;
	P->res = hs_malloc((size_t)(total > 0 ? total : 1) * sizeof *P->res);
	for (int gpu = 0; gpu <= 1; gpu++)
		for (int j = 0; j < pl->nnodes; j++) {
			const struct hs_node *nd = &pl->nodes[j];
			int units = gpu ? nd->gpus : nd->cores;
			if (units <= 0)
				continue;
			struct pool *q = pool_for(P, gpu, gpu ? nd->gpu_speed : nd->speed, j);
			q->heap = hs_reallocarray(q->heap, (size_t)q->n + (size_t)units, sizeof *q->heap);
			for (int u = 0; u < units; u++) {
				P->res[P->nres] = (struct res){ j, u, 0 };
				q->heap[q->n++] = P->nres++; /* all free at 0: already a heap */
			}
		}
}

static void pools_release(struct pools *P)
{
	for (int i = 0; i < P->npool; i++)
		free(P->pool[i].heap);
	free(P->pool);
	free(P->res);
}

static double task_dur(const struct hs_instance *in, const struct hs_task *t, int gpu, int node)
{
	const struct hs_node *nd = &in->plat.nodes[node];
	double cpu, g;
	hs_energy_task_times(t, &cpu, &g);
	if (gpu)
		return isfinite(g) ? hs_task_gpu_time_on(t, nd) : INFINITY;
	return isfinite(cpu) ? hs_task_time_on(t, nd, 1) : INFINITY;
}

/* Earliest completion of t over the pools of the kinds in mask; -1 if none
 * can run it. */
static int pools_best(const struct pools *P, const struct hs_instance *in, const struct hs_task *t,
		      double ready, int mask, double *start, double *end)
{
	int best = -1;
	double bs = 0, be = INFINITY;
	for (int i = 0; i < P->npool; i++) {
		const struct pool *q = &P->pool[i];
		if (!(mask & (q->gpu ? K_GPU : K_CPU)) || q->n == 0)
			continue;
		double d = task_dur(in, t, q->gpu, q->rep);
		if (!isfinite(d))
			continue;
		double s = P->res[q->heap[0]].free;
		if (s < ready)
			s = ready;
		if (s + d < be) {
			best = i;
			bs = s;
			be = s + d;
		}
	}
	*start = bs;
	*end = be;
	return best;
}

/* ---------------- placing tasks ---------------- */

struct job {
	const struct hs_instance *in;
	struct hs_schedule *out;
	struct hs_ctx *ctx;
	struct pools P;
	int on_gpu; /* tasks placed on GPUs */
};

static void job_init(struct job *J, const struct hs_instance *in, struct hs_schedule *out,
		     struct hs_ctx *ctx)
{
	J->in = in;
	J->out = out;
	J->ctx = ctx;
	J->on_gpu = 0;
	pools_init(&J->P, &in->plat);
}

/* Place task i at its earliest completion on the kinds in mask (falling back
 * to the other kind when none of mask can run it), not before its release
 * date nor before its deps end. */
static int place(struct job *J, int i, int mask)
{
	const struct hs_task *t = &J->in->tasks[i];
	double s, e;
	double ready = hs_deps_ready(J->in, J->out, i);
	int b = pools_best(&J->P, J->in, t, ready, mask, &s, &e);
	if (b < 0)
		b = pools_best(&J->P, J->in, t, ready, (K_CPU | K_GPU) & ~mask, &s, &e);
	if (b < 0) {
		hs_ctx_task_error(J->ctx, t, "can run neither on a core nor on a GPU of this platform");
		return -1;
	}
	struct pool *q = &J->P.pool[b];
	struct res *r = &J->P.res[q->heap[0]];
	r->free = e;
	if (q->gpu) {
		hs_schedule_add(J->out, i, r->node, NULL, 0, &r->unit, 1, s, e);
		J->on_gpu++;
	} else {
		hs_schedule_add(J->out, i, r->node, &r->unit, 1, NULL, 0, s, e);
	}
	heap_down(&J->P, q, 0);
	return 0;
}

/* Provenance shared by every algorithm: the schedule's own estimates. */
static int job_finish(struct job *J, int rc, double nexp)
{
	if (rc == 0) {
		struct hs_energy_metrics m;
		hs_energy_metrics(J->in, J->out, nexp, &m);
		hs_ctx_prov(J->ctx, "gpu_tasks", "%d", J->on_gpu);
		hs_ctx_prov(J->ctx, "est_makespan", "%.17g", m.system_time);
		hs_ctx_prov(J->ctx, "est_energy", "%.17g", m.e_all);
		hs_ctx_prov(J->ctx, "est_edp", "%.17g", m.edp);
		if (nexp != 1)
			hs_ctx_prov(J->ctx, "est_edn", "%.17g", m.edn);
	}
	pools_release(&J->P);
	return rc;
}

static int check_platform(const struct hs_instance *in, struct hs_ctx *ctx)
{
	if (in->ntasks > 0 && in->plat.total_cores + in->plat.total_gpus == 0) {
		hs_ctx_error(ctx, "the platform has no cores and no GPUs");
		return -1;
	}
	return 0;
}

/* Every task must fit some kind of resource the platform has. */
static int check_tasks(const struct hs_instance *in, struct hs_ctx *ctx)
{
	int cores = in->plat.total_cores > 0, gpus = in->plat.total_gpus > 0;
	for (int i = 0; i < in->ntasks; i++) {
		double c, g;
		hs_energy_task_times(&in->tasks[i], &c, &g);
		if (!(isfinite(c) && cores) && !(isfinite(g) && gpus)) {
			hs_ctx_task_error(ctx, &in->tasks[i],
					  "can run neither on a core nor on a GPU of this platform");
			return -1;
		}
	}
	return 0;
}

static int get_objective(const struct hs_optvals *o, struct hs_ctx *ctx, enum hs_energy_obj *obj,
			 double *nexp)
{
	if (hs_energy_obj_parse(hs_opt_str(o, "objective"), obj) < 0) {
		hs_ctx_error(ctx, "unknown objective '%s' (%s)", hs_opt_str(o, "objective"),
			     HS_EOBJ_CHOICES);
		return -1;
	}
	*nexp = hs_opt_double(o, "n");
	if (!(*nexp >= 0)) {
		hs_ctx_error(ctx, "option n: %g must be >= 0", *nexp);
		return -1;
	}
	hs_ctx_prov(ctx, "objective", "%s", hs_energy_obj_name(*obj));
	return 0;
}

/* Tasks are taken in order of release date, task order among equal dates:
 * in task order, a task released late would hold its resource idle until
 * then while tasks released earlier wait behind it.  Without release dates
 * (Hamano et al.'s setting) this is the task order. */
struct order_by {
	const struct hs_task *tasks;
	const double *key; /* lpt_cmp's: the task's time on its side */
};

static int release_cmp(const void *x, const void *y, void *arg)
{
	const struct order_by *by = arg;
	int a = *(const int *)x, b = *(const int *)y;
	double ra = by->tasks[a].release, rb = by->tasks[b].release;
	if (ra != rb)
		return ra < rb ? -1 : 1;
	return (a > b) - (a < b);
}

/* The task indices by release date (malloc'd). */
static int *release_order(const struct hs_instance *in)
{
	int *order = hs_malloc((size_t)(in->ntasks ? in->ntasks : 1) * sizeof *order);
	for (int i = 0; i < in->ntasks; i++)
		order[i] = i;
	struct order_by by = {in->tasks, NULL};
	qsort_r(order, (size_t)in->ntasks, sizeof *order, release_cmp, &by);
	return order;
}

/* ---------------- ect ---------------- */

/* Task order (ect, threshold): by release date, each task after its deps
 * (hs_deps_order). */
static int *task_order(const struct hs_instance *in)
{
	int *order = release_order(in);
	hs_deps_order(in, order, order);
	return order;
}

static int plan_ect(const struct hs_instance *in, const struct hs_optvals *o, struct hs_schedule *out,
		    struct hs_ctx *ctx)
{
	(void)o;
	if (check_platform(in, ctx) < 0)
		return -1;
	struct job J;
	job_init(&J, in, out, ctx);
	int rc = 0, *order = task_order(in);
	for (int k = 0; k < in->ntasks && rc == 0; k++)
		rc = place(&J, order[k], K_CPU | K_GPU);
	free(order);
	return job_finish(&J, rc, 1);
}

/* ---------------- threshold ---------------- */

static int plan_threshold(const struct hs_instance *in, const struct hs_optvals *o,
			  struct hs_schedule *out, struct hs_ctx *ctx)
{
	double thr = hs_opt_double(o, "alpha");
	if (check_platform(in, ctx) < 0)
		return -1;
	struct job J;
	job_init(&J, in, out, ctx);
	int rc = 0, *order = task_order(in);
	for (int k = 0; k < in->ntasks && rc == 0; k++) {
		double c, g;
		hs_energy_task_times(&in->tasks[order[k]], &c, &g);
		rc = place(&J, order[k], hs_energy_alpha(c, g) > thr ? K_GPU : K_CPU);
	}
	free(order);
	return job_finish(&J, rc, 1);
}

/* ---------------- edp (static, section 4.1) ---------------- */

/* LPT on one side: by release date, then longer first, then task order. */
static int lpt_cmp(const void *x, const void *y, void *arg)
{
	const struct order_by *by = arg;
	int a = *(const int *)x, b = *(const int *)y;
	double ra = by->tasks[a].release, rb = by->tasks[b].release;
	if (ra != rb)
		return ra < rb ? -1 : 1;
	if (by->key[a] != by->key[b])
		return by->key[a] > by->key[b] ? -1 : 1;
	return (a > b) - (a < b);
}

static int plan_edp(const struct hs_instance *in, const struct hs_optvals *o, struct hs_schedule *out,
		    struct hs_ctx *ctx)
{
	enum hs_energy_obj obj;
	double nexp;
	if (check_platform(in, ctx) < 0 || check_tasks(in, ctx) < 0 ||
	    get_objective(o, ctx, &obj, &nexp) < 0)
		return -1;
	int lpt = strcmp(hs_opt_str(o, "order"), "lpt") == 0;
	int n = in->ntasks;
	struct hs_energy_item *items = hs_malloc((size_t)(n ? n : 1) * sizeof *items);
	char *on_gpu = hs_malloc((size_t)(n ? n : 1));
	for (int i = 0; i < n; i++) {
		hs_energy_task_times(&in->tasks[i], &items[i].cpu, &items[i].gpu);
		items[i].task = i;
	}
	struct hs_energy_virt v;
	hs_energy_virt_init(&v, &in->plat);
	double val = 0, ve = 0, vt = 0;
	int moved = hs_energy_split(&v, items, n, obj, nexp, on_gpu, &val, &ve, &vt);
	if (moved < 0) {
		hs_ctx_error(ctx, "no assignment to cores and GPUs can run every task");
		free(items);
		free(on_gpu);
		return -1;
	}
	hs_ctx_prov(ctx, "moved", "%d", moved);
	hs_ctx_prov(ctx, "virtual_value", "%.17g", val);

	/* Then each side on its real resources, in the task order (or LPT). */
	int *order = hs_malloc((size_t)(n ? n : 1) * sizeof *order);
	double *key = hs_malloc((size_t)(n ? n : 1) * sizeof *key);
	struct job J;
	job_init(&J, in, out, ctx);
	int rc = 0;
	for (int side = 0; side <= 1 && rc == 0; side++) {
		int k = 0;
		for (int i = 0; i < n; i++)
			if (on_gpu[i] == side) {
				order[k++] = i;
				key[i] = side ? items[i].gpu : items[i].cpu;
			}
		struct order_by by = {in->tasks, key};
		qsort_r(order, (size_t)k, sizeof *order, lpt ? lpt_cmp : release_cmp, &by);
		for (int i = 0; i < k && rc == 0; i++)
			rc = place(&J, order[i], side ? K_GPU : K_CPU);
	}
	free(order);
	free(key);
	free(items);
	free(on_gpu);
	return job_finish(&J, rc, nexp);
}

/* ---------------- edp-dyn (dynamic, section 4.1) ----------------
 * Task k is decided from the k tasks seen so far: they are kept in the
 * order in which section 4.1 moves tasks to the accelerator (a treap, with
 * the in-order sequence threaded as a linked list), and the split between
 * the accelerator prefix and the CPU suffix is remembered from task to task.
 * The new task is inserted (O(log k)) on its side of the old split, then the
 * split moves one task at a time while the objective improves (search=local:
 * amortised O(1) moves per task; a local minimum of the objective along the
 * order) or is recomputed by a full sweep (search=full: O(k), the global
 * minimum, as the static scheme finds it on the seen tasks).  The task then
 * goes to the side the split gives it, at its earliest completion there. */

struct tnode {
	struct hs_energy_item it;
	int left, right, prev, next;
	uint32_t prio;
};

struct treap {
	struct tnode *t;
	int n, root, head;
	uint64_t rng;
};

static int tcmp(const struct treap *T, int a, int b)
{
	int c = hs_energy_item_cmp(&T->t[a].it, &T->t[b].it);
	return c ? c : (a > b) - (a < b);
}

static int rot_right(struct treap *T, int x)
{
	int l = T->t[x].left;
	T->t[x].left = T->t[l].right;
	T->t[l].right = x;
	return l;
}

static int rot_left(struct treap *T, int x)
{
	int r = T->t[x].right;
	T->t[x].right = T->t[r].left;
	T->t[r].left = x;
	return r;
}

static int treap_insert_at(struct treap *T, int root, int x)
{
	if (root < 0)
		return x;
	if (tcmp(T, x, root) < 0) {
		T->t[root].left = treap_insert_at(T, T->t[root].left, x);
		if (T->t[T->t[root].left].prio < T->t[root].prio)
			root = rot_right(T, root);
	} else {
		T->t[root].right = treap_insert_at(T, T->t[root].right, x);
		if (T->t[T->t[root].right].prio < T->t[root].prio)
			root = rot_left(T, root);
	}
	return root;
}

/* Insert node x (already filled): find its neighbours, link, rebalance. */
static void treap_insert(struct treap *T, int x)
{
	int pred = -1, succ = -1;
	for (int c = T->root; c >= 0;) {
		if (tcmp(T, x, c) < 0) {
			succ = c;
			c = T->t[c].left;
		} else {
			pred = c;
			c = T->t[c].right;
		}
	}
	T->t[x].left = T->t[x].right = -1;
	T->t[x].prev = pred;
	T->t[x].next = succ;
	if (pred >= 0)
		T->t[pred].next = x;
	else
		T->head = x;
	if (succ >= 0)
		T->t[succ].prev = x;
	T->rng ^= T->rng << 13;
	T->rng ^= T->rng >> 7;
	T->rng ^= T->rng << 17;
	T->t[x].prio = (uint32_t)(T->rng >> 32);
	/* Expected depth O(log k); recursion depth is the treap's depth. */
	T->root = treap_insert_at(T, T->root, x);
}

struct dyn {
	struct treap T;
	int last_gpu;      /* last node on the accelerator side; -1: none */
	double gsum, csum; /* flexible GPU work before the split, CPU work after */
	double fc, fg;     /* CPU-only work, GPU-only work */
	const struct hs_energy_virt *v;
	enum hs_energy_obj obj;
	double nexp;
};

static double dyn_value(const struct dyn *D, double gsum, double csum)
{
	double e, t;
	hs_energy_virt_eval(D->v, D->fc + (csum > 0 ? csum : 0), D->fg + gsum, &e, &t);
	return hs_energy_objective(D->obj, D->nexp, e, t);
}

static void dyn_local(struct dyn *D)
{
	struct treap *T = &D->T;
	double cur = dyn_value(D, D->gsum, D->csum);
	int moved = 0;
	for (;;) { /* one more task to the accelerator */
		int c = D->last_gpu < 0 ? T->head : T->t[D->last_gpu].next;
		if (c < 0)
			break;
		double g = D->gsum + T->t[c].it.gpu, cs = D->csum - T->t[c].it.cpu;
		double val = dyn_value(D, g, cs);
		if (!(val < cur))
			break;
		cur = val;
		D->gsum = g;
		D->csum = cs;
		D->last_gpu = c;
		moved = 1;
	}
	while (!moved && D->last_gpu >= 0) { /* one task back to the CPU */
		int c = D->last_gpu;
		double g = D->gsum - T->t[c].it.gpu, cs = D->csum + T->t[c].it.cpu;
		double val = dyn_value(D, g, cs);
		if (!(val < cur))
			break;
		cur = val;
		D->gsum = g;
		D->csum = cs;
		D->last_gpu = T->t[c].prev;
	}
}

static void dyn_full(struct dyn *D)
{
	struct treap *T = &D->T;
	double g = 0, cs = 0;
	for (int c = T->head; c >= 0; c = T->t[c].next)
		cs += T->t[c].it.cpu;
	double best = dyn_value(D, 0, cs), bg = 0, bc = cs;
	int last = -1;
	for (int c = T->head; c >= 0; c = T->t[c].next) {
		g += T->t[c].it.gpu;
		cs -= T->t[c].it.cpu;
		double val = dyn_value(D, g, cs);
		if (val < best) {
			best = val;
			bg = g;
			bc = cs;
			last = c;
		}
	}
	D->last_gpu = last;
	D->gsum = bg;
	D->csum = bc;
}

static int plan_edp_dyn(const struct hs_instance *in, const struct hs_optvals *o,
			struct hs_schedule *out, struct hs_ctx *ctx)
{
	enum hs_energy_obj obj;
	double nexp;
	if (check_platform(in, ctx) < 0 || check_tasks(in, ctx) < 0 ||
	    get_objective(o, ctx, &obj, &nexp) < 0)
		return -1;
	int full = strcmp(hs_opt_str(o, "search"), "full") == 0;
	struct hs_energy_virt v;
	hs_energy_virt_init(&v, &in->plat);
	struct dyn D;
	memset(&D, 0, sizeof D);
	D.T.t = hs_malloc((size_t)(in->ntasks ? in->ntasks : 1) * sizeof *D.T.t);
	D.T.root = D.T.head = -1;
	D.T.rng = 0x9e3779b97f4a7c15ULL;
	D.last_gpu = -1;
	D.v = &v;
	D.obj = obj;
	D.nexp = nexp;

	struct job J;
	job_init(&J, in, out, ctx);
	int rc = 0, gpus = in->plat.total_gpus > 0, *order = release_order(in);
	for (int k = 0; k < in->ntasks && rc == 0; k++) {
		int i = order[k];
		const struct hs_task *t = &in->tasks[i];
		double c, g;
		hs_energy_task_times(t, &c, &g);
		if (!isfinite(c) || !isfinite(g) || !gpus) {
			/* Forced: only one kind can run it. */
			int to_gpu = !isfinite(c);
			if (to_gpu)
				D.fg += g;
			else
				D.fc += c;
			rc = place(&J, i, to_gpu ? K_GPU : K_CPU);
			continue;
		}
		int x = D.T.n++;
		D.T.t[x].it = (struct hs_energy_item){ c, g, i };
		treap_insert(&D.T, x);
		if (D.last_gpu >= 0 && tcmp(&D.T, x, D.last_gpu) < 0)
			D.gsum += g;
		else
			D.csum += c;
		if (full)
			dyn_full(&D);
		else
			dyn_local(&D);
		int to_gpu = D.last_gpu >= 0 && tcmp(&D.T, x, D.last_gpu) <= 0;
		rc = place(&J, i, to_gpu ? K_GPU : K_CPU);
	}
	int split = 0;
	for (int c = D.T.head; D.last_gpu >= 0 && c >= 0; c = D.T.t[c].next) {
		split++;
		if (c == D.last_gpu)
			break;
	}
	if (rc == 0) {
		hs_ctx_prov(ctx, "search", "%s", full ? "full" : "local");
		hs_ctx_prov(ctx, "final_split", "%d", split);
	}
	free(D.T.t);
	free(order);
	return job_finish(&J, rc, nexp);
}

/* ---------------- the family ---------------- */

static const struct hs_option threshold_opts[] = {
	{ "alpha", HS_OPT_DOUBLE, "1", "tasks whose acceleration factor is above this run on GPUs", NULL },
	{ NULL, 0, NULL, NULL, NULL },
};

#define OBJ_OPTS                                                                              \
	{ "objective", HS_OPT_CHOICE, "edp", "what the split minimises", HS_EOBJ_CHOICES },    \
	{ "n", HS_OPT_DOUBLE, "2", "exponent of ED^n (objective=edn)", NULL }

static const struct hs_option edp_opts[] = {
	OBJ_OPTS,
	{ "order", HS_OPT_CHOICE, "given", "order of the tasks on each side: task order or LPT",
	  "given|lpt" },
	{ NULL, 0, NULL, NULL, NULL },
};

static const struct hs_option dyn_opts[] = {
	OBJ_OPTS,
	{ "search", HS_OPT_CHOICE, "local",
	  "move the remembered split while it improves (O(log k) a task) or recompute it (O(k))",
	  "local|full" },
	{ NULL, 0, NULL, NULL, NULL },
};

static const struct hs_algo algo_ect = {
	sizeof(struct hs_algo), "ect",
	"earliest completion time over cores and GPUs, in task order (Hamano et al.)",
	NULL, plan_ect, NULL, NULL, HS_ALGO_DEPS,
};
static const struct hs_algo algo_threshold = {
	sizeof(struct hs_algo), "threshold",
	"acceleration factor above -o alpha (default 1) to GPUs, else cores; ECT on each side",
	threshold_opts, plan_threshold, NULL, NULL, HS_ALGO_DEPS,
};
static const struct hs_algo algo_edp = {
	sizeof(struct hs_algo), "edp",
	"static EDP scheme: split on virtual CPU/accelerator by alpha, then ECT per side",
	edp_opts, plan_edp, NULL, NULL, 0,
};
static const struct hs_algo algo_edp_dyn = {
	sizeof(struct hs_algo), "edp-dyn",
	"dynamic EDP scheme: the split over the tasks seen so far decides each task",
	dyn_opts, plan_edp_dyn, NULL, NULL, 0,
};

static const struct hs_algo *const algos[] = {
	&algo_ect, &algo_threshold, &algo_edp, &algo_edp_dyn, NULL,
};

HS_PLUGIN_DEFINE(energy, "1.0", "energy-aware CPU/accelerator scheduling (Hamano et al.)", NULL,
		 NULL, algos);
