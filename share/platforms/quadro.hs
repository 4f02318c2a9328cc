hs 1
# Ndamlabin and Bramas (RSCHED) 3.1.1: node quadro, 30 CPU cores and 2 GPUs x 16 CUDA streams as workers.
# Each GPU worker is one stream (gpus = GPUs x streams); see hs-gen(1).
# Each GPU: PCIe gen 3 x16 to the host (gpu_bw, gpu_lat), 48 GB of memory.
platform quadro
node quadro cores=30 gpus=32 cpu='2x Intel Xeon Gold 5218R (Cascade Lake, 20 cores, 2.10 GHz)' gpu='2x NVIDIA Quadro RTX 8000 48GB' gpu_streams=16 gpu_bw=12000000000 gpu_lat=5e-06 gpu_mem=48000000000
end stream records=2 tasks=0 plans=0 runs=0
