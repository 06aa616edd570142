"""The learned horizon: the same look-ups in training and in play, sound bounds, and a reproducible training."""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import reordered
from hypothesis import given, settings
from hypothesis import strategies as st

from foursquare.engine import Game, Status
from foursquare.engine.board import MAX_FACE_DOWN, SQUARE, Board, bits
from foursquare.expert import search as search_module
from foursquare.expert.advice import Position, advise
from foursquare.expert.calibration import LEARNED_SCORE_OFFSETS
from foursquare.expert.evaluation import WIN_BONUS, leaves
from foursquare.expert.learned import (
    CODES,
    FEATURES,
    FOLDED,
    TUPLES,
    DamagedWeights,
    FoldedWeights,
    Learned,
    codes,
    features,
    fold,
    learned,
    pack,
    rare_index,
    read_trained,
    read_weights,
    summary_index,
    unfold,
    unpack,
    write_weights,
)
from foursquare.expert.search import Lookahead


def played(seed: int, placements: int) -> Game:
    """Deal ``seed`` after up to ``placements`` random legal placements (fewer if the game ends first)."""
    picks = iter(random.Random(seed).random() for _ in range(placements))
    game = Game.deal(seed)
    while not game.is_over and (pick := next(picks, None)) is not None:
        cells = game.legal_moves()
        game.play(cells[int(pick * len(cells))])
    return game


def afoot(seed: int, placements: int) -> tuple[Position, Board, list[int], int] | None:
    """The position :func:`played` leaves, its board, its unseen counts by rank (index 0 unused) and their sum;
    None if the game is over."""
    game = played(seed, placements)
    if game.is_over:
        return None
    position = Position.of(game)
    counts = [0, *position.unseen]
    return position, position.board(), counts, sum(counts)


def live_tables(found: tuple[Position, Board, list[int], int]) -> Iterator[int]:
    """Each cell the next card of :func:`afoot`'s position can go on, yielded with the card on its board, where
    the game goes on: the tables the learned value judges (the search takes an ended game's exact value)."""
    position, board, _, left = found
    for i in bits(board.legal()):
        undo = board.place(i, position.next_card.rank)
        try:
            down = board.down.bit_count()
            if down <= MAX_FACE_DOWN and left and (down or board.occ.bit_count() < SQUARE):
                yield i
        finally:
            board.unplace(undo)


def test_each_shape_is_looked_up_in_the_eight_symmetries_of_the_square() -> None:
    assert len(TUPLES) == 40
    for shape in range(5):
        images = [cells for off, *cells in TUPLES if off == shape * CODES**4]
        assert len(images) == 8
        assert all(len(set(cells)) == 4 and all(0 <= p < SQUARE for p in cells) for cells in images)
    lines = {frozenset(cells) for off, *cells in TUPLES if off == 0}
    assert lines == {
        frozenset(range(0, 4)),
        frozenset(range(12, 16)),
        frozenset({0, 4, 8, 12}),
        frozenset({3, 7, 11, 15}),
    }


def test_the_expert_looks_up_each_set_of_cells_once() -> None:
    read = [(off, frozenset(cells)) for off, *cells in FOLDED]
    assert len(read) == len(set(read)) == 17  # four of each line and square, one centre
    assert set(read) == {(off, frozenset(cells)) for off, *cells in TUPLES}
    assert all(look_up in TUPLES for look_up in FOLDED)


def _random_network(seed: int, share: float) -> tuple[list[int], list[int]]:
    """Whole-number weights of both networks, a ``share`` of them not 0, within what training gives."""
    rng = random.Random(seed)
    value = [0] * FEATURES  # most weights of a trained network are never visited
    chance = [0] * FEATURES
    for k in rng.sample(range(FEATURES), int(FEATURES * share)):
        value[k] = rng.randint(-40_000, 40_000)
        chance[k] = rng.randint(-20_000, 20_000)
    return value, chance


