hs 1
# Dietze, Hofmann, Ruenger: heterogeneous cluster of Table 1.
# speed: estimated factors relative to cs1, see hs-gen(1).
platform dietze-cs1 ref_flops=9320000000 backbone_bw=125000000 backbone_lat=5e-05
cluster cs bw=125000000 lat=5e-05
node cs1 cluster=cs cores=8 speed=1 cpu='2x Intel Xeon E5345 2.33GHz'
end stream records=3 tasks=0 plans=0 runs=0
