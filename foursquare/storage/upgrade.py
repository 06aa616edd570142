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
from typing import Any

from foursquare.storage.database import FinishedGame, Store
from foursquare.storage.files import GAME_FILE, Unusable, check_envelope, load_game, quarantine, read_json
from foursquare.storage.stats import Result

__all__ = ["IMPORTED_SUFFIX", "STATS_FILE", "STATS_FORMAT", "STATS_VERSION", "open_folder", "parse_results"]

STATS_FILE = "stats.json"
STATS_FORMAT = "foursquare-stats"
STATS_VERSION = 1
IMPORTED_SUFFIX = ".imported"
_MAX_STATS_BYTES = 64 << 20
"""About a million games; a bigger file is not a statistics file."""
OLD_FILES = (STATS_FILE, GAME_FILE)


def open_folder(folder: Path, *, create: bool = True) -> tuple[Store, list[str]]:
    """The database of ``folder`` with any old files imported, and a line for each problem met.

    With ``create`` False, a folder holding neither a database nor old files
    is read as empty and nothing is written.  Raises what :meth:`Store.open`
    raises.
    """
    old = [folder / name for name in OLD_FILES if os.path.lexists(folder / name)]
    store, notes = Store.open(folder, create=create or bool(old))
    for path in old:
        note = _import_stats(store, path) if path.name == STATS_FILE else _import_game(store, path)
        if note is not None:
            notes.append(note)
    return store, notes


def parse_results(value: Any) -> list[Result]:
    """Check a decoded ``stats.json`` and read its games; ValueError says what is wrong."""
    games = check_envelope(value, STATS_FORMAT, STATS_VERSION, "statistics file").get("games")
    if not isinstance(games, list):
        raise ValueError("the games must be a list")
    results: list[Result] = []
    seen: set[int] = set()
    for n, entry in enumerate(games, start=1):
        try:
            result = Result.from_json(entry)
        except ValueError as exc:
            raise ValueError(f"game {n}: {exc}") from None
        if result.deal in seen:
            raise ValueError(f"game {n}: deal {result.deal} is counted twice")
        seen.add(result.deal)
        results.append(result)
    return results


def _identity(path: Path) -> str:
    """The note that says this very file was imported: its name, size and time of change."""
    info = path.stat()
    return f"imported {path.name} {info.st_size} {info.st_mtime_ns}"


def _import_stats(store: Store, path: Path) -> str | None:
    try:
        results = read_json(path, _MAX_STATS_BYTES, parse_results) or []
    except Unusable as exc:
        return quarantine(path, str(exc)).note("Your old statistics file", "statistics")
    identity = _identity(path)
    with store.changing() as changes:
        if changes.note(identity) is None:
            for result in results:
                finished = FinishedGame(None, result.deal, None, None, None, result.ending, result.score, None, True)
                changes.record(finished)
            changes.write_note(identity, datetime.now(timezone.utc).isoformat())
    return _rename_imported(path)


def _import_game(store: Store, path: Path) -> str | None:
    try:
        saved = load_game(path)
    except Unusable as exc:
        damaged = quarantine(path, str(exc))
        return damaged.note("The saved game", "saved game", "a new game was dealt")
    if saved is None:
        return None
    started = datetime.fromtimestamp(path.stat().st_mtime, timezone.utc).replace(microsecond=0)
    identity = _identity(path)
    with store.changing() as changes:
        if changes.note(identity) is None:
            changes.save_current(saved, started)
            changes.write_note(identity, datetime.now(timezone.utc).isoformat())
    return _rename_imported(path)


def _rename_imported(path: Path) -> str | None:
    """Rename an imported file ``NAME.imported`` (numbered if that name is taken); a line if it cannot be."""
    for n in range(1, 100):
        target = path.with_name(path.name + (IMPORTED_SUFFIX if n == 1 else f".{n}{IMPORTED_SUFFIX}"))
        if os.path.lexists(target):
            continue
        try:
            os.rename(path, target)
        except FileNotFoundError:
            return None  # another foursquare imported it at the same moment
        except OSError as exc:
            return f"{path} was imported but could not be renamed ({exc.strerror or exc})."
        return None
    return f"{path} was imported but could not be renamed (too many imported copies already)."
