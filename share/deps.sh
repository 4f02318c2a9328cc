#!/bin/sh
# Install what hs needs to build and test, if it is missing (Debian/Ubuntu).
# Used by `make demo`, `make check` and .ci/run; does nothing when all is there.
set -e
need=""
have_pc() { pkg-config --exists "$1" 2>/dev/null; }
command -v cc >/dev/null 2>&1 || need="$need gcc"
command -v make >/dev/null 2>&1 || need="$need make"
command -v pkg-config >/dev/null 2>&1 || need="$need pkg-config"
have_pc libxml-2.0 || need="$need libxml2-dev"
have_pc libarchive || need="$need libarchive-dev"
[ -f /usr/include/glpk.h ] || need="$need libglpk-dev"
command -v bats >/dev/null 2>&1 || need="$need bats"
command -v bc >/dev/null 2>&1 || need="$need bc"
command -v xmllint >/dev/null 2>&1 || need="$need libxml2-utils"
# The SimGrid reference simulator (differential tests, benchmark of hs-sim).
[ -f /usr/include/simgrid/actor.h ] || need="$need libsimgrid-dev"
# tests/0330 compiles SimGrid's own route dump (C++).
command -v g++ >/dev/null 2>&1 || need="$need g++"
# Rendering hs-report's SVG figures in a test (headless Chromium).
command -v chromium >/dev/null 2>&1 || need="$need chromium"
# ... and checking the screenshots are not blank (tests/svg/nonblank.py).
command -v python3 >/dev/null 2>&1 || need="$need python3"
# Fuzzing (make fuzz, in CI): clang and its libFuzzer runtime.
command -v clang >/dev/null 2>&1 || need="$need clang"
ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-*.a >/dev/null 2>&1 ||
	need="$need libclang-rt-dev"
# The Batsim bridge (plugins/batsim/): its JSON wire format and ZeroMQ link.
have_pc jansson || need="$need libjansson-dev"
have_pc libzmq || need="$need libzmq3-dev"
# ... and pybatsim, the Batsim client its tests drive (tests only).
/usr/bin/python3 -c 'import zmq, sortedcontainers, redis, pandas, docopt' >/dev/null 2>&1 ||
	need="$need python3-zmq python3-sortedcontainers python3-redis python3-pandas python3-docopt"
# Compressed-input tests need the compressors themselves.
for c in gzip:gzip bzip2:bzip2 xz:xz-utils zstd:zstd; do
	command -v "${c%%:*}" >/dev/null 2>&1 || need="$need ${c#*:}"
done
# hs-exec's back-end tests: a real single-host Slurm (with munge) and an sshd.
have_sbin() { command -v "$1" >/dev/null 2>&1 || [ -x "/usr/sbin/$1" ]; }
have_sbin slurmctld || need="$need slurm-wlm"
have_sbin sbatch || need="$need slurm-client"
have_sbin munged || need="$need munge"
have_sbin sshd || need="$need openssh-server"
have_sbin ssh || need="$need openssh-client"
[ -z "$need" ] && exit 0
if [ "$(id -u)" != 0 ]; then
	echo "hs: missing packages:$need" >&2
	echo "hs: run as root: apt-get install -y$need" >&2
	exit 1
fi
echo "hs: installing:$need" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get install -y --no-install-recommends $need >/dev/null 2>&1 || {
	apt-get update >/dev/null 2>&1
	apt-get install -y --no-install-recommends $need >/dev/null
}
