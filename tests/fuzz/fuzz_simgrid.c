/* fuzz_simgrid - SimGrid platform files: the XML reader (formats/simgrid*.c)
 * through the model (platform xml=FILE, as every tool reads one) and the
 * network built from it (routes, as hs-sim and hs-gen platform do), then
 * a route between a few pairs of nodes. */
#include "fuzz.h"

#include <string.h>

#include "hs/format.h"
#include "hs/model.h"
#include "hs/net.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	fuzz_init();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *path = fuzz_file(data, size);
	struct hs_stream s;
	hs_stream_init(&s, "fuzz.hs");
	struct hs_record *p = hs_record_new("platform", "p");
	hs_record_set(p, "xml", path);
	hs_stream_append(&s, p);
	struct hs_instance in;
	if (hs_instance_load(&in, &s) == 0) {
		struct hs_net net;
		if (hs_net_build(&net, &in) == 0) {
			int n = in.plat.nnodes;
			int pairs[][2] = {{0, n - 1}, {n - 1, 0}, {0, 0}, {n / 2, n / 3}};
			for (size_t k = 0; n > 0 && k < sizeof pairs / sizeof *pairs; k++) {
				struct hs_route r = {0};
				hs_net_route(&net, pairs[k][0], pairs[k][1], &r);
				hs_route_release(&r);
			}
			hs_net_release(&net);
		}
	}
	hs_instance_release(&in);
	hs_stream_release(&s);
	return 0;
}
