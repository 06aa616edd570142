"""The expert in the game: how long a tip takes, and how fast keys are while it thinks.

Run ``python -m tests.benchmarks.coach``.  A benchmark, not a test: it prints
figures to compare before and after a change.  Both parts drive the real
:class:`~foursquare.screen.app.App` and :class:`~foursquare.screen.coach.Coach` with the real
expert in its background thread, without a terminal:

* advice per placement: on deals 0, 1, … each card is tipped as a player
  would ask (``t``), the ticker polled as the main loop does, until the tip is
  on the message line; the expert's own time (thread start to advice) and the
  time from the key to the tip shown are both timed, then the tip is taken.
  The screen ponders (the expert starts on each card when it is shown), and
  the player asks ``--look`` seconds after the card is shown, each look
  timed separately (0: at once, so pondering gains nothing);
* keys while the expert thinks: a scripted session of play (the one
  :mod:`tests.benchmarks.ui` times) handled and composed while another thread
  keeps the expert thinking without pause.  The main loop waits for keys
  without the interpreter lock, so each key is timed from the moment it is
  due (the end of a short wait) to the frame composed: waiting for the lock
  is included.  Painting through curses adds what ``bench_ui`` reports.
"""

from __future__ import annotations

import argparse
import random
import sys
import threading
import time

from foursquare.engine import Game, Status
from foursquare.expert.advice import Position, Thinking, advise
from foursquare.screen.app import App
from foursquare.screen.coach import Coach, Expert, Pending
from foursquare.screen.keys import Input
from foursquare.screen.render import render

from ..helpers import session_on
from . import figures
from .figures import header
from .ui import HEIGHT, WIDTH, script

__all__ = ["keys_while_thinking", "main", "tips"]


NAME_WIDTH = 46
HEADER = header(NAME_WIDTH)


def row(name: str, seconds: list[float]) -> str:
    """A line of this benchmark's table (see :func:`figures.row`)."""
    return figures.row(name, seconds, NAME_WIDTH)


def tips(games: int, seconds: float | None, look: float = 0.0) -> tuple[list[float], list[float], int, int]:
    """Per placement: (the expert's seconds, seconds from ``t`` to the tip shown ``look`` seconds after the card);
    the games won, and the tips cut short by the deadline (any other is the advice of no deadline: the work
    is bounded by a node count)."""
    think = Expert(seconds)
    started: list[Pending] = []

    def recording(position: Position) -> Pending:
        started.append(think(position))
        return started[-1]

    expert_s, shown_s, won, cut = [], [], 0, 0
    for seed in range(games):
        app = App(session_on(Game.deal(seed)), width=WIDTH, height=HEIGHT)
        Coach(app, think=recording, ponder=True)
        app.session.answer_help(True)  # yes to the question before the first tip, so that t tips at once
        while not app.game.is_over:
            shown = time.perf_counter()
            while True:  # the player looks at the card, as the main loop polls between keys
                app.tick()
                if time.perf_counter() - shown >= look:
                    break
                time.sleep(min(app.tick_seconds, max(look - (time.perf_counter() - shown), 0.0)))
            start = time.perf_counter()
            app.handle("t")
            while app.marked is None:
                time.sleep(app.tick_seconds)  # as the main loop waits for a key
                app.tick()
            render(app, WIDTH, HEIGHT)
            shown_s.append(time.perf_counter() - start)
            advice = started[-1].advice
            assert advice is not None
            expert_s.append(advice.seconds)
            cut += advice.cut_short
            app.place(app.marked)
        won += app.game.status is Status.WON
    return expert_s, shown_s, won, cut


def _sample_positions(count: int) -> list[Position]:
    """Positions from the expert's own games, early, middle and late."""
    positions: list[Position] = []
    seed = 100
    while len(positions) < count:
        game = Game.deal(seed)
        while not game.is_over and len(positions) < count:
            position = Position.of(game)
            positions.append(position)
            game.play(advise(position, 0.05).cell)
        seed += 1
    return positions


def _think_without_pause(positions: list[Position], stop: threading.Event) -> None:
    """Keep the expert busy, one position after another, until ``stop``."""
    n = 0
    while not stop.is_set():
        thinking = Thinking(positions[n % len(positions)])
        while not thinking.done() and not stop.is_set():
            time.sleep(0.001)
        thinking.cancel()
        n += 1


def keys_while_thinking(keys: int, busy: bool) -> list[float]:
    """Seconds from each key being due to its frame composed, with the expert thinking if ``busy``."""
    events: list[Input] = script(keys)
    app = App(session_on(Game.deal(1), list(range(2, 10**4))), width=WIDTH, height=HEIGHT)
    rng = random.Random(1)
    stop = threading.Event()
    worker = None
    if busy:
        worker = threading.Thread(target=_think_without_pause, args=(_sample_positions(40), stop), daemon=True)
        worker.start()
        time.sleep(0.2)
    times = []
    try:
        for event in events:
            app.session.answer_help(True)  # yes, once a game, to the question before the first take-back
            wait = rng.uniform(0.002, 0.02)
            due = time.perf_counter() + wait
            time.sleep(wait)  # without the lock, as curses waits for a key
            app.handle(event)
            render(app, WIDTH, HEIGHT)
            times.append(time.perf_counter() - due)
    finally:
        stop.set()
        if worker is not None:
            worker.join()
    return times


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.benchmarks.coach", description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=5, help="deals tipped card by card (default 5: deals 0-4)")
    parser.add_argument("--keys", type=int, default=1000, help="keys timed, idle and while thinking (default 1000)")
    parser.add_argument("--seconds", type=float, default=None, help="thinking time per card (default: the expert's)")
    parser.add_argument(
        "--look",
        type=float,
        nargs="+",
        default=[0.0, 0.5, 1.0],
        help="seconds the player looks at a card before asking (default: 0 0.5 1)",
    )
    args = parser.parse_args(argv)
    print(f"the expert in the game, {WIDTH}x{HEIGHT}, Python {sys.version.split()[0]}, switch interval ", end="")
    print(f"{sys.getswitchinterval() * 1000:g} ms")
    print(HEADER)
    for look in args.look:
        expert_s, shown_s, won, cut = tips(args.games, args.seconds, look)
        if look == args.look[0]:
            print(row("the expert's thinking per card", expert_s))
        print(row(f"t {look:g} s after the card: tip shown ({cut} cut short)", shown_s))
    print(f"(tips on deals 0-{args.games - 1}: {won} of them won; a tip not cut short is the advice of no deadline)")
    print(row("key + compose, expert idle", keys_while_thinking(args.keys, busy=False)))
    print(row("key + compose, expert thinking throughout", keys_while_thinking(args.keys, busy=True)))
    print(
        "targets: a tip at most 40 ms median in the game screen, the advice of no deadline in at least 95% of "
        "positions; keys well under 100 ms while it thinks"
    )


if __name__ == "__main__":
    main()
