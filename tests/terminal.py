"""A terminal for end-to-end tests: a real pseudo-terminal, read through the pyte emulator.

:class:`Terminal` starts a command in a pty of a fixed size (``TERM=xterm``),
feeds everything it writes to a pyte screen, and waits for what the screen
shows rather than sleeping.  Keys are sent as the terminal named by ``TERM``
sends them, read from its terminfo entry (arrows in application mode, since
the game turns the keypad on).
"""

from __future__ import annotations

import contextlib
import curses
import errno
import os
import re
import select
import struct
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

if sys.platform != "win32":  # POSIX only, as pseudo-terminals are (see PSEUDO_TERMINALS)
    import fcntl
    import termios

import pyte
import pytest

from foursquare.engine import Cell, Game, Status

TERM = "xterm"
GAME = [sys.executable, "-m", "foursquare"]


class _Screen(pyte.Screen):
    """pyte's screen plus the few xterm sequences ncurses uses that pyte lacks."""

    def __init__(self, columns: int, lines: int) -> None:
        super().__init__(columns, lines)
        self._last = " "

    def draw(self, data: str) -> None:
        if data:
            self._last = data[-1]
        super().draw(data)

    def repeat_last(self, count: int = 1, *args: Any, **kwargs: Any) -> None:
        """REP (CSI n b): the last character drawn, ``count`` more times."""
        self.draw(self._last * max(1, count))

    def scroll_up(self, count: int = 1, *args: Any, **kwargs: Any) -> None:
        """SU (CSI n S): scroll the scrolling region up."""
        saved = (self.cursor.x, self.cursor.y)
        bottom = self.margins.bottom if self.margins else self.lines - 1
        self.cursor_position(bottom + 1, 1)
        for _ in range(max(1, count)):
            self.index()
        self.cursor.x, self.cursor.y = saved

    def scroll_down(self, count: int = 1, *args: Any, **kwargs: Any) -> None:
        """SD (CSI n T): scroll the scrolling region down."""
        saved = (self.cursor.x, self.cursor.y)
        top = self.margins.top if self.margins else 0
        self.cursor_position(top + 1, 1)
        for _ in range(max(1, count)):
            self.reverse_index()
        self.cursor.x, self.cursor.y = saved


class _Stream(pyte.ByteStream):
    csi = {**pyte.ByteStream.csi, "b": "repeat_last", "S": "scroll_up", "T": "scroll_down"}  # noqa: RUF012 (pyte reads it per class)


def _terminfo_keys() -> dict[str, bytes]:
    """What an xterm sends for the keys the tests press, from its terminfo entry."""
    with open(os.devnull, "wb") as sink:
        curses.setupterm(TERM, sink.fileno())
    names = {"up": "kcuu1", "down": "kcud1", "left": "kcub1", "right": "kcuf1", "f1": "kf1", "insert": "kich1"}
    keys = {}
    for key, cap in names.items():
        seq = curses.tigetstr(cap)
        assert seq, f"terminfo {TERM} has no {cap}"
        keys[key] = seq
    return keys


_LAUNCH = """
import fcntl, os, signal, sys, termios
fcntl.ioctl(0, termios.TIOCSCTTY, 0)
for signum in (signal.SIGINT, signal.SIGQUIT, signal.SIGPIPE, signal.SIGXFSZ):
    signal.signal(signum, signal.SIG_DFL)
os.execvp(sys.argv[1], sys.argv[1:])
"""
"""Run in the child, a new session's leader on the pseudo-terminal, before the command: the terminal becomes its
controlling one (so that Ctrl-C, Ctrl-Z and a hang-up reach the command as a player's would), and the signals a
terminal's foreground program gets by default are at their defaults, whatever started the tests (a shell's
background job ignores Ctrl-C; Python ignores SIGPIPE).  Then it becomes the command, keeping its process id."""

WAIT_SECONDS = 30.0
"""How long a closed terminal's command has to end before the test says so."""


