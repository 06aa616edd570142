"""The log of a game: what each placement said, worked out again from the start."""

from __future__ import annotations

import random

from helpers import lost_game

from foursquare.engine import Game
from foursquare.words.explain import explain
from foursquare.words.log import log_entries, log_title


def test_the_log_says_what_each_placement_said_as_it_went_down() -> None:
    rng = random.Random(4)
    for deal in range(20):
        game = Game.deal(deal)
        said = []
        while not game.is_over:
            before = game.piles
            said.append(explain(before, game.play(rng.choice(game.legal_moves())))[0])
            if len(said) == 7:
                assert log_entries(game) == [(f"{n}.", text) for n, text in enumerate(said, start=1)]
        assert log_entries(game) == [(f"{n}.", text) for n, text in enumerate(said, start=1)]


def test_the_title_says_what_the_log_covers() -> None:
    game = Game.deal(5)
    assert log_title(game) == "Deal 5 so far: no card placed yet"
    game.play((0, 0))
    assert log_title(game) == "Deal 5 so far: 1 card placed"
    lost = lost_game()
    assert log_title(lost).startswith(f"Deal {lost.seed}: lost: ") and log_title(lost).endswith(" cards")


def test_the_log_says_which_placements_autoplay_made() -> None:
    game = lost_game()
    plain = log_entries(game)
    marked = log_entries(game, (2, 4))
    assert [number for number, _ in marked] == [number for number, _ in plain]
    for n, ((_, text), (_, own)) in enumerate(zip(marked, plain, strict=True), start=1):
        if n in (2, 4):
            assert text.tokens == ("By autoplay: ", *own.tokens) and text.tone == own.tone
        else:
            assert text == own
