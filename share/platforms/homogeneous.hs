hs 1
platform homogeneous
cluster c1
node n1 cluster=c1 cores=8 speed=1
node n2 cluster=c1 cores=8 speed=1
node n3 cluster=c1 cores=8 speed=1
node n4 cluster=c1 cores=8 speed=1
end stream records=6 tasks=0 plans=0 runs=0
