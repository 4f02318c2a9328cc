#!/usr/bin/env bats
# hs-gen swf: an SWF trace replayed as rigid tasks, one per job: exact fields
# on a hand-made trace, every rule for the jobs left out (counted on
# stderr), every option, bad input before any output, the real HPC2N and
# CEA Curie traces checked job by job against awk.

load helper

HPC2N=$SHARED/data/traces/HPC2N-2002-2.2-cln.first3171.swf
CURIE=$SHARED/data/traces/CEA-Curie-2011-2.1-cln.swf.gz

setup() {
	tmp=$(mktemp -d)
	# On 2 nodes of 4 cores: jobs 1, 2 and 7 replay; 3 ran 0 s (cancelled),
	# 4 has no run time, 5 no submit time, 6 no size, 8 is wider than the
	# platform.  2 takes its size from the requested processors and its
	# walltime from 2 x its run time; 7 ran longer than it asked (80 > 70).
	cat >"$tmp/tiny.swf" <<-'EOF'
	; Version: 2.2
	; Computer: a test
	; MaxProcs: 8
	1 100 5 50 4 -1 -1 3 60 -1 1 1 1 -1 -1 1 -1 -1
	2 110 5 30 -1 -1 -1 2 -1 -1 1 1 1 -1 -1 2 -1 -1
	3 120 5 0 2 -1 -1 2 100 -1 5 1 1 -1 -1 1 -1 -1
	4 130 5 -1 2 -1 -1 2 100 -1 -1 1 1 -1 -1 1 -1 -1
	5 -1 5 40 2 -1 -1 2 100 -1 1 1 1 -1 -1 1 -1 -1
	6 140 5 40 -1 -1 -1 -1 100 -1 1 1 1 -1 -1 1 -1 -1
	7 150 5 80 8 -1 -1 8 70 -1 0 1 1 -1 -1 1 -1 -1
	8 160 5 20 16 -1 -1 16 100 -1 1 1 1 -1 -1 1 -1 -1
	EOF
	PLAT=homogeneous:nodes=2,cores=4
}

teardown() {
	rm -rf "$tmp"
}

# tasks: the task lines of $tmp/o.
tasks() {
	grep '^task ' "$tmp/o"
}

