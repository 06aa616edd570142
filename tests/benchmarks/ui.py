"""Game screen speed: handling a key and redrawing, and starting up to the first frame.

Run ``python -m tests.benchmarks.ui``.  A benchmark, not a test: it prints
figures to compare before and after a change.  Both measurements run the real
curses code in a pseudo-terminal of 80×24 (``TERM=xterm``), so they include
writing every frame to a terminal:

* per key: a scripted session of play (cursor moves, placements, undo, redo,
  help, new deals) fed to the game one key at a time, with the preview and
  the cards still to come on (so every cursor move works out a preview),
  once with the outcomes of every cell shown (``o``, the default: every
  position works out a preview of each legal cell) and once without; each
  key is timed from handling it to the frame reaching the terminal;
* saving: placements and undos handled as the game handles them, each saved
  to a temporary data folder (written whole and flushed to the disk) before
  the frame is composed; this depends on the disk more than on the code;
* start-up: ``foursquare --seed 1`` started afresh in a pty, with an empty
  data folder of its own (a first start: nothing to resume), timed until the
  last row of its first frame has been written.
"""

from __future__ import annotations

import argparse
import json
import os
import pty
import random
import select
import sys
import tempfile
import time
from pathlib import Path

from foursquare.engine import Game
from foursquare.screen.app import App, Settings
from foursquare.screen.keys import Input, Key
from foursquare.screen.render import render

from ..helpers import session_on
from . import figures

WIDTH, HEIGHT = 80, 24
FIRST_FRAME_END = b"to begin"
"""The end of the message line: the last row of the first frame to be written."""


def script(keys: int, seed: int = 0) -> list[Input]:
    """A realistic run of ``keys`` keys: walk to a legal cell and place, sometimes undo, redo or look at help."""
    rng = random.Random(seed)
    game = Game.deal(1)
    cursor = (0, 0)
    out: list[Input] = []
    while len(out) < keys:
        if game.is_over:
            out.append("n")
            game = Game.deal(len(out))
            cursor = (0, 0)
            continue
        roll = rng.random()
        if roll < 0.05 and game.placed_count:
            out += ["u", "r"]
            continue
        if roll < 0.07:
            out += ["?", Key.DOWN, "x"]
            continue
        target = rng.choice(game.legal_moves())
        (r0, c0), (r1, c1) = cursor, target
        out += [Key.DOWN if r1 > r0 else Key.UP] * abs(r1 - r0)
        out += [Key.RIGHT if c1 > c0 else Key.LEFT] * abs(c1 - c0)
        out.append(Key.ENTER)
        game.play(target)
        cursor = target
    return out[:keys]


NAME_WIDTH = 44


def _summary(name: str, seconds: list[float]) -> str:
    """A line of this benchmark's table (see :func:`figures.row`): keys are judged by their 99th percentile."""
    return figures.row(name, seconds, NAME_WIDTH, decimals=3, percentile=99)


def drain(fd: int, until: float, stop: bytes | None = None) -> tuple[bytes, bool]:
    """Read what a pty writes until the deadline, EOF or ``stop`` seen; returns (data, saw stop)."""
    data = b""
    while time.perf_counter() < until:
        ready, _, _ = select.select([fd], [], [], max(0.0, until - time.perf_counter()))
        if not ready:
            break
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break  # EIO: the other side closed
        if not chunk:
            break
        data += chunk
        if stop is not None and stop in data[-(len(chunk) + len(stop)) :]:
            return data, True
    return data, False


def set_size(fd: int) -> None:
    import fcntl
    import struct
    import termios

    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", HEIGHT, WIDTH, 0, 0))


def per_key(keys: int, outcomes: bool = True) -> tuple[list[float], list[float]]:
    """Seconds per key: (handle + compose only, handle + compose + paint through curses into a pty).

    ``outcomes``: every legal cell shows what the next card would do there (``o``).
    """
    events = script(keys)
    app = _app(outcomes)
    pure = []
    for event in events:
        app.session.answer_help(True)  # yes, once a game, to the question before the first take-back
        start = time.perf_counter()
        app.handle(event)
        render(app, WIDTH, HEIGHT)
        pure.append(time.perf_counter() - start)

    results_r, results_w = os.pipe()
    pid, master = pty.fork()
    if pid == 0:  # the child: curses on the pty, timings down the pipe
        os.close(results_r)
        os.environ["TERM"] = "xterm"
        set_size(sys.stdout.fileno())
        os.write(results_w, json.dumps(_painted(events, outcomes)).encode())
        os._exit(0)
    os.close(results_w)
    set_size(master)
    while drain(master, time.perf_counter() + 0.2)[0]:
        pass  # keep the pty drained so the child never blocks writing frames
    os.waitpid(pid, 0)
    with os.fdopen(results_r, "rb") as pipe:
        painted: list[float] = json.loads(pipe.read() or b"[]")
    os.close(master)
    return pure, painted


