"""The argparse types every command shares: deal numbers, and whole numbers within a range; and its help's layout.

A value that is not one is refused by argparse in one line naming what was
typed (quoted safely and cut, so a 4,000-digit number does not fill the
terminal) and what would do.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from foursquare.engine import LAST_DEAL, check_deal_number
from foursquare.session.columns import terminal_columns
from foursquare.words.arguments import speak
from foursquare.words.catalog import _
from foursquare.words.commands import DESCRIPTIONS, NODES, NUMBERS, OPTIONS, Said
from foursquare.words.quote import quoted

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing is not loaded at run time: the commands start faster without it
    from typing import NoReturn

__all__ = ["HelpFormatter", "Parser", "RawDescriptionHelpFormatter", "add_nodes", "deal_number", "whole"]

speak()  # argparse's usage and errors in the language in use

_MAX_DIGITS = 30
"""Longer text is no number any range here takes; it is refused before Python converts it."""


def _integer(text: str) -> int | None:
    """``text`` as a whole number written in decimal, or None."""
    text = text.strip()
    digits = text.removeprefix("-").removeprefix("+")
    if not digits.isdigit() or not digits.isascii() or len(digits) > _MAX_DIGITS:
        return None
    return int(text, 10)


def deal_number(text: str) -> int:
    """An argparse type for deal numbers, shared by every command that takes one."""
    seed = _integer(text)
    try:
        if seed is None:
            raise ValueError(text)
        check_deal_number(seed)  # the engine is the judge of what a deal number is
    except ValueError:
        raise argparse.ArgumentTypeError(Said.NOT_A_DEAL.say(typed=quoted(text), last=LAST_DEAL)) from None
    return seed


def whole(refusal: str, *, least: int = 1, most: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number from ``least`` to ``most``; ``refusal`` (one of :data:`NUMBERS`) is the
    line refusing anything else, with the text ``{typed}``."""

    def parse(text: str) -> int:
        number = _integer(text)
        if number is None or number < least or (most is not None and number > most):
            raise argparse.ArgumentTypeError(_(refusal).format(typed=quoted(text)))
        return number

    return parse


def add_nodes(parser: argparse.ArgumentParser, default: int, what: str) -> None:
    """``--nodes N``: the expert's look-ahead per placement (``what`` it is for), a count and never a time."""
    parser.add_argument(
        "--nodes",
        type=whole(NUMBERS["nodes"]),
        default=default,
        metavar="N",
        help=_(NODES).format(what=what, default=default),
    )


class HelpFormatter(argparse.HelpFormatter):
    """argparse's own help layout, at the same width, the terminal measured with :mod:`os` alone.

    argparse's formatter imports :mod:`shutil` (and with it zlib, bz2 and
    lzma) to measure the terminal, and argparse makes one for every argument
    added, to check its metavar: a few milliseconds of every command's start
    for a help that is seldom printed.
    """

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24, width: int | None = None):
        super().__init__(prog, indent_increment, max_help_position, terminal_columns() - 2 if width is None else width)


class RawDescriptionHelpFormatter(HelpFormatter, argparse.RawDescriptionHelpFormatter):
    """:class:`argparse.RawDescriptionHelpFormatter` (the description and epilog as written), measured as
    :class:`HelpFormatter` measures."""


class Parser(argparse.ArgumentParser):
    """argparse's parser, but for a bad argument: one line that says what is wrong, where argparse prints its
    usage block first and the line that matters comes last, under it (``--help`` prints the usage)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, _("{prog}: error: {message}").format(prog=self.prog, message=message) + "\n")


def parser_for(command: str) -> argparse.ArgumentParser:
    """The parser of ``foursquare COMMAND``, saying what the command is for (:mod:`foursquare.words.commands`)."""
    return Parser(prog=f"foursquare {command}", description=DESCRIPTIONS[command], formatter_class=HelpFormatter)


def add_game(parser: argparse.ArgumentParser, command: str) -> None:
    """``GAME``, the id of a game of the history, optional, as ``command`` describes it."""
    parser.add_argument(
        "game", nargs="?", type=whole(NUMBERS["game_id"]), metavar="GAME", help=OPTIONS[command]["game"]
    )
