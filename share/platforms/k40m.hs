hs 1
# Ndamlabin and Bramas (RSCHED) 3.1.1: node k40m, 20 CPU cores and 4 GPUs x 8 CUDA streams as workers.
# Each GPU worker is one stream (gpus = GPUs x streams); see hs-gen(1).
# Each GPU: PCIe gen 3 x16 to the host (gpu_bw, gpu_lat), 12 GB of memory.
platform k40m
node k40m cores=20 gpus=32 cpu='2x Intel Xeon E5-2680 v3 (Haswell, 12 cores, 2.50 GHz)' gpu='4x NVIDIA Tesla K40m 12GB' gpu_streams=8 gpu_bw=12000000000 gpu_lat=5e-06 gpu_mem=12000000000
end stream records=2 tasks=0 plans=0 runs=0
