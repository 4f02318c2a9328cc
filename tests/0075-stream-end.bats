#!/usr/bin/env bats
# Every stream an hs tool writes ends with its closing record ("end stream
# records=N tasks=N plans=N runs=N") and a newline; a stream whose prov
# names an hs tool and lacks either was cut short, and every tool refuses
# it (exit 2) unless --partial (issue 30: 17% of random cuts of a run
# stream used to give a report, e.g. 205 for a sum of completions of 250).

load helper

setup() {
	tmp=$(mktemp -d)
	hs-gen sleep -n 50 -x 0.9 --platform dietze >"$tmp/gen.hs"
	hs-plan -a taskp "$tmp/gen.hs" >"$tmp/plan.hs"
	hs-sim "$tmp/plan.hs" >"$tmp/run.hs"
}

teardown() {
	rm -rf "$tmp"
}

# records FILE: the records of FILE before its closing record (no header,
# comment or blank line).
nrec() {
	grep -vcE '^(hs 1|end stream .*|[[:space:]]*(#.*)?)$' "$1"
}

@test "end: every tool's stream ends with the closing record and its counts" {
	[ "$(tail -n 1 "$tmp/gen.hs")" = "end stream records=$(nrec "$tmp/gen.hs") tasks=50 plans=0 runs=0" ]
	[ "$(tail -n 1 "$tmp/plan.hs")" = "end stream records=$(nrec "$tmp/plan.hs") tasks=50 plans=50 runs=0" ]
	[ "$(tail -n 1 "$tmp/run.hs")" = "end stream records=$(nrec "$tmp/run.hs") tasks=50 plans=50 runs=50" ]
	# One closing record however many tools wrote the stream: each drops
	# its input's and writes its own last.
	[ "$(grep -c '^end ' "$tmp/run.hs")" -eq 1 ]
	hs-sim -a easy "$tmp/gen.hs" >"$tmp/online.hs"
	[ "$(grep -c '^end ' "$tmp/online.hs")" -eq 1 ]
	[[ "$(tail -n 1 "$tmp/online.hs")" == "end stream records="*" tasks=50 plans=50 runs=50" ]]
	hs-gen platform dietze >"$tmp/p.hs"
	[[ "$(tail -n 1 "$tmp/p.hs")" == "end stream records="*" tasks=0 plans=0 runs=0" ]]
}

@test "end: a run stream cut anywhere is refused by every tool, exit 2, nothing written" {
	size=$(wc -c <"$tmp/run.hs")
	# 40 cuts spread over the stream, including inside numbers of the last
	# run records and inside the closing record itself.
	for k in $(seq 1 40) ; do
		off=$((size * k / 41))
		head -c "$off" "$tmp/run.hs" >"$tmp/cut.hs"
		for tool in "hs-report" "hs-sim" "hs-plan -a taskp"; do
			run $tool "$tmp/cut.hs"
			[ "$status" -eq 2 ] || { echo "$tool at byte $off: exit $status: $output"; return 1; }
			# Cut inside a field, a line may be a syntax error first.
			[[ "$output" == *"$tmp/cut.hs:"*"cut short"*"--partial reads it as it is"* ||
				"$output" == *"$tmp/cut.hs:"[0-9]*": "* ]] ||
				{ echo "$tool at byte $off: $output"; return 1; }
		done
	done
	for off in 1 2 5 10 20; do
		head -c $((size - off)) "$tmp/run.hs" >"$tmp/cut.hs"
		run hs-report "$tmp/cut.hs"
		[ "$status" -eq 2 ] || { echo "cut $off bytes before the end: exit $status"; return 1; }
	done
	head -n 70 "$tmp/plan.hs" >"$tmp/cutp.hs"
	run hs-exec -n "$tmp/cutp.hs"
	[ "$status" -eq 2 ]
	[[ "$output" == *"cut short"* ]]
}

@test "end: the messages name the file, the last line and the last writer" {
	head -n 100 "$tmp/run.hs" >"$tmp/cut.hs"
	run hs-report "$tmp/cut.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-report: $tmp/cut.hs:100: stream ends without its closing 'end' record, which hs-sim writes last: cut short? (--partial reads it as it is)" ]
	head -c -1 "$tmp/run.hs" >"$tmp/cut.hs"
	run hs-report "$tmp/cut.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-report: $tmp/cut.hs:$(wc -l <"$tmp/run.hs"): last line has no newline: the stream was cut short? (--partial reads it as it is)" ]
	run bash -c "head -n 100 '$tmp/run.hs' | hs-sim"
	[ "$status" -eq 2 ]
	[[ "$output" == "hs-sim: stdin:100: stream ends without"* ]]
}

@test "end: --partial reads what is left; hs-report says what its provenance promised" {
	n=$(grep -n '^run t30 ' "$tmp/run.hs" | cut -d: -f1)
	head -n "$n" "$tmp/run.hs" >"$tmp/cut.hs"
	run hs-report --partial -m tasks "$tmp/cut.hs"
	[ "$status" -eq 0 ]
	[[ "$output" == *"hs-report: $tmp/cut.hs: warning: 20 of 50 tasks have no run record, which the stream's prov sim (hs-sim) promises each task: cut short or edited"* ]]
	[[ "$output" == *"tasks"*"30"* ]]
	run hs-sim --partial --model replay "$tmp/cut.hs"
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | grep -c '^run ')" -eq 50 ]
	run hs-plan --partial -a taskp "$tmp/cut.hs"
	[ "$status" -eq 0 ]
	# A plan cut short: the plans hs-plan promised are counted too.
	n=$(grep -n '^plan t10 ' "$tmp/plan.hs" | cut -d: -f1)
	head -n "$n" "$tmp/plan.hs" >"$tmp/cutp.hs"
	run hs-report --partial -m tasks "$tmp/cutp.hs"
	[ "$status" -eq 0 ]
	[[ "$output" == *"warning: 40 of 50 tasks have no plan record, which the stream's prov plan (hs-plan) promises"* ]]
	# A whole stream draws no such warning.
	run hs-report -m tasks "$tmp/run.hs"
	[ "$status" -eq 0 ]
	[[ "$output" != *warning* ]]
}

