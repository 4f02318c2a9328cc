/* util/strmap.c - string -> int hash map (strmap.h). */
#include "strmap.h"
#include "hs/util.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define FNV_BASIS 1469598103934665603ull

static inline uint64_t fnv_byte(uint64_t h, char c)
{
	return (h ^ (unsigned char)c) * 1099511628211ull;
}

/* FNV-1a of s; its first 8 bytes (NUL-padded) in head, its length in *len. */
static uint64_t hash_str(const char *s, char head[8], size_t *len)
{
	uint64_t h = FNV_BASIS;
	size_t n = 0;
	memset(head, 0, 8);
	for (; s[n]; n++) {
		if (n < 8)
			head[n] = s[n];
		h = fnv_byte(h, s[n]);
	}
	*len = n;
	return h;
}

void hs_strmap_prefetch(const struct hs_strmap *m, const char *k, size_t len)
{
	if (!m->cap)
		return;
	uint64_t h = FNV_BASIS; /* as hash_str */
	for (size_t n = 0; n < len && k[n]; n++)
		h = fnv_byte(h, k[n]);
	__builtin_prefetch(&m->slots[(size_t)h & (m->cap - 1)]);
}

void hs_strmap_init(struct hs_strmap *m, size_t expected)
{
	size_t cap = 16;
	while (cap < expected * 2 + 1)
		cap *= 2;
	m->slots = hs_calloc(cap, sizeof *m->slots);
	m->cap = cap;
	m->n = 0;
}

void hs_strmap_release(struct hs_strmap *m)
{
	free(m->slots);
	memset(m, 0, sizeof *m);
}

/* The slot of k, or the empty slot where it would go.  The table's index
 * comes from the hash's low bits, the stored hash is its high half. */
static size_t slot_of(const struct hs_strmap *m, const char *k, uint32_t *hash, char head[8])
{
	size_t len;
	uint64_t h = hash_str(k, head, &len);
	uint32_t tag = (uint32_t)(h >> 32);
	size_t i = (size_t)h & (m->cap - 1);
	for (;;) {
		const struct hs_strmap_slot *s = &m->slots[i];
		if (!s->key)
			break;
		/* Equal heads of a key shorter than 8 bytes (its NUL inside)
		 * are equal keys. */
		if (s->hash == tag && memcmp(s->head, head, 8) == 0 &&
		    (len < 8 || strcmp(s->key + 8, k + 8) == 0))
			break;
		i = (i + 1) & (m->cap - 1);
	}
	*hash = tag;
	return i;
}

int hs_strmap_get(const struct hs_strmap *m, const char *k)
{
	if (!m->cap || !k)
		return -1;
	uint32_t h;
	char head[8];
	size_t i = slot_of(m, k, &h, head);
	return m->slots[i].key ? m->slots[i].val : -1;
}

static void grow(struct hs_strmap *m)
{
	struct hs_strmap big;
	hs_strmap_init(&big, m->cap); /* doubles the capacity */
	for (size_t i = 0; i < m->cap; i++)
		if (m->slots[i].key) {
			uint32_t h;
			char head[8];
			size_t j = slot_of(&big, m->slots[i].key, &h, head);
			big.slots[j] = m->slots[i];
			big.n++;
		}
	hs_strmap_release(m);
	*m = big;
}

/* Insert k -> v unless k is present; returns the existing value or -1.
 * The key string must outlive the map. */
int hs_strmap_put(struct hs_strmap *m, const char *k, int v)
{
	if ((m->n + 1) * 2 > m->cap)
		grow(m);
	uint32_t h;
	char head[8];
	size_t i = slot_of(m, k, &h, head);
	if (m->slots[i].key)
		return m->slots[i].val;
	m->slots[i] = (struct hs_strmap_slot){ k, h, v, {0} };
	memcpy(m->slots[i].head, head, 8);
	m->n++;
	return -1;
}

void hs_strmap_set(struct hs_strmap *m, const char *k, int v)
{
	uint32_t h;
	char head[8];
	size_t i = slot_of(m, k, &h, head);
	if (!m->slots[i].key) {
		hs_strmap_put(m, k, v);
		return;
	}
	m->slots[i].val = v;
}
