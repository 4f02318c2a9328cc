#!/bin/sh
# case.sh OUT STRATEGY-REDIST/INSTANCE: simulate OUT/inst/INSTANCE.hs with
# hs-sim -a rsched, keep the stream without its plan records (the run
# records say the same), gzip'ed, as OUT/run/STRATEGY-REDIST/INSTANCE.hs.gz.
set -e
out=$1 case=$2
sr=${case%%/*} inst=${case#*/}
strategy=${sr%-*} redist=${sr##*-}
dst=$out/run/$case.hs.gz
hs-sim --gpu "${GPU:-shared}" --transfers "${TRANSFERS:-on}" -a rsched -o ideal="${IDEAL:-work}" \
	-o overhead="${OVERHEAD:-0}" -o overhead_worker="${OVERHEAD_WORKER:-0}" \
	-o strategy="$strategy" -o redistribute="$redist" "$out/inst/$inst.hs" > "$dst.hs"
grep -v '^plan ' "$dst.hs" | gzip -c > "$dst.tmp"
rm -f "$dst.hs"
mv "$dst.tmp" "$dst"
