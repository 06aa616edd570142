"""Honest chances: the search's raw chance of winning mapped to how often the expert then wins.

The same for the expected score: the search's own falls short of the score
the expert goes on to reach, by an amount that depends mostly on how far
into the deal it is, so :func:`said_score` adds the mean shortfall at that
point (:data:`SCORE_OFFSETS`).  The shift is the same for every cell of a
position, so what one cell costs against another is the search's own.

The search's horizon guesses a chance from four numbers, and the guess is
off in a way that depends on the position (too low early in a game, too high
with four cards face down).  :func:`calibrated` maps the raw chance through
a fitted, non-decreasing curve (see :mod:`foursquare.expert.fit`) so that
the chance the expert reports matches how often it goes on to win.  The
measures of that, the Brier score and a table of buckets, are here too, so
that the fitting and ``foursquare simulate`` agree on them.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Sequence
from typing import TypedDict

__all__ = [
    "BUCKET_EDGES",
    "CURVE",
    "LEARNED_CURVE",
    "LEARNED_SCORE_OFFSETS",
    "SCORE_EDGES",
    "SCORE_OFFSETS",
    "UNSURE",
    "Bucket",
    "ScoreBucket",
    "brier_score",
    "buckets",
    "calibrated",
    "isotonic_curve",
    "said_score",
    "score_buckets",
    "score_offsets",
]

CURVE: tuple[tuple[float, float], ...] = (
    (0.0, 0.0),
    (0.6763, 0.5800),
    (0.8752, 0.9231),
    (0.8928, 0.9612),
    (0.9030, 0.9689),
    (0.9137, 0.9748),
    (0.9184, 0.9855),
    (0.9219, 0.9881),
    (0.9351, 0.9893),
    (0.9448, 0.9907),
    (0.9570, 0.9935),
    (0.9668, 0.9937),
    (0.9680, 0.9948),
    (0.9869, 1.0000),
    (1.0, 1.0),
)
"""Points (raw chance, observed win rate) of the calibration curve, raw chances rising; linear in between.

Printed by ``python -m foursquare.expert.fit --horizon fitted --first 100100 --games 1000``
(19,621 placements on 1,000 deals, 992 of them won, pooled by 100).
"""

BUCKET_EDGES: tuple[float, ...] = (0.0, 0.5, 0.7, 0.8, 0.9, 0.95, 0.97, 0.98, 0.99, 1.0)
"""Where the calibration table's buckets of predicted chance begin and end (the last includes 1)."""


SCORE_EDGES: tuple[float, ...] = (0.0, 8.0, 12.0, 14.0, 16.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0, 24.0)
"""Where the expected-score table's buckets begin and end, in cards (the last includes 24)."""


class Bucket(TypedDict):
    """Placements whose predicted chance fell in [low, high): how many, their mean chance, how often won."""

    low: float
    high: float
    placements: int
    predicted: float | None
    observed: float | None


UNSURE = 0.999
"""The most a chance short of certain is ever said to be: only a win the search sees for certain is 1."""


SCORE_OFFSETS: tuple[float, ...] = (
    -0.05, -0.05, -0.05, -0.05, -0.05, -0.05, -0.05, -0.05, -0.05, -0.05, -0.05, -0.05, -0.05, -0.05, -0.05, 0.30,
    0.30, 0.37, 0.41, 0.42, 0.50, 0.57, 0.70, 1.01, 1.35, 1.87, 2.32, 2.52, 2.62, 2.83, 3.17, 3.40,
    3.82, 4.30, 4.76, 5.41, 6.03, 6.70, 7.38, 8.04,
)  # fmt: skip
"""How far the search's expected score falls short of the score reached, by the unseen cards at the decision.

Entry k is for k unseen cards (the stock after the next card: 39 at a
deal's first card); past the end, the last entry holds.  Printed by
``python -m foursquare.expert.fit --horizon fitted --first 100100 --games 1000`` (19,621
placements, pooled by 100 from the most unseen down), with :data:`CURVE`:
a thousand deals, since a deal's score varies far more than its result.
"""


