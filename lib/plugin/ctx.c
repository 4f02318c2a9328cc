/* plugin/ctx.c - the context an algorithm runs in: error reporting with the
 * algorithm's name, provenance entries for the "prov plan" record, and a
 * throttled progress line on a terminal.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hs/loader.h"

struct prov_entry {
	char *key, *val;
};

struct hs_ctx {
	char *algo;
	char *input;
	int verbose;
	int nerrors;
	int tty;              /* progress only goes to a terminal */
	double last_progress; /* hs_now() of the last progress line */
	int progress_shown;
	struct prov_entry *prov;
	int nprov, capprov;
};

/* Keys hs-plan and hs-sim write themselves; a plugin may not replace them. */
static const char *const reserved[] = {"tool",	    "version",	    "algo",	 "plugin",
				       "opts",	    "time",	    "model",	 "solver",
				       "tcp_gamma", "energy_model", "makespan", "energy",
				       "platform",  "knowledge",    "rejected", NULL};

struct hs_ctx *hs_ctx_new(const char *algo, const char *input, int verbose)
{
	struct hs_ctx *c = hs_calloc(1, sizeof *c);
	c->algo = hs_strdup(algo);
	c->input = hs_strdup(input ? input : "stdin");
	c->verbose = verbose;
	c->tty = isatty(STDERR_FILENO);
	c->last_progress = -1;
	return c;
}

void hs_ctx_free(struct hs_ctx *c)
{
	if (!c)
		return;
	for (int k = 0; k < c->nprov; k++) {
		free(c->prov[k].key);
		free(c->prov[k].val);
	}
	free(c->prov);
	free(c->algo);
	free(c->input);
	free(c);
}

int hs_ctx_nerrors(const struct hs_ctx *c)
{
	return c->nerrors;
}

int hs_ctx_verbose(const struct hs_ctx *c)
{
	return c ? c->verbose : 0;
}

/* Report one error, prefixed with the algorithm, or for_task with the task's
 * input line and id; ends a progress line first so the message stands alone. */
static HS_PRINTF(4, 0) void ctx_verror(struct hs_ctx *c, int for_task, const struct hs_task *t,
					const char *fmt, va_list ap)
{
	char *msg = NULL;
	if (vasprintf(&msg, fmt, ap) < 0)
		msg = NULL;
	hs_ctx_progress_end(c);
	if (for_task)
		hs_error_at(c->input, t && t->rec ? t->rec->line : 0, "task %s: %s",
			    t && t->id ? t->id : "?", msg ? msg : fmt);
	else
		hs_error("%s: %s", c->algo, msg ? msg : fmt);
	free(msg);
	c->nerrors++;
}

void hs_ctx_error(struct hs_ctx *c, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	ctx_verror(c, 0, NULL, fmt, ap);
	va_end(ap);
}

void hs_ctx_task_error(struct hs_ctx *c, const struct hs_task *t, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	ctx_verror(c, 1, t, fmt, ap);
	va_end(ap);
}

static int valid_key(const char *k)
{
	if (!k || !(isalpha((unsigned char)*k) || *k == '_'))
		return 0;
	for (k++; *k; k++)
		if (!isalnum((unsigned char)*k) && *k != '_' && *k != '.')
			return 0;
	return 1;
}

void hs_ctx_prov(struct hs_ctx *c, const char *key, const char *fmt, ...)
{
	if (!valid_key(key))
		hs_die(HS_EXIT_FAIL, "%s: plugin bug: bad provenance key '%s'", c->algo,
		       key ? key : "(null)");
	for (int k = 0; reserved[k]; k++)
		if (strcmp(key, reserved[k]) == 0)
			hs_die(HS_EXIT_FAIL, "%s: plugin bug: provenance key '%s' is the tool's own",
			       c->algo, key);
	va_list ap;
	va_start(ap, fmt);
	char *val = NULL;
	if (vasprintf(&val, fmt, ap) < 0)
		hs_die(HS_EXIT_FAIL, "out of memory");
	va_end(ap);
	for (int k = 0; k < c->nprov; k++)
		if (strcmp(c->prov[k].key, key) == 0) { /* the last value wins */
			free(c->prov[k].val);
			c->prov[k].val = val;
			return;
		}
	if (c->nprov == c->capprov) {
		c->capprov = c->capprov ? 2 * c->capprov : 8;
		c->prov = hs_reallocarray(c->prov, (size_t)c->capprov, sizeof *c->prov);
	}
	c->prov[c->nprov].key = hs_strdup(key);
	c->prov[c->nprov].val = val;
	c->nprov++;
}

void hs_ctx_prov_apply(const struct hs_ctx *c, struct hs_record *r)
{
	for (int k = 0; k < c->nprov; k++)
		hs_record_set(r, c->prov[k].key, c->prov[k].val);
}

void hs_ctx_progress(struct hs_ctx *c, double done, double total)
{
	if (!c || !c->tty || !(total > 0))
		return;
	double now = hs_now();
	/* At most ~10 updates a second: a planner may call this per task. */
	if (c->last_progress >= 0 && now - c->last_progress < 0.1 && done < total)
		return;
	c->last_progress = now;
	double pct = 100.0 * done / total;
	if (pct < 0)
		pct = 0;
	if (pct > 100)
		pct = 100;
	fprintf(stderr, "\r%s: %s: %3.0f%%", hs_progname(), c->algo, pct);
	fflush(stderr);
	c->progress_shown = 1;
}

void hs_ctx_progress_end(struct hs_ctx *c)
{
	if (!c || !c->progress_shown)
		return;
	fputs("\r\033[K", stderr);
	fflush(stderr);
	c->progress_shown = 0;
}
