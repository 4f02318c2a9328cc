#!/usr/bin/python3
"""tests/batsim/client.py - a small Batsim scheduler for the tests of
hs-sim -a batsim (hs-batsim(7)): it binds a REP socket as pybatsim does,
answers every request and acts out one scenario.

    client.py ENDPOINT SCENARIO [LOG]

Scenarios: fcfs (first come, first served on the lowest free resources:
hs-sim -a fcfs's rule, decided per message as hs decides per date), trivial
(fcfs, for the benchmark), kill, dynamic, dynamic-acked, call-later,
call-past, call-now, busy, unknown-job, malformed, unknown-type,
no-data, die, silent, now-past, metadata, energy, reject-running,
to-job-msg, too-many, pstate, pstate-virtual, pstate-none.  LOG gets every message, '<' received, '>' sent.
It exits 0 after SIMULATION_ENDS, 3 when the simulator left early.
"""
import json
import sys
import time

import zmq


def ids_of(s):
    """Batsim's interval set "0-3 8" as a list of ints."""
    out = []
    for tok in s.split(" "):
        a, _, b = tok.partition("-")
        out += range(int(a), int(b or a) + 1)
    return out


def interval_set(ids):
    ids = sorted(ids)
    out, i = [], 0
    while i < len(ids):
        j = i
        while j + 1 < len(ids) and ids[j + 1] == ids[j] + 1:
            j += 1
        out.append(str(ids[i]) if i == j else "%d-%d" % (ids[i], ids[j]))
        i = j + 1
    return " ".join(out)


class Fcfs:
    """First come, first served: the head starts on the lowest free
    resources while it fits; nothing passes it."""

    def __init__(self):
        self.free = []
        self.queue = []
        self.alloc = {}

    def begins(self, data):
        self.total = data["nb_compute_resources"]
        self.free = list(range(self.total))

    def submitted(self, job):
        self.queue.append(job)

    def completed(self, job_id):
        self.free += self.alloc.pop(job_id)
        self.free.sort()

    def take(self, job_id, ids):
        """A job the scenario placed itself."""
        self.free = [r for r in self.free if r not in ids]
        self.alloc[job_id] = ids

    def decide(self, now):
        out = []
        while self.queue and self.queue[0]["res"] > self.total:
            out.append(ev(now, "REJECT_JOB", job_id=self.queue.pop(0)["id"]))
        while self.queue and self.queue[0]["res"] <= len(self.free):
            job = self.queue.pop(0)
            take, self.free = self.free[:job["res"]], self.free[job["res"]:]
            self.alloc[job["id"]] = take
            out.append(ev(now, "EXECUTE_JOB", job_id=job["id"], alloc=interval_set(take)))
        return out


def ev(t, kind, **data):
    return {"timestamp": t, "type": kind, "data": data}


def main():
    endpoint, scenario = sys.argv[1], sys.argv[2]
    log = open(sys.argv[3], "w") if len(sys.argv) > 3 else None
    sock = zmq.Context().socket(zmq.REP)
    sock.bind(endpoint)
    sched = Fcfs()
    n = 0
    state = {}
    while True:
        if scenario != "silent" and not sock.poll(60000):
            sys.exit(3)  # the simulator went away
        raw = sock.recv()
        n += 1
        if log:
            log.write("< %s\n" % raw.decode())
            log.flush()
        msg = json.loads(raw)
        now = msg["now"]
        out = []
        ends = False
        for e in msg["events"]:
            t, d = e["type"], e["data"]
            if t == "SIMULATION_BEGINS":
                sched.begins(d)
            elif t == "JOB_SUBMITTED":
                if not d["job_id"].startswith("dyn!"):  # the scenario's own: placed by it
                    sched.submitted(d["job"])
                state.setdefault("submitted", []).append(d["job_id"])
            elif t == "JOB_COMPLETED":
                sched.completed(d["job_id"])
                state.setdefault("completed", []).append((d["job_id"], d["job_state"]))
            elif t == "SIMULATION_ENDS":
                ends = True
        if scenario == "silent" and n == 2:
            time.sleep(3600)
        if scenario == "die" and n == 2:
            sys.exit(1)
        reply = {"now": now, "events": out}
        if not ends:
            out += scenario_events(scenario, sched, state, msg, now, n)
            out += sched.decide(now)
        text = json.dumps(reply)
        if scenario == "malformed" and n == 2:
            text = '{"now": 1.0, "events": [ {"timestamp": 1.0, "type"'
        if scenario == "now-past" and n >= 2:
            reply["now"] = now - 5
            for e in reply["events"]:
                e["timestamp"] = now - 5
            text = json.dumps(reply)
        if log:
            log.write("> %s\n" % text)
            log.flush()
        sock.send_string(text)
        if ends:
            return 0


