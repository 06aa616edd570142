"""The terminal layer's own decisions, without a terminal: what it makes of keys, and of PDCurses (Windows)."""

from __future__ import annotations

import curses
import signal
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers import screen_for

from foursquare.screen import tui
from foursquare.screen.keys import Key, Resize
from foursquare.screen.play import Request
from foursquare.words.screen import cannot_suspend, not_a_console


class Window:
    """A curses window of a fixed size, as far as the translation of keys asks it."""

    def getmaxyx(self) -> tuple[int, int]:
        return 24, 80


def test_a_resize_under_pdcurses_asks_the_console_its_size(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[tuple[int, int]] = []
    monkeypatch.setattr(tui, "PDCURSES", True)
    monkeypatch.setattr(curses, "resize_term", lambda rows, columns: asked.append((rows, columns)), raising=False)
    assert tui.translate(Window(), curses.KEY_RESIZE) == Resize(80, 24)  # type: ignore[arg-type]
    assert asked == [(0, 0)]


def test_a_resize_under_ncurses_is_taken_as_ncurses_found_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tui, "PDCURSES", False)
    monkeypatch.setattr(curses, "resize_term", lambda rows, columns: pytest.fail("ncurses sizes itself"), raising=False)
    assert tui.translate(Window(), curses.KEY_RESIZE) == Resize(80, 24)  # type: ignore[arg-type]


def test_ctrl_c_passed_on_as_a_key_quits_as_the_signal_does() -> None:
    with pytest.raises(KeyboardInterrupt):
        tui.translate(Window(), "\x03")  # type: ignore[arg-type]


def test_ctrl_z_where_nothing_suspends_is_said_once_then_does_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delattr(signal, "SIGTSTP", raising=False)
    assert tui.translate(Window(), "\x1a") == tui.CTRL_Z  # type: ignore[arg-type]
    app = screen_for(tmp_path, Request(seed=5))
    terminal = tui.Terminal(app, ascii=False, color=False)
    assert terminal.no_suspend() is True
    assert app.message is not None and app.message.plain() == cannot_suspend()[0]
    assert terminal.no_suspend() is False  # from then on, a key that does nothing, as any other


@pytest.mark.skipif(not hasattr(signal, "SIGTSTP"), reason="Windows has no SIGTSTP: Ctrl-Z is a key there")
def test_ctrl_z_where_it_suspends_is_left_to_the_signal() -> None:
    assert tui.translate(Window(), "\x1a") == Key.OTHER  # type: ignore[arg-type]


def test_pdcurses_is_asked_for_a_console_not_a_terminal_type(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tui, "PDCURSES", True)
    monkeypatch.setenv("TERM", "")  # terminfo's terms mean nothing to PDCurses
    monkeypatch.setattr(tui, "in_a_console", lambda: False)
    assert tui.terminal_problem() == not_a_console()
    monkeypatch.setattr(tui, "in_a_console", lambda: True)
    assert tui.terminal_problem() is None


def test_keypad_keys_under_pdcurses_are_the_keys_they_show() -> None:
    if not tui.PDCURSES:
        pytest.skip("the keypad's own key codes are PDCurses' (windows-curses)")
    codes = {name: getattr(curses, name) for name in ("KEY_A2", "KEY_C2", "KEY_B1", "KEY_B3", "PADENTER", "PADSLASH")}
    shown = [tui.translate(Window(), code) for code in codes.values()]  # type: ignore[arg-type]
    assert shown == [Key.UP, Key.DOWN, Key.LEFT, Key.RIGHT, Key.ENTER, "/"]


def test_every_ending_signal_this_system_has_is_taken_and_the_others_are_skipped(tmp_path: Path) -> None:
    terminal = tui.Terminal(screen_for(tmp_path, Request(seed=5)), ascii=False, color=False)
    here = [getattr(signal, name) for name in tui.ENDING_SIGNALS if hasattr(signal, name)]
    here = [signum for signum in here if signal.getsignal(signum) != signal.SIG_IGN]  # one ignored stays so
    terminal.install_signals()
    try:
        assert here and all(signum in terminal.saved_handlers for signum in here)
        assert (getattr(signal, "SIGBREAK", None) in terminal.saved_handlers) is (sys.platform == "win32")
    finally:
        terminal.restore_signals()


class TakenTerminal:
    """curses as far as starting and stopping goes: ``initscr`` takes the terminal (cbreak, no echo, as ncurses'
    does) and then ``during`` runs, as a signal would that lands before the window reaches the game; ``before``
    runs first, as a signal would that lands just before curses starts."""

    def __init__(
        self, monkeypatch: pytest.MonkeyPatch, during: Callable[[], None], before: Callable[[], None] = lambda: None
    ) -> None:
        self.taken = False
        self.during = during
        self.before = before
        monkeypatch.setattr(curses, "initscr", self.initscr)
        monkeypatch.setattr(curses, "endwin", self.endwin)
        for name in ("noecho", "cbreak", "nocbreak", "echo", "curs_set", "mouseinterval", "set_escdelay"):
            monkeypatch.setattr(curses, name, lambda *args: None, raising=False)
        monkeypatch.setattr(curses, "mousemask", lambda mask: (mask, 0))

    def initscr(self) -> Window:
        self.before()
        self.taken = True
        self.during()
        return KeypadWindow()

    def endwin(self) -> None:
        if not self.taken:
            raise curses.error("must call initscr() first")  # as curses' own says before it starts
        self.taken = False


