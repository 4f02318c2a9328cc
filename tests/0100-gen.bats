#!/usr/bin/env bats
# hs-gen: the sleep generator, the built-in platforms, -o FILE, bad arguments.

load helper

setup() {
	tmp=$(mktemp -d)
}

teardown() {
	rm -rf "$tmp"
}

@test "gen: sleep writes Dietze's tasks exactly" {
	run hs-gen sleep -n 3 -x 0.95 --platform none
	[ "$status" -eq 0 ]
	[ "$output" = "hs 1
prov gen tool=hs-gen version=0.1.0 gen=sleep n=3 x=0.95 base=50 scale=1 jitter=0 scope=node platform=none seed=1
task t1 model=overhead T=50 x=0.95
task t2 model=overhead T=50 x=0.95
task t3 model=overhead T=50 x=0.95
end stream records=4 tasks=3 plans=0 runs=0" ]
}

@test "gen: sleep --base --scale --scope --app --cmd" {
	run hs-gen sleep -n 2 -x 1 --base 40 --scale 0.25 --scope cluster --app demo \
		--cmd 'sleep 1' --platform none
	[ "$status" -eq 0 ]
	[ "${lines[2]}" = "task t1 model=overhead T=10 x=1 scope=cluster app=demo cmd='sleep 1'" ]
	[ "${lines[3]}" = "task t2 model=overhead T=10 x=1 scope=cluster app=demo cmd='sleep 1'" ]
	[ "${lines[4]}" = "end stream records=3 tasks=2 plans=0 runs=0" ]
	[ "${#lines[@]}" -eq 5 ]
}

@test "gen: sleep tasks follow the platform records" {
	run hs-gen sleep -n 2 -x 1
	[ "$status" -eq 0 ]
	# Default platform: dietze; order header, prov, platform, cluster/node, task.
	kinds=$(printf '%s\n' "$output" | awk '$1 !~ /^#/ {print $1}' | uniq | tr '\n' ' ')
	[ "$kinds" = "hs prov platform cluster node cluster node cluster node task end " ]
}

@test "gen: --seed makes --jitter reproducible, and other seeds differ" {
	a=$(hs-gen sleep -n 20 -x 0.9 --jitter 0.5 --seed 42 --platform none)
	b=$(hs-gen sleep -n 20 -x 0.9 --jitter 0.5 --seed 42 --platform none)
	c=$(hs-gen sleep -n 20 -x 0.9 --jitter 0.5 --seed 43 --platform none)
	[ "$a" = "$b" ]
	[ "$a" != "$c" ]
	# Every T lies in 50*[0.5, 1.5] and they are not all equal.
	printf '%s\n' "$a" | awk '$1 == "task" { sub("T=", "", $4); t = $4 + 0;
		if (t < 25 || t > 75) bad = 1; seen[t] = 1 }
		END { n = 0; for (k in seen) n++; exit bad || n < 20 }'
	printf '%s\n' "$a" | grep -q '^prov gen .* jitter=0.5 .* seed=42$'
}

@test "gen: platform dietze has the 8 nodes and 92 cores of Table 1" {
	run hs-gen platform dietze
	[ "$status" -eq 0 ]
	total=$(printf '%s\n' "$output" | awk '$1 == "node" { for (i = 3; i <= NF; i++)
		if ($i ~ /^cores=/) { sub("cores=", "", $i); s += $i } } END { print s }')
	[ "$total" -eq 92 ]
	nodes=$(printf '%s\n' "$output" | awk '$1 == "node" { printf "%s ", $2 }')
	[ "$nodes" = "cs1 cs2 sb1 ws1 ws2 ws3 ws4 ws5 " ]
	printf '%s\n' "$output" | grep -q '^node cs1 cluster=cs cores=8 speed=1 '
	printf '%s\n' "$output" | grep -q '^node sb1 cluster=sb cores=16 speed=1.6 '
	printf '%s\n' "$output" | grep -q '^node ws5 cluster=ws cores=12 speed=1.5 '
	! printf '%s\n' "$output" | grep -q '^prov'
}

