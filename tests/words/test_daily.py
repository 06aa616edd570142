"""The daily deal number and the line players share."""

from __future__ import annotations

import re
from datetime import date, timedelta

import pytest
from helpers import lost_game, played, won_game

from foursquare.deals import RANDOM_DEALS, deal_number
from foursquare.engine import Game, shuffled_deck
from foursquare.storage.helped import Help
from foursquare.storage.stats import NotCounted
from foursquare.words.results import share_line, share_short


def test_daily_deal_number_is_the_date_as_digits() -> None:
    assert deal_number(date(2026, 11, 30)) == 20261130
    assert deal_number(date(2027, 1, 2)) == 20270102
    assert deal_number(date(1999, 12, 31)) == 19991231


def test_every_date_has_its_own_deal_and_the_same_date_the_same_deal() -> None:
    start = date(2000, 1, 1)
    days = [start + timedelta(days=n) for n in range(366 * 40)]
    numbers = [deal_number(day) for day in days]
    assert len(set(numbers)) == len(days)
    assert numbers == sorted(numbers)
    assert deal_number(date(2026, 11, 30)) == deal_number(date.fromisoformat("2026-11-30"))
    assert shuffled_deck(deal_number(date(2026, 11, 30))) == shuffled_deck(20261130)


def test_random_deals_never_collide_with_a_daily_deal() -> None:
    assert deal_number(date.max) < RANDOM_DEALS.start
    assert len(str(RANDOM_DEALS.start)) == len(str(RANDOM_DEALS.stop - 1)) == 12
    shuffled_deck(RANDOM_DEALS.stop - 1)  # every random deal number is a valid deal


def test_share_line_for_a_win_gives_date_deal_and_score() -> None:
    game = won_game()
    line = share_line(date(2026, 11, 30), game)
    assert line == "Foursquare daily 2026-11-30 (deal 20261130): won, score 7"


def test_share_line_for_a_loss_gives_how_far_the_player_got_and_no_cards() -> None:
    game = lost_game(20261130)
    line = share_line(date(2026, 11, 30), game)
    assert line == f"Foursquare daily 2026-11-30 (deal 20261130): lost, {game.placed_count} of 40 cards placed"
    assert "\n" not in line
    assert not re.search(r"\b(A|10|[2-9])[CDHS]\b", line)


@pytest.mark.parametrize("placed", [0, 3])
def test_share_line_of_an_unfinished_game_says_so(placed: int) -> None:
    game = played(20261130, placed) if placed else Game.deal(20261130)
    assert share_line(date(2026, 11, 30), game).endswith(f": playing, {placed} of 40 cards placed")


def test_share_line_of_a_game_that_was_not_the_day_s_counted_try_says_so() -> None:
    game, day = won_game(), date(2026, 11, 30)
    line = share_line(day, game)
    assert share_line(day, game, not_counted=NotCounted.REPLAY) == f"{line}; a replay, not counted"
    assert share_line(day, game, not_counted=NotCounted.ENDED_BEFORE) == f"{line}; played on after an undo, not counted"
    assert share_line(day, game, not_counted=NotCounted.NOT_KEPT) == line  # the try itself was the day's
    assert share_short(day, game, Help(), NotCounted.REPLAY).endswith(
        ": won, score 7, on my own; a replay, not counted"
    )
