"""Look-ahead for the expert: an expectimax over the next cards' ranks.

The search never sees a stock.  It plays on the engine's own
:class:`~foursquare.engine.board.Board` (the table by rank only, since suits
never matter) and the counts of the unseen cards per rank: a chance node
weighs each rank by how many unseen cards have it, so it has at most 10
outcomes however many cards are left.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import NamedTuple

from foursquare.engine.board import COL_MASK_OF, MAX_FACE_DOWN, ROW_MASK_OF, SQUARE, Board, bits
from foursquare.expert.evaluation import HORIZON_CHANCE, HORIZON_VALUE, WIN_BONUS, horizon_index

Value = tuple[float, float]
"""What a position is worth to the search, and its estimated chance of winning.

The search maximises the first: a win is worth :data:`WIN_BONUS` plus its
score (the cards left), a loss nothing, so the value is the expected score
plus WIN_BONUS times the chance.  The chance is carried along for people.
"""
_LOST: Value = (0.0, 0.0)


class Stopped(Exception):
    """The node limit was reached, or the caller's deadline or cancel: the deepest finished look-ahead stands."""


class Lookahead:
    """An expectimax over the ranks of the next cards, a fixed number of placements deep.

    ``counts[r]`` is how many unseen cards have rank ``r`` (index 0 unused);
    the search changes it while it runs and puts it back.  Now and then it
    raises :class:`Stopped`: once more than ``node_limit`` nodes are searched
    (a count, so the same position always stops at the same point), or when
    ``should_stop`` says so (then :attr:`interrupted` is set: a clock or a
    cancel cut it short).
    """

    __slots__ = ("board", "counts", "interrupted", "node_limit", "nodes", "should_stop")

    def __init__(
        self, board: Board, counts: list[int], should_stop: Callable[[], bool], node_limit: float = float("inf")
    ) -> None:
        self.board = board
        self.counts = counts
        self.nodes = 0
        self.should_stop = should_stop
        self.node_limit = node_limit
        self.interrupted = False

    def root(self, rank: int, left: int, depth: int, cells: Iterable[int]) -> dict[int, tuple[Value, int]]:
        """The value of placing ``rank`` on each of ``cells`` (legal indices), ``depth`` placements ahead.

        ``left`` is the number of unseen cards (the stock after this card).
        Each value comes with the nodes its search took.
        """
        board = self.board
        values: dict[int, tuple[Value, int]] = {}
        for i in cells:
            before = self.nodes
            undo = board.place(i, rank)
            value = self._after(left, depth - 1)
            board.unplace(undo)
            self.nodes += 1
            values[i] = value, self.nodes - before
        return values

    def _after(self, left: int, depth: int) -> Value:
        """The value of the board just after a placement, with ``left`` unseen cards."""
        board = self.board
        down = board.down
        d = down.bit_count()
        if d > MAX_FACE_DOWN:
            return _LOST
        piles = board.occ.bit_count()
        if piles == SQUARE and not down:
            return WIN_BONUS + left, 1.0
        if not left:
            return _LOST
        if depth == 0:
            k = horizon_index(d, piles, (down & board.full).bit_count(), left)
            return HORIZON_VALUE[k], HORIZON_CHANCE[k]
        if depth == 1:
            return self._last_draw(left)
        return self._draw(left, depth)

    def _draw(self, left: int, depth: int) -> Value:
        """Expected value over the next card's rank, then the best placement for it."""
        board = self.board
        counts = self.counts
        total = chance = 0.0
        for rank in range(1, 11):
            count = counts[rank]
            if not count:
                continue
            counts[rank] = count - 1
            best = _LOST
            legal = board.legal()
            while legal:
                low = legal & -legal
                legal ^= low
                undo = board.place(low.bit_length() - 1, rank)
                value = self._after(left - 1, depth - 1)
                board.unplace(undo)
                self.nodes += 1
                if value[0] > best[0]:
                    best = value
            counts[rank] = count
            total += count * best[0]
            chance += count * best[1]
        return total / left, chance / left

    def _last_draw(self, left: int) -> Value:
        """:meth:`_draw` one placement from the horizon, without placing anything.

        The flips of every placement are worked out from each legal cell's row
        and column (the face-up ranks around it), so that the ten ranks cost
        only a few integer operations per cell: most of the search's time is
        spent here.
        """
        if self.nodes > self.node_limit:
            raise Stopped
        if self.should_stop():
            self.interrupted = True
            raise Stopped
        board = self.board
        occ = board.occ
        down = board.down
        full = board.full
        ranks = board.rank
        piles = occ.bit_count()
        cells = []
        legal = board.legal()
        while legal:
            bit = legal & -legal
            legal ^= bit
            i = bit.bit_length() - 1
            row = occ & ROW_MASK_OF[i] & ~bit
            lo_row, hi_row = _span(row & ~down, ranks)
            col = occ & COL_MASK_OF[i] & ~bit
            lo_col, hi_col = _span(col & ~down, ranks)
            cells.append((down & ~bit, row, lo_row, hi_row, col, lo_col, hi_col, piles + (not occ & bit)))
        rest = left - 1
        win = WIN_BONUS + rest
        counts = self.counts
        values = HORIZON_VALUE
        chances = HORIZON_CHANCE
        # horizon_index, unrolled: ((down * 17 + piles) * 5 + down_full) * 41 + left
        total = chance = 0.0
        kinds = 0
        for rank in range(1, 11):
            count = counts[rank]
            if not count:
                continue
            kinds += 1
            best = 0.0
            best_chance = 0.0
            for base, row, lo_row, hi_row, col, lo_col, hi_col, n in cells:
                if rank > hi_row or rank < lo_row:
                    base ^= row
                if rank > hi_col or rank < lo_col:
                    base ^= col
                d = base.bit_count()
                if d > MAX_FACE_DOWN:
                    continue
                if n == SQUARE and not base:
                    best = win
                    best_chance = 1.0
                    break
                if rest:
                    k = ((d * 17 + n) * 5 + (base & full).bit_count()) * 41 + rest
                    value = values[k]
                    if value > best:
                        best = value
                        best_chance = chances[k]
            total += count * best
            chance += count * best_chance
        self.nodes += len(cells) * kinds
        return total / left, chance / left


