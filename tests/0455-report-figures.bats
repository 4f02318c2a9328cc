#!/usr/bin/env bats
# hs-report's figure options through the tool: Gantt colours, plan overlay,
# rows, time unit and size; plot labels, units and y range; the Dietze
# study's plots, drawn by hs-report.

load helper

setup() {
	tmp=$(mktemp -d)
	cd "$tmp"
}

teardown() {
	cd /
	rm -rf "$tmp"
}

# xp FILE EXPR: an XPath on an SVG file, elements by local name.
xp() {
	xmllint --xpath "$2" "$1"
}

@test "figures: a Gantt chart of parallel jobs: one box per job per run of hosts, ids inside" {
	hs-gen ptask -n 40 --fcomp 286.097e3 --lt 1h --ut 2h --platform dutot-homo --seed 2 |
		hs-plan -a datap-ef >plan.hs
	hs-report --gantt plan.hs >g.svg
	xmllint --noout g.svg
	# a box per run of consecutive hosts, never one per host
	runs=$(awk '$1 == "plan" { for (i = 3; i <= NF; i++) if ($i ~ /^node=/) { n = split(substr($i, 6), h, ",")
		r = 1; for (k = 2; k <= n; k++) if (substr(h[k], 2) + 0 != substr(h[k - 1], 2) + 1) r++; s += r } }
		END { print s }' plan.hs)
	hosts=$(awk '$1 == "plan" { for (i = 3; i <= NF; i++) if ($i ~ /^node=/) s += split(substr($i, 6), h, ",") } END { print s }' plan.hs)
	boxes=$(xp g.svg 'count(//*[local-name()="rect" and @class="bar"])')
	echo "boxes $boxes, runs of hosts $runs, hosts $hosts"
	[ "$boxes" -eq "$runs" ]
	[ "$boxes" -lt "$hosts" ]
	# ids inside the boxes that are wide and tall enough: most of them here
	[ "$(xp g.svg 'count(//*[local-name()="text" and @class="id"])')" -ge 20 ]
	# no time axis in seconds for hours of work
	xp g.svg '//*[local-name()="text"]/text()' | grep -x 'time (.*)' | grep -qvx 'time (s)'
}

@test "figures: --color state|user|task|job, --plan-overlay, --rows, --time-unit, --height" {
	printf '%s\n' 'hs 1' 'cluster c' 'node n1 cluster=c cores=2' 'node n2 cluster=c cores=2' \
		'task a model=rigid size=2 time=2 user=ann' 'task b model=rigid size=2 time=2 user=bob' \
		'task c model=rigid size=1 time=1 user=ann' \
		'plan a node=n1 cores=0-1 start=0 end=2' 'plan b node=n2 cores=0-1 start=0 end=2' \
		'plan c node=n1 cores=0 start=2 end=3' \
		'run a node=n1 cores=0-1 start=0 end=2 state=done' 'run b node=n2 cores=0-1 start=0 end=1.5 state=killed' \
		'run c node=n1 cores=0 start=2 end=3 state=done' >s.hs
	hs-report --gantt --color state s.hs >st.svg
	[ "$(xp st.svg '//*[local-name()="g" and @class="legend"]/*[local-name()="text"]/text()' | tr '\n' ' ')" = \
		"done killed plan " ]
	hs-report --gantt --color user s.hs >u.svg
	xp u.svg '//*[local-name()="g" and @class="legend"]/*[local-name()="text"]/text()' | grep -qx bob
	hs-report --gantt --color job s.hs >j.svg
	hs-report --gantt --color task s.hs >t.svg
	cmp j.svg t.svg
	# 1 of 3 tasks differ: the plan is drawn; none and outline force it
	[ "$(xp u.svg 'count(//*[local-name()="path" and @class="plan"])')" = 1 ]
	hs-report --gantt --plan-overlay none s.hs >n.svg
	[ "$(xp n.svg 'count(//*[local-name()="path" and @class="plan"])')" = 0 ]
	# rows per node, per cluster
	hs-report --gantt --rows node s.hs >rn.svg
	[ "$(xp rn.svg 'count(//*[local-name()="g" and @class="labels"]/*[local-name()="text" and not(@transform)])')" = 2 ]
	hs-report --gantt --rows cluster s.hs >rc.svg
	[ "$(xp rc.svg 'string(//*[local-name()="g" and @class="labels"]/*[local-name()="text"])')" = c ]
	# the time axis in minutes, the height asked for
	hs-report --gantt --time-unit min --height 300 --width 500 s.hs >m.svg
	[ "$(xp m.svg 'concat(/*/@width, "x", /*/@height)')" = 500x300 ]
	xp m.svg '//*[local-name()="text"]/text()' | grep -qx 'time (min)'
	# bad values
	for o in "--color red" "--plan-overlay dashed" "--rows socket" "--time-unit y"; do
		run hs-report --gantt $o s.hs
		echo "$o: $output"
		[ "$status" -eq 2 ]
		[[ ${lines[0]} == "hs-report: option ${o% *}: '${o#* }' must be "* ]]
	done
}

@test "figures: --plot labels its axes with the key and the metric's unit, --ymin/--ymax clip" {
	for s in 1 2; do for n in 4 8; do for a in taskp waterl; do
		hs-gen sleep -n $n -x 0.95 --jitter 0.3 --seed $s | hs-plan -a $a >$a-$n-$s.hs
	done; done; done
	hs-report --plot makespan --x n --by algo *.hs >p.svg
	xp p.svg '//*[local-name()="text"]/text()' | grep -qx 'makespan (s)'
	xp p.svg '//*[local-name()="text"]/text()' | grep -qx 'n'
	# the second line is dashed, the first solid
	[ "$(xp p.svg 'count(//*[local-name()="path" and @class="line" and @stroke-dasharray])')" = 1 ]
	[ "$(xp p.svg 'count(//*[local-name()="clipPath"])')" = 0 ]
	hs-report --plot utilization --x n --by algo --xlabel 'tasks' --ylabel 'busy' --ymin 0 --ymax 1 *.hs >q.svg
	xp q.svg '//*[local-name()="text"]/text()' | grep -qx busy
	xp q.svg '//*[local-name()="text"]/text()' | grep -qx tasks
	[ "$(xp q.svg 'count(//*[local-name()="clipPath"])')" = 1 ]
	hs-report --plot makespan --x n --by algo --relative-to taskp *.hs >r.svg
	xp r.svg '//*[local-name()="text"]/text()' | grep -qx 'makespan relative to taskp'
	run hs-report --plot makespan --x n --logy --ymin 0 *.hs
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-report: --logy needs --ymin and --ymax above 0" ]
}

@test "figures: the Dietze study's plots are hs-report's, one line per case" {
	out=$tmp/out
	make -s -C "$TOP/share/studies/dietze" BIN="$HS_BIN" OUT="$out" FIGS=fig5-x0.95 N='1 2 3' \
		"$out/fig5-x0.95.svg" >make.log 2>&1 || { cat make.log; false; }
	svg=$out/fig5-x0.95.svg
	xmllint --noout "$svg"
	[ "$(xp "$svg" 'count(//*[local-name()="g" and @class="series"])')" = 6 ]
	xp "$svg" '//*[local-name()="g" and @class="series"]/@data-label' | grep -q 'waterl-rt'
	xp "$svg" '//*[local-name()="text"]/text()' | grep -qx 'number of tasks n'
	# YMAX_fig5-x0.95 clips the data-parallel lines
	[ "$(xp "$svg" 'count(//*[local-name()="clipPath"])')" = 1 ]
	[ ! -e "$TOP/share/studies/dietze/tsv2svg.awk" ]
}
