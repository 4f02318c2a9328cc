#!/usr/bin/env bats
# hs-report's output formats read back by real parsers: JSON (python3, and
# jq where installed), CSV (python3's csv module: RFC 4180), TSV and
# Markdown shapes, Batsim's jobs.csv, SVG (an XML parser).

load helper

setup() {
	tmp=$(mktemp -d)
	cd "$tmp"
	printf '%s\n' 'hs 1' 'node n1 cores=2' \
		'task a model=amdahl t1=10 beta=0' 'task b model=amdahl t1=4 beta=0' \
		'plan a node=n1 cores=0-1 start=0 end=5' \
		'plan b node=n1 cores=0 start=5 end=9 after=a' >tiny.hs
	hs-sim tiny.hs >run.hs
	# a file name with a comma, a quote and a space: quoted in csv
	cp tiny.hs 'odd, "name".hs'
	# a small study: 2 algorithms, 2 sizes, 2 seeds
	for n in 6 12; do
		for s in 1 2; do
			hs-gen sleep -n $n -x 0.9 --jitter 0.3 --seed $s >i.hs
			for a in taskp waterl; do hs-plan -a $a i.hs >r-$a-$n-$s.hs; done
		done
	done
}

teardown() {
	cd /
	rm -rf "$tmp"
}

# json_check FILE: valid JSON (python3, and jq when installed).
json_check() {
	python3 -m json.tool "$1" >/dev/null
	if command -v jq >/dev/null; then jq . "$1" >/dev/null; fi
}

@test "formats: json of one file, several files and groups parses; numbers are numbers, NaN is null" {
	hs-report -f json tiny.hs >one.json
	json_check one.json
	python3 - <<'EOF'
import json
r = json.load(open("one.json"))
assert isinstance(r, list) and len(r) == 1, r
f = r[0]
assert f["file"] == "tiny.hs" and f["source"] == "plan", f
assert f["makespan"] == 9 and f["tasks"] == 2 and abs(f["ratio"] - 9 / 7) < 1e-15, f
assert isinstance(f["tasks"], int) and isinstance(f["makespan"], (int, float))
EOF
	hs-report -f json tiny.hs run.hs >two.json
	json_check two.json
	python3 - <<'EOF'
import json
r = json.load(open("two.json"))
assert [f["file"] for f in r] == ["tiny.hs", "run.hs"], r
# a metric that does not apply to a file is null
assert r[0]["killed"] is None and r[1]["killed"] == 0, r
assert r[1]["mean_end_error"] == 0
assert list(r[0].keys()) == list(r[1].keys())
EOF
	# one file per group: sd and ci95 are NaN, written null; keys that are
	# numbers are numbers
	hs-report -f json --by algo,n,seed --stats mean,sd,ci95,n -m makespan r-*.hs >g.json
	json_check g.json
	python3 - <<'EOF'
import json
r = json.load(open("g.json"))
assert len(r) == 8, r
g = r[0]
assert g["algo"] == "taskp" and g["n"] == 6 and g["seed"] == 1 and g["files"] == 1, g
assert g["makespan.sd"] is None and g["makespan.ci95"] is None and g["makespan.n"] == 1, g
assert g["makespan.mean"] > 0
EOF
}

