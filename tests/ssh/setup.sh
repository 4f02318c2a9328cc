#!/bin/sh
# An sshd on 127.0.0.1 for hs-exec's ssh tests: its own config, host key and
# a generated user key, all in one directory; nothing of the system's ssh
# set-up is used or changed (except that sshd needs /run/sshd to exist).
#
#   tests/ssh/setup.sh start DIR    start; print the environment
#   tests/ssh/setup.sh stop DIR     stop (by PID file) and wait
#
# `start` prints shell assignments for the tests to eval:
#   HS_SSH_DIR=DIR HS_SSH_PORT=PORT HS_SSH_CONFIG=DIR/ssh_config
# The client config (ssh -F DIR/ssh_config) knows the host key and the user
# key; "hs-test" is an alias of 127.0.0.1 at the port.
set -u

die() {
	echo "ssh setup: $*" >&2
	exit 1
}

port_busy() {
	hex=$(printf ':%04X ' "$1")
	cat /proc/net/tcp /proc/net/tcp6 2>/dev/null | awk -v p="$hex" \
		'index($2, p) && $4 == "0A" { found = 1 } END { exit !found }'
}

stop_pidfile() {
	f=$1
	[ -f "$f" ] || return 0
	pid=$(cat "$f" 2>/dev/null)
	[ -n "$pid" ] && kill "$pid" 2>/dev/null
	i=0
	state=
	while [ $i -lt 50 ] && [ -n "$pid" ] && [ -d "/proc/$pid" ]; do
		state=$(awk '{ print $3 }' "/proc/$pid/stat" 2>/dev/null)
		[ "$state" = Z ] && break
		sleep 0.1
		i=$((i + 1))
	done
	[ -n "$pid" ] && [ -d "/proc/$pid" ] && [ "$state" != Z ] && kill -9 "$pid" 2>/dev/null
	rm -f "$f"
}

cmd_start() {
	dir=$1
	sshd=$(command -v sshd || echo /usr/sbin/sshd)
	[ -x "$sshd" ] || die "sshd not found (install openssh-server: share/deps.sh)"
	command -v ssh >/dev/null 2>&1 || die "ssh not found (install openssh-client)"
	command -v ssh-keygen >/dev/null 2>&1 || die "ssh-keygen not found (install openssh-client)"
	mkdir -p "$dir" || die "cannot create $dir"
	dir=$(cd "$dir" && pwd)
	chmod 700 "$dir"
	user=$(id -un)
	# sshd's privilege separation directory (the Debian service makes it).
	[ -d /run/sshd ] || { [ "$(id -u)" = 0 ] && mkdir -p /run/sshd && chmod 755 /run/sshd; }

	rm -f "$dir/host_key" "$dir/host_key.pub" "$dir/user_key" "$dir/user_key.pub"
	ssh-keygen -q -t ed25519 -N '' -C hs-test-host -f "$dir/host_key" || die "ssh-keygen failed"
	ssh-keygen -q -t ed25519 -N '' -C hs-test-user -f "$dir/user_key" || die "ssh-keygen failed"
	cp "$dir/user_key.pub" "$dir/authorized_keys"

	tries=0
	while :; do
		port=$((20000 + $(od -An -N2 -tu2 /dev/urandom | tr -d ' ') % 30000))
		port_busy "$port" || break
		tries=$((tries + 1))
		[ $tries -lt 50 ] || die "no free port"
	done
	cat >"$dir/sshd_config" <<EOF
# Written by tests/ssh/setup.sh
Port $port
ListenAddress 127.0.0.1
HostKey $dir/host_key
PidFile $dir/sshd.pid
AuthorizedKeysFile $dir/authorized_keys
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
PermitRootLogin prohibit-password
AllowUsers $user
MaxStartups 100:30:200
MaxSessions 100
LogLevel ERROR
EOF
	printf '[127.0.0.1]:%s %s\n' "$port" "$(cut -d' ' -f1,2 "$dir/host_key.pub")" >"$dir/known_hosts"
	printf 'hs-test %s\n' "$(cut -d' ' -f1,2 "$dir/host_key.pub")" >>"$dir/known_hosts"
	cat >"$dir/ssh_config" <<EOF
# Written by tests/ssh/setup.sh: ssh -F $dir/ssh_config hs-test
Host hs-test
	HostName 127.0.0.1
	Port $port
	HostKeyAlias hs-test
Host *
	User $user
	IdentityFile $dir/user_key
	IdentitiesOnly yes
	UserKnownHostsFile $dir/known_hosts
	GlobalKnownHostsFile /dev/null
	StrictHostKeyChecking yes
	BatchMode yes
	LogLevel ERROR
EOF
	"$sshd" -f "$dir/sshd_config" -E "$dir/sshd.log" </dev/null >/dev/null 2>"$dir/sshd.start.err" || {
		cat "$dir/sshd.start.err" "$dir/sshd.log" >&2 2>/dev/null
		die "sshd did not start"
	}
	i=0
	while [ $i -lt 100 ]; do
		ssh -F "$dir/ssh_config" hs-test true </dev/null 2>"$dir/ssh.err" && break
		sleep 0.1
		i=$((i + 1))
	done
	if [ $i -ge 100 ]; then
		cat "$dir/ssh.err" "$dir/sshd.log" >&2 2>/dev/null
		stop_pidfile "$dir/sshd.pid"
		die "cannot log in to the test sshd"
	fi
	echo "HS_SSH_DIR=$dir"
	echo "HS_SSH_PORT=$port"
	echo "HS_SSH_CONFIG=$dir/ssh_config"
}

case "${1:-}" in
start)
	[ $# -ge 2 ] || die "usage: $0 start DIR"
	cmd_start "$2"
	;;
stop)
	[ $# -ge 2 ] || die "usage: $0 stop DIR"
	stop_pidfile "$2/sshd.pid"
	;;
*)
	die "usage: $0 start DIR | stop DIR"
	;;
esac
