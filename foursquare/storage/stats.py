"""Statistics: what a counted game is, and the figures worked out from the counted games.

The games themselves are kept in the database (:mod:`foursquare.storage.store`),
which works the figures out with SQL; this module is the model both sides
share.  The page drawn on screen is :mod:`foursquare.screen.stats_page`, and
``foursquare stats`` is :mod:`foursquare.commands.stats`.

**Each deal counts once**: the first time a game on it ends, whether won,
lost, or abandoned for another deal once a card was placed.  Undoing after the
end and finishing again, replaying a deal with ``--seed`` or replaying the
daily deal does not count again, so a known deal cannot be won over and over
to farm wins or streaks.
"""

from __future__ import annotations

from datetime import date, timedelta
from enum import Enum

from foursquare.engine.cards import full_deck
from foursquare.engine.deal_numbers import LAST_DEAL
from foursquare.engine.sizes import GRID
from foursquare.engine.values import Value
from foursquare.storage.helped import Help
from foursquare.storage.problems import Flaw, as_json, refused

TYPE_CHECKING = False
if TYPE_CHECKING:  # the rules are loaded by whoever has a game: reading the statistics needs none of them
    from collections.abc import Iterable, Mapping
    from typing import Any, TypeGuard

    from foursquare.engine import Game

__all__ = [
    "LOSSES",
    "MAX_SCORE",
    "DailyRecord",
    "Ending",
    "NotCounted",
    "Records",
    "Result",
    "Stats",
    "in_progress",
]

MAX_SCORE = len(full_deck()) - GRID * GRID
"""The best possible score: a square of 16 single cards leaves 24 in the stock."""


class Ending(str, Enum):
    """How a counted game ended."""

    WON = "won"
    TOO_MANY_FACE_DOWN = "too_many_face_down"
    STOCK_EMPTY = "stock_empty"
    ABANDONED = "abandoned"

    @property
    def result(self) -> str:
        """``won``, ``lost`` or ``abandoned``: the outcome without the cause."""
        return self.value if self in (Ending.WON, Ending.ABANDONED) else "lost"

    @property
    def loss_reason(self) -> str | None:
        """Why the game was lost by the rules (a :class:`LossReason` value), None for a win or abandon."""
        return None if self in (Ending.WON, Ending.ABANDONED) else self.value

    @classmethod
    def of(cls, result: str, loss_reason: str | None) -> Ending:
        """The ending named by a result and a loss reason; ValueError, naming the values each may have, when
        either is none of them or they do not go together."""
        reasons = [ending for ending in cls if ending.result == "lost"]
        if result not in {ending.result for ending in cls}:
            raise refused(Flaw.RESULT, as_json(result))
        if result != "lost":
            if loss_reason is not None:
                raise refused(Flaw.NO_LOSS_REASON, as_json(loss_reason), other=result)
            return cls(result)
        found = next((ending for ending in reasons if ending.value == loss_reason), None)
        if found is None:
            raise refused(Flaw.LOSS_REASON, as_json(loss_reason), names=tuple(as_json(e.value) for e in reasons))
        return found


LOSSES = (Ending.TOO_MANY_FACE_DOWN, Ending.STOCK_EMPTY, Ending.ABANDONED)


class NotCounted(Enum):
    """Why a game that just ended does not count in the statistics."""

    REPLAY = "replay"
    """Its deal was counted before this game began."""
    ENDED_BEFORE = "ended_before"
    """It counted when it first ended, before an undo reopened it."""
    NOT_KEPT = "not_kept"
    """The statistics could not be updated (the database refused)."""


def in_progress(game: Game) -> bool:
    """Whether leaving ``game`` for another deal loses something: a card is down and it is not over.

    Such a game counts as abandoned (a loss) when it is left.
    """
    return game.placed_count > 0 and not game.is_over


class Result(Value):
    """One counted game: its deal number, how it ended and, if won, the score."""

    deal: int
    ending: Ending
    score: int | None = None

    def __post_init__(self) -> None:
        if (self.ending is Ending.WON) != (self.score is not None):
            raise refused(Flaw.SCORE_WITHOUT_WIN)

    @classmethod
    def of(cls, game: Game) -> Result:
        """The result of ``game`` as it stands: won, lost, or abandoned if still in play."""
        from foursquare.engine import LossReason, Status  # loaded already: ``game`` is one of the rules' games

        if game.seed is None:
            raise refused(Flaw.UNNUMBERED)
        if game.status is Status.WON:
            return cls(game.seed, Ending.WON, game.score)
        if game.status is Status.LOST and game.loss_reason is not None:
            lost = {
                LossReason.TOO_MANY_FACE_DOWN: Ending.TOO_MANY_FACE_DOWN,
                LossReason.STOCK_EMPTY: Ending.STOCK_EMPTY,
            }
            return cls(game.seed, lost[game.loss_reason])
        return cls(game.seed, Ending.ABANDONED)

    def to_json(self) -> dict[str, Any]:
        entry: dict[str, Any] = {"deal": self.deal, "ending": self.ending.value}
        if self.score is not None:
            entry["score"] = self.score
        return entry

    @classmethod
    def from_json(cls, entry: Any) -> Result:
        """Check and read one entry of the games list; ValueError says what is wrong."""
        if not isinstance(entry, dict):
            raise refused(Flaw.ENTRY_NOT_AN_OBJECT, repr(entry))
        deal = entry.get("deal")
        if not _is_int(deal) or not 0 <= deal <= LAST_DEAL:
            raise refused(Flaw.DEAL_NUMBER, repr(deal))
        try:
            ending = Ending(entry.get("ending"))
        except ValueError:
            raise refused(Flaw.ENDING, repr(entry.get("ending"))) from None
        score = entry.get("score")
        if ending is Ending.WON and (not _is_int(score) or not 0 <= score <= MAX_SCORE):
            raise refused(Flaw.WIN_SCORE, repr(score), MAX_SCORE)
        if ending is not Ending.WON and score is not None:
            raise refused(Flaw.SCORE_NOT_WON, repr(score))
        return cls(deal, ending, score)


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


