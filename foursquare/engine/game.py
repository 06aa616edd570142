"""One game of Foursquare: the stock, the piles, the history, and the end of the game.

:class:`Game` keeps what a player sees and what a record needs (every card,
the stock, the placements in order) on top of the table's
:class:`~foursquare.engine.board.Board`, which alone works out placement,
flips and legal cells.  Pure: no I/O, no terminal, no global mutable state.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from enum import Enum
from types import MappingProxyType
from typing import Any, NamedTuple

from foursquare.engine.board import (
    CELL,
    COL_MASK_OF,
    INDEX,
    MAX_FACE_DOWN,
    NEIGHBOURS,
    ORIGIN,
    ROW_MASK_OF,
    SQUARE,
    Board,
    Cell,
    Undo,
    bits,
    cell_index,
    cell_list,
    cells,
    index,
)
from foursquare.engine.cards import Card, shuffled_deck
from foursquare.engine.deal_numbers import check_deal_number
from foursquare.engine.faults import Fault, Flaw, Invalid
from foursquare.engine.flips import Line, LineFlip, Turn, Verdict, verdict
from foursquare.engine.notation import cell_name
from foursquare.engine.values import Value

__all__ = ["Game", "IllegalMove", "LossReason", "Pile", "Placement", "Preview", "Refusal", "Status", "Word"]
__all__ += ["outcome"]

RECORD_FORMAT = "foursquare-game"
RECORD_VERSION = 1


class Word(str, Enum):
    """An enum whose members read as their value, in f-strings as in JSON and records."""

    def __str__(self) -> str:
        return str(self.value)


class Status(Word):
    """Where a game stands."""

    PLAYING = "playing"
    WON = "won"
    LOST = "lost"


class LossReason(Word):
    """Why a game was lost."""

    TOO_MANY_FACE_DOWN = "too_many_face_down"
    STOCK_EMPTY = "stock_empty"


class Refusal(Word):
    """Why the next card may not go on a cell (:meth:`Game.refusal`): a code (also in :class:`IllegalMove`)
    that :mod:`foursquare.words` says to players in a sentence."""

    GAME_OVER = "game_over"
    FIRST_CARD_IN_THE_MIDDLE = "first_card_in_the_middle"
    """The first card goes on (0, 0)."""
    PILE_FULL = "pile_full"
    """The pile already holds :data:`PILE_LIMIT` cards."""
    TOO_WIDE = "too_wide"
    """The cards would no longer fit in GRID by GRID."""
    NOT_NEXT_TO_A_CARD = "not_next_to_a_card"
    """An empty cell must share an edge with a pile."""


_PLAYING, _WON, _LOST = Status.PLAYING, Status.WON, Status.LOST


class IllegalMove(Invalid):
    """A placement the rules do not allow (or any placement once the game is over); its fault says why."""


class Pile(Value):
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
    """What one placement did: the card, where it went, what it turned over and why."""

    card: Card
    cell: Cell
    row: LineFlip
    """The row step's verdict and the cards it turned, in column order."""
    column: LineFlip
    """The column step's verdict and the cards it turned, in row order."""

    @property
    def row_flipped(self) -> tuple[Cell, ...]:
        """Cells whose top card the row step turned over, in column order."""
        return tuple(turn.cell for turn in self.row.turns)

    @property
    def column_flipped(self) -> tuple[Cell, ...]:
        """Cells whose top card the column step turned over, in row order."""
        return tuple(turn.cell for turn in self.column.turns)

    @property
    def flipped(self) -> tuple[Cell, ...]:
        """Every cell turned over, row step first."""
        return self.row_flipped + self.column_flipped


class Preview(NamedTuple):
    """What placing the next card on a cell would do, worked out without changing the game.

    What :class:`Placement` says but why, then what the game would be
    afterwards, under the names :class:`Game` uses.
    """

    card: Card
    cell: Cell
    row_flipped: tuple[Cell, ...]
    column_flipped: tuple[Cell, ...]
    face_down_count: int
    status: Status
    loss_reason: LossReason | None
    score: int | None

    @property
    def flipped(self) -> tuple[Cell, ...]:
        """Every cell turned over, row step first."""
        return self.row_flipped + self.column_flipped


def _outcome(down: int, occ: int, left: int) -> tuple[Status, LossReason | None]:
    """Where a game stands after a placement's flips, checked in the rulebook's order.

    ``left`` is the stock after the placement.
    """
    if down.bit_count() > MAX_FACE_DOWN:
        return _LOST, LossReason.TOO_MANY_FACE_DOWN
    if not down and occ.bit_count() == SQUARE:
        return _WON, None
    if not left:
        return _LOST, LossReason.STOCK_EMPTY
    return _PLAYING, None


