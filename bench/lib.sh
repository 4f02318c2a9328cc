# bench/lib.sh - helpers shared by the benchmarks (sourced, not run).
#
# Every figure is a whole process, started cold (a new process each run;
# its input file in the page cache), timed from outside: the median of
# REPS runs (default 5), each run paired with its baseline in the same
# round (interleaved: baseline, tool, baseline, tool, ...), so that load
# from other work on the machine falls on both alike, and printed as a
# ratio to that baseline.  Never a best-of, never a loop inside a process.

REPS=${REPS:-5}
if [ "$REPS" -lt 5 ]; then
	echo "bench: REPS=$REPS: medians need at least 5 runs" >&2
	exit 2
fi

# run1 CMD: run the shell command CMD once (stdin as given, stdout
# discarded); prints "WALL_SECONDS PEAK_KB CPU_SECONDS": the peak resident
# memory of its largest process and the user + system time of all its
# processes (from /usr/bin/time where installed, else 0 and 0).
run1() {
	_t0=$(date +%s.%N)
	if [ -x /usr/bin/time ]; then
		/usr/bin/time -f '%M %U %S' -o "$BENCH_TMP/rss" sh -c "$1" >/dev/null
	else
		sh -c "$1" >/dev/null
		echo 0 0 0 >"$BENCH_TMP/rss"
	fi
	_t1=$(date +%s.%N)
	tail -n 1 "$BENCH_TMP/rss" | awk -v a="$_t0" -v b="$_t1" '{ printf "%.6f %d %.2f\n", b - a, $1, $2 + $3 }'
}

# paired TAG INPUT 'LABEL|CMD'...: REPS rounds; in each, every CMD once in
# turn with INPUT as stdin.  The runs of LABEL ("wall peak" lines) go to
# $BENCH_TMP/TAG.LABEL.
paired() {
	_tag=$1 _in=$2
	shift 2
	_r=0
	while [ "$_r" -lt "$REPS" ]; do
		_r=$((_r + 1))
		for _spec in "$@"; do
			run1 "${_spec#*|}" <"$_in" >>"$BENCH_TMP/$_tag.${_spec%%|*}"
		done
	done
}

# med TAG LABEL [COL]: the median of column COL (1 wall, 2 peak KB, 3 CPU
# seconds) of the runs of LABEL.
med() {
	awk -v c="${3:-1}" '{ print $c }' "$BENCH_TMP/$1.$2" | sort -g | awk '{ v[NR] = $1 }
		END { if (!NR) { print "nan"; exit }
		      printf "%.6f\n", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# records FILE: the records of a stream (lines that are neither blank nor
# comments, less the header).
records() {
	awk 'NF && $1 !~ /^#/ { n++ } END { print n - 1 }' "$1"
}
