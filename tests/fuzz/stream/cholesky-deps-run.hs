hs 1
prov gen tool=hs-gen version=0.1.0 gen=cholesky size=3 blocks=3 affinity=0 node=a100 precision=single kernels=builtin
prov plan tool=hs-plan version=0.1.0 algo=taskp plugin=listsched opts=order=given,pick=rr time=0.000025
prov sim tool=hs-sim version=0.1.0 model=replay
# Ndamlabin and Bramas (RSCHED) 3.1.1: node a100, 30 CPU cores and 2 GPUs x 16 CUDA streams as workers.
# Each GPU worker is one stream (gpus = GPUs x streams); see hs-gen(1).
platform a100
node a100 cores=30 gpus=32 cpu='2x AMD EPYC 7513 (Zen 3, 32 cores, 2.60 GHz)' gpu='2x NVIDIA A100 40GB' gpu_streams=16
app a1 size=3 blocks=3 tile=1 tasks=10
task a1.potrf.0 model=rigid size=1 time=2.003205128205128e-11 gpu_time=8.77948717948718e-10 on=any app=a1
task a1.trsm.0.1 model=rigid size=1 time=1.5024038461538462e-11 gpu_time=3.762637362637363e-10 on=any app=a1 deps=a1.potrf.0:4
task a1.trsm.0.2 model=rigid size=1 time=1.5024038461538462e-11 gpu_time=3.762637362637363e-10 on=any app=a1 deps=a1.potrf.0:4
task a1.syrk.0.1 model=rigid size=1 time=2.828054298642534e-11 gpu_time=6.197285067873304e-10 on=any app=a1 deps=a1.trsm.0.1:4
task a1.gemm.0.2.1 model=rigid size=1 time=2.670940170940171e-11 gpu_time=5.852991452991453e-10 on=any app=a1 deps=a1.trsm.0.2:4,a1.trsm.0.1:4
task a1.syrk.0.2 model=rigid size=1 time=2.828054298642534e-11 gpu_time=6.197285067873304e-10 on=any app=a1 deps=a1.trsm.0.2:4
task a1.potrf.1 model=rigid size=1 time=2.003205128205128e-11 gpu_time=8.77948717948718e-10 on=any app=a1 deps=a1.syrk.0.1:4
task a1.trsm.1.2 model=rigid size=1 time=1.5024038461538462e-11 gpu_time=3.762637362637363e-10 on=any app=a1 deps=a1.potrf.1:4,a1.gemm.0.2.1:4
task a1.syrk.1.2 model=rigid size=1 time=2.828054298642534e-11 gpu_time=6.197285067873304e-10 on=any app=a1 deps=a1.trsm.1.2:4,a1.syrk.0.2:4
task a1.potrf.2 model=rigid size=1 time=2.003205128205128e-11 gpu_time=8.77948717948718e-10 on=any app=a1 deps=a1.syrk.1.2:4
plan a1.potrf.0 node=a100 cores=0 start=0 end=2.003205128205128e-11
plan a1.trsm.0.1 node=a100 cores=1 start=2.003205128205128e-11 end=3.505608974358974e-11
plan a1.trsm.0.2 node=a100 cores=2 start=2.003205128205128e-11 end=3.505608974358974e-11
plan a1.syrk.0.1 node=a100 cores=3 start=3.505608974358974e-11 end=6.333663273001507e-11
plan a1.gemm.0.2.1 node=a100 cores=4 start=3.505608974358974e-11 end=6.176549145299145e-11
plan a1.syrk.0.2 node=a100 cores=5 start=3.505608974358974e-11 end=6.333663273001507e-11
plan a1.potrf.1 node=a100 cores=6 start=6.333663273001507e-11 end=8.336868401206635e-11
plan a1.trsm.1.2 node=a100 cores=7 start=8.336868401206635e-11 end=9.839272247360481e-11
plan a1.syrk.1.2 node=a100 cores=8 start=9.839272247360481e-11 end=1.2667326546003014e-10
plan a1.potrf.2 node=a100 cores=9 start=1.2667326546003014e-10 end=1.4670531674208142e-10
run a1.potrf.0 node=a100 cores=0 start=0 end=2.003205128205128e-11 state=done energy=0
run a1.trsm.0.1 node=a100 cores=1 start=2.003205128205128e-11 end=3.505608974358974e-11 state=done energy=0
run a1.trsm.0.2 node=a100 cores=2 start=2.003205128205128e-11 end=3.505608974358974e-11 state=done energy=0
run a1.syrk.0.1 node=a100 cores=3 start=3.505608974358974e-11 end=6.333663273001507e-11 state=done energy=0
run a1.gemm.0.2.1 node=a100 cores=4 start=3.505608974358974e-11 end=6.176549145299145e-11 state=done energy=0
run a1.syrk.0.2 node=a100 cores=5 start=3.505608974358974e-11 end=6.333663273001507e-11 state=done energy=0
run a1.potrf.1 node=a100 cores=6 start=6.333663273001507e-11 end=8.336868401206635e-11 state=done energy=0
run a1.trsm.1.2 node=a100 cores=7 start=8.336868401206635e-11 end=9.839272247360481e-11 state=done energy=0
run a1.syrk.1.2 node=a100 cores=8 start=9.839272247360481e-11 end=1.2667326546003014e-10 state=done energy=0
run a1.potrf.2 node=a100 cores=9 start=1.2667326546003014e-10 end=1.4670531674208142e-10 state=done energy=0
end stream records=36 tasks=10 plans=10 runs=10
