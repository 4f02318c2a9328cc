#!/usr/bin/env bats
# The documentation is true: every shell example of README.md, of the
# plugin template's README and of the man pages' EXAMPLES sections runs as
# written from the source tree, and prints the output it shows
# (tests/examples/examples.py; an example that needs what this machine
# lacks is marked "not run" with its reason, printed here), every man page
# renders without warnings on 80 columns and names no ../shared file,
# installed docs carry the install paths, and `make demo` leaves what it
# made where it says.

load helper

EX=$BATS_TEST_DIRNAME/examples/examples.py

setup() {
	tmp=$(mktemp -d)
	cd "$tmp"
}

teardown() {
	cd /
	rm -rf "$tmp"
}

@test "examples: every shell example of the README, the template's README and the man pages runs" {
	command -v python3 >/dev/null || skip "python3 is not installed (share/deps.sh)"
	cd "$TOP"
	run python3 "$EX" run README.md share/examples/plugin-template/README.md share/man/*.[157]
	# what was not run, and why, goes into the test log ("# ..." lines)
	printf '%s\n' "$output" | grep -E '^(not run|examples:)' | sed 's/^/# /' >&3
	echo "$output"
	[ "$status" -eq 0 ]
	[[ ${lines[-1]} == "examples: "*" run, 0 failed, "*" not run" ]]
	# at least the examples there are today
	n=$(printf '%s\n' "${lines[-1]}" | awk '{ print $2 }')
	[ "$n" -ge 25 ]
}

@test "examples: prompts, continuations and output; roff escapes; indented and fenced blocks" {
	cat >t.1 <<'EOF'
.TH T 1
.SH DESCRIPTION
.EX
echo not an example: not in EXAMPLES
.EE
.SH EXAMPLES
.EX
$ printf '%s\en' a\-b \(aqq\(aq > f
$ for x in 1 2; do
>   echo $x; done
output line, not a command
$ cat f
.EE
.PP
.nf
echo "no prompts: every line runs" \e
  and continues
.fi
.\" example: text
.EX
this is a file, not a command
.EE
.EX
hs 1
node n cores=1
.EE
EOF
	run python3 "$EX" list t.1
	[ "$status" -eq 0 ]
	[ "$output" = "== t.1:8 (run)
printf '%s\n' a-b 'q' > f
for x in 1 2; do
  echo \$x; done
cat f
== t.1:16 (run)
echo \"no prompts: every line runs\" \\
  and continues" ]
	cat >t.md <<'EOF'
# T

    echo indented

```sh
echo fenced sh
```

```text
not shell
```

<!-- example: not run: needs a cluster -->

    srun hostname

Text.

    echo last
EOF
	run python3 "$EX" run t.md
	[ "$status" -eq 0 ]
	[ "$output" = "ok t.md:3: echo indented
ok t.md:6: echo fenced sh
not run t.md:15: needs a cluster
ok t.md:19: echo last
examples: 3 run, 0 failed, 1 not run" ]
}

@test "examples: the output shown after a command is what it prints, ... and prov time= aside; no installed paths" {
	cat >o.1 <<'EOF'
.TH O 1
.SH EXAMPLES
.\" example: file in.txt
.nf
b
a
.fi
.PP
.nf
$ sort in.txt
a
b
$ printf 'x\en1\en2\eny\en'
x
\&...
y
$ echo 'prov plan algo=a time=0.001' >&2
prov plan algo=a time=0.000049
$ echo not compared
.fi
.PP
.nf
$ printf '1\en2\en'
1
3
.fi
.PP
.nf
hs-sim \-\-platform /usr/local/share/hs/platforms/griffon.xml plan.hs
.fi
EOF
	run python3 "$EX" run o.1
	echo "$output"
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "ok o.1:10: sort in.txt" ]
	[ "${lines[1]}" = "FAILED o.1:23 (output differs): printf '1\\n2\\n'" ]
	printf '%s\n' "$output" | grep -qx -- '    -3'
	printf '%s\n' "$output" | grep -qx -- '    +2'
	[ "${lines[-2]}" = "    examples run from the source tree: write the path relative to it (share/...) and say once that an installed hs has it under /usr/local/share/hs" ]
	[ "${lines[-1]}" = "examples: 3 run, 2 failed, 0 not run" ]
}

@test "examples: a failing example names its file and line, shows itself and its output" {
	cat >f.md <<'EOF'
Intro.

    echo one
    false | cat
    echo never

And:

    printf 'x\n' | head -c 1 >/dev/null; yes | head -1
EOF
	run python3 "$EX" run f.md
	[ "$status" -eq 1 ]
	[ "${lines[0]}" = "FAILED f.md:3 (exit 1): echo one" ]
	[ "${lines[1]}" = "  the example:" ]
	[ "${lines[2]}" = "    echo one" ]
	printf '%s\n' "$output" | grep -qx '  the end of its output:'
	printf '%s\n' "$output" | grep -qx '    one'
	! printf '%s\n' "$output" | grep -qx '    never'
	# a command killed by SIGPIPE (yes | head) is no failure
	[ "${lines[-2]}" = "ok f.md:9: printf 'x\n' | head -c 1 >/dev/null; yes | head -1" ]
	[ "${lines[-1]}" = "examples: 2 run, 1 failed, 0 not run" ]
}

@test "examples: given NAME=PATH copies a file first, or says it is missing" {
	mkdir -p shared/data
	echo 'hello' >shared/data/h.txt
	cat >g.md <<'EOF'
<!-- example: given in.txt=$SHARED/data/h.txt -->

    grep -qx hello in.txt

<!-- example: given in.txt=$SHARED/data/none.txt -->

    cat in.txt
EOF
	SHARED=$tmp/shared run python3 "$EX" run g.md
	[ "$status" -eq 0 ]
	[ "$output" = "ok g.md:3: grep -qx hello in.txt
not run g.md:7: \$SHARED/data/none.txt is not here
examples: 1 run, 0 failed, 1 not run" ]
	echo '<!-- example: maybe -->' >bad.md
	echo '' >>bad.md
	echo '    true' >>bad.md
	run python3 "$EX" run bad.md
	[ "$status" -ne 0 ]
	[[ $output == *"bad.md:1: unknown marker 'example: maybe'"* ]]
}

@test "docs: every man page renders without warnings (groff -t -ww) and with man" {
	command -v groff >/dev/null || skip "groff is not installed (apt-get install groff)"
	for page in "$TOP"/share/man/*.[157]; do
		# on a terminal of 80 columns (-Tutf8: 78n lines), where a table too
		# wide is a warning, as in man --warnings
		run groff -t -ww -man -Tutf8 -z "$page"
		echo "$page: $output"
		[ "$status" -eq 0 ]
		[ -z "$output" ]
		run man -l "$page"
		[ "$status" -eq 0 ]
	done
	# no stray control characters (a form feed once ate a line of hs-format(5))
	! grep -lP '[\x00-\x08\x0b-\x1f]' "$TOP"/share/man/*.[157]
	# nor files of ../shared, which an installed hs has not
	! grep -n '\.\./shared' "$TOP"/share/man/*.[157]
}

@test "docs: make install-data writes the man pages and the template README with PREFIX's paths" {
	make -s -C "$TOP" install-data PREFIX=/opt/hs-test DESTDIR="$tmp/root" >make.log 2>&1 ||
		{ cat make.log; false; }
	man=$tmp/root/opt/hs-test/share/man
	grep -q '/opt/hs-test/share/hs/examples/plugin-template' "$man/man7/hs-plugin.7"
	grep -q '/opt/hs-test/lib/hs/plugins' "$man/man1/hs-plan.1"
	! grep -rq '/usr/local' "$man"
	readme=$tmp/root/opt/hs-test/share/hs/examples/plugin-template/README.md
	grep -q 'cp -r /opt/hs-test/share/hs/examples/plugin-template myalgo' "$readme"
	[ -f "$tmp/root/opt/hs-test/share/hs/platforms/griffon.xml" ]
}

@test "demo: make demo's script leaves its streams and pictures in the directory it names" {
	run sh "$TOP/share/demo.sh" "$HS_BIN" "$tmp/d"
	echo "$output"
	[ "$status" -eq 0 ]
	# every command echoed, as it ran
	[ "${lines[0]}" = "# in $tmp/d" ]
	[ "${lines[1]}" = "\$ hs-gen sleep -n 24 -x 0.95 --platform dietze > instance.hs" ]
	printf '%s\n' "$output" | grep -qx '\$ hs-plan -a datap-ef jobs.hs | hs-sim > jobs-datap-ef.hs'
	# one line says why plan and simulation differ
	[ "$(printf '%s\n' "$output" | grep -c '^# plan and simulation differ: .* end later than planned, the makespan is .*% longer$')" = 1 ]
	printf '%s\n' "$output" | grep -qx "# streams and pictures are in $tmp/d:"
	for f in instance.hs waterl.hs jobs.hs jobs-datap-ef.hs waterl-gantt.svg jobs-gantt.svg \
		jobs-gantt-plan.svg jobs-utilization.svg; do
		[ -s "$tmp/d/$f" ]
	done
	xmllint --noout "$tmp/d"/*.svg
	# the echoed commands, run again in a fresh directory, make the same files
	mkdir again && cd again
	printf '%s\n' "$output" | sed -n 's/^\$ //p' | sh >/dev/null
	# (the same but for the planning times in the prov records)
	cmp <(grep -v '^prov ' jobs-datap-ef.hs) <(grep -v '^prov ' "$tmp/d/jobs-datap-ef.hs")
	cmp jobs-gantt.svg "$tmp/d/jobs-gantt.svg"
}
