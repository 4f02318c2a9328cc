hs 1
node n cores=2 pstates=1:4:12,0.5:3:8 pstate=0 sleep=1:2:30:5:100,0.5:9:90:20:400 off_power=0.5
node m cores=1 pstates=2:1:3,1:4:12 pstate=1 cpu_busy=12
task t model=rigid size=1 time=2
plan t node=n cores=0 start=0 end=2
