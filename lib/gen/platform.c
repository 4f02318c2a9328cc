/* platform.c - the built-in platforms and --platform NAME|FILE for every
 * generator.
 *
 * The definitions live here only; share/platforms/NAME.hs are the output of
 * `hs-gen platform NAME`, committed for people who want a file to edit, and
 * a test keeps the two equal.
 *
 * dietze: the heterogeneous cluster of Dietze et al., Table 1.  The paper
 * derives each node's performance factor from measured sequential runtimes
 * that it does not print, so the factors below are estimates relative to
 * cs1 (the paper's reference node): per-core speed of one active core =
 * clock (with the single-core turbo that a sequential run gets) x
 * instructions per clock of the microarchitecture relative to Core 2:
 *   E5345  Clovertown (Core)    2.33 GHz, no turbo      1.00 (reference)
 *   X5650  Westmere-EP          2.66 GHz, turbo 3.06    3.06/2.33 x ~1.15 ≈ 1.5
 *   E5-2650 Sandy Bridge-EP     2.00 GHz, turbo 2.80    2.80/2.33 x ~1.35 ≈ 1.6
 * (IPC gains of Nehalem/Westmere and Sandy Bridge over Core 2 on scalar
 * code, without AVX, which only vectorised kernels such as DGEMM use).
 * hs-gen(1) gives the same reasoning.  The node groups form three clusters
 * joined by a backbone: a cluster is where one MPI (cluster-scoped) task may
 * run, and a task spanning nodes of different speeds would run at the pace
 * of the slowest, so each hardware generation is its own cluster.  The
 * network is not described in the paper; Gigabit Ethernet is assumed.
 */
#include "cholesky.h"
#include "dutot.h"
#include "hs/gen.h"
#include "hs/local.h"
#include "hs/model.h"
#include "hs/net.h"
#include "hs/simgrid.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- Dietze Table 1 ---- */

struct node_group {
	const char *cluster; /* cluster id, also the node-name prefix */
	int count;           /* nodes cs1..csN */
	int cores;           /* per node: 2 sockets x cores per socket */
	double speed;        /* performance factor relative to cs1 */
	const char *cpu;     /* passes through as an informational key */
};

static const struct node_group dietze_groups[] = {
	{"cs", 2, 8, 1.0, "2x Intel Xeon E5345 2.33GHz"},
	{"sb", 1, 16, 1.6, "2x Intel Xeon E5-2650 2.00GHz"},
	{"ws", 5, 12, 1.5, "2x Intel Xeon X5650 2.66GHz"},
};

/* Gigabit Ethernet (assumed): 125e6 bytes/s, 50 us per hop. */
#define GBE_BW 1.25e8
#define GBE_LAT 5e-5
/* One E5345 core's peak: 2.33 GHz x 4 double-precision flop per cycle
 * (SSE: one 2-wide add and one 2-wide multiply per cycle). */
#define CS1_FLOPS 9.32e9

static void comment(struct hs_stream *out, const char *text)
{
	hs_stream_append(out, hs_record_new(NULL, text));
}

/* Emit the platform, and of each group the nodes named in only (NULL: all). */
static void emit_dietze(struct hs_stream *out, const char *name, const char *const *only)
{
	comment(out, "# Dietze, Hofmann, Ruenger: heterogeneous cluster of Table 1.");
	comment(out, "# speed: estimated factors relative to cs1, see hs-gen(1).");
	struct hs_record *p = hs_record_new("platform", name);
	hs_record_set_num(p, "ref_flops", CS1_FLOPS);
	hs_record_set_num(p, "backbone_bw", GBE_BW);
	hs_record_set_num(p, "backbone_lat", GBE_LAT);
	hs_stream_append(out, p);
	for (size_t g = 0; g < sizeof dietze_groups / sizeof *dietze_groups; g++) {
		const struct node_group *ng = &dietze_groups[g];
		int cluster_done = 0;
		for (int i = 1; i <= ng->count; i++) {
			char id[32];
			snprintf(id, sizeof id, "%s%d", ng->cluster, i);
			int wanted = !only;
			for (int k = 0; only && only[k]; k++)
				wanted |= strcmp(only[k], id) == 0;
			if (!wanted)
				continue;
			if (!cluster_done) {
				struct hs_record *c = hs_record_new("cluster", ng->cluster);
				hs_record_set_num(c, "bw", GBE_BW);
				hs_record_set_num(c, "lat", GBE_LAT);
				hs_stream_append(out, c);
				cluster_done = 1;
			}
			struct hs_record *n = hs_record_new("node", id);
			hs_record_set(n, "cluster", ng->cluster);
			hs_record_set_int(n, "cores", ng->cores);
			hs_record_set_num(n, "speed", ng->speed);
			hs_record_set(n, "cpu", ng->cpu);
			hs_stream_append(out, n);
		}
	}
}

