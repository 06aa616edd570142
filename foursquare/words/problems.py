"""Every storage problem in words: the full line, the short form for a narrow screen, and the reason alone.

Storage hands back :class:`~foursquare.storage.problems.Problem` values; this
module is the one place that says them.  :func:`line` is the whole sentence
(printed on standard error, or after the game), :func:`short` fits the game
window's message line (the full line follows when the game ends), and
:func:`why` is the clause that another sentence embeds ("Could not save the
game: {why}.").
"""

from __future__ import annotations

import errno
from collections.abc import Iterable
from enum import Enum
from pathlib import Path

from foursquare.storage.files import CORRUPT_SUFFIX
from foursquare.storage.formats import MAX_LINE_BYTES
from foursquare.storage.problems import NOT_A_FILE, Kind, Problem, Reason
from foursquare.storage.schema import SCHEMA_VERSION
from foursquare.words.catalog import N_, _
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
    "system_error",
    "unwritable_output",
    "why",
    "window_open",
]


class Need(Enum):
    """What a command wanted from the data folder, for the line saying it cannot have it."""

    HISTORY = "history"
    STATISTICS = "statistics"


DETAIL_LIMIT = 160
"""The most characters of a technical detail shown: enough for any check's words, not for a 4,000-digit number."""

_REASONS: dict[Reason, str] = {
    Reason.SYMLINK: N_("a symbolic link, not a regular file"),
    Reason.FOLDER: N_("a folder, not a regular file"),
    Reason.FIFO: N_("a named pipe, not a regular file"),
    Reason.SOCKET: N_("a socket, not a regular file"),
    Reason.DEVICE: N_("a device, not a regular file"),
    Reason.NOT_REGULAR: N_("not a regular file"),
    Reason.PERMISSION: N_("permission denied"),
    Reason.MISSING: N_("no such file"),
    Reason.EMPTY: N_("the file is empty"),
    Reason.NOT_TEXT: N_("not text"),
    Reason.TOO_DEEP: N_("not valid JSON: nested too deeply"),
    Reason.TOO_MANY_DIGITS: N_("not valid JSON: a number with too many digits"),
    Reason.NO_RECORD: N_("it has no record of its placements, so it cannot be checked"),
    Reason.UNFORESEEN: N_("it holds something this version of foursquare cannot read"),
    Reason.SEVERAL_GAMES: N_(
        "it holds more than one game, one a line as foursquare export writes them: --file takes one game "
        "(foursquare import the file, then foursquare review a game by the id foursquare history gives it)"
    ),
    Reason.TOO_MANY_COPIES: N_("too many damaged copies already"),
    Reason.DISK_FULL: N_("the disk is full"),
    Reason.READ_ONLY: N_("the database is read-only"),
    Reason.BUSY: N_("another foursquare kept the database busy too long; try again"),
    Reason.CANNOT_OPEN: N_("the database cannot be opened"),
    Reason.DISK_IO: N_("the disk refused to read or write"),
    Reason.DAMAGED: N_("the database is damaged"),
    Reason.NOT_A_DATABASE: N_("not a database"),
    Reason.FOREIGN: N_("another program's database, not Foursquare's"),
    Reason.DISAGREES: N_("the figures did not agree with the games"),
}

_SYSTEM: dict[str, str] = {
    "ENOENT": N_("no such file or folder"),
    "EACCES": N_("permission denied"),
    "EPERM": N_("permission denied"),
    "EISDIR": N_("it is a folder"),
    "ENOTDIR": N_("a part of its path is not a folder"),
    "ENOSPC": N_("no space left on the device"),
    "EROFS": N_("the file system is read-only"),
    "ELOOP": N_("too many symbolic links"),
    "ENAMETOOLONG": N_("the name is too long"),
    "EBUSY": N_("the file is busy"),
    "EIO": N_("the disk refused to read or write"),
    "EDQUOT": N_("the disk quota is used up"),
    "EFBIG": N_("the file is too large"),
}
"""The system's errors a player meets, by their names in :mod:`errno` (a system may lack some)."""

_SYSTEM_BY_CODE: dict[int, str] = {
    getattr(errno, name): message for name, message in reversed(_SYSTEM.items()) if hasattr(errno, name)
}
""":data:`_SYSTEM` by this system's numbers: Windows gives some errors the numbers of its sockets' (``ELOOP`` is
``WSAELOOP`` there), so the names are looked up once, where the numbers come from."""


def system_error(code: int | None) -> str:
    """A failure of the system by its error number (``errno``), in a few words: never the system's own English.

    An error not worded here keeps its name (``EIO``), for a maintainer to look up.
    """
    if code in _SYSTEM_BY_CODE:
        return _(_SYSTEM_BY_CODE[code])
    name = errno.errorcode.get(code) if code is not None else None
    if code is None:
        return _("the system refused")
    # Translators: {code} is the system's name for its error, such as EIO, as it stands (it is looked up by it)
    return _("the system refused: {code}").format(code=name or code)


