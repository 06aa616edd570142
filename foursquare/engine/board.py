"""The table as bitboards: the one place where placement, flips and legal cells are worked out.

Every occupied cell lies within three steps of the first card's cell (0, 0),
because all occupied cells fit in a 4×4 box that contains (0, 0).  So the whole
table fits in a 7×7 window, rows and columns -3..3.  A cell is an index
``(row + 3) * 8 + (col + 3)`` into a 7×8 board (the eighth column is padding,
so that shifting a mask by one never wraps a cell onto the next row).
Occupancy, full piles and face-down tops are Python ints used as bitboards,
which keeps a placement, its flips, its undo and legal-cell generation to a
handful of integer operations.

:class:`Board` knows ranks only (suits never matter to the rules) and pile
heights, not the cards under the top.  :class:`~foursquare.engine.game.Game`
keeps the cards, the stock and the history on top of it, and the expert's
search plays millions of placements on it directly: one copy of the rules at
bit level serves both.  The names here are public inside the package, not
part of :mod:`foursquare.engine`'s face.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping

from foursquare.engine.sizes import GRID, MAX_FACE_DOWN, PILE_LIMIT, SQUARE

__all__ = [
    "CELL",
    "CELLS",
    "COL_MASK_OF",
    "GRID",
    "INDEX",
    "MAX_FACE_DOWN",
    "NEIGHBOURS",
    "ORIGIN",
    "PILE_LIMIT",
    "ROW_MASK_OF",
    "SPAN",
    "SQUARE",
    "VALID",
    "WIDTH",
    "Board",
    "Cell",
    "Undo",
    "bits",
    "cell_index",
    "cell_list",
    "cells",
    "flip_mask",
    "index",
]

Cell = tuple[int, int]
"""A table cell as ``(row, col)``; rows grow downward, columns to the right."""


WIDTH = 8
"""Board width in bits: 7 columns plus one padding column."""
SPAN = GRID - 1
"""Every occupied cell is within this many steps of (0, 0)."""
_SIZE = 2 * SPAN + 1  # 7
_BOARD_BITS = _SIZE * WIDTH


def index(row: int, col: int) -> int:
    """The board index of a cell known to be on the 7×7 board."""
    return (row + SPAN) * WIDTH + (col + SPAN)


_OFF_BOARD: Cell = (99, 99)  # what CELL holds for the padding column
CELL: list[Cell] = [_OFF_BOARD] * _BOARD_BITS
"""Board index → cell (the padding column holds an off-board marker)."""
for _r in range(-SPAN, SPAN + 1):
    for _c in range(-SPAN, SPAN + 1):
        CELL[index(_r, _c)] = (_r, _c)
CELLS: tuple[Cell, ...] = tuple(c for c in CELL if c != _OFF_BOARD)
"""The 49 cells of the board, in reading order."""
INDEX: dict[Cell, int] = {cell: index(*cell) for cell in CELLS}
"""Cell → board index."""
VALID = sum(1 << i for i in INDEX.values())
"""Every cell of the board, as a mask (the padding column left out)."""
ORIGIN = index(0, 0)
"""Where the first card goes."""
_ROW_OF = [i // WIDTH - SPAN for i in range(_BOARD_BITS)]
_COL_OF = [i % WIDTH - SPAN for i in range(_BOARD_BITS)]
_ROW_MASK = {r: sum(1 << index(r, c) for c in range(-SPAN, SPAN + 1)) for r in range(-SPAN, SPAN + 1)}
_COL_MASK = {c: sum(1 << index(r, c) for r in range(-SPAN, SPAN + 1)) for c in range(-SPAN, SPAN + 1)}
ROW_MASK_OF = [_ROW_MASK.get(_ROW_OF[i], 0) for i in range(_BOARD_BITS)]
"""Board index → the mask of its row."""
COL_MASK_OF = [_COL_MASK.get(_COL_OF[i], 0) for i in range(_BOARD_BITS)]
"""Board index → the mask of its column."""


def _bands(masks: Mapping[int, int]) -> list[list[int]]:
    """``_bands(m)[lo + SPAN][hi + SPAN]``: the union of the lines lo..hi (clipped to the board)."""
    return [
        [sum(masks[k] for k in range(lo, hi + 1)) for hi in range(-SPAN, SPAN + 1)] for lo in range(-SPAN, SPAN + 1)
    ]


def _clip(k: int) -> int:
    return min(max(k, -SPAN), SPAN) + SPAN


_ROW_BANDS = _bands(_ROW_MASK)
_COL_BANDS = _bands(_COL_MASK)
# _WINDOW[r0][r1][c0][c1]: the cells a placement may use while the occupied
# cells span rows r0..r1 and columns c0..c1 (indices shifted by +3): rows
# r1-3..r0+3 and columns c1-3..c0+3, so that the box stays 4 by 4.
_ROWS_ALLOWED = [
    [_ROW_BANDS[_clip(r1 - SPAN)][_clip(r0 + SPAN)] for r1 in range(-SPAN, SPAN + 1)] for r0 in range(-SPAN, SPAN + 1)
]
_COLS_ALLOWED = [
    [_COL_BANDS[_clip(c1 - SPAN)][_clip(c0 + SPAN)] for c1 in range(-SPAN, SPAN + 1)] for c0 in range(-SPAN, SPAN + 1)
]
_WINDOW = [[[[rows & cols for cols in by_c1] for by_c1 in _COLS_ALLOWED] for rows in by_r1] for by_r1 in _ROWS_ALLOWED]
_FULL_WINDOW = _WINDOW[SPAN][SPAN][SPAN][SPAN]


def _neighbours(i: int) -> int:
    """The cells sharing an edge with board index ``i``, as a mask."""
    row, col = CELL[i]
    near = ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
    return sum(1 << INDEX[n] for n in near if n in INDEX)


NEIGHBOURS = [_neighbours(i) if CELL[i] in INDEX else 0 for i in range(_BOARD_BITS)]
"""Board index → the cells sharing an edge with it."""


def _subsets(members: list[int]) -> list[tuple[int, tuple[Cell, ...]]]:
    """Every subset of ``members`` (board indices, lowest first) as (mask, its cells in reading order).

    Built one member at a time, each subset from the one without its highest
    member, because these tables are made at every start of the program.
    """
    table: list[tuple[int, tuple[Cell, ...]]] = [(0, ())]
    for i in members:
        table += [(mask | 1 << i, (*cells, CELL[i])) for mask, cells in table]
    return table


# _LINE_CELLS[mask]: the cells of any set of cells within one row or one column
# (flips always are), so that reporting them costs one look-up.
_LINE_CELLS: dict[int, tuple[Cell, ...]] = dict(
    entry
    for line in (*_ROW_MASK.values(), *_COL_MASK.values())
    for entry in _subsets([i for i in range(_BOARD_BITS) if line >> i & 1])
)
# _ROW_CELLS[k][bits]: the cells of board row k whose column bits are ``bits`` (the padding bit: no cell).
_ROW_CELLS: list[list[tuple[Cell, ...]]] = []
for _k in range(_SIZE):
    _row = dict(_subsets([index(_k - SPAN, c - SPAN) for c in range(_SIZE)]))
    _ROW_CELLS.append([_row[(b & 0x7F) << (_k * WIDTH)] for b in range(1 << WIDTH)])


def bits(mask: int) -> Iterator[int]:
    """Indices of the set bits of ``mask``, lowest first (that is, in reading order)."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def cells(mask: int) -> tuple[Cell, ...]:
    """The cells of ``mask`` in reading order, as a tuple (one look-up for a line)."""
    line = _LINE_CELLS.get(mask)
    return line if line is not None else tuple(cell_list(mask))


