"""The language the game speaks: whole sentences looked up in a gettext catalog, English when there is none.

Every sentence a player reads is written in the code as one whole English
message with named placeholders (``_("Deal {deal}: place {card}")``), and
looked up here at the moment it is said, so that a translator can move the
placeholders and reword the sentence as the language needs.  Plurals are whole
sentences too (:func:`ngettext`), so a language with three forms has three.

The calls are named as gettext names them (``_``, ``ngettext``, ``pgettext``,
``npgettext``, ``N_``) so that Babel's extractor finds every message with its
default keywords.  The catalogs are compiled ``.mo`` files inside the package
(``locale/CODE/LC_MESSAGES/foursquare.mo``), read with the standard library's
:mod:`gettext` and only for the one language in use, loaded the first time a
sentence is asked for: a command that says nothing loads none.
"""

from __future__ import annotations

import contextlib
import gettext as _gettext
import os
from collections.abc import Mapping
from pathlib import Path

__all__ = [
    "ALIASES",
    "DOMAIN",
    "ENVIRONMENT",
    "N_",
    "SOURCE",
    "_",
    "available",
    "from_environment",
    "known",
    "language",
    "ngettext",
    "npgettext",
    "pgettext",
    "use",
]

DOMAIN = "foursquare"
"""The catalogs' name: ``foursquare.pot`` is the template, ``foursquare.mo`` each language's compiled catalog."""


SOURCE = "en"
"""The language the messages are written in: it has no catalog."""
ALIASES = {"fil": "tl"}
"""Codes that name a language the game has under another code (Filipino is spoken with Tagalog's catalog)."""
ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""The variables that name the player's language, in the order gettext reads them."""


class _State:
    """The language chosen and its catalog once loaded; one per process, as gettext's own is."""

    code: str | None = None
    """None: not chosen on the command line, so the remembered setting, else the environment, the first time
    a sentence is asked for."""
    catalog: _gettext.NullTranslations | None = None


def use(code: str | None) -> None:
    """Speak ``code`` (``sk``, ``en-XA``, ``en``, one :func:`known` gives) from now on; None: the language
    remembered (``foursquare --lang CODE --remember``), else the environment's.  Nothing is read until a
    sentence is first asked for."""
    _State.code = code
    _State.catalog = None


def language() -> str:
    """The code of the language in use."""
    if _State.code is None:
        from foursquare.storage.language import remembered  # only where no --lang was given

        _State.code = known(remembered() or "") or from_environment(os.environ)
    return _State.code


def _folder() -> Path:
    """Where the compiled catalogs are, beside this module (found without :mod:`importlib.resources`, whose
    import of :mod:`tempfile` and :mod:`typing` would weigh on every quick command's start)."""
    return Path(__file__).resolve().parent / "locale"


def available() -> tuple[str, ...]:
    """Every language the game speaks: English, then each one with a compiled catalog or help pages of its own
    in the package (a language whose pages are written before its catalog reads them, its sentences in English
    until the catalog comes)."""
    words = Path(__file__).resolve().parent
    found = set()
    with contextlib.suppress(OSError):  # no catalogs at all: English only
        found |= {p.name for p in (words / "locale").iterdir() if (p / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file()}
    with contextlib.suppress(OSError):
        found |= {p.name for p in (words / "help").iterdir() if p.is_dir() and any(p.glob("*.md"))}
    return (SOURCE, *sorted(code.replace("_", "-") for code in found))


def known(typed: str) -> str | None:
    """The language ``typed`` names (``sk``, ``sk_SK.UTF-8``, ``en_xa``, ``fil``), as :func:`available` spells
    it; None for one the game does not speak, or nothing typed.  A region the game has not (``sk-SK``) is its
    language; ``C`` and ``POSIX`` are English, as gettext reads them."""
    code = typed.split(".")[0].split("@")[0].strip().replace("_", "-")
    if code in ("C", "POSIX"):
        return SOURCE
    if not code:
        return None
    spoken = {c.lower(): c for c in available()}
    for candidate in (code, code.split("-")[0]):
        candidate = ALIASES.get(candidate.lower(), candidate.lower())
        if candidate in spoken:
            return spoken[candidate]
    return None


def from_environment(environ: Mapping[str, str]) -> str:
    """The language the environment names, as gettext reads it: the first of :data:`ENVIRONMENT` that is set
    (``LANGUAGE`` a list, ``sk:cs``), its first language the game speaks; English where none.  The locale
    need not be installed: only its name is read."""
    for variable in ENVIRONMENT:
        value = environ.get(variable)
        if value:
            for part in value.split(":"):
                code = known(part)
                if code is not None:
                    return code
            break
    return SOURCE


def _catalog() -> _gettext.NullTranslations:
    if _State.catalog is None:
        _State.catalog = _load(language())
    return _State.catalog


def _load(code: str) -> _gettext.NullTranslations:
    """The compiled catalog of ``code`` in the package, or none (English, the source) where it has none."""
    if code == SOURCE:
        return _gettext.NullTranslations()
    return _gettext.translation(DOMAIN, _folder(), languages=[code.replace("-", "_")], fallback=True)


def _(message: str) -> str:
    """``message`` (a whole English sentence) in the language in use."""
    return _catalog().gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a whole sentence that agrees with ``count``: English has two, Slovak three."""
    return _catalog().ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` where the same English means two things (``context`` tells the translator which)."""
    return _catalog().pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, count: int) -> str:
    """:func:`ngettext` with a ``context``, as :func:`pgettext`."""
    return _catalog().npgettext(context, singular, plural, count)


def N_(message: str) -> str:
    """``message`` marked for the catalog but said later (a constant): say it through :func:`_` when used.

    (gettext's own name, which the extractor looks for.)
    """
    return message
