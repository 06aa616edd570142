"""``foursquare history``: the finished games, newest first, each with the id later commands name it by."""

from __future__ import annotations

import argparse
import json
import sys

from foursquare.commands.output import run_with_store, say, write_lines
from foursquare.storage.database import Store
from foursquare.words.history import EMPTY, table

__all__ = ["main"]


def _limit(text: str) -> int:
    try:
        number = int(text, 10)
    except ValueError:
        number = -1
    if not 1 <= number <= 10**9:
        raise argparse.ArgumentTypeError(f"not a number of games: {text!r} (a whole number from 1)")
    return number


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="foursquare history",
        description="List your finished games, newest first: when, deal, result, score, cards placed and id.",
    )
    parser.add_argument("--json", action="store_true", help="print them as one JSON array, for scripts")
    parser.add_argument("--limit", type=_limit, metavar="N", help="only the newest N games")
    return parser


def main(argv: list[str]) -> int:
    """``foursquare history [--json] [--limit N]``; returns the exit status."""
    return run_with_store(_parser(), argv, "the history", _show)


def _show(args: argparse.Namespace, store: Store) -> int:
    games = store.history(args.limit)
    if args.json:
        return say(json.dumps([game.to_json(record=False) for game in games]))
    if not games:
        return say(EMPTY)
    return write_lines(table(games), sys.stdout)
