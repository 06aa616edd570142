"""Why a placement turned cards over, as the rules decide it: per line, the verdict and the cards it turned.

:meth:`~foursquare.engine.game.Game.play` reports with each placement, for
its row and for its column, how the placed card compared with the face-up
top cards of the other piles there (:class:`Verdict`) and which cards that
turned over, so that the words say why without working the rule out again.
:func:`verdict` is the rulebook's test as a verdict; the bit-level
:func:`~foursquare.engine.board.flip_mask` the expert's search runs is the
same test, kept fast (a test checks that the two agree).
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum
from typing import NamedTuple

from foursquare.engine.cards import Card
from foursquare.engine.values import Value

__all__ = ["Line", "LineFlip", "Turn", "Verdict", "verdict"]

Cell = tuple[int, int]


class Line(Enum):
    """The two lines a placement is tested in, in the rulebook's order."""

    ROW = "row"
    COLUMN = "column"


class Verdict(Enum):
    """How the placed card compares with the other piles of one line."""

    ALONE = "alone"
    """No other pile in the line: nothing to turn over."""
    ALL_DOWN = "all_down"
    """Other piles, all face down: nothing to compare with, so all turn over."""
    HIGHEST = "highest"
    LOWEST = "lowest"
    BETWEEN = "between"
    TIE = "tie"
    """The card's rank equals the lowest or the highest face-up rank: neither higher nor lower, nothing turns."""

    @property
    def turns_over(self) -> bool:
        return self in (Verdict.ALL_DOWN, Verdict.HIGHEST, Verdict.LOWEST)


class Turn(NamedTuple):
    """One card turned over: which, where, and which way it turned."""

    card: Card
    cell: Cell
    up: bool
    """It turned face up (it was face down); False: it turned face down."""


class LineFlip(Value):
    """The verdict for one line (row or column) of a placement and the cards it turned over."""

    line: Line
    verdict: Verdict
    low: int | None = None
    """The lowest face-up rank among the others (BETWEEN), or the rank tied (TIE)."""
    high: int | None = None
    """The highest face-up rank among the others (BETWEEN), or the rank tied (TIE)."""
    turns: tuple[Turn, ...] = ()
    """The cards turned, each with its cell and the way it turned, in the line's order."""

    @property
    def turned(self) -> tuple[Card, ...]:
        return tuple(turn.card for turn in self.turns)


def verdict(rank: int, others: int, face_up: Iterable[int]) -> tuple[Verdict, int | None, int | None]:
    """How a card of ``rank`` compares in a line of ``others`` other piles whose face-up top ranks are
    ``face_up``: the verdict, then the ranks it is between (BETWEEN) or the rank it ties (TIE, both)."""
    if not others:
        return Verdict.ALONE, None, None
    ranks = list(face_up)
    if not ranks:
        return Verdict.ALL_DOWN, None, None
    low, high = min(ranks), max(ranks)
    if rank > high:
        return Verdict.HIGHEST, None, None
    if rank < low:
        return Verdict.LOWEST, None, None
    if rank in (low, high):
        return Verdict.TIE, rank, rank
    return Verdict.BETWEEN, low, high
