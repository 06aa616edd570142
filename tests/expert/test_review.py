"""The review: verdicts from the cost in cards of expected score, fair to what the player saw, and the command."""

from __future__ import annotations

import io
import json
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from helpers import (
    NO_SYMLINKS,
    WINDOWS,
    command,
    first_cell_judge,
    lost_game,
    new_pile_judge,
    played,
    raises_saying,
    reordered,
    stacking_game,
    won_game,
)
from hypothesis import given
from hypothesis import strategies as st

from foursquare.commands.review import main as review_main
from foursquare.engine import Card, Cell, Game, Status, cell_name, parse_cell
from foursquare.engine.values import replace
from foursquare.expert.advice import Advice, Position, advise
from foursquare.expert.review import (
    BLUNDER_POINTS,
    THRESHOLDS,
    Line,
    Review,
    Step,
    Verdict,
    accuracy,
    before_placement,
    expert_game,
    expert_judge,
    judge_step,
    placement_accuracy,
    player_steps,
    rated_lines,
    review,
    verdict,
)
from foursquare.expert.reviewing import Reviewing
from foursquare.storage.formats import FinishedGame, utc_now
from foursquare.storage.helped import Help
from foursquare.storage.store import Store
from foursquare.words.advice import chance_text
from foursquare.words.cards import Spelling
from foursquare.words.faults import fault_words
from foursquare.words.glyphs import UNICODE
from foursquare.words.review import (
    CHART_FOOT,
    CHART_TOP,
    SUMMARY_HEAD,
    accuracy_text,
    autoplay_note,
    cards_text,
    chart_lines,
    helped_summary_line,
    placement_lines,
    plain_review_lines,
    report_lines,
    step_line,
    step_lines,
    summary_lines,
    verdict_lines,
    verdict_phrase,
)

QUICK = 20_000
"""A node budget that keeps the real expert quick in tests (and still decent)."""

ORDER = list(Verdict)


# --- verdicts and accuracy ---------------------------------------------------


def test_the_lines_fall_by_expected_score_after_the_expert_s_cell() -> None:
    before = played(5, 1)
    ranked = [(0, 1), (1, 0), (0, -1), (-1, 0)]  # the search's order: the cells it looked at deepest first
    scores = {(0, 1): 17.0, (1, 0): 16.3, (0, -1): 16.4, (-1, 0): 16.4}
    chances = {(0, 1): 0.9, (1, 0): 0.97, (0, -1): 0.9, (-1, 0): 0.95}
    advice = Advice(
        (0, 1), 0.9, tuple((cell, chances[cell]) for cell in ranked), 3, 1, 0.0, tuple((c, scores[c]) for c in ranked)
    )
    lines = rated_lines(before, advice)
    assert [line.cell for line in lines] == [(0, 1), (-1, 0), (0, -1), (1, 0)]
    assert [line.expected for line in lines] == [17.0, 16.4, 16.4, 16.3]


def test_a_verdict_reads_as_a_noun_after_a_comma() -> None:
    said = [verdict_phrase(verdict) for verdict in Verdict]
    assert said == ["the best placement", "a good placement", "an inaccuracy", "a mistake", "a blunder"]


CARD = Card.parse("5H")


def step(expected_before: float, expected_after: float, *, before: float = 0.9, after: float | None = None) -> Step:
    """A placement judged by hand: the expected scores and chances with the expert's cell and with the player's."""
    chance_after = before if after is None else after
    mine = (0, 1) if expected_after != expected_before or chance_after != before else (0, 0)
    lines = (Line((0, 0), expected_before, before), Line((0, 1), expected_after, chance_after))
    return Step(2, CARD, mine, (0, 0), before, chance_after, 2, expected_before, expected_after, lines)


def test_the_worst_placement_is_the_harshest_verdict_then_the_costliest() -> None:
    mistake = replace(step(18.0, 15.0), n=3)  # 3 cards: a mistake
    blunder = replace(step(18.0, 17.0, before=0.95, after=0.5), n=9)  # 1 card, but 45 points of win chance
    inaccuracy = replace(step(18.0, 16.5), n=12)
    result = replace(fake_review(won_game()), steps=(mistake, blunder, inaccuracy))
    assert [s.verdict for s in result.steps] == [Verdict.MISTAKE, Verdict.BLUNDER, Verdict.INACCURACY]
    assert result.worst == blunder
    assert replace(result, steps=(inaccuracy, mistake)).worst == mistake


@given(st.floats(0, 24), st.floats(0, 24), st.integers(0, 100))
def test_verdicts_never_get_milder_as_the_cost_grows(a: float, b: float, points: int) -> None:
    small, big = sorted((a, b))
    assert ORDER.index(verdict(small, points)) <= ORDER.index(verdict(big, points))
    assert placement_accuracy(small) >= placement_accuracy(big)


def test_the_thresholds_are_cards_of_expected_score() -> None:
    assert [name for _, name in THRESHOLDS] == ORDER[:-1]
    assert verdict(0) is Verdict.BEST
    for limit, name in THRESHOLDS:
        assert verdict(round(limit - 0.1, 1)) is name
        assert verdict(limit) is not name
    assert verdict(24) is Verdict.BLUNDER


