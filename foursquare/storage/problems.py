"""What went wrong with a kept file, as a value: which file and what happened (the kind), why, and where it went.

Storage never words a problem: it returns or raises a :class:`Problem`, and
:mod:`foursquare.words.problems` turns it into the line a player reads (and a
short form for a narrow screen).  A problem that stops an operation travels
in a :class:`StoreError`.
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path

from foursquare.engine.faults import Fault, Invalid
from foursquare.engine.values import Value, replace

__all__ = ["Fault", "Flaw", "Invalid", "Kind", "Problem", "Reason", "StoreError", "as_json", "invalid", "refused"]


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
    """``code`` is the system's error number (``errno``); :mod:`foursquare.words.problems` words it."""
    PERMISSION = "permission denied"
    MISSING = "no such file"
    TOO_LARGE = "too large"
    """``number`` is the limit in bytes."""
    LINE_TOO_LONG = "line too long"
    """A line without its end within ``number`` bytes."""
    EMPTY = "empty"
    NOT_TEXT = "not text"
    NOT_JSON = "not JSON"
    """``line`` and ``column`` say where the decoder stopped (``line`` None: the text is one line)."""
    TOO_DEEP = "nested too deeply"
    TOO_MANY_DIGITS = "a number with too many digits"
    INVALID = "invalid"
    """``fault`` says what the format's check found."""
    UNFORESEEN = "unforeseen"
    """Reading what the file holds failed in a way no check foresaw; ``detail`` keeps the error's own words for
    a maintainer (``str`` of the :class:`StoreError`), never for the player."""
    NO_RECORD = "no record"
    EXPORT_WITHOUT_RECORD = "export line without its record"
    """A line of ``foursquare export`` kept without the record of its placements (``game``)."""
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
    unmoved: Reason | int | None = None
    """Why the file could not be moved aside (a reason, or the system's error number); it is then left as it is."""
    other: Path | None = None
    """Another path the problem names: the file standing where a folder must be made."""
    fault: Fault | None = None
    """What a check found wrong with what the file holds (:attr:`Reason.INVALID`)."""
    code: int | None = None
    """The system's error number (``errno``) of :attr:`Reason.OS_ERROR`; None when the system gave none."""
    line: int | None = None
    """The line where the JSON decoder stopped (:attr:`Reason.NOT_JSON`), None in a text of one line."""
    column: int | None = None
    """The column where the JSON decoder stopped (:attr:`Reason.NOT_JSON`)."""

    def but(self, **changes: object) -> Problem:
        """This problem with some fields changed (where the file went, which kind of problem it is)."""
        return replace(self, **changes)


