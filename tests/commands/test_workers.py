"""The expert's worker processes end with their parent, however it ends, and never print a traceback."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from helpers import lost_game
from terminal import GAME, Terminal, game_env

from foursquare.storage.formats import FinishedGame, utc_now
from foursquare.storage.store import Store

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads the process table from /proc"),
]


def children(pid: int) -> list[int]:
    """The live processes whose parent is ``pid``, read from the process table."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()  # after the command's name, which may hold spaces
        if int(fields[1]) == pid and fields[0] != "Z":
            found.append(int(entry))
    return found


def alive(pid: int) -> bool:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return fields[fields.rindex(")") + 2] != "Z"


def wait_for_children(pid: int, count: int, timeout: float = 60.0) -> list[int]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = children(pid)
        if len(found) >= count:
            return found
        time.sleep(0.05)
    raise AssertionError(f"process {pid} never had {count} children")


def gone_soon(pids: list[int], timeout: float = 5.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not any(alive(pid) for pid in pids):
            return True
        time.sleep(0.05)
    return False


def record_file(tmp_path: Path) -> Path:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(lost_game().to_record()))
    return path


COMMANDS = {
    "simulate --jobs 2": ["simulate", "--games", "40", "--jobs", "2"],
    "review": ["review", "--file", "RECORD"],
}


@pytest.mark.parametrize("name", COMMANDS)
@pytest.mark.parametrize("signal_name", ["SIGTERM", "SIGHUP", "SIGKILL"])  # names: Windows has no SIGHUP
def test_workers_end_with_their_parent_without_a_word(home: Path, tmp_path: Path, name: str, signal_name: str) -> None:
    signum = getattr(signal, signal_name)
    if signal.getsignal(signum) == signal.SIG_IGN:  # the game would inherit that (nohup ignores SIGHUP)
        pytest.skip(f"{signal_name} is ignored where the tests run, and so in the game they start")
    args = [str(record_file(tmp_path)) if arg == "RECORD" else arg for arg in COMMANDS[name]]
    parent = subprocess.Popen([*GAME, *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=game_env())
    try:
        workers = wait_for_children(parent.pid, 2)
        time.sleep(0.3)  # at work
        parent.send_signal(signum)
        parent.wait(30)  # a loaded machine can take seconds to schedule the exit
        assert gone_soon(workers), f"workers {workers} outlived their parent"
        assert parent.stderr is not None
        err = parent.stderr.read().decode("utf-8", "replace")
        assert "Traceback" not in err and "Error" not in err, err
    finally:
        if parent.poll() is None:
            parent.kill()
        for pid in children(parent.pid):
            os.kill(pid, signal.SIGKILL)


def test_ctrl_c_during_a_review_on_the_game_screen_prints_no_traceback(terms: list[Terminal], home: Path) -> None:
    with Store.open(home)[0] as store:
        store.record(FinishedGame.of(lost_game(), daily=None, started=None, ended=utc_now(), counted=True))
    term = Terminal([], home=home)
    terms.append(term)
    term.wait_for("Next card")
    term.send("g")
    term.wait_for("your games")
    term.send("v")
    term.wait_for("The expert is reviewing")
    assert term.child.pid is not None
    workers = wait_for_children(term.child.pid, 2)
    term.send("ctrl-c")
    assert term.wait_exit() == 130
    assert gone_soon(workers)
    time.sleep(0.5)
    term.pump()
    assert "Traceback" not in term.text and "KeyboardInterrupt" not in term.text, term.text


def test_quitting_during_a_review_on_the_game_screen_prints_no_traceback(terms: list[Terminal], home: Path) -> None:
    with Store.open(home)[0] as store:
        store.record(FinishedGame.of(lost_game(), daily=None, started=None, ended=utc_now(), counted=True))
    term = Terminal([], home=home)
    terms.append(term)
    term.wait_for("Next card")
    term.send("g", "v")
    term.wait_for("The expert is reviewing")
    assert term.child.pid is not None
    workers = wait_for_children(term.child.pid, 2)
    term.send("q", "q", "q")
    assert term.wait_exit() == 0
    assert gone_soon(workers)
    time.sleep(0.5)
    term.pump()
    assert "Traceback" not in term.text and "EOFError" not in term.text, term.text


STAYS = [sys.executable, "-c", "import subprocess, sys, time; subprocess.run(sys.argv[1:]); time.sleep(60)"]
"""A quiet stand-in for a player's shell: runs the command given after it, then stays, saying nothing."""


def test_a_game_killed_during_a_review_leaves_nothing_on_the_terminal(terms: list[Terminal], home: Path) -> None:
    """kill -9 of the game while the review's children work: the children go, and nothing they or a process
    of the standard library's (the resource tracker) leave behind writes a line on the player's terminal.

    The game runs under a process that stays, as in a player's terminal: killing the session's leader would
    hang the terminal up and end every process on it before it could write."""
    with Store.open(home)[0] as store:
        store.record(FinishedGame.of(lost_game(), daily=None, started=None, ended=utc_now(), counted=True))
    term = Terminal([], home=home, command=[*STAYS, *GAME])
    terms.append(term)
    term.wait_for("Next card")
    term.send("g", "v")
    term.wait_for("The expert is reviewing")
    assert term.child.pid is not None
    (game,) = wait_for_children(term.child.pid, 1)
    helpers = wait_for_children(game, 2)
    time.sleep(0.5)  # at work
    os.kill(game, signal.SIGSTOP)  # the game draws no more: what it drew is read before the kill
    term.settle(quiet=0.5)
    drawn = len(term.raw)
    os.kill(game, signal.SIGKILL)
    assert gone_soon([game, *children(game), *helpers], timeout=30), "the game's helpers outlived it"
    term.settle(quiet=1.0)
    assert bytes(term.raw[drawn:]) == b"", f"written after the kill: {bytes(term.raw[drawn:])!r}"
