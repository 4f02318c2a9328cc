/* routes.c - hs's view of a platform, for tests/0330: the nodes (flops,
 * cores) sorted by id, then the route between every ordered pair of nodes
 * (a node to itself: hs_net_self_route, SimGrid's) in the format of
 * routes.cpp.  Build against libhs like the unit tests. */
#include "hs/model.h"
#include "hs/net.h"
#include "hs/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct hs_instance *in_;

static int by_id(const void *a, const void *b)
{
	return strcmp(in_->plat.nodes[*(const int *)a].id, in_->plat.nodes[*(const int *)b].id);
}

int main(int argc, char **argv)
{
	hs_set_progname("routes");
	struct hs_stream s;
	struct hs_instance in;
	struct hs_net net;
	if (argc != 2 || hs_stream_load(&s, argv[1]) < 0 || hs_instance_load(&in, &s) < 0 ||
	    hs_net_build(&net, &in) < 0)
		return 2;
	in_ = &in;
	int n = in.plat.nnodes, *ord = hs_malloc((n + 1) * sizeof *ord);
	for (int i = 0; i < n; i++)
		ord[i] = i;
	qsort(ord, n, sizeof *ord, by_id);
	for (int k = 0; k < n; k++) {
		const struct hs_node *nd = &in.plat.nodes[ord[k]];
		printf("host %s speed=%.17g cores=%d\n", nd->id, nd->flops, nd->cores);
	}
	struct hs_route r = {0};
	for (int a = 0; a < n; a++)
		for (int b = 0; b < n; b++) {
			int i = ord[a], j = ord[b];
			const char *x = in.plat.nodes[i].id, *y = in.plat.nodes[j].id;
			if ((i == j ? hs_net_self_route(&net, i, &r) : hs_net_route(&net, i, j, &r)) < 0) {
				printf("route %s %s: none\n", x, y);
				continue;
			}
			printf("route %s %s lat=%.17g:", x, y, r.lat);
			for (int k = 0; k < r.n; k++) {
				const struct hs_link *l = &net.links[r.links[k]];
				printf(" %.17g/%.17g/%s", l->bw, l->lat,
				       l->sharing == HS_LINK_FATPIPE ? "fatpipe" : "shared");
			}
			printf("\n");
		}
	hs_route_release(&r);
	hs_net_release(&net);
	hs_instance_release(&in);
	hs_stream_release(&s);
	free(ord);
	return 0;
}