@test "formats: csv parses with the same number of columns on every line, RFC 4180 quoting" {
	hs-report -f csv tiny.hs run.hs 'odd, "name".hs' >f.csv
	python3 - <<'EOF'
import csv
rows = list(csv.reader(open("f.csv", newline="")))
assert rows[0] == ["metric", "tiny.hs", "run.hs", 'odd, "name".hs'], rows[0]
assert all(len(r) == 4 for r in rows), [len(r) for r in rows]
d = {r[0]: r[1:] for r in rows[1:]}
assert d["makespan"] == ["9", "9", "9"] and d["source"] == ["plan", "run", "plan"]
assert d["killed"] == ["", "0", ""]
assert float(d["utilization"][0]) == 14 / 18
EOF
	grep -q '^metric,tiny.hs,run.hs,"odd, ""name"".hs"$' f.csv
	hs-report -f csv --by algo,n --stats mean,median,min,max,sd,ci95,n r-*.hs >g.csv
	python3 - <<'EOF'
import csv
rows = list(csv.reader(open("g.csv", newline="")))
n = len(rows[0])
assert all(len(r) == n for r in rows), [len(r) for r in rows]
assert rows[0][:4] == ["algo", "n", "files", "tasks.mean"], rows[0]
assert len(rows) == 5 and rows[1][:3] == ["taskp", "6", "2"], rows
EOF
}