_READ_FILES = frozenset({Kind.SAVED_GAME_DAMAGED, Kind.OLD_STATS_DAMAGED, Kind.RECORD_FILE})
"""Kinds whose file was being read: a system error or a stranger is said as "cannot be read: ..."."""

_MOVED: dict[Kind, str] = {
    Kind.DATABASE_DAMAGED: N_(
        "The database of your games could not be used ({reason}); it was moved to {aside} and a fresh one was started"
    ),
    Kind.DATABASE_STRANGER: N_("The database file {name} could not be used ({reason}); it was moved to {aside}"),
    Kind.SAVED_GAME_DAMAGED: N_(
        "The saved game could not be used ({reason}); it was moved to {aside} and a new game was dealt"
    ),
    Kind.OLD_STATS_DAMAGED: N_("Your old statistics file could not be used ({reason}); it was moved to {aside}"),
    Kind.LOCK_STRANGER: N_(
        "The window lock file could not be used ({reason}); it was moved to {aside} and a new one was made"
    ),
}
"""Files moved aside: what the file was, why, where it went and what was done instead."""
_LEFT: dict[Kind, str] = {
    Kind.DATABASE_DAMAGED: N_(
        "The database of your games in {path} could not be used ({reason}) nor moved aside ({unmoved}), "
        "so the file is left as it is; nothing will be saved"
    ),
    Kind.SAVED_GAME_DAMAGED: N_(
        "The saved game in {path} could not be used ({reason}) nor moved aside ({unmoved}), "
        "so the file is left as it is; a new game was dealt"
    ),
    Kind.OLD_STATS_DAMAGED: N_(
        "Your old statistics file in {path} could not be used ({reason}) nor moved aside ({unmoved}), "
        "so the file is left as it is"
    ),
}
"""Damaged files that could not be moved aside (and so are left as they are), and what follows."""
_STRANGER_LEFT = N_("{path} is {reason} and cannot be moved aside ({unmoved})")
"""Something other than a regular file where one of the folder's own files belongs, that could not be moved."""


class _Done(Enum):
    """What became of a damaged file, as the short form says it."""

    RENAMED = "renamed"
    MOVED = "moved"
    LEFT = "left"


_SHORT_MOVED: dict[Kind, dict[_Done, str]] = {
    Kind.DATABASE_DAMAGED: {
        _Done.RENAMED: N_("Damaged database renamed {name}; more when you quit."),
        _Done.MOVED: N_("Damaged database moved aside; more when you quit."),
        _Done.LEFT: N_("Damaged database left as it is; more when you quit."),
    },
    Kind.DATABASE_STRANGER: {
        _Done.RENAMED: N_("Damaged file renamed {name}; more when you quit."),
        _Done.MOVED: N_("Damaged file moved aside; more when you quit."),
        _Done.LEFT: N_("Damaged file left as it is; more when you quit."),
    },
    Kind.SAVED_GAME_DAMAGED: {
        _Done.RENAMED: N_("Damaged saved game renamed {name}; more when you quit."),
        _Done.MOVED: N_("Damaged saved game moved aside; more when you quit."),
        _Done.LEFT: N_("Damaged saved game left as it is; more when you quit."),
    },
    Kind.OLD_STATS_DAMAGED: {
        _Done.RENAMED: N_("Damaged statistics renamed {name}; more when you quit."),
        _Done.MOVED: N_("Damaged statistics moved aside; more when you quit."),
        _Done.LEFT: N_("Damaged statistics left as it is; more when you quit."),
    },
    Kind.LOCK_STRANGER: {
        _Done.RENAMED: N_("Damaged lock file renamed {name}; more when you quit."),
        _Done.MOVED: N_("Damaged lock file moved aside; more when you quit."),
        _Done.LEFT: N_("Damaged lock file left as it is; more when you quit."),
    },
}
"""A file moved aside, in a few words for the message line: the file and what became of it (the time stamp of
a renamed copy is in the full line, after the game)."""

