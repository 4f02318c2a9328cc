/* test_net - routes of hs/net.h, checked by hand: stars (shared, split-
 * duplex, per-node links), the backbone tree, full clusters with explicit
 * and one-way routes, Floyd through routers, routes between clusters
 * through gateways, missing routes, loopbacks, and every build error.  Also
 * that share/platforms/griffon.xml reads to dutot-homo's network (run from
 * the top of the tree, as make check does; HS_TOP overrides). */
#include "model_fixture.h"
#include "tap.h"

#include "hs/gen.h"
#include "hs/net.h"

struct fx {
	struct hs_stream s;
	struct hs_instance in;
	struct hs_net net;
	struct hs_route r;
	int ok;
};

static int fx_net(struct fx *f, const char *text)
{
	memset(f, 0, sizeof *f);
	f->ok = fx_load(&f->s, &f->in, text) == 0 && hs_net_build(&f->net, &f->in) == 0;
	return f->ok;
}

static void fx_net_free(struct fx *f)
{
	hs_route_release(&f->r);
	if (f->ok)
		hs_net_release(&f->net);
	fx_free(&f->s, &f->in);
}

/* The route from node a to node b as "id id id" ("-" when there is none). */
static const char *route_of(struct fx *f, const char *a, const char *b)
{
	static char buf[1024];
	int i = hs_instance_find_node(&f->in, a), j = hs_instance_find_node(&f->in, b);
	if (i < 0 || j < 0 || hs_net_route(&f->net, i, j, &f->r) < 0)
		return "-";
	buf[0] = 0;
	for (int k = 0; k < f->r.n; k++)
		snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%s", k ? " " : "",
			 f->net.links[f->r.links[k]].id);
	return buf;
}

static const struct hs_link *link_of(struct fx *f, const char *id)
{
	int l = hs_net_find_link(&f->net, id);
	return l >= 0 ? &f->net.links[l] : NULL;
}

static void test_star(void)
{
	struct fx f;
	TAP_OK(fx_net(&f, "cluster c bw=100 lat=1 bb_bw=1000 bb_lat=0.5\n"
			  "node a cluster=c cores=1\nnode b cluster=c cores=1 bw=50 lat=2\n"),
	       "star: builds");
	TAP_STREQ(route_of(&f, "a", "b"), "a_link c_backbone b_link", "star: up, switch, down");
	TAP_OK(f.r.lat == 3.5, "star: latency 1 + 0.5 + 2");
	const struct hs_link *b = link_of(&f, "b_link");
	TAP_OK(b && b->bw == 50 && b->lat == 2 && b->sharing == HS_LINK_SHARED,
	       "star: node bw=/lat= make its own link");
	TAP_STREQ(route_of(&f, "a", "a"), "", "star: a node's route to itself is empty");
	hs_net_self_route(&f.net, 0, &f.r);
	TAP_OK(f.r.n == 2 && f.r.links[0] == hs_net_find_link(&f.net, "a_link") && f.r.lat == 1.5,
	       "star: SimGrid's self route: the shared link once, the switch");
	fx_net_free(&f);

	TAP_OK(fx_net(&f, "cluster c bw=100 lat=1 sharing=splitduplex bb_bw=1000 bb_sharing=fatpipe\n"
			  "node a cluster=c cores=1\nnode b cluster=c cores=1\n"),
	       "splitduplex: builds");
	TAP_STREQ(route_of(&f, "a", "b"), "a_link_UP c_backbone b_link_DOWN",
		  "splitduplex: UP of the source, DOWN of the destination");
	TAP_STREQ(route_of(&f, "b", "a"), "b_link_UP c_backbone a_link_DOWN", "splitduplex: back");
	TAP_OK(f.r.lat == 2, "splitduplex: latency 1 + 0 + 1");
	TAP_OK(link_of(&f, "c_backbone")->sharing == HS_LINK_FATPIPE, "bb_sharing=fatpipe");
	hs_net_self_route(&f.net, 0, &f.r);
	TAP_OK(f.r.n == 3, "splitduplex: SimGrid's self route is UP, switch, DOWN");
	fx_net_free(&f);

	TAP_OK(fx_net(&f, "cluster c sharing=fatpipe\nnode a cluster=c cores=1\n"
			  "node b cluster=c cores=1\n"),
	       "fatpipe: builds");
	TAP_STREQ(route_of(&f, "a", "b"), "a_link b_link", "no bb_bw: no switch link");
	TAP_OK(link_of(&f, "a_link")->sharing == HS_LINK_FATPIPE && link_of(&f, "a_link")->bw == 1.25e9,
	       "fatpipe private links, default bw 1.25e9");
	fx_net_free(&f);

	/* up=/down= name links (SimGrid's host_link); explicit route wins. */
	TAP_OK(fx_net(&f, "cluster c bb_bw=10\nlink u bw=1 lat=0.25\nlink d bw=2 lat=0.125\n"
			  "link s bw=3\nnode a cluster=c cores=1 up=u down=d\n"
			  "node b cluster=c cores=1 up=s down=s\nnode e cluster=c cores=1\n"
			  "route ae src=a dst=e links=s symmetrical=no\n"),
	       "host links: builds");
	TAP_STREQ(route_of(&f, "a", "b"), "u c_backbone s", "host links: up of a, down of b");
	TAP_STREQ(route_of(&f, "b", "a"), "s c_backbone d", "host links: back");
	TAP_OK(f.r.lat == 0.125, "host links: latency 0 + 0 + 0.125");
	TAP_STREQ(route_of(&f, "a", "e"), "s", "an explicit route between two nodes wins");
	TAP_STREQ(route_of(&f, "e", "a"), "e_link c_backbone d", "symmetrical=no: not back");
	fx_net_free(&f);
}

