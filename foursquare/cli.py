"""The ``foursquare`` command line: parses arguments and hands over to the right part.

``foursquare [options]`` plays; ``foursquare COMMAND ...`` runs a command whose
module is imported only when it is asked for, so that starting the game stays
fast.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import locale
import os
import sys
from collections.abc import Callable, Sequence

from foursquare import __version__
from foursquare.engine import shuffled_deck

DEAL_MAX = 2**64 - 1
SAMPLE_GLYPHS = "♣♦♥♠╭─╮│╰╯▒●·▶◀✕■□┏━┓┃╌╎═║"
"""Everything drawn beyond ASCII: if the terminal's character set lacks any, draw in ASCII."""

# Sub-command name -> (module, one-line help). Each module has main(argv) -> int.
COMMANDS: dict[str, tuple[str, str]] = {
    "stats": ("foursquare.stats", "show or reset your statistics"),
    "simulate": ("foursquare.simulate", "play many deals without a screen and report how a strategy fares"),
}


def build_parser() -> argparse.ArgumentParser:
    """The parser for playing (no sub-command)."""
    epilog = "commands:\n" + "\n".join(f"  {name:<10} {text}" for name, (_, text) in COMMANDS.items())
    parser = argparse.ArgumentParser(
        prog="foursquare",
        description="Foursquare: a one-player card game on a 4×4 grid of piles.",
        epilog=epilog if COMMANDS else None,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--seed",
        type=_deal_number,
        metavar="N",
        help=f"play deal number N (0 to {DEAL_MAX}); the deal number on screen replays a game",
    )
    parser.add_argument(
        "--no-color", action="store_true", help="no colours (also when the NO_COLOR environment variable is set)"
    )
    parser.add_argument("--ascii", action="store_true", help="draw suits as C D H S and plain borders")
    parser.add_argument("--version", action="version", version=f"foursquare {__version__}")
    return parser


def _deal_number(text: str) -> int:
    try:
        seed = int(text, 10)
        shuffled_deck(seed)  # the engine is the judge of what a deal number is
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a deal number: {text!r} (a whole number from 0 to {DEAL_MAX})") from None
    return seed


def can_draw_unicode() -> bool:
    """Whether the locale's real character set can show the suits and card frames.

    Asked of ``nl_langinfo(CODESET)`` after ``setlocale``, which is what curses
    writes with: Python's preferred encoding claims UTF-8 under ``LC_ALL=C``
    while the terminal gets ASCII.
    """
    langinfo = getattr(locale, "nl_langinfo", None)
    codeset = langinfo(locale.CODESET) if langinfo is not None else locale.getpreferredencoding(False)
    try:
        SAMPLE_GLYPHS.encode(codeset or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def play(args: argparse.Namespace) -> int:
    """Start the game in the terminal; a clear line and status 1 if there is no usable terminal."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        print("foursquare: needs a terminal: standard input and output must not be redirected", file=sys.stderr)
        return 1
    with contextlib.suppress(locale.Error):  # an unknown locale: keep "C", which draws in ASCII
        locale.setlocale(locale.LC_ALL, "")
    from foursquare import tui  # imported here: only playing needs curses
    from foursquare.app import App, random_deal
    from foursquare.engine import Game

    problem = tui.terminal_problem()
    if problem is not None:
        print(f"foursquare: cannot play here: {problem}", file=sys.stderr)
        return 1
    game = Game.deal(random_deal() if args.seed is None else args.seed)
    color = not args.no_color and not os.environ.get("NO_COLOR")
    return tui.run(App(game), ascii=args.ascii or not can_draw_unicode(), color=color)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``foursquare`` command; returns the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in COMMANDS:
        module = importlib.import_module(COMMANDS[args[0]][0])
        command: Callable[[list[str]], int] = module.main
        return command(args[1:])
    return play(build_parser().parse_args(args))
