/* exec/slurm.c - hs-exec's Slurm back end: one sbatch job per task.
 *
 * The plan maps onto Slurm as: nodes -> --nodelist (and --nodes), cores ->
 * --cpus-per-task (and taskset to the planned cores inside the job where
 * Slurm's own binding allows it), GPUs -> --gres=gpu:N, walltime -> --time
 * (whole minutes; hs-exec also cancels the job at the exact walltime), the
 * after list -> --dependency=afterany:ID:..., deps -> afterok:ID:... with
 * --kill-on-invalid-dep=yes, --timed -> --begin=now+S.
 * Every job is submitted at once and Slurm orders them.
 *
 * What happened is read back with squeue (state, times, exit status) while
 * the jobs are younger than MinJobAge, else with sacct (slurmdbd) or
 * `sacct -c` (jobcomp/filetxt).  Slurm's times have whole seconds, so the
 * job script also writes its own start and end (date +%s.%N) to LOG.times,
 * and those win where present.
 */
#include "exec_priv.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

struct snode {
	char *name;
	int cpus, gpus;
};

struct slurm_state {
	struct snode *nodes;
	int nnodes;
	char **args;       /* --sbatch-args */
	char *cwd;
	double last_poll;  /* engine time */
};

static const struct snode *find_snode(const struct slurm_state *ss, const char *name)
{
	for (int i = 0; i < ss->nnodes; i++)
		if (strcmp(ss->nodes[i].name, name) == 0)
			return &ss->nodes[i];
	return NULL;
}

/* "gpu:2", "gpu:tesla:2(S:0-1)", "(null)" -> number of GPUs. */
static int gres_gpus(const char *g)
{
	int total = 0;
	int n;
	char **items = hs_split_list(g, ',', &n);
	for (int i = 0; i < n; i++) {
		if (strncmp(items[i], "gpu", 3) != 0)
			continue;
		char *paren = strchr(items[i], '(');
		if (paren)
			*paren = 0;
		char *colon = strrchr(items[i], ':');
		if (colon)
			total += atoi(colon + 1);
	}
	free(items);
	return total;
}

static void show_stderr(const char *what, const char *err)
{
	size_t len = strlen(err);
	while (len > 0 && err[len - 1] == '\n')
		len--;
	hs_error("%s: %.*s", what, (int)len, len ? err : "failed");
}

static int slurm_place(struct hs_exec *x, struct xtask *t)
{
	const struct slurm_state *ss = x->bs;
	const struct hs_placement *p = t->plan;
	int bad = 0;
	t->hosts = hs_calloc((size_t)p->nparts, sizeof *t->hosts);
	t->nhosts = p->nparts;
	for (int k = 0; k < p->nparts; k++) {
		const struct hs_part *part = &p->parts[k];
		const char *name = xe_target(x, part->node);
		t->hosts[k] = hs_strdup(name);
		const struct snode *sn = find_snode(ss, name);
		if (!sn) {
			xe_problem(x, t, "Slurm has no node '%s' (sinfo -N lists the nodes; map "
					 "plan nodes with --node-map)",
				   name);
			bad = 1;
			continue;
		}
		if (part->ncores > 0 && part->cores[part->ncores - 1] >= sn->cpus) {
			char *set = hs_fmt_intset(part->cores, part->ncores);
			xe_problem(x, t, "planned on cores %s of '%s', which has %d CPUs in Slurm", set,
				   name, sn->cpus);
			free(set);
			bad = 1;
		}
		if (part->ngpus > 0 && part->gpus[part->ngpus - 1] >= sn->gpus) {
			char *set = hs_fmt_intset(part->gpus, part->ngpus);
			xe_problem(x, t, "planned on GPUs %s of '%s', which has %d GPUs in Slurm", set,
				   name, sn->gpus);
			free(set);
			bad = 1;
		}
	}
	return bad ? -1 : 0;
}

