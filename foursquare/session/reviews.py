"""The review of a finished game, fetched one way for every front end: kept, else made and then kept.

The game screen's review page, plain mode's ``v``, ``foursquare review`` and
practice all ask here.  A review kept with its game at the expert's budget
is read back at once (:meth:`ReviewService.open`); else the expert makes it
in the background (:class:`~foursquare.expert.reviewing.Reviewing`, or a
test's judge in a thread), and once it is done it is kept with its game
(:meth:`ReviewService.settle`), once.  What the player reads is the review
as the game was played (:meth:`ReviewService.as_played`): the placements
autoplay made set apart, and the line on the help the game had.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Protocol

from foursquare.engine import Fault, Game
from foursquare.storage.helped import Help, placements_autoplayed
from foursquare.storage.library import Library
from foursquare.storage.problems import Problem
from foursquare.words.review import helped_summary_line

if TYPE_CHECKING:  # the expert is imported when a review is first asked for: starting the game stays fast
    from foursquare.expert.advice import Advice, Position
    from foursquare.expert.review import Judge, Review, Step

__all__ = ["Kept", "ReviewFailed", "ReviewService", "Starter", "Work"]


class Work(Protocol):
    """A review at work, finished or read from where it was kept: what a front end reads of it."""

    @property
    def review(self) -> Review | None: ...

    @property
    def steps(self) -> list[Step]: ...

    @property
    def error(self) -> Fault | None: ...

    @property
    def progress(self) -> float: ...

    def step(self, n: int) -> Step | None: ...

    def done(self) -> bool: ...

    def wait(self, timeout: float | None = None) -> Review | None: ...

    def cancel(self) -> None: ...


Starter = Callable[[Game], Work]
"""Starts the review of a finished game in the background and returns at once."""


class Kept:
    """A review that needs no work: it was kept from before."""

    def __init__(self, review: Review) -> None:
        self.review: Review | None = review
        self.steps = list(review.steps)
        self.error: Fault | None = None
        self.progress = 1.0

    def step(self, n: int) -> Step | None:
        return self.steps[n - 1] if 1 <= n <= len(self.steps) else None

    def done(self) -> bool:
        return True

    def wait(self, timeout: float | None = None) -> Review | None:
        return self.review

    def cancel(self) -> None:
        return None


class ReviewFailed(Exception):
    """The expert could not make the review: :attr:`error` says what it raised (None: it was stopped)."""

    def __init__(self, error: Fault | None) -> None:
        super().__init__(error)
        self.error = error


class ReviewService:
    """Reviews of ``library``'s games (None: a game from a file, kept nowhere) at ``nodes`` per placement.

    ``judge`` replaces the expert (a test's quick one, worked in a thread);
    ``start`` replaces how a review is started altogether; ``known`` gives
    the advice already found on positions (a screen's pondering), which the
    expert at its default budget takes rather than think again.
    """

    def __init__(
        self,
        library: Library | None,
        *,
        nodes: int | None = None,
        judge: Judge | None = None,
        start: Starter | None = None,
        known: Callable[[], Mapping[Position, Advice]] | None = None,
    ) -> None:
        self.library = library
        self._nodes = nodes
        self._judge = judge
        self._start = start
        self._known = known
        self._settled: list[Work] = []

    @property
    def nodes(self) -> int:
        """The expert's budget per placement (read when first needed: the search loads only then)."""
        from foursquare.expert.advice import DEFAULT_NODES

        return self._nodes or DEFAULT_NODES

    def kept(self, game_id: int | None, game: Game) -> Review | None:
        """The review kept with game ``game_id`` for exactly ``game`` at this budget, if there is one."""
        if self.library is None or game_id is None:
            return None
        return self.library.kept_review(game_id, game, self.nodes)

    def start(self, game: Game) -> Work:
        """The expert at work on ``game``'s review in the background (returns at once)."""
        if self._start is not None:
            return self._start(game)
        from foursquare.expert.reviewing import Reviewing

        known = self._known() if self._known is not None else None
        return Reviewing(game, nodes=self.nodes, judge=self._judge, known=known)

    def open(self, game_id: int | None, game: Game) -> Work:
        """``game``'s review: the one kept, else the expert's work on it started."""
        kept = self.kept(game_id, game)
        return Kept(kept) if kept is not None else self.start(game)

    def settle(self, game_id: int | None, game: Game, work: Work) -> Problem | None:
        """Keep ``work``'s review with game ``game_id`` once it is done (once only); the problem if it could not
        be kept."""
        review = work.review
        if review is None or isinstance(work, Kept) or any(work is done for done in self._settled):
            return None
        if self.library is None or game_id is None:
            return None
        self._settled.append(work)
        return self.library.keep_review(game_id, game, review, self.nodes)

    def review(
        self, game_id: int | None, game: Game, *, waiting: Callable[[Work], None] | None = None
    ) -> tuple[Review, Problem | None]:
        """``game``'s review, kept or made now (``waiting`` is called now and then meanwhile), and then kept: the
        review, and the problem if it could not be kept.  :class:`ReviewFailed` if the expert failed."""
        return self.finish(game_id, game, self.open(game_id, game), waiting=waiting)

    def finish(
        self, game_id: int | None, game: Game, work: Work, *, waiting: Callable[[Work], None] | None = None
    ) -> tuple[Review, Problem | None]:
        """:meth:`review` of a ``work`` already :meth:`open`: wait for it, and keep it."""
        try:
            while work.wait(0.1) is None and not work.done():
                if waiting is not None:
                    waiting(work)
        finally:
            work.cancel()
        review = work.review
        if review is None:
            raise ReviewFailed(work.error)
        return review, self.settle(game_id, game, work)

    def as_played(self, review: Review, help: Help | None) -> Review:
        """``review`` as the game was played with ``help`` (None: not known): autoplay's placements set apart."""
        return review.autoplayed(placements_autoplayed(help))

    def help_line(self, review: Review, help: Help | None, width: int | None = None) -> str | None:
        """The summary's line on how the game was played (:func:`~foursquare.words.review.helped_summary_line`)."""
        return helped_summary_line(review, help, width)
