#!/usr/bin/env python3
"""examples.py - run the shell examples of the documentation.

  examples.py list FILE...   print each example found, with where it is
  examples.py run FILE...    run each in a scratch directory of its own;
                             exit 1 when one fails

FILE is a Markdown file (README.md) or a man page (share/man/*.[157]).

What an example is:
  Markdown   a code block, indented by 4 spaces or fenced with ``` (or with
             ```sh, ```bash, ```shell, ```console); a block fenced with
             another language (```text, ```c) is no example.
  man page   in the EXAMPLES section, a block between .EX and .EE or
             between .nf and .fi.  Roff escapes are undone (\\- is -, \\e is
             a backslash, \\(aq a quote).
  Either     lines starting with "$ " are commands and "> " their
             continuations, the other lines up to the next command the
             output shown for the command above, which must be what it
             prints (stdout and stderr), line for line, but that a line
             "..." stands for any lines (none included) and, in prov
             records, time= (a measured duration) may differ; in a block
             without "$ " every line is a command and no output is
             compared.  A block whose first line is an hs stream header
             ("hs 1") is a stream, not a command.

Markers, on the lines before a block (Markdown: <!-- example: ... -->;
man: .\\" example: ...), blank lines in between allowed:
  not run: REASON   the example is not run, and REASON is printed:
                    for what this machine cannot do (a Slurm cluster)
  text              the block is no example (output, a file's content)
  given NAME=PATH   copy PATH (relative to the top of the tree, or
                    $SHARED/...) to NAME in the scratch directory first;
                    when PATH is missing the example is not run, and
                    that is printed
  file NAME         the block is no example but the content of file
                    NAME, which every later example of the same
                    document finds in its scratch directory

Each example runs as one bash script that stops at the first command that
fails (set -e; in a pipeline, any command but one killed by SIGPIPE, as
`... | head` does), in a new scratch directory that holds links `share` and
`lib` to the tree's share/ and lib/ (so that `..` of a copied template is a
source tree for its `make HS=..`), with HOME there too, PATH starting with $HS_BIN, no
HS_PLUGIN_PATH, and pkg-config finding an hs.pc whose headers are the
tree's.  Examples are run from the source tree, so a man page's example
that names a path of an installed hs (/usr/local/share/hs,
/usr/local/lib/hs/plugins) fails: it writes share/... instead, which the
scratch directory has.  The plugin template's README, installed with the
template, names them, read as the tree's.

Output: one line per example, "ok FILE:LINE: FIRST COMMAND" or
"not run FILE:LINE: REASON"; for a failure "FAILED FILE:LINE (exit N)"
followed by the script and the end of its output, or "FAILED FILE:LINE
(output differs)" followed by the command and a diff of the output shown
against the output printed.  Last, a summary line
"examples: N run, N failed, N not run"."""
import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile

TIMEOUT = int(os.environ.get("HS_EXAMPLE_TIMEOUT", "600"))
MARK_MD = re.compile(r"^\s*<!--\s*example:\s*(.*?)\s*-->\s*$")
MARK_MAN = re.compile(r'^\.\\"\s*example:\s*(.*?)\s*$')
SHELL_LANGS = ("", "sh", "bash", "shell", "console")
INSTALLED = ("/usr/local/share/hs", "/usr/local/lib/hs/plugins")
PROV_TIME = re.compile(r"(?<=\s)time=\S+")
# `set -e -o pipefail`, except that a command of a pipeline killed by
# SIGPIPE (status 141: `hs-plan ... | head` once head has its lines) is no
# failure: errexit written as an ERR trap that looks at every status.
PROLOGUE = """set -E -o pipefail
hs_example_err() {
	local x
	for x in "$@"; do
		[ "$x" = 0 ] || [ "$x" = 141 ] || exit "$x"
	done
}
trap 'hs_example_err "${PIPESTATUS[@]}"' ERR
"""


