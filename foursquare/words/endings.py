"""What a game's end is called wherever a list of games speaks of it, and which placements practice offers,
worded once (each marked for the catalog: say it through ``_``).

It imports only the catalog, so that the command line's help (which loads the
commands' summaries before anything else) can say it at no cost.
"""

from __future__ import annotations

from foursquare.words.catalog import N_

__all__ = ["COSTLY", "KINDS", "LEFT"]

LEFT = N_("left before the end")
"""A game left for a new deal with a card placed: the statistics count it as a loss, but it was not played out,
so the review refuses it in the same words."""
KINDS = N_("won, lost or left before the end")
"""Every game the history lists."""
COSTLY = N_("cost a card or more, or much of the chance to win")
"""The placements practice offers (a placement that ``...``): those the review calls an inaccuracy or worse."""
