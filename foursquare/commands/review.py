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
from pathlib import Path
from typing import TextIO

from foursquare.commands.arguments import whole
from foursquare.commands.output import open_store, using
from foursquare.engine import Game
from foursquare.expert.advice import DEFAULT_NODES
from foursquare.expert.review import Review, check_reviewable
from foursquare.expert.reviewing import Reviewing
from foursquare.screen.render import to_ascii
from foursquare.screen.review_text import progress_bar, step_line, summary_lines
from foursquare.session.errors import CommandError
from foursquare.storage.formats import check_stock, read_json
from foursquare.storage.problems import Kind, Problem, Reason, StoreError
from foursquare.storage.store import Store
from foursquare.words.problems import Need, why

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
    """The game a record file holds; :class:`StoreError` (kind ``RECORD_FILE``) for a file that is not one."""
    game = read_json(Path(path), RECORD_LIMIT, _record, Kind.RECORD_FILE)
    if game is None:
        raise StoreError(Problem(Kind.RECORD_FILE, Reason.MISSING, Path(path)))
    return game


def _record(value: object) -> Game:
    """The game of a record, refused when it names a deal whose stock it does not hold."""
    game = Game.from_record(value)
    check_stock(game)
    return game


_game_id = whole("a game id", "the number foursquare history gives")
_nodes = whole("a number of nodes", "a whole number, 1 or more")


def from_history(store: Store, game_id: int | None) -> tuple[int, Game]:
    """Game ``game_id`` of the history (the newest if None), rebuilt; ValueError says why it cannot be."""
    finished = store.newest_game() if game_id is None else store.game(game_id)
    if finished is None or finished.id is None:
        if game_id is None:
            raise ValueError("no game has ended yet: play one first, or give --file RECORD.json")
        raise ValueError(f"there is no game {game_id} in the history (foursquare history lists them)")
    try:
        game = finished.replay()
    except ValueError as exc:
        raise ValueError(f"game {finished.id} cannot be replayed: {exc}") from None
    if game is None:
        raise ValueError(f"game {finished.id} was kept without its cards, so it cannot be reviewed")
    return finished.id, game


def report_lines(review: Review, *, ascii: bool = False) -> list[str]:
    """The review as the terminal shows it: the summary and chart, then every placement."""
    deal = f"deal {review.deal}" if review.deal is not None else "a deal given by hand"
    lines = [f"Review of {deal}", ""]
    lines += summary_lines(review, rows=CHART_ROWS, width=REPORT_WIDTH, ascii=ascii)
    lines += ["", "Placements (cells a-g left to right, 1-7 top to bottom; the first card is on d4)"]
    lines += [step_line(step, ascii=ascii) for step in review.steps]
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
    args = parser.parse_args(argv)
    if sum((args.game is not None, args.last, args.file is not None)) > 1:
        parser.error("give one of GAME, --last and --file")
    if args.file is not None:
        try:
            game = load_record(args.file)
        except StoreError as exc:
            raise CommandError(why(exc.problem)) from None
        return _review(args, game, None)
    with open_store(Need.HISTORY, create=False) as store, using(store, Need.HISTORY):
        try:
            game_id, game = from_history(store, args.game)
        except ValueError as exc:
            raise CommandError(str(exc)) from None
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
    try:
        "█░·→♠♥♦♣".encode(out.encoding or "ascii")  # the chart, the arrows and the suits
    except (UnicodeEncodeError, LookupError):
        return False
    return True