@test "swf: a hand-made trace gives exactly the hand-computed tasks, and says what it left out" {
	hs-gen swf --platform $PLAT --oversize drop "$tmp/tiny.swf" >"$tmp/o" 2>"$tmp/e"
	[ "$(cat "$tmp/o")" = "hs 1
prov gen tool=hs-gen version=0.1.0 gen=swf trace=$tmp/tiny.swf platform=$PLAT size=alloc walltime=req walltime_factor=2 release=shift release_offset=100 scope=cluster oversize=drop jobs=8 kept=3 left_no_submit=1 left_no_run=1 left_zero_run=1 left_no_size=1 left_oversize=1
platform homogeneous
cluster c1
node n1 cluster=c1 cores=4 speed=1
node n2 cluster=c1 cores=4 speed=1
task j1 model=rigid size=4 time=50 walltime=60 swf_id=1
task j2 model=rigid size=2 time=30 walltime=60 release=10 swf_id=2
task j3 model=rigid size=8 time=80 walltime=70 scope=cluster release=50 swf_id=7
end stream records=8 tasks=3 plans=0 runs=0" ]
	[ "$(cat "$tmp/e")" = "hs-gen: $tmp/tiny.swf: 8 jobs read, 3 kept; left out: 1 with unknown submit time, 1 with unknown run time, 1 with run time 0, 1 of unknown size, 1 wider than the platform
hs-gen: $tmp/tiny.swf: 1 size from the requested processors (allocated unknown); 1 walltime 2 x the run time (requested time unknown); 1 job ran longer than its walltime (hs-sim kills it at it)" ]
	# -q: the same tasks, nothing on stderr.
	hs-gen swf -q --platform $PLAT --oversize drop "$tmp/tiny.swf" >"$tmp/q" 2>"$tmp/e"
	cmp "$tmp/o" "$tmp/q"
	[ ! -s "$tmp/e" ]
}

@test "swf: a job wider than the platform is refused by default, before any output" {
	run hs-gen swf --platform $PLAT "$tmp/tiny.swf"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: $tmp/tiny.swf:11: job 8 needs 16 processors, more than the largest cluster of platform '$PLAT' (8 cores); 1 job is wider, the widest 16 (the trace's MaxProcs is 8): give a platform that holds them, or --oversize drop to leave them out" ]
	# --scope node: the largest node (4 cores) decides; --scope any: the
	# whole platform.
	run hs-gen swf --platform $PLAT --scope node "$tmp/tiny.swf"
	[ "$status" -eq 2 ]
	[[ ${lines[0]} == "hs-gen: $tmp/tiny.swf:10: job 7 needs 8 processors, more than the largest node of platform '$PLAT' (4 cores); 2 jobs are wider, the widest 16 "* ]]
	# Jobs that fit in the platform but not in a cluster: the message says
	# --scope any would do.
	run hs-gen swf --platform homogeneous:nodes=4,cores=4,clusters=2 "$tmp/tiny.swf"
	[ "$status" -eq 2 ]
	[[ $output == *"(the trace's MaxProcs is 8): give a platform that holds them, --scope any to let them span clusters, or --oversize drop to leave them out" ]]
	hs-gen swf -q --platform homogeneous:nodes=4,cores=4,clusters=2 --scope any "$tmp/tiny.swf" >"$tmp/o"
	tasks | grep -q '^task j4 model=rigid size=16 time=20 walltime=100 scope=any release=60 swf_id=8$'
	# A job that fits a node gets no scope (one node) unless --scope-small
	# gives one: every job scope=any, the machine of Lucarelli et al.
	[ "$(tasks | grep -c ' scope=')" -eq 2 ]
	hs-gen swf -q --platform homogeneous:nodes=4,cores=4,clusters=2 --scope any --scope-small any \
		"$tmp/tiny.swf" >"$tmp/o"
	[ "$(tasks | grep -c ' scope=any ')" -eq "$(tasks | wc -l)" ]
	tasks | grep -q '^task j1 model=rigid size=4 time=50 walltime=60 scope=any swf_id=1$'
	grep -q '^prov gen .* scope=any scope_small=any ' "$tmp/o"
	run hs-gen swf --platform $PLAT --scope-small one "$tmp/tiny.swf"
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-gen: option --scope-small: 'one' must be node, cluster or any" ]
	# --max-size leaves jobs out before the platform is asked.
	hs-gen swf -q --platform $PLAT --max-size 4 "$tmp/tiny.swf" >"$tmp/o"
	grep -q ' left_max_size=2$' "$tmp/o"
	[ "$(tasks | wc -l)" -eq 2 ]
}

@test "swf: --size, --walltime, --walltime-factor and --release" {
	hs-gen swf -q --platform $PLAT --oversize drop --size req "$tmp/tiny.swf" >"$tmp/o"
	tasks | grep -q '^task j1 model=rigid size=3 time=50 walltime=60 swf_id=1$'
	tasks | grep -q '^task j2 model=rigid size=2 '
	hs-gen swf -q --platform $PLAT --oversize drop --walltime max "$tmp/tiny.swf" >"$tmp/o"
	[ "$(tasks | sed 's/.* walltime=\([0-9]*\) .*/\1/' | tr '\n' ' ')" = "100 60 160 " ]
	hs-gen swf -q --platform $PLAT --oversize drop --walltime run "$tmp/tiny.swf" >"$tmp/o"
	[ "$(tasks | sed 's/.* walltime=\([0-9]*\) .*/\1/' | tr '\n' ' ')" = "50 30 80 " ]
	hs-gen swf -q --platform $PLAT --oversize drop --walltime-factor 3 "$tmp/tiny.swf" >"$tmp/o"
	tasks | grep -q '^task j2 model=rigid size=2 time=30 walltime=90 release=10 swf_id=2$'
	# Factor 0: no walltime where the trace gives none.
	hs-gen swf -q --platform $PLAT --oversize drop --walltime-factor 0 "$tmp/tiny.swf" >"$tmp/o"
	tasks | grep -q '^task j2 model=rigid size=2 time=30 release=10 swf_id=2$'
	hs-gen swf -q --platform $PLAT --oversize drop --release trace "$tmp/tiny.swf" >"$tmp/o"
	[ "$(tasks | sed 's/.* release=\([0-9]*\) .*/\1/' | tr '\n' ' ')" = "100 110 150 " ]
	! grep -q 'release_offset' "$tmp/o"
	# zero: no release dates, and a job without a submit time replays too.
	hs-gen swf -q --platform $PLAT --oversize drop --release zero "$tmp/tiny.swf" >"$tmp/o"
	! tasks | grep -q release=
	[ "$(tasks | wc -l)" -eq 4 ]
	tasks | grep -q 'swf_id=5$'
}

@test "swf: filters: --from/--to, -n, --status, --partition, --queue" {
	hs-gen swf --platform $PLAT --oversize drop --from 105 --to 150 "$tmp/tiny.swf" >"$tmp/o" 2>"$tmp/e"
	[ "$(tasks)" = "task j1 model=rigid size=2 time=30 walltime=60 swf_id=2" ]
	grep -q ' from=105 to=150 .* kept=1 left_no_submit=1 left_window=3 left_no_run=1 left_zero_run=1 left_no_size=1$' "$tmp/o"
	grep -q '^hs-gen: .*: 8 jobs read, 1 kept; left out: 1 with unknown submit time, 3 submitted outside --from/--to, 1 with unknown run time, 1 with run time 0, 1 of unknown size$' "$tmp/e"
	# Units: 1.75m is 105 s: jobs 2 and 7 replay, released at 0 and 40.
	hs-gen swf -q --platform $PLAT --oversize drop --from 1.75m "$tmp/tiny.swf" >"$tmp/o"
	[ "$(tasks)" = "task j1 model=rigid size=2 time=30 walltime=60 swf_id=2
task j2 model=rigid size=8 time=80 walltime=70 scope=cluster release=40 swf_id=7" ]
	hs-gen swf --platform $PLAT --oversize drop -n 2 "$tmp/tiny.swf" >"$tmp/o" 2>"$tmp/e"
	[ "$(tasks | sed 's/.*swf_id=//' | tr '\n' ' ')" = "1 2 " ]
	grep -q '^hs-gen: .*: 2 jobs read, 2 kept (stopped at -n 2)$' "$tmp/e"
	hs-gen swf -q --platform $PLAT --oversize drop --status completed "$tmp/tiny.swf" >"$tmp/o"
	[ "$(tasks | sed 's/.*swf_id=//' | tr '\n' ' ')" = "1 2 " ]
	grep -q ' status=completed .* left_status=3 ' "$tmp/o"
	hs-gen swf -q --platform $PLAT --oversize drop --status failed,1 "$tmp/tiny.swf" >"$tmp/o"
	[ "$(tasks | sed 's/.*swf_id=//' | tr '\n' ' ')" = "1 2 7 " ]
	hs-gen swf -q --platform $PLAT --oversize drop --partition 2 "$tmp/tiny.swf" >"$tmp/o"
	[ "$(tasks | sed 's/.*swf_id=//' | tr '\n' ' ')" = "2 " ]
	hs-gen swf -q --platform $PLAT --oversize drop --queue 3,4 "$tmp/tiny.swf" >"$tmp/o"
	[ "$(tasks | wc -l)" -eq 0 ]
	grep -q ' kept=0 .*left_queue=7' "$tmp/o"
	hs-gen swf -q --platform $PLAT --oversize drop --queue -1 "$tmp/tiny.swf" >"$tmp/o"
	[ "$(tasks | wc -l)" -eq 3 ]
}

@test "swf: compressed, stdin (copied for the second pass) and -o give the same tasks" {
	hs-gen swf -q --platform $PLAT --oversize drop "$tmp/tiny.swf" | grep '^task' >"$tmp/a"
	gzip -c "$tmp/tiny.swf" >"$tmp/t.swf.gz"
	hs-gen swf -q --platform $PLAT --oversize drop "$tmp/t.swf.gz" | grep '^task' >"$tmp/b"
	cmp "$tmp/a" "$tmp/b"
	hs-gen swf -q --platform $PLAT --oversize drop - <"$tmp/t.swf.gz" | grep '^task' >"$tmp/c"
	cmp "$tmp/a" "$tmp/c"
	cat "$tmp/t.swf.gz" | hs-gen swf -q --platform $PLAT --oversize drop - | grep '^task' >"$tmp/c"
	cmp "$tmp/a" "$tmp/c"
	# The temporary copy is gone.
	mkdir "$tmp/t"
	cat "$tmp/tiny.swf" | TMPDIR=$tmp/t hs-gen swf -q --platform $PLAT --oversize drop - >/dev/null
	[ -z "$(ls "$tmp/t")" ]
	hs-gen -o "$tmp/out.hs" swf -q --platform $PLAT --oversize drop "$tmp/tiny.swf"
	grep '^task' "$tmp/out.hs" | cmp - "$tmp/a"
}

@test "swf: bad input exits 2 naming the line, and writes nothing" {
	sed '$s/ -1 -1$/ -1/' "$tmp/tiny.swf" >"$tmp/short.swf"
	hs-gen swf --platform $PLAT --oversize drop "$tmp/short.swf" >"$tmp/o" 2>"$tmp/e" || st=$?
	[ "$st" -eq 2 ]
	[ ! -s "$tmp/o" ]
	[ "$(cat "$tmp/e")" = "hs-gen: $tmp/short.swf:11: 17 fields, an SWF job line has 18" ]
	sed 's/^5 -1 /5 -50 /' "$tmp/tiny.swf" >"$tmp/neg.swf"
	run hs-gen swf --platform $PLAT --oversize drop "$tmp/neg.swf"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: $tmp/neg.swf:8: job 5: submit time -50 is negative (the SWF's only negative value is -1, unknown)" ]
	sed 's/^1 100 5 50 4 /1 100 5 50 2.5 /' "$tmp/tiny.swf" >"$tmp/frac.swf"
	run hs-gen swf --platform $PLAT --oversize drop "$tmp/frac.swf"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: $tmp/frac.swf:4: job 1: allocated processors 2.5 is not a whole number" ]
	# -o FILE is not left behind either.
	run hs-gen -o "$tmp/x.hs" swf --platform $PLAT "$tmp/neg.swf"
	[ "$status" -eq 2 ]
	[ ! -e "$tmp/x.hs" ]
	[ "$(ls -A "$tmp" | grep -c 'x\.hs')" -eq 0 ]
	run hs-gen swf --platform $PLAT "$tmp/nosuch.swf"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: $tmp/nosuch.swf: No such file or directory" ]
	# A write error is a run-time failure.
	if [ -w /dev/full ]; then
		run bash -c "hs-gen swf -q --platform $PLAT --oversize drop '$tmp/tiny.swf' >/dev/full"
		[ "$status" -eq 1 ]
		[ "$output" = "hs-gen: stdout: write error" ]
	fi
}

@test "swf: job numbers are decimal whole numbers, kept exactly and never repeated; a trace without jobs is refused" {
	L="100 5 50 4 -1 -1 3 60 -1 1 1 1 -1 -1 1 -1 -1"
	# A 19-digit job number is written as it is (a double would round it).
	printf '1234567890123456789 %s\n' "$L" >"$tmp/big.swf"
	hs-gen swf -q --platform none "$tmp/big.swf" >"$tmp/o"
	tasks | grep -q ' swf_id=1234567890123456789$'
	while IFS='|' read -r text line msg; do
		printf -- "$text" >"$tmp/bad.swf"
		hs-gen swf --platform none "$tmp/bad.swf" >"$tmp/o" 2>"$tmp/e" && st=0 || st=$?
		echo "$text -> $st $(cat "$tmp/e")"
		[ "$st" -eq 2 ]
		[ ! -s "$tmp/o" ]
		[ "$(cat "$tmp/e")" = "hs-gen: $tmp/bad.swf:${line:+$line:} $msg" ]
		hs-gen ptask --swf "$tmp/bad.swf" --platform none >"$tmp/o" 2>"$tmp/e" && st=0 || st=$?
		[ "$st" -eq 2 ]
		[ "$(cat "$tmp/e")" = "hs-gen: $tmp/bad.swf:${line:+$line:} $msg" ]
	done <<-EOF
	1 $L\n0x10 $L\n|2|field 1 (job number): '0x10' is not a number
	1 100 5 0x32 4 -1 -1 3 60 -1 1 1 1 -1 -1 1 -1 -1\n|1|field 4 (run time): '0x32' is not a number
	1 100 5 inf 4 -1 -1 3 60 -1 1 1 1 -1 -1 1 -1 -1\n|1|field 4 (run time): 'inf' is not a number
	12345678901234567890123456 $L\n|1|field 1 (job number): '12345678901234567890123456' is not a whole number from 0 to 9223372036854775807
	1.5 $L\n|1|field 1 (job number): '1.5' is not a whole number from 0 to 9223372036854775807
	-1 $L\n|1|field 1 (job number): '-1' is not a whole number from 0 to 9223372036854775807
	1 $L\n2 $L\n; c\n3 $L\n2 $L\n|5|job 2: job number already used on line 2
	5 $L\n3 $L\n9 $L\n4 $L\n7 $L\n4 $L\n|6|job 4: job number already used on line 4
	1 $L\0 x\n|1|line contains a NUL byte
	||no jobs (an SWF trace has a line of 18 numbers per job, after the ';' comments)
	; Version: 2.2\n;\n||no jobs (an SWF trace has a line of 18 numbers per job, after the ';' comments)
	EOF
}

@test "swf: usage errors exit 2: --platform is required, option values" {
	run hs-gen swf "$tmp/tiny.swf"
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-gen: option --platform is required: the platform the trace is replayed on (a built-in one, a file, or none)" ]
	[[ ${lines[1]} == "usage: hs-gen swf --platform NAME|FILE "* ]]
	while IFS='|' read -r args msg; do
		run hs-gen swf --platform $PLAT $args
		echo "$args -> $output"
		[ "$status" -eq 2 ]
		[ "${lines[0]}" = "$msg" ]
	done <<-EOF
	|hs-gen: missing trace (an SWF file, plain or compressed; - for stdin)
	$tmp/tiny.swf extra|hs-gen: unexpected argument 'extra'
	--size both $tmp/tiny.swf|hs-gen: option --size: 'both' must be alloc or req
	--walltime est $tmp/tiny.swf|hs-gen: option --walltime: 'est' must be req, max or run
	--walltime-factor -1 $tmp/tiny.swf|hs-gen: option --walltime-factor: '-1' must be between 0 and 1000000000
	--release now $tmp/tiny.swf|hs-gen: option --release: 'now' must be shift, trace or zero
	--from x $tmp/tiny.swf|hs-gen: option --from: 'x' is not a duration (seconds, or a number with s, m, h or d)
	--to -1 $tmp/tiny.swf|hs-gen: option --to: '-1' must be at least 0
	--from 10 --to 10 $tmp/tiny.swf|hs-gen: option --to: must be later than --from
	-n 0 $tmp/tiny.swf|hs-gen: option -n: '0' must be at least 1
	--max-size 0 $tmp/tiny.swf|hs-gen: option --max-size: '0' must be between 1 and 1000000000
	--status done $tmp/tiny.swf|hs-gen: option --status: 'done' is not a status (completed, failed, cancelled, partial, partial-completed, partial-failed, unknown, or -1 to 5)
	--partition a $tmp/tiny.swf|hs-gen: option --partition: 'a' is not a comma list of numbers
	--oversize keep $tmp/tiny.swf|hs-gen: option --oversize: 'keep' must be refuse or drop
	--scope grid $tmp/tiny.swf|hs-gen: option --scope: 'grid' must be node, cluster or any
	EOF
	run hs-gen swf --platform nosuch "$tmp/tiny.swf"
	[ "$status" -eq 2 ]
	[[ $output == "hs-gen: unknown platform 'nosuch'"* ]]
}

@test "swf: --cmd writes the template as it is on every task, and it reads back equal" {
	# Spaces, $, both quotes, a backslash, = and #: the stream quotes them.
	T='sleep $HS_TIME; echo "a b" '\''c'\'' \ x=y #z'
	Q="cmd='sleep \$HS_TIME; echo \"a b\" \\'c\\' \\\\ x=y #z'"
	hs-gen swf -q --platform $PLAT --oversize drop "$tmp/tiny.swf" >"$tmp/plain"
	hs-gen swf -q --platform $PLAT --oversize drop --cmd "$T" "$tmp/tiny.swf" >"$tmp/o"
	# Every task has it, last; the rest is the stream without --cmd, whose
	# tasks have none.
	[ "$(tasks | wc -l)" -eq 3 ]
	[ "$(grep '^task ' "$tmp/plain" | while read -r l; do printf '%s %s\n' "$l" "$Q"; done)" = "$(tasks)" ]
	! grep -q 'cmd=' "$tmp/plain"
	[ "$(grep -v '^task ' "$tmp/plain")" = "$(grep -v '^task ' "$tmp/o")" ]
	# Read back by the stream reader and written again: the same tasks.
	hs-plan -a taskp <"$tmp/o" | grep '^task ' | cmp - <(tasks)
	# From stdin (the second pass reads the copy) too.
	hs-gen swf -q --platform $PLAT --oversize drop --cmd "$T" - <"$tmp/tiny.swf" | grep '^task ' |
		cmp - <(tasks)
	# An empty template is written too (cmd='').
	hs-gen swf -q --platform $PLAT --oversize drop --cmd '' "$tmp/tiny.swf" >"$tmp/o"
	[ "$(tasks | grep -c " cmd=''$")" -eq 3 ]
}

@test "swf: --platform local: this machine as one node; jobs wider than it are refused with what to do" {
	n=$(nproc)
	cores=core$([ "$n" -eq 1 ] || echo s)
	printf '%s\n' '1 0 5 30 1 -1 -1 1 60 -1 1 1 1 -1 -1 1 -1 -1' \
		'2 10 5 20 4000000 -1 -1 4000000 60 -1 1 1 1 -1 -1 1 -1 -1' >"$tmp/wide.swf"
	run hs-gen swf --platform local --cmd 'sleep $HS_TIME' "$tmp/wide.swf"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: $tmp/wide.swf:2: job 2 needs 4000000 processors, more than this machine's $n $cores (platform 'local'); 1 job is wider, the widest 4000000: leave them out with --oversize drop or --max-size $n, or replay the trace on a simulated platform that holds them" ]
	hs-gen swf -q --platform local --oversize drop --cmd 'sleep $HS_TIME' "$tmp/wide.swf" >"$tmp/o"
	grep -q "^node local cluster=local cores=$n " "$tmp/o"
	grep -q ' platform=local .* kept=1 left_oversize=1$' "$tmp/o"
	[ "$(tasks)" = "task j1 model=rigid size=1 time=30 walltime=60 swf_id=1 cmd='sleep \$HS_TIME'" ]
	hs-gen swf -q --platform local --max-size "$n" --cmd 'sleep $HS_TIME' "$tmp/wide.swf" >"$tmp/o"
	grep -q ' kept=1 left_max_size=1$' "$tmp/o"
	[ "$(tasks)" = "task j1 model=rigid size=1 time=30 walltime=60 swf_id=1 cmd='sleep \$HS_TIME'" ]
}

@test "swf: --platform none: no size check, every multi-core job may span nodes" {
	hs-gen swf -q --platform none "$tmp/tiny.swf" >"$tmp/o"
	[ "$(tasks | wc -l)" -eq 4 ]
	tasks | grep -q '^task j4 model=rigid size=16 time=20 walltime=100 scope=cluster release=60 swf_id=8$'
	! grep -q '^node ' "$tmp/o"
}

@test "swf: the HPC2N trace: every job as awk reads it; replays with the trace's run times" {
	hs-gen swf --platform homogeneous:nodes=16,cores=8 "$HPC2N" >"$tmp/o" 2>"$tmp/e"
	want=$(awk '!/^;/ && NF == 18 { n++; if ($4 > 0 && ($5 > 0 || $8 > 0)) k++ } END { print n, k }' "$HPC2N")
	[ "$want" = "3170 3145" ]
	grep -q ' jobs=3170 kept=3145 left_no_run=25$' "$tmp/o"
	[ "$(head -1 "$tmp/e")" = "hs-gen: $HPC2N: 3170 jobs read, 3145 kept; left out: 25 with unknown run time" ]
	[ "$(sed -n 2p "$tmp/e")" = "hs-gen: $HPC2N: 320 jobs ran longer than their walltime (hs-sim kills them at it)" ]
	# Task by task: size, time, walltime, release = submit - the first's.
	awk -v trace="$HPC2N" '
		BEGIN { while ((getline l < trace) > 0) { if (l ~ /^;/ || split(l, f) != 18) continue
			if (first == "") first = f[2]
			s[f[1]] = f[5] > 0 ? f[5] : f[8]; t[f[1]] = f[4]; w[f[1]] = f[9]; r[f[1]] = f[2] - first } }
		$1 == "task" { delete v; for (i = 3; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
			id = v["swf_id"]; n++
			if (v["size"] != s[id] || v["time"] != t[id] || v["walltime"] != w[id] ||
			    v["release"] + 0 != r[id] || ("comp" in v)) { print "bad: " $0; bad = 1 } }
		END { exit bad || n != 3145 }' "$tmp/o"
	# The first 200 jobs through a planner and the simulator: each runs its
	# run time or is killed at its walltime; no duration warning.
	hs-gen swf -q --platform homogeneous:nodes=16,cores=8 -n 200 "$HPC2N" | hs-plan -a taskp |
		hs-sim >"$tmp/r" 2>"$tmp/e"
	[ ! -s "$tmp/e" ]
	awk '$1 == "task" { for (i = 3; i <= NF; i++) { split($i, kv, "="); if (kv[1] == "time") t[$2] = kv[2]
			if (kv[1] == "walltime") w[$2] = kv[2] } }
		$1 == "run" { for (i = 3; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
			d = v["end"] - v["start"]; n++
			if (!(v["state"] == "done" && d == t[$2]) && !(v["state"] == "killed" && d == w[$2])) {
				print "bad: " $0; bad = 1 } }
		END { exit bad || n != 200 }' "$tmp/r"
}

@test "swf: the whole CEA Curie trace (312 826 jobs) on a platform of its size" {
	# 93 312 processors (its MaxProcs): 5832 nodes of 16 cores.
	hs-gen swf --platform homogeneous:nodes=5832,cores=16 "$CURIE" >"$tmp/o" 2>"$tmp/e"
	want=$(gzip -dc "$CURIE" | awk '!/^;/ && NF == 18 { n++
		if ($4 == 0) z++; else if ($5 > 0 || $8 > 0) k++ } END { print n, k, z }')
	[ "$want" = "312826 295540 17286" ]
	grep -q ' release_offset=31656837 .* jobs=312826 kept=295540 left_zero_run=17286$' "$tmp/o"
	[ "$(grep -c '^task ' "$tmp/o")" -eq 295540 ]
	[ "$(head -1 "$tmp/e")" = "hs-gen: $CURIE: 312826 jobs read, 295540 kept; left out: 17286 with run time 0" ]
	# Every task is its line (written across many flushes).
	gzip -dc "$CURIE" | awk 'NR == FNR { if ($0 ~ /^;/ || NF != 18) next
			if (first == "") first = $2
			s[$1] = $5 > 0 ? $5 : $8; t[$1] = $4; w[$1] = $9; r[$1] = $2 - first; next }
		$1 == "task" { delete v; for (i = 3; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
			id = v["swf_id"]; n++
			if (v["size"] != s[id] || v["time"] != t[id] || v["walltime"] != w[id] ||
			    v["release"] + 0 != r[id]) { print "bad: " $0; bad = 1 } }
		END { exit bad || n != 295540 }' - "$tmp/o"
	# On Dutot's 128 cores it is refused, with what to do.
	run hs-gen swf --platform dutot-homo "$CURIE"
	[ "$status" -eq 2 ]
	[[ $output == "hs-gen: $CURIE:75: job 272393 needs 256 processors, more than the largest cluster of platform 'dutot-homo' (16 cores); "*" jobs are wider, the widest 79808 (the trace's MaxProcs is 93312): give a platform that holds them, or --oversize drop to leave them out" ]]
}
