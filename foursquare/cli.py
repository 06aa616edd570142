"""The ``foursquare`` command line: parses arguments and hands over to the right part."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from foursquare import __version__


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="foursquare",
        description="Foursquare: a one-player card game on a 4×4 grid of piles.",
    )
    parser.add_argument("--version", action="version", version=f"foursquare {__version__}")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``foursquare`` command; returns the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    build_parser().parse_args(args)
    print(f"foursquare {__version__}: the game itself is not playable yet.")
    return 0
