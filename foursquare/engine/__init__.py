"""The rules of Foursquare: cards, the deal, placement, flips and the end of the game.

This package is pure: no I/O, no terminal, no global mutable state.
Everything else (the game screen, what is kept on disk, the expert) drives a
:class:`Game` and never reaches into the rules.  Its parts:

- :mod:`~foursquare.engine.cards`: cards, the deck and the deal-number shuffle;
- :mod:`~foursquare.engine.board`: the table as bitboards, where placement,
  flips and legal cells are worked out, for the game and the expert's search;
- :mod:`~foursquare.engine.game`: a whole game (stock, piles, history, end);
- :mod:`~foursquare.engine.notation`: cell names such as ``d4``.
"""

from foursquare.engine.board import GRID, MAX_FACE_DOWN, PILE_LIMIT, Cell
from foursquare.engine.cards import LAST_DEAL, RANKS, SUITS, Card, check_deal_number, full_deck, shuffled_deck
from foursquare.engine.game import Game, IllegalMove, LossReason, Pile, Placement, Preview, Refusal, Status, Turn
from foursquare.engine.notation import cell_name, parse_cell

__all__ = [
    "GRID",
    "LAST_DEAL",
    "MAX_FACE_DOWN",
    "PILE_LIMIT",
    "RANKS",
    "SUITS",
    "Card",
    "Cell",
    "Game",
    "IllegalMove",
    "LossReason",
    "Pile",
    "Placement",
    "Preview",
    "Refusal",
    "Status",
    "Turn",
    "cell_name",
    "check_deal_number",
    "full_deck",
    "parse_cell",
    "shuffled_deck",
]
