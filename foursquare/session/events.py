"""What the game session tells the front ends: typed facts, worded by each in its own way.

The screen and plain mode both drive one :class:`~foursquare.session.game.GameSession`;
every call returns a list of these events in the order they happened (a
card placed, then the game finished and whether it counted), and each front
end says them through :mod:`foursquare.words` and shows them as it shows
things.  No event holds a sentence.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from enum import Enum

from foursquare.engine import Card, Cell, LossReason, Pile, Placement, Refusal, Status, Turn
from foursquare.engine.values import Value
from foursquare.storage.helped import Aid, Help
from foursquare.storage.stats import NotCounted, Records, Stats

__all__ = [
    "Aid",
    "Dealt",
    "Event",
    "Finished",
    "Greeting",
    "HelpHeld",
    "Mover",
    "NotCounted",
    "Nothing",
    "Permission",
    "Placed",
    "Refused",
    "Stakes",
    "Switch",
    "TookBack",
    "Trouble",
]


class Mover(Enum):
    """Who placed a card: the player, the expert playing on for them (autoplay), or a redo."""

    PLAYER = "player"
    EXPERT = "expert"
    REDO = "redo"


class Placed(Value):
    """A card was placed; ``before`` is the table just before, from which the explanation is made."""

    placement: Placement
    before: Mapping[Cell, Pile]
    by: Mover


class TookBack(Value):
    """The last card was taken back from ``cell``, and the cards it had turned over turned back."""

    card: Card
    cell: Cell
    turned: tuple[Turn, ...]
    """Each card the placement had turned over, now turned back: face up again, or face down again."""


class Refused(Value):
    """The next card may not go on ``cell``, for ``refusal``; nothing changed."""

    cell: Cell
    refusal: Refusal


class Nothing(Enum):
    """A take-back or a put-back with nothing to take or put back."""

    TO_UNDO = "to_undo"
    TO_REDO = "to_redo"


class Finished(Value):
    """The game just ended: how, whether it counted (and why not), the statistics now, and the daily date."""

    deal: int
    status: Status
    score: int | None
    loss_reason: LossReason | None
    not_counted: NotCounted | None
    """None: it counts."""
    stats: Stats | None
    """The statistics after it, or None if they could not be read."""
    daily: date | None
    """The date of the daily deal it was on, for the line to share."""
    game_id: int | None
    """Its id in the history, or None if it could not be kept."""
    help: Help | None = None
    """The help it had (None: it began before help was recorded)."""
    records: Records | None = None
    """Both records after it (all games, on your own), or None if they could not be read."""
    best: int | None = None
    """On a deal played before (a replay): the best score of its games in the history, this one included; None
    when none was won, or for a deal played for the first time."""

    @property
    def counted(self) -> bool:
        return self.not_counted is None


class HelpHeld(Value):
    """A take-back, tip or autoplay was asked for and not given, and nothing changed: the player must be asked
    first, or (``declined``) said no for this game."""

    aid: Aid
    declined: bool


class Greeting(Value):
    """What there is to say of a game just put on the table."""

    deal: int
    placed: int
    """Cards already on the table: more than 0 for a game resumed."""
    replay: bool
    """The deal was counted before, so this game will not count."""
    daily: date | None
    card: Card | None
    """The next card, or None once the game is over."""

    @property
    def more_than_the_deal(self) -> bool:
        """Whether there is more to say than the deal number and the first card."""
        return bool(self.placed or self.replay or self.daily)


class Dealt(Value):
    """A new deal is on the table."""

    greeting: Greeting
    lost: int | None = None
    """The deal left for it in progress, now counted as a loss in the statistics; None if none was."""


class Trouble(Value):
    """A problem with the files: the game goes on, and the player is told in a line (and again after the game)."""

    line: str
    short: str | None = None
    """A shorter form of :attr:`line` for a narrow message line, if it has one."""


class Stakes(Value):
    """What leaving the game on the table costs: for another deal, or by quitting."""

    deal: int
    in_progress: bool
    """A card is down and the game is not over: another deal counts it as abandoned, and quitting asks first."""
    counts: bool
    """The game would count (as a loss, if left for another deal): its deal was not counted before."""
    saved: bool
    """The game is kept for next time (False: the files could not be written, so quitting loses it)."""


class Switch(Value):
    """Another deal was asked for (on the command line) while a game is in progress: ask before leaving it."""

    seed: int | None
    daily: bool


class Permission(Enum):
    """Whether a take-back, a tip or autoplay may go ahead (see :meth:`GameSession.permission`)."""

    FREE = "free"
    """It costs nothing now: the game had help already, will not count, or was counted already."""
    ASK = "ask"
    """The first help of a game still on the player's own: ask, and answer with :meth:`GameSession.answer_help`."""
    DECLINED = "declined"
    """The player said no for this game: no help until it has been counted."""


Event = Placed | TookBack | Refused | Nothing | Finished | Dealt | Trouble | HelpHeld
"""Everything a call of the session may report."""
