#!/bin/sh
# Line coverage of the fuzz targets' corpora (make fuzz-cov): builds each
# target with clang's source-based coverage (no sanitizers) in
# build-fuzz/cov/, runs it once over its seeds and what `make fuzz` found,
# and prints llvm-cov's summary of the files each target is about.
#   tests/fuzz/coverage.sh BUILD NAME...
set -eu
B=$1
shift
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
for tool in llvm-profdata llvm-cov; do
	command -v $tool >/dev/null 2>&1 || { echo "coverage: $tool is missing (apt-get install llvm)" >&2; exit 1; }
done
C=$B/cov
mkdir -p "$C"
flags="-std=c11 -D_GNU_SOURCE -O1 -g -fprofile-instr-generate -fcoverage-mapping -I$top/lib $(pkg-config --cflags libxml-2.0 libarchive)"
libs="$(pkg-config --libs libxml-2.0 libarchive) -lglpk -ldl -lm"
srcs=$(cd "$top" && ls lib/*/*.c formats/*.c)
# What each target is about: the files whose coverage is reported.
files_of() {
	case $1 in
	stream) echo lib/format/input.c lib/format/format.c lib/model/*.c lib/format/values.c lib/sim/replay.c ;;
	simgrid) echo formats/simgrid.c formats/simgrid_elem.c formats/simgrid_util.c formats/simgrid_vivaldi.c lib/model/load_network.c lib/net/build.c lib/net/route.c ;;
	swf) echo formats/swf.c lib/format/input.c ;;
	number) echo lib/util/util.c lib/format/fmt_double.c ;;
	batsim) echo formats/json.c formats/batsim.c ;;
	eventlog) echo lib/online/eventlog.c lib/online/driver.c lib/online/host.c ;;
	batsim_proto) echo plugins/batsim/wire_json.c plugins/batsim/json_write.c plugins/batsim/ids.c \
		plugins/batsim/msg.c ;;
	*) ls "$top"/formats/"$1"*.c 2>/dev/null | sed "s|$top/||" ;;
	esac
}
objs=
for s in $srcs; do
	o=$C/obj/$(echo "$s" | tr / _).o
	mkdir -p "$C/obj"
	clang $flags -c -o "$o" "$top/$s"
	objs="$objs $o"
done
for name in "$@"; do
	# a target that includes the Batsim bridge's sources links its libraries
	extra=
	case $name in batsim_proto) extra=$(pkg-config --libs jansson libzmq) ;; esac
	clang $flags -fsanitize=fuzzer -o "$C/$name" "$here/fuzz_$name.c" $objs $libs $extra
	rm -f "$C/$name.profraw"
	dirs="$here/$name"
	[ -d "$B/fuzz/corpus/$name" ] && dirs="$dirs $B/fuzz/corpus/$name"
	LLVM_PROFILE_FILE=$C/$name.profraw "$C/$name" -runs=0 $dirs >"$C/$name.log" 2>&1
	llvm-profdata merge -sparse -o "$C/$name.profdata" "$C/$name.profraw"
	echo "coverage of fuzz target $name ($(ls $dirs | wc -l) inputs):"
	(cd "$top" && llvm-cov report "$C/$name" -instr-profile="$C/$name.profdata" $(files_of "$name")) |
		awk '!/^-+$/ && NF { printf "  %s\n", $0 }'
done
