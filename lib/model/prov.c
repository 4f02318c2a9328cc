/* model/prov.c - provenance records ("prov STAGE key=val ..."): one per
 * stage, kept after the header, and their values looked up. */
#include <string.h>

#include "hs/format.h"
#include "hs/model.h"

static int is_prov(const struct hs_record *r, const char *stage)
{
	return r->kind && r->kind[0] == 'p' && strcmp(r->kind, "prov") == 0 &&
	       (!stage || strcmp(r->id, stage) == 0);
}

struct hs_record *hs_instance_prov(struct hs_instance *in, const char *stage)
{
	struct hs_stream *s = in->stream;
	for (size_t i = 0; i < s->n; i++)
		if (is_prov(s->recs[i], stage)) {
			if (i < s->header_pos)
				s->header_pos--;
			hs_record_free(s->recs[i]);
			memmove(&s->recs[i], &s->recs[i + 1], (s->n - i - 1) * sizeof *s->recs);
			s->n--;
			i--;
		}
	/* After the last prov record, or first after the header line (which is
	 * not a record; comments above it stay there). */
	size_t pos = s->header_pos;
	for (size_t i = 0; i < s->n; i++)
		if (is_prov(s->recs[i], NULL))
			pos = i + 1;
	struct hs_record *r = hs_record_new("prov", stage);
	hs_stream_append(s, r);
	memmove(&s->recs[pos + 1], &s->recs[pos], (s->n - 1 - pos) * sizeof *s->recs);
	s->recs[pos] = r;
	return r;
}

const char *hs_stream_prov(const struct hs_stream *s, const char *key)
{
	/* "STAGE.KEY" names one stage when a prov record of that stage exists;
	 * otherwise the whole text is a key (keys may contain dots).  One pass
	 * looks both up: a stream holds a record per task, and hs-report asks
	 * several keys of each. */
	const char *dot = strchr(key, '.');
	size_t len = dot ? (size_t)(dot - key) : 0;
	const char *staged = NULL, *plain = NULL;
	int stage_seen = 0;
	for (size_t i = 0; i < s->n; i++) {
		const struct hs_record *r = s->recs[i];
		if (!is_prov(r, NULL))
			continue;
		if (dot && strlen(r->id) == len && strncmp(r->id, key, len) == 0) {
			stage_seen = 1;
			const char *v = hs_record_get(r, dot + 1);
			if (v)
				staged = v;
		}
		const char *v = hs_record_get(r, key);
		if (v)
			plain = v;
	}
	return stage_seen ? staged : plain;
}
