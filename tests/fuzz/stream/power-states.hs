hs 1
prov sim tool=hs-sim version=0.1.0 model=flow solver=bottleneck tcp_gamma=4194304 energy_model=core makespan=240 energy=3790 algo=conservative plugin=backfill opts=variant=basic,compat=none,recompute=none,select=auto,reserve=cores,shutdown=20,sleep=0 knowledge=walltime rejected=1 backfill.select=paper
platform p
cluster c
node n0 cluster=c cores=2 cpu_busy=20 cpu_idle=10 sleep=2:5:50:10:100
node n1 cluster=c cores=2 cpu_busy=20 cpu_idle=10 sleep=2:5:50:10:100
task j1 model=rigid size=2 time=10 walltime=20
task j2 model=rigid size=4 time=10 walltime=20 release=100
task j3 model=rigid size=1 time=30 walltime=40 release=200
task j4 model=rigid size=2 time=10 walltime=20 release=205
plan j1 node=n0 cores=0-1 start=0 end=10 resv=0
plan j3 node=n0 cores=0 start=210 end=240 after=j1 resv=210
plan j4 node=n1 cores=0-1 start=215 end=225 resv=215
run j1 node=n0 cores=0-1 start=0 end=10 state=done energy=400
run j2 start=100 end=100 state=rejected reason='asks for 4 cores; the largest node has 2'
run j3 node=n0 cores=0 start=210 end=240 after=j1 state=done energy=600
run j4 node=n1 cores=0-1 start=215 end=225 state=done energy=400
power n0 state=p0 start=0 end=30
power n0 state=off0 start=30 end=35
power n0 state=sleep0 start=35 end=200
power n0 state=on0 start=200 end=210
power n0 state=p0 start=210 end=260
power n0 state=off0 start=260 end=265
power n0 state=sleep0 start=265 end=265
power n1 state=p0 start=0 end=20
power n1 state=off0 start=20 end=25
power n1 state=sleep0 start=25 end=205
power n1 state=on0 start=205 end=215
power n1 state=p0 start=215 end=245
power n1 state=off0 start=245 end=250
power n1 state=sleep0 start=250 end=265
end stream records=30 tasks=4 plans=3 runs=4
