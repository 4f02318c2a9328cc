#!/bin/sh
# tests/layering.sh [TREE] - check the #include lines of TREE (default: this
# tree) against the rules of TREE/lib/DEPS: a file includes system headers,
# the public headers (lib/hs/), its own folder's headers and what its
# part's rule grants; no .c file unless granted; no cycle between parts.
# Prints one line per broken rule, naming the file, the line, the include
# and the rule, and exits 1; prints nothing and exits 0 when all is well.
set -e
top=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$top"
[ -f lib/DEPS ] || { echo "layering: $top/lib/DEPS: no such file" >&2; exit 2; }
files=$(find cmd lib plugins formats tests bench -type f \
	\( -name '*.c' -o -name '*.h' -o -name '*.cpp' \) 2>/dev/null | sort)
# "FILE:LINE:TEXT" of every quoted include, after the list of files (so
# that the awk script knows which paths exist).
{
	for f in $files; do echo "F $f"; done
	# shellcheck disable=SC2086
	grep -Hn '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' $files /dev/null | sed 's/^/I /'
} | awk -v deps=lib/DEPS '
function dirof(p) { sub(/\/[^\/]*$/, "", p); return p }
# a/b/../c -> a/c
function norm(p,    n, i, k, part, out) {
	n = split(p, part, "/"); k = 0
	for (i = 1; i <= n; i++) {
		if (part[i] == "." || part[i] == "") continue
		if (part[i] == ".." && k > 0 && out[k] != "..") { k--; continue }
		out[++k] = part[i]
	}
	p = ""
	for (i = 1; i <= k; i++) p = p (i > 1 ? "/" : "") out[i]
	return p
}
# The part of a file: lib/FOLDER, or its top folder.
function partof(f,    a) {
	split(f, a, "/")
	return a[1] == "lib" ? "lib/" a[2] : a[1]
}
function grants(key, path,    n, i, g) {
	if (!(key in rule)) return 0
	n = split(rule[key], g, " ")
	for (i = 1; i <= n; i++) {
		if (g[i] == "*" || g[i] == path) return 1
		if (g[i] ~ /\*$/ && index(path, substr(g[i], 1, length(g[i]) - 1)) == 1) return 1
	}
	return 0
}
function bad(f, line, inc, why) {
	printf "%s:%s: #include \"%s\": %s\n", f, line, inc, why
	nbad++
}
BEGIN {
	while ((getline l < deps) > 0) {
		sub(/#.*/, "", l)
		if (l ~ /^[ \t]*$/) continue
		n = split(l, w, /[ \t]+/)
		k = w[1]; rule[k] = ""
		for (i = 2; i <= n; i++) rule[k] = rule[k] (i > 2 ? " " : "") w[i]
	}
	close(deps)
}
$1 == "F" { exists[$2] = 1; next }
$1 == "I" {
	rest = substr($0, 3)
	f = rest; sub(/:.*/, "", f)
	line = substr(rest, length(f) + 2); sub(/:.*/, "", line)
	inc = rest; sub(/^[^"]*"/, "", inc); sub(/".*/, "", inc)
	d = dirof(f); p = partof(f)
	if (p ~ /^lib\// && !(p in rule) && !(p in norule)) {
		printf "%s: no rule for part %s: give it a line in lib/DEPS\n", f, p
		norule[p] = 1; nbad++
	}
	if (exists[norm(d "/" inc)]) t = norm(d "/" inc)
	else if (exists["lib/" inc]) t = "lib/" inc
	else {
		if (!grants(p, inc) && !grants(f, inc))
			bad(f, line, inc, "no such file beside it or under lib/")
		next
	}
	tp = partof(t); rel = t; sub(/^lib\//, "", rel)
	if (tp != p && tp != "lib/hs") { edge[p SUBSEP tp] = f ":" line " includes " inc; to[p] = to[p] " " tp }
	if (dirof(t) == "lib/hs") {
		if (t ~ /\.c$/) bad(f, line, inc, "a source file")
		next
	}
	if (p == "lib/hs") { bad(f, line, inc, "a public header (lib/hs) includes only public headers"); next }
	if (grants(f, rel) || grants(p, rel) || (tp != "lib/hs" && tp !~ /^lib\// && grants(p, t)))
		next
	if (t ~ /\.c$/) { bad(f, line, inc, "a source file; lib/DEPS grants " p " none"); next }
	if (dirof(t) == d) next
	if (tp != p && tp ~ /^(cmd|plugins|tests|bench)$/)
		why = "the library and the tools never include the files of " (tp == "cmd" ? "a tool" : tp == "plugins" ? "a plugin" : "the tests")
	else
		why = "private to " dirof(t) "; lib/DEPS lets " p " include " (rule[p] == "" ? "no header outside hs/ and its own folder" : "only " rule[p])
	bad(f, line, inc, why)
}
# Cycles between parts: a depth-first walk from each part.
function walk(u, path,    n, i, v, a) {
	if (u in onpath) {
		cyc = path; found = 1; return
	}
	if (u in doneset) return
	onpath[u] = 1
	n = split(to[u], a, " ")
	for (i = 1; i <= n && !found; i++) walk(a[i], path " -> " a[i])
	delete onpath[u]
	doneset[u] = 1
}
END {
	for (u in to) {
		if (found) break
		delete onpath
		walk(u, u)
	}
	if (found) {
		n = split(cyc, a, / -> /)
		for (s = 1; a[s] != a[n]; s++) ;  # the walk may reach the cycle from outside it
		cyc = a[s]
		for (i = s + 1; i <= n; i++) cyc = cyc " -> " a[i]
		printf "include cycle between parts: %s\n", cyc
		for (i = s; i < n; i++)
			if ((a[i] SUBSEP a[i + 1]) in edge) printf "  %s\n", edge[a[i] SUBSEP a[i + 1]]
		nbad++
	}
	exit nbad > 0
}'
