"""Listing words as the language in use lists them (``a, b and c``), and a sentence's first capital.

A list's joints are catalog messages (``{first} and {second}``), so that a
language puts its own word and comma there.  A sentence that counts is a
whole message through ``ngettext``: nothing here adds an English plural.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from foursquare.words.catalog import _, pgettext

__all__ = ["Template", "and_list", "capitalized", "counted_list"]


def and_list(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``: a list as the language in use joins one (its last ``and`` too)."""
    if len(items) < 2:
        return "".join(items)
    if len(items) == 2:
        return pgettext("a list of two", "{first} and {second}").format(first=items[0], second=items[1])
    said = items[-1]
    for n, item in enumerate(reversed(items[:-1])):
        if n == 0:
            said = pgettext("a list's last two", "{rest} and {last}").format(rest=item, last=said)
        else:
            said = pgettext("a list's items before its last two", "{first}, {rest}").format(first=item, rest=said)
    return said


def counted_list(items: Sequence[str]) -> str:
    """``2 take-backs, 1 tip``: counts of things, listed as the language in use lists them."""
    said = items[-1] if items else ""
    for item in reversed(items[:-1]):
        said = pgettext("a list of counts", "{first}, {rest}").format(first=item, rest=said)
    return said


def capitalized(text: str) -> str:
    """``text`` with its first letter a capital, as a sentence begins."""
    return text[:1].upper() + text[1:]


class Template(Enum):
    """A family of sentences: each member names what is said, and its value is how, with ``{fields}`` to fill.

    Keeping the wording as the member's value puts each sentence beside its
    name, in one place, for a translation to take whole: each value is marked
    with ``N_`` for the catalog and said in the language in use.
    """

    def say(self, **fields: object) -> str:
        """The sentence in the language in use, with its fields filled in."""
        return _(str(self.value)).format(**fields)
