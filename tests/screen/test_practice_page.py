"""The practice page of the game screen, driven without a terminal, with a fake expert."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import (
    another_wrong_cell,
    finds_noted,
    kept_session_on,
    new_pile_judge,
    press,
    screen_for,
    screen_text,
    session_on,
    stacking_game,
)

from foursquare.engine import Cell, Game, cell_name
from foursquare.expert.practice import Exercise
from foursquare.expert.review import Judge, Step, review
from foursquare.expert.reviewing import Reviewing
from foursquare.screen import layout
from foursquare.screen.app import App
from foursquare.screen.keys import Key, Resize
from foursquare.screen.play import Practising
from foursquare.screen.practice_page import PracticePage, PracticePages
from foursquare.screen.review_page import ReviewPages
from foursquare.storage.formats import FinishedGame, utc_now
from foursquare.storage.library import Library
from foursquare.storage.store import Store
from foursquare.words.cards import Spelling
from foursquare.words.practice import stopped_line

JUDGE = new_pile_judge()


def practice_app(stacks: int = 2, judge: Judge = JUDGE) -> tuple[App, PracticePages, Game, list[Step]]:
    """The screen with one kept game that stacked ``stacks`` times where ``judge``'s expert opens a pile."""
    game, stacked = stacking_game(7, judge, stacks=stacks)
    session = kept_session_on(game)
    app = App(session)
    library = Library(session.store)
    reviews = ReviewPages(app, library=library, start=lambda g: Reviewing(g, judge=judge))
    pages = PracticePages(
        app, library, nodes=None, start=lambda g: Reviewing(g, judge=judge), game_of_review=lambda: reviews.game_id
    )
    steps = review(game, judge).steps
    return app, pages, game, [steps[n - 1] for n in stacked]


def settle(app: App) -> None:
    page = app.page
    assert isinstance(page, PracticePage)
    page.practice.wait()
    app.tick()


def keys_to(start: Cell, target: Cell) -> list[Key]:
    (r0, c0), (r1, c1) = start, target
    vertical = [Key.DOWN] * (r1 - r0) if r1 > r0 else [Key.UP] * (r0 - r1)
    return vertical + ([Key.RIGHT] * (c1 - c0) if c1 > c0 else [Key.LEFT] * (c0 - c1))


def cursor(app: App) -> Cell:
    """The cell under the page's ``[ ]``, as drawn."""
    screen_text(app)
    page = app.page
    assert isinstance(page, PracticePage) and page.cursor is not None
    return page.cursor


def test_p_on_a_review_page_practises_that_game_and_enter_answers_with_the_cell_chosen() -> None:
    app, _, _, (one, two) = practice_app()
    press(app, "v")  # the game just ended: its review
    press(app, "x")
    assert isinstance(app.page, PracticePage)
    settle(app)
    text = screen_text(app)
    assert f"Practice: game 1, placement {one.n}" in text  # the title names the position, once
    assert f"Deal 7: where would you put {Spelling().card(one.card)}?" in text and "Game 1, placement" not in text
    assert "Unseen, in an order nobody knows:" in text and "Enter answer" in text
    assert cell_name(one.expert_cell) not in text.split("where would you put")[1].split("Unseen")[1]  # not told
    press(app, *keys_to(cursor(app), one.cell), Key.ENTER)
    text = screen_text(app)
    assert "Not the best:" in text and "(where you put it in the game)" in text and "One more try." in text
    press(app, *keys_to(cursor(app), one.expert_cell), Key.ENTER)
    text = screen_text(app)
    assert f"Solved: {cell_name(one.expert_cell)} is the expert's own cell." in text
    assert "what it would do" in text and "Enter or → the next position" in text
    press(app, Key.ENTER)
    settle(app)
    assert f"placement {two.n}" in screen_text(app)
    press(app, "q")
    assert app.page is not None and app.page.kind == "review"  # back to the review it came from
    assert app.session.store.solved_positions() == {(1, one.n)}
    assert app.parting == []  # the screen goes on: nothing to print after it


def test_the_practice_page_says_how_many_positions_are_left() -> None:
    app, _, _, (one, two) = practice_app()
    press(app, "v", "x")
    settle(app)
    assert f"Practice: game 1, placement {one.n} (1 more to go)" in screen_text(app)
    press(app, "\t")
    settle(app)
    assert f"Practice: game 1, placement {two.n} (the last one)" in screen_text(app)


def test_a_round_started_from_the_shell_says_what_it_came_to_once_the_screen_has_closed() -> None:
    app, pages, _, (one, _) = practice_app()
    pages.open(from_shell=True)
    settle(app)
    press(app, *keys_to(cursor(app), one.expert_cell), Key.ENTER)
    press(app, "q")
    assert not app.running
    assert app.parting == [stopped_line(1)]  # as foursquare practice --plain says it


@pytest.mark.parametrize("width", range(88, 106))
def test_the_review_footer_is_whole_beside_the_page_s_margin(width: int) -> None:
    """The footer's longest form that fits beside the page's centring margin, which every page keeps alike."""
    app, _, _, _ = practice_app()
    press(app, Resize(width, 30), "v", Key.RIGHT)  # a placement's page
    lines = screen_text(app).splitlines()
    assert lines[-1].rstrip().endswith("q back") and len(lines[-1]) <= width, lines[-1]
    title = next(line for line in lines if line.strip())
    margin = (width - layout.page_width(width)) // 2
    assert len(title) - len(title.lstrip()) == len(lines[-1]) - len(lines[-1].lstrip()) == margin