_ALONE_IN_ROW = LineFlip(Line.ROW, Verdict.ALONE)
_ALONE_IN_COLUMN = LineFlip(Line.COLUMN, Verdict.ALONE)


def outcome(down: int, occ: int, left: int) -> tuple[Status, LossReason | None]:
    """Where a game stands after a placement, from the board's face-down and occupied masks and the stock
    after it: the rulebook's end checked once, for the game and for a look-ahead over the next card."""
    return _outcome(down, occ, left)


class Game:
    """One game of Foursquare, from the first card to a win or a loss.

    Modelled on python-chess's ``Board``: :meth:`legal_moves`, :meth:`play`
    and :meth:`undo` (also spelled ``push``/``pop``), :meth:`preview`, a
    status and score, and a JSON-ready record (:meth:`to_record`,
    :meth:`from_record`).
    """

    __slots__ = ("_board", "_loss", "_n", "_piles", "_status", "_stock", "_undo", "seed")

    def __init__(self, stock: Iterable[Card], *, seed: int | None = None) -> None:
        cards = tuple(stock)
        if not cards:
            raise Invalid(Fault(Flaw.EMPTY_STOCK))
        if not all(type(card) is Card for card in cards):
            bad = next(card for card in cards if not isinstance(card, Card))
            raise Invalid(Fault(Flaw.STOCK_NOT_A_CARD, repr(bad)))
        if len(set(cards)) != len(cards):
            dupes = sorted(str(c) for c, k in Counter(cards).items() if k > 1)
            raise Invalid(Fault(Flaw.SAME_CARD_TWICE, names=tuple(dupes)))
        self._stock = cards
        self.seed = seed
        """The deal number this stock came from, or None for a stock given by hand."""
        self._n = 0
        self._board = Board()
        self._piles: dict[int, list[Card]] = {}
        self._status = _PLAYING
        self._loss: LossReason | None = None
        self._undo: list[Undo] = []
        """One board undo per placement, in order."""

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
        return self._board.down.bit_count()

    @property
    def pile_count(self) -> int:
        return self._board.occ.bit_count()

    @property
    def piles(self) -> Mapping[Cell, Pile]:
        """A read-only snapshot: ``(row, col)`` → :class:`Pile`, in (row, col) order."""
        down = self._board.down
        return MappingProxyType(
            {CELL[i]: Pile(tuple(self._piles[i]), not (down >> i) & 1) for i in bits(self._board.occ)}
        )

    def pile(self, cell: Cell) -> Pile | None:
        """The pile at ``cell``, or None if the cell is empty."""
        i = cell_index(cell)
        if i is None or not (self._board.occ >> i) & 1:
            return None
        return Pile(tuple(self._piles[i]), not (self._board.down >> i) & 1)

    @property
    def bounds(self) -> tuple[int, int, int, int] | None:
        """``(top row, bottom row, left column, right column)`` of the occupied cells."""
        b = self._board
        return (b.r0, b.r1, b.c0, b.c1) if b.occ else None

    @property
    def placements(self) -> list[Cell]:
        """The cells played so far, in order."""
        return [CELL[u[0]] for u in self._undo]

    def legal_moves(self) -> list[Cell]:
        """The cells where the next card may go, sorted; empty once the game is over."""
        if self._status is not _PLAYING:
            return []
        return cell_list(self._board.legal())

    def loses_wherever(self) -> bool:
        """Whether the next card loses the game on every legal cell: then no placement is a mistake, and no
        cell is worth advising.  False once the game is over."""
        moves = self.legal_moves()
        return bool(moves) and all(self.preview(cell).status is Status.LOST for cell in moves)

    def is_legal(self, cell: Cell) -> bool:
        i = cell_index(cell)
        return i is not None and self._status is _PLAYING and bool((self._board.legal() >> i) & 1)

    def refusal(self, cell: object) -> Refusal | None:
        """Why the next card may not go on ``cell``; None if it may."""
        if self._status is not _PLAYING:
            return Refusal.GAME_OVER
        board = self._board
        i = cell_index(cell)
        if i is not None and (board.legal() >> i) & 1:
            return None
        if not board.occ:
            return Refusal.FIRST_CARD_IN_THE_MIDDLE
        if i is not None and (board.full >> i) & 1:
            return Refusal.PILE_FULL
        if i is None or not board.in_window(i):
            return Refusal.TOO_WIDE
        return Refusal.NOT_NEXT_TO_A_CARD

    why_illegal = refusal

    def _legal_index(self, cell: object) -> int:
        """The board index of ``cell`` if the next card may go there; else raise :class:`IllegalMove`.

        :meth:`Board.legal` for one cell, inlined: it runs on every placement and preview.
        """
        try:
            i = INDEX[cell]  # type: ignore[index]
        except (KeyError, TypeError):  # off the board, or not a (row, col) tuple at all
            raise self._refusal(cell) from None
        board = self._board
        occ = board.occ
        bit = 1 << i
        if self._status is not _PLAYING:
            legal = False
        elif occ & bit:
            legal = not board.full & bit
        elif occ:
            legal = bool(NEIGHBOURS[i] & occ and board.win & bit)
        else:
            legal = i == ORIGIN
        if not legal:
            raise self._refusal(cell)
        return i

    def _refusal(self, cell: object) -> IllegalMove:
        """Why the next card cannot go on ``cell`` (no refusal: ``cell`` is no cell at all)."""
        reason, where = None, repr(cell)
        if isinstance(cell, tuple):
            reason = self.refusal(cell)
            where = cell_name(cell) if cell_index(cell) is not None else repr(cell)
        card = None if self.next_card is None else str(self.next_card)  # none once the game is over
        return IllegalMove(Fault(Flaw.ILLEGAL_MOVE, card, other=where, reason=reason))

    # --- changing the position ------------------------------------------

    def play(self, cell: Cell) -> Placement:
        """Place the next card on ``cell`` and resolve flips and the end of the game.

        Raises :class:`IllegalMove` and changes nothing if the rules forbid it.
        """
        i = self._legal_index(cell)
        board = self._board
        bit = 1 << i
        was_occupied = board.occ & bit
        n = self._n
        card = self._stock[n]
        row_verdict = self._verdict(card.rank, ROW_MASK_OF[i] & ~bit)
        column_verdict = self._verdict(card.rank, COL_MASK_OF[i] & ~bit)
        undo = board.place(i, card.rank)
        self._undo.append(undo)
        self._n = n = n + 1
        if was_occupied:
            self._piles[i].append(card)
        else:
            self._piles[i] = [card]
        down = board.down
        if down.bit_count() > MAX_FACE_DOWN or not down or n == len(self._stock):  # else the game goes on
            self._status, self._loss = _outcome(down, board.occ, len(self._stock) - n)
        changed = (down ^ undo[1]) & ~bit
        row, column = changed & ROW_MASK_OF[i], changed & COL_MASK_OF[i]
        return Placement(
            card,
            CELL[i],
            _ALONE_IN_ROW if row_verdict is None else LineFlip(Line.ROW, *row_verdict, self._turns(row, down)),
            _ALONE_IN_COLUMN
            if column_verdict is None
            else LineFlip(Line.COLUMN, *column_verdict, self._turns(column, down)),
        )

    push = play

    def _verdict(self, card_rank: int, line: int) -> tuple[Verdict, int | None, int | None] | None:
        """How a card of ``card_rank`` compares with the other piles of ``line`` (a mask without its cell); None
        when there are none (alone, the commonest, said by a constant)."""
        board = self._board
        others = board.occ & line
        if not others:
            return None
        return verdict(card_rank, others, [board.rank[j] for j in bits(others & ~board.down)])

    def _turns(self, turned: int, down: int) -> tuple[Turn, ...]:
        """The cards of the cells ``turned`` over, each turned the way ``down`` (the face-down tops now) says."""
        return tuple(Turn(self._piles[j][-1], CELL[j], not (down >> j) & 1) for j in bits(turned))

    def preview(self, cell: Cell) -> Preview:
        """What :meth:`play` on ``cell`` would do, and what the game would then be, changing nothing.

        Raises :class:`IllegalMove` exactly where :meth:`play` would.
        """
        i = self._legal_index(cell)
        board = self._board
        card = self._stock[self._n]
        undo = board.place(i, card.rank)
        down = board.down
        occ = board.occ
        board.unplace(undo)
        left = len(self._stock) - self._n - 1
        status, loss = _outcome(down, occ, left)
        changed = (down ^ undo[1]) & ~(1 << i)
        return Preview(
            card,
            CELL[i],
            cells(changed & ROW_MASK_OF[i]),
            cells(changed & COL_MASK_OF[i]),
            down.bit_count(),
            status,
            loss,
            left if status is _WON else None,
        )

    def undo(self) -> Card:
        """Take back the last placement exactly; returns the card, back on the stock.

        Raises :class:`IllegalMove` if nothing has been placed.
        """
        if not self._undo:
            raise IllegalMove(Fault(Flaw.NOTHING_TO_UNDO))
        undo = self._undo.pop()
        self._board.unplace(undo)
        self._n -= 1
        pile = self._piles[undo[0]]
        card = pile.pop()
        if not pile:
            del self._piles[undo[0]]
        self._status = _PLAYING
        self._loss = None
        return card

    pop = undo

    def copy(self) -> Game:
        """An independent game in the same position (with the same history)."""
        other = Game.__new__(Game)
        other._stock = self._stock
        other.seed = self.seed
        other._n = self._n
        other._board = self._board.copy()
        other._piles = {i: pile.copy() for i, pile in self._piles.items()}
        other._status = self._status
        other._loss = self._loss
        other._undo = self._undo.copy()
        return other

    def board(self) -> Board:
        """A copy of the table as the search sees it: ranks, heights and masks, no suits or history."""
        return self._board.copy()

    # --- text notations ---------------------------------------------------

    def diagram(self) -> str:
        """The table as text, as in the rulebook: ``##`` face down, ``.`` empty.

        Covers the box of the occupied cells; each cell is right-aligned in
        three characters, separated by a space.
        """
        board = self._board
        if not board.occ:
            return ""
        lines = []
        for r in range(board.r0, board.r1 + 1):
            texts = []
            for c in range(board.c0, board.c1 + 1):
                i = index(r, c)
                if not (board.occ >> i) & 1:
                    texts.append(".")
                elif (board.down >> i) & 1:
                    texts.append("##")
                else:
                    texts.append(str(self._piles[i][-1]))
            lines.append(" ".join(f"{t:>3}" for t in texts))
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

        Raises :class:`Invalid` whose fault says what is wrong with a malformed or illegal record.
        """
        if not isinstance(record, Mapping):
            raise Invalid(Fault(Flaw.RECORD_NOT_AN_OBJECT))
        if record.get("format", RECORD_FORMAT) != RECORD_FORMAT:
            raise Invalid(Fault(Flaw.RECORD_FORMAT, repr(record.get("format"))))
        version = record.get("version", RECORD_VERSION)
        if version != RECORD_VERSION:
            raise Invalid(Fault(Flaw.RECORD_VERSION, repr(version), RECORD_VERSION))
        seed = record.get("seed")
        if seed is not None:
            try:
                check_deal_number(seed)
            except Invalid as exc:
                raise Invalid(Fault(Flaw.RECORD_DEAL, inner=exc.fault)) from None
        if "stock" not in record:  # an object of some other kind: say so, not what its stock should be
            raise Invalid(Fault(Flaw.RECORD_NO_STOCK))
        stock = record.get("stock")
        if not isinstance(stock, list) or not all(isinstance(t, str) for t in stock):
            raise Invalid(Fault(Flaw.RECORD_STOCK_NOT_TEXTS))
        try:
            game = cls([Card.parse(t) for t in stock], seed=seed)
        except Invalid as exc:
            raise Invalid(Fault(Flaw.RECORD_STOCK, inner=exc.fault)) from None
        placements = record.get("placements", [])
        if not isinstance(placements, list):
            raise Invalid(Fault(Flaw.RECORD_PLACEMENTS_NOT_A_LIST))
        for n, cell in enumerate(placements, start=1):
            if (
                not isinstance(cell, (list, tuple))
                or len(cell) != 2
                or not all(isinstance(x, int) and not isinstance(x, bool) for x in cell)
            ):
                raise Invalid(Fault(Flaw.PLACEMENT_NOT_A_PAIR, repr(cell), n))
            if game.is_over:
                raise Invalid(Fault(Flaw.PLACEMENT_AFTER_THE_END, number=n, reason=game.loss_reason))
            try:
                game.play((cell[0], cell[1]))
            except IllegalMove as exc:
                raise Invalid(Fault(Flaw.PLACEMENT, number=n, inner=exc.fault)) from None
        return game

    def __eq__(self, other: object) -> bool:
        """Two games are equal when they have the same stock and the same history."""
        if not isinstance(other, Game):
            return NotImplemented
        return self._stock == other._stock and [u[0] for u in self._undo] == [u[0] for u in other._undo]

    __hash__ = None  # type: ignore[assignment]
