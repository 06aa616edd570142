"""The rules of Foursquare: cards, the deal, placement, flips and the end of the game.

This module is pure: no I/O, no terminal, no global mutable state.  Everything
else in the package (the curses game, saved games, statistics, the expert)
drives a :class:`Game` and never reaches into the rules.

Layout
------
Every occupied cell lies within three steps of the first card's cell (0, 0),
because all occupied cells fit in a 4×4 box that contains (0, 0).  So the whole
table fits in a 7×7 window, rows and columns -3..3.  Internally a cell is an
index ``(row + 3) * 8 + (col + 3)`` into a 7×8 board (the eighth column is
padding so that shifting a bitmask by one never wraps a cell onto the next
row).  Occupancy, full piles and face-down tops are Python ints used as
bitboards, which keeps placement, flipping, undo and legal-move generation to
a handful of integer operations: the expert plays millions of placements.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType
from typing import Any, NamedTuple

__all__ = [
    "GRID",
    "LAST_DEAL",
    "MAX_FACE_DOWN",
    "PILE_LIMIT",
    "RANKS",
    "SUITS",
    "Card",
    "Cell",
    "Game",
    "IllegalMove",
    "LossReason",
    "Pile",
    "Placement",
    "Status",
    "check_deal_number",
    "full_deck",
    "shuffled_deck",
]

RANKS = range(1, 11)
SUITS = ("C", "D", "H", "S")
PILE_LIMIT = 4
"""A pile holds at most this many cards."""
GRID = 4
"""Occupied cells must fit in a box of GRID rows by GRID columns."""
MAX_FACE_DOWN = 4
"""One more face-down top card than this loses the game."""
RECORD_FORMAT = "foursquare-game"
RECORD_VERSION = 1

Cell = tuple[int, int]
"""A table cell as ``(row, col)``; rows grow downward, columns to the right."""

_RANK_TEXT = {1: "A", **{r: str(r) for r in range(2, 11)}}
_TEXT_RANK = {text: rank for rank, text in _RANK_TEXT.items()}


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """A playing card.  Immutable and hashable.

    Ordering is by rank first; the suit only breaks ties so that sorting is
    deterministic.  The rules never compare suits.
    """

    rank: int
    suit: str

    def __post_init__(self) -> None:
        if self.rank not in RANKS or self.suit not in SUITS:
            raise ValueError(f"not a Foursquare card: rank {self.rank!r}, suit {self.suit!r}")

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card such as ``"10H"``, ``"AS"`` or ``"7d"``."""
        card = _PARSE.get(text.strip().upper()) if isinstance(text, str) else None
        if card is None:
            raise ValueError(f"not a card: {text!r} (expected a rank A, 2-10 and a suit C, D, H, S, e.g. '10H')")
        return card

    @property
    def rank_text(self) -> str:
        """``"A"``, ``"2"`` … ``"10"``."""
        return _RANK_TEXT[self.rank]

    def __str__(self) -> str:
        return _RANK_TEXT[self.rank] + self.suit

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


_PARSE: dict[str, Card] = {f"{_RANK_TEXT[r]}{s}": Card(r, s) for r in RANKS for s in SUITS}
_PARSE.update({f"1{s}": _PARSE[f"A{s}"] for s in SUITS})


def full_deck() -> list[Card]:
    """All 40 cards, in rank then suit order."""
    return [Card(r, s) for r in RANKS for s in SUITS]


_MASK64 = (1 << 64) - 1
LAST_DEAL = _MASK64
"""The highest deal number: a deal number seeds a 64-bit generator."""