static int slurm_prepare(struct hs_exec *x)
{
	struct slurm_state *ss = hs_calloc(1, sizeof *ss);
	x->bs = ss;
	ss->args = xp_split_words(x->o.sbatch_args, NULL);
	char *cwd = getcwd(NULL, 0);
	ss->cwd = cwd ? cwd : hs_strdup("/");
	ss->last_poll = -INFINITY;

	char *argv[] = {"sinfo", "-h", "-N", "-o", "%N|%c|%G", NULL};
	char *out, *err;
	int st = xp_capture(argv, &out, &err);
	if (st != 0) {
		show_stderr("cannot reach Slurm: sinfo", err);
		free(out);
		free(err);
		return HS_EXIT_FAIL;
	}
	for (char *line = strtok(out, "\n"); line; line = strtok(NULL, "\n")) {
		char *f1 = strchr(line, '|');
		char *f2 = f1 ? strchr(f1 + 1, '|') : NULL;
		if (!f2)
			continue;
		*f1 = *f2 = 0;
		/* sinfo -N lists a node once per partition. */
		if (find_snode(ss, line))
			continue;
		ss->nodes = hs_reallocarray(ss->nodes, (size_t)ss->nnodes + 1, sizeof *ss->nodes);
		struct snode *sn = &ss->nodes[ss->nnodes++];
		sn->name = hs_strdup(line);
		sn->cpus = atoi(f1 + 1);
		sn->gpus = gres_gpus(f2 + 1);
	}
	free(out);
	free(err);

	xe_place_all(x);
	return HS_EXIT_OK;
}

/* The batch script: environment, own time stamps, pinning, the command. */
static char *job_script(const struct xtask *t)
{
	char *exports = hs_strdup("");
	for (char **e = t->env; e && *e; e++) {
		const char *eq = strchr(*e, '=');
		char *val = hs_shell_quote(eq + 1);
		char *next = hs_asprintf("%sexport %.*s=%s\n", exports, (int)(eq - *e), *e, val);
		free(val);
		free(exports);
		exports = next;
	}
	const struct hs_part *part = &t->plan->parts[0];
	char *cores = part->ncores ? hs_fmt_intset(part->cores, part->ncores) : hs_strdup("");
	char *times = hs_asprintf("%s.times", t->log_base);
	char *qtimes = hs_shell_quote(times);
	char *cmd = hs_shell_quote(t->cmd);
	char *s = hs_asprintf(
		"#!/bin/sh\n"
		"# hs-exec: task %s\n"
		"g=${CUDA_VISIBLE_DEVICES-}\n"
		"%s"
		"# GPUs that Slurm assigned (gres) keep Slurm's numbering.\n"
		"[ -n \"${SLURM_JOB_GPUS:-}\" ] && export CUDA_VISIBLE_DEVICES=\"$g\"\n"
		"hs_times=%s\n"
		"printf 'start %%s\\n' \"$(date +%%s.%%N)\" >\"$hs_times\"\n"
		"# scancel sends SIGTERM to every process of the job: note the end.\n"
		"trap 'printf \"end %%s 143\\n\" \"$(date +%%s.%%N)\" >>\"$hs_times\"; exit 143' TERM\n"
		"c=%s\n"
		"if [ -n '%s' ] && taskset -c '%s' true 2>/dev/null; then\n"
		"\ttaskset -c '%s' /bin/sh -c \"$c\"\n"
		"else\n"
		"\t/bin/sh -c \"$c\"\n"
		"fi\n"
		"r=$?\n"
		"printf 'end %%s %%s\\n' \"$(date +%%s.%%N)\" $r >>\"$hs_times\"\n"
		"exit $r\n",
		t->task->id, exports, qtimes, cmd, cores, cores, cores);
	free(exports);
	free(cores);
	free(times);
	free(qtimes);
	free(cmd);
	return s;
}

static int write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	if (!f)
		return -1;
	int bad = fputs(text, f) < 0;
	bad |= fclose(f) != 0;
	return bad ? -1 : 0;
}

/* t's deps and the rest of its after list as one --dependency: afterok
 * for deps (the job runs only if they succeed), afterany for tasks that
 * only used its resources before; "" when it waits for nothing. */
static char *dependency(const struct hs_exec *x, const struct xtask *t)
{
	const struct hs_placement *p = t->plan;
	const struct hs_task *task = t->task;
	char *ok = hs_strdup(""), *any = hs_strdup("");
	for (int k = 0; k < task->ndeps; k++) {
		const struct xtask *u = &x->t[task->deps[k]];
		if (u->job <= 0)
			continue; /* never submitted: the engine skips t instead */
		char *s = hs_asprintf("%s%s%ld", ok, *ok ? ":" : "afterok:", u->job);
		free(ok);
		ok = s;
	}
	for (int k = 0, d = 0; k < p->nafter; k++) {
		int j = p->after[k];
		while (d < task->ndeps && task->deps[d] < j)
			d++;
		const struct xtask *u = &x->t[j];
		if (u->job <= 0 || (d < task->ndeps && task->deps[d] == j))
			continue; /* never submitted (nothing to wait for), or a dep */
		char *s = hs_asprintf("%s%s%ld", any, *any ? ":" : "afterany:", u->job);
		free(any);
		any = s;
	}
	char *dep = *ok || *any ? hs_asprintf("--dependency=%s%s%s", any, *any && *ok ? "," : "", ok)
				: hs_strdup("");
	free(ok);
	free(any);
	return dep;
}

