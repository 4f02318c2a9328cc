#!/bin/sh
# Format throughput: parse + write of N task records (default 1,000,000)
# against the target of 1,000,000 records/s.  Usage: sh bench/format.sh [N]
# O names the build tree (as for make; default the source tree).
set -e
cd "$(dirname "$0")/.."
O=${O:-.}
n=${1:-1000000}
target=1000000
make --no-print-directory -s O="$O" "$O/build/bench/bench_format" >/dev/null
out=$("$O/build/bench/bench_format" "$n")
echo "$out"
rate=$(echo "$out" | sed -n 's/.*parsed+written in .* = \([0-9.]*\) records\/s.*/\1/p')
[ -n "$rate" ] || { echo "format: no rate measured" >&2; exit 1; }
awk -v r="$rate" -v t="$target" 'BEGIN {
	printf "format: %.2fx the target of %d records/s (%s)\n", r / t, t, (r >= t ? "ok" : "BELOW TARGET")
	exit (r >= t ? 0 : 1)
}'
