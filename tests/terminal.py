"""A terminal for end-to-end tests: a real pseudo-terminal, read through the pyte emulator.

:class:`Terminal` starts a command in a pty of a fixed size (``TERM=xterm``),
feeds everything it writes to a pyte screen, and waits for what the screen
shows rather than sleeping.  Keys are sent as the terminal named by ``TERM``
sends them, read from its terminfo entry (arrows in application mode, since
the game turns the keypad on).
"""

from __future__ import annotations

import curses
import os
import re
import signal
import sys
import termios
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pexpect
import pyte

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


def _keyboard_signals() -> None:
    """In the child, before the game starts: Ctrl-C's and Ctrl-\\'s signals at their defaults, as a terminal's
    foreground program gets them, whatever started the tests (a shell's background job ignores both, and the
    game rightly keeps a signal it is given ignored)."""
    for signum in (signal.SIGINT, signal.SIGQUIT):
        signal.signal(signum, signal.SIG_DFL)


KEYS = _terminfo_keys()
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
        cmd = (command or GAME) + args
        env = env if env is not None else game_env()
        if home is not None:
            env["FOURSQUARE_HOME"] = str(home)
        self.screen = _Screen(width, height)
        self.stream = _Stream(self.screen)
        self.raw = bytearray()
        self.child = pexpect.spawn(
            cmd[0], cmd[1:], dimensions=(height, width), env=env, encoding=None, preexec_fn=_keyboard_signals
        )

    # --- reading -------------------------------------------------------------

    def pump(self, wait: float = 0.02) -> bool:
        """Feed what the program wrote so far to the screen; False once it has exited."""
        try:
            data = self.child.read_nonblocking(65536, timeout=wait)
        except pexpect.TIMEOUT:
            return True
        except pexpect.EOF:
            return False
        chunk = data.encode() if isinstance(data, str) else data
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
        self.child.wait()
        status = self.child.exitstatus
        return status if status is not None else 128 + (self.child.signalstatus or 0)

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
        if self.child.isalive():
            self.child.terminate(force=True)
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
