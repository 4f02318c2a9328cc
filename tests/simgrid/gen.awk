# gen.awk - a random instance of parallel tasks (comp=/comm=) on a platform
# of several clusters, for the differential test of hs-sim against SimGrid
# (tests/0340-sim-simgrid.bats).
#
#   awk -v seed=S -v n=TASKS -v clusters=C -f gen.awk
#
# The platform mixes what the network model distinguishes: shared and
# fatpipe node links, cluster backbones, uplinks and a global backbone, one
# cluster of unlike nodes (own speed, core count, bw= and lat=).  The tasks
# are rigid (the planner sees time=, the simulation the flow model) and
# cluster-scoped, so that they span nodes: heavy communication (links
# shared by many flows), a per-process comp list with a comm matrix,
# latency-dominated tasks (a few bytes over slow-latency links), tasks
# without comp/comm (the model's time), short walltimes (killed) and
# release dates.
function pick(a, b) { return a + int(rand() * (b - a + 1)) }
function unif(a, b) { return a + rand() * (b - a) }
function logu(a, b) { return exp(unif(log(a), log(b))) }
BEGIN {
	srand(seed + 0)
	if (n == "") n = 30
	if (clusters == "") clusters = 3
	print "hs 1"
	printf "platform gen-awk backbone_bw=%.6g backbone_lat=%.3g\n", logu(5e8, 5e9), unif(1e-4, 1e-3)
	maxk = 0
	for (c = 1; c <= clusters; c++) {
		sharing = (c % 2 == 0) ? "fatpipe" : "shared"
		line = sprintf("cluster c%d bw=%.6g lat=%.3g sharing=%s", c, logu(5e7, 1.25e9),
			       unif(1e-5, 2e-4), sharing)
		if (rand() < 0.7)
			line = line sprintf(" bb_bw=%.6g bb_lat=%.3g", logu(5e8, 1e10), unif(0, 1e-4))
		if (rand() < 0.7)
			line = line sprintf(" up_bw=%.6g up_lat=%.3g", logu(2e8, 5e9), unif(0, 5e-4))
		print line
		nodes = pick(2, 4)
		cores[c] = pick(2, 4)
		speed = unif(0.5, 2)
		size = 0
		for (j = 1; j <= nodes; j++) {
			line = sprintf("node c%dn%d cluster=c%d cores=%d speed=%.4g", c, j, c, cores[c], speed)
			# The last cluster's nodes are unlike: no <cluster> tag fits it.
			if (c == clusters && clusters > 1)
				line = sprintf("node c%dn%d cluster=c%d cores=%d speed=%.4g bw=%.6g lat=%.3g", c,
					       j, c, pick(1, 4), unif(0.5, 2), logu(5e7, 1e9), unif(1e-5, 1e-3))
			else
				size += cores[c]
			print line
		}
		if (size > maxk)
			maxk = size
	}
	for (i = 1; i <= n; i++) {
		k = pick(1, maxk < 6 ? maxk : 6)
		kind = rand()
		line = sprintf("task t%d model=rigid size=%d time=%.4g scope=cluster", i, k, unif(1, 20))
		if (kind < 0.35) {
			# heavy: every pair sends a lot, the node links saturate
			line = line sprintf(" comp=%.6g comm=%.6g", logu(1e8, 1e10), logu(1e7, 3e8))
		} else if (kind < 0.5) {
			# per-process amounts and a matrix (zeros included)
			comp = ""
			comm = ""
			for (a = 1; a <= k; a++) {
				comp = comp (a > 1 ? "," : "") sprintf("%.6g", logu(1e8, 1e10))
				for (b = 1; b <= k; b++)
					comm = comm ((a + b > 2) ? "," : "") \
					       (a == b || rand() < 0.3 ? "0" : sprintf("%.6g", logu(1e5, 1e8)))
			}
			line = line " comp=" comp " comm=" comm
		} else if (kind < 0.6) {
			# latency-dominated: a few bytes, little computation
			line = line sprintf(" comp=%.6g comm=%.6g", logu(1e3, 1e6), pick(1, 1000))
		} else if (kind < 0.7) {
			# communication only
			line = line sprintf(" comm=%.6g", logu(1e6, 1e8))
		} else if (kind < 0.8) {
			# computation only
			line = line sprintf(" comp=%.6g", logu(1e8, 1e10))
		}
		# else: no comp/comm, the model's time
		if (rand() < 0.1)
			line = line sprintf(" walltime=%.4g", unif(0.01, 2))
		if (rand() < 0.2)
			line = line sprintf(" release=%.4g", unif(0, 20))
		print line
	}
}
