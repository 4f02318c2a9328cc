/* model/load_platform.c - the platform's records decoded (load.h): the
 * platform record and its SimGrid file, clusters, nodes (with the limits
 * on their number and cores), the default cluster, nodes grouped by
 * cluster. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "hs/format.h"
#include "hs/limits.h"
#include "hs/model.h"
#include "hs/simgrid.h"
#include "hs/util.h"
#include "load.h"

/* r: the stream's platform record (or NULL); xr: the one the XML file
 * brought, whose ref_flops (its slowest host) applies unless r gives one. */
void hs_load_platform(struct loader *L, struct hs_record *r, struct hs_record *xr)
{
	struct hs_platform *pl = &L->in->plat;
	char what[300];
	if (xr && (!r || !hs_record_get(r, "ref_flops"))) {
		L->file = 1;
		snprintf(what, sizeof what, "platform %s", xr->id);
		hs_load_num(L, xr, what, "ref_flops", NUM_POS, 0, 1e9, &pl->ref_flops);
		L->file = 0;
	}
	if (!r)
		return;
	snprintf(what, sizeof what, "platform %s", r->id);
	hs_load_num(L, r, what, "ref_flops", NUM_POS, 0, pl->ref_flops, &pl->ref_flops);
	hs_load_num(L, r, what, "backbone_bw", NUM_NONNEG, 0, 0, &pl->backbone_bw);
	hs_load_num(L, r, what, "backbone_lat", NUM_NONNEG, 0, 0, &pl->backbone_lat);
	pl->xml = L->ix->xml;
}

/* routing=full|floyd of the platform record r (or the XML's, xr). */
void hs_load_platform_routing(struct loader *L, struct hs_record *r, struct hs_record *xr)
{
	struct hs_platform *pl = &L->in->plat;
	pl->routing = HS_ROUTING_FULL;
	struct hs_record *use = r && hs_record_get(r, "routing") ? r : xr;
	const char *ro = use ? hs_record_get(use, "routing") : NULL;
	if (!ro)
		return;
	if (strcmp(ro, "floyd") == 0)
		pl->routing = HS_ROUTING_FLOYD;
	else if (strcmp(ro, "full") != 0) {
		L->file = use == xr;
		hs_load_error(L, use->line, "platform %s: routing must be full or floyd, got '%s'", use->id,
			ro);
		L->file = 0;
	}
}

/* Resolve the platform's xml= and read the file into in->plat_xml.  A
 * relative path is relative to the stream's file (cwd for stdin).  Returns
 * -1 when the file cannot be used (reported, or queued as a problem). */
int hs_load_platform_xml(struct loader *L, struct hs_record *r)
{
	const char *xml = hs_record_get(r, "xml");
	if (!xml)
		return 0;
	if (!*xml) {
		hs_load_error(L, r->line, "platform %s: xml must name a file", r->id);
		return -1;
	}
	const char *name = L->s->name;
	if (name && strcmp(name, "stdin") != 0)
		L->ix->xml = hs_path_beside(name, xml);
	else
		L->ix->xml = hs_strdup(xml);
	struct hs_stream *x = hs_malloc(sizeof *x);
	hs_stream_init(x, NULL);
	L->in->plat_xml = x;
	if (hs_simgrid_read(L->ix->xml, x) < 0) {
		L->total++; /* reported by the reader, with the XML's line */
		return -1;
	}
	return 0;
}

static void cluster_defaults(struct hs_cluster *c)
{
	memset(c, 0, sizeof *c);
	c->bw = 1.25e9;
}

