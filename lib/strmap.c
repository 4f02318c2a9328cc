/* strmap.c - string -> int hash map (strmap.h). */
#include "strmap.h"
#include "hs/util.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static uint64_t hash_str(const char *s)
{
	uint64_t h = 1469598103934665603ull; /* FNV-1a */
	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 1099511628211ull;
	}
	return h;
}

void hs_strmap_init(struct hs_strmap *m, size_t expected)
{
	size_t cap = 16;
	while (cap < expected * 2 + 1)
		cap *= 2;
	m->keys = hs_calloc(cap, sizeof *m->keys);
	m->vals = hs_calloc(cap, sizeof *m->vals);
	m->cap = cap;
	m->n = 0;
}

void hs_strmap_release(struct hs_strmap *m)
{
	free(m->keys);
	free(m->vals);
	memset(m, 0, sizeof *m);
}

static size_t slot_of(const struct hs_strmap *m, const char *k)
{
	size_t i = (size_t)hash_str(k) & (m->cap - 1);
	while (m->keys[i] && strcmp(m->keys[i], k) != 0)
		i = (i + 1) & (m->cap - 1);
	return i;
}

int hs_strmap_get(const struct hs_strmap *m, const char *k)
{
	if (!m->cap || !k)
		return -1;
	size_t i = slot_of(m, k);
	return m->keys[i] ? m->vals[i] : -1;
}

static void grow(struct hs_strmap *m)
{
	struct hs_strmap big;
	hs_strmap_init(&big, m->cap); /* doubles the capacity */
	for (size_t i = 0; i < m->cap; i++)
		if (m->keys[i]) {
			size_t j = slot_of(&big, m->keys[i]);
			big.keys[j] = m->keys[i];
			big.vals[j] = m->vals[i];
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
	size_t i = slot_of(m, k);
	if (m->keys[i])
		return m->vals[i];
	m->keys[i] = k;
	m->vals[i] = v;
	m->n++;
	return -1;
}

void hs_strmap_set(struct hs_strmap *m, const char *k, int v)
{
	size_t i = slot_of(m, k);
	if (!m->keys[i]) {
		hs_strmap_put(m, k, v);
		return;
	}
	m->vals[i] = v;
}
