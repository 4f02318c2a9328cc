#!/usr/bin/env bats
# hs reads SimGrid platform files to SimGrid's own routes: for every pair of
# hosts the same links (bandwidth, latency, sharing), in the same order, and
# the same latency to the last bit.  SimGrid itself (libsimgrid-dev, a
# dependency) dumps its view with tests/simgrid/routes.cpp; hs's view comes
# from tests/simgrid/routes.c.  Skipped where no C++ compiler or SimGrid
# (failed instead when CI=true).

load helper

setup_file() {
	export SGTMP=$(mktemp -d)
	if command -v g++ >/dev/null && [ -f /usr/include/simgrid/s4u.hpp ]; then
		g++ -o "$SGTMP/sg-routes" "$TOP/tests/simgrid/routes.cpp" -lsimgrid
	fi
	cc -std=c11 -D_GNU_SOURCE -I"$TOP/lib" -o "$SGTMP/hs-routes" "$TOP/tests/simgrid/routes.c" \
		-Wl,--whole-archive "$HS_BUILD/libhs.a" -Wl,--no-whole-archive \
		$(pkg-config --libs libxml-2.0 libarchive) -lglpk -ldl -lm \
		$(case "$HS_BUILD" in *asan*) echo -fsanitize=address,undefined ;; esac)
}

teardown_file() {
	rm -rf "$SGTMP"
}

# same FILE.xml ROUTES [HOST]: both views of FILE are equal and hold ROUTES
# routes; HOST, a host hs leaves out (Batsim's master host), is left out of
# SimGrid's view too.
same() {
	if [ ! -x "$SGTMP/sg-routes" ]; then
		# share/deps.sh installs both: CI must not pass by skipping.
		[ "${CI:-}" != true ] || { echo "no SimGrid (libsimgrid-dev) or g++"; false; }
		skip "no SimGrid (libsimgrid-dev) or g++"
	fi
	"$SGTMP/sg-routes" "$1" 2>/dev/null | { if [ -n "${3:-}" ]; then grep -vw -- "$3"; else cat; fi; } \
		>"$SGTMP/sg.out"
	printf 'hs 1\nplatform p xml=%s\n' "$1" >"$SGTMP/p.hs"
	"$SGTMP/hs-routes" "$SGTMP/p.hs" >"$SGTMP/hs.out"
	diff "$SGTMP/sg.out" "$SGTMP/hs.out"
	[ "$(grep -c '^route .*lat=' "$SGTMP/hs.out")" -eq "$2" ]
}

@test "simgrid: a zone of clusters and a Floyd zone, joined by zoneRoutes" {
	same "$TOP/tests/simgrid/zones.xml" 47
	grep -q '^route c3 c2 lat=8: 1000000/8/shared$' "$SGTMP/hs.out"
	grep -q '^route b1 c1: none$' "$SGTMP/hs.out"
}

@test "simgrid: a Floyd zone of zones crosses an intermediate zone between gateways" {
	same "$TOP/tests/simgrid/floyd-zones.xml" 81
}

@test "simgrid: a Floyd zone alone; host links of a Cluster zone" {
	same "$TOP/tests/simgrid/floyd.xml" 7
	same "$TOP/tests/simgrid/host-links.xml" 4
}

@test "simgrid: Vivaldi zones of hosts (a blank first line) and of peers: latencies from coordinates" {
	# (sqrt(22.5^2 + 5.4^2) + 1.5 + 1.4) ms between h1 and h3, no link
	same "$TOP/tests/simgrid/vivaldi.xml" 16
	grep -q '^route h1 h3 lat=0.026038928237928392:$' "$SGTMP/hs.out"
	same "$TOP/tests/simgrid/vivaldi-peers.xml" 9
}

@test "simgrid: the Batsim 8x16 file and share/platforms/griffon.xml" {
	same "$SHARED/data/platforms/cluster_locality_8x16.xml" 16384 master_host0
	same "$TOP/share/platforms/griffon.xml" 16384
	# dutot-homo gives the same routes as griffon.xml.
	cp "$SGTMP/hs.out" "$SGTMP/griffon.out"
	hs-gen platform dutot-homo >"$SGTMP/d.hs"
	"$SGTMP/hs-routes" "$SGTMP/d.hs" >"$SGTMP/d.out"
	diff "$SGTMP/griffon.out" "$SGTMP/d.out"
}
