"""The review pages of the game screen, driven without a terminal, with a fake expert."""

from __future__ import annotations

import re
import threading
from collections.abc import Callable

import pytest
from helpers import (
    WINNING_DEAL,
    first_cell_judge,
    lost_game,
    make_app,
    new_pile_judge,
    play_out,
    played,
    press,
    screen_text,
    session_on,
    stacking_game,
    won_game,
)

from foursquare.engine import Game, cell_name
from foursquare.expert.advice import Advice, Position
from foursquare.expert.review import Judge, Verdict, before_placement, review
from foursquare.expert.reviewing import Reviewing
from foursquare.screen import layout
from foursquare.screen.app import App
from foursquare.screen.history_page import HistoryPage
from foursquare.screen.keys import Key, Resize
from foursquare.screen.play import StatsPage
from foursquare.screen.render import render
from foursquare.screen.review_page import ReviewPage, ReviewPages, position_table
from foursquare.storage.formats import FinishedGame, utc_now
from foursquare.storage.helped import Help
from foursquare.storage.library import Library
from foursquare.storage.store import Store
from foursquare.words.glyphs import SAMPLE, to_ascii
from foursquare.words.history import title
from foursquare.words.keys import REVIEW, footer_forms
from foursquare.words.review import (
    LINES_SHOWN,
    NO_ERRORS,
    finish_first,
    lines_table,
    summary_lines,
    verdict_lines,
)
from foursquare.words.text import longest_fitting

FOOTER = longest_fitting(footer_forms(key for key in REVIEW if key.action != "review_practice"), 78)
"""The review page's keys at 80 columns, without ``p``: these pages are built without practice."""


def fake(game: Game) -> Reviewing:
    return Reviewing(game, judge=first_cell_judge())


def kept(store: Store, game: Game | None, deal: int = 5) -> int:
    """Keep ``game`` in ``store``'s history (None: a game kept without its cards, as old versions did); its id."""
    if game is None:
        from foursquare.storage.stats import Ending

        finished = FinishedGame(None, deal, None, None, utc_now(), Ending.STOCK_EMPTY, None, None, True)
    else:
        finished = FinishedGame.of(game, daily=None, started=None, ended=utc_now(), counted=True)
    return store.record(finished).game_id


def finished_app(game: Game, **kwargs: object) -> tuple[App, ReviewPages]:
    """The game screen with ``game`` on the table, over and kept in the history as game 1."""
    session = session_on(game)
    session.game_id = kept(session.store, game)
    app = App(session)
    pages = ReviewPages(app, library=Library(session.store), **kwargs)  # type: ignore[arg-type]
    return app, pages


def settle(app: App, pages: ReviewPages) -> None:
    """Let the review finish and the page catch up."""
    work = pages.work
    assert isinstance(work, Reviewing)
    assert work.wait(10) is not None
    app.tick()


def test_v_is_offered_in_the_end_box_and_opens_the_first_placement() -> None:
    game = won_game()
    app, pages = finished_app(game, start=fake)
    assert "v review" in screen_text(app)
    press(app, "v")
    assert pages.is_open
    text = screen_text(app)
    assert f"Review: placement 1 of {game.placed_count}" in text
    assert "you put it on d4" in text
    assert FOOTER in text


def test_v_during_a_game_says_finish_first() -> None:
    app = make_app()
    pages = ReviewPages(app, start=fake)
    press(app, "v")
    assert not pages.is_open
    assert app.screen is None
    assert app.message is not None and app.message.plain() == finish_first()


def test_stepping_shows_each_placement_with_both_cells_named_and_marked() -> None:
    game = won_game()
    app, pages = finished_app(game, start=fake)
    press(app, "v")
    settle(app, pages)
    press(app, Key.RIGHT, "l")
    step = review(game, first_cell_judge()).steps[2]
    text = screen_text(app)
    assert f"placement 3 of {game.placed_count}" in text
    assert f"you put it on {cell_name(step.cell)}" in text
    if step.expert_cell != step.cell:
        assert f"the expert would have put it on {cell_name(step.expert_cell)} < >" in text
        assert "[" in text and "<" in text
    assert f"Verdict: {step.verdict}" in text
    press(app, Key.LEFT, "h", Key.LEFT)
    assert "placement 1 of" in screen_text(app)  # no further back than the first
    press(app, Key.END)  # the end of the review: its summary, after the last placement
    assert pages.at == 0 and "Accuracy" in screen_text(app)
    press(app, Key.LEFT)
    assert f"placement {game.placed_count} of {game.placed_count}" in screen_text(app)
    press(app, Key.HOME)
    assert "placement 1 of" in screen_text(app)


