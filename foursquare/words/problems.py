"""Every storage problem in words: the full line, the short form for a narrow screen, and the reason alone.

Storage hands back :class:`~foursquare.storage.problems.Problem` values; this
module is the one place that says them.  :func:`line` is the whole sentence
(printed on standard error, or after the game), :func:`short` fits the game
window's message line (the full line follows when the game ends), and
:func:`why` is the clause that another sentence embeds ("Could not save the
game: {why}.").
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum
from pathlib import Path

from foursquare.storage.files import CORRUPT_SUFFIX
from foursquare.storage.formats import MAX_LINE_BYTES
from foursquare.storage.problems import NOT_A_FILE, Kind, Problem, Reason
from foursquare.storage.schema import SCHEMA_VERSION
from foursquare.words.faults import fault_words
from foursquare.words.quote import shown

__all__ = [
    "Need",
    "Note",
    "cannot_use",
    "closed_streams",
    "join_notes",
    "line",
    "note",
    "reason",
    "short",
    "unwritable_output",
    "why",
    "window_open",
]


class Need(Enum):
    """What a command wanted from the data folder, for the line saying it cannot have it."""

    HISTORY = "the history"
    STATISTICS = "the statistics"


DETAIL_LIMIT = 160
"""The most characters of a technical detail shown: enough for any check's words, not for a 4,000-digit number."""

_REASONS: dict[Reason, str] = {
    Reason.SYMLINK: "a symbolic link, not a regular file",
    Reason.FOLDER: "a folder, not a regular file",
    Reason.FIFO: "a named pipe, not a regular file",
    Reason.SOCKET: "a socket, not a regular file",
    Reason.DEVICE: "a device, not a regular file",
    Reason.NOT_REGULAR: "not a regular file",
    Reason.PERMISSION: "permission denied",
    Reason.MISSING: "no such file",
    Reason.EMPTY: "the file is empty",
    Reason.NOT_TEXT: "not text",
    Reason.TOO_DEEP: "not valid JSON: nested too deeply",
    Reason.TOO_MANY_DIGITS: "not valid JSON: a number with too many digits",
    Reason.NO_RECORD: "it has no record of its placements, so it cannot be checked",
    Reason.SEVERAL_GAMES: (
        "it holds more than one game, one a line as foursquare export writes them: --file takes one game "
        "(foursquare import the file, then foursquare review a game by the id foursquare history gives it)"
    ),
    Reason.TOO_MANY_COPIES: "too many damaged copies already",
    Reason.DISK_FULL: "the disk is full",
    Reason.READ_ONLY: "the database is read-only",
    Reason.BUSY: "another foursquare kept the database busy too long; try again",
    Reason.CANNOT_OPEN: "the database cannot be opened",
    Reason.DISK_IO: "the disk refused to read or write",
    Reason.DAMAGED: "the database is damaged",
    Reason.NOT_A_DATABASE: "not a database",
    Reason.FOREIGN: "another program's database, not Foursquare's",
    Reason.DISAGREES: "the figures did not agree with the games",
}

_READ_FILES = frozenset({Kind.SAVED_GAME_DAMAGED, Kind.OLD_STATS_DAMAGED, Kind.RECORD_FILE})
"""Kinds whose file was being read: a system error or a stranger is said as "cannot be read: ..."."""

_MOVED: dict[Kind, tuple[str, str, str | None]] = {
    Kind.DATABASE_DAMAGED: ("The database of your games", "database", "a fresh one was started"),
    Kind.DATABASE_STRANGER: ("The database file {name}", "file", None),
    Kind.SAVED_GAME_DAMAGED: ("The saved game", "saved game", "a new game was dealt"),
    Kind.OLD_STATS_DAMAGED: ("Your old statistics file", "statistics", None),
    Kind.LOCK_STRANGER: ("The window lock file", "lock file", "a new one was made"),
}
"""Files moved aside: what the file is, its noun in the short form, and what was done instead."""
_LEFT_THEN = {Kind.DATABASE_DAMAGED: "nothing will be saved", Kind.SAVED_GAME_DAMAGED: "a new game was dealt"}
"""What follows when a damaged file could not be moved aside (and so is left as it is)."""
_STRANGERS = frozenset({Kind.DATABASE_STRANGER, Kind.LOCK_STRANGER})


