"""The principles the expert's own play shows, measured: ``python -m foursquare.expert.principles``.

The expert plays deals ``--first`` … at its default budget (a node count,
so the same command prints the same figures on any machine), and each of
its placements is looked at for what ``foursquare help strategy`` teaches:

* **open new piles early**: before card 16, where the card could open a new
  pile or go on one, how often it opened one;
* **face down on purpose**: how often it chose a cell that leaves more cards
  face down than another cell would (one that does not lose), and how often
  the only ways to fewer were stacks, which add no pile to the square;
* **the deadly ranks**: of the unseen cards that would have lost wherever
  they went after its placements (the danger), the share that were aces or
  tens, the ranks that turn a line over most often;
* **cells kept open for them**: from card 17 on, how many cells an ace and a
  ten could each go on without losing, on average;

and how its games ended.  The script prints the figures, then the phrases
of the page that quote them (:func:`quotes`): the page must hold each one
as printed (a test checks it against :data:`MEASURED`, which is the last
run's output pasted here).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor

from foursquare.engine import GRID, Game, Status
from foursquare.engine.values import Value
from foursquare.expert.advice import DEFAULT_NODES, MIN_DEPTH, Position, advise
from foursquare.expert.danger import danger_after
from foursquare.expert.evaluation import FITTED_DEPTH, leaves
from foursquare.expert.fit import add_expert_options, chosen_expert

__all__ = ["EARLY", "MEASURED", "Figures", "main", "measure", "play", "quotes"]

EARLY = GRID * GRID
"""The cards that count as early: the square needs this many piles."""
_DEADLY = (1, 10)
"""The ranks most often deadly: the lowest and the highest, extreme in nearly every line."""


def play(deal: int, nodes: int = DEFAULT_NODES, fitted: bool = False) -> dict[str, int]:
    """The expert's game on ``deal``, tallied (see the module): every count :class:`Figures` adds up.

    ``fitted``: the expert with the fitted horizon it had before its horizon was learned (at ``nodes``, three
    placements ahead), whose games the strategy page's figures come from.
    """
    game = Game.deal(deal)
    tally: Counter[str] = Counter()
    while not game.is_over:
        depth, horizon = (FITTED_DEPTH, leaves()) if fitted else (MIN_DEPTH, None)
        cell = advise(Position.of(game), nodes=nodes, min_depth=depth, horizon=horizon).cell
        n = game.placed_count + 1
        legal = game.legal_moves()
        new = [other for other in legal if game.pile(other) is None]
        if n <= EARLY and new and len(new) < len(legal):
            tally["early_choices"] += 1
            tally["early_new"] += game.pile(cell) is None
        previews = {other: game.preview(other) for other in legal}
        mine = previews[cell].face_down_count
        fewer = [o for o, p in previews.items() if p.status is not Status.LOST and p.face_down_count < mine]
        tally["placements"] += 1
        if fewer and previews[cell].status is Status.PLAYING:
            tally["down_on_purpose"] += 1
            tally["down_only_stacks"] += all(game.pile(other) is not None for other in fewer)
        danger = danger_after(game, cell)
        tally["deadly"] += danger.cards
        unseen = Position.of(game).unseen
        tally["deadly_ace_ten"] += sum(unseen[rank - 1] for rank in danger.ranks if rank in _DEADLY)
        game.play(cell)
        if n > EARLY and not game.is_over:
            for rank, name in ((1, "ace"), (10, "ten")):
                if any(card.rank == rank for card in game.stock[game.placed_count :]):
                    tally[f"{name}_positions"] += 1
                    tally[f"{name}_safe"] += _safe_cells(game, rank)
    tally["games"] += 1
    tally["won"] += game.status is Status.WON
    tally["score"] += game.score or 0
    return dict(tally)


def _safe_cells(game: Game, rank: int) -> int:
    """How many cells a card of ``rank`` could go on next in ``game`` without losing the game there."""
    card = next(card for card in game.stock[game.placed_count :] if card.rank == rank)
    trial = Game([*game.stock[: game.placed_count], card, *(c for c in game.stock[game.placed_count :] if c != card)])
    for cell in game.placements:
        trial.play(cell)
    return sum(1 for cell in trial.legal_moves() if trial.preview(cell).status is not Status.LOST)


class Figures(Value):
    """What :func:`measure` found on deals ``first`` … ``first + games - 1``."""

    first: int
    games: int
    won: int
    score: int
    placements: int
    early_choices: int
    early_new: int
    down_on_purpose: int
    down_only_stacks: int
    deadly: int
    deadly_ace_ten: int
    ace_positions: int
    ace_safe: int
    ten_positions: int
    ten_safe: int

    @classmethod
    def of(cls, first: int, tallies: Iterable[dict[str, int]]) -> Figures:
        total: Counter[str] = Counter()
        for tally in tallies:
            total.update(tally)
        names = cls._fields[1:]
        return cls(first, *(total[name] for name in names))


def measure(first: int, games: int, nodes: int = DEFAULT_NODES, workers: int = 2, fitted: bool = False) -> Figures:
    """The expert's games on deals ``first`` … tallied, ``workers`` deals at a time (``fitted``: see :func:`play`)."""
    deals = range(first, first + games)
    if workers <= 1:
        return Figures.of(first, (play(deal, nodes, fitted) for deal in deals))
    with ProcessPoolExecutor(workers) as pool:
        return Figures.of(first, pool.map(play, deals, [nodes] * games, [fitted] * games))