_CLAUSES: dict[Kind, str] = {
    Kind.NOT_RENAMED: N_("{path} was imported but could not be renamed ({reason})"),
    Kind.DATABASE_UNOPENABLE: N_("the database {path} cannot be opened: {reason}"),
    Kind.DATABASE_UNUSABLE: N_("the database {path} cannot be used: {reason}"),
    Kind.DATABASE_NEWER: N_(
        "the database {path} was written by a newer foursquare (version {number} of the layout; "
        "this one knows up to {known}): update foursquare to use it"
    ),
    Kind.DATABASE_NEGATIVE: N_(
        "the database {path} says its layout is version {number}, which no foursquare writes, so it is left as it is"
    ),
    Kind.DATABASE_KEEPS_BREAKING: N_("the database {path} keeps coming back damaged"),
    Kind.DATABASE_NO_ACCESS: N_("the database file {path} may not be opened ({reason}), so it is left as it is"),
    Kind.FOLDER_IS_A_FILE: N_("it is a file, not a folder"),
    Kind.FOLDER_UNDER_A_FILE: N_("the data folder cannot be made: {other} is a file, not a folder"),
    Kind.FOLDER_CANNOT_BE_MADE: N_("the data folder cannot be made: {reason}"),
    Kind.FOLDER_UNREADABLE: N_("the data folder cannot be read: {reason}"),
    Kind.LOCK_CANNOT_BE_MADE: N_("{path} cannot be made: {reason}"),
    Kind.LOCK_KEEPS_BREAKING: N_("{path} keeps coming back as something other than a file"),
    Kind.GAME_ROW_SKIPPED: N_("game {number} of the history cannot be read ({reason}) and is left out"),
    Kind.TALLY_REBUILT: N_("the statistics did not agree with your games, so they were worked out again from them"),
    Kind.REVIEW_DROPPED: N_("the review kept with game {number} could not be read and will be made again"),
    Kind.RECORD_FILE: N_("{path}: {reason}"),
    Kind.IMPORT_LINE: N_("line {number}: {reason}"),
    Kind.IMPORT_SOURCE: N_("cannot read {path}: {reason}"),
    Kind.EXPORT_TARGET: N_("cannot write {path}: {reason}"),
    Kind.EXPORT_OVER_KEPT: N_(
        "{path} is one of the data folder's own files: export to a file outside it, or to standard output"
    ),
}
"""Every other problem as a clause, by its kind (a kind not named: its reason alone)."""

_SHORT: dict[Kind, str] = {
    Kind.GAME_IN_PROGRESS: N_("The saved game could not be loaded; a new game was dealt."),
    Kind.GAME_ROW_SKIPPED: N_("Game {number} of the history cannot be read; it is left out."),
    Kind.TALLY_REBUILT: N_("The statistics were worked out again from your games."),
    Kind.NOT_RENAMED: N_("An imported old file could not be renamed; more when you quit."),
}
"""Problems with a short form of their own for the message line."""


def reason(problem: Problem) -> str:
    """The problem's reason in a few words ("the disk is full", "not valid JSON: ...")."""
    if problem.reason is Reason.OS_ERROR:
        said = system_error(problem.code)
    elif problem.reason is Reason.NOT_JSON:
        said = _json_words(problem)
    else:
        detail = fault_words(problem.fault) if problem.fault is not None else problem.detail
        said = _reason_words(problem.reason, detail, problem.number)
    if problem.kind in _READ_FILES and (problem.reason in NOT_A_FILE or problem.reason is Reason.OS_ERROR):
        return _("cannot be read: {reason}").format(reason=said)
    if problem.kind is Kind.NOT_RENAMED and problem.reason is Reason.TOO_MANY_COPIES:
        return _("too many imported copies already")
    return said


def _json_words(problem: Problem) -> str:
    """Text that is not JSON, and where the decoder stopped: the line and column, or the column in one line."""
    if problem.column is None:
        return _("not valid JSON")
    if problem.line is None:
        return _("not valid JSON: column {column}").format(column=problem.column)
    return _("not valid JSON: line {line}, column {column}").format(line=problem.line, column=problem.column)


def _reason_words(what: Reason | int, detail: str | None, number: int | None) -> str:
    if isinstance(what, int):
        return system_error(what)
    if what in _REASONS:
        return _(_REASONS[what])
    if what is Reason.TOO_LARGE:
        return _("larger than {limit:,} bytes").format(limit=number or 0)
    if what is Reason.LINE_TOO_LONG:
        return _("longer than {limit:,} bytes").format(limit=MAX_LINE_BYTES)
    if what is Reason.CHECK_FAILED:
        return _("failed SQLite's check: {detail}").format(detail=_detail(detail))
    return _detail(detail) if detail else what.value  # the system's, SQLite's or a check's own words


def _detail(detail: str | None) -> str:
    """A technical detail as shown: it may quote what a file held, so it is cut and made safe like typed text."""
    return shown(detail or "", DETAIL_LIMIT)


def why(problem: Problem) -> str:
    """The problem as a clause without its full stop, for a sentence that embeds it."""
    if problem.kind in _MOVED:
        return _moved(problem)
    said = reason(problem)
    if problem.kind not in _CLAUSES:
        return said
    fields = {"path": problem.path, "reason": said, "number": problem.number, "other": problem.other}
    return _(_CLAUSES[problem.kind]).format(known=SCHEMA_VERSION, **fields)