def cell_list(mask: int) -> list[Cell]:
    """The cells of ``mask`` in reading order: one table look-up per board row."""
    out: list[Cell] = []
    if not mask:
        return out
    k = ((mask & -mask).bit_length() - 1) // WIDTH
    mask >>= k * WIDTH
    while mask:
        if mask & 0xFF:
            out += _ROW_CELLS[k][mask & 0xFF]
        mask >>= WIDTH
        k += 1
    return out


def cell_index(cell: object) -> int | None:
    """Board index of a ``(row, col)`` cell, or None if it is off the 7×7 board or not a cell."""
    try:
        return INDEX.get(cell)  # type: ignore[call-overload,no-any-return]
    except TypeError:
        return None


def flip_mask(others: int, down: int, ranks: list[int], rank: int) -> int:
    """The cells one step turns over: ``others`` if a card of ``rank`` is extreme among them, else none.

    ``others`` are the other piles of the line; only the face-up ones (not in
    ``down``) are compared, and a tie is neither higher nor lower.
    """
    if not others:
        return 0
    up = others & ~down
    higher = lower = True
    while up:
        low = up & -up
        r = ranks[low.bit_length() - 1]
        if r >= rank:
            higher = False
        if r <= rank:
            lower = False
        up ^= low
    return others if higher or lower else 0


