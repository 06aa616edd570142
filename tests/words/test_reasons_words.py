"""The review's "Why:" line and the danger's "N of M", in every place a player reads them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from helpers import QUICK_NODES, careless_game, doomed_game, press, quick_review, screen_text, session_on

from foursquare.commands.review import main as review_main
from foursquare.engine import Cell, Game, cell_name
from foursquare.expert.danger import Danger, danger_after
from foursquare.expert.reasons import Difference, NextCard, Reply, TableDifference, Why
from foursquare.expert.review import expert_judge
from foursquare.screen.app import App
from foursquare.screen.keys import Key, Resize
from foursquare.screen.review_page import ReviewPage, ReviewPages
from foursquare.session.reviews import Kept
from foursquare.words.cards import RANK_WORDS, Spelling
from foursquare.words.danger import danger_sentence, preview_forms
from foursquare.words.reasons import why_forms
from foursquare.words.review import plain_review_lines, report_lines
from foursquare.words.text import Text

C5: Cell = (1, -1)
E4: Cell = (0, 1)


def why_with(yours: Reply, expert: Reply, *ranks: tuple[int, int]) -> Why:
    entries = tuple(NextCard(rank, cards, 0.5, yours, expert) for rank, cards in ranks)
    return Why(entries, 0.4, 25)


def test_the_why_line_names_the_next_cards_and_what_their_best_cell_leaves_on_each_table() -> None:
    why = why_with(Reply(C5, 3), Reply(E4, 1), (2, 4), (9, 3))
    assert why_forms(why, 1.4)[0].plain() == (
        "Why: next card 2 or 9 (7 of the 25 left): its best cell leaves 3 face down on your table, 1 on the expert's."
    )
    spoken = Spelling(words=True).text(why_forms(why, 1.4)[0])
    assert spoken.startswith("Why: next card two or nine (7 of the 25 left)")


def test_a_next_card_that_loses_on_the_player_s_table_only_is_said_so() -> None:
    why = why_with(Reply(C5, 5, loses=True), Reply(E4, 2), (1, 4))
    assert why_forms(why, 2.0)[0].plain() == (
        "Why: next card A (4 of the 25 left): on your table it loses wherever it goes; on the expert's its best "
        "cell leaves 2 face down."
    )


def test_a_cost_spread_over_every_card_says_what_the_tables_differ_in() -> None:
    entry = NextCard(5, 4, 0.2, Reply(C5, 1), Reply(E4, 1))
    why = Why((entry,), 1.3, 30, spread=True, differ=TableDifference(Difference.OPEN_CELLS, 8, 10))
    assert why_forms(why, 1.5)[0].plain() == (
        "Why: every next card costs alike here: your table leaves 8 cells that can take it, the expert's 10."
    )
    assert why.to_json()["differ"] == {"what": "open_cells", "yours": 8, "expert": 10}


def test_the_danger_is_said_as_n_of_m_with_its_ranks() -> None:
    sentence = danger_sentence(Danger(4, (1,), 25))
    assert sentence is not None and sentence.plain() == "Then 4 of 25 unseen cards would lose wherever they went (A)."
    assert danger_sentence(Danger(0, (), 25)) is None
    forms = preview_forms("e4", Text(("e4: turns nothing over",)), Danger(4, (1, 10), 25))
    assert forms[0].plain() == "e4: turns nothing over · then 4 of 25 lose anywhere"
    assert all("4 of 25" in form.plain() for form in forms)


def test_each_costly_placement_of_the_text_review_is_followed_by_its_why_line() -> None:
    game = careless_game()
    result = quick_review(game)
    lines = report_lines(result, rows=8, width=78)
    costly = [step for step in result.steps if step.verdict.explained]
    whys = [n for n, line in enumerate(lines) if line.startswith("    Why: ")]
    assert costly and len(whys) == len(costly)
    assert [int(lines[n - 1].split(".")[0]) for n in whys] == [step.n for step in costly]


@pytest.mark.slow
def test_the_text_review_has_a_why_line_under_each_costly_placement(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = careless_game()
    record = tmp_path / "game.json"
    record.write_text(json.dumps(game.to_record()), "utf-8")
    judge = expert_judge(QUICK_NODES)
    assert review_main(["--file", str(record)], judge=judge) == 0
    out = capsys.readouterr().out.splitlines()
    costly = [step for step in quick_review(game).steps if step.verdict.explained]
    assert costly
    whys = [n for n, line in enumerate(out) if line.lstrip().startswith("Why: ")]
    assert len(whys) == len(costly)
    for n in whys:  # each right under its placement's line
        assert re.match(r"\s*\d+\. ", out[n - 1]) or re.match(r"\s+\d+% ", out[n - 1])
    assert review_main(["--file", str(record), "--json"], judge=judge) == 0
    placements = json.loads(capsys.readouterr().out)["placements"]
    assert all("why" in entry for entry in placements if entry["verdict"] in ("inaccuracy", "mistake", "blunder"))
    assert all(set(entry["danger"]) == {"yours", "expert"} for entry in placements)


def test_words_spell_the_why_line_for_speech() -> None:
    game = careless_game()
    lines = plain_review_lines(quick_review(game), Spelling(words=True), game)
    whys = [line.strip() for line in lines if line.strip().startswith("Why: ")]
    assert whys
    for line in whys:
        named = re.match(r"Why: next card (.+?) \(", line)
        for rank in re.split(r", | or ", named[1]) if named else ():  # "six", or "six, seven or eight"
            assert rank in RANK_WORDS, line  # ranks in words, never "2" or "A"


@pytest.mark.parametrize(("width", "height"), [(80, 24), (70, 17)])
def test_the_review_page_keeps_the_why_line_within_the_terminal(width: int, height: int) -> None:
    game = careless_game()
    app = App(session_on(game))
    pages = ReviewPages(app, start=lambda finished: Kept(quick_review(finished)))
    press(app, Resize(width, height), "v")
    assert pages.work is not None and pages.work.wait(60) is not None
    app.tick()
    page = app.page
    assert isinstance(page, ReviewPage)
    shown = 0
    for step in pages.work.steps:
        page.at = step.n
        text = screen_text(app)
        lines = text.splitlines()
        assert len(lines) <= height and all(len(line) <= width for line in lines), step.n
        assert "…" not in text
        if step.verdict.explained:
            assert "Why: " in text, step.n
            shown += 1
    assert shown
    press(app, Key.ESCAPE)


def test_p_cell_says_n_of_m_where_the_danger_is_not_zero(tmp_path: Path) -> None:
    from foursquare.plain.play import Plain
    from foursquare.session.game import GameSession

    line = doomed_game()
    session, opening = GameSession.open(tmp_path, seed=0)
    said: list[str] = []
    plain = Plain(session, Spelling(ascii=True), said.append, nodes=QUICK_NODES)
    plain.begin(opening)
    for cell in line.placements[:38]:
        plain.handle(cell_name(cell))
    game: Game = session.game
    cell = next(cell for cell in game.legal_moves() if danger_after(game, cell).cards)
    danger = danger_after(game, cell)
    start = len(said)
    plain.handle(f"p {cell_name(cell)}")
    assert any(f"{danger.cards} of {danger.unseen} unseen cards would lose" in out for out in said[start:])
    safe = next((cell for cell in game.legal_moves() if not danger_after(game, cell).cards), None)
    if safe is not None:
        start = len(said)
        plain.handle(f"p {cell_name(safe)}")
        assert not any("would lose wherever" in out for out in said[start:])


@pytest.mark.slow
def test_a_game_played_by_following_every_tip_reviews_as_all_best(tmp_path: Path) -> None:
    from foursquare.plain.play import Plain
    from foursquare.session.game import GameSession

    session, opening = GameSession.open(tmp_path, seed=20261203)
    said: list[str] = []
    plain = Plain(session, Spelling(ascii=True), said.append, nodes=QUICK_NODES, judge=expert_judge(QUICK_NODES))
    plain.begin(opening)
    while not session.game.is_over:
        start = len(said)
        plain.handle("tip")
        plain.handle("y")  # yes to the question before the first help, where it is asked
        tip = next(line for line in said[start:] if line.startswith("Tip: "))
        cell = re.match(r"Tip: \S+ on ([a-g][1-7])", tip)
        assert cell is not None, tip
        plain.handle(cell[1])
    start = len(said)
    plain.handle("v")
    out = said[start:]
    assert any("Accuracy 100.0 of 100" in line for line in out), out[:4]
    assert not any(line.strip().startswith("Why: ") for line in out)


def test_a_cell_the_expert_ranks_lower_that_reads_best_is_said_to_tie_with_the_best() -> None:
    from foursquare.engine.values import replace
    from foursquare.expert.review import Line, Verdict
    from foursquare.words.review import step_line, verdict_lines

    step = next(step for step in quick_review(careless_game()).steps if step.choices > 3)
    lines = (
        Line(step.expert_cell, 12.0, 0.9),
        *(Line(line.cell, 11.9 - n / 10, 0.9) for n, line in enumerate(step.lines) if line.cell != step.expert_cell),
    )
    low = lines[-1].cell
    tied = replace(step, cell=low, expected_before=12.0, expected_after=11.8, lines=lines, why=None)
    assert tied.verdict is Verdict.BEST
    words = " ".join(text.plain() for text in verdict_lines(tied, 200))
    assert f"it ties with the best: the expert ranks it {len(lines)} of {len(lines)}, 0.2 cards apart" in words
    assert "(ties with the best)" in step_line(tied)


def test_the_expert_s_cell_first_says_why_when_cells_below_read_higher() -> None:
    from foursquare.engine.values import replace
    from foursquare.expert.review import Line, before_placement
    from foursquare.words.review import lines_table

    game = careless_game()
    step = next(step for step in quick_review(game).steps if step.choices > 3 and step.cell != step.expert_cell)
    others = [line for line in step.lines if line.cell != step.expert_cell]
    lines = (Line(step.expert_cell, 17.3, 0.9), Line(others[0].cell, 17.4, 0.9), *others[1:])
    table = lines_table(before_placement(game, step.n), replace(step, lines=lines), 100, 12)
    first = next(text.plain() for text in table if " 1. " in text.plain())
    assert "looked" in first and "further ahead" in first


def test_practice_points_to_the_principle_a_stack_where_the_expert_opens_a_pile_is_about() -> None:
    from helpers import new_pile_judge, stacking_game

    from foursquare.expert.review import before_placement, review
    from foursquare.words.practice import principle_line

    judge = new_pile_judge()
    game, stacked = stacking_game(1, judge, stacks=3)
    result = review(game, judge)
    early = [n for n in stacked if n <= 16]
    assert early
    for n in early:
        line = principle_line(before_placement(game, n), result.steps[n - 1])
        assert line == "The principle: open new piles early (foursquare help strategy)."
    same = next(step for step in result.steps if step.cell == step.expert_cell)
    assert principle_line(before_placement(game, same.n), same) is None


def test_ranks_read_as_a_choice_however_many() -> None:
    from foursquare.words.danger import rank_choice

    assert rank_choice([1]).plain() == "A"
    assert rank_choice([2, 9]).plain() == "2 or 9"
    assert rank_choice([1, 5, 10]).plain() == "A, 5 or 10"
    assert rank_choice([1, 2, 3, 4]).plain() == "A, 2, 3 or 4"
