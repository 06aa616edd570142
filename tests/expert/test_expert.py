"""The expert: fair by construction, always legal, finds what is there to find, and plays well."""

from __future__ import annotations

import dataclasses
import pickle
import random
import threading

import pytest
from helpers import raises_saying, reordered
from hypothesis import given, settings
from hypothesis import strategies as st

from foursquare.engine import Card, Cell, Game, Pile, Status, full_deck, parse_cell
from foursquare.engine.board import CELL, Board
from foursquare.expert.advice import NODE_LIMIT_FACTOR, Position, Thinking, advise
from foursquare.expert.search import Lookahead, Outcome, look_ahead
from foursquare.expert.strategies import greedy, make_strategy


def played(seed: int, placements: int, rng: random.Random) -> Game:
    """Deal ``seed`` after up to ``placements`` random legal placements."""
    game = Game.deal(seed)
    for _ in range(placements):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    return game


# --- fairness ---------------------------------------------------------------


def test_a_position_holds_the_table_the_next_card_and_unseen_counts_only() -> None:
    assert [f.name for f in dataclasses.fields(Position)] == ["piles", "next_card", "unseen"]
    position = Position.of(Game.deal(3))
    assert not hasattr(position, "__dict__")  # nowhere to smuggle a stock in
    with pytest.raises(dataclasses.FrozenInstanceError):
        position.unseen = (0,) * 10  # type: ignore[misc]
    assert position.cards_left == 39 and sum(position.unseen) == 39


@pytest.mark.slow
@pytest.mark.parametrize(("seed", "placements"), [(5, 0), (11, 6), (42, 14), (2026, 15)])
def test_games_differing_only_after_the_next_card_get_the_same_advice(seed: int, placements: int) -> None:
    game = Game.deal(seed)
    expert = make_strategy("expert")
    for _ in range(placements):
        if game.is_over:
            pytest.skip("the expert lost this deal early")  # (fifteen placements are too few to win)
        game.play(expert(Position.of(game)))
    other = reordered(game, seed)

    first, second = Position.of(game), Position.of(other)
    assert first == second
    a, b = advise(first), advise(second)
    assert (a.cell, a.ranking, a.scores, a.depth, a.nodes) == (b.cell, b.ranking, b.scores, b.depth, b.nodes)


def test_unseen_counts_are_the_stock_after_the_next_card_by_rank() -> None:
    game = Game.deal(8)
    for _ in range(5):
        game.play(game.legal_moves()[0])
    position = Position.of(game)
    on_table = [card for pile in game.piles.values() for card in pile.cards]
    assert game.next_card is not None
    expected = [0] * 10
    for card in set(full_deck()) - set(on_table) - {game.next_card}:
        expected[card.rank - 1] += 1
    assert list(position.unseen) == expected
    assert position.next_card == game.next_card


