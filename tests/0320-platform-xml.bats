#!/usr/bin/env bats
# SimGrid platform files: hs-gen platform FILE.xml, --platform FILE.xml,
# platform xml=FILE in a stream; units; every unsupported and malformed case
# with its message; share/platforms/griffon.xml.

load helper

setup() {
	tmp=$(mktemp -d)
	real=$SHARED/data/platforms/cluster_locality_8x16.xml
}

teardown() {
	rm -rf "$tmp"
}

# field RECORD-KIND ID KEY: the value of KEY in that record of $output.
field() {
	printf '%s\n' "$output" | awk -v k="$1" -v id="$2" -v key="$3" '
		$1 == k && $2 == id { for (i = 3; i <= NF; i++) if (index($i, key "=") == 1) {
			print substr($i, length(key) + 2); exit } }'
}

@test "xml: the Batsim 8x16 file: 128 compute hosts, 3Gf, 56Gbps links, 2.25GBps backbone" {
	run hs-gen platform "$real"
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | grep -c '^node ')" -eq 128 ]
	# Cabinets algol, boo, ..., haxe of hosts 10..25; master_host0, Batsim's
	# master host, is no compute node (tests/0125-gen-platform-master.bats).
	names=$(printf '%s\n' "$output" | awk '$1 == "node" { print $2 }' |
		sed 's/[0-9]*$//' | uniq -c | awk '{ printf "%s:%s ", $2, $1 }')
	[ "$names" = "algol:16 boo:16 cobol:16 dart:16 erlang:16 forth:16 graphtalk:16 haxe:16 " ]
	[ "$(printf '%s\n' "$output" | awk '$1 == "node" { print $2 }' | head -2 | tr '\n' ' ')" = "algol10 algol11 " ]
	[ "$(printf '%s\n' "$output" | grep '^node ' | grep -vc 'cluster=my_cluster1 cores=1 flops=3000000000$')" -eq 0 ]
	[ "$(field platform cluster_locality_8x16 ref_flops)" = 3000000000 ]
	# 56Gbps = 7e9 bytes/s, 1us; the backbone 2.25GBps, 500us.
	[ "$(field cluster my_cluster1 bw)" = 7000000000 ]
	[ "$(field cluster my_cluster1 lat)" = 1e-06 ]
	[ "$(field cluster my_cluster1 sharing)" = splitduplex ]
	[ "$(field cluster my_cluster1 bb_bw)" = 2250000000 ]
	[ "$(field cluster my_cluster1 bb_lat)" = 0.0005 ]
	printf '%s\n' "$output" | grep -qx 'router router1 cluster=my_cluster1'
	# Every line is a record of the platform or the notes naming the file
	# and the host left out.
	[ "$(printf '%s\n' "$output" | sed -n 2p)" = "# SimGrid platform $real" ]
	[ "$(printf '%s\n' "$output" | sed -n 3p)" = "# not compute nodes (Batsim's master or storage host), left out: master_host0" ]
	[ "$(printf '%s\n' "$output" | grep -cvE '^(hs 1|#.*|platform |cluster |node |router |end )')" -eq 0 ]
}

@test "xml: a stream's platform xml= is read, the stream is written back unchanged" {
	cp "$real" "$tmp/p.xml"
	printf 'hs 1\nplatform p xml=p.xml\ntask t model=amdahl t1=6 beta=0\n' >"$tmp/s.hs"
	run hs-plan -a taskp "$tmp/s.hs"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | grep -qx 'platform p xml=p.xml'
	printf '%s\n' "$output" | grep -qx 'plan t node=algol10 cores=0 start=0 end=6'
	! printf '%s\n' "$output" | grep -q '^node '
	# A plan may name the XML's hosts; speed is flops / ref_flops.
	printf 'hs 1\nplatform p xml=p.xml ref_flops=1.5e9\ntask t model=amdahl t1=6 beta=0\nplan t node=haxe25 cores=0 start=0 end=3\n' >"$tmp/q.hs"
	run hs-sim --check-durations "$tmp/q.hs"
	[ "$status" -eq 0 ]
	[ "$(field run t end)" = 3 ]
	[ "$(field run t node)" = haxe25 ]
}

@test "xml: generators take --platform FILE.xml" {
	run hs-gen sleep -n 2 -x 1 --platform "$real"
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | grep -c '^node ')" -eq 128 ]
	[ "$(printf '%s\n' "$output" | grep -c '^task ')" -eq 2 ]
	printf '%s\n' "$output" | grep -q '^prov gen .* platform='
	hs-gen sleep -n 2 -x 1 --platform "$real" | hs-plan -a taskp-ef >/dev/null
}

