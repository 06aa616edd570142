"""The expert: where to place the next card, judged only from what a player can see.

Fair by construction.  :func:`advise` takes a :class:`Position`, which holds
the table, the next card and how many unseen cards of each rank remain (the
deck's make-up is public, only its order is secret), and nothing else: the
stock's order never reaches the expert.

Advice may take a while, so :func:`advise` is built to run away from the
screen: everything it takes and returns is immutable and picklable (a thread
or a process will do), a node count bounds it (the same position gets the
same advice on any machine, busy or idle), and for a screen a deadline and
a ``cancel`` flag (anything with ``is_set()``, such as
:class:`threading.Event`) may stop it early with the best advice found so far.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from dataclasses import dataclass
from typing import Protocol

from foursquare.engine import GRID, RANKS, Card, Cell, Game, Pile
from foursquare.engine.board import CELL, Board, bits, cell_list
from foursquare.engine.faults import Fault, Invalid
from foursquare.expert.background import Background
from foursquare.expert.calibration import (
    CURVE,
    LEARNED_CURVE,
    LEARNED_SCORE_OFFSETS,
    SCORE_OFFSETS,
    calibrated,
    said_score,
)
from foursquare.expert.evaluation import WIN_BONUS
from foursquare.expert.faults import Flaw
from foursquare.expert.learned import Learned, learned
from foursquare.expert.search import Horizon, Value, look_ahead

__all__ = [
    "DEFAULT_NODES",
    "DEFAULT_SECONDS",
    "MIN_DEPTH",
    "NODE_LIMIT_FACTOR",
    "Advice",
    "CancelFlag",
    "Position",
    "Thinking",
    "advise",
]

DEFAULT_SECONDS = 1.0
"""The game screen's deadline for one piece of advice: the look-ahead stops deepening then."""
DEFAULT_NODES = 80_000
"""How much look-ahead one piece of advice may plan for (see :func:`advise`).

With the learned horizon a node costs far more than with the fitted one
(1,500,000 was the fitted expert's budget).  Chosen on the tuning deals
101500-101539 (``python -m tests.benchmarks.horizon``, processor time on a
busy two-core machine): with a beam of three
(:data:`~foursquare.expert.search.BEAM`), 60,000 nodes scored 20.1 cards a
deal in 67 ms a placement (median), 80,000 scored 21.2 in 94 ms, 100,000
21.2 in 102 ms; with a beam of two, 80,000 scored 20.8 in 61 ms."""
NODE_LIMIT_FACTOR = 1
"""Past this many times ``nodes`` in all, a depth beyond MIN_DEPTH stops where it is (the cells it saw through
count): what bounds the slowest advice.  At 3, its placements beyond 1 s (one in a hundred) took up to 4.6 s; at
1 the expert scored the same on 79 of 80 tuning deals (100260-100339) and one card less on the other."""
MIN_DEPTH = 2
"""Placements the expert always looks ahead unless stopped: two, judged by the learned horizon, then deeper for
the best few (the fitted horizon needed three to be strong)."""


@dataclass(frozen=True, slots=True)
class Position:
    """What a player knows at a decision: the table, the next card and the unseen ranks.

    ``unseen[r - 1]`` is how many cards of rank ``r`` are neither on the table
    (at any depth of a pile) nor the next card: they are in the stock, in an
    order nobody knows.
    """

    piles: tuple[tuple[Cell, Pile], ...]
    next_card: Card
    unseen: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.unseen) != len(RANKS) or any(not isinstance(n, int) or n < 0 for n in self.unseen):
            raise Invalid(Fault(Flaw.UNSEEN_COUNTS, number=len(RANKS)))
        cells = [cell for cell, _ in self.piles]
        if len(set(cells)) != len(cells):
            raise Invalid(Fault(Flaw.TWO_PILES_ONE_CELL))
        try:
            Board.of((cell, pile.top.rank, len(pile), pile.face_up) for cell, pile in self.piles)
        except (KeyError, TypeError, IndexError):
            raise Invalid(Fault(Flaw.PILE_OFF_THE_TABLE)) from None

    @classmethod
    def of(cls, game: Game) -> Position:
        """The position a player of ``game`` sees; raises ValueError once the game is over."""
        card = game.next_card
        if game.is_over or card is None:
            raise Invalid(Fault(Flaw.GAME_OVER))
        unseen = Counter(c.rank for c in game.stock[game.placed_count + 1 :])
        return cls(tuple(game.piles.items()), card, tuple(unseen[r] for r in RANKS))

    @property
    def cards_left(self) -> int:
        """Unseen cards: the stock after the next card."""
        return sum(self.unseen)

    def board(self) -> Board:
        """A fresh search board for this table (the search changes it as it goes)."""
        return Board.of((cell, pile.top.rank, len(pile), pile.face_up) for cell, pile in self.piles)

    def legal_cells(self) -> list[Cell]:
        """Where the next card may go, sorted."""
        return cell_list(self.board().legal())


