#!/bin/sh
# A real single-host Slurm for hs-exec's tests: munged, slurmctld and one
# slurmd per virtual node, all with their files in one directory.
#
#   tests/slurm/setup.sh start DIR [NODES [CPUS]]   start; print the environment
#   tests/slurm/setup.sh stop DIR                   stop (by PID files) and wait
#
# `start` prints shell assignments for the tests to eval:
#   SLURM_CONF=DIR/slurm.conf HS_SLURM_NODES=n1,n2 HS_SLURM_DIR=DIR
# and exits non-zero, with the daemons' logs on stderr, when Slurm does not
# come up.  Nodes are n1..nNODES (default 2) with CPUS CPUs each (default 2;
# more than the machine has is fine: SlurmdParameters=config_overrides).
# Ports are chosen at random among free ones, so several test runs can
# share a machine.  See ../../../shared/notes/slurm-on-one-host.md.
set -u

die() {
	echo "slurm setup: $*" >&2
	exit 1
}

# Is TCP port $1 listening?  (/proc/net/tcp: no ss or netstat needed)
port_busy() {
	hex=$(printf ':%04X ' "$1")
	cat /proc/net/tcp /proc/net/tcp6 2>/dev/null | awk -v p="$hex" \
		'index($2, p) && $4 == "0A" { found = 1 } END { exit !found }'
}

# A base port with NODES+1 free ports after it.
pick_ports() {
	n=$1
	tries=0
	while [ $tries -lt 50 ]; do
		tries=$((tries + 1))
		base=$((20000 + $(od -An -N2 -tu2 /dev/urandom | tr -d ' ') % 30000))
		ok=1
		i=0
		while [ $i -le "$n" ]; do
			if port_busy $((base + i)); then
				ok=0
				break
			fi
			i=$((i + 1))
		done
		[ $ok = 1 ] && {
			echo "$base"
			return 0
		}
	done
	return 1
}

stop_pidfile() {
	f=$1
	[ -f "$f" ] || return 0
	pid=$(cat "$f" 2>/dev/null)
	[ -n "$pid" ] && kill "$pid" 2>/dev/null
	# Wait until it is gone (a zombie no longer counts: state Z).
	i=0
	while [ $i -lt 100 ] && [ -n "$pid" ] && [ -d "/proc/$pid" ]; do
		state=$(awk '{ print $3 }' "/proc/$pid/stat" 2>/dev/null)
		[ "$state" = Z ] && break
		sleep 0.1
		i=$((i + 1))
	done
	[ -n "$pid" ] && [ -d "/proc/$pid" ] && [ "$state" != Z ] && kill -9 "$pid" 2>/dev/null
	rm -f "$f"
}

cmd_stop() {
	dir=$1
	[ -d "$dir" ] || return 0
	for f in "$dir"/slurmd.*.pid; do
		[ -e "$f" ] && stop_pidfile "$f"
	done
	stop_pidfile "$dir/slurmctld.pid"
	stop_pidfile "$dir/munge/munged.pid"
	return 0
}

