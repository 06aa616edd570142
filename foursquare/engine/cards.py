"""Cards and deals: the 40-card deck, and the shuffle that turns a deal number into a stock.

Pure and deterministic: a deal number gives the same stock on every machine
and every Python version, for ever.
"""

from __future__ import annotations

from foursquare.engine.deal_numbers import LAST_DEAL, check_deal_number
from foursquare.engine.faults import Fault, Flaw, Invalid
from foursquare.engine.values import Value

__all__ = ["RANKS", "SUITS", "Card", "full_deck", "shuffled_deck"]

RANKS = range(1, 11)
SUITS = ("C", "D", "H", "S")
_RANK_TEXT = {1: "A", **{r: str(r) for r in range(2, 11)}}
_TEXT_RANK = {text: rank for rank, text in _RANK_TEXT.items()}


class Card(Value, order=True):
    """A playing card.  Immutable and hashable.

    Ordering is by rank first; the suit only breaks ties so that sorting is
    deterministic.  The rules never compare suits.
    """

    rank: int
    suit: str

    def __post_init__(self) -> None:
        if self.rank not in RANKS or self.suit not in SUITS:
            raise Invalid(Fault(Flaw.NOT_A_CARD, repr(self.rank), other=repr(self.suit)))

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card such as ``"10H"``, ``"AS"`` or ``"7d"``."""
        card = _PARSE.get(text.strip().upper()) if isinstance(text, str) else None
        if card is None:
            raise Invalid(Fault(Flaw.CARD_TEXT, repr(text)))
        return card

    @property
    def rank_text(self) -> str:
        """``"A"``, ``"2"`` … ``"10"``."""
        return _RANK_TEXT[self.rank]

    def __str__(self) -> str:
        return _RANK_TEXT[self.rank] + self.suit

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


_PARSE: dict[str, Card] = {f"{_RANK_TEXT[r]}{s}": Card(r, s) for r in RANKS for s in SUITS}
_PARSE.update({f"1{s}": _PARSE[f"A{s}"] for s in SUITS})


def full_deck() -> list[Card]:
    """All 40 cards, in rank then suit order."""
    return [Card(r, s) for r in RANKS for s in SUITS]


_MASK64 = LAST_DEAL
"""The generator's 64 bits: every deal number is one of its states."""


def shuffled_deck(seed: int) -> list[Card]:
    """The 40 cards in the order of deal number ``seed`` (0 ≤ seed < 2**64).

    A Fisher–Yates shuffle driven by SplitMix64, a tiny, well-known generator
    written out here because ``random.Random.shuffle`` is not promised to stay
    the same across Python versions, and a deal number must replay the same
    deal everywhere, forever.  Rejection sampling keeps every order equally
    likely.
    """
    check_deal_number(seed)
    deck = full_deck()
    state = seed
    for i in range(len(deck) - 1, 0, -1):
        bound = i + 1
        limit = (1 << 64) - ((1 << 64) % bound)
        while True:
            state = (state + 0x9E3779B97F4A7C15) & _MASK64
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
            z ^= z >> 31
            if z < limit:
                break
        j = z % bound
        deck[i], deck[j] = deck[j], deck[i]
    return deck
