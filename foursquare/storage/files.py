"""Where Foursquare keeps its files, how they are opened, and what it does with one it cannot use.

Everything lives in one folder (:func:`data_dir`): the database (see
:mod:`foursquare.storage.store`), the window lock, and the files of older
versions until they are imported.  A file that cannot be used is never
deleted or overwritten: it is renamed aside (:func:`quarantine`) for the
player to inspect, and the caller gets a :class:`Problem` saying so.  Only
regular files are ever opened (:func:`open_regular`), so a FIFO, a device or
a symlink in place of a kept file is refused at once instead of hanging or
writing somewhere else.
"""

from __future__ import annotations

import errno
import os
import stat
import sys
from datetime import datetime, timezone
from pathlib import Path

from foursquare.storage.problems import Kind, Problem, Reason, StoreError

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing is the type checkers' own: a command reading the statistics does not load it
    from typing import BinaryIO

__all__ = [
    "APP_NAME",
    "CORRUPT_SUFFIX",
    "ENV_HOME",
    "PLATFORMDIRS_PLATFORMS",
    "STDIN",
    "NotAFile",
    "data_dir",
    "look_into",
    "make_folder",
    "named_back",
    "open_named",
    "open_regular",
    "os_problem",
    "quarantine",
    "read_limited",
    "read_regular",
    "what_stands",
]

ENV_HOME = "FOURSQUARE_HOME"
"""When set (and not empty), the folder to keep everything in instead of the platform's."""
APP_NAME = "foursquare"
"""The name of the platform's data folder kept for the game."""
PLATFORMDIRS_PLATFORMS = ("win32", "darwin", "ios", "android")
"""Where platformdirs names the data folder (and is installed, see ``pyproject.toml``): every other system is XDG's."""
CORRUPT_SUFFIX = ".corrupt"


def data_dir() -> Path:
    """The folder holding the saved game and the statistics; it may not exist yet.

    ``$FOURSQUARE_HOME`` when set, else the platform's user data folder.  On
    Linux and the other Unix systems that is the XDG Base Directory rule
    (:func:`_xdg_data_home`), the folder platformdirs names there too, worked
    out here because importing platformdirs costs a quick command more than
    its own work.  platformdirs names the folder on Windows, macOS, iOS and
    Android, where it comes from the system's own interfaces.  Nothing is
    created here: writers create it when they first write.
    """
    home = os.environ.get(ENV_HOME)
    if home:
        return Path(home).expanduser().absolute()
    if sys.platform in PLATFORMDIRS_PLATFORMS:
        import platformdirs

        return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    return Path(_xdg_data_home(), APP_NAME)


def _xdg_data_home() -> str:
    """``$XDG_DATA_HOME`` when it is an absolute path, else ``~/.local/share``.

    The XDG Base Directory Specification says a relative path in the variable
    is invalid and is to be ignored, as an empty one is.
    """
    chosen = os.environ.get("XDG_DATA_HOME", "")
    return chosen if os.path.isabs(chosen) else os.path.expanduser("~/.local/share")


