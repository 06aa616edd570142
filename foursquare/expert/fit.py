"""Fit the expert's numbers to its own games: ``python -m foursquare.expert.fit``.

The expert plays deals ``--first`` … (a range kept apart from the one its
figures are reported on), and every placement it makes is recorded: the
search's raw chance of winning, the table it left (face-down cards, piles,
face-down cards on full piles, cards left) and how the game ended.  From
those records come

* the calibration curve (:data:`~foursquare.expert.calibration.CURVE`): raw
  chance → how often the expert then won, pooled so it never falls;
* how far the search's expected score falls short of the score reached, by
  the unseen cards (:data:`~foursquare.expert.calibration.SCORE_OFFSETS`);
* the score model of the horizon (:data:`~foursquare.expert.evaluation.SCORE_FIT`):
  a least-squares line for the final score of a won game from the table it
  was won from.

Everything is reproducible: the deals are numbered and the expert's work is
bounded by a node count, so the same command prints the same numbers.  The
script prints them as Python to paste into the two modules.

The score model changes how the expert plays, so it is fitted to the games
of the expert with the model before it (``--score-fit``, the old numbers),
and the curve then to the games of the expert with the new one (the
default: the package's own).  Each module says the command that prints its
numbers.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import NamedTuple

from foursquare.engine import Game, Status
from foursquare.engine.board import Board
from foursquare.engine.faults import Fault, Invalid
from foursquare.expert.advice import DEFAULT_NODES, MIN_DEPTH, Position, advise
from foursquare.expert.calibration import (
    BUCKET_EDGES,
    brier_score,
    buckets,
    calibrated,
    isotonic_curve,
    score_offsets,
)
from foursquare.expert.evaluation import FITTED_DEPTH, FITTED_NODES, SCORE_FIT, leaves
from foursquare.expert.faults import Flaw
from foursquare.expert.search import Horizon

__all__ = [
    "Record",
    "add_expert_options",
    "chosen_expert",
    "features",
    "fit_score",
    "main",
    "play",
    "solve",
]


class Record(NamedTuple):
    """One placement of the expert: what it said, the table it left, and how its game ended."""

    deal: int
    raw_chance: float
    down: int
    piles: int
    down_full: int
    left: int
    won: bool
    score: int
    unseen: int = -1
    """Cards unseen at the decision (the stock after the card placed); -1 in records made before it was kept."""
    raw_expected: float = 0.0
    """The search's own expected score for the cell it chose."""


def features(game: Game) -> tuple[int, int, int, int]:
    """The four numbers the horizon reads from a table: face-down, piles, face-down on full piles, cards left."""
    board = Board.of((cell, pile.top.rank, len(pile), pile.face_up) for cell, pile in game.piles.items())
    left = len(game.stock) - game.placed_count
    return board.down.bit_count(), board.occ.bit_count(), (board.down & board.full).bit_count(), left


def play(deal: int, nodes: int, horizon: Horizon | None = None, depth: int = MIN_DEPTH) -> list[Record]:
    """The expert's placements on ``deal`` (judging its horizon by ``horizon``), each with what it said and the
    table it left."""
    game = Game.deal(deal)
    said = []
    while not game.is_over:
        position = Position.of(game)
        advice = advise(position, nodes=nodes, min_depth=depth, horizon=horizon)
        game.play(advice.cell)
        said.append((advice.raw_chance, features(game), sum(position.unseen), advice.raw_expected))
    won = game.status is Status.WON
    score = game.score or 0
    return [Record(deal, raw, *table, won, score, unseen, expected) for raw, table, unseen, expected in said]


def solve(rows: Sequence[Sequence[float]], targets: Sequence[float]) -> list[float]:
    """Least squares: the weights w minimising the squared error of rows · w against targets (normal equations)."""
    k = len(rows[0])
    a = [[sum(r[i] * r[j] for r in rows) for j in range(k)] for i in range(k)]
    b = [sum(r[i] * t for r, t in zip(rows, targets, strict=True)) for i in range(k)]
    for col in range(k):  # Gauss-Jordan with partial pivoting
        pivot = max(range(col, k), key=lambda row: abs(a[row][col]))
        a[col], a[pivot] = a[pivot], a[col]
        b[col], b[pivot] = b[pivot], b[col]
        if abs(a[col][col]) < 1e-12:
            raise Invalid(Fault(Flaw.WEIGHTS_NOT_PINNED))
        for row in range(k):
            if row != col:
                f = a[row][col] / a[col][col]
                a[row] = [x - f * y for x, y in zip(a[row], a[col], strict=True)]
                b[row] -= f * b[col]
    return [b[i] / a[i][i] for i in range(k)]