class PtyChild:
    """A command on a new pseudo-terminal, started as a spawned process: a fork and an exec done by
    :mod:`subprocess` in C, where no Python runs in the child between them, so that a test process with threads
    never forks a copy of itself that could wait for ever on a lock another thread held."""

    def __init__(self, cmd: list[str], *, rows: int, columns: int, env: dict[str, str]) -> None:
        self.child_fd, terminal = os.openpty()
        fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        try:
            self.process = subprocess.Popen(
                [sys.executable, "-S", "-c", _LAUNCH, *cmd],
                stdin=terminal,
                stdout=terminal,
                stderr=terminal,
                env=env,
                start_new_session=True,
            )
        finally:
            os.close(terminal)  # only the child holds it: the end of its output reads as such here
        self.pid = self.process.pid
        self.command = cmd
        self._open = True

    def read(self, size: int, timeout: float) -> bytes | None:
        """What the command wrote (b"" if nothing within ``timeout`` seconds); None once nothing holds the
        terminal any more."""
        if not self._open:
            return None
        ready, _, _ = select.select([self.child_fd], [], [], timeout)
        if not ready:
            return b""
        try:
            data = os.read(self.child_fd, size)
        except OSError as exc:
            if exc.errno != errno.EIO:  # EIO: every process holding the terminal has closed it
                raise
            data = b""
        return data or None

    def send(self, data: bytes) -> None:
        while data:
            data = data[os.write(self.child_fd, data) :]

    def setwinsize(self, rows: int, columns: int) -> None:
        """A new size, as a terminal window resized (the kernel tells the command with SIGWINCH)."""
        fcntl.ioctl(self.child_fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))

    def isalive(self) -> bool:
        return self.process.poll() is None

    def kill(self, signum: int) -> None:
        self.process.send_signal(signum)

    def wait(self, timeout: float = WAIT_SECONDS) -> int:
        """The command's exit status (128 plus the signal's number if a signal ended it), once it has ended."""
        try:
            code = self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"{self.command} still runs after {timeout:g} seconds") from None
        return code if code >= 0 else 128 - code

    def close(self, *, force: bool = True, wait: float = 0.0) -> None:
        """Close the terminal (the kernel hangs it up: SIGHUP), give the command ``wait`` seconds to end, then
        (with ``force``) kill it."""
        if self._open:
            self._open = False
            os.close(self.child_fd)
        if wait:
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(wait)
        if force and self.isalive():
            self.process.kill()
            self.wait()


PSEUDO_TERMINALS = sys.platform != "win32"
"""Whether this system has pseudo-terminals (and terminfo) to run the game in: Windows has neither, so every
test that starts a :class:`Terminal` is skipped there."""
NO_PSEUDO_TERMINAL = "needs a POSIX pseudo-terminal; Windows has none"

KEYS = _terminfo_keys() if PSEUDO_TERMINALS else {}
KEYS.update(
    {
        "enter": b"\r",
        "esc": b"\x1b",
        "ctrl-c": b"\x03",
        "ctrl-z": b"\x1a",
        "ctrl-l": b"\x0c",
        "backspace": b"\x7f",
        "tab": b"\t",
        "ctrl-a": b"\x01",
    }
)