def _trained_judge(
    value: list[int], chance: list[int], board: Board, counts: list[int], left: int
) -> tuple[float, float]:
    """What the network as trained says of a table: its look-ups added up one by one, then kept within bounds."""
    found = features(board, counts, left)
    most = WIN_BONUS + left - max(SQUARE - board.occ.bit_count(), 1)
    return (
        min(max(sum(value[k] for k in found) / 1024, 0.0), most),
        min(max(sum(chance[k] for k in found) / 16384, 0.0), 1.0 - 1.0 / 16384),
    )


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**64 - 1), st.integers(0, 30))
def test_the_folded_network_judges_every_table_as_the_network_as_trained_does(seed: int, placements: int) -> None:
    value, chance = _random_network(5, 0.5)
    folded = Learned(fold(pack(value, chance)))
    found = afoot(seed, placements)
    if found is None:
        return
    _, board, counts, left = found
    for _ in live_tables(found):
        assert folded.judge(board, counts, left) == _trained_judge(value, chance, board, counts, left)


def test_the_box_is_anchored_at_the_tables_top_left_and_codes_what_a_player_sees() -> None:
    board = Board.of([((-1, -2), 7, 1, True), ((-1, -1), 3, 4, False), ((0, -1), 10, 4, True), ((0, 0), 1, 2, True)])
    assert codes(board) == [7 + 2, 2, 0, 0, 0, 10 + 2 + 10, 1 + 2, 0] + [0] * 8


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**64 - 1), st.integers(0, 30))
def test_the_learned_value_stays_within_what_the_table_can_still_bring(seed: int, placements: int) -> None:
    found = afoot(seed, placements)
    if found is None:
        return
    _, board, counts, left = found
    for _ in live_tables(found):
        value, chance = learned().judge(board, counts, left)
        assert 0.0 <= value <= WIN_BONUS + left - max(SQUARE - board.occ.bit_count(), 1)
        assert 0.0 <= chance < 1.0


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**64 - 1), st.integers(1, 30))
def test_one_draw_from_the_learned_horizon_is_the_draw_placed_card_by_card(seed: int, placements: int) -> None:
    game = played(seed, placements)
    if game.is_over or not sum(Position.of(game).unseen):
        return
    position = Position.of(game)
    counts = [0, *position.unseen]
    search = Lookahead(position.board(), counts, lambda: False, table=learned())
    # the values agree; the chance may not, where two cells tie on value and each search keeps its first
    assert search._last_learned(sum(counts))[0] == pytest.approx(search._draw(sum(counts), 1)[0])
    assert counts == [0, *position.unseen]


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**64 - 1), st.integers(0, 30))
def test_a_sweep_judges_every_rank_on_every_cell_as_judging_each_table_does(seed: int, placements: int) -> None:
    found = afoot(seed, placements)
    if found is None or not found[3]:
        return
    position, board, counts, left = found
    every: dict[int, list[tuple[float, float, int]]] = {}
    best = learned().sweep(board, counts, left, every)
    assert counts == [0, *position.unseen]
    for rank, value, chance, at in best:
        counts[rank] -= 1
        judged = []
        for i in bits(board.legal()):
            undo = board.place(i, rank)
            down, piles = board.down.bit_count(), board.occ.bit_count()
            if down > MAX_FACE_DOWN:
                judged.append((0.0, 0.0, i))
            elif down == 0 and piles == SQUARE:
                judged.append((WIN_BONUS + left - 1, 1.0, i))
            elif left == 1:
                judged.append((0.0, 0.0, i))
            else:
                judged.append((*learned().judge(board, counts, left - 1), i))
            board.unplace(undo)
        counts[rank] += 1
        assert sorted(every[rank], key=lambda e: e[2]) == judged
        top = max(judged, key=lambda e: e[0])
        assert (value, chance, at) == (top if top[0] > 0 else (0.0, 0.0, -1))


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**64 - 1), st.integers(1, 24))
def test_a_beam_as_wide_as_the_table_searches_what_the_full_expectimax_does(seed: int, placements: int) -> None:
    game = played(seed, placements)
    if game.is_over or sum(Position.of(game).unseen) < 2:
        return
    position = Position.of(game)
    counts = [0, *position.unseen]
    search = Lookahead(position.board(), counts, lambda: False, table=learned())
    full = search._draw(sum(counts), 2)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(search_module, "BEAM", SQUARE)
        assert search._draw_learned(sum(counts), 2)[0] == pytest.approx(full[0])  # the chance may differ on ties
    assert counts == [0, *position.unseen]


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**64 - 1), st.integers(1, 24), st.sampled_from(search_module.KINDRED[1:-1]))
def test_kindred_ranks_weighed_as_one_are_the_full_draw_when_one_of_each_kind_is_unseen(
    seed: int, placements: int, pair: tuple[int, int]
) -> None:
    """A close call's narrowed chance node stands for each pair of kindred ranks by the commoner, on its best
    cell by the learned value: with one rank of each kind unseen, that is the full draw one from the horizon."""
    game = played(seed, placements)
    if game.is_over:
        return
    position = Position.of(game)
    counts = [0, *position.unseen]
    kept = {rank for group in search_module.KINDRED for rank in group[:1]} | {pair[1]}
    counts = [count if rank in kept and rank != pair[0] else 0 for rank, count in enumerate(counts)]
    if not sum(counts):
        return
    before = list(counts)
    search = Lookahead(position.board(), counts, lambda: False, table=learned())
    assert search._kindred(sum(counts), 1, -1.0)[0] == pytest.approx(search._last_learned(sum(counts))[0])
    assert counts == before