def _percent(part: int, whole: int) -> str:
    return f"{round(100 * part / whole)}%" if whole else "no"


def _mean(total: int, count: int) -> str:
    return f"{total / count:.1f}" if count else "no"


def quotes(figures: Figures) -> list[str]:
    """The phrases of ``foursquare help strategy`` that quote ``figures``, each exactly as the page has it."""
    f = figures
    return [
        f"deals {f.first}-{f.first + f.games - 1}",
        f"won {f.won} of {f.games}",
        f"{_mean(f.score, f.won)} cards left in the stock on average",
        f"opened a new pile {_percent(f.early_new, f.early_choices)} of the time",
        f"{_percent(f.down_on_purpose, f.placements)} of its placements",
        f"{_percent(f.down_only_stacks, f.down_on_purpose)} of those",
        f"{_percent(f.deadly_ace_ten, f.deadly)} were aces or tens",
        f"{_mean(f.ace_safe, f.ace_positions)} cells an ace could go on",
        f"{_mean(f.ten_safe, f.ten_positions)} for a ten",
    ]


MEASURED = Figures(
    first=400000,
    games=200,
    won=199,
    score=3994,
    placements=3995,
    early_choices=3000,
    early_new=2754,
    down_on_purpose=2668,
    down_only_stacks=1019,
    deadly=38,
    deadly_ace_ten=38,
    ace_positions=588,
    ace_safe=3422,
    ten_positions=574,
    ten_safe=3278,
)
"""The figures ``python -m foursquare.expert.principles --first 400000 --games 200 --horizon fitted`` printed (the
page quotes them): 200 deals, a range no setting was tuned on, by the expert with the fitted horizon at its budget."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m foursquare.expert.principles", description=(__doc__ or "").split("\n")[0]
    )
    parser.add_argument("--first", type=int, default=400_000, help="the first deal to play (default: 400000)")
    parser.add_argument("--games", type=int, default=200, help="how many deals (default: 200)")
    add_expert_options(parser)  # the strategy page quotes the games of --horizon fitted
    parser.add_argument("--workers", type=int, default=2, help="deals played at a time (default: 2)")
    args = parser.parse_args(argv)
    fitted, nodes = chosen_expert(args)
    figures = measure(args.first, args.games, nodes, args.workers, fitted)
    print(repr(figures))
    print("# the page quotes:")
    for quote in quotes(figures):
        print(quote)
    return 0


if __name__ == "__main__":
    sys.exit(main())
