#!/usr/bin/env bats
# hs-report's inputs and archives: compressed streams, truncated and
# foreign files, --bundle (listed with tar, written atomically).

load helper

setup() {
	tmp=$(mktemp -d)
	cd "$tmp"
	printf '%s\n' 'hs 1' 'prov gen tool=hs-gen gen=sleep n=2 seed=1' 'prov plan tool=hs-plan algo=byhand' \
		'node n1 cores=2' 'task a model=amdahl t1=10 beta=0' 'task b model=amdahl t1=4 beta=0' \
		'plan a node=n1 cores=0-1 start=0 end=5' \
		'plan b node=n1 cores=0 start=5 end=9 after=a' 'end stream records=7 tasks=2 plans=2 runs=0' >tiny.hs
}

teardown() {
	cd /
	rm -rf "$tmp"
}

# body FILE...: hs-report -f tsv without its header line (which names the file).
body() {
	hs-report -f tsv "$@" | tail -n +2
}

@test "io: gzip, bzip2, xz and zstd inputs give the report of the plain file" {
	want=$(body tiny.hs)
	[ -n "$want" ]
	for z in gzip bzip2 xz zstd; do
		command -v $z >/dev/null || skip "no $z"
	done
	gzip -c tiny.hs >t.hs.gz
	bzip2 -c tiny.hs >t.hs.bz2
	xz -c tiny.hs >t.hs.xz
	zstd -q -c tiny.hs >t.hs.zst
	for f in t.hs.gz t.hs.bz2 t.hs.xz t.hs.zst; do
		[ "$(body $f)" = "$want" ]
	done
	# from the content, not the name; on standard input too
	cp t.hs.xz plain-name.hs
	[ "$(body plain-name.hs)" = "$want" ]
	[ "$(hs-report -f tsv <t.hs.zst | tail -n +2)" = "$want" ]
	# every tool reads them through the same library function
	hs-gen sleep -n 4 -x 0.9 | xz -c >inst.hs.xz
	hs-plan -a taskp inst.hs.xz | zstd -q -c >plan.hs.zst
	hs-sim <plan.hs.zst | bzip2 -c >run.hs.bz2
	[ "$(body run.hs.bz2 -m tasks)" = "$(printf 'tasks\t4\trun')" ]
	# several compressed files in groups, on worker threads
	[ "$(hs-report -f tsv --by algo -j 4 t.hs.gz t.hs.bz2 t.hs.xz t.hs.zst tiny.hs | tail -1 | cut -f2)" = 5 ]
}

@test "io: a truncated gzip file, garbage and a non-hs file exit 2 with a clear message" {
	seq 1 20000 | sed 's/^/# padding /' | cat tiny.hs - | gzip -c >big.hs.gz
	head -c 2000 big.hs.gz >trunc.hs.gz
	run hs-report trunc.hs.gz
	[ "$status" -eq 2 ]
	[[ $output == "hs-report: trunc.hs.gz: corrupt compressed input: "* ]]
	# a report over several files stops at it
	run hs-report tiny.hs trunc.hs.gz tiny.hs
	[ "$status" -eq 2 ]
	[[ ${lines[0]} == "hs-report: trunc.hs.gz: corrupt compressed input: "* ]]
	# gzip magic, then garbage
	printf '\037\213garbage' >garbage.hs.gz
	run hs-report garbage.hs.gz
	[ "$status" -eq 2 ]
	[[ $output == "hs-report: garbage.hs.gz: corrupt compressed input: "* ]]
	# not an hs stream: a CSV, an empty file, a compressed non-hs file
	printf 'job_id,start\n1,0\n' >jobs.csv
	run hs-report jobs.csv
	[ "$status" -eq 2 ]
	[[ $output == "hs-report: jobs.csv:1: "* ]]
	: >empty.hs
	run hs-report empty.hs
	[ "$status" -eq 2 ]
	[[ $output == "hs-report: empty.hs"*"empty input"* ]]
	printf 'hello\n' | gzip -c >hello.gz
	run hs-report hello.gz
	[ "$status" -eq 2 ]
	[[ $output == "hs-report: hello.gz:1: "* ]]
	# a directory
	mkdir d
	run hs-report d
	[ "$status" -eq 2 ]
	[[ $output == "hs-report: d: "* ]]
}

