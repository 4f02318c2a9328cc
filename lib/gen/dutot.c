/* dutot.c - the cluster-tree platforms of Dutot, Poquet and Trystram (§5.1):
 * K clusters of N hosts; in each, every host has a private link (bw_c,
 * lat_c) to the cluster's switch (bw_s, lat_s), and the switches hang off
 * one main switch b (bw_b, lat_b).  In hs records: a star cluster per
 * cluster (bw/lat, bb_bw/bb_lat) and the platform's backbone.
 *
 * dutot-homo (§5.3): 8 x 16 one-core hosts, bw_s = 1.25e9, lat_s = 0, host
 * links and main switch as in SimGrid's griffon.xml, the Griffon cluster
 * the paper says the platform derives from: bw_c = 1.25e8 B/s (125 MBps),
 * lat_c = 24e-6 s, main switch 1.25e9 / 24e-6.  The paper prints bw_c =
 * 1.25e6 and latencies of 24e-9: 100x and 1000x below Griffon's, values on
 * which no shared link is ever more than 3.2% busy and most jobs are
 * killed at their walltime (share/studies/dutot/README.md), so the print
 * is read as a misprint; dutot-homo-literal keeps it.  The paper gives no
 * host speed for it: Table 1's base cp_b = 286.097e3 flop/s is used (the
 * Griffon hosts run 286.087 kflop/s in SimGrid's griffon.xml).
 *
 * dutot-hetero (§5.4, Table 1): factors of a base cluster (bw_s = 10 Gbit/s,
 * lat_s = 0, cp = 286.097e3 flop/s, bw_c = 10 Gbit/s, lat_c = 24e-9):
 *        bw_s  cp           bw_s  cp
 *   c1   2     1       c4   1     1.24
 *   c2   4     2.02    c5   2     1.61
 *   c3   1     2.94    c6   1     1.72
 * set=high uses c1..c3, set=low c4..c6 in their place.  The orderings of
 * 3 c1, 3 c2 and 2 c3 clusters: the printed o1 has 7 entries and o2 has
 * three c3 and two c1, contradicting the text, so o1 = (c1 c1 c1 c2 c2 c2
 * c3 c3), ascending power, and o2 its reverse (c3 c3 c2 c2 c2 c1 c1 c1),
 * descending; o3 and o4 as printed.  The main switch is not given for
 * these: the homogeneous one is used.
 *
 * Links are split-duplex (one UP and one DOWN link per host), as in the
 * SimGrid Griffon platform the paper's platforms derive from.
 */
#include "dutot.h"
#include "hs/gen.h"
#include "hs/util.h"

#include <stdlib.h>
#include <string.h>

struct dutot {
	long clusters, hosts, cores;
	double flops;                 /* base cp, flop/s per core: ref_flops */
	double bw, lat;               /* host links */
	double switch_bw, switch_lat; /* each cluster's switch (base, before factors) */
	double backbone_bw, backbone_lat;
	const char *sharing;
	char order[64];               /* Table-1 types 1..6 per cluster, 0-ended */
	int low;                      /* set=low: c1..c3 -> c4..c6 */
	double cpu_busy, cpu_idle;    /* -1: not written */
};

/* Table 1: switch bandwidth and computing power factors of c1..c6. */
static const double table1[6][2] = {
	{2, 1}, {4, 2.02}, {1, 2.94}, {1, 1.24}, {2, 1.61}, {1, 1.72},
};

static const char *const orders[4] = {
	"11122233", /* o1: ascending power (3 c1, 3 c2, 2 c3) */
	"33222111", /* o2: descending: o1 reversed */
	"12233211", /* o3 as printed */
	"31231212", /* o4 as printed */
};

/* order=o1..o4, or Table-1 names joined by '-': c1-c1-c2-... */
static int parse_order(struct dutot *d, const char *v)
{
	if (v[0] == 'o' && v[1] >= '1' && v[1] <= '4' && !v[2]) {
		strcpy(d->order, orders[v[1] - '1']);
		return 0;
	}
	size_t n = 0;
	for (const char *p = v; *p;) {
		if (p[0] != 'c' || p[1] < '1' || p[1] > '6' || (p[2] && p[2] != '-') ||
		    n + 1 >= sizeof d->order)
			return -1;
		d->order[n++] = p[1];
		p += p[2] ? 3 : 2;
	}
	d->order[n] = 0;
	return n ? 0 : -1;
}

