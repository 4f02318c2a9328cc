#!/usr/bin/env bats
# Batsim's platforms are SimGrid files with hosts that run no job: the master
# host (master_host, master_hostN, role=master) and storage hosts
# (role=storage).  hs leaves them out of the platform, says so in a comment,
# and hs-gen platform --master NAME|none chooses otherwise.

load helper

setup() {
	tmp=$(mktemp -d)
	real=$SHARED/data/platforms/cluster_locality_8x16.xml
}

teardown() {
	rm -rf "$tmp"
}

@test "master: the Batsim 8x16 file has 128 compute nodes; master_host0 is named in a note" {
	run hs-gen platform "$real"
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | grep -c '^node ')" -eq 128 ]
	! printf '%s\n' "$output" | grep -q 'node master_host'
	printf '%s\n' "$output" | grep -qx "# not compute nodes (Batsim's master or storage host), left out: master_host0"
	# Through every way a file is read: --platform of a generator, xml= in a
	# stream, hs-sim --platform.
	[ "$(hs-gen sleep -n 2 -x 1 --platform "$real" | grep -c '^node ')" -eq 128 ]
	printf 'hs 1\nplatform p xml=%s\ntask t model=rigid size=1 time=5\nplan t node=master_host0 cores=0 start=0 end=5\n' \
		"$real" >"$tmp/p.hs"
	run hs-sim "$tmp/p.hs"
	[ "$status" -eq 2 ]
	[[ $output == *"master_host0"* ]]
	sed 's/master_host0/haxe25/' "$tmp/p.hs" | hs-sim | grep -q '^run t node=haxe25 .* end=5 '
}

@test "master: --master none keeps every host, --master NAME leaves out that host only" {
	run hs-gen platform "$real" --master none
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | grep -c '^node ')" -eq 129 ]
	! printf '%s\n' "$output" | grep -q '^# not compute'
	run hs-gen platform "$real" --master algol10
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | grep -c '^node ')" -eq 128 ]
	printf '%s\n' "$output" | grep -q '^node master_host0 '
	! printf '%s\n' "$output" | grep -q '^node algol10 '
	printf '%s\n' "$output" | grep -qx "# not compute nodes (Batsim's master or storage host), left out: algol10"
}

@test "master: a Full zone: master_host and a role=storage host go with their routes; ref_flops from the compute hosts" {
	xml "$tmp/f.xml" '<zone id="AS0" routing="Full">
  <host id="master_host" speed="100Mf"/>
  <host id="h1" speed="2Gf"/>
  <host id="h2" speed="1Gf"/>
  <host id="nfs" speed="0.5Gf"><prop id="role" value="storage"/></host>
  <link id="l1" bandwidth="1GBps" latency="1us"/>
  <route src="master_host" dst="h1"><link_ctn id="l1"/></route>
  <route src="h1" dst="h2"><link_ctn id="l1"/></route>
  <route src="h2" dst="nfs"><link_ctn id="l1"/></route>
</zone>'
	run hs-gen platform "$tmp/f.xml"
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | awk '$1 == "node" { printf "%s ", $2 }')" = "h1 h2 " ]
	[ "$(printf '%s\n' "$output" | awk '$1 == "route" { printf "%s ", $2 }')" = "h1:h2 h1:h1 h2:h2 " ]
	printf '%s\n' "$output" | grep -qx 'platform f ref_flops=1000000000'
	printf '%s\n' "$output" | grep -qx "# not compute nodes (Batsim's master or storage hosts), left out: master_host, nfs"
	# The platform loads and plans.
	hs-gen sleep -n 2 -x 1 --platform "$tmp/f.xml" | hs-plan -a taskp | hs-sim >/dev/null
}

@test "master: a master cluster (role=master, as Batsim's cluster512.xml) goes with its router and zone route" {
	xml "$tmp/c.xml" '<zone id="AS0" routing="Full">
  <cluster id="work" prefix="a" suffix="" radical="0-3" speed="1Gf" bw="125MBps" lat="50us" bb_bw="2.25GBps" bb_lat="500us"/>
  <cluster id="ctl" prefix="boss" suffix="" radical="0-0" speed="1Gf" bw="125MBps" lat="50us">
    <prop id="role" value="master"/>
  </cluster>
  <link id="backbone" bandwidth="1.25GBps" latency="500us"/>
  <zoneRoute src="work" dst="ctl" gw_src="awork_router" gw_dst="bossctl_router"><link_ctn id="backbone"/></zoneRoute>
</zone>'
	run hs-gen platform "$tmp/c.xml"
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | grep -c '^node a')" -eq 4 ]
	! printf '%s\n' "$output" | grep -q 'ctl\|boss0 '
	printf '%s\n' "$output" | grep -qx "# not compute nodes (Batsim's master or storage host), left out: boss0"
	# With --master none the master cluster and its route stay.
	run hs-gen platform "$tmp/c.xml" --master none
	printf '%s\n' "$output" | grep -q '^cluster ctl '
	printf '%s\n' "$output" | grep -q '^route work:ctl '
}

@test "master: errors: no such host, a master that routes cross, --master on a non-XML platform" {
	run hs-gen platform "$real" --master nosuch
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: $real: no host named 'nosuch' to leave out as the master host" ]
	xml "$tmp/g.xml" '<zone id="AS0" routing="Full">
  <zone id="ctl" routing="Full"><host id="master_host" speed="1Gf"/></zone>
  <zone id="work" routing="Full"><host id="w1" speed="1Gf"/></zone>
  <link id="bb" bandwidth="1GBps" latency="1us"/>
  <zoneRoute src="ctl" dst="work" gw_src="master_host" gw_dst="w1"><link_ctn id="bb"/></zoneRoute>
</zone>'
	run hs-gen platform "$tmp/g.xml"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: $tmp/g.xml:7: host master_host runs no job in Batsim (master or storage host) but routes between zones cross it: hs cannot leave it out (hs-gen platform --master none keeps every host)" ]
	[ "$(hs-gen platform "$tmp/g.xml" --master none | grep -c '^node ')" -eq 2 ]
	run hs-gen platform dietze --master x
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-gen: --master applies to SimGrid platform files only" ]
	hs-gen platform dietze >"$tmp/d.hs"
	run hs-gen platform "$tmp/d.hs" --master x
	[ "$status" -eq 2 ]
	[ "${lines[0]}" = "hs-gen: --master applies to SimGrid platform files only" ]
}