def scenario_events(scenario, sched, state, msg, now, n):
    """The scenario's own decisions for this message."""
    subs = [e["data"]["job_id"] for e in msg["events"] if e["type"] == "JOB_SUBMITTED"]
    if scenario == "kill" and "w0!b" in subs:
        # b arrives while a runs: kill a (its END says killed, with progress)
        return [ev(now, "KILL_JOB", job_ids=["w0!a"])]
    # A job of its own at the first submission: executed in the same
    # message (Batsim submits a registered job at once), or when Batsim
    # acknowledges it; then registration ends.
    if scenario in ("dynamic", "dynamic-acked") and n == 2:
        out = [ev(now, "REGISTER_PROFILE", workload_name="dyn", profile_name="d5",
                  profile={"type": "delay", "delay": 5}),
               ev(now, "REGISTER_JOB", job_id="dyn!x",
                  job={"id": "dyn!x", "res": 1, "walltime": 10, "subtime": now, "profile": "d5"})]
        if scenario == "dynamic":
            sched.take("dyn!x", [3])
            out += [ev(now, "EXECUTE_JOB", job_id="dyn!x", alloc="3"),
                    ev(now, "NOTIFY", type="registration_finished")]
        return out
    if scenario == "dynamic-acked" and "dyn!x" in subs:
        sched.take("dyn!x", [3])
        return [ev(now, "EXECUTE_JOB", job_id="dyn!x", alloc="3"),
                ev(now, "NOTIFY", type="registration_finished")]
    if scenario == "call-later" and n == 2:
        return [ev(now, "CALL_ME_LATER", timestamp=now + 7.5)]
    if scenario == "call-past" and n == 2:
        return [ev(now, "CALL_ME_LATER", timestamp=now - 1)]
    if scenario == "call-now" and n == 2:
        return [ev(now, "CALL_ME_LATER", timestamp=now)]
    if scenario == "busy" and subs and n == 3:
        return [ev(now, "EXECUTE_JOB", job_id=subs[-1], alloc="0")]
    if scenario == "unknown-job" and n == 2:
        return [ev(now, "EXECUTE_JOB", job_id="w0!nope", alloc="0")]
    if scenario == "unknown-type" and n == 2:
        return [ev(now, "FOO")]
    if scenario == "to-job-msg" and n == 2:
        return [ev(now, "TO_JOB_MSG", job_id="w0!1", msg="hello")]
    if scenario.startswith("pstate"):
        # node n2 (core 2, or resource 1 with resource=node) to sleep
        # (Batsim's pstate 2), then the energy so far and a wake-up of its
        # cores 2-3 (or of it) into pstate 4
        node = sched.total == 2
        if n == 2:
            state = {"pstate": "2", "pstate-virtual": "1", "pstate-none": "7"}[scenario]
            return [ev(now, "SET_RESOURCE_STATE", resources="1" if node else "2", state=state)]
        if any(e["type"] == "RESOURCE_STATE_CHANGED" and e["data"]["state"] == "2"
               for e in msg["events"]):
            return [ev(now, "QUERY", requests={"consumed_energy": {}}),
                    ev(now, "SET_RESOURCE_STATE", resources="1" if node else "2-3", state="4")]
    if scenario == "metadata" and subs:
        return [ev(now, "SET_JOB_METADATA", job_id=j, metadata="seen at %g" % now) for j in subs]
    if scenario == "energy" and n == 3:
        return [ev(now, "QUERY", requests={"consumed_energy": {}})]
    if scenario == "reject-running" and n == 3:
        return [ev(now, "REJECT_JOB", job_id=sched.alloc and next(iter(sched.alloc)) or "w0!a")]
    if scenario == "too-many" and subs:
        return [ev(now, "EXECUTE_JOB", job_id=subs[0], alloc="0-3")]
    return []


if __name__ == "__main__":
    sys.exit(main())
