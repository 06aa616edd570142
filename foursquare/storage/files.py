"""Where Foursquare keeps its files, and what it does with one it cannot use.

Everything lives in one folder (:func:`data_dir`): the database (see
:mod:`foursquare.storage.database`), the window lock, and the files of older
versions until they are imported.  A file that cannot be used is never
deleted or overwritten: it is renamed aside (:func:`quarantine`) for the
player to inspect, and the caller gets one line saying so.  Only regular
files are ever opened (:func:`open_regular`), so a FIFO, a device or a
symlink in place of a kept file is refused at once instead of hanging or
writing somewhere else.

Older versions kept the game in progress in ``game.json``: the engine's own
record (see :meth:`Game.to_record`) inside a small versioned envelope::

    {"format": "foursquare-saved-game", "version": 1,
     "daily": "2026-11-30" or null,
     "game": {"format": "foursquare-game", "version": 1, "seed": 20261130,
              "stock": ["6H", "9C", ...], "placements": [[0, 0], [0, 1], ...]}}

Loading replays the placements through the rules, so a saved game that the
rules would not allow is refused like any other damaged file.
"""

from __future__ import annotations

import errno
import json
import os
import stat
from collections.abc import Callable, Iterable
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
    "Note",
    "SavedGame",
    "Unusable",
    "check_envelope",
    "data_dir",
    "describe_error",
    "join_notes",
    "load_game",
    "make_folder",
    "open_regular",
    "parse_day",
    "parse_iso",
    "parse_saved_game",
    "quarantine",
    "read_json",
    "saved_game_json",
    "wrong_format",
]

