"""Words before they are shown: a run of strings and cards with a tone.

A :class:`Text` keeps its cards as cards until a front end spells them
(:class:`~foursquare.words.cards.Spelling`), so the same sentence comes out as
``9♣`` in colour on a Unicode terminal, ``9C`` on a plain one and "nine of
clubs" for a screen reader, and nothing that builds words needs to know which.
"""

from __future__ import annotations

import functools
import re
import string
import textwrap
from collections.abc import Iterable, Sequence, Sized
from enum import Enum, auto
from typing import TypeVar

from foursquare.engine import Card
from foursquare.engine.values import Value

__all__ = [
    "Rank",
    "Text",
    "Token",
    "Tone",
    "card_list",
    "fitted",
    "longest_fitting",
    "run_on",
    "to_terminal",
    "wrap",
    "wrap_plain",
    "wrap_under",
]


class Rank(Value):
    """A rank named in a sentence (``ties a 10``): written as on the cards, or in words where cards are."""

    rank: int

    def __str__(self) -> str:
        return Card(self.rank, "S").rank_text


Token = str | Card | Rank


class Tone(Enum):
    """What a line of text is for; the front end picks the look."""

    PLAIN = auto()
    HEADING = auto()
    KEYS = auto()
    """A key name, then what it does."""
    ERROR = auto()
    GOOD = auto()
    BAD = auto()
    DIM = auto()


class Text(Value):
    """A line of words and cards in one tone."""

    tokens: tuple[Token, ...]
    tone: Tone = Tone.PLAIN

    @classmethod
    def of(cls, *tokens: Token, tone: Tone = Tone.PLAIN) -> Text:
        return cls(tuple(tokens), tone)

    @classmethod
    def filled(cls, message: str, tone: Tone = Tone.PLAIN, **fields: object) -> Text:
        """A whole sentence (a catalog's message, ``"Deal {deal}: place {card}"``) with its named fields filled:
        a card or a rank stays a card for the front end to spell, anything else is formatted as ``str.format``
        would, so that a translation may put the fields in any order; a :class:`Text` field is spliced in."""
        tokens: list[Token] = []
        for literal, name, spec, conversion in _parsed(message):
            tokens.append(literal)
            if name is None:
                continue
            value = fields[name]
            if isinstance(value, (Card, Rank)) and not spec and not conversion:
                tokens.append(value)
            elif isinstance(value, Text):  # a part filled before (a list of ranks): its cards stay cards
                tokens.extend(value.tokens)
            else:
                tokens.append(_FORMATTER.format_field(_FORMATTER.convert_field(value, conversion), spec or ""))
        return cls(tuple(_joined([t for t in tokens if t != ""])), tone)

    def plain(self) -> str:
        """The text with cards written as ``9C``: for logs, tests and lengths."""
        return "".join(str(t) for t in self.tokens)

    def __len__(self) -> int:
        """Width on screen: a card takes as many columns as its rank, plus one for the suit."""
        return sum(len(t.rank_text) + 1 if isinstance(t, Card) else len(str(t)) for t in self.tokens)

    def __add__(self, other: Text) -> Text:
        """Two texts one after the other, in this one's tone."""
        return Text(self.tokens + other.tokens, self.tone)


_FORMATTER = string.Formatter()


