"""How cards are written: as on the screen (``7♥``), in ASCII (``7H``) or in words (``seven of hearts``).

One :class:`Spelling` serves the screen, plain mode, the review and the
commands, so a card reads the same everywhere it is shown in the same form.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from foursquare.engine import Card
from foursquare.engine.values import Value
from foursquare.words.catalog import N_, _, ngettext
from foursquare.words.glyphs import glyphs, to_ascii
from foursquare.words.grammar import and_list, capitalized
from foursquare.words.text import Rank, Text, Token

__all__ = ["RANK_WORDS", "SUIT_WORDS", "Spelling", "rank_count", "rank_word", "suit_word"]

RANK_WORDS = (
    N_("ace"), N_("two"), N_("three"), N_("four"), N_("five"), N_("six"), N_("seven"), N_("eight"), N_("nine"),
    N_("ten"),
)  # fmt: skip
"""Rank 1 to 10 in words, for speech (said through ``_``, as :func:`rank_word` says one)."""
SUIT_WORDS = {"C": N_("clubs"), "D": N_("diamonds"), "H": N_("hearts"), "S": N_("spades")}
"""Each suit in words, for speech (said through ``_``, as :func:`suit_word` says one)."""


def rank_word(rank: int) -> str:
    """``seven``: rank 1 to 10 in words in the language in use."""
    return _(RANK_WORDS[rank - 1])


_RANK_COUNTS: tuple[Callable[[int], str], ...] = (
    lambda n: ngettext("{count} ace", "{count} aces", n),
    lambda n: ngettext("{count} two", "{count} twos", n),
    lambda n: ngettext("{count} three", "{count} threes", n),
    lambda n: ngettext("{count} four", "{count} fours", n),
    lambda n: ngettext("{count} five", "{count} fives", n),
    lambda n: ngettext("{count} six", "{count} sixes", n),
    lambda n: ngettext("{count} seven", "{count} sevens", n),
    lambda n: ngettext("{count} eight", "{count} eights", n),
    lambda n: ngettext("{count} nine", "{count} nines", n),
    lambda n: ngettext("{count} ten", "{count} tens", n),
)


def rank_count(rank: int, count: int) -> str:
    """``2 sevens``, ``1 ace``: a count of cards of one rank, in words, as the language counts them."""
    return _RANK_COUNTS[rank - 1](count).format(count=count)


def suit_word(suit: str) -> str:
    """``hearts``: a suit in words in the language in use."""
    return _(SUIT_WORDS[suit])


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
            return _("{rank} of {suit}").format(rank=rank_word(card.rank), suit=suit_word(card.suit))
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
            return rank_word(token.rank) if self.words else str(token)
        return token

    def line(self, line: str) -> str:
        """The last step before printing: in ASCII, every other character replaced (``×`` as ``x``)."""
        return to_ascii(line) if self.ascii else line

    def cards(self, cards: Iterable[Card]) -> str:
        """``6♥, 2♣ and 3♦``."""
        return and_list([self.card(card) for card in cards])
