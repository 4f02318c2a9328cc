#!/usr/bin/env bats
# Past its first 4 MiB a stream's record lines are parsed on several
# threads (hs-format(5), READING ON SEVERAL CORES): the records, their order, the output
# and the first bad line reported are those of reading on one thread, with
# any HS_THREADS.

load helper

setup() {
	tmp=$(mktemp -d)
	# 120 000 tasks: 6.6 MB, so most of it is read on threads.
	hs-gen sleep -n 120000 -x 0.95 --jitter 0.2 --platform dietze >"$tmp/big.hs"
}

teardown() {
	rm -rf "$tmp"
}

# The plan of FILE with HS_THREADS=$1, its time left out.
plan_with() {
	HS_THREADS=$1 hs-plan -a taskp "$2" | grep -v '^prov plan'
}

@test "threads: hs-plan, hs-sim and hs-report write the same with 1, 2 and 4 threads" {
	plan_with 1 "$tmp/big.hs" >"$tmp/p1"
	[ "$(grep -c '^plan ' "$tmp/p1")" -eq 120000 ]
	for n in 2 4; do
		plan_with $n "$tmp/big.hs" >"$tmp/p$n"
		cmp "$tmp/p1" "$tmp/p$n"
	done
	HS_THREADS=1 hs-sim --model replay "$tmp/p1" >"$tmp/s1"
	HS_THREADS=4 hs-sim --model replay "$tmp/p1" >"$tmp/s4"
	cmp "$tmp/s1" "$tmp/s4"
	HS_THREADS=1 hs-report "$tmp/s1" >"$tmp/r1"
	HS_THREADS=3 hs-report "$tmp/s1" >"$tmp/r3"
	cmp "$tmp/r1" "$tmp/r3"
	# Standard input, and an HS_THREADS that is no number (one thread).
	HS_THREADS=x hs-plan -a taskp <"$tmp/big.hs" | grep -v '^prov plan' >"$tmp/px"
	cmp "$tmp/p1" "$tmp/px"
}

@test "threads: comments and blank lines among the records keep their places" {
	awk 'NR > 1000 && NR % 997 == 0 { print ""; print "# note " NR } { print }' "$tmp/big.hs" >"$tmp/c.hs"
	plan_with 1 "$tmp/c.hs" >"$tmp/c1"
	plan_with 4 "$tmp/c.hs" >"$tmp/c4"
	cmp "$tmp/c1" "$tmp/c4"
	[ "$(grep -c '^# note' "$tmp/c4")" -eq 119 ]
	# Parse -> write is the identity there too (hs-sim passes the plan on).
	hs-plan -a taskp "$tmp/c.hs" | HS_THREADS=2 hs-sim --model replay | grep -v '^prov ' |
		grep -v '^run ' | grep -v '^end ' >"$tmp/back"
	grep -v '^prov ' "$tmp/c4" | grep -v '^end ' | cmp - "$tmp/back"
}

@test "threads: the first bad line is the one reported, exit 2, nothing written" {
	awk 'NR == 100001 { print "task x1 model=overhead T=5 =3"; next }
	     NR == 110001 { print "task x2 model=overhead T=5 nokey"; next } { print }' \
		"$tmp/big.hs" >"$tmp/bad.hs"
	for n in 1 2 4; do
		HS_THREADS=$n run hs-plan -a taskp "$tmp/bad.hs"
		[ "$status" -eq 2 ]
		[ "$output" = "hs-plan: $tmp/bad.hs:100001: field has an empty key" ]
	done
	# A NUL byte in a comment after a bad record line: the record comes first.
	{ head -n 100000; echo 'task x1 model=overhead T=5 =3'; head -n 49
	  printf '# a NUL \000 here\n'; cat; } <"$tmp/big.hs" >"$tmp/nul.hs"
	for n in 1 4; do
		HS_THREADS=$n run hs-sim "$tmp/nul.hs"
		[ "$status" -eq 2 ]
		[ "$output" = "hs-sim: $tmp/nul.hs:100001: field has an empty key" ]
	done
	# The NUL alone is reported at its line.
	{ head -n 100049; printf '# a NUL \000 here\n'; cat; } <"$tmp/big.hs" >"$tmp/nul2.hs"
	HS_THREADS=4 run hs-plan -a taskp "$tmp/nul2.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-plan: $tmp/nul2.hs:100050: line contains a NUL byte" ]
	# A plan that fails late writes nothing either.
	HS_THREADS=4 hs-plan -a taskp "$tmp/bad.hs" >"$tmp/out" 2>/dev/null || true
	[ ! -s "$tmp/out" ]
}

