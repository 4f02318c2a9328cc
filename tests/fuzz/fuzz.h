/* fuzz.h - shared by the libFuzzer targets (tests/fuzz/fuzz_*.c; see
 * tests/fuzz/README.md).  Each target includes it once.
 *
 * The readers take a path, so the input is handed to them as a file: an
 * in-memory one (memfd) reopened through /proc/self/fd.  Messages go to
 * /dev/null (every malformed input has one), and the input limits are
 * lowered (hs/limits.h) so that no input spends the fuzzer's time and
 * memory on a legitimately huge platform, and so that a line past the
 * line limit fits in the inputs the fuzzer makes (-max_len). */
#ifndef HS_FUZZ_H
#define HS_FUZZ_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "hs/util.h"

static int fuzz_fd = -1;
static char fuzz_path_buf[64];

static inline void fuzz_init(void)
{
	setenv("HS_LIMITS", "line=8K,file=1M,nodes=4K,cores=64K", 1);
	hs_set_progname("fuzz");
	FILE *null = fopen("/dev/null", "w");
	if (null)
		hs_msg_redirect(null);
	fuzz_fd = memfd_create("hs-fuzz", 0);
	if (fuzz_fd < 0) {
		perror("memfd_create");
		abort();
	}
	snprintf(fuzz_path_buf, sizeof fuzz_path_buf, "/proc/self/fd/%d", fuzz_fd);
}

/* The input as a file: a path valid until the next call. */
static inline const char *fuzz_file(const uint8_t *data, size_t size)
{
	if (ftruncate(fuzz_fd, 0) != 0 ||
	    (size && pwrite(fuzz_fd, data, size, 0) != (ssize_t)size)) {
		perror("memfd");
		abort();
	}
	return fuzz_path_buf;
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#endif