ENV_HOME = "FOURSQUARE_HOME"
"""When set (and not empty), the folder to keep everything in instead of the platform's."""
GAME_FILE = "game.json"
SAVE_FORMAT = "foursquare-saved-game"
SAVE_VERSION = 1
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
    """Create ``folder`` if need be; else an OSError whose words say why it cannot be made."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise NotADirectoryError(errno.ENOTDIR, "it is a file, not a folder", str(folder)) from None
    except NotADirectoryError:
        blocker = next((p for p in folder.parents if p.exists() and not p.is_dir()), folder.parent)
        words = f"the data folder cannot be made: {blocker} is a file, not a folder"
        raise NotADirectoryError(errno.ENOTDIR, words, str(folder)) from None
    except OSError as exc:
        raise OSError(exc.errno, f"the data folder cannot be made: {exc.strerror or exc}", str(folder)) from None


# --- reading and damaged files -------------------------------------------------


class Unusable(Exception):
    """A file that exists but cannot be used; the message says why, in words for players."""


def describe_error(exc: OSError | Unusable) -> str:
    """Why a file operation failed, in a few words for players (no traceback, no errno)."""
    if isinstance(exc, TimeoutError):
        return "another foursquare kept the file locked too long; try again"
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return str(exc)


def open_regular(path: Path, flags: int = os.O_RDONLY) -> int:
    """Open ``path`` only if it is a regular file, never blocking and never following a symlink.

    A FIFO opened for reading would wait for a writer forever, and a symlink
    could lead a write out of the data folder: both are refused, as is a
    folder or a device, with an OSError whose words say what the thing is.
    FileNotFoundError when there is nothing there.
    """
    nofollow = getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags | nofollow | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.EISDIR, errno.ENXIO) or (nofollow and path.is_symlink()):
            raise OSError(exc.errno, not_a_file(path), str(path)) from None
        raise
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        raise OSError(errno.EINVAL, not_a_file(path), str(path))
    if hasattr(os, "set_blocking"):
        os.set_blocking(fd, True)
    return fd


def not_a_file(path: Path) -> str:
    """What stands at ``path`` instead of a regular file, in words (it is not looked into)."""
    try:
        mode = path.lstat().st_mode
    except OSError:
        return "not a regular file"
    kinds = [
        (stat.S_ISLNK, "a symbolic link"),
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISFIFO, "a named pipe"),
        (stat.S_ISSOCK, "a socket"),
        (stat.S_ISCHR, "a device"),
        (stat.S_ISBLK, "a device"),
    ]
    kind = next((name for test, name in kinds if test(mode)), "not a regular file")
    return f"{kind}, not a regular file" if kind != "not a regular file" else kind


def read_json(path: Path, limit: int, parse: Callable[[Any], T]) -> T | None:
    """Read, decode and check a JSON file; None if there is no such file.

    ``parse`` turns the decoded JSON into a value and raises ValueError (or
    TypeError) saying what is wrong.  Every way the file can fail, from a
    permission error to an illegal game, comes out as :class:`Unusable`.
    """
    try:
        fd = open_regular(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise Unusable(f"cannot be read: {exc.strerror or exc}") from None
    try:
        with open(fd, "rb") as file:
            raw = file.read(limit + 1)
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
    except ValueError:  # Python refuses to convert integers of more than 4,300 digits
        raise Unusable("not valid JSON: a number with too many digits") from None
    try:
        return parse(value)
    except (ValueError, TypeError, OverflowError) as exc:
        raise Unusable(str(exc)) from None


class Note(str):
    """A line for the player with a short form that names the same file, for the game window's message line.

    The game window prints every full line again after the game, so its short
    form only has to say what happened and where the file went.
    """

    short: str

    def __new__(cls, line: str, short: str) -> Note:
        note = super().__new__(cls, line)
        note.short = short
        return note


def join_notes(notes: Iterable[str | None]) -> str | None:
    """``notes`` as one line, or None; the short forms of any :class:`Note` among them are kept, joined alike."""
    said = [note for note in notes if note]
    if not any(isinstance(note, Note) for note in said):
        return " ".join(said) or None
    return Note(" ".join(said), " ".join(note.short if isinstance(note, Note) else note for note in said))


@dataclass(frozen=True)
class Damaged:
    """A file that could not be used, and where it went."""

    path: Path
    reason: str
    aside: Path | None
    """Where the file was moved, or None if it could not be moved (then it must not be overwritten)."""
    error: str | None = None
    """Why it could not be moved, when it could not."""

    def describe(self, what: str, then: str | None = None) -> str:
        """A sentence (without its full stop): ``what`` (say, "The saved game") could not be used, why, where it
        went and ``then`` what was done about it."""
        if self.aside is not None:
            moved = f"{what} could not be used ({self.reason}); it was moved to {self.aside}"
            return f"{moved} and {then}" if then else moved
        left = (
            f"{what} in {self.path} could not be used ({self.reason}) nor moved aside ({self.error}), "
            "so the file is left as it is"
        )
        return f"{left}; {then}" if then else left

    def note(self, what: str, noun: str, then: str | None = None) -> Note:
        """:meth:`describe` as a line, short enough on screen as "Damaged ``noun`` renamed NAME.…corrupt"."""
        if self.aside is None:
            done = "left as it is"
        elif self.aside.name.startswith(self.path.name + ".") and self.aside.name.endswith(CORRUPT_SUFFIX):
            done = f"renamed {self.path.name}.…{CORRUPT_SUFFIX.lstrip('.')}"  # the time stamp is in the full line
        else:
            done = "moved aside"
        return Note(self.describe(what, then) + ".", f"Damaged {noun} {done}; more when you quit.")


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


def wrong_format(value: dict[str, Any], form: str, what: str) -> str:
    """Why ``value`` is not of format ``form``, naming the key and value it should have so the reader can look."""
    expected = f'"format": {json.dumps(form)}'
    if "format" not in value:
        return f"not a Foursquare {what}: it has no {expected}"
    return f'not a Foursquare {what}: it has "format": {json.dumps(value["format"])}, not {expected}'


def check_envelope(value: Any, form: str, version: int, what: str) -> dict[str, Any]:
    """``value`` as a JSON object of format ``form`` and ``version``; ValueError naming ``what`` it should be."""
    if not isinstance(value, dict):
        raise ValueError(f"not a {what}: the file holds no JSON object")
    if value.get("format") != form:
        raise ValueError(wrong_format(value, form, what))
    found = value.get("version")
    if type(found) is not int or found != version:
        raise ValueError(f"unknown {what} version {found!r}; this program reads version {version}")
    return value


def parse_saved_game(value: Any) -> SavedGame:
    """Check a decoded saved-game envelope and replay its game; ValueError says what is wrong."""
    value = check_envelope(value, SAVE_FORMAT, SAVE_VERSION, "saved game")
    daily = parse_day(value.get("daily"))
    game = Game.from_record(value.get("game"))
    if game.seed is None:
        raise ValueError("the saved game has no deal number")
    if game.stock != tuple(shuffled_deck(game.seed)):
        raise ValueError(f"the saved stock is not the stock of deal {game.seed}")
    if daily is not None and deal_number(daily) != game.seed:
        raise ValueError(f"deal {game.seed} is not the daily deal of {daily.isoformat()}")
    return SavedGame(game, daily)


def parse_iso(text: object, parse: Callable[[str], T], what: str) -> T | None:
    """A date or time as written in kept files (ISO, or null for none); ValueError naming ``what`` if not one."""
    if text is None:
        return None
    if not isinstance(text, str):
        raise ValueError(f"bad {what} {text!r}")
    try:
        return parse(text)
    except ValueError:
        raise ValueError(f"bad {what} {text!r}") from None


def parse_day(text: object) -> date | None:
    """A daily deal's date as written in files (ISO, or null for none); ValueError if it is not one."""
    return parse_iso(text, date.fromisoformat, "daily date")


def load_game(path: Path) -> SavedGame | None:
    """The saved game at ``path``, None if there is none; :class:`Unusable` if it is damaged."""
    return read_json(path, _MAX_SAVE_BYTES, parse_saved_game)
