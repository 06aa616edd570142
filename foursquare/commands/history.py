"""``foursquare history``: the finished games, newest first, each with the id later commands name it by."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator

from foursquare.commands.arguments import whole
from foursquare.commands.output import run_with_store, say, write_lines
from foursquare.engine import MAX_FACE_DOWN
from foursquare.storage.formats import FinishedGame
from foursquare.storage.stats import Ending
from foursquare.storage.store import Span, Store
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
        return say("No finished games yet.")
    return write_lines(_aligned(_rows(games(), full=True, time=True), _span_widths(span), _FULL_ORDER), out)


def _span_widths(span: Span) -> list[int]:
    """The widths of the full table's columns over the games of ``span``, heading included."""
    results = [len(ending.label + ("" if counted else ", not counted")) for ending, counted in span.endings]
    cells = (len(str(span.largest_id)), 16 if span.any_ended else 1, span.widest_deal, max(results, default=0))
    heading = next(_rows(iter([]), full=True, time=True))
    numbers = (max(span.widest_score, 1), max(span.widest_placed, 1))
    return [max(len(name), width) for name, width in zip(heading, (*cells, *numbers), strict=True)]


_SHORT = {
    Ending.WON: "won",
    Ending.TOO_MANY_FACE_DOWN: f"lost: {MAX_FACE_DOWN + 1} face down",
    Ending.STOCK_EMPTY: "lost: stock out",
    Ending.ABANDONED: "abandoned",
}
"""The results in fewer words, for a page narrower than the command's lines."""
_FULL_ORDER = (0, 1, 2, 3, 4, 5)
_SHORT_ORDER = (0, 1, 2, 4, 5, 3)
"""On a page, the result comes last: a long one is all that may be cut."""
_RIGHT = {0, 4, 5}
"""The columns of numbers, aligned on the right."""

Row = tuple[str, str, str, str, str, str]


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
    rows = list(_rows(iter(games), full=full, time=time))
    widths, _ = _widths(iter(rows))
    return list(_aligned(iter(rows), widths, _FULL_ORDER if full else _SHORT_ORDER))


def _rows(games: Iterator[FinishedGame], *, full: bool, time: bool) -> Iterator[Row]:
    """The heading, then a row of cells for each game."""
    yield ("id", "ended (UTC)" if time else "ended", "deal", "result", "score", "placed")
    for game in games:
        result = game.ending.label if full else _SHORT[game.ending]
        yield (
            str(game.id),
            game.ended.strftime("%Y-%m-%d %H:%M" if time else "%Y-%m-%d") if game.ended else "-",
            str(game.deal) + (" daily" if game.daily else ""),
            result + ("" if game.counted else (", not counted" if full else ", replay")),
            "-" if game.score is None else str(game.score),
            "-" if game.placed is None else str(game.placed),
        )


def _widths(rows: Iterator[Row]) -> tuple[list[int], int]:
    """How wide each column is, heading included, and how many games there are under the heading."""
    widths = [len(cell) for cell in next(rows)]
    games = 0
    for row in rows:
        games += 1
        widths = [max(width, len(cell)) for width, cell in zip(widths, row, strict=True)]
    return widths, games


def _aligned(rows: Iterator[Row], widths: list[int], order: tuple[int, ...]) -> Iterator[str]:
    for row in rows:
        yield "  ".join(row[n].rjust(widths[n]) if n in _RIGHT else row[n].ljust(widths[n]) for n in order).rstrip()
