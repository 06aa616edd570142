"""One game window per data folder: a lock that a second window sees, naming the first.

Two windows playing on one folder would each show the game as it was when
they started and overwrite each other's moves.  The game window claims the
folder with :func:`claim_window` before it reads the game in progress; a second
window gets :class:`WindowOpen`, naming the process that holds it.  The claim
is an operating-system lock on ``window.lock``, held while the process lives:
a window that dies, however it dies, never blocks the next start.  The file
stays when the window closes: only its lock matters, and removing it would
race with a process that has just opened it (that process would lock a file
no longer in the folder while a third one made and locked a new one).  Commands
without a screen (statistics, history, export) need no claim: the database
keeps them consistent.
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path

from foursquare.storage.files import make_folder, open_regular, os_problem, quarantine
from foursquare.storage.problems import Kind, Problem, Reason, StoreError

__all__ = ["LOCK_FILE", "Window", "WindowOpen", "claim_window"]

LOCK_FILE = "window.lock"
_LOCK_OFFSET = 64
"""Where the locked byte lies (on Windows a locked byte cannot be read): after the holder's process id."""


class WindowOpen(Exception):
    """Another game window holds the data folder."""

    def __init__(self, folder: Path, pid: int | None) -> None:
        super().__init__(folder, pid)
        self.folder = folder
        self.pid = pid


class Window:
    """The claim on a data folder; :meth:`release` (or the process ending) gives it up."""

    def __init__(self, fd: int, path: Path, notes: list[Problem]) -> None:
        self._fd: int | None = fd
        self.path = path
        self.notes = notes
        """Problems to show the player: a damaged lock file moved aside on the way."""

    def release(self) -> None:
        """Give up the lock; the file stays (see the module's docstring)."""
        if self._fd is not None:
            os.close(self._fd)  # closing the file gives up the lock
            self._fd = None

    def __enter__(self) -> Window:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def claim_window(folder: Path) -> Window:
    """Claim ``folder`` for this process's game window.

    Raises :class:`WindowOpen` when another live process holds it, and
    :class:`StoreError` when the folder or the lock file cannot be used.  A
    lock file that is a symlink, a folder or anything but a regular file is
    moved aside like a damaged file, and the claim made on a new one.
    """
    make_folder(folder)
    path = folder / LOCK_FILE
    notes: list[Problem] = []
    for _ in range(3):
        try:
            fd = open_regular(path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            if not os.path.lexists(path):
                raise StoreError(os_problem(Kind.LOCK_CANNOT_BE_MADE, path, exc)) from None
            moved = quarantine(os_problem(Kind.LOCK_STRANGER, path, exc))
            if moved.aside is None:
                raise StoreError(moved) from None
            notes.append(moved)
            continue
        try:
            if not _lock(fd):
                raise WindowOpen(folder, _holder(fd))
            _write_pid(fd)
        except BaseException:
            os.close(fd)
            raise
        return Window(fd, path, notes)
    raise StoreError(Problem(Kind.LOCK_KEEPS_BREAKING, Reason.NOT_REGULAR, path))


def _lock(fd: int) -> bool:
    """Take the lock without waiting; False when another process holds it."""
    if sys.platform == "win32":
        import msvcrt

        os.lseek(fd, _LOCK_OFFSET, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _write_pid(fd: int) -> None:
    text = f"{os.getpid()}\n".encode().ljust(_LOCK_OFFSET, b" ")
    with contextlib.suppress(OSError):  # the lock holds without the id; the id only names the holder
        os.lseek(fd, 0, os.SEEK_SET)
        os.write(fd, text)


def _holder(fd: int) -> int | None:
    """The process id the holder wrote, if it can be read."""
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        text = os.read(fd, _LOCK_OFFSET).decode("ascii", "replace").strip()
    except OSError:
        return None
    return int(text) if text.isdigit() and len(text) < 12 else None
