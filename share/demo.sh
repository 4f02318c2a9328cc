#!/bin/sh
# `make demo`: the main job on built-in examples.  Generates Dietze's sleep
# tasks on the Table 1 cluster, plans them with five algorithms, simulates
# and compares them; then Dutot's parallel jobs with communication on a
# heterogeneous cluster tree, planned, simulated by the flow-level model and
# compared with their plans.  Argument: the directory holding the hs-* tools.
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

# Parallel jobs with communication (Dutot et al.) on a heterogeneous cluster
# tree, simulated by the flow-level model: the plan's estimates against what
# the network makes of them.
echo
echo "# hs-gen ptask -n 100 --fcomm 2e5 --platform dutot-hetero | hs-plan -a ALGO | hs-sim"
hs-gen ptask -n 100 --fcomm 2e5 --lt 1h --ut 4h --platform dutot-hetero > "$out/jobs.hs"
for a in taskp datap-ef; do
	hs-plan -a "$a" "$out/jobs.hs" | hs-sim > "$out/jobs-$a.hs"
done
echo "# hs-report -m makespan,planned_makespan,makespan_diff,mean_end_error,utilization jobs-taskp.hs jobs-datap-ef.hs"
hs-report -m makespan,planned_makespan,makespan_diff,mean_end_error,utilization jobs-taskp.hs jobs-datap-ef.hs
hs-report -f svg --gantt jobs-datap-ef.hs > "$out/gantt.svg"
echo "# hs-report -f svg --gantt jobs-datap-ef.hs > gantt.svg: $(wc -c < "$out/gantt.svg") bytes of SVG"
