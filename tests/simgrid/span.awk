# span.awk - plan an instance of gen.awk so that tasks span clusters, for
# the differential test of hs-sim against SimGrid on routes through the
# uplinks and the backbone (no planner places a task in two clusters).
#
#   awk -v seed=gen.awk's seed -f gen.awk | sed 's/scope=cluster/scope=any/' |
#       awk -v seed=S -f place.awk -f span.awk
#
# Copies the instance and appends one plan record per task: its processes
# on random cores of random nodes, the first two in different clusters; the
# tasks one after the other in the plan (1 s each, not before the release),
# each after the last earlier task on each of its cores, so that the
# simulation, which keeps only that order, runs many of them at once.
function pick(a, b) { return a + int(rand() * (b - a + 1)) }
function field(key,   i) {
	for (i = 3; i <= NF; i++)
		if (index($i, key "=") == 1)
			return substr($i, length(key) + 2)
	return ""
}
{ print }
$1 == "node" {
	node[++nn] = $2
	cl[nn] = field("cluster")
	if (!(cl[nn] in ncl))
		nclusters++
	ncl[cl[nn]] = 1
	ncores[nn] = field("cores") + 0
}
$1 == "task" {
	task[++nt] = $2
	size[nt] = field("size") + 0
	rel[nt] = field("release") + 0
}
END {
	srand(seed + 0)
	t = 0
	for (i = 1; i <= nt; i++) {
		# Processes: node and core, distinct (node, core) pairs.
		split("", used)
		split("", parts)
		np = 0
		for (p = 1; p <= size[i]; p++) {
			for (;;) {
				j = pick(1, nn)
				if (p == 2 && nclusters > 1 && cl[j] == cl[first])
					continue
				c = pick(0, ncores[j] - 1)
				if (!((j, c) in used))
					break
			}
			if (p == 1)
				first = j
			used[j, c] = 1
			if (!(j in parts))
				order[++np] = j
			parts[j] = 1
		}
		if (rel[i] > t)
			t = rel[i]
		print plan_line(i, np, order, used, node, ncores, task, last, t)
		t += 1
	}
}
