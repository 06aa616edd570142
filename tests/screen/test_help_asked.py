"""The help a game has, on the game screen: the one question, the end box, the line to share, the statistics page.

Driven without a terminal: the App on a session of its own (in memory, or on
a data folder), with a fake expert that advises known cells.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from helpers import (
    DAILY_WINS,
    WINNING_DEAL,
    WINNING_LINE,
    count,
    line_expert,
    make_app,
    place,
    press,
    screen_text,
    session_on,
)

from foursquare.deals import deal_number
from foursquare.engine import Cell, Game
from foursquare.screen import layout
from foursquare.screen.app import NARROWEST, App, Mode
from foursquare.screen.coach import Coach
from foursquare.screen.keys import Key, Resize
from foursquare.screen.play import build
from foursquare.screen.render import message_lines
from foursquare.session.events import Aid
from foursquare.session.game import GameSession
from foursquare.storage.helped import Help
from foursquare.storage.stats import Ending, Result
from foursquare.words.helped import declined_line, help_cost, help_declined, help_question, put_off_line
from foursquare.words.text import Text, Tone


def coached(line: tuple[tuple[int, int], ...] = WINNING_LINE, seed: int = WINNING_DEAL) -> App:
    """The screen on deal ``seed`` (nothing kept), its expert advising the cells of ``line``."""
    app = App(session_on(Game.deal(seed)))
    Coach(app, think=line_expert(line), pace=0.0)
    return app


def message(app: App) -> str:
    assert app.message is not None
    return app.message.plain()


def end_box(app: App) -> list[str]:
    return [line.plain() for line in (*app.end_note, *app.end_more)]


def test_the_first_take_back_asks_and_yes_takes_it_back_and_stands_for_the_game() -> None:
    app = make_app(WINNING_DEAL)
    place(app, *WINNING_LINE[:3])
    press(app, "u")
    assert app.mode is Mode.CONFIRM and app.game.placed_count == 3  # nothing taken back before the answer
    question, cost, yes, no, later = help_question(Aid.TAKE_BACK)
    assert app.dialog is not None and (app.dialog.question.plain(), app.dialog.detail.plain()) == (question, cost)
    assert (app.dialog.yes, app.dialog.no, app.dialog.later) == (yes, no, later)
    text = screen_text(app)
    assert question in text and "counts this game as played with help" in " ".join(text.split())
    assert all(f"{key} {word}" in " ".join(text.split()) for key, word in app.dialog.answers())
    press(app, "y")
    assert app.game.placed_count == 2 and message(app).startswith("Took back")
    press(app, "u")
    assert app.dialog is None and app.game.placed_count == 1  # asked once a game
    assert app.session.help == Help(take_backs=2)


def test_a_key_pressed_by_chance_puts_the_question_off_and_decides_nothing() -> None:
    app = coached()
    place(app, *WINNING_LINE[:3])
    for stray in ("x", Key.ESCAPE, Key.LEFT, "\n"):
        press(app, "u")
        assert app.mode is Mode.CONFIRM
        press(app, stray)
        assert app.dialog is None and app.game.placed_count == 3 and message(app) == put_off_line()
    assert app.session.answer is None and app.session.help == Help()


def test_n_is_a_no_that_keeps_help_off_until_the_game_ends() -> None:
    app = coached()
    place(app, *WINNING_LINE[:3])
    press(app, "u", "n")
    assert app.dialog is None and app.game.placed_count == 3 and message(app) == declined_line()
    for key, aid in (("u", Aid.TAKE_BACK), ("t", Aid.TIP), ("a", Aid.AUTOPLAY)):
        press(app, key)
        assert app.dialog is None and message(app) == help_declined(aid)  # not asked again
    assert app.marked is None and app.game.placed_count == 3 and app.session.help == Help()
    place(app, *WINNING_LINE[3:])
    assert end_box(app)[:2] == ["Won, score 7, on your own.", "This game counts in your statistics."]
    press(app, "u")
    assert app.dialog is None and app.game.placed_count == len(WINNING_LINE) - 1  # counted: undo is free again


def test_a_tip_asks_first_and_is_counted_once_a_position() -> None:
    app = coached()
    place(app, *WINNING_LINE[:4])
    press(app, "t")
    assert app.mode is Mode.CONFIRM and app.marked is None
    press(app, "y")
    app.tick()
    assert app.marked == WINNING_LINE[4] and message(app).startswith("Tip: ")
    press(app, "t")
    assert app.dialog is None and app.session.help == Help(tips=1)
    place(app, *WINNING_LINE[4:])
    assert end_box(app) == [
        "Won, score 7 (1 tip).",
        "This game counts in all games, not on your own.",
        "All games: streak 1, won 100% of 1.",  # the record this game moved comes before the box runs short
        "On your own: none yet.",
    ]


def test_autoplay_asks_before_it_starts_and_counts_every_card_it_places() -> None:
    app = coached()
    place(app, WINNING_LINE[0])
    press(app, "a")
    assert app.mode is Mode.CONFIRM and app.dialog is not None
    assert app.dialog.question.plain() == help_question(Aid.AUTOPLAY)[0]
    press(app, "y")
    for _ in range(200):
        if not app.tick():
            break
    assert app.game.is_over and app.session.help == Help(
        autoplayed=len(WINNING_LINE) - 1, autoplayed_at=tuple(range(2, len(WINNING_LINE) + 1))
    )
    assert end_box(app)[0] == f"Won, score 7 ({len(WINNING_LINE) - 1} cards by autoplay)."


def daily_screen(folder: Path, day: date) -> App:
    """The screen as ``foursquare --daily`` builds it on ``day``, its expert advising the day's known win."""
    session, opening = GameSession.open(folder, daily=True, today=lambda: day)
    app = build(session, opening)
    Coach(app, think=line_expert(DAILY_WINS[day]), pace=0.0)  # in place of the real expert's keys
    return app


