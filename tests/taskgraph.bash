# Property checks on task-graph streams, independent of hs's own validator
# (load taskgraph).  Each prints what is wrong and fails, or prints nothing.

# awk: field(KEY) of the current record ('' for an empty quoted value).
TG_FIELD='function field(key,   i, v) {
	for (i = 3; i <= NF; i++)
		if (index($i, key "=") == 1) {
			v = substr($i, length(key) + 2)
			return v == "\047\047" ? "" : v
		}
	return ""
}'

# deps_honoured FILE KIND: every task of FILE with deps= has a KIND (plan or
# run) record that starts no earlier than each of its deps' KIND records end
# (within 1e-9 relative); deps without a KIND record (not run) are skipped,
# and so is a task without one.  Prints "checked N edges"; checking none
# fails too.
deps_honoured() {
	awk -v kind="$2" '
	'"$TG_FIELD"'
	$1 == "task" { v = field("deps"); if (v != "") deps[$2] = v }
	$1 == kind { start[$2] = field("start") + 0; end[$2] = field("end") + 0; has[$2] = 1 }
	END {
		bad = 0; n = 0
		for (t in deps) {
			if (!has[t])
				continue
			k = split(deps[t], d, ",")
			for (i = 1; i <= k; i++) {
				p = d[i]; sub(/:[^:]*$/, "", p)
				if (!has[p])
					continue
				n++
				tol = 1e-9 * (end[p] > 0 ? end[p] : 1)
				if (start[t] < end[p] - tol) {
					printf "%s %s starts at %.17g before its dep %s ends at %.17g\n",
						kind, t, start[t], p, end[p]
					bad = 1
				}
			}
		}
		print "checked " n " edges"
		exit bad || n == 0
	}' "$1"
}

# no_overlap FILE KIND: no core or GPU of a node runs two KIND records at
# once (within 1e-9 relative).  Prints "checked N uses"; none fails too.
no_overlap() {
	awk -v kind="$2" '
	'"$TG_FIELD"'
	function uses(what, sets, nodes,   nn, ns, i, j, k, el, r, a, b, c) {
		nn = split(nodes, nd, ",")
		ns = split(sets, st, "/")
		for (i = 1; i <= ns; i++) {
			k = split(st[i], el, ",")
			for (j = 1; j <= k; j++) {
				if (el[j] == "")
					continue
				if (split(el[j], r, "-") == 2) { a = r[1] + 0; b = r[2] + 0 } else { a = b = el[j] + 0 }
				for (c = a; c <= b; c++)
					printf "%s/%s/%d %.17g %.17g %s\n", nd[i], what, c, s, e, $2
			}
		}
	}
	$1 == kind { s = field("start"); e = field("end")
		uses("core", field("cores"), field("node")); uses("gpu", field("gpus"), field("node")) }
	' "$1" | sort -k1,1 -k2,2g | awk '
	$1 == res && $2 < last - 1e-9 * (last > 0 ? last : 1) {
		printf "%s: %s starts at %s while %s runs until %s\n", $1, $4, $2, who, last; bad = 1 }
	$1 != res || $3 > last { if ($1 != res) last = -1e300; if ($3 > last) { last = $3; who = $4 } }
	{ res = $1; n++ }
	END { print "checked " n " uses"; exit bad || n == 0 }'
}