static int slurm_launch(struct hs_exec *x, struct xtask *t)
{
	struct slurm_state *ss = x->bs;
	const struct hs_placement *p = t->plan;
	char *script = job_script(t);
	char *path = hs_asprintf("%s.sbatch", t->log_base);
	if (write_file(path, script) < 0) {
		hs_error("task %s: cannot write %s: %s", t->task->id, path, strerror(errno));
		free(script);
		free(path);
		return -1;
	}
	free(script);

	int cpt = 1;
	int gpn = 0;
	for (int k = 0; k < p->nparts; k++) {
		if (p->parts[k].ncores > cpt)
			cpt = p->parts[k].ncores;
		if (p->parts[k].ngpus > gpn)
			gpn = p->parts[k].ngpus;
	}
	char *nodelist = hs_strdup(t->hosts[0]);
	for (int k = 1; k < p->nparts; k++) {
		char *s = hs_asprintf("%s,%s", nodelist, t->hosts[k]);
		free(nodelist);
		nodelist = s;
	}
	/* Live, a job is started once its deps ended: nothing to wait for. */
	char *deps = x->live ? hs_strdup("") : dependency(x, t);
	char **argv = NULL;
	int argc = 0;
#define ARG(s)                                                                  \
	do {                                                                    \
		argv = hs_reallocarray(argv, (size_t)argc + 2, sizeof *argv);    \
		argv[argc++] = (s);                                              \
		argv[argc] = NULL;                                               \
	} while (0)
	ARG(hs_strdup("sbatch"));
	ARG(hs_strdup("--parsable"));
	ARG(hs_asprintf("--job-name=hs:%s", t->task->id));
	ARG(hs_asprintf("--output=%s.out", t->log_base));
	ARG(hs_asprintf("--error=%s.err", t->log_base));
	ARG(hs_asprintf("--chdir=%s", ss->cwd));
	ARG(hs_asprintf("--nodes=%d", p->nparts));
	ARG(hs_asprintf("--ntasks=%d", p->nparts));
	ARG(hs_strdup("--ntasks-per-node=1"));
	ARG(hs_asprintf("--nodelist=%s", nodelist));
	ARG(hs_asprintf("--cpus-per-task=%d", cpt));
	if (gpn > 0)
		ARG(hs_asprintf("--gres=gpu:%d", gpn));
	if (isfinite(xe_walltime(x, t))) {
		long minutes = (long)ceil(xe_walltime(x, t) / 60);
		ARG(hs_asprintf("--time=%ld", minutes > 0 ? minutes : 1));
	}
	double wait = t->earliest - xe_now(x);
	if (wait > 0)
		ARG(hs_asprintf("--begin=now+%ld", (long)ceil(wait)));
	if (*deps) {
		ARG(hs_strdup(deps));
		/* A job whose afterok dep failed is cancelled, not left pending. */
		if (t->task->ndeps > 0)
			ARG(hs_strdup("--kill-on-invalid-dep=yes"));
	}
	for (char **a = ss->args; *a; a++)
		ARG(hs_strdup(*a));
	ARG(hs_strdup(path));
#undef ARG
	free(nodelist);
	free(deps);
	free(path);

	char *out, *err;
	int st = xp_capture(argv, &out, &err);
	xp_free_words(argv);
	long job = st == 0 ? strtol(out, NULL, 10) : 0;
	if (job <= 0) {
		char *what = hs_asprintf("task %s: sbatch", t->task->id);
		show_stderr(what, err);
		free(what);
	}
	free(out);
	free(err);
	if (job <= 0)
		return -1;
	t->job = job;
	return 0;
}

/* "2026-11-22T04:51:58" (local time) -> engine time; NAN when unknown. */
static double slurm_time(const struct hs_exec *x, const char *s)
{
	struct tm tm;
	memset(&tm, 0, sizeof tm);
	const char *end = strptime(s, "%Y-%m-%dT%H:%M:%S", &tm);
	if (!end || *end)
		return NAN;
	tm.tm_isdst = -1;
	time_t tt = mktime(&tm);
	return tt == (time_t)-1 ? NAN : (double)tt - x->wall0;
}

/* The job's own stamps: start (and end with the exit status). */
static void read_stamps(const struct hs_exec *x, const struct xtask *t, double *start, double *end,
			int *code)
{
	*start = *end = NAN;
	*code = -1;
	char *path = hs_asprintf("%s.times", t->log_base);
	FILE *f = fopen(path, "r");
	free(path);
	if (!f)
		return;
	char word[16];
	double v;
	int rc;
	while (fscanf(f, "%15s %lf", word, &v) == 2) {
		if (strcmp(word, "start") == 0) {
			*start = v - x->wall0;
		} else if (strcmp(word, "end") == 0 && fscanf(f, "%d", &rc) == 1) {
			*end = v - x->wall0;
			*code = rc;
		}
	}
	fclose(f);
}

