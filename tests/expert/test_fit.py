"""The fitting script: least squares that recover a known line, and records that follow the game."""

from __future__ import annotations

import random

import pytest
from helpers import raises_saying

from foursquare.engine import Game
from foursquare.expert.fit import Record, features, fit_score, play, solve


def test_solve_recovers_the_weights_of_an_exact_line() -> None:
    rng = random.Random(3)
    rows = [(1.0, rng.uniform(-5, 5), rng.uniform(0, 9)) for _ in range(30)]
    targets = [2.0 - 1.5 * x + 0.25 * y for _, x, y in rows]
    assert solve(rows, targets) == pytest.approx([2.0, -1.5, 0.25])
    with raises_saying(ValueError, match="more deals"):
        solve([(1.0, 2.0), (2.0, 4.0)], [1.0, 2.0])  # the columns are proportional


def test_fit_score_reads_the_cards_a_won_game_still_uses_from_its_table() -> None:
    rng = random.Random(4)
    records = []
    for deal in range(60):
        down, piles, full, left = rng.randint(0, 4), rng.randint(4, 16), rng.randint(0, 2), rng.randint(30, 39)
        used = 3 + 2 * (16 - piles) + 1 * down + 3 * full
        records.append(Record(deal, 0.9, down, piles, full, left, True, left - used))
        records.append(Record(deal, 0.1, 4, 3, 4, 30, False, 0))  # lost games do not count
    assert fit_score(records) == pytest.approx((3.0, 2.0, 1.0, 3.0))


@pytest.mark.slow
def test_a_played_deal_gives_one_record_per_placement_with_its_outcome() -> None:
    records = play(12, nodes=0)
    game = Game.deal(12)
    assert len({r.won for r in records}) == 1 and len({r.score for r in records}) == 1
    assert records[-1].left == 40 - len(records)
    assert features(game) == (0, 0, 0, 40)
    assert all(0.0 <= r.raw_chance <= 1.0 for r in records)
