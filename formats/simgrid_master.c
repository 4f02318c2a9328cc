/* simgrid_master.c - Batsim's hosts that run no job (hs/simgrid.h): which
 * they are, and their records out of the platform once the file is read.
 *
 * They are read like any host first, so that routes and links naming them
 * resolve as SimGrid resolves them; then their nodes go, with the routes
 * from or to them, and a cluster left without nodes goes with its routers
 * and the routes between clusters that name it.  A master that other
 * hosts' traffic must cross (a zone route's gateway, a cluster's router=)
 * cannot go: that is an error naming the way to keep it. */
#include "simgrid_priv.h"

#include <stdlib.h>
#include <string.h>

/* The role property of a host element (or of a <cluster>), or NULL. */
static char *role_of(xmlNodePtr props)
{
	for (xmlNodePtr c = props ? props->children : NULL; c; c = c->next) {
		if (c->type != XML_ELEMENT_NODE || !hs_sg_is(c, "prop"))
			continue;
		char *id = hs_sg_attr(c, "id");
		int is_role = id && strcmp(id, "role") == 0;
		free(id);
		if (is_role)
			return hs_sg_attr(c, "value");
	}
	return NULL;
}

/* master_host, or master_host and digits (a one-host cluster's name). */
static int batsim_name(const char *id)
{
	const char *p = "master_host";
	size_t n = strlen(p);
	if (strncmp(id, p, n) != 0)
		return 0;
	for (id += n; *id; id++)
		if (*id < '0' || *id > '9')
			return 0;
	return 1;
}

int hs_sg_is_master(struct sg *g, const char *id, xmlNodePtr props)
{
	int is;
	if (!g->master) {
		char *role = role_of(props);
		is = batsim_name(id) ||
		     (role && (strcmp(role, "master") == 0 || strcmp(role, "storage") == 0));
		free(role);
	} else {
		is = strcmp(g->master, "none") != 0 && strcmp(g->master, id) == 0;
	}
	if (is) {
		g->masters = hs_reallocarray(g->masters, g->nmasters + 1, sizeof *g->masters);
		g->masters[g->nmasters++] = hs_strdup(id);
	}
	return is;
}

struct drop_ctx {
	struct hs_strmap nodes, clusters; /* the ids that go */
};

static int in(const struct hs_strmap *m, const struct hs_record *r, const char *key)
{
	const char *v = hs_record_get(r, key);
	return v && hs_strmap_get(m, v) >= 0;
}

static int drop_record(const struct hs_record *r, void *arg)
{
	const struct drop_ctx *d = arg;
	if (!r->kind)
		return 0;
	if (strcmp(r->kind, "node") == 0)
		return hs_strmap_get(&d->nodes, r->id) >= 0;
	if (strcmp(r->kind, "cluster") == 0)
		return hs_strmap_get(&d->clusters, r->id) >= 0;
	if (strcmp(r->kind, "route") == 0)
		return in(&d->nodes, r, "src") || in(&d->nodes, r, "dst") ||
		       in(&d->clusters, r, "src") || in(&d->clusters, r, "dst");
	if (strcmp(r->kind, "router") == 0)
		return in(&d->clusters, r, "cluster");
	return 0;
}

/* The id of a master that traffic between other hosts crosses, or NULL. */
static const char *crossed(const struct drop_ctx *d, const struct hs_record *r)
{
	static const char *const route_keys[] = {"gw_src", "gw_dst"};
	if (strcmp(r->kind, "route") == 0) {
		for (int i = 0; i < 2; i++)
			if (in(&d->nodes, r, route_keys[i]))
				return hs_record_get(r, route_keys[i]);
	} else if (strcmp(r->kind, "cluster") == 0 && in(&d->nodes, r, "router")) {
		return hs_record_get(r, "router");
	}
	return NULL;
}

/* "# ..." naming the hosts left out, put before the platform record. */
static void add_note(struct sg *g)
{
	size_t len = 0;
	for (int i = 0; i < g->nmasters; i++)
		len += strlen(g->masters[i]) + 2;
	char *names = hs_malloc(len + 1), *q = names;
	for (int i = 0; i < g->nmasters; i++)
		q += sprintf(q, "%s%s", i ? ", " : "", g->masters[i]);
	char *note = hs_asprintf("# not compute nodes (Batsim's master or storage host%s), left "
				 "out: %s",
				 g->nmasters == 1 ? "" : "s", names);
	struct hs_stream *out = g->out;
	hs_stream_append(out, hs_record_new(NULL, note));
	size_t at = 0;
	while (at < out->n - 1 && out->recs[at] != g->plat)
		at++;
	if (at < out->n - 1) {
		struct hs_record *c = out->recs[out->n - 1];
		memmove(out->recs + at + 1, out->recs + at, (out->n - 1 - at) * sizeof *out->recs);
		out->recs[at] = c;
	}
	free(note);
	free(names);
}

int hs_sg_drop_masters(struct sg *g)
{
	if (g->master && strcmp(g->master, "none") != 0 && !g->nmasters) {
		hs_error_at(g->path, 0, "no host named '%s' to leave out as the master host",
			    g->master);
		return -1;
	}
	if (!g->nmasters)
		return 0;
	struct hs_stream *out = g->out;
	struct drop_ctx d;
	hs_strmap_init(&d.nodes, (size_t)g->nmasters * 2 + 8);
	hs_strmap_init(&d.clusters, 16);
	for (int i = 0; i < g->nmasters; i++)
		hs_strmap_put(&d.nodes, g->masters[i], i);
	int rc = 0;
	for (size_t k = 0; k < out->n && rc == 0; k++) {
		const struct hs_record *r = out->recs[k];
		const char *via = r->kind ? crossed(&d, r) : NULL;
		if (via) {
			hs_error_at(g->path, r->line,
				    "host %s runs no job in Batsim (master or storage host) but "
				    "routes between zones cross it: hs cannot leave it out "
				    "(hs-gen platform --master none keeps every host)",
				    via);
			rc = -1;
		}
	}
	if (rc == 0) {
		/* Clusters whose every node goes, go too. */
		struct hs_strmap kept;
		hs_strmap_init(&kept, 64);
		for (size_t k = 0; k < out->n; k++) {
			const struct hs_record *r = out->recs[k];
			if (r->kind && strcmp(r->kind, "node") == 0 &&
			    hs_strmap_get(&d.nodes, r->id) < 0)
				hs_strmap_put(&kept, hs_record_get(r, "cluster"), 1);
		}
		/* Copies: the filter frees the records as it goes. */
		char **gone = NULL;
		int ngone = 0;
		for (size_t k = 0; k < out->n; k++) {
			const struct hs_record *r = out->recs[k];
			if (r->kind && strcmp(r->kind, "cluster") == 0 &&
			    hs_strmap_get(&kept, r->id) < 0) {
				gone = hs_reallocarray(gone, ngone + 1, sizeof *gone);
				gone[ngone] = hs_strdup(r->id);
				hs_strmap_put(&d.clusters, gone[ngone++], 1);
			}
		}
		hs_strmap_release(&kept);
		hs_stream_filter(out, drop_record, &d);
		add_note(g);
		for (int i = 0; i < ngone; i++)
			free(gone[i]);
		free(gone);
	}
	hs_strmap_release(&d.nodes);
	hs_strmap_release(&d.clusters);
	return rc;
}