static void test_tree(void)
{
	struct fx f;
	TAP_OK(fx_net(&f, "platform p backbone_bw=1e9 backbone_lat=4\n"
			  "cluster c bw=10 lat=1 bb_bw=100 bb_lat=2 up_bw=50 up_lat=8\n"
			  "cluster d bw=10 lat=16 sharing=splitduplex\n"
			  "node a cluster=c cores=1\nnode b cluster=d cores=1\n"),
	       "tree: builds");
	TAP_STREQ(route_of(&f, "a", "b"), "a_link c_backbone c_uplink backbone b_link_DOWN",
		  "tree: up, switch, uplink, backbone, (no uplink, no switch), down");
	TAP_OK(f.r.lat == 1 + 2 + 8 + 4 + 16, "tree: latency 31");
	TAP_STREQ(route_of(&f, "b", "a"), "b_link_UP backbone c_uplink c_backbone a_link",
		  "tree: back");
	fx_net_free(&f);
}

static void test_full_and_floyd(void)
{
	struct fx f;
	TAP_OK(fx_net(&f, "cluster k routing=full\nnode x cluster=k cores=1\n"
			  "node y cluster=k cores=1\nnode z cluster=k cores=1\n"
			  "link l1 bw=1 lat=1\nlink l2 bw=2 lat=2 sharing=splitduplex\n"
			  "link l3 bw=3 lat=4 sharing=fatpipe\n"
			  "route xy src=x dst=y links=l1,l2_UP\n"
			  "route xz src=x dst=z links=l3 symmetrical=no\n"),
	       "full: builds");
	TAP_STREQ(route_of(&f, "x", "y"), "l1 l2_UP", "full: the route's links");
	TAP_OK(f.r.lat == 3, "full: latency 1 + 2");
	TAP_STREQ(route_of(&f, "y", "x"), "l2_DOWN l1",
		  "full: symmetrical: reversed, split-duplex halves swapped");
	TAP_STREQ(route_of(&f, "x", "z"), "l3", "full: one-way route");
	TAP_STREQ(route_of(&f, "z", "x"), "-", "full: no route back");
	TAP_STREQ(route_of(&f, "y", "z"), "-", "full: no route y to z (no path search)");
	TAP_OK(link_of(&f, "l3")->sharing == HS_LINK_FATPIPE && link_of(&f, "l2_UP")->bw == 2,
	       "link records: sharing, bandwidth");
	TAP_OK(hs_net_find_link(&f.net, "l2") == -1, "a split-duplex record's own id is no link");
	fx_net_free(&f);

	/* Floyd: fewest links; the direct route has 4, the way by the
	 * routers 3; r hangs on R1 one way only. */
	TAP_OK(fx_net(&f, "cluster k routing=floyd\nnode p cluster=k cores=1\n"
			  "node q cluster=k cores=1\nnode r cluster=k cores=1\n"
			  "router R1 cluster=k\nrouter R2 cluster=k\n"
			  "link a bw=1 lat=1\nlink b bw=1 lat=2\nlink c bw=1 lat=4\nlink d bw=1 lat=8\n"
			  "route pq src=p dst=q links=a,b,c,d\n"
			  "route p1 src=p dst=R1 links=a\nroute 12 src=R1 dst=R2 links=b\n"
			  "route 2q src=R2 dst=q links=c\nroute r1 src=r dst=R1 links=d symmetrical=no\n"),
	       "floyd: builds");
	TAP_STREQ(route_of(&f, "p", "q"), "a b c", "floyd: through the routers (3 links < 4)");
	TAP_OK(f.r.lat == 7, "floyd: latency 1 + 2 + 4");
	TAP_STREQ(route_of(&f, "q", "p"), "c b a", "floyd: back");
	TAP_STREQ(route_of(&f, "r", "q"), "d b c", "floyd: r up to R1, then on");
	TAP_STREQ(route_of(&f, "q", "r"), "-", "floyd: nothing leads to r");
	fx_net_free(&f);

	/* Equal costs: SimGrid keeps the first path found (vertices in
	 * declaration order). */
	TAP_OK(fx_net(&f, "cluster k routing=floyd\nnode p cluster=k cores=1\n"
			  "router A cluster=k\nrouter B cluster=k\nnode q cluster=k cores=1\n"
			  "link a bw=1\nlink b bw=1\nlink c bw=1\nlink d bw=1\n"
			  "route pB src=p dst=B links=c\nroute Bq src=B dst=q links=d\n"
			  "route pA src=p dst=A links=a\nroute Aq src=A dst=q links=b\n"),
	       "floyd ties: builds");
	TAP_STREQ(route_of(&f, "p", "q"), "a b", "floyd ties: through A, declared first");
	fx_net_free(&f);
}