def test_a_key_that_does_nothing_on_the_review_or_the_games_list_says_so_before_the_footer() -> None:
    app, pages = finished_app(won_game(), start=fake)
    press(app, "v")
    settle(app, pages)
    press(app, "z")
    footer = screen_text(app).splitlines()[-1].strip()
    assert footer.startswith("z: not a key here · ") and footer.endswith(" · q back")  # the way out always
    press(app, Key.RIGHT)
    assert "not a key here" not in screen_text(app) and "placement 2 of" in screen_text(app)
    app, _ = history_app([won_game()])
    press(app, "g", "1")
    assert isinstance(app.page, HistoryPage)
    assert screen_text(app).splitlines()[-1].strip().startswith("1: not a key here · ")


def test_n_and_shift_n_step_through_every_placement_that_cost_something() -> None:
    game = won_game()
    judge = first_cell_judge(chance=0.9, cost=1.5, drop=0.0)  # every other cell an inaccuracy
    app, pages = finished_app(game, start=lambda g: Reviewing(g, judge=judge))
    press(app, "v")
    settle(app, pages)
    steps = review(game, judge).steps
    errors = [step.n for step in steps if step.verdict.cost_something]
    assert [steps[n - 1].verdict for n in errors].count(Verdict.INACCURACY) >= 2  # inaccuracies too
    assert len(errors) >= 2
    press(app, "e")
    assert pages.at == errors[0]
    press(app, "e")
    assert pages.at == errors[1]
    press(app, "E")
    assert pages.at == errors[0]
    press(app, "E")
    assert pages.at == errors[0]  # none before the first: it stays
    press(app, Key.END, Key.LEFT, "e")  # End: the summary; ← the last placement
    assert pages.at == game.placed_count  # none after the last


def test_the_summary_has_the_accuracy_the_counts_and_the_chart() -> None:
    game = won_game()
    app, pages = finished_app(game, start=fake)
    press(app, "v")
    settle(app, pages)
    press(app, Key.END)
    text = screen_text(app)
    result = review(game, first_cell_judge())
    assert f"You {game.score} · expert " in text
    assert f"Accuracy {result.accuracy:.1f} of 100" in text
    assert f"{result.counts[Verdict.BLUNDER]} blunder" in text
    assert "Expected score in cards" in text and " 24" in text and "█" in text
    press(app, Key.LEFT)
    assert f"placement {game.placed_count} of" in screen_text(app)
    press(app, Key.RIGHT)
    assert "summary" in screen_text(app)


@pytest.mark.parametrize("width", [24, 30, 36, 44])
def test_a_summary_too_narrow_for_its_counts_breaks_between_them_never_inside_one(width: int) -> None:
    game = won_game()
    judge = first_cell_judge(chance=0.9, cost=1.5, drop=0.0)
    result = review(game, judge)
    lines = summary_lines(result, rows=3, width=width)
    counted = [line for line in lines if "best" in line or "no choice" in line]
    assert len(counted) > 1 and all(len(line) <= width for line in counted)
    assert any(line.endswith("1 no choice") or "1 no choice ·" in line for line in counted)  # never "1 no" alone
    assert all(part[0].isdigit() and " " in part for line in counted for part in line.split(" · "))
    assert lines[-1].startswith("card ")  # the chart keeps its numbers under it


