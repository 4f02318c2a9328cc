/* batsim/batsim.h - the Batsim bridge's own view of the protocol, apart
 * from how its messages travel: hs-sim plays Batsim's side and an external
 * scheduler (pybatsim, batsched, ...) decides (hs-batsim(7)).
 *
 *   bridge.c     the mapping: hs's online ABI (hs/online.h) to and from
 *                the protocol's events, and Batsim's rules of time;
 *   wire_json.c  Batsim 4's wire format (JSON, docs/protocol.rst at v4.2.1);
 *                a second format (Batsim 5's batprotocol) would be a second
 *                struct bs_wire and nothing else;
 *   zmq.c        the transport: a ZeroMQ REQ socket connected to the
 *                scheduler's REP endpoint;
 *   plugin.c     the algorithm's descriptor and options.
 *
 * Private to plugins/batsim/: every shared name is bs_ and hidden (a tool
 * exports its own symbols to plugins; the plugin's must not meet them). */
#ifndef HS_BATSIM_BRIDGE_H
#define HS_BATSIM_BRIDGE_H

#include <stddef.h>

#pragma GCC visibility push(hidden)

/* ---------------- messages ---------------- */

enum bs_type {
	/* Batsim (hs) to the scheduler */
	BS_SIMULATION_BEGINS,
	BS_JOB_SUBMITTED,
	BS_JOB_COMPLETED,
	BS_JOB_KILLED,
	BS_REQUESTED_CALL,
	BS_NOTIFY,          /* no_more_static_job_to_submit */
	BS_ANSWER,          /* consumed_energy */
	BS_RESOURCE_STATE_CHANGED,
	BS_SIMULATION_ENDS,
	/* the scheduler to Batsim (hs) */
	BS_EXECUTE_JOB,
	BS_REJECT_JOB,
	BS_CALL_ME_LATER,
	BS_KILL_JOB,
	BS_REGISTER_JOB,
	BS_REGISTER_PROFILE,
	BS_SET_JOB_METADATA,
	BS_CHANGE_JOB_STATE,
	BS_QUERY,           /* consumed_energy */
	BS_SCHED_NOTIFY,    /* registration_finished, continue_registration */
	BS_SET_RESOURCE_STATE,
	/* an event of the protocol that hs does not simulate (storage,
	 * messages to jobs): name says which; refused by the bridge */
	BS_UNSUPPORTED,
	BS_NTYPES
};

/* The protocol's name of a type ("EXECUTE_JOB"). */
const char *bs_type_name(enum bs_type t);

/* Resource ids, ascending and distinct (Batsim's interval sets). */
struct bs_ids {
	int *v;
	int n;
};

/* s ("0-3 8", any form Batsim's docs/interval-set.rst allows: unsorted,
 * overlapping, "a-a"; "" is the empty set) into out (v malloc'd): 0, or -1
 * with *err (malloc'd: "'0-x' is not an interval set: ...") for an empty
 * token, a negative number, a > b, a number past INT_MAX, or more ids than
 * hs's cores limit (hs/limits.h).  ids.c */
int bs_ids_parse(const char *s, struct bs_ids *out, char **err);
/* The canonical form ("0-3 8"; "" when empty), malloc'd. */
char *bs_ids_format(const struct bs_ids *ids);
/* v's decimal digits at b (24 bytes are enough), NUL-terminated; the
 * length.  printf's %lld at a tenth of its cost: each message has several. */
size_t bs_fmt_ll(char *b, long long v);

/* A Batsim profile: what a job does.  hs simulates these kinds (others are
 * refused when they arrive): */
enum bs_profile_type {
	BS_PROFILE_DELAY,                /* delay seconds */
	BS_PROFILE_PARALLEL_HOMOGENEOUS, /* cpu flop on each host, com bytes between each pair */
};

struct bs_profile {
	char *name;
	enum bs_profile_type type;
	double delay;    /* DELAY */
	double cpu, com; /* PARALLEL_HOMOGENEOUS */
	int ret;         /* return code: not 0 ends the job COMPLETED_FAILED */
};

/* A job as a workload (or REGISTER_JOB) describes it. */
struct bs_job {
	char *id;        /* "workload!name" */
	double subtime;
	double walltime; /* seconds; -1: none */
	int res;         /* resources it asks for */
	char *profile;   /* its profile's name */
};

/* A resource as SIMULATION_BEGINS lists it. */
struct bs_resource {
	int id;
	char *name;
	const char *state;  /* "idle" */
	char **props;       /* key, value, key, value, ... (strings) */
	int nprops;         /* pairs */
};

