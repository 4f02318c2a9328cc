#!/usr/bin/env bats
# hs-gen platform dutot-homo and dutot-hetero: Dutot, Poquet, Trystram
# §5.3, §5.4 and Table 1; their options and bad arguments.

load helper

setup() {
	tmp=$(mktemp -d)
}

teardown() {
	rm -rf "$tmp"
}

# types: the Table 1 type of each cluster of $output, in order.
types() {
	printf '%s\n' "$output" | awk '$1 == "cluster" { for (i = 3; i <= NF; i++)
		if ($i ~ /^type=/) printf "%s ", substr($i, 6) }'
}

@test "dutot: homo is 8 clusters of 16 one-core hosts with Griffon's links, literal with the printed ones" {
	run hs-gen platform dutot-homo-literal
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | sed -n '5,7p')" = "platform dutot-homo-literal ref_flops=286097 backbone_bw=1250000000 backbone_lat=2.4e-08
cluster c1 bw=1250000 lat=2.4e-08 sharing=splitduplex bb_bw=1250000000 bb_lat=0
node n1 cluster=c1 cores=1 speed=1" ]
	[ "$(printf '%s\n' "$output" | grep -c '^cluster c[1-8] bw=1250000 lat=2.4e-08 sharing=splitduplex bb_bw=1250000000 bb_lat=0$')" -eq 8 ]
	run hs-gen platform dutot-homo
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | sed -n '5,7p')" = "platform dutot-homo ref_flops=286097 backbone_bw=1250000000 backbone_lat=2.4e-05
cluster c1 bw=125000000 lat=2.4e-05 sharing=splitduplex bb_bw=1250000000 bb_lat=0
node n1 cluster=c1 cores=1 speed=1" ]
	[ "$(printf '%s\n' "$output" | grep -c '^cluster c[1-8] bw=125000000 lat=2.4e-05 sharing=splitduplex bb_bw=1250000000 bb_lat=0$')" -eq 8 ]
	[ "$(printf '%s\n' "$output" | grep -c '^node n[0-9]* cluster=c[1-8] cores=1 speed=1$')" -eq 128 ]
	# Hosts are numbered across clusters: n17 opens c2, n128 closes c8.
	printf '%s\n' "$output" | grep -qx 'node n17 cluster=c2 cores=1 speed=1'
	[ "$(printf "%s\n" "$output" | tail -2 | head -1)" = "node n128 cluster=c8 cores=1 speed=1" ]
	! printf '%s\n' "$output" | grep -q '^prov'
}

@test "dutot: hetero follows Table 1: switch and speed factors of the base cluster" {
	run hs-gen platform dutot-hetero
	[ "$status" -eq 0 ]
	[ "$(types)" = "c1 c1 c1 c2 c2 c2 c3 c3 " ]
	printf '%s\n' "$output" | grep -qx 'cluster c1 bw=1250000000 lat=2.4e-08 sharing=splitduplex bb_bw=2500000000 bb_lat=0 type=c1'
	printf '%s\n' "$output" | grep -qx 'cluster c4 bw=1250000000 lat=2.4e-08 sharing=splitduplex bb_bw=5000000000 bb_lat=0 type=c2'
	printf '%s\n' "$output" | grep -qx 'cluster c8 bw=1250000000 lat=2.4e-08 sharing=splitduplex bb_bw=1250000000 bb_lat=0 type=c3'
	printf '%s\n' "$output" | grep -qx 'node n1 cluster=c1 cores=1 speed=1'
	printf '%s\n' "$output" | grep -qx 'node n49 cluster=c4 cores=1 speed=2.02'
	printf '%s\n' "$output" | grep -qx 'node n128 cluster=c8 cores=1 speed=2.94'
	printf '%s\n' "$output" | grep -q '^platform dutot-hetero ref_flops=286097 backbone_bw=1250000000 backbone_lat=2.4e-08$'
	[ "$(printf '%s\n' "$output" | grep -c '^node ')" -eq 128 ]
	run hs-gen platform dutot-hetero --set low
	[ "$(types)" = "c4 c4 c4 c5 c5 c5 c6 c6 " ]
	printf '%s\n' "$output" | grep -qx 'cluster c4 bw=1250000000 lat=2.4e-08 sharing=splitduplex bb_bw=2500000000 bb_lat=0 type=c5'
	printf '%s\n' "$output" | grep -qx 'node n1 cluster=c1 cores=1 speed=1.24'
	printf '%s\n' "$output" | grep -qx 'node n49 cluster=c4 cores=1 speed=1.61'
	printf '%s\n' "$output" | grep -qx 'node n128 cluster=c8 cores=1 speed=1.72'
}

