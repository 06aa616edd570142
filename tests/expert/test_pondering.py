"""The expert's thinking kept: a tip asked for a position already thought about finds that work."""

from __future__ import annotations

import dataclasses
import random

from foursquare.engine import Game
from foursquare.expert.advice import Position, Thinking, advise
from foursquare.expert.pondering import FOUND_KEPT, KEPT, Ponderer


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
    pondered = ponderer.think(position)
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


def test_thinking_cancelled_before_it_finished_is_thought_out_afresh() -> None:
    first = positions(12)[10]
    ponderer = Ponderer(60.0)
    old = ponderer.think(first)
    old.cancel()  # as the screen does when the position is gone
    old.wait(60)
    again = ponderer.think(first)  # asked for again (an undo)
    assert again is not old or (old.advice is not None and not old.advice.cut_short)
    assert again.wait(60) is not None and again.advice is not None and not again.advice.cut_short
    ponderer.cancel()


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
        ponderer.think(position).wait(5)
    assert started == kept
    ponderer.think(kept[-1])
    ponderer.think(kept[3])  # still kept
    assert started == kept
    ponderer.think(kept[0])  # dropped: thought out again
    assert started == [*kept, kept[0]]


def test_full_advice_found_is_there_for_the_review_after_its_thinking_is_dropped() -> None:
    ponderer = Ponderer(60.0, start=Quick)
    kept = positions(KEPT + 3)
    for position in kept:
        ponderer.think(position).wait(5)
    found = ponderer.found()
    assert list(found) == kept  # the dropped ones too, oldest first
    assert all(advice == dataclasses.replace(advise(p, nodes=0, min_depth=1), seconds=advice.seconds)
               for p, advice in found.items())  # fmt: skip
    hurried = Ponderer(60.0, start=Hurried)
    hurried.think(kept[0]).wait(5)
    assert hurried.found() == {}  # advice cut short is not what the review would find


def test_the_advice_found_is_kept_for_a_bounded_number_of_positions() -> None:
    ponderer = Ponderer(60.0, start=Quick)
    many = positions(FOUND_KEPT + 5, seed=8)
    for position in many:
        ponderer.think(position).wait(5)
    assert list(ponderer.found()) == many[-FOUND_KEPT:]
