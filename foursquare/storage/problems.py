"""What went wrong with a kept file, as a value: which file and what happened (the kind), why, and where it went.

Storage never words a problem: it returns or raises a :class:`Problem`, and
:mod:`foursquare.words.problems` turns it into the line a player reads (and a
short form for a narrow screen).  A problem that stops an operation travels
in a :class:`StoreError`.
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path

from foursquare.engine.values import Value, replace

__all__ = ["Kind", "Problem", "Reason", "StoreError", "as_json"]


class Kind(Enum):
    """Which file or part of the data folder, and what became of it."""

    # files that could not be used and were moved aside (or could not be moved)
    DATABASE_DAMAGED = "database damaged"
    """The database failed SQLite's checks or is not a database."""
    DATABASE_STRANGER = "database stranger"
    """Something other than a regular file stood where the database or a companion belongs."""
    SAVED_GAME_DAMAGED = "saved game damaged"
    """An older version's ``game.json`` could not be used."""
    OLD_STATS_DAMAGED = "old statistics damaged"
    """An older version's ``stats.json`` could not be used."""
    LOCK_STRANGER = "lock stranger"
    """Something other than a regular file stood where the window lock belongs."""
    NOT_RENAMED = "not renamed"
    """An old file was imported but could not be renamed ``NAME.imported``."""
    # the database refusing
    DATABASE_UNOPENABLE = "database cannot be opened"
    DATABASE_UNUSABLE = "database cannot be used"
    DATABASE_NEWER = "database from a newer version"
    DATABASE_NEGATIVE = "database with a negative version"
    DATABASE_KEEPS_BREAKING = "database keeps coming back damaged"
    DATABASE_NO_ACCESS = "database may not be opened"
    REFUSED = "refused"
    """An operation on an open database failed (a full disk, a busy database)."""
    # the data folder
    FOLDER_IS_A_FILE = "folder is a file"
    FOLDER_UNDER_A_FILE = "folder under a file"
    FOLDER_CANNOT_BE_MADE = "folder cannot be made"
    FOLDER_UNREADABLE = "folder cannot be read"
    LOCK_CANNOT_BE_MADE = "lock cannot be made"
    LOCK_KEEPS_BREAKING = "lock keeps coming back as something else"
    # what a kept row holds
    GAME_IN_PROGRESS = "game in progress unusable"
    """The game on the table breaks the rules or cannot be read; a new game is dealt."""
    GAME_ROW_SKIPPED = "finished game skipped"
    """A row of the history cannot be read; it is left out (``number`` is its id)."""
    TALLY_REBUILT = "tally rebuilt"
    """The statistics disagreed with the games; they were worked out again from the games."""
    REVIEW_DROPPED = "review dropped"
    """A kept review cannot be read; it is dropped and made again (``number`` is the game's id)."""
    # files and lines given by the player
    RECORD_FILE = "record file"
    """A game record file (``review --file``) that cannot be used."""
    IMPORT_LINE = "import line"
    """A line of an import that was refused (``number`` is the line's number)."""
    IMPORT_SOURCE = "import source"
    """The file to import cannot be read."""
    EXPORT_TARGET = "export target"
    """The file to export to cannot be written."""
    EXPORT_OVER_KEPT = "export over a kept file"
    """The file to export to is one of the data folder's own files."""


class Reason(Enum):
    """Why: a kind of file, a failure of the system or of SQLite, or what a check found."""

    # what stands where a regular file should
    SYMLINK = "symbolic link"
    FOLDER = "folder"
    FIFO = "named pipe"
    SOCKET = "socket"
    DEVICE = "device"
    NOT_REGULAR = "not a regular file"
    # reading a file
    OS_ERROR = "system error"
    """``detail`` is the system's own words (``strerror``)."""
    PERMISSION = "permission denied"
    MISSING = "no such file"
    TOO_LARGE = "too large"
    """``number`` is the limit in bytes."""
    LINE_TOO_LONG = "line too long"
    """A line without its end within ``number`` bytes."""
    EMPTY = "empty"
    NOT_TEXT = "not text"
    NOT_JSON = "not JSON"
    """``detail`` is the decoder's message and where it stopped."""
    TOO_DEEP = "nested too deeply"
    TOO_MANY_DIGITS = "a number with too many digits"
    INVALID = "invalid"
    """``detail`` says what the format's check found."""
    NO_RECORD = "no record"
    """A finished game without its placements, so it cannot be checked."""
    SEVERAL_GAMES = "several games"
    """A file that holds one game a line (an export) where one game was wanted."""
    TOO_MANY_COPIES = "too many copies"
    """Every name to move or rename a file to is taken."""
    # SQLite
    DISK_FULL = "disk full"
    READ_ONLY = "read-only"
    BUSY = "busy"
    CANNOT_OPEN = "cannot open"
    DISK_IO = "disk I/O"
    DAMAGED = "damaged"
    NOT_A_DATABASE = "not a database"
    FOREIGN = "foreign"
    """A database with tables but no layout version: another program's, which Foursquare must not write into."""
    CHECK_FAILED = "failed the check"
    """``detail`` is the first thing SQLite's ``quick_check`` found."""
    SQLITE = "SQLite"
    """Any other SQLite error; ``detail`` is its message."""
    # the rest
    NEWER = "newer"
    """``number`` is the version found."""
    DISAGREES = "disagrees"
    """The kept figures are not those of the games."""


NOT_A_FILE = frozenset({Reason.SYMLINK, Reason.FOLDER, Reason.FIFO, Reason.SOCKET, Reason.DEVICE, Reason.NOT_REGULAR})
"""The reasons that say what stands where a regular file should."""


class Problem(Value):
    """One problem met in the data folder or in a file given to a command."""

    kind: Kind
    reason: Reason
    path: Path | None = None
    detail: str | None = None
    """A short technical detail: the system's or SQLite's message, or what a check found."""
    number: int | None = None
    """A number the reason needs: a size limit, a version, a line number or a game's id."""
    aside: Path | None = None
    """Where the file was moved (a folder when another process moved it first)."""
    unmoved: Reason | str | None = None
    """Why the file could not be moved aside (a reason, or the system's words); it is then left as it is."""
    other: Path | None = None
    """Another path the problem names: the file standing where a folder must be made."""

    def but(self, **changes: object) -> Problem:
        """This problem with some fields changed (where the file went, which kind of problem it is)."""
        return replace(self, **changes)


class StoreError(Exception):
    """The data folder or its database cannot be used for what was asked; ``problem`` says why."""

    def __init__(self, problem: Problem) -> None:
        detail = f" ({problem.detail})" if problem.detail else ""
        super().__init__(f"{problem.kind.value}: {problem.reason.value}{detail}")
        self.problem = problem


def as_json(value: object) -> str:
    """A value read from a file as the file spells it (``null``, ``true``, ``"x"``), for the reason it is
    refused: the player reads JSON there, not Python's ``None`` or ``'x'``."""
    import json  # only a refusal needs it

    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)
