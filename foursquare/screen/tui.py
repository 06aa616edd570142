"""The terminal: the only module that talks to curses.

It sets the terminal up, turns what the terminal sends into
:mod:`foursquare.screen.keys` input for the :class:`~foursquare.screen.app.App`, paints the
spans :func:`~foursquare.screen.render.render` composes, and always gives the
terminal back as it found it: on quit, on Ctrl-C, on every signal that would
end the process (SIGTERM, SIGHUP, Ctrl-\\'s SIGQUIT, SIGUSR1, ...), and on
an unexpected error (after which it says where a crash report was written).
Ctrl-Z suspends like any terminal program and the game is redrawn on ``fg``.
On Windows, where windows-curses provides PDCurses, which draws on the
console itself and has no terminfo, the console is checked instead of the
terminal type, a resize is taken in with ``resize_term(0, 0)``, the keypad's
own keys are the keys they show, and Ctrl-Z, which suspends nothing there,
says so once.
``LINES`` and ``COLUMNS`` that do not fit the real terminal are set aside
before curses starts (:func:`ignore_false_size`), so that ncurses neither
fails nor draws past the screen.  Only clicks are asked of the mouse.
"""

from __future__ import annotations

import contextlib
import curses
import os
import signal
import sys
import time
from collections.abc import Callable
from types import FrameType

from foursquare import __version__
from foursquare.screen.app import App
from foursquare.screen.keys import Click, Input, Key, Resize
from foursquare.screen.render import Span, Style, render
from foursquare.session.errors import INTERRUPTED, Terminated
from foursquare.words.screen import Setting, TerminalProblem, crashed, not_a_console

__all__ = [
    "ESCAPE_DELAY_MS",
    "Painter",
    "Terminal",
    "console_shows_unicode",
    "ignore_false_size",
    "in_a_console",
    "run",
    "start_colour",
    "terminal_problem",
]

ESCAPE_DELAY_MS = 25
"""How long to wait after Esc for the rest of an escape sequence: short, so Esc answers at once."""
GONE_AFTER = 200
"""Reads in a row that return at once with no key before the terminal is taken to be gone."""
MAX_BATCH = 256
"""Keys handled before the screen is painted again, when they come faster than it can be."""

_SPECIAL_KEYS: dict[int, Input] = {
    curses.KEY_UP: Key.UP,
    curses.KEY_DOWN: Key.DOWN,
    curses.KEY_LEFT: Key.LEFT,
    curses.KEY_RIGHT: Key.RIGHT,
    curses.KEY_ENTER: Key.ENTER,
    curses.KEY_PPAGE: Key.PAGE_UP,
    curses.KEY_NPAGE: Key.PAGE_DOWN,
    curses.KEY_HOME: Key.HOME,
    curses.KEY_END: Key.END,
    curses.KEY_BACKSPACE: Key.BACKSPACE,
}
PDCURSES = not hasattr(curses, "ncurses_version")
"""Whether this curses is PDCurses (windows-curses on Windows): it draws on the console, with no terminfo,
and is told of a new size rather than finding it."""
_PDCURSES_KEYS: dict[str, Input] = {
    "KEY_A2": Key.UP, "KEY_C2": Key.DOWN, "KEY_B1": Key.LEFT, "KEY_B3": Key.RIGHT, "KEY_A1": Key.HOME,
    "KEY_C1": Key.END, "KEY_A3": Key.PAGE_UP, "KEY_C3": Key.PAGE_DOWN, "PADENTER": Key.ENTER, "PADSLASH": "/",
    "PADSTAR": "*", "PADMINUS": "-", "PADPLUS": "+", "PADSTOP": ".", "PAD0": "0",
}  # fmt: skip
"""The keypad's keys as PDCurses names them (its arrows with Num Lock off, its Enter and signs): the keys they
show.  ncurses has some of these names for other keys, so they are read only under PDCurses."""
if PDCURSES:
    _SPECIAL_KEYS.update({getattr(curses, name): key for name, key in _PDCURSES_KEYS.items() if hasattr(curses, name)})
