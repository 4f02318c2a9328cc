/* hs/limits.h - the documented limits on what one input may hold
 * (hs-format(5), LIMITS).
 *
 * They keep a small or hostile input (a gzip bomb, xml=/dev/zero, a
 * SimGrid radical of millions of hosts) from taking the machine's memory or
 * hours of work: a reader that reaches one stops with a message naming the
 * input, the line and the limit (exit 2).  The defaults are far above any
 * real platform or workload; HS_LIMITS raises (or lowers) them for one run:
 *
 *     HS_LIMITS=line=64M,file=8G,nodes=4M,cores=64M hs-sim big.hs
 *
 * Sizes and counts take the suffixes K, M, G, T (powers of 1024); "none"
 * removes a limit.
 */
#ifndef HS_LIMITS_H
#define HS_LIMITS_H

enum hs_limit {
	HS_LIMIT_LINE,  /* bytes in one line of an hs stream or SWF trace (16M) */
	HS_LIMIT_FILE,  /* bytes read from one input, after decompression (1G) */
	HS_LIMIT_NODES, /* nodes (hosts) of one platform (1M) */
	HS_LIMIT_CORES, /* cores of one platform, and GPUs (16M) */
	HS_LIMIT_COUNT
};

/* The limit's value (HS_LIMITS applied; "none" gives ~0ull).  A malformed
 * HS_LIMITS is a usage error: reported once, exit 2. */
unsigned long long hs_limit(enum hs_limit l);
/* "line=16M": what to write in HS_LIMITS to get the current value, for
 * messages ("... (limit line=16M, HS_LIMITS raises it)").  Static text,
 * valid until the next call for the same limit. */
const char *hs_limit_text(enum hs_limit l);

#endif