def test_a_card_or_more_is_at_least_an_inaccuracy() -> None:
    for tenth in range(10, 241):
        assert ORDER.index(verdict(tenth / 10)) >= ORDER.index(Verdict.INACCURACY)


def test_twenty_points_of_win_chance_or_a_loss_at_once_is_a_blunder_whatever_the_cards() -> None:
    assert verdict(0.0, BLUNDER_POINTS) is Verdict.BLUNDER
    assert verdict(0.0, BLUNDER_POINTS - 1) is Verdict.BEST
    assert verdict(0.0, loses_at_once=True) is Verdict.BLUNDER
    assert step(18, 17.9, before=0.99, after=0.79).verdict is Verdict.BLUNDER


def test_the_expert_s_own_cell_costs_nothing_and_is_best_with_accuracy_100() -> None:
    own = step(17.4, 17.4)
    assert own.cell == own.expert_cell and own.cost == 0 and own.verdict is Verdict.BEST and own.accuracy == 100


@given(st.floats(0, 24), st.floats(0, 24), st.floats(0, 1), st.floats(0, 1))
def test_a_verdict_and_the_figures_printed_beside_it_always_agree(
    expected_before: float, expected_after: float, before: float, after: float
) -> None:
    judged = step(expected_before, expected_after, before=before, after=after)
    printed_before, printed_after = float(cards_text(expected_before)), float(cards_text(expected_after))
    assert judged.cost == max(0.0, round(printed_before - printed_after, 1))
    drop = max(0, int(chance_text(before)[:-1]) - int(chance_text(after)[:-1]))
    assert judged.verdict is verdict(judged.cost, drop)
    assert f"{judged.cost:.1f}" in verdict_lines(judged)[1].plain() or judged.cost == 0


def test_accuracy_is_100_for_best_placements_and_falls_with_the_cost() -> None:
    best = THRESHOLDS[0][0]
    assert placement_accuracy(0) == 100 and placement_accuracy(round(best - 0.1, 1)) == 100
    assert 70 < placement_accuracy(1.0) < 85 and placement_accuracy(2.0) < placement_accuracy(1.0)
    assert 0 <= placement_accuracy(24) < 1
    clean = [step(18, 18) for _ in range(4)]
    assert accuracy(clean) == 100
    worse = [*clean, step(18, 16.8)]
    assert accuracy(worse) < 100
    forced = Step(6, CARD, (0, 1), (0, 0), 0.9, 0.0, 1, 18, 0)  # one legal cell: no choice, not counted
    assert accuracy([*worse, forced]) == accuracy(worse)
    counted = Review.of(won_game(), [*worse, forced], Status.WON, 7).counts
    assert sum(counted.values()) == len(worse)  # nor in the count of verdicts, which the accuracy sits beside


def test_stacking_where_the_expert_opens_a_pile_is_at_least_an_inaccuracy_and_reads_below_95() -> None:
    judge = new_pile_judge()
    game, stacked = stacking_game(7, judge)
    result = review(game, judge)
    for n in stacked:
        assert ORDER.index(result.steps[n - 1].verdict) >= ORDER.index(Verdict.INACCURACY)
        assert result.steps[n - 1].cost == 1.2
    assert result.accuracy < 95
    own = review(expert_game(game, judge), judge)
    assert {s.verdict for s in own.steps} == {Verdict.BEST} and own.accuracy == 100


# --- fake expert: the mechanics -----------------------------------------------


def test_a_placement_that_loses_at_once_says_chance_0_and_a_win_says_1() -> None:
    game = lost_game()
    steps = list(player_steps(game, first_cell_judge()))
    assert [step.n for step in steps] == list(range(1, game.placed_count + 1))
    assert steps[-1].chance_after == 0.0
    won = list(player_steps(won_game(), first_cell_judge()))
    assert won[-1].chance_after == 1.0


def test_the_review_of_a_game_played_by_the_judge_is_all_best() -> None:
    judge = first_cell_judge()
    game = expert_game(Game.deal(7), judge)
    result = review(game, judge)
    assert {step.verdict for step in result.steps} == {Verdict.BEST}
    assert result.accuracy == 100
    assert (result.expert_result, result.expert_score) == (game.status, game.score)


def test_an_unfinished_game_is_refused_in_words() -> None:
    with raises_saying(ValueError, match="not over"):
        review(played(5, 3), first_cell_judge())


# --- the real expert ----------------------------------------------------------


