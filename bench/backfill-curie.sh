#!/bin/sh
# bench/backfill-curie.sh - the online algorithms at the scale of a whole
# machine (issue 28): the whole CEA Curie log (295 540 jobs with a run time)
# replayed on its own size (5 832 nodes of 16 cores, 93 312 cores), as
# hs-gen(1)'s example does: hs-gen swf --platform homogeneous:nodes=5832,cores=16,
# then hs-sim -a ALGO (the whole process: reading, the simulation, the
# records, writing the stream to a file) and hs-report on its output.
#
# 1. The whole log, each configuration (CONFIGS) RUNS rounds (default 3),
#    interleaved: the median wall and CPU (user + system) seconds and peak
#    resident memory, against the issue's targets (fcfs < 4 s, easy < 6 s,
#    1 GB; conservative, every variant, < 60 s, 2 GB; hs-report < 10 s,
#    1.5 GB).  The load of the machine is printed: wall times suffer from
#    other work, CPU times less.  Exit 1 when a target is missed (after
#    the other parts).  With BASE_BIN, the previous build runs each
#    configuration after this one in every round: its CPU seconds, the
#    ratio, and whether the outputs are byte-identical (exit 1 if not).
# 2. With BASE_BIN (a previous build's tools: git worktree add /tmp/base REV
#    && make -C /tmp/base; BASE_BIN=/tmp/base/bin): each configuration on
#    the HPC2N trace (240 one-core nodes), the first WINDOW Curie jobs
#    (default 30 000) and a Curie month (days 500-530), run by both builds
#    in the same rounds: the ratios of the medians, and whether the outputs
#    are byte-identical (exit 1 if not).
# 3. The cost per decision as the queue grows (bench_backfill: the plugin's
#    core replayed without hs-sim on the whole log, easy and conservative,
#    each batch of events timed and filed under the queue length it saw).
#
# 4. With TEXTBOOK=1: pybatsim's easyBackfill.py through the Batsim bridge
#    on the whole log, beside hs's own EASY (see below).
#
# Environment: HS_BIN (default bin), HS_BUILD (default build), BASE_BIN,
# RUNS, WINDOW, CONFIGS (words ALGO or ALGO:OPTS, OPTS as hs-sim -o takes
# them), SKIP (parts not to run: 1, 2, 3, 4), TEXTBOOK, HS_SHARED (default
# ../shared).
set -e
cd "$(dirname "$0")/.."
BIN=${HS_BIN:-bin}
BUILD=${HS_BUILD:-build}
SHARED=${HS_SHARED:-../shared}
RUNS=${RUNS:-3}
WINDOW=${WINDOW:-30000}
SKIP=${SKIP:-}
CONFIGS=${CONFIGS:-"fcfs easy easy:reserve=count conservative conservative:variant=be-contiguous
conservative:variant=be-local conservative:variant=contiguous conservative:variant=local
conservative:compat=lucarelli conservative:recompute=compress"}
CURIE=$SHARED/data/traces/CEA-Curie-2011-2.1-cln.swf.gz
HPC2N=$SHARED/data/traces/HPC2N-2002-2.2-cln.first3171.swf
if [ ! -f "$CURIE" ] || [ ! -x /usr/bin/time ]; then
	echo "backfill-curie: no $CURIE or no /usr/bin/time: skipped"
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
PLAT=homogeneous:nodes=5832,cores=16
"$BIN/hs-gen" swf -q --platform $PLAT "$CURIE" >"$tmp/whole.hs"
skip() { case " $SKIP " in *" $1 "*) return 0 ;; esac; return 1; }
tag() { echo "$1" | sed 's/[:=,]/_/g'; }
med() { # FILE COLUMN
	awk -v c="$2" '{ print $c }' "$1" | sort -g |
		awk '{ v[NR] = $1 } END { printf "%.3f", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
# sim BIN CONFIG INPUT OUT TIMES: one cold hs-sim; appends "wall cpu peak_kb" to TIMES.
sim() {
	a=${2%%:*} o=
	[ "$a" = "$2" ] || o="-o ${2#*:}"
	# shellcheck disable=SC2086
	/usr/bin/time -f '%e %U %S %M' -o "$tmp/t" "$1/hs-sim" -a "$a" $o <"$3" >"$4" 2>/dev/null
	awk '{ print $1, $2 + $3, $4 }' "$tmp/t" >>"$5"
}
report() { # BIN INPUT TIMES
	/usr/bin/time -f '%e %U %S %M' -o "$tmp/t" "$1/hs-report" "$2" >/dev/null 2>&1
	awk '{ print $1, $2 + $3, $4 }' "$tmp/t" >>"$3"
}
load() { echo "load $(cut -d' ' -f1-3 /proc/loadavg) on $(getconf _NPROCESSORS_ONLN) CPUs"; }

# 1. The whole log.
missed=0
if ! skip 1; then
	echo "backfill-curie: $(grep -c '^task' "$tmp/whole.hs") jobs of the CEA Curie log on $PLAT; medians of $RUNS rounds; $(load)"
	r=0
	while [ $r -lt "$RUNS" ]; do
		r=$((r + 1))
		for c in $CONFIGS; do
			t=$(tag "$c")
			sim "$BIN" "$c" "$tmp/whole.hs" "$tmp/out" "$tmp/w.$t"
			wc -c <"$tmp/out" >"$tmp/bytes.$t"
			if [ -n "$BASE_BIN" ]; then
				sim "$BASE_BIN" "$c" "$tmp/whole.hs" "$tmp/base.out" "$tmp/wb.$t"
				cmp -s "$tmp/base.out" "$tmp/out" || echo diff >>"$tmp/wdiffer.$t"
			fi
			case $c in fcfs | easy) report "$BIN" "$tmp/out" "$tmp/r.$t" ;; esac
		done
	done
	[ -z "$BASE_BIN" ] || echo "(base: $BASE_BIN, run after this build in each round: its CPU seconds, the ratio, whether the outputs are byte-identical)"
	printf '%-36s %9s %9s %9s  %s\n' configuration wall_s cpu_s peak_MB target
	for c in $CONFIGS $(for c in $CONFIGS; do case $c in fcfs | easy) echo "report:$c" ;; esac; done); do
		case $c in
		report:*) f=$tmp/r.$(tag "${c#report:}") tw=10 tm=1536 ;;
		fcfs) f=$tmp/w.fcfs tw=4 tm=1024 ;;
		easy*) f=$tmp/w.$(tag "$c") tw=6 tm=1024 ;;
		*) f=$tmp/w.$(tag "$c") tw=60 tm=2048 ;;
		esac
		awk -v c="$c" -v w="$(med "$f" 1)" -v u="$(med "$f" 2)" -v m="$(med "$f" 3)" -v tw="$tw" -v tm="$tm" 'BEGIN {
			m /= 1024
			printf "%-36s %9.2f %9.2f %9.0f  %s wall < %d s, %s memory < %d MB\n", c, w, u, m,
				w < tw ? "ok:" : "ABOVE:", tw, m < tm ? "ok:" : "ABOVE:", tm
			exit !(w < tw && m < tm) }' || missed=1
		t=${f#"$tmp"/w.}
		if [ -n "$BASE_BIN" ] && [ -f "$tmp/wb.$t" ]; then
			awk -v u="$(med "$f" 2)" -v b="$(med "$tmp/wb.$t" 2)" -v bm="$(med "$tmp/wb.$t" 3)" \
				-v same="$([ -f "$tmp/wdiffer.$t" ] && echo DIFFERENT || echo identical)" 'BEGIN {
				printf "%-36s %9s %9.2f %9.0f  x_cpu %.3f, output %s\n", "  base", "", b, bm / 1024, u / b, same }'
			[ ! -f "$tmp/wdiffer.$t" ] || differ=1
		fi
	done
	[ ! -f "$tmp/bytes.easy" ] ||
		echo "(hs-report: on the fcfs and easy outputs, $(awk '{ printf "%.0f", $1 / 1048576 }' "$tmp/bytes.easy") MB for easy; $(load))"
