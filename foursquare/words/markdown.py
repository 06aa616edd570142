"""The help pages as a terminal shows them: Markdown's marks taken out, its tables laid out to fit the width.

The pages are Markdown so that the README can link to them; printed as they
are, a terminal shows ``**`` and ``#`` and wraps a table's long rows into a
tangle.  Text in, text out: the way in measures the terminal.
"""

from __future__ import annotations

import re
import textwrap

__all__ = ["DEFAULT_WIDTH", "rendered"]

DEFAULT_WIDTH = 80
"""The width of a terminal that cannot be measured."""

_GAP = "  "
"""Between a table's aligned columns."""

_HEADING = re.compile(r"(#+) +(.*?)[ #]*$")
_CODE = re.compile(r"(`+)(.+?)\1", re.DOTALL)
_STRONG = re.compile(r"\*\*(.+?)\*\*", re.DOTALL)
_EMPHASIS = re.compile(r"(?<![\w*])\*(?=\S)(.+?)(?<=\S)\*(?![\w*])", re.DOTALL)
_BULLET = re.compile(r" *(?:[-*+]|[0-9]+[.)]) ")
_CELL_EDGE = re.compile(r"(?<!\\)\|")
_SEPARATOR = re.compile(r"\|?(?: *:?-+:? *\|)*(?: *:?-+:? *)\|? *")


def rendered(markdown: str, width: int = DEFAULT_WIDTH, *, spoken: bool = False) -> str:
    """``markdown`` (a help page) as plain text in lines of at most ``width`` columns, but for a word or a
    line of code longer than that.

    ``spoken`` (for a screen reader, which reads a rule of dashes or a row of aligned columns as a run of
    marks): headings without their rule, and every table as a block for each row.
    """
    lines = markdown.splitlines()
    out: list[str] = []
    n = 0
    while n < len(lines):
        end = n + 1
        if lines[n].startswith("```"):  # kept to the letter, the fences dropped
            end = next((m for m in range(n + 1, len(lines)) if lines[m].startswith("```")), len(lines))
            out += lines[n + 1 : end]
            end += 1
        elif lines[n].startswith("|"):
            end = next((m for m in range(n, len(lines)) if not lines[m].startswith("|")), len(lines))
            out += _table(lines[n:end], width, spoken=spoken)
        elif (heading := _HEADING.fullmatch(lines[n])) is not None:
            out += _heading(heading, spoken=spoken)
        elif not lines[n].strip():
            out.append("")
        else:  # a paragraph or a list, to its end: a mark may open on one line and close on the next
            end = next((m for m in range(n, len(lines)) if not _in_paragraph(lines[m])), len(lines))
            out += _paragraph(_inline("\n".join(lines[n:end]), spoken=spoken).split("\n"), width)
        n = end
    return "\n".join(out).rstrip("\n")


def _inline(text: str, *, spoken: bool) -> str:
    """``text`` without its marks: ``**strong**`` and ``*emphasis*`` lose their asterisks, ``code`` its
    backticks (a terminal shows them raw, as marks of a format the player never sees, and a screen reader
    reads them out); what is inside code is kept as it is."""
    parts = _CODE.split(text)  # plain, ticks, code, plain, ticks, code, ..., plain
    out = []
    for n, part in enumerate(parts):
        if n % 3 == 0:
            out.append(_EMPHASIS.sub(r"\1", _STRONG.sub(r"\1", part)))
        elif n % 3 == 2:
            out.append(part)
    return "".join(out)


def _in_paragraph(line: str) -> bool:
    """Whether ``line`` goes on a paragraph or a list (a blank line, a heading, a fence or a table ends it)."""
    return bool(line.strip()) and not (line.startswith(("```", "|")) or _HEADING.fullmatch(line))


