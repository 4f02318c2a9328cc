#!/usr/bin/env bats
# hs-gen batsim: Batsim workloads (JSON) as rigid tasks: every profile type
# hs replays under its Batsim names, exact fields, options, a pipeline to
# Batsim's jobs.csv, and every kind of bad file with its line and exit 2.

load helper

setup() {
	tmp=$(mktemp -d)
	# On 4 one-core nodes (ref_flops 1e9): a delay job, homogeneous parallel
	# tasks (per host, total, spread), a full parallel task; an unused
	# profile of a type hs does not replay.
	cat >"$tmp/w.json" <<-'EOF'
	{
	  "nb_res": 4,
	  "jobs": [
	    {"id": "d1", "subtime": 0, "walltime": 30, "res": 1, "profile": "sleep"},
	    {"id": 2, "subtime": 5.5, "res": 2, "profile": "hg"},
	    {"id": "w0!3", "subtime": 10, "walltime": -1, "res": 4, "profile": "full"},
	    {"id": "tot", "subtime": 12, "walltime": 100, "res": 2, "profile": "hgtot"},
	    {"id": "spread", "subtime": 12, "walltime": 100, "res": 4, "profile": "spread"}
	  ],
	  "profiles": {
	    "sleep": {"type": "delay", "delay": 20.25},
	    "hg": {"type": "parallel_homogeneous", "cpu": 2e9, "com": 1e6},
	    "full": {"type": "parallel", "cpu": [1e9, 0, 0, 3e9],
	             "com": [0, 1, 0, 0,  0, 0, 0, 0,  0, 0, 0, 0,  5, 0, 0, 0]},
	    "hgtot": {"type": "parallel_homogeneous_total", "cpu": 4e9, "com": 2e6},
	    "spread": {"type": "ptask_homogeneous", "cpu": 8e9, "com": 1.2e7,
	               "generation_strategy": "defined_amount_spread_uniformly"},
	    "unused": {"type": "composed", "seq": ["hg"]}
	  }
	}
	EOF
	PLAT=homogeneous:nodes=4,cores=1
}

teardown() {
	rm -rf "$tmp"
}

