"""Frames as the renderer composes them: content, edges, ASCII, and no meaning in colour alone."""

from __future__ import annotations

import random

import pytest
from helpers import WINNING_LINE_DEAL_1, make_app

from foursquare.engine import MAX_FACE_DOWN, Card, Game
from foursquare.screen import layout
from foursquare.screen.app import App, Confirm
from foursquare.screen.keys import Key, Resize
from foursquare.screen.render import ASCII, UNICODE, Span, Style, render
from foursquare.screen.text import Text


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
    other = make_app(1)
    other.game = app.game.copy()
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


def test_piles_show_rank_suit_back_and_height() -> None:
    app = make_app(1)
    for cell in [(0, 0), (0, 0), (0, 1)]:
        app.place(cell)
    rows = frame(app)
    where = app.plan
    assert where is not None
    for cell, pile in app.game.piles.items():
        rect = layout.cell_rect(where, app.region, cell)
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
        rect = layout.cell_rect(where, app.region, cell)
        top_left = rows[rect.y][rect.x]
        if app.game.is_legal(cell):
            assert top_left == UNICODE.slot.tl
        else:
            assert top_left == " " and rows[rect.y + rect.height // 2][rect.x + rect.width // 2] == UNICODE.no_slot


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
    rect = layout.cell_rect(where, app.region, cell)
    assert frame(app)[rect.y][rect.x] == UNICODE.flipped.tl
    app.handle("x")
    assert frame(app)[rect.y][rect.x] == UNICODE.card.tl


def test_face_down_meter_warns_in_words_at_four() -> None:
    for down in range(MAX_FACE_DOWN + 1):
        game = _game_with_face_down(down)
        app = App(game)
        text = "\n".join(frame(app))
        meter = UNICODE.meter_on * down + UNICODE.meter_off * (MAX_FACE_DOWN - down)
        assert f"{meter} {down}/{MAX_FACE_DOWN}" in text
        assert ("One more face down loses!" in text) == (down == MAX_FACE_DOWN)


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
    text = "\n".join(frame(app))
    assert "YOU WON!" in text and f"Score {app.game.score}" in text
    assert "n new deal" in text and "q quit" in text
    assert "Next card" not in text


def test_lost_banner_gives_the_reason() -> None:
    app = STATES[3]
    assert app.game.is_over and app.game.loss_reason is not None
    text = " ".join(" ".join(frame(app)).split())
    assert "GAME LOST" in text
    assert "face down" in text or "stock ran out" in text


def test_long_explanations_fall_back_to_the_short_form_then_get_cut() -> None:
    app = make_app(1)
    long = Text.of("x" * 100)
    app.say(long, Text.of("short form"))
    assert frame(app)[23].strip() == "short form"
    app.say(long)
    last = frame(app)[23]
    assert last.rstrip().endswith("…") and len(last) == 80


def test_too_small_asks_for_the_minimum_size() -> None:
    width, height = layout.minimum_size()
    app = make_app(1)
    text = " ".join(" ".join(frame(app, width - 1, height)).split())
    assert f"at least {width}×{height}" in text and f"this one is {width - 1}×{height}" in text


def test_help_screen_scrolls_and_says_how_to_leave() -> None:
    app = make_app(1)
    app.handle("?")
    rows = frame(app, 80, 24)
    assert rows[0].strip() == "Foursquare: rules and keys"
    assert "any other key: back to the game" in rows[23]
    app.handle(Key.END)
    assert "Ctrl-Z" in "\n".join(frame(app, 80, 24))


def test_dialog_shows_question_and_answers() -> None:
    app = make_app(1)
    app.ask(Confirm(Text.of("Reset?"), Text.of("All is lost."), lambda a: None, yes="reset", no="keep"))
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


def test_red_suits_are_red_and_black_ones_are_not() -> None:
    app = make_app(1)
    app.say(Text.of(Card.parse("9H"), " and ", Card.parse("9C")))
    spans = render(app, 80, 24)
    styles = {s.text: s.style for s in spans if s.y == 23}
    assert styles["9♥"] is Style.RED and styles["9♣"] is Style.BLACK
