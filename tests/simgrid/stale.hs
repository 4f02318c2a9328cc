hs 1
# SimGrid's stale charge (hs-sim(1), Departures from SimGrid): L0 600 B/s,
# L1 300 B/s; 100 B each: v0 over L0 and L1, v1 over both and bounded at
# rate 1 by its 1e9 flop, v2 over L0.  Rounds: v0 1.5, v1 1, v2 2; then v0
# 2 (L1 full), v2 2.75, L0 has 25 B/s left; then v2 3 (L0 full).  v2 ends
# at 1/3 s; SimGrid charges L0 v1's share again, leaves 25 B/s idle and
# ends v2 at 4/11 s.  v0 ends at 1/2 s, v1 at 1 s in both.
cluster c routing=full
link L0 bw=600
link L1 bw=300
node x0 cluster=c cores=1
node y0 cluster=c cores=1
node x1 cluster=c cores=1
node y1 cluster=c cores=1
node x2 cluster=c cores=1
node y2 cluster=c cores=1
route r0 src=x0 dst=y0 links=L0,L1
route r1 src=x1 dst=y1 links=L0,L1
route r2 src=x2 dst=y2 links=L0
task v0 model=amdahl t1=1 scope=cluster comp=0,0 comm=0,100,0,0
task v1 model=amdahl t1=1 scope=cluster comp=1e9,0 comm=0,100,0,0
task v2 model=amdahl t1=1 scope=cluster comp=0,0 comm=0,100,0,0
plan v0 node=x0,y0 cores=0/0 start=0 end=1
plan v1 node=x1,y1 cores=0/0 start=0 end=1
plan v2 node=x2,y2 cores=0/0 start=0 end=1
