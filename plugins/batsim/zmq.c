/* batsim/zmq.c - the transport: a ZeroMQ REQ socket connected to the
 * scheduler's REP endpoint, as Batsim's (batsim.cpp: zmq_socket(ZMQ_REQ),
 * zmq_connect; the scheduler binds). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <zmq.h>

#include "batsim.h"
#include "hs/util.h"

struct bs_link {
	void *ctx, *sock;
};

struct bs_link *bs_link_open(const char *endpoint, char **err)
{
	struct bs_link *l = hs_calloc(1, sizeof *l);
	/* linger 0: closing never waits for a request nobody will take */
	int linger = 0;
	if (!(l->ctx = zmq_ctx_new()) || !(l->sock = zmq_socket(l->ctx, ZMQ_REQ)) ||
	    zmq_setsockopt(l->sock, ZMQ_LINGER, &linger, sizeof linger) != 0 ||
	    zmq_connect(l->sock, endpoint) != 0) {
		*err = hs_asprintf("cannot connect to '%s': %s", endpoint, zmq_strerror(zmq_errno()));
		bs_link_close(l);
		return NULL;
	}
	return l;
}

int bs_link_send(struct bs_link *l, const char *buf, size_t len, char **err)
{
	/* a REQ socket queues the request until the scheduler is there */
	while (zmq_send(l->sock, buf, len, 0) < 0)
		if (zmq_errno() != EINTR) {
			*err = hs_asprintf("cannot send to the scheduler: %s", zmq_strerror(zmq_errno()));
			return -1;
		}
	return 0;
}

/* The message waiting on l (one part: Batsim's messages have one). */
static char *bs_link_take(struct bs_link *l, size_t *len, char **err)
{
	zmq_msg_t msg;
	zmq_msg_init(&msg);
	if (zmq_msg_recv(&msg, l->sock, ZMQ_DONTWAIT) < 0) {
		*err = hs_asprintf("cannot receive from the scheduler: %s", zmq_strerror(zmq_errno()));
		zmq_msg_close(&msg);
		return NULL;
	}
	if (zmq_msg_more(&msg)) {
		*err = hs_strdup("the scheduler's reply has several parts; Batsim's protocol has one");
		zmq_msg_close(&msg);
		return NULL;
	}
	size_t n = zmq_msg_size(&msg);
	char *s = hs_malloc(n + 1);
	if (n) /* an empty reply may have no data pointer */
		memcpy(s, zmq_msg_data(&msg), n);
	s[n] = 0;
	zmq_msg_close(&msg);
	if (len)
		*len = n;
	return s;
}

char *bs_link_recv(struct bs_link *l, double timeout, void (*wait)(void *arg, double waited),
		   void *arg, size_t *len, char **err)
{
	double t0 = hs_now(), next = 1;
	for (;;) {
		double waited = hs_now() - t0;
		if (timeout > 0 && waited >= timeout) {
			char b[HS_NUMBUF];
			*err = hs_asprintf("no reply within %s s", hs_fmt_double(b, timeout));
			return NULL;
		}
		/* slices of a second at most, so that wait is called (the
		 * bridge looks at the scheduler's process there) */
		double slice = next - waited;
		if (timeout > 0 && timeout - waited < slice)
			slice = timeout - waited;
		zmq_pollitem_t it = { l->sock, 0, ZMQ_POLLIN, 0 };
		int rc = zmq_poll(&it, 1, slice > 0 ? (long)(slice * 1000) + 1 : 0);
		if (rc < 0 && zmq_errno() != EINTR) {
			*err = hs_asprintf("cannot wait for the scheduler: %s", zmq_strerror(zmq_errno()));
			return NULL;
		}
		if (rc > 0 && (it.revents & ZMQ_POLLIN))
			return bs_link_take(l, len, err);
		waited = hs_now() - t0;
		if (waited >= next) {
			if (wait)
				wait(arg, waited);
			next = waited + 1;
		}
	}
}

void bs_link_close(struct bs_link *l)
{
	if (!l)
		return;
	if (l->sock)
		zmq_close(l->sock);
	/* the socket lingers 0: terminating does not wait for the peer */
	if (l->ctx)
		while (zmq_ctx_term(l->ctx) != 0 && zmq_errno() == EINTR)
			;
	free(l);
}