static int param(const char *spec, struct dutot *d, const char *kv, int hetero)
{
	size_t klen;
	const char *v;
	if (hs_gen_param_split(spec, kv, &klen, &v) < 0)
		return -1;
	struct {
		const char *key;
		long *l;
		double *d;
		int hetero; /* 0 both, 1 hetero only, -1 homo only */
	} keys[] = {
		{"clusters", &d->clusters, NULL, -1},
		{"hosts", &d->hosts, NULL, 0},
		{"cores", &d->cores, NULL, 0},
		{"flops", NULL, &d->flops, 0},
		{"bw", NULL, &d->bw, 0},
		{"lat", NULL, &d->lat, 0},
		{"switch_bw", NULL, &d->switch_bw, 0},
		{"switch_lat", NULL, &d->switch_lat, 0},
		{"backbone_bw", NULL, &d->backbone_bw, 0},
		{"backbone_lat", NULL, &d->backbone_lat, 0},
		{"cpu_busy", NULL, &d->cpu_busy, 0},
		{"cpu_idle", NULL, &d->cpu_idle, 0},
	};
	for (size_t i = 0; i < sizeof keys / sizeof *keys; i++) {
		if (strlen(keys[i].key) != klen || strncmp(keys[i].key, kv, klen) != 0)
			continue;
		if (keys[i].hetero && (keys[i].hetero > 0) != hetero)
			break;
		if (keys[i].l) {
			if (hs_parse_long(v, 1, 100000, keys[i].l) < 0) {
				hs_error("platform '%s': %s='%s' must be an integer between 1 and 100000",
					 spec, keys[i].key, v);
				return -1;
			}
			return 0;
		}
		int latency = strstr(keys[i].key, "lat") || strstr(keys[i].key, "cpu_");
		if (hs_parse_double(v, keys[i].d) < 0 || *keys[i].d < 0 ||
		    (!latency && !(*keys[i].d > 0))) {
			hs_error("platform '%s': %s='%s' must be a number %s", spec, keys[i].key, v,
				 latency ? "of at least 0" : "greater than 0");
			return -1;
		}
		return 0;
	}
	if (klen == 7 && strncmp(kv, "sharing", 7) == 0) {
		if (strcmp(v, "shared") && strcmp(v, "fatpipe") && strcmp(v, "splitduplex")) {
			hs_error("platform '%s': sharing='%s' must be shared, fatpipe or splitduplex",
				 spec, v);
			return -1;
		}
		d->sharing = v[0] == 'f' ? "fatpipe" : v[1] == 'h' ? "shared" : "splitduplex";
		return 0;
	}
	if (hetero && klen == 5 && strncmp(kv, "order", 5) == 0) {
		if (parse_order(d, v) < 0) {
			hs_error("platform '%s': order='%s' must be o1, o2, o3, o4 or Table 1 "
				 "clusters joined by '-' (c1-c2-c3)",
				 spec, v);
			return -1;
		}
		return 0;
	}
	if (hetero && klen == 3 && strncmp(kv, "set", 3) == 0) {
		if (strcmp(v, "high") && strcmp(v, "low")) {
			hs_error("platform '%s': set='%s' must be high or low", spec, v);
			return -1;
		}
		d->low = v[0] == 'l';
		return 0;
	}
	hs_error("platform '%s': unknown parameter '%.*s' (%s)", spec, (int)klen, kv,
		 hetero ? "order, set, hosts, cores, flops, bw, lat, switch_bw, switch_lat, "
			  "backbone_bw, backbone_lat, sharing, cpu_busy, cpu_idle"
			: "clusters, hosts, cores, flops, bw, lat, switch_bw, switch_lat, "
			  "backbone_bw, backbone_lat, sharing, cpu_busy, cpu_idle");
	return -1;
}

static int parse_params(const char *name, const char *params, struct dutot *d, int hetero)
{
	if (!params)
		return 0;
	char *spec = hs_asprintf("%s:%s", name, params);
	int n, rc = 0;
	char **kv = hs_split_list(params, ',', &n);
	for (int i = 0; i < n && rc == 0; i++)
		rc = param(spec, d, kv[i], hetero);
	free(kv);
	free(spec);
	return rc;
}

static void comment(struct hs_stream *out, const char *text)
{
	hs_stream_append(out, hs_record_new(NULL, text));
}

/* The platform: one star cluster per entry of d->order (a Table-1 type, or
 * '0' for the homogeneous base), hosts n1..nK*N numbered across clusters. */
