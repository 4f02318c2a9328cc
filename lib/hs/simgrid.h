/* hs/simgrid.h - SimGrid platform files (XML, DTD version 4.x) as hs records.
 *
 * The reader maps SimGrid's zones onto hs clusters (hs-format(5) says how):
 *   <cluster>, <zone routing="Cluster"> (cabinets, host_link, backbone)
 *       -> cluster routing=cluster, its nodes with their private links;
 *   <zone routing="Full|Floyd"> with hosts, routers, links and routes
 *       -> cluster routing=full|floyd, node, router, link, route records;
 *   a zone of such zones with zoneRoutes between them
 *       -> route records between clusters (platform routing=floyd when that
 *          zone is a Floyd one).
 * Hosts become nodes with flops= (the speed of one core, in the host's
 * initial pstate) and, from a wattage_per_state property, cpu_idle= and
 * cpu_busy= per core; hosts with several pstates or Batsim's sleep_pstates
 * get power states (pstates=, pstate=, sleep=; off_power= from
 * wattage_off).  A platform record carries ref_flops= (the slowest
 * host), so a node's speed is its flops relative to the slowest.  Values are
 * converted with SimGrid's units (Bps bytes, bps bits; k/M/G powers of 10,
 * Ki/Mi/Gi powers of 2; f, s, ms, us, ...).  Each record's line is the line
 * of the XML element it comes from.
 *
 * Batsim's platforms are SimGrid files with hosts that run no job: the
 * master host (Batsim's scheduler runs there) and storage hosts.  They are
 * left out of the platform (no node; routes to or from them dropped; a
 * comment names them): hosts with a role property of master or storage
 * (<prop id="role" value="master"/>, Batsim's), and hosts named master_host
 * (Batsim's default --master-host) or master_host followed by digits (the
 * host of a <cluster> or <cabinet> of prefix master_host, as master_host0 in
 * Batsim's platforms and cluster_locality_8x16.xml).
 */
#ifndef HS_SIMGRID_H
#define HS_SIMGRID_H

#include "hs/format.h"

/* Read the platform file at path and append its records to out (initialized
 * by the caller; a stream without a name is named after path).  Reports the
 * first problem as "PROG: PATH:LINE: ..." (malformed XML, an unsupported
 * element, attribute or value, a bad number or unit) and returns -1; 0 on
 * success. */
int hs_simgrid_read(const char *path, struct hs_stream *out);
/* The same, with the master host chosen: master NULL follows Batsim's
 * conventions above, "none" keeps every host as a compute node, another
 * name leaves out that host alone (an error when there is no such host). */
int hs_simgrid_read_master(const char *path, struct hs_stream *out, const char *master);

/* Whether path holds a SimGrid file rather than an hs stream: 1 when its
 * first character that is not blank (or a UTF-8 BOM) is '<', which no hs
 * stream starts with; 0 when not; -1 when it cannot be read (reported). */
int hs_simgrid_is_file(const char *path);

#endif
