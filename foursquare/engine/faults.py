"""What is wrong with a value given to the rules, as a value: a code and the facts it needs, never a sentence.

The rules, the expert and storage refuse a deal number, a card, a record or a
line of a file by raising :class:`Invalid` (a ``ValueError``) that carries a
:class:`Fault`: which flaw (a member of one layer's ``Flaw`` enum) and the
facts that the sentence needs.  Only :mod:`foursquare.words.faults` words it,
in the player's language; a fault found inside another (a bad card in a
record's stock) is that fault's ``inner``.
"""

from __future__ import annotations

from enum import Enum, auto

from foursquare.engine.values import Value

__all__ = ["Fault", "Flaw", "Invalid"]


class Flaw(Enum):
    """What the rules found wrong."""

    DEAL_NUMBER = auto()
    """``value`` (as Python writes it) is not a deal number from 0 to ``number``."""
    NOT_A_CARD = auto()
    """A card of rank ``value`` and suit ``other`` is not in the deck."""
    CARD_TEXT = auto()
    """``value`` does not name a card."""
    NO_CELL_NAME = auto()
    """Cell ``value`` is off the board."""
    CELL_NAME = auto()
    """``value`` does not name a cell."""
    EMPTY_STOCK = auto()
    STOCK_NOT_A_CARD = auto()
    """``value`` in a stock is not a card."""
    SAME_CARD_TWICE = auto()
    """The stock holds each of ``names`` twice."""
    ILLEGAL_MOVE = auto()
    """The next card (``value``, None once the game is over) cannot go on ``other`` (a cell's name or what was
    given); ``reason`` is the :class:`~foursquare.engine.game.Refusal`, None when ``other`` is no cell at all."""
    NOTHING_TO_UNDO = auto()
    RECORD_NOT_AN_OBJECT = auto()
    RECORD_FORMAT = auto()
    """The record's format is ``value``."""
    RECORD_VERSION = auto()
    """The record's version is ``value``; this program reads ``number``."""
    RECORD_DEAL = auto()
    """The record's deal number is refused: ``inner`` says why."""
    RECORD_NO_STOCK = auto()
    RECORD_STOCK_NOT_TEXTS = auto()
    RECORD_STOCK = auto()
    """The record's stock is refused: ``inner`` says why."""
    RECORD_PLACEMENTS_NOT_A_LIST = auto()
    PLACEMENT_NOT_A_PAIR = auto()
    """Placement ``number`` is ``value``, not a pair of whole numbers."""
    PLACEMENT_AFTER_THE_END = auto()
    """Placement ``number`` follows the end of the game; ``reason`` is how it ended (a loss reason, or None: won)."""
    PLACEMENT = auto()
    """Placement ``number`` is refused by the rules: ``inner`` says why."""


class Fault(Value):
    """One thing found wrong: the flaw and the facts its sentence names."""

    flaw: Enum
    """A member of a layer's ``Flaw`` enum: this module's, :mod:`foursquare.expert.faults`' or storage's."""
    value: str | None = None
    """What was found, as the player typed it or the file spells it."""
    number: int | None = None
    """A number the flaw names: a placement's, a line's or a game's number, a limit, a version."""
    other: str | None = None
    """A second thing found or named (a cell, a suit, a key)."""
    names: tuple[str, ...] = ()
    """Several things found (the cards twice in a stock)."""
    reason: Enum | None = None
    """A code the flaw's sentence depends on (a refusal, how a game ended)."""
    inner: Fault | None = None
    """The fault found inside this one (a placement the rules refuse: why)."""
    count: int | None = None
    """A second number the flaw names (the program's own version, the cards the record places)."""


class Invalid(ValueError):
    """A value refused: ``fault`` says what is wrong, for :mod:`foursquare.words.faults` to say."""

    def __init__(self, fault: Fault) -> None:
        super().__init__(fault)
        self.fault = fault