def check_deal_number(seed: object) -> None:
    """Raise ValueError, naming the range, unless ``seed`` is a deal number."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= LAST_DEAL:
        raise ValueError(f"deal number must be a whole number from 0 to {LAST_DEAL}, not {seed!r}")


def shuffled_deck(seed: int) -> list[Card]:
    """The 40 cards in the order of deal number ``seed`` (0 ≤ seed < 2**64).

    A Fisher–Yates shuffle driven by SplitMix64, a tiny, well-known generator
    written out here because ``random.Random.shuffle`` is not promised to stay
    the same across Python versions, and a deal number must replay the same
    deal everywhere, forever.  Rejection sampling keeps every order equally
    likely.
    """
    check_deal_number(seed)
    deck = full_deck()
    state = seed
    for i in range(len(deck) - 1, 0, -1):
        bound = i + 1
        limit = (1 << 64) - ((1 << 64) % bound)
        while True:
            state = (state + 0x9E3779B97F4A7C15) & _MASK64
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
            z ^= z >> 31
            if z < limit:
                break
        j = z % bound
        deck[i], deck[j] = deck[j], deck[i]
    return deck


class Status(str, Enum):
    """Where a game stands."""

    PLAYING = "playing"
    WON = "won"
    LOST = "lost"

    def __str__(self) -> str:
        return self.value


class LossReason(str, Enum):
    """Why a game was lost."""

    TOO_MANY_FACE_DOWN = "too_many_face_down"
    STOCK_EMPTY = "stock_empty"

    def __str__(self) -> str:
        return self.value

    @property
    def description(self) -> str:
        """A short sentence for players."""
        if self is LossReason.TOO_MANY_FACE_DOWN:
            return f"more than {MAX_FACE_DOWN} cards face down"
        return "the stock ran out before the square was complete"


_PLAYING, _WON, _LOST = Status.PLAYING, Status.WON, Status.LOST


class IllegalMove(ValueError):
    """A placement the rules do not allow (or any placement once the game is over)."""


@dataclass(frozen=True, slots=True)
class Pile:
    """A snapshot of one pile: its cards bottom first and the side its top card shows."""

    cards: tuple[Card, ...]
    face_up: bool

    @property
    def top(self) -> Card:
        """The only card of the pile that matters to the rules."""
        return self.cards[-1]

    def __len__(self) -> int:
        return len(self.cards)


class Placement(NamedTuple):
    """What one placement did: the card, where it went and what it turned over."""

    card: Card
    cell: Cell
    row_flipped: tuple[Cell, ...]
    """Cells whose top card the row step turned over, in column order."""
    column_flipped: tuple[Cell, ...]
    """Cells whose top card the column step turned over, in row order."""

    @property
    def flipped(self) -> tuple[Cell, ...]:
        """Every cell turned over, row step first."""
        return self.row_flipped + self.column_flipped


# --- board geometry -------------------------------------------------------

_W = 8  # board width in bits: 7 columns plus one padding column
_SPAN = GRID - 1  # every occupied cell is within this many steps of (0, 0)
_SIZE = 2 * _SPAN + 1  # 7


def _index(row: int, col: int) -> int:
    return (row + _SPAN) * _W + (col + _SPAN)


_OFF_BOARD: Cell = (99, 99)  # what _CELL holds for the padding column
_CELL: list[Cell] = [_OFF_BOARD] * (_SIZE * _W)
for _r in range(-_SPAN, _SPAN + 1):
    for _c in range(-_SPAN, _SPAN + 1):
        _CELL[_index(_r, _c)] = (_r, _c)
_CELLS: tuple[Cell, ...] = tuple(c for c in _CELL if c != _OFF_BOARD)
_VALID = sum(1 << _index(r, c) for r, c in _CELLS)
_ROW_OF = [i // _W - _SPAN for i in range(_SIZE * _W)]
_COL_OF = [i % _W - _SPAN for i in range(_SIZE * _W)]
_ROW_MASK = {r: sum(1 << _index(r, c) for c in range(-_SPAN, _SPAN + 1)) for r in range(-_SPAN, _SPAN + 1)}
_COL_MASK = {c: sum(1 << _index(r, c) for r in range(-_SPAN, _SPAN + 1)) for c in range(-_SPAN, _SPAN + 1)}
_ROW_MASK_OF = [_ROW_MASK.get(_ROW_OF[i], 0) for i in range(_SIZE * _W)]
_COL_MASK_OF = [_COL_MASK.get(_COL_OF[i], 0) for i in range(_SIZE * _W)]


def _band(masks: Mapping[int, int], lo: int, hi: int) -> int:
    return sum(masks[k] for k in range(max(lo, -_SPAN), min(hi, _SPAN) + 1))


# _WINDOW[r0][r1][c0][c1]: the cells a placement may use while the occupied
# cells span rows r0..r1 and columns c0..c1 (indices shifted by +3).
_WINDOW = [
    [
        [
            [
                _band(_ROW_MASK, r1 - _SPAN, r0 + _SPAN) & _band(_COL_MASK, c1 - _SPAN, c0 + _SPAN)
                for c1 in range(-_SPAN, _SPAN + 1)
            ]
            for c0 in range(-_SPAN, _SPAN + 1)
        ]
        for r1 in range(-_SPAN, _SPAN + 1)
    ]
    for r0 in range(-_SPAN, _SPAN + 1)
]
_ORIGIN = _index(0, 0)
_INDEX: dict[Cell, int] = {cell: _index(*cell) for cell in _CELLS}

# _LINE_CELLS[mask]: the cells of any set of cells within one row or one column
# (flips always are), so that reporting them costs one look-up.
_LINE_CELLS: dict[int, tuple[Cell, ...]] = {}
for _line in (*_ROW_MASK.values(), *_COL_MASK.values()):
    _members = [i for i in range(_SIZE * _W) if _line >> i & 1]
    for _subset in range(1 << len(_members)):
        _chosen = [_members[k] for k in range(len(_members)) if _subset >> k & 1]
        _LINE_CELLS[sum(1 << i for i in _chosen)] = tuple(_CELL[i] for i in _chosen)


def _neighbours(i: int) -> int:
    """The cells sharing an edge with board index ``i``, as a mask."""
    row, col = _CELL[i]
    near = ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
    return sum(1 << _INDEX[n] for n in near if n in _INDEX)


_NEIGHBOURS = [_neighbours(i) for i in range(_SIZE * _W)]
# _ROW_CELLS[k][bits]: the cells of board row k whose column bits are ``bits``.
_ROW_CELLS: list[list[tuple[Cell, ...]]] = [
    [tuple((k - _SPAN, c - _SPAN) for c in range(_SIZE) if b >> c & 1) for b in range(1 << _W)] for k in range(_SIZE)
]


def _bits(mask: int) -> Iterator[int]:
    """Indices of the set bits of ``mask``, lowest first (that is, in (row, col) order)."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _cells(mask: int) -> tuple[Cell, ...]:
    """The cells of ``mask`` in (row, col) order, as a tuple."""
    line = _LINE_CELLS.get(mask)
    return line if line is not None else tuple(_cell_list(mask))


