#!/usr/bin/env bats
# hs-report's figures at the scale of papers and traces, rendered by
# headless Chromium: the Gantt charts of 100 parallel jobs and of 20 000
# jobs of the CEA-Curie trace, and each quantity over time of the trace.
# Each must render to a picture that is not blank; its size, its boxes and
# its render time are printed (the "# ..." lines of the log), never asserted:
# the render time is Chromium's whole run, next to that of a blank page of
# the same size on the same machine.
#
# Rendering needs chromium and python3 (share/deps.sh installs both): in CI
# (CI=true) their absence fails these tests, elsewhere it skips them.

load helper
load svg/need

CURIE=$SHARED/data/traces/CEA-Curie-2011-2.1-cln.swf.gz

setup_file() {
	export W=$BATS_FILE_TMPDIR/w
	mkdir -p "$W"
	cd "$W"
	# 100 parallel jobs with communication, as make demo plans and simulates them
	hs-gen ptask -n 100 --fcomp 286.097e3 --fcomm 3e6 --lt 1h --ut 4h --platform dutot-hetero |
		hs-plan -a datap-ef | hs-sim >jobs100.hs
	# 20 000 jobs of the CEA-Curie trace: the first 20 000 of 1 min to 1 day
	# on at most 1024 cores, with their submit times, on 768 nodes of 16
	# cores (power figures added for the power plot), planned first come
	# first served and replayed: plan and run records, states, releases.
	zcat "$CURIE" | awk '/^;/ { next } { print } $4 >= 60 && $4 <= 86400 && $5 >= 1 && $5 <= 1024 { if (++n == 20000) exit }' >curie.swf
	hs-gen ptask -n 20000 --swf curie.swf --lt 1m --ut 1d --max-size 1024 --release trace \
		--platform homogeneous:nodes=768,cores=16 |
		sed '/^node /s/$/ cpu_busy=10 cpu_idle=4/' | hs-plan -a taskp | hs-sim --model replay >trace.hs
}

setup() {
	cd "$W"
}

# now: seconds since the epoch, with nanoseconds.
now() {
	date +%s.%N
}

# measure NAME: render NAME.svg, check the PNG is not blank, print its size,
# boxes and render time next to a blank page's of the same size.
measure() {
	local name=$1 w h t0 t1 t2 boxes bytes
	xmllint --noout "$name.svg"
	w=$(xmllint --xpath 'string(/*/@width)' "$name.svg")
	h=$(xmllint --xpath 'string(/*/@height)' "$name.svg")
	printf '<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s"><rect width="1" height="1"/></svg>\n' \
		"$w" "$h" >blank-$name.svg
	t0=$(now)
	sh "$TOP/tests/svg/render.sh" blank-$name.svg blank-$name.png
	t1=$(now)
	sh "$TOP/tests/svg/render.sh" "$name.svg" "$name.png"
	t2=$(now)
	run python3 "$TOP/tests/svg/nonblank.py" "$name.png" 5000
	echo "$output"
	[ "$status" -eq 0 ]
	bytes=$(wc -c <"$name.svg")
	boxes=$(grep -c '<rect [^>]*class="bar"' "$name.svg" || true)
	awk -v n="$name" -v b="$bytes" -v x="$boxes" -v w="$w" -v h="$h" -v a="$t0" -v m="$t1" -v e="$t2" \
		'BEGIN { printf "# %s: %.2f MB, %d boxes, %sx%s px, rendered by Chromium in %.2f s (a blank page: %.2f s)\n",
			n, b / 1e6, x, w, h, e - m, m - a }' >&3
}

@test "scale: the streams: 100 simulated jobs, 20 000 planned and replayed trace jobs" {
	[ "$(grep -c '^run ' jobs100.hs)" = 100 ]
	[ "$(grep -c '^plan ' trace.hs)" = 20000 ]
	[ "$(grep -c '^run .* state=done' trace.hs)" = 20000 ]
	[ "$(grep -c '^task .* release=' trace.hs)" -ge 19000 ]
}

@test "scale: the Gantt chart of 100 parallel jobs renders" {
	need_render
	hs-report --gantt jobs100.hs >gantt-100.svg
	# a box per run of consecutive hosts: fewer boxes than hosts used, ids inside
	[ "$(grep -c 'class="bar"' gantt-100.svg)" -lt "$(awk '$1 == "run" { for (i = 3; i <= NF; i++) if ($i ~ /^node=/) s += split($i, h, ",") } END { print s }' jobs100.hs)" ]
	[ "$(grep -c 'class="id"' gantt-100.svg)" -ge 50 ]
	measure gantt-100
}

@test "scale: the Gantt chart of 20 000 trace jobs renders, a few MB, no outlines" {
	need_render
	hs-report --gantt trace.hs >gantt-20000.svg
	[ "$(grep -c '<g class="task">' gantt-20000.svg)" = 20000 ]
	# past 2000 tasks: no box outlines, no plan overlay, and it says so
	! grep -q '<g class="bars" stroke' gantt-20000.svg
	! grep -q 'class="plan"' gantt-20000.svg
	grep -q '>plan not drawn: over 2000 tasks<' gantt-20000.svg
	# "a few MB": at most 10
	[ "$(wc -c <gantt-20000.svg)" -lt 10000000 ]
	measure gantt-20000
}

@test "scale: utilization, queue, running and power over time of the 20 000 jobs render" {
	need_render
	for q in utilization queue running power; do
		hs-report --plot-time $q trace.hs >time-$q.svg
		[ "$(grep -c 'class="line step"' time-$q.svg)" = 1 ]
		measure time-$q
	done
	# the utilization line's mean is the utilization metric
	hs-report -f tsv --plot-time utilization trace.hs |
		awk -F'\t' 'NR > 1 { if (n++) s += v * ($2 - t); else t0 = $2; t = $2; v = $3 } END { printf "%.9f\n", s / (t - t0) }' >u
	hs-report -f tsv -m utilization trace.hs | awk -F'\t' 'NR == 2 { printf "%.9f\n", $2 }' >m
	cmp u m
}