@test "dutot: orders o1-o4 (o1 ascending, o2 its reverse), and explicit ones" {
	for o in "o1:c1 c1 c1 c2 c2 c2 c3 c3 " "o2:c3 c3 c2 c2 c2 c1 c1 c1 " \
		"o3:c1 c2 c2 c3 c3 c2 c1 c1 " "o4:c3 c1 c2 c3 c1 c2 c1 c2 " "c2-c6-c1:c2 c6 c1 "; do
		run hs-gen platform dutot-hetero --order "${o%%:*}"
		[ "$status" -eq 0 ]
		[ "$(types)" = "${o#*:}" ]
	done
	run hs-gen platform dutot-hetero:order=o3,set=low
	[ "$(types)" = "c4 c5 c5 c6 c6 c5 c4 c4 " ]
	b=$(hs-gen platform dutot-hetero --order o3 --set low)
	[ "$output" = "$b" ]
	[ "$(printf '%s\n' "$output" | grep -c '^cluster')" -eq 8 ]
}

@test "dutot: every parameter has an option, the same as NAME:key=value" {
	run hs-gen platform dutot-homo --clusters 2 --hosts 3 --cores 4 --flops 1e6 --bw 10 --lat 1 \
		--switch-bw 20 --switch-lat 2 --backbone-bw 30 --backbone-lat 3 --sharing shared \
		--cpu-busy 12 --cpu-idle 4
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | grep -v '^#')" = "hs 1
platform dutot-homo ref_flops=1000000 backbone_bw=30 backbone_lat=3
cluster c1 bw=10 lat=1 bb_bw=20 bb_lat=2
node n1 cluster=c1 cores=4 speed=1 cpu_busy=12 cpu_idle=4
node n2 cluster=c1 cores=4 speed=1 cpu_busy=12 cpu_idle=4
node n3 cluster=c1 cores=4 speed=1 cpu_busy=12 cpu_idle=4
cluster c2 bw=10 lat=1 bb_bw=20 bb_lat=2
node n4 cluster=c2 cores=4 speed=1 cpu_busy=12 cpu_idle=4
node n5 cluster=c2 cores=4 speed=1 cpu_busy=12 cpu_idle=4
node n6 cluster=c2 cores=4 speed=1 cpu_busy=12 cpu_idle=4
end stream records=9 tasks=0 plans=0 runs=0" ]
	b=$(hs-gen platform dutot-homo:clusters=2,hosts=3,cores=4,flops=1e6,bw=10,lat=1,switch_bw=20,switch_lat=2,backbone_bw=30,backbone_lat=3,sharing=shared,cpu_busy=12,cpu_idle=4)
	[ "$output" = "$b" ]
	# Switch factors multiply --switch-bw; fatpipe host links.
	run hs-gen platform dutot-hetero --order c2 --switch-bw 100 --sharing fatpipe --hosts 1
	printf '%s\n' "$output" | grep -qx 'cluster c1 bw=1250000000 lat=2.4e-08 sharing=fatpipe bb_bw=400 bb_lat=0 type=c2'
}

@test "dutot: the platforms feed generators, the planner and the network" {
	run hs-gen sleep -n 3 -x 1 --platform dutot-hetero:order=o4,set=low
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | grep -c '^node ')" -eq 128 ]
	printf '%s\n' "$output" | hs-plan -a taskp-ef >/dev/null
	# hs-gen platform FILE builds the network of the file it copies.
	hs-gen platform dutot-homo >"$tmp/p.hs"
	run hs-gen platform "$tmp/p.hs"
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | grep -c '^node ')" -eq 128 ]
}

@test "dutot: bad parameters exit 2 naming them" {
	run hs-gen platform dutot-homo --order o1
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-gen: --order applies to dutot-hetero only" ]
	run hs-gen platform dutot-hetero --clusters 4
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-gen: --clusters applies to homogeneous and dutot-homo only" ]
	run hs-gen platform dutot-hetero --order o5
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: platform 'dutot-hetero:order=o5': order='o5' must be o1, o2, o3, o4 or Table 1 clusters joined by '-' (c1-c2-c3)" ]
	run hs-gen platform dutot-hetero:order=c1-c7
	[ "$status" -eq 2 ]
	run hs-gen platform dutot-hetero --set medium
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: platform 'dutot-hetero:set=medium': set='medium' must be high or low" ]
	run hs-gen platform dutot-homo --sharing half
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: platform 'dutot-homo:sharing=half': sharing='half' must be shared, fatpipe or splitduplex" ]
	run hs-gen platform dutot-homo --hosts 0
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-gen: option --hosts: '0' must be between 1 and 100000" ]
	run hs-gen platform dutot-homo --bw 0
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-gen: option --bw: '0' must be greater than 0" ]
	run hs-gen platform dutot-homo:bw=-1
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: platform 'dutot-homo:bw=-1': bw='-1' must be a number greater than 0" ]
	run hs-gen platform dutot-homo:racks=2
	[ "$status" -eq 2 ]
	[[ $output == "hs-gen: platform 'dutot-homo:racks=2': unknown parameter 'racks'"* ]]
	run hs-gen platform dutot-homo --order 'a,b'
	[ "$status" -eq 2 ]
}