LEARNED_CURVE: tuple[tuple[float, float], ...] = (
    (0.0000, 0.0000),
    (0.7521, 0.8400),
    (0.8387, 0.9455),
    (0.8757, 0.9763),
    (0.8964, 0.9792),
    (0.9110, 0.9850),
    (0.9219, 0.9887),
    (0.9283, 0.9937),
    (0.9420, 0.9939),
    (0.9574, 0.9941),
    (0.9698, 0.9966),
    (0.9818, 0.9987),
    (0.9976, 1.0000),
    (1.0000, 1.0000),
)
""":data:`CURVE` for the default expert, whose horizon is learned (:mod:`~foursquare.expert.learned`).

Printed by ``python -m foursquare.expert.fit --first 100100 --games 1000``
with the learned value that ships (18,564 placements on 1,000 deals, 996 of
them won, pooled by 100): the learned value's own chance is too low where it
is unsure (a raw 0.80 to 0.90 won 97% of the time), so the curve lifts it.
Each learned value is fitted again, since each is unsure in its own way.
"""

LEARNED_SCORE_OFFSETS: tuple[float, ...] = (
    0.40, 0.40, 0.40, 0.40, 0.40, 0.40, 0.40, 0.40, 0.40, 0.40, 0.40, 0.40, 0.40, 0.40, 0.40, 0.40,
    0.40, 0.40, 0.40, 0.17, 0.15, 0.31, 0.28, 0.24, 0.31, 0.52, 0.75, 0.91, 1.04, 1.18, 1.32, 1.52,
    1.62, 1.75, 1.90, 1.96, 2.00, 2.03, 2.04, 2.10,
)  # fmt: skip
""":data:`SCORE_OFFSETS` for the default expert, whose horizon is learned: printed with :data:`LEARNED_CURVE`.

The learned value was learned from play one placement ahead, weaker than
the expert's, so it expects up to two cards too few early in a deal.
"""


def said_score(raw: float, unseen: int, most: float, offsets: Sequence[float] = SCORE_OFFSETS) -> float:
    """The expected score to say for the search's ``raw`` one, ``unseen`` cards unseen: at most ``most``.

    A raw 0 is a cell that loses: it stays 0.
    """
    if raw <= 0.0 or not offsets:
        return min(max(raw, 0.0), most)
    return min(max(raw + offsets[min(unseen, len(offsets) - 1)], 0.0), most)


def score_offsets(said: Iterable[tuple[int, float, float]], least: int = 50) -> tuple[float, ...]:
    """:data:`SCORE_OFFSETS` from (unseen cards, raw expected score, score reached) of every placement.

    The placements are pooled by unseen cards from the most down, until a
    pool holds ``least``, so that each entry rests on enough games; the
    last pool, if it holds fewer, joins the one before (the late tables of
    slow deals are few, and a pool of a few dozen would move their said
    score by a card on the luck of those deals).
    """
    by_unseen: dict[int, list[float]] = {}
    for unseen, raw, reached in said:
        by_unseen.setdefault(unseen, []).append(reached - raw)
    if not by_unseen:
        return ()
    top, least = max(by_unseen), max(least, 1)
    pools: list[tuple[list[int], list[float]]] = [([], [])]
    for unseen in range(top, -1, -1):
        members, pool = pools[-1]
        members.append(unseen)
        pool += by_unseen.get(unseen, [])
        if len(pool) >= least and unseen:
            pools.append(([], []))
    if len(pools) > 1 and len(pools[-1][1]) < least:
        members, pool = pools.pop()
        pools[-1][0].extend(members)
        pools[-1][1].extend(pool)
    offsets = [0.0] * (top + 1)
    for members, pool in pools:  # none is empty: each closed holds ``least``, the first holds ``top``
        for k in members:
            offsets[k] = round(sum(pool) / len(pool), 2)
    return tuple(offsets)


