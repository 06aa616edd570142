"""A review at work in the background, filling in while a screen (or a progress bar) stays live.

The verdicts on the player's placements come one by one from a thread, so
that the first is there at once; the expert's own game on the deal, which
needs no placement of the player's, is played meanwhile in a child process
on the other core.  Both use the expert with a node budget and no clock, so
a review comes out the same however busy the machine is.
"""

from __future__ import annotations

import multiprocessing
import threading
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

from foursquare.engine import Game, Status
from foursquare.expert.advice import DEFAULT_NODES
from foursquare.expert.review import Judge, Review, Step, check_reviewable, expert_game, expert_judge, player_steps

__all__ = ["POLL_SECONDS", "Reviewing"]

POLL_SECONDS = 0.05
"""How often the review thread looks for news of the expert's own game once the verdicts are in."""


def _expert_game(conn: Connection, record: dict[str, Any], nodes: int) -> None:
    """In the child process: play the deal as the expert, sending the count after each card, then the result."""
    own = expert_game(Game.from_record(record), expert_judge(nodes), conn.send)
    conn.send((own.status.value, own.score))
    conn.close()


class _Cancelled(Exception):
    """The review was cancelled: its thread ends without a result."""


class Reviewing:
    """One finished game under review in the background; read :attr:`steps`, :attr:`progress`, :attr:`review`.

    ``judge`` replaces the real expert (with ``nodes`` per placement); then
    the expert's own game is played in the review thread too, with the same
    judge.  :attr:`error` says in a line why a review failed.  :meth:`cancel`
    stops the work within moments.
    """

    def __init__(self, game: Game, *, nodes: int = DEFAULT_NODES, judge: Judge | None = None) -> None:
        check_reviewable(game)
        self.game = game
        self.nodes = nodes
        self.steps: list[Step] = []
        """The verdicts so far, in order: each is final as soon as it is here."""
        self.review: Review | None = None
        self.error: str | None = None
        self.expert_placed = 0
        """Cards the expert has placed in its own game on the deal so far."""
        self._stop = threading.Event()
        self._judge = judge
        self._thread = threading.Thread(target=self._run, name="foursquare-review", daemon=True)
        self._thread.start()

    # --- reading it ---------------------------------------------------------

    @property
    def progress(self) -> float:
        """How far the review has come, 0 to 1 (the expert's own game counted as long as the player's until it ends)."""
        if self.review is not None:
            return 1.0
        placements = self.game.placed_count
        done = len(self.steps) + self.expert_placed
        return min(0.99, done / (placements + max(placements, self.expert_placed + 1)))

    def done(self) -> bool:
        """Whether the work has ended: with :attr:`review`, with :attr:`error`, or cancelled."""
        return not self._thread.is_alive()

    def wait(self, timeout: float | None = None) -> Review | None:
        self._thread.join(timeout)
        return self.review

    def cancel(self) -> None:
        """Stop the review; it ends without a result."""
        self._stop.set()

    # --- the work -----------------------------------------------------------

    def _run(self) -> None:
        try:
            if self._judge is not None:
                self._review_here(self._judge)
            else:
                self._review_with_child()
        except _Cancelled:
            pass
        except Exception as exc:  # the screen says so in a line: a review must never end the game
            self.error = f"the expert could not review this game ({' '.join(str(exc).split()) or type(exc).__name__})"

    def _steps(self, judge: Judge) -> None:
        for step in player_steps(self.game, self._checked(judge)):
            self.steps.append(step)

    def _checked(self, judge: Judge) -> Judge:
        def checked(position: Any) -> Any:
            if self._stop.is_set():
                raise _Cancelled
            advice = judge(position)
            if self._stop.is_set():
                raise _Cancelled
            return advice

        return checked

    def _review_here(self, judge: Judge) -> None:
        self._steps(judge)
        expert = expert_game(self.game, self._checked(judge), self._expert_card)
        self.review = Review.of(self.game, self.steps, expert.status, expert.score)

    def _expert_card(self, placed: int) -> None:
        self.expert_placed = placed

    def _review_with_child(self) -> None:
        context = multiprocessing.get_context("spawn")  # no fork of a process with threads and a terminal
        mine, theirs = context.Pipe(duplex=False)
        child = context.Process(
            target=_expert_game,
            args=(theirs, self.game.to_record(), self.nodes),
            name="foursquare-review-expert",
            daemon=True,
        )
        child.start()
        theirs.close()
        try:
            self._steps(expert_judge(self.nodes, self._stop))
            status, score = self._expert_result(mine, self._stop.is_set)
            self.review = Review.of(self.game, self.steps, status, score)
        finally:
            if child.is_alive():
                child.terminate()
            child.join(1.0)
            mine.close()

    def _expert_result(self, conn: Connection, stopped: Callable[[], bool]) -> tuple[Status, int | None]:
        """Wait for the child's result, counting its cards as they come."""
        while True:
            if stopped():
                raise _Cancelled
            if not conn.poll(POLL_SECONDS):
                continue
            try:
                message = conn.recv()
            except EOFError:
                raise RuntimeError("its own game on the deal stopped half-way") from None
            if isinstance(message, int):
                self.expert_placed = message
                continue
            status, score = message
            return Status(status), score
