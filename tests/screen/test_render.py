"""Frames as the renderer composes them: content, edges, ASCII, and no meaning in colour alone."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest
from helpers import (
    LOSING_DEAL,
    LOSING_LINE,
    OUTCOMES_DEAL,
    OUTCOMES_LINE,
    WINNING_LINE_DEAL_1,
    left_again,
    make_app,
    place,
    press,
    screen_for,
    screen_text,
    session_on,
)

from foursquare.engine import MAX_FACE_DOWN, Card, Game, LossReason, Status, cell_name, parse_cell
from foursquare.screen import layout
from foursquare.screen.app import App, Mode
from foursquare.screen.keys import Key, Resize
from foursquare.screen.play import stats_screen
from foursquare.screen.render import Span, Style, message_rows, render, still_to_come
from foursquare.session.presenter import Question
from foursquare.storage.stats import LOSSES, Stats
from foursquare.words.cards import Spelling
from foursquare.words.glyphs import ASCII, FLIP_MARK, UNICODE, to_ascii
from foursquare.words.grammar import capitalized
from foursquare.words.results import loss_words
from foursquare.words.screen import PANEL, outcome_mark, too_small_words
from foursquare.words.text import Text, Tone, fitted, wrap, wrap_under


def screen(spans: list[Span], width: int, height: int) -> list[str]:
    rows = [[" "] * width for _ in range(height)]
    for y, x, text, _ in spans:
        for i, ch in enumerate(text):
            rows[y][x + i] = ch
    return ["".join(r) for r in rows]


def frame(app: App, width: int = 80, height: int = 24, ascii: bool = False) -> list[str]:
    app.handle(Resize(width, height))
    return screen(render(app, width, height, ascii=ascii), width, height)


def style_at(spans: list[Span], y: int, x: int) -> Style | None:
    found = None
    for sy, sx, text, style in spans:
        if sy == y and sx <= x < sx + len(text):
            found = style
    return found


def _states() -> list[App]:
    """A spread of screens: start, mid-game, flips, dialog, help, won, lost."""
    apps = [make_app(1)]
    rng = random.Random(5)
    app = make_app(2)
    while not app.game.is_over:
        app.place(rng.choice(app.game.legal_moves()))
        if app.game.placed_count in (3, 9):
            apps.append(_clone(app))
    apps.append(app)
    won = make_app(1)
    for cell in WINNING_LINE_DEAL_1:
        won.place(cell)
    apps.append(won)
    asking = make_app(1)
    asking.place((0, 0))
    asking.handle("q")
    apps.append(asking)
    helping = make_app(1)
    helping.handle("?")
    apps.append(helping)
    return apps


def _clone(app: App) -> App:
    other = App(session_on(app.game.copy()))
    other.cursor, other.flipped, other.message = app.cursor, app.flipped, app.message
    return other


STATES = _states()


@pytest.mark.parametrize("size", [(0, 0), (1, 1), (5, 3), (30, 10), (69, 16), (70, 17), (80, 24), (81, 25), (150, 50)])
def test_nothing_is_drawn_past_the_edges(size: tuple[int, int]) -> None:
    width, height = size
    for app in STATES:
        app.handle(Resize(width, height))
        for y, x, text, _ in render(app, width, height):
            assert 0 <= y < height and x >= 0 and x + len(text) <= width and text


def test_the_table_screen_shows_next_card_stock_deal_and_message() -> None:
    app = make_app(1)
    next_card = app.game.next_card
    assert next_card is not None
    rows = frame(app)
    text = "\n".join(rows)
    label = next_card.rank_text + UNICODE.suits[next_card.suit]
    assert "Next card" in text and label in text
    assert "40 cards left" in text
    assert "Deal       1" in text
    assert rows[23].strip().startswith("Deal 1: place " + label)
    assert "? help" in text and "q quit" in text


def test_how_far_into_the_deck_the_next_card_is_shows_whole_beside_it_at_every_size() -> None:
    app = make_app(1)
    place(app, *[(0, c) for c in range(4)], *[(1, c) for c in range(4)], (2, 0))  # the tenth card is next
    for width, height in itertools.product(range(60, 141), (24, 33, 40)):
        rows = frame(app, width, height)
        if app.plan is None:
            continue
        assert "10 of 40" in "\n".join(rows), (width, height)
    assert "card 10 of 40" in "\n".join(frame(app, 80, 24)) and "card 10 of 40" in "\n".join(frame(app, 140, 40))


def test_piles_show_rank_suit_back_and_height() -> None:
    app = make_app(1)
    for cell in [(0, 0), (0, 0), (0, 1)]:
        app.place(cell)
    rows = frame(app)
    where = app.plan
    assert where is not None
    for cell, pile in app.game.piles.items():
        rect = layout.cell_rect(where, app.view, cell)
        inside = "".join(rows[y][rect.x : rect.x + rect.width] for y in range(rect.y, rect.y + rect.height))
        if pile.face_up:
            assert pile.top.rank_text + UNICODE.suits[pile.top.suit] in inside
        else:
            assert UNICODE.back * (rect.width - 2) in inside
        bottom = rows[rect.y + rect.height - 1][rect.x : rect.x + rect.width]
        assert bottom.count(UNICODE.pip) == len(pile)


def test_legal_and_illegal_empty_cells_look_different() -> None:
    app = make_app(1)
    app.place((0, 0))
    app.cursor = (0, 0)
    spans = render(app, 80, 24)
    rows = screen(spans, 80, 24)
    where = app.plan
    assert where is not None
    for cell in app.region:
        if app.game.pile(cell) is not None or cell == app.cursor:
            continue
        rect = layout.cell_rect(where, app.view, cell)
        top_left = rows[rect.y][rect.x]
        inside = {rows[y][x] for y in range(rect.y, rect.y + rect.height) for x in range(rect.x, rect.x + rect.width)}
        if app.game.is_legal(cell):
            assert top_left == UNICODE.slot.tl
        else:
            assert inside == {" "}


def test_cursor_marks_differ_on_a_forbidden_cell() -> None:
    app = make_app(1)
    app.place((0, 0))
    app.cursor = (0, 1)
    good = "\n".join(frame(app))
    assert UNICODE.mark_left in good and UNICODE.mark_bad not in good
    app.cursor = (1, 1)
    bad = "\n".join(frame(app))
    assert UNICODE.mark_bad in bad and UNICODE.mark_left not in bad


def test_turned_cards_have_their_own_frame_until_the_next_key() -> None:
    app = make_app(1)
    app.place((0, 0))
    app.place((0, 1))
    assert app.flipped
    where = app.plan
    assert where is not None
    cell = next(iter(app.flipped))
    rect = layout.cell_rect(where, app.view, cell)
    assert frame(app)[rect.y][rect.x] == UNICODE.flipped.tl
    app.handle("x")
    assert frame(app)[rect.y][rect.x] == UNICODE.card.tl


def test_face_down_meter_warns_in_words_at_four() -> None:
    for down in range(MAX_FACE_DOWN + 1):
        game = _game_with_face_down(down)
        app = App(session_on(game))
        text = "\n".join(frame(app))
        meter = UNICODE.meter_on * down + UNICODE.meter_off * (MAX_FACE_DOWN - down)
        assert f"{meter} {down}/{MAX_FACE_DOWN}" in text
        assert ("One more face down loses!" in text) == (down == MAX_FACE_DOWN)


def test_face_down_meter_of_a_lost_game_says_more_than_four_not_6_of_4() -> None:
    game = Game.deal(LOSING_DEAL)
    for name in LOSING_LINE:
        game.play(parse_cell(name))
    assert game.is_over and game.face_down_count == 6
    text = "\n".join(frame(App(session_on(game))))
    assert f"{UNICODE.meter_on * MAX_FACE_DOWN} 6 > {MAX_FACE_DOWN}" in text
    assert f"6/{MAX_FACE_DOWN}" not in text


def _game_with_face_down(count: int) -> Game:
    rng = random.Random(count)
    for seed in range(500):
        game = Game.deal(seed)
        while not game.is_over:
            if game.face_down_count == count:
                return game
            game.play(rng.choice(game.legal_moves()))
    raise AssertionError(f"no position with {count} face down")


def test_won_banner_shows_score_and_keys() -> None:
    app = make_app(1)
    for cell in WINNING_LINE_DEAL_1:
        app.place(cell)
    text = " ".join(" ".join(frame(app)).replace("║", " ").split())
    assert "YOU WON!" in text and f"Won, score {app.game.score}," in text
    assert "n new deal" in text and "q quit" in text
    assert "Next card" not in text


@pytest.mark.parametrize(("width", "height"), [(80, 24), (70, 17)])
def test_the_won_banner_keeps_on_your_own_on_one_line(width: int, height: int) -> None:
    app = make_app(1)
    for cell in WINNING_LINE_DEAL_1:
        app.place(cell)
    rows = frame(app, width, height)
    left = max(row.rfind("╔") for row in rows)  # the end box's, right of the table's won cells
    box = [row[left:].strip("║ ") for row in rows]
    assert "on your own." in box, box


def test_lost_banner_gives_the_reason() -> None:
    app = STATES[3]
    assert app.game.is_over and app.game.loss_reason is not None
    rows = frame(app)
    where = app.plan
    assert where is not None
    panel = " ".join(" ".join(row[where.panel.x :] for row in rows).replace("║", " ").split())
    assert "GAME LOST" in panel
    assert loss_words(app.game.loss_reason).capitalize() in panel


def test_long_explanations_fall_back_to_the_short_form_then_get_cut() -> None:
    app = make_app(1)
    long = Text.of("x" * 100)
    app.say(long, Text.of("short form"))
    assert frame(app)[23].strip() == "short form"
    app.say(long)
    last = frame(app)[23]
    assert last.rstrip().endswith("…") and len(last) == 80


def _after_a_long_explanation() -> App:
    """A game just after a placement whose full explanation is too long for one line at 80 columns."""
    rng = random.Random(2)
    for deal in range(50):
        app = make_app(deal)
        while not app.game.is_over:
            app.place(rng.choice(app.game.legal_moves()))
            message = app.message
            if message is not None and 80 < len(message) <= 140 and not app.game.is_over:
                return app
    raise AssertionError("no long explanation found")


def _bottom_rows(app: App, width: int, height: int, rows: int) -> list[str]:
    return [row.strip() for row in frame(app, width, height)[height - rows :]]


def test_a_message_too_long_for_one_line_wraps_onto_a_second_whole() -> None:
    app = _after_a_long_explanation()
    assert app.message is not None
    said = Spelling().text(app.message)
    first, second = _bottom_rows(app, 80, 24, 2)
    assert first and second and f"{first} {second}" == said
    assert "…" not in first + second
    where = layout.plan(80, 24)
    assert where is not None and where.message_rows == 2
    ascii_rows = [row.strip() for row in frame(app, 80, 24, ascii=True)[22:]]
    assert " ".join(ascii_rows) == Spelling(ascii=True).text(app.message)


def test_a_message_too_long_for_two_lines_is_cut_with_an_ellipsis_on_the_second() -> None:
    app = make_app(1)
    app.say(Text.of("word " * 60))
    first, second = _bottom_rows(app, 80, 24, 2)
    assert first.startswith("word") and second.endswith("…") and not first.endswith("…")


def test_at_the_smallest_size_a_second_line_is_used_only_where_the_table_leaves_it_blank() -> None:
    long = Text.of(*(["every word of this message is kept "] * 3))
    short = Text.of("the short form")
    app = make_app(1)
    place(app, (0, 0), (0, 1))  # the cells shown span three rows: the window's bottom row is blank
    app.say_forms([long, short])
    where = layout.plan(70, 17)
    assert where is not None and where.message_rows == 1
    assert message_rows(app, where) == 2
    first, second = _bottom_rows(app, 70, 17, 2)
    assert " ".join([first, second]) == " ".join(long.plain().split())
    place(app, (1, 1), (-1, 1))  # now five rows are shown: the table reaches the row above the message
    app.say_forms([long, short])
    assert message_rows(app, where) == 1
    rows = frame(app, 70, 17)
    assert rows[16].strip() == "the short form"
    assert rows[15].strip() and "every" not in rows[15]


def test_the_panel_leaves_the_row_of_a_two_line_message_at_the_smallest_size() -> None:
    app = make_app(1)
    place(app, (0, 0), (0, 1))
    app.say_forms([Text.of("x " * 50), Text.of("short")])
    where = layout.plan(70, 17)
    assert where is not None
    rows = frame(app, 70, 17)
    assert set(rows[15].strip()) == {"x", " "} and set(rows[16].strip()) == {"x", " "}  # nothing of the panel
    assert rows[15].count("x") + rows[16].count("x") == 50


def _outcomes_app() -> App:
    app = make_app(OUTCOMES_DEAL)
    place(app, *OUTCOMES_LINE)
    return app


@pytest.mark.parametrize(("size", "ascii"), [((80, 24), False), ((70, 17), False), ((80, 24), True), ((70, 17), True)])
def test_outcomes_mark_every_legal_cell_in_glyphs_and_words(size: tuple[int, int], ascii: bool) -> None:
    width, height = size
    app = _outcomes_app()
    app.handle(Key.UP)  # the cursor moves: the preview shows, the cards it would turn are marked "flips"
    rows = frame(app, width, height, ascii=ascii)
    where = app.plan
    assert where is not None
    game = app.game
    marks = {}
    for cell in game.legal_moves():
        rect = layout.cell_rect(where, app.view, cell)
        marks[cell_name(cell)] = " ".join(
            row[rect.x : rect.x + rect.width] for row in rows[rect.y : rect.y + rect.height]
        )
    assert "LOSE" in marks["b3"] and "WIN" in marks["e6"]
    stacked = "^" if ascii else "▲"
    assert f"{stacked}4/4" in marks["b4"]  # on top of a pile, 4 face down after
    assert f"{stacked}1/4" in marks["b6"] and game.face_down_count == 3  # two face-down cards turn up
    flips = set(app.would_flip)
    assert flips
    for cell in game.legal_moves():
        want = outcome_mark(game.preview(cell), on_a_pile=game.pile(cell) is not None)
        if cell in flips:
            assert FLIP_MARK in marks[cell_name(cell)]  # the preview's label keeps its place
        else:
            assert (to_ascii(want) if ascii else want) in marks[cell_name(cell)], (cell, marks)
    assert rows[height - 1].strip().startswith(cell_name(app.cursor) + ":")  # the preview line is as it was


def test_outcomes_of_empty_cells_show_inside_their_slots_and_o_hides_them() -> None:
    app = make_app(1)
    place(app, (0, 0))
    rows = frame(app)
    where = app.plan
    assert where is not None
    for cell in app.game.legal_moves():
        if app.game.pile(cell) is not None:
            continue
        rect = layout.cell_rect(where, app.view, cell)
        inside = " ".join(rows[y][rect.x + 1 : rect.x + rect.width - 1] for y in range(rect.y + 1, rect.y + 3))
        assert outcome_mark(app.game.preview(cell), on_a_pile=False) in inside
    assert "+1/4" in "\n".join(rows)
    press(app, "o")
    assert not app.settings.outcomes and not app.outcomes
    rows = frame(app)
    assert "/4" not in "\n".join(row[: where.panel.x] for row in rows[:-2])
    assert "o shows them" in rows[-1]
    press(app, "o")
    assert app.settings.outcomes and "o hides them" in " ".join(frame(app)[-2:])


@pytest.mark.parametrize("size", [(80, 24), (70, 17)])
def test_outcomes_stay_on_the_table_a_question_leaves_in_view(size: tuple[int, int]) -> None:
    app = _outcomes_app()
    shown = dict(app.outcomes)
    before = frame(app, *size)
    press(app, "q")  # a game in progress: the question is asked over the table
    assert app.mode is Mode.CONFIRM and app.outcomes == shown
    after = frame(app, *size)
    where = app.plan
    assert where is not None
    kept = 0
    for cell in app.game.legal_moves():
        rect = layout.cell_rect(where, app.view, cell)
        was = [row[rect.x : rect.x + rect.width] for row in before[rect.y : rect.y + rect.height]]
        now = [row[rect.x : rect.x + rect.width] for row in after[rect.y : rect.y + rect.height]]
        if was == now:  # not under the question's box
            kept += "/4" in " ".join(now) or "WIN" in " ".join(now) or "LOSE" in " ".join(now)
    assert kept, after
    press(app, "x")
    assert app.outcomes == shown


def test_outcomes_are_worked_out_once_per_position() -> None:
    app = _outcomes_app()
    first = app.outcomes
    app.handle(Key.LEFT)
    assert app.outcomes is first
    place(app, (0, -2))
    assert app.outcomes is not first and set(app.outcomes) == set(app.game.legal_moves())


def test_too_small_asks_for_the_minimum_size() -> None:
    width, height = layout.minimum_size()
    app = make_app(1)
    text = " ".join(" ".join(frame(app, width - 1, height)).split())
    assert f"at least {width}×{height}" in text and f"this one is {width - 1}×{height}" in text


@pytest.mark.parametrize(("width", "height"), [(10, 20), (12, 16), (24, 10)])
def test_a_tiny_terminal_breaks_no_word_of_what_it_says(width: int, height: int) -> None:
    said, _, keys = too_small_words(*layout.minimum_size(), width, height)
    shown = " ".join(frame(make_app(1), width, height)).split()
    assert shown[:3] == ["Foursquare", "needs", "a"] and set(shown) <= set(f"{said} {keys}".split())


@pytest.mark.parametrize(("width", "height"), [(20, 5), (30, 3), (69, 2)])
def test_a_terminal_of_few_rows_says_the_size_it_needs_in_fewer_words_and_keeps_its_key(
    width: int, height: int
) -> None:
    need_w, need_h = layout.minimum_size()
    shown = " ".join(" ".join(frame(make_app(1), width, height)).split())
    assert shown == f"Make it at least {need_w}×{need_h}. q quits"


def test_help_screen_scrolls_and_says_how_to_leave() -> None:
    app = make_app(1)
    app.handle("?")
    rows = frame(app, 80, 24)
    assert rows[0].strip() == "Foursquare: rules and keys"
    assert "Space Home End scroll · any other key: back" in rows[23]
    app.handle(Key.END)
    assert "Ctrl-Z" in "\n".join(frame(app, 80, 24))


def test_dialog_shows_question_and_answers() -> None:
    app = make_app(1)
    app.ask(Question(Text.of("Reset?"), Text.of("All is lost."), yes="reset", no="keep", line=""), lambda a, b: None)
    text = "\n".join(frame(app))
    assert "Reset?" in text and "All is lost." in text and "y reset" in text and "any other key keep" in text


def test_ascii_mode_is_pure_ascii_and_keeps_the_meaning() -> None:
    for app in STATES:
        spans = render(app, 80, 24, ascii=True)
        for span in spans:
            assert span.text.isascii(), span
    app = make_app(1)
    app.place((0, 0))
    text = "\n".join(frame(app, ascii=True))
    card = app.game.piles[(0, 0)].top
    assert f"{card.rank_text}{card.suit}" in text
    app.cursor = (1, 1)
    assert ASCII.mark_bad in "\n".join(frame(app, ascii=True))


@pytest.mark.parametrize("width", [70, 80])
def test_in_ascii_each_span_is_as_wide_as_in_unicode_so_a_cut_line_stays_in_its_place(
    tmp_path: Path, width: int
) -> None:
    """An ellipsis is three dots in ASCII: they take the place of the characters before it, not of what follows."""
    left_again(tmp_path, 4)
    app = screen_for(tmp_path)
    press(app, Resize(width, 24), "g")
    for state in (app, *STATES):
        unicode, ascii = render(state, width, 24), render(state, width, 24, ascii=True)
        assert [(s.y, s.x, len(s.text)) for s in ascii] == [(s.y, s.x, len(s.text)) for s in unicode]
        assert all(s.x + len(s.text) <= width for s in ascii)
    assert any(s.text.endswith("...") for s in render(app, width, 24, ascii=True))  # a line was cut


def test_to_ascii_as_wide_puts_the_dots_where_the_ellipsis_and_the_two_characters_before_it_were() -> None:
    assert to_ascii("left before the …", as_wide=True) == "left before th..."
    assert to_ascii("…", as_wide=True) == "." and to_ascii("a…", as_wide=True) == ".."
    assert to_ascii("cut…", as_wide=False) == "cut..."  # a line of its own (plain mode) says it in full


def test_to_ascii_writes_minus_and_plus_or_minus_and_a_letter_without_its_accents_never_a_question_mark() -> None:
    line = "−0.01 ± 0.17 (Jaśkowski), Pravidlá hry: čo ďalej"
    assert to_ascii(line) == "-0.01 +/- 0.17 (Jaskowski), Pravidla hry: co dalej"
    assert to_ascii(line, as_wide=True) == "-0.01+/-0.17 (Jaskowski), Pravidla hry: co dalej"
    assert len(to_ascii(line, as_wide=True)) == len(line), "a screen's columns stay where they were"
    assert to_ascii("½ ﬁ ǅ Правила") == "? ? ? ???????", "no one letter to write them with: a ? each"
    assert to_ascii("x±y", as_wide=True) == "x?y"
    assert to_ascii("± 0.18", as_wide=True) == "+-0.18" and to_ascii("0.13 ±", as_wide=True) == "0.13+-", "wrapped"


def test_red_suits_are_red_and_black_ones_are_not() -> None:
    app = make_app(1)
    app.say(Text.of(Card.parse("9H"), " and ", Card.parse("9C")))
    spans = render(app, 80, 24)
    styles = {s.text: s.style for s in spans if s.y == 23}
    assert styles["9♥"] is Style.RED and styles["9♣"] is Style.BLACK


# --- the preview, the cards still to come, the labels, the end box, dialogs and pages ---


def test_the_preview_marks_the_cards_it_would_turn_with_a_word_of_their_own() -> None:
    app = make_app(1)
    app.place((0, 0))
    press(app, Key.RIGHT)
    assert app.would_flip
    for ascii in (False, True):
        spans = render(app, 80, 24, ascii=ascii)
        rows = screen(spans, 80, 24)
        where = app.plan
        assert where is not None
        for cell in app.region:
            rect = layout.cell_rect(where, app.view, cell)
            marked = FLIP_MARK in rows[rect.y][rect.x : rect.x + rect.width]
            assert marked == (cell in app.would_flip)
            if marked:
                assert style_at(spans, rect.y, rect.x) is Style.WOULD_FLIP
    preview = app.preview
    assert preview is not None
    assert screen(render(app, 80, 24, ascii=True), 80, 24)[-1].strip() == to_ascii(preview.plain())
    bottom = frame(app)[-1].strip()
    assert bottom.startswith(f"{cell_name(app.cursor)}: turns over ") and bottom.endswith("face down")


def test_cards_still_to_come_counts_each_rank_after_the_next_card_and_dims_ranks_gone() -> None:
    game = Game([Card.parse(t) for t in ["5H", "AS", "AD", "3C", "10H", "10S", "2D"]], seed=1)  # a stock by hand
    game.play((0, 0))
    assert still_to_come(game) == {1: 1, 2: 1, 3: 1, 4: 0, 5: 0, 6: 0, 7: 0, 8: 0, 9: 0, 10: 2}
    app = App(session_on(game))
    spans = render(app, 80, 24)
    rows = screen(spans, 80, 24)
    y = next(n for n, row in enumerate(rows) if "After the next card" in row)
    x = rows[y].index("After the next card")
    assert rows[y + 1][x:].split() == ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10"]
    assert rows[y + 2][x:].split() == ["1", "1", "1", "0", "0", "0", "0", "0", "0", "2"]
    assert style_at(spans, y + 1, x) is not Style.DIM and style_at(spans, y + 1, x + 6) is Style.DIM
    app.handle("c")
    assert "After the next card" not in "\n".join(frame(app))


def test_column_letters_and_row_numbers_name_the_cells_in_view() -> None:
    app = make_app(1)
    for cell in WINNING_LINE_DEAL_1[:6]:
        app.place(cell)
    for width, height in ((80, 24), (70, 17), (120, 40)):
        rows = frame(app, width, height)
        where = app.plan
        assert where is not None
        region = app.region
        for col in range(region.left, region.right + 1):
            rect = layout.cell_rect(where, app.view, (region.top, col))
            assert rows[rect.y - 1][rect.x + (rect.width - 1) // 2] == cell_name((0, col))[0]
        for row in range(region.top, region.bottom + 1):
            rect = layout.cell_rect(where, app.view, (row, region.left))
            assert rows[rect.y + (rect.height - 1) // 2][rect.x - 2] == cell_name((row, 0))[1]


def test_the_first_game_says_how_to_win_on_the_empty_table() -> None:
    app = make_app(1)
    app.intro = (Text.of("How to win: a line"), Text.of("a second line"), Text.of("a third line"))
    for width, height in ((80, 24), (70, 17)):
        text = "\n".join(frame(app, width, height))
        assert all(line.plain() in text for line in app.intro)
    app.place((0, 0))
    assert "How to win" not in "\n".join(frame(app))
    assert not app.intro  # read once: a take-back or the next deal shows an empty table without them


def test_the_end_box_says_more_when_told_and_a_loss_shows_the_cards_face_down() -> None:
    app = _clone(STATES[3])
    assert app.game.is_over and app.game.face_down_count
    app.end_note = (Text.of("Not counted: a replay."), Text.of("Streak 0, won 50% of 4."))
    for width, height in ((80, 24), (70, 17)):
        rows = frame(app, width, height)
        where = app.plan
        assert where is not None
        text = " ".join(" ".join(row[where.panel.x :] for row in rows).replace("║", " ").split())
        assert "Not counted: a replay." in text and "Streak 0, won 50% of 4." in text
        assert "n new deal" in text and "q quit" in text
    rows = frame(app)
    where = app.plan
    assert where is not None
    for cell, pile in app.game.piles.items():
        if not pile.face_up:
            rect = layout.cell_rect(where, app.view, cell)
            inside = "".join(rows[y][rect.x : rect.x + rect.width] for y in range(rect.y, rect.y + rect.height))
            assert pile.top.rank_text + UNICODE.suits[pile.top.suit] in inside and UNICODE.back in inside


def test_an_end_box_short_of_rows_keeps_why_the_game_was_lost_and_drops_the_record_of_all_games() -> None:
    app = _clone(STATES[3])
    reason = app.game.loss_reason
    assert app.game.is_over and reason is not None
    app.end_note = (
        Text.of("Lost, with 2 tips and 1 take-back."),
        Text.of("This game does not count: deal 2 counted before, when you first played it."),
        Text.of("On your own: streak 0, won 0% of 1."),
    )
    app.end_more = (Text.of("All games: streak 0, won 0% of 1."),)
    rows = frame(app, 70, 17)
    where = app.plan
    assert where is not None
    text = " ".join(" ".join(row[where.panel.x :] for row in rows).replace("║", " ").split())
    assert capitalized(loss_words(reason)) + "." in text and "Lost, with 2 tips" in text
    assert "All games" not in text and "n new deal" in text


STOCK_OUT_AT_FOUR = (
    "d4 d4 d3 e4 f4 d3 c3 d2 d1 d3 e3 d2 f4 f4 c1 d2 e3 d4 e3 f3 "
    "d2 e1 e1 e1 c1 c4 e2 f2 c2 e1 d1 e3 f4 c3 f1 c4 d4 e2 e4 f3"
)
"""Deal 4 played to the last card, lost with the stock run out and 4 cards face down."""


def test_a_game_over_with_four_face_down_gives_no_warning_that_one_more_loses() -> None:
    app = make_app(4)
    for name in STOCK_OUT_AT_FOUR.split():
        app.place(parse_cell(name))
    assert app.game.loss_reason is LossReason.STOCK_EMPTY and app.game.face_down_count == MAX_FACE_DOWN
    for size in ((80, 24), (70, 17)):
        rows = frame(app, *size)
        where = app.plan
        assert where is not None
        text = " ".join(" ".join(row[where.panel.x :] for row in rows).replace("║", " ").split())
        assert PANEL["one_more"] not in text and capitalized(loss_words(LossReason.STOCK_EMPTY)) in text


def test_an_end_box_short_of_rows_leaves_the_deal_shown_and_cuts_its_note_at_a_whole_sentence() -> None:
    app = _clone(STATES[3])
    app.end_note = (
        Text.of("Lost (3 tips, 2 take-backs, 30 cards by autoplay)."),
        Text.of("This game counts in all games, not on your own."),
        Text.of("All games: streak 0, won 0% of 2."),
    )
    app.end_more = (Text.of("On your own: streak 0, won 0% of 1."),)
    for size in ((80, 24), (70, 17)):
        rows = frame(app, *size)
        where = app.plan
        assert where is not None
        panel = [row[where.panel.x :].strip() for row in rows]
        assert f"{PANEL['deal']} {app.game.seed}".split() in [line.split() for line in panel]
        box = " ".join(" ".join(panel).replace("║", " ").split())
        said = [line.plain() for line in (*app.end_note, *app.end_more)]
        assert said[0] in box and all(line in box or " ".join(line.split()[:3]) not in box for line in said)


@pytest.mark.parametrize("size", [(80, 24), (70, 17)])
def test_a_dialog_leaves_no_scraps_beside_it_and_wraps_its_answers(size: tuple[int, int]) -> None:
    app = make_app(1)
    app.place((0, 0))
    long = "go on with deal 12345678901234567890"
    app.ask(
        Question(Text.of("Play deal 5?"), Text.of("Leaving deal 1 now counts it as a loss."), "play deal 5", long, ""),
        lambda a, b: None,
    )
    rows = frame(app, *size)
    top = next(n for n, row in enumerate(rows) if "Play deal 5?" in row) - 1
    bottom = next(n for n in range(top + 1, len(rows)) if "═" in rows[n])
    left, right = rows[top].index("╔"), rows[top].rindex("╗")
    for row in rows[top : bottom + 1]:
        assert row[:left].strip() == "" and row[right + 1 :].strip() == ""
    assert any(f"any other key {long}" in row for row in rows[top:bottom])


def test_help_is_complete_at_the_smallest_size_and_a_page_too_small_says_so() -> None:
    app = make_app(1)
    width, height = layout.minimum_size()
    app.handle(Resize(width, height))
    app.handle("?")
    assert app.screen is not None
    rows_of_page = app.screen.rows(layout.page_width(width))
    seen: list[str] = []
    while True:
        rows = frame(app, width, height)
        assert rows[-1].rstrip().endswith(f"of {len(rows_of_page)})")
        seen += rows[2:-2]
        if app.scroll + layout.screen_body_rows(height) >= len(rows_of_page):
            break
        app.handle(Key.PAGE_DOWN)
    text = "\n".join(seen)
    assert "…" not in text
    words = " ".join(text.split())
    for line in app.screen.lines:
        assert " ".join(line.plain().split()) in words
    rows = frame(app, width - 1, height)
    assert "make it larger" in " ".join(" ".join(rows).split()) and app.mode is Mode.SCREEN


def test_wrapped_key_lines_keep_their_descriptions_lined_up() -> None:
    line = Text(
        ("  t                 ", "tip: the expert marks where it would put the next card, and more words"), Tone.KEYS
    )
    first, *rest = wrap(line, 50)
    assert first.tokens[0] == "  t                 " and first.tone is Tone.KEYS
    assert rest and all(r.plain().startswith(" " * 20) and not r.plain()[20].isspace() for r in rest)
    assert " ".join(" ".join(x.plain().split()) for x in (first, *rest)) == " ".join(line.plain().split())
    assert wrap(Text.of("short"), 50) == [Text.of("short")]


def test_wrap_under_runs_a_line_on_under_its_words_and_cuts_only_after_a_whole_word() -> None:
    head = " 2. [b6]  11.8   68%  "
    text = Text.of("covers a face-down card, turns 1 down and 2 up, 1 face down after", tone=Tone.GOOD)
    first, *rest = wrap_under(head, text, 60)
    assert first.plain().startswith(head) and first.tone is Tone.GOOD
    assert rest and all(r.plain().startswith(" " * len(head)) and r.plain()[len(head)] != " " for r in rest)
    assert all(len(line) <= 60 for line in (first, *rest))
    assert " ".join(line.plain().strip() for line in (first, *rest)) == (head + text.plain()).strip()
    (cut,) = wrap_under(head, text, 60, rows=1)
    assert len(cut) <= 60 and cut.plain()[len(head) :] == "covers a face-down card, turns 1 down…"
    (cut,) = wrap_under(head, text, 50, rows=1)
    assert cut.plain()[len(head) :] == "covers a face-down card…"  # no comma before it
    assert wrap_under(head, Text.of("short"), 60) == [Text.of(head + "short")]


def test_fitted_says_the_longest_form_that_fits_and_runs_the_shortest_on_rather_than_cut_it() -> None:
    forms = [Text.of("the longest form of all"), Text.of("a shorter form"), Text.of("short form")]
    assert fitted(forms, 23) == [forms[0]]
    assert fitted(forms, 16) == [forms[1]]
    assert [line.plain() for line in fitted(forms, 6)] == ["short", "form"]


def test_the_statistics_page_at_70_columns_lists_every_score_won_uncut() -> None:
    histogram = [0] * 25
    histogram[3], histogram[7], histogram[21], histogram[24] = 2, 1, 5, 1
    stats = Stats(
        played=12, won=9, current_streak=2, longest_streak=4, best_score=24, average_score=10.2,
        histogram=tuple(histogram), losses=dict.fromkeys(LOSSES, 1),
    )  # fmt: skip
    narrow = stats_screen(stats, height=17, width=70)
    lines = [line.plain() for line in narrow.lines]
    assert all(len(line) <= layout.page_width(70) for line in lines)
    assert [line.split()[0] for line in lines if "█" in line] == ["3", "7", "21", "24"]
    wide = [line.plain() for line in stats_screen(stats, height=24, width=80).lines]
    assert any(line.rstrip().endswith("23 24") for line in wide)


def test_a_tall_end_box_never_spills_onto_the_message_line() -> None:
    app = make_app(1)
    for cell in WINNING_LINE_DEAL_1:
        app.place(cell)
    app.end_note = (Text.of("A note long enough to need a few lines in the narrow end box, " * 2), Text.of("More."))
    app.say(Text.of("the message"))
    for width, height in ((70, 17), (80, 24)):
        rows = frame(app, width, height)
        assert rows[-1].strip() == "the message"


def test_the_help_at_70_columns_is_reflowed_not_broken_twice() -> None:
    app = make_app(1)
    app.handle(Resize(70, 17))
    app.handle("?")
    width, body = layout.page_width(70), layout.screen_body_rows(17)
    left = (70 - width) // 2
    seen: list[str] = []
    while "Keys" not in (line.strip() for line in seen):
        seen += [row[left:].rstrip() for row in screen_text(app).splitlines()[2 : 2 + body]]
        app.handle(Key.PAGE_DOWN)
    prose = seen[: [line.strip() for line in seen].index("Keys")]
    assert "Placing" in prose and "The end" in prose
    for line, after in itertools.pairwise(prose):
        if line.startswith("  ") and after.startswith("  "):
            assert len(line) + 1 + len(after.split()[0]) > width, (line, after)  # the next word would not fit
            assert len(after.split()) > 1 or len(line) > width - 10, (line, after)  # no lone word


def test_on_the_smallest_screen_a_placement_turning_many_cards_names_every_cell_turned_uncut() -> None:
    app = make_app(1)
    line = "d4 d3 e4 d5 d4 e5 c5 e6 b5 d3 c3 c3 b4 b4 b4 e6 b4 e4 d5 e6 d5 e4 e4 c4 b3 c4 e5 d6 d6 d6 c4 c3 c4 c3 b6"
    for name in (*line.split(), "d3", "d3", "d6"):
        app.place(parse_cell(name))
    flipped = app.game.preview(parse_cell("d4")).flipped  # six cards: too many to name with their cards on a row
    app.place(parse_cell("d4"))
    bottom = frame(app, 70, 17)[-1]
    assert len(flipped) == 6 and "…" not in bottom and all(cell_name(cell) in bottom for cell in flipped)


def test_the_largest_deal_number_stays_shown_under_the_end_box_on_the_smallest_screen() -> None:
    app = make_app(2**64 - 1)
    won = "d4 d3 c3 b3 c2 b2 a2 c1 b4 a3 d1 d2 d4 d2 c4 a1 a1 a1 b1 a4"  # a win: the table is full
    for name in won.split():
        app.place(parse_cell(name))
    assert app.game.status is Status.WON
    assert any(row.strip() == str(2**64 - 1) for row in frame(app, 70, 17))


def _four_down(app: App) -> None:
    """Play the app's game until four cards are face down (one more loses), the game still on."""
    rng = random.Random(3)
    while app.game.face_down_count < MAX_FACE_DOWN or app.game.is_over:
        if app.game.is_over:
            press(app, "u")
        place(app, rng.choice(app.game.legal_moves()))
    assert app.game.face_down_count == MAX_FACE_DOWN and not app.game.is_over