@test "batsim: every profile type gives exactly the hand-computed task" {
	run hs-gen batsim --platform $PLAT "$tmp/w.json"
	[ "$status" -eq 0 ]
	[ "$output" = "hs 1
prov gen tool=hs-gen version=0.1.0 gen=batsim workload=$tmp/w.json platform=$PLAT nb_res=4 release=trace scope=cluster oversize=refuse jobs=5 kept=5
platform homogeneous
cluster c1
node n1 cluster=c1 cores=1 speed=1
node n2 cluster=c1 cores=1 speed=1
node n3 cluster=c1 cores=1 speed=1
node n4 cluster=c1 cores=1 speed=1
task d1 model=rigid size=1 time=20.25 walltime=30 app=sleep
task 2 model=rigid size=2 time=2 comp=2000000000 comm=1000000 scope=cluster release=5.5 app=hg
task w0!3 model=rigid size=4 time=3 comp=1000000000,0,0,3000000000 comm=0,1,0,0,0,0,0,0,0,0,0,0,5,0,0,0 scope=cluster release=10 app=full
task tot model=rigid size=2 time=2 walltime=100 comp=2000000000 comm=1000000 scope=cluster release=12 app=hgtot
task spread model=rigid size=4 time=2 walltime=100 comp=2000000000 comm=1000000 scope=cluster release=12 app=spread
end stream records=12 tasks=5 plans=0 runs=0" ]
}

@test "batsim: Batsim's other spellings of the types read alike" {
	sed -e 's/"type": "delay"/"type": "DelayProfile"/' \
	    -e 's/"type": "parallel_homogeneous"/"type": "msg_par_hg"/' \
	    -e 's/"type": "parallel"/"type": "ParallelTaskProfile"/' \
	    -e 's/"type": "parallel_homogeneous_total"/"type": "msg_par_hg_tot"/' \
	    -e 's/"type": "ptask_homogeneous"/"type": "ParallelTaskHomogeneousProfile"/' \
	    -e 's/"defined_amount_spread_uniformly"/"DefinedAmountsSpreadUniformly"/' \
	    "$tmp/w.json" >"$tmp/v.json"
	! grep -q '"parallel' "$tmp/v.json"
	hs-gen batsim --platform $PLAT "$tmp/w.json" | grep '^task' >"$tmp/a"
	hs-gen batsim --platform $PLAT "$tmp/v.json" | grep '^task' >"$tmp/b"
	cmp "$tmp/a" "$tmp/b"
	sed 's/"type": "parallel"/"type": "msg_par"/; s/"type": "ParallelTask/"type": "ptask/' \
		"$tmp/w.json" >"$tmp/v.json"
	hs-gen batsim --platform $PLAT "$tmp/v.json" | grep '^task' | cmp - "$tmp/a"
}

@test "batsim: --release, --oversize, --scope, compressed and stdin" {
	hs-gen batsim --platform $PLAT --release shift "$tmp/w.json" | grep -q '^task 2 .* release=5.5 '
	sed 's/"subtime": 0,/"subtime": 2,/' "$tmp/w.json" >"$tmp/s.json"
	run hs-gen batsim --platform $PLAT --release shift "$tmp/s.json"
	[[ ${lines[1]} == *" release=shift release_offset=2 "* ]]
	printf '%s\n' "$output" | grep -q '^task w0!3 .* release=8 '
	! hs-gen batsim --platform $PLAT --release zero "$tmp/w.json" | grep -q release=
	# 2 cores: the jobs of 4 are refused, or left out.
	run hs-gen batsim --platform homogeneous:nodes=2,cores=1 "$tmp/w.json"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: $tmp/w.json:6: job 'w0!3' needs 4 cores, more than the largest cluster of platform 'homogeneous:nodes=2,cores=1' (2 cores): give a platform that holds it, or --oversize drop to leave such jobs out" ]
	hs-gen batsim --platform homogeneous:nodes=2,cores=1 --oversize drop "$tmp/w.json" >"$tmp/o" 2>"$tmp/e"
	[ "$(grep '^task' "$tmp/o" | cut -d' ' -f2 | tr '\n' ' ')" = "d1 2 tot " ]
	grep -q ' jobs=5 kept=3 left_oversize=2$' "$tmp/o"
	[ "$(cat "$tmp/e")" = "hs-gen: $tmp/w.json: 5 jobs read, 3 kept; left out: 2 wider than the platform" ]
	# Jobs that fit but an nb_res beyond the platform: refused, or replayed
	# on fewer cores with --oversize drop.
	sed 's/"nb_res": 4,/"nb_res": 8,/' "$tmp/w.json" >"$tmp/n8.json"
	run hs-gen batsim --platform $PLAT "$tmp/n8.json"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: $tmp/n8.json: workload: nb_res 8 is more than the 4 cores of platform '$PLAT': give a platform of at least 8 cores, or --oversize drop to replay it on fewer" ]
	run hs-gen batsim --platform $PLAT --oversize drop "$tmp/n8.json"
	[ "$status" -eq 0 ]
	[[ ${lines[1]} == *" nb_res=8 "*" kept=5" ]]
	hs-gen batsim --platform homogeneous:nodes=2,cores=4 "$tmp/n8.json" | grep -q ' nb_res=8 '
	# One node of 4 cores: no job spans nodes.
	! hs-gen batsim --platform homogeneous:nodes=1,cores=4 "$tmp/w.json" | grep -q scope=
	hs-gen batsim --platform $PLAT "$tmp/w.json" | grep '^task' >"$tmp/a"
	gzip -c "$tmp/w.json" >"$tmp/w.json.gz"
	hs-gen batsim --platform $PLAT "$tmp/w.json.gz" | grep '^task' | cmp - "$tmp/a"
	hs-gen batsim --platform $PLAT - <"$tmp/w.json" | grep '^task' | cmp - "$tmp/a"
}

@test "batsim: a workload through the planner and the simulator to Batsim's jobs.csv" {
	hs-gen batsim --platform $PLAT "$tmp/w.json" | hs-plan -a taskp | hs-sim >"$tmp/r.hs"
	grep -q '^run d1 .* start=0 end=20.25 state=done' "$tmp/r.hs"
	hs-report -f batsim-jobs "$tmp/r.hs" >"$tmp/jobs.csv"
	[ "$(cut -d, -f1,3 "$tmp/jobs.csv" | tr '\n' ' ')" = "job_id,profile d1,sleep 2,hg w0!3,full tot,hgtot spread,spread " ]
}

@test "batsim: --cmd writes the template as it is on every task, and it reads back equal" {
	# Spaces, $, both quotes, a backslash, = and #: the stream quotes them.
	T='sleep $HS_TIME; echo "a b" '\''c'\'' \ x=y #z'
	Q="cmd='sleep \$HS_TIME; echo \"a b\" \\'c\\' \\\\ x=y #z'"
	hs-gen batsim --platform $PLAT "$tmp/w.json" >"$tmp/plain"
	hs-gen batsim --platform $PLAT --cmd "$T" "$tmp/w.json" >"$tmp/o"
	# Every task has it, after app=; the rest is the stream without --cmd,
	# whose tasks have none.
	[ "$(grep -c '^task ' "$tmp/o")" -eq 5 ]
	[ "$(grep '^task ' "$tmp/plain" | while read -r l; do printf '%s %s\n' "$l" "$Q"; done)" = "$(grep '^task ' "$tmp/o")" ]
	! grep -q 'cmd=' "$tmp/plain"
	[ "$(grep -v '^task ' "$tmp/plain")" = "$(grep -v '^task ' "$tmp/o")" ]
	# Read back by the stream reader and written again: the same tasks.
	hs-plan -a taskp <"$tmp/o" | grep '^task ' | cmp - <(grep '^task ' "$tmp/o")
	# Jobs left out get none, of course; the others still have it.
	hs-gen batsim -q --platform homogeneous:nodes=2,cores=1 --oversize drop --cmd "$T" "$tmp/w.json" |
		grep '^task ' >"$tmp/d"
	[ "$(grep -cF " $Q" "$tmp/d")" -eq 3 ]
}

# bad FILE-BODY MESSAGE: hs-gen batsim on a file holding FILE-BODY exits 2
# with "hs-gen: FILE:MESSAGE".
bad() {
	printf '%s\n' "$1" >"$tmp/b.json"
	run hs-gen batsim --platform $PLAT "$tmp/b.json"
	echo "$output"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: $tmp/b.json:$2" ]
}

@test "batsim: bad JSON exits 2 with its line" {
	bad '{"nb_res": 4, "jobs": [' '2: expected a value, not the end of the input'
	bad '{"nb_res": 4,
"jobs": [],}' "2: expected a string key, not '}'"
	bad '{"nb_res": 4, "jobs": [] "profiles": {}}' "1: expected ',' or '}' after the value of 'jobs', not '\"'"
	bad '{"nb_res": 4, "nb_res": 5}' "1: duplicate key 'nb_res' (first at line 1)"
	bad '{"nb_res": 04}' "1: invalid number '04'"
	bad '{"nb_res": 1e999}' "1: number out of range '1e999'"
	bad '{"nb_res": NaN}' "1: expected a value, not 'N'"
	bad '{"a": "x\qy"}' "1: invalid escape '\\q' in a string"
	bad '["a"] ["b"]' "1: unexpected '[' after the JSON value"
	printf '\n \n' >"$tmp/e.json"
	run hs-gen batsim --platform $PLAT "$tmp/e.json"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: $tmp/e.json: no JSON value (empty input)" ]
}

