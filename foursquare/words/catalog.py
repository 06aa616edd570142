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

import gettext as _gettext
from pathlib import Path

__all__ = ["DOMAIN", "N_", "_", "language", "ngettext", "npgettext", "pgettext", "use"]

DOMAIN = "foursquare"
"""The catalogs' name: ``foursquare.pot`` is the template, ``foursquare.mo`` each language's compiled catalog."""


class _State:
    """The language chosen and its catalog once loaded; one per process, as gettext's own is."""

    code = "en"
    catalog: _gettext.NullTranslations | None = None


def use(code: str) -> None:
    """Speak ``code`` (``sk``, ``en-XA``, ``en``) from now on; its catalog is read when first needed."""
    _State.code = code
    _State.catalog = None


def language() -> str:
    """The code of the language in use."""
    return _State.code


def _catalog() -> _gettext.NullTranslations:
    if _State.catalog is None:
        _State.catalog = _load(_State.code)
    return _State.catalog


def _load(code: str) -> _gettext.NullTranslations:
    """The compiled catalog of ``code`` in the package, or none (English, the source) where it has none."""
    if code == "en":
        return _gettext.NullTranslations()
    from importlib import resources  # only for a language other than English: it loads tempfile, slow to start

    folder = Path(str(resources.files("foursquare.words") / "locale"))
    return _gettext.translation(DOMAIN, folder, languages=[code.replace("-", "_")], fallback=True)


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