static int terminal(const char *state, enum hs_state *hint)
{
	static const struct {
		const char *name;
		enum hs_state hint;
	} states[] = {
		{"COMPLETED", HS_STATE_NONE}, {"FAILED", HS_STATE_FAILED},
		{"TIMEOUT", HS_STATE_KILLED}, {"CANCELLED", HS_STATE_KILLED},
		{"PREEMPTED", HS_STATE_KILLED}, {"DEADLINE", HS_STATE_KILLED},
		{"NODE_FAIL", HS_STATE_FAILED}, {"OUT_OF_MEMORY", HS_STATE_FAILED},
		{"BOOT_FAIL", HS_STATE_FAILED}, {"SPECIAL_EXIT", HS_STATE_FAILED},
	};
	for (size_t i = 0; i < sizeof states / sizeof *states; i++)
		if (strncmp(state, states[i].name, strlen(states[i].name)) == 0) {
			*hint = states[i].hint;
			return 1;
		}
	return 0;
}

/* One job's state as squeue or sacct reports it.  code: exit status
 * (-1 unknown). */
static void job_update(struct hs_exec *x, struct xtask *t, const char *state, const char *sstart,
		       const char *send, int code)
{
	double st, en;
	int scode;
	enum hs_state hint;
	if (!terminal(state, &hint)) {
		if (strncmp(state, "RUNNING", 7) == 0 && !t->started) {
			/* The walltime counts from the job's own stamp: Slurm's start
			 * is whole seconds, up to one early.  A stamp that does not
			 * appear (log directory not shared with the node) leaves
			 * Slurm's time after a while. */
			read_stamps(x, t, &st, &en, &scode);
			if (!isnan(st))
				xe_started(x, t, st);
			else if (!isnan(st = slurm_time(x, sstart)) && xe_now(x) - st > 3)
				xe_started(x, t, st);
		}
		return;
	}
	read_stamps(x, t, &st, &en, &scode);
	if (isnan(st) && !t->started && strncmp(state, "CANCELLED", 9) == 0) {
		/* Cancelled before its script began (squeue then shows the time
		 * of the cancel as its start): it never ran. */
		xe_notrun(x, t);
		return;
	}
	/* The script ended on its own (its TERM trap writes 143): whatever we
	 * asked since, it ran to its end and its status says how it went. */
	if (!isnan(en) && scode != 143)
		t->kill = XK_NONE;
	if (isnan(st))
		st = t->started ? t->start : slurm_time(x, sstart);
	if (isnan(en)) {
		en = slurm_time(x, send);
		/* Killed by us: it ran at least until we asked. */
		double asked = t->kill_at - x->o.kill_grace;
		if (t->kill != XK_NONE && (isnan(en) || en < asked))
			en = asked;
	} else {
		code = scode;
	}
	if (isnan(st)) {
		/* Cancelled while pending: it never ran. */
		xe_notrun(x, t);
		return;
	}
	xe_started(x, t, st);
	if (isnan(en))
		en = xe_now(x);
	xe_ended(x, t, en, hint, code);
}

static struct xtask *task_of_job(struct hs_exec *x, long job)
{
	for (int i = 0; i < x->nruns; i++)
		if (x->t[x->runs[i]].job == job)
			return &x->t[x->runs[i]];
	return NULL;
}

/* sacct for jobs squeue no longer knows: with slurmdbd, else jobcomp. */
static void ask_sacct(struct hs_exec *x, const char *ids)
{
	for (int pass = 0; pass < 2; pass++) {
		char *argv[] = {"sacct", "-n", "-P", "-X", "-j", (char *)ids, "-o",
				"JobID,State,Start,End,ExitCode", pass ? "-c" : NULL, NULL};
		char *out, *err;
		int st = xp_capture(argv, &out, &err);
		int found = 0;
		for (char *line = strtok(out, "\n"); st == 0 && line; line = strtok(NULL, "\n")) {
			int n;
			char **f = hs_split_list(line, '|', &n);
			struct xtask *t = n >= 5 ? task_of_job(x, strtol(f[0], NULL, 10)) : NULL;
			if (t) {
				int rc = -1, sig = 0;
				if (sscanf(f[4], "%d:%d", &rc, &sig) == 2 && sig > 0)
					rc = 128 + sig;
				job_update(x, t, f[1], f[2], f[3], rc);
				found++;
			}
			free(f);
		}
		free(out);
		free(err);
		if (found)
			return;
	}
}

