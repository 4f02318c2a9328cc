#!/usr/bin/env bats
# The limits on one input (hs/limits.h, hs-format(5) LIMITS): a line, a
# file, the nodes and cores of a platform; HS_LIMITS; memory proportional
# to what a stream keeps (issue 12, point 8); numbers out of range and
# compressed SimGrid files (point 10).

load helper

setup() {
	tmp=$(mktemp -d)
}

teardown() {
	rm -rf "$tmp"
}

# Virtual memory caps do not work under AddressSanitizer (its shadow
# memory is terabytes of address space).
no_asan() {
	case $HS_BUILD in *build-asan*) skip "ulimit -v does not apply under ASan" ;; esac
}

@test "limits: a line longer than the line limit: file, line, limit, exit 2" {
	{ echo 'hs 1'; echo 'node n cores=1'; printf 'task t model=rigid size=1 time=1 cmd=%02000d\n' 0; } >"$tmp/l.hs"
	HS_LIMITS=line=1K run hs-plan -a taskp "$tmp/l.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-plan: $tmp/l.hs:3: line longer than the limit of 1024 bytes (line=1K; HS_LIMITS raises it)" ]
	HS_LIMITS=line=4K run hs-plan -a taskp "$tmp/l.hs"
	[ "$status" -eq 0 ]
	# A line with no newline before the end of the input is a line too.
	HS_LIMITS=line=1K run_stdin "$(printf 'hs 1\n# %02000d' 0)" hs-sim
	[ "$status" -eq 2 ]
	[ "$output" = "hs-sim: stdin:2: line longer than the limit of 1024 bytes (line=1K; HS_LIMITS raises it)" ]
}

@test "limits: a 10 000-byte id is cut in messages, the reason after it kept" {
	id=$(printf 'x%.0s' $(seq 10000))
	cut="xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx[...9920 bytes...]xxxxxxxxxxxxxxxx"
	{ echo 'hs 1'; echo 'node n cores=1'; echo "task $id model=amdhal time=1"; } >"$tmp/m.hs"
	run hs-sim "$tmp/m.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-sim: $tmp/m.hs:3: task $cut: unknown model 'amdhal'" ]
	{ echo 'hs 1'; echo 'node n cores=1'; echo "task $id model=rigid size=1 time=1"
	  echo "task $id model=rigid size=1 time=1"; } >"$tmp/d.hs"
	run hs-plan -a taskp "$tmp/d.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-plan: $tmp/d.hs:4: duplicate task id '${cut:0:63}[...9922 bytes...]${cut: -15}' (first at line 3)" ]
	{ echo 'hs 1'; echo 'node n cores=1'; echo "task a model=rigid size=1 time=1"
	  echo "plan $id node=n cores=0 start=0 end=1"; } >"$tmp/p.hs"
	run hs-sim "$tmp/p.hs"
	[ "$status" -eq 2 ]
	[[ $output == *"[...9921 bytes...]xxxxxxxxxxxxxxx: unknown task"* ]]
}

@test "limits: an input larger than the file limit, compressed or not" {
	{ echo 'hs 1'; for i in $(seq 200); do echo "# comment line $i of a long header"; done; } >"$tmp/f.hs"
	HS_LIMITS=file=4K run hs-report "$tmp/f.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-report: $tmp/f.hs: input larger than the limit of 4096 bytes (file=4K; HS_LIMITS raises it)" ]
	# A gzip bomb: 20 MB of newlines in 20 KB; the limit counts what comes
	# out of the decompressor.
	{ echo 'hs 1'; head -c 20000000 /dev/zero | tr '\0' '\n'; } | gzip -c >"$tmp/bomb.hs.gz"
	[ "$(wc -c <"$tmp/bomb.hs.gz")" -lt 100000 ]
	HS_LIMITS=file=1M run hs-plan -a taskp "$tmp/bomb.hs.gz"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-plan: $tmp/bomb.hs.gz: input larger than the limit of 1048576 bytes (file=1M, after decompression; HS_LIMITS raises it)" ]
}

