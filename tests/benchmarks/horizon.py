"""The fitted horizon and the learned one side by side: ``python -m tests.benchmarks.horizon``.

Every deal ``--first`` … is played by each expert in turn (in one process,
so that their times compare), and each expert is measured against the first
one on the same deals: the difference of their scores (a loss 0) deal by
deal, with a 95% confidence interval (paired by deal, so that the luck of
the deal cancels).  Each expert is named by its horizon (``fitted`` or
``learned``), how many placements it always looks ahead and its node
budget, as ``learned:2:80000`` (the default expert) or ``learned:1:0`` (one
placement ahead, no search); ``learned@FILE`` is the learned horizon with the
weights of another training run (``python -m foursquare.expert.train --out
FILE``).  By default: the expert before the learned horizon; both horizons
one placement ahead and two; and the fitted one three ahead with no budget
to look deeper, about the learned one's time two ahead.  Deals 7000 on are the learned horizon's report
range: never trained on (2,000,000 on) nor tuned on.

Counts, not the clock, bound the experts, so the scores are the same on any
machine; the times are processor time per placement.  A summary is printed
every ``--every`` deals, so that a long run can be stopped with figures.

``--same-positions`` rather times every expert on the same positions: those
the first expert plays into, each judged by every expert in turn.  Experts
whose games take different times may differ in what a position costs them or
only in the positions their play leads to; this tells which.  With
``--judge DEPTH`` it also credits each expert's choice on those positions
with what a look ``DEPTH`` placements ahead at every rank says of it (the
learned horizon that ships, the search's own beams): where two searches
differ by a few hundredths of a card a deal, scores need thousands of deals
to tell them apart, and a far deeper look at the few placements where their
choices differ tells it in tens.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from foursquare.commands.simulate import wilson_interval
from foursquare.engine import Cell, Game, Status
from foursquare.engine.board import INDEX
from foursquare.expert.advice import Advice, Position, advise
from foursquare.expert.evaluation import leaves
from foursquare.expert.learned import DamagedWeights, Learned, learned, read_weights
from foursquare.expert.search import Horizon, Lookahead, Value

__all__ = ["Expert", "main"]

DEFAULT_EXPERTS = ("fitted:3:1500000", "fitted:1:0", "learned:1:0", "fitted:2:0", "learned:2:0", "fitted:3:0")


@dataclass
class Expert:
    """One expert and how it fared, deal by deal."""

    name: str
    horizon: Horizon | None
    depth: int
    nodes: int
    scores: list[int] = field(default_factory=list)
    """Each deal's score, a loss 0."""
    wins: int = 0
    seconds: list[float] = field(default_factory=list)
    """Processor time of each placement."""
    said: list[float] = field(default_factory=list)
    """The expected score said at each deal's first card."""
    said_all: list[tuple[float, int]] = field(default_factory=list)
    """(expected score said, score reached) at every placement."""
    placements: list[int] = field(default_factory=list)
    """How many placements each deal took."""
    won: list[bool] = field(default_factory=list)
    """Whether each deal was won."""

    @classmethod
    def parse(cls, text: str) -> Expert:
        try:
            kind, depth_text, nodes_text = text.split(":")
            depth, nodes = int(depth_text), int(nodes_text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"an expert is HORIZON:DEPTH:NODES, not {text!r}") from None
        horizon: Horizon
        if kind == "fitted":
            horizon = leaves()
        elif kind == "learned":
            horizon = learned()
        elif kind.startswith("learned@"):  # weights that do not ship: another training run's
            path = kind.removeprefix("learned@")
            try:
                with open(path, "rb") as f:
                    horizon = Learned(read_weights(f.read()))
            except (OSError, DamagedWeights) as error:
                raise argparse.ArgumentTypeError(f"no weights in {path}: {error!r}") from None
        else:
            raise argparse.ArgumentTypeError(f"a horizon is fitted, learned or learned@FILE, not {kind!r}")
        return cls(text, horizon, depth, nodes)

    def judge(self, position: Position) -> tuple[Advice, float]:
        """This expert's advice on ``position``, and the processor time it took."""
        start = time.process_time()
        advice = advise(position, nodes=self.nodes, min_depth=self.depth, horizon=self.horizon)
        return advice, time.process_time() - start

    def play(self, deal: int) -> None:
        game = Game.deal(deal)
        said = []
        while not game.is_over:
            advice, seconds = self.judge(Position.of(game))
            self.seconds.append(seconds)
            said.append(advice.expected_score)
            game.play(advice.cell)
        won = game.status is Status.WON
        score = (game.score or 0) if won else 0
        self.wins += won
        self.scores.append(score)
        self.said.append(said[0])
        self.said_all += [(s, score) for s in said]
        self.placements.append(len(said))
        self.won.append(won)