static void poll_jobs(struct hs_exec *x)
{
	if (x->nruns == 0)
		return;
	char *ids = hs_strdup("");
	for (int i = 0; i < x->nruns; i++) {
		const struct xtask *t = &x->t[x->runs[i]];
		char *s = hs_asprintf("%s%s%ld", ids, *ids ? "," : "", t->job);
		free(ids);
		ids = s;
	}
	char *argv[] = {"squeue", "-h", "-t", "all", "-j", ids, "-O",
			"JobID:|,State:|,StartTime:|,EndTime:|,exit_code:|", NULL};
	char *out, *err;
	int st = xp_capture(argv, &out, &err);
	/* Snapshot the jobs asked about: job_update changes x->runs. */
	int n = x->nruns, seen_n = 0;
	long *asked = hs_malloc(sizeof *asked * (size_t)n);
	long *seen = hs_malloc(sizeof *seen * (size_t)n);
	for (int i = 0; i < n; i++)
		asked[i] = x->t[x->runs[i]].job;
	for (char *line = strtok(out, "\n"); line; line = strtok(NULL, "\n")) {
		int nf;
		char **f = hs_split_list(line, '|', &nf);
		long job = nf >= 5 ? strtol(f[0], NULL, 10) : 0;
		struct xtask *t = job > 0 ? task_of_job(x, job) : NULL;
		if (t) {
			int code = -1;
			long raw;
			if (sscanf(f[4], "%ld", &raw) == 1) {
				int w = (int)raw;
				code = WIFSIGNALED(w) ? 128 + WTERMSIG(w) : WEXITSTATUS(w);
			}
			if (seen_n < n)
				seen[seen_n++] = job;
			job_update(x, t, f[1], f[2], f[3], code);
		}
		free(f);
	}
	/* Jobs squeue did not list (older than MinJobAge, or squeue failed). */
	char *missing = hs_strdup("");
	for (int i = 0; i < n; i++) {
		int found = 0;
		for (int j = 0; j < seen_n && !found; j++)
			found = seen[j] == asked[i];
		if (found || !task_of_job(x, asked[i]))
			continue;
		char *s = hs_asprintf("%s%s%ld", missing, *missing ? "," : "", asked[i]);
		free(missing);
		missing = s;
	}
	if (*missing)
		ask_sacct(x, missing);
	(void)st;
	free(missing);
	free(asked);
	free(seen);
	free(out);
	free(err);
	free(ids);
}

static void slurm_wait(struct hs_exec *x, double timeout)
{
	struct slurm_state *ss = x->bs;
	double now = xe_now(x);
	double until = now + (timeout > 0 ? timeout : 0);
	double next_poll = ss->last_poll + x->o.poll;
	if (next_poll < until)
		until = next_poll;
	/* Children of our helpers (squeue, sbatch) wake us too: sleep on. */
	while ((now = xe_now(x)) < until)
		if (xe_sleep(x, until - now) == 2)
			return;
	if (xe_now(x) >= ss->last_poll + x->o.poll) {
		ss->last_poll = xe_now(x);
		poll_jobs(x);
	}
}

static void slurm_kill(struct hs_exec *x, struct xtask *t, int hard)
{
	(void)x;
	if (t->job <= 0)
		return;
	char id[32];
	snprintf(id, sizeof id, "%ld", t->job);
	/* Slurm sends SIGTERM, then SIGKILL after its KillWait; a hard kill
	 * signals the job's processes at once. */
	char *soft[] = {"scancel", id, NULL};
	char *strong[] = {"scancel", "--full", "--signal=KILL", id, NULL};
	char *out, *err;
	xp_capture(hard ? strong : soft, &out, &err);
	free(out);
	free(err);
	if (hard)
		xp_capture(soft, &out, &err), free(out), free(err);
}

static void slurm_release(struct hs_exec *x)
{
	struct slurm_state *ss = x->bs;
	if (!ss)
		return;
	for (int i = 0; i < ss->nnodes; i++)
		free(ss->nodes[i].name);
	free(ss->nodes);
	xp_free_words(ss->args);
	free(ss->cwd);
	free(ss);
	x->bs = NULL;
}

const struct hs_exec_backend hs_exec_backend_slurm = {
	.name = "slurm",
	.native_deps = 1,
	.prepare = slurm_prepare,
	.place = slurm_place,
	.launch = slurm_launch,
	.wait = slurm_wait,
	.kill = slurm_kill,
	.finish = NULL,
	.release = slurm_release,
};