@test "threads: several files side by side in hs-report, each large" {
	plan_with 1 "$tmp/big.hs" >"$tmp/a.hs"
	cp "$tmp/a.hs" "$tmp/b.hs"
	HS_THREADS=4 run hs-report -j 2 "$tmp/a.hs" "$tmp/b.hs"
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | awk '$1 == "tasks" { print $2, $3 }')" = "120000 120000" ]
}

@test "threads: plan records decoded on threads, problems as on one thread" {
	plan_with 1 "$tmp/big.hs" >"$tmp/p.hs"
	l=$(grep -n '^plan t100 ' "$tmp/p.hs" | cut -d: -f1)
	sed "${l}s/node=[a-z0-9]*/node=zz9/" "$tmp/p.hs" >"$tmp/e1.hs"
	sed "${l}p" "$tmp/p.hs" >"$tmp/e2.hs"
	sed "${l}s/^plan t100 /plan t999999 /" "$tmp/p.hs" >"$tmp/e3.hs"
	sed "$((l + 5000))s/ start=/ start=x/; $((l + 90000))s/ end=/ end=-/" "$tmp/p.hs" >"$tmp/e4.hs"
	for e in e1 e2 e3 e4; do
		HS_THREADS=1 run hs-sim "$tmp/$e.hs"
		[ "$status" -eq 2 ]
		one=$output
		HS_THREADS=4 run hs-sim "$tmp/$e.hs"
		[ "$status" -eq 2 ]
		[ "$output" = "$one" ]
	done
	printf '%s\n' "$output" | grep -q "e4.hs:$((l + 5000)): plan t5100: start must be a number"
	printf '%s\n' "$output" | grep -q "e4.hs:$((l + 90000)): plan t90100: end .* is before start"
	HS_THREADS=4 run hs-sim "$tmp/e2.hs"
	[ "$output" = "hs-sim: $tmp/e2.hs:$((l + 1)): duplicate plan record for task 't100' (first at line $l)" ]
}

@test "threads: tasks decoded on threads; app=, cmd=, deps= and problems as on one thread" {
	awk '/^task/ { n++; if (n % 10 == 0) $0 = $0 " deps=t" (n - 1) ",t" (n - 3) ":500"
		if (n % 1000 == 0) $0 = $0 " app=a" (n % 3); if (n % 1500 == 0) $0 = $0 " cmd=true" }
	     { print }' "$tmp/big.hs" >"$tmp/d.hs"
	plan_with 1 "$tmp/d.hs" >"$tmp/d1"
	plan_with 4 "$tmp/d.hs" >"$tmp/d4"
	cmp "$tmp/d1" "$tmp/d4"
	grep -q '^plan t10 .* start=57.343049695372 ' "$tmp/d4" # after t9, its dependency
	sed '50000s/model=overhead/model=amdhal/; 90000s/x=0.95/x=1.5/' "$tmp/d.hs" >"$tmp/e.hs"
	HS_THREADS=1 run hs-plan -a taskp "$tmp/e.hs"
	[ "$status" -eq 2 ]
	one=$output
	HS_THREADS=4 run hs-plan -a taskp "$tmp/e.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "$one" ]
	[ "${lines[0]}" = "hs-plan: $tmp/e.hs:50000: task t49984: unknown model 'amdhal'" ]
	[ "${lines[1]}" = "hs-plan: $tmp/e.hs:90000: task t89984: x must be in [0,1], got '1.5'" ]
}

@test "threads: hs-report checks a large run beside its plan, messages in the same order" {
	plan_with 1 "$tmp/big.hs" | hs-sim --model replay >"$tmp/r.hs"
	lp=$(grep -n '^plan t500 ' "$tmp/r.hs" | cut -d: -f1)
	lr=$(grep -n '^run t700 ' "$tmp/r.hs" | cut -d: -f1)
	sed "${lp}s/ start=[0-9.]*/ start=0/; ${lr}s/ start=[0-9.]*/ start=1/" "$tmp/r.hs" >"$tmp/w.hs"
	HS_THREADS=1 hs-report "$tmp/w.hs" >"$tmp/o1" 2>"$tmp/e1"
	HS_THREADS=4 hs-report "$tmp/w.hs" >"$tmp/o4" 2>"$tmp/e4"
	cmp "$tmp/o1" "$tmp/o4"
	cmp "$tmp/e1" "$tmp/e4"
	grep -n 'warning: the plan breaks\|warning: the run breaks' "$tmp/e4" | cut -d: -f1 >"$tmp/at"
	[ "$(wc -l <"$tmp/at")" -eq 2 ]
	grep -q "warning: run t700: core" "$tmp/e4"
	# The run's messages come after the plan's summary.
	[ "$(grep -n 'warning: run t700' "$tmp/e4" | head -1 | cut -d: -f1)" -gt "$(head -1 "$tmp/at")" ]
}
