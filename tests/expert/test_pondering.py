"""Thinking ahead: the expert starts on a position when it is shown, and a tip asked for later finds that work."""

from __future__ import annotations

import dataclasses
import random

from foursquare.engine import Game
from foursquare.expert.advice import Position, Thinking, advise
from foursquare.expert.pondering import KEPT, Ponderer


def positions(count: int, seed: int = 5) -> list[Position]:
    """Different positions from random games, each after one more placement."""
    rng = random.Random(seed)
    game = Game.deal(seed)
    found: list[Position] = []
    while len(found) < count:
        if game.is_over:
            game = Game.deal(rng.randrange(10**6))
            continue
        position = Position.of(game)
        if position not in found:
            found.append(position)
        game.play(rng.choice(game.legal_moves()))
    return found


def test_a_tip_asked_after_pondering_is_the_same_work_and_the_advice_of_no_deadline() -> None:
    position = positions(8)[-1]
    ponderer = Ponderer(60.0)
    pondered = ponderer.ponder(position)
    asked = ponderer.think(position)
    assert asked is pondered
    advice = asked.wait(60)
    assert advice is not None and not advice.cut_short
    unhurried = advise(position)
    assert (advice.cell, advice.ranking, advice.scores, advice.nodes) == (
        unhurried.cell,
        unhurried.ranking,
        unhurried.scores,
        unhurried.nodes,
    )
    assert ponderer.think(position) is asked  # done, and still handed out


def test_pondering_a_new_position_stops_the_unfinished_thinking_on_the_old_one() -> None:
    first, second = positions(12)[10:12]
    ponderer = Ponderer(60.0)
    old = ponderer.ponder(first)
    new = ponderer.ponder(second)
    assert old.stopping.is_set() or old.done()
    assert not new.stopping.is_set()
    assert new.wait(60) is not None
    again = ponderer.think(first)  # asked for again (an undo): cut short before, so thought out afresh
    assert again is not old or (old.advice is not None and not old.advice.cut_short)
    ponderer.cancel()
    assert again.stopping.is_set()


class Quick(Thinking):
    """Thinking that answers at once with shallow advice, cut short or not as asked: the work itself does not matter."""

    cut_short = False

    def _run(self) -> None:
        advice = advise(self.position, nodes=0, min_depth=1)
        self._advice = dataclasses.replace(advice, cut_short=self.cut_short)


class Hurried(Quick):
    cut_short = True


def test_thinking_cut_short_is_thought_out_afresh_and_full_advice_is_handed_out_again() -> None:
    position = positions(6)[-1]
    hurried = Ponderer(60.0, start=Hurried)
    first = hurried.think(position)
    first.wait(5)
    assert first.advice is not None and first.advice.cut_short
    assert hurried.think(position) is not first
    full = Ponderer(60.0, start=Quick)
    done = full.think(position)
    done.wait(5)
    done.cancel()  # as the screen does once the game moves on: the advice it had is still whole
    assert full.think(position) is done


def test_only_the_latest_positions_are_kept() -> None:
    started: list[Position] = []

    def start(position: Position, seconds: float) -> Thinking:
        started.append(position)
        return Quick(position, seconds)

    ponderer = Ponderer(60.0, start=start)
    kept = positions(KEPT + 3)
    for position in kept:
        ponderer.ponder(position).wait(5)
    assert started == kept
    ponderer.think(kept[-1])
    ponderer.think(kept[3])  # still kept
    assert started == kept
    ponderer.think(kept[0])  # dropped: thought out again
    assert started == [*kept, kept[0]]