def reason(problem: Problem) -> str:
    """The problem's reason in a few words ("the disk is full", "not valid JSON: ...")."""
    detail = fault_words(problem.fault) if problem.fault is not None else problem.detail
    said = _reason_words(problem.reason, detail, problem.number)
    if problem.kind in _READ_FILES and (problem.reason in NOT_A_FILE or problem.reason is Reason.OS_ERROR):
        return f"cannot be read: {said}"
    if problem.kind is Kind.NOT_RENAMED and problem.reason is Reason.TOO_MANY_COPIES:
        return "too many imported copies already"
    return said


def _reason_words(what: Reason | str, detail: str | None, number: int | None) -> str:
    if isinstance(what, str):
        return what
    if what in _REASONS:
        return _REASONS[what]
    if what is Reason.TOO_LARGE:
        return f"larger than {number or 0:,} bytes"
    if what is Reason.LINE_TOO_LONG:
        return f"longer than {MAX_LINE_BYTES:,} bytes"
    if what is Reason.NOT_JSON:
        return f"not valid JSON: {_detail(detail)}"
    if what is Reason.CHECK_FAILED:
        return f"failed SQLite's check: {_detail(detail)}"
    return _detail(detail) if detail else what.value  # the system's, SQLite's or a check's own words


def _detail(detail: str | None) -> str:
    """A technical detail as shown: it may quote what a file held, so it is cut and made safe like typed text."""
    return shown(detail or "", DETAIL_LIMIT)


def why(problem: Problem) -> str:
    """The problem as a clause without its full stop, for a sentence that embeds it."""
    kind, path, said = problem.kind, problem.path, reason(problem)
    if kind in _MOVED:
        return _moved(problem)
    clauses: dict[Kind, str] = {
        Kind.NOT_RENAMED: f"{path} was imported but could not be renamed ({said})",
        Kind.DATABASE_UNOPENABLE: f"the database {path} cannot be opened: {said}",
        Kind.DATABASE_UNUSABLE: f"the database {path} cannot be used: {said}",
        Kind.DATABASE_NEWER: (
            f"the database {path} was written by a newer foursquare (version {problem.number} of the layout; "
            f"this one knows up to {SCHEMA_VERSION}): update foursquare to use it"
        ),
        Kind.DATABASE_NEGATIVE: (
            f"the database {path} says its layout is version {problem.number}, which no foursquare writes, "
            "so it is left as it is"
        ),
        Kind.DATABASE_KEEPS_BREAKING: f"the database {path} keeps coming back damaged",
        Kind.DATABASE_NO_ACCESS: f"the database file {path} may not be opened ({said}), so it is left as it is",
        Kind.FOLDER_IS_A_FILE: "it is a file, not a folder",
        Kind.FOLDER_UNDER_A_FILE: f"the data folder cannot be made: {problem.other} is a file, not a folder",
        Kind.FOLDER_CANNOT_BE_MADE: f"the data folder cannot be made: {said}",
        Kind.FOLDER_UNREADABLE: f"the data folder cannot be read: {said}",
        Kind.LOCK_CANNOT_BE_MADE: f"{path} cannot be made: {said}",
        Kind.LOCK_KEEPS_BREAKING: f"{path} keeps coming back as something other than a file",
        Kind.GAME_IN_PROGRESS: said,
        Kind.GAME_ROW_SKIPPED: f"game {problem.number} of the history cannot be read ({said}) and is left out",
        Kind.TALLY_REBUILT: "the statistics did not agree with your games, so they were worked out again from them",
        Kind.REVIEW_DROPPED: f"the review kept with game {problem.number} could not be read and will be made again",
        Kind.RECORD_FILE: f"{path}: {said}",
        Kind.IMPORT_LINE: f"line {problem.number}: {said}",
        Kind.IMPORT_SOURCE: f"cannot read {path}: {said}",
        Kind.EXPORT_TARGET: f"cannot write {path}: {said}",
        Kind.EXPORT_OVER_KEPT: (
            f"{path} is one of the data folder's own files ({said}): export to a file outside it, or to standard output"
        ),
    }
    return clauses.get(kind, said)


def line(problem: Problem) -> str:
    """The problem as a whole line for the player: a sentence, with its full stop."""
    if problem.kind is Kind.GAME_IN_PROGRESS:
        return f"The saved game could not be loaded ({reason(problem)}); a new game was dealt."
    said = why(problem)
    return said[0].upper() + said[1:] + "."


