hs 1
# SimGrid's validation case V5: j1 (1 Gflop) and j2 (2 Gflop) on one CPU
# of 1 Gflop/s, planned one after the other but not ordered by an after
# list, so they run at once and share it; j3 after both: 0-2, 0-3, 3-4.
node n cores=1 flops=1e9
task j1 model=amdahl t1=1 comp=1e9
task j2 model=amdahl t1=2 comp=2e9
task j3 model=amdahl t1=1 comp=1e9
plan j1 node=n cores=0 start=0 end=1
plan j2 node=n cores=0 start=1 end=3
plan j3 node=n cores=0 start=3 end=4 after=j1,j2
