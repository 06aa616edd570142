"""The line explaining each placement: every verdict, for rows and columns."""

from __future__ import annotations

import random

from foursquare.engine import Card, Game
from foursquare.screen.explain import Judgement, explain, judge


def _game(cards: str) -> Game:
    return Game([Card.parse(t) for t in cards.split()])


def _play(game: Game, cells: list[tuple[int, int]]) -> tuple[str, str]:
    """Play ``cells``; the long and short explanations of the last one."""
    for cell in cells[:-1]:
        game.play(cell)
    before = game.piles
    long, short = explain(before, game.play(cells[-1]))
    return long.plain(), short.plain()


def test_first_card_is_alone() -> None:
    long, short = _play(_game("6H 9C"), [(0, 0)])
    assert long == "6H is alone in its row and column: nothing turned"
    assert short == "6H alone in row and column"


def test_highest_in_row_names_the_cards_turned() -> None:
    long, _ = _play(_game("6H 9C 6D"), [(0, 0), (0, 1)])
    assert long == "9C is highest in its row: turned over 6H"


def test_lowest_compares_face_up_cards_only() -> None:
    # After 9C, 6H is face down; 6D is compared with 9C alone and is lowest.
    long, short = _play(_game("6H 9C 6D"), [(0, 0), (0, 1), (0, -1)])
    assert long == "6D is lowest in its row: turned over 6H and 9C"
    assert short == "6D lowest in row: turned 6H, 9C"


def test_between_in_column() -> None:
    long, _ = _play(_game("6H 9C 6D 2S 9S 4C"), [(0, 0), (0, 1), (0, -1), (1, 0), (0, 1), (-1, 0)])
    assert long == "4C is between 2 and 6 in its column: nothing turned"


def test_all_others_face_down_turns_them_all() -> None:
    long, _ = _play(_game("5H 9C 7D"), [(0, 0), (0, 1), (0, 1)])
    # 9C turned 5H face down; 7D on 9C finds only a face-down card in its row.
    assert long == "7D has only face-down cards in its row: turned over 5H"


def test_tie_turns_nothing() -> None:
    long, short = _play(_game("4H 4C"), [(0, 0), (1, 0)])
    assert long == "4C ties a 4 in its column: nothing turned"
    assert short == "4C ties a 4 in column"


def test_tie_with_the_highest_of_several() -> None:
    long, _ = _play(_game("3H 8C 8D"), [(0, 0), (0, 1), (0, 2)])
    # 8C turned 3H down, so the row holds one face-up card: the 8. A tie.
    assert long == "8D ties an 8 in its row: nothing turned"


def test_row_and_column_both_explained() -> None:
    game = _game("5H 9C 2D 7S 6C")
    long, short = _play(game, [(0, 0), (0, 1), (1, 0), (1, 1), (1, 1)])
    assert long.startswith("6C ") and "in its row" in long and "in its column" in long
    assert "; " in long and "; " in short


def test_verdicts_agree_with_the_engine_on_random_games() -> None:
    rng = random.Random(3)
    for seed in range(200):
        game = Game.deal(seed)
        while not game.is_over:
            before = game.piles
            placement = game.play(rng.choice(game.legal_moves()))
            for verdict, flipped in zip(
                judge(before, placement), (placement.row_flipped, placement.column_flipped), strict=True
            ):
                assert verdict.judgement.turns_over == bool(flipped)
                assert verdict.turned == tuple(before[c].top for c in flipped)
                if verdict.judgement is Judgement.ALONE:
                    assert not flipped
