#!/usr/bin/env bats
# The README's pictures (share/doc/*.svg) are what `make doc-svg` makes from
# the current code: a change that alters them must commit them again.

load helper

@test "share/doc/*.svg equal what share/doc/figures.sh makes now" {
	out=$BATS_TEST_TMPDIR/fig
	run sh "$TOP/share/doc/figures.sh" "$HS_BIN" "$out"
	[ "$status" -eq 0 ]
	for f in gantt makespan gantt-trace utilization; do
		run cmp "$out/$f.svg" "$TOP/share/doc/$f.svg"
		[ "$status" -eq 0 ] || { echo "share/doc/$f.svg is stale: run make doc-svg"; false; }
	done
}

@test "the README pictures are well-formed SVG with bars and series" {
	run xmllint --noout "$TOP/share/doc/gantt.svg" "$TOP/share/doc/makespan.svg"
	[ "$status" -eq 0 ]
	run xmllint --xpath 'count(//*[local-name()="rect" and contains(@class,"bar")])' "$TOP/share/doc/gantt.svg"
	[ "$status" -eq 0 ]
	[ "$output" -ge 40 ]
	run xmllint --xpath 'count(//*[local-name()="g" and contains(@class,"series")])' "$TOP/share/doc/makespan.svg"
	[ "$status" -eq 0 ]
	[ "$output" -eq 4 ]
	# the trace: 3000 jobs, their utilization as one step line
	run xmllint --xpath 'count(//*[local-name()="g" and @class="task"])' "$TOP/share/doc/gantt-trace.svg"
	[ "$output" -eq 3000 ]
	run xmllint --xpath 'count(//*[local-name()="path" and @class="line step"])' "$TOP/share/doc/utilization.svg"
	[ "$output" -eq 1 ]
	# and the README shows all four
	for f in gantt makespan gantt-trace utilization; do
		grep -q "(share/doc/$f.svg)" "$TOP/README.md"
	done
}

# hs-report's own figures, through the tool, open in a browser: headless
# Chromium renders them to PNGs that are not blank.
@test "hs-report's Gantt chart and plot render in Chromium (not blank)" {
	for t in chromium python3; do
		command -v $t >/dev/null 2>&1 && continue
		[ "${CI:-}" != true ] || { echo "$t is not installed (share/deps.sh)"; false; }
		skip "$t is not installed (share/deps.sh)"
	done
	cd "$BATS_TEST_TMPDIR"
	hs-gen sleep -n 12 -x 0.95 --platform dietze | hs-plan -a waterl | hs-sim > run.hs
	hs-report -f svg --gantt run.hs > gantt.svg
	for a in taskp waterl; do
		for n in 4 8; do
			hs-gen sleep -n $n -x 0.95 --platform dietze | hs-plan -a $a > $a-$n.hs
		done
	done
	hs-report --plot makespan --x n --by algo taskp-*.hs waterl-*.hs > plot.svg
	for f in gantt plot; do
		run xmllint --noout $f.svg
		[ "$status" -eq 0 ]
		run sh "$TOP/tests/svg/render.sh" $f.svg $f.png
		[ "$status" -eq 0 ]
		run python3 "$TOP/tests/svg/nonblank.py" $f.png 1000
		[ "$status" -eq 0 ]
	done
}
