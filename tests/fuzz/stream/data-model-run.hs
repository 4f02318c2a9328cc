hs 1
platform p
node g cores=1 gpus=1 gpu_bw=1e9 gpu_lat=0.5 gpu_mem=3e9
task a model=gpu gpu_time=1
task b model=gpu gpu_time=1
task c model=gpu gpu_time=1 deps=a:2e9
task d model=rigid size=1 time=1 deps=b:2e9
plan a node=g gpus=0 start=0 end=1
plan b node=g gpus=0 start=1 end=2 after=a
plan c node=g gpus=0 start=2 end=3 after=b
plan d node=g cores=0 start=3 end=4
run a node=g cores='' gpus=0 start=0 end=1 state=done energy=0
run b node=g cores='' gpus=0 start=1 end=4 after=a state=done energy=0 fetch=2 d2h=2000000000
run c node=g cores='' gpus=0 start=4 end=9 after=b state=done energy=0 fetch=4 h2d=2000000000 d2h=2000000000
run d node=g cores=0 start=4 end=7 state=done energy=0 fetch=2
