"""Honest chances: the calibration table and Brier score, and the fitted curve that maps raw chances."""

from __future__ import annotations

import pytest

from foursquare.engine import Game
from foursquare.expert import advice as advice_module
from foursquare.expert.advice import Position, advise
from foursquare.expert.calibration import (
    LEARNED_SCORE_OFFSETS,
    UNSURE,
    brier_score,
    buckets,
    calibrated,
    isotonic_curve,
    said_score,
    score_buckets,
    score_offsets,
)

# Placements said to have these chances, and whether their game was then won.
HAND_MADE = [
    (0.2, False),
    (0.4, True),
    (0.6, True),
    (0.65, False),
    (0.9, True),
    (0.95, True),
    (0.95, False),
    (1.0, True),
]


def test_brier_score_is_the_mean_squared_gap_between_chance_and_outcome() -> None:
    expected = (0.04 + 0.36 + 0.16 + 0.4225 + 0.01 + 0.0025 + 0.9025 + 0.0) / 8
    assert brier_score(HAND_MADE) == pytest.approx(expected)
    assert brier_score([(1.0, True), (0.0, False)]) == 0.0
    assert brier_score([]) is None


def test_buckets_count_the_placements_in_each_range_with_their_mean_chance_and_how_often_won() -> None:
    table = buckets(HAND_MADE, (0.0, 0.5, 0.9, 1.0))
    assert [(b["low"], b["high"], b["placements"]) for b in table] == [(0.0, 0.5, 2), (0.5, 0.9, 2), (0.9, 1.0, 4)]
    low, middle, high = table
    assert low["predicted"] == pytest.approx(0.3) and low["observed"] == 0.5
    assert middle["predicted"] == pytest.approx(0.625) and middle["observed"] == 0.5
    assert high["predicted"] == pytest.approx(0.95) and high["observed"] == 0.75  # 1.0 falls in the last
    empty = buckets([(0.1, True)], (0.0, 0.5, 1.0))[1]
    assert empty["placements"] == 0 and empty["predicted"] is None and empty["observed"] is None


def test_calibrated_reads_the_curve_between_its_points_and_never_leaves_0_to_1() -> None:
    curve = ((0.0, 0.0), (0.5, 0.8), (0.9, 0.95), (1.0, 1.0))
    assert calibrated(0.25, curve) == pytest.approx(0.4)
    assert calibrated(0.5, curve) == pytest.approx(0.8)
    assert calibrated(0.7, curve) == pytest.approx(0.875)
    assert calibrated(1.0, curve) == 1.0 and calibrated(1.5, curve) == 1.0 and calibrated(-1.0, curve) == 0.0
    # Only a certain win is said to be certain, however well its like have gone.
    assert calibrated(0.95, ((0.0, 0.0), (0.9, 1.0), (1.0, 1.0))) == UNSURE < 1.0


def test_the_fitted_curve_never_falls_and_pools_to_the_observed_rates() -> None:
    pairs = [(0.1, False)] * 3 + [(0.2, True)] + [(0.5, False)] + [(0.6, True)] * 3 + [(0.9, True)] * 4
    curve = isotonic_curve(pairs, least=1)
    rates = [y for _, y in curve]
    assert rates == sorted(rates)
    # 0.1 (won 0 of 3), then 0.2 and 0.5 pooled (won 1 of 2), then every higher one won.
    assert curve[1] == pytest.approx((0.1, 0.0))
    assert curve[2] == pytest.approx((0.35, 0.5))
    assert curve[3][1] == 1.0
    # Pools of at least 4: the first four (won 1), then the loss at 0.5 falls below them and joins.
    assert isotonic_curve(pairs, least=4)[1] == pytest.approx((1.0 / 5, 1 / 5))


def test_score_buckets_set_the_mean_score_said_beside_the_mean_score_reached() -> None:
    # (expected score said at a placement, the final score of its game: 0 for a loss)
    pairs = [(3.0, 0.0), (9.5, 12.0), (10.5, 8.0), (19.0, 21.0), (24.0, 24.0)]
    table = score_buckets(pairs, (0.0, 10.0, 20.0, 24.0))
    assert [(b["low"], b["high"], b["placements"]) for b in table] == [(0.0, 10.0, 2), (10.0, 20.0, 2), (20.0, 24.0, 1)]
    low, middle, high = table
    assert low["said"] == pytest.approx(6.25) and low["reached"] == pytest.approx(6.0)
    assert middle["said"] == pytest.approx(14.75) and middle["reached"] == pytest.approx(14.5)
    assert high["said"] == 24.0 and high["reached"] == 24.0  # 24 falls in the last
    empty = score_buckets([(1.0, 0.0)], (0.0, 5.0, 10.0))[1]
    assert empty["placements"] == 0 and empty["said"] is None and empty["reached"] is None


def test_score_offsets_are_the_mean_shortfall_pooled_from_the_most_unseen_down() -> None:
    said = [(30, 10.0, 18.0), (30, 12.0, 18.0), (29, 15.0, 18.0), (10, 17.0, 18.0), (10, 17.0, 0.0)]
    offsets = score_offsets(said, least=2)
    assert len(offsets) == 31
    assert offsets[30] == 7.0  # (8 + 6) / 2: two placements fill the pool
    assert offsets[29] == offsets[11] == offsets[10] == -4.33  # (3 + 1 - 17) / 3, pooled down to 10
    assert offsets[0] == offsets[9] == -4.33  # nothing seen below 10: the nearest pool holds
    assert score_offsets([]) == ()


def test_a_last_pool_too_small_joins_the_one_before() -> None:
    said = [(30, 10.0, 18.0), (30, 12.0, 18.0), (20, 17.0, 18.0), (20, 17.0, 18.0), (5, 10.0, 19.0)]
    offsets = score_offsets(said, least=2)
    assert offsets[30] == 7.0
    assert offsets[20] == offsets[5] == offsets[0] == 3.67  # (1 + 1 + 9) / 3: one placement alone is too few
    assert score_offsets(said, least=0) == score_offsets(said, least=1)


def test_the_said_score_is_shifted_within_0_and_the_most_a_deal_can_still_give() -> None:
    offsets = (1.0, 2.0, 3.0)
    assert said_score(10.0, 1, 24, offsets) == 12.0
    assert said_score(10.0, 30, 24, offsets) == 13.0  # past the end, the last entry holds
    assert said_score(10.0, 2, 11.5, offsets) == 11.5
    assert said_score(0.0, 2, 24, offsets) == 0.0  # a cell that loses says 0
    assert said_score(-0.0, 2, 24, (-5.0,)) == 0.0


def test_every_cell_of_a_position_is_shifted_alike_so_costs_are_the_searchs_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert LEARNED_SCORE_OFFSETS, "the package carries fitted offsets"
    game = Game.deal(4)
    for cell in [(0, 0), (0, 1), (1, 1)]:
        game.play(cell)
    position = Position.of(game)
    said = advise(position, nodes=20_000)
    monkeypatch.setattr(advice_module, "said_score", lambda raw, unseen, most, offsets: raw)
    raw = advise(position, nodes=20_000)
    shift = LEARNED_SCORE_OFFSETS[min(sum(position.unseen), len(LEARNED_SCORE_OFFSETS) - 1)]
    assert said.raw_expected == raw.expected_score
    assert said.expected_score == pytest.approx(raw.expected_score + shift)
    for (cell, score), (same, unshifted) in zip(said.scores, raw.scores, strict=True):
        assert cell == same and (unshifted == 0.0 or score == pytest.approx(unshifted + shift))
