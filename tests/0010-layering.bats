#!/usr/bin/env bats
# The layering of the tree (lib/DEPS), checked on the tree itself, and each
# kind of broken rule on a small tree made here, with the message that
# names the file, the include and the rule.

load helper

setup() {
	tmp=$(mktemp -d)
	mkdir -p "$tmp/lib/hs" "$tmp/lib/util" "$tmp/lib/model" "$tmp/lib/online" "$tmp/cmd" \
		"$tmp/plugins/fam" "$tmp/formats" "$tmp/tests"
	cat >"$tmp/lib/DEPS" <<-'EOF'
	# part  may also include
	lib/hs
	lib/util
	lib/model    util/strmap.h
	lib/online   model/ids.h
	cmd
	plugins
	formats      util/*
	tests        *
	EOF
	printf '#include "hs/util.h"\n' >"$tmp/lib/hs/model.h"
	: >"$tmp/lib/hs/util.h"
	: >"$tmp/lib/util/strmap.h"
	: >"$tmp/lib/util/par.h"
	: >"$tmp/lib/model/ids.h"
	: >"$tmp/lib/model/load.h"
	printf '#include "hs/model.h"\n#include "load.h"\n#include "util/strmap.h"\n' >"$tmp/lib/model/load.c"
	printf '#include <stdio.h>\n#include "hs/model.h"\n#include "model/ids.h"\n' >"$tmp/lib/online/host.c"
	printf '#include "hs/util.h"\n' >"$tmp/cmd/hs-x.c"
	printf '#include "fam.h"\n#include "hs/model.h"\n' >"$tmp/plugins/fam/a.c"
	: >"$tmp/plugins/fam/fam.h"
	printf '#include "util/strmap.h"\n#include "util/par.h"\n' >"$tmp/formats/x.c"
	printf '#include "model/load.h"\n#include "../lib/model/load.c"\n#include "tap.h"\n' \
		>"$tmp/tests/t.c"
}

teardown() {
	rm -rf "$tmp"
}

@test "layering: this tree keeps lib/DEPS" {
	run sh "$TOP/tests/layering.sh"
	echo "$output"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
}

@test "layering: the small tree keeps its rules" {
	run sh "$TOP/tests/layering.sh" "$tmp"
	echo "$output"
	[ "$status" -eq 0 ]
	[ -z "$output" ]
}

@test "layering: another folder's private header is refused, naming the rule" {
	printf '#include "model/load.h"\n' >>"$tmp/lib/online/host.c"
	run sh "$TOP/tests/layering.sh" "$tmp"
	echo "$output"
	[ "$status" -eq 1 ]
	[ "$output" = 'lib/online/host.c:4: #include "model/load.h": private to lib/model; lib/DEPS lets lib/online include only model/ids.h' ]
}

@test "layering: a tool sees the public headers only" {
	printf '#include "util/par.h"\n' >>"$tmp/cmd/hs-x.c"
	run sh "$TOP/tests/layering.sh" "$tmp"
	[ "$status" -eq 1 ]
	[ "$output" = 'cmd/hs-x.c:2: #include "util/par.h": private to lib/util; lib/DEPS lets cmd include no header outside hs/ and its own folder' ]
}

@test "layering: a plugin sees the public headers and its own folder only" {
	printf '#include "util/strmap.h"\n#include "../other/o.h"\n' >>"$tmp/plugins/fam/a.c"
	mkdir "$tmp/plugins/other" && : >"$tmp/plugins/other/o.h"
	run sh "$TOP/tests/layering.sh" "$tmp"
	echo "$output"
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = 'plugins/fam/a.c:3: #include "util/strmap.h": private to lib/util; lib/DEPS lets plugins include no header outside hs/ and its own folder' ]
	[ "${lines[1]}" = 'plugins/fam/a.c:4: #include "../other/o.h": private to plugins/other; lib/DEPS lets plugins include no header outside hs/ and its own folder' ]
}

@test "layering: the library never includes a tool or a plugin, nor a source file" {
	printf '#include "../../cmd/hs-x.c"\n#include "../../plugins/fam/fam.h"\n' >>"$tmp/lib/model/load.c"
	run sh "$TOP/tests/layering.sh" "$tmp"
	echo "$output"
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = 'lib/model/load.c:4: #include "../../cmd/hs-x.c": a source file; lib/DEPS grants lib/model none' ]
	[ "${lines[1]}" = 'lib/model/load.c:5: #include "../../plugins/fam/fam.h": the library and the tools never include the files of a plugin' ]
}

@test "layering: a public header includes only public headers" {
	printf '#include "util/strmap.h"\n' >>"$tmp/lib/hs/model.h"
	run sh "$TOP/tests/layering.sh" "$tmp"
	[ "$status" -eq 1 ]
	[ "$output" = 'lib/hs/model.h:2: #include "util/strmap.h": a public header (lib/hs) includes only public headers' ]
}

@test "layering: a cycle between folders is refused even where the rules grant both ways" {
	sed -i 's|^lib/util$|lib/util model/ids.h|' "$tmp/lib/DEPS"
	printf '#include "model/ids.h"\n' >"$tmp/lib/util/strmap.h"
	run sh "$TOP/tests/layering.sh" "$tmp"
	echo "$output"
	[ "$status" -eq 1 ]
	[[ ${lines[0]} == "include cycle between parts: lib/"*" -> lib/"*" -> lib/"* ]]
	printf '%s\n' "$output" | grep -qx '  lib/util/strmap.h:1 includes model/ids.h'
	printf '%s\n' "$output" | grep -qx '  lib/model/load.c:3 includes util/strmap.h'
}

@test "layering: a new library folder needs its line in lib/DEPS" {
	mkdir "$tmp/lib/newsys" && printf '#include "hs/util.h"\n' >"$tmp/lib/newsys/a.c"
	run sh "$TOP/tests/layering.sh" "$tmp"
	[ "$status" -eq 1 ]
	[ "$output" = 'lib/newsys/a.c: no rule for part lib/newsys: give it a line in lib/DEPS' ]
}

@test "layering: an include that names no file of the tree is refused" {
	printf '#include "nowhere.h"\n' >>"$tmp/lib/model/load.c"
	run sh "$TOP/tests/layering.sh" "$tmp"
	[ "$status" -eq 1 ]
	[ "$output" = 'lib/model/load.c:4: #include "nowhere.h": no such file beside it or under lib/' ]
}

@test "layering: a tree without lib/DEPS is a usage error" {
	rm "$tmp/lib/DEPS"
	run sh "$TOP/tests/layering.sh" "$tmp"
	[ "$status" -eq 2 ]
	[[ $output == *"lib/DEPS: no such file" ]]
}