def _searched(position: Position) -> search_module.Outcome:
    """The expert's search on ``position`` at its own budget, with the learned horizon."""
    return search_module.look_ahead(
        position.board(), position.next_card.rank, [0, *position.unseen], max_nodes=80_000, min_depth=2,
        should_stop=lambda: False, node_limit=80_000, table=learned(),
    )  # fmt: skip


def _close_calls(
    seeds: range, placements: int, close_nodes: int = search_module.CLOSE_NODES
) -> Iterator[tuple[list[tuple[int, float, int]], list[tuple[int, float, int]]]]:
    """For each position, every cell with its value and depth by today's search and by one with no close calls."""
    for seed in seeds:
        game = played(seed, placements)
        if game.is_over:
            continue
        position = Position.of(game)
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(search_module, "CLOSE_NODES", close_nodes)
            today = _searched(position).ranked
            patch.setattr(search_module, "CLOSE_CALL", -1.0)
            plain = _searched(position).ranked
        yield _values(today), _values(plain)


def _values(ranked: list[tuple[int, search_module.Value, int]]) -> list[tuple[int, float, int]]:
    """Each cell of a search's ranking with its value (not its chance) and its depth."""
    return [(i, value, depth) for i, (value, _), depth in ranked]


def test_only_a_close_call_s_best_two_cells_are_looked_at_a_placement_deeper() -> None:
    deeper = 0
    for today, plain in _close_calls(range(1, 9), 3):
        (best, v1, d1), (second, v2, d2) = plain[:2]
        close = d1 == d2 == 3 and 0.0 < v1 - v2 <= search_module.CLOSE_CALL
        if close:
            deeper += 1
            assert {i for i, _, depth in today[:2] if depth == 4} == {best, second}
            assert [v for _, v, _ in today[:2]] == sorted((v for _, v, _ in today[:2]), reverse=True)
            assert today[2:] == plain[2:]
        else:
            assert today == plain
    assert deeper, "some of these positions are close calls"


def test_a_close_call_s_look_past_its_budget_leaves_the_cells_as_three_placements_ahead_saw_them() -> None:
    for today, plain in _close_calls(range(1, 4), 3, close_nodes=0):
        assert today == plain


