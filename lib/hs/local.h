/* hs/local.h - this machine as an hs platform (`hs-gen platform local`) and
 * the facts hs-exec's local backend checks plans against.
 *
 * Core k of a plan on the local node is the k-th CPU this process may run on
 * (sched_getaffinity; normally CPU k), so a plan made for `local` also runs
 * under `taskset` or in a cpuset-restricted container.  GPUs are the NVIDIA
 * GPUs listed in /proc/driver/nvidia/gpus; the environment variable
 * HS_LOCAL_GPUS=N overrides the detection (machines that hide /proc/driver,
 * tests).
 */
#ifndef HS_LOCAL_H
#define HS_LOCAL_H

#include "hs/format.h"

/* The node name of this machine in the local platform. */
#define HS_LOCAL_NODE "local"

/* CPUs this process may run on, ascending, in a malloc'd array; returns the
 * count (>= 1).  Falls back to 0..sysconf(_SC_NPROCESSORS_ONLN)-1 when the
 * affinity mask cannot be read. */
int hs_local_cpus(int **cpus);
/* Number of GPUs (see above); 0 when none. */
int hs_local_gpus(void);
/* Short host name (up to the first '.'), malloc'd. */
char *hs_local_hostname(void);

/* Append the records of this machine: "platform NAME", "cluster local",
 * "node local cluster=local cores=N [gpus=G] host=HOSTNAME".  params must be
 * NULL (the local platform takes none).  Same signature as the built-in
 * platform emitters of lib/gen/platform.c.  Returns 0, or -1 after
 * reporting. */
int hs_local_platform_emit(struct hs_stream *out, const char *name, const char *params);

#endif