@test "xml: units: Bps and bps, k/M/G and Ki/Mi/Gi, f and flops, s to w" {
	cases='1kBps:1000 1KiBps:1024 1MBps:1000000 1MiBps:1048576 1Mbps:125000 1Gbps:125000000
10Gbps:1250000000 56Gbps:7000000000 1kbps:125 1Kibps:128 1e3bps:125 5:5 1.25GBps:1250000000
2TBps:2000000000000'
	for c in $cases; do
		xml "$tmp/u.xml" "<zone id=\"z\" routing=\"Full\"><host id=\"h\" speed=\"1f\"/><link id=\"l\" bandwidth=\"${c%%:*}\"/></zone>"
		run hs-gen platform "$tmp/u.xml"
		[ "$status" -eq 0 ]
		[ "$(field link l bw)" = "${c##*:}" ] || { echo "bandwidth $c: $(field link l bw)"; false; }
	done
	for c in 24us:2.4e-05 1ms:0.001 0.5s:0.5 2:2 1m:60 1h:3600 1d:86400 1w:604800 \
		24ns:2.4000000000000003e-08 1ps:1e-12 0:0; do
		xml "$tmp/u.xml" "<zone id=\"z\" routing=\"Full\"><host id=\"h\" speed=\"1f\"/><link id=\"l\" bandwidth=\"1Bps\" latency=\"${c%%:*}\"/></zone>"
		run hs-gen platform "$tmp/u.xml"
		[ "$status" -eq 0 ]
		[ "$(field link l lat)" = "${c##*:}" ] || { echo "latency $c: $(field link l lat)"; false; }
	done
	for c in 1Gf:1000000000 3.5Mf:3500000 1kf:1000 2Tf:2000000000000 100:100 \
		1megaflops:1000000 1flops:1 286.097kf:286097; do
		xml "$tmp/u.xml" "<zone id=\"z\" routing=\"Full\"><host id=\"h\" speed=\"${c%%:*}\"/></zone>"
		run hs-gen platform "$tmp/u.xml"
		[ "$status" -eq 0 ]
		[ "$(field node h flops)" = "${c##*:}" ] || { echo "speed $c: $(field node h flops)"; false; }
	done
}