static int dietze(struct hs_stream *out, const char *name, const char *params)
{
	(void)params;
	emit_dietze(out, name, NULL);
	return 0;
}

static int dietze_cs1(struct hs_stream *out, const char *name, const char *params)
{
	static const char *const only[] = {"cs1", NULL};
	(void)params;
	emit_dietze(out, name, only);
	return 0;
}

static int dietze_cs1_ws1(struct hs_stream *out, const char *name, const char *params)
{
	static const char *const only[] = {"cs1", "ws1", NULL};
	(void)params;
	emit_dietze(out, name, only);
	return 0;
}

/* ---- homogeneous: homogeneous[:nodes=N,cores=C,speed=F,gpus=G,clusters=K] ---- */

struct homog {
	long nodes, cores, gpus, clusters;
	double speed;
};

int hs_gen_param_split(const char *spec, const char *kv, size_t *klen, const char **val)
{
	const char *eq = strchr(kv, '=');
	if (!eq) {
		hs_error("platform '%s': '%s' is not KEY=VALUE", spec, kv);
		return -1;
	}
	*klen = (size_t)(eq - kv);
	*val = eq + 1;
	return 0;
}

static int homog_param(const char *spec, struct homog *h, const char *kv)
{
	size_t klen;
	const char *v;
	if (hs_gen_param_split(spec, kv, &klen, &v) < 0)
		return -1;
	struct {
		const char *key;
		long *lval;
		long min, max;
	} ints[] = {
		{"nodes", &h->nodes, 1, 100000},
		{"cores", &h->cores, 1, 1000000},
		{"gpus", &h->gpus, 0, 1024},
		{"clusters", &h->clusters, 1, 100000},
	};
	for (size_t i = 0; i < sizeof ints / sizeof *ints; i++) {
		if (strlen(ints[i].key) != klen || strncmp(ints[i].key, kv, klen) != 0)
			continue;
		if (hs_parse_long(v, ints[i].min, ints[i].max, ints[i].lval) < 0) {
			hs_error("platform '%s': %s='%s' must be an integer between %ld and %ld",
				 spec, ints[i].key, v, ints[i].min, ints[i].max);
			return -1;
		}
		return 0;
	}
	if (klen == 5 && strncmp(kv, "speed", 5) == 0) {
		if (hs_parse_double(v, &h->speed) < 0 || !(h->speed > 0)) {
			hs_error("platform '%s': speed='%s' must be a number greater than 0", spec, v);
			return -1;
		}
		return 0;
	}
	hs_error("platform '%s': unknown parameter '%.*s' (nodes, cores, speed, gpus, clusters)",
		 spec, (int)klen, kv);
	return -1;
}