@test "gen: dietze-cs1 and dietze-cs1-ws1 (Figs. 5 and 6)" {
	run hs-gen platform dietze-cs1
	[ "$(printf '%s\n' "$output" | awk '$1 == "node" { printf "%s ", $2 }')" = "cs1 " ]
	run hs-gen platform dietze-cs1-ws1
	[ "$(printf '%s\n' "$output" | awk '$1 == "node" { printf "%s ", $2 }')" = "cs1 ws1 " ]
	[ "$(printf '%s\n' "$output" | grep -c '^cluster')" -eq 2 ]
}

@test "gen: share/platforms/NAME.hs equal hs-gen platform NAME" {
	# The definitions live in lib/gen/platform.c.  After changing them:
	#   for p in $(bin/hs-gen platform -l | cut -d' ' -f1); do
	#     bin/hs-gen platform "$p" > share/platforms/"$p".hs; done
	names=$(hs-gen platform -l | cut -d' ' -f1)
	[ -n "$names" ]
	for p in $names; do
		[ "$p" = local ] && continue # this machine: differs from host to host
		hs-gen platform "$p" >"$tmp/$p.hs"
		diff -u "$TOP/share/platforms/$p.hs" "$tmp/$p.hs"
	done
}

@test "gen: homogeneous platform from options and from NAME:k=v" {
	run hs-gen platform homogeneous --nodes 5 --cores 4 --speed 2 --gpus 1 --clusters 2
	[ "$status" -eq 0 ]
	[ "$output" = "hs 1
platform homogeneous
cluster c1
node n1 cluster=c1 cores=4 speed=2 gpus=1
node n2 cluster=c1 cores=4 speed=2 gpus=1
cluster c2
node n3 cluster=c2 cores=4 speed=2 gpus=1
node n4 cluster=c2 cores=4 speed=2 gpus=1
node n5 cluster=c2 cores=4 speed=2 gpus=1
end stream records=8 tasks=0 plans=0 runs=0" ]
	b=$(hs-gen platform homogeneous:nodes=5,cores=4,speed=2,gpus=1,clusters=2)
	[ "$output" = "$b" ]
	c=$(hs-gen sleep -n 1 -x 1 --platform homogeneous:nodes=5,cores=4,speed=2,gpus=1,clusters=2 |
		grep -v '^prov' | grep -v '^task' | grep -v '^end')
	[ "$(grep -v '^end' <<<"$output")" = "$c" ]
}

@test "gen: --platform FILE copies the platform records of a file" {
	hs-gen platform dietze-cs1-ws1 >"$tmp/p.hs"
	printf 'task x model=amdahl t1=1 beta=0\n' >>"$tmp/p.hs"
	run hs-gen sleep -n 1 -x 1 --platform "$tmp/p.hs"
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | grep -c '^node')" -eq 2 ]
	! printf '%s\n' "$output" | grep -q '^task x'
	# A relative xml= stays relative to the file it came from (which must
	# exist: the loader reads it).
	mkdir "$tmp/d"
	printf '<platform version="4.1"><zone id="z" routing="Full"><host id="h" speed="1Gf"/></zone></platform>\n' >"$tmp/d/plat.xml"
	printf 'hs 1\nplatform p xml=plat.xml\nnode n1 cores=2\n' >"$tmp/d/q.hs"
	run hs-gen platform "$tmp/d/q.hs"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | grep -qx "platform p xml=$tmp/d/plat.xml"
}