@test "xml: zones, clusters, cabinets, routes and zoneRoutes become hs records" {
	xml "$tmp/z.xml" '<zone id="root" routing="Floyd">
  <cluster id="A" prefix="a" suffix=".x" radical="0-1,5" speed="1Gf" core="4" bw="125MBps" lat="50us"
           bb_bw="2.25GBps" bb_lat="500us" sharing_policy="SPLITDUPLEX" bb_sharing_policy="FATPIPE"/>
  <zone id="C" routing="Full">
    <host id="c1" speed="1Gf,500Mf" pstate="1" core="4">
      <prop id="wattage_per_state" value="100:120:200, 90:100:160"/>
      <prop id="something" value="else"/>
    </host>
    <router id="rc"/>
    <link id="l1" bandwidth="1MBps" latency="1s" sharing_policy="SPLITDUPLEX"/>
    <route src="c1" dst="rc" symmetrical="NO"><link_ctn id="l1" direction="UP"/></route>
  </zone>
  <zone id="Z" routing="Cluster">
    <cabinet id="k" prefix="z" suffix="" radical="1-2" speed="2Gf" bw="1GBps" lat="1us"/>
    <cabinet id="k" prefix="y" suffix="" radical="1" speed="2Gf" bw="2GBps" lat="1us"/>
    <backbone id="zb" bandwidth="10GBps" latency="2us"/>
  </zone>
  <link id="w" bandwidth="1GBps" latency="1ms"/>
  <zoneRoute src="A" dst="C" gw_src="aA_router.x" gw_dst="rc"><link_ctn id="w"/><link_ctn id="A_backbone"/></zoneRoute>
</zone>'
	run hs-gen platform "$tmp/z.xml"
	[ "$status" -eq 0 ]
	[ "$(printf '%s\n' "$output" | grep -vE '^(hs 1|#)')" = "platform z ref_flops=500000000 routing=floyd
cluster A bw=125000000 lat=4.9999999999999996e-05 sharing=splitduplex bb_bw=2250000000 bb_lat=0.0005 bb_sharing=fatpipe
router aA_router.x cluster=A
node a0.x cluster=A cores=4 flops=1000000000
node a1.x cluster=A cores=4 flops=1000000000
node a5.x cluster=A cores=4 flops=1000000000
cluster C routing=full
node c1 cluster=C cores=4 flops=500000000 cpu_busy=40 cpu_idle=22.5 pstates=2:25:50,1:22.5:40 pstate=1 simgrid_pstates=0,1
router rc cluster=C
link l1 bw=1000000 lat=1 sharing=splitduplex
route c1:rc src=c1 dst=rc links=l1_UP symmetrical=no
link __loopback__ bw=10000000000 lat=0 sharing=fatpipe
route c1:c1 src=c1 dst=c1 links=__loopback__
cluster Z bw=1000000000 lat=1e-06 sharing=splitduplex bb_bw=10000000000 bb_lat=2e-06
node z1 cluster=Z cores=1 flops=2000000000
node z2 cluster=Z cores=1 flops=2000000000
node y1 cluster=Z cores=1 flops=2000000000 bw=2000000000 lat=1e-06
link w bw=1000000000 lat=0.001
route A:C src=A dst=C gw_src=aA_router.x gw_dst=rc links=w,A_backbone
end stream records=19 tasks=0 plans=0 runs=0" ]
	# The conversion is a platform hs reads back to the same records.
	printf '%s\n' "$output" >"$tmp/z.hs"
	run hs-gen platform "$tmp/z.hs"
	[ "$status" -eq 0 ]
	[ "$output" = "$(grep -v '^#' "$tmp/z.hs")" ]
}

@test "xml: unsupported elements, attributes and values: FILE:LINE, exit 2" {
	host='<host id="h" speed="1Gf"/>'
	check() { # BODY MESSAGE
		xml "$tmp/e.xml" "$1"
		run hs-gen platform "$tmp/e.xml"
		[ "$status" -eq 2 ] || { echo "status $status for $1"; false; }
		[ "$output" = "hs-gen: $tmp/e.xml:$2" ] || { echo "got: $output"; false; }
	}
	check "<zone id=\"z\" routing=\"Full\">
<host id=\"h\" speed=\"1Gf\"><disk id=\"d\" read_bw=\"1Bps\" write_bw=\"1Bps\"/></host></zone>" \
		'4: unsupported element <disk>'
	check "<zone id=\"z\" routing=\"Full\">$host
<storage_type id=\"s\" size=\"1\"/></zone>" '4: unsupported element <storage_type>'
	check "<trace id=\"t\" periodicity=\"1\"/>" '3: unsupported element <trace>'
	check "<zone id=\"z\" routing=\"Full\">$host</zone>
<actor host=\"h\" function=\"f\"/>" '4: unsupported element <actor>'
	check "<random id=\"r\" min=\"0\" max=\"1\" mean=\"0\" std_deviation=\"0\"/>" \
		'3: unsupported element <random>'
	check "<zone id=\"z\" routing=\"Full\"><host id=\"h\" speed=\"1Gf\" speed_file=\"x\"/></zone>" \
		'3: unsupported attribute speed_file of <host>'
	check "<zone id=\"z\" routing=\"Dijkstra\">$host</zone>" \
		'3: zone z: routing Dijkstra is not supported (Full, Floyd, Cluster, Vivaldi)'
	check '<cluster id="c" prefix="a" suffix="" radical="1" speed="1Gf" bw="1Bps" lat="0" topology="TORUS"/>' \
		'3: cluster c: topology TORUS is not supported (FLAT only)'
	check "<zone id=\"z\" routing=\"Full\">$host<link id=\"l\" bandwidth=\"1KBps\"/></zone>" \
		"3: link l: bandwidth: unknown bandwidth unit 'KBps' in '1KBps'"
	check "<zone id=\"z\" routing=\"Full\"><host id=\"h\" speed=\"1Mflops\"/></zone>" \
		"3: host h: speed: unknown speed unit 'Mflops' in '1Mflops'"
	check "<zone id=\"z\" routing=\"Full\">$host<link id=\"l\" bandwidth=\"1Bps\" latency=\"-1s\"/></zone>" \
		"3: link l: latency: '-1s' must be non-negative"
	check "<zone id=\"z\" routing=\"Full\">$host<link id=\"l\" bandwidth=\"1Bps\" sharing_policy=\"WIFI\"/></zone>" \
		"3: <link>: sharing policy 'WIFI' is not supported (SHARED, SPLITDUPLEX, FATPIPE)"
	check "<zone id=\"z\" routing=\"Full\">$host
<link id=\"l\" bandwidth=\"1Bps\" sharing_policy=\"SPLITDUPLEX\"/>
<route src=\"h\" dst=\"h\"><link_ctn id=\"l\"/></route></zone>" \
		"5: <link_ctn>: link 'l' is SPLITDUPLEX: give direction=\"UP\" or \"DOWN\""
	check "<zone id=\"z\" routing=\"Full\">$host
<route src=\"h\" dst=\"h\"><link_ctn id=\"nope\"/></route></zone>" \
		"4: <link_ctn>: unknown link 'nope'"
	check "<zone id=\"z\" routing=\"Full\"><host id=\"h\" speed=\"1Gf\" pstate=\"2\"/></zone>" \
		'3: host h: pstate 2, but the host has 1'
	check "<zone id=\"z\" routing=\"Full\"><host id=\"h\" speed=\"1Gf\" core=\"4\"><prop id=\"wattage_per_state\" value=\"1:2,3:4\"/></host></zone>" \
		'3: wattage_per_state has 2 entries for 1 pstate'
	check "<zone id=\"z\" routing=\"Full\">$host</zone><zone id=\"y\" routing=\"Full\"/>" \
		'3: a second root zone (a platform has one)'
	check "<zone id=\"z\" routing=\"Full\"><zone id=\"y\" routing=\"Full\"><zone id=\"x\" routing=\"Full\">$host</zone></zone></zone>" \
		'3: zone y: zones of zones nested in zones are not supported'
	check "<zone id=\"z\" routing=\"Cluster\"><host id=\"h\" speed=\"1Gf\"/></zone>" \
		'3: zone z: host h has no <host_link> (a Cluster zone'"'"'s hosts need one)'
	check "<zone id=\"z\" routing=\"Full\"><host id=\"a b\" speed=\"1Gf\"/></zone>" \
		"3: host 'a b': hs ids cannot hold blanks, '=', ',', quotes or a leading '#'"
	check '<zone id="z" routing="Full"></zone>' '2: no host in the platform'
}

@test "xml: versions, malformed XML and other files: FILE:LINE, exit 2" {
	for v in 3 5 ''; do
		printf '<platform version="%s"><zone id="z" routing="Full"/></platform>\n' "$v" >"$tmp/v.xml"
		run hs-gen platform "$tmp/v.xml"
		[ "$status" -eq 2 ]
		[ "$output" = "hs-gen: $tmp/v.xml:1: SimGrid platform version '$v' is not supported (this hs reads 4.x)" ]
	done
	for v in 4 4.0 4.1; do
		printf '<platform version="%s"><AS id="z" routing="Full"><host id="h" speed="1Gf"/></AS></platform>\n' "$v" >"$tmp/v.xml"
		run hs-gen platform "$tmp/v.xml"
		[ "$status" -eq 0 ]
	done
	printf '<?xml version="1.0"?>\n<platform version="4.1">\n<zone id="z" routing="Full">\n<host id="h" speed="1Gf">\n</zone>\n</platform>\n' >"$tmp/m.xml"
	run hs-gen platform "$tmp/m.xml"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: $tmp/m.xml:5: malformed XML: Opening and ending tag mismatch: host line 4 and zone" ]
	printf '<platform version="4.1">\n<zone id="z" routing="Full">\n' >"$tmp/m.xml"
	run hs-gen platform "$tmp/m.xml"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: $tmp/m.xml:3: malformed XML: Premature end of data in tag zone line 2" ]
	printf '<?xml version="1.0"?>\n<nodes/>\n' >"$tmp/n.xml"
	run hs-gen platform "$tmp/n.xml"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: $tmp/n.xml:2: not a SimGrid platform file (root element <nodes>)" ]
	# Through a stream: the tool's name, the XML file's line; nothing else.
	xml "$tmp/d.xml" '<zone id="z" routing="Full">
<host id="h" speed="1Gf"><disk id="d" read_bw="1Bps" write_bw="1Bps"/></host></zone>'
	printf 'hs 1\nplatform p xml=d.xml\ntask t model=amdahl t1=1 beta=0\nplan t node=h cores=0 start=0 end=1\n' >"$tmp/s.hs"
	run hs-sim "$tmp/s.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-sim: $tmp/d.xml:4: unsupported element <disk>" ]
	printf 'hs 1\nplatform p xml=missing.xml\n' >"$tmp/s.hs"
	run hs-plan -a taskp "$tmp/s.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-plan: $tmp/missing.xml: No such file or directory" ]
}