void hs_load_cluster(struct loader *L, struct hs_cluster *c, struct hs_record *r, const char *id)
{
	char what[300];
	snprintf(what, sizeof what, "cluster %s", r->id);
	cluster_defaults(c);
	c->id = id;
	c->rec = r;
	hs_load_num(L, r, what, "bw", NUM_POS, 0, 1.25e9, &c->bw);
	hs_load_num(L, r, what, "lat", NUM_NONNEG, 0, 0, &c->lat);
	hs_load_num(L, r, what, "bb_bw", NUM_NONNEG, 0, 0, &c->bb_bw);
	hs_load_num(L, r, what, "bb_lat", NUM_NONNEG, 0, 0, &c->bb_lat);
	hs_load_num(L, r, what, "up_bw", NUM_NONNEG, 0, 0, &c->up_bw);
	hs_load_num(L, r, what, "up_lat", NUM_NONNEG, 0, 0, &c->up_lat);
	const char *sh = hs_record_get(r, "sharing");
	if (sh) {
		if (strcmp(sh, "shared") == 0)
			c->sharing_fatpipe = 0;
		else if (strcmp(sh, "fatpipe") == 0)
			c->sharing_fatpipe = 1;
		else if (strcmp(sh, "splitduplex") == 0)
			c->sharing_splitduplex = 1;
		else
			hs_load_error(L, r->line, "%s: sharing must be shared, fatpipe or splitduplex, got '%s'",
				what, sh);
	}
	const char *bs = hs_record_get(r, "bb_sharing");
	if (bs) {
		if (strcmp(bs, "shared") == 0 || strcmp(bs, "fatpipe") == 0)
			c->bb_fatpipe = bs[0] == 'f';
		else
			hs_load_error(L, r->line, "%s: bb_sharing must be shared or fatpipe, got '%s'", what, bs);
	}
	const char *ro = hs_record_get(r, "routing");
	if (ro) {
		if (strcmp(ro, "cluster") == 0)
			c->routing = HS_ROUTING_CLUSTER;
		else if (strcmp(ro, "full") == 0)
			c->routing = HS_ROUTING_FULL;
		else if (strcmp(ro, "floyd") == 0)
			c->routing = HS_ROUTING_FLOYD;
		else if (strcmp(ro, "vivaldi") == 0)
			c->routing = HS_ROUTING_VIVALDI;
		else
			hs_load_error(L, r->line,
				      "%s: routing must be cluster, full, floyd or vivaldi, got '%s'", what, ro);
	}
	c->router = hs_load_strdup(&L->ix->strings, hs_record_get(r, "router"));
}

/* Every node's power states while the nodes are decoded: appended here,
 * pointed to once all are (hs_load_nodes), kept in the index. */
struct states {
	struct hs_pstate *p;
	struct hs_sleep_state *s;
	int *sg;             /* simgrid_pstates= */
	size_t np, nsl, nsg, capp, caps, capsg;
	size_t *poff, *soff, *sgoff; /* per node (stream order): its first states */
};

/* key= of node r: items of k numbers separated by ':', comma-separated (a
 * list of at least one); each number >= 0 and the first > 0 when first_pos.
 * Returns the item count with *out malloc'd (k numbers an item), 0 when
 * absent, -1 after reporting. */
static int state_list(struct loader *L, const struct hs_record *r, const char *what,
		      const char *key, int k, const char *shape, int first_pos, double **out)
{
	const char *v = hs_record_get(r, key);
	*out = NULL;
	if (!v)
		return 0;
	int n;
	char **items = hs_split_list(v, ',', &n);
	double *x = hs_reallocarray(NULL, n ? (size_t)n * k : 1, sizeof *x);
	int rc = n;
	if (n == 0) {
		hs_load_error(L, r->line, "%s: %s must be a list of %s, got ''", what, key, shape);
		rc = -1;
	}
	for (int i = 0; i < n && rc > 0; i++) {
		int m;
		char **f = hs_split_list(items[i], ':', &m);
		if (m != k) {
			hs_load_error(L, r->line, "%s: %s: state %d '%s' must be %s", what, key, i,
				      items[i], shape);
			rc = -1;
		}
		for (int j = 0; j < m && rc > 0; j++) {
			int e = hs_parse_double(f[j], &x[i * k + j]);
			if (hs_num_range(e)) {
				hs_load_error(L, r->line, "%s: %s: state %d: '%s' %s", what, key, i, f[j],
					      hs_num_range(e));
				rc = -1;
			} else if (e < 0 || x[i * k + j] < 0 || (j == 0 && first_pos && !(x[i * k] > 0))) {
				hs_load_error(L, r->line, "%s: %s: state %d: '%s' must be a number %s 0 (%s)",
					      what, key, i, f[j], j == 0 && first_pos ? ">" : ">=", shape);
				rc = -1;
			}
		}
		free(f);
	}
	free(items);
	if (rc < 0) {
		free(x);
		return -1;
	}
	*out = x;
	return rc;
}

/* simgrid_pstates= of node n, once its states are known: a state number
 * or '-' per SimGrid pstate, every state of the node exactly once (a
 * Batsim pstate must name one state, and each state must be reachable by
 * one), appended to st. */
