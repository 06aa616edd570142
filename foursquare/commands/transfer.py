"""``foursquare export`` and ``foursquare import``: the history as JSON lines, to keep or to move.

Each line is one finished game: its record (the stock and every placement)
and what the history says of it (see :meth:`FinishedGame.to_json`).  Import
replays every game through the rules, skips games already in the history and
rejects a bad line with its number and the reason, keeping the good ones.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import json
import os
import stat
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from foursquare.commands.arguments import parser_for
from foursquare.commands.output import run_with_store, write_lines
from foursquare.session.errors import CommandError
from foursquare.storage.files import STDIN, data_dir, named_back, open_named, os_problem
from foursquare.storage.formats import MAX_LINE_BYTES, FinishedGame, MissingRecord, decode_json
from foursquare.storage.problems import Kind, Problem, Reason, StoreError, invalid
from foursquare.storage.store import Store, kept_files
from foursquare.words.commands import OPTIONS, exported, imported, more_rejected
from foursquare.words.problems import Need, why

__all__ = ["export_main", "import_main"]

BATCH = 2000
"""Games added per transaction while importing."""
SAID_REJECTED = 10
"""Lines rejected by an import that are said one by one; the rest are counted only."""


def export_main(argv: list[str]) -> int:
    """``foursquare export [FILE]``; returns the exit status."""
    parser = parser_for("export")
    parser.add_argument("file", nargs="?", default="-", metavar="FILE", help=OPTIONS["export"]["file"])
    return run_with_store(parser, argv, Need.HISTORY, _export)


def _export(args: argparse.Namespace, store: Store) -> int:
    written = [0]

    def each_line() -> Iterator[str]:
        for game in store.each_game():
            written[0] += 1
            yield json.dumps(game.to_json(), separators=(",", ":"))

    lines = each_line()
    if args.file == STDIN:
        return write_lines(lines, sys.stdout)
    target = Path(os.path.realpath(args.file))
    if any(_same_file(target, kept) for kept in kept_files(data_dir())):
        raise CommandError(why(Problem(Kind.EXPORT_OVER_KEPT, Reason.INVALID, Path(args.file))))
    try:
        if target.exists() and not target.is_file():  # a device or a pipe: written to, never replaced
            with open(target, "w", encoding="utf-8") as out:
                return write_lines(lines, out)  # said nothing of: it may be this very output
        _check_writable(target)
        status = _write_whole(target, lines)
    except OSError as exc:
        if exc.errno in _OUTPUT_FULL:
            raise  # said like any output that cannot be written
        raise CommandError(why(os_problem(Kind.EXPORT_TARGET, Path(args.file), exc))) from None
    print(exported(written[0], args.file))
    return status


_OUTPUT_FULL = {errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC), errno.EFBIG}


def _same_file(target: Path, kept: Path) -> bool:
    """Whether ``target`` is the kept file ``kept``: the same path, or the same file by another name."""
    if target == Path(os.path.realpath(kept)):
        return True
    try:
        return os.path.samefile(target, kept)
    except OSError:
        return False


def _check_writable(target: Path) -> None:
    """PermissionError if ``target`` is a file that may not be written (by its permissions, for anyone): the
    export is written beside it and renamed over it, which its folder allows, and would replace it where
    ``cp`` refuses."""
    try:
        mode = target.stat().st_mode
    except FileNotFoundError:
        return
    if not os.access(target, os.W_OK) or not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH):
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(target))


def _write_whole(target: Path, lines: Iterator[str]) -> int:
    """Write ``lines`` to a temporary file beside ``target``, synced, then rename it into place: the old file
    stays whole until the new one is."""
    fd, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".part")
    try:
        with open(fd, "w", encoding="utf-8") as out:
            write_lines(lines, out)
            os.fsync(out.fileno())
        os.chmod(temporary, _mode_for(target))
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    return 0


def _mode_for(target: Path) -> int:
    """The permissions the exported file gets: those of the file it replaces, else the usual ones."""
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def import_main(argv: list[str]) -> int:
    """``foursquare import FILE``; returns the exit status (1 when a line was rejected)."""
    parser = parser_for("import")
    parser.add_argument("file", metavar="FILE", help=OPTIONS["import"]["file"])
    return run_with_store(parser, argv, Need.HISTORY, _import_file, create=lambda args: True)


def _import_file(args: argparse.Namespace, store: Store) -> int:
    try:
        with open_named(args.file) as source:
            added, skipped, rejected = _import(store, source, "foursquare import")
    except OSError as exc:
        raise CommandError(why(os_problem(Kind.IMPORT_SOURCE, named_back(args.file), exc))) from None
    print(imported(added, skipped, rejected))
    return 1 if rejected else 0


def _import(store: Store, source: BinaryIO, prog: str) -> tuple[int, int, int]:
    """Add the good games of ``source`` in batches; how many were added, skipped and rejected."""
    added = skipped = rejected = 0
    batch: list[FinishedGame] = []
    for number, text in _lines(source):
        try:
            batch.append(_game(number, text))
        except StoreError as exc:
            rejected += 1
            if rejected <= SAID_REJECTED:
                print(f"{prog}: {why(exc.problem)}", file=sys.stderr)
            elif rejected == SAID_REJECTED + 1:
                print(f"{prog}: {more_rejected(SAID_REJECTED)}", file=sys.stderr)
            continue
        if len(batch) >= BATCH:
            news = store.add_imported(batch)
            added, skipped, batch = added + sum(news), skipped + news.count(False), []
    news = store.add_imported(batch) if batch else []
    return added + sum(news), skipped + news.count(False), rejected


def _game(number: int, text: bytes | None) -> FinishedGame:
    """The finished game on line ``number``; :class:`StoreError` saying why the line is refused."""
    if text is None:
        raise StoreError(Problem(Kind.IMPORT_LINE, Reason.LINE_TOO_LONG, number=number))
    value = decode_json(text, Kind.IMPORT_LINE, number=number)
    try:
        return FinishedGame.from_json(value)
    except MissingRecord:
        raise StoreError(Problem(Kind.IMPORT_LINE, Reason.NO_RECORD, number=number)) from None
    except (ValueError, TypeError, OverflowError, RecursionError) as exc:
        raise StoreError(invalid(Kind.IMPORT_LINE, None, exc, number)) from None


def _lines(source: BinaryIO) -> Iterator[tuple[int, bytes | None]]:
    """The lines that are not blank, numbered from 1; None for a line too long to be a game, and the last.

    A line that has not ended within :data:`MAX_LINE_BYTES` is no export (``/dev/zero`` never ends one):
    reading stops there.
    """
    number = 0
    while True:
        text = source.readline(MAX_LINE_BYTES + 1)
        if not text:
            return
        number += 1
        if len(text) > MAX_LINE_BYTES:
            yield number, None
            return
        if text.strip():
            yield number, text
