hs 1
prov gen tool=hs-gen version=0.1.0 gen=sleep n=12 x=0.9 base=50 scale=1 jitter=0 scope=node platform=dietze seed=1
prov plan tool=hs-plan version=0.1.0 algo=taskp-ef plugin=listsched opts=order=seq,pick=ef time=0.000034
# Dietze, Hofmann, Ruenger: heterogeneous cluster of Table 1.
# speed: estimated factors relative to cs1, see hs-gen(1).
platform dietze ref_flops=9320000000 backbone_bw=125000000 backbone_lat=5e-05
cluster cs bw=125000000 lat=5e-05
node cs1 cluster=cs cores=8 speed=1 cpu='2x Intel Xeon E5345 2.33GHz'
node cs2 cluster=cs cores=8 speed=1 cpu='2x Intel Xeon E5345 2.33GHz'
cluster sb bw=125000000 lat=5e-05
node sb1 cluster=sb cores=16 speed=1.6 cpu='2x Intel Xeon E5-2650 2.00GHz'
cluster ws bw=125000000 lat=5e-05
node ws1 cluster=ws cores=12 speed=1.5 cpu='2x Intel Xeon X5650 2.66GHz'
node ws2 cluster=ws cores=12 speed=1.5 cpu='2x Intel Xeon X5650 2.66GHz'
node ws3 cluster=ws cores=12 speed=1.5 cpu='2x Intel Xeon X5650 2.66GHz'
node ws4 cluster=ws cores=12 speed=1.5 cpu='2x Intel Xeon X5650 2.66GHz'
node ws5 cluster=ws cores=12 speed=1.5 cpu='2x Intel Xeon X5650 2.66GHz'
task t1 model=overhead T=50 x=0.9
task t2 model=overhead T=50 x=0.9
task t3 model=overhead T=50 x=0.9
task t4 model=overhead T=50 x=0.9
task t5 model=overhead T=50 x=0.9
task t6 model=overhead T=50 x=0.9
task t7 model=overhead T=50 x=0.9
task t8 model=overhead T=50 x=0.9
task t9 model=overhead T=50 x=0.9
task t10 model=overhead T=50 x=0.9
task t11 model=overhead T=50 x=0.9
task t12 model=overhead T=50 x=0.9
plan t1 node=sb1 cores=0 start=0 end=31.25
plan t2 node=sb1 cores=1 start=0 end=31.25
plan t3 node=sb1 cores=2 start=0 end=31.25
plan t4 node=sb1 cores=3 start=0 end=31.25
plan t5 node=sb1 cores=4 start=0 end=31.25
plan t6 node=sb1 cores=5 start=0 end=31.25
plan t7 node=sb1 cores=6 start=0 end=31.25
plan t8 node=sb1 cores=7 start=0 end=31.25
plan t9 node=sb1 cores=8 start=0 end=31.25
plan t10 node=sb1 cores=9 start=0 end=31.25
plan t11 node=sb1 cores=10 start=0 end=31.25
plan t12 node=sb1 cores=11 start=0 end=31.25
end stream records=38 tasks=12 plans=12 runs=0
