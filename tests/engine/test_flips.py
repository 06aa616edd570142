"""Why a placement turned cards over, as the engine reports it with each placement (its row's and column's
verdicts), checked against the rulebook's test worked out here on the piles before it."""

from __future__ import annotations

import random

from helpers import random_placements

from foursquare.engine import Cell, Line, LineFlip, Pile, Verdict
from foursquare.engine.board import flip_mask
from foursquare.engine.flips import verdict


def _rulebook(card_rank: int, others: list[Pile]) -> tuple[Verdict, int | None, int | None]:
    """The rulebook's row (or column) test, read straight from its words."""
    if not others:
        return Verdict.ALONE, None, None
    up = [p.top.rank for p in others if p.face_up]
    if not up:
        return Verdict.ALL_DOWN, None, None
    if all(card_rank > r for r in up):
        return Verdict.HIGHEST, None, None
    if all(card_rank < r for r in up):
        return Verdict.LOWEST, None, None
    if card_rank in up and card_rank in (min(up), max(up)):
        return Verdict.TIE, card_rank, card_rank
    return Verdict.BETWEEN, min(up), max(up)


def test_each_placement_reports_its_lines_verdicts_as_the_rulebook_decides_them() -> None:
    seen: set[Verdict] = set()
    for before, placement in random_placements(3, 200):
        row, col = placement.cell
        lines: list[tuple[LineFlip, list[Pile], tuple[Cell, ...]]] = [
            (placement.row, [p for (r, c), p in before.items() if r == row and c != col], placement.row_flipped),
            (placement.column, [p for (r, c), p in before.items() if c == col and r != row], placement.column_flipped),
        ]
        for flip, others, flipped in lines:
            assert (flip.verdict, flip.low, flip.high) == _rulebook(placement.card.rank, others)
            assert flip.verdict.turns_over == bool(flipped)
            assert tuple(t.cell for t in flip.turns) == flipped
            assert flip.turned == tuple(before[c].top for c in flipped)
            assert all(t.up == (not before[t.cell].face_up) for t in flip.turns)
            seen.add(flip.verdict)
        assert (placement.row.line, placement.column.line) == (Line.ROW, Line.COLUMN)
    assert seen == set(Verdict)


def test_the_verdict_and_the_searchs_flip_mask_agree() -> None:
    rng = random.Random(5)
    for _ in range(5000):
        others = rng.randrange(1 << 7)
        down = rng.randrange(1 << 7) & others
        ranks = [rng.randint(1, 10) for _ in range(7)]
        rank = rng.randint(1, 10)
        up = [ranks[i] for i in range(7) if others >> i & 1 and not down >> i & 1]
        found, _, _ = verdict(rank, others, up)
        assert bool(flip_mask(others, down, ranks, rank)) == found.turns_over


def test_the_rulebooks_tie_example() -> None:
    # face-up 3 and 8 elsewhere in the row: an 8 turns nothing (a tie), a 9 or a 2 turns both
    assert verdict(8, 0b11, [3, 8]) == (Verdict.TIE, 8, 8)
    assert verdict(9, 0b11, [3, 8])[0] is Verdict.HIGHEST
    assert verdict(2, 0b11, [3, 8])[0] is Verdict.LOWEST
    assert verdict(5, 0b11, [3, 8]) == (Verdict.BETWEEN, 3, 8)