# --- the figures ---------------------------------------------------------------


class Stats(Value):
    """The figures players see, worked out from the counted games."""

    played: int
    won: int
    current_streak: int
    """Wins in a row up to the last counted game."""
    longest_streak: int
    best_score: int | None
    average_score: float | None
    """The mean score of the games won."""
    histogram: tuple[int, ...]
    """``histogram[s]``: games won with score ``s``, for s from 0 to :data:`MAX_SCORE`."""
    losses: Mapping[Ending, int]
    """Games lost, by how they were lost (every ending but WON, zeros included)."""

    @property
    def lost(self) -> int:
        return self.played - self.won

    @property
    def win_percent(self) -> float | None:
        return 100 * self.won / self.played if self.played else None

    @classmethod
    def from_results(cls, results: Iterable[Result]) -> Stats:
        """The figures of ``results`` in the order they were counted."""
        played = streak = longest = 0
        scores: list[int] = []
        losses = dict.fromkeys(LOSSES, 0)
        for result in results:
            played += 1
            if result.score is not None:
                scores.append(result.score)
                streak += 1
                longest = max(longest, streak)
            else:
                losses[result.ending] += 1
                streak = 0
        histogram = [0] * (MAX_SCORE + 1)
        for score in scores:
            histogram[score] += 1
        return cls(
            played=played,
            won=len(scores),
            current_streak=streak,
            longest_streak=longest,
            best_score=max(scores) if scores else None,
            average_score=sum(scores) / len(scores) if scores else None,
            histogram=tuple(histogram),
            losses=losses,
        )

    def to_json(self) -> dict[str, Any]:
        """Every figure, for ``foursquare stats --json``."""
        return {
            "played": self.played,
            "won": self.won,
            "lost": self.lost,
            "win_percent": self.win_percent,
            "current_streak": self.current_streak,
            "longest_streak": self.longest_streak,
            "best_score": self.best_score,
            "average_score": self.average_score,
            "histogram": list(self.histogram),
            "losses": {ending.value: n for ending, n in self.losses.items()},
        }


class DailyRecord(Value):
    """The daily deal's record, as a collection of solitaire games keeps one: the days whose deal was played
    as that day's daily deal, those won, and the days in a row won.

    A day's game is the first counted game on its deal, begun as the daily
    deal (``--daily``): one on the deal played before by its number (before
    its day, say) is a replay, and the day is not played as a daily deal.
    """

    played: int = 0
    won: int = 0
    current_streak: int = 0
    """Days in a row won up to today, or up to yesterday while today's deal is still to play."""
    longest_streak: int = 0

    @classmethod
    def of(cls, days: Mapping[date, bool], today: date) -> DailyRecord:
        """The record of ``days`` (each day's daily deal played: whether it was won) on ``today``."""
        one = timedelta(days=1)
        won = sorted(day for day, win in days.items() if win)
        longest = run = 0
        for n, day in enumerate(won):
            run = run + 1 if n and day - won[n - 1] == one else 1
            longest = max(longest, run)
        current = 0
        day = today if today in days else today - one
        while days.get(day):
            current += 1
            day -= one
        return cls(len(days), len(won), current, longest)

    def to_json(self) -> dict[str, int]:
        """``"daily"`` of ``foursquare stats --json``."""
        return {
            "played": self.played,
            "won": self.won,
            "current_streak": self.current_streak,
            "longest_streak": self.longest_streak,
        }


class Records(Value):
    """The two records: every counted game, and the counted games played on your own (no help at all).

    A game counted before help was recorded is in :attr:`all_games` only;
    :attr:`before_help` says how many there are.
    """

    all_games: Stats
    on_your_own: Stats
    before_help: int
    """Counted games whose help is not known (they ended before it was recorded)."""
    daily: DailyRecord = DailyRecord()
    """The daily deal's record (of every daily game, helped or not)."""

    @classmethod
    def from_results(cls, games: Iterable[tuple[Result, Help | None]]) -> Records:
        """The records of ``games`` (each with the help it had) in the order they were counted."""
        kept = list(games)
        alone = [result for result, help in kept if help is not None and help.alone]
        unknown = sum(1 for _, help in kept if help is None)
        return cls(Stats.from_results(result for result, _ in kept), Stats.from_results(alone), unknown)

    def to_json(self) -> dict[str, Any]:
        """``foursquare stats --json``: every figure of all games, then ``on_your_own`` and the earlier games."""
        return {
            **self.all_games.to_json(),
            "on_your_own": self.on_your_own.to_json(),
            "before_help_was_recorded": self.before_help,
            "daily": self.daily.to_json(),
        }