def _interval(differences: list[float]) -> str:
    """The mean of paired differences with its 95% confidence half-width."""
    n = len(differences)
    mean = sum(differences) / n
    half = 1.96 * statistics.stdev(differences) / math.sqrt(n) if n > 1 else float("inf")
    return f"{mean:+.2f} ± {half:.2f}"


def summary(experts: list[Expert]) -> str:
    games = len(experts[0].scores)
    lines = [
        f"# {games} deals; score differences against {experts[0].name}, paired by deal, 95% confidence;"
        " said: the expected score said at the first card; said/reached: over every placement",
        f"{'expert':<20} {'won':>6} {'95% interval':>15} {'score':>6} {'difference':>14} {'said':>6}"
        f" {'said/reached':>13} {'median':>9} {'mean':>9} {'worst':>9}",
    ]
    for e in experts:
        low, high = wilson_interval(e.wins, games)
        difference = _interval([a - b for a, b in zip(e.scores, experts[0].scores, strict=True)])
        ms = [s * 1000 for s in e.seconds]
        every = f"{statistics.mean(s for s, _ in e.said_all):.2f}/{statistics.mean(r for _, r in e.said_all):.2f}"
        lines.append(
            f"{e.name:<20} {e.wins / games:>6.1%} {f'{low:.1%}-{high:.1%}':>15} {sum(e.scores) / games:>6.2f}"
            f" {difference:>14} {sum(e.said) / games:>6.2f} {every:>13} {statistics.median(ms):>6.1f} ms"
            f" {statistics.mean(ms):>6.1f} ms {max(ms):>6.0f} ms"
        )
    return "\n".join(lines)


def _kept(expert: Expert, deals: list[int]) -> dict[str, object]:
    """What --save keeps of an expert: how it fared, deal by deal (``deals`` in the order it played them)."""
    games = []
    at = 0
    for n, deal in enumerate(deals):
        placements = expert.placements[n]
        games.append(
            {
                "deal": deal,
                "score": expert.scores[n],
                "won": expert.won[n],
                "said": expert.said[n],
                "seconds": expert.seconds[at : at + placements],
                "said_all": expert.said_all[at : at + placements],
            }
        )
        at += placements
    return {"name": expert.name, "deals": games}


def combined(paths: list[str]) -> list[Expert]:
    """The experts of several --save files as one run: files on other deals add deals, files with other experts
    add experts; only the deals every expert played count, so that the comparison stays paired."""
    games: dict[str, dict[int, dict[str, Any]]] = {}
    for path in paths:
        with open(path) as f:
            for kept in json.load(f):
                games.setdefault(kept["name"], {}).update((g["deal"], g) for g in kept["deals"])
    common = sorted(set.intersection(*(set(by_deal) for by_deal in games.values())))
    experts = []
    for name, by_deal in games.items():
        expert = Expert.parse(name)
        for deal in common:
            g = by_deal[deal]
            expert.scores.append(g["score"])
            expert.wins += g["won"]
            expert.won.append(g["won"])
            expert.said.append(g["said"])
            expert.seconds += g["seconds"]
            expert.said_all += [tuple(pair) for pair in g["said_all"]]
            expert.placements.append(len(g["seconds"]))
        experts.append(expert)
    return experts


def judged(position: Position, cell: Cell, depth: int) -> float:
    """What a look ``depth`` placements ahead at every rank, by the learned horizon that ships and the search's
    own beams, says placing the next card on ``cell`` is worth (no deeper than the stock: nothing is seen
    past it)."""
    counts = [0, *position.unseen]
    left = sum(counts)
    index = INDEX[cell]
    values: dict[int, tuple[Value, int]] = {}
    search = Lookahead(position.board(), counts, lambda: False, table=learned())
    search.root(position.next_card.rank, left, min(depth, left + 1), [index], values)
    return values[index][0][0]


