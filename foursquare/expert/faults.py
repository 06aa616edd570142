"""What the expert refuses, as codes: worded by :mod:`foursquare.words.faults`, never here.

The expert raises :class:`~foursquare.engine.faults.Invalid` with a
:class:`~foursquare.engine.faults.Fault` of one of these flaws and the facts
its sentence needs.
"""

from __future__ import annotations

from enum import Enum, auto

__all__ = ["Flaw"]


class Flaw(Enum):
    """What the expert found wrong with what it was given."""

    KEPT_CELLS = auto()
    """A kept review's cells are not the cells the card could go on."""
    NOT_OVER = auto()
    """Only a finished game is reviewed: ``number`` cards placed, ``count`` in the stock."""
    NOT_A_CHOICE = auto()
    """The card cannot go on cell ``value``."""
    UNKNOWN_STRATEGY = auto()
    """``value`` is no strategy; ``names`` are."""
    UNSEEN_COUNTS = auto()
    """The unseen cards need a count of 0 or more for each of ``number`` ranks."""
    TWO_PILES_ONE_CELL = auto()
    PILE_OFF_THE_TABLE = auto()
    GAME_OVER = auto()
    """The game is over: there is no card to place."""
    WORK_STOPPED = auto()
    """The review's workers stopped half-way."""
    UNFORESEEN = auto()
    """Something unforeseen stopped the work; ``value`` is the error's own words."""
    WEIGHTS_NOT_PINNED = auto()
    """The records do not pin a fit's weights down."""