fi

# 2. Against a previous build: identical outputs, ratios.
if [ -n "$BASE_BIN" ] && ! skip 2; then
	"$BIN/hs-gen" swf -q -n "$WINDOW" --platform $PLAT "$CURIE" >"$tmp/window.hs"
	"$BIN/hs-gen" swf -q --from 500d --to 530d --platform $PLAT "$CURIE" >"$tmp/month.hs"
	inputs="window month"
	if [ -f "$HPC2N" ]; then
		"$BIN/hs-gen" swf -q --platform homogeneous:nodes=240,cores=1 "$HPC2N" >"$tmp/hpc2n.hs"
		inputs="hpc2n $inputs"
	fi
	echo "backfill-curie: this build against $BASE_BIN: HPC2N on 240 cores, the first $WINDOW Curie jobs, Curie days 500-530; medians of $RUNS rounds; $(load)"
	r=0
	while [ $r -lt "$RUNS" ]; do
		r=$((r + 1))
		for i in $inputs; do
			for c in $CONFIGS; do
				t=$i.$(tag "$c")
				sim "$BASE_BIN" "$c" "$tmp/$i.hs" "$tmp/base.out" "$tmp/b.$t"
				sim "$BIN" "$c" "$tmp/$i.hs" "$tmp/new.out" "$tmp/n.$t"
				cmp -s "$tmp/base.out" "$tmp/new.out" || echo diff >>"$tmp/differ.$t"
			done
		done
	done
	fail=0
	printf '%-7s %-36s %9s %9s %9s %9s %9s  %s\n' input configuration wall_s base_s x_wall x_cpu x_peak output
	for i in $inputs; do
		for c in $CONFIGS; do
			t=$i.$(tag "$c")
			awk -v i="$i" -v c="$c" -v w="$(med "$tmp/n.$t" 1)" -v bw="$(med "$tmp/b.$t" 1)" \
				-v u="$(med "$tmp/n.$t" 2)" -v bu="$(med "$tmp/b.$t" 2)" -v m="$(med "$tmp/n.$t" 3)" \
				-v bm="$(med "$tmp/b.$t" 3)" -v same="$([ -f "$tmp/differ.$t" ] && echo DIFFERENT || echo identical)" 'BEGIN {
				printf "%-7s %-36s %9.2f %9.2f %9.3f %9.3f %9.3f  %s\n", i, c, w, bw, w / bw, u / bu, m / bm, same }'
			[ ! -f "$tmp/differ.$t" ] || fail=1
		done
	done
	[ $fail = 0 ] || exit 1
