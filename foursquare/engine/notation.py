"""Cell names: a text notation for table cells that stays the same all game.

Columns ``a``-``g`` are columns -3..3 and rows ``1``-``7`` are rows -3..3,
top to bottom, so the first card is always on ``d4``, and every cell a game
can use has a name (all occupied cells lie within three steps of it).  Like
a chessboard's squares, the names let a player, a script and a saved record
speak of the same cell.
"""

from __future__ import annotations

from foursquare.engine.board import CELLS, SPAN, Cell
from foursquare.engine.faults import Fault, Flaw, Invalid

__all__ = ["cell_name", "parse_cell"]

_FILES = "abcdefg"
_NAME: dict[Cell, str] = {(r, c): f"{_FILES[c + SPAN]}{r + SPAN + 1}" for r, c in CELLS}
_CELL: dict[str, Cell] = {name: cell for cell, name in _NAME.items()}


def cell_name(cell: Cell) -> str:
    """``(0, 0)`` → ``"d4"``.  Raises ValueError for a cell no game can reach."""
    try:
        return _NAME[cell]
    except (KeyError, TypeError):
        raise Invalid(Fault(Flaw.NO_CELL_NAME, repr(cell))) from None


def parse_cell(text: str) -> Cell:
    """``"d4"`` (or ``"D4"``) → ``(0, 0)``.  Raises ValueError naming the text if it is not a cell name."""
    cell = _CELL.get(text.strip().lower()) if isinstance(text, str) else None
    if cell is None:
        raise Invalid(Fault(Flaw.CELL_NAME, repr(text)))
    return cell
