"""Look-ahead for the expert: a compact table and an expectimax over the next cards' ranks.

The search never sees a stock.  It works on a :class:`Board` (the table, by
rank only, since suits never matter) and the counts of the unseen cards per
rank; a chance node weighs each rank by how many unseen cards have it, so it
has at most 10 outcomes however many cards are left.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from foursquare.engine import (
    _COL_MASK_OF,
    _COL_OF,
    _INDEX,
    _ORIGIN,
    _ROW_MASK_OF,
    _ROW_OF,
    _SPAN,
    _VALID,
    _W,
    _WINDOW,
    GRID,
    MAX_FACE_DOWN,
    PILE_LIMIT,
    Cell,
    _flip_mask,
)
from foursquare.evaluation import HORIZON_CHANCE, HORIZON_VALUE, SCORE_WEIGHT, horizon_index

_CELLS = 7 * _W
_SQUARE = GRID * GRID


class Board:
    """The table by rank: top ranks, pile heights and bitmasks, with cheap place/unplace."""

    __slots__ = ("c0", "c1", "down", "full", "height", "occ", "r0", "r1", "rank", "win")

    def __init__(self) -> None:
        self.rank = [0] * _CELLS
        self.height = [0] * _CELLS
        self.occ = 0
        self.down = 0
        self.full = 0
        self.r0 = self.r1 = self.c0 = self.c1 = 0
        self.win = _WINDOW[_SPAN][_SPAN][_SPAN][_SPAN]

    @classmethod
    def of(cls, piles: Iterable[tuple[Cell, int, int, bool]]) -> Board:
        """A board from ``(cell, top rank, height, face_up)`` for each pile."""
        board = cls()
        rows = []
        cols = []
        for cell, rank, height, face_up in piles:
            i = _INDEX[cell]
            bit = 1 << i
            board.rank[i] = rank
            board.height[i] = height
            board.occ |= bit
            if not face_up:
                board.down |= bit
            if height >= PILE_LIMIT:
                board.full |= bit
            rows.append(cell[0])
            cols.append(cell[1])
        if rows:
            board.r0, board.r1, board.c0, board.c1 = min(rows), max(rows), min(cols), max(cols)
        board.win = _WINDOW[board.r0 + _SPAN][board.r1 + _SPAN][board.c0 + _SPAN][board.c1 + _SPAN]
        return board

    def legal(self) -> int:
        """The cells where the next card may go, as a mask."""
        occ = self.occ
        if not occ:
            return 1 << _ORIGIN
        grow = ((occ << 1) | (occ >> 1) | (occ << _W) | (occ >> _W)) & ~occ
        return ((occ & ~self.full) | grow) & self.win & _VALID

    def place(self, i: int, rank: int) -> tuple[int, int, int, int, int, int, int, int]:
        """Place a card of ``rank`` on index ``i`` (known legal); returns what :meth:`unplace` needs."""
        bit = 1 << i
        down = self.down
        ranks = self.rank
        undo = (i, down, ranks[i], self.r0, self.r1, self.c0, self.c1, self.win)
        occ = self.occ
        if occ & bit:
            h = self.height[i] + 1
            self.height[i] = h
            if h == PILE_LIMIT:
                self.full |= bit
            down &= ~bit
        else:
            self.height[i] = 1
            occ |= bit
            self.occ = occ
            row = _ROW_OF[i]
            col = _COL_OF[i]
            if row < self.r0:
                self.r0 = row
            elif row > self.r1:
                self.r1 = row
            if col < self.c0:
                self.c0 = col
            elif col > self.c1:
                self.c1 = col
            self.win = _WINDOW[self.r0 + _SPAN][self.r1 + _SPAN][self.c0 + _SPAN][self.c1 + _SPAN]
        ranks[i] = rank
        # The rules' flips, row then column, by the engine's own test.
        down ^= _flip_mask(occ & _ROW_MASK_OF[i] & ~bit, down, ranks, rank)
        down ^= _flip_mask(occ & _COL_MASK_OF[i] & ~bit, down, ranks, rank)
        self.down = down
        return undo

    def unplace(self, undo: tuple[int, int, int, int, int, int, int, int]) -> None:
        """Take back the placement that returned ``undo``."""
        i, self.down, self.rank[i], self.r0, self.r1, self.c0, self.c1, self.win = undo
        bit = 1 << i
        h = self.height[i] - 1
        self.height[i] = h
        self.full &= ~bit
        if not h:
            self.occ &= ~bit


# --- the look-ahead -----------------------------------------------------------

Value = tuple[float, float]
"""What a position is worth to the search, and its estimated chance of winning.

