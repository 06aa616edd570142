"""How cards are written: as on the screen (``7♥``), in ASCII (``7H``) or in words (``seven of hearts``).

One :class:`Spelling` serves the screen, plain mode, the review and the
commands, so a card reads the same everywhere it is shown in the same form.
"""

from __future__ import annotations

from collections.abc import Iterable

from foursquare.engine import Card
from foursquare.engine.values import Value
from foursquare.words.glyphs import glyphs, to_ascii
from foursquare.words.grammar import capitalized
from foursquare.words.text import Rank, Text, Token, card_list

__all__ = ["RANK_WORDS", "SUIT_WORDS", "Spelling"]

RANK_WORDS = ("ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
"""Rank 1 to 10 in words, for speech."""
SUIT_WORDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


class Spelling(Value):
    """How cards and the table's marks are written, and which characters may be printed.

    By default as on the screen: ``7♥``, ``##`` for a face-down card and
    ``.`` for an empty cell.  ``words`` is for speech: ``seven of hearts``,
    ``face down``, ``empty``.  ``ascii`` is for terminals and files that
    cannot show suits: ``7H``, and every other character written in ASCII.
    """

    words: bool = False
    ascii: bool = False

    def card(self, card: Card) -> str:
        if self.words:
            return f"{RANK_WORDS[card.rank - 1]} of {SUIT_WORDS[card.suit]}"
        return card.rank_text + glyphs(self.ascii).suits[card.suit]

    def opening(self, card: Card) -> str:
        """``card`` at the start of a sentence: in words, capitalised (``Eight of clubs``)."""
        return capitalized(self.card(card))

    def text(self, text: Text) -> str:
        """A line of words and cards (an explanation, a refusal) with its cards (and ranks) spelled, as a
        sentence."""
        return "".join(self._token(token, first=n == 0) for n, token in enumerate(text.tokens))

    def _token(self, token: Token, *, first: bool) -> str:
        if isinstance(token, Card):
            return self.opening(token) if first else self.card(token)
        if isinstance(token, Rank):
            return RANK_WORDS[token.rank - 1] if self.words else str(token)
        return token

    def line(self, line: str) -> str:
        """The last step before printing: in ASCII, every other character replaced (``×`` as ``x``)."""
        return to_ascii(line) if self.ascii else line

    def cards(self, cards: Iterable[Card]) -> str:
        """``6♥, 2♣ and 3♦``."""
        return "".join(self._token(token, first=False) for token in card_list(cards))