static void test_cluster_routes(void)
{
	struct fx f;
	/* A star A and a full cluster B with a gateway router; C unreached. */
	TAP_OK(fx_net(&f, "cluster A bw=10 lat=1 sharing=splitduplex bb_bw=100 bb_lat=2\n"
			  "node a1 cluster=A cores=1\nrouter Ar cluster=A\n"
			  "cluster B routing=full router=Br\nrouter Br cluster=B\n"
			  "node b1 cluster=B cores=1\nnode b2 cluster=B cores=1\n"
			  "cluster C\nnode c1 cluster=C cores=1\n"
			  "link w bw=1e9 lat=4\nlink bl bw=5 lat=8\nlink b2l bw=5 lat=32\n"
			  "route Brb1 src=Br dst=b1 links=bl\n"
			  "route Bb2b1 src=b2 dst=Br links=b2l\n"
			  "route AB src=A dst=B gw_src=Ar links=w\n"),
	       "cluster routes: build");
	TAP_STREQ(route_of(&f, "a1", "b1"), "a1_link_UP A_backbone w bl",
		  "A to B: up to A's switch (its router), the route, then B's way to b1");
	TAP_OK(f.r.lat == 4 + (1 + 2) + 8.0, "A to B: latency, SimGrid's order");
	TAP_STREQ(route_of(&f, "b1", "a1"), "bl w A_backbone a1_link_DOWN",
		  "B to A: b1 to the gateway, the route back, down A");
	TAP_STREQ(route_of(&f, "b2", "a1"), "b2l w A_backbone a1_link_DOWN", "B to A from b2");
	TAP_STREQ(route_of(&f, "a1", "c1"), "-",
		  "cluster routes replace the tree: no route A to C");
	fx_net_free(&f);

	/* Floyd between clusters: A - B - C, through B's gateways. */
	TAP_OK(fx_net(&f, "platform p routing=floyd\n"
			  "cluster A bw=10 lat=1\nnode a cluster=A cores=1\n"
			  "cluster B routing=full\nrouter B1 cluster=B\nrouter B2 cluster=B\n"
			  "node b cluster=B cores=1\n"
			  "cluster C bw=10 lat=1\nnode c cluster=C cores=1\n"
			  "link x bw=1 lat=2\nlink y bw=1 lat=4\nlink z bw=1 lat=8\n"
			  "route B12 src=B1 dst=B2 links=y\n"
			  "route AB src=A dst=B gw_dst=B1 links=x\n"
			  "route BC src=B dst=C gw_src=B2 links=z\n"),
	       "floyd between clusters: builds");
	TAP_STREQ(route_of(&f, "a", "c"), "a_link x y z c_link",
		  "A to C through B: B1 to B2 inside B between the hops");
	TAP_STREQ(route_of(&f, "c", "a"), "c_link z y x a_link", "and back");
	TAP_STREQ(route_of(&f, "a", "b"), "-", "B has no way from B1 to b");
	fx_net_free(&f);
}

