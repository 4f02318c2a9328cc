/* exec/local.c - hs-exec's local back end: each task is `/bin/sh -c CMD` in
 * its own process group, pinned to its planned cores, its output in the
 * log directory.  Core k of the plan is the k-th CPU of hs-exec's own
 * affinity mask (see hs/local.h). */
#include "exec_priv.h"
#include "hs/local.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct local_state {
	int *cpus, ncpus;
	int ngpus;
	char *host;
	int devnull;          /* every task's stdin */
};

/* Names that mean this machine. */
static int is_local_name(const struct local_state *ls, const char *name)
{
	return strcmp(name, HS_LOCAL_NODE) == 0 || strcmp(name, "localhost") == 0 ||
	       strcmp(name, ls->host) == 0;
}

static int local_place(struct hs_exec *x, struct xtask *t)
{
	const struct local_state *ls = x->bs;
	const struct hs_placement *p = t->plan;
	t->hosts = hs_calloc((size_t)p->nparts, sizeof *t->hosts);
	t->nhosts = p->nparts;
	for (int k = 0; k < p->nparts; k++)
		t->hosts[k] = hs_strdup(xe_target(x, p->parts[k].node));
	if (p->nparts > 1) {
		xe_problem(x, t, "spans %d nodes; the local back end runs every task on "
				 "this machine (use --backend ssh or slurm)",
			   p->nparts);
		return -1;
	}
	const struct hs_part *part = &p->parts[0];
	const char *plan_node = x->in->plat.nodes[part->node].id;
	if (!is_local_name(ls, t->hosts[0])) {
		if (strcmp(plan_node, t->hosts[0]) == 0)
			xe_problem(x, t, "planned on node '%s', which is not this machine (its "
					 "node is '%s'; map with --node-map %s=%s)",
				   plan_node, HS_LOCAL_NODE, plan_node, HS_LOCAL_NODE);
		else
			xe_problem(x, t, "node '%s' is mapped to '%s', which is not this "
					 "machine ('%s' or '%s')",
				   plan_node, t->hosts[0], HS_LOCAL_NODE, ls->host);
		return -1;
	}
	if (part->ncores > 0 && part->cores[part->ncores - 1] >= ls->ncpus) {
		char *set = hs_fmt_intset(part->cores, part->ncores);
		char *cpulist = hs_fmt_intset(ls->cpus, ls->ncpus);
		xe_problem(x, t, "planned on cores %s, but this machine has %d core%s "
				 "(0-%d; CPUs %s)",
			   set, ls->ncpus, ls->ncpus == 1 ? "" : "s", ls->ncpus - 1, cpulist);
		free(set);
		free(cpulist);
		return -1;
	}
	if (part->ngpus > 0 && part->gpus[part->ngpus - 1] >= ls->ngpus) {
		char *set = hs_fmt_intset(part->gpus, part->ngpus);
		xe_problem(x, t, "planned on GPUs %s, but this machine has %d GPU%s", set,
			   ls->ngpus, ls->ngpus == 1 ? "" : "s");
		free(set);
		return -1;
	}
	t->ncpus = part->ncores;
	t->cpus = hs_malloc(sizeof *t->cpus * (size_t)(t->ncpus ? t->ncpus : 1));
	for (int c = 0; c < part->ncores; c++)
		t->cpus[c] = ls->cpus[part->cores[c]];
	return 0;
}

static int local_prepare(struct hs_exec *x)
{
	struct local_state *ls = hs_calloc(1, sizeof *ls);
	x->bs = ls;
	ls->ncpus = hs_local_cpus(&ls->cpus);
	ls->ngpus = hs_local_gpus();
	ls->host = hs_local_hostname();
	xe_place_all(x);
	ls->devnull = open("/dev/null", O_RDONLY | O_CLOEXEC);
	if (ls->devnull < 0) {
		hs_error("cannot open /dev/null: %s", strerror(errno));
		return HS_EXIT_FAIL;
	}
	xp_subreaper();
	xp_watchdog_grace(x->o.kill_grace);
	return HS_EXIT_OK;
}

static int local_launch(struct hs_exec *x, struct xtask *t)
{
	struct local_state *ls = x->bs;
	int out, err;
	if (xp_open_logs(x, t, &out, &err) < 0)
		return -1;
	cpu_set_t *set = NULL;
	size_t bytes = 0;
	if (t->ncpus > 0) {
		int max = t->cpus[t->ncpus - 1] + 1;
		set = CPU_ALLOC(max);
		bytes = CPU_ALLOC_SIZE(max);
		CPU_ZERO_S(bytes, set);
		for (int c = 0; c < t->ncpus; c++)
			CPU_SET_S(t->cpus[c], bytes, set);
	}
	char **envp = xp_envp(t->env);
	char *argv[] = {"sh", "-c", t->cmd, NULL};
	struct xp_spawn sp = {"/bin/sh", argv, envp, ls->devnull, out, err, set, bytes};
	double start = xe_now(x);
	pid_t pid = xp_spawn(&sp);
	int spawn_errno = errno;
	free(envp);
	if (set)
		CPU_FREE(set);
	close(out);
	close(err);
	if (pid < 0) {
		hs_error("task %s: cannot start: %s", t->task->id, strerror(spawn_errno));
		return -1;
	}
	/* Also here: the group must exist before anyone may signal it. */
	setpgid(pid, pid);
	t->pid = pid;
	xp_track(pid, t->index);
	xe_started(x, t, start);
	return 0;
}

static void local_wait(struct hs_exec *x, double timeout)
{
	if (xp_reap(x) > 0)
		return;
	xe_sleep(x, timeout);
	xp_reap(x);
}

static void local_kill(struct hs_exec *x, struct xtask *t, int hard)
{
	(void)x;
	if (t->pid <= 0)
		return;
	kill(-t->pid, hard ? SIGKILL : SIGTERM);
	if (!hard)
		kill(-t->pid, SIGCONT); /* a stopped group would never see the SIGTERM */
}

static void local_finish(struct hs_exec *x)
{
	(void)x;
	xp_kill_strays();
	xp_untrack_all();
}

static void local_release(struct hs_exec *x)
{
	struct local_state *ls = x->bs;
	if (!ls)
		return;
	if (ls->devnull > 0)
		close(ls->devnull);
	free(ls->cpus);
	free(ls->host);
	free(ls);
	x->bs = NULL;
}

const struct hs_exec_backend hs_exec_backend_local = {
	.name = "local",
	.native_deps = 0,
	.prepare = local_prepare,
	.place = local_place,
	.launch = local_launch,
	.wait = local_wait,
	.kill = local_kill,
	.finish = local_finish,
	.release = local_release,
};
