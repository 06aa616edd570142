"""Plain mode speed: a typed line to its answer, the tip, start-up, and a whole game through a pipe.

Run ``python -m tests.benchmarks.plain``.  A benchmark, not a test: it prints
figures to compare before and after a change.

* per line: a scripted session (placements on random legal cells, ``u``,
  ``r``, ``p CELL``, ``c`` and empty lines, new deals when a game ends) fed to
  plain mode in this process, each line timed from reading it to its last
  line of answer written; a line that changes the game includes saving it to
  a temporary data folder;
* tip: ``t`` on every card of a few deals, played by the tips themselves;
* start-up: ``foursquare --plain --seed 1`` started afresh with an empty data
  folder, timed until it has printed where the first card may go;
* a whole game: deal 1 through a pipe (the first legal cell every time, to
  the end of the game), from starting the command to its exit.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from foursquare.engine import Game, cell_name
from foursquare.plain.play import Plain
from foursquare.session.game import GameSession
from foursquare.words.cards import Spelling

from .coach import HEADER, row

GAME = [sys.executable, "-m", "foursquare"]
WHOLE_DEAL = 1


def whole_game(deal: int) -> list[str]:
    """The cell names of a whole game on ``deal``: the first legal cell every time, to its end."""
    game = Game.deal(deal)
    names = []
    while not game.is_over:
        cell = game.legal_moves()[0]
        game.play(cell)
        names.append(cell_name(cell))
    return names


def _plain(folder: Path, seed: int, written: list[str]) -> Plain:
    session, opening = GameSession.open(folder, seed=seed)
    plain = Plain(session, Spelling(), written.append)
    plain.begin(opening)
    return plain


def _timed(plain: Plain, line: str) -> float:
    start = time.perf_counter()
    plain.handle(line)
    return time.perf_counter() - start


def per_line(lines: int, seed: int = 0) -> dict[str, list[float]]:
    """Seconds per line answered, by kind of line, over a scripted session of ``lines`` lines."""
    rng = random.Random(seed)
    times: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as folder:
        plain = _plain(Path(folder), 1, [])
        for _ in range(lines):
            game = plain.game
            plain.session.answer_help(True)  # yes, once a game, to the question before the first take-back
            roll = rng.random()
            if game.is_over:
                kind, line = "n (a game over: a new deal at once)", "n"
            elif roll < 0.08 and game.placed_count:
                kind, line = "u (take back, saved)", "u"
            elif roll < 0.12 and plain.session.taken_back:
                kind, line = "r (put back, saved)", "r"
            elif roll < 0.22:
                kind, line = "p CELL (preview)", f"p {cell_name(rng.choice(game.legal_moves()))}"
            elif roll < 0.27:
                kind, line = "c (cards to come)", "c"
            elif roll < 0.30:
                kind, line = "empty line (the table again)", ""
            else:
                kind, line = "a cell name (placed, explained, saved)", cell_name(rng.choice(game.legal_moves()))
            times.setdefault(kind, []).append(_timed(plain, line))
    return times


def tips(games: int) -> list[float]:
    """Seconds per ``t``, on every card of deals 0 to ``games - 1`` played where the tip says."""
    seconds: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        for seed in range(games):
            written: list[str] = []
            plain = _plain(Path(folder), seed, written)
            plain.session.answer_help(True)  # yes to the question before the first tip
            while not plain.game.is_over:
                seconds.append(_timed(plain, "t"))
                plain.handle(written[-1].split(" on ")[1].split(",")[0])  # "Tip: 7♥ on e4, about ..."
    return seconds


def _run(args: list[str], stdin: str, until: Callable[[str], bool] | None = None) -> float:
    """Seconds from starting ``foursquare ARGS`` with a fresh data folder to ``until`` a line, or to its exit."""
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "FOURSQUARE_HOME": folder, "LC_ALL": "C.UTF-8"}
        start = time.perf_counter()
        child = subprocess.Popen([*GAME, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, text=True)
        assert child.stdin is not None and child.stdout is not None
        child.stdin.write(stdin)
        child.stdin.close()
        for line in child.stdout:
            if until is not None and until(line):
                break
        seconds = time.perf_counter() - start
        child.stdout.read()
        child.wait()
    return seconds


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.benchmarks.plain", description=__doc__.split("\n")[0])
    parser.add_argument("--lines", type=int, default=2000, help="lines of the scripted session (default 2000)")
    parser.add_argument("--games", type=int, default=2, help="deals tipped card by card (default 2: deals 0-1)")
    parser.add_argument("--runs", type=int, default=10, help="times each command is started (default 10)")
    args = parser.parse_args(argv)
    print(f"plain mode, Python {sys.version.split()[0]}")
    print(HEADER)
    for kind, seconds in sorted(per_line(args.lines).items()):
        print(row(kind, seconds))
    print(row("t (the expert's tip, node budget)", tips(args.games)))
    first = [
        _run(["--plain", "--seed", "1"], "", lambda line: line.startswith("It may go on")) for _ in range(args.runs)
    ]
    print(row("start-up to where the first card may go", first))
    moves = whole_game(WHOLE_DEAL)
    whole = [_run(["--seed", str(WHOLE_DEAL)], "\n".join(moves) + "\n") for _ in range(args.runs)]
    print(row(f"deal {WHOLE_DEAL}, {len(moves)} cards through a pipe, start to exit", whole))
    print("targets: a line answered well under 100 ms (a tip within 2 s); start-up under 0.5 s")


if __name__ == "__main__":
    main()