static void test_loopback(void)
{
	struct fx f;
	TAP_OK(fx_net(&f, "cluster k routing=full\nnode x cluster=k cores=1\n"
			  "node y cluster=k cores=1\nlink lo bw=9 sharing=fatpipe\n"
			  "route xx src=x dst=x links=lo\n"),
	       "loopback: builds");
	TAP_STREQ(route_of(&f, "x", "x"), "lo", "a loopback route record is the route to itself");
	TAP_STREQ(route_of(&f, "y", "y"), "", "none: empty");
	fx_net_free(&f);
}

/* Build must fail with exactly msg on stderr. */
static void build_error(const char *text, const char *msg, const char *name)
{
	struct hs_stream s;
	struct hs_instance in;
	struct hs_net net;
	fx_cap_begin();
	int rc = fx_load(&s, &in, text);
	if (rc == 0)
		rc = hs_net_build(&net, &in);
	const char *got = fx_cap_end();
	TAP_OK(rc == -1, "%s: fails", name);
	TAP_STREQ(got, msg, name);
	fx_free(&s, &in);
}

static void test_errors(void)
{
	build_error("node a cores=1\nnode b cores=1\nroute r src=a dst=b links=l,m\nlink m bw=1\n",
		    "test: t.hs:4: route r: unknown link 'l'\n", "unknown link");
	build_error("node a cores=1\nroute r src=a dst=zz links=\n",
		    "test: t.hs:3: route r: unknown node, router or cluster 'zz'\n", "unknown node");
	build_error("node a cores=1\nnode b cores=1\nlink l bw=1 sharing=splitduplex\n"
		    "route r src=a dst=b links=l\n",
		    "test: t.hs:5: route r: link l is splitduplex: name l_UP or l_DOWN\n",
		    "split-duplex link named whole");
	build_error("cluster k routing=full\nnode a cluster=k cores=1\nnode b cluster=k cores=1\n"
		    "link l bw=1\nroute r src=a dst=b links=l\nroute s src=b dst=a links=l\n",
		    "test: t.hs:7: route s: a route from b to a exists already (route r, t.hs:6)\n",
		    "the way back exists already");
	build_error("cluster k routing=full\nnode a cluster=k cores=1\nnode b cluster=k cores=1\n"
		    "link l bw=1\nroute r src=a dst=b links=l symmetrical=no\n"
		    "route s src=b dst=a links=l\n",
		    "test: t.hs:7: route s: a route from a to b exists already (route r, t.hs:6; "
		    "routes are symmetrical unless symmetrical=no)\n",
		    "a symmetrical route over a one-way one");
	build_error("cluster A\nnode a cluster=A cores=1\ncluster B routing=full\n"
		    "node b cluster=B cores=1\nroute r src=A dst=B links=\n",
		    "test: t.hs:6: route r: cluster B has no gateway: give gw_dst= (or router= on the "
		    "cluster)\n",
		    "full cluster without a gateway");
	build_error("node a cores=1\nlink l bw=0\nlink m bw=1 lat=-1\nlink n bw=1 sharing=x\n"
		    "link a_link bw=1\n",
		    "test: t.hs:3: link l: bw must be a positive number, got '0'\n"
		    "test: t.hs:4: link m: lat must be a non-negative number, got '-1'\n"
		    "test: t.hs:5: link n: sharing must be shared, fatpipe or splitduplex, got 'x'\n"
		    "test: t.hs:6: link a_link: a link named a_link exists already\n",
		    "bad link records");
	build_error("cluster c\nnode a cluster=c cores=1 up=u\nrouter a\nrouter r cluster=zz\n",
		    "test: t.hs:4: router a: the id names a node, cluster or router already\n"
		    "test: t.hs:5: router r: unknown cluster 'zz'\n"
		    "test: t.hs:3: node a: give both up= and down=\n",
		    "bad routers and node links");
	build_error("cluster c\nnode a cluster=c cores=1\nrouter r cluster=c\n"
		    "node b cluster=c cores=1\nroute x src=a dst=r links=\n",
		    "test: t.hs:6: route x: a route naming a router joins two points of one full or "
		    "floyd cluster\n",
		    "routes to a star's router");
	/* The loader checks the new cluster keys. */
	struct hs_stream s;
	struct hs_instance in;
	fx_cap_begin();
	int rc = fx_load(&s, &in, "cluster c routing=tree sharing=half bb_sharing=splitduplex\n"
				  "node a cluster=c cores=1 bw=0 lat=-1\n");
	TAP_STREQ(fx_cap_end(),
		  "test: t.hs:2: cluster c: sharing must be shared, fatpipe or splitduplex, got 'half'\n"
		  "test: t.hs:2: cluster c: bb_sharing must be shared or fatpipe, got 'splitduplex'\n"
		  "test: t.hs:2: cluster c: routing must be cluster, full, floyd or vivaldi, got 'tree'\n"
		  "test: t.hs:3: node a: bw must be a positive number, got '0'\n"
		  "test: t.hs:3: node a: lat must be a non-negative number, got '-1'\n",
		  "loader: cluster and node network keys");
	TAP_OK(rc == -1, "loader: fails");
	fx_free(&s, &in);
}

