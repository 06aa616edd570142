"""The edges of the command line, with the real command: closed pipes, full disks, Ctrl-C, huge runs.

Each ends without a traceback: a closed pipe quietly, a full disk in one line
with status 1, Ctrl-C with status 130 and the terminal given back, SIGTERM with 143.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO

import pytest
from helpers import won_game
from terminal import Terminal, game_env

from foursquare.engine import Game
from foursquare.storage.formats import FinishedGame, utc_now
from foursquare.storage.store import Store

pytestmark = pytest.mark.slow  # each starts the real command, some of them several times

FOURSQUARE = [sys.executable, "-m", "foursquare"]
OUTPUTS = [["stats"], ["stats", "--json"], ["simulate", "--games", "3", "--strategy", "random"]]


def run(args: list[str], home: Path, stdout: int | IO[str] = subprocess.PIPE) -> subprocess.CompletedProcess[str]:
    env = game_env(FOURSQUARE_HOME=str(home))
    command = [*FOURSQUARE, *args]
    return subprocess.run(command, env=env, stdout=stdout, stderr=subprocess.PIPE, text=True, timeout=60, check=False)


@pytest.mark.parametrize("args", OUTPUTS, ids=" ".join)
def test_a_reader_that_closed_the_pipe_ends_the_output_quietly(args: list[str], tmp_path: Path) -> None:
    env = game_env(FOURSQUARE_HOME=str(tmp_path))
    child = subprocess.Popen([*FOURSQUARE, *args], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert child.stdout is not None and child.stderr is not None
    child.stdout.close()  # as `| head -c 10` does once it has read enough: every write now fails
    _, errors = child.communicate(timeout=60)
    assert child.returncode == 141
    assert errors == b""


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
@pytest.mark.parametrize("args", OUTPUTS, ids=" ".join)
def test_a_full_disk_is_one_line_and_status_1(args: list[str], tmp_path: Path) -> None:
    with open("/dev/full", "w") as full:
        done = run(args, tmp_path, stdout=full)
    assert done.returncode == 1
    assert done.stderr == "foursquare: cannot write the output: no space left on the device\n"


@pytest.mark.parametrize("delay", [0.25, 0.5, 1.0, 2.0])
def test_ctrl_c_at_any_moment_exits_130_with_the_terminal_given_back(delay: float, tmp_path: Path) -> None:
    term = Terminal(["--seed", "5"], home=tmp_path)
    try:
        time.sleep(delay)  # while it starts, before the first frame, while it is drawn, or while it waits for a key
        term.child.kill(signal.SIGINT)
        assert term.wait_exit() == 130
        assert b"Traceback" not in term.raw and b"KeyboardInterrupt" not in term.raw
        assert term.line_mode() == (True, True)
    finally:
        term.close()


def test_ctrl_c_while_old_statistics_load_exits_130_and_loses_nothing(tmp_path: Path) -> None:
    games = [{"deal": n, "ending": "won", "score": n % 25} for n in range(150_000)]
    (tmp_path / "stats.json").write_text(json.dumps({"format": "foursquare-stats", "version": 1, "games": games}))
    term = Terminal(["--seed", "5"], home=tmp_path)
    try:
        deadline = time.monotonic() + 30
        while not (tmp_path / "foursquare.db").exists():  # the game has started reading the old file
            assert time.monotonic() < deadline and term.child.isalive(), term.raw.decode(errors="replace")
            time.sleep(0.005)
        term.child.kill(signal.SIGINT)
        assert term.wait_exit(timeout=60) == 130
        assert b"Traceback" not in term.raw and b"KeyboardInterrupt" not in term.raw
        assert term.line_mode() == (True, True)
    finally:
        term.close()
    done = run(["stats", "--json"], tmp_path)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["played"] == 150_000  # the import was whole, then or now


def test_ctrl_c_stops_a_huge_simulation_and_still_reports_the_games_finished(tmp_path: Path) -> None:
    env = game_env(FOURSQUARE_HOME=str(tmp_path))
    args = ["simulate", "--games", "1000000000", "--strategy", "greedy", "--json", "--jobs", "2"]
    child = subprocess.Popen([*FOURSQUARE, *args], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(3.0)  # a billion deals: a work list made up front would take gigabytes and many seconds
    child.send_signal(signal.SIGINT)
    out, errors = child.communicate(timeout=60)
    assert child.returncode == 130
    assert "Traceback" not in errors
    report = json.loads(out)
    assert report["games"] > 0 and report["games"] == report["wins"] + sum(report["losses"].values())
    assert f"the {report['games']} games finished" in errors


def test_sigterm_unwinds_a_review_at_work_and_exits_as_killed_by_it(tmp_path: Path) -> None:
    """``kill`` or ``timeout`` on a long review: its child processes and their semaphores are let go, not left
    for Python's resource tracker to warn about, and the status is the signal's (143)."""
    game = Game.deal(7)
    rng = random.Random(1)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    with Store.open(tmp_path)[0] as store:
        store.record(FinishedGame.of(game, daily=None, started=None, ended=utc_now(), counted=True))
    env = game_env(FOURSQUARE_HOME=str(tmp_path))
    review = [*FOURSQUARE, "review", "1", "--nodes", "30000000"]  # many times the default: at work for a while
    child = subprocess.Popen(review, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    time.sleep(1.5)  # the review's two processes at work
    assert child.poll() is None, "the review ended before the signal"
    child.send_signal(signal.SIGTERM)
    _, errors = child.communicate(timeout=60)
    assert child.returncode == 128 + signal.SIGTERM
    assert b"Traceback" not in errors and b"leaked" not in errors, errors.decode(errors="replace")


def test_sigterm_ends_a_simulation_s_pool_quietly_even_as_it_replaces_a_worker(tmp_path: Path) -> None:
    env = game_env(FOURSQUARE_HOME=str(tmp_path))
    args = ["simulate", "--games", "1000000000", "--strategy", "greedy", "--json", "--jobs", "2"]
    child = subprocess.Popen([*FOURSQUARE, *args], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(3.0)
    child.send_signal(signal.SIGTERM)
    _, errors = child.communicate(timeout=60)
    assert child.returncode == 128 + signal.SIGTERM
    assert errors == ""  # no worker's traceback: a worker forked as the pool shut down ends as by default


def test_more_jobs_than_games_or_cores_are_trimmed(tmp_path: Path) -> None:
    done = run(["simulate", "--games", "3", "--strategy", "random", "--jobs", "1000", "--json"], tmp_path)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["jobs"] == min(3, os.cpu_count() or 1)


# --- closed and strange standard streams -------------------------------------------------

CLOSED_STREAM_COMMANDS = [
    ["--plain"],
    ["--seed", "5"],
    ["stats"],
    ["history"],
    ["export"],
    ["import", "-"],
    ["review"],
    ["simulate", "--games", "2", "--strategy", "random"],
    ["simulate", "--games", "2", "--strategy", "random", "--jobs", "2"],
    ["stats", "--reset"],
]


def _closing(fd: int) -> Callable[[], None]:
    return lambda: os.close(fd)


@pytest.mark.parametrize("args", CLOSED_STREAM_COMMANDS, ids=" ".join)
@pytest.mark.parametrize(("closed", "name"), [(0, "standard input"), (1, "standard output")])
def test_a_closed_standard_stream_is_one_line_and_status_1(
    args: list[str], closed: int, name: str, tmp_path: Path
) -> None:
    env = game_env(FOURSQUARE_HOME=str(tmp_path))
    done = subprocess.run(
        [*FOURSQUARE, *args], env=env, stdin=subprocess.DEVNULL, capture_output=True,
        text=True, timeout=60, preexec_fn=_closing(closed), check=False,
    )  # fmt: skip
    assert done.returncode == 1
    prog = "foursquare" if args[0].startswith("-") else f"foursquare {args[0]}"
    assert done.stderr.splitlines() == [
        f"{prog}: {name} is closed: run foursquare with all three open (redirect to /dev/null to discard)"
    ]
    assert not (tmp_path / "foursquare.db").exists()  # refused before anything was opened


def test_a_closed_standard_error_is_status_1_and_nothing_written_anywhere(tmp_path: Path) -> None:
    env = game_env(FOURSQUARE_HOME=str(tmp_path))
    done = subprocess.run(
        [*FOURSQUARE, "stats"], env=env, capture_output=True, text=True, timeout=60, preexec_fn=_closing(2),
        check=False,
    )  # fmt: skip
    assert done.returncode == 1 and done.stdout == "" and done.stderr == ""


def test_an_output_encoding_without_the_games_characters_gets_their_ascii_forms(tmp_path: Path) -> None:
    env = game_env(FOURSQUARE_HOME=str(tmp_path), PYTHONIOENCODING="ascii")
    done = subprocess.run(
        [*FOURSQUARE, "simulate", "--games", "3", "--strategy", "random"], env=env, capture_output=True,
        timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert b"deals 0-2" in done.stdout and done.stderr == b""
    done.stdout.decode("ascii")  # every byte is ASCII


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
@pytest.mark.parametrize("args", [["--help"], ["--version"], ["stats", "--help"], ["review", "--help"]], ids=" ".join)
def test_help_and_version_to_a_full_disk_are_one_line_and_status_1(args: list[str], tmp_path: Path) -> None:
    with open("/dev/full", "w") as full:
        done = run(args, tmp_path, stdout=full)
    assert done.returncode == 1
    assert done.stderr == "foursquare: cannot write the output: no space left on the device\n"


# --- signals that end the game --------------------------------------------------------------

ENDING = ["SIGQUIT", "SIGUSR1", "SIGUSR2", "SIGALRM", "SIGTERM"]


@pytest.mark.parametrize("name", ENDING)
def test_a_signal_that_ends_the_game_gives_the_terminal_back(name: str, tmp_path: Path) -> None:
    signum = getattr(signal, name)
    term = Terminal(["--seed", "5"], home=tmp_path)
    try:
        term.wait_for("40 cards left")
        term.send("enter")  # a card placed, and saved
        term.wait_for("39 cards left")
        term.child.kill(signum)
        assert term.wait_exit() == 128 + signum
        assert term.line_mode() == (True, True)
        raw = bytes(term.raw)
        for on, off in [(b"\x1b[?1049h", b"\x1b[?1049l"), (b"\x1b[?25l", b"\x1b[?25h"), (b"\x1b[?1h", b"\x1b[?1l")]:
            assert raw.rfind(off) > raw.rfind(on) >= 0, (on, off)  # alternate screen, cursor, keypad: all undone
        assert b"Traceback" not in raw
    finally:
        term.close()
    done = run(["history", "--json"], tmp_path)
    assert done.returncode == 0 and json.loads(done.stdout) == []  # no game was recorded: it is still on the table


@pytest.mark.parametrize("args", [["help", "rules"], ["stats"], ["review", "--last", "--nodes", "2000"]], ids=" ".join)
def test_under_the_c_locale_commands_print_ascii_as_plain_mode_does(args: list[str], tmp_path: Path) -> None:
    """Python writes UTF-8 under ``LC_ALL=C``, but the terminal shows ASCII: every command that draws asks what
    the output shows, as plain mode does, and with a UTF-8 locale draws what it always did."""
    with Store.open(tmp_path)[0] as store:
        store.record(FinishedGame.of(won_game(), daily=None, started=None, ended=utc_now(), counted=True))
    drawn = {}
    for lang in ("C", "C.UTF-8"):
        env = game_env(FOURSQUARE_HOME=str(tmp_path), LANG=lang, LC_ALL=lang)
        done = subprocess.run([*FOURSQUARE, *args], env=env, capture_output=True, timeout=120, check=False)
        assert done.returncode == 0 and done.stderr == b"", done.stderr
        drawn[lang] = done.stdout.decode("utf-8")
    assert drawn["C"].isascii() and not drawn["C.UTF-8"].isascii()
    plain = subprocess.run(
        [*FOURSQUARE, "--plain", "--seed", "3"], env=game_env(FOURSQUARE_HOME=str(tmp_path / "plain"), LC_ALL="C"),
        input=b"q\n", capture_output=True, timeout=60, check=False,
    )  # fmt: skip
    assert b"Next card: AH," in plain.stdout and plain.stdout.isascii()


def test_ctrl_c_while_the_game_ends_with_a_review_at_work_is_quiet(tmp_path: Path) -> None:
    """An ending signal, then Ctrl-C while the game waits for the review's processes on its way out: the
    interpreter's own clean-up, where Python's Ctrl-C would print a traceback."""
    with Store.open(tmp_path)[0] as store:
        store.record(FinishedGame.of(won_game(), daily=None, started=None, ended=utc_now(), counted=True))
    term = Terminal(["--seed", "5"], home=tmp_path)
    try:
        term.wait_for("40 cards left")
        term.send("g")  # the games played
        term.wait_for("your games")
        term.send("enter")  # its review
        term.wait_for("The expert is reviewing the game")
        time.sleep(0.5)  # the review's processes deep in their work
        term.child.kill(signal.SIGUSR1)
        deadline = time.monotonic() + 30
        while term.child.isalive():  # Ctrl-C pressed again and again, as a player in a hurry does
            assert time.monotonic() < deadline, "the game did not end"
            term.child.kill(signal.SIGINT)
            term.pump(0.003)
        assert term.wait_exit() in (128 + signal.SIGUSR1, 130)
        assert term.line_mode() == (True, True)
        assert b"Traceback" not in term.raw and b"KeyboardInterrupt" not in term.raw, term.raw[-600:]
    finally:
        term.close()