def test_a_table_met_again_is_not_swept_again_and_the_search_says_the_same() -> None:
    position = Position.of(played(2, 3))  # a close call, whose look meets the look three ahead's tables again
    sweeps = 0
    sweep = Learned.sweep

    def counted(*args: Any, **kwargs: Any) -> Any:
        nonlocal sweeps
        sweeps += 1
        return sweep(*args, **kwargs)

    def searched() -> tuple[search_module.Outcome, int]:
        nonlocal sweeps
        sweeps = 0
        return _searched(position), sweeps

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Learned, "sweep", counted)
        kept, fewer = searched()
        patch.setattr(search_module.Lookahead, "_table", lambda self, left: object())  # no table is met again
        swept, every = searched()
    assert max(depth for _, _, depth in kept.ranked) == 4
    assert kept == swept
    assert fewer < 0.9 * every


def test_the_weights_go_through_their_file_unchanged_and_a_damaged_file_is_refused(tmp_path: Path) -> None:
    value, chance = _random_network(4, 5000 / FEATURES)
    trained, folded = tmp_path / "trained.bin", tmp_path / "learned.bin"
    write_weights(str(trained), pack(value, chance))
    write_weights(str(folded), fold(pack(value, chance)), folded=True)
    assert list(read_trained(trained.read_bytes())) == list(pack(value, chance))
    assert unpack(read_trained(trained.read_bytes())) == (value, chance), "training goes on from them as written"
    assert read_weights(trained.read_bytes()) == read_weights(folded.read_bytes()) == fold(pack(value, chance))
    with pytest.raises(FoldedWeights):  # random tables, unlike training's, differ by the order cells are read in
        read_trained(folded.read_bytes())
    board = Board.of([((0, 0), 5, 1, True)])
    counts = [0, 3, 4, 4, 4, 3, 4, 4, 4, 4, 4]
    said = Learned(read_weights(folded.read_bytes())).judge(board, counts, 38)
    assert said == _trained_judge(value, chance, board, counts, 38)
    short = tmp_path / "short.bin"
    write_weights(str(short), pack([5, -3, 8], [1, 2, -7]))  # weights, but not a whole network's
    with pytest.raises(DamagedWeights):
        read_weights(short.read_bytes())
    for data in (trained.read_bytes(), folded.read_bytes()):
        for bad in (b"not weights", data[:14], data[:-10], data[:20] + bytes(20) + data[40:]):
            with pytest.raises(DamagedWeights):
                read_weights(bad)
            with pytest.raises(DamagedWeights):
                read_trained(bad)


def test_the_weights_that_ship_are_folded_so_that_the_expert_reads_them_as_they_are() -> None:
    from importlib import resources

    data = resources.files("foursquare.expert").joinpath("learned.bin").read_bytes()
    assert data.startswith(b"FSQ-NTUPLE-3\n")
    assert len(read_weights(data)) == FEATURES
    assert fold(read_trained(data)) == read_weights(data), "training goes on from them exactly"


def test_the_training_adds_up_the_same_look_ups_as_the_expert() -> None:
    np = pytest.importorskip("numpy")
    from foursquare.expert.train import _features

    game = played(12, 6)
    position = Position.of(game)
    board = position.board()
    counts = [0, *position.unseen]
    left = sum(counts)
    rows, expected = [], []
    for i in bits(board.legal()):
        undo = board.place(i, position.next_card.rank)
        down = board.down
        summary = summary_index(down.bit_count(), board.occ.bit_count(), (down & board.full).bit_count(), left)
        rows.append([*codes(board), summary, rare_index(counts, left)])
        expected.append(features(board, counts, left))
        board.unplace(undo)
    assert _features(np.array(rows)).tolist() == expected


