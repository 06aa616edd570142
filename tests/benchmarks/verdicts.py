"""The evidence the review's verdicts are chosen from: the search's noise, and what worse play costs, in cards.

Run ``python -m tests.benchmarks.verdicts`` (``--first``, ``--games``,
``--nodes``, ``--jobs``).  Deals ``--first`` on (300000 by default: a range no
other figure comes from, and never tuned on) are self-played by the expert
with the review's node budget, and every placement is judged as the review
judges it (:func:`~foursquare.expert.review.judge_step`: the cost in cards is
the expected score of the expert's cell less that of the cell played, both
from the same advice, read to a tenth).  It prints:

* **noise**: at each position of the expert's own games, the same position
  searched again with half and with four times the budget (which looks a
  placement deeper at its best cells).  How far the expected
  score of the expert's cell moves, and, where the other search prefers
  another cell, what the reviewing search says that cell costs.  Such a cell
  is one the search cannot tell from the best, so the threshold for
  ``best`` must lie above these costs;
* **worse choices** at the same positions: the second-best cell, greedy's
  cell (fewest face down), a random legal cell and, where the expert opens a
  pile and the card could be stacked instead, the best stack: how much each
  costs, as percentiles and shares past each figure;
* **worse games**, each reviewed placement by placement: a *stacker* that
  plays the expert's cell but, on one chance in three, stacks where the expert
  would open a pile; greedy; random.  Their accuracy, their verdicts, and how
  many of the stacker's stacks read at least an inaccuracy.

Counts, not the clock, bound the expert, so a run prints the same figures on
any machine; re-run it when the expert changes and set
:data:`~foursquare.expert.review.THRESHOLDS` from what it prints.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from foursquare.engine import Cell, Game
from foursquare.expert.advice import DEFAULT_NODES, Advice, Position, advise
from foursquare.expert.review import (
    THRESHOLDS,
    Line,
    Step,
    Verdict,
    accuracy,
    judge_step,
    rated_lines,
)
from foursquare.expert.shown import tenths
from foursquare.expert.strategies import greedy

__all__ = ["DealFigures", "main", "measure_deal"]

FIRST_DEAL = 300_000
"""Deals no other figure of the project comes from."""
STACK_ODDS = 1 / 3
"""How often the stacker stacks where the expert would open a pile (and a stack is possible)."""


def nearby_budgets(nodes: int) -> tuple[int, int]:
    """The budgets the review's search is compared with: half (the same depth, mostly) and four times (deeper)."""
    return nodes // 2, nodes * 4


FIGURES = (0.3, 0.5, 1.0, 2.0, 4.0)
"""The costs (cards) whose shares are printed: candidates for the thresholds."""


@dataclass
class DealFigures:
    """What one deal showed: costs in cards (floats to a tenth) and reviewed games."""

    deal: int
    spread: list[float] = field(default_factory=list)
    """|expected score of the expert's cell| between the review's search and the nearby ones (same cell)."""
    said: list[float] = field(default_factory=list)
    """|what the position is said to expect| between the review's search and the nearby ones (each its own cell)."""
    other_choice: list[float] = field(default_factory=list)
    """Where a nearby search prefers another cell: that cell's cost in the review's search."""
    positions: int = 0
    alternatives: dict[str, list[float]] = field(default_factory=dict)
    games: dict[str, list[Step]] = field(default_factory=dict)
    stacks: list[Step] = field(default_factory=list)
    """The stacker's stacks where the expert would have opened a pile."""


def _cost(lines: Sequence[Line], cell: Cell) -> float:
    best = tenths(lines[0].expected)
    line = next(line for line in lines if line.cell == cell)
    return max(0, best - tenths(line.expected)) / 10


def _opens(game: Game, cell: Cell) -> bool:
    return game.pile(cell) is None


def _stack(game: Game, lines: Sequence[Line]) -> Cell | None:
    """The best-rated stack where the best cell opens a pile; None where it does not, or no stack is possible."""
    if not _opens(game, lines[0].cell):
        return None
    return next((line.cell for line in lines if not _opens(game, line.cell)), None)


def _judge(nodes: int) -> Callable[[Position], Advice]:
    seen: dict[Position, Advice] = {}

    def judge(position: Position) -> Advice:
        if position not in seen:
            seen[position] = advise(position, None, nodes=nodes)
        return seen[position]

    return judge