def _heading(heading: re.Match[str], *, spoken: bool) -> list[str]:
    """A heading's words, a rule of ``=`` under a page's title and of ``-`` under a section's."""
    text = _inline(heading[2], spoken=spoken)
    rule = {1: "=", 2: "-"}.get(len(heading[1]))
    return [text] if spoken or rule is None else [text, rule * len(text)]


def _paragraph(lines: list[str], width: int) -> list[str]:
    """A paragraph or a list as it is; a paragraph or an item with a line longer than ``width`` wrapped
    anew, as a whole (a line wrapped on its own would leave a short line after each), the lines of an item
    under its words."""
    # a list's bullets start its items; a paragraph's line that happens to begin "0) " or "16. " is no item
    listed = _BULLET.match(lines[0]) is not None
    starts = [n for n, line in enumerate(lines) if n == 0 or (listed and _BULLET.match(line))]
    out = []
    for start, end in zip(starts, [*starts[1:], len(lines)], strict=True):
        item = lines[start:end]
        if max(map(len, item)) <= width:
            out += item
            continue
        first = item[0]
        bullet = _BULLET.match(first)
        indent = first[: len(first) - len(first.lstrip(" "))]
        hanging = " " * bullet.end() if bullet else indent
        out += _wrapped(" ".join(line.strip() for line in item), width, hanging, indent)
    return out


def _wrapped(text: str, width: int, hanging: str, first: str = "") -> list[str]:
    """``text`` in lines of ``width`` at most, after ``first`` on the first and ``hanging`` on the others,
    broken at spaces only (a cell name or an option is never cut in two)."""
    return textwrap.wrap(
        text,
        width,
        initial_indent=first,
        subsequent_indent=hanging,
        break_long_words=False,
        break_on_hyphens=False,
    ) or [first.rstrip()]


def _cells(row: str, *, spoken: bool) -> list[str]:
    """The cells of a table's row, ``\\|`` (a ``|`` inside a cell) written as ``|``."""
    inner = row.strip().removeprefix("|")
    if inner.endswith("|") and not inner.endswith("\\|"):
        inner = inner[:-1]
    return [_inline(cell.strip().replace("\\|", "|"), spoken=spoken) for cell in _CELL_EDGE.split(inner)]


def _table(rows: list[str], width: int, *, spoken: bool) -> list[str]:
    """A table's columns aligned under its header and a rule, when they fit in ``width``; otherwise, or
    ``spoken``, each row as a block of its own (see :func:`_blocks`)."""
    table = [_cells(row, spoken=spoken) for row in rows if not _SEPARATOR.fullmatch(row)]
    if not table:
        return []
    columns = max(map(len, table))
    table = [row + [""] * (columns - len(row)) for row in table]
    widths = [max(len(row[c]) for row in table) for c in range(columns)]
    if spoken or sum(widths) + len(_GAP) * (columns - 1) > width:
        return _blocks(table, width)
    header, *body = table
    rule = ["-" * size for size in widths]
    return [
        _GAP.join(cell.ljust(size) for cell, size in zip(row, widths, strict=True)).rstrip()
        for row in (header, rule, *body)
    ]


def _blocks(table: list[list[str]], width: int) -> list[str]:
    """A table too wide for the terminal, row by row.  Two columns: ``first: second`` for each row (the header
    first, the rows indented under it).  More: each row's first cell, then under it each other cell after
    its column's name; a cell runs on under its own words."""
    header, *body = table
    if len(header) == 2:
        lines = _wrapped(": ".join(header), width, "    ")
        for first, second in body:
            lines += _wrapped(f"{first}: {second}" if second else first, width, "    ", "  ")
        return lines
    lines = []
    said = None
    for first, *others in body:
        if first != said:  # rows that share their first cell (a page's keys) stand under it once
            lines += _wrapped(first, width, "")
            said = first
        for name, cell in zip(header[1:], others, strict=True):
            if cell:
                lines += _wrapped(f"{name}: {cell}" if name else cell, width, "    ", "  ")
    return lines
