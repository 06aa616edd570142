"""The languages the game speaks, by name: ``foursquare help languages`` and what ``--remember`` says it kept.

Each language is named in its own words (``slovenčina``), as a player looking
for theirs reads it; English and the pseudo-language are named in the
language in use.
"""

from __future__ import annotations

from foursquare.words.catalog import SOURCE, _, available, language, pgettext

__all__ = ["PSEUDO", "language_lines", "name"]

PSEUDO = "en-XA"
"""The pseudo-language: every message accented and longer, to show what is not translated or has no room."""
ENDONYMS = {"sk": "slovenčina", "tl": "Tagalog", "mn": "монгол", "fil": "Filipino"}
"""Each language's name in itself."""


def name(code: str) -> str:
    """The name of the language ``code``, as a player looks for it."""
    if code == SOURCE:
        return pgettext("language", "English")
    if code == PSEUDO:
        return _("pseudo-English, to test the translations")
    return ENDONYMS.get(code, code)


def language_lines() -> list[str]:
    """``foursquare help languages``: every language there is, the one in use marked."""
    codes = available()
    width = max(map(len, codes))
    lines = [_("Languages (foursquare --lang CODE speaks one, --lang CODE --remember keeps it):")]
    for code in codes:
        mark = "*" if code == language() else " "
        lines.append(f"{mark} {code:<{width}}  {name(code)}")
    return lines