static void emit(struct hs_stream *out, const char *name, const struct dutot *d, int hetero)
{
	struct hs_record *p = hs_record_new("platform", name);
	hs_record_set_num(p, "ref_flops", d->flops);
	hs_record_set_num(p, "backbone_bw", d->backbone_bw);
	hs_record_set_num(p, "backbone_lat", d->backbone_lat);
	hs_stream_append(out, p);
	long host = 0;
	for (long k = 0; k < d->clusters; k++) {
		int type = hetero ? d->order[k] - '0' : 0;
		if (hetero && d->low && type <= 3)
			type += 3;
		double fbw = type ? table1[type - 1][0] : 1, fcp = type ? table1[type - 1][1] : 1;
		char cid[32];
		snprintf(cid, sizeof cid, "c%ld", k + 1);
		struct hs_record *c = hs_record_new("cluster", cid);
		hs_record_set_num(c, "bw", d->bw);
		hs_record_set_num(c, "lat", d->lat);
		if (strcmp(d->sharing, "shared") != 0)
			hs_record_set(c, "sharing", d->sharing);
		hs_record_set_num(c, "bb_bw", d->switch_bw * fbw);
		hs_record_set_num(c, "bb_lat", d->switch_lat);
		if (type)
			hs_record_setf(c, "type", "c%d", type);
		hs_stream_append(out, c);
		for (long j = 0; j < d->hosts; j++) {
			char nid[32];
			snprintf(nid, sizeof nid, "n%ld", ++host);
			struct hs_record *n = hs_record_new("node", nid);
			hs_record_set(n, "cluster", cid);
			hs_record_set_int(n, "cores", d->cores);
			hs_record_set_num(n, "speed", fcp);
			if (d->cpu_busy >= 0)
				hs_record_set_num(n, "cpu_busy", d->cpu_busy);
			if (d->cpu_idle >= 0)
				hs_record_set_num(n, "cpu_idle", d->cpu_idle);
			hs_stream_append(out, n);
		}
	}
}

static void defaults(struct dutot *d)
{
	memset(d, 0, sizeof *d);
	d->clusters = 8;
	d->hosts = 16;
	d->cores = 1;
	d->flops = 286.097e3;
	d->lat = 24e-9;
	d->switch_bw = 1.25e9;
	d->switch_lat = 0;
	d->backbone_bw = 1.25e9;
	d->backbone_lat = 24e-9;
	d->sharing = "splitduplex";
	d->cpu_busy = d->cpu_idle = -1;
}

/* §5.3's platform with host links and latencies ga; note: its comment. */
static int dutot_homo(struct hs_stream *out, const char *name, const char *params, double bw,
		      double lat, const char *note)
{
	struct dutot d;
	defaults(&d);
	d.bw = bw;
	d.lat = d.backbone_lat = lat;
	if (parse_params(name, params, &d, 0) < 0)
		return -1;
	comment(out, "# Dutot, Poquet, Trystram 5.3: homogeneous platform derived from Griffon.");
	comment(out, note);
	comment(out, "# Host speed: Table 1's base cp (286.097e3 flop/s); see hs-gen(1).");
	emit(out, name, &d, 0);
	return 0;
}

int hs_gen_dutot_homo(struct hs_stream *out, const char *name, const char *params)
{
	return dutot_homo(out, name, params, 1.25e8, 24e-6,
			  "# Links as Griffon's (125 MBps, 24 us); the paper's print: dutot-homo-literal.");
}

int hs_gen_dutot_homo_literal(struct hs_stream *out, const char *name, const char *params)
{
	return dutot_homo(out, name, params, 1.25e6, 24e-9,
			  "# Links as the paper prints them (1.25e6 B/s, 24e-9 s); Griffon's: dutot-homo.");
}

int hs_gen_dutot_hetero(struct hs_stream *out, const char *name, const char *params)
{
	struct dutot d;
	defaults(&d);
	d.bw = 1.25e9; /* 10 Gbit/s */
	strcpy(d.order, orders[0]);
	if (parse_params(name, params, &d, 1) < 0)
		return -1;
	d.clusters = (long)strlen(d.order);
	char *note = hs_asprintf("# Dutot, Poquet, Trystram 5.4: heterogeneous platform, Table 1 "
				 "clusters (%s set); see hs-gen(1).",
				 d.low ? "low" : "high");
	comment(out, note);
	free(note);
	emit(out, name, &d, 1);
	return 0;
}
