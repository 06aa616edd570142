"""Why a placement cost what it did: its cost split by the rank of the next card, and what the tables differ in.

The expert's value for a cell is the mean, over the rank the next card may
have (weighted by how many unseen cards have it), of its best reply to that
card (:data:`~foursquare.expert.search.Replies`).  A placement's cost is
that mean taken on two tables, the expert's and the player's, so it splits
exactly by the next card's rank: each rank's part is its share of the unseen
cards times the difference the two tables make with that card.  The ranks
that carry most of the cost, with the best reply to each on both tables and
what it leaves, are a reason a player can check on the table and use again.

The split is the search's own, read from its public results per cell and per
rank, so it holds whatever judges the tables past its horizon.  The cost is
read in cards as the review says it (to a tenth, after the shift that the
said expected score adds to both tables alike): what the rounding and that
shift leave over is spread over the ranks by their counts, as a shift of
both tables' values is, so that the parts add up to the cost.

Where no few ranks carry most of the cost it is spread over every next card,
and the reason is rather what the two tables differ in, now
(:class:`Difference`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import Enum
from typing import Any

from foursquare.engine import RANKS, Cell, Game, Status, cell_name, parse_cell
from foursquare.engine.board import COL_MASK_OF, INDEX, ROW_MASK_OF, Board, bits
from foursquare.engine.game import outcome
from foursquare.engine.values import Value

__all__ = [
    "MOST",
    "WIDEST",
    "Difference",
    "NextCard",
    "Reply",
    "TableDifference",
    "Why",
    "rank_text",
    "why_of",
]

MOST = 0.4
"""The share of a placement's cost that the ranks named must carry between them, or the cost is spread."""
WIDEST = 3
"""The most ranks named."""
STANDS_OUT = 1.5
"""A rank is named when its part of the cost is at least this many times its share of the unseen cards: a part
no larger than its cards' share is what every rank carries where the cost is spread over them all."""

_RANK_TEXT = {1: "A", **{rank: str(rank) for rank in range(2, 11)}}
_TEXT_RANK = {text: rank for rank, text in _RANK_TEXT.items()}


def rank_text(rank: int) -> str:
    """A rank as the cards write it: ``A``, ``2`` ... ``10``."""
    return _RANK_TEXT[rank]


class Reply(Value):
    """The best placement of one next card on one table: its cell (None where the table's game is over) and the
    face-down count after it; ``loses`` whether even that loses the game."""

    cell: Cell | None
    face_down: int
    loses: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"cell": cell_name(self.cell) if self.cell is not None else None, "face_down": self.face_down}


class NextCard(Value):
    """One rank the next card may have: how many unseen cards have it, its part of the cost (in cards), and the
    best reply to it on the player's table and on the expert's."""

    rank: int
    cards: int
    cost: float
    yours: Reply
    expert: Reply

    def to_json(self) -> dict[str, Any]:
        return {
            "rank": rank_text(self.rank),
            "cards": self.cards,
            "cost": round(self.cost, 1),
            "yours": self.yours.to_json(),
            "expert": self.expert.to_json(),
        }


class Difference(str, Enum):
    """What two tables can differ in that a player sees at once, the first that differs named."""

    PILES = "piles"
    """The piles on the table: each one short of the 16 of the square is one more card drawn before a win."""
    OPEN_CELLS = "open_cells"
    """The cells that can take the next card."""
    CLOSED_PILES = "closed_piles"
    """Piles of four cards: closed for good, their tops only a flip can turn back."""
    LINES_DOWN = "lines_down"
    """Rows and columns of two piles or more, every one face down: a card there turns them all face up."""
    FACE_DOWN = "face_down"


class TableDifference(Value):
    """What the player's table and the expert's differ in: which, and how many on each."""

    what: Difference
    yours: int
    expert: int

    def to_json(self) -> dict[str, Any]:
        return {"what": self.what.value, "yours": self.yours, "expert": self.expert}


class Why(Value):
    """Why a placement cost what it did (see the module)."""

    by_next_card: tuple[NextCard, ...]
    """The ranks that carry most of the cost, largest part first (at least one)."""
    rest: float
    """The part of the cost the other ranks carry (with the rounding): with the entries, the whole cost."""
    unseen: int
    """How many cards are unseen: the next card is one of them."""
    spread: bool = False
    """No few ranks carry most of the cost: :attr:`differ` says what the two tables differ in instead."""
    differ: TableDifference | None = None

    def to_json(self) -> dict[str, Any]:
        value: dict[str, Any] = {
            "by_next_card": [entry.to_json() for entry in self.by_next_card],
            "rest": round(self.rest, 1),
            "spread": self.spread,
        }
        if self.differ is not None:
            value["differ"] = self.differ.to_json()
        return value

    @classmethod
    def from_json(cls, value: Any, before: Game, cell: Cell, expert_cell: Cell) -> Why:
        """A why :meth:`to_json` kept, for the placement of ``before``'s next card on ``cell``: what the JSON
        leaves out (whether a reply loses) worked out again from the tables."""
        mine, expert = _after(before, cell), _after(before, expert_cell)
        left = before.stock_left - 1
        entries = []
        for entry in value["by_next_card"]:
            rank = _TEXT_RANK[entry["rank"]]
            yours, theirs = entry["yours"], entry["expert"]
            entries.append(
                NextCard(
                    rank,
                    int(entry["cards"]),
                    float(entry["cost"]),
                    _reply(mine, rank, _cell(yours["cell"]), left),
                    _reply(expert, rank, _cell(theirs["cell"]), left),
                )
            )
        differ = value.get("differ")
        return cls(
            tuple(entries),
            float(value["rest"]),
            left,
            bool(value.get("spread", False)),
            None
            if differ is None
            else TableDifference(Difference(differ["what"]), int(differ["yours"]), int(differ["expert"])),
        )