/* share/platforms/griffon.xml and dutot-homo: the same nodes, and every
 * route crosses links of the same bandwidth, latency and sharing. */
static void test_griffon(void)
{
	const char *top = getenv("HS_TOP") ? getenv("HS_TOP") : ".";
	char *text = hs_asprintf("platform g xml=%s/share/platforms/griffon.xml\n", top);
	struct fx g, d;
	int ok = fx_net(&g, text);
	free(text);
	struct hs_stream out;
	hs_stream_init(&out, "dutot");
	hs_gen_platform_append(&out, "dutot-homo");
	char *buf = NULL;
	size_t len = 0;
	FILE *mf = open_memstream(&buf, &len);
	hs_stream_write(mf, &out);
	fclose(mf);
	hs_stream_release(&out);
	ok &= fx_net(&d, buf);
	free(buf);
	TAP_OK(ok, "griffon.xml and dutot-homo build");
	int same = ok && g.in.plat.nnodes == 128 && d.in.plat.nnodes == 128 &&
		   g.in.plat.nclusters == 8 && d.in.plat.nclusters == 8;
	for (int i = 0; same && i < 128; i++) {
		const struct hs_node *a = &g.in.plat.nodes[i], *b = &d.in.plat.nodes[i];
		same = strcmp(a->id, b->id) == 0 && a->cores == b->cores && a->speed == b->speed &&
		       a->flops == b->flops && a->flops == 286097;
	}
	TAP_OK(same, "same 128 nodes: ids, cores, speed 1, flops 286097");
	long routes = 0;
	for (int i = 0; same && i < 128; i++)
		for (int j = 0; same && j < 128; j++) {
			same = hs_net_route(&g.net, i, j, &g.r) == 0 &&
			       hs_net_route(&d.net, i, j, &d.r) == 0 && g.r.n == d.r.n &&
			       g.r.lat == d.r.lat;
			for (int k = 0; same && k < g.r.n; k++) {
				const struct hs_link *x = &g.net.links[g.r.links[k]];
				const struct hs_link *y = &d.net.links[d.r.links[k]];
				same = x->bw == y->bw && x->lat == y->lat && x->sharing == y->sharing;
			}
			routes += same;
		}
	TAP_OK(same && routes == 128 * 128, "same links on all %ld routes", routes);
	hs_net_route(&d.net, 0, 127, &d.r);
	TAP_OK(d.r.n == 5 && d.r.lat == 3 * 24e-6,
	       "n1 to n128: up, switch, backbone, switch, down; latency 3 x 24e-6");
	fx_net_free(&g);
	fx_net_free(&d);
}

int main(void)
{
	hs_set_progname("test");
	test_star();
	test_tree();
	test_full_and_floyd();
	test_cluster_routes();
	test_loopback();
	test_errors();
	test_griffon();
	return tap_done();
}
