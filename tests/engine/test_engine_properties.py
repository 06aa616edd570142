"""Invariants of the engine over random legal play (hypothesis), and the game record."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from helpers import doomed_game, raises_saying
from hypothesis import given, settings
from hypothesis import strategies as st

from foursquare.engine import Card, Game, IllegalMove, Status, full_deck
from foursquare.words.faults import refused_words


def snapshot(game: Game) -> tuple[Any, ...]:
    """Everything observable about a position."""
    return (
        game.diagram(),
        dict(game.piles),
        game.next_card,
        game.stock_left,
        game.status,
        game.loss_reason,
        game.score,
        game.face_down_count,
        game.legal_moves(),
        game.bounds,
    )


@st.composite
def played_games(draw: st.DrawFn) -> tuple[Game, list[tuple[Any, ...]]]:
    """A dealt game played by random legal placements, with the snapshot before each one."""
    game = Game.deal(draw(st.integers(0, 2**64 - 1)))
    steps = draw(st.integers(0, 40))
    history = []
    for _ in range(steps):
        if game.is_over:
            break
        history.append(snapshot(game))
        moves = game.legal_moves()
        game.play(moves[draw(st.integers(0, len(moves) - 1))])
    return game, history


def check_invariants(game: Game) -> None:
    piles = game.piles
    on_table = [card for pile in piles.values() for card in pile.cards]
    remaining = list(game.stock[game.placed_count :])
    # All cards accounted for, each exactly once.
    assert Counter(on_table + remaining) == Counter(game.stock)
    assert len(on_table) == game.placed_count
    assert all(1 <= len(pile) <= 4 for pile in piles.values())
    rows = [r for r, _ in piles]
    cols = [c for _, c in piles]
    if piles:
        assert max(rows) - min(rows) < 4 and max(cols) - min(cols) < 4
        assert (0, 0) in piles
    assert game.face_down_count == sum(not pile.face_up for pile in piles.values())
    if game.status is Status.PLAYING:
        assert game.face_down_count <= 4
        assert game.legal_moves(), "a game in progress always has a legal placement"
        assert game.next_card is not None
    else:
        assert game.legal_moves() == []
    if game.status is Status.WON:
        assert len(piles) == 16 and game.face_down_count == 0 and game.score == game.stock_left
    else:
        assert game.score is None


@settings(max_examples=300, deadline=None)
@given(played_games())
def test_invariants_hold_after_random_play(case: tuple[Game, list[tuple[Any, ...]]]) -> None:
    check_invariants(case[0])


@settings(max_examples=200, deadline=None)
@given(played_games())
def test_undo_restores_every_earlier_state_exactly(case: tuple[Game, list[tuple[Any, ...]]]) -> None:
    game, history = case
    for before in reversed(history):
        game.undo()
        assert snapshot(game) == before
        check_invariants(game)
    with pytest.raises(IllegalMove):
        game.undo()


@settings(max_examples=200, deadline=None)
@given(played_games())
def test_record_round_trip_gives_the_same_game(case: tuple[Game, list[tuple[Any, ...]]]) -> None:
    game = case[0]
    record = json.loads(json.dumps(game.to_record()))
    again = Game.from_record(record)
    assert again == game
    assert snapshot(again) == snapshot(game)
    assert again.seed == game.seed


@settings(max_examples=100, deadline=None)
@given(played_games())
def test_copy_is_independent(case: tuple[Game, list[tuple[Any, ...]]]) -> None:
    game = case[0]
    before = snapshot(game)
    twin = game.copy()
    assert snapshot(twin) == before
    if not twin.is_over:
        twin.play(twin.legal_moves()[0])
    elif twin.placed_count:
        twin.undo()
    assert snapshot(game) == before


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(full_deck()), min_size=1, max_size=40, unique=True), st.data())
def test_short_stocks_play_to_an_end(stock: list[Card], data: st.DataObject) -> None:
    game = Game(stock)
    while not game.is_over:
        moves = game.legal_moves()
        game.play(data.draw(st.sampled_from(moves)))
        check_invariants(game)
    assert game.status in (Status.WON, Status.LOST)


def test_record_shape() -> None:
    game = Game.deal(5)
    game.play((0, 0))
    game.play((0, 1))
    record = game.to_record()
    assert record["stock"] == [str(c) for c in game.stock]
    assert record["placements"] == [[0, 0], [0, 1]]
    assert record["seed"] == 5
    json.dumps(record)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r.update(stock=["6H", "6H"]), "same card twice"),
        (lambda r: r.update(stock=["6H", "ZZ"]), "ZZ"),
        (lambda r: r.update(stock=[]), "empty"),
        (lambda r: r.update(stock="6H 9C"), "list of card texts"),
        (lambda r: r.update(placements=[[0, 0], [2, 2]]), "placement 2"),
        (lambda r: r.update(placements=[[0, 0], "x"]), "placement 2"),
        (lambda r: r.update(placements=[[0, 0], [0, True]]), "placement 2"),
        (lambda r: r.update(placements={"a": 1}), "placements"),
        (lambda r: r.update(version=99), "version"),
        (lambda r: r.update(format="chess"), "format"),
        (lambda r: r.update(seed=-4), "deal number"),
        (lambda r: r.pop("stock"), 'not a Foursquare game record: it has no "stock"'),
    ],
)
def test_bad_records_are_rejected_saying_why(change: Any, message: str) -> None:
    record = Game.deal(3).to_record()
    record["placements"] = [[0, 0], [0, 1]]
    change(record)
    with raises_saying(ValueError, match=message):
        Game.from_record(record)


def test_record_that_plays_past_the_end_is_rejected() -> None:
    game = Game([Card.parse("5C"), Card.parse("5D")])
    record = game.to_record()
    record["placements"] = [[0, 0], [0, 1], [1, 0]]
    with pytest.raises(ValueError) as raised:
        Game.from_record(record)
    assert refused_words(raised.value) == "placement 3: the game was over after placement 2 (lost: its stock ran out)"


def test_a_card_placed_on_a_finished_game_is_refused_without_naming_a_card() -> None:
    game = Game([Card.parse("5C")])
    game.play((0, 0))
    with pytest.raises(IllegalMove) as raised:
        game.play((0, 1))
    assert refused_words(raised.value) == "cannot place a card on e4: game over"


@pytest.mark.parametrize("record", [None, [], "game", 3])
def test_non_object_records_are_rejected(record: Any) -> None:
    with raises_saying(ValueError, match="JSON object"):
        Game.from_record(record)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**64 - 1), st.lists(st.integers(0, 63), max_size=40))
def test_preview_says_exactly_what_play_then_does_and_changes_nothing(seed: int, picks: list[int]) -> None:
    game = Game.deal(seed)
    for pick in picks:
        if game.is_over:
            break
        before = snapshot(game)
        previews = {cell: game.preview(cell) for cell in game.legal_moves()}
        assert snapshot(game) == before and game.placements == game.copy().placements
        cell = game.legal_moves()[pick % len(previews)]
        placement = game.play(cell)
        seen = previews[cell]
        assert (seen.card, seen.cell, seen.row_flipped, seen.column_flipped, seen.flipped) == (
            placement.card,
            placement.cell,
            placement.row_flipped,
            placement.column_flipped,
            placement.flipped,
        )
        assert (seen.face_down_count, seen.status, seen.loss_reason, seen.score) == (
            game.face_down_count,
            game.status,
            game.loss_reason,
            game.score,
        )


@given(st.integers(0, 2**64 - 1), st.lists(st.integers(0, 63), max_size=40), st.tuples(st.integers(), st.integers()))
def test_preview_refuses_exactly_where_play_refuses(seed: int, picks: list[int], cell: tuple[int, int]) -> None:
    game = Game.deal(seed)
    for pick in picks:
        if game.is_over:
            break
        game.play(game.legal_moves()[pick % len(game.legal_moves())])
    for target in [cell, *((r, c) for r in range(-4, 5) for c in range(-4, 5))]:
        if target in game.legal_moves():
            continue
        with pytest.raises(IllegalMove) as refused:
            game.preview(target)
        with pytest.raises(IllegalMove) as also:
            game.play(target)
        assert refused_words(refused.value) == refused_words(also.value)


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 2**64 - 1), st.lists(st.integers(0, 63), max_size=40))
def test_the_next_card_loses_wherever_exactly_when_every_legal_placement_ends_the_game_lost(
    seed: int, picks: list[int]
) -> None:
    game = Game.deal(seed)
    for pick in picks:
        outcomes = []
        for cell in game.legal_moves():
            after = game.copy()
            after.play(cell)
            outcomes.append(after.status)
        assert game.loses_wherever() == (bool(outcomes) and all(status is Status.LOST for status in outcomes))
        if game.is_over:
            break
        game.play(game.legal_moves()[pick % len(outcomes)])


def test_a_deal_played_to_a_last_card_that_loses_on_every_cell() -> None:
    game = doomed_game()
    assert game.loses_wherever() and game.legal_moves()
    assert not any(doomed_game(n).loses_wherever() for n in range(game.placed_count))
    game.play(game.legal_moves()[0])
    assert game.status is Status.LOST and not game.loses_wherever()  # over: nothing left to place