_CONTROL_KEYS: dict[str, Key] = {
    "\n": Key.ENTER, "\r": Key.ENTER, "\x1b": Key.ESCAPE, "\x0c": Key.REDRAW, "\x7f": Key.BACKSPACE,
    "\x08": Key.BACKSPACE,
}  # fmt: skip
CTRL_C = "\x03"
CTRL_Z = "\x1a"
_CLICK = curses.BUTTON1_PRESSED | curses.BUTTON1_CLICKED
"""The only mouse events asked for: the pointer's moves are not tracked, since nothing uses them."""


def ignore_false_size() -> list[str]:
    """Drop ``LINES`` and ``COLUMNS`` from the environment when they do not fit the real terminal.

    ncurses believes them over the terminal: a value larger than the screen
    makes it fail to start (blaming TERM) or draw a frame wider than the
    screen.  Values that are not whole numbers above 0 or exceed the real
    size are ignored; returns a line for each, to tell the player.
    """
    try:
        real = os.get_terminal_size(sys.__stdout__.fileno() if sys.__stdout__ else 1)
    except (OSError, ValueError):
        return []
    notes = []
    for name, size in (("LINES", real.lines), ("COLUMNS", real.columns)):
        text = os.environ.get(name)
        if text is None:
            continue
        value = int(text) if text.strip().isdigit() else 0
        if not 0 < value <= size or not size:
            del os.environ[name]
            notes.append(Setting.SIZE_IGNORED.say(name=name, text=text, columns=real.columns, lines=real.lines))
    return notes


def terminal_problem() -> str | None:
    """Why the game cannot run on this terminal, in one line; None if it can.

    ncurses is asked of the terminal type's terminfo entry; PDCurses needs
    none, but draws only in a console window (and ends the process when it
    has none), so that is what is asked of it.
    """
    if PDCURSES:
        return None if in_a_console() else not_a_console()
    term = os.environ.get("TERM", "")
    if not term:
        return TerminalProblem.UNSET.say()
    try:
        curses.setupterm(term, sys.__stdout__.fileno() if sys.__stdout__ else 1)
    except (curses.error, OSError, ValueError) as exc:
        return TerminalProblem.UNUSABLE.say(term=term, detail=exc)
    if not curses.tigetstr("cup") or not curses.tigetstr("clear"):
        return TerminalProblem.CANNOT_PLACE.say(term=term)
    return None


def in_a_console() -> bool:
    """Whether standard input and output are both a Windows console (``isatty`` says yes to the NUL device too)."""
    if sys.platform != "win32":
        return False
    import ctypes
    import msvcrt

    mode = ctypes.c_ulong()
    try:
        handles = [msvcrt.get_osfhandle(fd) for fd in (0, 1)]
    except OSError:
        return False
    return all(ctypes.windll.kernel32.GetConsoleMode(handle, ctypes.byref(mode)) for handle in handles)


def console_shows_unicode() -> bool:
    """Whether the Windows console's font can show the suits and card frames: a TrueType font (Consolas, Cascadia,
    Lucida Console) has them; the old raster fonts have only their code page's characters.  A console that
    does not say (Windows Terminal answers for its own fonts) is taken to show them."""
    if sys.platform != "win32":
        return False
    import ctypes
    import msvcrt

    class FontInfo(ctypes.Structure):  # CONSOLE_FONT_INFOEX
        _fields_ = [
            ("size", ctypes.c_ulong), ("font", ctypes.c_ulong), ("width", ctypes.c_short),
            ("height", ctypes.c_short), ("family", ctypes.c_uint), ("weight", ctypes.c_uint),
            ("face", ctypes.c_wchar * 32),
        ]  # fmt: skip

    info = FontInfo()
    info.size = ctypes.sizeof(FontInfo)
    try:
        handle = msvcrt.get_osfhandle(1)
    except OSError:
        return True
    if not ctypes.windll.kernel32.GetCurrentConsoleFontEx(handle, False, ctypes.byref(info)):
        return True
    truetype = 0x04  # TMPF_TRUETYPE
    return bool(info.family & truetype)


