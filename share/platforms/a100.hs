hs 1
# Ndamlabin and Bramas (RSCHED) 3.1.1: node a100, 30 CPU cores and 2 GPUs x 16 CUDA streams as workers.
# Each GPU worker is one stream (gpus = GPUs x streams); see hs-gen(1).
# Each GPU: PCIe gen 4 x16 to the host (gpu_bw, gpu_lat), 40 GB of memory.
platform a100
node a100 cores=30 gpus=32 cpu='2x AMD EPYC 7513 (Zen 3, 32 cores, 2.60 GHz)' gpu='2x NVIDIA A100 40GB' gpu_streams=16 gpu_bw=24000000000 gpu_lat=5e-06 gpu_mem=40000000000
end stream records=2 tasks=0 plans=0 runs=0
