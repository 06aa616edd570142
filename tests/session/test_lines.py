"""The line reader plain mode and ``foursquare practice --plain`` share: one way to read what is typed."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest
from helpers import ShownAt, TypedAt

from foursquare.session import lines
from foursquare.session.lines import MAX_LINE_BYTES, Typed, printer, read_line, read_lines, shows
from foursquare.words.cards import Spelling


def run(source: io.BytesIO, *, stop_after: int = 99) -> tuple[int, list[str], list[str], str]:
    """:func:`read_lines` over ``source``: the status, the lines handled, the lines printed and what the sink got."""
    sink = io.StringIO()
    handled: list[str] = []
    printed: list[str] = []

    def out(line: str) -> None:
        printed.append(line)
        sink.write(line + "\n")

    status = read_lines(
        source,
        sink,
        out,
        going=lambda: len(handled) < stop_after,
        handle=handled.append,
        end=lambda: printed.append("(end)"),
    )
    return status, handled, printed, sink.getvalue()


def test_a_line_is_its_text_and_whether_it_ended() -> None:
    source = io.BytesIO(b"d4\r\nab")
    assert read_line(source) == Typed("d4", True, False)
    assert read_line(source) == Typed("ab", False, False)
    assert read_line(source) is None


def test_a_line_too_long_is_known_by_its_bytes_whatever_its_characters() -> None:
    wide = "é" * MAX_LINE_BYTES  # two bytes each: half as many characters as the limit in bytes would take
    read = read_line(io.BytesIO(wide.encode() + b"\nd4\n"))
    assert read is not None and read.too_long and not read.ended
    exactly = read_line(io.BytesIO(b"z" * MAX_LINE_BYTES + b"\n"))
    assert exactly is not None and not exactly.too_long


def test_from_a_pipe_each_line_is_echoed_and_the_end_of_input_winds_up() -> None:
    status, handled, printed, _ = run(io.BytesIO(b"d4\nq"))
    assert (status, handled) == (0, ["d4", "q"])
    assert printed == ["> d4", "> q", "(end)"]


def test_at_a_terminal_a_prompt_waits_and_ctrl_d_after_typing_starts_the_answer_below() -> None:
    status, handled, printed, sink = run(TypedAt(b"ab"))
    assert (status, handled) == (0, ["ab"])
    assert sink.startswith("> \n")  # the prompt, then a line end before any answer
    assert printed == ["", "", "(end)"]  # below "> ab", then below the next prompt at the end of input


def test_a_line_longer_than_any_command_is_refused_and_nothing_after_it_is_read() -> None:
    status, handled, printed, _ = run(io.BytesIO(b"d4\n" + "é".encode() * MAX_LINE_BYTES + b"\nd3\n"))
    assert (status, handled) == (1, ["d4"])
    assert printed[-2].startswith("That line is too long to be a command") and printed[-1] == "(end)"


def test_reading_stops_once_the_reader_is_done() -> None:
    source = io.BytesIO(b"a\nb\nc\n")
    assert run(source, stop_after=2)[:2] == (0, ["a", "b"])
    assert source.read() == b"c\n"  # not read ahead


def test_the_plain_help_page_gives_the_longest_line_read() -> None:
    page = (Path(__file__).resolve().parents[2] / "foursquare/words/help/plain.md").read_text(encoding="utf-8")
    assert f"({MAX_LINE_BYTES} characters)" in page


def test_at_a_terminal_a_line_wider_than_it_is_broken_between_words_and_through_a_pipe_kept_whole(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("COLUMNS", "30")
    line = "  d9: not a cell: columns go from a to g and rows from 1 to 7"
    terminal, pipe = ShownAt(), io.StringIO()
    printer(terminal, Spelling(), real=True)(line)
    printer(pipe, Spelling(), real=True)(line)
    printer(terminal, Spelling(), real=False)("a test's own output is never broken, however long it is")
    shown = terminal.getvalue().splitlines()
    assert max(map(len, shown[:-1])) <= 30 and all(row.startswith("  ") for row in shown[:-1])
    assert " ".join(" ".join(shown[:-1]).split()) == line.strip()
    assert shown[-1] == "a test's own output is never broken, however long it is"
    assert pipe.getvalue() == line + "\n"


def test_what_an_output_shows_is_asked_of_its_encoding_and_for_the_real_one_of_the_locale(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    utf8, ascii_only = (io.TextIOWrapper(io.BytesIO(), encoding=name) for name in ("utf-8", "ascii"))
    assert shows("♣ ╭─╮", utf8, real=False) and not shows("♣", ascii_only, real=False)
    monkeypatch.setattr(lines, "locale_codeset", lambda: "ANSI_X3.4-1968")  # LC_ALL=C: the terminal shows ASCII
    assert shows("♣", utf8, real=False)  # a test's own stream: the locale is not asked
    assert shows("♣", utf8, real=True) is (sys.platform == "win32")  # Windows: no locale's charset to ask
    assert shows("plain words", utf8, real=True)
