"""Practice on your own mistakes: positions from kept games, two tries, solved positions kept and not offered again."""

from __future__ import annotations

import random
import threading

import pytest
from helpers import another_wrong_cell, finds_noted, lost_game, new_pile_judge, played, stacking_game

from foursquare.engine import Game, Refusal, cell_name
from foursquare.engine.values import replace
from foursquare.expert.advice import Advice, Position
from foursquare.expert.practice import AllDone, Attempt, Exercise, Outcome, Preparing
from foursquare.expert.review import PRACTICE_COST, Judge, Verdict, review
from foursquare.expert.reviewing import Reviewing
from foursquare.session.practice import Practice, PracticeLines
from foursquare.storage.formats import FinishedGame, utc_now
from foursquare.storage.helped import Help
from foursquare.storage.library import Library
from foursquare.storage.store import Store
from foursquare.words.cards import Spelling
from foursquare.words.practice import done_lines, exercise_lines, skipped

NODES = 7
"""The budget the fake reviews are kept at."""


def kept(store: Store, *games: Game) -> list[int]:
    """Keep ``games`` in the history, oldest first; their ids."""
    return [
        store.record(FinishedGame.of(game, daily=None, started=None, ended=utc_now(), counted=True)).game_id
        for game in games
    ]


def practice_on(store: Store, judge: Judge, started: list[Game] | None = None, **kwargs: object) -> Practice:
    """A round of practice whose reviews are made by ``judge`` (each game it starts on noted in ``started``)."""

    def start(game: Game) -> Reviewing:
        if started is not None:
            started.append(game)
        return Reviewing(game, judge=judge)

    return Practice(Library(store), nodes=NODES, start=start, **kwargs)  # type: ignore[arg-type]


def first(practice: Practice) -> Exercise:
    now = practice.wait()
    assert isinstance(now, Exercise)
    return now


def answered(result: Attempt | Refusal) -> Attempt:
    assert isinstance(result, Attempt)
    return result


def test_a_kept_game_with_a_mistake_yields_its_costly_placements_as_positions() -> None:
    judge = new_pile_judge()
    game, stacked = stacking_game(7, judge, stacks=3)
    store = Store.empty()
    (game_id,) = kept(store, game)
    practice = practice_on(store, judge)
    seen = []
    while isinstance(now := practice.wait(), Exercise):
        assert now.game_id == game_id and now.key == (game_id, now.step.n)
        assert now.step.cost >= PRACTICE_COST and now.step.card == game.stock[now.step.n - 1]
        assert now.before.placed_count == now.step.n - 1  # the position the player had in front of them
        seen.append(now.step.n)
        practice.skip()
    assert seen == stacked
    assert isinstance(now, AllDone) and now.offered == 3 and now.solved == 0


def test_a_blunder_by_the_chance_to_win_is_a_position_though_it_cost_less_than_a_card() -> None:
    """Late in a deal a placement can throw much of the chance to win away for a few tenths of a card."""

    def judge(position: Position) -> Advice:  # a stack costs 0.3 cards, and 35 points of the chance to win
        occupied = {cell for cell, _ in position.piles}
        cells = sorted(position.legal_cells(), key=lambda cell: (cell in occupied, cell))
        scores = tuple((cell, 18.0 - 0.3 * (cell in occupied)) for cell in cells)
        ranking = tuple((cell, 0.6 if cell in occupied else 0.95) for cell in cells)
        return Advice(cells[0], 0.95, ranking, 1, 1, 0.0, scores)

    game, stacked = stacking_game(7, judge, stacks=2)
    store = Store.empty()
    kept(store, game)
    practice = practice_on(store, judge)
    seen = []
    while isinstance(now := practice.wait(), Exercise):
        assert now.step.cost < PRACTICE_COST and now.step.verdict is Verdict.BLUNDER
        assert answered(practice.answer(now.step.cell)).outcome is Outcome.TRY_AGAIN  # the blunder again: not solved
        seen.append(now.step.n)
        practice.skip()
    assert seen == stacked


def test_a_costly_placement_autoplay_made_is_no_position_to_practise() -> None:
    judge = new_pile_judge()
    game, stacked = stacking_game(7, judge, stacks=3)
    store = Store.empty()
    helped = Help(autoplayed=1, autoplayed_at=(stacked[1],))
    store.record(FinishedGame.of(game, daily=None, started=None, ended=utc_now(), counted=True, help=helped))
    practice = practice_on(store, judge)
    seen = []
    while isinstance(now := practice.wait(), Exercise):
        seen.append(now.step.n)
        practice.skip()
    assert seen == [stacked[0], stacked[2]]


