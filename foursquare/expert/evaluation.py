"""What the expert believes of a position its look-ahead does not see past.

At the horizon the search looks up a table by four numbers that sum up a
table's health: face-down top cards (one more than four loses), piles laid
(sixteen are needed), face-down cards on full piles (only a flip can turn
them back) and unseen cards (the stock left to finish with, and the score).
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from foursquare.engine import GRID, MAX_FACE_DOWN

__all__ = [
    "DOWN_CHANCE",
    "FITTED_DEPTH",
    "FITTED_NODES",
    "SCORE_FIT",
    "WIN_BONUS",
    "Leaves",
    "horizon_chance",
    "horizon_value",
    "leaves",
    "score_if_won",
]

WIN_BONUS = 10.0
"""What a win is worth to the search on top of its score (a loss is worth 0), in points of score.

The search maximises expected score plus WIN_BONUS times the chance of
winning: the larger it is, the less real chance it trades for score.  On
the tuning deals 100200-100349 a bonus of 10 won 150 of 150 for 19.9 a game
where a token 0.01 (the expected score alone) won 148 for 20.3; a bonus of
100 won 100 of 100 on 100000-100099 but scored only 13.5 a game.  Today's
expert with a token bonus (this constant set to 0.01, then ``foursquare
simulate --games 500 --seed 5000 --json``) wins 3 fewer of deals 5000-5499
(490 against 493) for 0.19 cards a deal more (20.27 against 20.07): a
measured price, not a setting chosen there, since those deals are for
reporting only.
"""

FITTED_NODES = 1_500_000
"""The node budget the expert had with this horizon, before its horizon was learned: what its figures and
settings were measured at."""
FITTED_DEPTH = 3
"""The placements the expert always looked ahead with this horizon."""

SCORE_FIT = (2.6, 1.67, 0.37, 0.0)
"""The cards the rest of a won game uses: ``a + b·missing piles + c·face-down + d·face-down on full piles``.