def line(problem: Problem) -> str:
    """The problem as a whole line for the player: a sentence, with its full stop."""
    if problem.kind is Kind.GAME_IN_PROGRESS:
        return _("The saved game could not be loaded ({reason}); a new game was dealt.").format(reason=reason(problem))
    said = why(problem)
    return _("{clause}.").format(clause=said[0].upper() + said[1:])


def short(problem: Problem) -> str:
    """The problem in a few words for the game window's message line; the full line is printed after the game."""
    if problem.kind in _MOVED:
        done, name = _done(problem)
        return _(_SHORT_MOVED[problem.kind][done]).format(name=name)
    if problem.kind in _SHORT:
        return _(_SHORT[problem.kind]).format(number=problem.number)
    full = line(problem)
    return full if problem.path is None else full.replace(f"{problem.path.parent}/", "")


def _moved(problem: Problem) -> str:
    """A damaged file moved aside (or that could not be), without the full stop."""
    assert problem.path is not None
    fields = {"name": problem.path.name, "path": problem.path, "aside": problem.aside, "reason": reason(problem)}
    if problem.aside is not None:
        return _(_MOVED[problem.kind]).format(**fields)
    unmoved = _reason_words(problem.unmoved or Reason.NOT_REGULAR, None, None)
    if problem.kind not in _LEFT:  # a stranger: nothing was lost, so nothing follows
        return _(_STRANGER_LEFT).format(unmoved=unmoved, **fields)
    return _(_LEFT[problem.kind]).format(unmoved=unmoved, **fields)


def _done(problem: Problem) -> tuple[_Done, str]:
    """What became of a damaged file, short: renamed (the time stamp is in the full line), moved or left; and
    the renamed file's name so shortened."""
    path, aside = problem.path, problem.aside
    assert path is not None
    if aside is None:
        return _Done.LEFT, ""
    if aside.name.startswith(path.name + ".") and aside.name.endswith(CORRUPT_SUFFIX):
        return _Done.RENAMED, f"{path.name}.…{CORRUPT_SUFFIX.lstrip('.')}"
    return _Done.MOVED, ""


def cannot_use(need: Need, folder: Path, problem: Problem) -> str:
    """The line of a command that cannot have ``need`` from the data folder ``folder``."""
    messages = {
        Need.HISTORY: N_("cannot use the history in {folder}: {why}"),
        Need.STATISTICS: N_("cannot use the statistics in {folder}: {why}"),
    }
    return _(messages[need]).format(folder=folder, why=why(problem))


def window_open(folder: Path, pid: int | None) -> str:
    """The line refusing a second game window on ``folder``, held by process ``pid``."""
    if pid is None:
        return _(
            "a game window is already open on {folder} (another process): play there, or close it first. "
            "Meanwhile foursquare stats, history and export work here."
        ).format(folder=folder)
    return _(
        "a game window is already open on {folder} (process {pid}): play there, or close it first. "
        "Meanwhile foursquare stats, history and export work here."
    ).format(folder=folder, pid=pid)


_STREAMS = {
    ("stdin",): N_("standard input is closed: run foursquare with all three open (redirect to /dev/null to discard)"),
    ("stdout",): N_("standard output is closed: run foursquare with all three open (redirect to /dev/null to discard)"),
    ("stderr",): N_("standard error is closed: run foursquare with all three open (redirect to /dev/null to discard)"),
    ("stdin", "stdout"): N_(
        "standard input and standard output are closed: run foursquare with all three open "
        "(redirect to /dev/null to discard)"
    ),
    ("stdin", "stderr"): N_(
        "standard input and standard error are closed: run foursquare with all three open "
        "(redirect to /dev/null to discard)"
    ),
    ("stdout", "stderr"): N_(
        "standard output and standard error are closed: run foursquare with all three open "
        "(redirect to /dev/null to discard)"
    ),
    ("stdin", "stdout", "stderr"): N_(
        "standard input, standard output and standard error are closed: run foursquare with all three open "
        "(redirect to /dev/null to discard)"
    ),
}
"""The line refusing to run with standard streams closed, for each set of them (in this order)."""


def closed_streams(names: list[str]) -> str:
    """The line refusing to run with standard streams closed (``stdin``, ``stdout``, ``stderr``)."""
    return _(_STREAMS[tuple(name for name in ("stdin", "stdout", "stderr") if name in names)])


def unwritable_output(code: int | None) -> str:
    """The line for output that cannot be written (``code`` is the system's error number)."""
    return _("cannot write the output: {reason}").format(reason=system_error(code))


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
