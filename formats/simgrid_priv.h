/* simgrid_priv.h - shared by the SimGrid platform reader's files:
 * simgrid_util.c (messages, attributes, units, records), simgrid_elem.c
 * (hosts, links, routes) and simgrid.c (zones, the file).  Not installed. */
#ifndef HS_SIMGRID_PRIV_H
#define HS_SIMGRID_PRIV_H

#include "hs/format.h"
#include "hs/util.h"
#include "util/strmap.h"

#include <libxml/tree.h>

/* A link as a route may name it in the XML, and the hs reference to it. */
struct link_alias {
	char *xml, *hs;
	int splitduplex; /* the hs reference takes _UP or _DOWN */
	int line;
};

struct sg {
	const char *path;
	struct hs_stream *out;
	struct hs_record *plat;
	double min_flops;          /* slowest host: the reference node */
	int nhosts;
	int loopback;              /* __loopback__ emitted */
	struct link_alias *links;
	int nlinks, caplinks;
	struct hs_strmap link_ix;  /* xml name -> index in links */
	char **zones;              /* ids of the zones and clusters */
	int nzones;
	struct hs_strmap zone_ix;
	/* Batsim's master host (hs/simgrid.h): the rule (NULL: Batsim's
	 * conventions, "none", or a host name) and the hosts it picked, left
	 * out of the platform once the file is read (simgrid_master.c). */
	const char *master;
	char **masters;
	int nmasters;
};

enum unit_kind { U_SPEED, U_BANDWIDTH, U_TIME };

/* simgrid_util.c: the element's line; "PROG: PATH:LINE: msg", returns -1;
 * the element's name; attributes (malloc'd; need() reports a missing one);
 * check_attrs() rejects attributes outside ok (and non-empty empty_only);
 * check_id() ids hs records and lists can hold. */
int hs_sg_line_of(xmlNodePtr n);
int hs_sg_fail(struct sg *g, xmlNodePtr n, const char *fmt, ...) HS_PRINTF(3, 4);
const char *hs_sg_name_of(xmlNodePtr n);
int hs_sg_is(xmlNodePtr n, const char *name);
char *hs_sg_attr(xmlNodePtr n, const char *name);
char *hs_sg_need(struct sg *g, xmlNodePtr n, const char *name);
int hs_sg_check_attrs(struct sg *g, xmlNodePtr n, const char *const *ok,
		       const char *const *empty_only);
int hs_sg_check_id(struct sg *g, xmlNodePtr n, const char *what, const char *id);
/* A number with SimGrid's unit of kind k (what names it in messages). */
int hs_sg_parse_unit(struct sg *g, xmlNodePtr n, const char *what, const char *text,
		      enum unit_kind k, double *out);
int hs_sg_unit_attr(struct sg *g, xmlNodePtr n, const char *id, const char *name, enum unit_kind k,
		     int required, double def, double *out);
/* Records: a new one at n's line; zone ids; XML link names -> hs links;
 * sharing policies. */
struct hs_record *hs_sg_emit(struct sg *g, xmlNodePtr n, const char *kind, const char *id);
int hs_sg_add_zone(struct sg *g, xmlNodePtr n, const char *id);
int hs_sg_add_alias(struct sg *g, xmlNodePtr n, const char *xml, const char *hs, int splitduplex);
int hs_sg_sharing_of(struct sg *g, xmlNodePtr n, const char *v, int allow_split, const char **hs);
/* simgrid_elem.c: a host as a node record (its pstates and power
 * properties as power states); <host>; radicals "0-3,5"; <link>; <route>
 * and <zoneRoute>. */
struct hs_record *hs_sg_add_node(struct sg *g, xmlNodePtr n, const char *id, const char *zone,
				  const char *speeds, int pstate, int cores, xmlNodePtr props);
int hs_sg_int_attr(struct sg *g, xmlNodePtr n, const char *name, int min, int def, int *out);
int hs_sg_do_host(struct sg *g, xmlNodePtr n, const char *zone, struct hs_record ***hosts,
		   int *nhosts);
int hs_sg_parse_radical(struct sg *g, xmlNodePtr n, const char *s, long **out, int *count);
/* The number of ids in a radical (nothing allocated), -1 when malformed. */
long hs_sg_radical_count(const char *s);
int hs_sg_do_link(struct sg *g, xmlNodePtr n);
int hs_sg_do_router(struct sg *g, xmlNodePtr n, const char *zone);
int hs_sg_do_route(struct sg *g, xmlNodePtr n, int zone_route);
/* simgrid_vivaldi.c: a <zone routing="Vivaldi"> (its zone id recorded
 * already): a cluster with routing=vivaldi, hosts and peers with coords=. */
int hs_sg_do_vivaldi(struct sg *g, xmlNodePtr n, const char *id);
/* simgrid_master.c: whether host id (its element or cluster props) is not
 * a compute node (remembered in g->masters); then, once the file is read,
 * its records out of the platform and a note in their place. */
int hs_sg_is_master(struct sg *g, const char *id, xmlNodePtr props);
int hs_sg_drop_masters(struct sg *g);

#endif
