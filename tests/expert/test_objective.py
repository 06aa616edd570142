"""The expert's objective: the expected score of the deal (a loss scores 0) plus a bonus per win.

Checked against a plain expectimax written here from the rules' board, on a
late position whose few unseen cards let both search every order.
"""

from __future__ import annotations

import functools
import itertools

import pytest

from foursquare.engine import Card, Cell, Game
from foursquare.engine.board import CELL, MAX_FACE_DOWN, SQUARE, Board, bits
from foursquare.expert.advice import Advice, Position, advise
from foursquare.expert.evaluation import WIN_BONUS

Outcome = tuple[float, float]
"""(chance of winning, expected score) under the objective's best play."""


def exact(board: Board, counts: list[int], left: int) -> Outcome:
    """Chance and expected score after a placement with ``left`` unseen cards, best play on every draw."""
    if board.down.bit_count() > MAX_FACE_DOWN:
        return 0.0, 0.0
    if board.occ.bit_count() == SQUARE and not board.down:
        return 1.0, float(left)
    if not left:
        return 0.0, 0.0
    chance = score = 0.0
    for rank in range(1, 11):
        n = counts[rank]
        if not n:
            continue
        counts[rank] -= 1
        best = (-1.0, 0.0)
        for i in bits(board.legal()):
            undo = board.place(i, rank)
            outcome = exact(board, counts, left - 1)
            board.unplace(undo)
            if outcome[1] + WIN_BONUS * outcome[0] > best[1] + WIN_BONUS * best[0]:
                best = outcome
        counts[rank] += 1
        chance += n * best[0]
        score += n * best[1]
    return chance / left, score / left


def late_position() -> Position:
    """Deal 2 after 25 placements, next card 9H, with only an A, a 3, a 7 and a 9 left unseen."""
    game = Game.deal(2)
    for cell in [(0, 0), (-1, 0), (-2, 0), (-3, 0), (-3, 0), (-3, -1), (0, 0), (-1, 0), (-3, 0), (-2, 0), (-1, 0)]:
        game.play(cell)
    for cell in [(-2, 0), (-2, 0), (-1, 1), (-3, -2), (-3, -2), (0, -1), (0, -1), (-3, 1), (0, 1), (-3, -2)]:
        game.play(cell)
    for cell in [(-2, -2), (-2, -1), (0, -2), (-1, -1)]:
        game.play(cell)
    assert game.next_card == Card.parse("9H")
    return Position(tuple(game.piles.items()), Card.parse("9H"), (1, 0, 1, 0, 0, 0, 1, 0, 1, 0))


@functools.cache
def judged() -> tuple[dict[Cell, Outcome], Advice]:
    """Every cell of :func:`late_position` judged exactly here, and the expert's advice looking to the end."""
    position = late_position()
    board = position.board()
    counts = [0, *position.unseen]
    outcomes: dict[Cell, Outcome] = {}
    for i in bits(board.legal()):
        undo = board.place(i, position.next_card.rank)
        outcomes[CELL[i]] = exact(board, counts, position.cards_left)
        board.unplace(undo)
    return outcomes, advise(position, nodes=0, min_depth=position.cards_left + 1)


@pytest.mark.slow
def test_the_expert_rates_every_cell_by_its_exact_expected_score_and_picks_the_best() -> None:
    outcomes, advice = judged()
    for cell, score in advice.scores:
        assert abs(score - outcomes[cell][1]) < 1e-9
    assert abs(advice.raw_chance - outcomes[advice.cell][0]) < 1e-9
    best = max(outcomes.values(), key=lambda o: o[1] + WIN_BONUS * o[0])
    assert outcomes[advice.cell] == best


@pytest.mark.slow
def test_a_safe_higher_score_is_preferred_to_a_risky_one_and_the_objective_orders_every_cell() -> None:
    outcomes, advice = judged()
    order = [cell for cell, _ in advice.ranking]
    # The 9 on -1,-2 wins more often and scores more than on -3,-1: it comes first.
    safe, risky = (-1, -2), (-3, -1)
    assert outcomes[safe][0] > outcomes[risky][0] and outcomes[safe][1] > outcomes[risky][1]
    assert order.index(safe) < order.index(risky)
    # Every cell is ranked by its expected score plus the bonus per win, the best first.
    worth = [outcomes[cell][1] + WIN_BONUS * outcomes[cell][0] for cell in order]
    assert all(a >= b - 1e-9 for a, b in itertools.pairwise(worth))