@test "xml: blanks, comments and PIs before the declaration are read as SimGrid reads them; text is refused at its line" {
	body='<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1"><zone id="z" routing="Full"><host id="h" speed="1Gf"/></zone></platform>'
	printf '%s\n' "<?xml version='1.0'?>" "$body" >"$tmp/plain.xml"
	run hs-gen platform "$tmp/plain.xml"
	[ "$status" -eq 0 ]
	want=$(printf '%s\n' "$output" | grep -v '^#')
	# Batsim's energy platforms start with a blank line; SimGrid also takes
	# blanks, form feeds, comments and PIs there (FleXML's prolog).
	for pre in '\n' ' \t\r\n\f\n' '<!-- a\ncomment -->\n' '<?pi x?>\n'; do
		printf "$pre%s\n%s\n" "<?xml version='1.0' encoding='ISO-8859-1'?>" "$body" >"$tmp/pre.xml"
		run hs-gen platform "$tmp/pre.xml"
		[ "$status" -eq 0 ] || { echo "$pre: $output"; false; }
		[ "$(printf '%s\n' "$output" | grep -v '^#' | sed 's/^platform pre /platform plain /')" = "$want" ]
	done
	# Lines stay the file's: an error after the blanked declaration.
	printf '\n\n%s\n<platform version="4.1"><zone id="z" routing="Full"><host id="h" speed="1Gf"><disk/></host></zone></platform>\n' \
		"<?xml version='1.0'?>" >"$tmp/l.xml"
	run hs-gen platform "$tmp/l.xml"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: $tmp/l.xml:4: unsupported element <disk>" ]
	# Text before it: refused at its line, as SimGrid refuses it.
	for pre in 'junk\n' '\n\n  junk\n' '\v'; do
		printf "$pre%s\n%s\n" "<?xml version='1.0'?>" "$body" >"$tmp/bad.xml"
		line=$(printf "$pre" | awk '/[^ \t]/ { print NR; exit }')
		run hs-gen platform "$tmp/bad.xml"
		[ "$status" -eq 2 ]
		[ "$output" = "hs-gen: $tmp/bad.xml:${line:-1}: malformed XML: text before the XML declaration (SimGrid takes blanks, comments and processing instructions there)" ] ||
			{ echo "$pre: $output"; false; }
	done
	printf '\n%s\n%s\n' "<?xml version='1.0' encoding='nope'?>" "$body" >"$tmp/enc.xml"
	run hs-gen platform "$tmp/enc.xml"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: $tmp/enc.xml:2: malformed XML: Unsupported encoding nope" ]
	# Through a stream too.
	printf 'hs 1\nplatform p xml=pre.xml\n' >"$tmp/s.hs"
	run hs-plan -a taskp "$tmp/s.hs"
	[ "$status" -eq 0 ]
}

