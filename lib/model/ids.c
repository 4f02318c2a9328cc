/* model/ids.c - core and GPU sets shared as slices of one table (see ids.h).
 *
 * On the whole CEA-Curie log replayed by EASY backfilling (295 540 jobs on
 * 5 832 nodes of 16 cores) the jobs hold 191 million cores in 12 million
 * per-node sets, nearly all "0-15": as arrays of their own they were a
 * malloc each and 765 MB in every copy of the schedule (the simulator's,
 * the plan, the run), most of hs-sim's 3.6 GB.  As slices of one table
 * they cost nothing.  On a million one-core tasks they save a malloc per
 * placement and per copy.
 *
 * The table lives in .rodata: its pages come from the executable as they
 * are read, shared by every process, never cleared; a plugin that wrote
 * into a set it did not make faults at once instead of corrupting others. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hs/format.h"
#include "hs/model.h"
#include "hs/util.h"
#include "ids.h"

#define IDS_MAX (1 << 16)

/* 0, 1, ..., IDS_MAX - 1, spelled out by the preprocessor. */
#define I0(n) (n)
#define I1(n) I0(n), I0((n) + 1)
#define I2(n) I1(n), I1((n) + 2)
#define I3(n) I2(n), I2((n) + 4)
#define I4(n) I3(n), I3((n) + 8)
#define I5(n) I4(n), I4((n) + 16)
#define I6(n) I5(n), I5((n) + 32)
#define I7(n) I6(n), I6((n) + 64)
#define I8(n) I7(n), I7((n) + 128)
#define I9(n) I8(n), I8((n) + 256)
#define I10(n) I9(n), I9((n) + 512)
#define I11(n) I10(n), I10((n) + 1024)
#define I12(n) I11(n), I11((n) + 2048)
#define I13(n) I12(n), I12((n) + 4096)
#define I14(n) I13(n), I13((n) + 8192)
#define I15(n) I14(n), I14((n) + 16384)
#define I16(n) I15(n), I15((n) + 32768)
static const int iota[IDS_MAX] = { I16(0) };
_Static_assert(sizeof iota == IDS_MAX * sizeof(int), "the table spells out every id");

int *hs_ids_run(int lo, int n)
{
	if (n <= 0 || lo < 0 || lo > IDS_MAX - n)
		return NULL;
	/* The sets are int * in the ABI (struct hs_part); these are never
	 * written: the library makes new arrays to change a set. */
	return (int *)(uintptr_t)(iota + lo);
}

static int shared(const int *v)
{
	uintptr_t p = (uintptr_t)v, a = (uintptr_t)iota;
	return p >= a && p < a + sizeof iota;
}

int hs_ids_is_run(const int *v, int n)
{
	if (n <= 0)
		return 0;
	if (shared(v))
		return 1;
	/* Any ids, not only sorted ones, and beyond the table too. */
	for (int i = 1; i < n; i++)
		if (v[i] != v[0] + i)
			return 0;
	return 1;
}

int *hs_ids_copy(const int *v, int n)
{
	if (n <= 0)
		return NULL;
	/* a shared slice is its own copy (a whole node's set, most often) */
	if (shared(v) && (uintptr_t)(v + n) <= (uintptr_t)(iota + IDS_MAX))
		return (int *)(uintptr_t)v;
	int *r;
	if (v[0] >= 0 && hs_ids_is_run(v, n) && (r = hs_ids_run(v[0], n)))
		return r;
	r = hs_malloc((size_t)n * sizeof *r);
	memcpy(r, v, (size_t)n * sizeof *r);
	return r;
}

int *hs_ids_adopt(int *v, int n)
{
	int *r;
	if (n > 0 && v[0] >= 0 && hs_ids_is_run(v, n) && (r = hs_ids_run(v[0], n))) {
		hs_ids_free(v);
		return r;
	}
	return v;
}

void hs_ids_free(int *v)
{
	if (!shared(v))
		free(v);
}

void hs_ids_free_parts(struct hs_part *parts, int nparts)
{
	for (int k = 0; k < nparts; k++) {
		hs_ids_free(parts[k].cores);
		hs_ids_free(parts[k].gpus);
	}
	free(parts);
}

int hs_ids_parse(const char *s, int max, int **out)
{
	*out = NULL;
	/* One number or one range, what the tools write for a task on one
	 * core, on a whole node or on its first cores: no array made. */
	const char *p = s;
	long lo = 0, hi;
	int digits = 0;
	for (; *p >= '0' && *p <= '9' && lo <= max; p++, digits++)
		lo = lo * 10 + (*p - '0');
	hi = lo;
	if (digits && *p == '-') {
		const char *q = ++p;
		for (hi = 0; *p >= '0' && *p <= '9' && hi <= max; p++)
			hi = hi * 10 + (*p - '0');
		if (p == q)
			digits = 0;
	}
	if (digits && *p == '\0' && lo <= hi && hi <= max) {
		int *r = hs_ids_run((int)lo, (int)(hi - lo + 1));
		if (r) {
			*out = r;
			return (int)(hi - lo + 1);
		}
	}
	int n = hs_parse_intset(s, max, out);
	if (n <= 0) {
		free(*out);
		*out = NULL;
		return n;
	}
	*out = hs_ids_adopt(*out, n);
	return n;
}
