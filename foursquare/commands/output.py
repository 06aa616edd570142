"""What every command without a screen does alike: read its arguments, open the database, print.

A database or data folder that cannot be used is one line naming the folder
and exit status 1, never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TextIO

from foursquare.storage.database import Store, StoreError
from foursquare.storage.files import data_dir, describe_error
from foursquare.storage.upgrade import open_folder

__all__ = ["cannot_use", "open_store", "parse", "run_with_store", "say", "write_lines"]


def parse(parser: argparse.ArgumentParser, argv: list[str]) -> argparse.Namespace | int:
    """The parsed arguments, or the exit status once argparse has printed the usage and error (or the help)."""
    try:
        return parser.parse_args(argv)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else 2


def say(text: str) -> int:
    """Print ``text`` (a line is added) to standard output; exit status 0.

    A closed pipe or a full disk is left to :func:`foursquare.cli.main`, which
    ends every command alike on them.
    """
    print(text)
    return 0


def write_lines(lines: Iterable[str], out: TextIO) -> int:
    """Write each line to ``out`` as it comes, then flush; exit status 0 (errors as in :func:`say`)."""
    for line in lines:
        out.write(line + "\n")
    out.flush()
    return 0


def run_with_store(
    parser: argparse.ArgumentParser,
    argv: list[str],
    what: str,
    body: Callable[[argparse.Namespace, Store], int],
    *,
    create: Callable[[argparse.Namespace], bool] = lambda args: False,
) -> int:
    """Parse ``argv``, open the data folder's database and run ``body`` on it; the exit status.

    ``what`` names what the command wanted, for the one line saying it cannot
    be used; ``create`` says, from the arguments, whether a missing database
    should be made (reading commands make none).
    """
    args = parse(parser, argv)
    if isinstance(args, int):
        return args
    store = open_store(parser.prog, what, create=create(args))
    if isinstance(store, int):
        return store
    with store:
        try:
            return body(args, store)
        except StoreError as exc:
            return cannot_use(parser.prog, what, data_dir(), exc)


def open_store(prog: str, what: str, *, create: bool) -> Store | int:
    """The data folder's database (old files imported, problems met said on standard error), or exit status 1.

    ``what`` names what the command wanted, for the line saying it cannot be used.
    """
    folder = data_dir()
    try:
        store, notes = open_folder(folder, create=create)
    except (OSError, StoreError) as exc:
        return cannot_use(prog, what, folder, exc)
    for note in notes:
        print(note, file=sys.stderr)
    return store


def cannot_use(prog: str, what: str, folder: Path, exc: OSError | StoreError) -> int:
    """One line for a data folder or database that cannot be used; exit status 1."""
    words = describe_error(exc) if isinstance(exc, OSError) else str(exc)
    print(f"{prog}: cannot use {what} in {folder}: {words}", file=sys.stderr)
    return 1