def _cell(name: Any) -> Cell | None:
    return None if name is None else parse_cell(str(name))


class _Table(Value):
    """A table just after a placement: its board, and whether that placement ended the game (and how)."""

    board: Board
    status: Status
    score: int


def _after(before: Game, cell: Cell) -> _Table:
    """``before``'s table with its next card on ``cell``."""
    card = before.next_card
    assert card is not None
    board = before.board()
    board.place(INDEX[cell], card.rank)
    left = before.stock_left - 1
    status, _ = outcome(board.down, board.occ, left)
    return _Table(board, status, left)


def _reply(table: _Table, rank: int, cell: Cell | None, left: int) -> Reply:
    """The reply of ``rank`` on ``cell`` of ``table`` (``left`` unseen cards, the reply one of them)."""
    board = table.board
    if table.status is not Status.PLAYING or cell is None:
        return Reply(None, board.down.bit_count(), table.status is Status.LOST)
    undo = board.place(INDEX[cell], rank)
    down = board.down.bit_count()
    status, _ = outcome(board.down, board.occ, left - 1)
    board.unplace(undo)
    return Reply(cell, down, status is Status.LOST)


def why_of(
    before: Game,
    cell: Cell,
    expert_cell: Cell,
    cost: float,
    replies: Mapping[Cell, Sequence[tuple[int, tuple[float, float], Cell]]],
    win_bonus: float,
) -> Why | None:
    """Why placing ``before``'s next card on ``cell`` cost ``cost`` cards against ``expert_cell``.

    ``replies`` are the search's per rank for each cell (``Advice.replies``)
    and ``win_bonus`` what a win is worth to it on top of the score (its
    values are the score plus that times the chance).  None where there is
    nothing to split: no unseen card, the same cell, or a cell the search
    did not see a next card from.
    """
    card = before.next_card
    if card is None or cell == expert_cell:
        return None
    unseen = [0] * (len(RANKS) + 1)
    for later in before.stock[before.placed_count + 1 :]:
        unseen[later.rank] += 1
    left = sum(unseen)
    if not left:
        return None
    tables = {cell: _after(before, cell), expert_cell: _after(before, expert_cell)}
    by_rank: dict[Cell, dict[int, tuple[float, float, Cell | None]]] = {}
    for which, table in tables.items():
        if table.status is not Status.PLAYING:  # the game ends there: every next card finds it as it is
            score = float(table.score) if table.status is Status.WON else 0.0
            value = score + win_bonus if table.status is Status.WON else 0.0
            by_rank[which] = {rank: (score, value, None) for rank in RANKS if unseen[rank]}
            continue
        found = replies.get(which)
        if not found:
            return None
        by_rank[which] = {rank: (value - win_bonus * chance, value, reply) for rank, (value, chance), reply in found}
    mine, theirs = by_rank[cell], by_rank[expert_cell]
    ranks = [rank for rank in RANKS if unseen[rank] and rank in mine and rank in theirs]
    if not ranks:
        return None
    parts = {rank: unseen[rank] / left * (theirs[rank][0] - mine[rank][0]) for rank in ranks}
    counted = sum(unseen[rank] for rank in ranks)
    over = cost - sum(parts.values())  # the rounding, and the shift said scores add to both tables alike
    parts = {rank: part + over * unseen[rank] / counted for rank, part in parts.items()}
    # a cost of next to no cards (a verdict by the win chance): the ranks that lose the search most value
    worth = {rank: unseen[rank] / left * (theirs[rank][1] - mine[rank][1]) for rank in ranks}
    weight = parts if cost >= 0.5 else worth
    order = sorted(ranks, key=lambda rank: -weight[rank])
    whole = sum(weight.values())
    named = [
        rank
        for rank in order[:WIDEST]
        if whole > 0 and weight[rank] / whole >= STANDS_OUT * unseen[rank] / counted  # more than its cards' share
    ]
    spread = not named or sum(weight[rank] for rank in named) < MOST * whole
    if spread:
        named = order[:1]
    entries = tuple(
        NextCard(
            rank,
            unseen[rank],
            round(parts[rank], 1),
            _reply(tables[cell], rank, mine[rank][2], left),
            _reply(tables[expert_cell], rank, theirs[rank][2], left),
        )
        for rank in named
    )
    rest = round(cost - sum(entry.cost for entry in entries), 1)
    differ = _difference(tables[cell].board, tables[expert_cell].board) if spread else None
    return Why(entries, rest, left, spread, differ)


def _difference(mine: Board, theirs: Board) -> TableDifference | None:
    """The first thing a player sees at once that the two tables differ in, or None if they differ in none."""
    for what in Difference:
        yours, expert = _count(mine, what), _count(theirs, what)
        if yours != expert:
            return TableDifference(what, yours, expert)
    return None


def _count(board: Board, what: Difference) -> int:
    if what is Difference.PILES:
        return board.occ.bit_count()
    if what is Difference.OPEN_CELLS:
        return board.legal().bit_count()
    if what is Difference.CLOSED_PILES:
        return board.full.bit_count()
    if what is Difference.FACE_DOWN:
        return board.down.bit_count()
    occ = board.occ
    lines = {occ & ROW_MASK_OF[i] for i in bits(occ)} | {occ & COL_MASK_OF[i] for i in bits(occ)}
    return sum(1 for line in lines if line.bit_count() >= 2 and line & board.down == line)