def _two_placed(tmp_path: Path, size: tuple[int, int], four_down: bool) -> App:
    """The game screen at ``size`` with two cards placed, or (``four_down``) played on to four face down."""
    app = screen_for(tmp_path)
    press(app, Resize(*size), Key.ENTER, Key.ENTER)
    if four_down:
        _four_down(app)
    return app


def _legend(app: App, width: int, height: int) -> list[str]:
    """The key legend's pairs as drawn in the side panel, in order (``u undo``...)."""
    where = layout.plan(width, height)
    assert where is not None
    spans = render(app, width, height)
    rows: dict[int, list[str]] = {}
    for span in sorted(spans, key=lambda s: (s.y, s.x)):
        if span.x >= where.panel.x and span.style is Style.KEY and span.y < where.message_y:
            rows.setdefault(span.y, []).append(span.text)
    text = frame(app, width, height)
    pairs = []
    for y, keys in rows.items():
        line = text[y][where.panel.x :]
        for key in keys:
            after = line.split(f"{key} ", 1)[1]
            pairs.append(f"{key} {after.split('  ')[0].strip()}")
    return pairs


@pytest.mark.parametrize("size", [(80, 24), (70, 17)])
@pytest.mark.parametrize("four_down", [False, True])
def test_the_key_legend_names_every_key_or_ends_with_the_one_that_lists_them(
    tmp_path: Path, size: tuple[int, int], four_down: bool
) -> None:
    app = _two_placed(tmp_path, size, four_down)
    every = [f"{key} {word}" for key, word in app.reminder]
    assert {"r redo", "o outcomes", "? help", "u undo", "/ go to"} <= set(every)
    shown = _legend(app, *size)
    assert shown[-1] == "? help", shown
    if size == (80, 24) and not four_down:
        assert sorted(shown) == sorted(every)  # all of them where there is room
    assert set(shown) <= set(every)
    press(app, "x")  # a key that does nothing: said, but no line of the legend gives way to it
    assert _legend(app, *size) == shown
    assert "x: not a key here" in "\n".join(frame(app, *size))


@pytest.mark.parametrize("size", [(80, 24), (70, 17)])
@pytest.mark.parametrize("four_down", [False, True])
def test_a_key_that_does_nothing_is_said_over_no_heading_and_no_line_of_the_legend(
    tmp_path: Path, size: tuple[int, int], four_down: bool
) -> None:
    app = _two_placed(tmp_path, size, four_down)
    if not app.settings.to_come:
        press(app, "c")
    press(app, Key.LEFT)  # the bottom line back to the preview
    before = frame(app, *size)
    shown = _legend(app, *size)
    assert any("After the next card" in line for line in before)
    press(app, "x")
    after = frame(app, *size)
    assert "x: not a key here" in "\n".join(after)
    assert any("After the next card" in line for line in after)  # the counts keep their title
    assert _legend(app, *size) == shown