class Example:
    def __init__(self, path, line, lines, marks):
        self.path, self.line, self.lines = path, line, lines
        self.not_run = None
        self.text = False
        self.given = []
        self.file = None
        for mline, m in marks:
            if m.startswith("not run:"):
                self.not_run = m[len("not run:"):].strip() or "(no reason given)"
            elif m == "text":
                self.text = True
            elif m.startswith("file "):
                self.file = m[len("file "):].strip()
                self.text = True
            elif m.startswith("given "):
                name, _, src = m[len("given "):].partition("=")
                self.given.append((name.strip(), src.strip()))
            else:
                raise SystemExit(f"examples.py: {path}:{mline}: unknown marker 'example: {m}'")
        if lines and re.match(r"^hs \d+\s*$", lines[0][1]):
            self.text = True

    def steps(self):
        """(command, shown output lines) for each prompted command with its
        continuations, or one step of every line of a block without
        prompts (and no output)."""
        body = [t for _, t in self.lines]
        if not any(t.startswith("$ ") or t == "$" for t in body):
            return [("\n".join(body), [])]
        out, cont = [], False
        for t in body:
            if t.startswith("$ ") or t == "$":
                out.append((t[2:], []))
                cont = True
            elif t.startswith("> ") and cont:
                out[-1] = (out[-1][0] + "\n" + t[2:], out[-1][1])
            elif out:
                cont = False  # output of the command above
                out[-1][1].append(t)
        for _, shown in out:
            while shown and not shown[-1].strip():
                shown.pop()
        return out

    def commands(self):
        """The script: prompted commands with their continuations, or
        every line of a block without prompts."""
        return "\n".join(c for c, _ in self.steps())

    def script(self):
        """The script, each command that shows output writing it to
        $HS_EXAMPLE_OUT/K (K: its index in steps())."""
        parts = []
        for k, (cmd, shown) in enumerate(self.steps()):
            if shown:
                parts.append('{\n%s\n} >"$HS_EXAMPLE_OUT/%d" 2>&1' % (cmd, k))
            else:
                parts.append(cmd)
        return "\n".join(parts)

    def first(self):
        for t in self.commands().split("\n"):
            if t.strip() and not t.strip().startswith("#"):
                return t.strip()
        return ""


def unroff(s):
    s = s.replace("\\e", "\x00")
    s = s.replace("\\-", "-").replace("\\(aq", "'").replace("\\(dq", '"')
    s = s.replace("\\(ga", "`").replace("\\(ti", "~").replace("\\(ha", "^")
    s = s.replace("\\&", "").replace("\\ ", " ").replace("\\~", " ")
    s = re.sub(r"\\f[BIRP]", "", s)
    return s.replace("\x00", "\\")


def from_markdown(path, text):
    out, marks, lines = [], [], text.split("\n")
    i, prev_blank = 0, True
    while i < len(lines):
        ln = lines[i]
        m = MARK_MD.match(ln)
        if m:
            marks.append((i + 1, m.group(1)))
            i += 1
            continue
        fence = re.match(r"^(\s*)```\s*([A-Za-z0-9_+-]*)\s*$", ln)
        if fence:
            lang, j, body = fence.group(2), i + 1, []
            while j < len(lines) and not re.match(r"^\s*```\s*$", lines[j]):
                body.append((j + 1, lines[j][len(fence.group(1)):]))
                j += 1
            if lang in SHELL_LANGS:
                out.append(Example(path, i + 2, body, marks))
            else:
                ex = Example(path, i + 2, body, marks + [(i + 1, "text")])
                out.append(ex)
            marks, i, prev_blank = [], j + 1, False
            continue
        if ln.startswith("    ") and ln.strip() and prev_blank:
            j, body = i, []
            while j < len(lines) and (lines[j].startswith("    ") or not lines[j].strip()):
                body.append((j + 1, lines[j][4:]))
                j += 1
            while body and not body[-1][1].strip():
                body.pop()
            out.append(Example(path, i + 1, body, marks))
            marks, i, prev_blank = [], j, False
            continue
        if ln.strip():
            marks = []  # a marker belongs to the block right after it
        prev_blank = not ln.strip()
        i += 1
    return out


