# every task model, GPUs, energy, options of the task record
hs 1
prov gen tool=hs-gen seed=1
cluster c bw=1e9 lat=1e-6 bb_bw=1e10 bb_lat=2e-6 sharing=fatpipe
node n1 cluster=c cores=4 speed=1.5 gpus=2 gpu_speed=2 cpu_busy=10 cpu_idle=2 gpu_busy=100 gpu_idle=20
node n2 cluster=c cores=2 flops=2e9 bw=1e8 lat=1e-5
task a model=amdahl t1=10 beta=0.1 release=1 walltime=100 prio=3 app=x
task b model=overhead T=50 x=0.95 max_cores=2 alpha=4 on=any
task c model=table times=8,5,4,3.5
task d model=rigid size=2 time=3 comp=1e9 comm=1e6 scope=cluster cmd='sleep 1; echo \'hi\''
task e model=gpu gpu_time=2 on=gpu
task f model=rigid size=1 time=0 walltime=inf
plan a node=n1 cores=0 start=1 end=10.5
plan b node=n1 gpus=0 start=0 end=12.5
plan c node=n2 cores=0-1 start=0 end=5
plan d node=n1,n2 cores=1/0 start=10.5 end=13.5 after=a
plan e node=n1 gpus=1 start=0 end=1
plan f node=n2 cores=1 start=13.5 end=13.5 after=d
run a node=n1 cores=0 start=1 end=10.5 state=done exit=0 energy=95
run d node=n1,n2 cores=1/0 start=10.5 end=12 state=killed exit=143 after=a
run e node=n1 gpus=1 start=0 end=1 state=failed exit=1
end stream records=19 tasks=6 plans=6 runs=3