def short(problem: Problem) -> str:
    """The problem in a few words for the game window's message line; the full line is printed after the game."""
    if problem.kind in _MOVED:
        _, noun, _ = _MOVED[problem.kind]
        return f"Damaged {noun} {_done(problem)}; more when you quit."
    names = {
        Kind.GAME_IN_PROGRESS: "The saved game could not be loaded; a new game was dealt.",
        Kind.GAME_ROW_SKIPPED: f"Game {problem.number} of the history cannot be read; it is left out.",
        Kind.TALLY_REBUILT: "The statistics were worked out again from your games.",
        Kind.NOT_RENAMED: "An imported old file could not be renamed; more when you quit.",
    }
    if problem.kind in names:
        return names[problem.kind]
    full = line(problem)
    return full if problem.path is None else full.replace(f"{problem.path.parent}/", "")


def _moved(problem: Problem) -> str:
    """A damaged file moved aside (or that could not be), without the full stop."""
    what, _, then = _MOVED[problem.kind]
    assert problem.path is not None
    what = what.format(name=problem.path.name)
    said = reason(problem)
    if problem.aside is not None:
        moved = f"{what} could not be used ({said}); it was moved to {problem.aside}"
        return f"{moved} and {then}" if then else moved
    unmoved = _reason_words(problem.unmoved or Reason.NOT_REGULAR, None, None)
    if problem.kind in _STRANGERS:
        return f"{problem.path} is {said} and cannot be moved aside ({unmoved})"
    left = f"{what} in {problem.path} could not be used ({said}) nor moved aside ({unmoved})"
    left += ", so the file is left as it is"
    then = _LEFT_THEN.get(problem.kind)
    return f"{left}; {then}" if then else left


def _done(problem: Problem) -> str:
    """What became of a damaged file, short: renamed (the time stamp is in the full line), moved or left."""
    path, aside = problem.path, problem.aside
    assert path is not None
    if aside is None:
        return "left as it is"
    if aside.name.startswith(path.name + ".") and aside.name.endswith(CORRUPT_SUFFIX):
        return f"renamed {path.name}.…{CORRUPT_SUFFIX.lstrip('.')}"
    return "moved aside"


def cannot_use(need: Need, folder: Path, problem: Problem) -> str:
    """The line of a command that cannot have ``need`` from the data folder ``folder``."""
    return f"cannot use {need.value} in {folder}: {why(problem)}"


def window_open(folder: Path, pid: int | None) -> str:
    """The line refusing a second game window on ``folder``, held by process ``pid``."""
    holder = f"process {pid}" if pid is not None else "another process"
    return (
        f"a game window is already open on {folder} ({holder}): play there, or close it first. "
        "Meanwhile foursquare stats, history and export work here."
    )


_STREAM_NAMES = {"stdin": "standard input", "stdout": "standard output", "stderr": "standard error"}


def closed_streams(names: list[str]) -> str:
    """The line refusing to run with standard streams closed (``stdin``, ``stdout``, ``stderr``)."""
    said = [_STREAM_NAMES.get(name, name) for name in names]
    listed = said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]
    verb = "is" if len(said) == 1 else "are"
    return f"{listed} {verb} closed: run foursquare with all three open (redirect to /dev/null to discard)"


def unwritable_output(reason: str) -> str:
    """The line for output that cannot be written (``reason`` is the system's words)."""
    return f"cannot write the output: {reason}"


class Note(str):
    """A line for the player with a short form for the game window's message line.

    The game window prints every full line again after the game, so its short
    form only has to say what happened and where the file went.
    """

    short: str

    def __new__(cls, text: str, short: str) -> Note:
        made = super().__new__(cls, text)
        made.short = short
        return made


def note(problem: Problem) -> Note:
    """The problem's :func:`line` with its :func:`short` form."""
    return Note(line(problem), short(problem))


def join_notes(notes: Iterable[str | None]) -> str | None:
    """``notes`` as one line, or None; the short forms of any :class:`Note` among them are kept, joined alike."""
    said = [text for text in notes if text]
    if not any(isinstance(text, Note) for text in said):
        return " ".join(said) or None
    return Note(" ".join(said), " ".join(text.short if isinstance(text, Note) else text for text in said))
