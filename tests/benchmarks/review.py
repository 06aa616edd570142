"""The review: how long a whole game takes, how soon the first page shows, and keys while it works.

Run ``python -m tests.benchmarks.review``.  A benchmark, not a test: it prints
figures to compare before and after a change, with the real expert at its
default strength (a node budget, so the work is the same on any machine; the
time is what this machine gives it):

* a whole review: for each game, from the start of the work to the review
  complete (every verdict, and the expert's own game on the deal), and to
  the first verdict; then the same after play in the game screen, which
  hands the review the advice its pondering found on every position (found
  here beforehand, untimed);
* the first page: ``v`` on the end box of the game screen (an
  :class:`~foursquare.screen.app.App` without a terminal) to the first page
  composed, and to that page showing the first verdict;
* keys while it works: ``→``, ``←``, ``n`` and ``s`` on the review pages,
  each timed from the moment it is due (the end of a short wait, as the main
  loop waits for a key without the interpreter lock) to its frame composed,
  while the review thread and the expert's process work.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import sys
import time

from foursquare.engine import Game
from foursquare.expert.advice import DEFAULT_NODES, Advice, Position, advise
from foursquare.expert.danger import danger_after
from foursquare.expert.review import before_placement
from foursquare.expert.reviewing import Reviewing
from foursquare.screen.app import App
from foursquare.screen.keys import Input, Key
from foursquare.screen.render import render
from foursquare.screen.review_page import ReviewPages, expert_review

from ..helpers import first_cell_judge, lost_game, session_on, won_game
from .figures import header, row

__all__ = ["danger_times", "first_page", "keys_while_reviewing", "main", "whole_review"]

WIDTH, HEIGHT = 80, 24
NAME_WIDTH = 52
HEADER = header(NAME_WIDTH)


def _row(name: str, seconds: list[float]) -> str:
    return row(name, seconds, NAME_WIDTH, decimals=1)


def _games() -> list[tuple[str, Game]]:
    return [("deal 16, won, 33 placements", won_game()), ("deal 20261130, lost, 28 placements", lost_game())]


def pondered(game: Game) -> dict[Position, Advice]:
    """The advice the game screen finds on every position of ``game`` while the player thinks (its pondering)."""
    positions = [Position.of(before_placement(game, n)) for n in range(1, game.placed_count + 1)]
    return {position: advise(position) for position in positions}


def whole_review(game: Game, known: dict[Position, Advice] | None = None) -> tuple[float, float, float, float]:
    """Seconds to the whole review and to its first verdict; CPU seconds in this process and in its children.

    ``known``: the advice found already (:func:`pondered`), as the game screen hands it to its review.
    """
    cpu = time.process_time()
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
    start = time.perf_counter()
    reviewing = Reviewing(game, nodes=DEFAULT_NODES, known=known)
    first = None
    while not reviewing.done():
        if first is None and reviewing.steps:
            first = time.perf_counter() - start
        time.sleep(0.001)
    assert reviewing.review is not None, reviewing.error
    total = time.perf_counter() - start
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - children
    return total, first if first is not None else total, time.process_time() - cpu, children


def first_page(game: Game) -> tuple[float, float, ReviewPages]:
    """Seconds from ``v`` to the first page composed, and to it showing the first verdict."""
    app = App(session_on(game))
    pages = ReviewPages(app, start=expert_review)
    start = time.perf_counter()
    app.handle("v")
    render(app, WIDTH, HEIGHT)
    shown = time.perf_counter() - start
    while pages.work is None or not pages.work.steps:
        time.sleep(0.001)
    app.tick()
    render(app, WIDTH, HEIGHT)
    return shown, time.perf_counter() - start, pages


def keys_while_reviewing(game: Game, keys: int, *, busy: bool = True) -> tuple[list[float], bool]:
    """Seconds from each key being due to its frame composed while the review works; and whether it was still at it.

    Not ``busy``: the same keys on a review already finished, for comparison on the same machine at the same time.
    """
    app = App(session_on(game))
    pages = ReviewPages(app, start=expert_review if busy else _done)
    app.handle("v")
    rng = random.Random(1)
    choices: list[Input] = [Key.RIGHT, Key.RIGHT, Key.LEFT, "n", "s", Key.HOME]
    times = []
    for _ in range(keys):
        wait = rng.uniform(0.002, 0.02)
        due = time.perf_counter() + wait
        time.sleep(wait)  # without the lock, as curses waits for a key
        app.handle(rng.choice(choices))
        app.tick()
        render(app, WIDTH, HEIGHT)
        times.append(time.perf_counter() - due)
    work = pages.work
    busy = work is not None and work.review is None
    if work is not None:
        work.cancel()
    return times, busy


def _done(game: Game) -> Reviewing:
    """A review finished at once (a quick stand-in expert): the pages with no work behind them."""
    reviewing = Reviewing(game, judge=first_cell_judge())
    reviewing.wait()
    return reviewing


def danger_times(games: list[Game]) -> list[float]:
    """Seconds to count the danger of every cell of every position of ``games``: what the game screen's preview
    line works out for the cell under the cursor on each move."""
    times = []
    for game in games:
        for n in range(1, game.placed_count + 1):
            before = before_placement(game, n)
            for cell in before.legal_moves():
                start = time.perf_counter()
                danger_after(before, cell)
                times.append(time.perf_counter() - start)
    return times


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.benchmarks.review", description=__doc__.split("\n")[0])
    parser.add_argument("--keys", type=int, default=300, help="keys timed while the review works (default 300)")
    args = parser.parse_args(argv)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"the review at {DEFAULT_NODES:,} nodes per placement, {WIDTH}x{HEIGHT}, Python {sys.version.split()[0]},")
    print(f"{os.cpu_count()} cores, load average {load:.1f} at the start")
    for name, game in _games():
        for how, known in (("", None), ("after play in the screen, ", pondered(game))):
            total, first, here, children = whole_review(game, known)
            print(f"whole review {how}{name}: {total:.2f} s, first verdict {first * 1000:.0f} ms")
            print(f"    CPU: {children:.2f} s in the two child processes, {here:.2f} s in this one", end="")
            print(f": on two idle cores about {children / 2 + here:.1f} s")
    shown, verdict, _ = first_page(won_game())
    print(f"v to the first page composed: {shown * 1000:.1f} ms; to it showing its verdict: {verdict * 1000:.1f} ms")
    print(HEADER)
    times, busy = keys_while_reviewing(won_game(), args.keys)
    print(_row(f"key + compose on the review pages{', review at work' if busy else ''}", times))
    print(
        _row(
            "key + compose on the review pages, review done", keys_while_reviewing(won_game(), args.keys, busy=False)[0]
        )
    )
    danger = danger_times([game for _, game in _games()])
    print(row("danger of the cell under the cursor, both games", danger, NAME_WIDTH, decimals=3))
    print("targets: a whole review of about 30 placements at most 3 s, its first verdict under 100 ms, keys under 5 ms")


if __name__ == "__main__":
    main()