def _attributes(color: bool) -> dict[Style, int]:
    """How each style looks: colours on the terminal's own background, or plain attributes."""
    bold, dim, rev = curses.A_BOLD, curses.A_DIM, curses.A_REVERSE
    plain = {
        Style.TEXT: 0,
        Style.DIM: dim,
        Style.TITLE: bold,
        Style.HEADING: bold,
        Style.KEY: bold,
        Style.ERROR: bold,
        Style.FRAME: 0,
        Style.RED: bold,
        Style.BLACK: bold,
        Style.BACK: dim,
        Style.PIPS: 0,
        Style.SLOT: 0,
        Style.CURSOR: bold,
        Style.CURSOR_BAD: bold,
        Style.FLIPPED: bold,
        Style.WOULD_FLIP: bold | curses.A_UNDERLINE,
        Style.TIP: bold,
        Style.LABEL: dim,
        Style.LABEL_AT: bold,
        Style.METER: 0,
        Style.WARNING: bold | rev,
        Style.WON: bold,
        Style.LOST: bold,
        Style.DIALOG: bold,
        Style.OUTCOME: 0,
        Style.OUTCOME_BAD: bold | rev,
        Style.OUTCOME_GOOD: bold | rev,
    }
    if not color:
        return plain
    colours = (
        curses.COLOR_RED, curses.COLOR_YELLOW, curses.COLOR_GREEN, curses.COLOR_CYAN, curses.COLOR_BLUE,
        curses.COLOR_MAGENTA,
    )  # fmt: skip
    for pair, colour in enumerate(colours, start=1):
        curses.init_pair(pair, colour, -1)
    red, yellow, green, cyan, blue, magenta = (curses.color_pair(n) for n in range(1, len(colours) + 1))
    return {
        **plain,
        Style.KEY: cyan | bold,
        Style.ERROR: red | bold,
        Style.RED: red | bold,
        Style.BACK: blue,
        Style.PIPS: cyan,
        Style.SLOT: green,
        Style.CURSOR: yellow | bold,
        Style.CURSOR_BAD: red | bold,
        Style.FLIPPED: magenta | bold,
        Style.WOULD_FLIP: cyan | bold,
        Style.TIP: green | bold,
        Style.LABEL_AT: yellow | bold,
        Style.METER: cyan,
        Style.WARNING: red | bold,
        Style.WON: green | bold,
        Style.LOST: red | bold,
        Style.DIALOG: yellow | bold,
        Style.OUTCOME: cyan,
        Style.OUTCOME_BAD: red | bold | rev,
        Style.OUTCOME_GOOD: green | bold | rev,
    }


def start_colour(wanted: bool) -> bool:
    """Colours on the terminal's default background, or none at all: never a forced background."""
    if not wanted or not curses.has_colors():
        return False
    try:
        curses.start_color()
        curses.use_default_colors()
    except curses.error:
        return False
    return curses.COLORS >= 8 and curses.COLOR_PAIRS > 6


class Painter:
    """Paints whole frames of an :class:`App` on a curses window."""

    def __init__(self, window: curses.window, *, ascii: bool, color: bool) -> None:
        self.window = window
        self.ascii = ascii
        self.attrs = _attributes(color)

    def paint(self, app: App) -> None:
        height, width = self.window.getmaxyx()
        if (width, height) != (app.width, app.height):
            app.handle(Resize(width, height))
        if app.redraw_all:
            app.redraw_all = False
            self.window.clear()
        self.window.erase()
        for span in render(app, width, height, ascii=self.ascii):
            self._put(span, width, height)
        self.window.noutrefresh()
        curses.doupdate()

    def _put(self, span: Span, width: int, height: int) -> None:
        y, x, text, style = span
        attr = self.attrs[style]
        try:
            if y == height - 1 and x + len(text) >= width:
                # Writing the bottom-right cell moves the cursor off the screen, which curses
                # reports as an error: write the rest, then insert the last character.
                text = text[: width - x]
                if len(text) > 1:
                    self.window.addstr(y, x, text[:-1], attr)
                self.window.insstr(y, width - 1, text[-1], attr)
            else:
                self.window.addstr(y, x, text, attr)
        except curses.error:
            pass  # a terminal that shrank between measuring and drawing: the next frame fixes it


