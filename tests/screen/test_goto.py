"""Going to a cell by name: the ``/`` prompt on the message line, without a terminal."""

from __future__ import annotations

from helpers import lost_game, make_app, place, press, screen_text, session_on

from foursquare.engine import parse_cell
from foursquare.screen import layout
from foursquare.screen.app import App, Mode
from foursquare.screen.goto import MAX_TYPED, CellPrompt
from foursquare.screen.keys import Click, Key
from foursquare.words.text import Tone


def prompted(seed: int = 1) -> tuple[App, CellPrompt]:
    app = make_app(seed)
    return app, CellPrompt(app)


def bottom(app: App) -> str:
    """The message line, and the row above it when the message took two (at 80×24 it is blank otherwise)."""
    rows = screen_text(app).splitlines()
    return " ".join(row.strip() for row in rows[-2:] if row.strip())


def test_slash_opens_a_prompt_and_enter_moves_the_cursor_to_the_cell_named() -> None:
    app, prompt = prompted()
    place(app, (0, 0))
    said = app.message
    press(app, "/")
    assert prompt.is_open and bottom(app).startswith("Go to cell: _")
    press(app, "e", "4")
    assert bottom(app).startswith("Go to cell: e4_")
    press(app, Key.ENTER)
    assert not prompt.is_open and app.cursor == parse_cell("e4")
    assert bottom(app).startswith("e4: ")  # the preview of the cell, as after a move
    assert app.game.placed_count == 1 and app.message == said
    press(app, Key.ENTER)  # Enter places as usual
    assert app.game.placements[-1] == parse_cell("e4")


def test_a_bad_name_gets_its_reason_in_the_prompt_which_stays_open() -> None:
    app, prompt = prompted()
    place(app, (0, 0))
    press(app, "/", "z", "9", Key.ENTER)
    assert prompt.is_open and app.cursor == (0, 0)
    assert app.message is not None and app.message.tone is Tone.ERROR
    assert "Go to cell: z9_" in bottom(app) and "z9 is not a cell name: columns go from a to g" in bottom(app)
    press(app, Key.BACKSPACE, Key.BACKSPACE, "d", "3", Key.ENTER)
    assert not prompt.is_open and app.cursor == parse_cell("d3")


def test_a_name_typed_after_a_refusal_replaces_the_refused_one_and_slash_starts_afresh() -> None:
    app, prompt = prompted()
    place(app, (0, 0))
    press(app, "/", "z", "9", Key.ENTER, "d", "3")
    assert prompt.typed == "d3" and "Go to cell: d3_" in bottom(app) and "z9" not in bottom(app)
    press(app, "x", "/")
    assert prompt.typed == "" and bottom(app).startswith("Go to cell: _")
    press(app, "a", "1", Key.ENTER, "/", "e", "4", Key.ENTER)
    assert not prompt.is_open and app.cursor == parse_cell("e4")


def test_a_cell_off_the_table_is_refused_with_the_cells_shown() -> None:
    app, prompt = prompted()
    place(app, (0, 0))
    press(app, "/", "a", "1", Key.ENTER)
    assert prompt.is_open and "a1 is not on the table now: the cells shown go from c3 to e5" in bottom(app)
    press(app, Key.ENTER)  # nothing typed
    press(app, Key.BACKSPACE, Key.BACKSPACE, Key.ENTER)
    assert "type a cell name first: columns go from a to g" in bottom(app)


def test_keys_typed_in_the_prompt_are_not_commands_and_escape_puts_the_line_back() -> None:
    app, prompt = prompted()
    place(app, (0, 0))
    said = app.message
    press(app, "/", "q", "n", "u")
    assert app.running and app.dialog is None and app.game.placed_count == 1
    press(app, *"abcdefghij")
    assert prompt.typed is not None and len(prompt.typed) == MAX_TYPED
    press(app, Key.ESCAPE)
    assert not prompt.is_open and app.message == said and app.running


def test_an_arrow_or_a_click_closes_the_prompt_and_does_what_it_always_does() -> None:
    app, prompt = prompted()
    place(app, (0, 0))
    press(app, "/", "e", Key.RIGHT)
    assert not prompt.is_open and app.cursor == (0, 1)
    press(app, "/")
    where = app.plan
    assert where is not None
    rect = layout.cell_rect(where, app.view, (-1, 0))
    press(app, Click(rect.y + 1, rect.x + 2))
    assert not prompt.is_open and app.game.placements[-1] == (-1, 0)


def test_the_prompt_closes_when_a_page_opens_over_the_table() -> None:
    app, prompt = prompted()
    press(app, "/")
    app.open_screen(app.help_screen())
    press(app, Key.DOWN)
    assert not prompt.is_open and app.page is not None


def test_no_prompt_once_the_game_is_over() -> None:
    app = App(session_on(lost_game()))
    prompt = CellPrompt(app)
    assert app.mode is Mode.GAME_OVER
    press(app, "/")
    assert not prompt.is_open
    help_text = "\n".join(line.plain() for line in app.help_screen().lines)
    assert "go to a cell by name" in help_text


def test_a_key_the_prompt_does_not_take_says_why_in_the_prompt_which_stays_open() -> None:
    app, prompt = prompted()
    place(app, (0, 0))
    press(app, "/", "e")
    for key, label in ((Key.PAGE_UP, "PgUp"), ("\t", "Tab"), (Key.OTHER, "")):
        press(app, key)
        assert prompt.is_open and prompt.typed == "e", key
        assert app.message is not None and app.message.tone is Tone.ERROR
        said = f"{label} does nothing here" if label else "that key does nothing here"
        assert "Go to cell: e_" in bottom(app) and said in bottom(app)
    press(app, "4", Key.ENTER)
    assert not prompt.is_open and app.cursor == parse_cell("e4")


def test_a_first_letter_no_cell_name_begins_with_is_said_at_once_and_backspace_clears_it() -> None:
    app, prompt = prompted()
    place(app, (0, 0))
    press(app, "/", "z")
    assert prompt.is_open and app.message is not None and app.message.tone is Tone.ERROR
    assert "Go to cell: z_" in bottom(app) and "z is not a cell name: columns go from a to g" in bottom(app)
    press(app, Key.BACKSPACE, "d")  # a name begins so: the prompt as usual
    assert app.message is not None and app.message.tone is not Tone.ERROR and "not a cell name" not in bottom(app)
    press(app, "9")
    assert "d9 is not a cell name" in bottom(app)  # no row 9: said at once too


def test_a_letter_past_the_most_the_prompt_takes_is_said_not_dropped_unseen() -> None:
    app, prompt = prompted()
    place(app, (0, 0))
    press(app, "/", *" " * MAX_TYPED)
    assert prompt.typed == " " * MAX_TYPED and "at most" not in bottom(app)
    press(app, "d")
    assert prompt.typed == " " * MAX_TYPED and app.message is not None and app.message.tone is Tone.ERROR
    assert f"the prompt takes {MAX_TYPED} characters at most" in bottom(app)
