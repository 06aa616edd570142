"""Practice on your own mistakes: every costly placement of a kept game, a position to solve.

Like lichess's "learn from your mistakes".  Positions come from the kept
games, newest first (or from the games asked for), each game's in the order
they were played; a placement is one when its review says it cost
:data:`~foursquare.expert.review.PRACTICE_COST` cards or more, or much of the
chance to win (:attr:`~foursquare.expert.review.Step.worth_practising`).  A game's
review is the one kept with it, or one made in the background by the expert
with a node budget (and then kept, as ``v`` would), so practice on a game
already reviewed starts at once.

A position is identified by the game's id and the placement's number.  The
player picks a cell without being told the expert's; a cell as good as the
expert's (its verdict ``best``, from the same advice the review judged by)
solves the position, and a solved position is kept in the database
(:meth:`~foursquare.storage.store.Store.mark_solved`) and never offered
again: practice moves on.  A cell that is not gets a second try; after two,
the answer is shown and the position stays, to be practised another time.

Fair: a position is the table, the card and the unseen counts
(:class:`~foursquare.expert.advice.Position`); what a front end shows of it
comes from :attr:`Exercise.before`, the game as it stood, and never the
order of its stock.

:class:`Practice` is the state and returns typed results that each front
end words; :class:`PracticeLines` is the conversation in plain lines that
plain mode's ``practice`` and ``foursquare practice`` through a pipe share.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from foursquare.engine import Cell, Fault, Game, Refusal, parse_cell
from foursquare.expert.practice import TRIES, AllDone, Attempt, Exercise, Outcome, Preparing, judge_answer
from foursquare.session.reviews import Kept, ReviewService, Starter, Work
from foursquare.storage.library import Library
from foursquare.storage.problems import StoreError
from foursquare.words.cards import Spelling
from foursquare.words.explain import refusal_sentence
from foursquare.words.history import why_not_reviewed
from foursquare.words.practice import (
    attempt_lines,
    done_lines,
    exercise_lines,
    not_an_answer,
    preparing_line,
    skipped,
    stopped_line,
)
from foursquare.words.problems import why
from foursquare.words.quote import shown

if TYPE_CHECKING:  # the search is imported when practice first needs a review
    from foursquare.expert.review import Review

__all__ = ["Practice", "PracticeLines", "Starter", "Work"]


def _expert_review(nodes: int) -> Starter:
    def start(game: Game) -> Work:
        from foursquare.expert.reviewing import Reviewing

        return Reviewing(game, nodes=nodes)

    return start


class Practice:
    """A round of practice over ``library``'s kept games (newest first) or the games ``game_ids``.

    ``looked_up`` holds games of ``game_ids`` already found and known to be
    reviewable, by id (``foursquare practice N`` looks its game up to refuse
    one it cannot practise on before the round), so they are not looked up
    again.  ``nodes`` is the expert's budget for the reviews it must make (and
    the one a kept review must have been made with); ``start`` replaces the
    expert (tests pass a quick fake).  Read :meth:`current`, answer with
    :meth:`answer`, move on with :meth:`skip`; :meth:`cancel` stops a review
    under way.
    """

    def __init__(
        self,
        library: Library,
        *,
        game_ids: list[int] | None = None,
        looked_up: Mapping[int, Game] | None = None,
        nodes: int | None = None,
        start: Starter | None = None,
        lister: str = "foursquare history",
    ) -> None:
        """``lister`` is what lists the kept games where the player is (``g`` in the game), for a game asked
        for by an id that names none."""
        from foursquare.expert.advice import DEFAULT_NODES

        self.library = library
        self.nodes = nodes or DEFAULT_NODES
        self._reviews = ReviewService(library, nodes=self.nodes, start=start or _expert_review(self.nodes))
        ids = game_ids if game_ids is not None else [game.id for game in library.recent() if game.id is not None]
        self._games = list(ids)
        self._named = tuple(game_ids or ())
        self._looked_up = dict(looked_up or {})
        self._unavailable: list[str] = []
        self._lister = lister
        try:
            self._solved = library.store.solved_positions()
        except StoreError:
            self._solved = set()
        self._queue: list[Exercise] = []
        self._exercise: Exercise | None = None
        self._tried: set[Cell] = set()
        """The cells answered so far for the position shown: one a try."""
        self._work: tuple[int, Game, Work] | None = None
        self.solved = 0
        self.shown = 0
        self.offered = 0
        self._trouble: list[Fault | None] = []

    # --- where practice is --------------------------------------------------

    def current(self) -> Exercise | Preparing | AllDone:
        """The position to solve now; or the review being made to find one; or the end of the round."""
        while self._exercise is None:
            if self._queue:
                self._exercise, self._tried = self._queue.pop(0), set()
                self.offered += 1
                break
            if self._work is not None:
                game_id, game, work = self._work
                review = work.review
                if review is None and not work.done():
                    return Preparing(game_id, game.placed_count, work.progress)
                self._work = None
                if review is None:
                    self._trouble.append(work.error)
                    continue
                self._reviews.settle(game_id, game, work)
                self._take(game_id, game, review)
                continue
            if not self._games:
                trouble, unavailable = tuple(self._trouble), tuple(self._unavailable)
                return AllDone(self.solved, self.shown, self.offered, trouble, self._named, unavailable)
            self._open(self._games.pop(0))
        return self._exercise

    def wait(self, timeout: float | None = None) -> Exercise | AllDone:
        """:meth:`current`, waiting for any review it needs (``timeout`` seconds per poll); for lines, not screens."""
        while True:
            now = self.current()
            if not isinstance(now, Preparing):
                return now
            assert self._work is not None
            self._work[2].wait(0.1 if timeout is None else timeout)

    def _open(self, game_id: int) -> None:
        """Look at kept game ``game_id``: its positions from its kept review, or a review started to find them."""
        game = self._looked_up.pop(game_id, None)
        if game is None:
            found = self.library.find(game_id)
            if found.game is None or found.why_not is not None or found.game_id is None:
                if self._named:  # a game asked for by id: say why it is not there to practise on
                    self._unavailable.append(why_not_reviewed(found, self._lister, practice=True))
                return  # a kept game not reviewable (left before its end, kept without its cards) is passed over
            game_id, game = found.game_id, found.game
        work = self._reviews.open(game_id, game.copy())
        if isinstance(work, Kept) and work.review is not None:
            self._take(game_id, game, work.review)
        else:
            self._work = game_id, game, work

    def _take(self, game_id: int, game: Game, review: Review) -> None:
        from foursquare.expert.review import before_placement

        mine = self._reviews.as_played(review, self.library.help_of(game_id)).own_steps
        for step in mine:  # autoplay's placements are not the player's to learn from
            if step.worth_practising and (game_id, step.n) not in self._solved:
                self._queue.append(Exercise(game_id, step, before_placement(game, step.n)))

    @property
    def waiting(self) -> int:
        """Positions found to come after the one shown: those of the games looked at so far."""
        return len(self._queue)

    @property
    def games_to_look_at(self) -> int:
        """Kept games whose positions are not known yet: not looked at, or being reviewed."""
        return len(self._games) + (self._work is not None)

    # --- answering ------------------------------------------------------------

    @property
    def tries(self) -> int:
        """Answers given to the position shown so far."""
        return len(self._tried)

    def answer(self, cell: Cell) -> Attempt | Refusal:
        """Put the position's card on ``cell``: how good that is, and whether the position is solved.

        A cell the card cannot go on is refused (the engine's reason) and uses no try.
        """
        from foursquare.expert.review import Verdict

        exercise = self._exercise
        if exercise is None:
            return Refusal.GAME_OVER
        refusal = exercise.before.refusal(cell)
        if refusal is not None:
            return refusal
        judged = judge_answer(exercise.step, exercise.before, cell)
        if cell in self._tried:  # only a wrong try leaves the position open: this is the same answer again
            return Attempt(exercise, cell, judged, self.tries, Outcome.TRY_AGAIN, repeated=True)
        earlier = tuple(sorted(self._tried))
        self._tried.add(cell)
        trouble = None
        if judged.verdict is Verdict.BEST:
            outcome = Outcome.SOLVED
            self.solved += 1
            self._solved.add(exercise.key)
            try:
                self.library.store.mark_solved(*exercise.key)
            except StoreError as exc:
                trouble = why(exc.problem)
        elif self.tries >= TRIES:
            outcome = Outcome.SHOWN
            self.shown += 1
        else:
            outcome = Outcome.TRY_AGAIN
        if outcome is not Outcome.TRY_AGAIN:
            self._exercise = None
        return Attempt(exercise, cell, judged, self.tries, outcome, trouble, earlier=earlier)

    def skip(self) -> None:
        """Leave the position shown unsolved (it is offered again another time) and go on to the next."""
        self._exercise = None

    def cancel(self) -> None:
        """Stop a review under way: practice is left."""
        if self._work is not None:
            self._work[2].cancel()
            self._work = None


class PracticeLines:
    """Practice as plain lines, for plain mode's ``practice`` and ``foursquare practice`` through a pipe.

    A line in (a cell name answers, ``s`` skips the position, ``q`` stops,
    an empty line shows the position again), lines out through ``out``.
    :attr:`practising` turns False once the round is over or stopped.
    """

    def __init__(self, practice: Practice, spell: Spelling, out: Callable[[str], None]) -> None:
        self.practice = practice
        self.spell = spell
        self.out = out
        self.practising = True

    def begin(self) -> None:
        """Show the first position (after the reviews it needs)."""
        self._show()

    def handle(self, line: str) -> None:
        """One line of input: an answer, ``s``, ``q`` or nothing."""
        text = line.strip().lower()
        if text in ("q", "quit", "stop"):
            self.stop()
        elif text in ("s", "skip"):
            if isinstance(self.practice.current(), Exercise):
                self.practice.skip()
                self.out(skipped())
            self._show()
        elif not text:
            self._show()
        else:
            self._answer(text)

    def stop(self) -> None:
        """Leave practice: what is solved stays solved."""
        self.practice.cancel()
        if self.practising:
            self.out(stopped_line(self.practice.solved))
        self.practising = False

    def _answer(self, text: str) -> None:
        now = self.practice.current()
        if not isinstance(now, Exercise):
            self._show()
            return
        try:
            cell = parse_cell(text)
        except ValueError:
            self.out(not_an_answer(shown(text)))
            return
        result = self.practice.answer(cell)
        if isinstance(result, Refusal):
            self.out(self.spell.text(refusal_sentence(now.before, cell)) + ".")
            return
        for line in attempt_lines(result, self.spell):
            self.out(line)
        if result.outcome is not Outcome.TRY_AGAIN:
            self._show()

    def _show(self) -> None:
        now = self.practice.current()
        if isinstance(now, Preparing):
            self.out(preparing_line(now))
            now = self.practice.wait()
        if isinstance(now, AllDone):
            for line in done_lines(now):
                self.out(line)
            self.practising = False
            return
        for line in exercise_lines(now, self.spell, self.practice.waiting, self.practice.games_to_look_at):
            self.out(line)
