"""Practice on one's own mistakes, as values: a position to solve, what an answer is worth, the round's end.

A position is a placement of a kept game that cost
:data:`~foursquare.expert.review.PRACTICE_COST` cards or more, or much of the
chance to win (:attr:`~foursquare.expert.review.Step.worth_practising`), known
by the game's id and the placement's number.  An answer is judged as the review
judges a placement (:func:`judge_answer`), against the expert's cell from the
same advice, so that the expert's cell always solves it.  The round itself
(which games, what is kept) is :mod:`foursquare.session.practice`.
"""

from __future__ import annotations

from enum import Enum

from foursquare.engine import Cell, Game
from foursquare.engine.faults import Fault, Invalid
from foursquare.engine.values import Value, replace
from foursquare.expert.faults import Flaw
from foursquare.expert.review import Step, Verdict, loses_at_once

__all__ = ["TRIES", "AllDone", "Attempt", "Exercise", "Outcome", "Preparing", "judge_answer"]

TRIES = 2
"""Tries at a position before the answer is shown."""


class Exercise(Value):
    """A position to solve: placement ``step.n`` of kept game ``game_id``, as the player saw it."""

    game_id: int
    step: Step
    """The review's verdict on the placement: the expert's advice for every cell, and what the player did."""
    before: Game
    """The game just before the placement: the table and the card (never show its stock's order)."""

    @property
    def key(self) -> tuple[int, int]:
        """How a position is known: the game's id and the placement's number."""
        return self.game_id, self.step.n


class Preparing(Value):
    """No position yet: the expert is reviewing kept game ``game_id`` (``placements`` cards) to find some."""

    game_id: int
    placements: int
    progress: float


class AllDone(Value):
    """Nothing left to practise: how this round went, and what could not be looked at."""

    solved: int
    shown: int
    """Positions whose answer was shown: they stay, for another time."""
    offered: int
    """Positions offered this round."""
    trouble: tuple[Fault | None, ...] = ()
    """For each game whose review could not be made, what the expert raised (None: it stopped, nothing raised)."""
    named: tuple[int, ...] = ()
    """The games the round was asked for by id (none: every kept game)."""
    unavailable: tuple[str, ...] = ()
    """Why each game asked for by id could not be looked at (not there, left before its end), as said."""


class Attempt(Value):
    """One answer to an exercise: the cell, what the expert says it costs, and what happens now."""

    exercise: Exercise
    cell: Cell
    judged: Step
    """The placement as if the player had put the card on :attr:`cell`: its cost, verdict and figures."""
    tries: int
    """This answer's number: 1 or 2."""
    outcome: Outcome
    trouble: str | None = None
    """Why a solved position could not be kept, in words (it will be offered again)."""
    repeated: bool = False
    """The cell of an earlier try at the same position: it uses no try (a key pressed twice by accident)."""
    earlier: tuple[Cell, ...] = ()
    """The cells tried at the same position before this one: the answer shows them too, to compare."""

    @property
    def again(self) -> bool:
        """The cell the player chose in the game: the mistake again."""
        return self.cell == self.exercise.step.cell

    @property
    def verdict(self) -> Verdict:
        return self.judged.verdict


def judge_answer(step: Step, before: Game, cell: Cell) -> Step:
    """``step`` as if the card had gone on ``cell`` (a cell it may go on): the cost and verdict of that answer."""
    line = step.line(cell)
    if line is None:
        raise Invalid(Fault(Flaw.NOT_A_CHOICE, repr(cell)))
    return replace(
        step,
        cell=cell,
        chance_after=line.chance,
        expected_after=line.expected,
        lost_at_once=cell != step.expert_cell and loses_at_once(before, cell),
    )


class Outcome(Enum):
    """What an answer did."""

    SOLVED = "solved"
    """As good as the expert's cell: the position is solved, and kept so."""
    TRY_AGAIN = "try_again"
    """Not as good: one more try."""
    SHOWN = "shown"
    """Not as good, and no try left: the answer is shown; the position stays for another time."""