@pytest.mark.parametrize(("width", "height"), [(80, 24), (70, 17)])
def test_the_review_footer_names_x_where_practice_is_at_hand(width: int, height: int) -> None:
    """``x`` is one of the review page's keys (its ``?`` page says so): its footer names it, whole, at 80 columns
    and on the smallest terminal, in a shorter form of the other keys rather than cut."""
    app, _, _, _ = practice_app()
    press(app, Resize(width, height), "v")
    footer = screen_text(app).splitlines()[-1].strip()
    assert "x practise" in footer and footer.endswith("q back") and len(footer) <= width - 2
    assert "e E costly" in footer and "← → step" in footer and "End summary" in footer


def test_opened_for_foursquare_practice_n_it_takes_the_game_the_command_looked_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, stacked = stacking_game(7, JUDGE, stacks=1)
    with Store.open(tmp_path)[0] as store:
        game_id = store.record(FinishedGame.of(game, daily=None, started=None, ended=utc_now(), counted=True)).game_id
        assert Library(store).keep_review(game_id, game, review(game, JUDGE)) is None
    asked = finds_noted(monkeypatch)
    app = screen_for(tmp_path, practise=Practising([game_id], None, {game_id: game}))
    settle(app)
    assert f"Practice: game {game_id}, placement {stacked[0]}" in screen_text(app) and asked == []


def test_after_two_tries_the_answer_shows_the_expert_s_cell_and_the_best_lines() -> None:
    app, pages, _, (one, _) = practice_app(judge=new_pile_judge(other_piles_cost=1.2))
    pages.open()
    settle(app)
    press(app, *keys_to(cursor(app), one.cell), Key.ENTER)
    press(app, Key.ENTER)  # the same cell again (Enter pressed twice) uses no try
    assert "That was your first try too: one more, on another cell." in screen_text(app)
    other = another_wrong_cell(one)
    press(app, *keys_to(cursor(app), other), Key.ENTER)
    text = screen_text(app)
    assert f"The expert's cell is {cell_name(one.expert_cell)}." in text
    assert f"<{cell_name(one.expert_cell)}>" in text and f"[{cell_name(other)}]" in text
    assert f"[{cell_name(one.cell)}]" in text  # the first try too, to compare: both tries are the player's
    press(app, Key.RIGHT)  # → goes on too
    settle(app)
    assert "Practice: game 1, placement" in screen_text(app)
    press(app, "\t")
    settle(app)
    assert "That is every position for now: 0 solved of 2, 1 shown" in screen_text(app)


def test_a_key_that_does_nothing_on_the_practice_page_says_so_before_the_footer() -> None:
    app, pages, _, _ = practice_app(stacks=1)
    pages.open()
    settle(app)
    press(app, "z")
    assert screen_text(app).splitlines()[-1].strip().startswith("z: not a key here · ← → ↑ ↓ choose a cell")


def test_a_cell_the_card_cannot_go_on_says_why_and_uses_no_try() -> None:
    app, pages, _, _ = practice_app(stacks=1)
    pages.open()
    settle(app)
    press(app, *[Key.UP] * 6, *[Key.LEFT] * 6)
    page = app.page
    assert isinstance(page, PracticePage)
    exercise = page.practice.current()
    assert isinstance(exercise, Exercise) and cursor(app) not in exercise.before.legal_moves()
    press(app, Key.ENTER)
    assert ": no, " in screen_text(app) and page.practice.tries == 0


@pytest.mark.parametrize(("width", "height"), [(80, 24), (70, 17)])
def test_every_practice_view_fits_the_terminal(width: int, height: int) -> None:
    app, pages, _, (one, _) = practice_app()
    press(app, Resize(width, height))
    pages.open()
    settle(app)
    for keys in ([], [*keys_to(cursor(app), one.cell), Key.ENTER], [Key.ENTER], [Key.ENTER]):
        press(app, *keys)
        lines = screen_text(app).splitlines()
        assert len(lines) <= height and all(len(line) <= width for line in lines)


class _Waiting:
    """A review that never comes: the practice page stays on its progress bar."""

    review = None
    error = None
    progress = 0.0

    def __init__(self) -> None:
        self.steps: list[Step] = []

    def step(self, n: int) -> Step | None:
        return None

    def done(self) -> bool:
        return False

    def wait(self, timeout: float | None = None) -> None:
        return None

    def cancel(self) -> None:
        return None


def test_while_the_expert_reviews_a_game_the_practice_page_wraps_its_line_rather_than_cut_it() -> None:
    game, _ = stacking_game(7, JUDGE, stacks=2)
    session = session_on(game)
    session.store.record(FinishedGame.of(game, daily=None, started=None, ended=utc_now(), counted=True))
    app = App(session)
    pages = PracticePages(app, Library(session.store), start=lambda g: _Waiting())
    press(app, Resize(70, 17))
    pages.open()
    text = screen_text(app)
    assert "to find positions to" in text and "…" not in text.replace("practise…", ""), text
