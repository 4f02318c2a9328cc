#!/bin/sh
# `make bench`: every benchmark of the project, one after the other.  Each
# prints its measurements and the ratio to its target or baseline, and
# exits non-zero when a target is missed; all run, and the missed ones are
# named at the end.
cd "$(dirname "$0")/.."
missed=
for b in bench/*.sh; do
	case $b in bench/run.sh | bench/lib.sh) continue ;; esac
	echo "== $b"
	sh "$b" || missed="$missed $b"
done
if [ -n "$missed" ]; then
	echo "bench: targets missed in:$missed"
	exit 1
fi
echo "bench: every target met"