def test_a_summary_head_longer_than_planned_makes_the_chart_shorter_not_its_numbers_unseen(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from foursquare.session.reviews import ReviewService

    long = "Played with some help, said at such length that it runs on over two lines of the page."
    monkeypatch.setattr(ReviewService, "help_line", lambda self, review, help, width=None: long)
    game = won_game()
    app, pages = finished_app(game, start=fake)
    press(app, Resize(70, 17), "v")
    settle(app, pages)
    press(app, Key.END)
    lines = screen_text(app).splitlines()
    assert "Played with some help" in screen_text(app)
    assert any(line.strip().startswith("card ") for line in lines), screen_text(app)  # the chart's numbers in view


@pytest.mark.parametrize(("width", "height"), [(80, 24), (70, 17)])
def test_every_page_fits_the_terminal(width: int, height: int) -> None:
    game = won_game()
    app, pages = finished_app(game, start=fake)
    press(app, Resize(width, height), "v")
    settle(app, pages)
    seen = set()
    for _ in range(game.placed_count + 1):
        seen.add(pages.at)
        lines = screen_text(app).splitlines()
        assert len(lines) <= height and all(len(line) <= width for line in lines)
        if pages.at == 0:
            assert "X" in screen_text(app) or "?" in screen_text(app)  # the marks under the chart
            assert "card by card (" in screen_text(app) and "…" not in screen_text(app)  # shortened, never cut
        else:
            assert "Verdict:" in screen_text(app)  # on a short screen too
        press(app, Key.RIGHT)
    assert seen == set(range(game.placed_count + 1))


REVIEWED: dict[str, tuple[Callable[[], Game], Callable[[], Judge]]] = {
    "won": (won_game, first_cell_judge),
    "lost": (lost_game, first_cell_judge),
    "lost at once": (lambda: play_out(Game.deal(3)), new_pile_judge),  # placement 19 loses where another would not
}
"""Games and fake experts whose reviews have lines too long for a page: (the game, the expert)."""


@pytest.mark.parametrize("reviewed", REVIEWED)
@pytest.mark.parametrize(("width", "height"), [(80, 24), (70, 17), (100, 30)])
def test_every_review_page_starts_at_the_same_column_and_cuts_no_line(reviewed: str, width: int, height: int) -> None:
    make_game, make_judge = REVIEWED[reviewed]
    game, judge = make_game(), make_judge()
    app, pages = finished_app(game, start=lambda g: Reviewing(g, judge=judge))
    press(app, Resize(width, height), "v")
    settle(app, pages)
    page = app.page
    assert isinstance(page, ReviewPage)
    column, room = (width - layout.page_width(width)) // 2, layout.page_width(width)
    for at in [*range(1, game.placed_count + 1), 0]:
        page.at = at
        spans = render(app, width, height)
        assert min(span.x for span in spans) == column, f"placement {at} moved sideways"
        assert all(span.x + len(span.text) <= column + room for span in spans), f"placement {at} is too wide"
        assert "…" not in "".join(span.text for span in spans), f"placement {at} has a line cut"
        step = pages.work.step(at) if pages.work is not None else None
        if step is not None:  # the expert's cell and the player's are listed, however short of rows
            mine, expert = cell_name(step.cell), cell_name(step.expert_cell)
            same = step.cell == step.expert_cell
            text = screen_text(app)
            assert re.search(rf"\d+\. {re.escape(f'{{{mine}}}' if same else f'[{mine}]')} ", text)
            assert re.search(rf"\d+\. {re.escape(f'{{{expert}}}' if same else f'<{expert}>')} ", text)
            assert "Verdict:" in text


@pytest.mark.parametrize(("width", "height"), [(80, 24), (70, 17), (100, 30)])
def test_while_the_expert_is_at_work_the_pages_keep_their_column_too(width: int, height: int) -> None:
    gate = threading.Event()
    app, pages = finished_app(won_game(), start=held_until(gate))
    press(app, Resize(width, height), "v")
    column, room = (width - layout.page_width(width)) // 2, layout.page_width(width)
    try:
        for keys in ([], [Key.END]):  # the first placement, still being judged; the summary still to come
            press(app, *keys)
            spans = render(app, width, height)
            assert min(span.x for span in spans) == column
            assert all(span.x + len(span.text) <= column + room for span in spans)
            assert "…" not in "".join(span.text for span in spans)
        assert "Your expected score so far, in cards:" in screen_text(app)
    finally:
        gate.set()
        settle(app, pages)


def test_what_a_cell_would_do_runs_on_under_its_own_words_rather_than_being_cut() -> None:
    game = lost_game()
    app, pages = finished_app(game, start=fake)
    press(app, "v")
    settle(app, pages)
    page = app.page
    assert isinstance(page, ReviewPage)
    run_on = []
    for at in range(1, game.placed_count + 1):
        page.at = at
        lines = screen_text(app).splitlines()
        heading = next(n for n, line in enumerate(lines) if line.endswith("what it would do"))
        words = lines[heading].index("what it would do")
        end = next(n for n, line in enumerate(lines) if line.lstrip().startswith("Expected score"))
        for line in lines[heading + 1 : end]:
            if not re.match(r"\s+\d+\. ", line):
                assert len(line) - len(line.lstrip()) == words, line  # under the words, clear of the figures
                run_on.append(line.strip())
    assert "3 face down after" in run_on  # placement 11: "…turns 2♦ and 2♠ down and 1 up," then this


def test_a_lines_table_short_of_rows_says_less_rather_than_cut_and_keeps_both_cells() -> None:
    judge = first_cell_judge()
    game = lost_game()
    width = layout.page_width(70)
    for step in review(game, judge).steps:
        before = before_placement(game, step.n)
        for height in (3, 4, LINES_SHOWN + 2):
            rows = [row.plain() for row in lines_table(before, step, width, height)]
            assert len(rows) <= height and all(len(row) <= width for row in rows), rows
            assert "…" not in "".join(rows)
            shown = "".join(rows)
            for cell in {step.cell, step.expert_cell}:
                assert any(f"{mark}{cell_name(cell)}" in shown for mark in "[<{"), rows


def test_a_placement_that_lost_at_once_is_said_whole_on_the_narrowest_page() -> None:
    judge = new_pile_judge()
    result = review(play_out(Game.deal(3)), judge)
    step = result.steps[18]
    assert step.lost_at_once and step.verdict is Verdict.BLUNDER
    width = layout.page_width(70)
    verdict = verdict_lines(step, width)[1].plain()
    assert verdict == "Verdict: blunder (lost at once, where another cell would not)"
    assert (
        verdict_lines(step, layout.page_width(80))[1]
        .plain()
        .endswith("(it lost the game at once, where another cell would not)")
    )
    head = summary_lines(result, rows=3, width=width)
    assert all(len(line) <= width for line in head)
    where = f"on {cell_name(step.cell)} (expert {cell_name(step.expert_cell)})"
    assert f"Worst: card 19 {where}: the game lost at once, a blunder" in head  # the cell to learn from kept


def held_until(gate: threading.Event) -> Callable[[Game], Reviewing]:
    """A review whose expert waits for ``gate`` before each judgement: the pages while it is at work."""
    judge = first_cell_judge()

    def held(position: Position) -> Advice:
        gate.wait(10)
        return judge(position)

    return lambda game: Reviewing(game, judge=held)


def test_the_review_opens_at_once_and_fills_in_with_a_progress_bar() -> None:
    gate = threading.Event()
    game = lost_game()
    app, pages = finished_app(game, start=held_until(gate))
    press(app, "v")
    text = screen_text(app)
    assert "the expert is still judging it" in text and "The expert is reviewing the game" in text
    press(app, Key.END)
    assert "The summary comes once every placement is judged" in screen_text(app)
    gate.set()
    settle(app, pages)
    assert "Accuracy" in screen_text(app)


def test_q_goes_back_to_the_table_and_a_second_look_is_instant() -> None:
    started: list[Game] = []

    def start(game: Game) -> Reviewing:
        started.append(game)
        return fake(game)

    game = won_game()
    app, pages = finished_app(game, start=start)
    press(app, "v")
    settle(app, pages)
    press(app, "q")
    assert app.screen is None and "YOU WON!" in screen_text(app)
    library = Library(app.session.store)
    assert library.kept_review(1, game) is not None  # kept with the game
    press(app, "v", Key.ESCAPE)
    assert len(started) == 1  # the review under way (here finished) is reused
    other = App(app.session)
    pages2 = ReviewPages(other, start=start, library=library)
    press(other, "v")
    assert len(started) == 1  # read from the shelf: no expert at work
    assert "Verdict:" in screen_text(other)
    assert pages2.work is not None and pages2.work.review is not None


def test_a_failing_expert_is_one_line_on_the_page() -> None:
    def broken(position: Position) -> Advice:
        raise RuntimeError("no\nmore")

    app, pages = finished_app(lost_game(), start=lambda g: Reviewing(g, judge=broken))
    press(app, "v")
    assert pages.work is not None and isinstance(pages.work, Reviewing)
    pages.work.wait(10)
    app.tick()
    assert "The review stopped: the expert could not review this game (no more)" in screen_text(app)


def test_the_terminal_check_covers_the_review_glyphs() -> None:
    footers = footer_forms(REVIEW)
    assert {char for footer in footers for char in footer if not char.isascii()} <= set(SAMPLE)


# --- the history page ---------------------------------------------------------


def history_app(games: list[Game | None]) -> tuple[App, ReviewPages]:
    """The game screen with ``games`` kept in its history, oldest first (game 1 first)."""
    app = make_app()
    for game in games:
        kept(app.session.store, game)
    library = Library(app.session.store)
    pages = ReviewPages(app, start=fake, library=library)
    HistoryPage.wire(app, library, pages)
    StatsPage.wire(app, ascii=False)
    return app, pages


def chosen(app: App) -> str:
    """The line of the game chosen on the history page."""
    return next(line for line in screen_text(app).splitlines() if "▶" in line)


def test_g_lists_the_games_and_v_reviews_the_one_chosen_then_q_comes_back() -> None:
    won, lost = won_game(), lost_game()
    app, pages = history_app([lost, won])
    press(app, "g")
    assert isinstance(app.page, HistoryPage) and title() in screen_text(app)
    assert chosen(app).split()[1] == "2" and f" {won.seed} " in chosen(app)  # the newest first
    press(app, Key.DOWN, "v")
    assert pages.is_open and pages.game == lost and pages.game_id == 1
    assert f"placement 1 of {lost.placed_count}" in screen_text(app)
    press(app, "q")
    assert isinstance(app.page, HistoryPage) and chosen(app).split()[1] == "1" and f" {lost.seed} " in chosen(app)
    press(app, Key.ESCAPE)
    assert app.screen is None


def test_games_that_cannot_be_reviewed_say_why_on_the_page() -> None:
    app, pages = history_app([None, played(5, 3)])
    press(app, "g")
    assert " left before the end" in chosen(app) and "abandoned" not in screen_text(app)  # listed as such
    press(app, "v")
    assert "left before its end" in screen_text(app) and not pages.is_open
    press(app, "j", Key.ENTER)
    assert "kept without its cards" in screen_text(app) and isinstance(app.page, HistoryPage)
    empty, _ = history_app([])
    press(empty, "g")
    assert "No game has ended yet. The review needs one." in screen_text(empty)


def test_v_on_the_statistics_page_leads_to_the_history() -> None:
    app, _ = history_app([won_game()])
    press(app, "s")
    assert isinstance(app.page, StatsPage)
    press(app, "v")
    assert isinstance(app.page, HistoryPage)
    press(app, "q")
    assert isinstance(app.page, StatsPage)  # back to the page it was opened from


def test_a_new_deal_or_quitting_stops_a_review_at_work() -> None:
    gate = threading.Event()
    app, pages = finished_app(lost_game(), start=held_until(gate))
    press(app, "v", "q")
    work = pages.work
    assert isinstance(work, Reviewing) and not work.done()
    app.deal(5)
    gate.set()
    assert work.wait(10) is None and pages.work is None


def test_in_ascii_every_page_is_plain_characters() -> None:
    game = won_game()
    app, pages = finished_app(game, start=fake, ascii=True)
    HistoryPage.wire(app, Library(app.session.store), pages)
    press(app, "v")
    settle(app, pages)
    for keys in ([], [Key.END], ["q", "g"]):
        press(app, *keys)
        text = "".join(span.text for span in render(app, app.width, app.height, ascii=True))
        assert text.isascii() and "?" not in text.replace("? mistake", "")
        if keys == []:  # a placement's figures: an arrow is "->", where a bare ">" would read as "more than"
            (figures,) = [line for line in screen_text(app, ascii=True).splitlines() if "Expected score" in line]
            assert " -> " in figures and " > " not in figures
        if keys == [Key.END]:
            assert "#" in text and " 24" in text


@pytest.mark.parametrize(("width", "height"), [(80, 24), (70, 17)])
def test_the_small_table_keeps_every_cell_six_columns_wide_under_its_letter(width: int, height: int) -> None:
    game = won_game()
    app, pages = finished_app(game, start=fake)
    press(app, Resize(width, height), "v")
    settle(app, pages)
    with_a_ten = 0
    for _ in range(game.placed_count):
        lines = screen_text(app).splitlines()
        start = next(n for n, line in enumerate(lines) if line.strip() and set(line.strip()) <= set("abcdefg "))
        letters = [x for x, char in enumerate(lines[start]) if char.isalpha()]
        rows = [line for line in lines[start + 1 :] if line[:4].strip().isdigit()]
        assert rows
        for line in rows:
            for x, char in enumerate(line):
                if char in "♠♥♦♣·":
                    assert x - 1 in letters, line  # a suit or a dot one column right of its letter
                elif char in "[<{":
                    assert x + 2 in letters and line[x + 5] in "]>}", line
            with_a_ten += "10" in line
        press(app, Key.RIGHT)
    assert with_a_ten


def test_the_first_line_of_a_placement_is_a_whole_sentence() -> None:
    game = won_game()
    app, pages = finished_app(game, start=fake)
    press(app, "v")
    settle(app, pages)
    steps = review(game, first_cell_judge()).steps
    same = next(step for step in steps if step.expert_cell == step.cell)
    other = next(step for step in steps if step.expert_cell != step.cell)
    assert isinstance(app.page, ReviewPage)
    app.page.at = same.n
    shown = screen_text(app)
    assert f"you put it on {cell_name(same.cell)} {{ }}; the expert would have put it there too." in shown
    assert "{" in shown.split("the expert would have put it there too.")[1]  # the table marks the cell so
    app.page.at = other.n
    mine, expert = cell_name(other.cell), cell_name(other.expert_cell)
    assert f"you put it on {mine} [ ]; the expert would have put it on {expert} < >." in screen_text(app)


def test_n_with_nothing_to_jump_to_says_so_on_the_footer_line() -> None:
    game = won_game()
    app, pages = finished_app(game, start=fake)
    press(app, "v")
    settle(app, pages)
    press(app, Key.END, Key.LEFT, "e")
    assert screen_text(app).splitlines()[-1].strip() == "No placement that cost something after this one"
    press(app, Key.HOME, "E")
    assert "No placement that cost something before this one" in screen_text(app)
    press(app, Key.RIGHT)
    assert FOOTER in screen_text(app)  # the next key brings the keys back
    assert isinstance(pages.work, Reviewing)
    pages.work.steps = [step for step in pages.work.steps if not step.verdict.cost_something]
    press(app, "e")
    assert NO_ERRORS in screen_text(app)


def test_a_placement_s_page_says_why_the_best_cells_and_the_player_s_with_what_each_would_do() -> None:
    judge = new_pile_judge()
    game, stacked = stacking_game(7, judge, stacks=1)
    app, pages = finished_app(game, start=lambda g: Reviewing(g, judge=judge))
    press(app, "v")
    settle(app, pages)
    step = review(game, judge).steps[stacked[0] - 1]
    assert isinstance(app.page, ReviewPage)
    app.page.at = step.n
    text = screen_text(app)
    rows = [line for line in text.splitlines() if re.match(r"\s+\d+\. [<\[{ ]", line)]
    assert rows[0].split()[:4] == ["1.", f"<{cell_name(step.expert_cell)}>", "18.0", "95%"]
    assert "a new pile, turns" in rows[0] or "a new pile, nothing turned" in rows[0]
    mine = next(row for row in rows if f"[{cell_name(step.cell)}]" in row)
    assert "16.8" in mine and "covers " in mine and "face down after" in mine
    assert len(rows) <= LINES_SHOWN + 1
    assert "Verdict: inaccuracy (1.2 cards of expected score lost)" in text
    assert "Expected score 18.0 → 16.8 cards, win chance 95% → 95%" in text


# --- how the game was played -------------------------------------------------------


def test_the_summary_says_how_the_game_just_ended_was_played() -> None:
    app, pages = finished_app(won_game(), start=fake)
    press(app, "v")
    settle(app, pages)
    press(app, Key.END)
    lines = screen_text(app).splitlines()
    first = next(n for n, line in enumerate(lines) if "· expert" in line)
    assert lines[first + 1].strip() == "Played on your own."


def test_the_summary_of_a_game_from_the_history_says_the_help_kept_with_it() -> None:
    app = make_app()
    game = won_game()
    for help in (Help(take_backs=2, tips=1), None):
        app.session.store.record(
            FinishedGame.of(game, daily=None, started=None, ended=utc_now(), counted=False, help=help)
        )
    library = Library(app.session.store)
    pages = ReviewPages(app, start=fake, library=library)
    HistoryPage.wire(app, library, pages)
    press(app, "g", Key.DOWN, "v")  # game 1, the older
    settle(app, pages)
    press(app, Key.END)
    assert "Played with 2 take-backs, 1 tip." in screen_text(app)
    press(app, "q", Key.UP, "v", Key.END)  # game 2, kept without its help: nothing is said of it
    assert "· expert" in screen_text(app) and "You won" not in screen_text(app)


def test_the_review_of_a_game_autoplay_helped_says_which_cards_were_autoplay_s_and_n_passes_them_by() -> None:
    app = make_app()
    game = won_game()
    judge = first_cell_judge(chance=0.9, cost=1.5, drop=0.0)  # every other cell an inaccuracy
    errors = [step.n for step in review(game, judge).steps if step.verdict.cost_something]
    autoplayed = tuple(errors[:-1])  # all the costly ones but the last
    helped = Help(autoplayed=len(autoplayed), autoplayed_at=autoplayed)
    app.session.store.record(
        FinishedGame.of(game, daily=None, started=None, ended=utc_now(), counted=False, help=helped)
    )
    library = Library(app.session.store)
    pages = ReviewPages(app, start=lambda g: Reviewing(g, judge=judge), library=library)
    HistoryPage.wire(app, library, pages)
    press(app, "g", "v")
    settle(app, pages)
    press(app, "e")
    assert pages.at == errors[-1]  # the player's own costly placement, autoplay's passed by
    press(app, Key.HOME)
    for _ in range(errors[0] - 1):
        press(app, Key.RIGHT)
    text = screen_text(app)
    assert "autoplay put it on" in text and "Verdict (autoplay's, not yours): inaccuracy" in text
    press(app, Key.END)
    text = screen_text(app)
    assert f"{len(autoplayed)} by autoplay" in text and "on the cards you placed" in text
    assert f"Worst: card {errors[-1]}," in text


@pytest.mark.parametrize(("width", "height"), [(80, 24), (70, 17)])
def test_a_game_kept_without_autoplay_s_placements_says_so_and_the_chart_keeps_its_last_row(
    width: int, height: int
) -> None:
    app = make_app()
    game = won_game()
    helped = Help(autoplayed=17, autoplayed_at=None)  # imported from an earlier version
    app.session.store.record(
        FinishedGame.of(game, daily=None, started=None, ended=utc_now(), counted=False, help=helped)
    )
    library = Library(app.session.store)
    pages = ReviewPages(app, start=fake, library=library)
    HistoryPage.wire(app, library, pages)
    press(app, Resize(width, height), "g", "v")
    settle(app, pages)
    press(app, Key.END)
    text = " ".join(screen_text(app).split())
    noted = "17 cards by autoplay, not known which: all counted as yours."
    assert (noted in text) is (width == 80) and "Played with 17 cards by autoplay" in text  # the note if it fits
    assert any(line.strip().startswith("card ") for line in screen_text(app).splitlines())  # the chart's numbers


def test_the_position_table_shows_how_many_cards_each_pile_holds_when_more_than_one() -> None:
    game = won_game()
    before = Game.deal(WINNING_DEAL)
    for cell in game.placements[:30]:
        before.play(cell)
    region = layout.shown_region(before.bounds)
    rows = [text.plain() for text in position_table(before, None, None)[1:]]
    heights = set()
    for row, line in zip(range(region.top, region.bottom + 1), rows, strict=True):
        for n, col in enumerate(range(region.left, region.right + 1)):
            shown, pile = line[4 + 6 * n : 10 + 6 * n], before.pile((row, col))
            if pile is not None:
                heights.add(len(pile))
                assert shown[4] == " ²³⁴"[len(pile) - 1], (shown, len(pile))  # the fourth of its four columns
    assert heights == {1, 2, 3, 4}  # every height was seen
    plain = [to_ascii(text.plain()) for text in position_table(before, None, None, ascii=True)[1:]]
    for row, line in zip(range(region.top, region.bottom + 1), plain, strict=True):
        for n, col in enumerate(range(region.left, region.right + 1)):
            shown, pile = line[4 + 7 * n : 11 + 7 * n], before.pile((row, col))
            if pile is not None:  # in ASCII the figure itself, set off from the card: 5D:2, never 5D2
                assert shown[4:6] == ("  " if len(pile) == 1 else f":{len(pile)}"), (shown, len(pile))
                assert shown[3] in "CDHS#" and shown[0] == shown[6] == " ", shown  # the suit, then the figure
