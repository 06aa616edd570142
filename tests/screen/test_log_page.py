"""The log page of the game screen: every placement so far, numbered and explained, without a terminal."""

from __future__ import annotations

import re

from helpers import WINNING_LINE_DEAL_1, make_app, place, press, screen_text

from foursquare.engine import Game
from foursquare.screen import layout
from foursquare.screen.app import App
from foursquare.screen.keys import Key, Resize
from foursquare.screen.log_page import LogPage
from foursquare.session.events import Mover
from foursquare.words.cards import Spelling
from foursquare.words.explain import explain


def logged(cells: int, seed: int = 1) -> tuple[App, list[str]]:
    """The app after the first ``cells`` of deal 1's win, and what each of those placements said."""
    app = make_app(seed)
    LogPage.wire(app)
    game = Game.deal(seed)
    said = []
    for cell in WINNING_LINE_DEAL_1[:cells]:
        before = game.piles
        said.append(Spelling().text(explain(before, game.play(cell))[0]))
    place(app, *WINNING_LINE_DEAL_1[:cells])
    return app, said


def entries(text: str) -> dict[int, str]:
    """The numbered entries on the page, each one's wrapped lines joined."""
    found: dict[int, str] = {}
    last = None
    for row in text.splitlines()[2:-1]:
        match = re.match(r"\s*(\d+)\. (.*)", row)
        if match:
            last = int(match.group(1))
            found[last] = match.group(2).strip()
        elif last is not None and row.strip():
            found[last] += " " + row.strip()
    return found


def test_m_lists_every_card_placed_numbered_with_its_explanation_newest_last() -> None:
    app, said = logged(10)
    press(app, "m")
    assert app.page is not None and app.page.kind == "log"
    text = screen_text(app)
    assert text.splitlines()[0].strip() == "Deal 1 so far: 10 cards placed"
    assert entries(text) == {n: line for n, line in enumerate(said, start=1)}
    press(app, "m")
    assert app.page is None


def test_a_long_log_opens_at_its_end_and_scrolls() -> None:
    app, said = logged(25)
    app.handle(Resize(70, 17))
    press(app, "m")
    shown = entries(screen_text(app))
    assert 25 in shown and 1 not in shown and shown[25] == said[24]
    assert "lines" in screen_text(app).splitlines()[-1]  # the footer says where in the page the view is
    press(app, Key.HOME)
    shown = entries(screen_text(app))
    assert 1 in shown and 25 not in shown
    seen: dict[int, str] = {}
    for _ in range(40):
        seen.update(entries(screen_text(app)))
        press(app, Key.DOWN)
    assert all(seen[n].startswith(line) or line.startswith(seen[n]) for n, line in enumerate(said, start=1))
    press(app, "q")
    assert app.page is None


def test_the_log_wraps_each_entry_under_its_number_and_cuts_nothing() -> None:
    app, _ = logged(25)
    page = LogPage(app.game)
    width = layout.page_width(70)
    lines = [line.plain() for line in page.lines(width)]
    assert all(len(line) <= width for line in lines)
    continued = [line for line in lines if not re.match(r"\s*\d+\. ", line)]
    assert continued and all(line.startswith("    ") for line in continued)
    assert "…" not in "".join(lines)


def test_the_log_is_offered_in_the_end_box_and_opens_from_it() -> None:
    app, said = logged(len(WINNING_LINE_DEAL_1))
    assert app.game.is_over and ("m", "log") in app.end_keys
    assert "m log" in screen_text(app)
    press(app, "m")
    text = screen_text(app)
    assert text.splitlines()[0].strip() == "Deal 1: won, score 15, 25 cards"
    assert entries(text)[25] == said[-1]


def test_the_log_of_an_empty_table_says_so() -> None:
    app = make_app(1)
    LogPage.wire(app)
    press(app, "m")
    assert "Deal 1 so far: no card placed yet" in screen_text(app)
    press(app, Key.ESCAPE)
    assert app.page is None


def test_the_log_page_says_which_cards_autoplay_placed() -> None:
    app = make_app(1)
    LogPage.wire(app)
    place(app, *WINNING_LINE_DEAL_1[:3])
    app.session.answer_help(True)
    app.session.place(WINNING_LINE_DEAL_1[3], by=Mover.EXPERT)
    press(app, "m")
    found = entries(screen_text(app))
    assert found[4].startswith("By autoplay: ") and not any(found[n].startswith("By autoplay") for n in (1, 2, 3))
