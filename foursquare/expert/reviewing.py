"""A review at work in the background, filling in while a screen (or a progress bar) stays live.

The work is done in two child processes, so that it uses both cores and
the screen's process keeps its interpreter to itself (keys stay quick): one
judges the player's placements from the front, sending each verdict as it
comes, the other plays the expert's own game on the deal and then judges
placements from the back, until between them every one is judged.  Only the
first verdict, which is quick and wanted at once, is worked out in this
process, while the children start.  A thread here collects what they send.  All use
the expert with a node budget and no clock, so a review comes out the same
however busy the machine is.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import threading
from collections.abc import Iterator, Mapping
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import Any

from foursquare.engine import Game, Status
from foursquare.expert.advice import DEFAULT_NODES, Advice, Position
from foursquare.expert.background import Background
from foursquare.expert.review import Judge, Review, Step, check_reviewable, expert_game, expert_judge, player_steps
from foursquare.expert.workers import quietly

__all__ = ["POLL_SECONDS", "Reviewing"]

Known = dict[Position, Advice]
"""Advice already found, by position, that the review takes rather than think again."""

POLL_SECONDS = 0.05
"""How often the review thread looks for news of the expert's own game once the verdicts are in."""


CHILD_NICENESS = 5
"""How much lower the children's priority is than the screen's, so that keys come first on a busy machine."""


def _background() -> None:
    """In a child process: give way to the screen."""
    if hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(CHILD_NICENESS)


def _verdicts(conn: Connection, record: dict[str, Any], numbers: list[int], judge: Judge) -> None:
    """Judge the placements ``numbers``, in that order, sending each verdict."""
    game = Game.from_record(record)
    for n in numbers:
        conn.send(next(player_steps(game, judge, n)))


@quietly
def _front(conn: Connection, record: dict[str, Any], nodes: int, known: Known) -> None:
    """In a child process: the verdicts from the second placement on, in order, until stopped."""
    _background()
    placed = len(record["placements"])
    _verdicts(conn, record, list(range(2, placed + 1)), expert_judge(nodes, known=known))
    conn.close()


@quietly
def _back(conn: Connection, record: dict[str, Any], nodes: int, known: Known) -> None:
    """In a child process: the expert's own game (the count after each card, then the result), then the
    verdicts from the last placement backwards, until stopped: the two children share the work."""
    _background()
    judge = expert_judge(nodes, known=known)
    own = expert_game(Game.from_record(record), judge, conn.send)
    conn.send((own.status.value, own.score))
    placed = len(record["placements"])
    _verdicts(conn, record, list(range(placed, 1, -1)), judge)
    conn.close()


