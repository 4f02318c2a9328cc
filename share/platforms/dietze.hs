hs 1
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
end stream records=12 tasks=0 plans=0 runs=0
