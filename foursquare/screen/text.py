"""Words the game shows, before they are spelled for a particular terminal.

A :class:`Text` is a run of tokens (plain strings and cards) with a
:class:`Tone`.  Cards stay cards until the renderer draws them, so the same
sentence comes out as ``9♣`` in colour on a Unicode terminal and as ``9C`` on
a plain one, and nothing that produces words needs to know which.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum, auto

from foursquare.engine import Card

__all__ = ["Text", "Token", "Tone", "card_list"]

Token = str | Card


class Tone(Enum):
    """What a line of text is for; the renderer picks the look."""

    PLAIN = auto()
    HEADING = auto()
    KEYS = auto()
    """A key name, then what it does."""
    ERROR = auto()
    GOOD = auto()
    BAD = auto()
    DIM = auto()


@dataclass(frozen=True, slots=True)
class Text:
    """A line of words and cards in one tone."""

    tokens: tuple[Token, ...]
    tone: Tone = Tone.PLAIN

    @classmethod
    def of(cls, *tokens: Token, tone: Tone = Tone.PLAIN) -> Text:
        return cls(tuple(tokens), tone)

    def plain(self) -> str:
        """The text with cards written as ``9C``: for logs, tests and lengths."""
        return "".join(str(t) for t in self.tokens)

    def __len__(self) -> int:
        """Width on screen: a card takes as many columns as its rank, plus one for the suit."""
        return sum(len(t) if isinstance(t, str) else len(t.rank_text) + 1 for t in self.tokens)


def card_list(cards: Iterable[Card]) -> tuple[Token, ...]:
    """``6♥``, ``6♥ and 6♦``, ``6♥, 2♣ and 3♦``: cards in an English list."""
    items = list(cards)
    out: list[Token] = []
    for n, card in enumerate(items):
        if n:
            out.append(" and " if n == len(items) - 1 else ", ")
        out.append(card)
    return tuple(out)
