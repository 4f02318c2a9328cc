#!/bin/sh
# `make demo`: the main job on built-in examples, every command echoed as it
# runs, everything left in a directory for a look afterwards.
#
#   sh share/demo.sh [BIN [DIR]]     BIN: the hs-* tools (bin); DIR: demo
#
# Dietze's sleep tasks on the Table 1 cluster, planned by five algorithms,
# simulated and compared; then Dutot's parallel jobs with communication on a
# heterogeneous cluster tree, planned, simulated by the flow-level model and
# compared with their plans; Gantt charts and utilization over time as SVG.
set -e
bin=$(cd "${1:-bin}" && pwd)
dir=${2:-demo}
PATH=$bin:$PATH
mkdir -p "$dir"
cd "$dir"
dir=$(pwd)

# run CMD: print the command exactly as it runs (in $dir), then run it.
run() {
	printf '$ %s\n' "$1"
	sh -c "$1"
}

echo "# in $dir"
run 'hs-gen sleep -n 24 -x 0.95 --platform dietze > instance.hs'
for a in taskp datap taskp-ef datap-ef waterl; do
	run "hs-plan -a $a instance.hs | hs-sim > $a.hs"
done
run 'hs-report taskp.hs datap.hs taskp-ef.hs datap-ef.hs waterl.hs'
run 'hs-report --gantt --title "24 sleep tasks, WATER-LEVEL" waterl.hs > waterl-gantt.svg'

# Parallel jobs with communication (Dutot et al.) on a heterogeneous cluster
# tree, simulated by the flow-level model: the plan's estimates against what
# the network makes of them.  --fcomp is the platform's reference flop rate,
# so that computing alone takes each job's model time: what remains between
# plan and simulation is the network.
echo
run 'hs-gen ptask -n 100 --fcomp 286.097e3 --fcomm 3e6 --lt 1h --ut 4h --platform dutot-hetero > jobs.hs'
for a in taskp datap-ef; do
	run "hs-plan -a $a jobs.hs | hs-sim > jobs-$a.hs"
done
run 'hs-report -m makespan,planned_makespan,makespan_diff,mean_end_error,utilization jobs-taskp.hs jobs-datap-ef.hs'
# Why they differ, in one line: the jobs that end later than planned.
awk '$1 == "plan" || $1 == "run" {
		for (i = 3; i <= NF; i++)
			if ($i ~ /^end=/) e = substr($i, 5) + 0
		if ($1 == "plan") { p[$2] = e; if (e > pm) pm = e; next }
		n++
		if (e > rm) rm = e
		if (e > p[$2] * (1 + 1e-9) + 1e-9) late++
	}
	END {
		if (!late) { print "# plan and simulation agree: no job waits for the network"; exit }
		printf "# plan and simulation differ: hs-plan gives each job its model time alone, hs-sim also sends its comm= bytes over links the jobs share: %d of %d jobs of jobs-datap-ef.hs end later than planned, the makespan is %.1f%% longer\n", late, n, 100 * (rm / pm - 1)
	}' jobs-datap-ef.hs
run 'hs-report --gantt jobs-datap-ef.hs > jobs-gantt.svg'
run 'hs-report --gantt --plan-overlay outline jobs-datap-ef.hs > jobs-gantt-plan.svg'
run 'hs-report --plot-time utilization jobs-taskp.hs jobs-datap-ef.hs > jobs-utilization.svg'
echo
echo "# streams and pictures are in $dir:"
ls
