/* ref_routes.c - SimGrid's routes against hs_net_route's, for
 * hs-simgrid-ref --check-routes (ref.h). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <simgrid/host.h>
#include <simgrid/link.h>
#include <xbt/dynar.h>

#include "hs/util.h"
#include "ref.h"

/* The name ref_platform_save gives each hs link (net->links order; flat:
 * the platform lists hs's routes). */
static char **sg_link_names(const struct hs_instance *in, const struct hs_net *net, int flat)
{
	const struct hs_platform *pl = &in->plat;
	char **names = hs_calloc(net->nlinks + 1, sizeof *names);
	if (flat) {
		for (int k = 0; k < net->nlinks; k++)
			names[k] = hs_asprintf("l%d", k);
		return names;
	}
	for (int c = 0; c < pl->nclusters; c++) {
		const struct hs_cluster *cl = &pl->clusters[c];
		char *id = hs_asprintf("%s_backbone", cl->id);
		int k = hs_net_find_link(net, id);
		if (k >= 0)
			names[k] = hs_asprintf("c%d_backbone", c);
		free(id);
		id = hs_asprintf("%s_uplink", cl->id);
		if ((k = hs_net_find_link(net, id)) >= 0)
			names[k] = hs_asprintf("c%d_uplink", c);
		free(id);
		for (int i = cl->first_node; i < cl->first_node + cl->nnodes; i++) {
			int l[2];
			ref_node_links(net, pl, i, l);
			for (int d = 0; d < 2; d++)
				if (l[d] >= 0 && !names[l[d]])
					names[l[d]] = hs_asprintf("c%d_link_%d%s", c, i,
								  !cl->sharing_splitduplex ? ""
								  : d == 0		   ? "_UP"
											   : "_DOWN");
		}
	}
	int k = hs_net_find_link(net, "backbone");
	if (k >= 0 && !names[k])
		names[k] = hs_strdup("backbone");
	for (k = 0; k < net->nlinks; k++)
		if (!names[k])
			names[k] = hs_asprintf("(hs link %s)", net->links[k].id);
	return names;
}

/* A growing string, for route descriptions. */
struct buf {
	char *s;
	size_t n, cap;
};

static void buf_add(struct buf *b, const char *fmt, ...) HS_PRINTF(2, 3);
static void buf_add(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int len = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (b->n + len + 2 > b->cap) {
		b->cap = 2 * (b->n + len + 2);
		b->s = hs_realloc(b->s, b->cap);
	}
	va_start(ap, fmt);
	b->n += vsnprintf(b->s + b->n, b->cap - b->n, fmt, ap);
	va_end(ap);
}

/* One link of a route: its name where both sides name links alike (the
 * platforms written here), else what it is: bandwidth/latency/sharing (a
 * SimGrid file read by both). */
static void describe(struct buf *b, const char *name, double bw, double lat, int shared)
{
	if (b->n)
		buf_add(b, ",");
	if (name)
		buf_add(b, "%s", name);
	else
		buf_add(b, "%.17g/%.17g/%s", bw, lat, shared ? "shared" : "fatpipe");
}

long ref_check_routes(const struct hs_instance *in, const struct hs_net *net, sg_host_t *host,
		      int written, int flat)
{
	const struct hs_platform *pl = &in->plat;
	int by_name = written;
	char **names = by_name ? sg_link_names(in, net, ref_platform_is_flat(in, flat)) : NULL;
	struct hs_route r = {0};
	xbt_dynar_t links = xbt_dynar_new(sizeof(sg_link_t), NULL);
	long checked = 0, differ = 0;
	struct buf a = {0}, b = {0};
	for (int i = 0; i < pl->nnodes; i++)
		for (int j = 0; j < pl->nnodes; j++) {
			/* SimGrid throws (C++) where it has no route: ask
			 * only where hs has one. */
			if (i == j || hs_net_route(net, i, j, &r) < 0)
				continue;
			checked++;
			xbt_dynar_reset(links);
			sg_host_get_route(host[i], host[j], links);
			double lat = sg_host_get_route_latency(host[i], host[j]);
			a.n = b.n = 0;
			buf_add(&a, "%s", "");
			buf_add(&b, "%s", "");
			unsigned k;
			sg_link_t l;
			xbt_dynar_foreach (links, k, l) {
				const char *nm = sg_link_get_name(l);
				if (!by_name || strcmp(nm, REF_UNLIMITED) != 0)
					describe(&a, by_name ? nm : NULL, sg_link_get_bandwidth(l),
						 sg_link_get_latency(l), sg_link_is_shared(l));
			}
			for (int m = 0; m < r.n; m++) {
				const struct hs_link *hl = &net->links[r.links[m]];
				describe(&b, by_name ? names[r.links[m]] : NULL, hl->bw, hl->lat,
					 hl->sharing == HS_LINK_SHARED);
			}
			if (strcmp(a.s, b.s) != 0 || fabs(lat - r.lat) > 1e-12 * fmax(1, fabs(r.lat))) {
				char x[HS_NUMBUF], y[HS_NUMBUF];
				printf("route %s %s: simgrid %s (lat %s), hs %s (lat %s)\n", pl->nodes[i].id,
				       pl->nodes[j].id, a.s, hs_fmt_double(x, lat), b.s, hs_fmt_double(y, r.lat));
				differ++;
			}
		}
	printf("routes: %ld checked, %ld differ\n", checked, differ);
	free(a.s);
	free(b.s);
	xbt_dynar_free(&links);
	hs_route_release(&r);
	if (names)
		for (int k = 0; k < net->nlinks; k++)
			free(names[k]);
	free(names);
	return differ;
}