@test "xml: a Vivaldi zone: coordinates in ms give the latencies, peers their up and down links" {
	xml "$tmp/v.xml" '<zone id="AS0" routing="Vivaldi">
<peer id="a" coordinates="0 0 1" speed="10f" bw_in="200Bps" bw_out="100Bps"/>
<peer id="b" coordinates="3 4 1" speed="10f" bw_in="50Bps" bw_out="80Bps" lat="9s"/>
</zone>'
	run hs-gen platform "$tmp/v.xml"
	[ "$status" -eq 0 ]
	[ "$(records cluster)" = "AS0 routing=vivaldi" ]
	[ "$(records node)" = "a cluster=AS0 cores=1 flops=10 coords=0,0,1 up=link_a_UP down=link_a_DOWN
b cluster=AS0 cores=1 flops=10 coords=3,4,1 up=link_b_UP down=link_b_DOWN" ]
	[ "$(records link)" = "link_a_UP bw=100 lat=0
link_a_DOWN bw=200 lat=0
link_b_UP bw=80 lat=0
link_b_DOWN bw=50 lat=0" ]
	# a to b: (sqrt(3^2 + 4^2) + 1 + 1) ms = 0.007 s of latency, then 100 B
	# at 50 B/s (b's link down; a's up is 100 B/s): 2.007 s.  The way back:
	# 100 B at 80 B/s (b up) after the same latency: 1.257 s.
	printf 'hs 1\nplatform p xml=v.xml\ntask t model=amdahl t1=1 scope=cluster comp=0,0 comm=0,100,0,0\nplan t node=a,b cores=0/0 start=0 end=1\n' >"$tmp/s.hs"
	run hs-sim "$tmp/s.hs"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | grep -qx 'run t node=a,b cores=0/0 start=0 end=2.007 state=done energy=0'
	sed 's/comm=0,100,0,0/comm=0,0,100,0/' "$tmp/s.hs" >"$tmp/back.hs"
	run hs-sim "$tmp/back.hs"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | grep -qx 'run t node=a,b cores=0/0 start=0 end=1.257 state=done energy=0'
	# Hosts have no link: the latency alone (0.007 s), whatever the size.
	xml "$tmp/h.xml" '<zone id="AS0" routing="Vivaldi">
<host id="a" coordinates="0 0 1" speed="10f"/><host id="b" coordinates="3 4 1" speed="10f"/></zone>'
	sed 's/v\.xml/h.xml/' "$tmp/s.hs" >"$tmp/h.hs"
	run hs-sim "$tmp/h.hs"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | grep -qx 'run t node=a,b cores=0/0 start=0 end=0.007 state=done energy=0'
	# The same platform written as hs records.
	printf 'hs 1\ncluster v routing=vivaldi\nnode a cluster=v cores=1 flops=10 coords=0,0,1\nnode b cluster=v cores=1 flops=10 coords=3,4,1\n' >"$tmp/r.hs"
	sed -n '/^task/,$p' "$tmp/s.hs" >>"$tmp/r.hs"
	run hs-sim "$tmp/r.hs"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | grep -qx 'run t node=a,b cores=0/0 start=0 end=0.007 state=done energy=0'
}

@test "xml: Vivaldi zones: what SimGrid refuses or hs cannot model, FILE:LINE, exit 2" {
	check() { # BODY MESSAGE
		xml "$tmp/e.xml" "$1"
		run hs-gen platform "$tmp/e.xml"
		[ "$status" -eq 2 ] || { echo "status $status for $1"; false; }
		[ "$output" = "hs-gen: $tmp/e.xml:$2" ] || { echo "got: $output"; false; }
	}
	check '<zone id="z" routing="Vivaldi"><host id="h" speed="1Gf"/></zone>' \
		'3: <host> h: a host of a Vivaldi zone needs coordinates="X Y H"'
	check '<zone id="z" routing="Vivaldi"><host id="h" speed="1Gf" coordinates="1 2"/></zone>' \
		'3: <host> h: coordinates must be three numbers "X Y H"'
	check '<zone id="z" routing="Vivaldi"><host id="h" speed="1Gf" coordinates="1 2 x"/></zone>' \
		'3: <host> h: coordinates must be three numbers "X Y H"'
	check '<zone id="z" routing="Vivaldi"><host id="h" speed="1Gf" coordinates="0 0 0"/>
<peer id="p" speed="1Gf" bw_in="1Bps" bw_out="1Bps" coordinates="0 0 0"/></zone>' \
		'4: zone z: <peer> and <host> in one zone (SimGrid takes one or the other)'
	check '<zone id="z" routing="Vivaldi"><peer id="p" speed="1Gf,2Gf" bw_in="1Bps" bw_out="1Bps" coordinates="0 0 0"/></zone>' \
		"3: <peer> p: speed '1Gf,2Gf' must be one value (a peer has no pstates)"
	check '<zone id="z" routing="Vivaldi"><peer id="p" speed="1Gf" bw_in="1Bps" coordinates="0 0 0"/></zone>' \
		'3: <peer> needs a bw_out attribute'
	check '<zone id="z" routing="Vivaldi"><host id="h" speed="1Gf" coordinates="0 0 0"/>
<route src="h" dst="h"/></zone>' \
		'4: <route> in a Vivaldi zone is not supported (it takes host, peer, link and router)'
	check '<zone id="z" routing="Full"><host id="h" speed="1Gf"/>
<peer id="p" speed="1Gf" bw_in="1Bps" bw_out="1Bps"/></zone>' \
		'4: <peer> in a Full zone: SimGrid takes peers in Vivaldi zones only'
	# hs records: coords are needed, and well formed.
	printf 'hs 1\ncluster v routing=vivaldi\nnode a cluster=v cores=1\ntask t model=amdahl t1=1\nplan t node=a cores=0 start=0 end=1\n' >"$tmp/r.hs"
	run hs-sim "$tmp/r.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-sim: $tmp/r.hs:3: node a: cluster v has routing=vivaldi: give coords=X,Y,H" ]
	printf 'hs 1\ncluster v routing=vivaldi\nnode a cluster=v cores=1 coords=1,2\n' >"$tmp/r.hs"
	run hs-sim "$tmp/r.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-sim: $tmp/r.hs:3: node a: coords must be three numbers X,Y,H, got '1,2'" ]
}

