# cabinets.awk - Batsim's cluster_locality_8x16.xml as hs reads it (one
# SimGrid Cluster zone: 128 hosts, one backbone that every route crosses)
# made into 8 clusters, one per cabinet (host name prefix), with the same
# network: each host's split-duplex link and, between any two hosts, the
# route SimGrid takes (up, the zone's backbone, down).  The network and
# every route are the file's; only the clusters the scheduler sees
# change, so that the local variants have clusters to choose between.
#   hs-gen platform cluster_locality_8x16.xml | awk -f cabinets.awk
$1 == "cluster" {
	for (i = 2; i <= NF; i++) {
		if ($i ~ /^bw=/) bw = $i
		else if ($i ~ /^lat=/) lat = $i
		else if ($i ~ /^sharing=/) sh = $i
		else if ($i ~ /^bb_bw=/) { bb = $i; sub(/^bb_bw=/, "bw=", bb) }
		else if ($i ~ /^bb_lat=/) { bbl = $i; sub(/^bb_lat=/, "lat=", bbl) }
	}
	next
}
$1 == "router" { next }
$1 == "node" {
	pre = $2
	sub(/[0-9]+$/, "", pre)
	if (!(pre in cab)) {
		cab[pre] = ++nc
		print "cluster cab" nc, bw, lat, sh
	}
	sub(/cluster=[^ ]*/, "cluster=cab" cab[pre])
	print
	node[++nn] = $2
	next
}
{ print }
END {
	if (bb == "") { print "cabinets.awk: no backbone (bb_bw) in the platform" > "/dev/stderr"; exit 1 }
	print "link zone_backbone", bb, bbl
	for (i = 1; i <= nn; i++)
		for (j = i + 1; j <= nn; j++)
			printf "route r%d_%d src=%s dst=%s links=%s_link_UP,zone_backbone,%s_link_DOWN\n",
				i, j, node[i], node[j], node[i], node[j]
}