show_logs() {
	for f in "$1"/*.log "$1"/munge/*.log; do
		[ -f "$f" ] || continue
		echo "---- $f" >&2
		tail -n 20 "$f" >&2
	done
}

cmd_start() {
	dir=$1
	nodes=${2:-2}
	cpus=${3:-2}
	for p in slurmctld slurmd munged mungekey sbatch scontrol; do
		command -v $p >/dev/null 2>&1 || [ -x /usr/sbin/$p ] ||
			die "$p not found (install slurm-wlm and munge: share/deps.sh)"
	done
	PATH=$PATH:/usr/sbin
	mkdir -p "$dir" || die "cannot create $dir"
	dir=$(cd "$dir" && pwd)
	# munged wants every folder above its socket searchable by all.
	chmod 755 "$dir"
	mkdir -p "$dir/munge" "$dir/state" "$dir/spool"
	chmod 700 "$dir/munge"
	# ...but the socket's own folder must not be writable by others, and a
	# 0700 folder hides the socket from slurmd run as root: fine here.
	chmod 755 "$dir/munge"

	[ -f "$dir/munge/munge.key" ] || mungekey -c -k "$dir/munge/munge.key" 2>/dev/null ||
		dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 2>/dev/null
	chmod 600 "$dir/munge/munge.key"
	munged --socket="$dir/munge/munge.socket" --key-file="$dir/munge/munge.key" \
		--pid-file="$dir/munge/munged.pid" --log-file="$dir/munge/munged.log" \
		--seed-file="$dir/munge/munged.seed" --force \
		</dev/null >/dev/null 2>"$dir/munge/start.err" || {
		cat "$dir/munge/start.err" >&2
		die "munged did not start"
	}

	base=$(pick_ports "$nodes") || die "no free ports"
	# slurmctld only runs where SlurmctldHost names this host.
	host=$(hostname -s 2>/dev/null || hostname)
	last=$((base + nodes))
	cat >"$dir/slurm.conf" <<EOF
# Written by tests/slurm/setup.sh: a test cluster on one host.
ClusterName=hstest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$base
AuthType=auth/munge
AuthInfo=socket=$dir/munge/munge.socket
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool/%n
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.%n.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.%n.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/filetxt
JobCompLoc=$dir/jobcomp.txt
ReturnToService=2
MailProg=/bin/true
SchedulerParameters=batch_sched_delay=0,sched_min_interval=0
SlurmdParameters=config_overrides
MinJobAge=300
KillWait=2
InactiveLimit=0
MpiDefault=none
NodeName=n[1-$nodes] NodeHostname=$host NodeAddr=127.0.0.1 Port=[$((base + 1))-$last] CPUs=$cpus State=UNKNOWN
PartitionName=hs Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
	export SLURM_CONF="$dir/slurm.conf"
		# Daemons must not keep the caller's stdout open (bats would wait).
	slurmctld -f "$SLURM_CONF" </dev/null >/dev/null 2>"$dir/slurmctld.start.err" || {
		cat "$dir/slurmctld.start.err" >&2
		show_logs "$dir"
		cmd_stop "$dir"
		die "slurmctld did not start"
	}
	i=1
	while [ $i -le "$nodes" ]; do
		mkdir -p "$dir/spool/n$i"
		slurmd -f "$SLURM_CONF" -N "n$i" </dev/null >/dev/null 2>"$dir/slurmd.n$i.start.err" || {
			cat "$dir/slurmd.n$i.start.err" >&2
			show_logs "$dir"
			cmd_stop "$dir"
			die "slurmd for n$i did not start"
		}
		i=$((i + 1))
	done
	# Up when every node is idle (about 1-2 s); give up after 30 s or when
	# slurmctld died (sinfo would wait for it for 10 s a time).
	i=0
	idle=0
	while [ $i -lt 300 ]; do
		pid=$(cat "$dir/slurmctld.pid" 2>/dev/null)
		[ -n "$pid" ] && [ -d "/proc/$pid" ] || break
		idle=$(timeout 5 sinfo -h -N -o '%N %t' 2>/dev/null | awk '$2 == "idle" { n++ } END { print n + 0 }')
		[ "$idle" -ge "$nodes" ] && break
		sleep 0.1
		i=$((i + 1))
	done
	if [ "$idle" -lt "$nodes" ]; then
		timeout 5 sinfo -N >&2 2>&1
		show_logs "$dir"
		cmd_stop "$dir"
		die "only $idle of $nodes nodes came up"
	fi
	list=$(i=1; while [ $i -le "$nodes" ]; do printf '%sn%s' "${sep:-}" $i; sep=,; i=$((i + 1)); done)
	echo "SLURM_CONF=$dir/slurm.conf"
	echo "HS_SLURM_NODES=$list"
	echo "HS_SLURM_DIR=$dir"
}

case "${1:-}" in
start)
	[ $# -ge 2 ] || die "usage: $0 start DIR [NODES [CPUS]]"
	shift
	cmd_start "$@"
	;;
stop)
	[ $# -ge 2 ] || die "usage: $0 stop DIR"
	cmd_stop "$2"
	;;
*)
	die "usage: $0 start DIR [NODES [CPUS]] | stop DIR"
	;;
esac
