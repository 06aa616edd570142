"""The ``foursquare`` command line: parses arguments and hands over to the right part.

``foursquare [options]`` plays; ``foursquare COMMAND ...`` runs a command whose
module is imported only when it is asked for, so that starting the game stays
fast.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence

from foursquare import __version__

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
    parser.add_argument("--version", action="version", version=f"foursquare {__version__}")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``foursquare`` command; returns the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in COMMANDS:
        module = importlib.import_module(COMMANDS[args[0]][0])
        command: Callable[[list[str]], int] = module.main
        return command(args[1:])
    build_parser().parse_args(args)
    print(f"foursquare {__version__}: the game itself is not playable yet.")
    return 0
