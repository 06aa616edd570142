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
import json
import sys
from collections.abc import Callable
from typing import TextIO

from foursquare.commands.arguments import add_game, add_nodes, parser_for
from foursquare.commands.output import open_store, using
from foursquare.engine import Game
from foursquare.expert.advice import DEFAULT_NODES
from foursquare.expert.review import Judge, NotOver, Review, check_reviewable
from foursquare.session.columns import terminal_columns
from foursquare.session.errors import INTERRUPTED, CommandError
from foursquare.session.lines import shows, spelling_for
from foursquare.session.reviews import ReviewFailed, ReviewService, Work
from foursquare.storage.files import named_back, open_named, os_problem, read_limited
from foursquare.storage.formats import EXPORT_FORMAT, check_stock, parse_json
from foursquare.storage.helped import Help
from foursquare.storage.library import Library
from foursquare.storage.problems import Flaw, Kind, Problem, Reason, StoreError, refused
from foursquare.words.commands import OPTIONS, Said
from foursquare.words.glyphs import SAMPLE, to_ascii
from foursquare.words.history import why_not_reviewed
from foursquare.words.problems import Need, why
from foursquare.words.review import (
    not_over,
    plain_review_lines,
    progress_bar,
    review_not_kept,
    review_stopped,
)
from foursquare.words.review import report_lines as review_report_lines
from foursquare.words.text import to_terminal

__all__ = ["CHART_ROWS", "build_parser", "load_record", "main", "report_lines"]

CHART_ROWS = 8
"""How tall the chart is drawn in the terminal."""
REPORT_WIDTH = 78
RECORD_LIMIT = 1_000_000
"""The most bytes read from a record file: a game record is a few hundred."""


def build_parser() -> argparse.ArgumentParser:
    parser = parser_for("review")
    said = OPTIONS["review"]
    add_game(parser, "review")
    parser.add_argument("--last", action="store_true", help=said["--last"])
    parser.add_argument("--file", metavar="RECORD.json", help=said["--file"])
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help=said["--json"])
    output.add_argument("--words", action="store_true", help=said["--words"])
    parser.add_argument("--ascii", action="store_true", help=said["--ascii"])
    add_nodes(parser, DEFAULT_NODES, said["--nodes"])
    return parser


def load_record(path: str) -> tuple[Game, Help | None]:
    """The game a record file holds, with its help when it is a line of ``foursquare export`` (None for a bare
    record: not known); :class:`StoreError` (kind ``RECORD_FILE``) for a file that is not one, as a whole
    export file (several games) is not."""
    named = named_back(path)
    try:
        with open_named(path) as source:
            raw = read_limited(source, named, RECORD_LIMIT, Kind.RECORD_FILE)
    except FileNotFoundError:
        raise StoreError(Problem(Kind.RECORD_FILE, Reason.MISSING, named)) from None
    except OSError as exc:
        raise StoreError(os_problem(Kind.RECORD_FILE, named, exc)) from None
    return parse_json(raw, named, _record, Kind.RECORD_FILE, one_game=True)


def _record(value: object) -> tuple[Game, Help | None]:
    """The game of a record, or of one line of ``foursquare export`` (its ``game``, with the line's help),
    refused when it names a deal whose stock it does not hold."""
    help = None
    if isinstance(value, dict) and value.get("format") == EXPORT_FORMAT:
        line = value
        value = line.get("game")
        if value is None:
            raise refused(Flaw.EXPORT_WITHOUT_RECORD)
        help = Help.from_json(line.get("help"), line.get("played_before"), line.get("autoplayed_at"))
    game = Game.from_record(value)
    check_stock(game)
    return game, help


def report_lines(review: Review, *, ascii: bool = False, width: int | None = None) -> list[str]:
    """The review as the terminal shows it: the summary and chart, then every placement; in a terminal
    narrower than :data:`REPORT_WIDTH` (``width``), laid out for it."""
    lines = review_report_lines(
        review, rows=CHART_ROWS, width=min(REPORT_WIDTH, width or REPORT_WIDTH), ascii=ascii, terminal=width
    )
    return [to_ascii(line) for line in lines] if ascii else lines


