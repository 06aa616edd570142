"""The sizes the rules set: how big a pile, the square and the face-down count may grow.

Apart from :mod:`~foursquare.engine.board`, whose tables are built from them at import, so that what needs only
the numbers (the best score a statistic can hold) loads none of the bitboards.
"""

from __future__ import annotations

__all__ = ["GRID", "MAX_FACE_DOWN", "PILE_LIMIT", "SQUARE"]

PILE_LIMIT = 4
"""A pile holds at most this many cards."""
GRID = 4
"""Occupied cells must fit in a box of GRID rows by GRID columns."""
SQUARE = GRID * GRID
"""Piles in a finished square."""
MAX_FACE_DOWN = 4
"""One more face-down top card than this loses the game."""