def calibrated(raw: float, curve: Sequence[tuple[float, float]] = CURVE) -> float:
    """The chance of winning ``raw`` stands for, read off ``curve`` (0 to :data:`UNSURE`, or 1 if certain)."""
    raw = min(max(raw, 0.0), 1.0)
    if raw >= 1.0:
        return 1.0  # a win the search sees for certain is certain
    xs = [x for x, _ in curve]
    k = bisect.bisect_right(xs, raw)
    if k == 0:
        return min(curve[0][1], UNSURE)
    if k == len(curve):
        return min(curve[-1][1], UNSURE)
    (x0, y0), (x1, y1) = curve[k - 1], curve[k]
    y = y0 if x1 == x0 else y0 + (y1 - y0) * (raw - x0) / (x1 - x0)
    return min(max(y, 0.0), UNSURE)


def brier_score(pairs: Iterable[tuple[float, bool]]) -> float | None:
    """Mean squared gap between predicted chance and outcome (1 won, 0 lost); None without any."""
    total = 0.0
    n = 0
    for chance, won in pairs:
        total += (chance - won) ** 2
        n += 1
    return total / n if n else None


def buckets(pairs: Iterable[tuple[float, bool]], edges: Sequence[float] = BUCKET_EDGES) -> list[Bucket]:
    """The calibration table: for each range of predicted chance, the placements in it and how they went."""
    return [Bucket(low=a, high=b, placements=n, predicted=p, observed=o) for a, b, n, p, o in _binned(pairs, edges)]


def _binned(
    pairs: Iterable[tuple[float, float]], edges: Sequence[float]
) -> list[tuple[float, float, int, float | None, float | None]]:
    """For each range between ``edges`` (low, high), of the pairs whose first falls in it: how many, the mean
    of the firsts and the mean of the seconds (None for none; a pair beyond the ends counts in the range
    nearest)."""
    sums = [[0, 0.0, 0.0] for _ in edges[1:]]
    for said, then in pairs:
        k = min(max(bisect.bisect_right(edges, said) - 1, 0), len(edges) - 2)
        sums[k][0] += 1
        sums[k][1] += said
        sums[k][2] += then
    return [
        (low, high, int(n), total / n if n else None, got / n if n else None)
        for low, high, (n, total, got) in zip(edges, edges[1:], sums, strict=False)
    ]


def isotonic_curve(pairs: Iterable[tuple[float, bool]], least: int = 50) -> tuple[tuple[float, float], ...]:
    """A non-decreasing curve through (raw chance, win rate), pooled until each point holds ``least`` placements.

    Pool-adjacent-violators on the pairs sorted by raw chance: neighbours
    whose win rates fall are merged, so the curve never says a better raw
    chance is worth less.  Each point sits at its pool's mean raw chance.
    """
    blocks: list[list[float]] = []  # [placements, sum of raw chances, wins]
    for chance, won in sorted(pairs):
        blocks.append([1, chance, float(won)])
        while len(blocks) > 1 and (
            blocks[-2][2] / blocks[-2][0] >= blocks[-1][2] / blocks[-1][0] or blocks[-2][0] < least
        ):
            n, total, wins = blocks.pop()
            blocks[-1][0] += n
            blocks[-1][1] += total
            blocks[-1][2] += wins
    points = [(total / n, wins / n) for n, total, wins in blocks]
    return ((0.0, 0.0), *points, (1.0, 1.0)) if points else CURVE


class ScoreBucket(TypedDict):
    """Placements whose expected score said fell in [low, high): how many, the mean said, the mean reached."""

    low: float
    high: float
    placements: int
    said: float | None
    reached: float | None


def score_buckets(pairs: Iterable[tuple[float, float]], edges: Sequence[float] = SCORE_EDGES) -> list[ScoreBucket]:
    """The expected-score table: for each range of score said, the placements in it and the mean score reached.

    ``pairs`` are (expected score said at a placement, final score of its
    game, 0 for a loss).
    """
    return [ScoreBucket(low=a, high=b, placements=n, said=s, reached=r) for a, b, n, s, r in _binned(pairs, edges)]
