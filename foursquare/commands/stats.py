"""``foursquare stats``: the statistics printed in the terminal, as JSON for scripts, or cleared.

The words and glyphs of the page in the terminal are imported where they are
used, so that a script's ``stats --json`` loads only what it prints.
"""

from __future__ import annotations

import argparse
import json
import sys

from foursquare.commands.arguments import parser_for
from foursquare.commands.output import run_with_store, say
from foursquare.session.errors import CommandError
from foursquare.words.commands import OPTIONS, Said
from foursquare.words.problems import Need

TYPE_CHECKING = False
if TYPE_CHECKING:
    from foursquare.storage.store import Store

__all__ = ["main"]


def _parser() -> argparse.ArgumentParser:
    parser = parser_for("stats")
    what = parser.add_mutually_exclusive_group()
    said = OPTIONS["stats"]
    what.add_argument("--json", action="store_true", help=said["--json"])
    what.add_argument("--reset", action="store_true", help=said["--reset"])
    parser.add_argument("-y", "--yes", action="store_true", help=said["--yes"])
    return parser


def main(argv: list[str]) -> int:
    """``foursquare stats [--json | --reset [--yes]]``; returns the exit status."""
    return run_with_store(_parser(), argv, Need.STATISTICS, _show, create=lambda args: bool(args.reset))


def _show(args: argparse.Namespace, store: Store) -> int:
    if args.yes and not args.reset:
        _parser().error(Said.YES_ALONE.say())
    if args.reset:
        return _reset(store, ask=not args.yes)
    records = store.records()
    if args.json:
        return say(json.dumps(records.to_json()))
    from foursquare.session.columns import terminal_columns
    from foursquare.session.lines import shows
    from foursquare.words.glyphs import UNICODE_CHART
    from foursquare.words.stats import records_render_lines

    ascii_only = not shows("".join(UNICODE_CHART), sys.stdout, real=sys.stdout is sys.__stdout__)
    width = terminal_columns() if sys.stdout.isatty() else None
    return say("\n".join(records_render_lines(records, ascii_only=ascii_only, width=width)))


def _reset(store: Store, ask: bool) -> int:
    from foursquare.words.catalog import _
    from foursquare.words.stats import RESET_DONE, RESET_KEPT, RESET_UNASKED, reset_question

    if ask:
        if not sys.stdin.isatty():
            raise CommandError(_(RESET_UNASKED))
        played = store.stats().played
        try:
            answer = input(reset_question(played))
        except (EOFError, KeyboardInterrupt):
            answer = ""
            print()
        if answer.strip().lower() not in ("y", "yes"):
            print(_(RESET_KEPT))
            return 1
    store.reset_stats()
    return say(_(RESET_DONE))