def translate(window: curses.window, key: int | str) -> Input | None:
    """What the terminal sent, as input for the app: a key the game has no name for is :attr:`Key.OTHER`;
    None for what is no key (a mouse event other than a click)."""
    if isinstance(key, str):
        if key == CTRL_C:  # PDCurses may pass Ctrl-C on as a key: it quits as the signal does elsewhere
            raise KeyboardInterrupt
        if key == CTRL_Z and not hasattr(signal, "SIGTSTP"):
            return CTRL_Z  # for the loop to say that it suspends nothing here (see Terminal.no_suspend)
        if key in _CONTROL_KEYS:
            return _CONTROL_KEYS[key]
        return key if key.isprintable() or key == "\t" else Key.OTHER  # Tab has bindings; Ctrl-A has a name
    if key == curses.KEY_RESIZE:
        if PDCURSES:
            curses.resize_term(0, 0)  # PDCurses is told the console's new size: 0, 0 asks it of the console
        height, width = window.getmaxyx()
        return Resize(width, height)
    if key == curses.KEY_MOUSE:
        try:
            _, x, y, _, buttons = curses.getmouse()
        except curses.error:
            return None
        return Click(y, x) if buttons & _CLICK else None
    return _SPECIAL_KEYS.get(key, Key.OTHER)


def _read(window: curses.window, first_wait_ms: int) -> list[Input]:
    """Wait up to ``first_wait_ms`` for a key, then take every key already waiting."""
    events: list[Input] = []
    window.timeout(first_wait_ms)
    try:
        while len(events) < MAX_BATCH:
            try:
                key = window.get_wch()
            except curses.error:
                break  # no (more) input
            event = translate(window, key)
            if event is not None:
                events.append(event)
            window.timeout(0)
    finally:
        window.timeout(first_wait_ms)
    return events


ENDING_SIGNALS = (
    "SIGTERM", "SIGHUP", "SIGQUIT", "SIGUSR1", "SIGUSR2", "SIGALRM", "SIGVTALRM", "SIGPROF", "SIGXCPU",
    "SIGXFSZ", "SIGPOLL", "SIGPWR", "SIGBREAK",
)  # fmt: skip
"""The signals whose default is to end the process (Ctrl-C and Ctrl-Z have their own handling): each one ends
the game through the normal clean-up, so the terminal is given back (the game is saved after every card).
Windows has only SIGTERM and its own SIGBREAK (Ctrl-Break) of these; those a system lacks are skipped."""