static int homogeneous(struct hs_stream *out, const char *name, const char *params)
{
	struct homog h = {4, 8, 0, 1, 1.0};
	char *spec = params ? hs_asprintf("%s:%s", name, params) : hs_strdup(name);
	if (params) {
		int n;
		char **kv = hs_split_list(params, ',', &n);
		for (int i = 0; i < n; i++)
			if (homog_param(spec, &h, kv[i]) < 0) {
				free(kv);
				free(spec);
				return -1;
			}
		free(kv);
	}
	if (h.clusters > h.nodes) {
		hs_error("platform '%s': clusters=%ld is more than nodes=%ld", spec, h.clusters,
			 h.nodes);
		free(spec);
		return -1;
	}
	free(spec);
	hs_stream_append(out, hs_record_new("platform", name));
	/* Cluster k holds nodes [k*N/K, (k+1)*N/K): sizes differ by at most one. */
	for (long k = 0; k < h.clusters; k++) {
		char cid[32];
		snprintf(cid, sizeof cid, "c%ld", k + 1);
		hs_stream_append(out, hs_record_new("cluster", cid));
		for (long j = k * h.nodes / h.clusters; j < (k + 1) * h.nodes / h.clusters; j++) {
			char nid[32];
			snprintf(nid, sizeof nid, "n%ld", j + 1);
			struct hs_record *n = hs_record_new("node", nid);
			hs_record_set(n, "cluster", cid);
			hs_record_set_int(n, "cores", h.cores);
			hs_record_set_num(n, "speed", h.speed);
			if (h.gpus)
				hs_record_set_int(n, "gpus", h.gpus);
			hs_stream_append(out, n);
		}
	}
	return 0;
}

/* ---- RSCHED's nodes (cholesky_kernels.c) ---- */

static int rsched_node(struct hs_stream *out, const char *name, const char *params)
{
	(void)params;
	ck_node_emit(out, ck_node_find(name), name);
	return 0;
}

/* ---- the table ---- */

struct builtin {
	const char *name;
	const char *summary;
	int takes_params;
	int (*emit)(struct hs_stream *out, const char *name, const char *params);
};

static const struct builtin builtins[] = {
	{"dietze", "Dietze et al. Table 1: cs1-2 (8 cores), sb1 (16), ws1-5 (12); 92 cores", 0,
	 dietze},
	{"dietze-cs1", "node cs1 of dietze alone (8 cores; Dietze Fig. 5)", 0, dietze_cs1},
	{"dietze-cs1-ws1", "nodes cs1 and ws1 of dietze (20 cores; Dietze Fig. 6)", 0,
	 dietze_cs1_ws1},
	{"dutot-homo",
	 "Dutot et al. 5.3: 8 clusters of 16 one-core hosts, Griffon's links (125 MBps, 24 us)", 1,
	 hs_gen_dutot_homo},
	{"dutot-homo-literal",
	 "dutot-homo with the links the paper prints (1.25e6 B/s, 24e-9 s): a misprint?", 1,
	 hs_gen_dutot_homo_literal},
	{"dutot-hetero",
	 "Dutot et al. 5.4, Table 1: 8 clusters c1-c3 (set=high) or c4-c6 (low), order=o1..o4", 1,
	 hs_gen_dutot_hetero},
	{"homogeneous",
	 "equal nodes: homogeneous:nodes=4,cores=8,speed=1,gpus=0,clusters=1 (defaults)", 1,
	 homogeneous},
	{"local", "this machine: the CPUs hs-exec may pin tasks to, its NVIDIA GPUs (node local)",
	 0, hs_local_platform_emit},
	{"a100", "RSCHED 3.1.1: 30 cores of 2 EPYC 7513, 2 A100 x 16 streams = 32 GPU workers", 0,
	 rsched_node},
	{"quadro", "RSCHED 3.1.1: 30 cores of 2 Xeon Gold 5218R, 2 Quadro RTX 8000 x 16 streams",
	 0, rsched_node},
	{"k40m", "RSCHED 3.1.1: 20 cores of 2 Xeon E5-2680 v3, 4 K40m x 8 streams", 0,
	 rsched_node},
};

const char *hs_gen_platform_builtin(int i, const char **summary)
{
	if (i < 0 || (size_t)i >= sizeof builtins / sizeof *builtins)
		return NULL;
	if (summary)
		*summary = builtins[i].summary;
	return builtins[i].name;
}

/* ---- platforms from files ---- */

/* hs-gen platform --master: which host of a SimGrid file is Batsim's master
 * host (NULL: Batsim's conventions, hs/simgrid.h). */
static const char *xml_master;

void hs_gen_platform_master(const char *master)
{
	xml_master = master;
}

