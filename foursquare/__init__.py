"""Foursquare: a one-player card game on a 4×4 grid of piles, for the terminal."""

from foursquare.engine import (
    Card,
    Cell,
    Game,
    IllegalMove,
    LossReason,
    Pile,
    Placement,
    Status,
)

__version__ = "0.1.0"

__all__ = ["Card", "Cell", "Game", "IllegalMove", "LossReason", "Pile", "Placement", "Status", "__version__"]
