"""What a user typed, shown back safely: control characters in caret notation (``^@``, ``^[``) or as ``?``,
long text cut with ``…``.

Echoing input whole would let a stray escape sequence repaint the terminal,
and a 4,000-digit number fill it; every line that names what was typed
quotes it through here.
"""

from __future__ import annotations

__all__ = ["LIMIT", "quoted", "shown"]

LIMIT = 24
"""How many characters of typed text are shown before it is cut."""


def shown(text: str, limit: int = LIMIT) -> str:
    """``text`` with control characters as a terminal shows them typed (``^@``, ``^[``; others ``?``) and,
    past ``limit`` characters, cut with ``…``.

    A lone ``?`` would read as the help command when a line held only a NUL.
    """
    clean = "".join(_visible(ch) for ch in text)
    return clean if len(clean) <= limit else clean[: limit - 1] + "…"


def _visible(ch: str) -> str:
    if ch.isprintable():
        return ch
    code = ord(ch)
    if code < 0x20 or code == 0x7F:
        return "^" + chr(code ^ 0x40)  # caret notation: NUL ^@, ESC ^[, DEL ^?
    return "?"


def quoted(text: str, limit: int = LIMIT) -> str:
    """:func:`shown` between quotes, as Python would quote it (``'abc'``), for naming an argument."""
    return repr(shown(text, limit))
