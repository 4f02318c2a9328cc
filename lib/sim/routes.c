/* sim/routes.c - routes looked up once per pair of nodes (routes.h):
 * an open-addressing table from the pair to the route's links in a pool. */
#include "routes.h"
#include "hs/util.h"

#include <stdlib.h>
#include <string.h>

/* Pairs kept at most (about 40 bytes each, and their links). */
#define SIM_ROUTES_MAX (1 << 20)

void hs_sim_routes_init(struct hs_sim_routes *rc, const struct hs_net *net, int nnodes)
{
	memset(rc, 0, sizeof *rc);
	rc->net = net;
	rc->nnodes = nnodes;
}

void hs_sim_routes_release(struct hs_sim_routes *rc)
{
	free(rc->key);
	free(rc->off);
	free(rc->n);
	free(rc->lat);
	free(rc->pool);
	hs_route_release(&rc->tmp);
	memset(rc, 0, sizeof *rc);
}

static int slot(const struct hs_sim_routes *rc, long key)
{
	unsigned long h = (unsigned long)key * 0x9E3779B97F4A7C15UL;
	int i = (int)(h >> 40) & (rc->cap - 1);
	while (rc->key[i] != -1 && rc->key[i] != key)
		i = (i + 1) & (rc->cap - 1);
	return i;
}

/* Twice the slots, the pairs kept moved over. */
static void rehash(struct hs_sim_routes *rc)
{
	struct hs_sim_routes old = *rc;
	rc->cap = old.cap ? 2 * old.cap : 1024;
	rc->key = hs_malloc(rc->cap * sizeof *rc->key);
	rc->off = hs_malloc(rc->cap * sizeof *rc->off);
	rc->n = hs_malloc(rc->cap * sizeof *rc->n);
	rc->lat = hs_malloc(rc->cap * sizeof *rc->lat);
	for (int i = 0; i < rc->cap; i++)
		rc->key[i] = -1;
	for (int i = 0; i < old.cap; i++) {
		if (old.key[i] == -1)
			continue;
		int j = slot(rc, old.key[i]);
		rc->key[j] = old.key[i];
		rc->off[j] = old.off[i];
		rc->n[j] = old.n[i];
		rc->lat[j] = old.lat[i];
	}
	free(old.key);
	free(old.off);
	free(old.n);
	free(old.lat);
}

int hs_sim_route(struct hs_sim_routes *rc, int src, int dst, const int **links, int *n, double *lat)
{
	long key = (long)src * rc->nnodes + dst;
	int i = rc->cap ? slot(rc, key) : 0;
	if (rc->cap && rc->key[i] == key) {
		*links = rc->pool + rc->off[i];
		*n = rc->n[i];
		*lat = rc->lat[i];
		return *n < 0 ? -1 : 0;
	}
	int r = hs_net_route(rc->net, src, dst, &rc->tmp);
	*links = rc->tmp.links;
	*n = rc->tmp.n;
	*lat = rc->tmp.lat;
	if (rc->used >= SIM_ROUTES_MAX)
		return r;
	if (2 * (rc->used + 1) > rc->cap) {
		rehash(rc);
		i = slot(rc, key);
	}
	if (rc->npool + rc->tmp.n > rc->cappool) {
		rc->cappool = 2 * (rc->npool + rc->tmp.n) + 1024;
		rc->pool = hs_reallocarray(rc->pool, rc->cappool, sizeof *rc->pool);
	}
	if (rc->tmp.n > 0)
		memcpy(rc->pool + rc->npool, rc->tmp.links, rc->tmp.n * sizeof *rc->pool);
	rc->key[i] = key;
	rc->off[i] = (int)rc->npool;
	rc->n[i] = r < 0 ? -1 : rc->tmp.n;
	rc->lat[i] = rc->tmp.lat;
	rc->npool += rc->tmp.n;
	rc->used++;
	return r;
}
