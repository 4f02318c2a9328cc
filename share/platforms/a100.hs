hs 1
# Ndamlabin and Bramas (RSCHED) 3.1.1: node a100, 30 CPU cores and 2 GPUs x 16 CUDA streams as workers.
# Each GPU worker is one stream (gpus = GPUs x streams); see hs-gen(1).
platform a100
node a100 cores=30 gpus=32 cpu='2x AMD EPYC 7513 (Zen 3, 32 cores, 2.60 GHz)' gpu='2x NVIDIA A100 40GB' gpu_streams=16
end stream records=2 tasks=0 plans=0 runs=0