def test_the_expert_s_cell_solves_a_position_and_it_is_not_offered_again() -> None:
    judge = new_pile_judge()
    game, stacked = stacking_game(7, judge, stacks=2)
    store = Store.empty()
    (game_id,) = kept(store, game)
    practice = practice_on(store, judge)
    exercise = first(practice)
    attempt = answered(practice.answer(exercise.step.expert_cell))
    assert attempt.outcome is Outcome.SOLVED and attempt.verdict is Verdict.BEST and attempt.tries == 1
    assert store.solved_positions() == {(game_id, stacked[0])}
    assert first(practice).step.n == stacked[1]  # practice moves on
    again = practice_on(store, judge)
    assert first(again).step.n == stacked[1]  # a new round skips what is solved


def test_the_mistake_again_is_not_as_good_and_a_second_try_comes_before_the_answer() -> None:
    judge = new_pile_judge(other_piles_cost=1.2)  # a second cell to get wrong
    game, stacked = stacking_game(7, judge, stacks=2)
    store = Store.empty()
    kept(store, game)
    practice = practice_on(store, judge)
    exercise = first(practice)
    mistake = answered(practice.answer(exercise.step.cell))
    assert mistake.again and mistake.outcome is Outcome.TRY_AGAIN and mistake.verdict is not Verdict.BEST
    assert mistake.judged.cost == exercise.step.cost
    assert first(practice) == exercise  # the same position, for the second try
    repeated = answered(practice.answer(exercise.step.cell))  # the same cell again (Enter pressed twice) ...
    assert repeated.repeated and repeated.outcome is Outcome.TRY_AGAIN and repeated.tries == practice.tries == 1
    assert first(practice) == exercise  # ... uses no try
    twice = answered(practice.answer(another_wrong_cell(exercise.step)))
    assert twice.outcome is Outcome.SHOWN and twice.tries == 2 and not twice.repeated
    assert first(practice).step.n == stacked[1]  # shown: practice goes on ...
    assert store.solved_positions() == set()  # ... but the position is not solved: it stays for another time
    assert first(practice_on(store, judge)).step.n == stacked[0]


def test_a_cell_the_card_cannot_go_on_is_refused_without_using_a_try() -> None:
    judge = new_pile_judge()
    store = Store.empty()
    kept(store, stacking_game(7, judge, stacks=1)[0])
    practice = practice_on(store, judge)
    first(practice)
    assert isinstance(practice.answer((5, 5)), Refusal)
    assert practice.tries == 0


def test_a_kept_review_is_used_and_a_missing_one_is_made_and_kept() -> None:
    judge = new_pile_judge()
    game, _ = stacking_game(7, judge, stacks=1)
    store = Store.empty()
    older, newer = kept(store, lost_game(), game)
    library = Library(store)
    library.keep_review(newer, game, review(game, judge), NODES)
    started: list[Game] = []
    practice = practice_on(store, judge, started)
    assert first(practice).game_id == newer and started == []  # the newest first, from its kept review
    practice.skip()
    practice.wait()
    assert started == [lost_game()]  # the older game had none: the expert reviewed it ...
    assert library.kept_review(older, lost_game(), NODES) is not None  # ... and it is kept


def test_practice_says_while_it_waits_for_a_review_and_games_that_cannot_be_reviewed_are_passed_over() -> None:
    gate = threading.Event()
    judge = new_pile_judge()

    def held(position: Position) -> Advice:
        gate.wait(10)
        return judge(position)

    store = Store.empty()
    kept(store, stacking_game(7, judge, stacks=1)[0], played(5, 3))  # the newest is left before its end
    practice = practice_on(store, held)
    now = practice.current()
    assert isinstance(now, Preparing) and now.placements > 0
    gate.set()
    assert isinstance(practice.wait(), Exercise)


def test_a_game_already_looked_up_is_taken_as_it_is_and_the_others_are_looked_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    judge = new_pile_judge()
    game, stacked = stacking_game(7, judge, stacks=1)
    store = Store.empty()
    kept(store, game, stacking_game(7, judge, stacks=1)[0])
    asked = finds_noted(monkeypatch)
    practice = Practice(
        Library(store), game_ids=[1, 2], looked_up={1: game}, nodes=NODES, start=lambda g: Reviewing(g, judge=judge)
    )
    assert first(practice).game_id == 1 and first(practice).step.n == stacked[0]
    assert asked == []
    practice.skip()
    assert first(practice).game_id == 2 and asked == [2]


