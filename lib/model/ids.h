/* model/ids.h - the core and GPU sets of placements (struct hs_part's cores and
 * gpus): sorted, distinct ids.  A set that is one run of consecutive ids
 * (a whole node "0-15", one core "3") is not an array of its own but a
 * slice of one read-only table 0, 1, 2, ...: shared by every placement
 * that holds such a set, it costs no allocation, no copy and no memory.
 * Every library function that makes, copies or frees these sets goes
 * through here; writing into a shared set faults (the table is const).
 * Not installed. */
#ifndef HS_IDS_H
#define HS_IDS_H

/* The ids lo, lo+1, ..., lo+n-1 as a shared slice, or NULL when they
 * reach past the table (a node of more than 65 536 cores or GPUs). */
int *hs_ids_run(int lo, int n);
/* Whether v[0..n) is one run of consecutive ids. */
int hs_ids_is_run(const int *v, int n);
/* A set with the ids of v[0..n) (sorted and distinct): the shared slice
 * when they are one run, else a malloc'd copy; NULL when n <= 0. */
int *hs_ids_copy(const int *v, int n);
/* The same for a malloc'd array v that the caller gives up: the shared
 * slice (v freed) when it is one run, else v itself. */
int *hs_ids_adopt(int *v, int n);
/* Free a set made by any of the above (shared slices are left alone). */
void hs_ids_free(int *v);
/* Free a placement's parts: each part's sets, then the array. */
struct hs_part;
void hs_ids_free_parts(struct hs_part *parts, int nparts);
/* Parse "0-3,8" (hs_parse_intset: ids in [0, max]) into a set as above;
 * returns the count (*out NULL for 0) or -1 on a syntax error. */
int hs_ids_parse(const char *s, int max, int **out);

#endif