static void load_simgrid_numbers(struct loader *L, struct hs_node *n, const struct hs_record *r,
				 const char *what, struct states *st, int i)
{
	const char *v = hs_record_get(r, "simgrid_pstates");
	st->sgoff[i] = st->nsg;
	if (!v)
		return;
	int m, ns = n->npstates + n->nsleeps, bad = 0;
	char **items = hs_split_list(v, ',', &m);
	int *x = hs_calloc((size_t)m + 1, sizeof *x), *seen = hs_calloc((size_t)ns, sizeof *seen);
	if (m == 0) {
		hs_load_error(L, r->line, "%s: simgrid_pstates must be a list of state numbers and '-', "
			      "got ''", what);
		bad = 1;
	}
	for (int k = 0; k < m && !bad; k++) {
		if (strcmp(items[k], "-") == 0) {
			x[k] = -1;
			continue;
		}
		bad = 1;
		if (hs_parse_int(items[k], 0, INT_MAX, &x[k]) != 0)
			hs_load_error(L, r->line, "%s: simgrid_pstates: item %d '%s' is neither a state "
				      "number nor '-'", what, k, items[k]);
		else if (x[k] >= ns)
			hs_load_error(L, r->line, "%s: simgrid_pstates: item %d: state %d, but the node's "
				      "are 0-%d (computing, then sleeping)", what, k, x[k], ns - 1);
		else if (seen[x[k]])
			hs_load_error(L, r->line, "%s: simgrid_pstates: state %d given twice (items %d "
				      "and %d)", what, x[k], seen[x[k]] - 1, k);
		else
			bad = 0, seen[x[k]] = k + 1;
	}
	for (int s = 0; s < ns && !bad; s++)
		if (!seen[s]) {
			hs_load_error(L, r->line, "%s: simgrid_pstates: state %d has no SimGrid pstate "
				      "(got %s)", what, s, v);
			bad = 1;
		}
	if (!bad) {
		if (st->nsg + (size_t)m > st->capsg) {
			st->capsg = (st->nsg + (size_t)m) * 2;
			st->sg = hs_reallocarray(st->sg, st->capsg, sizeof *st->sg);
		}
		memcpy(st->sg + st->nsg, x, (size_t)m * sizeof *x);
		st->nsg += (size_t)m;
		n->nsimgrid_pstates = m;
	}
	free(items);
	free(x);
	free(seen);
}

/* pstates=, pstate=, sleep= and off_power= of node n (hs-format(5)): its
 * states appended to st.  Without pstates=, the one computing state that
 * cpu_idle and cpu_busy give; with it, they are the initial state's
 * (given or not). */
static void load_states(struct loader *L, struct hs_node *n, const struct hs_record *r,
			const char *what, struct states *st, int i)
{
	double *ps, *sl;
	int np = state_list(L, r, what, "pstates", 3, "SPEED:IDLE:BUSY", 1, &ps);
	int ns = state_list(L, r, what, "sleep", 5, "POWER:OFF_TIME:OFF_ENERGY:ON_TIME:ON_ENERGY", 0,
			    &sl);
	hs_load_int(L, r, what, "pstate", 0, 0, 0, &n->pstate);
	hs_load_num(L, r, what, "off_power", NUM_NONNEG, 0, 0, &n->off_power);
	int have = np > 0;
	if (np <= 0) {
		np = 1;
		ps = hs_malloc(3 * sizeof *ps);
		ps[0] = 1, ps[1] = n->cpu_idle, ps[2] = n->cpu_busy;
	}
	if (n->pstate >= np) {
		hs_load_error(L, r->line, "%s: pstate=%d, but the node has %d computing state%s", what,
			      n->pstate, np, np == 1 ? "" : "s");
		n->pstate = 0;
	} else if (have) {
		const double *init = &ps[3 * n->pstate];
		/* speed= is the speed in the initial state. */
		if (init[0] != 1)
			hs_load_error(L, r->line,
				      "%s: pstates: the initial state %d must have speed 1 (speeds are relative to the node's), got %s",
				      what, n->pstate, hs_record_get(r, "pstates"));
		static const char *const key[2] = {"cpu_idle", "cpu_busy"};
		double *w[2] = {&n->cpu_idle, &n->cpu_busy};
		for (int k = 0; k < 2; k++) {
			if (!hs_record_get(r, key[k]))
				*w[k] = init[1 + k];
			else if (*w[k] != init[1 + k])
				hs_load_error(L, r->line, "%s: %s=%s differs from the initial state %d's",
					      what, key[k], hs_record_get(r, key[k]), n->pstate);
		}
	}
	st->poff[i] = st->np;
	n->npstates = np;
	if (st->np + np > st->capp) {
		st->capp = (st->np + np) * 2;
		st->p = hs_reallocarray(st->p, st->capp, sizeof *st->p);
	}
	for (int k = 0; k < np; k++)
		st->p[st->np++] = (struct hs_pstate){ ps[3 * k], ps[3 * k + 1], ps[3 * k + 2] };
	st->soff[i] = st->nsl;
	n->nsleeps = ns > 0 ? ns : 0;
	if (st->nsl + n->nsleeps > st->caps) {
		st->caps = (st->nsl + n->nsleeps) * 2;
		st->s = hs_reallocarray(st->s, st->caps, sizeof *st->s);
	}
	for (int k = 0; k < n->nsleeps; k++) {
		const double *x = &sl[5 * k];
		st->s[st->nsl++] = (struct hs_sleep_state){ x[0], x[1], x[2], x[3], x[4] };
	}
	free(ps);
	free(sl);
	load_simgrid_numbers(L, n, r, what, st, i);
}