@test "io: an SWF trace, a SimGrid platform, a Batsim workload or jobs.csv: the error says what it is and what reads it" {
	printf '; Version: 2.2\n; MaxProcs: 240\n1 0 10 100 4 -1 -1 4 200 -1 1 3 1 -1 1 -1 -1 -1\n' >t.swf
	run hs-report t.swf
	[ "$status" -eq 2 ]
	[ "$output" = "hs-report: t.swf:1: missing header 'hs 1': this looks like an SWF trace (Standard Workload Format): hs-gen ptask --swf t.swf makes an hs stream of its jobs" ]
	# compressed, without its comments, on standard input, to another tool
	tail -1 t.swf | gzip -c >t.swf.gz
	run hs-plan -a taskp t.swf.gz
	[ "$status" -eq 2 ]
	[ "$output" = "hs-plan: t.swf.gz:1: missing header 'hs 1': this looks like an SWF trace (Standard Workload Format): hs-gen ptask --swf t.swf.gz makes an hs stream of its jobs" ]
	run hs-sim <t.swf
	[ "$status" -eq 2 ]
	[ "$output" = "hs-sim: stdin:1: missing header 'hs 1': this looks like an SWF trace (Standard Workload Format): hs-gen ptask --swf FILE makes an hs stream of its jobs" ]
	run hs-report "$TOP/share/platforms/griffon.xml"
	[ "$status" -eq 2 ]
	[[ $output == *"griffon.xml:1: missing header 'hs 1': this looks like a SimGrid platform file: hs-gen platform "*"griffon.xml converts it; hs-sim --platform "*"griffon.xml simulates a plan on it" ]]
	printf '{\n  "nb_res": 4,\n  "jobs": [],\n  "profiles": {}\n}\n' >w.json
	run hs-report w.json
	[ "$status" -eq 2 ]
	[ "$output" = "hs-report: w.json:1: missing header 'hs 1': this looks like a Batsim workload (JSON): no hs command reads Batsim workloads yet; hs-gen ptask --swf reads the SWF trace it came from" ]
	hs-report -f batsim-jobs tiny.hs >jobs.csv
	run hs-report jobs.csv
	[ "$status" -eq 2 ]
	[ "$output" = "hs-report: jobs.csv:1: missing header 'hs 1': this looks like Batsim's jobs.csv (as hs-report -f batsim-jobs writes): it is an output: read the hs stream it was made from" ]
	hs-report --gantt tiny.hs >g.svg
	run hs-report g.svg
	[ "$status" -eq 2 ]
	[ "$output" = "hs-report: g.svg:1: missing header 'hs 1': this looks like an XML file, but no SimGrid platform: hs reads XML only as SimGrid platforms (hs-gen platform FILE)" ]
	# anything else: the plain message
	printf 'hello\n' >hello.txt
	run hs-report hello.txt
	[ "$output" = "hs-report: hello.txt:1: missing header 'hs 1'" ]
	# a line of 17 numbers is no SWF job
	printf '1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17\n' >n.txt
	run hs-report n.txt
	[ "$output" = "hs-report: n.txt:1: missing header 'hs 1'" ]
}

