"""Danger: the unseen cards that would lose the game wherever the next of them went.

A one-card look-ahead over ranks, exact by the rules: for each rank still
unseen, every cell a card of that rank could go on is tried on the table,
and the rank is deadly when each of them ends the game in a loss (more
than four face down, or the stock's last card placed without completing
the square).  Cheap enough for every key (ten ranks on a dozen cells), and
needing no search: it loads without the expert's tables.
"""

from __future__ import annotations

from collections.abc import Sequence

from foursquare.engine import RANKS, Cell, Game, Status
from foursquare.engine.board import INDEX, Board, bits
from foursquare.engine.game import outcome
from foursquare.engine.values import Value

__all__ = ["NO_DANGER", "Danger", "danger_after", "danger_of"]


class Danger(Value):
    """How many unseen cards would lose wherever they went, and their ranks (lowest first)."""

    cards: int
    ranks: tuple[int, ...]
    unseen: int = 0
    """How many cards are still unseen: the danger is ``cards`` of these."""

    def to_json(self) -> dict[str, object]:
        return {"cards": self.cards, "ranks": [_RANK_TEXT[rank] for rank in self.ranks]}


_RANK_TEXT = {1: "A", **{rank: str(rank) for rank in range(2, 11)}}

NO_DANGER = Danger(0, ())


def danger_of(board: Board, unseen: Sequence[int]) -> Danger:
    """The danger on ``board`` (the table now) with ``unseen[r - 1]`` unseen cards of rank ``r``.

    ``board`` is changed while it is looked at and put back.
    """
    left = sum(unseen)
    if not left:
        return Danger(0, (), 0)
    cells = list(bits(board.legal()))
    deadly = []
    for rank in RANKS:
        if unseen[rank - 1] and all(_loses(board, i, rank, left - 1) for i in cells):
            deadly.append(rank)
    return Danger(sum(unseen[rank - 1] for rank in deadly), tuple(deadly), left)


def _loses(board: Board, i: int, rank: int, left: int) -> bool:
    """Whether a card of ``rank`` on index ``i`` loses, ``left`` cards in the stock after it."""
    undo = board.place(i, rank)
    status, _ = outcome(board.down, board.occ, left)
    board.unplace(undo)
    return status is Status.LOST


def danger_after(game: Game, cell: Cell) -> Danger:
    """The danger after ``game``'s next card went on ``cell`` (a legal cell): none once that ends the game."""
    card = game.next_card
    if card is None or game.preview(cell).status is not Status.PLAYING:
        return NO_DANGER
    board = game.board()
    board.place(INDEX[cell], card.rank)
    unseen = [0] * len(RANKS)
    for later in game.stock[game.placed_count + 1 :]:
        unseen[later.rank - 1] += 1
    return danger_of(board, unseen)