The search maximises the first (the chance plus a little per card left at a
win, see :data:`SCORE_WEIGHT`) and carries the second along for people.
"""
_LOST: Value = (0.0, 0.0)


class Stopped(Exception):
    """The deadline passed or the caller cancelled: the deepest finished look-ahead stands."""


class Lookahead:
    """An expectimax over the ranks of the next cards, a fixed number of placements deep.

    ``counts[r]`` is how many unseen cards have rank ``r`` (index 0 unused);
    the search changes it while it runs and puts it back.  ``should_stop`` is
    asked now and then and raises :class:`Stopped` when it says so.
    """

    __slots__ = ("board", "counts", "nodes", "should_stop")

    def __init__(self, board: Board, counts: list[int], should_stop: Callable[[], bool]) -> None:
        self.board = board
        self.counts = counts
        self.nodes = 0
        self.should_stop = should_stop

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
        if piles == _SQUARE and not down:
            return 1.0 + SCORE_WEIGHT * left, 1.0
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
        if self.should_stop():
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
            row = occ & _ROW_MASK_OF[i] & ~bit
            lo_row, hi_row = _span(row & ~down, ranks)
            col = occ & _COL_MASK_OF[i] & ~bit
            lo_col, hi_col = _span(col & ~down, ranks)
            cells.append((down & ~bit, row, lo_row, hi_row, col, lo_col, hi_col, piles + (not occ & bit)))
        rest = left - 1
        win = 1.0 + SCORE_WEIGHT * rest
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
                if n == _SQUARE and not base:
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


def look_ahead(
    board: Board, rank: int, counts: list[int], *, max_nodes: int, min_depth: int, should_stop: Callable[[], bool]
) -> tuple[list[tuple[int, Value, int]], int]:
    """Every legal index for ``rank``, best first, with its value and how deep it was searched.

    Iterative deepening: every placement one card ahead, then two, and so on
    to ``min_depth`` unless stopped.  Deeper than that, only the best few of
    the last depth are searched again, as many as fit within ``max_nodes``
    by an estimate of each one's next cost (from how its cost grew so far),
    and the deepest search decides.  The node budget rather than the clock
    sets the depth, so the same position always gets the same advice;
    ``should_stop`` (a deadline, a cancel) only cuts it short.  Also returns
    the nodes searched in all.
    """
    search = Lookahead(board, counts, should_stop)
    left = sum(counts)
    cells = indices(board.legal())
    results = search.root(rank, left, 1, cells)
    values = {i: value for i, (value, _) in results.items()}
    costs = {i: [1, cost] for i, (_, cost) in results.items()}  # nodes per depth, per cell
    depths = dict.fromkeys(cells, 1)
    ranked = sorted(cells, key=lambda i: -values[i][0])
    depth = 1
    chosen = ranked
    while depth <= left:  # deeper than the stock is deep sees nothing new
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
    return [(i, values[i], depths[i]) for i in ranked], search.nodes


def indices(mask: int) -> list[int]:
    """The board indices of a mask, lowest first (that is, in reading order)."""
    out = []
    while mask:
        low = mask & -mask
        mask ^= low
        out.append(low.bit_length() - 1)
    return out
