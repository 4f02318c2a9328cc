hs 1
node n cores=2 gpus=1
task a model=rigid size=1 time=5 release=2
task b model=rigid size=2 time=5
task c model=gpu gpu_time=1
plan a node=n cores=0 start=0 end=inf
plan b node=n cores=0-1 start=1e8 end=100000005 after=a,b
plan c node=n gpus=0 start=-1 end=0
run b node=n cores=0-1 start=100000004.95 end=100000010 state=done
run a node=n cores=1 start=5 end=1 state=bogus exit=-3