@test "gen: bad numbers exit 2 naming the option" {
	run hs-gen sleep -n abc -x 1
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: option -n: 'abc' is not a number" ]
	run hs-gen sleep -n 0 -x 1
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: option -n: '0' must be between 1 and 1000000" ]
	run hs-gen sleep -n 2.5 -x 1
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: option -n: '2.5' is not an integer" ]
	run hs-gen sleep -n 2 -x 1.5
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: option -x: '1.5' must be between 0 and 1" ]
	run hs-gen sleep -n 2 -x 1 --scale 0
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: option --scale: '0' must be greater than 0" ]
	run hs-gen sleep -n 2 -x 1 --jitter 1
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: option --jitter: '1' must be less than 1" ]
	run hs-gen sleep -n 2 -x 1 --seed -1
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: option --seed: '-1' must be at least 0" ]
}

@test "gen: missing and unknown things exit 2 with the usage line" {
	run hs-gen sleep -x 1
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-gen: option -n is required" ]
	[[ ${lines[1]} == "usage: hs-gen sleep -n N -x X "* ]]
	run hs-gen sleep -n 1
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-gen: option -x is required" ]
	run hs-gen sleep -n 1 -x 1 --scope rack
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-gen: option --scope: 'rack' must be node or cluster" ]
	run hs-gen sleep -n 1 -x 1 extra
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-gen: unexpected argument 'extra'" ]
	run hs-gen nosuch
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-gen: unknown generator 'nosuch' (hs-gen -l lists them)" ]
	[ "${lines[1]}" = "usage: hs-gen [-o FILE] GENERATOR [OPTION]..." ]
	run hs-gen
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-gen: missing generator (hs-gen -l lists them)" ]
}

@test "gen: bad platforms exit 2" {
	run hs-gen sleep -n 1 -x 1 --platform nosuch
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: unknown platform 'nosuch': no such file, and the built-in ones are dietze, dietze-cs1, dietze-cs1-ws1, dutot-homo, dutot-homo-literal, dutot-hetero, homogeneous, local, a100, quadro, k40m (hs-gen platform -l says what they are)" ]
	# A name with a file's extension is a file: missing, it says so, as hs-sim does.
	for args in "sleep -n 1 -x 1 --platform missing.xml" "platform missing.xml" \
		"swf --platform missing.xml $SHARED/data/traces/HPC2N-2002-2.2-cln.first3171.swf"; do
		run hs-gen $args
		[ "$status" -eq 2 ]
		[ "$output" = "hs-gen: missing.xml: No such file or directory" ]
	done
	run hs-gen sleep -n 1 -x 1 --platform missing.hs
	[ "$output" = "hs-gen: missing.hs: No such file or directory" ]
	run hs-gen platform homogenous:speed=1.5
	[[ $output == "hs-gen: unknown platform 'homogenous:speed=1.5': "* ]]
	run hs-gen platform homogeneous:cores=0
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: platform 'homogeneous:cores=0': cores='0' must be an integer between 1 and 1000000" ]
	run hs-gen platform homogeneous:racks=2
	[ "$status" -eq 2 ]
	[[ $output == "hs-gen: platform 'homogeneous:racks=2': unknown parameter 'racks'"* ]]
	run hs-gen platform homogeneous --nodes 2 --clusters 3
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: platform 'homogeneous:nodes=2,clusters=3': clusters=3 is more than nodes=2" ]
	run hs-gen platform dietze --nodes 2
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-gen: --nodes applies to homogeneous only" ]
	run hs-gen platform dietze:x=1
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: platform 'dietze' takes no parameters" ]
	# A file with a bad record: named with its line; one without nodes.
	printf 'hs 1\nnode n1 cores=zero\n' >"$tmp/bad.hs"
	run hs-gen sleep -n 1 -x 1 --platform "$tmp/bad.hs"
	[ "$status" -eq 2 ]
	[[ $output == "hs-gen: $tmp/bad.hs:2: "* ]]
	printf 'hs 1\ntask t model=amdahl t1=1 beta=0\n' >"$tmp/nonodes.hs"
	run hs-gen sleep -n 1 -x 1 --platform "$tmp/nonodes.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: $tmp/nonodes.hs: no node records: not a platform" ]
}

