"""The finished games kept in a data folder, and the reviews kept with them: for every way of looking back.

The game screen's pages, plain mode's ``g`` and ``v``, and ``foursquare
review`` all find a kept game here, rebuild it through the rules, and keep
a finished review with its game so that a second look is instant.
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING

from foursquare.engine import Game
from foursquare.engine.values import Value
from foursquare.storage.formats import FinishedGame
from foursquare.storage.helped import Help
from foursquare.storage.problems import Fault, Invalid, Kind, Problem, Reason, StoreError
from foursquare.storage.store import Store

if TYPE_CHECKING:  # the expert is imported when a review is first asked for: starting the game stays fast
    from foursquare.expert.review import Review

__all__ = ["Found", "Library", "Unreviewable"]

LIMIT = 500
"""The most games a list of kept games shows."""


class Unreviewable(Enum):
    """Why a kept game cannot be reviewed."""

    NONE_YET = "none_yet"
    """No game has ended yet."""
    NO_SUCH_GAME = "no_such_game"
    CANNOT_READ = "cannot_read"
    """Its row of the history cannot be read (as the history says, where it is left out)."""
    NO_RECORD = "no_record"
    """It was kept without its cards (by a version that kept only results)."""
    CANNOT_REPLAY = "cannot_replay"
    """Its record does not replay through the rules."""
    NOT_OVER = "not_over"
    """It was left before its end."""


class Found(Value):
    """A kept game looked up by id: the game rebuilt, or why it cannot be reviewed."""

    game_id: int | None
    game: Game | None
    why_not: Unreviewable | None
    fault: Fault | None = None
    """More about :attr:`why_not`: what the rules found in a record that does not replay."""
    problem: Problem | None = None
    """The problem reading its row met, where it cannot be read: said as the history says it."""


class Library:
    """The finished games of one store, newest first, and their kept reviews."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def take_problems(self) -> list[Problem]:
        """What reading the games met and left out (a row that cannot be read, a review dropped), each once."""
        return self.store.take_problems()

    def recent(self, limit: int = LIMIT) -> list[FinishedGame]:
        """The newest games (with their ids), newest first; none if the store cannot be read."""
        try:
            return [game for game in self.store.history(limit) if game.id is not None]
        except StoreError:
            return []

    def find(self, game_id: int | None) -> Found:
        """Game ``game_id`` of the history (the one that ended last if None), rebuilt for a review."""
        try:
            finished = self.store.newest_game() if game_id is None else self.store.game(game_id)
        except StoreError as exc:
            if exc.problem.kind is Kind.GAME_ROW_SKIPPED and game_id is not None:
                return Found(game_id, None, Unreviewable.CANNOT_READ, problem=exc.problem)
            finished = None
        except OverflowError:
            finished = None
        if finished is None or finished.id is None:
            return Found(game_id, None, Unreviewable.NONE_YET if game_id is None else Unreviewable.NO_SUCH_GAME)
        try:
            game = finished.replay()
        except Invalid as exc:
            return Found(finished.id, None, Unreviewable.CANNOT_REPLAY, exc.fault)
        if game is None:
            return Found(finished.id, None, Unreviewable.NO_RECORD)
        if not game.is_over:
            return Found(finished.id, game, Unreviewable.NOT_OVER)
        return Found(finished.id, game, None)

    def help_of(self, game_id: int | None) -> Help | None:
        """The help kept with game ``game_id``; None when it is not known (kept before help was recorded, or no
        such game to be read)."""
        if game_id is None:
            return None
        try:
            finished = self.store.game(game_id)
        except (StoreError, OverflowError):
            return None
        return None if finished is None else finished.help

    def kept_review(self, game_id: int, game: Game, nodes: int | None = None) -> Review | None:
        """The review kept with game ``game_id``, if there is one for exactly ``game`` at ``nodes``."""
        from foursquare.expert.advice import DEFAULT_NODES
        from foursquare.expert.review import Review

        try:
            return Review.from_cache(self.store.load_review(game_id), game, nodes or DEFAULT_NODES)
        except (StoreError, ValueError):
            return None

    def keep_review(self, game_id: int, game: Game, review: Review, nodes: int | None = None) -> Problem | None:
        """Keep ``review`` of ``game`` with game ``game_id``; the problem, if it could not be kept."""
        from foursquare.expert.advice import DEFAULT_NODES

        try:
            self.store.save_review(game_id, review.to_cache(nodes or DEFAULT_NODES))
        except StoreError as exc:
            return exc.problem
        except KeyError:
            return Problem(Kind.GAME_ROW_SKIPPED, Reason.MISSING, number=game_id)
        return None
