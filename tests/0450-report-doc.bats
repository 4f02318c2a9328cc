#!/usr/bin/env bats
# The README's pictures (share/doc/*.svg) are what `make doc-svg` makes from
# the current code: a change that alters them must commit them again.

load helper

@test "share/doc/*.svg equal what share/doc/figures.sh makes now" {
	out=$BATS_TEST_TMPDIR/fig
	run sh "$TOP/share/doc/figures.sh" "$HS_BIN" "$out"
	[ "$status" -eq 0 ]
	for f in gantt makespan; do
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
}
