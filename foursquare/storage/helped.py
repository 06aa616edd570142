"""The help a game had: take-backs, tips and cards placed by autoplay, and whether its deal was played before.

A game with none of the three is played **on your own**, and only such games
make the record of that name (see :class:`~foursquare.storage.stats.Records`).
Undo shows the future (the next card was on screen before the take-back), a
tip and autoplay are the expert's play: a game that had any of them is kept
in all games, with what it had, and not on your own.  Whether the deal was
played before is kept beside them (a player may remember its stock) but
does not make a game helped.

A game kept before help was recorded has no :class:`Help` (None): it is in
all games only, never on your own.  Which of a game's placements autoplay
made is kept too (:attr:`Help.autoplayed_at`), so that a review judges the
player on their own cards only.
"""

from __future__ import annotations

from enum import Enum

from foursquare.engine.values import Value, replace
from foursquare.storage.problems import Flaw, as_json, refused

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing is the type checkers' own: a command reading the statistics does not load it
    from typing import Any, TypeGuard

__all__ = ["HELP_KEYS", "Aid", "Help", "placements_autoplayed"]

HELP_KEYS = ("take_backs", "tips", "autoplayed")
"""The counts of help in JSON (``history --json``, ``export``), in this order, and in the history's columns."""


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
    """Cards the expert placed (autoplay), those taken back since included."""
    played_before: bool = False
    """A game on the same deal was in the history when this one began."""
    autoplayed_at: tuple[int, ...] | None = ()
    """The numbers of the game's placements (1 for the first card) that autoplay made, lowest first; None when
    not known (a game kept before they were recorded, with cards placed by autoplay)."""

    def __post_init__(self) -> None:
        if not (_is_count(self.take_backs) and _is_count(self.tips) and _is_count(self.autoplayed)):
            raise refused(Flaw.HELP_COUNTS)
        at = self.autoplayed_at
        if at is not None and not (
            isinstance(at, tuple)
            and all(_is_count(n) and n >= 1 for n in at)
            and list(at) == sorted(set(at))
            and len(at) <= self.autoplayed
        ):
            raise refused(Flaw.AUTOPLAYED_AT_ORDER)

    @property
    def alone(self) -> bool:
        """Whether the game had no help at all: it is played on your own."""
        return not (self.take_backs or self.tips or self.autoplayed)

    @property
    def autoplayed_taken_back(self) -> int:
        """How many of autoplay's cards were taken back since (its count holds them); 0 when which cards
        autoplay placed is not known."""
        return 0 if self.autoplayed_at is None else self.autoplayed - len(self.autoplayed_at)

    def more(self, aid: Aid) -> Help:
        """This help and one more of ``aid``."""
        key = _KEY[aid]
        return replace(self, **{key: getattr(self, key) + 1})

    def autoplayed_placement(self, n: int) -> Help:
        """This help with one more card placed by autoplay, as the game's placement ``n``."""
        return replace(self, autoplayed=self.autoplayed + 1, autoplayed_at=self._at_with(n))

    def put_back(self, n: int, *, by_autoplay: bool) -> Help:
        """This help once the game's placement ``n`` is made again by a redo: autoplay's if it was autoplay's
        card that was taken back (the cell was its choice), else the player's."""
        return replace(self, autoplayed_at=self._at_with(n)) if by_autoplay else self

    def taken_back(self, n: int) -> Help:
        """This help once the game's placement ``n`` is taken back: it is no longer autoplay's (the count stays)."""
        at = self.autoplayed_at
        return self if at is None or n not in at else replace(self, autoplayed_at=tuple(k for k in at if k != n))

    def by_autoplay(self, n: int) -> bool | None:
        """Whether the game's placement ``n`` was made by autoplay; None when that is not known."""
        if self.autoplayed_at is None:
            return None
        return n in self.autoplayed_at

    def _at_with(self, n: int) -> tuple[int, ...] | None:
        at = self.autoplayed_at
        return None if at is None else tuple(sorted({*at, n}))

    def to_json(self) -> dict[str, int]:
        """The three counts, as ``history --json`` and ``export`` write them under ``help`` (the placements
        autoplay made go beside it, as ``autoplayed_at``)."""
        return {key: getattr(self, key) for key in HELP_KEYS}

    @classmethod
    def from_json(cls, value: Any, played_before: Any = False, autoplayed_at: Any = ()) -> Help | None:
        """Help as written under ``help`` (None for null or a line without it); ValueError if it is not help.

        ``played_before`` and ``autoplayed_at`` are the line's own keys beside
        it; missing, the first reads as false and the second as not known
        (unless autoplay placed no card: then there are none to know).
        """
        if value is None:
            return None
        if not isinstance(value, dict):
            raise refused(Flaw.HELP_NOT_AN_OBJECT, as_json(value))
        for key in HELP_KEYS:
            if not _is_count(value.get(key)):
                raise refused(Flaw.HELP_COUNT, as_json(value.get(key)), other=key)
        if played_before is None:
            played_before = False
        if not isinstance(played_before, bool):
            raise refused(Flaw.PLAYED_BEFORE, as_json(played_before))
        autoplayed = value["autoplayed"]
        if autoplayed_at is None and autoplayed == 0:
            autoplayed_at = ()
        if autoplayed_at is not None and not isinstance(autoplayed_at, (list, tuple)):
            raise refused(Flaw.AUTOPLAYED_AT, as_json(autoplayed_at))
        at = None if autoplayed_at is None else tuple(autoplayed_at)
        return cls(value["take_backs"], value["tips"], autoplayed, played_before, at)

    def autoplayed_json(self) -> list[int] | None:
        """:attr:`autoplayed_at` as JSON writes it: a list, or null when not known."""
        return None if self.autoplayed_at is None else list(self.autoplayed_at)

    @property
    def tells_autoplayed(self) -> bool:
        """Whether :attr:`autoplayed_at` says something a line of JSON must carry: which cards autoplay
        placed, known, in a game where it placed some (with none placed, the counts say it all)."""
        return self.autoplayed > 0 and self.autoplayed_at is not None


_KEY = {Aid.TAKE_BACK: "take_backs", Aid.TIP: "tips", Aid.AUTOPLAY: "autoplayed"}


def placements_autoplayed(help: Help | None) -> tuple[int, ...]:
    """The placements autoplay made in a game with ``help``, as a review sets them apart: none where help or
    they are not known (the game's placements are then all taken as the player's, as before they were kept)."""
    return () if help is None or help.autoplayed_at is None else help.autoplayed_at


def _is_count(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0