def make_folder(folder: Path) -> None:
    """Create ``folder`` if need be; else :class:`StoreError` saying why it cannot be made."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise StoreError(Problem(Kind.FOLDER_IS_A_FILE, Reason.NOT_REGULAR, folder)) from None
    except NotADirectoryError:
        blocker = next((p for p in folder.parents if p.exists() and not p.is_dir()), folder.parent)
        raise StoreError(Problem(Kind.FOLDER_UNDER_A_FILE, Reason.NOT_REGULAR, folder, other=blocker)) from None
    except OSError as exc:
        raise StoreError(os_problem(Kind.FOLDER_CANNOT_BE_MADE, folder, exc)) from None
    if not folder.is_dir():  # mkdir with exist_ok says nothing of a file in the folder's place
        raise StoreError(Problem(Kind.FOLDER_IS_A_FILE, Reason.NOT_REGULAR, folder))


def look_into(folder: Path, name: str) -> bool:
    """Whether the data folder ``folder`` holds something called ``name``, without making anything.

    A folder not made yet holds nothing.  :class:`StoreError` when it could
    never be made (a file stands in its way) or may not be read: a folder
    that cannot be read must not read as empty.
    """
    try:
        info = folder.stat()
    except FileNotFoundError:
        blocker = next((p for p in folder.parents if os.path.lexists(p)), None)
        if blocker is not None and not blocker.is_dir():
            raise StoreError(Problem(Kind.FOLDER_UNDER_A_FILE, Reason.NOT_REGULAR, folder, other=blocker)) from None
        return False
    except NotADirectoryError:
        blocker = next((p for p in folder.parents if p.exists() and not p.is_dir()), folder.parent)
        raise StoreError(Problem(Kind.FOLDER_UNDER_A_FILE, Reason.NOT_REGULAR, folder, other=blocker)) from None
    except OSError as exc:
        raise StoreError(os_problem(Kind.FOLDER_UNREADABLE, folder, exc)) from None
    if not stat.S_ISDIR(info.st_mode):
        raise StoreError(Problem(Kind.FOLDER_IS_A_FILE, Reason.NOT_REGULAR, folder))
    try:
        os.lstat(folder / name)
    except FileNotFoundError:
        if not os.access(folder, os.R_OK | os.X_OK):
            raise StoreError(Problem(Kind.FOLDER_UNREADABLE, Reason.PERMISSION, folder)) from None
        return False
    except OSError as exc:
        raise StoreError(os_problem(Kind.FOLDER_UNREADABLE, folder, exc)) from None
    return True


def os_problem(kind: Kind, path: Path, exc: OSError) -> Problem:
    """The problem of ``kind`` that a failed file operation on ``path`` is: what stands there, or the system's
    error number (worded in :mod:`foursquare.words.problems`, never the system's English)."""
    if isinstance(exc, NotAFile):
        return Problem(kind, exc.reason, path)
    if isinstance(exc, IsADirectoryError) or (exc.errno == errno.EACCES and path.is_dir()):
        return Problem(kind, Reason.FOLDER, path)  # worded as a folder found by open_regular is (Windows: EACCES)
    return Problem(kind, Reason.OS_ERROR, path, code=exc.errno)


class NotAFile(OSError):
    """Something other than a regular file stands where one was to be opened; ``reason`` says what."""

    def __init__(self, number: int, reason: Reason, path: Path) -> None:
        super().__init__(number, reason.value, str(path))
        self.reason = reason


def open_regular(path: Path, flags: int = os.O_RDONLY, mode: int = 0o644) -> int:
    """Open ``path`` only if it is a regular file, never blocking and never following a symlink.

    A FIFO opened for reading would wait for a writer forever, and a symlink
    could lead a write out of the data folder: both are refused, as is a
    folder or a device, with :class:`NotAFile`.  FileNotFoundError when there
    is nothing there; ``mode`` is that of a file ``O_CREAT`` makes.  Nothing is
    left open when it raises: on Windows an open file can be neither renamed
    nor removed, and what is refused here is moved aside next.
    """
    nofollow = getattr(os, "O_NOFOLLOW", 0)
    nonblock = getattr(os, "O_NONBLOCK", 0)
    if not nofollow and path.is_symlink():  # Windows: no O_NOFOLLOW, so the link is looked at first
        raise NotAFile(errno.ELOOP, Reason.SYMLINK, path)
    try:
        fd = os.open(path, flags | nofollow | nonblock | getattr(os, "O_BINARY", 0), mode)
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.EISDIR, errno.ENXIO) or (nofollow and path.is_symlink()):
            raise NotAFile(exc.errno or errno.EINVAL, what_stands(path), path) from None
        if exc.errno == errno.EACCES and path.is_dir():  # how Windows answers for a folder: "Permission denied"
            raise NotAFile(errno.EISDIR, Reason.FOLDER, path) from None
        raise
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise NotAFile(errno.EINVAL, what_stands(path), path)
        if nonblock:  # opened without blocking (a FIFO would have waited); a regular file is read as usual
            os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd


