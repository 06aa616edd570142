"""``foursquare history``: the games that ended, those left before the end too, newest first, each with the id
later commands name it by."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator

from foursquare.commands.arguments import parser_for, whole
from foursquare.commands.output import run_with_store, say, write_lines
from foursquare.session.columns import terminal_columns
from foursquare.storage.formats import FinishedGame
from foursquare.storage.store import Store
from foursquare.words.commands import NUMBERS, OPTIONS
from foursquare.words.history import empty, streamed
from foursquare.words.problems import Need

__all__ = ["main"]

_MOST = 10**9
"""More games than any history holds, and few enough for the database's own whole numbers."""
_games = whole(NUMBERS["games"])


def _limit(text: str) -> int:
    """``--limit``'s argparse type: any whole number from 1, a larger one than any history holds meaning all."""
    return min(_games(text), _MOST)


def _parser() -> argparse.ArgumentParser:
    parser = parser_for("history")
    parser.add_argument("--json", action="store_true", help=OPTIONS["history"]["--json"])
    parser.add_argument("--limit", type=_limit, metavar="N", help=OPTIONS["history"]["--limit"])
    return parser


def main(argv: list[str]) -> int:
    """``foursquare history [--json] [--limit N]``; returns the exit status."""
    return run_with_store(_parser(), argv, Need.HISTORY, _show)


def _show(args: argparse.Namespace, store: Store) -> int:
    """The games streamed as they are read, so that a history of a million games takes no more memory than
    one; the table's columns are measured by the database first."""

    def games() -> Iterator[FinishedGame]:
        return store.each_game(newest_first=True, limit=args.limit, records=False)

    out = sys.stdout
    if args.json:
        out.write("[")
        for n, game in enumerate(games()):
            out.write((", " if n else "") + json.dumps(game.to_json(record=False)))
        out.write("]\n")
        return 0
    span = store.history_span(args.limit)
    if not span.games:
        return say(empty())
    return write_lines(streamed(games(), span, terminal_columns() if out.isatty() else None), out)
