"""Foursquare: a one-player card game on a 4×4 grid of piles, for the terminal.

The engine's main types are here too (``from foursquare import Game``), loaded
when first asked for, so that starting the command imports nothing before it
can answer Ctrl-C quietly (see :mod:`foursquare.__main__`).  Nor does it load
:mod:`typing`: ``TYPE_CHECKING`` is the type checkers' own flag, false when
running.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from foursquare.engine import Card, Cell, Game, IllegalMove, LossReason, Pile, Placement, Status

__version__ = "0.1.0"

__all__ = ["Card", "Cell", "Game", "IllegalMove", "LossReason", "Pile", "Placement", "Status", "__version__"]


def __getattr__(name: str) -> object:
    if name in __all__:
        from foursquare import engine

        return getattr(engine, name)
    raise AttributeError(f"module 'foursquare' has no attribute {name!r}")
