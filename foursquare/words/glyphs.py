"""The characters the game draws with, in two sets: Unicode and the ASCII any terminal can show.

Suits, card frames, marks, meters, bars and chart blocks are chosen here, so
that whether a terminal, a pipe or a file can show them is decided once
(:func:`can_encode`, :data:`SAMPLE`) and every front end falls back to the
same ASCII forms (:func:`to_ascii`).
"""

from __future__ import annotations

import locale
import unicodedata

from foursquare.engine.values import Value
from foursquare.words.catalog import N_, _

__all__ = [
    "ASCII",
    "ASCII_CHART",
    "ASCII_EIGHTHS",
    "EIGHTHS",
    "FLIP_MARK",
    "HEIGHTS",
    "MARK",
    "NEW_PILE",
    "ON_A_PILE",
    "SAMPLE",
    "SUITS",
    "TIP_MARK",
    "UNICODE",
    "UNICODE_CHART",
    "Frame",
    "Glyphs",
    "can_encode",
    "flip_mark",
    "glyphs",
    "locale_codeset",
    "tip_mark",
    "to_ascii",
]


class Frame(Value):
    """Box-drawing glyphs: corners top-left, top-right, bottom-left, bottom-right, then edges."""

    tl: str
    tr: str
    bl: str
    br: str
    h: str
    v: str


class Glyphs(Value):
    """One set of the table's glyphs: suits C D H S, frames, the back of a card, marks and meter boxes."""

    suits: dict[str, str]
    card: Frame
    flipped: Frame
    cursor: Frame
    slot: Frame
    banner: Frame
    back: str
    pip: str
    mark_left: str
    mark_right: str
    mark_bad: str
    meter_on: str
    meter_off: str
    bar: str
    """The block of a bar chart or a progress bar."""
    bar_off: str
    """The unfilled part of a progress bar."""


def _frame(glyphs: str) -> Frame:
    tl, tr, bl, br, h, v = list(glyphs)
    return Frame(tl, tr, bl, br, h, v)


def _glyphs(suits: str, frames: tuple[str, str, str, str, str], singles: str) -> Glyphs:
    """Glyphs from compact strings: suits C D H S; card, flipped, cursor, slot and banner frames;
    then back, pip, cursor marks left/right/forbidden, meter on/off and bar on/off."""
    card, flipped, cursor, slot, banner = (_frame(f) for f in frames)
    back, pip, left, right, bad, on, off, bar, bar_off = list(singles)
    return Glyphs(
        dict(zip("CDHS", suits, strict=True)), card, flipped, cursor, slot, banner,
        back, pip, left, right, bad, on, off, bar, bar_off,
    )  # fmt: skip


# Translators: at most 5 columns, written into the top edge of a card's frame
TIP_MARK = N_("★tip★")
"""Written into the top edge of the marked cell's frame (``*tip*`` in ASCII): fits the smallest card (said
through ``_``, as :func:`tip_mark` says it)."""
# Translators: at most 5 columns, written into the top edge of a card's frame
FLIP_MARK = N_("flips")
"""Written into the top edge of each card the preview says would be turned over: fits the smallest card (said
through ``_``, as :func:`flip_mark` says it)."""


def tip_mark() -> str:
    """:data:`TIP_MARK` in the language in use, never wider than the smallest card's edge."""
    return _(TIP_MARK)[:5]


def flip_mark() -> str:
    """:data:`FLIP_MARK` in the language in use, never wider than the smallest card's edge."""
    return _(FLIP_MARK)[:5]


MARK = "▶ "
"""Before the line chosen on a page that picks one (``> `` in ASCII)."""
NEW_PILE = "+"
"""In the outcome a cell shows (``o``): the next card there starts a new pile."""
ON_A_PILE = "▲"
"""In the outcome a cell shows (``o``): the next card there goes on top of a pile (``^`` in ASCII)."""
HEIGHTS = " ²³⁴"
"""After a top card in the small tables of the review and practice, by the cards its pile holds (1 to 4):
none for one card, a small figure for more (the figure itself in ASCII), so that a full pile shows."""

