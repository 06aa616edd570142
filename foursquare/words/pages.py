"""The help pages: the rules, the screen, plain mode, the expert, strategy, the review, the data folder, the JSON.

Markdown files inside the package (``foursquare/words/help/``), so that
``foursquare help TOPIC`` prints them on any installation and the README can
link to each by its path.  Each page's first line is its title.

A page is written whole in each language that has it, in a folder named by
the language's code (``help/sk/rules.md``), not assembled from translated
sentences: a language reorders and rewords a page as its readers expect.  A
topic not yet written in a language is shown in English, and the page says so
(:attr:`Page.in_english`), so that the caller can tell the player in one line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources

from foursquare.words.catalog import N_, _
from foursquare.words.quote import quoted

__all__ = [
    "LANGUAGES",
    "LANGUAGES_LINE",
    "LIST_HEADING",
    "TOPICS",
    "Page",
    "folder_of",
    "no_such_topic",
    "not_translated",
    "page",
    "title",
    "topic_of",
]

TOPICS = ("rules", "screen", "plain", "expert", "strategy", "review", "data", "json")
"""Every topic, in the order the list of topics gives them."""

_ENGLISH = "en"
"""The language the pages are first written in; its pages are ``help/TOPIC.md`` (the README links them)."""

_ALIASES = {"fil": "tl"}
"""Codes whose pages are another code's: Filipino is read from Tagalog's pages, the language it is based on."""

_NO_LANGUAGE = {"", "c", "posix"}
"""What a locale says when it names no language: English, as when nothing is set."""

_CODE = re.compile(r"[a-z]{2,3}")
"""A language's code (ISO 639), the part of a locale's name before its country and encoding."""


@dataclass(frozen=True)
class Page:
    """A page of the help as shown: its Markdown, and the language it is in, English when the one asked for has
    none yet."""

    text: str
    language: str
    """The folder the page came from: ``sk``, ``tl``, ``mn``, or ``en`` for the English page."""
    in_english: bool
    """The English page stands in for a language that has no page on this topic yet."""


def folder_of(code: str) -> str:
    """The folder of a language's pages: ``sk`` for ``sk``, ``sk_SK``, ``sk-SK`` or ``sk_SK.UTF-8``; ``tl`` for
    ``fil``; ``en`` for English, for a locale that names no language (``C``, ``POSIX``) and for anything that is
    no language code."""
    base = re.split(r"[_\-.@]", code.strip().lower(), maxsplit=1)[0]
    if base in _NO_LANGUAGE or not _CODE.fullmatch(base):
        return _ENGLISH
    return _ALIASES.get(base, base)


def page(topic: str, language: str = _ENGLISH) -> Page:
    """The page of ``topic`` (one of :data:`TOPICS`) in ``language`` (a code or locale name, see
    :func:`folder_of`), as Markdown: the English page, marked :attr:`~Page.in_english`, where that language
    has none yet."""
    if topic not in TOPICS:
        raise KeyError(topic)
    folder = folder_of(language)
    pages = resources.files("foursquare.words") / "help"
    translated = pages / folder / f"{topic}.md"
    if folder != _ENGLISH and translated.is_file():
        return Page(translated.read_text(encoding="utf-8"), folder, in_english=False)
    english = (pages / f"{topic}.md").read_text(encoding="utf-8")
    return Page(english, _ENGLISH, in_english=folder != _ENGLISH)


def title(topic: str, language: str = _ENGLISH) -> str:
    """The page's title in ``language`` (in English where the page is not yet translated): its first line,
    without the ``#``."""
    return page(topic, language).text.splitlines()[0].lstrip("# ").strip()


def not_translated() -> str:
    """The line said before a page shown in English because the player's language has no page on it yet."""
    return _("This page is not yet translated: here it is in English.")


LANGUAGES = "languages"
"""``foursquare help languages``: not a page but the list of languages the game speaks."""


LIST_HEADING = N_("Topics (foursquare help TOPIC prints one):")
LANGUAGES_LINE = N_("foursquare help languages lists the languages Foursquare speaks.")


def topic_of(typed: str) -> str | None:
    """The topic ``typed`` names (any case, spaces around), None if it names none."""
    topic = typed.strip().lower()
    return topic if topic in TOPICS else None


def no_such_topic(typed: str, *, sentence: bool = False) -> str:
    """Why there is no page for ``typed`` (as the player typed it), with the nearest topic if one is near;
    ``sentence``: as a sentence of its own (plain mode's line), not after the command's name."""
    import difflib  # only for a topic mistyped

    topics = ", ".join(TOPICS)
    close = difflib.get_close_matches(typed.strip().lower(), TOPICS, n=1)
    fields = {"typed": quoted(typed), "nearest": close[0] if close else "", "topics": topics}
    if sentence:
        if close:
            return _("No help on {typed}: did you mean {nearest!r}? the topics are {topics}.").format(**fields)
        return _("No help on {typed}: the topics are {topics}.").format(**fields)
    if close:
        return _("no help on {typed}: did you mean {nearest!r}? the topics are {topics}").format(**fields)
    return _("no help on {typed}: the topics are {topics}").format(**fields)
