"""What every command without a screen does alike: open the database, say the problems met, print.

A database or data folder that cannot be used is a
:class:`~foursquare.session.errors.CommandError` naming the folder, which
:func:`foursquare.cli.main` turns into one line and exit status 1, never a
traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Callable, Iterable, Iterator

from foursquare.session.errors import CommandError
from foursquare.storage.files import data_dir
from foursquare.storage.problems import Problem, StoreError
from foursquare.storage.store import Store
from foursquare.storage.upgrade import open_folder
from foursquare.words.problems import Need, cannot_use, line

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing is the type checkers' own: a quick command does not load it
    from typing import TextIO

__all__ = ["open_store", "run_with_store", "say", "tell", "using", "write_lines"]


def say(text: str) -> int:
    """Print ``text`` (a line is added) to standard output; exit status 0.

    A closed pipe or a full disk is left to :func:`foursquare.cli.main`, which
    ends every command alike on them.
    """
    print(text)
    return 0


def write_lines(lines: Iterable[str], out: TextIO) -> int:
    """Write each line to ``out`` as it comes, then flush; exit status 0 (errors as in :func:`say`)."""
    for text in lines:
        out.write(text + "\n")
    out.flush()
    return 0


def tell(problems: Iterable[Problem]) -> None:
    """Say each problem met on standard error, one line each, as it comes."""
    for problem in problems:
        print(line(problem), file=sys.stderr, flush=True)


def run_with_store(
    parser: argparse.ArgumentParser,
    argv: list[str],
    need: Need,
    body: Callable[[argparse.Namespace, Store], int],
    *,
    create: Callable[[argparse.Namespace], bool] = lambda args: False,
) -> int:
    """Parse ``argv``, open the data folder's database and run ``body`` on it; the exit status.

    ``need`` names what the command wanted, for the line saying it cannot be
    had; ``create`` says, from the arguments, whether a missing database
    should be made (reading commands make none).  Bad arguments end in
    argparse's own SystemExit.
    """
    args = parser.parse_args(argv)
    with open_store(need, create=create(args)) as store, using(store, need):
        return body(args, store)


def open_store(need: Need, *, create: bool) -> Store:
    """The data folder's database, old files imported and problems met said on standard error.

    :class:`CommandError` when the folder or its database cannot be used.
    """
    folder = data_dir()
    try:
        store, problems = open_folder(folder, create=create)
    except StoreError as exc:
        raise CommandError(cannot_use(need, folder, exc.problem)) from None
    tell(problems)
    return store


@contextlib.contextmanager
def using(store: Store, need: Need) -> Iterator[None]:
    """While the command reads and writes ``store``: problems it met said as they come, a refusal a
    :class:`CommandError`."""
    try:
        yield
    except StoreError as exc:
        raise CommandError(cannot_use(need, data_dir(), exc.problem)) from None
    finally:
        tell(store.take_problems())