def _reviewed(deal: int, choose: Callable[[Game, Advice], Cell], judge: Callable[[Position], Advice]) -> list[Step]:
    """A whole game on ``deal``, each card placed by ``choose`` and judged as the review judges it."""
    game = Game.deal(deal)
    steps = []
    while not game.is_over:
        advice = judge(Position.of(game))
        cell = choose(game, advice)
        steps.append(judge_step(game, cell, judge))
        game.play(cell)
    return steps


def measure_deal(deal: int, nodes: int, noise: bool = True) -> DealFigures:
    """Every figure of one deal (see the module's docstring); without ``noise``, only the whole games."""
    figures = DealFigures(deal)
    judge = _judge(nodes)
    rng = random.Random(deal)
    alternatives: dict[str, list[float]] = {"second best": [], "greedy": [], "random": [], "stack": []}
    game = Game.deal(deal)
    while noise and not game.is_over:
        position = Position.of(game)
        advice = judge(position)
        lines = rated_lines(game, advice)
        if len(lines) > 1:
            figures.positions += 1
            for budget in nearby_budgets(nodes):
                other = advise(position, None, nodes=budget)
                theirs = rated_lines(game, other)
                same = next(line for line in theirs if line.cell == lines[0].cell)
                figures.spread.append(abs(tenths(same.expected) - tenths(lines[0].expected)) / 10)
                figures.said.append(abs(tenths(theirs[0].expected) - tenths(lines[0].expected)) / 10)
                if theirs[0].cell != lines[0].cell:
                    figures.other_choice.append(_cost(lines, theirs[0].cell))
            alternatives["second best"].append(_cost(lines, lines[1].cell))
            alternatives["greedy"].append(_cost(lines, greedy(position)))
            alternatives["random"].append(_cost(lines, rng.choice(position.legal_cells())))
            stack = _stack(game, lines)
            if stack is not None:
                alternatives["stack"].append(_cost(lines, stack))
        game.play(advice.cell)
    figures.alternatives = alternatives

    def stacker(game: Game, advice: Advice) -> Cell:
        stack = _stack(game, rated_lines(game, advice))
        return stack if stack is not None and rng.random() < STACK_ODDS else advice.cell

    picks = random.Random(deal + 1)
    figures.games = {
        "expert": _reviewed(deal, lambda game, advice: advice.cell, judge),
        "stacker": _reviewed(deal, stacker, judge),
        "greedy": _reviewed(deal, lambda game, advice: greedy(Position.of(game)), judge),
        "random": _reviewed(deal, lambda game, advice: picks.choice(game.legal_moves()), judge),
    }
    figures.stacks = [step for step in figures.games["stacker"] if step.cell != step.expert_cell]
    return figures


# --- printing ------------------------------------------------------------------


def _percentile(values: Sequence[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * p / 100))] if ordered else 0.0


def _spread_row(name: str, values: Sequence[float], width: int) -> str:
    """``name  n  median p75 p90 p95 p99 worst  ≥0.3 ≥0.5 ≥1 ≥2 ≥4`` (shares in percent)."""
    if not values:
        return f"{name:<{width}} {0:>6}"
    cuts = " ".join(f"{_percentile(values, p):5.1f}" for p in (50, 75, 90, 95, 99))
    shares = " ".join(f"{100 * sum(v >= f - 1e-9 for v in values) / len(values):6.1f}" for f in FIGURES)
    return f"{name:<{width}} {len(values):>6} {cuts} {max(values):5.1f}  {shares}"


def _spread_header(width: int) -> str:
    cuts = " ".join(f"{name:>5}" for name in ("p50", "p75", "p90", "p95", "p99"))
    shares = " ".join(f"{'≥' + format(f, 'g'):>6}" for f in FIGURES)
    return f"{'cards':<{width}} {'n':>6} {cuts} {'worst':>5}  {shares}  (shares in %)"


def report(all_figures: Sequence[DealFigures], nodes: int, seconds: float) -> Iterator[str]:
    """The printed figures."""
    first, last = all_figures[0].deal, all_figures[-1].deal
    positions = sum(f.positions for f in all_figures)
    yield f"deals {first}-{last} ({len(all_figures)}), {nodes:,} nodes per placement, {seconds:.0f} s"
    yield ""
    width = 38
    if positions:
        yield from _noise_and_choices(all_figures, positions, width)
    yield from _games(all_figures)


