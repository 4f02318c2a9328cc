/* local.c - this machine as a platform: cores from the affinity mask, NVIDIA
 * GPUs from /proc/driver/nvidia/gpus.  No hwloc: a plan only needs how many
 * cores hs-exec may pin tasks to, and the affinity mask already says that
 * (it also honours taskset and container cpusets, which the core count of
 * the hardware would not).
 */
#include "hs/local.h"
#include "hs/util.h"

#include <dirent.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int hs_local_cpus(int **cpus)
{
	cpu_set_t *set = NULL;
	/* Grow the mask until the kernel accepts it (machines with > 1024 CPUs). */
	for (int size = 1024; size <= (1 << 20); size *= 2) {
		set = CPU_ALLOC(size);
		if (!set)
			break;
		size_t bytes = CPU_ALLOC_SIZE(size);
		CPU_ZERO_S(bytes, set);
		if (sched_getaffinity(0, bytes, set) == 0) {
			int n = CPU_COUNT_S(bytes, set), k = 0;
			int *v = hs_malloc(sizeof *v * (size_t)(n > 0 ? n : 1));
			for (int c = 0; c < size && k < n; c++)
				if (CPU_ISSET_S(c, bytes, set))
					v[k++] = c;
			CPU_FREE(set);
			if (k > 0) {
				*cpus = v;
				return k;
			}
			free(v);
			break;
		}
		CPU_FREE(set);
		set = NULL;
	}
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	if (n < 1)
		n = 1;
	int *v = hs_malloc(sizeof *v * (size_t)n);
	for (long c = 0; c < n; c++)
		v[c] = (int)c;
	*cpus = v;
	return (int)n;
}

int hs_local_gpus(void)
{
	const char *env = getenv("HS_LOCAL_GPUS");
	int n = 0;
	if (env && *env && hs_parse_int(env, 0, 1024, &n) == 0)
		return n;
	DIR *d = opendir("/proc/driver/nvidia/gpus");
	if (!d)
		return 0;
	struct dirent *e;
	while ((e = readdir(d)))
		if (e->d_name[0] != '.')
			n++;
	closedir(d);
	return n;
}

char *hs_local_hostname(void)
{
	char buf[256];
	if (gethostname(buf, sizeof buf) != 0)
		return hs_strdup("localhost");
	buf[sizeof buf - 1] = 0;
	buf[strcspn(buf, ".")] = 0;
	return hs_strdup(buf[0] ? buf : "localhost");
}

int hs_local_platform_emit(struct hs_stream *out, const char *name, const char *params)
{
	if (params) {
		hs_error("platform '%s' takes no parameters", name);
		return -1;
	}
	int *cpus;
	int ncpus = hs_local_cpus(&cpus);
	int ngpus = hs_local_gpus();
	char *host = hs_local_hostname();
	char *cpulist = hs_fmt_intset(cpus, ncpus);
	char *text = hs_asprintf("# this machine: CPUs %s (affinity mask), %d NVIDIA GPU(s)",
				 cpulist, ngpus);
	hs_stream_append(out, hs_record_new(NULL, text));
	hs_stream_append(out, hs_record_new("platform", name));
	hs_stream_append(out, hs_record_new("cluster", HS_LOCAL_NODE));
	struct hs_record *n = hs_record_new("node", HS_LOCAL_NODE);
	hs_record_set(n, "cluster", HS_LOCAL_NODE);
	hs_record_set_int(n, "cores", ncpus);
	if (ngpus > 0)
		hs_record_set_int(n, "gpus", ngpus);
	hs_record_set(n, "host", host);
	hs_stream_append(out, n);
	free(text);
	free(cpulist);
	free(host);
	free(cpus);
	return 0;
}