def _cell_list(mask: int) -> list[Cell]:
    """The cells of ``mask`` in (row, col) order: one table look-up per board row."""
    out: list[Cell] = []
    k = ((mask & -mask).bit_length() - 1) // _W
    mask >>= k * _W
    while mask:
        if mask & 0xFF:
            out += _ROW_CELLS[k][mask & 0xFF]
        mask >>= _W
        k += 1
    return out


class Game:
    """One game of Foursquare, from the first card to a win or a loss.

    Modelled on python-chess's ``Board``: :meth:`legal_moves`, :meth:`play`
    and :meth:`undo` (also spelled ``push``/``pop``), a status and score, and a
    JSON-ready record (:meth:`to_record`, :meth:`from_record`).
    """

    __slots__ = (
        "_c0",
        "_c1",
        "_down",
        "_full",
        "_loss",
        "_n",
        "_occ",
        "_piles",
        "_r0",
        "_r1",
        "_rank",
        "_status",
        "_stock",
        "_undo",
        "_win",
        "seed",
    )

    def __init__(self, stock: Iterable[Card], *, seed: int | None = None) -> None:
        cards = tuple(stock)
        if not cards:
            raise ValueError("the stock is empty")
        if not all(type(card) is Card for card in cards):
            bad = next(card for card in cards if not isinstance(card, Card))
            raise ValueError(f"not a card: {bad!r}")
        if len(set(cards)) != len(cards):
            dupes = sorted(str(c) for c, k in Counter(cards).items() if k > 1)
            raise ValueError(f"the stock holds the same card twice: {', '.join(dupes)}")
        self._stock = cards
        self.seed = seed
        """The deal number this stock came from, or None for a stock given by hand."""
        self._n = 0
        self._piles: dict[int, list[Card]] = {}
        self._rank = [0] * (_SIZE * _W)
        self._occ = 0
        self._full = 0
        self._down = 0
        self._r0 = self._r1 = self._c0 = self._c1 = 0
        self._win = _WINDOW[_SPAN][_SPAN][_SPAN][_SPAN]
        self._status = _PLAYING
        self._loss: LossReason | None = None
        # One entry per placement: (index, face-down mask before, r0, r1, c0, c1, window before).
        self._undo: list[tuple[int, int, int, int, int, int, int]] = []

    @classmethod
    def deal(cls, seed: int) -> Game:
        """A new game on deal number ``seed``: the same 40-card order everywhere."""
        return cls(shuffled_deck(seed), seed=seed)

    # --- reading the position -------------------------------------------

    @property
    def stock(self) -> tuple[Card, ...]:
        """The whole stock as dealt, first card first (placed cards included)."""
        return self._stock

    @property
    def next_card(self) -> Card | None:
        """The card about to be placed, or None when the stock is empty."""
        return self._stock[self._n] if self._n < len(self._stock) else None

    @property
    def stock_left(self) -> int:
        """Cards not yet placed, the next card included."""
        return len(self._stock) - self._n

    @property
    def placed_count(self) -> int:
        """How many cards have been placed."""
        return self._n

    @property
    def status(self) -> Status:
        return self._status

    @property
    def is_over(self) -> bool:
        return self._status is not _PLAYING

    @property
    def loss_reason(self) -> LossReason | None:
        """Why the game was lost, or None if it was not."""
        return self._loss

    @property
    def score(self) -> int | None:
        """Cards left in the stock after a win; None unless the game is won."""
        return len(self._stock) - self._n if self._status is _WON else None

    @property
    def face_down_count(self) -> int:
        """Face-down top cards on the table."""
        return self._down.bit_count()

    @property
    def pile_count(self) -> int:
        return self._occ.bit_count()

    @property
    def piles(self) -> Mapping[Cell, Pile]:
        """A read-only snapshot: ``(row, col)`` → :class:`Pile`, in (row, col) order."""
        return MappingProxyType(
            {_CELL[i]: Pile(tuple(self._piles[i]), not (self._down >> i) & 1) for i in _bits(self._occ)}
        )

    def pile(self, cell: Cell) -> Pile | None:
        """The pile at ``cell``, or None if the cell is empty."""
        i = _cell_index(cell)
        if i is None or not (self._occ >> i) & 1:
            return None
        return Pile(tuple(self._piles[i]), not (self._down >> i) & 1)

    @property
    def bounds(self) -> tuple[int, int, int, int] | None:
        """``(top row, bottom row, left column, right column)`` of the occupied cells."""
        return (self._r0, self._r1, self._c0, self._c1) if self._occ else None

    @property
    def placements(self) -> list[Cell]:
        """The cells played so far, in order."""
        return [_CELL[u[0]] for u in self._undo]

    def legal_moves(self) -> list[Cell]:
        """The cells where the next card may go, sorted; empty once the game is over."""
        if self._status is not _PLAYING:
            return []
        return _cell_list(self._legal_mask())

    def is_legal(self, cell: Cell) -> bool:
        i = _cell_index(cell)
        return i is not None and self._status is _PLAYING and bool((self._legal_mask() >> i) & 1)

    def why_illegal(self, cell: object) -> str | None:
        """Why the next card may not go on ``cell``, in words for players; None if it may."""
        if self._status is not _PLAYING:
            return "the game is over"
        i = _cell_index(cell)
        if i is not None and (self._legal_mask() >> i) & 1:
            return None
        if not self._occ:
            return "the first card goes in the middle"
        if i is not None and (self._full >> i) & 1:
            return f"that pile already holds {PILE_LIMIT} cards"
        if i is None or not (self._win >> i) & 1:
            return f"the cards would no longer fit in {GRID}×{GRID}"
        return "an empty cell must be next to a card (not diagonally)"

    def _legal_mask(self) -> int:
        occ = self._occ
        if not occ:
            return 1 << _ORIGIN
        grow = ((occ << 1) | (occ >> 1) | (occ << _W) | (occ >> _W)) & ~occ
        return ((occ & ~self._full) | grow) & self._win & _VALID

    # --- changing the position ------------------------------------------

    def play(self, cell: Cell) -> Placement:
        """Place the next card on ``cell`` and resolve flips and the end of the game.

        Raises :class:`IllegalMove` and changes nothing if the rules forbid it.
        """
        try:
            i = _INDEX[cell]
        except (KeyError, TypeError):  # off the board, or not a (row, col) tuple at all
            raise self._refusal(cell) from None
        # The test of _legal_mask for this one cell, inlined: this is the hot path.
        occ = self._occ
        bit = 1 << i
        if self._status is not _PLAYING:
            legal = False
        elif occ & bit:
            legal = not self._full & bit
        elif occ:
            legal = bool(_NEIGHBOURS[i] & occ and self._win & bit)
        else:
            legal = i == _ORIGIN
        if not legal:
            raise self._refusal(cell)
        card = self._stock[self._n]
        row_mask, col_mask = self._place(i)
        return Placement(card, _CELL[i], _cells(row_mask), _cells(col_mask))

    push = play

    def _refusal(self, cell: object) -> IllegalMove:
        reason = self.why_illegal(cell) if isinstance(cell, tuple) else "not a (row, col) cell"
        return IllegalMove(f"cannot place {self.next_card} on {cell!r}: {reason}")

    def _place(self, i: int) -> tuple[int, int]:
        """Place the next card on board index ``i`` (already known legal).

        Returns the row and column flip masks.  This is the hot path of the
        expert's search, so it is written for speed rather than beauty.
        """
        card = self._stock[self._n]
        rank = card.rank
        bit = 1 << i
        down = self._down
        self._undo.append((i, down, self._r0, self._r1, self._c0, self._c1, self._win))
        self._n += 1
        self._rank[i] = rank
        occ = self._occ
        if occ & bit:
            pile = self._piles[i]
            pile.append(card)
            if len(pile) == PILE_LIMIT:
                self._full |= bit
            down &= ~bit  # a placed card is face up, covering whatever was there
        else:
            self._piles[i] = [card]
            occ |= bit
            self._occ = occ
            row = _ROW_OF[i]
            col = _COL_OF[i]
            if row < self._r0:
                self._r0 = row
            elif row > self._r1:
                self._r1 = row
            if col < self._c0:
                self._c0 = col
            elif col > self._c1:
                self._c1 = col
            self._win = _WINDOW[self._r0 + _SPAN][self._r1 + _SPAN][self._c0 + _SPAN][self._c1 + _SPAN]
        row_flip = _flip_mask(occ & _ROW_MASK_OF[i] & ~bit, down, self._rank, rank)
        down ^= row_flip
        col_flip = _flip_mask(occ & _COL_MASK_OF[i] & ~bit, down, self._rank, rank)
        down ^= col_flip
        self._down = down
        # End of the game, in the order the rules give.
        if down.bit_count() > MAX_FACE_DOWN:
            self._status = _LOST
            self._loss = LossReason.TOO_MANY_FACE_DOWN
        elif not down and occ.bit_count() == GRID * GRID:
            self._status = _WON
        elif self._n == len(self._stock):
            self._status = _LOST
            self._loss = LossReason.STOCK_EMPTY
        return row_flip, col_flip

    def undo(self) -> Card:
        """Take back the last placement exactly; returns the card, back on the stock.

        Raises :class:`IllegalMove` if nothing has been placed.
        """
        if not self._undo:
            raise IllegalMove("nothing to undo")
        return self._unplace()

    pop = undo

    def _unplace(self) -> Card:
        i, self._down, self._r0, self._r1, self._c0, self._c1, self._win = self._undo.pop()
        self._n -= 1
        pile = self._piles[i]
        card = pile.pop()
        bit = 1 << i
        self._full &= ~bit
        if pile:
            self._rank[i] = pile[-1].rank
        else:
            del self._piles[i]
            self._rank[i] = 0
            self._occ &= ~bit
        self._status = _PLAYING
        self._loss = None
        return card

    def copy(self) -> Game:
        """An independent game in the same position (with the same history)."""
        other = Game.__new__(Game)
        for name in Game.__slots__:
            setattr(other, name, getattr(self, name))
        other._piles = {i: pile.copy() for i, pile in self._piles.items()}
        other._rank = self._rank.copy()
        other._undo = self._undo.copy()
        return other

    # --- text notations ---------------------------------------------------

    def diagram(self) -> str:
        """The table as text, as in the rulebook: ``##`` face down, ``.`` empty.

        Covers the box of the occupied cells; each cell is right-aligned in
        three characters, separated by a space.
        """
        if not self._occ:
            return ""
        lines = []
        for r in range(self._r0, self._r1 + 1):
            cells = []
            for c in range(self._c0, self._c1 + 1):
                i = _index(r, c)
                if not (self._occ >> i) & 1:
                    cells.append(".")
                elif (self._down >> i) & 1:
                    cells.append("##")
                else:
                    cells.append(str(self._piles[i][-1]))
            lines.append(" ".join(f"{t:>3}" for t in cells))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.diagram()

    def __repr__(self) -> str:
        deal = f"deal {self.seed}, " if self.seed is not None else ""
        return f"<Game {deal}{self._n} placed, {self.stock_left} in stock, {self._status.value}>"

    def to_record(self) -> dict[str, Any]:
        """A JSON-ready record: the stock in order and the placements so far."""
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "seed": self.seed,
            "stock": [str(c) for c in self._stock],
            "placements": [list(cell) for cell in self.placements],
        }

    @classmethod
    def from_record(cls, record: Any) -> Game:
        """Rebuild a game by replaying a record through the rules.

        Raises ValueError saying what is wrong with a malformed or illegal record.
        """
        if not isinstance(record, Mapping):
            raise ValueError("a game record must be a JSON object")
        if record.get("format", RECORD_FORMAT) != RECORD_FORMAT:
            raise ValueError(f"not a Foursquare game record (format {record.get('format')!r})")
        version = record.get("version", RECORD_VERSION)
        if version != RECORD_VERSION:
            raise ValueError(f"unknown game record version {version!r} (this program reads {RECORD_VERSION})")
        seed = record.get("seed")
        if seed is not None:
            try:
                check_deal_number(seed)
            except ValueError as exc:
                raise ValueError(f"bad deal number in record: {exc}") from None
        stock = record.get("stock")
        if not isinstance(stock, list) or not all(isinstance(t, str) for t in stock):
            raise ValueError("the record's stock must be a list of card texts")
        try:
            game = cls([Card.parse(t) for t in stock], seed=seed)
        except ValueError as exc:
            raise ValueError(f"bad stock in record: {exc}") from None
        placements = record.get("placements", [])
        if not isinstance(placements, list):
            raise ValueError("the record's placements must be a list of [row, col] pairs")
        for n, cell in enumerate(placements, start=1):
            if (
                not isinstance(cell, (list, tuple))
                or len(cell) != 2
                or not all(isinstance(x, int) and not isinstance(x, bool) for x in cell)
            ):
                raise ValueError(f"placement {n}: {cell!r} is not a [row, col] pair")
            try:
                game.play((cell[0], cell[1]))
            except IllegalMove as exc:
                raise ValueError(f"placement {n}: {exc}") from None
        return game

    def __eq__(self, other: object) -> bool:
        """Two games are equal when they have the same stock and the same history."""
        if not isinstance(other, Game):
            return NotImplemented
        return self._stock == other._stock and [u[0] for u in self._undo] == [u[0] for u in other._undo]

    __hash__ = None  # type: ignore[assignment]


def _flip_mask(others: int, down: int, ranks: list[int], rank: int) -> int:
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


def _cell_index(cell: object) -> int | None:
    """Board index of a ``(row, col)`` cell, or None if it is off the 7×7 board."""
    try:
        return _INDEX.get(cell)  # type: ignore[call-overload,no-any-return]
    except TypeError:
        return None
