/* exec/cmd.c - what a task runs: the --command template's placeholders, the
 * environment variables naming its allotment, and quoting for sh. */
#include "exec_priv.h"
#include "hs/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A growing string. */
struct sbuf {
	char *s;
	size_t n, cap;
};

static void sb_add(struct sbuf *b, const char *s, size_t len)
{
	if (b->n + len + 1 > b->cap) {
		b->cap = (b->n + len + 1) * 2;
		b->s = hs_realloc(b->s, b->cap);
	}
	memcpy(b->s + b->n, s, len);
	b->n += len;
	b->s[b->n] = 0;
}

static void sb_str(struct sbuf *b, const char *s)
{
	sb_add(b, s, strlen(s));
}

static int shell_safe(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._,/:+-@%=",
			    *s))
			return 0;
	return 1;
}

char *hs_shell_quote(const char *s)
{
	if (shell_safe(s))
		return hs_strdup(s);
	struct sbuf b = {0};
	sb_str(&b, "'");
	for (const char *p = s; *p; p++) {
		if (*p == '\'')
			sb_str(&b, "'\\''");
		else
			sb_add(&b, p, 1);
	}
	sb_str(&b, "'");
	return b.s;
}

/* Times are observed to the microsecond; planned ones are shown the same
 * way so that `sleep {time}` gets a short, exact argument. */
static void fmt_time(char *buf, double v)
{
	if (isinf(v)) {
		strcpy(buf, v > 0 ? "inf" : "-inf");
		return;
	}
	hs_fmt_double(buf, round(v * 1e6) / 1e6);
}

/* "a,b" of the parts' node ids. */
static char *part_nodes(const struct hs_instance *in, const struct hs_placement *p)
{
	struct sbuf b = {0};
	sb_str(&b, "");
	for (int k = 0; k < p->nparts; k++) {
		if (k)
			sb_str(&b, ",");
		sb_str(&b, in->plat.nodes[p->parts[k].node].id);
	}
	return b.s;
}

/* "0-3/0-1": each part's cores (gpus when gpus is set), '/' between parts. */
static char *part_sets(const struct hs_placement *p, int gpus, int first_only, const char *sep)
{
	struct sbuf b = {0};
	sb_str(&b, "");
	int n = first_only && p->nparts > 0 ? 1 : p->nparts, total = 0;
	for (int k = 0; k < n; k++)
		total += gpus ? p->parts[k].ngpus : p->parts[k].ncores;
	if (total == 0) /* none at all: "", not "/" */
		return b.s;
	for (int k = 0; k < n; k++) {
		if (k)
			sb_str(&b, "/");
		const int *v = gpus ? p->parts[k].gpus : p->parts[k].cores;
		int nv = gpus ? p->parts[k].ngpus : p->parts[k].ncores;
		if (nv == 0)
			continue;
		if (sep) { /* a plain list: CUDA_VISIBLE_DEVICES wants "0,1", not "0-1" */
			for (int i = 0; i < nv; i++) {
				char num[16];
				snprintf(num, sizeof num, "%s%d", i ? sep : "", v[i]);
				sb_str(&b, num);
			}
		} else {
			char *s = hs_fmt_intset(v, nv);
			sb_str(&b, s);
			free(s);
		}
	}
	return b.s;
}

/* The value of placeholder name (len bytes), malloc'd, or NULL if unknown
 * (*err set). */
static char *placeholder(const char *name, size_t len, const struct hs_instance *in,
			 const struct hs_task *t, const struct hs_placement *p, const char *host,
			 double scale, char **err)
{
	char num[HS_NUMBUF];
#define IS(w) (len == strlen(w) && strncmp(name, w, len) == 0)
	if (IS("task"))
		return hs_strdup(t->id);
	if (IS("node"))
		return part_nodes(in, p);
	if (IS("host"))
		return hs_strdup(host ? host : "");
	if (IS("cores"))
		return part_sets(p, 0, 0, NULL);
	if (IS("gpus"))
		return part_sets(p, 1, 0, NULL);
	if (IS("ncores"))
		return hs_asprintf("%d", hs_schedule_total_cores(p));
	if (IS("ngpus"))
		return hs_asprintf("%d", hs_schedule_total_gpus(p));
	/* times in seconds of the run: the stream's divided by --time-scale */
	if (IS("time")) {
		fmt_time(num, (p->end - p->start) / scale);
		return hs_strdup(num);
	}
	if (IS("start")) {
		fmt_time(num, p->start / scale);
		return hs_strdup(num);
	}
	if (IS("end")) {
		fmt_time(num, p->end / scale);
		return hs_strdup(num);
	}
	if (IS("walltime")) {
		fmt_time(num, t->walltime / scale);
		return hs_strdup(num);
	}
#undef IS
	if (len > 6 && strncmp(name, "field.", 6) == 0) {
		char *key = hs_strndup(name + 6, len - 6);
		const char *v = t->rec ? hs_record_get(t->rec, key) : NULL;
		if (!v)
			*err = hs_asprintf("no field '%s' for placeholder {%.*s} in --command", key,
					   (int)len, name);
		free(key);
		return v ? hs_strdup(v) : NULL;
	}
	*err = hs_asprintf("unknown placeholder {%.*s} in --command (known: {task} {node} {host} "
			   "{cores} {ncores} {gpus} {ngpus} {time} {start} {end} {walltime} "
			   "{field.KEY}; {{ and }} for braces)",
			   (int)len, name);
	return NULL;
}

