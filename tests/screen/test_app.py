# mypy: disable-error-code="comparison-overlap"
# (a test checks a state, acts, then checks again: narrowing would call the second check impossible)
"""The view-model: keys in, engine calls and screen state out, no terminal."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from helpers import WINNING_LINE, WINNING_LINE_DEAL_1, make_app, place, press, screen_for, screen_text
from hypothesis import given, settings
from hypothesis import strategies as st

from foursquare.engine import Game, Status, cell_name
from foursquare.screen import layout
from foursquare.screen.app import KEY_COLUMN, App, Command, Mode, Observer, Settings, TextScreen
from foursquare.screen.keys import Click, Input, Key, Resize
from foursquare.words.explain import preview_words
from foursquare.words.session import replay_not_yet
from foursquare.words.text import Text, Tone


class Recorder(Observer):
    def __init__(self) -> None:
        self.events: list[tuple[str, int]] = []

    def game_started(self, game: Game) -> None:
        self.events.append(("started", game.placed_count))

    def game_changed(self, game: Game) -> None:
        self.events.append(("changed", game.placed_count))

    def game_finished(self, game: Game) -> None:
        self.events.append((f"finished {game.status}", game.placed_count))

    def closing(self, game: Game) -> None:
        self.events.append(("closing", game.placed_count))


def test_starts_on_the_legal_middle_cell_and_names_the_deal() -> None:
    app = make_app(1)
    assert app.cursor == (0, 0) and app.cursor_legal
    assert app.mode is Mode.PLAYING
    assert app.message is not None and "Deal 1" in app.message.plain()


def test_arrows_and_hjkl_move_within_the_shown_cells() -> None:
    app = make_app()
    press(app, Key.RIGHT)
    assert app.cursor == (0, 0)  # only the middle cell is shown before the first card
    press(app, Key.ENTER, Key.RIGHT)
    assert app.cursor == (0, 1)
    press(app, "l", "l")
    assert app.cursor == (0, 1)  # the edge of the shown cells
    press(app, "j", "h", "h")
    assert app.cursor == (1, -1)
    press(app, Key.UP, "k", "k")
    assert app.cursor == (-1, -1)


def test_enter_places_and_explains_and_highlights_until_the_next_key() -> None:
    app = make_app(1)
    press(app, Key.ENTER, Key.RIGHT, " ")
    assert app.game.placed_count == 2
    assert app.message is not None
    text = app.message.plain()
    first, second = app.game.stock[:2]
    assert text.startswith(str(second)) and str(first) in text
    assert app.flipped == frozenset(app.game.placements[:1]) or app.flipped == frozenset()
    flipped_now = app.flipped
    press(app, "x")
    assert app.flipped == frozenset()
    assert app.message is not None and app.message.plain() == text  # the explanation stays
    assert flipped_now == {(0, 0)} or "nothing turned" in text


def test_illegal_cell_says_why_and_changes_nothing() -> None:
    app = make_app(1)
    press(app, Key.ENTER, Key.DOWN, Key.RIGHT)  # a diagonal neighbour
    assert not app.cursor_legal
    before = app.game.copy()
    press(app, Key.ENTER)
    assert app.game == before
    assert app.message is not None and app.message.tone is Tone.ERROR
    assert "next to a card" in app.message.plain()
    press(app, Key.LEFT)
    assert app.message is None  # an error goes away with the next key


def test_full_pile_and_too_wide_reasons() -> None:
    app = make_app(1)
    press(app, *[Key.ENTER] * 5)
    assert app.game.placed_count == 4
    assert app.message is not None and "already holds 4 cards" in app.message.plain()
    app = make_app(1)
    for cell in [(0, 0), (0, 1), (0, 2), (0, 3)]:
        app.place(cell)
    app.cursor = (0, -1)
    assert not app.place(app.cursor)
    assert app.message is not None and "4×4" in app.message.plain()


def test_undo_as_often_as_wanted_and_redo() -> None:
    app = make_app(1)
    app.session.answer_help(True)  # yes to the question before the first take-back (tested on its own)
    for cell in WINNING_LINE_DEAL_1[:6]:
        app.place(cell)
    after_six = app.game.copy()
    press(app, "u", "u", "u")
    assert app.game.placed_count == 3
    assert app.message is not None and app.message.plain().startswith("Took back")
    press(app, "r", "r", "r")
    assert app.game == after_six
    press(app, "r")
    assert app.message is not None and app.message.plain().startswith("Nothing to put back")
    press(app, *["u"] * 6)
    assert app.game.placed_count == 0
    press(app, "u")
    assert app.message is not None and app.message.plain() == "Nothing to take back"
    assert app.cursor in app.region


def test_d_during_a_game_says_it_replays_the_deal_once_the_game_has_ended() -> None:
    app = make_app(1)
    app.place((0, 0))
    before = app.game.copy()
    press(app, "d")
    assert app.game == before
    assert app.message is not None and app.message.plain() == replay_not_yet()


def test_undo_highlights_the_cards_it_turns_back() -> None:
    app = make_app(1)
    app.session.answer_help(True)
    app.place((0, 0))
    app.place((0, 1))
    turned = app.flipped
    assert turned  # the first placements of deal 1 turn a card over
    press(app, "u")
    assert app.flipped == turned
    assert app.message is not None and app.message.plain().endswith(" again")


def test_a_different_placement_forgets_the_redo_stack_the_same_one_keeps_it() -> None:
    app = make_app(1)
    app.session.answer_help(True)
    for cell in WINNING_LINE_DEAL_1[:4]:
        app.place(cell)
    press(app, "u", "u")
    assert len(app.session.taken_back) == 2
    app.place(WINNING_LINE_DEAL_1[2])
    assert app.session.taken_back == [WINNING_LINE_DEAL_1[3]]
    press(app, "u")
    app.place((1, 0))
    assert app.session.taken_back == []


def test_winning_shows_game_over_and_undo_reopens() -> None:
    app = make_app(1)
    recorder = Recorder()
    app.add_observer(recorder)
    for cell in WINNING_LINE_DEAL_1:
        assert app.place(cell)
    assert app.game.status is Status.WON and app.mode is Mode.GAME_OVER
    assert recorder.events[-2:] == [("changed", 25), ("finished won", 25)]
    press(app, Key.ENTER)
    assert app.message is not None and "game is over" in app.message.plain()
    press(app, "u")
    assert app.mode is Mode.PLAYING
    press(app, "q")
    assert app.mode is Mode.CONFIRM


def test_new_deal_and_quit_confirm_only_while_a_game_is_in_progress() -> None:
    app = make_app(1, deals=[42, 43])
    recorder = Recorder()
    app.add_observer(recorder)
    press(app, "n")
    assert app.game.seed == 42 and app.mode is Mode.PLAYING  # nothing played: no question
    press(app, Key.ENTER, "n")
    assert app.mode is Mode.CONFIRM
    press(app, "n")  # "n" answers no here
    assert app.game.seed == 42 and app.game.placed_count == 1
    press(app, "n", "y")
    assert app.game.seed == 43
    assert recorder.events[-2:] == [("started", 0), ("changed", 0)]
    (left,) = app.session.store.history()
    assert (left.deal, left.ending.value, left.placed) == (42, "abandoned", 1)
    press(app, Key.ENTER, "q", Key.ESCAPE)
    assert app.running and app.mode is Mode.PLAYING
    press(app, Key.ESCAPE, "Y")
    assert not app.running
    assert recorder.events[-1] == ("closing", 1)


def test_quit_at_once_when_nothing_is_at_stake() -> None:
    app = make_app()
    press(app, "q")
    assert not app.running


def test_help_lists_every_key_scrolls_and_closes_on_any_other_key() -> None:
    app = make_app()
    app.add_command(Command("tip", ("t",), "show a tip", lambda a: a.say(None)))
    press(app, "?")
    assert app.mode is Mode.SCREEN and app.screen is not None
    text = "\n".join(line.plain() for line in app.screen.lines)
    for command in app.commands:
        assert command.summary in text
    for label in ("u", "r", "n", "?", "q", "Esc", "Enter", "Space", "←", "h", "Ctrl-L", "Ctrl-Z", "t"):
        assert label in text
    width, height = layout.minimum_size()
    press(app, Resize(width, height))
    press(app, Key.DOWN, Key.DOWN, Key.PAGE_DOWN)
    assert app.scroll > 2
    press(app, Key.END)
    assert app.scroll == len(app.screen.rows(layout.page_width(width))) - layout.screen_body_rows(height)
    press(app, Key.HOME)
    assert app.scroll == 0
    press(app, "x")
    assert app.screen is None and app.mode is Mode.PLAYING and app.game.placed_count == 0


def test_extra_commands_and_screens_plug_in() -> None:
    app = make_app()
    shown: list[str] = []

    def stats(a: App) -> None:
        shown.append("stats")
        a.open_screen(TextScreen("Statistics", ()))

    app.add_command(Command("stats", ("s",), "statistics", stats))
    press(app, "s")
    assert shown == ["stats"] and app.mode is Mode.SCREEN and app.screen is not None
    assert app.screen.title == "Statistics"
    press(app, "q")  # q or Esc: back
    assert shown == ["stats"] and app.mode is Mode.PLAYING
    press(app, "s", "x")  # any other key: back
    assert shown == ["stats", "stats"] and app.mode is Mode.PLAYING
    outcomes = app.settings.outcomes
    press(app, "s", "o")  # back, and a key of the table does there what it does: nothing swallowed
    assert shown == ["stats", "stats", "stats"] and app.mode is Mode.PLAYING and app.settings.outcomes != outcomes


def test_tickers_are_polled_and_can_ask_for_a_redraw() -> None:
    app = make_app()
    calls: list[int] = []

    def ticker(a: App) -> bool:
        calls.append(a.game.placed_count)
        return len(calls) == 2

    app.add_ticker(ticker)
    assert app.tick() is False
    assert app.tick() is True
    assert calls == [0, 0]


def test_too_small_ignores_play_but_can_quit_and_recovers() -> None:
    app = make_app()
    press(app, Key.ENTER)
    width, height = layout.minimum_size()
    press(app, Resize(width - 1, height))
    assert app.mode is Mode.TOO_SMALL
    press(app, Key.ENTER, "u", Key.LEFT)
    assert app.game.placed_count == 1
    press(app, "q")
    assert app.mode is Mode.CONFIRM
    press(app, "x", Resize(width, height))
    assert app.mode is Mode.PLAYING and app.running


def test_too_small_opens_no_page_and_q_quits_over_one_opened_before() -> None:
    app = make_app()
    app.add_command(Command("stats", ("s",), "statistics", lambda a: a.open_screen(TextScreen("Statistics", ()))))
    press(app, Resize(40, 10))
    assert app.mode is Mode.TOO_SMALL
    press(app, "?", "s", "o", Key.DOWN)  # out of sight: nothing opens, nothing changes
    assert app.mode is Mode.TOO_SMALL and not app.pages and app.settings == make_app().settings
    press(app, "q")  # no game in progress: q quits at once
    assert not app.running
    app = make_app()
    press(app, "?", Resize(40, 10))  # a page opened before the terminal shrank
    press(app, "x")
    assert app.page is not None  # no key but q acts: the page is not closed out of sight
    press(app, "q")
    assert not app.running  # q quits, as the notice says, rather than close the hidden page


def test_mouse_click_places_on_the_cell_clicked() -> None:
    app = make_app(1)
    where = app.plan
    assert where is not None
    rect = layout.cell_rect(where, app.view, (0, 0))
    press(app, Click(rect.y + 1, rect.x + 2))
    assert app.game.placed_count == 1
    rect = layout.cell_rect(where, app.view, (-1, 0))
    press(app, Click(rect.y, rect.x))
    assert app.game.placements == [(0, 0), (-1, 0)] and app.cursor == (-1, 0)
    press(app, Click(0, 0))  # the title: nothing
    corner = layout.cell_rect(where, app.view, (1, 1))
    press(app, Click(corner.y, corner.x))  # a diagonal cell: refused, with the reason
    assert app.game.placed_count == 2 and app.message is not None and app.message.tone is Tone.ERROR


def test_caps_lock_does_not_kill_keys_and_ctrl_l_asks_for_a_redraw() -> None:
    app = make_app()
    press(app, Key.ENTER, "U", "Y")
    assert app.game.placed_count == 0
    press(app, Key.REDRAW)
    assert app.redraw_all


KEYS: list[Input] = [*Key, "u", "r", "n", "y", "q", "?", "h", "j", "k", "l", " ", "z", "Y", "é"]


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.sampled_from(KEYS),
            st.builds(Click, st.integers(-5, 60), st.integers(-5, 200)),
            st.builds(Resize, st.integers(0, 200), st.integers(0, 60)),
        ),
        max_size=120,
    )
)
def test_no_key_storm_breaks_the_rules_or_the_cursor(events: list[Input]) -> None:
    app = make_app(5, deals=list(range(100, 400)))
    for event in events:
        if not app.running:
            break
        app.handle(event)
        assert app.cursor in app.region
        replay = Game.from_record(app.game.to_record())
        assert replay == app.game


def test_random_play_through_keys_only_reaches_the_end() -> None:
    rng = random.Random(11)
    app = make_app(9)
    moves = [Key.UP, Key.DOWN, Key.LEFT, Key.RIGHT]
    while app.mode is not Mode.GAME_OVER:
        press(app, rng.choice(moves))
        if app.cursor_legal:
            press(app, Key.ENTER)
    assert app.game.is_over


# --- the preview, the settings and a steady table ------------------------------------


class SettingsRecorder(Observer):
    def __init__(self) -> None:
        self.seen: list[tuple[bool, bool]] = []

    def settings_changed(self, settings: Settings) -> None:
        self.seen.append((settings.preview, settings.to_come))


def test_the_bottom_line_says_what_a_placement_did_then_previews_where_the_cursor_goes() -> None:
    app = make_app(1)
    press(app, Key.ENTER)
    explained = app.message
    assert app.preview is None and app.would_flip == frozenset()
    press(app, Key.RIGHT)
    ahead = app.game.preview(app.cursor)
    assert app.preview == preview_words(app.game, ahead)
    assert app.would_flip == frozenset(ahead.flipped) and app.would_flip
    assert app.message == explained  # kept, for when the preview is turned off
    press(app, Key.DOWN)
    assert not app.cursor_legal
    assert app.preview is not None and app.preview.plain().startswith(f"{cell_name(app.cursor)}: no, ")
    assert app.would_flip == frozenset()
    press(app, Key.UP, Key.ENTER)
    assert app.preview is None and app.message is not None and app.message.plain().startswith(str(ahead.card))


def test_p_and_c_turn_the_preview_and_the_cards_to_come_off_and_on_and_tell_the_observers() -> None:
    app = make_app(1)
    recorder = SettingsRecorder()
    app.add_observer(recorder)
    press(app, Key.ENTER, Key.RIGHT)
    assert app.preview is not None
    press(app, "p")
    assert app.preview is None and app.would_flip == frozenset() and not app.settings.preview
    assert app.message == Text.of("Preview off (p turns it on)")
    press(app, Key.LEFT)
    assert app.preview is None
    press(app, "c")
    assert app.message == Text.of("Cards still to come hidden (c shows them)")
    press(app, "p")
    assert app.message == Text.of("Preview on (p turns it off)")
    press(app, Key.RIGHT)
    assert app.preview is not None
    press(app, "c")
    assert app.message == Text.of("Cards still to come shown (c hides them)")
    assert recorder.seen == [(False, True), (False, False), (True, False), (True, True)]
    help_text = "\n".join(line.plain() for line in app.help_screen().lines)
    assert "p" in help_text and "preview on/off" in help_text and "cards still to come on/off" in help_text


def test_the_app_starts_with_the_settings_it_is_given() -> None:
    app = make_app(1, settings=Settings(preview=False, to_come=False))
    press(app, Key.ENTER, Key.RIGHT)
    assert app.preview is None and not app.settings.to_come


def test_piles_keep_their_place_on_screen_while_the_cells_shown_fit() -> None:
    for seed, line in ((1, WINNING_LINE_DEAL_1), (16, WINNING_LINE)):
        app = make_app(seed)
        where = app.plan
        assert where is not None
        kept = moved = 0
        for cell in line:
            before = {c: layout.cell_rect(where, app.view, c) for c in app.game.piles}
            view = app.view
            app.place(cell)
            fits = all(c in view for c in app.region)
            after = {c: layout.cell_rect(where, app.view, c) for c in before}
            if fits:
                assert after == before
                kept += 1
            else:
                moved += 1
        assert kept > 3 * moved


def test_undo_names_the_cell_the_card_came_from() -> None:
    app = make_app(1)
    app.session.answer_help(True)
    place_cells = [(0, 0), (0, 1)]
    for cell in place_cells:
        app.place(cell)
    press(app, "u")
    assert app.message is not None and f" from {cell_name((0, 1))}" in app.message.plain()


def test_every_key_line_of_the_help_keeps_its_keys_apart_from_what_they_do(tmp_path: Path) -> None:
    app = screen_for(tmp_path)  # every page wired: the games list's keys are the longest
    keys = [line.tokens for line in app.help_screen().lines if line.tone is Tone.KEYS]
    assert any(len(str(head)) > 2 + KEY_COLUMN for head, _ in keys)
    assert all(str(head).endswith("  ") or not said for head, said in keys), [head for head, _ in keys]


def test_what_the_keys_do_lines_up_on_the_help_even_after_the_longest_run_of_keys(tmp_path: Path) -> None:
    """At 80x24 every key's words start in one column: the games list's long run of keys (↑ ↓ PgUp PgDn
    Home End k j) has a line of its own rather than pushing ``choose a game`` along."""
    app = screen_for(tmp_path)
    rows = [row.plain() for row in app.help_screen().rows(layout.page_width(80)) if row.tone is Tone.KEYS]
    long = next(n for n, row in enumerate(rows) if "PgUp PgDn Home End" in row)
    assert rows[long].rstrip().endswith("k j") and rows[long + 1] == " " * (2 + KEY_COLUMN) + "choose a game"
    for row in rows[:long] + rows[long + 1 :]:
        assert row[: 2 + KEY_COLUMN].endswith("  ") and row[2 + KEY_COLUMN] != " ", row
        assert len(row) <= layout.page_width(80)


@pytest.mark.parametrize(("width", "height"), [(80, 24), (70, 17), (100, 40)])
def test_a_key_that_does_nothing_under_the_end_box_is_said_too(width: int, height: int) -> None:
    app = make_app(1)
    app.width, app.height = width, height
    place(app, *WINNING_LINE_DEAL_1)
    assert app.game.is_over
    press(app, "x")
    assert "x: not a key here" in screen_text(app)
    press(app, Key.LEFT)
    assert "←: not a key here" in screen_text(app)  # no cursor is shown to move
    press(app, "d")  # the same deal again: the note goes with the key that did something
    assert "not a key here" not in screen_text(app)


def test_a_key_that_does_nothing_on_the_table_is_said_in_the_panel_and_the_explanation_stays() -> None:
    app = make_app()
    place(app, (0, 0), (0, 1))
    explained = app.message
    press(app, "x")
    assert "x: not a key here" in screen_text(app)
    assert app.message == explained and not app.previewing  # the last placement's explanation stays on its line
    press(app, Key.RIGHT)
    assert "not a key here" not in screen_text(app)
    press(app, "1", Key.BACKSPACE)
    assert "Backspace: not a key here" in screen_text(app) and "1:" not in screen_text(app)
    press(app, "u")  # a key that does something says nothing of the kind
    assert "not a key here" not in screen_text(app)


@pytest.mark.parametrize(("width", "height"), [(80, 24), (70, 17)])
def test_a_key_with_no_name_is_said_whole_in_the_panel(width: int, height: int) -> None:
    app = make_app()
    place(app, (0, 0))
    press(app, Resize(width, height), Key.OTHER)
    assert "Not a key here" in screen_text(app) and "…" not in screen_text(app)


def test_a_key_a_page_does_not_know_is_the_pages_to_handle() -> None:
    app = make_app()
    press(app, "?", "x")  # any other key closes the help
    assert app.page is None and app.stray is None


def test_the_help_lists_the_keys_of_every_page_the_way_back_included() -> None:
    lines = [line.plain() for line in make_app().help_screen().lines]
    at = lines.index("Keys on every page that has none of its own for them")
    assert lines[at + 1 : at + 3] == [f"  {'?':<{KEY_COLUMN}}this help", f"  {'q Esc':<{KEY_COLUMN}}back"]