A setting chosen by how the expert plays, not a fit to today's expert: it
was fitted to the won games of an earlier expert (one that valued a win at
100, deals 100000-100099, its ``d`` of -1.3 taken as 0).  Fitted again to
the expert before :data:`DOWN_CHANCE` (``python -m foursquare.expert.fit
--first 100100 --games 100`` printed 1.485, 1.242, 0.19, 0; ``--score-fit``
plays with it) it played worse: on deals 5000-5499 it won 497 of 500 for
an expected score of 17.82, against 494 for 18.79 with this line.  To
the expert with today's horizon ``--games 1000`` printed 1.741, 1.127,
0.291, 0.918; played with, it scored 0.23 ± 0.59 cards a deal less on
deals 100420-100579 (today's expert: 1.751, 1.127, 0.295, 0.895).  The
line underestimates the score
(it judges by the position at the horizon only), so what the expert *says*
goes through :data:`~foursquare.expert.calibration.SCORE_OFFSETS`.
"""

_SQUARE = GRID * GRID
_MAX_LEFT = 40


DOWN_CHANCE = (1.0, 0.95, 0.88, 0.75, 0.55)
"""How the horizon's chance of winning falls with 0 to 4 face-down cards (a fifth loses).

A setting chosen by how the expert plays, not a fit (the chance it says is
calibrated after, :mod:`~foursquare.expert.calibration`).  The expert's own
games often leave four cards face down (a sixth of its placements on deals
100100-101099) and win 99% from there, as from none.  A table that feared
them more, (1, 0.8, 0.55, 0.3, 0.1), stacked cards on face-down piles to
turn them up, spending cards a win would have kept: on the tuning deals
100180-100339 it scored 19.7 a deal where this one scores 20.6, both
winning all 160.
"""


def horizon_chance(down: int, piles: int, down_full: int, left: int) -> float:
    """A rough chance of winning from a live position.

    Face-down cards are the danger (:data:`DOWN_CHANCE`); and the stock must
    still hold a card for every missing pile and every face-down card, twice
    over for those on full piles, with some to spare.
    """
    slack = left - (_SQUARE - piles) - down - down_full
    margin = 1.0 - 0.8 / (1 + max(slack, 0))
    return DOWN_CHANCE[down] * margin


def score_if_won(
    down: int, piles: int, down_full: int, left: int, fit: tuple[float, float, float, float] = SCORE_FIT
) -> float:
    """The score a win from this table would bring on average: the cards left less those :data:`SCORE_FIT` expects."""
    a, b, c, d = fit
    return max(left - (a + b * (_SQUARE - piles) + c * down + d * down_full), 0.0)


def horizon_value(
    down: int, piles: int, down_full: int, left: int, fit: tuple[float, float, float, float] = SCORE_FIT
) -> float:
    """What the search maximises at the horizon: the chance of winning times what a win is worth."""
    return horizon_chance(down, piles, down_full, left) * (WIN_BONUS + score_if_won(down, piles, down_full, left, fit))


# Where a table's entry is: index(down, piles, down_full, left).  Strides chosen
# so that any face-down count up to 16 (a lost table) still lands in range.
_N_STRIDE = _MAX_LEFT + 1
_F_STRIDE = (_SQUARE + 1) * _N_STRIDE
_D_STRIDE = (MAX_FACE_DOWN + 1) * _F_STRIDE
_SIZE = _SQUARE * _D_STRIDE + _SQUARE * _F_STRIDE + _SQUARE * _N_STRIDE + _N_STRIDE

Judge = Callable[[int, int, int, int], float]
"""A function of (face-down, piles, face-down on full piles, cards left) for a live table."""


class Leaves:
    """The horizon as look-up tables for the search's inner loop.

    Every table the search can meet has an entry at :meth:`index`: a live
    one holds the horizon's guess, a won one the win bonus plus the score
    and a lost one nothing (:attr:`final` tells which are over).  Entries
    are *ordinals*: ``value[o]`` and ``chance[o]`` are what ordinal ``o``
    stands for, and ordinals rise with the value, so that the search finds
    the best of many leaves with ``max`` over small integers.
    """

    d_stride = _D_STRIDE
    f_stride = _F_STRIDE
    n_stride = _N_STRIDE

    def __init__(self, value: Judge, chance: Judge, win_bonus: float = WIN_BONUS) -> None:
        entries = []
        for d in range(MAX_FACE_DOWN + 1):
            for f in range(d + 1):
                for n in range(_SQUARE + 1):
                    k = self.index(d, n, f, 0)
                    if n == _SQUARE and d == 0:
                        entries += [(k + left, (win_bonus + left, 1.0), True) for left in range(_MAX_LEFT + 1)]
                        continue
                    entries.append((k, (0.0, 0.0), True))
                    entries += [
                        (k + left, (value(d, n, f, left), chance(d, n, f, left)), False)
                        for left in range(1, _MAX_LEFT + 1)
                    ]
        pairs = sorted({pair for _, pair, _ in entries} | {(0.0, 0.0)})
        where = {pair: o for o, pair in enumerate(pairs)}
        self.value = [v for v, _ in pairs]
        self.chance = [c for _, c in pairs]
        self.ord = [where[(0.0, 0.0)]] * _SIZE
        self.final = [True] * _SIZE
        """Whether the game is over at this entry (won or lost): nothing to look ahead at."""
        for k, pair, final in entries:
            self.ord[k] = where[pair]
            self.final[k] = final
        self._win_bonus = win_bonus

    @staticmethod
    def index(down: int, piles: int, down_full: int, left: int) -> int:
        """Where the entry of a table is, for ``down`` of 0 to 16 face-down cards."""
        return down * _D_STRIDE + down_full * _F_STRIDE + piles * _N_STRIDE + left

    def bound(self, piles: int, left: int, depth: int) -> float:
        """The most ``depth`` more placements can bring from a table of ``piles`` with ``left`` unseen cards.

        A win on the way brings at most the bonus and the cards left after
        the missing piles are laid; a table at the horizon, the best entry
        with at most ``depth`` more piles.
        """
        best = 0.0
        missing = _SQUARE - piles
        if missing <= depth:
            best = self._win_bonus + left - max(missing, 1)
        rest = left - depth
        if rest > 0:
            top = min(_SQUARE, piles + depth)
            for d in range(MAX_FACE_DOWN + 1):
                for f in range(d + 1):
                    for n in range(top + 1):
                        k = self.index(d, n, f, rest)
                        if not self.final[k]:
                            best = max(best, self.value[self.ord[k]])
        return best


@functools.cache
def leaves(fit: tuple[float, float, float, float] = SCORE_FIT) -> Leaves:
    """The expert's horizon, built on first use rather than at import (a game that asks no tip never pays).

    ``fit`` is the score model to judge by: :data:`SCORE_FIT`, or another
    for the fitting script to play with.
    """
    return Leaves(functools.partial(horizon_value, fit=fit), horizon_chance)
