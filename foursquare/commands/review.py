"""``foursquare review``: the expert's verdict on every placement of a finished game, without a screen.

The game comes from a record file (``--file``, as :meth:`Game.to_record
<foursquare.engine.Game.to_record>` writes it, so a game from anywhere can be
reviewed) or from the saved game (``--last``).  The report is the summary
with its win-chance chart and a line per placement; ``--json`` prints one
object for scripts.  A progress bar goes to standard error when it is a
terminal.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import TextIO

from foursquare.engine import Game
from foursquare.expert.advice import DEFAULT_NODES
from foursquare.expert.review import Review, check_reviewable
from foursquare.expert.reviewing import Reviewing
from foursquare.screen.render import to_ascii
from foursquare.screen.review_text import progress_bar, step_line, summary_lines
from foursquare.storage.files import GAME_FILE, Unusable, data_dir, load_game, read_json

__all__ = ["CHART_ROWS", "build_parser", "load_record", "main", "report_lines", "saved_game"]

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
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--last", action="store_true", help="review the last game played (the default)")
    which.add_argument("--file", metavar="RECORD.json", help="review the game in a record file")
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


def _nodes(text: str) -> int:
    """An argparse type: a node budget of at least 1."""
    try:
        nodes = int(text, 10)
    except ValueError:
        nodes = 0
    if nodes < 1:
        raise argparse.ArgumentTypeError(f"not a number of nodes: {text!r} (a whole number, 1 or more)")
    return nodes


def load_record(path: str) -> Game:
    """The game a record file holds; ValueError (the record's own error) for a file that is not one."""
    try:
        game = read_json(Path(path), RECORD_LIMIT, Game.from_record)
    except Unusable as exc:
        raise ValueError(f"{path}: {exc}") from None
    if game is None:
        raise ValueError(f"{path}: no such file")
    return game


def saved_game() -> Game:
    """The game kept in the data folder: the one played last."""
    folder = data_dir()
    try:
        saved = load_game(folder / GAME_FILE)
    except Unusable as exc:
        raise ValueError(f"the saved game cannot be read: {exc}") from None
    if saved is None:
        raise ValueError("there is no game to review yet: play one first, or give --file RECORD.json")
    return saved.game


def report_lines(review: Review, *, ascii: bool = False) -> list[str]:
    """The review as the terminal shows it: the summary and chart, then every placement."""
    deal = f"deal {review.deal}" if review.deal is not None else "a deal given by hand"
    lines = [f"Review of {deal}", ""]
    lines += summary_lines(review, rows=CHART_ROWS, width=REPORT_WIDTH, ascii=ascii)
    lines += ["", "Placements (cells a-g left to right, 1-7 top to bottom; the first card is on d4)"]
    lines += [step_line(step) for step in review.steps]
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
    args = build_parser().parse_args(argv)
    err = sys.stderr
    try:
        game = load_record(args.file) if args.file else saved_game()
        check_reviewable(game)
    except ValueError as exc:
        print(f"foursquare review: {exc}", file=err)
        return 1
    start = time.perf_counter()
    try:
        review = run(game, err, show_progress=err.isatty(), nodes=args.nodes)
    except KeyboardInterrupt:
        print("foursquare review: stopped", file=err)
        return 130
    if review is None:
        return 1
    if args.json:
        print(json.dumps(review.to_json()))
    else:
        ascii = args.ascii or not _can_print_unicode(sys.stdout)
        print("\n".join(report_lines(review, ascii=ascii)))
        print(f"\n(reviewed in {time.perf_counter() - start:.1f} s)")
    return 0


def _can_print_unicode(out: TextIO) -> bool:
    try:
        "█░·".encode(out.encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True