@test "gen: -o FILE before or after the generator writes the same stream" {
	hs-gen sleep -n 4 -x 0.95 >"$tmp/stdout.hs"
	hs-gen -o "$tmp/a.hs" sleep -n 4 -x 0.95
	hs-gen sleep -n 4 -x 0.95 -o "$tmp/b.hs"
	hs-gen sleep --output="$tmp/c.hs" -n 4 -x 0.95
	cmp "$tmp/stdout.hs" "$tmp/a.hs"
	cmp "$tmp/stdout.hs" "$tmp/b.hs"
	cmp "$tmp/stdout.hs" "$tmp/c.hs"
}

@test "gen: -o FILE is atomic: an error leaves no file and keeps an old one" {
	mkdir "$tmp/out"
	run hs-gen sleep -n abc -x 1 -o "$tmp/out/x.hs"
	[ "$status" -eq 2 ]
	[ -z "$(ls -A "$tmp/out")" ]
	run hs-gen sleep -n 1 -x 1 --platform nosuch -o "$tmp/out/x.hs"
	[ "$status" -eq 2 ]
	[ -z "$(ls -A "$tmp/out")" ]
	echo old >"$tmp/out/x.hs"
	run hs-gen sleep -n 1 -x 1 --platform nosuch -o "$tmp/out/x.hs"
	[ "$status" -eq 2 ]
	[ "$(cat "$tmp/out/x.hs")" = old ]
	[ "$(ls -A "$tmp/out")" = x.hs ]
	# An unwritable place: exit 1, nothing left behind.
	run hs-gen sleep -n 1 -x 1 -o "$tmp/nodir/x.hs"
	[ "$status" -eq 1 ]
	[ ! -e "$tmp/nodir" ]
}

@test "gen: -l and --help list the generators; platform -l lists platforms" {
	run hs-gen -l
	[ "$status" -eq 0 ]
	[[ ${lines[0]} == "sleep "* ]]
	[[ ${lines[1]} == "platform "* ]]
	run hs-gen --help
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | grep -q '^generators:$'
	printf '%s\n' "$output" | grep -q '^  sleep  *Dietze'
	run hs-gen platform -l
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | cut -d' ' -f1 | tr '\n' ' ')" = "dietze dietze-cs1 dietze-cs1-ws1 dutot-homo dutot-homo-literal dutot-hetero homogeneous local a100 quadro k40m " ]
}

@test "gen: the generated instance loads in the other tools" {
	# hs-sim rejects it only for the missing plan, not for its records.
	run bash -c 'hs-gen sleep -n 24 -x 0.95 | hs-sim'
	[ "$status" -eq 2 ]
	[ "$output" = "hs-sim: stdin: no plan records (run hs-plan first, or schedule online: hs-sim -a ALGO)" ]
}

@test "gen: platform local is this machine: its CPUs (affinity mask) and GPUs" {
	run hs-gen platform local
	echo "$output"
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "hs 1" ]
	grep -qx 'platform local' <<<"$output"
	grep -qx 'cluster local' <<<"$output"
	ncpu=$(nproc)
	grep -q "^node local cluster=local cores=$ncpu host=" <<<"$output"
	HS_LOCAL_GPUS=2 run hs-gen platform local
	grep -q "^node local cluster=local cores=$ncpu gpus=2 host=" <<<"$output"
	# Under taskset: only the CPUs hs-gen may use.
	if command -v taskset >/dev/null && [ "$ncpu" -ge 2 ]; then
		run taskset -c 1 hs-gen platform local
		grep -q "^node local cluster=local cores=1 host=" <<<"$output"
	fi
	# What it describes, hs-exec runs.
	hs-gen sleep -n 2 -x 1 --scale 0.002 --platform local --cmd 'sleep $HS_TIME' |
		hs-plan -a taskp-ef | hs-exec -L "$tmp/logs" >"$tmp/obs.hs"
	[ "$(grep -c '^run .*state=done' "$tmp/obs.hs")" -eq 2 ]
}