/* SIMULATION_BEGINS' data. */
struct bs_begins {
	int nb_compute;                /* = nb_resources: hs has no storage */
	int profiles_forwarded;        /* config: profiles-forwarded-on-submission */
	int dynamic_jobs;              /* config: dynamic-jobs-enabled */
	int dynamic_acked;             /* config: dynamic-jobs-acknowledged */
	struct bs_resource *res;
	int nres;
	char *workload;                /* "w0" */
	char *workload_path;           /* the stream's file, absolute, or "stdin" */
	struct bs_profile *profiles;   /* the workload's profiles (none unless forwarded) */
	int nprofiles;
};

struct bs_event {
	enum bs_type type;
	double timestamp;
	char *job_id;              /* SUBMITTED, COMPLETED, EXECUTE, REJECT, REGISTER_JOB,
				    * SET_JOB_METADATA, CHANGE_JOB_STATE */
	struct bs_job job;         /* SUBMITTED, REGISTER_JOB */
	struct bs_profile profile; /* SUBMITTED when forwarded (has_profile), REGISTER_PROFILE */
	int has_profile;
	char *workload;            /* REGISTER_PROFILE: workload_name */
	char *state;               /* COMPLETED: job_state; CHANGE_JOB_STATE: the new state */
	int return_code;           /* COMPLETED */
	struct bs_ids alloc;       /* COMPLETED, EXECUTE; SET_RESOURCE_STATE,
				    * RESOURCE_STATE_CHANGED: resources */
	int pstate;                /* SET_RESOURCE_STATE, RESOURCE_STATE_CHANGED: the
				    * state, Batsim's pstate number (a string on the wire) */
	int pstate_number;         /* RESOURCE_STATE_CHANGED: write state as a JSON
				    * number, not Batsim's string (-o pstate-json=number) */
	char **job_ids;            /* KILLED, KILL_JOB */
	int njob_ids;
	/* KILLED: per job_ids[k], the fraction of its profile done
	 * (progress[k] < 0: no entry, it was not running) and its profile */
	double *progress;
	char **progress_profile;
	double at;                 /* CALL_ME_LATER: its timestamp; ANSWER: consumed_energy */
	char *name;                /* NOTIFY, SCHED_NOTIFY: type; UNSUPPORTED: the event type;
				    * QUERY: the request ("consumed_energy") */
	char *metadata;            /* SET_JOB_METADATA */
	struct bs_begins *begins;  /* SIMULATION_BEGINS */
};

struct bs_msg {
	double now;
	struct bs_event *ev;
	int n, cap;
};

/* A new event at the end of m (zeroed but for type and timestamp). */
struct bs_event *bs_msg_add(struct bs_msg *m, enum bs_type type, double timestamp);
/* Free what m's events own (strings, arrays, begins) and empty it. */
void bs_msg_clear(struct bs_msg *m);
void bs_msg_release(struct bs_msg *m);

/* ---------------- wire formats ---------------- */

struct bs_wire {
	const char *name;
	/* m as bytes (malloc'd, NUL-terminated; *len without the NUL); NULL
	 * when m holds a number the format cannot write (NaN, an infinity). */
	char *(*encode)(const struct bs_msg *m, size_t *len);
	/* buf[0..len) into m (cleared first): 0, or -1 with *err a malloc'd
	 * message that names the event and the field
	 * ("event 2 (EXECUTE_JOB): alloc: '0-x' is not an interval set"). */
	int (*decode)(const char *buf, size_t len, struct bs_msg *m, char **err);
};

extern const struct bs_wire bs_wire_json;
/* bs_wire_json's encode (json_write.c). */
char *bs_json_encode(const struct bs_msg *m, size_t *len);

/* ---------------- transport ---------------- */

struct bs_link;

/* A REQ socket connected to endpoint (any endpoint ZeroMQ accepts); NULL
 * with *err (malloc'd) when the endpoint is malformed. */
struct bs_link *bs_link_open(const char *endpoint, char **err);
/* Send one request; -1 with *err. */
int bs_link_send(struct bs_link *l, const char *buf, size_t len, char **err);
/* The reply (malloc'd, NUL-terminated, *len without the NUL), waiting at
 * most timeout seconds (<= 0: for ever); waiting calls wait(arg, seconds
 * waited so far) about every second.  NULL with *err on a timeout or an
 * error (the message says which). */
char *bs_link_recv(struct bs_link *l, double timeout, void (*wait)(void *arg, double waited),
		   void *arg, size_t *len, char **err);
/* Close at once (nothing left unsent waits: linger 0). */
void bs_link_close(struct bs_link *l);

#pragma GCC visibility pop

#endif
