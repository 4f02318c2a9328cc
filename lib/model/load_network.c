/* model/load_network.c - the network records decoded (model/network.h):
 * link, router and route records, nodes' up=/down=/bw=/lat= and where the
 * clusters' records stand.  A link record's bad value is no problem of the
 * load: its entry carries the text that hs_net_build reports, so that a
 * tool that builds no network (hs-plan) takes the stream as it always did. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hs/format.h"
#include "hs/model.h"
#include "hs/util.h"
#include "load.h"
#include "network.h"

const struct hs_netrecs *hs_instance_netrecs(const struct hs_instance *in)
{
	const struct index *ix = in->index_;
	return ix ? &ix->net : NULL;
}

/* Where record r of file f (struct err's) stands; the file's name is
 * pooled once. */
static struct hs_netplace place(struct loader *L, int f, const struct hs_record *r)
{
	struct index *ix = L->ix;
	if (!ix->net_file[f]) {
		const struct hs_stream *s = f ? L->in->plat_xml : L->s;
		ix->net_file[f] = hs_load_strdup(&ix->strings, s->name ? s->name : "stdin");
	}
	return (struct hs_netplace){ ix->net_file[f], r->line };
}

static const char *pooled(struct loader *L, const struct hs_record *r, const char *key)
{
	return hs_load_strdup(&L->ix->strings, hs_record_get(r, key));
}

void hs_load_net_node(struct loader *L, struct hs_netnode *e, const struct hs_record *r,
		      const char *what)
{
	hs_load_num(L, r, what, "bw", NUM_POS, 0, NAN, &e->bw);
	hs_load_num(L, r, what, "lat", NUM_NONNEG, 0, NAN, &e->lat);
	e->at = place(L, L->file, r);
	e->up = pooled(L, r, "up");
	e->down = pooled(L, r, "down");
	/* coords=X,Y,H: SimGrid's Vivaldi coordinates (milliseconds). */
	const char *co = hs_record_get(r, "coords");
	e->has_coords = 0;
	if (co) {
		int k, ok;
		char **v = hs_split_list(co, ',', &k);
		ok = k == 3;
		for (int i = 0; ok && i < 3; i++)
			ok = hs_parse_double(v[i], &e->coords[i]) == 0;
		free(v);
		if (ok)
			e->has_coords = 1;
		else
			hs_load_error(L, r->line, "%s: coords must be three numbers X,Y,H, got '%s'", what,
				      co);
	}
}

/* A link record; its first problem, if any, as the builder always checked
 * them: a number out of range, then bw, lat, sharing. */
static void load_link(struct loader *L, struct hs_netlink *l, const struct hs_record *r, int f)
{
	const char *bws = hs_record_get(r, "bw"), *lats = hs_record_get(r, "lat");
	const char *sh = hs_record_get(r, "sharing");
	double bw = 0, lat = 0;
	int rb = bws ? hs_parse_double(bws, &bw) : HS_NUM_SYNTAX;
	int rl = lats ? hs_parse_double(lats, &lat) : 0;
	char msg[1024] = "";
	if (hs_num_range(rb) || hs_num_range(rl)) {
		int b = hs_num_range(rb) != NULL;
		snprintf(msg, sizeof msg, "link %s: %s '%s' %s", r->id, b ? "bw" : "lat", b ? bws : lats,
			 hs_num_range(b ? rb : rl));
	} else if (rb != 0 || !(bw > 0)) {
		snprintf(msg, sizeof msg, "link %s: bw must be a positive number, got '%s'", r->id,
			 bws ? bws : "");
	} else if (lats && (rl != 0 || lat < 0)) {
		snprintf(msg, sizeof msg, "link %s: lat must be a non-negative number, got '%s'", r->id,
			 lats);
	} else if (sh && strcmp(sh, "shared") != 0 && strcmp(sh, "fatpipe") != 0 &&
		   strcmp(sh, "splitduplex") != 0) {
		snprintf(msg, sizeof msg,
			 "link %s: sharing must be shared, fatpipe or splitduplex, got '%s'", r->id, sh);
	}
	l->id = hs_load_strdup(&L->ix->strings, r->id);
	l->at = place(L, f, r);
	l->problem = msg[0] ? hs_load_strdup(&L->ix->strings, msg) : NULL;
	l->bw = bw;
	l->lat = lat;
	l->fatpipe = sh && sh[0] == 'f';
	l->splitduplex = sh && strcmp(sh, "splitduplex") == 0;
}

static void load_route(struct loader *L, struct hs_netroute *e, const struct hs_record *r, int f)
{
	e->id = hs_load_strdup(&L->ix->strings, r->id);
	e->at = place(L, f, r);
	e->src = pooled(L, r, "src");
	e->dst = pooled(L, r, "dst");
	e->links = pooled(L, r, "links");
	e->gw_src = pooled(L, r, "gw_src");
	e->gw_dst = pooled(L, r, "gw_dst");
	e->sym = pooled(L, r, "symmetrical");
	e->symmetrical = !e->sym || strcmp(e->sym, "yes") == 0 ? 1 : strcmp(e->sym, "no") == 0 ? 0 : -1;
}

void hs_load_network(struct loader *L, const struct kind_recs *kc, const struct kind_recs *kl,
		     const struct kind_recs *krouter, const struct kind_recs *kroute)
{
	struct hs_netrecs *N = &L->ix->net;
	/* +1: the implicit default cluster, which has no record */
	N->clusters = hs_calloc(kc->n + 1, sizeof *N->clusters);
	for (int i = 0; i < kc->n; i++)
		N->clusters[i] = place(L, kc->file[i], kc->v[i]);
	N->links = hs_calloc(kl->n ? kl->n : 1, sizeof *N->links);
	for (N->nlinks = 0; N->nlinks < kl->n; N->nlinks++)
		load_link(L, &N->links[N->nlinks], kl->v[N->nlinks], kl->file[N->nlinks]);
	N->routers = hs_calloc(krouter->n ? krouter->n : 1, sizeof *N->routers);
	for (N->nrouters = 0; N->nrouters < krouter->n; N->nrouters++) {
		struct hs_netrouter *e = &N->routers[N->nrouters];
		const struct hs_record *r = krouter->v[N->nrouters];
		e->id = hs_load_strdup(&L->ix->strings, r->id);
		e->cluster = pooled(L, r, "cluster");
		e->at = place(L, krouter->file[N->nrouters], r);
	}
	N->routes = hs_calloc(kroute->n ? kroute->n : 1, sizeof *N->routes);
	for (N->nroutes = 0; N->nroutes < kroute->n; N->nroutes++)
		load_route(L, &N->routes[N->nroutes], kroute->v[N->nroutes], kroute->file[N->nroutes]);
}

void hs_load_net_release(struct hs_netrecs *N)
{
	free(N->links);
	free(N->routers);
	free(N->routes);
	free(N->nodes);
	free(N->clusters);
	free(N->order);
	memset(N, 0, sizeof *N);
}
