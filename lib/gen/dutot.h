/* dutot.h - the platforms of Dutot, Poquet and Trystram (Communication
 * Models Insights Meet Simulations, sections 5.1, 5.3, 5.4 and Table 1) as
 * built-in platforms of hs-gen (lib/gen/platform.c lists them).  Not
 * installed. */
#ifndef HS_GEN_DUTOT_H
#define HS_GEN_DUTOT_H

#include "hs/format.h"

/* Append the platform's records to out; params is the "k=v,k=v" part of
 * "dutot-homo:k=v,..." (NULL: the paper's values).  Returns 0, or -1 after
 * reporting a bad parameter. */
int hs_gen_dutot_homo(struct hs_stream *out, const char *name, const char *params);
/* dutot-homo with the host links and latencies the paper prints
 * (1.25e6 B/s, 24e-9 s) instead of Griffon's. */
int hs_gen_dutot_homo_literal(struct hs_stream *out, const char *name, const char *params);
int hs_gen_dutot_hetero(struct hs_stream *out, const char *name, const char *params);

#endif