class CancelFlag(Protocol):
    """Anything that says whether to stop: a threading or multiprocessing Event."""

    def is_set(self) -> bool: ...


@dataclass(frozen=True, slots=True)
class Advice:
    """Where the expert would place the next card, and how it rates every choice."""

    cell: Cell
    win_chance: float
    """Estimated chance (0 to 1) of winning from here when the expert plays on, calibrated to how often it does."""
    ranking: tuple[tuple[Cell, float], ...]
    """Every legal cell with its estimated chance of winning, best first (the best were looked at deepest)."""
    depth: int
    """How many placements the expert looked ahead for its choice."""
    nodes: int
    seconds: float
    scores: tuple[tuple[Cell, float], ...] = ()
    """The expected score (a loss scores 0) of each cell, in the order of :attr:`ranking`."""
    raw_chance: float = 0.0
    """The search's own chance for :attr:`cell`, before calibration (what the calibration is fitted to)."""
    cut_short: bool = False
    """Whether a deadline or a cancel stopped the look-ahead before its node budget was spent."""
    raw_expected: float = 0.0
    """The search's own expected score for :attr:`cell`, before :func:`~foursquare.expert.calibration.said_score`."""
    replies: tuple[tuple[Cell, tuple[tuple[int, Value, Cell], ...]], ...] = ()
    """Why each cell is worth what it is, rank by rank: for each cell the search saw a next card from, every
    rank that card may have with the value (and chance) of its best placement there and that placement's cell,
    at the depth of the cell's figures (:data:`~foursquare.expert.search.Replies`)."""

    @property
    def expected_score(self) -> float:
        """The expected score of the game from :attr:`cell` (a loss scores 0)."""
        return self.scores[0][1] if self.scores else 0.0

    @property
    def safest(self) -> tuple[Cell, float]:
        """The cell with the highest chance of winning and that chance (the advised cell when it ties)."""
        best = self.ranking[0]
        for cell, chance in self.ranking[1:]:
            if chance > best[1]:
                best = cell, chance
        return best


