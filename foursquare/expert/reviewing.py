"""A review at work in the background, filling in while a screen (or a progress bar) stays live.

The work is done in two child processes, one for the verdicts on the
player's placements (sent back one by one as they come) and one for the
expert's own game on the deal, so that it uses both cores and the screen's
process keeps its interpreter to itself: keys stay quick.  Only the first
verdict, which is quick and wanted at once, is worked out in this process,
while the children start.  A thread here collects what they send.  All use
the expert with a node budget and no clock, so a review comes out the same
however busy the machine is.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import threading
import time
from multiprocessing.connection import Connection, wait
from typing import Any

from foursquare.engine import Game, Status
from foursquare.expert.advice import DEFAULT_NODES
from foursquare.expert.review import Judge, Review, Step, check_reviewable, expert_game, expert_judge, player_steps

__all__ = ["POLL_SECONDS", "Reviewing"]

POLL_SECONDS = 0.05
"""How often the review thread looks for news of the expert's own game once the verdicts are in."""


CHILD_NICENESS = 5
"""How much lower the children's priority is than the screen's, so that keys come first on a busy machine."""


def _background() -> None:
    """In a child process: give way to the screen."""
    if hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(CHILD_NICENESS)


def _verdicts(conn: Connection, record: dict[str, Any], nodes: int, first: int) -> None:
    """In a child process: the verdicts from placement ``first`` on, sent one by one, then its CPU seconds."""
    _background()
    for step in player_steps(Game.from_record(record), expert_judge(nodes), first):
        conn.send(step)
    conn.send(time.process_time())
    conn.close()


def _expert_game(conn: Connection, record: dict[str, Any], nodes: int) -> None:
    """In a child process: play the deal as the expert, sending the count after each card, then the result."""
    _background()
    own = expert_game(Game.from_record(record), expert_judge(nodes), conn.send)
    conn.send((own.status.value, own.score, time.process_time()))
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
        self.cpu: dict[str, float] = {}
        """CPU seconds of the finished parts of the work done in child processes ("verdicts", "expert")."""
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
        record = self.game.to_record()
        children, pipes = [], []
        for target, args, name in (
            (_expert_game, (record, self.nodes), "foursquare-review-expert"),
            (_verdicts, (record, self.nodes, 2), "foursquare-review-verdicts"),
        ):
            mine, theirs = context.Pipe(duplex=False)
            child = context.Process(target=target, args=(theirs, *args), name=name, daemon=True)
            child.start()
            theirs.close()
            children.append(child)
            pipes.append(mine)
        try:
            self._steps_from(1, expert_judge(self.nodes, self._stop))
            status, score = self._collect(pipes[0], pipes[1])
            self.review = Review.of(self.game, self.steps, status, score)
        finally:
            for child in children:
                if child.is_alive():
                    child.terminate()
                child.join(1.0)
            for pipe in pipes:
                pipe.close()

    def _steps_from(self, first: int, judge: Judge) -> None:
        """The first verdict here, at once: the children are still starting."""
        step = next(player_steps(self.game, self._checked(judge), first), None)
        if step is not None:
            self.steps.append(step)

    def _collect(self, expert: Connection, verdicts: Connection) -> tuple[Status, int | None]:
        """Read the children's news until every verdict and the expert's result are in."""
        result: tuple[Status, int | None] | None = None
        open_pipes = [expert, verdicts]
        while open_pipes:
            if self._stop.is_set():
                raise _Cancelled
            for conn in wait(open_pipes, POLL_SECONDS):
                assert isinstance(conn, Connection)
                try:
                    message = conn.recv()
                except EOFError:
                    raise RuntimeError("its work stopped half-way") from None
                if conn is verdicts:
                    if isinstance(message, float):
                        self.cpu["verdicts"] = message
                        open_pipes.remove(conn)
                    else:
                        self.steps.append(message)
                elif isinstance(message, int):
                    self.expert_placed = message
                else:
                    status, score, self.cpu["expert"] = message
                    result = Status(status), score
                    open_pipes.remove(conn)
        assert result is not None and len(self.steps) == self.game.placed_count
        return result