static int append_file(struct hs_stream *out, const char *path)
{
	struct hs_stream s;
	int xml = hs_simgrid_is_file(path);
	if (xml < 0)
		return -1;
	if (!xml && xml_master) {
		hs_error("%s: --master applies to SimGrid platform files (XML) only", path);
		return -1;
	}
	if (xml) {
		hs_stream_init(&s, NULL);
		if (hs_simgrid_read_master(path, &s, xml_master) < 0) {
			hs_stream_release(&s);
			return -1;
		}
	} else if (hs_stream_load(&s, path) < 0) {
		hs_stream_release(&s);
		return -1;
	}
	/* Loading the model and building its network check every platform
	 * record (and report problems with the file's name and line) before
	 * anything is copied. */
	struct hs_instance in;
	memset(&in, 0, sizeof in);
	int bad = hs_instance_load(&in, &s) < 0;
	if (!bad) {
		struct hs_net net;
		bad = hs_net_build(&net, &in) < 0;
		if (!bad)
			hs_net_release(&net);
	}
	int nnodes = bad ? 0 : in.plat.nnodes;
	hs_instance_release(&in);
	if (!bad && nnodes == 0)
		hs_error("%s: no node records: not a platform", s.name);
	if (bad || nnodes == 0) {
		hs_stream_release(&s);
		return -1;
	}
	for (size_t i = 0; i < s.n; i++) {
		const struct hs_record *r = s.recs[i];
		if (xml && !r->kind) /* the reader's note naming the file */
			hs_stream_append(out, hs_record_new(NULL, r->raw));
		if (!hs_record_is_platform(r))
			continue;
		struct hs_record *c = hs_record_new(r->kind, r->id);
		for (int f = 0; f < r->nfields; f++) {
			if (strcmp(r->kind, "platform") == 0 && strcmp(r->fields[f].key, "xml") == 0) {
				/* Relative to the file it was in; the copy goes
				 * elsewhere (stdout), to be read relative to the cwd. */
				char *x = hs_path_beside(path, r->fields[f].val);
				hs_record_set(c, "xml", x);
				free(x);
			} else {
				hs_record_set(c, r->fields[f].key, r->fields[f].val);
			}
		}
		hs_stream_append(out, c);
	}
	hs_stream_release(&s);
	return 0;
}

int hs_gen_platform_append(struct hs_stream *out, const char *name_or_path)
{
	const char *spec = name_or_path;
	if (strcmp(spec, "none") == 0)
		return 0;
	/* Built-in names win over files of the same name; "./dietze" is the file. */
	if (!strchr(spec, '/')) {
		size_t nlen = strcspn(spec, ":");
		for (size_t i = 0; i < sizeof builtins / sizeof *builtins; i++) {
			const struct builtin *b = &builtins[i];
			if (strlen(b->name) != nlen || strncmp(b->name, spec, nlen) != 0)
				continue;
			const char *params = spec[nlen] == ':' ? spec + nlen + 1 : NULL;
			if (params && !b->takes_params) {
				hs_error("platform '%s' takes no parameters", b->name);
				return -1;
			}
			return b->emit(out, b->name, params);
		}
	}
	/* A path, or a name with a file's extension (cluster.xml): the file,
	 * so a missing one is "No such file", as hs-sim says. */
	const char *dot = strrchr(spec, '.');
	if (access(spec, F_OK) == 0 || strchr(spec, '/') || (dot && dot != spec && dot[1] && !strchr(spec, ':')))
		return append_file(out, spec);
	char names[512];
	size_t n = 0;
	names[0] = '\0';
	for (size_t i = 0; i < sizeof builtins / sizeof *builtins && n < sizeof names; i++)
		n += (size_t)snprintf(names + n, sizeof names - n, "%s%s", i ? ", " : "",
				      builtins[i].name);
	hs_error("unknown platform '%s': no such file, and the built-in ones are %s (hs-gen "
		 "platform -l says what they are)",
		 spec, names);
	return -1;
}

void hs_gen_complete_platforms(void)
{
	const char *name;
	for (int i = 0; (name = hs_gen_platform_builtin(i, NULL)); i++)
		printf("%s\n", name);
	printf("none\n");
}