@contextlib.contextmanager
def _children_deaf_to_ctrl_c() -> Iterator[None]:
    """Start processes in here so that Ctrl-C never reaches them, from their first instruction on.

    The terminal sends Ctrl-C to every process of the foreground group; a
    child still importing its modules would print a traceback before it
    could ignore it.  A child inherits an ignored signal, so Ctrl-C is
    ignored here while the children start (only the main thread may do so;
    elsewhere they start as they are): the screen then gets Ctrl-C back and
    ends the review, and the children with it.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


class _Cancelled(Exception):
    """The review was cancelled: its thread ends without a result."""


def _start_children(record: dict[str, Any], nodes: int, known: Known) -> list[tuple[BaseProcess, Connection]]:
    """The review's two child processes, started, each with the end of its pipe this process reads.

    Started by the caller of :class:`Reviewing` (the screen's own thread),
    so that they can be made deaf to Ctrl-C (:func:`_children_deaf_to_ctrl_c`).
    """
    context = multiprocessing.get_context("spawn")  # no fork of a process with threads and a terminal
    started: list[tuple[BaseProcess, Connection]] = []
    with _children_deaf_to_ctrl_c():
        for target, name in ((_front, "foursquare-review-verdicts"), (_back, "foursquare-review-expert")):
            mine, theirs = context.Pipe(duplex=False)
            child = context.Process(target=target, args=(theirs, record, nodes, known), name=name, daemon=True)
            child.start()
            theirs.close()
            started.append((child, mine))
    return started


class Reviewing(Background):
    """One finished game under review in the background; read :meth:`step`, :attr:`progress`, :attr:`review`.

    ``judge`` replaces the real expert (with ``nodes`` per placement); then
    all the work is done in the review thread, with that judge.  ``known``
    is the real expert's advice already found at the default budget (a
    screen's pondering), by position: with the default ``nodes`` the review
    takes it rather than think again, which changes how soon the review
    comes, never what it says.
    :attr:`error` says in a few words why a review failed (what the expert raised).  :meth:`cancel` stops
    the work within moments.
    """

    def __init__(
        self,
        game: Game,
        *,
        nodes: int = DEFAULT_NODES,
        judge: Judge | None = None,
        known: Mapping[Position, Advice] | None = None,
    ) -> None:
        check_reviewable(game)
        super().__init__(self._run, "foursquare-review")
        self.game = game
        self.nodes = nodes
        self.steps: list[Step] = []
        """The verdicts judged so far from the first placement on, with no gap: each is final."""
        self.review: Review | None = None
        self.error: str | None = None
        self.expert_placed = 0
        """Cards the expert has placed in its own game on the deal so far."""
        self._found: dict[int, Step] = {}
        self._expert: tuple[Status, int | None] | None = None
        self._judge = judge
        self._children: list[tuple[BaseProcess, Connection]] = []
        self._known: Known = dict(known) if known and nodes == DEFAULT_NODES else {}
        if judge is None:
            self._children = _start_children(game.to_record(), nodes, self._known)  # in the caller's thread
        self.start()

    # --- reading it ---------------------------------------------------------

    def step(self, n: int) -> Step | None:
        """The verdict on placement ``n`` (1 for the first card), once it is judged."""
        return self._found.get(n)

    @property
    def progress(self) -> float:
        """How far the review has come, 0 to 1 (the expert's own game counted as long as the player's until it ends)."""
        if self.review is not None:
            return 1.0
        placements = self.game.placed_count
        expert = self.expert_placed if self._expert is not None else max(placements, self.expert_placed + 1)
        return min(0.99, (len(self._found) + self.expert_placed) / (placements + expert))

    def wait(self, timeout: float | None = None) -> Review | None:
        """Wait for the review (a cancelled one ends without a result, and with no :attr:`error`)."""
        self.join(timeout)
        return self.review

    # --- the work -----------------------------------------------------------

    def _run(self) -> None:
        try:
            if self._judge is not None:
                self._review_here(self._judge)
            else:
                self._review_with_children()
        except _Cancelled:
            pass
        except Exception as exc:  # the screen says so in a line: a review must never end the game
            self.error = " ".join(str(exc).split()) or type(exc).__name__

    def _add(self, step: Step) -> None:
        self._found.setdefault(step.n, step)
        while len(self.steps) + 1 in self._found:
            self.steps.append(self._found[len(self.steps) + 1])

    def _checked(self, judge: Judge) -> Judge:
        def checked(position: Any) -> Any:
            if self.stopping.is_set():
                raise _Cancelled
            advice = judge(position)
            if self.stopping.is_set():
                raise _Cancelled
            return advice

        return checked

    def _review_here(self, judge: Judge) -> None:
        for step in player_steps(self.game, self._checked(judge)):
            self._add(step)
        expert = expert_game(self.game, self._checked(judge), self._expert_card)
        self.review = Review.of(self.game, self.steps, expert.status, expert.score)

    def _expert_card(self, placed: int) -> None:
        self.expert_placed = placed

    def _review_with_children(self) -> None:
        children = [child for child, _ in self._children]
        pipes = [pipe for _, pipe in self._children]
        try:
            judge = expert_judge(self.nodes, self.stopping, self._known)
            first = next(player_steps(self.game, self._checked(judge)))
            self._add(first)  # here, at once: the children are still starting
            status, score = self._collect(pipes)
            self.review = Review.of(self.game, self.steps, status, score)
        finally:
            for child in children:
                if child.is_alive():
                    child.terminate()
                child.join(1.0)
            for pipe in pipes:
                pipe.close()

    def _collect(self, pipes: list[Connection]) -> tuple[Status, int | None]:
        """Read the children's news until every verdict and the expert's result are in."""
        placements = self.game.placed_count
        pipes = list(pipes)
        while self._expert is None or len(self.steps) < placements:
            if self.stopping.is_set():
                raise _Cancelled
            if not pipes:
                raise RuntimeError("its work stopped half-way")
            for conn in wait(pipes, POLL_SECONDS):
                assert isinstance(conn, Connection)
                try:
                    message = conn.recv()
                except EOFError:  # that child is done (or died): the other may still have what is missing
                    pipes.remove(conn)
                    continue
                if isinstance(message, Step):
                    self._add(message)
                elif isinstance(message, int):
                    self.expert_placed = message
                else:
                    status, score = message
                    self._expert = Status(status), score
        return self._expert
