# contend.awk - a random planned instance where jobs contend for the
# network: the differential test of hs-sim's default solver against
# SimGrid (tests/0340-sim-simgrid.bats).
#
#   awk -v seed=S [-v n=JOBS] [-v clusters=C] [-v cross=F] [-v sharing=S]
#       [-v backbone=B] [-v speeds=mixed|same] [-v cores=K] -f place.awk -f contend.awk
#
# The platform: C clusters (default 3) of 3 to 5 nodes of K cores
# (default 4) joined by a backbone; host links sharing=S (shared,
# splitduplex, or mixed: one or the other per cluster; default shared),
# their bandwidth drawn per cluster; the backbone B times the host links'
# typical bandwidth (default 0.5: a narrow backbone); node speeds drawn per
# cluster between 0.25 and 4 with speeds=mixed (default), all 1 otherwise.
#
# The jobs (n, default 50): rigid, 1 to 6 processes on random cores of
# random nodes, several processes of one job on one node allowed; a
# fraction F (default 0.2) split over two clusters (scope=any: their
# routes cross the uplinks and the backbone), the others within one
# cluster.  Most compute and communicate heavily (one comm value for every
# pair, or a matrix), some only compute or only communicate, a few have
# release dates.
#
# The plan: the jobs one after the other (1 s each, not before the
# release), each after the last earlier job on each of its cores: no core
# is ever used by two jobs at once, but the simulation, which keeps only
# that order, runs many jobs at once on the same nodes, where they share
# the host links, and across clusters, where they share the backbone.
function pick(a, b) { return a + int(rand() * (b - a + 1)) }
function unif(a, b) { return a + rand() * (b - a) }
function logu(a, b) { return exp(unif(log(a), log(b))) }
BEGIN {
	srand(seed + 0)
	if (n == "") n = 50
	if (clusters == "") clusters = 3
	if (cross == "") cross = 0.2
	if (sharing == "") sharing = "shared"
	if (backbone == "") backbone = 0.5
	if (speeds == "") speeds = "mixed"
	if (cores == "") cores = 4
	bw = 1.25e8
	print "hs 1"
	printf "platform contend backbone_bw=%.6g backbone_lat=%.3g\n", backbone * bw, unif(1e-5, 1e-4)
	nn = 0
	for (c = 1; c <= clusters; c++) {
		sh = sharing == "mixed" ? (rand() < 0.5 ? "shared" : "splitduplex") : sharing
		line = sprintf("cluster c%d bw=%.6g lat=%.3g sharing=%s", c, bw * logu(0.5, 2),
			       unif(1e-6, 5e-5), sh)
		if (rand() < 0.5)
			line = line sprintf(" up_bw=%.6g up_lat=%.3g", bw * logu(0.5, 4), unif(0, 5e-5))
		print line
		speed = speeds == "mixed" ? logu(0.25, 4) : 1
		first[c] = nn + 1
		for (j = 1; j <= pick(3, 5); j++) {
			node[++nn] = sprintf("c%dn%d", c, j)
			cl[nn] = c
			ncores[nn] = cores
			printf "node %s cluster=c%d cores=%d speed=%.4g\n", node[nn], c, cores, speed
		}
		last[c] = nn
	}
	for (i = 1; i <= n; i++) {
		task[i] = "j" i
		size[i] = pick(1, 6)
		# A split job needs two processes at least.
		if (size[i] > 1 && rand() < cross * 6 / 5)
			two[i] = 1
		kind = rand()
		line = sprintf("task j%d model=rigid size=%d time=1 scope=%s", i, size[i],
			       two[i] ? "any" : "cluster")
		if (kind < 0.55) {
			line = line sprintf(" comp=%.6g comm=%.6g", logu(1e8, 3e9), logu(1e7, 1e8))
		} else if (kind < 0.75) {
			comp = ""
			comm = ""
			for (a = 1; a <= size[i]; a++) {
				comp = comp (a > 1 ? "," : "") sprintf("%.6g", logu(1e8, 3e9))
				for (b = 1; b <= size[i]; b++)
					comm = comm ((a + b > 2) ? "," : "") \
					       (a == b || rand() < 0.3 ? "0" : sprintf("%.6g", logu(1e6, 2e8)))
			}
			line = line " comp=" comp " comm=" comm
		} else if (kind < 0.9) {
			line = line sprintf(" comm=%.6g", logu(1e7, 2e8))
		} else {
			line = line sprintf(" comp=%.6g", logu(1e8, 3e9))
		}
		if (rand() < 0.1) {
			rel[i] = sprintf("%.4g", unif(0, 5)) + 0
			line = line " release=" rel[i]
		}
		print line
	}
	t = 0
	for (i = 1; i <= n; i++) {
		# The clusters: one, or two distinct ones for a split job.
		ca = pick(1, clusters)
		cb = ca
		while (two[i] && cb == ca)
			cb = pick(1, clusters)
		split("", used)
		split("", parts)
		np = 0
		for (p = 1; p <= size[i]; p++) {
			c = (p == 2 || (p > 2 && rand() < 0.5)) ? cb : ca
			for (;;) {
				j = pick(first[c], last[c])
				k = pick(0, cores - 1)
				if (!((j, k) in used))
					break
			}
			used[j, k] = 1
			if (!(j in parts))
				order[++np] = j
			parts[j] = 1
		}
		if (rel[i] > t)
			t = rel[i]
		print plan_line(i, np, order, used, node, ncores, task, lastjob, t)
		t += 1
	}
}