class KeypadWindow(Window):
    def keypad(self, flag: bool) -> None:
        pass


def interrupt() -> None:
    raise KeyboardInterrupt


@pytest.mark.parametrize(
    ("during", "status"),
    [(interrupt, 130), (lambda: signal.raise_signal(signal.SIGTERM), 128 + signal.SIGTERM)],
    ids=["ctrl-c", "sigterm"],
)
def test_a_signal_while_curses_starts_still_gives_the_terminal_back(
    during: Callable[[], None], status: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = TakenTerminal(monkeypatch, during)
    assert tui.run(screen_for(tmp_path, Request(seed=5))) == status
    assert not fake.taken, "the terminal was left as curses had set it"


def test_a_second_ctrl_c_while_the_terminal_is_given_back_still_gives_it_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = TakenTerminal(monkeypatch, interrupt)
    cut_short = iter([True])

    def nocbreak() -> None:  # the first time, stop() is cut short here (a Ctrl-C is only noted: something else)
        if next(cut_short, False):
            raise KeyboardInterrupt

    monkeypatch.setattr(curses, "nocbreak", nocbreak)
    with pytest.raises(KeyboardInterrupt):
        tui.run(screen_for(tmp_path, Request(seed=5)))
    assert not fake.taken, "the terminal was left as curses had set it"


@pytest.mark.skipif(not hasattr(signal, "SIGTSTP"), reason="Windows has no SIGTSTP: Ctrl-Z is a key there")
def test_a_ctrl_z_just_before_curses_starts_is_no_crash(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ctrl_z = signal.raise_signal  # the real one: its handler runs before it returns
    monkeypatch.setattr(signal, "raise_signal", lambda signum: None)  # were the handler to stop at once, not the tests
    TakenTerminal(monkeypatch, interrupt, before=lambda: ctrl_z(signal.SIGTSTP))
    assert tui.run(screen_for(tmp_path, Request(seed=5))) == 130  # the Ctrl-C after it, not a crash (status 1)


@pytest.mark.skipif(not hasattr(signal, "SIGTSTP"), reason="Windows has no SIGTSTP: Ctrl-Z is a key there")
def test_ctrl_z_that_come_together_or_while_the_game_stops_are_one_stop(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if signal.getsignal(signal.SIGTSTP) == signal.SIG_IGN:
        pytest.skip("Ctrl-Z's signal is ignored where the tests run, and so in the game")
    ctrl_z = signal.raise_signal  # the real one: its handler runs before it returns
    stops: list[int] = []
    monkeypatch.setattr(signal, "raise_signal", stops.append)  # the game's own stop: counted, and dropped
    TakenTerminal(monkeypatch, lambda: None)
    while_stopping = iter([True])

    def endwin() -> None:
        if next(while_stopping, False):
            ctrl_z(signal.SIGTSTP)  # one more, while the terminal is given back

    monkeypatch.setattr(curses, "endwin", endwin)
    app = screen_for(tmp_path, Request(seed=5))
    terminal = tui.Terminal(app, ascii=False, color=False)
    terminal.install_signals()
    try:
        terminal.start()
        ctrl_z(signal.SIGTSTP)
        ctrl_z(signal.SIGTSTP)  # two together, as a key held down sends them
        terminal.heed_stop()
        terminal.heed_stop()  # the loop's next turn
    finally:
        terminal.restore_signals()
    assert stops == [signal.SIGTSTP]
    assert app.message is not None and app.message.plain() == cannot_suspend()[0]  # no shell took the stop


def test_ctrl_c_in_the_game_is_noted_for_the_loop_and_never_lands_halfway(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    TakenTerminal(monkeypatch, lambda: None)
    terminal = tui.Terminal(screen_for(tmp_path, Request(seed=5)), ascii=False, color=False)
    terminal.install_signals()
    try:
        terminal.start()
        signal.raise_signal(signal.SIGINT)  # Python's own Ctrl-C would raise here, wherever the game was
        signal.raise_signal(signal.SIGINT)  # and again, pressed in a hurry
        with pytest.raises(KeyboardInterrupt):
            terminal.heed_ending()  # the loop's next turn, where nothing is half done
        terminal.stop()
        with pytest.raises(KeyboardInterrupt):  # the terminal given back: Python's own again
            signal.raise_signal(signal.SIGINT)
    finally:
        terminal.restore_signals()
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_ctrl_c_while_the_terminal_is_given_back_is_let_go(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake = TakenTerminal(monkeypatch, interrupt)
    ctrl_c = iter([True])

    def nocbreak() -> None:  # Ctrl-C pressed again while the terminal is given back
        if next(ctrl_c, False):
            signal.raise_signal(signal.SIGINT)

    monkeypatch.setattr(curses, "nocbreak", nocbreak)
    try:
        status = tui.run(screen_for(tmp_path, Request(seed=5)))
    except KeyboardInterrupt:
        pytest.fail("the second Ctrl-C cut the ending short")
    assert status == 130  # the first Ctrl-C's
    assert not fake.taken, "the terminal was left as curses had set it"
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # Python's own Ctrl-C, back after it