def from_man(path, text):
    out, marks, lines = [], [], text.split("\n")
    section, i = None, 0
    while i < len(lines):
        ln = lines[i]
        if ln.startswith(".SH"):
            section = ln[3:].strip().strip('"')
            marks = []
        m = MARK_MAN.match(ln)
        if m and section == "EXAMPLES":
            marks.append((i + 1, m.group(1)))
        elif section == "EXAMPLES" and ln.strip() in (".EX", ".nf"):
            end = ".EE" if ln.strip() == ".EX" else ".fi"
            j, body = i + 1, []
            while j < len(lines) and lines[j].strip() != end:
                if not lines[j].startswith('.\\"'):
                    body.append((j + 1, unroff(lines[j])))
                j += 1
            out.append(Example(path, i + 2, body, marks))
            marks, i = [], j + 1
            continue
        elif ln.strip() and not ln.startswith(('.PP', '.RS', '.RE', '.\\"', '.SH')):
            marks = []
        i += 1
    return out


def examples_of(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if path.endswith(".md"):
        return from_markdown(path, text)
    return from_man(path, text)


def setup_env(top, scratch):
    env = dict(os.environ)
    env.pop("HS_PLUGIN_PATH", None)
    hs_bin = env.get("HS_BIN", os.path.join(top, "bin"))
    env["PATH"] = hs_bin + os.pathsep + env.get("PATH", "")
    env["HOME"] = scratch
    pc = os.path.join(scratch, ".pkgconfig")
    os.makedirs(pc, exist_ok=True)
    with open(os.path.join(pc, "hs.pc"), "w") as f:
        f.write(f"Name: hs\nDescription: hs (source tree)\nVersion: 0\nCflags: -I{top}/lib\n")
    env["PKG_CONFIG_PATH"] = pc
    return env


def norm(line):
    """A line of output as compared: a prov record's time= is a measured
    duration, different at every run."""
    return PROV_TIME.sub("time=", line) if line.startswith("prov ") else line


def matches(shown, printed):
    """Whether the printed lines are the shown ones, a shown "..." standing
    for any lines (none included)."""
    shown = [norm(t) for t in shown]
    printed = [norm(t) for t in printed]
    # ok[i][j]: shown[i:] matches printed[j:]
    ok = [[False] * (len(printed) + 1) for _ in range(len(shown) + 1)]
    ok[len(shown)][len(printed)] = True
    for i in range(len(shown) - 1, -1, -1):
        for j in range(len(printed), -1, -1):
            if shown[i] == "...":
                ok[i][j] = ok[i + 1][j] or (j < len(printed) and ok[i][j + 1])
            else:
                ok[i][j] = j < len(printed) and shown[i] == printed[j] and ok[i + 1][j + 1]
    return ok[0][0]


def output_diff(ex, outdir):
    """None when every command's printed output is what the example shows,
    else the lines that say where it differs."""
    for k, (cmd, shown) in enumerate(ex.steps()):
        if not shown:
            continue
        with open(os.path.join(outdir, str(k)), encoding="utf-8", errors="replace") as f:
            printed = f.read().rstrip("\n").split("\n")
        if matches(shown, printed):
            continue
        lines = ["  the command:"] + [("    $ " if i == 0 else "    > ") + t
                                      for i, t in enumerate(cmd.split("\n"))]
        lines.append("  its output, shown (-) against printed (+):")
        for t in difflib.unified_diff(shown, printed, "shown", "printed", lineterm="", n=2):
            lines.append("    " + t)
        return lines
    return None


def installed_paths(script, top):
    build = os.environ.get("HS_BUILD", os.path.join(top, "build"))
    script = script.replace("/usr/local/share/hs/", top + "/share/")
    return script.replace("/usr/local/lib/hs/plugins", build + "/plugins")


def run_one(ex, top, shared, files):
    scratch = tempfile.mkdtemp(prefix="hs-example-")
    try:
        for name, text in files.items():
            with open(os.path.join(scratch, name), "w", encoding="utf-8") as f:
                f.write(text)
        for d in ("share", "lib"):
            os.symlink(os.path.join(top, d), os.path.join(scratch, d))
        for name, src in ex.given:
            p = src.replace("$SHARED", shared)
            p = p if os.path.isabs(p) else os.path.join(top, p)
            if not os.path.exists(p):
                return "not run", f"{src} is not here", ""
            shutil.copy(p, os.path.join(scratch, name))
        env = setup_env(top, scratch)
        outdir = tempfile.mkdtemp(prefix="hs-example-out-")
        env["HS_EXAMPLE_OUT"] = outdir
        script = ex.script()
        if ex.path.startswith("share/examples/"):
            script = installed_paths(script, top)
        else:
            for p in INSTALLED:
                if p in script:
                    return f"names {p}", "", (f"examples run from the source tree: write the path "
                                              f"relative to it (share/...) and say once that an "
                                              f"installed hs has it under {p}\n")
        script = PROLOGUE + script + "\nexit 0\n"
        try:
            r = subprocess.run(["bash", "-c", script], cwd=scratch, env=env, stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=TIMEOUT)
            out = r.stdout.decode("utf-8", "replace")
            if r.returncode != 0:
                for k in sorted(os.listdir(outdir), key=int):  # what the commands shown printed
                    with open(os.path.join(outdir, k), encoding="utf-8", errors="replace") as f:
                        out += f.read()
                return f"exit {r.returncode}", "", out
            diff = output_diff(ex, outdir)
            if diff:
                return "output differs", "", diff
            return "ok", "", out
        except subprocess.TimeoutExpired as e:
            out = (e.stdout or b"").decode("utf-8", "replace")
            return f"timed out after {TIMEOUT} s", "", out
        finally:
            shutil.rmtree(outdir, ignore_errors=True)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def main():
    if len(sys.argv) < 3 or sys.argv[1] not in ("list", "run"):
        print("usage: examples.py list|run FILE...", file=sys.stderr)
        sys.exit(2)
    top = os.environ.get("TOP") or os.path.abspath(os.path.join(os.path.dirname(__file__), "../.."))
    shared = os.environ.get("SHARED", os.path.join(top, "..", "shared"))
    nrun = nfail = nskip = 0
    for path in sys.argv[2:]:
        rel = os.path.relpath(path, top) if os.path.isabs(path) else path
        files = {}
        for ex in examples_of(path):
            ex.path = rel
            where = f"{rel}:{ex.line}"
            if ex.file:
                files[ex.file] = "".join(t + "\n" for _, t in ex.lines)
            if ex.text:
                continue
            if sys.argv[1] == "list":
                state = f"not run: {ex.not_run}" if ex.not_run else "run"
                print(f"== {where} ({state})")
                print(ex.commands())
                continue
            if ex.not_run:
                print(f"not run {where}: {ex.not_run}")
                nskip += 1
                continue
            state, why, out = run_one(ex, top, shared, dict(files))
            if state == "not run":
                print(f"not run {where}: {why}")
                nskip += 1
                continue
            nrun += 1
            if state == "ok":
                print(f"ok {where}: {ex.first()}")
                continue
            nfail += 1
            print(f"FAILED {where} ({state}): {ex.first()}")
            if state == "output differs":
                print("\n".join(out))
                continue
            print("  the example:")
            for t in ex.commands().split("\n"):
                print("    " + t)
            tail = out.rstrip("\n").split("\n")[-25:]
            print("  the end of its output:")
            for t in tail:
                print("    " + t)
    if sys.argv[1] == "run":
        print(f"examples: {nrun} run, {nfail} failed, {nskip} not run")
    sys.exit(1 if nfail else 0)


main()