class Terminal:
    """One run of the game in the terminal: its window, signal handlers and main loop."""

    def __init__(self, app: App, *, ascii: bool, color: bool) -> None:
        self.app = app
        self.ascii = ascii
        self.color = color
        self.resumed = False
        self.told_no_suspend = False
        self.window: curses.window | None = None
        self.started = False
        """Set just before curses starts: a Ctrl-C that lands inside ``initscr``, after it has taken the
        terminal but before it returns a window, still finds a terminal to give back."""
        self.saved_handlers: dict[int, Callable[[int, FrameType | None], object] | int | None] = {}
        self.stop_ignored = False
        """The caller ignores Ctrl-Z's signal (a shell without job control may): the game stays, and says so."""
        self.continued = False
        """Set when the process is continued after a stop: a Ctrl-Z that stopped nothing leaves it False."""
        self.stop_asked = False
        """A Ctrl-Z has come, for the loop to stop on (see :meth:`heed_stop`)."""
        self.ending: int | None = None
        """An ending signal that has come, for the loop to end the game on (see :meth:`_on_terminate`)."""
        self.interrupted = False
        """A Ctrl-C has come, for the loop to end the game on (see :meth:`_on_interrupt`)."""

    def _on_stop(self, signum: int, frame: FrameType | None) -> None:
        """Ctrl-Z: noted for the loop, which stops at its next turn (:meth:`heed_stop`).

        Were the game stopped from the handler itself, a second Ctrl-Z could be handled before the first had
        begun, and the game would stop twice: two ``fg`` to bring it back.
        """
        self.stop_asked = True

    def heed_stop(self) -> None:
        """Give the terminal back, stop, and on ``fg`` take it again, for the Ctrl-Z's that came; none, nothing.

        Those that come together or while it stops are one stop.  Where no
        shell does job control (the game started on its own in a new
        session, as by ``tmux new-session CMD``, or by a shell that ignores
        Ctrl-Z), the stop is dropped by the system, or the caller asked for
        it to be: the game is not stopped, and says so, rather than flicker
        and say nothing.  A stop that happened ends with a SIGCONT, which is
        how the two are told apart.
        """
        if not self.stop_asked:
            return
        if self.stop_ignored:
            self.app.cannot_suspend()
        else:
            self._stop_here()
        self.stop_asked = False  # only now: those that came while it stopped were this stop
        self.resumed = True  # the loop draws the game again, or what was said

    def _stop_here(self) -> None:
        """Give the terminal back and stop until ``fg`` (see :meth:`heed_stop`).

        The stop is raised before the default action is put back, held until
        then: raised after, a Ctrl-Z that came in between would stop the game
        at once (on another thread) and this one again after ``fg``.  Held,
        it is dropped by that ``fg``.
        """
        curses.endwin()
        self.continued = False
        before = signal.signal(signal.SIGCONT, self._on_continue)
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTSTP})
        try:
            signal.raise_signal(signal.SIGTSTP)  # held on this thread until it is let through below
            signal.signal(signal.SIGTSTP, signal.SIG_DFL)
        finally:
            # stops here until the shell continues us (which drops the stops still held); dropped if none can
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTSTP})
            signal.signal(signal.SIGTSTP, self._on_stop)
            signal.signal(signal.SIGCONT, before)
        if not self.continued:
            self.app.cannot_suspend()

    def _on_continue(self, signum: int, frame: FrameType | None) -> None:
        self.continued = True

    def _on_terminate(self, signum: int, frame: FrameType | None) -> None:
        """Note the signal; the loop ends the game at its next turn, within a tick.

        Raised from here, the exception could land anywhere in the main
        thread, even halfway into a lock that a thread of the expert shares
        (one left held hangs the clean-up); the loop raises it where
        nothing is half done.  Before curses starts it is raised at once.
        """
        self.ending = signum
        if not self.started:
            raise Terminated(signum)

    def _on_interrupt(self, signum: int, frame: FrameType | None) -> None:
        """Ctrl-C: noted, and the loop ends the game at its next turn, as for an ending signal
        (:meth:`_on_terminate` says why); before curses starts, and once the terminal is given back, Python's own.

        Raised wherever it lands, a Ctrl-C pressed again and again could cut
        short the giving back of the terminal, and the ``finally`` that would
        finish it, both: noted, it never does.
        """
        if not self.started:
            raise KeyboardInterrupt
        self.interrupted = True

    def no_suspend(self) -> bool:
        """Ctrl-Z where there is no suspending (Windows): said on the message line the first time (True);
        after that it is a key that does nothing, like any other unbound key (False)."""
        if self.told_no_suspend:
            return False
        self.told_no_suspend = True
        self.app.cannot_suspend()
        return True

    def heed_ending(self) -> None:
        """End the game for the Ctrl-C or ending signal noted since the last turn of the loop, if any: raised
        here, where nothing is half done, rather than wherever the signal landed."""
        if self.interrupted:
            raise KeyboardInterrupt
        if self.ending is not None:
            raise Terminated(self.ending)

    def install_signals(self) -> None:
        """Ctrl-Z suspends; Ctrl-C and every signal that would end the process end the game instead, restoring
        the terminal.  A signal the caller ignores (``nohup``, say) stays ignored.  Installed before curses
        starts, so that curses keeps its own hands off them."""
        wanted: dict[str, Callable[[int, FrameType | None], None]] = {"SIGTSTP": self._on_stop}
        wanted.update(dict.fromkeys(ENDING_SIGNALS, self._on_terminate))
        wanted["SIGINT"] = self._on_interrupt  # last: put back last, once the others are
        for name, handler in wanted.items():
            signum = getattr(signal, name, None)
            if signum is None:
                continue
            if signal.getsignal(signum) == signal.SIG_IGN:
                if name != "SIGTSTP":
                    continue
                self.stop_ignored = True  # still ignored: the handler only says that the game cannot stop
            self.saved_handlers[signum] = signal.signal(signum, handler)

    def restore_signals(self) -> None:
        for signum, handler in self.saved_handlers.items():
            signal.signal(signum, handler)

    def start(self) -> curses.window:
        os.environ.setdefault("ESCDELAY", str(ESCAPE_DELAY_MS))
        self.started = True
        window = curses.initscr()
        self.window = window
        curses.noecho()
        curses.cbreak()
        window.keypad(True)
        if hasattr(curses, "set_escdelay"):
            curses.set_escdelay(ESCAPE_DELAY_MS)
        with contextlib.suppress(curses.error):  # a terminal that cannot hide its cursor shows it
            curses.curs_set(0)
        curses.mousemask(_CLICK)
        curses.mouseinterval(0)
        self.heed_ending()  # a signal that came while curses started
        return window

    def stop(self) -> None:
        """Give the terminal back exactly as it was; safe to call more than once.

        A Ctrl-C meanwhile is only noted (:meth:`_on_interrupt`).  The terminal
        is marked given back only once it is, so that anything else that cuts
        this short still leaves the caller's ``finally`` to finish it."""
        if not self.started:
            return
        try:  # with no window yet, ``initscr`` may still have taken the terminal: endwin gives it back
            curses.mousemask(0)
            if self.window is not None:
                self.window.keypad(False)
            curses.nocbreak()
            curses.echo()
            curses.endwin()
        except curses.error:
            pass  # the terminal is gone (hang-up): nothing left to restore
        self.window = None
        self.started = False

    def loop(self, window: curses.window) -> None:
        app = self.app
        painter = Painter(window, ascii=self.ascii, color=start_colour(self.color))
        height, width = window.getmaxyx()
        app.handle(Resize(width, height))
        painter.paint(app)
        idle_too_soon = 0
        while app.running:
            wait_ms = max(1, int(app.tick_seconds * 1000))  # read each time: background work may change it
            started = time.monotonic()
            events = _read(window, wait_ms)  # a signal cuts the wait short
            self.heed_ending()
            self.heed_stop()
            if events or self.resumed or time.monotonic() - started > wait_ms / 4000:
                idle_too_soon = 0  # a Ctrl-Z that stopped nothing also cuts it short: the terminal is there
            else:
                # "No key" without waiting: input has hit end of file, the terminal is gone.
                idle_too_soon += 1
                if idle_too_soon > GONE_AFTER:
                    raise Terminated(getattr(signal, "SIGHUP", 1))
            if self.resumed:
                self.resumed = False
                self._after_resume(window)
                app.redraw_all = True
            for event in events:
                if event == CTRL_Z:
                    if self.no_suspend():
                        continue
                    event = Key.OTHER
                app.handle(event)
                self.heed_ending()
                if not app.running:
                    return
            if app.tick() or events or app.redraw_all:
                painter.paint(app)

    def _after_resume(self, window: curses.window) -> None:
        """Back from Ctrl-Z: the terminal may have changed size while we were stopped."""
        try:
            columns, rows = os.get_terminal_size(sys.__stdout__.fileno() if sys.__stdout__ else 1)
        except OSError:
            return
        if curses.is_term_resized(rows, columns):
            curses.resizeterm(rows, columns)
        window.clearok(True)


