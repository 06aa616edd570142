"""Deal numbers: what one is, apart from the cards.

A deal number seeds the 64-bit generator that shuffles the deck
(:func:`foursquare.engine.cards.shuffled_deck`).  This module imports
nothing, so that the command line can check and name a deal number
(``--seed``, its ``--help``) without loading the rules.
"""

from __future__ import annotations

__all__ = ["LAST_DEAL", "check_deal_number"]

LAST_DEAL = (1 << 64) - 1
"""The highest deal number: a deal number seeds a 64-bit generator."""


def check_deal_number(seed: object) -> None:
    """Raise :class:`~foursquare.engine.faults.Invalid`, naming the range, unless ``seed`` is a deal number."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= LAST_DEAL:
        from foursquare.engine.faults import Fault, Flaw, Invalid  # only a refusal needs them

        raise Invalid(Fault(Flaw.DEAL_NUMBER, repr(seed), LAST_DEAL))