def test_training_from_the_same_seed_and_deals_writes_the_same_weights(tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    from foursquare.expert.train import main

    paths = [tmp_path / "a.bin", tmp_path / "b.bin", tmp_path / "other seed.bin"]
    for path, seed in zip(paths, ("41", "41", "42"), strict=True):
        assert main(["--phase", "2000000:6:0.5:explore=0.5", "--every", "3", "--seed", seed, "--out", str(path)]) == 0
    assert paths[0].read_bytes() == paths[1].read_bytes()
    assert paths[0].read_bytes() != paths[2].read_bytes(), "another seed explored other cells"
    assert len(read_trained(paths[0].read_bytes())) == FEATURES


def test_a_placement_that_explores_is_one_of_the_best_few_and_the_table_before_learns_from_the_best() -> None:
    from foursquare.expert.search import BEAM
    from foursquare.expert.train import _choose

    choices = [(5.0, 9, 0), (7.0, 3, 1), (7.0, 1, 2), (2.0, 4, 3), (6.0, 8, -1), (1.0, 0, 4)]
    best = (7.0, 1, 2)  # the higher value, then the first cell in reading order
    assert _choose(choices, 0.0, random.Random(1)) == (best, best)
    made = set()
    for seed in range(200):
        chosen, learned_from = _choose(choices, 1.0, random.Random(seed))
        assert learned_from == best
        made.add(chosen)
    assert made == set(sorted(choices, key=lambda c: (-c[0], c[1]))[:BEAM]) == {best, (7.0, 3, 1), (6.0, 8, -1)}
    rng = random.Random(7)
    shares = [_choose(choices, 0.25, rng)[0] != best for _ in range(4000)]
    assert 0.12 < sum(shares) / len(shares) < 0.22, "a quarter explore, two thirds of them off the best"


def test_td_lambda_mixes_each_afterstate_s_target_with_the_return_after_it_as_far_as_play_was_the_best() -> None:
    from foursquare.expert.train import _returns

    # each: the afterstate, the best value and chance the next card brought, whether the placement then was the best
    steps = [("a", 10.0, 0.5, True), ("b", 12.0, 0.6, True), ("c", 8.0, 0.4, False), ("d", 20.0, 1.0, True)]
    # the last learns the game's end; the placement after c explored, so c's return stops at its own target
    assert _returns(steps, 0.5) == [
        ("d", 20.0, 1.0),
        ("c", 8.0, 0.4),
        ("b", 0.5 * 12.0 + 0.5 * 8.0, 0.5 * 0.6 + 0.5 * 0.4),
        ("a", 0.5 * 10.0 + 0.5 * 10.0, 0.5 * 0.5 + 0.5 * 0.5),
    ]
    assert _returns(steps, 0.0) == [(f, v, c) for f, v, c, _ in reversed(steps)], "lambda 0 is TD(0)'s targets"
    assert _returns(steps, 1.0)[-1] == ("a", 8.0, 0.4), "lambda 1 is the return as far as play was the best"


def test_a_run_of_two_phases_is_the_first_phase_then_the_second_started_from_its_file(tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    from foursquare.expert.train import main

    both, first, then = tmp_path / "both.bin", tmp_path / "first.bin", tmp_path / "then.bin"
    second = "4000000:3:0.05:explore=0.5"  # exploring by its own generator, however the first phase went
    assert main(["--phase", "2000000:4:0.5:explore=0.5", "--phase", second, "--out", str(both)]) == 0
    assert main(["--phase", "2000000:4:0.5:explore=0.5", "--out", str(first)]) == 0
    assert main(["--start", str(first), "--phase", second, "--out", str(then)]) == 0
    assert both.read_bytes() == then.read_bytes()
    assert both.read_bytes() != first.read_bytes(), "the second phase learned something"


def test_the_package_gets_the_run_folded_and_training_goes_on_from_it_as_from_the_weights_as_trained(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("numpy")
    from foursquare.expert import train

    class Package:  # where the run writes when given no --out, in place of the package's own folder
        def joinpath(self, name: str) -> Path:
            return tmp_path / name

    class Resources:
        @staticmethod
        def files(package: str) -> Package:
            return Package()

    monkeypatch.setattr("foursquare.expert.train.resources", Resources)
    phase = ["--phase", "2000000:3:0.5:explore=0.5"]
    trained, shipped = tmp_path / "trained.bin", tmp_path / "learned.bin"
    assert train.main([*phase, "--out", str(trained)]) == 0
    assert train.main(phase) == 0
    assert shipped.read_bytes().startswith(b"FSQ-NTUPLE-3\n")
    assert read_weights(shipped.read_bytes()) == fold(read_trained(trained.read_bytes()))
    assert unfold(read_weights(shipped.read_bytes())) == read_trained(trained.read_bytes())
    then = ["--phase", "4000000:2:0.05:explore=0.5"]
    assert train.main(["--start", str(shipped), *then, "--out", str(tmp_path / "on folded.bin")]) == 0
    assert train.main(["--start", str(trained), *then, "--out", str(tmp_path / "on trained.bin")]) == 0
    assert (tmp_path / "on folded.bin").read_bytes() == (tmp_path / "on trained.bin").read_bytes()
    value, chance = _random_network(5, 5000 / FEATURES)
    write_weights(str(tmp_path / "no run.bin"), fold(pack(value, chance)), folded=True)
    capsys.readouterr()
    assert train.main(["--start", str(tmp_path / "no run.bin"), *then, "--out", str(tmp_path / "on.bin")]) == 1
    assert "folded for the expert, but from no weights that training leaves" in capsys.readouterr().err
    assert not (tmp_path / "on.bin").exists()


def test_weights_are_unfolded_only_from_a_whole_network_that_splits_evenly_among_its_orders() -> None:
    value, chance = _random_network(6, 5000 / FEATURES)
    folded = fold(pack(value, chance))
    with pytest.raises(FoldedWeights):  # the tables differ by the order their cells are read in
        unfold(folded)
    with pytest.raises(DamagedWeights):
        unfold(folded[:-1])
    # a folded network's tables are the same in all their orders, as training leaves them: so folded again, each
    # entry is that many times its own, and unfolding gives it back
    assert unfold(fold(folded)) == folded


def test_a_coherent_weight_keeps_learning_while_its_errors_agree_and_settles_when_they_cancel() -> None:
    np = pytest.importorskip("numpy")
    from foursquare.expert.train import _Network

    found = np.array([0, 1])
    agree = _Network(np.zeros(3), coherent=True)
    assert agree.learn(found, 1.0, 0.25) == 1.0  # before any error, each weight at the phase's rate
    assert agree.weights.tolist() == [0.25, 0.25, 0.0]
    agree.learn(found, 1.5, 0.25)  # errors +1, +1: still the full rate
    assert agree.weights.tolist() == [0.5, 0.5, 0.0]
    agree.learn(found, 0.0, 0.25)  # errors +1, +1, -1: |+2| / 2 of the rate, the full rate still
    assert agree.weights.tolist() == [0.25, 0.25, 0.0]
    agree.learn(found, 1.5, 0.25)  # then a third of it: |+1| / 3
    assert agree.weights.tolist() == pytest.approx([0.25 + 0.25 / 3, 0.25 + 0.25 / 3, 0.0])
    cancel = _Network(np.zeros(3), coherent=True)
    cancel.learn(found, 1.0, 0.25)
    cancel.learn(found, -0.5, 0.25)  # errors +1, -1: they cancel
    assert cancel.weights.tolist() == [0.0, 0.0, 0.0]
    assert cancel.learn(found, 1.0, 0.25) == 1.0
    assert cancel.weights.tolist() == [0.0, 0.0, 0.0], "a weight whose errors cancel has settled"
    plain = _Network(np.zeros(3), coherent=False)
    for target in (1.0, 1.0, 0.0):
        plain.learn(found, target, 0.25)  # errors 1, 0.5, -0.75 at the phase's rate
    assert plain.sums is None
    assert plain.weights.tolist() == [0.1875, 0.1875, 0.0]


def test_a_phase_reads_and_writes_as_its_text(tmp_path: Path) -> None:
    pytest.importorskip("numpy")
    from foursquare.expert.train import Phase, _phase, main

    assert _phase("2000000:4:0.5") == Phase(2_000_000, 4, 0.5, coherent=False)
    assert _phase("2000000:4:1.0:coherent") == Phase(2_000_000, 4, 1.0, coherent=True)
    assert _phase("2000000:4:0.5:explore=0.2") == Phase(2_000_000, 4, 0.5, explore=0.2)
    assert _phase("2000000:4:0.5:explore=0.2:lambda=0.5") == Phase(2_000_000, 4, 0.5, explore=0.2, lam=0.5)
    assert _phase("2000000:4:0.5:lambda=0.8") == Phase(2_000_000, 4, 0.5, lam=0.8)
    phases = (
        Phase(2_000_000, 4, 0.5),
        Phase(2_000_000, 4, 1.0, coherent=True),
        Phase(9, 4, 1.0, True, 0.25),
        Phase(9, 4, 1.0, True, 0.25, 0.5),
    )
    for phase in phases:
        assert _phase(str(phase)) == phase
    for bad in (
        "2000000:4",
        "2000000:4:0.5:explore",
        "2000000:4:0.5:explore=1.5",
        "2000000:4:0.5:explore=nan",
        "2000000:4:0.5:explore=0.1:coherent",
        "2000000:4:0.5:coherent:explore=0.1:x",
        "2000000:4:0.5:x",
        "2000000:4:0.5:lambda=0.5:explore=0.2",
        "2000000:4:0.5:lambda=2",
    ):
        with pytest.raises(argparse.ArgumentTypeError):
            _phase(bad)
    assert Phase(2_000_000, 10, 1.0, coherent=True).rate_at(9) == 1.0
    assert Phase(2_000_000, 10, 1.0).rate_at(5) == pytest.approx(0.55)
    coherent, falling = tmp_path / "coherent.bin", tmp_path / "falling.bin"
    assert main(["--phase", "2000000:4:0.5:coherent", "--out", str(coherent)]) == 0
    assert main(["--phase", "2000000:4:0.5", "--out", str(falling)]) == 0
    assert coherent.read_bytes() != falling.read_bytes(), "the weights' own rates changed what was learned"


def test_the_default_training_writes_the_mean_of_its_runs_as_each_run_then_mean_would(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("numpy")
    from foursquare.expert import train

    runs = ((train.Phase(2_000_000, 4, 0.5),), (train.Phase(2_000_000, 3, 1.0, coherent=True),))
    monkeypatch.setattr(train, "RUNS", runs)
    both, first, second, averaged = (tmp_path / name for name in ("both.bin", "a.bin", "b.bin", "mean.bin"))
    assert train.main(["--out", str(both)]) == 0
    assert train.main(["--phase", "2000000:4:0.5", "--out", str(first)]) == 0
    assert train.main(["--phase", "2000000:3:1.0:coherent", "--out", str(second)]) == 0
    assert train.main(["--mean", str(first), str(second), "--out", str(averaged)]) == 0
    assert both.read_bytes() == averaged.read_bytes()
    a, b, m = (unpack(read_trained(path.read_bytes())) for path in (first, second, both))
    assert a != b
    for part in range(2):
        assert all(abs(2 * w - x - y) <= 1 for w, x, y in zip(m[part], a[part], b[part], strict=True))


def test_a_mean_of_one_network_is_that_network_and_a_bad_file_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from foursquare.expert.train import main

    one, again, damaged = tmp_path / "one.bin", tmp_path / "again.bin", tmp_path / "damaged.bin"
    write_weights(str(one), pack([5, -3, 8], [1, 2, -7]))
    assert main(["--mean", str(one), "--out", str(again)]) == 0
    assert again.read_bytes() == one.read_bytes()
    damaged.write_bytes(b"not weights")
    assert main(["--mean", str(one), str(damaged), "--out", str(tmp_path / "x.bin")]) == 1
    assert f"cannot read the weights of {damaged} to average" in capsys.readouterr().err
    assert not (tmp_path / "x.bin").exists()
    with pytest.raises(SystemExit):
        main(["--mean", str(one), "--phase", "2000000:4:0.5"])
    assert "--mean trains nothing" in capsys.readouterr().err


def test_training_refuses_a_damaged_start_or_a_phase_it_cannot_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("numpy")
    from foursquare.expert.train import main

    damaged = tmp_path / "damaged.bin"
    damaged.write_bytes(b"not weights")
    assert main(["--start", str(damaged), "--phase", "2000000:1:0.5", "--out", str(tmp_path / "x.bin")]) == 1
    said = capsys.readouterr().err
    assert f"cannot start from {damaged}: it is not a file of weights that training or the package writes" in said
    short = tmp_path / "short.bin"
    write_weights(str(short), pack([5, -3, 8], [1, 2, -7]))
    assert main(["--start", str(short), "--phase", "2000000:1:0.5", "--out", str(tmp_path / "x.bin")]) == 1
    assert f"(it holds 3 weights, a network {FEATURES:,})" in capsys.readouterr().err
    missing = tmp_path / "missing.bin"
    assert main(["--start", str(missing), "--phase", "2000000:1:0.5", "--out", str(tmp_path / "x.bin")]) == 1
    said = capsys.readouterr().err
    assert f"cannot start from {missing}: " in said and "Error" not in said, "the reason, not a traceback's words"
    assert not (tmp_path / "x.bin").exists()
    for bad in ("2000000:many:0.5", "2000000:4:0.5:often", "2000000:4", "2000000:4:0.5:coherent:coherent"):
        with pytest.raises(SystemExit):
            main(["--phase", bad])
        assert "FIRST:GAMES:RATE" in capsys.readouterr().err


def test_the_learned_expert_gives_games_differing_only_after_the_next_card_the_same_advice() -> None:
    game = Game.deal(11)
    for _ in range(8):
        game.play(advise(Position.of(game), nodes=0, min_depth=1, horizon=learned()).cell)
    other = reordered(game, 11)
    first, second = Position.of(game), Position.of(other)
    assert first == second
    a, b = (advise(p, nodes=20_000, min_depth=2, horizon=learned()) for p in (first, second))
    assert (a.cell, a.ranking, a.scores, a.depth, a.nodes) == (b.cell, b.ranking, b.scores, b.depth, b.nodes)


def test_the_learned_expert_is_bounded_by_nodes_and_plays_a_deal_to_a_win() -> None:
    game = Game.deal(1)
    while not game.is_over:
        position = Position.of(game)
        advice = advise(position, nodes=0, min_depth=2, horizon=learned())
        if game.placed_count < 3:  # the clock never changes the advice
            again = advise(position, 600.0, nodes=0, min_depth=2, horizon=learned())
            assert (advice.ranking, advice.scores, advice.nodes) == (again.ranking, again.scores, again.nodes)
        game.play(advice.cell)
    assert game.status is Status.WON


def test_the_shipped_weights_are_read_on_first_use_only() -> None:
    code = (
        "import foursquare.expert.advice, foursquare.expert.search, foursquare.expert.strategies\n"
        "from foursquare.expert.learned import learned\n"
        "assert learned.cache_info().currsize == 0\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)


def test_the_learned_search_s_replies_are_its_value_rank_by_rank() -> None:
    game = played(5, 9)
    position = Position.of(game)
    advice = advise(position, nodes=0, min_depth=2, horizon=learned())
    unseen = position.unseen
    replies = dict(advice.replies)[advice.cell]
    assert [rank for rank, _, _ in replies] == [rank for rank in range(1, 11) if unseen[rank - 1]]
    value = sum(unseen[rank - 1] * (v - WIN_BONUS * c) for rank, (v, c), _ in replies) / sum(unseen)
    assert value == pytest.approx(advice.raw_expected, abs=1e-9)


def test_the_default_expert_judges_its_horizon_by_the_learned_value_and_says_its_own_calibrated_figures() -> None:
    position = Position.of(played(7, 6))
    default = advise(position, nodes=5_000)
    learned_one = advise(position, nodes=5_000, horizon=learned())
    fitted = advise(position, nodes=5_000, horizon=leaves())
    assert (default.ranking, default.scores, default.nodes) == (
        learned_one.ranking,
        learned_one.scores,
        learned_one.nodes,
    )
    assert default.scores != fitted.scores
    unseen = sum(position.unseen)
    shift = LEARNED_SCORE_OFFSETS[min(unseen, len(LEARNED_SCORE_OFFSETS) - 1)]
    assert default.expected_score == pytest.approx(default.raw_expected + shift)  # early: far below the most it can