def test_four_daily_games_say_in_the_end_box_and_the_line_to_share_how_they_were_played(tmp_path: Path) -> None:
    days = list(DAILY_WINS)
    app = daily_screen(tmp_path, days[0])
    line = DAILY_WINS[days[0]]
    place(app, *line[:5])
    place(app, next(cell for cell in app.game.legal_moves() if cell != line[5]))
    press(app, "u", "y")
    place(app, *line[5:])
    assert end_box(app)[:2] == ["Won, score 20 (1 take-back).", "This game counts in all games, not on your own."]
    assert app.share == "Foursquare daily 2026-11-30 (deal 20261130): won, score 20 (1 take-back)"

    app = daily_screen(tmp_path, days[1])
    line = DAILY_WINS[days[1]]
    place(app, *line[:8])
    press(app, "t", "y")
    app.tick()
    place(app, *line[8:])
    assert app.share == "Foursquare daily 2026-12-01 (deal 20261201): won, score 19 (1 tip)"

    app = daily_screen(tmp_path, days[2])
    place(app, DAILY_WINS[days[2]][0])
    press(app, "a", "y")
    while app.tick():
        pass
    assert app.share == "Foursquare daily 2026-12-02 (deal 20261202): won, score 21 (18 cards by autoplay)"

    app = daily_screen(tmp_path, days[3])
    place(app, *DAILY_WINS[days[3]])
    assert end_box(app) == [
        "Won, score 11, on your own.",
        "This game counts in your statistics.",
        "On your own: streak 1, won 100% of 1.",
        "Daily deals won: 4 of 4; days in a row: 4 (longest 4).",
        "All games: streak 4, won 100% of 4.",
    ]
    assert app.share == "Foursquare daily 2026-12-03 (deal 20261203): won, score 11, on my own"
    assert "║ on your own.               ║" in screen_text(app)  # the end box shows it, the phrase on one line
    assert deal_number(days[3]) == app.game.seed


def test_the_statistics_page_heads_with_the_record_on_your_own_and_names_the_earlier_games(tmp_path: Path) -> None:
    for deal in range(1, 13):
        count(tmp_path, Result(deal, Ending.STOCK_EMPTY if deal % 3 else Ending.WON, None if deal % 3 else 15))
    session, opening = GameSession.open(tmp_path, seed=WINNING_DEAL)
    app = build(session, opening)
    place(app, *WINNING_LINE)
    press(app, "s")
    lines = screen_text(app).splitlines()
    assert len(lines) <= 24 and all(len(line) <= 80 for line in lines)
    heading = next(n for n, line in enumerate(lines) if "On your own" in line)
    assert lines[heading].split() == ["On", "your", "own", "All", "games"] and heading <= 3
    assert lines[heading + 1].split() == ["Games", "played", "1", "13"]
    assert lines[heading + 2].split() == ["Won", "1", "(100.0%)", "5", "(38.5%)"]
    assert any(
        line.strip() == "12 earlier games, from before help was recorded, count in all games only." for line in lines
    )
    assert any(line.strip().startswith("Winning scores on your own") for line in lines)
    assert "g your games" in lines[-1] and "scroll" in lines[-1]  # the chart of all games is further down
    press(app, Key.END)
    lines = screen_text(app).splitlines()
    title = next(n for n, line in enumerate(lines) if line.strip().startswith("Winning scores in all games"))
    assert lines[title + 1].split() == ["4", "┤", "██"]  # the 4 wins at 15 (with help: 12 earlier games)


@pytest.mark.parametrize("cells", [((0, 0),), ((0, 0), (0, 1), (1, 1), (-1, 1))])
def test_at_the_smallest_size_the_help_lines_are_shown_whole_with_their_reason(cells: tuple[Cell, ...]) -> None:
    """At 70x17 the message line is one row where the table reaches the row above it (five rows of cells),
    two where it does not: either way the help question's lines keep their reason, with no ``…``."""
    app = coached(seed=1)
    press(app, Resize(70, 17))
    place(app, *cells)
    where = layout.plan(70, 17)
    assert where is not None

    def shown() -> str:
        lines = [line.plain() for line in message_lines(app, where, 70)]
        bottom = screen_text(app).splitlines()[-len(lines) :]
        assert [row.strip() for row in bottom] == lines
        return " ".join(lines)

    press(app, "u", "x")
    assert "…" not in shown() and "nothing decided" in shown()
    press(app, "u", "n")
    assert "…" not in shown() and "on your own" in shown()
    for key in ("u", "t", "a"):
        press(app, key)
        assert "…" not in shown() and "on your own" in shown() and "help" in shown()
    held = Text((help_cost(Aid.TIP, short=True),), Tone.ERROR)
    assert len(held) <= NARROWEST and "not on your own" in held.plain()
