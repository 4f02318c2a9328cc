hs 1
prov gen tool=hs-gen version=0.1.0 gen=sleep n=6 x=0.9 base=50 scale=1 jitter=0 scope=node platform=dietze-cs1 seed=3
prov plan tool=hs-plan version=0.1.0 algo=taskp-ef plugin=listsched opts=order=seq,pick=ef time=0.000009
prov sim tool=hs-sim version=0.1.0 model=replay
# Dietze, Hofmann, Ruenger: heterogeneous cluster of Table 1.
# speed: estimated factors relative to cs1, see hs-gen(1).
platform dietze-cs1 ref_flops=9320000000 backbone_bw=125000000 backbone_lat=5e-05
cluster cs bw=125000000 lat=5e-05
node cs1 cluster=cs cores=8 speed=1 cpu='2x Intel Xeon E5345 2.33GHz'
task t1 model=overhead T=50 x=0.9
task t2 model=overhead T=50 x=0.9
task t3 model=overhead T=50 x=0.9
task t4 model=overhead T=50 x=0.9
task t5 model=overhead T=50 x=0.9
task t6 model=overhead T=50 x=0.9
plan t1 node=cs1 cores=0 start=0 end=50
plan t2 node=cs1 cores=1 start=0 end=50
plan t3 node=cs1 cores=2 start=0 end=50
plan t4 node=cs1 cores=3 start=0 end=50
plan t5 node=cs1 cores=4 start=0 end=50
plan t6 node=cs1 cores=5 start=0 end=50
run t1 node=cs1 cores=0 start=0 end=50 state=done energy=0
run t2 node=cs1 cores=1 start=0 end=50 state=done energy=0
run t3 node=cs1 cores=2 start=0 end=50 state=done energy=0
run t4 node=cs1 cores=3 start=0 end=50 state=done energy=0
run t5 node=cs1 cores=4 start=0 end=50 state=done energy=0
run t6 node=cs1 cores=5 start=0 end=50 state=done energy=0
end stream records=24 tasks=6 plans=6 runs=6
