"""The engine against a deliberately plain reading of the rules.

The engine packs the table into bitboards for speed; this reference keeps a
dict of piles and follows the rulebook sentence by sentence.  Hypothesis plays
both side by side and they must agree on every placement.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from foursquare.engine import Card, Game, IllegalMove, LossReason, Status

Cell = tuple[int, int]


@dataclass
class ReferenceGame:
    stock: list[Card]
    piles: dict[Cell, list[Card]] = field(default_factory=dict)
    up: dict[Cell, bool] = field(default_factory=dict)
    drawn: int = 0
    status: str = "playing"
    reason: str | None = None

    def legal(self) -> list[Cell]:
        if self.status != "playing":
            return []
        if not self.piles:
            return [(0, 0)]
        cells: set[Cell] = {cell for cell, pile in self.piles.items() if len(pile) < 4}
        for r, c in self.piles:
            for cell in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if cell not in self.piles:
                    cells.add(cell)

        def fits(cell: Cell) -> bool:
            occupied = [*self.piles, cell]
            rows = [r for r, _ in occupied]
            cols = [c for _, c in occupied]
            return max(rows) - min(rows) <= 3 and max(cols) - min(cols) <= 3

        return sorted(cell for cell in cells if fits(cell))

    def play(self, cell: Cell) -> tuple[list[Cell], list[Cell]]:
        assert cell in self.legal()
        card = self.stock[self.drawn]
        self.drawn += 1
        self.piles.setdefault(cell, []).append(card)
        self.up[cell] = True
        flipped = []
        for axis in (0, 1):  # the row, then the column
            others = sorted(o for o in self.piles if o != cell and o[axis] == cell[axis])
            face_up = [self.piles[o][-1].rank for o in others if self.up[o]]
            extreme = not face_up or all(card.rank > r for r in face_up) or all(card.rank < r for r in face_up)
            turned = others if extreme else []
            for o in turned:
                self.up[o] = not self.up[o]
            flipped.append(turned)
        down = sum(not u for u in self.up.values())
        if down > 4:
            self.status, self.reason = "lost", "too_many_face_down"
        elif len(self.piles) == 16 and down == 0:
            self.status = "won"
        elif self.drawn == len(self.stock):
            self.status, self.reason = "lost", "stock_empty"
        return flipped[0], flipped[1]


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(st.integers(0, 2**64 - 1), st.data())
def test_engine_agrees_with_the_plain_reading(seed: int, data: st.DataObject) -> None:
    game = Game.deal(seed)
    reference = ReferenceGame(list(game.stock))
    while reference.status == "playing":
        legal = reference.legal()
        assert game.legal_moves() == legal
        cell = data.draw(st.sampled_from(legal))
        row, col = reference.play(cell)
        placement = game.play(cell)
        assert list(placement.row_flipped) == row
        assert list(placement.column_flipped) == col
        assert {c: p.face_up for c, p in game.piles.items()} == reference.up
        assert {c: list(p.cards) for c, p in game.piles.items()} == reference.piles
    assert game.status == Status(reference.status)
    assert game.loss_reason == (LossReason(reference.reason) if reference.reason else None)
    assert game.legal_moves() == []


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**64 - 1), st.data())
def test_why_illegal_explains_exactly_the_illegal_cells(seed: int, data: st.DataObject) -> None:
    game = Game.deal(seed)
    for _ in range(data.draw(st.integers(0, 20))):
        if game.is_over:
            break
        game.play(data.draw(st.sampled_from(game.legal_moves())))
    legal = set(game.legal_moves())
    for r in range(-4, 5):
        for c in range(-4, 5):
            reason = game.why_illegal((r, c))
            assert (reason is None) == ((r, c) in legal)
            assert game.is_legal((r, c)) == ((r, c) in legal)
            if reason is not None:
                before = game.to_record()
                try:
                    game.play((r, c))
                except IllegalMove as exc:
                    assert reason in str(exc)
                else:
                    raise AssertionError(f"{(r, c)} was played although {reason!r}")
                assert game.to_record() == before