# --- legality and the API ---------------------------------------------------


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**64 - 1), st.integers(0, 30), st.integers(1, 3))
def test_advice_is_always_a_legal_cell_and_ranks_every_legal_cell(seed: int, placements: int, depth: int) -> None:
    game = played(seed, placements, random.Random(seed))
    if game.is_over:
        return
    position = Position.of(game)
    advice = advise(position, 60.0, nodes=0, min_depth=depth)
    legal = game.legal_moves()
    assert advice.cell in legal
    assert sorted(cell for cell, _ in advice.ranking) == legal == position.legal_cells()
    assert advice.ranking[0] == (advice.cell, advice.win_chance)
    assert all(0.0 <= chance <= 1.0 for _, chance in advice.ranking)
    assert advice.depth == min(depth, position.cards_left + 1)
    for name in ("random", "greedy"):
        assert make_strategy(name, seed)(position) in legal


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**64 - 1), st.lists(st.integers(0, 63), max_size=40))
def test_a_board_built_from_what_a_player_sees_is_the_board_the_game_plays_on(seed: int, picks: list[int]) -> None:
    """The expert rebuilds the table from the piles a player sees (Position.board): it must be the game's own
    core bit for bit, and the core's unplace must take back any placement on it exactly."""

    def state(board: Board) -> tuple[object, ...]:
        return (board.occ, board.down, board.full, board.win, board.rank, board.height, board.r0, board.r1)

    game = Game.deal(seed)
    for pick in picks:
        legal = game.legal_moves()
        game.play(legal[pick % len(legal)])
        if game.is_over:
            break
        ours = game.board()
        assert state(Position.of(game).board()) == state(ours)
        assert [CELL[i] for i in range(56) if ours.legal() >> i & 1] == game.legal_moves()
        before = state(ours)
        for i in range(56):
            if ours.legal() >> i & 1:
                ours.unplace(ours.place(i, pick % 10 + 1))
                assert state(ours) == before


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**64 - 1), st.integers(1, 30))
def test_the_shortcut_one_draw_from_the_horizon_agrees_with_placing_each_card(seed: int, placements: int) -> None:
    game = played(seed, placements, random.Random(seed))
    if game.is_over:
        return
    position = Position.of(game)
    counts = [0, *position.unseen]
    if not sum(counts):
        return
    search = Lookahead(position.board(), counts, lambda: False)
    assert search._last_draw(sum(counts)) == pytest.approx(search._draw(sum(counts), 1))
    assert counts == [0, *position.unseen]


def test_cancel_and_deadline_cut_the_look_ahead_short_but_advice_still_comes() -> None:
    position = Position.of(played(7, 5, random.Random(7)))
    stop = threading.Event()
    stop.set()
    cancelled = advise(position, 60.0, cancel=stop)
    hurried = advise(position, 0.0)
    full = advise(position, 60.0)
    assert cancelled.depth == hurried.depth == 1 < full.depth
    assert cancelled.cell in position.legal_cells()
    assert cancelled.cut_short and hurried.cut_short and not full.cut_short


def test_a_node_budget_not_the_clock_bounds_the_work_so_advice_is_the_same_every_time() -> None:
    position = Position.of(played(21, 4, random.Random(21)))
    unhurried = advise(position)  # no deadline at all
    again = advise(position, 600.0)
    assert (unhurried.ranking, unhurried.scores, unhurried.nodes) == (again.ranking, again.scores, again.nodes)
    assert not unhurried.cut_short
    small = advise(position, nodes=20_000)
    assert small.nodes <= unhurried.nodes
    floor = advise(position, nodes=0).nodes  # min_depth is always searched in full
    # A deeper depth that runs past the limit is abandoned within one draw's worth of nodes.
    assert small.nodes <= max(floor, NODE_LIMIT_FACTOR * 20_000) + 1_000


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**64 - 1), st.integers(1, 12), st.sets(st.integers(1, 10), min_size=1))
def test_a_tables_leaves_count_every_rank_on_every_cell_however_few_ranks_are_unseen(
    seed: int, placements: int, live: set[int]
) -> None:
    """Late in a deal few ranks are unseen, but the look-ups per cell are as many: the count is of the work."""
    game = played(seed, placements, random.Random(seed))
    if game.is_over:
        return
    position = Position.of(game)
    counts = [0] + [1 if rank in live else 0 for rank in range(1, 11)]  # as the search's own counts run down
    search = Lookahead(position.board(), counts, lambda: False)
    ranks, cells, leaves = search._leaves(sum(counts))
    assert set(ranks) == live and len(leaves) == len(cells) == len(position.legal_cells())
    assert search.nodes == 10 * len(cells)