@test "xml: a Batsim energy platform (blank first line, AS Vivaldi, pstate speed lists, power properties) is read" {
	{
		printf '\n<?xml version="1.0"?>\n<!DOCTYPE platform SYSTEM "http://simgrid.gforge.inria.fr/simgrid/simgrid.dtd">\n'
		printf '<platform version="4">\n<config id="General">\n<prop id="contexts/stack-size" value="16"></prop>\n</config>\n'
		printf '<AS id="AS0" routing="Vivaldi">\n'
		printf '<host id="master_host" coordinates="0 0 0" speed="100Mf">\n<prop id="wattage_per_state" value="100:100:200" />\n<prop id="wattage_off" value="10" />\n</host>\n'
		for i in 0 1 2 3; do
			printf '<host id="host%d" coordinates="0 0 0" speed="100.0Mf, 1e-9Mf, 0.5f, 0.05f" pstate="0" >\n' $i
			printf '<prop id="wattage_per_state" value="95.0:95.0:190.738, 9.75:9.75:9.75, 100.99672131147543:100.99672131147543:100.99672131147543, 125.1743848996832:125.1743848996832:125.1743848996832" />\n'
			printf '<prop id="wattage_off" value="9.75" />\n<prop id="sleep_pstates" value="1:2:3" />\n</host>\n'
		done
		printf '</AS>\n</platform>\n'
	} >"$tmp/energy.xml"
	run hs-gen platform "$tmp/energy.xml"
	[ "$status" -eq 0 ]
	# pstate 0: 100 Mf, 95 W idle and 190.738 W busy; the master host out.
	# Pstate 1 sleeps (9.75 W), 2 switches off (1 flop at 0.5 f/s: 2 s at
	# 100.99672131147543 W), 3 on (1 flop at 0.05 f/s: 20 s at 125.17... W).
	[ "$(records node | head -1)" = "host0 cluster=AS0 cores=1 flops=100000000 cpu_busy=190.738 cpu_idle=95 pstates=1:95:190.738 sleep=9.75:2:201.99344262295085:20:2503.487697993664 simgrid_pstates=0,1,-,- off_power=9.75 coords=0,0,0" ]
	[ "$(records node | wc -l)" -eq 4 ]
	printf '%s\n' "$output" | grep -q '^# .*master_host'
	# Jobs run on it; hosts at the same coordinates without links
	# exchange data at once.
	printf 'hs 1\nplatform p xml=energy.xml\ntask t model=amdahl t1=1 scope=cluster comp=1e8,1e8 comm=0,100,0,0\nplan t node=host0,host3 cores=0/0 start=0 end=1\n' >"$tmp/s.hs"
	run hs-sim "$tmp/s.hs"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | grep -q '^run t node=host0,host3 cores=0/0 start=0 end=1 state=done'
}