def run(app: App, *, ascii: bool = False, color: bool = True) -> int:
    """Play ``app`` in the terminal until the player quits; returns the exit status."""
    terminal = Terminal(app, ascii=ascii, color=color)
    terminal.install_signals()
    try:
        window = terminal.start()
        terminal.loop(window)
        return 0
    except KeyboardInterrupt:
        terminal.stop()
        return INTERRUPTED
    except Terminated as stop:
        terminal.stop()
        return stop.status
    except Exception as exc:
        terminal.stop()
        report = write_crash_report(app, exc)
        for line in crashed(type(exc).__name__, exc, report):
            print(f"foursquare: {line}", file=sys.stderr)
        return 1
    finally:
        terminal.stop()
        terminal.restore_signals()


def write_crash_report(app: App, exc: BaseException) -> str:
    """Write what is needed to look into ``exc`` (the game included) to a temporary file; returns its path.

    What only a crash report needs is imported here, not by every start of the game.
    """
    import json
    import platform
    import tempfile
    import traceback

    lines = [
        f"foursquare {__version__} crash report",
        f"python {sys.version.split()[0]} on {platform.platform()}",
        f"TERM={os.environ.get('TERM', '')!r}, size {app.width}x{app.height}, mode {app.mode.value}",
        "",
        "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)),
    ]
    try:
        lines += ["game record:", json.dumps(app.game.to_record())]
    except Exception as inner:  # the report must be written even if the game is what broke
        lines += [f"game record unavailable: {inner!r}"]
    fd, path = tempfile.mkstemp(prefix="foursquare-crash-", suffix=".txt")
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")
    return path
