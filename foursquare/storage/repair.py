"""Damaged database files: moved aside with their companions, and a fresh database started in their place.

A file that is not a database, or fails SQLite's check, is renamed
``foursquare.db.<UTC stamp>.corrupt`` with its companion files stamped alike,
and a fresh database is started; anything but a regular file where the
database or its companions belong is moved aside too, so SQLite never
follows a link out of the data folder.  Each move is a :class:`Problem` for
the caller to show.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sqlite3
from pathlib import Path

from foursquare.storage.files import open_regular, os_problem, quarantine
from foursquare.storage.problems import Kind, Problem, Reason, StoreError
from foursquare.storage.schema import COMPANIONS, Damaged, connect

__all__ = ["open_database", "set_aside"]

TRIES = 3
"""How many damaged files in a row are moved aside before the database is given up on."""


def open_database(path: Path) -> tuple[sqlite3.Connection, list[Problem]]:
    """The database at ``path``, moving damaged files aside on the way; a problem for each file moved.

    :class:`StoreError` when it cannot be opened, or keeps coming back damaged.
    """
    problems: list[Problem] = []
    for _ in range(TRIES):
        stranger = _set_aside_strangers(path)
        if stranger is not None:
            problems.append(stranger)
            continue
        try:
            return connect(path), problems
        except Damaged as exc:
            problems.append(set_aside(path, exc.reason, exc.detail))
    raise StoreError(Problem(Kind.DATABASE_KEEPS_BREAKING, Reason.DAMAGED, path))


def set_aside(path: Path, reason: Reason, detail: str | None = None) -> Problem:
    """Move a damaged database aside with its companion files, stamped alike; the problem that says so.

    :class:`StoreError` with the same problem when it cannot be moved: nothing can be kept then.
    """
    moved = quarantine(Problem(Kind.DATABASE_DAMAGED, reason, path, detail))
    if moved.aside is None:
        raise StoreError(moved)
    for suffix in COMPANIONS:
        companion = path.with_name(path.name + suffix)
        if os.path.lexists(companion):
            with contextlib.suppress(OSError):
                os.rename(companion, moved.aside.with_name(moved.aside.name + suffix))
    return moved


def _set_aside_strangers(path: Path) -> Problem | None:
    """Move aside anything but a regular file where the database or its companions belong; the problem if so."""
    for candidate in (path, *(path.with_name(path.name + suffix) for suffix in COMPANIONS)):
        if not os.path.lexists(candidate):
            continue
        try:
            os.close(open_regular(candidate))
        except FileNotFoundError:
            continue
        except OSError as exc:
            if exc.errno in _NO_ACCESS:
                raise StoreError(os_problem(Kind.DATABASE_NO_ACCESS, candidate, exc)) from None
            moved = quarantine(os_problem(Kind.DATABASE_STRANGER, candidate, exc))
            if moved.aside is None:
                raise StoreError(moved) from None
            return moved
    return None


_NO_ACCESS = (errno.EACCES, errno.EPERM)
"""A file the player may not open is theirs to fix, not damage to move aside."""
