"""A review at work in the background, filling in while a screen (or a progress bar) stays live.

The work is done in two child processes, so that it uses both cores and
the screen's process keeps its interpreter to itself (keys stay quick): one
judges the player's placements from the front, sending each verdict as it
comes, the other plays the expert's own game on the deal and judges
placements from the back, until between them every one is judged.  Each
position is searched once (:class:`Shares`): a child takes a placement on
before judging it, so the other passes it by, and while the expert's own
game is still the player's (the player played the expert's cells), its
positions are the player's, judged once for both, the expert's cell read
from the verdict.  Only the first verdict, which is quick and wanted at
once, is worked out in this process, while the children start.  A thread
here collects what they send.  All use the expert with a node budget and no
clock, so a review comes out the same however busy the machine is, and
whichever child judged what.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import time
from collections.abc import Callable, Mapping
from dataclasses import replace
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import Any

from foursquare.engine import Cell, Game, Status
from foursquare.engine.board import CELL, INDEX
from foursquare.engine.faults import Fault, Invalid
from foursquare.expert.advice import DEFAULT_NODES, Advice, Position
from foursquare.expert.background import Background
from foursquare.expert.faults import Flaw
from foursquare.expert.review import (
    Judge,
    Review,
    Step,
    check_reviewable,
    expert_game,
    expert_judge,
    played_out,
    player_steps,
    replayed,
)
from foursquare.expert.workers import children_deaf_to_ctrl_c, quietly

__all__ = ["POLL_SECONDS", "WAIT_SECONDS", "Reviewing", "Shares", "expert_then_backward", "forward", "this_game_s"]

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


WAIT_SECONDS = 0.005
"""How often the expert's own game looks for the other child's verdict on a position of the player's game that
it is judging, when there is nothing else left to do meanwhile."""

Send = Callable[[Any], None]
"""Where a child's news goes: its pipe's ``send``."""

_NO_CELL = -1


class _Token:
    """A lock made of a pipe that holds one token: whoever reads it holds the lock, and writes it back to let go.

    It serves threads and processes alike (the pipe's ends go to children as
    they start), and unlike a multiprocessing lock it is no named semaphore:
    nothing is left for the resource tracker to clean up and report on the
    player's terminal when the game is killed during a review.
    """

    def __init__(self, context: Any) -> None:
        self._take, self._give = context.Pipe(duplex=False)
        self._give.send_bytes(b"")

    def __enter__(self) -> None:
        self._take.recv_bytes()

    def __exit__(self, *exc: object) -> None:
        self._give.send_bytes(b"")


class Shares:
    """What the review's two children share, so that each position is searched once: which placements one of
    them has taken on (or this process, the first), and the expert's cell on each one judged.

    Made of shared memory and a pipe from ``context`` (passed to the children
    as they start), so it serves threads as well as processes.
    """

    def __init__(self, placed: int, context: Any = None) -> None:
        context = context or multiprocessing.get_context("spawn")
        self._placed = placed
        self._lock = _Token(context)
        self._taken = context.RawArray("b", placed + 1)  # by placement number (index 0 unused)
        self._best = context.RawArray("i", [_NO_CELL] * (placed + 1))

    def take(self, n: int) -> bool:
        """Take placement ``n`` on; False if someone has already."""
        with self._lock:
            if self._taken[n]:
                return False
            self._taken[n] = 1
            return True

    def take_last(self) -> int | None:
        """Take on the last placement no one has (never the first); None if none is left."""
        with self._lock:
            for n in range(self._placed, 1, -1):
                if not self._taken[n]:
                    self._taken[n] = 1
                    return n
        return None

    def tell(self, step: Step) -> None:
        """Say which cell the expert chose in ``step``'s position, for the expert's own game to take."""
        self._best[step.n] = INDEX[step.expert_cell]

    def best(self, n: int) -> Cell | None:
        """The expert's cell for placement ``n`` of the player's game, once someone has judged it."""
        i = self._best[n]
        return None if i == _NO_CELL else CELL[i]


def _judged(game: Game, n: int, judge: Judge, shares: Shares, send: Send) -> Step:
    """Judge placement ``n`` of ``game`` (taken on already), say so and send the verdict."""
    step = next(player_steps(game, judge, n))
    shares.tell(step)
    send(step)
    return step


def forward(game: Game, judge: Judge, shares: Shares, send: Send) -> None:
    """The verdicts from the second placement on, in order, on those that no one has taken on yet."""
    for n in range(2, game.placed_count + 1):
        if shares.take(n):
            _judged(game, n, judge, shares, send)


def _one_from_back(game: Game, judge: Judge, shares: Shares, send: Send) -> bool:
    """Judge the last placement no one has taken on; False if none is left."""
    n = shares.take_last()
    if n is None:
        return False
    _judged(game, n, judge, shares, send)
    return True


def expert_then_backward(game: Game, judge: Judge, shares: Shares, send: Send) -> None:
    """The expert's own game on ``game``'s deal (the count after each card, then the result), then the verdicts
    from the last placement backwards on those that no one has taken on yet.

    While the expert's game is still the player's, its position is the
    player's next one: judged once, by whoever takes it on first (the verdict
    says the expert's cell).  When the other has taken it on, the placements
    from the back are judged meanwhile: the expert's game never waits while
    there is work to do.
    """
    placed = game.placed_count

    def choose(own: Game) -> Cell:
        n = own.placed_count + 1
        if n > placed or own.placements != game.placements[: n - 1]:
            return judge(Position.of(own)).cell
        while (cell := shares.best(n)) is None:
            if shares.take(n):
                return _judged(game, n, judge, shares, send).expert_cell
            if not _one_from_back(game, judge, shares, send):  # the other is at it: meanwhile, work from the back
                time.sleep(WAIT_SECONDS)
        return cell

    own = played_out(game, choose, send)
    send((own.status.value, own.score))
    while _one_from_back(game, judge, shares, send):
        pass


@quietly
def _front(conn: Connection, record: dict[str, Any], nodes: int, known: Known, shares: Shares) -> None:
    """In a child process: :func:`forward`, until stopped."""
    _background()
    forward(Game.from_record(record), expert_judge(nodes, known=known), shares, conn.send)
    conn.close()


@quietly
def _back(conn: Connection, record: dict[str, Any], nodes: int, known: Known, shares: Shares) -> None:
    """In a child process: :func:`expert_then_backward`, until stopped: the two children share the work."""
    _background()
    expert_then_backward(Game.from_record(record), expert_judge(nodes, known=known), shares, conn.send)
    conn.close()


def this_game_s(game: Game, known: Mapping[Position, Advice]) -> Known:
    """The advice of ``known`` on ``game``'s own positions: what its review can take (a screen keeps more).

    Of each advice's replies rank by rank, only those of the cell played and the expert's are kept: all
    the review reads, and what the children are sent stays small enough to go through a pipe at once
    (every cell's would make a child's start wait until it has read them).
    """
    taken: Known = {}
    for before, cell in replayed(game):
        position = Position.of(before)
        advice = known.get(position)
        if advice is not None:
            replies = tuple((at, said) for at, said in advice.replies if at in (cell, advice.cell))
            taken[position] = replace(advice, replies=replies)
    return taken


class _Cancelled(Exception):
    """The review was cancelled: its thread ends without a result."""


def _start_children(
    record: dict[str, Any], nodes: int, known: Known, shares: Shares
) -> list[tuple[BaseProcess, Connection]]:
    """The review's two child processes, started, each with the end of its pipe this process reads.

    Started by the caller of :class:`Reviewing` (the screen's own thread),
    so that they can be made deaf to Ctrl-C (:func:`children_deaf_to_ctrl_c`).
    """
    context = multiprocessing.get_context("spawn")  # no fork of a process with threads and a terminal
    started: list[tuple[BaseProcess, Connection]] = []
    with children_deaf_to_ctrl_c():
        for target, name in ((_front, "foursquare-review-verdicts"), (_back, "foursquare-review-expert")):
            mine, theirs = context.Pipe(duplex=False)
            child = context.Process(target=target, args=(theirs, record, nodes, known, shares), name=name, daemon=True)
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
        self.error: Fault | None = None
        """Why the work stopped, when it stopped before its end (for the words to say)."""
        self.expert_placed = 0
        """Cards the expert has placed in its own game on the deal so far."""
        self._found: dict[int, Step] = {}
        self._expert: tuple[Status, int | None] | None = None
        self._judge = judge
        self._children: list[tuple[BaseProcess, Connection]] = []
        self._known: Known = this_game_s(game, known) if known and nodes == DEFAULT_NODES else {}
        self._shares = Shares(game.placed_count) if judge is None else None
        if self._shares is not None:
            self._shares.take(1)  # judged here, at once
            self._children = _start_children(game.to_record(), nodes, self._known, self._shares)  # in this thread
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
            said = " ".join(str(exc).split()) or type(exc).__name__  # an unforeseen error's own words
            self.error = exc.fault if isinstance(exc, Invalid) else Fault(Flaw.UNFORESEEN, said)

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
            assert self._shares is not None  # made with the children
            self._shares.tell(first)
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
                raise Invalid(Fault(Flaw.WORK_STOPPED))
            ready = wait(pipes, POLL_SECONDS)
            for conn in [pipe for pipe in pipes if pipe in ready]:  # Windows' pipes are no Connection class
                try:
                    message = conn.recv()
                except (EOFError, ConnectionError):  # that child is done (or died): the other may still have the rest
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
