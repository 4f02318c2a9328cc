/* util/strmap.h - string -> int hash map (open addressing, FNV-1a), for id
 * lookups in the model loader, the network builder and the SimGrid reader.
 * Keys are not copied: they must outlive the map.  Not installed. */
#ifndef HS_STRMAP_H
#define HS_STRMAP_H

#include <stddef.h>
#include <stdint.h>

/* A slot holds its key's hash and first 8 bytes beside the key, so that a
 * probe compares strings only when the hashes agree, and for short keys
 * ("t123") never reads the key itself: one cache line per probe. */
struct hs_strmap_slot {
	const char *key; /* NULL: empty */
	uint32_t hash;
	int val;
	char head[8];    /* the key's first 8 bytes, NUL-padded */
};

struct hs_strmap {
	struct hs_strmap_slot *slots;
	size_t cap; /* power of two */
	size_t n;
};

void hs_strmap_init(struct hs_strmap *m, size_t expected);
void hs_strmap_release(struct hs_strmap *m);
/* The value of k, or -1 when absent (or k is NULL). */
int hs_strmap_get(const struct hs_strmap *m, const char *k);
/* Insert k -> v unless k is present; returns the existing value or -1. */
int hs_strmap_put(struct hs_strmap *m, const char *k, int v);
/* Insert or replace. */
void hs_strmap_set(struct hs_strmap *m, const char *k, int v);
/* Bring the slot where the first len bytes of k (up to its NUL: len
 * SIZE_MAX) would start into the cache: a caller that knows the keys it
 * will look up soon hides the cache miss of each lookup in a large map
 * behind its work on earlier ones. */
void hs_strmap_prefetch(const struct hs_strmap *m, const char *k, size_t len);

#endif