SUITS, _FRAMES, _SINGLES = "♣♦♥♠", ("╭╮╰╯─│", "╔╗╚╝═║", "┏┓┗┛━┃", "┌┐└┘╌╎", "╔╗╚╝═║"), "▒●▶◀✕■□█░"
UNICODE = _glyphs(SUITS, _FRAMES, _SINGLES)
ASCII = _glyphs("CDHS", ("++++-|", "******", "####=#", "..'' :", "++++=|"), "%o><x#-#-")

UNICODE_CHART = ("██", "│", "┤", "└", "─")
"""The statistics chart's bar, axis side, tick, corner and rule."""
ASCII_CHART = ("##", "|", "+", "+", "-")
EIGHTHS = " ▁▂▃▄▅▆▇█"
"""A column of a chart filled in eighths of a row."""
ASCII_EIGHTHS = "    #####"
"""The same in ASCII, to the nearest row: ASCII has no eighths."""


class _AsciiForms(dict[int, str]):
    """Each character as the game writes it in ASCII, one for one: its own form, else the letter without its
    accents (č as c, ś as s: a word in another language stays readable), else the character itself, which
    then becomes ``?``.  Worked out the first time a character is met."""

    def __missing__(self, code: int) -> str:
        char = chr(code)
        bare = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
        form = self[code] = bare if len(bare) == 1 and bare.isascii() else char
        return form


_TO_ASCII = _AsciiForms(
    str.maketrans(
        {
            "←": "<", "→": ">", "↑": "^", "↓": "v", "×": "x", "·": "-", "–": "-", "—": "-", "−": "-",
            "♣": "C", "♦": "D", "♥": "H", "♠": "S", "★": "*", "▶": ">", "█": "#", "░": "-", "─": "-",
            "▲": "^", "²": "2", "³": "3", "⁴": "4",
        }
    )
)  # fmt: skip
_WIDER = str.maketrans({"…": "...", "±": "+/-"})
"""The forms wider than their character: in full in a line of its own; on a screen laid out in columns, in the
room of the characters around them (:func:`to_ascii`)."""

SAMPLE = "".join(
    dict.fromkeys(
        SUITS + "".join(_FRAMES) + _SINGLES + TIP_MARK + MARK.strip() + "".join(UNICODE_CHART) + EIGHTHS.strip()
        + ON_A_PILE + HEIGHTS.strip() + "→←×…·–"
    )
)  # fmt: skip
"""Every character beyond ASCII the game may show: where one cannot be shown, everything is drawn in ASCII."""


def glyphs(ascii: bool) -> Glyphs:
    """The glyph set to draw with."""
    return ASCII if ascii else UNICODE


def to_ascii(text: str, *, as_wide: bool = False) -> str:
    """``text`` with every character a plain terminal can show: the game's ASCII forms, others as ``?``.

    ``as_wide`` keeps its width, as a screen laid out in columns needs: an
    ellipsis, three dots in ASCII, then takes the place of the two
    characters before it as well as its own, and ``±``, ``+/-``, the place
    of the spaces around it (``+-`` where a row has a space on one side
    only).
    """
    if as_wide:
        if "…" in text:
            *befores, after = text.split("…")
            text = "".join(map(_dots_in_place, befores)) + after
        if "±" in text:  # in the room of a space beside it, where a row's end or start leaves only one
            text = text.replace(" ± ", "+/-").replace("± ", "+-").replace(" ±", "+-")
    else:
        text = text.translate(_WIDER)
    return text.translate(_TO_ASCII).encode("ascii", "replace").decode("ascii")


def _dots_in_place(before: str) -> str:
    """The text before an ellipsis, and the ellipsis, as wide as they were with three dots for it."""
    kept = len(before) - 2
    return before[:kept] + "..." if kept >= 0 else "." * (len(before) + 1)


def can_encode(text: str, encoding: str | None) -> bool:
    """Whether ``text`` can be written in ``encoding`` (an unknown or missing one counts as ASCII)."""
    try:
        text.encode(encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def locale_codeset() -> str:
    """The character set of the locale set with ``setlocale``: what the terminal is told to show.

    Asked of ``nl_langinfo(CODESET)``, since Python's own encodings claim
    UTF-8 under ``LC_ALL=C`` while the terminal gets ASCII.
    """
    langinfo = getattr(locale, "nl_langinfo", None)
    return langinfo(locale.CODESET) if langinfo is not None else locale.getpreferredencoding(False)