@test "formats: tsv and text have a header and equal columns; md is a table" {
	hs-report -f tsv --by algo -m makespan,ratio r-*.hs >g.tsv
	[ "$(head -1 g.tsv)" = "$(printf 'algo\tfiles\tmakespan\tratio')" ]
	[ "$(awk -F'\t' '{ print NF }' g.tsv | sort -u)" = 4 ]
	[ "$(wc -l <g.tsv)" -eq 3 ]
	hs-report -f md tiny.hs run.hs >t.md
	[ "$(head -2 t.md)" = "| metric | tiny.hs | run.hs |
| --- | ---: | ---: |" ]
	# every line: starts and ends with a bar, as many bars as the header
	[ "$(awk '{ n = gsub(/\|/, "|"); print n }' t.md | sort -u)" = 4 ]
	grep -q '^| makespan | 9 | 9 |$' t.md
	grep -q '^| killed | - | 0 |$' t.md
	# a bar inside a value is escaped
	printf 'prov plan algo=a|b\n' >>tiny.hs
	hs-report -f md --by algo tiny.hs | grep -q '^| a\\|b | 1 |'
}

@test "formats: batsim-jobs has Batsim's columns, states and interval sets" {
	# n1: cores 0-1 (resources 0, 1) and a GPU (resource 6, after all
	# cores); n2: cores 0-3 (resources 2-5).
	printf '%s\n' 'hs 1' 'node n1 cores=2 gpus=1 cpu_busy=10 gpu_busy=100' 'node n2 cores=4' \
		'task a model=rigid size=1 time=4 walltime=3' \
		'task b model=amdahl t1=8 beta=0 release=1 app=solver' \
		'task c model=gpu gpu_time=2' 'task d model=rigid size=1 time=1' \
		'plan a node=n1 cores=1 start=0 end=4' 'plan b node=n2 cores=0-1,3 start=1 end=3.5' \
		'plan c node=n1 gpus=0 start=0 end=2' 'plan d node=n1 cores=0 start=0 end=1' >bj.hs
	hs-sim bj.hs >bjr.hs
	run hs-report -f batsim-jobs bjr.hs
	[ "$status" -eq 0 ]
	[ "${lines[0]}" = "job_id,workload_name,profile,submission_time,requested_number_of_resources,requested_time,success,final_state,starting_time,execution_time,finish_time,waiting_time,turnaround_time,stretch,allocated_resources,consumed_energy,metadata" ]
	# a reaches its walltime of 3 s: killed there; 30 J on a 10 W core
	[ "${lines[1]}" = 'a,bjr.hs,rigid,0.000000,1,3.000000,0,COMPLETED_WALLTIME_REACHED,0.000000,3.000000,3.000000,0.000000,3.000000,1.000000,1,30.000000,""' ]
	# b: released at 1, 8/3 s on 3 cores of n2
	[ "${lines[2]}" = 'b,bjr.hs,solver,1.000000,3,-1.000000,1,COMPLETED_SUCCESSFULLY,1.000000,2.666667,3.666667,0.000000,2.666667,1.000000,2-3 5,0.000000,""' ]
	[ "${lines[3]}" = 'c,bjr.hs,gpu,0.000000,1,-1.000000,1,COMPLETED_SUCCESSFULLY,0.000000,2.000000,2.000000,0.000000,2.000000,1.000000,6,200.000000,""' ]
	printf '%s\n' "$output" >jobs.csv
	python3 - <<'EOF'
import csv
rows = list(csv.DictReader(open("jobs.csv", newline="")))
assert len(rows) == 4 and all(len(r) == 17 for r in rows)
for r in rows:
    s, e, f = float(r["starting_time"]), float(r["execution_time"]), float(r["finish_time"])
    sub = float(r["submission_time"])
    assert abs(s + e - f) < 1e-5 and abs(float(r["waiting_time"]) - (s - sub)) < 1e-5
    assert abs(float(r["turnaround_time"]) - (f - sub)) < 1e-5
EOF
	# A plan: every task COMPLETED_SUCCESSFULLY with the planned times and
	# busy power; a run without a task's record: REJECTED, empty times.
	run hs-report -f batsim-jobs bj.hs
	[[ ${lines[1]} == a,bj.hs,rigid,0.000000,1,3.000000,1,COMPLETED_SUCCESSFULLY,0.000000,4.000000,*,40.000000,'""' ]]
	grep -v '^run d' bjr.hs >part.hs
	run bash -c 'hs-report -f batsim-jobs part.hs 2>/dev/null'
	[ "${lines[4]}" = 'd,part.hs,rigid,0.000000,0,-1.000000,0,REJECTED,,,,,,,,,""' ]
	# Killed before the walltime (hs-exec, Slurm): COMPLETED_KILLED; failed
	sed -e 's/^run a .*/run a node=n1 cores=1 start=0 end=2 state=killed/' \
		-e 's/^run d .*/run d node=n1 cores=0 start=0 end=0.5 state=failed exit=1/' bjr.hs >k.hs
	run hs-report -f batsim-jobs k.hs
	[[ ${lines[1]} == *,0,COMPLETED_KILLED,* ]]
	[[ ${lines[4]} == *,0,COMPLETED_FAILED,* ]]
}

@test "formats: svg of --gantt and --plot is well-formed XML with an svg root" {
	hs-report --gantt run.hs >g.svg
	hs-report -f svg --gantt --color task --title 'a "title" & more' tiny.hs >g2.svg
	hs-report --plot makespan --x n --by algo r-*.hs >p.svg
	hs-report --plot ratio --x n --by algo --relative-to waterl --logy r-*.hs >p2.svg
	hs-report --plot makespan --x n r-*.hs >p3.svg
	for f in g.svg g2.svg p.svg p2.svg p3.svg; do
		python3 - "$f" <<'EOF'
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
assert root.tag in ("svg", "{http://www.w3.org/2000/svg}svg"), root.tag
EOF
	done
	# the legend names the --by groups
	python3 - <<'EOF'
import xml.etree.ElementTree as ET
text = " ".join(t for t in ET.parse("p.svg").getroot().itertext())
assert "taskp" in text and "waterl" in text, text
EOF
	# a table format with --plot prints the plotted groups instead
	run hs-report -f tsv --plot makespan --x n --by algo -m makespan --stats mean,ci95,n r-*.hs
	[ "${lines[0]}" = "$(printf 'algo\tn\tfiles\tmakespan.mean\tmakespan.ci95\tmakespan.n')" ]
	[ "${#lines[@]}" -eq 5 ]
}

@test "formats: --list-metrics in every table format" {
	hs-report --list-metrics -f json >m.json
	json_check m.json
	python3 -c 'import json; m = json.load(open("m.json")); assert m[2] == {"metric": "makespan", "from": "schedule", "description": m[2]["description"]}, m[2]'
	[ "$(hs-report --list-metrics -f csv | wc -l)" -eq 41 ]
	hs-report --list-metrics -f md | head -2 | tail -1 | grep -qx '| --- | --- | --- |'
}