@functools.lru_cache(maxsize=1024)
def _parsed(message: str) -> tuple[tuple[str, str | None, str | None, str | None], ...]:
    """``message`` cut into its literal text and fields, once for each message: the screen fills the same few
    on every key."""
    return tuple(_FORMATTER.parse(message))


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

    Cards stay whole and keep their place among the words.
    """
    if len(text) <= width:
        return [text]
    if text.tone is Tone.KEYS and len(text.tokens) == 2 and all(isinstance(t, str) for t in text.tokens):
        head, body = (str(t) for t in text.tokens)
        parts = textwrap.wrap(body, max(8, width - len(head))) or [""]
        return [Text((head, parts[0]), Tone.KEYS), *(Text((" " * len(head) + part,)) for part in parts[1:])]
    plain = text.plain()
    indent = " " * (len(plain) - len(plain.lstrip(" ")))
    lines: list[list[Token]] = []
    line: list[Token] = [indent] if indent else []
    used = len(indent)
    for word in _words(text):
        size = len(Text(tuple(word)))
        if used > len(indent) and used + 1 + size > width:
            lines.append(line)
            line, used = ([indent] if indent else []), len(indent)
        if used > len(indent):
            line.append(" ")
            used += 1
        line.extend(word)
        used += size
    lines.append(line)
    return [Text(tuple(_joined(tokens)), text.tone) for tokens in lines]


def wrap_plain(text: str, width: int, whole: Sequence[str] = ()) -> list[str]:
    """Plain ``text`` in lines of at most ``width`` columns, broken at spaces but never inside one of the
    phrases ``whole`` that fits on a line (``on your own``, not ``on your`` and then ``own.``), nor between a
    number and the word it counts (``1 take-back``, not ``1`` and then ``take-back``), nor at a hyphen."""
    for phrase in whole:
        text = text.replace(phrase, phrase.replace(" ", _NO_BREAK))
    text = _COUNTED.sub(lambda m: m[0].replace(" ", _NO_BREAK), text)
    # what was joined and is then wider than a line breaks at its spaces after all
    text = " ".join(word if len(word) <= width else word.replace(_NO_BREAK, " ") for word in text.split(" "))
    return [line.replace(_NO_BREAK, " ") for line in textwrap.wrap(text, width, break_on_hyphens=False)]


_COUNTED = re.compile(r"\b\d+ [a-z][\w-]*")
_NO_BREAK = "\u00a0"  # textwrap breaks only at ASCII white space


def to_terminal(lines: Iterable[str], width: int | None) -> list[str]:
    """Lines of output to a terminal ``width`` columns wide, each broken between words where it is wider
    (its indent kept, and the spaces that line up its columns), rather than mid-word by the terminal at its
    edge; None (a pipe, a file): as they are, whole for a script to read."""
    if width is None:
        return list(lines)
    out = []
    for line in lines:
        indent = line[: len(line) - len(line.lstrip(" "))]
        out += textwrap.wrap(line, width, subsequent_indent=indent, break_long_words=False, break_on_hyphens=False) or [
            line
        ]
    return out


def run_on(head: str, text: str, width: int | None) -> list[str]:
    """:func:`wrap_under` for plain text, as the lines to print: ``head`` then ``text``, what runs on under its
    head, within ``width`` columns (None: one line, for a pipe's reader)."""
    if width is None:
        return [head + text]
    return [line.plain() for line in wrap_under(head, Text.of(text), width)]


def wrap_under(head: str, text: Text, width: int, rows: int | None = None) -> list[Text]:
    """``head`` then ``text`` in lines of at most ``width`` columns, broken at spaces, each line after the
    first indented by ``head``'s width: a numbered entry or a table's last column runs on under its own
    words, clear of what is before it (``head`` is kept as it is, spacing and all).

    With ``rows``, at most that many lines: a text that needs more is cut after the last whole word that
    fits, with ``…`` (never in the middle of a word).
    """
    room = max(8, width - len(head))
    lines = wrap(text, room)
    if rows is not None and len(lines) > rows:
        lines = wrap(text, room - 1)[: max(1, rows)]
        last = list(lines[-1].tokens)
        if isinstance(last[-1], str):
            last[-1] = last[-1].rstrip(",;:")  # "turns 2 down…", not "turns 2 down,…"
        lines[-1] = Text((*last, "…"), text.tone)
    out = []
    for n, line in enumerate(lines):
        prefix = head if n == 0 else " " * len(head)
        out.append(Text(tuple(_joined([prefix, *line.tokens] if prefix else list(line.tokens))), text.tone))
    return out


S = TypeVar("S", bound=Sized)


def longest_fitting(forms: Sequence[S], width: int) -> S:
    """The longest of ``forms`` (a text or a plain string in its forms, longest first) that fits on a line of
    ``width`` columns, else the shortest."""
    return next((form for form in forms if len(form) <= width), forms[-1])


def fitted(forms: Sequence[Text], width: int) -> list[Text]:
    """The longest of ``forms`` (longest first) that fits on a line of ``width`` columns; when none does, the
    shortest wrapped on as many lines as it needs, so that a sentence runs on rather than being cut."""
    return wrap(longest_fitting(forms, width), width)


def _words(text: Text) -> list[list[Token]]:
    """The words of ``text``, each a list of tokens (a card and the comma after it make one word)."""
    words: list[list[Token]] = [[]]
    for token in text.tokens:
        if not isinstance(token, str):  # a card or a rank: a word's part, never broken
            words[-1].append(token)
            continue
        pieces = token.split(" ")
        for n, piece in enumerate(pieces):
            if n:
                words.append([])
            if piece:
                words[-1].append(piece)
    return [word for word in words if word]


def _joined(tokens: list[Token]) -> list[Token]:
    """Neighbouring strings joined into one, so a wrapped line has as few tokens as the original."""
    out: list[Token] = []
    for token in tokens:
        if isinstance(token, str) and out and isinstance(out[-1], str):
            out[-1] = out[-1] + token
        else:
            out.append(token)
    return out
