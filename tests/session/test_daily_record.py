"""The daily deal's record: the days in a row its deal was won, played and won, and the best score on a replay."""

from __future__ import annotations

import json
from datetime import date, timedelta
from pathlib import Path

import pytest
from helpers import DAILY_WINS, command, press, screen_text

from foursquare.deals import deal_number
from foursquare.screen import layout
from foursquare.screen.keys import Resize
from foursquare.screen.play import build
from foursquare.session.events import Finished
from foursquare.session.game import GameSession
from foursquare.storage.stats import DailyRecord, NotCounted
from foursquare.words.session import ended_lines

DAYS = sorted(DAILY_WINS)
ONE = timedelta(days=1)


def test_the_days_in_a_row_count_up_to_today_or_yesterday_while_today_s_is_to_play() -> None:
    d = date(2026, 12, 10)
    won = {d - 3 * ONE: True, d - 2 * ONE: True, d - ONE: True}
    assert DailyRecord.of(won, d) == DailyRecord(3, 3, 3, 3)  # today's still to play: the streak stands
    assert DailyRecord.of({**won, d: True}, d) == DailyRecord(4, 4, 4, 4)
    assert DailyRecord.of({**won, d: False}, d) == DailyRecord(4, 3, 0, 3)  # today's lost
    assert DailyRecord.of(won, d + ONE) == DailyRecord(3, 3, 0, 3)  # a day missed ends it
    gap = {d - 6 * ONE: True, d - 5 * ONE: True, d - 4 * ONE: False, d - ONE: True}
    assert DailyRecord.of(gap, d) == DailyRecord(4, 3, 1, 2)
    assert DailyRecord.of({}, d) == DailyRecord(0, 0, 0, 0)
    assert DailyRecord(1, 1, 1, 1).to_json() == {"played": 1, "won": 1, "current_streak": 1, "longest_streak": 1}


def win_daily(folder: Path, day: date) -> Finished:
    """The daily deal of ``day`` won as ``foursquare --daily`` plays it that day; the game's end."""
    session, _ = GameSession.open(folder, daily=True, today=lambda: day)
    return played_out(session, DAILY_WINS[day])


def played_out(session: GameSession, cells: tuple[tuple[int, int], ...]) -> Finished:
    ended = [event for cell in cells for event in session.place(cell) if isinstance(event, Finished)]
    assert len(ended) == 1
    return ended[0]


def test_daily_deals_won_day_after_day_make_the_record_in_the_end_box_and_the_json(
    tmp_path: Path, home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for day in DAYS[:3]:
        last = win_daily(home, day)
    assert last.records is not None and last.records.daily == DailyRecord(3, 3, 3, 3)
    box = ended_lines(
        last.deal, last.status, last.score, last.not_counted, last.help, last.records, daily=last.daily
    ).every_line
    assert "Daily deals won: 3 of 3; days in a row: 3 (longest 3)." in [line.plain() for line in box]
    assert command("stats", "--json") == 0
    daily = json.loads(capsys.readouterr().out)["daily"]
    assert set(daily) == {"played", "won", "current_streak", "longest_streak"}
    assert (daily["played"], daily["won"], daily["longest_streak"]) == (3, 3, 3)


def test_a_daily_deal_played_by_its_number_before_its_day_is_not_that_day_s(home: Path) -> None:
    first, second = DAYS[0], DAYS[1]
    win_daily(home, first)
    early, _ = GameSession.open(home, seed=deal_number(second), today=lambda: first)  # tomorrow's deal, today
    played_out(early, DAILY_WINS[second])
    on_its_day = win_daily(home, second)
    assert on_its_day.not_counted is NotCounted.REPLAY
    assert on_its_day.records is not None and on_its_day.records.daily == DailyRecord(1, 1, 1, 1)  # as if not played
    assert on_its_day.records.daily.played == 1 and on_its_day.records.daily.won == 1
    next_day, _ = GameSession.open(home, today=lambda: second + ONE)
    assert next_day.records()[0].daily == DailyRecord(1, 1, 0, 1)  # the day missed ends the days in a row


def test_a_replayed_deal_says_the_best_score_on_it(home: Path) -> None:
    day = DAYS[0]
    first = win_daily(home, day)
    again, _ = GameSession.open(home, seed=first.deal, today=lambda: day)
    replay = played_out(again, DAILY_WINS[day])
    assert replay.not_counted is NotCounted.REPLAY and replay.best == first.score
    box = ended_lines(replay.deal, replay.status, replay.score, replay.not_counted, replay.help, replay.records)
    assert box.lines[0].plain().startswith("Won")
    said = ended_lines(
        replay.deal, replay.status, replay.score, replay.not_counted, replay.help, replay.records, best=replay.best
    )
    assert f"Your best score on deal {first.deal}: {first.score}." in [line.plain() for line in said.every_line]


@pytest.mark.parametrize(("width", "height"), [(80, 24), (70, 17)])
def test_the_statistics_page_shows_the_daily_record_and_still_fits(home: Path, width: int, height: int) -> None:
    for day in DAYS[:2]:
        win_daily(home, day)
    session, opening = GameSession.open(home, today=lambda: DAYS[1])
    app = build(session, opening)
    press(app, Resize(width, height), "s")
    assert app.screen is not None
    if height == 24:
        assert len(app.screen.lines) <= layout.screen_body_rows(height)  # all of it, no scrolling
    text = " ".join(screen_text(app).split())
    assert "Daily deals won: 2 of 2; days in a row: 2 (longest 2)." in text
    assert all(len(line) <= width for line in screen_text(app).splitlines())
