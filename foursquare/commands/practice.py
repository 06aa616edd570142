"""``foursquare practice``: the costly placements of your finished games, as positions to solve.

In a terminal the game screen opens on its practice page (the command line
chooses, :func:`foursquare.cli.practice`); through a pipe, or with
``--plain``, this module runs it in plain lines: it prints each position
(the table, the card, the unseen cards counted rank by rank), reads a cell
name a line as the answer (``s`` skips, ``q`` stops), as plain mode reads
its commands (:mod:`foursquare.session.lines`), and prints what the
answer is worth, like plain mode.  Games are taken newest first (``GAME``:
that game only); one without a kept review is reviewed first, by the expert
with ``--nodes`` per placement, and the review is kept.  Solved positions
are kept in the data folder and not offered again.
"""

from __future__ import annotations

import argparse
import sys
from typing import BinaryIO, TextIO

from foursquare.commands.arguments import add_game, add_nodes, parser_for
from foursquare.commands.output import open_store, using
from foursquare.engine import Game
from foursquare.expert.advice import DEFAULT_NODES
from foursquare.session.errors import INTERRUPTED
from foursquare.session.lines import printer, read_lines, spelling_for
from foursquare.session.practice import Practice, PracticeLines, Starter
from foursquare.storage.library import Library
from foursquare.words.commands import OPTIONS
from foursquare.words.problems import Need

__all__ = ["build_parser", "check_game", "looked_up", "main"]


def build_parser() -> argparse.ArgumentParser:
    parser = parser_for("practice")
    said = OPTIONS["practice"]
    add_game(parser, "practice")
    for flag in ("--plain", "--ascii", "--words", "--no-color"):
        parser.add_argument(flag, action="store_true", help=said[flag])
    add_nodes(parser, DEFAULT_NODES, said["--nodes"])
    return parser


def looked_up(library: Library, game_id: int | None) -> dict[int, Game]:
    """The game named to practise on, by its id, for the round to take as it is (none named: none);
    :class:`~foursquare.session.errors.CommandError` when it cannot be reviewed, said as ``foursquare review``
    says it: a round over a game that is not there would only say it has nothing."""
    if game_id is None:
        return {}
    from foursquare.commands.review import kept_game

    found_id, game = kept_game(library, game_id, practice=True)
    return {found_id: game}


def check_game(game_id: int | None) -> dict[int, Game]:
    """:func:`looked_up` in the history opened for that alone, before the game screen opens it for the round."""
    if game_id is None:
        return {}
    with open_store(Need.HISTORY, create=False) as store, using(store, Need.HISTORY):
        return looked_up(Library(store), game_id)


def main(
    argv: list[str],
    *,
    start: Starter | None = None,
    stdin: BinaryIO | None = None,
    stdout: TextIO | None = None,
) -> int:
    """Practice in plain lines until the round ends, ``q`` or the end of input; the exit status.

    ``start`` replaces the expert that reviews a game without a kept review (tests pass a quick one).
    """
    args = build_parser().parse_args(argv)
    source = stdin if stdin is not None else sys.stdin.buffer
    sink = stdout if stdout is not None else sys.stdout
    spell = spelling_for(sink, ascii=args.ascii, words=args.words, real=stdout is None)
    out = printer(sink, spell, real=stdout is None)
    with open_store(Need.HISTORY, create=False) as store, using(store, Need.HISTORY):
        library = Library(store)
        games = looked_up(library, args.game)  # refused before a line is printed
        practice = Practice(
            library, game_ids=None if args.game is None else [args.game], looked_up=games, nodes=args.nodes, start=start
        )
        lines = PracticeLines(practice, spell, out)
        try:
            lines.begin()
            return read_lines(source, sink, out, going=lambda: lines.practising, handle=lines.handle, end=lines.stop)
        except KeyboardInterrupt:
            out("")
            lines.stop()
            return INTERRUPTED
