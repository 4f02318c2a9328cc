#!/bin/sh
# render.sh SVG PNG - screenshot an SVG with headless Chromium, at the size
# the SVG declares (its width/height attributes, in px).
#
# --no-sandbox: Chromium refuses to start as root with its sandbox (CI and
# containers run as root); only our own files are opened.  A private
# --user-data-dir keeps runs apart and out of $HOME; --hide-scrollbars keeps
# scrollbars out of the picture.  Chromium's chatter (dbus, GPU) goes to
# stderr of this script only when it fails.
set -e
[ $# -eq 2 ] || { echo "usage: render.sh SVG PNG" >&2; exit 2; }
svg=$1 png=$2
[ -r "$svg" ] || { echo "render.sh: $svg: cannot read" >&2; exit 2; }
case $svg in /*) ;; *) svg=$(pwd)/$svg ;; esac
case $png in /*) ;; *) png=$(pwd)/$png ;; esac
# The root element's size: width="960" height="550".
head=$(head -c 2000 "$svg" | tr '\n' ' ')
w=$(printf '%s' "$head" | sed -n 's/.*<svg[^>]* width="\([0-9.]*\)".*/\1/p')
h=$(printf '%s' "$head" | sed -n 's/.*<svg[^>]* height="\([0-9.]*\)".*/\1/p')
w=${w%%.*} h=${h%%.*}
: "${w:=800}" "${h:=600}"
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
[ -n "$browser" ] || { echo "render.sh: chromium is not installed" >&2; exit 1; }
profile=$(mktemp -d "${TMPDIR:-/tmp}/hs-chromium.XXXXXX")
log=$profile.log
trap 'rm -rf "$profile" "$log"' EXIT
rm -f "$png"
if ! timeout 120 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars \
	--no-first-run --user-data-dir="$profile" --window-size="$w,$h" \
	--screenshot="$png" "file://$svg" >"$log" 2>&1 || [ ! -s "$png" ]; then
	cat "$log" >&2
	echo "render.sh: chromium did not write $png" >&2
	exit 1
fi
