hs 1
platform p ref_flops=1e9 backbone_bw=1e9 backbone_lat=1e-4 routing=floyd
cluster s routing=cluster bw=1e9 up_bw=1e8 up_lat=1e-3 sharing=splitduplex
cluster f routing=full router=r1
cluster y routing=floyd
node a cluster=s cores=2
node b cluster=s cores=2
node c cluster=f cores=1
node d cluster=f cores=1
node e cluster=y cores=1
node g cluster=y cores=1
router r1 cluster=f
router r2 cluster=y
link l1 bw=1e9 lat=1e-6
link l2 bw=1e8 lat=1e-5 sharing=fatpipe
link l3 bw=1e7 sharing=splitduplex
route c:d src=c dst=d links=l1,l2
route c:r1 src=c dst=r1 links=l1
route d:r1 src=d dst=r1 links=l2 symmetrical=no
route e:r2 src=e dst=r2 links=l1
route g:r2 src=g dst=r2 links=l3_UP
route s:f src=s dst=f gw_src=a gw_dst=r1 links=l2
task t model=rigid size=4 time=1 comp=1e9,1e9,1e9,1e9 comm=0,1,1,1,1,0,1,1,1,1,0,1,1,1,1,0 scope=any
plan t node=a,c,e,g cores=0/0/0/0 start=0 end=1
