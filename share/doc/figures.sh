#!/bin/sh
# `make doc-svg`: the README's example pictures, made by the tools themselves
# so they never drift from the code (tests/0450-report-doc.bats regenerates
# them and compares).  Argument: the directory holding the hs-* tools;
# output: share/doc/*.svg (written atomically by moving finished files).
set -e
bin=$(cd "${1:-bin}" && pwd)
PATH=$bin:$PATH
here=$(cd "$(dirname "$0")" && pwd)
out=${2:-$here}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# 1. A Gantt chart: Dutot-like parallel tasks with communication on the
#    8x16 homogeneous platform, planned by DATAP-EF and simulated by the
#    flow-level model (bars), over the plan (dashed outlines).
hs-gen ptask -n 40 --seed 3 --lt 1h --ut 4h --fcomm 2e3 --platform dutot-homo |
	hs-plan -a datap-ef | hs-sim > "$tmp/ptask-run.hs"
hs-report -f svg --gantt --color task \
	--title '40 parallel tasks on dutot-homo: DATAP-EF plan (dashed), flow-level simulation (bars)' \
	"$tmp/ptask-run.hs" > "$tmp/gantt.svg"

# 2. A line plot like Dietze et al. Fig. 5: makespan of each algorithm
#    against the number of sleep tasks, mean and 95% interval over 5 seeds.
mkdir "$tmp/res"
for a in taskp datap taskp-ef waterl; do
	for n in 4 8 12 16 20 24 28 32; do
		for s in 1 2 3 4 5; do
			hs-gen sleep -n "$n" -x 0.95 --seed "$s" --jitter 0.3 --platform dietze |
				hs-plan -a "$a" > "$tmp/res/$a-$n-$s.hs"
		done
	done
done
hs-report --plot makespan --x n --by algo \
	--title 'Sleep tasks (x = 0.95) on the Dietze et al. cluster: mean and 95% interval of 5 seeds' \
	"$tmp"/res/*.hs > "$tmp/makespan.svg"

# 3. A trace at scale: 3000 jobs of the HPC2N log (Parallel Workloads
#    Archive, ../shared/data) with their submit times, on the trace's own
#    machine (120 nodes of 2 CPUs), planned first come first served (taskp):
#    the Gantt chart coloured by job, and the utilization over time.
shared=${HS_SHARED:-$here/../../../shared}
trace=$shared/data/traces/HPC2N-2002-2.2-cln.first3171.swf
[ -r "$trace" ] || { echo "figures.sh: $trace: cannot read (set HS_SHARED)" >&2; exit 1; }
hs-gen ptask -n 3000 --swf "$trace" --lt 1 --release trace \
	--platform homogeneous:nodes=120,cores=2 | hs-plan -a taskp > "$tmp/trace.hs"
hs-report --gantt --color task \
	--title '3000 jobs of the HPC2N trace on its 120 two-CPU nodes, first come first served' \
	"$tmp/trace.hs" > "$tmp/gantt-trace.svg"
hs-report --plot-time utilization --height 300 \
	--title 'The same: busy CPUs over time' "$tmp/trace.hs" > "$tmp/utilization.svg"

mkdir -p "$out"
for f in gantt makespan gantt-trace utilization; do
	mv "$tmp/$f.svg" "$out/$f.svg"
done