@test "batsim: bad workloads exit 2 naming the job or profile and its line" {
	bad '[1, 2]' "1: a Batsim workload is a JSON object, not an array"
	bad '{"jobs": [], "profiles": {}}' "1: workload: no 'nb_res'"
	bad '{"nb_res": 0, "jobs": [], "profiles": {}}' "1: workload: nb_res 0 must be a whole number of at least 1"
	bad '{"nb_res": 4, "profiles": {}}' "1: workload: no 'jobs'"
	bad '{"nb_res": 4, "jobs": {}, "profiles": {}}' "1: workload: 'jobs' is an object, not an array"
	bad '{"nb_res": 4, "jobs": [], "profiles": []}' "1: workload: 'profiles' is an array, not an object"
	p='"profiles": {"p": {"type": "delay", "delay": 5}, "seq": {"type": "composed", "seq": ["p"]}}'
	bad "{\"nb_res\": 4, $p,
\"jobs\": [
  {\"id\": \"a\", \"res\": 1, \"profile\": \"p\"}]}" "3: job 'a': no 'subtime'"
	bad "{\"nb_res\": 4, $p, \"jobs\": [
  {\"id\": \"a\", \"subtime\": -5, \"res\": 1, \"profile\": \"p\"}]}" "2: job 'a': subtime -5 is negative"
	bad "{\"nb_res\": 4, $p, \"jobs\": [
  {\"id\": \"a\", \"subtime\": \"5\", \"res\": 1, \"profile\": \"p\"}]}" "2: job 'a': 'subtime' is a string, not a number"
	bad "{\"nb_res\": 4, $p, \"jobs\": [
  {\"id\": \"a\", \"subtime\": 5, \"walltime\": 0, \"res\": 1, \"profile\": \"p\"}]}" "2: job 'a': walltime 0 must be -1 (none) or greater than 0"
	bad "{\"nb_res\": 4, $p, \"jobs\": [
  {\"id\": \"a\", \"subtime\": 5, \"res\": 2.5, \"profile\": \"p\"}]}" "2: job 'a': res 2.5 must be a whole number from 1 to 1000000000"
	bad "{\"nb_res\": 4, $p, \"jobs\": [
  {\"id\": \"a\", \"subtime\": 5, \"res\": 1, \"profile\": \"q\"}]}" "2: job 'a': no profile 'q' in \"profiles\""
	bad "{\"nb_res\": 4, $p, \"jobs\": [
  {\"id\": \"a\", \"subtime\": 5, \"res\": 1, \"profile\": \"seq\"}]}" "2: job 'a': profile 'seq' has type 'composed', which hs cannot replay (it replays delay, parallel and parallel_homogeneous profiles)"
	bad "{\"nb_res\": 4, $p, \"jobs\": [
  {\"id\": \"a\", \"subtime\": 5, \"res\": 1, \"profile\": \"p\"},
  {\"id\": \"a\", \"subtime\": 6, \"res\": 1, \"profile\": \"p\"}]}" "3: job 'a': id already used at line 2"
	bad "{\"nb_res\": 4, $p, \"jobs\": [
  {\"id\": \"a b\", \"subtime\": 5, \"res\": 1, \"profile\": \"p\"}]}" "2: job 'a b': an hs task id cannot be empty or hold blanks, '=' or quotes"
	bad "{\"nb_res\": 4, $p, \"jobs\": [
  {\"id\": 1.5, \"subtime\": 5, \"res\": 1, \"profile\": \"p\"}]}" "2: jobs[0]: 'id' is a fraction, not a string or an integer"
	bad "{\"nb_res\": 4, $p, \"jobs\": [7]}" "1: jobs[0] is a number, not an object"
	bad '{"nb_res": 4, "jobs": [{"id": "a", "subtime": 5, "res": 1, "profile": "p"}],
"profiles": {"p": {"type": "delay", "delay": -1}}}' "2: profile 'p': delay -1 is negative"
	bad '{"nb_res": 4, "jobs": [{"id": "a", "subtime": 5, "res": 2, "profile": "p"}],
"profiles": {"p": {"type": "parallel", "cpu": [1, 1, 1]}}}' "1: job 'a': profile 'p' is for 3 hosts (cpu has 3 values), the job has res 2"
	bad '{"nb_res": 4, "jobs": [{"id": "a", "subtime": 5, "res": 2, "profile": "p"}],
"profiles": {"p": {"type": "parallel", "cpu": [1, 1], "com": [1, 2, 3]}}}' "2: profile 'p': com has 3 values, cpu has 2 (a 2 x 2 matrix has 4)"
	bad '{"nb_res": 4, "jobs": [{"id": "a", "subtime": 5, "res": 2, "profile": "p"}],
"profiles": {"p": {"type": "parallel", "cpu": [1, -1]}}}' "2: profile 'p': cpu[1] -1 is negative"
	bad '{"nb_res": 4, "jobs": [{"id": "a", "subtime": 5, "res": 2, "profile": "p"}],
"profiles": {"p": {"type": "parallel_homogeneous", "cpu": 1}}}' "2: profile 'p': no 'com'"
	bad '{"nb_res": 4, "jobs": [{"id": "a", "subtime": 5, "res": 2, "profile": "p"}],
"profiles": {"p": {"type": "parallel_homogeneous", "cpu": 1, "com": 1, "generation_strategy": "x"}}}' "2: profile 'p': generation_strategy must be \"defined_amount_used_for_each_value\" or \"defined_amount_spread_uniformly\""
	bad '{"nb_res": 4, "jobs": [{"id": "a", "subtime": 5, "res": 2, "profile": "p"}],
"profiles": {"p": {"cpu": 1}}}' "2: profile 'p': no 'type'"
}

@test "batsim: usage errors exit 2" {
	run hs-gen batsim "$tmp/w.json"
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-gen: option --platform is required: the platform the workload is replayed on (a built-in one, a file, or none)" ]
	run hs-gen batsim --platform $PLAT
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-gen: missing workload (a Batsim JSON file; - for stdin)" ]
	run hs-gen batsim --platform $PLAT --release now "$tmp/w.json"
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-gen: option --release: 'now' must be trace, shift or zero" ]
	run hs-gen batsim --platform $PLAT "$tmp/nosuch.json"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: $tmp/nosuch.json: No such file or directory" ]
}