fi

# 3. The cost per decision as the queue grows, on the whole log.
if ! skip 3; then
	make -s "$BUILD/bench/bench_backfill" >/dev/null
	# the jobs hs-sim replays: "release size run walltime" of each task
	awk '$1 == "task" { r = 0; for (i = 3; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
		print (v["release"] == "" ? 0 : v["release"]), v["size"], v["time"], v["walltime"]; delete v }' \
		"$tmp/whole.hs" >"$tmp/jobs.txt"
	# (compress: minutes on the whole log, see hs-backfill(7) PERFORMANCE)
	for a in easy conservative; do
		echo "backfill-curie: $a, basic, on 93 312 one-core hosts: cost per batch of events and per decision (profile search), by queue length"
		"$BUILD/bench/bench_backfill" "$a" basic 0 1 93312 <"$tmp/jobs.txt" | sed 's/^/  /'
	done
fi
# 4. The textbook EASY through the Batsim bridge (TEXTBOOK=1: about 12
#    minutes; TEXTBOOK_N=N: the first N jobs only): pybatsim's easyBackfill.py unchanged, each core a Batsim
#    resource, the jobs free to take any cores (--scope any --scope-small
#    any); hs's easy -o variant=contiguous --per-event on the same stream.
if [ "${TEXTBOOK:-0}" = 1 ] && ! skip 4; then
	C=$(cd "$SHARED/clients" 2>/dev/null && pwd) || C=
	if [ -z "$C" ] || ! PYTHONPATH=$C/pybatsim:$C/procset /usr/bin/python3 -c 'import zmq, sortedcontainers, procset' 2>/dev/null; then
		echo "backfill-curie: part 4 needs $SHARED/clients and /usr/bin/python3 with pybatsim's modules: skipped"
	else
		# shellcheck disable=SC2086
		"$BIN/hs-gen" swf -q --scope any --scope-small any ${TEXTBOOK_N:+-n $TEXTBOOK_N} --platform $PLAT \
			"$CURIE" >"$tmp/any.hs"
		sock=ipc://$tmp/s.sock
		(cd "$tmp" && PYTHONDONTWRITEBYTECODE=1 PYTHONPATH=$C/pybatsim:$C/procset exec /usr/bin/time \
			-f '%U %S %M' -o "$tmp/sched.time" /usr/bin/python3 "$C/pybatsim/launcher.py" \
			"$C/pybatsim/schedulers/easyBackfill.py" -v warning -t 0 -s "$sock" >/dev/null 2>&1) &
		pid=$!
		/usr/bin/time -f '%e %U %S %M' -o "$tmp/hs.time" "$BIN/hs-sim" -v -a batsim -o socket="$sock" \
			-o timeout=0 "$tmp/any.hs" >"$tmp/py.out" 2>"$tmp/py.err" || echo "backfill-curie: the bridge failed: $(tail -n 1 "$tmp/py.err")"
		wait $pid || :
		/usr/bin/time -f '%e %U %S %M' -o "$tmp/own.time" "$BIN/hs-sim" -a easy -o variant=contiguous --per-event \
			"$tmp/any.hs" >"$tmp/own.out" 2>/dev/null
		starts() { awk '$1 == "run" { for (i = 3; i <= NF; i++) if ($i ~ /^start=/) print $2, $i }' "$1" | sort; }
		starts "$tmp/py.out" >"$tmp/a"
		starts "$tmp/own.out" >"$tmp/b"
		same=$(join "$tmp/a" "$tmp/b" | awk '$2 == $3 { s++ } END { print s + 0 }')
		wait_of() { "$BIN/hs-report" -f tsv -m mean_waiting,max_waiting "$1" | awk -F'\t' 'NR > 1 { printf "%s=%s ", $1, $2 }'; }
		echo "backfill-curie: pybatsim's easyBackfill.py through hs-sim -a batsim, ${TEXTBOOK_N:-all} jobs on $PLAT, any cores; $(load)"
		awk -v h="$(cat "$tmp/hs.time")" -v s="$(cat "$tmp/sched.time")" -v o="$(cat "$tmp/own.time")" 'BEGIN {
			split(h, x, " "); split(s, y, " "); split(o, z, " ")
			printf "  bridge: %.0f s wall; hs-sim %.1f s CPU, %.0f MB; the scheduler %.1f s CPU, %.0f MB\n", x[1], x[2] + x[3], x[4] / 1024, y[1] + y[2], y[3] / 1024
			printf "  hs easy variant=contiguous --per-event: %.1f s wall, %.1f s CPU, %.0f MB\n", z[1], z[2] + z[3], z[4] / 1024 }'
		grep -o '[0-9]* messages.*' "$tmp/py.err" | sed 's/^/  /'
		echo "  same start date: $same of $(grep -c '^task' "$tmp/any.hs") jobs"
		echo "  easyBackfill: $(wait_of "$tmp/py.out")"
		echo "  hs easy:      $(wait_of "$tmp/own.out")"
	fi
fi

[ "${differ:-0}" = 0 ] || exit 1
exit $missed
