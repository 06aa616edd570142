"""How wide the terminal is: for the commands' help and the help pages, which the commands and plain mode lay
out to fit it.

Measured with :mod:`os` alone, as :func:`shutil.get_terminal_size` measures it: :mod:`shutil` brings zlib,
bz2 and lzma with it, a few milliseconds of every command's start.
"""

from __future__ import annotations

import os
import sys

__all__ = ["WIDEST_PAGE", "page_width", "terminal_columns"]

WIDEST_PAGE = 100
"""A help page is laid out no wider than this however wide the terminal: longer lines are hard to follow."""


def terminal_columns() -> int:
    """The terminal's width as :func:`shutil.get_terminal_size` gives it: ``$COLUMNS`` when a positive whole
    number, else the width of standard output's terminal, else 80."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


def page_width() -> int:
    """The width to lay a help page out in: the terminal's (80 when it is no terminal), at most :data:`WIDEST_PAGE`."""
    return min(WIDEST_PAGE, terminal_columns())