def same_positions(experts: list[Expert], deals: range, judge: int | None = None) -> str:
    """Every expert's processor time and nodes on the positions the first one plays into on ``deals``; with
    ``judge``, what each one's choices gain there on the first one's by a look that many placements ahead."""
    seconds: list[list[float]] = [[] for _ in experts]
    nodes: list[list[int]] = [[] for _ in experts]
    gains: list[list[float]] = [[] for _ in experts]  # by deal
    others = [0] * len(experts)  # placements where an expert's cell is not the first one's
    for deal in deals:
        game = Game.deal(deal)
        for gained in gains:
            gained.append(0.0)
        while not game.is_over:
            position = Position.of(game)
            judged_by = [expert.judge(position) for expert in experts]
            for e, (advice, took) in enumerate(judged_by):
                seconds[e].append(took)
                nodes[e].append(advice.nodes)
            cells = [advice.cell for advice, _ in judged_by]
            if judge is not None and len(set(cells)) > 1:
                worth = {cell: judged(position, cell, judge) for cell in set(cells)}
                for e, cell in enumerate(cells):
                    gains[e][-1] += worth[cell] - worth[cells[0]]
                    others[e] += cell != cells[0]
            game.play(cells[0])
    lines = [
        f"# {len(seconds[0])} positions of deals {deals.start}-{deals.stop - 1}, as {experts[0].name} played them;"
        " processor time per placement, nodes per placement",
        f"{'expert':<20} {'median':>9} {'mean':>9} {'worst':>9} {'nodes':>8} {'per node':>9}",
    ]
    for expert, times, counts in zip(experts, seconds, nodes, strict=True):
        ms = [s * 1000 for s in times]
        lines.append(
            f"{expert.name:<20} {statistics.median(ms):>6.1f} ms {statistics.mean(ms):>6.1f} ms {max(ms):>6.0f} ms"
            f" {statistics.mean(counts):>8.0f} {1e6 * sum(times) / max(1, sum(counts)):>6.2f} µs"
        )
    if judge is not None:
        lines += [
            f"# judged {judge} placements ahead at every rank where the experts' cells differ: what each one's"
            f" choices gain a deal on {experts[0].name}'s, paired by deal, 95% confidence",
            f"{'expert':<20} {'gain a deal':>14} {'other cells':>12}",
        ]
        lines += [
            f"{expert.name:<20} {_interval(gained):>14} {other:>12}"
            for expert, gained, other in zip(experts, gains, others, strict=True)
        ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.benchmarks.horizon", description=__doc__.split("\n")[0])
    parser.add_argument("--first", type=int, default=7000, help="the first deal (default: 7000)")
    parser.add_argument("--games", type=int, default=100, help="how many deals (default: 100)")
    parser.add_argument("--every", type=int, default=25, help="deals between summaries (default: 25)")
    parser.add_argument("--save", help="write each expert's deals to this JSON file as they come, for --combine")
    parser.add_argument("--combine", nargs="+", help="sum up the files --save wrote (runs on other deals) instead")
    parser.add_argument(
        "--same-positions",
        action="store_true",
        help="time every expert on the positions the first one plays into, rather than each on its own games",
    )
    parser.add_argument(
        "--judge",
        type=int,
        metavar="DEPTH",
        help="credit each expert's choices on the same positions (--same-positions) with a look DEPTH placements ahead",
    )
    parser.add_argument(
        "experts", nargs="*", type=Expert.parse, help="HORIZON:DEPTH:NODES each; the first is the reference"
    )
    args = parser.parse_args(argv)
    if args.combine:
        print(summary(combined(args.combine)))
        return 0
    experts: list[Expert] = args.experts or [Expert.parse(text) for text in DEFAULT_EXPERTS]
    if args.judge is not None and args.judge < 1:
        parser.error(f"--judge looks at least one placement ahead, not {args.judge}")
    if args.same_positions or args.judge is not None:
        print(same_positions(experts, range(args.first, args.first + args.games), args.judge))
        return 0
    start = time.perf_counter()
    for n, deal in enumerate(range(args.first, args.first + args.games)):
        for expert in experts:
            expert.play(deal)
        print(f"\r{n + 1}/{args.games} deals, {time.perf_counter() - start:.0f} s", end="", file=sys.stderr, flush=True)
        if (n + 1) % args.every == 0 or n + 1 == args.games:
            print(file=sys.stderr)
            print(summary(experts), flush=True)
            if args.save:
                with open(args.save, "w") as f:
                    json.dump([_kept(e, list(range(args.first, deal + 1))) for e in experts], f)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
