#!/bin/sh
# tests/batsim/hpc2n.sh BIN SHARED N - the HPC2N trace's first N jobs on 240
# one-core hosts, named by number and submitted from date 1: what pybatsim's
# scheduler API needs (integer job names, no job at 0).  For the bridge's
# tests (tests/0380-sim-batsim.bats) and benchmark (bench/batsim.sh).
"$1/hs-gen" swf -q --platform homogeneous:nodes=240,cores=1 \
	"$2/data/traces/HPC2N-2002-2.2-cln.first3171.swf" |
	awk -v n="$3" '$1 == "task" {
		sub(/^j/, "", $2); if ($2 + 0 > n) next
		f = 0
		for (i = 3; i <= NF; i++) if ($i ~ /^release=/) { $i = "release=" substr($i, 9) + 1; f = 1 }
		if (!f) $0 = $0 " release=1"
	} { print }'
