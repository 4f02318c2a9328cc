/* model/add_task.c - a task added to a loaded instance while a tool runs
 * (hs_instance_add_task): an online scheduler's own job, or one a Batsim
 * scheduler registers.  Its record is decoded by the loader's task
 * decoder, with the same checks and messages as a record of the stream. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hs/format.h"
#include "hs/model.h"
#include "hs/util.h"
#include "load.h"

/* The loader's problems as one message ("task x: unknown model 'y'; ..."),
 * malloc'd. */
static char *problems_text(struct loader *L)
{
	size_t len = 0;
	for (int i = 0; i < L->nerrs; i++)
		len += strlen(L->errs[i].msg) + 2;
	char *s = hs_malloc(len + 1), *p = s;
	for (int i = 0; i < L->nerrs; i++) {
		p += sprintf(p, "%s%s", i ? "; " : "", L->errs[i].msg);
		free(L->errs[i].msg);
	}
	*p = '\0';
	free(L->errs);
	return s;
}

int hs_instance_add_task(struct hs_instance *in, struct hs_record *r, char **msg)
{
	struct index *ix = in->index_;
	*msg = NULL;
	if (!ix || !r->kind || strcmp(r->kind, "task") != 0 || !r->id || !*r->id) {
		*msg = hs_strdup("not a task record with an id");
		return -1;
	}
	if (hs_strmap_get(&ix->tasks, r->id) >= 0) {
		*msg = hs_asprintf("task %s: the id names a task already", r->id);
		return -1;
	}
	if (hs_record_get(r, "deps")) {
		*msg = hs_asprintf("task %s: deps= is not taken from a task added while running", r->id);
		return -1;
	}
	int i = in->ntasks;
	struct hs_task t;
	size_t dep_off = 0;
	struct loader L = { .in = in, .s = in->stream, .ix = ix, .dep_off = &dep_off };
	/* hs_load_task reads its own index into dep_off: task i is slot 0 */
	hs_load_task(&L, &t, 0, r, hs_load_strdup(&ix->strings, r->id));
	t.index = i;
	if (L.total) {
		free(t.times);
		free(t.comp);
		free(t.comm);
		*msg = problems_text(&L);
		return -1;
	}
	in->tasks = hs_reallocarray(in->tasks, (size_t)i + 1, sizeof *in->tasks);
	in->tasks[i] = t;
	in->ntasks = i + 1;
	hs_strmap_put(&ix->tasks, t.id, i);
	hs_stream_append(in->stream, r);
	return i;
}
