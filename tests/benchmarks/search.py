"""The expert's search: its advice and the learned value's sweeps, timed, with checksums of what they decide.

Run ``python -m tests.benchmarks.search``.  A benchmark, not a test: it
prints figures to compare before and after a change to the search
(:mod:`foursquare.expert.search`) or to how the learned value is added up
(:mod:`foursquare.expert.learned`), and two checksums that say whether the
change still decides the same:

* the positions are those of the expert's own games on the deals asked for
  (found first, untimed);
* **advice**: each position advised at the expert's default budget, its time
  the best of ``--repeat`` runs; the checksum covers every cell's value,
  chance and score said, the depth, the nodes and the replies, everything
  but the time;
* **sweeps**: every sweep of the learned value that advice made (one
  placement from the horizon, every rank on every cell), replayed alone,
  each timed as the best of ``--repeat`` runs; the checksum covers every
  rank's best cell and every cell's value where the search asked for all.

A change meant only to be quicker keeps both checksums; one that changes
them changes the expert's play, and its strength must be measured again
(``python -m tests.benchmarks.horizon``).
"""

from __future__ import annotations

import argparse
import hashlib
import platform
import sys
import time
from collections.abc import Callable, Sequence
from typing import TypeVar

from foursquare.engine import Game
from foursquare.engine.board import Board
from foursquare.expert.advice import DEFAULT_NODES, Advice, Position, advise
from foursquare.expert.learned import Learned, learned

from .figures import header, row

__all__ = ["Recording", "main", "positions"]

NAME_WIDTH = 34
T = TypeVar("T")
Sweep = tuple[Board, list[int], int, bool]
"""A sweep as advice asked for it: the board, the unseen counts, the cards unseen, and whether every cell was asked."""


class Recording(Learned):
    """The learned value, keeping a copy of what each sweep was asked, to replay them alone."""

    __slots__ = ("sweeps",)

    def __init__(self, weights: Sequence[int]) -> None:
        super().__init__(weights)
        self.sweeps: list[Sweep] = []

    def sweep(
        self,
        board: Board,
        counts: list[int],
        left: int,
        every: dict[int, list[tuple[float, float, int]]] | None = None,
    ) -> list[tuple[int, float, float, int]]:
        self.sweeps.append((board.copy(), list(counts), left, every is not None))
        return super().sweep(board, counts, left, every)


def positions(first: int, games: int) -> list[Position]:
    """Every position of the expert's own games on deals ``first`` on."""
    found = []
    for deal in range(first, first + games):
        game = Game.deal(deal)
        while not game.is_over:
            position = Position.of(game)
            found.append(position)
            game.play(advise(position).cell)
    return found


def _decided(advice: Advice) -> str:
    """What an advice decided and said, everything but its time."""
    return repr(
        (
            advice.cell,
            advice.win_chance,
            advice.ranking,
            advice.depth,
            advice.nodes,
            advice.scores,
            advice.raw_chance,
            advice.raw_expected,
            advice.cut_short,
            advice.replies,
        )
    )


def _best_times(run: Sequence[T], once: Callable[[T], object], repeat: int) -> list[float]:
    """For each item of ``run``, the least time ``once(item)`` took over ``repeat`` runs of them all."""
    best = [float("inf")] * len(run)
    for _ in range(repeat):
        for k, item in enumerate(run):
            begun = time.perf_counter()
            once(item)
            best[k] = min(best[k], time.perf_counter() - begun)
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.benchmarks.search", description=__doc__.split("\n")[0])
    parser.add_argument("--first", type=int, default=111140, help="the first deal (default: 111140)")
    parser.add_argument("--games", type=int, default=6, help="the expert's games whose positions are timed")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each, the best one counting")
    args = parser.parse_args(argv)
    found = positions(args.first, args.games)
    value = learned()
    recording = Recording(value.weights)
    advised = hashlib.sha256()
    for position in found:
        advised.update(_decided(advise(position, horizon=recording)).encode())
    swept = hashlib.sha256()
    for board, counts, left, asked in recording.sweeps:
        every: dict[int, list[tuple[float, float, int]]] | None = {} if asked else None
        swept.update(repr((value.sweep(board, counts, left, every), every)).encode())

    def replay(sweep: Sweep) -> None:
        board, counts, left, asked = sweep
        value.sweep(board, counts, left, {} if asked else None)

    advice_times = _best_times(found, advise, args.repeat)
    sweep_times = _best_times(recording.sweeps, replay, args.repeat)
    print(
        f"the expert's search at {DEFAULT_NODES:,} nodes, deals {args.first}-{args.first + args.games - 1}"
        f" ({len(found)} positions, {len(recording.sweeps)} sweeps), Python {platform.python_version()}"
    )
    print(header(NAME_WIDTH))
    print(row("advice, a position", advice_times, NAME_WIDTH, decimals=1))
    print(row("a sweep of the learned value", sweep_times, NAME_WIDTH, decimals=3))
    mean_advice = sum(advice_times) / len(found) * 1000
    mean_sweep = sum(sweep_times) / len(sweep_times) * 1e6
    print(f"advice: {mean_advice:.1f} ms a position on average; checksum {advised.hexdigest()[:16]}")
    print(f"sweeps: {mean_sweep:.0f} µs a sweep on average; checksum {swept.hexdigest()[:16]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
