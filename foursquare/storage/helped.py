"""The help a game had: take-backs, tips and cards placed by autoplay, and whether its deal was played before.

A game with none of the three is played **on your own**, and only such games
make the record of that name (see :class:`~foursquare.storage.stats.Records`).
Undo shows the future (the next card was on screen before the take-back), a
tip and autoplay are the expert's play: a game that had any of them is kept
in all games, with what it had, and not on your own.  Whether the deal was
played before is kept beside them (a player may remember its stock) but
does not make a game helped.

A game kept before help was recorded has no :class:`Help` (None): it is in
all games only, never on your own.
"""

from __future__ import annotations

from enum import Enum

from foursquare.engine.values import Value, replace
from foursquare.storage.problems import as_json

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing is the type checkers' own: a command reading the statistics does not load it
    from typing import Any, TypeGuard

__all__ = ["HELP_KEYS", "Aid", "Help"]

HELP_KEYS = ("take_backs", "tips", "autoplayed")
"""The keys of help in JSON (``history --json``, ``export``), in this order."""


class Aid(Enum):
    """A kind of help a game can have."""

    TAKE_BACK = "take_back"
    TIP = "tip"
    AUTOPLAY = "autoplay"


class Help(Value):
    """How much help one game had, and whether its deal had been played before it began."""

    take_backs: int = 0
    """Cards taken back (undo)."""
    tips: int = 0
    """Tips asked for, one a position."""
    autoplayed: int = 0
    """Cards the expert placed (autoplay)."""
    played_before: bool = False
    """A game on the same deal was in the history when this one began."""

    def __post_init__(self) -> None:
        if not (_is_count(self.take_backs) and _is_count(self.tips) and _is_count(self.autoplayed)):
            raise ValueError("help is counted in whole numbers from 0")

    @property
    def alone(self) -> bool:
        """Whether the game had no help at all: it is played on your own."""
        return not (self.take_backs or self.tips or self.autoplayed)

    def more(self, aid: Aid) -> Help:
        """This help and one more of ``aid``."""
        key = _KEY[aid]
        return replace(self, **{key: getattr(self, key) + 1})

    def to_json(self) -> dict[str, int]:
        """The three counts, as ``history --json`` and ``export`` write them under ``help``."""
        return {key: getattr(self, key) for key in HELP_KEYS}

    @classmethod
    def from_json(cls, value: Any, played_before: Any = False) -> Help | None:
        """Help as written under ``help`` (None for null or a line without it); ValueError if it is not help.

        ``played_before`` is the line's own key beside it; missing, it reads as false.
        """
        if value is None:
            return None
        if not isinstance(value, dict):
            raise ValueError(f"help must be a JSON object or null, not {as_json(value)}")
        for key in HELP_KEYS:
            if not _is_count(value.get(key)):
                raise ValueError(f"help needs {key} as a whole number from 0, not {as_json(value.get(key))}")
        if played_before is None:
            played_before = False
        if not isinstance(played_before, bool):
            raise ValueError(f"played_before must be true or false, not {as_json(played_before)}")
        return cls(value["take_backs"], value["tips"], value["autoplayed"], played_before)


_KEY = {Aid.TAKE_BACK: "take_backs", Aid.TIP: "tips", Aid.AUTOPLAY: "autoplayed"}


def _is_count(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0
