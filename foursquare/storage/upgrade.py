"""Opening a data folder: its database, with the files of older versions brought into it.

Older versions kept the counted games in ``stats.json`` and the game in
progress in ``game.json``.  The first time a folder holding them is opened,
both move into the database in one transaction and are then renamed
``NAME.imported``, so no player loses their statistics or their game.  A
damaged old file is moved aside as ``NAME.<UTC stamp>.corrupt`` like any
other, with one line saying so.  The database notes which file (by size and
time) it imported, so a process killed between the import and the rename
never imports the same file twice.
"""

from __future__ import annotations

import os
from datetime import datetime, timezone
from pathlib import Path

from foursquare.storage.files import look_into, quarantine
from foursquare.storage.formats import FinishedGame, load_game, parse_results, read_json
from foursquare.storage.problems import Kind, Problem, Reason, StoreError
from foursquare.storage.store import Store

__all__ = ["GAME_FILE", "IMPORTED_SUFFIX", "STATS_FILE", "open_folder"]

STATS_FILE = "stats.json"
GAME_FILE = "game.json"
IMPORTED_SUFFIX = ".imported"
_MAX_STATS_BYTES = 64 << 20
"""About a million games; a bigger file is not a statistics file."""
OLD_FILES = (STATS_FILE, GAME_FILE)


def open_folder(folder: Path, *, create: bool = True) -> tuple[Store, list[Problem]]:
    """The database of ``folder`` with any old files imported, and a problem for each one met.

    With ``create`` False, a folder holding neither a database nor old files
    is read as empty and nothing is written.  Raises what :meth:`Store.open`
    raises.
    """
    old = [folder / name for name in OLD_FILES if look_into(folder, name)]
    store, problems = Store.open(folder, create=create or bool(old))
    for path in old:
        problem = _import_stats(store, path) if path.name == STATS_FILE else _import_game(store, path)
        if problem is not None:
            problems.append(problem)
    return store, problems


def _identity(path: Path) -> str:
    """The note that says this very file was imported: its name, size and time of change."""
    info = path.stat()
    return f"imported {path.name} {info.st_size} {info.st_mtime_ns}"


def _import_stats(store: Store, path: Path) -> Problem | None:
    try:
        results = read_json(path, _MAX_STATS_BYTES, parse_results, Kind.OLD_STATS_DAMAGED) or []
    except StoreError as exc:
        return quarantine(exc.problem)
    identity = _identity(path)
    with store.changing() as changes:
        if changes.note(identity) is None:
            for result in results:
                finished = FinishedGame(None, result.deal, None, None, None, result.ending, result.score, None, True)
                changes.record(finished)
            changes.write_note(identity, datetime.now(timezone.utc).isoformat())
    return _rename_imported(path)


def _import_game(store: Store, path: Path) -> Problem | None:
    try:
        saved = load_game(path)
    except StoreError as exc:
        return quarantine(exc.problem)
    if saved is None:
        return None
    started = datetime.fromtimestamp(path.stat().st_mtime, timezone.utc).replace(microsecond=0)
    identity = _identity(path)
    with store.changing() as changes:
        if changes.note(identity) is None:
            changes.save_current(saved, started)
            changes.write_note(identity, datetime.now(timezone.utc).isoformat())
    return _rename_imported(path)


def _rename_imported(path: Path) -> Problem | None:
    """Rename an imported file ``NAME.imported`` (numbered if that name is taken); a problem if it cannot be."""
    for n in range(1, 100):
        target = path.with_name(path.name + (IMPORTED_SUFFIX if n == 1 else f".{n}{IMPORTED_SUFFIX}"))
        if os.path.lexists(target):
            continue
        try:
            os.rename(path, target)
        except FileNotFoundError:
            return None  # another foursquare imported it at the same moment
        except OSError as exc:
            return Problem(Kind.NOT_RENAMED, Reason.OS_ERROR, path, code=exc.errno)
        return None
    return Problem(Kind.NOT_RENAMED, Reason.TOO_MANY_COPIES, path)
