/* model/load.h - the model's loader split by concern (load.c drives the
 * two passes; load_fields.c, load_platform.c, load_network.c, load_task.c
 * and load_placement.c decode).  Private to lib/model/.
 *
 * A decoder reports a problem with hs_load_error and goes on: problems are
 * collected with their lines and printed in line order at the end, so one
 * run shows the user all that is wrong. */
#ifndef HS_MODEL_LOAD_H
#define HS_MODEL_LOAD_H

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "hs/format.h"
#include "hs/model.h"
#include "hs/util.h"
#include "network.h"
#include "util/strmap.h"

#define MAX_SHOWN_ERRORS 20
#define MAX_KEPT_ERRORS 1000

/* ---------------- string pool ----------------
 * Ids and names are copied out of the records: a tool may modify a record
 * (hs_record_set) and its strings may move, the model's must not. */

struct pool_chunk {
	struct pool_chunk *next;
	size_t used, cap;
	char data[];
};

struct pool {
	struct pool_chunk *head;
};

const char *hs_load_strdup(struct pool *p, const char *s);
void hs_load_pool_release(struct pool *p);

/* The instance's private part (in->index_). */
struct index {
	struct hs_strmap tasks, nodes, clusters;
	struct pool strings;
	char *xml; /* resolved platform file path */
	int *dep_idx;      /* every task's deps, one block (hs_task.deps) */
	double *dep_bytes;
	struct hs_netrecs net;   /* hs_instance_netrecs */
	struct hs_pstate *pstates;      /* every node's computing states, one block */
	struct hs_sleep_state *sleeps;  /* every node's sleeping states, one block */
	int *simgrid_pstates;           /* every node's simgrid_pstates=, one block */
	const char *net_file[2]; /* the names its places give (struct err's file) */
};

struct err {
	int file; /* 0: the stream, 1: the platform's XML file */
	int line;
	int seq;
	char *msg;
};

struct loader {
	struct hs_instance *in;
	struct hs_stream *s;
	struct index *ix;
	struct err *errs;
	int nerrs, caperrs, total;
	int *node_bad; /* per node index: its record had errors (skip range checks) */
	int file;      /* where the record being decoded comes from (struct err) */
	unsigned flags; /* HS_LOAD_* */
	/* HS_LOAD_SHARE_PARTS: each task's plan record, once decoded */
	const struct hs_record **plan_rec;
	/* deps= of the tasks being loaded: task i's are [dep_off[i],
	 * dep_off[i] + tasks[i].ndeps) of dep_idx/dep_bytes */
	int *dep_idx;
	double *dep_bytes;
	size_t ndep, capdep;
	size_t *dep_off;
};

/* Records of one kind in stream order (the XML file's first), their ids
 * (pooled) and where each comes from (struct err's file). */
struct kind_recs {
	struct hs_record **v;
	const char **ids;
	char *file;
	int n;
};

/* ---------------- problems ---------------- */

HS_PRINTF(3, 4)
void hs_load_error(struct loader *L, int line, const char *fmt, ...);
/* Print the first MAX_SHOWN_ERRORS problems in line order (the XML file's
 * first) and a count of the others; forget them. */
void hs_load_flush(struct loader *L);

/* A cycle found by hs_after_cycles or hs_graph_cycles (cycles.h),
 * reported at the line of the task that closes it. */
struct hs_load_cycles {
	struct loader *L;
	const char *kind, *what;
	const int *line_of;
};
void hs_load_cycle_found(void *arg, int w, int len, const char *path);

/* ---------------- field decoding ---------------- */

enum numkind { NUM_ANY, NUM_NONNEG, NUM_POS, NUM_UNIT };

/* Decode key as a finite number of the given kind.  Absent: *out = def, or
 * an error when required.  Returns 0 on success, -1 after reporting. */
int hs_load_num(struct loader *L, const struct hs_record *r, const char *what, const char *key,
		enum numkind kind, int required, double def, double *out);
/* Integer >= min (min is 0 or 1). */
int hs_load_int(struct loader *L, const struct hs_record *r, const char *what, const char *key,
		int min, int required, int def, int *out);
