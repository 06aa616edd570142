"""The game screen wired to the saved game and the statistics, without a terminal."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import (
    DAY,
    LOSING_DEAL,
    LOSING_LINE,
    NO_FILE_SIZE_LIMIT,
    WINDOWS,
    WINNING_DEAL,
    WINNING_LINE,
    WINNING_LINE_DEAL_1,
    count,
    keep,
    left_again,
    lost_game,
    make_app,
    no_room_to_grow,
    on_disk,
    place,
    played,
    press,
    screen_for,
    screen_text,
    session_on,
)
from helpers import counted as results

from foursquare.deals import deal_number
from foursquare.engine import Game, Status, parse_cell
from foursquare.screen import layout
from foursquare.screen.app import App, Command, Mode
from foursquare.screen.keys import Key, Resize
from foursquare.screen.play import BAR_ROWS, Request, StatsPage, build, main, records_screen, stats_screen
from foursquare.session.errors import CommandError
from foursquare.session.events import Trouble
from foursquare.session.game import GameSession, Opening
from foursquare.storage.formats import FinishedGame, utc_now
from foursquare.storage.helped import Help
from foursquare.storage.schema import DB_FILE
from foursquare.storage.stats import Ending, Records, Result, Stats
from foursquare.storage.store import Store
from foursquare.storage.upgrade import GAME_FILE
from foursquare.words.results import SCORE_MEANING
from foursquare.words.stats import TITLE
from foursquare.words.text import Tone


def message(app: App) -> str:
    assert app.message is not None
    return app.message.plain()


# --- saving and counting --------------------------------------------------------


def test_every_placement_undo_and_redo_is_saved_and_the_app_plays_the_sessions_game(tmp_path: Path) -> None:
    app = screen_for(tmp_path, Request(seed=WINNING_DEAL))
    assert app.game is app.session.game
    place(app, *WINNING_LINE[:3])
    assert on_disk(tmp_path).placements == list(WINNING_LINE[:3])
    press(app, "u", "y", "u")  # the first take-back asks once
    assert on_disk(tmp_path).placements == list(WINNING_LINE[:1])
    press(app, "r")
    assert on_disk(tmp_path).placements == list(WINNING_LINE[:2])
    assert app.game is app.session.game and results(tmp_path) == []


def test_a_finished_game_is_counted_once_even_after_undo_and_redo(tmp_path: Path) -> None:
    app = screen_for(tmp_path, Request(seed=WINNING_DEAL))
    place(app, *WINNING_LINE)
    assert app.game.status is Status.WON and app.mode is Mode.GAME_OVER
    assert results(tmp_path) == [Result(WINNING_DEAL, Ending.WON, 7)]
    assert "turned" in message(app) or "nothing" in message(app)  # the last card is still explained
    press(app, "u", "r", "u", "r")
    assert results(tmp_path) == [Result(WINNING_DEAL, Ending.WON, 7)]
    assert app.share is None and app.notices == []


def test_the_daily_deal_ends_with_the_line_to_share(tmp_path: Path) -> None:
    app = screen_for(tmp_path, Request(daily=True))
    assert app.game.seed == deal_number(DAY)
    assert message(app).startswith("Daily deal of 2026-11-30 (deal 20261130): place ")
    while not app.game.is_over:
        place(app, app.game.legal_moves()[0])
    share = f"Foursquare daily 2026-11-30 (deal 20261130): lost, {app.game.placed_count} of 40 cards placed, on my own"
    assert app.share == share
    assert app.message is not None and app.message.plain() == share and app.message.tone is Tone.GOOD
    assert [r.deal for r in results(tmp_path)] == [20261130]
    press(app, "d")  # the same deal again: a replay, which its line to share must not pass off as the day's try
    assert message(app).startswith("Daily deal of 2026-11-30 (deal 20261130) was counted before, so this game")
    while not app.game.is_over:
        place(app, app.game.legal_moves()[0])
    assert app.share == f"{share}; a replay, not counted"
    assert [r.deal for r in results(tmp_path)] == [20261130]


def test_new_deal_asks_says_it_counts_as_a_loss_and_counts_it(tmp_path: Path) -> None:
    app = screen_for(tmp_path, Request(seed=WINNING_DEAL))
    place(app, *WINNING_LINE[:2])
    press(app, "n")
    assert app.dialog is not None and app.dialog.question.plain() == "Start a new deal?"
    assert app.dialog.detail.plain() == f"Leaving deal {WINNING_DEAL} now counts it as a loss in your statistics."
    press(app, "x")  # anything but y keeps the game
    assert app.dialog is None and app.game.placed_count == 2 and results(tmp_path) == []
    press(app, "n", "y")
    assert results(tmp_path) == [Result(WINNING_DEAL, Ending.ABANDONED)]
    assert app.game is app.session.game and app.game.placed_count == 0 and app.game.seed != WINNING_DEAL
    assert on_disk(tmp_path) == app.game
    assert message(app).startswith(f"Deal {app.game.seed}: place ")


def test_leaving_a_deal_counted_before_says_it_changes_nothing(tmp_path: Path) -> None:
    count(tmp_path, Result(9, Ending.STOCK_EMPTY))
    app = screen_for(tmp_path, Request(seed=9))
    card = app.game.next_card
    assert (
        message(app)
        == f"Deal 9 was counted before, so this game will not count: place {card} in the middle (d4) to begin"
    )
    place(app, (0, 0))
    press(app, "n")
    assert app.dialog is not None
    assert app.dialog.detail.plain() == "Deal 9 was counted before: leaving it changes nothing in your statistics."


def test_a_finished_game_starts_a_new_deal_without_asking(tmp_path: Path) -> None:
    app = screen_for(tmp_path, Request(seed=WINNING_DEAL))
    place(app, *WINNING_LINE)
    press(app, "n")
    assert app.dialog is None and app.game.placed_count == 0
    assert results(tmp_path) == [Result(WINNING_DEAL, Ending.WON, 7)]


# --- starting -------------------------------------------------------------------


def test_resuming_greets_and_puts_the_cursor_on_a_legal_cell(tmp_path: Path) -> None:
    game = Game.deal(WINNING_DEAL)
    for cell in WINNING_LINE[:4]:  # four cards on (0, 0): the last cell played is full
        game.play(cell)
    keep(tmp_path, game)
    app = screen_for(tmp_path)
    assert app.game == game and app.mode is Mode.PLAYING
    assert message(app) == f"Welcome back: deal {WINNING_DEAL} as you left it, 4 cards placed"
    assert app.cursor_legal


def table_of(app: App) -> list[str]:
    """The rows of the table area as drawn, the message line and the panel left out."""
    where = app.plan
    assert where is not None
    return [row[: where.panel.x] for row in screen_text(app).split("\n")[: where.message_y - 1]]


def test_a_resumed_game_draws_its_table_where_it_was(tmp_path: Path) -> None:
    app = screen_for(tmp_path, Request(seed=1))
    place(app, *WINNING_LINE_DEAL_1[:9])
    press(app, "c", "c")  # a key: the cards just turned lose their double frame
    before = table_of(app)
    again = screen_for(tmp_path)
    assert again.game == app.game and again.cursor == app.cursor
    assert table_of(again) == before
    assert again.view != layout.first_view(again.region)  # a fresh look would have centred it elsewhere


def test_taking_a_card_back_draws_the_table_as_it_was_before_the_card(tmp_path: Path) -> None:
    app = screen_for(tmp_path, Request(seed=1))
    place(app, *WINNING_LINE_DEAL_1[:4])
    press(app, "c", "c")
    before, view = table_of(app), app.view
    place(app, WINNING_LINE_DEAL_1[4])  # it moves the window up a row
    assert app.view != view
    press(app, "u", "y", "c", "c")
    app.cursor = WINNING_LINE_DEAL_1[3]
    assert table_of(app) == before


def test_the_outcomes_setting_is_kept_for_the_next_run(tmp_path: Path) -> None:
    app = screen_for(tmp_path, Request(seed=1))
    assert app.settings.outcomes  # on for a new player
    press(app, "o")
    assert not screen_for(tmp_path).settings.outcomes
    press(app, "o")
    assert screen_for(tmp_path).settings.outcomes


def test_d_in_the_end_box_plays_the_same_deal_again_and_it_does_not_count(tmp_path: Path) -> None:
    app = screen_for(tmp_path, Request(seed=WINNING_DEAL))
    assert "Deal 16: place" in message(app)
    press(app, "d")  # while the game goes on: it says when it works, and does nothing
    assert app.game.placed_count == 0 and message(app).startswith("d plays the same deal again once this game")
    place(app, *WINNING_LINE)
    assert app.game.is_over and ("d", "replay") in app.end_keys
    assert "d replay" in screen_text(app)
    press(app, "d")
    assert not app.game.is_over and app.game == Game.deal(WINNING_DEAL)
    assert message(app).startswith(f"Deal {WINNING_DEAL} was counted before, so this game will not count")
    place(app, *WINNING_LINE)
    assert [result.deal for result in results(tmp_path)] == [WINNING_DEAL]
    assert any("Not counted" in line.plain() for line in app.end_note)


@pytest.mark.parametrize("key", [Key.ENTER, "t", "a"])
def test_once_the_game_is_over_the_message_offers_the_keys_of_the_end_box(tmp_path: Path, key: Key | str) -> None:
    app = screen_for(tmp_path, Request(seed=LOSING_DEAL))
    place(app, *map(parse_cell, LOSING_LINE))
    assert app.game.is_over
    press(app, key)
    offered = ", ".join(f"{key} {word}" for key, word in app.end_keys)
    assert offered == "n new deal, d replay, u undo, v review, m log, q quit"
    assert message(app) == f"The game is over: {offered}"


def box_of(app: App) -> str:
    """The words of the end box, its lines joined."""
    where = app.plan
    assert where is not None
    return " ".join(" ".join(row[where.panel.x :] for row in screen_text(app).splitlines()).replace("║", " ").split())


def test_the_end_box_keeps_its_title_its_headline_and_every_key_at_the_smallest_size(tmp_path: Path) -> None:
    app = screen_for(tmp_path, Request(seed=1))
    place(app, *WINNING_LINE_DEAL_1)
    press(app, "d")
    place(app, *WINNING_LINE_DEAL_1)  # a replay: the box says more
    full = box_of(app)
    said = ("Won, score 15, on your own.", "Not counted: deal 1 was counted before (a replay).")
    for words in (SCORE_MEANING, *said, "On your own: streak 1, won 100% of 1."):
        assert words in full
    assert "Score 15" not in full  # the figure once, in the result line, and what it means after it
    assert full.index("Won, score 15,") < full.index(SCORE_MEANING)
    assert "All games: streak 1, won 100% of 1." in full
    app.handle(Resize(70, 17))
    box = box_of(app)
    for words in ("YOU WON!", *said, "On your own: streak 1, won 100% of 1."):
        assert words in box
    assert SCORE_MEANING not in box and "All games" not in box  # short of rows: said elsewhere
    for key in ("n new deal", "d replay", "u undo", "q quit", "m log", "v review"):
        assert key in box


def test_a_deal_asked_for_while_a_game_is_in_progress_asks_first(tmp_path: Path) -> None:
    keep(tmp_path, played(5, 3))
    app = screen_for(tmp_path, Request(seed=7))
    assert app.game.seed == 5 and app.dialog is not None
    assert app.dialog.question.plain() == "Play deal 7?" and "counts it as a loss" in app.dialog.detail.plain()
    assert app.dialog.no == "go on with deal 5"
    press(app, Key.ESCAPE)
    assert app.game.seed == 5 and app.running and results(tmp_path) == []
    assert message(app) == "Welcome back: deal 5 as you left it, 3 cards placed"

    again = screen_for(tmp_path, Request(daily=True))
    assert again.dialog is not None and again.dialog.question.plain() == "Play today's deal?"
    press(again, "y")
    assert again.game.seed == deal_number(DAY) and again.session.daily == DAY
    assert results(tmp_path) == [Result(5, Ending.ABANDONED)]
    assert on_disk(tmp_path) == again.game


def test_a_damaged_saved_game_is_one_line_on_screen_and_kept_for_after_the_game(tmp_path: Path) -> None:
    (tmp_path / GAME_FILE).write_text('{"format": "foursquare-saved-game", "version": 1, "game": {"stock": [1,2')
    app = screen_for(tmp_path)
    assert app.game.placed_count == 0 and app.message is not None and app.message.tone is Tone.ERROR
    line = app.message.plain()
    (aside,) = tmp_path.glob("game.json.*.corrupt")
    assert line.startswith("The saved game could not be used (not valid JSON") and "\n" not in line
    assert line.endswith(f"; it was moved to {aside} and a new game was dealt.") and app.notices == [line]
    assert app.message_short is not None
    assert app.message_short.plain() == "Damaged saved game renamed game.json.…corrupt; more when you quit."


@pytest.mark.parametrize("width", [80, 70])
def test_a_damaged_database_is_a_whole_line_on_screen_and_the_full_one_after_the_game(
    tmp_path: Path, width: int
) -> None:
    (tmp_path / DB_FILE).write_bytes(bytes((i * 37 + 11) % 256 for i in range(2000)))
    app = screen_for(tmp_path, width=width)
    (aside,) = tmp_path.glob(DB_FILE + ".*.corrupt")
    bottom = screen_text(app).splitlines()[-1].strip()
    assert bottom == "Damaged database renamed foursquare.db.…corrupt; more when you quit."
    assert app.notices == [
        f"The database of your games could not be used (not a database); it was moved to {aside}"
        " and a fresh one was started."
    ]


def test_a_game_that_ended_but_could_not_be_counted_at_the_start_is_counted_when_the_screen_opens(
    tmp_path: Path,
) -> None:
    lost = lost_game()
    assert lost.seed is not None
    session = GameSession(tmp_path, lost, Store.open(tmp_path)[0])  # what GameSession.open leaves when it was busy
    note = f"Could not count deal {lost.seed} in the statistics: another foursquare kept the database busy too long."
    app = build(session, Opening(Trouble(note), None))
    assert results(tmp_path) == [Result(lost.seed, Ending.TOO_MANY_FACE_DOWN)]
    assert app.mode is Mode.GAME_OVER and app.notices == [note]


# --- trouble with the files -----------------------------------------------------


@pytest.mark.skipif(WINDOWS, reason=NO_FILE_SIZE_LIMIT)
def test_a_full_disk_is_one_line_and_quitting_says_the_game_will_be_lost(tmp_path: Path) -> None:
    app = screen_for(tmp_path, Request(seed=5))
    place(app, (0, 0))
    press(app, "q")
    assert app.dialog is not None and app.dialog.question.plain() == "Quit this game?"
    assert app.dialog.detail.plain() == "Your game is saved: run foursquare again to go on where you left off."
    press(app, "x")
    with no_room_to_grow(tmp_path):
        place(app, app.game.legal_moves()[0])
    assert app.message is not None and app.message.tone is Tone.ERROR
    assert message(app) == "Could not save the game: the disk refused to read or write."
    assert app.notices == ["Could not save the game: the disk refused to read or write."]
    press(app, "q")
    assert app.dialog is not None and app.dialog.detail.plain() == "This game could not be saved, so it will be lost."
    press(app, "x", "u", "y")
    assert on_disk(tmp_path).placed_count == 1
    press(app, "q", "y")
    assert not app.running


def test_a_data_folder_that_is_a_file_lets_the_game_go_on_unsaved(tmp_path: Path) -> None:
    folder = tmp_path / "home"
    folder.write_text("not a folder")
    app = screen_for(folder)
    assert message(app).startswith(f"Cannot keep games in {folder}")
    place(app, (0, 0))
    press(app, "q")
    assert app.dialog is not None and app.dialog.detail.plain() == "This game could not be saved, so it will be lost."
    press(app, "x", "s")
    assert app.screen is not None and app.screen.lines[0].plain().startswith("Could not read the statistics")
    assert folder.read_text() == "not a folder"


# --- the statistics page --------------------------------------------------------


def test_s_shows_the_statistics_with_bars_and_it_is_in_the_help(tmp_path: Path) -> None:
    app = screen_for(tmp_path, Request(seed=WINNING_DEAL))
    place(app, *WINNING_LINE)
    press(app, "s")
    assert app.mode is Mode.SCREEN and app.screen is not None and app.screen.title == TITLE
    text = screen_text(app)
    flat = " ".join(text.split())
    assert "On your own All games" in flat
    for want in ("Games played 1 1", "Won 1 (100.0%) 1 (100.0%)", "Lost 0 0", "Best score 7 7", "score 7.0 7.0"):
        assert want in flat
    chart = text.splitlines()
    bar_row = next(line for line in chart if "┤" in line)
    assert bar_row.rstrip().endswith("██") and len(bar_row.rstrip()) == len(bar_row.split("┤")[0]) + 1 + 8 * 3
    assert any(line.startswith("score  0  1  2") and line.endswith("23 24") for line in chart)  # all 80 columns
    press(app, "x", "?")
    assert app.screen is not None
    assert any("your statistics" in line.plain() and line.plain().strip().startswith("s ") for line in app.screen.lines)


def test_the_statistics_page_keeps_its_left_margin_beside_a_chart_as_wide_as_the_screen(tmp_path: Path) -> None:
    app = screen_for(tmp_path, Request(seed=WINNING_DEAL))
    place(app, *WINNING_LINE)
    press(app, "s")
    rows = screen_text(app).splitlines()
    assert rows[0].startswith(" Foursquare: your statistics")
    table = [row for row in rows[2:] if row.strip() and not row.startswith("Winning scores")][:11]
    assert table[1].startswith(" Games played") and all(row.startswith(" ") for row in table), table
    axis = next(row for row in rows if row.lstrip().startswith("score"))
    bars = next(row for row in rows if "┤" in row)
    corner = next(row for row in rows if "└" in row)
    assert axis.startswith("score  0") and bars.index("┤") == corner.index("└") == 4  # the chart stays aligned


def test_a_key_of_the_table_pressed_on_the_statistics_page_goes_back_and_does_what_it_does_there(
    tmp_path: Path,
) -> None:
    app = screen_for(tmp_path, Request(seed=WINNING_DEAL))
    place(app, *WINNING_LINE)
    press(app, "s", "d")  # d: the same deal again, not swallowed by "any other key: back"
    assert app.page is None and app.game.placed_count == 0 and app.game.seed == WINNING_DEAL
    press(app, "s", "s")  # s again closes the page it opened
    assert app.page is None and app.mode is Mode.PLAYING
    press(app, "s", "q")  # q and Esc go back, and only back: quitting is the table's q
    assert app.page is None and app.running and app.dialog is None
    press(app, "s", "?", "m")  # the help over the statistics: m goes back to them, where it means nothing more
    assert isinstance(app.page, StatsPage)


def test_the_statistics_page_in_ascii(tmp_path: Path) -> None:
    count(tmp_path, Result(3, Ending.WON, 12))
    app = screen_for(tmp_path, ascii=True)
    press(app, "s")
    assert app.screen is not None
    lines = [line.plain() for line in app.screen.lines]
    assert any(line.endswith("##") and "+" in line for line in lines)
    assert all(line.isascii() for line in lines)


def test_the_statistics_page_fits_the_terminal_and_follows_a_resize(tmp_path: Path) -> None:
    for deal in range(20):
        count(tmp_path, Result(deal, Ending.WON, 5))  # one bar 20 high: drawn as tall as there is room
    app = screen_for(tmp_path)
    press(app, "s")
    assert app.screen is not None
    assert len(app.screen.lines) == layout.screen_body_rows(24)  # all of it, no scrolling, on 80×24
    press(app, Resize(80, 40))  # a page is drawn afresh for the size it is shown at
    assert app.screen is not None and sum("┤" in line.plain() or "│" in line.plain() for line in app.screen.lines) == 8
    press(app, "x", Resize(80, 24))
    assert app.screen is None


def test_the_statistics_page_bars_are_three_rows_at_least() -> None:
    stats = Stats.from_results([Result(n, Ending.WON, n % 2) for n in range(10)])
    page = stats_screen(stats, height=17)
    assert sum("│" in line.plain() or "┤" in line.plain() for line in page.lines) == BAR_ROWS.start
    page = stats_screen(stats, height=17, note="Your statistics could not be loaded")
    assert page.lines[0].tone is Tone.ERROR


@pytest.mark.parametrize(
    ("alone", "helped", "titles"),
    [
        (2, 0, ["Winning scores on your own"]),  # the same wins twice over: one chart
        (0, 2, ["Winning scores in all games"]),  # none on your own: the chart with wins
        (2, 3, ["Winning scores on your own", "Winning scores in all games"]),
        (0, 0, ["Winning scores on your own"]),  # no win yet: the empty chart says so
    ],
)
def test_the_statistics_page_charts_the_wins_with_help_too(alone: int, helped: int, titles: list[str]) -> None:
    on_own, with_help = Help(0, 0, 0, False), Help(0, 1, 0, False)
    games = [(Result(n, Ending.WON, 10), on_own) for n in range(alone)]
    games += [(Result(100 + n, Ending.WON, 20), with_help) for n in range(helped)]
    page = records_screen(Records.from_results(games), height=24)
    shown = [line.plain().split(" (")[0] for line in page.lines if line.plain().startswith("Winning scores")]
    assert shown == titles


# --- the App's hooks the wiring uses ---------------------------------------------


def test_a_command_with_a_taken_name_replaces_the_old_one_in_place() -> None:
    app = make_app(1)
    names = [c.name for c in app.commands]
    ran: list[str] = []
    app.add_command(Command("new", ("n", "N"), "a different new deal", lambda a: ran.append("new")))
    assert [c.name for c in app.commands] == names
    press(app, "n", "N")
    assert ran == ["new", "new"] and app.dialog is None
    help_lines = [line.plain() for line in app.help_screen().lines]
    assert sum("a different new deal" in line for line in help_lines) == 1
    assert not any(line.endswith("  new deal") for line in help_lines)


def test_a_deal_replaces_the_game_on_the_table_and_greets_it() -> None:
    app = App(session_on(played(1, 3), deals=[5]))
    press(app, "u")
    app.deal()
    assert app.game.seed == 5 and app.cursor_legal and app.session.taken_back == []
    assert message(app).startswith("Deal 5: place ")


# --- the command --------------------------------------------------------------


def test_main_without_a_terminal_touches_no_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("FOURSQUARE_HOME", str(tmp_path / "home"))
    with pytest.raises(CommandError, match="needs a terminal") as stopped:
        main(Request(seed=3))
    assert stopped.value.status == 1
    assert not (tmp_path / "home").exists()


@pytest.mark.parametrize(("width", "height"), [(80, 24), (70, 17)])
def test_the_statistics_page_footer_names_the_history_key(tmp_path: Path, width: int, height: int) -> None:
    count(tmp_path, Result(3, Ending.WON, 12))
    app = screen_for(tmp_path)
    press(app, Resize(width, height), "s")
    footer = screen_text(app).splitlines()[-1]
    assert "g your games · " in footer and "other key" in footer and len(footer) <= width


def test_on_a_wide_terminal_the_history_page_keeps_the_time_and_whole_results(tmp_path: Path) -> None:
    """A table, as a chart, may be wider than a page of text: at 100 columns nothing is left out or cut."""
    left_again(tmp_path, 3)
    app = screen_for(tmp_path)
    press(app, Resize(100, 30), "g")
    text = screen_text(app)
    assert "ended (UTC)" in text and "left before the end, not counted" in text and "…" not in text
    assert all(len(line) <= 100 for line in text.splitlines())


@pytest.mark.parametrize(("width", "height"), [(80, 24), (70, 17)])
def test_the_history_page_keeps_every_column_whole(tmp_path: Path, width: int, height: int) -> None:
    endings = [(Ending.TOO_MANY_FACE_DOWN, None), (Ending.STOCK_EMPTY, None), (Ending.WON, 7), (Ending.ABANDONED, None)]
    with Store.open(tmp_path)[0] as store:
        for n, (ending, score) in enumerate(endings * 3):
            deal = 123456789012 + n % 5  # twelve digits, as random deals have; some played again
            again = n >= 5  # its deal was played before: a replay, which does not count
            helped = (None, Help(played_before=again), Help(take_backs=2, tips=1, played_before=again))[n % 3]
            store.record(FinishedGame(None, deal, None, None, utc_now(), ending, score, 31, True, None, helped))
    app = screen_for(tmp_path)
    press(app, Resize(width, height), "g")
    lines = screen_text(app).splitlines()
    heading = next(line for line in lines if "placed" in line)
    assert heading.split() in (
        ["id", "ended", "(UTC)", "deal", "score", "placed", "help", "result"],
        ["id", "ended", "deal", "score", "placed", "help", "result"],
    )
    assert all(len(line) <= width for line in lines) and "…" not in heading
    for line in filter(str.strip, lines[lines.index(heading) + 1 : -1]):
        assert line[: heading.index("help")].rstrip().endswith("31"), line  # every column up to the result whole
        assert line[heading.index("help") : heading.index("result")].strip() in ("-", "no", "yes"), line
    assert any("lost: 5+ down" in line for line in lines) and any("replay" in line for line in lines)
