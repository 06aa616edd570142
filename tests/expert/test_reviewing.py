"""The review's two children share the work so that each position is searched once, and the review is the same."""

from __future__ import annotations

import threading
from collections import Counter
from typing import Any

import pytest
from helpers import first_cell_judge, lost_game, won_game

from foursquare.engine import Game
from foursquare.expert.advice import Advice, Position, advise
from foursquare.expert.review import Judge, Step, before_placement, expert_game, judge_step, player_steps
from foursquare.expert.reviewing import Shares, expert_then_backward, forward, this_game_s


class Counting:
    """A judge that counts the positions it is asked about (from any thread)."""

    def __init__(self, judge: Judge) -> None:
        self.judge = judge
        self.asked: Counter[Position] = Counter()
        self._lock = threading.Lock()

    def __call__(self, position: Position) -> Advice:
        with self._lock:
            self.asked[position] += 1
        return self.judge(position)


def shared_first(game: Game, judge: Judge) -> tuple[Shares, list[Any]]:
    """The shares as the review's own process leaves them for its children: the first verdict judged here."""
    shares = Shares(game.placed_count)
    assert shares.take(1)
    first = judge_step(Game(game.stock, seed=game.seed), game.placements[0], judge)
    shares.tell(first)
    return shares, [first]


def run(game: Game, judge: Judge, how: str) -> list[Any]:
    """The two children's work on ``game`` with ``judge``: side by side in threads, or one after the other."""
    shares, sent = shared_first(game, judge)
    works = [forward, expert_then_backward] if how != "back first" else [expert_then_backward, forward]
    if how == "side by side":
        threads = [threading.Thread(target=work, args=(game, judge, shares, sent.append)) for work in works]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)
    else:
        for work in works:
            work(game, judge, shares, sent.append)
    return sent


def player_positions(game: Game) -> list[Position]:
    return [Position.of(before_placement(game, n)) for n in range(1, game.placed_count + 1)]


@pytest.mark.parametrize("how", ["side by side", "front first", "back first"])
def test_where_the_expert_s_game_is_the_player_s_each_position_is_searched_once(how: str) -> None:
    game = lost_game()  # the first legal cell every time: the fake expert's own game, all the way
    judge = Counting(first_cell_judge())
    sent = run(game, judge, how)
    assert set(judge.asked) == set(player_positions(game))
    assert max(judge.asked.values()) == 1
    steps = sorted((message for message in sent if isinstance(message, Step)), key=lambda step: step.n)
    assert steps == list(player_steps(game, first_cell_judge()))
    own = expert_game(game, first_cell_judge())
    assert (own.status.value, own.score) in sent
    counts = [message for message in sent if isinstance(message, int)]
    assert counts == list(range(1, own.placed_count + 1))


@pytest.mark.parametrize("how", ["side by side", "front first", "back first"])
def test_where_the_games_part_each_position_is_still_searched_once_and_the_review_is_the_same(how: str) -> None:
    game = won_game()  # the fake expert's game is the player's for the first card only
    judge = Counting(first_cell_judge())
    sent = run(game, judge, how)
    own = expert_game(game, first_cell_judge())
    mine = player_positions(game)
    assert own.placements[0] == game.placements[0] and own.placements != game.placements  # position 2 is both
    assert set(mine) <= set(judge.asked) and max(judge.asked.values()) == 1
    steps = {message.n: message for message in sent if isinstance(message, Step)}
    assert len([message for message in sent if isinstance(message, Step)]) == game.placed_count  # each sent once
    assert [steps[n] for n in sorted(steps)] == list(player_steps(game, first_cell_judge()))
    assert (own.status.value, own.score) in sent


def test_a_review_is_sent_only_the_advice_on_its_own_game_s_positions() -> None:
    game, other = won_game(), lost_game()
    quick = {position: advise(position, nodes=0, min_depth=1) for position in player_positions(game)[3:6]}
    elsewhere = {position: advise(position, nodes=0, min_depth=1) for position in player_positions(other)[5:7]}
    kept = this_game_s(game, {**elsewhere, **quick})
    assert kept == quick
    assert this_game_s(game, elsewhere) == {}
