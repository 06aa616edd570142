"""Which deal to play: a random deal or the daily deal.

The number is the date itself written as digits, ``YYYYMMDD`` (30 November
2026 is deal 20261130).  It needs no server and no shared secret, everyone on
the same date gets the same deal, and a player can read the date back from the
number.  Random deals are drawn from :data:`RANDOM_DEALS`, twelve-digit numbers,
so a random deal is never mistaken for a daily one.
"""

from __future__ import annotations

from datetime import date

__all__ = ["RANDOM_DEALS", "deal_number", "random_deal"]

RANDOM_DEALS = range(10**11, 10**12)
"""Where random deal numbers come from: twelve digits, beyond any ``YYYYMMDD``."""


def random_deal() -> int:
    """A fresh deal number for a game nobody asked a particular deal for."""
    import random  # here: of everything that imports this module, only a fresh deal needs it

    return random.SystemRandom().choice(RANDOM_DEALS)  # os.urandom, like secrets, without its slow import


def deal_number(day: date) -> int:
    """The daily deal number of ``day``: its ISO date as the digits ``YYYYMMDD``."""
    return day.year * 10_000 + day.month * 100 + day.day
