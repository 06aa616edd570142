"""Typed lines in, plain lines out: the loop that plain mode and ``foursquare practice --plain`` share.

Both read one answer a line and print what it brings, so both must treat the
input alike: a ``>`` prompt at a terminal, each line echoed after ``>`` when
it comes from a pipe or a file (so a transcript reads the same), Ctrl-D
after some typing taken as that line, a line longer than any command
refused whole (``/dev/zero`` has no line end at all), and suits drawn only
where the output can show them.  It sits with the session, below both ways
in, as :class:`~foursquare.session.practice.PracticeLines` does.
"""

from __future__ import annotations

import contextlib
import io
import locale
import os
import sys
from collections.abc import Callable, Mapping
from typing import BinaryIO, NamedTuple, TextIO

from foursquare.session.columns import terminal_columns
from foursquare.words.cards import Spelling
from foursquare.words.glyphs import SUITS, can_encode, locale_codeset
from foursquare.words.plain import Unusable
from foursquare.words.quote import shown
from foursquare.words.text import to_terminal

__all__ = ["MAX_LINE_BYTES", "Typed", "printer", "read_line", "read_lines", "shows", "spelling_for", "use_locale"]

MAX_LINE_BYTES = 4096
"""A longer line is refused whole, not read in pieces as several commands."""


def spelling_for(sink: TextIO, *, ascii: bool, words: bool, real: bool) -> Spelling:
    """How to spell cards on ``sink``: in ASCII when asked, or when the output cannot show suits.

    For the ``real`` output (the process's own, not a test's) the locale
    counts too: under ``LC_ALL=C`` Python still writes UTF-8, but the
    terminal shows ASCII.  A character the output cannot show comes out as
    ``?`` rather than stopping the program.
    """
    if isinstance(sink, io.TextIOWrapper):
        sink.reconfigure(errors="replace")
    return Spelling(words=words, ascii=ascii or not shows(SUITS, sink, real=real))


def shows(text: str, sink: TextIO, *, real: bool) -> bool:
    """Whether ``text`` written to ``sink`` reaches its reader as itself: what every front end that prints
    (plain mode, ``review``, ``stats``, ``help``) asks before choosing Unicode over ASCII.

    ``sink``'s encoding must have the characters; for the ``real`` output
    (the process's own) the locale's character set must too, since under
    ``LC_ALL=C`` Python still writes UTF-8 while the terminal shows ASCII.
    Windows has no such locale: its console takes any character and a pipe
    gets UTF-8 (see :func:`foursquare.cli.main`), so the encoding says it all.
    """
    charsets = [getattr(sink, "encoding", None)]
    if real and sys.platform != "win32":
        use_locale()
        charsets.append(locale_codeset())
    return all(can_encode(text, charset) for charset in charsets)


def use_locale(environ: Mapping[str, str] = os.environ) -> None:
    """The environment's locale, for the terminal's character set; where that locale is not installed on this
    machine (``LANG=sk_SK.UTF-8`` on one that has only English), the character set it names all the same, so
    that a player whose language the system lacks still sees suits and letters, not ASCII.  Never fails: at
    worst the ``C`` locale stays, which shows ASCII."""
    try:
        locale.setlocale(locale.LC_ALL, "")
        return
    except locale.Error:
        pass
    named = next((environ[v] for v in ("LC_ALL", "LC_CTYPE", "LANG") if environ.get(v)), "")
    if "utf" not in named.lower().replace("-", ""):
        return
    for utf8 in ("C.UTF-8", "C.utf8", "en_US.UTF-8", "UTF-8"):
        with contextlib.suppress(locale.Error):
            locale.setlocale(locale.LC_CTYPE, utf8)
            return


class Typed(NamedTuple):
    """A line read: its text without its end, whether it had an end (Ctrl-D ends one without), and whether
    it is longer than any command (its end not reached within :data:`MAX_LINE_BYTES`)."""

    text: str
    ended: bool
    too_long: bool


def read_line(source: BinaryIO) -> Typed | None:
    """The next line, or None at the end of input.

    At most :data:`MAX_LINE_BYTES` bytes and one more are read, so a line
    too long to be a command is known without reading on, however its
    characters are encoded.
    """
    raw = source.readline(MAX_LINE_BYTES + 1)
    if not raw:
        return None
    ended = raw.endswith(b"\n")
    return Typed(raw.decode("utf-8", "replace").rstrip("\r\n"), ended, not ended and len(raw) > MAX_LINE_BYTES)


def printer(sink: TextIO, spell: Spelling, *, real: bool = False) -> Callable[[str], None]:
    """A function printing one line to ``sink``, spelled for it, at once (a pipe's reader sees each answer).

    On the ``real`` output when it is a terminal, a line wider than the
    terminal is broken between words, its indent kept, where the terminal
    would break it mid-word; anywhere else (a pipe, a file) each line is
    whole, as a script reads it.
    """
    width = terminal_columns() if real and sink.isatty() else None

    def out(line: str) -> None:
        said = spell.line(line)
        said = "\n".join(to_terminal([said], width))
        sink.write(said + "\n")
        sink.flush()

    return out


def read_lines(
    source: BinaryIO,
    sink: TextIO,
    out: Callable[[str], None],
    *,
    going: Callable[[], bool],
    handle: Callable[[str], None],
    end: Callable[[], None],
) -> int:
    """Hand each line of ``source`` to ``handle`` while ``going()``; the exit status.

    At the end of input, or after a line too long to be a command (which is
    refused, and nothing after it read), ``end()`` winds up (it saves, or
    says the round is over).  ``out`` prints a line; ``sink`` takes the
    prompt, which has no line end.
    """
    interactive = source.isatty()
    while going():
        if interactive:
            sink.write("> ")
            sink.flush()
        read = read_line(source)
        if read is None:
            if interactive:  # the answer starts below the prompt Ctrl-D left
                out("")
            end()
            return 0
        if interactive and not read.ended:  # Ctrl-D after some typing: the answer starts on a line of its own
            out("")
        if not interactive:
            out(f"> {shown(read.text, 80)}")
        if read.too_long:
            out(Unusable.TOO_LONG.say(limit=MAX_LINE_BYTES))  # no command is that long: the input is no script
            end()
            return 1
        handle(read.text)
    return 0
