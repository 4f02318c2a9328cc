#!/bin/sh
# `make demo`: the main job on a built-in example.  Generates Dietze's sleep
# tasks on the Table 1 cluster, plans them with two algorithms, replays the
# plans and compares them.  Argument: the directory holding the hs-* tools.
set -e
bin=$(cd "${1:-bin}" && pwd)
PATH=$bin:$PATH
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
echo "# hs-gen sleep -n 24 -x 0.95 --platform dietze | hs-plan -a ALGO | hs-sim"
hs-gen sleep -n 24 -x 0.95 --platform dietze > "$out/instance.hs"
for a in taskp datap taskp-ef datap-ef waterl; do
	hs-plan -a "$a" "$out/instance.hs" | hs-sim > "$out/$a.hs"
done
echo "# hs-report taskp.hs datap.hs taskp-ef.hs datap-ef.hs waterl.hs"
cd "$out" && hs-report taskp.hs datap.hs taskp-ef.hs datap-ef.hs waterl.hs