@pytest.mark.slow
def test_a_game_played_by_the_expert_reviews_as_all_best_with_accuracy_100() -> None:
    game = expert_game(Game.deal(16), expert_judge(QUICK // 4))
    result = review(game, expert_judge(QUICK // 4))  # a fresh expert: nothing remembered
    assert [step.verdict for step in result.steps] == [Verdict.BEST] * game.placed_count
    assert result.accuracy == 100
    assert result.worst is None


@pytest.mark.slow
def test_with_the_real_expert_stacking_where_it_opens_a_pile_is_at_least_an_inaccuracy_and_reads_below_95() -> None:
    game, stacked = stacking_game(4, expert_judge(QUICK), stacks=7)  # deal 4: a game of 29 placements, won
    result = review(game, expert_judge(QUICK))
    assert game.status is Status.WON and result.accuracy < 95
    for n in stacked:
        assert ORDER.index(result.steps[n - 1].verdict) >= ORDER.index(Verdict.INACCURACY), result.steps[n - 1]
    own = review(expert_game(game, expert_judge(QUICK)), expert_judge(QUICK))
    assert {step.verdict for step in own.steps} == {Verdict.BEST} and own.accuracy == 100


@pytest.mark.slow
def test_losing_at_once_from_an_open_position_where_another_cell_was_safe_is_a_blunder() -> None:
    game = lost_game()  # its last card turns a fifth card face down, where another cell was safe
    before = Game(game.stock, seed=game.seed)
    for cell in game.placements[:-1]:
        before.play(cell)
    last = game.placements[-1]
    safe = [cell for cell in before.legal_moves() if before.preview(cell).status is not Status.LOST]
    assert safe and before.preview(last).status is Status.LOST
    step = judge_step(before, last, expert_judge(QUICK))
    assert step.chance_before > 0.4 and step.expert_cell in safe  # about even, at this budget as at the default
    assert step.chance_after == 0 and step.verdict is Verdict.BLUNDER


@pytest.mark.slow
def test_the_review_never_depends_on_the_order_of_the_unseen_cards() -> None:
    game = lost_game()
    other = reordered(game, 1)
    mine = [step.to_json() for step in player_steps(game, expert_judge(QUICK))]
    theirs = [step.to_json() for step in player_steps(other, expert_judge(QUICK))]
    assert mine == theirs


def test_each_verdict_sees_only_what_the_player_saw_then() -> None:
    """A judge that remembers what it was shown: never more than the position, for every placement."""
    game = won_game()
    shown: list[Position] = []
    fake = first_cell_judge()

    def judge(position: Position) -> Advice:
        shown.append(position)
        return fake(position)

    list(player_steps(game, judge))
    replay = Game(game.stock, seed=game.seed)
    for position, cell in zip(shown, game.placements, strict=True):
        assert position == Position.of(replay)
        replay.play(cell)


# --- in the background --------------------------------------------------------


def test_reviewing_fills_in_and_ends_with_the_review() -> None:
    game = lost_game()
    reviewing = Reviewing(game, judge=first_cell_judge())
    result = reviewing.wait(10)
    assert result is not None and reviewing.done() and reviewing.progress == 1
    assert len(reviewing.steps) == game.placed_count
    assert result.steps == tuple(reviewing.steps)


def test_a_cancelled_review_stops_without_a_result() -> None:
    stop = threading.Event()

    def slow(position: Position) -> Advice:
        stop.wait(10)
        return first_cell_judge()(position)

    reviewing = Reviewing(lost_game(), judge=slow)
    reviewing.cancel()
    stop.set()
    assert reviewing.wait(10) is None and reviewing.done() and reviewing.error is None


def test_a_failing_expert_is_one_line_not_a_crash() -> None:
    def broken(position: Position) -> Advice:
        raise RuntimeError("out of cheese")

    reviewing = Reviewing(lost_game(), judge=broken)
    assert reviewing.wait(10) is None
    assert reviewing.error is not None and "out of cheese" in fault_words(reviewing.error)


@pytest.mark.slow
def test_the_real_review_plays_the_expert_s_game_in_another_process() -> None:
    game = won_game()
    result = Reviewing(game, nodes=QUICK).wait(60)
    assert result is not None
    own = expert_game(game, expert_judge(QUICK))
    assert (result.expert_result, result.expert_score) == (own.status, own.score)
    assert result.steps == tuple(player_steps(game, expert_judge(QUICK)))


def test_advice_known_already_is_taken_as_it_is_and_the_rest_thought_out() -> None:
    game = won_game()
    first, second = (Position.of(before_placement(game, n)) for n in (2, 3))
    known = {first: advise(first, nodes=0, min_depth=1)}
    judge = expert_judge(QUICK, known=known)
    assert judge(first) is known[first]
    assert judge(second).depth > 1  # not known: thought out with the budget


@pytest.mark.slow
def test_a_review_takes_the_advice_the_screen_found_on_the_player_s_positions() -> None:
    game = won_game()
    quick = expert_judge(QUICK)
    known = {Position.of(before_placement(game, n)): quick(Position.of(before_placement(game, n)))
             for n in range(1, game.placed_count + 1)}  # fmt: skip
    result = Reviewing(game, known=known).wait(120)  # the default budget: the known advice is at another
    assert result is not None
    assert result.steps == tuple(player_steps(game, quick))


# --- the summary and the chart -------------------------------------------------


def fake_review(game: Game) -> Review:
    return review(game, first_cell_judge())


@pytest.mark.parametrize("ascii", [False, True])
def test_the_chart_fits_its_width_and_marks_each_costly_placement_under_its_point(ascii: bool) -> None:
    steps = list(player_steps(won_game(), first_cell_judge()))  # 2.5 cards lost wherever it is not the first cell
    lines = chart_lines(steps, 6, 70, ascii=ascii)
    assert len(lines) == 6 + CHART_FOOT  # the rows, the axis, the marks and the placement numbers
    assert all(len(line) <= 70 for line in lines)
    assert lines[0].startswith(f"{CHART_TOP:>4}") and lines[5].startswith("   0 ")
    scale = (70 - 5) // (len(steps) + 1)
    marks, numbers = lines[-2], lines[-1]
    marked = [(x - 5) // scale for x, mark in enumerate(marks) if mark == "X"]  # the placement of the point above
    assert marked == [step.n for step in steps if step.verdict is Verdict.BLUNDER]
    assert all((x - 5 + 1) % scale == 0 for x, mark in enumerate(marks) if mark == "X")  # under the point's end
    assert numbers.startswith("card")
    five = numbers.index(" 5 ") + 1
    assert (five - 5 + 1) // scale - 1 == 5  # the number 5 ends under the point placement 5 led to
    if ascii:
        assert all(line.isascii() for line in lines)
    else:
        assert "█" in "".join(lines)


def test_the_chart_s_scale_is_fixed_so_that_two_games_compare() -> None:
    half = [replace(step(12, 12), n=n) for n in range(1, 6)]
    high = [replace(step(24, 24), n=n) for n in range(1, 30)]
    for steps in (half, high):
        lines = chart_lines(steps, 8, 70)
        bars = [line for line in lines[:8] if "█" in line]
        assert len(bars) == 8 * steps[0].expected_before // 24


def test_the_summary_compares_with_the_expert() -> None:
    lines = summary_lines(fake_review(won_game()), rows=5, width=70)
    assert lines[0].startswith("You 7 · expert ")
    assert lines[1].startswith("Accuracy ")
    assert "best" in lines[2] and "blunder" in lines[2]


@pytest.mark.parametrize("width", [68, 78])  # the page widths of the smallest screen and of 80 columns
@pytest.mark.parametrize("good", [False, True])  # as judged, or every costly placement only good (the longest phrase)
def test_each_line_of_the_summary_s_head_is_shortened_to_fit_never_cut(width: int, good: bool) -> None:
    result = fake_review(won_game())
    if good:  # and numbered as late in a game as they can be
        result = replace(result, steps=tuple(_only_good(step) for step in result.steps))
    worst = result.worst
    assert worst is not None
    head = summary_lines(result, rows=5, width=width)[:SUMMARY_HEAD]
    assert all(len(line) <= width for line in head), head
    costliest = next(line for line in head if line.startswith("Worst: card "))
    assert costliest.endswith(verdict_phrase(worst.verdict)) and f" on {cell_name(worst.cell)}" in costliest
    assert worst.verdict is (Verdict.GOOD if good else worst.verdict)
    assert head[1].startswith("Accuracy ") and head[5].endswith("X blunder)")


def _with_worst(**changes: Any) -> tuple[Review, Step]:
    """A review of a won game whose worst placement is changed by ``changes`` (and lost nothing at once)."""
    result = fake_review(won_game())
    worst = result.worst
    assert worst is not None
    changed = replace(worst, lost_at_once=False, **changes)
    return replace(result, steps=tuple(changed if step is worst else step for step in result.steps)), changed


def test_the_worst_line_gives_up_the_win_chance_before_the_card_and_the_card_before_the_expert_s_cell() -> None:
    result, blunder = _with_worst(
        n=33, card=Card.parse("10D"), expected_before=20.2, expected_after=10.4, chance_before=0.99, chance_after=0.41
    )
    assert blunder.verdict is Verdict.BLUNDER

    def worst_line(width: int) -> str:
        return next(line for line in summary_lines(result, rows=5, width=width) if line.startswith("Worst"))

    where = f"on {cell_name(blunder.cell)} (expert {cell_name(blunder.expert_cell)})"
    widest = worst_line(200)
    assert widest.startswith(f"Worst: card 33, 10♦ {where}: 20.2 → 10.4 cards, win chance ") and len(widest) > 78
    assert worst_line(78) == f"Worst: card 33, 10♦ {where}: 20.2 → 10.4 cards, a blunder"
    no_card = f"Worst: card 33 {where}: 20.2 → 10.4 cards, a blunder"
    assert worst_line(len(no_card)) == no_card
    assert (
        worst_line(len(no_card) - 1)
        == f"Worst: card 33, 10♦ on {cell_name(blunder.cell)}: 20.2 → 10.4 cards, a blunder"
    )


def test_a_blunder_by_win_chance_alone_keeps_its_win_chance_in_a_narrow_worst_line() -> None:
    result, blunder = _with_worst(
        n=31, card=Card.parse("2S"), expected_before=0.1, expected_after=0.1, chance_before=0.45, chance_after=0.24
    )
    assert blunder.verdict is Verdict.BLUNDER and blunder.cost == 0
    result = replace(result, steps=(blunder,))  # the worst by the cards would be another
    where = f"on {cell_name(blunder.cell)} (expert {cell_name(blunder.expert_cell)})"
    lines = summary_lines(result, rows=5, width=78)
    assert f"Worst: card 31, 2♠ {where}: win chance 45% → 24%, a blunder" in lines  # not "0.1 → 0.1 cards"


def _only_good(step: Step) -> Step:
    """``step`` numbered 30 later and, if it cost anything, costing 0.7 cards: a good placement."""
    if step.cell == step.expert_cell:
        return replace(step, n=step.n + 30)
    after = round(step.expected_before - 0.7, 1)
    return replace(step, n=step.n + 30, expected_after=after, chance_after=step.chance_before, lost_at_once=False)


@pytest.mark.parametrize("ascii", [False, True])
def test_the_summary_and_the_listing_spell_cards_and_arrows_as_the_table_does(ascii: bool) -> None:
    result = fake_review(won_game())
    worst = result.worst
    assert worst is not None
    card = str(worst.card) if ascii else worst.card.rank_text + UNICODE.suits[worst.card.suit]
    arrow = "->" if ascii else "→"
    costliest = next(
        line for line in summary_lines(result, rows=5, width=70, ascii=ascii) if line.startswith("Worst: ")
    )
    assert f", {card} on {cell_name(worst.cell)} " in costliest and f" {arrow} " in costliest
    listed = step_line(worst, ascii=ascii)
    assert f" {card} on " in listed and f"% {arrow} " in listed
    assert listed.isascii() == ascii and costliest.isascii() == ascii


def test_a_listed_placement_names_the_expert_s_cell_in_brackets_of_its_own_and_keeps_its_columns() -> None:
    same, other = step(18.0, 18.0), step(18.0, 15.0)
    assert same.expert_cell == same.cell and other.expert_cell != other.cell
    one, two = step_line(same), step_line(other)
    assert "(expert: same)" in one and f"(expert: {cell_name(other.expert_cell)}) " in two
    assert one.index("18.0") == two.index("18.0") and one.index("cost") == two.index("cost")


def test_in_a_narrow_terminal_the_review_fits_it_and_each_placement_takes_two_whole_lines() -> None:
    _, whole = four_placements()
    helped = whole.autoplayed((2,))
    wide = report_lines(helped, rows=5, width=78)
    narrow = report_lines(helped, rows=5, width=60, terminal=60)
    assert max(map(len, narrow)) <= 60 < max(map(len, wide))
    listed = [line for line in wide if "(expert: " in line]
    firsts = [n for n, line in enumerate(narrow) if "(expert: " in line]
    assert [f"{narrow[n]} {narrow[n + 1]}".split() for n in firsts] == [line.split() for line in listed]
    assert all(narrow[n].endswith(" cost " + narrow[n].split()[-1]) and "%" in narrow[n + 1] for n in firsts)
    assert report_lines(helped, rows=5, width=78, terminal=200) == wide  # room enough: as in a file
    sure, likely = step_lines(step(18.0, 15.0, before=1.0), 40)[1], step_lines(step(18.0, 15.0, before=0.5), 40)[1]
    assert sure.index("→") == likely.index("→") and "100%" in sure  # the chances line up as on one line


# --- the command ----------------------------------------------------------------


def write(tmp_path: Path, value: object) -> str:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(value))
    return str(path)


@pytest.mark.parametrize(
    ("record", "words"),
    [
        ({"stock": ["AC", "AC"]}, "the same card twice"),
        ({"stock": ["AC", "2C"], "placements": [[1, 1]]}, "placement 1"),
        ([1, 2], "must be a JSON object"),
    ],
)
def test_a_bad_record_gets_its_own_error_and_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], record: object, words: str
) -> None:
    assert command("review", "--file", write(tmp_path, record)) == 1
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1


def test_an_unfinished_game_or_a_missing_file_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert command("review", "--file", write(tmp_path, played(5, 3).to_record())) == 1
    assert "not over" in capsys.readouterr().err
    assert command("review", "--file", str(tmp_path / "none.json")) == 1
    assert "no such file" in capsys.readouterr().err


def test_json_has_one_entry_per_placement_with_cell_names(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = lost_game()
    record = write(tmp_path, game.to_record())
    assert review_main(["--file", record, "--json", "--nodes", str(QUICK)], judge=first_cell_judge()) == 0
    check_json(json.loads(capsys.readouterr().out), game)


@pytest.mark.skipif(WINDOWS, reason=NO_SYMLINKS)
def test_a_record_file_may_be_a_symbolic_link_as_import_reads_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = lost_game()
    link = tmp_path / "link.json"
    link.symlink_to(write(tmp_path, game.to_record()))
    assert review_main(["--file", str(link), "--json", "--nodes", str(QUICK)], judge=first_cell_judge()) == 0
    check_json(json.loads(capsys.readouterr().out), game)


def test_a_record_file_may_be_standard_input_as_import_reads_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    game = lost_game()
    record = write(tmp_path, game.to_record())
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(Path(record).read_bytes())))
    assert review_main(["--file", "-", "--json", "--nodes", str(QUICK)], judge=first_cell_judge()) == 0
    check_json(json.loads(capsys.readouterr().out), game)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"  ")))
    assert command("review", "--file", "-") == 1
    assert capsys.readouterr().err.strip() == "foursquare review: standard input: the file is empty"


