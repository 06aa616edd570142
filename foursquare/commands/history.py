"""``foursquare history``: the finished games, newest first, each with the id later commands name it by."""

from __future__ import annotations

import argparse
import json
import sys

from foursquare.commands.arguments import whole
from foursquare.commands.output import run_with_store, say, write_lines
from foursquare.engine import MAX_FACE_DOWN
from foursquare.storage.formats import FinishedGame
from foursquare.storage.stats import Ending
from foursquare.storage.store import Store
from foursquare.words.problems import Need

__all__ = ["main", "table"]

_limit = whole("a number of games", "a whole number from 1", most=10**9)


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
    return run_with_store(_parser(), argv, Need.HISTORY, _show)


def _show(args: argparse.Namespace, store: Store) -> int:
    games = store.history(args.limit)
    if args.json:
        return say(json.dumps([game.to_json(record=False) for game in games]))
    if not games:
        return say("No finished games yet.")
    return write_lines(table(games), sys.stdout)


_SHORT = {
    Ending.WON: "won",
    Ending.TOO_MANY_FACE_DOWN: f"lost: {MAX_FACE_DOWN + 1} face down",
    Ending.STOCK_EMPTY: "lost: stock out",
    Ending.ABANDONED: "abandoned",
}
"""The results in fewer words, for a page narrower than the command's lines."""


def table(games: list[FinishedGame], width: int | None = None) -> list[str]:
    """The games as aligned columns, with a heading.

    Given a ``width`` (a page of the game screen), the results are in fewer
    words and come last, so that a long one is all that may be cut, and the
    time of day is left out when the lines would not fit otherwise.
    """
    if width is None:
        return _columns(games, full=True, time=True)
    lines = _columns(games, full=False, time=True)
    return lines if max(map(len, lines)) <= width else _columns(games, full=False, time=False)


def _columns(games: list[FinishedGame], *, full: bool, time: bool) -> list[str]:
    order = (0, 1, 2, 3, 4, 5) if full else (0, 1, 2, 4, 5, 3)
    rows = [("id", "ended (UTC)" if time else "ended", "deal", "result", "score", "placed")]
    for game in games:
        result = game.ending.label if full else _SHORT[game.ending]
        rows.append(
            (
                str(game.id),
                game.ended.strftime("%Y-%m-%d %H:%M" if time else "%Y-%m-%d") if game.ended else "-",
                str(game.deal) + (" daily" if game.daily else ""),
                result + ("" if game.counted else (", not counted" if full else ", replay")),
                "-" if game.score is None else str(game.score),
                "-" if game.placed is None else str(game.placed),
            )
        )
    widths = [max(len(row[n]) for row in rows) for n in range(len(rows[0]))]
    right = {0, 4, 5}
    return [
        "  ".join(row[n].rjust(widths[n]) if n in right else row[n].ljust(widths[n]) for n in order).rstrip()
        for row in rows
    ]