@test "limits: blank lines and comments cost their bytes, not a record each" {
	no_asan
	# 10 MB of blank lines once took 869 MB; 20 MB of newlines from a
	# gzip bomb, likewise.  Both now fit in 200 MB of address space.
	{ echo 'hs 1'; head -c 10000000 /dev/zero | tr '\0' '\n'; echo 'node n cores=1'
	  echo 'task t model=rigid size=1 time=1'; } >"$tmp/blank.hs"
	run bash -c "ulimit -v 200000; hs-plan -a taskp '$tmp/blank.hs' | tail -2"
	[ "$status" -eq 0 ]
	[ "$output" = "$(printf 'plan t node=n cores=0 start=0 end=1\nend stream records=4 tasks=1 plans=1 runs=0')" ]
	{ echo 'hs 1'; head -c 20000000 /dev/zero | tr '\0' '\n'; echo 'node n cores=1'; } | gzip -c >"$tmp/bomb.hs.gz"
	run bash -c "ulimit -v 200000; hs-sim '$tmp/bomb.hs.gz'"
	[ "$status" -eq 2 ]
	[[ "$output" == "hs-sim: $tmp/bomb.hs.gz: no plan records (run hs-plan first"* ]]
	yes "#" | head -n 100000 >"$tmp/hash"
	{ echo 'hs 1'; cat "$tmp/hash" "$tmp/hash" "$tmp/hash"; echo 'node n cores=1'; } >"$tmp/c.hs"
	run bash -c "ulimit -v 200000; hs-gen platform '$tmp/c.hs' | wc -l"
	[ "$status" -eq 0 ]
}

@test "limits: an SWF trace's comment lines are not kept" {
	no_asan
	# Two million comment lines (100 MB; the SWF reader kept every one:
	# 4.6 MB of gzip took 6.3 GB) around one job, in 200 MB of address space.
	{ echo '; Version: 2.2'
	  yes '; Note: a comment line that the reader skips, long enough to matter' | head -n 1000000
	  echo '1 0 0 10 1 -1 -1 1 20 -1 1 1 1 1 1 -1 -1 -1'
	  yes ';' | head -n 1000000; } | gzip -c >"$tmp/c.swf.gz"
	run bash -c "ulimit -v 200000; hs-gen swf -q --platform dietze '$tmp/c.swf.gz' | grep '^task'"
	[ "$status" -eq 0 ]
	[ "$output" = "task j1 model=rigid size=1 time=10 walltime=20 swf_id=1" ]
	run bash -c "ulimit -v 200000; zcat '$tmp/c.swf.gz' | hs-gen ptask --swf - -n 1 --lt 1 --platform dietze | grep -c '^task'"
	[ "$status" -eq 0 ]
	[ "$output" = 1 ]
}

@test "limits: the comments and blank lines come back byte for byte" {
	printf '\n# a\n\n  \nhs 1\n\n\n# b\n\t# c\nnode n cores=1\n\n# d\n' >"$tmp/k.hs"
	run hs-gen platform "$tmp/k.hs"
	[ "$status" -eq 0 ]
	printf 'hs 1\nnode n cores=1\ntask t model=rigid size=1 time=1\n\n\n# x\n\n' >"$tmp/p.hs"
	run hs-plan -a taskp "$tmp/p.hs"
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | grep -v '^prov')" = "$(printf 'hs 1\nnode n cores=1\ntask t model=rigid size=1 time=1\n\n\n# x\n\nplan t node=n cores=0 start=0 end=1\nend stream records=4 tasks=1 plans=1 runs=0')" ]
}