def _progress(err: TextIO) -> Callable[[Work], None]:
    """A progress bar on ``err`` while a review is made."""

    def show(work: Work) -> None:
        err.write(f"\rReviewing {progress_bar(work.progress, 30, ascii=True)} ")
        err.flush()

    return show


def main(argv: list[str], *, judge: Judge | None = None) -> int:
    """``foursquare review [GAME | --last | --file RECORD.json] [--json] [--ascii] [--nodes N]``; the exit status.

    ``judge`` replaces the expert (tests pass a quick one, so that no process is started).
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    if sum((args.game is not None, args.last, args.file is not None)) > 1:
        parser.error(Said.REVIEW_ONE_OF.say())
    if args.file is not None:
        try:
            game, help = load_record(args.file)
        except StoreError as exc:
            raise CommandError(why(exc.problem)) from None
        return _review(args, game, None, judge, help)
    with open_store(Need.HISTORY, create=False) as store, using(store, Need.HISTORY):
        library = Library(store)
        game_id, game = kept_game(library, args.game)
        return _review(args, game, (library, game_id), judge, library.help_of(game_id))


def kept_game(library: Library, game_id: int | None, *, practice: bool = False) -> tuple[int, Game]:
    """Kept game ``game_id`` (None: the last to end) with its id, rebuilt; else :class:`CommandError` saying why
    it cannot be reviewed (none such, left before its end, kept without its cards), or practised on."""
    found = library.find(game_id)
    if found.game is None or found.game_id is None or found.why_not is not None:
        raise CommandError(why_not_reviewed(found, practice=practice))
    return found.game_id, found.game


def _review(
    args: argparse.Namespace,
    game: Game,
    kept: tuple[Library, int] | None,
    judge: Judge | None,
    help: Help | None = None,
) -> int:
    """Review ``game`` (from the history's game ``kept``, where the review is kept, or a file), which had the
    help ``help`` (None: not known), and print it."""
    err = sys.stderr
    try:
        check_reviewable(game)
    except NotOver as exc:
        raise CommandError(not_over(exc.placed, exc.left)) from None
    service = ReviewService(kept[0] if kept is not None else None, nodes=args.nodes, judge=judge)
    show = err.isatty()
    try:
        review, trouble = service.review(
            kept[1] if kept is not None else None, game, waiting=_progress(err) if show else None
        )
    except ReviewFailed as exc:
        raise CommandError(review_stopped(exc.error)) from None
    except KeyboardInterrupt:
        raise CommandError(review_stopped(None), INTERRUPTED) from None
    finally:
        if show:
            err.write("\r" + " " * 48 + "\r")
            err.flush()
    if trouble is not None:
        print(f"foursquare review: {review_not_kept(trouble)}", file=err)
    review = service.as_played(review, help)
    if args.json:
        print(json.dumps(review.to_json()))
        return 0
    helped = service.help_line(review, help)
    width = terminal_columns() if sys.stdout.isatty() else None
    if args.words:  # as plain mode's v says it: for a screen reader
        spell = spelling_for(sys.stdout, ascii=args.ascii, words=True, real=True)
        lines = plain_review_lines(review, spell, game)
        lines[1:1] = [helped] if helped is not None else []
        print("\n".join(to_terminal([spell.line(line) for line in lines], width)))
        return 0
    ascii = args.ascii or not shows(SAMPLE, sys.stdout, real=sys.stdout is sys.__stdout__)
    lines = report_lines(review, ascii=ascii, width=width)
    if helped is not None:
        lines.insert(3, helped)  # under the summary's first line: how the game was played
    print("\n".join(to_terminal(lines, width)))  # any line still wider than a terminal broken between words
    return 0
