"""What a game's end is called wherever a list of games speaks of it, worded once.

It imports nothing, so that the command line's help (which loads the
commands' summaries before anything else) can say it at no cost.
"""

from __future__ import annotations

__all__ = ["KINDS", "LEFT"]

LEFT = "left before the end"
"""A game left for a new deal with a card placed: the statistics count it as a loss, but it was not played out,
so the review refuses it in the same words."""
KINDS = f"won, lost or {LEFT}"
"""Every game the history lists."""