@test "limits: xml=/dev/zero fails at its first bytes" {
	printf 'hs 1\nplatform p xml=/dev/zero\ntask t model=rigid size=1 time=1\n' >"$tmp/z.hs"
	run hs-plan -a taskp "$tmp/z.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-plan: /dev/zero:1: malformed XML: Document is empty" ]
	run hs-gen platform /dev/zero
	[ "$status" -eq 2 ]
	# A large XML comment is no exception to the file limit.
	{ printf '<?xml version="1.0"?>\n<platform version="4.1"><!--'; head -c 3000000 /dev/zero | tr '\0' a
	  printf -- '--></platform>\n'; } >"$tmp/c.xml"
	HS_LIMITS=file=1M run hs-gen platform "$tmp/c.xml"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: $tmp/c.xml: input larger than the limit of 1048576 bytes (file=1M; HS_LIMITS raises it)" ]
}

@test "limits: a 1 KB SimGrid file of 8 clusters of a million hosts is refused at once" {
	{
		printf '<?xml version="1.0"?>\n<platform version="4.1"><zone id="z" routing="Full">\n'
		for c in a b c d e f g h; do
			printf '<cluster id="%s" prefix="%s" suffix="" radical="0-999999" speed="1Gf" bw="1GBps" lat="1us"/>\n' $c $c
		done
		printf '</zone></platform>\n'
	} >"$tmp/big.xml"
	[ "$(wc -c <"$tmp/big.xml")" -lt 1200 ]
	run hs-gen platform "$tmp/big.xml"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: $tmp/big.xml:4: <cluster>: the platform has more hosts than the limit of 1048576 (nodes=1M; HS_LIMITS raises it)" ]
	printf 'hs 1\nplatform p xml=big.xml\n' >"$tmp/s.hs"
	run hs-sim "$tmp/s.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-sim: $tmp/big.xml:4: <cluster>: the platform has more hosts than the limit of 1048576 (nodes=1M; HS_LIMITS raises it)" ]
	# Cores count too: two clusters of 1000 hosts of 10000 cores.
	sed -e 's/radical="0-999999"/radical="0-999" core="10000"/' "$tmp/big.xml" >"$tmp/cores.xml"
	run hs-gen platform "$tmp/cores.xml"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: $tmp/cores.xml:4: <cluster>: the platform has more cores than the limit of 16777216 (cores=16M; HS_LIMITS raises it)" ]
	HS_LIMITS=nodes=2K,cores=none run hs-gen platform "$tmp/cores.xml"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: $tmp/cores.xml:5: <cluster>: the platform has more hosts than the limit of 2048 (nodes=2K; HS_LIMITS raises it)" ]
}

@test "limits: nodes and cores of an hs platform" {
	printf 'hs 1\nnode a cores=10000000\nnode b cores=10000000\ntask t model=rigid size=1 time=1\n' >"$tmp/c.hs"
	run hs-plan -a taskp "$tmp/c.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-plan: $tmp/c.hs:3: node b: the platform has more cores than the limit of 16777216 (cores=16M; HS_LIMITS raises it)" ]
	# No limit: still no int overflow of the total.
	printf 'hs 1\nnode a cores=2000000000 gpus=1\nnode b cores=2000000000\n' >"$tmp/o.hs"
	HS_LIMITS=cores=none run hs-sim "$tmp/o.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-sim: $tmp/o.hs:3: node b: the platform has more cores than the limit of 2147483647" ]
	printf 'hs 1\nnode a cores=1\nnode b cores=1\nnode c cores=1\n' >"$tmp/n.hs"
	HS_LIMITS=nodes=2 run hs-gen platform "$tmp/n.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: $tmp/n.hs:4: node c: the platform has more nodes than the limit of 2 (nodes=2; HS_LIMITS raises it)" ]
	HS_LIMITS=nodes=3 run hs-gen platform "$tmp/n.hs"
	[ "$status" -eq 0 ]
}

@test "limits: HS_LIMITS is checked" {
	for bad in line=0 line=x nodes=1Q bytes=3 'line=1M,,file=1G' line; do
		HS_LIMITS=$bad run_stdin 'hs 1' hs-sim
		[ "$status" -eq 2 ]
		[[ "$output" == "hs-sim: HS_LIMITS: '"*"' is not LIMIT=SIZE with LIMIT one of line, file, nodes, cores and SIZE a positive number with K, M, G or T, or none" ]]
	done
	printf 'hs 1\nnode n cores=1\n' >"$tmp/ok.hs"
	HS_LIMITS=line=none,file=2G,nodes=10,cores=1T run hs-gen platform "$tmp/ok.hs"
	[ "$status" -eq 0 ]
}