def _span(mask: int, ranks: list[int]) -> tuple[int, int]:
    """Lowest and highest rank among the cells of ``mask``; (11, 0) when it is empty.

    With (11, 0) every rank counts as extreme, as the rules say of a line with
    no face-up card.
    """
    lo = 11
    hi = 0
    while mask:
        low = mask & -mask
        mask ^= low
        r = ranks[low.bit_length() - 1]
        if r < lo:
            lo = r
        if r > hi:
            hi = r
    return lo, hi


class Outcome(NamedTuple):
    """What :func:`look_ahead` found: every legal index best first, and how the search went."""

    ranked: list[tuple[int, Value, int]]
    """Each legal index with its value and the depth it was searched to, best first."""
    nodes: int
    interrupted: bool
    """Whether ``should_stop`` (a clock, a cancel) cut the deepening short of what the node budget allows."""


def look_ahead(
    board: Board,
    rank: int,
    counts: list[int],
    *,
    max_nodes: int,
    min_depth: int,
    should_stop: Callable[[], bool],
    node_limit: float = float("inf"),
) -> Outcome:
    """Every legal index for ``rank``, best first, with its value and how deep it was searched.

    Iterative deepening: every placement one card ahead, then two, and so on
    to ``min_depth`` unless stopped.  Deeper than that, only the best few of
    the last depth are searched again, as many as fit within ``max_nodes``
    by an estimate of each one's next cost (from how its cost grew so far),
    and the deepest search decides.  The node budget rather than the clock
    sets the depth, so the same position always gets the same advice;
    ``should_stop`` (a deadline, a cancel) only cuts it short.  ``node_limit``
    stops a depth whose cost the estimate got badly wrong, by count, so that
    also lands on the same advice every time.
    """
    search = Lookahead(board, counts, should_stop, node_limit)
    left = sum(counts)
    cells = list(bits(board.legal()))
    results = search.root(rank, left, 1, cells)
    values = {i: value for i, (value, _) in results.items()}
    costs = {i: [1, cost] for i, (_, cost) in results.items()}  # nodes per depth, per cell
    depths = dict.fromkeys(cells, 1)
    ranked = sorted(cells, key=lambda i: -values[i][0])
    depth = 1
    chosen = ranked
    while depth <= left:  # deeper than the stock is deep sees nothing new
        search.node_limit = node_limit if depth >= min_depth else float("inf")
        if depth >= min_depth:
            chosen = []
            planned = 0.0
            for i in ranked:  # those searched to this depth come first
                spent = costs[i]
                planned += spent[-1] * spent[-1] / spent[-2]
                if planned > max_nodes or depths[i] < depth:
                    break
                chosen.append(i)
            if len(chosen) < 2:
                break
        try:
            results = search.root(rank, left, depth + 1, chosen)
        except Stopped:
            break
        depth += 1
        for i, (value, nodes) in results.items():
            values[i] = value
            costs[i].append(nodes)
            depths[i] = depth
        ranked = sorted(chosen, key=lambda i: -values[i][0]) + [i for i in ranked if depths[i] < depth]
    return Outcome([(i, values[i], depths[i]) for i in ranked], search.nodes, search.interrupted)
