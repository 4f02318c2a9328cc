#!/usr/bin/env bats
# hs-sim --link-stats: what each link carried (peak utilisation, seconds
# saturated and busy, bytes), hand-computed; with an online algorithm; bad
# use.

load helper

setup() {
	tmp=$(mktemp -d)
	# Two transfers of 300 B into node b share its link of 100 B/s (50 B/s
	# each, 6 s); a's and d's links carry 50 B/s.
	cat >"$tmp/share.hs" <<-'EOF'
	hs 1
	cluster c bw=100
	node a cluster=c cores=1 speed=1 flops=10
	node b cluster=c cores=2 speed=1 flops=10
	node d cluster=c cores=1 speed=1 flops=10
	task t model=amdahl t1=1 scope=cluster comp=0,0 comm=0,300,0,0
	task u model=amdahl t1=1 scope=cluster comp=0,0 comm=0,300,0,0
	task c model=amdahl t1=1 comp=30
	plan t node=a,b cores=0/0 start=0 end=1
	plan u node=d,b cores=0/1 start=0 end=1
	plan c node=a cores=0 start=1 end=2 after=t
	EOF
	# Two transfers a->b and d->e, no host in common, through a switch of
	# 150 B/s: 75 B/s each, 4 s; the switch is the bottleneck.
	cat >"$tmp/switch.hs" <<-'EOF'
	hs 1
	cluster c bw=100 sharing=splitduplex bb_bw=150
	node a cluster=c cores=1 speed=1 flops=10
	node b cluster=c cores=1 speed=1 flops=10
	node d cluster=c cores=1 speed=1 flops=10
	node e cluster=c cores=1 speed=1 flops=10
	task t model=amdahl t1=1 scope=cluster comp=0,0 comm=0,300,0,0
	task u model=amdahl t1=1 scope=cluster comp=0,0 comm=0,300,0,0
	plan t node=a,b cores=0/0 start=0 end=1
	plan u node=d,e cores=0/0 start=0 end=1
	EOF
}

teardown() {
	rm -rf "$tmp"
}

@test "sim-links: a host link shared by two flows is saturated while they run" {
	run hs-sim --link-stats "$tmp/l.tsv" "$tmp/share.hs"
	[ "$status" -eq 0 ]
	printf 'link\tbw\tpeak\tsaturated_s\tbusy_s\tbytes\na_link\t100\t0.5\t0\t6\t300\nb_link\t100\t1\t6\t6\t600\nd_link\t100\t0.5\t0\t6\t300\n' >"$tmp/want"
	diff "$tmp/want" "$tmp/l.tsv"
	# the run itself is unchanged by the measure
	run hs-sim "$tmp/share.hs"
	[ "$(printf '%s\n' "$output" | grep '^run t ')" = "run t node=a,b cores=0/0 start=0 end=6 state=done energy=0" ]
}

@test "sim-links: a switch slower than the host links is the bottleneck" {
	run hs-sim --link-stats "$tmp/l.tsv" "$tmp/switch.hs"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | grep -qx 'run t node=a,b cores=0/0 start=0 end=4 state=done energy=0'
	grep -qx "$(printf 'c_backbone\t150\t1\t4\t4\t600')" "$tmp/l.tsv"
	grep -qx "$(printf 'a_link_UP\t100\t0.75\t0\t4\t300')" "$tmp/l.tsv"
	grep -qx "$(printf 'a_link_DOWN\t100\t0\t0\t0\t0')" "$tmp/l.tsv"
	grep -qx "$(printf 'e_link_DOWN\t100\t0.75\t0\t4\t300')" "$tmp/l.tsv"
	[ "$(wc -l <"$tmp/l.tsv")" -eq 10 ]
}

@test "sim-links: with an online algorithm, every link of the platform, none overfull" {
	hs-gen ptask -n 20 --lt 1h --ut 4h --fcomm 1e7 --scope any --platform dutot-homo-literal --seed 3 >"$tmp/jobs.hs"
	run hs-sim -a conservative -o variant=basic --link-stats "$tmp/l.tsv" "$tmp/jobs.hs"
	[ "$status" -eq 0 ]
	# 128 hosts x 2 halves, 8 switches, the backbone
	[ "$(wc -l <"$tmp/l.tsv")" -eq $((1 + 256 + 8 + 1)) ]
	awk -F'\t' 'NR > 1 && ($3 < 0 || $3 > 1 + 1e-9 || $4 > $5 + 1e-6 || $6 < 0) { bad++ } END { exit bad > 0 }' "$tmp/l.tsv"
	awk -F'\t' 'NR > 1 { s += $6 } END { exit !(s > 0) }' "$tmp/l.tsv"
	# on dutot-homo-literal a switch carries at most 32 host links of 1.25e6 B/s
	awk -F'\t' '$1 ~ /backbone/ && $3 > 32 * 1.25e6 / 1.25e9 + 1e-12 { bad++ } END { exit bad > 0 }' "$tmp/l.tsv"
}

@test "sim-links: bad use: with --model replay, an unwritable file" {
	run hs-sim --model replay --link-stats "$tmp/l.tsv" "$tmp/share.hs"
	[ "$status" -eq 2 ]
	[[ "$output" == *"hs-sim: --link-stats measures the flow model: not with --model replay"* ]]
	[ ! -e "$tmp/l.tsv" ]
	run hs-sim --link-stats "$tmp/no/such/dir/l.tsv" "$tmp/share.hs"
	[ "$status" -eq 1 ]
	[[ "$output" == *"hs-sim: $tmp/no/such/dir/l.tsv: cannot create temporary file"* ]]
	run hs-sim --link-stats
	[ "$status" -eq 2 ]
}
