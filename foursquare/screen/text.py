"""Words the game shows, before they are spelled for a particular terminal.

A :class:`Text` is a run of tokens (plain strings and cards) with a
:class:`Tone`.  Cards stay cards until the renderer draws them, so the same
sentence comes out as ``9♣`` in colour on a Unicode terminal and as ``9C`` on
a plain one, and nothing that produces words needs to know which.
"""

from __future__ import annotations

import locale
import textwrap
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum, auto

from foursquare.engine import Card

__all__ = ["Text", "Token", "Tone", "card_list", "locale_codeset", "wrap"]

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


def wrap(text: Text, width: int) -> list[Text]:
    """``text`` as lines of at most ``width`` columns, broken at spaces, each line after the first
    indented to line up with the first's words (a key line's under its description).

    Lines with cards in them are left whole, for the renderer to cut.
    """
    if len(text) <= width or any(isinstance(t, Card) for t in text.tokens):
        return [text]
    if text.tone is Tone.KEYS and len(text.tokens) == 2:
        head, body = (str(t) for t in text.tokens)
        parts = textwrap.wrap(body, max(8, width - len(head))) or [""]
        return [Text((head, parts[0]), Tone.KEYS), *(Text((" " * len(head) + part,)) for part in parts[1:])]
    plain = text.plain()
    indent = " " * (len(plain) - len(plain.lstrip(" ")))
    lines = textwrap.wrap(plain, max(8, width), subsequent_indent=indent)
    return [Text((line,), text.tone) for line in lines] or [text]


def locale_codeset() -> str:
    """The character set of the locale set with ``setlocale``: what the terminal is told to show.

    Asked of ``nl_langinfo(CODESET)``, since Python's own encodings claim
    UTF-8 under ``LC_ALL=C`` while the terminal gets ASCII.
    """
    langinfo = getattr(locale, "nl_langinfo", None)
    return langinfo(locale.CODESET) if langinfo is not None else locale.getpreferredencoding(False)
