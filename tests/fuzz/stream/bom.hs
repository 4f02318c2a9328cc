hs 1
node n cores=2
task t model=rigid size=2 time=1e-09
plan t node=n cores=0-1 start=0 end=1e-09