@test "xml: power states: every pstate's speed and wattage, wattage_off, Batsim's sleep_pstates with their switching pstates" {
	# Batsim's shape on 4 cores, starting in pstate 1: pstates 0 and 1
	# compute, 2 sleeps, 3 switches off into it, 4 on (sleep_pstates
	# SLEEP:OFF:ON, as Batsim's machines.cpp reads it).
	xml "$tmp/p.xml" '<zone id="z" routing="Full">
<host id="h" speed="2Gf, 1Gf, 1e-9Mf, 0.25f, 0.1f" pstate="1" core="4">
<prop id="wattage_per_state" value="100:120:200, 90:100:160, 8:8, 50:60:100, 40:80"/>
<prop id="wattage_off" value="5"/>
<prop id="sleep_pstates" value="2:3:4"/>
</host></zone>'
	run hs-gen platform "$tmp/p.xml"
	[ "$status" -eq 0 ]
	# Computing: 2 Gf = 2 x the initial 1 Gf, 100/4 W idle, 200/4 busy; the
	# initial one 90/4, 160/4 (cpu_idle, cpu_busy as before).  Sleeping:
	# 8 W; off: 1 flop at 0.25 f/s = 4 s at Epsilon + (AllCores -
	# Epsilon)/cores = 60 + 40/4 = 70 W, 280 J; on: 10 s at 40 + (80 - 40)/4
	# (Epsilon = Idle with two values) = 50 W, 500 J.
	[ "$(records node)" = "h cluster=z cores=4 flops=1000000000 cpu_busy=40 cpu_idle=22.5 pstates=2:25:50,1:22.5:40 pstate=1 sleep=8:4:280:10:500 simgrid_pstates=0,1,2,-,- off_power=5" ]
	# Two sleep pstates sharing their switching pstates (Batsim's Venus);
	# a blank sleep_pstates is none; one pstate: no pstates= (as before).
	xml "$tmp/v.xml" '<zone id="z" routing="Full">
<host id="v" speed="1Gf, 1e-9Mf, 1f, 0.5f, 1e-9Mf"><prop id="wattage_per_state" value="10:20, 1:1, 30:30, 40:40, 2:2"/>
<prop id="sleep_pstates" value="1:2:3 , 4:2:3"/></host>
<host id="w" speed="1Gf, 2Gf"><prop id="sleep_pstates" value=" "/></host>
<host id="x" speed="1Gf"><prop id="wattage_per_state" value="1:2"/><prop id="wattage_off" value="0.5"/></host></zone>'
	run hs-gen platform "$tmp/v.xml"
	[ "$status" -eq 0 ]
	[ "$(records node)" = "v cluster=z cores=1 flops=1000000000 cpu_busy=20 cpu_idle=10 pstates=1:10:20 sleep=1:1:30:2:80,2:1:30:2:80 simgrid_pstates=0,1,-,-,2
w cluster=z cores=1 flops=1000000000 pstates=1:0:0,2:0:0 simgrid_pstates=0,1
x cluster=z cores=1 flops=1000000000 cpu_busy=2 cpu_idle=1 off_power=0.5" ]
	# The records load: hs-sim runs on them as before (speed, cpu_busy).
	printf 'hs 1\nplatform p xml=p.xml\ntask t model=rigid size=1 time=2\nplan t node=h cores=0 start=0 end=2\n' >"$tmp/s.hs"
	run hs-sim "$tmp/s.hs"
	[ "$status" -eq 0 ]
	printf '%s\n' "$output" | grep -qx 'run t node=h cores=0 start=0 end=2 state=done energy=80'
	# What Batsim refuses, at the property's or host's line.
	check() { # PROPS MESSAGE
		xml "$tmp/e.xml" "<zone id=\"z\" routing=\"Full\"><host id=\"h\" speed=\"1Gf, 1e-9Mf, 1f, 0f\">
$1</host></zone>"
		run hs-gen platform "$tmp/e.xml"
		[ "$status" -eq 2 ] || { echo "status $status for $1"; false; }
		[ "$output" = "hs-gen: $tmp/e.xml:$2" ] || { echo "got: $output"; false; }
	}
	check '<prop id="sleep_pstates" value="1:2"/>' "4: sleep_pstates: '1:2' must be SLEEP:OFF:ON pstates"
	check '<prop id="sleep_pstates" value="1:2:x"/>' "4: sleep_pstates: '1:2:x' must be SLEEP:OFF:ON pstates"
	check '<prop id="sleep_pstates" value="1:2:4"/>' "4: sleep_pstates: '1:2:4': pstate 4, but the host has 4"
	check '<prop id="sleep_pstates" value="1:2:2, 1:2:2"/>' '3: host h: sleep_pstates: pstate 1 is given twice as a sleep pstate'
	check '<prop id="sleep_pstates" value="1:2:2, 2:1:1"/>' '3: host h: sleep_pstates: pstate 2 is given as a sleep pstate and as a switching one'
	check '<prop id="sleep_pstates" value="0:1:2"/>' '3: host h: its initial pstate 0 is a sleep pstate'
	check '<prop id="sleep_pstates" value="1:2:3"/>' '3: host h: switching pstate 3 has speed 0: its flop would never end'
	check '<prop id="wattage_off" value="-1"/>' "4: wattage_off: '-1' is not a number of watts"
	check '' '3: host h: computing pstate 3 has speed 0'
}

@test "xml: problems the network finds name the XML file and line" {
	xml "$tmp/r.xml" '<zone id="z" routing="Full">
<host id="h" speed="1Gf"/>
<link id="l" bandwidth="1Bps"/>
<route src="h" dst="nobody"><link_ctn id="l"/></route></zone>'
	run hs-gen platform "$tmp/r.xml"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-gen: $tmp/r.xml:6: route h:nobody: unknown node, router or cluster 'nobody'" ]
	# A stream's node clashing with the XML's host.
	xml "$tmp/ok.xml" '<zone id="z" routing="Full">
<host id="h" speed="1Gf"/></zone>'
	printf 'hs 1\nplatform p xml=ok.xml\nnode h cores=1\n' >"$tmp/s.hs"
	run hs-plan -a taskp "$tmp/s.hs"
	[ "$status" -eq 2 ]
	[ "$output" = "hs-plan: $tmp/s.hs:3: duplicate node id 'h' (first at $tmp/ok.xml:4)" ]
}

@test "xml: share/platforms/griffon.xml reads to dutot-homo's nodes and clusters" {
	run hs-gen platform "$TOP/share/platforms/griffon.xml"
	[ "$status" -eq 0 ]
	g=$output
	run hs-gen platform dutot-homo
	d=$output
	# Nodes: the same ids, clusters and cores; flops = dutot-homo's ref_flops.
	[ "$(printf '%s\n' "$g" | awk '$1 == "node" { print $2, $3, $4 }')" = \
	  "$(printf '%s\n' "$d" | awk '$1 == "node" { print $2, $3, $4 }')" ]
	[ "$(printf '%s\n' "$g" | grep -c '^node .* flops=286097$')" -eq 128 ]
	[ "$(printf '%s\n' "$d" | grep -c '^node .* speed=1$')" -eq 128 ]
	printf '%s\n' "$d" | grep -q '^platform dutot-homo ref_flops=286097 '
	# Clusters: the same links .
	for c in c1 c2 c3 c4 c5 c6 c7 c8; do
		output=$g
		gl="$(field cluster $c bw) $(field cluster $c lat) $(field cluster $c sharing) $(field cluster $c bb_bw) $(field cluster $c bb_lat)"
		output=$d
		dl="$(field cluster $c bw) $(field cluster $c lat) $(field cluster $c sharing) $(field cluster $c bb_bw) $(field cluster $c bb_lat)"
		[ "$gl" = "$dl" ]
		[ "$gl" = "125000000 2.4e-05 splitduplex 1250000000 0" ]
	done
	# The backbone: a link record joining every pair of clusters.
	printf '%s\n' "$g" | grep -qx 'link backbone bw=1250000000 lat=2.4e-05'
	[ "$(printf '%s\n' "$g" | grep -c '^route c[1-8]:c[1-8] .* links=backbone$')" -eq 28 ]
	printf '%s\n' "$d" | grep -q ' backbone_bw=1250000000 backbone_lat=2.4e-05$'
}
