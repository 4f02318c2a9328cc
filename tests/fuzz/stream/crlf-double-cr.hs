hs 1
node n cores=1
task t model=rigid size=1 time=1
plan t tode=n cores=0 start=0 en=1