/* A list of non-negative finite numbers; *out malloc'd (NULL when absent). */
int hs_load_numlist(struct loader *L, const struct hs_record *r, const char *what, const char *key,
		    double **out, int *n);
/* "KIND ID" for messages, into what[size] (like snprintf, which costs more
 * than loading a record itself).  Inline, as hs_pieces_free: both run once
 * or more per record, and a call to them costs as much as their work. */
static inline void hs_load_what(char *what, size_t size, const char *kind, const char *id)
{
	size_t a = strlen(kind), b = strlen(id);
	if (a > size - 1)
		a = size - 1;
	memcpy(what, kind, a);
	if (a + 1 < size) {
		what[a++] = ' ';
		if (b > size - 1 - a && b > 80 && size - a > 120) {
			/* A long id: its start and end, as messages cut a long word
			 * (hs_msg_shorten), with its true length. */
			snprintf(what + a, size - a, "%.64s[...%zu bytes...]%s", id, b - 80,
				 id + b - 16);
			return;
		}
		if (b > size - 1 - a)
			b = size - 1 - a;
		memcpy(what + a, id, b);
		a += b;
	}
	what[a] = '\0';
}

/* A list split at sep: the pieces point into a copy of the text, held in
 * the struct itself when short (a record's node list, core sets and after
 * list seldom need more), so that most records split without a malloc. */
struct pieces {
	char **v;
	int n;
	char *copy;
	char buf[240];
	char *vbuf[16];
};
/* Split s at sep into pieces (pointers into a copy); returns the count.
 * "" gives one empty piece. */
int hs_pieces_split(struct pieces *pc, const char *s, char sep);
static inline void hs_pieces_free(struct pieces *pc)
{
	if (pc->copy != pc->buf)
		free(pc->copy);
	if (pc->v != pc->vbuf)
		free(pc->v);
}

/* ---------------- the decoders ---------------- */

/* The platform record r of the stream (or NULL) and xr of its XML file. */
void hs_load_platform(struct loader *L, struct hs_record *r, struct hs_record *xr);
void hs_load_platform_routing(struct loader *L, struct hs_record *r, struct hs_record *xr);
/* Resolve the platform's xml= and read the file into in->plat_xml; -1
 * when the file cannot be used (reported, or queued as a problem). */
int hs_load_platform_xml(struct loader *L, struct hs_record *r);
void hs_load_cluster(struct loader *L, struct hs_cluster *c, struct hs_record *r, const char *id);
/* The nodes of kn into the platform, grouped by cluster (after the
 * clusters: a node without cluster= goes to the "default" one). */
void hs_load_nodes(struct loader *L, struct kind_recs *kn);

/* The network keys of node record r (bw= and lat= checked: what names
 * it) into e; e->node is set once the nodes are grouped. */
void hs_load_net_node(struct loader *L, struct hs_netnode *e, const struct hs_record *r,
		      const char *what);
/* The link, router and route records and the clusters' places into the
 * index's hs_netrecs (after the clusters). */
void hs_load_network(struct loader *L, const struct kind_recs *kc, const struct kind_recs *kl,
		     const struct kind_recs *krouter, const struct kind_recs *kroute);
void hs_load_net_release(struct hs_netrecs *N);

/* Task index of the instance from record r (its deps go to L's lists). */
void hs_load_task(struct loader *L, struct hs_task *t, int index, struct hs_record *r,
		  const char *id);
/* Every task's deps into one block owned by the index, checked for
 * repeats and cycles. */
void hs_load_finish_deps(struct loader *L);

/* A plan or run record into p (cleared first); after is its after value.
 * Returns -1 after reporting (p to be freed with hs_load_placement_free). */
int hs_load_placement(struct loader *L, const struct hs_record *r, int task,
		      struct hs_placement *p, const char *after);
void hs_load_placement_free(struct hs_placement *p);
/* Report cycles in the after lists of s (they would deadlock a replay or an
 * execution that waits for them). */
void hs_load_check_cycles(struct loader *L, const struct hs_schedule *s, const char *kind,
			  const int *line_of);

#endif