def test_a_depth_stopped_part_way_ranks_the_cells_it_saw_through_first_by_their_deeper_values() -> None:
    position = Position.of(played(3, 6, random.Random(3)))
    rank = position.next_card.rank
    counts = [0, *position.unseen]

    def search(node_limit: float, min_depth: int = 2) -> Outcome:
        return look_ahead(
            position.board(), rank, list(counts), max_nodes=10**9, min_depth=min_depth, should_stop=lambda: False,
            node_limit=node_limit,
        )  # fmt: skip

    shallow = search(0)  # stopped as soon as three deep begins
    deep = search(0, min_depth=3)
    two = {i: value for i, value, _ in shallow.ranked}
    three = {i: value for i, value, _ in deep.ranked}
    assert len(two) == len(three) > 2
    seen_through = set()
    for limit in range(shallow.nodes, deep.nodes, (deep.nodes - shallow.nodes) // 25):
        cut = search(limit).ranked
        deepest = [(i, value) for i, value, depth in cut if depth == 3]
        seen_through.add(len(deepest))
        assert [value for _, value in deepest] == sorted((value for _, value in deepest), reverse=True)
        assert cut[: len(deepest)] == [(i, three[i], 3) for i, _ in deepest]
        assert all(value == two[i] and depth == 2 for i, value, depth in cut[len(deepest) :])
    assert len(seen_through - {0, len(three)}) > 1, "some limits stop three deep part way"


def test_advice_comes_from_a_background_thread_and_is_the_same() -> None:
    position = Position.of(played(9, 8, random.Random(9)))
    thinking = Thinking(position, 60.0)
    advice = thinking.wait(timeout=60)
    assert thinking.done() and advice is not None and advice.depth >= 3
    again = advise(position, 60.0)
    assert (advice.cell, advice.ranking) == (again.cell, again.ranking)


def test_cancelled_thinking_stops_at_once() -> None:
    position = Position.of(played(13, 3, random.Random(13)))
    thinking = Thinking(position, 60.0)
    thinking.cancel()
    advice = thinking.wait(timeout=5)
    assert thinking.done() and advice is not None and advice.cell in position.legal_cells()


def test_positions_and_advice_survive_pickling_for_a_worker_process() -> None:
    position = Position.of(played(4, 9, random.Random(4)))
    advice = advise(position, 60.0, min_depth=2, nodes=0)
    assert pickle.loads(pickle.dumps(position)) == position
    assert pickle.loads(pickle.dumps(advice)) == advice


def test_bad_positions_are_refused_with_a_reason() -> None:
    game = Game.deal(1)
    with raises_saying(ValueError, match="unseen"):
        Position((), Card.parse("5H"), (4,) * 9)
    with raises_saying(ValueError, match="unseen"):
        Position((), Card.parse("5H"), (4, 4, 4, 4, -1, 4, 4, 4, 4, 4))
    with raises_saying(ValueError, match="off the table"):
        Position((((9, 9), Pile((Card.parse("2C"),), True)),), Card.parse("5H"), (4,) * 10)
    lost = Game([Card.parse("5H")])
    lost.play((0, 0))
    with raises_saying(ValueError, match="over"):
        Position.of(lost)
    assert Position.of(game).legal_cells() == [(0, 0)]


# --- judgement ----------------------------------------------------------------


def square(ranks: list[list[int]], hole: tuple[int, int]) -> tuple[tuple[tuple[Cell, Pile], ...], list[Card]]:
    """A 4×4 table of face-up one-card piles but for ``hole``, and the cards it used."""
    piles = []
    used: list[Card] = []
    for r, row in enumerate(ranks):
        for c, rank in enumerate(row):
            if (r, c) == hole:
                continue
            card = next(Card(rank, s) for s in "CDHS" if Card(rank, s) not in used)
            used.append(card)
            piles.append(((r, c), Pile((card,), True)))
    return tuple(piles), used


def test_finds_the_one_placement_that_wins_now() -> None:
    # Row 1 and column 1 around the hole hold 2..9: a 5 there is extreme in neither and wins.
    # Anywhere else the 5 covers a card and turns over its row or column.
    ranks = [[1, 2, 10, 3], [9, 0, 3, 8], [10, 9, 1, 2], [1, 4, 8, 10]]
    piles, used = square(ranks, (1, 1))
    next_card = Card(5, "C")
    unseen = [4] * 10
    for card in [*used, next_card]:
        unseen[card.rank - 1] -= 1
    position = Position(piles, next_card, tuple(unseen))
    advice = advise(position, 60.0)
    assert advice.cell == (1, 1)
    assert advice.win_chance == 1.0
    assert greedy(position) == (1, 1)
    assert all(chance < 1.0 for cell, chance in advice.ranking[1:])


def positions_with_a_losing_placement(count: int) -> list[tuple[Game, set[Cell]]]:
    """Positions from random play where some legal placements lose at once and some do not."""
    found: list[tuple[Game, set[Cell]]] = []
    rng = random.Random(1)
    seed = 0
    while len(found) < count:
        game = Game.deal(seed)
        seed += 1
        while not game.is_over:
            losing = set()
            for cell in game.legal_moves():
                after = game.copy()
                after.play(cell)
                if after.face_down_count > 4:
                    losing.add(cell)
            if losing and len(losing) < len(game.legal_moves()):
                found.append((game.copy(), losing))
                break
            game.play(rng.choice(game.legal_moves()))
    return found


@pytest.mark.slow
def test_never_places_where_it_loses_at_once_when_it_need_not() -> None:
    for game, losing in positions_with_a_losing_placement(5):
        advice = advise(Position.of(game), 60.0)
        assert advice.cell not in losing
        assert {cell for cell, chance in advice.ranking if chance == 0.0} >= losing


# --- strength -------------------------------------------------------------------


def _wins(strategy: str, deals: range, **tuning: int) -> int:
    wins = 0
    for seed in deals:
        game = Game.deal(seed)
        choose = make_strategy(strategy, seed, **tuning)
        while not game.is_over:
            game.play(choose(Position.of(game)))
        wins += game.score is not None
    return wins


def test_greedy_beats_random_on_thirty_deals() -> None:
    assert _wins("greedy", range(30)) >= 1
    assert _wins("random", range(30)) <= _wins("greedy", range(30))


@pytest.mark.slow
def test_expert_wins_most_of_thirty_deals_even_looking_two_placements_ahead() -> None:
    assert _wins("expert", range(30), depth=2, nodes=0) >= 15


@pytest.mark.slow
def test_expert_at_full_strength_wins_most_of_ten_deals() -> None:
    assert _wins("expert", range(100, 110), nodes=0) >= 7


TABLE_FULL = "d4 d3 c3 b3 b2 b1 c4 c1 d1 c2 e4 e1 b4 e2 c2 e3"
"""Deal 565494670369 to 15 piles, none face down: the next card (8♣) fills the table, 23 cards left after it."""


def test_the_score_said_never_tops_what_the_cards_left_allow() -> None:
    game = Game.deal(565494670369)
    for name in TABLE_FULL.split():
        game.play(parse_cell(name))
    scores = dict(advise(Position.of(game), nodes=20_000).scores)
    assert scores[parse_cell("d2")] <= game.stock_left - 2  # 16 piles, but one more card to win at the least
    game.play(parse_cell("d2"))
    won = game.preview(parse_cell("d2"))
    assert won.status is Status.WON
    assert dict(advise(Position.of(game), nodes=20_000).scores)[parse_cell("d2")] == won.score  # wins at once


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 35))
def test_every_score_said_is_one_the_game_can_still_reach(seed: int, placed: int) -> None:
    game = Game.deal(seed)
    rng = random.Random(seed)
    while game.placed_count < placed and not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    if game.is_over:
        return
    left = game.stock_left - 1  # after the next card
    for cell, said in advise(Position.of(game), nodes=5_000).scores:
        piles = game.pile_count + (game.pile(cell) is None)
        most = left if game.preview(cell).status is Status.WON else max(left - max(16 - piles, 1), 0)
        assert said <= most, (cell, said, most)