@test "end: streams no hs tool wrote need no closing record; edits and additions still read" {
	printf 'hs 1\nnode n cores=1\ntask t model=rigid size=1 time=5\nplan t node=n cores=0 start=0 end=5' >"$tmp/hand.hs"
	run hs-sim "$tmp/hand.hs"
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | tail -n 1)" = "end stream records=5 tasks=1 plans=1 runs=1" ]
	# grep -v leaves counts that no longer match: still read.
	grep -v '^run t7 ' "$tmp/run.hs" >"$tmp/edit.hs"
	run hs-report -m tasks "$tmp/edit.hs"
	[ "$status" -eq 0 ]
	[[ "$output" == *"1 of 50 tasks have no run record"* ]]
	# Records another program added after the closing record are read, and
	# the next tool's closing record comes after them.
	{ cat "$tmp/gen.hs"; echo 'task extra model=rigid size=1 time=1'; } >"$tmp/add.hs"
	hs-plan -a taskp "$tmp/add.hs" >"$tmp/added.hs"
	[ "$(grep -c '^plan ' "$tmp/added.hs")" -eq 51 ]
	[ "$(tail -n 1 "$tmp/added.hs")" = "end stream records=$(nrec "$tmp/added.hs") tasks=51 plans=51 runs=0" ]
}

@test "end: a ratio below 1 is flagged and left out, never shown as a result" {
	printf 'hs 1\nnode n cores=1\ntask t model=rigid size=1 time=50\nrun t node=n cores=0 start=0 end=10 state=done\n' >"$tmp/fast.hs"
	run hs-report -m makespan,lower_bound,ratio "$tmp/fast.hs"
	[ "$status" -eq 0 ]
	[[ "$output" == *"hs-report: $tmp/fast.hs: warning: makespan 10 is below the lower bound 50 (ratio 0.2), which no schedule of the instance's model can be: ratio left out"* ]]
	printf '%s\n' "$output" | grep -qE '^ratio +- +-$'
	run hs-report -m ratio "$tmp/run.hs"
	[ "$status" -eq 0 ]
	[[ "$output" != *warning* ]]
}

@test "end: the counts of lines made on threads (10 000 plans and runs) are the same with 1 and 4 threads" {
	hs-gen sleep -n 10000 -x 0.9 --platform dietze >"$tmp/big.hs"
	for th in 1 4; do
		HS_THREADS=$th hs-plan -a taskp "$tmp/big.hs" | HS_THREADS=$th hs-sim --model replay >"$tmp/big$th.hs"
		[ "$(tail -n 1 "$tmp/big$th.hs")" = "end stream records=$(nrec "$tmp/big$th.hs") tasks=10000 plans=10000 runs=10000" ]
	done
	[ "$(grep -v '^prov plan' "$tmp/big1.hs")" = "$(grep -v '^prov plan' "$tmp/big4.hs")" ]
}

@test "end: writers that write as they go (hs-gen swf's tasks, hs-exec's runs) close the stream last" {
	# 5 000 jobs: hs-gen swf writes them 4 096 at a time.
	awk 'BEGIN { for (i = 1; i <= 5000; i++) print i, i, 0, 10, 1, -1, -1, 1, 20, -1, 1, 1, 1, 1, 1, -1, -1, -1 }' >"$tmp/t.swf"
	hs-gen swf -q --platform homogeneous:nodes=2,cores=2 "$tmp/t.swf" >"$tmp/swf.hs"
	[ "$(grep -c '^end ' "$tmp/swf.hs")" -eq 1 ]
	[ "$(tail -n 1 "$tmp/swf.hs")" = "end stream records=$(nrec "$tmp/swf.hs") tasks=5000 plans=0 runs=0" ]
	hs-gen -o "$tmp/swf-o.hs" swf -q --platform homogeneous:nodes=2,cores=2 "$tmp/t.swf"
	cmp "$tmp/swf.hs" "$tmp/swf-o.hs"
	# hs-exec: the run records as tasks end, the summing-up comment, then
	# the closing record.
	printf 'hs 1\nnode local cores=2\ntask a model=rigid size=1 time=0.1 cmd=true\ntask b model=rigid size=1 time=0.1 cmd=true\nplan a node=local cores=0 start=0 end=0.1\nplan b node=local cores=1 start=0 end=0.1\n' >"$tmp/x.hs"
	hs-exec "$tmp/x.hs" >"$tmp/xr.hs"
	[ "$(grep -c '^end ' "$tmp/xr.hs")" -eq 1 ]
	[ "$(tail -n 1 "$tmp/xr.hs")" = "end stream records=$(nrec "$tmp/xr.hs") tasks=2 plans=2 runs=2" ]
	[[ "$(tail -n 2 "$tmp/xr.hs" | head -n 1)" == "# hs-exec: 2 tasks: 2 done"* ]]
	hs-report -m tasks "$tmp/xr.hs" >/dev/null
}
