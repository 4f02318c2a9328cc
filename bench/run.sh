#!/bin/sh
# `make bench`: every benchmark of the project, one after the other.  Each
# prints its measurements and the ratio to its target or baseline.
set -e
cd "$(dirname "$0")/.."
for b in bench/*.sh; do
	[ "$b" = bench/run.sh ] && continue
	echo "== $b"
	sh "$b"
done