Undo = tuple[int, int, int, int, int, int, int, int]
"""What :meth:`Board.place` returns and :meth:`Board.unplace` takes back:
the index, then the face-down mask, the cell's rank, the bounds and the window as they were."""


class Board:
    """The table by rank: top ranks, pile heights and bitmasks, with cheap place and unplace.

    Written for speed rather than beauty: it is the inner loop of the
    expert's search.  It trusts its caller: :meth:`place` takes an index
    already known to be legal (see :meth:`legal`).
    """

    __slots__ = ("c0", "c1", "down", "full", "height", "occ", "r0", "r1", "rank", "win")

    def __init__(self) -> None:
        self.rank = [0] * _BOARD_BITS
        """Top rank per board index (0 where empty)."""
        self.height = [0] * _BOARD_BITS
        self.occ = 0
        """Occupied cells."""
        self.down = 0
        """Cells whose top card is face down."""
        self.full = 0
        """Cells holding :data:`PILE_LIMIT` cards."""
        self.r0 = self.r1 = self.c0 = self.c1 = 0
        self.win = _FULL_WINDOW
        """Cells a placement may use and keep the table within the 4×4 box."""

    @classmethod
    def of(cls, piles: Iterable[tuple[Cell, int, int, bool]]) -> Board:
        """A board from ``(cell, top rank, height, face_up)`` for each pile.

        Raises KeyError for a cell off the board.
        """
        board = cls()
        rows = []
        cols = []
        for cell, rank, height, face_up in piles:
            i = INDEX[cell]
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
        board.win = _WINDOW[board.r0 + SPAN][board.r1 + SPAN][board.c0 + SPAN][board.c1 + SPAN]
        return board

    def copy(self) -> Board:
        other = Board.__new__(Board)
        other.rank = self.rank.copy()
        other.height = self.height.copy()
        other.occ, other.down, other.full, other.win = self.occ, self.down, self.full, self.win
        other.r0, other.r1, other.c0, other.c1 = self.r0, self.r1, self.c0, self.c1
        return other

    def legal(self) -> int:
        """The cells where the next card may go, as a mask."""
        occ = self.occ
        if not occ:
            return 1 << ORIGIN
        grow = ((occ << 1) | (occ >> 1) | (occ << WIDTH) | (occ >> WIDTH)) & ~occ
        return ((occ & ~self.full) | grow) & self.win & VALID

    def place(self, i: int, rank: int) -> Undo:
        """Place a card of ``rank`` on index ``i`` (known legal) and resolve both flips.

        Returns what :meth:`unplace` needs.  What the flips turned over is
        ``(self.down ^ undo[1])`` outside cell ``i``, split by row and column.
        """
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
            down &= ~bit  # a placed card is face up, covering whatever was there
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
            self.win = _WINDOW[self.r0 + SPAN][self.r1 + SPAN][self.c0 + SPAN][self.c1 + SPAN]
        ranks[i] = rank
        # The rules' two steps: the row, then the column (they meet only at i).
        down ^= flip_mask(occ & ROW_MASK_OF[i] & ~bit, down, ranks, rank)
        down ^= flip_mask(occ & COL_MASK_OF[i] & ~bit, down, ranks, rank)
        self.down = down
        return undo

    def unplace(self, undo: Undo) -> None:
        """Take back the placement that returned ``undo`` (the last one not yet taken back)."""
        i, self.down, self.rank[i], self.r0, self.r1, self.c0, self.c1, self.win = undo
        bit = 1 << i
        h = self.height[i] - 1
        self.height[i] = h
        self.full &= ~bit
        if not h:
            self.occ &= ~bit

    def in_window(self, i: int) -> bool:
        """Whether a card on index ``i`` keeps the table within the 4×4 box."""
        return bool(self.win >> i & 1)