def test_with_nothing_to_practise_the_round_ends_at_once() -> None:
    judge = new_pile_judge()
    game = Game.deal(7)
    while not game.is_over:  # the judge's own game: nothing cost anything
        game.play(judge(Position.of(game)).cell)
    store = Store.empty()
    kept(store, game)
    done = practice_on(store, judge).wait()
    assert isinstance(done, AllDone) and done.offered == 0
    assert done_lines(done) == [
        "Nothing to practise: no kept game has an unsolved placement of yours that cost a card or more, or much of "
        "the chance to win."
    ]
    named = practice_on(store, judge, game_ids=[1]).wait()  # the game asked for is there, clean
    assert isinstance(named, AllDone)
    assert done_lines(named) == [
        "Nothing to practise in game 1: no unsolved placement of yours that cost a card or more, or much of the "
        "chance to win."
    ]


def test_a_game_asked_for_that_is_not_there_is_said_so_not_nothing_to_practise() -> None:
    done = practice_on(Store.empty(), new_pile_judge(), game_ids=[9]).wait()
    assert isinstance(done, AllDone) and done.named == (9,)
    assert done_lines(done) == ["There is no game 9 in the history (foursquare history lists them)."]


def test_practice_in_plain_lines_answers_skips_and_stops() -> None:
    judge = new_pile_judge()
    game, stacked = stacking_game(7, judge, stacks=3)
    store = Store.empty()
    kept(store, game)
    out: list[str] = []
    lines = PracticeLines(practice_on(store, judge), Spelling(ascii=True), out.append)
    lines.begin()
    if out[0].startswith("The expert is reviewing"):  # said while the review is at work (a fake is quick)
        assert out.pop(0) == "The expert is reviewing game 1 (11 placements) to find positions to practise…"
    assert out[0].startswith(f"Game 1, placement {stacked[0]} (deal 7): where would you put ")
    assert out[1] == "Positions left after this one: 2 more to go."
    assert any(line.startswith("Unseen, in an order nobody knows: ") for line in out)
    step = review(game, judge).steps[stacked[0] - 1]
    out.clear()
    lines.handle(f"  {cell_name(step.cell).upper()} ")
    assert out[0].startswith(f"Not the best: {cell_name(step.cell)} (where you put it in the game) costs 1.2 cards")
    out.clear()
    lines.handle("zz")
    assert out == ["zz: not a cell. " + out[0].split(". ", 1)[1]]
    out.clear()
    lines.handle(cell_name(step.expert_cell))
    assert out[0] == f"Solved: {cell_name(step.expert_cell)} is the expert's own cell."
    assert any(line.startswith(f"Game 1, placement {stacked[1]} ") for line in out)
    out.clear()
    lines.handle("s")
    assert out[0] == skipped() and out[1].startswith(f"Game 1, placement {stacked[2]} ")
    assert out[2] == "Positions left after this one: the last one."
    lines.handle("q")
    assert not lines.practising and out[-1].startswith("Practice stopped: 1 position solved")


def test_games_not_looked_at_yet_are_counted_apart_from_the_positions_found() -> None:
    judge = new_pile_judge()
    store = Store.empty()
    kept(store, stacking_game(7, judge, stacks=2)[0], stacking_game(7, judge, stacks=1)[0])
    practice = practice_on(store, judge)
    first(practice)
    assert (practice.waiting, practice.games_to_look_at) == (0, 1)  # the newest game first: its one position
    out = exercise_lines(first(practice), Spelling(ascii=True), practice.waiting, practice.games_to_look_at)
    assert out[1] == "Positions left after this one: 0 more found so far, 1 more game to look at."


def test_a_position_shows_only_what_the_player_could_see_never_the_stock_s_order() -> None:
    judge = new_pile_judge()
    store = Store.empty()
    kept(store, stacking_game(7, judge, stacks=1)[0])
    exercise = first(practice_on(store, judge))
    before, n = exercise.before, exercise.step.n
    unseen = list(before.stock[n:])
    random.Random(1).shuffle(unseen)
    assert unseen != list(before.stock[n:])
    other = Game([*before.stock[:n], *unseen], seed=before.seed)
    for cell in before.placements:
        other.play(cell)
    shuffled = replace(exercise, before=other)
    assert exercise_lines(shuffled, Spelling(ascii=True)) == exercise_lines(exercise, Spelling(ascii=True))