def advise(
    position: Position,
    seconds: float | None = None,
    *,
    nodes: int = DEFAULT_NODES,
    min_depth: int = MIN_DEPTH,
    cancel: CancelFlag | None = None,
    horizon: Horizon | None = None,
) -> Advice:
    """The expert's placement for ``position``'s next card.

    An expectimax over the ranks the next cards may have, weighted by the
    unseen counts, that maximises the expected score (see
    :data:`~foursquare.expert.evaluation.WIN_BONUS`).  Every choice is looked
    at ``min_depth`` placements ahead, then the best few again one placement
    deeper, and so on while the estimated cost stays within ``nodes``; a
    depth that runs past :data:`NODE_LIMIT_FACTOR` times that stops there.
    Where the best two cells three placements ahead are a close call, the
    learned horizon's expert looks at both once more, four ahead
    (:data:`~foursquare.expert.search.CLOSE_CALL`).
    Counts, not the clock, bound the work, so the same position always gets
    the same advice on any machine.  ``seconds`` (None: no deadline) and
    ``cancel`` are for a screen that must stay responsive: they cut the
    deepening short (the advice then says so in :attr:`Advice.cut_short`);
    one placement ahead is always finished, so advice always comes.
    ``horizon`` judges the tables the look-ahead does not see past (None:
    the expert's own, the learned :func:`~foursquare.expert.learned.learned`;
    or the fitted line, :func:`~foursquare.expert.evaluation.leaves`, with
    the budget and depth it needs).
    """
    start = time.perf_counter()
    deadline = math.inf if seconds is None else start + seconds

    def should_stop() -> bool:
        return time.perf_counter() > deadline or (cancel is not None and cancel.is_set())

    counts = [0, *position.unseen]
    table = learned() if horizon is None else horizon
    outcome = look_ahead(
        position.board(),
        position.next_card.rank,
        counts,
        max_nodes=nodes,
        min_depth=min_depth,
        should_stop=should_stop,
        node_limit=NODE_LIMIT_FACTOR * nodes,
        table=table,
    )
    ranked = outcome.ranked
    # each horizon's expert has its own calibration, fitted to its own games
    curve, offsets = (LEARNED_CURVE, LEARNED_SCORE_OFFSETS) if isinstance(table, Learned) else (CURVE, SCORE_OFFSETS)
    ranking = tuple((CELL[i], calibrated(chance, curve)) for i, (_, chance), _ in ranked)
    unseen = sum(position.unseen)
    most = _most(position, unseen)

    def say(raw: float, most: int) -> float:
        return said_score(raw, unseen, most, offsets)

    raws = [max(value - WIN_BONUS * chance, 0.0) for _, (value, chance), _ in ranked]
    scores = tuple(  # deeper saw every card, and a sure win is one the search saw to its end: both are exact
        (CELL[i], say(raw, most[i]) if depth <= unseen and odds < 1.0 else raw)
        for (i, (_, odds), depth), raw in zip(ranked, raws, strict=True)
    )
    cell, chance = ranking[0]
    raw = min(max(ranked[0][1][1], 0.0), 1.0)
    replies = tuple(
        (CELL[i], tuple((rank, value, CELL[j]) for rank, value, j in outcome.replies[i]))
        for i, _, _ in ranked
        if outcome.replies.get(i)
    )
    return Advice(
        cell,
        chance,
        ranking,
        ranked[0][2],
        outcome.nodes,
        time.perf_counter() - start,
        scores,
        raw,
        outcome.interrupted,
        raws[0],
        replies,
    )


def _most(position: Position, unseen: int) -> dict[int, int]:
    """The highest score the game can reach from each legal cell (by index) for the next card, ``unseen``
    cards to come: all of them when it wins there and then, else one fewer for every pile still missing
    after it, and at least one (a table not yet won needs another card to win)."""
    board = position.board()
    rank = position.next_card.rank
    most = {}
    for i in bits(board.legal()):
        undo = board.place(i, rank)
        missing = GRID * GRID - board.occ.bit_count()
        won = not missing and not board.down
        board.unplace(undo)
        most[i] = unseen if won else max(unseen - max(missing, 1), 0)
    return most


class Thinking(Background):
    """The expert at work on one position in a background thread, so that a screen stays live.

    Made for a UI loop: start it, poll :meth:`done` (or :meth:`wait` a little)
    between key presses, then read :attr:`advice`.  :meth:`cancel` has the
    thread finish within milliseconds; its advice then is shallower and may
    be thrown away.  The search holds the interpreter lock only in slices,
    so the UI thread keeps running meanwhile.
    """

    def __init__(self, position: Position, seconds: float = DEFAULT_SECONDS) -> None:
        super().__init__(self._run, "foursquare-expert")
        self.position = position
        self._seconds = seconds
        self._advice: Advice | None = None
        self.start()

    def _run(self) -> None:
        self._advice = advise(self.position, self._seconds, cancel=self.stopping)

    @property
    def advice(self) -> Advice | None:
        """The advice once it has come; None while the expert still thinks."""
        return self._advice

    def wait(self, timeout: float | None = None) -> Advice | None:
        """Wait up to ``timeout`` seconds (for ever if None) and return the advice, if it has come.

        :meth:`cancel` has the expert stop looking ahead and answer with what it has so far.
        """
        self.join(timeout)
        return self._advice
