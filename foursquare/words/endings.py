"""What a game's end is called wherever a list of games speaks of it, and which placements practice offers,
worded once.

It imports nothing, so that the command line's help (which loads the
commands' summaries before anything else) can say it at no cost.
"""

from __future__ import annotations

__all__ = ["COSTLY", "KINDS", "LEFT"]

LEFT = "left before the end"
"""A game left for a new deal with a card placed: the statistics count it as a loss, but it was not played out,
so the review refuses it in the same words."""
KINDS = f"won, lost or {LEFT}"
"""Every game the history lists."""
COSTLY = "cost a card or more, or much of the chance to win"
"""The placements practice offers (a placement that ``...``): those the review calls an inaccuracy or worse."""