/* Decode a node; returns the number of problems found.  cluster is left -1
 * when cluster= is absent (resolved later to the default cluster). */
static int load_node(struct loader *L, struct hs_node *n, struct hs_record *r, const char *id,
		     struct hs_netnode *net, struct states *st, int i)
{
	char what[300];
	snprintf(what, sizeof what, "node %s", r->id);
	int before = L->total;
	memset(n, 0, sizeof *n);
	n->id = id;
	n->rec = r;
	n->cluster = -1;
	if (hs_load_int(L, r, what, "cores", 1, 1, 1, &n->cores) != 0)
		n->cores = 1;
	/* Either of speed and flops gives the other through ref_flops. */
	double ref = L->in->plat.ref_flops;
	hs_load_num(L, r, what, "flops", NUM_POS, 0, 0, &n->flops);
	hs_load_num(L, r, what, "speed", NUM_POS, 0, n->flops > 0 ? n->flops / ref : 1, &n->speed);
	if (!(n->flops > 0))
		n->flops = n->speed * ref;
	hs_load_net_node(L, net, r, what);
	hs_load_int(L, r, what, "gpus", 0, 0, 0, &n->gpus);
	hs_load_num(L, r, what, "gpu_speed", NUM_POS, 0, 1, &n->gpu_speed);
	hs_load_int(L, r, what, "gpu_streams", 1, 0, 1, &n->gpu_streams);
	if (n->gpus > 0 && n->gpu_streams > 0 && n->gpus % n->gpu_streams != 0)
		hs_load_error(L, r->line, "%s: gpus=%d is not a whole number of GPUs of gpu_streams=%d",
			      what, n->gpus, n->gpu_streams);
	hs_load_num(L, r, what, "gpu_bw", NUM_POS, 0, 0, &n->gpu_bw);
	hs_load_num(L, r, what, "gpu_lat", NUM_NONNEG, 0, 0, &n->gpu_lat);
	hs_load_num(L, r, what, "gpu_mem", NUM_POS, 0, 0, &n->gpu_mem);
	hs_load_num(L, r, what, "cpu_busy", NUM_NONNEG, 0, 0, &n->cpu_busy);
	hs_load_num(L, r, what, "cpu_idle", NUM_NONNEG, 0, 0, &n->cpu_idle);
	hs_load_num(L, r, what, "gpu_busy", NUM_NONNEG, 0, 0, &n->gpu_busy);
	hs_load_num(L, r, what, "gpu_idle", NUM_NONNEG, 0, 0, &n->gpu_idle);
	load_states(L, n, r, what, st, i);
	const char *cl = hs_record_get(r, "cluster");
	if (cl) {
		n->cluster = hs_strmap_get(&L->ix->clusters, cl);
		if (n->cluster < 0) {
			hs_load_error(L, r->line, "%s: unknown cluster '%s'", what, cl);
			n->cluster = -1;
		}
	}
	return L->total - before;
}

/* The platform's size against the limits (hs/limits.h), before anything is
 * sized by it: a node past a limit is reported and counted as one core, so
 * that no total overflows (the load fails anyway). */
static void count_limits(struct loader *L, const struct kind_recs *kn, struct hs_node *n, int *bad)
{
	unsigned long long max_nodes = hs_limit(HS_LIMIT_NODES), max_cores = hs_limit(HS_LIMIT_CORES);
	unsigned long long cores = 0, gpus = 0;
	int over = 0;
	for (int i = 0; i < kn->n; i++) {
		const struct hs_record *r = kn->v[i];
		L->file = kn->file[i];
		cores += (unsigned)n[i].cores;
		gpus += (unsigned)n[i].gpus;
		const char *what = NULL, *lim = NULL;
		unsigned long long max = 0;
		if ((unsigned long long)i + 1 > max_nodes)
			what = "nodes", max = max_nodes, lim = hs_limit_text(HS_LIMIT_NODES);
		else if (cores > max_cores || gpus > max_cores)
			what = cores > max_cores ? "cores" : "GPUs", max = max_cores,
			lim = hs_limit_text(HS_LIMIT_CORES);
		else if (cores > INT_MAX || gpus > INT_MAX)
			what = cores > INT_MAX ? "cores" : "GPUs", max = INT_MAX, lim = NULL;
		if (what && !over)
			hs_load_error(L, r->line, "node %s: the platform has more %s than the limit of %llu%s%s%s",
				r->id, what, max, lim ? " (" : "", lim ? lim : "",
				lim ? "; HS_LIMITS raises it)" : "");
		if (what) {
			over = 1;
			bad[i] = 1;
			n[i].cores = 1;
			n[i].gpus = 0;
		}
	}
	L->file = 0;
}

