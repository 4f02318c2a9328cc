#!/bin/sh
# agree.sh TOL PLAN... - both of hs-sim's solvers against SimGrid's ptask_L07
# (hs-simgrid-ref) on each plan: every task's start and end within TOL
# (relative) of SimGrid's, for --solver simgrid over the whole run and for
# the default up to the first date at which its rates differ from
# SimGrid's own rounds (hs-sim --check-simgrid: SimGrid's bugs, hs-sim(1)),
# over the whole run when they never do.  Prints one line per plan:
#   PLAN simgrid tasks N start_err S end_err E default tasks N ends M until T start_err S end_err E
# (tasks, ends: the tasks whose start, whose end was compared; until: the
# first departure, or "end").  Exit status 0, 1 when a comparison fails, 2 when a simulator
# fails.  Tools as compare.sh: $HS_SIM or hs-sim, $HS_SIMGRID_REF.
set -u
[ $# -ge 2 ] || { echo "usage: agree.sh TOL PLAN..." >&2; exit 2; }
tol=$1
shift
here=$(cd "$(dirname "$0")" && pwd)
sim=${HS_SIM:-hs-sim}
ref=${HS_SIMGRID_REF:-${HS_BUILD:-$here/../../build}/tests/simgrid/hs-simgrid-ref}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0
# field NAME LINE: the value after NAME in compare.sh's line.
field() { printf '%s\n' "$2" | awk -v k="$1" '{ for (i = 1; i < NF; i++) if ($i == k) { print $(i + 1); exit } }'; }
for plan; do
	"$ref" "$plan" >"$tmp/ref.txt" || exit 2
	"$sim" --model flow --solver simgrid "$plan" >"$tmp/sg.hs" || exit 2
	"$sim" --model flow --check-simgrid "$plan" >"$tmp/def.hs" 2>"$tmp/err" || exit 2
	until=$(sed -n "s/.*rates differ from SimGrid's rounds in .* solves, first at \(.*\) s$/\1/p" "$tmp/err")
	sg=$(sh "$here/compare.sh" --outputs "$tmp/sg.hs" "$tmp/ref.txt" "$tol") || status=1
	if [ -n "$until" ]; then
		def=$(sh "$here/compare.sh" --until "$until" --outputs "$tmp/def.hs" "$tmp/ref.txt" "$tol") || status=1
	else
		def=$(sh "$here/compare.sh" --outputs "$tmp/def.hs" "$tmp/ref.txt" "$tol") || status=1
	fi
	echo "$plan simgrid tasks $(field tasks "$sg") start_err $(field start_rel_err "$sg")" \
	     "end_err $(field end_rel_err "$sg") default tasks $(field tasks "$def") ends $(field ends "$def") until ${until:-end}" \
	     "start_err $(field start_rel_err "$def") end_err $(field end_rel_err "$def")"
done
exit $status
