hs 1
cluster c bw=1e9 lat=0
node n cluster=c cores=16 gpus=2
node m cluster=c cores=60000
task a model=rigid size=16 time=1
task b model=rigid size=1 time=1
task c model=rigid size=4 time=1
task d model=rigid size=3 time=1
task e model=rigid size=4 time=1
task g model=gpu gpu_time=1
plan a node=n cores=0-15 start=0 end=1
plan b node=n cores=007 start=1 end=2
plan c node=n cores=9,3-5,4 start=1 end=2
plan d node=m cores=59998-59999,55535 start=0 end=1
plan e node=m cores=55534-55537 start=1 end=2
plan g node=n gpus=1 start=0 end=1