@test "numbers: out of range is said so, not 'must be a number'" {
	printf 'hs 1\nnode n cores=1\ntask a model=rigid size=1 time=1 release=1e999\ntask b model=rigid size=1 time=1e-400\ntask c model=table times=1,-1e400\ntask d model=rigid size=1 time=1 walltime=1e400\n' >"$tmp/n.hs"
	run hs-plan -a taskp "$tmp/n.hs"
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-plan: $tmp/n.hs:3: task a: release '1e999' is out of range (a number's magnitude must be below 1.8e308)" ]
	[ "${lines[1]}" = "hs-plan: $tmp/n.hs:4: task b: time '1e-400' is out of range (a non-zero number's magnitude must be at least 4.9e-324; write 0 for zero)" ]
	[ "${lines[2]}" = "hs-plan: $tmp/n.hs:5: task c: times: '-1e400' is out of range (a number's magnitude must be below 1.8e308)" ]
	[ "${lines[3]}" = "hs-plan: $tmp/n.hs:6: task d: walltime '1e400' is out of range (a number's magnitude must be below 1.8e308)" ]
	# Subnormal numbers are numbers; so is 0e-400.
	printf 'hs 1\nnode n cores=1\ntask a model=rigid size=1 time=4.9e-324 release=0e-400\n' >"$tmp/s.hs"
	run hs-plan -a taskp "$tmp/s.hs"
	[ "$status" -eq 0 ]
	run hs-sim --tcp-gamma 1e999
	[ "$status" -eq 2 ]
	[ "$output" = "hs-sim: option --tcp-gamma: '1e999' is out of range (a number's magnitude must be below 1.8e308)" ]
	run_stdin "$(printf 'hs 1\nnode n cores=1\ntask a model=rigid size=1 time=1')" hs-plan -a threshold -o alpha=1e-999
	[ "$status" -eq 2 ]
	[ "$output" = "hs-plan: threshold: option alpha: '1e-999' is out of range (a non-zero number's magnitude must be at least 4.9e-324; write 0 for zero)" ]
	printf 'hs 1\nnode n cores=1\nlink l bw=1e999\n' >"$tmp/l.hs"
	run hs-gen platform "$tmp/l.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: $tmp/l.hs:3: link l: bw '1e999' is out of range (a number's magnitude must be below 1.8e308)" ]
}

@test "simgrid: a compressed SimGrid file reads as the plain one" {
	gzip -c "$TOP/share/platforms/griffon.xml" >"$tmp/g.xml.gz"
	xz -c "$TOP/share/platforms/griffon.xml" >"$tmp/g.xml.xz"
	hs-gen platform "$TOP/share/platforms/griffon.xml" | grep -vE '^(#|platform)' >"$tmp/plain"
	[ "$(grep -c '^node ' "$tmp/plain")" -gt 10 ]
	for f in g.xml.gz g.xml.xz; do
		run hs-gen platform "$tmp/$f"
		[ "$status" -eq 0 ]
		[ "$(printf '%s\n' "$output" | grep -vE '^(#|platform)')" = "$(cat "$tmp/plain")" ]
	done
	printf 'hs 1\nplatform p xml=g.xml.gz\ntask t model=rigid size=1 time=1\n' >"$tmp/s.hs"
	run hs-plan -a taskp "$tmp/s.hs"
	[ "$status" -eq 0 ]
	[[ "$output" == *"plan t node="* ]]
	run hs-sim --platform "$tmp/g.xml.xz" <(hs-plan -a taskp "$tmp/s.hs")
	[ "$status" -eq 0 ]
	[[ "$output" == *"run t node="* ]]
}