def what_stands(path: Path) -> Reason:
    """What stands at ``path`` instead of a regular file (it is not looked into)."""
    try:
        mode = path.lstat().st_mode
    except OSError:
        return Reason.NOT_REGULAR
    kinds = [
        (stat.S_ISLNK, Reason.SYMLINK),
        (stat.S_ISDIR, Reason.FOLDER),
        (stat.S_ISFIFO, Reason.FIFO),
        (stat.S_ISSOCK, Reason.SOCKET),
        (stat.S_ISCHR, Reason.DEVICE),
        (stat.S_ISBLK, Reason.DEVICE),
    ]
    return next((reason for test, reason in kinds if test(mode)), Reason.NOT_REGULAR)


def read_regular(path: Path, limit: int, kind: Kind) -> bytes | None:
    """The bytes of the regular file at ``path``, None if there is none.

    :class:`StoreError` with a problem of ``kind`` when it cannot be read,
    is larger than ``limit`` bytes or holds nothing but blanks.
    """
    try:
        fd = open_regular(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise StoreError(os_problem(kind, path, exc)) from None
    with open(fd, "rb") as file:
        return read_limited(file, path, limit, kind)


def read_limited(file: BinaryIO, path: Path, limit: int, kind: Kind) -> bytes:
    """The bytes of ``file`` (opened from ``path``): :class:`StoreError` with a problem of ``kind`` when it
    cannot be read, holds more than ``limit`` bytes or nothing but blanks."""
    try:
        raw = file.read(limit + 1)
    except OSError as exc:
        raise StoreError(os_problem(kind, path, exc)) from None
    if len(raw) > limit:
        raise StoreError(Problem(kind, Reason.TOO_LARGE, path, number=limit))
    if not raw.strip():
        raise StoreError(Problem(kind, Reason.EMPTY, path))
    return raw


STDIN = "-"
"""The name that stands for standard input (and output, to ``export``)."""


def open_named(name: str) -> BinaryIO:
    """A file the player named to read from: ``-`` for standard input, else whatever ``name`` leads to.

    Unlike the kept files (:func:`open_regular`), it may be a symbolic link
    or a pipe (``<(…)``): the player chose it.  OSError when it cannot be
    opened.
    """
    return sys.stdin.buffer if name == STDIN else open(name, "rb")


def named_back(name: str) -> Path:
    """How a file the player named is named in what is said of it: ``-`` as standard input."""
    return Path("standard input") if name == STDIN else Path(name)


def quarantine(problem: Problem, now: datetime | None = None) -> Problem:
    """Rename the file of ``problem`` to ``NAME.YYYYMMDDTHHMMSSZ.corrupt`` beside it, never over another file.

    Returns the problem with where the file went (``aside``), or why it could
    not be moved (``unmoved``): then it must not be overwritten.
    """
    path = problem.path
    assert path is not None, "only a file can be moved aside"
    stamp = (now or datetime.now(timezone.utc)).strftime("%Y%m%dT%H%M%SZ")
    for n in range(1, 1000):
        extra = "" if n == 1 else f"-{n}"
        aside = path.with_name(f"{path.name}.{stamp}{extra}{CORRUPT_SUFFIX}")
        if aside.exists():
            continue
        try:
            os.rename(path, aside)
        except FileNotFoundError:  # another process moved it aside first, into the same folder
            return problem.but(aside=path.parent)
        except OSError as exc:
            return problem.but(unmoved=exc.errno or errno.EIO)
        return problem.but(aside=aside)
    return problem.but(unmoved=Reason.TOO_MANY_COPIES)