def _noise_and_choices(all_figures: Sequence[DealFigures], positions: int, width: int) -> Iterator[str]:
    yield "Noise: the same position searched with half and four times the budget"
    yield _spread_header(width)
    yield _spread_row("expert's cell, its expected score moves", [v for f in all_figures for v in f.spread], width)
    yield _spread_row("what the position is said to expect", [v for f in all_figures for v in f.said], width)
    other = [v for f in all_figures for v in f.other_choice]
    yield _spread_row("cost of the cell the other prefers", other, width)
    yield f"  ({len(other)} of {2 * positions} nearby searches preferred another cell, of {positions} positions)"
    yield ""
    yield "Worse choices at the positions of the expert's own games: their cost"
    yield _spread_header(width)
    for name in all_figures[0].alternatives:
        yield _spread_row(name, [v for f in all_figures for v in f.alternatives[name]], width)
    yield ""


def _games(all_figures: Sequence[DealFigures]) -> Iterator[str]:
    limits = ", ".join(f"{name} < {limit:g}" for limit, name in THRESHOLDS)
    yield f"Whole games reviewed with the thresholds in force ({limits} cards; more, a blunder)"
    yield f"{'player':<10} {'games':>5} {'won':>4} {'accuracy: mean':>15} {'min':>5} {'max':>5}   " + " ".join(
        f"{name.value:>10}" for name in Verdict
    )
    for name in all_figures[0].games:
        games = [f.games[name] for f in all_figures]
        accuracies = [accuracy(steps) for steps in games]
        won = sum(1 for steps in games if steps and steps[-1].chance_after == 1)
        counts = Counter(step.verdict for steps in games for step in steps)
        total = sum(counts.values()) or 1
        shares = " ".join(f"{100 * counts[v] / total:9.1f}%" for v in Verdict)
        yield (
            f"{name:<10} {len(games):>5} {won:>4} {statistics.fmean(accuracies):15.1f} {min(accuracies):5.1f}"
            f" {max(accuracies):5.1f}   {shares}"
        )
    stacks = [step for f in all_figures for step in f.stacks]
    if stacks:
        flagged = sum(step.verdict not in (Verdict.BEST, Verdict.GOOD) for step in stacks)
        yield ""
        yield (
            f"The stacker's {len(stacks)} stacks where the expert opened a pile: cost median "
            f"{_percentile([s.cost for s in stacks], 50):.1f}, {flagged} ({100 * flagged / len(stacks):.1f}%) "
            "at least an inaccuracy; stacker games with 5 or more stacks: accuracy " + _many_stacks(all_figures)
        )
    big_drops = sum(step.drop_points >= 20 for f in all_figures for steps in f.games.values() for step in steps)
    lost_at_once = sum(step.lost_at_once for f in all_figures for steps in f.games.values() for step in steps)
    yield f"Placements with a drop of 20 points of win chance or more: {big_drops}; lost at once: {lost_at_once}"


def _many_stacks(all_figures: Sequence[DealFigures]) -> str:
    games = [accuracy(f.games["stacker"]) for f in all_figures if len(f.stacks) >= 5]
    if not games:
        return "none such"
    return f"mean {statistics.fmean(games):.1f}, highest {max(games):.1f} ({len(games)} games)"


def _measure(args: tuple[int, int, bool]) -> DealFigures:
    return measure_deal(*args)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.benchmarks.verdicts", description=__doc__.split("\n")[0])
    parser.add_argument("--first", type=int, default=FIRST_DEAL, help=f"the first deal (default {FIRST_DEAL})")
    parser.add_argument("--games", type=int, default=100, help="how many deals (default 100)")
    parser.add_argument("--nodes", type=int, default=DEFAULT_NODES, help="the review's budget per placement")
    parser.add_argument("--jobs", type=int, default=1, help="processes to work in")
    parser.add_argument(
        "--games-only", action="store_true", help="only the whole games (the noise's searches take most of the time)"
    )
    args = parser.parse_args(argv)
    start = time.perf_counter()
    work = [(deal, args.nodes, not args.games_only) for deal in range(args.first, args.first + args.games)]
    if args.jobs > 1:
        with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
            figures = list(pool.imap(_measure, work))
    else:
        figures = [_measure(item) for item in work]
    for line in report(figures, args.nodes, time.perf_counter() - start):
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