def test_json_keeps_every_key_and_adds_expected_scores_costs_and_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = lost_game()
    judge = first_cell_judge()
    assert review_main(["--file", write(tmp_path, game.to_record()), "--json"], judge=judge) == 0
    out = json.loads(capsys.readouterr().out)
    check_json(out, game)
    assert out["expected_start"] == 18.0
    second = out["placements"][1]
    assert second["lines"][0] == {"cell": second["expert_cell"], "expected": 18.0, "chance": 0.9}
    assert second["cost"] == round(second["expected_before"] - second["expected_after"], 1)


def check_json(out: dict[str, Any], game: Game) -> None:
    """What ``review --json`` must hold for ``game``: every key it always had, and the cards."""
    assert set(out) == {"deal", "result", "score", "accuracy", "expert", "expected_start", "placements"}
    assert (out["deal"], out["result"], out["score"]) == (game.seed, "lost", None)
    assert set(out["expert"]) == {"result", "score"}
    assert 0 <= out["accuracy"] <= 100 and 0 <= out["expected_start"] <= 24
    placements = out["placements"]
    assert [p["n"] for p in placements] == list(range(1, game.placed_count + 1))
    cells: list[Cell] = [parse_cell(p["cell"]) for p in placements]
    assert cells == game.placements
    assert placements[0]["cell"] == "d4" and placements[0]["card"] == str(game.stock[0])
    assert all(0 <= p["chance_before"] <= 1 and 0 <= p["chance_after"] <= 1 for p in placements)
    assert placements[-1]["chance_after"] == 0 and placements[-1]["expected_after"] == 0
    assert {p["verdict"] for p in placements} <= {v.value for v in Verdict}
    keys = {"n", "card", "cell", "expert_cell", "chance_before", "chance_after", "verdict"}
    keys |= {"expected_before", "expected_after", "cost", "lines", "danger"}
    assert all(set(p) - {"why"} == keys for p in placements)
    assert all(p["verdict"] in ("inaccuracy", "mistake", "blunder") for p in placements if "why" in p)
    replay = Game(game.stock, seed=game.seed)
    for entry in placements:
        assert (
            entry["expected_before"] == entry["lines"][0]["expected"]
            and entry["expert_cell"] == entry["lines"][0]["cell"]
        )
        assert {parse_cell(line["cell"]) for line in entry["lines"]} == set(replay.legal_moves())
        assert all(set(line) == {"cell", "expected", "chance"} for line in entry["lines"])
        assert entry["cost"] == max(0.0, round(entry["expected_before"] - entry["expected_after"], 1))
        replay.play(parse_cell(entry["cell"]))


