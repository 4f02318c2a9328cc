/* prov.c - the "prov gen" record every generator starts its output with. */
#include "hs/gen.h"

struct hs_record *hs_gen_prov_new(const char *gen)
{
	struct hs_record *p = hs_record_new("prov", "gen");
	hs_record_set(p, "tool", "hs-gen");
	hs_record_set(p, "version", HS_VERSION);
	hs_record_set(p, "gen", gen);
	return p;
}
