/* test_batsim_link - the Batsim bridge's transport (plugins/batsim/zmq.c):
 * a REQ link to a REP socket of the test's own on an ipc:// endpoint
 * (ZeroMQ's I/O thread carries the messages, so one thread plays both
 * sides); a reply after a wait, one that never comes, malformed endpoints,
 * and closing with a request unanswered.
 * hs-test: alone (tests/run.sh: the waits are timed on the wall clock,
 * a reply after 1 s within 1.5 s, a timeout of 2.5 s within 3.2 s). */
#include "../../plugins/batsim/zmq.c"
#include "tap.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void *rep; /* the scheduler's side */

/* Answer the pending request with reply (as pybatsim does). */
static int answer(const char *want, const char *reply)
{
	char buf[64] = { 0 };
	int n = zmq_recv(rep, buf, sizeof buf - 1, 0);
	return n == (int)strlen(want) && !memcmp(buf, want, (size_t)n) &&
	       zmq_send(rep, reply, strlen(reply), 0) == (int)strlen(reply);
}

struct waits {
	int calls;
	double waited;
	int answer; /* answer at the first call */
};

static void on_wait(void *arg, double waited)
{
	struct waits *w = arg;
	if (w->calls++ == 0 && w->answer)
		answer("late", "at last");
	w->waited = waited;
}

int main(void)
{
	hs_set_progname("test_batsim_link");
	char dir[] = "/tmp/hs-test-link-XXXXXX", ep[128], none[128];
	if (!mkdtemp(dir))
		return 1;
	snprintf(ep, sizeof ep, "ipc://%s/sched.sock", dir);
	snprintf(none, sizeof none, "ipc://%s/nobody.sock", dir);
	void *ctx = zmq_ctx_new();
	rep = zmq_socket(ctx, ZMQ_REP);
	int zero = 0;
	zmq_setsockopt(rep, ZMQ_LINGER, &zero, sizeof zero);
	TAP_OK(zmq_bind(rep, ep) == 0, "the scheduler binds %s", ep);

	char *err = NULL;
	struct bs_link *l = bs_link_open(ep, &err);
	TAP_OK(l && !err, "a REQ link connected");
	TAP_OK(bs_link_send(l, "hello", 5, &err) == 0, "a request sent");
	TAP_OK(answer("hello", "world"), "the scheduler got it and answers");
	size_t len = 0;
	char *r = bs_link_recv(l, 5, NULL, NULL, &len, &err);
	TAP_OK(r && len == 5 && !strcmp(r, "world"), "the reply, NUL-terminated, its length");
	free(r);

	/* a large reply, with a NUL inside: all of it */
	size_t big = 1 << 20;
	char *b = calloc(big, 1);
	memset(b, 'x', big);
	b[10] = 0;
	TAP_OK(bs_link_send(l, "big", 3, &err) == 0, "a second request");
	char req[8] = { 0 };
	zmq_recv(rep, req, sizeof req, 0);
	zmq_send(rep, b, big, 0);
	r = bs_link_recv(l, 0, NULL, NULL, &len, &err);
	TAP_OK(r && len == big && !memcmp(r, b, big) && r[big] == 0, "a 1 MiB reply, waiting for ever");
	free(r);
	free(b);

	/* the reply comes after a second: wait is called meanwhile */
	struct waits w = { 0, 0, 1 };
	double t0 = hs_now();
	TAP_OK(bs_link_send(l, "late", 4, &err) == 0, "a third request");
	r = bs_link_recv(l, 10, on_wait, &w, &len, &err);
	double took = hs_now() - t0;
	TAP_OK(r && !strcmp(r, "at last") && w.calls == 1 && w.waited >= 1 && w.waited < 1.5 && took < 2,
	       "a reply after a second: wait called once at %.2f s, reply at %.2f s", w.waited, took);
	free(r);

	/* no reply at all: a timeout, wait called every second */
	w = (struct waits){ 0, 0, 0 };
	t0 = hs_now();
	TAP_OK(bs_link_send(l, "lost", 4, &err) == 0, "a fourth request, never answered");
	r = bs_link_recv(l, 2.5, on_wait, &w, &len, &err);
	took = hs_now() - t0;
	TAP_OK(!r && took >= 2.5 && took < 3.2, "no reply: NULL after %.2f s (timeout 2.5 s)", took);
	TAP_STREQ(err, "no reply within 2.5 s", "  the message");
	TAP_OK(w.calls == 2 && w.waited >= 2 && w.waited < 2.5, "  wait called twice, the last at %.2f s",
	       w.waited);
	free(err);
	err = NULL;
	t0 = hs_now();
	bs_link_close(l);
	TAP_OK(hs_now() - t0 < 0.5, "closed with the request unanswered, at once");

	/* a scheduler that replies in two parts */
	l = bs_link_open(ep, &err);
	bs_link_send(l, "parts", 5, &err);
	/* the closed link's "lost" may still be there: answered to no one */
	while (memset(req, 0, sizeof req), zmq_recv(rep, req, sizeof req, 0) >= 0 && strcmp(req, "parts"))
		zmq_send(rep, "x", 1, 0);
	zmq_send(rep, "a", 1, ZMQ_SNDMORE);
	zmq_send(rep, "b", 1, 0);
	r = bs_link_recv(l, 5, NULL, NULL, &len, &err);
	TAP_OK(!r, "a reply in two parts: refused");
	TAP_STREQ(err, "the scheduler's reply has several parts; Batsim's protocol has one", "  the message");
	free(err);
	err = NULL;
	bs_link_close(l);

	/* nobody listening: the request waits in the socket; closing drops it */
	l = bs_link_open(none, &err);
	TAP_OK(l && bs_link_send(l, "anyone?", 7, &err) == 0, "a request to an endpoint nobody binds");
	r = bs_link_recv(l, 0.3, NULL, NULL, &len, &err);
	TAP_STREQ(err, "no reply within 0.3 s", "  no reply");
	free(err);
	err = NULL;
	t0 = hs_now();
	bs_link_close(l);
	TAP_OK(hs_now() - t0 < 0.5, "  closed at once");
	bs_link_close(NULL);

	/* a second request before the reply: ZeroMQ's REQ refuses it */
	l = bs_link_open(none, &err);
	bs_link_send(l, "1", 1, &err);
	TAP_OK(bs_link_send(l, "2", 1, &err) == -1, "a second request before the reply: refused");
	TAP_STREQ(err, "cannot send to the scheduler: Operation cannot be accomplished in current state",
		  "  ZeroMQ's message");
	free(err);
	err = NULL;
	bs_link_close(l);

	static const struct {
		const char *ep, *err;
	} bad[] = {
		{ "nonsense", "cannot connect to 'nonsense': Invalid argument" },
		{ "bogus://x", "cannot connect to 'bogus://x': Protocol not supported" },
		{ "tcp://", "cannot connect to 'tcp://': Invalid argument" },
		{ "", "cannot connect to '': Invalid argument" },
	};
	for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
		l = bs_link_open(bad[k].ep, &err);
		TAP_OK(!l, "endpoint '%s' refused", bad[k].ep);
		TAP_STREQ(err, bad[k].err, "  zmq's reason");
		free(err);
		err = NULL;
	}

	zmq_close(rep);
	zmq_ctx_term(ctx);
	char sock[160];
	snprintf(sock, sizeof sock, "%s/sched.sock", dir);
	unlink(sock);
	snprintf(sock, sizeof sock, "%s/nobody.sock", dir);
	unlink(sock);
	rmdir(dir);
	return tap_done();
}
