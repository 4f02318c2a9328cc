#!/bin/sh
# Run libFuzzer targets: tests/fuzz/run.sh BUILD SECONDS NAME...
# (make fuzz; .ci/run).  Each target runs SECONDS seconds from its seeds
# (tests/fuzz/NAME/, read only) and what earlier runs found
# (BUILD/fuzz/corpus/NAME/, where new inputs go), with its dictionary
# (NAME.dict) and options (NAME.options) when there are some.  One line per
# target: executions, coverage (edges), features, corpus; a crash, leak,
# timeout or failed check prints the fuzzer's report, keeps the input in
# BUILD/fuzz/crashes/ and makes the exit status 1.
set -u
B=$1
S=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
status=0
mkdir -p "$B/fuzz/crashes"
for name in "$@"; do
	work=$B/fuzz/corpus/$name
	mkdir -p "$work"
	log=$B/fuzz/$name.log
	set -- -max_total_time="$S" -print_final_stats=1 -timeout=60 -rss_limit_mb=2048 \
		-artifact_prefix="$B/fuzz/crashes/$name-"
	[ -n "${FUZZ_SEED:-}" ] && set -- "$@" -seed="$FUZZ_SEED"
	[ -f "$here/$name.dict" ] && set -- "$@" -dict="$here/$name.dict"
	[ -f "$here/$name.options" ] && set -- "$@" $(cat "$here/$name.options")
	if "$B/fuzz/$name" "$@" "$work" "$here/$name" >"$log" 2>&1; then
		rc=0
	else
		rc=$?
	fi
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
	last=$(grep -E '^#[0-9]+.*cov: ' "$log" | tail -1)
	cov=$(printf '%s\n' "$last" | sed -n 's/.* cov: \([0-9]*\).*/\1/p')
	ft=$(printf '%s\n' "$last" | sed -n 's/.* ft: \([0-9]*\).*/\1/p')
	corp=$(printf '%s\n' "$last" | sed -n 's/.* corp: \([^ ]*\).*/\1/p')
	printf 'fuzz %-8s %9s runs in %ss: cov %s, ft %s, corpus %s%s\n' "$name" "${execs:-?}" "$S" \
		"${cov:-?}" "${ft:-?}" "${corp:-?}" "$([ "$rc" -eq 0 ] || echo ", FAILED (exit $rc)")"
	if [ "$rc" -ne 0 ]; then
		status=1
		grep -E -A30 '^(==[0-9]+==ERROR|ERROR: libFuzzer|SUMMARY)' "$log" | head -60
		echo "fuzz $name: the whole report is in $log; the input in $B/fuzz/crashes/"
	fi
done
exit $status
