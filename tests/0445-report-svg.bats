#!/usr/bin/env bats
# The SVG figures (lib/svg*.c): the example figures that the unit test
# program writes (build/tests/test_svg --write DIR) are valid XML, the same
# bytes every time, and render in headless Chromium to PNGs that are not
# blank (tests/svg/render.sh, tests/svg/nonblank.py).
# Rendering needs chromium and python3 (share/deps.sh installs both): in CI
# (CI=true) their absence fails these tests, elsewhere it skips them.

load helper
load svg/need

FIGS="gantt gantt-large empty plot plot-log"

setup_file() {
	export FIG=$BATS_FILE_TMPDIR/fig
	mkdir -p "$FIG"
	"$HS_BUILD/tests/test_svg" --write "$FIG"
}

setup() {
	SVGT=$BATS_TEST_DIRNAME/svg
	cd "$BATS_TEST_TMPDIR"
}

# render NAME: FIG/NAME.svg to NAME.png, then count its non-white pixels.
render() {
	sh "$SVGT/render.sh" "$FIG/$1.svg" "$1.png"
	run python3 "$SVGT/nonblank.py" "$1.png" "${2:-1000}"
	echo "$output"
}

@test "svg: the test program writes the five example figures" {
	for f in $FIGS; do
		[ -s "$FIG/$f.svg" ]
	done
	run ls "$FIG"
	[ "$output" = "$(printf '%s\n' empty.svg gantt-large.svg gantt.svg plot-log.svg plot.svg)" ]
}

@test "svg: every figure is well-formed XML (xmllint)" {
	for f in $FIGS; do
		run xmllint --noout "$FIG/$f.svg"
		echo "$f: $output"
		[ "$status" -eq 0 ]
		[ -z "$output" ]
	done
}

@test "svg: the root element is an SVG 1.1 document with a size" {
	run xmllint --xpath 'concat(name(/*), " ", namespace-uri(/*), " ", /*/@version, " ", /*/@width, "x", /*/@height)' "$FIG/plot.svg"
	[ "$status" -eq 0 ]
	[ "$output" = "svg http://www.w3.org/2000/svg 1.1 640x400" ]
}

@test "svg: writing the figures again gives the same bytes" {
	mkdir again
	"$HS_BUILD/tests/test_svg" --write again
	for f in $FIGS; do
		cmp "$FIG/$f.svg" "again/$f.svg"
	done
}

@test "svg: the Gantt chart renders to a figure, not a blank page" {
	need_render
	render gantt 50000
	[ "$status" -eq 0 ]
	[[ "$output" == "gantt.png: 960x550, "* ]]
}

@test "svg: the Gantt chart of 3000 tasks renders" {
	need_render
	render gantt-large 50000
	[ "$status" -eq 0 ]
}

@test "svg: the line plot with error bars renders" {
	need_render
	render plot 5000
	[ "$status" -eq 0 ]
	[[ "$output" == "plot.png: 640x400, "* ]]
}

@test "svg: the log-log plot renders" {
	need_render
	render plot-log 5000
	[ "$status" -eq 0 ]
}

@test "svg: the empty schedule renders its message" {
	need_render
	render empty 100
	[ "$status" -eq 0 ]
}

@test "svg: nonblank.py rejects a blank rendering" {
	need_render
	printf '%s\n' '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200">' \
		'<rect width="300" height="200" fill="#fff"/></svg>' >"$FIG/blank.svg"
	render blank
	rm "$FIG/blank.svg"
	[ "$status" -eq 1 ]
	[ "$output" = "blank.png: 300x200, 0 non-white pixels (0.0%)" ]
}

@test "svg: nonblank.py rejects a file that is not a PNG" {
	need_render
	echo hello >x.png
	run python3 "$SVGT/nonblank.py" x.png
	[ "$status" -eq 2 ]
	[ "$output" = "nonblank.py: not a PNG file" ]
}

@test "svg: render.sh and the test program check their arguments" {
	run sh "$SVGT/render.sh" only-one
	[ "$status" -eq 2 ]
	[ "$output" = "usage: render.sh SVG PNG" ]
	run sh "$SVGT/render.sh" missing.svg out.png
	[ "$status" -eq 2 ]
	[ "$output" = "render.sh: missing.svg: cannot read" ]
	run "$HS_BUILD/tests/test_svg" --write
	[ "$status" -eq 2 ]
	[ "$output" = "usage: test_svg [--write DIR]" ]
	run "$HS_BUILD/tests/test_svg" --write "$BATS_TEST_TMPDIR/none/such"
	[ "$status" -eq 1 ]
	[[ "${lines[0]}" == "test: $BATS_TEST_TMPDIR/none/such/gantt.svg: cannot create temporary file: "* ]]
}
