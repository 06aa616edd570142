"""Why a placement cost what it did, and the danger after it: checked against the rules and the search."""

from __future__ import annotations

import random

import pytest
from helpers import careless_game, lost_game, stacking_game, won_game

from foursquare.engine import RANKS, Cell, Game, Status, cell_name, parse_cell
from foursquare.expert.advice import Position, advise
from foursquare.expert.danger import danger_after
from foursquare.expert.evaluation import WIN_BONUS
from foursquare.expert.reasons import Why, rank_text
from foursquare.expert.review import Review, Verdict, before_placement, expert_judge, review

QUICK = 20_000
"""A node budget that keeps the real expert quick in tests."""


def other_players_game(deal: int, seed: int) -> Game:
    """Deal ``deal`` as a careless player plays it (:func:`helpers.careless_game`)."""
    return careless_game(deal, seed)


def deadly_by_brute_force(game: Game, cell: Cell) -> tuple[int, list[str]]:
    """The unseen cards that would lose wherever they went after ``cell``, each tried as the very next card
    through the game's own rules (the stock reordered so that it comes next)."""
    after = game.copy()
    after.play(cell)
    if after.is_over:
        return 0, []
    placed = list(after.stock[: after.placed_count])
    rest = list(after.stock[after.placed_count :])
    count = 0
    ranks: set[int] = set()
    for card in rest:
        trial = Game([*placed, card, *(other for other in rest if other != card)])
        for earlier in after.placements:
            trial.play(earlier)
        if all(trial.preview(move).status is Status.LOST for move in trial.legal_moves()):
            count += 1
            ranks.add(card.rank)
    return count, [rank_text(rank) for rank in sorted(ranks)]


@pytest.mark.parametrize(
    "deal", [3, pytest.param(11, marks=pytest.mark.slow), pytest.param(2026, marks=pytest.mark.slow)]
)
def test_the_danger_is_exactly_what_the_rules_give_on_every_cell(deal: int) -> None:
    game = Game.deal(deal)
    rng = random.Random(deal)
    while not game.is_over:
        for cell in game.legal_moves():
            found = danger_after(game, cell)
            assert (found.cards, found.to_json()["ranks"]) == deadly_by_brute_force(game, cell)
        safe = [cell for cell in game.legal_moves() if game.preview(cell).status is Status.PLAYING]
        game.play(rng.choice(safe or game.legal_moves()))
    assert game.is_over


@pytest.mark.slow
def test_some_cells_are_dangerous_and_the_last_card_counts_too() -> None:
    deadly = 0
    for deal in range(12):
        game = other_players_game(deal, deal)
        for n in range(1, game.placed_count + 1):
            before = before_placement(game, n)
            for cell in before.legal_moves():
                found = danger_after(before, cell)
                assert found.cards == deadly_by_brute_force(before, cell)[0]
                deadly += found.cards > 0
    assert deadly > 0


def reviewed(game: Game) -> Review:
    return review(game, expert_judge(QUICK))


def check_why(game: Game, result: Review) -> int:
    """Every ``why`` of ``result`` (of ``game``) against the rules; how many there were."""
    found = 0
    for step in result.steps:
        entry = step.to_json()
        before = before_placement(game, step.n)
        assert entry["danger"] == {
            "yours": danger_after(before, step.cell).to_json(),
            "expert": danger_after(before, step.expert_cell).to_json(),
        }
        if not step.verdict.explained:
            assert "why" not in entry
            continue
        why = entry["why"]
        found += 1
        assert why["by_next_card"], "at least the largest rank"
        total = sum(part["cost"] for part in why["by_next_card"]) + why["rest"]
        assert abs(total - step.cost) <= 0.15
        unseen = Position.of(before).unseen
        for part in why["by_next_card"]:
            rank = {rank_text(r): r for r in RANKS}[part["rank"]]
            assert part["cards"] == unseen[rank - 1] > 0
            for side, cell in (("yours", step.cell), ("expert", step.expert_cell)):
                table = before.copy()
                table.play(cell)
                reply = part[side]
                if table.is_over:
                    assert reply["cell"] is None
                    continue
                assert reply["cell"] is not None
                # the reply is legal, and leaves what the rules say, with a card of that rank next
                rest = list(table.stock[table.placed_count :])
                card = next(card for card in rest if card.rank == rank)
                trial = Game([*table.stock[: table.placed_count], card, *(c for c in rest if c != card)])
                for earlier in table.placements:
                    trial.play(earlier)
                assert parse_cell(reply["cell"]) in trial.legal_moves()
                assert trial.preview(parse_cell(reply["cell"])).face_down_count == reply["face_down"]
        assert Why.from_json(why, before, step.cell, step.expert_cell).to_json() == why
    return found


@pytest.mark.slow
def test_every_why_names_the_unseen_cards_legal_replies_and_parts_that_add_up_to_the_cost() -> None:
    explained = 0
    for game in (other_players_game(424242, 3), other_players_game(77, 1), lost_game()):
        explained += check_why(game, reviewed(game))
    assert explained >= 5


@pytest.mark.slow
def test_a_stacking_game_s_costly_placements_say_why() -> None:
    game, _ = stacking_game(16, expert_judge(QUICK), stacks=3)
    result = reviewed(game)
    assert check_why(game, result) >= 1
    costly = [step for step in result.steps if step.verdict.explained]
    assert all(step.why is not None for step in costly)


def test_the_search_s_replies_are_its_value_rank_by_rank() -> None:
    game = won_game()
    for n in (3, 12, 20):
        position = Position.of(before_placement(game, n))
        advice = advise(position, nodes=QUICK)
        unseen = position.unseen
        left = sum(unseen)
        for cell, replies in advice.replies:
            assert {rank for rank, _, _ in replies} == {rank for rank in RANKS if unseen[rank - 1]}
            assert cell in position.legal_cells()
        replies = dict(advice.replies)[advice.cell]
        value = sum(unseen[rank - 1] * (value - WIN_BONUS * chance) for rank, (value, chance), _ in replies) / left
        assert value == pytest.approx(advice.raw_expected, abs=1e-9), cell_name(advice.cell)


@pytest.mark.slow
def test_a_game_that_follows_the_expert_has_nothing_to_explain() -> None:
    game = Game.deal(5)
    judge = expert_judge(QUICK)
    while not game.is_over:
        game.play(judge(Position.of(game)).cell)
    result = reviewed(game)
    assert all(step.verdict is Verdict.BEST and step.why is None for step in result.steps)