def fit_score(records: Sequence[Record]) -> tuple[float, float, float, float]:
    """How many cards the rest of a won game costs beyond the missing piles, from the table it was won from.

    The final score is the cards left less those still to be placed; the
    line fits the cards still to be placed as ``a + b·missing + c·down +
    d·down_full`` (missing piles, face-down cards, face-down cards on full
    piles), on the placements of won games.  A weight below 0 (a table
    worse off that would cost fewer cards, seen on few placements) is taken
    as 0, so that the search is never drawn towards it; the line is fitted
    again without it.
    """
    won = [r for r in records if r.won]
    rows = [[1.0, 16.0 - r.piles, float(r.down), float(r.down_full)] for r in won]
    used = [float(r.left - r.score) for r in won]
    kept = [0, 1, 2, 3]
    while True:
        weights = solve([[row[k] for k in kept] for row in rows], used)
        negative = [k for k, w in zip(kept, weights, strict=True) if w < 0 and k]
        if not negative:
            break
        kept.remove(negative[-1])
    fit = [0.0] * 4
    for k, w in zip(kept, weights, strict=True):
        fit[k] = w
    return fit[0], fit[1], fit[2], fit[3]


def _calibration_table(pairs: list[tuple[float, bool]]) -> str:
    lines = [f"#   Brier score {brier_score(pairs):.4f}"]
    for bucket in buckets(pairs, BUCKET_EDGES):
        if bucket["placements"]:
            lines.append(
                f"#   {bucket['low']:.2f}-{bucket['high']:.2f} {bucket['placements']:>6}"
                f"  said {bucket['predicted']:.3f}  won {bucket['observed']:.3f}"
            )
    return "\n".join(lines)


def _fit(text: str) -> tuple[float, float, float, float]:
    """A score model from ``A,B,C,D``."""
    parts = [float(part) for part in text.split(",")]
    if len(parts) != 4:
        raise argparse.ArgumentTypeError(f"four numbers with commas between, not {text!r}")
    return parts[0], parts[1], parts[2], parts[3]


def add_expert_options(parser: argparse.ArgumentParser) -> None:
    """``--horizon`` and ``--nodes``: which expert a script plays, today's or the one before its learned horizon."""
    parser.add_argument(
        "--horizon",
        choices=("learned", "fitted"),
        default="learned",
        help="the expert's horizon: today's learned one, or the fitted line it had before (at"
        f" {FITTED_NODES} nodes and {FITTED_DEPTH} placements ahead unless told otherwise)",
    )
    parser.add_argument("--nodes", type=int, help=f"the expert's node budget per card (default: {DEFAULT_NODES})")


def chosen_expert(args: argparse.Namespace) -> tuple[bool, int]:
    """Whether :func:`add_expert_options` chose the fitted horizon, and the budget: what was asked, else its own."""
    fitted = bool(args.horizon == "fitted")
    return fitted, int(args.nodes or (FITTED_NODES if fitted else DEFAULT_NODES))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m foursquare.expert.fit", description=__doc__.split("\n")[0])
    parser.add_argument("--first", type=int, default=100_000, help="the first deal to play (default: 100000)")
    parser.add_argument("--games", type=int, default=200, help="how many deals (default: 200)")
    add_expert_options(parser)
    parser.add_argument("--depth", type=int, help=f"placements always looked ahead (default: {MIN_DEPTH})")
    parser.add_argument("--least", type=int, default=100, help="placements per point of the calibration curve")
    parser.add_argument("--records", help="a JSON file: read the records from it if it exists, else write them there")
    parser.add_argument(
        "--score-fit",
        type=_fit,
        default=SCORE_FIT,
        metavar="A,B,C,D",
        help="the score model the expert plays with (default: the package's, " + ",".join(map(str, SCORE_FIT)) + ")",
    )
    args = parser.parse_args(argv)
    records: list[Record] = []
    try:
        with open(args.records) as f:
            records = [Record(*row) for row in json.load(f)]
    except (TypeError, FileNotFoundError):
        fitted, nodes = chosen_expert(args)
        horizon = leaves(args.score_fit) if fitted else None
        depth = args.depth or (FITTED_DEPTH if fitted else MIN_DEPTH)
        for n, deal in enumerate(range(args.first, args.first + args.games)):
            records += play(deal, nodes, horizon, depth)
            print(f"\r{n + 1}/{args.games} deals", end="", file=sys.stderr, flush=True)
        print(file=sys.stderr)
        if args.records:
            with open(args.records, "w") as f:
                json.dump(records, f)
    deals = {r.deal for r in records}
    won = {r.deal for r in records if r.won}
    print(f"# {len(records)} placements on {len(deals)} deals from {min(deals)}, {len(won)} won")
    pairs = [(r.raw_chance, r.won) for r in records]
    print("# raw chances:\n" + _calibration_table(pairs))
    curve = isotonic_curve(pairs, args.least)
    print("# calibrated, in sample:\n" + _calibration_table([(calibrated(c, curve), w) for c, w in pairs]))
    print("CURVE = (" + ", ".join(f"({x:.4f}, {y:.4f})" for x, y in curve) + ")")
    if args.horizon == "fitted":  # the score line is the fitted horizon's; the learned one has none
        print("SCORE_FIT = (" + ", ".join(f"{w:.3f}" for w in fit_score(records)) + ")")
    said = [(r.unseen, r.raw_expected, float(r.score if r.won else 0)) for r in records if r.unseen >= 0]
    print("SCORE_OFFSETS = (" + ", ".join(f"{x:.2f}" for x in score_offsets(said, args.least)) + ")")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