def _app(outcomes: bool) -> App:
    settings = Settings(preview=True, to_come=True, outcomes=outcomes)
    return App(session_on(Game.deal(1), list(range(2, 10**4))), width=WIDTH, height=HEIGHT, settings=settings)


def _painted(events: list[Input], outcomes: bool) -> list[float]:
    from foursquare.screen import tui  # only the child needs curses

    app = _app(outcomes)
    terminal = tui.Terminal(app, ascii=False, color=True)
    window = terminal.start()
    times = []
    try:
        painter = tui.Painter(window, ascii=False, color=tui.start_colour(True))
        painter.paint(app)
        for event in events:
            app.session.answer_help(True)
            start = time.perf_counter()
            app.handle(event)
            painter.paint(app)
            times.append(time.perf_counter() - start)
    finally:
        terminal.stop()
    return times


def saving(keys: int) -> list[float]:
    """Seconds per placement or undo, saved as in play (fsync included), plus composing the frame."""
    from foursquare.session.game import GameSession  # the saving game, as foursquare plays it

    times = []
    with tempfile.TemporaryDirectory(prefix="foursquare-bench-") as home:
        session, _ = GameSession.open(Path(home), seed=1)
        app = App(session, width=WIDTH, height=HEIGHT)
        for n in range(keys):
            if app.game.is_over:
                app.handle("n")
            app.session.answer_help(True)
            if n % 5 == 4:
                event: Input = "u"
            else:
                app.cursor = app.game.legal_moves()[0]
                event = Key.ENTER
            start = time.perf_counter()
            app.handle(event)
            render(app, WIDTH, HEIGHT)
            times.append(time.perf_counter() - start)
    return times


def _command() -> list[str]:
    script_path = Path(sys.executable).with_name("foursquare")
    return [str(script_path)] if script_path.exists() else [sys.executable, "-m", "foursquare"]


def first_frame(runs: int, home: Path | None = None) -> list[float]:
    """Seconds from starting ``foursquare --seed 1`` in a pty to its first full frame.

    Each run has an empty data folder of its own, unless ``home`` names the one to use.
    """
    cmd = [*_command(), "--seed", "1"]
    env = {**os.environ, "TERM": "xterm", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}
    for name in ("LINES", "COLUMNS"):
        env.pop(name, None)
    times = []
    for _ in range(runs):
        fresh = tempfile.TemporaryDirectory(prefix="foursquare-bench-")
        env["FOURSQUARE_HOME"] = str(home) if home is not None else fresh.name  # never the player's own
        start = time.perf_counter()
        pid, master = pty.fork()
        if pid == 0:
            set_size(sys.stdout.fileno())
            os.execvpe(cmd[0], cmd, env)
        set_size(master)
        _, seen = drain(master, start + 10, FIRST_FRAME_END)
        elapsed = time.perf_counter() - start
        os.write(master, b"q")
        drain(master, time.perf_counter() + 5)
        os.waitpid(pid, 0)
        os.close(master)
        fresh.cleanup()
        if not seen:
            raise SystemExit("the game did not draw its first frame within 10 s")
        times.append(elapsed)
    return times


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.benchmarks.ui", description=__doc__.split("\n")[0])
    parser.add_argument("--keys", type=int, default=2000, help="keys in the scripted session (default 2000)")
    parser.add_argument("--saves", type=int, default=200, help="placements and undos saved (default 200)")
    parser.add_argument("--starts", type=int, default=10, help="start-ups to time (default 10)")
    args = parser.parse_args(argv)
    print(f"game screen, {WIDTH}x{HEIGHT}, TERM=xterm, preview and cards to come on, Python {sys.version.split()[0]}")
    print(figures.header(NAME_WIDTH, percentile=99))
    for outcomes in (True, False):
        pure, painted = per_key(args.keys, outcomes)
        shown = "on" if outcomes else "off"
        print(_summary(f"key, outcomes {shown}: handle + compose frame", pure))
        print(_summary(f"key, outcomes {shown}: + paint via curses", painted))
    print(_summary("key that saves: handle + save + compose", saving(args.saves)))
    print(_summary("start-up to first full frame", first_frame(args.starts)))
    print("targets: under 2 ms per key (median), under 150 ms to the first frame")


if __name__ == "__main__":
    main()
