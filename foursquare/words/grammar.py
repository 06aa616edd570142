"""Counting and listing in English, in one place: ``1 card``, ``3 cards``, ``a, b and c``.

Every count the game says goes through :func:`plural`, and every list of
words through :func:`and_list`, so that a translation has one place to
change each rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from foursquare.words.catalog import _

__all__ = ["Template", "and_list", "capitalized", "plural", "rank_article"]

_IRREGULAR = {"inaccuracy": "inaccuracies", "six": "sixes"}


def plural(count: int, word: str, plural_form: str | None = None) -> str:
    """``1 card``, ``3 cards``, ``2 inaccuracies``: the count and the word that agrees with it."""
    if count == 1:
        return f"{count} {word}"
    return f"{count} {plural_form or _IRREGULAR.get(word) or word + 's'}"


def and_list(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return " and ".join([", ".join(items[:-1]), items[-1]]) if len(items) > 1 else "".join(items)


def capitalized(text: str) -> str:
    """``text`` with its first letter a capital, as a sentence begins."""
    return text[:1].upper() + text[1:]


def rank_article(rank_text: str) -> str:
    """``a`` or ``an`` before a rank: ``an`` for A and 8, read (or spelled) ace and eight."""
    return "an" if rank_text in ("A", "8") else "a"


class Template(Enum):
    """A family of sentences: each member names what is said, and its value is how, with ``{fields}`` to fill.

    Keeping the wording as the member's value puts each sentence beside its
    name, in one place, for a translation to take whole: each value is marked
    with ``N_`` for the catalog and said in the language in use.
    """

    def say(self, **fields: object) -> str:
        """The sentence in the language in use, with its fields filled in."""
        return _(str(self.value)).format(**fields)
