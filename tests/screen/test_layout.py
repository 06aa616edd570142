"""Screen geometry: which cells are shown, where they go, and what a terminal must hold."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from helpers import WINNING_LINE_DEAL_1

from foursquare.engine import GRID, Game
from foursquare.screen import layout


def _random_positions(games: int = 60) -> list[Game]:
    """Positions from random games, every stage from the empty table to the end."""
    out = []
    rng = random.Random(7)
    for seed in range(games):
        game = Game.deal(seed)
        out.append(game.copy())
        while not game.is_over:
            game.play(rng.choice(game.legal_moves()))
            out.append(game.copy())
    return out


POSITIONS = _random_positions()


def test_empty_table_shows_only_the_middle() -> None:
    region = layout.shown_region(None)
    assert list(region) == [(0, 0)]


def test_one_card_shows_its_neighbours_and_corners() -> None:
    region = layout.shown_region((0, 0, 0, 0))
    assert (region.top, region.bottom, region.left, region.right) == (-1, 1, -1, 1)


def test_a_box_four_wide_is_not_widened() -> None:
    region = layout.shown_region((0, 1, -2, 1))
    assert (region.left, region.right) == (-2, 1)
    assert (region.top, region.bottom) == (-1, 2)


def test_every_legal_placement_is_shown_and_nothing_beyond_a_full_span() -> None:
    for game in POSITIONS:
        region = layout.shown_region(game.bounds)
        assert set(game.legal_moves()) <= set(region)
        assert set(game.piles) <= set(region)
        assert region.rows <= layout.MAX_SHOWN and region.cols <= layout.MAX_SHOWN
        if game.bounds is not None:
            top, bottom, left, right = game.bounds
            if bottom - top + 1 == GRID:
                assert (region.top, region.bottom) == (top, bottom)
            if right - left + 1 == GRID:
                assert (region.left, region.right) == (left, right)


def test_clamp_keeps_cells_inside() -> None:
    region = layout.Region(-1, 1, -2, 0)
    assert region.clamp((5, 5)) == (1, 0)
    assert region.clamp((-3, -7)) == (-1, -2)
    assert region.clamp((0, -1)) == (0, -1)


def test_minimum_size_is_exactly_what_plan_needs() -> None:
    width, height = layout.minimum_size()
    assert layout.plan(width, height) is not None
    assert layout.plan(width - 1, height) is None
    assert layout.plan(width, height - 1) is None
    assert width <= 80 and height <= 24


@pytest.mark.parametrize("size", [(80, 24), (70, 17), (100, 34), (200, 60), (75, 50), (132, 24)])
def test_everything_fits_on_screen(size: tuple[int, int]) -> None:
    width, height = size
    where = layout.plan(width, height)
    assert where is not None
    for rect in (where.table, where.panel):
        assert rect.x >= 0 and rect.y >= 1
        assert rect.x + rect.width <= width and rect.y + rect.height <= where.message_y
    assert where.table.x + where.table.width <= where.panel.x
    # The largest table the rules allow, cursor marks included, stays inside the table area.
    region = layout.Region(-2, 2, -2, 2)
    for cell in region:
        rect = layout.cell_rect(where, region, cell)
        assert rect.x - 1 >= where.table.x and rect.x + rect.width + 1 <= where.table.x + where.table.width
        assert rect.y >= where.table.y and rect.y + rect.height <= where.table.y + where.table.height


def test_80_by_24_uses_cards_with_room_for_corner_indices() -> None:
    where = layout.plan(80, 24)
    assert where is not None
    assert where.card.height >= 4


def test_cell_at_finds_the_cell_under_every_point_of_its_card() -> None:
    where = layout.plan(80, 24)
    assert where is not None
    region = layout.Region(-1, 2, 0, 2)
    view = layout.first_view(region)
    for cell in region:
        rect = layout.cell_rect(where, view, cell)
        for y in range(rect.y, rect.y + rect.height):
            for x in range(rect.x, rect.x + rect.width):
                assert layout.cell_at(where, view, region, y, x) == cell
    first = layout.cell_rect(where, view, (-1, 0))
    assert layout.cell_at(where, view, region, first.y, first.x - 1) is None  # left of the table
    assert layout.cell_at(where, view, region, 0, 0) is None
    beside = layout.cell_rect(where, view, (-1, -1))
    assert layout.cell_at(where, view, region, beside.y, beside.x) is None  # in the window, not shown


def test_the_window_holds_its_first_region_in_the_middle() -> None:
    assert layout.first_view(layout.Region(0, 0, 0, 0)) == layout.Region(-2, 2, -2, 2)
    assert layout.first_view(layout.Region(-1, 2, -1, 1)) == layout.Region(-1, 3, -2, 2)


def test_the_window_stays_while_the_cells_fit_and_moves_as_little_as_it_must() -> None:
    view = layout.Region(-2, 2, -2, 2)
    assert layout.follow(view, layout.Region(-1, 1, -2, 1)) is view
    assert layout.follow(view, layout.Region(-1, 1, -1, 3)) == layout.Region(-2, 2, -1, 3)
    assert layout.follow(view, layout.Region(-4, -1, -2, 1)) == layout.Region(-4, 0, -2, 2)


def test_piles_keep_their_place_on_screen_as_a_game_grows() -> None:
    where = layout.plan(80, 24)
    assert where is not None
    for seed in range(30):
        game = Game.deal(seed)
        view = layout.first_view(layout.shown_region(game.bounds))
        moves = 0
        while not game.is_over:
            game.play(game.legal_moves()[seed % len(game.legal_moves())])
            region = layout.shown_region(game.bounds)
            moved = layout.follow(view, region)
            assert all(cell in moved for cell in region)
            if moved != view:
                moves += 1
                shift = abs(moved.top - view.top) + abs(moved.left - view.left)
                assert shift <= 2  # one step along each dimension at most
            view = moved
        assert moves <= 4


def test_the_window_is_worked_out_from_the_placements_as_play_follows_it() -> None:
    for seed in range(20):
        game = Game.deal(seed)
        view = layout.first_view(layout.shown_region(None))
        assert layout.view_after([]) == view
        while not game.is_over:
            game.play(game.legal_moves()[(seed * 7) % len(game.legal_moves())])
            view = layout.follow(view, layout.shown_region(game.bounds))
            assert layout.view_after(game.placements) == view
    # deal 1's win goes right: the window has moved one column from where a fresh look would centre it
    game = Game.deal(1)
    for cell in WINNING_LINE_DEAL_1[:9]:
        game.play(cell)
    assert layout.view_after(game.placements) != layout.first_view(layout.shown_region(game.bounds))


def test_cards_do_not_overlap() -> None:
    where = layout.plan(80, 24)
    assert where is not None
    region = layout.Region(-2, 2, -2, 2)
    seen: set[tuple[int, int]] = set()
    for cell in region:
        rect = layout.cell_rect(where, region, cell)
        points = {(y, x) for y in range(rect.y, rect.y + rect.height) for x in range(rect.x, rect.x + rect.width)}
        assert not points & seen
        seen |= points


def _card_width(width: int, height: int) -> int:
    where = layout.plan(width, height)
    assert where is not None
    return where.card.width


@pytest.mark.parametrize("path", ["README.md", "foursquare/words/help/screen.md"])
def test_the_sizes_the_docs_give_are_the_layouts_own(path: str) -> None:
    text = " ".join((Path(__file__).resolve().parents[2] / path).read_text(encoding="utf-8").split())
    found = re.search(r"(\d+)×(\d+) works; from (\d+)×(\d+) the cards are bigger", text)
    assert found is not None
    small_w, small_h, big_w, big_h = map(int, found.groups())
    assert layout.minimum_size() == (small_w, small_h)
    usual = _card_width(80, 24)
    assert _card_width(big_w, big_h) > usual  # bigger from there...
    assert _card_width(big_w - 1, 200) == usual and _card_width(300, big_h - 1) == usual  # ...and not before
