"""The rules of Foursquare: cards, the deal, placement, flips and the end of the game.

This package is pure: no I/O, no terminal, no global mutable state.
Everything else (the game screen, what is kept on disk, the expert) drives a
:class:`Game` and never reaches into the rules.  Its parts:

- :mod:`~foursquare.engine.cards`: cards, the deck and the deal-number shuffle;
- :mod:`~foursquare.engine.deal_numbers`: what a deal number is;
- :mod:`~foursquare.engine.board`: the table as bitboards, where placement,
  flips and legal cells are worked out, for the game and the expert's search;
- :mod:`~foursquare.engine.game`: a whole game (stock, piles, history, end);
- :mod:`~foursquare.engine.flips`: why a placement turned cards over (each line's verdict);
- :mod:`~foursquare.engine.faults`: what is wrong with a value given to the rules, as a code;
- :mod:`~foursquare.engine.notation`: cell names such as ``d4``.
- :mod:`~foursquare.engine.sizes`: the sizes the rules set (the square, a pile, the face-down count).
- :mod:`~foursquare.engine.values`: :class:`~foursquare.engine.values.Value`, the base of the immutable
  value types of every layer, as frozen dataclasses behave but made at almost no cost.

Each name below is loaded from its part when first asked for, so that what
needs only deal numbers (the command line's ``--seed`` and ``--help``) loads
none of the rules.
"""

from __future__ import annotations

import importlib

TYPE_CHECKING = False
if TYPE_CHECKING:
    from foursquare.engine.board import Cell
    from foursquare.engine.cards import RANKS, SUITS, Card, full_deck, shuffled_deck
    from foursquare.engine.deal_numbers import LAST_DEAL, check_deal_number
    from foursquare.engine.faults import Fault, Invalid
    from foursquare.engine.flips import Line, LineFlip, Turn, Verdict
    from foursquare.engine.game import Game, IllegalMove, LossReason, Pile, Placement, Preview, Refusal, Status
    from foursquare.engine.notation import cell_name, parse_cell
    from foursquare.engine.sizes import GRID, MAX_FACE_DOWN, PILE_LIMIT

_PARTS = {
    "board": ("Cell",),
    "cards": ("RANKS", "SUITS", "Card", "full_deck", "shuffled_deck"),
    "deal_numbers": ("LAST_DEAL", "check_deal_number"),
    "faults": ("Fault", "Invalid"),
    "flips": ("Line", "LineFlip", "Turn", "Verdict"),
    "game": ("Game", "IllegalMove", "LossReason", "Pile", "Placement", "Preview", "Refusal", "Status"),
    "notation": ("cell_name", "parse_cell"),
    "sizes": ("GRID", "MAX_FACE_DOWN", "PILE_LIMIT"),
}
"""Which part each name of the engine's face comes from: the imports above, for the type checkers."""
_PART_OF = {name: part for part, names in _PARTS.items() for name in names}

__all__ = [
    "GRID",
    "LAST_DEAL",
    "MAX_FACE_DOWN",
    "PILE_LIMIT",
    "RANKS",
    "SUITS",
    "Card",
    "Cell",
    "Fault",
    "Game",
    "IllegalMove",
    "Invalid",
    "Line",
    "LineFlip",
    "LossReason",
    "Pile",
    "Placement",
    "Preview",
    "Refusal",
    "Status",
    "Turn",
    "Verdict",
    "cell_name",
    "check_deal_number",
    "full_deck",
    "parse_cell",
    "shuffled_deck",
]


def __getattr__(name: str) -> object:
    part = _PART_OF.get(name)
    if part is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{part}"), name)
    globals()[name] = value  # asked once: later lookups find it directly
    return value
