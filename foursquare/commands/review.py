"""``foursquare review``: the expert's verdict on every placement of a finished game, without a screen.

The game comes from the history (``GAME``, an id from ``foursquare history``,
or ``--last``, the default: the game that ended last), where the review is
then kept so that asking again is instant, or from a record file
(``--file``, as :meth:`Game.to_record <foursquare.engine.Game.to_record>`
writes it, so a game from anywhere can be reviewed).  The report is the summary
with its win-chance chart and a line per placement; ``--json`` prints one
object for scripts.  A progress bar goes to standard error when it is a
terminal.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from foursquare.commands.output import cannot_use, open_store, parse
from foursquare.engine import Game
from foursquare.expert.advice import DEFAULT_NODES
from foursquare.expert.review import Review, check_reviewable
from foursquare.expert.reviewing import Reviewing
from foursquare.storage.database import Store, StoreError
from foursquare.storage.files import Unusable, data_dir, read_json
from foursquare.storage.library import Library
from foursquare.words.glyphs import SAMPLE, can_encode, to_ascii
from foursquare.words.history import why_not_reviewed
from foursquare.words.review import progress_bar
from foursquare.words.review import report_lines as review_report_lines

__all__ = ["CHART_ROWS", "build_parser", "from_history", "load_record", "main", "report_lines"]

CHART_ROWS = 8
"""How tall the chart is drawn in the terminal."""
REPORT_WIDTH = 78
RECORD_LIMIT = 1_000_000
"""The most bytes read from a record file: a game record is a few hundred."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="foursquare review",
        description="The expert's verdict on every placement of a finished game, and your win chance across it.",
    )
    parser.add_argument("game", nargs="?", type=_game_id, metavar="GAME", help="the id of a game in foursquare history")
    parser.add_argument("--last", action="store_true", help="review the game that ended last (the default)")
    parser.add_argument("--file", metavar="RECORD.json", help="review the game in a record file (Game.to_record)")
    parser.add_argument("--json", action="store_true", help="print the review as one JSON object")
    parser.add_argument("--ascii", action="store_true", help="draw the chart with # and plain lines")
    parser.add_argument(
        "--nodes",
        type=_nodes,
        default=DEFAULT_NODES,
        metavar="N",
        help=f"how much the expert looks ahead per placement (default {DEFAULT_NODES:,}; fewer is quicker and weaker)",
    )
    return parser


def load_record(path: str) -> Game:
    """The game a record file holds; ValueError (the record's own error) for a file that is not one."""
    try:
        game = read_json(Path(path), RECORD_LIMIT, Game.from_record)
    except Unusable as exc:
        raise ValueError(f"{path}: {exc}") from None
    if game is None:
        raise ValueError(f"{path}: no such file")
    return game


def _whole(what: str, hint: str) -> Callable[[str], int]:
    """An argparse type: a whole number of ``what``, 1 or more; ``hint`` says what one is."""

    def parse(text: str) -> int:
        try:
            number = int(text, 10)
        except ValueError:
            number = 0
        if number < 1:
            raise argparse.ArgumentTypeError(f"not {what}: {text!r} ({hint})")
        return number

    return parse


_game_id = _whole("a game id", "the number foursquare history gives")
_nodes = _whole("a number of nodes", "a whole number, 1 or more")


def from_history(store: Store, game_id: int | None) -> tuple[int, Game]:
    """Game ``game_id`` of the history (the newest if None), rebuilt; ValueError says why it cannot be."""
    found = Library(store).find(game_id)
    if found.game is None or found.game_id is None:
        raise ValueError(why_not_reviewed(found))
    return found.game_id, found.game


def report_lines(review: Review, *, ascii: bool = False) -> list[str]:
    """The review as the terminal shows it: the summary and chart, then every placement."""
    lines = review_report_lines(review, rows=CHART_ROWS, width=REPORT_WIDTH, ascii=ascii)
    return [to_ascii(line) for line in lines] if ascii else lines


def run(game: Game, err: TextIO, *, show_progress: bool, nodes: int = DEFAULT_NODES) -> Review | None:
    """Review ``game``, with a progress bar on ``err`` if asked; None if the expert failed (said on ``err``)."""
    reviewing = Reviewing(game, nodes=nodes)
    try:
        while reviewing.wait(0.1) is None and not reviewing.done():
            if show_progress:
                err.write(f"\rReviewing {progress_bar(reviewing.progress, 30, ascii=True)} ")
                err.flush()
    finally:
        reviewing.cancel()
        if show_progress:
            err.write("\r" + " " * 48 + "\r")
            err.flush()
    if reviewing.review is None:
        print(f"foursquare review: {reviewing.error or 'the review stopped'}", file=err)
    return reviewing.review


def main(argv: list[str]) -> int:
    """``foursquare review [GAME | --last | --file RECORD.json] [--json] [--ascii] [--nodes N]``; the exit status."""
    parser = build_parser()
    args = parse(parser, argv)
    if isinstance(args, int):
        return args
    if sum((args.game is not None, args.last, args.file is not None)) > 1:
        parser.print_usage(sys.stderr)
        print(f"{parser.prog}: error: give one of GAME, --last and --file", file=sys.stderr)
        return 2
    if args.file is not None:
        try:
            game = load_record(args.file)
        except ValueError as exc:
            print(f"{parser.prog}: {exc}", file=sys.stderr)
            return 1
        return _review(args, game, None)
    store = open_store(parser.prog, "the history", create=False)
    if isinstance(store, int):
        return store
    with store:
        try:
            game_id, game = from_history(store, args.game)
        except StoreError as exc:
            return cannot_use(parser.prog, "the history", data_dir(), exc)
        except ValueError as exc:
            print(f"{parser.prog}: {exc}", file=sys.stderr)
            return 1
        return _review(args, game, (store, game_id))


def _review(args: argparse.Namespace, game: Game, kept: tuple[Store, int] | None) -> int:
    """Review ``game`` (from the history's game ``kept``, where the review is kept) and print it."""
    err = sys.stderr
    try:
        check_reviewable(game)
    except ValueError as exc:
        print(f"foursquare review: {exc}", file=err)
        return 1
    review = None
    if kept is not None:
        store, game_id = kept
        with contextlib.suppress(StoreError):
            review = Review.from_cache(store.load_review(game_id), game, args.nodes)
    if review is None:
        try:
            review = run(game, err, show_progress=err.isatty(), nodes=args.nodes)
        except KeyboardInterrupt:
            print("foursquare review: stopped", file=err)
            return 130
        if review is None:
            return 1
        if kept is not None:
            try:
                store.save_review(game_id, review.to_cache(args.nodes))
            except (StoreError, KeyError) as exc:
                print(f"foursquare review: the review could not be kept with the game: {exc}", file=err)
    if args.json:
        print(json.dumps(review.to_json()))
    else:
        ascii = args.ascii or not _can_print_unicode(sys.stdout)
        print("\n".join(report_lines(review, ascii=ascii)))
    return 0


def _can_print_unicode(out: TextIO) -> bool:
    return can_encode(SAMPLE, out.encoding)
