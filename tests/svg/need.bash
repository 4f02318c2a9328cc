# need_render: skip the test (fail it in CI, CI=true) when the renderer or
# the PNG checker is missing; share/deps.sh installs both.  For the bats
# files that render SVG with headless Chromium (load svg/need).
need_render() {
	local t
	for t in chromium python3; do
		command -v $t >/dev/null 2>&1 && continue
		if [ "${CI:-}" = true ]; then
			echo "$t is not installed (share/deps.sh)" >&2
			return 1
		fi
		skip "$t is not installed (share/deps.sh)"
	done
}
