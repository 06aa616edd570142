"""What the expert believes of a position its look-ahead does not see past.

At the horizon the search looks up a table by four numbers that sum up a
table's health: face-down top cards (one more than four loses), piles laid
(sixteen are needed), face-down cards on full piles (only a flip can turn
them back) and unseen cards (the stock left to finish with, and the score).
"""

from __future__ import annotations

from foursquare.engine import GRID, MAX_FACE_DOWN

__all__ = [
    "HORIZON_CHANCE",
    "HORIZON_VALUE",
    "SCORE_FIT",
    "WIN_BONUS",
    "horizon_chance",
    "horizon_index",
    "horizon_values",
    "score_if_won",
]

WIN_BONUS = 10.0
"""What a win is worth to the search on top of its score (a loss is worth 0), in points of score.

The search maximises expected score plus WIN_BONUS times the chance of
winning: the larger it is, the less real chance it trades for score.  On
the tuning deals 100200-100349 a bonus of 10 won 150 of 150 for 19.9 a game
where a token 0.01 (the expected score alone) won 148 for 20.3; a bonus of
100 won 100 of 100 on 100000-100099 but scored only 13.5 a game.
"""

SCORE_FIT = (2.6, 1.67, 0.37, 0.0)
"""The cards the rest of a won game uses: ``a + b·missing piles + c·face-down + d·face-down on full piles``.

Fitted by ``python -m foursquare.expert.fit --first 100000 --games 100`` to
the won games of the expert that valued a win at 100 (the fitted ``d`` of
-1.3, from the few full face-down piles seen, is taken as 0).
"""

_SQUARE = GRID * GRID
_MAX_LEFT = 40


def horizon_index(down: int, piles: int, down_full: int, left: int) -> int:
    """Where a position's entry is in :data:`HORIZON_VALUE` and :data:`HORIZON_CHANCE`."""
    return ((down * (_SQUARE + 1) + piles) * (MAX_FACE_DOWN + 1) + down_full) * (_MAX_LEFT + 1) + left


def horizon_chance(down: int, piles: int, down_full: int, left: int) -> float:
    """A rough chance of winning from a live position.

    Face-down cards are the danger; and the stock must still hold a card for
    every missing pile and every face-down card, twice over for those on full
    piles, with some to spare.
    """
    slack = left - (_SQUARE - piles) - down - down_full
    margin = 1.0 - 0.8 / (1 + max(slack, 0))
    return (1.0, 0.8, 0.55, 0.3, 0.1)[down] * margin


def score_if_won(
    down: int, piles: int, down_full: int, left: int, fit: tuple[float, float, float, float] = SCORE_FIT
) -> float:
    """The score a win from this table would bring on average: the cards left less those :data:`SCORE_FIT` expects."""
    a, b, c, d = fit
    return max(left - (a + b * (_SQUARE - piles) + c * down + d * down_full), 0.0)


_KEYS = [
    (d, n, f, left)
    for d in range(MAX_FACE_DOWN + 1)
    for n in range(_SQUARE + 1)
    for f in range(MAX_FACE_DOWN + 1)
    for left in range(_MAX_LEFT + 1)
]


def horizon_values(win_bonus: float = WIN_BONUS, fit: tuple[float, float, float, float] = SCORE_FIT) -> list[float]:
    """What the search maximises at the horizon, for every position at its :func:`horizon_index`.

    The chance of winning times what a win is worth: the bonus and the score it would bring.
    """
    return [horizon_chance(*key) * (win_bonus + score_if_won(*key, fit)) for key in _KEYS]


HORIZON_CHANCE = [horizon_chance(*key) for key in _KEYS]
"""horizon_chance for every position, at its :func:`horizon_index`: a look-up in the search's inner loop."""
HORIZON_VALUE = horizon_values()
"""What the search maximises at the horizon, at :func:`horizon_index`."""