class Flaw(Enum):
    """What storage's checks found wrong in what a file or a row holds (in a
    :class:`~foursquare.engine.faults.Fault`, worded by :mod:`foursquare.words.faults`)."""

    # a finished game's ending and score
    RESULT = "result"
    """``value`` is no result."""
    NO_LOSS_REASON = "no loss reason"
    """A game ``other`` (won, abandoned) has loss reason ``value``."""
    LOSS_REASON = "loss reason"
    """A lost game has loss reason ``value``."""
    SCORE_WITHOUT_WIN = "score without a win"
    UNNUMBERED = "unnumbered deal"
    ENTRY_NOT_AN_OBJECT = "entry not an object"
    """``value`` (as Python writes it) is no JSON object."""
    DEAL_NUMBER = "deal number"
    """``value`` is no deal number."""
    ENDING = "ending"
    """``value`` is no ending."""
    WIN_SCORE = "win's score"
    """A win's score ``value`` is not from 0 to ``number``."""
    SCORE_NOT_WON = "score not won"
    """A game not won has score ``value``."""
    # help
    HELP_COUNTS = "help counts"
    AUTOPLAYED_AT_ORDER = "autoplayed_at order"
    HELP_NOT_AN_OBJECT = "help not an object"
    HELP_COUNT = "help count"
    """Help's count ``other`` is ``value``."""
    PLAYED_BEFORE = "played_before"
    AUTOPLAYED_AT = "autoplayed_at"
    AUTOPLAYED_AT_NOT_A_LIST = "autoplayed_at not a list"
    # rows of the database
    NOT_WHOLE = "not whole"
    """``value`` is not a whole number from ``number`` (to ``count``, when there is a most)."""
    SCORE_AND_RESULT = "score and result"
    """Score ``value`` does not go with result ``other``."""
    RECORD_NOT_AN_OBJECT = "record not an object"
    NO_STREAKS = "no streaks"
    SPLIT_NOT_THE_TALLY = "split not the tally"
    SCORE_WITH = "score with"
    """A score with ending ``other``."""
    TALLY_NOT_THE_GAMES = "tally not the games"
    STREAKS = "streaks"
    """Streaks ``number`` and ``count`` with ``value`` games won."""
    UNFINISHED_STATEMENT = "unfinished statement"
    # files: envelopes, dates and games
    NO_OBJECT = "no object"
    """The file holds no JSON object; it should be a ``reason`` (an envelope of :mod:`~.formats`)."""
    NO_FORMAT = "no format"
    """It should be a ``reason``: it has no format ``value``."""
    WRONG_FORMAT = "wrong format"
    """It should be a ``reason`` (format ``value``), and has format ``names[0]``."""
    VERSION = "version"
    """A ``reason`` of version ``value``; this program reads ``number``."""
    BAD_DATE = "bad date"
    """``value`` is no daily date."""
    BAD_TIME = "bad time"
    """``value`` is no time."""
    NO_TIME_ZONE = "no time zone"
    TIME_OUT_OF_RANGE = "time out of range"
    NOT_THE_DEALS_STOCK = "not the deal's stock"
    """The stock is not that of deal ``number``."""
    SAVED_WITHOUT_DEAL = "saved without a deal"
    NOT_THE_DAILY_DEAL = "not the daily deal"
    """Deal ``number`` is not the daily deal of ``value``."""
    NOT_AN_OBJECT = "not an object"
    EXPORT_VERSION = "export version"
    """Version ``value``; this program reads ``number``."""
    SCORE = "score"
    """``value`` is no score."""
    PLACED = "placed"
    """``value`` is no number of cards placed."""
    COUNTED = "counted"
    """``value`` is neither true nor false."""
    RESULT_TEXT = "result text"
    """``value`` is no result."""
    NO_RECORD = "no record"
    EXPORT_WITHOUT_RECORD = "export line without its record"
    """A line of ``foursquare export`` kept without the record of its placements (``game``)."""
    GAME_RECORD_NOT_AN_OBJECT = "game record not an object"
    DEAL_RANGE = "deal range"
    """Deal number ``number`` is out of range."""
    SCORE_RANGE = "score range"
    """Score ``number`` is not from 0 to ``count``."""
    STARTED_AFTER_ENDED = "started after ended"
    """Started at ``value``, ended at ``other``."""
    DATED_IN_THE_FUTURE = "dated in the future"
    """Started or ended at ``value``, later than the clock (it would stay the newest game for good)."""
    RECORD_OF_ANOTHER_DEAL = "record of another deal"
    """The record is of deal ``count``, not ``number``."""
    RECORD_SCORE = "record's score"
    """The record's game ended with score ``count``, not ``number``."""
    LINE_NOT_OVER = "line says over, record not"
    """The line says ``other`` is ``value`` but its record's game is not over after ``number`` placements."""
    LINE_OTHER_END = "line says another end"
    """The line says ``other`` is ``value`` but its record's game ended with ``names[0]``."""
    ABANDONED_OVER = "abandoned but over"
    PLACED_COUNT = "placed count"
    """``number`` cards placed, but the record places ``count``."""
    AUTOPLAY_PAST_THE_END = "autoplay past the end"
    """Autoplay made placement ``number``, but the record places ``count``."""
    GAMES_NOT_A_LIST = "games not a list"
    GAME = "game"
    """Game ``number`` of a statistics file: ``inner`` says what is wrong."""
    COUNTED_TWICE = "counted twice"
    """Game ``number`` counts deal ``count`` a second time."""


def refused(
    flaw: Flaw,
    value: str | None = None,
    number: int | None = None,
    *,
    other: str | None = None,
    names: tuple[str, ...] = (),
    inner: Fault | None = None,
    count: int | None = None,
) -> Invalid:
    """The :class:`~foursquare.engine.faults.Invalid` to raise for ``flaw`` with the facts its words name."""
    return Invalid(Fault(flaw, value, number, other, names, None, inner, count))


def invalid(kind: Kind, path: Path | None, exc: Exception, number: int | None = None) -> Problem:
    """A problem of ``kind``: what a check found (``exc``'s fault), where JSON text stopped being JSON, nesting
    too deep to follow, or an unforeseen error (its own words kept as the detail, which the player is not shown:
    they are Python's, in English)."""
    from json import JSONDecodeError  # only a refusal needs it

    if isinstance(exc, Invalid):
        return Problem(kind, Reason.INVALID, path, number=number, fault=exc.fault)
    if isinstance(exc, JSONDecodeError):  # JSON kept inside a row: where it stopped, not the decoder's English
        return Problem(kind, Reason.NOT_JSON, path, number=number, line=exc.lineno, column=exc.colno)
    if isinstance(exc, RecursionError):
        return Problem(kind, Reason.TOO_DEEP, path, number=number)
    return Problem(kind, Reason.UNFORESEEN, path, " ".join(str(exc).split()) or type(exc).__name__, number)


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