void hs_load_nodes(struct loader *L, struct kind_recs *kn)
{
	struct hs_platform *pl = &L->in->plat;
	struct index *ix = L->ix;
	int nn = kn->n;
	struct hs_node *tmp = hs_calloc(nn ? nn : 1, sizeof *tmp);
	int *bad = hs_calloc(nn ? nn : 1, sizeof *bad);
	int need_default = 0;
	struct hs_netnode *net = ix->net.nodes = hs_calloc(nn ? nn : 1, sizeof *net);
	ix->net.nnodes = nn;
	struct states st = { 0 };
	st.poff = hs_calloc(nn ? nn : 1, sizeof *st.poff);
	st.soff = hs_calloc(nn ? nn : 1, sizeof *st.soff);
	st.sgoff = hs_calloc(nn ? nn : 1, sizeof *st.sgoff);
	for (int i = 0; i < nn; i++) {
		L->file = kn->file[i];
		bad[i] = load_node(L, &tmp[i], kn->v[i], kn->ids[i], &net[i], &st, i) > 0;
		need_default |= tmp[i].cluster < 0;
	}
	L->file = 0;
	ix->pstates = st.p;
	ix->sleeps = st.s;
	ix->simgrid_pstates = st.sg;
	for (int i = 0; i < nn; i++) {
		tmp[i].pstates = st.p + st.poff[i];
		tmp[i].sleeps = tmp[i].nsleeps ? st.s + st.soff[i] : NULL;
		tmp[i].simgrid_pstates = tmp[i].nsimgrid_pstates ? st.sg + st.sgoff[i] : NULL;
	}
	free(st.poff);
	free(st.soff);
	free(st.sgoff);
	count_limits(L, kn, tmp, bad);
	if (need_default) {
		int d = hs_strmap_get(&ix->clusters, "default");
		if (d < 0) {
			d = pl->nclusters++;
			cluster_defaults(&pl->clusters[d]);
			pl->clusters[d].id = hs_load_strdup(&ix->strings, "default");
			hs_strmap_put(&ix->clusters, pl->clusters[d].id, d);
		}
		for (int i = 0; i < nn; i++)
			if (tmp[i].cluster < 0)
				tmp[i].cluster = d;
	}
	/* Stable counting sort by cluster: a cluster's nodes are contiguous
	 * (struct hs_cluster.first_node); this is stream order whenever the
	 * stream lists nodes cluster by cluster, as writers do. */
	int nc = pl->nclusters;
	int *start = hs_calloc(nc + 1, sizeof *start);
	for (int i = 0; i < nn; i++)
		start[tmp[i].cluster + 1]++;
	for (int c = 0; c < nc; c++)
		start[c + 1] += start[c];
	pl->nodes = hs_calloc(nn ? nn : 1, sizeof *pl->nodes);
	pl->nnodes = nn;
	L->node_bad = hs_calloc(nn ? nn : 1, sizeof *L->node_bad);
	for (int c = 0; c < nc; c++) {
		struct hs_cluster *cl = &pl->clusters[c];
		cl->first_node = start[c];
		cl->nnodes = start[c + 1] - start[c];
		cl->nodes = cl->nnodes ? hs_malloc(cl->nnodes * sizeof *cl->nodes) : NULL;
		cl->nnodes = 0;
	}
	for (int i = 0; i < nn; i++) {
		int c = tmp[i].cluster;
		struct hs_cluster *cl = &pl->clusters[c];
		int j = cl->first_node + cl->nnodes;
		cl->nodes[cl->nnodes++] = j;
		cl->cores += tmp[i].cores;
		pl->nodes[j] = tmp[i];
		net[i].node = j;
		L->node_bad[j] = bad[i];
		hs_strmap_set(&ix->nodes, tmp[i].id, j);
		pl->total_cores += tmp[i].cores;
		pl->total_gpus += tmp[i].gpus;
	}
	free(start);
	free(tmp);
	free(bad);
}

