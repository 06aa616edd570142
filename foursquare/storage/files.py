"""Where Foursquare keeps its files, how it writes them, and the saved game.

Everything lives in one folder (:func:`data_dir`).  Every file is written
whole or not at all (:func:`write_atomic`), so a crash, a kill or a power cut
leaves the old file or the new one, never a torn one.  A file that cannot be
used is never deleted or overwritten: it is renamed aside (:func:`quarantine`)
for the player to inspect, and the caller gets one line saying so.

The saved game is the engine's own record (the stock and the placements, see
:meth:`Game.to_record`) inside a small versioned envelope::

    {"format": "foursquare-saved-game", "version": 1,
     "daily": "2026-11-30" or null,
     "game": {"format": "foursquare-game", "version": 1, "seed": 20261130,
              "stock": ["6H", "9C", ...], "placements": [[0, 0], [0, 1], ...]}}

Loading replays the placements through the rules, so a saved game that the
rules would not allow is refused like any other damaged file.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, timezone
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

import platformdirs

from foursquare.deals import deal_number
from foursquare.engine import Game, shuffled_deck

__all__ = [
    "ENV_HOME",
    "GAME_FILE",
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "Damaged",
    "SavedGame",
    "Unusable",
    "data_dir",
    "explain",
    "load_game",
    "make_folder",
    "parse_saved_game",
    "quarantine",
    "read_json",
    "save_game",
    "saved_game_json",
    "sweep_temp_files",
    "write_atomic",
]

ENV_HOME = "FOURSQUARE_HOME"
"""When set (and not empty), the folder to keep everything in instead of the platform's."""
GAME_FILE = "game.json"
SAVE_FORMAT = "foursquare-saved-game"
SAVE_VERSION = 1
TEMP_SUFFIX = ".tmp"
CORRUPT_SUFFIX = ".corrupt"
_MAX_SAVE_BYTES = 1 << 20
"""A real saved game is about a kilobyte; anything this big is not one."""

T = TypeVar("T")


def data_dir() -> Path:
    """The folder holding the saved game and the statistics; it may not exist yet.

    ``$FOURSQUARE_HOME`` when set, else the platform's user data folder
    (``$XDG_DATA_HOME/foursquare``, by default ``~/.local/share/foursquare``,
    on Linux).  Nothing is created here: writers create it when they first
    write.
    """
    home = os.environ.get(ENV_HOME)
    if home:
        return Path(home).expanduser().absolute()
    return Path(platformdirs.user_data_dir("foursquare", appauthor=False))


def make_folder(folder: Path) -> None:
    """Create ``folder`` if need be; a file in its place is an OSError that says so."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise NotADirectoryError(errno.ENOTDIR, f"{folder} is a file, not a folder", str(folder)) from None


# --- writing -----------------------------------------------------------------


def write_atomic(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` so that the file is always whole: old or new.

    The bytes go to a temporary file in the same folder (same file system, so
    the rename is atomic), are flushed to the disk, and only then renamed over
    ``path``; the folder is synced last so the rename itself survives a power
    cut.  On failure the temporary file is removed and the old file is left
    as it was; the error propagates.
    """
    folder = path.parent
    make_folder(folder)
    fd, temp = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=TEMP_SUFFIX)
    try:
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    _sync_folder(folder)