static char *expand(const char *tmpl, const struct hs_instance *in, const struct hs_task *t,
		    const struct hs_placement *p, const char *host, double scale, char **err)
{
	struct sbuf b = {0};
	sb_str(&b, "");
	*err = NULL;
	for (const char *s = tmpl; *s;) {
		if ((s[0] == '{' && s[1] == '{') || (s[0] == '}' && s[1] == '}')) {
			sb_add(&b, s, 1);
			s += 2;
			continue;
		}
		if (*s == '}') {
			*err = hs_strdup("unmatched '}' in --command (write }} for a brace)");
			free(b.s);
			return NULL;
		}
		if (*s != '{') {
			size_t run = strcspn(s, "{}");
			sb_add(&b, s, run);
			s += run;
			continue;
		}
		const char *close = strchr(s + 1, '}');
		if (!close) {
			*err = hs_strdup("unmatched '{' in --command (write {{ for a brace)");
			free(b.s);
			return NULL;
		}
		char *v = placeholder(s + 1, (size_t)(close - s - 1), in, t, p, host, scale, err);
		if (!v) {
			free(b.s);
			return NULL;
		}
		char *q = hs_shell_quote(v);
		/* An empty value (no GPUs) stays empty rather than becoming ''. */
		sb_str(&b, *v ? q : "");
		free(q);
		free(v);
		s = close + 1;
	}
	return b.s;
}

char *hs_exec_expand(const char *tmpl, const struct hs_instance *in, const struct hs_task *t,
		     const struct hs_placement *p, const char *host, char **err)
{
	return expand(tmpl, in, t, p, host, 1, err);
}

char *xc_expand(const struct hs_exec *x, const struct xtask *t, const char *host, char **err)
{
	return expand(x->o.command, x->in, t->task, t->plan, host, x->scale, err);
}

/* ---- environment ---- */

static void env_add(char ***env, int *n, const char *key, const char *val)
{
	*env = hs_reallocarray(*env, (size_t)*n + 2, sizeof **env);
	(*env)[(*n)++] = hs_asprintf("%s=%s", key, val);
	(*env)[*n] = NULL;
}

char **xc_env(const struct hs_exec *x, const struct xtask *t)
{
	const struct hs_placement *p = t->plan;
	char **env = NULL;
	int n = 0;
	char num[HS_NUMBUF];
	char *s;

	env_add(&env, &n, "HS_TASK", t->task->id);
	s = part_nodes(x->in, p);
	env_add(&env, &n, "HS_NODE", s);
	free(s);
	struct sbuf hosts = {0};
	sb_str(&hosts, "");
	for (int k = 0; k < p->nparts; k++) {
		if (k)
			sb_str(&hosts, ",");
		sb_str(&hosts, t->hosts[k]);
	}
	env_add(&env, &n, "HS_HOST", hosts.s);
	free(hosts.s);
	s = part_sets(p, 0, 0, NULL);
	env_add(&env, &n, "HS_CORES", s);
	free(s);
	snprintf(num, sizeof num, "%d", hs_schedule_total_cores(p));
	env_add(&env, &n, "HS_NCORES", num);
	s = part_sets(p, 1, 0, NULL);
	env_add(&env, &n, "HS_GPUS", s);
	free(s);
	snprintf(num, sizeof num, "%d", hs_schedule_total_gpus(p));
	env_add(&env, &n, "HS_NGPUS", num);
	fmt_time(num, (p->end - p->start) / x->scale);
	env_add(&env, &n, "HS_TIME", num);
	fmt_time(num, p->start / x->scale);
	env_add(&env, &n, "HS_START", num);
	fmt_time(num, p->end / x->scale);
	env_add(&env, &n, "HS_END", num);
	if (isfinite(t->task->walltime)) {
		fmt_time(num, t->task->walltime / x->scale);
		env_add(&env, &n, "HS_WALLTIME", num);
	}
	/* Thread counts are per process, i.e. per node: the first part's. */
	int threads = p->nparts > 0 && p->parts[0].ncores > 0 ? p->parts[0].ncores : 1;
	snprintf(num, sizeof num, "%d", threads);
	env_add(&env, &n, "OMP_NUM_THREADS", num);
	env_add(&env, &n, "OPENBLAS_NUM_THREADS", num);
	env_add(&env, &n, "MKL_NUM_THREADS", num);
	/* No planned GPU: none visible, so a CPU task cannot take one by accident. */
	s = part_sets(p, 1, 1, ",");
	env_add(&env, &n, "CUDA_VISIBLE_DEVICES", s);
	free(s);
	return env;
}

void xc_free_env(char **env)
{
	if (!env)
		return;
	for (char **e = env; *e; e++)
		free(*e);
	free(env);
}
