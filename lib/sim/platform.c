/* sim/platform.c - hs-sim --platform: put another platform under a
 * planned stream (hs_sim_replace_platform in hs/sim.h). */
#include "hs/model.h"
#include "hs/sim.h"
#include "hs/simgrid.h"
#include "hs/util.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

static char *absolute(const char *path)
{
	char *abs = realpath(path, NULL);
	if (!abs)
		hs_error("%s: %s", path, strerror(errno));
	return abs;
}

/* The platform records of the hs stream in path, checked; NULL on error. */
static struct hs_record **load_platform(const char *path, int *n)
{
	struct hs_stream ps;
	struct hs_instance pin;
	memset(&pin, 0, sizeof pin);
	if (hs_stream_load(&ps, path) < 0) {
		hs_stream_release(&ps); /* its name, and what was read before the error */
		return NULL;
	}
	if (hs_instance_load(&pin, &ps) < 0) {
		hs_instance_release(&pin);
		hs_stream_release(&ps);
		return NULL;
	}
	hs_instance_release(&pin);
	struct hs_record **recs = hs_malloc((ps.n + 1) * sizeof *recs);
	*n = 0;
	for (size_t i = 0; i < ps.n; i++) {
		struct hs_record *r = ps.recs[i];
		if (!hs_record_is_platform(r))
			continue;
		/* Taken over: the stream frees a blank line in its place. */
		ps.recs[i] = hs_record_new(NULL, "");
		const char *xml = strcmp(r->kind, "platform") == 0 ? hs_record_get(r, "xml") : NULL;
		if (xml && xml[0] != '/') {
			char *joined = hs_path_beside(path, xml);
			char *abs = realpath(joined, NULL);
			hs_record_set(r, "xml", abs ? abs : joined);
			free(abs);
			free(joined);
		}
		r->line = 0; /* not a line of the stream it goes into */
		recs[(*n)++] = r;
	}
	hs_stream_release(&ps);
	return recs;
}

int hs_sim_replace_platform(struct hs_stream *s, const char *path)
{
	int xml = hs_simgrid_is_file(path);
	if (xml < 0)
		return -1;
	struct hs_record **add;
	int nadd;
	if (xml) {
		char *abs = absolute(path);
		if (!abs)
			return -1;
		add = hs_malloc(sizeof *add);
		add[0] = hs_record_new("platform", "sim");
		hs_record_set(add[0], "xml", abs);
		nadd = 1;
		free(abs);
	} else if (!(add = load_platform(path, &nadd))) {
		return -1;
	}

	/* The new records go where the first old one was (else after the
	 * prov records). */
	size_t pos = s->n, after_prov = s->header_pos;
	for (size_t i = 0; i < s->n; i++) {
		if (hs_record_is_platform(s->recs[i]) && pos == s->n)
			pos = i;
		if (s->recs[i]->kind && strcmp(s->recs[i]->kind, "prov") == 0)
			after_prov = i + 1;
	}
	if (pos == s->n)
		pos = after_prov;
	if (pos < s->header_pos)
		pos = s->header_pos;
	size_t cap = s->n + nadd + 1;
	struct hs_record **recs = hs_malloc(cap * sizeof *recs);
	size_t m = 0;
	for (size_t i = 0; i <= s->n; i++) {
		if (i == pos)
			for (int k = 0; k < nadd; k++)
				recs[m++] = add[k];
		if (i == s->n)
			break;
		if (hs_record_is_platform(s->recs[i]))
			hs_record_free(s->recs[i]);
		else
			recs[m++] = s->recs[i];
	}
	free(add);
	free(s->recs);
	s->recs = recs;
	s->n = m;
	s->cap = cap; /* what was allocated: m can be less (old records dropped) */
	return 0;
}