def _sync_folder(folder: Path) -> None:
    """Flush a folder's entries to disk where the platform allows it (not on Windows)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems cannot sync a folder; the data itself is already synced
    finally:
        os.close(fd)


def sweep_temp_files(folder: Path, older_than: float = 3600.0) -> None:
    """Remove temporary files a killed writer left behind.

    Only files older than ``older_than`` seconds go, so a write in progress in
    another process is never disturbed.
    """
    limit = time.time() - older_than
    with contextlib.suppress(OSError):
        for entry in folder.glob(f".*{TEMP_SUFFIX}"):
            with contextlib.suppress(OSError):
                if entry.is_file() and entry.stat().st_mtime < limit:
                    entry.unlink()


# --- reading and damaged files -------------------------------------------------


class Unusable(Exception):
    """A file that exists but cannot be used; the message says why, in words for players."""


def explain(exc: OSError | Unusable) -> str:
    """Why a file operation failed, in a few words for players (no traceback, no errno)."""
    if isinstance(exc, TimeoutError):
        return "another foursquare kept the file locked too long; try again"
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return str(exc)


def read_json(path: Path, limit: int, parse: Callable[[Any], T]) -> T | None:
    """Read, decode and check a JSON file; None if there is no such file.

    ``parse`` turns the decoded JSON into a value and raises ValueError (or
    TypeError) saying what is wrong.  Every way the file can fail, from a
    permission error to an illegal game, comes out as :class:`Unusable`.
    """
    try:
        with open(path, "rb") as file:
            raw = file.read(limit + 1)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise Unusable(f"cannot be read: {exc.strerror or exc}") from None
    if len(raw) > limit:
        raise Unusable(f"larger than {limit:,} bytes")
    if not raw.strip():
        raise Unusable("the file is empty")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise Unusable("not text") from None
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise Unusable(f"not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except RecursionError:
        raise Unusable("not valid JSON: nested too deeply") from None
    try:
        return parse(value)
    except (ValueError, TypeError) as exc:
        raise Unusable(str(exc)) from None


@dataclass(frozen=True)
class Damaged:
    """A file that could not be used, and where it went."""

    path: Path
    reason: str
    aside: Path | None
    """Where the file was moved, or None if it could not be moved (then it must not be overwritten)."""
    error: str | None = None
    """Why it could not be moved, when it could not."""

    def describe(self, what: str) -> str:
        """A sentence (without its full stop): ``what`` (say, "The saved game") could not be loaded, and why."""
        if self.aside is not None:
            return f"{what} could not be loaded ({self.reason}) and was moved to {self.aside}"
        return (
            f"{what} in {self.path} could not be loaded ({self.reason}) nor moved aside ({self.error}), "
            "so the file is left as it is"
        )


def quarantine(path: Path, reason: str, now: datetime | None = None) -> Damaged:
    """Rename a damaged file to ``NAME.YYYYMMDDTHHMMSSZ.corrupt`` beside it, never over another file."""
    stamp = (now or datetime.now(timezone.utc)).strftime("%Y%m%dT%H%M%SZ")
    for n in range(1, 1000):
        extra = "" if n == 1 else f"-{n}"
        aside = path.with_name(f"{path.name}.{stamp}{extra}{CORRUPT_SUFFIX}")
        if aside.exists():
            continue
        try:
            os.rename(path, aside)
        except FileNotFoundError:  # another process moved it aside first, into the same folder
            return Damaged(path, reason, path.parent)
        except OSError as exc:
            return Damaged(path, reason, None, exc.strerror or str(exc))
        return Damaged(path, reason, aside)
    return Damaged(path, reason, None, "too many damaged copies already")


# --- the saved game ----------------------------------------------------------


class SavedGame(NamedTuple):
    """A game in progress and what the rules do not record about it."""

    game: Game
    daily: date | None
    """The date whose daily deal this is, or None for any other deal."""


def saved_game_json(game: Game, daily: date | None) -> dict[str, Any]:
    """The saved-game envelope of ``game``, ready for ``json.dumps``."""
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "daily": daily.isoformat() if daily is not None else None,
        "game": game.to_record(),
    }


def parse_saved_game(value: Any) -> SavedGame:
    """Check a decoded saved-game envelope and replay its game; ValueError says what is wrong."""
    if not isinstance(value, dict):
        raise ValueError("not a saved game: the file holds no JSON object")
    if value.get("format") != SAVE_FORMAT:
        raise ValueError(f"not a Foursquare saved game (format {value.get('format')!r})")
    version = value.get("version")
    if type(version) is not int or version != SAVE_VERSION:
        raise ValueError(f"unknown saved-game version {version!r}; this program reads version {SAVE_VERSION}")
    daily = _parse_date(value.get("daily"))
    game = Game.from_record(value.get("game"))
    if game.seed is None:
        raise ValueError("the saved game has no deal number")
    if game.stock != tuple(shuffled_deck(game.seed)):
        raise ValueError(f"the saved stock is not the stock of deal {game.seed}")
    if daily is not None and deal_number(daily) != game.seed:
        raise ValueError(f"deal {game.seed} is not the daily deal of {daily.isoformat()}")
    return SavedGame(game, daily)


def _parse_date(text: object) -> date | None:
    if text is None:
        return None
    if not isinstance(text, str):
        raise ValueError(f"bad daily date {text!r}")
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise ValueError(f"bad daily date {text!r}") from None


def save_game(path: Path, game: Game, daily: date | None) -> None:
    """Write the game atomically; OSError if the disk refuses."""
    text = json.dumps(saved_game_json(game, daily), separators=(",", ":"))
    write_atomic(path, text.encode("utf-8"))


def load_game(path: Path) -> SavedGame | None:
    """The saved game at ``path``, None if there is none; :class:`Unusable` if it is damaged."""
    return read_json(path, _MAX_SAVE_BYTES, parse_saved_game)