def game_env(**changes: str | None) -> dict[str, str]:
    """The environment for the game: a UTF-8 locale, xterm, no size overrides, a private home."""
    env = {k: v for k, v in os.environ.items() if k not in ("LINES", "COLUMNS", "NO_COLOR")}
    env.update({"TERM": TERM, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"})
    for key, value in changes.items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    return env


class Terminal:
    """A command running in a pseudo-terminal, with the screen it has drawn so far."""

    def __init__(
        self,
        args: list[str],
        *,
        width: int = 80,
        height: int = 24,
        env: dict[str, str] | None = None,
        command: list[str] | None = None,
        home: Path | None = None,
    ) -> None:
        if not PSEUDO_TERMINALS:
            pytest.skip(NO_PSEUDO_TERMINAL)
        cmd = (command or GAME) + args
        env = env if env is not None else game_env()
        if home is not None:
            env["FOURSQUARE_HOME"] = str(home)
        self.screen = _Screen(width, height)
        self.stream = _Stream(self.screen)
        self.raw = bytearray()
        self.child = PtyChild(cmd, rows=height, columns=width, env=env)

    # --- reading -------------------------------------------------------------

    def pump(self, wait: float = 0.02) -> bool:
        """Feed what the program wrote so far to the screen; False once it has exited."""
        chunk = self.child.read(65536, wait)
        if chunk is None:
            return False
        self.raw += chunk
        self.stream.feed(chunk)
        return True

    def settle(self, quiet: float = 0.3, timeout: float = 10.0) -> None:
        """Read until the program has written nothing for ``quiet`` seconds: the frame is complete.

        For a test that keeps a whole screen to compare later, where waiting
        for one sign of a frame may catch it half drawn.
        """
        deadline = time.monotonic() + timeout
        last = len(self.raw)
        calm_since = time.monotonic()
        while time.monotonic() - calm_since < quiet:
            if not self.pump(0.05) or time.monotonic() > deadline:
                return
            if len(self.raw) != last:
                last = len(self.raw)
                calm_since = time.monotonic()

    @property
    def rows(self) -> list[str]:
        return list(self.screen.display)

    @property
    def text(self) -> str:
        return "\n".join(self.rows)

    def wait_for(self, *wants: str | Callable[[Terminal], bool], timeout: float = 10.0) -> None:
        """Until the screen shows all ``wants`` (texts, or tests of the terminal); fails after ``timeout``.

        Wait for everything a check needs at once: a frame may arrive in pieces.
        """

        def test(term: Terminal) -> bool:
            return all(w in term.text if isinstance(w, str) else w(term) for w in wants)

        want = wants
        deadline = time.monotonic() + timeout
        while True:
            alive = self.pump()
            if test(self):
                return
            if not alive or time.monotonic() > deadline:
                state = "exited" if not alive else "timed out"
                raise AssertionError(f"{state} waiting for {want!r}; the screen shows:\n{self.text}")

    def wait_exit(self, timeout: float = 10.0) -> int:
        """Wait for the program to end, reading all it writes; returns its exit status."""
        deadline = time.monotonic() + timeout
        while self.pump(0.05):
            if time.monotonic() > deadline:
                raise AssertionError(f"still running; the screen shows:\n{self.text}")
        return self.child.wait()

    def line_mode(self) -> tuple[bool, bool]:
        """(canonical input, echo) of the terminal now: both True in a terminal given back."""
        lflag = termios.tcgetattr(self.child.child_fd)[3]
        return bool(lflag & termios.ICANON), bool(lflag & termios.ECHO)

    # --- writing -------------------------------------------------------------

    def send(self, *keys: str) -> None:
        """Send keys by name (``up``, ``enter``, ``esc`` …) or as the characters typed."""
        self.child.send(b"".join(KEYS[k] if k in KEYS else k.encode() for k in keys))

    def click(self, row: int, col: int) -> None:
        """A left click at a screen cell, as an xterm with SGR mouse reports sends it."""
        self.child.send(f"\x1b[<0;{col + 1};{row + 1}M\x1b[<0;{col + 1};{row + 1}m".encode())

    def resize(self, width: int, height: int) -> None:
        self.screen.resize(height, width)
        self.child.setwinsize(height, width)  # the kernel tells the program with SIGWINCH

    def close(self) -> None:
        self.child.close()


def ansi_colours(raw: bytes) -> set[str]:
    """The colour parameters of every SGR sequence in ``raw`` (30-37, 38;…, 90-97 and backgrounds)."""
    found = set()
    for params in re.findall(rb"\x1b\[([0-9;]*)m", raw):
        for p in params.split(b";"):
            if p and ((30 <= int(p) <= 49 and int(p) not in (39, 49)) or 90 <= int(p) <= 107):
                found.add(p.decode())
    return found


def keys_to(cursor: Cell, target: Cell) -> list[str]:
    """The arrow keys that take the cursor from ``cursor`` to ``target``, rows first."""
    (r0, c0), (r1, c1) = cursor, target
    return ["down" if r1 > r0 else "up"] * abs(r1 - r0) + ["right" if c1 > c0 else "left"] * abs(c1 - c0)


def place_all(term: Terminal, game: Game, cells: list[Cell] | tuple[Cell, ...], cursor: Cell) -> Cell:
    """Place on ``cells`` with the arrows and Enter, playing them on ``game`` too and waiting for each card
    to show in the stock count (the last, if it ends the game, in the end box's title); returns where the
    cursor is."""
    for cell in cells:
        term.send(*keys_to(cursor, cell), "enter")
        game.play(cell)
        cursor = cell
        left = game.stock_left
        if game.is_over:  # a tall end box may leave no row for the stock count
            term.wait_for("YOU WON!" if game.status is Status.WON else "GAME LOST")
        else:
            term.wait_for(f"Stock      {left} card{'s' if left != 1 else ''} left")
    return cursor
