# place.awk - the plan record of a task placed on given cores, after the
# tasks that used those cores last: the part of span.awk and contend.awk
# that writes plans (awk -f place.awk -f span.awk ...).
#
# plan_line(i, np, order, used, node, ncores, task, last, t) is the record
# of task i (id task[i]) on the cores k of nodes j with used[j, k] set, the
# nodes in order[1..np] (names node[j], ncores[j] cores), from t to t + 1,
# after the distinct tasks last[j, k] of its cores; last[j, k] becomes i.
function plan_line(i, np, order, used, node, ncores, task, last, t,    q, j, k, set, nodes, cores, after, seen) {
	for (q = 1; q <= np; q++) {
		j = order[q]
		set = ""
		for (k = 0; k < ncores[j]; k++) {
			if (!((j, k) in used))
				continue
			set = set (set == "" ? "" : ",") k
			if ((j, k) in last && !(last[j, k] in seen)) {
				seen[last[j, k]] = 1
				after = after (after == "" ? "" : ",") task[last[j, k]]
			}
			last[j, k] = i
		}
		nodes = nodes (q > 1 ? "," : "") node[j]
		cores = cores (q > 1 ? "/" : "") set
	}
	return sprintf("plan %s node=%s cores=%s start=%.17g end=%.17g%s", task[i], nodes, cores, t, t + 1,
		       after == "" ? "" : " after=" after)
}