@test "io: --bundle writes reports, inputs and a MANIFEST into a tar.gz" {
	mkdir -p results
	cp tiny.hs results/a.hs
	gzip -c tiny.hs >results/b.hs.gz
	run hs-report --by algo --bundle study.tar.gz results/a.hs results/b.hs.gz
	[ "$status" -eq 0 ]
	# stdout is the normal report
	[ "${lines[0]}" = "$(hs-report --by algo results/a.hs results/b.hs.gz | head -1)" ]
	run tar tzf study.tar.gz
	[ "$status" -eq 0 ]
	[ "$output" = "inputs/results/a.hs
inputs/results/b.hs.gz
report.txt
report.tsv
report.json
MANIFEST" ]
	mkdir x
	tar xzf study.tar.gz -C x
	# inputs as read from disk, compressed ones still compressed
	cmp x/inputs/results/a.hs results/a.hs
	cmp x/inputs/results/b.hs.gz results/b.hs.gz
	[ "$(cat x/report.tsv)" = "$(hs-report -f tsv --by algo results/a.hs results/b.hs.gz)" ]
	python3 -m json.tool x/report.json >/dev/null
	# MANIFEST: the command, then path, bytes and content per entry
	grep -qx '# hs-report --by algo --bundle study.tar.gz results/a.hs results/b.hs.gz' x/MANIFEST
	grep -qx "$(printf 'inputs/results/a.hs\t%s\tinput results/a.hs' "$(wc -c <results/a.hs)")" x/MANIFEST
	grep -q "^report.tsv	$(wc -c <x/report.tsv)	" x/MANIFEST
	# the bundle's inputs give the same report again
	(cd x && hs-report -f tsv --by algo inputs/results/a.hs inputs/results/b.hs.gz) >again.tsv
	[ "$(cat again.tsv)" = "$(cat x/report.tsv)" ]
}

@test "io: --bundle of stdin, of a figure and of jobs.csv; other compressions" {
	hs-report -f tsv --bundle s.tar.xz <tiny.hs >/dev/null
	[ "$(tar tJf s.tar.xz | head -1)" = inputs/stdin.hs ]
	mkdir s && tar xJf s.tar.xz -C s
	cmp s/inputs/stdin.hs tiny.hs
	hs-report -f batsim-jobs --bundle j.tar >jobs.csv tiny.hs
	tar tf j.tar | grep -qx jobs.csv
	[ "$(tar xOf j.tar jobs.csv)" = "$(cat jobs.csv)" ]
	# the same path twice is stored twice
	hs-report --bundle twice.tgz tiny.hs tiny.hs >/dev/null
	[ "$(tar tzf twice.tgz | grep ^inputs/)" = "inputs/tiny.hs
inputs/2/tiny.hs" ]
	# paths leaving the directory stay inside the archive
	mkdir sub && cd sub
	hs-report --bundle ../up.tar.zst ../tiny.hs "$PWD/../tiny.hs" >/dev/null
	cd ..
	tar --zstd -tf up.tar.zst >list || zstd -dc up.tar.zst | tar tf - >list
	[ "$(grep ^inputs/ list | head -1)" = inputs/tiny.hs ]
	! grep -q '\.\./' list
	# a figure, when it is the output
	hs-report --gantt --bundle g.tar.gz tiny.hs >g.svg
	[ "$(tar xzOf g.tar.gz gantt.svg)" = "$(cat g.svg)" ]
}

@test "io: --bundle of a pipe, a FIFO and compressed stdin holds the bytes read" {
	# issue 30, point 2: <(cmd) was stored empty, a FIFO hung on reopening
	hs-report --bundle p.tar <(cat tiny.hs) >/dev/null
	name=$(tar tf p.tar | grep ^inputs/)
	[ "$(printf '%s\n' "$name" | wc -l)" -eq 1 ]
	tar xOf p.tar "$name" | cmp - tiny.hs
	mkfifo fifo
	cat tiny.hs >fifo &
	timeout 60 hs-report --bundle f.tar fifo >/dev/null
	wait $!
	tar xOf f.tar inputs/fifo | cmp - tiny.hs
	# compressed, on stdin and through a pipe: the compressed bytes
	gzip -c tiny.hs >tiny.hs.gz
	hs-report -j 2 --bundle z.tar - <(cat tiny.hs.gz) <tiny.hs.gz >/dev/null
	tar xOf z.tar inputs/stdin.hs | cmp - tiny.hs.gz
	name=$(tar tf z.tar | grep ^inputs/ | grep -v stdin)
	tar xOf z.tar "$name" | cmp - tiny.hs.gz
	grep -q "^$name	$(wc -c <tiny.hs.gz)	input " <(tar xOf z.tar MANIFEST)
}

@test "io: --bundle is reproducible: the same inputs give the same archive" {
	# issue 30, point 3: member times were the time of the run, and so
	# was gzip's header
	for z in tar.gz tar.xz tar; do
		for i in 1 2; do
			hs-report --bundle r.$z tiny.hs <(cat tiny.hs) >/dev/null
			mv r.$z r$i.$z
			[ $i -eq 2 ] || sleep 1
		done
		cmp r1.$z r2.$z
	done
	# members take the newest input's time, or SOURCE_DATE_EPOCH
	touch -d @1234567890 tiny.hs
	hs-report --bundle t.tar tiny.hs >/dev/null
	[ "$(TZ=UTC tar tvf t.tar --full-time | awk '{ print $4 " " $5 }' | sort -u)" = "2009-02-13 23:31:30" ]
	SOURCE_DATE_EPOCH=1000000000 hs-report --bundle t.tar tiny.hs - <tiny.hs >/dev/null
	[ "$(TZ=UTC tar tvf t.tar --full-time | awk '{ print $4 " " $5 }' | sort -u)" = "2001-09-09 01:46:40" ]
}

@test "io: a failed report leaves no bundle; an unwritable one exits 1" {
	printf 'not hs\n' >bad.hs
	run hs-report --bundle out.tar.gz tiny.hs bad.hs
	[ "$status" -eq 2 ]
	[ ! -e out.tar.gz ]
	[ -z "$(ls -A | grep -v -e '^tiny.hs$' -e '^bad.hs$')" ]
	# the message alone: under AddressSanitizer this path leaked (issue 30)
	run hs-report --bundle no/such/dir/out.tar.gz tiny.hs
	[ "$status" -eq 1 ]
	[ "$output" = "hs-report: no/such/dir/out.tar.gz: cannot create temporary file: No such file or directory" ]
	# an existing bundle is replaced whole
	hs-report --bundle out.tar.gz tiny.hs >/dev/null
	hs-report --bundle out.tar.gz tiny.hs tiny.hs >/dev/null
	[ "$(tar tzf out.tar.gz | grep -c ^inputs/)" -eq 2 ]
}
