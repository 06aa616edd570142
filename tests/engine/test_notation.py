"""Cell names: a fixed notation for the 49 cells a game can use, with the first card on d4."""

from __future__ import annotations

import pytest
from helpers import raises_saying

from foursquare.engine import Game, IllegalMove, cell_name, parse_cell
from foursquare.engine.board import CELLS
from foursquare.words.faults import refused_words


def test_the_first_card_is_always_on_d4() -> None:
    assert cell_name((0, 0)) == "d4"
    assert parse_cell("d4") == parse_cell("D4") == parse_cell(" d4 ") == (0, 0)
    assert Game.deal(7).legal_moves() == [parse_cell("d4")]


def test_columns_a_to_g_left_to_right_and_rows_1_to_7_top_to_bottom() -> None:
    assert cell_name((-3, -3)) == "a1"
    assert cell_name((-3, 3)) == "g1"
    assert cell_name((3, -3)) == "a7"
    assert cell_name((3, 3)) == "g7"
    assert cell_name((0, 1)) == "e4"  # one column to the right
    assert cell_name((1, 0)) == "d5"  # one row down


def test_all_49_cells_round_trip() -> None:
    names = {cell_name(cell) for cell in CELLS}
    assert len(CELLS) == len(names) == 49
    for cell in CELLS:
        assert parse_cell(cell_name(cell)) == cell
        assert parse_cell(cell_name(cell).upper()) == cell


@pytest.mark.parametrize("text", ["", "d", "4", "d0", "d8", "h4", "dd4", "d44", "4d", "d 4", "é4", "d-1"])
def test_bad_text_is_refused_naming_it(text: str) -> None:
    with raises_saying(ValueError, match="not a cell name") as refused:
        parse_cell(text)
    assert repr(text) in refused_words(refused.value)


@pytest.mark.parametrize("cell", [(4, 0), (0, -4), (9, 9)])
def test_a_cell_no_game_reaches_has_no_name(cell: tuple[int, int]) -> None:
    with raises_saying(ValueError, match="no cell name"):
        cell_name(cell)


def test_refusals_name_the_cell() -> None:
    game = Game.deal(7)
    with raises_saying(IllegalMove, match="on e4: first card in the middle"):
        game.play((0, 1))
    game.play((0, 0))
    with raises_saying(IllegalMove, match="on f4: not next to a card"):
        game.play(parse_cell("f4"))
