"""How the expert's figures are rounded where a player reads them, so that a verdict and its figures agree.

A chance of winning is read as a whole percentage that never claims a false
0% or 100%; an expected score as cards to a tenth.  The review judges every
placement on the figures as they are read (:mod:`foursquare.expert.review`),
so that "98% → 78%" is always a drop of 20 points and "17.4 → 16.4 cards"
always a cost of 1.0 card, whatever the digits behind them.  Light on
purpose: the words import it without the search.
"""

from __future__ import annotations

__all__ = ["tenths", "whole_percent"]


def whole_percent(chance: float) -> int:
    """A chance of winning (0 to 1) as the whole percentage a player reads: 99 short of a sure win, 1 above 0."""
    percent = round(chance * 100)
    if percent >= 100 and chance < 1:
        return 99
    if percent <= 0 < chance:
        return 1
    return max(0, min(100, percent))


def tenths(score: float) -> int:
    """An expected score (cards left at the end) in whole tenths of a card, as it is read: 17.44 is 174."""
    return max(0, round(score * 10))