# --- games from the history, and the review kept with them ------------------------


def history_with(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *games: Game) -> list[int]:
    """A data folder whose history holds ``games``, oldest first; their ids."""
    monkeypatch.setenv("FOURSQUARE_HOME", str(tmp_path))
    ids = []
    with Store.open(tmp_path)[0] as store:
        for game in games:
            finished = FinishedGame.of(game, daily=None, started=None, ended=utc_now(), counted=True)
            ids.append(store.record(finished).game_id)
    return ids


def test_a_review_is_kept_with_the_game_and_read_back_only_for_it() -> None:
    game = won_game()
    kept = fake_review(game).to_cache(123)
    assert json.loads(json.dumps(kept)) == kept
    again = Review.from_cache(kept, game, 123)
    assert again is not None and again.to_json() == fake_review(game).to_json()
    assert Review.from_cache(kept, game, 124) is None  # another strength
    assert Review.from_cache(kept, lost_game(), 123) is None  # another game
    assert Review.from_cache({"version": 1}, game, 123) is None
    assert Review.from_cache("junk", game, 123) is None


def test_game_and_last_review_games_of_the_history_and_keep_the_review(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lost, won = lost_game(), won_game()
    first, second = history_with(tmp_path, monkeypatch, lost, won)
    with Store.open(tmp_path)[0] as store:
        store.save_review(first, fake_review(lost).to_cache(QUICK))
        store.save_review(second, fake_review(won).to_cache(QUICK))
    assert review_main([str(first), "--json", "--nodes", str(QUICK)]) == 0
    assert json.loads(capsys.readouterr().out) == fake_review(lost).to_json()  # the kept review: no expert asked
    assert review_main(["--last", "--json", "--nodes", str(QUICK)]) == 0
    assert json.loads(capsys.readouterr().out)["score"] == won.score
    assert review_main(["--json", "--nodes", str(QUICK)]) == 0  # --last is the default
    assert json.loads(capsys.readouterr().out)["score"] == won.score


@pytest.mark.slow
def test_a_review_made_by_the_command_is_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    game = lost_game()
    (game_id,) = history_with(tmp_path, monkeypatch, game)
    assert review_main([str(game_id), "--json", "--nodes", "50"]) == 0
    printed = json.loads(capsys.readouterr().out)
    with Store.open(tmp_path)[0] as store:
        kept = Review.from_cache(store.load_review(game_id), game, 50)
    assert kept is not None and kept.to_json() == printed


def test_no_such_game_or_no_game_yet_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    history_with(tmp_path, monkeypatch)
    assert command("review", "--last") == 1
    assert "no game has ended yet" in capsys.readouterr().err
    assert command("review", "7") == 1
    assert "no game 7" in capsys.readouterr().err
    assert command("review", "7", "--last") == 2
    assert "one of GAME, --last and --file" in capsys.readouterr().err


def test_an_accuracy_always_reads_to_a_tenth() -> None:
    assert [accuracy_text(value) for value in (75.0, 87.8, 100.0, 0.0)] == ["75.0", "87.8", "100.0", "0.0"]


def test_a_cell_that_reads_above_the_expert_s_says_why_it_is_still_the_expert_s_call() -> None:
    said = [line.plain() for line in verdict_lines(step(1.9, 2.2), 120)]
    assert said[0].startswith("Expected score 1.9 → 2.2 cards")
    assert (
        said[1] == "Verdict: best (nothing lost: the expert looked further ahead at its own cell, where it reads lower)"
    )
    assert verdict_lines(step(1.9, 2.2), 78)[1].plain() == (
        "Verdict: best (nothing lost: the expert's cell was looked at further ahead)"
    )
    assert verdict_lines(step(1.9, 1.9), 78)[1].plain() == "Verdict: best (nothing lost)"


def test_a_chance_of_winning_at_0_0_cards_says_the_expert_expects_a_win_to_leave_next_to_no_card() -> None:
    late = step(0.0, 0.0, before=0.8, after=0.71)
    said = verdict_lines(late, 200)[0].plain()
    assert said.startswith("Expected score 0.0 → 0.0 cards, win chance 80% → 71%") and "next to no card" in said
    assert "next to no card" not in verdict_lines(step(0.0, 0.0, before=0.0), 200)[0].plain()  # lost: nothing to say
    assert "next to no card" not in verdict_lines(step(1.0, 0.0, before=0.8), 200)[0].plain()
    result = replace(fake_review(won_game()), steps=(late,))
    (line,) = [line for line in plain_review_lines(result, Spelling()) if line.startswith("  2. ")]
    assert line.endswith("(the expert expects a win here to leave next to no card in the stock).")


def test_a_placement_that_cost_cards_for_a_higher_win_chance_says_so_beside_its_verdict() -> None:
    safer = step(3.6, 0.6, before=0.93, after=0.97)
    assert safer.verdict is Verdict.MISTAKE
    said = [line.plain() for line in verdict_lines(safer, 78)]
    assert said[1] == "Verdict: mistake (3.0 cards of expected score given up for a surer win)"
    assert verdict_lines(safer, 66)[-1].plain() == "Verdict: mistake (3.0 cards of expected score lost)"
    riskier = step(3.6, 0.6, before=0.93, after=0.90)
    assert "surer" not in " ".join(line.plain() for line in verdict_lines(riskier, 200))
    level = step(3.6, 0.6, before=0.93, after=0.934)  # the same chance as read: nothing to explain
    assert "surer" not in " ".join(line.plain() for line in verdict_lines(level, 200))
    result = replace(fake_review(won_game()), steps=(safer,))
    (line,) = [line for line in plain_review_lines(result, Spelling()) if line.startswith("  2. ")]
    assert line.endswith("win chance 93% before, 97% after; mistake (cards given up for a surer win).")
    assert step_line(safer).endswith(" 93% →  97%  mistake (for a surer win)")  # the command's list of placements
    assert step_line(riskier).endswith("mistake") and step_line(level).endswith("mistake")
    assert step_lines(safer, 60)[1] == "     93% →  97%  mistake (for a surer win)"


def four_placements() -> tuple[Game, Review]:
    """A won game's review cut to four judged placements: best, a mistake (3 cards), an inaccuracy, best."""
    game = won_game()
    costs = (18.0, 15.0, 16.5, 18.0)
    steps = [replace(step(18.0, after), n=n) for n, after in enumerate(costs, start=1)]
    return game, Review.of(game, steps, Status.WON, 7)


def test_autoplay_s_placements_are_shown_but_the_accuracy_the_counts_and_the_worst_are_the_player_s_own() -> None:
    _, whole = four_placements()
    assert whole.counts[Verdict.MISTAKE] == 1 and whole.worst is not None and whole.worst.n == 2
    helped = whole.autoplayed((2,))  # autoplay made the mistake
    assert helped.steps == whole.steps and [helped.by_autoplay(n) for n in (1, 2, 3, 4)] == [False, True, False, False]
    assert (helped.counts[Verdict.BEST], helped.counts[Verdict.MISTAKE], helped.counts[Verdict.INACCURACY]) == (2, 0, 1)
    assert helped.worst is not None and helped.worst.n == 3
    assert helped.accuracy == accuracy([whole.steps[0], *whole.steps[2:]]) > whole.accuracy
    assert whole.autoplayed(None) == whole.autoplayed(()) == whole  # not known: all the player's, as before
    data = helped.to_json()
    assert data["autoplayed_at"] == [2] and data["accuracy"] == helped.accuracy
    assert [entry["autoplay"] for entry in data["placements"]] == [False, True, False, False]


def test_the_counts_add_up_to_the_placements_with_the_first_card_counted_as_one_with_no_choice() -> None:
    game, whole = four_placements()
    first = replace(whole.steps[0], choices=1)
    review = Review.of(game, [first, *whole.steps[1:]], Status.WON, 7)
    full = "1 best · 0 good · 1 inaccuracy · 1 mistake · 0 blunders · 1 with no choice"  # 4 placements
    assert summary_lines(review, rows=5, width=78)[2] == full
    helped = review.autoplayed((2, 3))  # too long with the zeros: the narrow form
    assert summary_lines(helped, rows=5, width=78)[2] == "1 best · 1 with no choice · 2 by autoplay"
    assert "1 best · 1 no choice · 2 by autoplay" in summary_lines(helped, rows=5, width=38)
    assert summary_lines(whole.autoplayed((1,)), rows=5, width=78)[2].endswith("0 blunders · 1 by autoplay")


def test_the_review_s_words_say_which_placements_autoplay_made_and_leave_them_out_of_what_is_counted() -> None:
    game, whole = four_placements()
    helped = whole.autoplayed((2,))
    summary = summary_lines(helped, rows=5, width=78)
    assert summary[1].startswith(f"Accuracy {accuracy_text(helped.accuracy)} of 100 on the cards you placed · ")
    assert summary[2].endswith("0 blunders · 1 by autoplay") and summary[3].startswith("Worst: card 3,")
    assert summary_lines(helped, rows=5, width=60)[2] == "2 best · 1 inaccuracy · 1 by autoplay"  # narrow: no zeros
    every = whole.autoplayed((1, 2, 3, 4))
    said = summary_lines(every, rows=5, width=78)
    assert said[1].startswith("No accuracy (autoplay made every placement with")
    assert said[3] == "Worst placement of yours: none, autoplay made every placement with a choice"
    assert every.to_json()["accuracy"] is None
    mistake = helped.steps[1]
    page = placement_lines(mistake, mistake.card, mistake.cell, by_autoplay=True)[0].plain()
    assert page.startswith(f"Card 5H: autoplay put it on {cell_name(mistake.cell)}")
    said = [text.plain() for text in verdict_lines(mistake, by_autoplay=True)]
    assert said[0].endswith("(expert → autoplay)") and said[1].startswith(
        "Verdict (autoplay's, not yours): mistake (3.0 cards"
    )
    assert verdict_lines(mistake)[1].plain() == "Verdict: mistake (3.0 cards of expected score lost)"
    chart = summary_lines(helped, rows=5, width=78)[SUMMARY_HEAD:]
    assert "?" not in "".join(chart) and "~" in "".join(chart)  # autoplay's mistake unmarked, the player's kept
    assert "?" in "".join(summary_lines(whole, rows=5, width=78)[SUMMARY_HEAD:])
    report = report_lines(helped, rows=5, width=78)
    assert [line.endswith(" (autoplay)") for line in report if "(expert: " in line] == [
        False, True, False, False,
    ]  # fmt: skip
    assert report[-1] == autoplay_note() == "(autoplay): placed by autoplay; the accuracy and the counts are your own."
    plain = plain_review_lines(helped, Spelling(), game)
    assert plain[1].endswith(", 1 by autoplay.")
    listed = [line for line in plain if line[:4] in ("  1.", "  2.", "  3.", "  4.")]
    assert [line.endswith(", placed by autoplay.") for line in listed] == [False, True, False, False]
    everything = plain_review_lines(every, Spelling(), game)
    assert everything[1].startswith("No accuracy (autoplay made every placement with a choice): 0 best, ")
    assert "Worst placement of yours: none, autoplay made every placement with a choice." in everything
    narrow = [text.plain() for text in verdict_lines(mistake, 66, by_autoplay=True)]
    assert narrow[-1].startswith("Verdict (autoplay's): mistake")
    unknown = Help(autoplayed=3, autoplayed_at=None)  # a game kept before the game recorded which
    assert (
        helped_summary_line(whole, unknown) == "Played with 3 cards by autoplay, not known which: all counted as yours."
    )
    assert helped_summary_line(whole, unknown, 60) == "Played with 3 cards by autoplay: which, not known."
    assert helped_summary_line(whole, unknown, 40) == "Played with 3 cards by autoplay."
    assert helped_summary_line(helped, Help(autoplayed=1, autoplayed_at=(2,))) == "Played with 1 card by autoplay."
    taken = Help(take_backs=1, autoplayed=2, autoplayed_at=(2,))  # one of autoplay's cards taken back
    assert helped_summary_line(helped, taken) == "Played with 1 take-back, 2 cards by autoplay, 1 of them taken back."
    assert not any(line.startswith("    ") for line in plain[plain.index(listed[1]) + 1 : plain.index(listed[2])])
